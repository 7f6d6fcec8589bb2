// The create procedure end to end (issue 23 item 3): records with known timestamps, the real
// `kafka-get-offsets --time T`, `connect-offsets new` from it, `plan --create --kind rest
// --script` with a MirrorSourceConnector's config, run with bash against the real worker. The
// connector is created STOPPED, its offsets altered and verified, then started, and the target
// topic must receive exactly the records from T on (a partition whose every record is after T
// is null and mirrored whole). A second run of the same script, now that the name exists, must
// stop before creating anything: a recreated connector would resume from its old offsets.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CONNECT_URL, RUN, awaitEnd, cliOk, connectorState, createTopic, dump, getOffsets, listOffsets,
  mirrorSourceConfig, numbered, produce, rest, workdir,
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
});
