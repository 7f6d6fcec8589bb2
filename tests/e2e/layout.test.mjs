// End-to-end, issue 31 item 13 (layout) in real Chromium at 1440 x 900 and 1024 x 768: nothing
// the page shows is cut off where the user cannot reach it. The Restore button of an edited row
// is whole inside its cell and the table's scroller, the Resumes at cell holds
// "auto.offset.reset" and a 19-digit record, the Strimzi version select stays inside its panel,
// and every line of the ConfigMap YAML can be seen inside its own box. Elements are found by
// role and accessible name; geometry is read with getBoundingClientRect, scrollWidth and
// clientWidth. Tests wait for states, never for time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FIXTURES } from './harness.mjs';
import { withApp, paste, offsetBox, setCell, rowOf, until, eventually, openExport } from './editor-helpers.mjs';

const MM2 = 'kafkamirrormaker2-source.list.yaml'; // orders 0 = 41, orders 1 = 42
const VIEWPORTS = [{ width: 1440, height: 900 }, { width: 1024, height: 768 }];
// The widest texts of the Resumes at column: a 19-digit record and what a null resumes at.
const BIG = '1234567890123456788';
const RESUMES = { 'orders partition 0': '1234567890123456789', 'orders partition 1': 'auto.offset.reset' };

/** Loads the MirrorMaker 2 listing and edits both rows, so that each has its Restore button. */
async function loadEdited(page) {
  await paste(page, await readFile(join(FIXTURES, MM2), 'utf8'));
  await offsetBox(page, 'orders partition 0').waitFor();
  await setCell(page, 'orders partition 0', BIG);
  await page.getByRole('checkbox', { name: 'Null offset of orders partition 1', exact: true }).check();
  for (const [name, text] of Object.entries(RESUMES)) {
    await until(async () => (await rowOf(page, name).locator('td.resumes').textContent()).trim() === text, { message: `Resumes at ${text} for ${name}` });
    await page.getByRole('button', { name: `Restore ${name}`, exact: true }).waitFor();
  }
}

/**
 * Where an element is cut off sideways: every ancestor that clips its overflow (hidden, clip,
 * auto, scroll) and leaves part of the element outside its visible box. An ancestor the user
 * can scroll sideways is scrolled first to bring the element into view, since what it hides
 * can be reached; one that cannot be scrolled (hidden, clip) cuts what it hides for good.
 * Runs in the page; returns [] when the whole element can be seen.
 */
function cutOff(el) {
  const describe = (a) => `${a.tagName.toLowerCase()}${a.id ? `#${a.id}` : ''}${[...a.classList].map((c) => `.${c}`).join('')}`;
  const cuts = [];
  for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
    const overflow = getComputedStyle(a).overflowX;
    if (overflow === 'visible') continue;
    const box = a.getBoundingClientRect();
    const left = box.left + a.clientLeft;
    const right = left + a.clientWidth;
    if ((overflow === 'auto' || overflow === 'scroll') && a.scrollWidth > a.clientWidth) {
      const r = el.getBoundingClientRect();
      if (r.right > right) a.scrollLeft += Math.ceil(r.right - right);
      const l = el.getBoundingClientRect().left;
      if (l < left) a.scrollLeft -= Math.ceil(left - l);
    }
    const r = el.getBoundingClientRect();
    if (r.left < left - 0.5 || r.right > right + 0.5) {
      cuts.push(`${describe(a)} (overflow-x ${overflow}) shows ${left.toFixed(1)}..${right.toFixed(1)}, the element is at ${r.left.toFixed(1)}..${r.right.toFixed(1)}`);
    }
  }
  return cuts;
}

/** Asserts that no ancestor cuts off the element `locator` finds (see `cutOff`). */
async function assertWhole(locator, what) {
  const cuts = await locator.evaluate(cutOff);
  assert.deepEqual(cuts, [], `${what} is cut off: ${cuts.join('; ')}`);
}

/** Runs `body(page, viewport)` at each viewport on one edited listing. */
async function atEachViewport(body) {
  await withApp({}, async ({ page }) => {
    await page.setViewportSize(VIEWPORTS[0]);
    await loadEdited(page);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await until(async () => (await page.evaluate(() => window.innerWidth)) === viewport.width, { message: `a ${viewport.width} px wide window` });
      await body(page, `${viewport.width} x ${viewport.height}`);
    }
  });
}

test('the Restore button of an edited row is whole inside its cell and the table scroller (issue 31, item 13a)', async () => {
  await atEachViewport(async (page, at) => {
    for (const name of Object.keys(RESUMES)) {
      const restore = page.getByRole('button', { name: `Restore ${name}`, exact: true });
      await eventually(() => assertWhole(restore, `${at}: Restore ${name}`));
      // Its own text is not cut inside the button either.
      const [scroll, client] = await restore.evaluate((b) => [b.scrollWidth, b.clientWidth]);
      assert.ok(scroll <= client, `${at}: the button's text is ${scroll} px in ${client} px`);
    }
  });
});

test('Resumes at shows "auto.offset.reset" and a 19-digit record whole (issue 31, item 13b)', async () => {
  await atEachViewport(async (page, at) => {
    for (const [name, text] of Object.entries(RESUMES)) {
      const cell = rowOf(page, name).locator('td.resumes');
      await eventually(async () => {
        const { shown, scroll, client } = await cell.evaluate((td) => ({ shown: td.textContent.trim(), scroll: td.scrollWidth, client: td.clientWidth }));
        assert.equal(shown, text);
        assert.ok(scroll <= client, `${at}: "${text}" needs ${scroll} px, its cell shows ${client} px`);
      });
      await assertWhole(cell, `${at}: the Resumes at cell of ${name}`);
    }
  });
});

test('the Strimzi version select stays inside its panel and the side column (issue 31, item 13c)', async () => {
  await atEachViewport(async (page, at) => {
    const exportRegion = page.getByRole('region', { name: 'Export' });
    const create = exportRegion.getByRole('checkbox', { name: 'The connector does not exist yet: create it stopped' });
    if (!(await create.isChecked())) await create.check();
    const select = exportRegion.getByRole('combobox', { name: 'Strimzi version' });
    await select.waitFor();
    const group = exportRegion.getByRole('group', { name: 'New connector' });
    await eventually(async () => {
      const [s, g] = [await select.boundingBox(), await group.boundingBox()];
      assert.ok(s.x >= g.x - 0.5 && s.x + s.width <= g.x + g.width + 0.5,
        `${at}: the select spans ${s.x.toFixed(1)}..${(s.x + s.width).toFixed(1)}, its panel ${g.x.toFixed(1)}..${(g.x + g.width).toFixed(1)}`);
    });
    await assertWhole(select, `${at}: the select`);
    // The side column (or the page under the table) never scrolls sideways to show it.
    const side = page.getByRole('complementary', { name: 'Problems and export' });
    const [scroll, client] = await side.evaluate((el) => [el.scrollWidth, el.clientWidth]);
    assert.ok(scroll <= client, `${at}: the side column is ${scroll} px wide in ${client} px`);
  });
});

test('every line of the ConfigMap YAML can be seen inside its own box (issue 31, item 13d)', async () => {
  await atEachViewport(async (page, at) => {
    const view = await openExport(page, 'ConfigMap YAML');
    const pre = view.getByRole('region', { name: 'ConfigMap YAML' }).locator('pre');
    await until(async () => (await pre.count()) === 1 && (await pre.textContent()).includes('east--west.MirrorSourceConnector.json'), { message: 'the ConfigMap YAML' });
    await eventually(async () => {
      const box = await pre.evaluate((el) => {
        const cs = getComputedStyle(el);
        return {
          scroll: el.scrollWidth, client: el.clientWidth, overflowX: cs.overflowX, whiteSpace: cs.whiteSpace,
          // Room the horizontal scrollbar takes (0 where scrollbars are overlays that show only
          // while scrolling, as in headless Chromium and on macOS by default).
          scrollbar: el.offsetHeight - el.clientHeight - parseFloat(cs.borderTopWidth) - parseFloat(cs.borderBottomWidth),
        };
      });
      if (box.scroll > box.client) {
        assert.ok(['auto', 'scroll'].includes(box.overflowX), `${at}: lines ${box.scroll} px wide in ${box.client} px with overflow-x ${box.overflowX}`);
        assert.ok(box.scrollbar > 0, `${at}: lines ${box.scroll} px wide in ${box.client} px (white-space ${box.whiteSpace}) with no visible scrollbar: the right of them cannot be seen`);
      }
    });
    await assertWhole(pre, `${at}: the YAML box`);
    // The text itself is the export, whatever its box does with long lines.
    assert.match(await pre.textContent(), /\n {2}"east--west\.MirrorSourceConnector\.json": \|-\n/);
  });
});
