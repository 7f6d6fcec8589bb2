//! The alter ConfigMap in rounds (issue 20 item 11): over 1 MiB (K6) the export cuts the entries
//! into ConfigMaps NAME-1, NAME-2, ..., each under the limit, and together they hold exactly the
//! entries one ConfigMap would.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use offsets_core::export::{self, ConfigMapOptions, Gate, MAX_CONFIGMAP_BYTES, configmap_rounds};
use offsets_core::import::import_bytes_unvalidated;
use offsets_core::{ImportOptions, Listing, import};

/// A MirrorMaker 2 alter ConfigMap of `n` entries (about 150 bytes each as Strimzi writes them).
fn mm2_configmap(n: usize) -> String {
    let entries: Vec<String> = (0..n)
        .map(|i| {
            format!(
                "{{\"partition\":{{\"cluster\":\"east\",\"partition\":{},\"topic\":\"orders-{}\"}},\"offset\":{{\"offset\":{}}}}}",
                i % 64,
                i / 64,
                1000 + i
            )
        })
        .collect();
    format!(
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: mirror-offsets\n  namespace: kafka\ndata:\n  east--west.MirrorSourceConnector.json: '{{\"offsets\":[{}]}}'\n",
        entries.join(",")
    )
}

fn listing(text: &str) -> Listing {
    import(text, &ImportOptions::default()).unwrap().listing
}

fn documents(text: &str) -> Vec<&str> {
    text.split("\n---\n").collect()
}

#[test]
fn over_one_mebibyte_the_rounds_each_fit_and_together_hold_every_entry_in_order() {
    let whole = listing(&mm2_configmap(12_000));
    let single = export::configmap_yaml(&whole, None, &ConfigMapOptions::default());
    let refused = single.unwrap_err();
    assert!(
        refused.iter().any(|d| d.rule == "K6"
            && d.message.contains("connect-offsets export --split")
            && d.message.contains("Export in rounds")),
        "{refused:?}"
    );

    let rounds = configmap_rounds(
        &whole,
        Gate::Validate { baseline: None },
        &ConfigMapOptions::default(),
        None,
    )
    .unwrap();
    assert!(rounds.names.len() >= 2, "{:?}", rounds.names);
    let expected: Vec<String> = (1..=rounds.names.len())
        .map(|i| format!("mirror-offsets-alter-{i}"))
        .collect();
    assert_eq!(rounds.names, expected);
    let docs = documents(&rounds.export.text);
    assert_eq!(docs.len(), rounds.names.len());
    let mut entries = Vec::new();
    for (doc, name) in docs.iter().zip(&rounds.names) {
        let round = import_bytes_unvalidated(doc.as_bytes(), &ImportOptions::default()).unwrap();
        let meta = round.configmap.as_ref().unwrap();
        assert_eq!(meta.name.as_deref(), Some(name.as_str()));
        assert_eq!(meta.namespace.as_deref(), Some("kafka"));
        assert_eq!(
            round.data_key.as_deref(),
            Some("east--west.MirrorSourceConnector.json")
        );
        let data = round.to_pretty_json().len();
        assert!(data <= MAX_CONFIGMAP_BYTES, "{name}: {data} bytes");
        // Rounds are filled, not cut into slivers: each but the last holds over half the limit.
        if name != rounds.names.last().unwrap() {
            assert!(data > MAX_CONFIGMAP_BYTES / 2, "{name}: only {data} bytes");
        }
        entries.extend(round.entries);
    }
    assert_eq!(rounds.entries.iter().sum::<usize>(), whole.entries.len());
    // The same entries in the same order (positions differ: they come from other texts).
    let mut joined = whole.clone();
    joined.entries = entries;
    assert!(
        joined.to_compact_json() == whole.to_compact_json(),
        "the rounds lost or reordered entries"
    );
    let note = rounds
        .export
        .diagnostics
        .iter()
        .find(|d| d.rule == "K6")
        .unwrap();
    assert!(
        note.message.starts_with(&format!(
            "Exported in {} rounds, mirror-offsets-alter-1 to mirror-offsets-alter-{}",
            rounds.names.len(),
            rounds.names.len()
        )),
        "{}",
        note.message
    );
}

#[test]
fn what_fits_is_one_round_still_named_for_rounds() {
    let small = listing(&mm2_configmap(3));
    let rounds = configmap_rounds(
        &small,
        Gate::Validate { baseline: None },
        &ConfigMapOptions::default(),
        None,
    )
    .unwrap();
    assert_eq!(rounds.names, ["mirror-offsets-alter-1"]);
    assert_eq!(rounds.entries, [3]);
    assert!(!rounds.export.text.contains("---"));
    assert!(
        rounds
            .export
            .text
            .contains("name: \"mirror-offsets-alter-1\"")
    );
}

#[test]
fn a_smaller_round_size_gives_more_rounds_and_a_larger_one_is_capped() {
    let small = listing(&mm2_configmap(10));
    let cut = |bytes| {
        configmap_rounds(
            &small,
            Gate::Validate { baseline: None },
            &ConfigMapOptions::default(),
            Some(bytes),
        )
        .unwrap()
    };
    let r = cut(400);
    assert!(r.names.len() >= 4, "{:?}", r.entries);
    for doc in documents(&r.export.text) {
        let round = import_bytes_unvalidated(doc.as_bytes(), &ImportOptions::default()).unwrap();
        assert!(round.to_pretty_json().len() <= 400 || round.entries.len() == 1);
    }
    assert_eq!(cut(usize::MAX).names.len(), 1);
}

#[test]
fn a_validation_error_refuses_every_round() {
    let bad = mm2_configmap(3).replace("\"offset\":1000", "\"offset\":-5");
    let refused = configmap_rounds(
        &listing_unvalidated(&bad),
        Gate::Validate { baseline: None },
        &ConfigMapOptions::default(),
        None,
    )
    .unwrap_err();
    assert!(refused.iter().any(|d| d.is_error()), "{refused:?}");
}

fn listing_unvalidated(text: &str) -> Listing {
    import_bytes_unvalidated(text.as_bytes(), &ImportOptions::default()).unwrap()
}
