// End-to-end: the release build loads in real Chromium, from the root and from a sub-path, imports
// a fixture through offsets-core, and never talks to anything but the loopback server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { start, FIXTURES } from './harness.mjs';
import { eventually } from './wait.mjs';

for (const prefix of ['/', '/tools/offsets/']) {
  test(`app shell loads and imports a fixture when served from ${prefix}`, async () => {
    const app = await start({ prefix });
    try {
      await app.page.goto(app.url);
      await app.page.getByRole('heading', { name: 'Connector offsets editor' }).waitFor();
      const text = await readFile(join(FIXTURES, 'kafkaconnector-mm2-source.list.yaml'), 'utf8');
      await app.page.getByRole('textbox', { name: 'Import text' }).fill(text);
      await app.page.getByRole('button', { name: 'Load', exact: true }).click();
      const status = app.page.getByRole('status').filter({ hasText: 'Loaded' });
      await status.waitFor();
      await eventually(async () => assert.match(await status.textContent(), /^Loaded 5 entries \(MirrorSourceConnector\)\./));
      await app.page.getByRole('textbox', { name: 'Offset of orders partition 2' }).waitFor();
      if (prefix === '/') await app.screenshot('shell-loaded-light');
      assert.deepEqual(app.consoleErrors, []);
      assert.deepEqual(app.foreignRequests(), []);
      // Every asset came from below the prefix: nothing assumes the site root.
      for (const u of app.requests) assert.ok(new URL(u).pathname.startsWith(prefix), `request outside ${prefix}: ${u}`);
    } finally {
      await app.close();
    }
  });
}

test('a parse error is shown with its position and the text is kept', async () => {
  const app = await start({ colorScheme: 'dark' });
  try {
    await app.page.goto(app.url);
    const area = app.page.getByRole('textbox', { name: 'Import text' });
    await area.fill('{"offsets": [');
    await app.page.getByRole('button', { name: 'Load', exact: true }).click();
    const alert = app.page.getByRole('alert', { name: 'Import errors' });
    await alert.waitFor();
    await eventually(async () => assert.match(await alert.textContent(), /1:\d+: JSON: /));
    await eventually(async () => assert.equal(await area.inputValue(), '{"offsets": ['));
    await app.screenshot('shell-error-dark');
    assert.deepEqual(app.consoleErrors, []);
    assert.deepEqual(app.foreignRequests(), []);
  } finally {
    await app.close();
  }
});
