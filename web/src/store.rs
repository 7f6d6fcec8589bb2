//! `Store`: the editor as a `yew::Reducible`, the context that hands it to every component, and
//! the click handler that only dispatches an action.

use offsets_core::editor::{Editor, EditorAction};
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

/// The reducer handle every component gets from the context.
///
/// The editor lives in a `RefCell` shared by every snapshot, and each action produces a new
/// `Store` with a new revision. Cloning the editor per action instead (the textbook
/// `Reducible`) would copy 100k rows on every keystroke; the editor's own reducer
/// (`Editor::apply`) is still the only place state changes.
#[derive(Debug, Clone)]
pub struct Store {
    editor: Rc<RefCell<Editor>>,
    revision: u64,
}

impl PartialEq for Store {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.editor, &other.editor) && self.revision == other.revision
    }
}

impl Store {
    pub(crate) fn new(editor: Editor) -> Store {
        let revision = editor.revision();
        Store {
            editor: Rc::new(RefCell::new(editor)),
            revision,
        }
    }

    /// Read access for rendering.
    pub fn editor(&self) -> std::cell::Ref<'_, Editor> {
        self.editor.borrow()
    }

    pub fn revision(&self) -> u64 {
        self.revision
    }
}

impl Reducible for Store {
    type Action = EditorAction;

    fn reduce(self: Rc<Self>, action: EditorAction) -> Rc<Self> {
        let revision = {
            let mut editor = self.editor.borrow_mut();
            editor.apply(action);
            editor.revision()
        };
        Rc::new(Store {
            editor: self.editor.clone(),
            revision,
        })
    }
}

pub type StoreHandle = UseReducerHandle<Store>;

/// A click handler that only dispatches `action`. Every such button shares this one closure
/// type: each closure type is code of its own in the wasm (its body, drop and call shims).
pub(crate) fn on_click(store: &StoreHandle, action: EditorAction) -> Callback<MouseEvent> {
    let store = store.clone();
    Callback::from(move |_: MouseEvent| store.dispatch(action.clone()))
}

/// The store from the context. Components are only ever rendered inside [`App`]'s provider,
/// so a missing context is a programming error (caught by every browser test), not bad input.
#[hook]
#[allow(clippy::expect_used)]
pub fn use_store() -> StoreHandle {
    use_context::<StoreHandle>().expect("components are rendered inside App's store provider")
}
