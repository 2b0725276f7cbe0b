package report

// Message is something the grader says to a student, as data: an identifier
// ("queens.attack") and named arguments (the line, the pieces, the counts).
// It carries no words: a renderer says it in the report's language, from
// that language's catalog (package grader/i18n), and the English text is
// the English catalog's, not a special case. A platform or a script keys on
// ID whatever the language; JSON reports carry the ID and the arguments
// beside the text they rendered.
type Message struct {
	ID   string
	Args []Arg
}

// Say returns the message id with args.
func Say(id string, args ...Arg) Message { return Message{ID: id, Args: args} }

// Arg returns the argument called name, and whether there is one.
func (m Message) Arg(name string) (Arg, bool) {
	for _, a := range m.Args {
		if a.Name == name {
			return a, true
		}
	}
	return Arg{}, false
}

// Plain is m with its verbatim arguments as text, nested messages' too:
// what a message said into a string that no renderer escapes (a hint, kept
// as a string beside its message) says, with no isolates around them.
func (m Message) Plain() Message {
	args := make([]Arg, len(m.Args))
	for i, a := range m.Args {
		switch a.Kind {
		case ArgVerbatim:
			a = Text(a.Name, a.Text)
		case ArgMessage:
			if a.Msg != nil {
				a = Nested(a.Name, a.Msg.Plain())
			}
		}
		args[i] = a
	}
	return Message{ID: m.ID, Args: args}
}

// ArgKind is what an argument holds, which decides how a renderer shows it.
type ArgKind string

const (
	// ArgInt is a number: a line, a row, a count. A message's plural form
	// follows its argument called "count".
	ArgInt ArgKind = "int"
	// ArgText is words already in the report's language: a check's title,
	// an exercise's hint. Shown as they are.
	ArgText ArgKind = "text"
	// ArgVerbatim is what is never translated and must stay byte-exact:
	// an exercise's expected text ("Usage: nqueens N"), a program's own
	// output, a command line, a file name, a check's name. In
	// right-to-left text a renderer wraps it in Unicode isolates (FSI ...
	// PDI), so that "nqueens 4" inside an Arabic sentence keeps its order.
	ArgVerbatim ArgKind = "verbatim"
	// ArgMessage is another message, said in the same language: a reason
	// inside a sentence.
	ArgMessage ArgKind = "message"
)

// Arg is one named argument of a Message. Exactly one of Int, Text and Msg
// is meaningful, as Kind says.
type Arg struct {
	Name string
	Kind ArgKind
	Int  int64
	Text string // ArgText and ArgVerbatim
	Msg  *Message
}

// Int is a number argument.
func Int(name string, n int) Arg { return Arg{Name: name, Kind: ArgInt, Int: int64(n)} }

// Int64 is a number argument too large for an int on every machine (a
// count of solutions).
func Int64(name string, n int64) Arg { return Arg{Name: name, Kind: ArgInt, Int: n} }

// Text is an argument of words in the report's language.
func Text(name, s string) Arg { return Arg{Name: name, Kind: ArgText, Text: s} }

// Verbatim is an argument that must never be translated (see ArgVerbatim).
func Verbatim(name, s string) Arg { return Arg{Name: name, Kind: ArgVerbatim, Text: s} }

// Nested is an argument that is a message of its own.
func Nested(name string, m Message) Arg { return Arg{Name: name, Kind: ArgMessage, Msg: &m} }
