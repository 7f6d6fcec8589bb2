// End-to-end: the editor driven as a user drives it, in real Chromium, finding every control by
// role and accessible name. Import (paste and file picker), parse errors, inline edits, bulk
// actions, undo/redo, export checked with the real kubectl, drafts across reloads, 100k entries,
// hostile names, and screenshots of the main states in light and dark. Every test also checks
// that the page logged no error, opened no dialog and requested nothing outside loopback.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURES, ARTIFACTS } from './harness.mjs';
import {
  withApp, openApp, assertQuietAndOffline, paste, headerFacts, offsetBox, rowOf, changeText, until, eventually, WAIT_MS,
  openImport, openExport, jacksonPretty, mm2Entry, mm2RestPayload, topicName,
} from './editor-helpers.mjs';

const fixture = (name) => readFile(join(FIXTURES, name), 'utf8');
/** Work proportional to 100k rows (load, an edit, a filter) may take this long on a busy machine. */
const BIG_MS = 4 * WAIT_MS;
const MM2 = 'kafkamirrormaker2-source.list.yaml';          // orders 0 = 41, orders 1 = 42
const CONNECTOR_MM2 = 'kafkaconnector-mm2-source.list.yaml'; // orders 0-2, payments 0-1
const INVALID = 'invalid-negative-partition.list.yaml';

/** What each fixture must load as: header facts, the notice, names of rows, problems. */
const EXPECTED = {
  [INVALID]: {
    facts: { Connector: 'MirrorSourceConnector', Source: 'ConfigMap (YAML)', ConfigMap: 'kafka/bad-offsets', 'Data key': 'offsets.json', Entries: '5', Clusters: 'east', Topics: '2' },
    notice: 'Loaded 5 entries (MirrorSourceConnector).',
    rows: ['orders partition 0', 'orders partition 2', 'payments partition 1'],
    problems: [/error\s*MS3\s*17:25\s*east\/orders partition -1 \(entry #2\): 'partition' has the invalid value -1; it must be an integer/],
  },
  'kafkaconnector-empty.list.yaml': {
    facts: { Connector: 'Source connector (generic)', ConfigMap: 'kafka/fresh-offsets', Entries: '0', Topics: '0' },
    notice: 'Loaded 0 entries (Source connector (generic)).',
    rows: [],
    problems: [/info\s*IMP4\s*[\d:]+\s*No offsets listed yet/],
  },
  [CONNECTOR_MM2]: {
    facts: { Connector: 'MirrorSourceConnector', Source: 'ConfigMap (YAML)', ConfigMap: 'kafka/mirror-source-offsets', 'Data key': 'offsets.json', Entries: '5', Clusters: 'east', Topics: '2' },
    notice: 'Loaded 5 entries (MirrorSourceConnector).',
    rows: ['orders partition 0', 'orders partition 2', 'payments partition 1'],
    problems: [/info\s*IMP6.*Detected: MirrorSourceConnector/],
  },
  'kafkaconnector-sink.list.json': {
    facts: { Connector: 'Sink connector', Source: 'ConfigMap (JSON)', ConfigMap: 'connect/jdbc-sink-offsets', 'Data key': 'offsets.json', Entries: '3', Topics: '1' },
    notice: 'Loaded 3 entries (Sink connector).',
    rows: ['events partition 0', 'events partition 2'],
    problems: [/info\s*SK7/],
  },
  [MM2]: {
    facts: { Connector: 'MirrorSourceConnector', ConfigMap: 'kafka/my-mm2-offsets', 'Data key': 'east--west.MirrorSourceConnector.json', Entries: '2', Clusters: 'east', Topics: '1' },
    notice: 'Loaded 2 entries (MirrorSourceConnector).',
    rows: ['orders partition 0', 'orders partition 1'],
    problems: [/info\s*MS14/],
  },
  'offsets.csv': {
    facts: { Connector: 'Sink connector', Source: 'kafka-consumer-groups CSV (consumer positions)', Entries: '3', Topics: '2' },
    notice: 'Loaded 3 entries (Sink connector).',
    rows: ['orders partition 0', 'orders partition 1', 'payments partition 0'],
    problems: [/info\s*CSV/],
  },
  'rest-get-offsets.mm2-source.json': {
    facts: { Connector: 'MirrorSourceConnector', Source: 'Kafka Connect REST payload', Entries: '4', Clusters: 'east', Topics: '1' },
    notice: 'Loaded 4 entries (MirrorSourceConnector).',
    rows: ['clicks partition 0', 'clicks partition 3'],
    // Offsets above 2^53 are kept exactly (no JavaScript number anywhere on the way).
    values: { 'clicks partition 0': '9007199254740993', 'clicks partition 3': '9007199254740996' },
    problems: [/info\s*S9.*Kept exactly/],
  },
};

/** Checks what the page shows after `file` was loaded. */
async function checkLoaded(page, file, how) {
  const want = EXPECTED[file];
  const facts = await headerFacts(page);
  for (const [k, v] of Object.entries(want.facts)) assert.equal(facts[k], v, `${file} (${how}): header ${k}`);
  const notice = page.getByRole('status').filter({ hasText: /^Loaded / });
  await eventually(async () => assert.equal((await notice.textContent()).replace(/×$/, ''), want.notice, `${file} (${how}): notice`));
  for (const name of want.rows) await offsetBox(page, name).waitFor();
  await eventually(async () => assert.equal(await page.locator('tr.row').count(), Number(want.facts.Entries), `${file} (${how}): one row per entry`));
  for (const [name, value] of Object.entries(want.values ?? {})) assert.equal(await offsetBox(page, name).inputValue(), value);
  const problems = page.getByRole('region', { name: 'Problems' });
  const items = (await problems.getByRole('listitem').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
  for (const re of want.problems) assert.ok(items.some((t) => re.test(t)), `${file} (${how}): a problem matching ${re} in ${JSON.stringify(items)}`);
  // Every diagnostic is listed once.
  const repeated = items.filter((t, i) => items.indexOf(t) !== i);
  assert.deepEqual(repeated, [], `${file} (${how}): problems listed more than once`);
}

test('imports every fixture by paste and by the file picker', async () => {
  // tests/fixtures/resources/ holds custom resources, not listings.
  const files = (await readdir(FIXTURES, { withFileTypes: true })).filter((d) => d.isFile()).map((d) => d.name).sort();
  assert.deepEqual(files, Object.keys(EXPECTED).sort(), 'every fixture has expectations');
  await withApp({}, async ({ page }) => {
    const area = page.getByRole('textbox', { name: 'Import text' });
    const discard = async () => {
      await openImport(page);
      await page.getByRole('button', { name: 'Discard draft' }).click();
      await page.getByRole('region', { name: 'Loaded offsets' }).waitFor({ state: 'detached' });
      await eventually(async () => assert.equal(await area.inputValue(), ''));
    };
    for (const file of files) {
      const text = await fixture(file);
      await paste(page, text);
      await checkLoaded(page, file, 'paste');
      await discard();

      await page.getByLabel('Open file').setInputFiles(join(FIXTURES, file));
      await checkLoaded(page, file, 'file');
      await openImport(page);
      await eventually(async () => assert.equal(await area.inputValue(), text, `${file}: the picked file is shown in the text area`));
      await discard();
    }
  });
});

test('a parse error shows line:column and the offending line, and keeps the text and the loaded edits', async () => {
  await withApp({}, async ({ page }) => {
    const area = page.getByRole('textbox', { name: 'Import text' });
    const garbage = '{\n  "offsets": [\n    {"partition": {"topic": "a"}, "offset": {"offset": 1}},,\n  ]\n}\n';
    await paste(page, garbage);
    const errors = page.getByRole('alert', { name: 'Import errors' });
    await errors.waitFor();
    const text = await errors.textContent();
    assert.match(text, /\b3:\d+: /, 'line:column of the error');
    const context = await errors.locator('pre').first().textContent();
    assert.ok(context.startsWith('    {"partition": {"topic": "a"}, "offset": {"offset": 1}},,\n'), `offending line shown: ${context}`);
    assert.match(context, /\n *\^$/, 'a caret under the column');
    await eventually(async () => assert.equal(await area.inputValue(), garbage, 'the text is kept'));
    await eventually(async () => assert.match(await page.getByRole('alert').filter({ hasText: /^Not loaded/ }).textContent(), /^Not loaded: 3:\d+/));
    await eventually(async () => assert.equal(await page.getByRole('region', { name: 'Loaded offsets' }).count(), 0));

    // With offsets loaded and edited, a bad paste keeps the edits.
    await paste(page, await fixture(MM2));
    const box = offsetBox(page, 'orders partition 0');
    await box.fill('7');
    await box.press('Enter');
    await until(async () => (await changeText(page, 'orders partition 0')) !== '', { message: 'the edit' });
    await paste(page, 'kind: ConfigMap\ndata: [\n');
    await page.getByRole('alert', { name: 'Import errors' }).waitFor();
    await eventually(async () => assert.match(await page.getByRole('alert').filter({ hasText: /^Not loaded/ }).textContent(), /your current edits are kept/));
    await eventually(async () => assert.equal(await offsetBox(page, 'orders partition 0').inputValue(), '7'));
    await eventually(async () => assert.equal(await area.inputValue(), 'kind: ConfigMap\ndata: [\n'));
  });
});

test('inline edit: Enter and leaving the field commit, Escape reverts, invalid values are explained, null and restore', async () => {
  await withApp({}, async ({ page }) => {
    await paste(page, await fixture(MM2));
    const p0 = offsetBox(page, 'orders partition 0');
    const row0 = rowOf(page, 'orders partition 0');
    await eventually(async () => assert.equal(await p0.inputValue(), '41'));
    await eventually(async () => assert.equal((await row0.locator('td.resumes').textContent()).trim(), '42'));
    // MirrorSourceConnector columns, as the issue lists them.
    const headers = (await page.getByRole('table', { name: 'Offsets' }).getByRole('columnheader').allTextContents())
      .map((h) => h.replace(/[▲▼]/g, '').trim()).filter((h) => h && h !== 'Select' && h !== 'Restore');
    assert.deepEqual(headers, ['Cluster', 'Topic', 'Partition', 'Offset (last mirrored)', 'Null', 'Resumes at', 'Change']);
    await eventually(async () => assert.equal((await row0.locator('td.topic').textContent()).trim(), 'orders'));

    // Enter commits: 41 -> 1 rewinds 40 records.
    await p0.fill('1');
    await p0.press('Enter');
    await until(async () => (await changeText(page, 'orders partition 0')) === '40 records will be mirrored again', { message: 'change text' });
    await eventually(async () => assert.equal(await p0.inputValue(), '1'));
    await eventually(async () => assert.equal((await row0.locator('td.resumes').textContent()).trim(), '2'));
    await eventually(async () => assert.match(await row0.getAttribute('class'), /\bchanged\b/));

    // Escape reverts what was typed to the committed value.
    await p0.fill('777');
    await p0.press('Escape');
    await eventually(async () => assert.equal(await p0.inputValue(), '1'));
    await eventually(async () => assert.equal(await changeText(page, 'orders partition 0'), '40 records will be mirrored again'));

    // Invalid values: explained inline, what was typed is kept, nothing is committed.
    for (const bad of ['-5', 'abc']) {
      await p0.fill(bad);
      await p0.press('Enter');
      const message = row0.getByRole('alert');
      await message.waitFor();
      await eventually(async () => assert.match(await message.textContent(), new RegExp(`'${bad}' is`)));
      await eventually(async () => assert.equal(await p0.inputValue(), bad, 'the typed text is kept'));
      await eventually(async () => assert.equal(await p0.getAttribute('aria-invalid'), 'true'));
      await eventually(async () => assert.equal(await changeText(page, 'orders partition 0'), '40 records will be mirrored again'));
    }
    await p0.press('Escape');
    await eventually(async () => assert.equal(await p0.inputValue(), '1'));
    await eventually(async () => assert.equal(await row0.getByRole('alert').count(), 0, 'Escape clears the message'));
    await eventually(async () => assert.equal(await p0.getAttribute('aria-invalid'), 'false'));

    // Leaving the field commits too.
    await p0.fill('50');
    await p0.press('Tab');
    await until(async () => (await changeText(page, 'orders partition 0')) === 'skips 9 records (never mirrored)', { message: 'blur commits' });

    // The null toggle.
    const null1 = page.getByRole('checkbox', { name: 'Null offset of orders partition 1', exact: true });
    await null1.check();
    await until(async () => (await changeText(page, 'orders partition 1')) === 'replicated again from auto.offset.reset', { message: 'null' });
    await eventually(async () => assert.equal(await offsetBox(page, 'orders partition 1').inputValue(), ''));
    await eventually(async () => assert.equal((await rowOf(page, 'orders partition 1').locator('td.resumes').textContent()).trim(), 'auto.offset.reset'));
    await null1.uncheck();
    await until(async () => (await changeText(page, 'orders partition 1')) === '', { message: 'null cleared' });
    await eventually(async () => assert.equal(await offsetBox(page, 'orders partition 1').inputValue(), '42'));

    // Restore.
    await page.getByRole('button', { name: 'Restore orders partition 0', exact: true }).click();
    await until(async () => (await p0.inputValue()) === '41', { message: 'restored' });
    await eventually(async () => assert.equal(await changeText(page, 'orders partition 0'), ''));
    await eventually(async () => assert.equal(await page.getByRole('button', { name: 'Restore orders partition 0', exact: true }).count(), 0));
  });
});

test('bulk actions over the filtered rows, add and remove, undo and redo by button and keyboard', async () => {
  await withApp({}, async ({ page }) => {
    await paste(page, await fixture(CONNECTOR_MM2));
    const filter = page.getByRole('searchbox', { name: 'Filter' });
    const scope = page.getByRole('status', { name: 'Bulk scope' });
    const value = page.getByRole('textbox', { name: 'Value', exact: true });
    const valueOf = (name) => offsetBox(page, name).inputValue();
    const undo = page.getByRole('button', { name: 'Undo', exact: true });
    const redo = page.getByRole('button', { name: 'Redo', exact: true });
    const entries = async () => (await headerFacts(page)).Entries;
    await eventually(async () => assert.equal(await scope.textContent(), 'Applies to 5 rows: every row.'));
    // The first load itself can be undone (issue 31, item 10).
    await eventually(async () => assert.ok(await undo.isEnabled()));

    // Shift the orders topic back by 10.
    await filter.fill('orders');
    await until(async () => (await scope.textContent()) === 'Applies to 3 rows: the rows the filter shows.', { message: 'scope text' });
    await eventually(async () => assert.equal(await page.locator('tr.row').count(), 3));
    await value.fill('-10');
    await page.getByRole('button', { name: 'Shift 3 rows', exact: true }).click();
    await until(async () => (await valueOf('orders partition 0')) === '996', { message: 'shift' });
    await eventually(async () => assert.equal(await valueOf('orders partition 1'), '1996'));
    await eventually(async () => assert.equal(await valueOf('orders partition 2'), '2996'));
    await eventually(async () => assert.equal(await changeText(page, 'orders partition 2'), '10 records will be mirrored again'));
    await filter.fill('');
    await until(async () => (await scope.textContent()) === 'Applies to 5 rows: every row.', { message: 'filter cleared' });
    await eventually(async () => assert.equal(await valueOf('payments partition 0'), '1008', 'other topics untouched'));
    await eventually(async () => assert.equal(await valueOf('payments partition 1'), '2008'));

    // Resume at record M stores M-1 (MirrorSourceConnector).
    await filter.fill('payments');
    await until(async () => (await scope.textContent()) === 'Applies to 2 rows: the rows the filter shows.', { message: 'scope 2' });
    await value.fill('500');
    await page.getByRole('button', { name: 'Resume at record' }).click();
    await until(async () => (await valueOf('payments partition 0')) === '499', { message: 'resume at' });
    await eventually(async () => assert.equal(await valueOf('payments partition 1'), '499'));
    await eventually(async () => assert.equal((await rowOf(page, 'payments partition 1').locator('td.resumes').textContent()).trim(), '500'));

    // A bad bulk value is explained and changes nothing.
    await value.fill('ten');
    await page.getByRole('button', { name: 'Shift 2 rows', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: "'ten' is not a whole number" }).waitFor();
    await eventually(async () => assert.equal(await valueOf('payments partition 0'), '499'));

    // Remove payments from the alter set, then undo it.
    await page.getByRole('button', { name: 'Remove from alter set' }).click();
    await until(async () => (await page.locator('tr.row').count()) === 0, { message: 'rows removed' });
    await eventually(async () => assert.equal(await entries(), '3'));
    await undo.click();
    await offsetBox(page, 'payments partition 0').waitFor();
    await eventually(async () => assert.equal(await entries(), '5'));
    await eventually(async () => assert.equal(await valueOf('payments partition 0'), '499', 'undo of remove keeps the earlier edit'));
    await redo.click();
    await until(async () => (await entries()) === '3', { message: 'redo remove' });
    await undo.click();
    await until(async () => (await entries()) === '5', { message: 'undo remove again' });
    await filter.fill('');

    // Add three partitions of a new topic.
    const add = page.getByRole('group', { name: 'Add partitions' });
    await add.getByRole('textbox', { name: 'Cluster' }).fill('east');
    await add.getByRole('textbox', { name: 'Topic to add' }).fill('refunds');
    await add.getByRole('textbox', { name: 'Partitions' }).fill('0-2');
    await add.getByRole('textbox', { name: 'Offset' }).fill('5');
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await offsetBox(page, 'refunds partition 2').waitFor();
    await eventually(async () => assert.equal(await entries(), '8'));
    await eventually(async () => assert.equal(await valueOf('refunds partition 0'), '5'));
    await eventually(async () => assert.equal(await changeText(page, 'refunds partition 1'), 'new entry: resumes at record 6'));
    await eventually(async () => assert.match(await rowOf(page, 'refunds partition 0').getAttribute('class'), /\badded\b/));

    // Undo and redo with the buttons.
    await undo.click();
    await offsetBox(page, 'refunds partition 0').waitFor({ state: 'detached' });
    await eventually(async () => assert.equal(await entries(), '5'));
    await redo.click();
    await offsetBox(page, 'refunds partition 0').waitFor();

    // Ctrl+Z / Ctrl+Shift+Z outside a field.
    await page.getByRole('heading', { name: 'Connector offsets editor' }).click();
    const fields = () => page.evaluate(() => [...document.querySelectorAll('input:not(.offset-input), textarea')]
      .filter((e) => e.type !== 'checkbox' && e.type !== 'radio' && e.type !== 'file')
      .map((e) => `${e.id}=${e.value.slice(0, 40)}`));
    const before = await fields();
    await page.keyboard.press('Control+z');
    await offsetBox(page, 'refunds partition 0').waitFor({ state: 'detached' });
    // The app's undo replaces the browser's own: no text field is changed or focused by it.
    await eventually(async () => assert.deepEqual(await fields(), before, "Ctrl+Z outside a field must not also run the browser's text undo"));
    await eventually(async () => assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'BODY', 'Ctrl+Z moves focus nowhere'));
    await page.keyboard.press('Control+z');
    await until(async () => (await valueOf('payments partition 0')) === '1008', { message: 'Ctrl+Z undoes resume-at' });
    await page.keyboard.press('Control+Shift+Z');
    await until(async () => (await valueOf('payments partition 0')) === '499', { message: 'Ctrl+Shift+Z redoes' });

    // ...but not while a field holds typing: there the keys belong to the field (its text
    // undo, then its redo of the undone typing). In a field holding nothing typed they are the
    // app's (tests/e2e/history-keys.test.mjs).
    await filter.click();
    await page.keyboard.type('p');
    await page.keyboard.press('Control+z');
    await until(async () => (await filter.inputValue()) === '', { message: 'Ctrl+Z undoes the typing' });
    await page.keyboard.press('Control+Shift+Z');
    await until(async () => (await filter.inputValue()) === 'p', { message: 'Ctrl+Shift+Z redoes the typing' });
    await page.keyboard.press('Control+z');
    await until(async () => (await filter.inputValue()) === '', { message: 'Ctrl+Z undoes it again' });
    await eventually(async () => assert.equal(await valueOf('payments partition 0'), '499', 'Ctrl+Z in a field holding typing does not undo an edit'));
    await eventually(async () => assert.equal(await valueOf('orders partition 0'), '996'));
  });
});

test('export: the ConfigMap YAML holds exactly the expected payload (real kubectl), commands, copy, download, disabled with errors', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'offsets-export-'));
  try {
    await withApp({}, async ({ page, context, origin }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
      await paste(page, await fixture(MM2));
      const exportRegion = page.getByRole('region', { name: 'Export' });
      // Nothing changed yet: a state, not an error.
      await exportRegion.getByRole('status', { name: 'Nothing to export yet' }).waitFor();
      await eventually(async () => assert.equal(await exportRegion.getByRole('region', { name: 'Export disabled' }).count(), 0));

      const p0 = offsetBox(page, 'orders partition 0');
      await p0.fill('1');
      await p0.press('Enter');
      await page.getByRole('checkbox', { name: 'Null offset of orders partition 1', exact: true }).check();
      await until(async () => (await changeText(page, 'orders partition 1')) !== '', { message: 'null' });
      await eventually(async () => assert.match(await exportRegion.getByLabel('Change summary').textContent(), /^1 rewound \(40 records processed again\), .*1 nulled.*The export holds 2 entries \(changes only\)\.$/));

      const yamlView = exportRegion.getByRole('region', { name: 'ConfigMap YAML' });
      const yaml = await yamlView.locator('pre').textContent();
      const file = join(dir, 'alter.yaml');
      await writeFile(file, yaml);
      const out = execFileSync('kubectl', ['annotate', '--local', '-f', file, 'k=v', '-o', 'json'], { encoding: 'utf8' });
      const cm = JSON.parse(out);
      const key = 'east--west.MirrorSourceConnector.json';
      assert.deepEqual(Object.keys(cm.data), [key]);
      assert.equal(cm.kind, 'ConfigMap');
      assert.equal(cm.metadata.name, 'my-mm2-offsets-alter');
      assert.equal(cm.metadata.namespace, 'kafka');
      const expected = jacksonPretty({
        offsets: [mm2Entry('east', 'orders', 0, 1n), mm2Entry('east', 'orders', 1, null)],
      });
      assert.deepEqual(JSON.parse(cm.data[key]), JSON.parse(expected), 'same payload structurally');
      assert.equal(cm.data[key], expected, 'exactly the payload, in the format Strimzi writes');

      // The kubectl commands quote the connector name (an unquoted > would redirect).
      // The view shows the header and each step in a block of its own: read them all.
      await openExport(page, 'kubectl commands');
      const commandsView = exportRegion.getByRole('region', { name: 'kubectl commands' });
      const commands = (await commandsView.locator('pre').allTextContents()).join('\n');
      assert.ok(commands.includes("kubectl annotate kafkamirrormaker2 'my-mm2' -n 'kafka' strimzi.io/connector-offsets=alter 'strimzi.io/mirrormaker-connector=east->west.MirrorSourceConnector'"), commands);
      // The page passes the listing the edits were made on: the steps compare, no PLAN warning.
      assert.ok(commands.includes('jq -rn --slurpfile check offsets-check.json'), commands);
      await eventually(async () => assert.equal(await commandsView.getByText(/^PLAN: /).count(), 0, 'no PLAN warning'));

      // Copy, with a visible confirmation, and the clipboard holds the text.
      await openExport(page, 'ConfigMap YAML');
      await yamlView.getByRole('button', { name: 'Copy' }).click();
      await yamlView.getByRole('status').filter({ hasText: 'Copied to the clipboard.' }).waitFor();
      await eventually(async () => assert.equal(await page.evaluate(() => navigator.clipboard.readText()), yaml));

      // "Copy step 2", next to step 2, puts exactly step 2 on the clipboard.
      await openExport(page, 'kubectl commands');
      const step2 = commandsView.getByRole('listitem', { name: /^Step 2\. / });
      const step2Text = await step2.locator('pre').textContent();
      assert.match(step2Text, /^# 2\. Stop the connector\n/);
      assert.ok(step2Text.includes("kubectl patch kafkamirrormaker2 'my-mm2' -n 'kafka' --type=json"), step2Text);
      assert.doesNotMatch(step2Text, /^# [13]\. /m, 'only step 2');
      await step2.getByRole('button', { name: 'Copy step 2' }).click();
      await commandsView.getByRole('status').filter({ hasText: 'Copied step 2 to the clipboard.' }).waitFor();
      await eventually(async () => assert.equal(await page.evaluate(() => navigator.clipboard.readText()), step2Text));
      // The view's Copy puts all steps on the clipboard as the script that stops on a failure.
      await commandsView.getByRole('button', { name: 'Copy', exact: true }).click();
      await commandsView.getByRole('status').filter({ hasText: 'Copied all steps as the script to the clipboard.' }).waitFor();
      const script = await page.evaluate(() => navigator.clipboard.readText());
      assert.match(script, /^#!\/usr\/bin\/env bash\n/);
      assert.ok(script.includes('\nset -euo pipefail\n'), script);

      // Download the same text.
      await openExport(page, 'ConfigMap YAML');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        yamlView.getByRole('button', { name: 'Download' }).click(),
      ]);
      assert.equal(download.suggestedFilename(), 'alter.yaml');
      assert.equal(await download.failure(), null, 'download completed');
      assert.equal(await readFile(await download.path(), 'utf8'), yaml);
      await yamlView.getByRole('status').filter({ hasText: 'Downloaded alter.yaml.' }).waitFor();

      // With an error in what would be exported, export is disabled and says why.
      await paste(page, await fixture(INVALID));
      await headerFacts(page);
      await exportRegion.getByRole('checkbox', { name: /^Export all entries/ }).check();
      await exportRegion.getByRole('textbox', { name: 'KafkaConnector name' }).fill('mirror-source');
      const disabled = exportRegion.getByRole('region', { name: 'Export disabled' });
      await until(async () => /^Export is disabled until 1 error is fixed:/.test(await disabled.textContent()), { message: 'one blocker left' });
      await eventually(async () => assert.match(await disabled.textContent(), /MS3: east\/orders partition -1 \(entry #2\): 'partition' has the invalid value -1; it must be an integer/));
      await eventually(async () => assert.equal(await exportRegion.getByRole('region', { name: 'ConfigMap YAML' }).count(), 0, 'no export view while blocked'));

      // Choosing the problem shows and focuses its row, even when the filter hides it.
      await page.getByRole('searchbox', { name: 'Filter' }).fill('payments');
      await offsetBox(page, 'orders partition -1').waitFor({ state: 'detached' });
      await page.getByRole('region', { name: 'Problems' }).getByRole('button', { name: /MS3/ }).click();
      await until(async () => (await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) === 'Offset of orders partition -1',
        { message: 'the offset of the problem row focused' });
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

// A Debezium-style source connector listed by Strimzi: the offsets are connector-defined maps.
const GENERIC_CM = `apiVersion: v1
kind: ConfigMap
metadata:
  name: inventory-offsets
  namespace: cdc
  ownerReferences:
  - apiVersion: kafka.strimzi.io/v1beta2
    kind: KafkaConnector
    name: inventory-source
    uid: 0b6c3f5e-77aa-4a7e-9a53-0c4b1f0e2d20
data:
  offsets.json: |-
    {
      "offsets" : [ {
        "partition" : {
          "server" : "inventory"
        },
        "offset" : {
          "lsn" : "0/16B6C50",
          "txId" : 562,
          "ts_usec" : 1700000000000000
        }
      }, {
        "partition" : {
          "filename" : "/data/in.txt"
        },
        "offset" : {
          "position" : 1234
        }
      } ]
    }
`;

test('generic connectors: partition and offset maps are edited as key/value cells, exported exactly', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'offsets-generic-'));
  try {
    await withApp({}, async ({ page }) => {
      await paste(page, GENERIC_CM);
      await eventually(async () => assert.equal((await headerFacts(page)).Connector, 'Source connector (generic)'));
      await eventually(async () => assert.equal(await page.getByRole('columnheader', { name: 'Topic' }).count(), 0, 'no topic for a generic connector'));
      await page.getByRole('columnheader', { name: /^Partition map/ }).waitFor();
      const field = (side, key, of) => page.getByRole('textbox', { name: `${side} field ${key} of ${of}`, exact: true });
      const lsn = field('Offset', 'lsn', 'server=inventory');
      await eventually(async () => assert.equal(await lsn.inputValue(), '0/16B6C50'));
      await eventually(async () => assert.equal(await field('Partition', 'server', 'server=inventory').inputValue(), 'inventory'));

      // A string field takes the text as is; Enter commits.
      await lsn.fill('0/16B0000');
      await lsn.press('Enter');
      await until(async () => (await page.locator('tr.row.changed').count()) === 1, { message: 'row marked changed' });

      // A number field refuses text with an inline message and keeps what was typed; Escape reverts.
      const txId = field('Offset', 'txId', 'server=inventory');
      await txId.fill('abc');
      await txId.press('Enter');
      await page.getByRole('alert').filter({ hasText: "'abc' is not a number" }).waitFor();
      await eventually(async () => assert.equal(await txId.inputValue(), 'abc'));
      await eventually(async () => assert.equal(await txId.getAttribute('aria-invalid'), 'true'));
      await txId.press('Escape');
      await eventually(async () => assert.equal(await txId.inputValue(), '562'));

      // A 64-bit value is kept digit for digit; leaving the field commits.
      const ts = field('Offset', 'ts_usec', 'server=inventory');
      await ts.fill('9223372036854775807');
      await ts.blur();
      const row0 = page.locator('tr.row').filter({ has: lsn });
      await until(async () => (await row0.locator('td.change').textContent()).trim() === 'Changed: lsn, ts_usec',
        { message: 'the change column names the edited keys' });
      // A partition field: the row's name follows the new value.
      const file = field('Partition', 'filename', 'filename=/data/in.txt');
      await file.fill('/data/renamed.txt');
      await file.press('Enter');
      await field('Offset', 'position', 'filename=/data/renamed.txt').waitFor();

      // Undo takes back the last cell only; Redo brings it back.
      await page.getByRole('button', { name: 'Undo' }).click();
      await field('Offset', 'position', 'filename=/data/in.txt').waitFor();
      await page.getByRole('button', { name: 'Redo' }).click();
      await field('Offset', 'position', 'filename=/data/renamed.txt').waitFor();

      // A field can be removed, and the removal undone.
      await page.getByRole('button', { name: 'Remove offset field txId of server=inventory', exact: true }).click();
      await field('Offset', 'txId', 'server=inventory').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Undo' }).click();
      await eventually(async () => assert.equal(await field('Offset', 'txId', 'server=inventory').inputValue(), '562'));

      // A field can be added as key=value (JSON when it reads as JSON); a mistake is explained.
      const add = page.getByRole('button', { name: 'Add offset field to server=inventory', exact: true });
      await add.click();
      const addBox = page.getByRole('textbox', { name: 'Add offset field to server=inventory', exact: true });
      await addBox.fill('snapshot');
      await addBox.press('Enter');
      await page.getByRole('alert').filter({ hasText: 'Type the new field as key=value' }).waitFor();
      await addBox.fill('snapshot=true');
      await addBox.press('Enter');
      await eventually(async () => assert.equal(await field('Offset', 'snapshot', 'server=inventory').inputValue(), 'true'));

      const exportRegion = page.getByRole('region', { name: 'Export' });
      const yamlView = exportRegion.getByRole('region', { name: 'ConfigMap YAML' });
      await yamlView.waitFor();
      const yaml = await yamlView.locator('pre').textContent();
      const path = join(dir, 'alter.yaml');
      await writeFile(path, yaml);
      const cm = JSON.parse(execFileSync('kubectl', ['annotate', '--local', '-f', path, 'k=v', '-o', 'json'], { encoding: 'utf8' }));
      assert.equal(cm.metadata.name, 'inventory-offsets-alter');
      assert.equal(cm.metadata.namespace, 'cdc');
      const expected = jacksonPretty({
        offsets: [
          { partition: { server: 'inventory' }, offset: { lsn: '0/16B0000', txId: 562, ts_usec: 9223372036854775807n, snapshot: true } },
          { partition: { filename: '/data/renamed.txt' }, offset: { position: 1234 } },
        ],
      });
      assert.equal(cm.data['offsets.json'], expected, 'exactly the edited entries, the 64-bit value exact');

      // The draft keeps the cells across a reload.
      await page.reload();
      await page.getByRole('status').filter({ hasText: /^Draft restored/ }).waitFor();
      await eventually(async () => assert.equal(await field('Offset', 'ts_usec', 'server=inventory').inputValue(), '9223372036854775807'));
      await eventually(async () => assert.equal(await field('Offset', 'lsn', 'server=inventory').inputValue(), '0/16B0000'));
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('drafts: an edit survives a reload; Discard draft clears it for good', async () => {
  await withApp({}, async ({ page }) => {
    await paste(page, await fixture(MM2));
    const p0 = offsetBox(page, 'orders partition 0');
    await p0.fill('3');
    await p0.press('Enter');
    await until(async () => (await changeText(page, 'orders partition 0')) === '38 records will be mirrored again', { message: 'edit' });
    // Reloaded at once: the draft is written after the repaint, and leaving the page must
    // write whatever is still unsaved.
    await page.getByRole('searchbox', { name: 'Filter' }).fill('partition:0');
    // The page can only keep a filter it has applied (the input event reaches the reducer in
    // the page's next task; a reload in between loses the keystroke, as it would any page's):
    // wait for the filtered count, then reload at once.
    await until(async () => /^1 of /.test((await page.locator('#filter-help').textContent()) ?? ''), { message: 'the filter applied' });
    await page.reload();
    await page.getByRole('status').filter({ hasText: /^Draft restored/ }).waitFor();
    await eventually(async () => assert.equal(await offsetBox(page, 'orders partition 0').inputValue(), '3'));
    await eventually(async () => assert.equal(await changeText(page, 'orders partition 0'), '38 records will be mirrored again'));
    await eventually(async () => assert.equal(await page.getByRole('searchbox', { name: 'Filter' }).inputValue(), 'partition:0'));
    await eventually(async () => assert.equal((await headerFacts(page)).ConfigMap, 'kafka/my-mm2-offsets'));
    await openImport(page);
    await eventually(async () => assert.equal(await page.getByRole('textbox', { name: 'Import text' }).inputValue(), await fixture(MM2)));

    await page.getByRole('button', { name: 'Discard draft' }).click();
    await page.getByRole('region', { name: 'Loaded offsets' }).waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: 'Connector offsets editor' }).waitFor();
    await page.getByRole('textbox', { name: 'Import text' }).waitFor();
    await eventually(async () => assert.equal(await page.getByRole('textbox', { name: 'Import text' }).inputValue(), ''));
    await eventually(async () => assert.equal(await page.getByRole('region', { name: 'Loaded offsets' }).count(), 0));
    await eventually(async () => assert.equal(await page.locator('tr.row').count(), 0));
    await eventually(async () => assert.equal(await page.getByRole('status').filter({ hasText: /Draft restored/ }).count(), 0));
    await eventually(async () => assert.equal(await page.getByRole('button', { name: 'Discard draft' }).count(), 0));
  });
});

test('100k entries: the table keeps at most about 200 row elements while scrolling', async () => {
  const TOPICS = 100;
  const PARTITIONS = 1000;
  const payload = mm2RestPayload(TOPICS, PARTITIONS);
  await withApp({}, async ({ page }) => {
    // A small listing with an edit first: its draft is saved.
    await paste(page, await fixture(MM2));
    const small = offsetBox(page, 'orders partition 0');
    await small.fill('3');
    await small.press('Enter');
    await until(async () => (await changeText(page, 'orders partition 0')) !== '', { message: 'small edit' });

    const t0 = Date.now();
    // Pasting 9 MB through simulated key presses would take minutes: set the text area's value
    // and fire the events a paste fires (what the app reads is the same).
    await openImport(page);
    await page.getByRole('textbox', { name: 'Import text' }).evaluate((area, text) => {
      area.value = text;
      area.dispatchEvent(new Event('input', { bubbles: true }));
      area.dispatchEvent(new Event('change', { bubbles: true }));
    }, payload);
    const t1 = Date.now();
    // Loading blocks the page's thread while the core parses; the click returns when it is done.
    await page.getByRole('button', { name: 'Load', exact: true }).click({ timeout: BIG_MS });
    await offsetBox(page, `${topicName(0)} partition 0`).waitFor({ timeout: BIG_MS });
    const t2 = Date.now();
    await eventually(async () => assert.equal((await headerFacts(page)).Entries, (TOPICS * PARTITIONS).toLocaleString('en-US')));
    const rows = () => page.locator('tr.row').count();
    await eventually(async () => assert.ok((await rows()) > 10));
    assert.ok((await rows()) <= 200, `rows in the DOM: ${await rows()}`);

    // Item i of the view: topic group header, then its partitions (sorted), 36 px each.
    const itemAt = (i) => ({ topic: topicName(Math.floor(i / (PARTITIONS + 1))), partition: (i % (PARTITIONS + 1)) - 1 });
    const scroller = page.locator('.table-scroll');
    // What a user sees after a jump: where the scroller is, and whether the row named NAME is
    // inside its visible area, below the sticky header.
    const seen = (name) => scroller.evaluate((el, label) => {
      const box = [...el.querySelectorAll('input.offset-input')].find((i) => i.getAttribute('aria-label') === label);
      const area = el.getBoundingClientRect();
      const header = el.querySelector('thead').getBoundingClientRect();
      const r = box?.getBoundingClientRect();
      const inView = !!r && r.top >= header.bottom - 1 && r.bottom <= area.bottom + 1;
      return { scrollTop: el.scrollTop, atEnd: el.scrollTop + el.clientHeight >= el.scrollHeight - 1, inView };
    }, `Offset of ${name}`);
    const nextFrames = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    // The jumps run with the CPU slowed down four times, as on a busy machine: a render then
    // takes longer than the 16 ms after which Yew yields to the browser, which is when a jump to
    // the end used to land back in the middle (the spacers' heights lagged behind the rows).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const timings = {};
    for (const where of ['middle', 'end']) {
      const top = await scroller.evaluate((el, where) => {
        el.scrollTop = where === 'middle' ? el.scrollHeight / 2 : el.scrollHeight;
        return el.scrollTop;
      }, where);
      const s = Date.now();
      // A row a few positions into the visible area (the sticky header takes one row height).
      let item = itemAt(Math.floor(top / 36) + 3);
      if (item.partition < 0) item = itemAt(Math.floor(top / 36) + 4);
      if (where === 'end') item = { topic: topicName(TOPICS - 1), partition: PARTITIONS - 1 };
      const name = `${item.topic} partition ${item.partition}`;
      // Waits for the state, not for time: the row on screen, the scroller where the jump put it
      // (at the end: still at the end).
      const landed = (v) => v.inView && (where === 'end' ? v.atEnd : v.scrollTop === top);
      await until(async () => landed(await seen(name)), { timeout: BIG_MS, message: `${name} in view, scrolled to the ${where}` });
      timings[where] = Date.now() - s;
      // ...and still so two frames later: no late scroll event moves the window away.
      await nextFrames();
      const after = await seen(name);
      assert.ok(landed(after), `${name} is in view (${JSON.stringify(after)}, the jump set scrollTop ${top})`);
      const box = offsetBox(page, name);
      assert.ok(await box.isVisible(), `${name} is in view`);
      assert.equal(await box.inputValue(), String(1000 + item.partition));
      const n = await rows();
      assert.ok(n <= 200, `rows in the DOM at the ${where}: ${n}`);
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
    console.log(`100k entries (${(payload.length / 1e6).toFixed(1)} MB): fill ${t1 - t0} ms, load to first rows ${t2 - t1} ms, `
      + `scroll to middle ${timings.middle} ms, to end ${timings.end} ms`);

    // One edit among 100k rows.
    const last = offsetBox(page, `${topicName(TOPICS - 1)} partition ${PARTITIONS - 1}`);
    const e = Date.now();
    await last.fill('5');
    await last.press('Enter', { timeout: BIG_MS });
    await until(async () => (await changeText(page, `${topicName(TOPICS - 1)} partition ${PARTITIONS - 1}`)) === '1,994 records will be mirrored again', { timeout: BIG_MS, message: 'edit at 100k' });
    console.log(`100k entries: one inline edit ${Date.now() - e} ms`);
    // 9.4 MB of text is more than local storage holds (a few megabytes per origin), but drafts
    // live in IndexedDB: the edit is saved, and no storage error is shown.
    await until(async () => page.evaluate(() => new Promise((resolve) => {
      const open = indexedDB.open('connect-offsets', 1);
      open.onsuccess = () => {
        const get = open.result.transaction('drafts').objectStore('drafts').get('connect-offsets/v1/draft');
        get.onsuccess = () => { open.result.close(); resolve(/"set":\[\[99999,5\]\]/.test(get.result ?? '')); };
      };
    })), { timeout: 60_000, message: 'the 100k draft saved' });
    assert.equal(await page.getByRole('alert').filter({ hasText: /^Draft not saved/ }).count(), 0, 'no storage error');

    // Filtering 100k rows.
    const f = Date.now();
    await page.getByRole('searchbox', { name: 'Filter' }).fill(`${topicName(42)}`);
    await page.getByRole('status').filter({ hasText: `${PARTITIONS.toLocaleString('en-US')} of ${(TOPICS * PARTITIONS).toLocaleString('en-US')} entries shown` }).waitFor({ timeout: BIG_MS });
    console.log(`100k entries: filter to one topic ${Date.now() - f} ms`);
    assert.ok((await rows()) <= 200);

    // A reload brings back this listing with its edit, not the small listing's draft.
    await page.reload();
    await page.getByRole('status').filter({ hasText: /^Draft restored/ }).waitFor({ timeout: 120_000 });
    assert.equal((await headerFacts(page)).Entries, (TOPICS * PARTITIONS).toLocaleString('en-US'));
    assert.equal(await page.getByRole('searchbox', { name: 'Filter' }).inputValue(), topicName(42));
    await openImport(page);
    assert.equal(await page.getByRole('button', { name: 'Discard draft' }).count(), 1);
  });
});

test('hostile names render as text: no element injected, no script run, no dialog', async () => {
  const img = '<img src=x onerror=alert(1)>';
  const script = '<script>alert(1)</script>';
  const payload = JSON.stringify({
    offsets: [
      { partition: { cluster: img, partition: 0, topic: script }, offset: { offset: 1 } },
      { partition: { cluster: img, partition: 1, topic: script }, offset: { offset: 2 } },
      { partition: { cluster: img, partition: 0, topic: img }, offset: { offset: 3 } },
      { partition: { cluster: img, partition: 0, topic: '"><svg onload=alert(2)>' }, offset: { offset: 4 } },
    ],
  });
  await withApp({}, async (app) => {
    const { page } = app;
    const before = await page.evaluate(() => document.querySelectorAll('script').length);
    await paste(page, payload);
    await offsetBox(page, `${script} partition 1`).waitFor();
    await offsetBox(page, `${img} partition 0`).waitFor();
    const groups = await page.locator('tr.group').allTextContents();
    assert.ok(groups.some((g) => g.includes(script)), `group heading shows ${script}: ${groups}`);
    assert.ok(groups.some((g) => g.includes(img)));
    const cells = await page.locator('tr.row td.cluster').allTextContents();
    assert.ok(cells.every((c) => c === img), `cluster cells: ${cells}`);
    await eventually(async () => assert.equal((await headerFacts(page)).Clusters, img));
    // Edit one so the export views show the names too.
    const box = offsetBox(page, `${script} partition 0`);
    await box.fill('0');
    await box.press('Enter');
    await until(async () => (await changeText(page, `${script} partition 0`)) !== '', { message: 'edit' });
    const body = await page.evaluate(() => document.body.textContent);
    assert.ok(body.includes(script) && body.includes(img));
    const injected = await page.evaluate(() => ({
      img: document.querySelectorAll('img').length,
      svg: document.querySelectorAll('svg').length,
      script: document.querySelectorAll('script').length,
      onerror: document.querySelectorAll('[onerror],[onload]').length,
    }));
    assert.deepEqual(injected, { img: 0, svg: 0, script: before, onerror: 0 });
    assert.deepEqual(app.dialogs, []);
  });
});

test('screenshots of the main states in light and dark', async () => {
  const saved = [];
  for (const colorScheme of ['light', 'dark']) {
    const app = await openApp({ colorScheme });
    const { page } = app;
    try {
      const shot = async (name) => { await app.screenshot(`${name}-${colorScheme}`); saved.push(`${name}-${colorScheme}.png`); };
      await shot('editor-empty');

      await paste(page, await fixture(CONNECTOR_MM2));
      await page.getByRole('searchbox', { name: 'Filter' }).fill('orders');
      await page.getByRole('textbox', { name: 'Value', exact: true }).fill('-100');
      await page.getByRole('button', { name: 'Shift 3 rows', exact: true }).click();
      await page.getByRole('searchbox', { name: 'Filter' }).fill('');
      await page.getByRole('checkbox', { name: 'Null offset of payments partition 1', exact: true }).check();
      await until(async () => (await changeText(page, 'payments partition 1')) !== '', { message: 'edits' });
      await page.getByRole('heading', { name: 'Connector offsets editor' }).click();
      await shot('editor-edited');

      const exportRegion = page.getByRole('region', { name: 'Export' });
      await exportRegion.getByRole('textbox', { name: 'KafkaConnector name' }).fill('mirror-source');
      await exportRegion.getByRole('region', { name: 'ConfigMap YAML' }).getByRole('button', { name: 'Download' }).click();
      await exportRegion.getByRole('region', { name: 'ConfigMap YAML' }).getByRole('status').filter({ hasText: 'Downloaded' }).waitFor();
      await exportRegion.screenshot({ path: join(ARTIFACTS, `editor-export-${colorScheme}.png`) });
      saved.push(`editor-export-${colorScheme}.png`);

      await paste(page, await fixture(INVALID));
      await headerFacts(page);
      await exportRegion.getByRole('checkbox', { name: /^Export all entries/ }).check();
      await exportRegion.getByRole('region', { name: 'Export disabled' }).waitFor();
      await shot('editor-problems');

      await paste(page, '{\n  "offsets": [\n    {"partition": ,\n  ]\n}\n');
      await page.getByRole('alert', { name: 'Import errors' }).waitFor();
      await shot('editor-parse-error');
      assertQuietAndOffline(app);
    } finally {
      await app.close();
    }
  }
  console.log(`screenshots in tests/e2e/artifacts/: ${saved.join(', ')}`);
});
