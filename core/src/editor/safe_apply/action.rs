//! The safe apply's sub-reducer: the custom resource's check and choice
//! (`editor/safe_apply/mod.rs`) and the landed check (`editor/safe_apply/landed.rs`).

use crate::editor::Editor;

/// The safe apply's actions.
#[derive(Debug, Clone, PartialEq)]
pub enum SafeApplyAction {
    /// Check this custom resource (`kubectl get kafkaconnector|kafkamirrormaker2 X -o yaml`)
    /// and fill the export settings from it (empty text: no resource).
    CheckResource(String),
    /// A picked custom resource file, as bytes.
    CheckResourceFile(Vec<u8>),
    /// Use this one (`KIND/NAME`) of the custom resources the checked text holds.
    ChooseResource(String),
    /// Check this listing, taken after the alter, against the export: landed, drifted or
    /// missing per partition (empty text: no check).
    CheckNewListing(String),
    /// A picked listing file for the landed check, as bytes.
    CheckNewListingFile(Vec<u8>),
}

impl Editor {
    pub(in crate::editor) fn reduce_safe_apply(&mut self, action: SafeApplyAction) {
        match action {
            SafeApplyAction::CheckResource(text) => self.check_resource_text(text),
            SafeApplyAction::CheckResourceFile(bytes) => self.check_resource_bytes(bytes),
            SafeApplyAction::ChooseResource(choice) => self.choose_resource(choice),
            SafeApplyAction::CheckNewListing(text) => self.check_landed_text(&text),
            SafeApplyAction::CheckNewListingFile(bytes) => self.check_landed_bytes(&bytes),
        }
    }
}
