//! Every export view's text, computed once per change of the data or the settings.

use super::view::{Shared, StepTexts};
use offsets_core::Diagnostic;
use offsets_core::editor::Exports;

/// Every view's text, computed once per change of the data or the settings.
#[derive(Debug)]
pub(super) struct Rendered {
    pub(super) exports: Exports,
    pub(super) configmap: Shared,
    pub(super) steps: Shared,
    pub(super) step_texts: StepTexts,
    pub(super) script: Shared,
    pub(super) patch_json: Shared,
    pub(super) csv: Shared,
    pub(super) auto_offset_reset: Option<Shared>,
}

impl Rendered {
    pub(super) fn new(exports: Exports) -> Rendered {
        let text = |r: &Result<offsets_core::export::Export, Vec<Diagnostic>>| {
            Shared::new(r.as_ref().map(|e| e.text.clone()).map_err(Clone::clone))
        };
        let procedure = |f: fn(&offsets_core::procedure::Procedure) -> String| {
            Shared::new(exports.procedure.as_ref().map(f).map_err(Clone::clone))
        };
        let step_texts = StepTexts::of(&exports.procedure);
        Rendered {
            step_texts,
            configmap: text(&exports.configmap),
            steps: procedure(offsets_core::procedure::Procedure::render_steps),
            script: procedure(offsets_core::procedure::Procedure::render_script),
            patch_json: text(&exports.patch_json),
            csv: text(&exports.csv),
            auto_offset_reset: exports
                .auto_offset_reset
                .as_ref()
                .map(|r| Shared::new(r.as_ref().map(|p| p.render_steps()).map_err(Clone::clone))),
            exports,
        }
    }
}
