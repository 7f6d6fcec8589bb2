//! A listing for a connector that has none yet (issue 23 item 1): every partition a reference
//! names (kafka-get-offsets output at earliest, latest or a time; a consumer group's describe
//! table or CSV), with the value the kind stores to resume there. MirrorMaker 2 stores R − 1 and
//! null at R = 0 (it resumes at stored + 1); a sink stores R. The partitions are added through
//! the offsets session's own reducer ([`Action::AddEntries`]), as "Add N unlisted partitions"
//! does, so a new listing says the same things an edited one does.
//!
//! A time reference names only the partitions with a record at or after the time (Kafka 4.3.1's
//! kafka-get-offsets.sh prints nothing for the others), so a latest reference may come with it
//! and gives those partitions their log end (issue 31 item 1); without one, [`NewListing::warnings`]
//! says that they would copy their history.

use crate::diag::{capitalised, group_digits};
use crate::editing::edit::{Action, EditError, Session};
use crate::editing::filter::Filter;
use crate::editing::set_from;
use crate::model::names;
use crate::model::{ConnectorKind, EntryFacts, InputForm, Listing};
use crate::reading::datetime::format_utc;
use crate::reading::reference::{Reference, Role};

/// The connector the new listing is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NewConnector {
    /// A MirrorSourceConnector: its entries name the source cluster's alias.
    MirrorSource { source_alias: String },
    /// A sink connector (its consumer group is `connect-NAME`).
    Sink,
}

/// The new listing and what the reference's values became, for the caller to say.
#[derive(Debug, Clone, PartialEq)]
pub struct NewListing {
    pub listing: Listing,
    /// The session's sentences about the values (R − 1, null at R = 0 and what null does).
    pub notes: Vec<String>,
    /// Reference partitions without a value (no record after the time, a `-` offset): left out.
    pub without_value: Vec<(String, i64)>,
    /// Partitions the start reference has no offset for that start at their log end, from the
    /// latest offsets given with it.
    pub filled: Vec<(String, i64)>,
    /// What would copy history the user meant to skip (a time reference without the log end
    /// of the partitions it leaves out): for the caller to show so that it cannot be missed.
    pub warnings: Vec<String>,
}

/// Why a filter cannot choose the topics of a new listing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TopicsError {
    /// A partition, cluster, range or `changed` term.
    NotTopicsOnly,
}

impl std::fmt::Display for TopicsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TopicsError::NotTopicsOnly => f.write_str(
                "Keep topics only (orders*, /regex/ or topic:NAME): every partition of a kept topic is in the new listing, so partition, cluster, range and changed terms do not apply.",
            ),
        }
    }
}

impl std::error::Error for TopicsError {}

/// For the callers that carry the sentence as a `String`.
impl From<TopicsError> for String {
    fn from(e: TopicsError) -> String {
        e.to_string()
    }
}

/// Refuses a filter with other terms than topics: a new listing keeps whole topics of the
/// reference (every partition of a kept topic), so a partition, cluster, range or `changed`
/// term has nothing to act on.
pub fn check_topics_only(topics: &Filter) -> Result<(), TopicsError> {
    if topics.partitions.is_empty()
        && topics.clusters.is_empty()
        && topics.ranges.is_empty()
        && !topics.changed_only
    {
        Ok(())
    } else {
        Err(TopicsError::NotTopicsOnly)
    }
}

/// Builds the listing of every partition of `reference` whose topic `topics` keeps (`None`:
/// all), in the reference's order.
pub fn listing_from_reference(
    connector: &NewConnector,
    reference: &Reference,
    topics: Option<&Filter>,
) -> Result<NewListing, EditError> {
    listing_from_references(connector, reference, None, topics)
}

/// Up to ten `topic:partition` names, then ", ...".
fn some(partitions: &[(String, i64)]) -> String {
    let named: Vec<String> = partitions
        .iter()
        .take(10)
        .map(|(t, p)| format!("{}:{p}", names::shown(t)))
        .collect();
    format!(
        "{}{}",
        named.join(", "),
        if partitions.len() > 10 { ", ..." } else { "" }
    )
}

/// As [`listing_from_reference`], with `log_end` (the latest offsets) giving every partition
/// `start` has no offset for its log end: kafka-get-offsets.sh at a time prints nothing for a
/// partition with no record at or after it, and without an entry the connector would start that
/// partition at `auto.offset.reset` and copy its history. With several references the listing is
/// in `log_end`'s order, then the partitions only `start` names.
pub fn listing_from_references(
    connector: &NewConnector,
    start: &Reference,
    log_end: Option<&Reference>,
    topics: Option<&Filter>,
) -> Result<NewListing, EditError> {
    let filled_in = log_end.map(|end| start.filled_from_log_end(end));
    let reference = filled_in.as_ref().map_or(start, |f| &f.reference);
    let (kind, alias) = match connector {
        NewConnector::MirrorSource { source_alias } => {
            names::check_alias(source_alias).map_err(|m| EditError {
                message: format!("The source alias '{}': {m}", names::shown(source_alias)),
            })?;
            (ConnectorKind::MirrorSource, Some(source_alias.clone()))
        }
        NewConnector::Sink => (ConnectorKind::Sink, None),
    };
    let kept = |topic: &str| topics.is_none_or(|f| f.matches_topic(Some(topic)));
    let values: Vec<(String, i64, Option<i64>)> = reference
        .values
        .iter()
        .filter(|v| kept(&v.topic))
        .map(|v| (v.topic.clone(), v.partition, v.offset))
        .collect();
    let without_value: Vec<(String, i64)> = values
        .iter()
        .filter(|(_, _, offset)| offset.is_none())
        .map(|(t, p, _)| (t.clone(), *p))
        .collect();
    let filled: Vec<(String, i64)> = filled_in
        .as_ref()
        .map(|f| f.filled.iter().filter(|(t, _)| kept(t)).cloned().collect())
        .unwrap_or_default();
    let scoped = Reference::from_values(reference.role.clone(), values);
    if scoped.values.iter().all(|v| v.offset.is_none()) {
        return Err(EditError {
            message: format!(
                "{} name no partition with an offset{}, so there is nothing to start from.",
                capitalised(&reference.role.phrase()),
                if topics.is_some() {
                    " among the topics kept"
                } else {
                    ""
                }
            ),
        });
    }
    let mut session = Session::new(Listing::new(kind, InputForm::RestPayload));
    let plan = set_from::plan(&session, &[], &scoped)?;
    let mut notes = Vec::new();
    for action in plan.add_actions() {
        let action = match action {
            Action::AddEntries {
                topic,
                partitions,
                offset,
                ..
            } => Action::AddEntries {
                cluster: alias.clone(),
                topic,
                partitions,
                offset,
            },
            other => other,
        };
        let outcome = session.apply(action)?;
        for note in outcome.notes {
            if !notes.contains(&note) {
                notes.push(note);
            }
        }
    }
    if let Some(note) = set_from::log_end_note(kind, &start.role, &filled) {
        notes.push(note);
    }
    let warnings = history_warnings(start, log_end.is_some(), &without_value);
    let at_zero = plan.unlisted.iter().filter(|(_, _, v)| v.is_none()).count();
    if kind == ConnectorKind::MirrorSource && at_zero > 0 {
        notes.push(format!(
            "{at_zero} partition(s) are at record 0, which MirrorMaker 2 cannot store (it stores the last mirrored record): they are null, and start where the connector's auto.offset.reset says."
        ));
    }
    // The session adds one run per topic and stored value; the listing keeps the reference's
    // order, as the user pasted it.
    let mut listing = session.working_listing();
    listing.entries.sort_by_key(|e| {
        let facts = EntryFacts::of(kind, e, false);
        facts
            .topic
            .zip(facts.partition)
            .and_then(|(t, p)| scoped.position(t, p))
            .unwrap_or(usize::MAX)
    });
    Ok(NewListing {
        listing,
        notes,
        without_value,
        filled,
        warnings,
    })
}

/// The warning a new listing needs when partitions it leaves out would copy their history: a
/// time reference names only the partitions with a record at or after the time, so without
/// their log end the others start at `auto.offset.reset` (earliest by default).
fn history_warnings(
    start: &Reference,
    has_log_end: bool,
    without_value: &[(String, i64)],
) -> Vec<String> {
    let Role::Time { at_ms } = start.role else {
        return Vec::new();
    };
    let time = at_ms.map_or("the time".to_string(), format_utc);
    let named = if without_value.is_empty() {
        String::new()
    } else {
        format!(" (and gives no offset for {})", some(without_value))
    };
    if !has_log_end {
        return vec![format!(
            "{} name only the partitions that have a record at or after {time}: kafka-get-offsets.sh prints nothing for a partition with none{named}. The new connector has no offset for such a partition, so it starts it where auto.offset.reset says (earliest by default) and copies its whole history, every record written before {time}. To start those partitions at their log end instead, look up the latest offsets of the same partitions too (kafka-get-offsets.sh --time -1, before the time lookup; connect-offsets lookup --at TIME prints both) and give them as well: --from latest=FILE, or the page's Latest offsets (log end).",
            capitalised(&start.role.phrase())
        )];
    }
    if without_value.is_empty() {
        return Vec::new();
    }
    vec![format!(
        "{} partition(s) have no offset in {} and no log end in {}: {}. They are left out, so the connector starts them where auto.offset.reset says (earliest by default) and copies their whole history, every record written before {time}. Look up the latest offsets of the same partitions as the time lookup, so that each of them has its log end.",
        group_digits(without_value.len() as u128),
        start.role.phrase(),
        Role::Latest.phrase(),
        some(without_value)
    )]
}

#[cfg(test)]
mod tests {
    use super::TopicsError;

    /// The sentence is the one the `Result<_, String>` check wrote, word for word.
    #[test]
    fn topics_error_words_the_old_message() {
        assert_eq!(
            TopicsError::NotTopicsOnly.to_string(),
            "Keep topics only (orders*, /regex/ or topic:NAME): every partition of a kept topic is in the new listing, so partition, cluster, range and changed terms do not apply."
        );
    }
}
