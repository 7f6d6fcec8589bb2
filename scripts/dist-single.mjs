// Builds ONE self-contained HTML file from the release build: dist/ -> dist-single/connect-offsets.html,
// with the CSS, the wasm-bindgen JS glue and the wasm (base64) inlined, so the editor opens from
// file:// with no server (download it, e-mail it, keep it on a laptop).
//
//   node scripts/dist-single.mjs            (after scripts/build.sh; `make dist-single` does both)
//
// Environment: DIST_DIR (default dist), DIST_SINGLE (default dist-single/connect-offsets.html).
// Takes no positional arguments on purpose: scripts/csp.mjs rewrites the file named by
// process.argv[2] when it is loaded, and this script imports it for pinInlineScripts.
//
// How: Trunk's inline loader does `import init, * as bindings from './x.js'` and
// `init({ module_or_path: './x_bg.wasm' })`. The glue is an ES module whose top level declares
// `wasm` (as does the loader), so it is wrapped in a function that returns its exports, the import
// line is replaced by that object, and the wasm path by bytes decoded from base64 (init accepts a
// BufferSource). The Content-Security-Policy stays strict: script-src gets the hash of the one
// inline script (pinInlineScripts) and style-src the hash of the inline stylesheet; no 'unsafe-inline',
// no data: or blob: scripts, and 'wasm-unsafe-eval' as in dist/.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pinInlineScripts } from './csp.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = resolve(ROOT, process.env.DIST_DIR ?? 'dist');
const OUT = resolve(ROOT, process.env.DIST_SINGLE ?? 'dist-single/connect-offsets.html');

function fail(message) {
  console.error(`dist-single: ${message}`);
  process.exit(1);
}

const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The glue module as a function expression returning its exports. */
function wrapGlue(js, file) {
  const exported = [];
  let body = js.replace(/^export\s*\{([^}]*)\};?\s*$/gm, (_, list) => {
    for (const item of list.split(',').map((s) => s.trim()).filter(Boolean)) {
      const [local, as] = item.split(/\s+as\s+/);
      exported.push([as ?? local, local]);
    }
    return '';
  });
  body = body.replace(/^export\s+(async\s+function|function|class|const|let)\s+([A-Za-z_$][\w$]*)/gm,
    (_, what, name) => {
      exported.push([name, name]);
      return `${what} ${name}`;
    });
  if (/^\s*(import|export)\b/m.test(body)) fail(`${file} has an import or export this script cannot inline`);
  if (!exported.some(([as]) => as === 'default')) fail(`${file} has no default export (init)`);
  const members = exported.map(([as, local]) => `${JSON.stringify(as)}: ${local}`).join(', ');
  return `(() => {\n${body}\nreturn Object.freeze({ ${members} });\n})()`;
}

export function buildSingle(distDir = DIST) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const loader = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)];
  if (loader.length !== 1) fail(`expected one inline module script (Trunk's loader) in ${distDir}/index.html, found ${loader.length}`);
  const [loaderTag, loaderJs] = loader[0];

  const imp = loaderJs.match(/import\s+init\s*,\s*\*\s*as\s+bindings\s+from\s+'\.\/([^']+\.js)'\s*;/);
  if (!imp) fail("Trunk's loader does not import init and bindings from the glue");
  const wasmRef = loaderJs.match(/module_or_path:\s*'\.\/([^']+\.wasm)'/);
  if (!wasmRef) fail("Trunk's loader does not call init({ module_or_path: './x_bg.wasm' })");
  const glue = readFileSync(join(distDir, imp[1]), 'utf8');
  const wasm = readFileSync(join(distDir, wasmRef[1]));

  const script = [
    `const bindings = ${wrapGlue(glue, imp[1])};`,
    'const init = bindings.default;',
    // Decoded once at start-up; ~1 ms per 100 KiB.
    `const WASM_BASE64 = "${wasm.toString('base64')}";`,
    'const wasmBytes = Uint8Array.from(atob(WASM_BASE64), (c) => c.charCodeAt(0));',
    loaderJs
      .replace(imp[0], '')
      .replace(wasmRef[0], 'module_or_path: wasmBytes'),
  ].join('\n');
  if (/<\/script/i.test(script)) fail('the inlined script contains "</script"');

  let out = html.replace(loaderTag, () => `<script type="module">${script}</script>`);
  // Stylesheets: inline each, and allow exactly its text by hash.
  const styleHashes = [];
  out = out.replace(/<link rel="stylesheet" href="\.\/([^"]+)"[^>]*\/?>/g, (_, href) => {
    const css = readFileSync(join(distDir, href), 'utf8');
    if (/<\/style/i.test(css)) fail(`${href} contains "</style"`);
    styleHashes.push(sha256(css));
    return `<style>${css}</style>`;
  });
  // The loader above was the only thing that used these; they would be requests to missing files.
  out = out.replace(/<link rel="(modulepreload|preload)"[^>]*>/g, '');
  let styleSrc = false;
  out = out.replace(/style-src 'self'[^;"]*/, (directive) => {
    styleSrc = true;
    return [...directive.split(/\s+/).filter((t) => !t.startsWith("'sha256-")), ...styleHashes].join(' ');
  });
  if (!styleSrc) fail("index.html has no Content-Security-Policy with style-src 'self'");
  out = pinInlineScripts(out);
  // Nothing may still point at a file next to index.html.
  const leftover = out.match(/(?:src|href)="\.?\/?[^"#:]+\.(?:js|wasm|css)"/);
  if (leftover) fail(`still refers to a file: ${leftover[0]}`);
  return out;
}

const isMain = process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename);
if (isMain) {
  const index = join(DIST, 'index.html');
  try {
    statSync(index);
  } catch {
    fail(`${index} is missing: run scripts/build.sh (or make build) first`);
  }
  const html = buildSingle(DIST);
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(OUT, html);
  const wasmFile = readdirSync(DIST).find((f) => f.endsWith('.wasm'));
  console.log(`dist-single: ${OUT} ${Math.round(html.length / 1024)} KiB (wasm ${wasmFile} inlined as base64)`);
}
