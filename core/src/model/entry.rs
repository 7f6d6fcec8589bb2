//! One offsets entry: its partition and offset kept as raw JSON, with typed views on top
//! (`offset(kind)`, `mirror_partition()`, `sink_partition()`, `key()`).

use super::ConnectorKind;
use crate::diag::Position;
use crate::json::{CopySpare, JsonKind, JsonValue, Member, Raw, RawKind, SharedValue};
use std::borrow::Cow;

/// Where an entry came from: its position (the entry's `{`) in the ORIGINAL input;
/// [`Position::NONE`] for entries built by code. (The ConfigMap data key it was read from is the
/// listing's, [`crate::model::Listing::data_key`]: one copy, not one per entry.)
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Origin {
    pub pos: Position,
}

/// One element of the `offsets` array, kept exactly as written.
///
/// The raw element is normally `{"partition": {...}, "offset": {...} | null}`. It may be anything
/// (validation reports what is wrong); all keys, their order and number texts are kept. Readers
/// go through [`Entry::raw`], whichever way it is stored: a node of the tape of the document it
/// was imported from, or a small tree (an entry built or edited by code).
#[derive(Clone)]
pub struct Entry {
    stored: Stored,
    /// [`AT_VALUE`] for an entry of a parsed document: its position is its value's, looked up
    /// only when asked for ([`Entry::pos`]), so an import with no finding computes none.
    origin: Origin,
}

/// The origin of an entry whose position is its value's own (no line has that number).
const AT_VALUE: Origin = Origin {
    pos: Position {
        line: u32::MAX,
        column: u32::MAX,
    },
};

/// Boxed, so that an entry on a tape (most of them) is 16 bytes here, not a tree node's 48.
#[derive(Clone)]
enum Stored {
    Tree(Box<JsonValue>),
    Tape(SharedValue),
}

/// Two entries are equal when their values are (structurally, whichever way each is stored)
/// and they come from the same place.
impl PartialEq for Entry {
    fn eq(&self, other: &Entry) -> bool {
        self.same_origin(other) && self.raw().same_as(other.raw())
    }
}

/// Printed as the tree of its value, whichever way it is stored.
impl std::fmt::Debug for Entry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Entry")
            .field("value", &self.tree())
            .field("origin", &self.origin())
            .finish()
    }
}

/// The `offset` field of an entry, as the validator and editor see it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum OffsetField<'a> {
    /// No `offset` key: Kafka Connect reads it as null (S5).
    Missing,
    /// `"offset": null`: delete the stored offset (a tombstone).
    Null,
    /// `"offset": {...}`.
    Map(Raw<'a>),
    /// Anything else (a number, a string, an array): invalid.
    Other(Raw<'a>),
}

impl<'a> OffsetField<'a> {
    /// What an entry's `offset` member (`None`: no such key) is.
    #[inline]
    pub fn of(offset: Option<Raw<'a>>) -> OffsetField<'a> {
        match offset {
            None => OffsetField::Missing,
            Some(v) if v.is_null() => OffsetField::Null,
            Some(v) if v.kind() == RawKind::Object => OffsetField::Map(v),
            Some(v) => OffsetField::Other(v),
        }
    }
}

/// The typed view of a MirrorSourceConnector partition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MirrorPartition<'a> {
    pub cluster: &'a str,
    pub topic: &'a str,
    pub partition: i64,
}

/// The typed view of a sink connector partition (`kafka_partition` may be a numeric string).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SinkPartition<'a> {
    pub topic: &'a str,
    pub partition: i64,
}

impl Entry {
    /// An entry held as a tree (built by code, edited, or imported from a tree).
    pub fn from_tree(value: JsonValue, origin: Origin) -> Entry {
        Entry {
            stored: Stored::Tree(Box::new(value)),
            origin,
        }
    }

    /// An entry that is a node of its document's tape, where the document put it.
    pub fn on_tape(value: SharedValue) -> Entry {
        Entry {
            stored: Stored::Tape(value),
            origin: AT_VALUE,
        }
    }

    /// Where the entry came from ([`Origin`]).
    pub fn origin(&self) -> Origin {
        Origin { pos: self.pos() }
    }

    /// The entry's position in the original input ([`Origin::pos`]): for an entry of a parsed
    /// document, its value's, computed now.
    pub fn pos(&self) -> Position {
        if self.origin == AT_VALUE {
            self.raw().pos()
        } else {
            self.origin.pos
        }
    }

    /// Gives the entry another origin (an entry moved out of its document).
    pub fn set_origin(&mut self, origin: Origin) {
        self.origin = origin;
    }

    /// Whether two entries come from the same place, without computing a position when both
    /// are values of one document at one byte (an edited entry's copy and its imported entry).
    pub fn same_origin(&self, other: &Entry) -> bool {
        let own = |e: &Entry| e.origin == AT_VALUE;
        (own(self) && own(other) && self.raw().same_place(other.raw())) || self.pos() == other.pos()
    }

    /// True when the entry lives on a tape.
    pub fn is_on_tape(&self) -> bool {
        matches!(self.stored, Stored::Tape(_))
    }

    /// The element as a tree, for the rare reader that needs one (a copy for a tape entry).
    pub fn tree(&self) -> Cow<'_, JsonValue> {
        match &self.stored {
            Stored::Tree(value) => Cow::Borrowed(value),
            Stored::Tape(value) => Cow::Owned(value.to_value()),
        }
    }

    /// The element as an owned tree.
    pub fn into_tree(self) -> JsonValue {
        match self.stored {
            Stored::Tree(value) => *value,
            Stored::Tape(value) => value.to_value(),
        }
    }

    /// An entry from a partition map and an offset (`None` writes `"offset" : null`).
    pub fn new(partition: JsonValue, offset: Option<JsonValue>) -> Entry {
        Entry::from_tree(
            JsonValue::object([
                ("partition".to_string(), partition),
                ("offset".to_string(), offset.unwrap_or_else(JsonValue::null)),
            ]),
            Origin::default(),
        )
    }

    /// A MirrorSourceConnector entry, keys in the order Connect lists them.
    pub fn mirror_source(cluster: &str, topic: &str, partition: i64, offset: Option<i64>) -> Entry {
        Entry::new(
            JsonValue::object([
                ("cluster".to_string(), JsonValue::string(cluster)),
                ("partition".to_string(), JsonValue::int(partition)),
                ("topic".to_string(), JsonValue::string(topic)),
            ]),
            offset.map(|o| JsonValue::object([("offset".to_string(), JsonValue::int(o))])),
        )
    }

    /// A sink connector entry.
    pub fn sink(topic: &str, partition: i64, offset: Option<i64>) -> Entry {
        Entry::new(
            JsonValue::object([
                ("kafka_partition".to_string(), JsonValue::int(partition)),
                ("kafka_topic".to_string(), JsonValue::string(topic)),
            ]),
            offset.map(|o| JsonValue::object([("kafka_offset".to_string(), JsonValue::int(o))])),
        )
    }

    /// A copy with the offset replaced: `None` sets `"offset" : null`; `Some(v)` writes `v` into
    /// the kind's offset key (`offset` or `kafka_offset`), keeping every other key of the offset
    /// map. For a generic connector, `Some(v)` replaces the map's only integer value, if any.
    /// The origin is kept, so diagnostics still point at the imported line.
    pub fn with_offset(&self, kind: ConnectorKind, offset: Option<i64>) -> Entry {
        self.with_offset_in(kind, offset, &mut CopySpare::default())
    }

    /// [`Entry::with_offset`], a copy on a tape made in `spare`'s memory when the entry made
    /// with it before is gone ([`CopySpare`]): for a run of entries, each dropped before the
    /// next is made.
    pub fn with_offset_in(
        &self,
        kind: ConnectorKind,
        offset: Option<i64>,
        spare: &mut CopySpare,
    ) -> Entry {
        if let Some(copy) = self.number_replaced(kind, offset, spare) {
            return copy;
        }
        // Read through the view and copied once, member by member: an entry on a tape is not
        // first turned into a whole tree (that doubled `edit`'s cost per changed entry).
        let value = self.raw();
        let new_offset = match offset {
            None => JsonValue::null(),
            Some(v) => {
                let map = value.get("offset");
                let key = kind.offset_key().or_else(|| {
                    // Generic: the single number-valued key of the existing map.
                    let mut numbers = map?.members().filter(|m| m.value.kind() == RawKind::Number);
                    match (numbers.next(), numbers.next()) {
                        (Some(one), None) => Some(one.key),
                        _ => None,
                    }
                });
                let Some(key) = key else { return self.clone() };
                match map.filter(|m| m.kind() == RawKind::Object) {
                    Some(map) => JsonValue {
                        kind: JsonKind::Object(replaced_last(map, key, |old| match old {
                            Some(old) => JsonValue {
                                pos: old.pos(),
                                ..JsonValue::int(v)
                            },
                            None => JsonValue::int(v),
                        })),
                        pos: map.pos(),
                        start: map.start(),
                    },
                    None => JsonValue::object([(key.to_string(), JsonValue::int(v))]),
                }
            }
        };
        // Every member is copied once, except the old offset, which is replaced (not copied).
        let value = match value.kind() {
            RawKind::Object => JsonValue {
                kind: JsonKind::Object(replaced_last(value, "offset", |_| new_offset)),
                pos: value.pos(),
                start: value.start(),
            },
            _ => value.to_value(),
        };
        Entry::from_tree(value, self.origin())
    }

    /// [`Entry::with_offset`] without a tree, for an entry on a tape whose offset key already
    /// holds a number and gets another: a copy of the entry's nodes in which that number reads
    /// the new one (`SharedValue::with_number`), the text and positions shared. `None` for
    /// any other change (the caller builds the tree).
    fn number_replaced(
        &self,
        kind: ConnectorKind,
        offset: Option<i64>,
        spare: &mut CopySpare,
    ) -> Option<Entry> {
        let (Stored::Tape(shared), Some(v), Some(key)) = (&self.stored, offset, kind.offset_key())
        else {
            return None;
        };
        let old = self
            .raw()
            .get("offset")
            .and_then(|map| map.get(key))
            .filter(|old| old.kind() == RawKind::Number)?;
        let copy = shared.with_number_in(old, itoa::Buffer::new().format(v), spare)?;
        Some(Entry {
            stored: Stored::Tape(copy),
            origin: self.origin.clone(),
        })
    }

    /// The raw element, read through the view.
    #[inline]
    pub fn raw(&self) -> Raw<'_> {
        match &self.stored {
            Stored::Tree(value) => Raw::Tree(value),
            Stored::Tape(value) => value.raw(),
        }
    }

    /// The partition map, when `partition` is an object.
    #[inline]
    pub fn partition(&self) -> Option<Raw<'_>> {
        partition_of(self.raw())
    }

    /// The `offset` member (`None`: no `offset` key).
    #[inline]
    pub fn offset_raw(&self) -> Option<Raw<'_>> {
        self.raw().get("offset")
    }

    /// The `offset` field.
    #[inline]
    pub fn offset_field(&self) -> OffsetField<'_> {
        OffsetField::of(self.offset_raw())
    }

    /// True when the entry deletes the stored offset (`null` or no `offset` key).
    pub fn is_tombstone(&self) -> bool {
        matches!(
            self.offset_field(),
            OffsetField::Missing | OffsetField::Null
        )
    }

    /// The offset as a 64-bit integer: `offset.offset` (MirrorMaker 2) or `offset.kafka_offset`
    /// (sink; a numeric string counts). `None` for a tombstone, an invalid value, or a generic
    /// connector whose offset map does not hold exactly one integer.
    pub fn offset(&self, kind: ConnectorKind) -> Option<i64> {
        let OffsetField::Map(map) = self.offset_field() else {
            return None;
        };
        offset_in(map, kind)
    }

    /// `cluster`, `topic`, `partition` of a MirrorSourceConnector entry, when all are well typed.
    pub fn mirror_partition(&self) -> Option<MirrorPartition<'_>> {
        let p = self.partition()?;
        Some(MirrorPartition {
            cluster: p.get("cluster")?.as_str()?,
            topic: p.get("topic")?.as_str()?,
            partition: p.get("partition")?.as_i64()?,
        })
    }

    /// `kafka_topic`, `kafka_partition` of a sink entry (the partition may be a numeric string).
    pub fn sink_partition(&self) -> Option<SinkPartition<'_>> {
        let p = self.partition()?;
        Some(SinkPartition {
            topic: p.get("kafka_topic")?.as_str()?,
            partition: integer_value(p.get("kafka_partition")?, true)?,
        })
    }

    /// The entry as Kafka Connect stores it: for a sink, a `kafka_partition` written as a
    /// numeric string (`"1"`) becomes the number (`SinkUtils` reads it with
    /// `Integer.parseInt(String.valueOf(v))`, and the listing shows `1` after the alter). Every
    /// comparison of an alter with a later listing (the procedures' check, the landed check,
    /// the rollback, the diff) matches partitions through it. Other entries are borrowed.
    pub fn as_connect_reads(&self, kind: ConnectorKind) -> Cow<'_, Entry> {
        self.connect_read(kind)
    }

    /// How a message names the entry's row, as the page's table does: `orders partition 1`,
    /// with the source cluster for MirrorMaker 2 (`east/orders partition 1`) and the group for a
    /// checkpoint (`billing/east.orders partition 0`). `None` when the partition has no
    /// readable topic and partition (a generic connector's, or a broken one).
    pub fn row_name(&self, kind: ConnectorKind) -> Option<String> {
        let p = self.partition()?;
        let text = |key: &str| p.get(key).and_then(Raw::as_str);
        let (prefix, topic, partition) = match kind {
            ConnectorKind::Sink => (
                None,
                text("kafka_topic")?,
                integer_value(p.get("kafka_partition")?, true)?,
            ),
            ConnectorKind::MirrorSource => (
                text("cluster"),
                text("topic")?,
                integer_value(p.get("partition")?, false)?,
            ),
            ConnectorKind::MirrorCheckpoint => (
                text("group"),
                text("topic")?,
                integer_value(p.get("partition")?, false)?,
            ),
            ConnectorKind::MirrorHeartbeat | ConnectorKind::Generic => return None,
        };
        let shown = |s: &str| crate::model::names::shown(s);
        Some(match prefix {
            Some(c) => format!("{}/{} partition {partition}", shown(c), shown(topic)),
            None => format!("{} partition {partition}", shown(topic)),
        })
    }

    fn connect_read(&self, kind: ConnectorKind) -> Cow<'_, Entry> {
        let parsed = (kind == ConnectorKind::Sink)
            .then(|| self.partition()?.get("kafka_partition"))
            .flatten()
            .and_then(|v| v.as_str())
            .and_then(parse_java_long)
            .filter(|p| i32::try_from(*p).is_ok());
        if parsed.is_none() {
            return Cow::Borrowed(self);
        }
        let raw = self.raw();
        let (Some(p), Some(map)) = (
            parsed,
            raw.get("partition").filter(|m| m.kind() == RawKind::Object),
        ) else {
            return Cow::Borrowed(self);
        };
        let partition = JsonValue {
            kind: JsonKind::Object(replaced_last(map, "kafka_partition", |old| JsonValue {
                pos: old.map_or(Position::NONE, |o| o.pos()),
                ..JsonValue::int(p)
            })),
            pos: map.pos(),
            start: map.start(),
        };
        let value = JsonValue {
            kind: JsonKind::Object(replaced_last(raw, "partition", |_| partition)),
            pos: raw.pos(),
            start: raw.start(),
        };
        Cow::Owned(Entry::from_tree(value, self.origin()))
    }
}

/// A copy of object `map`'s members (read through the view) where the value of the LAST member
/// named `key` is `make(Some(old))`, or, when there is none, with `key: make(None)` appended (no
/// key position).
fn replaced_last<'a>(
    map: Raw<'a>,
    key: &str,
    make: impl FnOnce(Option<Raw<'a>>) -> JsonValue,
) -> Vec<Member> {
    let members = map.members();
    let (mut count, mut last) = (0, None);
    for (i, m) in members.clone().enumerate() {
        count += 1;
        if m.key == key {
            last = Some(i);
        }
    }
    let mut out: Vec<Member> = Vec::with_capacity(count + usize::from(last.is_none()));
    let mut make = Some(make);
    for (i, m) in members.enumerate() {
        let value = match make.take_if(|_| Some(i) == last) {
            Some(make) => make(Some(m.value)),
            None => m.value.to_value(),
        };
        out.push(Member {
            key: m.key.to_string(),
            key_pos: m.key_pos(),
            value,
        });
    }
    if let Some(make) = make.take() {
        out.push(Member {
            key: key.to_string(),
            key_pos: Position::NONE,
            value: make(None),
        });
    }
    out
}

/// A JSON integer as `i64`, or (when `allow_string`) a string Java's `Long.parseLong` accepts;
/// a tree's or a tape's value.
pub fn integer_value<'a>(v: impl Into<Raw<'a>>, allow_string: bool) -> Option<i64> {
    let v = v.into();
    match v.kind() {
        RawKind::Number => v.as_i64(),
        RawKind::String if allow_string => v.as_str().and_then(parse_java_long),
        _ => None,
    }
}

/// An entry element's partition map (an object), over the read view: a tree entry's or a tape
/// node's.
#[inline]
pub fn partition_of(entry: Raw<'_>) -> Option<Raw<'_>> {
    entry
        .get("partition")
        .filter(|p| p.kind() == RawKind::Object)
}

/// `Long.parseLong`: an optional sign then ASCII digits, within the `i64` range.
pub fn parse_java_long(s: &str) -> Option<i64> {
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// [`Entry::offset`] read from the entry's offset map (`map`), for a caller that has it already.
pub(crate) fn offset_in(map: Raw<'_>, kind: ConnectorKind) -> Option<i64> {
    match kind.offset_key() {
        Some(key) => integer_value(map.get(key)?, kind == ConnectorKind::Sink),
        None => {
            let mut ints = map.members().filter_map(|m| m.value.as_i64());
            match (ints.next(), ints.next()) {
                (Some(one), None) => Some(one),
                _ => None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A listing of a million entries holds a million of these: the tree is boxed so that an
    /// entry on a tape stays small.
    #[test]
    fn an_entry_is_small() {
        assert!(size_of::<Entry>() <= 24, "{} bytes", size_of::<Entry>());
        assert!(size_of::<JsonValue>() > 40);
    }
}
