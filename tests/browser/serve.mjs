// A small static file server for the built site (no dependencies): the right MIME types
// (application/wasm for streaming compilation), no directory listings, nothing outside the
// root. Used by scripts/run.sh and by the browser tests, which start and stop their own.
//   node serve.mjs ROOT [PORT]   (PORT 0: a free one; prints the URL)
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm', '.png': 'image/png', '.json': 'application/json',
};

// Browsers must not guess another type than the one given (a PNG served as script, say).
const SAFE = { 'x-content-type-options': 'nosniff' };

export function serve(root, port = 0, host = '127.0.0.1') {
  const base = path.resolve(root);
  // A request the server cannot serve gets a 4xx or 5xx and the server goes on: nothing a
  // client sends (a NUL in the path, say, which makes fs throw at once) escapes the handler.
  const server = http.createServer((req, res) => {
    const reply = (status, text) => {
      if (!res.headersSent) res.writeHead(status, { 'content-type': 'text/plain', ...SAFE });
      res.end(text);
    };
    try {
      let rel;
      try { rel = decodeURIComponent(new URL(req.url, 'http://x').pathname); } catch { reply(400, 'bad request'); return; }
      if (rel.includes('\0')) { reply(400, 'bad request'); return; }
      if (rel.endsWith('/')) rel += 'index.html';
      const file = path.resolve(base, '.' + rel);
      if (!file.startsWith(base + path.sep)) { reply(403, 'forbidden'); return; }
      fs.readFile(file, (err, data) => {
        if (err) { reply(404, 'not found'); return; }
        res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream',
          'cache-control': 'no-store', ...SAFE });
        res.end(data);
      });
    } catch {
      reply(500, 'cannot serve this request');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve({ server, url: `http://localhost:${server.address().port}/` }));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [root, port = '8080'] = process.argv.slice(2);
  serve(root, Number(port), '127.0.0.1').then(({ url }) => console.log(`Serving ${root} at ${url}`))
    .catch((e) => { console.error(`cannot serve on port ${port}: ${e.message}`); process.exit(1); });
}
