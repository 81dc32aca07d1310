// A correct representation program in JavaScript (node).
const readline = require("readline");
const prompt = "Rook Jumping Maze size (5-10)? ";
const rl = readline.createInterface({ input: process.stdin });
process.stdout.write(prompt);
let done = false;
rl.on("line", (line) => {
  if (done) return;
  const n = parseInt(line.trim(), 10);
  if (!(n >= 5 && n <= 10)) {
    process.stdout.write(prompt);
    return;
  }
  done = true;
  for (let r = 0; r < n; r++) {
    const row = [];
    for (let c = 0; c < n; c++) {
      const m = Math.max(r, n - 1 - r, c, n - 1 - c);
      row.push(r === n - 1 && c === n - 1 ? 0 : 1 + Math.floor(Math.random() * m));
    }
    console.log(row.join(" "));
  }
  rl.close();
});
rl.on("close", () => { if (!done) process.exit(1); });
