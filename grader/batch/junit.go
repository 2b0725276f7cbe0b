package batch

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/boardcheck/boardcheck/grader/render"
	"github.com/boardcheck/boardcheck/internal/atomicfile"
)

// ClassJUnit is the file, in the output folder, that holds the whole class
// as JUnit XML: one testsuite a student, named "EXERCISE: STUDENT", which a
// CI server's test report shows as one page. It is rendered from the
// students' JSON reports, the batch's record of the class, so a resumed run
// or a merge writes it for every student alike. Like them it is the
// instructor's: hidden checks are shown whole (render.JUnitClass).
const ClassJUnit = "junit.xml"

// WriteClassJUnit writes OUTDIR/junit.xml from the reports of rows, in the
// gradebook's order.
func WriteClassJUnit(outDir, exercise string, rows []Row) error {
	var class []render.ClassReport
	for _, row := range sortedRows(rows) {
		path := filepath.Join(outDir, ReportsDir, reportName(row.Student)+".json")
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rep, err := render.ReadJSON(data)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		class = append(class, render.ClassReport{Student: row.Student, Report: rep})
	}
	var buf bytes.Buffer
	if err := render.JUnitClass(&buf, exercise, class); err != nil {
		return err
	}
	return atomicfile.Write(filepath.Join(outDir, ClassJUnit), buf.Bytes())
}
