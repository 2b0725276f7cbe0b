// Package browsertest opens grader's HTML pages (a report, the search trace,
// the gradebook) in headless Chromium and checks what a person sees: how
// many boards are drawn, which squares are highlighted, that the tour's
// step-through reaches the last move, that the gradebook sorts. It has no
// code outside its tests.
//
// The tests need Chromium (apt-get install chromium) and skip without it.
// Each saves screenshots into $BOARDCHECK_ARTIFACTS (default: a temporary
// folder), so CI can keep them:
//
//	BOARDCHECK_ARTIFACTS=$PWD/artifacts go test ./internal/browsertest
package browsertest
