package cli

import (
	"strings"

	"github.com/boardcheck/boardcheck/grader/report"
)

// exerciseID is the first operand of most commands.
var exerciseID = operand{"exercise ID", "the exercise ID", "ID", "cli.operand.one_exercise_id", "cli.operand.the_exercise_id"}

// submissionOperand is check's second.
var submissionOperand = operand{"submission", "the submission", "SUBMISSION", "cli.operand.one_submission", "cli.operand.the_submission"}

// operand is one positional argument a command wants.
type operand struct {
	name        string // for "want one exercise ID"
	missing     string // for "missing the exercise ID"
	placeholder string // in the usage line: "ID"
	// one and the are the catalog's "one exercise ID" and "the exercise
	// ID", for a command that says its errors in the student's language
	// (check, show); "" for the others, which say them in English.
	one, the string
}

// operands are a command's positional arguments, every one required, and
// the usage line around them, so that every command words the same three
// mistakes the same way: none given, some missing, too many.
type operands struct {
	cmd    string // the command's name: "check"
	before string // the usage line before the operands: "grader check [flags]"
	after  string // and after them, "" for nothing: "--out OUTDIR"
	// listHint ends the usage line with "(grader list shows them)", in
	// the student's language.
	listHint bool
	list     []operand
}

// said says the mistake as data, when every operand has its messages.
func (o operands) said() bool {
	for _, op := range o.list {
		if op.one == "" || op.the == "" {
			return false
		}
	}
	return o.after == ""
}

// and joins messages as "a and b and c".
func and(ms []report.Message) report.Message {
	m := ms[len(ms)-1]
	for i := len(ms) - 2; i >= 0; i-- {
		m = say("cli.and", report.Nested("first", ms[i]), report.Nested("then", m))
	}
	return m
}

// check returns a usage error unless pos holds exactly the operands. When
// some are missing, the usage line shows the ones given in their places.
func (o operands) check(pos []string) error {
	if len(pos) > len(o.list) {
		var want []string
		for _, op := range o.list {
			want = append(want, "one "+op.name)
		}
		err := usageErrorf("%s: want %s, got %d arguments: %s", o.cmd, strings.Join(want, " and "), len(pos), strings.Join(pos, " "))
		if o.said() {
			var ms []report.Message
			for _, op := range o.list {
				ms = append(ms, say(op.one))
			}
			err = usageSay(inCommand(o.cmd, say("cli.operands.too_many", report.Nested("want", and(ms)),
				report.Int("count", len(pos)), report.Verbatim("args", strings.Join(pos, " ")))))
		}
		return err
	}
	if len(pos) == len(o.list) {
		return nil
	}
	var missing []string
	var missingSaid []report.Message
	usage := []string{o.before}
	for i, op := range o.list {
		if i < len(pos) {
			usage = append(usage, pos[i])
		} else {
			usage = append(usage, op.placeholder)
			missing = append(missing, op.missing)
			missingSaid = append(missingSaid, say(op.the))
		}
	}
	if o.after != "" {
		usage = append(usage, o.after)
	}
	if !o.said() {
		if o.listHint {
			usage = append(usage, "(grader list shows them)")
		}
		after := ""
		if len(pos) > 0 {
			after = " after " + pos[len(pos)-1]
		}
		return usageErrorf("%s: missing %s%s: want %s", o.cmd, strings.Join(missing, " and "), after, strings.Join(usage, " "))
	}
	// The usage line is a command line, the manual's (its ID and
	// SUBMISSION too, as "grader help" says them): verbatim.
	line := report.Verbatim("usage", strings.Join(usage, " "))
	if o.listHint {
		line = report.Nested("usage", say("cli.usage.list_hint", line, report.Verbatim("command", "grader list")))
	}
	what := report.Nested("what", and(missingSaid))
	if len(pos) > 0 {
		return usageSay(inCommand(o.cmd, say("cli.operands.missing_after", what, report.Verbatim("last", pos[len(pos)-1]), line)))
	}
	return usageSay(inCommand(o.cmd, say("cli.operands.missing", what, line)))
}
