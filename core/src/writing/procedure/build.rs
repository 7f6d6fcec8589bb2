//! The steps of each procedure (domain.md section 9), written once as templates and rendered
//! for either [`Mode`]. Waits differ by mode: the copy-paste steps poll a bounded number of
//! times and then show what is left (an `exit` would close the user's terminal); the script
//! polls until a deadline and exits with a message that says what to look at.

use super::shell::{Ctx, Mode, Var, heredoc};
use super::{AliasPath, AutoOffsetReset, Checked, Kind, Operation, POLL_INTERVAL_SECONDS};

#[derive(Debug, Clone)]
pub(crate) struct RawStep {
    pub(crate) title: String,
    pub(crate) comment: Vec<String>,
    pub(crate) body: String,
}

fn step(title: impl Into<String>, comment: &[String], body: String) -> RawStep {
    RawStep {
        title: title.into(),
        comment: comment.to_vec(),
        body,
    }
}

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
                        "Import the file into connect-offsets, edit and validate it, then export the alter ConfigMap (data key {key}) and generate the alter procedure."
                    )],
                    self.sh(
                        "⟨kubectl⟩ get configmap «%LIST_CM%» -n «%NS%» -o yaml > «%LIST_FILE%»",
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
                let guard_comment: Vec<String> = if mm2 {
                    vec![format!(
                        "The test operation makes the patch fail unless mirror {} really is the mirror from this source alias.",
                        self.ctx.value(Var::MirrorIndex)
                    )]
                } else {
                    Vec::new()
                };
                vec![
                    step(
                        "Upload the alter ConfigMap",
                        &[format!("Creates or updates ConfigMap '{}' with the edited offsets under the data key {key}. Server-side apply avoids the 256 KiB limit of the last-applied annotation; if kubectl reports a conflict because another tool owns the data, add --force-conflicts.", self.ctx.value(Var::AlterConfigMap))],
                        upload,
                    ),
                    step(
                        "Stop the connector and point it at the alter ConfigMap",
                        &guard_comment,
                        self.patch(
                            r#"{"state":"stopped","alterOffsets":{"fromConfigMap":{"name":"%ALTER_CM%"}}}"#,
                            &[("add", "state", r#""stopped""#), ("add", "alterOffsets", r#"{"fromConfigMap":{"name":"%ALTER_CM%"}}"#)],
                        ),
                    ),
                    step("Wait until the connector is STOPPED", &[self.stop_comment()], self.wait_stopped()),
                    step("Ask the operator to alter the offsets", &nonempty(&[both]), self.annotate("alter")),
                    step(
                        "Wait until the operator has altered the offsets",
                        &list_comment("An empty 'annotations left' line and no AlterOffsets Warning mean it worked. If it keeps failing, Kafka Connect's own message is in the logs of the Connect pods."),
                        self.wait_annotations_gone("alter"),
                    ),
                    step(
                        "List the offsets again and compare them with the alter ConfigMap",
                        &["Uses the listOffsets ConfigMap the connector already points at. The connector is still stopped, so the listing shows exactly what was stored.".to_owned()],
                        format!("{}\n{}\n{}", self.annotate("list"), self.wait_annotations_gone("list"), self.show_listed()),
                    ),
                    step(
                        "Resume the connector",
                        &["Also removes alterOffsets, so a stale alter annotation cannot apply the same offsets again later.".to_owned()],
                        self.patch(r#"{"state":"running","alterOffsets":null}"#, &[("add", "state", r#""running""#), ("remove", "alterOffsets", "")]),
                    ),
                ]
            }
            Operation::Reset => vec![
                step(
                    "Stop the connector",
                    &[],
                    self.patch(
                        r#"{"state":"stopped"}"#,
                        &[("add", "state", r#""stopped""#)],
                    ),
                ),
                step(
                    "Wait until the connector is STOPPED",
                    &[self.stop_comment()],
                    self.wait_stopped(),
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
                    &["The listing should now be empty: { \"offsets\" : [ ] }.".to_owned()],
                    format!(
                        "{}\n{}\n{}",
                        self.annotate("list"),
                        self.wait_annotations_gone("list"),
                        self.show_listed()
                    ),
                ),
                step(
                    "Resume the connector",
                    &[],
                    self.patch(
                        r#"{"state":"running"}"#,
                        &[("add", "state", r#""running""#)],
                    ),
                ),
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
        let verify = |comment: &str| {
            step(
                "List the offsets again",
                &[comment.to_owned()],
                self.ctx.sh(&format!("{CURL} «%CONNECTOR_URL%/offsets»")),
            )
        };
        let resume = || {
            step(
                "Resume the connector",
                &[],
                self.ctx
                    .sh(&format!("{CURL} -X PUT «%CONNECTOR_URL%/resume»")),
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
                    stop(),
                    wait(),
                    step(
                        "Alter the offsets",
                        &["On an error Kafka Connect answers with a message that says what is wrong; curl prints it and fails.".to_owned()],
                        format!(
                            "{} {open}\n{body}",
                            self.ctx.sh(&format!("{CURL} -X PATCH -H 'Content-Type: application/json' --data-binary @- «%CONNECTOR_URL%/offsets»"))
                        ),
                    ),
                    verify("The listing should show the new values. Source connectors list only partitions whose offset is not null."),
                    resume(),
                ]
            }
            Operation::Reset => vec![
                stop(),
                wait(),
                step(
                    "Reset the offsets",
                    &["This deletes every stored offset of the connector (for a sink connector, its consumer group).".to_owned()],
                    self.ctx.sh(&format!("{CURL} -X DELETE «%CONNECTOR_URL%/offsets»")),
                ),
                verify("The listing should now be empty: {\"offsets\":[]}."),
                resume(),
            ],
            // Refused by validation.
            Operation::AutoOffsetReset(_) => Vec::new(),
        }
    }
}
