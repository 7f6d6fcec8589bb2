//! The entry filter language shared by the web filter box and the CLI flags.
//!
//! A filter is a list of terms separated by spaces; an entry matches when it matches EVERY term:
//!
//! | term | matches |
//! |---|---|
//! | `orders*`, `ord?rs`, `topic:orders*` | the topic, as a glob (`*` any run, `?` one character) |
//! | `/^ord.*/` | the topic, as a regular expression (unanchored unless you anchor it) |
//! | `partition:3`, `partition:0-5,7` | the partition number, from a list of numbers and ranges |
//! | `cluster:east` | the MirrorMaker 2 source cluster alias (exactly) |
//! | `changed` | entries whose offset differs from the imported listing, and added entries |
//! | `range:below`, `range:above`, `range:ok`, `range:caught-up`, `range:unknown`, `range:unchecked` | the row's log-range class (see below) |
//!
//! The `range:` terms need the log-range class of each row, which depends on the references the
//! user loaded and on the row's current offset, so [`EntryFacts`] (the row's own facts) cannot
//! hold it: callers pass it to [`Filter::matches_with_range`] (or compute it only when
//! [`Filter::needs_range`]). [`Filter::matches`] sees every row as unknown, as if no reference
//! were loaded; `Session` refuses a `range:` filter as a selection, see `log_range_rows`.
//!
//! Parse errors name the 1-based column (in characters) of the offending term.

use crate::checking::log_range::{RangeClass, RangeTerm};
use crate::model::EntryFacts;
use crate::model::names::MAX_PARTITION;
use std::fmt;

/// A set of partition numbers: inclusive ranges, as parsed from `0,2,5-9`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartitionSet {
    ranges: Vec<(i64, i64)>,
}

impl PartitionSet {
    /// Parses `0,2,5-9`. Each item is a number or `from-to` with `from <= to`, within
    /// 0..=2147483647. The error is a sentence and the 0-based character offset of the bad item.
    pub fn parse(text: &str) -> Result<PartitionSet, (usize, String)> {
        let mut ranges = Vec::new();
        let mut offset = 0usize;
        for item in text.split(',') {
            let here = offset;
            offset += item.chars().count() + 1;
            if item.is_empty() {
                return Err((
                    here,
                    format!(
                        "empty item in the partition list '{text}'; write numbers or ranges like 0,2,5-9"
                    ),
                ));
            }
            let number = |s: &str| -> Result<i64, (usize, String)> {
                let ok = !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
                match s.parse::<i64>() {
                    Ok(v) if ok && v <= MAX_PARTITION => Ok(v),
                    _ => Err((
                        here,
                        format!(
                            "'{item}' is not a partition number or range; partitions are whole numbers between 0 and {MAX_PARTITION} (for example 0,2,5-9)"
                        ),
                    )),
                }
            };
            let range = match item.split_once('-') {
                Some((a, b)) => (number(a)?, number(b)?),
                None => {
                    let v = number(item)?;
                    (v, v)
                }
            };
            if range.0 > range.1 {
                return Err((
                    here,
                    format!(
                        "the range '{item}' is reversed; write it as {}-{}",
                        range.1, range.0
                    ),
                ));
            }
            ranges.push(range);
        }
        Ok(PartitionSet { ranges })
    }

    /// A single inclusive range.
    pub fn range(from: i64, to: i64) -> PartitionSet {
        PartitionSet {
            ranges: vec![(from.min(to), from.max(to))],
        }
    }

    pub fn contains(&self, partition: i64) -> bool {
        self.ranges
            .iter()
            .any(|&(a, b)| (a..=b).contains(&partition))
    }

    /// The ranges, in the order written.
    pub fn ranges(&self) -> &[(i64, i64)] {
        &self.ranges
    }

    /// How many partitions the set names (overlaps counted twice).
    pub fn count(&self) -> u64 {
        self.ranges.iter().map(|&(a, b)| (b - a) as u64 + 1).sum()
    }

    /// Every partition, ascending, without duplicates, when there are at most `limit`.
    pub fn to_vec(&self, limit: usize) -> Option<Vec<i64>> {
        if self.count() > limit as u64 {
            return None;
        }
        let mut all: Vec<i64> = self.ranges.iter().flat_map(|&(a, b)| a..=b).collect();
        all.sort_unstable();
        all.dedup();
        Some(all)
    }
}

impl fmt::Display for PartitionSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (a, b)) in self.ranges.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            if a == b {
                write!(f, "{a}")?
            } else {
                write!(f, "{a}-{b}")?
            }
        }
        Ok(())
    }
}

/// A topic pattern: a glob or a regular expression.
#[derive(Debug, Clone)]
pub enum TopicPattern {
    Glob(String),
    Regex(regex_lite::Regex),
}

impl TopicPattern {
    /// A glob (`*` and `?`); any other character matches itself.
    pub fn glob(pattern: &str) -> TopicPattern {
        TopicPattern::Glob(pattern.to_string())
    }

    /// A regular expression (regex-lite syntax), unanchored.
    pub fn regex(pattern: &str) -> Result<TopicPattern, PatternError> {
        regex_lite::Regex::new(pattern)
            .map(TopicPattern::Regex)
            .map_err(|e| PatternError::Regex {
                pattern: pattern.to_owned(),
                reason: e.to_string(),
            })
    }

    pub fn matches(&self, topic: &str) -> bool {
        match self {
            TopicPattern::Glob(g) => glob_match(g, topic),
            TopicPattern::Regex(r) => r.is_match(topic),
        }
    }
}

/// Why a topic pattern was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PatternError {
    /// Not a regular expression regex-lite reads; `reason` is its own message.
    Regex { pattern: String, reason: String },
}

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PatternError::Regex { pattern, reason } => {
                write!(f, "invalid regular expression /{pattern}/: {reason}")
            }
        }
    }
}

impl std::error::Error for PatternError {}

/// For the callers that carry the sentence as a `String` (the CLI's usage error).
impl From<PatternError> for String {
    fn from(e: PatternError) -> String {
        e.to_string()
    }
}

impl PartialEq for TopicPattern {
    fn eq(&self, other: &TopicPattern) -> bool {
        match (self, other) {
            (TopicPattern::Glob(a), TopicPattern::Glob(b)) => a == b,
            (TopicPattern::Regex(a), TopicPattern::Regex(b)) => a.as_str() == b.as_str(),
            _ => false,
        }
    }
}

impl fmt::Display for TopicPattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TopicPattern::Glob(g) => f.write_str(g),
            TopicPattern::Regex(r) => write!(f, "/{}/", r.as_str()),
        }
    }
}

/// Glob matching with `*` (any run, possibly empty) and `?` (exactly one character), by
/// characters. Linear-time greedy algorithm with single backtrack point (no exponential cases).
pub fn glob_match(pattern: &str, text: &str) -> bool {
    // Byte offsets that always sit on character boundaries; no allocation (the editor calls
    // this for every row of a 100k-row view on a cold topic cache).
    let at = |s: &str, i: usize| s.get(i..).and_then(|rest| rest.chars().next());
    let (mut pi, mut ti) = (0usize, 0usize);
    let mut star: Option<(usize, usize)> = None;
    while let Some(tc) = at(text, ti) {
        match at(pattern, pi) {
            Some('*') => {
                star = Some((pi, ti));
                pi += 1;
            }
            Some(c) if c == '?' || c == tc => {
                pi += c.len_utf8();
                ti += tc.len_utf8();
            }
            _ => match star {
                Some((sp, st)) => {
                    // Let the star swallow one more character of the text.
                    let st = st + at(text, st).map_or(1, char::len_utf8);
                    pi = sp + 1;
                    ti = st;
                    star = Some((sp, st));
                }
                None => return false,
            },
        }
    }
    pattern
        .get(pi..)
        .is_some_and(|rest| rest.chars().all(|c| c == '*'))
}

/// A parse error: a sentence and the 1-based column (in characters) of the term it is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FilterError {
    pub column: usize,
    pub message: String,
}

impl fmt::Display for FilterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

impl std::error::Error for FilterError {}

/// A parsed filter: every term must match. The empty filter matches everything.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Filter {
    pub topics: Vec<TopicPattern>,
    pub partitions: Vec<PartitionSet>,
    pub clusters: Vec<String>,
    pub changed_only: bool,
    /// `range:` terms: the row's log-range class must match each.
    pub ranges: Vec<RangeTerm>,
}

impl Filter {
    /// The filter that matches every entry.
    pub fn all() -> Filter {
        Filter::default()
    }

    /// True when the filter has no term.
    pub fn is_empty(&self) -> bool {
        self.topics.is_empty()
            && self.partitions.is_empty()
            && self.clusters.is_empty()
            && !self.changed_only
            && self.ranges.is_empty()
    }

    /// True when the filter has `range:` terms (the caller must classify rows).
    pub fn needs_range(&self) -> bool {
        !self.ranges.is_empty()
    }

    /// [`Filter::matches`] with the row's log-range class (`None`: no reference loaded).
    pub fn matches_with_range(&self, facts: &EntryFacts<'_>, class: Option<RangeClass>) -> bool {
        self.matches_topic(facts.topic) && self.matches_facts(facts) && self.matches_range(class)
    }

    /// The `range:` terms alone.
    pub fn matches_range(&self, class: Option<RangeClass>) -> bool {
        self.ranges.iter().all(|t| t.matches(class))
    }

    /// Parses the filter box syntax (see the module documentation).
    pub fn parse(text: &str) -> Result<Filter, FilterError> {
        let mut filter = Filter::default();
        let chars: Vec<char> = text.chars().collect();
        let mut i = 0usize;
        while i < chars.len() {
            if chars.get(i).is_some_and(|c| c.is_whitespace()) {
                i += 1;
                continue;
            }
            let column = i + 1;
            if chars.get(i) == Some(&'/') {
                // A regex runs to the next unescaped '/', spaces included.
                let mut j = i + 1;
                let mut body = String::new();
                let mut closed = false;
                while let Some(&c) = chars.get(j) {
                    if c == '\\' && chars.get(j + 1) == Some(&'/') {
                        body.push('/');
                        j += 2;
                        continue;
                    }
                    if c == '\\' {
                        body.push(c);
                        if let Some(&n) = chars.get(j + 1) {
                            body.push(n);
                        }
                        j += 2;
                        continue;
                    }
                    if c == '/' {
                        closed = true;
                        break;
                    }
                    body.push(c);
                    j += 1;
                }
                if !closed {
                    return Err(FilterError {
                        column,
                        message: "unterminated regular expression; close it with '/' (for example /^orders-.*/)".into(),
                    });
                }
                if chars.get(j + 1).is_some_and(|c| !c.is_whitespace()) {
                    return Err(FilterError {
                        column: j + 2,
                        message: "a regular expression ends with '/' followed by a space or the end of the filter".into(),
                    });
                }
                let pattern = TopicPattern::regex(&body).map_err(|e| FilterError {
                    column,
                    message: e.to_string(),
                })?;
                filter.topics.push(pattern);
                i = j + 1;
                continue;
            }
            let mut j = i;
            while chars.get(j).is_some_and(|c| !c.is_whitespace()) {
                j += 1;
            }
            let term: String = chars.get(i..j).unwrap_or_default().iter().collect();
            filter.add_term(&term, column)?;
            i = j;
        }
        Ok(filter)
    }

    fn add_term(&mut self, term: &str, column: usize) -> Result<(), FilterError> {
        let err = |column: usize, message: String| FilterError { column, message };
        if term == "changed" {
            self.changed_only = true;
            return Ok(());
        }
        let Some((key, value)) = term.split_once(':') else {
            self.topics.push(TopicPattern::glob(term));
            return Ok(());
        };
        let value_column = column + key.chars().count() + 1;
        if value.is_empty() {
            return Err(err(
                value_column,
                format!("'{key}:' needs a value after the colon"),
            ));
        }
        match key {
            "partition" | "partitions" | "p" => {
                let set = PartitionSet::parse(value)
                    .map_err(|(at, message)| err(value_column + at, message))?;
                self.partitions.push(set);
            }
            "cluster" | "c" => self.clusters.push(value.to_string()),
            "range" | "r" => match RangeTerm::parse(value) {
                Some(t) => self.ranges.push(t),
                None => {
                    return Err(err(
                        value_column,
                        format!(
                            "unknown log range '{value}'; use range:below, range:above, range:ok, range:caught-up, range:unknown or range:unchecked"
                        ),
                    ));
                }
            },
            "topic" | "t" => {
                if let Some(body) = value.strip_prefix('/').and_then(|v| v.strip_suffix('/')) {
                    let pattern =
                        TopicPattern::regex(body).map_err(|e| err(value_column, e.to_string()))?;
                    self.topics.push(pattern);
                } else {
                    self.topics.push(TopicPattern::glob(value));
                }
            }
            _ => {
                return Err(err(
                    column,
                    format!(
                        "unknown filter '{key}:'; use a topic glob (orders*), /regex/, topic:, partition:0-5,7, cluster:NAME, range:below or changed"
                    ),
                ));
            }
        }
        Ok(())
    }

    /// True when the entry facts satisfy every term.
    pub fn matches(&self, facts: &EntryFacts<'_>) -> bool {
        self.matches_topic(facts.topic) && self.matches_except_topic(facts)
    }

    /// The topic terms alone: true when there is none, or when `topic` satisfies them all.
    /// Callers that see the same topic many times (the editor's view of 100k rows over 100
    /// topics) compute it once per topic.
    pub fn matches_topic(&self, topic: Option<&str>) -> bool {
        if self.topics.is_empty() {
            return true;
        }
        topic.is_some_and(|topic| self.topics.iter().all(|t| t.matches(topic)))
    }

    /// Every term but the topic terms; `range:` terms see the row as unknown (use
    /// [`Filter::matches_with_range`] when references are loaded).
    pub fn matches_except_topic(&self, facts: &EntryFacts<'_>) -> bool {
        self.matches_range(None) && self.matches_facts(facts)
    }

    /// The terms about the entry itself: partitions, clusters, changed (not topics, not
    /// `range:`).
    pub fn matches_facts(&self, facts: &EntryFacts<'_>) -> bool {
        if self.changed_only && !facts.changed {
            return false;
        }
        if !self.partitions.is_empty() {
            let Some(p) = facts.partition else {
                return false;
            };
            if !self.partitions.iter().all(|s| s.contains(p)) {
                return false;
            }
        }
        if !self.clusters.is_empty() {
            let Some(c) = facts.cluster else { return false };
            if !self.clusters.iter().all(|x| x == c) {
                return false;
            }
        }
        true
    }
}

/// The canonical text of the filter (parses back to an equal filter).
impl fmt::Display for Filter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        for t in &self.topics {
            parts.push(match t {
                TopicPattern::Glob(g) if g.contains(':') || g == "changed" => format!("topic:{g}"),
                other => other.to_string(),
            });
        }
        parts.extend(self.partitions.iter().map(|p| format!("partition:{p}")));
        parts.extend(self.clusters.iter().map(|c| format!("cluster:{c}")));
        if self.changed_only {
            parts.push("changed".into());
        }
        parts.extend(self.ranges.iter().map(|r| format!("range:{}", r.name())));
        f.write_str(&parts.join(" "))
    }
}

#[cfg(test)]
mod tests;
