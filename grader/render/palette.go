package render

import "github.com/fatih/color"

// palette holds the styles of one rendering. Each style is switched on or off
// explicitly, so nothing depends on fatih/color's global NoColor: that global
// is read from the process's own stdout and environment, which is wrong for a
// report written to a file, and racy when tests render in parallel.
type palette struct {
	pass, fail, skip, broken *color.Color // the four verdicts
	del, add                 *color.Color // diff: expected, actual
	attack, between          *color.Color // pictures: the fault and its path
	hint, dim, bold, escape  *color.Color
}

func newPalette(on bool) palette {
	mk := func(attrs ...color.Attribute) *color.Color {
		c := color.New(attrs...)
		if on {
			c.EnableColor()
		} else {
			c.DisableColor()
		}
		return c
	}
	return palette{
		pass:    mk(color.FgGreen),
		fail:    mk(color.FgRed),
		skip:    mk(color.FgYellow),
		broken:  mk(color.FgMagenta),
		del:     mk(color.FgRed),
		add:     mk(color.FgGreen),
		attack:  mk(color.FgRed, color.Bold),
		between: mk(color.FgYellow, color.Bold),
		hint:    mk(color.FgCyan),
		dim:     mk(color.Faint),
		bold:    mk(color.Bold),
		escape:  mk(color.ReverseVideo),
	}
}
