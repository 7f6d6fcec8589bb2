// The page against the real worker: the listing a stopped MirrorSourceConnector printed
// (`GET /connectors/NAME/offsets`, the text as it came) is pasted into the app in Chromium, one
// offset is edited, and the "PATCH JSON" export is sent to the worker, which must accept it, list
// exactly the edited offset and, resumed, mirror again exactly the records the page said it would.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  RUN, awaitEnd, createConnector, createTopic, listOffsets, mirrorSourceConfig, numbered, produce,
  rest, resumeConnector, stopConnector, until,
} from './cluster.mjs';
import { assertQuietAndOffline, eventually, openApp, openExport, paste } from '../e2e/editor-helpers.mjs';

const SOURCE = `page${RUN}`;
const TOPIC = `page-orders-${RUN}`;
const CONNECTOR = `${SOURCE}->tgt.MirrorSourceConnector`;
const PATH = `/connectors/${encodeURIComponent(CONNECTOR)}/offsets`;

describe('the page, with a listing the real worker printed', { concurrency: 1 }, () => {
  let printed;
  let app;

  before(async () => {
    createTopic(TOPIC, 2);
    produce(TOPIC, [0, 1].flatMap((p) => numbered(0, 30, p)));
    await createConnector(CONNECTOR, mirrorSourceConfig(SOURCE, TOPIC), 'RUNNING');
    awaitEnd(`${SOURCE}.${TOPIC}`, { 0: 30, 1: 30 });
    await until(async () => (await listOffsets(CONNECTOR)).offsets.filter((e) => e.offset?.offset === 29).length === 2,
      { message: 'both partitions stored at 29' });
    await stopConnector(CONNECTOR);
    const listed = await rest('GET', PATH);
    assert.equal(listed.status, 200);
    printed = listed.text;
    app = await openApp();
  });

  after(async () => {
    await app?.close();
  });

  test('load, edit one offset, export the PATCH body: the worker accepts it and lists the edit', async () => {
    const { page } = app;
    await paste(page, printed);
    const status = page.getByRole('status').filter({ hasText: /^Loaded / });
    await eventually(async () => assert.match(await status.textContent(), /^Loaded 2 entries \(MirrorSourceConnector\)\./));

    const offset = page.getByRole('textbox', { name: `Offset of ${TOPIC} partition 1`, exact: true });
    await offset.fill('9');
    await offset.press('Enter');
    // What the page says will happen, checked on the target below.
    const row = page.locator('tr.row').filter({ has: offset });
    await eventually(async () => assert.match(await row.locator('td.change').textContent(), /20 records will be mirrored again/));
    const patch = (await openExport(page, 'PATCH JSON')).locator('pre');
    await eventually(async () => assert.match(await patch.textContent(), /"offset" : 9\b/));
    const body = await patch.textContent();
    assert.doesNotMatch(body, /"partition" : 0\b/, 'only the changed entry is exported');

    const answer = await rest('PATCH', PATH, body);
    assert.equal(answer.status, 200, answer.text);
    assert.match(answer.json.message, /altered successfully/);
    const now = Object.fromEntries((await listOffsets(CONNECTOR)).offsets.map((e) => [e.partition.partition, e.offset.offset]));
    assert.deepEqual(now, { 0: 29, 1: 9 });
    await app.screenshot('live-page-export');
    assertQuietAndOffline(app);

    // Resumed, partition 1 mirrors records 10..29 again, exactly 20; then a marker each.
    await resumeConnector(CONNECTOR);
    awaitEnd(`${SOURCE}.${TOPIC}`, { 0: 30, 1: 50 });
    produce(TOPIC, [0, 1].flatMap((p) => numbered(30, 31, p)));
    awaitEnd(`${SOURCE}.${TOPIC}`, { 0: 31, 1: 51 });
    await stopConnector(CONNECTOR);
  });
});
