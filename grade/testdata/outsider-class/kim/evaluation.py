import random
from collections import deque

# Defect: the objective is the goal's depth, not its negation.

SIZE = 5
GOAL = (SIZE - 1, SIZE - 1)

grid = {}
for r in range(SIZE):
    for c in range(SIZE):
        grid[r, c] = random.randint(1, max(r, SIZE - 1 - r, c, SIZE - 1 - c))
grid[GOAL] = 0

dist = {(0, 0): 0}
todo = deque([(0, 0)])
while todo:
    r, c = todo.popleft()
    j = grid[r, c]
    for nxt in ((r - j, c), (r + j, c), (r, c - j), (r, c + j)):
        if 0 <= nxt[0] < SIZE and 0 <= nxt[1] < SIZE and nxt not in dist:
            dist[nxt] = dist[r, c] + 1
            todo.append(nxt)

for r in range(SIZE):
    print(" ".join(str(grid[r, c]) for c in range(SIZE)))
print()
print("Moves from start:")
for r in range(SIZE):
    print(" ".join("%2d" % dist[r, c] if (r, c) in dist else "--" for c in range(SIZE)))
print()
print(dist[GOAL] if GOAL in dist else 1000000)
