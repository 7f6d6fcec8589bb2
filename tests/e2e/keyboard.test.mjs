// End-to-end: the keyboard flow and the page at narrow widths (issue 13 items 4 and 6). After a
// fixture is loaded (by clicks), the work is done with page.keyboard alone, counting every key
// press; the virtualised table is walked with Up/Down across its rendered window; "?" opens the
// shortcuts and Escape gives the focus back. Waits for states, never for time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FIXTURES } from './harness.mjs';
import { withApp, paste, offsetBox, rowOf, changeText, until, mm2RestPayload, topicName } from './editor-helpers.mjs';

const fixture = (name) => readFile(join(FIXTURES, name), 'utf8');
const MM2 = 'kafkaconnector-mm2-source.list.yaml';
/** The same work by keyboard on the build of 2026-12-01 morning (edaf6ab, before issue 13),
 * counted by walking the focus the same way: Tab from Load to the filter 20, "payments" 8,
 * Shift+Tab back to Value 12, "5" 1, Tab to Set 1, Enter 1, Tab to the Null box 26, Space 1,
 * Tab to the kubectl commands' Copy 14, Enter 1. */
const BEFORE = 85;

/** page.keyboard with a count of the key presses (a typed character is one press). */
function keyboard(page) {
  const k = {
    presses: 0,
    async press(key) { k.presses++; await page.keyboard.press(key); },
    async type(text) { k.presses += [...text].length; await page.keyboard.type(text); },
    /** Presses Tab until `locator` has the focus (at most `max` times); returns how many. */
    async tabTo(locator, max = 200) {
      const target = await locator.elementHandle();
      for (let n = 1; n <= max; n++) {
        await k.press('Tab');
        if (await page.evaluate((el) => document.activeElement === el, target)) return n;
      }
      throw new Error(`Tab never reached ${locator}`);
    },
  };
  return k;
}

/** The accessible name (aria-label) or id of the focused element. */
const focused = (page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.id ?? '');

/** Waits until the element named `name` has the focus (a row may have to be rendered first). */
async function focusOn(page, name) {
  let last;
  await until(async () => (last = await focused(page)) === name, { timeout: 5_000, message: `focus on ${name} (focus is on ${last})` })
    .catch(() => assert.fail(`focus on ${name}, not ${last}`));
}

test('by keyboard alone: rewind one topic, null one entry, copy the kubectl commands', async () => {
  await withApp({}, async ({ page, context, origin }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await paste(page, await fixture(MM2));
    // After a load the filter has the focus.
    await until(async () => (await focused(page)) === 'filter', { message: 'focus on the filter after the load' });
    const keys = keyboard(page);

    // Rewind payments: filter to it, Tab to the bulk Value (the next stop after the filter's
    // count), type the offset, Enter sets the rows the filter shows.
    await keys.type('payments');
    await page.getByRole('status').filter({ hasText: '2 of 5 entries shown' }).waitFor();
    const tabsToValue = await keys.tabTo(page.getByRole('textbox', { name: 'Value', exact: true }));
    assert.equal(tabsToValue, 1, 'the bulk Value follows the filter');
    await keys.type('5');
    await keys.press('Enter');
    // The confirmation is next to the bulk buttons, in the bulk region.
    const bulk = page.getByRole('region', { name: 'Bulk actions' });
    await bulk.getByRole('status').filter({ hasText: /^Set 2 offset/ }).waitFor();
    assert.equal(await offsetBox(page, 'payments partition 0').inputValue(), '5');
    assert.equal(await offsetBox(page, 'payments partition 1').inputValue(), '5');
    assert.equal(await offsetBox(page, 'orders partition 0').count(), 0, 'orders hidden by the filter');

    // Null payments partition 1: Down from the Value is the table's first offset (payments
    // partition 0), Down again partition 1, Tab its Null box.
    await keys.press('ArrowDown');
    await focusOn(page, 'Offset of payments partition 0');
    await keys.press('ArrowDown');
    await focusOn(page, 'Offset of payments partition 1');
    await keys.press('Tab');
    await focusOn(page, 'Null offset of payments partition 1');
    await keys.press('Space');
    await until(async () => (await offsetBox(page, 'payments partition 1').getAttribute('placeholder')) === 'null', { message: 'nulled' });

    // Copy the kubectl commands: Tab to the export tabs (the selected one is their stop),
    // Right arrow to "kubectl commands", then Tab into its panel to its Copy button.
    const tabsToTabs = await keys.tabTo(page.getByRole('tab', { name: 'ConfigMap YAML', exact: true }));
    await keys.press('ArrowRight');
    await page.getByRole('tab', { name: 'kubectl commands', exact: true, selected: true }).waitFor();
    const commands = page.getByRole('region', { name: 'Export' }).getByRole('region', { name: 'kubectl commands' });
    const copy = commands.getByRole('button', { name: 'Copy', exact: true });
    await copy.waitFor();
    const tabsToCopy = await keys.tabTo(copy);
    await keys.press('Enter');
    await commands.getByRole('status').filter({ hasText: 'Copied all steps as the script to the clipboard.' }).waitFor();
    assert.match(await page.evaluate(() => navigator.clipboard.readText()), /^#!\/usr\/bin\/env bash\n/);
    console.log(`key presses: ${keys.presses} (Tab from the Null box to the export tabs: ${tabsToTabs}, from the tab to Copy: ${tabsToCopy}); the page of 2026-12-01 morning (edaf6ab) took ${BEFORE}`);
    assert.ok(keys.presses < BEFORE, `${keys.presses} key presses, not fewer than the ${BEFORE} of before`);
  });
});

test('Up and Down move between offset inputs across the virtualised window of 12,000 rows', async () => {
  await withApp({}, async ({ page }) => {
    await paste(page, mm2RestPayload(1, 12_000));
    const topic = topicName(0);
    const name = (p) => `Offset of ${topic} partition ${p}`;
    await offsetBox(page, `${topic} partition 0`).focus();
    // Far past the rendered window (the viewport's rows plus a margin of 12).
    for (let p = 1; p <= 80; p++) {
      await page.keyboard.press('ArrowDown');
      await focusOn(page, name(p));
    }
    assert.equal(await offsetBox(page, `${topic} partition 0`).count(), 0, 'the first rows were unrendered');
    for (let p = 79; p >= 0; p--) {
      await page.keyboard.press('ArrowUp');
      await focusOn(page, name(p));
    }
    // A press that lands on the page because a render took the focus from the input (Yew moves
    // keyed rows as the window slides; on a busy machine a press can come before the focus is
    // given back) still moves from the row that had the focus.
    for (const [key, p] of [['ArrowDown', 1], ['ArrowUp', 0]]) {
      await page.evaluate(() => document.activeElement.blur());
      assert.equal(await page.evaluate(() => document.activeElement === document.body), true, 'the focus is on the page');
      await page.keyboard.press(key);
      await focusOn(page, name(p));
    }
    // A keyboard move selects the value: what is typed replaces it. Enter commits the edit,
    // then moves down.
    await page.keyboard.type('7');
    await page.keyboard.press('Enter');
    await focusOn(page, name(1));
    await until(async () => (await changeText(page, `${topic} partition 0`)) !== '', { message: 'partition 0 changed' });
    assert.equal(await offsetBox(page, `${topic} partition 0`).inputValue(), '7');
    // A refused value keeps the focus, with its message next to it.
    await page.keyboard.type('x');
    await page.keyboard.press('ArrowDown');
    await rowOf(page, `${topic} partition 1`).getByRole('alert').filter({ hasText: "'x'" }).waitFor();
    assert.equal(await focused(page), name(1));
  });
});

test('"?" opens the keyboard shortcuts, Escape closes them and gives the focus back', async () => {
  await withApp({}, async ({ page }) => {
    await paste(page, await fixture(MM2));
    const collapse = page.getByRole('button', { name: 'Collapse all' });
    await collapse.focus();
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    assert.equal(await dialog.getAttribute('aria-modal'), 'true');
    assert.ok(await dialog.evaluate((d) => d.contains(document.activeElement)), 'focus inside the dialog');
    assert.match(await dialog.textContent(), /Ctrl\+Z/);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.ok(await collapse.evaluate((el) => document.activeElement === el), 'focus back on Collapse all');
    // Typed in a field, "?" is a character.
    await page.getByRole('searchbox', { name: 'Filter' }).focus();
    await page.keyboard.press('?');
    assert.equal(await page.getByRole('searchbox', { name: 'Filter' }).inputValue(), '?');
    assert.equal(await dialog.count(), 0);

    // The shift offer (the other dialog) also closes with Escape and gives the focus back.
    await page.getByRole('searchbox', { name: 'Filter' }).fill('');
    await page.getByRole('textbox', { name: 'Value', exact: true }).fill('-5000');
    const shift = page.getByRole('button', { name: /^Shift / });
    await shift.click();
    const offer = page.getByRole('alertdialog');
    await offer.waitFor();
    await page.keyboard.press('Escape');
    await offer.waitFor({ state: 'detached' });
    assert.ok(await shift.evaluate((el) => document.activeElement === el), 'focus back on Shift');
  });
});

test('an invalid bulk value marks its own field', async () => {
  await withApp({}, async ({ page }) => {
    await paste(page, await fixture(MM2));
    const value = page.getByRole('textbox', { name: 'Value', exact: true });
    await value.fill('1k');
    await value.press('Enter');
    await until(async () => (await value.getAttribute('aria-invalid')) === 'true', { message: 'aria-invalid' });
    const describedBy = (await value.getAttribute('aria-describedby')).split(' ');
    const error = page.locator(`#${describedBy.find((id) => id.endsWith('error'))}`);
    assert.match(await error.textContent(), /'1k'/);
    // Under the field: below it and starting within its width.
    const [field, message] = [await value.boundingBox(), await error.boundingBox()];
    assert.ok(message.y >= field.y + field.height - 1, 'below the field');
    assert.ok(message.x >= field.x - 1 && message.x < field.x + field.width, 'under it');
    // The next action clears it.
    await value.fill('3');
    await value.press('Enter');
    await until(async () => (await value.getAttribute('aria-invalid')) === 'false', { message: 'valid again' });
  });
});

/** Checks that no table column is behind a horizontal scroller and that name inputs hold 63 characters. */
async function checkWidths(page, what) {
  const r = await page.evaluate(() => {
    const scroll = document.querySelector('.table-scroll');
    const box = scroll.getBoundingClientRect();
    const headers = [...scroll.querySelectorAll('thead th')].map((th) => ({ text: th.textContent.trim(), right: th.getBoundingClientRect().right }));
    const ctx = document.createElement('canvas').getContext('2d');
    const room = (el, text) => {
      const cs = getComputedStyle(el);
      ctx.font = cs.font;
      return { id: el.id, inner: el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight), need: ctx.measureText(text).width };
    };
    const names = [...document.querySelectorAll('.settings input[type=text], #add-topic')].map((el) => room(el, 'a'.repeat(63)));
    const offsets = [...document.querySelectorAll('.offset-input, #bulk-value')].map((el) => room(el, '9'.repeat(19)));
    const selects = [...document.querySelectorAll('.settings select')].map((el) => room(el, el.selectedOptions[0].textContent));
    return { right: box.right, scrollWidth: scroll.scrollWidth, clientWidth: scroll.clientWidth, headers, names, offsets, selects };
  });
  assert.ok(r.scrollWidth <= r.clientWidth, `${what}: no horizontal scroll (${r.scrollWidth} > ${r.clientWidth})`);
  for (const h of r.headers) assert.ok(h.right <= r.right + 0.5, `${what}: column ${h.text || '(unnamed)'} ends at ${h.right} > ${r.right}`);
  assert.ok(r.names.length >= 2, `${what}: name inputs found`);
  for (const n of [...r.names, ...r.offsets]) assert.ok(n.inner >= n.need, `${what}: #${n.id} is ${n.inner}px, needs ${n.need}px`);
  // The select's text plus its arrow.
  for (const s of r.selects) assert.ok(s.inner >= s.need + 16, `${what}: #${s.id} is ${s.inner}px, needs ${s.need}px`);
}

test('at 800 px every column of the table is in view and inputs hold a 63-character name', async () => {
  await withApp({}, async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    for (const file of [MM2, 'kafkamirrormaker2-source.list.yaml', 'kafkaconnector-sink.list.json']) {
      await paste(page, await fixture(file));
      await page.getByRole('table', { name: 'Offsets' }).waitFor();
      // Long change sentences in every row.
      await page.getByRole('textbox', { name: 'Value', exact: true }).fill('1234567890123456789');
      await page.getByRole('button', { name: /^Set \d+ row/ }).click();
      await until(async () => (await page.locator('td.change').first().textContent()).trim() !== '', { message: 'changed' });
      await checkWidths(page, `${file} at 800 px`);
    }
    await page.setViewportSize({ width: 760, height: 900 });
    await checkWidths(page, 'sink at 760 px');
  });
});
