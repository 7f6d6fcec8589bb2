//! `connect-offsets plan FILE --namespace NS --configmap NAME --kind connector|mirrormaker2|rest
//! ...`: prints the apply procedure (domain.md section 9) with the alter ConfigMap, or for REST
//! the PATCH body, embedded. Built on `offsets_core::procedure`; `--script` prints the
//! all-in-one bash script instead of the copy-paste steps.

use crate::edit::{load, report};
use crate::export::{ExportArgs, finish};
use crate::input::{Arg, INPUT_OPTIONS_HELP, InputArgs, KIND_CHOICES, connector_kind};
use crate::{CliError, output};
use lexopt::ValueExt;
use offsets_core::export::{self, AlterTarget};
use offsets_core::names;
use offsets_core::procedure::{self, AliasPath, Kubernetes, Options, Target};
use std::process::ExitCode;

const HELP: &str = "\
Usage:
  connect-offsets plan FILE --namespace NS --configmap NAME --kind connector --connector NAME
  connect-offsets plan FILE --namespace NS --configmap NAME --kind mirrormaker2 --resource NAME
                            --mirror-index I [--connector SRC->TGT.Type]
  connect-offsets plan FILE --kind rest --url URL --connector NAME

Prints the steps that upload FILE's offsets as the alter ConfigMap NAME and apply them (stop,
point at the ConfigMap, wait for STOPPED, annotate, verify, resume), or for a plain Kafka Connect
cluster the curl steps (stop, PATCH, resume). Every value is validated and single-quoted; a name
that fails validation is an error, never a command. A data key that does not match the kind
(K4) is an error.

  --script               the all-in-one bash script (set -euo pipefail, bounded waits)
  --against LISTING      embed only the entries that differ from LISTING
  --list-configmap NAME  the listOffsets ConfigMap (default: FILE's ConfigMap name)
  --context CTX          kubectl --context
  --old-alias-path       MirrorMaker 2 test guard on /spec/mirrors/I/sourceCluster (v1beta2)
                         instead of /spec/mirrors/I/source/alias
  --timeout SECONDS      how long each wait lasts (default 300)

--kind takes two disjoint sets of values and may be given twice, once from each: the procedure
(connector, mirrormaker2, rest; required) and the connector kind of FILE's offsets
(mirror-source, mirror-checkpoint, mirror-heartbeat, sink, source; optional, see below).
";

pub fn run(parser: &mut lexopt::Parser) -> Result<ExitCode, CliError> {
    let mut args = InputArgs::default();
    let mut ex = ExportArgs::default();
    let mut kind: Option<String> = None;
    let mut configmap: Option<String> = None;
    let mut list_configmap: Option<String> = None;
    let mut resource: Option<String> = None;
    let mut mirror_index: Option<u32> = None;
    let mut url: Option<String> = None;
    let mut context: Option<String> = None;
    let mut old_alias = false;
    let mut script = false;
    let mut timeout: Option<u32> = None;
    while let Some(arg) = Arg::next(parser)? {
        // `--kind` names the procedure (connector, mirrormaker2, rest) or the connector kind
        // (mirror-source, ..., as every command reads it): the two sets are disjoint, so one
        // flag takes both, once each.
        if matches!(&arg, Arg::Long(l) if l == "kind") {
            let value = parser.value()?.string()?;
            if matches!(value.as_str(), "connector" | "mirrormaker2" | "rest") {
                if kind.is_some() {
                    return Err(CliError::usage(
                        "--kind connector|mirrormaker2|rest is given twice",
                    ));
                }
                kind = Some(value);
            } else if offsets_core::ConnectorKind::from_choice(&value).is_some() {
                if args.options.kind.is_some() {
                    return Err(CliError::usage(
                        "--kind with a connector kind is given twice",
                    ));
                }
                args.options.kind = Some(connector_kind(&value)?);
            } else {
                return Err(CliError::usage(format!(
                    "--kind must be connector, mirrormaker2 or rest (the procedure), or {KIND_CHOICES} (the connector kind), not '{value}'"
                )));
            }
            continue;
        }
        if args.parse_arg(&arg, parser)? {
            continue;
        }
        if matches!(&arg, Arg::Long(l) if l == "name") {
            return Err(CliError::usage(
                "plan names the alter ConfigMap with --configmap",
            ));
        }
        if ex.parse_arg(&arg, parser)? {
            continue;
        }
        match arg {
            Arg::Long(l) if l == "configmap" => configmap = Some(parser.value()?.string()?),
            Arg::Long(l) if l == "list-configmap" => {
                list_configmap = Some(parser.value()?.string()?)
            }
            Arg::Long(l) if l == "connector" => ex.connector = Some(parser.value()?.string()?),
            Arg::Long(l) if l == "resource" => resource = Some(parser.value()?.string()?),
            Arg::Long(l) if l == "mirror-index" => mirror_index = Some(parser.value()?.parse()?),
            Arg::Long(l) if l == "url" => url = Some(parser.value()?.string()?),
            Arg::Long(l) if l == "context" => context = Some(parser.value()?.string()?),
            Arg::Long(l) if l == "old-alias-path" => old_alias = true,
            Arg::Long(l) if l == "script" => script = true,
            Arg::Long(l) if l == "timeout" => timeout = Some(parser.value()?.parse()?),
            a if a.is_help() => {
                output::out(HELP);
                output::out(INPUT_OPTIONS_HELP);
                return Ok(ExitCode::SUCCESS);
            }
            other => return Err(other.unexpected()),
        }
    }
    let Some(source) = args.source.clone() else {
        return Err(CliError::usage(
            "plan needs a FILE (or - for stdin); see --help",
        ));
    };
    let need = |v: Option<String>, flag: &str| {
        v.ok_or_else(|| {
            CliError::usage(format!(
                "plan --kind {} needs {flag}",
                kind.as_deref().unwrap_or("?")
            ))
        })
    };
    let name = source.display_name();
    let loaded = load(&source, &args.options)?;
    let imported_name = loaded
        .listing
        .configmap
        .as_ref()
        .and_then(|m| m.name.clone());
    let (listing, baseline) = ex.scoped(loaded.listing)?;
    let kube = |namespace: String, alter: String| Kubernetes {
        namespace,
        context: context.clone(),
        list_configmap: list_configmap
            .clone()
            .or(imported_name.clone())
            .unwrap_or_else(|| alter.clone()),
        alter_configmap: alter,
    };
    let (target, payload) = match kind.as_deref() {
        Some("connector") => {
            let namespace = need(ex.namespace.clone(), "--namespace NS")?;
            let alter = need(configmap.clone(), "--configmap NAME")?;
            let connector = need(ex.connector.clone(), "--connector NAME")?;
            let mut cm = ex.configmap_options(Some(AlterTarget::KafkaConnector), None);
            cm.name = Some(alter.clone());
            let yaml = finish(
                &name,
                export::configmap_yaml(&listing, baseline.as_ref(), &cm),
            )?;
            (
                Target::KafkaConnector {
                    cluster: kube(namespace, alter),
                    name: connector,
                },
                yaml,
            )
        }
        Some("mirrormaker2") => {
            let namespace = need(ex.namespace.clone(), "--namespace NS")?;
            let alter = need(configmap.clone(), "--configmap NAME")?;
            let resource = need(resource.clone(), "--resource NAME")?;
            let mirror_index = mirror_index.ok_or_else(|| {
                CliError::usage("plan --kind mirrormaker2 needs --mirror-index I")
            })?;
            let connector = match (&ex.connector, &listing.mirror) {
                (Some(c), _) => names::parse_mirror_connector_name(c).map_err(|e| CliError {
                    message: format!("[K5] {e}"),
                    code: 1,
                })?,
                (None, Some(m)) => m.name.clone(),
                (None, None) => {
                    return Err(CliError::usage(
                        "FILE has no MirrorMaker 2 data key; name the connector with --connector SRC->TGT.MirrorSourceConnector",
                    ));
                }
            };
            let mut cm =
                ex.configmap_options(Some(AlterTarget::MirrorMaker2(connector.clone())), None);
            cm.name = Some(alter.clone());
            let yaml = finish(
                &name,
                export::configmap_yaml(&listing, baseline.as_ref(), &cm),
            )?;
            let target = Target::KafkaMirrorMaker2 {
                cluster: kube(namespace, alter),
                resource,
                mirror_index,
                connector,
                alias_path: if old_alias {
                    AliasPath::Old
                } else {
                    AliasPath::New
                },
            };
            (target, yaml)
        }
        Some("rest") => {
            let url = need(url.clone(), "--url URL")?;
            let connector = need(ex.connector.clone(), "--connector NAME")?;
            let body = finish(
                &name,
                export::patch_json(&listing, baseline.as_ref(), false),
            )?;
            (Target::Rest { url, connector }, body.trim_end().to_string())
        }
        Some(other) => {
            return Err(CliError::usage(format!(
                "--kind must be connector, mirrormaker2 or rest, not '{other}'"
            )));
        }
        None => {
            return Err(CliError::usage(
                "plan needs --kind connector|mirrormaker2|rest",
            ));
        }
    };
    let mut options = Options::new(target);
    options.timeout_seconds = timeout;
    match procedure::alter(&options, &payload) {
        Ok(p) => {
            report(&name, &p.warnings, 20);
            output::out(&if script {
                p.render_script()
            } else {
                p.render_steps()
            });
            Ok(ExitCode::SUCCESS)
        }
        Err(diags) => {
            report(&name, &diags, 20);
            Err(CliError {
                message: "plan refused: fix the errors above".into(),
                code: 1,
            })
        }
    }
}
