# Copies standard input to standard output.
cat
