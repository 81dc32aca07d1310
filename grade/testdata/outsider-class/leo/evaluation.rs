use std::time::{SystemTime, UNIX_EPOCH};

const N: usize = 5;

fn main() {
    let mut seed = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_nanos() as u64
        ^ ((std::process::id() as u64) << 32)
        | 1;
    let mut next = move |k: usize| -> usize {
        seed ^= seed >> 12;
        seed ^= seed << 25;
        seed ^= seed >> 27;
        (seed.wrapping_mul(0x2545F4914F6CDD1D) % k as u64) as usize
    };
    let mut maze = [[0usize; N]; N];
    for r in 0..N {
        for c in 0..N {
            if r != N - 1 || c != N - 1 {
                let far = r.max(N - 1 - r).max(c).max(N - 1 - c);
                maze[r][c] = 1 + next(far);
            }
        }
    }
    let mut depth = [[None::<u32>; N]; N];
    depth[0][0] = Some(0);
    let mut queue = std::collections::VecDeque::new();
    queue.push_back((0i64, 0i64));
    while let Some((r, c)) = queue.pop_front() {
        let j = maze[r as usize][c as usize] as i64;
        let here = depth[r as usize][c as usize].unwrap();
        for (rr, cc) in [(r - j, c), (r + j, c), (r, c - j), (r, c + j)] {
            if j > 0 && rr >= 0 && cc >= 0 && rr < N as i64 && cc < N as i64 {
                if depth[rr as usize][cc as usize].is_none() {
                    depth[rr as usize][cc as usize] = Some(here + 1);
                    queue.push_back((rr, cc));
                }
            }
        }
    }
    for row in maze.iter() {
        println!("{}", row.iter().map(|j| j.to_string()).collect::<Vec<_>>().join(" "));
    }
    println!();
    println!("Moves from start:");
    for row in depth.iter() {
        let cells: Vec<String> = row
            .iter()
            .map(|d| match d {
                Some(d) => format!("{:>2}", d),
                None => "--".to_string(),
            })
            .collect();
        println!("{}", cells.join(" "));
    }
    println!();
    match depth[N - 1][N - 1] {
        Some(d) => println!("-{}", d),
        None => println!("1000000"),
    }
}
