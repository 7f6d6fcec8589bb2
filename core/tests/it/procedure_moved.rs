//! Partitions that moved between the listing the edits were made on and the stop (issue 31
//! items 4 and 5), run through the fake kubectl and curl of `procedure_run`: only a partition
//! edited relatively stops the alter; one set to an absolute value is altered and named; a run
//! after a stop at the compare step starts cleanly, or says exactly which file to move.
#![allow(clippy::unwrap_used)]

use crate::procedure_run::{MM2_NEW, cleanup, procedure, run_in, run_with};
use crate::procedure_support::{MM2_LISTED, REST_LISTED};

/// MM2_LISTED after the alter landed (partition 0 at 41, partition 1 nulled).
const MM2_AFTER: &str = r#"{"offsets":[{"partition":{"topic":"orders","partition":2,"cluster":"east"},"offset":{"offset":9}},{"partition":{"topic":"orders","partition":0,"cluster":"east"},"offset":{"offset":41}}]}"#;

/// MM2_LISTED with partition 0 (rewound by the alter) moved from 1041 to 1502.
fn moved_0() -> String {
    MM2_LISTED.replace("1041", "1502")
}

/// MM2_LISTED with partition 1 (nulled by the alter) moved from 17 to 30.
fn moved_1() -> String {
    MM2_LISTED.replace("17", "30")
}

#[test]
fn partitions_set_to_absolute_values_are_altered_even_when_they_moved() {
    let moved = moved_0().replace("17", "30");
    let r = run_with(
        "moved-absolute",
        &procedure("mm2-alter-absolute").render_script(),
        MM2_NEW,
        &[("listing.json", &moved), ("listing-after.json", MM2_AFTER)],
        &[],
    );
    assert!(r.ok, "{}", r.output);
    assert!(
        r.output.contains("Every one of the 2 partitions is set to a value that does not depend on its stored offset"),
        "{}",
        r.output
    );
    assert!(
        r.output.contains(
            "These partitions moved since the listing you edited; they are altered all the same"
        ),
        "{}",
        r.output
    );
    assert!(
        r.output.contains(r#"{"cluster":"east","partition":0,"topic":"orders"}: listed {"offset":1041} when you edited, now {"offset":1502}; the alter sets {"offset":41} all the same"#),
        "{}",
        r.output
    );
    assert!(
        r.output.contains(r#"{"cluster":"east","partition":1,"topic":"orders"}: listed {"offset":17} when you edited, now {"offset":30}; the alter sets no stored offset all the same"#),
        "{}",
        r.output
    );
    let log = r.file("argv");
    assert!(
        log.contains("connector-offsets=alter"),
        "not altered: {log}"
    );
    assert_eq!(r.file("before-alter.yaml"), moved);
    cleanup(r);
}

#[test]
fn only_a_partition_edited_relatively_must_be_unchanged() {
    // Partition 1 (set to null) moved: altered all the same, and named.
    let r = run_with(
        "moved-partly-set",
        &procedure("mm2-alter-partly-relative").render_script(),
        MM2_NEW,
        &[
            ("listing.json", &moved_1()),
            ("listing-after.json", MM2_AFTER),
        ],
        &[],
    );
    assert!(r.ok, "{}", r.output);
    assert!(
        r.output.contains("No partition edited relatively moved since the listing you edited (1 checked); the other 1 are set"),
        "{}",
        r.output
    );
    assert!(
        r.output
            .contains(r#"{"cluster":"east","partition":1,"topic":"orders"}: listed {"offset":17} when you edited, now {"offset":30}; the alter sets"#),
        "{}",
        r.output
    );
    assert!(r.file("argv").contains("connector-offsets=alter"));
    cleanup(r);
    // Partition 0 (rewound) moved: the script stops before anything is altered.
    let r = run_with(
        "moved-partly-relative",
        &procedure("mm2-alter-partly-relative").render_script(),
        MM2_NEW,
        &[
            ("listing.json", &moved_0()),
            ("listing-after.json", MM2_AFTER),
        ],
        &[],
    );
    assert!(!r.ok, "{}", r.output);
    assert!(r.output.contains("Stopped before altering"), "{}", r.output);
    assert!(
        r.output.contains(r#"{"cluster":"east","partition":0,"topic":"orders"}: listed {"offset":1041} when you edited, now {"offset":1502}"#),
        "{}",
        r.output
    );
    // The page's procedure knows which edit was which: no --absolute to suggest.
    assert!(!r.output.contains("--absolute"), "{}", r.output);
    let log = r.file("argv");
    assert!(
        !log.contains("[apply]") && !log.contains("connector-offsets=alter"),
        "{log}"
    );
    cleanup(r);
}

#[test]
fn a_run_after_a_stop_at_the_compare_step_starts_cleanly() {
    let script = procedure("mm2-alter-new").render_script();
    let first = run_with(
        "moved-rerun",
        &script,
        MM2_NEW,
        &[
            ("listing.json", &moved_0()),
            ("listing-after.json", MM2_AFTER),
        ],
        &[],
    );
    assert!(!first.ok && first.output.contains("Stopped before altering"));
    assert!(
        first
            .output
            .contains("the listing taken after the stop is now before-alter.not-altered.yaml"),
        "{}",
        first.output
    );
    // The second run gets past step 1 (the connector is still stopped, and it says so at the
    // end) and stops at the same compare, as the listing still moved.
    let second = run_in(first.dir.clone(), &script, &[]);
    assert!(!second.ok, "{}", second.output);
    assert!(
        second.output.contains("Recorded: state 'stopped'")
            && second.output.contains("==> 5/12 Compare"),
        "{}",
        second.output
    );
    // This time before-alter.not-altered.yaml is taken: the script moves nothing and names
    // both files.
    assert!(
        second.output.contains("before-alter.not-altered.yaml exists from an earlier stop, so before-alter.yaml stays where it is"),
        "{}",
        second.output
    );
    assert_eq!(second.file("before-alter.yaml"), moved_0());
    // The third run refuses at step 1, before it changes anything, and says what to move.
    let calls = second.file("argv").lines().count();
    let third = run_in(first.dir.clone(), &script, &[]);
    assert!(!third.ok);
    assert!(
        third
            .output
            .contains("before-alter.yaml exists from an earlier run")
            && third
                .output
                .contains("mv before-alter.yaml before-alter-1.yaml"),
        "{}",
        third.output
    );
    assert_eq!(
        third.file("argv").lines().count(),
        calls,
        "{}",
        third.file("argv")
    );
    cleanup(third);
}

#[test]
fn a_rest_alter_of_absolute_values_patches_a_moved_partition() {
    let moved = REST_LISTED.replace("2000", "2500");
    let r = run_with(
        "rest-moved-absolute",
        &procedure("rest-alter-absolute").render_script(),
        "",
        &[
            ("listing.json", &moved),
            ("listing-after.json", &REST_LISTED.replace("2000", "1000")),
        ],
        &[],
    );
    assert!(r.ok, "{}", r.output);
    let log = r.file("argv");
    assert!(log.contains("[PATCH]"), "not altered: {log}");
    assert!(
        r.output.contains(r#"listed {"kafka_offset":2000} when you edited, now {"kafka_offset":2500}; the alter sets {"kafka_offset":1000} all the same"#),
        "{}",
        r.output
    );
    cleanup(r);
    // The strict REST script stops, keeps its listing under a name of its own and names
    // --absolute.
    let r = run_with(
        "rest-moved-strict",
        &procedure("rest-alter").render_script(),
        "",
        &[("listing.json", &moved)],
        &[],
    );
    assert!(!r.ok);
    assert!(r.output.contains("plan --absolute"), "{}", r.output);
    assert!(r.dir.join("before-alter.not-altered.json").exists());
    assert!(!r.dir.join("before-alter.json").exists());
    cleanup(r);
}
