//! `connect-offsets plan FILE --namespace NS --configmap NAME --kind connector|mirrormaker2|rest
//! ...`: prints the apply procedure (stop, list, alter, verify, resume) with the alter
//! ConfigMap, or for REST the PATCH body, embedded. Built on `offsets_core::procedure`;
//! `--script` prints the all-in-one bash script instead of the copy-paste steps.

use crate::edit::load;
use crate::export::ExportArgs;
use crate::input::{Arg, INPUT_OPTIONS_HELP, InputArgs, KIND_CHOICES, Source, connector_kind};
use crate::output::{finish, report, report_rollback};
use crate::resource;
use crate::{error::CliError, output};
use lexopt::ValueExt;
use offsets_core::Listing;
use offsets_core::export::{self, AlterTarget};
use offsets_core::model::ResetFact;
use offsets_core::names;
use offsets_core::procedure::request::{
    self, Field, PlanRequest, RequestError, TargetKind, owner_api_version,
};
use offsets_core::procedure::{self, AliasPath, Listed, Target};
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

/// The flags of `plan`, as given.
#[derive(Default)]
struct Flags {
    args: InputArgs,
    ex: ExportArgs,
    kind: Option<String>,
    configmap: Option<String>,
    list_configmap: Option<String>,
    resource: Option<String>,
    mirror_index: Option<u32>,
    url: Option<String>,
    context: Option<String>,
    old_alias: bool,
    script: bool,
    timeout: Option<u32>,
    resource_file: Option<Source>,
    rollback: bool,
    absolute: bool,
    create: bool,
    recreated: Option<String>,
    config: Option<Source>,
    connect_cluster: Option<String>,
    connector_class: Option<String>,
    strimzi: Option<String>,
}

/// `--kind` names the procedure (connector, mirrormaker2, rest) or the connector kind
/// (mirror-source, ..., as every command reads it): the two sets are disjoint, so one flag takes
/// both, once each.
fn parse_kind(f: &mut Flags, value: String) -> Result<(), CliError> {
    if TargetKind::from_id(&value).is_some() {
        if f.kind.is_some() {
            return Err(CliError::usage(
                "--kind connector|mirrormaker2|rest is given twice",
            ));
        }
        f.kind = Some(value);
    } else if offsets_core::ConnectorKind::from_choice(&value).is_some() {
        if f.args.options.kind.is_some() {
            return Err(CliError::usage(
                "--kind with a connector kind is given twice",
            ));
        }
        f.args.options.kind = Some(connector_kind(&value)?);
    } else {
        return Err(CliError::usage(format!(
            "--kind must be connector, mirrormaker2 or rest (the procedure), or {KIND_CHOICES} (the connector kind), not '{value}'"
        )));
    }
    Ok(())
}

/// The flags, or `None` when `--help` was asked for.
fn parse(parser: &mut lexopt::Parser) -> Result<Option<Flags>, CliError> {
    let mut f = Flags::default();
    while let Some(arg) = Arg::next(parser)? {
        if matches!(&arg, Arg::Long(l) if l == "kind") {
            let value = parser.value()?.string()?;
            parse_kind(&mut f, value)?;
            continue;
        }
        if f.args.parse_arg(&arg, parser)? {
            continue;
        }
        if matches!(&arg, Arg::Long(l) if l == "name") {
            return Err(CliError::usage(
                "plan names the alter ConfigMap with --configmap",
            ));
        }
        if f.ex.parse_arg(&arg, parser)? {
            continue;
        }
        match arg {
            Arg::Long(l) if l == "configmap" => f.configmap = Some(parser.value()?.string()?),
            Arg::Long(l) if l == "list-configmap" => {
                f.list_configmap = Some(parser.value()?.string()?)
            }
            Arg::Long(l) if l == "connector" => f.ex.connector = Some(parser.value()?.string()?),
            Arg::Long(l) if l == "resource" => f.resource = Some(parser.value()?.string()?),
            Arg::Long(l) if l == "mirror-index" => f.mirror_index = Some(parser.value()?.parse()?),
            Arg::Long(l) if l == "url" => f.url = Some(parser.value()?.string()?),
            Arg::Long(l) if l == "context" => f.context = Some(parser.value()?.string()?),
            Arg::Long(l) if l == "old-alias-path" => f.old_alias = true,
            Arg::Long(l) if l == "script" => f.script = true,
            Arg::Long(l) if l == "timeout" => f.timeout = Some(parser.value()?.parse()?),
            Arg::Long(l) if l == "resource-file" => {
                f.resource_file = Some(Source::from_arg(parser.value()?))
            }
            Arg::Long(l) if l == "rollback" => f.rollback = true,
            Arg::Long(l) if l == "absolute" => f.absolute = true,
            Arg::Long(l) if l == "create" => f.create = true,
            Arg::Long(l) if l == "config" => f.config = Some(Source::from_arg(parser.value()?)),
            Arg::Long(l) if l == "recreated" => f.recreated = Some(parser.value()?.string()?),
            Arg::Long(l) if l == "connect-cluster" => {
                f.connect_cluster = Some(parser.value()?.string()?)
            }
            Arg::Long(l) if l == "connector-class" => {
                f.connector_class = Some(parser.value()?.string()?)
            }
            Arg::Long(l) if l == "strimzi" => f.strimzi = Some(parser.value()?.string()?),
            a if a.is_help() => return Ok(None),
            other => return Err(other.unexpected()),
        }
    }
    Ok(Some(f))
}

/// What `--resource-file` says besides the flags it fills.
#[derive(Default)]
struct FromResource {
    api_version: Option<String>,
    /// The guard path the CR really uses (a v1beta2 CR of Strimzi 0.49+ may use source.alias).
    alias_path: Option<AliasPath>,
    /// The connector's `auto.offset.reset`, when the CR's config sets one.
    reset: Option<ResetFact>,
}

/// Fills the flags from `--resource-file` (an identity flag must agree with it). What a null
/// does is the connector's auto.offset.reset (issue 31, item 6): the CR's config, unless
/// --auto-offset-reset says so (a different policy is an error).
fn from_resource(f: &mut Flags, listing: &Listing) -> Result<FromResource, CliError> {
    let Some(cr) = &f.resource_file else {
        return Ok(FromResource::default());
    };
    let from_cr = resource::fill_flags(
        cr,
        listing,
        resource::Flags {
            kind: &mut f.kind,
            namespace: &mut f.ex.namespace,
            resource: &mut f.resource,
            connector: &mut f.ex.connector,
            mirror_index: &mut f.mirror_index,
            old_alias_path: f.old_alias,
            list_configmap: &mut f.list_configmap,
            configmap: &mut f.configmap,
            rollback: f.rollback,
        },
    )?;
    let mut reset = None;
    if let Some(r) = from_cr.reset {
        let stated = &f.args.options.reset;
        if stated.is_default() || stated.policy == r.policy {
            reset = Some(r);
        } else {
            return Err(CliError::usage(format!(
                "--auto-offset-reset disagrees with {}: the connector's auto.offset.reset is {}, the flag says '{}'. Drop the flag (the resource says it) or give the right resource.",
                cr.display_name(),
                r.phrase(),
                stated.policy.as_str()
            )));
        }
    }
    Ok(FromResource {
        api_version: Some(from_cr.api_version),
        alias_path: from_cr.alias_path,
        reset,
    })
}

/// The usage errors of flags that need or exclude one another.
fn check_combinations(f: &Flags, creates: bool) -> Result<(), CliError> {
    if f.rollback && f.ex.against.is_none() {
        return Err(CliError::usage(
            "plan --rollback needs --against LISTING (the listing the edits were made on)",
        ));
    }
    if f.absolute && creates {
        return Err(CliError::usage(
            "plan --absolute is for an alter compared with --against LISTING; a created connector has no listing to compare with",
        ));
    }
    if f.absolute && f.ex.against.is_none() {
        return Err(CliError::usage(
            "plan --absolute needs --against LISTING (the listing the edits were made on): it says which partitions the compare with LISTING may find moved",
        ));
    }
    Ok(())
}

/// The listing names its mirror (its data key, else its entries' cluster): a --connector of
/// another mirror would write offsets that connector never reads.
fn check_mirror(f: &Flags, listing: &Listing, name: &str) -> Result<(), CliError> {
    if let Some(asked) = &f.ex.connector
        && names::MirrorConnectorName::parse(asked).is_ok()
        && let Some(lm) = offsets_core::model::ListingMirror::of(listing)
        && !lm.agrees(asked)
    {
        return Err(CliError::usage(format!(
            "--connector disagrees with {name}: the listing is for {}, the flag says '{}'. Drop the flag (the listing names its connector) or give the listing of '{}'.",
            lm.describe(),
            names::shown(asked),
            names::shown(asked)
        )));
    }
    Ok(())
}

/// The procedure `--kind`, after `--resource-file` filled it.
fn target_kind(kind: Option<&str>) -> Result<TargetKind, CliError> {
    match kind {
        Some(k) => TargetKind::from_id(k).ok_or_else(|| {
            CliError::usage(format!(
                "--kind must be connector, mirrormaker2 or rest, not '{k}'"
            ))
        }),
        None => Err(CliError::usage(
            "plan needs --kind connector|mirrormaker2|rest",
        )),
    }
}

/// A request without a target, in the words of the flags.
fn request_error(e: RequestError, kind: TargetKind) -> CliError {
    let flag = match e {
        RequestError::Missing(field) => match field {
            Field::Namespace => "--namespace NS",
            Field::AlterConfigMap => "--configmap NAME",
            Field::Resource if kind == TargetKind::KafkaConnector => "--connector NAME",
            Field::Resource => "--resource NAME",
            Field::MirrorIndex => "--mirror-index I",
            Field::RestUrl => "--url URL",
            Field::Connector => "--connector NAME",
            Field::ListConfigMap => "--list-configmap NAME",
            Field::Context => "--context CTX",
        },
        RequestError::NoMirrorConnector => {
            return CliError::usage(
                "FILE has no MirrorMaker 2 data key; name the connector with --connector SRC->TGT.MirrorSourceConnector",
            );
        }
        RequestError::Refused(d) => {
            return CliError {
                message: format!("[{}] {}", d.rule, d.message),
                code: 1,
            };
        }
    };
    CliError::usage(format!("plan --kind {} needs {flag}", kind.id()))
}

/// The request the flags make: the target's names as given, the listing's MirrorMaker 2
/// connector and what the CR says. A KafkaConnector is named by `--connector`.
fn plan_request(
    f: &Flags,
    kind: TargetKind,
    listing: &Listing,
    from_cr: &FromResource,
) -> PlanRequest {
    let resource = match kind {
        TargetKind::KafkaConnector => &f.ex.connector,
        _ => &f.resource,
    };
    PlanRequest {
        kind,
        namespace: f.ex.namespace.clone(),
        context: f.context.clone(),
        resource: resource.clone(),
        connector: f.ex.connector.clone(),
        mirror_index: f.mirror_index,
        url: f.url.clone(),
        list_configmap: f.list_configmap.clone(),
        alter_configmap: f.configmap.clone(),
        alias_path: from_cr.alias_path,
        old_alias_path: f.old_alias,
        listing_mirror: listing.mirror.as_ref().map(|m| m.name.clone()),
        resource_api_version: from_cr.api_version.clone(),
        ..PlanRequest::default()
    }
}

/// The payload the procedure embeds: the alter ConfigMap named as the target says, or for REST
/// the PATCH body.
fn payload(
    f: &Flags,
    name: &str,
    target: &Target,
    listing: &Listing,
    baseline: Option<&Listing>,
) -> Result<String, CliError> {
    let (alter_target, cluster) = match target {
        Target::KafkaConnector { cluster, .. } => (AlterTarget::KafkaConnector, cluster),
        Target::KafkaMirrorMaker2 {
            cluster, connector, ..
        } => (AlterTarget::MirrorMaker2(connector.clone()), cluster),
        Target::Rest { .. } => {
            let body = finish(name, export::patch_json(listing, baseline, false))?;
            return Ok(body.trim_end().to_string());
        }
    };
    let mut cm = f.ex.configmap_options(Some(alter_target), None);
    cm.name = Some(cluster.alter_configmap.clone());
    finish(name, f.ex.alter_configmap(listing, baseline, &cm))
}

pub fn run(parser: &mut lexopt::Parser) -> Result<ExitCode, CliError> {
    let Some(mut f) = parse(parser)? else {
        return Ok(output::help(&[HELP, INPUT_OPTIONS_HELP]));
    };
    let Some(source) = f.args.source.clone() else {
        return Err(CliError::usage(
            "plan needs a FILE (or - for stdin); see --help",
        ));
    };
    let name = source.display_name();
    let config = crate::plan_create::check_flags(
        f.create,
        f.config.as_ref(),
        f.recreated.as_deref(),
        f.kind.as_deref(),
        f.rollback || f.ex.against.is_some(),
        f.resource_file.is_some(),
    )?;
    let strimzi_create = crate::plan_create::strimzi_flags(
        config.is_some(),
        f.connect_cluster.clone(),
        f.connector_class.clone(),
        f.strimzi.as_deref(),
    )?;
    let loaded = load(&source, &listing_import_options(&f))?;
    check_combinations(&f, config.is_some())?;
    check_mirror(&f, &loaded.listing, &name)?;
    let from_cr = from_resource(&mut f, &loaded.listing)?;
    // What the listing FILE says of itself: its ConfigMap (the list ConfigMap by default) and
    // its owner's API version.
    let imported_name = loaded
        .listing
        .configmap
        .as_ref()
        .and_then(|m| m.name.clone());
    let imported_api = owner_api_version(&loaded.listing);
    let mut undone = None;
    let (mut listing, baseline) = if f.rollback {
        let (payload, base, rb) = rollback_plan(&mut f, &loaded.listing, &name)?;
        undone = Some(rb);
        (payload, base)
    } else {
        f.ex.scoped(loaded.listing, &f.args.options)?
    };
    if let Some(reset) = from_cr.reset.clone() {
        listing.reset = reset;
    }
    let kind = target_kind(f.kind.as_deref())?;
    if kind == TargetKind::Rest {
        f.ex.refuse_split("a PATCH body has no size limit, so --kind rest needs none")?;
    }
    let request = PlanRequest {
        listed_configmap: imported_name,
        owner_api_version: imported_api.or_else(|| baseline.as_ref().and_then(owner_api_version)),
        create: strimzi_create.is_some(),
        ..plan_request(&f, kind, &listing, &from_cr)
    };
    let mut options = request.options().map_err(|e| request_error(e, kind))?;
    let payload = payload(&f, &name, &options.target, &listing, baseline.as_ref())?;
    if kind == TargetKind::Rest
        && strimzi_create.as_ref().is_some_and(|c| {
            c.connect_cluster.is_some() || c.class.is_some() || c.strimzi.is_some()
        })
    {
        return Err(CliError::usage(
            "--connect-cluster, --connector-class and --strimzi describe a Strimzi create (--kind connector or mirrormaker2); a plain Kafka Connect create takes the connector from --config",
        ));
    }
    if let Some(mut create) = strimzi_create.filter(|_| kind != TargetKind::Rest) {
        create.resource = resource_text(f.resource_file.as_ref())?;
        options.create = Some(create);
    }
    options.timeout_seconds = f.timeout;
    // The listing the edits were made on: the procedure compares it with a fresh listing
    // after the stop and refuses to alter partitions that moved.
    options.listed = baseline.map(Listed::new);
    // --absolute says every edit set a value, and a rollback puts back listed ones: a
    // partition that moved is altered all the same, and the script names it.
    if let Some(rb) = &undone {
        rb.procedure_options(&mut options);
    } else if f.absolute {
        options.relative = procedure::RelativeEdits::Nothing;
    }
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
    print(&name, planned, f.rollback, f.script)
}

/// The options FILE is read with. A listing with several offsets keys is read from the key of
/// the connector the resource names (--connector, or its strimzi.io/mirrormaker-connector
/// annotation), as check-resource --listing reads it. The resource is read again later, so only
/// from a file.
fn listing_import_options(f: &Flags) -> offsets_core::ImportOptions {
    let mut import = f.args.options.clone();
    if let Some(cr @ Source::File(_)) = &f.resource_file
        && import.data_key.is_none()
        && let Ok(Ok(r)) = crate::check_resource::read(cr, f.resource.as_deref())
    {
        import.context_key =
            offsets_core::resource_check::listing_key(&r, f.ex.connector.as_deref());
    }
    import
}

/// With --rollback, FILE (`altered`) is the edited listing (or the alter): the rollback is what
/// PATCH needs to undo it, and the procedure compares the state after the alter with a fresh
/// listing. Returns the rollback's payload, the listing it is validated against, and the
/// rollback.
fn rollback_plan(
    f: &mut Flags,
    altered: &Listing,
    name: &str,
) -> Result<(Listing, Option<Listing>, offsets_core::rollback::Rollback), CliError> {
    let Some(src) = &f.ex.against else {
        return Err(CliError::usage("plan --rollback needs --against LISTING"));
    };
    let before = load(src, &crate::input::second_listing(&f.args.options))?.listing;
    let rb = offsets_core::rollback::rollback(&before, altered);
    report_rollback(name, &rb);
    if f.configmap.is_none() {
        f.configmap = request::rollback_configmap_of(&before, altered);
    }
    // Validated against the state after the alter, with the partitions it deleted as they
    // were listed (the procedure itself compares with `after_alter`: procedure_options).
    Ok((rb.payload.clone(), Some(rb.validation_base()), rb))
}

/// The text of `--resource-file`, which a Strimzi create makes its resource from.
fn resource_text(cr: Option<&Source>) -> Result<Option<String>, CliError> {
    let Some(cr) = cr else {
        return Ok(None);
    };
    String::from_utf8(cr.read()?)
        .map(Some)
        .map_err(|_| CliError {
            message: format!("{}: the resource is not UTF-8", cr.display_name()),
            code: 2,
        })
}

/// Prints the procedure (its warnings first), or its errors.
fn print(
    name: &str,
    planned: Result<procedure::Procedure, Vec<offsets_core::Diagnostic>>,
    rollback: bool,
    script: bool,
) -> Result<ExitCode, CliError> {
    match planned {
        Ok(mut p) => {
            if rollback {
                p.title = format!("Roll back: {}", p.title);
            }
            report(name, &p.warnings, 20);
            output::out(&if script {
                p.render_script()
            } else {
                p.render_steps()
            });
            Ok(ExitCode::SUCCESS)
        }
        Err(diags) => {
            report(name, &diags, 20);
            Err(CliError {
                message: "plan refused: fix the errors above".into(),
                code: 1,
            })
        }
    }
}
