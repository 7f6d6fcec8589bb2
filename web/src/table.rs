//! The offsets table: a filter box, sortable columns, topic groups, and rows with inline
//! editing. It is virtualised: only the rows in view (plus a margin) exist in the DOM, so 100k
//! entries scroll as smoothly as ten.
//!
//! Keyboard: Up and Down in an offset input move to the offset input of the row above or
//! below (Enter commits and moves down, as a spreadsheet does); a row outside the rendered
//! window is scrolled into it first and focused once it exists. After a load the filter has
//! the focus. The bulk actions sit between the filter and the table, the order of the work.

use crate::notice::NoticeLine;
use crate::use_store;
use offsets_core::ConnectorKind;
use offsets_core::edit::Action;
use offsets_core::edit::MapSide;
use offsets_core::editor::{
    Editor, EditorAction, FieldCell, NoticeAt, RowDisplay, SortColumn, ViewItem, cell_edit,
    field_add_label, null_toggle,
};
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, HtmlInputElement, KeyboardEvent};
use yew::prelude::*;

/// Height of one table row in pixels; `.offsets-table tr` has the same height in style.css.
const ROW_HEIGHT: f64 = 36.0;
/// Rows rendered above and below the visible ones.
const OVERSCAN: usize = 12;

#[derive(Properties, PartialEq)]
pub struct TableProps {
    /// The rows to show (computed by the app from the editor).
    pub view: std::rc::Rc<offsets_core::editor::View>,
    /// A row to scroll to and focus (from the Problems list).
    pub focus_row: Option<usize>,
    pub on_focused: Callback<()>,
    /// Rows with an error (from the check Problems lists), each with its first error.
    pub row_errors: std::rc::Rc<std::collections::BTreeMap<usize, String>>,
}

/// Which columns a connector kind shows.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Columns {
    cluster: bool,
    /// A Topic column (the groups show the topic too; the column keeps it on every row).
    topic: bool,
    resumes_at: bool,
    /// A "Log range" column (when references give log bounds).
    log_range: bool,
    /// Partition and offset maps as key/value cells (generic connectors).
    fields: bool,
    offset_title: &'static str,
    partition_title: &'static str,
}

impl Columns {
    fn of(kind: ConnectorKind) -> Columns {
        match kind {
            ConnectorKind::MirrorSource => Columns {
                cluster: true,
                topic: true,
                resumes_at: true,
                log_range: false,
                fields: false,
                offset_title: "Offset (last mirrored)",
                partition_title: "Partition",
            },
            ConnectorKind::MirrorCheckpoint => Columns {
                cluster: true,
                topic: true,
                resumes_at: false,
                log_range: false,
                fields: false,
                offset_title: "Offset",
                partition_title: "Partition",
            },
            ConnectorKind::Sink => Columns {
                cluster: false,
                topic: true,
                resumes_at: false,
                log_range: false,
                fields: false,
                offset_title: "Offset (next to consume)",
                partition_title: "Partition",
            },
            ConnectorKind::MirrorHeartbeat => Columns {
                cluster: false,
                topic: false,
                resumes_at: false,
                log_range: false,
                fields: false,
                offset_title: "Offset",
                partition_title: "Source partition",
            },
            ConnectorKind::Generic => Columns {
                cluster: false,
                topic: false,
                resumes_at: false,
                log_range: false,
                fields: true,
                offset_title: "Offset map",
                partition_title: "Partition map",
            },
        }
    }

    fn count(self) -> usize {
        6 + usize::from(self.cluster)
            + usize::from(self.topic)
            + usize::from(self.resumes_at)
            + usize::from(self.log_range)
    }
}

/// An empty row whose height stands in for the rows that are not rendered: `height` whole
/// pixels (rows × [`ROW_HEIGHT`]; an integer, so no float formatting code is linked).
///
/// The height is the cell's `height` attribute (a presentational hint, which the strict
/// Content-Security-Policy allows where it forbids style attributes), written by the table's own
/// render, in the same DOM patch as the rows it stands in for. It used to be set from an effect
/// of a spacer component, after the render: Yew yields to the browser after 16 ms of work, and
/// on a busy machine the browser then laid out the new rows with the old spacer heights, clamped
/// (or anchored) `scrollTop` to that wrong table and sent a scroll event for it, so a jump to the
/// end of 100k rows could land back in the middle.
fn spacer(height: u64, cols: usize) -> Html {
    html! {
        <tr class="spacer" aria-hidden="true">
            <td colspan={cols.to_string()} height={height.to_string()}></td>
        </tr>
    }
}

#[component]
pub fn Table(props: &TableProps) -> Html {
    let store = use_store();
    let revision = store.revision();
    let view = props.view.clone();
    let container = use_node_ref();
    let scroll_top = use_state(|| 0.0_f64);
    let viewport = use_state(|| 640.0_f64);

    let editor = store.editor();
    let Some(session) = editor.session() else {
        return html! {};
    };
    let kind = session.kind();
    let columns = Columns {
        log_range: !editor.log_range().is_empty()
            && matches!(kind, ConnectorKind::MirrorSource | ConnectorKind::Sink),
        ..Columns::of(kind)
    };
    let filter_text = editor.filter_text().to_string();
    let filter_error = editor.filter_error().map(str::to_string);
    let sort = editor.sort();
    let selected = editor.selected().clone();
    let any_selected = !selected.is_empty();

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
        let on_focused = props.on_focused.clone();
        let wanted = wanted.clone();
        let from_problems = props.focus_row;
        use_effect_with(
            (props.focus_row, *asked, revision, *scroll_top),
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
                    store.dispatch(EditorAction::SetFilter(String::new()));
                    store.dispatch(EditorAction::CollapseAll(false));
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
    // A keyboard move to a row's offset input: focused (its text selected) at once when it is
    // rendered, else asked of the effect above, which scrolls to it first.
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
    // The row input that has the focus. Yew moves keyed rows as the window slides, and a moved
    // element loses the focus to the page: after each render it gets it back (without
    // scrolling). A click anywhere forgets it, so a focus the user moved away is never taken.
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
    let on_focus_in = {
        let last_focus = last_focus.clone();
        Callback::from(move |e: FocusEvent| {
            let row = e
                .target_dyn_into::<HtmlElement>()
                .and_then(|t| t.id().strip_prefix("offset-").and_then(|n| n.parse().ok()));
            if row.is_some() {
                *last_focus.borrow_mut() = row;
            }
        })
    };
    // Down in the filter or the bulk Value: the first offset input the table shows.
    let to_table = {
        let view = view.clone();
        let go_to = go_to.clone();
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
    let on_filter_key = {
        let to_table = to_table.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "ArrowDown" {
                e.prevent_default();
                to_table.emit(());
            }
        })
    };
    // After a load, the filter has the focus (not after a restored draft, where the page just
    // opened, nor after the kind or key selectors, which keep theirs).
    {
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

    let on_scroll = {
        let scroll_top = scroll_top.clone();
        let viewport = viewport.clone();
        let container = container.clone();
        Callback::from(move |_: Event| {
            if let Some(el) = container.cast::<HtmlElement>() {
                scroll_top.set(f64::from(el.scroll_top()));
                let height = f64::from(el.client_height());
                if height > 0.0 && (height - *viewport).abs() > 1.0 {
                    viewport.set(height);
                }
            }
        })
    };
    let on_filter = {
        let store = store.clone();
        Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            store.dispatch(EditorAction::SetFilter(input.value()));
        })
    };
    let sort_button = |column: SortColumn, title: &'static str, class: &'static str| {
        let active = sort.column == column;
        let aria_sort = match (active, sort.descending) {
            (false, _) => "none",
            (true, false) => "ascending",
            (true, true) => "descending",
        };
        html! {
            <th scope="col" class={class} aria-sort={aria_sort}>
                <button type="button" class="sort"
                    onclick={crate::on_click(&store, EditorAction::SortBy(column))}>
                    { title }
                    <span aria-hidden="true">{ match aria_sort { "ascending" => " ▲", "descending" => " ▼", _ => "" } }</span>
                </button>
            </th>
        }
    };

    let len = view.items.len();
    let visible = (*viewport / ROW_HEIGHT).ceil() as usize;
    let first = ((*scroll_top / ROW_HEIGHT).floor() as usize)
        .saturating_sub(OVERSCAN)
        .min(len);
    let last = (first + visible + 2 * OVERSCAN).min(len);
    let cols = columns.count();
    let rows = view.items[first..last].iter().cloned().map(|item| match item {
        ViewItem::Group { topic, rows, changed, collapsed } => {
            let on_toggle = crate::on_click(&store, EditorAction::ToggleGroup(topic.clone()));
            let key = format!("g:{topic}");
            html! {
                <tr class="group" key={key}>
                    <th colspan={cols.to_string()} scope="rowgroup">
                        <button type="button" class="group-toggle" aria-expanded={(!collapsed).to_string()}
                            onclick={on_toggle}>
                            <span aria-hidden="true">{ if collapsed { "▸ " } else { "▾ " } }</span>
                            { topic }
                        </button>
                        <span class="group-counts">
                            { offsets_core::editor::counted(rows, "partition", "partitions") }
                            if changed > 0 { <span class="changed-count">{ format!(" · {} changed", offsets_core::diag::group_digits(changed as u128)) }</span> }
                        </span>
                    </th>
                </tr>
            }
        }
        ViewItem::Row(index) => match editor.row_display(index) {
            Some(display) => html! {
                <OffsetRow key={format!("r:{index}")} display={display} columns={ColumnsProp(columns)}
                    selected={selected.contains(&index)} on_move={on_move.clone()}
                    error={props.row_errors.get(&index).map(|e| AttrValue::from(e.clone()))} />
            },
            None => html! {},
        },
    });

    let table = html! {
        <div class="table-scroll" ref={container} onscroll={on_scroll} onfocusin={on_focus_in} tabindex="-1">
            // Fixed column widths (style.css) so every column fits the container from 760 px up;
            // a generic connector's key/value maps keep the automatic layout.
            <table class={classes!("offsets-table", (!columns.fields).then_some("fixed"))} aria-label="Offsets" aria-rowcount={view.matched.to_string()}>
                <thead>
                    <tr>
                        <th scope="col" class="select"><span class="visually-hidden">{ "Select" }</span></th>
                        if columns.cluster { { sort_button(SortColumn::Cluster, "Cluster", "cluster") } }
                        if columns.topic { <th scope="col" class="topic">{ "Topic" }</th> }
                        { sort_button(SortColumn::Partition, columns.partition_title, "partition") }
                        { sort_button(SortColumn::Offset, columns.offset_title, "offset") }
                        <th scope="col" class="null">{ "Null" }</th>
                        if columns.resumes_at { <th scope="col" class="resumes">{ "Resumes at" }</th> }
                        if columns.log_range { <th scope="col" class="log-range">{ "Log range" }</th> }
                        { sort_button(SortColumn::Change, "Change", "change") }
                        <th scope="col" class="restore"><span class="visually-hidden">{ "Restore" }</span></th>
                    </tr>
                </thead>
                <tbody>
                    { spacer((first as f64 * ROW_HEIGHT) as u64, cols) }
                    { for rows }
                    { spacer(((len - last) as f64 * ROW_HEIGHT) as u64, cols) }
                </tbody>
            </table>
        </div>
    };
    drop(editor);

    let select_shown = crate::on_click(&store, EditorAction::SelectShown);
    let clear_selection = crate::on_click(&store, EditorAction::ClearSelection);
    let collapse = |all: bool| crate::on_click(&store, EditorAction::CollapseAll(all));

    let filter_described = if filter_error.is_some() {
        "filter-help filter-error"
    } else {
        "filter-help"
    };
    html! {
        <section class="panel table-panel" aria-labelledby="table-heading">
            <div class="table-tools">
                <h2 id="table-heading">{ "Offsets" }</h2>
                <label for="filter" class="inline">{ "Filter" }</label>
                <span class="field-stack filter-stack">
                    <input id="filter" type="search" value={filter_text} oninput={on_filter} onkeydown={on_filter_key}
                        placeholder="orders*  /regex/  partition:0-5  cluster:east  changed"
                        aria-describedby={filter_described} aria-invalid={filter_error.is_some().to_string()} />
                    if let Some(e) = filter_error {
                        <span id="filter-error" class="field-error" role="alert">{ e }</span>
                    }
                </span>
                <span id="filter-help" class="count" role="status">
                    { format!("{} of {} shown", offsets_core::diag::group_digits(view.matched as u128), offsets_core::editor::counted(view.total, "entry", "entries")) }
                </span>
            </div>
            // Filter, then what to do with the rows it shows, then the rows: the tab order.
            <crate::bulk::BulkPanel view={view.clone()} on_to_table={to_table} />
            <div class="table-tools">
                <button type="button" onclick={select_shown}>{ "Select shown" }</button>
                if any_selected {
                    <button type="button" onclick={clear_selection}>{ format!("Clear selection ({})", offsets_core::diag::group_digits(selected.len() as u128)) }</button>
                }
                <button type="button" onclick={collapse(true)}>{ "Collapse all" }</button>
                <button type="button" onclick={collapse(false)}>{ "Expand all" }</button>
            </div>
            { table }
            // Under the table, so that a message of a cell committed when it loses the focus
            // never moves the rows.
            <NoticeLine at={&[NoticeAt::Table][..]} />
        </section>
    }
}

/// `el.focus({ preventScroll: true })`, through `Reflect` (web-sys's `FocusOptions` would be
/// one more feature for one call).
fn focus_without_scrolling(el: &HtmlElement) {
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"preventScroll".into(), &true.into());
    if let Ok(focus) = js_sys::Reflect::get(el, &"focus".into())
        && let Ok(focus) = focus.dyn_into::<js_sys::Function>()
    {
        let _ = focus.call1(el, &options);
    }
}

/// Selects an input's text, so that what is typed after a keyboard move replaces it.
fn select_text(el: &HtmlElement) {
    if let Some(input) = el.dyn_ref::<HtmlInputElement>() {
        input.select();
    }
}

/// The offset input of `row`, when it is rendered.
fn offset_input(row: usize) -> Option<HtmlElement> {
    gloo::utils::document()
        .get_element_by_id(&format!("offset-{row}"))
        .and_then(|e| e.dyn_into::<HtmlElement>().ok())
}

/// An inline edit cell: what is typed (kept while it is refused), the refusal, and the
/// handlers. The change event (Enter, or leaving the field) commits through `decide`, which
/// turns the text into an action in the core or explains why not; Escape reverts to `shown`.
///
/// `shown`, the model's value, is the cell's committed text (its `data-committed` attribute):
/// Ctrl+Z there is the app's undo, which the cell then shows; only typing that differs from it
/// is the browser's to undo (see `history_keys`).
struct CellEditor {
    value: String,
    committed: String,
    error: Option<String>,
    on_input: Callback<InputEvent>,
    on_change: Callback<Event>,
    on_key: Callback<KeyboardEvent>,
}

#[hook]
fn use_cell_editor<F>(shown: String, decide: F) -> CellEditor
where
    F: Fn(&Editor, &str) -> Result<Option<Action>, String> + 'static,
{
    let store = use_store();
    let typed = use_state(|| None::<String>);
    let error = use_state(|| None::<String>);
    let on_input = {
        let (typed, error, shown) = (typed.clone(), error.clone(), shown.clone());
        Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            let text = input.value();
            // Typed (or text-undone) back to the model's value: nothing typed any more, so the
            // cell follows the model again (an undo must show in it).
            if text == shown {
                typed.set(None);
                error.set(None);
            } else {
                typed.set(Some(text));
            }
        })
    };
    let on_change = {
        let (typed, error) = (typed.clone(), error.clone());
        let shown_now = shown.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            let text = input.value();
            let result = decide(&store.editor(), &text);
            match result {
                Ok(action) => {
                    match action {
                        Some(action) => store.dispatch(EditorAction::Edit(action)),
                        // Nothing to change (a cleared cell, the same value): the cell shows
                        // its value again.
                        None => input.set_value(&shown_now),
                    }
                    typed.set(None);
                    error.set(None);
                }
                Err(message) => {
                    typed.set(Some(text));
                    error.set(Some(message));
                }
            }
        })
    };
    let on_key = {
        let (typed, error, shown) = (typed.clone(), error.clone(), shown.clone());
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                let input: HtmlInputElement = e.target_unchecked_into();
                input.set_value(&shown);
                typed.set(None);
                error.set(None);
                e.prevent_default();
            }
        })
    };
    CellEditor {
        value: (*typed).clone().unwrap_or_else(|| shown.clone()),
        committed: shown,
        error: (*error).clone(),
        on_input,
        on_change,
        on_key,
    }
}

/// `Columns` as a prop (a newtype so the props derive stays simple).
#[derive(Debug, Clone, Copy, PartialEq)]
struct ColumnsProp(Columns);

#[derive(Properties, PartialEq)]
struct RowProps {
    display: RowDisplay,
    columns: ColumnsProp,
    selected: bool,
    /// Up/Down/Enter in the offset input: (this row, down).
    on_move: Callback<(usize, bool)>,
    /// The row's first error, when it has one (marked next to its Change text).
    error: Option<AttrValue>,
}

#[component]
fn OffsetRow(props: &RowProps) -> Html {
    let store = use_store();
    let d = &props.display;
    let columns = props.columns.0;
    let row = d.index;
    let offset_cell = {
        let display = d.clone();
        use_cell_editor(d.offset.clone(), move |_, text| cell_edit(&display, text))
    };

    // Up and Down move to the adjacent row's offset input, Enter too after committing (the
    // change event commits when the focus leaves, or on Enter itself). A value the cell would
    // refuse keeps the focus here, with its message.
    let on_offset_key = {
        let (display, on_move, escape) =
            (d.clone(), props.on_move.clone(), offset_cell.on_key.clone());
        Callback::from(move |e: KeyboardEvent| {
            let down = match e.key().as_str() {
                "ArrowDown" | "Enter" => true,
                "ArrowUp" => false,
                _ => return escape.emit(e),
            };
            if e.ctrl_key() || e.meta_key() || e.alt_key() || e.shift_key() {
                return;
            }
            let input: HtmlInputElement = e.target_unchecked_into();
            if e.key() != "Enter" {
                e.prevent_default();
            }
            if cell_edit(&display, &input.value()).is_err() {
                if e.key() != "Enter" {
                    // Commit now, so the refusal shows (Enter's own change event does that).
                    if let Ok(change) = Event::new("change") {
                        let _ = input.dispatch_event(&change);
                    }
                }
                return;
            }
            on_move.emit((row, down));
        })
    };
    let on_null = {
        let store = store.clone();
        let display = d.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            store.dispatch(EditorAction::Edit(null_toggle(&display, input.checked())));
        })
    };
    let on_select = {
        let store = store.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            store.dispatch(EditorAction::Select {
                row,
                selected: input.checked(),
            });
        })
    };
    let on_restore = {
        let store = store.clone();
        Callback::from(move |_: MouseEvent| {
            store.dispatch(EditorAction::Edit(Action::Restore { row }))
        })
    };

    let name = d.label.trim_start_matches("Offset of ").to_string();
    let error_id = format!("offset-error-{row}");
    // What was typed and refused, else what is wrong with the imported value (a float, say).
    let cell_error = offset_cell.error.clone().or_else(|| d.offset_error.clone());
    html! {
        <tr class={classes!("row", d.changed.then_some("changed"), d.added.then_some("added"), props.selected.then_some("selected"), props.error.is_some().then_some("has-error"))}>
            <td class="select">
                <input type="checkbox" aria-label={format!("Select {name}")} checked={props.selected} onchange={on_select} />
            </td>
            if columns.cluster { <td class="cluster" title={d.cluster.clone()}>{ d.cluster.clone().unwrap_or_default() }</td> }
            if columns.topic { <td class="topic" title={d.topic.clone()}>{ d.topic.clone().unwrap_or_default() }</td> }
            if columns.fields {
                <td class="partition fields">
                    // Keyed by position too: a map may repeat a key (the model keeps duplicates).
                    { for d.partition_fields.iter().enumerate().map(|(i, cell)| html! {
                        <FieldInput key={format!("{i}:{}", cell.key)} row={row} cell={cell.clone()} id={None::<String>} />
                    }) }
                    <AddField row={row} side={MapSide::Partition} label={field_add_label(MapSide::Partition, d)} />
                </td>
                <td class="offset fields">
                    { for d.offset_fields.iter().enumerate().map(|(i, cell)| html! {
                        <FieldInput key={format!("{i}:{}", cell.key)} row={row} cell={cell.clone()}
                            id={(i == 0).then(|| format!("offset-{row}"))} />
                    }) }
                    if d.offset_fields.is_empty() {
                        <span class="field-none">{ if d.is_null { "null".to_string() } else { d.offset.clone() } }</span>
                    }
                    <AddField row={row} side={MapSide::Offset} label={field_add_label(MapSide::Offset, d)} />
                </td>
            } else {
            <td class="partition">{ &d.partition }</td>
            <td class="offset">
                <input id={format!("offset-{row}")} class="offset-input" type="text" inputmode="numeric"
                    autocomplete="off" spellcheck="false"
                    aria-label={d.label.clone()} value={offset_cell.value.clone()} data-committed={offset_cell.committed.clone()}
                    disabled={!d.editable}
                    placeholder={if d.is_null { "null" } else { "" }}
                    aria-invalid={cell_error.is_some().to_string()}
                    aria-describedby={cell_error.is_some().then(|| error_id.clone())}
                    oninput={offset_cell.on_input.clone()} onchange={offset_cell.on_change.clone()} onkeydown={on_offset_key}
                    title={d.imported.as_ref().map(|i| format!("Imported: {i}"))} />
                if let Some(message) = &cell_error {
                    <span id={error_id} class="cell-error" role="alert" title={message.clone()}>{ message }</span>
                }
            </td>
            }
            <td class="null">
                <input type="checkbox" aria-label={d.null_label.clone()} checked={d.is_null}
                    onchange={on_null} />
            </td>
            if columns.resumes_at { <td class="resumes" title={d.resumes_at.clone()}>{ d.resumes_at.clone().unwrap_or_default() }</td> }
            if columns.log_range { <td class="log-range"><span class="change-text" title={d.log_range.clone()}>{ d.log_range.clone().unwrap_or_default() }</span></td> }
            // At most three small lines (the row keeps its height); the whole sentence is the title.
            <td class="change">
                if let Some(error) = &props.error {
                    // The row's error, named as Problems names it; the whole text is its title.
                    <span class="row-error" role="img" aria-label={format!("Error in {name}: {error}")} title={error.clone()}>{ "Error" }</span>
                }
                <span class="change-text" title={d.change.clone()}>{ d.change.clone().unwrap_or_default() }</span>
            </td>
            <td class="restore">
                if d.changed && !d.added {
                    <button type="button" class="link" aria-label={format!("Restore {name}")} onclick={on_restore}>{ "Restore" }</button>
                }
            </td>
        </tr>
    }
}

#[derive(Properties, PartialEq)]
struct FieldProps {
    row: usize,
    cell: FieldCell,
    /// The element id the Problems list focuses (the row's first offset field).
    id: Option<String>,
}

/// One key/value cell of a generic connector's partition or offset map. Enter or leaving the
/// field commits, Escape reverts; a value of the wrong type shows an inline message and keeps
/// what was typed.
#[component]
fn FieldInput(props: &FieldProps) -> Html {
    let store = use_store();
    let cell = &props.cell;
    let row = props.row;
    let editing = {
        let (side, key) = (cell.side, cell.key.clone());
        use_cell_editor(cell.text.clone(), move |editor, text| {
            editor.field_edit(row, side, &key, text)
        })
    };
    let on_remove = {
        let store = store.clone();
        let (side, key) = (cell.side, cell.key.clone());
        Callback::from(move |_: MouseEvent| {
            let result = store.editor().field_remove(row, side, &key);
            // The cell is on screen, so its key exists; an error (a stale row) changes nothing.
            if let Ok(action) = result {
                store.dispatch(EditorAction::Edit(action));
            }
        })
    };
    let size = editing.value.chars().count().clamp(3, 28);
    let error_id = format!("field-error-{row}-{}-{}", cell.side.key(), cell.key);
    html! {
        <span class={classes!("field", cell.changed.then_some("changed"))}>
            <span class="field-key" aria-hidden="true">{ &cell.key }</span>
            <input id={props.id.clone()} class="field-input" type="text" autocomplete="off" spellcheck="false"
                size={size.to_string()} aria-label={cell.label.clone()} value={editing.value.clone()} data-committed={editing.committed.clone()}
                aria-invalid={editing.error.is_some().to_string()}
                aria-describedby={editing.error.is_some().then(|| error_id.clone())}
                oninput={editing.on_input.clone()} onchange={editing.on_change.clone()} onkeydown={editing.on_key.clone()} title={cell.label.clone()} />
            <button type="button" class="field-remove" aria-label={cell.remove_label.clone()}
                title={cell.remove_label.clone()} onclick={on_remove}>{ "×" }</button>
            if let Some(message) = &editing.error {
                <span id={error_id} class="cell-error" role="alert">{ message }</span>
            }
        </span>
    }
}

#[derive(Properties, PartialEq)]
struct AddFieldProps {
    row: usize,
    side: MapSide,
    /// "Add offset field to NAME".
    label: String,
}

/// A "+" that opens one input for a new field typed as `key=value`; Enter adds it, Escape or
/// leaving an empty input closes it, a mistake is explained inline and the text kept.
#[component]
fn AddField(props: &AddFieldProps) -> Html {
    let store = use_store();
    let open = use_state(|| false);
    let error = use_state(|| None::<String>);
    let input = use_node_ref();
    {
        let input = input.clone();
        use_effect_with(*open, move |open| {
            if *open && let Some(el) = input.cast::<HtmlInputElement>() {
                let _ = el.focus();
            }
        });
    }
    if !*open {
        let open = open.clone();
        return html! {
            <button type="button" class="field-add" aria-label={props.label.clone()}
                title={props.label.clone()} onclick={Callback::from(move |_: MouseEvent| open.set(true))}>{ "+" }</button>
        };
    }
    let on_key = {
        let (store, open, error) = (store.clone(), open.clone(), error.clone());
        let (row, side) = (props.row, props.side);
        Callback::from(move |e: KeyboardEvent| {
            let el: HtmlInputElement = e.target_unchecked_into();
            match e.key().as_str() {
                "Escape" => {
                    error.set(None);
                    open.set(false);
                }
                "Enter" => {
                    e.prevent_default();
                    let result = store.editor().field_add(row, side, &el.value());
                    match result {
                        Ok(action) => {
                            store.dispatch(EditorAction::Edit(action));
                            error.set(None);
                            open.set(false);
                        }
                        Err(message) => error.set(Some(message)),
                    }
                }
                _ => {}
            }
        })
    };
    let on_blur = {
        let (open, error) = (open.clone(), error.clone());
        Callback::from(move |e: FocusEvent| {
            let el: HtmlInputElement = e.target_unchecked_into();
            if el.value().trim().is_empty() {
                error.set(None);
                open.set(false);
            }
        })
    };
    let error_id = format!("add-error-{}-{}", props.row, props.side.key());
    html! {
        <span class="field">
            <input ref={input} class="field-input" type="text" autocomplete="off" spellcheck="false"
                size="16" placeholder="key=value" aria-label={props.label.clone()}
                aria-invalid={error.is_some().to_string()}
                aria-describedby={error.is_some().then(|| error_id.clone())}
                onkeydown={on_key} onblur={on_blur} />
            if let Some(message) = &*error {
                <span id={error_id} class="cell-error" role="alert">{ message }</span>
            }
        </span>
    }
}
