import random


def legal_jumps(n, r, c):
    return list(range(1, max(r, n - 1 - r, c, n - 1 - c) + 1))


def random_maze(n):
    maze = [[random.choice(legal_jumps(n, r, c)) for c in range(n)] for r in range(n)]
    maze[n - 1][n - 1] = 0
    return maze


def ask_size():
    while True:
        line = input("Rook Jumping Maze size (5-10)? ")
        try:
            n = int(line)
        except ValueError:
            continue
        if 5 <= n <= 10:
            return n


if __name__ == "__main__":
    n = ask_size()
    for row in random_maze(n):
        print(" ".join(str(j) for j in row))
