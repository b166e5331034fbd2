//! How fast this machine marks one bit per pair, the inner work of the dense (quadratic)
//! Grundy engine: `rustc -O -o /tmp/marking bench/marking.rs && /tmp/marking [MAX_VALUE]`.
//!
//! A stand-alone program (std only, not part of the crate), so that the limit of marking can be
//! measured apart from the engine. On a random table of 10^6 values below MAX_VALUE (default
//! 60 000, about the largest value of `stripes:10,20,35` near 10^6), it marks `G(a) xor
//! G(r - a)` for every split of 200 rests near 10^6, in a bitset of the engine's size, in
//! several loop shapes, and prints pairs per second for each (the second of two rounds):
//!
//! - `engine`: the engine's shape (`insert_splits`): eight xors formed, then their bits set;
//! - `u16`: the table as `u16`, the partner read forward from a reversed copy, one pair at a
//!   time into a fixed 1024-word set (no index masking);
//! - `u16-bmi2`: the same compiled for BMI2 (`shlx`), where the CPU has it;
//! - `hashed`: no table at all, the bit's address from a multiplicative hash: what setting
//!   scattered bits costs by itself.
use std::time::Instant;

type Fixed = [u64; 1024];

fn engine(set: &mut [u64], values: &[u32], rest: usize, to: usize) {
    let low = &values[1..to];
    let high = &values[rest + 1 - to..rest];
    let mask = set.len() - 1;
    let whole = low.len() / 8 * 8;
    for (l, h) in low[..whole]
        .chunks_exact(8)
        .zip(high[high.len() - whole..].rchunks_exact(8))
    {
        let mut xors = [0u32; 8];
        for (i, x) in xors.iter_mut().enumerate() {
            *x = l[i] ^ h[7 - i];
        }
        for x in xors {
            set[(x >> 6) as usize & mask] |= 1 << (x & 63);
        }
    }
}

#[inline(always)]
fn u16_body(set: &mut Fixed, low: &[u16], high: &[u16]) {
    for (&l, &h) in low.iter().zip(high) {
        let x = l ^ h;
        set[(x >> 6) as usize] |= 1 << (x & 63);
    }
}

fn u16_plain(set: &mut Fixed, low: &[u16], high: &[u16]) {
    u16_body(set, low, high)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
fn u16_bmi2(set: &mut Fixed, low: &[u16], high: &[u16]) {
    u16_body(set, low, high)
}

fn hashed(set: &mut Fixed, steps: u64) {
    for i in 0..steps {
        let x = (i.wrapping_mul(0x9E37_79B1) >> 7) as usize & 0xffff;
        set[x >> 6] |= 1 << (x & 63);
    }
}

fn main() {
    let n = 1_000_000usize;
    let max: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(60_000);
    let mut state = 88_172_645_463_325_252u64;
    let values: Vec<u32> = (0..n)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % max) as u32
        })
        .collect();
    let forward: Vec<u16> = values.iter().map(|&v| v as u16).collect();
    let reversed: Vec<u16> = forward.iter().rev().copied().collect();
    let words = (2 * (max as usize + 1).next_power_of_two()).div_ceil(64);
    let rests: Vec<usize> = (n - 400..n - 200).collect();
    let pairs: u64 = rests.iter().map(|r| (r / 2 / 8 * 8) as u64).sum();
    let bmi2 = cfg!(target_arch = "x86_64") && std::arch::is_x86_feature_detected!("bmi2");
    let mut sink = 0u64;
    for round in 0..2 {
        let mut time = |name: &str, run: &mut dyn FnMut() -> u64| {
            let started = Instant::now();
            sink = sink.wrapping_add(run());
            let rate = pairs as f64 / started.elapsed().as_secs_f64();
            if round == 1 {
                println!("{name:<10} {rate:.3e} pairs/s");
            }
        };
        time("engine", &mut || {
            let mut set = vec![0u64; words];
            for &rest in &rests {
                engine(&mut set, &values, rest, 1 + rest / 2 / 8 * 8);
            }
            set.iter().map(|w| u64::from(w.count_ones())).sum()
        });
        let fixed = |mark: fn(&mut Fixed, &[u16], &[u16])| {
            let mut set: Box<Fixed> = Box::new([0; 1024]);
            for &rest in &rests {
                let to = 1 + rest / 2 / 8 * 8;
                let partner = n - 1 - rest;
                mark(&mut set, &forward[1..to], &reversed[partner + 1..partner + to]);
            }
            set.iter().map(|w| u64::from(w.count_ones())).sum()
        };
        time("u16", &mut || fixed(u16_plain));
        #[cfg(target_arch = "x86_64")]
        if bmi2 {
            // SAFETY: the CPU has BMI2 (checked above), all that `u16_bmi2` is compiled for.
            time("u16-bmi2", &mut || fixed(|s, l, h| unsafe { u16_bmi2(s, l, h) }));
        }
        time("hashed", &mut || {
            let mut set: Box<Fixed> = Box::new([0; 1024]);
            hashed(&mut set, pairs);
            set.iter().map(|w| u64::from(w.count_ones())).sum()
        });
    }
    println!("(checksum {sink})");
}
