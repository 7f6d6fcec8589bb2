//! docs/rules.md has one section per rule id the code can emit, and no section for a rule the code
//! does not have (issue 38, item 1).
//!
//! The code's ids are the rule tables (`validate::RULE_IDS`, `reference::RULE_IDS`,
//! `resource_check::RULE_IDS`, `log_range::RULE_IDS`, `procedure::RULE_PLAN`) together with every
//! numbered rule-id string literal (`"MS10"`, `"K7"`, ...) in `core/src`, `cli/src` and `web/src`:
//! the tables alone miss the export and plan ids (K3, K5..K10). The doc's ids are the first word of
//! each `### ` heading.

#![allow(clippy::unwrap_used)]

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use offsets_core::{log_range, procedure, reference, resource_check, validate};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every rule id the code can emit.
fn code_ids() -> BTreeSet<String> {
    let mut ids: BTreeSet<String> = validate::RULE_IDS
        .iter()
        .chain(reference::RULE_IDS)
        .chain(resource_check::RULE_IDS.iter())
        .chain(log_range::RULE_IDS)
        .chain([procedure::RULE_PLAN].iter())
        .map(|s| s.to_string())
        .collect();
    let literal = regex_lite::Regex::new(r#""((?:IMP|REF|LR|CR|CK|MS|MC|SK|S|K)[0-9]+)""#).unwrap();
    let mut files = Vec::new();
    for dir in ["core/src", "cli/src", "web/src"] {
        rust_files(&root().join(dir), &mut files);
    }
    assert!(files.len() > 50, "found only {} source files", files.len());
    for file in files {
        let text = fs::read_to_string(&file).unwrap();
        for c in literal.captures_iter(&text) {
            ids.insert(c[1].to_string());
        }
    }
    ids
}

/// The rule id of every `### ` section of docs/rules.md, and the ids named twice.
fn doc_ids(text: &str) -> (BTreeSet<String>, Vec<String>) {
    let mut ids = BTreeSet::new();
    let mut twice = Vec::new();
    for line in text.lines() {
        if let Some(heading) = line.strip_prefix("### ") {
            let id = heading.split_whitespace().next().unwrap_or("").to_string();
            if !ids.insert(id.clone()) {
                twice.push(id);
            }
        }
    }
    (ids, twice)
}

#[test]
fn every_rule_id_has_one_section_in_docs_rules_md() {
    let doc = fs::read_to_string(root().join("docs/rules.md")).unwrap();
    let (documented, twice) = doc_ids(&doc);
    let code = code_ids();
    let undocumented: Vec<&String> = code.difference(&documented).collect();
    let unknown: Vec<&String> = documented.difference(&code).collect();
    assert!(
        undocumented.is_empty() && unknown.is_empty() && twice.is_empty(),
        "rule ids in the code with no section in docs/rules.md: {undocumented:?}; sections of \
         docs/rules.md that name no rule id of the code: {unknown:?}; rule ids with two sections: \
         {twice:?}"
    );
}

#[test]
fn the_rules_test_sees_a_missing_and_an_unknown_section() {
    let (ids, _) =
        doc_ids("# Rules\n## Family\n### MS10 — a new partition (warning)\n### XX9 — gone\n");
    let code = code_ids();
    assert!(ids.contains("MS10") && !code.contains("XX9"));
    assert!(code.contains("K7") && code.contains("REF9") && code.contains("PLAN"));
    assert!(code.difference(&ids).any(|id| id == "CR12"));
}
