#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int max_jump(int n, int r, int c) {
    int m = r;
    if (n - 1 - r > m) m = n - 1 - r;
    if (c > m) m = c;
    if (n - 1 - c > m) m = n - 1 - c;
    return m;
}

int main(void) {
    int n = 0;
    char line[128];
    srand((unsigned) time(NULL));
    for (;;) {
        printf("Rook Jumping Maze size (5-10)? ");
        fflush(stdout);
        if (fgets(line, sizeof line, stdin) == NULL)
            return 1;
        if (sscanf(line, "%d", &n) == 1 && n >= 5 && n <= 10)
            break;
    }
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            int jump = (r == n - 1 && c == n - 1) ? 0 : 1 + rand() % max_jump(n, r, c);
            printf(c ? " %d" : "%d", jump);
        }
        printf("\n");
    }
    return 0;
}
