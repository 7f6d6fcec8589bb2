//! The kubectl procedure that creates a Strimzi connector at chosen offsets: check that the
//! connector does not exist, upload the alter ConfigMap, create the resource with `state:
//! stopped` and `alterOffsets` (a KafkaConnector, or the connector's block of a
//! KafkaMirrorMaker2), wait until the operator shows it STOPPED, list what the name stored
//! before and refuse, reset or keep it ([`Previous`]), alter, verify, and only then set `state:
//! running`. Nothing in it starts the connector before the verify step; the Strimzi code facts
//! behind each step are in `strimzi_create`.

use super::CHECK_FILE;
use super::kube::{ALTER_DONE, Kube, NO_OPS, nonempty};
use super::shell::{Mode, Var, heredoc};
use super::step::{RawStep, WARNINGS, step};
use super::strimzi_create::Make;
use super::strimzi_options::StrimziVersion;
use super::strimzi_quiet::Quiet;
use super::transport::{Create, Transport};
use super::{Checked, Previous};
use crate::json::{JsonValue, Keyed, Object, PatchOp, ToJson};
use std::collections::BTreeMap;

/// The file the copy-paste steps save the created resource to.
const RESOURCE_FILE: &str = "create-resource.json";

/// The old offsets' words, the same as the REST create's.
pub(super) const RESUMES: &str = "a connector deleted and created again under the same name resumes from the offsets it stored before";

/// What the operator does at the create, for the notes and the create step.
fn creates(version: Option<StrimziVersion>, quiet: bool) -> &'static str {
    match version {
        Some(StrimziVersion::StartsFirst) if quiet => {
            "Before Strimzi 1.2 the operator creates the connector running (PUT /connectors/NAME/config) and stops it a moment later, because its spec says state: stopped."
        }
        None if quiet => {
            "Strimzi 1.2 or later creates the connector stopped (POST /connectors with initial_state STOPPED), so it never runs before its offsets are altered. An older operator creates it running and stops it a moment later."
        }
        Some(StrimziVersion::CreatesStopped) => {
            "Strimzi 1.2 or later creates the connector in the state its spec asks for (POST /connectors with initial_state STOPPED): it never runs before its offsets are altered and verified."
        }
        Some(StrimziVersion::StartsFirst) => {
            "Warning: before Strimzi 1.2 the operator creates the connector running (PUT /connectors/NAME/config) and stops it a moment later, because its spec says state: stopped. In that moment it runs from the offsets stored under its name or, where none are, from where its own rules start (auto.offset.reset; earliest for MirrorMaker 2): it may process records, write them (a source connector to Kafka, a sink connector to its system) and commit offsets, which the listing then shows. The alter replaces the offsets of every partition it sets; what the connector wrote in that moment stays written."
        }
        None => {
            "Strimzi 1.2 or later creates the connector stopped (POST /connectors with initial_state STOPPED), so it never runs before its offsets are altered. Warning: an older operator creates it running and stops it a moment later: in that moment it may process and write records from the offsets stored under its name or from its own rules (auto.offset.reset), and commit offsets that the listing then shows."
        }
    }
}

/// What the filter does in the moment an older operator runs the connector.
fn filtered(quiet: &Quiet) -> String {
    format!(
        "So that it copies nothing then, the procedure creates it with {} in its config: it matches {}, runs no task and commits no offset. The start step puts the config back ({}).",
        quiet.create_text(),
        quiet.matches,
        quiet.restore_text()
    )
}

/// The notes of a Strimzi create (after the requirements `build` writes).
pub(super) fn notes(c: &Checked) -> Vec<String> {
    let Some(p) = &c.strimzi_create else {
        return Vec::new();
    };
    let mut notes = vec![creates(p.version, p.quiet.is_some()).to_owned()];
    if let Some(q) = &p.quiet {
        notes.push(filtered(q));
    }
    if !p.version_why.is_empty() && p.version_why != "as given" {
        notes.push(format!(
            "This procedure is for an operator before Strimzi 1.2 because {}.",
            p.version_why
        ));
    }
    notes.push(format!(
        "Kafka Connect keeps a deleted connector's offsets, and {RESUMES}. The procedure lists them after the create and before the alter, and {}",
        match p.previous {
            Previous::Refuse => {
                "stops when there are any: it deletes the connector it created (its stored offsets stay as they were). Then generate the procedure with --recreated reset or --recreated keep (in the page: Offsets stored under this name before)."
            }
            Previous::Reset => "resets them (only the offsets of this procedure remain).",
            Previous::Keep => {
                "alters over them: partitions this procedure does not set keep the offsets they had (the procedure names them)."
            }
        }
    ));
    notes
}

/// The connector block a JSON patch adds to mirror I, behind the mirror guard: the one JSON
/// patch of these procedures that sets a whole block (`Kube::patch` sets members of it).
struct Block<'a> {
    state: &'static str,
    list_offsets: Keyed<'a, Keyed<'a, &'a str>>,
    alter_offsets: Keyed<'a, Keyed<'a, &'a str>>,
    /// The filter of an older operator's create (`strimzi_quiet`), alone: the block is new.
    /// Not written when empty.
    config: BTreeMap<&'static str, &'static str>,
}

impl ToJson for Block<'_> {
    fn write_json(&self, out: &mut String) {
        let mut o = Object::new(out);
        o.member("state", self.state)
            .member("listOffsets", &self.list_offsets)
            .member("alterOffsets", &self.alter_offsets);
        if !self.config.is_empty() {
            o.member("config", &self.config);
        }
        o.end();
    }
}

/// `{"spec":{"state":"running","alterOffsets":null}}`: null removes the pointer, so a stale
/// alter annotation cannot apply these offsets again; with `config`, the user's config members
/// are put back too (`null` removes one).
struct StartSpec {
    state: &'static str,
    config: Option<BTreeMap<&'static str, Option<JsonValue>>>,
}

impl ToJson for StartSpec {
    fn write_json(&self, out: &mut String) {
        Object::new(out)
            .member("state", self.state)
            .member("alterOffsets", &())
            .member_some("config", &self.config)
            .end();
    }
}

impl Kube<'_> {
    pub(super) fn version(&self) -> Option<StrimziVersion> {
        self.c.strimzi_create.as_ref().and_then(|p| p.version)
    }

    pub(super) fn quiet(&self) -> Option<&Quiet> {
        self.c
            .strimzi_create
            .as_ref()
            .and_then(|p| p.quiet.as_ref())
    }

    /// The jsonpath of mirror I's exclude patterns that Strimzi writes over the filter of a
    /// block added without the resource; `None` when no filter is added.
    fn exclude_patterns(&self) -> Option<String> {
        let Some(Make::AddBlock) = self.c.strimzi_create.as_ref().map(|p| &p.make) else {
            return None;
        };
        self.quiet()?;
        Some(
            super::strimzi_quiet::Filter::of_block(self.field())?
                .mirror_fields()
                .iter()
                .map(|f| format!("{{.spec.mirrors[%MIRROR_INDEX%].{f}}}"))
                .collect(),
        )
    }

    pub(super) fn previous(&self) -> Previous {
        self.c
            .strimzi_create
            .as_ref()
            .map_or(Previous::Refuse, |p| p.previous)
    }

    /// `{.spec.mirrors[I].sourceConnector}` (or the checkpoint block).
    fn block_jsonpath(&self) -> String {
        format!("{{.spec.mirrors[%MIRROR_INDEX%].{}}}", self.field())
    }

    /// `/spec/mirrors/I/sourceConnector` (or the checkpoint block).
    pub(super) fn block_pointer(&self) -> String {
        format!("/spec/mirrors/%MIRROR_INDEX%/{}", self.field())
    }

    /// The script's stop when a file from an earlier run is in the way.
    fn refuse_existing_file(&self, file: &str) -> String {
        let msg = self.ctx.message(&format!("{file} exists from an earlier run; it may be the only record of offsets before that run. Move it away, then run this script again."));
        format!("if [ -e {file} ]; then\n  echo {msg} >&2\n  exit 1\nfi\n")
    }

    fn absent(&self, make: &Make) -> RawStep {
        let mm2 = self.mm2().is_some();
        let what = if mm2 {
            "The connector %MM2_CONNECTOR% of KafkaMirrorMaker2 %MM2%"
        } else {
            "KafkaConnector %CONNECTOR%"
        };
        let instead = "To change the offsets of a connector that exists, list and alter them (connect-offsets plan without --create).";
        let status_name = r#"{.status.connectors[?(@.name=="%MM2_CONNECTOR%")].name}"#;
        let (body, comment) = match (make, self.ctx.mode) {
            (Make::Create(_), Mode::Steps) => (
                self.sh(&format!("⟨kubectl⟩ get {} --ignore-not-found -o name", self.cr())),
                format!("It must print nothing. If it prints the KafkaConnector, stop here: it exists. {instead}"),
            ),
            (Make::Apply(_), Mode::Steps) => (
                self.sh(&format!("⟨kubectl⟩ get {} --ignore-not-found -o «jsonpath=connector in the status: [{status_name}]{{\"\\n\"}}»", self.cr())),
                format!("It must print nothing, or empty brackets: the KafkaMirrorMaker2 is new, or it has no connector of this name yet. If the brackets hold the connector's name, stop here: it exists. {instead}"),
            ),
            (Make::AddBlock, Mode::Steps) => {
                let (patterns, said) = match self.exclude_patterns() {
                    Some(p) => (
                        format!("exclude patterns of the mirror: [{p}]{{\"\\n\"}}"),
                        ", and the exclude patterns' brackets empty too: Strimzi writes the mirror's exclude pattern over the block's filter, and an operator before Strimzi 1.2 would then run the connector unfiltered for a moment (generate the procedure with --strimzi 1.2 if Strimzi 1.2 or later runs this KafkaMirrorMaker2, or with --recreated reset)",
                    ),
                    None => (String::new(), ""),
                };
                (
                    self.sh(&format!(
                        "⟨kubectl⟩ get {} -o «jsonpath=source alias at the guard path: {}{{\"\\n\"}}{}: [{}]{{\"\\n\"}}connector in the status: [{status_name}]{{\"\\n\"}}{patterns}»",
                        self.cr(),
                        self.guard_jsonpath(),
                        self.field(),
                        self.block_jsonpath()
                    )),
                    format!(
                        "The source alias must be {}, and both brackets empty: mirror {} has no {} block yet and the KafkaMirrorMaker2 no such connector{said}. Otherwise stop here: the mirror index is wrong, or the connector exists. {instead}",
                        self.mm2().map_or("", |(n, _)| n.source.as_str()),
                        self.ctx.value(Var::MirrorIndex),
                        self.field()
                    ),
                )
            }
            (_, Mode::Script) => {
                let exists = self.ctx.message(&format!("Stopped before creating anything: {what} exists in namespace %NS%. {instead}"));
                let mut out = self.refuse_existing_file("before-alter.yaml");
                if self.previous() == Previous::Reset {
                    out.push_str(&self.refuse_existing_file("after-reset.yaml"));
                }
                let found = match make {
                    Make::Create(_) => format!("⟨kubectl⟩ get {} --ignore-not-found -o name", self.cr()),
                    Make::Apply(_) => format!("⟨kubectl⟩ get {} --ignore-not-found -o «jsonpath={status_name}»", self.cr()),
                    Make::AddBlock => {
                        let name = self.mm2().map_or("", |(n, _)| n.source.as_str());
                        let wrong = self.ctx.message(&format!(
                            "Mirror %MIRROR_INDEX% of KafkaMirrorMaker2 %MM2% has '${{alias}}' at {}, not '{name}': the mirror index or the guard path is wrong. Nothing was changed.",
                            self.guard_pointer()
                        ))
                        .replace("\\${alias}", "${alias}");
                        let block = self.block_jsonpath();
                        let has_block = self.ctx.message(&format!("Stopped before creating anything: mirror %MIRROR_INDEX% of KafkaMirrorMaker2 %MM2% has a {} block already. {instead}", self.field()));
                        out.push_str(&self.sh(&format!(
                            "alias=\"$(⟨kubectl⟩ get {cr} -o «jsonpath={}»)\"\nif [ \"${{alias}}\" != «{name}» ]; then\n  echo {wrong} >&2\n  exit 1\nfi\nif [ -n \"$(⟨kubectl⟩ get {cr} -o «jsonpath={block}»)\" ]; then\n  echo {has_block} >&2\n  exit 1\nfi\n",
                            self.guard_jsonpath(),
                            cr = self.cr()
                        )));
                        if let Some(patterns) = self.exclude_patterns() {
                            let set = self.ctx.message("Stopped before creating anything: mirror %MIRROR_INDEX% of KafkaMirrorMaker2 %MM2% sets an exclude pattern, which Strimzi writes over the block's filter, so an operator before Strimzi 1.2 would run the connector unfiltered for a moment. Generate the procedure with --strimzi 1.2 if Strimzi 1.2 or later runs this KafkaMirrorMaker2, or with --recreated reset (what it commits in that moment is deleted before the alter; what it copies stays copied).");
                            out.push_str(&self.sh(&format!(
                                "if [ -n \"$(⟨kubectl⟩ get {cr} -o «jsonpath={patterns}»)\" ]; then\n  echo {set} >&2\n  exit 1\nfi\n",
                                cr = self.cr()
                            )));
                        }
                        format!("⟨kubectl⟩ get {} -o «jsonpath={status_name}»", self.cr())
                    }
                };
                out.push_str(&self.sh(&format!(
                    "existing=\"$({found})\"\nif [ -n \"${{existing}}\" ]; then\n  echo {exists} >&2\n  exit 1\nfi\necho 'No connector of this name exists yet.'"
                )));
                (out, String::new())
            }
        };
        let mut comments = Vec::new();
        if !comment.is_empty() {
            comments.push(comment);
        }
        if self.ctx.mode == Mode::Steps {
            comments.push("If before-alter.yaml exists from an earlier run, move it away first: it may be the only record of offsets before that run.".to_owned());
        }
        step(
            "Check that the connector does not exist yet",
            &comments,
            body,
        )
    }

    fn upload_step(&self, payload: &str) -> RawStep {
        let check = self.c.check.as_ref();
        let (check_open, check_body) = heredoc(check.map_or("{}", |c| c.json.as_str()));
        let count = check.map_or(0, |c| c.count);
        let apply = self.apply_manifest(payload);
        step(
            "Upload the alter ConfigMap",
            &[format!(
                "Creates or updates ConfigMap '{}' with the offsets under the data key {}, before the connector exists: the resource points at it from the start. Also writes {CHECK_FILE}, the {count} partitions the alter sets, which the verify step reads.",
                self.ctx.value(Var::AlterConfigMap),
                self.data_key()
            )],
            format!("cat > {CHECK_FILE} {check_open}\n{check_body}\n{apply}"),
        )
    }

    fn create_resource(&self, make: &Make) -> RawStep {
        let mut comment = vec![creates(self.version(), self.quiet().is_some()).to_owned()];
        if let Some(q) = self.quiet() {
            comment.push(filtered(q));
        }
        let (title, body) = match make {
            Make::Create(manifest) | Make::Apply(manifest) => {
                let (verb, title) = match make {
                    Make::Create(_) => ("create", "Create the KafkaConnector, stopped"),
                    _ => (
                        "apply",
                        "Create the connector: apply the KafkaMirrorMaker2 with its block stopped",
                    ),
                };
                comment.push(if matches!(make, Make::Create(_)) {
                    "The resource sets state: stopped, listOffsets (the list ConfigMap) and alterOffsets (the alter ConfigMap). kubectl create fails if the KafkaConnector exists, so nothing is overwritten.".to_owned()
                } else {
                    format!("The resource is yours, with the {} block of mirror {} set to state: stopped, listOffsets and alterOffsets. kubectl apply creates the KafkaMirrorMaker2, or updates it when it exists (its other connectors as your resource says). A new KafkaMirrorMaker2 starts its pods first: the operator creates its connectors only once they are ready, so the next step may wait a few minutes.", self.field(), self.ctx.value(Var::MirrorIndex))
                });
                let (open, text) = heredoc(manifest);
                let body = match self.ctx.mode {
                    Mode::Steps => format!(
                        "cat > {RESOURCE_FILE} {open}\n{text}\n{}",
                        self.sh(&format!("⟨kubectl⟩ {verb} -f {RESOURCE_FILE}"))
                    ),
                    Mode::Script => format!(
                        "{} {open}\n{text}",
                        self.sh(&format!("⟨kubectl⟩ {verb} -f -"))
                    ),
                };
                (title, body)
            }
            Make::AddBlock => {
                comment.push(format!(
                    "Adds the {} block to mirror {} with state: stopped, listOffsets and alterOffsets; the operator then creates the connector on the KafkaMirrorMaker2's Connect cluster. Its config holds only what the operator derives from the mirror (the clusters, topicsPattern as topics); MirrorMaker 2's own defaults apply to everything else (for example replication.factor 2). To set any of it, add it to the block's config in this step, before you apply it, or give your resource with --resource-file.",
                    self.field(),
                    self.ctx.value(Var::MirrorIndex)
                ));
                comment.extend(self.guard_comment().into_iter().take(1));
                let add = PatchOp {
                    op: "add",
                    path: self.block_pointer(),
                    value: Some(Block {
                        state: "stopped",
                        list_offsets: Keyed("toConfigMap", Keyed("name", "%LIST_CM%")),
                        alter_offsets: Keyed("fromConfigMap", Keyed("name", "%ALTER_CM%")),
                        config: self
                            .quiet()
                            .map(|q| {
                                q.create
                                    .iter()
                                    .filter_map(|(k, v)| Some((*k, (*v)?)))
                                    .collect()
                            })
                            .unwrap_or_default(),
                    }),
                };
                let ops = self.guarded(vec![add]);
                (
                    "Create the connector: add its block to the mirror, stopped",
                    self.sh(&format!(
                        "⟨kubectl⟩ patch {} --type=json -p «{ops}»",
                        self.cr()
                    )),
                )
            }
        };
        step(title, &comment, body)
    }

    /// Polls the connector's state in the status until it is `want`; waiting for STOPPED, says
    /// once that it saw the connector RUNNING (an operator before Strimzi 1.2 started it).
    fn wait_state(&self, want: &str) -> String {
        let cr = self.cr();
        let state = self.state_jsonpath();
        match self.ctx.mode {
            Mode::Steps => self.poll_state(want, &format!("state: {state}{{\"\\n\"}}{WARNINGS}")),
            Mode::Script => {
                let running = if want == "STOPPED" {
                    let said = match (self.version(), self.quiet()) {
                        (_, Some(_)) => {
                            "The operator shows the connector RUNNING: an operator before Strimzi 1.2 starts a new connector and stops it a moment later. It was created matching nothing, so it copies nothing meanwhile. Waiting for STOPPED."
                        }
                        (Some(StrimziVersion::StartsFirst), None) => {
                            "The operator shows the connector RUNNING: an operator before Strimzi 1.2 starts a new connector and stops it a moment later. Waiting for STOPPED."
                        }
                        _ => {
                            "Warning: the operator shows the connector RUNNING, so it is older than Strimzi 1.2: it started the connector, which may be processing records from the offsets stored under its name or from its own rules, and stops it a moment later. Waiting for STOPPED."
                        }
                    };
                    format!(
                        "  if [ \"${{state}}\" = RUNNING ] && [ -z \"${{seen_running}}\" ]; then\n    seen_running=yes\n    echo {} >&2\n  fi\n",
                        self.ctx.message(said)
                    )
                } else {
                    String::new()
                };
                let seen = if running.is_empty() {
                    ""
                } else {
                    "seen_running=''\n"
                };
                // Once RUNNING: a task the status already shows FAILED stops the script (the
                // operator updates the tasks' states at its reconciliations, so tasks not yet
                // listed are not waited for).
                let tasks = if want == "RUNNING" {
                    let failed = self.ctx.message("The connector runs, but the status shows a task of it FAILED (its offsets are altered and verified). Its Warning conditions and the task states follow; the task's trace is in the status.");
                    let tasks = state.replace(".connector.state}", ".tasks[*].state}");
                    format!(
                        "\ntasks=\"$(⟨kubectl⟩ get {cr} -o «jsonpath={tasks}»)\"\ncase \" ${{tasks}} \" in\n  *\" FAILED \"*)\n    echo {failed} >&2\n    ⟨kubectl⟩ get {cr} -o «jsonpath={WARNINGS}» >&2 || true\n    echo \"task states: ${{tasks}}\" >&2\n    exit 1\n    ;;\nesac"
                    )
                } else {
                    String::new()
                };
                self.state_loop(want, seen, &running, &tasks)
            }
        }
    }
}

impl Create for Kube<'_> {
    fn check_absent(&self) -> Option<RawStep> {
        Some(self.absent(&self.c.strimzi_create.as_ref()?.make))
    }

    fn upload(&self, payload: &str) -> Vec<RawStep> {
        vec![self.upload_step(payload)]
    }

    fn create_stopped(&self) -> Option<RawStep> {
        Some(self.create_resource(&self.c.strimzi_create.as_ref()?.make))
    }

    fn wait_created(&self) -> RawStep {
        step(
            "Wait until the operator shows the connector STOPPED",
            &["The operator writes the connector's state to the status once it has created it. Kafka Connect alters offsets only of a STOPPED connector, and the operator handles the offsets annotations only from the next reconciliation on.".to_owned()],
            self.wait_state("STOPPED"),
        )
    }

    /// Lists what is stored under the name, then refuses, resets or keeps it as the prepared
    /// create says (`kube_create_previous`).
    fn previous(&self, _previous: Previous, reset: &[RawStep]) -> Vec<RawStep> {
        let older = !matches!(self.version(), Some(StrimziVersion::CreatesStopped));
        let mut comment = vec![format!(
            "Kafka Connect keeps a deleted connector's offsets (a source connector's in its offsets topic, a sink connector's in its consumer group), and {RESUMES}. This lists what is stored under the name into before-alter.yaml; the next step decides what happens to it."
        )];
        if older && self.quiet().is_none() {
            comment.push("With an operator before Strimzi 1.2 the listing also holds what the connector committed in the moment it ran.".to_owned());
        }
        let list = format!(
            "{}\n{}",
            self.relist("before-alter.yaml"),
            self.show_listed()
        );
        vec![
            step("List the offsets stored under the name", &comment, list),
            self.previous_step(reset),
        ]
    }

    /// The resource points at the alter ConfigMap since the create: annotate and wait.
    fn alter_created(&self, _payload: &str) -> Vec<RawStep> {
        let mut comment = vec!["alterOffsets points at the alter ConfigMap since the create; the operator reads it on this annotation.".to_owned()];
        comment.extend(nonempty(&[self.both()]));
        self.annotate_alter(comment, vec![ALTER_DONE.to_owned()])
            .into()
    }

    fn create_not_landed(&self) -> String {
        self.words().not_landed.to_owned()
    }

    fn start(&self) -> RawStep {
        let patch = match (self.mm2(), self.quiet()) {
            (None, quiet) => self.patch(
                StartSpec {
                    state: "running",
                    config: quiet.map(|q| q.restore.iter().map(|(k, v)| (*k, v.clone())).collect()),
                },
                NO_OPS,
            ),
            (Some(_), quiet) => {
                let mut ops: Vec<(&str, String, Option<JsonValue>)> = vec![
                    (
                        "add",
                        "state".to_owned(),
                        Some(JsonValue::string("running")),
                    ),
                    ("remove", "alterOffsets".to_owned(), None),
                ];
                for (key, value) in quiet.map_or(&[][..], |q| &q.restore) {
                    let path = format!("config/{}", key.replace('~', "~0").replace('/', "~1"));
                    ops.push(match value {
                        Some(v) => ("add", path, Some(v.clone())),
                        None => ("remove", path, None),
                    });
                }
                let ops: Vec<(&str, &str, Option<JsonValue>)> = ops
                    .iter()
                    .map(|(op, path, v)| (*op, path.as_str(), v.clone()))
                    .collect();
                self.patch((), &ops)
            }
        };
        let mut comment = vec!["Only now, with the offsets verified, does the connector run: state: running, and alterOffsets removed so that a stale alter annotation cannot apply these offsets again. If Git holds this resource (Argo CD, Flux), commit the same change there, or a sync stops the connector again.".to_owned()];
        if let Some(q) = self.quiet() {
            comment.push(format!(
                "The same change puts the config back ({}): the filter that kept the connector from copying anything while the operator created it goes, and it runs with your config.",
                q.restore_text()
            ));
        }
        step(
            "Start the connector",
            &comment,
            format!("{patch}\n{}", self.wait_state("RUNNING")),
        )
    }

    fn clean_up_created(&self) -> RawStep {
        let delete = self.delete_configmaps("«%ALTER_CM%»");
        let files = match (
            self.ctx.mode,
            &self.c.strimzi_create.as_ref().map(|p| &p.make),
        ) {
            (Mode::Steps, Some(Make::AddBlock)) => format!(
                "{} {CHECK_FILE}",
                crate::model::names::shell_quote(&self.c.manifest_file)
            ),
            (Mode::Steps, _) => format!(
                "{} {CHECK_FILE} {RESOURCE_FILE}",
                crate::model::names::shell_quote(&self.c.manifest_file)
            ),
            (Mode::Script, _) => CHECK_FILE.to_owned(),
        };
        step(
            "Clean up (optional)",
            &["Deletes the alter ConfigMap (nothing points at it any more) and the local files the create needed. before-alter.yaml holds what was stored under the name before the alter; after-alter.yaml the offsets the connector started from.".to_owned()],
            format!("{delete}\nrm -f {files}"),
        )
    }
}
