//! An edited listing written back in the form it was imported from (for `connect-offsets edit`),
//! changing only what was edited.

use super::block::{self, BlockError};
use super::csv::csv_extra_fields;
use super::emit::{push_spaces, write_block_or_quoted, write_key};
use super::rewritten::{Document, Rewritten};
use super::splice::{self, Edit, Splice};
use super::write_yaml_string;
use crate::checking::validate::validate_streamed;
use crate::diag::Position;
use crate::editing::edit::Session;
use crate::json::{self, CopySpare, JsonKind, JsonValue, Raw};
use crate::model::{InputForm, Listing, PayloadWriter};
use crate::reading::yaml::{self, Style};
use std::borrow::Cow;
use std::cell::Cell;

/// Writes `edited` back in the form `original` was imported from (`original` is the imported
/// text), in connect-offsets' layout: a REST payload stays a payload (pretty or compact, as it
/// was), a CSV stays a CSV (its rows kept), and a ConfigMap (or `kind: List`) keeps every other
/// field, with only the offsets value replaced by the pretty payload. JSON ConfigMaps are
/// patched in place (byte-identical elsewhere); YAML ones are re-emitted (comments are dropped,
/// values keep their meaning). [`rewrite_session`] keeps the input's own layout instead, and
/// falls back to this one.
pub fn rewrite_document(original: &str, edited: &Listing) -> Result<String, String> {
    let original = original.strip_prefix('\u{feff}').unwrap_or(original);
    match edited.form {
        InputForm::RestPayload => {
            let pretty = original.trim_end().contains('\n');
            let mut text = if pretty {
                edited.to_pretty_json()
            } else {
                edited.to_compact_json()
            };
            if original.ends_with('\n') {
                text.push('\n');
            }
            Ok(text)
        }
        InputForm::Csv => {
            super::csv_rewrite::rewrite(original, edited, |e| csv_extra_fields(edited.kind, e))
        }
        InputForm::ConfigMapJson => {
            rewrite_json_configmap(original, edited, &edited.to_pretty_json())
        }
        InputForm::ConfigMapYaml => {
            rewrite_yaml_configmap(original, edited, &edited.to_pretty_json())
        }
    }
}

/// What `connect-offsets edit` writes and reports for a session, without building the edited
/// listing: the edited document and `validate(&edited, None)` for
/// `edited = session.working_listing()`. Each edited entry is built, checked, written and
/// dropped, so 100k rewritten entries never exist at once (a second full listing cost a
/// quarter of the CLI's time, mostly fresh memory).
///
/// **The input's layout is kept** (issue 36): the document is copied byte for byte except the
/// edited spans of its offsets text. A changed offset replaces only its number (or the value
/// that changed shape, written like the same value of a neighbouring entry), a removed entry
/// goes with its separator, and an added entry is written in the layout of the entry before
/// it (today's layout when the list was empty). A REST body is edited in place; in a JSON
/// ConfigMap the edits of the decoded offsets text are made inside the JSON string, its own
/// escapes kept and the new text escaped as [`json::write_string`] escapes it (should an edit
/// not fall between two characters of the string, the whole string is written again from the
/// decoded text, and escapes our writer does not produce, such as `\u0041` or `\/`, become
/// the plain character; everything outside the string is kept either way); in a YAML ConfigMap whose
/// value is a literal block (`|`, `|-`, `|+`) the edits are made in the block's lines, comments
/// and all else kept. Where that cannot be done (another YAML scalar style, a block whose lines
/// do not match, a new character a block cannot hold) the document is written as
/// [`rewrite_document`] writes it and [`Rewritten::notes`] says why.
///
/// `None` for a CSV, when an edited entry's partition differs from its row's entry (see
/// [`crate::checking::validate::validate_streamed`]) or when the document cannot be rewritten: build the
/// listing and call [`rewrite_document`] then (which reports the error).
pub fn rewrite_session<'o>(original: &'o str, session: &Session) -> Option<Rewritten<'o>> {
    let meta = session.imported();
    let (bom, body) = match original.strip_prefix('\u{feff}') {
        Some(body) => ("\u{feff}", body),
        None => ("", original),
    };
    if meta.form == InputForm::Csv {
        return None;
    }
    let mut notes = Vec::new();
    let place = match locate(body, meta) {
        Ok(place) => Some(place),
        Err(NotKept::Note(note)) => {
            notes.push(note);
            None
        }
        Err(NotKept::Unreadable) => return None,
    };
    // The offsets text as a tape: the imported entries' own when they are nodes of it, else
    // parsed again (a listing imported as trees); both give the same splice.
    let parsed;
    let root = match &place {
        Some(place) => {
            let on_tape = meta
                .entries
                .first()
                .and_then(|e| e.raw().tape_document())
                .filter(|(_, text)| *text == place.payload)
                .map(|(root, _)| root);
            match on_tape {
                Some(root) => Some(root),
                None => {
                    parsed = json::parse_tape(&place.payload).ok();
                    parsed.as_ref().map(|tape| Raw::from(tape.root()))
                }
            }
        }
        None => None,
    };
    let splice = match (&place, root) {
        (Some(place), Some(root)) => {
            Splice::new(&place.payload, root, &meta.entries, session.changed_count())
        }
        _ => None,
    };
    if place.is_some() && splice.is_none() {
        notes.push(format!("{UNMATCHED}; {AGAIN}."));
    }
    let mut sink = match splice {
        Some(splice) => Sink::Splice(splice),
        None => Sink::Layout(PayloadWriter::new(
            meta,
            today_pretty(meta, body),
            session.len(),
        )),
    };
    // The row each entry `validate_streamed` hands on comes from: (index, added, changed,
    // only its offset changed).
    let row = Cell::new((0usize, false, false, false));
    // The rows `working_listing` keeps, in its order, with the entries it would hold: an
    // unchanged imported row exports its entry as imported (borrowed here, not copied); an
    // edited one is made in the memory of the one before it (dropped once checked and written).
    let mut spare = CopySpare::default();
    let kept = session.rows().filter(|r| !r.removed).filter_map(|r| {
        let entry = if r.changed || r.added {
            Cow::Owned(session.current_entry_in(r.index, &mut spare)?)
        } else {
            Cow::Borrowed(r.entry)
        };
        row.set((r.index, r.added, r.changed, !r.edited));
        Some((entry, r.entry))
    });
    let diagnostics = validate_streamed(meta, kept, |e| {
        let (index, added, changed, offset_only) = row.get();
        match &mut sink {
            Sink::Splice(s) if added => s.added(e.raw()),
            Sink::Splice(s) => s.imported(index, changed, offset_only, e.raw()),
            Sink::Layout(w) => w.entry(e),
        }
    })?;
    let spliced = match sink {
        Sink::Splice(s) => match (s.finish(), &place) {
            (Some((edits, buf)), Some(place)) => match place.write(bom, body, edits, buf, meta) {
                Ok(document) => Some(document),
                Err(note) => {
                    notes.push(note);
                    None
                }
            },
            _ => {
                notes.push(format!("{UNMATCHED}; {AGAIN}."));
                None
            }
        },
        Sink::Layout(w) => {
            return Some(Rewritten {
                document: Document::Text(in_today_layout(body, meta, w.finish())?),
                diagnostics,
                notes,
            });
        }
    };
    let document = match spliced {
        Some(document) => document,
        None => Document::Text(in_today_layout(
            body,
            meta,
            layout_payload(session, today_pretty(meta, body))?,
        )?),
    };
    Some(Rewritten {
        document,
        diagnostics,
        notes,
    })
}

/// What a note says was written instead of the input's layout.
const AGAIN: &str = "the file was written again in connect-offsets' layout";
/// What a note says when the offsets text and the listing do not match.
const UNMATCHED: &str = "the offsets in the input could not be matched with the edited entries";

/// Where the edits of a session go.
enum Sink<'t, 'l> {
    /// Into the input's own text.
    Splice(Splice<'t>),
    /// Into today's layout.
    Layout(PayloadWriter<'l>),
}

/// Why the input's layout is not kept.
enum NotKept {
    /// It is written in today's layout, for this reason.
    Note(String),
    /// The offsets cannot be found again: the caller builds the listing (and the error).
    Unreadable,
}

/// Where the offsets text sits in the document.
enum Target {
    /// It is the document (a REST body).
    Rest,
    /// The JSON string at `start..end` of the document.
    JsonString { start: usize, end: usize },
    /// A YAML literal block whose first character is at byte `first`, `indent` spaces in.
    Block { first: usize, indent: usize },
}

/// The offsets text of a document and where it sits.
struct Place<'o> {
    payload: Cow<'o, str>,
    target: Target,
}

impl Place<'_> {
    /// The document (`body`, after `bom`) with `edits` made to its offsets text, or why not: a
    /// REST body kept as the input and its edits (streamed when written), a ConfigMap as text.
    fn write<'o>(
        &self,
        bom: &'static str,
        body: &'o str,
        edits: Vec<Edit>,
        buf: String,
        meta: &Listing,
    ) -> Result<Document<'o>, String> {
        // A ConfigMap is at most 1 MiB: its text grows as it is written.
        let mut out = String::from(bom);
        match self.target {
            Target::Rest => {
                return Ok(Document::Spliced {
                    bom,
                    input: body,
                    edits,
                    buf,
                });
            }
            Target::JsonString { start, end } => {
                out.push_str(body.get(..start).unwrap_or(""));
                // Edited in the string itself, its escapes kept; written again from the
                // decoded text only if an edit cannot be placed in it.
                match body
                    .get(start..end)
                    .and_then(|literal| splice::apply_in_string(literal, &edits, &buf))
                {
                    Some(literal) => out.push_str(&literal),
                    None => {
                        let mut payload = String::with_capacity(self.payload.len() + buf.len());
                        splice::apply(&self.payload, &edits, &buf, &mut payload);
                        json::write_string(&mut out, &payload);
                    }
                }
                out.push_str(body.get(end..).unwrap_or(""));
            }
            Target::Block { first, indent } => {
                let key = meta.data_key.as_deref().unwrap_or_default();
                let yaml = block::apply_in_block(body, first, indent, &self.payload, &edits, &buf)
                    .map_err(|e| match e {
                        BlockError::Lines => format!(
                            "the lines of the YAML block '{key}' could not be matched with the offsets they hold; {AGAIN} (comments dropped)."
                        ),
                        BlockError::Character => format!(
                            "a new value holds a character the YAML block '{key}' cannot hold as it is; {AGAIN} (comments dropped)."
                        ),
                    })?;
                out.push_str(&yaml);
            }
        }
        Ok(Document::Text(out))
    }
}

/// Finds the offsets text of `body` (the document without its byte order mark).
fn locate<'o>(body: &'o str, meta: &Listing) -> Result<Place<'o>, NotKept> {
    match meta.form {
        InputForm::RestPayload => Ok(Place {
            payload: Cow::Borrowed(body),
            target: Target::Rest,
        }),
        InputForm::ConfigMapJson => {
            let tape = json::parse_tape(body).map_err(|_| NotKept::Unreadable)?;
            let key = meta.data_key.as_deref().ok_or(NotKept::Unreadable)?;
            let node = json_data_value(tape.root(), meta, key).ok_or(NotKept::Unreadable)?;
            let payload = node.as_str().ok_or(NotKept::Unreadable)?;
            Ok(Place {
                payload: Cow::Owned(payload.to_string()),
                target: Target::JsonString {
                    start: node.start(),
                    end: node.end(),
                },
            })
        }
        InputForm::ConfigMapYaml => {
            let doc = yaml::parse(body).map_err(|_| NotKept::Unreadable)?;
            let key = meta.data_key.as_deref().ok_or(NotKept::Unreadable)?;
            let node = configmap_node(&doc.root, meta)
                .and_then(|cm| cm.get("data"))
                .and_then(|d| d.get(key))
                .ok_or(NotKept::Unreadable)?;
            let payload = node.as_str().ok_or(NotKept::Unreadable)?;
            let style = match doc.style_at(node.start) {
                Some(Style::Literal) if !payload.starts_with(char::is_whitespace) => {
                    return Ok(Place {
                        payload: Cow::Owned(payload.to_string()),
                        target: Target::Block {
                            first: node.start,
                            indent: node.pos.column.saturating_sub(1) as usize,
                        },
                    });
                }
                Some(Style::Literal) => "literal block scalar that starts with a space",
                Some(Style::Folded) => "folded block scalar (>)",
                Some(Style::DoubleQuoted) => "double-quoted scalar",
                Some(Style::SingleQuoted) => "single-quoted scalar",
                Some(Style::Plain) | None => "plain scalar",
            };
            Err(NotKept::Note(format!(
                "the YAML value of '{key}' is a {style}, not a literal block (|); {AGAIN} (comments dropped)."
            )))
        }
        InputForm::Csv => Err(NotKept::Unreadable),
    }
}

/// Whether today's layout writes the payload pretty: a ConfigMap's always, a REST body's when
/// it spans several lines.
fn today_pretty(meta: &Listing, body: &str) -> bool {
    meta.form != InputForm::RestPayload || body.trim_end().contains('\n')
}

/// The session's kept entries written as today's layout writes them (when the splice could
/// not be made after all).
fn layout_payload(session: &Session, pretty: bool) -> Option<String> {
    let mut writer = PayloadWriter::new(session.imported(), pretty, session.len());
    for r in session.rows().filter(|r| !r.removed) {
        if r.changed || r.added {
            writer.entry(&session.current_entry(r.index)?);
        } else {
            writer.entry(r.entry);
        }
    }
    Some(writer.finish())
}

/// The document `body` with its offsets written as `payload`, in today's layout.
fn in_today_layout(body: &str, meta: &Listing, payload: String) -> Option<String> {
    match meta.form {
        InputForm::ConfigMapJson => rewrite_json_configmap(body, meta, &payload).ok(),
        InputForm::ConfigMapYaml => rewrite_yaml_configmap(body, meta, &payload).ok(),
        _ => {
            let mut text = payload;
            if body.ends_with('\n') {
                text.push('\n');
            }
            Some(text)
        }
    }
}

/// The node of the imported ConfigMap inside a parsed document (the item of a List).
fn configmap_node<'a>(root: &'a JsonValue, listing: &Listing) -> Option<&'a JsonValue> {
    match root.get("kind").and_then(JsonValue::as_str) {
        Some("List") => {
            let index = listing.configmap.as_ref()?.list_index?;
            root.get("items")?.as_array()?.get(index)
        }
        _ => Some(root),
    }
}

/// The value of data key `key` of the imported ConfigMap in a JSON document's tape (`root`):
/// the document itself, or the item of a `kind: List` the listing was read from.
fn json_data_value<'t>(
    root: json::TapeValue<'t, 't>,
    listing: &Listing,
    key: &str,
) -> Option<json::TapeValue<'t, 't>> {
    let configmap = match root.get("kind").and_then(|k| k.as_str()) {
        Some("List") => {
            let index = listing.configmap.as_ref()?.list_index?;
            root.get("items")?.items().nth(index)?
        }
        _ => root,
    };
    configmap.get("data")?.get(key)
}

/// The JSON ConfigMap `original` with the offsets value replaced by `payload` (the pretty
/// payload of `edited`, whose other fields say where it goes). The document is read as a tape:
/// only the data value's byte span is needed, every other byte is copied as it was.
fn rewrite_json_configmap(
    original: &str,
    edited: &Listing,
    payload: &str,
) -> Result<String, String> {
    let tape = json::parse_tape(original).map_err(|e| format!("{}: {}", e.pos, e.message))?;
    let key = edited
        .data_key
        .as_deref()
        .ok_or("the listing has no data key")?;
    let node = json_data_value(tape.root(), edited, key)
        .ok_or_else(|| format!("the data key '{key}' was not found again"))?;
    if node.as_str().is_none() {
        return Err(format!("the data key '{key}' does not hold a string"));
    }
    let mut out = String::with_capacity(original.len() + 64);
    out.push_str(original.get(..node.start()).unwrap_or(""));
    json::write_string(&mut out, payload);
    out.push_str(original.get(node.end()..).unwrap_or(""));
    Ok(out)
}

/// The YAML ConfigMap `original` re-emitted with the offsets value replaced by `payload` (the
/// pretty payload of `edited`, whose other fields say where it goes).
fn rewrite_yaml_configmap(
    original: &str,
    edited: &Listing,
    payload: &str,
) -> Result<String, String> {
    let doc = yaml::parse(original).map_err(|e| format!("{}: {}", e.pos, e.message))?;
    let key = edited
        .data_key
        .as_deref()
        .ok_or("the listing has no data key")?;
    let target = configmap_node(&doc.root, edited)
        .and_then(|cm| cm.get("data"))
        .and_then(|d| d.get(key))
        .map(|v| v.start)
        .ok_or_else(|| format!("the data key '{key}' was not found again"))?;
    let mut out = String::with_capacity(original.len() + 64);
    let cx = Emit {
        doc: &doc,
        target,
        payload,
    };
    cx.node(&mut out, &doc.root, 0, Ctx::Top);
    if !out.ends_with('\n') {
        out.push('\n');
    }
    Ok(out)
}

struct Emit<'a> {
    doc: &'a yaml::YamlDoc,
    /// Byte offset of the data value to replace.
    target: usize,
    payload: &'a str,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Ctx {
    Top,
    /// After `key:` (a nested collection starts on the next line).
    MapValue,
    /// After `- ` (a nested map continues on the same line).
    SeqItem,
}

impl Emit<'_> {
    fn scalar(&self, out: &mut String, v: &JsonValue, indent: usize) {
        match &v.kind {
            JsonKind::Null => out.push_str("null"),
            JsonKind::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            JsonKind::Number(n) => out.push_str(n.text()),
            JsonKind::String(s) => {
                if v.start == self.target && v.pos != Position::NONE {
                    write_block_or_quoted(out, self.payload, indent);
                } else if self.doc.style_at(v.start) == Some(Style::Plain)
                    && !s.contains('\n')
                    && !s.is_empty()
                {
                    out.push_str(s);
                } else if s.contains('\n') {
                    write_block_or_quoted(out, s, indent);
                } else {
                    write_yaml_string(out, s);
                }
            }
            JsonKind::Array(_) | JsonKind::Object(_) => {}
        }
    }

    /// Emits `v`; `indent` is the indentation of the collection's entries.
    fn node(&self, out: &mut String, v: &JsonValue, indent: usize, ctx: Ctx) {
        match &v.kind {
            JsonKind::Object(members) if !members.is_empty() => {
                if ctx == Ctx::MapValue {
                    out.push('\n');
                }
                for (i, m) in members.iter().enumerate() {
                    if i > 0 || ctx != Ctx::SeqItem {
                        push_spaces(out, indent);
                    }
                    write_key(out, &m.key);
                    out.push(':');
                    match &m.value.kind {
                        JsonKind::Object(c) if !c.is_empty() => {
                            self.node(out, &m.value, indent + 2, Ctx::MapValue)
                        }
                        JsonKind::Array(c) if !c.is_empty() => {
                            // Block sequences under a key are written at the key's indentation.
                            self.node(out, &m.value, indent, Ctx::MapValue)
                        }
                        _ => {
                            out.push(' ');
                            self.node(out, &m.value, indent + 2, Ctx::MapValue);
                            out.push('\n');
                        }
                    }
                }
            }
            JsonKind::Array(items) if !items.is_empty() => {
                if ctx == Ctx::MapValue {
                    out.push('\n');
                }
                for (i, item) in items.iter().enumerate() {
                    if i > 0 || ctx != Ctx::SeqItem {
                        push_spaces(out, indent);
                    }
                    out.push_str("- ");
                    match &item.kind {
                        JsonKind::Object(c) if !c.is_empty() => {
                            self.node(out, item, indent + 2, Ctx::SeqItem)
                        }
                        JsonKind::Array(c) if !c.is_empty() => {
                            self.node(out, item, indent + 2, Ctx::SeqItem)
                        }
                        _ => {
                            self.node(out, item, indent + 2, Ctx::SeqItem);
                            out.push('\n');
                        }
                    }
                }
            }
            JsonKind::Object(_) => out.push_str("{}"),
            JsonKind::Array(_) => out.push_str("[]"),
            _ => self.scalar(out, v, indent),
        }
    }
}
