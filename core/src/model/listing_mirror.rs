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
    /// `S->T.Type` when the data key names the whole connector (`None` for a key whose aliases
    /// cannot be told apart for certain, IMP5).
    pub connector: Option<String>,
    /// The MirrorMaker 2 data key the listing came from: a connector agrees when its own key is
    /// this one, however the key's aliases split.
    pub data_key: Option<String>,
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
                connector: (!m.ambiguous).then(|| m.name.connector_name()),
                data_key: Some(m.name.data_key()),
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
            data_key: None,
            connector_type: "MirrorSourceConnector",
            evidence: match l.entries.len() {
                1 => "the cluster of its entry".to_owned(),
                n => format!("the cluster of its {n} entries"),
            },
        })
    }

    /// True when the connector `name` (`S->T.Type`) is one this listing can be for.
    pub fn agrees(&self, name: &str) -> bool {
        let Ok(p) = names::MirrorConnectorName::parse(name) else {
            return false;
        };
        match &self.data_key {
            Some(key) => p.data_key() == *key,
            None => p.source == self.alias && p.connector_type == self.connector_type,
        }
    }

    /// `'S->T.Type'`, `the connector of data key 'K'` or `source alias 'S'`, with the
    /// evidence: for a message.
    pub fn describe(&self) -> String {
        match (&self.connector, &self.data_key) {
            (Some(c), _) => format!("'{}' ({})", shown(c), self.evidence),
            (None, Some(_)) => format!("the connector of {}", self.evidence),
            (None, None) => format!("source alias '{}' ({})", shown(&self.alias), self.evidence),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::model::{Entry, InputForm};

    fn listing(clusters: &[&str], key: Option<&str>) -> Listing {
        let mut l = Listing::new(ConnectorKind::MirrorSource, InputForm::RestPayload);
        l.entries = clusters
            .iter()
            .map(|c| Entry::mirror_source(c, "orders", 0, Some(1)))
            .collect();
        if let Some(k) = key {
            l.data_key = Some(k.to_owned());
            l.mirror = names::parse_mirror_data_key(k);
        }
        l
    }

    #[test]
    fn the_entries_name_the_source_alias_when_there_is_no_data_key() {
        let south = ListingMirror::of(&listing(&["south", "south"], None)).unwrap();
        assert_eq!(south.alias, "south");
        assert!(south.agrees("south->west.MirrorSourceConnector"));
        assert!(!south.agrees("east->west.MirrorSourceConnector"));
        assert!(!south.agrees("south->west.MirrorCheckpointConnector"));
        assert_eq!(
            south.describe(),
            "source alias 'south' (the cluster of its 2 entries)"
        );
        // Several clusters, or none: the listing does not say.
        assert_eq!(ListingMirror::of(&listing(&["south", "east"], None)), None);
        assert_eq!(ListingMirror::of(&listing(&[], None)), None);
    }

    #[test]
    fn the_data_key_names_the_connector_however_its_aliases_split() {
        let east = ListingMirror::of(&listing(
            &["south"],
            Some("east--west.MirrorSourceConnector.json"),
        ))
        .unwrap();
        assert_eq!(
            east.connector.as_deref(),
            Some("east->west.MirrorSourceConnector")
        );
        assert!(east.agrees("east->west.MirrorSourceConnector"));
        assert!(!east.agrees("south->west.MirrorSourceConnector"));
        // An alias with "--": the key cannot say where it splits, and either split agrees.
        let key = "a--b--west.MirrorSourceConnector.json";
        let ambiguous = ListingMirror::of(&listing(&["a--b"], Some(key))).unwrap();
        assert_eq!(ambiguous.connector, None);
        assert!(ambiguous.agrees("a--b->west.MirrorSourceConnector"));
        assert!(!ambiguous.agrees("a->west.MirrorSourceConnector"));
        assert_eq!(
            ambiguous.describe(),
            format!("the connector of its data key '{key}'")
        );
    }
}
