import random

# Defect: any size is accepted; 4 and 11 are not asked again.

n = int(input("Rook Jumping Maze size (5-10)? "))
for r in range(n):
    jumps = []
    for c in range(n):
        if (r, c) == (n - 1, n - 1):
            jumps.append(0)
        else:
            jumps.append(random.randint(1, max(r, n - 1 - r, c, n - 1 - c)))
    print(" ".join(str(j) for j in jumps))
