// End-to-end: the workspace (issue 13). The empty page's guided start generates the list
// commands from typed fields; after a load the import area is a one-line source bar and the
// table comes first, with problems and export in a side column on wide screens; the export
// views are ARIA tabs whose selection survives a reload. By role and name, waiting for states.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FIXTURES } from './harness.mjs';
import { withApp, paste, setCell, until, openExport } from './editor-helpers.mjs';

const fixture = (name) => readFile(join(FIXTURES, name), 'utf8');
const MM2 = 'kafkamirrormaker2-source.list.yaml'; // ConfigMap kafka/my-mm2-offsets, orders 0 = 41

const selectedTab = (page) => page.getByRole('tablist', { name: 'Export views' }).locator('[role=tab][aria-selected=true]');

test('guided start: three steps, and the list commands from typed fields', async () => {
  await withApp({}, async ({ page }) => {
    const start = page.getByRole('region', { name: 'Get started' });
    const steps = start.getByRole('list', { name: 'How it works' });
    assert.deepEqual(await steps.getByRole('heading').allTextContents(), ['List', 'Edit', 'Apply']);
    const status = start.getByRole('status', { name: 'List commands' });
    assert.equal(await status.textContent(), 'Fill in the KafkaConnector name and the namespace to see the commands.');

    await start.getByRole('textbox', { name: 'Resource name' }).fill('my-connector');
    await start.getByRole('textbox', { name: 'Namespace' }).fill('kafka');
    const commands = start.getByRole('region', { name: 'List commands' });
    const text = async () => (await commands.locator('pre').allTextContents()).join('\n');
    await until(async () => (await text()).includes(
      "kubectl annotate kafkaconnector 'my-connector' -n 'kafka' strimzi.io/connector-offsets=list --overwrite"),
    { message: 'KafkaConnector annotate command' });
    assert.match(await text(), /kubectl get configmap 'my-connector-offsets' -n 'kafka' -o yaml --show-managed-fields > 'list\.yaml'/);

    await start.getByRole('combobox', { name: 'Resource kind' }).selectOption('KafkaMirrorMaker2');
    await start.getByRole('textbox', { name: 'Resource name' }).fill('my-mm2');
    await status.waitFor();
    assert.equal(await status.textContent(), 'Fill in the connector to see the commands.');
    await start.getByRole('textbox', { name: 'Connector' }).fill('east->west.MirrorSourceConnector');
    await until(async () => (await commands.count()) === 1 && (await text()).includes(
      "kubectl annotate kafkamirrormaker2 'my-mm2' -n 'kafka' strimzi.io/connector-offsets=list 'strimzi.io/mirrormaker-connector=east->west.MirrorSourceConnector' --overwrite"),
    { message: 'KafkaMirrorMaker2 annotate command' });

    // A bad value is marked under its field, and no command is generated from it.
    const namespace = start.getByRole('textbox', { name: 'Namespace' });
    await namespace.fill("kafka'; rm -rf /");
    await until(async () => (await namespace.getAttribute('aria-invalid')) === 'true', { message: 'namespace marked' });
    const errorId = await namespace.getAttribute('aria-describedby');
    assert.match(await page.locator(`#${errorId}`).textContent(), /namespace/i);
    assert.equal(await commands.count(), 0);
    assert.equal(await status.textContent(), 'Correct the fields marked above to see the commands.');

    // Load example stays on the empty page.
    await page.getByRole('button', { name: 'Load example' }).click();
    await page.getByRole('region', { name: 'Loaded offsets' }).waitFor();
    assert.equal(await start.count(), 0, 'the guided start leaves once a listing is loaded');
  });
});

test('table first: the source bar, the table in view, Replace keeps the text; side column', async () => {
  await withApp({}, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const text = await fixture(MM2);
    await paste(page, text);
    const bar = page.getByRole('region', { name: 'Loaded offsets' });
    await bar.waitFor();
    assert.equal(
      (await bar.locator('.source-line').textContent()).trim(),
      'ConfigMap kafka/my-mm2-offsets · MirrorSourceConnector · key east--west.MirrorSourceConnector.json · 2 entries',
    );
    assert.equal(await page.getByRole('textbox', { name: 'Import text' }).count(), 0, 'the import text area is hidden');
    const table = page.getByRole('table');
    await table.waitFor();
    const tableBox = await table.boundingBox();
    assert.ok(tableBox.y < 900, `the table starts in the viewport (top ${tableBox.y})`);
    // The header row stays sticky inside the table's scroller.
    assert.equal(await table.locator('thead th').first().evaluate((th) => getComputedStyle(th).position), 'sticky');

    // Wide: problems and export beside the table, in a column that scrolls on its own.
    const side = page.getByRole('complementary', { name: 'Problems and export' });
    const main = page.getByRole('main');
    const [mainBox, sideBox] = [await main.boundingBox(), await side.boundingBox()];
    assert.ok(sideBox.x >= mainBox.x + mainBox.width, 'side column to the right of the table');
    assert.ok(sideBox.y < mainBox.y + mainBox.height, 'side by side');
    assert.deepEqual(
      await side.evaluate((el) => { const s = getComputedStyle(el); return [s.position, s.overflowY]; }),
      ['sticky', 'auto'],
    );
    assert.ok(sideBox.height <= 900 + 1, 'at most the viewport high');
    await side.getByRole('region', { name: 'Problems' }).waitFor();
    await side.getByRole('region', { name: 'Export' }).waitFor();

    // Replace opens the import area again with the text kept.
    await bar.getByRole('button', { name: 'Replace', exact: true }).click();
    const area = page.getByRole('textbox', { name: 'Import text' });
    await area.waitFor();
    assert.equal(await area.inputValue(), text);
    await page.getByRole('button', { name: 'Load example' }).waitFor();
    await page.getByRole('combobox', { name: 'Connector kind' }).waitFor();
    assert.equal(await bar.getByRole('button', { name: 'Replace', exact: true }).count(), 0);
    // ...and collapses again without loading.
    await page.getByRole('button', { name: 'Keep the current listing' }).click();
    await until(async () => (await area.count()) === 0, { message: 'import area collapsed' });

    // Narrow: the side column stacks under the table.
    await page.setViewportSize({ width: 800, height: 900 });
    await until(async () => {
      const [m, s] = [await main.boundingBox(), await side.boundingBox()];
      return s.y >= m.y + m.height - 1 && Math.abs(s.x - m.x) < 2;
    }, { message: 'side column stacked under the table' });
    assert.notEqual(await side.evaluate((el) => getComputedStyle(el).position), 'sticky');
  });
});

test('export tabs: ARIA tabs, arrow keys, the selection survives a reload', async () => {
  await withApp({}, async ({ page }) => {
    await paste(page, await fixture(MM2));
    await setCell(page, 'orders partition 0', '3');
    const tablist = page.getByRole('tablist', { name: 'Export views' });
    await tablist.waitFor();
    const names = await tablist.getByRole('tab').allTextContents();
    assert.deepEqual(names, ['ConfigMap YAML', 'kubectl commands', 'kubectl script', 'PATCH JSON', 'CSV', 'Rollback', 'auto.offset.reset commands']);
    assert.equal(await selectedTab(page).textContent(), 'ConfigMap YAML');

    // The selected tab controls a panel labelled by it, which holds the view of that name.
    const first = tablist.getByRole('tab', { name: 'ConfigMap YAML' });
    const panelId = await first.getAttribute('aria-controls');
    const panel = page.locator(`#${panelId}`);
    assert.equal(await panel.getAttribute('role'), 'tabpanel');
    assert.equal(await panel.getAttribute('aria-labelledby'), await first.getAttribute('id'));
    assert.match(await panel.getByRole('region', { name: 'ConfigMap YAML' }).locator('pre').textContent(), /east--west\.MirrorSourceConnector\.json/);
    assert.equal(await first.getAttribute('tabindex'), '0');
    assert.equal(await tablist.getByRole('tab', { name: 'CSV' }).getAttribute('tabindex'), '-1');

    // Right, Left (wrapping), End and Home move the selection and the focus.
    await first.focus();
    const expectSelected = async (name) => {
      await until(async () => (await selectedTab(page).textContent()) === name, { message: `${name} selected` });
      assert.equal(await page.evaluate(() => document.activeElement.textContent), name, `${name} focused`);
    };
    await page.keyboard.press('ArrowRight');
    await expectSelected('kubectl commands');
    await page.getByRole('tabpanel', { name: 'kubectl commands' }).getByRole('region', { name: 'kubectl commands' }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await expectSelected('ConfigMap YAML');
    await page.keyboard.press('ArrowLeft');
    await expectSelected('auto.offset.reset commands');
    await page.keyboard.press('Home');
    await expectSelected('ConfigMap YAML');
    await page.keyboard.press('End');
    await expectSelected('auto.offset.reset commands');

    // The whole procedure stays one download away, whichever tab is open.
    await page.getByRole('button', { name: 'Download everything as one script' }).waitFor();

    // The selection is kept in the prefs and survives a reload.
    const csv = await openExport(page, 'CSV');
    assert.match(await csv.getByRole('region', { name: 'CSV' }).locator('pre').textContent(), /orders/);
    await page.reload();
    await page.getByRole('region', { name: 'Loaded offsets' }).waitFor();
    await tablist.waitFor();
    await until(async () => (await selectedTab(page).textContent()) === 'CSV', { message: 'CSV selected after reload' });
    await page.getByRole('tabpanel', { name: 'CSV' }).getByRole('region', { name: 'CSV' }).waitFor();
  });
});
