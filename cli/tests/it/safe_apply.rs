//! Issue 12 from the command line: `check-resource` (exit codes, text and JSON reports),
//! `plan --resource-file` (names from the CR, disagreements, hostile CRs), the rollback
//! (`export --to rollback`, `plan --rollback`) and `edit --add`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support::{fixture, run, text};

fn cr(name: &str) -> String {
    fixture(&format!("resources/{name}"))
}

fn temp(name: &str, content: &[u8]) -> String {
    let dir = crate::support::unique_dir("offsets-safe-apply");
    let p = dir.join(name);
    std::fs::write(&p, content).unwrap();
    p.display().to_string()
}

const MM2_LIST: &str = "kafkamirrormaker2-source.list.yaml";

#[test]
fn check_resource_exit_codes_follow_validate() {
    for (file, code) in [
        ("kafkamirrormaker2-1.2-v1.yaml", 0),
        ("kafkamirrormaker2-0.48-v1beta2-two-mirrors.yaml", 0),
        ("kafkaconnector-0.44-v1beta2.yaml", 0),
        ("kafkaconnector-1.2-v1.json", 1),
        ("kafkamirrormaker2-1.2-v1-mistakes.yaml", 1),
        ("hostile-names.yaml", 1),
        ("kafkaconnect-not-a-connector.yaml", 2),
    ] {
        let out = run(&["check-resource", &cr(file)]);
        assert_eq!(
            out.status.code(),
            Some(code),
            "{file}: {}",
            text(&out.stderr)
        );
    }
    assert_eq!(run(&["check-resource"]).status.code(), Some(2));
    assert_eq!(
        run(&["check-resource", "/nonexistent.yaml"]).status.code(),
        Some(2)
    );
    assert_eq!(
        run(&[
            "check-resource",
            &cr("kafkaconnector-1.2-v1.json"),
            "--format",
            "xml"
        ])
        .status
        .code(),
        Some(2)
    );
}

#[test]
fn check_resource_text_names_the_line_the_rule_and_the_fix() {
    let out = run(&["check-resource", &cr("kafkaconnector-1.2-v1.json")]);
    let err = text(&out.stderr);
    let file = cr("kafkaconnector-1.2-v1.json");
    assert!(
        err.contains(&format!(
            "{file}:6:45: error[CR3]: strimzi.io/connector-offsets is 'List'"
        )),
        "{err}"
    );
    assert!(
        err.contains("    fix: kubectl annotate kafkaconnector 'my-sink' -n 'kafka' strimzi.io/connector-offsets=list --overwrite\n"),
        "{err}"
    );
    assert!(
        err.ends_with(
            "1 error(s), 0 warning(s), 0 info(s) (KafkaConnector my-sink (kafka.strimzi.io/v1))\n"
        ),
        "{err}"
    );
}

#[test]
fn check_resource_json_is_one_object_with_findings_and_settings() {
    let out = run(&[
        "check-resource",
        &cr("kafkamirrormaker2-1.2-v1.yaml"),
        "--listing",
        &fixture(MM2_LIST),
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["kind"], "KafkaMirrorMaker2");
    assert_eq!(v["apiVersion"], "kafka.strimzi.io/v1");
    assert_eq!(v["errors"], 0);
    assert_eq!(v["findings"][0]["rule"], "CR10");
    assert_eq!(
        v["settings"]["connector"],
        "east->west.MirrorSourceConnector"
    );
    assert_eq!(v["settings"]["mirror_index"], 0);
    assert_eq!(v["settings"]["alias_path"], "source.alias");
    assert_eq!(v["settings"]["alter_configmap"], "my-mm2-offsets-alter");
    // A hostile CR: findings, no settings, no command with a hostile value.
    let out = run(&[
        "check-resource",
        &cr("hostile-names.yaml"),
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["settings"].is_null());
    for f in v["findings"].as_array().unwrap() {
        assert!(f["command"].is_null(), "{f}");
    }
}

#[test]
fn check_resource_compares_the_alter_export_and_the_listing() {
    let alter = run(&[
        "export",
        &fixture(MM2_LIST),
        "--to",
        "configmap",
        "--name",
        "my-mm2-alter",
        "--namespace",
        "kafka-west",
    ]);
    assert_eq!(alter.status.code(), Some(0), "{}", text(&alter.stderr));
    let alter = temp("wrong-alter.yaml", &alter.stdout);
    let out = run(&[
        "check-resource",
        &cr("kafkamirrormaker2-1.2-v1.yaml"),
        "--listing",
        &fixture(MM2_LIST),
        "--alter",
        &alter,
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("error[CR6]: Connector 'east->west.MirrorSourceConnector' (spec.mirrors[0]) reads its alter offsets from ConfigMap 'my-mm2-offsets-alter', but the alter export is named 'my-mm2-alter'"), "{err}");
    assert!(
        err.contains("error[CR6]: The alter ConfigMap is in namespace 'kafka-west'"),
        "{err}"
    );
}

#[test]
fn plan_takes_the_names_from_the_resource() {
    let out = run(&[
        "plan",
        &fixture(MM2_LIST),
        "--resource-file",
        &cr("kafkamirrormaker2-0.48-v1beta2-two-mirrors.yaml"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let steps = text(&out.stdout);
    assert!(
        steps.contains("of mirror 0 of KafkaMirrorMaker2 'my-mm2' in namespace 'kafka'"),
        "{steps}"
    );
    assert!(steps.contains("/spec/mirrors/0/sourceCluster"), "{steps}");
    assert!(steps.contains("'my-mm2-offsets-alter'"), "{steps}");
    // The same names given as flags agree; a flag that disagrees is an error naming both.
    let agree = run(&[
        "plan",
        &fixture(MM2_LIST),
        "--resource-file",
        &cr("kafkamirrormaker2-0.48-v1beta2-two-mirrors.yaml"),
        "--namespace",
        "kafka",
        "--mirror-index",
        "0",
        "--kind",
        "mirrormaker2",
    ]);
    assert_eq!(agree.stdout, out.stdout);
    for (flag, value, says) in [
        (
            "--namespace",
            "prod",
            "metadata.namespace is 'kafka', the flag says 'prod'",
        ),
        (
            "--resource",
            "other",
            "metadata.name is 'my-mm2', the flag says 'other'",
        ),
        (
            "--mirror-index",
            "1",
            "spec.mirrors is '0', the flag says '1'",
        ),
        (
            "--kind",
            "connector",
            "its kind is 'mirrormaker2', the flag says 'connector'",
        ),
    ] {
        let out = run(&[
            "plan",
            &fixture(MM2_LIST),
            "--resource-file",
            &cr("kafkamirrormaker2-0.48-v1beta2-two-mirrors.yaml"),
            flag,
            value,
        ]);
        assert_eq!(out.status.code(), Some(2), "{flag}");
        let err = text(&out.stderr);
        assert!(
            err.contains(&format!("{flag} disagrees with")) && err.contains(says),
            "{err}"
        );
    }
    // --connector of another mirror than the listing's is an error naming both.
    let out = run(&[
        "plan",
        &fixture(MM2_LIST),
        "--resource-file",
        &cr("kafkamirrormaker2-1.2-v1.yaml"),
        "--connector",
        "central->west.MirrorSourceConnector",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("--connector disagrees with") && text(&out.stderr).contains("the listing is for 'east->west.MirrorSourceConnector' (its data key 'east--west.MirrorSourceConnector.json'), the flag says 'central->west.MirrorSourceConnector'"),
        "{}",
        text(&out.stderr)
    );
    // The listing of the other mirror picks it; the alter ConfigMap is then the only name to give.
    let central = temp(
        "central.json",
        std::fs::read_to_string(fixture("rest-get-offsets.mm2-source.json"))
            .unwrap()
            .replace("\"east\"", "\"central\"")
            .as_bytes(),
    );
    let out = run(&[
        "plan",
        &central,
        "--resource-file",
        &temp(
            "no-annotation.yaml",
            without_annotations(&cr("kafkamirrormaker2-1.2-v1.yaml")).as_bytes(),
        ),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("needs --configmap NAME"),
        "{}",
        text(&out.stderr)
    );
}

/// The MirrorMaker 2 fixture without its pending offsets annotations.
fn without_annotations(path: &str) -> String {
    std::fs::read_to_string(path).unwrap().replacen(
        "    strimzi.io/connector-offsets: alter\n    strimzi.io/mirrormaker-connector: east->west.MirrorSourceConnector\n",
        "",
        1,
    )
}

/// Issue 31, item 3: mirrors east, central and south, the pending annotation names east, and a
/// listing (a REST payload: no data key) whose entries are all from south. The mirror comes from
/// the listing; the annotation or a flag that says otherwise is an error naming both.
#[test]
fn plan_takes_the_mirror_from_the_listing() {
    let south_mirror = "  - source:\n      alias: south\n      bootstrapServers: south:9092\n    sourceConnector:\n      listOffsets:\n        toConfigMap:\n          name: my-mm2-offsets\n    topicsPattern: audit\n  replicas: 1\n";
    let v1 = std::fs::read_to_string(cr("kafkamirrormaker2-1.2-v1.yaml")).unwrap();
    let annotated = temp(
        "three.yaml",
        v1.replacen("  replicas: 1\n", south_mirror, 1).as_bytes(),
    );
    let plain = temp(
        "three-plain.yaml",
        without_annotations(&annotated).as_bytes(),
    );
    let listing = temp(
        "south.json",
        std::fs::read_to_string(fixture("rest-get-offsets.mm2-source.json"))
            .unwrap()
            .replace("\"east\"", "\"south\"")
            .as_bytes(),
    );
    let plan = |cr: &str, more: &[&str]| {
        let mut args = vec![
            "plan",
            &listing,
            "--resource-file",
            cr,
            "--configmap",
            "south-alter",
        ];
        args.extend_from_slice(more);
        run(&args)
    };
    let both = "strimzi.io/mirrormaker-connector annotation names 'east->west.MirrorSourceConnector', but this is the listing for source alias 'south' (the cluster of its 4 entries), connector 'south->west.MirrorSourceConnector' (spec.mirrors[2])";
    let out = plan(&annotated, &[]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    assert!(out.stdout.is_empty());
    assert!(
        text(&out.stderr).contains(&format!("error[CR7]: The pending {both}")),
        "{}",
        text(&out.stderr)
    );
    let out = run(&["check-resource", &annotated, "--listing", &listing]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains(both), "{}", text(&out.stderr));
    // Nothing pending: the listing's mirror, 2.
    let out = plan(&plain, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let steps = text(&out.stdout);
    assert!(
        steps.starts_with("# Alter the offsets of connector 'south->west.MirrorSourceConnector' of mirror 2 of KafkaMirrorMaker2 'my-mm2'"),
        "{steps}"
    );
    assert!(
        steps.contains("\"path\":\"/spec/mirrors/2/source/alias\",\"value\":\"south\""),
        "{steps}"
    );
    // The flags that say otherwise.
    for (flags, says) in [
        (
            &["--mirror-index", "0"][..],
            "--mirror-index disagrees with",
        ),
        (
            &["--connector", "east->west.MirrorSourceConnector"][..],
            "--connector disagrees with",
        ),
    ] {
        let out = plan(&plain, flags);
        assert_eq!(out.status.code(), Some(2), "{flags:?}");
        let err = text(&out.stderr);
        assert!(err.contains(says), "{err}");
    }
    let out = plan(&plain, &["--connector", "east->west.MirrorSourceConnector"]);
    assert!(text(&out.stderr).contains("the listing is for source alias 'south' (the cluster of its 4 entries), the flag says 'east->west.MirrorSourceConnector'"), "{}", text(&out.stderr));
    let out = plan(&plain, &["--mirror-index", "0"]);
    assert!(
        text(&out.stderr).contains("is '2', the flag says '0'"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn plan_from_a_hostile_resource_is_refused_without_a_command() {
    let out = run(&[
        "plan",
        &fixture(MM2_LIST),
        "--resource-file",
        &cr("hostile-names.yaml"),
        "--configmap",
        "alter",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(
        text(&out.stderr).contains("error[CR2]"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn rollback_export_and_plan() {
    let edited = run(&[
        "edit",
        &fixture(MM2_LIST),
        "--set",
        "orders:0=10",
        "--add",
        "orders:5=3",
    ]);
    assert_eq!(edited.status.code(), Some(0), "{}", text(&edited.stderr));
    let edited = temp("edited.yaml", &edited.stdout);
    let out = run(&[
        "export",
        &edited,
        "--to",
        "rollback",
        "--against",
        &fixture(MM2_LIST),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let yaml = text(&out.stdout);
    assert!(
        yaml.contains("name: \"my-mm2-offsets-alter-rollback\""),
        "{yaml}"
    );
    assert!(yaml.contains("\"offset\" : 41"), "{yaml}");
    assert!(yaml.contains("\"partition\" : 5,"), "{yaml}");
    assert!(yaml.contains("\"offset\" : null"), "{yaml}");
    assert!(
        !yaml.contains("\"partition\" : 1,"),
        "unchanged partition named: {yaml}"
    );
    assert!(text(&out.stderr).contains("the rollback names 2 partition(s): 1 back to their listed value, 1 added by the alter deleted"), "{}", text(&out.stderr));
    let named = run(&[
        "export",
        &edited,
        "--to",
        "rollback",
        "--against",
        &fixture(MM2_LIST),
        "--name",
        "undo",
        "--namespace",
        "prod",
    ]);
    assert!(text(&named.stdout).contains("  name: \"undo\"\n  namespace: \"prod\"\n"));
    assert_eq!(
        run(&["export", &edited, "--to", "rollback"]).status.code(),
        Some(2)
    );
    let plan = run(&[
        "plan",
        &edited,
        "--rollback",
        "--against",
        &fixture(MM2_LIST),
        "--resource-file",
        &cr("kafkamirrormaker2-1.2-v1.yaml"),
    ]);
    assert_eq!(plan.status.code(), Some(0), "{}", text(&plan.stderr));
    let steps = text(&plan.stdout);
    assert!(
        steps.starts_with(
            "# Roll back: Alter the offsets of connector 'east->west.MirrorSourceConnector'"
        ),
        "{steps}"
    );
    assert!(steps.contains("'my-mm2-offsets-alter-rollback'"), "{steps}");
    assert_eq!(
        run(&["plan", &edited, "--rollback", "--kind", "mirrormaker2"])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn edit_add_adds_unlisted_partitions_and_refuses_listed_ones() {
    let out = run(&[
        "edit",
        &fixture(MM2_LIST),
        "--add",
        "orders:2-3=100",
        "--add",
        "east/audit:0=null",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let yaml = text(&out.stdout);
    assert_eq!(yaml.matches("\"cluster\" : \"east\"").count(), 5, "{yaml}");
    assert!(yaml.contains("\"topic\" : \"audit\""), "{yaml}");
    let out = run(&["edit", &fixture(MM2_LIST), "--add", "orders:0-3=1"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(
        text(&out.stderr).contains(
            "partition east/orders:0 is already listed; change it with --set east/orders:0=OFFSET"
        ),
        "{}",
        text(&out.stderr)
    );
    for bad in [
        "orders=1",
        "orders:3-1=1",
        "orders:x=1",
        "/orders:0=1",
        "orders:0=-",
    ] {
        let out = run(&["edit", &fixture(MM2_LIST), "--add", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
    }
    let out = run(&[
        "edit",
        &fixture("kafkaconnector-sink.list.json"),
        "--add",
        "events:7=12",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("kafka_partition"));
}

/// Issue 31, item 7: `check-resource --create --alter` (and `--alter` alone) of a connector
/// without alterOffsets and no alter pending: the procedures set alterOffsets themselves, so it
/// is an info with no fix command, not an error.
#[test]
fn check_resource_against_an_alter_does_not_ask_for_alter_offsets() {
    let alter = run(&[
        "export",
        &fixture(MM2_LIST),
        "--to",
        "configmap",
        "--name",
        "my-mm2-offsets-alter",
        "--namespace",
        "kafka",
    ]);
    assert_eq!(alter.status.code(), Some(0), "{}", text(&alter.stderr));
    let alter = temp("alter.yaml", &alter.stdout);
    let resource = temp(
        "no-alter-offsets.yaml",
        without_annotations(&cr("kafkamirrormaker2-1.2-v1.yaml"))
            .replacen(
                "      alterOffsets:\n        fromConfigMap:\n          name: my-mm2-offsets-alter\n",
                "",
                1,
            )
            .as_bytes(),
    );
    for create in [&["--create"][..], &[][..]] {
        let mut args = vec!["check-resource", &resource, "--alter", &alter];
        args.extend_from_slice(create);
        let out = run(&args);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{create:?}: {err}");
        assert!(!err.contains("error[CR5]"), "{err}");
        assert!(
            err.contains("info[CR5]: Connector 'east->west.MirrorSourceConnector' (spec.mirrors[0]) has no alterOffsets yet. The generated procedures set"),
            "{err}"
        );
        assert!(!err.contains("alterOffsets\",\"value\""), "no patch: {err}");
    }
}

/// Issue 31, item 6: `plan --resource-file` takes what a null does from the connector's
/// `source.consumer.auto.offset.reset` (MS13 no longer promises a replay under latest), and an
/// `--auto-offset-reset` that says otherwise is an error naming both.
#[test]
fn plan_takes_auto_offset_reset_from_the_resource() {
    let latest = temp(
        "latest.yaml",
        std::fs::read_to_string(cr("kafkamirrormaker2-1.2-v1.yaml"))
            .unwrap()
            .replacen(
                "        replication.factor: -1\n",
                "        replication.factor: -1\n        source.consumer.auto.offset.reset: latest\n",
                1,
            )
            .as_bytes(),
    );
    let nulled = run(&["edit", &fixture(MM2_LIST), "--set", "orders:1=null"]);
    assert_eq!(nulled.status.code(), Some(0), "{}", text(&nulled.stderr));
    let nulled = temp("nulled.yaml", &nulled.stdout);
    let out = run(&["plan", &nulled, "--resource-file", &latest]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(
        err.contains("warning[MS13]: east/orders partition 1 (entry #2): null deletes any offset stored for this partition, and MirrorMaker starts it according to auto.offset.reset (latest, set by source.consumer.auto.offset.reset): it starts at the log end, so every record written so far is skipped and never mirrored."),
        "{err}"
    );
    assert!(!err.contains("earliest by default"), "{err}");
    let out = run(&[
        "plan",
        &nulled,
        "--resource-file",
        &latest,
        "--auto-offset-reset",
        "earliest",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--auto-offset-reset disagrees with") && text(&out.stderr).contains("the connector's auto.offset.reset is latest, set by source.consumer.auto.offset.reset, the flag says 'earliest'"),
        "{}",
        text(&out.stderr)
    );
}
