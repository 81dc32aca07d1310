// Defect: print! leaves the prompt in the line buffer of standard output
// (no flush), so on a terminal the prompt is not shown before the answer.
use std::io::{self, BufRead};
use std::time::{SystemTime, UNIX_EPOCH};

struct Rng(u64);

impl Rng {
    fn new() -> Rng {
        let nanos = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_nanos() as u64;
        Rng(nanos ^ ((std::process::id() as u64) << 32) | 1)
    }

    // xorshift64*
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545F4914F6CDD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn main() {
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    let n = loop {
        print!("Rook Jumping Maze size (5-10)? ");
        let line = match lines.next() {
            Some(Ok(line)) => line,
            _ => std::process::exit(1),
        };
        match line.trim().parse::<usize>() {
            Ok(n) if (5..=10).contains(&n) => break n,
            _ => continue,
        }
    };
    let mut rng = Rng::new();
    for r in 0..n {
        let row: Vec<String> = (0..n)
            .map(|c| {
                if r == n - 1 && c == n - 1 {
                    0
                } else {
                    let far = r.max(n - 1 - r).max(c).max(n - 1 - c);
                    1 + rng.below(far)
                }
            })
            .map(|j| j.to_string())
            .collect();
        println!("{}", row.join(" "));
    }
}
