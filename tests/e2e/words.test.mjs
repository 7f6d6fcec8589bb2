// End-to-end, issue 14 items 4, 5 and 8, in real Chromium by accessible names: the CSV view
// names the null rows it leaves out and says what its numbers are; the header says when the
// listing was taken; a restored draft says its age; a YAML dedent is named at its line;
// Problems and Export count the same things; "nothing changed" is a state; identical warnings
// are one expandable group. Tests wait for states, never for time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FIXTURES } from './harness.mjs';
import { withApp, paste, headerFacts, offsetBox, changeText, setCell, until, mm2RestPayload, topicName, openExport, eventually } from './editor-helpers.mjs';

const fixture = (name) => readFile(join(FIXTURES, name), 'utf8');
const MM2 = 'kafkamirrormaker2-source.list.yaml'; // orders 0 = 41, orders 1 = 42

test('the CSV view leaves a nulled row out, names it in a note, and says the numbers are consumer positions', async () => {
  await withApp({}, async ({ page }) => {
    await paste(page, await fixture(MM2));
    const p0 = offsetBox(page, 'orders partition 0');
    await p0.fill('40');
    await p0.press('Enter');
    await page.getByRole('checkbox', { name: 'Null offset of orders partition 1', exact: true }).check();
    await until(async () => (await changeText(page, 'orders partition 1')) !== '', { message: 'null' });
    await openExport(page, 'CSV');
    const csv = page.getByRole('region', { name: 'Export' }).getByRole('region', { name: 'CSV' });
    await csv.waitFor();
    await eventually(async () => assert.equal(await csv.locator('pre').textContent(), 'orders,0,41\n', 'stored 40 + 1; the null row is not written as 0'));
    const note = await csv.locator('p.note').textContent();
    assert.match(note, /^CSV: 1 row is left out: orders:1\. Its offset is null/);
    await eventually(async () => assert.match(await csv.locator('p.conversion').textContent(), /^Consumer positions \(the next record to read\).*stored offset \+ 1/));
    await openExport(page, 'ConfigMap YAML');
    const yaml = page.getByRole('region', { name: 'ConfigMap YAML' });
    await eventually(async () => assert.match(await yaml.locator('p.conversion').textContent(), /^Stored offsets, exactly as Kafka Connect stores them \(no conversion\)/));
  });
});

const MANAGED = `apiVersion: v1
kind: ConfigMap
metadata:
  creationTimestamp: "2026-11-02T09:14:07Z"
  managedFields:
  - apiVersion: v1
    fieldsType: FieldsV1
    manager: strimzi-kafka-operator
    operation: Apply
    time: "2026-11-30T12:00:00Z"
  name: my-mm2-offsets
  namespace: kafka
data:
  east--west.MirrorSourceConnector.json: |-
    {
      "offsets" : [ {
        "partition" : {
          "cluster" : "east",
          "partition" : 0,
          "topic" : "orders"
        },
        "offset" : {
          "offset" : 41
        }
      } ]
    }
`;

test('the header says when the listing was taken (managedFields), or that it is unknown; never the creation time', async () => {
  await withApp({}, async ({ page }) => {
    await paste(page, MANAGED);
    const facts = await headerFacts(page);
    assert.equal(facts.Source, 'ConfigMap (YAML)');
    assert.match(facts.Listed, /^2026-11-30 12:00:00 UTC, .* ago \(written by strimzi-kafka-operator/);
    await paste(page, await fixture(MM2));
    await until(async () => (await headerFacts(page)).Listed.startsWith('unknown'), { message: 'reloaded' });
    const listed = (await headerFacts(page)).Listed;
    assert.match(listed, /kubectl get configmap my-mm2-offsets -o yaml --show-managed-fields/);
    assert.doesNotMatch(listed, /2026-11-02/, 'the creation timestamp is not the listing time');
  });
});

test('a restored draft says how old it is', async () => {
  await withApp({}, async ({ page }) => {
    await paste(page, await fixture(MM2));
    const p0 = offsetBox(page, 'orders partition 0');
    await p0.fill('3');
    await p0.press('Enter');
    await until(async () => (await changeText(page, 'orders partition 0')) !== '', { message: 'edit' });
    // The draft record as a page left three hours ago would have written it.
    // Drafts live in IndexedDB (database connect-offsets, store drafts).
    const draftRecord = (change) => page.evaluate((change) => new Promise((resolve, reject) => {
      const key = 'connect-offsets/v1/draft';
      const open = indexedDB.open('connect-offsets', 1);
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const store = open.result.transaction('drafts', 'readwrite').objectStore('drafts');
        const get = store.get(key);
        get.onsuccess = () => {
          const record = get.result ?? '';
          if (change && /"savedAt":\d+\}$/.test(record)) {
            store.put(record.replace(/"savedAt":\d+\}$/, `"savedAt":${Date.now() - 3 * 3600 * 1000 - 60_000}}`), key);
          }
          get.transaction.oncomplete = () => { open.result.close(); resolve(record); };
        };
      };
    }), change);
    await until(async () => /"set":\[\[0,3\]\].*"savedAt":\d+\}$/.test(await draftRecord(false)), { message: 'the edit saved' });
    await draftRecord(true);
    await page.reload();
    const status = page.getByRole('status').filter({ hasText: /^Draft restored/ });
    await status.waitFor();
    await eventually(async () => assert.match(await status.textContent(), /^Draft restored from 3 hours ago\. Its listing may be older still: list the offsets again before you alter\./));
    await eventually(async () => assert.equal(await offsetBox(page, 'orders partition 0').inputValue(), '3'));
  });
});

const DEDENT = `apiVersion: v1
kind: ConfigMap
metadata:
  name: my-mm2-offsets
data:
  offsets.json: |-
    {
      "offsets" : [ {
        "partition" : {
  "cluster" : "east",
          "partition" : 0,
          "topic" : "orders"
        },
        "offset" : {
          "offset" : 41
        }
      } ]
    }
`;

test('a YAML dedent inside the |- block is named at its line, in plain words', async () => {
  await withApp({}, async ({ page }) => {
    await paste(page, DEDENT);
    const errors = page.getByRole('alert', { name: 'Import errors' });
    await errors.waitFor();
    const text = await errors.textContent();
    assert.match(text, /10:3: YAML: The YAML could not be read: line 10 is indented less than the `\|-` block it belongs to: indent every line of the offsets JSON by the same amount\./);
    assert.doesNotMatch(text, /not a ConfigMap/);
    await eventually(async () => assert.ok((await errors.locator('pre').first().textContent()).startsWith('  "cluster" : "east",\n'), 'the dedented line is quoted'));
  });
});

test('Problems and Export count the same things; nothing changed is a state without 0:0', async () => {
  await withApp({}, async ({ page }) => {
    await paste(page, await fixture('rest-get-offsets.mm2-source.json'));
    const problems = page.getByRole('region', { name: 'Problems' });
    const exportRegion = page.getByRole('region', { name: 'Export' });
    // A REST payload names no connector, but nothing needs the name yet (issue 20 item 12):
    // nothing changed is a state, not an error, and no 0:0 anywhere.
    const waiting = exportRegion.getByRole('status', { name: 'Nothing to export yet' });
    await waiting.waitFor();
    await eventually(async () => assert.match(await waiting.textContent(), /^Make a change to export/));
    await eventually(async () => assert.match(await problems.getByRole('heading').textContent(), /^Problems: 0 errors, /));
    await eventually(async () => assert.doesNotMatch(await page.locator('body').textContent(), /\b0:0\b/));
    // Once there is something to export, the missing name is a problem, counted once; it stops
    // only the curl commands (issue 12), so Export is not disabled as a whole.
    await setCell(page, 'clicks partition 0', '5');
    await problems.getByRole('heading').filter({ hasText: /^Problems: 1 error, / }).waitFor();
    await eventually(async () => assert.ok((await problems.getByRole('listitem').allTextContents()).some((t) => /error\s*K5\s*Required/.test(t))));
    await eventually(async () => assert.equal(await exportRegion.getByRole('region', { name: 'Export disabled' }).count(), 0));
    await exportRegion.getByRole('textbox', { name: 'Connector name' }).fill('east->west.MirrorSourceConnector');
    await eventually(async () => assert.match(await problems.getByRole('heading').textContent(), /^Problems: 0 errors, /));
    await eventually(async () => assert.equal(await exportRegion.getByRole('region', { name: 'Export disabled' }).count(), 0));
  });
});

test('identical warnings on many rows are one expandable group; each row stays reachable', async () => {
  await withApp({}, async ({ page }) => {
    await paste(page, mm2RestPayload(1, 40));
    await page.getByRole('textbox', { name: 'Value', exact: true }).fill('-1');
    await page.getByRole('button', { name: 'Shift 40 rows', exact: true }).click();
    const problems = page.getByRole('region', { name: 'Problems' });
    const group = problems.getByRole('button', { name: /^warning\s*MS11 on 40 rows: records will be mirrored again \(duplicates on the target\)\.$/ });
    await group.waitFor();
    await eventually(async () => assert.equal(await group.getAttribute('aria-expanded'), 'false'));
    await eventually(async () => assert.equal(await problems.getByRole('button', { name: /\(entry #7\):/ }).count(), 0, 'collapsed'));
    await group.click();
    const row = problems.getByRole('button', { name: /MS11 .*east\/topic-000 partition 6 \(entry #7\): records 1006…1006 will be mirrored again/ });
    await row.click();
    const name = `Offset of ${topicName(0)} partition 6`;
    await until(async () => (await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) === name, { message: 'the row of the problem focused' });
  });
});
