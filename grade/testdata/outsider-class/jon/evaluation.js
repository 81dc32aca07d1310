'use strict';

// Defect: the depths are not right-justified in two characters.

const N = 5;

function randomMaze() {
  const maze = [];
  for (let r = 0; r < N; r++) {
    const row = [];
    for (let c = 0; c < N; c++) {
      const far = Math.max(r, N - 1 - r, c, N - 1 - c);
      row.push(1 + Math.floor(Math.random() * far));
    }
    maze.push(row);
  }
  maze[N - 1][N - 1] = 0;
  return maze;
}

function depths(maze) {
  const d = maze.map((row) => row.map(() => -1));
  d[0][0] = 0;
  const queue = [[0, 0]];
  while (queue.length > 0) {
    const [r, c] = queue.shift();
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

const maze = randomMaze();
const d = depths(maze);
const lines = maze.map((row) => row.join(' '));
lines.push('', 'Moves from start:');
for (const row of d) {
  lines.push(row.map((x) => (x < 0 ? '--' : String(x))).join(' '));
}
lines.push('', String(d[N - 1][N - 1] < 0 ? 1000000 : -d[N - 1][N - 1]));
console.log(lines.join('\n'));
