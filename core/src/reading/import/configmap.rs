//! The Kubernetes forms: a ConfigMap from YAML or JSON, or a `kind: List` of them, down to the
//! chosen offsets data key and its metadata (name, namespace, Strimzi owner).

use super::data_key::{candidates, choose_key, offsets_keys};
use super::source_map::{Outer, source_map};
use super::{Document, ImportOptions, KindHint, Notes, payload_listing};
use crate::diag::{Diagnostic, Position};
use crate::json::{self, JsonKind, JsonValue, RawKind};
use crate::model::{ConfigMapMeta, InputForm, ListItem, ListedAt, Listing, OwnerRef};
use crate::reading::yaml::YamlDoc;

/// The last line of the input that holds anything.
fn last_line(outer: &Outer<'_>) -> u32 {
    let text = match outer {
        Outer::Json(t) | Outer::Yaml(t, _) => t,
    };
    let lines = text.trim_end().lines().count();
    u32::try_from(lines.max(1)).unwrap_or(u32::MAX)
}

fn not_a_configmap(pos: Position) -> Vec<Diagnostic> {
    vec![Diagnostic::error(
        "IMP1",
        pos,
        "This is not a ConfigMap (expected apiVersion v1, kind ConfigMap).",
    )]
}

pub(super) fn import_json_root(
    text: &str,
    doc: Document,
    options: &ImportOptions,
) -> Result<(Listing, Notes), Vec<Diagnostic>> {
    let root = doc.root();
    let is_k8s = root.get("kind").is_some() || root.get("apiVersion").is_some();
    if root.kind() == RawKind::Object && is_k8s {
        return import_k8s(&doc.into_value(), &Outer::Json(text), options);
    }
    let hint = KindHint {
        chosen: options.kind,
        mirror_owner: false,
    };
    let listing = payload_listing(doc, None, InputForm::RestPayload, Position::NONE, hint)?;
    Ok((listing, Vec::new()))
}

pub(super) fn import_yaml_doc(
    text: &str,
    doc: &YamlDoc,
    options: &ImportOptions,
) -> Result<(Listing, Notes), Vec<Diagnostic>> {
    if doc.root.as_members().is_none() {
        return Err(not_a_configmap(doc.root.pos));
    }
    import_k8s(&doc.root, &Outer::Yaml(text, doc), options)
}

fn import_k8s(
    root: &JsonValue,
    outer: &Outer<'_>,
    options: &ImportOptions,
) -> Result<(Listing, Notes), Vec<Diagnostic>> {
    match root.get("kind").and_then(JsonValue::as_str) {
        Some("List") => import_list(root, outer, options),
        _ => import_configmap(root, outer, options),
    }
}

fn str_field<'a>(v: &'a JsonValue, key: &str) -> Option<&'a str> {
    v.get(key).and_then(JsonValue::as_str)
}

fn import_list(
    root: &JsonValue,
    outer: &Outer<'_>,
    options: &ImportOptions,
) -> Result<(Listing, Notes), Vec<Diagnostic>> {
    let items = root
        .get("items")
        .and_then(JsonValue::as_array)
        .unwrap_or_default();
    let list_items: Vec<ListItem> = items
        .iter()
        .enumerate()
        .map(|(index, item)| ListItem {
            index,
            kind: str_field(item, "kind").unwrap_or("").to_string(),
            name: item
                .get("metadata")
                .and_then(|m| str_field(m, "name"))
                .unwrap_or("")
                .to_string(),
            offsets_keys: offsets_keys(item),
        })
        .collect();
    let is_cm = |i: &ListItem| i.kind == "ConfigMap";
    let chosen = match options.list_item {
        Some(i) => match list_items.get(i) {
            Some(item) if is_cm(item) => i,
            _ => {
                return Err(vec![Diagnostic::error(
                    "OPTION",
                    root.pos,
                    format!(
                        "Item #{} of this List is not a ConfigMap (the List has {} items). ConfigMaps: {}.",
                        i + 1,
                        list_items.len(),
                        describe_items(&list_items)
                    ),
                )]);
            }
        },
        None => {
            let with_keys = list_items
                .iter()
                .find(|i| is_cm(i) && !i.offsets_keys.is_empty());
            match with_keys.or_else(|| list_items.iter().find(|i| is_cm(i))) {
                Some(item) => item.index,
                None => {
                    let pos = root.get("items").map(|v| v.pos).unwrap_or(root.pos);
                    return Err(not_a_configmap(pos));
                }
            }
        }
    };
    let Some(item) = items.get(chosen) else {
        return Err(not_a_configmap(root.pos));
    };
    let (mut listing, mut notes) = import_configmap(item, outer, options)?;
    if let Some(meta) = listing.configmap.as_mut() {
        meta.list_index = Some(chosen);
        meta.list_items = list_items.clone();
    }
    let name = list_items
        .get(chosen)
        .map(|i| i.name.as_str())
        .unwrap_or("");
    notes.push(Diagnostic::info(
        "LIST",
        item.pos,
        format!(
            "This is a List of {} item(s); imported item #{} (ConfigMap '{name}'). ConfigMaps with offsets: {}.",
            list_items.len(),
            chosen + 1,
            describe_items(&list_items)
        ),
    ));
    Ok((listing, notes))
}

fn describe_items(items: &[ListItem]) -> String {
    let parts: Vec<String> = items
        .iter()
        .filter(|i| i.kind == "ConfigMap" && !i.offsets_keys.is_empty())
        .map(|i| {
            format!(
                "#{} '{}' ({})",
                i.index + 1,
                i.name,
                i.offsets_keys.join(", ")
            )
        })
        .collect();
    if parts.is_empty() {
        "none".into()
    } else {
        parts.join("; ")
    }
}

fn string_pairs(v: Option<&JsonValue>) -> Vec<(String, String)> {
    v.and_then(JsonValue::as_members)
        .unwrap_or_default()
        .iter()
        .map(|m| (m.key.clone(), scalar_text(&m.value)))
        .collect()
}

/// A scalar's text (strings as is, other values as compact JSON).
fn scalar_text(v: &JsonValue) -> String {
    match &v.kind {
        JsonKind::String(s) => s.clone(),
        _ => json::to_compact(v),
    }
}

fn import_configmap(
    cm: &JsonValue,
    outer: &Outer<'_>,
    options: &ImportOptions,
) -> Result<(Listing, Notes), Vec<Diagnostic>> {
    check_configmap_header(cm, outer)?;
    let mut meta = configmap_meta(cm.get("metadata"));
    let found = candidates(cm);
    let data = cm
        .get("data")
        .and_then(JsonValue::as_members)
        .unwrap_or_default();
    let data_pos = cm.member("data").map(|m| m.key_pos).unwrap_or(cm.pos);
    let owner = meta
        .strimzi_owner()
        .map(|o| (o.kind.as_str(), o.name.as_str()));
    let (key, key_notes) = choose_key(data, &found, options, owner, data_pos)?;
    let Some(member) = data.iter().rev().find(|m| m.key == key) else {
        return Err(not_a_configmap(cm.pos));
    };
    meta.other_data = data
        .iter()
        .filter(|m| m.key != key)
        .map(|m| (m.key.clone(), scalar_text(&m.value)))
        .collect();

    let payload = offsets_document(outer, member, &key, options)?;
    let hint = KindHint {
        chosen: options.kind,
        mirror_owner: meta
            .strimzi_owner()
            .is_some_and(|o| o.kind == "KafkaMirrorMaker2"),
    };
    let mut listing = payload_listing(payload, Some(&key), outer.form(), member.key_pos, hint)?;
    // The page's Offsets key picker: the keys Strimzi writes, and the one read if it is not one.
    let mut available = found.keys;
    if !available.contains(&key) {
        available.push(key.clone());
    }
    listing.available_keys = available;
    listing.configmap = Some(meta);
    Ok((listing, key_notes))
}

/// IMP1 for a ConfigMap cut short inside its data, and not-a-ConfigMap for any document but a
/// `v1` `ConfigMap`.
fn check_configmap_header(cm: &JsonValue, outer: &Outer<'_>) -> Result<(), Vec<Diagnostic>> {
    let api = str_field(cm, "apiVersion");
    let kind = str_field(cm, "kind");
    // `kubectl get -o yaml` writes apiVersion, data, kind, metadata in that order: a paste cut
    // short inside data has apiVersion v1 and no kind.
    if api == Some("v1") && cm.get("kind").is_none() && cm.get("data").is_some() {
        let end = last_line(outer);
        return Err(vec![Diagnostic::error(
            "IMP1",
            Position::new(end, 1),
            format!(
                "The ConfigMap ends early, at line {end}: it has apiVersion v1 and data but no kind and no metadata, which kubectl writes after data. The paste was probably cut short inside the offsets. Paste the whole output of kubectl get configmap NAME -o yaml."
            ),
        )]);
    }
    if api != Some("v1") || kind != Some("ConfigMap") {
        let pos = cm
            .get("kind")
            .or_else(|| cm.get("apiVersion"))
            .map(|v| v.pos)
            .unwrap_or(cm.pos);
        return Err(not_a_configmap(pos));
    }
    Ok(())
}

/// What the listing keeps of the ConfigMap's metadata: its names and where they are, labels,
/// annotations, owners and when it was listed.
fn configmap_meta(metadata: Option<&JsonValue>) -> ConfigMapMeta {
    let meta_str = |k: &str| metadata.and_then(|m| str_field(m, k)).map(str::to_string);
    let meta_pos = |k: &str| {
        metadata
            .and_then(|m| m.get(k))
            .map_or(Position::NONE, |v| v.pos)
    };
    let owners = metadata
        .and_then(|m| m.get("ownerReferences"))
        .and_then(JsonValue::as_array)
        .unwrap_or_default()
        .iter()
        .map(|o| OwnerRef {
            api_version: str_field(o, "apiVersion").unwrap_or("").into(),
            kind: str_field(o, "kind").unwrap_or("").into(),
            name: str_field(o, "name").unwrap_or("").into(),
        })
        .collect();
    ConfigMapMeta {
        name: meta_str("name"),
        name_pos: meta_pos("name"),
        namespace: meta_str("namespace"),
        namespace_pos: meta_pos("namespace"),
        labels: string_pairs(metadata.and_then(|m| m.get("labels"))),
        annotations: string_pairs(metadata.and_then(|m| m.get("annotations"))),
        owners,
        listed_at: metadata.and_then(listed_at),
        ..ConfigMapMeta::default()
    }
}

/// The offsets JSON of data key `key`, parsed with its positions mapped into the file; IMP3 (and
/// the JSON error) when it is not a string of valid JSON.
fn offsets_document(
    outer: &Outer<'_>,
    member: &json::Member,
    key: &str,
    options: &ImportOptions,
) -> Result<Document, Vec<Diagnostic>> {
    let invalid_json = |pos: Position| {
        Diagnostic::error(
            "IMP3",
            pos,
            format!(
                "The offsets entry is not valid JSON (Strimzi would report: Failed to parse contents of {key} as JSON)."
            ),
        )
        .with_data_key(key.to_owned())
    };
    let Some(value) = member.value.as_str() else {
        return Err(vec![invalid_json(member.value.pos)]);
    };
    let map = source_map(outer, &member.value);
    Document::parse(std::borrow::Cow::Borrowed(value), map, options.storage).map_err(|e| {
        vec![
            invalid_json(e.pos),
            Diagnostic::error(
                "JSON",
                e.pos,
                sentence(&crate::diag::capitalised(&e.message)),
            )
            .with_data_key(key.to_owned()),
        ]
    })
}

/// The field managers the Strimzi operator writes a listed ConfigMap as: `strimzi-kafka-operator`
/// with server-side apply (Strimzi 0.51 and later, field manager
/// `strimzi-kafka-operator`), and the Kubernetes
/// client it used before, which Kubernetes names after its user agent.
const OPERATOR_MANAGERS: [&str; 3] = [
    "strimzi-kafka-operator",
    "strimzi-cluster-operator",
    "fabric8-kubernetes-client",
];

/// The operator's latest `managedFields` entry (`Apply` or `Update`) with a time: when it last
/// wrote the listing. `None` when kubectl printed no managedFields (it does only with
/// `--show-managed-fields`) or the operator has none.
fn listed_at(metadata: &JsonValue) -> Option<ListedAt> {
    metadata
        .get("managedFields")?
        .as_array()?
        .iter()
        .filter_map(|f| {
            let manager = str_field(f, "manager")?;
            let operation = str_field(f, "operation")?;
            let time = str_field(f, "time")?;
            (OPERATOR_MANAGERS.contains(&manager) && matches!(operation, "Apply" | "Update")).then(
                || ListedAt {
                    time: time.to_string(),
                    manager: manager.to_string(),
                    operation: operation.to_string(),
                },
            )
        })
        .max_by(|a, b| a.time.cmp(&b.time))
}

/// `s` ending with a full stop (unless it already ends with punctuation).
pub(super) fn sentence(s: &str) -> String {
    if s.ends_with(['.', '?', '!']) {
        s.to_string()
    } else {
        format!("{s}.")
    }
}
