package render

import (
	"sort"

	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/report"
)

// A check's message as data, in the JSON report: message_id and
// message_args beside message, the text said in the report's language, so
// that a platform or a script keys on "skip.needs" whatever the language
// (docs/report.schema.json's $defs/message_args).

// jsonArg is one argument: exactly one field is set, which says its kind.
type jsonArg struct {
	Int      *int64       `json:"int,omitempty"`
	Text     *string      `json:"text,omitempty"`
	Verbatim *string      `json:"verbatim,omitempty"`
	Message  *jsonMessage `json:"message,omitempty"`
}

type jsonMessage struct {
	ID   string             `json:"id"`
	Args map[string]jsonArg `json:"args,omitempty"`
}

func toJSONArgs(args []report.Arg) map[string]jsonArg {
	if len(args) == 0 {
		return nil
	}
	out := make(map[string]jsonArg, len(args))
	for _, a := range args {
		var j jsonArg
		switch a.Kind {
		case report.ArgInt:
			n := a.Int
			j.Int = &n
		case report.ArgVerbatim:
			s := a.Text
			j.Verbatim = &s
		case report.ArgMessage:
			if a.Msg != nil {
				j.Message = &jsonMessage{ID: a.Msg.ID, Args: toJSONArgs(a.Msg.Args)}
			}
		default:
			s := a.Text
			j.Text = &s
		}
		out[a.Name] = j
	}
	return out
}

func fromJSONArgs(args map[string]jsonArg) []report.Arg {
	names := make([]string, 0, len(args))
	for name := range args {
		names = append(names, name)
	}
	sort.Strings(names)
	var out []report.Arg
	for _, name := range names {
		j := args[name]
		switch {
		case j.Int != nil:
			out = append(out, report.Int64(name, *j.Int))
		case j.Verbatim != nil:
			out = append(out, report.Verbatim(name, *j.Verbatim))
		case j.Message != nil:
			out = append(out, report.Nested(name, report.Message{ID: j.Message.ID, Args: fromJSONArgs(j.Message.Args)}))
		case j.Text != nil:
			out = append(out, report.Text(name, *j.Text))
		}
	}
	return out
}

// checkText is the message of c as a report in lang says it: its Reason in
// that language, else its English Message.
func checkText(c report.CheckResult, lang string) string {
	if c.Reason != nil {
		return i18n.For(lang).Say(*c.Reason)
	}
	return c.Message
}
