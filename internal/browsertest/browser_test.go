package browsertest

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/boardcheck/boardcheck/grader"
	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/render"
	"github.com/boardcheck/boardcheck/grader/report"
)

// root is the repository, where the exercises and their bad submissions are.
var root = func() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}()

// chromium returns the browser's path, or skips the test.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("chromium not installed: apt-get install chromium")
	return ""
}

// browser starts a headless Chromium for one test. The flags are the ones
// this sandboxed CI allows: without the networking ones Chromium's own
// background connections are refused and it stalls.
func browser(t *testing.T) context.Context {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium(t)),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1100, 900),
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	t.Cleanup(cancel)
	actx, acancel := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(acancel)
	bctx, bcancel := chromedp.NewContext(actx)
	t.Cleanup(bcancel)
	if err := chromedp.Do(bctx); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	return bctx
}

// artifacts is where screenshots and pages go: $BOARDCHECK_ARTIFACTS, or a
// temporary folder.
func artifacts(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("BOARDCHECK_ARTIFACTS")
	if dir == "" {
		return t.TempDir()
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	return dir
}

// notes is where a copy of each screenshot goes when the tests run on the
// team's machine, for people to look at; empty elsewhere (CI sets CI).
const notes = "/work/notes/screenshots"

func save(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, data, 0o666); err != nil {
		t.Fatal(err)
	}
	if os.Getenv("CI") == "" {
		if _, err := os.Stat(filepath.Dir(notes)); err == nil {
			if err := os.MkdirAll(notes, 0o777); err == nil {
				os.WriteFile(filepath.Join(notes, name), data, 0o666)
			}
		}
	}
	t.Logf("saved %s", path)
	return path
}

// grade runs the grader on a shipped bad submission of an exercise, as
// "grader check" does.
func grade(t *testing.T, id, bad string, run ...string) *report.Report {
	t.Helper()
	ex, err := exercise.LoadDir(filepath.Join(root, "exercises", id))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	rep, err := grader.GradePath(ctx, ex, filepath.Join(root, "exercises", id, "bad", bad), grader.Options{Run: run})
	if err != nil {
		t.Fatalf("grading %s/bad/%s: %v", id, bad, err)
	}
	return rep
}

// page renders with format "html" into dir/name and returns its file URL.
func page(t *testing.T, dir, name string, rep *report.Report) string {
	t.Helper()
	f, err := render.Lookup("html")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := f.Render(&buf, rep, render.Options{}); err != nil {
		t.Fatal(err)
	}
	return "file://" + save(t, dir, name, buf.Bytes())
}

func run(t *testing.T, ctx context.Context, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatal(err)
	}
}

// shot screenshots the element sel, or the whole page for "".
func shot(t *testing.T, ctx context.Context, sel string) []byte {
	t.Helper()
	a := chromedp.FullScreenshot(100)
	if sel != "" {
		a = chromedp.Screenshot(chromedp.CSS(sel))
	}
	png, err := chromedp.Run(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	return png
}

// eval evaluates a JavaScript expression and returns its value as JSON
// would have it (numbers as float64).
func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("evaluating %s: %v", js, err)
	}
	return v
}

// squares lists "row,col" of the squares matching sel, sorted as drawn.
func squares(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	return eval[string](t, ctx, fmt.Sprintf(`Array.from(document.querySelectorAll(%q)).map(e => e.dataset.row + "," + e.dataset.col).join(" ")`, sel))
}

// TestQueensReport grades nqueens/bad/one-diagonal.c, which never checks
// anti-diagonals, and looks at its failed N = 4 check.
func TestQueensReport(t *testing.T) {
	ctx := browser(t)
	dir := artifacts(t)
	rep := grade(t, "nqueens", "one-diagonal.c", "n4")
	url := page(t, dir, "nqueens-one-diagonal.html", rep)
	run(t, ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS("#check-n4 figure.board")))

	sec := "#check-n4 "
	for _, tc := range []struct{ what, js, want string }{
		{"verdict", `document.querySelector("#check-n4 .verdict").textContent`, "FAIL"},
		{"boards", `String(document.querySelectorAll("#check-n4 > .pictures figure.board").length)`, "2"},
		{"student boards", `String(document.querySelectorAll('#check-n4 figure.board[data-role="student"]').length)`, "1"},
		{"queens on the student's board", `String(document.querySelectorAll('#check-n4 [data-role="student"] .piece').length)`, "4"},
		{"queens on the correct board", `String(document.querySelectorAll('#check-n4 [data-role="suggestion"] .piece').length)`, "4"},
		{"lines of attack", `String(document.querySelectorAll("#check-n4 > .pictures figure .attack-line").length)`, "1"},
		{"message", `document.querySelector("#check-n4 .message").textContent`, "line 2: queens at row 1 col 3 and row 2 col 2 share an anti-diagonal"},
		{"line at fault", `document.querySelector("#check-n4 .ln.focus").textContent.trim()`, "> 2  [[0, 1], [1, 3], [2, 2], [3, 0]]"},
	} {
		if got := eval[string](t, ctx, tc.js); got != tc.want {
			t.Errorf("%s: got %q; want %q", tc.what, got, tc.want)
		}
	}
	if got, want := squares(t, ctx, sec+`[data-role="student"] .sq.attack`), "1,3 2,2"; got != want {
		t.Errorf("attacking squares: got %s; want %s", got, want)
	}
	if got, want := squares(t, ctx, sec+`[data-role="student"] .piece.attack`), "1,3 2,2"; got != want {
		t.Errorf("attacking queens: got %s; want %s", got, want)
	}
	if got := squares(t, ctx, sec+`[data-role="suggestion"] .sq.attack`); got != "" {
		t.Errorf("the correct board highlights %s; want nothing", got)
	}
	// The highlight is a pattern and an outline, not a colour alone.
	if got := eval[string](t, ctx, `getComputedStyle(document.querySelector("#check-n4 .sq.attack")).fill`); !strings.Contains(got, "url(") {
		t.Errorf("attacking square's fill is %q; want a pattern", got)
	}
	if got := eval[string](t, ctx, `getComputedStyle(document.querySelector("#check-n4 .sq.attack")).strokeWidth`); got == "0px" || got == "" {
		t.Errorf("attacking square's outline is %q; want a thick one", got)
	}
	// Keyboard alone: the summary links lead to the check.
	run(t, ctx, chromedp.Focus(chromedp.CSS(`#summary a[href="#check-n4"]`)), chromedp.KeyEvent("\r"))
	if got := eval[string](t, ctx, `location.hash`); got != "#check-n4" {
		t.Errorf("after Enter on the summary link, location.hash = %q; want #check-n4", got)
	}
	save(t, dir, "nqueens-one-diagonal-n4.png", shot(t, ctx, "#check-n4"))
	save(t, dir, "nqueens-one-diagonal-page.png", shot(t, ctx, ""))
}

// tourReport grades knights-tour/bad/bad-move-table.c on its default check,
// saves the HTML report as name and opens it in a browser, once the tour is
// drawn.
func tourReport(t *testing.T, name string) (context.Context, string, *report.Report) {
	t.Helper()
	ctx := browser(t)
	dir := artifacts(t)
	rep := grade(t, "knights-tour", "bad-move-table.c", "default")
	url := page(t, dir, name, rep)
	run(t, ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS("#check-default figure.tour")))
	return ctx, dir, rep
}

// TestTourReport grades knights-tour/bad/bad-move-table.c, whose move table
// has a typo, and steps through its broken 8×8 tour.
func TestTourReport(t *testing.T) {
	ctx, dir, rep := tourReport(t, "knights-tour-bad-move-table.html")
	fig := "#check-default figure.tour"

	if got := eval[float64](t, ctx, `document.querySelectorAll("figure.tour").length`); got != 1 {
		t.Errorf("tours drawn: got %v; want 1", got)
	}
	if got, want := squares(t, ctx, fig+" svg[role=img] .sq.fault"), "1,2 3,0"; got != want {
		t.Errorf("squares at fault: got %s; want %s (the move 31 -> 32)", got, want)
	}
	bad := eval[string](t, ctx, `Array.from(document.querySelectorAll("#check-default line.move.bad[data-step]")).map(m => m.dataset.step).join(" ")`)
	if want := badMoves(t, rep, "default"); bad != want {
		t.Errorf("bad moves drawn at steps %q; want %q", bad, want)
	}
	last := eval[float64](t, ctx, `+document.querySelector("#check-default input[type=range]").max`)
	if last != 63 {
		t.Errorf("slider's last step: got %v; want 63", last)
	}
	step := func() float64 { return eval[float64](t, ctx, `+document.querySelector("`+fig+`").dataset.step`) }
	visible := func() float64 {
		return eval[float64](t, ctx, `Array.from(document.querySelectorAll("`+fig+` line.move[data-step]")).filter(m => getComputedStyle(m).display != "none").length`)
	}

	// Back to the start with the keyboard: Home on the slider.
	run(t, ctx, chromedp.Focus(chromedp.CSS(fig+" input[type=range]")), chromedp.KeyEvent(kb.Home))
	if s, v := step(), visible(); s != 0 || v != 0 {
		t.Errorf("after Home: step %v, %v moves drawn; want 0, 0", s, v)
	}
	// Forward with the next button, pressed with Enter, to the move
	// before the broken one, and screenshot it.
	run(t, ctx, chromedp.Focus(chromedp.CSS(fig+" button.next")))
	for i := 0; i < 31; i++ {
		run(t, ctx, chromedp.KeyEvent("\r"))
	}
	if s, v := step(), visible(); s != 31 || v != 31 {
		t.Errorf("after 31 × next: step %v, %v moves drawn; want 31, 31", s, v)
	}
	run(t, ctx, chromedp.KeyEvent("\r"))
	status := eval[string](t, ctx, `document.querySelector("`+fig+` .status").textContent`)
	if want := "step 32 of 63: 32 at (3,0)"; status != want {
		t.Errorf("status at the broken move: got %q; want %q", status, want)
	}
	save(t, dir, "knights-tour-bad-move-table-step32.png", shot(t, ctx, fig))
	// On to the last move with the arrow keys on the slider.
	run(t, ctx, chromedp.Focus(chromedp.CSS(fig+" input[type=range]")))
	for i := 0; i < 40; i++ {
		run(t, ctx, chromedp.KeyEvent(kb.ArrowRight))
	}
	if s, v := step(), visible(); s != 63 || v != 63 {
		t.Errorf("after the arrow keys: step %v, %v moves drawn; want 63, 63 (the last move)", s, v)
	}
	save(t, dir, "knights-tour-bad-move-table-default.png", shot(t, ctx, "#check-default"))
}

// TestTracePage plays the search for 4 queens and checks the board at the
// first solution and at the end.
func TestTracePage(t *testing.T) {
	ctx := browser(t)
	dir := artifacts(t)
	var buf bytes.Buffer
	if err := render.TraceHTML(&buf, "nqueens", 4, ""); err != nil {
		t.Fatal(err)
	}
	steps, _ := render.NarrateQueens(4, "")
	url := "file://" + save(t, dir, "trace-4.html", buf.Bytes())
	run(t, ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS("#trace-board")))
	queens := func() string { return squares(t, ctx, "#pieces .piece") }
	if got := queens(); got != "" {
		t.Errorf("at the start: queens at %q; want none", got)
	}
	// Step 13 is the first solution.
	run(t, ctx, chromedp.Focus(chromedp.CSS("#next")))
	for i := 0; i < 13; i++ {
		run(t, ctx, chromedp.KeyEvent("\r"))
	}
	if got, want := queens(), "0,1 1,3 2,0 3,2"; got != want {
		t.Errorf("at step 13: queens at %q; want %q", got, want)
	}
	if got := eval[string](t, ctx, `document.getElementById("status").textContent`); !strings.Contains(got, "solution 1: [[0, 1], [1, 3], [2, 0], [3, 2]]") {
		t.Errorf("status at step 13: %q; want the first solution", got)
	}
	save(t, dir, "trace-4-step13.png", shot(t, ctx, "body"))
	// Play to the end at full speed: every queen is taken back.
	run(t, ctx, chromedp.SetValue(chromedp.CSS("#speed"), "40"), chromedp.Click(chromedp.CSS("#play")))
	run(t, ctx, chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`body[data-step="%d"]`, len(steps)))))
	if got := queens(); got != "" {
		t.Errorf("at the end: queens at %q; want none", got)
	}
	if got := eval[string](t, ctx, `document.getElementById("play").getAttribute("aria-pressed")`); got != "false" {
		t.Errorf("play pressed at the end: %q; want false (stopped)", got)
	}
}

// badMoves finds, from the report, the steps of the tour printed for check
// that are not a knight's move, as "32 49 ...": what the page must draw as
// broken.
func badMoves(t *testing.T, rep *report.Report, check string) string {
	t.Helper()
	for _, c := range rep.Checks {
		if c.Name != check || c.Detail == nil || c.Detail.Tour == nil {
			continue
		}
		at := map[int][2]int{}
		for r, row := range c.Detail.Tour.Numbers {
			for col, v := range row {
				if _, dup := at[v]; !dup {
					at[v] = [2]int{r, col}
				}
			}
		}
		var bad []string
		for v := 1; v < len(at); v++ {
			a, b := at[v-1], at[v]
			dr, dc := abs(a[0]-b[0]), abs(a[1]-b[1])
			if !(dr == 1 && dc == 2 || dr == 2 && dc == 1) {
				bad = append(bad, fmt.Sprint(v))
			}
		}
		return strings.Join(bad, " ")
	}
	t.Fatalf("the report has no tour for check %s", check)
	return ""
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// TestGradebook grades a small class of shipped submissions, writes each
// student's report page and the gradebook page, and sorts the gradebook.
func TestGradebook(t *testing.T) {
	ctx := browser(t)
	dir := artifacts(t)
	class := map[string]string{ // student: submission under exercises/nqueens
		"ana":   "bad/one-diagonal.c",
		"ben":   "bad/usage-on-stderr.py",
		"chloe": "bad/first-only.c",
		"dev":   "good/reverse.py",
	}
	ex, err := exercise.LoadDir(filepath.Join(root, "exercises", "nqueens"))
	if err != nil {
		t.Fatal(err)
	}
	titles := map[string]string{}
	for _, c := range ex.Checks {
		titles[c.Name] = c.Title
	}
	if err := os.MkdirAll(filepath.Join(dir, "reports"), 0o777); err != nil {
		t.Fatal(err)
	}
	g := render.Gradebook{Exercise: ex.ID, Title: ex.Title, Titles: titles}
	for student, file := range class {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		rep, err := grader.GradePath(ctx, ex, filepath.Join(root, "exercises", "nqueens", file), grader.Options{Run: []string{"usage-no-argument", "n4", "n6"}})
		cancel()
		if err != nil {
			t.Fatalf("grading %s: %v", file, err)
		}
		link := "reports/" + student + ".html"
		page(t, dir, link, rep)
		g.Rows = append(g.Rows, render.GradebookRowOf(student, rep, link))
	}
	var buf bytes.Buffer
	if err := render.GradebookHTML(&buf, g); err != nil {
		t.Fatal(err)
	}
	url := "file://" + save(t, dir, "index.html", buf.Bytes())
	run(t, ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS("#gradebook")))

	order := func() string {
		return eval[string](t, ctx, `Array.from(document.querySelectorAll("#gradebook tbody tr")).map(r => r.dataset.student).join(" ")`)
	}
	scores := func() []float64 {
		return eval[[]float64](t, ctx, `Array.from(document.querySelectorAll("#gradebook tbody tr")).map(r => +r.cells[1].dataset.value)`)
	}
	if got, want := order(), "ana ben chloe dev"; got != want {
		t.Errorf("first order: got %s; want %s", got, want)
	}
	// The score column's button, pressed with the keyboard, sorts
	// ascending, then descending.
	run(t, ctx, chromedp.Focus(chromedp.CSS("#gradebook th:nth-child(2) button")), chromedp.KeyEvent("\r"))
	if s := scores(); !sorted(s, 1) {
		t.Errorf("after one press on score: scores %v; want ascending", s)
	}
	run(t, ctx, chromedp.KeyEvent("\r"))
	if s := scores(); !sorted(s, -1) {
		t.Errorf("after two presses on score: scores %v; want descending", s)
	}
	if got := order(); !strings.HasPrefix(got, "dev ") {
		t.Errorf("by score, descending: %s; want dev (every check passed) first", got)
	}
	if got := eval[string](t, ctx, `document.querySelector("#gradebook th:nth-child(2)").getAttribute("aria-sort")`); got != "descending" {
		t.Errorf("score heading's aria-sort = %q; want descending", got)
	}
	// The chart: a bar per failed check, the longest first, each as long
	// as its share of the class.
	bars := eval[[]map[string]any](t, ctx, `Array.from(document.querySelectorAll("#chart rect.bar")).map(b => ({check: b.dataset.check, n: +b.dataset.students, w: b.getBBox().width}))`)
	failedBy := map[string]int{}
	for _, r := range g.Rows {
		for _, c := range r.FailedChecks {
			failedBy[c]++
		}
	}
	if len(bars) != len(failedBy) {
		t.Errorf("bars: got %d; want %d (one per failed check: %v)", len(bars), len(failedBy), failedBy)
	}
	for i, b := range bars {
		check, n, w := b["check"].(string), b["n"].(float64), b["w"].(float64)
		if int(n) != failedBy[check] {
			t.Errorf("bar %s: %v students; want %d", check, n, failedBy[check])
		}
		if i > 0 && n > bars[i-1]["n"].(float64) {
			t.Errorf("bar %d (%s) is longer than the one before it", i, check)
		}
		if want := n * 360 / float64(len(class)); w < want-1 || w > want+1 {
			t.Errorf("bar %s: width %v; want %v", check, w, want)
		}
	}
	save(t, dir, "gradebook.png", shot(t, ctx, "body"))
	// Each student links to their report.
	run(t, ctx, chromedp.Click(chromedp.CSS(`#gradebook a[href="reports/ana.html"]`)), chromedp.WaitVisible(chromedp.CSS("#check-n4 figure.board")))
	if got := eval[string](t, ctx, `document.querySelector("#check-n4 .verdict").textContent`); got != "FAIL" {
		t.Errorf("ana's report, check n4: %q; want FAIL", got)
	}
}

// sorted says whether s is in ascending (dir 1) or descending (dir -1) order.
func sorted(s []float64, dir float64) bool {
	for i := 1; i < len(s); i++ {
		if (s[i]-s[i-1])*dir < 0 {
			return false
		}
	}
	return len(s) > 1
}

// TestTallyReport grades nqueens/bad/mirror-duplicates.py, which prints
// some solutions twice, and opens the tally of its N = 4 check.
func TestTallyReport(t *testing.T) {
	ctx := browser(t)
	dir := artifacts(t)
	rep := grade(t, "nqueens", "mirror-duplicates.py", "n4")
	url := page(t, dir, "nqueens-mirror-duplicates.html", rep)
	run(t, ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS("#check-n4 .tally")))

	var tally map[string]float64
	for _, c := range rep.Checks {
		if c.Name == "n4" && c.Detail != nil && c.Detail.Tally != nil {
			tl := c.Detail.Tally
			tally = map[string]float64{"right": float64(tl.Right), "missing": float64(tl.Missing), "repeated": float64(tl.Repeated), "invalid": float64(tl.Invalid)}
		}
	}
	if tally == nil || tally["repeated"] == 0 {
		t.Fatalf("the report's n4 check has no tally with repeats: %v", tally)
	}
	got := eval[map[string]float64](t, ctx, `Object.fromEntries(Array.from(document.querySelectorAll("#check-n4 .tally-kinds li")).map(li => [li.dataset.kind, +li.dataset.count]))`)
	for kind, want := range tally {
		if got[kind] != want {
			t.Errorf("tally %s: page says %v; report says %v", kind, got[kind], want)
		}
	}
	visible := func() float64 {
		return eval[float64](t, ctx, `Array.from(document.querySelectorAll('#check-n4 .tally figure[data-role="repeated"]')).filter(f => f.checkVisibility()).length`)
	}
	if v := visible(); v != 0 {
		t.Errorf("repeated boards visible before a click: %v; want 0", v)
	}
	// Open the repeated solutions with the keyboard.
	run(t, ctx, chromedp.Focus(chromedp.CSS(".tally-repeated summary")), chromedp.KeyEvent("\r"))
	if v := visible(); v != min(tally["repeated"], 3) {
		t.Errorf("repeated boards visible after Enter: %v; want %v", v, min(tally["repeated"], 3))
	}
	save(t, dir, "nqueens-mirror-duplicates-n4.png", shot(t, ctx, "#check-n4"))
}

// TestPrintLayout prints the broken tour's report as a teacher would, to
// A4: the controls go, every move is drawn whatever step the slider was
// left at, nothing runs off the right edge of the paper, and Chromium
// makes a PDF of it.
func TestPrintLayout(t *testing.T) {
	ctx, dir, _ := tourReport(t, "knights-tour-print.html")
	fig := "#check-default figure.tour"
	// Leave the slider at the start: on screen, no move is drawn.
	run(t, ctx, chromedp.Focus(chromedp.CSS(fig+" input[type=range]")), chromedp.KeyEvent(kb.Home))
	drawn := `Array.from(document.querySelectorAll("` + fig + ` line.move[data-step]")).filter(m => getComputedStyle(m).display != "none").length`
	if got := eval[float64](t, ctx, drawn); got != 0 {
		t.Fatalf("on screen at step 0, %v moves drawn; want 0", got)
	}

	// A4 is 8.27 inches wide, 96 CSS pixels an inch, less Chromium's
	// default margins of 1 cm a side: about 718 pixels of paper.
	const paper = 718
	printMedia := func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"})
		return chromedp.Void{}, err
	}
	run(t, ctx, chromedp.EmulateViewport(paper, 1000), printMedia)

	if got := eval[float64](t, ctx, `Array.from(document.querySelectorAll(".controls")).filter(e => getComputedStyle(e).display != "none").length`); got != 0 {
		t.Errorf("printed: %v sets of controls shown; want none", got)
	}
	if got := eval[float64](t, ctx, drawn); got != 63 {
		t.Errorf("printed: %v moves drawn; want all 63, whatever the slider's step", got)
	}
	if got := eval[string](t, ctx, `getComputedStyle(document.querySelector("section.check")).breakInside`); got != "avoid" {
		t.Errorf("printed: a check's break-inside is %q; want avoid (a check kept on one page)", got)
	}
	if got := eval[float64](t, ctx, `document.documentElement.scrollWidth`); got > paper {
		t.Errorf("printed: the page is %v pixels wide; want at most the paper's %d", got, paper)
	}
	box := eval[[]float64](t, ctx, `(r => [r.left, r.right, r.width])(document.querySelector("`+fig+` svg[role=img]").getBoundingClientRect())`)
	if len(box) != 3 || box[0] < 0 || box[1] > paper || box[2] < 200 {
		t.Errorf("printed: the tour's picture spans %v (left, right, width); want it whole on the paper and at least 200 wide", box)
	}
	save(t, dir, "knights-tour-print.png", shot(t, ctx, ""))

	pdf, err := chromedp.Run(ctx, chromedp.PrintToPDF(chromedp.PDFPaper(chromedp.PaperA4)))
	if err != nil {
		t.Fatalf("printing to PDF: %v", err)
	}
	if !bytes.HasPrefix(pdf, []byte("%PDF-")) || len(pdf) < 1000 {
		t.Fatalf("printing to PDF gave %d bytes starting %q; want a PDF", len(pdf), pdf[:min(len(pdf), 8)])
	}
	save(t, dir, "knights-tour-print.pdf", pdf)
}
