'use strict';

const readline = require('readline');

const N = 5;

const far = (r, c) => Math.max(r, N - 1 - r, c, N - 1 - c);
const randomInt = (lo, hi) => lo + Math.floor(Math.random() * (hi - lo + 1));

function depths(maze) {
  const d = maze.map((row) => row.map(() => -1));
  d[0][0] = 0;
  const queue = [[0, 0]];
  for (let head = 0; head < queue.length; head++) {
    const [r, c] = queue[head];
    const j = maze[r][c];
    if (j === 0) continue;
    for (const [rr, cc] of [[r - j, c], [r + j, c], [r, c - j], [r, c + j]]) {
      if (rr >= 0 && rr < N && cc >= 0 && cc < N && d[rr][cc] < 0) {
        d[rr][cc] = d[r][c] + 1;
        queue.push([rr, cc]);
      }
    }
  }
  return d;
}

function energy(maze) {
  const g = depths(maze)[N - 1][N - 1];
  return g < 0 ? 1000000 : -g;
}

function descend(iterations) {
  const maze = [];
  for (let r = 0; r < N; r++) {
    maze.push([]);
    for (let c = 0; c < N; c++) maze[r].push(randomInt(1, far(r, c)));
  }
  maze[N - 1][N - 1] = 0;
  let e = energy(maze);
  let best = maze.map((row) => row.slice());
  let bestE = e;
  for (let i = 0; i < iterations; i++) {
    const cell = randomInt(0, N * N - 2);
    const r = Math.floor(cell / N);
    const c = cell % N;
    const old = maze[r][c];
    let j = randomInt(1, far(r, c) - 1);
    if (j >= old) j++;
    maze[r][c] = j;
    const e2 = energy(maze);
    if (e2 <= e) {
      e = e2;
      if (e <= bestE) {
        bestE = e;
        best = maze.map((row) => row.slice());
      }
    } else {
      maze[r][c] = old;
    }
  }
  return [best, bestE];
}

function print(best, bestE) {
  const d = depths(best);
  const out = best.map((row) => row.join(' '));
  out.push('', 'Moves from start:');
  for (const row of d) out.push(row.map((x) => (x < 0 ? '--' : String(x).padStart(2))).join(' '));
  out.push('', String(bestE));
  process.stdout.write(out.join('\n') + '\n');
}

async function main() {
  const rl = readline.createInterface({ input: process.stdin, terminal: false });
  const lines = rl[Symbol.asyncIterator]();
  for (;;) {
    process.stdout.write('Iterations? ');
    const { value, done } = await lines.next();
    if (done) process.exit(1);
    const iterations = Number.parseInt(value.trim(), 10);
    if (Number.isInteger(iterations) && iterations > 0) {
      rl.close();
      const [best, bestE] = descend(iterations);
      print(best, bestE);
      return;
    }
  }
}

main();
