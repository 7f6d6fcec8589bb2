//! The per-partition check an alter procedure runs with `jq`: for every partition the alter
//! writes, its stored offset in the listing the edits were made on ("listed") and the offset the
//! alter sets ("altered"). The script compares a listing taken after the stop with "listed"
//! (nothing may have moved) and the verification listing with "altered" (landed or drifted).
//!
//! Both sides are matched by partition map whatever the key order, the entry order or the
//! pretty printing (Connect guarantees none of them): `jq` parses both, keys each partition by
//! its members sorted by name, and compares offsets as JSON values.

use super::error::ReadBackError;
use super::{Listed, RelativeEdits};
use crate::json::{self, Array, Object, Raw, ToJson};
use crate::model::OffsetField;
use crate::reading::import::import_bytes_unvalidated;
use crate::{model::Listing, reading::import::ImportOptions};

/// The check data of one alter.
#[derive(Debug, Clone)]
pub(crate) struct Check {
    /// One JSON document, one partition per line: `{"partitions":[...]}`.
    pub(crate) json: String,
    /// Partitions the alter writes.
    pub(crate) count: usize,
    /// False when the listing the edits were made on was not given: nothing to compare with.
    pub(crate) has_listed: bool,
    /// Partitions whose new value was set, not computed from the listed one (marked `"set":
    /// true` in the check file): altered even when they moved since the listing.
    pub(crate) set: usize,
    /// The first few partitions as `partition: listed value` lines, for the steps' comments
    /// (only partitions whose text is [`plain`]).
    pub(crate) sample: Vec<String>,
}

/// How many partitions the copy-paste steps name in their comments.
const SAMPLE: usize = 10;

/// Reads the alter payload (the alter ConfigMap with `data_key`, or a REST body when
/// `data_key` is `None`) and looks its partitions up in the listing the edits were made on.
/// When the payload cannot be read back, the check has nothing to compare with (`has_listed`
/// is false) and the message says why.
///
/// The listing is already read (the editor's imported listing, `plan --against`) and its
/// partitions indexed once ([`Listed`]): nothing here parses, copies or scans it, so a small
/// alter of a 100k-entry listing costs a lookup per altered partition.
///
/// `relative` says which partitions were edited relatively: the others are marked `"set":
/// true`, and the compare step names them when they moved instead of stopping.
pub(crate) fn build(
    payload: &str,
    data_key: Option<&str>,
    listed: Option<&Listed>,
    relative: &RelativeEdits,
) -> (Check, Option<String>) {
    let empty = |message: String| {
        let check = Check {
            json: check_file(&[]),
            count: 0,
            has_listed: false,
            set: 0,
            sample: Vec::new(),
        };
        (check, Some(message))
    };
    let altered = match read(payload, data_key) {
        Ok(l) => l,
        Err(m) => {
            return empty(format!(
                "The exported offsets cannot be read back ({m}), so the procedure cannot check them against a listing; the script stops before altering."
            ));
        }
    };
    let mut partitions = Vec::new();
    let mut sample = Vec::new();
    // Each partition as Kafka Connect will list it (a sink's "1" as 1), so the script compares
    // like with like.
    let read: Vec<_> = altered
        .entries
        .iter()
        .map(|e| e.as_connect_reads(altered.kind))
        .collect();
    for (raw, e) in altered.entries.iter().zip(read.iter().map(|e| &**e)) {
        let Some(partition) = e.partition() else {
            continue;
        };
        let listed = listed.map(|l| {
            l.find(raw)
                .into_iter()
                .filter_map(|l| match l.offset_field() {
                    OffsetField::Map(v) | OffsetField::Other(v) => Some(v),
                    OffsetField::Null | OffsetField::Missing => None,
                })
                .collect::<Vec<_>>()
        });
        let set = listed.is_some() && !relative.contains(e.key().as_ref());
        // The sample is what the copy-paste steps compare by hand: the partitions that must be
        // unchanged.
        if let Some(before) = &listed
            && sample.len() < SAMPLE
            && !set
        {
            // Only names Kafka allows (letters, digits, . _ -) are shown in a comment line; a
            // partition with any other character is in the check file, which is data.
            let partition_text = json::to_compact(partition);
            if plain(&partition_text) {
                sample.push(format!(
                    "{partition_text}: {}",
                    if before.is_empty() {
                        "no stored offset".to_owned()
                    } else {
                        before
                            .iter()
                            .map(|&v| json::to_compact(v))
                            .collect::<Vec<_>>()
                            .join(", ")
                    }
                ));
            }
        }
        let altered = match e.offset_field() {
            OffsetField::Map(v) | OffsetField::Other(v) => vec![v],
            OffsetField::Null | OffsetField::Missing => Vec::new(),
        };
        partitions.push(CheckPartition {
            partition,
            listed,
            altered,
            set,
        });
    }
    let count = partitions.len();
    let set = partitions.iter().filter(|p| p.set).count();
    let check = Check {
        json: check_file(&partitions),
        count,
        has_listed: listed.is_some(),
        set,
        sample,
    };
    (check, None)
}

/// `offsets-check.json`: one member, the partitions the alter writes, in compact JSON with one
/// partition per line (`{"partitions":[` LF `{...},` LF `{...}` LF `]}`), so that a user
/// reading the heredoc sees one partition a line.
fn check_file(partitions: &[CheckPartition<'_>]) -> String {
    struct Lines<'p, 'a>(&'p [CheckPartition<'a>]);
    impl ToJson for Lines<'_, '_> {
        fn write_json(&self, out: &mut String) {
            let mut a = Array::lines(out);
            for p in self.0 {
                a.item(p);
            }
            a.end();
        }
    }
    json::to_json(&json::Keyed("partitions", Lines(partitions)))
}

/// One partition: its map, its stored offsets in the listing the edits were made on (absent
/// when that listing was not given), the offset the alter sets (none when it nulls it) and,
/// when that value was set rather than computed from the listed one, `"set": true`.
/// Raw-level values, so their text is the listing's (exact numbers, key order).
struct CheckPartition<'a> {
    partition: Raw<'a>,
    listed: Option<Vec<Raw<'a>>>,
    altered: Vec<Raw<'a>>,
    set: bool,
}

impl ToJson for CheckPartition<'_> {
    fn write_json(&self, out: &mut String) {
        let mut o = Object::new(out);
        o.member("partition", &self.partition)
            .member_some("listed", &self.listed)
            .member("altered", &self.altered);
        if self.set {
            o.member("set", &true);
        }
        o.end();
    }
}

/// Compact partition JSON made of Kafka name characters and JSON punctuation only: safe to show
/// in a comment line of a script (no quote, backslash, `<`, `;` or space).
fn plain(partition: &str) -> bool {
    partition
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "._-{}\":,".contains(c))
}

fn read(text: &str, data_key: Option<&str>) -> Result<Listing, ReadBackError> {
    // An alter in rounds: every round's partitions, in the order the rounds are applied.
    let docs = super::round_names::documents(text);
    if let [first, rest @ ..] = docs.as_slice()
        && !rest.is_empty()
    {
        let mut all = read_one(first, data_key)?;
        for doc in rest {
            all.entries.extend(read_one(doc, data_key)?.entries);
        }
        return Ok(all);
    }
    read_one(text, data_key)
}

fn read_one(text: &str, data_key: Option<&str>) -> Result<Listing, ReadBackError> {
    let options = ImportOptions {
        data_key: data_key
            .filter(|_| text.trim_start().starts_with(|c: char| c != '{'))
            .map(str::to_owned),
        ..ImportOptions::default()
    };
    // Not validated again: the caller validated what it exported, and a listing that would not
    // validate still says what was stored.
    match import_bytes_unvalidated(text.as_bytes(), &options) {
        Ok(listing) => Ok(listing),
        Err(diags) => {
            Err(diags
                .first()
                .map_or(ReadBackError::Unreadable, |d| ReadBackError::Refused {
                    message: d.message.clone(),
                }))
        }
    }
}

/// The script's verify step: runs `list` (the listing after the alter, saved to a file) and
/// `landed` (that listing into `jq`), prints what `landed` reports and stops with `msg` when a
/// partition drifted; `waiting` is the line it prints before listing again. Shared by both
/// procedures.
///
/// While a partition drifted it lists again, up to [`LIST_ATTEMPTS`] times 5 seconds apart:
/// Kafka 4.3.1's worker answers a source connector's listing from the partitions its own
/// background reader of the offsets topic has seen, so a listing taken right after an alter can
/// miss partitions the alter has just written for the first time (measured: 1 listing in 60 on
/// an idle worker). A value that really differs stays drifted and fails after the last listing.
pub(crate) fn stop_unless_landed(list: &str, landed: &str, msg: &str, waiting: &str) -> String {
    let list = indent(list, "  ");
    format!(
        "attempt=1\nwhile true; do\n{list}\n  landed=\"$({landed})\"\n  case \"${{landed}}\" in\n    *drifted:*) ;;\n    *) break ;;\n  esac\n  if [ \"${{attempt}}\" -ge {LIST_ATTEMPTS} ]; then\n    break\n  fi\n  attempt=$((attempt + 1))\n  echo {waiting}\n  sleep 5\ndone\nprintf '%s\\n' \"${{landed}}\"\ncase \"${{landed}}\" in\n  *drifted:*)\n    echo {msg} >&2\n    exit 1\n    ;;\nesac"
    )
}

/// What the verify step after an alter prints before it lists again.
pub(crate) const NOT_LANDED_YET: &str =
    "'Not every altered partition is listed as altered yet; listing again in 5 seconds.'";

/// How many times the verify step lists before it calls a partition drifted (a minute).
pub(crate) const LIST_ATTEMPTS: u32 = 12;

/// Every line of `text` after `by` (empty lines stay empty).
pub(crate) fn indent(text: &str, by: &str) -> String {
    text.lines()
        .map(|l| {
            if l.is_empty() {
                String::new()
            } else {
                format!("{by}{l}")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The verify step's comment on why a partition the alter has just written may show as
/// drifted for a moment, and what the script and the copy-paste steps do about it.
pub(crate) fn list_again() -> String {
    format!(
        "A partition the alter wrote for the first time can show as drifted with 'no stored offset' for a few seconds: Kafka Connect lists a source connector's partitions as its own reader of the offsets topic has seen them, which can lag the alter. The script lists again, up to {LIST_ATTEMPTS} times 5 seconds apart, before it calls a partition drifted; in the copy-paste steps, move the after-alter file away and run this step again."
    )
}

/// The jq program (`jq -rn --slurpfile check CHECK_FILE`) that names, in the listing on stdin,
/// every stored partition the check file does not: the partitions a create with `--recreated
/// keep` leaves at the offsets stored under the name. Matched by partition map whatever the
/// key order. Shared by the curl and kubectl creates.
pub(crate) const KEPT_JQ: &str = "def k: to_entries | sort_by(.key) | map([.key, .value]) | tojson; ($check[0].partitions | map(.partition | k)) as $set | [([inputs][0].offsets // [])[] | select(.offset != null) | select((.partition | k) as $p | ($set | any(.[]; . == $p)) | not)] | if length == 0 then \"Every offset stored under the name is one the alter sets.\" else (\"\\(length) partitions keep the offsets stored under the name:\", (.[] | \"keeps its old offset: \\(.partition | tojson): \\(.offset | tojson)\")) end";

/// The verify step's jq program: how many partitions of the check file landed (their stored
/// offset in the listing on stdin is the one the alter sets), then a `drifted:` line for each
/// one that did not.
///
/// An entry listed with `"offset": null` counts as no stored offset: Kafka 4.3.1's worker,
/// listed right after an alter that nulled a partition, can still name the partition with a
/// null offset (its offset store drops the partition from the listing a moment later), and both
/// mean the same to Connect.
pub(crate) fn landed_program() -> String {
    let head = head("altered", "").replace(
        "MISSING",
        "\"drifted: no listing was read (no offsets array where the listing should be)\"",
    );
    format!(
        "{head} | \"\\($all | length - ($bad | length)) of \\($all | length) altered partitions landed.\", ($bad[] | \"drifted: \\(.partition | tojson): expected \\(.want | show), listed \\(.found | show)\") end"
    )
}

/// The compare step's jq program: one line per partition of the check file whose stored offset
/// in the listing on stdin is not the one the listing the edits were made on showed. With
/// `set` false, over the partitions edited relatively (those not marked `"set": true`), which
/// stop the script; with `set` true, over those whose value was set, which the alter writes all
/// the same, each line saying what it sets.
pub(crate) fn moved_program(set: bool) -> String {
    let (select, tail) = if set {
        (
            " | select(.set == true)",
            "; the alter sets \\(.altered | show) all the same",
        )
    } else {
        (" | select(.set | not)", "")
    };
    let head = head("listed", select).replace("MISSING", "\"no listing was read (no offsets array where the listing should be): nothing could be compared\"");
    format!(
        "{head} | $bad[] | \"\\(.partition | tojson): listed \\(.want | show) when you edited, now \\(.found | show){tail}\" end"
    )
}

/// What both programs start with: the listing on stdin by partition, and `$all` (each checked
/// partition's `want`, `found` and `altered`) and `$bad` (those whose `found` is not `want`).
fn head(field: &str, select: &str) -> String {
    // No listing read (an empty value, a missing data key, an error answer) is never taken
    // for a listing with no offsets: it is a line of its own, which stops the script.
    "def k: to_entries | sort_by(.key) | map([.key, .value]) | tojson; def show: if . == [] then \"no stored offset\" else map(tojson) | join(\", \") end; ([inputs] | if length > 0 and (.[0].offsets | type) == \"array\" then .[0].offsets else null end) as $now | if $now == null then MISSING else (reduce ($now[] | select(.offset != null)) as $e ({}; .[$e.partition | k] += [$e.offset])) as $by | [$check[0].partitions[]SELECT | {partition, want: .FIELDALTERED, found: ($by[.partition | k] // [])}] as $all | ($all | map(select(.found != .want))) as $bad"
        .replace("FIELD", field)
        .replace("SELECT", select)
        // What the alter sets, for the lines about partitions that were set.
        .replace("ALTERED", if select.contains(".set == true") { ", altered" } else { "" })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn listed_values_are_matched_whatever_the_key_order() {
        let payload = "{\"offsets\":[{\"partition\":{\"topic\":\"t\",\"partition\":0},\"offset\":{\"offset\":5}},{\"partition\":{\"topic\":\"t\",\"partition\":1},\"offset\":null}]}";
        let listed = "{\n  \"offsets\" : [ {\n    \"partition\" : {\n      \"partition\" : 0,\n      \"topic\" : \"t\"\n    },\n    \"offset\" : {\n      \"offset\" : 41\n    }\n  } ]\n}";
        let listed = Listed::new(read(listed, None).unwrap());
        let (c, problem) = build(payload, None, Some(&listed), &RelativeEdits::Every);
        assert_eq!(problem, None);
        assert_eq!(
            c.json,
            "{\"partitions\":[\n{\"partition\":{\"topic\":\"t\",\"partition\":0},\"listed\":[{\"offset\":41}],\"altered\":[{\"offset\":5}]},\n{\"partition\":{\"topic\":\"t\",\"partition\":1},\"listed\":[],\"altered\":[]}\n]}"
        );
        assert_eq!(c.count, 2);
        let (c, _) = build(payload, None, None, &RelativeEdits::Every);
        assert!(!c.has_listed);
        assert!(!c.json.contains("listed"));
    }

    #[test]
    fn partitions_not_edited_relatively_are_marked_set_and_left_out_of_the_sample() {
        let payload = "{\"offsets\":[{\"partition\":{\"topic\":\"t\",\"partition\":0},\"offset\":{\"offset\":5}},{\"partition\":{\"topic\":\"t\",\"partition\":1},\"offset\":null}]}";
        let listed = Listed::new(read(payload, None).unwrap());
        let first = read(payload, None).unwrap().entries[0].key().unwrap();
        let only = RelativeEdits::Only([first].into_iter().collect());
        let (c, _) = build(payload, None, Some(&listed), &only);
        assert_eq!(c.set, 1);
        assert!(
            c.json
                .contains("\"partition\":1},\"listed\":[],\"altered\":[],\"set\":true}"),
            "{}",
            c.json
        );
        assert!(
            !c.json.contains(
                "\"partition\":0},\"listed\":[{\"offset\":5}],\"altered\":[{\"offset\":5}],\"set\""
            ),
            "{}",
            c.json
        );
        assert_eq!(c.sample.len(), 1);
        let (c, _) = build(payload, None, Some(&listed), &RelativeEdits::Nothing);
        assert_eq!(c.set, 2);
        assert!(c.sample.is_empty());
        // Without the listing nothing is compared, so nothing is marked.
        let (c, _) = build(payload, None, None, &RelativeEdits::Nothing);
        assert_eq!(c.set, 0);
    }

    #[test]
    fn the_sample_shows_only_plain_names() {
        let payload = "{\"offsets\":[{\"partition\":{\"topic\":\"x'; touch y\",\"partition\":0},\"offset\":{\"offset\":5}},{\"partition\":{\"topic\":\"t.b-c_d\",\"partition\":1},\"offset\":{\"offset\":6}}]}";
        let listed = Listed::new(read(payload, None).unwrap());
        let (c, _) = build(payload, None, Some(&listed), &RelativeEdits::Every);
        assert_eq!(c.count, 2);
        assert_eq!(
            c.sample,
            vec!["{\"topic\":\"t.b-c_d\",\"partition\":1}: {\"offset\":6}".to_owned()]
        );
    }

    #[test]
    fn the_check_file_keeps_the_raw_text_of_names_and_numbers() {
        // Jackson's upper-case escapes, key order, duplicate keys and number text as listed.
        let payload = "{\"offsets\":[{\"partition\":{\"file\":\"a\\u001f\\\"\\\\\\n\u{2028}\",\"k\":1,\"k\":2},\"offset\":{\"pos\":1.50e3,\"big\":123456789012345678901234567890}}]}";
        let (c, problem) = build(payload, None, None, &RelativeEdits::Every);
        assert_eq!(problem, None);
        assert_eq!(
            c.json,
            "{\"partitions\":[\n{\"partition\":{\"file\":\"a\\u001F\\\"\\\\\\n\u{2028}\",\"k\":1,\"k\":2},\"altered\":[{\"pos\":1.50e3,\"big\":123456789012345678901234567890}]}\n]}"
        );
    }
}
