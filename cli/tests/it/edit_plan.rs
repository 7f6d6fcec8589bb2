//! `connect-offsets plan`: every kind, steps and script, pinned by golden files under
//! tests/golden/export/plan (UPDATE_GOLDEN=1 rewrites them); scripts pass `bash -n`; hostile
//! names and a data key that does not match the kind (K4) are refused before any command.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;
use std::process::Command;

use crate::support::{fixture, root, run, text};
use offsets_test_support::golden;

fn check_golden(name: &str, actual: &str) {
    golden::check(&root().join("tests/golden/export/plan").join(name), actual);
}

fn bash_n(script: &str) {
    let dir = crate::support::unique_dir("offsets-plan-bash-n");
    let path = dir.join("plan.sh");
    std::fs::write(&path, script).unwrap();
    let out = Command::new("bash").arg("-n").arg(&path).output().unwrap();
    assert!(out.status.success(), "bash -n: {}", text(&out.stderr));
    if Path::new("/usr/bin/shellcheck").exists() {
        let out = Command::new("shellcheck")
            .args(["-s", "bash"])
            .arg(&path)
            .output()
            .unwrap();
        assert!(out.status.success(), "shellcheck: {}", text(&out.stdout));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

const MM2: &str = "kafkamirrormaker2-source.list.yaml";
const SINK: &str = "kafkaconnector-sink.list.json";

#[test]
fn every_kind_renders_as_pinned() {
    let mm2 = fixture(MM2);
    let sink = fixture(SINK);
    let rest = fixture("rest-get-offsets.mm2-source.json");
    let cases: Vec<(&str, Vec<&str>)> = vec![
        (
            "mirrormaker2",
            vec![
                &mm2,
                "--namespace",
                "kafka",
                "--configmap",
                "my-mm2-alter",
                "--kind",
                "mirrormaker2",
                "--resource",
                "my-mm2",
                "--mirror-index",
                "0",
            ],
        ),
        (
            "mirrormaker2-old-alias",
            vec![
                &mm2,
                "--namespace",
                "kafka",
                "--configmap",
                "my-mm2-alter",
                "--kind",
                "mirrormaker2",
                "--resource",
                "my-mm2",
                "--mirror-index",
                "2",
                "--connector",
                "east->west.MirrorSourceConnector",
                "--old-alias-path",
                "--context",
                "prod",
            ],
        ),
        (
            "connector",
            vec![
                &sink,
                "--namespace",
                "connect",
                "--configmap",
                "jdbc-sink-alter",
                "--kind",
                "connector",
                "--connector",
                "jdbc-sink",
            ],
        ),
        (
            "rest",
            vec![
                &rest,
                "--kind",
                "rest",
                "--url",
                "http://connect:8083",
                "--connector",
                "east->west.MirrorSourceConnector",
            ],
        ),
    ];
    for (name, args) in cases {
        for script in [false, true] {
            let mut all = vec!["plan"];
            all.extend(args.iter().copied());
            if script {
                all.push("--script");
            }
            let out = run(&all);
            assert_eq!(out.status.code(), Some(0), "{name}: {}", text(&out.stderr));
            let stdout = text(&out.stdout);
            bash_n(&stdout);
            check_golden(
                &format!("{name}{}", if script { ".script.sh" } else { ".steps.sh" }),
                &stdout,
            );
        }
    }
}

#[test]
fn against_embeds_only_changes() {
    let edited =
        std::env::temp_dir().join(format!("offsets-plan-edited-{}.yaml", std::process::id()));
    let e = edited.display().to_string();
    let out = run(&["edit", &fixture(MM2), "--set", "orders:1=7", "-o", &e]);
    assert_eq!(out.status.code(), Some(0));
    let out = run(&[
        "plan",
        &e,
        "--namespace",
        "kafka",
        "--configmap",
        "my-mm2-alter",
        "--kind",
        "mirrormaker2",
        "--resource",
        "my-mm2",
        "--mirror-index",
        "0",
        "--against",
        &fixture(MM2),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("\"offset\" : 7"));
    assert!(
        !s.contains("\"partition\" : 0,"),
        "unchanged partition 0 must not be embedded"
    );
    // The listing the edits were made on is compared before the alter: its value (42) is the
    // one the script expects to find again after the stop.
    assert!(
        s.contains(r#"{"partition":{"cluster":"east","partition":1,"topic":"orders"},"listed":[{"offset":42}],"altered":[{"offset":7}]}"#),
        "{s}"
    );
    assert!(!text(&out.stderr).contains("was not given"));
    // Without --against the procedure says it cannot compare, and the script refuses to run.
    let out = run(&[
        "plan",
        &e,
        "--namespace",
        "kafka",
        "--configmap",
        "my-mm2-alter",
        "--kind",
        "mirrormaker2",
        "--resource",
        "my-mm2",
        "--mirror-index",
        "0",
        "--script",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        text(&out.stderr).contains("was not given"),
        "{}",
        text(&out.stderr)
    );
    assert!(text(&out.stdout).contains("OFFSETS_UNCHECKED"));
    let _ = std::fs::remove_file(&edited);
}

#[test]
fn a_v1beta2_owner_selects_the_old_guard_path() {
    let old =
        std::env::temp_dir().join(format!("offsets-plan-v1beta2-{}.yaml", std::process::id()));
    let text_in = std::fs::read_to_string(fixture(MM2))
        .unwrap()
        .replace("kafka.strimzi.io/v1\n", "kafka.strimzi.io/v1beta2\n");
    assert!(text_in.contains("kafka.strimzi.io/v1beta2"));
    std::fs::write(&old, text_in).unwrap();
    let out = run(&[
        "plan",
        &old.display().to_string(),
        "--namespace",
        "kafka",
        "--configmap",
        "my-mm2-alter",
        "--kind",
        "mirrormaker2",
        "--resource",
        "my-mm2",
        "--mirror-index",
        "0",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(
        s.contains(r#""path":"/spec/mirrors/0/sourceCluster""#),
        "{s}"
    );
    assert!(
        s.replace("\n# ", " ")
            .contains("The listing's owner reference says kafka.strimzi.io/v1beta2.")
    );
    let _ = std::fs::remove_file(&old);
}

#[test]
fn refusals_produce_no_command() {
    let mm2 = fixture(MM2);
    fn args<'a>(mm2: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
        let mut v = vec!["plan", mm2, "--kind", "mirrormaker2", "--mirror-index", "0"];
        v.extend_from_slice(extra);
        v
    }
    let base = |extra: &[&'static str]| args(&mm2, extra);
    let hostile = [
        "kafka'; rm -rf ~; '",
        "$(touch /tmp/pwned)",
        "`id`",
        "a b",
        "new\nline",
        "ünïcode",
        "x;y",
    ];
    for h in hostile {
        for args in [
            base(&[
                "--namespace",
                h,
                "--configmap",
                "ok",
                "--resource",
                "my-mm2",
            ]),
            base(&[
                "--namespace",
                "kafka",
                "--configmap",
                h,
                "--resource",
                "my-mm2",
            ]),
            base(&["--namespace", "kafka", "--configmap", "ok", "--resource", h]),
        ] {
            let out = run(&args);
            assert_eq!(out.status.code(), Some(1), "{args:?}");
            assert!(out.stdout.is_empty(), "{args:?} printed a command");
        }
    }
    // K4: an MM2 listing planned as a KafkaConnector.
    let out = run(&[
        "plan",
        &mm2,
        "--namespace",
        "kafka",
        "--configmap",
        "x-alter",
        "--kind",
        "connector",
        "--connector",
        "c",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("error[K4]"));
    assert!(out.stdout.is_empty());
    // K5: a connector name Strimzi would silently ignore.
    let out = run(&base(&[
        "--namespace",
        "kafka",
        "--configmap",
        "ok",
        "--resource",
        "m",
        "--connector",
        "east->west",
    ]));
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
}
