#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

/* Defect: the start cell is given depth 1, so every depth is one too many. */

#define N 5

int main(void) {
	int maze[N][N], depth[N][N], queue[N * N], head = 0, tail = 0;
	srand((unsigned) time(NULL) * 31u + (unsigned) getpid());
	for (int r = 0; r < N; r++) {
		for (int c = 0; c < N; c++) {
			int far = r;
			if (N - 1 - r > far) far = N - 1 - r;
			if (c > far) far = c;
			if (N - 1 - c > far) far = N - 1 - c;
			maze[r][c] = 1 + rand() % far;
			depth[r][c] = -1;
		}
	}
	maze[N - 1][N - 1] = 0;
	depth[0][0] = 1;
	queue[tail++] = 0;
	while (head < tail) {
		int r = queue[head] / N, c = queue[head] % N, j = maze[r][c];
		head++;
		if (j == 0) continue;
		int to[4][2] = {{r - j, c}, {r + j, c}, {r, c - j}, {r, c + j}};
		for (int k = 0; k < 4; k++) {
			int rr = to[k][0], cc = to[k][1];
			if (rr < 0 || rr >= N || cc < 0 || cc >= N || depth[rr][cc] != -1) continue;
			depth[rr][cc] = depth[r][c] + 1;
			queue[tail++] = rr * N + cc;
		}
	}
	for (int r = 0; r < N; r++)
		for (int c = 0; c < N; c++)
			printf("%d%s", maze[r][c], c == N - 1 ? "\n" : " ");
	printf("\nMoves from start:\n");
	for (int r = 0; r < N; r++) {
		for (int c = 0; c < N; c++) {
			if (depth[r][c] < 0) printf("--"); else printf("%2d", depth[r][c]);
			printf(c == N - 1 ? "\n" : " ");
		}
	}
	printf("\n%d\n", depth[N - 1][N - 1] < 0 ? 1000000 : -depth[N - 1][N - 1]);
	return 0;
}
