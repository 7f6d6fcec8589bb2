//! Golden files pin every procedure variant byte for byte (steps and script), and every variant
//! passes `bash -n` and shellcheck. `UPDATE_GOLDEN=1 cargo test -p offsets-core --test
//! it procedure_golden` rewrites the files.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeSet;
use std::path::PathBuf;

use crate::procedure_support::{bash_syntax, require_shellcheck, shellcheck, variants};
use offsets_core::procedure::{Operation, Target, plan};
use offsets_test_support::golden;

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/golden/procedures")
}

fn renderings() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (name, options, operation) in variants() {
        let procedure =
            plan(&options, &operation).unwrap_or_else(|d| panic!("{name}: refused: {d:?}"));
        out.push((format!("{name}.steps.sh"), procedure.render_steps()));
        out.push((format!("{name}.script.sh"), procedure.render_script()));
    }
    out
}

#[test]
fn procedures_match_golden_files() {
    let dir = golden_dir();
    let mut failures = Vec::new();
    let mut expected_files = BTreeSet::new();
    for (file, text) in renderings() {
        golden::check_into(&dir.join(&file), &text, &mut failures);
        expected_files.insert(file);
    }
    // A golden file no variant produces any more is stale.
    failures.extend(golden::stale(&dir, &expected_files));
    assert!(
        failures.is_empty(),
        "{}\nRun with UPDATE_GOLDEN=1 to rewrite, then review the diff.",
        failures.join("\n")
    );
}

#[test]
fn every_variant_parses_as_bash() {
    for (file, text) in renderings() {
        if let Err(out) = bash_syntax(&text) {
            panic!("{file}: bash -n failed:\n{out}\n{text}");
        }
    }
}

#[test]
fn every_variant_passes_shellcheck() {
    require_shellcheck();
    let mut failures = Vec::new();
    for (file, text) in renderings() {
        if let Err(out) = shellcheck(&text) {
            failures.push(format!("{file}:\n{out}"));
        }
    }
    assert!(
        failures.is_empty(),
        "shellcheck findings:\n{}",
        failures.join("\n")
    );
}

#[test]
fn scripts_are_strict_and_define_their_variables_once() {
    for (name, options, operation) in variants() {
        let p = plan(&options, &operation).unwrap();
        let script = p.render_script();
        assert!(script.starts_with("#!/usr/bin/env bash\n"), "{name}");
        assert!(script.contains("\nset -euo pipefail\n"), "{name}");
        for v in &p.variables {
            let definition = format!("\n{}='", v.name);
            assert_eq!(script.matches(&definition).count(), 1, "{name}: {}", v.name);
        }
        assert_eq!(
            p.steps.len(),
            p.render_steps()
                .matches("\n# ")
                .filter(|_| true)
                .count()
                .min(p.steps.len()),
            "{name}"
        );
    }
}

#[test]
fn each_step_renders_alone_as_in_the_steps() {
    // The page's "Copy step N" copies render_step; pasted in order they are the steps.
    for (name, options, operation) in variants() {
        let p = plan(&options, &operation).unwrap();
        let all = p.render_steps();
        let mut at = 0;
        for i in 0..p.steps.len() {
            let one = p.render_step(i);
            assert!(one.starts_with(&format!("# {}. ", i + 1)), "{name} {i}");
            let found = all[at..]
                .find(&one)
                .unwrap_or_else(|| panic!("{name}: step {} not in the steps", i + 1));
            at += found + one.len();
            assert!(
                bash_syntax(&one).is_ok(),
                "{name}: step {} alone does not parse",
                i + 1
            );
        }
        assert_eq!(p.render_step(p.steps.len()), "");
        // The page shows the header and each step in blocks of their own: together they are
        // the steps, nothing left out.
        let rebuilt =
            (0..p.steps.len()).fold(p.render_header(), |text, i| text + "\n" + &p.render_step(i));
        assert_eq!(rebuilt, all, "{name}");
    }
}

/// The safe order is written once (`procedure/sequence.rs`), whatever renders the steps: an
/// alter over kubectl (in one ConfigMap or in rounds) or REST records the state, stops, waits
/// for STOPPED, lists again and compares before its own alter steps, then verifies, resumes and
/// cleans up; a reset records, stops, waits and lists before it resets; a create starts the
/// connector only after the verify.
#[test]
fn every_transport_alters_resets_and_creates_in_the_safe_order() {
    const BEFORE_ALTER: [&str; 5] = [
        "Record the current state",
        "Stop the connector",
        "Wait until the connector is STOPPED",
        "List the offsets again, now that the connector is stopped",
        "Compare with the listing the edits were made on",
    ];
    const AFTER_ALTER: [&str; 3] = [
        "List the offsets again and check that they landed",
        "Resume the connector",
        "Clean up (optional)",
    ];
    const BEFORE_RESET: [&str; 4] = [
        "Record the current state",
        "Stop the connector",
        "Wait until the connector is STOPPED",
        "List the offsets before the reset",
    ];
    const AFTER_CREATE: [&str; 3] = [
        "List the offsets again and check that they landed",
        "Start the connector",
        "Clean up (optional)",
    ];
    let mut seen = BTreeSet::new();
    for (name, options, operation) in variants() {
        let p = plan(&options, &operation).unwrap();
        let titles: Vec<&str> = p.steps.iter().map(|s| s.title.as_str()).collect();
        let rest = matches!(options.target, Target::Rest { .. });
        let (head, tail): (&[&str], &[&str]) = match &operation {
            Operation::Alter { .. } => (&BEFORE_ALTER, &AFTER_ALTER),
            Operation::Reset => (&BEFORE_RESET, &["Resume the connector"]),
            Operation::Create { .. } => (&[], &AFTER_CREATE),
            Operation::List | Operation::AutoOffsetReset(_) => continue,
        };
        assert!(titles.starts_with(head), "{name}: {titles:#?}");
        assert!(titles.ends_with(tail), "{name}: {titles:#?}");
        // Between the two, only the transport's own steps: no second stop, compare or verify.
        let middle = &titles[head.len()..titles.len() - tail.len()];
        for title in head.iter().chain(tail) {
            assert!(
                !middle.contains(title),
                "{name}: {title} twice: {titles:#?}"
            );
        }
        if matches!(operation, Operation::Create { .. }) {
            let stopped = titles.iter().position(|t| t.contains("STOPPED"));
            assert!(
                stopped.is_some_and(|i| i < titles.len() - tail.len()),
                "{name}"
            );
        }
        seen.insert((head.len(), rest));
    }
    // Alter, reset and create (told apart by their head), each over both transports.
    assert_eq!(seen.len(), 6, "{seen:?}");
}
