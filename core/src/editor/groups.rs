//! Problems grouped for the Problems panel: identical warnings about many rows (5,000 MS11 after
//! a shift of every row) become one line, "MS11 on 5,000 rows: records will be mirrored again
//! (duplicates on the target).", that expands to the rows.

use super::display::counted;
use crate::diag::{Diagnostic, Severity};
use std::collections::HashMap;

/// One line of the Problems list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProblemItem {
    /// A problem on its own: its index in the list given to [`group_problems`].
    One(usize),
    /// Problems of one rule and one message shape on several rows.
    Group {
        rule: &'static str,
        severity: Severity,
        /// "MS11 on 5,000 rows: records will be mirrored again (duplicates on the target)."
        summary: String,
        /// Indices of its problems, in list order.
        members: Vec<usize>,
    },
}

/// The message without what differs from row to row: the "Entry #n" that starts it, and every
/// word with a digit or a quote in it (offsets, ranges, names). Problems with the same rule,
/// severity and shape say the same thing about different rows.
fn shape(message: &str) -> Vec<&str> {
    let rest = about_row(message).unwrap_or(message);
    rest.split(' ')
        .filter(|w| !w.contains(|c: char| c.is_ascii_digit() || c == '\''))
        .collect()
}

/// What a message about one row says after naming the row: the text after "Entry #n: " or
/// after "orders partition 1 (entry #n): " (`validate::name_rows`). `None` for a message that
/// names no row that way.
fn about_row(message: &str) -> Option<&str> {
    let digits = |s: &str| s.trim_start_matches(|c: char| c.is_ascii_digit()).len() < s.len();
    if let Some(r) = message.strip_prefix("Entry #")
        && digits(r)
    {
        let r = r.trim_start_matches(|c: char| c.is_ascii_digit());
        return Some(r.strip_prefix(':').unwrap_or(r).trim_start());
    }
    let at = message.find(" (entry #")?;
    let r = message.get(at + " (entry #".len()..)?;
    let r = r.trim_start_matches(|c: char| c.is_ascii_digit());
    r.strip_prefix("):").map(str::trim_start)
}

/// Fewer problems of one shape than this stay one line each: a handful reads better listed
/// than folded behind a count.
pub const GROUP_FROM: usize = 5;

/// A group as its first member leads it: rule, severity, summary, members.
type Lead = (&'static str, Severity, String, Vec<usize>);

/// Groups `problems` for display, keeping their order (a group stands where its first member
/// was). Only problems about a row are grouped, and only when at least [`GROUP_FROM`] share a
/// rule, a severity and a message shape; everything else stays one line.
pub fn group_problems(problems: &[Diagnostic]) -> Vec<ProblemItem> {
    let mut groups: HashMap<(&'static str, Severity, Vec<&str>), Vec<usize>> = HashMap::new();
    for (i, d) in problems.iter().enumerate() {
        if d.entry.is_some() && about_row(&d.message).is_some() {
            groups
                .entry((d.rule, d.severity, shape(&d.message)))
                .or_default()
                .push(i);
        }
    }
    // Where each grouped problem goes: the group's first member leads it. By index (a vector,
    // not a second hash map: one hash table's code less in the wasm).
    let mut lead: Vec<Option<Lead>> = std::iter::repeat_with(|| None)
        .take(problems.len())
        .collect();
    let mut grouped = vec![false; problems.len()];
    for ((rule, severity, words), members) in groups {
        if members.len() < GROUP_FROM {
            continue;
        }
        for &m in &members {
            if let Some(g) = grouped.get_mut(m) {
                *g = true;
            }
        }
        let summary = format!(
            "{rule} on {}: {}",
            counted(members.len(), "row", "rows"),
            words.join(" ")
        );
        if let Some(slot) = lead.get_mut(members[0]) {
            *slot = Some((rule, severity, summary, members));
        }
    }
    let mut out = Vec::new();
    for i in 0..problems.len() {
        if let Some((rule, severity, summary, members)) = lead.get_mut(i).and_then(Option::take) {
            out.push(ProblemItem::Group {
                rule,
                severity,
                summary,
                members,
            });
        } else if !grouped.get(i).copied().unwrap_or(false) {
            out.push(ProblemItem::One(i));
        }
    }
    out
}
