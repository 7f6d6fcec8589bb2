//! The kubectl procedures of a Strimzi KafkaConnector or KafkaMirrorMaker2 connector: the
//! commands their steps are made of (patches behind the mirror guard, annotations, bounded
//! waits, listing again) and the auto.offset.reset steps. The steps themselves, as the kubectl
//! transport renders them, are in `kube_transport`; their order is `sequence`'s.

use super::shell::{Ctx, Mode, Var, heredoc};
use super::step::{RawStep, WARNINGS, auto_offset_reset_note, step};
use super::wait;
use super::{AutoOffsetReset, Checked, Kind};
use crate::json::{Array, Keyed, PatchOp, ToJson, to_json};
use crate::model::AliasPath;

/// What the wait after the alter's annotation says it looks like when it worked.
pub(super) const ALTER_DONE: &str = "An empty 'annotations left' line and no AlterOffsets Warning mean it worked. If it keeps failing, Kafka Connect's own message is in the logs of the Connect pods.";

pub(super) struct Kube<'a> {
    pub(super) c: &'a Checked,
    pub(super) ctx: &'a Ctx,
}

impl Kube<'_> {
    /// The upload of the alter ConfigMap(s) `payload`: written to the manifest file and applied
    /// in the copy-paste steps, applied from a heredoc in the script (server-side apply: no
    /// 256 KiB last-applied annotation).
    pub(super) fn apply_manifest(&self, payload: &str) -> String {
        let (open, body) = heredoc(payload);
        match self.ctx.mode {
            Mode::Steps => {
                let file = crate::model::names::shell_quote(&self.c.manifest_file);
                format!(
                    "cat > {file} {open}\n{body}\n{}",
                    self.sh(&format!("⟨kubectl⟩ apply --server-side --field-manager=offsets-editor -n «%NS%» -f {file}"))
                )
            }
            Mode::Script => format!(
                "{} {open}\n{body}",
                self.sh(
                    "⟨kubectl⟩ apply --server-side --field-manager=offsets-editor -n «%NS%» -f -"
                )
            ),
        }
    }

    pub(super) fn sh(&self, template: &str) -> String {
        self.ctx.sh(template)
    }

    pub(super) fn mm2(&self) -> Option<(&crate::model::names::MirrorConnectorName, AliasPath)> {
        match &self.c.kind {
            Kind::Mm2 {
                connector,
                alias_path,
            } => Some((connector, *alias_path)),
            _ => None,
        }
    }

    /// `kafkaconnector 'C' -n 'NS'` as a template.
    pub(super) fn cr(&self) -> &'static str {
        if self.mm2().is_some() {
            "kafkamirrormaker2 «%MM2%» -n «%NS%»"
        } else {
            "kafkaconnector «%CONNECTOR%» -n «%NS%»"
        }
    }

    pub(super) fn kind_name(&self) -> &'static str {
        if self.mm2().is_some() {
            "KafkaMirrorMaker2 %MM2%"
        } else {
            "KafkaConnector %CONNECTOR%"
        }
    }

    /// The `spec.mirrors[I]` field of this connector.
    pub(super) fn field(&self) -> &'static str {
        match self.mm2().map(|(n, _)| n.connector_type) {
            Some("MirrorCheckpointConnector") => "checkpointConnector",
            Some("MirrorHeartbeatConnector") => "heartbeatConnector",
            _ => "sourceConnector",
        }
    }

    pub(super) fn data_key(&self) -> String {
        self.mm2()
            .map_or_else(|| "offsets.json".to_owned(), |(n, _)| n.data_key())
    }

    pub(super) fn annotate(&self, op: &str) -> String {
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

    pub(super) fn give_up_hint(&self) -> &'static str {
        if self.mm2().is_some() {
            "To give up: kubectl annotate kafkamirrormaker2 %MM2% -n %NS% strimzi.io/connector-offsets- strimzi.io/mirrormaker-connector-"
        } else {
            "To give up: kubectl annotate kafkaconnector %CONNECTOR% -n %NS% strimzi.io/connector-offsets-"
        }
    }

    pub(super) fn annotations_jsonpath(&self) -> &'static str {
        if self.mm2().is_some() {
            r"{.metadata.annotations.strimzi\.io/connector-offsets}{.metadata.annotations.strimzi\.io/mirrormaker-connector}"
        } else {
            r"{.metadata.annotations.strimzi\.io/connector-offsets}"
        }
    }

    pub(super) fn state_jsonpath(&self) -> &'static str {
        if self.mm2().is_some() {
            r#"{.status.connectors[?(@.name=="%MM2_CONNECTOR%")].connector.state}"#
        } else {
            "{.status.connectorStatus.connector.state}"
        }
    }

    /// A patch of the CR: a merge patch of `spec` for a KafkaConnector; for a KafkaMirrorMaker2
    /// a JSON patch of `spec.mirrors[I]` behind the `test` guard. `connector_ops` are
    /// `(op, path below the connector field, value)`; `spec` is the merge patch body (unused
    /// for a KafkaMirrorMaker2). Both are written as compact JSON; `%VAR%` placeholders in their
    /// strings are substituted when the template is rendered, as everywhere in a step.
    pub(super) fn patch<S: ToJson, V: ToJson>(
        &self,
        spec: S,
        connector_ops: &[(&str, &str, Option<V>)],
    ) -> String {
        match self.mm2() {
            None => self.sh(&format!(
                "⟨kubectl⟩ patch {} --type=merge -p «{}»",
                self.cr(),
                to_json(&Keyed("spec", spec))
            )),
            Some(_) => {
                let ops: Vec<PatchOp<'_, &V>> = connector_ops
                    .iter()
                    .map(|(op, path, value)| PatchOp {
                        op,
                        path: self.mm2_pointer(path),
                        value: value.as_ref(),
                    })
                    .collect();
                self.sh(&format!(
                    "⟨kubectl⟩ patch {} --type=json -p «{}»",
                    self.cr(),
                    self.guarded(ops)
                ))
            }
        }
    }

    /// Deletes the ConfigMaps `names` (template words) in the namespace, if they exist.
    pub(super) fn delete_configmaps(&self, names: &str) -> String {
        self.sh(&format!(
            "⟨kubectl⟩ delete configmap {names} -n «%NS%» --ignore-not-found"
        ))
    }

    /// The alter's last two steps, the sequence's and the create's: annotate, and wait until
    /// the operator has altered the offsets.
    pub(super) fn annotate_alter(&self, ask: Vec<String>, done: Vec<String>) -> [RawStep; 2] {
        [
            step(
                "Ask the operator to alter the offsets",
                &ask,
                self.annotate("alter"),
            ),
            step(
                "Wait until the operator has altered the offsets",
                &done,
                self.wait_annotations_gone("alter"),
            ),
        ]
    }

    /// Waits until the operator has removed the annotation(s) of operation `op`.
    pub(super) fn wait_annotations_gone(&self, op: &str) -> String {
        let cr = self.cr();
        let ann = self.annotations_jsonpath();
        match self.ctx.mode {
            Mode::Steps => self.sh(&wait::poll(
                self.c.timeout,
                &format!("[ -z \"$(⟨kubectl⟩ get {cr} -o «jsonpath={ann}»)\" ]"),
                &format!(
                    "⟨kubectl⟩ get {cr} -o «jsonpath=annotations left: [{ann}]{{\"\\n\"}}{WARNINGS}»"
                ),
            )),
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
                self.sh(&wait::until_deadline(
                    &format!("  left=\"$(⟨kubectl⟩ get {cr} -o «jsonpath={ann}»)\"\n"),
                    "[ -z \"${left}\" ]",
                    "",
                    &format!("    echo {timed_out} >&2\n{}    echo {hint} >&2\n", self.warnings_to_stderr()),
                ))
            }
        }
    }

    pub(super) fn wait_stopped(&self) -> String {
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
                self.poll_state("STOPPED", &format!("{state}{{\"\\n\"}}"))
            }
            (Mode::Script, true) => self.state_loop("STOPPED", "", "", ""),
        }
    }

    /// The script's wait until the connector's state in the status is `want`: polls until a
    /// deadline, then stops with the Warning conditions. `arms` run on each poll that did not
    /// find `want` yet; `before` and `after` go before and after the loop.
    pub(super) fn state_loop(&self, want: &str, before: &str, arms: &str, after: &str) -> String {
        let cr = self.cr();
        let state = self.state_jsonpath();
        let which = if self.mm2().is_some() {
            "connector %MM2_CONNECTOR% of KafkaMirrorMaker2 %MM2%"
        } else {
            "KafkaConnector %CONNECTOR%"
        };
        // `${state}` in the message is the script's own variable, kept as a reference.
        let msg = self
            .ctx
            .message(&format!("Timed out after %TIMEOUT_SECONDS%s: {which} is in state '${{state}}', not {want}. Its Warning conditions:"))
            .replace("\\${state}", "${state}");
        let wait = wait::until_deadline(
            &format!("  state=\"$(⟨kubectl⟩ get {cr} -o «jsonpath={state}»)\"\n"),
            &format!("[ \"${{state}}\" = {want} ]"),
            arms,
            &format!("    echo {msg} >&2\n{}", self.warnings_to_stderr()),
        );
        self.sh(&format!("{before}{wait}{after}"))
    }

    /// The copy-paste wait until the connector's state in the status is `want`; then shows the
    /// jsonpath `show` of the resource.
    pub(super) fn poll_state(&self, want: &str, show: &str) -> String {
        let cr = self.cr();
        let state = self.state_jsonpath();
        self.sh(&wait::poll(
            self.c.timeout,
            &format!("[ \"$(⟨kubectl⟩ get {cr} -o «jsonpath={state}»)\" = {want} ]"),
            &format!("⟨kubectl⟩ get {cr} -o «jsonpath={show}»"),
        ))
    }

    /// The script's line, in a wait that gives up, that shows the Warning conditions.
    fn warnings_to_stderr(&self) -> String {
        format!(
            "    ⟨kubectl⟩ get {} -o «jsonpath={WARNINGS}» >&2 || true\n",
            self.cr()
        )
    }

    pub(super) fn show_listed(&self) -> String {
        let key = self.data_key().replace('.', "\\.");
        self.sh(&format!(
            "⟨kubectl⟩ get configmap «%LIST_CM%» -n «%NS%» -o «jsonpath={{.data.{key}}}{{\"\\n\"}}»"
        ))
    }

    pub(super) fn stop_comment(&self) -> String {
        format!(
            "Before Strimzi {} a FAILED connector cannot be stopped; restart it first. Kafka Connect only changes offsets of a STOPPED connector (not a PAUSED one).",
            crate::versions::STRIMZI_STOP_FAILED
        )
    }

    /// The jsonpath of a field of the connector's spec (`state`, `alterOffsets`).
    pub(super) fn spec_jsonpath(&self, name: &str) -> String {
        match self.mm2() {
            None => format!("{{.spec.{name}}}"),
            Some(_) => format!("{{.spec.mirrors[%MIRROR_INDEX%].{}.{name}}}", self.field()),
        }
    }

    /// The JSON pointer of a field of the connector's spec in a MirrorMaker 2 JSON patch.
    pub(super) fn mm2_pointer(&self, name: &str) -> String {
        format!("/spec/mirrors/%MIRROR_INDEX%/{}/{name}", self.field())
    }

    pub(super) fn guard_pointer(&self) -> &'static str {
        match self.mm2().map(|(_, p)| p) {
            Some(AliasPath::Old) => "/spec/mirrors/%MIRROR_INDEX%/sourceCluster",
            _ => "/spec/mirrors/%MIRROR_INDEX%/source/alias",
        }
    }

    pub(super) fn guard_jsonpath(&self) -> &'static str {
        match self.mm2().map(|(_, p)| p) {
            Some(AliasPath::Old) => "{.spec.mirrors[%MIRROR_INDEX%].sourceCluster}",
            _ => "{.spec.mirrors[%MIRROR_INDEX%].source.alias}",
        }
    }

    /// What the guard does, what its failure looks like, and which API version its path fits.
    pub(super) fn guard_comment(&self) -> Vec<String> {
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
                "The listing's owner reference says {v}, which usually keeps the alias at /spec/mirrors/{index}/sourceCluster: expect this guard to fail unless the resource uses source.alias (Strimzi 0.49 to 0.51)."
            ),
            (Some(v), _) => format!("The listing's owner reference says {v}."),
            (None, AliasPath::New) => format!(
                "The listing did not say which API version the resource uses, so this assumes kafka.strimzi.io/v1 (Strimzi 1.0 or later). On a kafka.strimzi.io/v1beta2 resource (Strimzi 0.44 to 0.51) the alias is at /spec/mirrors/{index}/sourceCluster: generate the procedure again with that guard path."
            ),
            (None, AliasPath::Old) => format!(
                "This is the kafka.strimzi.io/v1beta2 field (Strimzi 0.44 to 0.51); on a kafka.strimzi.io/v1 resource the alias is at /spec/mirrors/{index}/source/alias."
            ),
        };
        v.push(format!("The guard reads {pointer}. {why}"));
        v
    }

    /// The JSON-patch `test` operation of the mirror's source alias (MirrorMaker 2 only).
    fn guard_test(&self) -> PatchOp<'static, &str> {
        PatchOp {
            op: "test",
            path: self.guard_pointer().to_owned(),
            value: Some(self.mm2().map_or("", |(n, _)| n.source.as_str())),
        }
    }

    /// The literal JSON-patch `test` operation (MirrorMaker 2 only).
    pub(super) fn guard_op(&self) -> String {
        to_json(&self.guard_test())
    }

    /// A MirrorMaker 2 JSON patch: the guard's `test`, then `ops`, as one JSON array.
    pub(super) fn guarded<V: ToJson>(&self, ops: Vec<PatchOp<'_, V>>) -> String {
        to_json(&Guarded {
            test: self.guard_test(),
            ops,
        })
    }

    /// Said on a step that annotates a KafkaMirrorMaker2 (empty for a KafkaConnector).
    pub(super) fn both(&self) -> &'static str {
        if self.mm2().is_some() {
            "Both annotations go in one command; the connector name is quoted because an unquoted > would redirect output to a file."
        } else {
            ""
        }
    }

    /// The comment of a step that waits until the operator has removed its annotation(s).
    pub(super) fn operator_done(&self, extra: &str) -> Vec<String> {
        let mm2 = self.mm2().is_some();
        let mut v = vec![format!(
            "The operator removes the annotation{} when it is done. {extra}",
            if mm2 { "s" } else { "" }
        )];
        if mm2 {
            v.push("If the annotations stay and there is no Warning, the connector name matches no connector of this KafkaMirrorMaker2.".to_owned());
        }
        v
    }

    /// Lists again and saves the listing to `file`.
    pub(super) fn relist(&self, file: &str) -> String {
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
    pub(super) fn listed_payload(&self) -> String {
        let key = self.data_key().replace('.', "\\.");
        self.sh(&format!(
            "⟨kubectl⟩ get configmap «%LIST_CM%» -n «%NS%» -o «jsonpath={{.data.{key}}}»"
        ))
    }

    pub(super) fn set_auto_offset_reset(&self, v: AutoOffsetReset) -> Vec<RawStep> {
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
                    self.patch(Keyed("config", Keyed(AUTO_OFFSET_RESET, value)), NO_OPS),
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
                    (),
                    &[("add", &format!("config/{AUTO_OFFSET_RESET}"), Some(value))],
                );
                let add_config = self.patch(
                    (),
                    &[("add", "config", Some(Keyed(AUTO_OFFSET_RESET, value)))],
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

pub(super) fn nonempty(items: &[&str]) -> Vec<String> {
    items
        .iter()
        .filter(|s| !s.is_empty())
        .map(|s| (*s).to_owned())
        .collect()
}

/// A MirrorMaker 2 patch: the `test` of the mirror's source alias, then the operations, as one
/// JSON array.
struct Guarded<'a, V> {
    test: PatchOp<'a, &'a str>,
    ops: Vec<PatchOp<'a, V>>,
}

impl<V: ToJson> ToJson for Guarded<'_, V> {
    fn write_json(&self, out: &mut String) {
        let mut a = Array::new(out);
        a.item(&self.test);
        for op in &self.ops {
            a.item(op);
        }
        a.end();
    }
}

/// `{"toConfigMap":{"name":"%LIST_CM%"}}` and its alter counterpart.
pub(super) const LIST_CM: Keyed<'static, Keyed<'static, &str>> =
    Keyed("toConfigMap", Keyed("name", "%LIST_CM%"));
pub(super) const ALTER_CM: Keyed<'static, Keyed<'static, &str>> =
    Keyed("fromConfigMap", Keyed("name", "%ALTER_CM%"));
const AUTO_OFFSET_RESET: &str = "source.consumer.auto.offset.reset";

/// No JSON patch operation (a KafkaConnector merge patch only).
pub(super) const NO_OPS: &[(&str, &str, Option<()>)] = &[];
