// nqueens N, as a student splits it: main.go reads the argument and prints,
// board.go (same package) does the search. go build builds both.
package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Println("Usage: nqueens N")
		os.Exit(1)
	}
	n, err := strconv.Atoi(os.Args[1])
	if err != nil {
		fmt.Println("N must be a number")
		os.Exit(1)
	}
	if n < 4 {
		fmt.Println("N must be at least 4")
		os.Exit(1)
	}
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	newBoard(n).solve(0, func(cols []int) {
		w.WriteByte('[')
		for r, c := range cols {
			if r > 0 {
				w.WriteString(", ")
			}
			fmt.Fprintf(w, "[%d, %d]", r, c)
		}
		w.WriteString("]\n")
	})
}
