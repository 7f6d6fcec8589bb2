// Post-build step: Trunk writes its wasm loader as an inline <script type="module">, which a strict
// Content-Security-Policy (script-src 'self') would block. Instead of loosening the policy, this adds
// the SHA-256 hash of every inline script to script-src, so exactly those scripts may run.
//
//   node scripts/csp.mjs dist/index.html
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

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

const file = process.argv[2];
if (file) {
  writeFileSync(file, pinInlineScripts(readFileSync(file, 'utf8')));
}
