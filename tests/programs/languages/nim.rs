//! A correct solution to `nim` in Rust: Bouton's theorem, the first winning move.
use std::io::Read;

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let mut words = text.split_whitespace().map(|w| w.parse::<u64>().unwrap());
    let cases = words.next().unwrap();
    for _ in 0..cases {
        let n = words.next().unwrap() as usize;
        let heaps: Vec<u64> = (0..n).map(|_| words.next().unwrap()).collect();
        let x = heaps.iter().fold(0, |a, h| a ^ h);
        match heaps.iter().position(|&h| h ^ x < h) {
            Some(i) if x != 0 => println!("first {} {}", i + 1, heaps[i] ^ x),
            _ => println!("second"),
        }
    }
}
