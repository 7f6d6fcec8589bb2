//! Reading a custom resource out of a text that may hold several: a multi-document YAML file
//! (a GitOps manifest with a KafkaNodePool, a Kafka and a KafkaUser before the
//! KafkaMirrorMaker2), a `kind: List` (`kubectl get kafkamirrormaker2,kafkaconnector -o yaml`),
//! or one resource as `kubectl get -o yaml|json` prints it. The chosen document is read by
//! [`super::resource_of`].

use super::{Resource, ResourceKind, err, resource_of};
use crate::diag::{Diagnostic, Position};
use crate::json::{self, JsonValue};
use crate::reading::yaml;

/// Parses `text` (YAML or JSON) as a KafkaConnector or KafkaMirrorMaker2.
pub fn read_resource(text: &str) -> Result<Resource, Vec<Diagnostic>> {
    read_resource_named(text, None)
}

/// One custom resource found in a text that holds several, for the user to choose from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    pub kind: ResourceKind,
    /// `metadata.name` (empty when missing).
    pub name: String,
    pub pos: Position,
}

impl Candidate {
    /// "KafkaMirrorMaker2 my-mm2".
    pub fn label(&self) -> String {
        format!(
            "{} {}",
            self.kind.as_str(),
            crate::model::names::shown(&self.name)
        )
    }
}

/// The KafkaConnectors and KafkaMirrorMaker2s of `text`: every document of a multi-document
/// YAML file, or the items of a `kind: List` (YAML or JSON). Empty when the text is not
/// readable.
pub fn candidates(text: &str) -> Vec<Candidate> {
    roots(text).map(|r| candidates_in(&r)).unwrap_or_default()
}

fn candidates_in(roots: &[JsonValue]) -> Vec<Candidate> {
    roots
        .iter()
        .filter_map(|r| {
            let kind = match r.get("kind").and_then(JsonValue::as_str)? {
                "KafkaConnector" => ResourceKind::KafkaConnector,
                "KafkaMirrorMaker2" => ResourceKind::KafkaMirrorMaker2,
                _ => return None,
            };
            let name = r
                .get("metadata")
                .and_then(|m| m.get("name"))
                .and_then(JsonValue::as_str)
                .unwrap_or_default()
                .to_owned();
            Some(Candidate {
                kind,
                name,
                pos: r.pos,
            })
        })
        .collect()
}

/// The documents of `text` (each item of a `kind: List` counts as one).
fn roots(text: &str) -> Result<Vec<JsonValue>, Vec<Diagnostic>> {
    roots_read(text, false)
}

/// [`roots`]; with `typed`, every plain YAML scalar that is a JSON number becomes that number,
/// as kubectl reads it (`tasksMax: 2` is the integer 2, `"2"` stays the string).
fn roots_read(text: &str, typed: bool) -> Result<Vec<JsonValue>, Vec<Diagnostic>> {
    if text.len() > crate::reading::import::MAX_INPUT_BYTES {
        return Err(err(
            Position::NONE,
            "The input is larger than 64 MiB; a custom resource is a few kilobytes.",
        ));
    }
    let body = text.trim_start_matches('\u{feff}');
    let docs = if body.trim_start().starts_with('{') {
        vec![json::parse(text).map_err(|e| {
            err(
                e.pos,
                format!("The resource is not valid JSON: {}", e.message),
            )
        })?]
    } else {
        yaml::parse_all(text)
            .map_err(|e| {
                err(
                    e.pos,
                    format!("The resource is not readable: {}", e.message),
                )
            })?
            .into_iter()
            .map(|d| {
                if typed {
                    let mut root = d.root.clone();
                    type_numbers(&mut root, &d);
                    root
                } else {
                    d.root
                }
            })
            .collect()
    };
    let mut out = Vec::new();
    for d in docs {
        match (d.get("kind").and_then(JsonValue::as_str), d.get("items")) {
            (Some("List"), Some(items)) => {
                out.extend(items.as_array().unwrap_or_default().iter().cloned())
            }
            _ => out.push(d),
        }
    }
    Ok(out)
}

/// [`read_resource`] of the resource named `name` (`metadata.name`, or `KIND/NAME`) when the
/// text holds several: a GitOps file with a KafkaNodePool, a Kafka and a KafkaUser before the
/// KafkaMirrorMaker2, or `kubectl get kafkamirrormaker2,kafkaconnector -o yaml`. With one
/// KafkaConnector or KafkaMirrorMaker2 among the documents, that one is read; with several and
/// no `name`, the error lists them.
pub fn read_resource_named(text: &str, name: Option<&str>) -> Result<Resource, Vec<Diagnostic>> {
    let (root, is_json) = pick(text, name, false)?;
    resource_of(&root, is_json)
}

/// [`read_resource_named`], and the chosen document's whole tree as kubectl reads it (plain
/// YAML scalars that are numbers are numbers), for a procedure that creates the resource.
pub fn read_resource_tree(
    text: &str,
    name: Option<&str>,
) -> Result<(Resource, JsonValue), Vec<Diagnostic>> {
    let (root, is_json) = pick(text, name, true)?;
    let resource = resource_of(&root, is_json)?;
    Ok((resource, root))
}

/// Turns plain YAML scalars that are JSON numbers into numbers. Recursion is bounded: the YAML
/// reader caps nesting at [`crate::json::MAX_DEPTH`].
fn type_numbers(value: &mut JsonValue, doc: &yaml::YamlDoc) {
    let start = value.start;
    match &mut value.kind {
        json::JsonKind::String(s)
            if doc.style_at(start) == Some(yaml::Style::Plain) && json::is_json_number(s) =>
        {
            if let Some(n) = json::Number::parse(s) {
                value.kind = json::JsonKind::Number(n);
            }
        }
        json::JsonKind::Array(items) => items.iter_mut().for_each(|v| type_numbers(v, doc)),
        json::JsonKind::Object(members) => members
            .iter_mut()
            .for_each(|m| type_numbers(&mut m.value, doc)),
        _ => {}
    }
}

/// The document [`read_resource_named`] reads, and whether the text is JSON.
fn pick(text: &str, name: Option<&str>, typed: bool) -> Result<(JsonValue, bool), Vec<Diagnostic>> {
    let is_json = text
        .trim_start_matches('\u{feff}')
        .trim_start()
        .starts_with('{');
    let roots = roots_read(text, typed)?;
    let found = candidates_in(&roots);
    // The name only chooses among several: with one resource, a caller that named another
    // one says so in its own words (`plan --resource` disagreeing with the file).
    let name = name.filter(|_| found.len() > 1);
    let pick = |c: &Candidate| match name {
        None => true,
        Some(n) => {
            n == c.name
                || n == format!("{}/{}", c.kind.as_str(), c.name)
                || n.eq_ignore_ascii_case(&format!("{}/{}", c.kind.as_str(), c.name))
        }
    };
    let chosen: Vec<&Candidate> = found.iter().filter(|c| pick(c)).collect();
    let root = match (roots.len(), chosen.as_slice()) {
        // One document: read it as it is (its own errors say what is wrong with it).
        (1, _) if name.is_none() => roots.into_iter().next(),
        (_, [one]) => roots.into_iter().find(|r| r.pos == one.pos),
        (_, []) if !found.is_empty() => {
            return Err(err(
                found.first().map_or(Position::NONE, |c| c.pos),
                format!(
                    "No custom resource here is named '{}'; this text holds {}.",
                    crate::model::names::shown(name.unwrap_or_default()),
                    found
                        .iter()
                        .map(Candidate::label)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ));
        }
        (_, []) => roots.into_iter().next(),
        (_, several) => {
            return Err(err(
                several.first().map_or(Position::NONE, |c| c.pos),
                format!(
                    "This text holds {} custom resources ({}); choose one: the page asks which, the CLI takes --name NAME.",
                    several.len(),
                    several
                        .iter()
                        .map(|c| format!("{} at line {}", c.label(), c.pos.line))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ));
        }
    };
    let Some(root) = root else {
        return Err(err(
            Position::new(1, 1),
            "The input is empty: give the output of `kubectl get kafkamirrormaker2 NAME -o yaml`.",
        ));
    };
    Ok((root, is_json))
}
