//! References in the page (issue 11): the outputs of `kafka-get-offsets.sh` or
//! `kafka-consumer-groups.sh` the user pasted or dropped beside the listing, each with the role
//! the user confirmed; the log bounds they give (the "Log range" column, `range:` filter terms,
//! LR problems, "skips K records against the log"); "set from a reference" over the filter or
//! the selection; and the command generator that prints the commands producing them.
//!
//! Parsing, classes, plans and commands are the core modules' (`reference`, `log_range`,
//! `set_from`, `lookup`); this file keeps the page's state around them and its wording, and
//! `forms` the two forms as typed, `action` the references' actions and their sub-reducer.

use super::{Editor, Notice, NoticeAt};
use crate::checking::log_range::{self, LogRange, RangeClass, RangeCounts, RowFacts};
use crate::diag::{Diagnostic, Severity, capitalised, group_digits};
use crate::editing::edit::{Action, OffsetValue, RowView};
use crate::editing::set_from;
use crate::model::ConnectorKind;
use crate::model::EntryFacts;
use crate::reading::datetime;
use crate::reading::reference::{Reference, Role, parse_reference};
use crate::writing::lookup::{self, LookupAt, LookupOptions};
use forms::lookup_time;
use std::sync::Arc;

mod action;
mod forms;

pub use action::ReferencesAction;
pub use forms::{LookupField, LookupForm, LookupOutput, ReferenceField, ReferenceForm, role_from};

/// The roles the page offers, by the id its select uses (`Role::id`).
pub const ROLE_CHOICES: [(&str, &str); 4] = [
    ("earliest", "Earliest offsets (log start)"),
    ("latest", "Latest offsets (log end)"),
    ("time", "Offsets at a time"),
    ("group", "A consumer group's committed offsets"),
];

/// One loaded reference: its name (the file's, or "Pasted reference N"), the text it was read
/// from (kept in the draft) and what it says. Cheap to clone (the page renders from clones);
/// two items are equal when they are the same reading of the same text.
#[derive(Debug, Clone)]
pub struct ReferenceItem {
    pub name: String,
    pub text: Arc<str>,
    pub reference: Arc<Reference>,
}

impl PartialEq for ReferenceItem {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
            && Arc::ptr_eq(&self.text, &other.text)
            && Arc::ptr_eq(&self.reference, &other.reference)
    }
}

impl ReferenceItem {
    /// "the earliest offsets: 1,200 partitions (kafka-get-offsets.sh output)", and the error
    /// count when it has errors.
    pub fn summary(&self) -> String {
        let r = &self.reference;
        let format = r.format.map_or("format not recognised", |f| f.label());
        let errors = r
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count();
        let mut out = format!(
            "{}: {} {} ({format})",
            capitalised(&r.role.phrase()),
            group_digits(r.len() as u128),
            if r.len() == 1 {
                "partition"
            } else {
                "partitions"
            },
        );
        if errors > 0 {
            out.push_str(&format!(
                "; {} — not used until fixed",
                if errors == 1 {
                    "1 error".to_string()
                } else {
                    format!("{} errors", group_digits(errors as u128))
                }
            ));
        }
        out
    }
}

/// The page's references and forms.
#[derive(Debug, Clone, PartialEq, Default)]
pub(super) struct References {
    items: Vec<ReferenceItem>,
    /// The log bounds of the usable references (rebuilt when they change).
    range: LogRange,
    form: ReferenceForm,
    lookup: LookupForm,
    /// Numbers "Pasted reference N".
    pasted: u32,
}

impl References {
    fn rebuild_range(&mut self) {
        let usable: Vec<Arc<Reference>> = self
            .items
            .iter()
            .filter(|i| i.reference.is_usable())
            .map(|i| Arc::clone(&i.reference))
            .collect();
        self.range = LogRange::from_references(&usable);
    }
}

fn stored(current: OffsetValue) -> Option<i64> {
    match current {
        OffsetValue::Value(v) => Some(v),
        _ => None,
    }
}

impl Editor {
    // ----- reading -----

    /// The loaded references, in the order they were added.
    pub fn references(&self) -> &[ReferenceItem] {
        &self.refs.items
    }

    pub fn reference_form(&self) -> &ReferenceForm {
        &self.refs.form
    }

    pub fn lookup_form(&self) -> &LookupForm {
        &self.refs.lookup
    }

    /// The log bounds the usable references give (empty: no "Log range" column).
    pub fn log_range(&self) -> &LogRange {
        &self.refs.range
    }

    /// The log-range class of a row as it is now; `None` when no reference gives a bound.
    pub fn row_range(&self, index: usize) -> Option<RangeClass> {
        if self.refs.range.is_empty() {
            return None;
        }
        let session = self.session()?;
        let row = session.row(index)?;
        Some(self.range_class(&row, &session.facts(index)?))
    }

    /// [`Editor::range_class`], `None` when no reference gives a bound (what `range:` terms
    /// read as "unknown").
    pub(super) fn range_class_known(
        &self,
        row: &RowView<'_>,
        facts: &EntryFacts<'_>,
    ) -> Option<RangeClass> {
        (!self.refs.range.is_empty()).then(|| self.range_class(row, facts))
    }

    /// The class of a row whose facts are known (the view reads them from its index).
    pub(super) fn range_class(&self, row: &RowView<'_>, facts: &EntryFacts<'_>) -> RangeClass {
        let kind = self.session().map_or(ConnectorKind::Generic, |s| s.kind());
        self.refs
            .range
            .classify(kind, facts.topic, facts.partition, stored(row.current))
    }

    /// How the rows that are not removed stand against the log (`None` without references).
    pub fn range_counts(&self) -> Option<RangeCounts> {
        if self.refs.range.is_empty() {
            return None;
        }
        let loaded = self.loaded.as_ref()?;
        let kind = loaded.session.kind();
        let mut counts = RangeCounts::default();
        for row in loaded.session.rows().filter(|r| !r.removed) {
            // The facts interned at load: no JSON read per row.
            counts.add(self.range_class(&row, &loaded.index.facts(kind, &row)));
        }
        Some(counts)
    }

    /// "Log range: in the log 950 (30 caught up) · below the log start 12 (4,000 records purged) · above
    /// the log end 0 · unknown 8": the line above the table when references give bounds.
    pub fn range_summary(&self) -> Option<String> {
        let c = self.range_counts()?;
        let mut parts = vec![
            format!(
                "in the log {} ({} caught up)",
                group_digits((c.ok + c.caught_up) as u128),
                group_digits(c.caught_up as u128)
            ),
            format!(
                "below the log start {}{}",
                group_digits(c.below as u128),
                if c.below > 0 {
                    format!(" ({} records purged)", group_digits(c.missed))
                } else {
                    String::new()
                }
            ),
            format!("above the log end {}", group_digits(c.above as u128)),
            format!("unknown {}", group_digits(c.unknown as u128)),
        ];
        if c.not_checked > 0 {
            parts.push(format!(
                "not checked (null) {}",
                group_digits(c.not_checked as u128)
            ));
        }
        Some(format!("Log range: {}.", parts.join(" · ")))
    }

    /// "skips 1,200 records against the log" for an edited row, when the bounds are known.
    pub fn row_effect_phrase(&self, index: usize) -> Option<String> {
        if self.refs.range.is_empty() {
            return None;
        }
        let session = self.session()?;
        set_from::row_effect(session, index, &self.refs.range).phrase()
    }

    /// The LR problems of the rows as they are now (none without references).
    /// What `set_from::check_session` says, with the facts interned at load.
    pub(super) fn range_problems(&self) -> Vec<Diagnostic> {
        let Some(loaded) = self.loaded.as_ref() else {
            return Vec::new();
        };
        if self.refs.range.is_empty() {
            return Vec::new();
        }
        let session = &loaded.session;
        let kind = session.kind();
        let rows = session.rows().filter(|r| !r.removed).map(|r| {
            let f = loaded.index.facts(kind, &r);
            RowFacts {
                entry: r.index,
                pos: r.entry.pos(),
                cluster: f.cluster,
                topic: f.topic,
                partition: f.partition,
                stored: stored(r.current),
            }
        });
        log_range::check_rows(kind, rows, &self.refs.range, session.imported().offsets_pos)
    }

    /// The command generator's output for the listing's partitions (the filter's, when one is
    /// set); `now_ms` is the page's clock (a time in the future is refused).
    pub fn lookup_output(&self, now_ms: i64) -> LookupOutput {
        let mut out = LookupOutput::default();
        let form = &self.refs.lookup;
        let Some(session) = self.session() else {
            out.errors.push((
                None,
                "Load a listing first: the commands look up its partitions.".into(),
            ));
            return out;
        };
        let at = match form.at.trim() {
            "" => {
                out.errors.push((
                    Some(LookupField::At),
                    "Type a date-time (UTC unless an offset is given), or earliest or latest."
                        .into(),
                ));
                None
            }
            "earliest" => Some(LookupAt::Earliest),
            "latest" => Some(LookupAt::Latest),
            text => match datetime::parse_datetime(text, now_ms) {
                Ok(ms) => {
                    out.time = Some(format!(
                        "{} = {ms} ms since 1970 (the value of --time)",
                        datetime::format_utc(ms)
                    ));
                    Some(LookupAt::Time(ms))
                }
                Err(e) => {
                    out.errors
                        .push((Some(LookupField::At), format!("Look up at, {e}.")));
                    None
                }
            },
        };
        let exec = match form.exec.trim() {
            "" => None,
            v => match v.split_once('/') {
                Some((ns, pod)) => Some((ns.to_string(), pod.to_string())),
                None => {
                    out.errors.push((
                        Some(LookupField::Exec),
                        format!(
                            "'{}' is not NAMESPACE/POD: write it as kafka/my-cluster-broker-0.",
                            crate::model::names::shown(v)
                        ),
                    ));
                    None
                }
            },
        };
        let bootstrap = form.bootstrap.trim();
        if bootstrap.is_empty() {
            out.errors.push((
                Some(LookupField::Bootstrap),
                "Type the bootstrap address as the command's host sees the cluster, e.g. my-cluster-kafka-bootstrap:9092.".into(),
            ));
        } else if let Err(e) = lookup::check_bootstrap(bootstrap) {
            out.errors
                .push((Some(LookupField::Bootstrap), e.to_string()));
        }
        let command_config = Some(form.command_config.trim().to_string()).filter(|c| !c.is_empty());
        if let Some(c) = &command_config
            && let Err(e) = lookup::check_command_config(c)
        {
            out.errors
                .push((Some(LookupField::CommandConfig), e.to_string()));
        }
        if let Some((_, pod)) = &exec
            && let Err(e) = lookup::check_pod(pod)
        {
            out.errors.push((Some(LookupField::Exec), e.to_string()));
        }
        if let Some((ns, _)) = &exec
            && let Err(e) = crate::model::names::check_namespace(ns)
        {
            out.errors.push((
                Some(LookupField::Exec),
                format!("'{}': {e}", crate::model::names::shown(ns)),
            ));
        }
        let Some(at) = at else {
            return out;
        };
        if !out.errors.is_empty() {
            return out;
        }
        let kind = session.kind();
        let source_alias = lookup::source_alias(session.imported());
        let rows = self.range_aware_rows();
        let partitions = lookup::row_partitions(session, &rows);
        if partitions.is_empty() {
            out.errors.push((
                None,
                "No row the filter shows has a topic and partition to look up.".into(),
            ));
            return out;
        }
        let options = LookupOptions {
            at,
            bootstrap: bootstrap.to_string(),
            command_config,
            exec,
            kind,
            source_alias,
        };
        match lookup::lookup_commands(partitions, &options) {
            Ok(l) => out.script = Some(l.render()),
            Err(reasons) => out.errors.extend(reasons.into_iter().map(|r| (None, r))),
        }
        out
    }

    /// The rows (not removed) the filter shows, `range:` terms included.
    pub(super) fn range_aware_rows(&self) -> Vec<usize> {
        let Some(session) = self.session() else {
            return Vec::new();
        };
        if self.table.filter.needs_range() {
            set_from::log_range_rows(session, &self.table.filter, &self.refs.range)
        } else {
            session.matching_rows(&self.table.filter)
        }
    }

    // ----- changing -----

    /// Reads `text` with the form's role and adds it; `false` (and the form's error) when the
    /// role is not given.
    fn add_reference(&mut self, name: String, text: String, now_ms: i64) -> bool {
        if self.refs.form.role == "time" && self.refs.form.time.trim().is_empty() {
            self.refs.form.time = lookup_time(&self.refs.lookup);
        }
        let form = &self.refs.form;
        let role = match role_from(&form.role, &form.time, &form.group, now_ms) {
            Ok(role) => role,
            Err(e) => {
                self.refs.form.error = Some(e);
                return false;
            }
        };
        self.refs.form.error = None;
        let reference = Arc::new(parse_reference(&text, role));
        let item = ReferenceItem {
            name,
            text: text.into(),
            reference,
        };
        let usable = item.reference.is_usable();
        self.page.notice = Some(Notice {
            at: NoticeAt::References,
            severity: if usable {
                Severity::Info
            } else {
                Severity::Warning
            },
            text: format!(
                "Added {}: {}.{}",
                item.name,
                item.summary(),
                if usable {
                    ""
                } else {
                    " Its errors are listed under it, with line and column."
                }
            ),
        });
        self.refs.items.push(item);
        self.refs.rebuild_range();
        true
    }

    /// Restores references from a draft (role ids and texts); unreadable roles are skipped.
    pub(super) fn restore_references(&mut self, items: Vec<(String, String, Role)>) {
        for (name, text, role) in items {
            let reference = Arc::new(parse_reference(&text, role));
            self.refs.items.push(ReferenceItem {
                name,
                text: text.into(),
                reference,
            });
        }
        self.refs.pasted = self.refs.items.len() as u32;
        self.refs.rebuild_range();
    }

    fn set_from_reference(&mut self, index: usize) {
        let Some(item) = self.refs.items.get(index) else {
            return;
        };
        let mut reference = Arc::clone(&item.reference);
        // A time lookup prints nothing for a partition with no record at or after the time:
        // with a latest reference loaded too, those partitions start at its log end, as
        // `edit --set-from latest` right after a time does (issue 31, item 1).
        let mut filled = Vec::new();
        if matches!(reference.role, Role::Time { .. })
            && let Some(end) = self
                .refs
                .items
                .iter()
                .find(|i| i.reference.role == Role::Latest && i.reference.is_usable())
        {
            let f = reference.filled_from_log_end(&end.reference);
            filled = f.filled;
            reference = Arc::new(f.reference);
        }
        let role = reference.role.clone();
        let selection = self.bulk_selection();
        let note = self.loaded.as_ref().and_then(|l| {
            let filled = set_from::filled_in(&l.session, &selection, &filled);
            set_from::log_end_note(l.session.kind(), &role, &filled)
        });
        self.edit(Action::SetFromReference {
            selection,
            reference,
        });
        if let (Some(note), Some(notice)) = (note, self.page.notice.as_mut()) {
            notice.text = format!("{} {note}", notice.text);
        }
    }

    fn add_unlisted(&mut self, index: usize) {
        let Some(item) = self.refs.items.get(index) else {
            return;
        };
        let reference = Arc::clone(&item.reference);
        self.edit(Action::AddUnlisted { reference });
    }

    /// How many partitions of reference `index` the listing lacks (the "Add as new entries"
    /// offer); 0 when none or when the kind has no log position.
    pub fn unlisted_count(&self, index: usize) -> usize {
        let (Some(item), Some(loaded)) = (self.refs.items.get(index), self.loaded.as_ref()) else {
            return 0;
        };
        let kind = loaded.session.kind();
        if set_from::stored_for(kind, 0).is_err() {
            return 0;
        }
        // One lookup per row, with the facts interned at load (no plan, no JSON read).
        let r = &item.reference;
        let mut listed = vec![false; r.values.len()];
        for row in loaded.session.rows().filter(|row| !row.removed) {
            let f = loaded.index.facts(kind, &row);
            if let (Some(t), Some(p)) = (f.topic, f.partition)
                && let Some(slot) = r.position(t, p).and_then(|at| listed.get_mut(at))
            {
                *slot = true;
            }
        }
        r.values
            .iter()
            .zip(listed)
            .filter(|(v, listed)| v.offset.is_some() && !listed)
            .count()
    }
}
