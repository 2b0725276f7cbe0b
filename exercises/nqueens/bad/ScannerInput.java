import java.util.Scanner;

public class ScannerInput {
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
        Scanner sc = new Scanner(System.in);
        System.out.print("Enter N: ");
        n = sc.nextInt();
        col = new int[n];
        solve(0);
    }
}
