//! The conformance suite: every case of `tests/conformance/*.json` (request bodies with the answer
//! apache/kafka gives, see that folder's README) validated as a bare REST body with the case's
//! connector kind chosen and exported as the PATCH body, as `connect-offsets export --to json
//! --kind KIND` does. Each case must agree
//! with upstream on the verdict (reject exactly when at least one error is reported; the
//! documented departures are rejected although upstream accepts), the error (reject) or warning
//! (accept with a `rule`) must carry the expected rule id, and its message must contain every
//! `meaning` word. There is no allow-list: a disagreement fails the test.

#![allow(clippy::panic, clippy::expect_used, clippy::print_stdout)]

use offsets_core::json::{self, JsonKind, JsonValue};
use offsets_core::{ConnectorKind, Diagnostic, ImportOptions, Severity, export, import};
use std::path::Path;

/// Where our rule id legitimately differs from the one the case names (section 8's id).
const ALIASES: &[(&str, &str)] = &[
    // A syntax error in a bare REST body is our `JSON` diagnostic; IMP3 is the same failure
    // inside a ConfigMap's data value, where Strimzi words it.
    ("IMP3", "JSON"),
    // An `offset` that is neither null nor an object, for a generic source connector: the
    // cases name the nearest section 8 rule (S4, README disagreement 8); ours has its own id.
    ("S4", "S11"),
];

struct Case {
    id: String,
    kind: String,
    body: String,
    reject: bool,
    rule: Option<String>,
    meaning: Vec<String>,
    departure: bool,
}

fn field<'a>(v: &'a JsonValue, k: &str) -> &'a JsonValue {
    v.get(k).unwrap_or_else(|| panic!("case without '{k}'"))
}

fn string(v: &JsonValue, k: &str) -> String {
    field(v, k).as_str().unwrap_or_default().to_string()
}

fn cases() -> Vec<Case> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/conformance");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/conformance")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).expect("case file");
        let root = json::parse(&text).unwrap_or_else(|e| panic!("{}: {e:?}", f.display()));
        for c in root.as_array().expect("a list of cases") {
            out.push(Case {
                id: string(c, "id"),
                kind: string(c, "kind"),
                body: string(c, "body"),
                reject: string(c, "verdict") == "reject",
                rule: field(c, "rule").as_str().map(str::to_string),
                meaning: field(c, "meaning")
                    .as_array()
                    .unwrap_or_default()
                    .iter()
                    .filter_map(|m| m.as_str().map(str::to_lowercase))
                    .collect(),
                departure: matches!(field(c, "departure").kind, JsonKind::Bool(true)),
            });
        }
    }
    out
}

fn rule_matches(ours: &str, expected: &str) -> bool {
    ours == expected || ALIASES.contains(&(expected, ours))
}

/// `None` when the case agrees, else why not.
fn check(c: &Case) -> Option<String> {
    let kind = ConnectorKind::from_choice(&c.kind)?;
    let options = ImportOptions {
        kind: Some(kind),
        ..ImportOptions::default()
    };
    // The verdict is the export's: the body is what a user would send as the alter, so the
    // PATCH export's refusals count too (an empty alter is refused there, S2, not by `validate`,
    // since an empty listing is normal).
    let diagnostics: Vec<Diagnostic> = match import(&c.body, &options) {
        Ok(imported) => match export::patch_json(&imported.listing, None, false) {
            Ok(_) => imported.diagnostics,
            Err(refused) => refused,
        },
        Err(errors) => errors,
    };
    let errors: Vec<&Diagnostic> = diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .collect();
    let we_reject = !errors.is_empty();
    let should_reject = c.reject || c.departure;
    let shown = || {
        diagnostics
            .iter()
            .map(|d| format!("    {d}"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    if we_reject != should_reject {
        return Some(format!(
            "verdict: expected {}, got {}\n{}",
            if should_reject { "reject" } else { "accept" },
            if we_reject { "reject" } else { "accept" },
            shown()
        ));
    }
    let Some(rule) = &c.rule else { return None };
    let wanted = if should_reject {
        Severity::Error
    } else {
        Severity::Warning
    };
    let candidates: Vec<&Diagnostic> = diagnostics
        .iter()
        .filter(|d| d.severity == wanted && rule_matches(d.rule, rule))
        .collect();
    if candidates.is_empty() {
        return Some(format!("no {wanted:?} with rule {rule}\n{}", shown()));
    }
    let faithful = candidates.iter().any(|d| {
        let m = d.message.to_lowercase();
        c.meaning.iter().all(|w| m.contains(w.as_str()))
    });
    if !faithful {
        return Some(format!(
            "no {rule} message contains all of {:?}\n{}",
            c.meaning,
            shown()
        ));
    }
    None
}

#[test]
fn every_conformance_case_agrees_with_upstream() {
    let cases = cases();
    assert!(cases.len() >= 150, "only {} cases", cases.len());
    let mut failures = Vec::new();
    let mut departures = 0;
    for c in &cases {
        if ConnectorKind::from_choice(&c.kind).is_none() {
            failures.push(format!("{}: unknown kind '{}'", c.id, c.kind));
            continue;
        }
        if c.departure {
            departures += 1;
        }
        if let Some(why) = check(c) {
            failures.push(format!("{}: {why}", c.id));
        }
    }
    println!(
        "conformance: {} cases, {} agree ({departures} departures)",
        cases.len(),
        cases.len() - failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} disagreement(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
}
