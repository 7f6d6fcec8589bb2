//! The bytes of a JSON string, below the parser: where a run of plain characters ends, and
//! the code point a `\u` surrogate pair names.

/// The code point a `\u` high surrogate `hi` (0xD800..0xDC00) and the low one after it name;
/// `None` when `lo` is below the low surrogates. The one place the pair is combined: the
/// parser (which also refuses a `lo` past them) and the source maps of ConfigMap values.
pub(crate) fn surrogate_pair(hi: u32, lo: u32) -> Option<u32> {
    Some(0x10000 + ((hi - 0xD800) << 10) + lo.checked_sub(0xDC00)?)
}

/// How many bytes of `b` come before the first quote, backslash or control character: eight
/// bytes at a time (a word's bytes tested together, as memchr does), then byte by byte.
pub(super) fn plain_len(b: &[u8]) -> usize {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    // Bytes equal to `x` (or below 0x20 for `lt`) set their high bit in the result; a byte
    // after a match may be flagged wrongly, never one before it, so the first flag is exact.
    let zero = |v: u64| v.wrapping_sub(ONES) & !v & HIGHS;
    let mut at = 0;
    while let Some(chunk) = b.get(at..at + 8) {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let v = u64::from_le_bytes(word);
        let quote = zero(v ^ u64::from_ne_bytes([b'"'; 8]));
        let backslash = zero(v ^ u64::from_ne_bytes([b'\\'; 8]));
        let control = v.wrapping_sub(u64::from_ne_bytes([0x20; 8])) & !v & HIGHS;
        let found = quote | backslash | control;
        if found != 0 {
            return at + (found.trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    let tail = b.get(at..).unwrap_or_default();
    at + tail
        .iter()
        .position(|&c| c == b'"' || c == b'\\' || c < 0x20)
        .unwrap_or(tail.len())
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
