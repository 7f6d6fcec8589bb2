// End-to-end, issue 37 item 2 in real Chromium, by accessible names: "Fail over consumer
// groups" on the empty page reads pasted MirrorMaker 2 checkpoints (the real formatter's output
// kept by the live run), shows a table per group, locates a line that is not a checkpoint, and
// exports the --reset-offsets --from-file CSV and, once the target's bootstrap servers are
// given, the failover script. Tests wait for states, never for time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT } from './harness.mjs';
import { withApp, until, eventually } from './editor-helpers.mjs';

test('Fail over consumer groups: checkpoints to a table per group, the reset CSV and the script', async () => {
  const live = await readFile(join(ROOT, 'tests/fixtures/checkpoints/live-4.3.1.txt'), 'utf8');
  const more = 'Checkpoint{consumerGroupId=audit, topicPartition=east.payments-0, upstreamOffset=3, downstreamOffset=2, metadata=}\n';
  await withApp({}, async ({ page }) => {
    // The empty page offers three paths; each shows only its own fields.
    await page.getByRole('textbox', { name: 'Import text' }).waitFor();
    assert.equal(await page.getByRole('region', { name: 'Fail over consumer groups' }).count(), 0);
    await page.getByRole('radio', { name: 'Fail over consumer groups' }).check();
    const failover = page.getByRole('region', { name: 'Fail over consumer groups' });
    await failover.waitFor();
    assert.equal(await page.getByRole('region', { name: 'Start a new connector' }).count(), 0);
    assert.equal(await page.getByRole('region', { name: 'List commands' }).count(), 0);
    assert.equal(await page.getByRole('textbox', { name: 'Import text' }).count(), 0, 'no listing is read on this path');
    const text = failover.getByRole('textbox', { name: 'Checkpoints' });

    // A line that is not a checkpoint is shown with its line; no export is offered.
    await text.fill(`${live}Checkpoint{consumerGroupId=audit, topicPartition=east.payments-x, upstreamOffset=3, downstreamOffset=2, metadata=}\n`);
    const problems = failover.getByRole('list', { name: 'Problems of the checkpoints' });
    await eventually(async () => assert.match(await problems.textContent(), /CK1.*the partition of 'east\.payments-x'/s));
    assert.equal(await failover.getByRole('region', { name: 'Reset CSV' }).count(), 0);

    // Two groups: a table each, and the CSV with the group column.
    await text.fill(live + more);
    const audit = failover.getByRole('table', { name: 'Group audit' });
    await audit.waitFor();
    assert.deepEqual(await audit.getByRole('row').nth(1).getByRole('cell').allTextContents(), ['east.payments', '0', '3', '2']);
    const group = live.match(/consumerGroupId=([^,]+),/)[1];
    await failover.getByRole('table', { name: `Group ${group}` }).waitFor();
    const csv = failover.getByRole('region', { name: 'Reset CSV' });
    await eventually(async () => assert.match(await csv.locator('pre').textContent(), /^audit,east\.payments,0,2\n/));

    // One group chosen: topic,partition,offset; the script waits for the bootstrap servers.
    await failover.getByRole('textbox', { name: 'Consumer groups (optional)' }).fill('audit');
    await eventually(async () => assert.equal(await csv.locator('pre').textContent(), 'east.payments,0,2\n'));
    await eventually(async () => assert.match(await failover.getByRole('status', { name: 'Failover script' }).textContent(), /bootstrap servers/));
    await failover.getByRole('textbox', { name: 'Target bootstrap servers' }).fill('west-kafka-bootstrap:9092');
    const script = failover.getByRole('region', { name: 'Failover script' });
    await until(async () => (await script.count()) === 1, { message: 'the failover script' });
    const body = await script.locator('pre').textContent();
    assert.ok(body.includes("BOOTSTRAP='west-kafka-bootstrap:9092'"), body);
    assert.ok(body.includes("group='audit'"), body);
    assert.ok(body.includes('--reset-offsets --from-file plan-1.csv --dry-run --export'), body);
    // What the translation means is said.
    assert.match(await failover.getByRole('list', { name: 'Notes on the failover' }).textContent(), /may read some records again on the target, but skips none/);
    // Checked against the target: the group is ahead there, an error until moving it back is chosen.
    await failover.getByText('Check against the target cluster (optional)').click();
    await failover.getByRole('textbox', { name: 'Groups on the target (describe tables)' })
      .fill('GROUP TOPIC PARTITION CURRENT-OFFSET LOG-END-OFFSET LAG CONSUMER-ID HOST CLIENT-ID\naudit east.payments 0 3 9 6 - - -\n');
    await eventually(async () => assert.match(await problems.textContent(), /CK9.*has committed 3 on the target, past the translated offset 2/s));
    assert.equal(await failover.getByRole('region', { name: 'Reset CSV' }).count(), 0);
    await failover.getByRole('checkbox', { name: /Move groups back/ }).check();
    await failover.getByRole('region', { name: 'Reset CSV' }).waitFor();

    // Back to the first path: the import area again, and the failover's text kept.
    await page.getByRole('radio', { name: "Change a connector's offsets from its listing" }).check();
    await page.getByRole('textbox', { name: 'Import text' }).waitFor();
    await page.getByRole('radio', { name: 'Fail over consumer groups' }).check();
    assert.equal(await failover.getByRole('textbox', { name: 'Consumer groups (optional)' }).inputValue(), 'audit');
  });
});
