//! The custom resource checks (CR1-CR10) and the settings taken from a CR, on CRs of Strimzi 0.44
//! to 1.2 shapes (`tests/fixtures/resources/`): every finding, its position and its fix command
//! pinned in `tests/golden/resources/NAME.findings` (run with `UPDATE_GOLDEN=1` to rewrite), and
//! hostile names refused before they reach a command.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use offsets_core::export::{self, ConfigMapOptions};
use offsets_core::resource::{ResourceKind, read_resource};
use offsets_core::resource_check::{
    Against, Finding, RULE_IDS, check_create, check_resource, settings,
};
use offsets_core::{ImportOptions, Listing, import};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use offsets_test_support::golden::check_into as check;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap()
}

fn listing(path: &str) -> Listing {
    import(&read(path), &ImportOptions::default())
        .unwrap()
        .listing
}

/// The report pinned by the golden files: one `severity line:col: RULE: message` per finding,
/// its fix command indented under it, then the settings (or why there are none).
fn render(text: &str, against: &Against<'_>) -> String {
    let mut out = String::new();
    let r = match read_resource(text) {
        Ok(r) => r,
        Err(diags) => {
            for d in diags {
                let _ = writeln!(out, "{} {d}", d.severity);
            }
            return out;
        }
    };
    for Finding {
        diagnostic: d,
        command,
    } in check_resource(&r, against)
    {
        let _ = writeln!(out, "{} {d}", d.severity);
        if let Some(c) = command {
            let _ = writeln!(out, "    $ {c}");
        }
    }
    match settings(&r, against) {
        Ok(s) => {
            let _ = writeln!(out, "settings: {s:?}");
        }
        Err(diags) => {
            for d in diags {
                let _ = writeln!(out, "settings refused: {d}");
            }
        }
    }
    out
}

/// The CR12 findings of `text` as a create procedure would make it (`check-resource --create`).
fn render_create(text: &str) -> String {
    let mut out = String::new();
    for Finding {
        diagnostic: d,
        command,
    } in check_create(&read_resource(text).unwrap())
    {
        let _ = writeln!(out, "{} {d}", d.severity);
        if let Some(c) = command {
            let _ = writeln!(out, "    $ {c}");
        }
    }
    out
}

/// The cases: each fixture alone, and a few against a listing and an alter export.
fn cases() -> Vec<(String, String)> {
    let dir = root().join("tests/fixtures/resources");
    let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    let mut out = Vec::new();
    for p in names {
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(&p).unwrap();
        out.push((
            format!("{name}.findings"),
            render(&text, &Against::default()),
        ));
    }
    let mm2_listing = listing("tests/fixtures/kafkamirrormaker2-source.list.yaml");
    let sink_listing = listing("tests/fixtures/kafkaconnector-sink.list.json");
    let alter = |l: &Listing, name: &str, ns: &str| {
        let text = export::configmap_yaml(
            l,
            None,
            &ConfigMapOptions {
                name: Some(name.into()),
                namespace: Some(ns.into()),
                ..ConfigMapOptions::default()
            },
        )
        .unwrap()
        .text;
        import(&text, &ImportOptions::default()).unwrap().listing
    };
    let good_alter = alter(&mm2_listing, "my-mm2-offsets-alter", "kafka");
    let bad_alter = alter(&mm2_listing, "my-mm2-alter", "kafka-west");
    let v1 = read("tests/fixtures/resources/kafkamirrormaker2-1.2-v1.yaml");
    out.push((
        "kafkamirrormaker2-1.2-v1.yaml.with-listing-and-alter.findings".into(),
        render(
            &v1,
            &Against {
                listing: Some(&mm2_listing),
                alter: Some(&good_alter),
                connector: None,
            },
        ),
    ));
    // Without a pending alter, the generated procedures point alterOffsets at the export:
    // another name is an info, not CR6's error (issue 31, item 7).
    let not_pending = v1
        .replace("    strimzi.io/connector-offsets: alter\n", "")
        .replace(
            "    strimzi.io/mirrormaker-connector: east->west.MirrorSourceConnector\n",
            "",
        );
    assert_ne!(not_pending, v1);
    out.push((
        "kafkamirrormaker2-1.2-v1.yaml.not-pending.with-other-alter-name.findings".into(),
        render(
            &not_pending,
            &Against {
                listing: Some(&mm2_listing),
                alter: Some(&alter(&mm2_listing, "my-mm2-alter", "kafka")),
                connector: None,
            },
        ),
    ));
    out.push((
        "kafkamirrormaker2-1.2-v1.yaml.with-wrong-alter.findings".into(),
        render(
            &v1,
            &Against {
                listing: Some(&mm2_listing),
                alter: Some(&bad_alter),
                connector: None,
            },
        ),
    ));
    // CR11: the resource sets latest, and the alter nulls a partition.
    let latest = v1.replacen(
        "        replication.factor: -1\n",
        "        replication.factor: -1\n        source.consumer.auto.offset.reset: latest\n",
        1,
    );
    let mut nulled = mm2_listing.clone();
    nulled.entries[1] = nulled.entries[1].with_offset(nulled.kind, None);
    let nulled_alter = alter(&nulled, "my-mm2-offsets-alter", "kafka");
    out.push((
        "kafkamirrormaker2-1.2-v1.yaml.latest-with-null-alter.findings".into(),
        render(
            &latest,
            &Against {
                listing: Some(&mm2_listing),
                alter: Some(&nulled_alter),
                connector: None,
            },
        ),
    ));
    // Issue 20, item 9: two mirrors from the same source alias.
    out.push((
        "kafkamirrormaker2-1.2-v1.yaml.same-source-twice.findings".into(),
        render(
            &v1.replacen("alias: central", "alias: east", 1),
            &Against::default(),
        ),
    ));
    out.push((
        "kafkamirrormaker2-1.2-v1.yaml.oldest.findings".into(),
        render(
            &v1.replacen(
                "        replication.factor: -1\n",
                "        replication.factor: -1\n        consumer.auto.offset.reset: oldest\n",
                1,
            ),
            &Against::default(),
        ),
    ));
    out.push((
        "kafkamirrormaker2-1.2-v1.yaml.central.findings".into(),
        render(
            &v1,
            &Against {
                connector: Some("central->west.MirrorSourceConnector"),
                ..Against::default()
            },
        ),
    ));
    // Issue 31, item 3: mirrors east, central and south, a REST listing (no data key) whose
    // entries are all from south. The mirror is south's; the pending annotation that names east
    // is an error naming both, and without it nothing contradicts the listing.
    let three = v1.replacen(
        "  replicas: 1\n",
        "  - source:\n      alias: south\n      bootstrapServers: south:9092\n    sourceConnector:\n      listOffsets:\n        toConfigMap:\n          name: my-mm2-offsets\n    topicsPattern: audit\n  replicas: 1\n",
        1,
    );
    let south = import(
        &read("tests/fixtures/rest-get-offsets.mm2-source.json").replace("\"east\"", "\"south\""),
        &ImportOptions::default(),
    )
    .unwrap()
    .listing;
    let south_against = Against {
        listing: Some(&south),
        ..Against::default()
    };
    out.push((
        "kafkamirrormaker2-1.2-v1.yaml.south-listing-east-annotation.findings".into(),
        render(&three, &south_against),
    ));
    out.push((
        "kafkamirrormaker2-1.2-v1.yaml.south-listing.findings".into(),
        render(
            &three.replacen(
                "    strimzi.io/connector-offsets: alter\n    strimzi.io/mirrormaker-connector: east->west.MirrorSourceConnector\n",
                "",
                1,
            ),
            &south_against,
        ),
    ));
    // The same listing against a resource without a mirror from south: nothing is chosen.
    out.push((
        "kafkamirrormaker2-1.2-v1.yaml.south-listing-no-mirror.findings".into(),
        render(&v1, &south_against),
    ));
    // Issue 31, item 7: no alterOffsets and no pending alter, checked against the alter export
    // (the page's check, `check-resource --alter`, a create): the procedures set alterOffsets
    // themselves, so it is no error and has no patch to run.
    out.push((
        "kafkamirrormaker2-1.2-v1.yaml.no-alteroffsets-with-alter.findings".into(),
        render(
            &v1.replacen(
                "    strimzi.io/connector-offsets: alter\n    strimzi.io/mirrormaker-connector: east->west.MirrorSourceConnector\n",
                "",
                1,
            )
            .replacen(
                "      alterOffsets:\n        fromConfigMap:\n          name: my-mm2-offsets-alter\n",
                "",
                1,
            ),
            &Against {
                listing: Some(&mm2_listing),
                alter: Some(&good_alter),
                connector: None,
            },
        ),
    ));
    let kc = read("tests/fixtures/resources/kafkaconnector-0.44-v1beta2.yaml");
    out.push((
        "kafkaconnector-0.44-v1beta2.yaml.create.findings".into(),
        render_create(&kc),
    ));
    out.push((
        "kafkamirrormaker2-1.2-v1.yaml.create.findings".into(),
        render_create(&v1),
    ));
    // A KafkaConnector read from a cluster (it has a status) exists already: a create is the
    // wrong procedure for it. A KafkaMirrorMaker2 with a status is the usual case (above).
    out.push((
        "kafkaconnector-1.2-v1.json.create.findings".into(),
        render_create(&read("tests/fixtures/resources/kafkaconnector-1.2-v1.json")),
    ));
    out.push((
        "kafkaconnector-0.44-v1beta2.yaml.with-mm2-listing.findings".into(),
        render(
            &kc,
            &Against {
                listing: Some(&mm2_listing),
                alter: Some(&bad_alter),
                connector: None,
            },
        ),
    ));
    out.push((
        "kafkaconnector-0.44-v1beta2.yaml.with-sink-listing.findings".into(),
        render(
            &kc,
            &Against {
                listing: Some(&sink_listing),
                alter: Some(&alter(&sink_listing, "my-sink-offsets-alter", "kafka")),
                connector: None,
            },
        ),
    ));
    out
}

#[test]
fn every_resource_checks_as_pinned() {
    let golden = root().join("tests/golden/resources");
    let mut failures = Vec::new();
    let mut all = String::new();
    for (name, actual) in cases() {
        all.push_str(&actual);
        check(&golden.join(name), &actual, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    for rule in RULE_IDS {
        assert!(
            all.contains(&format!(": {rule}: ")),
            "rule {rule} appears in no golden file"
        );
    }
}

use offsets_test_support::script_safety;

const HOSTILE: &[&str] = &[
    "x'; touch PWNED; echo '",
    "$(touch PWNED)",
    "`touch PWNED`",
    "a\ntouch PWNED",
    "\"}]' ; touch PWNED #",
    "PWNED\u{1b}[31m",
    "-n PWNED",
    "",
];

/// A KafkaMirrorMaker2 with `value` in one slot; the other slots are valid.
fn mm2_with(slot: &str, value: &str) -> String {
    let q = |s: &str| {
        let mut out = String::new();
        offsets_core::json::write_string(&mut out, s);
        out
    };
    let v = |s: &str, d: &str| if s == slot { q(value) } else { q(d) };
    format!(
        "{{\"apiVersion\":\"kafka.strimzi.io/v1\",\"kind\":\"KafkaMirrorMaker2\",\"metadata\":{{\"name\":{},\"namespace\":{},\"annotations\":{{\"strimzi.io/connector-offsets\":{},\"strimzi.io/mirrormaker-connector\":{}}}}},\"spec\":{{\"target\":{{\"alias\":{}}},\"mirrors\":[{{\"source\":{{\"alias\":{}}},\"sourceConnector\":{{\"state\":\"running\",\"listOffsets\":{{\"toConfigMap\":{{\"name\":{}}}}}}}}}]}},\"status\":{{\"connectors\":[{{\"name\":\"east->west.MirrorSourceConnector\",\"connector\":{{\"state\":\"RUNNING\"}}}}]}}}}",
        v("name", "my-mm2"),
        v("namespace", "kafka"),
        v("op", "alter"),
        v("connector", "east->west.MirrorSourceConnector"),
        v("target", "west"),
        v("source", "east"),
        v("list", "my-mm2-offsets"),
    )
}

#[test]
fn hostile_names_are_refused_and_never_reach_a_command() {
    let mut commands = String::new();
    for slot in [
        "name",
        "namespace",
        "op",
        "connector",
        "target",
        "source",
        "list",
    ] {
        for value in HOSTILE {
            let text = mm2_with(slot, value);
            let r = read_resource(&text).unwrap_or_else(|d| panic!("{slot} {value:?}: {d:?}"));
            let findings = check_resource(&r, &Against::default());
            assert!(
                findings.iter().any(|f| f.diagnostic.is_error()),
                "{slot} {value:?}: no error"
            );
            for f in &findings {
                if let Some(c) = &f.command {
                    assert!(!c.contains("PWNED"), "{slot} {value:?}: {c}");
                    assert!(!c.contains('\n'), "{slot} {value:?}: {c}");
                    commands.push_str(c);
                    commands.push('\n');
                }
                assert!(
                    !f.diagnostic.message.contains('\n')
                        && !f.diagnostic.message.contains('\u{1b}'),
                    "{slot} {value:?}: {}",
                    f.diagnostic.message
                );
            }
            // The op and the connector annotation are not settings; every other slot is.
            if !matches!(slot, "op" | "connector") {
                assert!(
                    settings(&r, &Against::default()).is_err(),
                    "{slot} {value:?}: settings accepted"
                );
            }
        }
    }
    script_safety::assert_script_safe("CR fix commands", &commands);
}

#[test]
fn every_fix_command_is_one_safe_bash_line() {
    let dir = root().join("tests/fixtures/resources");
    let mut commands = String::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let text = std::fs::read_to_string(e.unwrap().path()).unwrap();
        let Ok(r) = read_resource(&text) else {
            continue;
        };
        for f in check_resource(&r, &Against::default()) {
            if let Some(c) = f.command {
                assert!(c.starts_with("kubectl "), "{c}");
                commands.push_str(&c);
                commands.push('\n');
            }
        }
    }
    assert!(commands.lines().count() >= 10);
    script_safety::assert_script_safe("CR fix commands", &commands);
}

#[test]
fn settings_fill_the_procedure_names() {
    let r = read_resource(&read(
        "tests/fixtures/resources/kafkamirrormaker2-0.48-v1beta2-two-mirrors.yaml",
    ))
    .unwrap();
    assert_eq!(r.kind, ResourceKind::KafkaMirrorMaker2);
    assert_eq!(r.mirrors.len(), 2);
    let s = settings(
        &r,
        &Against {
            connector: Some("central->west.MirrorSourceConnector"),
            ..Against::default()
        },
    )
    .unwrap();
    assert_eq!(s.resource, "my-mm2");
    assert_eq!(s.namespace, "kafka");
    let (name, index, path) = s.mirror.unwrap();
    assert_eq!(name.connector_name(), "central->west.MirrorSourceConnector");
    assert_eq!(index, 1);
    assert_eq!(path, offsets_core::procedure::AliasPath::Old);
    assert_eq!(s.list_configmap.as_deref(), Some("my-mm2-offsets"));
    assert_eq!(s.alter_configmap, None);
    // A checkpoint connector is a connector too; a name that is not one is refused.
    let s = settings(
        &r,
        &Against {
            connector: Some("east->west.MirrorCheckpointConnector"),
            ..Against::default()
        },
    )
    .unwrap();
    assert_eq!(s.mirror.unwrap().1, 0);
    let e = settings(
        &r,
        &Against {
            connector: Some("west->east.MirrorSourceConnector"),
            ..Against::default()
        },
    )
    .unwrap_err();
    assert_eq!(e[0].rule, "CR4");
    assert!(e[0].message.contains("east->west.MirrorSourceConnector, east->west.MirrorCheckpointConnector, east->west.MirrorHeartbeatConnector, central->west.MirrorSourceConnector"), "{}", e[0].message);
}

#[test]
fn unreadable_resources_are_cr1_with_a_position() {
    for (text, pos, needle) in [
        ("a: [", "2:1", "invalid YAML"),
        ("{\"kind\": ", "1:10", "not valid JSON"),
        ("- 1\n", "1:1", "not a map"),
        (
            "apiVersion: v1\nkind: ConfigMap\n",
            "2:7",
            "This is a ConfigMap",
        ),
        (
            "apiVersion: kafka.strimzi.io/v1alpha1\nkind: KafkaConnector\n",
            "1:13",
            "apiVersion must be",
        ),
        ("kind: KafkaMirrorMaker2\n", "1:1", "found none"),
    ] {
        let e = read_resource(text).unwrap_err();
        assert_eq!(e[0].rule, "CR1", "{text}");
        assert_eq!(e[0].position.to_string(), pos, "{text}: {}", e[0]);
        assert!(e[0].message.contains(needle), "{text}: {}", e[0].message);
    }
}

/// Issue 20, item 13: a manifest with several documents (Strimzi's own examples put a
/// KafkaNodePool, a Kafka and a KafkaUser before the KafkaMirrorMaker2), or a `kind: List`.
#[test]
fn a_manifest_with_several_documents_is_read() {
    use offsets_core::editor::SafeApplyAction;
    use offsets_core::editor::{Editor, EditorAction};
    use offsets_core::resource::{candidates, read_resource_named};
    let mm2 = read("tests/fixtures/resources/kafkamirrormaker2-1.2-v1.yaml");
    let kc = read("tests/fixtures/resources/kafkaconnector-0.44-v1beta2.yaml");
    let pool = "apiVersion: kafka.strimzi.io/v1\nkind: KafkaNodePool\nmetadata:\n  name: dual-role\nspec:\n  replicas: 1\n---\napiVersion: kafka.strimzi.io/v1\nkind: KafkaUser\nmetadata:\n  name: my-user\n---\n";
    let one = format!("{pool}{mm2}");
    let r = read_resource_named(&one, None).unwrap();
    assert_eq!(r.name.value(), Some("my-mm2"));
    // Positions stay those of the whole file.
    assert_eq!(r.kind_pos.line, 14, "{:?}", r.kind_pos);
    let two = format!("{one}---\n{kc}");
    let listed: Vec<String> = candidates(&two).iter().map(|c| c.label()).collect();
    assert_eq!(
        listed,
        ["KafkaMirrorMaker2 my-mm2", "KafkaConnector my-sink"]
    );
    let err = read_resource_named(&two, None).unwrap_err();
    assert!(
        err[0].message.starts_with("This text holds 2 custom resources (KafkaMirrorMaker2 my-mm2 at line 13, KafkaConnector my-sink at line"),
        "{}",
        err[0].message
    );
    let sink = read_resource_named(&two, Some("my-sink")).unwrap();
    assert_eq!(sink.name.value(), Some("my-sink"));
    let by_kind = read_resource_named(&two, Some("KafkaMirrorMaker2/my-mm2")).unwrap();
    assert_eq!(by_kind.name.value(), Some("my-mm2"));
    // kubectl get kafkamirrormaker2,kafkaconnector -o yaml: a kind: List.
    let indent = |t: &str| t.lines().map(|l| format!("  {l}\n")).collect::<String>();
    let list = format!(
        "apiVersion: v1\nkind: List\nitems:\n- {}",
        indent(&mm2).trim_start()
    );
    assert_eq!(
        read_resource_named(&list, None).unwrap().name.value(),
        Some("my-mm2")
    );
    // The page asks which, then reads the chosen one.
    let mut editor = Editor::new();
    editor.apply(EditorAction::SafeApply(SafeApplyAction::CheckResource(
        two.clone(),
    )));
    assert_eq!(editor.resource_candidates().len(), 2);
    editor.apply(EditorAction::SafeApply(SafeApplyAction::ChooseResource(
        "KafkaConnector/my-sink".into(),
    )));
    let report = editor.resource_report().unwrap();
    assert!(
        report
            .title
            .as_deref()
            .is_some_and(|t| t.contains("my-sink")),
        "{:?}",
        report.title
    );
}
