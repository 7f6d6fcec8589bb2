//! The Strimzi create procedures (a KafkaConnector, or a KafkaMirrorMaker2 connector, created
//! with `state: stopped` and `alterOffsets`): their golden variants, the manifests kubectl must
//! accept, and runs in bash against a fake kubectl that plays the operator, proving the order
//! (created stopped, listed, refused / reset / kept, altered, verified, only then running).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::procedure_support::*;
use offsets_core::names::MirrorConnectorName;
use offsets_core::procedure::{
    AliasPath, Operation, Options, Previous, StrimziCreate, StrimziVersion, Target,
};

/// A new KafkaConnector as a user writes it (Git, or by hand): no status, no namespace.
pub const CONNECTOR_CR: &str = "apiVersion: kafka.strimzi.io/v1\nkind: KafkaConnector\nmetadata:\n  name: my-connector\n  labels:\n    strimzi.io/cluster: my-connect\nspec:\n  class: org.apache.kafka.connect.mirror.MirrorSourceConnector\n  tasksMax: 2\n  state: running\n  config:\n    source.cluster.alias: east\n    target.cluster.alias: west\n    topics: \"orders.*\"\n    offset-syncs.topic.replication.factor: 3\n";

/// The same resource as a Strimzi 0.4x cluster holds it (`kubectl get -o yaml`): v1beta2,
/// server fields, a status and a pending list annotation, which the create must drop.
pub const CONNECTOR_CR_V1BETA2: &str = "apiVersion: kafka.strimzi.io/v1beta2\nkind: KafkaConnector\nmetadata:\n  name: my-connector\n  namespace: kafka\n  resourceVersion: \"1234\"\n  uid: 00000000-0000-0000-0000-000000000001\n  creationTimestamp: \"2026-11-30T12:00:00Z\"\n  generation: 3\n  annotations:\n    strimzi.io/connector-offsets: list\n    kubectl.kubernetes.io/last-applied-configuration: '{}'\n  labels:\n    strimzi.io/cluster: my-connect\nspec:\n  class: org.apache.kafka.connect.mirror.MirrorSourceConnector\n  tasksMax: 2\n  config:\n    source.cluster.alias: east\nstatus:\n  connectorStatus:\n    connector:\n      state: RUNNING\n";

/// A KafkaMirrorMaker2 (v1) whose mirror 0 configures the source connector to create.
pub const MM2_CR: &str = "apiVersion: kafka.strimzi.io/v1\nkind: KafkaMirrorMaker2\nmetadata:\n  name: my-mm2\n  namespace: kafka\nspec:\n  version: 4.3.1\n  replicas: 1\n  target:\n    alias: west\n    bootstrapServers: west-kafka-bootstrap:9092\n    groupId: my-mm2-group\n    configStorageTopic: my-mm2-config\n    offsetStorageTopic: my-mm2-offsets\n    statusStorageTopic: my-mm2-status\n  mirrors:\n  - source:\n      alias: east\n      bootstrapServers: east-kafka-bootstrap:9092\n    topicsPattern: \"orders.*\"\n    sourceConnector:\n      tasksMax: 2\n      config:\n        replication.factor: -1\n    checkpointConnector: {}\n";

/// The same in the old style (v1beta2, Strimzi 0.44 to 0.48).
pub const MM2_CR_V1BETA2: &str = "apiVersion: kafka.strimzi.io/v1beta2\nkind: KafkaMirrorMaker2\nmetadata:\n  name: my-mm2\n  namespace: kafka\nspec:\n  version: 3.9.0\n  replicas: 1\n  connectCluster: west\n  clusters:\n  - alias: east\n    bootstrapServers: east-kafka-bootstrap:9092\n  - alias: west\n    bootstrapServers: west-kafka-bootstrap:9092\n  mirrors:\n  - sourceCluster: east\n    targetCluster: west\n    topicsPattern: \"orders.*\"\n    sourceConnector:\n      config:\n        replication.factor: -1\n";

/// A generic source connector: no config filters what it reads (issue 31 item 8).
pub const JDBC_SOURCE_CR: &str = "apiVersion: kafka.strimzi.io/v1\nkind: KafkaConnector\nmetadata:\n  name: my-connector\n  namespace: kafka\n  labels:\n    strimzi.io/cluster: my-connect\nspec:\n  class: io.example.JdbcSourceConnector\n  tasksMax: 1\n  config:\n    connection.url: jdbc:postgresql://db/orders\n";

/// A sink connector reading topic orders.
pub const SINK_CR: &str = "apiVersion: kafka.strimzi.io/v1\nkind: KafkaConnector\nmetadata:\n  name: my-connector\n  namespace: kafka\n  labels:\n    strimzi.io/cluster: my-connect\nspec:\n  class: org.apache.kafka.connect.file.FileStreamSinkConnector\n  tasksMax: 1\n  config:\n    topics: orders\n    file: /tmp/orders.txt\n";

/// The alter ConfigMap of that sink: partition 0 of orders at 41.
pub const SINK_ALTER_YAML: &str = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: my-connector-offsets-alter\n  namespace: kafka\ndata:\n  offsets.json: |-\n    {\"offsets\":[{\"partition\":{\"kafka_partition\":0,\"kafka_topic\":\"orders\"},\"offset\":{\"kafka_offset\":41}}]}\n";

const SOURCE: &str = "east->west.MirrorSourceConnector";

fn create(payload: &str, previous: Previous) -> Operation {
    Operation::Create {
        payload: payload.into(),
        config: String::new(),
        previous,
    }
}

fn with(mut options: Options, create: StrimziCreate) -> Options {
    options.create = Some(create);
    options
}

/// A KafkaConnector built from the names (its Connect cluster and class).
pub fn connector_from_names(strimzi: Option<StrimziVersion>) -> Options {
    with(
        connector(None),
        StrimziCreate {
            connect_cluster: Some("my-connect".into()),
            class: Some("org.apache.kafka.connect.mirror.MirrorSourceConnector".into()),
            strimzi,
            ..StrimziCreate::default()
        },
    )
}

pub fn connector_from(resource: &str, strimzi: Option<StrimziVersion>) -> Options {
    with(
        connector(None),
        StrimziCreate {
            resource: Some(resource.into()),
            strimzi,
            ..StrimziCreate::default()
        },
    )
}

pub fn mm2_create(
    resource: Option<&str>,
    alias_path: AliasPath,
    strimzi: Option<StrimziVersion>,
) -> Options {
    with(
        Options::new(Target::KafkaMirrorMaker2 {
            cluster: kube(None, "my-mm2-offsets", "my-mm2-offsets-alter"),
            resource: "my-mm2".into(),
            mirror_index: 0,
            connector: MirrorConnectorName::parse(SOURCE).unwrap(),
            alias_path,
        }),
        StrimziCreate {
            resource: resource.map(str::to_owned),
            strimzi,
            ..StrimziCreate::default()
        },
    )
}

/// The golden variants of the Strimzi create: both kinds, Strimzi 1.2 and older (said or read
/// from a v1beta2 resource) and unknown, with and without a resource, each `Previous`.
pub fn variants() -> Vec<(&'static str, Options, Operation)> {
    let v12 = Some(StrimziVersion::CreatesStopped);
    let older = Some(StrimziVersion::StartsFirst);
    vec![
        (
            "connector-create",
            connector_from_names(v12),
            create(CONNECTOR_ALTER_YAML, Previous::Refuse),
        ),
        (
            "connector-create-unknown-strimzi",
            connector_from_names(None),
            create(CONNECTOR_ALTER_YAML, Previous::Refuse),
        ),
        (
            "connector-create-resource-reset",
            connector_from(CONNECTOR_CR, v12),
            create(CONNECTOR_ALTER_YAML, Previous::Reset),
        ),
        (
            "connector-create-older-keep",
            connector_from(CONNECTOR_CR_V1BETA2, None),
            create(CONNECTOR_ALTER_YAML, Previous::Keep),
        ),
        (
            "mm2-create",
            mm2_create(None, AliasPath::New, v12),
            create(MM2_ALTER_YAML, Previous::Refuse),
        ),
        (
            "mm2-create-resource-reset",
            mm2_create(Some(MM2_CR), AliasPath::New, v12),
            create(MM2_ALTER_YAML, Previous::Reset),
        ),
        (
            "mm2-create-older-keep",
            mm2_create(None, AliasPath::New, older),
            create(MM2_ALTER_YAML, Previous::Keep),
        ),
        (
            "mm2-create-resource-older",
            mm2_create(Some(MM2_CR_V1BETA2), AliasPath::Old, None),
            create(MM2_ALTER_YAML, Previous::Refuse),
        ),
        (
            "connector-create-older-source-reset",
            connector_from(JDBC_SOURCE_CR, older),
            create(CONNECTOR_ALTER_YAML, Previous::Reset),
        ),
        (
            "connector-create-older-sink",
            connector_from(SINK_CR, older),
            create(SINK_ALTER_YAML, Previous::Refuse),
        ),
    ]
}

fn refused(options: &Options, operation: &Operation) -> String {
    offsets_core::procedure::plan(options, operation)
        .unwrap_err()
        .into_iter()
        .map(|d| format!("{}: {}", d.rule, d.message))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every refusal says what is wrong and how to fix it; no command is generated.
#[test]
fn strimzi_creates_refuse_what_cannot_work() {
    let op = create(CONNECTOR_ALTER_YAML, Previous::Refuse);
    let mut with_config = op.clone();
    if let Operation::Create { config, .. } = &mut with_config {
        *config = "{\"connector.class\":\"C\"}".into();
    }
    let cases: Vec<(Options, Operation, &str)> = vec![
        (
            connector_from_names(None),
            with_config,
            "PLAN: The Strimzi create procedure takes the connector's config from the resource (--resource-file",
        ),
        (
            with(connector(None), StrimziCreate::default()),
            op.clone(),
            "needs its KafkaConnect cluster (--connect-cluster NAME, the strimzi.io/cluster label) and its class (--connector-class CLASS)",
        ),
        (
            connector_from(CONNECTOR_CR_V1BETA2, Some(StrimziVersion::CreatesStopped)),
            op.clone(),
            "The resource is kafka.strimzi.io/v1beta2, which Strimzi 1.0 and later no longer serve",
        ),
        (
            connector_from(&CONNECTOR_CR.replace("    strimzi.io/cluster: my-connect\n", "    app: x\n"), None),
            op.clone(),
            "The KafkaConnector has no strimzi.io/cluster label, so no KafkaConnect would run it.",
        ),
        (
            connector_from(&CONNECTOR_CR.replace("name: my-connector\n", "name: my-connector\n  namespace: other\n"), None),
            op.clone(),
            "The resource's metadata.namespace is 'other', but the procedure works in namespace 'kafka'.",
        ),
        (
            mm2_create(Some(&MM2_CR.replace("alias: east", "alias: south")), AliasPath::New, None),
            create(MM2_ALTER_YAML, Previous::Refuse),
            "Mirror 0 of the KafkaMirrorMaker2 replicates from 'south', not from 'east'",
        ),
        (
            mm2_create(Some(&MM2_CR.replace("    sourceConnector:\n      tasksMax: 2\n      config:\n        replication.factor: -1\n", "")), AliasPath::New, None),
            create(MM2_ALTER_YAML, Previous::Refuse),
            "does not configure the MirrorSourceConnector (sourceConnector); add a sourceConnector block",
        ),
        // Issue 31 item 8: an operator before Strimzi 1.2 runs a connector it cannot filter; its
        // commits would be taken for old offsets, so the stored offsets must be reset or kept.
        (
            connector_from(JDBC_SOURCE_CR, Some(StrimziVersion::StartsFirst)),
            op.clone(),
            "Before Strimzi 1.2 the operator creates the connector running and stops it a moment later. A connector the procedure can filter is created matching nothing, so it copies nothing in that moment; this one cannot be: only a MirrorSourceConnector, a MirrorCheckpointConnector and a sink connector",
        ),
        (
            connector_from(JDBC_SOURCE_CR, None),
            op.clone(),
            "Choose what happens to stored offsets: --recreated reset (every offset stored under the name, including what it commits in that moment, is deleted before the alter; what it wrote in that moment stays written) or --recreated keep (in the page: Offsets stored under this name before), or say --strimzi 1.2 if Strimzi 1.2 or later creates it.",
        ),
        (
            mm2_create(Some(&MM2_CR.replace("    topicsPattern:", "    topicsExcludePattern: \"internal.*\"\n    topicsPattern:")), AliasPath::New, Some(StrimziVersion::StartsFirst)),
            create(MM2_ALTER_YAML, Previous::Refuse),
            "this one cannot be: the mirror sets topicsExcludePattern or groupsExcludePattern",
        ),
        (
            {
                let mut o = connector_from_names(None);
                if let Target::KafkaConnector { cluster, .. } = &mut o.target {
                    cluster.list_configmap = cluster.alter_configmap.clone();
                }
                o
            },
            op.clone(),
            "the listing would overwrite the alter ConfigMap 'my-connector-offsets-alter'. Give a separate list ConfigMap",
        ),
    ];
    for (options, operation, expected) in cases {
        let got = refused(&options, &operation);
        assert!(got.contains(expected), "expected {expected:?} in:\n{got}");
    }
}

/// YAML numbers stay numbers in the manifest (kubectl reads `tasksMax: 2` as 2); quoted ones
/// stay strings.
#[test]
fn the_manifest_keeps_the_resource_as_kubectl_reads_it() {
    let p = offsets_core::procedure::plan(
        &connector_from(CONNECTOR_CR, Some(StrimziVersion::CreatesStopped)),
        &create(CONNECTOR_ALTER_YAML, Previous::Refuse),
    )
    .unwrap();
    let create_step = p
        .steps
        .iter()
        .find(|s| s.title.starts_with("Create"))
        .unwrap();
    assert!(
        create_step.script.contains("\"tasksMax\" : 2,"),
        "{}",
        create_step.script
    );
    assert!(
        create_step.script.contains("\"topics\" : \"orders.*\""),
        "{}",
        create_step.script
    );
    assert!(
        create_step
            .script
            .contains("\"offset-syncs.topic.replication.factor\" : 3"),
        "{}",
        create_step.script
    );
    assert!(
        create_step.script.contains("\"state\" : \"stopped\""),
        "{}",
        create_step.script
    );
    assert!(
        !create_step.script.contains("running"),
        "{}",
        create_step.script
    );
}
