//! Shell text for the procedures: one command template rendered two ways, with literal
//! single-quoted values (copy-paste steps) or with `"${VAR}"` references (the all-in-one script).
//!
//! Templates are written by this crate only, never by users. In a template, `«...»` marks one
//! shell word that is a *value*: it is quoted on output, and inside it `%NAME%` stands for a
//! validated user value (see [`Var`]). Text outside `«»` is raw shell, except `⟨kubectl⟩`, which
//! becomes `kubectl` plus the `--context` option when one is set. User values are substituted
//! after the template is split, so nothing in a value is ever read as template or shell syntax.

use crate::model::names::{
    ConfigMapName, ConnectUrl, ConnectorName, FileName, KubeContext, MirrorConnectorName,
    Namespace, ResourceName, is_shell_safe, shell_quote,
};

/// A value a command may contain. It is built only from a checked name (the types of
/// [`crate::model::names`]) or a number, so no template is ever filled with a string that
/// skipped its check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct CheckedValue(String);

impl CheckedValue {
    pub(crate) fn as_str(&self) -> &str {
        &self.0
    }

    pub(crate) fn number(n: u32) -> CheckedValue {
        CheckedValue(n.to_string())
    }

    /// The connector's REST resource, `<base>/connectors/<name>`.
    pub(crate) fn connector_url(base: &ConnectUrl, connector: &ConnectorName) -> CheckedValue {
        CheckedValue(format!("{base}/connectors/{}", connector.path_segment()))
    }

    /// An MM2 connector name; the caller has checked it again with
    /// [`crate::model::names::MirrorConnectorName::parse`], since its fields are public.
    pub(crate) fn mirror_connector(name: &MirrorConnectorName) -> CheckedValue {
        CheckedValue(name.connector_name())
    }
}

/// The checked names that fill templates as they are.
macro_rules! value_from_name {
    ($($name:ty),*) => {
        $(impl From<&$name> for CheckedValue {
            fn from(name: &$name) -> CheckedValue {
                CheckedValue(name.as_str().to_owned())
            }
        })*
    };
}

value_from_name!(
    Namespace,
    KubeContext,
    ResourceName,
    ConfigMapName,
    FileName,
    ConnectUrl
);

/// A user-supplied value that appears in commands. In the script each one becomes a variable
/// defined once at the top.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Var {
    Namespace,
    Context,
    Connector,
    Mm2,
    Mm2Connector,
    MirrorIndex,
    ListConfigMap,
    AlterConfigMap,
    ListFile,
    ConnectUrl,
    ConnectorUrl,
    Timeout,
}

impl Var {
    pub(crate) const ALL: [Var; 12] = [
        Var::Namespace,
        Var::Context,
        Var::Connector,
        Var::Mm2,
        Var::Mm2Connector,
        Var::MirrorIndex,
        Var::ListConfigMap,
        Var::AlterConfigMap,
        Var::ListFile,
        Var::ConnectUrl,
        Var::ConnectorUrl,
        Var::Timeout,
    ];

    /// The script variable name (also the `%NAME%` placeholder in templates).
    pub(crate) fn name(self) -> &'static str {
        match self {
            Var::Namespace => "NS",
            Var::Context => "KUBECTL_CONTEXT",
            Var::Connector => "CONNECTOR",
            Var::Mm2 => "MM2",
            Var::Mm2Connector => "MM2_CONNECTOR",
            Var::MirrorIndex => "MIRROR_INDEX",
            Var::ListConfigMap => "LIST_CM",
            Var::AlterConfigMap => "ALTER_CM",
            Var::ListFile => "LIST_FILE",
            Var::ConnectUrl => "CONNECT_URL",
            Var::ConnectorUrl => "CONNECTOR_URL",
            Var::Timeout => "TIMEOUT_SECONDS",
        }
    }

    /// Numbers read naturally unquoted in the copy-paste steps (`/spec/mirrors/0`, `300s`).
    fn is_number(self) -> bool {
        matches!(self, Var::MirrorIndex | Var::Timeout)
    }

    fn from_name(name: &str) -> Option<Var> {
        Var::ALL.into_iter().find(|v| v.name() == name)
    }
}

/// Which rendering a command is built for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Literal, single-quoted values: each command stands on its own.
    Steps,
    /// `"${VAR}"` references to the variables defined at the top of the script.
    Script,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Piece {
    Lit(String),
    Var(Var),
}

/// Splits a value template into literal text and `%NAME%` placeholders.
fn pieces(template: &str) -> Vec<Piece> {
    let mut out = Vec::new();
    let mut lit = String::new();
    let mut rest = template;
    while let Some(start) = rest.find('%') {
        let after = &rest[start + 1..];
        let var = after
            .find('%')
            .and_then(|end| Var::from_name(&after[..end]).map(|v| (v, end)));
        match var {
            Some((var, end)) => {
                lit.push_str(&rest[..start]);
                if !lit.is_empty() {
                    out.push(Piece::Lit(std::mem::take(&mut lit)));
                }
                out.push(Piece::Var(var));
                rest = &after[end + 1..];
            }
            None => {
                lit.push_str(&rest[..=start]);
                rest = after;
            }
        }
    }
    lit.push_str(rest);
    if !lit.is_empty() {
        out.push(Piece::Lit(lit));
    }
    out
}

/// Renders commands for one [`Mode`], with the validated values of this procedure.
#[derive(Debug, Clone)]
pub(crate) struct Ctx {
    pub(crate) mode: Mode,
    values: Vec<(Var, CheckedValue)>,
}

impl Ctx {
    pub(crate) fn new(mode: Mode, values: Vec<(Var, CheckedValue)>) -> Ctx {
        Ctx { mode, values }
    }

    pub(crate) fn value(&self, var: Var) -> &str {
        self.values
            .iter()
            .find(|(v, _)| *v == var)
            .map_or("", |(_, s)| s.as_str())
    }

    fn has(&self, var: Var) -> bool {
        self.values.iter().any(|(v, _)| *v == var)
    }

    /// One shell word whose content is `template` with `%NAME%` placeholders filled in.
    pub(crate) fn word(&self, template: &str) -> String {
        let parts = pieces(template);
        match (self.mode, parts.as_slice()) {
            (_, []) => "''".to_owned(),
            (Mode::Steps, [Piece::Var(v)]) if v.is_number() => self.value(*v).to_owned(),
            (Mode::Script, [Piece::Var(v)]) => format!("\"${{{}}}\"", v.name()),
            (Mode::Steps, _) | (Mode::Script, _)
                if parts.iter().all(|p| matches!(p, Piece::Lit(_))) =>
            {
                let text = self.substitute(&parts);
                if is_shell_safe(&text) {
                    text
                } else {
                    shell_quote(&text)
                }
            }
            (Mode::Steps, _) => {
                // `--timeout=300s` stays bare; anything with a name in it is quoted.
                let text = self.substitute(&parts);
                let numbers_only = parts.iter().all(|p| match p {
                    Piece::Lit(_) => true,
                    Piece::Var(v) => v.is_number(),
                });
                if numbers_only && is_shell_safe(&text) {
                    text
                } else {
                    shell_quote(&text)
                }
            }
            (Mode::Script, _) => {
                let plain = parts.iter().all(|p| match p {
                    Piece::Lit(s) => !s.contains(['"', '$', '\\', '`', '!']),
                    Piece::Var(_) => true,
                });
                if plain {
                    let mut out = String::from("\"");
                    for p in &parts {
                        match p {
                            Piece::Lit(s) => out.push_str(s),
                            Piece::Var(v) => out.push_str(&format!("${{{}}}", v.name())),
                        }
                    }
                    out.push('"');
                    out
                } else {
                    // JSON and jsonpath: single-quoted literal runs, double-quoted variables.
                    parts
                        .iter()
                        .map(|p| match p {
                            Piece::Lit(s) => shell_quote(s),
                            Piece::Var(v) => format!("\"${{{}}}\"", v.name()),
                        })
                        .collect()
                }
            }
        }
    }

    fn substitute(&self, parts: &[Piece]) -> String {
        parts
            .iter()
            .map(|p| match p {
                Piece::Lit(s) => s.as_str(),
                Piece::Var(v) => self.value(*v),
            })
            .collect()
    }

    /// A double-quoted message for `echo` in the script: literal text escaped, variables
    /// referenced. (In steps mode the values are substituted, still escaped.)
    pub(crate) fn message(&self, template: &str) -> String {
        let mut out = String::from("\"");
        for p in pieces(template) {
            match p {
                Piece::Lit(s) => push_double_quoted(&mut out, &s),
                Piece::Var(v) => match self.mode {
                    Mode::Script => out.push_str(&format!("${{{}}}", v.name())),
                    Mode::Steps => push_double_quoted(&mut out, self.value(v)),
                },
            }
        }
        out.push('"');
        out
    }

    /// Renders one or more lines of template text (see the module comment).
    pub(crate) fn sh(&self, template: &str) -> String {
        let mut out = String::new();
        let mut rest = template;
        while let Some(start) = rest.find('«') {
            out.push_str(&self.raw(&rest[..start]));
            let after = &rest[start + '«'.len_utf8()..];
            match after.find('»') {
                Some(end) => {
                    out.push_str(&self.word(&after[..end]));
                    rest = &after[end + '»'.len_utf8()..];
                }
                None => {
                    out.push_str(&self.raw(after));
                    rest = "";
                }
            }
        }
        out.push_str(&self.raw(rest));
        out
    }

    fn raw(&self, text: &str) -> String {
        if !text.contains("⟨kubectl⟩") {
            return text.to_owned();
        }
        let kubectl = match (self.mode, self.has(Var::Context)) {
            // The script's one wrapper, defined once after its variables (`render_script`).
            (Mode::Script, true) => KUBE_WRAPPER.to_owned(),
            // A copied step stands alone: it names the context itself.
            (Mode::Steps, true) => {
                format!("kubectl --context {}", self.word("%KUBECTL_CONTEXT%"))
            }
            (_, false) => "kubectl".to_owned(),
        };
        text.replace("⟨kubectl⟩", &kubectl)
    }
}

/// The shell function through which the all-in-one script runs kubectl when a context is set:
/// `kube() { kubectl --context "${KUBECTL_CONTEXT}" "$@"; }`, so the context is named once.
pub(crate) const KUBE_WRAPPER: &str = "kube";

fn push_double_quoted(out: &mut String, s: &str) {
    for c in s.chars() {
        if matches!(c, '"' | '$' | '\\' | '`') {
            out.push('\\');
        }
        out.push(c);
    }
}

/// A heredoc delimiter that does not occur as a line of `text`: `OFFSETS_EOF`, or that with a
/// numeric suffix.
pub(crate) fn heredoc_delimiter(text: &str) -> String {
    let taken = |d: &str| text.split('\n').any(|line| line == d);
    let mut delimiter = "OFFSETS_EOF".to_owned();
    let mut n = 1u32;
    while taken(&delimiter) {
        delimiter = format!("OFFSETS_EOF_{n}");
        n += 1;
    }
    delimiter
}

/// `<<'DELIM'`, the text (ending in a newline) and the delimiter line, to append to a command.
pub(crate) fn heredoc(text: &str) -> (String, String) {
    let delimiter = heredoc_delimiter(text);
    let mut body = text.to_owned();
    if !body.ends_with('\n') {
        body.push('\n');
    }
    body.push_str(&delimiter);
    (format!("<<'{delimiter}'"), body)
}

/// Word-wraps a comment paragraph into `# ` lines of at most `width` characters.
pub(crate) fn comment_lines(text: &str, indent: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = format!("{indent}#");
    let empty_len = line.len();
    for word in text.split_whitespace() {
        if line.len() > empty_len && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::replace(&mut line, format!("{indent}#")));
        }
        line.push(' ');
        line.push_str(word);
    }
    if line.len() > empty_len || lines.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::model::names::MirrorConnectorName;

    fn ctx(mode: Mode) -> Ctx {
        let connector = MirrorConnectorName::parse("east->west.MirrorSourceConnector").unwrap();
        Ctx::new(
            mode,
            vec![
                (Var::Namespace, (&Namespace::parse("kafka").unwrap()).into()),
                (
                    Var::Mm2Connector,
                    CheckedValue::mirror_connector(&connector),
                ),
                (Var::MirrorIndex, CheckedValue::number(2)),
                (Var::Context, (&KubeContext::parse("prod").unwrap()).into()),
            ],
        )
    }

    #[test]
    fn words_render_per_mode() {
        let s = ctx(Mode::Steps);
        let x = ctx(Mode::Script);
        assert_eq!(s.word("%NS%"), "'kafka'");
        assert_eq!(x.word("%NS%"), "\"${NS}\"");
        assert_eq!(
            s.word("strimzi.io/connector-offsets=list"),
            "strimzi.io/connector-offsets=list"
        );
        assert_eq!(
            s.word("strimzi.io/mirrormaker-connector=%MM2_CONNECTOR%"),
            "'strimzi.io/mirrormaker-connector=east->west.MirrorSourceConnector'"
        );
        assert_eq!(
            x.word("strimzi.io/mirrormaker-connector=%MM2_CONNECTOR%"),
            "\"strimzi.io/mirrormaker-connector=${MM2_CONNECTOR}\""
        );
        assert_eq!(
            s.word(r#"{"path":"/spec/mirrors/%MIRROR_INDEX%"}"#),
            r#"'{"path":"/spec/mirrors/2"}'"#
        );
        assert_eq!(
            x.word(r#"{"path":"/spec/mirrors/%MIRROR_INDEX%"}"#),
            r#"'{"path":"/spec/mirrors/'"${MIRROR_INDEX}"'"}'"#
        );
        assert_eq!(s.word("%MIRROR_INDEX%"), "2");
        assert_eq!(s.word("100%"), "100%");
        assert_eq!(s.word("a b"), "'a b'");
    }

    #[test]
    fn templates_keep_raw_text_and_add_the_context() {
        let s = ctx(Mode::Steps);
        assert_eq!(
            s.sh("⟨kubectl⟩ get cm «%NS%» -o yaml > x"),
            "kubectl --context 'prod' get cm 'kafka' -o yaml > x"
        );
        let x = ctx(Mode::Script);
        assert_eq!(x.sh("⟨kubectl⟩ get «%NS%»"), "kube get \"${NS}\"");
        assert_eq!(
            x.message("Oops \"%NS%\" $5 `x`"),
            "\"Oops \\\"${NS}\\\" \\$5 \\`x\\`\""
        );
    }

    #[test]
    fn heredoc_delimiter_never_occurs_in_the_text() {
        assert_eq!(heredoc_delimiter("a\nb"), "OFFSETS_EOF");
        assert_eq!(heredoc_delimiter("a\nOFFSETS_EOF\nb"), "OFFSETS_EOF_1");
        assert_eq!(
            heredoc_delimiter("OFFSETS_EOF\nOFFSETS_EOF_1"),
            "OFFSETS_EOF_2"
        );
        // Only whole lines end a heredoc.
        assert_eq!(
            heredoc_delimiter(" OFFSETS_EOF\nOFFSETS_EOF \n"),
            "OFFSETS_EOF"
        );
        let (open, body) = heredoc("x");
        assert_eq!(open, "<<'OFFSETS_EOF'");
        assert_eq!(body, "x\nOFFSETS_EOF");
    }

    #[test]
    fn comments_wrap() {
        let lines = comment_lines("one two three four", "", 12);
        assert_eq!(lines, ["# one two", "# three four"]);
        assert_eq!(comment_lines("", "", 80), ["#"]);
    }
}
