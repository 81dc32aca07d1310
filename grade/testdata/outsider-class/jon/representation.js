'use strict';

// Defect: the whole of standard input is read at once (until end of file),
// so on a terminal the program waits after the answer is typed.

const fs = require('fs');

const answers = fs.readFileSync(0, 'utf8').split('\n');
let n = 0;
for (;;) {
  process.stdout.write('Rook Jumping Maze size (5-10)? ');
  if (answers.length === 0) process.exit(1);
  n = parseInt(answers.shift(), 10);
  if (n >= 5 && n <= 10) break;
}
for (let r = 0; r < n; r++) {
  const row = [];
  for (let c = 0; c < n; c++) {
    const far = Math.max(r, n - 1 - r, c, n - 1 - c);
    row.push(r === n - 1 && c === n - 1 ? 0 : 1 + Math.floor(Math.random() * far));
  }
  console.log(row.join(' '));
}
