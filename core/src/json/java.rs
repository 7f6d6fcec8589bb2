//! How Kafka Connect's Java side words a JSON value: the binding errors Jackson answers when a
//! value has the wrong JSON type for the Java type it is bound to, and Java's `String.valueOf`
//! of a bound value (what `SinkUtils` quotes). The texts were read off Kafka 4.3.1's worker; the
//! live conformance checks every quote our messages make of them.

use super::{Raw, RawKind};
use std::fmt::Write as _;

/// `org.apache.kafka.connect.runtime.rest.entities.ConnectorOffsets`: the request body.
pub const CONNECTOR_OFFSETS: &str =
    "org.apache.kafka.connect.runtime.rest.entities.ConnectorOffsets";
/// `...ConnectorOffset`: one entry of `offsets`.
pub const CONNECTOR_OFFSET: &str = "org.apache.kafka.connect.runtime.rest.entities.ConnectorOffset";
/// The `offsets` array.
pub const OFFSET_LIST: &str =
    "java.util.ArrayList<org.apache.kafka.connect.runtime.rest.entities.ConnectorOffset>";
/// An entry's `partition` or `offset` map.
pub const OFFSET_MAP: &str = "java.util.LinkedHashMap<java.lang.String,java.lang.Object>";

/// What Jackson answers when `v` cannot be bound to `java_type`, as the worker's HTTP 500 message
/// starts. A scalar given for an object type (a bean, or a map for a string) goes to the
/// type's creators, which take no such argument; anything else is the wrong shape.
pub fn binding_error<'a>(java_type: &str, v: impl Into<Raw<'a>>) -> String {
    let v = v.into();
    let is_list = java_type.starts_with("java.util.ArrayList");
    let is_map = java_type.starts_with("java.util.LinkedHashMap");
    let creator = match v.kind() {
        RawKind::String if !is_list => Some(("String", "String")),
        RawKind::Number if !is_list && !is_map && v.is_integer_number() => {
            Some(("int/Int", "Number"))
        }
        RawKind::Number if !is_list && !is_map => Some(("double/Double", "Number")),
        RawKind::Bool if !is_list && !is_map => Some(("boolean/Boolean", "boolean")),
        _ => None,
    };
    match creator {
        Some((argument, from)) => {
            // A map's type is named without its parameters in this message.
            let named = if is_map {
                "java.util.LinkedHashMap"
            } else {
                java_type
            };
            format!(
                "Cannot construct instance of `{named}` (although at least one Creator exists): no {argument}-argument constructor/factory method to deserialize from {from} value"
            )
        }
        None => format!(
            "Cannot deserialize value of type `{java_type}` from {} value",
            token_shape(v)
        ),
    }
}

/// Jackson's name for the shape of the token it found.
fn token_shape(v: Raw<'_>) -> &'static str {
    match v.kind() {
        RawKind::Null => "Null",
        RawKind::Bool => "Boolean",
        RawKind::Number if v.is_integer_number() => "Integer",
        RawKind::Number => "Floating-point",
        RawKind::String => "String",
        RawKind::Array => "Array",
        RawKind::Object => "Object",
    }
}

/// Java's `String.valueOf` of the value Jackson binds `v` to: integers print their value (`-0`
/// is `0`), strings themselves, `null`, `true` and `false` their names, a fraction or exponent
/// as a `Double` prints (`1e3` is `1000.0`), maps as `{a=1, b=x}` and lists as `[1, 2]`.
/// `None` where we cannot be sure of Java's digits (a `Double` outside 10^-3..10^7, written in
/// Java's scientific form) or the value is nested too deep.
pub fn string_value<'a>(v: impl Into<Raw<'a>>) -> Option<String> {
    let mut out = String::new();
    write_value(&mut out, v.into(), 0).then_some(out)
}

fn write_value(out: &mut String, v: Raw<'_>, depth: usize) -> bool {
    if depth > 16 {
        return false;
    }
    let text = v.number_text().unwrap_or_default();
    match v.kind() {
        RawKind::Null => out.push_str("null"),
        RawKind::Bool => {
            let _ = write!(out, "{}", v.as_bool() == Some(true));
        }
        RawKind::String => out.push_str(v.as_str().unwrap_or_default()),
        RawKind::Number if v.is_integer_number() => match text.parse::<i128>() {
            Ok(i) => {
                let _ = write!(out, "{i}");
            }
            Err(_) => out.push_str(text.trim_start_matches('+')),
        },
        RawKind::Number => match java_double(text) {
            Some(text) => out.push_str(&text),
            None => return false,
        },
        RawKind::Array => {
            out.push('[');
            for (i, item) in v.items().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                if !write_value(out, item, depth + 1) {
                    return false;
                }
            }
            out.push(']');
        }
        RawKind::Object => {
            // Jackson binds an object to a LinkedHashMap: input order, the last duplicate's
            // value at the first one's place.
            let mut seen: Vec<&str> = Vec::new();
            out.push('{');
            for m in v.members() {
                if seen.contains(&m.key) {
                    continue;
                }
                seen.push(m.key);
                if seen.len() > 1 {
                    out.push_str(", ");
                }
                out.push_str(m.key);
                out.push('=');
                let last = v.get(m.key).unwrap_or(m.value);
                if !write_value(out, last, depth + 1) {
                    return false;
                }
            }
            out.push('}');
        }
    }
    true
}

/// `Double.toString` for the range where Java writes plain decimals (10^-3 up to 10^7, and
/// zero): the shortest digits that read back as the same double, with `.0` when there is no
/// fraction. Worked out on the number's text (no float formatting: it would add its tables to
/// the page's wasm): with at most 15 significant digits, the text's own digits are the
/// shortest. `None` outside that range or past 15 digits.
fn java_double(text: &str) -> Option<String> {
    let (negative, t) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (mantissa, exponent) = match t.find(['e', 'E']) {
        Some(at) => (t.get(..at)?, t.get(at + 1..)?.parse::<i32>().ok()?),
        None => (t, 0),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let all: String = int.chars().chain(frac.chars()).collect();
    // The value is 0.DIGITS x 10^point.
    let trimmed = all.trim_start_matches('0');
    let lead = i32::try_from(all.len() - trimmed.len()).ok()?;
    let point = i32::try_from(int.len())
        .ok()?
        .checked_add(exponent)?
        .checked_sub(lead)?;
    let digits = trimmed.trim_end_matches('0');
    let mut out = String::from(if negative { "-" } else { "" });
    if digits.is_empty() {
        out.push_str("0.0");
        return Some(out);
    }
    if digits.len() > 15 || !(-2..=7).contains(&point) {
        return None;
    }
    if point <= 0 {
        out.push_str("0.");
        out.extend(std::iter::repeat_n('0', usize::try_from(-point).ok()?));
        out.push_str(digits);
    } else {
        let whole = usize::try_from(point).ok()?;
        match (digits.get(..whole), digits.get(whole..)) {
            (Some(head), Some(tail)) if !tail.is_empty() => {
                out.push_str(head);
                out.push('.');
                out.push_str(tail);
            }
            _ => {
                out.push_str(digits);
                out.extend(std::iter::repeat_n('0', whole.saturating_sub(digits.len())));
                out.push_str(".0");
            }
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::json::JsonValue;

    fn value(text: &str) -> JsonValue {
        crate::json::parse(text).unwrap()
    }

    #[test]
    fn binding_errors_read_as_the_worker_words_them() {
        // Each text as Kafka 4.3.1's worker answered it (tests/live/conformance.test.mjs checks
        // the quotes in our messages against the worker on every run).
        let table = [
            (
                CONNECTOR_OFFSETS,
                "[]",
                "Cannot deserialize value of type `org.apache.kafka.connect.runtime.rest.entities.ConnectorOffsets` from Array value",
            ),
            (
                CONNECTOR_OFFSETS,
                "\"x\"",
                "Cannot construct instance of `org.apache.kafka.connect.runtime.rest.entities.ConnectorOffsets` (although at least one Creator exists): no String-argument constructor/factory method to deserialize from String value",
            ),
            (
                CONNECTOR_OFFSETS,
                "123",
                "Cannot construct instance of `org.apache.kafka.connect.runtime.rest.entities.ConnectorOffsets` (although at least one Creator exists): no int/Int-argument constructor/factory method to deserialize from Number value",
            ),
            (
                CONNECTOR_OFFSETS,
                "true",
                "Cannot construct instance of `org.apache.kafka.connect.runtime.rest.entities.ConnectorOffsets` (although at least one Creator exists): no boolean/Boolean-argument constructor/factory method to deserialize from boolean value",
            ),
            (
                OFFSET_LIST,
                "{}",
                "Cannot deserialize value of type `java.util.ArrayList<org.apache.kafka.connect.runtime.rest.entities.ConnectorOffset>` from Object value",
            ),
            (
                OFFSET_LIST,
                "\"x\"",
                "Cannot deserialize value of type `java.util.ArrayList<org.apache.kafka.connect.runtime.rest.entities.ConnectorOffset>` from String value",
            ),
            (
                OFFSET_LIST,
                "5",
                "Cannot deserialize value of type `java.util.ArrayList<org.apache.kafka.connect.runtime.rest.entities.ConnectorOffset>` from Integer value",
            ),
            (
                CONNECTOR_OFFSET,
                "[]",
                "Cannot deserialize value of type `org.apache.kafka.connect.runtime.rest.entities.ConnectorOffset` from Array value",
            ),
            (
                CONNECTOR_OFFSET,
                "123",
                "Cannot construct instance of `org.apache.kafka.connect.runtime.rest.entities.ConnectorOffset` (although at least one Creator exists): no int/Int-argument constructor/factory method to deserialize from Number value",
            ),
            (
                OFFSET_MAP,
                "5",
                "Cannot deserialize value of type `java.util.LinkedHashMap<java.lang.String,java.lang.Object>` from Integer value",
            ),
            (
                OFFSET_MAP,
                "true",
                "Cannot deserialize value of type `java.util.LinkedHashMap<java.lang.String,java.lang.Object>` from Boolean value",
            ),
            (
                OFFSET_MAP,
                "[5]",
                "Cannot deserialize value of type `java.util.LinkedHashMap<java.lang.String,java.lang.Object>` from Array value",
            ),
            (
                OFFSET_MAP,
                "\"5\"",
                "Cannot construct instance of `java.util.LinkedHashMap` (although at least one Creator exists): no String-argument constructor/factory method to deserialize from String value",
            ),
        ];
        for (java_type, text, expected) in table {
            assert_eq!(binding_error(java_type, &value(text)), expected, "{text}");
        }
    }

    #[test]
    fn string_values_print_as_java_prints_them() {
        let table = [
            ("12", Some("12")),
            ("-0", Some("0")),
            ("\"007\"", Some("007")),
            ("null", Some("null")),
            ("true", Some("true")),
            ("1e3", Some("1000.0")),
            ("1e0", Some("1.0")),
            ("1.5", Some("1.5")),
            ("-0.0", Some("-0.0")),
            ("0.001", Some("0.001")),
            ("2.50", Some("2.5")),
            ("1e+3", Some("1000.0")),
            ("9999999.5", Some("9999999.5")),
            ("12.5e-1", Some("1.25")),
            ("0.0001", None),
            ("1.0000000000000001", None),
            ("1e7", None),
            ("1e-4", None),
            (r#"{"a":1}"#, Some("{a=1}")),
            (r#"{"a":1,"b":"x","a":2}"#, Some("{a=2, b=x}")),
            ("[1,[2,\"y\"],{}]", Some("[1, [2, y], {}]")),
            ("[1e9]", None),
        ];
        for (text, expected) in table {
            assert_eq!(string_value(&value(text)).as_deref(), expected, "{text}");
        }
    }
}
