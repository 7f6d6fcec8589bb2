//! Benchmark (not a test) of the core pipeline, natively: import, validate, edit (shift every
//! offset by -1) and export (alter ConfigMap YAML and PATCH JSON) of generated MirrorMaker 2
//! source listings of 1k, 10k and 100k entries, in both input forms (the Connect REST payload and
//! the ConfigMap YAML Strimzi writes). Prints one Markdown table of medians.
//!
//!   cargo bench -p offsets-core --bench pipeline --profile release [-- OPTIONS]
//!
//! Options: `--runs N` (default 9, at least 3 for 100k), `--sizes 1000,10000`, and
//! `--write-inputs DIR` (also writes the generated inputs, e.g. for the CLI comparison).
//! `scripts/bench.sh` runs it and records the table in BENCHMARKS.md.
//!
//! No criterion: a median of N wall-clock runs with `std::time::Instant` is enough for figures
//! that differ by orders of magnitude, and keeps the dependency list short.
#![allow(
    clippy::print_stdout,
    clippy::print_stderr,
    clippy::unwrap_used,
    clippy::expect_used
)]

use offsets_core::edit::{Action, ExportScope, Selection, Session};
use offsets_core::export::{self, ConfigMapOptions};
use offsets_core::{ImportOptions, Listing, import, validate};
use std::hint::black_box;
use std::time::{Duration, Instant};

mod inputs;

use inputs::{TOPICS, rest_payload};

/// The ConfigMap Strimzi writes for the same listing (`strimzi.io/connector-offsets=list`):
/// Jackson-pretty JSON in a `|-` block under the MirrorMaker 2 data key.
pub fn configmap_yaml(n: usize) -> String {
    let listing = import(&rest_payload(n), &ImportOptions::default())
        .expect("the generated payload imports")
        .listing;
    let mut s =
        String::from("apiVersion: v1\ndata:\n  east--west.MirrorSourceConnector.json: |-\n");
    for line in listing.to_pretty_json().lines() {
        s.push_str("    ");
        s.push_str(line);
        s.push('\n');
    }
    s.push_str(
        "kind: ConfigMap\nmetadata:\n  labels:\n    strimzi.io/cluster: my-mm2\n    strimzi.io/kind: KafkaMirrorMaker2\n  name: my-mm2-offsets\n  namespace: kafka\n",
    );
    s
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort_unstable();
    times.get(times.len() / 2).copied().unwrap_or_default()
}

fn ms(d: Duration) -> String {
    let ms = d.as_secs_f64() * 1000.0;
    if ms < 10.0 {
        format!("{ms:.2}")
    } else {
        format!("{ms:.1}")
    }
}

/// One run of every stage on `text`; returns the time of each and a note on the exports.
fn run_once(text: &str) -> ([Duration; 6], String) {
    let t = Instant::now();
    let imported = import(black_box(text), &ImportOptions::default()).expect("imports");
    let t_import = t.elapsed();
    let listing: Listing = imported.listing;

    let t = Instant::now();
    let diags = validate(black_box(&listing), Some(&listing));
    let t_validate = t.elapsed();
    black_box(diags);

    let t = Instant::now();
    let mut session = Session::new(listing);
    session
        .apply(Action::ShiftOffsets {
            selection: Selection::All,
            delta: -1,
        })
        .expect("shift -1 is accepted");
    session
        .apply(Action::SetScope {
            scope: ExportScope::ChangedOnly,
        })
        .expect("scope");
    let edited = session.export_listing();
    let t_edit = t.elapsed();

    let t = Instant::now();
    let cm = export::configmap_yaml(
        &edited,
        Some(session.imported()),
        &ConfigMapOptions {
            name: Some("bench-alter".into()),
            ..ConfigMapOptions::default()
        },
    );
    let t_cm = t.elapsed();
    let note = match &cm {
        Ok(e) => format!("{} KiB", e.text.len() / 1024),
        Err(d) if d.iter().any(|d| d.rule == "K6") => "refused: K6 (over 1 MiB)".to_string(),
        Err(d) => format!(
            "refused: {}",
            d.iter()
                .find(|d| d.is_error())
                .map(|d| d.rule)
                .unwrap_or("?")
        ),
    };
    black_box(cm.ok());

    let t = Instant::now();
    let json = export::patch_json(&edited, Some(session.imported()), false).expect("PATCH body");
    let t_json = t.elapsed();
    black_box(json);

    let total = t_import + t_validate + t_edit + t_cm + t_json;
    ([t_import, t_validate, t_edit, t_cm, t_json, total], note)
}

fn main() {
    let mut runs = 9usize;
    let mut sizes = vec![1_000usize, 10_000, 100_000];
    let mut write_inputs: Option<std::path::PathBuf> = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--runs" => runs = args.next().and_then(|v| v.parse().ok()).unwrap_or(runs),
            "--sizes" => {
                sizes = args
                    .next()
                    .unwrap_or_default()
                    .split(',')
                    .filter_map(|s| s.parse().ok())
                    .collect()
            }
            "--write-inputs" => write_inputs = args.next().map(Into::into),
            _ => {} // `cargo bench` passes `--bench`; ignore what we do not know.
        }
    }
    let names = [
        "import",
        "validate",
        "edit (shift -1)",
        "export ConfigMap",
        "export PATCH",
        "total",
    ];
    println!(
        "| input | entries | bytes | {} | ConfigMap export | MB/s (total) |",
        names.join(" ms | ") + " ms"
    );
    println!("|---|---:|---:|{}---|---:|", "---:|".repeat(names.len()));
    for &n in &sizes {
        for (form, text) in [
            ("REST payload", rest_payload(n)),
            ("ConfigMap YAML", configmap_yaml(n)),
        ] {
            if let Some(dir) = &write_inputs {
                std::fs::create_dir_all(dir).expect("create the inputs directory");
                let file = match form {
                    "REST payload" => format!("mm2-source-{n}.rest.json"),
                    _ => format!("mm2-source-{n}.configmap.yaml"),
                };
                std::fs::write(dir.join(file), &text).expect("write an input");
            }
            let runs = if n >= 100_000 { runs.clamp(3, 5) } else { runs };
            let _warm = run_once(&text);
            let mut stages: Vec<Vec<Duration>> = vec![Vec::new(); names.len()];
            let mut note = String::new();
            for _ in 0..runs {
                let (times, n) = run_once(&text);
                note = n;
                for (s, t) in stages.iter_mut().zip(times) {
                    s.push(t);
                }
            }
            let medians: Vec<Duration> = stages.iter_mut().map(|s| median(s)).collect();
            let total = medians.last().copied().unwrap_or_default();
            let mbps = text.len() as f64 / 1e6 / total.as_secs_f64().max(1e-9);
            println!(
                "| {form} | {n} | {} | {} | {note} | {mbps:.0} |",
                text.len(),
                medians
                    .iter()
                    .map(|d| ms(*d))
                    .collect::<Vec<_>>()
                    .join(" | "),
            );
        }
    }
    eprintln!(
        "median of {runs} runs (3-5 for 100k entries) after one warm-up run; wall clock, one thread"
    );
    references(
        sizes.iter().copied().max().unwrap_or(100_000),
        runs.clamp(3, 5),
    );
}

/// `kafka-get-offsets.sh` output for the partitions of [`rest_payload`]`(n)`: one
/// `topic:partition:offset` line each, the offset `base + i`.
fn get_offsets_output(n: usize, base: u64) -> String {
    let mut s = String::with_capacity(n * 24);
    for i in 0..n {
        s.push_str(&format!(
            "topic-{}:{}:{}\n",
            i % TOPICS,
            i / TOPICS,
            base + i as u64
        ));
    }
    s
}

/// Issue 11: loading an earliest and a latest reference of `n` lines each, then the log-range
/// check of `n` rows (classes for the page's column, and the LR diagnostics), natively. The page
/// budget is 1 s for both; this prints the figure, it does not assert it.
fn references(n: usize, runs: usize) {
    use offsets_core::log_range::LogRange;
    use offsets_core::reference::{Role, parse_reference};
    use std::sync::Arc;
    let listing = import(&rest_payload(n), &ImportOptions::default())
        .expect("imports")
        .listing;
    let session = Session::new(listing);
    let earliest_text = get_offsets_output(n, 500_000_000);
    let latest_text = get_offsets_output(n, 900_000_000_000);
    let mut load = Vec::new();
    let mut check = Vec::new();
    let mut summary = String::new();
    for _ in 0..=runs {
        let t = Instant::now();
        let earliest = Arc::new(parse_reference(black_box(&earliest_text), Role::Earliest));
        let latest = Arc::new(parse_reference(black_box(&latest_text), Role::Latest));
        load.push(t.elapsed());
        let range = LogRange {
            earliest: Some(earliest),
            latest: Some(latest),
        };
        let t = Instant::now();
        let classes = offsets_core::set_from::classify_rows(&session, &range);
        let diags = offsets_core::set_from::check_session(&session, &range);
        check.push(t.elapsed());
        summary = format!("{} classes, {} diagnostics", classes.len(), diags.len());
        black_box((classes, diags));
    }
    // The first run is the warm-up.
    load.remove(0);
    check.remove(0);
    let (l, c) = (median(&mut load), median(&mut check));
    println!();
    println!(
        "| references (issue 11) | rows | reference lines | load earliest + latest ms | log-range check ms | total ms | result |"
    );
    println!("|---|---:|---:|---:|---:|---:|---|");
    println!(
        "| kafka-get-offsets.sh output | {n} | {n} (x2) | {} | {} | {} | {summary} |",
        ms(l),
        ms(c),
        ms(l + c)
    );
}
