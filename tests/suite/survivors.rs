//! Processes left behind: every program a test starts carries a unique token (in its
//! arguments or its environment), and a test looks for live processes carrying it. Shared by
//! the suite (`evil`, `confinement`, `interactive`) and `tests/tools` (`process_confinement`).

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The environment variable that carries a run's token to the program and its descendants.
pub const TOKEN_VAR: &str = "STONEJUDGE_EVIL_TOKEN";

/// A string no other run of this process or any other uses.
pub fn unique_token(mode: &str) -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    format!("evil-{}-{n}-{mode}", std::process::id())
}

/// Fails if a live process still carries `token` in its command line or environment. A
/// process just killed may take a moment to disappear, so look again for a while first.
pub fn assert_no_survivors(token: &str) {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let survivors = processes_with(token);
        if survivors.is_empty() {
            return;
        }
        if Instant::now() > deadline {
            for &pid in &survivors {
                // SAFETY: cleaning up after a failed check; these carry our token.
                unsafe { libc::kill(pid, libc::SIGKILL) };
            }
            panic!("processes left behind by {token}: {survivors:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Live (not zombie) processes whose command line or environment contains `token`.
pub fn processes_with(token: &str) -> Vec<i32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    let token = token.as_bytes();
    entries
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<i32>().ok())
        .filter(|pid| {
            let read =
                |what: &str| std::fs::read(format!("/proc/{pid}/{what}")).unwrap_or_default();
            let carries = |bytes: Vec<u8>| bytes.windows(token.len()).any(|w| w == token);
            let zombie = String::from_utf8_lossy(&read("stat"))
                .rsplit_once(") ")
                .is_some_and(|(_, rest)| rest.starts_with('Z'));
            !zombie && (carries(read("cmdline")) || carries(read("environ")))
        })
        .collect()
}
