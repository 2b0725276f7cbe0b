// Says hello: a program that compiles.
package main

import "fmt"

func main() {
	fmt.Println("hello from go")
}
