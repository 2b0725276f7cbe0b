package grader

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestKindGate: holders of the two kinds are never in together, many of
// one kind are, and a kind that waits is let in before more of the other
// kind (no starvation).
func TestKindGate(t *testing.T) {
	t.Run("apart", func(t *testing.T) {
		g := newKindGate()
		var in [2]atomic.Int32
		var most [2]atomic.Int32
		var bad atomic.Bool
		var wg sync.WaitGroup
		for i := 0; i < 40; i++ {
			k := i % 3 / 2 // one hidden in three
			wg.Add(1)
			go func() {
				defer wg.Done()
				for j := 0; j < 20; j++ {
					leave := g.enter(k == 1)
					n := in[k].Add(1)
					if in[1-k].Load() > 0 {
						bad.Store(true)
					}
					if n > most[k].Load() {
						most[k].Store(n)
					}
					time.Sleep(100 * time.Microsecond)
					in[k].Add(-1)
					leave()
				}
			}()
		}
		wg.Wait()
		if bad.Load() {
			t.Error("a holder of each kind was in at once")
		}
		if most[0].Load() < 2 {
			t.Errorf("at most %d visible holders in together; want several", most[0].Load())
		}
	})
	t.Run("fair", func(t *testing.T) {
		g := newKindGate()
		// Visible holders come and go without end, always one in: the
		// hidden one that waits is let in all the same.
		stop := make(chan struct{})
		var wg sync.WaitGroup
		first := g.enter(false)
		for i := 0; i < 4; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					select {
					case <-stop:
						return
					default:
					}
					leave := g.enter(false)
					time.Sleep(time.Millisecond)
					leave()
				}
			}()
		}
		time.Sleep(10 * time.Millisecond)
		got := make(chan struct{})
		go func() {
			leave := g.enter(true)
			close(got)
			leave()
		}()
		time.Sleep(10 * time.Millisecond)
		first()
		select {
		case <-got:
		case <-time.After(10 * time.Second):
			t.Error("the hidden holder starved while visible ones came and went")
		}
		close(stop)
		wg.Wait()
	})
	t.Run("twice", func(t *testing.T) {
		g := newKindGate()
		leave := g.enter(true)
		leave()
		leave() // once only
		done := make(chan struct{})
		go func() { g.enter(false)(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Error("a visible holder waits after the hidden one left")
		}
	})
}
