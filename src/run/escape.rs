//! Processes that left the program's process group (`setsid`) but still hold its output pipes.
//! Killing the group does not reach them, and while they live the pipes never reach
//! end-of-file; `/proc` says who holds a pipe, so they can be found and killed.

/// Sends `SIGKILL` to every process other than this one that holds a write end of one of the
/// pipes with these inode numbers; returns how many it signalled.
pub fn kill_pipe_holders(inodes: &[u64]) -> usize {
    let targets: Vec<String> = inodes.iter().map(|i| format!("pipe:[{i}]")).collect();
    let me = std::process::id();
    let Ok(processes) = std::fs::read_dir("/proc") else {
        return 0;
    };
    let mut killed = 0;
    for process in processes.flatten() {
        let Some(pid) = process
            .file_name()
            .to_str()
            .and_then(|s| s.parse::<u32>().ok())
        else {
            continue;
        };
        if pid != me && holds_write_end(pid, &targets) {
            // SAFETY: kill(2) with a pid read from /proc.
            if unsafe { libc::kill(pid as libc::pid_t, libc::SIGKILL) } == 0 {
                killed += 1;
            }
        }
    }
    killed
}

/// Whether process `pid` has a descriptor open for writing on one of the `targets` pipes.
fn holds_write_end(pid: u32, targets: &[String]) -> bool {
    let Ok(fds) = std::fs::read_dir(format!("/proc/{pid}/fd")) else {
        return false;
    };
    fds.flatten().any(|fd| {
        let pointed = std::fs::read_link(fd.path());
        let is_target = pointed.is_ok_and(|p| targets.iter().any(|t| p.as_os_str() == t.as_str()));
        is_target && opened_for_writing(pid, &fd.file_name().to_string_lossy())
    })
}

/// Whether `/proc/<pid>/fdinfo/<fd>` shows `O_WRONLY` or `O_RDWR` (our own read ends, copied
/// for an instant into a child being spawned by another thread, must not count).
fn opened_for_writing(pid: u32, fd: &str) -> bool {
    let Ok(info) = std::fs::read_to_string(format!("/proc/{pid}/fdinfo/{fd}")) else {
        return false;
    };
    info.lines()
        .find_map(|line| line.strip_prefix("flags:"))
        .and_then(|flags| u32::from_str_radix(flags.trim(), 8).ok())
        .is_some_and(|flags| flags & (libc::O_WRONLY | libc::O_RDWR) as u32 != 0)
}
