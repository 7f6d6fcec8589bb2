//! The offsets session's reducer, [`Session::apply`]: undo and redo here, every other action
//! through `perform/` (which rows, one file per action family). Each action is checked over
//! every row it covers, then committed in one pass, so a refused action changes nothing.
//! (The web page's reducer, one level up, is `editor::Editor::apply`.)

use super::{Action, EditError, Outcome, Session, messages};

impl Session {
    /// The offsets session's reducer: applies one action. A refused action leaves the state
    /// untouched.
    pub fn apply(&mut self, action: Action) -> Result<Outcome, EditError> {
        match action {
            Action::Undo => self.undo(),
            Action::Redo => {
                let Some(action) = self.redo.pop() else {
                    return Err(EditError::new(messages::nothing_to_redo()));
                };
                match self.perform(action.clone()) {
                    Ok(mut out) => {
                        out.message = messages::redone(&out.message);
                        Ok(out)
                    }
                    Err(e) => {
                        self.redo.push(action);
                        Err(e)
                    }
                }
            }
            other => {
                let out = self.perform(other)?;
                if out.changed > 0 || out.message.starts_with(messages::SCOPE_PREFIX) {
                    self.redo.clear();
                }
                Ok(out)
            }
        }
    }
}
