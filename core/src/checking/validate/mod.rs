//! Validation of a listing against the rules of domain.md section 8 (IMP4–IMP6, S1–S10,
//! MS1–MS14, MC1–MC4, SK1–SK7), in ONE function, [`validate`], that returns every diagnostic at
//! once, sorted by position. Messages are exactly those of the spec with `<n>` the 1-based entry
//! number.
//!
//! Choices worth knowing:
//! * MS14 and SK7 are display hints that apply to every entry; they are emitted once per listing
//!   (at the first entry) so output stays readable. MC3 and MC4 are also once per listing.
//! * A number that is not a 64-bit integer is reported by S8 only; the kind-specific checks
//!   (MS3, MS8, MC1, ...) then skip that value instead of reporting it twice.
//! * MirrorMaker 2 skips every check for a tombstone (null offset), so MS1–MS6 and MC1 do too.
//! * Two additions to the spec's table: `S11` (error) when `offset` is neither null nor an object
//!   for a generic connector (Connect answers HTTP 500 'Cannot deserialize'), and `DUPKEY`
//!   (warning) for a key that appears twice in one JSON object (Jackson keeps the last).
//!   `GENERIC` (info) carries the note of section 8.6 for generic connectors.

use crate::diag::{Diagnostic, Position, Severity};
use crate::json::{JsonKind, JsonValue, Member};
use crate::model::{ConnectorKind, Entry, KeyIndex, Listing, OffsetField, parse_java_long};
use crate::names;
use std::borrow::Cow;

/// Every rule id [`validate`] and the importer can emit (the golden tests check each appears).
pub const RULE_IDS: &[&str] = &[
    "IMP1", "IMP2", "IMP3", "IMP4", "IMP5", "IMP6", "S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8",
    "S9", "S10", "S11", "MS1", "MS2", "MS3", "MS4", "MS5", "MS6", "MS7", "MS8", "MS9", "MS10",
    "MS11", "MS12", "MS13", "MS14", "MC1", "MC2", "MC3", "MC4", "SK1", "SK2", "SK3", "SK4", "SK5",
    "SK6", "SK7", "K1", "K2", "K4", "DUPKEY", "GENERIC", "JSON", "YAML", "CSV", "INPUT", "OPTION",
    "LIST",
];

/// `format!("Entry #{n}: records {from}…{to}{rest}")`, built by hand: a shift of every row
/// writes one such message per entry (MS11/MS12), and the formatting machinery cost more than
/// the rest of their validation.
fn range_message(n: usize, from: i128, to: i64, rest: &str) -> String {
    let mut out = String::with_capacity(64 + rest.len());
    out.push_str("Entry #");
    push_decimal(&mut out, n as i128);
    out.push_str(": records ");
    push_decimal(&mut out, from);
    out.push('…');
    push_decimal(&mut out, i128::from(to));
    out.push_str(rest);
    out
}

/// Appends `v` in decimal, as `{v}` formats it.
fn push_decimal(out: &mut String, v: i128) {
    if v < 0 {
        out.push('-');
    }
    let mut buf = [0u8; 40];
    out.extend(
        crate::json::decimal_digits(v.unsigned_abs(), &mut buf)
            .iter()
            .map(|&d| char::from(d)),
    );
}

/// Largest integer a JavaScript number holds exactly (2^53 - 1).
const MAX_SAFE_JS: i64 = 9_007_199_254_740_991;

struct Ctx<'a> {
    listing: &'a Listing,
    out: Vec<Diagnostic>,
}

impl Ctx<'_> {
    fn push(
        &mut self,
        rule: &'static str,
        sev: Severity,
        pos: Position,
        msg: String,
        entry: Option<usize>,
    ) {
        let mut d = Diagnostic::new(rule, sev, pos, msg);
        d.entry = entry;
        d.data_key = self.listing.data_key.clone();
        self.out.push(d);
    }
    fn err(&mut self, rule: &'static str, pos: Position, msg: String, entry: usize) {
        self.push(rule, Severity::Error, pos, msg, Some(entry));
    }
    fn warn(&mut self, rule: &'static str, pos: Position, msg: String, entry: usize) {
        self.push(rule, Severity::Warning, pos, msg, Some(entry));
    }
}

/// Validates `listing`; with `baseline` (the listing it was edited from) also reports what the
/// edit changes (MS10–MS13, S10). Returns every diagnostic, sorted by position.
pub fn validate(listing: &Listing, baseline: Option<&Listing>) -> Vec<Diagnostic> {
    let mut cx = Ctx {
        listing,
        out: Vec::new(),
    };
    let unchanged = baseline.is_some_and(|base| same_payload(base, listing));
    listing_rules(
        &mut cx,
        listing.entries.len(),
        first_entry_pos(listing),
        unchanged,
    );
    // The baseline is indexed once (first entry per key, as `Listing::find` answers): looking
    // each entry up with a linear scan made validating 100k entries take minutes.
    let baseline = baseline.map(|b| {
        let mut index = KeyIndex::with_capacity(b.entries.len());
        for (j, e) in b.entries.iter().enumerate() {
            if let Some(k) = index.probe(e) {
                index.insert_first(k, j);
            }
        }
        (b, index)
    });
    let mut s8_values: Vec<*const JsonValue> = Vec::new();
    for (i, entry) in listing.entries.iter().enumerate() {
        entry_rules(&mut cx, i, entry, baseline.as_ref(), &mut s8_values);
    }
    duplicate_partitions(&mut cx, listing.entries.len(), listing.entries.iter());
    let mut out = cx.out;
    out.sort_by_key(|d| d.position);
    out
}

/// [`validate`]`(&edited, None)` for `edited` = `meta` (every field but its entries) with the
/// entries `entries` yields, without holding those entries all at once: `connect-offsets edit`
/// writes 100k rewritten entries one at a time instead of building a second listing. `each`
/// sees every entry after it is checked (the caller writes it).
///
/// Each entry comes with a stand-in that lives through the call (the entry it was made from)
/// for S7, the only rule that compares entries with each other: its partition (content and
/// position) and its origin must be the entry's. `None` as soon as one differs; call
/// [`validate`] on the built listing then.
pub fn validate_streamed<'s>(
    meta: &Listing,
    entries: impl IntoIterator<Item = (Cow<'s, Entry>, &'s Entry)>,
    mut each: impl FnMut(&Entry),
) -> Option<Vec<Diagnostic>> {
    let mut cx = Ctx {
        listing: meta,
        out: Vec::new(),
    };
    let entries = entries.into_iter();
    let (least, most) = entries.size_hint();
    let mut seen = KeyIndex::with_capacity(most.unwrap_or(least));
    let mut duplicates: Vec<(usize, &'s Entry)> = Vec::new();
    let mut count = 0usize;
    let mut first_pos = meta.offsets_pos;
    let mut s8_values: Vec<*const JsonValue> = Vec::new();
    for (i, (entry, stand_in)) in entries.enumerate() {
        if !same_for_s7(&entry, stand_in) {
            return None;
        }
        entry_rules(&mut cx, i, &entry, None, &mut s8_values);
        // S7 as `duplicate_partitions` finds it, on the stand-in (the same partition).
        if let Some(probe) = seen.probe(stand_in)
            && seen.insert_first(probe, i).is_some()
        {
            duplicates.push((i, stand_in));
        }
        if i == 0 {
            first_pos = entry.origin.pos;
        }
        count += 1;
        each(&entry);
    }
    // Listing rules first and S7 last, as in `validate` (the sort below is stable).
    let entry_findings = std::mem::take(&mut cx.out);
    listing_rules(&mut cx, count, first_pos, false);
    cx.out.extend(entry_findings);
    for (i, e) in duplicates {
        s7(&mut cx, i, e);
    }
    let mut out = cx.out;
    out.sort_by_key(|d| d.position);
    Some(out)
}

/// True when S7 reads the same from `a` as from `b`: the origin and the partition map (its
/// position, keys and values).
fn same_for_s7(a: &Entry, b: &Entry) -> bool {
    a.origin.pos == b.origin.pos
        && match (a.partition(), b.partition()) {
            (None, None) => true,
            (Some(x), Some(y)) => x.pos == y.pos && x.same_as(y),
            _ => false,
        }
}

/// Every rule about one entry on its own (all but S7).
fn entry_rules(
    cx: &mut Ctx<'_>,
    i: usize,
    entry: &Entry,
    baseline: Option<&(&Listing, KeyIndex<'_>)>,
    s8_values: &mut Vec<*const JsonValue>,
) {
    // Only this entry's S8 values are ever looked up (`skip` sees this entry's values), so
    // the list starts empty for each entry instead of growing over the whole listing.
    s8_values.clear();
    structure_rules(cx, i, entry, s8_values);
    let skip = |v: &JsonValue| s8_values.contains(&(v as *const JsonValue));
    match cx.listing.kind {
        ConnectorKind::MirrorSource => mirror_source_rules(cx, i, entry, baseline, &skip),
        ConnectorKind::MirrorCheckpoint | ConnectorKind::MirrorHeartbeat => {
            mirror_other_rules(cx, i, entry, &skip)
        }
        ConnectorKind::Sink => sink_rules(cx, i, entry, &skip),
        ConnectorKind::Generic => generic_rules(cx, i, entry),
    }
}

fn first_entry_pos(l: &Listing) -> Position {
    l.entries
        .first()
        .map(|e| e.origin.pos)
        .unwrap_or(l.offsets_pos)
}

/// The rules about the listing as a whole; `entries` and `first_pos` describe its entries
/// (their number and the first one's position), `unchanged` says the payload equals the
/// baseline's (S10).
fn listing_rules(cx: &mut Ctx<'_>, entries: usize, first_pos: Position, unchanged: bool) {
    let l = cx.listing;
    cx.push(
        "IMP6",
        Severity::Info,
        l.payload_pos,
        format!("Detected: {}.", l.kind.label()),
        None,
    );
    if l.kind == ConnectorKind::Generic {
        cx.push(
            "GENERIC",
            Severity::Info,
            l.payload_pos,
            "The format is defined by the connector; only structural checks are applied.".into(),
            None,
        );
    }
    if let Some(m) = &l.mirror
        && m.ambiguous
    {
        cx.push(
            "IMP5",
            Severity::Warning,
            l.data_key_pos,
            "The connector name cannot be recovered from this key with certainty; please confirm the source and target aliases.".into(),
            None,
        );
    }
    wrapper_names(cx, l);
    if let Some(first) = l.extra_fields.first() {
        cx.push(
            "S1",
            Severity::Error,
            first.key_pos,
            "The payload must be {\"offsets\": [...]} with no other fields (Kafka Connect returns HTTP 500 'Unrecognized field').".into(),
            None,
        );
    }
    duplicate_keys(cx, &l.extra_fields, None);
    if entries == 0 {
        cx.push(
            "IMP4",
            Severity::Info,
            l.offsets_pos,
            "No offsets listed yet. The connector has not committed any offsets, or they were reset. Source offsets are flushed every offset.flush.interval.ms (60 s by default).".into(),
            None,
        );
        cx.push(
            "S2",
            Severity::Error,
            l.offsets_pos,
            "Nothing to alter: Kafka Connect rejects an empty list (HTTP 400). To clear every offset use Reset instead.".into(),
            None,
        );
    } else {
        let pos = first_pos;
        match l.kind {
            ConnectorKind::MirrorSource => cx.push(
                "MS14",
                Severity::Info,
                pos,
                "MirrorMaker resumes at offset + 1. Enter the offset of the last record that should count as already mirrored.".into(),
                None,
            ),
            ConnectorKind::Sink => cx.push(
                "SK7",
                Severity::Info,
                pos,
                "For sink connectors, kafka_offset is the NEXT record to consume.".into(),
                None,
            ),
            _ => {}
        }
    }
    if matches!(
        l.kind,
        ConnectorKind::MirrorCheckpoint | ConnectorKind::MirrorHeartbeat
    ) {
        cx.push(
            "MC3",
            Severity::Warning,
            l.payload_pos,
            format!(
                "{} does not use its offsets at runtime, so altering them has no effect on replication.",
                l.kind.label()
            ),
            None,
        );
    }
    if l.kind == ConnectorKind::MirrorHeartbeat
        && l.configmap
            .as_ref()
            .and_then(|c| c.strimzi_owner())
            .is_some_and(|o| o.api_version == "kafka.strimzi.io/v1")
    {
        cx.push(
            "MC4",
            Severity::Warning,
            l.payload_pos,
            "KafkaMirrorMaker2 (v1 API) no longer manages a heartbeat connector.".into(),
            None,
        );
    }
    if unchanged {
        cx.push(
            "S10",
            Severity::Info,
            l.offsets_pos,
            "No offsets changed.".into(),
            None,
        );
    }
}

/// `a.payload() == b.payload()`, without building either payload.
fn same_payload(a: &Listing, b: &Listing) -> bool {
    a.entries.len() == b.entries.len()
        && a.extra_fields == b.extra_fields
        && a.entries
            .iter()
            .zip(&b.entries)
            .all(|(x, y)| x.value.same_as(&y.value))
}

/// Rule, what is checked, its value and position, and the naming rule.
type NameCheck<'a> = (
    &'static str,
    &'static str,
    &'a Option<String>,
    Position,
    fn(&str) -> Result<(), String>,
);

/// The naming rules of the wrapper the listing came in (domain.md section 7): the ConfigMap's
/// name (K1) and namespace (K2) and the data key (K4). Kubernetes never writes invalid ones, so
/// they are warnings about the file, located where they are; exports check the names they
/// actually use again, as errors.
fn wrapper_names(cx: &mut Ctx<'_>, l: &Listing) {
    const ADVICE: &str = "Kubernetes never writes such a name: check where this file came from. Exports use the names you give, which are checked again.";
    if let Some(cm) = &l.configmap {
        let checks: [NameCheck<'_>; 2] = [
            (
                "K1",
                "name",
                &cm.name,
                cm.name_pos,
                names::check_configmap_name,
            ),
            (
                "K2",
                "namespace",
                &cm.namespace,
                cm.namespace_pos,
                names::check_namespace,
            ),
        ];
        for (rule, what, value, pos, check) in checks {
            if let Some(value) = value
                && let Err(e) = check(value)
            {
                cx.push(
                    rule,
                    Severity::Warning,
                    pos,
                    format!(
                        "The listed ConfigMap's {what} '{}' is invalid. {e} {ADVICE}",
                        names::shown(value)
                    ),
                    None,
                );
            }
        }
    }
    if let Some(key) = &l.data_key
        && names::check_data_key(key).is_err()
    {
        cx.push(
            "K4",
            Severity::Warning,
            l.data_key_pos,
            format!(
                "The data key '{}' is invalid: a ConfigMap data key is letters, digits, '-', '_' and '.', at most 253 characters, not starting with '..'. {ADVICE}",
                names::shown(key)
            ),
            None,
        );
    }
}

/// DUPKEY: a key that appears more than once in one object.
fn duplicate_keys(cx: &mut Ctx<'_>, members: &[Member], entry: Option<usize>) {
    for (i, m) in members.iter().enumerate() {
        if let Some(first) = members
            .get(..i)
            .and_then(|b| b.iter().find(|p| p.key == m.key))
        {
            cx.push(
                "DUPKEY",
                Severity::Warning,
                m.key_pos,
                format!(
                    "Key '{}' appears more than once in this object (first at {}); Kafka Connect keeps only the last value. Remove one of them.",
                    m.key, first.key_pos
                ),
                entry,
            );
        }
    }
}

fn structure_rules(cx: &mut Ctx<'_>, i: usize, entry: &Entry, s8: &mut Vec<*const JsonValue>) {
    let n = i + 1;
    let Some(members) = entry.value.as_members() else {
        cx.err(
            "S4",
            entry.origin.pos,
            format!("Entry #{n} has no partition."),
            i,
        );
        return;
    };
    duplicate_keys(cx, members, Some(i));
    for m in members {
        if m.key != "partition" && m.key != "offset" {
            cx.err(
                "S3",
                m.key_pos,
                format!(
                    "Entry #{n} has an unexpected field '{}' (Kafka Connect returns HTTP 500 'Unrecognized field').",
                    m.key
                ),
                i,
            );
        }
    }
    match entry.value.get("partition") {
        Some(p) if p.as_members().is_some() => {}
        Some(p) => cx.err("S4", p.pos, format!("Entry #{n} has no partition."), i),
        None => cx.err(
            "S4",
            entry.origin.pos,
            format!("Entry #{n} has no partition."),
            i,
        ),
    }
    if entry.value.get("offset").is_none() {
        cx.warn(
            "S5",
            entry.origin.pos,
            format!(
                "Entry #{n} has no 'offset'; Kafka Connect treats that as null and deletes the stored offset for this partition."
            ),
            i,
        );
    }
    for field in ["partition", "offset"] {
        let Some(map) = entry.value.get(field).and_then(JsonValue::as_members) else {
            continue;
        };
        duplicate_keys(cx, map, Some(i));
        for m in map {
            match &m.value.kind {
                JsonKind::Array(_) | JsonKind::Object(_) => cx.err(
                    "S6",
                    m.value.pos,
                    format!(
                        "Entry #{n}: '{}' must be a plain value; nested objects or arrays are rejected by Kafka Connect.",
                        m.key
                    ),
                    i,
                ),
                JsonKind::Number(num) => match num.as_i64() {
                    None => {
                        s8.push(&m.value as *const JsonValue);
                        cx.err(
                            "S8",
                            m.value.pos,
                            format!(
                                "Entry #{n}: '{}' must be a whole number between 0 and 9223372036854775807.",
                                m.key
                            ),
                            i,
                        );
                    }
                    Some(v) if v > MAX_SAFE_JS => cx.push(
                        "S9",
                        Severity::Info,
                        m.value.pos,
                        "Kept exactly. (Tools that hold offsets in JavaScript numbers would corrupt this value; never route it through one.)".into(),
                        Some(i),
                    ),
                    Some(_) => {}
                },
                _ => {}
            }
        }
    }
}

fn extra_keys(map: &JsonValue, known: &[&str]) -> Option<String> {
    let mut extra: Vec<String> = Vec::new();
    for m in map.as_members()? {
        if !known.contains(&m.key.as_str()) && !extra.contains(&format!("'{}'", m.key)) {
            extra.push(format!("'{}'", m.key));
        }
    }
    if extra.is_empty() {
        None
    } else {
        Some(extra.join(", "))
    }
}

fn mirror_source_rules(
    cx: &mut Ctx<'_>,
    i: usize,
    entry: &Entry,
    baseline: Option<&(&Listing, KeyIndex<'_>)>,
    skip: &dyn Fn(&JsonValue) -> bool,
) {
    let n = i + 1;
    let offset = entry.offset_field();
    let tombstone = matches!(offset, OffsetField::Missing | OffsetField::Null);
    if let Some(p) = entry.partition()
        && !tombstone
    {
        for k in ["cluster", "topic", "partition"] {
            if p.get(k).is_none() {
                cx.err(
                    "MS1",
                    p.pos,
                    format!("Entry #{n}: the source partition is missing the '{k}' key, which is required."),
                    i,
                );
            }
        }
        for k in ["cluster", "topic"] {
            if let Some(v) = p.get(k)
                && v.as_str().is_none()
            {
                cx.err(
                    "MS2",
                    v.pos,
                    format!("Entry #{n}: '{k}' must be a string."),
                    i,
                );
            }
        }
        if let Some(v) = p.get("partition")
            && !skip(v)
            && v.as_number()
                .and_then(|x| x.as_i64())
                .is_none_or(|x| !(0..=names::MAX_PARTITION).contains(&x))
        {
            cx.err(
                "MS3",
                v.pos,
                format!("Entry #{n}: partition must be an integer between 0 and 2147483647."),
                i,
            );
        }
        if let Some(extra) = extra_keys(p, &["cluster", "topic", "partition"]) {
            cx.warn(
                "MS4",
                p.pos,
                format!("Entry #{n} has extra key(s) {extra}. Kafka Connect accepts the entry, but MirrorMaker never reads it."),
                i,
            );
        }
        if let (Some(c), Some(alias)) = (p.get("cluster"), cx.listing.source_alias())
            && let Some(cs) = c.as_str()
            && cs != alias
        {
            cx.warn(
                "MS5",
                c.pos,
                format!("Entry #{n}: cluster '{cs}' is not this connector's source alias '{alias}'. The offset will be stored but ignored."),
                i,
            );
        }
        if let Some(t) = p.get("topic")
            && let Some(ts) = t.as_str()
            && let Err(reason) = names::check_topic(ts)
        {
            cx.warn(
                "MS6",
                t.pos,
                format!("Entry #{n}: '{ts}' is not a valid Kafka topic name ({reason}), so it can never match a replicated partition."),
                i,
            );
        }
    }
    match offset {
        OffsetField::Other(v) => cx.err(
            "MS7",
            v.pos,
            format!("Entry #{n}: the offset must be null or contain an 'offset' key."),
            i,
        ),
        OffsetField::Map(map) => match map.get("offset") {
            None => cx.err(
                "MS7",
                map.pos,
                format!("Entry #{n}: the offset must be null or contain an 'offset' key."),
                i,
            ),
            Some(v) => {
                if !skip(v) && v.as_number().and_then(|x| x.as_i64()).is_none_or(|x| x < 0) {
                    cx.err(
                        "MS8",
                        v.pos,
                        format!("Entry #{n}: the offset must be a whole number ≥ 0. To replay from the beginning of the partition, set the offset to null."),
                        i,
                    );
                }
                if let Some(extra) = extra_keys(map, &["offset"]) {
                    cx.warn(
                        "MS9",
                        map.pos,
                        format!(
                            "Entry #{n}: extra offset field(s) {extra} are stored but ignored."
                        ),
                        i,
                    );
                }
            }
        },
        OffsetField::Missing | OffsetField::Null => {}
    }
    let Some((base, index)) = baseline else {
        return;
    };
    let Some(key) = index.probe(entry) else {
        return;
    };
    let pos = match offset {
        OffsetField::Map(m) => m.get("offset").map(|v| v.pos).unwrap_or(m.pos),
        OffsetField::Other(v) => v.pos,
        _ => entry
            .value
            .member("offset")
            .map(|m| m.value.pos)
            .unwrap_or(entry.origin.pos),
    };
    match index.get(&key).and_then(|j| base.entries.get(j)) {
        None => {
            let (t, p) = match entry.mirror_partition() {
                Some(mp) => (mp.topic.to_string(), mp.partition.to_string()),
                None => {
                    let get = |k: &str| {
                        entry
                            .partition()
                            .and_then(|p| p.get(k))
                            .map(|v| match &v.kind {
                                JsonKind::String(s) => s.clone(),
                                _ => crate::json::to_compact(v),
                            })
                    };
                    (
                        get("topic").unwrap_or_default(),
                        get("partition").unwrap_or_default(),
                    )
                }
            };
            cx.warn(
                "MS10",
                entry.origin.pos,
                format!("Entry #{n} is new. Make sure topic '{t}' partition {p} exists on the source cluster and is replicated by this connector."),
                i,
            );
        }
        Some(old_entry) => {
            let new = entry.offset(ConnectorKind::MirrorSource);
            let old = old_entry.offset(ConnectorKind::MirrorSource);
            match (old, new) {
                (Some(old), Some(new)) if new < old => cx.warn(
                    "MS11",
                    pos,
                    range_message(
                        n,
                        i128::from(new) + 1,
                        old,
                        " will be mirrored again (duplicates on the target).",
                    ),
                    i,
                ),
                (Some(old), Some(new)) if new > old => cx.warn(
                    "MS12",
                    pos,
                    range_message(
                        n,
                        i128::from(old) + 1,
                        new,
                        " will be skipped and never mirrored.",
                    ),
                    i,
                ),
                _ => {}
            }
            if entry.is_tombstone() && !old_entry.is_tombstone() {
                cx.warn(
                    "MS13",
                    pos,
                    format!("Entry #{n}: the stored offset is deleted. MirrorMaker restarts this partition according to auto.offset.reset (earliest by default), so the whole partition is replicated again."),
                    i,
                );
            }
        }
    }
}

fn mirror_other_rules(
    cx: &mut Ctx<'_>,
    i: usize,
    entry: &Entry,
    skip: &dyn Fn(&JsonValue) -> bool,
) {
    let n = i + 1;
    let offset = entry.offset_field();
    let tombstone = matches!(offset, OffsetField::Missing | OffsetField::Null);
    if let Some(p) = entry.partition()
        && !tombstone
    {
        let mc1 = |cx: &mut Ctx<'_>, k: &str, pos: Position| {
            cx.err(
                "MC1",
                pos,
                format!("Entry #{n}: the source partition is missing or has an invalid '{k}'."),
                i,
            );
        };
        let (strings, int): (&[&str], Option<&str>) =
            if cx.listing.kind == ConnectorKind::MirrorCheckpoint {
                (&["group", "topic"], Some("partition"))
            } else {
                (&["sourceClusterAlias", "targetClusterAlias"], None)
            };
        for k in strings {
            match p.get(k) {
                None => mc1(cx, k, p.pos),
                Some(v) if v.as_str().is_none() => mc1(cx, k, v.pos),
                Some(_) => {}
            }
        }
        if let Some(k) = int {
            match p.get(k) {
                None => mc1(cx, k, p.pos),
                Some(v)
                    if !skip(v)
                        && v.as_number()
                            .and_then(|x| x.as_i64())
                            .is_none_or(|x| !(0..=names::MAX_PARTITION).contains(&x)) =>
                {
                    mc1(cx, k, v.pos)
                }
                Some(_) => {}
            }
        }
    }
    let bad = match offset {
        OffsetField::Missing | OffsetField::Null => None,
        OffsetField::Other(v) => Some(v.pos),
        OffsetField::Map(map) => match map.get("offset") {
            Some(v) if skip(v) || v.as_number().and_then(|x| x.as_i64()) == Some(0) => None,
            Some(v) => Some(v.pos),
            None => Some(map.pos),
        },
    };
    if let Some(pos) = bad {
        cx.err(
            "MC2",
            pos,
            format!("Entry #{n}: this connector only accepts offset 0 (or null)."),
            i,
        );
    }
}

fn sink_rules(cx: &mut Ctx<'_>, i: usize, entry: &Entry, skip: &dyn Fn(&JsonValue) -> bool) {
    let n = i + 1;
    if let Some(p) = entry.partition() {
        if p.get("kafka_topic").is_none() || p.get("kafka_partition").is_none() {
            cx.err(
                "SK1",
                p.pos,
                "The partition for a sink connector offset must contain the keys 'kafka_topic' and 'kafka_partition'.".into(),
                i,
            );
        }
        if let Some(t) = p.get("kafka_topic") {
            let msg = format!("Entry #{n}: kafka_topic must be a valid topic name.");
            match t.as_str() {
                None => cx.err("SK2", t.pos, msg, i),
                Some(s) if names::check_topic(s).is_err() => cx.warn("SK2", t.pos, msg, i),
                Some(_) => {}
            }
        }
        if let Some(v) = p.get("kafka_partition")
            && !skip(v)
            && sink_integer(v).is_none_or(|x| !(0..=names::MAX_PARTITION).contains(&x))
        {
            cx.err(
                "SK3",
                v.pos,
                "Partition values for sink connectors need to be integers (0 or greater).".into(),
                i,
            );
        }
    }
    match entry.offset_field() {
        OffsetField::Other(v) => cx.err(
            "SK4",
            v.pos,
            "The offset for a sink connector should either be null or contain the key 'kafka_offset'.".into(),
            i,
        ),
        OffsetField::Map(map) => match map.get("kafka_offset") {
            None => cx.err(
                "SK4",
                map.pos,
                "The offset for a sink connector should either be null or contain the key 'kafka_offset'.".into(),
                i,
            ),
            Some(v) => {
                let value = sink_integer(v);
                if !skip(v) && value.is_none_or(|x| x < 0) {
                    cx.err(
                        "SK5",
                        v.pos,
                        "Offset values for sink connectors need to be whole numbers ≥ 0 (a negative offset makes Kafka Connect fail with 'Invalid negative offset').".into(),
                        i,
                    );
                } else if v.as_str().is_some() {
                    cx.warn(
                        "SK6",
                        v.pos,
                        "kafka_offset is a string; Connect accepts this, but the editor will write it as a number.".into(),
                        i,
                    );
                }
            }
        },
        OffsetField::Missing | OffsetField::Null => {}
    }
}

/// Java's `Long.parseLong(String.valueOf(v))` for a JSON number or string.
fn sink_integer(v: &JsonValue) -> Option<i64> {
    match &v.kind {
        JsonKind::Number(n) => n.as_i64(),
        JsonKind::String(s) => parse_java_long(s),
        _ => None,
    }
}

fn generic_rules(cx: &mut Ctx<'_>, i: usize, entry: &Entry) {
    if let OffsetField::Other(v) = entry.offset_field() {
        cx.err(
            "S11",
            v.pos,
            format!(
                "Entry #{}: the offset must be null or an object of plain values (Kafka Connect returns HTTP 500 'Cannot deserialize').",
                i + 1
            ),
            i,
        );
    }
}

/// S7: the same canonical partition in two entries; reported at every later occurrence.
/// S7 over `entries` (`len` of them).
fn duplicate_partitions<'e>(
    cx: &mut Ctx<'_>,
    len: usize,
    entries: impl Iterator<Item = &'e Entry>,
) {
    let mut seen = KeyIndex::with_capacity(len);
    for (i, e) in entries.enumerate() {
        let Some(probe) = seen.probe(e) else { continue };
        if seen.insert_first(probe, i).is_some() {
            s7(cx, i, e);
        }
    }
}

/// S7 for entry `i`, whose partition key an earlier entry already has.
fn s7(cx: &mut Ctx<'_>, i: usize, e: &Entry) {
    let Some(key) = e.key() else { return };
    let pos = e.partition().map(|p| p.pos).unwrap_or(e.origin.pos);
    cx.err(
        "S7",
        pos,
        format!("Partition {key} appears more than once; Kafka Connect would silently keep only the last entry."),
        i,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn range_messages_match_format() {
        let mut values: Vec<i64> = vec![0, 1, 9, 10, 99, i64::MAX, i64::MAX - 1, i64::MIN];
        let mut p = 1i64;
        while let Some(next) = p.checked_mul(10) {
            values.extend([p - 1, p, p + 1, -p]);
            p = next;
        }
        for (k, &v) in values.iter().enumerate() {
            let from = i128::from(v) + 1;
            assert_eq!(
                range_message(k * 1009, from, v, " rest."),
                format!("Entry #{}: records {from}…{v} rest.", k * 1009)
            );
        }
        assert_eq!(
            range_message(usize::MAX, i128::MIN, 0, ""),
            format!("Entry #{}: records {}…0", usize::MAX, i128::MIN)
        );
    }
}
