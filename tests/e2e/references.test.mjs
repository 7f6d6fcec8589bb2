// Issue 11 in the page, by accessible names: paste a listing and the earliest, latest and
// time references (the golden ones of tests/golden/references), read the Log range column and
// the range: filter, set a filtered set to the offsets at a time, check the exported ConfigMap
// with the real kubectl, and generate the lookup commands (byte-equal to the golden script).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURES, ROOT } from './harness.mjs';
import { changeText, jacksonPretty, mm2Entry, offsetBox, openExport, paste, rowOf, until, withApp } from './editor-helpers.mjs';

const GOLDEN = join(ROOT, 'tests/golden/references');
const golden = (name) => readFile(join(GOLDEN, name), 'utf8');
const KEY = 'east--west.MirrorSourceConnector.json';
const T = '2026-11-30T12:00:00Z';

/** The MirrorMaker 2 ConfigMap of the fixture, with the golden references' seven partitions. */
async function listing() {
  const cm = await readFile(join(FIXTURES, 'kafkamirrormaker2-source.list.yaml'), 'utf8');
  const body = jacksonPretty({
    offsets: [
      mm2Entry('east', 'orders.eu-west', 0, 41),
      mm2Entry('east', 'orders.eu-west', 1, 99),
      mm2Entry('east', 'orders.eu-west', 2, 5),
      mm2Entry('east', 'payments', 0, 1999),
      mm2Entry('east', 'payments', 1, null),
      mm2Entry('east', 'payments', 3, 7),
      mm2Entry('east', 'audit_log', 0, 9223372036854775806n),
    ],
  });
  const data = `data:\n  ${KEY}: |-\n${body.split('\n').map((l) => `    ${l}`).join('\n')}\n`;
  return cm.replace(/^data:\n[\s\S]*?(?=^kind: ConfigMap)/m, data);
}

/** Adds a pasted reference with its role (and time) and waits for it in the list. */
async function addReference(page, n, role, text, time) {
  const panel = page.getByRole('region', { name: 'References' });
  await panel.getByRole('textbox', { name: 'Reference output' }).fill(text);
  await panel.getByRole('combobox', { name: 'What these offsets are' }).selectOption(role);
  if (time) await panel.getByRole('textbox', { name: 'Time of these offsets' }).fill(time);
  await panel.getByRole('button', { name: 'Add reference' }).click();
  await panel.getByRole('heading', { name: `Pasted reference ${n}` }).waitFor();
  // The box is emptied for the next one.
  await until(async () => (await panel.getByRole('textbox', { name: 'Reference output' }).inputValue()) === '',
    { message: 'the reference box emptied' });
}

const logRange = async (page, name) => (await rowOf(page, name).locator('td.log-range').textContent()).trim();
const value = (page, name) => offsetBox(page, name).inputValue();
const isNull = (page, name) => page.getByRole('checkbox', { name: `Null offset of ${name}`, exact: true }).isChecked();
const shownRows = (page) => page.locator('tr.row td.offset input').evaluateAll((inputs) => inputs.map((i) => i.getAttribute('aria-label')));

test('references: log range of every row, range: filter, set a filtered set to the offsets at T, export checked with kubectl', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'offsets-refs-'));
  try {
    await withApp({}, async ({ page }) => {
      await paste(page, await listing());
      await offsetBox(page, 'orders.eu-west partition 2').waitFor();
      assert.equal(await page.getByRole('columnheader', { name: 'Log range' }).count(), 0, 'no column without references');

      const panel = page.getByRole('region', { name: 'References' });
      // The role must be confirmed: no silent default.
      await panel.getByRole('textbox', { name: 'Reference output' }).fill(await golden('earliest.txt'));
      await panel.getByRole('button', { name: 'Add reference' }).click();
      await panel.getByText('Choose what these offsets are').waitFor();
      assert.equal(await panel.getByRole('combobox', { name: 'What these offsets are' }).getAttribute('aria-invalid'), 'true');

      await addReference(page, 1, 'earliest', await golden('earliest.txt'));
      await addReference(page, 2, 'latest', await golden('latest.txt'));
      await page.getByRole('columnheader', { name: 'Log range' }).waitFor();
      assert.equal(await logRange(page, 'orders.eu-west partition 0'), 'caught up');
      assert.equal(await logRange(page, 'orders.eu-west partition 2'), 'below the log start (4 purged)');
      assert.equal(await logRange(page, 'payments partition 0'), 'above the log end (by 1,000)');
      assert.equal(await logRange(page, 'payments partition 1'), '—');
      await panel.getByText('Log range: in the log 4 (4 caught up) · below the log start 1 (4 records purged) · above the log end 1 · unknown 0 · not checked (null) 1.').waitFor();
      // LR problems are listed.
      await page.getByRole('region', { name: /Problems/ }).getByText('LR1', { exact: false }).first().waitFor();

      const filter = page.getByRole('searchbox', { name: 'Filter' });
      await filter.fill('range:below');
      await until(async () => JSON.stringify(await shownRows(page)) === JSON.stringify(['Offset of orders.eu-west partition 2']),
        { message: 'range:below shows the purged row only' });
      await filter.fill('range:above');
      await until(async () => JSON.stringify(await shownRows(page)) === JSON.stringify(['Offset of payments partition 0']),
        { message: 'range:above shows the recreated row only' });

      // The offsets at T, on one topic only.
      await addReference(page, 3, 'time', await golden('time.txt'), T);
      await filter.fill('topic:orders*');
      await until(async () => (await shownRows(page)).length === 3, { message: 'the orders topic' });
      await until(async () => (await panel.textContent()).includes('3 row(s) the filter shows'), { message: 'the count of rows Set to acts on' });
      await panel.getByRole('button', { name: `Set to the offsets at ${T}` }).click();
      await until(async () => (await value(page, 'orders.eu-west partition 1')) === '69', { message: 'set from T' });
      assert.equal(await value(page, 'orders.eu-west partition 2'), '299');
      assert.ok(await isNull(page, 'orders.eu-west partition 0'), 'record 0 -> null for MirrorMaker 2');
      assert.match(await changeText(page, 'orders.eu-west partition 2'), /skips 290 records against the log$/);
      await filter.fill('');
      await until(async () => (await shownRows(page)).length === 7, { message: 'every row again' });
      assert.equal(await value(page, 'payments partition 0'), '1999', 'outside the filter: unchanged');

      // The export: exactly the three rows of the topic, as the real kubectl reads it.
      const yamlView = await openExport(page, 'ConfigMap YAML');
      await until(async () => (await yamlView.locator('pre').textContent()).includes('"offset" : 299'), { message: 'the export follows' });
      const file = join(dir, 'alter.yaml');
      await writeFile(file, await yamlView.locator('pre').textContent());
      const cm = JSON.parse(execFileSync('kubectl', ['annotate', '--local', '-f', file, 'k=v', '-o', 'json'], { encoding: 'utf8' }));
      assert.equal(cm.metadata.name, 'my-mm2-offsets-alter');
      assert.deepEqual(JSON.parse(cm.data[KEY]), {
        offsets: [
          mm2Entry('east', 'orders.eu-west', 0, null),
          mm2Entry('east', 'orders.eu-west', 1, 69),
          mm2Entry('east', 'orders.eu-west', 2, 299),
        ].map((e) => JSON.parse(jacksonPretty(e))),
      });
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('references: a bad line is located, the lookup commands match the golden script', async () => {
  await withApp({}, async ({ page }) => {
    await paste(page, await listing());
    await offsetBox(page, 'orders.eu-west partition 0').waitFor();
    await addReference(page, 1, 'earliest', 'orders.eu-west:0:0\norders.eu-west:x:5\n');
    const panel = page.getByRole('region', { name: 'References' });
    const problems = panel.getByRole('list', { name: 'Problems of Pasted reference 1' });
    await problems.waitFor();
    assert.match(await problems.textContent(), /2:\d+/, 'line:column of the bad line');
    assert.match(await problems.textContent(), /orders\.eu-west:x:5/, 'the text is quoted');
    assert.equal(await panel.getByRole('button', { name: /^Set to/ }).count(), 0, 'an unusable reference sets nothing');

    await panel.getByRole('textbox', { name: 'Look up at' }).fill('2026-11-30T13:00:00+01:00');
    await panel.getByRole('textbox', { name: 'Bootstrap server' }).fill('east-kafka-bootstrap.kafka.svc:9093');
    const script = panel.getByLabel('Lookup commands');
    await script.waitFor();
    assert.equal(await script.textContent(), await golden('mm2.lookup-time.sh'));
    await panel.getByText(`${T} = 1796040000000 ms since 1970`).waitFor();

    // earliest / latest are picked with a button as well as typed.
    await panel.getByRole('button', { name: 'Latest', exact: true }).click();
    await until(async () => (await panel.getByRole('textbox', { name: 'Look up at' }).inputValue()) === 'latest', { message: 'Latest picked' });
    await until(async () => (await script.textContent()).includes('--time -1'), { message: 'the latest commands' });

    await panel.getByRole('textbox', { name: 'Bootstrap server' }).fill('east:99999');
    const bootstrap = panel.getByRole('textbox', { name: 'Bootstrap server' });
    await until(async () => (await bootstrap.getAttribute('aria-invalid')) === 'true', { message: 'the bad port marks its field' });
    assert.equal(await script.count(), 0, 'nothing generated on an error');
  });
});
