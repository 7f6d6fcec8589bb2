// End-to-end: Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y are the app's Undo and Redo wherever the focus is,
// except in a text field holding typing not yet committed: there the first press undoes the
// typing (the browser's own text undo) and the next one is the app's (issue 20, items 3 and 4).
// Keys are pressed with page.keyboard where the user has the focus. Waits for states, never for
// time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FIXTURES } from './harness.mjs';
import { withApp, paste, offsetBox, setCell, rowOf, changeText, until, eventually, openImport, openExport } from './editor-helpers.mjs';

const fixture = (name) => readFile(join(FIXTURES, name), 'utf8');
const MM2 = 'kafkamirrormaker2-source.list.yaml'; // orders 0 = 41, orders 1 = 42
const SINK = 'kafkaconnector-sink.list.json'; // events 0-2 = 500, 501, 502

const hasFocus = (locator) => locator.evaluate((el) => el === document.activeElement);

/** Waits until `locator` has the focus. */
const focusOn = (locator, what) => until(() => hasFocus(locator), { message: `focus on ${what}` });

/**
 * Presses Ctrl+Z until `field` holds `committed` again: while it holds typing, each press is the
 * field's own text undo (the browser may undo a typed run in one step or in several).
 */
async function undoTyping(page, field, committed) {
  for (let presses = 0; presses < 10; presses++) {
    const before = await field.inputValue();
    if (before === committed) return;
    await page.keyboard.press('Control+z');
    await until(async () => (await field.inputValue()) !== before, { message: `a text undo step from ${JSON.stringify(before)}` });
  }
  assert.fail(`ten presses of Ctrl+Z did not bring back ${JSON.stringify(committed)}`);
}

test('after Load, Open file or a drop, Ctrl+Z in the Filter box undoes the load; typed filter text is undone first', async () => {
  await withApp({}, async ({ page }) => {
    const filter = page.getByRole('searchbox', { name: 'Filter' });
    const orders0 = offsetBox(page, 'orders partition 0');
    const events0 = offsetBox(page, 'events partition 0');
    const sink = await fixture(SINK);
    await paste(page, await fixture(MM2));
    await setCell(page, 'orders partition 0', '3');

    /** After a load of the sink listing: the focus is in the filter, and Ctrl+Z brings back the orders. */
    const undoneFromFilter = async (how) => {
      await events0.waitFor();
      await focusOn(filter, `the Filter box after ${how}`);
      await page.getByRole('status').filter({ hasText: 'Undo (Ctrl+Z) brings back the previous listing with its 1 edit.' }).waitFor();
      await page.keyboard.press('Control+z');
      await until(async () => (await orders0.count()) === 1 && (await orders0.inputValue()) === '3', { message: `Ctrl+Z in the Filter box undoes ${how}` });
      await page.getByRole('status').filter({ hasText: 'Undone: the previous listing is back with its 1 edit.' }).waitFor();
      await eventually(async () => assert.equal(await filter.inputValue(), '', 'the filter is as it was'));
    };

    await paste(page, sink);
    await undoneFromFilter('Load');
    // Redo from the filter too, by Ctrl+Shift+Z and by Ctrl+Y.
    await focusOn(filter, 'the Filter box after the undo');
    await page.keyboard.press('Control+Shift+Z');
    await events0.waitFor();
    await page.keyboard.press('Control+z');
    await until(async () => (await orders0.count()) === 1, { message: 'undone again' });
    await page.keyboard.press('Control+y');
    await events0.waitFor();
    await page.keyboard.press('Control+z');
    await until(async () => (await orders0.count()) === 1, { message: 'undone once more' });

    await openImport(page);
    await page.getByLabel('Open file').setInputFiles(join(FIXTURES, SINK));
    await undoneFromFilter('Open file');

    // A file dropped on the table while the focus is in the filter.
    const dataTransfer = await page.evaluateHandle((text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], 'sink.json', { type: 'application/json' }));
      return dt;
    }, sink);
    await page.getByRole('table', { name: 'Offsets' }).dispatchEvent('drop', { dataTransfer });
    await undoneFromFilter('a drop');

    // Text typed in the filter is still being typed: the first Ctrl+Z undoes it and nothing
    // else, the next is the app's (the edit of orders partition 0).
    await filter.click();
    await page.keyboard.type('pay');
    await page.getByRole('status').filter({ hasText: '0 of 2 entries shown' }).waitFor();
    await undoTyping(page, filter, '');
    await page.getByRole('status').filter({ hasText: '2 of 2 entries shown' }).waitFor();
    await eventually(async () => assert.equal(await orders0.inputValue(), '3', 'only the typing was undone'));
    await page.keyboard.press('Control+z');
    await until(async () => (await orders0.inputValue()) === '41', { message: 'the next Ctrl+Z undoes the edit' });
    await eventually(async () => assert.equal(await filter.inputValue(), ''));
    await focusOn(filter, 'the Filter box after the undo');
  });
});

test('the bulk Value, the import text and an export setting: their typing first, then the app', async () => {
  await withApp({}, async ({ page }) => {
    const orders0 = offsetBox(page, 'orders partition 0');
    const value = page.getByRole('textbox', { name: 'Value', exact: true });
    await paste(page, await fixture(MM2));

    // The bulk Value: Enter sets the rows, and the value it set is committed.
    await value.click();
    await page.keyboard.type('5');
    await page.keyboard.press('Enter');
    await until(async () => (await orders0.inputValue()) === '5', { message: 'Set 2 rows' });
    await page.keyboard.press('Control+z');
    await until(async () => (await orders0.inputValue()) === '41', { message: 'Ctrl+Z in the committed Value undoes the Set' });
    await eventually(async () => assert.equal(await value.inputValue(), '5', 'the Value is left as it was'));
    await page.keyboard.press('Control+Shift+Z');
    await until(async () => (await orders0.inputValue()) === '5', { message: 'Ctrl+Shift+Z redoes the Set' });
    // Typed after the Set (at the end of the field's text): undone first, then the Set.
    const typingThenSet = async (what, field, end, typed, redo) => {
      const committed = await field.inputValue();
      // focus(), not a click: a click moves the caret, which would end the browser's typing
      // run in the bulk Value by itself (the app must end it when the Set commits the text).
      await field.focus();
      await page.keyboard.press(end);
      await page.keyboard.type(typed);
      await undoTyping(page, field, committed);
      await eventually(async () => assert.equal(await orders0.inputValue(), '5', `${what}: only the typing was undone`));
      await page.keyboard.press('Control+z');
      await until(async () => (await orders0.inputValue()) === '41', { message: `${what}: then the Set` });
      await page.keyboard.press(redo);
      await until(async () => (await orders0.inputValue()) === '5', { message: `${what}: ${redo} redoes it` });
    };
    await typingThenSet('the bulk Value', value, 'End', '0', 'Control+Shift+Z');
    // An export setting (applied as it is typed, but not an undoable step).
    await typingThenSet('an export setting', page.getByRole('textbox', { name: 'Namespace', exact: true }), 'End', '-x', 'Control+y');
    // The import text: the loaded text is committed, what is typed into it is not.
    await openImport(page);
    await typingThenSet('the import text', page.getByRole('textbox', { name: 'Import text' }), 'Control+End', '\n# more', 'Control+Shift+Z');
  });
});

test('Ctrl+Z in a committed offset cell is the app\'s undo: the cell always shows the model\'s value', async () => {
  await withApp({}, async ({ page }) => {
    const name = 'orders partition 0';
    const cell = offsetBox(page, name);
    const resumes = () => rowOf(page, name).locator('td.resumes').textContent().then((t) => t.trim());
    const exportRegion = page.getByRole('region', { name: 'Export' });
    const patch = async () => (await exportRegion.getByRole('region', { name: 'PATCH JSON', exact: true }).locator('pre').textContent());
    const loadedText = await fixture(MM2);
    await paste(page, loadedText);

    // Typed and committed with Enter (which moves to the next row), then clicked again.
    await cell.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('1523400');
    await page.keyboard.press('Enter');
    await until(async () => (await resumes()) === '1523401', { message: 'the edit resumes at 1523401' });
    await openExport(page, 'PATCH JSON');
    await eventually(async () => assert.match(await patch(), /1523400/));
    await cell.click();
    await page.keyboard.press('Control+z');
    // The app's undo: the cell, Resumes at, the Change text and the export all say 41 again.
    await until(async () => (await cell.inputValue()) === '41', { message: 'the cell shows the model\'s previous value' });
    await eventually(async () => assert.equal(await resumes(), '42'));
    await eventually(async () => assert.equal(await changeText(page, name), ''));
    await eventually(async () => assert.doesNotMatch(await exportRegion.textContent(), /1523400/));
    await page.getByRole('button', { name: 'Redo', exact: true }).waitFor();
    await eventually(async () => assert.ok(await page.getByRole('button', { name: 'Redo', exact: true }).isEnabled(), 'the edit was undone'));
    assert.ok(await hasFocus(cell), 'the focus stays in the cell');
    // Leaving the cell makes no new edit.
    await page.keyboard.press('Tab');
    await eventually(async () => assert.equal(await changeText(page, name), '', 'no new edit on blur'));
    await eventually(async () => assert.equal(await cell.inputValue(), '41'));

    // Ctrl+Shift+Z in the cell redoes it; the cell follows the model.
    await cell.click();
    await page.keyboard.press('Control+Shift+Z');
    await until(async () => (await cell.inputValue()) === '1523400', { message: 'redone in the cell' });
    await eventually(async () => assert.equal(await resumes(), '1523401'));
    await eventually(async () => assert.match(await exportRegion.textContent(), /1523400/));

    // Typing not yet committed is undone first (the browser's text undo), then the edit.
    await page.keyboard.press('End');
    await page.keyboard.type('9');
    await eventually(async () => assert.equal(await cell.inputValue(), '15234009'));
    await undoTyping(page, cell, '1523400');
    await eventually(async () => assert.equal(await resumes(), '1523401', 'only the typing was undone'));
    await page.keyboard.press('Control+z');
    await until(async () => (await cell.inputValue()) === '41', { message: 'then the edit' });
    await eventually(async () => assert.equal(await resumes(), '42'));
    await page.keyboard.press('Control+z');
    // Then the first load itself is taken back (issue 31, item 10): the table goes, the empty
    // page is back with the text that was loaded.
    await cell.waitFor({ state: 'detached' });
    const importText = page.getByRole('textbox', { name: 'Import text' });
    await until(async () => (await importText.inputValue()) === loadedText, { message: 'the loaded text is back in Import text' });
  });
});
