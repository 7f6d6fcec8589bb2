//! Golden files pin every procedure variant byte for byte (steps and script), and every variant
//! passes `bash -n` and shellcheck. `UPDATE_GOLDEN=1 cargo test -p offsets-core --test
//! it procedure_golden` rewrites the files.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeSet;
use std::path::PathBuf;

use crate::procedure_support::{bash_syntax, require_shellcheck, shellcheck, variants};
use offsets_core::procedure::plan;
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
