//! Reading a record back, member by member: each value checked for its type, an error naming
//! the member and where its value is. Members a record does not know are ignored; a missing
//! optional member or a `null` is `None`.

use crate::json::{Raw, RawKind};
use std::borrow::Cow;

/// A value read from a record's JSON. The error says what was expected and where.
pub(super) trait FromRaw: Sized {
    fn from_raw(v: Raw<'_>) -> Result<Self, String>;
}

/// What was expected, what was found, and where.
pub(super) fn expected(what: &str, v: Raw<'_>) -> String {
    let pos = v.pos();
    format!(
        "expected {what}, found {} at line {} column {}",
        v.type_name(),
        pos.line,
        pos.column
    )
}

/// The value of the last member named `key` (one copy of the lookup in the page's code, not
/// one per member read).
#[inline(never)]
fn get<'a>(v: Raw<'a>, key: &str) -> Option<Raw<'a>> {
    v.get(key)
}

/// `value`, the value of member `key`, read; an error names the member.
fn read_member<T: FromRaw>(key: &str, value: Raw<'_>) -> Result<T, String> {
    T::from_raw(value).map_err(|e| format!("{key}: {e}"))
}

/// The value of member `key` of the object `v`, which must be there.
pub(super) fn required<T: FromRaw>(v: Raw<'_>, key: &str) -> Result<T, String> {
    match get(v, key) {
        Some(value) => read_member(key, value),
        None => Err(format!("missing member '{key}'")),
    }
}

/// The value of member `key` of the object `v`; `None` when it is missing or `null`.
pub(super) fn optional<T: FromRaw>(v: Raw<'_>, key: &str) -> Result<Option<T>, String> {
    match get(v, key) {
        Some(value) if !value.is_null() => read_member(key, value).map(Some),
        _ => Ok(None),
    }
}

/// The value of member `key` of the object `v`; the type's default when it is missing (not
/// when it is `null`, which is not a value of the type).
pub(super) fn or_default<T: FromRaw + Default>(v: Raw<'_>, key: &str) -> Result<T, String> {
    match get(v, key) {
        Some(value) => read_member(key, value),
        None => Ok(T::default()),
    }
}

/// `v` when it is an object.
pub(super) fn object(v: Raw<'_>) -> Result<Raw<'_>, String> {
    match v.kind() {
        RawKind::Object => Ok(v),
        _ => Err(expected("an object", v)),
    }
}

impl FromRaw for Cow<'static, str> {
    fn from_raw(v: Raw<'_>) -> Result<Self, String> {
        v.as_str()
            .map(|s| Cow::Owned(s.to_owned()))
            .ok_or_else(|| expected("a string", v))
    }
}

impl FromRaw for bool {
    fn from_raw(v: Raw<'_>) -> Result<Self, String> {
        v.as_bool().ok_or_else(|| expected("true or false", v))
    }
}

impl FromRaw for i64 {
    fn from_raw(v: Raw<'_>) -> Result<Self, String> {
        v.as_i64().ok_or_else(|| expected("a whole number", v))
    }
}

impl FromRaw for usize {
    fn from_raw(v: Raw<'_>) -> Result<Self, String> {
        v.as_i64()
            .and_then(|i| usize::try_from(i).ok())
            .ok_or_else(|| expected("a row number", v))
    }
}

/// `null` or the value.
impl<T: FromRaw> FromRaw for Option<T> {
    fn from_raw(v: Raw<'_>) -> Result<Self, String> {
        if v.is_null() {
            Ok(None)
        } else {
            T::from_raw(v).map(Some)
        }
    }
}

/// An array of values, each read the same way; an error names the item.
impl<T: FromRaw> FromRaw for Vec<T> {
    fn from_raw(v: Raw<'_>) -> Result<Self, String> {
        if v.kind() != RawKind::Array {
            return Err(expected("an array", v));
        }
        v.items()
            .enumerate()
            .map(|(i, item)| T::from_raw(item).map_err(|e| format!("item {}: {e}", i + 1)))
            .collect()
    }
}

/// An array of exactly two values: `[a, b]`.
impl<A: FromRaw, B: FromRaw> FromRaw for (A, B) {
    fn from_raw(v: Raw<'_>) -> Result<Self, String> {
        let mut items = v.items();
        match (v.kind(), items.next(), items.next(), items.next()) {
            (RawKind::Array, Some(a), Some(b), None) => Ok((A::from_raw(a)?, B::from_raw(b)?)),
            _ => Err(expected("an array of two", v)),
        }
    }
}
