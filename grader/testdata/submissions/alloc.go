// Allocates without end, touching every page so that the memory is real.
package main

func main() {
	var keep [][]byte
	for {
		b := make([]byte, 1<<20)
		for i := range b {
			b[i] = 1
		}
		keep = append(keep, b)
	}
}
