// The page's alter checks each partition by its edit (issue 31 items 4 and 5), on the real
// worker: the listing a running MirrorSourceConnector printed is pasted into the app in
// Chromium, one partition is shifted from its listed offset and the other is set, and the page's
// "curl script" is run with bash against the worker.
//   - Records keep flowing: the shifted partition moved, so the script stops before altering,
//     names only that partition and leaves the connector STOPPED.
//   - From a listing of the stopped connector, only the set partition moves (another PATCH):
//     the script, run in the same folder, starts cleanly, alters both and names the moved one.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CONNECT_URL, RUN, awaitEnd, connectorState, createConnector, createTopic, listOffsets,
  mirrorSourceConfig, numbered, ok, produce, rest, until, workdir,
} from './cluster.mjs';
import { eventually, offsetBox, openApp, openExport, paste } from '../e2e/editor-helpers.mjs';

const SOURCE = `pagecheck${RUN}`;
const TOPIC = `pagecheck-orders-${RUN}`;
const TARGET = `${SOURCE}.${TOPIC}`;
const CONNECTOR = `${SOURCE}->tgt.MirrorSourceConnector`;
const PATH = `/connectors/${encodeURIComponent(CONNECTOR)}/offsets`;
const runDir = join(workdir('page-check'), 'run');

async function stored() {
  return Object.fromEntries((await listOffsets(CONNECTOR)).offsets.filter((e) => e.offset !== null)
    .map((e) => [e.partition.partition, e.offset.offset]));
}

/**
 * Pastes the worker's listing, sets partition 1 to 12, then shifts every row by -5 (partition 0
 * from its listed offset; partition 1 from the value it was set to), and returns the page's
 * curl script for the worker.
 */
async function pageScript(page) {
  const listed = await rest('GET', PATH);
  assert.equal(listed.status, 200);
  await paste(page, listed.text);
  const status = page.getByRole('status').filter({ hasText: /^Loaded / });
  await eventually(async () => assert.match(await status.textContent(), /^Loaded 2 entries \(MirrorSourceConnector\)\./));
  const p1 = offsetBox(page, `${TOPIC} partition 1`);
  await p1.fill('12');
  await p1.press('Enter');
  await eventually(async () => assert.equal(await p1.inputValue(), '12'));
  await page.getByRole('textbox', { name: 'Value', exact: true }).fill('-5');
  await page.getByRole('button', { name: 'Shift 2 rows', exact: true }).click();
  await eventually(async () => assert.equal(await p1.inputValue(), '7'));
  const exportRegion = page.getByRole('region', { name: 'Export' });
  await exportRegion.getByRole('radio', { name: 'Kafka Connect REST' }).check();
  await exportRegion.getByRole('textbox', { name: 'Connector name' }).fill(CONNECTOR);
  await exportRegion.getByRole('textbox', { name: 'Connect REST URL' }).fill(CONNECT_URL);
  const view = await openExport(page, 'curl script');
  await until(async () => (await view.locator('pre').count()) === 1, { message: 'the curl script' });
  let script;
  await eventually(async () => {
    script = await view.locator('pre').textContent();
    assert.match(script, new RegExp(`CONNECTOR_URL='${CONNECT_URL}/connectors/`));
    assert.match(script, /"altered":\[\{"offset":7\}\],"set":true\}/);
  });
  return script;
}

function run(name, script) {
  mkdirSync(runDir, { recursive: true });
  writeFileSync(join(runDir, name), script);
  return spawnSync('bash', [name], { cwd: runDir, encoding: 'utf8', timeout: 600_000 });
}

describe("the page's per-partition check on the real worker", { concurrency: 1 }, () => {
  let app;

  before(async () => {
    createTopic(TOPIC, 2);
    produce(TOPIC, [0, 1].flatMap((p) => numbered(0, 20, p)));
    await createConnector(CONNECTOR, mirrorSourceConfig(SOURCE, TOPIC), 'RUNNING');
    awaitEnd(TARGET, { 0: 20, 1: 20 });
    await until(async () => {
      const s = await stored();
      return s[0] === 19 && s[1] === 19;
    }, { message: 'both partitions stored at 19' });
    app = await openApp();
  });

  after(async () => {
    await app?.close();
  });

  test('a shifted partition that moved stops the script; the set one is not named', async () => {
    const script = await pageScript(app.page);
    assert.match(script, /"listed":\[\{"offset":19\}\],"altered":\[\{"offset":14\}\]\}/, 'partition 0 is checked');
    produce(TOPIC, [0, 1].flatMap((p) => numbered(20, 30, p)));
    awaitEnd(TARGET, { 0: 30, 1: 30 });
    await until(async () => (await stored())[0] === 29 && (await stored())[1] === 29, { message: 'both at 29' });

    const r = run('first.sh', script);
    assert.equal(r.status, 1, `${r.stdout}\n${r.stderr}`);
    assert.match(r.stderr, /Stopped before altering/);
    assert.match(r.stderr, /"partition":0.*listed \{"offset":19\} when you edited, now \{"offset":29\}/);
    assert.doesNotMatch(r.stderr, /"partition":1[,}]/, 'the set partition is not a reason to stop');
    assert.doesNotMatch(r.stderr, /--absolute/, 'the page knows each edit');
    assert.equal(await connectorState(CONNECTOR), 'STOPPED');
    assert.deepEqual(await stored(), { 0: 29, 1: 29 }, 'nothing was altered');
  });

  test('only the set partition moved: the next run starts cleanly, alters both and names it', async () => {
    const script = await pageScript(app.page);
    // The connector is stopped: only this PATCH moves partition 1 after the listing.
    await ok('PATCH', PATH, JSON.stringify({ offsets: [{ partition: { cluster: SOURCE, partition: 1, topic: TOPIC }, offset: { offset: 25 } }] }));
    await until(async () => (await stored())[1] === 25, { message: 'partition 1 at 25' });

    const r = run('second.sh', script);
    assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
    assert.match(r.stdout, /No partition edited relatively moved since the listing you edited \(1 checked\)/);
    assert.match(r.stdout, /"partition":1.*listed \{"offset":29\} when you edited, now \{"offset":25\}; the alter sets \{"offset":7\} all the same/);
    assert.match(r.stdout, /2 of 2 altered partitions landed\./);
    assert.deepEqual(await stored(), { 0: 24, 1: 7 });
    assert.equal(await connectorState(CONNECTOR), 'STOPPED', 'it was stopped when the script started');
  });
});
