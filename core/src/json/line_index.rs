//! [`LineIndex`]: the one place a byte offset becomes a line and a column. The parser asks it
//! for every value's position (walking forward from the last line it answered), the tape asks
//! it on demand, and [`position_of`] asks it for a byte no parser reached. Columns count
//! characters; a byte order mark at the start of the text counts no column.

use crate::diag::Position;
use std::cell::Cell;

/// Line and column of any byte offset: the offsets where lines start, and those of the UTF-8
/// continuation bytes (a column counts characters). Both lists are sorted; non-ASCII text is
/// rare in offsets listings, so the second is usually empty.
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
        let bytes = text.as_bytes();
        // The text is shorter than 4 GiB (checked before the parse).
        let starts: Vec<u32> = std::iter::once(0)
            .chain(memchr::memchr_iter(b'\n', bytes).map(|i| i as u32 + 1))
            .collect();
        let continuations = if text.is_ascii() {
            Vec::new()
        } else {
            (0u32..)
                .zip(bytes)
                .filter(|&(_, &b)| b & 0xC0 == 0x80)
                .map(|(i, _)| i)
                .collect()
        };
        LineIndex {
            starts,
            continuations,
            bom,
        }
    }

    /// The 1-based line and column of byte `offset`.
    pub(super) fn line_column(&self, offset: usize) -> (u32, u32) {
        let line = self
            .starts
            .partition_point(|&s| s as usize <= offset)
            .max(1);
        self.column_on(line, offset)
    }

    /// [`LineIndex::line_column`] for a caller whose offsets mostly grow (the parser): it
    /// walks on from the line it answered last (`hint`) instead of searching.
    pub(super) fn line_column_from(&self, offset: usize, hint: &Cell<usize>) -> (u32, u32) {
        let mut line = hint.get().max(1);
        if self
            .starts
            .get(line - 1)
            .is_none_or(|&s| s as usize > offset)
        {
            return self.line_column(offset);
        }
        while self.starts.get(line).is_some_and(|&s| s as usize <= offset) {
            line += 1;
        }
        hint.set(line);
        self.column_on(line, offset)
    }

    /// The line (1-based) and column of `offset`, which lies on `line`.
    fn column_on(&self, line: usize, offset: usize) -> (u32, u32) {
        let start = self.starts.get(line - 1).map_or(0, |&s| s as usize);
        let bytes = offset.saturating_sub(start);
        let continuations = if self.continuations.is_empty() {
            0
        } else {
            let below = |at: usize| self.continuations.partition_point(|&s| (s as usize) < at);
            below(offset) - below(start)
        };
        // A leading byte order mark counts no column.
        let bom = usize::from(self.bom && line == 1 && offset >= 3);
        let column = bytes.saturating_sub(continuations + bom) + 1;
        (line as u32, column as u32)
    }
}

/// What `LineIndex::of(text).line_column(offset)` answers, counted over `text[..offset]`
/// alone: a position near the start of a large text (a payload's first entry) without a
/// pass over all of it. `None` when `offset` is not at a character's start.
pub(super) fn prefix_line_column(text: &str, offset: usize) -> Option<(u32, u32)> {
    let before = text.get(..offset)?;
    Some(LineIndex::build(before, text.starts_with('\u{feff}')).line_column(offset))
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

    /// Lines and columns counted byte by byte, as the parser once counted them.
    fn counted(text: &str, at: usize) -> Position {
        let before = text.get(..at).unwrap_or(text);
        let line = before.bytes().filter(|b| *b == b'\n').count() as u32 + 1;
        let line_start = before.rfind('\n').map(|i| i + 1).unwrap_or(0);
        let col = before.get(line_start..).unwrap_or("").chars().count() as u32 + 1;
        Position::new(line, col)
    }

    const TEXTS: [&str; 5] = [
        "",
        "ab\ncé\nx",
        "\u{feff}a\n\u{feff}é€😀\r\n\n",
        "\n\n",
        "x",
    ];

    #[test]
    fn position_of_counts_as_the_import_always_did() {
        for text in TEXTS {
            for at in 0..text.len() + 3 {
                assert_eq!(position_of(text, at), counted(text, at), "{text:?} at {at}");
            }
        }
    }

    /// The walk from a hint answers what the search answers, going forward, backward and
    /// from a stale hint.
    #[test]
    fn walking_from_a_hint_is_searching() {
        for text in TEXTS {
            let index = LineIndex::of(text);
            let hint = Cell::new(0);
            let forward: Vec<usize> = (0..text.len() + 2).collect();
            let backward: Vec<usize> = forward.iter().rev().copied().collect();
            for at in forward.iter().chain(&backward).chain(&forward) {
                let walked = index.line_column_from(*at, &hint);
                assert_eq!(walked, index.line_column(*at), "{text:?} at {at}");
            }
        }
    }
}
