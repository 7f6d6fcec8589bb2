// End-to-end: drafts that never drop (issue 13, item 8). The draft lives in IndexedDB, which holds
// a 100k-entry listing with its edits (local storage, a few megabytes, did not); a draft an older
// build left in local storage moves into IndexedDB; a reload or a hidden tab right after an edit
// keeps it; local storage is the fallback when IndexedDB is missing; a draft nothing could keep is
// said plainly. Every wait is for a state (a locator, a value, a stored record), never for a time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FIXTURES } from './harness.mjs';
import {
  openImport,
  withApp, paste, headerFacts, offsetBox, changeText, until, mm2RestPayload, topicName,
} from './editor-helpers.mjs';

const fixture = (name) => readFile(join(FIXTURES, name), 'utf8');
const MM2 = 'kafkamirrormaker2-source.list.yaml'; // orders 0 = 41, orders 1 = 42
const KEYS = ['connect-offsets/v1/source', 'connect-offsets/v1/draft', 'connect-offsets/v1/prefs'];

/**
 * What IndexedDB holds under `key` (the app's database `connect-offsets`, store `drafts`):
 * `null`, or `{ length, has }` where `has` says whether the record contains `needle` (records
 * of 100k entries are megabytes: they stay in the page).
 */
function idbRecord(page, key, needle = '') {
  return page.evaluate(([key, needle]) => new Promise((resolve, reject) => {
    const open = indexedDB.open('connect-offsets', 1);
    // As the app creates it, should this run first.
    open.onupgradeneeded = () => open.result.createObjectStore('drafts');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const get = db.transaction('drafts').objectStore('drafts').get(key);
      get.onsuccess = () => {
        db.close();
        const text = get.result;
        resolve(typeof text === 'string' ? { length: text.length, has: text.includes(needle), text: text.length < 100_000 ? text : null } : null);
      };
      get.onerror = () => { db.close(); reject(get.error); };
    };
  }), [key, needle]);
}

const localKeys = (page) => page.evaluate((keys) => keys.filter((k) => localStorage.getItem(k) !== null), KEYS);
const storageAlert = (page) => page.getByRole('alert').filter({ hasText: /^Draft not saved/ });
const restored = (page) => page.getByRole('status').filter({ hasText: /^Draft restored/ });

/** Stops `requestAnimationFrame`, so the page's deferred (after-paint) draft writes never run:
 * whatever is saved from then on was saved by a pagehide or visibilitychange flush. */
const stopFrames = (page) => page.evaluate(() => { window.requestAnimationFrame = () => 0; });

/** FNV-1a over the UTF-8 bytes, as hex: the fingerprint a draft record binds its source with. */
function fingerprint(text) {
  let h = 0xcbf29ce484222325n;
  for (const b of Buffer.from(text, 'utf8')) {
    h ^= BigInt(b);
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h.toString(16).padStart(16, '0');
}

test('100k entries: a bulk shift is kept in IndexedDB and comes back after a reload, without a storage error', async () => {
  const TOPICS = 100;
  const PARTITIONS = 1000;
  const payload = mm2RestPayload(TOPICS, PARTITIONS);
  await withApp({}, async ({ page }) => {
    await page.getByRole('textbox', { name: 'Import text' }).evaluate((area, text) => {
      area.value = text;
      area.dispatchEvent(new Event('input', { bubbles: true }));
      area.dispatchEvent(new Event('change', { bubbles: true }));
    }, payload);
    await page.getByRole('button', { name: 'Load', exact: true }).click({ timeout: 60_000 });
    const first = offsetBox(page, `${topicName(0)} partition 0`);
    await first.waitFor({ timeout: 60_000 });

    await page.getByRole('textbox', { name: 'Value', exact: true }).fill('5');
    const t0 = Date.now();
    // noWaitAfter: after a click on a page this busy, Playwright's own check for a navigation
    // the click might have started takes tens of seconds; the value below is what we wait for.
    await page.getByRole('button', { name: 'Shift 100,000 rows', exact: true }).click({ timeout: 30_000, noWaitAfter: true });
    await until(async () => (await first.inputValue()) === '1005', { timeout: 30_000, message: 'shifted' });
    // The edits record names every shifted row; it is written after the repaint. (The page is
    // busy for a while after a change of 100k rows: problems are checked after the repaint too.)
    await until(async () => (await idbRecord(page, KEYS[1], '"set":[[0,1005],[1,1006],[2,1007]'))?.has, { timeout: 180_000, message: 'edits in IndexedDB' });
    const written = Date.now() - t0;
    const source = await idbRecord(page, KEYS[0]);
    const draft = await idbRecord(page, KEYS[1]);
    assert.ok(source && source.length > payload.length, 'the source record holds the listing');
    assert.equal(await storageAlert(page).count(), 0, 'no storage error');
    assert.deepEqual(await localKeys(page), [], 'nothing in local storage');

    const r0 = Date.now();
    await page.reload();
    await restored(page).waitFor({ timeout: 180_000 });
    await first.waitFor({ timeout: 60_000 });
    const restoreMs = Date.now() - r0;
    assert.equal((await headerFacts(page)).Entries, '100,000');
    assert.equal(await first.inputValue(), '1005');
    assert.equal(await offsetBox(page, `${topicName(0)} partition 1`).inputValue(), '1006');
    assert.equal(await changeText(page, `${topicName(0)} partition 0`), 'skips 5 records (never mirrored)');
    assert.equal(await storageAlert(page).count(), 0, 'no storage error after the restore');
    console.log(`100k draft: source record ${(source.length / 1e6).toFixed(1)} M chars, edits record ${(draft.length / 1e6).toFixed(1)} M chars; `
      + `shift to edits in IndexedDB ${written} ms, reload to restored rows ${restoreMs} ms`);
  });
});

test('a draft in local storage (the format of builds before IndexedDB) is restored and moved into IndexedDB', async () => {
  const text = await fixture(MM2);
  const source = JSON.stringify({ version: 1, input: text, source: true });
  const draft = JSON.stringify({
    version: 1, filter: '', target: 'connector',
    fields: { namespace: 'kafka', mirrorIndex: '0', restUrl: 'http://localhost:8083' },
    aliasPath: 'new', source: fingerprint(text), scope: 'changed',
    set: [[0, 3]], entries: [], added: [], removed: [], savedAt: Date.now() - 60_000,
  });
  const prefs = JSON.stringify({
    version: 1, filter: 'partition:0', target: 'connector',
    fields: { namespace: 'kafka', mirrorIndex: '0', restUrl: 'http://localhost:8083' }, aliasPath: 'new',
  });
  await withApp({}, async ({ page }) => {
    await page.getByRole('textbox', { name: 'Import text' }).waitFor();
    await page.evaluate(([keys, records]) => keys.forEach((k, i) => localStorage.setItem(k, records[i])), [KEYS, [source, draft, prefs]]);
    await page.reload();
    const status = restored(page);
    await status.waitFor();
    assert.match(await status.textContent(), /^Draft restored from 1 minute ago\./);
    assert.equal(await offsetBox(page, 'orders partition 0').inputValue(), '3');
    assert.equal(await changeText(page, 'orders partition 0'), '38 records will be mirrored again');
    assert.equal(await page.getByRole('searchbox', { name: 'Filter' }).inputValue(), 'partition:0');
    // The import area is folded into the source bar after a load; Replace opens it, text kept.
    await openImport(page);
    assert.equal(await page.getByRole('textbox', { name: 'Import text' }).inputValue(), text);

    // Moved: IndexedDB holds the records as they were, then local storage lets them go.
    await until(async () => (await localKeys(page)).length === 0, { message: 'local storage keys removed' });
    assert.equal((await idbRecord(page, KEYS[0]))?.text, source);
    assert.equal((await idbRecord(page, KEYS[1]))?.text, draft);
    assert.equal((await idbRecord(page, KEYS[2]))?.text, prefs);

    // And restored from there.
    await page.reload();
    await restored(page).waitFor();
    assert.equal(await offsetBox(page, 'orders partition 0').inputValue(), '3');
    assert.deepEqual(await localKeys(page), []);
  });
});

test('an edit survives a reload at once, and a hidden tab writes it without waiting for a frame', async () => {
  await withApp({}, async ({ page }) => {
    await paste(page, await fixture(MM2));
    const p0 = offsetBox(page, 'orders partition 0');
    const p1 = offsetBox(page, 'orders partition 1');

    // Reloaded right after the edit: pagehide writes what the repaint had not.
    await p0.fill('3');
    await p0.press('Enter');
    await page.reload();
    await restored(page).waitFor();
    assert.equal(await p0.inputValue(), '3');

    // No frames from here on: the deferred write never runs, only the flushes do.
    await stopFrames(page);
    await p1.fill('7');
    await p1.press('Enter');
    await until(async () => (await changeText(page, 'orders partition 1')) !== '', { message: 'edit shown' });
    assert.equal((await idbRecord(page, KEYS[1], '[1,7]'))?.has, false, 'not written before the page is hidden');
    await page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await until(async () => (await idbRecord(page, KEYS[1], '[1,7]'))?.has, { message: 'written when hidden' });

    // A filter typed and the page left with frames stopped: pagehide alone writes it.
    await page.getByRole('searchbox', { name: 'Filter' }).fill('partition:1');
    await p0.waitFor({ state: 'detached' });
    await page.reload();
    await restored(page).waitFor();
    assert.equal(await p1.inputValue(), '7');
    assert.equal(await page.getByRole('searchbox', { name: 'Filter' }).inputValue(), 'partition:1');
    await page.getByRole('searchbox', { name: 'Filter' }).fill('');
    assert.equal(await p0.inputValue(), '3');
    assert.equal(await storageAlert(page).count(), 0);
  });
});

test('without IndexedDB the draft is kept in local storage', async () => {
  await withApp({}, async ({ page, context }) => {
    await context.addInitScript(() => Object.defineProperty(window, 'indexedDB', { configurable: true, get: () => undefined }));
    await page.reload();
    await paste(page, await fixture(MM2));
    const p0 = offsetBox(page, 'orders partition 0');
    await p0.fill('3');
    await p0.press('Enter');
    await until(async () => (await localKeys(page)).length === 3, { message: 'draft in local storage' });
    await page.reload();
    await restored(page).waitFor();
    assert.equal(await p0.inputValue(), '3');
    assert.equal(await storageAlert(page).count(), 0);
  });
});

test('a draft no storage will take is said plainly, and the page keeps working', async () => {
  await withApp({}, async ({ page, context }) => {
    await context.addInitScript(() => {
      const refuse = () => { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };
      IDBObjectStore.prototype.put = refuse;
      Storage.prototype.setItem = refuse;
    });
    await page.reload();
    await paste(page, await fixture(MM2));
    const alert = storageAlert(page);
    await alert.waitFor();
    assert.match(await alert.textContent(), /^Draft not saved: the browser refused to store \d+ KiB \(quota\); edits stay in this tab only\.$/);
    const p0 = offsetBox(page, 'orders partition 0');
    await p0.fill('3');
    await p0.press('Enter');
    await until(async () => (await changeText(page, 'orders partition 0')) === '38 records will be mirrored again', { message: 'edit' });
  });
});
