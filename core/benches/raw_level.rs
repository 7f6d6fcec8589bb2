//! Benchmark (not a test) of the raw level alone (issue 22): the tree (`json::parse`, what the
//! import builds today), the flat tape (`json::parse_tape`) and serde_json's own `Value` as the
//! peer, on the generated 100k-entry REST payload. Prints the median time and the heap each
//! result holds at its peak, counted by a global allocator (so this is its own binary: the
//! counting would slow every allocation of the pipeline bench). Then the writers (issue 33)
//! through the view `json::Raw`: the same parsed payload written pretty and compact from the
//! tree's view and from the tape's, which must give the same bytes. Last (issue 34), import,
//! validate and `edit --shift -1` (a Session shift and the payload written) over the listing's
//! entries held as trees and held on a tape, side by side.
//!
//!   cargo bench -p offsets-core --bench raw_level --profile release [-- --runs N --entries N]
#![allow(clippy::print_stdout, clippy::unwrap_used)]

mod inputs;

use inputs::rest_payload;
use peak_alloc::PeakAlloc;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// The system allocator, counting the bytes live and their peak.
#[global_allocator]
static HEAP: PeakAlloc = PeakAlloc;

fn median(times: &mut [Duration]) -> Duration {
    times.sort_unstable();
    times.get(times.len() / 2).copied().unwrap_or_default()
}

/// Runs `f`, keeping its result alive until the peak is read: (time, peak heap bytes above
/// what was live before).
fn timed_peak<T>(f: impl FnOnce() -> T) -> (Duration, usize) {
    let before = HEAP.current_usage();
    HEAP.reset_peak_usage();
    let t = Instant::now();
    let value = black_box(f());
    let elapsed = t.elapsed();
    let peak = HEAP.peak_usage().saturating_sub(before);
    drop(value);
    (elapsed, peak)
}

/// A parser under test: the text in, a count out (so the result is used).
type Parse = dyn Fn(&str) -> usize;

fn main() {
    let mut runs = 5usize;
    let mut n = 100_000usize;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--runs" => runs = args.next().and_then(|v| v.parse().ok()).unwrap_or(runs),
            "--entries" => n = args.next().and_then(|v| v.parse().ok()).unwrap_or(n),
            _ => {} // `cargo bench` passes `--bench`; ignore what we do not know.
        }
    }
    raw_level(n, runs.max(1));
    writers(n, runs.max(1));
    storages(n, runs.max(1));
}

/// Validate and edit over the same listing held both ways (issue 34): entries as trees (what
/// the import builds today) and as nodes of the document's tape (`ImportOptions::storage`,
/// what step 3 switches on). Each figure is the median time and the heap held at its peak.
fn storages(n: usize, runs: usize) {
    use offsets_core::edit::{Action, Selection, Session};
    use offsets_core::import::{ImportOptions, Storage, read};
    let text = rest_payload(n);
    println!();
    println!(
        "| {n}-entry REST payload, {} bytes, entries held as | import ms | import peak heap | listing held | x input | validate ms | validate heap | edit --shift -1 ms | edit heap |",
        text.len()
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (name, storage) in [
        ("trees (Storage::Tree)", Storage::Tree),
        ("a tape (Storage::Tape)", Storage::Tape),
    ] {
        let options = ImportOptions {
            storage,
            max_bytes: Some(usize::MAX),
            ..ImportOptions::default()
        };
        let measure = |f: &dyn Fn() -> usize| {
            let mut times = Vec::new();
            let mut peak = 0;
            for _ in 0..=runs {
                let (t, p) = timed_peak(f);
                times.push(t);
                peak = p;
            }
            times.remove(0);
            (median(&mut times), peak)
        };
        let (import_t, import_peak) =
            measure(&|| read(black_box(&text), &options).map_or(0, |l| l.0.entries.len()));
        let before = HEAP.current_usage();
        let Ok((listing, _)) = read(&text, &options) else {
            println!("| {name} | refused | | | | | | | |");
            continue;
        };
        let held = HEAP.current_usage().saturating_sub(before);
        let (validate_t, validate_heap) =
            measure(&|| offsets_core::validate(black_box(&listing), None).len());
        let (edit_t, edit_heap) = measure(&|| {
            let mut session = Session::new(listing.clone());
            let _ = session.apply(Action::ShiftOffsets {
                selection: Selection::All,
                delta: -1,
            });
            session.working_listing().to_compact_json().len()
        });
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        println!(
            "| {name} | {:.1} | {:.1} MB | {:.1} MB | {:.2}x | {:.1} | {:.1} MB | {:.1} | {:.1} MB |",
            ms(import_t),
            import_peak as f64 / 1e6,
            held as f64 / 1e6,
            held as f64 / text.len() as f64,
            ms(validate_t),
            validate_heap as f64 / 1e6,
            ms(edit_t),
            edit_heap as f64 / 1e6,
        );
    }
}

/// The median of `runs` timed calls of `f` after a warm-up, and its last result.
fn median_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut last = f();
    let mut times = Vec::new();
    for _ in 0..runs {
        let t = Instant::now();
        last = black_box(f());
        times.push(t.elapsed());
    }
    (median(&mut times), last)
}

/// The Jackson-pretty and compact writers through the view, over the tree and over the tape
/// of the same `n`-entry REST payload.
fn writers(n: usize, runs: usize) {
    use offsets_core::json::{self, Raw};
    let text = rest_payload(n);
    let tree = json::parse(&text).unwrap();
    let tape = json::parse_tape(&text).unwrap();
    let views: [(&str, Raw<'_>); 2] = [
        ("tree view (Raw::Tree)", tree.raw()),
        ("tape view (Raw::Tape)", Raw::from(tape.root())),
    ];
    println!();
    println!(
        "| writing the {n}-entry payload through json::Raw | to_pretty ms | to_compact ms | bytes (pretty) |"
    );
    println!("|---|---:|---:|---:|");
    let mut written: Vec<(String, String)> = Vec::new();
    for (name, view) in views {
        let (pretty_t, pretty) = median_of(runs, || json::to_pretty(black_box(view)));
        let (compact_t, compact) = median_of(runs, || json::to_compact(black_box(view)));
        println!(
            "| {name} | {:.1} | {:.1} | {} |",
            pretty_t.as_secs_f64() * 1000.0,
            compact_t.as_secs_f64() * 1000.0,
            pretty.len()
        );
        written.push((pretty, compact));
    }
    let same = written.windows(2).all(|w| w.first() == w.get(1));
    println!("| the two views wrote the same bytes | {same} | {same} | |");
}

/// The three parsers on the REST payload of `n` entries, `runs` times each after a warm-up.
fn raw_level(n: usize, runs: usize) {
    let text = rest_payload(n);
    let mut rows: Vec<(&str, Duration, usize)> = Vec::new();
    let parsers: [(&str, &Parse); 3] = [
        ("tree (json::parse)", &|t| {
            offsets_core::json::parse(t).map_or(0, |v| v.as_members().map_or(0, <[_]>::len))
        }),
        ("tape (json::parse_tape)", &|t| {
            offsets_core::json::parse_tape(t).map_or(0, |tape| tape.len())
        }),
        ("serde_json::Value (peer)", &|t| {
            serde_json::from_str::<serde_json::Value>(t)
                .map_or(0, |v| v.as_object().map_or(0, serde_json::Map::len))
        }),
    ];
    for (name, parse) in parsers {
        let mut times = Vec::new();
        let mut peak = 0;
        for _ in 0..=runs {
            let (t, p) = timed_peak(|| parse(black_box(&text)));
            times.push(t);
            peak = p;
        }
        times.remove(0);
        rows.push((name, median(&mut times), peak));
    }
    println!(
        "| raw level (issue 22), {n}-entry REST payload, {} bytes | parse ms | vs serde_json::Value | heap held at peak | x input |",
        text.len()
    );
    println!("|---|---:|---:|---:|---:|");
    let peer = rows.last().map_or(Duration::ZERO, |r| r.1);
    for (name, t, peak) in &rows {
        println!(
            "| {name} | {:.1} | {:.2}x | {:.1} MB | {:.2}x |",
            t.as_secs_f64() * 1000.0,
            t.as_secs_f64() / peer.as_secs_f64().max(1e-9),
            *peak as f64 / 1e6,
            *peak as f64 / text.len() as f64
        );
    }
}
