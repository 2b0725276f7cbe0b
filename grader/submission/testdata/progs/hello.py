# Says hello.
print("hello from python")
