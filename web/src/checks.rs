//! The checks of the current data, computed once per change and shared by the panels that show
//! them (Problems, the table's row marks) and act on them (Export); on a large listing after the
//! table has been repainted.

use crate::io;
use crate::store::StoreHandle;
use offsets_core::Diagnostic;
use offsets_core::editor::Check;
use std::collections::BTreeMap;
use std::rc::Rc;
use yew::prelude::*;

/// Above this many rows, problems (and so exports) are computed after the table has been
/// repainted instead of before: an edit of 100k rows shows at once, and the panels below
/// follow a moment later, marked as updating until then.
const DEFER_ROWS: usize = 5_000;

/// The checks the panels share.
pub(crate) struct Checks {
    /// The editor's problems for the current data.
    pub(crate) problems: Rc<Vec<Diagnostic>>,
    /// Whether `problems` (and so the rest) are up to date.
    pub(crate) fresh: bool,
    /// What Problems lists and what blocks the export (one core call for both panels).
    pub(crate) check: Rc<Check>,
    /// The rows with an error, marked in the table.
    pub(crate) row_errors: Rc<BTreeMap<usize, String>>,
}

/// The problems, the check and the rows with an error, each recomputed only when what it
/// reads changes.
#[hook]
pub(crate) fn use_checks(store: StoreHandle) -> Checks {
    // Problems are computed once per change of the data and shared by the panels that show
    // them (Problems) and act on them (Export).
    let (problems, fresh) = use_problems(store.clone());
    let key = {
        let editor = store.editor();
        (editor.data_revision(), editor.settings_revision(), fresh)
    };
    // What Problems lists and what blocks the export, from one core call, so the two panels
    // count the same things (settings errors included); recomputed when the settings change too.
    let check = {
        let store = store.clone();
        let problems = problems.clone();
        use_memo(key, move |_| Rc::new(store.editor().check_from(&problems)))
    };
    // The rows with an error, marked in the table: from the same check as Problems.
    let row_errors = {
        let check = check.clone();
        use_memo(key, move |_| Rc::new(check.row_errors()))
    };
    Checks {
        problems,
        fresh,
        check: (*check).clone(),
        row_errors: (*row_errors).clone(),
    }
}

/// The editor's problems for the current data, and whether they are up to date.
#[hook]
fn use_problems(store: StoreHandle) -> (Rc<Vec<Diagnostic>>, bool) {
    let (data_revision, big) = {
        let editor = store.editor();
        (
            editor.data_revision(),
            editor.session().is_some_and(|s| s.len() > DEFER_ROWS),
        )
    };
    let now = {
        let store = store.clone();
        use_memo((data_revision, big), move |(_, big)| {
            (!big).then(|| Rc::new(store.editor().problems()))
        })
    };
    let later = use_state(|| (u64::MAX, Rc::new(Vec::new())));
    let pending = use_mut_ref(|| None::<gloo::render::AnimationFrame>);
    {
        let later = later.clone();
        use_effect_with((data_revision, big), move |(revision, big)| {
            if *big {
                let revision = *revision;
                // After the next frame is painted, in a task of its own.
                *pending.borrow_mut() = Some(io::after_paint(move || {
                    if store.editor().data_revision() == revision {
                        let problems = store.editor().problems();
                        later.set((revision, Rc::new(problems)));
                    }
                }));
            }
        });
    }
    match &*now {
        Some(problems) => (problems.clone(), true),
        None => (later.1.clone(), later.0 == data_revision),
    }
}
