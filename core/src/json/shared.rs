//! [`SharedValue`]: one value of a tape that its owner shares, so that a listing's entry can live
//! on the tape of its document: cloned by copying a pointer, `Send`, read through [`Raw`].

use super::{CopySpare, JsonValue, Raw, Tape, TapeValue};
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
        self.with_number_in(number, text, &mut CopySpare::default())
    }

    /// [`SharedValue::with_number`] in the memory of `spare`'s last copy when nothing holds
    /// it any more (else in new memory, kept in `spare` for the next).
    pub fn with_number_in(
        &self,
        number: Raw<'_>,
        text: &str,
        spare: &mut CopySpare,
    ) -> Option<SharedValue> {
        let Raw::Tape(number) = number else {
            return None;
        };
        let same = std::ptr::eq(
            std::ptr::from_ref(number.tape()).cast::<u8>(),
            Arc::as_ptr(&self.tape).cast::<u8>(),
        );
        if !same {
            return None;
        }
        let tape = match spare.reusable() {
            Some(reused) => {
                if !self
                    .tape
                    .copy_into(self.index, number.index(), text, reused)
                {
                    return None;
                }
                spare.shared()?
            }
            None => {
                let copy = Arc::new(self.tape.copy_with_number(
                    self.index,
                    number.index(),
                    text,
                )?);
                spare.keep(&copy);
                copy
            }
        };
        Some(SharedValue { tape, index: 0 })
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

    /// A run of copies made with one spare reuses the memory of a copy that is gone, and
    /// never that of one still held; each reads its own number at the imported positions,
    /// whichever tape it comes from.
    #[test]
    fn copies_reuse_a_spare_only_when_the_last_copy_is_gone() {
        let text = "[{\"o\": 1, \"s\": \"a\\u0041\"},\n {\"o\": 2}]".to_string();
        let tape = Arc::new(parse_tape_owned(text, SourceMap::Identity).ok().unwrap());
        let entries: Vec<SharedValue> = tape
            .root()
            .items()
            .map(|item| SharedValue::of(&tape, item).unwrap())
            .collect();
        fn number(v: &SharedValue) -> Raw<'_> {
            v.raw().get("o").unwrap()
        }
        let reads = |v: &SharedValue| number(v).number_text().map(str::to_string);
        let mut spare = CopySpare::default();
        let first = entries[0]
            .with_number_in(number(&entries[0]), "10", &mut spare)
            .unwrap();
        let at = Arc::as_ptr(&first.tape);
        assert_eq!(reads(&first).as_deref(), Some("10"));
        assert_eq!(first.raw().get("s").unwrap().as_str(), Some("aA"));
        // Held: the next copy is made elsewhere, and the held one still reads its number.
        let second = entries[1]
            .with_number_in(number(&entries[1]), "20", &mut spare)
            .unwrap();
        assert_ne!(Arc::as_ptr(&second.tape), at);
        assert_eq!(reads(&first).as_deref(), Some("10"));
        assert_eq!(reads(&second).as_deref(), Some("20"));
        assert_eq!(number(&second).pos(), number(&entries[1]).pos());
        // Gone: the next copy is made in its memory, escapes and positions its own.
        let at = Arc::as_ptr(&second.tape);
        drop((first, second));
        let third = entries[0]
            .with_number_in(number(&entries[0]), "-3", &mut spare)
            .unwrap();
        assert_eq!(Arc::as_ptr(&third.tape), at);
        assert_eq!(reads(&third).as_deref(), Some("-3"));
        assert_eq!(third.raw().get("s").unwrap().as_str(), Some("aA"));
        assert_eq!(third.raw().pos(), entries[0].raw().pos());
        assert_eq!(
            third.to_value(),
            crate::json::parse("{\"o\": -3, \"s\": \"aA\"}").unwrap()
        );
        // A copy of another document's value, in the same memory: its text and positions.
        let other = Arc::new(
            parse_tape_owned("\n\n{\"o\": 7}".into(), SourceMap::Identity)
                .ok()
                .unwrap(),
        );
        let value = SharedValue::of(&other, other.root()).unwrap();
        drop(third);
        let fourth = value
            .with_number_in(number(&value), "8", &mut spare)
            .unwrap();
        assert_eq!(Arc::as_ptr(&fourth.tape), at);
        assert_eq!(reads(&fourth).as_deref(), Some("8"));
        assert_eq!(fourth.raw().pos(), value.raw().pos());
        assert_eq!(fourth.raw().pos().line, 3);
        // Refused: not a number, and the spare is left as it was.
        drop(fourth);
        let s = entries[0].raw().get("s").unwrap();
        assert!(entries[0].with_number_in(s, "1", &mut spare).is_none());
        assert!(
            entries[0]
                .with_number_in(number(&entries[0]), "x", &mut spare)
                .is_none()
        );
        let again = value
            .with_number_in(number(&value), "9", &mut spare)
            .unwrap();
        assert_eq!(Arc::as_ptr(&again.tape), at);
        assert_eq!(reads(&again).as_deref(), Some("9"));
    }
}
