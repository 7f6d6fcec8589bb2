//! Every entry point of the CLI (`validate`, `show`, `edit`, `export`, `plan`, `diff`) against
//! the hostile-input corpus: the small files committed under `tests/hostile/` (written by
//! `tests/hostile/make-corpus.py`) and the big ones generated here at test time (a 50 MB input,
//! one over the 64 MiB limit, 100k-deep nesting in JSON and YAML).
//!
//! For every file and command: the process ends (a hang, past [`TIMEOUT`], fails the test), exits
//! 0, 1 or 2 (never 101, a panic, nor a signal) and prints no panic message. Where the input is bad,
//! `validate` reports an error or warning at a real `LINE:COLUMN`. A generated script never holds a
//! hostile name outside a quoted heredoc, and a hostile name in a command-line value is refused
//! before any command is printed.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// When a run counts as hung and is killed: a guard against an endless loop, not a speed check
/// (speed is BENCHMARKS.md's, measured against peers). Far above what the slowest run, the
/// 50 MB input in a debug build, takes on a loaded machine: 20 s failed under load.
const TIMEOUT: Duration = Duration::from_secs(600);

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/hostile")
}

#[derive(Debug)]
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs the CLI with `args` (and `stdin`), killing it after [`TIMEOUT`].
fn run(args: &[&str], stdin: Option<&Path>) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_connect-offsets"))
        .args(args)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .env("RUST_BACKTRACE", "0")
        .spawn()
        .expect("start connect-offsets");
    let feeder = stdin.map(|p| {
        let bytes = std::fs::read(p).unwrap();
        let mut pipe = child.stdin.take().unwrap();
        // The CLI may stop reading early (a size limit); a broken pipe is fine.
        std::thread::spawn(move || drop(pipe.write_all(&bytes)))
    });
    let reader = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut v = Vec::new();
            let _ = r.read_to_end(&mut v);
            String::from_utf8_lossy(&v).into_owned()
        })
    };
    let out = reader(Box::new(child.stdout.take().unwrap()));
    let err = reader(Box::new(child.stderr.take().unwrap()));
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("connect-offsets {args:?} did not finish within {TIMEOUT:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    if let Some(f) = feeder {
        let _ = f.join();
    }
    Run {
        code: status.code(),
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
    }
}

/// Exit 0, 1 or 2 and no panic message.
fn assert_no_crash(what: &str, r: &Run) {
    assert!(
        matches!(r.code, Some(0..=2)),
        "{what}: exit {:?} (a signal or a panic)\nstderr: {}",
        r.code,
        r.stderr.chars().take(2000).collect::<String>()
    );
    for text in [&r.stdout, &r.stderr] {
        assert!(!text.contains("panicked"), "{what}: panic\n{text:.2000}");
    }
}

/// Diagnostics printed as `NAME:LINE:COL: SEVERITY[RULE]: ...`: (line, column, rule) of every
/// error and warning.
fn located(text: &str) -> Vec<(u32, u32, String)> {
    let mut found = Vec::new();
    for line in text.lines() {
        for sev in [": error[", ": warning["] {
            let Some(at) = line.find(sev) else { continue };
            let rule: String = line[at + sev.len()..]
                .chars()
                .take_while(|c| *c != ']')
                .collect();
            let mut parts = line[..at].rsplitn(3, ':');
            let col = parts.next().and_then(|c| c.parse().ok());
            let ln = parts.next().and_then(|l| l.parse().ok());
            if let (Some(ln), Some(col)) = (ln, col) {
                found.push((ln, col, rule));
            }
        }
    }
    found
}

/// The `plan` variants, each with valid names (hostile names come from the file).
fn plan_variants(file: &str) -> Vec<Vec<String>> {
    let base = |extra: &[&str]| {
        let mut v: Vec<String> = vec!["plan".into(), file.into(), "--script".into()];
        v.extend(extra.iter().map(|s| s.to_string()));
        v
    };
    vec![
        base(&[
            "--kind",
            "connector",
            "--namespace",
            "kafka",
            "--configmap",
            "alter",
            "--connector",
            "my-connector",
        ]),
        base(&[
            "--kind",
            "mirrormaker2",
            "--namespace",
            "kafka",
            "--configmap",
            "alter",
            "--resource",
            "my-mm2",
            "--mirror-index",
            "0",
        ]),
        base(&[
            "--kind",
            "rest",
            "--url",
            "http://connect:8083",
            "--connector",
            "my-connector",
        ]),
    ]
}

use offsets_test_support::script_safety;
use script_safety::assert_script_safe;

/// Runs every entry point on `path`; returns the `validate` run.
fn every_entry_point(path: &Path) -> Run {
    let file = path.to_str().unwrap();
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/kafkamirrormaker2-source.list.yaml");
    let fixture = fixture.to_str().unwrap();
    let resource = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/resources/kafkamirrormaker2-1.2-v1.yaml");
    let resource = resource.to_str().unwrap();
    // The hostile file as a reference, too.
    let earliest_ref = format!("earliest={file}");
    let latest_ref = format!("latest={file}");
    let mut commands: Vec<Vec<String>> = [
        vec!["validate", file],
        vec!["show", file],
        vec!["edit", file, "--shift", "-1"],
        vec!["edit", file, "--set-all", "7", "--topic", "*"],
        vec!["export", file, "--to", "configmap"],
        vec!["export", file, "--to", "json"],
        vec!["export", file, "--to", "csv"],
        vec!["export", file, "--to", "configmap", "--against", fixture],
        vec!["diff", file, file],
        vec!["diff", fixture, file],
        vec!["edit", file, "--add", "added:0-1=5"],
        vec!["export", file, "--to", "rollback", "--against", fixture],
        vec!["export", fixture, "--to", "rollback", "--against", file],
        vec!["check-resource", file],
        vec![
            "lookup",
            file,
            "--at",
            "earliest",
            "--bootstrap-server",
            "localhost:9092",
        ],
        vec!["validate", fixture, "--reference", &earliest_ref],
        vec!["edit", fixture, "--set-from", &latest_ref],
        vec![
            "check-resource",
            resource,
            "--listing",
            file,
            "--alter",
            file,
        ],
        vec![
            "plan",
            file,
            "--resource-file",
            resource,
            "--configmap",
            "alter",
            "--script",
        ],
        vec![
            "plan",
            file,
            "--resource-file",
            file,
            "--configmap",
            "alter",
            "--script",
        ],
    ]
    .into_iter()
    .map(|v| v.into_iter().map(String::from).collect())
    .collect();
    commands.extend(plan_variants(file));
    let mut validate = None;
    for args in &commands {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = run(&args, None);
        let what = format!("{name}: {}", args.first().unwrap());
        assert_no_crash(&what, &r);
        if args.first() == Some(&"lookup") {
            if r.code == Some(0) {
                assert_script_safe(&what, &r.stdout);
            } else {
                assert!(
                    r.stdout.is_empty(),
                    "{what}: refused, yet printed:\n{}",
                    r.stdout
                );
            }
        }
        if args.first() == Some(&"plan") {
            if r.code == Some(0) {
                assert_script_safe(&what, &r.stdout);
            } else {
                assert!(
                    !r.stdout.contains("kubectl ") && !r.stdout.contains("curl "),
                    "{what}: refused, yet printed commands:\n{}",
                    r.stdout
                );
            }
        }
        if args.first() == Some(&"validate") && validate.is_none() {
            validate = Some(r);
        }
    }
    // The same bytes through stdin.
    let r = run(&["validate", "-"], Some(path));
    assert_no_crash(&format!("{name}: validate -"), &r);
    validate.unwrap()
}

/// What `validate` must report for a committed corpus file: `Some(rules)` = an error or
/// warning with one of these rule ids at a real position (line >= 1); `None` = see the test.
fn expected_rules(name: &str) -> Option<&'static [&'static str]> {
    let stem = name.rsplit_once('.').map_or(name, |(s, _)| s);
    Some(match stem {
        s if s.starts_with("alias-bomb") => &["YAML"],
        s if s.starts_with("invalid-utf8") || s.starts_with("nul-byte") => &["INPUT"],
        "duplicate-keys" if name.ends_with(".json") => &["DUPKEY", "S1"],
        "duplicate-keys" => &["IMP1", "YAML", "DUPKEY"],
        "duplicate-partitions" => &["S7"],
        "number-sink-string12" => &["SK6"],
        s if s.starts_with("number-sink-") => &["S8", "SK3", "SK5"],
        s if s.starts_with("number-offset-") => &["S8", "MS8"],
        s if s.starts_with("number-partition-") => &["S8", "MS3"],
        s if s.ends_with("-topic") || s.ends_with("-rest") => &["MS6"],
        s if s.ends_with("-cluster") => &["MS5"],
        // The wrapper's names: a warning where they are (and refused by export and plan, see
        // `hostile_wrapper_names_are_refused_on_export`).
        s if s.ends_with("-configmap") => &["K1"],
        s if s.ends_with("-namespace") => &["K2"],
        s if s.ends_with("-datakey") || s.ends_with("-mm2-alias") => &["K4"],
        _ => return None,
    })
}

#[test]
fn every_entry_point_survives_the_committed_corpus() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            matches!(
                p.extension().and_then(|e| e.to_str()),
                Some("json" | "yaml")
            )
        })
        .collect();
    files.sort();
    assert!(files.len() >= 40, "the corpus is missing: {files:?}");
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let r = every_entry_point(path);
        // One line per diagnostic, then the summary: no name breaks the report into more lines.
        let prefix = format!("{}:", path.display());
        for line in r.stderr.lines() {
            assert!(
                line.starts_with(&prefix),
                "{name}: a line of the report that is not a diagnostic: {line:?}"
            );
        }
        if let Some(rules) = expected_rules(&name) {
            let found = located(&format!("{}{}", r.stdout, r.stderr));
            assert!(
                found
                    .iter()
                    .any(|(l, c, rule)| *l >= 1 && *c >= 1 && rules.contains(&rule.as_str())),
                "{name}: validate reported no located {rules:?}:\n{}",
                r.stderr
            );
        }
    }
}

#[test]
fn hostile_wrapper_names_are_refused_on_export() {
    for tag in ["html", "shell", "newline"] {
        for (field, rule) in [
            ("configmap", "K1"),
            ("namespace", "K2"),
            ("datakey", "K4"),
            ("mm2-alias", "K4"),
        ] {
            let path = corpus().join(format!("name-{tag}-{field}.yaml"));
            let r = run(
                &["export", path.to_str().unwrap(), "--to", "configmap"],
                None,
            );
            assert_eq!(r.code, Some(1), "{tag} {field}: {}", r.stderr);
            assert!(
                r.stderr.contains(&format!("error[{rule}]")),
                "{tag} {field}: no {rule}: {}",
                r.stderr
            );
            assert!(r.stdout.is_empty(), "{tag} {field}: exported anyway");
        }
    }
}

#[test]
fn hostile_names_on_the_command_line_never_reach_a_command() {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/kafkamirrormaker2-source.list.yaml");
    let fixture = fixture.to_str().unwrap();
    let hostile = [
        "<script>alert(1)</script>",
        "x'; touch /tmp/PWNED; echo '",
        "$(touch /tmp/PWNED)",
        "`touch /tmp/PWNED`",
        "a\nOFFSETS_EOF\ntouch /tmp/PWNED",
        "a b",
        "-n",
    ];
    for bad in hostile {
        let good = [
            ("--namespace", "kafka"),
            ("--configmap", "alter"),
            ("--resource", "my-mm2"),
            ("--list-configmap", "my-mm2-offsets"),
            ("--context", "ctx"),
        ];
        for target in 0..good.len() {
            let mut args = vec![
                "plan",
                fixture,
                "--script",
                "--kind",
                "mirrormaker2",
                "--mirror-index",
                "0",
            ];
            for (i, (flag, value)) in good.iter().enumerate() {
                args.push(flag);
                args.push(if i == target { bad } else { value });
            }
            let r = run(&args, None);
            let what = format!("plan {} {bad:?}", good[target].0);
            assert_no_crash(&what, &r);
            assert_ne!(r.code, Some(0), "{what}: accepted:\n{}", r.stdout);
            assert!(r.stdout.is_empty(), "{what}: printed:\n{}", r.stdout);
        }
        for (flag, rest) in [
            ("--url", ["--connector", "c"]),
            ("--connector", ["--url", "http://connect:8083"]),
        ] {
            let args = [
                "plan", fixture, "--script", "--kind", "rest", flag, bad, rest[0], rest[1],
            ];
            let r = run(&args, None);
            let what = format!("plan rest {flag} {bad:?}");
            assert_no_crash(&what, &r);
            assert_ne!(r.code, Some(0), "{what}: accepted:\n{}", r.stdout);
            assert!(r.stdout.is_empty(), "{what}: printed:\n{}", r.stdout);
        }
    }
}

/// Regression: `show` panicked ("Formatting argument out of range") when a column was wider than
/// 65535 characters, found with the 50 MB input.
#[test]
fn show_pads_a_cell_wider_than_65535_characters() {
    let topic = "t".repeat(70_000);
    let text = format!(
        "{{\"offsets\":[{{\"partition\":{{\"cluster\":\"east\",\"topic\":\"{topic}\",\"partition\":0}},\"offset\":{{\"offset\":1}}}}]}}"
    );
    let path = generated("wide-topic.json", text.as_bytes());
    let r = run(&["show", path.to_str().unwrap()], None);
    assert_no_crash("show wide-topic.json", &r);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.contains(&topic));
}

/// Writes a generated input into this test binary's temporary directory.
fn generated(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("hostile");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

fn assert_located(name: &str, r: &Run, rules: &[&str]) {
    let found = located(&r.stderr);
    assert!(
        found
            .iter()
            .any(|(l, c, rule)| *l >= 1 && *c >= 1 && rules.contains(&rule.as_str())),
        "{name}: no located {rules:?}: {:.2000}",
        r.stderr
    );
}

#[test]
fn deep_nesting_of_100k_levels_is_a_located_error() {
    const DEPTH: usize = 100_000;
    let cases: Vec<(&str, Vec<u8>, &[&str])> = vec![
        (
            "deep-array.json",
            ["[".repeat(DEPTH), "]".repeat(DEPTH)].concat().into_bytes(),
            &["JSON", "YAML"],
        ),
        (
            "deep-object.json",
            ["{\"a\":".repeat(DEPTH), "1".into(), "}".repeat(DEPTH)]
                .concat()
                .into_bytes(),
            &["JSON", "YAML"],
        ),
        (
            "deep-offset.json",
            [
                "{\"offsets\":[{\"partition\":{\"cluster\":\"east\",\"topic\":\"t\",\"partition\":0},\"offset\":".into(),
                "[".repeat(DEPTH),
                "]".repeat(DEPTH),
                "}]}".into(),
            ]
            .concat()
            .into_bytes(),
            &["JSON"],
        ),
        (
            "deep-flow.yaml",
            ["a: ".into(), "[".repeat(DEPTH), "]".repeat(DEPTH)]
                .concat()
                .into_bytes(),
            &["YAML"],
        ),
        (
            "deep-block.yaml",
            ["a:\n  ".into(), "- ".repeat(DEPTH), "x\n".into()]
                .concat()
                .into_bytes(),
            &["YAML"],
        ),
        (
            "deep-data-value.yaml",
            [
                "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: m\ndata:\n  offsets.json: '".into(),
                "[".repeat(DEPTH),
                "]".repeat(DEPTH),
                "'\n".into(),
            ]
            .concat()
            .into_bytes(),
            &["JSON", "IMP3"],
        ),
    ];
    for (name, bytes, rules) in cases {
        let path = generated(name, &bytes);
        let r = every_entry_point(&path);
        assert_ne!(r.code, Some(0), "{name}: accepted");
        assert_located(name, &r, rules);
    }
}

#[test]
fn a_50_mb_input_is_handled_and_one_over_the_limit_is_refused() {
    // One entry whose topic name is 50 MB long: parsed, then reported as an invalid topic.
    let topic = "a".repeat(50 * 1024 * 1024);
    let text = format!(
        "{{\"offsets\":[{{\"partition\":{{\"cluster\":\"east\",\"topic\":\"{topic}\",\"partition\":0}},\"offset\":{{\"offset\":1}}}}]}}"
    );
    let path = generated("big-topic-50mb.json", text.as_bytes());
    drop(text);
    let r = every_entry_point(&path);
    assert_located("big-topic-50mb.json", &r, &["MS6"]);

    // Over --max-input: refused at 1:1 before parsing (also through stdin), saying the limit
    // and the flag.
    let path = generated("over-limit.json", &vec![b' '; 1024 * 1024 + 1]);
    for stdin in [None, Some(path.as_path())] {
        let file = if stdin.is_some() {
            "-"
        } else {
            path.to_str().unwrap()
        };
        let r = run(&["validate", "--max-input", "1M", file], stdin);
        assert_no_crash("over-limit.json", &r);
        assert_eq!(r.code, Some(2), "{}", r.stderr);
        assert_located("over-limit.json", &r, &["INPUT"]);
        assert!(
            r.stderr.contains("larger than 1 MiB, the limit") && r.stderr.contains("--max-input"),
            "{}",
            r.stderr
        );
    }
    // The default limit is 256 MiB: an input over the core's 64 MiB (the page's limit) is read,
    // and one over 256 MiB is refused (a sparse file: nothing is written but its length).
    let mut payload = vec![b' '; offsets_core::import::MAX_INPUT_BYTES + 1];
    payload.extend_from_slice(
        b"{\"offsets\":[{\"partition\":{\"kafka_topic\":\"t\",\"kafka_partition\":0},\"offset\":{\"kafka_offset\":1}}]}",
    );
    let path = generated("over-64-mib.json", &payload);
    drop(payload);
    let r = run(&["validate", path.to_str().unwrap()], None);
    assert_no_crash("over-64-mib.json", &r);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let path = generated("over-256-mib.json", b"");
    std::fs::File::options()
        .write(true)
        .open(&path)
        .and_then(|f| f.set_len(256 * 1024 * 1024 + 1))
        .unwrap();
    let r = run(&["validate", path.to_str().unwrap()], None);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        r.stderr.contains("larger than 256 MiB, the limit"),
        "{}",
        r.stderr
    );
}
