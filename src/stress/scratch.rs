//! Per-thread scratch files: the runner reads a program's standard input from a file, and the
//! judge reads the answer from one, so each stress thread owns a directory with both.

use std::io;
use std::path::{Path, PathBuf};

/// A private directory holding one case's input and answer files; removed when dropped.
#[derive(Debug)]
pub struct Scratch {
    dir: PathBuf,
    input: PathBuf,
    answer: PathBuf,
}

impl Scratch {
    /// A fresh directory `stonejudge-stress-<pid>-<label>` in the system's temporary
    /// directory (any leftover of a dead process with the same pid is replaced).
    pub fn new(label: &str) -> io::Result<Scratch> {
        let dir =
            std::env::temp_dir().join(format!("stonejudge-stress-{}-{label}", std::process::id()));
        if dir.exists() {
            std::fs::remove_dir_all(&dir)?;
        }
        std::fs::create_dir_all(&dir)?;
        Ok(Scratch {
            input: dir.join("case.in"),
            answer: dir.join("case.ans"),
            dir,
        })
    }

    /// `count` scratch directories, one per thread.
    pub fn pool(count: usize) -> io::Result<Vec<Scratch>> {
        (0..count).map(|i| Scratch::new(&i.to_string())).collect()
    }

    /// Writes `input` (and the answer, if any) and returns their paths.
    pub fn write(&self, input: &str, answer: Option<&str>) -> io::Result<(&Path, &Path)> {
        std::fs::write(&self.input, input)?;
        if let Some(answer) = answer {
            std::fs::write(&self.answer, answer)?;
        }
        Ok((&self.input, &self.answer))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
