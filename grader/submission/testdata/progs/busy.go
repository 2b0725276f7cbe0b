// Busy-loops forever.
package main

var n int

func main() {
	for {
		n++
	}
}
