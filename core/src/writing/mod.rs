//! Writing: [`export`] writes the alter ConfigMap, the PATCH body and the CSV as deterministic
//! strings; [`procedure`] writes the kubectl or curl steps and script that apply them; [`rollback`]
//! builds the payload that undoes an alter; [`groups`] the consumer-group reset plan from
//! MirrorMaker 2's checkpoints.

pub mod export;
pub mod groups;
pub mod groups_checks;
pub mod groups_script;
pub mod lookup;
pub mod procedure;
pub mod rollback;
