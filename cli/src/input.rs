//! Shared input handling: the options every command that reads a listing accepts, reading a file
//! or stdin as bytes (so invalid UTF-8 is reported by the core with its position), and import.

use crate::error::CliError;
use offsets_core::import::import_bytes_owned;
use offsets_core::{CsvTarget, Diagnostic, ImportOptions, Imported};
use std::io::Read;
use std::path::PathBuf;

/// Where the input comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    Stdin,
    File(PathBuf),
}

impl Source {
    /// From a command-line value: `-` is stdin.
    pub fn from_arg(arg: std::ffi::OsString) -> Source {
        if arg == "-" {
            Source::Stdin
        } else {
            Source::File(PathBuf::from(arg))
        }
    }

    /// The name diagnostics are prefixed with.
    pub fn display_name(&self) -> String {
        match self {
            Source::Stdin => "<stdin>".to_string(),
            Source::File(p) => p.display().to_string(),
        }
    }

    /// The bytes, up to the default limit (64 MiB) and one more, so the core reports a
    /// larger input as too large. For a connector config, a resource or a reference.
    pub fn read(&self) -> Result<Vec<u8>, CliError> {
        self.read_up_to(offsets_core::import::MAX_INPUT_BYTES)
    }

    /// The bytes, up to `max` and one more.
    pub fn read_up_to(&self, max: usize) -> Result<Vec<u8>, CliError> {
        let mut bytes = Vec::new();
        let limit = max as u64 + 1;
        let result = match self {
            Source::Stdin => std::io::stdin().lock().take(limit).read_to_end(&mut bytes),
            Source::File(p) => std::fs::File::open(p).and_then(|f| {
                // Sized from the file's length: `read_to_end` alone doubles its buffer as it
                // goes, which left a 10 MB input in a 16 MiB allocation.
                let len = f.metadata().map_or(0, |m| m.len()).min(limit);
                bytes.reserve_exact(usize::try_from(len).unwrap_or(0).saturating_add(1));
                f.take(limit).read_to_end(&mut bytes)
            }),
        };
        result.map_err(|e| CliError {
            message: format!("cannot read {}: {e}", self.display_name()),
            code: 2,
        })?;
        Ok(bytes)
    }
}

/// Options shared by the commands that import a listing.
#[derive(Debug, Clone)]
pub struct InputArgs {
    pub source: Option<Source>,
    pub options: ImportOptions,
}

/// The CLI's input limit unless `--max-input` says otherwise: a 1M-entry REST payload (about
/// 100 MB) fits; the page keeps the core's 64 MiB.
pub const DEFAULT_MAX_INPUT: usize = 256 * 1024 * 1024;

impl Default for InputArgs {
    fn default() -> InputArgs {
        InputArgs {
            source: None,
            options: ImportOptions {
                max_bytes: Some(DEFAULT_MAX_INPUT),
                ..ImportOptions::default()
            },
        }
    }
}

/// `--max-input`'s value: bytes, or a number with K, M or G (binary: 1K = 1024), at most
/// 4 GiB − 1.
pub fn parse_size(value: &str) -> Result<usize, CliError> {
    let bad = || {
        CliError::usage(format!(
            "--max-input takes a size such as 512M or 2G (K, M and G are 1024, 1024² and 1024³ bytes; at most 4G - 1 bytes), not '{value}'"
        ))
    };
    let upper = value.trim().to_ascii_uppercase();
    let number = upper
        .strip_suffix("IB")
        .or_else(|| upper.strip_suffix('B'))
        .unwrap_or(&upper);
    let (digits, unit) = match number.char_indices().last() {
        Some((i, 'K')) => (&number[..i], 1u64 << 10),
        Some((i, 'M')) => (&number[..i], 1 << 20),
        Some((i, 'G')) => (&number[..i], 1 << 30),
        _ => (number, 1),
    };
    let n: u64 = digits.parse().map_err(|_| bad())?;
    let bytes = n.checked_mul(unit).ok_or_else(bad)?;
    if bytes == 0 || bytes > offsets_core::import::MAX_INPUT_LIMIT as u64 {
        return Err(bad());
    }
    usize::try_from(bytes).map_err(|_| bad())
}

pub const INPUT_OPTIONS_HELP: &str = "\
  --key KEY            the ConfigMap data key to read when there are several offsets keys
                       (default: the only key Strimzi writes, offsets.json or
                       SOURCE--TARGET.TYPE.json; the owner reference's; a mirror's
                       MirrorSourceConnector key beside its other keys; two equally
                       likely keys are refused)
  --item N             for a `kind: List`, the 1-based item to read
                       (default: the first ConfigMap holding an offsets key)
  --csv-cluster ALIAS  read a consumer-group CSV as MirrorMaker 2 source offsets of cluster ALIAS
                       (each offset - 1, 0 becomes null); default: sink connector offsets
  --auto-offset-reset earliest|latest|none
                       the connector's auto.offset.reset (MirrorMaker 2: source.consumer.,
                       a sink: consumer.override.; default earliest): what a null does
  --kind KIND          the connector kind, one of mirror-source, mirror-checkpoint,
                       mirror-heartbeat, sink, source (a connector-defined source connector);
                       default: from the MirrorMaker 2 data key, the owner reference, then the
                       keys most entries have. A bare REST body whose entries lack a key needs it
                       for its MirrorMaker 2 or sink errors to be reported
  --max-input SIZE     the largest input read (default 256M; K, M, G are binary; at most 4G - 1):
                       a guard against hostile input; a 1M-entry REST payload is about 100M
";

/// The values `--kind` takes (the connector kind, docs/rules.md IMP7).
pub const KIND_CHOICES: &str = "mirror-source, mirror-checkpoint, mirror-heartbeat, sink or source";

/// Reads a `--kind` value as a connector kind.
pub fn connector_kind(value: &str) -> Result<offsets_core::ConnectorKind, CliError> {
    offsets_core::ConnectorKind::from_choice(value)
        .ok_or_else(|| CliError::usage(format!("--kind must be {KIND_CHOICES}, not '{value}'")))
}

/// Reads an `--auto-offset-reset` value: the policy the user states.
pub fn reset_fact(value: &str) -> Result<offsets_core::model::ResetFact, CliError> {
    offsets_core::model::ResetPolicy::parse(value)
        .map(offsets_core::model::ResetFact::stated)
        .ok_or_else(|| {
            CliError::usage(format!(
                "--auto-offset-reset must be earliest, latest or none, not '{value}'"
            ))
        })
}

impl InputArgs {
    /// Handles one input-related argument; returns `Ok(false)` when `arg` is not one.
    pub fn parse_arg(&mut self, arg: &Arg, parser: &mut lexopt::Parser) -> Result<bool, CliError> {
        use lexopt::prelude::*;
        match arg {
            Arg::Long(l) if l == "key" => self.options.data_key = Some(parser.value()?.string()?),
            Arg::Long(l) if l == "item" => {
                let n: usize = parser.value()?.parse()?;
                if n == 0 {
                    return Err(CliError::usage("--item counts from 1"));
                }
                self.options.list_item = Some(n - 1);
            }
            Arg::Long(l) if l == "kind" => {
                let value = parser.value()?.string()?;
                self.options.kind = Some(connector_kind(&value)?);
            }
            Arg::Long(l) if l == "auto-offset-reset" => {
                self.options.reset = reset_fact(&parser.value()?.string()?)?;
            }
            Arg::Long(l) if l == "max-input" => {
                self.options.max_bytes = Some(parse_size(&parser.value()?.string()?)?);
            }
            Arg::Long(l) if l == "csv-cluster" => {
                self.options.csv_target = CsvTarget::MirrorSource {
                    cluster: parser.value()?.string()?,
                };
            }
            Arg::Value(v) if self.source.is_none() => {
                self.source = Some(Source::from_arg(v.clone()))
            }
            _ => return Ok(false),
        }
        Ok(true)
    }
}

/// The result of reading and importing: the listing, or the diagnostics that prevented it.
pub type Loaded = Result<Imported, Vec<Diagnostic>>;

/// Reads and imports. `Err(CliError)` only when the input cannot be read at all.
pub fn load(source: &Source, options: &ImportOptions) -> Result<Loaded, CliError> {
    let bytes = source.read_up_to(options.input_limit())?;
    Ok(import_bytes_owned(bytes, options))
}

/// The options a second listing (`--against`, `--restore-from`, ...) is read with: the
/// defaults, under the same input limit as the command's own input.
pub fn second_listing(options: &ImportOptions) -> ImportOptions {
    ImportOptions {
        max_bytes: options.max_bytes,
        ..ImportOptions::default()
    }
}

/// Exit code for an input that could not be imported: 2 when it is not a supported form at all
/// (unreadable bytes, not YAML/JSON/CSV, not a ConfigMap, a bad option), 1 when it is a supported
/// form with a validation error that prevents building a listing (no offsets key, invalid offsets
/// JSON, a payload that is not `{"offsets": [...]}`, bad CSV rows).
pub fn failed_import_code(diagnostics: &[Diagnostic]) -> u8 {
    let unsupported = diagnostics.iter().any(|d| {
        matches!(d.rule, "INPUT" | "YAML" | "IMP1" | "OPTION")
            || (d.rule == "JSON" && d.data_key.is_none())
    });
    if unsupported { 2 } else { 1 }
}

/// An owned command-line argument (lexopt's borrows the parser, which we need for values).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    Short(char),
    Long(String),
    Value(std::ffi::OsString),
}

impl Arg {
    /// The next argument, owned.
    pub fn next(parser: &mut lexopt::Parser) -> Result<Option<Arg>, CliError> {
        Ok(parser.next()?.map(|a| match a {
            lexopt::Arg::Short(c) => Arg::Short(c),
            lexopt::Arg::Long(l) => Arg::Long(l.to_string()),
            lexopt::Arg::Value(v) => Arg::Value(v),
        }))
    }

    /// The usage error for an argument a command does not take.
    pub fn unexpected(&self) -> CliError {
        CliError::usage(match self {
            Arg::Short(c) => format!("invalid option '-{c}'; see --help"),
            Arg::Long(l) => format!("invalid option '--{l}'; see --help"),
            Arg::Value(v) => format!("unexpected argument '{}'; see --help", v.to_string_lossy()),
        })
    }

    pub fn is_help(&self) -> bool {
        matches!(self, Arg::Short('h')) || matches!(self, Arg::Long(l) if l == "help")
    }
}

/// The filter flags `edit` and `lookup` share: `--topic GLOB|/REGEX/`, `--partition LIST`,
/// `--cluster C` and `--filter TEXT` (the page's filter language). Returns `false` when `flag` is
/// none of them, so the caller goes on matching its own flags.
pub fn filter_flag(
    filter: &mut offsets_core::Filter,
    flag: &str,
    value: String,
) -> Result<bool, CliError> {
    use offsets_core::filter::{Filter, PartitionSet, TopicPattern};
    match flag {
        "topic" => filter.topics.push(
            match value.strip_prefix('/').and_then(|r| r.strip_suffix('/')) {
                Some(re) => TopicPattern::regex(re).map_err(CliError::usage)?,
                None => TopicPattern::glob(&value),
            },
        ),
        "partition" => filter.partitions.push(
            PartitionSet::parse(&value)
                .map_err(|(_, m)| CliError::usage(format!("--partition: {m}")))?,
        ),
        "cluster" => filter.clusters.push(value),
        "filter" => {
            let f = Filter::parse(&value).map_err(|e| CliError::usage(format!("--filter: {e}")))?;
            filter.topics.extend(f.topics);
            filter.partitions.extend(f.partitions);
            filter.clusters.extend(f.clusters);
            filter.changed_only |= f.changed_only;
            filter.ranges.extend(f.ranges);
        }
        _ => return Ok(false),
    }
    Ok(true)
}
