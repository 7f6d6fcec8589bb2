//! The `kafka-get-offsets.sh` commands that fetch a reference for the partitions of a listing
//! (or of a filtered set of rows): the earliest offsets, the latest, or the first offsets at or
//! after a time (`kafka-get-offsets.sh --time -2`, `-1` or epoch milliseconds).
//!
//! Every value is validated first (nothing is generated on any error) and every value word is
//! single-quoted with [`names::shell_quote`], as in the procedures. Topics are grouped, their
//! partitions written as the tool's ranges, whose end is exclusive (`orders:0-3,orders:5` for
//! partitions 0 to 2 and 5), and the topic part, which
//! `--topic-partitions` reads as a regular expression matched against the whole name, has its
//! dots escaped (`orders\.eu`), the only regex character a topic name can hold. Long lists are
//! split over several commands; their outputs are pasted together as one reference.
//!
//! A lookup at a time also looks up the latest offsets (log end) of the same partitions, first,
//! into a file of their own (issue 31 item 1): the time lookup prints nothing for a partition
//! with no record at or after the time, and the log end is where such a partition starts.

mod error;

pub use error::LookupError;

use crate::editing::edit::Session;
use crate::editing::set_from::partition_runs;
use crate::model::names::{self, shell_quote};
use crate::model::{ConnectorKind, Listing};
use crate::reading::datetime::format_utc;
use std::collections::BTreeMap;

/// Characters of one `--topic-partitions` value above which the list is split into another
/// command (shells take far more, but a pasted line this long is already hard to check).
const MAX_PATTERN_CHARS: usize = 4000;

/// Which offsets to look up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LookupAt {
    /// `--time -2`.
    Earliest,
    /// `--time -1`.
    Latest,
    /// `--time MS`: the first offset whose record timestamp is at or after MS.
    Time(i64),
}

impl LookupAt {
    /// `--time`'s value.
    pub fn time_arg(self) -> String {
        match self {
            LookupAt::Earliest => "-2".into(),
            LookupAt::Latest => "-1".into(),
            LookupAt::Time(ms) => ms.to_string(),
        }
    }

    /// The role the output has as a reference (`earliest`, `latest`, `time@...`).
    pub fn role_arg(self) -> String {
        match self {
            LookupAt::Earliest => "earliest".into(),
            LookupAt::Latest => "latest".into(),
            LookupAt::Time(ms) => format!("time@{}", format_utc(ms)),
        }
    }
}

/// What the commands need besides the partitions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LookupOptions {
    pub at: LookupAt,
    /// `--bootstrap-server`: `HOST:PORT[,HOST:PORT...]`.
    pub bootstrap: String,
    /// `--command-config FILE` (client properties: TLS, SASL), a path where the command runs.
    pub command_config: Option<String>,
    /// `kubectl exec -n NAMESPACE POD --` in front (a Strimzi broker pod), when set.
    pub exec: Option<(String, String)>,
    /// The connector kind (MirrorMaker 2 needs its note).
    pub kind: ConnectorKind,
    /// The MirrorMaker 2 source cluster alias, for the note.
    pub source_alias: Option<String>,
}

/// The commands, with the notes that go before them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lookup {
    /// Sentences for the user (rendered as `#` comments).
    pub notes: Vec<String>,
    /// One shell command per line.
    pub commands: Vec<String>,
}

impl Lookup {
    /// Notes as `# ` comments, then the commands: a file `bash` can run as is.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for n in &self.notes {
            for line in crate::writing::procedure::comment_lines(n, "", 100) {
                out.push_str(&line);
                out.push('\n');
            }
        }
        for c in &self.commands {
            out.push_str(c);
            out.push('\n');
        }
        out
    }
}

/// A bootstrap address list: `HOST:PORT` items separated by commas; hosts of letters, digits,
/// `.`, `-`, `_`, or an IPv6 address in brackets; ports 1 to 65535.
pub fn check_bootstrap(b: &str) -> Result<(), LookupError> {
    let item_ok = |item: &str| {
        let Some((host, port)) = item.rsplit_once(':') else {
            return false;
        };
        let host_ok = if let Some(inner) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']'))
        {
            !inner.is_empty()
                && inner
                    .bytes()
                    .all(|c| c.is_ascii_hexdigit() || c == b':' || c == b'.')
        } else {
            !host.is_empty()
                && !host.starts_with('-')
                && host
                    .bytes()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'-' | b'_'))
        };
        let port_ok = !port.is_empty()
            && port.len() <= 5
            && port.bytes().all(|c| c.is_ascii_digit())
            && port.parse::<u32>().is_ok_and(|p| (1..=65535).contains(&p));
        host_ok && port_ok
    };
    if !b.is_empty() && b.len() <= 2048 && b.split(',').all(item_ok) {
        Ok(())
    } else {
        Err(LookupError::Bootstrap {
            bootstrap: b.to_owned(),
        })
    }
}

/// A client properties file: 1 to 255 of letters, digits, `.`, `_`, `-` and `/`, not
/// starting with `-` (`/tmp/client.properties`, `config/ssl.properties`).
pub fn check_command_config(path: &str) -> Result<(), LookupError> {
    names::check_file_name(path).map_err(LookupError::CommandConfig)
}

/// A pod name (DNS-1123 subdomain).
pub fn check_pod(pod: &str) -> Result<(), LookupError> {
    if names::is_dns1123_subdomain(pod) {
        Ok(())
    } else {
        Err(LookupError::Pod {
            pod: pod.to_owned(),
        })
    }
}

/// The `--topic-partitions` topic part: the name with its dots escaped, as a regex that
/// matches only the name itself (the tool matches the whole name).
fn topic_regex(topic: &str) -> String {
    topic.replace('.', "\\.")
}

/// Sorted distinct partitions as `--topic-partitions` ranges. The tool's `P-Q` ends before Q
/// (Kafka 4.3.1 on the live broker: `orders:0-2` prints partitions 0 and 1 only), so partitions
/// 0, 1 and 2 are `0-3`; a lone partition is written alone.
fn tool_ranges(sorted: &[i64]) -> Vec<String> {
    partition_runs(sorted)
        .into_iter()
        .map(|(start, end)| {
            if start == end {
                start.to_string()
            } else if end >= names::MAX_PARTITION {
                // The tool reads the end as a Java int: one past the largest is open-ended.
                format!("{start}-")
            } else {
                format!("{start}-{}", end + 1)
            }
        })
        .collect()
}

/// The topic and partition of each of `rows` (session row numbers) that has both.
pub fn row_partitions<'a>(session: &'a Session, rows: &[usize]) -> Vec<(&'a str, i64)> {
    rows.iter()
        .filter_map(|&i| {
            let f = session.facts(i)?;
            Some((f.topic?, f.partition?))
        })
        .collect()
}

/// The MirrorMaker 2 source cluster alias the commands' note names: the listing's data key,
/// else the first entry's `cluster`; `None` for other kinds.
pub fn source_alias(listing: &Listing) -> Option<String> {
    if listing.kind != ConnectorKind::MirrorSource {
        return None;
    }
    listing.source_alias().map(str::to_string).or_else(|| {
        listing
            .entries
            .iter()
            .find_map(|e| e.mirror_partition().map(|m| m.cluster.to_string()))
    })
}

/// The commands for `partitions` (topic, partition pairs in any order, repeats allowed).
/// Refused, with every reason, when a value is not valid.
pub fn lookup_commands<'a>(
    partitions: impl IntoIterator<Item = (&'a str, i64)>,
    options: &LookupOptions,
) -> Result<Lookup, Vec<String>> {
    let mut errors = option_errors(options);
    let topics = topics(partitions, &mut errors);
    if !errors.is_empty() {
        return Err(errors);
    }
    let count = topics.values().map(Vec::len).sum();
    let chunks = chunks(topics);
    // A time lookup prints nothing for a partition with no record at or after the time, so the
    // log end of the same partitions goes with it, into its own file, looked up first: a record
    // written between the two lookups is then read, not skipped.
    let log_end_file = match options.at {
        LookupAt::Time(ms) => Some(format!("latest-{ms}.txt")),
        _ => None,
    };
    Ok(Lookup {
        notes: notes(options, count, log_end_file.as_deref()),
        commands: commands(options, &chunks, log_end_file.as_deref()),
    })
}

/// What is wrong with the options: the connector kind, the bootstrap address, the command
/// config, the pod, the time.
fn option_errors(options: &LookupOptions) -> Vec<String> {
    let mut errors = Vec::new();
    if !matches!(
        options.kind,
        ConnectorKind::MirrorSource | ConnectorKind::Sink
    ) {
        errors.push(format!(
            "Looking up offsets is for MirrorSourceConnector and sink connectors; a {}'s offsets are not positions in a Kafka log.",
            options.kind.label()
        ));
    }
    if let Err(e) = check_bootstrap(&options.bootstrap) {
        errors.push(e.to_string());
    }
    if let Some(c) = &options.command_config
        && let Err(e) = check_command_config(c)
    {
        errors.push(e.to_string());
    }
    if let Some((ns, pod)) = &options.exec {
        if let Err(e) = names::check_namespace(ns) {
            errors.push(format!("'{}': {e}", names::shown(ns)));
        }
        if let Err(e) = check_pod(pod) {
            errors.push(e.to_string());
        }
    }
    if let LookupAt::Time(ms) = options.at
        && ms < 0
    {
        errors.push(format!(
            "{ms} is not a time: epoch milliseconds start at 0 (1970-01-01T00:00:00Z)."
        ));
    }
    errors
}

/// The partitions to look up by topic, sorted and without repeats; a topic Kafka refuses is an
/// error (no command is generated with it).
fn topics<'a>(
    partitions: impl IntoIterator<Item = (&'a str, i64)>,
    errors: &mut Vec<String>,
) -> BTreeMap<&'a str, Vec<i64>> {
    let mut topics: BTreeMap<&str, Vec<i64>> = BTreeMap::new();
    let mut bad_topics: Vec<String> = Vec::new();
    for (topic, partition) in partitions {
        if names::check_topic(topic).is_err() {
            if !bad_topics.iter().any(|t| t == topic) {
                bad_topics.push(topic.to_string());
            }
            continue;
        }
        if (0..=names::MAX_PARTITION).contains(&partition) {
            topics.entry(topic).or_default().push(partition);
        }
    }
    for t in &bad_topics {
        errors.push(format!(
            "The listing names the topic '{}', which is not a valid Kafka topic name; fix or remove its entries first (no command is generated with it).",
            names::shown(t)
        ));
    }
    if topics.is_empty() && bad_topics.is_empty() {
        errors.push("No row with a topic and a partition to look up (check the filter).".into());
    }
    for ps in topics.values_mut() {
        ps.sort_unstable();
        ps.dedup();
    }
    topics
}

/// The `--topic-partitions` arguments: one item per topic and range of partitions, joined by
/// commas into arguments of at most [`MAX_PATTERN_CHARS`].
fn chunks(topics: BTreeMap<&str, Vec<i64>>) -> Vec<String> {
    let mut items: Vec<String> = Vec::new();
    for (topic, ps) in topics {
        let regex = topic_regex(topic);
        for range in tool_ranges(&ps) {
            items.push(format!("{regex}:{range}"));
        }
    }
    let mut chunks: Vec<String> = Vec::new();
    let mut current = String::new();
    for item in items {
        if !current.is_empty() && current.len() + 1 + item.len() > MAX_PATTERN_CHARS {
            chunks.push(std::mem::take(&mut current));
        }
        if !current.is_empty() {
            current.push(',');
        }
        current.push_str(&item);
    }
    if !current.is_empty() {
        chunks.push(current);
    }
    chunks
}

/// The commands: for a time, the log end of the same partitions into `log_end_file` first,
/// then one lookup per argument.
fn commands(options: &LookupOptions, chunks: &[String], log_end_file: Option<&str>) -> Vec<String> {
    let (prefix, script) = match &options.exec {
        Some((ns, pod)) => (
            format!(
                "kubectl exec -n {} {} -- ",
                shell_quote(ns),
                shell_quote(pod)
            ),
            "bin/kafka-get-offsets.sh",
        ),
        None => (String::new(), "kafka-get-offsets.sh"),
    };
    let config = options
        .command_config
        .as_ref()
        .map(|c| format!(" --command-config {}", shell_quote(c)))
        .unwrap_or_default();
    let command = |chunk: &str, time: &str| {
        format!(
            "{prefix}{script} --bootstrap-server {}{config} --topic-partitions {} --time {time}",
            shell_quote(&options.bootstrap),
            shell_quote(chunk),
        )
    };
    let mut commands = Vec::new();
    if let Some(file) = log_end_file {
        for (i, chunk) in chunks.iter().enumerate() {
            let to = if i == 0 { ">" } else { ">>" };
            commands.push(format!(
                "{} {to} {}",
                command(chunk, "-1"),
                shell_quote(file)
            ));
        }
    }
    let time = options.at.time_arg();
    commands.extend(chunks.iter().map(|chunk| command(chunk, &time)));
    commands
}

/// What the commands print and what to do with it: the role to give the output, the log-end
/// file of a time lookup, the source cluster for MirrorMaker 2, the pod's view.
fn notes(options: &LookupOptions, count: usize, log_end_file: Option<&str>) -> Vec<String> {
    let mut notes = Vec::new();
    let what = match options.at {
        LookupAt::Earliest => "the earliest offset (log start) of".to_string(),
        LookupAt::Latest => "the latest offset (log end) of".to_string(),
        LookupAt::Time(ms) => format!(
            "the first offset at or after {} ({ms} ms since the epoch) of",
            format_utc(ms)
        ),
    };
    notes.push(format!(
        "Prints {what} {} partition(s); paste the output of every {} below as one reference ({}).",
        crate::diag::group_digits(count as u128),
        match options.at {
            LookupAt::Time(ms) => format!("--time {ms} command"),
            _ => "command".into(),
        },
        options.at.role_arg()
    ));
    if let Some(file) = log_end_file {
        notes.push(format!(
            "Partitions with no record at or after that time are left out of that output: alone, edit --set-from leaves their rows as they are, and a new connector would start them at auto.offset.reset (earliest by default) and copy their whole history. So the --time -1 command(s) first write the latest offsets (log end) of the same partitions to {file} (before the time lookup: a record written in between is then read, not skipped). Give that file too, right after the time reference (--set-from latest={file}, new --from latest={file}, or the page's Latest offsets (log end)): those partitions then start at their log end."
        ));
    }
    if options.kind == ConnectorKind::MirrorSource {
        notes.push(format!(
            "MirrorMaker 2: run this against the SOURCE cluster{}: the stored offsets are positions in the source topics, not in their replicas on the target.",
            options
                .source_alias
                .as_deref()
                .map(|a| format!(" ('{}')", names::shown(a)))
                .unwrap_or_default()
        ));
    }
    if options.exec.is_some() {
        notes.push("Runs inside the pod: the bootstrap address and the --command-config file are as the pod sees them.".into());
    }
    notes
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn options(at: LookupAt) -> LookupOptions {
        LookupOptions {
            at,
            bootstrap: "localhost:9092".into(),
            command_config: None,
            exec: None,
            kind: ConnectorKind::Sink,
            source_alias: None,
        }
    }

    #[test]
    fn topics_grouped_partitions_as_ranges_dots_escaped() {
        let l = lookup_commands(
            [
                ("orders", 2),
                ("orders", 0),
                ("payments", 0),
                ("orders", 1),
                ("orders.eu", 5),
                ("orders", 1),
            ],
            &options(LookupAt::Earliest),
        )
        .unwrap();
        assert_eq!(
            l.commands,
            [
                "kafka-get-offsets.sh --bootstrap-server 'localhost:9092' --topic-partitions 'orders:0-3,orders\\.eu:5,payments:0' --time -2"
            ]
        );
    }

    /// A time lookup prints nothing for a partition with no record at or after the time, so the
    /// log end of the same partitions is looked up first, into its own file (issue 31 item 1).
    #[test]
    fn a_time_lookup_looks_up_the_log_end_of_the_same_partitions_first() {
        let l = lookup_commands(
            [("orders", 0), ("orders", 1), ("orders", 2)],
            &options(LookupAt::Time(1_764_504_270_000)),
        )
        .unwrap();
        assert_eq!(
            l.commands,
            [
                "kafka-get-offsets.sh --bootstrap-server 'localhost:9092' --topic-partitions 'orders:0-3' --time -1 > 'latest-1764504270000.txt'",
                "kafka-get-offsets.sh --bootstrap-server 'localhost:9092' --topic-partitions 'orders:0-3' --time 1764504270000",
            ]
        );
        assert!(
            l.notes
                .iter()
                .any(|n| n.contains("copy their whole history")
                    && n.contains("new --from latest=latest-1764504270000.txt")),
            "{:?}",
            l.notes
        );
        for at in [LookupAt::Earliest, LookupAt::Latest] {
            assert_eq!(
                lookup_commands([("orders", 0)], &options(at))
                    .unwrap()
                    .commands
                    .len(),
                1
            );
        }
    }

    #[test]
    fn ranges_end_one_past_the_last_partition_as_the_tool_reads_them() {
        assert_eq!(tool_ranges(&[0, 1, 2, 5, 7, 8]), ["0-3", "5", "7-9"]);
        let max = names::MAX_PARTITION;
        assert_eq!(tool_ranges(&[max - 1, max]), [format!("{}-", max - 1)]);
    }

    #[test]
    fn hostile_values_are_refused() {
        let mut o = options(LookupAt::Latest);
        o.bootstrap = "x:1; rm -rf /".into();
        o.command_config = Some("$(id)".into());
        o.exec = Some(("Kafka".into(), "pod'".into()));
        let e = lookup_commands([("orders;id", 0), ("ok", 1)], &o).unwrap_err();
        assert_eq!(e.len(), 5, "{e:?}");
    }

    #[test]
    fn bootstrap_addresses() {
        for ok in [
            "localhost:9092",
            "a.b-c:9093,d:1",
            "[::1]:9092",
            "my_host:65535",
        ] {
            assert!(check_bootstrap(ok).is_ok(), "{ok}");
        }
        for bad in [
            "",
            "host",
            "host:0",
            "host:65536",
            "h st:1",
            "-h:1",
            "h:1,",
            "'h':1",
        ] {
            assert!(check_bootstrap(bad).is_err(), "{bad}");
        }
    }
}
