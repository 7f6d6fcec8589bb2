//! `connect-offsets check-resource CR.yaml [--listing FILE] [--alter ALTER.yaml]`: checks a
//! KafkaConnector or KafkaMirrorMaker2 (as `kubectl get ... -o yaml|json` prints it) against the
//! rules CR1-CR11 (`offsets_core::resource_check`; CR12 with `--create`), and against the listing and the alter export
//! when given. Exit codes as `validate`: 0 no errors, 1 errors, 2 unreadable input or usage.

use crate::edit::load;
use crate::input::{Arg, Source};
use crate::output::Format;
use crate::{error::CliError, output};
use lexopt::ValueExt;
use offsets_core::resource::{Resource, read_resource_named};
use offsets_core::resource_check::{
    Against, Finding, Settings, check_create, check_resource, listing_key, settings,
};
use offsets_core::{Diagnostic, ImportOptions, Severity};
use serde::Serialize;
use std::process::ExitCode;

const HELP: &str = "\
Usage: connect-offsets check-resource CR.yaml [--listing FILE] [--alter ALTER.yaml] [OPTIONS]

Checks a KafkaConnector or KafkaMirrorMaker2 (`kubectl get kafkamirrormaker2 NAME -o yaml` or
`-o json`, Strimzi 0.44 to 1.2) before the operator does: the strimzi.io/connector-offsets value,
both MirrorMaker 2 annotations and the exact connector name, the listOffsets / alterOffsets
wiring, spec.state and the STOPPED state in the status, and every offsets Warning condition,
explained. Each finding has a rule id (CR1...), a position in CR.yaml and, where it fits, the
kubectl command that fixes it. Reads stdin when CR.yaml is `-`.

Options:
  --listing FILE         the listed ConfigMap: its data key, owner and namespace against the CR
  --alter ALTER.yaml     the alter ConfigMap export: its name, namespace and data key
  --key KEY              the listing's data key to read when it holds several offsets keys
                         (default: the key of the connector --connector or the annotation
                         names, then as validate reads it)
  --name NAME            when CR.yaml holds several resources (a multi-document file, a
                         kind: List), the KafkaConnector or KafkaMirrorMaker2 to check
                         (metadata.name, or KIND/NAME)
  --create               the resource is one plan --create would create (CR12): whether its
                         apiVersion says the operator creates the connector stopped (Strimzi 1.2
                         or later) or runs it first, and a resource that exists already
  --connector NAME       the MirrorMaker 2 connector (S->T.MirrorSourceConnector); default: the
                         listing's or alter's data key (else the source alias of its entries'
                         cluster), the annotation, the only source connector
  --format text|json     text: one line per finding on stderr (default);
                         json: one object on stdout {kind, apiVersion, name, namespace, errors,
                         findings, settings}
";

pub fn run(parser: &mut lexopt::Parser) -> Result<ExitCode, CliError> {
    let mut source: Option<Source> = None;
    let mut listing: Option<Source> = None;
    let mut alter: Option<Source> = None;
    let mut connector: Option<String> = None;
    let mut pick: Option<String> = None;
    let mut key: Option<String> = None;
    let mut format = Format::Text;
    let mut create = false;
    while let Some(arg) = Arg::next(parser)? {
        match arg {
            Arg::Long(l) if l == "listing" => listing = Some(Source::from_arg(parser.value()?)),
            Arg::Long(l) if l == "alter" => alter = Some(Source::from_arg(parser.value()?)),
            Arg::Long(l) if l == "connector" => connector = Some(parser.value()?.string()?),
            Arg::Long(l) if l == "name" => pick = Some(parser.value()?.string()?),
            Arg::Long(l) if l == "key" => key = Some(parser.value()?.string()?),
            Arg::Long(l) if l == "create" => create = true,
            Arg::Long(l) if l == "format" => format = Format::from_arg(parser)?,
            Arg::Value(v) if source.is_none() => source = Some(Source::from_arg(v)),
            a if a.is_help() => return Ok(output::help(&[HELP])),
            other => return Err(other.unexpected()),
        }
    }
    let Some(source) = source else {
        return Err(CliError::usage(
            "check-resource needs a CR file (or - for stdin); see --help",
        ));
    };
    let name = source.display_name();
    let read_cr = read(&source, pick.as_deref())?;
    // A listing with several offsets keys is read from the key of the connector the resource
    // names (--connector, or its strimzi.io/mirrormaker-connector annotation).
    let options = ImportOptions {
        data_key: key,
        context_key: read_cr
            .as_ref()
            .ok()
            .and_then(|r| listing_key(r, connector.as_deref())),
        ..crate::input::InputArgs::default().options
    };
    let listing = match &listing {
        Some(s) => Some(load(s, &options)?.listing),
        None => None,
    };
    let alter = match &alter {
        Some(s) => Some(load(s, &crate::input::InputArgs::default().options)?.listing),
        None => None,
    };
    let against = Against {
        listing: listing.as_ref(),
        alter: alter.as_ref(),
        connector: connector.as_deref(),
    };
    let (resource, findings) = match read_cr {
        Ok(r) => {
            let mut findings = check_resource(&r, &against);
            if create {
                findings.extend(check_create(&r));
            }
            (Some(r), findings)
        }
        Err(diags) => (
            None,
            diags
                .into_iter()
                .map(|diagnostic| Finding {
                    diagnostic,
                    command: None,
                })
                .collect(),
        ),
    };
    let settings = resource.as_ref().and_then(|r| settings(r, &against).ok());
    match format {
        Format::Text => output::err(&render_text(&name, resource.as_ref(), &findings)),
        Format::Json => output::json(&JsonReport::new(
            resource.as_ref(),
            &findings,
            settings.as_ref(),
        )),
    }
    let code = if resource.is_none() {
        2
    } else {
        u8::from(findings.iter().any(|f| f.diagnostic.is_error()))
    };
    Ok(ExitCode::from(code))
}

/// Reads and parses the CR (the one named `name` when the file holds several); `Err(CliError)`
/// only when the file cannot be read.
pub fn read(
    source: &Source,
    name: Option<&str>,
) -> Result<Result<Resource, Vec<Diagnostic>>, CliError> {
    let bytes = source.read()?;
    Ok(match String::from_utf8(bytes) {
        Ok(text) => read_resource_named(&text, name),
        Err(e) => Err(vec![Diagnostic::error(
            "CR1",
            offsets_core::import::position_of(
                &String::from_utf8_lossy(e.as_bytes()),
                e.utf8_error().valid_up_to(),
            ),
            "The resource is not valid UTF-8.",
        )]),
    })
}

/// The text report: `NAME:LINE:COL: severity[RULE]: message`, the fix indented under it, then a
/// summary line.
fn render_text(name: &str, resource: Option<&Resource>, findings: &[Finding]) -> String {
    let mut out = String::new();
    for f in findings {
        let d = &f.diagnostic;
        output::push_diagnostic(&mut out, name, d, &output::printable(&d.message));
        if let Some(c) = &f.command {
            out.push_str(&format!("    fix: {c}\n"));
        }
    }
    let n = |s: Severity| {
        findings
            .iter()
            .filter(|f| f.diagnostic.severity == s)
            .count()
    };
    let what = match resource {
        Some(r) => format!(
            "{} {} ({})",
            r.kind.as_str(),
            r.name
                .value()
                .map_or_else(|| "-".into(), offsets_core::names::shown),
            r.api_version.value
        ),
        None => "not read".into(),
    };
    out.push_str(&format!(
        "{name}: {} error(s), {} warning(s), {} info(s) ({what})\n",
        n(Severity::Error),
        n(Severity::Warning),
        n(Severity::Info)
    ));
    out
}

/// The `--format json` report.
#[derive(Debug, Serialize)]
struct JsonReport<'a> {
    kind: Option<&'static str>,
    #[serde(rename = "apiVersion")]
    api_version: Option<&'a str>,
    name: Option<&'a str>,
    namespace: Option<&'a str>,
    errors: usize,
    findings: Vec<JsonFinding<'a>>,
    /// The names a procedure takes from the CR, when every one is valid.
    settings: Option<JsonSettings<'a>>,
}

#[derive(Debug, Serialize)]
struct JsonFinding<'a> {
    rule: &'a str,
    severity: &'a str,
    line: u32,
    column: u32,
    message: &'a str,
    command: Option<&'a str>,
}

#[derive(Debug, Serialize)]
struct JsonSettings<'a> {
    resource: &'a str,
    namespace: &'a str,
    connector: &'a str,
    mirror_index: Option<u32>,
    alias_path: Option<&'a str>,
    list_configmap: Option<&'a str>,
    alter_configmap: Option<&'a str>,
}

impl<'a> JsonReport<'a> {
    fn new(
        r: Option<&'a Resource>,
        findings: &'a [Finding],
        settings: Option<&'a Settings>,
    ) -> JsonReport<'a> {
        JsonReport {
            kind: r.map(|r| r.kind.as_str()),
            api_version: r.map(|r| r.api_version.value.as_str()),
            name: r.and_then(|r| r.name.value()),
            namespace: r.and_then(|r| r.namespace.value()),
            errors: findings.iter().filter(|f| f.diagnostic.is_error()).count(),
            findings: findings
                .iter()
                .map(|f| JsonFinding {
                    rule: f.diagnostic.rule,
                    severity: f.diagnostic.severity.as_str(),
                    line: f.diagnostic.position.line,
                    column: f.diagnostic.position.column,
                    message: &f.diagnostic.message,
                    command: f.command.as_deref(),
                })
                .collect(),
            settings: settings.map(|s| JsonSettings {
                resource: &s.resource,
                namespace: &s.namespace,
                connector: &s.connector,
                mirror_index: s.mirror.as_ref().map(|m| m.1),
                alias_path: s.mirror.as_ref().map(|m| match m.2 {
                    offsets_core::procedure::AliasPath::New => "source.alias",
                    offsets_core::procedure::AliasPath::Old => "sourceCluster",
                }),
                list_configmap: s.list_configmap.as_deref(),
                alter_configmap: s.alter_configmap.as_deref(),
            }),
        }
    }
}
