//! "Start a new connector" on the empty page (issue 23 item 1): the form as typed (the kind, the
//! source cluster alias, the reference and what it is, a topic filter) and
//! [`ImportAction::StartNewConnector`], which reads the reference and makes the listing of every
//! partition it names with the values the kind stores (`editing/new_listing.rs`, as the CLI's
//! `connect-offsets new`), then loads it as one undoable step: Undo brings the empty page back
//! with the form as it was. A refusal names the field it is about (the reference's own errors
//! with their line and column) and keeps everything typed. With offsets at a time, the latest
//! offsets pasted beside them give the partitions the time lookup prints nothing for their log end
//! (issue 31 item 1); without them the listing's origin carries the warning that those partitions
//! would copy their history.
//!
//! The listing is loaded from its own PATCH body text, so it is a listing like any other (the
//! draft keeps that text); the export settings are switched to creating the connector stopped
//! (`ExportSettings::create`), because a connector that has no offsets yet must not run before
//! they are set.

use crate::diag::{Diagnostic, Severity, group_digits};
use crate::editing::filter::Filter;
use crate::editing::new_listing::{NewConnector, check_topics_only, listing_from_references};
use crate::editor::references::{ReferenceField, role_from};
use crate::editor::{Editor, Notice, NoticeAt};
use crate::model::names;
use crate::reading::import::ImportOptions;
use crate::reading::reference::{Reference, Role, parse_reference};
use crate::writing::export;

/// The kinds a new listing can be made for, by the id the page's select uses: a generic source
/// connector's partitions are its own (a file, a table), so no reference can name them.
pub const NEW_CONNECTOR_KINDS: [(&str, &str); 2] = [
    (
        "mirror-source",
        "MirrorMaker 2 source connector (MirrorSourceConnector)",
    ),
    ("sink", "Sink connector"),
];

/// The fields of the "Start a new connector" form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NewConnectorField {
    /// `mirror-source` or `sink` (empty: not chosen).
    Kind,
    /// The source cluster's alias (MirrorMaker 2).
    SourceAlias,
    /// The pasted reference.
    Text,
    /// The reference's role id (`earliest`, `latest`, `time`, `group`; empty: not chosen).
    Role,
    /// The time of a `time` reference, as typed.
    Time,
    /// The latest offsets (log end) pasted with a time reference (optional): they give the
    /// partitions the time lookup prints nothing for their log end.
    LogEnd,
    /// The group of a `group` reference (optional).
    Group,
    /// The topics to keep (a filter of topic terms; empty: every topic).
    Topics,
}

/// The form as typed, the error of the last attempt with the field it is about, and the
/// reference's own findings (each with its line and column in [`NewConnectorForm::text`]).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct NewConnectorForm {
    pub kind: String,
    pub source_alias: String,
    pub text: String,
    pub role: String,
    pub time: String,
    pub log_end: String,
    pub group: String,
    pub topics: String,
    pub error: Option<(NewConnectorField, String)>,
    /// What the reference parser found in [`NewConnectorForm::text`] on the last attempt.
    pub reference_problems: Vec<Diagnostic>,
    /// What it found in [`NewConnectorForm::log_end`] on the last attempt.
    pub log_end_problems: Vec<Diagnostic>,
}

impl NewConnectorForm {
    pub fn get(&self, field: NewConnectorField) -> &str {
        match field {
            NewConnectorField::Kind => &self.kind,
            NewConnectorField::SourceAlias => &self.source_alias,
            NewConnectorField::Text => &self.text,
            NewConnectorField::Role => &self.role,
            NewConnectorField::Time => &self.time,
            NewConnectorField::LogEnd => &self.log_end,
            NewConnectorField::Group => &self.group,
            NewConnectorField::Topics => &self.topics,
        }
    }

    fn set(&mut self, field: NewConnectorField, value: String) {
        let slot = match field {
            NewConnectorField::Kind => &mut self.kind,
            NewConnectorField::SourceAlias => &mut self.source_alias,
            NewConnectorField::Text => &mut self.text,
            NewConnectorField::Role => &mut self.role,
            NewConnectorField::Time => &mut self.time,
            NewConnectorField::LogEnd => &mut self.log_end,
            NewConnectorField::Group => &mut self.group,
            NewConnectorField::Topics => &mut self.topics,
        };
        *slot = value;
    }

    /// [`ImportAction::SetNewConnector`](crate::editor::ImportAction::SetNewConnector): the field's
    /// error goes once it is edited, and the findings of the text edited.
    pub(in crate::editor) fn edit(&mut self, field: NewConnectorField, value: String) {
        self.set(field, value);
        if self.error.as_ref().is_some_and(|(f, _)| *f == field) {
            self.error = None;
        }
        if field == NewConnectorField::Text {
            self.reference_problems.clear();
        }
        if field == NewConnectorField::LogEnd {
            self.log_end_problems.clear();
        }
    }

    /// The error shown next to `field`, if the last attempt was refused there.
    pub fn error_of(&self, field: NewConnectorField) -> Option<&str> {
        self.error
            .as_ref()
            .filter(|(f, _)| *f == field)
            .map(|(_, e)| e.as_str())
    }

    /// The connector the form names, or the field to fix and why.
    fn connector(&self) -> Result<NewConnector, (NewConnectorField, String)> {
        match self.kind.as_str() {
            "mirror-source" => {
                let alias = self.source_alias.trim();
                if alias.is_empty() {
                    return Err((
                        NewConnectorField::SourceAlias,
                        "Type the source cluster's alias (source.cluster.alias, e.g. east): every entry of a MirrorSourceConnector names it.".into(),
                    ));
                }
                names::check_alias(alias).map_err(|m| {
                    (
                        NewConnectorField::SourceAlias,
                        format!("The source alias '{}': {m}", names::shown(alias)),
                    )
                })?;
                Ok(NewConnector::MirrorSource {
                    source_alias: alias.to_string(),
                })
            }
            "sink" => Ok(NewConnector::Sink),
            _ => Err((
                NewConnectorField::Kind,
                "Choose the kind of the new connector: a MirrorMaker 2 source connector or a sink connector.".into(),
            )),
        }
    }

    /// The topic filter, `None` when empty.
    fn topics(&self) -> Result<Option<Filter>, (NewConnectorField, String)> {
        let text = self.topics.trim();
        if text.is_empty() {
            return Ok(None);
        }
        let filter = Filter::parse(text)
            .map_err(|e| (NewConnectorField::Topics, format!("Topics, {e}.")))?;
        check_topics_only(&filter).map_err(|m| (NewConnectorField::Topics, m.to_string()))?;
        Ok(Some(filter))
    }
}

/// What the new listing was made from, kept with it while it is loaded: the page shows it
/// under the source bar.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewOrigin {
    /// "A new MirrorSourceConnector (source alias east) from the offsets at ...: 5 partitions."
    pub summary: String,
    /// What the values are (R − 1, null at R = 0), and the partitions left out.
    pub notes: Vec<String>,
    /// Partitions that would copy the history the user meant to skip (a time reference without
    /// the latest offsets), and how to avoid it: shown as a warning that cannot be missed.
    pub warnings: Vec<String>,
}

/// The field of the reference form a role error is about, in this form.
fn role_field(field: ReferenceField) -> NewConnectorField {
    match field {
        ReferenceField::Text => NewConnectorField::Text,
        ReferenceField::Role => NewConnectorField::Role,
        ReferenceField::Time => NewConnectorField::Time,
        ReferenceField::Group => NewConnectorField::Group,
    }
}

impl Editor {
    pub fn new_connector_form(&self) -> &NewConnectorForm {
        &self.import.new_connector
    }

    /// What the loaded listing was made from, when "Start a new connector" made it.
    pub fn new_origin(&self) -> Option<&NewOrigin> {
        self.loaded.as_ref().and_then(|l| l.origin.as_ref())
    }

    /// [`ImportAction::StartNewConnector`](crate::editor::ImportAction::StartNewConnector).
    pub(in crate::editor) fn start_new_connector(&mut self, now_ms: i64) {
        match self.new_listing_text(now_ms) {
            Ok((text, origin)) => {
                let before = self.snapshot();
                if self.load(text, ImportOptions::default()) {
                    self.import.new_connector.error = None;
                    if let Some(loaded) = self.loaded.as_mut() {
                        loaded.origin = Some(origin.clone());
                    }
                    // A connector that has no offsets yet is created stopped, then altered.
                    self.settings.create = true;
                    let mut notice = Notice::info(
                        NoticeAt::Import,
                        format!(
                            "{} Edit it as any listing; the export creates the connector stopped, sets these offsets, then starts it.",
                            origin.summary
                        ),
                    );
                    if let Some(warning) = origin.warnings.first() {
                        notice.severity = Severity::Warning;
                        notice.text = format!("{} Warning: {warning}", origin.summary);
                    }
                    self.page.notice = Some(notice);
                    self.keep_replaced(before);
                }
            }
            Err((field, message)) => {
                self.page.notice = Some(Notice::error(
                    NoticeAt::NewConnector,
                    format!("No listing was made: {message}"),
                ));
                self.import.new_connector.error = Some((field, message));
            }
        }
    }

    /// The new listing's PATCH body text and what it was made from, or the field to fix.
    fn new_listing_text(
        &mut self,
        now_ms: i64,
    ) -> Result<(String, NewOrigin), (NewConnectorField, String)> {
        let form = &self.import.new_connector;
        let connector = form.connector()?;
        if form.text.trim().is_empty() {
            return Err((
                NewConnectorField::Text,
                "Paste the offsets to start from: the output of kafka-get-offsets.sh (at earliest, latest or a time), or of kafka-consumer-groups.sh --describe or --export.".into(),
            ));
        }
        let role = role_from(&form.role, &form.time, &form.group, now_ms)
            .map_err(|(field, message)| (role_field(field), message))?;
        let topics = form.topics()?;
        let reference = parse_reference(&form.text, role);
        self.import.new_connector.reference_problems = reference.diagnostics.clone();
        if !reference.is_usable() {
            let errors = reference
                .diagnostics
                .iter()
                .filter(|d| d.is_error())
                .count();
            let first = reference.diagnostics.iter().find(|d| d.is_error());
            return Err((
                NewConnectorField::Text,
                format!(
                    "{} of {} could not be read{}; {} listed below with its line and column. Fix the text and press Make the listing again.",
                    if errors == 1 {
                        "1 line".to_string()
                    } else {
                        format!("{} lines", group_digits(errors as u128))
                    },
                    reference.role.phrase(),
                    first.map_or(String::new(), |d| format!(" (the first at {})", d.position)),
                    if errors == 1 { "it is" } else { "each is" },
                ),
            ));
        }
        let log_end = self.log_end_reference()?;
        let new =
            listing_from_references(&connector, &reference, log_end.as_ref(), topics.as_ref())
                .map_err(|e| (NewConnectorField::Text, e.message))?;
        let text = export::patch_json(&new.listing, None, true)
            .map_err(|d| {
                (
                    NewConnectorField::Text,
                    d.first().map_or_else(
                        || "The new listing could not be written.".to_string(),
                        |d| d.message.clone(),
                    ),
                )
            })?
            .text;
        let entries = new.listing.entries.len();
        let what = match &connector {
            NewConnector::MirrorSource { source_alias } => format!(
                "A new MirrorSourceConnector (source alias {})",
                names::shown(source_alias)
            ),
            NewConnector::Sink => "A new sink connector".to_string(),
        };
        let mut notes = new.notes;
        if !new.without_value.is_empty() {
            let named: Vec<String> = new
                .without_value
                .iter()
                .take(10)
                .map(|(t, p)| format!("{}:{p}", names::shown(t)))
                .collect();
            notes.push(format!(
                "{} partition(s) have no offset in {} and are left out: {}{}.",
                group_digits(new.without_value.len() as u128),
                reference.role.phrase(),
                named.join(", "),
                if new.without_value.len() > 10 {
                    ", ..."
                } else {
                    ""
                }
            ));
        }
        let origin = NewOrigin {
            summary: format!(
                "{what} from {}: {}.",
                reference.role.phrase(),
                crate::editor::counted(entries, "partition", "partitions")
            ),
            notes,
            warnings: new.warnings,
        };
        Ok((text, origin))
    }

    /// The latest offsets pasted with the reference, `None` when the field is empty; the field
    /// to fix when they do not read (each bad line listed with its line and column).
    fn log_end_reference(&mut self) -> Result<Option<Reference>, (NewConnectorField, String)> {
        let text = &self.import.new_connector.log_end;
        // Only offsets at a time leave partitions out (the page shows the field for them only).
        if text.trim().is_empty() || self.import.new_connector.role != "time" {
            return Ok(None);
        }
        let reference = parse_reference(text, Role::Latest);
        self.import.new_connector.log_end_problems = reference.diagnostics.clone();
        if reference.is_usable() {
            return Ok(Some(reference));
        }
        let first = reference.diagnostics.iter().find(|d| d.is_error());
        Err((
            NewConnectorField::LogEnd,
            format!(
                "The latest offsets could not be read{}; each bad line is listed below with its line and column. Paste kafka-get-offsets.sh --time -1 output (topic:partition:offset), or empty the field.",
                first.map_or(String::new(), |d| format!(" (the first at {})", d.position)),
            ),
        ))
    }
}
