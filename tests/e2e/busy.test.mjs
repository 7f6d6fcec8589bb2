// Busy state (issue 13, item 9): a load of 100k entries and a set-from over them first paint
// a status line saying what is being done (observed frame by frame inside the page), then the
// result, and the line goes away; a small load shows none.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mm2RestPayload, offsetBox, openImport, paste, until, withApp } from './editor-helpers.mjs';

/** Records, on every animation frame, the busy line's text and how many rows the table shows. */
async function recordFrames(page) {
  await page.evaluate(() => {
    window.__frames = [];
    const tick = () => {
      const line = document.querySelector('.busy-line');
      window.__frames.push({ busy: line ? line.textContent.trim() : '', rows: document.querySelectorAll('tr.row').length });
      window.__frameLoop = requestAnimationFrame(tick);
    };
    tick();
  });
}
const frames = (page) => page.evaluate(() => { cancelAnimationFrame(window.__frameLoop); return window.__frames; });

test('busy: a 100k load paints "Loading … MB" before the work, then the rows; a small load does not', async () => {
  await withApp({}, async ({ page }) => {
    await paste(page, mm2RestPayload(1, 3));
    await offsetBox(page, 'east topic-000 partition 0').or(offsetBox(page, 'topic-000 partition 0')).waitFor();
    assert.equal((await page.locator('.busy-line').textContent()).trim(), '', 'no busy line for 3 rows');

    const big = mm2RestPayload(100, 1000);
    await openImport(page);
    await page.getByRole('textbox', { name: 'Import text' }).fill(big);
    await recordFrames(page);
    await page.getByRole('button', { name: 'Load', exact: true }).click();
    await until(async () => (await page.locator('.app').getAttribute('aria-busy')) === null
      && (await page.getByRole('status').filter({ hasText: 'Loaded 100,000 entries' }).count()) > 0,
    { timeout: 60_000, message: 'the 100k load to finish' });
    const seen = await frames(page);
    const busyFrame = seen.findIndex((f) => /^Loading \d+ MB…$/.test(f.busy));
    assert.ok(busyFrame >= 0, `a frame painted the busy line: ${JSON.stringify(seen.filter((f, i) => i === 0 || JSON.stringify(f) !== JSON.stringify(seen[i - 1])))}`);
    // The busy line was on screen while the old table (3 rows) was still there, before any of
    // the new rows, and it is gone once they are.
    assert.ok(seen[busyFrame].rows <= 3, 'painted before the work');
    assert.equal((await page.locator('.busy-line').textContent()).trim(), '');

    // A bulk action over the 100k rows: the busy line is painted before the rows change.
    await page.getByRole('textbox', { name: 'Value', exact: true }).fill('-1');
    await recordFrames(page);
    await page.getByRole('button', { name: /^Shift 100,000 rows/ }).click({ noWaitAfter: true });
    await until(async () => (await offsetBox(page, 'topic-000 partition 0').or(offsetBox(page, 'east topic-000 partition 0')).inputValue()) === '999',
      { timeout: 60_000, message: 'the 100k shift' });
    await until(async () => (await page.locator('.app').getAttribute('aria-busy')) === null, { message: 'the busy state cleared' });
    const shifted = await frames(page);
    const busyShift = shifted.findIndex((f) => f.busy === 'Changing 100,000 row(s)…');
    assert.ok(busyShift >= 0, `a frame painted the bulk busy line: ${JSON.stringify(shifted.filter((f, i) => i === 0 || JSON.stringify(f) !== JSON.stringify(shifted[i - 1])))}`);
  });
});
