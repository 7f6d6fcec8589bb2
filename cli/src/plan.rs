//! `connect-offsets plan FILE --namespace NS --configmap NAME --kind connector|mirrormaker2|rest
//! ...`: prints the apply procedure (stop, list, alter, verify, resume) with the alter
//! ConfigMap, or for REST the PATCH body, embedded. Built on `offsets_core::procedure`;
//! `--script` prints the all-in-one bash script instead of the copy-paste steps.

use crate::edit::load;
use crate::export::ExportArgs;
use crate::input::{Arg, INPUT_OPTIONS_HELP, InputArgs, KIND_CHOICES, Source, connector_kind};
use crate::output::{finish, report, report_rollback};
use crate::resource;
use crate::{CliError, output};
use lexopt::ValueExt;
use offsets_core::export::{self, AlterTarget};
use offsets_core::names;
use offsets_core::procedure::{self, AliasPath, Kubernetes, Listed, Options, Target};
use std::process::ExitCode;

const HELP: &str = "\
Usage:
  connect-offsets plan FILE --namespace NS --configmap NAME --kind connector --connector NAME
  connect-offsets plan FILE --namespace NS --configmap NAME --kind mirrormaker2 --resource NAME
                            --mirror-index I [--connector SRC->TGT.Type]
  connect-offsets plan FILE --kind rest --url URL --connector NAME
  connect-offsets plan FILE --create --kind rest --url URL --connector NAME --config CONFIG.json
  connect-offsets plan FILE --create --kind connector|mirrormaker2 [--resource-file CR] ...

Prints the steps that apply FILE's offsets: record the current state, stop, wait for STOPPED,
list again to before-alter.yaml and compare it with LISTING (--against), then upload the alter
ConfigMap NAME, point the connector at it, annotate, list to after-alter.yaml and check what
landed, put back the recorded state, clean up; for a plain Kafka Connect cluster the same with
curl. The script stops before altering when a partition it writes moved since LISTING (it needs
jq). Every value is validated and single-quoted; a name that fails validation is an error, never
a command. A data key that does not match the kind (K4) is an error.

  --script               the all-in-one bash script (set -euo pipefail, bounded waits)
  --against LISTING      the listing the edits were made on: embed only the entries that differ
                         from it, and compare it with a fresh listing before altering (without
                         it the script refuses to run unless OFFSETS_UNCHECKED=yes)
  --list-configmap NAME  the listOffsets ConfigMap (default: FILE's ConfigMap name)
  --context CTX          kubectl --context
  --old-alias-path       MirrorMaker 2 test guard on /spec/mirrors/I/sourceCluster (v1beta2)
                         instead of /spec/mirrors/I/source/alias (automatic when the listing's
                         owner reference is kafka.strimzi.io/v1beta2)
  --timeout SECONDS      how long each wait lasts (default 300)
  --resource-file CR     the KafkaConnector or KafkaMirrorMaker2 (`kubectl get ... -o yaml|json`):
                         fills --kind, --namespace, --resource, --mirror-index, --connector, the
                         guard path, --list-configmap and --configmap (from alterOffsets) when
                         not given; a flag that disagrees with the CR is an error
  --absolute             with --against LISTING: every edited partition was set to a value that
                         does not depend on its old one (set, set from a time or a reference,
                         null, restore), so a partition that moved since LISTING is altered
                         anyway and the script names it; without it every altered partition
                         must be unchanged (two listings cannot tell a set from a shift)
  --rollback             with --against LISTING: the procedure that undoes FILE's alter (each
                         changed partition back to its LISTING value, an added one to null),
                         applied exactly like an alter, absolute by itself (a partition that
                         moved since the alter is put back all the same); --configmap defaults
                         to <alter ConfigMap>-rollback
  --split                the alter in rounds when one ConfigMap would pass 1 MiB (K6): ConfigMaps
                         NAME-1, NAME-2, ... uploaded together, then altered one after the other
                         with the connector stopped throughout (export --split writes the same)
  --round-bytes N        with --split: at most N bytes of data per round (default 1048576)
  --create               FILE is the listing of a connector that does not exist yet (e.g. from
                         connect-offsets new): check that the name is free, create the connector
                         STOPPED (REST: initial_state, Kafka Connect 3.7+; Strimzi: state:
                         stopped, created stopped by Strimzi 1.2+), alter and verify its
                         offsets, then start it
  --config CONFIG.json   with --create --kind rest: the connector's config object (with
                         connector.class)
  --resource-file CR     with --create (Strimzi): the new KafkaConnector, or the KafkaMirrorMaker2
                         that holds the connector's block; its spec is kept, the connector set to
                         state: stopped with listOffsets and alterOffsets. Without it: a
                         KafkaConnector built from the names, or for mirrormaker2 the block added
                         to mirror I of the existing KafkaMirrorMaker2
  --connect-cluster NAME with --create --kind connector: the KafkaConnect cluster (the
                         strimzi.io/cluster label) of a KafkaConnector built from the names
  --connector-class CLASS  with --create --kind connector: its spec.class, built from the names
  --strimzi 1.2|older    with --create (Strimzi): 1.2 creates the connector stopped; older (before
                         1.2) starts it first and stops it a moment later, so the procedure
                         creates it matching nothing (a MirrorSourceConnector: topics.exclude
                         .*, a MirrorCheckpointConnector: groups.exclude .*, a sink:
                         topics.regex ^$) and puts the config back when it starts it; a
                         connector it cannot filter needs --recreated. Default: older for a
                         v1beta2 resource, otherwise unknown (handled as older; the notes say
                         both)
  --recreated reset|keep with --create: the name existed before and Kafka Connect kept its
                         offsets. reset deletes them before the alter (only FILE's offsets
                         remain); keep alters over them (partitions FILE does not set keep
                         theirs). Without it, a created connector that lists stored offsets is
                         deleted again (it never ran) and the procedure stops

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
    let mut resource_file: Option<Source> = None;
    let mut rollback = false;
    let mut absolute = false;
    let mut create = false;
    let mut recreated: Option<String> = None;
    let mut config: Option<Source> = None;
    let mut connect_cluster: Option<String> = None;
    let mut connector_class: Option<String> = None;
    let mut strimzi: Option<String> = None;
    let mut api_from_cr: Option<String> = None;
    // The guard path the CR really uses (a v1beta2 CR of Strimzi 0.49+ may use source.alias).
    let mut path_from_cr: Option<AliasPath> = None;
    let mut reset_from_cr = None;
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
            Arg::Long(l) if l == "resource-file" => {
                resource_file = Some(Source::from_arg(parser.value()?))
            }
            Arg::Long(l) if l == "rollback" => rollback = true,
            Arg::Long(l) if l == "absolute" => absolute = true,
            Arg::Long(l) if l == "create" => create = true,
            Arg::Long(l) if l == "config" => config = Some(Source::from_arg(parser.value()?)),
            Arg::Long(l) if l == "recreated" => recreated = Some(parser.value()?.string()?),
            Arg::Long(l) if l == "connect-cluster" => {
                connect_cluster = Some(parser.value()?.string()?)
            }
            Arg::Long(l) if l == "connector-class" => {
                connector_class = Some(parser.value()?.string()?)
            }
            Arg::Long(l) if l == "strimzi" => strimzi = Some(parser.value()?.string()?),
            a if a.is_help() => return Ok(output::help(&[HELP, INPUT_OPTIONS_HELP])),
            other => return Err(other.unexpected()),
        }
    }
    let Some(source) = args.source.clone() else {
        return Err(CliError::usage(
            "plan needs a FILE (or - for stdin); see --help",
        ));
    };
    let name = source.display_name();
    let config = crate::plan_create::check_flags(
        create,
        config.as_ref(),
        recreated.as_deref(),
        kind.as_deref(),
        rollback || ex.against.is_some(),
        resource_file.is_some(),
    )?;
    let strimzi_create = crate::plan_create::strimzi_flags(
        config.is_some(),
        connect_cluster,
        connector_class,
        strimzi.as_deref(),
    )?;
    // A listing with several offsets keys is read from the key of the connector the resource
    // names (--connector, or its strimzi.io/mirrormaker-connector annotation), as
    // check-resource --listing reads it. The resource is read again below, so only from a file.
    let mut import = args.options.clone();
    if let Some(cr @ Source::File(_)) = &resource_file
        && import.data_key.is_none()
        && let Ok(Ok(r)) = crate::check_resource::read(cr, resource.as_deref())
    {
        import.context_key = offsets_core::resource_check::listing_key(&r, ex.connector.as_deref());
    }
    let loaded = load(&source, &import)?;
    if rollback && ex.against.is_none() {
        return Err(CliError::usage(
            "plan --rollback needs --against LISTING (the listing the edits were made on)",
        ));
    }
    if absolute && config.is_some() {
        return Err(CliError::usage(
            "plan --absolute is for an alter compared with --against LISTING; a created connector has no listing to compare with",
        ));
    }
    if absolute && ex.against.is_none() {
        return Err(CliError::usage(
            "plan --absolute needs --against LISTING (the listing the edits were made on): it says which partitions the compare with LISTING may find moved",
        ));
    }
    // The listing names its mirror (its data key, else its entries' cluster): a --connector
    // of another mirror would write offsets that connector never reads.
    if let Some(asked) = &ex.connector
        && names::parse_mirror_connector_name(asked).is_ok()
        && let Some(lm) = offsets_core::model::ListingMirror::of(&loaded.listing)
        && !lm.agrees(asked)
    {
        return Err(CliError::usage(format!(
            "--connector disagrees with {name}: the listing is for {}, the flag says '{}'. Drop the flag (the listing names its connector) or give the listing of '{}'.",
            lm.describe(),
            names::shown(asked),
            names::shown(asked)
        )));
    }
    if let Some(cr) = &resource_file {
        let from_cr = resource::fill_flags(
            cr,
            &loaded.listing,
            resource::Flags {
                kind: &mut kind,
                namespace: &mut ex.namespace,
                resource: &mut resource,
                connector: &mut ex.connector,
                mirror_index: &mut mirror_index,
                old_alias_path: old_alias,
                list_configmap: &mut list_configmap,
                configmap: &mut configmap,
                rollback,
            },
        )?;
        api_from_cr = Some(from_cr.api_version);
        path_from_cr = from_cr.alias_path;
        // What a null does is the connector's auto.offset.reset (issue 31, item 6): the CR's
        // config, unless --auto-offset-reset says so (a different policy is an error).
        if let Some(reset) = from_cr.reset {
            let stated = &args.options.reset;
            if stated.is_default() || stated.policy == reset.policy {
                reset_from_cr = Some(reset);
            } else if stated.policy != reset.policy {
                return Err(CliError::usage(format!(
                    "--auto-offset-reset disagrees with {}: the connector's auto.offset.reset is {}, the flag says '{}'. Drop the flag (the resource says it) or give the right resource.",
                    cr.display_name(),
                    reset.phrase(),
                    stated.policy.as_str()
                )));
            }
        }
    }
    let imported_name = loaded
        .listing
        .configmap
        .as_ref()
        .and_then(|m| m.name.clone());
    let need = |v: Option<String>, flag: &str| {
        v.ok_or_else(|| {
            CliError::usage(format!(
                "plan --kind {} needs {flag}",
                kind.as_deref().unwrap_or("?")
            ))
        })
    };
    // The owner's apiVersion decides the MirrorMaker 2 guard path (v1beta2: sourceCluster).
    let api_version = loaded
        .listing
        .configmap
        .as_ref()
        .and_then(|m| m.strimzi_owner())
        .map(|o| o.api_version.clone())
        .filter(|v| !v.is_empty());
    let mut undone = None;
    let (mut listing, baseline) = if rollback {
        // FILE is the edited listing (or the alter); the rollback is what PATCH needs to undo it,
        // and the procedure compares the state after the alter with a fresh listing.
        let Some(src) = &ex.against else {
            return Err(CliError::usage("plan --rollback needs --against LISTING"));
        };
        let before = load(src, &crate::input::second_listing(&args.options))?.listing;
        let rb = offsets_core::rollback::rollback(&before, &loaded.listing);
        report_rollback(&name, &rb);
        if configmap.is_none() {
            let alter = offsets_core::rollback::alter_name(&before, &loaded.listing)
                .map(str::to_string)
                .or_else(|| {
                    before
                        .configmap
                        .as_ref()
                        .and_then(|m| m.name.as_ref())
                        .map(|n| format!("{n}-alter"))
                });
            configmap = alter.map(|a| format!("{a}-rollback"));
        }
        // Validated against the state after the alter, with the partitions it deleted as they
        // were listed (the procedure itself compares with `after_alter`: procedure_options).
        let planned = (rb.payload.clone(), Some(rb.validation_base()));
        undone = Some(rb);
        planned
    } else {
        ex.scoped(loaded.listing, &args.options)?
    };
    if let Some(reset) = reset_from_cr {
        listing.reset = reset;
    }
    let api_version = api_from_cr.or(api_version).or_else(|| {
        baseline
            .as_ref()
            .and_then(|b| b.configmap.as_ref())
            .and_then(|m| m.strimzi_owner())
            .map(|o| o.api_version.clone())
            .filter(|v| !v.is_empty())
    });
    let kube = |namespace: String, alter: String| Kubernetes {
        namespace,
        context: context.clone(),
        // A create lists before it alters, into a ConfigMap of its own.
        list_configmap: list_configmap
            .clone()
            .or(imported_name.clone())
            .unwrap_or_else(|| {
                if strimzi_create.is_some() {
                    format!("{alter}-list")
                } else {
                    alter.clone()
                }
            }),
        alter_configmap: alter,
    };
    let mut strimzi_options = None;
    let (target, payload) = match kind.as_deref() {
        Some("connector") => {
            let namespace = need(ex.namespace.clone(), "--namespace NS")?;
            let alter = need(configmap.clone(), "--configmap NAME")?;
            let connector = need(ex.connector.clone(), "--connector NAME")?;
            let mut cm = ex.configmap_options(Some(AlterTarget::KafkaConnector), None);
            cm.name = Some(alter.clone());
            let yaml = finish(&name, ex.alter_configmap(&listing, baseline.as_ref(), &cm))?;
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
            let yaml = finish(&name, ex.alter_configmap(&listing, baseline.as_ref(), &cm))?;
            let target = Target::KafkaMirrorMaker2 {
                cluster: kube(namespace, alter),
                resource,
                mirror_index,
                connector,
                alias_path: match path_from_cr {
                    Some(path) => path,
                    None if old_alias
                        || api_version.as_deref() == Some("kafka.strimzi.io/v1beta2") =>
                    {
                        AliasPath::Old
                    }
                    None => AliasPath::New,
                },
            };
            (target, yaml)
        }
        Some("rest") => {
            ex.refuse_split("a PATCH body has no size limit, so --kind rest needs none")?;
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
    if kind.as_deref() == Some("rest")
        && strimzi_create.as_ref().is_some_and(|c| {
            c.connect_cluster.is_some() || c.class.is_some() || c.strimzi.is_some()
        })
    {
        return Err(CliError::usage(
            "--connect-cluster, --connector-class and --strimzi describe a Strimzi create (--kind connector or mirrormaker2); a plain Kafka Connect create takes the connector from --config",
        ));
    }
    if let Some(mut create) = strimzi_create
        .clone()
        .filter(|_| kind.as_deref() != Some("rest"))
    {
        create.resource = match &resource_file {
            Some(cr) => Some(String::from_utf8(cr.read()?).map_err(|_| CliError {
                message: format!("{}: the resource is not UTF-8", cr.display_name()),
                code: 2,
            })?),
            None => None,
        };
        strimzi_options = Some(create);
    }
    let mut options = Options::new(target);
    options.create = strimzi_options;
    options.timeout_seconds = timeout;
    // The listing the edits were made on: the procedure compares it with a fresh listing
    // after the stop and refuses to alter partitions that moved.
    options.listed = baseline.map(Listed::new);
    // --absolute says every edit set a value, and a rollback puts back listed ones: a
    // partition that moved is altered all the same, and the script names it.
    if let Some(rb) = &undone {
        rb.procedure_options(&mut options);
    } else if absolute {
        options.relative = procedure::RelativeEdits::Nothing;
    }
    // With the CR the guard path is known exactly. The procedure's wording reads the path from
    // the API version (v1: source.alias, v1beta2: sourceCluster); a v1beta2 CR written in the new
    // style (Strimzi 0.49-0.51) is the exception, for which no version is passed rather than a
    // false "the guard would fail" warning.
    options.api_version = match (path_from_cr, api_version.as_deref()) {
        (Some(AliasPath::New), Some("kafka.strimzi.io/v1beta2")) => None,
        _ => api_version,
    };
    let planned = match config {
        Some((config, previous)) => procedure::plan(
            &options,
            &procedure::Operation::Create {
                payload,
                config,
                previous,
            },
        ),
        None => procedure::alter(&options, &payload),
    };
    match planned {
        Ok(mut p) => {
            if rollback {
                p.title = format!("Roll back: {}", p.title);
            }
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
