// Allocates without end, writing to every page so that the memory is real.
package main

func main() {
	var keep [][]byte
	for {
		b := make([]byte, 16<<20)
		for i := 0; i < len(b); i += 4096 {
			b[i] = 1
		}
		keep = append(keep, b)
	}
}
