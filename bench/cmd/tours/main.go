// Tours validates knight's tours with reference.CheckTour, for bench/run.
//
// Usage:
//
//	tours -check FILE N
//	tours -sweep FROM TO
//
// With -check it reads a tour as knights-tour prints it (N lines of N move
// numbers, 0 on the top-left square) and says whether it is valid. With
// -sweep it finds a tour from the corner for every N from FROM to TO with the
// reference solver and validates each one. It prints one line saying how it
// went and exits 0 when every tour is valid, 1 when one is not, 2 when it
// could not tell.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"strconv"

	"github.com/boardcheck/boardcheck/reference"
)

func main() {
	check := flag.String("check", "", "a file holding one tour; N must follow")
	sweep := flag.Bool("sweep", false, "find and validate a tour for every N from FROM to TO")
	flag.Parse()
	switch {
	case *check != "" && flag.NArg() == 1:
		os.Exit(checkFile(*check, flag.Arg(0)))
	case *sweep && flag.NArg() == 2:
		os.Exit(sweepSizes(flag.Arg(0), flag.Arg(1)))
	}
	fmt.Fprintln(os.Stderr, "usage: tours -check FILE N | tours -sweep FROM TO")
	os.Exit(2)
}

func checkFile(path, arg string) int {
	n, err := strconv.Atoi(arg)
	if err != nil || n < 0 {
		fmt.Fprintf(os.Stderr, "tours: N must be a non-negative integer: %q\n", arg)
		return 2
	}
	data, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintf(os.Stderr, "tours: %v\n", err)
		return 2
	}
	numbers, err := parseTour(data)
	if err != nil {
		fmt.Printf("tours: %s: %v\n", path, err)
		return 1
	}
	if e := reference.CheckTour(n, numbers, reference.TourOptions{}); e != nil {
		fmt.Printf("tours: %s: %v\n", path, e)
		return 1
	}
	fmt.Printf("valid %d×%d tour\n", n, n)
	return 0
}

// parseTour reads rows of decimal numbers separated by blanks, one row per
// line; blank lines are skipped.
func parseTour(data []byte) ([][]int, error) {
	var rows [][]int
	for num := 1; len(data) > 0; num++ {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		var row []int
		for i := 0; i < len(line); {
			c := line[i]
			if c == ' ' || c == '\t' || c == '\r' {
				i++
				continue
			}
			if c < '0' || c > '9' {
				return nil, fmt.Errorf("line %d: %q is not a move number", num, line[i:min(i+12, len(line))])
			}
			v := 0
			for ; i < len(line) && line[i] >= '0' && line[i] <= '9'; i++ {
				v = v*10 + int(line[i]-'0')
				if v > 1<<27 { // far past any board; small enough that v*10 fits a 32-bit int
					return nil, fmt.Errorf("line %d: a number too large", num)
				}
			}
			row = append(row, v)
		}
		if len(row) > 0 {
			rows = append(rows, row)
		}
	}
	return rows, nil
}
