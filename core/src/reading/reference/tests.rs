//! Tests of reading references: every format, and every REF rule.

#![allow(clippy::unwrap_used)]
use super::*;

fn diags(r: &Reference) -> Vec<String> {
    r.diagnostics.iter().map(ToString::to_string).collect()
}

#[test]
fn get_offsets_lines_are_read_from_the_right() {
    let r = parse_reference(
        "orders.eu-west:0:42\r\n\r\norders.eu-west:1:0\r\nmy_topic-v2:10:9223372036854775807\r\n",
        Role::Earliest,
    );
    assert_eq!(r.format, Some(ReferenceFormat::GetOffsets));
    assert!(r.diagnostics.is_empty(), "{:?}", diags(&r));
    assert_eq!(r.offset("orders.eu-west", 0), Some(42));
    assert_eq!(r.offset("orders.eu-west", 1), Some(0));
    assert_eq!(r.offset("my_topic-v2", 10), Some(i64::MAX));
    assert_eq!(r.offset("orders.eu-west", 2), None);
    assert_eq!(r.len(), 3);
}

#[test]
fn get_offsets_without_a_value() {
    let r = parse_reference("a:0:5\na:1:\na:2:-1\n", Role::Time { at_ms: Some(0) });
    assert!(r.is_usable());
    assert_eq!(r.get("a", 1).unwrap().offset, None);
    assert_eq!(r.get("a", 2).unwrap().offset, None);
    assert_eq!(
        diags(&r),
        [
            "2:5: REF8: 2 partition(s) have no value (no record at or after the time, or the lookup printed none); a listed row of theirs is left as it is, a new connector's listing leaves them out (give the latest offsets too, to start them at their log end), and their log range is unknown."
        ]
    );
}

#[test]
fn bad_lines_are_located_and_quoted() {
    let r = parse_reference(
        "orders:0:10\norders:x:1\norders:1:-5\nbad topic:2:3\norders\norders:3:99999999999999999999\n",
        Role::Earliest,
    );
    assert!(!r.is_usable());
    assert_eq!(
        diags(&r),
        [
            "2:8: REF4: 'x' is not a partition number: partitions are whole numbers between 0 and 2147483647 (line 'orders:x:1'); fix or remove the line.",
            "3:10: REF5: '-5' is not an offset: offsets are whole numbers between 0 and 9223372036854775807 (line 'orders:1:-5'); fix or remove the line.",
            "4:1: REF3: Topic name is invalid: 'bad topic' contains one or more characters other than ASCII alphanumerics, '.', '_' and '-'. In line 'bad topic:2:3'; fix or remove the line.",
            "5:1: REF2: 'orders' is not a line of kafka-get-offsets.sh output: expected topic:partition:offset. Fix or remove the line (the format was detected from the first line).",
            "6:10: REF5: '99999999999999999999' is not an offset: offsets are whole numbers between 0 and 9223372036854775807 (line 'orders:3:99999999999999999999'); fix or remove the line.",
        ]
    );
    assert_eq!(r.offset("orders", 0), Some(10));
}

#[test]
fn duplicates_same_value_warn_different_value_error() {
    let r = parse_reference("a:0:5\na:0:5\n", Role::Latest);
    assert!(r.is_usable());
    assert_eq!(r.len(), 1);
    assert!(
        diags(&r)[0]
            .starts_with("2:1: REF7: a:0 appears again with the same offset 5 (first on line 1)")
    );
    let r = parse_reference("a:0:5\na:0:6\n", Role::Latest);
    assert!(!r.is_usable());
    assert!(
        diags(&r)[0].starts_with("2:1: REF6: a:0 appears again with offset 6 but line 1 says 5")
    );
}

#[test]
fn rpk_files() {
    let r = parse_reference(
        "TOPIC PARTITION OFFSET\norders.v1  0   17\n\n  orders.v1\t1 0\n",
        Role::Group { name: None },
    );
    assert_eq!(r.format, Some(ReferenceFormat::Rpk));
    assert!(r.diagnostics.is_empty(), "{:?}", diags(&r));
    assert_eq!(r.offset("orders.v1", 0), Some(17));
    assert_eq!(r.offset("orders.v1", 1), Some(0));
    let r = parse_reference("a 0 1\na 1\n", Role::Earliest);
    assert!(
        diags(&r)[0]
            .starts_with("2:1: REF2: 'a 1' is not a line of rpk TOPIC PARTITION OFFSET file")
    );
}

const DESCRIBE: &str = "\r\nConsumer group 'connect-sink' has no active members.\r\n\r\nGROUP           TOPIC           PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG             CONSUMER-ID     HOST            CLIENT-ID\r\nconnect-sink    orders.eu       0          40              50              10              -               -               -\r\nconnect-sink    orders.eu       1          -               7               -               -               -               -\r\n";

#[test]
fn describe_tables() {
    let r = parse_reference(DESCRIBE, Role::Group { name: None });
    assert_eq!(r.format, Some(ReferenceFormat::Describe));
    assert_eq!(
        r.role,
        Role::Group {
            name: Some("connect-sink".into())
        }
    );
    assert_eq!(r.offset("orders.eu", 0), Some(40));
    assert_eq!(r.log_end("orders.eu", 0), Some(50));
    assert_eq!(r.offset("orders.eu", 1), None);
    assert_eq!(r.log_end("orders.eu", 1), Some(7));
    assert_eq!(
        diags(&r),
        [
            "6:44: REF8: 1 partition(s) have no value (the group has committed nothing there); a listed row of theirs is left as it is, a new connector's listing leaves them out, and their log range is unknown."
        ]
    );
    let latest = parse_reference(DESCRIBE, Role::Latest);
    assert!(latest.diagnostics.is_empty());
    assert_eq!(latest.offset("orders.eu", 1), Some(7));
    let two = parse_reference(
        "GROUP TOPIC PARTITION CURRENT-OFFSET LOG-END-OFFSET LAG\ng1 a 0 1 2 1\ng2 a 1 1 2 1\n",
        Role::Group { name: None },
    );
    assert!(
        diags(&two)[0].starts_with("3:1: REF9: The reference holds offsets of 2 consumer groups")
    );
    let members = parse_reference(
        "GROUP CONSUMER-ID HOST CLIENT-ID #PARTITIONS\ng c h c 1\n",
        Role::Group { name: None },
    );
    assert!(
        diags(&members)[0].starts_with(
            "1:1: REF2: The header 'GROUP CONSUMER-ID HOST CLIENT-ID #PARTITIONS' lacks"
        )
    );
}

#[test]
fn csv_files() {
    let r = parse_reference("orders,0,5\r\norders.x,1,6\r\n", Role::Group { name: None });
    assert_eq!(r.format, Some(ReferenceFormat::Csv));
    assert_eq!(r.offset("orders.x", 1), Some(6));
    let r = parse_reference("g,orders,0,5\ng,orders,1,x\n", Role::Group { name: None });
    assert_eq!(
        r.role,
        Role::Group {
            name: Some("g".into())
        }
    );
    assert!(diags(&r)[0].starts_with("2:12: REF5: 'x' is not an offset"));
    let r = parse_reference("orders,0,5\norders,1\n", Role::Group { name: None });
    assert!(diags(&r)[0].starts_with("2:1: REF2: 'orders,1' is not a line of consumer-groups CSV: expected topic,partition,offset"));
}

#[test]
fn unrecognised_and_empty() {
    assert_eq!(
        diags(&parse_reference("\r\n  \n", Role::Earliest)),
        [
            "1:1: REF1: The reference is empty. Paste the output of kafka-get-offsets.sh (topic:partition:offset lines), an rpk TOPIC PARTITION OFFSET file, a kafka-consumer-groups.sh --describe table or a consumer-groups CSV (topic,partition,offset)."
        ]
    );
    assert!(
        diags(&parse_reference("\n{\"offsets\": []}", Role::Earliest))[0].starts_with(
            "2:1: REF1: '{\\\"offsets\\\": []}' is not a reference this editor reads."
        )
    );
}

#[test]
fn checkpoints_are_one_groups_translated_offsets() {
    let text = "Checkpoint{consumerGroupId=connect-sink, topicPartition=east.orders-0, upstreamOffset=50, downstreamOffset=48, metadata=}\n\
Checkpoint{consumerGroupId=other, topicPartition=east.orders-0, upstreamOffset=9, downstreamOffset=9, metadata=}\n";
    let r = parse_reference(
        text,
        Role::Group {
            name: Some("connect-sink".into()),
        },
    );
    assert_eq!(r.format, Some(ReferenceFormat::Checkpoints));
    assert!(r.is_usable(), "{:?}", r.diagnostics);
    assert_eq!(r.offset("east.orders", 0), Some(48));
    assert_eq!(r.values.len(), 1);
    let r = parse_reference(text, Role::Group { name: None });
    assert!(!r.is_usable());
    assert_eq!(r.diagnostics[0].rule, "REF9");
    let r = parse_reference(text, Role::Latest);
    assert!(
        r.diagnostics[0]
            .message
            .starts_with("These are MirrorMaker 2's checkpoints")
    );
}
