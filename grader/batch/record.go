package batch

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/boardcheck/boardcheck/internal/atomicfile"
)

// RecordFile is the file, in a batch's output folder, that says what the
// folder is: which slices of which class it holds (--shard K/N; "1/1" for
// the whole class), of which exercise, graded by which grader. grader merge
// reads it to join exactly the slices of one class: none missing, none
// twice, none of another class, exercise or build. The students' reports
// are the record of their grades; this is the record of the class.
const RecordFile = "class.json"

// A Record is the content of RecordFile.
type Record struct {
	Version  int    `json:"version"` // 1
	Exercise string `json:"exercise"`
	// Shards are the slices of the class the folder holds, "K/N": one
	// for a batch, every slice for a merge.
	Shards []string `json:"shards"`
	// Class is every student of the class, sorted and spelt as the
	// reports spell them, whichever slices the folder holds: what tells
	// a class from another, and which slice each student is in.
	Class  []string     `json:"class"`
	Graded RecordGraded `json:"graded"`
}

// RecordGraded is what every report of the folder was graded with: the
// exercise's digest and the grader's build, as each report's graded has
// them.
type RecordGraded struct {
	Exercise string `json:"exercise"`
	Grader   string `json:"grader"`
}

const recordVersion = 1

func newRecord(exercise, exDigest, grader string, shard Shard, class []Student) Record {
	if shard.N == 0 {
		shard = Shard{1, 1}
	}
	r := Record{Version: recordVersion, Exercise: exercise, Shards: []string{shard.String()},
		Graded: RecordGraded{Exercise: exDigest, Grader: grader}, Class: []string{}}
	for _, s := range class {
		r.Class = append(r.Class, s.Name)
	}
	return r
}

func (r Record) write(out string) error {
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(filepath.Join(out, RecordFile), append(data, '\n'))
}

// ReadRecord reads the record of output folder dir.
func ReadRecord(dir string) (Record, error) {
	path := filepath.Join(dir, RecordFile)
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return Record{}, fmt.Errorf("%s has no %s, which says which slice of which class it holds: it was graded by an older grader; run its grader batch again", dir, RecordFile)
	}
	if err != nil {
		return Record{}, err
	}
	var r Record
	if err := json.Unmarshal(data, &r); err != nil {
		return Record{}, fmt.Errorf("%s: %w", path, err)
	}
	switch {
	case r.Version != recordVersion:
		return Record{}, fmt.Errorf("%s: version %d, which this grader does not read (it reads %d)", path, r.Version, recordVersion)
	case len(r.Shards) == 0 || r.Class == nil:
		return Record{}, fmt.Errorf("%s: no shards or no class", path)
	case !slices.IsSorted(r.Class):
		return Record{}, fmt.Errorf("%s: its class is not sorted", path)
	}
	for _, s := range r.Shards {
		if _, err := ParseShard(s); err != nil {
			return Record{}, fmt.Errorf("%s: shard %q: %w", path, s, err)
		}
	}
	return r, nil
}
