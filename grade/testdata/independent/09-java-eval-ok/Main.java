import java.util.ArrayDeque;
import java.util.Random;
import java.util.Scanner;

public class Main {
    static final int SIZE = 5;
    static final int NO_PATH = 1000000;
    static Random rng = java.util.concurrent.ThreadLocalRandom.current();
    static Scanner in = new Scanner(System.in);

    static int maxJump(int r, int c) {
        return Math.max(Math.max(r, SIZE - 1 - r), Math.max(c, SIZE - 1 - c));
    }

    static int[][] randomMaze() {
        int[][] m = new int[SIZE][SIZE];
        for (int r = 0; r < SIZE; r++)
            for (int c = 0; c < SIZE; c++)
                m[r][c] = 1 + rng.nextInt(maxJump(r, c));
        m[SIZE - 1][SIZE - 1] = 0;
        return m;
    }

    static int[][] copy(int[][] m) {
        int[][] c = new int[SIZE][];
        for (int r = 0; r < SIZE; r++) c[r] = m[r].clone();
        return c;
    }

    static int[][] depths(int[][] m) {
        int[][] d = new int[SIZE][SIZE];
        for (int[] row : d) java.util.Arrays.fill(row, -1);
        ArrayDeque<int[]> queue = new ArrayDeque<>();
        d[0][0] = 0;
        queue.add(new int[] {0, 0});
        int[][] dirs = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        while (!queue.isEmpty()) {
            int[] cell = queue.poll();
            int k = m[cell[0]][cell[1]];
            if (k == 0) continue;
            for (int[] dir : dirs) {
                int r = cell[0] + dir[0] * k, c = cell[1] + dir[1] * k;
                if (r >= 0 && r < SIZE && c >= 0 && c < SIZE && d[r][c] < 0) {
                    d[r][c] = d[cell[0]][cell[1]] + 1;
                    queue.add(new int[] {r, c});
                }
            }
        }
        return d;
    }

    static int energy(int[][] m) {
        int d = depths(m)[SIZE - 1][SIZE - 1];
        return d < 0 ? NO_PATH : -d;
    }

    static void printMaze(int[][] m) {
        for (int[] row : m) {
            StringBuilder sb = new StringBuilder();
            for (int c = 0; c < SIZE; c++) {
                if (c > 0) sb.append(' ');
                sb.append(row[c]);
            }
            System.out.println(sb);
        }
    }

    static void printEvaluation(int[][] m) {
        printMaze(m);
        System.out.println();
        System.out.println("Moves from start:");
        for (int[] row : depths(m)) {
            StringBuilder sb = new StringBuilder();
            for (int c = 0; c < SIZE; c++) {
                if (c > 0) sb.append(' ');
                sb.append(row[c] < 0 ? "--" : String.format("%2d", row[c]));
            }
            System.out.println(sb);
        }
        System.out.println();
        System.out.println(energy(m));
    }

    /** Changes one random non-goal cell; returns {r, c, old}. */
    static int[] step(int[][] m) {
        int r, c;
        do {
            r = rng.nextInt(SIZE);
            c = rng.nextInt(SIZE);
        } while (r == SIZE - 1 && c == SIZE - 1);
        int old = m[r][c];
        int k = 1 + rng.nextInt(maxJump(r, c) - 1);
        if (k >= old) k++;
        m[r][c] = k;
        return new int[] {r, c, old};
    }

    static int readInt(String prompt, int lo, int hi) {
        while (true) {
            System.out.print(prompt);
            System.out.flush();
            if (!in.hasNextLine()) System.exit(1);
            String line = in.nextLine().trim();
            try {
                int v = Integer.parseInt(line);
                if (v >= lo && v <= hi) return v;
            } catch (NumberFormatException e) {
                // ask again
            }
            System.err.println("Invalid input: " + line);
        }
    }

    static double readDouble(String prompt, double lo, double hi) {
        while (true) {
            System.out.print(prompt);
            System.out.flush();
            if (!in.hasNextLine()) System.exit(1);
            String line = in.nextLine().trim();
            try {
                double v = Double.parseDouble(line);
                if (v >= lo && v <= hi) return v;
            } catch (NumberFormatException e) {
                // ask again
            }
            System.err.println("Invalid input: " + line);
        }
    }

    public static void main(String[] args) {
        printEvaluation(randomMaze());
    }
}
