// Absolute edits and rollbacks on a running mirror (issue 31 items 4 and 5), with the REST
// scripts of `connect-offsets plan --kind rest --script` run by bash against the real worker:
//   - A daily alter from a listing taken while the connector ran, whose edits set values: the
//     strict script stops at the compare step, names --absolute and leaves its listing under a
//     name of its own; the --absolute script, run next in the same folder, starts cleanly,
//     alters the moved partitions all the same and names them.
//   - The rollback of that alter, once the connector has resumed and mirrored records since: it
//     puts every partition back, names the ones that moved, and resumes the connector.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CONNECT_URL, RUN, awaitEnd, cliOk, connectorState, createConnector, createTopic, listOffsets,
  mirrorSourceConfig, numbered, produce, resumeConnector, until, workdir,
} from './cluster.mjs';

const SOURCE = `abs${RUN}`;
const TOPIC = `abs-orders-${RUN}`;
const TARGET = `${SOURCE}.${TOPIC}`;
const CONNECTOR = `${SOURCE}->tgt.MirrorSourceConnector`;

const dir = workdir('absolute');
const file = (name) => join(dir, name);

/** The stored offsets by partition. */
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

/** `plan FILE --against LISTING --kind rest ... --script` with `extra`, written to runDir/name. */
function plan(runDir, name, edited, listing, extra = []) {
  const script = cliOk(['plan', edited, '--against', listing, ...extra, '--kind', 'rest', '--url', CONNECT_URL,
    '--connector', CONNECTOR, '--timeout', '120', '--script']);
  mkdirSync(runDir, { recursive: true });
  writeFileSync(join(runDir, name), script);
}

function run(runDir, name) {
  return spawnSync('bash', [name], { cwd: runDir, encoding: 'utf8', timeout: 600_000 });
}

const moved = (p, was, now, sets) => new RegExp(
  `"partition":${p}.*listed \\{"offset":${was}\\} when you edited, now \\{"offset":${now}\\}; the alter sets \\{"offset":${sets}\\} all the same`);

describe('absolute edits and rollbacks on a running mirror', { concurrency: 1 }, () => {
  const listing = file('list.json');
  const edited = file('edited.json');

  before(async () => {
    createTopic(TOPIC, 2);
    produce(TOPIC, [0, 1].flatMap((p) => numbered(0, 20, p)));
    await createConnector(CONNECTOR, mirrorSourceConfig(SOURCE, TOPIC), 'RUNNING');
    awaitEnd(TARGET, { 0: 20, 1: 20 });
    await storedReach(19);
  });

  test('a daily alter of set values from a listing taken while the connector ran', async () => {
    // Listed while RUNNING, as the List commands allow; both partitions set to absolute values.
    writeFileSync(listing, JSON.stringify(await listOffsets(CONNECTOR)));
    cliOk(['edit', listing, '--set', `${TOPIC}:0=10`, '--set', `${TOPIC}:1=12`, '-o', edited]);
    // Records keep flowing: both partitions move on after the listing.
    produce(TOPIC, [0, 1].flatMap((p) => numbered(20, 30, p)));
    awaitEnd(TARGET, { 0: 30, 1: 30 });
    await storedReach(29);

    const runDir = file('daily');
    plan(runDir, 'strict.sh', edited, listing);
    const strict = run(runDir, 'strict.sh');
    assert.equal(strict.status, 1, `${strict.stdout}\n${strict.stderr}`);
    assert.match(strict.stderr, /Stopped before altering/);
    assert.match(strict.stderr, /generate the procedure with connect-offsets plan --absolute instead/);
    assert.equal(await connectorState(CONNECTOR), 'STOPPED');
    assert.deepEqual(await stored(), { 0: 29, 1: 29 }, 'nothing was altered');
    assert.ok(existsSync(join(runDir, 'before-alter.not-altered.json')));
    assert.ok(!existsSync(join(runDir, 'before-alter.json')), 'the name the next run lists to is free');

    // The same edits, told that they set values, run next in the same folder.
    plan(runDir, 'absolute.sh', edited, listing, ['--absolute']);
    const r = run(runDir, 'absolute.sh');
    assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
    assert.doesNotMatch(r.stderr, /exists from an earlier run/);
    assert.match(r.stdout, /Every one of the 2 partitions is set to a value that does not depend on its stored offset/);
    assert.match(r.stdout, /These partitions moved since the listing you edited; they are altered all the same/);
    assert.match(r.stdout, moved(0, 19, 29, 10));
    assert.match(r.stdout, moved(1, 19, 29, 12));
    assert.match(r.stdout, /2 of 2 altered partitions landed\./);
    // The strict run had left it STOPPED, so this run recorded STOPPED and keeps it so.
    assert.match(r.stdout, /was already STOPPED when this script started, so it stays stopped/);
    assert.deepEqual(await stored(), { 0: 10, 1: 12 });

    // Resumed, partition 0 mirrors records 11..29 again and partition 1 records 13..29.
    await resumeConnector(CONNECTOR);
    awaitEnd(TARGET, { 0: 30 + 19, 1: 30 + 17 });
    await storedReach(29);
  });

  test('the rollback runs after the connector resumed and mirrored records', async () => {
    // More records since the alter: the state after the alter (10 and 12) is long gone.
    produce(TOPIC, [0, 1].flatMap((p) => numbered(30, 35, p)));
    awaitEnd(TARGET, { 0: 35 + 19, 1: 35 + 17 });
    await storedReach(34);
    assert.equal(await connectorState(CONNECTOR), 'RUNNING');

    const runDir = file('rollback');
    plan(runDir, 'rollback.sh', edited, listing, ['--rollback']);
    assert.match(readFileSync(join(runDir, 'rollback.sh'), 'utf8'), /^#!\/usr\/bin\/env bash\n# Roll back: /);
    const r = run(runDir, 'rollback.sh');
    assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
    assert.match(r.stdout, /These partitions moved since the listing you edited; they are altered all the same/);
    assert.match(r.stdout, moved(0, 10, 34, 19));
    assert.match(r.stdout, moved(1, 12, 34, 19));
    assert.match(r.stdout, /2 of 2 altered partitions landed\./);
    const landed = JSON.parse(readFileSync(join(runDir, 'after-alter.json'), 'utf8'));
    assert.deepEqual(Object.fromEntries(landed.offsets.map((e) => [e.partition.partition, e.offset.offset])), { 0: 19, 1: 19 });
    // Put back as it was: RUNNING, and mirroring again from the listed offsets (20..34 again).
    await until(async () => (await connectorState(CONNECTOR)) === 'RUNNING', { message: 'the recorded state (RUNNING) to be back' });
    awaitEnd(TARGET, { 0: 35 + 19 + 15, 1: 35 + 17 + 15 });
  });
});
