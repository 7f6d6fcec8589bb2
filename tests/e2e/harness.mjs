// Shared set-up for the end-to-end tests: serve dist/ on loopback, start Debian's Chromium through
// playwright-core, and record every request and console error so tests can assert that the app
// stays offline and quiet.
import { chromium } from 'playwright-core';
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { serve } from '../../scripts/serve.mjs';
import { WAIT_MS } from './wait.mjs';

export const ROOT = resolve(import.meta.dirname, '../..');
export const DIST = process.env.DIST_DIR ?? join(ROOT, 'dist');
export const ARTIFACTS = join(ROOT, 'tests/e2e/artifacts');
export const FIXTURES = join(ROOT, 'tests/fixtures');

const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** Starts the static server under `prefix` and a fresh browser profile. Call `close()` at the end. */
export async function start({ prefix = '/', colorScheme = 'light' } = {}) {
  const server = await serve({ dir: DIST, port: 0, prefix });
  const origin = `http://127.0.0.1:${server.address().port}`;
  const profile = await mkdtemp(join(tmpdir(), 'offsets-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    colorScheme,
    viewport: { width: 1280, height: 900 },
  });
  const requests = [];
  const consoleErrors = [];
  context.on('request', (r) => requests.push(r.url()));
  const page = context.pages()[0] ?? (await context.newPage());
  // Every locator action and wait gives the page this long to reach the state (generous: the
  // suite also runs with both cores kept busy, see scripts/e2e-under-load.sh).
  page.setDefaultTimeout(WAIT_MS);
  page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
  await mkdir(ARTIFACTS, { recursive: true });
  return {
    page, context, origin, url: `${origin}${prefix}`, requests, consoleErrors,
    /** Requests that left the loopback server (there must be none). */
    foreignRequests: () => requests.filter((u) => !u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:')),
    screenshot: (name) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true }),
    async close() {
      await context.close();
      await new Promise((done) => server.close(done));
      await rm(profile, { recursive: true, force: true });
    },
  };
}
