package report

// List is names, each verbatim, joined as a list is joined in the
// report's language: "a, b and c" (list.item, list.comma, list.and).
// Every list of names a message holds (check names, files, command lines)
// is made here or by CommaList, so that each language joins them one way.
func List(names []string) Message {
	return joinNames(names, "list.and")
}

// CommaList is names, each verbatim, joined by commas alone, "a, b, c":
// the start of a list that a message ends ("a, b and 3 more").
func CommaList(names []string) Message {
	return joinNames(names, "list.comma")
}

// joinNames joins names by list.comma, the last two by last.
func joinNames(names []string, last string) Message {
	if len(names) == 0 {
		return Say("list.item", Verbatim("name", ""))
	}
	m := Say("list.item", Verbatim("name", names[0]))
	for i, name := range names[1:] {
		id := "list.comma"
		if i == len(names)-2 {
			id = last
		}
		m = Say(id, Nested("first", m), Verbatim("then", name))
	}
	return m
}
