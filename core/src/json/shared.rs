//! [`SharedValue`]: one value of a tape that its owner shares, so that a listing's entry can live
//! on the tape of its document: cloned by copying a pointer, `Send`, read through [`Raw`].

use super::{JsonValue, Raw, Tape, TapeValue};
use std::sync::Arc;

/// A value node of a shared tape (the tape owns its text).
#[derive(Clone)]
pub struct SharedValue {
    tape: Arc<Tape<'static>>,
    index: u32,
}

impl SharedValue {
    /// `value` kept with the tape it belongs to; `None` when it is a value of another tape.
    pub fn of(tape: &Arc<Tape<'static>>, value: TapeValue<'_, '_>) -> Option<SharedValue> {
        let same = std::ptr::eq(
            std::ptr::from_ref(value.tape()).cast::<u8>(),
            Arc::as_ptr(tape).cast::<u8>(),
        );
        same.then(|| SharedValue {
            tape: Arc::clone(tape),
            index: value.index(),
        })
    }

    /// The value, read in place.
    #[inline]
    pub fn raw(&self) -> Raw<'_> {
        Raw::Tape(self.tape.value_at(self.index))
    }

    /// A copy of this value whose number `number` (a node inside it, of the same tape) reads
    /// `text` instead: a small tape of the value's nodes that shares the text and the
    /// positions of this one (`Tape::copy_with_number`). `None` when `number` is not a
    /// number inside this value or `text` is not a JSON number.
    pub fn with_number(&self, number: Raw<'_>, text: &str) -> Option<SharedValue> {
        let Raw::Tape(number) = number else {
            return None;
        };
        let same = std::ptr::eq(
            std::ptr::from_ref(number.tape()).cast::<u8>(),
            Arc::as_ptr(&self.tape).cast::<u8>(),
        );
        let copy = same
            .then(|| self.tape.copy_with_number(self.index, number.index(), text))
            .flatten()?;
        Some(SharedValue {
            tape: Arc::new(copy),
            index: 0,
        })
    }

    /// The value as a tree, with the positions the tree parser gives it.
    pub fn to_value(&self) -> JsonValue {
        self.tape.value_at(self.index).to_value()
    }
}

/// As the tree of the same text prints.
impl std::fmt::Debug for SharedValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.to_value().fmt(f)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::json::{SourceMap, parse_tape_owned};

    #[test]
    fn a_shared_value_reads_its_own_tape_only_and_is_send() {
        fn send_sync<T: Send + Sync>() {}
        send_sync::<SharedValue>();
        let text = r#"{"a":[1,{"b":"x"}]}"#.to_string();
        let tape = Arc::new(parse_tape_owned(text, SourceMap::Identity).ok().unwrap());
        let other = Arc::new(
            parse_tape_owned("[1]".into(), SourceMap::Identity)
                .ok()
                .unwrap(),
        );
        let item = tape.root().get("a").unwrap().items().nth(1).unwrap();
        let shared = SharedValue::of(&tape, item).unwrap();
        assert_eq!(shared.raw().get("b").unwrap().as_str(), Some("x"));
        assert_eq!(
            shared.to_value(),
            crate::json::parse(r#"{"b":"x"}"#).unwrap()
        );
        assert!(SharedValue::of(&other, item).is_none());
        drop(tape);
        // The clone keeps the tape and its text alive.
        assert_eq!(shared.clone().raw().start(), 8);
    }
}
