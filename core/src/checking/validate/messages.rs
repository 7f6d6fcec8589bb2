//! Helpers the rule families share to word their messages: range sentences with exact decimal
//! bounds, and the list of unexpected keys in a map.

use crate::json::{Raw, RawKind};

/// `format!("Entry #{n}: records {from}…{to}{rest}")`, built by hand: a shift of every row
/// writes one such message per entry (MS11/MS12), and the formatting machinery cost more than
/// the rest of their validation.
pub(super) fn range_message(n: usize, from: i128, to: i64, rest: &str) -> String {
    let mut out = String::with_capacity(64 + rest.len());
    out.push_str("Entry #");
    push_decimal(&mut out, n as i128);
    out.push_str(": records ");
    push_decimal(&mut out, from);
    out.push('…');
    push_decimal(&mut out, i128::from(to));
    out.push_str(rest);
    out
}

/// Appends `v` in decimal, as `{v}` formats it.
fn push_decimal(out: &mut String, v: i128) {
    out.push_str(itoa::Buffer::new().format(v));
}

/// A value as the user wrote it, in JSON (strings quoted), cut at 60 characters.
pub(super) fn shown<'a>(v: impl Into<Raw<'a>>) -> String {
    let text = crate::json::to_compact(v.into());
    if text.chars().count() > 60 {
        let mut cut: String = text.chars().take(57).collect();
        cut.push('…');
        cut
    } else {
        text
    }
}

/// Java's `String.valueOf(v)` for a bound JSON value, as `SinkUtils` reads it before
/// `Integer.parseInt` / `Long.parseLong` and quotes it in its answer (`1e3` is `1000.0`, a map
/// `{a=1}`); `None` where Java's digits are not certain.
pub(super) fn java_string_value<'a>(v: impl Into<Raw<'a>>) -> Option<String> {
    crate::json::java::string_value(v)
}

/// Java's `Long.parseLong` (and, range-checked by the caller, `Integer.parseInt`): an optional
/// `+` or `-`, then ASCII digits, within the 64-bit range. `"+3"` and `"03"` are read; `" 3"`,
/// `"3.0"` and `"1e3"` are not.
pub(super) fn java_parse_long(s: &str) -> Option<i64> {
    crate::model::parse_java_long(s)
}

/// MS1 / MC1: a required partition key is absent (MirrorMaker 2's own wording).
pub(super) fn missing_key(n: usize, k: &str) -> String {
    format!(
        "Entry #{n}: the source partition is missing the '{k}' key, which is required (MirrorMaker 2 answers HTTP 500). Add it."
    )
}

/// MS2 / MC1: a partition key that must be a JSON string.
pub(super) fn not_a_string<'a>(n: usize, k: &str, v: impl Into<Raw<'a>>) -> String {
    format!(
        "Entry #{n}: '{k}' has the invalid value {}; it must be a string (MirrorMaker 2 answers HTTP 500 '... for the '{k}' key, which must be a string').",
        shown(v)
    )
}

/// MS7 / MC2: an offset map without its `offset` key.
pub(super) fn missing_offset_key(n: usize, example: &str) -> String {
    format!(
        "Entry #{n}: the offset map has no 'offset' key, which MirrorMaker 2 requires (HTTP 500 '... is missing the 'offset' key, which is required'). Write it as {example}, or null to delete the offset."
    )
}

/// MS3 / MC1: what is wrong with a MirrorMaker 2 `partition` value, if anything. Upstream
/// takes an Integer or Long up to 2147483647, then refuses `intValue() < 0`; below
/// -2147483648 `intValue()` wraps and can come out ≥ 0, which upstream accepts and we refuse
/// (a deliberate departure: it would store a different partition than the one written).
pub(super) fn partition_problem<'a>(n: usize, v: impl Into<Raw<'a>>) -> Option<String> {
    let v = v.into();
    const RANGE: &str = "it must be an integer between 0 and 2147483647";
    // The usual case without reading the integer: at most nine digits and no sign is within
    // 0..=2147483647 (JSON allows no leading zero, so the text is the number's own).
    if v.number_text()
        .is_some_and(|t| t.len() <= 9 && t.bytes().all(|b| b.is_ascii_digit()))
    {
        return None;
    }
    if is_nested(v) {
        // Kafka Connect refuses it before MirrorMaker 2 reads it, and S6 quotes that answer.
        return None;
    }
    let Some((x, p)) = v.integer() else {
        return Some(format!(
            "Entry #{n}: 'partition' has the invalid value {}; {RANGE} (MirrorMaker 2 answers HTTP 500 '... for the 'partition' key, which must be an integer').",
            shown(v)
        ));
    };
    let Some(p) = p else {
        return Some(format!(
            "Entry #{n}: 'partition' is {x}, beyond the 64-bit range; {RANGE} (Kafka Connect reads it as a BigInteger and answers HTTP 500 'Offsets may only contain primitive types as values')."
        ));
    };
    if (0..=crate::model::names::MAX_PARTITION).contains(&p) {
        return None;
    }
    if p > crate::model::names::MAX_PARTITION {
        return Some(format!(
            "Entry #{n}: 'partition' has the invalid value {p}; {RANGE} (MirrorMaker 2 answers HTTP 500 '... which must be an integer')."
        ));
    }
    let wrapped = p as i32;
    if p < i64::from(i32::MIN) && wrapped >= 0 {
        return Some(format!(
            "Entry #{n}: 'partition' has the invalid value {p}; {RANGE}. MirrorMaker 2 would accept it and store partition {wrapped} (it keeps only the low 32 bits), which is not the partition written here."
        ));
    }
    Some(format!(
        "Entry #{n}: 'partition' has the invalid value {p}; {RANGE} (MirrorMaker 2 answers HTTP 500 '... which cannot be negative')."
    ))
}

/// An object or an array: in a source connector's maps, S6 reports it with the answer Kafka
/// Connect gives ('Offsets may only contain primitive types'), before MirrorMaker 2's own
/// checks run, so those rules do not claim their answers for it.
pub(super) fn is_nested<'a>(v: impl Into<Raw<'a>>) -> bool {
    matches!(v.into().kind(), RawKind::Array | RawKind::Object)
}

/// What Jackson answers when a map (an entry's `partition` or `offset`) is another JSON type.
pub(super) fn not_a_map_answer<'a>(v: impl Into<Raw<'a>>) -> String {
    crate::json::java::binding_error(crate::json::java::OFFSET_MAP, v)
}

pub(super) fn extra_keys<'a>(map: impl Into<Raw<'a>>, known: &[&str]) -> Option<String> {
    let map = map.into();
    if map.kind() != RawKind::Object {
        return None;
    }
    let mut extra: Vec<String> = Vec::new();
    for m in map.members() {
        if !known.contains(&m.key) && !extra.contains(&format!("'{}'", m.key)) {
            extra.push(format!("'{}'", m.key));
        }
    }
    if extra.is_empty() {
        None
    } else {
        Some(extra.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn range_messages_match_format() {
        let mut values: Vec<i64> = vec![0, 1, 9, 10, 99, i64::MAX, i64::MAX - 1, i64::MIN];
        let mut p = 1i64;
        while let Some(next) = p.checked_mul(10) {
            values.extend([p - 1, p, p + 1, -p]);
            p = next;
        }
        for (k, &v) in values.iter().enumerate() {
            let from = i128::from(v) + 1;
            assert_eq!(
                range_message(k * 1009, from, v, " rest."),
                format!("Entry #{}: records {from}…{v} rest.", k * 1009)
            );
        }
        assert_eq!(
            range_message(usize::MAX, i128::MIN, 0, ""),
            format!("Entry #{}: records {}…0", usize::MAX, i128::MIN)
        );
    }
}
