// nqueens N as two classes: Main reads N and prints, Board searches
// (javac Main.java Board.java; java Main N).
public class Main {
    public static void main(String[] args) {
        if (args.length != 1) {
            System.out.println("Usage: nqueens N");
            System.exit(1);
        }
        int n;
        try {
            n = Integer.parseInt(args[0]);
        } catch (NumberFormatException e) {
            System.out.println("N must be a number");
            System.exit(1);
            return;
        }
        if (n < 4) {
            System.out.println("N must be at least 4");
            System.exit(1);
        }
        StringBuilder out = new StringBuilder();
        new Board(n).solve(0, cols -> {
            out.append('[');
            for (int r = 0; r < cols.length; r++) {
                if (r > 0) {
                    out.append(", ");
                }
                out.append('[').append(r).append(", ").append(cols[r]).append(']');
            }
            out.append("]\n");
        });
        System.out.print(out);
        System.out.flush();
    }
}
