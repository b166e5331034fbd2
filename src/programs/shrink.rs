//! Smaller generator calls for shrinking a failing stress case of a program-backed problem,
//! which stonejudge cannot take apart itself: it can only ask the generator for smaller
//! inputs. A parameter whose name says it is a size (`n`, `max_n`, `size`, `len`, `count`,
//! …) is searched downwards: half its value, three quarters, one less, each with a few seeds.
//! When no parameter names a size, the plan's groups whose inputs are smaller are tried,
//! smallest first.

/// One generator call: its parameters (sorted by key) and seed.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Call {
    pub params: Vec<(String, String)>,
    pub seed: u64,
}

/// Seeds tried with each smaller parameter value: the call's and the next few.
pub const SEEDS_PER_VALUE: u64 = 8;

/// Whether a parameter's name says that it is a size: `n`, `m`, `t`, `k`, or a name with a
/// part (between `_` or `-`) `n`, `max`, `size`, `len`, `length`, `count`, `heaps`, `cases`.
pub fn names_a_size(key: &str) -> bool {
    const PARTS: [&str; 8] = [
        "n", "max", "size", "len", "length", "count", "heaps", "cases",
    ];
    matches!(key, "n" | "m" | "t" | "k")
        || key
            .split(['_', '-'])
            .any(|part| PARTS.contains(&part.to_ascii_lowercase().as_str()))
}

/// The calls to try after `call` failed, most promising first: smaller values of its size
/// parameters; or, when it has none, `groups` (the plan's calls with their input sizes)
/// whose inputs are smaller than `input_len`, smallest first.
pub fn smaller_calls(call: &Call, input_len: usize, groups: &[(Call, usize)]) -> Vec<Call> {
    let mut out = Vec::new();
    for (i, (key, value)) in call.params.iter().enumerate() {
        let Ok(value) = value.parse::<u64>() else {
            continue;
        };
        if !names_a_size(key) || value == 0 {
            continue;
        }
        let mut values = vec![value / 2, value - value / 4, value - 1];
        values.dedup();
        for smaller in values.into_iter().filter(|&v| v < value) {
            for k in 0..SEEDS_PER_VALUE {
                let mut params = call.params.clone();
                params[i].1 = smaller.to_string();
                out.push(Call {
                    params,
                    seed: call.seed.wrapping_add(k),
                });
            }
        }
    }
    if out.is_empty() {
        let mut smaller: Vec<&(Call, usize)> =
            groups.iter().filter(|(_, len)| *len < input_len).collect();
        smaller.sort_by_key(|(_, len)| *len);
        for (group, _) in smaller {
            for k in 0..SEEDS_PER_VALUE {
                out.push(Call {
                    params: group.params.clone(),
                    seed: group.seed.wrapping_add(k),
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(params: &[(&str, &str)], seed: u64) -> Call {
        Call {
            params: params
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            seed,
        }
    }

    #[test]
    fn size_names() {
        for key in ["n", "max_n", "t", "size", "max-len", "heap_count", "max"] {
            assert!(names_a_size(key), "{key}");
        }
        for key in ["mode", "seed_shift", "kind", "nn"] {
            assert!(!names_a_size(key), "{key}");
        }
    }

    #[test]
    fn size_parameters_are_searched_downwards_with_several_seeds() {
        let calls = smaller_calls(&call(&[("max_n", "8"), ("mode", "x")], 5), 100, &[]);
        assert_eq!(calls[0], call(&[("max_n", "4"), ("mode", "x")], 5));
        assert_eq!(calls[1], call(&[("max_n", "4"), ("mode", "x")], 6));
        assert_eq!(calls.len(), 3 * SEEDS_PER_VALUE as usize);
        assert!(calls.iter().all(|c| c.params[0].1 != "8"));
        assert!(smaller_calls(&call(&[("n", "0")], 5), 100, &[]).is_empty());
    }

    #[test]
    fn without_sizes_smaller_groups_come_first() {
        let groups = [
            (call(&[("mode", "big")], 10), 50),
            (call(&[("mode", "tiny")], 20), 3),
            (call(&[("mode", "huge")], 30), 500),
        ];
        let calls = smaller_calls(&call(&[("mode", "huge")], 30), 500, &groups);
        assert_eq!(calls[0], call(&[("mode", "tiny")], 20));
        assert_eq!(
            calls[SEEDS_PER_VALUE as usize],
            call(&[("mode", "big")], 10)
        );
        assert_eq!(calls.len(), 2 * SEEDS_PER_VALUE as usize);
    }
}
