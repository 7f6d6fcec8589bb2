//! Restoring an editor from its draft records: the source re-imported, the edits re-applied
//! only to the listing they were made on, the prefs put back.

use super::*;

impl Editor {
    /// [`Editor::restore_with_prefs`], and the notice says how old the draft is ("Draft
    /// restored from 3 hours ago") when its record was written by [`Editor::draft_record_at`].
    pub fn restore_at(
        source_record: &str,
        draft_record: Option<&str>,
        prefs_record: Option<&str>,
        now: i64,
    ) -> Result<Editor, DraftError> {
        let (mut editor, saved) =
            Editor::restore_records(source_record, draft_record, prefs_record)?;
        if let (Some(saved), Some(notice)) = (saved, editor.page.notice.as_mut()) {
            let age = crate::editor::display::age_text(saved, now);
            let listed_known = editor
                .loaded
                .as_ref()
                .and_then(|l| l.session.imported().configmap.as_ref())
                .is_some_and(|c| c.listed_at.is_some());
            let check = if listed_known {
                "The header says when its listing was taken."
            } else {
                "Its listing may be older still: list the offsets again before you alter."
            };
            notice.text = match notice.text.strip_prefix("Draft restored, but ") {
                Some(rest) => format!("Draft restored from {age}, but {rest} {check}"),
                None => format!("Draft restored from {age}. {check}"),
            };
        }
        Ok(editor)
    }

    /// `ImportAction::Restore`: the restored state in place of this one, revisions bumped
    /// so that the page repaints everything; a draft that cannot be restored is named in the
    /// notice and changes nothing else.
    pub(in crate::editor) fn restore_in_place(
        &mut self,
        source_record: &str,
        draft_record: Option<&str>,
        prefs_record: Option<&str>,
        now: i64,
    ) {
        match Editor::restore_at(source_record, draft_record, prefs_record, now) {
            Ok(restored) => {
                // The restored tab is the user's last choice (swap_in keeps the current one,
                // which is right for an undone load, not for a draft).
                let tab = restored.page.export_tab;
                self.swap_in(restored);
                self.page.export_tab = tab;
            }
            Err(e) => {
                self.page.notice = Some(Notice {
                    at: NoticeAt::Page,
                    severity: Severity::Warning,
                    text: e.to_string(),
                });
            }
        }
    }

    /// Rebuilds an editor from the two draft records. The text area and the source always
    /// come back; edits that no longer apply are reported in the notice, never dropped
    /// silently.
    pub fn restore(source_record: &str, draft_record: Option<&str>) -> Result<Editor, DraftError> {
        Editor::restore_with_prefs(source_record, draft_record, None)
    }

    /// The filter and export settings of a draft or a [`Editor::prefs_record`]; what a record
    /// does not name is left as it is.
    pub(super) fn apply_prefs(&mut self, record: &EditsRecord<'_>) {
        if let Some(filter) = &record.filter {
            self.apply(EditorAction::Table(crate::editor::TableAction::SetFilter(
                filter.to_string(),
            )));
        }
        if let Some(target) = record.target.as_deref().and_then(TargetKind::from_id) {
            self.settings.target = target;
        }
        if let Some(Fields(fields)) = &record.fields {
            self.settings.values.clear();
            for (field, value) in fields {
                self.settings.values.insert(*field, value.to_string());
            }
        }
        match record.alias_path.as_deref() {
            Some("old") => self.settings.alias_path = AliasPath::Old,
            Some("new") => self.settings.alias_path = AliasPath::New,
            _ => {}
        }
        // A record that names no choice (the prefs and the draft are always written whole)
        // restores to not chosen.
        self.settings.auto_offset_reset = match record.auto_offset_reset_choice.as_deref() {
            Some("earliest") => Some(AutoOffsetReset::Earliest),
            Some("latest") => Some(AutoOffsetReset::Latest),
            _ => None,
        };
        // Written whole like the auto.offset.reset choice: none named is an alter.
        let create = record.create.as_ref();
        self.settings.create = create.is_some_and(|c| c.create);
        self.settings.create_config = create.map(|c| c.config.to_string()).unwrap_or_default();
        self.settings.create_previous = create
            .and_then(|c| previous_from_id(&c.previous))
            .unwrap_or_default();
        self.settings.create_strimzi = create
            .and_then(|c| c.strimzi.as_deref())
            .and_then(crate::editor::settings::strimzi_from_id);
        if let Some(tab) = record.export_tab.as_deref().and_then(ExportTab::from_id) {
            self.page.export_tab = tab;
        }
        // Read again, not re-filled: the fields above are what the user last had.
        if let Some(resource) = record.resource.as_deref()
            && resource != self.resource_text()
        {
            self.set_resource(resource.to_string());
        }
    }

    /// [`Editor::restore`], then the newer filter and settings of a [`Editor::prefs_record`]
    /// (an unreadable or foreign one is ignored: it holds nothing that cannot be typed again).
    pub fn restore_with_prefs(
        source_record: &str,
        draft_record: Option<&str>,
        prefs_record: Option<&str>,
    ) -> Result<Editor, DraftError> {
        Editor::restore_records(source_record, draft_record, prefs_record).map(|(e, _)| e)
    }

    /// The restored editor and the draft's `savedAt`.
    pub(super) fn restore_records(
        source_record: &str,
        draft_record: Option<&str>,
        prefs_record: Option<&str>,
    ) -> Result<(Editor, Option<i64>), DraftError> {
        let (mut editor, saved_at) = Editor::restore_draft(source_record, draft_record)?;
        let prefs =
            prefs_record.and_then(|p| read_record::<EditsRecord<'_>>(p, DraftRecord::Prefs).ok());
        if let Some(prefs) = prefs {
            // The prefs are replayed as actions, which clear the notice: the restore's own
            // notice is the one to show.
            let notice = editor.page.notice.take();
            editor.apply_prefs(&prefs);
            editor.page.notice = notice;
        }
        Ok((editor, saved_at))
    }

    /// The editor of a source record, and the draft's `savedAt`: the source re-imported, the
    /// draft's prefs and references put back, its edits re-applied if they belong to it. A
    /// draft record that does not read gives the source back alone, and the notice says why.
    pub(super) fn restore_draft(
        source_record: &str,
        draft_record: Option<&str>,
    ) -> Result<(Editor, Option<i64>), DraftError> {
        let mut editor = Editor::from_source_record(source_record)?;
        let Some(draft) = draft_record else {
            return Ok((editor, None));
        };
        let mut draft: EditsRecord<'_> = match read_record(draft, DraftRecord::Edits) {
            Ok(draft) => draft,
            Err(DraftError::AnotherVersion) => return Err(DraftError::AnotherVersion),
            // The text area and the listing are worth having back without the edits.
            Err(unreadable) => {
                editor.page.notice = Some(Notice {
                    severity: Severity::Warning,
                    text: format!(
                        "{unreadable} The text area and the listing were restored without them."
                    ),
                    at: NoticeAt::Page,
                });
                return Ok((editor, None));
            }
        };
        let mut problems = Vec::new();
        editor.apply_prefs(&draft);
        // References are facts of the cluster, not edits of the listing: restored whatever
        // listing came back.
        if let Some(refs) = draft.references.take() {
            editor.restore_references(restored_references(refs));
        }
        let same_source = editor.loaded.as_ref().is_some_and(|l| {
            draft.source.as_deref() == Some(format!("{:016x}", l.source_hash).as_str())
        });
        if editor.loaded.is_some() && !same_source && draft.set.is_some() {
            problems.push(
                "The saved edits belong to another listing than the one saved (the browser could not store the new one); they were not re-applied.".to_string(),
            );
        }
        if same_source && let Some(loaded) = editor.loaded.as_mut() {
            for action in replayed_edits(&loaded.session, &mut draft, &mut problems) {
                if let Err(e) = loaded.session.apply(action) {
                    problems.push(e.message);
                }
            }
        }
        editor.page.notice = Some(restore_notice(&problems));
        Ok((editor, draft.saved_at))
    }

    /// A new editor with the source record's input, kind choice and source (imported again).
    fn from_source_record(source_record: &str) -> Result<Editor, DraftError> {
        let record: SourceRecord<'_> = read_record(source_record, DraftRecord::Source)?;
        let mut editor = Editor::new();
        editor.import.input = record.input.into_owned();
        let source = match record.source {
            Some(SourceText::Text(source)) => Some(source.into_owned()),
            Some(SourceText::Input) => Some(editor.import.input.clone()),
            None => None,
        };
        editor.import.kind_choice = record
            .kind
            .as_deref()
            .and_then(crate::model::ConnectorKind::from_choice);
        if let Some(source) = source {
            let options = ImportOptions {
                data_key: record.data_key.map(Cow::into_owned),
                list_item: record.list_item,
                ..ImportOptions::default()
            };
            editor.load(source, options);
        }
        Ok(editor)
    }
}

/// The draft's references as `(name, text, role)`, a record of an unknown role skipped.
fn restored_references(refs: Vec<ReferenceRecord<'_>>) -> Vec<(String, String, Role)> {
    refs.into_iter()
        .filter_map(|r| {
            let role = match Role::from_id(&r.role)? {
                Role::Time { .. } => Role::Time { at_ms: r.at_ms },
                Role::Group { .. } => Role::Group {
                    name: r.group.map(Cow::into_owned),
                },
                role => role,
            };
            Some((r.name.into_owned(), r.text.into_owned(), role))
        })
        .collect()
}

/// The actions that make the draft's edits again on `session`, in the order they are applied:
/// offsets set (and shifted), entries, added rows, removed rows, the scope. An unreadable saved
/// entry is a problem, not an action.
fn replayed_edits(
    session: &crate::editing::edit::Session,
    draft: &mut EditsRecord<'_>,
    problems: &mut Vec<String>,
) -> Vec<Action> {
    let mut changes = draft.set.take().unwrap_or_default();
    let mut actions = shifts(
        session,
        &mut changes,
        &draft.shifted.take().unwrap_or_default(),
    );
    if !changes.is_empty() {
        actions.insert(0, Action::SetEach { changes });
    }
    for (row, entry) in draft.entries.take().unwrap_or_default() {
        let value = match entry {
            EntryJson::Entry(entry) => Ok(entry.into_tree()),
            EntryJson::Text(text) => json::parse(&text),
        };
        match value {
            Ok(value) => actions.push(Action::SetEntry { row, value }),
            Err(e) => problems.push(format!(
                "The saved entry of row {row} is unreadable ({}).",
                e.message
            )),
        }
    }
    for a in draft.added.take().unwrap_or_default() {
        actions.push(Action::AddEntries {
            cluster: a.cluster.map(Cow::into_owned),
            topic: a.topic.into_owned(),
            partitions: PartitionSet::range(a.partition, a.partition),
            offset: a.offset,
        });
    }
    let removed = draft.removed.take().unwrap_or_default();
    if !removed.is_empty() {
        actions.push(Action::RemoveEntries {
            selection: Selection::Rows(removed),
        });
    }
    if draft.scope.as_deref() == Some("all") {
        actions.push(Action::SetScope {
            scope: ExportScope::All,
        });
    }
    actions
}

/// The notice after a restore: that it worked, or which edits could not be re-applied.
fn restore_notice(problems: &[String]) -> Notice {
    if problems.is_empty() {
        Notice::info(
            NoticeAt::Page,
            "Draft restored from this browser's storage.",
        )
    } else {
        Notice {
            severity: Severity::Warning,
            text: format!(
                "Draft restored, but some edits could not be re-applied: {}",
                problems.join(" ")
            ),
            at: NoticeAt::Page,
        }
    }
}

/// The shifts that give the rows of `shifted` their saved offsets again (taken out of
/// `changes`), so that they stay computed from the imported offset and the alter still checks
/// them: one shift per distance, a saved null as a clamped shift to null. A row whose imported
/// offset is not a number stays in `changes` (set).
fn shifts(
    session: &crate::editing::edit::Session,
    changes: &mut Vec<(usize, Option<i64>)>,
    shifted: &[usize],
) -> Vec<Action> {
    let mut by_delta: std::collections::BTreeMap<(i64, bool), Vec<usize>> = Default::default();
    // Sorted, so that each row is looked up in log time: a bulk shift saves every row.
    let mut shifted = shifted.to_vec();
    shifted.sort_unstable();
    changes.retain(|&(row, value)| {
        let imported = match session.row(row).and_then(|r| r.imported) {
            Some(OffsetValue::Value(v)) if shifted.binary_search(&row).is_ok() => v,
            _ => return true,
        };
        let delta = match value {
            Some(v) => v.checked_sub(imported),
            // Below 0 by one: the clamped shift sets it to null.
            None => imported.checked_add(1).map(|d| -d),
        };
        match delta {
            Some(d) => {
                by_delta.entry((d, value.is_none())).or_default().push(row);
                false
            }
            None => true,
        }
    });
    by_delta
        .into_iter()
        .map(|((delta, null), rows)| {
            let selection = Selection::Rows(rows);
            if null {
                Action::ShiftOffsetsClamped {
                    selection,
                    delta,
                    below_zero: crate::editing::edit::BelowZero::Null,
                }
            } else {
                Action::ShiftOffsets { selection, delta }
            }
        })
        .collect()
}
