//! The page's two reference forms as typed: "Add a reference" (its fields, the role read from
//! them) and the command generator (its fields and what it shows).

use crate::reading::datetime;
use crate::reading::reference::Role;

/// The fields of the "Add a reference" form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReferenceField {
    /// The pasted output.
    Text,
    /// The role id (`earliest`, `latest`, `time`, `group`; empty: not chosen).
    Role,
    /// The time of a `time` reference, as typed.
    Time,
    /// The group of a `group` reference (optional).
    Group,
}

/// The "Add a reference" form as typed, and the error of the last attempt with the field it is
/// about.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ReferenceForm {
    pub text: String,
    pub role: String,
    pub time: String,
    pub group: String,
    pub error: Option<(ReferenceField, String)>,
}

/// The fields of the command generator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LookupField {
    /// `earliest`, `latest` or a date-time.
    At,
    Bootstrap,
    CommandConfig,
    /// `NAMESPACE/POD` for a `kubectl exec` prefix (optional).
    Exec,
}

impl LookupField {
    pub const ALL: [LookupField; 4] = [
        LookupField::At,
        LookupField::Bootstrap,
        LookupField::CommandConfig,
        LookupField::Exec,
    ];
}

/// The command generator as typed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LookupForm {
    pub at: String,
    pub bootstrap: String,
    pub command_config: String,
    pub exec: String,
}

impl LookupForm {
    pub fn get(&self, field: LookupField) -> &str {
        match field {
            LookupField::At => &self.at,
            LookupField::Bootstrap => &self.bootstrap,
            LookupField::CommandConfig => &self.command_config,
            LookupField::Exec => &self.exec,
        }
    }

    pub(in crate::editor) fn set(&mut self, field: LookupField, value: String) {
        match field {
            LookupField::At => self.at = value,
            LookupField::Bootstrap => self.bootstrap = value,
            LookupField::CommandConfig => self.command_config = value,
            LookupField::Exec => self.exec = value,
        }
    }
}

/// What the command generator shows: the time it read, the commands, or why there are none,
/// each reason with the field it is about.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LookupOutput {
    /// "2026-11-30T12:00:00Z = 1796040000000 ms since 1970" for a date-time.
    pub time: Option<String>,
    /// The script (notes as comments, then the commands), when every value is valid.
    pub script: Option<String>,
    /// Why nothing is generated: (field, or `None` for the listing, reason).
    pub errors: Vec<(Option<LookupField>, String)>,
}

/// The lookup generator's time, when it is one (not `earliest` or `latest`): the time of the
/// offsets its commands print.
pub(in crate::editor) fn lookup_time(lookup: &LookupForm) -> String {
    let at = lookup.at.trim();
    if at.is_empty() || at.eq_ignore_ascii_case("earliest") || at.eq_ignore_ascii_case("latest") {
        String::new()
    } else {
        at.to_owned()
    }
}

/// A reference's role from the form's values; `Err` names the field and says why.
pub fn role_from(
    id: &str,
    time: &str,
    group: &str,
    now_ms: i64,
) -> Result<Role, (ReferenceField, String)> {
    match Role::from_id(id) {
        None => Err((
            ReferenceField::Role,
            "Choose what these offsets are: the earliest, the latest, the offsets at a time, or a consumer group's committed offsets.".into(),
        )),
        Some(Role::Time { .. }) => match datetime::parse_datetime(time, now_ms) {
            Ok(ms) => Ok(Role::Time { at_ms: Some(ms) }),
            Err(e) => Err((
                ReferenceField::Time,
                format!("Time of these offsets, {e}. Use the time given to kafka-get-offsets.sh --time."),
            )),
        },
        Some(Role::Group { .. }) => Ok(Role::Group {
            name: Some(group.trim().to_string()).filter(|g| !g.is_empty()),
        }),
        Some(role) => Ok(role),
    }
}
