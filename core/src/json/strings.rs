//! The bytes of a JSON string, below the parser: where a run of plain characters ends, the
//! code point a `\u` surrogate pair names, and the word-at-a-time quote tests the tape's key
//! readers use.

/// The code point a `\u` high surrogate `hi` (0xD800..0xDC00) and the low one after it name;
/// `None` when `lo` is below the low surrogates. The one place the pair is combined: the
/// parser (which also refuses a `lo` past them) and the source maps of ConfigMap values.
pub(crate) fn surrogate_pair(hi: u32, lo: u32) -> Option<u32> {
    Some(0x10000 + ((hi - 0xD800) << 10) + lo.checked_sub(0xDC00)?)
}

const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);

/// The high bit of each byte of `v` that is 0; a byte after a match may be flagged wrongly,
/// never one before it (so the first flag is exact), and none is flagged without a match.
#[inline(always)]
fn zero_bytes(v: u64) -> u64 {
    v.wrapping_sub(ONES) & !v & HIGHS
}

/// The high bit of each byte of `v` below `n` (at most 0x80), as [`zero_bytes`] flags.
#[inline(always)]
fn bytes_below(v: u64, n: u8) -> u64 {
    v.wrapping_sub(u64::from_ne_bytes([n; 8])) & !v & HIGHS
}

/// Where the first byte of `b` that `flags` marks (eight bytes at a time, a word's bytes tested
/// together as memchr does) or, in the last few bytes, that `is` holds for; `b.len()` if none.
#[inline(always)]
fn first_byte(b: &[u8], flags: impl Fn(u64) -> u64, is: impl Fn(u8) -> bool) -> usize {
    let mut at = 0;
    while let Some(chunk) = b.get(at..at + 8) {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let found = flags(u64::from_le_bytes(word));
        if found != 0 {
            return at + (found.trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    let tail = b.get(at..).unwrap_or_default();
    at + tail.iter().position(|&c| is(c)).unwrap_or(tail.len())
}

/// How many bytes of `b` come before the first quote, backslash or control character.
pub(super) fn plain_len(b: &[u8]) -> usize {
    first_byte(
        b,
        |v| {
            zero_bytes(v ^ u64::from_ne_bytes([b'"'; 8]))
                | zero_bytes(v ^ u64::from_ne_bytes([b'\\'; 8]))
                | bytes_below(v, 0x20)
        },
        |c| c == b'"' || c == b'\\' || c < 0x20,
    )
}

/// Whether `b` holds no whitespace (nor any other byte up to 0x20) and no backslash: a JSON
/// value's text with none is written by the compact writer exactly as it is (no space between
/// tokens to drop, no escape to write back another way).
pub(super) fn compact_as_written(b: &[u8]) -> bool {
    let flags = |v: u64| zero_bytes(v ^ u64::from_ne_bytes([b'\\'; 8])) | bytes_below(v, 0x21);
    first_byte(b, flags, |c| c == b'\\' || c <= 0x20) == b.len()
}

/// The top bit set in exactly the bytes of `word` that are quotes: a byte of `x` is 0 where
/// the word holds one, and no carry crosses a byte (unlike `plain_len`'s test, which may flag
/// a byte after a match and so answers only "the first one").
#[inline(always)]
fn quotes(word: u64) -> u64 {
    const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let x = word ^ u64::from_ne_bytes([b'"'; 8]);
    !(((x & LOW).wrapping_add(LOW)) | x | LOW)
}

/// Whether `s` holds a quote: for a key of 4 to 16 bytes, the two overlapping words that
/// the key comparison (`same_bytes` in `tape_keys.rs`) compared are tested for a quote byte at once (a search call cost more).
#[inline(always)]
pub(in crate::json) fn has_quote(s: &[u8]) -> bool {
    let word = |at: usize| {
        s.get(at..at + 8)
            .and_then(|w| w.try_into().ok())
            .map(u64::from_le_bytes)
    };
    let half = |at: usize| {
        s.get(at..at + 4)
            .and_then(|w| w.try_into().ok())
            .map(|w| u64::from(u32::from_le_bytes(w)) | 0x4141_4141_0000_0000)
    };
    let n = s.len();
    let pair = match n {
        8..=16 => word(0).zip(word(n - 8)),
        4..=7 => half(0).zip(half(n - 4)),
        _ => None,
    };
    match pair {
        Some((a, b)) => quotes(a) | quotes(b) != 0,
        None => s.contains(&b'"'),
    }
}

/// The offset of the last `"` in `bytes[..end]` (0 when there is none), read eight bytes at a
/// time: the opening quote of a key, found from its closing one (a key is short, and a search
/// call cost more than the key).
#[inline(always)]
pub(in crate::json) fn last_quote(bytes: &[u8], end: usize) -> usize {
    let mut at = end.min(bytes.len());
    while at >= 8 {
        let Some(word) = bytes
            .get(at - 8..at)
            .and_then(|w| <[u8; 8]>::try_from(w).ok())
        else {
            break;
        };
        let found = quotes(u64::from_le_bytes(word));
        if found != 0 {
            // The last byte in memory is the most significant one.
            return at - 1 - (found.leading_zeros() / 8) as usize;
        }
        at -= 8;
    }
    bytes
        .get(..at)
        .unwrap_or_default()
        .iter()
        .rposition(|&b| b == b'"')
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::plain_len;

    /// The word-at-a-time scan stops where the byte-by-byte one does, for every stopping byte
    /// at every place in and around a word, among ASCII and multi-byte UTF-8 bytes.
    #[test]
    fn plain_len_stops_where_a_byte_scan_stops() {
        let naive = |b: &[u8]| {
            b.iter()
                .position(|&c| c == b'"' || c == b'\\' || c < 0x20)
                .unwrap_or(b.len())
        };
        let fillers: [&[u8]; 3] = [
            b"abcdefghijklmnopqrstu",
            "é€😀é€😀é".as_bytes(),
            b"\x7f !#[]{}~\x7f !#[]{}~",
        ];
        for filler in fillers {
            for len in 0..filler.len() {
                let base = &filler[..len];
                assert_eq!(plain_len(base), naive(base));
                for at in 0..len {
                    for stop in [b'"', b'\\', 0x00, 0x1f, b'\n', b'\t'] {
                        let mut b = base.to_vec();
                        b[at] = stop;
                        assert_eq!(plain_len(&b), naive(&b), "{b:?}");
                        // A second stop after the first never moves the answer.
                        if at + 1 < len {
                            b[at + 1] = b'"';
                            assert_eq!(plain_len(&b), naive(&b), "{b:?}");
                        }
                    }
                }
            }
        }
    }
}
