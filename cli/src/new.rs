//! `connect-offsets new --kind mirror-source|sink --from ROLE=REF [--from latest=REF]
//! [--source-alias A] [--topic GLOB] [--to json|configmap] [-o OUT]`: the listing of a connector
//! that has none yet, from a reference (every partition it names, with what the kind stores to
//! resume there); a second, `latest` reference gives the partitions the first has no offset for
//! their log end.

use crate::input::{Arg, filter_flag};
use crate::{error::CliError, output, reference};
use lexopt::ValueExt;
use offsets_core::export::{self, AlterTarget, ConfigMapOptions};
use offsets_core::names;
use offsets_core::new_listing::{NewConnector, NewListing, listing_from_references};
use offsets_core::reference::Role;
use std::process::ExitCode;

type Spec = (Role, crate::input::Source);

/// The `--from` references: the one to start from, and the latest offsets that fill the
/// partitions it has no offset for (a second `--from latest=REF`, in either order).
fn start_and_log_end(from: &[String]) -> Result<(Spec, Option<Spec>), CliError> {
    let mut specs = Vec::new();
    for f in from {
        specs.push(reference::parse_spec("--from", f)?);
    }
    let is_latest = |s: &Spec| s.0 == Role::Latest;
    let mut specs = specs.into_iter();
    match (specs.next(), specs.next(), specs.next()) {
        (None, ..) => Err(CliError::usage(
            "new needs --from ROLE=REF (the offsets to start from); see --help",
        )),
        (Some(only), None, _) => Ok((only, None)),
        (Some(a), Some(b), None) if is_latest(&a) != is_latest(&b) => Ok(if is_latest(&a) {
            (b, Some(a))
        } else {
            (a, Some(b))
        }),
        _ => Err(CliError::usage(
            "new takes --from once, or twice when one of them is latest=REF: the offsets to start from (time@DATETIME=REF, earliest, group) and the latest offsets (log end) of the partitions they have no offset for. Paste the output of several commands of one lookup into one file",
        )),
    }
}

const HELP: &str = "\
Usage: connect-offsets new --kind mirror-source|sink --from ROLE=REF [OPTIONS]

Writes the listing of a connector that has none yet (a new one, or one recreated under a name
whose old offsets were reset): every partition REF names, with the value the kind stores to
resume there. MirrorMaker 2 stores R-1 (it resumes at stored + 1), and null at R = 0 (record 0
cannot be stored; null starts where auto.offset.reset says); a sink stores R. Partitions REF
gives no offset for (no record after the time) are left out and named on stderr. Edit, check
and apply it as any listing (plan FILE ...).

kafka-get-offsets.sh --time T prints nothing for a partition with no record at or after T: a
connector without an offset for it starts it at auto.offset.reset (earliest by default) and
copies its whole history. Give the latest offsets of the same partitions as a second --from
latest=REF: those partitions then start at their log end (MirrorMaker 2 stores log end - 1,
null at 0; a sink stores the log end). Without it, new warns.

  --kind mirror-source|sink   the connector (a generic source connector's partitions are its
                       own, not Kafka partitions: no reference can name them)
  --from ROLE=REF      the reference, as edit --set-from takes it (ROLE: earliest, latest,
                       time@DATETIME, group[@NAME], checkpoints[@GROUP]; REF: a file, or -
                       for stdin); twice,
                       one of them latest=REF: the log end of the partitions the other
                       has no offset for
  --source-alias A     mirror-source: the source cluster's alias (required)
  --topic GLOB|/regex/, --filter EXPR
                       keep only these topics of REF (every partition of a kept topic)
  --to json|configmap  the REST body (default, for PATCH /connectors/NAME/offsets) or the
                       alter ConfigMap
  --name NAME          with --to configmap: the ConfigMap's name (required)
  --namespace NS       with --to configmap: its namespace
  --connector NAME     with --to configmap: S->T.MirrorSourceConnector for a KafkaMirrorMaker2
                       (its data key); default offsets.json (a KafkaConnector)
  -o, --output OUT     write to OUT instead of stdout
";

/// The flags of `new`, as given.
#[derive(Default)]
struct Flags {
    kind: Option<String>,
    from: Vec<String>,
    alias: Option<String>,
    /// `--to`; json when not given.
    to: Option<String>,
    name: Option<String>,
    namespace: Option<String>,
    connector: Option<String>,
    out_path: Option<std::path::PathBuf>,
    filter: offsets_core::Filter,
}

/// The flags, or `None` when help was asked for.
fn parse(parser: &mut lexopt::Parser) -> Result<Option<Flags>, CliError> {
    let mut f = Flags::default();
    while let Some(arg) = Arg::next(parser)? {
        match arg {
            Arg::Long(l) if l == "kind" => f.kind = Some(parser.value()?.string()?),
            Arg::Long(l) if l == "from" => f.from.push(parser.value()?.string()?),
            Arg::Long(l) if l == "source-alias" => f.alias = Some(parser.value()?.string()?),
            Arg::Long(l) if l == "to" => f.to = Some(parser.value()?.string()?),
            Arg::Long(l) if l == "name" => f.name = Some(parser.value()?.string()?),
            Arg::Long(l) if l == "namespace" => f.namespace = Some(parser.value()?.string()?),
            Arg::Long(l) if l == "connector" => f.connector = Some(parser.value()?.string()?),
            Arg::Long(l) if matches!(l.as_str(), "topic" | "filter") => {
                filter_flag(&mut f.filter, l.as_str(), parser.value()?.string()?)?;
            }
            Arg::Short('o') => f.out_path = Some(parser.value()?.into()),
            Arg::Long(l) if l == "output" => f.out_path = Some(parser.value()?.into()),
            a if a.is_help() => return Ok(None),
            other => return Err(other.unexpected()),
        }
    }
    Ok(Some(f))
}

pub fn run(parser: &mut lexopt::Parser) -> Result<ExitCode, CliError> {
    let Some(f) = parse(parser)? else {
        return Ok(output::help(&[HELP, reference::REFERENCE_HELP]));
    };
    let new_connector = new_connector(f.kind.as_deref(), f.alias)?;
    let (start, log_end) = start_and_log_end(&f.from)?;
    let (role, source) = start;
    let reference = reference::load(role, &source)?;
    let log_end = match log_end {
        Some((role, source)) => Some(reference::load(role, &source)?),
        None => None,
    };
    let topics = topics_only(f.filter)?;
    let new = listing_from_references(
        &new_connector,
        &reference,
        log_end.as_deref(),
        topics.as_ref(),
    )
    .map_err(|e| CliError {
        message: e.message,
        code: 1,
    })?;
    output::err(&notes(&new));
    let display = source.display_name();
    let text = match f.to.as_deref().unwrap_or("json") {
        "json" => output::finish(&display, export::patch_json(&new.listing, None, true))?,
        "configmap" | "yaml" => {
            let options = ConfigMapOptions {
                name: f.name,
                namespace: f.namespace,
                target: Some(alter_target(f.connector.as_deref())?),
                data_key: None,
                keep_other_data: false,
            };
            output::finish(
                &display,
                export::configmap_yaml(&new.listing, None, &options),
            )?
        }
        other => {
            return Err(CliError::usage(format!(
                "--to must be json or configmap, not '{other}'"
            )));
        }
    };
    output::to_out_path(f.out_path.as_deref(), &text)?;
    Ok(ExitCode::SUCCESS)
}

/// The connector `--kind` and `--source-alias` name, or why they name none `new` can write.
fn new_connector(kind: Option<&str>, alias: Option<String>) -> Result<NewConnector, CliError> {
    match (kind, alias) {
        (Some("mirror-source"), Some(source_alias)) => {
            Ok(NewConnector::MirrorSource { source_alias })
        }
        (Some("mirror-source"), None) => Err(CliError::usage(
            "new --kind mirror-source needs --source-alias A (the source cluster's alias its entries name)",
        )),
        (Some("sink"), None) => Ok(NewConnector::Sink),
        (Some("sink"), Some(_)) => Err(CliError::usage(
            "--source-alias is for --kind mirror-source; a sink's entries name no cluster",
        )),
        (Some("source"), _) => Err(CliError::usage(
            "a generic source connector's partitions are its own (a file, a table), not Kafka partitions, so no reference can name them. To start where another connector stopped, give its listing (edited as you need) to plan FILE --create: it is already a listing",
        )),
        (Some(other), _) => Err(CliError::usage(format!(
            "--kind must be mirror-source or sink, not '{other}'"
        ))),
        (None, _) => Err(CliError::usage("new needs --kind mirror-source|sink")),
    }
}

/// The topics of the reference to keep (`None`: all of them); a filter on anything but topics is
/// refused, since every partition of a kept topic is in the listing.
fn topics_only(filter: offsets_core::Filter) -> Result<Option<offsets_core::Filter>, CliError> {
    if !(filter.partitions.is_empty()
        && filter.clusters.is_empty()
        && filter.ranges.is_empty()
        && !filter.changed_only)
    {
        return Err(CliError::usage(
            "new keeps topics of the reference (--topic GLOB|/regex/, or topic terms in --filter); every partition of a kept topic is in the listing",
        ));
    }
    Ok((!filter.is_empty()).then_some(filter))
}

/// What stderr says about the new listing: the session's notes, the partitions left out (the
/// first ten), then the warnings.
fn notes(new: &NewListing) -> String {
    let mut notes = String::new();
    for note in &new.notes {
        notes.push_str(&format!("note: {}\n", output::printable(note)));
    }
    if !new.without_value.is_empty() {
        let named: Vec<String> = new
            .without_value
            .iter()
            .take(10)
            .map(|(t, p)| format!("{t}:{p}"))
            .collect();
        notes.push_str(&format!(
            "note: {} partition(s) have no offset in the reference and are left out: {}{}\n",
            new.without_value.len(),
            output::printable(&named.join(", ")),
            if new.without_value.len() > 10 {
                ", ..."
            } else {
                ""
            }
        ));
    }
    // Last, so that it is what the terminal shows at the end.
    for warning in &new.warnings {
        notes.push_str(&format!("warning: {}\n", output::printable(warning)));
    }
    notes
}

/// The alter ConfigMap's target: `--connector S->T.MirrorSourceConnector` for a
/// KafkaMirrorMaker2, a KafkaConnector without it.
fn alter_target(connector: Option<&str>) -> Result<AlterTarget, CliError> {
    Ok(match connector {
        None => AlterTarget::KafkaConnector,
        Some(c) => {
            AlterTarget::MirrorMaker2(names::MirrorConnectorName::parse(c).map_err(|e| {
                CliError {
                    message: format!("[K5] {e}"),
                    code: 1,
                }
            })?)
        }
    })
}
