//! The layering test: every `crate::` path in `core/src` points to the file's own stage folder
//! or a lower one, and names the real module, never one of `lib.rs`'s short aliases.
//!
//! The stages, bottom to top, are [`STAGES`]. `lib.rs` is the facade for callers outside the
//! crate and is not checked; unit-test modules (`#[cfg(test)] mod tests`) may reach up, since
//! they are not part of the library's graph.
//!
//! The text helpers here (code without comments and strings, words, use-trees) also serve
//! `file_graph.rs`, the test that the files form no circle.

#![allow(clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

/// The stage folders (or files) of `core/src`, from the bottom up. A file may use its own stage
/// and every stage before it in this list. `work` (the linearity test's counter) is below
/// everything, so any stage may count its steps.
const STAGES: [&str; 11] = [
    "work", "versions", "diag", "json", "model", "reading", "checking", "pipeline", "editing",
    "writing", "editor",
];

/// Top-level files of `core/src` that belong to no stage.
const OUTSIDE: [&str; 4] = ["lib.rs", "layering.rs", "linearity.rs", "file_graph.rs"];

fn rank(stage: &str) -> Option<usize> {
    STAGES.iter().position(|s| *s == stage)
}

/// `text` with comments, string and character literals blanked out (newlines kept), so that
/// only code is searched and line numbers stay right.
pub(super) fn code_only(text: &str) -> String {
    let b: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == '/' && b.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if b[i] == '*' && b.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(b[i]));
                    i += 1;
                }
            }
        } else if c == 'r'
            && (next == Some('"') || next == Some('#'))
            && !b
                .get(i.wrapping_sub(1))
                .is_some_and(|p| p.is_alphanumeric() || *p == '_')
        {
            // A raw string r"..." or r#"..."#.
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= b.len() {
                    break;
                }
                if b[j] == '"' && (0..hashes).all(|k| b.get(j + 1 + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            for &ch in &b[i..j.min(b.len())] {
                out.push(blank(ch));
            }
            i = j;
        } else if c == '"' {
            out.push(' ');
            i += 1;
            while i < b.len() && b[i] != '"' {
                if b[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                if i < b.len() {
                    out.push(blank(b[i]));
                    i += 1;
                }
            }
            out.push(' ');
            i += 1;
        } else if c == '\'' {
            // A character literal ('a', '\n', '\u{..}') or a lifetime ('a).
            let end = if next == Some('\\') {
                (i + 2..b.len()).find(|&k| b[k] == '\'')
            } else if b.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            match end {
                Some(e) => {
                    for _ in i..=e {
                        out.push(' ');
                    }
                    i = e + 1;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// `code` with the bodies of `#[cfg(test)] mod NAME { ... }` blanked out.
pub(super) fn without_test_modules(code: &str) -> String {
    let mut out: Vec<char> = code.chars().collect();
    let text: String = out.iter().collect();
    let mut from = 0;
    while let Some(at) = text[from..].find("#[cfg(test)]") {
        let start = from + at;
        from = start + 1;
        let rest = text[start + "#[cfg(test)]".len()..].trim_start();
        if !rest.starts_with("mod ") {
            continue;
        }
        let Some(open) = text[start..].find('{').map(|o| start + o) else {
            continue;
        };
        if text[start..open].contains(';') {
            continue;
        }
        // Char indices equal byte indices only for ASCII; count chars up to `open`.
        let open_c = text[..open].chars().count();
        let mut depth = 0;
        for ch in out.iter_mut().skip(open_c) {
            match *ch {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
            if *ch != '\n' {
                *ch = ' ';
            }
        }
    }
    out.into_iter().collect()
}

/// The first segment of every path a `crate::` at `rest` names: `model` for `crate::model::X`,
/// `model` and `diag` for `crate::{model::X, diag}`.
fn first_segments(rest: &str) -> Vec<String> {
    let rest = rest.trim_start();
    if let Some(group) = rest.strip_prefix('{') {
        split_group(group)
            .iter()
            .map(|item| ident(item.trim_start()))
            .filter(|s| !s.is_empty())
            .collect()
    } else {
        vec![ident(rest)]
    }
}

pub(super) fn ident(s: &str) -> String {
    s.chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

pub(super) fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Occurrences of the word `word` in `code` (not part of a longer identifier).
pub(super) fn words<'a>(code: &'a str, word: &'a str) -> impl Iterator<Item = usize> + 'a {
    code.match_indices(word).map(|(i, _)| i).filter(move |&i| {
        let before = code[..i].chars().next_back();
        let after = code[i + word.len()..].chars().next();
        !before.is_some_and(|c| is_ident(c) || c == '$') && !after.is_some_and(is_ident)
    })
}

/// The use-tree at `s` (`a::b::{c, d::{e, self}, f as g, *}`), as (bound name, segments).
pub(super) fn use_tree(s: &str) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    tree_into(s, &mut Vec::new(), &mut out);
    out
}

fn tree_into(s: &str, prefix: &mut Vec<String>, out: &mut Vec<(String, Vec<String>)>) {
    let depth = prefix.len();
    let mut rest = s.trim_start();
    loop {
        if let Some(group) = rest.strip_prefix('{') {
            for item in split_group(group) {
                tree_into(&item, prefix, out);
            }
            break;
        }
        if rest.starts_with('*') {
            prefix.push("*".to_string());
            out.push(("*".to_string(), prefix.clone()));
            break;
        }
        let name = ident(rest);
        if name.is_empty() {
            if let Some(last) = prefix.last().filter(|_| prefix.len() > depth) {
                out.push((last.clone(), prefix.clone()));
            }
            break;
        }
        rest = rest[name.len()..].trim_start();
        if name == "self" && !prefix.is_empty() && !rest.starts_with("::") {
            let bound = alias(rest).unwrap_or_else(|| prefix[prefix.len() - 1].clone());
            out.push((bound, prefix.clone()));
            break;
        }
        prefix.push(name.clone());
        match rest.strip_prefix("::") {
            Some(after) => rest = after.trim_start(),
            None => {
                out.push((alias(rest).unwrap_or(name), prefix.clone()));
                break;
            }
        }
    }
    prefix.truncate(depth);
}

fn alias(rest: &str) -> Option<String> {
    let after = rest.strip_prefix("as")?;
    after
        .starts_with(char::is_whitespace)
        .then(|| ident(after.trim_start()))
}

/// The top-level items of a `{ ... }` group (the text after its `{`).
pub(super) fn split_group(group: &str) -> Vec<String> {
    let mut items = Vec::new();
    let mut depth = 0;
    let mut current = String::new();
    for ch in group.chars() {
        match ch {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(std::mem::take(&mut current));
                continue;
            }
            _ => {}
        }
        current.push(ch);
    }
    items.push(current);
    items
}

/// The end of the `{ ... }` block that opens at byte `open` of `code`.
pub(super) fn block_end(code: &str, open: usize) -> usize {
    let mut depth = 0;
    for (i, ch) in code[open..].char_indices() {
        match ch {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return open + i;
                }
            }
            _ => {}
        }
    }
    code.len()
}

pub(super) fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("core/src is readable")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every violation in one file: `file:line: message`.
fn violations(rel: &str, text: &str) -> Vec<String> {
    let top = rel.split('/').next().unwrap_or(rel);
    if OUTSIDE.contains(&top) {
        return Vec::new();
    }
    let stage = top.strip_suffix(".rs").unwrap_or(top);
    let Some(own) = rank(stage) else {
        return vec![format!(
            "{rel}: `{stage}` is not a stage; add it to STAGES in core/src/layering.rs"
        )];
    };
    if rel.ends_with("/tests.rs") {
        return Vec::new();
    }
    let code = without_test_modules(&code_only(text));
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = code[from..].find("crate::") {
        let start = from + at;
        from = start + "crate::".len();
        let before = code[..start].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
            continue;
        }
        let line = code[..start].matches('\n').count() + 1;
        for first in first_segments(&code[from..]) {
            match rank(&first) {
                None => out.push(format!(
                    "{rel}:{line}: `crate::{first}` goes through a lib.rs alias; import by the real path (crate::<stage>::...)"
                )),
                Some(r) if r > own => out.push(format!(
                    "{rel}:{line}: stage `{stage}` uses `crate::{first}`, a higher stage (order: {})",
                    STAGES.join(" < ")
                )),
                Some(_) => {}
            }
        }
    }
    out
}

#[test]
fn no_stage_uses_a_higher_one() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    assert!(files.len() > 50, "found only {} files", files.len());
    let mut all = Vec::new();
    for path in &files {
        let rel = path
            .strip_prefix(&src)
            .expect("under src")
            .to_string_lossy()
            .replace('\\', "/");
        let text = std::fs::read_to_string(path).expect("a source file");
        all.extend(violations(&rel, &text));
    }
    assert!(all.is_empty(), "layering violations:\n{}", all.join("\n"));
}

#[test]
fn the_checker_sees_through_groups_comments_and_strings() {
    let text = "use crate::diag::Position;\n\
                // use crate::editor::Editor;\n\
                const S: &str = \"crate::editor\";\n\
                const C: char = '\"';\n\
                use crate::{model::Entry, writing::export};\n\
                fn f<'a>(x: &'a str) { crate::names::shown(x); }\n\
                #[cfg(test)]\nmod tests { use crate::editor::Editor; }\n";
    let got = violations("checking/x.rs", text);
    assert_eq!(got.len(), 2, "{got:#?}");
    assert!(got[0].starts_with("checking/x.rs:5: stage `checking` uses `crate::writing`"));
    assert!(got[1].starts_with("checking/x.rs:6: `crate::names` goes through a lib.rs alias"));
}
