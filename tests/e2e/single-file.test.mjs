// End-to-end: the single-file build (dist-single/connect-offsets.html, `make dist-single`) opens
// from file:// with no server, imports a fixture through the inlined wasm, logs no console error
// and makes no request at all (only the file itself and data: URLs).
// The file is (re)built from dist/ when it is missing or older than dist/index.html.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, mkdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { ARTIFACTS, DIST, FIXTURES, ROOT } from './harness.mjs';
import { openExport } from './editor-helpers.mjs';
import { eventually, WAIT_MS } from './wait.mjs';

const SINGLE = join(ROOT, 'dist-single/connect-offsets.html');

// The same flags as harness.mjs.
const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

function ensureSingleFile() {
  const built = statSync(join(DIST, 'index.html')).mtimeMs;
  if (!existsSync(SINGLE) || statSync(SINGLE).mtimeMs < built) {
    execFileSync(process.execPath, [join(ROOT, 'scripts/dist-single.mjs')], {
      env: { ...process.env, DIST_DIR: DIST, DIST_SINGLE: SINGLE },
      stdio: 'inherit',
    });
  }
}

test('the single-file build opens from file://, imports a fixture and exports, with no request', async () => {
  ensureSingleFile();
  const html = await readFile(SINGLE, 'utf8');
  assert.doesNotMatch(html, /<link rel="(?:modulepreload|preload|stylesheet)"/, 'no link to another file');
  assert.match(html, /script-src 'self' 'wasm-unsafe-eval' 'sha256-[^']+'; style-src 'self' 'sha256-/, 'strict CSP with hashes');

  const profile = await mkdtemp(join(tmpdir(), 'offsets-single-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
  });
  const requests = [];
  const consoleErrors = [];
  context.on('request', (r) => requests.push(r.url()));
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(WAIT_MS);
    page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
    page.on('pageerror', (e) => consoleErrors.push(String(e)));
    const url = pathToFileURL(SINGLE).href;
    await page.goto(url);
    await page.getByRole('heading', { name: 'Connector offsets editor' }).waitFor();

    const text = await readFile(join(FIXTURES, 'rest-get-offsets.mm2-source.json'), 'utf8');
    await page.getByRole('textbox', { name: 'Import text' }).fill(text);
    await page.getByRole('button', { name: 'Load', exact: true }).click();
    const status = page.getByRole('status').filter({ hasText: /^Loaded / });
    await status.waitFor();
    await eventually(async () => assert.match(await status.textContent(), /^Loaded 4 entries \(MirrorSourceConnector\)\./));

    // Edit one offset (above 2^53: it must survive exactly) and export it.
    const offset = page.getByRole('textbox', { name: 'Offset of clicks partition 0' });
    await offset.fill('9007199254740990');
    await offset.press('Enter');
    const exportRegion = page.getByRole('region', { name: 'Export' });
    // A REST payload says nothing of the connector: the curl views wait for its name, and say
    // so; the PATCH JSON needs no name (issue 12: exports are gated by what they use).
    await openExport(page, 'curl commands');
    await exportRegion.getByRole('region', { name: 'curl commands' })
      .getByText('Fill in Connector name: Required: the connector name as Kafka Connect knows it.').waitFor();
    await openExport(page, 'PATCH JSON');
    await exportRegion.getByRole('region', { name: 'PATCH JSON', exact: true }).locator('pre').waitFor();
    await exportRegion.getByRole('textbox', { name: 'Connector name' }).fill('east->west.MirrorSourceConnector');
    const patch = exportRegion.getByRole('region', { name: 'PATCH JSON', exact: true });
    const patchText = await patch.locator('pre').textContent();
    assert.match(patchText, /"offset" : 9007199254740990\b/);
    assert.doesNotMatch(patchText, /9007199254740994/, 'only the changed entry is exported');
    await openExport(page, 'curl commands');
    const curl = (await exportRegion.getByRole('region', { name: 'curl commands' }).locator('pre').allTextContents()).join('\n');
    assert.match(curl, /curl -sS --fail-with-body/);
    await openExport(page, 'PATCH JSON');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      patch.getByRole('button', { name: 'Download' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'offsets.json');
    assert.equal(await readFile(await download.path(), 'utf8'), patchText);

    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'single-file-loaded.png'), fullPage: true });
    assert.deepEqual(consoleErrors, [], 'no console errors');
    const network = requests.filter((u) => !(u === url || u.startsWith('data:')));
    assert.deepEqual(network, [], 'no request but the file itself and data: URLs');
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});
