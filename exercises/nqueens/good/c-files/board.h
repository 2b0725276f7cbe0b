/* board.h: what main.c needs of board.c. */
#ifndef BOARD_H
#define BOARD_H

/* solve_all calls found with every placement of n queens: cols[r] is the
 * column of row r's queen. */
void solve_all(int n, void (*found)(const int *cols, int n));

#endif
