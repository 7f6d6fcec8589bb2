// End-to-end: which data key of a ConfigMap the page reads (issue 31, items 15 and 16): the
// "Offsets key" picker lists only the keys Strimzi writes, and two equally likely keys are read
// with a warning until the user picks one. By role and accessible name, waiting for states.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withApp, paste, eventually } from './editor-helpers.mjs';

const entry = (cluster) => `'{"offsets":[{"partition":{"cluster":"${cluster}","topic":"orders","partition":0},"offset":{"offset":5}}]}'`;

/** Two mirrors listed into one ConfigMap, beside a key of the user's own (kubectl sorts keys). */
const TWO_MIRRORS = `apiVersion: v1
kind: ConfigMap
metadata:
  name: my-mm2-offsets
  namespace: kafka
data:
  app-config.json: '{"a": 1}'
  central--west.MirrorSourceConnector.json: ${entry('central')}
  east--west.MirrorSourceConnector.json: ${entry('east')}
`;

async function problemTexts(page) {
  const problems = page.getByRole('region', { name: 'Problems' });
  return (await problems.getByRole('listitem').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
}

test('Offsets key lists only the keys Strimzi writes, and two equal keys warn until one is picked', async () => {
  await withApp({}, async ({ page }) => {
    await paste(page, TWO_MIRRORS);
    const picker = page.getByRole('combobox', { name: 'Offsets key', exact: true });
    await picker.waitFor();
    await eventually(async () => assert.deepEqual(
      await picker.locator('option').allTextContents(),
      ['central--west.MirrorSourceConnector.json', 'east--west.MirrorSourceConnector.json'],
    ));
    await eventually(async () => assert.equal(await picker.inputValue(), 'central--west.MirrorSourceConnector.json'));
    await eventually(async () => {
      const items = await problemTexts(page);
      assert.ok(items.some((t) => /warning\s*IMP2\s*.*nothing tells which one to read.*pick the one you mean under Offsets key/.test(t)), JSON.stringify(items));
    });

    await picker.selectOption('east--west.MirrorSourceConnector.json');
    await eventually(async () => assert.equal(await picker.inputValue(), 'east--west.MirrorSourceConnector.json'));
    await eventually(async () => {
      const items = await problemTexts(page);
      assert.ok(!items.some((t) => /IMP2/.test(t)), JSON.stringify(items));
      assert.ok(items.some((t) => /info\s*KEY\s*.*Read data key 'east--west\.MirrorSourceConnector\.json', the key chosen/.test(t)), JSON.stringify(items));
    });
  });
});
