//! The docs name only flags the CLI has: every `--flag` that README.md or docs/guide/*.md shows
//! as part of a `connect-offsets` command must appear in that command's `--help`.
//!
//! What counts as a command:
//! - in ```console and ```sh blocks, a line that starts with `connect-offsets` (after an
//!   optional `$ `), with its `\` continuation lines, cut at a ` | ` pipe or a ` #` comment;
//! - in ```text blocks (the synopses), every line: one that starts with `connect-offsets` names
//!   its subcommand, an indented line continues the one above, any other line (FILTERS, the
//!   shared flags) is checked against the help of every command together;
//! - an inline code span that starts with `connect-offsets` or with a subcommand and a flag
//!   (`plan --split`); in README.md and docs/guide/cli.md also a span that starts with `--`
//!   (the CLI's own pages: the editor guide quotes kubectl's flags that way).
//!
//! It runs the built binary and reads the files.
#![allow(clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

const SUBCOMMANDS: [&str; 10] = [
    "validate",
    "show",
    "edit",
    "lookup",
    "export",
    "plan",
    "diff",
    "check-resource",
    "new",
    "groups",
];

/// The list above is every command the top-level help names, so a new command's flags are
/// checked against its own help.
#[test]
fn the_subcommands_are_those_the_help_lists() {
    let out = Command::new(env!("CARGO_BIN_EXE_connect-offsets"))
        .arg("--help")
        .output()
        .expect("the CLI runs");
    let help = String::from_utf8_lossy(&out.stdout).into_owned();
    let commands: Vec<&str> = help
        .split("Commands:")
        .nth(1)
        .and_then(|rest| rest.split("\n\n").next())
        .unwrap_or_default()
        .lines()
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    let mut listed: Vec<&str> = SUBCOMMANDS.to_vec();
    let mut helped = commands.clone();
    listed.sort_unstable();
    helped.sort_unstable();
    assert_eq!(
        listed, helped,
        "SUBCOMMANDS against the Commands: of --help"
    );
}

/// Where a flag is to be found: one subcommand's help, the top-level help, or any help.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Scope {
    Command(&'static str),
    TopLevel,
    Any,
}

/// One `--flag` the docs name, and where.
#[derive(Debug)]
struct Named {
    file: String,
    line: usize,
    flag: String,
    scope: Scope,
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("cli/ has a parent")
        .to_path_buf()
}

/// The files under test: README.md and every docs/guide/*.md, as paths relative to the root.
fn doc_files(root: &Path) -> Vec<String> {
    let mut files = vec!["README.md".to_string()];
    let guide = root.join("docs/guide");
    let mut guide_files: Vec<String> = std::fs::read_dir(&guide)
        .unwrap_or_else(|e| panic!("{}: {e}", guide.display()))
        .map(|entry| entry.expect("a directory entry").file_name())
        .filter_map(|name| name.to_str().map(str::to_string))
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/guide/{name}"))
        .collect();
    guide_files.sort();
    files.extend(guide_files);
    files
}

fn help(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_connect-offsets"))
        .args(args)
        .output()
        .expect("connect-offsets runs");
    assert!(
        out.status.success(),
        "connect-offsets {} exited with {}",
        args.join(" "),
        out.status
    );
    let mut text = String::from_utf8(out.stdout).expect("help is UTF-8");
    text.push_str(&String::from_utf8_lossy(&out.stderr));
    text
}

/// Every `--flag` token of `text`: `--` at the start or after a space, `[`, `{`, `(`, `|` or a
/// backtick, then lower-case letters, digits and dashes (so `east--west` is no flag).
fn flags_in(text: &str) -> Vec<String> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i..].starts_with(b"--") {
            let before_ok = i == 0
                || matches!(
                    bytes[i - 1],
                    b' ' | b'\t' | b'[' | b'{' | b'(' | b'|' | b'`'
                );
            let mut end = i + 2;
            while end < bytes.len()
                && (bytes[end].is_ascii_lowercase()
                    || bytes[end].is_ascii_digit()
                    || bytes[end] == b'-')
            {
                end += 1;
            }
            let name = text[i..end].trim_end_matches('-');
            if before_ok && name.len() > 2 && bytes[i + 2].is_ascii_lowercase() {
                found.push(name.to_string());
            }
            i = end.max(i + 2);
        } else {
            i += 1;
        }
    }
    found
}

/// Whether `help` names `flag` as a whole token.
fn help_has(help: &str, flag: &str) -> bool {
    help.match_indices(flag).any(|(at, _)| {
        let before = help[..at].chars().next_back();
        let after = help[at + flag.len()..].chars().next();
        let is_name = |c: char| c.is_ascii_alphanumeric() || c == '-';
        !before.is_some_and(is_name) && !after.is_some_and(is_name)
    })
}

/// The scope of a command line `connect-offsets SUB ...` (None when it is not one).
fn command_scope(line: &str) -> Option<Scope> {
    let rest = line.strip_prefix("connect-offsets")?;
    if !(rest.is_empty() || rest.starts_with(' ')) {
        return None;
    }
    let word = rest.split_whitespace().next().unwrap_or("");
    Some(
        SUBCOMMANDS
            .iter()
            .find(|s| **s == word)
            .map_or(Scope::TopLevel, |s| Scope::Command(s)),
    )
}

/// A shell line cut before a ` | ` pipe and a ` #` comment (the flags after them are another
/// program's, or prose).
fn shell_part(line: &str) -> &str {
    let mut end = line.len();
    for cut in [" | ", " #"] {
        if let Some(at) = line.find(cut) {
            end = end.min(at);
        }
    }
    &line[..end]
}

/// The inline code spans of one line (text between single backticks). A span may run on from
/// the line before: `open` holds its text so far and is left holding a span this line opens but
/// does not close (a blank line ends a paragraph, and with it any span).
fn code_spans(line: &str, open: &mut Option<String>) -> Vec<String> {
    let mut spans = Vec::new();
    if line.trim().is_empty() {
        *open = None;
        return spans;
    }
    for (i, piece) in line.split('`').enumerate() {
        if i > 0 {
            // Every backtick after the first piece toggles in or out of a span.
            match open.take() {
                Some(text) => spans.push(text),
                None => *open = Some(String::new()),
            }
        }
        if let Some(text) = open.as_mut() {
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(piece.trim());
        }
    }
    spans
}

fn collect(file: &str, text: &str) -> Vec<Named> {
    let cli_page = file == "README.md" || file.ends_with("/cli.md");
    let mut named = Vec::new();
    let mut push = |line: usize, part: &str, scope: Scope| {
        for flag in flags_in(part) {
            named.push(Named {
                file: file.to_string(),
                line,
                flag,
                scope,
            });
        }
    };
    // The kind of the fenced block we are in, if any ("" for a fence without a language).
    let mut block: Option<String> = None;
    // The command a continuation line belongs to, and whether the previous line asked for one.
    let mut current: Option<Scope> = None;
    let mut continues = false;
    // An inline code span that began on an earlier line of the paragraph.
    let mut open_span: Option<String> = None;
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        let trimmed = raw.trim_start();
        if let Some(fence) = trimmed.strip_prefix("```") {
            block = match block {
                Some(_) => None,
                None => Some(fence.trim().to_string()),
            };
            current = None;
            continues = false;
            open_span = None;
            continue;
        }
        match block.as_deref() {
            Some("console") | Some("sh") => {
                let line = trimmed.strip_prefix("$ ").unwrap_or(trimmed);
                let scope = if continues {
                    current
                } else {
                    command_scope(line)
                };
                current = scope;
                continues = scope.is_some() && line.trim_end().ends_with('\\');
                if let Some(scope) = scope {
                    push(number, shell_part(line), scope);
                }
            }
            Some("text") => {
                let indented = raw.starts_with(' ') || raw.starts_with('\t');
                let scope = match (command_scope(trimmed), current) {
                    (Some(scope), _) => scope,
                    (None, Some(scope)) if indented => scope,
                    (None, _) => Scope::Any,
                };
                current = Some(scope).filter(|s| *s != Scope::Any);
                push(number, raw, scope);
            }
            Some(_) => {}
            None => {
                for span in code_spans(raw, &mut open_span) {
                    let span = span.trim();
                    if let Some(scope) = command_scope(span) {
                        push(number, shell_part(span), scope);
                    } else if let Some(sub) = SUBCOMMANDS
                        .iter()
                        .find(|s| span.strip_prefix(**s).is_some_and(|r| r.starts_with(" --")))
                    {
                        push(number, span, Scope::Command(sub));
                    } else if cli_page && span.starts_with("--") {
                        push(number, span, Scope::Any);
                    }
                }
            }
        }
    }
    named
}

#[test]
fn docs_name_only_flags_the_cli_has() {
    let root = workspace_root();
    let mut helps: BTreeMap<Scope, String> = BTreeMap::new();
    helps.insert(Scope::TopLevel, help(&["--help"]));
    for sub in SUBCOMMANDS {
        helps.insert(Scope::Command(sub), help(&[sub, "--help"]));
    }
    let every: String = helps.values().cloned().collect::<Vec<_>>().join("\n");

    let mut named = Vec::new();
    let files = doc_files(&root);
    for file in &files {
        let path = root.join(file);
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        named.extend(collect(file, &text));
    }
    // A sanity floor: the synopsis alone names dozens of flags, so a parser that finds almost
    // none has broken, not the docs got better.
    assert!(
        named.len() >= 50,
        "only {} flags found in the docs",
        named.len()
    );

    let missing: Vec<String> = named
        .iter()
        .filter(|n| {
            let help = match n.scope {
                Scope::Any => &every,
                scope => &helps[&scope],
            };
            !help_has(help, &n.flag)
        })
        .map(|n| {
            let command = match n.scope {
                Scope::Command(sub) => format!("connect-offsets {sub} --help"),
                Scope::TopLevel => "connect-offsets --help".to_string(),
                Scope::Any => "any connect-offsets --help".to_string(),
            };
            format!("{}:{}: {} is not in {command}", n.file, n.line, n.flag)
        })
        .collect();
    assert!(
        missing.is_empty(),
        "the docs name {} flag(s) the CLI does not have:\n{}",
        missing.len(),
        missing.join("\n")
    );
}

#[test]
fn flags_are_tokens_not_double_dashes_in_names() {
    assert_eq!(
        flags_in("connect-offsets edit [--set-from ROLE=REF [--add-unlisted]] east--west.json"),
        vec!["--set-from", "--add-unlisted"]
    );
    assert!(help_has("  --kind KIND  the kind", "--kind"));
    assert!(!help_has("  --kinds", "--kind"));
    assert_eq!(
        command_scope("connect-offsets plan FILE"),
        Some(Scope::Command("plan"))
    );
    assert_eq!(
        command_scope("connect-offsets --version"),
        Some(Scope::TopLevel)
    );
    assert_eq!(command_scope("connect-offsetsx"), None);
    let mut open = None;
    assert_eq!(
        code_spans("a `x --y` and `connect-offsets plan", &mut open),
        vec!["x --y"]
    );
    assert_eq!(
        code_spans("  FILE --script` done", &mut open),
        vec!["connect-offsets plan FILE --script"]
    );
    assert_eq!(open, None);
    assert_eq!(
        shell_part("connect-offsets lookup x --at latest | bash --x"),
        "connect-offsets lookup x --at latest"
    );
}
