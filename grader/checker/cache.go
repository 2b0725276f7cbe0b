package checker

import (
	"errors"
	"fmt"
	"math/big"
	"sync"

	"github.com/boardcheck/boardcheck/reference"
)

// The reference's counts of a puzzle any piece can pose take a search,
// where the queens' come from a table: a grader that checks a class on
// one puzzle counts it once, and keeps the count for its lifetime.

var (
	cacheMu sync.Mutex
	counts  = map[string]*big.Int{}
	exists  = map[string]bool{}
)

// puzzleKey names a puzzle for the caches.
func puzzleKey(p reference.Placing) string {
	return fmt.Sprintf("%d×%d %v %s %d", p.Board.Rows, p.Board.Cols, p.Board.Removed, p.Moves, p.Count)
}

// cachedCount is p.CountSolutions within searchBudget, remembered.
func cachedCount(p reference.Placing) (*big.Int, error) {
	key := puzzleKey(p)
	cacheMu.Lock()
	c, ok := counts[key]
	cacheMu.Unlock()
	if ok {
		return c, nil
	}
	c, err := p.CountSolutions(searchBudget)
	if errors.Is(err, reference.ErrSearchLimit) {
		return nil, fmt.Errorf("counting the solutions took more than the search's limit of %d nodes; ask for a smaller board", searchBudget)
	}
	if err != nil {
		return nil, err
	}
	cacheMu.Lock()
	counts[key] = c
	exists[key] = c.Sign() > 0
	cacheMu.Unlock()
	return c, nil
}

// cachedExists is 1 when p has a solution, 0 when it has none, remembered.
func cachedExists(p reference.Placing) (int64, error) {
	key := puzzleKey(p)
	cacheMu.Lock()
	e, ok := exists[key]
	cacheMu.Unlock()
	if !ok {
		_, found, err := p.First(searchBudget)
		if errors.Is(err, reference.ErrSearchLimit) && !found {
			return 0, fmt.Errorf("looking for a solution took more than the search's limit of %d nodes; ask for a smaller board", searchBudget)
		}
		e = found
		cacheMu.Lock()
		exists[key] = e
		cacheMu.Unlock()
	}
	if e {
		return 1, nil
	}
	return 0, nil
}
