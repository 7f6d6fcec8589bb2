//! Diff of an edit against the imported listing, and confirmation of an alter.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use offsets_core::diff::{Change, confirm, diff};
use offsets_core::edit::{Action, Selection, Session};
use offsets_core::filter::PartitionSet;
use offsets_core::{ImportOptions, Listing, import};

const MM2: &str = r#"{"offsets":[
 {"partition":{"cluster":"east","partition":0,"topic":"orders"},"offset":{"offset":41}},
 {"partition":{"cluster":"east","partition":1,"topic":"orders"},"offset":{"offset":42}},
 {"partition":{"cluster":"east","partition":2,"topic":"orders"},"offset":{"offset":43}},
 {"partition":{"cluster":"east","partition":3,"topic":"orders"},"offset":{"offset":44}},
 {"partition":{"cluster":"east","partition":0,"topic":"payments"},"offset":null}
]}"#;

fn listing(text: &str) -> Listing {
    import(text, &ImportOptions::default()).unwrap().listing
}

#[test]
fn edit_diff_names_every_kind_of_change() {
    let mut s = Session::new(listing(MM2));
    s.apply(Action::SetOffset { row: 0, offset: 30 }).unwrap();
    s.apply(Action::SetOffset { row: 1, offset: 50 }).unwrap();
    s.apply(Action::SetNull { row: 2 }).unwrap();
    s.apply(Action::SetOffset { row: 4, offset: 5 }).unwrap();
    s.apply(Action::RemoveEntries {
        selection: Selection::Rows(vec![3]),
    })
    .unwrap();
    s.apply(Action::AddEntries {
        cluster: None,
        topic: "new".into(),
        partitions: PartitionSet::range(0, 0),
        offset: None,
    })
    .unwrap();
    let d = diff(s.imported(), &s.working_listing());
    let changes: Vec<Change> = d.entries.iter().map(|e| e.change).collect();
    assert_eq!(
        changes,
        vec![
            Change::Rewound(11),
            Change::Skipped(8),
            Change::Nulled,
            Change::Removed,
            Change::Set,
            Change::Added
        ]
    );
    assert_eq!(
        d.render(false),
        "east/orders:0: 41 -> 30, rewound by 11 (11 record(s) mirrored again)\n\
east/orders:1: 42 -> 50, skipped 8 record(s) (never mirrored)\n\
east/orders:2: 43 -> null, nulled (replays from auto.offset.reset, earliest by default)\n\
east/orders:3: 44 -> -, removed\n\
east/payments:0: null -> 5, set (was null)\n\
east/new:0: - -> null, added\n\
Summary: 6 changed (1 rewound, 1 skipped, 1 nulled, 1 set, 1 added, 1 removed, 0 modified), 0 unchanged; 11 record(s) processed again, 8 record(s) skipped.\n"
    );
}

#[test]
fn confirm_reports_entries_that_did_not_land() {
    let requested = listing(
        r#"{"offsets":[
 {"partition":{"cluster":"east","partition":0,"topic":"orders"},"offset":{"offset":10}},
 {"partition":{"cluster":"east","partition":1,"topic":"orders"},"offset":null},
 {"partition":{"cluster":"east","partition":2,"topic":"orders"},"offset":{"offset":7}}
]}"#,
    );
    let after = listing(
        r#"{"offsets":[
 {"partition":{"topic":"orders","cluster":"east","partition":0},"offset":{"offset":10}},
 {"partition":{"cluster":"east","partition":2,"topic":"orders"},"offset":{"offset":43}}
]}"#,
    );
    let c = confirm(&requested, &after);
    assert_eq!(c.confirmed, 2);
    assert_eq!(
        c.render(),
        "east/orders:2: the alter asked for 7, the listing shows 43\n\
Confirmed 2 of 3 altered partition(s); the entries above did not land.\n"
    );
}
