//! [`LineIndex`]: the line and column of a byte offset, for the tape (which stores no
//! positions), counted as the parser counts them.

/// Line and column of any byte offset in O(log n): the offsets where lines start, and those of
/// the UTF-8 continuation bytes (a column counts characters, as the parser does). Both lists
/// are sorted; non-ASCII text is rare in offsets listings, so the second is usually empty.
#[derive(Debug)]
pub(super) struct LineIndex {
    starts: Vec<u32>,
    continuations: Vec<u32>,
    bom: bool,
}

impl LineIndex {
    pub(super) fn of(text: &str) -> LineIndex {
        let mut starts = vec![0u32];
        let mut continuations = Vec::new();
        // The text is shorter than 4 GiB (checked before the parse).
        for (i, &b) in text.as_bytes().iter().enumerate() {
            if b == b'\n' {
                starts.push(i as u32 + 1);
            } else if b & 0xC0 == 0x80 {
                continuations.push(i as u32);
            }
        }
        LineIndex {
            starts,
            continuations,
            bom: text.starts_with('\u{feff}'),
        }
    }

    /// The 1-based line and column of byte `offset`.
    pub(super) fn line_column(&self, offset: usize) -> (u32, u32) {
        let below = |list: &[u32], at: usize| list.partition_point(|&s| (s as usize) < at);
        let line = self
            .starts
            .partition_point(|&s| s as usize <= offset)
            .max(1);
        let start = self.starts.get(line - 1).map_or(0, |&s| s as usize);
        let bytes = offset.saturating_sub(start);
        let continuations = below(&self.continuations, offset) - below(&self.continuations, start);
        // The parser skips a byte order mark without counting a column.
        let bom = usize::from(self.bom && line == 1 && offset >= 3);
        let column = bytes.saturating_sub(continuations + bom) + 1;
        (line as u32, column as u32)
    }
}
