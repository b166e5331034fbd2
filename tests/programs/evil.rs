//! Rust failures for the judge's evil suite: `evil MODE TOKEN`.
use std::hint::black_box;

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
        _ => std::process::exit(64),
    }
}
