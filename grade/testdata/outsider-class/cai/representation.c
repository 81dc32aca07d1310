#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int max4(int a, int b, int c, int d) {
	int m = a;
	if (b > m) m = b;
	if (c > m) m = c;
	if (d > m) m = d;
	return m;
}

int main(void) {
	int n = 0;
	srand((unsigned) time(NULL));
	for (;;) {
		printf("Rook Jumping Maze size (5-10)? ");
		if (scanf("%d", &n) != 1) {
			int ch;
			if (feof(stdin)) return 1;
			while ((ch = getchar()) != '\n' && ch != EOF) {
			}
			continue;
		}
		if (n >= 5 && n <= 10) break;
	}
	for (int r = 0; r < n; r++) {
		for (int c = 0; c < n; c++) {
			int jump = 0;
			if (r != n - 1 || c != n - 1)
				jump = 1 + rand() % max4(r, n - 1 - r, c, n - 1 - c);
			printf(c ? " %d" : "%d", jump);
		}
		printf("\n");
	}
	return 0;
}
