# The well-behaved submission: the batch test's correct students hand it in.
echo hello
