package cli

import "strings"

// exerciseID is the first operand of most commands.
var exerciseID = operand{"exercise ID", "the exercise ID", "ID"}

// operand is one positional argument a command wants.
type operand struct {
	name        string // for "want one exercise ID"
	missing     string // for "missing the exercise ID"
	placeholder string // in the usage line: "ID"
}

// operands are a command's positional arguments, every one required, and
// the usage line around them, so that every command words the same three
// mistakes the same way: none given, some missing, too many.
type operands struct {
	cmd    string // the command's name: "check"
	before string // the usage line before the operands: "grader check [flags]"
	after  string // and after them, "" for nothing: "--out OUTDIR"
	list   []operand
}

// check returns a usage error unless pos holds exactly the operands. When
// some are missing, the usage line shows the ones given in their places.
func (o operands) check(pos []string) error {
	if len(pos) > len(o.list) {
		var want []string
		for _, op := range o.list {
			want = append(want, "one "+op.name)
		}
		return usageErrorf("%s: want %s, got %d arguments: %s", o.cmd, strings.Join(want, " and "), len(pos), strings.Join(pos, " "))
	}
	if len(pos) == len(o.list) {
		return nil
	}
	var missing []string
	usage := []string{o.before}
	for i, op := range o.list {
		if i < len(pos) {
			usage = append(usage, pos[i])
		} else {
			usage = append(usage, op.placeholder)
			missing = append(missing, op.missing)
		}
	}
	if o.after != "" {
		usage = append(usage, o.after)
	}
	after := ""
	if len(pos) > 0 {
		after = " after " + pos[len(pos)-1]
	}
	return usageErrorf("%s: missing %s%s: want %s", o.cmd, strings.Join(missing, " and "), after, strings.Join(usage, " "))
}
