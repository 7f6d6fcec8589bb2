//! Consumer failover from MirrorMaker 2's checkpoints (issue 37): the real CheckpointFormatter
//! output of the live run kept as a fixture, the reset plan's CSV, and the failover script
//! pinned by a golden file, valid bash and shellcheck-clean.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::procedure_support::{bash_syntax, require_shellcheck, shellcheck};
use offsets_core::checkpoints::parse_checkpoints;
use offsets_core::groups::{GroupsOptions, plan};
use offsets_core::groups_script::failover_script;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn fixture(name: &str) -> String {
    std::fs::read_to_string(root().join("tests/fixtures/checkpoints").join(name)).unwrap()
}

#[test]
fn the_live_formatter_output_reads_and_plans() {
    let c = parse_checkpoints(&fixture("live-4.3.1.txt"));
    assert!(c.diagnostics.is_empty(), "{:?}", c.diagnostics);
    assert_eq!(c.items.len(), 1);
    let ck = &c.items[0];
    // A topic with dashes and a dot: the partition is what follows the last dash.
    assert_eq!(ck.topic, "fomx9izq2g.fo-orders-mx9izq2g");
    assert_eq!((ck.partition, ck.upstream, ck.downstream), (0, 60, 1));
    let p = plan(&c, &GroupsOptions::default());
    assert_eq!(p.csv(), "fomx9izq2g.fo-orders-mx9izq2g,0,1\n");
}

#[test]
fn the_failover_script_is_pinned_valid_and_quotes_every_name() {
    let text = "Checkpoint{consumerGroupId=billing, topicPartition=east.orders-1, upstreamOffset=70, downstreamOffset=66, metadata=}\n\
Checkpoint{consumerGroupId=o'brien $(x), topicPartition=east.orders-0, upstreamOffset=50, downstreamOffset=48, metadata=}\n";
    let p = plan(&parse_checkpoints(text), &GroupsOptions::default());
    let script = failover_script(&p, "west-kafka-bootstrap:9092", None).unwrap();
    offsets_test_support::golden::check(&root().join("tests/golden/groups/failover.sh"), &script);
    bash_syntax(&script).unwrap();
    require_shellcheck();
    shellcheck(&script).unwrap();
    // The hostile group name is only ever single-quoted.
    assert!(script.contains("group='o'\\''brien $(x)'"), "{script}");
    assert!(failover_script(&p, "west:9092; rm -rf /", None).is_err());
}
