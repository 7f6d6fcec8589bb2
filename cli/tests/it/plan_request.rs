//! `plan`'s flags as one plan request (issue 38, item 2): the request names what is missing in
//! the order the flags were always asked for, in the flags' words, and the guard path and list
//! ConfigMap it derives are the ones `plan` always printed.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support::{fixture, run, text};

const CONNECTOR_LIST: &str = "kafkaconnector-mm2-source.list.yaml";
const MM2_LIST: &str = "kafkamirrormaker2-source.list.yaml";

/// Runs `plan FILE ARGS` and returns its exit code and its stderr.
fn plan(file: &str, args: &[&str]) -> (Option<i32>, String) {
    let file = fixture(file);
    let mut all = vec!["plan", file.as_str()];
    all.extend(args);
    let out = run(&all);
    (out.status.code(), text(&out.stderr))
}

/// A KafkaMirrorMaker2 plan's flags, in the order the missing-flag messages ask for them.
const MM2: [&str; 10] = [
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
];
#[test]
fn a_missing_name_is_asked_for_by_its_flag_in_order() {
    for (args, missing) in [
        (
            &["--kind", "connector"][..],
            "plan --kind connector needs --namespace NS",
        ),
        (
            &["--kind", "connector", "--namespace", "kafka"],
            "plan --kind connector needs --configmap NAME",
        ),
        (
            &[
                "--kind",
                "connector",
                "--namespace",
                "kafka",
                "--configmap",
                "alter",
            ],
            "plan --kind connector needs --connector NAME",
        ),
        (&MM2[..6], "plan --kind mirrormaker2 needs --resource NAME"),
        (&MM2[..8], "plan --kind mirrormaker2 needs --mirror-index I"),
        (&["--kind", "rest"], "plan --kind rest needs --url URL"),
        (
            &["--kind", "rest", "--url", "http://connect:8083"],
            "plan --kind rest needs --connector NAME",
        ),
    ] {
        let (code, stderr) = plan(CONNECTOR_LIST, args);
        assert_eq!(
            (code, stderr),
            (Some(2), format!("connect-offsets: {missing}\n")),
            "{args:?}"
        );
    }
}

#[test]
fn a_mirrormaker2_plan_takes_its_connector_from_the_listing_or_a_valid_flag() {
    let mm2 = MM2;
    let (code, stderr) = plan("rest-get-offsets.mm2-source.json", &mm2);
    assert_eq!(
        (code, stderr.as_str()),
        (
            Some(2),
            "connect-offsets: FILE has no MirrorMaker 2 data key; name the connector with --connector SRC->TGT.MirrorSourceConnector\n"
        )
    );
    let mut bad = mm2.to_vec();
    bad.extend(["--connector", "a->b"]);
    let (code, stderr) = plan("rest-get-offsets.mm2-source.json", &bad);
    assert_eq!(code, Some(1));
    assert!(
        stderr.starts_with("connect-offsets: [K5] 'a->b': "),
        "{stderr}"
    );
}

/// The list ConfigMap is the listing's own unless `--list-configmap` names another; the guard
/// path is `sourceCluster` with `--old-alias-path`, `source.alias` for a v1 owner.
#[test]
fn the_list_configmap_and_the_guard_path_come_from_the_listing_unless_a_flag_says() {
    let names = [
        "--kind",
        "mirrormaker2",
        "--namespace",
        "kafka",
        "--configmap",
        "my-alter",
        "--resource",
        "my-mm2",
        "--mirror-index",
        "0",
        "--script",
    ];
    let file = fixture(MM2_LIST);
    let script = |extra: &[&str]| {
        let mut all = vec!["plan", file.as_str()];
        all.extend(names);
        all.extend(extra);
        let out = run(&all);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    let plain = script(&[]);
    // The listing's ConfigMap (metadata.name of the fixture).
    assert!(plain.contains("LIST_CM='my-mm2-offsets'"), "{plain}");
    let guard = |path: &str| format!("\"path\":\"/spec/mirrors/'\"${{MIRROR_INDEX}}\"'/{path}\"");
    assert!(plain.contains(&guard("source/alias")), "{plain}");
    assert!(!plain.contains(&guard("sourceCluster")), "{plain}");
    let flagged = script(&["--list-configmap", "other-list", "--old-alias-path"]);
    assert!(flagged.contains("LIST_CM='other-list'"), "{flagged}");
    assert!(flagged.contains(&guard("sourceCluster")), "{flagged}");
    assert!(!flagged.contains(&guard("source/alias")), "{flagged}");
}
