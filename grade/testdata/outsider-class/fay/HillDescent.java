import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Random;
import java.util.Scanner;

// Defect: after a correct transcript, the program exits with status 1.
public class HillDescent {
    static final int N = 5;
    static final Random RANDOM = new Random();

    static int far(int r, int c) {
        return Math.max(Math.max(r, N - 1 - r), Math.max(c, N - 1 - c));
    }

    static int[][] depths(int[][] maze) {
        int[][] depth = new int[N][N];
        for (int[] row : depth) {
            Arrays.fill(row, -1);
        }
        depth[0][0] = 0;
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(0);
        while (!queue.isEmpty()) {
            int cell = queue.poll(), r = cell / N, c = cell % N, j = maze[r][c];
            if (j == 0) {
                continue;
            }
            int[][] next = {{r - j, c}, {r + j, c}, {r, c - j}, {r, c + j}};
            for (int[] m : next) {
                if (m[0] >= 0 && m[0] < N && m[1] >= 0 && m[1] < N && depth[m[0]][m[1]] < 0) {
                    depth[m[0]][m[1]] = depth[r][c] + 1;
                    queue.add(m[0] * N + m[1]);
                }
            }
        }
        return depth;
    }

    static int energy(int[][] maze) {
        int goal = depths(maze)[N - 1][N - 1];
        return goal < 0 ? 1000000 : -goal;
    }

    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int iterations = 0;
        while (iterations <= 0) {
            System.out.print("Iterations? ");
            System.out.flush();
            if (!in.hasNextLine()) {
                System.exit(1);
            }
            try {
                iterations = Integer.parseInt(in.nextLine().trim());
            } catch (NumberFormatException e) {
                iterations = 0;
            }
        }
        int[][] maze = new int[N][N];
        for (int r = 0; r < N; r++) {
            for (int c = 0; c < N; c++) {
                maze[r][c] = 1 + RANDOM.nextInt(far(r, c));
            }
        }
        maze[N - 1][N - 1] = 0;
        int e = energy(maze);
        int[][] best = new int[N][];
        for (int r = 0; r < N; r++) {
            best[r] = maze[r].clone();
        }
        int bestE = e;
        for (int i = 0; i < iterations; i++) {
            int cell = RANDOM.nextInt(N * N - 1), r = cell / N, c = cell % N, old = maze[r][c];
            int j = 1 + RANDOM.nextInt(far(r, c) - 1);
            if (j >= old) {
                j++;
            }
            maze[r][c] = j;
            int e2 = energy(maze);
            if (e2 <= e) {
                e = e2;
                if (e <= bestE) {
                    bestE = e;
                    for (int k = 0; k < N; k++) {
                        best[k] = maze[k].clone();
                    }
                }
            } else {
                maze[r][c] = old;
            }
        }
        int[][] depth = depths(best);
        StringBuilder out = new StringBuilder();
        for (int[] row : best) {
            for (int c = 0; c < N; c++) {
                out.append(c > 0 ? " " : "").append(row[c]);
            }
            out.append('\n');
        }
        out.append("\nMoves from start:\n");
        for (int[] row : depth) {
            for (int c = 0; c < N; c++) {
                out.append(c > 0 ? " " : "").append(row[c] < 0 ? "--" : String.format("%2d", row[c]));
            }
            out.append('\n');
        }
        out.append('\n').append(bestE).append('\n');
        System.out.print(out);
        System.out.flush();
        System.exit(1);
    }
}
