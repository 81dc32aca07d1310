import random
from collections import deque

N = 5


def random_maze():
    maze = [[random.randint(1, max(r, N - 1 - r, c, N - 1 - c)) for c in range(N)] for r in range(N)]
    maze[N - 1][N - 1] = 0
    return maze


def depths(maze):
    d = [[None] * N for _ in range(N)]
    d[0][0] = 0
    q = deque([(0, 0)])
    while q:
        r, c = q.popleft()
        j = maze[r][c]
        for dr, dc in ((-j, 0), (j, 0), (0, -j), (0, j)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < N and 0 <= cc < N and d[rr][cc] is None:
                d[rr][cc] = d[r][c] + 1
                q.append((rr, cc))
    return d


def objective(d):
    goal = d[N - 1][N - 1]
    return 1000000 if goal is None else -goal


def show(maze):
    for row in maze:
        print(" ".join(str(j) for j in row))
    print()
    print("Moves from start:")
    d = depths(maze)
    for row in d:
        print(" ".join("--" if x is None else "%2d" % x for x in row))
    print()
    print(objective(d))


if __name__ == "__main__":
    show(random_maze())
