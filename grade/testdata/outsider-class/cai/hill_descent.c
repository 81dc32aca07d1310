#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Defect: a step that makes the maze worse is never undone, so the
   "descent" is a random walk, and the maze printed is the last one. */

#define N 5

static int maze[N][N];
static int depth[N][N];

static int maxjump(int r, int c) {
	int m = r;
	if (N - 1 - r > m) m = N - 1 - r;
	if (c > m) m = c;
	if (N - 1 - c > m) m = N - 1 - c;
	return m;
}

static int evaluate(void) {
	int qr[N * N], qc[N * N], head = 0, tail = 0;
	memset(depth, -1, sizeof depth);
	depth[0][0] = 0;
	qr[tail] = 0; qc[tail] = 0; tail++;
	while (head < tail) {
		int r = qr[head], c = qc[head]; head++;
		int j = maze[r][c];
		int nr[4] = {r - j, r + j, r, r}, nc[4] = {c, c, c - j, c + j};
		for (int k = 0; k < 4; k++) {
			if (j == 0 || nr[k] < 0 || nr[k] >= N || nc[k] < 0 || nc[k] >= N) continue;
			if (depth[nr[k]][nc[k]] >= 0) continue;
			depth[nr[k]][nc[k]] = depth[r][c] + 1;
			qr[tail] = nr[k]; qc[tail] = nc[k]; tail++;
		}
	}
	return depth[N - 1][N - 1] < 0 ? 1000000 : -depth[N - 1][N - 1];
}

int main(void) {
	int iterations = 0;
	srand((unsigned) time(NULL) ^ (unsigned) getpid());
	for (;;) {
		printf("Iterations? ");
		if (scanf("%d", &iterations) == 1 && iterations > 0) break;
		if (feof(stdin)) return 1;
		scanf("%*s");
	}
	for (int r = 0; r < N; r++)
		for (int c = 0; c < N; c++)
			maze[r][c] = (r == N - 1 && c == N - 1) ? 0 : 1 + rand() % maxjump(r, c);
	for (int i = 0; i < iterations; i++) {
		int cell = rand() % (N * N - 1);
		int r = cell / N, c = cell % N;
		int j;
		do {
			j = 1 + rand() % maxjump(r, c);
		} while (j == maze[r][c]);
		maze[r][c] = j;
	}
	int e = evaluate();
	for (int r = 0; r < N; r++) {
		for (int c = 0; c < N; c++) printf(c ? " %d" : "%d", maze[r][c]);
		printf("\n");
	}
	printf("\nMoves from start:\n");
	for (int r = 0; r < N; r++) {
		for (int c = 0; c < N; c++) {
			if (c) printf(" ");
			if (depth[r][c] < 0) printf("--"); else printf("%2d", depth[r][c]);
		}
		printf("\n");
	}
	printf("\n%d\n", e);
	return 0;
}
