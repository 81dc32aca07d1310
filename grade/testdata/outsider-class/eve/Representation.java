import java.util.Random;
import java.util.Scanner;

public class Representation {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        Random random = new Random();
        int n = 0;
        while (n < 5 || n > 10) {
            System.out.print("Rook Jumping Maze size (5-10)? ");
            System.out.flush();
            if (!in.hasNextLine()) {
                return;
            }
            try {
                n = Integer.parseInt(in.nextLine().trim());
            } catch (NumberFormatException e) {
                n = 0;
            }
        }
        for (int r = 0; r < n; r++) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < n; c++) {
                int far = Math.max(Math.max(r, n - 1 - r), Math.max(c, n - 1 - c));
                int jump = (r == n - 1 && c == n - 1) ? 0 : 1 + random.nextInt(far);
                if (c > 0) {
                    line.append(' ');
                }
                line.append(jump);
            }
            System.out.println(line);
        }
    }
}
