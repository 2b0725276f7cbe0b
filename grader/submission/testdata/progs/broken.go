// Does not compile: an undeclared name.
package main

func main() {
	undeclaredName()
}
