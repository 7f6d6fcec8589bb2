//! `plan --resource-file CR`: the names a procedure takes from a KafkaConnector or
//! KafkaMirrorMaker2 (`offsets_core::resource_check::settings`, every one validated), merged with
//! the flags. The identity of the target (kind, namespace, resource, mirror index, connector,
//! guard path) must agree: a flag that says otherwise is an error naming both. The ConfigMap
//! names are defaults only, because the procedure points listOffsets and alterOffsets at the
//! ConfigMaps it is given.

use crate::check_resource::read;
use crate::error::CliError;
use crate::input::Source;
use crate::output::report;
use offsets_core::Listing;
use offsets_core::model::ResetFact;
use offsets_core::procedure::AliasPath;
use offsets_core::resource::ResourceKind;
use offsets_core::resource_check::{Against, Settings, connector_for, settings};
use std::fmt::Display;

/// The settings read from the CR, and where they came from.
#[derive(Debug)]
pub struct Filled {
    pub settings: Settings,
    /// The chosen connector's `auto.offset.reset`, when its config sets a valid one.
    reset: Option<ResetFact>,
    /// `connector` or `mirrormaker2`, the `--kind` of `plan`.
    pub kind: Option<String>,
    file: String,
}

impl Filled {
    /// The error for a flag that disagrees with the CR.
    fn disagree(&self, flag: &str, cr_says: &str) -> CliError {
        CliError::usage(format!(
            "{flag} disagrees with {}: {cr_says}. Drop the flag (the resource fills it) or give the right resource.",
            self.file
        ))
    }

    fn field(&self, flag: &str) -> &'static str {
        match flag {
            "--kind" => "its kind",
            "--namespace" => "metadata.namespace",
            "--resource" => "metadata.name",
            "--connector" if self.settings.kind == ResourceKind::KafkaConnector => "metadata.name",
            "--connector" => {
                "the connector (the listing's data key or entries, else the annotation)"
            }
            "--mirror-index" => "the index of the listing's connector in spec.mirrors",
            _ => "the resource",
        }
    }
}

/// Reads the CR and takes the settings for the connector `connector` (else the listing's MM2 key,
/// else the annotation, else the only source connector). Invalid names are reported and refused.
fn fill(
    cr: &Source,
    listing: &Listing,
    connector: Option<&str>,
    name: Option<&str>,
) -> Result<Filled, CliError> {
    let file = cr.display_name();
    let resource = match read(cr, name)? {
        Ok(r) => r,
        Err(diags) => {
            report(&file, &diags, usize::MAX);
            return Err(CliError {
                message: format!("{file} is not a KafkaConnector or KafkaMirrorMaker2"),
                code: 2,
            });
        }
    };
    let against = Against {
        listing: Some(listing),
        alter: None,
        connector,
    };
    let settings = settings(&resource, &against).map_err(|diags| {
        report(&file, &diags, usize::MAX);
        CliError {
            message: format!(
                "plan refused: {file} does not give valid names for this listing (see above; `connect-offsets check-resource {file} --listing FILE` explains)"
            ),
            code: 1,
        }
    })?;
    let reset =
        connector_for(&resource, &against).and_then(|spec| spec.reset(listing.kind).ok().flatten());
    let kind = Some(
        match settings.kind {
            ResourceKind::KafkaConnector => "connector",
            ResourceKind::KafkaMirrorMaker2 => "mirrormaker2",
        }
        .to_string(),
    );
    Ok(Filled {
        settings,
        reset,
        kind,
        file,
    })
}

/// Fills `flag` from the CR, or checks that the flag agrees with it.
fn merge<T: PartialEq + Display>(
    flag: &mut Option<T>,
    from_cr: Option<T>,
    name: &str,
    filled: &Filled,
) -> Result<(), CliError> {
    match (flag.as_ref(), from_cr) {
        (Some(given), Some(cr)) if *given != cr => Err(filled.disagree(
            name,
            &format!("{} is '{cr}', the flag says '{given}'", filled.field(name)),
        )),
        (None, cr) => {
            *flag = cr;
            Ok(())
        }
        _ => Ok(()),
    }
}

/// The `plan` flags the CR fills or checks.
#[derive(Debug)]
pub struct Flags<'a> {
    pub kind: &'a mut Option<String>,
    pub namespace: &'a mut Option<String>,
    pub resource: &'a mut Option<String>,
    pub connector: &'a mut Option<String>,
    pub mirror_index: &'a mut Option<u32>,
    pub old_alias_path: bool,
    pub list_configmap: &'a mut Option<String>,
    pub configmap: &'a mut Option<String>,
    /// `plan --rollback`: the alter ConfigMap default becomes `<alterOffsets name>-rollback`.
    pub rollback: bool,
}

/// What the procedure options take from the CR besides the flags.
#[derive(Debug)]
pub struct FromCr {
    pub api_version: String,
    /// The guard path the CR really uses (a v1beta2 CR of Strimzi 0.49+ may use source.alias).
    pub alias_path: Option<AliasPath>,
    /// The connector's `auto.offset.reset` from its config, when it sets one: what a null does.
    pub reset: Option<ResetFact>,
}

/// Reads the CR (`plan --resource-file`) and fills the flags: identity flags must agree with the
/// CR, ConfigMap flags override it.
pub fn fill_flags(cr: &Source, listing: &Listing, flags: Flags<'_>) -> Result<FromCr, CliError> {
    // --resource names the one to use when the file holds several resources.
    let filled = fill(
        cr,
        listing,
        flags.connector.as_deref(),
        flags.resource.as_deref(),
    )?;
    let s = &filled.settings;
    merge(flags.kind, filled.kind.clone(), "--kind", &filled)?;
    merge(
        flags.namespace,
        Some(s.namespace.clone()),
        "--namespace",
        &filled,
    )?;
    merge(
        flags.connector,
        Some(s.connector.clone()),
        "--connector",
        &filled,
    )?;
    let mut alias_path = None;
    if s.kind == ResourceKind::KafkaMirrorMaker2 {
        merge(
            flags.resource,
            Some(s.resource.clone()),
            "--resource",
            &filled,
        )?;
        merge(
            flags.mirror_index,
            s.mirror.as_ref().map(|m| m.1),
            "--mirror-index",
            &filled,
        )?;
        alias_path = s.mirror.as_ref().map(|m| m.2);
        if flags.old_alias_path && alias_path == Some(AliasPath::New) {
            return Err(filled.disagree(
                "--old-alias-path",
                "the mirror's source alias is in source.alias",
            ));
        }
    }
    // The ConfigMap names are defaults: the procedure points listOffsets and alterOffsets at the
    // ConfigMaps it is given.
    if flags.list_configmap.is_none() {
        *flags.list_configmap = s.list_configmap.clone();
    }
    if flags.configmap.is_none() {
        *flags.configmap = s.alter_configmap.as_ref().map(|a| {
            if flags.rollback {
                offsets_core::procedure::request::rollback_configmap(a)
            } else {
                a.clone()
            }
        });
    }
    Ok(FromCr {
        api_version: s.api_version.clone(),
        alias_path,
        reset: filled.reset.clone(),
    })
}
