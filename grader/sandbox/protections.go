package sandbox

import "github.com/boardcheck/boardcheck/grader/report"

// What the sandbox says of the limits and layers in force (Protections) is
// a list of report.Messages, sandbox.* in the grader's catalogs: it chooses
// no words, and a report's renderer says them in the student's language
// (package grader/i18n). What is the kernel's own name for a thing (cgroup,
// seccomp, Landlock, a file under /proc, a system call, a limit's value as
// the grader prints it) is a verbatim argument, never translated, and
// isolated inside right-to-left text.

// say is report.Say, shorter for the messages here.
func say(id string, args ...report.Arg) report.Message { return report.Say(id, args...) }

// code is a name of the kernel's, or a value, in a message: verbatim.
func code(name, s string) report.Arg { return report.Verbatim(name, s) }

// part is a message said inside another.
func part(name string, m report.Message) report.Arg { return report.Nested(name, m) }

// codes is names (verbatim) as a list: "null, zero and full".
func codes(names ...string) report.Message {
	items := make([]report.Message, len(names))
	for i, n := range names {
		items[i] = say("sandbox.code", code("code", n))
	}
	return joined("sandbox.list.and", items)
}

// nothing is an empty part of a message: a clause that does not apply.
func nothing() report.Message { return say("sandbox.code", code("code", "")) }

// joined joins items, "a, b" then last ("a, b and c", "a or b", "a; b",
// "a with b with c"), in the report's language; last is sandbox.list.and,
// .or, .then or .with (the last two join every item alike).
func joined(last string, items []report.Message) report.Message {
	if len(items) == 0 {
		return nothing()
	}
	m := items[0]
	for i, item := range items[1:] {
		id := "sandbox.list.comma"
		if last == "sandbox.list.then" || last == "sandbox.list.with" || i == len(items)-2 {
			id = last
		}
		m = say(id, part("first", m), part("then", item))
	}
	return m
}
