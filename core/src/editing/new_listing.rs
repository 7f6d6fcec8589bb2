//! A listing for a connector that has none yet (issue 23 item 1): every partition a reference
//! names (kafka-get-offsets output at earliest, latest or a time; a consumer group's describe
//! table or CSV), with the value the kind stores to resume there. MirrorMaker 2 stores R − 1 and
//! null at R = 0 (it resumes at stored + 1); a sink stores R. The partitions are added through
//! the offsets session's own reducer ([`Action::AddEntries`]), as "Add N unlisted partitions"
//! does, so a new listing says the same things an edited one does.

use crate::editing::edit::{Action, EditError, Session};
use crate::editing::filter::Filter;
use crate::editing::set_from;
use crate::model::names;
use crate::model::{ConnectorKind, EntryFacts, InputForm, Listing};
use crate::reading::reference::Reference;

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
}

/// Refuses a filter with other terms than topics: a new listing keeps whole topics of the
/// reference (every partition of a kept topic), so a partition, cluster, range or `changed`
/// term has nothing to act on.
pub fn check_topics_only(topics: &Filter) -> Result<(), String> {
    if topics.partitions.is_empty()
        && topics.clusters.is_empty()
        && topics.ranges.is_empty()
        && !topics.changed_only
    {
        Ok(())
    } else {
        Err("Keep topics only (orders*, /regex/ or topic:NAME): every partition of a kept topic is in the new listing, so partition, cluster, range and changed terms do not apply.".into())
    }
}

/// Builds the listing of every partition of `reference` whose topic `topics` keeps (`None`:
/// all), in the reference's order.
pub fn listing_from_reference(
    connector: &NewConnector,
    reference: &Reference,
    topics: Option<&Filter>,
) -> Result<NewListing, EditError> {
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
    let without_value = values
        .iter()
        .filter(|(_, _, offset)| offset.is_none())
        .map(|(t, p, _)| (t.clone(), *p))
        .collect();
    let scoped = Reference::from_values(reference.role.clone(), values);
    if scoped.values.iter().all(|v| v.offset.is_none()) {
        return Err(EditError {
            message: format!(
                "{} name no partition with an offset{}, so there is nothing to start from.",
                crate::diag::capitalised(&reference.role.phrase()),
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
    })
}
