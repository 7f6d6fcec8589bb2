//! Safe apply (issue 12), the page's side: the custom resource as an input (its findings, and
//! the export settings it fills), which settings stop which export view, the rollback of the
//! current alter; `landed` holds the landed check of a listing taken after the alter.

use super::Revisions;
use super::{Editor, Field, Notice, NoticeAt, TargetKind};
use crate::checking::resource::{Against, Finding, check_create, check_resource, settings};
use crate::diag::{Diagnostic, Position};
use crate::editing::diff::{Confirmation, confirm, offset_value};
use crate::editing::edit::{OffsetValue, describe_entry};
use crate::model::{ConfigMapMeta, Listing, ResetFact};
use crate::pipeline::import;
use crate::reading::import::ImportOptions;
use crate::reading::resource::{Candidate, Resource, candidates, read_resource_named};
use crate::writing::export::{self, ConfigMapOptions, Export, Gate};
use crate::writing::procedure::{self, Procedure, Target};
use crate::writing::rollback::{rollback, rollback_configmap};
use std::sync::Arc;

mod action;
mod landed;

pub use action::SafeApplyAction;

pub use landed::{LandedReport, LandedRow, Landing};

/// The custom resource and the landed check, kept with the editor.
#[derive(Debug, Clone, PartialEq, Default)]
pub(super) struct SafeApply {
    /// The custom resource's text as last checked (empty: none).
    resource_text: String,
    /// The resource read from it, or why it could not be read (CR1).
    resource: Option<Result<Resource, Vec<Diagnostic>>>,
    /// What checking the resource filled in, or why it filled nothing.
    filled: Option<String>,
    /// The listing pasted for the landed check, as imported.
    after: Option<Result<Arc<Listing>, Vec<Diagnostic>>>,
    /// Counts changes of the resource or the landed check: the page recomputes them then.
    revision: u64,
    /// The resource the user chose when the text holds several (`KIND/NAME`).
    choice: Option<String>,
    /// The KafkaConnectors and KafkaMirrorMaker2s of the text when it holds several.
    candidates: Vec<Candidate>,
}

/// A setting that stops an export view until it is filled in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldBlocker {
    pub field: Field,
    /// The field's label on the page ("KafkaMirrorMaker2 name").
    pub label: &'static str,
    /// The field's error as typed (its rule, no position).
    pub diagnostic: Diagnostic,
}

impl FieldBlocker {
    /// The diagnostic, its message led by the field to fill in.
    pub fn named(&self) -> Diagnostic {
        let mut d = self.diagnostic.clone();
        d.message = format!("Fill in {}: {}", self.label, d.message);
        d
    }
}

/// What stops each export view (see [`Editor::export_blockers_by_view_from`]).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ExportBlockers {
    /// Errors in the payload, or nothing to alter: every view is stopped.
    pub payload: Vec<Diagnostic>,
    /// Settings the alter ConfigMap YAML (and the rollback's) needs: its name, namespace and data
    /// key (a MirrorMaker 2 connector).
    pub configmap: Vec<FieldBlocker>,
    /// Settings the commands views need (kubectl or curl steps, script, rollback steps): every
    /// name of the target. PATCH JSON and CSV need none.
    pub commands: Vec<FieldBlocker>,
}

impl Field {
    /// The field's label on the page, for `target`.
    pub fn label(self, target: TargetKind) -> &'static str {
        match (self, target) {
            (Field::Resource, TargetKind::KafkaMirrorMaker2) => "KafkaMirrorMaker2 name",
            (Field::Resource, _) => "KafkaConnector name",
            (Field::Connector, TargetKind::KafkaMirrorMaker2) => "Connector",
            (Field::Connector, _) => "Connector name",
            (Field::Namespace, _) => "Namespace",
            (Field::Context, _) => "kubectl context (optional)",
            (Field::ListConfigMap, _) => "List ConfigMap",
            (Field::AlterConfigMap, _) => "Alter ConfigMap name",
            (Field::MirrorIndex, _) => "Mirror index",
            (Field::RestUrl, _) => "Connect REST URL",
        }
    }

    /// Whether the alter ConfigMap YAML uses this field: its name, its namespace, and (for
    /// MirrorMaker 2) the connector its data key is named after.
    pub fn in_configmap(self, target: TargetKind) -> bool {
        match self {
            Field::AlterConfigMap | Field::Namespace => target != TargetKind::Rest,
            Field::Connector => target == TargetKind::KafkaMirrorMaker2,
            _ => false,
        }
    }
}

/// The rollback of the current alter, as the page offers it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RollbackExports {
    /// Partitions the rollback gives their listed value back.
    pub restored: usize,
    /// Partitions the alter added, which the rollback deletes (null).
    pub deleted: usize,
    /// The rollback ConfigMap YAML (Kubernetes targets) or PATCH JSON body (REST).
    pub document: Result<Export, Vec<Diagnostic>>,
    /// Its kubectl or curl steps (applied like an alter, compared with the state after the alter).
    pub procedure: Result<Procedure, Vec<Diagnostic>>,
    /// The partitions the rollback names, as a listing should show them once it landed.
    pub expected: String,
}

/// The custom resource check, as the page shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResourceReport {
    /// "KafkaMirrorMaker2 my-mm2 (kafka.strimzi.io/v1)", or `None` when unreadable.
    pub title: Option<String>,
    /// CR1 to CR10, each positioned in the resource's text, with the command that fixes it where
    /// one fits.
    pub findings: Vec<Finding>,
    /// What the resource filled in the export settings, or why it filled nothing.
    pub filled: Option<String>,
}

fn show(v: Option<OffsetValue>) -> String {
    match v {
        None => "no entry".into(),
        Some(OffsetValue::Null) => "null".into(),
        Some(OffsetValue::Value(v)) => v.to_string(),
        Some(OffsetValue::Unreadable) => "unreadable".into(),
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

impl Editor {
    // ----- the custom resource -----

    /// Increases when the custom resource or the landed check changes.
    pub fn safe_revision(&self) -> u64 {
        self.safe.revision
    }

    /// The custom resource's text as last checked.
    pub fn resource_text(&self) -> &str {
        &self.safe.resource_text
    }

    /// Sets the custom resource text (empty: none), reads it and, when it reads, fills the
    /// export settings from it.
    pub(super) fn check_resource_text(&mut self, text: String) {
        self.safe.revision = self.safe.revision.wrapping_add(1);
        self.set_resource(text);
        self.fill_from_resource();
        if let Some(filled) = &self.safe.filled {
            self.page.notice = Some(Notice::info(NoticeAt::Resource, filled.clone()));
        }
    }

    /// A picked resource file, as bytes.
    pub(super) fn check_resource_bytes(&mut self, bytes: Vec<u8>) {
        match String::from_utf8(bytes) {
            Ok(text) => self.check_resource_text(text),
            Err(e) => {
                self.safe.revision = self.safe.revision.wrapping_add(1);
                self.safe.resource_text = String::from_utf8_lossy(e.as_bytes()).into_owned();
                self.safe.resource = Some(Err(vec![Diagnostic::error(
                    "CR1",
                    Position::NONE,
                    "The file is not UTF-8 text; give `kubectl get -o yaml` output as it is printed.",
                )]));
                self.safe.filled = None;
            }
        }
    }

    /// Stores and reads the resource text, without filling anything (restored drafts).
    pub(super) fn set_resource(&mut self, text: String) {
        if text != self.safe.resource_text {
            self.safe.choice = None;
        }
        let blank = text.trim().is_empty();
        self.safe.candidates = if blank { Vec::new() } else { candidates(&text) };
        if self.safe.candidates.len() < 2 {
            self.safe.candidates.clear();
        }
        self.safe.resource =
            (!blank).then(|| read_resource_named(&text, self.safe.choice.as_deref()));
        self.safe.resource_text = text;
        self.safe.filled = None;
    }

    /// The resource to use among several in the text (`KIND/NAME`), then checked as a pasted
    /// one is.
    pub(super) fn choose_resource(&mut self, choice: String) {
        self.safe.choice = Some(choice);
        let text = self.safe.resource_text.clone();
        self.safe.revision = self.safe.revision.wrapping_add(1);
        self.set_resource(text);
        self.fill_from_resource();
    }

    /// The custom resources of the checked text when it holds several (a multi-document file,
    /// a `kind: List`): the page offers one button each. Empty for a text with one.
    pub fn resource_candidates(&self) -> &[Candidate] {
        &self.safe.candidates
    }

    /// Fills the export settings from the resource (after a check, and after each load, which
    /// resets the settings to the listing's): the target, names, mirror index, guard path and
    /// ConfigMaps, each only when it passed its naming rule.
    pub(super) fn fill_from_resource(&mut self) {
        self.take_reset_from_resource();
        let Some(Ok(resource)) = &self.safe.resource else {
            self.safe.filled = None;
            return;
        };
        let Some(loaded) = &self.loaded else {
            self.safe.filled = Some(
                "The custom resource is checked; load the listing and it fills the export settings."
                    .to_string(),
            );
            return;
        };
        let against = Against {
            listing: Some(loaded.listed.listing()),
            alter: None,
            connector: None,
        };
        match settings(resource, &against) {
            Ok(s) => {
                let kind = s.kind.as_str();
                let values = &mut self.settings.values;
                self.settings.target = TargetKind::from(s.kind);
                values.insert(Field::Resource, s.resource.clone());
                values.insert(Field::Namespace, s.namespace.clone());
                values.insert(Field::Connector, s.connector.clone());
                let mut filled = vec!["name", "namespace", "connector"];
                if let Some((_, index, path)) = &s.mirror {
                    values.insert(Field::MirrorIndex, index.to_string());
                    self.settings.alias_path = *path;
                    filled.extend(["mirror index", "guard path"]);
                }
                if let Some(list) = &s.list_configmap {
                    values.insert(Field::ListConfigMap, list.clone());
                    filled.push("List ConfigMap");
                }
                if let Some(alter) = &s.alter_configmap {
                    values.insert(Field::AlterConfigMap, alter.clone());
                    filled.push("Alter ConfigMap name");
                }
                self.counters.settings = self.counters.settings.wrapping_add(1);
                self.safe.filled = Some(format!(
                    "Export settings filled from {kind} '{}': {}.",
                    s.resource,
                    filled.join(", ")
                ));
            }
            Err(errors) => {
                self.safe.filled = Some(format!(
                    "Nothing was filled from the custom resource: {}",
                    errors
                        .iter()
                        .map(|d| d.to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                ));
            }
        }
    }

    /// The loaded session's `auto.offset.reset` from the resource's config for the listing's
    /// connector (the default without a resource, or when the resource sets none), so every
    /// sentence about a null says what this connector really does. A change re-renders the
    /// problems and the table.
    fn take_reset_from_resource(&mut self) {
        let Some(loaded) = &mut self.loaded else {
            return;
        };
        let kind = loaded.session.kind();
        let fact = match &self.safe.resource {
            Some(Ok(resource)) => {
                let against = Against {
                    listing: Some(loaded.listed.listing()),
                    alter: None,
                    connector: None,
                };
                crate::checking::resource::connector_for(resource, &against)
                    .and_then(|spec| spec.reset(kind).ok().flatten())
                    .unwrap_or_default()
            }
            _ => ResetFact::default(),
        };
        if loaded.session.reset() != &fact {
            loaded.session.set_reset(fact);
            self.counters.moved(Revisions::DATA_AND_VIEW);
        }
    }

    /// The API version the resource states, when one was read: the plan request explains the
    /// MirrorMaker 2 guard path with it (and knows its exception).
    pub(super) fn resource_api_version(&self) -> Option<String> {
        let Some(Ok(r)) = &self.safe.resource else {
            return None;
        };
        Some(r.api_version.value.clone())
    }

    /// The alter ConfigMap the export writes, as CR6 compares it with the resource: its name,
    /// namespace and data key from the settings (`None` for REST or a name not yet valid).
    fn alter_for_check(&self) -> Option<Listing> {
        let loaded = self.loaded.as_ref()?;
        let target = self.alter_target()?;
        if self.field_error(Field::AlterConfigMap).is_some()
            || self.field_error(Field::Namespace).is_some()
        {
            return None;
        }
        let imported = loaded.listed.listing();
        let mut alter = Listing::new(imported.kind, imported.form);
        alter.data_key = Some(target.data_key());
        alter.mirror = imported.mirror.clone();
        alter.configmap = Some(ConfigMapMeta {
            name: Some(self.settings.get(Field::AlterConfigMap).to_string()),
            namespace: Some(self.settings.get(Field::Namespace).to_string()),
            ..ConfigMapMeta::default()
        });
        Some(alter)
    }

    /// The custom resource check: `None` when no resource was given.
    pub fn resource_report(&self) -> Option<ResourceReport> {
        let resource = self.safe.resource.as_ref()?;
        Some(match resource {
            Err(errors) => ResourceReport {
                title: None,
                findings: errors
                    .iter()
                    .map(|d| Finding {
                        diagnostic: d.clone(),
                        command: None,
                    })
                    .collect(),
                filled: None,
            },
            Ok(r) => {
                let alter = self.alter_for_check();
                let against = Against {
                    listing: self.loaded.as_ref().map(|l| l.listed.listing()),
                    alter: alter.as_ref(),
                    connector: None,
                };
                ResourceReport {
                    title: Some(format!(
                        "{} {} ({})",
                        r.kind.as_str(),
                        r.name.value().unwrap_or("without a name"),
                        r.api_version.value
                    )),
                    findings: {
                        let mut findings = check_resource(r, &against);
                        // A Strimzi connector to create: what its operator does with the
                        // create (CR12), as `check-resource --create` says it.
                        if self.settings.create && self.settings.target != TargetKind::Rest {
                            findings.extend(check_create(r));
                        }
                        findings
                    },
                    filled: self.safe.filled.clone(),
                }
            }
        })
    }

    // ----- the rollback -----

    /// [`Editor::rollback_exports_from`] with the problems computed here.
    pub fn rollback_exports(&self) -> Option<RollbackExports> {
        self.rollback_exports_from(&self.problems())
    }

    /// The rollback of the export (the partitions it changes back to their listed value, those
    /// it adds deleted), with its ConfigMap or PATCH body and its steps, gated like the alter's.
    /// `None` before anything is loaded.
    pub fn rollback_exports_from(&self, problems: &[Diagnostic]) -> Option<RollbackExports> {
        let session = self.session()?;
        let blockers = self.export_blockers_by_view_from(problems);
        let imported = session.imported();
        let altered = session.export_listing();
        let rb = rollback(imported, &altered);
        let kind = imported.kind;
        let mut expected = String::new();
        for e in &rb.payload.entries {
            let v = offset_value(kind, e);
            expected.push_str(&format!(
                "{}: {}\n",
                describe_entry(kind, e),
                match v {
                    OffsetValue::Null => "no stored offset (deleted)".to_string(),
                    v => show(Some(v)),
                }
            ));
        }
        let refused = |d: Vec<Diagnostic>| (Err(d.clone()), Err(d));
        let target = self.settings.target;
        let alter_name = self.settings.get(Field::AlterConfigMap);
        let name =
            (!alter_name.is_empty()).then(|| procedure::request::rollback_configmap(alter_name));
        let (document, procedure) = if !blockers.payload.is_empty() {
            refused(blockers.payload)
        } else if self.settings.create {
            // The created connector had no offsets: the listing it was made on is not a state
            // to go back to.
            refused(vec![Diagnostic::error(
                "PLAN",
                Position::NONE,
                "Nothing to roll back to: the connector is created by this procedure, so it had no offsets before. To take the create back, stop the connector, reset its offsets, then delete it.",
            )])
        } else if rb.payload.entries.is_empty() {
            refused(vec![Diagnostic::error(
                "S2",
                Position::NONE,
                "Nothing to roll back: the export changes no partition.",
            )])
        } else {
            let document = if target == TargetKind::Rest {
                let diags = crate::checking::validate::validate(&rb.payload, Some(&rb.after_alter));
                export::patch_json_gated(&rb.payload, Gate::Checked(&diags), true)
            } else if !blockers.configmap.is_empty() {
                Err(blockers.configmap.iter().map(FieldBlocker::named).collect())
            } else {
                let options = ConfigMapOptions {
                    name: name.clone(),
                    namespace: Some(self.settings.get(Field::Namespace).to_string())
                        .filter(|n| !n.is_empty()),
                    target: self.alter_target(),
                    data_key: None,
                    keep_other_data: false,
                };
                rollback_configmap(&rb, None, &options)
            };
            let procedure = if !blockers.commands.is_empty() {
                Err(blockers.commands.iter().map(FieldBlocker::named).collect())
            } else {
                match (self.procedure_options(), &document) {
                    (Ok(mut options), Ok(doc)) => {
                        // A rollback is applied like an alter: compared with the state after
                        // the alter, from a ConfigMap of its own.
                        rb.procedure_options(&mut options);
                        if let (
                            Target::KafkaConnector { cluster, .. }
                            | Target::KafkaMirrorMaker2 { cluster, .. },
                            Some(name),
                        ) = (&mut options.target, &name)
                        {
                            cluster.alter_configmap = name.clone();
                        }
                        procedure::alter(&options, &doc.text).map(|mut p| {
                            p.title = format!("Roll back: {}", p.title);
                            p
                        })
                    }
                    (Err(e), _) => Err(e),
                    (_, Err(e)) => Err(e.clone()),
                }
            };
            (document, procedure)
        };
        Some(RollbackExports {
            restored: rb.restored,
            deleted: rb.deleted,
            document,
            procedure,
            expected,
        })
    }

    // ----- the landed check -----
}
