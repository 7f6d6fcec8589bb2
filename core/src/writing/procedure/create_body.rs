//! The REST create's `POST /connectors` body, checked: what the plan checks once (`options`)
//! and the create procedure sends (`rest_create`).

use super::error::CreateBodyError;
use crate::model::names::ConnectorName;
use serde::Serialize;
use serde_json::value::RawValue;

/// The `POST /connectors` body: `{"name": ..., "config": CONFIG, "initial_state": "STOPPED"}`,
/// with `config` embedded as the user wrote it once it is a JSON object with `connector.class`
/// (and, when it names the connector, the same name). Else the message says what is wrong.
pub(super) fn create_body(name: &ConnectorName, config: &str) -> Result<String, CreateBodyError> {
    #[derive(Serialize)]
    struct Body<'a> {
        name: &'a str,
        config: &'a RawValue,
        initial_state: &'static str,
    }
    let config = config.trim();
    let not_an_object = |e: serde_json::Error| CreateBodyError::NotAnObject {
        reason: e.to_string(),
    };
    let object: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(config).map_err(not_an_object)?;
    if !object.contains_key("connector.class") {
        return Err(CreateBodyError::NoConnectorClass {
            whole_request: object
                .get("config")
                .is_some_and(serde_json::Value::is_object),
        });
    }
    match object.get("name") {
        Some(serde_json::Value::String(n)) if n == name.as_str() => {}
        Some(other) => {
            return Err(CreateBodyError::OtherName {
                named: other.to_string(),
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
    let raw: &RawValue = serde_json::from_str(config).map_err(not_an_object)?;
    serde_json::to_string(&Body {
        name: name.as_str(),
        config: raw,
        initial_state: "STOPPED",
    })
    .map_err(|e| CreateBodyError::Unwritable {
        reason: e.to_string(),
    })
}
