import random
import sys
from collections import deque

# Defect: everything is printed on standard error.

N = 5


def out(*args):
    print(*args, file=sys.stderr)


maze = [[random.randint(1, max(r, N - 1 - r, c, N - 1 - c)) for c in range(N)] for r in range(N)]
maze[N - 1][N - 1] = 0
depth = [[-1] * N for _ in range(N)]
depth[0][0] = 0
queue = deque([(0, 0)])
while queue:
    r, c = queue.popleft()
    j = maze[r][c]
    for rr, cc in ((r - j, c), (r + j, c), (r, c - j), (r, c + j)):
        if 0 <= rr < N and 0 <= cc < N and depth[rr][cc] < 0:
            depth[rr][cc] = depth[r][c] + 1
            queue.append((rr, cc))

for row in maze:
    out(" ".join(map(str, row)))
out()
out("Moves from start:")
for row in depth:
    out(" ".join("--" if d < 0 else "%2d" % d for d in row))
out()
out(1000000 if depth[N - 1][N - 1] < 0 else -depth[N - 1][N - 1])
