package submission

import "sort"

// SourceExtensions returns the file extensions (".py", ".c", ...) that
// Prepare knows how to run, sorted: a folder holding one file with one of
// them holds a submission.
func SourceExtensions() []string {
	var exts []string
	for ext := range languages {
		exts = append(exts, ext)
	}
	sort.Strings(exts)
	return exts
}
