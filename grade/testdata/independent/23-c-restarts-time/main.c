#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>
#include <unistd.h>

#define N 5
#define NO_PATH 1000000

int maze[N][N];
int best[N][N];
int depth[N][N];

int max_jump(int r, int c) {
    int m = r;
    if (N - 1 - r > m) m = N - 1 - r;
    if (c > m) m = c;
    if (N - 1 - c > m) m = N - 1 - c;
    return m;
}

void random_maze(void) {
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++)
            maze[r][c] = 1 + rand() % max_jump(r, c);
    maze[N - 1][N - 1] = 0;
}

void bfs(int m[N][N]) {
    int queue[N * N][2];
    int head = 0, tail = 0;
    int dr[4] = {1, -1, 0, 0}, dc[4] = {0, 0, 1, -1};
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++)
            depth[r][c] = -1;
    depth[0][0] = 0;
    queue[tail][0] = 0; queue[tail][1] = 0; tail++;
    while (head < tail) {
        int r = queue[head][0], c = queue[head][1];
        head++;
        int k = m[r][c];
        if (k == 0) continue;
        for (int i = 0; i < 4; i++) {
            int nr = r + dr[i] * k, nc = c + dc[i] * k;
            if (nr >= 0 && nr < N && nc >= 0 && nc < N && depth[nr][nc] == -1) {
                depth[nr][nc] = depth[r][c] + 1;
                queue[tail][0] = nr; queue[tail][1] = nc; tail++;
            }
        }
    }
}

int energy(int m[N][N]) {
    bfs(m);
    if (depth[N - 1][N - 1] < 0) return NO_PATH;
    return -depth[N - 1][N - 1];
}

void print_evaluation(int m[N][N]) {
    for (int r = 0; r < N; r++) {
        for (int c = 0; c < N; c++)
            printf(c == 0 ? "%d" : " %d", m[r][c]);
        printf("\n");
    }
    printf("\nMoves from start:\n");
    int e = energy(m);
    for (int r = 0; r < N; r++) {
        for (int c = 0; c < N; c++) {
            if (c > 0) printf(" ");
            if (depth[r][c] < 0) printf("--");
            else printf("%2d", depth[r][c]);
        }
        printf("\n");
    }
    printf("\n%d\n", e);
}

/* change one random non-goal cell to a different legal jump; returns old value in *old */
void step(int *sr, int *sc, int *old) {
    int r, c;
    do {
        r = rand() % N;
        c = rand() % N;
    } while (r == N - 1 && c == N - 1);
    int m = max_jump(r, c);
    int k = 1 + rand() % (m - 1);   /* one of the m-1 other values */
    if (k >= maze[r][c]) k++;
    *sr = r; *sc = c; *old = maze[r][c];
    maze[r][c] = k;
}

void save_best(void) { memcpy(best, maze, sizeof maze); }

int read_int(const char *prompt, int lo) {
    int v;
    char line[256];
    for (;;) {
        printf("%s", prompt);
        fflush(stdout);
        if (!fgets(line, sizeof line, stdin)) exit(1);
        if (sscanf(line, "%d", &v) == 1 && v >= lo) return v;
        fprintf(stderr, "invalid input\n");
    }
}

double read_double(const char *prompt, double lo, double hi) {
    double v;
    char line[256];
    for (;;) {
        printf("%s", prompt);
        fflush(stdout);
        if (!fgets(line, sizeof line, stdin)) exit(1);
        if (sscanf(line, "%lf", &v) == 1 && v >= lo && v <= hi) return v;
        fprintf(stderr, "invalid input\n");
    }
}

int main(void) {
    srand((unsigned) time(NULL));
    int iterations = read_int("Iterations? ", 1);
    int descents = read_int("Hill descents? ", 1);
    int best_e = NO_PATH + 1;
    for (int d = 0; d < descents; d++) {
        random_maze();
        int e = energy(maze);
        if (e <= best_e) { best_e = e; save_best(); }
        for (int i = 0; i < iterations; i++) {
            int r, c, old;
            step(&r, &c, &old);
            int ne = energy(maze);
            if (ne <= e) {
                e = ne;
                if (e <= best_e) { best_e = e; save_best(); }
            } else {
                maze[r][c] = old;
            }
        }
    }
    print_evaluation(best);
    return 0;
}
