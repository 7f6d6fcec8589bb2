// End-to-end: safe apply (issue 12), in Chromium by role and accessible name. A MirrorMaker 2
// listing whose ConfigMap has no owner reference: the ConfigMap YAML downloads without any
// resource name (the real kubectl reads it), only the commands wait for the name; the custom
// resource fills the names and its wrong annotation is flagged; the rollback downloads (kubectl
// reads it); a listing pasted after the alter reads landed / drifted per partition.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FIXTURES } from './harness.mjs';
import { withApp, paste, headerFacts, offsetBox, changeText, until, openExport, eventually } from './editor-helpers.mjs';

const fixture = (name) => readFile(join(FIXTURES, name), 'utf8');
const KEY = 'east--west.MirrorSourceConnector.json';

/** The MirrorMaker 2 listing (orders 0 = 41, orders 1 = 42) without its owner reference. */
async function listingWithoutOwner() {
  const text = await fixture('kafkamirrormaker2-source.list.yaml');
  const start = text.indexOf('  ownerReferences:');
  const end = text.indexOf('  resourceVersion:');
  assert.ok(start > 0 && end > start);
  return text.slice(0, start) + text.slice(end);
}

/** Downloads a view's text with its Download button; returns the file's path and text. */
async function download(page, view, name) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    view.getByRole('button', { name: 'Download' }).click(),
  ]);
  assert.equal(file.suggestedFilename(), name);
  await eventually(async () => assert.equal(await file.failure(), null, 'download completed'));
  const path = await file.path();
  await view.getByRole('status').filter({ hasText: `Downloaded ${name}.` }).waitFor();
  return { path, text: await readFile(path, 'utf8') };
}

/** What the real kubectl reads from a ConfigMap file. */
function kubectlRead(path) {
  return JSON.parse(execFileSync('kubectl', ['annotate', '--local', '-f', path, 'k=v', '-o', 'json'], { encoding: 'utf8' }));
}

test('safe apply: gated exports, the custom resource, the rollback and the landed check', async () => {
  await withApp({}, async ({ page, context, origin }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const listing = await listingWithoutOwner();
    await paste(page, listing);
    await headerFacts(page);
    // orders 0 rewound to 10, orders 1 nulled.
    const p0 = offsetBox(page, 'orders partition 0');
    await p0.fill('10');
    await p0.press('Enter');
    await page.getByRole('checkbox', { name: 'Null offset of orders partition 1', exact: true }).check();
    await until(async () => (await changeText(page, 'orders partition 1')) !== '', { message: 'the null' });

    // No owner, so no resource name: only the commands wait for it.
    const exportRegion = page.getByRole('region', { name: 'Export' });
    const nameBox = exportRegion.getByRole('textbox', { name: 'KafkaMirrorMaker2 name' });
    await eventually(async () => assert.equal(await nameBox.inputValue(), ''));
    const yamlView = exportRegion.getByRole('region', { name: 'ConfigMap YAML', exact: true });
    await yamlView.locator('pre').waitFor();
    await eventually(async () => assert.equal(await exportRegion.getByRole('region', { name: 'Export disabled' }).count(), 0, 'nothing disables every export'));
    await openExport(page, 'kubectl commands');
    const commands = exportRegion.getByRole('region', { name: 'kubectl commands', exact: true });
    await commands.getByText('Fill in KafkaMirrorMaker2 name: Required: the name of the KafkaMirrorMaker2 resource.').waitFor();
    await eventually(async () => assert.equal(await commands.getByRole('button', { name: 'Copy', exact: true }).isDisabled(), true));
    await openExport(page, 'PATCH JSON');
    await exportRegion.getByRole('region', { name: 'PATCH JSON', exact: true }).locator('pre').waitFor();

    await openExport(page, 'ConfigMap YAML');
    const alter = await download(page, yamlView, 'alter.yaml');
    const cm = kubectlRead(alter.path);
    assert.equal(cm.metadata.name, 'my-mm2-offsets-alter');
    assert.equal(cm.metadata.namespace, 'kafka');
    assert.deepEqual(Object.keys(cm.data), [KEY]);
    assert.deepEqual(JSON.parse(cm.data[KEY]).offsets.map((e) => e.offset), [{ offset: 10 }, null]);

    // The custom resource, with a wrong annotation value: the names are filled, List is flagged.
    const cr = (await fixture('resources/kafkamirrormaker2-1.2-v1.yaml'))
      .replace('strimzi.io/connector-offsets: alter', 'strimzi.io/connector-offsets: List');
    await page.getByRole('textbox', { name: 'Custom resource' }).fill(cr);
    await page.getByRole('button', { name: 'Check resource' }).click();
    const check = page.getByRole('region', { name: 'Custom resource check' });
    await check.waitFor();
    await until(async () => (await nameBox.inputValue()) === 'my-mm2', { message: 'the name filled from the resource' });
    await eventually(async () => assert.equal(await exportRegion.getByRole('textbox', { name: 'Connector', exact: true }).inputValue(), 'east->west.MirrorSourceConnector'));
    await eventually(async () => assert.equal(await exportRegion.getByRole('textbox', { name: 'Mirror index' }).inputValue(), '0'));
    await eventually(async () => assert.equal(await exportRegion.getByRole('textbox', { name: 'Alter ConfigMap name' }).inputValue(), 'my-mm2-offsets-alter'));
    await eventually(async () => assert.match(await check.getByRole('status').filter({ hasText: /^Export settings / }).textContent(), /^Export settings filled from KafkaMirrorMaker2 'my-mm2': name, namespace, connector, mirror index/));
    const cr3 = check.getByRole('listitem').filter({ hasText: 'CR3' });
    await eventually(async () => assert.match(await cr3.textContent(), /5:35 .*strimzi\.io\/connector-offsets is 'List'/));
    const fix = await cr3.locator('.finding-command pre').textContent();
    assert.match(fix, /^kubectl annotate kafkamirrormaker2 'my-mm2' -n 'kafka' /);
    await cr3.getByRole('button', { name: 'Copy command' }).click();
    await cr3.getByRole('status').filter({ hasText: 'Copied the command to the clipboard.' }).waitFor();
    await eventually(async () => assert.equal(await page.evaluate(() => navigator.clipboard.readText()), fix));

    // Every name known: the commands are there.
    await openExport(page, 'kubectl commands');
    await until(async () => (await commands.locator('pre').allTextContents()).join('\n')
      .includes("kubectl annotate kafkamirrormaker2 'my-mm2' -n 'kafka' strimzi.io/connector-offsets=alter"), { message: 'the commands' });

    // The rollback: exactly the two changed partitions back to 41 and 42.
    await openExport(page, 'Rollback');
    const rollback = exportRegion.getByRole('region', { name: 'Rollback', exact: true });
    await eventually(async () => assert.match(await rollback.textContent(), /It names 2 partitions: 2 back to their listed offset, 0 the alter adds deleted/));
    const rollbackYaml = rollback.getByRole('region', { name: 'Rollback ConfigMap', exact: true });
    const back = await download(page, rollbackYaml, 'rollback.yaml');
    const rcm = kubectlRead(back.path);
    assert.equal(rcm.metadata.name, 'my-mm2-offsets-alter-rollback');
    assert.equal(rcm.metadata.namespace, 'kafka');
    const restored = JSON.parse(rcm.data[KEY]).offsets;
    assert.deepEqual(restored.map((e) => [e.partition.partition, e.offset]), [[0, { offset: 41 }], [1, { offset: 42 }]]);
    const steps = (await rollback.getByRole('region', { name: 'Rollback steps', exact: true }).locator('pre').allTextContents()).join('\n');
    assert.match(steps, /Roll back: /);
    assert.ok(steps.includes('my-mm2-offsets-alter-rollback'), steps);
    await eventually(async () => assert.equal(
      await rollback.getByRole('region', { name: 'Expected after the rollback' }).locator('pre').textContent(),
      'east/orders:0: 41\neast/orders:1: 42\n',
    ));

    // The landed check: orders 0 landed at 10, orders 1 still listed (the null drifted).
    const landed = page.getByRole('region', { name: 'Landed check' });
    await landed.getByRole('textbox', { name: 'Check the new listing' }).fill(listing.replace('"offset" : 41', '"offset" : 10'));
    await landed.getByRole('button', { name: 'Check', exact: true }).click();
    const summary = landed.getByRole('status', { name: 'Landed summary' });
    await summary.waitFor();
    await eventually(async () => assert.match(await summary.textContent(), /^1 of 2 altered partitions landed; 1 drifted \(listed with another offset\), 0 missing/));
    const table = landed.getByRole('table', { name: 'Landed per partition' });
    const row = (label) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
    await eventually(async () => assert.deepEqual(await row('east/orders:0').getByRole('cell').allTextContents(), ['10', '10', 'landed']));
    await eventually(async () => assert.deepEqual(await row('east/orders:1').getByRole('cell').allTextContents(), ['null', '42', 'drifted']));

    // Once the null landed too (the partition is gone from the listing): all landed.
    const lines = listing.replace('"offset" : 41', '"offset" : 10');
    const cut = lines.indexOf('}, {');
    const end = lines.indexOf('} ]');
    await landed.getByRole('textbox', { name: 'Check the new listing' }).fill(`${lines.slice(0, cut)}} ]${lines.slice(end + 3)}`);
    await landed.getByRole('button', { name: 'Check', exact: true }).click();
    await until(async () => /^All 2 partitions of the alter landed/.test(await summary.textContent()), { message: 'all landed' });
    await eventually(async () => assert.deepEqual(await row('east/orders:1').getByRole('cell').allTextContents(), ['null', 'no entry', 'landed']));

    // The custom resource is kept in the draft.
    await page.reload();
    await page.getByRole('heading', { name: 'Connector offsets editor' }).waitFor();
    await until(async () => (await page.getByRole('textbox', { name: 'Custom resource' }).inputValue()) === cr, { message: 'the resource restored' });
    await page.getByRole('region', { name: 'Custom resource check' }).getByRole('listitem').filter({ hasText: 'CR3' }).waitFor();
    await eventually(async () => assert.equal(await page.getByRole('region', { name: 'Export' }).getByRole('textbox', { name: 'KafkaMirrorMaker2 name' }).inputValue(), 'my-mm2'));
  });
});
