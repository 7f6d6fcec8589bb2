//! Apply procedures (stop, wait for STOPPED, list, alter, verify, resume): the exact kubectl or
//! curl steps that list, alter or reset connector offsets, or choose where partitions without an
//! offset start, rendered as copy-paste steps and as an all-in-one bash script.
//!
//! Everything is a pure function of plain values. Every value that ends up in a command is
//! validated first ([`crate::model::names`]) and single-quoted; a value that fails validation yields
//! diagnostics and no command at all.
//!
//! This file holds the public types, the rendering and [`plan`]; `options` checks the options,
//! `build` holds the titles and notes and picks the transport, `sequence` puts the steps in
//! the safe order, which a `transport` renders: `kube_transport` (with the commands of `kube`,
//! `rounds`, and `kube_create` for a create, `strimzi_create` its options) the kubectl steps,
//! `rest` (and `rest_create`) the curl steps. `compare` is the compare and verify steps both
//! share, `check` the per-partition check that `jq` runs, `step` the step type, `wait` the
//! waits both transports render, and `shell` turns the command templates into quoted shell text. `request` is the plan request
//! both front ends build: the names, defaults and exceptions, decided once.

mod build;
mod check;
mod compare;
mod create_body;
mod error;
mod kube;
mod kube_create;
mod kube_create_previous;
mod kube_transport;
mod options;
pub mod request;
mod rest;
mod rest_create;
mod round_names;
mod rounds;
mod sequence;
mod shell;
mod step;
mod strimzi_create;
mod strimzi_manifest;
mod strimzi_options;
mod strimzi_quiet;
mod transport;
mod wait;

use crate::diag::Diagnostic;
pub use crate::model::AliasPath;
use crate::model::names::{self, MirrorConnectorName};
use crate::model::{Entry, EntryKeys, Listing, PartitionKey};
pub use error::FieldError;
use options::validate;
pub(crate) use options::{Checked, Kind};
pub(crate) use shell::comment_lines;
use shell::{Ctx, Mode};
use std::collections::HashSet;
use std::sync::{Arc, OnceLock};
pub use strimzi_options::{StrimziCreate, StrimziVersion};

/// Rule id for option errors that are not one of the K rules (docs/rules.md, PLAN).
pub const RULE_PLAN: &str = "PLAN";

/// Seconds every wait gives up after, unless [`Options::timeout_seconds`] says otherwise.
pub const DEFAULT_TIMEOUT_SECONDS: u32 = 300;
/// Seconds between two polls in the waiting loops.
pub const POLL_INTERVAL_SECONDS: u32 = 5;
/// Default file the copy-paste steps write the alter ConfigMap to.
pub const DEFAULT_MANIFEST_FILE: &str = "alter.yaml";
/// File the alter procedures write the per-partition check to (listed and altered values).
/// The listings taken after the stop and after the alter go to `before-alter.yaml` and
/// `after-alter.yaml` (`before-reset`/`after-reset` for a reset; `.json` for REST), never over
/// the listing the user edited.
pub const CHECK_FILE: &str = "offsets-check.json";

/// Where the Kubernetes resources live.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kubernetes {
    pub namespace: String,
    /// `kubectl --context`; `None` uses the current context.
    pub context: Option<String>,
    /// The ConfigMap named in `listOffsets.toConfigMap` (the operator writes the listing there).
    pub list_configmap: String,
    /// The ConfigMap named in `alterOffsets.fromConfigMap` (the exported, edited offsets).
    pub alter_configmap: String,
}

/// The connector whose offsets the procedure handles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// A `KafkaConnector` CR managed by Strimzi.
    KafkaConnector { cluster: Kubernetes, name: String },
    /// One connector of mirror `mirror_index` in a `KafkaMirrorMaker2` CR.
    KafkaMirrorMaker2 {
        cluster: Kubernetes,
        resource: String,
        mirror_index: u32,
        connector: MirrorConnectorName,
        alias_path: AliasPath,
    },
    /// A plain Kafka Connect cluster, through its REST API (`url` is the base, e.g.
    /// `http://connect:8083`).
    Rest { url: String, connector: String },
}

/// The listing the edits were made on, as an alter procedure compares it: shared, never copied
/// or parsed again (the page builds the procedure after every change, and a 100k-entry listing
/// is 10 MB of text), with an index of its partitions built on the first lookup and kept with
/// it. Keep one `Listed` per listing (the editor keeps it with the loaded session): a clone
/// shares the index, a new one builds it again.
#[derive(Debug, Clone)]
pub struct Listed {
    listing: Arc<Listing>,
    keys: Arc<OnceLock<EntryKeys>>,
}

impl Listed {
    pub fn new(listing: impl Into<Arc<Listing>>) -> Listed {
        Listed {
            listing: listing.into(),
            keys: Arc::new(OnceLock::new()),
        }
    }

    pub fn listing(&self) -> &Listing {
        &self.listing
    }

    /// The listed entries with `entry`'s partition, in listing order: the partition as Kafka
    /// Connect reads it (a sink's `"1"` is partition 1), else as written.
    pub(crate) fn find(&self, entry: &Entry) -> Vec<&Entry> {
        let entries = &self.listing.entries;
        let keys = self.keys.get_or_init(|| EntryKeys::new(entries));
        let read = entry.as_connect_reads(self.listing.kind);
        let mut found = keys.find(entries, &read);
        if found.is_empty() && matches!(read, std::borrow::Cow::Owned(_)) {
            found = keys.find(entries, entry);
        }
        found.into_iter().filter_map(|i| entries.get(i)).collect()
    }
}

/// Equal when they share the listing or their listings are equal.
impl PartialEq for Listed {
    fn eq(&self, other: &Listed) -> bool {
        Arc::ptr_eq(&self.listing, &other.listing) || self.listing == other.listing
    }
}

/// Options of a procedure besides what it does.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    pub target: Target,
    /// File the copy-paste steps save the alter ConfigMap to (default `alter.yaml`).
    pub manifest_file: Option<String>,
    /// File `list` saves the listing to (default `list.yaml`, or `list.json` for REST).
    pub list_file: Option<String>,
    /// How long each wait lasts before it gives up (default 300 seconds).
    pub timeout_seconds: Option<u32>,
    /// The listing the edits were made on (the editor's imported listing, or `plan --against`).
    /// An alter procedure compares it, for every partition the alter writes, with a listing
    /// taken after the stop, and refuses to alter when one moved. `None`: the procedure cannot
    /// compare and the script stops before altering unless run with `OFFSETS_UNCHECKED=yes`
    /// (a warning says so).
    pub listed: Option<Listed>,
    /// The `apiVersion` of the listing's Strimzi owner reference (`kafka.strimzi.io/v1` or
    /// `kafka.strimzi.io/v1beta2`), when the import knows it. The MirrorMaker 2 guard step
    /// says which path it uses and why, and a guard path that does not fit is a warning.
    pub api_version: Option<String>,
    /// For a create on a Strimzi target: the user's resource, or the names to build it from,
    /// and which operator creates it. `None` is the default [`StrimziCreate`].
    pub create: Option<StrimziCreate>,
    /// Which altered partitions hold a value computed from their listed one, so must be
    /// unchanged since [`Options::listed`] was taken; the others are altered even when they
    /// moved, and the script names them.
    pub relative: RelativeEdits,
}

/// Which partitions of an alter were edited relatively (shift, rewind by N): their new value
/// is right only while the stored offset is still the listed one. A value that was set (set,
/// set from a time or a reference, null, restore, every entry of a rollback) does not depend on
/// the old one, so a partition that moved since the listing is altered all the same.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum RelativeEdits {
    /// Maybe every one: two listings cannot tell a set from a shift, so every altered
    /// partition must be unchanged (`plan --against` without `--absolute`).
    #[default]
    Every,
    /// None: every value was set (`plan --absolute`, `plan --rollback`, a rollback).
    Nothing,
    /// Only these partitions, as Kafka Connect keys them (the page, which knows each edit).
    Only(HashSet<PartitionKey>),
}

impl RelativeEdits {
    /// Whether the partition `key` (as Kafka Connect keys it) was edited relatively.
    pub(crate) fn contains(&self, key: Option<&PartitionKey>) -> bool {
        match self {
            RelativeEdits::Every => true,
            RelativeEdits::Nothing => false,
            // A partition without a key cannot be told apart: checked.
            RelativeEdits::Only(keys) => key.is_none_or(|k| keys.contains(k)),
        }
    }
}

impl Options {
    pub fn new(target: Target) -> Options {
        Options {
            target,
            manifest_file: None,
            list_file: None,
            timeout_seconds: None,
            listed: None,
            api_version: None,
            create: None,
            relative: RelativeEdits::Every,
        }
    }
}

/// The value of `source.consumer.auto.offset.reset`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AutoOffsetReset {
    Latest,
    Earliest,
}

impl AutoOffsetReset {
    pub fn as_str(self) -> &'static str {
        match self {
            AutoOffsetReset::Latest => "latest",
            AutoOffsetReset::Earliest => "earliest",
        }
    }
}

/// What the procedure does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Operation {
    /// Configure `listOffsets`, trigger a list and fetch the ConfigMap (REST: GET the offsets).
    List,
    /// Upload the edited offsets and apply them, from the upload of the alter ConfigMap on (the
    /// user has listed already). `payload` is the alter ConfigMap YAML, or for REST the PATCH body.
    Alter { payload: String },
    /// Delete every stored offset of the connector.
    Reset,
    /// Set `source.consumer.auto.offset.reset` on the MirrorSourceConnector.
    AutoOffsetReset(AutoOffsetReset),
    /// Create a connector that has never run, STOPPED (KIP-980), set its offsets to `payload`
    /// (the PATCH body of a new listing), verify them, then resume it. `config` is the
    /// connector's config object as JSON text, for plain Kafka Connect ([`Target::Rest`]); a
    /// Strimzi target takes it empty, with the resource in [`Options::create`] (the payload is
    /// then the alter ConfigMap). `previous` says what to do with offsets the name stored before.
    Create {
        payload: String,
        config: String,
        previous: Previous,
    },
}

/// What a create does with offsets stored under the connector's name before it was created:
/// Kafka Connect keeps a deleted connector's offsets, and a connector created again under the
/// same name resumes from them, not from the ones chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Previous {
    /// The name is new: when the created connector lists stored offsets, the procedure deletes
    /// it again (it never ran, and its offsets stay as they were) and stops.
    #[default]
    Refuse,
    /// The name existed before: delete its old offsets, then alter, so that only the chosen
    /// offsets remain.
    Reset,
    /// The name existed before: alter over its old offsets; partitions the listing does not
    /// set keep the offsets they had (the procedure names them).
    Keep,
}

impl Previous {
    /// The CLI's `--recreated` values: `reset` and `keep`.
    pub fn from_flag(value: &str) -> Option<Previous> {
        match value {
            "reset" => Some(Previous::Reset),
            "keep" => Some(Previous::Keep),
            _ => None,
        }
    }
}

/// One step: a title, an explanation, and its commands in the two renderings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    pub title: String,
    /// Sentences explaining why the step is there and what to look for.
    pub comment: Vec<String>,
    /// The commands as the user copies them: literal, single-quoted values.
    pub command: String,
    /// The same step in the all-in-one script: variables, bounded waits that exit on failure.
    pub script: String,
    /// Text shown verbatim (as comment lines) after the explanation, e.g. a YAML snippet.
    pub example: Option<String>,
}

/// A script variable defined once at the top of the all-in-one script.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variable {
    pub name: &'static str,
    pub value: String,
}

/// An ordered, validated procedure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Procedure {
    pub title: String,
    /// Notes shown before the steps (requirements, what the procedure does).
    pub notes: Vec<String>,
    /// The values used by the script, in a fixed order.
    pub variables: Vec<Variable>,
    pub steps: Vec<Step>,
    /// Non-blocking findings about the options (K3 service name, K8 same ConfigMap).
    pub warnings: Vec<Diagnostic>,
    /// Commands the script checks for before it starts (`kubectl` or `curl`).
    pub tools: Vec<&'static str>,
}

const WIDTH: usize = 100;

impl Procedure {
    /// Copy-pasteable steps: a header, then for each step a `# N. Title` comment, its
    /// explanation and its commands.
    pub fn render_steps(&self) -> String {
        let mut out = self.render_header();
        for i in 0..self.steps.len() {
            out.push('\n');
            out.push_str(&self.render_step(i));
        }
        out
    }

    /// What the copy-paste steps show before the first step: the title and the notes, as
    /// comment lines.
    pub fn render_header(&self) -> String {
        let mut out = String::new();
        out.push_str(&format!("# {}\n", self.title));
        for note in &self.notes {
            push_comment(&mut out, note);
        }
        push_comment(
            &mut out,
            "Generated by connect-offsets. Run the commands one step at a time in bash and check each result before you go on.",
        );
        out
    }

    /// Step `index` (0-based) as the copy-paste steps show it: `# N. Title`, its explanation
    /// and its commands. Empty when there is no such step.
    pub fn render_step(&self, index: usize) -> String {
        let Some(step) = self.steps.get(index) else {
            return String::new();
        };
        let mut out = format!("# {}. {}\n", index + 1, step.title);
        push_step_comments(&mut out, step);
        out.push_str(&step.command);
        out.push('\n');
        out
    }

    /// The all-in-one bash script: strict mode, variables at the top, every wait bounded.
    pub fn render_script(&self) -> String {
        let mut out = String::from("#!/usr/bin/env bash\n");
        out.push_str(&format!("# {}\n", self.title));
        for note in &self.notes {
            push_comment(&mut out, note);
        }
        push_comment(
            &mut out,
            "Generated by connect-offsets. It stops at the first command that fails. Read it before you run it.",
        );
        out.push_str("set -euo pipefail\n\n");
        push_comment(
            &mut out,
            "Values checked by connect-offsets when this script was generated. To change one, generate the script again rather than editing it here.",
        );
        for v in &self.variables {
            out.push_str(&format!("{}={}\n", v.name, names::shell_quote(&v.value)));
        }
        if self
            .variables
            .iter()
            .any(|v| v.name == shell::Var::Context.name())
        {
            push_comment(
                &mut out,
                "Every kubectl command of this script runs through kube, which names the context once.",
            );
            out.push_str(&format!(
                "{}() {{ kubectl --context \"${{KUBECTL_CONTEXT}}\" \"$@\"; }}\n",
                shell::KUBE_WRAPPER
            ));
        }
        out.push('\n');
        for tool in &self.tools {
            let why = match *tool {
                "jq" => {
                    " It compares the listings (Debian/Ubuntu: apt-get install jq; macOS: brew install jq)."
                }
                _ => "",
            };
            out.push_str(&format!(
                "command -v {tool} >/dev/null || {{ echo '{tool} is not installed or not on PATH.{why}' >&2; exit 1; }}\n"
            ));
        }
        let total = self.steps.len();
        for (i, step) in self.steps.iter().enumerate() {
            out.push('\n');
            out.push_str(&format!("# {}. {}\n", i + 1, step.title));
            push_step_comments(&mut out, step);
            let progress = format!("==> {}/{} {}", i + 1, total, step.title);
            out.push_str(&format!("echo {}\n", names::shell_quote(&progress)));
            out.push_str(&step.script);
            out.push('\n');
        }
        out.push_str("\necho '==> Done.'\n");
        out
    }
}

fn push_step_comments(out: &mut String, step: &Step) {
    for c in &step.comment {
        push_comment(out, c);
    }
    if let Some(example) = &step.example {
        for line in example.lines() {
            out.push_str(format!("#   {line}").trim_end());
            out.push('\n');
        }
    }
}

fn push_comment(out: &mut String, text: &str) {
    for line in comment_lines(text, "", WIDTH) {
        out.push_str(&line);
        out.push('\n');
    }
}

/// Builds the procedure for `operation` on `options.target`, or every reason it cannot.
pub fn plan(options: &Options, operation: &Operation) -> Result<Procedure, Vec<Diagnostic>> {
    let checked = validate(options, operation)?;
    let steps_ctx = Ctx::new(Mode::Steps, checked.values.clone());
    let script_ctx = Ctx::new(Mode::Script, checked.values.clone());
    let for_steps = build::steps(&checked, operation, &steps_ctx);
    let for_script = build::steps(&checked, operation, &script_ctx);
    let steps: Vec<Step> = for_steps
        .into_iter()
        .zip(for_script)
        .map(|(s, x)| Step {
            title: s.title,
            comment: s.comment,
            command: s.body,
            script: x.body,
            example: s.example,
        })
        .collect();
    // The script defines only the variables it uses, so shellcheck finds none unused.
    let variables = checked
        .values
        .iter()
        .filter(|(var, _)| {
            let reference = format!("${{{}}}", var.name());
            // The context is read by the kubectl wrapper the script defines.
            let wrapper = format!("{} ", shell::KUBE_WRAPPER);
            steps.iter().any(|s| {
                s.script.contains(&reference)
                    || (*var == shell::Var::Context && s.script.contains(&wrapper))
            })
        })
        .map(|(var, value)| Variable {
            name: var.name(),
            value: value.as_str().to_owned(),
        })
        .collect();
    Ok(Procedure {
        title: build::title(&checked, operation),
        notes: build::notes(&checked, operation),
        variables,
        steps,
        warnings: checked.warnings,
        tools: {
            let mut tools = vec![if matches!(checked.kind, Kind::Rest { .. }) {
                "curl"
            } else {
                "kubectl"
            }];
            if matches!(
                operation,
                Operation::Alter { .. } | Operation::Create { .. }
            ) || (matches!(checked.kind, Kind::Rest { .. })
                && matches!(operation, Operation::Reset))
            {
                tools.push("jq");
            }
            tools
        },
    })
}

/// Shorthand for [`plan`] with [`Operation::List`].
pub fn list(options: &Options) -> Result<Procedure, Vec<Diagnostic>> {
    plan(options, &Operation::List)
}

/// Shorthand for [`plan`] with [`Operation::Alter`].
pub fn alter(options: &Options, payload: &str) -> Result<Procedure, Vec<Diagnostic>> {
    plan(
        options,
        &Operation::Alter {
            payload: payload.to_owned(),
        },
    )
}

/// Shorthand for [`plan`] with [`Operation::Reset`].
pub fn reset(options: &Options) -> Result<Procedure, Vec<Diagnostic>> {
    plan(options, &Operation::Reset)
}

/// Shorthand for [`plan`] with [`Operation::AutoOffsetReset`].
pub fn auto_offset_reset(
    options: &Options,
    value: AutoOffsetReset,
) -> Result<Procedure, Vec<Diagnostic>> {
    plan(options, &Operation::AutoOffsetReset(value))
}
