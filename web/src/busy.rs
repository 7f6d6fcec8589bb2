//! The busy state (issue 13, item 9): a load or a bulk action that takes long first paints
//! "Loading 100,000 entries…" (a status line, and `aria-busy` on the page), then runs in a task
//! of its own after that frame, and the line goes away with the result. Small work runs at once:
//! a flash of "busy" for a 10 ms edit would only be noise.

use crate::{io, store::StoreHandle};
use offsets_core::editor::EditorAction;
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

/// Above this many rows (or bytes of text to read) an action is announced before it runs.
pub const HEAVY_ROWS: usize = 20_000;
pub const HEAVY_BYTES: usize = 1_000_000;

/// The busy state every component reaches through the context.
#[derive(Clone)]
pub struct Busy {
    label: UseStateHandle<Option<AttrValue>>,
    pending: Rc<RefCell<Option<gloo::render::AnimationFrame>>>,
}

impl PartialEq for Busy {
    fn eq(&self, other: &Self) -> bool {
        self.label == other.label
    }
}

impl Busy {
    /// Dispatches `action` now when it is light; else shows `label`, lets the browser paint it,
    /// then dispatches it and clears the label.
    pub fn run(&self, store: &StoreHandle, heavy: bool, label: &str, action: EditorAction) {
        if !heavy {
            store.dispatch(action);
            return;
        }
        self.label.set(Some(AttrValue::from(label.to_string())));
        let (store, busy) = (store.clone(), self.label.clone());
        *self.pending.borrow_mut() = Some(io::after_paint(move || {
            store.dispatch(action);
            busy.set(None);
        }));
    }

    /// Whether a heavy action is waiting or running.
    pub fn is_busy(&self) -> bool {
        self.label.is_some()
    }

    pub fn label(&self) -> Option<AttrValue> {
        (*self.label).clone()
    }
}

/// Whether an action over the loaded rows is heavy enough to announce.
pub fn heavy_rows(store: &StoreHandle) -> bool {
    store
        .editor()
        .session()
        .is_some_and(|s| s.len() > HEAVY_ROWS)
}

/// The state, created once by the app.
#[hook]
pub fn use_busy_state() -> Busy {
    let label = use_state(|| None::<AttrValue>);
    let pending = use_mut_ref(|| None::<gloo::render::AnimationFrame>);
    Busy { label, pending }
}

/// The busy state from the context (components are rendered inside the app's provider).
#[hook]
#[allow(clippy::expect_used)]
pub fn use_busy() -> Busy {
    use_context::<Busy>().expect("components are rendered inside App's busy provider")
}

#[derive(Properties, PartialEq)]
pub struct IndicatorProps {
    pub busy: Busy,
}

/// The line that says what is being done, fixed at the top of the window so it shows wherever
/// the user is.
#[component]
pub fn BusyIndicator(props: &IndicatorProps) -> Html {
    html! {
        <div class="busy-line" role="status" aria-live="polite">
            if let Some(label) = props.busy.label() {
                <span class="busy-spinner" aria-hidden="true"></span>
                { label }
            }
        </div>
    }
}
