//! The alter ConfigMap in rounds: when one ConfigMap would hold more than Kubernetes allows
//! (K6, 1 MiB of data), the entries are cut into consecutive rounds `NAME-1`, `NAME-2`, ...,
//! each a complete alter ConfigMap under the limit, written as one YAML stream. An alter names
//! only the partitions it changes, so applying the rounds one after the other (the procedure's
//! "Alter round k of n" steps) stores exactly what one alter of every entry would.

use super::{ConfigMapOptions, Export, Gate, MAX_CONFIGMAP_BYTES, configmap_yaml_gated, gate, k};
use crate::diag::{Diagnostic, Severity};
use crate::model::Listing;

/// Rule id of the note that says how the export was cut.
pub const RULE_ROUNDS: &str = "K6";

/// The alter ConfigMap of `listing` cut into rounds of at most `max_bytes` of data each
/// (`None`: [`MAX_CONFIGMAP_BYTES`]; a larger value is lowered to it). The rounds are named
/// `<name>-1` ... `<name>-n` after the name [`configmap_yaml_gated`] would use, and are
/// separated by `---` lines. One round when everything fits: still named `<name>-1`, so a
/// procedure generated for rounds and the ConfigMaps always agree.
///
/// Validation runs once, on the whole listing; an error refuses every round. The findings of
/// the first round (K7, K10) stand for all of them, plus one note naming the rounds.
pub fn configmap_rounds(
    listing: &Listing,
    validation: Gate<'_>,
    options: &ConfigMapOptions,
    max_bytes: Option<usize>,
) -> Result<Rounds, Vec<Diagnostic>> {
    let checked = gate(listing, validation)?;
    let limit = max_bytes.map_or(MAX_CONFIGMAP_BYTES, |m| m.min(MAX_CONFIGMAP_BYTES));
    let base = base_name(listing, options).ok_or_else(|| {
        // The same K1 the single export gives, with its wording.
        match configmap_yaml_gated(listing, Gate::Checked(&checked), options) {
            Err(d) => d,
            Ok(_) => Vec::new(),
        }
    })?;
    let options = ConfigMapOptions {
        // Other data keys would count against every round's limit and be applied n times.
        keep_other_data: false,
        ..options.clone()
    };
    let mut chunks = pack(listing, limit);
    let mut rounds: Vec<(Listing, Export)> = Vec::new();
    while let Some(chunk) = chunks.pop() {
        let index = rounds.len() + 1;
        let named = ConfigMapOptions {
            name: Some(format!("{base}-{index}")),
            ..options.clone()
        };
        let data = chunk.to_pretty_json().len();
        match configmap_yaml_gated(&chunk, Gate::Checked(&checked), &named) {
            // The estimate was short: halve the round and try again (a single entry over the
            // limit cannot be cut and is refused as one).
            Ok(_) | Err(_) if data > limit && chunk.entries.len() > 1 => {
                let (first, second) = halves(chunk);
                chunks.push(second);
                chunks.push(first);
            }
            Ok(export) => rounds.push((chunk, export)),
            Err(diags) => return Err(diags),
        }
    }
    let names: Vec<String> = (1..=rounds.len()).map(|i| format!("{base}-{i}")).collect();
    let mut text = String::new();
    let mut diagnostics = Vec::new();
    let mut entries = Vec::with_capacity(rounds.len());
    for (i, (chunk, export)) in rounds.into_iter().enumerate() {
        if i > 0 {
            text.push_str("---\n");
        }
        text.push_str(&export.text);
        entries.push(chunk.entries.len());
        if i == 0 {
            diagnostics = export.diagnostics;
        }
    }
    diagnostics.push(k(
        RULE_ROUNDS,
        Severity::Info,
        round_summary(&names, &entries, limit),
    ));
    Ok(Rounds {
        export: Export { text, diagnostics },
        names,
        entries,
    })
}

/// The rounds of an alter ConfigMap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rounds {
    /// Every round's ConfigMap, separated by `---` lines, and the findings.
    pub export: Export,
    /// The ConfigMap names, in the order they are applied.
    pub names: Vec<String>,
    /// How many entries each round holds.
    pub entries: Vec<usize>,
}

/// "Exported in 3 rounds ...": how many, their names and how many entries each holds.
fn round_summary(names: &[String], entries: &[usize], limit: usize) -> String {
    let count = |n: usize| {
        if n == 1 {
            "1 entry".to_owned()
        } else {
            format!("{n} entries")
        }
    };
    let rounds = match names {
        [only] => format!("1 round, {only} ({})", count(entries[0])),
        [first, .., last] => {
            let least = entries.iter().min().copied().unwrap_or(0);
            let most = entries.iter().max().copied().unwrap_or(0);
            let each = if least == most {
                count(least)
            } else {
                format!("{least} to {}", count(most))
            };
            format!("{} rounds, {first} to {last} ({each} each)", names.len())
        }
        [] => "no round".to_owned(),
    };
    format!(
        "Exported in {rounds}, at most {limit} bytes of data per round. Apply them one after the other, each with its own alter annotation: the procedure generated for the rounds does."
    )
}

/// The name the single export would give the ConfigMap.
fn base_name(listing: &Listing, options: &ConfigMapOptions) -> Option<String> {
    options.name.clone().or_else(|| {
        listing
            .configmap
            .as_ref()
            .and_then(|m| m.name.as_deref())
            .map(|n| format!("{n}-alter"))
    })
}

/// Consecutive chunks of `listing`'s entries whose payload should each fit `limit`, estimated
/// from each entry's own payload; returned last first (the caller pops them).
fn pack(listing: &Listing, limit: usize) -> Vec<Listing> {
    let mut empty = listing.clone();
    empty.entries.clear();
    let overhead = empty.to_pretty_json().len();
    let mut one = empty.clone();
    let mut chunks = Vec::new();
    let mut current = empty.clone();
    let mut size = overhead;
    for entry in &listing.entries {
        one.entries.push(entry.clone());
        // The entry's share of a payload, with room for the separator between two entries.
        let cost = one.to_pretty_json().len().saturating_sub(overhead) + 4;
        one.entries.clear();
        if !current.entries.is_empty() && size + cost > limit {
            chunks.push(std::mem::replace(&mut current, empty.clone()));
            size = overhead;
        }
        current.entries.push(entry.clone());
        size += cost;
    }
    chunks.push(current);
    chunks.reverse();
    chunks
}

fn halves(mut chunk: Listing) -> (Listing, Listing) {
    let tail = chunk.entries.split_off(chunk.entries.len() / 2);
    let mut second = chunk.clone();
    second.entries = tail;
    (chunk, second)
}
