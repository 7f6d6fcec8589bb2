//! `connect-offsets plan --create --kind rest` (issue 23 item 2): the listing `new` writes
//! becomes the procedure that creates the connector stopped, alters, verifies and starts it;
//! the usage errors say why a flag is missing or does not fit.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support::{run, text};

fn file(name: &str, content: &str) -> String {
    let p = crate::support::unique_dir("offsets-plan-create").join(name);
    std::fs::write(&p, content).unwrap();
    p.display().to_string()
}

const CONFIG: &str = "{\"connector.class\":\"org.apache.kafka.connect.mirror.MirrorSourceConnector\",\"source.cluster.alias\":\"east\",\"target.cluster.alias\":\"west\",\"topics\":\"orders\"}";

fn new_listing() -> String {
    let at = file("at.txt", "orders:0:42\norders:1:0\n");
    let out = run(&[
        "new",
        "--kind",
        "mirror-source",
        "--source-alias",
        "east",
        "--from",
        &format!("time@2026-11-30T12:00:00Z={at}"),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    file("new.json", &text(&out.stdout))
}

#[test]
fn plan_create_scripts_the_create_of_a_new_listing() {
    let listing = new_listing();
    let config = file("config.json", CONFIG);
    let out = run(&[
        "plan",
        &listing,
        "--create",
        "--kind",
        "rest",
        "--url",
        "http://connect:8083",
        "--connector",
        "orders-mirror",
        "--config",
        &config,
        "--script",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let script = text(&out.stdout);
    let order = [
        "-w '%{http_code}'",
        "-X POST",
        "\"initial_state\":\"STOPPED\"",
        "-X PATCH",
        "after-alter.json",
        "/resume",
    ];
    let at: Vec<usize> = order
        .iter()
        .map(|s| script.find(s).unwrap_or_else(|| panic!("{s}: {script}")))
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{at:?}\n{script}");
    // The 42 of partition 0 is stored as 41; partition 1 at record 0 is null.
    assert!(
        script.contains("\"offset\":{\"offset\":41}") || script.contains("\"offset\" : 41"),
        "{script}"
    );
    assert!(
        script.contains("CONNECT_URL='http://connect:8083'"),
        "{script}"
    );
}

#[test]
fn plan_create_recreated_reset_deletes_the_old_offsets_before_the_alter() {
    let listing = new_listing();
    let config = file("config.json", CONFIG);
    let plan = |extra: &[&str]| {
        let args: Vec<&str> = [
            &[
                "plan",
                listing.as_str(),
                "--create",
                "--kind",
                "rest",
                "--url",
                "http://connect:8083",
                "--connector",
                "orders-mirror",
                "--config",
                config.as_str(),
                "--script",
            ][..],
            extra,
        ]
        .concat();
        let out = run(&args);
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    let reset = plan(&["--recreated", "reset"]);
    let delete = reset
        .find("-X DELETE \"${CONNECTOR_URL}/offsets\"")
        .expect("a reset");
    assert!(delete < reset.find("-X PATCH").unwrap(), "{reset}");
    assert!(
        reset.contains("The name existed before, and its old offsets are reset:"),
        "{reset}"
    );
    let new = plan(&[]);
    assert!(
        !new.contains("-X DELETE \"${CONNECTOR_URL}/offsets\""),
        "{new}"
    );
    assert!(new.contains("deleted again"), "{new}");
}

#[test]
fn plan_create_usage_errors_say_why() {
    let listing = new_listing();
    let config = file("config.json", CONFIG);
    let rest = [
        "--kind",
        "rest",
        "--url",
        "http://connect:8083",
        "--connector",
        "c",
    ];
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            [&["--create"][..], &rest[..]].concat(),
            "plan --create needs --config CONFIG.json",
        ),
        (
            vec![
                "--create",
                "--kind",
                "connector",
                "--namespace",
                "kafka",
                "--configmap",
                "cm",
                "--connector",
                "c",
                "--config",
                &config,
            ],
            "--config is the connector config of a plain Kafka Connect cluster (--kind rest); a Strimzi create takes the config from the resource",
        ),
        (
            [&["--config", config.as_str()][..], &rest[..]].concat(),
            "--config is the connector config of plan --create",
        ),
        (
            [&["--recreated", "reset"][..], &rest[..]].concat(),
            "--recreated says what plan --create does with the offsets a deleted connector of the same name left",
        ),
        (
            [
                &[
                    "--create",
                    "--config",
                    config.as_str(),
                    "--recreated",
                    "drop",
                ][..],
                &rest[..],
            ]
            .concat(),
            "--recreated takes reset (delete the old offsets first) or keep (alter over them), not 'drop'",
        ),
        (
            [
                &[
                    "--create",
                    "--config",
                    config.as_str(),
                    "--against",
                    listing.as_str(),
                ][..],
                &rest[..],
            ]
            .concat(),
            "has no listing to compare with",
        ),
    ];
    for (flags, expected) in cases {
        let args: Vec<&str> = [&["plan", listing.as_str()][..], &flags[..]].concat();
        let out = run(&args);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{flags:?}: {}",
            text(&out.stderr)
        );
        assert!(
            text(&out.stderr).contains(expected),
            "{flags:?}: {}",
            text(&out.stderr)
        );
        assert!(out.stdout.is_empty(), "{flags:?}");
    }
    // A config without connector.class is refused by the procedure, not run.
    let bad = file("bad.json", "{\"topics\":\"orders\"}");
    let out = run(&[
        &[
            "plan",
            listing.as_str(),
            "--create",
            "--config",
            bad.as_str(),
        ][..],
        &rest[..],
    ]
    .concat());
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("connector.class"),
        "{}",
        text(&out.stderr)
    );
}
