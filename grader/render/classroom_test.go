package render

import (
	"encoding/base64"
	"encoding/json"
	"strings"
)

// decodeClassroom reads what renderClassroom wrote, as the reporter does:
// base64, then JSON.
func decodeClassroom(out string) (map[string]any, error) {
	data, err := base64.StdEncoding.DecodeString(strings.TrimRight(out, "\n"))
	if err != nil {
		return nil, err
	}
	var doc map[string]any
	return doc, json.Unmarshal(data, &doc)
}
