//! Timing of the Grundy engines: `cargo bench --bench grundy -- [CASE]...`, a case being
//! `RULESET:N:ENGINE:THREADS` (e.g. `stripes:1,2,3:4194304:auto:1`; the ruleset may contain
//! colons, the last three fields are split from the right). Without cases, a quick suite runs.
//!
//! Per case it prints wall and CPU seconds, the split pairs examined and their rate per
//! core, the peak resident memory of this process so far, and what the rare/common engine
//! did. ENGINE `bare` times the limit instead: the bare XOR-and-mark loop (`G(a) xor
//! G(r - a)`, one bit set per pair, nothing else) over every split of the last 2000 rests of
//! the table, on one core. `bench/grundy.sh` runs the full suite of BENCHMARKS.md, one process per case so that
//! peak memory is per case, next to the published anchor engine when one is built.

use std::time::Instant;

use stonejudge::game::engine::{Engine, Grundy, Options};
use stonejudge::game::grundy::plain_table;
use stonejudge::game::Ruleset;

/// The quick suite: the 0.777 ratio against the plain oracle, and a fast-growing game.
const QUICK: [&str; 5] = [
    "stripes:1,2,3:131072:plain:1",
    "stripes:1,2,3:131072:auto:1",
    "stripes:1,2,3:1048576:auto:1",
    "stripes:10,20,35:100000:quadratic:1",
    "stripes:10,20,35:100000:quadratic:2",
];

struct Case {
    rules: Ruleset,
    name: String,
    len: usize,
    options: Options,
}

fn parse(case: &str) -> Result<Case, String> {
    let mut fields = case.rsplitn(4, ':');
    let (Some(threads), Some(engine), Some(len), Some(name)) =
        (fields.next(), fields.next(), fields.next(), fields.next())
    else {
        return Err(format!("{case:?}: expected RULESET:N:ENGINE:THREADS"));
    };
    Ok(Case {
        rules: name.parse().map_err(|e| format!("{case:?}: {e}"))?,
        name: name.to_string(),
        len: len.parse().map_err(|e| format!("{case:?}: N: {e}"))?,
        options: Options {
            engine: engine.parse().map_err(|e| format!("{case:?}: {e}"))?,
            threads: threads
                .parse()
                .map_err(|e| format!("{case:?}: THREADS: {e}"))?,
        },
    })
}

/// User + system CPU seconds and peak resident KiB of this process so far.
fn usage() -> (f64, u64) {
    // SAFETY: getrusage only writes the struct it is given.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) };
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
    (
        seconds(usage.ru_utime) + seconds(usage.ru_stime),
        usage.ru_maxrss as u64,
    )
}

/// The table of a case computed by its engine.
fn engine_table(case: &Case) -> Grundy {
    let mut grundy = Grundy::new(&case.rules, &case.options);
    if let Err(error) = grundy.extend_to(case.len) {
        eprintln!("{}: {error}", case.name);
        std::process::exit(2);
    }
    grundy
}

fn run(case: &Case) -> Vec<u32> {
    let (cpu_before, _) = usage();
    let started = Instant::now();
    let (values, stats, running) = if case.options.engine == Engine::Plain {
        let values = plain_table(&case.rules, case.len - 1);
        (values, None, "plain")
    } else {
        let grundy = engine_table(case);
        let (stats, running) = (grundy.stats(), grundy.running());
        (grundy.into_values(), Some(stats), running)
    };
    let wall = started.elapsed().as_secs_f64();
    let (cpu_after, peak_kib) = usage();
    let cpu = cpu_after - cpu_before;
    print!(
        "{:<20} N={:<9} {:<11} threads={} wall={wall:.2}s cpu={cpu:.2}s peak_rss={:.1}MiB ended={running}",
        case.name,
        case.len,
        case.options.engine,
        case.options.threads,
        peak_kib as f64 / 1024.0,
    );
    if let Some(stats) = stats {
        let per_core = stats.split_pairs as f64 / wall / case.options.threads as f64;
        // Per CPU second: what a core achieves while it runs, whatever the load.
        let per_cpu = stats.split_pairs as f64 / cpu;
        print!(
            " split_pairs={:.3e} pairs/s/core={per_core:.3e} pairs/cpu_s={per_cpu:.3e} rare={} reclassified={} fallback_at={}",
            stats.split_pairs as f64,
            stats.rare_positions,
            stats.reclassifications,
            stats
                .fallback_at
                .map_or_else(|| "-".to_string(), |n| n.to_string()),
        );
    }
    println!();
    values
}

/// CPU seconds of the calling thread so far.
fn thread_cpu() -> f64 {
    let mut time = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime only writes the struct it is given.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut time) };
    time.tv_sec as f64 + time.tv_nsec as f64 * 1e-9
}

/// The bare XOR-and-mark loop over the splits of the last rests of `values`: pairs per
/// second of wall time and per CPU second on this core (the second holds under load).
fn bare_loop(values: &[u32]) -> (f64, f64) {
    let largest = values.iter().copied().max().unwrap_or(0) as usize;
    let words = (2 * (largest + 1).next_power_of_two()).div_ceil(64);
    let mut set = vec![0u64; words];
    let started = Instant::now();
    let cpu_before = thread_cpu();
    let mut pairs = 0u64;
    for rest in values.len().saturating_sub(2000)..values.len() {
        set.fill(0);
        for a in 1..=rest / 2 {
            let x = (values[a] ^ values[rest - a]) as usize;
            set[x >> 6] |= 1 << (x & 63);
        }
        pairs += (rest / 2) as u64;
        std::hint::black_box(&set);
    }
    let cpu = thread_cpu() - cpu_before;
    let pairs = pairs as f64;
    (pairs / started.elapsed().as_secs_f64(), pairs / cpu)
}

fn main() {
    // `cargo bench` passes `--bench`; everything else is a case.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let cases: Vec<String> = if args.is_empty() {
        QUICK.iter().map(|s| s.to_string()).collect()
    } else {
        args
    };
    let mut previous: Option<(String, Vec<u32>)> = None;
    for text in &cases {
        if let Some(table) = text.strip_suffix(":bare:1") {
            let case = parse(&format!("{table}:quadratic:2")).unwrap_or_else(|error| {
                eprintln!("{error}");
                std::process::exit(2);
            });
            let values = engine_table(&case).into_values();
            let (per_wall, per_cpu) = bare_loop(&values);
            println!(
                "{:<20} N={:<9} bare XOR-and-mark loop, last 2000 rests: pairs/s/core={per_wall:.3e} pairs/cpu_s={per_cpu:.3e}",
                case.name, case.len,
            );
            continue;
        }
        let case = match parse(text) {
            Ok(case) => case,
            Err(error) => {
                eprintln!("{error}");
                std::process::exit(2);
            }
        };
        let values = run(&case);
        // Consecutive cases of one ruleset must agree on their common prefix.
        if let Some((name, earlier)) = &previous {
            let common = earlier.len().min(values.len());
            if *name == case.name && earlier[..common] != values[..common] {
                eprintln!("{name}: engines disagree");
                std::process::exit(1);
            }
        }
        previous = Some((case.name, values));
    }
}
