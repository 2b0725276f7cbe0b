package render

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// schemaRead is what testdata/consumers/json-schema.mjs prints of a file:
// ajv's verdict.
type schemaRead struct {
	File   string
	Valid  bool
	Errors []map[string]any
}

// validate validates each file against the JSON Schema docs/SCHEMA with
// npm's ajv (draft 2020-12, strict), and returns the verdicts by path.
func validate(t *testing.T, schema string, files []string) map[string]schemaRead {
	t.Helper()
	script := needNodePackage(t, "ajv", "json-schema.mjs")
	stdout, stderr, err := run(t, nil, "node", append([]string{script, filepath.Join("..", "..", "docs", schema)}, files...)...)
	if err != nil {
		t.Fatalf("json-schema.mjs %s: %v\n%s", schema, err, stderr)
	}
	return jsonLines(t, stdout, func(s schemaRead) string { return s.File })
}

// TestJSONSchema validates every fixture's JSON report against
// docs/report.schema.json, which describes every field and allows no
// other: a field the renderer writes and the schema does not document fails
// it, and so does a value of the wrong kind.
func TestJSONSchema(t *testing.T) {
	files := renderFiles(t, renderJSON, "json")
	got := validate(t, "report.schema.json", paths(files))
	for _, f := range files {
		if v, ok := got[f.path]; !ok || !v.Valid {
			t.Errorf("%s: the JSON report does not follow docs/report.schema.json: %v", f.name, v.Errors)
		}
	}
}

// TestJSONSchemaRejects makes sure the schema can fail: a report with a
// field it does not describe, and one without its version, are invalid.
func TestJSONSchemaRejects(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for name, change := range map[string]func(map[string]any){
		"undocumented": func(m map[string]any) { m["checks"].([]any)[0].(map[string]any)["secret"] = 1 },
		"unversioned":  func(m map[string]any) { delete(m, "version") },
	} {
		var doc map[string]any
		data, _ := json.Marshal(toJSON(mixedReport()))
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatal(err)
		}
		change(doc)
		data, _ = json.Marshal(doc)
		path := filepath.Join(dir, name+".json")
		if err := os.WriteFile(path, data, 0o666); err != nil {
			t.Fatal(err)
		}
		files = append(files, path)
	}
	for path, v := range validate(t, "report.schema.json", files) {
		if v.Valid {
			t.Errorf("%s: docs/report.schema.json accepted it", filepath.Base(path))
		}
	}
}

// TestGradescopeSchema validates every fixture's results.json against
// docs/gradescope-results.schema.json, Gradescope's documented fields.
func TestGradescopeSchema(t *testing.T) {
	files := renderFiles(t, renderGradescope, "json")
	got := validate(t, "gradescope-results.schema.json", paths(files))
	for _, f := range files {
		if v, ok := got[f.path]; !ok || !v.Valid {
			t.Errorf("%s: results.json does not follow docs/gradescope-results.schema.json: %v", f.name, v.Errors)
		}
	}
}

// TestPrairieLearnSchema validates every fixture's results.json against
// docs/prairielearn-results.schema.json, PrairieLearn's documented fields.
func TestPrairieLearnSchema(t *testing.T) {
	files := renderFiles(t, renderPrairieLearn, "json")
	got := validate(t, "prairielearn-results.schema.json", paths(files))
	for _, f := range files {
		if v, ok := got[f.path]; !ok || !v.Valid {
			t.Errorf("%s: results.json does not follow docs/prairielearn-results.schema.json: %v", f.name, v.Errors)
		}
	}
}

// TestPrairieLearnSchemaRejects makes sure the schema can fail: a score
// in points rather than from 0 to 1, a field PrairieLearn does not
// document, and format_errors on a gradable submission are invalid.
func TestPrairieLearnSchemaRejects(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for name, doc := range map[string]string{
		"points":     `{"gradable": true, "score": 30, "tests": []}`,
		"unknown":    `{"gradable": true, "score": 0.5, "tests": [], "grade": 1}`,
		"errors-too": `{"gradable": true, "score": 0.5, "tests": [], "format_errors": ["x"]}`,
	} {
		path := filepath.Join(dir, name+".json")
		if err := os.WriteFile(path, []byte(doc), 0o666); err != nil {
			t.Fatal(err)
		}
		files = append(files, path)
	}
	for path, v := range validate(t, "prairielearn-results.schema.json", files) {
		if v.Valid {
			t.Errorf("%s: docs/prairielearn-results.schema.json accepted it", filepath.Base(path))
		}
	}
}
