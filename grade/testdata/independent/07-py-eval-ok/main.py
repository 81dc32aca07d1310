import math
import random
import sys
from collections import deque

N = 5
NO_PATH = 1000000


def read_number(prompt, convert, ok):
    while True:
        print(prompt, end="", flush=True)
        line = sys.stdin.readline()
        if line == "":
            sys.exit(1)
        try:
            value = convert(line.strip())
        except ValueError:
            print("Please enter a valid value.", file=sys.stderr)
            continue
        if ok(value):
            return value
        print("Please enter a valid value.", file=sys.stderr)


def max_jump(r, c):
    return max(r, N - 1 - r, c, N - 1 - c)


def random_maze():
    maze = [[random.randint(1, max_jump(r, c)) for c in range(N)] for r in range(N)]
    maze[N - 1][N - 1] = 0
    return maze


def depths(maze):
    depth = [[-1] * N for _ in range(N)]
    depth[0][0] = 0
    queue = deque([(0, 0)])
    while queue:
        r, c = queue.popleft()
        k = maze[r][c]
        if k == 0:
            continue
        for dr, dc in ((k, 0), (-k, 0), (0, k), (0, -k)):
            nr, nc = r + dr, c + dc
            if 0 <= nr < N and 0 <= nc < N and depth[nr][nc] == -1:
                depth[nr][nc] = depth[r][c] + 1
                queue.append((nr, nc))
    return depth


def energy(maze):
    d = depths(maze)[N - 1][N - 1]
    if d < 0:
        return NO_PATH
    return -d


def print_maze(maze):
    for row in maze:
        print(" ".join(str(x) for x in row))


def print_evaluation(maze):
    print_maze(maze)
    print()
    print("Moves from start:")
    for row in depths(maze):
        print(" ".join("--" if d < 0 else "%2d" % d for d in row))
    print()
    print(energy(maze))


def step(maze):
    """Change one random non-goal cell to a different legal jump; return the undo info."""
    while True:
        r = random.randrange(N)
        c = random.randrange(N)
        if (r, c) != (N - 1, N - 1):
            break
    old = maze[r][c]
    choices = [k for k in range(1, max_jump(r, c) + 1) if k != old]
    maze[r][c] = random.choice(choices)
    return r, c, old


if __name__ == "__main__":
    print_evaluation(random_maze())
