// Helpers for the editor end-to-end tests: open the app, load text the way a user does, check
// that a test stayed offline and quiet, and build inputs and expected outputs independently of
// the app (Jackson-style pretty JSON, large MirrorMaker 2 REST payloads).
import assert from 'node:assert/strict';
import { start } from './harness.mjs';

import { until } from './wait.mjs';

export { until, eventually, WAIT_MS } from './wait.mjs';

/** Starts the app (fresh profile), opens it and waits for the page heading. */
export async function openApp(options = {}) {
  const app = await start(options);
  app.dialogs = [];
  app.page.on('dialog', (d) => {
    app.dialogs.push(`${d.type()}: ${d.message()}`);
    d.dismiss().catch(() => {});
  });
  await app.page.goto(app.url);
  await app.page.getByRole('heading', { name: 'Connector offsets editor' }).waitFor();
  // The heading is on the page from its first render, with "Restoring your draft…" until the
  // saved draft (if any) has been read: the editor itself comes after. The notice is hidden
  // for its first moments (no flash on a first visit), so it is awaited in the DOM, not by role.
  await app.page.locator('p.notice.restoring').waitFor({ state: 'detached' });
  return app;
}

/** Runs `body(app)` on a freshly opened app, then checks it stayed quiet and offline. */
export async function withApp(options, body) {
  const app = await openApp(options);
  try {
    await body(app);
    assertQuietAndOffline(app);
  } finally {
    await app.close();
  }
}

export function assertQuietAndOffline(app) {
  assert.deepEqual(app.consoleErrors, [], 'no console errors');
  assert.deepEqual(app.foreignRequests(), [], 'no request outside the loopback server');
  assert.deepEqual(app.dialogs, [], 'no dialog was opened');
}

/**
 * Opens the import area when a load collapsed it to the source bar: presses "Replace" and waits
 * for "Import text". Does nothing when the area is open (nothing loaded, or already replaced).
 */
export async function openImport(page) {
  const area = page.getByRole('textbox', { name: 'Import text' });
  const replace = page.getByRole('region', { name: 'Loaded offsets' }).getByRole('button', { name: 'Replace', exact: true });
  if (await area.count() === 0 && await replace.count() === 1) {
    await replace.click();
  }
  await area.waitFor();
}

/** Selects the export view's tab named `name` (exactly) and waits until it is selected. */
export async function openExport(page, name) {
  const tab = page.getByRole('region', { name: 'Export' }).getByRole('tab', { name, exact: true });
  await tab.click();
  await page.getByRole('region', { name: 'Export' }).locator('[role=tab][aria-selected=true]').filter({ hasText: name }).waitFor();
  return page.getByRole('tabpanel', { name, exact: true });
}

/** Pastes `text` into "Import text" and presses "Load" (opening the import area first). */
export async function paste(page, text) {
  await openImport(page);
  await page.getByRole('textbox', { name: 'Import text' }).fill(text);
  await page.getByRole('button', { name: 'Load', exact: true }).click();
}

/** The facts of the "Loaded offsets" header as { Connector: ..., Entries: ..., ... }. */
export async function headerFacts(page) {
  const region = page.getByRole('region', { name: 'Loaded offsets' });
  await region.waitFor();
  return region.locator('dl > div').evaluateAll((divs) =>
    Object.fromEntries(divs.map((d) => [d.querySelector('dt').textContent.trim(), d.querySelector('dd').textContent.trim()])));
}

/** The offset textbox of a row, by its exact accessible name. */
export function offsetBox(page, name) {
  return page.getByRole('textbox', { name: `Offset of ${name}`, exact: true });
}

/** Types `value` into a row's offset cell and presses Enter; waits for the change to show. */
export async function setCell(page, name, value) {
  const box = offsetBox(page, name);
  await box.fill(value);
  await box.press('Enter');
  await until(async () => (await changeText(page, name)) !== '', { message: `edit of ${name}` });
}

/** The table row (`tr.row`) holding the offset textbox named "Offset of NAME". */
export function rowOf(page, name) {
  return page.locator('tr.row').filter({ has: offsetBox(page, name) });
}

/** Text of the "Change" cell of a row. */
export async function changeText(page, name) {
  return (await rowOf(page, name).locator('td.change').textContent()).trim();
}

/**
 * Serialises like Jackson's DefaultPrettyPrinter, the way Strimzi writes a ConfigMap value:
 * 2-space indented objects with `" : "`, inline arrays `[ {` ... `}, {` ... `} ]`, `[ ]` and `{ }`
 * when empty, no trailing newline. Numbers are given as BigInt (or integers) and written exactly;
 * `Raw` values are written verbatim.
 */
export function jacksonPretty(value, level = 0) {
  const pad = (n) => '  '.repeat(n);
  if (value === null) return 'null';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') {
    assert.ok(Number.isSafeInteger(value), `unsafe number ${value}: use a BigInt`);
    return String(value);
  }
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return jacksonString(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[ ]';
    return `[ ${value.map((v) => jacksonPretty(v, level)).join(', ')} ]`;
  }
  const keys = Object.keys(value);
  if (keys.length === 0) return '{ }';
  const members = keys.map((k) => `\n${pad(level + 1)}${jacksonString(k)} : ${jacksonPretty(value[k], level + 1)}`);
  return `{${members.join(',')}\n${pad(level)}}`;
}

function jacksonString(s) {
  let out = '"';
  for (const c of s) {
    const code = c.codePointAt(0);
    if (c === '"') out += '\\"';
    else if (c === '\\') out += '\\\\';
    else if (c === '\n') out += '\\n';
    else if (c === '\r') out += '\\r';
    else if (c === '\t') out += '\\t';
    else if (c === '\b') out += '\\b';
    else if (c === '\f') out += '\\f';
    else if (code < 0x20) out += `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
    else out += c;
  }
  return `${out}"`;
}

/** A MirrorSourceConnector entry in the order Strimzi lists keys (sorted). */
export function mm2Entry(cluster, topic, partition, offset) {
  return {
    partition: { cluster, partition, topic },
    offset: offset === null ? null : { offset },
  };
}

/**
 * A compact Kafka Connect REST payload `{"offsets":[...]}` of a MirrorSourceConnector with
 * `topics` topics named `topic-NNN` and `partitions` partitions each (offset = 1000 + partition).
 */
export function mm2RestPayload(topics, partitions, cluster = 'east') {
  const parts = [];
  for (let t = 0; t < topics; t++) {
    const topic = topicName(t);
    for (let p = 0; p < partitions; p++) {
      parts.push(`{"partition":{"cluster":"${cluster}","partition":${p},"topic":"${topic}"},"offset":{"offset":${1000 + p}}}`);
    }
  }
  return `{"offsets":[${parts.join(',')}]}`;
}

export const topicName = (t) => `topic-${String(t).padStart(3, '0')}`;
