//! Writing: [`export`] writes the alter ConfigMap, the PATCH body and the CSV as deterministic
//! strings; [`procedure`] writes the kubectl or curl steps and script that apply them; [`rollback`]
//! builds the payload that undoes an alter.

pub mod export;
pub mod lookup;
pub mod procedure;
pub mod rollback;
