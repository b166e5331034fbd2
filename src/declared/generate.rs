//! Test inputs for a declared game: the lists of heaps every format is made of, drawn in the
//! catalog's modes, aimed at what wrong solutions get wrong.
//!
//! # Generator parameters (every format)
//! - `mode` (default `random`):
//!   - `random`: heaps small (up to 20), spread over every order of magnitude, or uniform up
//!     to `max_h`, a third each; half of the positions made second-player wins;
//!   - `min`: one position of one empty heap;
//!   - `max`: the most cases and heaps the declaration allows (every bound reached), heaps
//!     within 10 of `max_h`, `max_h` itself included;
//!   - `extremes`: heaps 0, 1, 2, `max_h - 2 ..= max_h`, and the ends of the preperiod and
//!     first period where a period is known;
//!   - `all`: one heap per position, `0, 1, 2, …` in order (every heap up to `max_h` when
//!     the positions allow);
//!   - `anti-8-bit`: heaps whose Grundy value passes 255 when some heap up to `max_h` has
//!     one, else heaps of 256 and more (solutions that keep values or heaps in 8 bits);
//!   - `losing`: as `random`, every position made a second-player win where a heap nearby
//!     allows it.
//! - `t` (cases and move formats): positions; `m` (boards): boards; `g` (play): games;
//!   default 1..=5 at random (`max`: the most allowed, `min`: 1, `all`: `max_h + 1` within
//!   the bound).
//! - `n` (cases, move and play formats): heaps per position; default 1..=10 at random within the
//!   bound (`min` and `all`: 1).
//! - `max_h` (0..=max_heap): the largest heap; default max_heap (0 in `min`).

use super::reference::Reference;
use super::spec::{Shape, Spec};
use crate::gen::{Gen, ParamError, Params};

/// The modes, in the order `--param mode=` lists them.
pub const MODES: [&str; 7] = [
    "random",
    "min",
    "max",
    "extremes",
    "all",
    "anti-8-bit",
    "losing",
];

/// How far from a heap [`make_losing`] looks for one that makes the position lost.
const NEARBY: u64 = 4096;

/// Positions (lists of heaps) for one input: one heap each for boards.
pub fn positions(
    spec: &Spec,
    reference: &Reference,
    gen: &mut Gen,
    params: &Params,
) -> Result<Vec<Vec<u64>>, ParamError> {
    let mode = params.choice("mode", "random", &MODES)?;
    let max_h = params.int(
        "max_h",
        if mode == "min" { 0 } else { spec.max_heap },
        0,
        spec.max_heap,
    )?;
    let boards = spec.shape == Shape::Boards;
    let count_key = spec.count_key();
    let max_count = if boards {
        spec.max_heaps
    } else {
        spec.max_cases
    };
    let default_count = match mode {
        "min" => 1,
        "max" => max_count,
        "all" => max_count.min(max_h.saturating_add(1)),
        _ => gen.range(1, max_count.min(5)),
    };
    let count = params.int(count_key, default_count, 1, max_count)?;
    let sizes = if boards {
        vec![1; count as usize]
    } else {
        heap_counts(spec, gen, params, mode, count)?
    };
    let wide = if mode == "anti-8-bit" {
        wide_heaps(reference, max_h)
    } else {
        Vec::new()
    };
    let mut next_in_order = 0u64;
    let mut out = Vec::with_capacity(sizes.len());
    for size in sizes {
        let mut heaps: Vec<u64> = (0..size)
            .map(|_| match mode {
                "min" => 0,
                "max" => max_h - gen.range(0, max_h.min(10)),
                "extremes" => *gen.choose(&extremes(reference, max_h)),
                "all" => {
                    let h = next_in_order % (max_h + 1);
                    next_in_order += 1;
                    h
                }
                "anti-8-bit" if !wide.is_empty() => *gen.choose(&wide),
                "anti-8-bit" if max_h >= 256 => {
                    let blocks = max_h / 256;
                    (256 * gen.range(1, blocks) + gen.range(0, 3)).min(max_h)
                }
                _ => random_heap(gen, max_h),
            })
            .collect();
        let losing = match mode {
            "losing" => true,
            "min" | "all" => false,
            _ => gen.chance(1, 2),
        };
        if losing {
            make_losing(reference, &mut heaps, max_h);
        }
        out.push(heaps);
    }
    if mode == "max" {
        // Every bound reached: one heap is max_h itself.
        let i = gen.index(out.len());
        let j = gen.index(out[i].len());
        out[i][j] = max_h;
    }
    Ok(out)
}

/// How many heaps each of `count` positions has, within `max_heaps` and the total.
fn heap_counts(
    spec: &Spec,
    gen: &mut Gen,
    params: &Params,
    mode: &str,
    count: u64,
) -> Result<Vec<u64>, ParamError> {
    let total = spec.total_heaps();
    if count > total {
        return Err(ParamError {
            key: spec.count_key().to_string(),
            message: format!("{count} positions cannot share {total} heaps"),
        });
    }
    let fixed = match mode {
        "min" | "all" => Some(1),
        _ => None,
    };
    let n = params.int("n", fixed.unwrap_or(0), 1, spec.max_heaps)?;
    let given = params.raw("n").is_some() || fixed.is_some();
    if given && n.saturating_mul(count) > total {
        return Err(ParamError {
            key: "n".to_string(),
            message: format!("{count} positions of {n} heaps pass the total of {total}"),
        });
    }
    if mode == "max" && !given {
        // The first position has max_heaps heaps, the rest share what the total leaves.
        let rest = (total - spec.max_heaps.min(total)).min((count - 1) * spec.max_heaps);
        let mut sizes = vec![spec.max_heaps.min(total - (count - 1))];
        if count > 1 {
            let each = rest / (count - 1);
            let extra = rest % (count - 1);
            sizes.extend((0..count - 1).map(|i| each + u64::from(i < extra)));
        }
        return Ok(sizes);
    }
    let mut left = total;
    Ok((0..count)
        .map(|i| {
            let size = if given {
                n
            } else {
                let most = spec.max_heaps.min(10).min(left - (count - 1 - i));
                gen.range(1, most)
            };
            left -= size;
            size
        })
        .collect())
}

/// A heap for `random`: small, spread over the magnitudes, or uniform, a third each.
fn random_heap(gen: &mut Gen, max_h: u64) -> u64 {
    match gen.below(3) {
        0 => gen.range(0, max_h.min(20)),
        1 => gen.log_uniform(0, max_h),
        _ => gen.range(0, max_h),
    }
}

/// The heaps `extremes` picks from: the ends of the range and of a known period.
fn extremes(reference: &Reference, max_h: u64) -> Vec<u64> {
    let mut heaps = vec![
        0,
        1,
        2,
        max_h.saturating_sub(2),
        max_h.saturating_sub(1),
        max_h,
    ];
    if let Reference::Periodic(periodic) = reference {
        let (e, p) = (periodic.period.preperiod, periodic.period.period);
        heaps.extend([e.saturating_sub(1), e, e + p - 1, e + p]);
    }
    heaps.retain(|&h| h <= max_h);
    heaps.sort_unstable();
    heaps.dedup();
    heaps
}

/// Heaps up to `max_h` (looked at up to 10^6, the first 4096 found) whose Grundy value does
/// not fit in 8 bits.
fn wide_heaps(reference: &Reference, max_h: u64) -> Vec<u64> {
    (0..=max_h.min(1_000_000))
        .filter(|&h| reference.value(h).is_some_and(|g| g > 255))
        .take(4096)
        .collect()
}

/// Replaces the last heap by the nearest one (below first, within [`NEARBY`]) that makes
/// the position a second-player win, when there is one, so that a wrong value shows.
pub fn make_losing(reference: &Reference, heaps: &mut [u64], max_h: u64) {
    let Some(last) = heaps.len().checked_sub(1) else {
        return;
    };
    let start = heaps[last];
    let below = (start.saturating_sub(NEARBY)..=start).rev();
    let above = start + 1..=start.saturating_add(NEARBY).min(max_h);
    let rest_value = reference.sum_value(&heaps[..last]);
    let mut trial = heaps.to_vec();
    let loses = |h: u64, trial: &mut Vec<u64>| match rest_value {
        Some(rest) => reference.value(h) == Some(rest),
        None => {
            trial[last] = h;
            !reference.wins(trial)
        }
    };
    // Misère positions are judged whole: only short ones are searched.
    if rest_value.is_none() && heaps.len() > 64 {
        return;
    }
    if let Some(h) = below.chain(above).find(|&h| loses(h, &mut trial)) {
        heaps[last] = h;
    }
}
