//! One edit of a splice: a byte range of the offsets text and what replaces it.

/// One replacement: the bytes `start..end` of the offsets text become either `buf[from..to]`
/// of the [`Splice`] that made it or a number the edit holds itself (a changed offset, the
/// usual edit: its digits are written when the document is, not kept in `buf`, which held
/// 0.7 MB of them for 100k edited entries). Edits are sorted and do not overlap. 16 bytes (an
/// edit of every entry of a 100k listing holds 100k of them): an input is at most `u32::MAX`
/// bytes ([`crate::ImportOptions::input_limit`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::writing::export) struct Edit {
    start: u32,
    end: u32,
    /// [`NUMBER`] and a number of at most 63 bits, or `from << 32 | to` (`from` below 2^31).
    inserted: u64,
}

/// The bit of [`Edit::inserted`] that marks a number.
const NUMBER: u64 = 1 << 63;

impl Edit {
    /// The edit that replaces `start..end` with `buf[from..to]`; `None` past `u32::MAX` (or
    /// `from` past 2 GiB).
    pub(in crate::writing::export) fn new(
        start: usize,
        end: usize,
        from: usize,
        to: usize,
    ) -> Option<Edit> {
        let at = |n: usize| u32::try_from(n).ok();
        let from = at(from).filter(|&f| u64::from(f) << 32 & NUMBER == 0)?;
        Some(Edit {
            start: at(start)?,
            end: at(end)?,
            inserted: u64::from(from) << 32 | u64::from(at(to)?),
        })
    }

    /// The edit that replaces `start..end` with `text` when it is a number the edit can hold
    /// and write back byte for byte: at most `i64::MAX`, and `itoa` writes it as `text` is
    /// written (so no sign, no leading zero).
    pub(in crate::writing::export) fn number(start: usize, end: usize, text: &str) -> Option<Edit> {
        let value = text.parse::<u64>().ok().filter(|&n| n & NUMBER == 0)?;
        if itoa::Buffer::new().format(value) != text {
            return None;
        }
        Some(Edit {
            start: u32::try_from(start).ok()?,
            end: u32::try_from(end).ok()?,
            inserted: NUMBER | value,
        })
    }

    /// The bytes of the text it replaces.
    pub(in crate::writing::export) fn start(&self) -> usize {
        self.start as usize
    }

    /// The end of the bytes of the text it replaces.
    pub(in crate::writing::export) fn end(&self) -> usize {
        self.end as usize
    }

    /// The text it inserts: a number written in `digits`, or text in its splice's `buf`
    /// (`None` outside it).
    pub(in crate::writing::export) fn inserted<'b>(
        &self,
        buf: &'b str,
        digits: &'b mut itoa::Buffer,
    ) -> Option<&'b str> {
        if self.inserted & NUMBER != 0 {
            return Some(digits.format(self.inserted & !NUMBER));
        }
        let (from, to) = (self.inserted >> 32, self.inserted & u64::from(u32::MAX));
        buf.get(from as usize..to as usize)
    }
}
