#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

/* Defect: the largest jump is one too many (the distance to the farthest
   edge, plus one), so a cell may get a jump that leaves the board in every
   direction. */

int main(void) {
	int n;
	srand((unsigned) time(NULL) * 31u + (unsigned) getpid());
	do {
		printf("Rook Jumping Maze size (5-10)? ");
		if (scanf("%d", &n) != 1) return 1;
	} while (n < 5 || n > 10);
	for (int r = 0; r < n; r++) {
		for (int c = 0; c < n; c++) {
			int far = r;
			if (n - 1 - r > far) far = n - 1 - r;
			if (c > far) far = c;
			if (n - 1 - c > far) far = n - 1 - c;
			int jump = (r == n - 1 && c == n - 1) ? 0 : 1 + rand() % (far + 1);
			printf("%d%s", jump, c == n - 1 ? "\n" : " ");
		}
	}
	return 0;
}
