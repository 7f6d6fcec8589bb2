//! The Rollback view of the export panel: the ConfigMap YAML (or PATCH body) that undoes the
//! alter, its kubectl or curl steps, and the partitions as they should be listed once it landed.
//! Core computes all of it (`Editor::rollback_exports_from`); this only renders.

use super::view::{ExportView, Shared, StepTexts};
use crate::store::use_store;
use offsets_core::Diagnostic;
use offsets_core::editor::{RollbackExports, TargetKind};
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct RollbackProps {
    pub problems: Rc<Vec<Diagnostic>>,
    pub fresh: bool,
}

/// The texts of the rollback, computed once per change of the data or the settings.
struct Rendered {
    rollback: RollbackExports,
    document: Shared,
    steps: Shared,
    step_texts: StepTexts,
    script: Shared,
}

#[component]
pub fn RollbackView(props: &RollbackProps) -> Html {
    let store = use_store();
    let (key, rest) = {
        let editor = store.editor();
        (
            (
                editor.data_revision(),
                editor.settings_revision(),
                props.fresh,
            ),
            editor.settings().target == TargetKind::Rest,
        )
    };
    let rendered = {
        let store = store.clone();
        let problems = props.problems.clone();
        use_memo(key, move |(_, _, fresh)| {
            let rollback = fresh
                .then(|| store.editor().rollback_exports_from(&problems))
                .flatten()?;
            let procedure = |f: fn(&offsets_core::procedure::Procedure) -> String| {
                Shared::new(rollback.procedure.as_ref().map(f).map_err(Clone::clone))
            };
            Some(Rendered {
                document: Shared::new(
                    rollback
                        .document
                        .as_ref()
                        .map(|e| e.text.clone())
                        .map_err(Clone::clone),
                ),
                steps: procedure(offsets_core::procedure::Procedure::render_steps),
                step_texts: StepTexts::of(&rollback.procedure),
                script: procedure(offsets_core::procedure::Procedure::render_script),
                rollback,
            })
        })
    };
    let Some(r) = rendered.as_ref() else {
        return html! {};
    };
    let notes = r
        .rollback
        .document
        .as_ref()
        .map(|e| e.diagnostics.clone())
        .unwrap_or_default();
    let procedure_notes = r
        .rollback
        .procedure
        .as_ref()
        .map(|p| p.warnings.clone())
        .unwrap_or_default();
    let named = r.rollback.restored + r.rollback.deleted;
    html! {
        <section class="export-view rollback" aria-labelledby="rollback-title">
            <div class="view-head">
                <h3 id="rollback-title">{ "Rollback" }</h3>
            </div>
            <p class="hint">{ format!(
                "Keep this before you apply the alter: it undoes it. It names {named} {}: {} back to their listed offset, {} the alter adds deleted (null); partitions the alter does not change are not named. Apply it like the alter.",
                if named == 1 { "partition" } else { "partitions" },
                r.rollback.restored,
                r.rollback.deleted,
            ) }</p>
            // Named apart from the alter's views ("ConfigMap YAML", "kubectl commands"), so that
            // no name is a part of another.
            if rest {
                <ExportView title="Rollback PATCH body" file="rollback.json" mime="application/json"
                    text={r.document.clone()} notes={notes} />
            } else {
                <ExportView title="Rollback ConfigMap" file="rollback.yaml" mime="application/yaml"
                    text={r.document.clone()} notes={notes} />
            }
            <ExportView title="Rollback steps" file="rollback-steps.sh"
                mime="text/x-shellscript" text={r.steps.clone()} notes={procedure_notes}
                copy_all={r.script.clone()} steps={r.step_texts.clone()} />
            <ExportView title="Rollback script" file="rollback.sh" mime="text/x-shellscript" text={r.script.clone()} />
            <section class="export-view" aria-labelledby="rollback-expected-title">
                <h4 id="rollback-expected-title">{ "Expected after the rollback" }</h4>
                <p class="hint">{ "The partitions the rollback names, as a listing taken after it should show them; every other partition as the alter left it." }</p>
                <pre class="export-text" tabindex="0">{ r.rollback.expected.as_str() }</pre>
            </section>
        </section>
    }
}
