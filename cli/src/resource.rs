//! `plan --resource-file CR`: the names a procedure takes from a KafkaConnector or
//! KafkaMirrorMaker2 (`offsets_core::resource_check::settings`, every one validated), merged with
//! the flags. The identity of the target (kind, namespace, resource, mirror index, connector,
//! guard path) must agree: a flag that says otherwise is an error naming both. The ConfigMap
//! names are defaults only, because the procedure points listOffsets and alterOffsets at the
//! ConfigMaps it is given.

use crate::CliError;
use crate::check_resource::read;
use crate::edit::report;
use crate::input::Source;
use offsets_core::Listing;
use offsets_core::resource::ResourceKind;
use offsets_core::resource_check::{Against, Settings, settings};
use std::fmt::Display;

/// The settings read from the CR, and where they came from.
#[derive(Debug)]
pub struct Filled {
    pub settings: Settings,
    /// `connector` or `mirrormaker2`, the `--kind` of `plan`.
    pub kind: Option<String>,
    file: String,
}

impl Filled {
    /// The error for a flag that disagrees with the CR.
    pub fn disagree(&self, flag: &str, cr_says: &str) -> CliError {
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
            "--connector" => "the connector (the listing's data key or the annotation)",
            "--mirror-index" => "the index of the connector's mirror in spec.mirrors",
            _ => "the resource",
        }
    }
}

/// Reads the CR and takes the settings for the connector `connector` (else the listing's MM2 key,
/// else the annotation, else the only source connector). Invalid names are reported and refused.
pub fn fill(cr: &Source, listing: &Listing, connector: Option<&str>) -> Result<Filled, CliError> {
    let file = cr.display_name();
    let resource = match read(cr)? {
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
                "plan refused: {file} does not give valid names (see above; `connect-offsets check-resource {file}` explains)"
            ),
            code: 1,
        }
    })?;
    let kind = Some(
        match settings.kind {
            ResourceKind::KafkaConnector => "connector",
            ResourceKind::KafkaMirrorMaker2 => "mirrormaker2",
        }
        .to_string(),
    );
    Ok(Filled {
        settings,
        kind,
        file,
    })
}

/// Fills `flag` from the CR, or checks that the flag agrees with it.
pub fn merge<T: PartialEq + Display>(
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
