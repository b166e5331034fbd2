//! Bounded buffers for a program's output: whatever a program writes, the judge keeps at most
//! a fixed number of bytes of it, and still reads (and discards) the rest so that the program
//! never blocks on a full pipe.

/// Bytes of standard error kept: the first part, then the last [`STDERR_TAIL`] bytes, which is
/// where a crash message or a Python traceback ends.
pub const STDERR_KEPT: usize = 64 << 10;

/// Bytes at the end of standard error kept apart from its beginning.
const STDERR_TAIL: usize = 8 << 10;

/// Standard output: kept up to a limit; the limit being exceeded is the caller's business.
#[derive(Debug)]
pub struct Bounded {
    kept: Vec<u8>,
    limit: usize,
    total: u64,
}

impl Bounded {
    pub fn new(limit: u64) -> Bounded {
        Bounded {
            kept: Vec::new(),
            limit: usize::try_from(limit).unwrap_or(usize::MAX),
            total: 0,
        }
    }

    /// Appends what fits and counts the rest ([`Bounded::total`]).
    pub fn push(&mut self, bytes: &[u8]) {
        self.total += bytes.len() as u64;
        let room = self.limit - self.kept.len();
        let take = bytes.len().min(room);
        if self.kept.len() + take > self.kept.capacity() {
            // Grow by doubling, but never past the limit: a 64 MiB limit must not cost 128.
            let want = (self.kept.capacity() * 2)
                .max(self.kept.len() + take)
                .min(self.limit);
            self.kept.reserve_exact(want - self.kept.len());
        }
        self.kept.extend_from_slice(&bytes[..take]);
    }

    pub fn total(&self) -> u64 {
        self.total
    }

    pub fn into_bytes(self) -> Vec<u8> {
        self.kept
    }
}

/// Standard error: its beginning and its end, with a note of how much was skipped between.
#[derive(Debug, Default)]
pub struct HeadTail {
    head: Vec<u8>,
    /// A ring of the last bytes written after the head filled up; `start` is its oldest byte.
    tail: Vec<u8>,
    start: usize,
    total: u64,
}

impl HeadTail {
    const HEAD: usize = STDERR_KEPT - STDERR_TAIL;

    pub fn push(&mut self, mut bytes: &[u8]) {
        self.total += bytes.len() as u64;
        let room = Self::HEAD - self.head.len();
        let take = bytes.len().min(room);
        self.head.extend_from_slice(&bytes[..take]);
        bytes = &bytes[take..];
        if bytes.len() >= STDERR_TAIL {
            self.tail.clear();
            self.tail
                .extend_from_slice(&bytes[bytes.len() - STDERR_TAIL..]);
            self.start = 0;
            return;
        }
        for &b in bytes {
            if self.tail.len() < STDERR_TAIL {
                self.tail.push(b);
            } else {
                self.tail[self.start] = b;
                self.start = (self.start + 1) % STDERR_TAIL;
            }
        }
    }

    /// Bytes written in all, kept or not.
    pub fn total(&self) -> u64 {
        self.total
    }

    /// Whether bytes were skipped between the head and the tail.
    pub fn truncated(&self) -> bool {
        self.total > (self.head.len() + self.tail.len()) as u64
    }

    pub fn into_bytes(self) -> Vec<u8> {
        let skipped = self.total - (self.head.len() + self.tail.len()) as u64;
        let mut bytes = self.head;
        if skipped > 0 {
            bytes.extend_from_slice(format!("\n[... {skipped} bytes skipped ...]\n").as_bytes());
        }
        bytes.extend_from_slice(&self.tail[self.start..]);
        bytes.extend_from_slice(&self.tail[..self.start]);
        bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounded_keeps_the_limit_and_counts_the_rest() {
        let mut out = Bounded::new(10);
        out.push(b"hello");
        out.push(b"world");
        assert_eq!(out.total(), 10);
        out.push(b"!");
        assert_eq!(out.total(), 11);
        assert_eq!(out.into_bytes(), b"helloworld");
    }

    #[test]
    fn head_tail_keeps_both_ends_in_order() {
        let mut err = HeadTail::default();
        let line: Vec<u8> = (0..100_000u32).map(|i| b'a' + (i % 26) as u8).collect();
        for chunk in line.chunks(777) {
            err.push(chunk);
        }
        err.push(b"MemoryError\n");
        assert!(err.truncated());
        let bytes = err.into_bytes();
        let mut full = line.clone();
        full.extend_from_slice(b"MemoryError\n");
        assert!(bytes.starts_with(&full[..HeadTail::HEAD]));
        assert!(bytes.ends_with(&full[full.len() - STDERR_TAIL..]));
        let text = String::from_utf8(bytes).unwrap();
        let skipped = 100_000 + 12 - STDERR_KEPT;
        assert!(text.contains(&format!("[... {skipped} bytes skipped ...]")));
        assert!(text.len() < STDERR_KEPT + 100);
    }

    #[test]
    fn head_tail_short_is_verbatim() {
        let mut err = HeadTail::default();
        err.push(b"panicked at src/main.rs:3:5\n");
        assert!(!err.truncated());
        assert_eq!(err.into_bytes(), b"panicked at src/main.rs:3:5\n");
    }
}
