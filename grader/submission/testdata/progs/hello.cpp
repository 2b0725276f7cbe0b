// Says hello: a program that compiles.
#include <iostream>

int main() {
	std::cout << "hello from c++" << std::endl;
	return 0;
}
