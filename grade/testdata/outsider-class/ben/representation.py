import random
import sys

# Defect: the prompt is written without a flush, and the answer is read with
# sys.stdin.readline (which, unlike input(), does not flush standard output).


def ask_size():
    while True:
        sys.stdout.write("Rook Jumping Maze size (5-10)? ")
        line = sys.stdin.readline()
        if not line:
            sys.exit(1)
        try:
            n = int(line)
        except ValueError:
            continue
        if 5 <= n <= 10:
            return n


def main():
    n = ask_size()
    for r in range(n):
        row = []
        for c in range(n):
            if r == n - 1 and c == n - 1:
                row.append(0)
            else:
                row.append(random.randint(1, max(r, n - 1 - r, c, n - 1 - c)))
        print(" ".join(map(str, row)))


main()
