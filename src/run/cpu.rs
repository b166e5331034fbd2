//! The CPU time a running program has used, read from `/proc` while it runs (the exact figure
//! comes from `wait4` at the end).

use std::time::{Duration, Instant};

/// How often the program's own CPU time is read (one small file).
const LEADER_POLL: Duration = Duration::from_millis(20);
/// How often its whole process group is summed, at most: a scan of `/proc`, whose cost grows
/// with the number of processes on the machine, so it is also spaced to take at most 5% of the
/// time.
const GROUP_POLL: Duration = Duration::from_millis(100);

/// Follows the CPU time of a program's process group. The program itself (the group leader)
/// is read often; children it forked count in its own figures only once it has waited for
/// them, so the whole group is summed now and then.
pub struct CpuWatch {
    leader: libc::pid_t,
    next_leader: Instant,
    next_group: Instant,
    used: Duration,
}

impl CpuWatch {
    pub fn new(leader: libc::pid_t, start: Instant) -> CpuWatch {
        CpuWatch {
            leader,
            next_leader: start,
            next_group: start + GROUP_POLL,
            used: Duration::ZERO,
        }
    }

    /// When the next reading is due.
    pub fn due(&self) -> Instant {
        self.next_leader.min(self.next_group)
    }

    /// The CPU time of the last reading.
    pub fn last(&self) -> Duration {
        self.used
    }

    /// The CPU time used so far, from the readings due by `now`.
    pub fn read(&mut self, now: Instant) -> Duration {
        if now >= self.next_group {
            self.used = self.used.max(group_time(self.leader));
            self.next_group = now + GROUP_POLL.max(now.elapsed() * 20);
        }
        if now >= self.next_leader {
            if let Some(stat) = Stat::of(self.leader) {
                self.used = self.used.max(stat.time);
            }
            self.next_leader = now + LEADER_POLL;
        }
        self.used
    }
}

/// The CPU time of every process in the group `pgid`, with the children they have reaped.
fn group_time(pgid: libc::pid_t) -> Duration {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Duration::ZERO;
    };
    entries
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<libc::pid_t>().ok())
        .filter_map(Stat::of)
        .filter(|stat| stat.group == pgid)
        .map(|stat| stat.time)
        .sum()
}

/// What `/proc/<pid>/stat` says about a process.
struct Stat {
    group: libc::pid_t,
    /// User and system time of all its threads and of the children it has reaped.
    time: Duration,
}

impl Stat {
    fn of(pid: libc::pid_t) -> Option<Stat> {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
        let fields: Vec<&str> = stat
            .get(stat.rfind(')')? + 1..)?
            .split_whitespace()
            .collect();
        let group = fields.get(2)?.parse().ok()?;
        // Fields 14 to 17: utime, stime, cutime, cstime, in clock ticks.
        let ticks: u64 = fields
            .get(11..15)?
            .iter()
            .map(|f| f.parse::<u64>().ok())
            .sum::<Option<u64>>()?;
        // SAFETY: sysconf has no preconditions.
        let per_second = u64::try_from(unsafe { libc::sysconf(libc::_SC_CLK_TCK) })
            .ok()
            .filter(|&t| t > 0)?;
        Some(Stat {
            group,
            time: Duration::from_micros(ticks * 1_000_000 / per_second),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_this_process() {
        // SAFETY: getpid and getpgrp have no preconditions.
        let (pid, group) = unsafe { (libc::getpid(), libc::getpgrp()) };
        let mut spin = 0u64;
        let start = Instant::now();
        while start.elapsed() < Duration::from_millis(50) {
            spin = std::hint::black_box(spin + 1);
        }
        let stat = Stat::of(pid).expect("own stat");
        assert_eq!(stat.group, group);
        assert!(stat.time > Duration::ZERO);
        assert!(group_time(group) >= stat.time);
    }
}
