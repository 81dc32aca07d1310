#!/usr/bin/env python3
"""A student's programs for "Rook Jumping Maze Generation for AI Education",
written for rjm's grade tests without rjm's code: every exercise, and planted
bugs that the grader must catch.

Usage: student.py EXERCISE [BUG]

EXERCISE is representation, evaluation, hill-descent, restarts, uphill or
annealing. BUG is one of println, depth, positive, offboard, ones, nosearch,
randomwalk, strict (no sideways steps), refuse (uphill: every uphill step
refused), hang, crash, flood. When the grader
sets RJM_GRADE_SEED, the random numbers are drawn from it, so a test run
repeats exactly.
"""
import math
import os
import random
import sys
import time

SIZE = 5
bug = sys.argv[2] if len(sys.argv) > 2 else ""


def ask(prompt):
    if bug == "println":
        print(prompt)
    else:
        sys.stdout.write(prompt)
    sys.stdout.flush()
    line = sys.stdin.readline()
    if not line:
        sys.exit("no answer to " + prompt)
    return line.strip()


def max_jump(n, r, c):
    return max(r, n - 1 - r, c, n - 1 - c)


def random_maze(n):
    maze = []
    for r in range(n):
        row = []
        for c in range(n):
            if bug == "ones":
                row.append(1)
            elif bug == "offboard":
                row.append(random.randint(1, n - 1))
            else:
                row.append(random.randint(1, max_jump(n, r, c)))
        maze.append(row)
    maze[n - 1][n - 1] = 0
    return maze


def depths(maze):
    n = len(maze)
    depth = [[-1] * n for _ in range(n)]
    depth[0][0] = 1 if bug == "depth" else 0
    queue = [(0, 0)]
    for r, c in queue:
        j = maze[r][c]
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            rr, cc = r + dr * j, c + dc * j
            if j > 0 and 0 <= rr < n and 0 <= cc < n and depth[rr][cc] < 0:
                depth[rr][cc] = depth[r][c] + 1
                queue.append((rr, cc))
    return depth


def objective(maze):
    d = depths(maze)[-1][-1]
    if d < 0:
        return 1000000
    return d if bug == "positive" else -d


def print_maze(maze):
    for row in maze:
        print(" ".join(str(j) for j in row))


def print_evaluation(maze):
    print_maze(maze)
    print()
    print("Moves from start:")
    for row in depths(maze):
        print(" ".join("--" if d < 0 else "%2d" % d for d in row))
    print()
    print(objective(maze))


def step(maze):
    """Changes the jump of a random non-goal cell to another legal jump and
    returns how to undo it."""
    n = len(maze)
    while True:
        r, c = random.randrange(n), random.randrange(n)
        if (r, c) != (n - 1, n - 1):
            break
    old = maze[r][c]
    new = random.randint(1, max_jump(n, r, c) - 1)
    if new >= old:
        new += 1
    maze[r][c] = new
    return r, c, old


def search(iterations, accept_uphill):
    """Descends from a random maze, accepting a worse maze when
    accept_uphill(energy, new energy) says so; returns the best maze and its
    energy."""
    maze = random_maze(SIZE)
    energy = objective(maze)
    best, best_energy = [row[:] for row in maze], energy
    if bug == "nosearch":
        return best, best_energy
    for _ in range(iterations):
        r, c, old = step(maze)
        e = objective(maze)
        sideways = e == energy and bug != "strict"
        if e < energy or sideways or bug == "randomwalk" or accept_uphill(energy, e):
            energy = e
            if energy <= best_energy:
                best, best_energy = [row[:] for row in maze], energy
        else:
            maze[r][c] = old
    return best, best_energy


def misbehave():
    if bug == "hang":
        time.sleep(3600)
    elif bug == "crash":
        raise RuntimeError("planted crash")
    elif bug == "flood":
        while True:
            print("1 2 3 4 5")


def main():
    if os.environ.get("RJM_GRADE_SEED"):
        random.seed(int(os.environ["RJM_GRADE_SEED"]))
    exercise = sys.argv[1]
    if exercise == "representation":
        while True:
            answer = ask("Rook Jumping Maze size (5-10)? ")
            if answer.isdigit() and 5 <= int(answer) <= 10:
                break
        misbehave()
        print_maze(random_maze(int(answer)))
        return
    if exercise == "evaluation":
        misbehave()
        print_evaluation(random_maze(SIZE))
        return
    iterations = int(ask("Iterations? "))
    if exercise == "hill-descent":
        misbehave()
        best, _ = search(iterations, lambda e, e2: False)
    elif exercise == "restarts":
        descents = int(ask("Hill descents? "))
        misbehave()
        best, best_energy = None, math.inf
        for _ in range(descents):
            maze, energy = search(iterations, lambda e, e2: False)
            if energy <= best_energy:
                best, best_energy = maze, energy
    elif exercise == "uphill":
        p = float(ask("Uphill step probability? "))
        misbehave()
        # refuse: every uphill step refused, whatever the probability.
        best, _ = search(iterations, lambda e, e2: bug != "refuse" and random.random() < p)
    elif exercise == "annealing":
        temperature = float(ask("Initial temperature? "))
        decay = float(ask("Decay rate? "))
        misbehave()
        best, _ = anneal(iterations, temperature, decay)
    else:
        sys.exit("unknown exercise " + exercise)
    print_evaluation(best)


def anneal(iterations, temperature, decay):
    maze = random_maze(SIZE)
    energy = objective(maze)
    best, best_energy = [row[:] for row in maze], energy
    if bug == "nosearch":
        return best, best_energy
    for _ in range(iterations):
        r, c, old = step(maze)
        e = objective(maze)
        if e <= energy or random.random() < math.exp((energy - e) / temperature):
            energy = e
            if energy <= best_energy:
                best, best_energy = [row[:] for row in maze], energy
        else:
            maze[r][c] = old
        temperature *= decay
    return best, best_energy


main()
