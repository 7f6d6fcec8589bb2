// A Strimzi create for an operator before Strimzi 1.2 (issue 31 item 8), played on the real
// worker. Such an operator creates a new connector running (PUT /connectors/NAME/config) and
// stops it a moment later; the procedure therefore creates it matching nothing and puts the
// user's config back when it starts it. This test takes the resource and the start patch from
// `plan --create --strimzi older`, makes the worker calls that operator makes with them, and
// checks: the filtered connector runs with no task and commits nothing; stopped, the alter lands;
// the real `kubectl patch --local` of the start step gives back the user's config, which the
// worker takes while the connector stays STOPPED; resumed, it mirrors exactly the records from
// T on (unfiltered, that moment would have copied from the start of the partition).
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BOOTSTRAP, RUN, awaitEnd, cliOk, connectorState, createTopic, dump, getOffsets, listOffsets,
  mirrorSourceConfig, numbered, ok, produce, rest, stopConnector, tool, until, waitForState, workdir,
} from './cluster.mjs';

const SOURCE = `older${RUN}`;
const TOPIC = `older-orders-${RUN}`;
const TARGET = `${SOURCE}.${TOPIC}`;
const CONNECTOR = `older-mirror-${RUN}`;
const PER_PARTITION = 50;
const FROM_RECORD = 30;
const BASE = Math.floor(Date.now() / 1000) * 1000 - 3_600_000;
const T = BASE + FROM_RECORD * 1000;

const dir = workdir('older-operator');
const file = (name) => join(dir, name);

/** The text between `cat > NAME <<'OFFSETS_EOF'` and `OFFSETS_EOF` in the steps. */
function heredoc(steps, name) {
  const start = steps.indexOf(`cat > ${name} <<'OFFSETS_EOF'\n`);
  assert.ok(start >= 0, `no ${name} in the steps:\n${steps}`);
  const body = steps.slice(start).split('\n').slice(1);
  return body.slice(0, body.indexOf('OFFSETS_EOF')).join('\n');
}

/** The connector config a Strimzi operator sends for a KafkaConnector: spec.config with the class and tasksMax. */
function operatorConfig(resource) {
  const { spec } = resource;
  const config = { ...spec.config, 'connector.class': spec.class };
  if (spec.tasksMax !== undefined) config['tasks.max'] = String(spec.tasksMax);
  return config;
}

describe('a create for an operator before Strimzi 1.2, on the real worker', { concurrency: 1 }, () => {
  let steps;
  let userConfig;

  before(() => {
    createTopic(TOPIC, 2);
    produce(TOPIC, [...numbered(0, PER_PARTITION, 0, BASE), ...numbered(0, PER_PARTITION, 1, BASE)]);
    writeFileSync(file('at-t.txt'), getOffsets(`${TOPIC}:0-`, T));
    cliOk(['new', '--kind', 'mirror-source', '--source-alias', SOURCE,
      '--from', `time@${new Date(T).toISOString()}=${file('at-t.txt')}`, '-o', file('start.json')]);
    const { 'connector.class': cls, 'tasks.max': tasks, ...config } = mirrorSourceConfig(SOURCE, TOPIC);
    userConfig = config;
    const resource = {
      apiVersion: 'kafka.strimzi.io/v1',
      kind: 'KafkaConnector',
      metadata: { name: CONNECTOR, namespace: 'kafka', labels: { 'strimzi.io/cluster': 'my-connect' } },
      spec: { class: cls, tasksMax: Number(tasks), config },
    };
    writeFileSync(file('connector.json'), JSON.stringify(resource, null, 2));
    steps = cliOk(['plan', file('start.json'), '--create', '--kind', 'connector', '--namespace', 'kafka',
      '--connector', CONNECTOR, '--configmap', `${CONNECTOR}-alter`, '--list-configmap', `${CONNECTOR}-list`,
      '--resource-file', file('connector.json'), '--strimzi', 'older']);
  });

  test('created matching no topic, it runs with no task and commits nothing; its config comes back at the start', async () => {
    const created = JSON.parse(heredoc(steps, 'create-resource.json'));
    assert.equal(created.spec.config['topics.exclude'], '.*', 'the create filters every topic out');
    assert.equal(created.spec.state, 'stopped');

    // The older operator: PUT the config (the connector is created running), then stop it.
    await ok('PUT', `/connectors/${CONNECTOR}/config`, operatorConfig(created));
    await waitForState(CONNECTOR, 'RUNNING');
    const status = (await rest('GET', `/connectors/${CONNECTOR}/status`)).json;
    assert.deepEqual(status.tasks, [], 'no topic matches, so the connector has no task');
    await stopConnector(CONNECTOR);
    assert.deepEqual((await listOffsets(CONNECTOR)).offsets, [], 'it committed no offset while it ran');
    assert.ok(!tool('kafka-topics', ['--bootstrap-server', BOOTSTRAP, '--list']).split('\n').includes(TARGET), 'nothing was mirrored');

    // The alter, as the operator makes it from the alter ConfigMap.
    const body = cliOk(['export', file('start.json'), '--to', 'json']);
    await ok('PATCH', `/connectors/${CONNECTOR}/offsets`, JSON.parse(body));

    // The start step: its merge patch, applied by the real kubectl to the created resource.
    const patchLine = steps.split('\n').find((l) => l.startsWith(`kubectl patch kafkaconnector '${CONNECTOR}'`) && l.includes('"running"'));
    assert.ok(patchLine, `no start patch in:\n${steps}`);
    const patch = patchLine.match(/-p '([^']*)'/)[1];
    writeFileSync(file('created.json'), JSON.stringify(created));
    const patched = spawnSync('kubectl', ['patch', '--local', '-f', file('created.json'), '--type=merge', '-p', patch, '-o', 'json'], { encoding: 'utf8' });
    assert.equal(patched.status, 0, patched.stderr);
    const started = JSON.parse(patched.stdout);
    assert.deepEqual(started.spec.config, userConfig, 'the start step puts the user\'s config back exactly');
    assert.equal(started.spec.state, 'running');

    // The operator: the changed config (PUT) while STOPPED, then resume.
    await ok('PUT', `/connectors/${CONNECTOR}/config`, operatorConfig(started));
    await until(async () => (await rest('GET', `/connectors/${CONNECTOR}`)).json?.config?.['topics.exclude'] === undefined,
      { message: 'the worker to take the config back' });
    // The worker restarts the connector on a new config (UNASSIGNED meanwhile); it settles
    // STOPPED, as its target state says.
    let settled;
    await until(async () => { settled = await connectorState(CONNECTOR); return settled === 'STOPPED' || settled === 'RUNNING' || settled === 'FAILED'; },
      { message: 'the connector to settle after the config change' });
    assert.equal(settled, 'STOPPED', 'a config change keeps a stopped connector stopped');
    await ok('PUT', `/connectors/${CONNECTOR}/resume`);
    await waitForState(CONNECTOR, 'RUNNING');

    const tail = PER_PARTITION - FROM_RECORD;
    awaitEnd(TARGET, { 0: tail, 1: tail });
    const mirrored = dump(TARGET);
    for (const p of [0, 1]) {
      const values = mirrored.filter((r) => r.partition === p).map((r) => r.value);
      assert.deepEqual(values, Array.from({ length: tail }, (_, k) => `p${p}-${FROM_RECORD + k}`), `partition ${p}`);
    }
    await ok('DELETE', `/connectors/${CONNECTOR}`);
  });

  test('a sink created matching no topic gets no partition and commits nothing; its topics come back at the start', async () => {
    const SINK = `older-sink-${RUN}`;
    cliOk(['new', '--kind', 'sink', '--from', `time@${new Date(T).toISOString()}=${file('at-t.txt')}`, '-o', file('sink-start.json')]);
    const config = { topics: TOPIC, file: file('sink.txt'), 'value.converter': 'org.apache.kafka.connect.storage.StringConverter', 'key.converter': 'org.apache.kafka.connect.storage.StringConverter' };
    writeFileSync(file('sink.json'), JSON.stringify({
      apiVersion: 'kafka.strimzi.io/v1',
      kind: 'KafkaConnector',
      metadata: { name: SINK, namespace: 'kafka', labels: { 'strimzi.io/cluster': 'my-connect' } },
      spec: { class: 'org.apache.kafka.connect.file.FileStreamSinkConnector', tasksMax: 1, config },
    }));
    const sinkSteps = cliOk(['plan', file('sink-start.json'), '--create', '--kind', 'connector', '--namespace', 'kafka',
      '--connector', SINK, '--configmap', `${SINK}-alter`, '--list-configmap', `${SINK}-list`,
      '--resource-file', file('sink.json'), '--strimzi', 'older']);
    const created = JSON.parse(heredoc(sinkSteps, 'create-resource.json'));
    assert.equal(created.spec.config['topics.regex'], '^$');
    assert.equal(created.spec.config.topics, undefined, 'Connect takes topics or topics.regex, not both');

    await ok('PUT', `/connectors/${SINK}/config`, operatorConfig(created));
    await waitForState(SINK, 'RUNNING');
    await until(async () => {
      const s = (await rest('GET', `/connectors/${SINK}/status`)).json;
      return s.tasks.length === 1 && s.tasks[0].state === 'RUNNING';
    }, { message: 'the sink task to run (subscribed to no topic)' });
    await stopConnector(SINK);
    assert.deepEqual((await listOffsets(SINK)).offsets, [], 'it committed no offset while it ran');

    const patchLine = sinkSteps.split('\n').find((l) => l.startsWith(`kubectl patch kafkaconnector '${SINK}'`) && l.includes('"running"'));
    const patch = patchLine.match(/-p '([^']*)'/)[1];
    writeFileSync(file('sink-created.json'), JSON.stringify(created));
    const patched = spawnSync('kubectl', ['patch', '--local', '-f', file('sink-created.json'), '--type=merge', '-p', patch, '-o', 'json'], { encoding: 'utf8' });
    assert.equal(patched.status, 0, patched.stderr);
    assert.deepEqual(JSON.parse(patched.stdout).spec.config, config, 'the start step puts topics back and takes topics.regex away');
    await ok('DELETE', `/connectors/${SINK}`);
  });
});
