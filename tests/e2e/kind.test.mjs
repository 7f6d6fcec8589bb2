// End-to-end: the "Connector kind" selector (docs/rules.md, IMP7) and "Keep only the last" (S7),
// driven by role and accessible name, waiting for states, never for time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withApp, paste, headerFacts, eventually } from './editor-helpers.mjs';

/** A bare REST body of MirrorSourceConnector offsets whose entries lack `cluster`. */
const BARE_MM2 = '{"offsets":[{"partition":{"topic":"orders","partition":0},"offset":{"offset":5}},{"partition":{"topic":"orders","partition":1},"offset":{"offset":-1}}]}';

/** Partition 0 twice (key order differs): Kafka Connect keeps only the last. */
const REPEATED = '{"offsets":[{"partition":{"cluster":"east","topic":"t","partition":0},"offset":{"offset":1}},{"partition":{"cluster":"east","topic":"t","partition":1},"offset":{"offset":2}},{"partition":{"topic":"t","partition":0,"cluster":"east"},"offset":{"offset":3}}]}';

async function problemTexts(page) {
  const problems = page.getByRole('region', { name: 'Problems' });
  return (await problems.getByRole('listitem').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
}

test('choosing the connector kind of a bare REST body shows its MirrorMaker 2 errors', async () => {
  await withApp({}, async ({ page }) => {
    await paste(page, BARE_MM2);
    await eventually(async () => assert.equal((await headerFacts(page)).Connector, 'Source connector (generic)'));
    const kind = page.getByRole('combobox', { name: 'Connector kind', exact: true });
    await kind.waitFor();
    await eventually(async () => assert.equal(
      await kind.locator('option:checked').textContent(),
      'Detected: Source connector (generic; from the entry keys)',
    ));
    const problems = page.getByRole('region', { name: 'Problems' });
    await eventually(async () => assert.equal(await problems.getByText(/error\s*MS1/).count(), 0));

    await kind.selectOption({ label: 'MirrorSourceConnector' });
    await problems.getByText("(entry #1): the source partition is missing the 'cluster' key").first().waitFor();
    const items = await problemTexts(page);
    assert.ok(items.some((t) => /error\s*MS1\s*.*partition 1 \(entry #2\): the source partition is missing the 'cluster' key/.test(t)), JSON.stringify(items));
    assert.ok(items.some((t) => /error\s*MS8\s*.*partition 1 \(entry #2\): the offset -1 is negative/.test(t)), JSON.stringify(items));
    assert.ok(items.some((t) => /warning\s*IMP7\s*.*Entry #1 does not look like a MirrorSourceConnector partition/.test(t)), JSON.stringify(items));
    await eventually(async () => assert.equal((await headerFacts(page)).Connector, 'MirrorSourceConnector'));
    await eventually(async () => assert.equal(await kind.inputValue(), 'mirror-source'));

    // Back to the detected kind: the MirrorMaker 2 errors go away.
    await kind.selectOption({ index: 0 });
    await problems.getByText(/error\s*MS1/).first().waitFor({ state: 'detached' });
    await eventually(async () => assert.equal((await headerFacts(page)).Connector, 'Source connector (generic)'));
  });
});

test('the S7 problem offers "Keep only the last", which removes the earlier entry in one undoable step', async () => {
  await withApp({}, async ({ page }) => {
    await paste(page, REPEATED);
    const problems = page.getByRole('region', { name: 'Problems' });
    await problems.getByText(/warning\s*S7/).waitFor();
    await eventually(async () => assert.equal(await page.locator('tr.row').count(), 3));
    await problems.getByRole('button', { name: 'Keep only the last', exact: true }).click();
    await problems.getByText(/warning\s*S7/).waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: /Kept only the last entry of each repeated partition: removed 1 earlier row/ }).waitFor();
    const undo = page.getByRole('button', { name: 'Undo', exact: true });
    await undo.click();
    await problems.getByText(/warning\s*S7/).waitFor();
  });
});

test('an empty listing is no error: the export waits for partitions, and adding them clears it; the Cluster field stays (issues 20 item 2, 31 item 14)', async () => {
  await withApp({}, async ({ page }) => {
    await paste(page, '{"offsets":[]}');
    const kind = page.getByRole('combobox', { name: 'Connector kind', exact: true });
    await kind.selectOption({ label: 'MirrorSourceConnector' });
    const problems = page.getByRole('region', { name: 'Problems' });
    const exportRegion = page.getByRole('region', { name: 'Export' });
    await problems.getByText(/No offsets listed yet/).first().waitFor();
    await exportRegion.getByText(/Make a change to export: the listing is empty/).first().waitFor();
    assert.equal(await problems.getByText(/Nothing to alter/).count(), 0, 'an empty listing is not an error');
    const cluster = page.getByRole('textbox', { name: 'Cluster', exact: true });
    await cluster.fill('east');
    await page.getByRole('textbox', { name: 'Topic to add', exact: true }).fill('orders');
    await page.getByRole('textbox', { name: 'Partitions', exact: true }).fill('0-5');
    await page.getByRole('textbox', { name: 'Offset', exact: true }).fill('10');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('textbox', { name: 'Offset of orders partition 5', exact: true }).waitFor();
    await eventually(async () => assert.equal(await exportRegion.getByText(/the listing is empty/).count(), 0));
    await eventually(async () => assert.equal(await exportRegion.getByText(/Export is disabled until/).count(), 0));
    await eventually(async () => assert.equal(await cluster.inputValue(), 'east', 'the Cluster field keeps what was typed'));
  });
});
