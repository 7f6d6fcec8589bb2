//! Fuzz target `edit_session`: raw bytes -> an imported listing (a fixture, a synthetic listing
//! with extreme values, or text taken from the input) -> a sequence of up to 64 [`Action`]s
//! decoded from the remaining bytes -> every export. Any panic is a bug (core promises never to
//! panic), and so is a broken undo: when an action records an undo step, undoing it must give
//! back exactly the rows before it, and redoing it exactly the rows after it. What `edit`
//! writes (`rewrite_session`, the input's layout kept) must report the edited listing's
//! findings and read back with its offsets.
//!
//! The decoder is a few lines by hand rather than the `arbitrary` crate: it keeps the byte layout
//! obvious (one opcode byte, then that action's fields) and the dependency list of fuzz/ short.
#![no_main]

use libfuzzer_sys::fuzz_target;
use offsets_core::Listing;
use offsets_core::edit::{
    Action, ExportScope, MapSide, OffsetValue, Selection, Session, with_field,
};
use offsets_core::filter::{Filter, PartitionSet, TopicPattern};
use offsets_core::json::JsonValue;
use offsets_core::reference::Role;
use offsets_core::{ImportOptions, PartitionKey, export, import, validate};
use std::sync::OnceLock;

/// Real-shaped inputs, so most runs spend their time in the reducer rather than in import.
const FIXTURES: &[&str] = &[
    include_str!("../../tests/fixtures/kafkamirrormaker2-source.list.yaml"),
    include_str!("../../tests/fixtures/kafkaconnector-mm2-source.list.yaml"),
    include_str!("../../tests/fixtures/kafkaconnector-sink.list.json"),
    include_str!("../../tests/fixtures/rest-get-offsets.mm2-source.json"),
    include_str!("../../tests/fixtures/offsets.csv"),
    // Extreme values: the largest offset, 0, null, a missing offset, two clusters.
    r#"{"offsets":[
{"partition":{"cluster":"east","topic":"t","partition":0},"offset":{"offset":9223372036854775807}},
{"partition":{"cluster":"east","topic":"t","partition":1},"offset":{"offset":0}},
{"partition":{"cluster":"east","topic":"t","partition":2},"offset":null},
{"partition":{"cluster":"west","topic":"t","partition":0},"offset":{"offset":1}},
{"partition":{"cluster":"east","topic":"u.v_w-x","partition":2147483647},"offset":{"offset":9007199254740993}}]}"#,
    // Sink with numeric strings, the form Connect accepts.
    r#"{"offsets":[
{"partition":{"kafka_topic":"a","kafka_partition":"12"},"offset":{"kafka_offset":"9223372036854775807"}},
{"partition":{"kafka_topic":"a","kafka_partition":0},"offset":{"kafka_offset":0}},
{"partition":{"kafka_topic":"b","kafka_partition":1},"offset":null}]}"#,
    // Generic source connector: one readable entry, one unreadable, one null.
    r#"{"offsets":[
{"partition":{"file":"/a"},"offset":{"position":5}},
{"partition":{"file":"/b"},"offset":{"position":"x","line":2}},
{"partition":{"file":"/c"},"offset":null}]}"#,
];

/// Reads the fuzz input front to back; running out of bytes yields zeros.
struct Bytes<'a>(&'a [u8]);

impl<'a> Bytes<'a> {
    fn u8(&mut self) -> u8 {
        match self.0.split_first() {
            Some((b, rest)) => {
                self.0 = rest;
                *b
            }
            None => 0,
        }
    }
    fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.u8(), self.u8()])
    }
    fn take(&mut self, n: usize) -> &'a [u8] {
        let n = n.min(self.0.len());
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        head
    }
    fn string(&mut self, max: usize) -> String {
        let n = usize::from(self.u8()) % (max + 1);
        String::from_utf8_lossy(self.take(n)).into_owned()
    }
    /// An i64 biased towards the values where arithmetic breaks.
    fn i64(&mut self) -> i64 {
        match self.u8() % 12 {
            0 => 0,
            1 => 1,
            2 => -1,
            3 => i64::MAX,
            4 => i64::MIN,
            5 => i64::MAX - 1,
            6 => i64::MIN + 1,
            7 => (1 << 53) + 1,
            8 => i64::from(self.u8()),
            9 => -i64::from(self.u8()),
            _ => i64::from_le_bytes(std::array::from_fn(|_| self.u8())),
        }
    }
    fn row(&mut self, len: usize) -> usize {
        // Mostly valid rows, sometimes one past the end or far away.
        match self.u8() % 8 {
            0 => len,
            1 => usize::MAX,
            _ => usize::from(self.u16()) % len.max(1),
        }
    }
    fn partitions(&mut self) -> Option<PartitionSet> {
        let set = if self.u8() % 2 == 0 {
            let from = i64::from(self.u16());
            PartitionSet::range(from, from + i64::from(self.u8() % 16))
        } else {
            PartitionSet::parse(&self.string(24)).ok()?
        };
        // Large additions are legal but slow; keep executions fast.
        (set.count() <= 256).then_some(set)
    }
    fn filter(&mut self) -> Filter {
        if self.u8() % 2 == 0 {
            return Filter::parse(&self.string(32)).unwrap_or_default();
        }
        let mut f = Filter::all();
        if self.u8() % 2 == 0 {
            f.topics.push(TopicPattern::glob(&self.string(8)));
        }
        if self.u8() % 2 == 0
            && let Some(p) = self.partitions()
        {
            f.partitions.push(p);
        }
        if self.u8() % 2 == 0 {
            f.clusters.push(self.string(8));
        }
        f.changed_only = self.u8() % 4 == 0;
        f
    }
    fn selection(&mut self, session: &Session) -> Selection {
        let len = session.len();
        match self.u8() % 4 {
            0 => Selection::All,
            1 => Selection::Rows((0..self.u8() % 5).map(|_| self.row(len)).collect()),
            2 => {
                let mut keys = Vec::new();
                for _ in 0..self.u8() % 4 {
                    let i = self.row(len);
                    keys.extend(session.row(i).and_then(|r| r.entry.key()));
                }
                if self.u8() % 8 == 0 {
                    // A partition that is not listed.
                    let nope = JsonValue::object([("nope".to_string(), JsonValue::int(1))]);
                    keys.extend(PartitionKey::of(&nope));
                }
                Selection::Keys(keys)
            }
            _ => Selection::Filter(self.filter()),
        }
    }
    /// A row's current entry with one field of its partition or offset map changed or
    /// removed (as the editor's key/value cells do), or, now and then, any JSON at all.
    fn entry(&mut self, session: &Session, len: usize) -> JsonValue {
        let row = self.row(len);
        if self.u8() % 8 == 0 {
            return offsets_core::json::parse(&self.string(24))
                .unwrap_or_else(|_| JsonValue::null());
        }
        let Some(entry) = session.current_entry(row) else {
            return JsonValue::null();
        };
        let side = if self.u8() % 2 == 0 {
            MapSide::Partition
        } else {
            MapSide::Offset
        };
        let key = match self.u8() % 4 {
            0 => "offset".to_string(),
            1 => "topic".to_string(),
            2 => "partition".to_string(),
            _ => self.string(6),
        };
        let value = match self.u8() % 4 {
            0 => None,
            1 => Some(JsonValue::int(self.i64())),
            2 => Some(JsonValue::string(self.string(12))),
            _ => Some(JsonValue::null()),
        };
        with_field(&entry, side, &key, value).unwrap_or_else(|_| entry.into_tree())
    }

    fn action(&mut self, session: &Session) -> Option<Action> {
        let len = session.len();
        Some(match self.u8() % 19 {
            0 => Action::SetOffset {
                row: self.row(len),
                offset: self.i64(),
            },
            1 => Action::SetNull { row: self.row(len) },
            2 => Action::Restore { row: self.row(len) },
            3 => Action::SetOffsets {
                selection: self.selection(session),
                offset: self.i64(),
            },
            4 => Action::ShiftOffsets {
                selection: self.selection(session),
                delta: self.i64(),
            },
            5 => Action::NullOffsets {
                selection: self.selection(session),
            },
            6 => Action::RestoreOffsets {
                selection: self.selection(session),
            },
            7 => Action::ResumeAt {
                selection: self.selection(session),
                record: self.i64(),
            },
            8 => Action::ReplayPartitions {
                selection: self.selection(session),
            },
            9 => Action::SetEach {
                changes: (0..self.u8() % 8)
                    .map(|_| {
                        let row = self.row(len);
                        (row, (self.u8() % 4 != 0).then(|| self.i64()))
                    })
                    .collect(),
            },
            10 => Action::AddEntries {
                cluster: (self.u8() % 2 == 0).then(|| self.string(12)),
                topic: self.string(16),
                partitions: self.partitions()?,
                offset: (self.u8() % 4 != 0).then(|| self.i64()),
            },
            11 => Action::RemoveEntries {
                selection: self.selection(session),
            },
            12 => Action::SetScope {
                scope: if self.u8() % 2 == 0 {
                    ExportScope::All
                } else {
                    ExportScope::ChangedOnly
                },
            },
            13 => Action::Undo,
            14 => Action::SetEntry {
                row: self.row(len),
                value: self.entry(session, len),
            },
            15 => Action::KeepLastDuplicates,
            16 => Action::SetFromReference {
                selection: self.selection(session),
                // Any text read as any role: bad lines, duplicates, huge and negative values.
                reference: std::sync::Arc::new(offsets_core::reference::parse_reference(
                    &self.string(256),
                    match self.u8() % 4 {
                        0 => Role::Earliest,
                        1 => Role::Latest,
                        2 => Role::Time {
                            at_ms: Some(self.i64()),
                        },
                        _ => Role::Group { name: None },
                    },
                )),
            },
            17 => Action::AddUnlisted {
                reference: std::sync::Arc::new(offsets_core::reference::parse_reference(
                    &self.string(256),
                    Role::Latest,
                )),
            },
            _ => Action::Redo,
        })
    }
}

/// What the user sees of a session: every row's offset and flags, a replaced entry, and the
/// export scope.
type State = (
    Vec<(OffsetValue, bool, bool, bool, Option<String>)>,
    ExportScope,
);

fn state(s: &Session) -> State {
    let rows = s
        .rows()
        .map(|r| {
            // Only a replaced entry can differ beyond its offset and flags.
            let entry = r
                .edited
                .then(|| s.current_entry(r.index))
                .flatten()
                .map(|e| offsets_core::json::to_compact(e.raw()));
            (r.current, r.added, r.removed, r.changed, entry)
        })
        .collect();
    (rows, s.scope())
}

fuzz_target!(|data: &[u8]| {
    let mut input = Bytes(data);
    // The fixtures are imported once per process; the fuzzer spends its time in the reducer.
    static LISTINGS: OnceLock<Vec<Listing>> = OnceLock::new();
    let listings = LISTINGS.get_or_init(|| {
        FIXTURES
            .iter()
            .filter_map(|t| import(t, &ImportOptions::default()).ok())
            .map(|i| i.listing)
            .collect()
    });
    let pick = usize::from(input.u8()) % (FIXTURES.len() + 1);
    let owned;
    let (text, listing): (&str, Listing) = match (FIXTURES.get(pick), listings.get(pick)) {
        (Some(t), Some(l)) => (t, l.clone()),
        _ => {
            let n = usize::from(input.u16()) % 4096;
            owned = String::from_utf8_lossy(input.take(n)).into_owned();
            match import(&owned, &ImportOptions::default()) {
                Ok(i) => (&owned, i.listing),
                Err(_) => return,
            }
        }
    };
    let mut session = Session::new(listing);
    for _ in 0..64 {
        if input.0.is_empty() {
            break;
        }
        let Some(action) = input.action(&session) else {
            continue;
        };
        let undoable = !matches!(action, Action::Undo | Action::Redo);
        let before = state(&session);
        let depth = session.undo_depth();
        match session.apply(action) {
            Ok(_) => {
                if undoable && session.undo_depth() == depth + 1 {
                    let after = state(&session);
                    let mut probe = session.clone();
                    assert!(probe.apply(Action::Undo).is_ok(), "undo refused");
                    assert_eq!(state(&probe), before, "undo did not restore the rows");
                    assert!(probe.apply(Action::Redo).is_ok(), "redo refused");
                    assert_eq!(state(&probe), after, "redo did not reapply the action");
                }
            }
            Err(_) => assert_eq!(state(&session), before, "a refused action changed state"),
        }
        assert!(session.changed_count() <= session.len());
    }
    // Every export path over the edited session.
    let imported = session.imported().clone();
    let working = session.working_listing();
    let exported = session.export_listing();
    let _ = validate(&working, Some(&imported));
    let _ = offsets_core::diff::diff(&imported, &working).render(true);
    let _ = export::changed_entries(&imported, &working);
    let _ = export::configmap_yaml(&exported, Some(&imported), &Default::default());
    if let Ok(json) = export::patch_json(&exported, Some(&imported), false) {
        assert!(
            offsets_core::json::parse(&json.text).is_ok(),
            "the PATCH body is not JSON"
        );
    }
    let _ = export::csv(&exported, Some(&imported));
    // A rewritten document reads back with the edited listing's offsets.
    let reads_back = |rewritten: &str, what: &str| {
        let options = ImportOptions {
            data_key: working.data_key.clone(),
            ..ImportOptions::default()
        };
        if let Ok(again) = import(rewritten, &options) {
            let d = offsets_core::diff::diff(&working, &again.listing);
            assert_eq!(
                d.summary.changed(),
                0,
                "{what} changed offsets: {rewritten}\nworking: {}",
                working.to_compact_json()
            );
        }
    };
    // What `edit` writes (the input's own layout kept) also reports the edited listing's findings.
    if let Some(spliced) = export::rewrite_session(text, &session) {
        assert_eq!(
            spliced.diagnostics,
            validate(&working, None),
            "rewrite_session's findings differ from the edited listing's"
        );
        reads_back(&spliced.text(), "the spliced rewrite");
    }
    if let Ok(rewritten) = export::rewrite_document(text, &working) {
        reads_back(&rewritten, "rewrite");
    }
});
