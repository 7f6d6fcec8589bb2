//! The safe order, written once: every procedure's steps in the order that keeps it from
//! acting on a stale listing or a running connector (ARCHITECTURE.md, "The alter procedure"),
//! whatever the transport that renders each step (`transport`).
//!
//! - alter: record the state, stop, wait for STOPPED, list again, compare with the listing the
//!   edits were made on, alter (one ConfigMap, or round after round), verify, resume, clean up;
//! - reset: record the state, stop, wait for STOPPED, list before, reset, list after, resume;
//! - create: check that no connector of the name exists, upload (kubectl), create it STOPPED,
//!   wait for STOPPED, see what the name stored before (refuse it, reset it with the reset's
//!   commands, or keep it), alter, verify, and only then start it; clean up.

use super::compare::{compare, verify};
use super::step::RawStep;
use super::transport::{Change, Transport};
use super::{Operation, Previous};

/// The steps of `op`, rendered by `t`.
pub(super) fn steps(t: &dyn Transport, op: &Operation) -> Vec<RawStep> {
    match op {
        Operation::List => t.list(),
        Operation::Alter { payload } => alter(t, payload),
        Operation::Reset => reset(t),
        Operation::AutoOffsetReset(value) => t.auto_offset_reset(*value),
        Operation::Create {
            payload, previous, ..
        } => create(t, payload, *previous),
    }
}

fn alter(t: &dyn Transport, payload: &str) -> Vec<RawStep> {
    let mut steps = stop_and_list(t, Change::Alter);
    steps.push(compare(t));
    steps.extend(t.alter(payload));
    steps.extend([
        verify(t, t.words().not_landed),
        t.resume(Change::Alter),
        t.clean_up(),
    ]);
    steps
}

fn reset(t: &dyn Transport) -> Vec<RawStep> {
    let mut steps = stop_and_list(t, Change::Reset);
    steps.extend(t.reset());
    steps.extend([t.list_after_reset(), t.resume(Change::Reset)]);
    steps
}

/// What an alter and a reset start with: record the state, stop, wait for STOPPED, list.
fn stop_and_list(t: &dyn Transport, change: Change) -> Vec<RawStep> {
    vec![
        t.record_state(change),
        t.stop(change),
        t.wait_until_stopped(),
        t.list_before(change),
    ]
}

fn create(t: &dyn Transport, payload: &str, previous: Previous) -> Vec<RawStep> {
    // A create that validation refused (a Strimzi create without its resource) has no steps.
    let (Some(absent), Some(create)) = (t.check_absent(), t.create_stopped()) else {
        return Vec::new();
    };
    let mut steps = vec![absent];
    steps.extend(t.upload(payload));
    steps.extend([create, t.wait_created()]);
    // Old offsets under the name are reset as the reset operation resets them.
    steps.extend(t.previous(previous, &t.reset()));
    steps.extend(t.alter_created(payload));
    steps.extend([
        verify(t, &t.create_not_landed()),
        t.start(),
        t.clean_up_created(),
    ]);
    steps
}
