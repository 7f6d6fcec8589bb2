// A minimal static file server for dist/, bound to loopback only. Used by `make serve` and by
// the end-to-end tests, so what a user is served is exactly what the tests exercise.
//
//   node scripts/serve.mjs [DIR] [PORT] [PREFIX]
//
// PREFIX (default "/") mounts DIR under a sub-path, e.g. "/tools/offsets/", to prove the build
// works when hosted below the site root. Also exported as a module: serve({ dir, port, prefix }).
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
  '.yaml': 'text/plain; charset=utf-8',
};

export function serve({ dir = 'dist', port = 0, prefix = '/', host = '127.0.0.1', log = () => {} } = {}) {
  const root = resolve(dir);
  const mount = prefix.endsWith('/') ? prefix : `${prefix}/`;
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    log(`${req.method} ${url.pathname}`);
    if (!url.pathname.startsWith(mount)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`not found: ${url.pathname}\n`);
      return;
    }
    let rel = decodeURIComponent(url.pathname.slice(mount.length)) || 'index.html';
    const file = normalize(join(root, rel));
    if (file !== root && !file.startsWith(root + sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const info = await stat(file);
      const path = info.isDirectory() ? join(file, 'index.html') : file;
      const body = await readFile(path);
      res.writeHead(200, {
        'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
        'x-content-type-options': 'nosniff',
      });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`not found: ${url.pathname}\n`);
    }
  });
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => done(server));
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [dir = 'dist', port = '8080', prefix = '/'] = process.argv.slice(2);
  const server = await serve({ dir, port: Number(port), prefix });
  const { port: bound } = server.address();
  console.log(`Serving ${resolve(dir)} at http://127.0.0.1:${bound}${prefix}  (Ctrl+C to stop)`);
}
