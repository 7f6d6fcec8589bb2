//! Typed input to actions: what a user types in an offset, shift or key/value cell is parsed
//! here and turned into an [`Action`], or refused with a sentence saying why.

mod error;

pub use error::InputError;

use super::display::group_digits;
use super::{Editor, RowDisplay};
use crate::editing::edit::{Action, BelowZero, MapSide, Selection, with_field};
use crate::editing::filter::PartitionSet;
use crate::json::{self, JsonKind, JsonValue, Raw, RawKind};
use crate::model::names;
use crate::model::{ConnectorKind, ResetPolicy};

/// The value typed into a field cell, read with the type of the value it replaces: a string
/// takes the text as is, a number must be a JSON number (its text is kept exactly, so 64-bit
/// values stay exact), a boolean `true` or `false`; null, arrays and objects are typed as JSON.
pub fn parse_field_input<'a>(old: impl Into<Raw<'a>>, text: &str) -> Result<JsonValue, InputError> {
    match old.into().kind() {
        RawKind::String => Ok(JsonValue::string(text)),
        RawKind::Number => {
            let t = text.trim();
            json::Number::parse(t)
                .map(|n| JsonValue::new(JsonKind::Number(n)))
                .ok_or_else(|| InputError::NotNumber { text: t.to_owned() })
        }
        RawKind::Bool => match text.trim() {
            "true" => Ok(JsonValue::new(JsonKind::Bool(true))),
            "false" => Ok(JsonValue::new(JsonKind::Bool(false))),
            other => Err(InputError::NotBool {
                text: other.to_owned(),
            }),
        },
        _ => json::parse(text.trim()).map_err(|e| InputError::NotJson {
            column: e.pos.column,
            message: e.message,
        }),
    }
}

/// Reads an offset as a user types it in a cell: digits (`_`, `,` and spaces between digit
/// groups are ignored), or `null` typed out. An empty field is never null (null only on
/// purpose): it is refused with "type a value". The message says how to fix it.
pub fn parse_offset_input(text: &str) -> Result<Option<i64>, InputError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(InputError::EmptyOffset);
    }
    let typed = || trimmed.to_owned();
    if trimmed.eq_ignore_ascii_case("null") {
        return Ok(None);
    }
    let digits: String = trimmed
        .chars()
        .filter(|c| !matches!(c, '_' | ',' | ' '))
        .collect();
    if let Some(rest) = digits.strip_prefix('-')
        && !rest.is_empty()
        && rest.bytes().all(|b| b.is_ascii_digit())
    {
        return Err(InputError::NegativeOffset { text: typed() });
    }
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        if is_time(trimmed) {
            return Err(InputError::Time { text: typed() });
        }
        return Err(InputError::NotOffset { text: typed() });
    }
    digits
        .parse::<i64>()
        .map(Some)
        .map_err(|_| InputError::OffsetTooLarge { text: typed() })
}

/// True when `text` is a date-time: a user rewinding to a time types one where an offset goes,
/// and [`InputError::Time`] says how to do that (offsets at a time come from the cluster,
/// through a reference).
fn is_time(text: &str) -> bool {
    crate::reading::datetime::parse_datetime(text, i64::MAX).is_ok()
}

/// Reads a signed whole number (a shift), with the same digit-group leniency as
/// [`parse_offset_input`].
pub fn parse_signed_input(text: &str) -> Result<i64, InputError> {
    let trimmed = text.trim();
    let typed = || trimmed.to_owned();
    let digits: String = trimmed
        .chars()
        .filter(|c| !matches!(c, '_' | ',' | ' '))
        .collect();
    let unsigned = digits.strip_prefix(['-', '+']).unwrap_or(&digits);
    if unsigned.is_empty() || !unsigned.bytes().all(|b| b.is_ascii_digit()) {
        if is_time(trimmed) {
            return Err(InputError::Time { text: typed() });
        }
        return Err(InputError::NotShift { text: typed() });
    }
    digits
        .trim_start_matches('+')
        .parse::<i64>()
        .map_err(|_| InputError::ShiftOutOfRange { text: typed() })
}

/// The action for a value typed in row `display`'s offset cell (Enter or leaving the field):
/// `Ok(None)` when it changes nothing, `Err` with the reason when the text is not an offset.
/// A cleared cell changes nothing (the page shows its value again): null is the Null toggle or
/// `null` typed out, never an empty field.
pub fn cell_edit(display: &RowDisplay, text: &str) -> Result<Option<Action>, InputError> {
    let row = display.index;
    if text.trim().is_empty() {
        return Ok(None);
    }
    Ok(match parse_offset_input(text)? {
        None if display.is_null => None,
        None => Some(Action::SetNull { row }),
        Some(v) if !display.is_null && v.to_string() == display.offset => None,
        Some(offset) => Some(Action::SetOffset { row, offset }),
    })
}

impl Editor {
    /// The action for a field cell of row `row` committed with `text` (see
    /// [`parse_field_input`]); `None` when the value is unchanged.
    pub fn field_edit(
        &self,
        row: usize,
        side: MapSide,
        key: &str,
        text: &str,
    ) -> Result<Option<Action>, InputError> {
        let Some(entry) = self.session().and_then(|s| s.current_entry(row)) else {
            return Err(InputError::NoRow { row });
        };
        let Some(old) = entry.raw().get(side.key()).and_then(|m| m.get(key)) else {
            return Err(InputError::NoField {
                map: side.key(),
                key: key.to_owned(),
            });
        };
        let value = parse_field_input(old, text)?;
        if value.raw().same_as(old) {
            return Ok(None);
        }
        let value = with_field(&entry, side, key, Some(value)).map_err(InputError::Entry)?;
        Ok(Some(Action::SetEntry { row, value }))
    }

    /// The action that removes field `key` from row `row`'s partition or offset map (a
    /// connector-defined offset that must lose a key, e.g. Debezium's `snapshot`).
    pub fn field_remove(&self, row: usize, side: MapSide, key: &str) -> Result<Action, InputError> {
        let Some(entry) = self.session().and_then(|s| s.current_entry(row)) else {
            return Err(InputError::NoRow { row });
        };
        let value = with_field(&entry, side, key, None).map_err(InputError::Entry)?;
        Ok(Action::SetEntry { row, value })
    }
}

impl Editor {
    /// The action for a new field typed as `key=value` into row `row`'s partition or offset map
    /// (on a null offset, this creates the offset map). The value is JSON when it reads as JSON
    /// (`42`, `true`, `"text"`, `{...}`), otherwise the text itself as a string.
    pub fn field_add(&self, row: usize, side: MapSide, text: &str) -> Result<Action, InputError> {
        let Some(entry) = self.session().and_then(|s| s.current_entry(row)) else {
            return Err(InputError::NoRow { row });
        };
        let Some((key, value)) = text.split_once('=') else {
            return Err(InputError::NewFieldForm);
        };
        let key = key.trim();
        if key.is_empty() {
            return Err(InputError::NewFieldName);
        }
        if entry
            .raw()
            .get(side.key())
            .and_then(|m| m.get(key))
            .is_some()
        {
            return Err(InputError::FieldExists {
                map: side.key(),
                key: key.to_owned(),
            });
        }
        let value = value.trim();
        let value = json::parse(value).unwrap_or_else(|_| JsonValue::string(value));
        let value = with_field(&entry, side, key, Some(value)).map_err(InputError::Entry)?;
        Ok(Action::SetEntry { row, value })
    }
}

/// The action for ticking (`null`) or unticking row `display`'s Null toggle. Unticking brings
/// back the imported value; a row imported as null (or added) gets offset 0 to edit from.
pub fn null_toggle(display: &RowDisplay, null: bool) -> Action {
    let row = display.index;
    let imported_value = display.imported.as_deref().is_some_and(|v| v != "null");
    match (null, imported_value) {
        (true, _) => Action::SetNull { row },
        (false, true) => Action::Restore { row },
        (false, false) => Action::SetOffset { row, offset: 0 },
    }
}

/// The "Add partitions" form as an action: a valid Kafka topic, a partition list or range
/// (`0-5,7`), an offset (empty for null: the field's placeholder says so, and new entries
/// replace no edited value) and, for MirrorMaker 2, an optional cluster alias.
pub fn add_entries(
    cluster: &str,
    topic: &str,
    partitions: &str,
    offset: &str,
) -> Result<Action, InputError> {
    let topic = topic.trim();
    names::check_topic(topic).map_err(InputError::Topic)?;
    let partitions = PartitionSet::parse(partitions)
        .map_err(|(column, message)| InputError::Partitions { column, message })?;
    let offset = if offset.trim().is_empty() {
        None
    } else {
        parse_offset_input(offset)?
    };
    let cluster = Some(cluster.trim().to_string()).filter(|c| !c.is_empty());
    Ok(Action::AddEntries {
        cluster,
        topic: topic.to_string(),
        partitions,
        offset,
    })
}

/// A bulk button of the page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BulkOp {
    /// Set every offset to the value (`null` typed out nulls them; empty is refused).
    Set,
    /// Add the (signed) value to every offset.
    Shift,
    /// Replication (or consumption) resumes at record `value`.
    ResumeAt,
    Null,
    Restore,
    Remove,
}

/// The action a bulk button performs on `selection` with the text of the Value box.
pub fn bulk_action(op: BulkOp, selection: Selection, value: &str) -> Result<Action, InputError> {
    Ok(match op {
        BulkOp::Set => match parse_offset_input(value)? {
            Some(offset) => Action::SetOffsets { selection, offset },
            None => Action::NullOffsets { selection },
        },
        BulkOp::Shift if value.trim().is_empty() => {
            return Err(InputError::EmptyShift);
        }
        BulkOp::Shift => Action::ShiftOffsets {
            selection,
            delta: parse_signed_input(value)?,
        },
        BulkOp::ResumeAt => match parse_offset_input(value) {
            Ok(Some(record)) => Action::ResumeAt { selection, record },
            Err(e) if !value.trim().is_empty() => return Err(e),
            Ok(None) | Err(_) => return Err(InputError::EmptyResumeAt),
        },
        BulkOp::Null => Action::NullOffsets { selection },
        BulkOp::Restore => Action::RestoreOffsets { selection },
        BulkOp::Remove => Action::RemoveEntries { selection },
    })
}

/// The way out of a shift that would take some offsets below 0: the refused shift, with the
/// two actions that do it anyway (those rows to null, or to 0), each one undoable step.
#[derive(Debug, Clone, PartialEq)]
pub struct ShiftOffer {
    /// How many rows would go below 0.
    pub rows: usize,
    /// What is wrong, in one sentence.
    pub question: String,
    /// "Set those 2 rows to null (replay from auto.offset.reset)", worded per connector kind.
    pub null_label: String,
    /// "Set them to 0".
    pub zero_label: String,
    pub null_action: Action,
    pub zero_action: Action,
}

impl Editor {
    /// For a shift some rows cannot take (they would go below 0), the offer to set those rows
    /// to null or to 0 instead; `None` for any other action, or a shift every row can take.
    pub fn shift_offer(&self, action: &Action) -> Option<ShiftOffer> {
        let Action::ShiftOffsets { selection, delta } = action else {
            return None;
        };
        let session = self.session()?;
        let rows = session.shift_below_zero(selection, *delta);
        if rows == 0 {
            return None;
        }
        let those = if rows == 1 {
            "that row".to_string()
        } else {
            format!("those {} rows", group_digits(rows as u128))
        };
        let kind = session.kind();
        let reset = session.reset();
        // MirrorMaker 2 resumes at stored + 1: a stored 0 resumes at record 1 and record 0 is
        // never mirrored, so the choices say which record each resumes at. A null resumes at
        // the log start only under auto.offset.reset earliest; under latest it skips the lot.
        let them = if rows == 1 { "it" } else { "them" };
        let (null_label, zero_label) = match kind {
            ConnectorKind::MirrorSource if reset.policy == ResetPolicy::Earliest => (
                format!(
                    "Resume {those} at record 0 (null: {})",
                    reset.null_short(kind)
                ),
                format!("Resume {them} at record 1 (stores 0: record 0 is skipped)"),
            ),
            ConnectorKind::MirrorSource => (
                format!("Set {those} to null ({})", reset.null_short(kind)),
                format!("Resume {them} at record 1 (stores 0: record 0 is skipped)"),
            ),
            ConnectorKind::Sink => (
                format!("Set {those} to null (delete the consumer group offset)"),
                format!("Set {them} to 0"),
            ),
            _ => (
                format!("Set {those} to null (delete the stored offset)"),
                format!("Set {them} to 0"),
            ),
        };
        let clamped = |below_zero| Action::ShiftOffsetsClamped {
            selection: selection.clone(),
            delta: *delta,
            below_zero,
        };
        Some(ShiftOffer {
            rows,
            question: format!(
                "Shifting by {delta:+} would take {} below 0, and offsets cannot be negative. Shift the other rows and:",
                if rows == 1 {
                    "1 row".to_string()
                } else {
                    format!("{} rows", group_digits(rows as u128))
                }
            ),
            null_label,
            zero_label,
            null_action: clamped(BelowZero::Null),
            zero_action: clamped(BelowZero::Zero),
        })
    }
}

/// The bulk Null button: its text (the accessible name) and its title, worded by what a null
/// does for this connector under its `auto.offset.reset`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NullButton {
    pub label: String,
    pub title: String,
}

impl Editor {
    /// The bulk Null button for `rows_text` ("3 rows"): "Replay whole partition (3 rows)" only
    /// where a null replays it (MirrorMaker 2 under auto.offset.reset earliest); under latest
    /// or none it says what happens instead. `None` before anything is loaded.
    pub fn null_button(&self, rows_text: &str) -> Option<NullButton> {
        let session = self.session()?;
        let kind = session.kind();
        let reset = session.reset();
        Some(match (kind, reset.policy) {
            (ConnectorKind::MirrorSource, ResetPolicy::Earliest) => NullButton {
                label: format!("Replay whole partition ({rows_text})"),
                title: "Replay the whole partition: stores null".to_owned(),
            },
            (ConnectorKind::MirrorSource, ResetPolicy::Latest) => NullButton {
                label: format!("Null: skip to the log end ({rows_text})"),
                title: format!("Stores null: {}", reset.null_short(kind)),
            },
            (ConnectorKind::MirrorSource, ResetPolicy::None) => NullButton {
                label: format!("Null: the task fails ({rows_text})"),
                title: format!("Stores null: {}", reset.null_short(kind)),
            },
            _ => NullButton {
                label: format!("Null {rows_text}"),
                title: "Delete the stored offsets".to_owned(),
            },
        })
    }
}
