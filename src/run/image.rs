//! What an executable file is, read from its first bytes: whether the kernel can run it, and how
//! much memory its ELF image claims before the program runs a single instruction (a huge static
//! array is there, and under `RLIMIT_AS` it kills the program inside `execve`).

use std::io::Read;
use std::path::Path;

/// The formats `execve` accepts that we recognise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageFormat {
    Elf,
    /// A `#!` script.
    Script,
    Unknown,
}

/// The format of the file at `path` (`Unknown` if it cannot be read).
pub fn format(path: &Path) -> ImageFormat {
    let mut magic = [0u8; 4];
    let read = std::fs::File::open(path).and_then(|mut f| f.read_exact(&mut magic));
    match (read, magic) {
        (Ok(()), [0x7f, b'E', b'L', b'F']) => ImageFormat::Elf,
        (Ok(()), [b'#', b'!', ..]) => ImageFormat::Script,
        _ => ImageFormat::Unknown,
    }
}

/// The memory the loadable segments of a 64-bit little-endian ELF file span (the sum of their
/// `p_memsz`, so static arrays in `.bss` count); 0 for anything else or on a read error.
pub fn static_bytes(path: &Path) -> u64 {
    let mut header = Vec::with_capacity(4096);
    let read = std::fs::File::open(path).and_then(|f| f.take(4096).read_to_end(&mut header));
    if read.is_err() {
        return 0;
    }
    load_size(&header).unwrap_or(0)
}

/// `static_bytes` of an ELF file whose first bytes are `bytes` (the program headers must be
/// among them, as they are in files that compilers write).
fn load_size(bytes: &[u8]) -> Option<u64> {
    const ELFCLASS64: u8 = 2;
    const LITTLE_ENDIAN: u8 = 1;
    const PT_LOAD: u32 = 1;
    if bytes.get(..4)? != b"\x7fELF" || bytes[4] != ELFCLASS64 || bytes[5] != LITTLE_ENDIAN {
        return None;
    }
    let u16_at = |at: usize| Some(u16::from_le_bytes(bytes.get(at..at + 2)?.try_into().ok()?));
    let u32_at = |at: usize| Some(u32::from_le_bytes(bytes.get(at..at + 4)?.try_into().ok()?));
    let u64_at = |at: usize| Some(u64::from_le_bytes(bytes.get(at..at + 8)?.try_into().ok()?));
    let table = usize::try_from(u64_at(0x20)?).ok()?;
    let entry = usize::from(u16_at(0x36)?);
    let count = usize::from(u16_at(0x38)?);
    let mut total = 0u64;
    for i in 0..count {
        let at = table.checked_add(i.checked_mul(entry)?)?;
        if u32_at(at)? == PT_LOAD {
            total = total.saturating_add(u64_at(at + 0x28)?);
        }
    }
    Some(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A minimal ELF64 header with two program headers: a PT_LOAD of `memsz` and a PT_NOTE.
    fn elf(memsz: u64) -> Vec<u8> {
        let mut bytes = vec![0u8; 64 + 2 * 56];
        bytes[..6].copy_from_slice(b"\x7fELF\x02\x01");
        bytes[0x20..0x28].copy_from_slice(&64u64.to_le_bytes());
        bytes[0x36..0x38].copy_from_slice(&56u16.to_le_bytes());
        bytes[0x38..0x3a].copy_from_slice(&2u16.to_le_bytes());
        bytes[64..68].copy_from_slice(&1u32.to_le_bytes());
        bytes[64 + 0x28..64 + 0x30].copy_from_slice(&memsz.to_le_bytes());
        bytes[120..124].copy_from_slice(&4u32.to_le_bytes());
        bytes[120 + 0x28..120 + 0x30].copy_from_slice(&999u64.to_le_bytes());
        bytes
    }

    #[test]
    fn sums_loadable_segments_only() {
        assert_eq!(load_size(&elf(1 << 30)), Some(1 << 30));
    }

    #[test]
    fn truncated_or_foreign_files_give_none() {
        assert_eq!(load_size(&elf(5)[..100]), None);
        assert_eq!(load_size(b"#!/bin/sh\n"), None);
        let mut big_endian = elf(5);
        big_endian[5] = 2;
        assert_eq!(load_size(&big_endian), None);
    }
}
