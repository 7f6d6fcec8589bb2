//! Where the keyboard's focus goes in the table: Up, Down and Enter move between offset inputs
//! (a row outside the rendered window is scrolled into it first and focused once it exists), a
//! row asked for by the Problems list is revealed and focused, a row input that a re-render
//! took the focus from gets it back, and after a load the filter has the focus. The DOM calls
//! are in [`crate::io`].

use super::ROW_HEIGHT;
use crate::io::{focus_without_scrolling, offset_input, select_text};
use crate::store::use_store;
use offsets_core::editor::TableAction;
use offsets_core::editor::{EditorAction, NoticeAt, View, ViewItem};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, KeyboardEvent};
use yew::prelude::*;

/// The handlers the table and its rows need for the focus.
pub(super) struct RowFocus {
    /// Up/Down/Enter in a row's offset input: (this row, down).
    pub(super) on_move: Callback<(usize, bool)>,
    /// Down in the filter or the bulk Value: the first offset input the table shows.
    pub(super) to_table: Callback<()>,
    /// Remembers which row input has the focus.
    pub(super) on_focus_in: Callback<FocusEvent>,
}

/// The focus over `view`, rendered in `container` scrolled to `scroll_top`; `focus_row` is a row
/// the Problems list asks for, `on_focused` says it was focused.
#[hook]
pub(super) fn use_row_focus(
    view: Rc<View>,
    container: NodeRef,
    scroll_top: UseStateHandle<f64>,
    focus_row: Option<usize>,
    on_focused: Callback<()>,
) -> RowFocus {
    let store = use_store();
    let revision = store.revision();
    // A row whose offset input the keyboard moved to (Up, Down, Enter) and that was not
    // rendered yet: scrolled into the window, then focused by the effect below.
    //
    // The pending row lives in a ref, read when the effect runs (never a value captured by an
    // earlier render): a later move, or one that found its row rendered, replaces or clears it,
    // so a stale request can never take the focus back. `asked` re-runs the effect.
    let wanted = use_mut_ref(|| None::<usize>);
    let asked = use_state(|| 0_u64);
    // Scroll to and focus a row asked for by the Problems list, or by the keyboard.
    {
        let container = container.clone();
        let view = view.clone();
        let store = store.clone();
        let scroll_top = scroll_top.clone();
        let wanted = wanted.clone();
        let from_problems = focus_row;
        use_effect_with(
            (focus_row, *asked, revision, *scroll_top),
            move |(focus, _, _, _)| {
                let Some(row) = focus.or(*wanted.borrow()) else {
                    return;
                };
                let done = move || {
                    if from_problems.is_some() {
                        on_focused.emit(());
                    }
                    *wanted.borrow_mut() = None;
                };
                let Some(position) = view.items.iter().position(|i| *i == ViewItem::Row(row))
                else {
                    if from_problems.is_none() {
                        // A keyboard move to a row that is gone: nothing to focus.
                        return done();
                    }
                    // Hidden by the filter or a collapsed group: show everything, then retry.
                    store.dispatch(EditorAction::Table(TableAction::SetFilter(String::new())));
                    store.dispatch(EditorAction::Table(TableAction::CollapseAll(false)));
                    return;
                };
                if let Some(input) = offset_input(row) {
                    let _ = input.focus();
                    if from_problems.is_none() {
                        select_text(&input);
                    }
                    done();
                } else if let Some(el) = container.cast::<HtmlElement>() {
                    let top = (position as f64 * ROW_HEIGHT - 3.0 * ROW_HEIGHT).max(0.0);
                    if (top - *scroll_top).abs() < 1.0 {
                        // Scrolled there and still not rendered (an uneditable row): give up.
                        return done();
                    }
                    el.set_scroll_top(top as i32);
                    scroll_top.set(top);
                }
            },
        );
    }
    let (on_move, to_table) = keyboard_moves(&view, &wanted, &asked);
    let on_focus_in = use_focus_kept();
    use_filter_focus_after_load();
    RowFocus {
        on_move,
        to_table,
        on_focus_in,
    }
}

/// The keyboard's moves between offset inputs: Up, Down and Enter in a row's input
/// (`on_move`), and Down in the filter or the bulk Value (`to_table`). A row that is rendered
/// is focused at once; else it is left in `wanted` and `asked` is bumped, and the reveal
/// effect of [`use_row_focus`] scrolls to it first.
fn keyboard_moves(
    view: &Rc<View>,
    wanted: &Rc<RefCell<Option<usize>>>,
    asked: &UseStateHandle<u64>,
) -> (Callback<(usize, bool)>, Callback<()>) {
    // A keyboard move to a row's offset input: focused (its text selected) at once when it is
    // rendered, else asked of `use_row_focus`'s effect, which scrolls to it first.
    let go_to = {
        let (wanted, asked) = (wanted.clone(), asked.clone());
        move |row: usize| match offset_input(row) {
            Some(input) => {
                *wanted.borrow_mut() = None;
                let _ = input.focus();
                select_text(&input);
            }
            None => {
                *wanted.borrow_mut() = Some(row);
                asked.set(asked.wrapping_add(1));
            }
        }
    };
    // Up, Down and Enter in a row's offset input: the adjacent row's (groups skipped).
    let on_move = {
        let view = view.clone();
        let go_to = go_to.clone();
        Callback::from(move |(row, down): (usize, bool)| {
            let Some(position) = view.items.iter().position(|i| *i == ViewItem::Row(row)) else {
                return;
            };
            let row_at = |i: usize| match view.items.get(i) {
                Some(ViewItem::Row(r)) => Some(*r),
                _ => None,
            };
            let target = if down {
                (position + 1..view.items.len()).find_map(row_at)
            } else {
                (0..position).rev().find_map(row_at)
            };
            if let Some(target) = target {
                go_to(target);
            }
        })
    };
    let to_table = {
        let view = view.clone();
        Callback::from(move |()| {
            let first = view.items.iter().find_map(|i| match i {
                ViewItem::Row(r) => Some(*r),
                ViewItem::Group { .. } => None,
            });
            if let Some(row) = first {
                go_to(row);
            }
        })
    };
    (on_move, to_table)
}

/// The row input that has the focus keeps it across renders. Yew moves keyed rows as the window
/// slides, and a moved element loses the focus to the page: after each render it gets it back
/// (without scrolling). A click anywhere forgets it, so a focus the user moved away is never
/// taken. Returns the `focusin` handler that remembers the row.
#[hook]
fn use_focus_kept() -> Callback<FocusEvent> {
    let last_focus = use_mut_ref(|| None::<usize>);
    {
        let last_focus = last_focus.clone();
        use_effect_with((), move |_| {
            let listener = gloo::events::EventListener::new(
                &gloo::utils::document(),
                "mousedown",
                move |_| *last_focus.borrow_mut() = None,
            );
            move || drop(listener)
        });
    }
    {
        let last_focus = last_focus.clone();
        use_effect(move || {
            let lost = gloo::utils::document()
                .active_element()
                .is_none_or(|a| a.tag_name() == "BODY");
            let row = *last_focus.borrow();
            if lost && let Some(input) = row.and_then(offset_input) {
                focus_without_scrolling(&input);
            }
        });
    }
    // A key pressed in the moment a render has taken the focus from the row input and the
    // effect above has not given it back yet lands on the page: on a busy machine Yew yields
    // between the two, and a held Up or Down would drop a press there. Up and Down pressed then
    // are given to the row input that had the focus, through its own handler.
    {
        let last_focus = last_focus.clone();
        use_effect_with((), move |_| {
            let listener = gloo::events::EventListener::new_with_options(
                &gloo::utils::document(),
                "keydown",
                gloo::events::EventListenerOptions::enable_prevent_default(),
                move |e| {
                    let Some(e) = e.dyn_ref::<KeyboardEvent>() else {
                        return;
                    };
                    let key = e.key();
                    if !matches!(key.as_str(), "ArrowUp" | "ArrowDown")
                        || e.ctrl_key()
                        || e.meta_key()
                        || e.alt_key()
                        || e.shift_key()
                    {
                        return;
                    }
                    let lost = gloo::utils::document()
                        .active_element()
                        .is_none_or(|a| a.tag_name() == "BODY");
                    let row = *last_focus.borrow();
                    if let (true, Some(input)) = (lost, row.and_then(offset_input)) {
                        e.prevent_default();
                        focus_without_scrolling(&input);
                        // Once this listener has returned: the new event bubbles up to it.
                        wasm_bindgen_futures::spawn_local(async move {
                            let init = web_sys::KeyboardEventInit::new();
                            init.set_key(&key);
                            init.set_bubbles(true);
                            init.set_cancelable(true);
                            if let Ok(again) =
                                KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init)
                            {
                                let _ = input.dispatch_event(&again);
                            }
                        });
                    }
                },
            );
            move || drop(listener)
        });
    }
    Callback::from(move |e: FocusEvent| {
        let row = e
            .target_dyn_into::<HtmlElement>()
            .and_then(|t| t.id().strip_prefix("offset-").and_then(|n| n.parse().ok()));
        if row.is_some() {
            *last_focus.borrow_mut() = row;
        }
    })
}

/// After a load, the filter has the focus (not after a restored draft, where the page just
/// opened, nor after the kind or key selectors, which keep theirs).
#[hook]
fn use_filter_focus_after_load() {
    let store = use_store();
    let loads = store.editor().loads();
    // A restored draft says so in the page's notice; a load's notice is the import's.
    let restored = store
        .editor()
        .notice()
        .is_some_and(|n| n.at == NoticeAt::Page);
    let first = use_mut_ref(|| true);
    use_effect_with(loads, move |_| {
        let document = gloo::utils::document();
        let active = document.active_element().map(|e| e.tag_name());
        // The import area folds away on a load, taking the focused Load button with it,
        // so the focus being on the body does not mean the page just opened.
        let at_start = std::mem::replace(&mut *first.borrow_mut(), false)
            && restored
            && active.as_deref().is_none_or(|t| t == "BODY");
        if !at_start
            && active.as_deref() != Some("SELECT")
            && let Some(filter) = document
                .get_element_by_id("filter")
                .and_then(|e| e.dyn_into::<HtmlElement>().ok())
        {
            let _ = filter.focus();
        }
    });
}
