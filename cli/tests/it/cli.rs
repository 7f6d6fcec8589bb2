//! Runs the built `connect-offsets` binary on every golden input and on the shared fixtures,
//! checking exit codes and the shape of text and JSON output.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use crate::support::check;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_connect-offsets"))
}

fn golden(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/golden")
        .join(rel)
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().unwrap()
}

fn run_stdin(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Options of a golden input as CLI flags.
fn option_flags(input: &Path) -> Option<Vec<String>> {
    let opts = std::fs::read_to_string(format!("{}.options", input.display())).ok();
    let mut flags = Vec::new();
    for line in opts.iter().flat_map(|o| o.lines()) {
        match line.split_once('=') {
            Some(("key", v)) => flags.extend(["--key".to_string(), v.to_string()]),
            Some(("item", v)) => flags.extend(["--item".to_string(), v.to_string()]),
            Some(("csv-cluster", v)) => flags.extend(["--csv-cluster".to_string(), v.to_string()]),
            Some(("kind", v)) => flags.extend(["--kind".to_string(), v.to_string()]),
            // Baselines are a library feature; the CLI validates the file alone.
            Some(("baseline", _)) => return None,
            _ => {}
        }
    }
    Some(flags)
}

fn golden_inputs(sub: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(golden(sub))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let n = p.file_name().unwrap().to_string_lossy().into_owned();
            !(n.ends_with(".diagnostics")
                || n.ends_with(".options")
                || n.ends_with(".base")
                || n.starts_with('.'))
        })
        .collect();
    v.sort();
    v
}

#[test]
fn validate_exit_codes_follow_the_golden_expectations() {
    for (sub, ok) in [("ok", true), ("err", false)] {
        for input in golden_inputs(sub) {
            let Some(flags) = option_flags(&input) else {
                continue;
            };
            let mut args = vec!["validate".to_string(), input.display().to_string()];
            args.extend(flags);
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let out = run(&args);
            let code = out.status.code().unwrap();
            let stderr = text(&out.stderr);
            if ok {
                assert_eq!(code, 0, "{}: {stderr}", input.display());
            } else {
                assert!(code == 1 || code == 2, "{}: exit {code}", input.display());
            }
            // Every diagnostic line names the file, a position, a severity and a rule.
            let name = input.display().to_string();
            let lines: Vec<&str> = stderr.lines().collect();
            let (summary, diags) = lines.split_last().unwrap();
            // The header line (when it was listed) names the file too, like the summary.
            let diags = match diags.split_first() {
                Some((first, rest)) if first.starts_with(&format!("{name}: listed: ")) => rest,
                _ => diags,
            };
            assert!(
                summary.starts_with(&format!("{name}: ")),
                "summary: {summary}"
            );
            for l in diags {
                let rest = l
                    .strip_prefix(&format!("{name}:"))
                    .unwrap_or_else(|| panic!("{l}"));
                let mut parts = rest.splitn(3, ':');
                parts.next().unwrap().parse::<u32>().unwrap();
                parts.next().unwrap().parse::<u32>().unwrap();
                let tail = parts.next().unwrap();
                assert!(
                    tail.starts_with(" error[")
                        || tail.starts_with(" warning[")
                        || tail.starts_with(" info["),
                    "{l}"
                );
            }
        }
    }
}

#[test]
fn every_shared_fixture_validates_with_the_expected_code() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/golden");
    let cases = [
        ("ok/kafkaconnector-mm2-source.list.yaml", 0),
        ("ok/kafkaconnector-sink.list.json", 0),
        ("ok/kafkamirrormaker2-source.list.yaml", 0),
        ("ok/offsets.csv", 0),
        ("ok/rest-get-offsets.mm2-source.json", 0),
        ("err/invalid-negative-partition.list.yaml", 1),
        ("ok/kafkaconnector-empty.list.yaml", 0),
    ];
    for (file, code) in cases {
        let out = run(&["validate", dir.join(file).to_str().unwrap()]);
        assert_eq!(
            out.status.code(),
            Some(code),
            "{file}: {}",
            text(&out.stderr)
        );
    }
}

#[test]
fn text_output_for_the_negative_partition_fixture() {
    check(
        &[
            "validate",
            "tests/golden/err/invalid-negative-partition.list.yaml",
        ],
        None,
        r#"
        exit: 1
        --- stdout
        --- stderr
        tests/golden/err/invalid-negative-partition.list.yaml: listed: unknown. kubectl prints the operator's write time only with --show-managed-fields: kubectl get configmap bad-offsets -o yaml --show-managed-fields (the creation timestamp is not the listing time: a re-list updates the same ConfigMap)
        tests/golden/err/invalid-negative-partition.list.yaml:4:5: info[IMP6]: Detected: MirrorSourceConnector (from the entry keys).
        tests/golden/err/invalid-negative-partition.list.yaml:5:21: info[MS14]: MirrorMaker resumes at offset + 1. Enter the offset of the last record that should count as already mirrored.
        tests/golden/err/invalid-negative-partition.list.yaml:17:25: error[MS3]: east/orders partition -1 (entry #2): 'partition' has the invalid value -1; it must be an integer between 0 and 2147483647 (MirrorMaker 2 answers HTTP 500 '... which cannot be negative').
        tests/golden/err/invalid-negative-partition.list.yaml: 1 error, 0 warnings, 2 infos (kind mirror-source, from the entry keys, key offsets.json, 5 entries)
        "#,
    );
}

#[test]
fn json_output_from_stdin() {
    let input = std::fs::read(golden("err/invalid-negative-partition.list.yaml")).unwrap();
    let out = run_stdin(&["validate", "-", "--format", "json"], &input);
    assert_eq!(out.status.code(), Some(1));
    let json = text(&out.stdout);
    let v = offsets_core::json::parse(&json).unwrap();
    assert_eq!(v.get("kind").unwrap().as_str(), Some("mirror-source"));
    assert_eq!(v.get("key").unwrap().as_str(), Some("offsets.json"));
    assert_eq!(
        v.get("entries").unwrap().as_number().unwrap().as_i64(),
        Some(5)
    );
    let diags = v.get("diagnostics").unwrap().as_array().unwrap();
    let ms3 = diags
        .iter()
        .find(|d| d.get("rule").unwrap().as_str() == Some("MS3"))
        .unwrap();
    assert_eq!(ms3.get("severity").unwrap().as_str(), Some("error"));
    assert_eq!(
        ms3.get("line").unwrap().as_number().unwrap().as_i64(),
        Some(17)
    );
    assert_eq!(
        ms3.get("column").unwrap().as_number().unwrap().as_i64(),
        Some(25)
    );
    assert!(
        ms3.get("message")
            .unwrap()
            .as_str()
            .unwrap()
            .starts_with("east/orders partition -1 (entry #2)")
    );
}

/// The report's fields and their order are the CLI's JSON interface (scripts read them).
#[test]
fn json_output_keeps_its_field_names_and_order() {
    let input = std::fs::read(golden("err/invalid-negative-partition.list.yaml")).unwrap();
    let out = run_stdin(&["validate", "--format", "json"], &input);
    let v = offsets_core::json::parse(&text(&out.stdout)).unwrap();
    let names = |v: &offsets_core::json::JsonValue| -> Vec<String> {
        v.as_members()
            .unwrap()
            .iter()
            .map(|m| m.key.clone())
            .collect()
    };
    assert_eq!(
        names(&v),
        [
            "kind",
            "kind_source",
            "key",
            "entries",
            "form",
            "errors",
            "diagnostics"
        ]
    );
    assert_eq!(v.get("errors").unwrap().as_number().unwrap().text(), "1");
    let ms3 = &v.get("diagnostics").unwrap().as_array().unwrap()[2];
    assert_eq!(
        names(ms3),
        [
            "rule", "severity", "line", "column", "message", "key", "entry"
        ]
    );
    assert_eq!(ms3.get("key").unwrap().as_str(), Some("offsets.json"));
    assert_eq!(ms3.get("entry").unwrap().as_number().unwrap().text(), "2");
    assert!(text(&out.stdout).ends_with("}\n"));
}

#[test]
fn json_output_escapes_and_reports_failed_imports() {
    let out = run_stdin(
        &["validate", "--format", "json"],
        b"apiVersion: v1\nkind: Secret\n",
    );
    assert_eq!(out.status.code(), Some(2));
    let v = offsets_core::json::parse(&text(&out.stdout)).unwrap();
    assert!(v.get("kind").unwrap().is_null());
    assert!(v.get("key").unwrap().is_null());
    assert_eq!(v.get("entries").unwrap().as_number().unwrap().text(), "0");
    let d = &v.get("diagnostics").unwrap().as_array().unwrap()[0];
    assert_eq!(d.get("rule").unwrap().as_str(), Some("IMP1"));
    // A message with quotes survives the writer.
    let out = run_stdin(
        &["validate", "--format", "json"],
        b"{\"offsets\": [], \"x\": 1}",
    );
    let v = offsets_core::json::parse(&text(&out.stdout)).unwrap();
    let msgs: Vec<&str> = v
        .get("diagnostics")
        .unwrap()
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.get("message").unwrap().as_str().unwrap())
        .collect();
    assert!(msgs.contains(&"Unexpected top-level field 'x': the payload must be {\"offsets\": [...]} with no other fields (Kafka Connect answers HTTP 500 'Unrecognized field \"x\"'). Remove it."));
}

#[test]
fn stdin_is_named_and_unreadable_input_exits_2() {
    let out = run_stdin(&["validate"], b"\xff\xfe not utf-8");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).starts_with(
        "<stdin>:1:1: error[INPUT]: The input is not valid UTF-8: byte 0xFF at byte offset 0."
    ));
    let out = run(&["validate", "/nonexistent/file.yaml"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot read /nonexistent/file.yaml"));
}

#[test]
fn key_option_selects_the_data_key() {
    let input = golden("ok/mm2-several-keys.yaml");
    let out = run(&[
        "validate",
        input.to_str().unwrap(),
        "--key",
        "east--west.MirrorCheckpointConnector.json",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stderr).contains(
        "(kind mirror-checkpoint, from the data key, key east--west.MirrorCheckpointConnector.json, 1 entry)"
    ));
    let out = run(&["validate", input.to_str().unwrap(), "--key", "missing.json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("error[OPTION]"));
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["frobnicate"][..],
        &["validate", "--format", "xml"],
        &["validate", "--nope"],
        &["show"],
        &["validate", "a", "b"],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            text(&out.stderr).starts_with("connect-offsets: "),
            "{args:?}"
        );
    }
    // Both commands with a --format say what it takes.
    for command in ["validate", "check-resource"] {
        let out = run(&[command, "--format", "xml"]);
        assert_eq!(out.status.code(), Some(2), "{command}");
        assert!(
            text(&out.stderr).contains("--format must be text or json, not 'xml'"),
            "{command}: {}",
            text(&out.stderr)
        );
    }
}

#[test]
fn help_and_version() {
    let out = run(&["--version"]);
    assert_eq!(out.status.code(), Some(0));
    let version = text(&out.stdout);
    let mut lines = version.lines();
    assert_eq!(
        lines.next(),
        Some(format!("connect-offsets {}", env!("CARGO_PKG_VERSION")).as_str())
    );
    assert_eq!(lines.next(), Some("Checked against:"));
    assert!(
        version.contains("  Checked live against Kafka Connect: Kafka 4.3.1 (every rule and procedure); 3.9.1, 4.2.0 and 4.4.0 (")
            && version.contains("  kafka.strimzi.io/v1 resources: Strimzi 1.0 or later\n"),
        "{version}"
    );
    for args in [
        &["--help"][..],
        &["-h"],
        &["validate", "--help"],
        &["show", "-h"],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(0));
        assert!(
            text(&out.stdout).contains("Usage: connect-offsets"),
            "{args:?}"
        );
    }
}

#[test]
fn show_prints_an_aligned_table() {
    check(
        &[
            "show",
            "tests/golden/ok/kafkaconnector-mm2-source.list.yaml",
        ],
        None,
        r#"
        exit: 0
        --- stdout
        MirrorSourceConnector (from the entry keys), key offsets.json, 5 entries
        Listed: unknown. kubectl prints the operator's write time only with --show-managed-fields: kubectl get configmap mirror-source-offsets -o yaml --show-managed-fields (the creation timestamp is not the listing time: a re-list updates the same ConfigMap)
        #  CLUSTER  TOPIC     PARTITION  OFFSET
        1  east     orders            0    1006
        2  east     orders            1    2006
        3  east     orders            2    3006
        4  east     payments          0    1008
        5  east     payments          1    2008
        --- stderr
        "#,
    );
    let out = run(&[
        "show",
        golden("ok/rest-get-offsets.mm2-source.json")
            .to_str()
            .unwrap(),
    ]);
    assert!(
        text(&out.stdout).contains("9007199254740993"),
        "exact big offsets"
    );
    let out = run(&[
        "show",
        golden("ok/kafkaconnector-sink.list.json").to_str().unwrap(),
    ]);
    assert!(
        text(&out.stdout).contains("#  TOPIC   PARTITION  OFFSET\n1  events          0     500\n")
    );
    let out = run(&["show", golden("err/not-a-configmap.yaml").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn show_works_on_every_golden_input() {
    for sub in ["ok", "err"] {
        for input in golden_inputs(sub) {
            let out = run(&["show", input.to_str().unwrap()]);
            let code = out.status.code().unwrap();
            assert!(code == 0 || code == 1 || code == 2, "{}", input.display());
            if code == 0 {
                assert!(!out.stdout.is_empty());
            }
        }
    }
}
