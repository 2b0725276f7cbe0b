/* Does not compile: an undeclared name. */
int main(void) {
	return undeclared_name;
}
