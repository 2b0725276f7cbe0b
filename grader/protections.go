package grader

import (
	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/grader/sandbox"
)

// withProtections sets what r's runs had of limits and isolation under
// limits: as data (ProtectionReasons), which a renderer says in the
// report's language, and in English words (Protections), which the JSON
// report keeps whatever the language, for a machine to read.
func withProtections(r *report.Report, limits sandbox.Limits) {
	ps := sandbox.Protections(limits)
	en := i18n.For(i18n.English)
	r.Protections = make([]string, len(ps))
	for i, p := range ps {
		r.Protections[i] = en.Say(p)
	}
	r.ProtectionReasons = ps
}
