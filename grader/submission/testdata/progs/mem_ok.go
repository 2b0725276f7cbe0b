// Uses about 100 MiB, well under the limit, and says so.
package main

import "fmt"

func main() {
	keep := make([][]byte, 100)
	for i := range keep {
		keep[i] = make([]byte, 1<<20)
		for j := range keep[i] {
			keep[i][j] = 1
		}
	}
	fmt.Println("ok", len(keep))
}
