//! Import of every supported input form, detected automatically:
//!
//! * a ConfigMap as `kubectl get configmap -o yaml` or `-o json` prints it, or a `kind: List` of
//!   them (the caller may pick the item; default: the first ConfigMap holding an offsets key);
//! * the body of `GET /connectors/<name>/offsets` (the raw Kafka Connect REST payload);
//! * the CSV of `kafka-consumer-groups.sh --export` (see [`crate::reading::csv`]).
//!
//! The offsets value inside a ConfigMap is itself JSON. It is parsed with a
//! [`SourceMap`](crate::json::SourceMap) so that every position (entries, values, parse errors)
//! points at the line and column in the ORIGINAL file: through a YAML literal block (`|-`), a
//! JSON string (`-o json`) or a YAML double-quoted string, escapes included. Other YAML scalar
//! styles map every position to the scalar's start.
//!
//! Hostile input ends in a clear error: inputs over [`MAX_INPUT_BYTES`], NUL bytes, invalid
//! UTF-8 ([`crate::pipeline::import_bytes`]), nesting deeper than [`crate::json::MAX_DEPTH`], and YAML aliases.
//!
//! This file holds the entry points, the limits and one reader per form; `form` decides the form
//! once, before any parser runs; `configmap` reads the
//! Kubernetes forms, `payload` the offsets payload itself, and `source_map` maps positions inside
//! a ConfigMap value back to the file.

use crate::diag::{Diagnostic, Position};
use crate::json::{self, SourceMap};
use crate::model::Listing;
use crate::reading::csv::{self, CsvTarget};
use crate::reading::yaml;
use std::sync::Arc;

mod configmap;
mod data_key;
mod form;
mod payload;
mod source_map;

use configmap::{import_json_root, import_yaml_doc, sentence};
use form::Form;

pub(crate) use payload::{Document, KindHint, payload_listing};
pub use payload::{detect_kind, detected_kind};

/// Largest input accepted by default (64 MiB; the page's limit). A ConfigMap cannot exceed
/// 1 MiB; this bounds memory and time. [`ImportOptions::max_bytes`] raises it for a caller that
/// reads large REST payloads or CSV exports (the CLI's `--max-input`).
pub const MAX_INPUT_BYTES: usize = 64 * 1024 * 1024;

/// The highest limit [`ImportOptions::max_bytes`] may set: 4 GiB − 1, so that every byte
/// offset of an accepted input fits in 32 bits.
pub const MAX_INPUT_LIMIT: usize = u32::MAX as usize;

/// Choices the caller can make when the input is ambiguous.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ImportOptions {
    /// The ConfigMap data key to read when there are several offsets keys. Default: the only
    /// key Strimzi writes (`offsets.json`, `<source>--<target>.<Type>.json`), the one the
    /// owner reference names, or a mirror's MirrorSourceConnector key beside its other keys;
    /// two equally likely keys are refused (IMP2), unless `guess_key`.
    pub data_key: Option<String>,
    /// When two offsets keys are equally likely, read the first (a MirrorSourceConnector key
    /// first) with an IMP2 warning instead of refusing: the page, whose Offsets key picker
    /// offers the others.
    pub guess_key: bool,
    /// The key of the connector the caller's context names (a custom resource's connector:
    /// `check-resource --connector`, or its `strimzi.io/mirrormaker-connector` annotation), read
    /// when the ConfigMap holds several offsets keys and this is one of them.
    pub context_key: Option<(String, String)>,
    /// For a `kind: List`: the 0-based index of the item to import. Default: the first
    /// ConfigMap that holds an offsets key.
    pub list_item: Option<usize>,
    /// What a consumer-group CSV seeds: sink offsets (default) or MirrorMaker 2 source offsets.
    pub csv_target: CsvTarget,
    /// The connector kind the user chose (IMP7: CLI `--kind`, the page's "Connector kind");
    /// `None` detects it from the data key, the owner reference, then the entries' keys.
    pub kind: Option<crate::model::ConnectorKind>,
    /// The connector's `auto.offset.reset`, when known (CLI `--auto-offset-reset`): the
    /// listing carries it, and its validation says what each null does under it.
    pub reset: crate::model::ResetFact,
    /// The largest input read, in bytes; `None` is [`MAX_INPUT_BYTES`]. Values above
    /// [`MAX_INPUT_LIMIT`] count as that.
    pub max_bytes: Option<usize>,
    /// How the imported entries are held: as nodes of their document's tape (the default) or
    /// as trees. Every reader gives the same answer for both (`storage_twins.rs`).
    pub storage: Storage,
}

/// How a listing's imported entries are held (entries built or edited by code are always
/// small trees).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Storage {
    /// Each entry is a node of one tape of the offsets document, which holds a shared copy of
    /// its text: the document is parsed once, and no tree is built for the entries.
    #[default]
    Tape,
    /// Each entry is a positioned tree of its own (the import before issue 35; kept as the
    /// other side of the storage twins test).
    Tree,
}

impl ImportOptions {
    /// The largest input these options read, in bytes.
    pub fn input_limit(&self) -> usize {
        // `u32::try_from` rather than `min`: on wasm32 every usize is within the limit.
        self.max_bytes.map_or(MAX_INPUT_BYTES, |m| {
            u32::try_from(m).map_or(MAX_INPUT_LIMIT, |_| m)
        })
    }
}

/// Reads `text` up to the listing: the size and NUL checks and the import itself, without
/// validating the listing; the notes are the import's own diagnostics. `Err` holds at least
/// one error diagnostic with a position, when no listing can be built at all.
/// [`crate::pipeline::import`] adds the validation.
pub fn read(
    text: &str,
    options: &ImportOptions,
) -> Result<(Listing, Vec<Diagnostic>), Vec<Diagnostic>> {
    read_text(Text::Borrowed(text), options)
}

/// [`read`] of a text the caller gives away: a JSON document's tape keeps it as it is, so the
/// input is held once (the CLI's reads).
pub fn read_owned(
    text: String,
    options: &ImportOptions,
) -> Result<(Listing, Vec<Diagnostic>), Vec<Diagnostic>> {
    read_text(Text::Owned(text), options)
}

/// [`read`] of a text the caller keeps reading too (`connect-offsets edit` writes the edited
/// document from it): a JSON document's tape shares it, so the input is held once.
pub fn read_shared(
    text: Arc<String>,
    options: &ImportOptions,
) -> Result<(Listing, Vec<Diagnostic>), Vec<Diagnostic>> {
    read_text(Text::Shared(text, 0), options)
}

fn read_text(
    text: Text<'_>,
    options: &ImportOptions,
) -> Result<(Listing, Vec<Diagnostic>), Vec<Diagnostic>> {
    if text.len() > options.input_limit() {
        return Err(too_large(options.input_limit()));
    }
    let text = text.without_bom();
    // memchr's scan, a tenth of `str::find`'s instructions (9 per 100 input bytes).
    if let Some(i) = memchr::memchr(0, text.as_bytes()) {
        return Err(vec![Diagnostic::error(
            "INPUT",
            position_of(&text, i),
            format!(
                "The input contains a NUL byte (byte offset {i}); it looks binary. Export the ConfigMap with `kubectl get configmap NAME -o yaml`."
            ),
        )]);
    }
    let (mut listing, notes) = import_listing(text, options)?;
    listing.reset = options.reset.clone();
    Ok((listing, notes))
}

/// The input is over `limit`. Its size is not said: a reader that stops at the limit (the CLI
/// reads one byte more) knows no more than that.
fn too_large(limit: usize) -> Vec<Diagnostic> {
    vec![Diagnostic::error(
        "INPUT",
        Position::new(1, 1),
        format!(
            "The input is larger than {}, the limit. A ConfigMap holds at most 1 MiB, so this is not one; a larger REST payload or CSV export is read by the CLI, whose --max-input raises the limit.",
            size_text(limit)
        ),
    )]
}

/// `64 MiB`, or `N bytes` when the size is not whole mebibytes.
fn size_text(bytes: usize) -> String {
    const MIB: usize = 1024 * 1024;
    if bytes.is_multiple_of(MIB) {
        format!("{} MiB", bytes / MIB)
    } else {
        format!("{bytes} bytes")
    }
}

/// [`crate::pipeline::import_bytes`] without validating the imported listing: the same listing, or the same
/// `Err`, for a caller that validates the listing it finally writes itself (the CLI's `edit`,
/// `diff` and `export` inputs). Saves a whole validation pass on large listings.
pub fn import_bytes_unvalidated(
    bytes: &[u8],
    options: &ImportOptions,
) -> Result<Listing, Vec<Diagnostic>> {
    read(utf8_text(bytes, options)?, options).map(|(listing, _)| listing)
}

/// [`import_bytes_unvalidated`] of a text the caller keeps reading (a JSON document's tape
/// shares it: the input is held once): the same listing, or the same `Err`.
pub fn import_shared_unvalidated(
    text: Arc<String>,
    options: &ImportOptions,
) -> Result<Listing, Vec<Diagnostic>> {
    read_shared(text, options).map(|(listing, _)| listing)
}

/// The bytes as text, or the size (the options' limit) / UTF-8 error
/// [`crate::pipeline::import_bytes`] reports.
pub fn utf8_text<'a>(bytes: &'a [u8], options: &ImportOptions) -> Result<&'a str, Vec<Diagnostic>> {
    if bytes.len() > options.input_limit() {
        return Err(too_large(options.input_limit()));
    }
    std::str::from_utf8(bytes).map_err(|e| {
        let at = e.valid_up_to();
        let valid = std::str::from_utf8(bytes.get(..at).unwrap_or_default()).unwrap_or_default();
        let byte = bytes.get(at).copied().unwrap_or(0);
        vec![Diagnostic::error(
            "INPUT",
            position_of(valid, at),
            format!(
                "The input is not valid UTF-8: byte 0x{byte:02X} at byte offset {at}. Save the file as UTF-8 (kubectl output always is)."
            ),
        )]
    })
}

/// 1-based line and column (in characters) of byte offset `at` in `text`
/// ([`crate::json::position_of`], through the one line index).
pub fn position_of(text: &str, at: usize) -> Position {
    json::position_of(text, at)
}

type Notes = Vec<Diagnostic>;

/// MirrorMaker 2's checkpoints pasted where a listing goes: what they are and where they go.
fn checkpoints_are_not_a_listing() -> Vec<Diagnostic> {
    vec![Diagnostic::error(
        "INPUT",
        Position::new(1, 1),
        "These are MirrorMaker 2's checkpoints (CheckpointFormatter output), not a listing of a connector's offsets. To fail consumer groups over to the target cluster: connect-offsets groups FILE. To start a connector on the target at a group's translated offsets, give them as a reference: --from checkpoints@GROUP=FILE (in the page, under References, as a consumer group's committed offsets with the group's name).".to_owned(),
    )]
}

/// Kafka tool output pasted where a listing goes (`kafka-consumer-groups.sh --describe`,
/// `kafka-get-offsets.sh`, an rpk file): what it is and where it goes, instead of "not a
/// ConfigMap". `None` when `text` does not read as one.
fn kafka_tool_output(text: &str) -> Option<Vec<Diagnostic>> {
    use crate::reading::reference::{ReferenceFormat, Role, parse_reference};
    let r = parse_reference(text, Role::Latest);
    if !r.is_usable()
        || !r
            .diagnostics
            .iter()
            .all(|d| d.severity != crate::diag::Severity::Error)
    {
        return None;
    }
    let n = r.values.len();
    let first_line = r.values.first().map_or(1, |v| v.line);
    let message = match r.format? {
        ReferenceFormat::Describe => format!(
            "This is kafka-consumer-groups.sh --describe output ({n} partition(s)), not a listing of a connector's offsets. It goes under References (\"A consumer group's committed offsets\"), to check a listing against it or set offsets from it. To edit a sink connector's offsets, load its listing: the KafkaConnector's list ConfigMap, GET /connectors/NAME/offsets, or its group connect-NAME as CSV (kafka-consumer-groups.sh --group connect-NAME --reset-offsets --to-current --all-topics --export --dry-run), which loads as a sink listing."
        ),
        ReferenceFormat::GetOffsets | ReferenceFormat::Rpk => format!(
            "This is {} ({n} partition(s)): positions in the log, not a connector's stored offsets. It goes under References, as the earliest or latest offsets or the offsets at a time, to check a listing against the log or set offsets from it. Load the connector's listing here (its list ConfigMap or GET /connectors/NAME/offsets).",
            r.format?.label()
        ),
        ReferenceFormat::Csv | ReferenceFormat::Checkpoints => return None,
    };
    Some(vec![Diagnostic::error(
        "INPUT",
        Position::new(first_line, 1),
        message,
    )])
}

/// What the import of one form gives: the listing and its notes, or why there is none.
type FormRead = Result<(Listing, Notes), Vec<Diagnostic>>;

/// The input's text as the import holds it: borrowed, given away (a tape keeps it as it is), or
/// shared with a caller that keeps reading it (a tape shares it); past a byte order mark.
enum Text<'t> {
    Borrowed(&'t str),
    Owned(String),
    /// The text from byte `.1` on.
    Shared(Arc<String>, usize),
}

impl Text<'_> {
    /// The text as a `String`: moved when it is owned, copied otherwise.
    fn into_string(self) -> String {
        match self {
            Text::Owned(t) => t,
            other => other.to_string(),
        }
    }

    /// The same text past its byte order mark, if it has one.
    fn without_bom(self) -> Self {
        const BOM: char = '\u{feff}';
        match self {
            Text::Borrowed(t) => Text::Borrowed(t.strip_prefix(BOM).unwrap_or(t)),
            Text::Owned(mut t) => {
                if t.starts_with(BOM) {
                    t.drain(..BOM.len_utf8());
                }
                Text::Owned(t)
            }
            Text::Shared(t, start) => {
                let bom = t.get(start..).is_some_and(|s| s.starts_with(BOM));
                Text::Shared(t, start + if bom { BOM.len_utf8() } else { 0 })
            }
        }
    }
}

impl std::ops::Deref for Text<'_> {
    type Target = str;

    fn deref(&self) -> &str {
        match self {
            Text::Borrowed(t) => t,
            Text::Owned(t) => t,
            Text::Shared(t, start) => t.get(*start..).unwrap_or(""),
        }
    }
}

/// A text that did not parse as JSON: the error, and the text, to be read another way.
type NotJson<'t> = (json::JsonError, Text<'t>);

/// A JSON document read from the whole input: imported, or the parse error with the text back.
fn import_json_text<'t>(text: Text<'t>, options: &ImportOptions) -> Result<FormRead, NotJson<'t>> {
    if options.storage == Storage::Tree {
        return match json::parse(&text) {
            Ok(root) => Ok(import_json_root(&text, Document::Tree(root), options)),
            Err(e) => Err((e, text)),
        };
    }
    let tape = match text {
        // Shared whole; a text past a byte order mark (rare) is copied instead, so that the
        // tape's text starts where the shared one does.
        Text::Shared(shared, 0) => {
            match json::parse_tape_shared(Arc::clone(&shared), SourceMap::Identity) {
                Ok(tape) => tape,
                Err(e) => return Err((e, Text::Shared(shared, 0))),
            }
        }
        text => match json::parse_tape_owned(text.into_string(), SourceMap::Identity) {
            Ok(tape) => tape,
            Err((e, text)) => return Err((e, Text::Owned(text))),
        },
    };
    let tape = Arc::new(tape);
    let doc = Document::Tape(Arc::clone(&tape));
    Ok(import_json_root(tape.text(), doc, options))
}

fn import_listing(
    text: Text<'_>,
    options: &ImportOptions,
) -> Result<(Listing, Notes), Vec<Diagnostic>> {
    let text = match form::sniff(&text) {
        Form::Empty => {
            return Err(vec![Diagnostic::error(
                "JSON",
                Position::new(1, 1),
                "The input is empty: there is no JSON document to read. Paste the ConfigMap or the body {\"offsets\": [...]} (Kafka Connect answers an empty body with HTTP 500).",
            )]);
        }
        Form::Json => {
            let (e, text) = match import_json_text(text, options) {
                Ok(imported) => return imported,
                Err(not_json) => not_json,
            };
            // Flow-style YAML (`{apiVersion: v1, ...}`) starts with '{' too.
            if let Ok(doc) = yaml::parse(&text)
                && doc.root.as_members().is_some()
                && doc.root.get("kind").is_some()
            {
                return import_yaml_doc(&text, &doc, options);
            }
            return Err(vec![Diagnostic::error(
                "JSON",
                e.pos,
                format!("The input is not valid JSON: {}", sentence(&e.message)),
            )]);
        }
        // A bare JSON scalar (`null`, `"x"`, `123`, `true`) is a REST body too: S1 says what
        // Kafka Connect answers for it, rather than IMP1 calling it a broken ConfigMap.
        Form::MaybeScalar => match import_json_text(text, options) {
            Ok(imported) => return imported,
            Err((_, text)) => text,
        },
        _ => text,
    };
    let text: &str = &text;
    match form::rest(text) {
        // Checkpoint lines hold commas: said for what they are before the CSV reader sees them.
        Form::Checkpoints => Err(checkpoints_are_not_a_listing()),
        Form::Csv => csv::import_csv(text, &options.csv_target),
        Form::Manifest => read_yaml(text, options),
        _ => match kafka_tool_output(text) {
            Some(found) => Err(found),
            None => read_yaml(text, options),
        },
    }
}

/// A YAML document's listing, or where it could not be read.
fn read_yaml(text: &str, options: &ImportOptions) -> FormRead {
    match yaml::parse(text) {
        Ok(doc) => import_yaml_doc(text, &doc, options),
        // It could not be read, so nothing is known of what it is: the error names the syntax
        // problem, never "not a ConfigMap".
        Err(e) => {
            let (pos, plain) = yaml::explain(text, &e);
            Err(vec![Diagnostic::error(
                "YAML",
                pos,
                format!("The YAML could not be read: {}", sentence(&plain)),
            )])
        }
    }
}
