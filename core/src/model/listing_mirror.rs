//! Which MirrorMaker 2 connector a listing is for: the one its data key names (a ConfigMap the
//! operator wrote), else the source alias every entry's `cluster` names (a REST payload or a CSV
//! has no data key). A procedure takes the mirror from this, and a connector named otherwise (a
//! flag, a pending `strimzi.io/mirrormaker-connector` annotation) contradicts the listing.

use super::names::{self, shown};
use super::{ConnectorKind, Listing};

/// What a listing says about the MirrorMaker 2 connector it is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListingMirror {
    /// The source alias (the part before `->`).
    pub alias: String,
    /// `S->T.Type` when the data key names the whole connector.
    pub connector: Option<String>,
    /// `MirrorSourceConnector`, ... (from the data key; the entries of a source listing).
    pub connector_type: &'static str,
    /// What says so, for a message: `its data key 'K'` or `the cluster of its N entries`.
    pub evidence: String,
}

impl ListingMirror {
    /// Reads `l`: `None` when it names no MirrorMaker 2 connector (another kind without a data
    /// key, no entries, or entries from several clusters).
    pub fn of(l: &Listing) -> Option<ListingMirror> {
        if let Some(m) = &l.mirror {
            return Some(ListingMirror {
                alias: m.name.source.clone(),
                connector: Some(m.name.connector_name()),
                connector_type: m.name.connector_type,
                evidence: format!(
                    "its data key '{}'",
                    shown(l.data_key.as_deref().unwrap_or_default())
                ),
            });
        }
        if l.kind != ConnectorKind::MirrorSource {
            return None;
        }
        let mut clusters = l
            .entries
            .iter()
            .filter_map(|e| e.mirror_partition())
            .map(|p| p.cluster);
        let first = clusters.next()?;
        if !clusters.all(|c| c == first) {
            return None;
        }
        Some(ListingMirror {
            alias: first.to_owned(),
            connector: None,
            connector_type: "MirrorSourceConnector",
            evidence: match l.entries.len() {
                1 => "the cluster of its entry".to_owned(),
                n => format!("the cluster of its {n} entries"),
            },
        })
    }

    /// True when the connector `name` (`S->T.Type`) is one this listing can be for.
    pub fn agrees(&self, name: &str) -> bool {
        match &self.connector {
            Some(c) => c == name,
            None => names::parse_mirror_connector_name(name)
                .is_ok_and(|p| p.source == self.alias && p.connector_type == self.connector_type),
        }
    }

    /// `'S->T.Type'` or `source alias 'S'`, with the evidence: for a message.
    pub fn describe(&self) -> String {
        match &self.connector {
            Some(c) => format!("'{}' ({})", shown(c), self.evidence),
            None => format!("source alias '{}' ({})", shown(&self.alias), self.evidence),
        }
    }
}
