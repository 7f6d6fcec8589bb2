//! `SetScope`: which entries an export contains (not an offset change, but an undo step).

use crate::editing::edit::{ExportScope, Session, Step, messages};

impl Session {
    pub(super) fn set_scope(&mut self, scope: ExportScope, step: &mut Step) -> (usize, String) {
        step.scope = Some(self.scope);
        let changed = usize::from(self.scope != scope);
        self.scope = scope;
        let message = match scope {
            ExportScope::ChangedOnly => messages::scope_changed_only(),
            ExportScope::All => messages::scope_all(),
        };
        (changed, message)
    }
}
