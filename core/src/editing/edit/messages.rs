//! Every sentence the offsets session's reducer says: what an action did, its notes, and why it
//! was refused. One place for the wording, as `checking/validate/messages.rs` is for the rules.

use crate::model::PartitionKey;

/// The tail of every refusal that leaves the session as it was.
const NOTHING_CHANGED: &str = "Nothing was changed.";

pub(super) fn nothing_to_redo() -> &'static str {
    "Nothing to redo."
}

pub(super) fn redone(message: &str) -> String {
    format!("Redone: {message}")
}

pub(super) fn undo_redo_in_apply() -> &'static str {
    "Undo and redo are handled by apply."
}

pub(super) fn range_filter_as_selection() -> &'static str {
    "A range: filter needs the log ranges, which the session does not hold: select the rows with set_from::selection_for (the page and the CLI do). Nothing was changed."
}

pub(super) fn not_listed(key: &PartitionKey) -> String {
    format!(
        "Partition {key} is not listed; add it first (only listed partitions can be edited). {NOTHING_CHANGED}"
    )
}

pub(super) fn no_such_row(i: usize, rows: usize) -> String {
    format!("There is no row {i} (the session has {rows} rows). {NOTHING_CHANGED}")
}

pub(super) fn no_row(i: usize) -> String {
    format!("There is no row {i}. {NOTHING_CHANGED}")
}

pub(super) fn row_removed(row: &str) -> String {
    format!("{row} was removed from the alter set; restore it before editing it. {NOTHING_CHANGED}")
}

pub(super) fn generic_not_settable(row: &str) -> String {
    format!(
        "{row}: this connector's offset format is connector-defined and the entry has no single integer field to set; only null or restore are possible. {NOTHING_CHANGED}"
    )
}

pub(super) fn negative_offset(row: &str, v: i64) -> String {
    format!(
        "{row}: offset {v} is negative; offsets are whole numbers between 0 and 9223372036854775807. {NOTHING_CHANGED}"
    )
}

pub(super) fn set_to(n: usize, offset: i64) -> String {
    format!("Set {n} offset(s) to {offset}.")
}

/// What a MirrorMaker 2 offset set to `offset` means: the partition resumes after it.
pub(super) fn mirror_resumes_after(offset: i64) -> String {
    match offset.checked_add(1) {
        Some(1) => "MirrorMaker resumes at the stored offset + 1, so these partitions resume at record 1 and record 0 is never mirrored. To mirror from record 0, use Resume at record 0 (it stores null).".to_string(),
        Some(next) => format!(
            "MirrorMaker resumes at the stored offset + 1, so these partitions resume at record {next}."
        ),
        None => "MirrorMaker resumes at the stored offset + 1, which is past the last possible record: these partitions mirror nothing more.".to_string(),
    }
}

pub(super) fn set_null(n: usize) -> String {
    format!("Set {n} offset(s) to null.")
}

pub(super) fn set_each(n: usize) -> String {
    format!("Set {n} offset(s).")
}

pub(super) fn replay_undefined(kind: &str) -> String {
    format!(
        "Replaying a partition is defined for MirrorSourceConnector and sink connectors; this is a {kind}. Set the offset to null instead."
    )
}

pub(super) fn restored(n: usize) -> String {
    format!("Restored {n} row(s) to their imported state.")
}

pub(super) fn added_rows_removed(n: usize) -> String {
    format!("{n} added row(s) have no imported value and were removed.")
}

pub(super) fn shift_below_zero(row: &str, v: i64, delta: i64, r: i64) -> String {
    format!(
        "{row}: shifting offset {v} by {delta} gives {r}, below 0. Offsets cannot be negative; the whole shift was refused and nothing was changed."
    )
}

/// `or_below` adds "(or goes below 0)" for a plain shift by a negative delta, which a clamped
/// shift never refuses for.
pub(super) fn shift_overflow(row: &str, v: i64, delta: i64, or_below: bool) -> String {
    format!(
        "{row}: shifting offset {v} by {delta} overflows the largest offset 9223372036854775807{}; the whole shift was refused and nothing was changed.",
        if or_below { " (or goes below 0)" } else { "" }
    )
}

pub(super) fn shifted(n: usize, delta: i64) -> String {
    format!("Shifted {n} offset(s) by {delta:+}.")
}

pub(super) fn shifted_clamped(n: usize, delta: i64, clamped: usize, to: &str) -> String {
    format!(
        "Shifted {n} offset(s) by {delta:+}; {clamped} that would have gone below 0 set to {to}."
    )
}

pub(super) fn left_alone(skipped: usize) -> String {
    format!("{skipped} selected row(s) have no offset (null or unreadable) and were left alone.")
}

pub(super) fn record_negative(record: i64) -> String {
    format!("Record {record} is negative; records are numbered from 0. {NOTHING_CHANGED}")
}

pub(super) fn resume_at_start(outcome: impl std::fmt::Display) -> String {
    format!(
        "Record 0 is the start of the partition: the offset is set to null (MirrorMaker cannot store -1): MirrorMaker restarts the partition according to auto.offset.reset {outcome}."
    )
}

pub(super) fn resume_mirror(stored: i64, record: i64) -> String {
    format!(
        "MirrorMaker resumes at the stored offset + 1, so {stored} is stored to resume at record {record}."
    )
}

pub(super) fn resume_sink(record: i64) -> String {
    format!("A sink connector's offset is the next record to consume, so {record} is stored.")
}

pub(super) fn resume_undefined(kind: &str) -> String {
    format!(
        "Resuming at a record is defined for MirrorSourceConnector and sink connectors; this is a {kind}. Set the offset directly instead."
    )
}

pub(super) fn resumed(n: usize, record: i64) -> String {
    format!("{n} partition(s) will resume at record {record}.")
}

pub(super) fn entry_not_an_object(row: &str, type_name: &str) -> String {
    format!(
        "{row}: an entry must be a JSON object with \"partition\" and \"offset\", not {type_name}. {NOTHING_CHANGED}"
    )
}

pub(super) fn entry_unchanged() -> String {
    "The entry is unchanged.".into()
}

pub(super) fn too_many_entry_edits() -> &'static str {
    "Too many entry edits in this session; export and start again. Nothing was changed."
}

pub(super) fn too_many_added() -> &'static str {
    "Too many entries added in this session; export and start again. Nothing was added."
}

pub(super) fn entry_back_to_import(row: &str) -> String {
    format!("{row} is back to its imported entry.")
}

pub(super) fn entry_changed(row: &str) -> String {
    format!("Changed the entry of {row}.")
}

pub(super) fn kept_last(n: usize) -> String {
    format!(
        "Kept only the last entry of each repeated partition: removed {n} earlier row(s) from the alter set."
    )
}

pub(super) fn removed(n: usize) -> String {
    format!("Removed {n} row(s) from the alter set.")
}

pub(super) fn added(n: usize) -> String {
    format!("Added {n} entr{}.", if n == 1 { "y" } else { "ies" })
}

pub(super) fn scope_changed_only() -> String {
    "Export scope: changed entries only.".into()
}

pub(super) fn scope_all() -> String {
    "Export scope: every entry.".into()
}

/// The prefix every scope message starts with: a scope change clears the redo list even when
/// it changed nothing.
pub(super) const SCOPE_PREFIX: &str = "Export scope";

pub(super) fn set_from(n: usize, reference: &str, missing: usize) -> String {
    format!("Set {n} offset(s) from {reference}; {missing} left as they were.")
}

pub(super) fn added_unlisted(n: usize, reference: &str) -> String {
    format!("Added {n} partition(s) of {reference} as new entries.")
}

pub(super) fn no_duplicates() -> String {
    "No partition appears in more than one entry; nothing changed.".into()
}

pub(super) fn all_listed() -> String {
    "Every partition of the reference is already listed; nothing changed.".into()
}

pub(super) fn no_match() -> String {
    "No row matches the selection; nothing changed.".into()
}
