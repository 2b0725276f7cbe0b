package batch

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/boardcheck/boardcheck/internal/atomicfile"
)

// GradebookSheet is the gradebook as a spreadsheet, in the output folder
// beside gradebook.csv: the same table, for a person to open.
//
// A CSV file says nothing of what its cells are, and spreadsheets guess:
// LibreOffice Calc reads a CSV without a byte order mark in an 8-bit
// character set (josé as josÃ©) and, like Excel, turns the names 0042,
// 2024-01-02 and TRUE into a number, a date and a boolean. A byte order
// mark would fix the first alone, and would break the programs that read
// gradebook.csv by its header ("\ufeffstudent"). In an Office Open XML
// workbook each cell says what it is: every name is a text cell, scores
// are numbers, passed is a boolean, nothing is a formula, and the file is
// UTF-8 by definition. It is written with excelize (github.com/xuri/excelize),
// the Go library for the format, maintained since 2016 and read back by
// LibreOffice in consumer_libreoffice_test.go, rather than by hand:
// the format's parts and their relationships are easy to get subtly
// wrong, and a file Excel repairs on opening is worse than none.
const GradebookSheet = "gradebook.xlsx"

// sheetName is the name of the workbook's one sheet.
const sheetName = "gradebook"

// GradebookXLSX renders rows (in any order) as the gradebook workbook: the
// CSV's columns and rows, the header frozen and filterable.
func GradebookXLSX(rows []Row) ([]byte, error) {
	rows = sortedRows(rows)
	columns := checkColumns(rows)
	f := excelize.NewFile()
	defer f.Close()
	if err := f.SetSheetName("Sheet1", sheetName); err != nil {
		return nil, err
	}
	header := append(slices.Clone(GradebookHeader), columns...)
	var cells [][]any
	cells = append(cells, stringsToCells(header))
	for _, r := range rows {
		line := []any{r.Student, r.Score, r.MaxScore, r.Passed,
			strings.Join(r.FailedChecks, " "), strings.Join(r.SkippedChecks, " ")}
		for _, c := range columns {
			if n, ok := r.checkScore(c); ok {
				line = append(line, n)
			} else {
				line = append(line, nil)
			}
		}
		cells = append(cells, line)
	}
	for i, line := range cells {
		for j, v := range line {
			if v == nil || v == "" {
				continue // no cell: an empty text cell would read as one
			}
			cell, err := excelize.CoordinatesToCellName(j+1, i+1)
			if err != nil {
				return nil, err
			}
			// Each kind by its own setter: SetCellStr writes a text
			// cell whatever the string looks like.
			switch v := v.(type) {
			case string:
				err = f.SetCellStr(sheetName, cell, v)
			case int:
				err = f.SetCellInt(sheetName, cell, int64(v))
			case bool:
				err = f.SetCellBool(sheetName, cell, v)
			default:
				err = fmt.Errorf("a cell of type %T", v)
			}
			if err != nil {
				return nil, err
			}
		}
	}
	last, err := excelize.CoordinatesToCellName(len(header), len(cells))
	if err != nil {
		return nil, err
	}
	if err := f.AutoFilter(sheetName, "A1:"+last, nil); err != nil {
		return nil, err
	}
	if err := f.SetPanes(sheetName, &excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return nil, err
	}
	if err := f.SetColWidth(sheetName, "A", "A", 24); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if _, err := f.WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func stringsToCells(s []string) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}

// WriteGradebookXLSX writes OUTDIR/gradebook.xlsx whole.
func WriteGradebookXLSX(outDir string, rows []Row) error {
	data, err := GradebookXLSX(rows)
	if err != nil {
		return fmt.Errorf("writing %s: %w", filepath.Join(outDir, GradebookSheet), err)
	}
	return atomicfile.Write(filepath.Join(outDir, GradebookSheet), data)
}
