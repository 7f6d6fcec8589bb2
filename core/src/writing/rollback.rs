//! Rollback: the alter payload that undoes an alter, and PATCH semantics to say what a listing
//! looks like after a payload lands.
//!
//! `PATCH /connectors/<n>/offsets` only writes or tombstones the partitions it names, so a
//! rollback names exactly the partitions the alter changed: each gets its value before the edit
//! (the entry of the listing before the edit, byte for byte); a partition the alter added gets
//! `null` (it had no stored offset); a partition the alter nulled gets its old value back. A
//! rollback is applied exactly like an alter, so its ConfigMap and procedure are the alter's.

use crate::diag::Diagnostic;
use crate::editing::diff::offset_value;
use crate::editing::edit::OffsetValue;
use crate::json::{JsonValue, Raw};
use crate::model::{Entry, Listing, Origin, PartitionKey};
use crate::writing::export::{ConfigMapOptions, Export, Gate, configmap_yaml_gated};
use crate::writing::procedure::{Listed, Options, RelativeEdits};
use std::collections::HashMap;

/// A rollback: the payload to alter with, and the states around it.
#[derive(Debug, Clone, PartialEq)]
pub struct Rollback {
    /// The entries to alter with (only the partitions the alter changed).
    pub payload: Listing,
    /// The listing as it should be once the alter landed (`before` with the alter applied):
    /// what the rollback procedure compares with a fresh listing before it alters.
    pub after_alter: Listing,
    /// The listing as it should be once the rollback landed: `before` again for every partition.
    pub expected: Listing,
    /// Partitions the rollback gives their previous value.
    pub restored: usize,
    /// Partitions the alter added, which the rollback deletes (`null`).
    pub deleted: usize,
}

/// Index of the LAST entry of each partition (the one Kafka Connect keeps).
fn index(listing: &Listing) -> HashMap<PartitionKey, usize> {
    let mut map = HashMap::with_capacity(listing.entries.len());
    for (i, e) in listing.entries.iter().enumerate() {
        if let Some(k) = e.connect_key(listing.kind) {
            map.insert(k, i);
        }
    }
    map
}

/// Applies `payload` to `listing` with PATCH semantics: a partition the payload names gets the
/// payload's entry, a `null` offset removes it, and partitions it does not name stay as they
/// are (in their order; new partitions are appended in the payload's order). Entries without a
/// partition key are ignored, as Connect cannot store them.
pub fn apply_patch(listing: &Listing, payload: &Listing) -> Listing {
    let kind = listing.kind;
    let mut out = listing.clone();
    let mut at = index(&out);
    let mut removed = vec![false; out.entries.len()];
    for e in &payload.entries {
        let Some(k) = e.connect_key(kind) else {
            continue;
        };
        let null = offset_value(kind, e) == OffsetValue::Null;
        match at.get(&k) {
            Some(&i) => {
                if null {
                    if let Some(r) = removed.get_mut(i) {
                        *r = true;
                    }
                } else if let Some(slot) = out.entries.get_mut(i) {
                    *slot = e.clone();
                    if let Some(r) = removed.get_mut(i) {
                        *r = false;
                    }
                }
            }
            None if !null => {
                at.insert(k, out.entries.len());
                out.entries.push(e.clone());
                removed.push(false);
            }
            None => {}
        }
    }
    // Earlier duplicates of a partition are dropped: Connect stores one offset per partition.
    let last = index(&out);
    out.entries = out
        .entries
        .into_iter()
        .enumerate()
        .filter(|(i, e)| {
            !removed.get(*i).copied().unwrap_or(false)
                && e.connect_key(kind).is_some_and(|k| last.get(&k) == Some(i))
        })
        .map(|(_, e)| e)
        .collect();
    out
}

/// The rollback of an alter: `before` is the listing the edits were made on, `altered` the
/// edited listing or just the alter payload (entries equal to `before` are not changes and are
/// left out either way; partitions missing from `altered` were not named, so not changed).
pub fn rollback(before: &Listing, altered: &Listing) -> Rollback {
    let kind = before.kind;
    let before_at = index(before);
    let altered_at = index(altered);
    // The payload keeps the listing's wrapper (form, data key, ConfigMap metadata), not its entries.
    let mut payload = Listing::new(kind, before.form);
    payload.data_key = before.data_key.clone();
    payload.available_keys = before.available_keys.clone();
    payload.mirror = before.mirror.clone();
    payload.configmap = before.configmap.clone();
    let (mut restored, mut deleted) = (0, 0);
    for (i, e) in altered.entries.iter().enumerate() {
        let Some(k) = e.connect_key(kind) else {
            continue;
        };
        // Only the last entry of a partition counts (Jackson and Connect keep the last).
        if altered_at.get(&k) != Some(&i) {
            continue;
        }
        let new = offset_value(kind, e);
        match before_at.get(&k).and_then(|&j| before.entries.get(j)) {
            Some(old) => {
                let same = match (offset_value(kind, old), new) {
                    (OffsetValue::Unreadable, _) | (_, OffsetValue::Unreadable) => {
                        old.raw().get("offset") == e.raw().get("offset")
                    }
                    (a, b) => a == b,
                };
                if !same {
                    // A generated entry: its findings are about the rollback, not a line of the
                    // listing it was copied from.
                    let mut entry = old.clone();
                    entry.set_origin(Origin::default());
                    payload.entries.push(entry);
                    restored += 1;
                }
            }
            None => {
                if new != OffsetValue::Null {
                    let partition = e
                        .raw()
                        .get("partition")
                        .map_or_else(JsonValue::null, Raw::to_value);
                    payload.entries.push(Entry::new(partition, None));
                    deleted += 1;
                }
            }
        }
    }
    let after_alter = apply_patch(before, altered);
    let expected = apply_patch(&after_alter, &payload);
    Rollback {
        payload,
        after_alter,
        expected,
        restored,
        deleted,
    }
}

impl Rollback {
    /// The listing the rollback is validated against: the state after the alter, plus the
    /// listed entry of each partition the alter deleted (nulled), which the rollback puts back.
    /// Such a partition has no stored offset after the alter, but it is no new partition (MS10
    /// said so, issue 31 item 12): it is restored to what it was.
    pub fn validation_base(&self) -> Listing {
        let kind = self.after_alter.kind;
        let present = index(&self.after_alter);
        let mut base = self.after_alter.clone();
        for e in &self.expected.entries {
            if e.connect_key(kind)
                .is_some_and(|k| !present.contains_key(&k))
            {
                base.entries.push(e.clone());
            }
        }
        base
    }

    /// Makes `options` those of this rollback's procedure, which is applied like an alter: it
    /// compares a fresh listing with the state after the alter, and every partition it names is
    /// absolute (it puts back a listed value whatever was stored since), so one that moved
    /// after the alter (the connector resumed and committed) is put back all the same, and the
    /// script names it. The CLI's `plan --rollback` and the page's Rollback tab both ask here.
    pub fn procedure_options(&self, options: &mut Options) {
        options.listed = Some(Listed::new(self.after_alter.clone()));
        options.relative = RelativeEdits::Nothing;
    }
}

/// The rollback ConfigMap: the alter ConfigMap export of the payload (same names, key and K
/// rules), validated against the state after the alter ([`Rollback::validation_base`]), so the
/// change rules describe what the rollback does. The default name is `<alter name>-rollback`; pass the alter ConfigMap's name
/// (or `None` for `<listed name>-alter`).
pub fn rollback_configmap(
    rollback: &Rollback,
    alter_name: Option<&str>,
    options: &ConfigMapOptions,
) -> Result<Export, Vec<Diagnostic>> {
    let mut options = options.clone();
    if options.name.is_none() {
        let listed = rollback
            .payload
            .configmap
            .as_ref()
            .and_then(|m| m.name.as_deref());
        options.name = match (alter_name, listed) {
            (Some(a), _) => Some(format!("{a}-rollback")),
            (None, Some(l)) => Some(format!("{l}-alter-rollback")),
            (None, None) => None,
        };
    }
    let diags =
        crate::checking::validate::validate(&rollback.payload, Some(&rollback.validation_base()));
    configmap_yaml_gated(&rollback.payload, Gate::Checked(&diags), &options)
}

/// The default alter ConfigMap name of an edited listing for [`rollback_configmap`]: the edited
/// document's own ConfigMap name when it differs from the listed one (it is an alter export),
/// else `None` (`<listed name>-alter`).
pub fn alter_name<'a>(before: &Listing, altered: &'a Listing) -> Option<&'a str> {
    let name = |l: &Listing| l.configmap.as_ref().and_then(|m| m.name.clone());
    let edited = altered.configmap.as_ref().and_then(|m| m.name.as_deref())?;
    (name(before).as_deref() != Some(edited)).then_some(edited)
}
