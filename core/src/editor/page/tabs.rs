//! The export views as tabs: which tabs the Export panel offers, their names (the names the
//! views had when they were stacked, so a user and a test find each by the same name), the
//! selected tab (kept in the prefs record) and the arrow-key moves between tabs.

use crate::editor::{Editor, TargetKind};

/// One export view, shown as a tab of the Export panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ExportTab {
    /// The alter ConfigMap YAML (or, for REST, the same payload as a ConfigMap).
    #[default]
    ConfigMap,
    /// The kubectl (or curl) steps, one block each.
    Commands,
    /// The same steps as one `set -euo pipefail` script.
    Script,
    PatchJson,
    Csv,
    /// The rollback ConfigMap, its steps, script and the listing expected after it.
    Rollback,
    /// The `source.consumer.auto.offset.reset` choice and its commands (MirrorMaker 2).
    AutoOffsetReset,
}

impl ExportTab {
    pub const ALL: [ExportTab; 7] = [
        ExportTab::ConfigMap,
        ExportTab::Commands,
        ExportTab::Script,
        ExportTab::PatchJson,
        ExportTab::Csv,
        ExportTab::Rollback,
        ExportTab::AutoOffsetReset,
    ];

    /// The tab's name, exactly the view's title ("kubectl commands", or "curl commands" for a
    /// REST target).
    pub fn label(self, target: TargetKind) -> String {
        let tool = if target == TargetKind::Rest {
            "curl"
        } else {
            "kubectl"
        };
        match self {
            ExportTab::ConfigMap => "ConfigMap YAML".to_string(),
            ExportTab::Commands => format!("{tool} commands"),
            ExportTab::Script => format!("{tool} script"),
            ExportTab::PatchJson => "PATCH JSON".to_string(),
            ExportTab::Csv => "CSV".to_string(),
            ExportTab::Rollback => "Rollback".to_string(),
            ExportTab::AutoOffsetReset => "auto.offset.reset commands".to_string(),
        }
    }

    /// A stable id: the prefs record's value and the page's element ids.
    pub fn id(self) -> &'static str {
        match self {
            ExportTab::ConfigMap => "configmap",
            ExportTab::Commands => "commands",
            ExportTab::Script => "script",
            ExportTab::PatchJson => "patch-json",
            ExportTab::Csv => "csv",
            ExportTab::Rollback => "rollback",
            ExportTab::AutoOffsetReset => "auto-offset-reset",
        }
    }

    pub fn from_id(id: &str) -> Option<ExportTab> {
        ExportTab::ALL.into_iter().find(|t| t.id() == id)
    }
}

/// The tabs the Export panel offers: the views of the alter when it can be exported
/// (`views`: no blocking error, something changed), and the auto.offset.reset choice when the
/// target has one, which does not depend on the edits.
pub fn export_tabs(views: bool, auto_offset_reset: bool) -> Vec<ExportTab> {
    ExportTab::ALL
        .into_iter()
        .filter(|t| match t {
            ExportTab::AutoOffsetReset => auto_offset_reset,
            _ => views,
        })
        .collect()
}

/// A key that moves the selection in a tab list (WAI-ARIA tabs pattern).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TabKey {
    Previous,
    Next,
    First,
    Last,
}

impl TabKey {
    /// The move a `KeyboardEvent.key` stands for: Left, Right, Home, End.
    pub fn from_key(key: &str) -> Option<TabKey> {
        match key {
            "ArrowLeft" => Some(TabKey::Previous),
            "ArrowRight" => Some(TabKey::Next),
            "Home" => Some(TabKey::First),
            "End" => Some(TabKey::Last),
            _ => None,
        }
    }
}

/// The tab `key` moves to from `current` (Left and Right wrap around). A `current` that is not
/// among `tabs` moves as if the first were selected.
pub fn tab_after(tabs: &[ExportTab], current: ExportTab, key: TabKey) -> Option<ExportTab> {
    let last = tabs.len().checked_sub(1)?;
    let at = tabs.iter().position(|t| *t == current).unwrap_or(0);
    let index = match key {
        TabKey::Previous => at.checked_sub(1).unwrap_or(last),
        TabKey::Next => {
            if at == last {
                0
            } else {
                at + 1
            }
        }
        TabKey::First => 0,
        TabKey::Last => last,
    };
    tabs.get(index).copied()
}

impl Editor {
    /// The export tab the user selected last (kept in the prefs record).
    pub fn export_tab(&self) -> ExportTab {
        self.page.export_tab
    }

    /// The tab to show among `tabs`: the selected one when it is offered, otherwise the first.
    pub fn shown_export_tab(&self, tabs: &[ExportTab]) -> Option<ExportTab> {
        tabs.iter()
            .copied()
            .find(|t| *t == self.page.export_tab)
            .or_else(|| tabs.first().copied())
    }
}
