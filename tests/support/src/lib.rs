//! Helpers shared by the integration tests of `offsets-core` (`core/tests/it`) and `offsets-cli`
//! (`cli/tests/it`): golden files, inline snapshots, the generated-script safety check and temp
//! files that remove themselves; a
//! dev-dependency of both, never published. It does not depend on the core,
//! so the helpers of one crate only (an editor that loaded a fixture, the CLI runner) stay
//! modules of that crate's test binary.
// Test helpers fail by panicking: that is how they report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

pub mod golden;
pub mod script_safety;
pub mod snapshot;
pub mod temp;
