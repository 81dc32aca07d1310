import random
from collections import deque

N = 5


def max_jump(r, c):
    return max(r, N - 1 - r, c, N - 1 - c)


def random_maze():
    maze = [[random.randint(1, max_jump(r, c)) for c in range(N)] for r in range(N)]
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


def energy(maze):
    goal = depths(maze)[N - 1][N - 1]
    return 1000000 if goal is None else -goal


def ask_iterations():
    while True:
        try:
            n = int(input("Iterations? "))
        except ValueError:
            continue
        if n > 0:
            return n


def main():
    iterations = ask_iterations()
    maze = random_maze()
    e = energy(maze)
    best, best_e = [row[:] for row in maze], e
    cells = [(r, c) for r in range(N) for c in range(N) if (r, c) != (N - 1, N - 1)]
    for _ in range(iterations):
        r, c = random.choice(cells)
        old = maze[r][c]
        maze[r][c] = random.choice([j for j in range(1, max_jump(r, c) + 1) if j != old])
        e2 = energy(maze)
        if e2 <= e:
            e = e2
            if e <= best_e:
                best, best_e = [row[:] for row in maze], e
        else:
            maze[r][c] = old
    for row in best:
        print(" ".join(str(j) for j in row))
    print()
    print("Moves from start:")
    d = depths(best)
    for row in d:
        print(" ".join("--" if x is None else "%2d" % x for x in row))
    print()
    print(best_e)


if __name__ == "__main__":
    main()
