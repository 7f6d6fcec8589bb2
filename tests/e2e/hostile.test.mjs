// End-to-end: the hostile-input corpus (tests/hostile/, written by make-corpus.py) through the
// page in real Chromium. One page load, then every corpus file pasted and loaded in turn, the
// text being what the browser makes of the file's bytes (UTF-8 with U+FFFD for invalid
// sequences, as File.text() decodes). After each: the page is still there, it shows either the
// located "Import errors" or the "Loaded offsets" header, no markup from a name was injected (the
// HTML payloads try `<script>alert(1)</script>` and `<img src=x onerror=alert(2)>`), nothing
// ran, no dialog opened, nothing was logged as an error and nothing was requested at all. The
// invalid-UTF-8 and NUL files also go through "Open file", where invalid UTF-8 is refused at the
// first bad byte. cli/tests/it/hostile.rs and
// core/tests/it/editor_hostile.rs run the same corpus through the CLI and the editor state machine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT } from './harness.mjs';
import { withApp, assertQuietAndOffline, paste, openImport, eventually } from './editor-helpers.mjs';

const CORPUS = join(ROOT, 'tests/hostile');
const HTML_NAME = '<script>alert(1)</script><img src=x onerror=alert(2)>';

/** The corpus files, sorted, with their bytes and the text the browser decodes from them. */
async function corpus() {
  const names = (await readdir(CORPUS)).filter((n) => /\.(json|yaml)$/.test(n)).sort();
  assert.ok(names.length >= 40, `the corpus is missing: ${names}`);
  const decoder = new TextDecoder('utf-8'); // WHATWG decoding, as Blob.text(): U+FFFD, no BOM kept
  return Promise.all(names.map(async (name) => {
    const bytes = await readFile(join(CORPUS, name));
    return { name, bytes, text: decoder.decode(bytes) };
  }));
}

/** Files the page must refuse (located import errors); every other file must load. */
const REFUSED = /^(alias-bomb.*\.yaml|nul-byte\.(json|yaml)|duplicate-keys\.yaml)$/;

/** 1-based line and column (in code points) of the first `needle` in `text`. */
function positionOf(text, needle) {
  const before = text.slice(0, text.indexOf(needle));
  const lines = before.split('\n');
  return `${lines.length}:${[...lines.at(-1)].length + 1}`;
}

/** Everything on the page that markup injected from a name would change. */
function pageMarks(page) {
  return page.evaluate(() => ({
    elements: document.querySelectorAll('script, img, iframe, svg, object, embed, video, audio, link[rel=import]').length,
    handlers: document.querySelectorAll('[onerror], [onload], [onclick], [onmouseover], [onfocus]').length,
    globals: Object.getOwnPropertyNames(window).filter((k) => /pwn/i.test(k)).concat(window.__pwned === undefined ? [] : ['__pwned']),
  }));
}

/** The page's text, without the text area's (its value holds the pasted names anyway). */
function shownText(page) {
  return page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let out = '';
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.parentElement.closest('textarea')) out += n.data;
    }
    return out;
  });
}

/**
 * After a Load: the heading is there, and either the import errors (each with a line:column inside
 * the text, the offending line quoted) or the loaded header. Returns 'refused' or 'loaded'.
 */
async function checkOutcome(app, name, text, how) {
  const { page } = app;
  const what = `${name} (${how})`;
  const errors = page.getByRole('alert', { name: 'Import errors' });
  const loaded = page.getByRole('region', { name: 'Loaded offsets' });
  await errors.or(loaded).first().waitFor();
  await eventually(async () => assert.ok(await page.getByRole('heading', { name: 'Connector offsets editor' }).isVisible(), `${what}: the page heading`));
  const outcome = (await errors.count()) > 0 ? 'refused' : 'loaded';
  const refused = REFUSED.test(name) || (how === 'file' && name.startsWith('invalid-utf8'));
  assert.equal(outcome, refused ? 'refused' : 'loaded', `${what}: ${outcome}`);
  if (outcome === 'refused') {
    await eventually(async () => assert.equal(await loaded.count(), 0, `${what}: nothing was loaded before`));
    const items = errors.getByRole('listitem');
    await eventually(async () => assert.ok((await items.count()) >= 1, `${what}: at least one error`));
    const lineCount = text.split('\n').length;
    for (const item of await items.all()) {
      const head = (await item.locator('.diag-head').textContent()).trim();
      const m = /^(\d+):(\d+): \S+: \S/.exec(head);
      assert.ok(m, `${what}: error without line:column: ${head}`);
      const [line, column] = [Number(m[1]), Number(m[2])];
      assert.ok(line >= 1 && line <= lineCount && column >= 1, `${what}: position ${line}:${column} of a ${lineCount}-line text`);
      const context = await item.locator('pre').textContent();
      const quoted = text.split('\n')[line - 1].replace(/\r$/, '');
      assert.ok(context.startsWith(`${quoted}\n`), `${what}: line ${line} quoted: ${JSON.stringify(context)}`);
      assert.match(context, /\n[ \t]*\^$/, `${what}: a caret under the column`);
    }
    await eventually(async () => assert.match(await page.getByRole('alert').filter({ hasText: /^Not loaded/ }).textContent(), /^Not loaded: \d+:\d+/));
  } else {
    await eventually(async () => assert.equal(await errors.count(), 0, `${what}: no import errors`));
    const facts = await loaded.locator('dl > div').allTextContents();
    assert.ok(facts.some((f) => /^Entries\s*\d+$/.test(f.trim())), `${what}: header facts ${facts}`);
    const problems = page.getByRole('region', { name: 'Problems' });
    await problems.waitFor();
  }
  return outcome;
}

/** Nothing injected, run, opened, logged or requested since `before`. */
async function checkUntouched(app, what, before, requestsBefore) {
  await eventually(async () => assert.deepEqual(await pageMarks(app.page), before, `${what}: no element, handler or global injected`));
  assert.deepEqual(app.dialogs, [], `${what}: no dialog`);
  assert.deepEqual(app.consoleErrors, [], `${what}: no console error`);
  assert.deepEqual(app.requests.slice(requestsBefore), [], `${what}: no request after the page loaded`);
  assertQuietAndOffline(app);
}

async function discard(page) {
  await openImport(page);
  const button = page.getByRole('button', { name: 'Discard draft' });
  if (await button.count()) {
    await button.click();
    await page.getByRole('region', { name: 'Loaded offsets' }).waitFor({ state: 'detached' });
    await page.getByRole('alert', { name: 'Import errors' }).waitFor({ state: 'detached' });
  }
  await eventually(async () => assert.equal(await page.getByRole('textbox', { name: 'Import text' }).inputValue(), ''));
}

test('every hostile corpus file, pasted and opened: located errors or a table, nothing injected, nothing run', async () => {
  const files = await corpus();
  await withApp({}, async (app) => {
    const { page } = app;
    const area = page.getByRole('textbox', { name: 'Import text' });
    const before = await pageMarks(page);
    const requestsBefore = app.requests.length;
    const outcomes = {};
    for (const { name, text } of files) {
      await discard(page);
      await paste(page, text);
      outcomes[name] = await checkOutcome(app, name, text, 'paste');
      await openImport(page);
      await eventually(async () => assert.equal(await area.inputValue(), text, `${name}: the text area keeps the text`));
      if (name.startsWith('name-html-')) {
        // The hostile name is shown, as text, where the file put it (header, table, problems).
        await eventually(async () => assert.ok((await shownText(page)).includes(HTML_NAME),
          `${name}: the name is shown as text`));
      }
      if (name.startsWith('nul-byte')) {
        await eventually(async () => assert.ok((await page.getByRole('alert', { name: 'Import errors' }).textContent()).includes(`${positionOf(text, '\0')}: `),
          `${name}: the NUL byte's position`));
      }
      await checkUntouched(app, `${name} (paste)`, before, requestsBefore);
    }
    assert.equal(Object.keys(outcomes).length, files.length);

    // The file picker with the bytes a text editor never writes.
    for (const name of ['invalid-utf8.json', 'invalid-utf8.yaml', 'nul-byte.json', 'nul-byte.yaml']) {
      const { text } = files.find((f) => f.name === name);
      await discard(page);
      await page.getByLabel('Open file').setInputFiles(join(CORPUS, name));
      const outcome = await checkOutcome(app, name, text, 'file');
      await openImport(page);
      await eventually(async () => assert.equal(await area.inputValue(), text, `${name}: the picked file, decoded, is in the text area`));
      if (name.startsWith('invalid-utf8')) {
        // Opened as a file, invalid bytes are refused where the first one is (as the CLI does),
        // instead of loading names with U+FFFD in them as a paste of the mojibake does.
        assert.equal(outcome, 'refused', `${name}: refused when opened`);
        const errors = await page.getByRole('alert', { name: 'Import errors' }).textContent();
        assert.ok(errors.includes(`${positionOf(text, '\uFFFD')}: `) && errors.includes('not valid UTF-8'),
          `${name}: the first invalid byte's position in ${errors}`);
      } else {
        assert.equal(outcome, outcomes[name], `${name}: the same outcome as pasted`);
      }
      if (name.startsWith('nul-byte')) {
        await eventually(async () => assert.ok((await page.getByRole('alert', { name: 'Import errors' }).textContent()).includes(`${positionOf(text, '\0')}: `),
          `${name}: the NUL byte's position`));
      }
      await checkUntouched(app, `${name} (file)`, before, requestsBefore);
    }
  });
});
