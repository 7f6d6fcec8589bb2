// The create procedure end to end (issue 23 item 3): records with known timestamps, the real
// `kafka-get-offsets --time T`, `connect-offsets new` from it, `plan --create --kind rest
// --script` with a MirrorSourceConnector's config, run with bash against the real worker. The
// connector is created STOPPED, its offsets altered and verified, then started, and the target
// topic must receive exactly the records from T on (a partition whose every record is after T
// is null and mirrored whole). A second run of the same script, now that the name exists, must
// stop before creating anything: a recreated connector would resume from its old offsets. Deleted
// and created again, the name's old offsets are caught (the new connector is deleted before it
// runs), and `--recreated reset` deletes them so that only the chosen offset remains.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CONNECT_URL, RUN, awaitEnd, cliOk, connectorState, createTopic, dump, getOffsets, listOffsets,
  mirrorSourceConfig, numbered, ok, produce, rest, until, workdir,
} from './cluster.mjs';

const SOURCE = `create${RUN}`;
const TOPIC = `create-orders-${RUN}`;
const TARGET = `${SOURCE}.${TOPIC}`;
const CONNECTOR = `create-mirror-${RUN}`;
const PER_PARTITION = 100;
const FROM_RECORD = 60;
// Record i has the timestamp BASE + i seconds (an hour ago: inside retention); partition 1's
// records all come at or after T, so the reference gives it record 0.
const BASE = Math.floor(Date.now() / 1000) * 1000 - 3_600_000;
const T = BASE + FROM_RECORD * 1000;

const dir = workdir('create');
const file = (name) => join(dir, name);

function runScript(name, script) {
  const runDir = file(name);
  mkdirSync(runDir);
  writeFileSync(join(runDir, 'create.sh'), script);
  return spawnSync('bash', ['create.sh'], { cwd: runDir, encoding: 'utf8', timeout: 600_000 });
}

describe('the create procedure on the real worker', { concurrency: 1 }, () => {
  let script;

  before(() => {
    createTopic(TOPIC, 3);
    produce(TOPIC, [
      ...numbered(0, PER_PARTITION, 0, BASE),
      ...numbered(0, PER_PARTITION, 1, T),
      ...numbered(0, PER_PARTITION, 2, BASE),
    ]);
    const atT = getOffsets(`${TOPIC}:0-`, T);
    writeFileSync(file('at-t.txt'), atT);
    assert.equal(atT.trim(), [`${TOPIC}:0:${FROM_RECORD}`, `${TOPIC}:1:0`, `${TOPIC}:2:${FROM_RECORD}`].join('\n'));
    cliOk(['new', '--kind', 'mirror-source', '--source-alias', SOURCE,
      '--from', `time@${new Date(T).toISOString()}=${file('at-t.txt')}`, '-o', file('start.json')]);
    writeFileSync(file('config.json'), JSON.stringify(mirrorSourceConfig(SOURCE, TOPIC), null, 2));
    script = cliOk(['plan', file('start.json'), '--create', '--kind', 'rest', '--url', CONNECT_URL,
      '--connector', CONNECTOR, '--config', file('config.json'), '--timeout', '120', '--script']);
  });

  test('creates the connector stopped, sets and verifies its offsets, starts it: exactly the records from T on', async () => {
    assert.equal((await rest('GET', `/connectors/${CONNECTOR}`)).status, 404);
    const run = runScript('first', script);
    assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
    assert.match(run.stdout, /3 of 3 altered partitions landed\./);
    assert.equal(await connectorState(CONNECTOR), 'RUNNING');
    const tail = PER_PARTITION - FROM_RECORD;
    // Fails at once if the target gets more: a connector that ran from its default start would
    // have mirrored every record of partitions 0 and 2.
    awaitEnd(TARGET, { 0: tail, 1: PER_PARTITION, 2: tail });
    const mirrored = dump(TARGET);
    for (const [p, from] of [[0, FROM_RECORD], [1, 0], [2, FROM_RECORD]]) {
      const values = mirrored.filter((r) => r.partition === p).map((r) => r.value);
      const want = Array.from({ length: PER_PARTITION - from }, (_, k) => `p${p}-${from + k}`);
      assert.deepEqual(values, want, `partition ${p}`);
    }
  });

  test('run again against the now existing name, it stops before creating anything', async () => {
    const before = await listOffsets(CONNECTOR);
    const run = runScript('second', script);
    assert.notEqual(run.status, 0, run.stdout);
    assert.match(run.stderr, /Stopped before creating anything: a connector exists at .*resumes from the offsets it stored before/);
    assert.doesNotMatch(run.stdout, /==> 2\/7/);
    assert.equal(await connectorState(CONNECTOR), 'RUNNING');
    assert.deepEqual(
      (await listOffsets(CONNECTOR)).offsets.length,
      before.offsets.length,
    );
    awaitEnd(TARGET, { 0: PER_PARTITION - FROM_RECORD, 1: PER_PARTITION, 2: PER_PARTITION - FROM_RECORD });
    console.log(`create: ${CONNECTOR} started from T on; the second run stopped before creating`);
  });

  test('deleted and created again under the same name: the old offsets are caught, or reset with --recreated reset', async () => {
    // Kafka Connect keeps a deleted connector's offsets: a connector created again under the
    // name would resume from them.
    await until(async () => (await listOffsets(CONNECTOR)).offsets.filter((e) => e.offset !== null).length === 3,
      { message: 'the running connector to have stored all three partitions' });
    await ok('DELETE', `/connectors/${CONNECTOR}`);
    await until(async () => (await rest('GET', `/connectors/${CONNECTOR}`)).status === 404, { message: `${CONNECTOR} to be deleted` });

    const caught = runScript('recreated', script);
    assert.notEqual(caught.status, 0, caught.stdout);
    assert.match(caught.stderr, /Stopped before altering: 3 offsets are stored under this name from a connector that had it before/);
    assert.match(caught.stderr, /deleted again: it never ran/);
    assert.doesNotMatch(caught.stdout, /==> 5\/8/);
    assert.equal((await rest('GET', `/connectors/${CONNECTOR}`)).status, 404, 'the connector created by the caught run is gone');

    // Only partition 0 is chosen; with --recreated reset, partitions 1 and 2 lose their old offsets.
    const only = file('only-0.json');
    writeFileSync(only, JSON.stringify({ offsets: [{ partition: { cluster: SOURCE, partition: 0, topic: TOPIC }, offset: { offset: 79 } }] }));
    const reset = cliOk(['plan', only, '--create', '--recreated', 'reset', '--kind', 'rest', '--url', CONNECT_URL,
      '--connector', CONNECTOR, '--config', file('config.json'), '--timeout', '120', '--script']);
    const run = runScript('recreated-reset', reset);
    assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
    assert.match(run.stdout, /Deleting the 3 offsets stored under this name before/);
    assert.match(run.stdout, /1 of 1 altered partitions landed\./);
    // The listing the verify step saved, before the resume: exactly the chosen offset.
    const landed = JSON.parse(readFileSync(join(file('recreated-reset'), 'after-alter.json'), 'utf8'));
    assert.deepEqual(landed.offsets.filter((e) => e.offset !== null).map((e) => [e.partition.partition, e.offset.offset]), [[0, 79]]);
    const old = JSON.parse(readFileSync(join(file('recreated-reset'), 'old-offsets.json'), 'utf8'));
    assert.equal(old.offsets.filter((e) => e.offset !== null).length, 3);
    await ok('DELETE', `/connectors/${CONNECTOR}`);
    console.log(`create: ${CONNECTOR} deleted and created again: caught, then reset to the chosen offset only`);
  });

  test('a create request with a field the worker does not know is refused whole (what a worker before Kafka 3.7 does with initial_state)', async () => {
    // Kafka 3.6's CreateConnectorRequest has only name and config, read by the same plain
    // JacksonJsonProvider: the procedure's note says such a worker refuses the create and
    // creates nothing. The real worker shows what that provider does with an unknown field.
    const name = `create-unknown-${RUN}`;
    const res = await rest('POST', '/connectors', {
      name, config: mirrorSourceConfig(SOURCE, TOPIC), initial_state_of_tomorrow: 'STOPPED',
    });
    assert.equal(res.status, 500, res.text);
    assert.match(res.json.message, /^Unrecognized field "initial_state_of_tomorrow" \(class org\.apache\.kafka\.connect\.runtime\.rest\.entities\.CreateConnectorRequest\), not marked as ignorable/);
    assert.equal((await rest('GET', `/connectors/${name}`)).status, 404);
  });
});
