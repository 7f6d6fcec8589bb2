// End-to-end, issue 20 items 7, 10, 11 and 12 in real Chromium, by accessible names: rewinding
// to a time starts next to the bulk actions; rows with an error are marked in the table; the
// export takes the width a script needs at 1440 px, and over 1 MiB it is offered in rounds;
// the smaller traps (a 64-bit overflow named as such, no "1 error" for a name nothing needs
// yet, one table of versions). Tests wait for states, never for time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FIXTURES } from './harness.mjs';
import { withApp, paste, offsetBox, setCell, until, eventually, openExport, mm2Entry } from './editor-helpers.mjs';

const fixture = (name) => readFile(join(FIXTURES, name), 'utf8');
const MM2 = 'kafkamirrormaker2-source.list.yaml'; // orders 0 = 41, orders 1 = 42

test('a time typed as a bulk value points to "Rewind to a time…", which leads to References next to the table (item 7)', async () => {
  await withApp({}, async ({ page }) => {
    await paste(page, await fixture(MM2));
    const value = page.getByRole('textbox', { name: 'Value' });
    await value.fill('2026-11-30 12:00 UTC');
    await value.press('Enter');
    const error = page.getByRole('alert').filter({ hasText: 'is a time, not an offset' });
    await error.waitFor();
    assert.match(await error.textContent(), /press "Rewind to a time…" \(Bulk actions\)/);
    // The References panel is in the main column with the table, no longer below Export.
    const main = page.getByRole('main');
    await main.getByRole('region', { name: 'References' }).waitFor();
    assert.equal(await page.getByRole('complementary', { name: 'Problems and export' }).getByRole('region', { name: 'References' }).count(), 0);
    await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Rewind to a time…' }).click();
    const at = page.getByRole('textbox', { name: 'Look up at' });
    await until(() => at.evaluate((el) => el === document.activeElement), { message: 'the focus in "Look up at"' });
    await at.fill('2026-11-30 12:00 UTC');
    await page.getByRole('textbox', { name: 'Bootstrap server' }).fill('my-cluster-kafka-bootstrap:9092');
    await page.getByRole('region', { name: 'References' }).getByLabel('Lookup commands').waitFor();
  });
});

test('a row with an error is marked in the table with the error Problems names (item 10)', async () => {
  await withApp({}, async ({ page }) => {
    await paste(page, await fixture(MM2));
    // No error: no mark.
    await offsetBox(page, 'orders partition 0').waitFor();
    assert.equal(await page.getByRole('img', { name: /^Error in / }).count(), 0);
    // Partition -1 is an error of its row (MS3).
    await paste(page, await fixture('invalid-negative-partition.list.yaml'));
    const mark = page.getByRole('img', { name: /^Error in orders partition -1: MS3: / });
    await mark.waitFor();
    assert.equal(await page.getByRole('img', { name: /^Error in / }).count(), 1, 'only the bad row is marked');
    assert.match(await mark.getAttribute('title'), /^MS3: east\/orders partition -1 \(entry #2\): 'partition' has the invalid value -1/);
    const problems = page.getByRole('region', { name: 'Problems' });
    await eventually(async () => {
      const items = await problems.getByRole('listitem').allTextContents();
      assert.ok(items.some((t) => t.includes('MS3') && t.includes('east/orders partition -1')), `Problems names the row: ${JSON.stringify(items)}`);
    });
    const row = mark.locator('xpath=ancestor::tr');
    assert.match(await row.getAttribute('class'), /\bhas-error\b/);
  });
});

test('at 1440 px "Wide export" gives the script the width of its lines; the table stays usable (item 11)', async () => {
  await withApp({}, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await paste(page, await fixture(MM2));
    await setCell(page, 'orders partition 0', '40');
    const view = await openExport(page, 'kubectl script');
    const script = view.locator('pre.export-text');
    await script.waitFor();
    const narrow = await script.evaluate((el) => el.clientWidth);
    // The width of the script's 100-column comment lines, in its own font.
    const needed = await script.evaluate((el) => {
      const probe = document.createElement('span');
      probe.textContent = 'x'.repeat(100);
      probe.style.font = getComputedStyle(el).font;
      probe.style.whiteSpace = 'pre';
      document.body.append(probe);
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      return width;
    });
    assert.ok(narrow < needed, `narrow first (${narrow} px < ${needed} px): otherwise this test proves nothing`);
    const widen = page.getByRole('button', { name: 'Wide export' });
    assert.equal(await widen.getAttribute('aria-pressed'), 'false');
    await widen.click();
    await until(async () => (await widen.getAttribute('aria-pressed')) === 'true', { message: 'Wide export pressed' });
    await until(async () => (await script.evaluate((el) => el.clientWidth)) >= needed, { message: `the script at least ${needed} px wide` });
    // The table keeps its offset inputs usable beside it.
    const box = await offsetBox(page, 'orders partition 1').boundingBox();
    assert.ok(box && box.width >= 100, `the offset input keeps its width (${box && box.width} px)`);
    await widen.click();
    await until(async () => (await script.evaluate((el) => el.clientWidth)) < needed, { message: 'narrow again' });
  });
});

test('over 1 MiB the export offers rounds: ConfigMaps NAME-1, NAME-2, … and a procedure that alters each in turn (item 11)', async () => {
  await withApp({}, async ({ page }) => {
    // About 1.3 MB of offsets as the ConfigMap would hold them.
    const entries = [];
    for (let i = 0; i < 9000; i++) entries.push(mm2Entry('east', `orders-${Math.floor(i / 64)}`, i % 64, 1000 + i));
    const payload = JSON.stringify({ offsets: entries });
    const yaml = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: big-offsets\n  namespace: kafka\ndata:\n  east--west.MirrorSourceConnector.json: '${payload}'\n`;
    await paste(page, yaml);
    await offsetBox(page, 'orders-0 partition 0').waitFor();
    await page.getByRole('checkbox', { name: /^Export all entries/ }).check();
    const offer = page.getByRole('region', { name: 'Too large for one ConfigMap' });
    await offer.waitFor();
    await offer.getByRole('button', { name: 'Export in rounds' }).click();
    await offer.waitFor({ state: 'detached' });
    assert.equal(await page.getByRole('checkbox', { name: /^Export in rounds/ }).isChecked(), true);
    const configmap = await openExport(page, 'ConfigMap YAML');
    const text = configmap.locator('pre.export-text');
    await until(async () => ((await text.textContent()) ?? '').includes('name: "big-offsets-alter-2"'), { message: 'a second round' });
    const yamlText = await text.textContent();
    const docs = yamlText.split('\n---\n');
    assert.ok(docs.length >= 2, `${docs.length} rounds`);
    docs.forEach((doc, i) => assert.ok(doc.includes(`name: "big-offsets-alter-${i + 1}"`), `round ${i + 1} is named for its place`));
    // The commands need the resource's name, which a bare ConfigMap does not say.
    await page.getByRole('textbox', { name: 'KafkaMirrorMaker2 name' }).fill('my-mm2');
    const commands = await openExport(page, 'kubectl commands');
    await commands.getByRole('listitem', { name: /^Step \d+\. Alter round 1 of \d+ \(ConfigMap 'big-offsets-alter-1'\)$/ }).waitFor();
    await commands.getByRole('listitem', { name: new RegExp(`^Step \\d+\\. Alter round ${docs.length} of ${docs.length} `) }).waitFor();
  });
});

test('the smaller traps: a 2^63 offset is named as too large, a name nothing needs yet is no error, one table of versions (item 12)', async () => {
  await withApp({}, async ({ page }) => {
    await paste(page, '{"offsets":[{"partition":{"kafka_topic":"events","kafka_partition":0},"offset":{"kafka_offset":9223372036854775808}}]}');
    const cell = offsetBox(page, 'events partition 0');
    await cell.waitFor();
    const error = page.getByRole('alert').filter({ hasText: 'is above 9223372036854775807, the largest 64-bit offset' });
    await error.waitFor();
    // One line under the cell: it covers at most part of the next row.
    const height = await error.evaluate((el) => el.getBoundingClientRect().height);
    const rowHeight = await cell.evaluate((el) => el.closest('tr').getBoundingClientRect().height);
    assert.ok(height < rowHeight, `the error is one line (${height} px, a row is ${rowHeight} px)`);
  });
  await withApp({}, async ({ page }) => {
    // A REST payload names no connector: no error until an export needs the name.
    await paste(page, await fixture('rest-get-offsets.mm2-source.json'));
    const problems = page.getByRole('region', { name: 'Problems' });
    await problems.getByRole('heading', { name: /^Problems: 0 errors,/ }).waitFor();
    await setCell(page, 'clicks partition 0', '5');
    await problems.getByRole('heading', { name: /^Problems: 1 error,/ }).waitFor();
    await problems.getByText('Required: the connector name as Kafka Connect knows it.').first().waitFor();
    // The page's title carries the product's name; the versions table is the CLI's.
    assert.equal(await page.title(), 'connect-offsets: Connector offsets editor');
    await page.getByText('Versions the rules and procedures are checked against').click();
    const versions = page.getByRole('table', { name: 'Versions checked against' });
    await versions.getByRole('row', { name: /kafka\.strimzi\.io\/v1 resources Strimzi 1\.0 or later/ }).waitFor();
    await versions.getByRole('row', { name: /Checked live against Kafka Connect Kafka 4\.3\.1/ }).waitFor();
  });
});
