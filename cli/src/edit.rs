//! `connect-offsets edit FILE [edits] [filters] [-o OUT]`: applies edits through the core's
//! reducer and writes the WHOLE edited document back in the form and layout it was read in
//! (only the edited bytes change; where the layout cannot be kept, a note on stderr says so).
//! Also holds the helpers the other editing commands share (loading with the original text,
//! the `[CLUSTER/]TOPIC:PARTITION` syntax).

use crate::edit_flags::{EditFlags, Op, parse_flags};
use crate::input::{self, Source};
use crate::output::report;
use crate::{error::CliError, output, reference};
use offsets_core::edit::{Action, OffsetValue, Selection, Session};
use offsets_core::export::{Rewritten, rewrite_document, rewrite_session};
use offsets_core::filter::PartitionSet;
use offsets_core::import::{import_bytes_unvalidated, import_shared_unvalidated};
use offsets_core::reference::{Reference, Role};
use std::io::Write;

/// The partitions a `--set-from latest` gave their log end.
type Filled = Vec<(String, i64)>;
/// A `--set-from`'s reference, with what a `--set-from latest` right after it filled.
type SetFrom = (Arc<Reference>, Filled);
use offsets_core::{Diagnostic, ImportOptions, Listing};
use std::process::ExitCode;
use std::sync::Arc;

/// A listing together with the text it was imported from.
pub struct Loaded {
    /// The input, shared with the listing's tape (held once).
    pub text: Arc<String>,
    pub listing: Listing,
}

/// Reads and imports `source`; an import failure is reported on stderr and becomes the exit
/// code `validate` would use.
pub fn load(source: &Source, options: &ImportOptions) -> Result<Loaded, CliError> {
    let bytes = source.read_up_to(options.input_limit())?;
    // Not validated here: every caller validates what it finally writes (or exports) itself.
    // The text is shared with the listing's tape, not copied into it; bytes that are not
    // UTF-8 (or too many) are refused by the byte import, word for word.
    let imported = match String::from_utf8(bytes) {
        Ok(text) => {
            let text = Arc::new(text);
            import_shared_unvalidated(Arc::clone(&text), options).map(|listing| (text, listing))
        }
        Err(e) => import_bytes_unvalidated(e.as_bytes(), options).map(|listing| {
            let text = String::from_utf8_lossy(e.as_bytes()).into_owned();
            (Arc::new(text), listing)
        }),
    };
    match imported {
        Ok((text, listing)) => Ok(Loaded { text, listing }),
        Err(diags) => {
            report(&source.display_name(), &diags, usize::MAX);
            Err(CliError {
                message: format!("{} could not be imported", source.display_name()),
                code: input::failed_import_code(&diags),
            })
        }
    }
}

/// Parses `[CLUSTER/]TOPIC:PARTITION`.
pub fn parse_partition_ref(spec: &str) -> Result<(Option<String>, String, i64), CliError> {
    let bad = || {
        CliError::usage(format!(
            "'{spec}' is not [CLUSTER/]TOPIC:PARTITION (for example east/orders:0 or orders:3)"
        ))
    };
    let (left, partition) = spec.rsplit_once(':').ok_or_else(bad)?;
    let partition: i64 = partition.parse().map_err(|_| bad())?;
    if partition < 0 {
        return Err(bad());
    }
    let (cluster, topic) = match left.split_once('/') {
        Some((c, t)) => (Some(c.to_string()), t.to_string()),
        None => (None, left.to_string()),
    };
    if topic.is_empty() || cluster.as_deref() == Some("") {
        return Err(bad());
    }
    Ok((cluster, topic, partition))
}

/// The row of a listed partition, or a refusal (exit 1).
pub fn find_row(
    session: &Session,
    cluster: Option<&str>,
    topic: &str,
    partition: i64,
) -> Result<usize, CliError> {
    let mut found = Vec::new();
    for i in 0..session.len() {
        let Some(f) = session.facts(i) else { continue };
        if session.row(i).is_some_and(|r| r.removed) {
            continue;
        }
        if f.topic == Some(topic)
            && f.partition == Some(partition)
            && cluster.is_none_or(|c| f.cluster == Some(c))
        {
            found.push(i);
        }
    }
    let name = match cluster {
        Some(c) => format!("{c}/{topic}:{partition}"),
        None => format!("{topic}:{partition}"),
    };
    match found.as_slice() {
        [one] => Ok(*one),
        [] => Err(CliError {
            message: format!(
                "edit refused: partition {name} is not listed; only listed partitions can be edited. Nothing was written."
            ),
            code: 1,
        }),
        _ => Err(CliError {
            message: format!(
                "edit refused: {name} matches {} entries (one per cluster); write it as CLUSTER/{topic}:{partition}. Nothing was written.",
                found.len()
            ),
            code: 1,
        }),
    }
}

fn refused(e: offsets_core::EditError) -> CliError {
    CliError {
        message: format!("edit refused: {e}"),
        code: 1,
    }
}

pub fn run(parser: &mut lexopt::Parser) -> Result<ExitCode, CliError> {
    let EditFlags {
        args,
        ops,
        filter,
        out_path,
        reference_specs,
        add_unlisted,
    } = match parse_flags(parser)? {
        Ok(flags) => flags,
        Err(help) => return Ok(help),
    };
    let Some(source) = args.source else {
        return Err(CliError::usage(
            "edit needs a FILE (or - for stdin); see --help",
        ));
    };
    if add_unlisted && !ops.iter().any(|op| matches!(op, Op::SetFrom(..))) {
        return Err(CliError::usage("--add-unlisted goes with --set-from"));
    }
    let (references, set_from) = read_references(&ops, reference_specs)?;
    let range = offsets_core::log_range::LogRange::from_references(&references);
    if filter.needs_range() && range.is_empty() {
        return Err(CliError::usage(
            "range: filters need the earliest or latest offsets: add --reference earliest=FILE and/or --reference latest=FILE",
        ));
    }
    let mut set_from = set_from.into_iter();
    let name = source.display_name();
    let loaded = load(&source, &args.options)?;
    let loaded_text = loaded.text;
    let mut session = Session::new(loaded.listing);
    let selection = if filter.is_empty() {
        Selection::All
    } else {
        Selection::Filter(filter.clone())
    };
    let mut log = String::new();
    for op in ops {
        // A range: filter is evaluated against the rows as they are before each edit.
        let selection = if filter.needs_range() {
            offsets_core::set_from::selection_for(&session, &filter, &range)
        } else {
            selection.clone()
        };
        let mut extra: Vec<Action> = Vec::new();
        // What a --set-from latest right after a --set-from filled, said after its outcome.
        let mut after: Option<String> = None;
        let action = match op {
            Op::Set(spec, value) => {
                let (cluster, topic, partition) = parse_partition_ref(&spec)?;
                let row = find_row(&session, cluster.as_deref(), &topic, partition)?;
                match value {
                    Some(offset) => Action::SetOffset { row, offset },
                    None => Action::SetNull { row },
                }
            }
            Op::Add(spec, offset) => add_action(&session, &spec, offset)?,
            Op::Shift(delta) => Action::ShiftOffsets {
                selection: selection.clone(),
                delta,
            },
            Op::SetAll(offset) => Action::SetOffsets {
                selection: selection.clone(),
                offset,
            },
            Op::ResumeAt(record) => Action::ResumeAt {
                selection: selection.clone(),
                record,
            },
            Op::Dedupe => Action::KeepLastDuplicates,
            Op::RestoreFrom(other) => {
                let other = load(&other, &input::second_listing(&args.options))?;
                let rows = if filter.needs_range() {
                    offsets_core::set_from::log_range_rows(&session, &filter, &range)
                } else {
                    session.matching_rows(&filter)
                };
                restore_from(&session, rows, &other.listing, &mut log)
            }
            Op::FillFrom(_) => continue,
            Op::SetFrom(role, _) => {
                let Some((reference, filled)) = set_from.next() else {
                    continue;
                };
                let filled = offsets_core::set_from::filled_in(&session, &selection, &filled);
                after = offsets_core::set_from::log_end_note(session.kind(), &role, &filled);
                if add_unlisted {
                    // One step after the set: the reference's partitions no row holds.
                    extra = vec![Action::AddUnlisted {
                        reference: Arc::clone(&reference),
                    }];
                }
                Action::SetFromReference {
                    selection: selection.clone(),
                    reference,
                }
            }
        };
        for action in std::iter::once(action).chain(extra) {
            let outcome = session.apply(action).map_err(refused)?;
            log.push_str(&format!("{}\n", outcome.message));
            for note in outcome.notes {
                log.push_str(&format!("  {note}\n"));
            }
        }
        if let Some(note) = after {
            log.push_str(&format!("  {note}\n"));
        }
    }
    write_result(
        &name,
        loaded_text,
        session,
        &range,
        out_path.as_deref(),
        log,
    )
}

/// Reads every reference before anything is edited (one with an error stops here): the
/// `--reference` ones and each `--set-from`'s, the latter with what a `--set-from latest` right
/// after it filled.
fn read_references(
    ops: &[Op],
    reference_specs: Vec<(Role, Source)>,
) -> Result<(Vec<Arc<Reference>>, Vec<SetFrom>), CliError> {
    // Every reference is read before anything is edited: one with an error stops here.
    let mut references = Vec::new();
    for (role, source) in reference_specs {
        references.push(reference::load(role, &source)?);
    }
    // Each --set-from's reference, with what a --set-from latest right after it filled.
    let mut set_from: Vec<SetFrom> = Vec::new();
    for op in ops.iter() {
        match op {
            Op::SetFrom(role, source) => {
                let r = reference::load(role.clone(), source)?;
                references.push(Arc::clone(&r));
                set_from.push((r, Vec::new()));
            }
            Op::FillFrom(source) => {
                let end = reference::load(Role::Latest, source)?;
                references.push(Arc::clone(&end));
                if let Some((start, _)) = set_from.pop() {
                    let filled = start.filled_from_log_end(&end);
                    set_from.push((Arc::new(filled.reference), filled.filled));
                }
            }
            _ => {}
        }
    }
    Ok((references, set_from))
}

/// Writes the edited document (to `out_path` or standard output), the edits' log, the
/// findings and the change summary; the exit code says whether an error was found.
fn write_result(
    name: &str,
    loaded_text: Arc<String>,
    session: Session,
    range: &offsets_core::log_range::LogRange,
    out_path: Option<&std::path::Path>,
    mut log: String,
) -> Result<ExitCode, CliError> {
    // Validated without the baseline: the change rules (MS10-MS13) scan the baseline linearly per
    // entry, which is quadratic on 100k entries; the diff summary below reports the changes.
    // A REST payload is written and validated entry by entry, without building the edited
    // listing (the same text and findings); other forms build it.
    let (document, diagnostics) = match rewrite_session(loaded_text.as_str(), &session) {
        Some(mut done) => {
            // Where the input's own layout could not be kept, and what was written instead.
            for note in &done.notes {
                log.push_str(&format!("{name}: note: {note}\n"));
            }
            let diagnostics = std::mem::take(&mut done.diagnostics);
            (Document::Rewritten(done), diagnostics)
        }
        None => {
            let edited = session.working_listing();
            let text = rewrite_document(loaded_text.as_str(), &edited).map_err(|e| CliError {
                message: format!("cannot write the edited document: {e}"),
                code: 2,
            })?;
            let diagnostics = offsets_core::validate(&edited, None);
            // Freed at exit by the OS (see below).
            std::mem::forget(edited);
            (Document::Text(text), diagnostics)
        }
    };
    let summary = change_summary(&session);
    if !range.is_empty() {
        log.push_str(&against_the_log(&session, range));
    }
    // Streamed through a buffer: the edited document is never held whole beside the input.
    match out_path {
        Some(p) => std::fs::File::create(p)
            .and_then(|file| {
                let mut out = std::io::BufWriter::new(file);
                document.write_to(&mut out)?;
                out.flush()
            })
            .map_err(|e| CliError {
                message: format!("cannot write {}: {e}", p.display()),
                code: 2,
            })?,
        None => {
            let mut out = std::io::BufWriter::new(output::bulk_stdout());
            // A closed pipe is not an error worth reporting (as `output::out`).
            let _ = document.write_to(&mut out).and_then(|()| out.flush());
        }
    }
    output::err(&log);
    report(name, &diagnostics, 20);
    output::err(&format!(
        "{name}: {} partition(s) changed ({} rewound, {} skipped, {} nulled, {} set), {} unchanged.\n",
        summary.changed(),
        summary.rewound,
        summary.skipped,
        summary.nulled,
        summary.set,
        summary.unchanged
    ));
    let code = u8::from(diagnostics.iter().any(Diagnostic::is_error));
    // The process exits next: freeing 100k-entry trees node by node would cost a third of the
    // run, and the OS reclaims the memory at once.
    std::mem::forget(document);
    std::mem::forget(session);
    std::mem::forget(loaded_text);
    Ok(ExitCode::from(code))
}

/// The edited document `edit` writes: the session's rewrite (streamed) or a whole text.
enum Document<'a> {
    Rewritten(Rewritten<'a>),
    Text(String),
}

impl Document<'_> {
    fn write_to(&self, out: &mut impl Write) -> std::io::Result<()> {
        match self {
            Document::Rewritten(done) => done.write_to(out),
            Document::Text(text) => out.write_all(text.as_bytes()),
        }
    }
}

/// The change counts of a session, from its rows (linear, no partition keys built).
fn change_summary(session: &Session) -> offsets_core::diff::Summary {
    let mut s = offsets_core::diff::Summary::default();
    for row in session.rows() {
        match (row.imported, row.current, row.removed) {
            (None, _, false) => s.added += 1,
            (None, _, true) => {}
            (Some(_), _, true) => s.removed += 1,
            (Some(OffsetValue::Value(a)), OffsetValue::Value(b), _) if b < a => s.rewound += 1,
            (Some(OffsetValue::Value(a)), OffsetValue::Value(b), _) if b > a => s.skipped += 1,
            (Some(OffsetValue::Value(_)), OffsetValue::Null, _) => s.nulled += 1,
            (Some(OffsetValue::Null), OffsetValue::Value(_), _) => s.set += 1,
            (Some(a), b, _) if a == b => s.unchanged += 1,
            _ => s.modified += 1,
        }
    }
    s
}

/// "Against the log: ..." for the changed rows, when references give the log bounds: how many
/// records the edits skip or replay that are still in the log (not only against the old value).
fn against_the_log(session: &Session, range: &offsets_core::log_range::LogRange) -> String {
    use offsets_core::log_range::EditEffect;
    let (mut skip_rows, mut skipped, mut replay_rows, mut replayed, mut unknown) =
        (0usize, 0u128, 0usize, 0u128, 0usize);
    for row in session
        .rows()
        .filter(|r| r.changed && !r.removed && !r.added)
    {
        match offsets_core::set_from::row_effect(session, row.index, range) {
            EditEffect::Skips(n) => {
                skip_rows += 1;
                skipped += n;
            }
            EditEffect::Replays(n) => {
                replay_rows += 1;
                replayed += n;
            }
            EditEffect::Same => {}
            EditEffect::Unknown => unknown += 1,
        }
    }
    let g = |n: u128| offsets_core::diag::group_digits(n);
    format!(
        "Against the log: {} partition(s) skip {} record(s) still in the log, {} replay {} record(s); {} change(s) not measurable (no earliest and latest offsets for them).\n",
        g(skip_rows as u128),
        g(skipped),
        g(replay_rows as u128),
        g(replayed),
        g(unknown as u128)
    )
}

/// `--restore-from`: every selected row whose partition the other listing holds gets that value.
fn restore_from(session: &Session, rows: Vec<usize>, other: &Listing, log: &mut String) -> Action {
    let index: std::collections::HashMap<_, usize> = other
        .entries
        .iter()
        .enumerate()
        .filter_map(|(i, e)| Some((e.connect_key(other.kind)?, i)))
        .collect();
    let mut changes = Vec::new();
    let mut missing = 0usize;
    for i in rows {
        let Some(row) = session.row(i) else { continue };
        let value = row
            .entry
            .connect_key(session.kind())
            .and_then(|k| index.get(&k))
            .and_then(|&j| other.entries.get(j))
            .map(|e| offsets_core::diff::offset_value(session.kind(), e));
        match value {
            Some(OffsetValue::Value(v)) => changes.push((i, Some(v))),
            Some(OffsetValue::Null) => changes.push((i, None)),
            _ => missing += 1,
        }
    }
    if missing > 0 {
        log.push_str(&format!(
            "{missing} selected partition(s) have no readable offset in the --restore-from listing and were left alone.\n"
        ));
    }
    Action::SetEach { changes }
}

/// `--add [CLUSTER/]TOPIC:P[-Q]=OFFSET|null`: the page's "Add partitions" (`Action::AddEntries`).
/// A partition that is already listed is refused here with a pointer to `--set`; the reducer
/// checks the rest (topic name, offset, alias, connector kind) and adds nothing on any error.
fn add_action(session: &Session, spec: &str, offset: Option<i64>) -> Result<Action, CliError> {
    let bad = || {
        CliError::usage(format!(
            "--add needs [CLUSTER/]TOPIC:P[-Q]=OFFSET|null (for example east/orders:0-3=41 or events:5=null), not '{spec}'"
        ))
    };
    let (left, range) = spec.rsplit_once(':').ok_or_else(bad)?;
    let partitions = match range.split_once('-') {
        Some((from, to)) if !from.is_empty() && !to.is_empty() => {
            let (from, to): (i64, i64) = (
                from.parse().map_err(|_| bad())?,
                to.parse().map_err(|_| bad())?,
            );
            if from < 0 || to < from {
                return Err(bad());
            }
            PartitionSet::range(from, to)
        }
        None => {
            let p: i64 = range.parse().map_err(|_| bad())?;
            if p < 0 {
                return Err(bad());
            }
            PartitionSet::range(p, p)
        }
        _ => return Err(bad()),
    };
    let (cluster, topic) = match left.split_once('/') {
        Some((c, t)) => (Some(c.to_string()), t.to_string()),
        None => (None, left.to_string()),
    };
    if topic.is_empty() || cluster.as_deref() == Some("") {
        return Err(bad());
    }
    for i in 0..session.len() {
        let (Some(f), Some(row)) = (session.facts(i), session.row(i)) else {
            continue;
        };
        if row.removed || f.topic != Some(topic.as_str()) {
            continue;
        }
        let Some(p) = f.partition.filter(|p| partitions.contains(*p)) else {
            continue;
        };
        if cluster.as_deref().is_some_and(|c| f.cluster != Some(c)) {
            continue;
        }
        let name = match f.cluster {
            Some(c) => format!("{c}/{topic}:{p}"),
            None => format!("{topic}:{p}"),
        };
        return Err(CliError {
            message: format!(
                "edit refused: partition {name} is already listed; change it with --set {name}=OFFSET (or --null {name}). Nothing was written."
            ),
            code: 1,
        });
    }
    Ok(Action::AddEntries {
        cluster,
        topic,
        partitions,
        offset,
    })
}
