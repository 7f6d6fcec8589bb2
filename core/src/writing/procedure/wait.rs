//! The waits of every transport, written once: the copy-paste steps poll a test a bounded number
//! of times and then show what they found; the script polls until a deadline and stops with what
//! it found. What is polled (an annotation or a state through kubectl, a status through curl)
//! and what is said is the transport's (`kube`, `kube_create`, `rest`, `rest_create`).

use super::POLL_INTERVAL_SECONDS;

/// The copy-paste wait: runs `test` every few seconds until it holds, for at most `timeout`
/// seconds, then runs `show`, whose output tells the reader whether the wait ended in time.
pub(super) fn poll(timeout: u32, test: &str, show: &str) -> String {
    let polls = timeout.div_ceil(POLL_INTERVAL_SECONDS);
    format!(
        "for _ in $(seq {polls}); do\n  {test} && break\n  sleep {POLL_INTERVAL_SECONDS}\ndone\n{show}"
    )
}

/// The script's wait until `$TIMEOUT_SECONDS` have passed. Each round runs `read` and ends the
/// wait when `done` holds; otherwise `arms` may stop the script, and past the deadline
/// `give_up` says why before the script exits. `read` and `arms` are lines indented by two
/// spaces, `give_up` lines indented by four, each line ending in a newline.
pub(super) fn until_deadline(read: &str, done: &str, arms: &str, give_up: &str) -> String {
    format!(
        "deadline=$((SECONDS + TIMEOUT_SECONDS))\nwhile true; do\n{read}  if {done}; then\n    break\n  fi\n{arms}  if [ \"${{SECONDS}}\" -ge \"${{deadline}}\" ]; then\n{give_up}    exit 1\n  fi\n  sleep {POLL_INTERVAL_SECONDS}\ndone"
    )
}
