use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::time::{SystemTime, UNIX_EPOCH};

const N: usize = 5;

struct Rng(u64);

impl Rng {
    fn new() -> Rng {
        let nanos = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_nanos() as u64;
        Rng(nanos ^ ((std::process::id() as u64) << 32) | 1)
    }

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

type Maze = [[usize; N]; N];

fn far(r: usize, c: usize) -> usize {
    r.max(N - 1 - r).max(c).max(N - 1 - c)
}

fn depths(m: &Maze) -> [[i32; N]; N] {
    let mut d = [[-1i32; N]; N];
    d[0][0] = 0;
    let mut queue = VecDeque::from([(0usize, 0usize)]);
    while let Some((r, c)) = queue.pop_front() {
        let j = m[r][c] as isize;
        if j == 0 {
            continue;
        }
        for (dr, dc) in [(-j, 0), (j, 0), (0, -j), (0, j)] {
            let (rr, cc) = (r as isize + dr, c as isize + dc);
            if rr < 0 || cc < 0 || rr >= N as isize || cc >= N as isize {
                continue;
            }
            let (rr, cc) = (rr as usize, cc as usize);
            if d[rr][cc] < 0 {
                d[rr][cc] = d[r][c] + 1;
                queue.push_back((rr, cc));
            }
        }
    }
    d
}

fn energy(m: &Maze) -> i32 {
    let g = depths(m)[N - 1][N - 1];
    if g < 0 { 1_000_000 } else { -g }
}

fn main() {
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    let iterations = loop {
        print!("Iterations? ");
        io::stdout().flush().unwrap();
        match lines.next() {
            Some(Ok(line)) => match line.trim().parse::<u64>() {
                Ok(i) if i > 0 => break i,
                _ => continue,
            },
            _ => std::process::exit(1),
        }
    };
    let mut rng = Rng::new();
    let mut m: Maze = [[0; N]; N];
    for r in 0..N {
        for c in 0..N {
            if r != N - 1 || c != N - 1 {
                m[r][c] = 1 + rng.below(far(r, c));
            }
        }
    }
    let mut e = energy(&m);
    let (mut best, mut best_e) = (m, e);
    for _ in 0..iterations {
        let cell = rng.below(N * N - 1);
        let (r, c) = (cell / N, cell % N);
        let old = m[r][c];
        let mut j = 1 + rng.below(far(r, c) - 1);
        if j >= old {
            j += 1;
        }
        m[r][c] = j;
        let e2 = energy(&m);
        if e2 <= e {
            e = e2;
            if e <= best_e {
                best = m;
                best_e = e;
            }
        } else {
            m[r][c] = old;
        }
    }
    let d = depths(&best);
    for row in best.iter() {
        let s: Vec<String> = row.iter().map(|j| j.to_string()).collect();
        println!("{}", s.join(" "));
    }
    println!();
    println!("Moves from start:");
    for row in d.iter() {
        let s: Vec<String> = row
            .iter()
            .map(|&x| if x < 0 { "--".to_string() } else { format!("{:2}", x) })
            .collect();
        println!("{}", s.join(" "));
    }
    println!();
    println!("{}", best_e);
}
