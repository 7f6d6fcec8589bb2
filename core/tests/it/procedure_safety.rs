//! Shell safety of the procedures: hostile names are refused before any command exists, error
//! messages are pinned, and random valid names always give scripts that parse and quote right.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::procedure_support::*;
use offsets_core::names::{MirrorConnectorName, shell_quote};
use offsets_core::procedure::{
    AliasPath, AutoOffsetReset, Kubernetes, Operation, Options, Target, alter, list, plan, reset,
};
use offsets_core::{Diagnostic, Severity};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};

/// Every option that ends up in a command.
#[derive(Debug, Clone, Copy)]
enum Field {
    Namespace,
    Context,
    ListConfigMap,
    AlterConfigMap,
    ConnectorName,
    Mm2Resource,
    SourceAlias,
    TargetAlias,
    RestUrl,
    RestConnector,
    ManifestFile,
    ListFile,
}

const FIELDS: [Field; 12] = [
    Field::Namespace,
    Field::Context,
    Field::ListConfigMap,
    Field::AlterConfigMap,
    Field::ConnectorName,
    Field::Mm2Resource,
    Field::SourceAlias,
    Field::TargetAlias,
    Field::RestUrl,
    Field::RestConnector,
    Field::ManifestFile,
    Field::ListFile,
];

impl Field {
    /// The rule a bad value of this field is refused under.
    fn rule(self) -> &'static str {
        match self {
            Field::Namespace => "K2",
            Field::ListConfigMap | Field::AlterConfigMap => "K1",
            Field::ConnectorName | Field::Mm2Resource => "K3",
            Field::SourceAlias | Field::TargetAlias => "K5",
            Field::Context | Field::RestUrl | Field::ManifestFile | Field::ListFile => "PLAN",
            Field::RestConnector => "PLAN",
        }
    }

    /// Strimzi's alias rule `^[a-zA-Z0-9._-]{1,100}$` allows a leading '-'. An alias only ever
    /// appears inside a quoted word (JSON, the connector name), never as a word of its own.
    fn allows(self, value: &str) -> bool {
        matches!(self, Field::SourceAlias | Field::TargetAlias)
            && offsets_core::names::check_alias(value).is_ok()
    }

    /// Plans a procedure that uses this field, with `value` in it and good values elsewhere.
    fn plan_with(self, value: &str) -> Result<String, Vec<Diagnostic>> {
        let mut k = match self {
            Field::ConnectorName => {
                kube(None, "my-connector-offsets", "my-connector-offsets-alter")
            }
            _ => kube(None, "my-mm2-offsets", "my-mm2-offsets-alter"),
        };
        let mut name = "my-connector".to_owned();
        let mut resource = "my-mm2".to_owned();
        let mut mm2_name = MirrorConnectorName::parse("east->west.MirrorSourceConnector").unwrap();
        let mut url = "http://connect:8083".to_owned();
        let mut rest_connector = "my-sink".to_owned();
        let mut manifest_file = None;
        let mut list_file = None;
        match self {
            Field::Namespace => k.namespace = value.into(),
            Field::Context => k.context = Some(value.into()),
            Field::ListConfigMap => k.list_configmap = value.into(),
            Field::AlterConfigMap => k.alter_configmap = value.into(),
            Field::ConnectorName => name = value.into(),
            Field::Mm2Resource => resource = value.into(),
            Field::SourceAlias => mm2_name.source = value.into(),
            Field::TargetAlias => mm2_name.target = value.into(),
            Field::RestUrl => url = value.into(),
            Field::RestConnector => rest_connector = value.into(),
            Field::ManifestFile => manifest_file = Some(value.to_owned()),
            Field::ListFile => list_file = Some(value.to_owned()),
        }
        let target = match self {
            Field::ConnectorName => Target::KafkaConnector { cluster: k, name },
            Field::RestUrl | Field::RestConnector => Target::Rest {
                url,
                connector: rest_connector,
            },
            _ => Target::KafkaMirrorMaker2 {
                cluster: k,
                resource,
                mirror_index: 3,
                connector: mm2_name,
                alias_path: AliasPath::New,
            },
        };
        let payload = match &target {
            Target::KafkaConnector { .. } => CONNECTOR_ALTER_YAML,
            Target::Rest { .. } => REST_PATCH_JSON,
            Target::KafkaMirrorMaker2 { .. } => MM2_ALTER_YAML,
        };
        let operation = match self {
            Field::ListConfigMap | Field::ListFile | Field::SourceAlias | Field::TargetAlias => {
                Operation::List
            }
            _ => Operation::Alter {
                payload: payload.to_owned(),
            },
        };
        let options = Options {
            target,
            manifest_file,
            list_file,
            timeout_seconds: None,
            listed: None,
            api_version: None,
            create: None,
            relative: Default::default(),
        };
        plan(&options, &operation).map(|p| p.render_script() + &p.render_steps())
    }
}

/// Values no field accepts: shell metacharacters, quotes, whitespace, control characters,
/// non-ASCII, a leading '-', empty, too long.
fn hostile_corpus() -> Vec<String> {
    let mut v: Vec<String> = [
        "",
        "'",
        "\"",
        "it's",
        "a'b",
        "$(id)",
        "$(rm -rf ~)",
        "`id`",
        "${HOME}",
        "$HOME",
        "a;b",
        "a; rm -rf /",
        "a&&b",
        "a|b",
        "a&b",
        "a b",
        " a",
        "a ",
        "a\tb",
        "a\nb",
        "a\rb",
        "\n",
        "a\u{0}b",
        "a\u{1b}[31mb",
        "é",
        "ünïcödé",
        "名前",
        "a\u{202e}b",
        "\u{ff41}",
        "-rf",
        "--help",
        "-",
        "a\\b",
        "a*",
        "a?b",
        "(a)",
        "{a,b}",
        "<a",
        "a>b",
        "a#b",
        "!a",
        "a=$(id)",
        "http://x/$(id)",
        "http://x/`id`",
        "http://x/'",
        "http://x y",
        "http://x/a;b",
        "http://x\n",
        "https://x/\"",
    ]
    .into_iter()
    .map(str::to_owned)
    .collect();
    v.push("a".repeat(300));
    v.push(format!("http://{}", "a".repeat(2100)));
    v
}

fn errors_of(result: &Result<String, Vec<Diagnostic>>) -> Vec<&Diagnostic> {
    match result {
        Ok(_) => Vec::new(),
        Err(d) => d.iter().filter(|d| d.severity == Severity::Error).collect(),
    }
}

#[test]
fn hostile_names_are_refused_before_any_command_is_produced() {
    let mut accepted = Vec::new();
    for field in FIELDS {
        for value in hostile_corpus() {
            if field.allows(&value) {
                continue;
            }
            let result = field.plan_with(&value);
            let errors = errors_of(&result);
            if result.is_ok() {
                accepted.push(format!("{field:?} accepted {value:?}"));
            } else if !errors.iter().any(|d| d.rule == field.rule()) {
                accepted.push(format!(
                    "{field:?} {value:?}: refused, but not under {}: {errors:?}",
                    field.rule()
                ));
            }
        }
    }
    assert!(accepted.is_empty(), "{}", accepted.join("\n"));
}

#[test]
fn good_values_are_accepted_for_every_field() {
    // Guards the corpus test: each field plans fine with an ordinary value.
    let good = |f: Field| match f {
        Field::RestUrl => "https://connect.example.com:8443/base",
        Field::SourceAlias | Field::TargetAlias => "Cluster_A.1",
        Field::Context => "arn:aws:eks:eu-west-1:123:cluster/prod",
        Field::ManifestFile | Field::ListFile => "out/alter-2.yaml",
        Field::RestConnector => "east->west.MirrorSourceConnector",
        Field::AlterConfigMap => "my-mm2-offsets-alter",
        _ => "a-b.c",
    };
    for field in FIELDS {
        let value = if matches!(field, Field::Namespace) {
            "a-b"
        } else {
            good(field)
        };
        let result = field.plan_with(value);
        assert!(result.is_ok(), "{field:?} {value:?}: {:?}", result.err());
    }
}

fn messages(result: Result<offsets_core::procedure::Procedure, Vec<Diagnostic>>) -> Vec<String> {
    result
        .err()
        .unwrap_or_default()
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn refusal_messages_are_pinned() {
    let bad_kube = Kubernetes {
        namespace: "Kafka".into(),
        context: Some("a b".into()),
        list_configmap: "List_CM".into(),
        alter_configmap: "x\ny".into(),
    };
    let options = Options::new(Target::KafkaConnector {
        cluster: bad_kube,
        name: "my connector".into(),
    });
    assert_eq!(
        messages(alter(&options, CONNECTOR_ALTER_YAML)),
        [
            "0:0: K2: Namespace must be lowercase letters, digits or '-', at most 63 characters. Got 'Kafka'.",
            "0:0: PLAN: 'a b' is not a usable kubectl context name: use 1 to 253 letters, digits, '.', '_', ':', '/', '@', '+' or '-', not starting with '-'. Rename the context with kubectl config rename-context if needed.",
            "0:0: K1: ConfigMap name must be lowercase letters, digits, '-' or '.', start and end with a letter or digit, and be at most 253 characters. Got 'List_CM' for the list ConfigMap.",
            "0:0: K1: ConfigMap name must be lowercase letters, digits, '-' or '.', start and end with a letter or digit, and be at most 253 characters. Got 'x\\ny' for the alter ConfigMap.",
            "0:0: K3: 'my connector' is not a valid KafkaConnector or KafkaMirrorMaker2 name.",
        ]
    );
    let options = Options::new(Target::KafkaMirrorMaker2 {
        cluster: kube(None, "l", "a"),
        resource: "my-mm2".into(),
        mirror_index: 0,
        connector: MirrorConnectorName {
            source: "ea$t".into(),
            target: "west".into(),
            connector_type: "MirrorSourceConnector",
        },
        alias_path: AliasPath::Old,
    });
    assert_eq!(
        messages(list(&options)),
        [
            "0:0: K5: 'ea$t->west.MirrorSourceConnector': the connector name must look like <source>-><target>.MirrorSourceConnector. Strimzi silently ignores a name that matches no connector."
        ]
    );
    let options = Options::new(Target::Rest {
        url: "ftp://connect".into(),
        connector: "a b".into(),
    });
    assert_eq!(
        messages(reset(&options)),
        [
            "0:0: PLAN: 'ftp://connect' is not a usable Kafka Connect URL: write it as http://HOST:PORT or https://HOST:PORT/PATH, without spaces, quotes, '?' or '#'.",
            "0:0: PLAN: 'a b' is not a usable connector name: use 1 to 249 letters, digits, '.', '_' or '-' (not starting with '-'), or a MirrorMaker 2 name like east->west.MirrorSourceConnector.",
        ]
    );
}

#[test]
fn operations_that_do_not_fit_the_target_are_refused() {
    let checkpoint = mm2(None, "east->west.MirrorCheckpointConnector", AliasPath::New);
    let latest = Operation::AutoOffsetReset(AutoOffsetReset::Latest);
    assert_eq!(
        messages(plan(&checkpoint, &latest)),
        [
            "0:0: PLAN: source.consumer.auto.offset.reset only matters to the MirrorSourceConnector; 'east->west.MirrorCheckpointConnector' does not read it. Choose the east->west.MirrorSourceConnector."
        ]
    );
    assert!(
        messages(plan(&rest("my-sink"), &latest))[0].starts_with(
            "0:0: PLAN: Setting source.consumer.auto.offset.reset through the REST API"
        )
    );
    // An export for another connector (K4), an empty payload, control characters.
    let source = mm2(None, "east->west.MirrorSourceConnector", AliasPath::New);
    assert_eq!(
        messages(alter(&source, CHECKPOINT_ALTER_YAML)),
        [
            "0:0: K4: Strimzi will look for the key 'east--west.MirrorSourceConnector.json'; the alter ConfigMap does not contain it. Export it for this connector."
        ]
    );
    assert!(messages(alter(&connector(None), ""))[0].contains("they are empty"));
    assert!(
        messages(alter(&rest("x"), "{\"offsets\":[]}\u{1b}[2J"))[0]
            .contains("control character \\u{1b}")
    );
    let mut slow = connector(None);
    slow.timeout_seconds = Some(0);
    assert_eq!(
        messages(reset(&slow)),
        ["0:0: PLAN: The timeout must be between 5 and 86400 seconds; got 0."]
    );
}

#[test]
fn warnings_do_not_block_the_procedure() {
    let same = Options::new(Target::KafkaMirrorMaker2 {
        cluster: kube(None, "offsets", "offsets"),
        resource: "1.mm2".into(),
        mirror_index: 0,
        connector: MirrorConnectorName::parse("a->b.MirrorSourceConnector").unwrap(),
        alias_path: AliasPath::New,
    });
    let payload = "kind: ConfigMap\nmetadata:\n  name: offsets\ndata:\n  a--b.MirrorSourceConnector.json: '{}'\n";
    let p = alter(&same, payload).unwrap();
    let rules: Vec<&str> = p.warnings.iter().map(|d| d.rule).collect();
    // PLAN: without the listing the edits were made on, nothing can be compared.
    assert_eq!(rules, ["K8", "K3", "PLAN"]);
    assert!(
        p.warnings[2]
            .message
            .contains("the script stops before altering")
    );
}

#[test]
fn the_mm2_connector_name_is_always_quoted() {
    for (name, options, operation) in variants() {
        let Ok(p) = plan(&options, &operation) else {
            continue;
        };
        for text in [p.render_steps(), p.render_script()] {
            for (i, _) in text.match_indices("->") {
                // Every '>' sits inside a single-quoted word, a double-quoted word or a comment.
                let line_start = text[..i].rfind('\n').map_or(0, |n| n + 1);
                let line = &text[line_start..i];
                let quoted = line.trim_start().starts_with('#')
                    || line.matches('\'').count() % 2 == 1
                    || line.matches('"').count() % 2 == 1;
                assert!(
                    quoted,
                    "{name}: unquoted '->' in line: {}",
                    &text[line_start..]
                );
            }
        }
    }
}

fn config(cases: u32) -> Config {
    Config {
        cases,
        rng_seed: RngSeed::Fixed(0x00ff_5e75),
        failure_persistence: None,
        ..Config::default()
    }
}

fn dns_label() -> impl Strategy<Value = String> {
    "[a-z0-9]([a-z0-9-]{0,20}[a-z0-9])?"
}

fn dns_subdomain() -> impl Strategy<Value = String> {
    prop::collection::vec(dns_label(), 1..4).prop_map(|parts| parts.join("."))
}

fn alias() -> impl Strategy<Value = String> {
    "[A-Za-z0-9._-]{1,30}"
}

fn context() -> impl Strategy<Value = Option<String>> {
    prop::option::of("[A-Za-z0-9._:/@+][A-Za-z0-9._:/@+-]{0,40}")
}

fn any_target() -> impl Strategy<Value = Target> {
    fn kube() -> impl Strategy<Value = Kubernetes> {
        (dns_label(), context(), dns_subdomain(), dns_subdomain()).prop_map(
            |(namespace, context, l, a)| Kubernetes {
                namespace,
                context,
                list_configmap: l,
                alter_configmap: a,
            },
        )
    }
    prop_oneof![
        (kube(), dns_subdomain())
            .prop_map(|(cluster, name)| Target::KafkaConnector { cluster, name }),
        (
            kube(),
            dns_subdomain(),
            0u32..50,
            alias(),
            alias(),
            0usize..3,
            any::<bool>()
        )
            .prop_map(
                |(cluster, resource, mirror_index, source, target, t, new)| {
                    Target::KafkaMirrorMaker2 {
                        cluster,
                        resource,
                        mirror_index,
                        connector: MirrorConnectorName {
                            source,
                            target,
                            connector_type: offsets_core::names::MIRROR_CONNECTOR_TYPES[t],
                        },
                        alias_path: if new { AliasPath::New } else { AliasPath::Old },
                    }
                }
            ),
        (
            "https?://[a-z0-9.-]{1,20}(:[0-9]{1,5})?(/[A-Za-z0-9._~-]{1,10}){0,2}",
            "[A-Za-z0-9._][A-Za-z0-9._-]{0,40}"
        )
            .prop_filter("not . or ..", |(_, c)| c != "." && c != "..")
            .prop_map(|(url, connector)| Target::Rest { url, connector }),
    ]
}

/// A payload that names what the target needs, so the cheap K4 guard passes.
fn payload_for(target: &Target) -> String {
    match target {
        Target::KafkaConnector { cluster, .. } => {
            format!(
                "kind: ConfigMap\nmetadata:\n  name: {}\ndata:\n  offsets.json: |-\n    {{}}\n",
                cluster.alter_configmap
            )
        }
        Target::KafkaMirrorMaker2 {
            cluster, connector, ..
        } => format!(
            "kind: ConfigMap\nmetadata:\n  name: {}\ndata:\n  {}: |-\n    {{}}\n",
            cluster.alter_configmap,
            connector.data_key()
        ),
        Target::Rest { .. } => "{\"offsets\":[]}".to_owned(),
    }
}

fn operation() -> impl Strategy<Value = u8> {
    0u8..4
}

fn plan_random(target: Target, op: u8) -> Option<offsets_core::procedure::Procedure> {
    let operation = match op {
        0 => Operation::List,
        1 => Operation::Alter {
            payload: payload_for(&target),
        },
        2 => Operation::Reset,
        _ => Operation::AutoOffsetReset(AutoOffsetReset::Latest),
    };
    let auto_reset_unsupported = matches!(&operation, Operation::AutoOffsetReset(_))
        && match &target {
            Target::Rest { .. } => true,
            Target::KafkaMirrorMaker2 { connector, .. } => {
                connector.connector_type != "MirrorSourceConnector"
            }
            Target::KafkaConnector { .. } => false,
        };
    let result = plan(&Options::new(target), &operation);
    if auto_reset_unsupported {
        assert!(result.is_err());
        return None;
    }
    Some(result.unwrap_or_else(|d| panic!("valid values refused: {d:?}")))
}

/// Runs the script's variable block in bash and returns the values bash sees.
fn bash_values(script: &str, names: &[&str]) -> Vec<String> {
    let definitions: String = script
        .lines()
        .filter(|l| names.iter().any(|n| l.starts_with(&format!("{n}='"))))
        .map(|l| format!("{l}\n"))
        .collect();
    let print: String = names
        .iter()
        .map(|n| format!("printf '%s\\0' \"${{{n}}}\"\n"))
        .collect();
    let (ok, out) = run_with_stdin("bash", &["-s"], &(definitions + &print));
    assert!(ok, "{out}");
    out.split('\0')
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect()
}

proptest! {
    #![proptest_config(config(48))]

    #[test]
    fn random_valid_names_give_scripts_that_parse(target in any_target(), op in operation()) {
        if let Some(p) = plan_random(target, op) {
            let steps = p.render_steps();
            let script = p.render_script();
            prop_assert!(bash_syntax(&steps).is_ok(), "{steps}");
            prop_assert!(bash_syntax(&script).is_ok(), "{script}");
            // bash reads back exactly the values the script was generated with.
            let names: Vec<&str> = p.variables.iter().map(|v| v.name).collect();
            let values: Vec<String> = p.variables.iter().map(|v| v.value.clone()).collect();
            prop_assert_eq!(bash_values(&script, &names), values);
        }
    }

    #[test]
    fn shell_quote_round_trips_through_bash(value in "[^\u{0}]{0,40}") {
        let (ok, out) = run_with_stdin("bash", &["-s"], &format!("printf '%s' {}", shell_quote(&value)));
        prop_assert!(ok);
        prop_assert_eq!(out, value);
    }
}

proptest! {
    #![proptest_config(config(6))]

    #[test]
    fn random_valid_names_pass_shellcheck(target in any_target(), op in operation()) {
        require_shellcheck();
        if let Some(p) = plan_random(target, op) {
            prop_assert!(shellcheck(&p.render_steps()).is_ok(), "{:?}", shellcheck(&p.render_steps()));
            prop_assert!(shellcheck(&p.render_script()).is_ok(), "{:?}", shellcheck(&p.render_script()));
        }
    }
}

/// Fragments that make any name invalid, wherever they go.
fn hostile_fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("'".to_owned()),
        Just("\"".to_owned()),
        Just("$(id)".to_owned()),
        Just("`id`".to_owned()),
        Just("\n".to_owned()),
        Just(";".to_owned()),
        Just(" ".to_owned()),
        Just("\\".to_owned()),
        Just("|".to_owned()),
        "[\u{80}-\u{10ffff}]",
        "[\u{1}-\u{1f}]",
    ]
}

fn hostile_value() -> impl Strategy<Value = String> {
    prop_oneof![
        (
            dns_subdomain(),
            hostile_fragment(),
            any::<prop::sample::Index>()
        )
            .prop_map(|(base, bad, at)| {
                let cut = at.index(base.len() + 1);
                format!("{}{bad}{}", &base[..cut], &base[cut..])
            }),
        dns_subdomain().prop_map(|s| format!("-{s}")),
        Just(String::new()),
        Just("a".repeat(3000)),
    ]
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn random_invalid_names_are_always_refused(value in hostile_value(), field in 0usize..FIELDS.len()) {
        let field = FIELDS[field];
        prop_assume!(!field.allows(&value));
        let result = field.plan_with(&value);
        prop_assert!(result.is_err(), "{:?} accepted {:?}", field, value);
        prop_assert!(errors_of(&result).iter().any(|d| d.rule == field.rule()), "{:?}: {:?}", field, result);
    }
}
