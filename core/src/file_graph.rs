//! The file graph test (issue 38: "no circle of files"): the files of `core/src` and the
//! imports between them form no cycle. `layering.rs` checks the other half of the issue (no
//! stage uses a higher one); this test finds circles inside a stage too.
//!
//! How the graph is built:
//!
//! - **Files.** The module tree is read from `lib.rs` down, through every `mod NAME;`
//!   (`a/b.rs` or `a/b/mod.rs` is `a::b`; `#[path = "x.rs"]` is read beside the declaring
//!   file). A module declared under `#[cfg(test)]` is not part of the graph, nor are the
//!   `#[cfg(test)] mod tests { ... }` blocks; every other `.rs` file must be reached.
//! - **Paths.** Comments and strings are blanked. Every `crate::`, `super::` and `self::` path
//!   is read, `use` groups (nested too) expanded, and so is a bare path whose first name a `use`
//!   of the file bound to a module (`use crate::writing::export;` then `export::f()`). A path
//!   goes to the longest module that it names; `pub(in crate::x)` is a visibility, not a path.
//! - **Re-exports are followed.** When the rest of the path names an item that the target
//!   module does not define but brings in with a `use` (`pub use child::X;`, or a private
//!   `use crate::diag::X;` that `super::X` reaches), the edge goes where that `use` points, so a
//!   parent's re-exports never stand in a circle themselves. A glob (`use super::*`) or a name
//!   defined in the module gives an edge to the module's file.
//! - **Parent to child is not an edge.** A file's paths to its own descendants (`mod child;`,
//!   `pub use child::X;`, `use child::helper;`) give no edge: a `mod.rs` is its module's front
//!   door, and a child using `super::Thing` from it is the normal layout, not a circle. Child to
//!   ancestor (`super::Thing`, `crate::editor::Editor` from `editor/page/state.rs`) is an edge.
//!   So a circle between a parent and only its own child is not seen; a circle through two
//!   siblings, or two stages, is, even through the parent's re-exports.
//!
//! The strongly connected components of two or more files are the circles; a known one is
//! listed in [`KNOWN_CYCLES`], which must still be a circle. (Counting parent to child too
//! would make nearly every folder one circle: 12 of them, `editor/` alone 27 files.)

#![allow(clippy::expect_used, clippy::panic)]

use super::layering::{
    block_end, code_only, ident, is_ident, rust_files, use_tree, without_test_modules, words,
};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Circles of files that are known and not yet broken, each as its sorted file list (exactly
/// the component the test finds). An entry that is no longer a circle, or whose circle has
/// grown or shrunk, fails the test until it is updated or removed.
const KNOWN_CYCLES: &[&[&str]] = &[];

/// One file of the module tree, read.
struct Source {
    rel: String,
    module: String,
    code: String,
    /// Inline (non-test) modules: the byte span of the body in `code`, and the module path.
    inline: Vec<(usize, usize, String)>,
}

/// The import graph: files (by path under `src/`) and, for each edge, where it was seen.
#[derive(Debug, Default)]
struct Graph {
    files: Vec<String>,
    edges: BTreeMap<(usize, usize), String>,
    /// Files declared only as test modules.
    tests: BTreeSet<String>,
    /// Declared modules whose file is missing.
    missing: Vec<String>,
}

fn join(module: &str, name: &str) -> String {
    if module.is_empty() {
        name.to_string()
    } else {
        format!("{module}::{name}")
    }
}

fn parent(module: &str) -> String {
    module
        .rsplit_once("::")
        .map_or(String::new(), |(p, _)| p.to_string())
}

/// The attribute lines (and same-line prefix) above the item at line `line` of `raw`.
fn attributes(raw: &[&str], line: usize) -> String {
    let mut out = raw.get(line).copied().unwrap_or("").to_string();
    let mut l = line;
    while l > 0 {
        l -= 1;
        let t = raw[l].trim_start();
        if !(t.starts_with("#[") || t.starts_with("//")) {
            break;
        }
        out.push('\n');
        out.push_str(t);
    }
    out
}

/// The directory of `rel` (with a trailing `/`, or empty).
fn dir_of(rel: &str) -> &str {
    rel.rfind('/').map_or("", |i| &rel[..=i])
}

/// Reads the module tree from `lib.rs` down.
fn read_tree(sources: &BTreeMap<String, String>, graph: &mut Graph) -> Vec<Source> {
    let mut out: Vec<Source> = Vec::new();
    let mut queue = vec![("lib.rs".to_string(), String::new())];
    while let Some((rel, module)) = queue.pop() {
        let Some(text) = sources.get(&rel) else {
            graph.missing.push(format!("{rel} (module `{module}`)"));
            continue;
        };
        let code = without_test_modules(&code_only(text));
        let raw: Vec<&str> = text.lines().collect();
        let children = if rel == "lib.rs" || rel.ends_with("/mod.rs") {
            dir_of(&rel).to_string()
        } else {
            format!("{}/", rel.trim_end_matches(".rs"))
        };
        let mut inline = Vec::new();
        for at in words(&code, "mod") {
            let rest = code[at + 3..].trim_start();
            let name = ident(rest);
            let after = rest[name.len()..].trim_start();
            let line = code[..at].matches('\n').count();
            let attrs = attributes(&raw, line);
            let test = attrs.contains("cfg(test)");
            if name.is_empty() || !(after.starts_with(';') || after.starts_with('{')) {
                continue;
            }
            let (context, nested) = context_at(&inline, at, &module);
            if after.starts_with('{') {
                if !test {
                    let open = code.len() - after.len();
                    inline.push((open, block_end(&code, open), join(&context, &name)));
                }
                continue;
            }
            let file = match path_attribute(&attrs) {
                Some(path) => format!("{}{path}", dir_of(&rel)),
                None => {
                    let base = format!("{children}{nested}{name}");
                    let flat = format!("{base}.rs");
                    if sources.contains_key(&flat) {
                        flat
                    } else {
                        format!("{base}/mod.rs")
                    }
                }
            };
            if test {
                graph.tests.insert(file);
            } else {
                queue.push((file, join(&context, &name)));
            }
        }
        out.push(Source {
            rel,
            module,
            code,
            inline,
        });
    }
    out.sort_by(|a, b| a.rel.cmp(&b.rel));
    out
}

/// The module at byte `at` (the innermost inline module around it, or the file's), and the
/// inline modules' names as a relative directory (`m/`).
fn context_at(inline: &[(usize, usize, String)], at: usize, module: &str) -> (String, String) {
    let inner = inline
        .iter()
        .filter(|(open, end, _)| *open < at && at < *end)
        .max_by_key(|(open, _, _)| *open);
    match inner {
        None => (module.to_string(), String::new()),
        Some((_, _, m)) => {
            let rel = m.strip_prefix(module).unwrap_or(m).trim_start_matches("::");
            (m.clone(), format!("{}/", rel.replace("::", "/")))
        }
    }
}

fn path_attribute(attrs: &str) -> Option<String> {
    let at = attrs.find("#[path")?;
    let rest = &attrs[at..];
    let open = rest.find('"')? + 1;
    let close = open + rest[open..].find('"')?;
    Some(rest[open..close].to_string())
}

/// What the paths of the crate resolve through: modules, item definitions and `use` bindings.
struct Crate<'a> {
    modules: BTreeMap<String, &'a str>,
    defined: BTreeSet<(String, String)>,
    /// (module, bound name) to the path as written there.
    bindings: BTreeMap<(String, String), Vec<String>>,
}

const DEFINING: [&str; 10] = [
    "fn",
    "struct",
    "enum",
    "trait",
    "type",
    "const",
    "static",
    "union",
    "mod",
    "macro_rules",
];

impl<'a> Crate<'a> {
    fn new(tree: &'a [Source]) -> Self {
        let mut krate = Crate {
            modules: BTreeMap::new(),
            defined: BTreeSet::new(),
            bindings: BTreeMap::new(),
        };
        for source in tree {
            krate.modules.insert(source.module.clone(), &source.rel);
            for (_, _, m) in &source.inline {
                krate.modules.insert(m.clone(), &source.rel);
            }
            let context = |at| context_at(&source.inline, at, &source.module).0;
            for kw in DEFINING {
                for at in words(&source.code, kw) {
                    let after = source.code[at + kw.len()..].trim_start();
                    let name = ident(after.strip_prefix('!').unwrap_or(after).trim_start());
                    krate.defined.insert((context(at), name));
                }
            }
            for (at, _) in use_spans(&source.code) {
                for (bound, segs) in use_tree(&source.code[at + 3..]) {
                    krate.bindings.insert((context(at), bound), segs);
                }
            }
        }
        krate
    }

    /// The file that `segs`, written in module `context`, names; `None` outside the crate.
    fn resolve(&self, context: &str, segs: &[String], depth: usize) -> Option<&'a str> {
        let first = segs.first()?.as_str();
        let (mut module, mut rest) = match first {
            "crate" => (String::new(), &segs[1..]),
            "self" | "super" => {
                let n = segs
                    .iter()
                    .take_while(|s| *s == "self" || *s == "super")
                    .count();
                let up = |m: String, s: &String| if s == "super" { parent(&m) } else { m };
                (segs[..n].iter().fold(context.to_string(), up), &segs[n..])
            }
            _ if self.modules.contains_key(&join(context, first)) => (context.to_string(), segs),
            _ => {
                let bound = self
                    .bindings
                    .get(&(context.to_string(), first.to_string()))?;
                if depth > 8 || bound.len() == 1 {
                    return None;
                }
                let path: Vec<String> = bound.iter().chain(&segs[1..]).cloned().collect();
                return self.resolve(context, &path, depth + 1);
            }
        };
        while let Some(next) = rest.first() {
            let child = join(&module, next);
            if !self.modules.contains_key(&child) {
                break;
            }
            module = child;
            rest = &rest[1..];
        }
        let file = *self.modules.get(&module)?;
        if let Some(item) = rest.first()
            && item != "*"
            && depth <= 8
            && !self.defined.contains(&(module.clone(), item.clone()))
            && let Some(bound) = self.bindings.get(&(module.clone(), item.clone()))
        {
            let path: Vec<String> = bound.iter().chain(&rest[1..]).cloned().collect();
            return self.resolve(&module, &path, depth + 1);
        }
        Some(file)
    }

    /// Every file the paths of `source` name, with where (`file:line `path``).
    fn paths_of(&self, source: &Source) -> Vec<(String, String)> {
        let code = &source.code;
        let mut out = Vec::new();
        let mut add = |at: usize, segs: &[String]| {
            let context = context_at(&source.inline, at, &source.module).0;
            if let Some(file) = self.resolve(&context, segs, 0) {
                let line = code[..at].matches('\n').count() + 1;
                out.push((
                    file.to_string(),
                    format!("{}:{line} `{}`", source.rel, segs.join("::")),
                ));
            }
        };
        let spans = use_spans(code);
        for &(at, _) in &spans {
            for (_, segs) in use_tree(&code[at + 3..]) {
                add(at, &segs);
            }
        }
        for (at, _) in code.match_indices("::") {
            let before = code[..at].trim_end();
            let name_at = before
                .char_indices()
                .rev()
                .take_while(|(_, c)| is_ident(*c))
                .last()
                .map_or(before.len(), |(i, _)| i);
            let name = &before[name_at..];
            let ahead = code[..name_at].trim_end();
            let skipped = name.is_empty()
                || name == "Self"
                || ahead.ends_with("::")
                || ahead.ends_with('$')
                || ahead.ends_with("(in")
                || spans.iter().any(|&(s, e)| s <= name_at && name_at < e);
            if !skipped {
                let path = use_tree(&code[name_at..]);
                if let Some((_, segs)) = path.first() {
                    add(name_at, segs);
                }
            }
        }
        out
    }
}

/// The byte spans of the `use ...;` statements of `code`.
fn use_spans(code: &str) -> Vec<(usize, usize)> {
    words(code, "use")
        .map(|at| (at, code[at..].find(';').map_or(code.len(), |e| at + e)))
        .collect()
}

/// The strongly connected components of two or more nodes, each sorted (by reachability: the
/// graph is small).
fn cycles(n: usize, edges: impl Iterator<Item = (usize, usize)>) -> Vec<Vec<usize>> {
    let mut next = vec![Vec::new(); n];
    for (a, b) in edges {
        next[a].push(b);
    }
    let reach: Vec<Vec<bool>> = (0..n)
        .map(|start| {
            let mut seen = vec![false; n];
            let mut stack = vec![start];
            while let Some(v) = stack.pop() {
                for &w in &next[v] {
                    if !seen[w] {
                        seen[w] = true;
                        stack.push(w);
                    }
                }
            }
            seen
        })
        .collect();
    let mut done = vec![false; n];
    let mut out = Vec::new();
    for v in 0..n {
        if done[v] || !reach[v][v] {
            continue;
        }
        let component: Vec<usize> = (0..n).filter(|&u| reach[v][u] && reach[u][v]).collect();
        for &u in &component {
            done[u] = true;
        }
        if component.len() >= 2 {
            out.push(component);
        }
    }
    out
}

/// The graph of the files in `sources` (path under `src/` to text).
fn build(sources: &BTreeMap<String, String>) -> Graph {
    let mut graph = Graph::default();
    let tree = read_tree(sources, &mut graph);
    let krate = Crate::new(&tree);
    graph.files = tree.iter().map(|s| s.rel.clone()).collect();
    for (from, source) in tree.iter().enumerate() {
        for (target, evidence) in krate.paths_of(source) {
            let Some(to) = graph.files.iter().position(|f| *f == target) else {
                continue;
            };
            let below = source.module.is_empty()
                || tree[to].module.starts_with(&format!("{}::", source.module));
            if to != from && !below {
                graph.edges.entry((from, to)).or_insert(evidence);
            }
        }
    }
    graph
}

/// Each circle of files in `graph`: its sorted files, and the edges inside it.
fn circles(graph: &Graph) -> Vec<(Vec<String>, Vec<String>)> {
    cycles(graph.files.len(), graph.edges.keys().copied())
        .into_iter()
        .map(|component| {
            let names = component.iter().map(|&i| graph.files[i].clone()).collect();
            let inside = graph
                .edges
                .iter()
                .filter(|((a, b), _)| component.contains(a) && component.contains(b))
                .map(|((a, b), seen)| {
                    format!("  {} -> {}: {seen}", graph.files[*a], graph.files[*b])
                })
                .collect();
            (names, inside)
        })
        .collect()
}

/// The problems of `graph`: circles not in `known`, and entries of `known` no longer circles.
fn problems(graph: &Graph, known: &[&[&str]]) -> Vec<String> {
    let found = circles(graph);
    let mut out = Vec::new();
    for (names, inside) in &found {
        if !known.iter().any(|k| k.iter().eq(names.iter())) {
            out.push(format!(
                "circle: {}\n{}",
                names.join(" <-> "),
                inside.join("\n")
            ));
        }
    }
    for k in known {
        if !found.iter().any(|(names, _)| k.iter().eq(names.iter())) {
            out.push(format!(
                "KNOWN_CYCLES lists {} but it is no longer a circle: remove it",
                k.join(" <-> ")
            ));
        }
    }
    out
}

#[test]
fn no_circle_of_files() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut paths = Vec::new();
    rust_files(&src, &mut paths);
    let mut sources = BTreeMap::new();
    for path in &paths {
        let rel = path
            .strip_prefix(&src)
            .expect("under src")
            .to_string_lossy();
        let text = std::fs::read_to_string(path).expect("a source file");
        sources.insert(rel.replace('\\', "/"), text);
    }
    let graph = build(&sources);
    assert!(
        graph.missing.is_empty(),
        "declared but not found: {:?}",
        graph.missing
    );
    let unreached: Vec<_> = sources
        .keys()
        .filter(|f| !graph.files.contains(f) && !graph.tests.contains(*f))
        .collect();
    assert!(
        unreached.is_empty(),
        "files not reached from lib.rs: {unreached:?}"
    );
    assert!(graph.files.len() > 150, "only {} files", graph.files.len());
    assert!(graph.edges.len() > 500, "only {} edges", graph.edges.len());
    let all = problems(&graph, KNOWN_CYCLES);
    assert!(
        all.is_empty(),
        "circles of files in core/src:\n{}",
        all.join("\n")
    );
}

/// The synthetic crate `files` (path, text) and its problems.
fn check(files: &[(&str, &str)]) -> (Graph, Vec<String>) {
    let sources = files
        .iter()
        .map(|(p, t)| (p.to_string(), t.to_string()))
        .collect();
    let graph = build(&sources);
    let found = problems(&graph, &[]);
    (graph, found)
}

#[test]
fn the_checker_finds_circles_through_crate_and_super_paths() {
    let (graph, found) = check(&[
        ("lib.rs", "mod a;\nmod b;\n"),
        ("a.rs", "use crate::b::B;\npub struct A;\n"),
        ("b.rs", "use crate::{a::{A}};\npub struct B(A);\n"),
    ]);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(
        found[0].starts_with("circle: a.rs <-> b.rs\n"),
        "{found:#?}"
    );
    assert!(
        problems(&graph, &[&["a.rs", "b.rs"]]).is_empty(),
        "a known circle"
    );
    // y reaches x through the parent's re-export; x names y by `super::`.
    let (_, found) = check(&[
        ("lib.rs", "pub mod p;"),
        ("p/mod.rs", "mod x;\nmod y;\npub use x::X;\npub struct T;\n"),
        (
            "p/x.rs",
            "pub struct X;\nfn f() -> super::y::Y { todo!() }\n",
        ),
        ("p/y.rs", "use super::{X, T};\npub struct Y;\n"),
    ]);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(
        found[0].starts_with("circle: p/x.rs <-> p/y.rs\n"),
        "{found:#?}"
    );
    assert!(found[0].contains("p/y.rs:1 `super::X`"), "{found:#?}");
}

#[test]
fn the_checker_passes_a_tree_without_circles() {
    let (graph, found) = check(&[
        ("lib.rs", "mod p;\nmod q;\n#[cfg(test)]\nmod t;\n"),
        (
            "p/mod.rs",
            "mod c;\npub use c::C;\nuse c::helper;\npub struct T;\n",
        ),
        (
            "p/c.rs",
            "use super::*;\npub struct C(super::T, crate::q::Q);\npub fn helper() {}\n",
        ),
        (
            "q.rs",
            "pub struct Q;\n// use crate::p::C;\nconst S: &str = \"crate::p::C\";\n\
             pub(in crate::q) fn f() {}\n#[cfg(test)]\nmod tests { use crate::p::C; }\n",
        ),
        ("t.rs", "use crate::p::C;\n"),
    ]);
    assert!(found.is_empty(), "{found:#?}");
    assert_eq!(graph.files, ["lib.rs", "p/c.rs", "p/mod.rs", "q.rs"]);
    let edges: Vec<String> = graph
        .edges
        .keys()
        .map(|&(a, b)| format!("{} -> {}", graph.files[a], graph.files[b]))
        .collect();
    assert_eq!(edges, ["p/c.rs -> p/mod.rs", "p/c.rs -> q.rs"]);
    assert!(graph.tests.contains("t.rs"));
    let stale = problems(&graph, &[&["p/c.rs", "q.rs"]]);
    assert_eq!(
        stale,
        ["KNOWN_CYCLES lists p/c.rs <-> q.rs but it is no longer a circle: remove it"]
    );
}
