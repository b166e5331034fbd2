//! A table of values that one thread appends to while others read what is already there.
//!
//! The quadratic engine splits the work for one heap across threads, so helpers read
//! `G(0..n)` while the main thread is about to write `G(n)`. The values are never copied (the
//! memory budget is 4 bytes per value): this module lends the `Vec`'s own buffer out as a
//! published prefix, the only `unsafe` of the engines.

use std::marker::PhantomData;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The published prefix of a table being appended to; shared by reference between threads.
pub(super) struct SharedTable<'a> {
    base: *mut u32,
    capacity: usize,
    /// Values `0..len` are written and never change again.
    len: AtomicUsize,
    _buffer: PhantomData<&'a mut Vec<u32>>,
}

// SAFETY: readers only form shared slices of `0..len`, which no one writes any more; the one
// writer ([`Appender`], neither `Send` nor `Sync`) writes slot `len` before publishing it with a
// release store that readers acquire.
unsafe impl Sync for SharedTable<'_> {}

impl SharedTable<'_> {
    /// The values published so far.
    pub(super) fn values(&self) -> &[u32] {
        let len = self.len.load(Ordering::Acquire);
        // SAFETY: `base..base+len` lies in the vector's buffer (len <= capacity), is
        // initialised, and is never written while the table exists (the writer only writes at
        // indices >= len, and the vector itself is mutably borrowed and untouched).
        unsafe { std::slice::from_raw_parts(self.base, len) }
    }
}

/// The single writer of a [`SharedTable`].
pub(super) struct Appender<'t, 'a> {
    table: &'t SharedTable<'a>,
    /// Keeps the writer on the thread that created it.
    _not_send: PhantomData<*const ()>,
}

impl Appender<'_, '_> {
    /// Writes the next value and publishes it to the readers.
    pub(super) fn push(&mut self, value: u32) {
        let len = self.table.len.load(Ordering::Relaxed);
        assert!(len < self.table.capacity, "shared table is full");
        // SAFETY: slot `len` is inside the reserved buffer and no reader can see it yet (they
        // see `0..len` only); this is the only writer.
        unsafe { self.table.base.add(len).write(value) };
        self.table.len.store(len + 1, Ordering::Release);
    }
}

/// Lends `values` out as a shared table that `body` may append to, up to `len` values in all
/// (the room is reserved first); the vector keeps every value pushed.
pub(super) fn append_shared<R>(
    values: &mut Vec<u32>,
    len: usize,
    body: impl FnOnce(&mut Appender<'_, '_>, &SharedTable<'_>) -> R,
) -> R {
    values.reserve(len.saturating_sub(values.len()));
    let table = SharedTable {
        base: values.as_mut_ptr(),
        capacity: values.capacity(),
        len: AtomicUsize::new(values.len()),
        _buffer: PhantomData,
    };
    let mut appender = Appender {
        table: &table,
        _not_send: PhantomData,
    };
    let result = body(&mut appender, &table);
    let written = table.len.load(Ordering::Acquire);
    // SAFETY: every slot below `written` was initialised by `push`, and `written <= capacity`.
    unsafe { values.set_len(written) };
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn readers_see_a_growing_prefix_and_the_vector_keeps_it() {
        let mut values = vec![7u32, 8];
        let sums = append_shared(&mut values, 1000, |appender, table| {
            std::thread::scope(|s| {
                let reader = s.spawn(|| {
                    let mut last = 0;
                    while last < 1000 {
                        let seen = table.values();
                        assert!(seen.len() >= last);
                        assert_eq!(&seen[..2], [7, 8]);
                        assert!(seen[2..].iter().enumerate().all(|(i, &v)| v == i as u32));
                        last = seen.len();
                    }
                    last
                });
                for v in 0..998 {
                    appender.push(v);
                }
                reader.join().expect("reader")
            })
        });
        assert_eq!(sums, 1000);
        assert_eq!(values.len(), 1000);
        assert_eq!(values[999], 997);
    }
}
