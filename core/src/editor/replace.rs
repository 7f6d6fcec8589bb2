//! Loads and discards as undoable steps: a load, a key pick or Discard keeps the editor state
//! it replaces (the listing, its edits and their undo history, the text area, filter, selection
//! and settings), and Undo brings it back, Redo re-applies the replacement. The session's own
//! undo history comes first, so the page has one timeline: Undo walks back through the current
//! listing's edits, then over the load to the previous listing and its edits.

use super::{Counters, Editor, Notice, NoticeAt};
use crate::editing::edit::Session;

/// Most replaced states kept (each holds a whole listing; a load is rare).
const REPLACED_KEPT: usize = 10;

impl Editor {
    /// Whether Undo does anything: an edit to undo, or a load or discard to take back.
    pub fn can_undo(&self) -> bool {
        self.session().is_some_and(Session::can_undo) || !self.replaced.is_empty()
    }

    /// Whether Redo does anything.
    pub fn can_redo(&self) -> bool {
        self.session().is_some_and(Session::can_redo) || !self.reloaded.is_empty()
    }

    /// Rows whose offset or entry differs from the import (edits a replacement would drop).
    pub fn edit_count(&self) -> usize {
        self.session()
            .map_or(0, |s| s.rows().filter(|r| r.changed).count())
    }

    /// The state as it is now, without the replacement histories (kept once, in `self`).
    pub(super) fn snapshot(&mut self) -> Editor {
        let replaced = std::mem::take(&mut self.replaced);
        let reloaded = std::mem::take(&mut self.reloaded);
        let snapshot = self.clone();
        self.replaced = replaced;
        self.reloaded = reloaded;
        snapshot
    }

    /// `before` was replaced by a load or a discard: Undo can bring it back, and the notice
    /// says so with the number of edits it holds.
    pub(super) fn replaced_from(&mut self, before: Editor) {
        // Nothing changed (a Discard of the empty page): no step to take back. A first load
        // is one (issue 31, item 10): Undo brings back the empty page with the text.
        if before.loaded.is_none()
            && self.loaded.is_none()
            && before.import.input == self.import.input
        {
            return;
        }
        // A first load (of the typed text, or of a file on the empty page): Undo is offered, but
        // the notice need not say that it brings back the empty page.
        let say = before.loaded.is_some()
            || (!before.import.input.is_empty() && before.import.input != self.import.input);
        self.keep_replaced_saying(before, say);
    }

    /// [`Editor::replaced_from`] whatever `before` held: a new connector made on the empty
    /// page is taken back to that page (with its form as it was).
    pub(super) fn keep_replaced(&mut self, before: Editor) {
        self.keep_replaced_saying(before, true);
    }

    /// [`Editor::keep_replaced`]; `say` adds to the notice what Undo brings back.
    fn keep_replaced_saying(&mut self, mut before: Editor, say: bool) {
        // A new step after undone ones: neither the old listing's redo steps nor undone
        // loads can be redone any more.
        if let Some(loaded) = before.loaded.as_mut() {
            loaded.session.forget_redo();
        }
        self.reloaded.clear();
        let edits = before.edit_count();
        let had_listing = before.loaded.is_some();
        let had_text = !before.import.input.is_empty();
        self.replaced.push(before);
        if self.replaced.len() > REPLACED_KEPT {
            self.replaced.remove(0);
        }
        if !say {
            return;
        }
        let what = match (had_listing, edits) {
            (true, 0) => "the previous listing".to_string(),
            (true, 1) => "the previous listing with its 1 edit".to_string(),
            (true, n) => format!("the previous listing with its {n} edits"),
            (false, _) if had_text => "the previous text".to_string(),
            (false, _) => "the empty page".to_string(),
        };
        let undo = format!("Undo (Ctrl+Z) brings back {what}.");
        match (&mut self.page.notice, self.loaded.is_some()) {
            (Some(notice), true) => {
                notice.text.push(' ');
                notice.text.push_str(&undo);
            }
            _ => {
                self.page.notice = Some(Notice::info(
                    NoticeAt::Import,
                    format!("Draft discarded. {undo}"),
                ));
            }
        }
    }

    /// Puts `other` in place of the current state, keeping the revisions (bumped, so the page
    /// repaints and re-saves everything) and the replacement histories; returns the state it
    /// replaced, without histories.
    pub(super) fn swap_in(&mut self, mut other: Editor) -> Editor {
        other.counters = Counters {
            input: self.counters.input.wrapping_add(1),
            // The page writes the source record when this changes.
            loads: self.counters.loads.wrapping_add(1),
            ..self.counters
        };
        other.replaced = std::mem::take(&mut self.replaced);
        other.reloaded = std::mem::take(&mut self.reloaded);
        // A listing brought back shows its table first; the selected tab is the user's, not
        // the listing's.
        other.import.collapsed = true;
        other.page.export_tab = self.page.export_tab;
        std::mem::replace(self, other)
    }

    pub(super) fn undo_replace(&mut self) {
        let Some(before) = self.replaced.pop() else {
            return;
        };
        let after = self.swap_in(before);
        self.reloaded.push(after);
        let edits = self.edit_count();
        self.page.notice = Some(Notice::info(
            NoticeAt::History,
            match (self.loaded.is_some(), edits) {
                (true, 1) => "Undone: the previous listing is back with its 1 edit.".to_string(),
                (true, n) => format!("Undone: the previous listing is back with its {n} edits."),
                (false, _) if self.import.input.is_empty() => {
                    "Undone: nothing is loaded, as before.".to_string()
                }
                (false, _) => "Undone: the previous text is back.".to_string(),
            },
        ));
    }

    pub(super) fn redo_replace(&mut self) {
        let Some(after) = self.reloaded.pop() else {
            return;
        };
        let before = self.swap_in(after);
        self.replaced.push(before);
        self.page.notice = Some(Notice::info(
            NoticeAt::History,
            if self.loaded.is_some() {
                "Redone: the listing loaded again; Undo brings back the previous one."
            } else {
                "Redone: the draft is discarded again; Undo brings it back."
            },
        ));
    }
}
