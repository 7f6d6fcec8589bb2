//! Regression tests for inputs that used to take quadratic time in validation (found by the
//! benchmarks in `core/benches/pipeline.rs`): validating an edited listing against its baseline
//! looked each entry up with a linear scan (10k entries took 11 s in a release build, 100k would
//! have taken about 20 minutes), and every number that is not a 64-bit integer (S8) was
//! remembered in a list scanned again for every later value (quadratic in the number of bad
//! numbers). Both are linear now (the S8 list is gone: each value is judged on its own). These tests assert what is found at that size, not how fast.
//! The test that tells linear from quadratic is the linearity test in `core/src/linearity.rs`:
//! it counts the lookups' work at n and 4n entries (a unit test, because the counter in
//! `core/src/work.rs` exists only in the crate's own test build).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use offsets_core::{ImportOptions, import, validate};

const N: usize = 20_000;

fn payload(offset: impl Fn(usize) -> String) -> String {
    let entries: Vec<String> = (0..N)
        .map(|i| {
            format!(
                r#"{{"partition":{{"cluster":"east","partition":{},"topic":"t{}"}},"offset":{{"offset":{}}}}}"#,
                i / 100,
                i % 100,
                offset(i)
            )
        })
        .collect();
    format!(r#"{{"offsets":[{}]}}"#, entries.join(","))
}

#[test]
fn validate_against_a_baseline_of_20k_entries_finds_each_rewind_once() {
    let before = import(
        &payload(|i| format!("{}", i + 10)),
        &ImportOptions::default(),
    )
    .unwrap();
    let after = import(
        &payload(|i| format!("{}", i + 9)),
        &ImportOptions::default(),
    )
    .unwrap();
    let diags = validate(&after.listing, Some(&before.listing));
    // Every entry is rewound by one record: one MS11 each, nothing new (MS10).
    assert_eq!(diags.iter().filter(|d| d.rule == "MS11").count(), N);
    assert_eq!(diags.iter().filter(|d| d.rule == "MS10").count(), 0);
}

#[test]
fn twenty_thousand_fractional_offsets_are_reported_once_each() {
    let imported = import(&payload(|_| "1.0".into()), &ImportOptions::default()).unwrap();
    let count = |rule: &str| {
        imported
            .diagnostics
            .iter()
            .filter(|d| d.rule == rule)
            .count()
    };
    // MS8 only: MirrorMaker 2 refuses a fraction as "must be an integer"; no S8 besides it
    // (S8 is the 64-bit range, which `1.0` is within).
    assert_eq!(count("MS8"), N);
    assert_eq!(count("S8"), 0);
}
