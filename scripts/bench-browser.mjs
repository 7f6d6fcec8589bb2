// Browser benchmarks of the release build (issue 6, item 3), in headless Debian Chromium:
//   node scripts/bench-browser.mjs [ENTRIES]     (default 100000; needs dist/, see scripts/build.sh,
//   or the build DIST_DIR names)
// Prints one line per figure plus the goals. Timings are taken inside the page with
// performance.now() and end at the first animation frame after the DOM shows the result, so
// they include Yew's render and the browser's layout, not Playwright's round trips.
import { start, DIST } from '../tests/e2e/harness.mjs';
import { readdirSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const N = Number(process.argv[2] ?? 100000);
const TOPICS = 100;
const parts = Math.ceil(N / TOPICS);
const entries = [];
for (let t = 0; t < TOPICS && entries.length < N; t++) {
  for (let p = 0; p < parts && entries.length < N; p++) {
    entries.push(`{"partition":{"cluster":"east","partition":${p},"topic":"topic-${String(t).padStart(3, '0')}"},"offset":{"offset":${1_000_000 + p * 7}}}`);
  }
}
const text = `{"offsets":[${entries.join(',')}]}`;

const app = await start();
const { page } = app;
page.setDefaultTimeout(180_000);

// Navigation to an interactive page (the import text area rendered by the wasm app).
await page.goto(app.url);
await page.waitForFunction(() => document.querySelector('#import-text'), null, { polling: 'raf' });
const interactive = await page.evaluate(() => performance.now());

// The page's own JSON baseline on the same text, and our import + validate + export of it.
const pipeline = await page.evaluate((t) => {
  const best = (f) => { let m = Infinity; for (let i = 0; i < 3; i++) { const t0 = performance.now(); f(); m = Math.min(m, performance.now() - t0); } return m; };
  const json = best(() => JSON.stringify(JSON.parse(t)));
  let count = 0;
  const trees = best(() => { count = window.wasmBindings.bench_import_validate_export(t, false); });
  const tape = best(() => { count = window.wasmBindings.bench_import_validate_export(t, true); });
  // Phase by phase (issue 35): five runs of each storage in turn, the median of each phase.
  const runs = { trees: [], tape: [] };
  for (let i = 0; i < 5; i++) {
    for (const [name, onTape] of [['trees', false], ['tape', true]]) {
      const ms = window.wasmBindings.bench_phases(t, onTape);
      runs[name].push(Object.fromEntries(['copy', 'parse', 'positions', 'parse_drop', 'read', 'validate', 'export', 'drop'].map((k, j) => [k, ms[j]])));
    }
  }
  const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[s.length >> 1]; };
  const phases = {};
  for (const [name, rs] of Object.entries(runs)) {
    phases[name] = {};
    for (const k of Object.keys(rs[0])) phases[name][k] = median(rs.map((r) => r[k]));
  }
  return { json, trees, tape, count, phases };
}, text);

// Helpers evaluated in the page: wait for a condition, then for the next frame to be painted.
const settle = `(cond) => new Promise((done) => { const tick = () => cond() ? requestAnimationFrame(() => done()) : requestAnimationFrame(tick); tick(); })`;
const idle = async () => {
  await page.waitForFunction(() => !document.querySelector('.updating') && document.querySelector('.export h2'), null, { polling: 200 });
  await page.waitForTimeout(300);
};

// Paste (the text area's value, as a paste sets it) and Load until the table shows rows.
await page.evaluate((t) => { document.getElementById('import-text').value = t; }, text);
const load = await page.evaluate(async (settleSrc) => {
  const settle = eval(settleSrc);
  const t0 = performance.now();
  [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Load').click();
  await settle(() => document.querySelector('tr.row'));
  return performance.now() - t0;
}, settle);
const rowsAfterLoad = await page.locator('tr.row').count();
await idle();

// Bulk shift of every row by -1.
await page.getByLabel('Value', { exact: true }).fill('-1');
await idle();
const shift = await page.evaluate(async (settleSrc) => {
  const settle = eval(settleSrc);
  const button = [...document.querySelectorAll('button')].find((b) => /^Shift \d/.test(b.textContent.trim()));
  const t0 = performance.now();
  button.click();
  await settle(() => document.querySelector('tr.row.changed'));
  const painted = performance.now() - t0;
  // Then until Problems and Export have caught up (computed after the repaint).
  await settle(() => !document.querySelector('.updating') && document.querySelector('.export h2'));
  return { painted, settled: performance.now() - t0 };
}, settle);
await idle();

// One keystroke in the filter box until the table repaints.
const keystroke = await page.evaluate(async (settleSrc) => {
  const settle = eval(settleSrc);
  const input = document.getElementById('filter');
  const before = document.getElementById('filter-help').textContent;
  const t0 = performance.now();
  input.value = 'topic-00';
  input.dispatchEvent(new InputEvent('input', { bubbles: true, data: '0', inputType: 'insertText' }));
  await settle(() => document.getElementById('filter-help').textContent !== before);
  return performance.now() - t0;
}, settle);
const rowsAfterFilter = await page.locator('tr.row').count();
const domRowsMax = Math.max(rowsAfterLoad, rowsAfterFilter);
await idle();

// A 100k-line reference (issue 11): the earliest and then the latest offsets of every
// partition, pasted and added until the Log range column and its summary are painted (the
// reference read, the log bounds built, every row classified, the table repainted).
const referenceLines = (value) => {
  const lines = [];
  for (let t = 0; t < TOPICS && lines.length < N; t++) {
    for (let p = 0; p < parts && lines.length < N; p++) {
      lines.push(`topic-${String(t).padStart(3, '0')}:${p}:${value(p)}`);
    }
  }
  return lines.join('\n');
};
const addReference = async (role, refText) => {
  await page.evaluate(([r, t]) => {
    document.getElementById('reference-text').value = t;
    const select = document.getElementById('reference-role');
    select.value = r;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }, [role, refText]);
  await page.waitForFunction((r) => document.getElementById('reference-role').value === r, role);
  const took = await page.evaluate(async ([settleSrc, before]) => {
    const settle = eval(settleSrc);
    const t0 = performance.now();
    [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Add reference').click();
    await settle(() => document.querySelectorAll('.reference-item').length > before && document.querySelector('.range-summary'));
    return performance.now() - t0;
  }, [settle, await page.locator('.reference-item').count()]);
  await idle();
  return took;
};
const earliestRef = await addReference('earliest', referenceLines((p) => 1_000_000 + p * 7 - 500));
const latestRef = await addReference('latest', referenceLines((p) => 1_000_000 + p * 7 + 500));
const rangeSummary = await page.locator('.range-summary').textContent();

const dist = DIST;
const wasm = readdirSync(dist).find((f) => f.endsWith('.wasm'));
const raw = statSync(join(dist, wasm)).size;
const gz = gzipSync(readFileSync(join(dist, wasm)), { level: 9 }).length;

const ms = (v) => `${v.toFixed(0)} ms`;
console.log(`browser: Chromium ${app.context.browser()?.version() ?? '(persistent context)'}, ${N} entries, ${(text.length / 1e6).toFixed(1)} MB payload`);
console.log(`navigation to interactive page      ${ms(interactive)}`);
console.log(`paste + Load until first rows       ${ms(load)}   (goal: 1000 ms)`);
console.log(`bulk shift of every row             ${ms(shift.painted)}   (goal: 150 ms)`);
console.log(`  ... until Problems and Export follow ${ms(shift.settled)}`);
console.log(`one filter keystroke until repaint  ${ms(keystroke)}   (goal: 50 ms)`);
console.log(`add a ${N}-line earliest reference  ${ms(earliestRef)}   (goal: 1000 ms, with the log-range check)`);
console.log(`add a ${N}-line latest reference    ${ms(latestRef)}   (goal: 1000 ms; ${rangeSummary.trim()})`);
console.log(`row elements in the DOM             ${domRowsMax}   (goal: at most about 200)`);
console.log(`JSON.parse + JSON.stringify         ${ms(pipeline.json)}`);
console.log(`import + validate + export (wasm)   ${ms(pipeline.tape)}   (${pipeline.count} entries on a tape, as the page and the CLI hold them; ${(pipeline.tape / pipeline.json).toFixed(2)}x the JSON baseline, goal: 2x, aim: 1.5x)`);
console.log(`  the same with the entries as trees ${ms(pipeline.trees)}   (the comparison; ${(pipeline.trees / pipeline.json).toFixed(2)}x the JSON baseline)`);
const p = pipeline.phases;
console.log(`phases in wasm (median of 5, ms)    ${Object.keys(p.trees).join(' / ')}`);
for (const name of ['trees', 'tape']) {
  const sum = Object.values(p[name]).reduce((a, b) => a + b, 0) - p[name].copy - p[name].parse - p[name].positions - p[name].parse_drop;
  console.log(`  ${name.padEnd(5)} ${Object.values(p[name]).map((v) => v.toFixed(1)).join(' / ')}   (listing's own work ${(p[name].read - p[name].copy - p[name].parse).toFixed(1)}; read to drop ${sum.toFixed(1)})`);
}
console.log(`release wasm                        ${(raw / 1024).toFixed(0)} KiB raw, ${(gz / 1024).toFixed(0)} KiB gzip   (goal: 300 KiB gzip)`);
if (app.consoleErrors.length || app.foreignRequests().length) {
  console.log('console errors or foreign requests:', app.consoleErrors, app.foreignRequests());
}
await app.close();
