//! The filter language's tests: parsing, error columns and matching.

#![allow(clippy::unwrap_used)]

use super::*;

fn facts<'a>(cluster: &'a str, topic: &'a str, partition: i64) -> EntryFacts<'a> {
    EntryFacts {
        cluster: Some(cluster),
        topic: Some(topic),
        partition: Some(partition),
        changed: false,
    }
}

#[test]
fn globs() {
    assert!(glob_match("orders*", "orders"));
    assert!(glob_match("orders*", "orders-eu"));
    assert!(!glob_match("orders*", "xorders"));
    assert!(glob_match("*ders", "orders"));
    assert!(glob_match("o?ders", "orders"));
    assert!(!glob_match("o?ders", "oders"));
    assert!(glob_match("*", ""));
    assert!(glob_match("a*b*c", "aXXbYYc"));
    assert!(!glob_match("a*b*c", "aXXbYY"));
    assert!(glob_match("orders", "orders"));
    assert!(!glob_match("", "x"));
}

/// The definition, by recursion over characters (exponential, fine for short strings).
fn glob_reference(p: &[char], t: &[char]) -> bool {
    match p.split_first() {
        None => t.is_empty(),
        Some(('*', rest)) => (0..=t.len()).any(|i| glob_reference(rest, &t[i..])),
        Some((&c, rest)) => t
            .split_first()
            .is_some_and(|(&tc, trest)| (c == '?' || c == tc) && glob_reference(rest, trest)),
    }
}

fn all_strings(alphabet: &[char], max: usize) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut last = vec![String::new()];
    for _ in 0..max {
        last = last
            .iter()
            .flat_map(|s| alphabet.iter().map(move |&c| format!("{s}{c}")))
            .collect();
        out.extend(last.iter().cloned());
    }
    out
}

#[test]
fn globs_agree_with_the_definition_on_every_short_string() {
    // Multi-byte characters included: matching is by characters, not bytes.
    let patterns = all_strings(&['a', 'é', '*', '?'], 4);
    let texts = all_strings(&['a', 'é', '€'], 4);
    for p in &patterns {
        let pc: Vec<char> = p.chars().collect();
        for t in &texts {
            let tc: Vec<char> = t.chars().collect();
            assert_eq!(glob_match(p, t), glob_reference(&pc, &tc), "{p:?} on {t:?}");
        }
    }
}

#[test]
fn terms_combine_with_and() {
    let f = Filter::parse("orders* partition:0-5,7 cluster:east").unwrap();
    assert!(f.matches(&facts("east", "orders", 7)));
    assert!(!f.matches(&facts("east", "orders", 6)));
    assert!(!f.matches(&facts("west", "orders", 1)));
    assert!(!f.matches(&facts("east", "payments", 1)));
    let r = Filter::parse("/^ord.*s$/  changed").unwrap();
    assert!(!r.matches(&facts("e", "orders", 0)));
    assert!(r.matches(&EntryFacts {
        changed: true,
        ..facts("e", "orders", 0)
    }));
    assert!(Filter::parse("").unwrap().matches(&EntryFacts::default()));
    assert!(!Filter::parse("x").unwrap().matches(&EntryFacts::default()));
}

#[test]
fn display_round_trips() {
    for text in [
        "orders* /a b/ partition:0-5,7 cluster:east changed",
        "range:below range:ok",
        "topic:a:b",
    ] {
        let f = Filter::parse(text).unwrap();
        assert_eq!(Filter::parse(&f.to_string()).unwrap(), f, "{text}");
    }
}

#[test]
fn error_table() {
    let table = [
        (
            "partition:",
            "column 11: 'partition:' needs a value after the colon",
        ),
        (
            "x partition:1,,2",
            "column 15: empty item in the partition list '1,,2'; write numbers or ranges like 0,2,5-9",
        ),
        (
            "partition:9-2",
            "column 11: the range '9-2' is reversed; write it as 2-9",
        ),
        (
            "partition:a",
            "column 11: 'a' is not a partition number or range; partitions are whole numbers between 0 and 2147483647 (for example 0,2,5-9)",
        ),
        (
            "partition:2147483648",
            "column 11: '2147483648' is not a partition number or range; partitions are whole numbers between 0 and 2147483647 (for example 0,2,5-9)",
        ),
        (
            "  size:3",
            "column 3: unknown filter 'size:'; use a topic glob (orders*), /regex/, topic:, partition:0-5,7, cluster:NAME, range:below or changed",
        ),
        (
            "/abc",
            "column 1: unterminated regular expression; close it with '/' (for example /^orders-.*/)",
        ),
        (
            "/a/b",
            "column 4: a regular expression ends with '/' followed by a space or the end of the filter",
        ),
    ];
    for (input, expected) in table {
        assert_eq!(
            Filter::parse(input).unwrap_err().to_string(),
            expected,
            "{input}"
        );
    }
    let e = Filter::parse("a /(/").unwrap_err();
    assert_eq!(e.column, 3);
    assert!(e.message.starts_with("invalid regular expression /(/"));
}

/// The sentence is the one `TopicPattern::regex` wrote as a `String`, word for word.
#[test]
fn pattern_error_words_the_old_message() {
    let e = PatternError::Regex {
        pattern: "(".to_owned(),
        reason: "unclosed group".to_owned(),
    };
    assert_eq!(
        e.to_string(),
        "invalid regular expression /(/: unclosed group"
    );
    let parsed = TopicPattern::regex("(").unwrap_err();
    assert!(
        parsed
            .to_string()
            .starts_with("invalid regular expression /(/: "),
        "{parsed}"
    );
}
