//! `export --split` and `plan --split` (issue 20 item 11): the alter in rounds from the command
//! line, read back by kubectl, and the flags refused where rounds mean nothing.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support::{fixture, run, text};
use std::process::Command;

const LISTING: &str = "kafkamirrormaker2-source.list.yaml";

fn temp(name: &str, content: &[u8]) -> String {
    let dir = crate::support::unique_dir("offsets-rounds");
    let p = dir.join(name);
    std::fs::write(&p, content).unwrap();
    p.display().to_string()
}

#[test]
fn export_split_writes_rounds_that_kubectl_reads_as_separate_configmaps() {
    let out = run(&[
        "export",
        &fixture(LISTING),
        "--to",
        "configmap",
        "--split",
        "--round-bytes",
        "250",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let yaml = text(&out.stdout);
    let rounds = yaml.matches("\n---\n").count() + 1;
    assert!(rounds >= 2, "{yaml}");
    assert!(
        text(&out.stderr).contains(&format!("info[K6]: Exported in {rounds} rounds")),
        "{}",
        text(&out.stderr)
    );
    let file = temp("rounds.yaml", yaml.as_bytes());
    let kubectl = Command::new("kubectl")
        .args(["annotate", "--local", "-f", &file, "k=v", "-o", "name"])
        .output()
        .expect("kubectl is installed by scripts/setup.sh");
    assert!(kubectl.status.success(), "{}", text(&kubectl.stderr));
    let names: Vec<String> = text(&kubectl.stdout).lines().map(str::to_owned).collect();
    let expected: Vec<String> = (1..=rounds)
        .map(|i| format!("configmap/my-mm2-offsets-alter-{i}"))
        .collect();
    assert_eq!(names, expected);
}

#[test]
fn plan_split_alters_each_round_in_turn() {
    let listing = fixture(LISTING);
    let out = run(&[
        "plan",
        &listing,
        "--kind",
        "mirrormaker2",
        "--namespace",
        "kafka",
        "--configmap",
        "mm2-alter",
        "--resource",
        "my-mm2",
        "--mirror-index",
        "0",
        "--split",
        "--round-bytes",
        "250",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let steps = text(&out.stdout);
    assert!(steps.contains("# The alter is applied in "), "{steps}");
    assert!(steps.contains("Alter round 1 of "), "{steps}");
    assert!(steps.contains("\"name\":\"mm2-alter-2\""), "{steps}");
    assert!(!steps.contains("\"name\":\"mm2-alter\""), "{steps}");
}

#[test]
fn split_is_refused_where_rounds_mean_nothing() {
    let listing = fixture(LISTING);
    for (args, says) in [
        (
            vec!["export", &listing, "--to", "json", "--split"],
            "a PATCH body has no size limit",
        ),
        (
            vec![
                "export",
                &listing,
                "--to",
                "configmap",
                "--round-bytes",
                "250",
            ],
            "--round-bytes needs --split",
        ),
        (
            vec![
                "plan",
                &listing,
                "--kind",
                "rest",
                "--url",
                "http://c:8083",
                "--connector",
                "c",
                "--split",
            ],
            "--kind rest needs none",
        ),
    ] {
        let out = run(&args);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(
            text(&out.stderr).contains(says),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
}
