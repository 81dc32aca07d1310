import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Random;

public class Evaluation {
    static final int N = 5;

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

    public static void main(String[] args) {
        Random random = new Random();
        int[][] maze = new int[N][N];
        for (int r = 0; r < N; r++) {
            for (int c = 0; c < N; c++) {
                int far = Math.max(Math.max(r, N - 1 - r), Math.max(c, N - 1 - c));
                maze[r][c] = 1 + random.nextInt(far);
            }
        }
        maze[N - 1][N - 1] = 0;
        int[][] depth = depths(maze);
        for (int[] row : maze) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < N; c++) {
                line.append(c > 0 ? " " : "").append(row[c]);
            }
            System.out.println(line);
        }
        System.out.println();
        System.out.println("Moves from start:");
        for (int[] row : depth) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < N; c++) {
                line.append(c > 0 ? " " : "").append(row[c] < 0 ? "--" : String.format("%2d", row[c]));
            }
            System.out.println(line);
        }
        System.out.println();
        int goal = depth[N - 1][N - 1];
        System.out.println(goal < 0 ? 1000000 : -goal);
    }
}
