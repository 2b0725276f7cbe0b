/* 15 MiB of newlines on standard output and on standard error, under the 16
   MiB cap of each, then hello: 15.7 million lines a stream, which the
   grader once split, logged and diffed line by line, as root, to 1.6 GB of
   its own memory for one check (issue 29, G6). */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
int main(void){ static char b[1<<20]; memset(b, 10, sizeof b);
  for (int i = 0; i < 15; i++) { write(1, b, sizeof b); write(2, b, sizeof b); }
  puts("hello"); return 0; }
