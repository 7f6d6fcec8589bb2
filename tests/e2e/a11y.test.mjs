// Accessibility measured (issue 13, item 7): axe-core (npm, pinned in package-lock.json) runs
// inside the page on every main state (empty, loaded, edited, problems, each export tab,
// references with the Log range column, parse error), in the light and the dark theme, with
// the WCAG 2.0/2.1 A and AA rules. Every count is printed; the test fails on any violation and
// names the rule, the elements and axe's explanation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FIXTURES, ROOT } from './harness.mjs';
import { offsetBox, paste, withApp } from './editor-helpers.mjs';

const AXE = await readFile(join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const fixture = (name) => readFile(join(FIXTURES, name), 'utf8');

/** Runs axe on the whole page; returns its violations (rule, impact, elements, help). */
async function axe(page) {
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy (no
  // inline scripts) does not govern; the app itself is left as it is served.
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) await page.evaluate(AXE);
  return page.evaluate(async (tags) => {
    const result = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      rule: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary.replace(/\s+/g, ' ')}`),
      count: v.nodes.length,
    }));
  }, TAGS);
}

for (const colorScheme of ['light', 'dark']) {
  test(`axe: zero WCAG 2.1 AA violations in every main state (${colorScheme})`, async () => {
    const report = [];
    let total = 0;
    const check = async (page, state) => {
      const violations = await axe(page);
      const n = violations.reduce((s, v) => s + v.count, 0);
      total += n;
      console.log(`axe ${colorScheme} ${state}: ${n} violation(s)`);
      for (const v of violations) report.push(`${state}: ${v.rule} (${v.impact}, ${v.count} element(s)): ${v.help}\n    ${v.nodes.join('\n    ')}`);
    };
    await withApp({ colorScheme }, async ({ page }) => {
      await check(page, 'empty');

      await paste(page, '{"offsets": [ {"partition": {"cluster": "east", "topic": "orders"');
      await page.getByRole('alert').first().waitFor();
      await check(page, 'parse error');

      await paste(page, await fixture('kafkamirrormaker2-source.list.yaml'));
      const p0 = offsetBox(page, 'orders partition 0');
      await p0.waitFor();
      await check(page, 'loaded');

      await p0.fill('1');
      await p0.press('Enter');
      await page.locator('tr.row.changed').first().waitFor();
      await check(page, 'edited');

      // Every export view (each a tab).
      const tabs = page.getByRole('tab');
      const names = await tabs.allTextContents();
      // A page without its export tabs would check none of them: that is a failure too.
      assert.ok(names.length >= 5, `export tabs to check: ${names.join(', ')}`);
      for (const name of names) {
        const tab = page.getByRole('tab', { name: name.trim(), exact: true });
        await tab.click();
        await page.waitForFunction((n) => [...document.querySelectorAll('[role=tab]')]
          .some((t) => t.textContent.trim() === n && t.getAttribute('aria-selected') === 'true'), name.trim());
        await check(page, `export tab ${name.trim()}`);
      }

      // References with the Log range column.
      const panel = page.getByRole('region', { name: 'References' });
      await panel.getByRole('textbox', { name: 'Reference output' }).fill('orders:0:0\norders:1:50\n');
      await panel.getByRole('combobox', { name: 'What these offsets are' }).selectOption('earliest');
      await panel.getByRole('button', { name: 'Add reference' }).click();
      await page.getByRole('columnheader', { name: 'Log range' }).waitFor();
      await check(page, 'references');

      await paste(page, await fixture('invalid-negative-partition.list.yaml'));
      await page.getByRole('region', { name: 'Problems' }).waitFor();
      await check(page, 'problems');
    });
    console.log(`axe ${colorScheme}: ${total} violation(s) in all`);
    assert.equal(total, 0, `axe violations:\n${report.join('\n')}`);
  });
}
