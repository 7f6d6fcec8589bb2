//! The linearity test: the lookups by partition that could make validation quadratic (the
//! baseline, looked up entry by entry with a scan until 2c4227f, and S7's index of the
//! partitions seen) are measured by the work they do, never by time. Each case runs at `N` and
//! at `4 * N` entries and counts the steps of `work.rs` (one partition map made comparable,
//! what every lookup by partition pays, hashed or scanned): a linear check does about 4 times
//! the work at 4 times the size, a quadratic one about 16 times. The limit, 5 times, leaves
//! room for the fixed work of a listing and none for a scan.
//!
//! `a_scan_per_entry_is_refused` runs the lookup that validation used before it was indexed, to
//! show that the measure tells the two apart (a degenerate hash in the S7 index fails the other
//! three the same way, 15.7 to 16 times); `core/tests/it/hostile_scaling.rs` checks what is
//! found at 20k entries.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::checking::validate::{validate, validate_streamed};
use crate::diag::Diagnostic;
use crate::model::Listing;
use crate::pipeline::import;
use crate::reading::import::ImportOptions;
use crate::work;
use std::borrow::Cow;

/// The smaller size; large enough that the fixed work of a listing is small beside it, small
/// enough that a quadratic regression fails in a second rather than a minute.
const N: usize = 500;

/// At most this many times the work at 4 times the entries.
const LIMIT: u64 = 5;

/// A MirrorMaker 2 source listing of `n` entries, partition `i` holding `offset(i)`, each
/// partition `copies` times in a row.
fn listing(n: usize, copies: usize, offset: impl Fn(usize) -> usize) -> Listing {
    let entries: Vec<String> = (0..n)
        .map(|i| {
            let p = i / copies;
            format!(
                r#"{{"partition":{{"cluster":"east","partition":{},"topic":"t{}"}},"offset":{{"offset":{}}}}}"#,
                p / 100,
                p % 100,
                offset(i)
            )
        })
        .collect();
    let text = format!(r#"{{"offsets":[{}]}}"#, entries.join(","));
    import(&text, &ImportOptions::default())
        .expect("a valid listing")
        .listing
}

/// The steps `measure` counts at `N` and at `4 * N` entries.
fn work_at_n_and_4n(measure: impl Fn(usize) -> u64) -> (u64, u64) {
    (measure(N), measure(4 * N))
}

/// Fails unless the work grows at most [`LIMIT`] times from `N` to `4 * N` entries.
fn check_linear(what: &str, measure: impl Fn(usize) -> u64) {
    let (small, large) = work_at_n_and_4n(measure);
    // A counter that sees nothing would pass any size: every entry is looked up at least once.
    assert!(
        small >= N as u64,
        "{what}: {small} steps at {N} entries; the counter in work.rs is not reached"
    );
    assert!(
        large <= LIMIT * small,
        "{what} is not linear: {small} steps at {N} entries, {large} at {} ({:.1} times; at most {LIMIT})",
        4 * N,
        large as f64 / small as f64
    );
}

fn count(diags: &[Diagnostic], rule: &str) -> usize {
    diags.iter().filter(|d| d.rule == rule).count()
}

#[test]
fn validating_against_a_baseline_is_linear() {
    check_linear("validating against a baseline", |n| {
        let before = listing(n, 1, |i| i + 10);
        let after = listing(n, 1, |i| i + 9);
        let (diags, steps) = work::count(|| validate(&after, Some(&before)));
        // Every entry found in the baseline, rewound by one record (MS11), none new (MS10).
        assert_eq!((count(&diags, "MS11"), count(&diags, "MS10")), (n, 0));
        steps
    });
}

#[test]
fn finding_duplicate_partitions_is_linear() {
    check_linear("finding duplicate partitions (S7)", |n| {
        let listing = listing(n, 2, |i| i);
        let (diags, steps) = work::count(|| validate(&listing, None));
        assert_eq!(count(&diags, "S7"), n / 2);
        steps
    });
}

#[test]
fn finding_duplicate_partitions_while_streaming_is_linear() {
    check_linear(
        "finding duplicate partitions in a streamed validation (S7)",
        |n| {
            let listing = listing(n, 2, |i| i);
            let entries = listing.entries.iter().map(|e| (Cow::Borrowed(e), e));
            let (diags, steps) = work::count(|| validate_streamed(&listing, entries, |_| {}));
            assert_eq!(count(&diags.expect("a streamable listing"), "S7"), n / 2);
            steps
        },
    );
}

/// Every entry one partition: each is compared with the first of its key only, not with
/// every earlier copy (S7's pairs are found among entries that share a hash).
#[test]
fn one_partition_listed_over_and_over_is_linear() {
    check_linear("one partition repeated (S7)", |n| {
        let listing = listing(n, n, |i| i);
        let (diags, steps) = work::count(|| validate(&listing, None));
        assert_eq!(count(&diags, "S7"), n - 1);
        steps
    });
    check_linear("one partition repeated, streamed (S7)", |n| {
        let listing = listing(n, n, |i| i);
        let entries = listing.entries.iter().map(|e| (Cow::Borrowed(e), e));
        let (diags, steps) = work::count(|| validate_streamed(&listing, entries, |_| {}));
        assert_eq!(count(&diags.expect("a streamable listing"), "S7"), n - 1);
        steps
    });
}

#[test]
fn a_scan_per_entry_is_refused() {
    // The baseline lookup before it was indexed: `Listing::find`, a scan, for every entry.
    let (small, large) = work_at_n_and_4n(|n| {
        let (before, after) = (listing(n, 1, |i| i + 10), listing(n, 1, |i| i + 9));
        let (found, steps) = work::count(|| {
            let keys = after.entries.iter().filter_map(|e| e.key());
            keys.filter(|k| before.find(k).is_some()).count()
        });
        assert_eq!(found, n);
        steps
    });
    assert!(
        large > LIMIT * small,
        "a scan per entry measured as linear: {small} steps at {N} entries, {large} at {}",
        4 * N
    );
}
