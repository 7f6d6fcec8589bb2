//! The edits of an offsets text held in a YAML literal block scalar (`|`, `|-`, `|+`) made in the
//! YAML text itself: the text's line L, column C is the block's line L after its indentation,
//! plus C; a new line is written at the block's indentation, with the file's line end.

use super::splice::Edit;

/// Why the edits could not be made in the block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum BlockError {
    /// The block's lines are not the offsets text's lines at one indentation.
    Lines,
    /// A new value holds a character a YAML block cannot hold as it is.
    Character,
}

/// The block's lines walked with the offsets text's, one line at a time.
struct Lines<'a> {
    yaml: &'a str,
    text: &'a str,
    indent: usize,
    /// The current line: where it starts in the text and in the YAML, where its content ends
    /// in the text, and whether it is empty.
    at: usize,
    yaml_at: usize,
    end: usize,
    empty: bool,
}

impl<'a> Lines<'a> {
    fn new(
        yaml: &'a str,
        text: &'a str,
        indent: usize,
        yaml_at: usize,
    ) -> Result<Lines<'a>, BlockError> {
        let mut lines = Lines {
            yaml,
            text,
            indent,
            at: 0,
            yaml_at,
            end: 0,
            empty: false,
        };
        lines.enter()?;
        Ok(lines)
    }

    /// Checks the current line against the block's, and finds where it ends.
    fn enter(&mut self) -> Result<(), BlockError> {
        let rest = self.text.get(self.at..).ok_or(BlockError::Lines)?;
        let len = rest.find('\n').unwrap_or(rest.len());
        self.end = self.at + len;
        self.empty = len == 0;
        let line = self.yaml.get(self.yaml_at..).ok_or(BlockError::Lines)?;
        let line = &line[..line.find('\n').map_or(line.len(), |i| i + 1)];
        let body = line.strip_suffix('\n').unwrap_or(line);
        let body = body.strip_suffix('\r').unwrap_or(body);
        let same = if self.empty {
            body.len() <= self.indent && body.bytes().all(|b| b == b' ')
        } else {
            body.len() == self.indent + len
                && body
                    .as_bytes()
                    .get(..self.indent)
                    .is_some_and(|s| s.iter().all(|&b| b == b' '))
                && body.get(self.indent..) == rest.get(..len)
        };
        if same { Ok(()) } else { Err(BlockError::Lines) }
    }

    /// The YAML byte of text byte `p` (not before the current line).
    fn map(&mut self, p: usize) -> Result<usize, BlockError> {
        while p > self.end {
            let line = self.yaml.get(self.yaml_at..).ok_or(BlockError::Lines)?;
            let next = line.find('\n').ok_or(BlockError::Lines)?;
            self.yaml_at += next + 1;
            self.at = self.end + 1;
            self.enter()?;
        }
        if self.empty || p < self.at {
            return Err(BlockError::Lines);
        }
        Ok(self.yaml_at + self.indent + (p - self.at))
    }
}

/// True when `c` may stand as it is inside a YAML literal block (YAML 1.2's printable
/// characters, without what YAML 1.1 readers take for a line break).
fn block_char(c: char) -> bool {
    matches!(c, '\t' | '\u{20}'..='\u{7e}' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
        && !matches!(c, '\u{2028}' | '\u{2029}' | '\u{feff}')
}

/// `yaml` with the `edits` of `text` (`buf` holds what they insert) made inside the literal
/// block that holds `text`, whose first character is at byte `first`, `indent` spaces in.
/// Everything else is copied byte for byte.
pub(super) fn apply_in_block(
    yaml: &str,
    first: usize,
    indent: usize,
    text: &str,
    edits: &[Edit],
    buf: &str,
) -> Result<String, BlockError> {
    let line_start = first.checked_sub(indent).ok_or(BlockError::Lines)?;
    let mut lines = Lines::new(yaml, text, indent, line_start)?;
    let line_end = match yaml.get(first..).and_then(|r| r.find('\n')) {
        Some(i) if i > 0 && yaml.as_bytes().get(first + i - 1) == Some(&b'\r') => "\r\n",
        _ => "\n",
    };
    let mut out = String::with_capacity(yaml.len() + buf.len() + 64);
    let mut at = 0;
    let mut digits = itoa::Buffer::new();
    for e in edits {
        let start = lines.map(e.start())?;
        let end = lines.map(e.end())?;
        out.push_str(yaml.get(at..start).ok_or(BlockError::Lines)?);
        for c in e.inserted(buf, &mut digits).unwrap_or("").chars() {
            if c == '\n' {
                out.push_str(line_end);
                for _ in 0..indent {
                    out.push(' ');
                }
            } else if block_char(c) {
                out.push(c);
            } else {
                return Err(BlockError::Character);
            }
        }
        at = end;
    }
    out.push_str(yaml.get(at..).unwrap_or(""));
    Ok(out)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn edit(start: usize, end: usize, buf: &str) -> (Vec<Edit>, String) {
        (
            vec![Edit::new(start, end, 0, buf.len()).unwrap()],
            buf.to_string(),
        )
    }

    #[test]
    fn edits_land_in_the_block_lines_at_its_indentation() {
        let yaml = "k: |-\r\n    {\"a\": [1,\r\n      2]}\r\nz: 1 # c\r\n";
        let text = "{\"a\": [1,\n  2]}";
        let first = yaml.find('{').unwrap();
        // `2` becomes a new line holding `3`.
        let at = text.find('2').unwrap();
        let (edits, buf) = edit(at, at + 1, "2,\n  3");
        assert_eq!(
            apply_in_block(yaml, first, 4, text, &edits, &buf).unwrap(),
            "k: |-\r\n    {\"a\": [1,\r\n      2,\r\n      3]}\r\nz: 1 # c\r\n"
        );
    }

    #[test]
    fn a_block_whose_lines_are_not_the_text_is_refused() {
        let yaml = "k: |-\n    {\"a\": [1,\n     2]}\n";
        let first = yaml.find('{').unwrap();
        let (edits, buf) = edit(13, 14, "3");
        // The text says the second line is indented by two, the block by one.
        let text = "{\"a\": [1,\n  2]}";
        assert_eq!(
            apply_in_block(yaml, first, 4, text, &edits, &buf),
            Err(BlockError::Lines)
        );
        // An edit on an empty line has no place in the block.
        let yaml = "k: |-\n    {\"a\":\n\n     1}\n";
        let text = "{\"a\":\n\n 1}";
        let (edits, buf) = edit(6, 6, "x");
        assert_eq!(
            apply_in_block(yaml, yaml.find('{').unwrap(), 4, text, &edits, &buf),
            Err(BlockError::Lines)
        );
        let (edits, buf) = edit(1, 1, "\u{85}");
        assert_eq!(
            apply_in_block(yaml, yaml.find('{').unwrap(), 4, text, &edits, &buf),
            Err(BlockError::Character)
        );
    }
}
