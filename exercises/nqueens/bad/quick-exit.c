#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static int n;
static int col[64];
static int used_col[64], used_d1[128], used_d2[128];

static void print_board(void)
{
    printf("[");
    for (int r = 0; r < n; r++)
        printf(r ? ", [%d, %d]" : "[%d, %d]", r, col[r]);
    printf("]\n");
}

static void place(int row)
{
    if (row == n) {
        print_board();
        return;
    }
    for (int c = 0; c < n; c++) {
        if (used_col[c] || used_d1[row - c + n] || used_d2[row + c])
            continue;
        used_col[c] = used_d1[row - c + n] = used_d2[row + c] = 1;
        col[row] = c;
        place(row + 1);
        used_col[c] = used_d1[row - c + n] = used_d2[row + c] = 0;
    }
}

int main(int argc, char *argv[])
{
    if (argc != 2) {
        printf("Usage: nqueens N\n");
        return 1;
    }
    char *end;
    long v = strtol(argv[1], &end, 10);
    if (end == argv[1] || *end != '\0') {
        printf("N must be a number\n");
        return 1;
    }
    if (v < 4) {
        printf("N must be at least 4\n");
        return 1;
    }
    n = (int)v;
    place(0);
    /* done: leave at once, nothing to free */
    _exit(0);
}
