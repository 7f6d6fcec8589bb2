//! One row of the working set in 32 bytes: its offset cell, the offset its entry was imported
//! with, where the entry comes from, the entry that replaced it and whether it is removed. The
//! cell and the imported offset keep their numbers in plain words beside one-byte tags (two
//! enums of an `i64` each would take 32 bytes on their own, and the imported offsets were a
//! second 16-byte-per-entry array beside the rows).

use super::{Cell, Held, OffsetValue, RowOrigin};

#[derive(Debug, Clone, PartialEq)]
pub(super) struct Row {
    /// The number of `Cell::Value` and `Cell::Shifted(Some(_))`; 0 otherwise.
    cell_value: i64,
    /// The number of an imported row's `OffsetValue::Value`; 0 otherwise.
    base_value: i64,
    pub(super) origin: RowOrigin,
    /// The row's entry when it was replaced by [`Action::SetEntry`](super::Action::SetEntry).
    /// The offset cell applies on top of it.
    pub(super) edited: Option<Held>,
    cell: CellTag,
    base: BaseTag,
    pub(super) removed: bool,
}

/// Which [`Cell`] a row holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CellTag {
    Imported,
    Null,
    Value,
    ShiftedToNull,
    Shifted,
}

/// Which [`OffsetValue`] an imported row's entry was imported with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BaseTag {
    Null,
    Value,
    Unreadable,
}

impl Row {
    /// The row of imported entry `index`, whose offset reads `base`.
    pub(super) fn imported(index: u32, base: OffsetValue) -> Row {
        let (base, base_value) = match base {
            OffsetValue::Null => (BaseTag::Null, 0),
            OffsetValue::Value(v) => (BaseTag::Value, v),
            OffsetValue::Unreadable => (BaseTag::Unreadable, 0),
        };
        Row {
            cell_value: 0,
            base_value,
            origin: RowOrigin::Imported(index),
            edited: None,
            cell: CellTag::Imported,
            base,
            removed: false,
        }
    }

    /// The row of an added entry the session holds as `held`, its offset `cell`.
    pub(super) fn added(held: Held, cell: Cell) -> Row {
        let mut row = Row {
            cell_value: 0,
            base_value: 0,
            origin: RowOrigin::Added(held),
            edited: None,
            cell: CellTag::Imported,
            base: BaseTag::Null,
            removed: false,
        };
        row.set_cell(cell);
        row
    }

    /// The row's offset cell.
    pub(super) fn cell(&self) -> Cell {
        match self.cell {
            CellTag::Imported => Cell::Imported,
            CellTag::Null => Cell::Null,
            CellTag::Value => Cell::Value(self.cell_value),
            CellTag::ShiftedToNull => Cell::Shifted(None),
            CellTag::Shifted => Cell::Shifted(Some(self.cell_value)),
        }
    }

    pub(super) fn set_cell(&mut self, cell: Cell) {
        (self.cell, self.cell_value) = match cell {
            Cell::Imported => (CellTag::Imported, 0),
            Cell::Null => (CellTag::Null, 0),
            Cell::Value(v) => (CellTag::Value, v),
            Cell::Shifted(None) => (CellTag::ShiftedToNull, 0),
            Cell::Shifted(Some(v)) => (CellTag::Shifted, v),
        };
    }

    /// The offset the row's entry was imported with; `None` for an added row.
    pub(super) fn base(&self) -> Option<OffsetValue> {
        match self.origin {
            RowOrigin::Added(_) => None,
            RowOrigin::Imported(_) => Some(match self.base {
                BaseTag::Null => OffsetValue::Null,
                BaseTag::Value => OffsetValue::Value(self.base_value),
                BaseTag::Unreadable => OffsetValue::Unreadable,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every cell and imported offset reads back as written, extremes included, and two rows
    /// holding the same cell are equal whatever the cell held before (the session's
    /// `PartialEq` compares rows: undo is checked that way).
    #[test]
    fn cells_and_imported_offsets_read_back_as_written() {
        let cells = [
            Cell::Imported,
            Cell::Null,
            Cell::Value(0),
            Cell::Value(i64::MIN),
            Cell::Value(i64::MAX),
            Cell::Shifted(None),
            Cell::Shifted(Some(-1)),
            Cell::Shifted(Some(i64::MAX)),
        ];
        let bases = [
            OffsetValue::Null,
            OffsetValue::Value(i64::MIN),
            OffsetValue::Value(7),
            OffsetValue::Unreadable,
        ];
        for base in bases {
            for cell in cells {
                for before in cells {
                    let mut row = Row::imported(3, base);
                    row.set_cell(before);
                    row.set_cell(cell);
                    assert_eq!((row.cell(), row.base()), (cell, Some(base)));
                    assert_eq!(row.origin, RowOrigin::Imported(3));
                    let mut fresh = Row::imported(3, base);
                    fresh.set_cell(cell);
                    assert_eq!(row, fresh, "{before:?} then {cell:?}");
                }
            }
        }
        let held = Held(std::num::NonZeroU32::MIN);
        for cell in cells {
            let row = Row::added(held, cell);
            assert_eq!((row.cell(), row.base()), (cell, None));
        }
    }
}
