// End-to-end, issue 23 items 1 and 2 in real Chromium, by accessible names: "Start a new
// connector" on the empty page makes a MirrorMaker 2's listing from a pasted
// `kafka-get-offsets --time` output (R - 1, null at R = 0, a partition without a value left out
// and named), a bad line is shown with its line and column and nothing typed is lost, the alter
// ConfigMap holds every entry (read back by the real kubectl), the Strimzi 1.2 create of a pasted
// KafkaMirrorMaker2 applies its connector block stopped (every manifest read back by kubectl),
// the REST export creates the
// connector stopped from a pasted config (core's objection to a config without connector.class
// shown next to it), and one Undo brings the empty page back. Tests wait for states, never for
// time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './harness.mjs';
import { withApp, offsetBox, until, eventually, openExport, mm2Entry, jacksonPretty } from './editor-helpers.mjs';

const T = '2026-11-30T12:00:00Z';
// The golden references' `kafka-get-offsets.sh --time T` output, with one more partition that
// has no record after T (the tool prints an empty offset for it).
const reference = async () =>
  `${await readFile(join(ROOT, 'tests/golden/references/time.txt'), 'utf8')}orders.eu-west:3:\n`;
const KEY = 'east--west.MirrorSourceConnector.json';
const CONFIG = JSON.stringify({
  'connector.class': 'org.apache.kafka.connect.mirror.MirrorSourceConnector',
  'source.cluster.alias': 'east',
  'target.cluster.alias': 'west',
  'source.cluster.bootstrap.servers': 'east-kafka-bootstrap:9092',
  'target.cluster.bootstrap.servers': 'west-kafka-bootstrap:9092',
  topics: 'orders.*|payments',
}, null, 2);

const value = (page, name) => offsetBox(page, name).inputValue();
const isNull = (page, name) => page.getByRole('checkbox', { name: `Null offset of ${name}`, exact: true }).isChecked();
const shownRows = (page) => page.locator('tr.row td.offset input').evaluateAll((inputs) => inputs.map((i) => i.getAttribute('aria-label')));
const focusedId = (page) => page.evaluate(() => document.activeElement?.id ?? '');

test('Start a new connector: a MirrorMaker 2 from kafka-get-offsets --time, its alter ConfigMap, the REST create, and Undo back to the empty page', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'offsets-new-'));
  try {
    await withApp({}, async ({ page }) => {
      await page.getByRole('radio', { name: 'Start a new connector' }).check();
      const start = page.getByRole('region', { name: 'Start a new connector' });
      await start.waitFor();
      await start.getByRole('combobox', { name: 'New connector kind' }).selectOption('mirror-source');
      await start.getByRole('textbox', { name: 'Source cluster alias' }).fill('east');
      const text = start.getByRole('textbox', { name: 'Offsets to start from' });
      await text.fill('orders.eu-west:0:0\norders.eu-west:1:seventy\n');
      await start.getByRole('combobox', { name: 'What these offsets are' }).selectOption('time');
      await start.getByRole('textbox', { name: 'Time of these offsets' }).fill(T);

      // By keyboard: Tab from Topics reaches "Make the listing", Enter presses it.
      const topics = start.getByRole('textbox', { name: 'Topics (optional)' });
      await topics.focus();
      await page.keyboard.press('Tab');
      await until(async () => (await page.evaluate(() => document.activeElement?.textContent)) === 'Make the listing', { message: 'the focus on Make the listing' });
      await page.keyboard.press('Enter');

      // The bad line is located and shown next to the field; the focus goes there; nothing is lost.
      const textError = start.locator('#new-reference-error');
      await textError.waitFor();
      assert.match(await textError.textContent(), /^1 line of the offsets at 2026-11-30T12:00:00Z could not be read \(the first at 2:18\); it is listed below with its line and column\./);
      assert.equal(await text.getAttribute('aria-invalid'), 'true');
      const problems = start.getByRole('list', { name: 'Problems of the offsets to start from' });
      assert.match(await problems.textContent(), /2:18/);
      assert.match(await problems.textContent(), /orders\.eu-west:1:seventy/);
      await until(async () => (await focusedId(page)) === 'new-reference', { message: 'the focus on the reference' });
      assert.equal(await text.inputValue(), 'orders.eu-west:0:0\norders.eu-west:1:seventy\n');
      assert.equal(await start.getByRole('textbox', { name: 'Source cluster alias' }).inputValue(), 'east');
      assert.equal(await page.getByRole('region', { name: 'Loaded offsets' }).count(), 0, 'nothing loaded');

      await text.fill(await reference());
      await start.getByRole('button', { name: 'Make the listing' }).click();

      // Every partition with a value, as MirrorMaker 2 stores it: R - 1, null at R = 0.
      const origin = page.getByRole('region', { name: 'New connector' });
      await origin.waitFor();
      assert.equal(await origin.locator('p').textContent(), `A new MirrorSourceConnector (source alias east) from the offsets at ${T}: 5 partitions.`);
      const notes = await origin.getByRole('list', { name: 'Notes on the new listing' }).textContent();
      assert.match(notes, /1 partition\(s\) are at record 0/);
      assert.match(notes, /1 partition\(s\) have no offset in the offsets at 2026-11-30T12:00:00Z and are left out: orders\.eu-west:3\./);
      await until(async () => (await shownRows(page)).length === 5, { message: 'five rows' });
      assert.deepEqual(await shownRows(page), [
        'Offset of orders.eu-west partition 0', 'Offset of orders.eu-west partition 1', 'Offset of orders.eu-west partition 2',
        'Offset of payments partition 3', 'Offset of payments partition 4',
      ]);
      assert.ok(await isNull(page, 'orders.eu-west partition 0'), 'record 0 -> null');
      assert.equal(await value(page, 'orders.eu-west partition 1'), '69');
      assert.equal(await value(page, 'orders.eu-west partition 2'), '299');
      assert.equal(await value(page, 'payments partition 3'), '7');
      assert.equal(await value(page, 'payments partition 4'), '0');

      // The export creates the connector: every entry, whatever changed.
      const exportRegion = page.getByRole('region', { name: 'Export' });
      const create = exportRegion.getByRole('checkbox', { name: 'The connector does not exist yet: create it stopped' });
      assert.ok(await create.isChecked());
      await eventually(async () => assert.match(await exportRegion.getByLabel('Change summary').textContent(), /The export holds 5 entries \(all entries: the connector is created with every one\)\.$/));

      // The alter ConfigMap of a KafkaMirrorMaker2, read back by the real kubectl.
      await exportRegion.getByRole('radio', { name: 'KafkaMirrorMaker2' }).check();
      await exportRegion.getByRole('textbox', { name: 'KafkaMirrorMaker2 name' }).fill('my-mm2');
      await exportRegion.getByRole('textbox', { name: 'Connector', exact: true }).fill('east->west.MirrorSourceConnector');
      await exportRegion.getByRole('textbox', { name: 'Namespace' }).fill('kafka');
      await exportRegion.getByRole('textbox', { name: 'List ConfigMap' }).fill('my-mm2-offsets');
      await exportRegion.getByRole('textbox', { name: 'Alter ConfigMap name' }).fill('my-mm2-offsets-alter');
      const yamlView = await openExport(page, 'ConfigMap YAML');
      await until(async () => (await yamlView.locator('pre').count()) === 1 && (await yamlView.locator('pre').textContent()).includes('my-mm2-offsets-alter'), { message: 'the ConfigMap YAML' });
      const file = join(dir, 'alter.yaml');
      await writeFile(file, await yamlView.locator('pre').textContent());
      const cm = JSON.parse(execFileSync('kubectl', ['annotate', '--local', '-f', file, 'k=v', '-o', 'json'], { encoding: 'utf8' }));
      assert.equal(cm.kind, 'ConfigMap');
      assert.equal(cm.metadata.name, 'my-mm2-offsets-alter');
      assert.equal(cm.metadata.namespace, 'kafka');
      assert.deepEqual(Object.keys(cm.data), [KEY]);
      assert.deepEqual(JSON.parse(cm.data[KEY]), {
        offsets: [
          mm2Entry('east', 'orders.eu-west', 0, null),
          mm2Entry('east', 'orders.eu-west', 1, 69),
          mm2Entry('east', 'orders.eu-west', 2, 299),
          mm2Entry('east', 'payments', 3, 7),
          mm2Entry('east', 'payments', 4, 0),
        ].map((e) => JSON.parse(jacksonPretty(e))),
      });
      // The Strimzi 1.2 create, from the KafkaMirrorMaker2 pasted in Custom resource: its spec
      // kept, the connector's block applied stopped with alterOffsets, then listed, altered,
      // verified and only then running. Every manifest of the script is read by the real kubectl.
      const mm2 = await readFile(join(ROOT, 'tests/fixtures/resources/kafkamirrormaker2-1.2-v1.yaml'), 'utf8');
      await page.getByRole('textbox', { name: 'Custom resource' }).fill(mm2);
      await page.getByRole('button', { name: 'Check resource' }).click();
      const check = page.getByRole('region', { name: 'Custom resource check' });
      await check.waitFor();
      // A create: the check says what the operator does with it (CR12: v1 does not say 1.2).
      await until(async () => (await check.textContent()).includes('CR12'), { message: 'CR12 in the resource check of a create' });
      assert.match(await check.textContent(), /kafka\.strimzi\.io\/v1 is served from Strimzi 1\.0 on/);
      assert.equal(await exportRegion.getByRole('textbox', { name: 'Connector config (JSON)' }).count(), 0, 'a Strimzi connector\'s config is in its resource');
      await exportRegion.getByRole('combobox', { name: 'Strimzi version' }).selectOption('1.2');
      const kubectlScript = await openExport(page, 'kubectl script');
      await until(async () => (await kubectlScript.locator('pre').count()) === 1
        && (await kubectlScript.locator('pre').textContent()).includes('apply the KafkaMirrorMaker2 with its block stopped'), { message: 'the Strimzi create script' });
      const kube = await kubectlScript.locator('pre').textContent();
      const at = (needle) => {
        const i = kube.indexOf(needle);
        assert.ok(i >= 0, needle);
        return i;
      };
      assert.ok(at("==> 3/11 Create the connector: apply the KafkaMirrorMaker2 with its block stopped") < at('strimzi.io/connector-offsets=alter'));
      assert.ok(at('strimzi.io/connector-offsets=alter') < at('==> 10/11 Start the connector'));
      assert.doesNotMatch(kube, /older operator creates it running and stops it/, 'Strimzi 1.2: no warning that it runs first');
      const manifests = [...kube.matchAll(/<<'(\w+)'\n([\s\S]*?)\n\1\n/g)].map((m) => m[2]).filter((doc) => /"?apiVersion"?\s*:/.test(doc));
      const kinds = [];
      for (const [i, doc] of manifests.entries()) {
        const path = join(dir, `manifest-${i}.yaml`);
        await writeFile(path, doc);
        const read = JSON.parse(execFileSync('kubectl', ['annotate', '--local', '-f', path, 'k=v', '-o', 'json'], { encoding: 'utf8' }));
        kinds.push(read.kind);
        if (read.kind === 'KafkaMirrorMaker2') {
          const block = read.spec.mirrors[0].sourceConnector;
          assert.equal(block.state, 'stopped');
          assert.equal(block.alterOffsets.fromConfigMap.name, 'my-mm2-offsets-alter');
          assert.equal(read.status, undefined, 'the status is not applied');
          assert.equal(read.spec.mirrors[1].source.alias, 'central', 'the rest of the spec kept');
        }
        if (read.kind === 'ConfigMap') {
          assert.deepEqual(JSON.parse(read.data[KEY]).offsets.length, 5);
        }
      }
      assert.deepEqual(kinds.sort(), ['ConfigMap', 'KafkaMirrorMaker2']);
      // Back to no resource for the REST part.
      await page.getByRole('textbox', { name: 'Custom resource' }).fill('');
      await page.getByRole('button', { name: 'Check resource' }).click();

      // Kafka Connect REST: the config is core's to check, then the create procedure.
      await exportRegion.getByRole('radio', { name: 'Kafka Connect REST' }).check();
      await exportRegion.getByRole('textbox', { name: 'Connector name' }).fill('orders-mirror');
      await exportRegion.getByRole('textbox', { name: 'Connect REST URL' }).fill('http://connect:8083');
      const config = exportRegion.getByRole('textbox', { name: 'Connector config (JSON)' });
      await config.fill('{"topics": "orders.*"}');
      await config.press('Tab');
      const refused = exportRegion.getByRole('region', { name: 'Why there is no create procedure' });
      await refused.getByText('The connector config has no "connector.class"', { exact: false }).waitFor();
      assert.equal(await config.getAttribute('aria-invalid'), 'true');
      await config.fill(CONFIG);
      await config.press('Tab');
      await eventually(async () => assert.equal(await refused.count(), 0));
      await exportRegion.getByRole('radio', { name: 'It existed before: reset its old offsets' }).check();
      assert.ok(await exportRegion.getByRole('radio', { name: 'It existed before: reset its old offsets' }).isChecked());
      const curl = await openExport(page, 'curl commands');
      await curl.getByRole('heading', { name: 'Step 2. Create the connector, stopped' }).waitFor();
      const script = await openExport(page, 'curl script');
      await until(async () => (await script.locator('pre').count()) === 1, { message: 'the curl script' });
      const body = await script.locator('pre').textContent();
      assert.ok(body.includes('"initial_state":"STOPPED"'), 'created stopped');
      assert.ok(body.includes('"connector.class": "org.apache.kafka.connect.mirror.MirrorSourceConnector"'), 'the config as pasted');
      assert.ok(body.includes('"offset":{"offset":299}') || body.includes('"offset" : 299') || body.includes('"offset":299'), 'the offsets');

      // One Undo: the empty page, with the form as it was.
      await page.getByRole('toolbar', { name: 'History' }).getByRole('button', { name: 'Undo' }).click();
      await start.waitFor();
      await page.getByRole('heading', { name: 'Get started' }).waitFor();
      assert.equal(await page.getByRole('region', { name: 'Loaded offsets' }).count(), 0);
      assert.equal(await start.getByRole('textbox', { name: 'Offsets to start from' }).inputValue(), await reference());
      assert.equal(await start.getByRole('textbox', { name: 'Source cluster alias' }).inputValue(), 'east');
      await page.getByText('Undone: nothing is loaded, as before.').waitFor();
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('Start a new connector says which field to fill in, and a sink stores R', async () => {
  await withApp({}, async ({ page }) => {
    await page.getByRole('radio', { name: 'Start a new connector' }).check();
      const start = page.getByRole('region', { name: 'Start a new connector' });
    await start.getByRole('button', { name: 'Make the listing' }).click();
    await start.locator('#new-kind-error').filter({ hasText: 'Choose the kind of the new connector' }).waitFor();
    assert.equal(await start.getByRole('combobox', { name: 'New connector kind' }).getAttribute('aria-invalid'), 'true');
    await page.getByRole('alert').filter({ hasText: 'No listing was made: Choose the kind' }).waitFor();
    await start.getByRole('combobox', { name: 'New connector kind' }).selectOption('sink');
    assert.equal(await start.getByRole('textbox', { name: 'Source cluster alias' }).count(), 0, 'a sink names no cluster');
    await start.getByRole('textbox', { name: 'Offsets to start from' }).fill(await readFile(join(ROOT, 'tests/fixtures/kafka-4.3.1/get-offsets-latest.txt'), 'utf8'));
    await start.getByRole('button', { name: 'Make the listing' }).click();
    await start.locator('#new-role-error').filter({ hasText: 'Choose what these offsets are' }).waitFor();
    await start.getByRole('combobox', { name: 'What these offsets are' }).selectOption('latest');
    await start.getByRole('button', { name: 'Make the listing' }).click();
    await page.getByRole('region', { name: 'New connector' }).getByText('A new sink connector from the latest offsets: 3 partitions.').waitFor();
    // Real Kafka 4.3.1 output: fixture-orders holds 10, 5 and 0 records.
    assert.equal(await value(page, 'fixture-orders partition 0'), '10');
    assert.equal(await value(page, 'fixture-orders partition 1'), '5');
    assert.equal(await value(page, 'fixture-orders partition 2'), '0');
  });
});

// Issue 31 item 1: Kafka 4.3.1's `kafka-get-offsets --time T` prints nothing for a partition
// with no record at or after T. Alone, that output makes a listing without the partition, and
// a warning under New connector says it would copy its history; with Latest offsets (log end)
// pasted too, the partition starts at its log end (MirrorMaker 2 stores log end - 1).
test('Start a new connector: the latest offsets give a partition the time lookup leaves out its log end, else a warning says it copies its history', async () => {
  await withApp({}, async ({ page }) => {
    await page.getByRole('radio', { name: 'Start a new connector' }).check();
      const start = page.getByRole('region', { name: 'Start a new connector' });
    await start.waitFor();
    await start.getByRole('combobox', { name: 'New connector kind' }).selectOption('mirror-source');
    await start.getByRole('textbox', { name: 'Source cluster alias' }).fill('east');
    await start.getByRole('textbox', { name: 'Offsets to start from' }).fill('orders:0:5\n');
    await start.getByRole('combobox', { name: 'What these offsets are' }).selectOption('time');
    await start.getByRole('textbox', { name: 'Time of these offsets' }).fill(T);
    await start.getByRole('button', { name: 'Make the listing' }).click();

    const origin = page.getByRole('region', { name: 'New connector' });
    await origin.waitFor();
    const warnings = origin.getByRole('list', { name: 'Warnings on the new listing' });
    await warnings.waitFor();
    assert.match(await warnings.textContent(), /^Warning: The offsets at 2026-11-30T12:00:00Z name only the partitions that have a record at or after 2026-11-30T12:00:00Z: .* copies its whole history, every record written before 2026-11-30T12:00:00Z\. .*the page's Latest offsets \(log end\)\.$/);
    await until(async () => (await shownRows(page)).length === 1, { message: 'one row' });

    // Undo: the form as it was; the latest offsets of the same partitions fill the gap.
    await page.getByRole('toolbar', { name: 'History' }).getByRole('button', { name: 'Undo' }).click();
    const latest = start.getByRole('textbox', { name: 'Latest offsets (log end)' });
    await latest.waitFor();
    await latest.fill('orders:0:10\norders:1:5\norders:2:0\n');
    await start.getByRole('button', { name: 'Make the listing' }).click();
    await until(async () => (await shownRows(page)).length === 3, { message: 'three rows' });
    assert.equal(await value(page, 'orders partition 0'), '4');
    assert.equal(await value(page, 'orders partition 1'), '4');
    assert.ok(await isNull(page, 'orders partition 2'), 'log end 0 -> null');
    assert.equal(await origin.getByRole('list', { name: 'Warnings on the new listing' }).count(), 0, 'no warning');
    assert.match(await origin.getByRole('list', { name: 'Notes on the new listing' }).textContent(),
      /2 partition\(s\) have no offset in the offsets at 2026-11-30T12:00:00Z: they start at their log end, from the latest offsets \(MirrorMaker 2 stores the log end − 1, and null at 0\), so they copy nothing written before: orders:1, orders:2\./);
  });
});
