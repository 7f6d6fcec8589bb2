//! Which connector of a KafkaMirrorMaker2 the listing (or the alter export) is for: the one its
//! data key names, else the connector that mirrors from the source alias its entries' `cluster`
//! names ([`ListingMirror`]). The pending `strimzi.io/mirrormaker-connector` annotation never
//! overrides it, and a connector named otherwise (the annotation, `--connector`) is a CR7 error
//! that names both (issue 31, item 3).

use super::commands::remove_args;
use super::{Against, Finding, LowerFirst, Names, connector_label};
use crate::diag::Severity;
use crate::model::ListingMirror;
use crate::model::names::shown;
use crate::reading::resource::{ANNOTATION_MIRROR_CONNECTOR, ConnectorSpec, Resource};

/// What the alter export, else the listing, says about its connector, and which of the two
/// said it (`the alter ConfigMap`, `the listing`).
pub(super) fn listing_mirror(against: &Against<'_>) -> Option<(ListingMirror, &'static str)> {
    [
        (against.alter, "the alter ConfigMap"),
        (against.listing, "the listing"),
    ]
    .into_iter()
    .find_map(|(l, what)| Some((ListingMirror::of(l?)?, what)))
}

/// The connector of `r` that `lm` is for: `None` when none is, or when several are (two mirrors
/// from the same source to different targets, v1beta2) and the annotation picks none of them.
pub(super) fn for_listing<'r>(
    r: &'r Resource,
    lm: &ListingMirror,
) -> Option<(Option<usize>, &'r ConnectorSpec)> {
    let candidates: Vec<(Option<usize>, &ConnectorSpec)> = r
        .connectors()
        .into_iter()
        .filter(|(_, c)| c.name.as_deref().is_some_and(|n| lm.agrees(n)))
        .collect();
    match candidates.as_slice() {
        [] => None,
        // One name (two mirrors that make the same connector are CR4's): the first, as
        // `find_connector` picks it.
        [first, rest @ ..] if rest.iter().all(|(_, c)| c.name == first.1.name) => Some(*first),
        _ => {
            let annotated = annotated(r)?;
            candidates
                .into_iter()
                .find(|(_, c)| c.name.as_deref() == Some(annotated))
        }
    }
}

/// The `strimzi.io/mirrormaker-connector` value, when it names a connector of `r` (a value that
/// names none is CR4's).
fn annotated(r: &Resource) -> Option<&str> {
    r.annotation(ANNOTATION_MIRROR_CONNECTOR)
        .and_then(|a| a.value.value())
        .filter(|v| r.find_connector(v).is_some())
}

/// CR7: the connector asked for and the pending annotation against the listing's connector.
pub(super) fn contradictions(r: &Resource, n: &Names, against: &Against<'_>) -> Vec<Finding> {
    let mut out = Vec::new();
    if r.kind != crate::reading::resource::ResourceKind::KafkaMirrorMaker2 {
        return out;
    }
    let Some((lm, what)) = listing_mirror(against) else {
        return out;
    };
    let theirs = match (for_listing(r, &lm), &lm.connector) {
        (Some((Some(i), _)), Some(_)) => {
            format!("{what} for {}, in spec.mirrors[{i}]", lm.describe())
        }
        (Some((mirror, c)), _) => format!(
            "{what} for {}, {}",
            lm.describe(),
            connector_label(mirror, c).to_lowercase_first()
        ),
        _ => format!("{what} for {}", lm.describe()),
    };
    // A data key that is not the asked connector's is CR6's or CR7's already.
    if let Some(asked) = against.connector
        && lm.data_key.is_none()
        && !lm.agrees(asked)
    {
        let pos = r
            .find_connector(asked)
            .map(|(_, c)| c.pos)
            .or(r.mirrors.first().map(|m| m.pos))
            .unwrap_or(r.kind_pos);
        out.push(Finding::new(
            "CR7",
            Severity::Error,
            pos,
            format!(
                "The connector asked for (--connector) is '{}', but this is {theirs}: its offsets would be written for a connector that never reads them. Drop --connector (the listing names its connector), or give the listing of '{}'.",
                shown(asked),
                shown(asked)
            ),
        ));
    }
    if let Some(a) = r.annotation(ANNOTATION_MIRROR_CONNECTOR)
        && let Some(value) = annotated(r)
        && !lm.agrees(value)
    {
        out.push(
            Finding::new(
                "CR7",
                Severity::Error,
                a.value.pos().unwrap_or(a.key_pos),
                format!(
                    "The pending {ANNOTATION_MIRROR_CONNECTOR} annotation names '{}', but this is {theirs}: an offsets procedure for the listing would act on the mirror the annotation does not name, and the operator may run the pending operation on '{}' first. Withdraw the pending operation if it is stale (the command below), or let it finish; or give the listing of '{}'.",
                    shown(value),
                    shown(value),
                    shown(value)
                ),
            )
            .with(n.annotate(&remove_args(r))),
        );
    }
    out
}

/// The message of a KafkaMirrorMaker2 with no connector for the listing (or several), or
/// `None` when the listing names none (then the connector must be named).
pub(super) fn no_connector_for_listing(r: &Resource, against: &Against<'_>) -> Option<String> {
    let (lm, what) = listing_mirror(against)?;
    let known: Vec<String> = r
        .connectors()
        .iter()
        .filter_map(|(_, c)| c.name.as_deref().map(shown))
        .collect();
    let mut matching: Vec<&str> = r
        .connectors()
        .iter()
        .filter_map(|(_, c)| c.name.as_deref().filter(|n| lm.agrees(n)))
        .collect();
    matching.sort_unstable();
    matching.dedup();
    let matching = matching.len();
    let what = capitalized(what);
    Some(if matching > 1 {
        format!(
            "{what} is for {}, and {matching} connectors of this KafkaMirrorMaker2 mirror from it (its connectors: {}): name the one to use (--connector).",
            lm.describe(),
            known.join(", "),
        )
    } else {
        format!(
            "{what} is for {}, and this KafkaMirrorMaker2 has no such connector (its connectors: {}): give the resource that mirrors from '{}', or the listing of one of its connectors.",
            lm.describe(),
            known.join(", "),
            shown(&lm.alias)
        )
    })
}

/// `the listing` -> `The listing` (ASCII: the page's wasm needs no Unicode case table).
fn capitalized(what: &str) -> String {
    let mut out = what.to_owned();
    if let Some(first) = out.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_listing_mirror_agrees_only_with_its_source_and_type() {
        let lm = ListingMirror {
            alias: "south".into(),
            connector: None,
            data_key: None,
            connector_type: "MirrorSourceConnector",
            evidence: String::new(),
        };
        assert!(lm.agrees("south->west.MirrorSourceConnector"));
        assert!(!lm.agrees("east->west.MirrorSourceConnector"));
        assert!(!lm.agrees("south->west.MirrorCheckpointConnector"));
    }
}
