public class NoUsage {
    static int n;
    static int[] col;

    static boolean safe(int row, int c) {
        for (int r = 0; r < row; r++) {
            if (col[r] == c || Math.abs(col[r] - c) == row - r) {
                return false;
            }
        }
        return true;
    }

    static void solve(int row) {
        if (row == n) {
            StringBuilder sb = new StringBuilder("[");
            for (int r = 0; r < n; r++) {
                if (r > 0) sb.append(", ");
                sb.append("[").append(r).append(", ").append(col[r]).append("]");
            }
            System.out.println(sb.append("]"));
            return;
        }
        for (int c = 0; c < n; c++) {
            if (safe(row, c)) {
                col[row] = c;
                solve(row + 1);
            }
        }
    }

    public static void main(String[] args) {
        try {
            n = Integer.parseInt(args[0].trim());
        } catch (NumberFormatException e) {
            System.out.println("N must be a number");
            System.exit(1);
        }
        if (n < 4) {
            System.out.println("N must be at least 4");
            System.exit(1);
        }
        col = new int[n];
        solve(0);
    }
}
