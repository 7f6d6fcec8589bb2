//! `connect-offsets export FILE --to configmap|json|csv [--against LISTING] [--name NAME]
//! [--namespace NS]`: writes an export of FILE to stdout; with `--against`, only the entries
//! that differ from the listing FILE was edited from.

use crate::edit::load;
use crate::input::{Arg, INPUT_OPTIONS_HELP, InputArgs, Source};
use crate::output::{finish, report_rollback};
use crate::{error::CliError, output};
use lexopt::ValueExt;
use offsets_core::export::{self, AlterTarget, ConfigMapOptions, Export};
use offsets_core::names;
use offsets_core::{Diagnostic, ImportOptions, Listing};
use std::process::ExitCode;

const HELP: &str = "\
Usage: connect-offsets export FILE --to configmap|json|csv [OPTIONS]
       connect-offsets export EDITED --to rollback --against LISTING [--name N] [--namespace NS]

Writes FILE's offsets to stdout: every entry, or with --against only the entries that differ
from LISTING (the listing FILE was edited from), which is what an alter should name.
Validation errors refuse the export (exit 1); warnings go to stderr. The ConfigMap and JSON
exports hold stored offsets exactly as Kafka Connect stores them (no conversion).

  --to configmap       the alter ConfigMap (YAML) to `kubectl apply --server-side -f`
  --to json            the PATCH /connectors/NAME/offsets body (add --pretty for Jackson style)
  --to csv             topic,partition,offset for kafka-consumer-groups.sh --from-file:
                       consumer positions (the next record to read), not stored offsets.
                       A sink connector's kafka_offset is one already and is written as
                       stored; MirrorMaker 2 stores the last mirrored record, so its
                       offsets are written + 1. A CSV cannot hold a null offset (0 would
                       mean \"reset to 0\"): those rows are left out and named in a note
                       on stderr (the exit code is unchanged)
  --to rollback        the alter ConfigMap that undoes EDITED's alter (needs --against): each
                       changed partition back to its LISTING value, a partition the edit added
                       to null; default name <alter ConfigMap>-rollback. Apply it like an alter
                       (`plan --rollback` writes the steps)
  --against LISTING    export only what differs from LISTING
  --name NAME          ConfigMap name (default: <listed name>-alter)
  --namespace NS       ConfigMap namespace (default: the listed one)
  --connector NAME     the connector the ConfigMap is for: `offsets.json` for a KafkaConnector
                       (default without an MM2 key), or S->T.MirrorSourceConnector
  --all-data           keep the other data keys of the imported ConfigMap
  --split              with --to configmap: the alter in rounds, ConfigMaps NAME-1, NAME-2, ...
                       each under 1 MiB of data (K6), as one YAML stream; `plan --split` writes
                       the procedure that applies them one after the other
  --round-bytes N      with --split: at most N bytes of data per round (default and most 1048576)
";

/// The parsed export options, shared with `plan`.
#[derive(Debug, Default)]
pub struct ExportArgs {
    pub against: Option<Source>,
    pub name: Option<String>,
    pub namespace: Option<String>,
    pub connector: Option<String>,
    pub all_data: bool,
    /// `--split`: the alter ConfigMap in rounds.
    pub split: bool,
    /// `--round-bytes N`: the most data per round.
    pub round_bytes: Option<usize>,
}

impl ExportArgs {
    /// Handles one export-related argument; `Ok(false)` when `arg` is not one.
    pub fn parse_arg(&mut self, arg: &Arg, parser: &mut lexopt::Parser) -> Result<bool, CliError> {
        match arg {
            Arg::Long(l) if l == "against" => {
                self.against = Some(Source::from_arg(parser.value()?))
            }
            Arg::Long(l) if l == "name" => self.name = Some(parser.value()?.string()?),
            Arg::Long(l) if l == "namespace" => self.namespace = Some(parser.value()?.string()?),
            Arg::Long(l) if l == "all-data" => self.all_data = true,
            Arg::Long(l) if l == "split" => self.split = true,
            Arg::Long(l) if l == "round-bytes" => self.round_bytes = Some(parser.value()?.parse()?),
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The listing to export and its baseline: FILE, or its changes against `--against`.
    /// `options` are the command's own input options (the second listing keeps their limit).
    pub fn scoped(
        &self,
        listing: Listing,
        options: &ImportOptions,
    ) -> Result<(Listing, Option<Listing>), CliError> {
        match &self.against {
            None => Ok((listing, None)),
            Some(src) => {
                let base = load(src, &crate::input::second_listing(options))?.listing;
                Ok((export::changed_entries(&base, &listing), Some(base)))
            }
        }
    }

    /// The target from `--connector`: `offsets.json`-style KafkaConnector or an MM2 name (K5).
    pub fn target(&self) -> Result<Option<AlterTarget>, CliError> {
        match self.connector.as_deref() {
            None => Ok(None),
            Some(c) if !c.contains("->") => Ok(Some(AlterTarget::KafkaConnector)),
            Some(c) => names::MirrorConnectorName::parse(c)
                .map(|n| Some(AlterTarget::MirrorMaker2(n)))
                .map_err(|e| CliError {
                    message: format!("[K5] {e}"),
                    code: 1,
                }),
        }
    }

    /// The alter ConfigMap, or with `--split` its rounds as one YAML stream.
    pub fn alter_configmap(
        &self,
        listing: &Listing,
        baseline: Option<&Listing>,
        options: &ConfigMapOptions,
    ) -> Result<Export, Vec<Diagnostic>> {
        if self.split {
            export::configmap_rounds(
                listing,
                export::Gate::Validate { baseline },
                options,
                self.round_bytes,
            )
            .map(|r| r.export)
        } else {
            export::configmap_yaml(listing, baseline, options)
        }
    }

    /// `--split` and `--round-bytes` belong to the ConfigMap export.
    pub fn refuse_split(&self, what: &str) -> Result<(), CliError> {
        if self.split || self.round_bytes.is_some() {
            return Err(CliError::usage(format!(
                "--split and --round-bytes cut an alter ConfigMap into rounds; {what}"
            )));
        }
        Ok(())
    }

    pub fn configmap_options(
        &self,
        target: Option<AlterTarget>,
        data_key: Option<String>,
    ) -> ConfigMapOptions {
        ConfigMapOptions {
            name: self.name.clone(),
            namespace: self.namespace.clone(),
            target,
            data_key,
            keep_other_data: self.all_data,
        }
    }
}

pub fn run(parser: &mut lexopt::Parser) -> Result<ExitCode, CliError> {
    let mut args = InputArgs::default();
    let mut ex = ExportArgs::default();
    let mut to: Option<String> = None;
    let mut pretty = false;
    while let Some(arg) = Arg::next(parser)? {
        if args.parse_arg(&arg, parser)? || ex.parse_arg(&arg, parser)? {
            continue;
        }
        match arg {
            Arg::Long(l) if l == "to" => to = Some(parser.value()?.string()?),
            Arg::Long(l) if l == "pretty" => pretty = true,
            Arg::Long(l) if l == "connector" => ex.connector = Some(parser.value()?.string()?),
            a if a.is_help() => return Ok(output::help(&[HELP, INPUT_OPTIONS_HELP])),
            other => return Err(other.unexpected()),
        }
    }
    let Some(source) = args.source else {
        return Err(CliError::usage(
            "export needs a FILE (or - for stdin); see --help",
        ));
    };
    let Some(to) = to else {
        return Err(CliError::usage("export needs --to configmap|json|csv"));
    };
    let name = source.display_name();
    let loaded = load(&source, &args.options)?;
    if to == "rollback" {
        ex.refuse_split("for a rollback in rounds use plan --rollback --split")?;
        return rollback(&name, &ex, &loaded.listing, &args.options);
    }
    if ex.round_bytes.is_some() && !ex.split {
        return Err(CliError::usage("--round-bytes needs --split"));
    }
    let (listing, baseline) = ex.scoped(loaded.listing, &args.options)?;
    let result = match to.as_str() {
        "configmap" | "yaml" => {
            let target = ex.target()?;
            ex.alter_configmap(
                &listing,
                baseline.as_ref(),
                &ex.configmap_options(target, None),
            )
        }
        "json" => {
            ex.refuse_split("a PATCH body has no size limit, so --to json needs none")?;
            export::patch_json(&listing, baseline.as_ref(), pretty)
        }
        "csv" => {
            ex.refuse_split("--to csv needs none")?;
            export::csv(&listing, baseline.as_ref())
        }
        other => {
            return Err(CliError::usage(format!(
                "--to must be configmap, json, csv or rollback, not '{other}'"
            )));
        }
    };
    let text = finish(&name, result)?;
    output::out(&text);
    Ok(ExitCode::SUCCESS)
}

/// `--to rollback`: the rollback ConfigMap of EDITED against `--against` (each changed
/// partition's value before the edit; null for a partition the edit added).
fn rollback(
    name: &str,
    ex: &ExportArgs,
    edited: &Listing,
    options: &ImportOptions,
) -> Result<ExitCode, CliError> {
    let Some(src) = &ex.against else {
        return Err(CliError::usage(
            "export --to rollback needs --against LISTING (the listing the edits were made on)",
        ));
    };
    let before = load(src, &crate::input::second_listing(options))?.listing;
    let rb = offsets_core::rollback::rollback(&before, edited);
    report_rollback(name, &rb);
    let options = ex.configmap_options(ex.target()?, None);
    let alter = offsets_core::rollback::alter_name(&before, edited);
    let text = finish(
        name,
        offsets_core::rollback::rollback_configmap(&rb, alter, &options),
    )?;
    output::out(&text);
    Ok(ExitCode::SUCCESS)
}
