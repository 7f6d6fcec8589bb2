//! [`LineIndex`]: the line and column of a byte offset, for the tape (which stores no
//! positions) and for [`position_of`] (a byte no parser reached), counted as the parser
//! counts them. The parser itself counts lines and columns as it walks forward, which costs
//! nothing; the tape's agreement tests check that the two counts give the same positions.

use crate::diag::Position;

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
        LineIndex::build(text, text.starts_with('\u{feff}'))
    }

    /// `bom`: a leading byte order mark is skipped without counting a column.
    fn build(text: &str, bom: bool) -> LineIndex {
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
            bom,
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

/// The 1-based line and column (in characters) of byte offset `at` in `text`, a leading byte
/// order mark counted as a character: where the import points for a byte it refuses before
/// any parse (a NUL byte, invalid UTF-8). Past the end, or inside a character, it is the
/// position of the end of `text`.
pub fn position_of(text: &str, at: usize) -> Position {
    let before = text.get(..at).unwrap_or(text);
    let (line, column) = LineIndex::build(before, false).line_column(before.len());
    Position::new(line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `position_of` computed before it went through the line index.
    fn counted(text: &str, at: usize) -> Position {
        let before = text.get(..at).unwrap_or(text);
        let line = before.bytes().filter(|b| *b == b'\n').count() as u32 + 1;
        let line_start = before.rfind('\n').map(|i| i + 1).unwrap_or(0);
        let col = before.get(line_start..).unwrap_or("").chars().count() as u32 + 1;
        Position::new(line, col)
    }

    #[test]
    fn position_of_counts_as_the_import_always_did() {
        for text in [
            "",
            "ab\ncé\nx",
            "\u{feff}a\n\u{feff}é€😀\r\n\n",
            "\n\n",
            "x",
        ] {
            for at in 0..text.len() + 3 {
                assert_eq!(position_of(text, at), counted(text, at), "{text:?} at {at}");
            }
        }
    }
}
