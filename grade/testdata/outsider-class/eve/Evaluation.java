import java.util.ArrayDeque;
import java.util.Random;

// Defect: the random generator has a fixed seed, so every run prints the same maze.
public class Evaluation {
    static final int N = 5;

    public static void main(String[] args) {
        Random random = new Random(42);
        int[][] maze = new int[N][N];
        for (int r = 0; r < N; r++) {
            for (int c = 0; c < N; c++) {
                int far = Math.max(Math.max(r, N - 1 - r), Math.max(c, N - 1 - c));
                maze[r][c] = 1 + random.nextInt(far);
            }
        }
        maze[N - 1][N - 1] = 0;
        int[][] depth = new int[N][N];
        for (int[] row : depth) {
            java.util.Arrays.fill(row, -1);
        }
        depth[0][0] = 0;
        ArrayDeque<int[]> queue = new ArrayDeque<>();
        queue.add(new int[] {0, 0});
        while (!queue.isEmpty()) {
            int[] cell = queue.poll();
            int r = cell[0], c = cell[1], j = maze[r][c];
            int[][] next = {{r - j, c}, {r + j, c}, {r, c - j}, {r, c + j}};
            for (int[] m : next) {
                if (m[0] >= 0 && m[0] < N && m[1] >= 0 && m[1] < N && depth[m[0]][m[1]] < 0) {
                    depth[m[0]][m[1]] = depth[r][c] + 1;
                    queue.add(m);
                }
            }
        }
        StringBuilder out = new StringBuilder();
        for (int[] row : maze) {
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
        int goal = depth[N - 1][N - 1];
        out.append('\n').append(goal < 0 ? 1000000 : -goal).append('\n');
        System.out.print(out);
    }
}
