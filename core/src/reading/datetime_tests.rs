//! The date-time reader against a table of accepted and refused inputs, and the calendar.

#![allow(clippy::unwrap_used)]
use super::*;

/// 2026-12-01T11:00:00Z, the "now" of these tests.
const NOW: i64 = 1_796_122_800_000;

fn ok(text: &str) -> i64 {
    parse_datetime(text, NOW).unwrap()
}

fn err(text: &str) -> String {
    parse_datetime(text, NOW).unwrap_err().to_string()
}

#[test]
fn utc_is_the_default_and_offsets_shift() {
    let z = ok("2026-11-30T12:00:00Z");
    assert_eq!(z, 1_796_040_000_000);
    assert_eq!(format_utc(z), "2026-11-30T12:00:00Z");
    assert_eq!(ok("2026-11-30T12:00:00"), z);
    assert_eq!(ok("2026-11-30 12:00"), z);
    assert_eq!(ok("2026-11-30t12:00:00z"), z);
    assert_eq!(ok("2026-11-30T13:00:00+01:00"), z);
    assert_eq!(ok("2026-11-30T13:00:00+0100"), z);
    assert_eq!(ok("2026-11-30T07:30:00-04:30"), z);
    assert_eq!(ok("2026-11-30T12:00:00.250Z"), z + 250);
    assert_eq!(ok("2026-11-30T12:00:00.2509Z"), z + 250);
    assert_eq!(ok("  2026-11-30T12:00:00Z  "), z);
}

/// Issue 20, item 7: the forms people type.
#[test]
fn utc_words_and_epoch_milliseconds() {
    let z = ok("2026-11-30T12:00:00Z");
    assert_eq!(ok("2026-11-30 12:00 UTC"), z);
    assert_eq!(ok("2026-11-30 12:00:00 utc"), z);
    assert_eq!(ok("2026-11-30 12:00 GMT"), z);
    assert_eq!(ok("2026-11-30 12:00 Z"), z);
    assert_eq!(ok("2026-11-30 13:00 +01:00"), z);
    assert_eq!(ok("1796040000000"), z);
    assert_eq!(ok(" 1796040000000 "), z);
    assert_eq!(
        err("1796040000"),
        "column 1: 1796040000 looks like epoch seconds (as milliseconds it would be 1970-01-21T18:54:00Z); Kafka's --time takes milliseconds: write 1796040000000"
    );
    assert!(err("1896040000000").contains("is in the future"));
    assert!(err("99999999999999999999").contains("too large"));
    assert!(err("2026-11-30 12:00 UTX").contains("expected 'Z', an offset"));
}

#[test]
fn a_date_alone_is_midnight_utc() {
    assert_eq!(ok("2026-11-30"), 1_795_996_800_000);
    assert_eq!(ok("1970-01-01"), 0);
    assert_eq!(format_utc(ok("2026-11-30")), "2026-11-30T00:00:00Z");
}

#[test]
fn leap_days() {
    assert_eq!(
        format_utc(ok("2024-02-29T00:00:00Z")),
        "2024-02-29T00:00:00Z"
    );
    assert_eq!(format_utc(ok("2000-02-29")), "2000-02-29T00:00:00Z");
    assert_eq!(
        err("2025-02-29"),
        "column 9: 2025-02-29 does not exist: February has 28 days (2025 is not a leap year)"
    );
    assert_eq!(
        err("1900-02-29"),
        "column 9: 1900-02-29 does not exist: February has 28 days (1900 is not a leap year)"
    );
    assert_eq!(
        err("2026-04-31"),
        "column 9: 2026-04-31 does not exist: April has 30 days"
    );
}

#[test]
fn before_1970_and_the_future_are_refused() {
    assert!(
        err("1969-12-31T23:59:59Z")
            .starts_with("column 1: 1969-12-31T23:59:59Z is before 1970-01-01T00:00:00Z")
    );
    assert!(err("1970-01-01T00:30:00+01:00").contains("is before 1970"));
    assert_eq!(
        err("2026-12-01T11:00:01Z"),
        "column 1: 2026-12-01T11:00:01Z is in the future (now is 2026-12-01T11:00:00Z); no record has that timestamp yet, so Kafka would answer with no offset for every partition"
    );
    assert_eq!(ok("2026-12-01T11:00:00Z"), NOW);
}

#[test]
fn error_table() {
    let table = [
        ("", "column 1: the date-time is empty; "),
        ("26-11-30", "column 3: expected the year (4 digits); "),
        ("2026/11/30", "column 5: expected '-' after the year; "),
        (
            "2026-13-01",
            "column 6: month 13 does not exist; months are 01 to 12",
        ),
        (
            "2026-11-30T24:00",
            "column 12: hour 24 does not exist; hours are 00 to 23",
        ),
        ("2026-11-30T12:60", "column 15: minute 60 does not exist"),
        (
            "2026-11-30T12:00:60Z",
            "column 18: second 60 does not exist",
        ),
        (
            "2026-11-30T12:00:00+24:00",
            "column 20: the offset +24:00 does not exist",
        ),
        (
            "2026-11-30T12:00:00 EST",
            "column 20: expected 'Z', an offset like +01:00",
        ),
        (
            "2026-11-30T12:00:00Zx",
            "column 21: unexpected text after the date-time",
        ),
        (
            "2026-11-30T12:00:00.Z",
            "column 21: expected digits after the decimal point",
        ),
        (
            "2026-11-30X",
            "column 11: expected 'T' and a time after the date",
        ),
        ("yesterday", "column 1: expected the year (4 digits)"),
    ];
    for (input, expected) in table {
        let got = err(input);
        assert!(got.starts_with(expected), "{input:?}: {got}");
    }
}

#[test]
fn the_calendar_round_trips() {
    for days in (-800_000..800_000).step_by(997) {
        let (y, m, d) = civil_from_days(days);
        assert_eq!(days_from_civil(y, m, d), days);
    }
}
