//! An edited listing written back in the form it was imported from (for `connect-offsets edit`),
//! changing only what was edited.

use super::csv::csv_extra_fields;
use super::emit::{push_spaces, write_block_or_quoted, write_key};
use super::write_yaml_string;
use crate::checking::validate::validate_streamed;
use crate::diag::{Diagnostic, Position};
use crate::editing::edit::Session;
use crate::json::{self, JsonKind, JsonValue};
use crate::model::{InputForm, Listing, PayloadWriter};
use crate::reading::yaml::{self, Style};
use std::borrow::Cow;

/// Writes `edited` back in the form `original` was imported from (`original` is the imported
/// text): a REST payload stays a payload (pretty or compact, as it was), a CSV stays a CSV, and
/// a ConfigMap (or `kind: List`) keeps every other field, with only the offsets value replaced.
/// JSON ConfigMaps are patched in place (byte-identical elsewhere); YAML ones are re-emitted
/// (comments are dropped, values keep their meaning).
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
/// listing: `Some((rewrite_document(original, &edited), validate(&edited, None)))` for
/// `edited = session.working_listing()`, the same text and findings. Each edited entry is
/// built, checked, written and dropped, so 100k rewritten entries never exist at once (a
/// second full listing cost a quarter of the CLI's time, mostly fresh memory).
///
/// `None` for a CSV, when an edited entry's partition differs from its row's entry (see
/// [`crate::checking::validate::validate_streamed`]) or when the document cannot be rewritten: build the
/// listing and call [`rewrite_document`] then (which reports the error).
pub fn rewrite_session(original: &str, session: &Session) -> Option<(String, Vec<Diagnostic>)> {
    let meta = session.imported();
    let original = original.strip_prefix('\u{feff}').unwrap_or(original);
    let pretty = match meta.form {
        InputForm::RestPayload => original.trim_end().contains('\n'),
        InputForm::ConfigMapJson | InputForm::ConfigMapYaml => true,
        InputForm::Csv => return None,
    };
    // The rows `working_listing` keeps, in its order, with the entries it would hold: an
    // unchanged imported row exports its entry as imported (borrowed here, not copied).
    let kept = session.rows().filter(|r| !r.removed).filter_map(|r| {
        let entry = if r.changed || r.added {
            Cow::Owned(session.current_entry(r.index)?)
        } else {
            Cow::Borrowed(r.entry)
        };
        Some((entry, r.entry))
    });
    let mut writer = PayloadWriter::new(meta, pretty, session.len());
    let diagnostics = validate_streamed(meta, kept, |e| writer.entry(e))?;
    let payload = writer.finish();
    let text = match meta.form {
        InputForm::ConfigMapJson => rewrite_json_configmap(original, meta, &payload).ok()?,
        InputForm::ConfigMapYaml => rewrite_yaml_configmap(original, meta, &payload).ok()?,
        _ => {
            let mut text = payload;
            if original.ends_with('\n') {
                text.push('\n');
            }
            text
        }
    };
    Some((text, diagnostics))
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
    let root = tape.root();
    let configmap = match root.get("kind").and_then(|k| k.as_str()) {
        Some("List") => edited
            .configmap
            .as_ref()
            .and_then(|c| c.list_index)
            .and_then(|index| root.get("items")?.items().nth(index)),
        _ => Some(root),
    };
    let node = configmap
        .and_then(|cm| cm.get("data"))
        .and_then(|d| d.get(key))
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
