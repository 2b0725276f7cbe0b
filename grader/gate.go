package grader

import (
	"sync"

	"github.com/boardcheck/boardcheck/grader/sandbox"
)

// runs is the gate every grading of this process passes its runs through
// (a check's, a build's, the check that the program starts): runs of a
// hidden check are let in only while no other kind runs, and the rest only
// while no hidden check's runs do. Concurrent runs share the machine's
// counters, which no namespace divides (/proc/loadavg's count of threads,
// /proc/stat, /proc/meminfo): in grader batch, mallory's hidden check's run
// could hold 50 threads for a 1 and none for a 0 while eve's visible
// check's run, graded beside it, read the count and printed the hidden
// check's input into eve's report (attack report 2, G5). Within one
// grading, schedule already runs the hidden checks last; the gate keeps
// two gradings' runs apart too. It does not reach another grader process.
var runs = newKindGate()

// enterRuns waits until runs of the kind (hidden or not) may start, and
// returns what to call once they are over.
func enterRuns(hidden bool) (leave func()) {
	if sandbox.LayerOff("hiddengate") {
		return func() {}
	}
	return runs.enter(hidden)
}

// kindGate admits holders of one kind at a time, any number of that kind
// together. It is fair: once a holder of the other kind waits, no more of
// the kind in are let in, and when the last of them leaves every waiter
// of the other kind is let in at once, so that neither kind starves.
type kindGate struct {
	mu      sync.Mutex
	cond    *sync.Cond
	cur     int    // the kind in, or last in (0 visible, 1 hidden)
	active  int    // holders in
	waiting [2]int // holders waiting, by kind
	granted [2]int // waiters let in who have not yet woken, by kind
}

func newKindGate() *kindGate {
	g := &kindGate{}
	g.cond = sync.NewCond(&g.mu)
	return g
}

// enter waits for the kind's turn and returns leave, to be called once.
func (g *kindGate) enter(hidden bool) (leave func()) {
	k := 0
	if hidden {
		k = 1
	}
	g.mu.Lock()
	if g.waiting[1-k] == 0 && (g.active == 0 || g.cur == k) {
		g.cur = k
		g.active++
	} else {
		g.waiting[k]++
		for g.granted[k] == 0 {
			g.cond.Wait()
		}
		g.granted[k]--
	}
	g.mu.Unlock()
	return sync.OnceFunc(g.leave)
}

func (g *kindGate) leave() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.active--; g.active > 0 {
		return
	}
	// The last one out: the other kind's turn, if any waits; else the
	// same kind's waiters (none, but be sure nobody is left behind).
	if g.waiting[1-g.cur] > 0 {
		g.cur = 1 - g.cur
	}
	if n := g.waiting[g.cur]; n > 0 {
		g.waiting[g.cur] = 0
		g.granted[g.cur] += n
		g.active += n
		g.cond.Broadcast()
	}
}
