//! The export settings' sub-reducer: the target, the fields, the alias path,
//! `auto.offset.reset`, rounds and the create's options, each kept as the user gave it (the
//! settings' checks read them, see `mod.rs`).

use crate::editor::{ExportSettings, Field, TargetKind};
use crate::model::AliasPath;
use crate::writing::procedure::{AutoOffsetReset, Previous, StrimziVersion};

/// The export settings' actions.
#[derive(Debug, Clone, PartialEq)]
pub enum SettingsAction {
    SetTarget(TargetKind),
    SetField(Field, String),
    SetAliasPath(AliasPath),
    /// Choose `source.consumer.auto.offset.reset` (`None`: not chosen, no command).
    SetAutoOffsetReset(Option<AutoOffsetReset>),
    /// Export the alter ConfigMap in rounds of at most 1 MiB (`true`) or as one (`false`).
    SetRounds(bool),
    /// Create the connector stopped before setting its offsets (`true`), or alter one that
    /// exists: kept in the export settings and the draft.
    SetCreate(bool),
    /// The config object of the connector to create, as typed (JSON).
    SetCreateConfig(String),
    /// What the create does with offsets stored under the connector's name before.
    SetCreatePrevious(Previous),
    /// Which Strimzi creates the connector (a Strimzi target): `None`, not known (read from
    /// the custom resource's apiVersion where it says).
    SetCreateStrimzi(Option<StrimziVersion>),
}

impl ExportSettings {
    /// The settings' sub-reducer: it changes the settings only.
    pub(in crate::editor) fn reduce(&mut self, action: SettingsAction) {
        match action {
            SettingsAction::SetTarget(target) => self.target = target,
            SettingsAction::SetField(field, value) => {
                self.values.insert(field, value);
            }
            SettingsAction::SetAliasPath(path) => self.alias_path = path,
            SettingsAction::SetAutoOffsetReset(value) => self.auto_offset_reset = value,
            SettingsAction::SetRounds(rounds) => self.rounds = rounds,
            SettingsAction::SetCreate(create) => self.create = create,
            SettingsAction::SetCreateConfig(config) => self.create_config = config,
            SettingsAction::SetCreatePrevious(previous) => self.create_previous = previous,
            SettingsAction::SetCreateStrimzi(strimzi) => self.create_strimzi = strimzi,
        }
    }
}
