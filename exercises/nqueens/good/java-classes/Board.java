import java.util.function.Consumer;

// Board is a search in progress: the column of each row's queen so far,
// and which columns and diagonals are taken.
class Board {
    private final int n;
    private final int[] cols;
    private final boolean[] used, down, up;

    Board(int n) {
        this.n = n;
        cols = new int[n];
        used = new boolean[n];
        down = new boolean[2 * n];
        up = new boolean[2 * n];
    }

    // solve places the queens of row and the rows after it, handing found
    // every complete placement.
    void solve(int row, Consumer<int[]> found) {
        if (row == n) {
            found.accept(cols);
            return;
        }
        for (int c = 0; c < n; c++) {
            if (used[c] || down[row - c + n] || up[row + c]) {
                continue;
            }
            used[c] = down[row - c + n] = up[row + c] = true;
            cols[row] = c;
            solve(row + 1, found);
            used[c] = down[row - c + n] = up[row + c] = false;
        }
    }
}
