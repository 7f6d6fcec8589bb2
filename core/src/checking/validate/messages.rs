//! Helpers the rule families share to word their messages: range sentences with exact decimal
//! bounds, and the list of unexpected keys in a map.

use crate::json::JsonValue;

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
    if v < 0 {
        out.push('-');
    }
    let mut buf = [0u8; 40];
    out.extend(
        crate::json::decimal_digits(v.unsigned_abs(), &mut buf)
            .iter()
            .map(|&d| char::from(d)),
    );
}

pub(super) fn extra_keys(map: &JsonValue, known: &[&str]) -> Option<String> {
    let mut extra: Vec<String> = Vec::new();
    for m in map.as_members()? {
        if !known.contains(&m.key.as_str()) && !extra.contains(&format!("'{}'", m.key)) {
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
