// End-to-end: safe by default (issue 14). Each trap a new user fell into, driven in Chromium by
// role and accessible name: a dangerous default in the auto.offset.reset view, edits lost to a
// load, empty values that meant null, and refusals that left no way out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FIXTURES } from './harness.mjs';
import { withApp, paste, headerFacts, offsetBox, changeText, setCell, until, openImport, openExport, eventually } from './editor-helpers.mjs';

const fixture = (name) => readFile(join(FIXTURES, name), 'utf8');
const MM2 = 'kafkamirrormaker2-source.list.yaml'; // orders 0 = 41, orders 1 = 42
const EXAMPLE = 'kafkaconnector-mm2-source.list.yaml'; // the page's example: orders 0-2 = 1006, 2006, 3006; payments 0-1 = 1008, 2008
const SINK = 'kafkaconnector-sink.list.json'; // events 0-2 = 500, 501, 502

test('auto.offset.reset: no command until the user chooses; latest is warned', async () => {
  await withApp({}, async ({ page }) => {
    await paste(page, await fixture(MM2));
    await setCell(page, 'orders partition 0', '3');
    await openExport(page, 'auto.offset.reset commands');
    const select = page.getByRole('combobox', { name: 'auto.offset.reset value' });
    await eventually(async () => assert.equal(await select.inputValue(), '', 'not chosen by default'));
    const none = page.getByRole('status', { name: 'auto.offset.reset commands' });
    await none.waitFor();
    await eventually(async () => assert.match(await none.textContent(), /Not chosen, so no command.*default is earliest/));
    await eventually(async () => assert.equal(await page.getByRole('heading', { name: 'auto.offset.reset commands' }).count(), 0));

    await select.selectOption('latest');
    await page.getByRole('heading', { name: 'auto.offset.reset commands' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'latest gives up at-least-once delivery' }).waitFor();
    const commands = page.getByRole('region', { name: 'auto.offset.reset commands' });
    await eventually(async () => assert.match(await commands.textContent(), /source\.consumer\.auto\.offset\.reset/));

    await select.selectOption('earliest');
    await until(async () => (await page.getByRole('alert').filter({ hasText: 'at-least-once' }).count()) === 0, { message: 'warning gone' });
    // Back to not chosen: no command again.
    await select.selectOption('');
    await none.waitFor();
    await eventually(async () => assert.equal(await page.getByRole('heading', { name: 'auto.offset.reset commands' }).count(), 0));
  });
});

test('nothing lost: Load example, Load, Open file and Discard draft are undone by Undo', async () => {
  await withApp({}, async ({ page }) => {
    const undo = page.getByRole('button', { name: 'Undo', exact: true });
    const redo = page.getByRole('button', { name: 'Redo', exact: true });
    const p0 = offsetBox(page, 'orders partition 0');
    await paste(page, await fixture(MM2));
    await setCell(page, 'orders partition 0', '3');
    await setCell(page, 'orders partition 1', '4');

    // Load example over two edits: Undo brings them back, Redo loads the example again.
    await openImport(page);
    await page.getByRole('button', { name: 'Load example' }).click();
    await until(async () => (await p0.inputValue()) === '1006', { message: 'example loaded' });
    await page.getByRole('status').filter({ hasText: 'Undo (Ctrl+Z) brings back the previous listing with its 2 edits.' }).waitFor();
    await undo.click();
    await until(async () => (await p0.inputValue()) === '3', { message: 'edits back after Load example' });
    await eventually(async () => assert.equal(await offsetBox(page, 'orders partition 1').inputValue(), '4'));
    await eventually(async () => assert.equal((await headerFacts(page)).ConfigMap, 'kafka/my-mm2-offsets'));
    await redo.click();
    await until(async () => (await p0.inputValue()) === '1006', { message: 'redo loads the example' });
    await undo.click();
    await until(async () => (await p0.inputValue()) === '3', { message: 'undo again' });

    // Load (pasted text).
    await paste(page, await fixture(SINK));
    await offsetBox(page, 'events partition 0').waitFor();
    await undo.click();
    await until(async () => (await p0.inputValue()) === '3', { message: 'edits back after Load' });

    // Open file.
    await openImport(page);
    await page.getByLabel('Open file').setInputFiles(join(FIXTURES, SINK));
    await offsetBox(page, 'events partition 0').waitFor();
    await undo.click();
    await until(async () => (await p0.inputValue()) === '3', { message: 'edits back after Open file' });

    // Discard draft.
    await openImport(page);
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await page.getByRole('region', { name: 'Loaded offsets' }).waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Draft discarded. Undo (Ctrl+Z) brings back the previous listing with its 2 edits.' }).waitFor();
    await undo.click();
    await until(async () => (await p0.count()) === 1 && (await p0.inputValue()) === '3', { message: 'edits back after Discard' });
    await eventually(async () => assert.equal(await offsetBox(page, 'orders partition 1').inputValue(), '4'));
    // Its own history came back too: the last edit undoes.
    await undo.click();
    await until(async () => (await offsetBox(page, 'orders partition 1').inputValue()) === '42', { message: 'the listing’s own undo' });
  });
});

test('null only on purpose: an empty Value is refused, a cleared cell comes back', async () => {
  await withApp({}, async ({ page }) => {
    await paste(page, await fixture(SINK));
    const value = page.getByRole('textbox', { name: 'Value', exact: true });
    await value.fill('');
    await page.getByRole('button', { name: 'Set 3 rows', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Type a value' }).waitFor();
    for (const [p, v] of [[0, '500'], [1, '501'], [2, '502']]) {
      await eventually(async () => assert.equal(await offsetBox(page, `events partition ${p}`).inputValue(), v, 'nothing nulled'));
    }
    // Typing null is on purpose.
    await value.fill('null');
    await page.getByRole('button', { name: 'Set 3 rows', exact: true }).click();
    await until(async () => (await offsetBox(page, 'events partition 0').inputValue()) === '', { message: 'typed null' });
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await until(async () => (await offsetBox(page, 'events partition 0').inputValue()) === '500', { message: 'undo' });

    // Clearing a cell and leaving it (Tab, then Enter) restores it.
    const p1 = offsetBox(page, 'events partition 1');
    await p1.fill('');
    await p1.press('Tab');
    await until(async () => (await p1.inputValue()) === '501', { message: 'blur restores' });
    await p1.fill('');
    await p1.press('Enter');
    await until(async () => (await p1.inputValue()) === '501', { message: 'Enter restores' });
    await eventually(async () => assert.equal(await changeText(page, 'events partition 1'), ''));
    await eventually(async () => assert.equal(await page.getByRole('checkbox', { name: 'Null offset of events partition 1', exact: true }).isChecked(), false));
  });
});

test('a shift below 0 offers null or 0 in one undoable step; Escape cancels', async () => {
  await withApp({}, async ({ page }) => {
    await paste(page, await fixture(EXAMPLE));
    const value = page.getByRole('textbox', { name: 'Value', exact: true });
    const shift = page.getByRole('button', { name: 'Shift 5 rows', exact: true });
    const valueOf = (name) => offsetBox(page, name).inputValue();
    await value.fill('-1500');
    await shift.click();
    const offer = page.getByRole('alertdialog', { name: /Shifting by -1500 would take 2 rows below 0/ });
    await offer.waitFor();
    const toNull = offer.getByRole('button', { name: 'Resume those 2 rows at record 0 (null: replays from auto.offset.reset, earliest by default)' });
    await until(async () => toNull.evaluate((b) => document.activeElement === b), { message: 'focus moves into the offer' });
    await page.keyboard.press('Escape');
    await offer.waitFor({ state: 'detached' });
    await until(async () => shift.evaluate((b) => document.activeElement === b), { message: 'focus back on Shift' });
    await eventually(async () => assert.equal(await valueOf('orders partition 0'), '1006', 'cancel changes nothing'));

    await shift.click();
    await toNull.click();
    await until(async () => (await valueOf('orders partition 1')) === '506', { message: 'shift with nulls' });
    await eventually(async () => assert.equal(await valueOf('orders partition 0'), ''));
    await eventually(async () => assert.equal(await page.getByRole('checkbox', { name: 'Null offset of payments partition 0', exact: true }).isChecked(), true));
    await eventually(async () => assert.equal(await valueOf('payments partition 1'), '508'));
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await until(async () => (await valueOf('orders partition 0')) === '1006', { message: 'one undo' });
    await eventually(async () => assert.equal(await valueOf('orders partition 1'), '2006'));

    await shift.click();
    await offer.getByRole('button', { name: 'Resume them at record 1 (stores 0: record 0 is skipped)' }).click();
    await until(async () => (await valueOf('orders partition 0')) === '0', { message: 'shift with zeros' });
    await eventually(async () => assert.equal(await valueOf('payments partition 0'), '0'));
    await eventually(async () => assert.equal(await valueOf('orders partition 2'), '1506'));
  });
});

test('a sink shift below 0 words null as deleting the consumer group offset', async () => {
  await withApp({}, async ({ page }) => {
    await paste(page, await fixture(SINK));
    await page.getByRole('textbox', { name: 'Value', exact: true }).fill('-502');
    await page.getByRole('button', { name: 'Shift 3 rows', exact: true }).click();
    const offer = page.getByRole('alertdialog');
    await offer.getByRole('button', { name: 'Set those 2 rows to null (delete the consumer group offset)' }).waitFor();
    await offer.getByRole('button', { name: 'Cancel' }).click();
    await offer.waitFor({ state: 'detached' });
  });
});

test('a float offset is shown as typed with its error, and a whole number fixes it', async () => {
  await withApp({}, async ({ page }) => {
    await paste(page, (await fixture(EXAMPLE)).replace('"offset" : 2006', '"offset" : 1.0'));
    const p1 = offsetBox(page, 'orders partition 1');
    await eventually(async () => assert.equal(await p1.inputValue(), '1.0'));
    await eventually(async () => assert.equal(await p1.isEnabled(), true));
    await eventually(async () => assert.equal(await p1.getAttribute('aria-invalid'), 'true'));
    await page.getByRole('alert').filter({ hasText: 'Not a whole number' }).waitFor();
    await p1.fill('2006');
    await p1.press('Enter');
    await until(async () => (await p1.getAttribute('aria-invalid')) === 'false', { message: 'fixed' });
    await eventually(async () => assert.equal(await p1.inputValue(), '2006'));
  });
});

test('a bulk action leaves out selected rows the filter hides, and says so', async () => {
  await withApp({}, async ({ page }) => {
    await paste(page, await fixture(EXAMPLE));
    const scope = page.getByRole('status', { name: 'Bulk scope' });
    await page.getByRole('checkbox', { name: 'Select orders partition 0', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Select payments partition 0', exact: true }).check();
    await page.getByRole('searchbox', { name: 'Filter' }).fill('orders');
    await until(async () => /1 selected row is hidden by the filter and left out/.test(await scope.textContent()), { message: 'scope says so' });
    await page.getByRole('textbox', { name: 'Value', exact: true }).fill('5');
    await page.getByRole('button', { name: 'Set 1 row', exact: true }).click();
    await until(async () => (await offsetBox(page, 'orders partition 0').inputValue()) === '5', { message: 'set' });
    await page.getByRole('searchbox', { name: 'Filter' }).fill('');
    await until(async () => (await scope.textContent()) === 'Applies to 2 rows: the selected rows.', { message: 'scope back' });
    await eventually(async () => assert.equal(await offsetBox(page, 'payments partition 0').inputValue(), '1008', 'the hidden row was left alone'));
  });
});

test("the connector's auto.offset.reset decides what a null is said to do (issue 20, item 1)", async () => {
  await withApp({}, async ({ page }) => {
    await paste(page, await fixture('kafkamirrormaker2-source.list.yaml'));
    await page.getByRole('checkbox', { name: 'Null offset of orders partition 1', exact: true }).check();
    const problems = page.getByRole('region', { name: 'Problems' });
    const ms13 = problems.getByRole('listitem').filter({ hasText: 'MS13' });
    await eventually(async () => assert.match(await ms13.textContent(), /\(earliest by default\), so the whole partition is replicated from its first record/));
    await eventually(async () => assert.equal(await changeText(page, 'orders partition 1'), 'replicated again from auto.offset.reset'));

    // The KafkaMirrorMaker2 sets source.consumer.auto.offset.reset: latest.
    const cr = (await fixture('resources/kafkamirrormaker2-1.2-v1.yaml'))
      .replace('        replication.factor: -1\n', '        replication.factor: -1\n        source.consumer.auto.offset.reset: latest\n');
    await page.getByRole('textbox', { name: 'Custom resource' }).fill(cr);
    await page.getByRole('button', { name: 'Check resource' }).click();
    await eventually(async () => assert.match(await ms13.textContent(),
      /auto\.offset\.reset \(latest, set by source\.consumer\.auto\.offset\.reset\): it starts at the log end, so every record written so far is skipped and never mirrored/));
    await eventually(async () => assert.equal(await changeText(page, 'orders partition 1'),
      'skips every record so far, never mirrored: auto.offset.reset latest, set by source.consumer.auto.offset.reset'));
    const check = page.getByRole('region', { name: 'Custom resource check' });
    await eventually(async () => assert.match(await check.getByRole('listitem').filter({ hasText: 'CR11' }).textContent(), /auto\.offset\.reset is latest/));
    await openExport(page, 'auto.offset.reset commands');
    await page.getByRole('combobox', { name: 'auto.offset.reset value' })
      .getByRole('option', { name: 'not chosen: keep the current setting (latest, set by source.consumer.auto.offset.reset), no command' }).waitFor({ state: 'attached' });
  });
});
