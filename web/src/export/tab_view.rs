//! What each export tab shows: its view of the rendered texts, with its notes and what the
//! stored offsets mean.

use super::rendered::Rendered;
use super::rollback::RollbackView;
use super::view::ExportView;
use offsets_core::editor::{ExportSettings, ExportTab, stored_offsets_sentence};
use offsets_core::{ConnectorKind, Diagnostic};
use std::rc::Rc;
use yew::prelude::*;

/// Everything a tab's view reads, gathered once per render of the panel.
pub(super) struct TabViews<'a> {
    pub(super) store: &'a crate::store::StoreHandle,
    pub(super) rendered: &'a Rendered,
    pub(super) problems: &'a Rc<Vec<Diagnostic>>,
    pub(super) fresh: bool,
    pub(super) kind: ConnectorKind,
    pub(super) settings: &'a ExportSettings,
    /// The connector's auto.offset.reset now (the custom resource's, or the default).
    pub(super) reset_now: &'a str,
    /// The target is Connect's REST API (curl), not Strimzi (kubectl).
    pub(super) is_rest: bool,
}

impl TabViews<'_> {
    /// The view of `tab`.
    pub(super) fn view(&self, tab: ExportTab) -> Html {
        let rendered = self.rendered;
        let exports = &rendered.exports;
        let kind = self.kind;
        let tool = if self.is_rest { "curl" } else { "kubectl" };
        let notes = |r: &Result<offsets_core::export::Export, Vec<Diagnostic>>| {
            r.as_ref()
                .map(|e| e.diagnostics.clone())
                .unwrap_or_default()
        };
        match tab {
            ExportTab::ConfigMap => html! {
                <ExportView title="ConfigMap YAML" file="alter.yaml" mime="application/yaml"
                    text={rendered.configmap.clone()} notes={notes(&exports.configmap)}
                    meaning={AttrValue::from(stored_offsets_sentence(kind))} />
            },
            ExportTab::Commands => {
                let procedure_notes = exports
                    .procedure
                    .as_ref()
                    .map(|p| p.warnings.clone())
                    .unwrap_or_default();
                html! {
                    <ExportView title={format!("{tool} commands")} file={if self.is_rest { "alter-offsets-curl.sh" } else { "alter-offsets-steps.sh" }}
                        mime="text/x-shellscript" text={rendered.steps.clone()} notes={procedure_notes}
                        copy_all={rendered.script.clone()} steps={rendered.step_texts.clone()} />
                }
            }
            ExportTab::Script => html! {
                <ExportView title={format!("{tool} script")} file="alter-offsets.sh" mime="text/x-shellscript" text={rendered.script.clone()} />
            },
            ExportTab::PatchJson => html! {
                <ExportView title="PATCH JSON" file="offsets.json" mime="application/json"
                    text={rendered.patch_json.clone()} notes={notes(&exports.patch_json)}
                    meaning={AttrValue::from(stored_offsets_sentence(kind))} />
            },
            ExportTab::Csv => html! {
                <ExportView title="CSV" file="offsets.csv" mime="text/csv"
                    text={rendered.csv.clone()} notes={notes(&exports.csv)}
                    meaning={offsets_core::export::csv_positions(kind).map(AttrValue::from)} />
            },
            ExportTab::Rollback => html! {
                <RollbackView problems={self.problems.clone()} fresh={self.fresh} />
            },
            ExportTab::AutoOffsetReset => match &rendered.auto_offset_reset {
                Some(reset) => super::reset::auto_offset_reset(
                    self.store,
                    reset,
                    self.settings,
                    self.reset_now,
                ),
                None => html! {},
            },
        }
    }
}
