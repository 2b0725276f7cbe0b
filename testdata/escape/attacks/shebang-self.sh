#!/proc/self/exe
# A #! line naming a program that exists on the machine but that the
# sandbox refuses to run (issue 29, item 6): every check said "the
# exercise or the grader is broken here, not your program", exit status 3,
# and PrairieLearn's "gradable" was false. It is the student's to fix: the
# check "The program starts" fails and names the line, exit status 1. No
# layer is at stake: the grader only has to say whose the fault is.
echo hello
