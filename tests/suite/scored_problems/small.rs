// Partial for "Take 1, 3 or 4": right on heaps up to 30, then guesses "first" (so the large
// group, and only it, is wrong).
use std::io::Read;

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let heaps: Vec<u64> = text.split_whitespace().skip(1).map(|w| w.parse().unwrap()).collect();
    for n in heaps {
        let lost = n <= 30 && (n % 7 == 0 || n % 7 == 2);
        println!("{}", if lost { "second" } else { "first" });
    }
}
