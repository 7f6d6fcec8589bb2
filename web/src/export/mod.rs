//! The Export region: target settings validated as they are typed, a summary of the change,
//! and the views (ConfigMap YAML, kubectl or curl commands and script, PATCH JSON, CSV, the
//! auto.offset.reset procedure, the Rollback in `rollback.rs`) as tabs (WAI-ARIA tabs pattern:
//! arrow keys, Home and End move the selection, which core keeps in the prefs record), each
//! panel with its own Copy and Download.
//! Payload errors disable every view ("Export disabled"); a setting stops only the views that
//! use it, which say which field to fill in.
//!
//! This file is the panel (its header, the summary, and the parts in order); `settings` is the
//! "Apply to" fieldset, `status` what disables the export or waits, `tabs` the tab list and
//! panels, `tab_view` what each tab shows (`reset` the auto.offset.reset tab), `view` is one
//! export view and the shared texts it shows, `rendered` computes every view's text once per
//! change, `rollback` is the Rollback tab, `create` the settings of a connector to create.

mod create;
mod rendered;
mod reset;
mod rollback;
mod settings;
mod status;
mod tab_view;
mod tabs;
pub(crate) mod view;

use crate::store::{StoreHandle, use_store};
use offsets_core::Diagnostic;
use offsets_core::edit::ExportScope;
use offsets_core::editor::{
    Check, EditorAction, Field, NoticeAt, PageAction, TargetKind, export_tabs, summary_sentence,
};
use rendered::Rendered;
use std::rc::Rc;
use tab_view::TabViews;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ExportProps {
    /// The editor's problems for the current data (computed once by the app).
    pub problems: Rc<Vec<Diagnostic>>,
    /// What Problems lists and what blocks the export (one core call for both panels).
    pub check: Rc<Check>,
    /// False while the problems of the latest change are still being computed: nothing is
    /// exported from a state that has not been checked.
    pub fresh: bool,
}

#[component]
pub fn ExportPanel(props: &ExportProps) -> Html {
    let store = use_store();
    let exports = use_rendered(store.clone(), props.problems.clone(), props.fresh);
    let tablist_ref = use_node_ref();
    let blockers = &props.check.blockers;
    let waiting = props.check.waiting.clone();
    let editor = store.editor();
    let Some(session) = editor.session() else {
        return html! {};
    };
    let settings = editor.settings().clone();
    let wide = editor.export_wide();
    let all = session.scope() == ExportScope::All;
    let every_entry = editor.exports_every_entry();
    let kind = session.kind();
    // What the connector's auto.offset.reset is now (the custom resource's, or the default).
    let reset_now = session.reset().phrase();
    let field_errors: Vec<(Field, Option<String>)> = Field::ALL
        .iter()
        .map(|f| (*f, editor.field_error_shown(*f)))
        .collect();
    drop(editor);
    let Some(rendered) = exports.as_ref() else {
        return html! {
            <section class="panel export" aria-label="Export">
                <h2>{ "Export" }</h2>
                <p class="hint" role="status">{ "Checking the latest change before export…" }</p>
            </section>
        };
    };

    let exports = &rendered.exports;
    let summary = summary_sentence(exports, all);
    let create_refused = if settings.create {
        exports
            .procedure
            .as_ref()
            .err()
            .cloned()
            .unwrap_or_default()
    } else {
        Vec::new()
    };
    let is_rest = settings.target == TargetKind::Rest;
    let views_ok = blockers.is_empty() && waiting.is_none();
    let tabs = export_tabs(views_ok, rendered.auto_offset_reset.is_some());
    let shown = store.editor().shown_export_tab(&tabs);
    let views = TabViews {
        store: &store,
        rendered,
        problems: &props.problems,
        fresh: props.fresh,
        kind,
        settings: &settings,
        reset_now: &reset_now,
        is_rest,
    };
    // K6: one ConfigMap cannot hold this alter; rounds can.
    let too_large = !is_rest && !settings.rounds && exports.too_large_for_one_configmap();

    html! {
        <section class="panel export" aria-label="Export">
            <div class="panel-head">
                <h2>{ "Export" }</h2>
                <button type="button" class="widen" aria-pressed={wide.to_string()}
                    title="Give the export the width its commands need; the table narrows meanwhile"
                    onclick={crate::store::on_click(&store, EditorAction::Page(PageAction::WidenExport(!wide)))}>
                    { "Wide export" }
                </button>
            </div>
            <p class="summary" aria-label="Change summary">{ summary }</p>
            { settings::target_settings(&store, &settings, &field_errors, every_entry) }
            <create::CreateSettings create={settings.create} config={settings.create_config.clone()}
                previous={settings.create_previous} strimzi={settings.create_strimzi}
                rest={is_rest} refused={create_refused} />
            if too_large {
                { status::too_large(&store) }
            }
            // What the export scope did, next to its checkbox.
            <crate::notice::NoticeLine at={&[NoticeAt::Export][..]} />
            { status::export_state(blockers, waiting, &rendered.script) }
            if !tabs.is_empty() {
                { tabs::export_tabs(&store, &tabs, shown, &tablist_ref, settings.target, |tab| views.view(tab)) }
            }
        </section>
    }
}

/// Every view's text for the current data and settings, computed once per change of either,
/// and only from a checked state (`None` while the latest change is being checked).
#[hook]
fn use_rendered(
    store: StoreHandle,
    problems: Rc<Vec<Diagnostic>>,
    fresh: bool,
) -> Rc<Option<Rendered>> {
    let key = {
        let editor = store.editor();
        (editor.data_revision(), editor.settings_revision(), fresh)
    };
    use_memo(key, move |(_, _, fresh)| {
        fresh
            .then(|| store.editor().exports_from(&problems))
            .flatten()
            .map(Rendered::new)
    })
}
