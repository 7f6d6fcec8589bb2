//! A member's key, read from the text: a key has no node of its own (a third fewer nodes in an
//! offsets listing), so its quotes are found around its value's node. The closing quote is
//! just before the colon before the value; the opening one is found forward from the end of
//! the member before it, or backward from the closing one. Lookups by name (`get`, `fields`)
//! never find where a key starts: a key of the name's length ends at the closing quote, so a
//! quote that many bytes before it tells most keys apart by one byte.

use super::{Node, Tape};
use crate::json::strings::{has_quote, last_quote};

impl Tape<'_> {
    /// The opening quote of the key before the member value `node`, whose closing quote is at
    /// `close`, found backward from it.
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    pub(super) fn key_open(&self, node: Node, close: usize) -> usize {
        let bytes = self.text.as_str().as_bytes();
        if node.key_escaped() {
            return escaped_key_open(bytes, close);
        }
        // No backslash in the key: the first quote before the closing one opens it.
        last_quote(bytes, close)
    }
}

/// The closing quote of the key before the member value that starts at byte `value`: the two
/// bytes before a compact member's value, else back over whitespace, the colon and whitespace
/// (the parser read them).
#[inline(always)]
pub(super) fn key_close(bytes: &[u8], value: usize) -> usize {
    match value.checked_sub(2).and_then(|at| bytes.get(at..value)) {
        Some(b"\":") => value - 2,
        _ => spaced_key_close(bytes, value),
    }
}

/// [`key_close`] where whitespace stands around the colon.
#[cold]
#[inline(never)]
fn spaced_key_close(bytes: &[u8], value: usize) -> usize {
    let mut at = value;
    let mut colon = false;
    while at > 0 {
        match bytes.get(at - 1) {
            Some(b' ' | b'\t' | b'\n' | b'\r') => at -= 1,
            Some(b':') if !colon => {
                colon = true;
                at -= 1;
            }
            _ => break,
        }
    }
    at.saturating_sub(1)
}

/// Whether the key whose closing quote is at `close`, holding no escape, reads `key`. Such a
/// key holds neither a quote nor a backslash, so a quote `key.len()` bytes before the closing
/// one opens it, unless `key` itself holds a quote (and then no such key reads it).
#[inline(always)]
pub(super) fn plain_key_reads(bytes: &[u8], close: usize, key: &str) -> bool {
    let key = key.as_bytes();
    let Some(open) = close.checked_sub(key.len() + 1) else {
        return false;
    };
    bytes.get(open) == Some(&b'"')
        && bytes
            .get(open + 1..close)
            .is_some_and(|text| same_bytes(text, key))
        && !has_quote(key)
}

/// The first quote at or after byte `from` past whitespace and commas: the opening quote of the
/// key after a member's value (or after an object's brace). `None` when something else stands
/// there, or `from` is past the text.
#[inline(always)]
pub(super) fn quote_after(bytes: &[u8], from: usize) -> Option<usize> {
    // Compact: the quote, or a comma and the quote.
    match bytes.get(from..from.wrapping_add(2)) {
        Some([b'"', _]) => return Some(from),
        Some([b',', b'"']) => return Some(from + 1),
        _ => {}
    }
    spaced_quote_after(bytes, from)
}

/// [`quote_after`] where whitespace stands between a member and the next key.
#[cold]
#[inline(never)]
fn spaced_quote_after(bytes: &[u8], from: usize) -> Option<usize> {
    let mut at = from;
    loop {
        match bytes.get(at)? {
            b'"' => return Some(at),
            b',' | b' ' | b'\t' | b'\n' | b'\r' => at += 1,
            _ => return None,
        }
    }
}

/// The opening quote of a key holding an escape, whose closing quote is at `close`: the first
/// quote before it that no backslash escapes (an odd run of backslashes before a quote escapes
/// it).
#[cold]
#[inline(never)]
fn escaped_key_open(bytes: &[u8], close: usize) -> usize {
    let mut at = close;
    while let Some(quote) = memchr::memrchr(b'"', bytes.get(..at).unwrap_or_default()) {
        let run = bytes
            .get(..quote)
            .unwrap_or_default()
            .iter()
            .rev()
            .take_while(|&&b| b == b'\\')
            .count();
        if run % 2 == 0 {
            return quote;
        }
        at = quote;
    }
    0
}

/// `a == b`, two slices of 4 to 16 bytes compared as two overlapping words (a key, mostly):
/// every lookup of a member compares one key, and a `memcmp` call cost more than the
/// comparison (5% of `edit`'s cycles at 100k entries).
#[inline(always)]
pub(super) fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    fn word(s: &[u8], at: usize) -> Option<u64> {
        Some(u64::from_le_bytes(s.get(at..at + 8)?.try_into().ok()?))
    }
    fn half(s: &[u8], at: usize) -> Option<u32> {
        Some(u32::from_le_bytes(s.get(at..at + 4)?.try_into().ok()?))
    }
    let n = a.len();
    if n != b.len() {
        return false;
    }
    match n {
        8..=16 => word(a, 0) == word(b, 0) && word(a, n - 8) == word(b, n - 8),
        4..=7 => half(a, 0) == half(b, 0) && half(a, n - 4) == half(b, n - 4),
        _ => a == b,
    }
}
