//! The steps of each procedure (domain.md section 9), written once as templates and rendered
//! for either [`Mode`]. Waits differ by mode: the copy-paste steps poll a bounded number of
//! times and then show what is left (an `exit` would close the user's terminal); the script
//! polls until a deadline and exits with a message that says what to look at.

use super::check::jq_program;
use super::shell::{Ctx, Mode, Var, heredoc};
use super::{
    AliasPath, AutoOffsetReset, CHECK_FILE, Checked, Kind, Operation, POLL_INTERVAL_SECONDS,
};

#[derive(Debug, Clone)]
pub(crate) struct RawStep {
    pub(crate) title: String,
    pub(crate) comment: Vec<String>,
    pub(crate) body: String,
    pub(crate) example: Option<String>,
}

fn step(title: impl Into<String>, comment: &[String], body: String) -> RawStep {
    RawStep {
        title: title.into(),
        comment: comment.to_vec(),
        body,
        example: None,
    }
}

impl RawStep {
    fn with_example(mut self, example: String) -> RawStep {
        self.example = Some(example);
        self
    }
}

/// Said where a procedure leaves the connector stopped on purpose.
const LEFT_STOPPED: &str = "Nothing was altered. The connector is left STOPPED, so its offsets stay where they are while you redo the edits.";

const CURL: &str = "curl -sS --fail-with-body -w '\\n'";
const WARNINGS: &str =
    r#"{range .status.conditions[?(@.type=="Warning")]}{.reason}: {.message}{"\n"}{end}"#;

/// What the title and comments call the target.
fn describe(c: &Checked, ctx: &Ctx) -> String {
    let context = if ctx.value(Var::Context).is_empty() {
        String::new()
    } else {
        format!(" (kubectl context '{}')", ctx.value(Var::Context))
    };
    match &c.kind {
        Kind::Connector => format!(
            "KafkaConnector '{}' in namespace '{}'{context}",
            ctx.value(Var::Connector),
            ctx.value(Var::Namespace)
        ),
        Kind::Mm2 { connector, .. } => format!(
            "connector '{}' of mirror {} of KafkaMirrorMaker2 '{}' in namespace '{}'{context}",
            connector.connector_name(),
            ctx.value(Var::MirrorIndex),
            ctx.value(Var::Mm2),
            ctx.value(Var::Namespace)
        ),
        Kind::Rest { connector } => {
            format!(
                "connector '{connector}' at {}",
                ctx.value(Var::ConnectorUrl)
            )
        }
    }
}

pub(crate) fn title(c: &Checked, op: &Operation) -> String {
    let ctx = Ctx::new(Mode::Steps, c.values.clone());
    let what = describe(c, &ctx);
    match op {
        Operation::List => format!("List the offsets of {what}"),
        Operation::Alter { .. } => format!("Alter the offsets of {what}"),
        Operation::Reset => format!("Reset the offsets of {what}"),
        Operation::AutoOffsetReset(v) => {
            format!(
                "Set source.consumer.auto.offset.reset to {} on {what}",
                v.as_str()
            )
        }
    }
}

pub(crate) fn notes(c: &Checked, op: &Operation) -> Vec<String> {
    let mut notes = Vec::new();
    match &c.kind {
        Kind::Connector => {
            notes.push("Requires Strimzi 0.44 or later and Kafka Connect 3.6 or later. The KafkaConnect cluster must have the annotation strimzi.io/use-connector-resources: \"true\".".to_owned());
        }
        Kind::Mm2 { .. } => {
            notes.push("Requires Strimzi 0.44 or later and Kafka Connect 3.6 or later.".to_owned());
        }
        Kind::Rest { .. } => notes.push(
            "Requires Kafka Connect 3.6 or later (PATCH and DELETE /connectors/<name>/offsets) and curl 7.76 or later (--fail-with-body).".to_owned(),
        ),
    }
    let source = match &c.kind {
        Kind::Mm2 { connector, .. } => connector.connector_type == "MirrorSourceConnector",
        _ => true,
    };
    match op {
        Operation::Alter { .. } | Operation::Reset if !source => {
            if let Kind::Mm2 { connector, .. } = &c.kind {
                notes.push(format!(
                    "{} does not use its offsets at runtime, so changing them has no effect on replication.",
                    connector.connector_type
                ));
            }
        }
        Operation::Alter { .. } => {
            if let Kind::Mm2 { .. } = &c.kind {
                notes.push("MirrorMaker resumes each partition at the stored offset + 1: the stored offset is the last record that counts as mirrored.".to_owned());
            }
        }
        Operation::Reset => {
            if let Kind::Mm2 { .. } = &c.kind {
                notes.push("After a reset the MirrorSourceConnector replicates every partition again according to source.consumer.auto.offset.reset (earliest by default), which writes duplicates to the target.".to_owned());
            }
        }
        Operation::AutoOffsetReset(v) => notes.push(auto_offset_reset_note(*v).to_owned()),
        Operation::List => {}
    }
    notes
}

fn auto_offset_reset_note(v: AutoOffsetReset) -> &'static str {
    match v {
        AutoOffsetReset::Latest => {
            "With latest, a partition that has no stored offset (a new partition, one whose offset was set to null, or every partition after a reset) starts at its end: records written to it before the connector first sees it are never mirrored. This gives up MirrorMaker's at-least-once guarantee for those partitions; use it only when losing those records is acceptable."
        }
        AutoOffsetReset::Earliest => {
            "With earliest, MirrorMaker's default, a partition that has no stored offset (a new partition, one whose offset was set to null, or every partition after a reset) is mirrored from its first record, which keeps the at-least-once guarantee."
        }
    }
}

pub(crate) fn steps(c: &Checked, op: &Operation, ctx: &Ctx) -> Vec<RawStep> {
    match &c.kind {
        Kind::Rest { .. } => Rest { c, ctx }.steps(op),
        _ => Kube { c, ctx }.steps(op),
    }
}

struct Kube<'a> {
    c: &'a Checked,
    ctx: &'a Ctx,
}

impl Kube<'_> {
    fn sh(&self, template: &str) -> String {
        self.ctx.sh(template)
    }

    fn mm2(&self) -> Option<(&crate::names::MirrorConnectorName, AliasPath)> {
        match &self.c.kind {
            Kind::Mm2 {
                connector,
                alias_path,
            } => Some((connector, *alias_path)),
            _ => None,
        }
    }

    /// `kafkaconnector 'C' -n 'NS'` as a template.
    fn cr(&self) -> &'static str {
        if self.mm2().is_some() {
            "kafkamirrormaker2 «%MM2%» -n «%NS%»"
        } else {
            "kafkaconnector «%CONNECTOR%» -n «%NS%»"
        }
    }

    fn kind_name(&self) -> &'static str {
        if self.mm2().is_some() {
            "KafkaMirrorMaker2 %MM2%"
        } else {
            "KafkaConnector %CONNECTOR%"
        }
    }

    /// The `spec.mirrors[I]` field of this connector.
    fn field(&self) -> &'static str {
        match self.mm2().map(|(n, _)| n.connector_type) {
            Some("MirrorCheckpointConnector") => "checkpointConnector",
            Some("MirrorHeartbeatConnector") => "heartbeatConnector",
            _ => "sourceConnector",
        }
    }

    fn data_key(&self) -> String {
        self.mm2()
            .map_or_else(|| "offsets.json".to_owned(), |(n, _)| n.data_key())
    }

    fn timeout_polls(&self) -> u32 {
        self.c.timeout.div_ceil(POLL_INTERVAL_SECONDS)
    }

    fn annotate(&self, op: &str) -> String {
        let mm2 = if self.mm2().is_some() {
            " «strimzi.io/mirrormaker-connector=%MM2_CONNECTOR%»"
        } else {
            ""
        };
        self.sh(&format!(
            "⟨kubectl⟩ annotate {} strimzi.io/connector-offsets={op}{mm2} --overwrite",
            self.cr()
        ))
    }

    fn give_up_hint(&self) -> &'static str {
        if self.mm2().is_some() {
            "To give up: kubectl annotate kafkamirrormaker2 %MM2% -n %NS% strimzi.io/connector-offsets- strimzi.io/mirrormaker-connector-"
        } else {
            "To give up: kubectl annotate kafkaconnector %CONNECTOR% -n %NS% strimzi.io/connector-offsets-"
        }
    }

    fn annotations_jsonpath(&self) -> &'static str {
        if self.mm2().is_some() {
            r"{.metadata.annotations.strimzi\.io/connector-offsets}{.metadata.annotations.strimzi\.io/mirrormaker-connector}"
        } else {
            r"{.metadata.annotations.strimzi\.io/connector-offsets}"
        }
    }

    fn state_jsonpath(&self) -> &'static str {
        if self.mm2().is_some() {
            r#"{.status.connectors[?(@.name=="%MM2_CONNECTOR%")].connector.state}"#
        } else {
            "{.status.connectorStatus.connector.state}"
        }
    }

    /// A patch of the CR: a merge patch of `spec` for a KafkaConnector; for a KafkaMirrorMaker2
    /// a JSON patch of `spec.mirrors[I]` behind the `test` guard. `connector_ops` are
    /// `(op, path below the connector field, JSON value)`; `spec` is the merge patch body.
    fn patch(&self, spec: &str, connector_ops: &[(&str, &str, &str)]) -> String {
        match self.mm2() {
            None => self.sh(&format!(
                "⟨kubectl⟩ patch {} --type=merge -p «{{\"spec\":{spec}}}»",
                self.cr()
            )),
            Some((name, alias_path)) => {
                let guard = match alias_path {
                    AliasPath::New => "/spec/mirrors/%MIRROR_INDEX%/source/alias",
                    AliasPath::Old => "/spec/mirrors/%MIRROR_INDEX%/sourceCluster",
                };
                let mut ops = vec![format!(
                    r#"{{"op":"test","path":"{guard}","value":"{}"}}"#,
                    name.source
                )];
                for (op, path, value) in connector_ops {
                    let value = if value.is_empty() {
                        String::new()
                    } else {
                        format!(r#","value":{value}"#)
                    };
                    ops.push(format!(
                        r#"{{"op":"{op}","path":"/spec/mirrors/%MIRROR_INDEX%/{}/{path}"{value}}}"#,
                        self.field()
                    ));
                }
                self.sh(&format!(
                    "⟨kubectl⟩ patch {} --type=json -p «[{}]»",
                    self.cr(),
                    ops.join(",")
                ))
            }
        }
    }

    /// Waits until the operator has removed the annotation(s) of operation `op`.
    fn wait_annotations_gone(&self, op: &str) -> String {
        let cr = self.cr();
        let ann = self.annotations_jsonpath();
        match self.ctx.mode {
            Mode::Steps => {
                let polls = self.timeout_polls();
                self.sh(&format!(
                    "for _ in $(seq {polls}); do\n  [ -z \"$(⟨kubectl⟩ get {cr} -o «jsonpath={ann}»)\" ] && break\n  sleep {POLL_INTERVAL_SECONDS}\ndone\n⟨kubectl⟩ get {cr} -o «jsonpath=annotations left: [{ann}]{{\"\\n\"}}{WARNINGS}»"
                ))
            }
            Mode::Script => {
                let what = if self.mm2().is_some() {
                    "annotations strimzi.io/connector-offsets and strimzi.io/mirrormaker-connector"
                } else {
                    "annotation strimzi.io/connector-offsets"
                };
                let timed_out = self.ctx.message(&format!(
                    "Timed out after %TIMEOUT_SECONDS%s: the operator has not removed the {what} ({op}) from {}. Its Warning conditions:",
                    self.kind_name()
                ));
                let mut hint = String::from(
                    "Kafka Connect's own error message is only in the logs of the Connect pods. ",
                );
                if self.mm2().is_some() {
                    hint.push_str("If the annotations stay and there is no Warning, this KafkaMirrorMaker2 has no connector called %MM2_CONNECTOR%. ");
                }
                hint.push_str(self.give_up_hint());
                let hint = self.ctx.message(&hint);
                self.sh(&format!(
                    "deadline=$((SECONDS + TIMEOUT_SECONDS))\nwhile true; do\n  left=\"$(⟨kubectl⟩ get {cr} -o «jsonpath={ann}»)\"\n  if [ -z \"${{left}}\" ]; then\n    break\n  fi\n  if [ \"${{SECONDS}}\" -ge \"${{deadline}}\" ]; then\n    echo {timed_out} >&2\n    ⟨kubectl⟩ get {cr} -o «jsonpath={WARNINGS}» >&2 || true\n    echo {hint} >&2\n    exit 1\n  fi\n  sleep {POLL_INTERVAL_SECONDS}\ndone"
                ))
            }
        }
    }

    fn wait_stopped(&self) -> String {
        let cr = self.cr();
        let state = self.state_jsonpath();
        match (self.ctx.mode, self.mm2().is_some()) {
            (Mode::Steps, false) => self.sh(&format!(
                "⟨kubectl⟩ wait «kafkaconnector/%CONNECTOR%» -n «%NS%» «--for=jsonpath={state}=STOPPED» «--timeout=%TIMEOUT_SECONDS%s»"
            )),
            (Mode::Script, false) => {
                let msg = self.ctx.message(
                    "KafkaConnector %CONNECTOR% is not STOPPED after %TIMEOUT_SECONDS%s. Its state and Warning conditions:",
                );
                self.sh(&format!(
                    "if ! ⟨kubectl⟩ wait «kafkaconnector/%CONNECTOR%» -n «%NS%» «--for=jsonpath={state}=STOPPED» «--timeout=%TIMEOUT_SECONDS%s»; then\n  echo {msg} >&2\n  ⟨kubectl⟩ get {cr} -o «jsonpath={state}{{\"\\n\"}}{WARNINGS}» >&2 || true\n  exit 1\nfi"
                ))
            }
            (Mode::Steps, true) => {
                let polls = self.timeout_polls();
                self.sh(&format!(
                    "for _ in $(seq {polls}); do\n  [ \"$(⟨kubectl⟩ get {cr} -o «jsonpath={state}»)\" = STOPPED ] && break\n  sleep {POLL_INTERVAL_SECONDS}\ndone\n⟨kubectl⟩ get {cr} -o «jsonpath={state}{{\"\\n\"}}»"
                ))
            }
            (Mode::Script, true) => {
                let msg = self.ctx.message(
                    "Timed out after %TIMEOUT_SECONDS%s: connector %MM2_CONNECTOR% of KafkaMirrorMaker2 %MM2% is in state '${state}', not STOPPED. Its Warning conditions:",
                );
                // `${state}` above is the script's own variable, kept as a reference.
                let msg = msg.replace("\\${state}", "${state}");
                self.sh(&format!(
                    "deadline=$((SECONDS + TIMEOUT_SECONDS))\nwhile true; do\n  state=\"$(⟨kubectl⟩ get {cr} -o «jsonpath={state}»)\"\n  if [ \"${{state}}\" = STOPPED ]; then\n    break\n  fi\n  if [ \"${{SECONDS}}\" -ge \"${{deadline}}\" ]; then\n    echo {msg} >&2\n    ⟨kubectl⟩ get {cr} -o «jsonpath={WARNINGS}» >&2 || true\n    exit 1\n  fi\n  sleep {POLL_INTERVAL_SECONDS}\ndone"
                ))
            }
        }
    }

    fn show_listed(&self) -> String {
        let key = self.data_key().replace('.', "\\.");
        self.sh(&format!(
            "⟨kubectl⟩ get configmap «%LIST_CM%» -n «%NS%» -o «jsonpath={{.data.{key}}}{{\"\\n\"}}»"
        ))
    }

    fn stop_comment(&self) -> String {
        "Before Strimzi 1.1 a FAILED connector cannot be stopped; restart it first. Kafka Connect only changes offsets of a STOPPED connector (not a PAUSED one).".to_owned()
    }

    /// The jsonpath of a field of the connector's spec (`state`, `alterOffsets`).
    fn spec_jsonpath(&self, name: &str) -> String {
        match self.mm2() {
            None => format!("{{.spec.{name}}}"),
            Some(_) => format!("{{.spec.mirrors[%MIRROR_INDEX%].{}.{name}}}", self.field()),
        }
    }

    /// The JSON pointer of a field of the connector's spec in a MirrorMaker 2 JSON patch.
    fn mm2_pointer(&self, name: &str) -> String {
        format!("/spec/mirrors/%MIRROR_INDEX%/{}/{name}", self.field())
    }

    fn guard_pointer(&self) -> &'static str {
        match self.mm2().map(|(_, p)| p) {
            Some(AliasPath::Old) => "/spec/mirrors/%MIRROR_INDEX%/sourceCluster",
            _ => "/spec/mirrors/%MIRROR_INDEX%/source/alias",
        }
    }

    fn guard_jsonpath(&self) -> &'static str {
        match self.mm2().map(|(_, p)| p) {
            Some(AliasPath::Old) => "{.spec.mirrors[%MIRROR_INDEX%].sourceCluster}",
            _ => "{.spec.mirrors[%MIRROR_INDEX%].source.alias}",
        }
    }

    /// What the guard does, what its failure looks like, and which API version its path fits.
    fn guard_comment(&self) -> Vec<String> {
        let Some((name, path)) = self.mm2() else {
            return Vec::new();
        };
        let index = self.ctx.value(Var::MirrorIndex);
        let pointer = self.guard_pointer().replace("%MIRROR_INDEX%", index);
        let mut v = vec![format!(
            "The test operation makes the patch fail unless mirror {index} really is the mirror from source alias {}: a patch error about a failed test operation (\"test operation failed\", \"testing value ... failed\") means the mirror index or the alias does not match this resource, and nothing was changed.",
            name.source
        )];
        let why = match (&self.c.api_version, path) {
            (Some(v), AliasPath::Old) if v == "kafka.strimzi.io/v1" => format!(
                "The listing's owner reference says {v}, which keeps the alias at /spec/mirrors/{index}/source/alias: expect this guard to fail unless you know the resource uses sourceCluster."
            ),
            (Some(v), AliasPath::New) if v == "kafka.strimzi.io/v1beta2" => format!(
                "The listing's owner reference says {v}, which usually keeps the alias at /spec/mirrors/{index}/sourceCluster: expect this guard to fail unless the resource uses source.alias (Strimzi 0.49-0.51)."
            ),
            (Some(v), _) => format!("The listing's owner reference says {v}."),
            (None, AliasPath::New) => format!(
                "The listing did not say which API version the resource uses, so this assumes kafka.strimzi.io/v1 (Strimzi 1.0+). On a kafka.strimzi.io/v1beta2 resource (Strimzi 0.44-0.51) the alias is at /spec/mirrors/{index}/sourceCluster: generate the procedure again with that guard path."
            ),
            (None, AliasPath::Old) => format!(
                "This is the kafka.strimzi.io/v1beta2 field (Strimzi 0.44-0.51); on a kafka.strimzi.io/v1 resource the alias is at /spec/mirrors/{index}/source/alias."
            ),
        };
        v.push(format!("The guard reads {pointer}. {why}"));
        v
    }

    /// The literal JSON-patch `test` operation (MirrorMaker 2 only).
    fn guard_op(&self) -> String {
        let source = self.mm2().map_or("", |(n, _)| n.source.as_str());
        format!(
            r#"{{"op":"test","path":"{}","value":"{source}"}}"#,
            self.guard_pointer()
        )
    }

    fn listing_file(&self, when: &str, op: &str) -> String {
        format!("{when}-{op}.yaml")
    }

    /// Step 1 of alter and reset: what the resource says now, so the last step can put it back.
    fn record_state(&self, op: &str, alter: bool) -> RawStep {
        let cr = self.cr();
        let state = self.spec_jsonpath("state");
        let alter_offsets = self.spec_jsonpath("alterOffsets");
        let before = self.listing_file("before", op);
        let body = match self.ctx.mode {
            Mode::Steps => {
                let mut fields = format!("state: {state}{{\"\\n\"}}");
                if alter {
                    fields.push_str(&format!("alterOffsets: {alter_offsets}{{\"\\n\"}}"));
                }
                if self.mm2().is_some() {
                    fields.push_str(&format!(
                        "source alias at the guard path: {}{{\"\\n\"}}",
                        self.guard_jsonpath()
                    ));
                }
                self.sh(&format!("⟨kubectl⟩ get {cr} -o «jsonpath={fields}»"))
            }
            Mode::Script => {
                let mut out = String::new();
                let exists = self.ctx.message(&format!("{before} exists from an earlier run; it may be the only record of the offsets before that run. Move it away, then run this script again."));
                out.push_str(&format!(
                    "if [ -e {before} ]; then\n  echo {exists} >&2\n  exit 1\nfi\n"
                ));
                if alter && !self.c.check.as_ref().is_some_and(|c| c.has_listed) {
                    let msg = self.ctx.message("This script was generated without the listing the edits were made on, so it cannot check that no edited partition moved since then. Generate it again with that listing (the editor, or connect-offsets plan --against LISTING). If you have compared the listings yourself, run it with OFFSETS_UNCHECKED=yes.");
                    out.push_str(&format!(
                        "if [ \"${{OFFSETS_UNCHECKED:-}}\" != yes ]; then\n  echo {msg} >&2\n  exit 1\nfi\n"
                    ));
                }
                if let Some((name, _)) = self.mm2() {
                    let msg = self.ctx.message(&format!(
                        "Mirror %MIRROR_INDEX% of KafkaMirrorMaker2 %MM2% has '${{alias}}' at {}, not '{}': the mirror index or the guard path is wrong (the patches would fail their test operation). Nothing was changed.",
                        self.guard_pointer(),
                        name.source
                    ))
                    .replace("\\${alias}", "${alias}");
                    out.push_str(&self.sh(&format!(
                        "alias=\"$(⟨kubectl⟩ get {cr} -o «jsonpath={}»)\"\nif [ \"${{alias}}\" != «{}» ]; then\n  echo {msg} >&2\n  exit 1\nfi\n",
                        self.guard_jsonpath(),
                        name.source
                    )));
                }
                out.push_str(&self.sh(&format!(
                    "previous_state=\"$(⟨kubectl⟩ get {cr} -o «jsonpath={state}»)\"\n"
                )));
                let bad = self
                    .ctx
                    .message("Unexpected state '${previous_state}'; expected running, paused or stopped.")
                    .replace("\\${previous_state}", "${previous_state}");
                out.push_str(&format!(
                    "case \"${{previous_state}}\" in\n  ''|running|paused|stopped) ;;\n  *)\n    echo {bad} >&2\n    exit 1\n    ;;\nesac\n"
                ));
                if alter {
                    out.push_str(&self.sh(&format!(
                        "previous_alter=\"$(⟨kubectl⟩ get {cr} -o «jsonpath={alter_offsets}»)\"\n"
                    )));
                    out.push_str("echo \"Recorded: state '${previous_state:-not set}', alterOffsets '${previous_alter:-not set}'.\"");
                } else {
                    out.push_str("echo \"Recorded: state '${previous_state:-not set}'.\"");
                }
                out
            }
        };
        let mut comment = vec![format!(
            "The last step puts back what this shows: an empty state means the field is not set (the connector runs){}. Keep the output until the end.",
            if alter {
                ", an empty alterOffsets that it is not set"
            } else {
                ""
            }
        )];
        if self.ctx.mode == Mode::Steps {
            comment.push(format!("If {before} exists from an earlier run, move it away first: it may be the only record of the offsets before that run."));
        }
        if self.mm2().is_some() {
            comment.push(format!(
                "The source alias must be {}; otherwise the mirror index is wrong.",
                self.mm2().map_or("", |(n, _)| n.source.as_str())
            ));
        }
        step("Record the current state", &comment, body)
    }

    /// The GitOps note and the Git route as a YAML snippet, on the stop step.
    fn stop_step(&self, alter: bool) -> RawStep {
        let mut comment = self.guard_comment();
        comment.insert(0, self.stop_comment());
        comment.push(format!(
            "GitOps: if Argo CD or Flux manages this {}, self-heal can revert state: stopped{} halfway through; the operator then refuses the {} on the running connector, keeps retrying, and applies it the next time the connector stops, long after this procedure. Pause self-heal for this resource until the last step (Argo CD: turn off selfHeal in the Application's syncPolicy; Flux: flux suspend the Kustomization or HelmRelease), or make the change in Git instead of the patches: commit the snippet below, and at the end put back what step 1 recorded.",
            if self.mm2().is_some() { "KafkaMirrorMaker2" } else { "KafkaConnector" },
            if alter { " or alterOffsets" } else { "" },
            if alter { "alter" } else { "reset" }
        ));
        let alter_cm = self.ctx.value(Var::AlterConfigMap);
        let mut yaml = String::from("spec:\n");
        let indent = match self.mm2() {
            None => "  ",
            Some((name, path)) => {
                yaml.push_str("  mirrors:\n");
                match path {
                    AliasPath::New => yaml.push_str(&format!(
                        "  - source:            # mirror {}\n      alias: {}\n",
                        self.ctx.value(Var::MirrorIndex),
                        name.source
                    )),
                    AliasPath::Old => yaml.push_str(&format!(
                        "  - sourceCluster: {}   # mirror {}\n",
                        name.source,
                        self.ctx.value(Var::MirrorIndex)
                    )),
                }
                yaml.push_str(&format!("    {}:\n", self.field()));
                "      "
            }
        };
        yaml.push_str(&format!("{indent}state: stopped\n"));
        if alter {
            yaml.push_str(&format!(
                "{indent}alterOffsets:\n{indent}  fromConfigMap:\n{indent}    name: {alter_cm}\n"
            ));
        }
        step(
            "Stop the connector",
            &comment,
            self.patch(
                r#"{"state":"stopped"}"#,
                &[("add", "state", r#""stopped""#)],
            ),
        )
        .with_example(yaml)
    }

    /// Lists again and saves the listing to `file`.
    fn relist(&self, file: &str) -> String {
        let save = match self.ctx.mode {
            Mode::Steps => self.sh(&format!(
                "if [ -e {file} ]; then\n  echo '{file} exists; move it away first.'\nelse\n  ⟨kubectl⟩ get configmap «%LIST_CM%» -n «%NS%» -o yaml --show-managed-fields > {file}\nfi"
            )),
            Mode::Script => self.sh(&format!(
                "⟨kubectl⟩ get configmap «%LIST_CM%» -n «%NS%» -o yaml --show-managed-fields > {file}"
            )),
        };
        format!(
            "{}\n{}\n{save}",
            self.annotate("list"),
            self.wait_annotations_gone("list")
        )
    }

    /// The stored payload of the list ConfigMap, piped into `jq`.
    fn listed_payload(&self) -> String {
        let key = self.data_key().replace('.', "\\.");
        self.sh(&format!(
            "⟨kubectl⟩ get configmap «%LIST_CM%» -n «%NS%» -o «jsonpath={{.data.{key}}}»"
        ))
    }

    /// Writes the check file, then (with the listing the edits were made on) compares.
    fn compare(&self) -> RawStep {
        let check = self.c.check.as_ref();
        let (open, body) = heredoc(check.map_or("{}", |c| c.json.as_str()));
        let write = format!("cat > {CHECK_FILE} {open}\n{body}");
        let has_listed = check.is_some_and(|c| c.has_listed);
        let count = check.map_or(0, |c| c.count);
        let jq = format!(
            "jq -rn --slurpfile check {CHECK_FILE} {}",
            crate::names::shell_quote(&jq_program("listed", false))
        );
        let mut comment = vec![format!(
            "{CHECK_FILE} holds, for each of the {count} partitions the alter writes, its stored offset in the listing you edited and the offset the alter sets. Key order, entry order and spacing do not matter."
        )];
        let body = if !has_listed {
            comment.push("This procedure was generated without the listing the edits were made on: compare before-alter.yaml with it yourself (connect-offsets diff LISTING before-alter.yaml) before you go on; every partition the alter writes must show the same offset in both.".to_owned());
            write
        } else {
            match self.ctx.mode {
                Mode::Steps => {
                    comment.push("The command prints one line per partition whose stored offset is not what the listing you edited showed; no output means nothing moved. If it prints anything, stop here: import before-alter.yaml into connect-offsets, redo relative edits (rewind, shift) on it, and generate the procedure again. The connector stays stopped meanwhile.".to_owned());
                    let sample = check.map(|c| c.sample.clone()).unwrap_or_default();
                    comment.push(format!(
                        "Without jq, compare by hand (or with connect-offsets diff LISTING before-alter.yaml): each partition must show the offset the listing you edited had{}",
                        if sample.is_empty() {
                            ".".to_owned()
                        } else {
                            format!(
                                "{}: {}",
                                if count > sample.len() { ", first" } else { "" },
                                sample.join("; ")
                            )
                        }
                    ));
                    format!("{write}\n{} | {jq}", self.listed_payload())
                }
                Mode::Script => {
                    let msg = self.ctx.message("Stopped before altering: the stored offsets of these partitions moved since the listing you edited, so the alter would overwrite newer offsets with values computed from older ones:");
                    let todo = self.ctx.message(&format!("{LEFT_STOPPED} Import before-alter.yaml (the listing taken just now) into connect-offsets, redo relative edits (rewind, shift) on it, export and generate this procedure again. To resume without altering, put back the state recorded in step 1 ('${{previous_state:-not set}}')."))
                        .replace("\\${previous_state:-not set}", "${previous_state:-not set}");
                    let ok = self.ctx.message(&format!(
                        "No edited partition moved since the listing you edited ({count} checked)."
                    ));
                    format!(
                        "{write}\nmoved=\"$({} | {jq})\"\nif [ -n \"${{moved}}\" ]; then\n  echo {msg} >&2\n  printf '%s\\n' \"${{moved}}\" >&2\n  echo {todo} >&2\n  exit 1\nfi\necho {ok}",
                        self.listed_payload()
                    )
                }
            }
        };
        step(
            "Compare with the listing the edits were made on",
            &comment,
            body,
        )
    }

    /// Lists after the alter to `after-alter.yaml` and shows landed / drifted per partition.
    fn verify(&self) -> RawStep {
        let jq = format!(
            "jq -rn --slurpfile check {CHECK_FILE} {}",
            crate::names::shell_quote(&jq_program("altered", true))
        );
        let mut comment = vec!["Lists into the listOffsets ConfigMap and saves it to after-alter.yaml (before-alter.yaml and the listing you edited stay as they are). The connector is still stopped, so the listing shows exactly what was stored.".to_owned()];
        let check = match self.ctx.mode {
            Mode::Steps => {
                comment.push("The last command says how many altered partitions landed and prints a 'drifted' line for each one that did not. Without jq: connect-offsets diff before-alter.yaml after-alter.yaml --expect alter.yaml.".to_owned());
                format!("{} | {jq}", self.listed_payload())
            }
            Mode::Script => {
                let msg = self.ctx.message("Some altered partitions did not land (see the drifted lines above). The connector is left STOPPED. Check its Warning conditions and the logs of the Connect pods; before-alter.yaml holds the stored offsets before the alter.");
                format!(
                    "landed=\"$({} | {jq})\"\nprintf '%s\\n' \"${{landed}}\"\ncase \"${{landed}}\" in\n  *drifted:*)\n    echo {msg} >&2\n    exit 1\n    ;;\nesac",
                    self.listed_payload()
                )
            }
        };
        step(
            "List the offsets again and check that they landed",
            &comment,
            format!("{}\n{check}", self.relist("after-alter.yaml")),
        )
    }

    /// Puts back the state (and for an alter the alterOffsets) recorded in step 1.
    fn resume(&self, alter: bool) -> RawStep {
        let cr = self.cr();
        let (body, comment) = match (self.ctx.mode, self.mm2().is_some()) {
            (Mode::Steps, false) => (
                self.patch(
                    if alter {
                        r#"{"state":null,"alterOffsets":null}"#
                    } else {
                        r#"{"state":null}"#
                    },
                    &[],
                ),
                format!(
                    "Puts back what step 1 recorded. As written, for the usual case where step 1 showed an empty state{}: null removes the field{}, and the connector runs. If step 1 showed a state (paused, running or stopped), write it instead of the first null, e.g. \"state\":\"paused\"{}.",
                    if alter {
                        " and an empty alterOffsets"
                    } else {
                        ""
                    },
                    if alter {
                        " (so a stale alter annotation cannot apply these offsets again)"
                    } else {
                        ""
                    },
                    if alter {
                        "; if it showed an alterOffsets, write that JSON instead of the second null"
                    } else {
                        ""
                    }
                ),
            ),
            (Mode::Steps, true) => {
                let mut ops = vec![("remove", "state", "")];
                if alter {
                    ops.push(("remove", "alterOffsets", ""));
                }
                let index = self.ctx.value(Var::MirrorIndex);
                let field = self.field();
                (
                    self.patch("", &ops),
                    format!(
                        "Puts back what step 1 recorded. As written, for the usual case where step 1 showed an empty state{}: the fields are removed and the connector runs. If step 1 showed a state, replace the first remove with {{\"op\":\"add\",\"path\":\"/spec/mirrors/{index}/{field}/state\",\"value\":\"<that state>\"}}{}.",
                        if alter {
                            " and an empty alterOffsets"
                        } else {
                            ""
                        },
                        if alter {
                            format!(
                                "; if it showed an alterOffsets, replace the second with {{\"op\":\"add\",\"path\":\"/spec/mirrors/{index}/{field}/alterOffsets\",\"value\":<what it showed>}}"
                            )
                        } else {
                            String::new()
                        }
                    ),
                )
            }
            (Mode::Script, false) => {
                let alter_part = if alter {
                    ",\\\"alterOffsets\\\":${previous_alter:-null}"
                } else {
                    ""
                };
                (
                    self.sh(&format!(
                        "if [ -n \"${{previous_state}}\" ]; then\n  state_json=\"\\\"${{previous_state}}\\\"\"\nelse\n  state_json=null\nfi\n⟨kubectl⟩ patch {cr} --type=merge -p \"{{\\\"spec\\\":{{\\\"state\\\":${{state_json}}{alter_part}}}}}\""
                    )),
                    String::new(),
                )
            }
            (Mode::Script, true) => {
                let guard = self.ctx.word(&self.guard_op());
                let state = self
                    .mm2_pointer("state")
                    .replace("%MIRROR_INDEX%", "${MIRROR_INDEX}");
                let alter_offsets = self
                    .mm2_pointer("alterOffsets")
                    .replace("%MIRROR_INDEX%", "${MIRROR_INDEX}");
                let mut body = format!(
                    "ops={guard}\nif [ -n \"${{previous_state}}\" ]; then\n  ops=\"${{ops}},{{\\\"op\\\":\\\"add\\\",\\\"path\\\":\\\"{state}\\\",\\\"value\\\":\\\"${{previous_state}}\\\"}}\"\nelse\n  ops=\"${{ops}},{{\\\"op\\\":\\\"remove\\\",\\\"path\\\":\\\"{state}\\\"}}\"\nfi\n"
                );
                if alter {
                    body.push_str(&format!(
                        "if [ -n \"${{previous_alter}}\" ]; then\n  ops=\"${{ops}},{{\\\"op\\\":\\\"add\\\",\\\"path\\\":\\\"{alter_offsets}\\\",\\\"value\\\":${{previous_alter}}}}\"\nelse\n  ops=\"${{ops}},{{\\\"op\\\":\\\"remove\\\",\\\"path\\\":\\\"{alter_offsets}\\\"}}\"\nfi\n"
                    ));
                }
                body.push_str(&self.sh(&format!(
                    "⟨kubectl⟩ patch {cr} --type=json -p \"[${{ops}}]\""
                )));
                (body, String::new())
            }
        };
        let body = match self.ctx.mode {
            Mode::Steps => body,
            Mode::Script => {
                let msg = self.ctx.message("The connector was already stopped when this script started, so it stays stopped. To run it, set its state to running.");
                format!("{body}\nif [ \"${{previous_state}}\" = stopped ]; then\n  echo {msg}\nfi")
            }
        };
        let mut comments = vec![];
        if !comment.is_empty() {
            comments.push(comment);
        }
        if self.ctx.mode == Mode::Script {
            comments.push(format!(
                "Puts back the state{} recorded in step 1: a field that was not set is removed, so a connector that was running runs again.",
                if alter { " and alterOffsets" } else { "" }
            ));
        }
        step("Resume the connector", &comments, body)
    }

    fn clean_up(&self) -> RawStep {
        let same = self.ctx.value(Var::AlterConfigMap) == self.ctx.value(Var::ListConfigMap);
        let delete =
            self.sh("⟨kubectl⟩ delete configmap «%ALTER_CM%» -n «%NS%» --ignore-not-found");
        let body = match self.ctx.mode {
            Mode::Steps => {
                let file = crate::names::shell_quote(&self.c.manifest_file);
                if same {
                    format!("rm -f {file} {CHECK_FILE}")
                } else {
                    format!("{delete}\nrm -f {file} {CHECK_FILE}")
                }
            }
            Mode::Script => {
                if same {
                    format!("rm -f {CHECK_FILE}")
                } else {
                    let kept = self.ctx.message(
                        "Kept ConfigMap %ALTER_CM%: alterOffsets pointed at it before this script.",
                    );
                    format!(
                        "case \"${{previous_alter}}\" in\n  *\"\\\"${{ALTER_CM}}\\\"\"*) echo {kept} ;;\n  *) {delete} ;;\nesac\nrm -f {CHECK_FILE}"
                    )
                }
            }
        };
        step(
            "Clean up (optional)",
            &[format!(
                "Deletes the alter ConfigMap{} and the local files the alter needed. Keep before-alter.yaml: it holds the stored offsets before the alter, which a rollback needs; after-alter.yaml shows what landed.",
                if same {
                    " (not here: it is also the list ConfigMap)"
                } else {
                    " (unless step 1 showed alterOffsets pointing at it)"
                }
            )],
            body,
        )
    }

    fn steps(&self, op: &Operation) -> Vec<RawStep> {
        let mm2 = self.mm2().is_some();
        let key = self.data_key();
        let both = if mm2 {
            "Both annotations go in one command; the connector name is quoted because an unquoted > would redirect output to a file."
        } else {
            ""
        };
        let list_comment = |extra: &str| {
            let mut v = vec![format!(
                "The operator removes the annotation{} when it is done. {extra}",
                if mm2 { "s" } else { "" }
            )];
            if mm2 {
                v.push("If the annotations stay and there is no Warning, the connector name matches no connector of this KafkaMirrorMaker2.".to_owned());
            }
            v
        };
        match op {
            Operation::List => vec![
                step(
                    "Point the connector at the list ConfigMap",
                    &[format!(
                        "The operator writes the listing to ConfigMap '{}' and creates it if needed. Listing works in any connector state.",
                        self.ctx.value(Var::ListConfigMap)
                    )],
                    self.patch(
                        r#"{"listOffsets":{"toConfigMap":{"name":"%LIST_CM%"}}}"#,
                        &[(
                            "add",
                            "listOffsets",
                            r#"{"toConfigMap":{"name":"%LIST_CM%"}}"#,
                        )],
                    ),
                ),
                step(
                    "Ask the operator to list the offsets",
                    &nonempty(&[both]),
                    self.annotate("list"),
                ),
                step(
                    "Wait until the operator has written the listing",
                    &list_comment(
                        "An empty 'annotations left' line and no ListOffsets Warning mean it worked.",
                    ),
                    self.wait_annotations_gone("list"),
                ),
                step(
                    "Save the listing",
                    &[format!(
                        "--show-managed-fields keeps the operator's write time, which connect-offsets shows as the time of the listing. Import the file into connect-offsets, edit and validate it, then export the alter ConfigMap (data key {key}) and generate the alter procedure. For relative edits (rewind, shift) stop the connector before listing, or the alter procedure will find that offsets moved and stop."
                    )],
                    self.sh(
                        "⟨kubectl⟩ get configmap «%LIST_CM%» -n «%NS%» -o yaml --show-managed-fields > «%LIST_FILE%»",
                    ),
                ),
            ],
            Operation::Alter { payload } => {
                let (open, body) = heredoc(payload);
                let upload = match self.ctx.mode {
                    Mode::Steps => {
                        let file = crate::names::shell_quote(&self.c.manifest_file);
                        format!(
                            "cat > {file} {open}\n{body}\n{}",
                            self.sh(&format!("⟨kubectl⟩ apply --server-side --field-manager=offsets-editor -n «%NS%» -f {file}"))
                        )
                    }
                    Mode::Script => format!(
                        "{} {open}\n{body}",
                        self.sh("⟨kubectl⟩ apply --server-side --field-manager=offsets-editor -n «%NS%» -f -")
                    ),
                };
                let mut point_comment: Vec<String> = self.guard_comment().into_iter().take(1).collect();
                point_comment.insert(0, format!("alterOffsets tells the operator which ConfigMap to read on the alter annotation (ConfigMap '{}').", self.ctx.value(Var::AlterConfigMap)));
                vec![
                    self.record_state("alter", true),
                    self.stop_step(true),
                    step("Wait until the connector is STOPPED", &[self.stop_comment()], self.wait_stopped()),
                    step(
                        "List the offsets again, now that the connector is stopped",
                        &["Saves the fresh listing to before-alter.yaml, never over the listing you edited: with the connector stopped, these are the offsets the alter will replace. Keep the file: a rollback needs it.".to_owned()],
                        self.relist("before-alter.yaml"),
                    ),
                    self.compare(),
                    step(
                        "Upload the alter ConfigMap",
                        &[format!("Creates or updates ConfigMap '{}' with the edited offsets under the data key {key}. Server-side apply avoids the 256 KiB limit of the last-applied annotation; if kubectl reports a conflict because another tool owns the data, add --force-conflicts.", self.ctx.value(Var::AlterConfigMap))],
                        upload,
                    ),
                    step(
                        "Point the connector at the alter ConfigMap",
                        &point_comment,
                        self.patch(
                            r#"{"alterOffsets":{"fromConfigMap":{"name":"%ALTER_CM%"}}}"#,
                            &[("add", "alterOffsets", r#"{"fromConfigMap":{"name":"%ALTER_CM%"}}"#)],
                        ),
                    ),
                    step("Ask the operator to alter the offsets", &nonempty(&[both]), self.annotate("alter")),
                    step(
                        "Wait until the operator has altered the offsets",
                        &list_comment("An empty 'annotations left' line and no AlterOffsets Warning mean it worked. If it keeps failing, Kafka Connect's own message is in the logs of the Connect pods."),
                        self.wait_annotations_gone("alter"),
                    ),
                    self.verify(),
                    self.resume(true),
                    self.clean_up(),
                ]
            }
            Operation::Reset => vec![
                self.record_state("reset", false),
                self.stop_step(false),
                step(
                    "Wait until the connector is STOPPED",
                    &[self.stop_comment()],
                    self.wait_stopped(),
                ),
                step(
                    "List the offsets before the reset",
                    &["Saves them to before-reset.yaml: the reset deletes every stored offset, and this file is the only record to restore them from.".to_owned()],
                    self.relist("before-reset.yaml"),
                ),
                step(
                    "Ask the operator to reset the offsets",
                    &nonempty(&["This deletes every stored offset of the connector.", both]),
                    self.annotate("reset"),
                ),
                step(
                    "Wait until the operator has reset the offsets",
                    &list_comment(
                        "An empty 'annotations left' line and no ResetOffsets Warning mean it worked.",
                    ),
                    self.wait_annotations_gone("reset"),
                ),
                step(
                    "List the offsets again",
                    &["Saves the listing to after-reset.yaml; it should now be empty: { \"offsets\" : [ ] }.".to_owned()],
                    format!("{}\n{}", self.relist("after-reset.yaml"), self.show_listed()),
                ),
                self.resume(false),
            ],
            Operation::AutoOffsetReset(v) => self.auto_offset_reset(*v),
        }
    }

    fn auto_offset_reset(&self, v: AutoOffsetReset) -> Vec<RawStep> {
        let value = v.as_str();
        let mut steps = Vec::new();
        let changing = "Changing the config makes Strimzi update and restart the connector. Partitions that already have a stored offset are not affected. Do not alter offsets in the same edit: the operator skips offset handling when the config changes.".to_owned();
        match self.mm2() {
            None => {
                let cr = self.cr();
                let check = match self.ctx.mode {
                    Mode::Steps => self.sh(&format!(
                        "⟨kubectl⟩ get {cr} -o «jsonpath={{.spec.class}}{{\"\\n\"}}»"
                    )),
                    Mode::Script => {
                        let msg = self.ctx.message(
                            "KafkaConnector %CONNECTOR% runs '${class}', not a MirrorSourceConnector; source.consumer.auto.offset.reset would not do what this procedure intends.",
                        )
                        .replace("\\${class}", "${class}");
                        self.sh(&format!(
                            "class=\"$(⟨kubectl⟩ get {cr} -o «jsonpath={{.spec.class}}»)\"\ncase \"${{class}}\" in\n  *MirrorSourceConnector) ;;\n  *)\n    echo {msg} >&2\n    exit 1\n    ;;\nesac"
                        ))
                    }
                };
                steps.push(step(
                    "Check that the connector is a MirrorSourceConnector",
                    &[
                        "The class must be org.apache.kafka.connect.mirror.MirrorSourceConnector."
                            .to_owned(),
                    ],
                    check,
                ));
                steps.push(step(
                    format!("Set source.consumer.auto.offset.reset to {value}"),
                    &[auto_offset_reset_note(v).to_owned(), changing],
                    self.patch(
                        &format!(
                            r#"{{"config":{{"source.consumer.auto.offset.reset":"{value}"}}}}"#
                        ),
                        &[],
                    ),
                ));
                steps.push(step(
                    "Check the setting",
                    &[],
                    self.sh(&format!(
                        "⟨kubectl⟩ get {cr} -o «jsonpath={{.spec.config.source\\.consumer\\.auto\\.offset\\.reset}}{{\"\\n\"}}»"
                    )),
                ));
            }
            Some(_) => {
                let cr = self.cr();
                let field = self.field();
                let add_key = self.patch(
                    "",
                    &[(
                        "add",
                        "config/source.consumer.auto.offset.reset",
                        &format!("\"{value}\""),
                    )],
                );
                let add_config = self.patch(
                    "",
                    &[(
                        "add",
                        "config",
                        &format!(r#"{{"source.consumer.auto.offset.reset":"{value}"}}"#),
                    )],
                );
                let config = format!("jsonpath={{.spec.mirrors[%MIRROR_INDEX%].{field}.config}}");
                let get = self.sh(&format!("config=\"$(⟨kubectl⟩ get {cr} -o «{config}»)\""));
                let body = format!(
                    "{get}\nif [ -n \"${{config}}\" ]; then\n  {add_key}\nelse\n  {add_config}\nfi"
                );
                steps.push(step(
                    format!("Set source.consumer.auto.offset.reset to {value}"),
                    &[
                        auto_offset_reset_note(v).to_owned(),
                        format!("A JSON patch cannot add a key to a map that does not exist, so when the mirror's {field} has no config yet the patch adds a config holding just this key. The test operation makes the patch fail unless the mirror index is the intended mirror."),
                        changing,
                    ],
                    body,
                ));
                steps.push(step(
                    "Check the setting",
                    &[],
                    self.sh(&format!(
                        "⟨kubectl⟩ get {cr} -o «jsonpath={{.spec.mirrors[%MIRROR_INDEX%].{field}.config.source\\.consumer\\.auto\\.offset\\.reset}}{{\"\\n\"}}»"
                    )),
                ));
            }
        }
        steps
    }
}

fn nonempty(items: &[&str]) -> Vec<String> {
    items
        .iter()
        .filter(|s| !s.is_empty())
        .map(|s| (*s).to_owned())
        .collect()
}

struct Rest<'a> {
    c: &'a Checked,
    ctx: &'a Ctx,
}

impl Rest<'_> {
    fn wait_stopped(&self) -> String {
        let re = r#"'"state" *: *"STOPPED"'"#;
        match self.ctx.mode {
            Mode::Steps => {
                let polls = self.c.timeout.div_ceil(POLL_INTERVAL_SECONDS);
                self.ctx.sh(&format!(
                    "for _ in $(seq {polls}); do\n  curl -sS «%CONNECTOR_URL%/status» | grep -q {re} && break\n  sleep {POLL_INTERVAL_SECONDS}\ndone\n{CURL} «%CONNECTOR_URL%/status»"
                ))
            }
            Mode::Script => {
                let msg = self.ctx.message("Timed out after %TIMEOUT_SECONDS%s: the connector at %CONNECTOR_URL% is not STOPPED. Its last status:");
                self.ctx.sh(&format!(
                    "deadline=$((SECONDS + TIMEOUT_SECONDS))\nwhile true; do\n  body=\"$(curl -sS --fail-with-body «%CONNECTOR_URL%/status»)\"\n  if grep -q {re} <<<\"${{body}}\"; then\n    break\n  fi\n  if [ \"${{SECONDS}}\" -ge \"${{deadline}}\" ]; then\n    echo {msg} >&2\n    echo \"${{body}}\" >&2\n    exit 1\n  fi\n  sleep {POLL_INTERVAL_SECONDS}\ndone"
                ))
            }
        }
    }

    fn record_state(&self, op: &str) -> RawStep {
        let before = format!("before-{op}.json");
        let body = match self.ctx.mode {
            Mode::Steps => self.ctx.sh(&format!("{CURL} «%CONNECTOR_URL%/status»")),
            Mode::Script => {
                let exists = self.ctx.message(&format!("{before} exists from an earlier run; it may be the only record of the offsets before that run. Move it away, then run this script again."));
                let mut out =
                    format!("if [ -e {before} ]; then\n  echo {exists} >&2\n  exit 1\nfi\n");
                if op == "alter" && !self.c.check.as_ref().is_some_and(|c| c.has_listed) {
                    let msg = self.ctx.message("This script was generated without the listing the edits were made on, so it cannot check that no edited partition moved since then. Generate it again with that listing (the editor, or connect-offsets plan --against LISTING). If you have compared the listings yourself, run it with OFFSETS_UNCHECKED=yes.");
                    out.push_str(&format!(
                        "if [ \"${{OFFSETS_UNCHECKED:-}}\" != yes ]; then\n  echo {msg} >&2\n  exit 1\nfi\n"
                    ));
                }
                out.push_str(&self.ctx.sh("previous_state=\"$(curl -sS --fail-with-body «%CONNECTOR_URL%/status» | jq -r '.connector.state')\"\necho \"Recorded: state ${previous_state}.\""));
                out
            }
        };
        let mut comment = vec!["The last step puts back the state this shows (connector.state: RUNNING, PAUSED or STOPPED).".to_owned()];
        if self.ctx.mode == Mode::Steps {
            comment.push(format!("If {before} exists from an earlier run, move it away first: it may be the only record of the offsets before that run."));
        }
        step("Record the current state", &comment, body)
    }

    fn save(&self, file: &str) -> String {
        match self.ctx.mode {
            Mode::Steps => self.ctx.sh(&format!(
                "if [ -e {file} ]; then\n  echo '{file} exists; move it away first.'\nelse\n  {CURL} «%CONNECTOR_URL%/offsets» -o {file}\nfi"
            )),
            Mode::Script => self
                .ctx
                .sh(&format!("{CURL} «%CONNECTOR_URL%/offsets» -o {file}")),
        }
    }

    fn compare(&self) -> RawStep {
        let check = self.c.check.as_ref();
        let (open, body) = heredoc(check.map_or("{}", |c| c.json.as_str()));
        let write = format!("cat > {CHECK_FILE} {open}\n{body}");
        let count = check.map_or(0, |c| c.count);
        let jq = format!(
            "jq -rn --slurpfile check {CHECK_FILE} {} < before-alter.json",
            crate::names::shell_quote(&jq_program("listed", false))
        );
        let mut comment = vec![format!(
            "{CHECK_FILE} holds, for each of the {count} partitions the alter writes, its stored offset in the listing you edited and the offset the alter sets. Key order, entry order and spacing do not matter."
        )];
        let body = if !check.is_some_and(|c| c.has_listed) {
            comment.push("This procedure was generated without the listing the edits were made on: compare before-alter.json with it yourself (connect-offsets diff LISTING before-alter.json) before you go on.".to_owned());
            write
        } else {
            match self.ctx.mode {
                Mode::Steps => {
                    comment.push("The command prints one line per partition whose stored offset is not what the listing you edited showed; no output means nothing moved. If it prints anything, stop here: import before-alter.json into connect-offsets, redo relative edits (rewind, shift) on it, and generate the procedure again. The connector stays stopped meanwhile.".to_owned());
                    format!("{write}\n{jq}")
                }
                Mode::Script => {
                    let msg = self.ctx.message("Stopped before altering: the stored offsets of these partitions moved since the listing you edited, so the alter would overwrite newer offsets with values computed from older ones:");
                    let todo = self.ctx.message(&format!("{LEFT_STOPPED} Import before-alter.json (the listing taken just now) into connect-offsets, redo relative edits (rewind, shift) on it, export and generate this procedure again. To resume without altering: curl -X PUT %CONNECTOR_URL%/resume (the state recorded in step 1 was ${{previous_state}})."))
                        .replace("\\${previous_state}", "${previous_state}");
                    let ok = self.ctx.message(&format!(
                        "No edited partition moved since the listing you edited ({count} checked)."
                    ));
                    format!(
                        "{write}\nmoved=\"$({jq})\"\nif [ -n \"${{moved}}\" ]; then\n  echo {msg} >&2\n  printf '%s\\n' \"${{moved}}\" >&2\n  echo {todo} >&2\n  exit 1\nfi\necho {ok}"
                    )
                }
            }
        };
        step(
            "Compare with the listing the edits were made on",
            &comment,
            body,
        )
    }

    fn verify(&self) -> RawStep {
        let jq = format!(
            "jq -rn --slurpfile check {CHECK_FILE} {} < after-alter.json",
            crate::names::shell_quote(&jq_program("altered", true))
        );
        let mut comment = vec!["Saves the listing to after-alter.json. Source connectors list only partitions whose offset is not null.".to_owned()];
        let check = match self.ctx.mode {
            Mode::Steps => {
                comment.push("The last command says how many altered partitions landed and prints a 'drifted' line for each one that did not.".to_owned());
                jq
            }
            Mode::Script => {
                let msg = self.ctx.message("Some altered partitions did not land (see the drifted lines above). The connector is left STOPPED; before-alter.json holds the stored offsets before the alter.");
                format!(
                    "landed=\"$({jq})\"\nprintf '%s\\n' \"${{landed}}\"\ncase \"${{landed}}\" in\n  *drifted:*)\n    echo {msg} >&2\n    exit 1\n    ;;\nesac"
                )
            }
        };
        step(
            "List the offsets again and check that they landed",
            &comment,
            format!("{}\n{check}", self.save("after-alter.json")),
        )
    }

    fn resume(&self) -> RawStep {
        match self.ctx.mode {
            Mode::Steps => step(
                "Resume the connector",
                &["Puts back what step 1 showed. As written, for a connector that was RUNNING. If step 1 showed PAUSED, use /pause instead of /resume; if it showed STOPPED, leave it stopped.".to_owned()],
                self.ctx.sh(&format!("{CURL} -X PUT «%CONNECTOR_URL%/resume»")),
            ),
            Mode::Script => {
                let msg = self.ctx.message("The connector was already STOPPED when this script started, so it stays stopped. To run it: curl -X PUT %CONNECTOR_URL%/resume");
                step(
                    "Resume the connector",
                    &["Puts back the state recorded in step 1: RUNNING resumes, PAUSED pauses, STOPPED stays stopped.".to_owned()],
                    self.ctx.sh(&format!(
                        "case \"${{previous_state}}\" in\n  PAUSED) {CURL} -X PUT «%CONNECTOR_URL%/pause» ;;\n  STOPPED) echo {msg} ;;\n  *) {CURL} -X PUT «%CONNECTOR_URL%/resume» ;;\nesac"
                    )),
                )
            }
        }
    }

    fn steps(&self, op: &Operation) -> Vec<RawStep> {
        let stop = || {
            step(
                "Stop the connector",
                &["Kafka Connect only changes the offsets of a STOPPED connector (not a PAUSED one).".to_owned()],
                self.ctx.sh(&format!("{CURL} -X PUT «%CONNECTOR_URL%/stop»")),
            )
        };
        let wait = || {
            step(
                "Wait until the connector is STOPPED",
                &["The stop is applied asynchronously; the status shows STOPPED and no tasks once it is done.".to_owned()],
                self.wait_stopped(),
            )
        };
        match op {
            Operation::List => vec![step(
                "Save the offsets",
                &["Works in any connector state. Import the file into connect-offsets, edit and validate it, then export the PATCH body and generate the alter procedure.".to_owned()],
                self.ctx.sh(&format!("{CURL} «%CONNECTOR_URL%/offsets» -o «%LIST_FILE%»")),
            )],
            Operation::Alter { payload } => {
                let (open, body) = heredoc(payload);
                vec![
                    self.record_state("alter"),
                    stop(),
                    wait(),
                    step(
                        "List the offsets again, now that the connector is stopped",
                        &["Saves them to before-alter.json, never over the listing you edited: these are the offsets the alter will replace. Keep the file: a rollback needs it.".to_owned()],
                        self.save("before-alter.json"),
                    ),
                    self.compare(),
                    step(
                        "Alter the offsets",
                        &["On an error Kafka Connect answers with a message that says what is wrong; curl prints it and fails.".to_owned()],
                        format!(
                            "{} {open}\n{body}",
                            self.ctx.sh(&format!("{CURL} -X PATCH -H 'Content-Type: application/json' --data-binary @- «%CONNECTOR_URL%/offsets»"))
                        ),
                    ),
                    self.verify(),
                    self.resume(),
                    step(
                        "Clean up (optional)",
                        &["Removes the check file. Keep before-alter.json: it holds the stored offsets before the alter, which a rollback needs.".to_owned()],
                        format!("rm -f {CHECK_FILE}"),
                    ),
                ]
            }
            Operation::Reset => vec![
                self.record_state("reset"),
                stop(),
                wait(),
                step(
                    "List the offsets before the reset",
                    &["Saves them to before-reset.json: the reset deletes every stored offset, and this file is the only record to restore them from.".to_owned()],
                    self.save("before-reset.json"),
                ),
                step(
                    "Reset the offsets",
                    &["This deletes every stored offset of the connector (for a sink connector, its consumer group).".to_owned()],
                    self.ctx.sh(&format!("{CURL} -X DELETE «%CONNECTOR_URL%/offsets»")),
                ),
                step(
                    "List the offsets again",
                    &["Saves them to after-reset.json; the listing should now be empty: {\"offsets\":[]}.".to_owned()],
                    format!("{}\n{}", self.save("after-reset.json"), "cat after-reset.json".to_owned()),
                ),
                self.resume(),
            ],
            // Refused by validation.
            Operation::AutoOffsetReset(_) => Vec::new(),
        }
    }
}
