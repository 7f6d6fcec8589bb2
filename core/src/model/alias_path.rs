//! `AliasPath`: where a KafkaMirrorMaker2 custom resource keeps a mirror's source alias (old-
//! or new-style mirrors), a fact of the resource that the check and the procedure share.

/// Where a KafkaMirrorMaker2 CR keeps the source alias of a mirror, used as the JSON-patch
/// `test` guard that makes sure index `I` is the intended mirror (a failed `test` operation
/// stops the whole patch).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AliasPath {
    /// `/spec/mirrors/I/source/alias` (`kafka.strimzi.io/v1`, Strimzi 1.0+; optional in 0.49-0.51).
    New,
    /// `/spec/mirrors/I/sourceCluster` (v1beta2, Strimzi 0.44-0.51).
    Old,
}
