// A correct representation program in Rust, built with cargo.
use std::io::{self, BufRead, Write};

fn main() {
    let mut seed: u64 = std::env::var("RJM_GRADE_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(1);
    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407) | 1;
    let mut next = move |bound: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % bound
    };
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    let mut n: usize = 0;
    while !(5..=10).contains(&n) {
        print!("Rook Jumping Maze size (5-10)? ");
        io::stdout().flush().unwrap();
        match lines.next() {
            Some(Ok(line)) => n = line.trim().parse().unwrap_or(0),
            _ => std::process::exit(1),
        }
    }
    for r in 0..n {
        let mut row = Vec::new();
        for c in 0..n {
            let j = if r == n - 1 && c == n - 1 {
                0
            } else {
                let m = r.max(n - 1 - r).max(c).max(n - 1 - c) as u64;
                1 + next(m)
            };
            row.push(j.to_string());
        }
        println!("{}", row.join(" "));
    }
}
