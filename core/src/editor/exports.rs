//! What the page can export from the current state: the problems (validation of the changed
//! rows), the blockers that stop an export, and the exports and procedures themselves.

use super::safe_apply::{ExportBlockers, FieldBlocker};
use super::{Editor, Field, TargetKind};
use crate::checking::validate::validate;
use crate::diag::{Diagnostic, Position};
use crate::editing::diff::Summary;
use crate::editing::edit::{ExportScope, OffsetValue, RowView, Session};
use crate::model::{ConnectorKind, Listing};
use crate::writing::export::{self, ConfigMapOptions, Export, Gate};
use crate::writing::procedure::{self, Procedure};

/// Every export the page offers, computed from the current state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exports {
    pub configmap: Result<Export, Vec<Diagnostic>>,
    /// kubectl steps (KafkaConnector, KafkaMirrorMaker2) or curl steps (REST).
    pub procedure: Result<Procedure, Vec<Diagnostic>>,
    pub patch_json: Result<Export, Vec<Diagnostic>>,
    pub csv: Result<Export, Vec<Diagnostic>>,
    /// The `source.consumer.auto.offset.reset` procedure (MirrorSourceConnector only).
    pub auto_offset_reset: Option<Result<Procedure, Vec<Diagnostic>>>,
    pub summary: Summary,
    /// Entries the export contains.
    pub entries: usize,
    /// The procedure creates the connector (see `ExportSettings::create`), and every export
    /// holds every entry.
    pub create: bool,
}

impl Exports {
    /// The alter ConfigMap was refused because it would pass 1 MiB (K6): the page offers
    /// "Export in rounds" then.
    pub fn too_large_for_one_configmap(&self) -> bool {
        self.configmap
            .as_ref()
            .err()
            .is_some_and(|d| d.iter().any(|d| d.rule == "K6" && d.is_error()))
    }
}

/// What the Problems panel lists and what the Export panel is waiting for, from one
/// computation ([`Editor::check_from`]), so the two never count different things: every
/// blocker is one of `problems`, and a state (nothing to export yet) is never an error.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Check {
    /// Everything Problems lists: the data's problems, then the export settings' errors.
    pub problems: Vec<Diagnostic>,
    /// The errors among `problems` that stop every export (those on rows the export holds and
    /// on the listing as a whole). A setting's error stops only the views that use it
    /// ([`Editor::export_blockers_by_view_from`]); it is listed in `problems` too.
    pub blockers: Vec<Diagnostic>,
    /// Why there is nothing to export yet, when there is not: a state, with no position.
    pub waiting: Option<String>,
}

impl Check {
    /// Each row with an error among the problems, with its first error as "RULE: message":
    /// the table marks these rows (issue 20 item 10), Problems lists them all.
    pub fn row_errors(&self) -> std::collections::BTreeMap<usize, String> {
        let mut rows = std::collections::BTreeMap::new();
        for d in self.problems.iter().filter(|d| d.is_error()) {
            if let Some(row) = d.entry {
                rows.entry(row)
                    .or_insert_with(|| format!("{}: {}", d.rule, d.message));
            }
        }
        rows
    }
}

/// The rows `keep` selects, materialised as a listing (same metadata as the import), and
/// each entry's session row index.
fn changed_subset(session: &Session, keep: impl Fn(&RowView<'_>) -> bool) -> (Vec<usize>, Listing) {
    let imported = session.imported();
    let kind = imported.kind;
    let mut rows = Vec::new();
    let mut entries = Vec::new();
    for row in session.rows().filter(|r| keep(r)) {
        rows.push(row.index);
        entries.push(match row.current {
            OffsetValue::Value(v) => row.entry.with_offset(kind, Some(v)),
            OffsetValue::Null => row.entry.with_offset(kind, None),
            OffsetValue::Unreadable => row.entry.clone(),
        });
    }
    let mut listing = Listing::new(kind, imported.form);
    listing.entries = entries;
    listing.data_key = imported.data_key.clone();
    listing.mirror = imported.mirror.clone();
    listing.configmap = imported.configmap.clone();
    listing.reset = imported.reset.clone();
    (rows, listing)
}

/// A diagnostic about entry `subset_index` of a subset, re-pointed at session row `row`:
/// "Entry #n" then counts as the user's listing does.
fn renumber(mut d: Diagnostic, subset_index: usize, row: usize) -> Diagnostic {
    d.entry = Some(subset_index);
    crate::checking::validate::renumber(&mut d, row);
    d.entry = Some(row);
    d
}

impl Editor {
    /// Whether every export holds every entry that is not removed: "Export all entries", or a
    /// connector to create (it has no offsets yet, so an entry left out would start wherever
    /// the connector's own rules say).
    pub fn exports_every_entry(&self) -> bool {
        self.settings.create
            || self
                .session()
                .is_some_and(|s| s.scope() == ExportScope::All)
    }

    /// The rows an export holds: not removed, and changed unless every entry is exported.
    fn exported_row(&self, session: &Session, row: usize) -> bool {
        let all = self.exports_every_entry();
        session
            .row(row)
            .is_some_and(|r| !r.removed && (all || r.changed))
    }

    /// Every problem: the import's diagnostics for rows that are untouched, plus a validation
    /// of the changed and added rows against the import. Each diagnostic's `entry` is a session
    /// row index (so the page can jump to it), and "Entry #n" numbers rows as the imported
    /// listing does. Cost is O(import diagnostics + changed rows), not O(rows): the page calls
    /// this after every edit of a 100k-entry listing.
    pub fn problems(&self) -> Vec<Diagnostic> {
        let Some(loaded) = self.loaded.as_ref() else {
            return self.import.load_errors.clone();
        };
        let session = &loaded.session;
        let touched = |row: usize| session.row(row).is_some_and(|r| r.removed || r.changed);
        // S7 holds only while an earlier row still has the partition ("Keep only the last"
        // removes them); checked over the rows only when the import reported any.
        let repeated: Option<Vec<usize>> = loaded
            .diagnostics
            .iter()
            .any(|d| d.rule == "S7")
            .then(|| session.repeated_rows());
        let still_repeated = |d: &Diagnostic| {
            d.rule != "S7"
                || d.entry
                    .zip(repeated.as_ref())
                    .is_none_or(|(e, rows)| rows.binary_search(&e).is_ok())
        };
        // "No offsets listed yet" (IMP4) is about the import's
        // entries: once rows were added it no longer holds (an empty listing is where a user
        // adds the partitions to set).
        let has_rows = session.rows().any(|r| !r.removed);
        let still_empty = |d: &Diagnostic| !(has_rows && d.entry.is_none() && d.rule == "IMP4");
        let mut out: Vec<Diagnostic> = loaded
            .diagnostics
            .iter()
            .filter(|d| d.entry.is_none_or(|e| !touched(e)) && still_repeated(d) && still_empty(d))
            .cloned()
            .collect();
        let (rows, subset) = changed_subset(session, |r| r.changed && !r.removed);
        if !rows.is_empty() {
            for d in validate(&subset, Some(session.imported())) {
                // Listing-wide rules were reported by the import already.
                let Some(e) = d.entry else { continue };
                if let Some(&row) = rows.get(e) {
                    out.push(renumber(d, e, row));
                }
            }
        }
        out.extend(self.range_problems());
        crate::diag::sort_diagnostics(&mut out, |a, b| {
            (a.severity, a.position, a.entry).cmp(&(b.severity, b.position, b.entry))
        });
        out.dedup();
        out
    }

    /// What changed, counted without materialising any entry.
    pub fn change_summary(&self) -> Summary {
        let mut summary = Summary::default();
        let Some(session) = self.session() else {
            return summary;
        };
        for row in session.rows() {
            match (row.removed, row.added, row.imported, row.current) {
                (true, true, _, _) => {}
                (true, false, _, _) => summary.removed += 1,
                (false, true, _, _) => summary.added += 1,
                (false, false, Some(before), after) if before == after => summary.unchanged += 1,
                (false, false, Some(OffsetValue::Value(old)), OffsetValue::Value(new)) => {
                    let delta = i128::from(new) - i128::from(old);
                    if delta < 0 {
                        summary.rewound += 1;
                        summary.records_replayed += delta.unsigned_abs();
                    } else {
                        summary.skipped += 1;
                        summary.records_skipped += delta.unsigned_abs();
                    }
                }
                (false, false, Some(_), OffsetValue::Null) => summary.nulled += 1,
                (false, false, Some(OffsetValue::Null), OffsetValue::Value(_)) => summary.set += 1,
                (false, false, _, _) => summary.modified += 1,
            }
        }
        summary
    }

    /// Everything that blocks at least one export: errors on the rows an export would contain
    /// and export settings that are not valid. Having nothing to export yet is not one of them
    /// (it is a state: [`Editor::export_waiting`]). Which views each one blocks:
    /// [`Editor::export_blockers_by_view_from`].
    pub fn export_blockers(&self) -> Vec<Diagnostic> {
        self.export_blockers_from(&self.problems())
    }

    /// [`Editor::export_blockers`] from problems already computed by [`Editor::problems`].
    pub fn export_blockers_from(&self, problems: &[Diagnostic]) -> Vec<Diagnostic> {
        let by_view = self.export_blockers_by_view_from(problems);
        let mut errors = by_view.payload;
        errors.extend(by_view.commands.into_iter().map(|b| b.diagnostic));
        errors
    }

    /// The blockers of each export view: payload errors stop every view; a setting stops only
    /// the views that use it (the ConfigMap YAML its name, namespace and data key; the commands
    /// every name of the target; PATCH JSON and CSV none).
    pub fn export_blockers_by_view_from(&self, problems: &[Diagnostic]) -> ExportBlockers {
        let mut out = ExportBlockers::default();
        let Some(session) = self.session() else {
            return out;
        };
        let exported = |row: usize| self.exported_row(session, row);
        out.payload = problems
            .iter()
            .filter(|d| d.is_error() && d.entry.is_none_or(exported))
            .cloned()
            .collect();
        let target = self.settings.target;
        for field in Field::ALL {
            let Some(message) = self.field_error(field) else {
                continue;
            };
            let blocker = FieldBlocker {
                field,
                label: field.label(target),
                diagnostic: Diagnostic::error(field.rule(), Position::NONE, message),
            };
            if field.in_configmap(target) {
                out.configmap.push(blocker.clone());
            }
            out.commands.push(blocker);
        }
        out
    }

    /// The export settings' errors as problems (no position: they are about a field of the
    /// page, shown next to it too).
    pub fn settings_problems(&self) -> Vec<Diagnostic> {
        if self.session().is_none() {
            return Vec::new();
        }
        Field::ALL
            .iter()
            .filter_map(|f| {
                self.field_error_shown(*f)
                    .map(|m| Diagnostic::error(f.rule(), Position::NONE, m))
            })
            .collect()
    }

    /// [`Editor::field_error`] as the page shows it: a required field left empty is not an
    /// error until an export needs it (something changed), so a fresh load that names no
    /// connector (a REST payload) does not open with "1 error"; a value typed wrong is one at
    /// once. The exports are blocked by [`Editor::field_error`] whatever is shown.
    pub fn field_error_shown(&self, field: Field) -> Option<String> {
        let error = self.field_error(field)?;
        let empty = self.settings.get(field).trim().is_empty();
        (!empty || self.export_waiting().is_none()).then_some(error)
    }

    /// Why there is nothing to export yet, if so: a state, not an error.
    pub fn export_waiting(&self) -> Option<String> {
        self.nothing_to_alter().map(|d| d.message)
    }

    /// The S2 refusal an export of nothing gets (the exports still refuse it; the page shows
    /// it as the state [`Editor::export_waiting`]).
    fn nothing_to_alter(&self) -> Option<Diagnostic> {
        let session = self.session()?;
        let rows = session.rows().filter(|r| !r.removed).count();
        let all = self.exports_every_entry() || rows == 0;
        let count = if all { rows } else { session.changed_count() };
        (count == 0).then(|| {
            Diagnostic::error(
                "S2",
                Position::NONE,
                if all {
                    "Make a change to export: the listing is empty, and Kafka Connect rejects an empty list (HTTP 400). Add the partitions to set under Add partitions; to clear every offset use Reset instead."
                } else {
                    "Make a change to export: no offset was changed yet. Edit offsets, or tick \"Export all entries\" to export the listing as it is."
                },
            )
        })
    }

    /// What Problems and Export show, from the data's problems (computed once per change by
    /// [`Editor::problems`]) and the current settings: one source for both panels' counts.
    pub fn check_from(&self, problems: &[Diagnostic]) -> Check {
        let mut all = problems.to_vec();
        all.extend(self.settings_problems());
        Check {
            problems: all,
            blockers: self.export_blockers_by_view_from(problems).payload,
            waiting: self.export_waiting(),
        }
    }

    /// Every export, for the export panel. `None` before anything is loaded.
    pub fn exports(&self) -> Option<Exports> {
        self.exports_from(&self.problems())
    }

    /// [`Editor::exports`] from problems already computed by [`Editor::problems`]: the listing
    /// is validated once per change, not once per export.
    pub fn exports_from(&self, problems: &[Diagnostic]) -> Option<Exports> {
        let session = self.session()?;
        let imported = session.imported();
        let blockers = self.export_blockers_by_view_from(problems);
        let s = &self.settings;
        let listing = if s.create {
            session.working_listing()
        } else {
            session.export_listing()
        };
        let all = session.scope() == ExportScope::All;
        // Findings about the exported rows (and the listing as a whole) stand for the
        // validation each export would otherwise repeat.
        let exported = |row: usize| self.exported_row(session, row);
        let mut checked: Vec<Diagnostic> = problems
            .iter()
            .filter(|d| d.entry.is_none_or(exported))
            .cloned()
            .collect();
        checked.extend(blockers.payload.iter().cloned());
        checked.extend(self.nothing_to_alter());
        let gate = Gate::Checked(&checked);
        // The ConfigMap YAML is stopped by its own settings too (name, namespace, data key).
        let mut checked_configmap = checked.clone();
        checked_configmap.extend(blockers.configmap.iter().map(FieldBlocker::named));
        let configmap_options = ConfigMapOptions {
            name: Some(s.get(Field::AlterConfigMap).to_string()).filter(|n| !n.is_empty()),
            namespace: Some(s.get(Field::Namespace).to_string()).filter(|n| !n.is_empty()),
            target: self.alter_target(),
            data_key: None,
            keep_other_data: all,
        };
        // In rounds (Strimzi targets): ConfigMaps NAME-1, NAME-2, ..., which the procedure
        // recognises by their names and applies one after the other.
        let configmap = if s.rounds && s.target != TargetKind::Rest {
            export::configmap_rounds(
                &listing,
                Gate::Checked(&checked_configmap),
                &configmap_options,
                None,
            )
            .map(|r| r.export)
        } else {
            export::configmap_yaml_gated(
                &listing,
                Gate::Checked(&checked_configmap),
                &configmap_options,
            )
        };
        let patch_json = export::patch_json_gated(&listing, gate, true);
        let csv = export::csv_gated(&listing, gate);
        // The commands need every name of the target: a missing one stops them alone.
        let commands_blocked: Vec<Diagnostic> =
            blockers.commands.iter().map(FieldBlocker::named).collect();
        let options = if commands_blocked.is_empty() {
            self.procedure_options().map(|mut o| {
                o.relative = self.relative_edits(session);
                o
            })
        } else {
            Err(commands_blocked)
        };
        let payload = match s.target {
            TargetKind::Rest => patch_json.as_ref().map(|e| e.text.clone()),
            _ => configmap.as_ref().map(|e| e.text.clone()),
        };
        let procedure = match (&options, payload) {
            (Ok(options), Ok(payload)) => self.alter_or_create(options, payload),
            (Err(e), _) | (_, Err(e)) => Err(e.clone()),
        };
        let auto_offset_reset = (imported.kind == ConnectorKind::MirrorSource
            && s.target != TargetKind::Rest)
            .then(|| match s.auto_offset_reset {
                Some(value) => options
                    .clone()
                    .and_then(|o| procedure::auto_offset_reset(&o, value)),
                // No command from a default: the user chooses first. The current setting is
                // the resource's when it sets one (issue 31, item 6).
                None => Err(vec![Diagnostic::error(
                    "PLAN",
                    Position::NONE,
                    if imported.reset.is_default() {
                        "Not chosen, so no command: the connector keeps its current setting (MirrorMaker 2's default is earliest). Choose earliest or latest above to get the commands.".to_owned()
                    } else {
                        format!(
                            "Not chosen, so no command: the connector keeps its current setting ({}). Choose earliest or latest above to get the commands.",
                            imported.reset.phrase()
                        )
                    },
                )]),
            });
        Some(Exports {
            create: s.create,
            summary: self.change_summary(),
            entries: listing.entries.len(),
            configmap,
            procedure,
            patch_json,
            csv,
            auto_offset_reset,
        })
    }

    /// The exported partitions whose offset was computed from the listed one (shift, rewind):
    /// the alter procedure stops when one of them moved since the listing, and alters the
    /// others (set, set from a time or a reference, null, restore, added) all the same.
    fn relative_edits(&self, session: &Session) -> procedure::RelativeEdits {
        let kind = session.kind();
        procedure::RelativeEdits::Only(
            session
                .rows()
                .filter(|r| r.relative && self.exported_row(session, r.index))
                .filter_map(|r| r.entry.connect_key(kind))
                .collect(),
        )
    }

    /// The procedure for `payload` (the alter ConfigMap, or for REST the PATCH body): an alter
    /// of the connector, or with [`ExportSettings::create`] its creation, stopped, at these
    /// offsets, for every target. Core decides per target whether it can build that (it
    /// refuses a target it has no create procedure for, and the page shows why).
    ///
    /// [`ExportSettings::create`]: super::ExportSettings::create
    fn alter_or_create(
        &self,
        options: &procedure::Options,
        payload: String,
    ) -> Result<Procedure, Vec<Diagnostic>> {
        let s = &self.settings;
        // The page has no fields for a KafkaConnector's cluster label and class: it creates the
        // user's own KafkaConnector, from Custom resource.
        if s.create
            && s.target == TargetKind::KafkaConnector
            && self.resource_text().trim().is_empty()
        {
            return Err(vec![Diagnostic::error(
                "PLAN",
                Position::NONE,
                "A KafkaConnector to create needs its resource: paste your KafkaConnector (its class, config and strimzi.io/cluster label) in Custom resource, and the procedure creates it with the connector stopped.",
            )]);
        }
        if s.create {
            procedure::plan(
                options,
                &procedure::Operation::Create {
                    payload,
                    // A Strimzi connector's config is in its resource, not a config object.
                    config: if s.target == TargetKind::Rest {
                        s.create_config.clone()
                    } else {
                        String::new()
                    },
                    previous: s.create_previous,
                },
            )
        } else {
            procedure::alter(options, &payload)
        }
    }
}
