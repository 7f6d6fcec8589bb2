//! JSON numbers kept as their original text ([`Number`]), read as `i64` when they are one, and
//! written from an `i64` without a float in between.

/// A JSON number, kept as its original text (validated against the JSON grammar).
///
/// Texts of up to 22 bytes (every 64-bit integer) are stored inline, so the
/// three or more numbers of every entry cost no allocation, to parse or to clone.
#[derive(Clone)]
pub struct Number(NumberText);

/// The longest number text stored without an allocation (`i64::MIN` has 20 characters).
const INLINE_NUMBER: usize = 22;

#[derive(Clone)]
enum NumberText {
    Inline { len: u8, bytes: [u8; INLINE_NUMBER] },
    Heap(Box<str>),
}

impl NumberText {
    fn new(text: &str) -> NumberText {
        let mut bytes = [0u8; INLINE_NUMBER];
        match bytes.get_mut(..text.len()) {
            Some(dst) => {
                dst.copy_from_slice(text.as_bytes());
                NumberText::Inline {
                    len: text.len() as u8,
                    bytes,
                }
            }
            None => NumberText::Heap(text.into()),
        }
    }
}

impl PartialEq for Number {
    fn eq(&self, other: &Number) -> bool {
        self.text() == other.text()
    }
}

impl Eq for Number {}

/// Hashes the text, exactly as the `String` this type used to hold.
impl std::hash::Hash for Number {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.text().hash(state);
    }
}

/// `Number("12")`, as when the text was a `String`.
impl std::fmt::Debug for Number {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Number").field(&self.text()).finish()
    }
}

impl Number {
    /// A number from a 64-bit integer (for values the user typed or the edit engine computed).
    pub fn from_i64(value: i64) -> Number {
        let mut buf = itoa::Buffer::new();
        let text = buf.format(value).as_bytes();
        let mut bytes = [0u8; INLINE_NUMBER];
        for (dst, &d) in bytes.iter_mut().zip(text) {
            *dst = d;
        }
        Number(NumberText::Inline {
            len: text.len() as u8,
            bytes,
        })
    }

    /// `text` verbatim, already checked against the grammar (by the parser).
    pub(super) fn checked(text: &str) -> Number {
        Number(NumberText::new(text))
    }

    /// Checks `text` against the JSON number grammar and keeps it verbatim.
    pub fn parse(text: &str) -> Option<Number> {
        if is_json_number(text) {
            Some(Number(NumberText::new(text)))
        } else {
            None
        }
    }

    /// The number exactly as written.
    pub fn text(&self) -> &str {
        match &self.0 {
            // Only ever filled from a `&str` or with ASCII digits: always valid UTF-8.
            NumberText::Inline { len, bytes } => {
                std::str::from_utf8(bytes.get(..usize::from(*len)).unwrap_or_default())
                    .unwrap_or_default()
            }
            NumberText::Heap(text) => text,
        }
    }

    /// The text's bytes, without the UTF-8 check [`Number::text`] pays for inline texts.
    fn bytes(&self) -> &[u8] {
        match &self.0 {
            NumberText::Inline { len, bytes } => bytes.get(..usize::from(*len)).unwrap_or_default(),
            NumberText::Heap(text) => text.as_bytes(),
        }
    }

    /// True when written without fraction or exponent (`12`, `-3`), whatever its size.
    pub fn is_integer_text(&self) -> bool {
        is_integer_text(self.bytes())
    }

    /// The value as `i64` when the text is an integer within the signed 64-bit range.
    pub fn as_i64(&self) -> Option<i64> {
        // The parse succeeds on a sign and digits only, so it implies `is_integer_text`.
        parse_i64(self.bytes())
    }

    /// The value as `i128` when the text is an integer within that range (what a partition
    /// key compares), `text().parse::<i128>()` with a fast path for the usual short integers.
    pub(crate) fn as_i128(&self) -> Option<i128> {
        integer_i128(self.bytes())
    }
}

/// True when a number's text has no fraction or exponent.
pub(super) fn is_integer_text(b: &[u8]) -> bool {
    !b.iter().any(|b| matches!(b, b'.' | b'e' | b'E'))
}

/// A number's text as `i128` when it is an integer within that range ([`Number::as_i128`]).
pub(super) fn integer_i128(b: &[u8]) -> Option<i128> {
    if !is_integer_text(b) {
        return None;
    }
    let digits = b.strip_prefix(b"-").unwrap_or(b);
    if digits.len() <= 18 {
        // At most 18 digits: below 10^18, no overflow of an i64.
        return parse_i64(b).map(i128::from);
    }
    std::str::from_utf8(b).ok()?.parse::<i128>().ok()
}

/// `str::parse::<i64>` on bytes: an optional sign, then one or more ASCII digits, in range.
pub(super) fn parse_i64(b: &[u8]) -> Option<i64> {
    let (negative, digits) = match b.split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        _ => (false, b),
    };
    if digits.is_empty() {
        return None;
    }
    if digits.len() <= 18 {
        // Below 10^18: no overflow, so no checked arithmetic (in wasm32 a checked i64
        // multiply is a call to a 128-bit multiply, and this runs for every number read).
        let mut v: i64 = 0;
        for &c in digits {
            let d = c.wrapping_sub(b'0');
            if d > 9 {
                return None;
            }
            v = v * 10 + i64::from(d);
        }
        return Some(if negative { -v } else { v });
    }
    let mut v: i64 = 0;
    for &c in digits {
        let d = c.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        v = v.checked_mul(10)?;
        v = if negative {
            v.checked_sub(i64::from(d))?
        } else {
            v.checked_add(i64::from(d))?
        };
    }
    Some(v)
}

/// The index after the run of ASCII digits that starts at `i`.
fn digits_end(b: &[u8], mut i: usize) -> usize {
    while b.get(i).is_some_and(u8::is_ascii_digit) {
        i += 1;
    }
    i
}

/// True when `s` matches the JSON number grammar `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
pub fn is_json_number(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    if b.first() == Some(&b'-') {
        i += 1;
    }
    match b.get(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => i = digits_end(b, i),
        _ => return false,
    }
    if b.get(i) == Some(&b'.') {
        let d = i + 1;
        i = digits_end(b, d);
        if i == d {
            return false;
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let d = i;
        i = digits_end(b, d);
        if i == d {
            return false;
        }
    }
    i == b.len()
}
