#include <stdio.h>

int n;
int col[32];

int safe(int row, int c)
{
    for (int r = 0; r < row; r++) {
        if (col[r] == c || col[r] - c == r - row || col[r] - c == row - r)
            return 0;
    }
    return 1;
}

void print_solution(void)
{
    printf("[");
    for (int r = 0; r < n; r++) {
        printf("[%d, %d]", r, col[r]);
        if (r < n - 1)
            printf(", ");
    }
    printf("]\n");
}

void solve(int row)
{
    if (row == n) {
        print_solution();
        return;
    }
    for (int c = 0; c < n; c++) {
        if (safe(row, c)) {
            col[row] = c;
            solve(row + 1);
        }
    }
}

int main(void)
{
    printf("Enter the number of queens: ");
    scanf("%d", &n);
    if (n < 4) {
        printf("N must be at least 4\n");
        return 1;
    }
    solve(0);
    return 0;
}
