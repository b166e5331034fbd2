//! Rust failures for the judge's evil suite: `evil MODE TOKEN`.
use std::hint::black_box;

/// One frame of a deep recursion that the optimiser cannot flatten.
#[inline(never)]
fn depth(n: u64) -> u64 {
    let frame = black_box([n; 4]);
    if n == 0 {
        frame[0]
    } else {
        depth(n - 1) + frame[1] - n + 1
    }
}

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_default();
    match mode.as_str() {
        "panic" => panic!("on purpose"),
        "threads" => {
            let burners: Vec<_> = (0..4)
                .map(|_| std::thread::spawn(|| loop { black_box(0u64); }))
                .collect();
            for burner in burners {
                let _ = burner.join();
            }
        }
        "alloc" => {
            let mut grow: Vec<u64> = Vec::new();
            loop {
                grow.push(black_box(1));
            }
        }
        "threads-recursion" => {
            // An honest program: eight threads, then a 200 000-frame recursion.
            let threads: Vec<_> = (0..8u64)
                .map(|t| std::thread::spawn(move || (0..1u64 << 16).map(|x| x ^ t).sum::<u64>()))
                .collect();
            let total: u64 = threads.into_iter().map(|t| t.join().unwrap_or(0)).sum();
            if black_box(total) > 0 && depth(200_000) == 200_000 {
                println!("second");
            }
        }
        _ => std::process::exit(64),
    }
}
