//! The REST create's `POST /connectors` body, checked: what the plan checks once (`options`)
//! and the create procedure sends (`rest_create`).

use super::error::CreateBodyError;
use crate::json::{self, Object, RawKind};
use crate::model::names::ConnectorName;

/// The `POST /connectors` body: `{"name": ..., "config": CONFIG, "initial_state": "STOPPED"}`,
/// with `config` embedded as the user wrote it once it is a JSON object with `connector.class`
/// (and, when it names the connector, the same name). Else the message says what is wrong.
pub(super) fn create_body(name: &ConnectorName, config: &str) -> Result<String, CreateBodyError> {
    let config = config.trim();
    let tape = json::parse_tape(config).map_err(|e| CreateBodyError::NotAnObject {
        reason: e.to_string(),
    })?;
    let object = json::Raw::from(tape.root());
    if object.kind() != RawKind::Object {
        return Err(CreateBodyError::NotAnObject {
            reason: format!("it is {}", object.type_name()),
        });
    }
    // As Kafka Connect reads it (Jackson): a repeated member's last value counts.
    if object.get("connector.class").is_none() {
        return Err(CreateBodyError::NoConnectorClass {
            whole_request: object
                .get("config")
                .is_some_and(|c| c.kind() == RawKind::Object),
        });
    }
    match object.get("name") {
        Some(n) if n.as_str() == Some(name.as_str()) => {}
        Some(other) => {
            return Err(CreateBodyError::OtherName {
                named: json::to_compact(other),
                name: name.as_str().to_owned(),
            });
        }
        None => {}
    }
    if config
        .chars()
        .any(|c| c.is_control() && c != '\n' && c != '\t' && c != '\r')
    {
        return Err(CreateBodyError::ControlCharacter);
    }
    let mut body = String::with_capacity(config.len() + name.as_str().len() + 48);
    let mut o = Object::new(&mut body);
    o.member("name", name.as_str());
    o.raw_member("config", config);
    o.member("initial_state", "STOPPED");
    o.end();
    Ok(body)
}
