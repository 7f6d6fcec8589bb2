//! [`SourceMap`]: positions inside a parsed text (a ConfigMap value) mapped back to the file it
//! came from, through a YAML `|-` block or the escapes of a quoted string.

use crate::diag::Position;

/// Turns a position inside a parsed text into a position in the original input.
#[derive(Debug, Clone, Default)]
pub enum SourceMap {
    /// The text is the original input.
    #[default]
    Identity,
    /// A YAML literal block scalar: inner line L, column C is file line `first_line + L - 1`,
    /// column `indent + C`.
    Block { first_line: u32, indent: u32 },
    /// A quoted string: checkpoints `(inner offset, inner column, outer position)` recorded at
    /// every escape and at every literal run; between two checkpoints characters map 1:1.
    Checkpoints(Vec<(usize, u32, Position)>),
    /// Every inner position maps to one outer position (a scalar style we do not map finely).
    Fixed(Position),
}

impl SourceMap {
    pub fn map(&self, offset: usize, line: u32, column: u32) -> Position {
        match self {
            SourceMap::Identity => Position::new(line, column),
            SourceMap::Block { first_line, indent } => {
                Position::new(first_line + line.saturating_sub(1), indent + column)
            }
            SourceMap::Checkpoints(points) => {
                checkpoint_position(points, points.partition_point(|p| p.0 <= offset), column)
            }
            SourceMap::Fixed(p) => *p,
        }
    }
}

/// The position of inner column `column` when the first `idx` checkpoints are at or before it.
pub(super) fn checkpoint_position(
    points: &[(usize, u32, Position)],
    idx: usize,
    column: u32,
) -> Position {
    match idx.checked_sub(1).and_then(|i| points.get(i)) {
        Some(&(_, inner_col, outer)) => {
            Position::new(outer.line, outer.column + column.saturating_sub(inner_col))
        }
        None => points.first().map(|p| p.2).unwrap_or(Position::NONE),
    }
}
