//! The sub-reducers of the panels without a file here. `reduce_page` takes the export
//! settings (target, fields, alias path, `auto.offset.reset`, rounds, the create's options), the
//! export's width and tab, the notice's dismissal, and the safe apply's custom resource check
//! and choice (`editor/safe_apply/mod.rs`) and landed check (`editor/safe_apply/landed.rs`).
//! `reduce_references` hands the references' actions to `editor/references.rs` and moves the
//! data and view revisions when the bounds changed.

use crate::editor::Editor;
use crate::editor::action::EditorAction;

impl Editor {
    pub(super) fn reduce_page(&mut self, action: EditorAction) {
        match action {
            EditorAction::SetTarget(target) => self.settings.target = target,
            EditorAction::SetField(field, value) => {
                self.settings.values.insert(field, value);
            }
            EditorAction::SetAliasPath(path) => self.settings.alias_path = path,
            EditorAction::SetAutoOffsetReset(value) => self.settings.auto_offset_reset = value,
            EditorAction::SetRounds(rounds) => self.settings.rounds = rounds,
            EditorAction::SetCreate(create) => self.settings.create = create,
            EditorAction::SetCreateConfig(config) => self.settings.create_config = config,
            EditorAction::SetCreatePrevious(previous) => self.settings.create_previous = previous,
            EditorAction::SetCreateStrimzi(strimzi) => self.settings.create_strimzi = strimzi,
            EditorAction::WidenExport(wide) => self.export_wide = wide,
            EditorAction::DismissNotice => self.notice = None,
            EditorAction::SelectExportTab(tab) => self.export_tab = tab,
            EditorAction::CheckResource(text) => self.check_resource_text(text),
            EditorAction::CheckResourceFile(bytes) => self.check_resource_bytes(bytes),
            EditorAction::ChooseResource(choice) => self.choose_resource(choice),
            EditorAction::CheckNewListing(text) => self.check_landed_text(&text),
            EditorAction::CheckNewListingFile(bytes) => self.check_landed_bytes(&bytes),
            // The other panels' actions never come here (see `Editor::apply`).
            _ => {}
        }
    }

    pub(super) fn reduce_references(&mut self, action: EditorAction) {
        // New bounds change the Log range column, range: filters and LR problems.
        if self.apply_reference(action) {
            self.data_revision = self.data_revision.wrapping_add(1);
            self.view_revision = self.view_revision.wrapping_add(1);
        }
    }
}
