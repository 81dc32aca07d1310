// A correct representation program in TypeScript (tsc, then node), in two
// files. Node's names are declared here, as a project without @types/node
// must.
import { randomMaze } from "./maze";

declare const process: {
  stdin: { on(event: string, f: (chunk: string) => void): void; setEncoding(e: string): void; pause(): void };
  stdout: { write(s: string): void };
  exit(code: number): never;
};

const prompt = "Rook Jumping Maze size (5-10)? ";
let pending = "";
let done = false;
process.stdin.setEncoding("utf8");
process.stdout.write(prompt);
process.stdin.on("data", (chunk: string) => {
  pending += chunk;
  let nl: number;
  while (!done && (nl = pending.search(/[\r\n]/)) >= 0) {
    const line = pending.slice(0, nl);
    pending = pending.slice(nl + 1);
    const n = parseInt(line.trim(), 10);
    if (!(n >= 5 && n <= 10)) {
      process.stdout.write(prompt);
      continue;
    }
    done = true;
    process.stdout.write(randomMaze(n).map((row) => row.join(" ")).join("\n") + "\n");
    process.stdin.pause(); // a terminal's input does not end: stop reading it
  }
});
process.stdin.on("end", () => {
  if (!done) process.exit(1);
});
