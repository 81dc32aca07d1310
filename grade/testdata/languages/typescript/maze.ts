// A random maze for a correct representation program in TypeScript:
// each cell's jump drawn uniformly from its legal jumps, the goal 0.
export function randomMaze(n: number): number[][] {
  const rows: number[][] = [];
  for (let r = 0; r < n; r++) {
    const row: number[] = [];
    for (let c = 0; c < n; c++) {
      const m = Math.max(r, n - 1 - r, c, n - 1 - c);
      row.push(r === n - 1 && c === n - 1 ? 0 : 1 + Math.floor(Math.random() * m));
    }
    rows.push(row);
  }
  return rows;
}
