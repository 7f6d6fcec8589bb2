//! The work counter the linearity test (`linearity.rs`) reads: a step is one partition map made
//! comparable (`PartitionKey::of`, or the S7 index's canonical pairs), the unit every lookup of
//! an entry by its partition pays, whether through the index or through a scan.
//!
//! The count exists only in the crate's own unit tests (`cfg(test)`): in every other build,
//! the CLI, the page, the integration tests and the benchmarks, [`step`] is an empty function
//! that the compiler removes. It is per thread, because the test harness runs tests in parallel
//! and core never starts a thread of its own.

#[cfg(test)]
thread_local! {
    static STEPS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Counts one step of work (only in unit tests).
#[inline(always)]
pub(crate) fn step() {
    #[cfg(test)]
    STEPS.with(|s| s.set(s.get() + 1));
}

/// What `f` returns, and the steps it took on this thread.
#[cfg(test)]
pub(crate) fn count<T>(f: impl FnOnce() -> T) -> (T, u64) {
    let before = STEPS.with(std::cell::Cell::get);
    let out = f();
    let after = STEPS.with(std::cell::Cell::get);
    (out, after - before)
}
