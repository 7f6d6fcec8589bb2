//! The page's "Connector kind" selector (docs/rules.md, IMP7): the kind the user chose, what was
//! detected without a choice, and the options the selector offers.

use crate::editor::Editor;
use crate::model::{ConnectorKind, KindSource, NO_ENTRIES_KIND};
use crate::reading::import::detected_kind;

/// The selector's value for "use the detected kind" (its first option).
pub const DETECTED: &str = "detected";

impl Editor {
    /// The kind the user chose, `None` when the detected one is used.
    pub fn kind_choice(&self) -> Option<ConnectorKind> {
        self.import.kind_choice
    }

    /// The selector's options, as (value, label): first `"Detected: <kind> (<where from>)"` (value
    /// [`DETECTED`], the default), then the five kinds by their `--kind` names.
    pub fn kind_options(&self) -> Vec<(String, String)> {
        let detected = match self.session() {
            Some(s) => {
                let (kind, source) = detected_kind(s.imported());
                if s.imported().entries.is_empty() && source == KindSource::Keys {
                    format!("Detected: connector kind unknown ({NO_ENTRIES_KIND})")
                } else {
                    format!("Detected: {}", kind.label_from(source))
                }
            }
            None => "Detected: (nothing loaded)".to_string(),
        };
        let mut out = vec![(DETECTED.to_string(), detected)];
        out.extend(
            ConnectorKind::ALL
                .iter()
                .map(|k| (k.choice().to_string(), k.label().to_string())),
        );
        out
    }

    /// The selector's current value: [`DETECTED`] or the chosen kind's `--kind` name.
    pub fn kind_value(&self) -> &'static str {
        self.import
            .kind_choice
            .map_or(DETECTED, ConnectorKind::choice)
    }

    /// [`ImportAction::ChooseKind`](crate::editor::ImportAction::ChooseKind): remembers the choice
    /// and re-imports the loaded text with it, so every rule of that kind runs. The edits of
    /// the session are not carried over (they were made on entries read as another kind), but
    /// nothing is lost: like any load, the re-import is an undoable step (Undo brings back the
    /// previous kind with its edits).
    pub(in crate::editor) fn choose_kind(&mut self, kind: Option<ConnectorKind>) {
        if self.import.kind_choice == kind {
            return;
        }
        let Some(loaded) = &self.loaded else {
            self.import.kind_choice = kind;
            return;
        };
        let source = loaded.source.clone();
        let options = loaded.options.clone();
        let before = self.snapshot();
        let previous = std::mem::replace(&mut self.import.kind_choice, kind);
        if self.load(source, options) {
            self.replaced_from(before);
        } else {
            self.import.kind_choice = previous;
        }
    }
}
