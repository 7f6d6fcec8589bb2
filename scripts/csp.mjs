// Post-build step: Trunk writes its wasm loader as an inline <script type="module">, which a strict
// Content-Security-Policy (script-src 'self') would block. Instead of loosening the policy, this adds
// the SHA-256 hash of every inline script to script-src, so exactly those scripts may run.
//
//   node scripts/csp.mjs dist/index.html
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export function pinInlineScripts(html) {
  const hashes = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => `'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
  let found = false;
  const out = html.replace(/script-src 'self'[^;"]*/, (directive) => {
    found = true;
    const kept = directive.split(/\s+/).filter((t) => !t.startsWith("'sha256-"));
    return [...kept, ...hashes].join(' ');
  });
  if (!found) throw new Error("index.html has no Content-Security-Policy with script-src 'self'");
  return out;
}

// Run as a script (not when imported by dist-single.mjs): rewrite the file named on the command line.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: node scripts/csp.mjs dist/index.html');
  writeFileSync(file, pinInlineScripts(readFileSync(file, 'utf8')));
}
