// The REST procedure end to end: `connect-offsets plan --kind rest --script` run with bash
// against the real worker, for a running MirrorSourceConnector whose name holds `->`.
//   - With a listing that went stale while records kept flowing, the script must stop before any
//     PATCH, name the moved partitions and leave the connector STOPPED (checked on the worker).
//   - With a fresh listing it applies, reports what landed, and puts back the recorded state
//     (RUNNING); the target then receives exactly the records the rewind implies.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CONNECT_URL, RUN, awaitEnd, cliOk, connectorState, createConnector, createTopic, listOffsets,
  mirrorSourceConfig, numbered, produce, until, workdir,
} from './cluster.mjs';

const SOURCE = `rest${RUN}`;
const TOPIC = `rest-orders-${RUN}`;
const TARGET = `${SOURCE}.${TOPIC}`;
const CONNECTOR = `${SOURCE}->tgt.MirrorSourceConnector`;
const REWIND = 5;

const dir = workdir('rest-procedure');
const file = (name) => join(dir, name);

/** The stored offsets by partition, once every partition has one. */
async function stored() {
  return Object.fromEntries((await listOffsets(CONNECTOR)).offsets.filter((e) => e.offset !== null)
    .map((e) => [e.partition.partition, e.offset.offset]));
}

async function storedReach(n) {
  await until(async () => {
    const s = await stored();
    return s[0] === n && s[1] === n;
  }, { message: `${CONNECTOR} to store ${n} on both partitions` });
}

/** Lists, rewinds by REWIND, writes the procedure script; returns its path. */
async function planned(name) {
  const listing = file(`${name}-list.json`);
  writeFileSync(listing, JSON.stringify(await listOffsets(CONNECTOR)));
  cliOk(['edit', listing, '--shift', String(-REWIND), '-o', file(`${name}-edited.json`)]);
  const script = cliOk(['plan', file(`${name}-edited.json`), '--against', listing, '--kind', 'rest', '--url', CONNECT_URL,
    '--connector', CONNECTOR, '--timeout', '120', '--script']);
  const runDir = file(name);
  mkdirSync(runDir);
  writeFileSync(join(runDir, 'apply.sh'), script);
  return runDir;
}

function runScript(runDir) {
  return spawnSync('bash', ['apply.sh'], { cwd: runDir, encoding: 'utf8', timeout: 600_000 });
}

describe('the REST procedure on the real worker', { concurrency: 1 }, () => {
  before(async () => {
    createTopic(TOPIC, 2);
    produce(TOPIC, [0, 1].flatMap((p) => numbered(0, 20, p)));
    await createConnector(CONNECTOR, mirrorSourceConfig(SOURCE, TOPIC), 'RUNNING');
    awaitEnd(TARGET, { 0: 20, 1: 20 });
    await storedReach(19);
  });

  test('a stale listing: the script stops before altering, names the moved partitions, leaves the connector STOPPED', async () => {
    const runDir = await planned('stale');
    // Records keep flowing after the listing was taken.
    produce(TOPIC, [0, 1].flatMap((p) => numbered(20, 30, p)));
    awaitEnd(TARGET, { 0: 30, 1: 30 });
    await storedReach(29);

    const r = runScript(runDir);
    assert.equal(r.status, 1, `${r.stdout}\n${r.stderr}`);
    assert.match(r.stderr, /Stopped before altering: the stored offsets of these partitions moved since the listing you edited/);
    for (const p of [0, 1]) {
      assert.match(r.stderr, new RegExp(`"partition":${p}.*listed \\{"offset":19\\} when you edited, now \\{"offset":29\\}`), r.stderr);
    }
    assert.doesNotMatch(r.stdout, /Alter the offsets/);
    assert.equal(await connectorState(CONNECTOR), 'STOPPED');
    assert.deepEqual(await stored(), { 0: 29, 1: 29 }, 'nothing was altered');
    // The script saved the listing it compared with, the worker's own, under the name a stop
    // before altering gives it, so that a run after it starts cleanly.
    const before = JSON.parse(readFileSync(join(runDir, 'before-alter.not-altered.json'), 'utf8'));
    assert.equal(before.offsets.length, 2);
  });

  test('a fresh listing: the script applies, reports the landed partitions, puts back RUNNING', async () => {
    const resumed = await fetch(`${CONNECT_URL}/connectors/${encodeURIComponent(CONNECTOR)}/resume`, { method: 'PUT' });
    assert.equal(resumed.status, 202);
    await until(async () => (await connectorState(CONNECTOR)) === 'RUNNING', { message: 'RUNNING' });
    const runDir = await planned('fresh');

    const r = runScript(runDir);
    assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
    assert.match(r.stdout, /No edited partition moved since the listing you edited \(2 checked\)\./);
    assert.match(r.stdout, /2 of 2 altered partitions landed\./);
    assert.doesNotMatch(r.stdout, /drifted/);
    // The verify step's listing is the worker's, with the offsets the alter set.
    const landed = JSON.parse(readFileSync(join(runDir, 'after-alter.json'), 'utf8'));
    assert.deepEqual(Object.fromEntries(landed.offsets.map((e) => [e.partition.partition, e.offset.offset])), { 0: 29 - REWIND, 1: 29 - REWIND });
    // Step 8 resumed it (the worker applies a resume asynchronously).
    assert.match(r.stdout, /==> 8\/9 Resume the connector/);
    await until(async () => (await connectorState(CONNECTOR)) === 'RUNNING', { message: 'the recorded state (RUNNING) to be back' });
    // Exactly REWIND records of each partition are mirrored again, then the marker.
    awaitEnd(TARGET, { 0: 30 + REWIND, 1: 30 + REWIND });
    produce(TOPIC, [0, 1].flatMap((p) => numbered(30, 31, p)));
    awaitEnd(TARGET, { 0: 31 + REWIND, 1: 31 + REWIND });
  });
});
