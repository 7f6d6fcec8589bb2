//! The working set read back: each row as imported or edited ([`RowView`]), its facts for the
//! filter, and the listings built from the rows for export.

use super::{Cell, ExportScope, OffsetValue, Row, RowOrigin, Session, describe_entry};
use crate::editing::filter::Filter;
use crate::json::{CopySpare, RawKind};
use crate::model::EntryFacts;
use crate::model::{ConnectorKind, Entry, Listing, OffsetField, PartitionKey};

/// A read-only view of one row.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RowView<'a> {
    pub index: usize,
    /// The entry as imported (or as added, with a null offset), or as replaced by
    /// [`Action::SetEntry`](super::Action::SetEntry); the current offset applies on top of it.
    pub entry: &'a Entry,
    /// The imported offset; `None` for an added row.
    pub imported: Option<OffsetValue>,
    /// The offset now.
    pub current: OffsetValue,
    pub added: bool,
    pub removed: bool,
    /// Added, or the offset differs from the imported one, or the entry was replaced.
    pub changed: bool,
    /// The entry was replaced by [`Action::SetEntry`](super::Action::SetEntry).
    pub edited: bool,
    /// The offset was computed from the imported one by a shift or rewind (and not set since):
    /// it is right only while the stored offset is still the listed one.
    pub relative: bool,
}

/// The imported meaning of an entry's offset. For a generic connector only an offset map with
/// exactly one number, an integer, is readable (it is the one [`Entry::with_offset`] rewrites).
pub(super) fn read_offset(kind: ConnectorKind, entry: &Entry) -> OffsetValue {
    match entry.offset_field() {
        OffsetField::Missing | OffsetField::Null => OffsetValue::Null,
        OffsetField::Other(_) => OffsetValue::Unreadable,
        OffsetField::Map(map) => {
            if kind == ConnectorKind::Generic {
                let numbers = map
                    .members()
                    .filter(|m| m.value.kind() == RawKind::Number)
                    .count();
                if numbers != 1 {
                    return OffsetValue::Unreadable;
                }
            }
            // The map in hand: `Entry::offset` would look the `offset` member up again.
            match crate::model::offset_in(map, kind) {
                Some(v) => OffsetValue::Value(v),
                None => OffsetValue::Unreadable,
            }
        }
    }
}

impl Session {
    pub(super) fn entry_of<'a>(&'a self, row: &'a Row) -> Option<&'a Entry> {
        if let Some(k) = row.edited {
            return self.held(k);
        }
        match row.origin {
            RowOrigin::Imported(i) => self.imported.entries.get(i as usize),
            RowOrigin::Added(k) => self.held(k),
        }
    }

    /// Whether row `index`'s offset was set rather than read from the listing: a shift of it
    /// does not depend on the listed offset (an added row, a set value, a replaced entry).
    pub(super) fn is_set(&self, index: usize) -> bool {
        self.rows.get(index).is_some_and(|r| {
            matches!(r.origin, RowOrigin::Added(_))
                || matches!(r.cell(), Cell::Value(_) | Cell::Null)
                || (r.cell() == Cell::Imported && r.edited.is_some())
        })
    }

    pub(super) fn current_of(&self, row: &Row) -> OffsetValue {
        if let (Cell::Imported, Some(k)) = (row.cell(), row.edited) {
            return match self.held(k) {
                Some(entry) => read_offset(self.kind(), entry),
                None => OffsetValue::Unreadable,
            };
        }
        match (row.cell(), &row.origin) {
            (Cell::Imported, RowOrigin::Imported(_)) => {
                row.base().unwrap_or(OffsetValue::Unreadable)
            }
            (Cell::Imported, RowOrigin::Added(_)) | (Cell::Null | Cell::Shifted(None), _) => {
                OffsetValue::Null
            }
            (Cell::Value(v) | Cell::Shifted(Some(v)), _) => OffsetValue::Value(v),
        }
    }

    pub(super) fn changed_of(&self, row: &Row) -> bool {
        match &row.origin {
            RowOrigin::Added(_) => true,
            RowOrigin::Imported(_) if row.edited.is_some() => true,
            RowOrigin::Imported(_) => match row.cell() {
                Cell::Imported => false,
                _ => row.base() != Some(self.current_of(row)),
            },
        }
    }

    fn view<'a>(&'a self, index: usize, row: &'a Row) -> Option<RowView<'a>> {
        Some(RowView {
            index,
            entry: self.entry_of(row)?,
            imported: row.base(),
            current: self.current_of(row),
            added: matches!(row.origin, RowOrigin::Added(_)),
            removed: row.removed,
            changed: self.changed_of(row),
            edited: row.edited.is_some(),
            relative: matches!(row.cell(), Cell::Shifted(_)),
        })
    }

    /// One row.
    pub fn row(&self, index: usize) -> Option<RowView<'_>> {
        self.view(index, self.rows.get(index)?)
    }

    /// Every row, in order.
    pub fn rows(&self) -> impl Iterator<Item = RowView<'_>> {
        self.rows
            .iter()
            .enumerate()
            .filter_map(|(i, r)| self.view(i, r))
    }

    /// What the filter language sees in a row.
    pub fn facts(&self, index: usize) -> Option<EntryFacts<'_>> {
        let row = self.rows.get(index)?;
        Some(EntryFacts::of(
            self.kind(),
            self.entry_of(row)?,
            self.changed_of(row),
        ))
    }

    /// Rows (not removed) the filter matches, ascending.
    pub fn matching_rows(&self, filter: &Filter) -> Vec<usize> {
        self.select_filter(filter, false)
    }

    /// The row holding `key` (not removed), if any.
    pub fn find(&self, key: &PartitionKey) -> Option<usize> {
        self.rows.iter().enumerate().find_map(|(i, r)| {
            (!r.removed && self.entry_of(r)?.key().as_ref() == Some(key)).then_some(i)
        })
    }

    /// A short human name of a row: `east/orders:0`, `events:2`, or the partition map.
    pub fn describe(&self, index: usize) -> String {
        let Some(row) = self.rows.get(index) else {
            return format!("row {index}");
        };
        let Some(entry) = self.entry_of(row) else {
            return format!("row {index}");
        };
        let number = match row.origin {
            RowOrigin::Imported(i) => format!("Entry #{}", i + 1),
            RowOrigin::Added(_) => "Added entry".to_string(),
        };
        format!("{number} ({})", describe_entry(self.kind(), entry))
    }

    /// The entry a row exports now: unchanged rows and replaced entries verbatim, otherwise the
    /// entry with the current offset written in.
    pub(super) fn materialise(&self, row: &Row) -> Option<Entry> {
        self.materialise_in(row, &mut CopySpare::default())
    }

    /// [`Session::materialise`], an edited entry made in `spare`'s memory when the one made
    /// with it before is gone ([`Entry::with_offset_in`]).
    fn materialise_in(&self, row: &Row, spare: &mut CopySpare) -> Option<Entry> {
        let entry = self.entry_of(row)?;
        let as_is = match row.origin {
            RowOrigin::Imported(_) => !self.changed_of(row) || row.cell() == Cell::Imported,
            RowOrigin::Added(_) => row.cell() == Cell::Imported && row.edited.is_some(),
        };
        if as_is {
            return Some(entry.clone());
        }
        Some(match self.current_of(row) {
            OffsetValue::Null => entry.with_offset_in(self.kind(), None, spare),
            OffsetValue::Value(v) => entry.with_offset_in(self.kind(), Some(v), spare),
            OffsetValue::Unreadable => entry.clone(),
        })
    }

    /// The entry row `index` exports now (its offset written in), whether or not it is removed.
    pub fn current_entry(&self, index: usize) -> Option<Entry> {
        self.materialise(self.rows.get(index)?)
    }

    /// [`Session::current_entry`] for a run of rows, each entry dropped before the next is
    /// asked for: the edited entries are made in `spare`'s memory, not allocated one by one.
    pub fn current_entry_in(&self, index: usize, spare: &mut CopySpare) -> Option<Entry> {
        self.materialise_in(self.rows.get(index)?, spare)
    }

    fn listing_with(&self, keep: impl Fn(&Row) -> bool) -> Listing {
        let imported: &Listing = &self.imported;
        let entries = self
            .rows
            .iter()
            .filter(|r| keep(r))
            .filter_map(|r| self.materialise(r))
            .collect();
        Listing {
            entries,
            ..imported.clone_without_entries()
        }
    }

    /// The whole edited listing: every row that is not removed, imported order then added rows.
    pub fn working_listing(&self) -> Listing {
        self.listing_with(|r| !r.removed)
    }

    /// What an export contains, according to [`Session::scope`].
    pub fn export_listing(&self) -> Listing {
        match self.scope {
            ExportScope::All => self.working_listing(),
            ExportScope::ChangedOnly => self.listing_with(|r| !r.removed && self.changed_of(r)),
        }
    }

    /// Number of rows an export in changed-only scope would contain.
    pub fn changed_count(&self) -> usize {
        self.rows
            .iter()
            .filter(|r| !r.removed && self.changed_of(r))
            .count()
    }
}

trait CloneWithoutEntries {
    fn clone_without_entries(&self) -> Listing;
}

impl CloneWithoutEntries for Listing {
    fn clone_without_entries(&self) -> Listing {
        Listing {
            kind: self.kind,
            kind_source: self.kind_source,
            entries: Vec::new(),
            form: self.form,
            data_key: self.data_key.clone(),
            data_key_pos: self.data_key_pos,
            available_keys: self.available_keys.clone(),
            mirror: self.mirror.clone(),
            configmap: self.configmap.clone(),
            extra_fields: self.extra_fields.clone(),
            payload_pos: self.payload_pos,
            offsets_pos: self.offsets_pos,
            reset: self.reset.clone(),
            numbers: None,
        }
    }
}
