//! A session's edits as byte-range replacements of the offsets text it was imported from
//! (issue 36): unchanged bytes are copied, a changed value replaces only its own bytes, a
//! removed entry goes with its separator, and an added entry copies the layout of the entries
//! before it.

use crate::json::{self, Raw, RawKind};
use crate::model::Entry;

#[path = "splice_edit.rs"]
mod edit;
pub(super) use edit::Edit;

/// The entries read back from the text: an entry whose layout this many places away is tried
/// as the template of a new value, at most.
const TEMPLATE_REACH: usize = 16;

/// The offsets array's items, as the splice reads them.
enum Items<'t> {
    /// The imported entries are the items (the same nodes of the same tape): read through
    /// them (a view of each of 100k items would be 1.6 MB more).
    Entries(&'t [Entry]),
    /// The items of the offsets text parsed again (the entries are trees, or another text's).
    Parsed(Vec<Raw<'t>>),
}

impl<'t> Items<'t> {
    fn get(&self, i: usize) -> Option<Raw<'t>> {
        match self {
            Items::Entries(entries) => entries.get(i).map(|e| e.raw()),
            Items::Parsed(items) => items.get(i).copied(),
        }
    }

    fn len(&self) -> usize {
        match self {
            Items::Entries(entries) => entries.len(),
            Items::Parsed(items) => items.len(),
        }
    }
}

/// One step from a value down into it: an object's member or an array's element.
#[derive(Debug, Clone, Copy)]
enum Step<'n> {
    Key(&'n str),
    Index(usize),
}

/// The edits of one offsets text, collected while the session's kept rows are streamed
/// through it in order ([`Splice::imported`] for the imported rows, then [`Splice::added`]).
pub(super) struct Splice<'t> {
    text: &'t str,
    /// The offsets array (the last `offsets` member, as the import read it).
    array: Raw<'t>,
    items: Items<'t>,
    edits: Vec<Edit>,
    buf: String,
    /// The imported entry kept last, so far.
    last_kept: Option<usize>,
    /// The first imported entry not seen yet.
    next: usize,
    /// The added entries' text, each after its separator.
    added: String,
    added_count: usize,
    /// The text's line ends are `\r\n`: new lines are written so too.
    crlf: bool,
    /// False once a row did not match the text (the caller falls back).
    ok: bool,
}

impl<'t> Splice<'t> {
    /// A splice over `text`, the offsets document whose root `root` is (a tape's, so that
    /// every value knows where it ends); `None` unless its offsets array holds as many items
    /// as `entries` (the imported entries). `changed`: about how many edits it will hold (room
    /// is made for them at once: grown by doubling, the blocks left behind stayed resident).
    pub(super) fn new(
        text: &'t str,
        root: Raw<'t>,
        entries: &'t [Entry],
        changed: usize,
    ) -> Option<Splice<'t>> {
        let array = root.members().filter(|m| m.key == "offsets").last()?.value;
        // On a tape every value knows where it ends (a tree's does not); asked here without
        // computing the array's end, a walk over every item.
        if array.kind() != RawKind::Array || !matches!(array, Raw::Tape(_)) {
            return None;
        }
        let count = entries.len();
        let mut n = 0usize;
        let mut same = true;
        for item in array.items() {
            same = same && entries.get(n).is_some_and(|e| e.raw().same_node(item));
            n += 1;
        }
        if n != count {
            return None;
        }
        let items = if same {
            Items::Entries(entries)
        } else {
            let mut items = Vec::with_capacity(count);
            items.extend(array.items());
            Items::Parsed(items)
        };
        Some(Splice {
            text,
            array,
            items,
            edits: Vec::with_capacity(changed.saturating_add(2)),
            buf: String::new(),
            last_kept: None,
            next: 0,
            added: String::new(),
            added_count: 0,
            // memchr's scan: a compact 100k listing has no line end before its last byte.
            crlf: memchr::memmem::find(text.as_bytes(), b"\r\n").is_some(),
            ok: true,
        })
    }

    fn span(&self, v: Raw<'_>) -> (usize, usize) {
        (v.start(), v.end().unwrap_or_else(|| v.start()))
    }

    fn item_span(&self, i: usize) -> Option<(usize, usize)> {
        self.items.get(i).map(|v| self.span(v))
    }

    /// Records that `buf[from..]` replaces `start..end` (past `u32::MAX` bytes, a row that
    /// does not match: the caller falls back).
    fn push(&mut self, start: usize, end: usize, from: usize) {
        match Edit::new(start, end, from, self.buf.len()) {
            Some(edit) => self.edits.push(edit),
            None => self.ok = false,
        }
    }

    /// Imported entry `i` is kept, as `now` (its entry as it exports now) when `changed`; the
    /// imported entries between the one kept before and `i` were removed. (A session's
    /// imported rows come first, so an imported row's index is its entry's.) `offset_only`:
    /// only the entry's offset can differ (its other members are copies of the imported ones),
    /// so only the `offset` members are compared.
    pub(super) fn imported(&mut self, i: usize, changed: bool, offset_only: bool, now: Raw<'_>) {
        if i < self.next || i >= self.items.len() || self.added_count > 0 {
            self.ok = false;
            return;
        }
        if i > self.next {
            // A removed run before a kept entry goes with the separator after each of them.
            if let (Some(first), Some(kept)) = (self.item_span(self.next), self.item_span(i)) {
                let from = self.buf.len();
                self.push(first.0, kept.0, from);
            }
        }
        if let Some(orig) = self.items.get(i).filter(|_| changed) {
            self.changed(i, orig, offset_only, now);
        }
        self.last_kept = Some(i);
        self.next = i + 1;
    }

    /// Imported entry `i` (`orig` in the text) now exports as `now`.
    fn changed(&mut self, i: usize, orig: Raw<'t>, offset_only: bool, now: Raw<'_>) {
        if let Some((start, end, text)) = now.replaced_number(orig) {
            // A copy of the entry whose offset number alone reads another text: its span. The
            // span is not read to see whether the text changed (a changed row's number does;
            // an edit to the same text writes the same bytes): at 1M entries that read was a
            // cache miss per entry, 7% of `edit`'s misses.
            match Edit::number(start, end, text) {
                Some(edit) => self.edits.push(edit),
                None => {
                    let from = self.buf.len();
                    self.buf.push_str(text);
                    self.push(start, end, from);
                }
            }
        } else {
            let mut path = Vec::new();
            let same_keys = orig.kind() == RawKind::Object
                && now.kind() == RawKind::Object
                && orig
                    .members()
                    .map(|m| m.key)
                    .eq(now.members().map(|m| m.key));
            if offset_only && same_keys {
                for (a, b) in orig.members().zip(now.members()) {
                    if b.key == "offset" {
                        path.push(Step::Key(b.key));
                        self.diff(i, a.value, b.value, 2, &mut path);
                        path.pop();
                    }
                }
            } else {
                self.diff(i, orig, now, 1, &mut path);
            }
        }
    }

    /// An added entry, after every imported one.
    pub(super) fn added(&mut self, entry: Raw<'_>) {
        let mut text = std::mem::take(&mut self.added);
        let n = self.items.len();
        if n == 0 {
            // No entry to copy from: today's layout.
            let pretty = self.pretty();
            if self.added_count > 0 {
                text.push_str(if pretty { ", " } else { "," });
            }
            let at = text.len();
            if pretty {
                json::write_pretty_at(&mut text, entry, 1);
            } else {
                json::write_compact(&mut text, entry);
            }
            self.line_ends(&mut text, at);
        } else {
            if self.added_count > 0 || self.last_kept.is_some() {
                self.separator(&mut text);
            }
            self.value_like(&mut text, n - 1, &[], entry, 1);
        }
        self.added = text;
        self.added_count += 1;
    }

    /// Whether the text spans several lines (today's layout is then the pretty one); a line
    /// end after the document, as most files have, does not count (as [`super::rewrite_document`]
    /// reads it).
    fn pretty(&self) -> bool {
        memchr::memchr(b'\n', self.text.trim_end().as_bytes()).is_some()
    }

    /// Appends the text between two entries: the input's last one, or for a single entry a
    /// comma and the space between `[` and the entry.
    fn separator(&self, out: &mut String) {
        let n = self.items.len();
        let last = n.checked_sub(1).and_then(|i| self.item_span(i));
        let before = n.checked_sub(2).and_then(|i| self.item_span(i));
        match (before, last) {
            (Some(before), Some(last)) => {
                out.push_str(self.text.get(before.1..last.0).unwrap_or(","))
            }
            (None, Some(only)) => {
                out.push(',');
                out.push_str(self.text.get(self.array.start() + 1..only.0).unwrap_or(""));
            }
            _ => out.push(','),
        }
    }

    /// The edits, sorted, with the text they insert; `None` when a row did not match.
    pub(super) fn finish(mut self) -> Option<(Vec<Edit>, String)> {
        if !self.ok {
            return None;
        }
        let n = self.items.len();
        let added = std::mem::take(&mut self.added);
        let pretty = || self.pretty();
        let from = self.buf.len();
        match (n, self.last_kept) {
            (0, _) if self.added_count > 0 => {
                let pretty = pretty();
                self.buf.push_str(if pretty { "[ " } else { "[" });
                self.buf.push_str(&added);
                self.buf.push_str(if pretty { " ]" } else { "]" });
                let (array_start, array_end) = self.span(self.array);
                self.push(array_start, array_end, from);
            }
            (0, _) => {}
            (_, None) if self.added_count > 0 => {
                let (first, last) = (self.item_span(0)?, self.item_span(n - 1)?);
                self.buf.push_str(&added);
                self.push(first.0, last.1, from);
            }
            (_, None) => {
                let empty = if pretty() { "[ ]" } else { "[]" };
                self.buf.push_str(empty);
                let (array_start, array_end) = self.span(self.array);
                self.push(array_start, array_end, from);
            }
            (_, Some(kept)) => {
                let (kept, last) = (self.item_span(kept)?, self.item_span(n - 1)?);
                if kept != last || self.added_count > 0 {
                    // A removed run at the end goes with the separator before it.
                    self.buf.push_str(&added);
                    self.push(kept.1, last.1, from);
                }
            }
        }
        Some((self.edits, self.buf))
    }

    /// Records the edits that turn imported value `orig` (of entry `item`, `depth` levels deep
    /// in the document, at `path` inside the entry) into `now`.
    fn diff<'n>(
        &mut self,
        item: usize,
        orig: Raw<'t>,
        now: Raw<'n>,
        depth: usize,
        path: &mut Vec<Step<'n>>,
    ) {
        if orig.same_as(now) {
            return;
        }
        let (start, end) = self.span(orig);
        match (orig.kind(), now.kind()) {
            (RawKind::Object, RawKind::Object)
                if orig.members().count() == now.members().count()
                    && orig
                        .members()
                        .zip(now.members())
                        .all(|(a, b)| a.key == b.key) =>
            {
                for (a, b) in orig.members().zip(now.members()) {
                    path.push(Step::Key(b.key));
                    self.diff(item, a.value, b.value, depth + 1, path);
                    path.pop();
                }
            }
            (RawKind::Array, RawKind::Array) if orig.items().count() == now.items().count() => {
                for (j, (a, b)) in orig.items().zip(now.items()).enumerate() {
                    path.push(Step::Index(j));
                    self.diff(item, a, b, depth, path);
                    path.pop();
                }
            }
            _ => {
                let mut text = std::mem::take(&mut self.buf);
                let from = text.len();
                if now.is_primitive() {
                    json::write_compact(&mut text, now);
                } else {
                    self.value_like(&mut text, item, path, now, depth);
                }
                self.buf = text;
                self.push(start, end, from);
            }
        }
    }

    /// Appends `now` written in the layout of the value at `path` in the entries near `item`
    /// (the first whose shape it fits), else in today's layout (pretty when entry `item` spans
    /// several lines, compact otherwise).
    fn value_like(
        &self,
        out: &mut String,
        item: usize,
        path: &[Step<'_>],
        now: Raw<'_>,
        depth: usize,
    ) {
        let near = (0..=TEMPLATE_REACH).flat_map(|k| {
            let before = item.checked_sub(k);
            let after = (k > 0).then(|| item + k);
            before.into_iter().chain(after)
        });
        for j in near {
            let Some(template) = self.items.get(j).and_then(|v| at_path(v, path)) else {
                continue;
            };
            if template.end().is_some() && fits(template, now) {
                let mut cursor = template.start();
                fill(self.text, template, now, &mut cursor, out);
                let end = template.end().unwrap_or(cursor);
                out.push_str(self.text.get(cursor..end).unwrap_or(""));
                return;
            }
        }
        let like = self
            .item_span(item)
            .and_then(|(s, e)| self.text.get(s..e))
            .unwrap_or("");
        let at = out.len();
        if like.contains('\n') {
            json::write_pretty_at(out, now, depth);
        } else {
            json::write_compact(out, now);
        }
        self.line_ends(out, at);
    }

    /// Writes the line ends of `out[at..]` as the text's (`\r\n` when it uses them).
    fn line_ends(&self, out: &mut String, at: usize) {
        if self.crlf && out.get(at..).is_some_and(|s| s.contains('\n')) {
            let tail = out.split_off(at).replace('\n', "\r\n");
            out.push_str(&tail);
        }
    }
}

/// The value at `path` under `v`.
fn at_path<'t>(mut v: Raw<'t>, path: &[Step<'_>]) -> Option<Raw<'t>> {
    for step in path {
        v = match step {
            Step::Key(k) => v.get(k)?,
            Step::Index(j) => v.items().nth(*j)?,
        };
    }
    Some(v)
}

/// True when an object's keys are all different.
fn distinct_keys(v: Raw<'_>) -> bool {
    let keys: Vec<&str> = v.members().map(|m| m.key).collect();
    keys.iter()
        .enumerate()
        .all(|(i, k)| !keys.get(i + 1..).unwrap_or_default().contains(k))
}

/// True when `now` can be written into `template`'s text by replacing values: the same
/// objects (keys in any order, none twice) and arrays down to where `now` holds a primitive.
fn fits(template: Raw<'_>, now: Raw<'_>) -> bool {
    if now.is_primitive() {
        return true;
    }
    match (template.kind(), now.kind()) {
        (RawKind::Object, RawKind::Object) => {
            template.members().count() == now.members().count()
                && distinct_keys(template)
                && distinct_keys(now)
                && template
                    .members()
                    .all(|m| now.get(m.key).is_some_and(|v| fits(m.value, v)))
        }
        (RawKind::Array, RawKind::Array) => {
            template.items().count() == now.items().count()
                && template.items().zip(now.items()).all(|(t, v)| fits(t, v))
        }
        _ => false,
    }
}

/// Copies `text` from `cursor` up to each primitive of `now` in `template`'s place, which it
/// writes instead ([`fits`] said it can).
fn fill(text: &str, template: Raw<'_>, now: Raw<'_>, cursor: &mut usize, out: &mut String) {
    if now.is_primitive() {
        out.push_str(text.get(*cursor..template.start()).unwrap_or(""));
        json::write_compact(out, now);
        *cursor = template.end().unwrap_or(template.start());
        return;
    }
    match now.kind() {
        RawKind::Object => {
            for m in template.members() {
                if let Some(v) = now.get(m.key) {
                    fill(text, m.value, v, cursor, out);
                }
            }
        }
        _ => {
            for (t, v) in template.items().zip(now.items()) {
                fill(text, t, v, cursor, out);
            }
        }
    }
}

/// [`apply`] to a writer: `text` with `edits` made, written piece by piece.
pub(super) fn write<W: std::io::Write>(
    text: &str,
    edits: &[Edit],
    buf: &str,
    out: &mut W,
) -> std::io::Result<()> {
    let mut at = 0;
    let mut digits = itoa::Buffer::new();
    for e in edits {
        out.write_all(text.get(at..e.start()).unwrap_or("").as_bytes())?;
        out.write_all(e.inserted(buf, &mut digits).unwrap_or("").as_bytes())?;
        at = e.end().max(at);
    }
    out.write_all(text.get(at..).unwrap_or("").as_bytes())
}

/// `text` with `edits` applied (`buf` holds what they insert), appended to `out`.
pub(super) fn apply(text: &str, edits: &[Edit], buf: &str, out: &mut String) {
    let mut at = 0;
    let mut digits = itoa::Buffer::new();
    for e in edits {
        out.push_str(text.get(at..e.start()).unwrap_or(""));
        out.push_str(e.inserted(buf, &mut digits).unwrap_or(""));
        at = e.end().max(at);
    }
    out.push_str(text.get(at..).unwrap_or(""));
}

/// `literal` (a JSON string literal, quotes included, whose decoded text the edits were made
/// on) with `edits` made in it: each edit's ends found past the escapes before them, its new
/// text escaped as [`json::write_string`] escapes it, every other byte (escapes included)
/// copied. `None` when an edit's end falls inside an escape or past the string.
pub(super) fn apply_in_string(literal: &str, edits: &[Edit], buf: &str) -> Option<String> {
    let mut out = String::with_capacity(literal.len() + buf.len() * 2);
    let mut walk = Decoded {
        literal,
        at: 1,
        decoded: 0,
    };
    let mut copied = 0;
    let mut escaped = String::new();
    let mut digits = itoa::Buffer::new();
    for e in edits {
        let start = walk.to(e.start())?;
        out.push_str(literal.get(copied..start)?);
        escaped.clear();
        json::write_string(&mut escaped, e.inserted(buf, &mut digits)?);
        out.push_str(escaped.get(1..escaped.len().saturating_sub(1))?);
        copied = walk.to(e.end())?;
    }
    out.push_str(literal.get(copied..)?);
    Some(out)
}

/// A walk through a JSON string literal: `at` is a byte of the literal, `decoded` the byte of
/// the decoded text it stands for.
struct Decoded<'a> {
    literal: &'a str,
    at: usize,
    decoded: usize,
}

impl Decoded<'_> {
    /// The literal's byte that decoded byte `target` comes from.
    fn to(&mut self, target: usize) -> Option<usize> {
        while self.decoded < target {
            let rest = self.literal.get(self.at..)?;
            let (len, decoded) = match rest.as_bytes() {
                [b'"', ..] | [] => return None,
                [b'\\', b'u', ..] => {
                    let hi = u32::from_str_radix(rest.get(2..6)?, 16).ok()?;
                    if (0xD800..0xDC00).contains(&hi) {
                        (12, 4)
                    } else {
                        (6, char::from_u32(hi)?.len_utf8())
                    }
                }
                [b'\\', _, ..] => (2, 1),
                _ => {
                    let c = rest.chars().next()?;
                    (c.len_utf8(), c.len_utf8())
                }
            };
            self.at += len;
            self.decoded += decoded;
        }
        (self.decoded == target).then_some(self.at)
    }
}

#[cfg(test)]
#[path = "splice_tests.rs"]
mod tests;
