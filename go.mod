module github.com/boardcheck/boardcheck

go 1.26

require (
	github.com/BurntSushi/toml v1.6.0
	github.com/fatih/color v1.19.0
	github.com/fsnotify/fsnotify v1.10.1 // grader check --watch: inotify, and the other systems' watchers, behind one API
	// The grader's messages in the student's language (grader/i18n): a catalog per language as a data file (TOML,
	// read with the toml above), named arguments ({{.line}}), CLDR's plural forms per message (Arabic's six), and
	// English as the fallback message by message. golang.org/x/text/message was the other choice: its catalogs are
	// Go code that gotext generates, or built by hand, its arguments are positional printf verbs, and its plurals
	// are chosen in code (plural.Selectf), not in the file a translator edits. Not 2.6 or later: they require
	// x/text 0.32+, which raises x/sys, x/term and x/net across the module; 2.5.1 needs only what the module has.
	github.com/nicksnyder/go-i18n/v2 v2.5.1
	github.com/rogpeppe/go-internal v1.16.0
	github.com/schollz/progressbar/v3 v3.17.1 // not 3.18 or later: they import net/http, which links cgo into the grader, whose every run re-executes it (cmd/grader TestStaticBinary)
	github.com/xuri/excelize/v2 v2.9.1 // gradebook.xlsx; not 2.10 or later: they need newer golang.org/x/sys, x/term and x/text than the module has
	gopkg.in/yaml.v3 v3.0.1
)

require (
	github.com/chromedp/cdproto v0.159.0 // indirect
	github.com/chromedp/chromedp v0.23.0
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	github.com/mattn/go-colorable v0.1.14 // indirect
	github.com/mattn/go-isatty v0.0.22
	github.com/mitchellh/colorstring v0.0.0-20190213212951-d06e56a500db // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
	golang.org/x/sys v0.46.0 // grader/handin: openat2 and its RESOLVE_ flags; already required (indirectly, by x/term) at this version
	golang.org/x/term v0.44.0 // the terminal's width, for wrapping hints; already required (indirectly) at this version
	golang.org/x/tools v0.33.0 // indirect
)

require (
	github.com/elastic/go-seccomp-bpf v1.6.0 // indirect
	golang.org/x/net v0.41.0 // indirect
	golang.org/x/text v0.26.0 // language tags for go-i18n; feature/plural, CLDR's rules again, checks the catalogs' plural forms (TestCatalogs); the version the module already required
)

require (
	github.com/richardlehane/mscfb v1.0.4 // indirect
	github.com/richardlehane/msoleps v1.0.4 // indirect
	github.com/tiendc/go-deepcopy v1.6.0 // indirect
	github.com/xuri/efp v0.0.1 // indirect
	github.com/xuri/nfp v0.0.1 // indirect
	golang.org/x/crypto v0.39.0 // indirect
	golang.org/x/text v0.26.0 // indirect
)
