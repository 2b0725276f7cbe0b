// Allocates (and touches) memory without end.
package main

var keep [][]byte

func main() {
	for {
		b := make([]byte, 1<<20)
		for i := range b {
			b[i] = 1
		}
		keep = append(keep, b)
	}
}
