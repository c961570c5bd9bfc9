// Hostile input (issue 12): a request that stopped the dev server, PNGs made to exhaust memory,
// a failing allocation, limits past 2^31, a newline that smuggled in a setting, a link with a
// PNG and settings, expected counts past the atlas. Each as a user meets it: the real server,
// the real page, the wasm heap's size.
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { assert, exact, pngOf, loadBytes, pngChunk } from '../lib.mjs';

const QUERY = 'paused=1&clock=fixed&atlas=512&overlay=0&view=stream';
const MiB = 1 << 20;

// A GET with the path sent as written (no normalisation): {status, headers, body} or the error.
function get(base, rawPath) {
  return new Promise((resolve) => {
    const u = new URL(base);
    const req = http.request({ host: u.hostname, port: u.port, path: rawPath, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (d) => { body += d; });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
    });
    req.on('error', (e) => resolve({ status: 0, error: e.message }));
    req.setTimeout(5000, () => req.destroy(new Error('no answer in 5 s')));
    req.end();
  });
}

// Signature, IHDR (side², 8-bit grey), the given IDAT bodies, IEND (CRCs as written by zlib).
function pngWith(side, idats, { end = true } = {}) {
  const chunk = pngChunk;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr),
    ...idats.map((d) => chunk('IDAT', d)), ...(end ? [chunk('IEND', Buffer.alloc(0))] : [])]);
}

// The heap's size before and after `load(page)`; the load's rejection (or '').
async function heapAround(page, load) {
  const before = await page.evaluate(() => hp.testing.module.HEAPU8.length);
  const t0 = Date.now();
  const error = await load();
  const secs = (Date.now() - t0) / 1000;
  const after = await page.evaluate(() => hp.frames(1).then(() => hp.testing.module.HEAPU8.length));
  return { before, after, error, secs };
}

const cases = [];

cases.push({
  name: 'dev server: a request it cannot serve (NUL, bad escape) gets a 4xx; it serves on, with nosniff',
  query: QUERY,
  async run(page, { site }) {
    // The server as scripts/run.sh starts it, in its own process: a crash shows as no answer.
    const serve = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'serve.mjs');
    const child = spawn(process.execPath, [serve, site, '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const base = await new Promise((resolve, reject) => {
        child.stdout.on('data', (d) => { const m = /at (http:\S+)/.exec(String(d)); if (m) resolve(m[1]); });
        child.on('exit', (code) => reject(new Error(`the server exited (${code})`)));
      });
      for (const [p, want] of [['/%00', 400], ['/index.html%00.png', 400], ['/%E0%A4%A', 400],
        ['/no-such-file', 404], ['/%2e%2e/%2e%2e/etc/passwd', 404], ['/', 200], ['/app.wasm', 200]]) {
        const r = await get(base, p);
        assert(r.status === want, `GET ${p}: ${r.status || r.error}, not ${want}`);
        assert(r.headers['x-content-type-options'] === 'nosniff', `GET ${p}: no X-Content-Type-Options: nosniff`);
      }
      const wasm = await get(base, '/app.wasm');
      assert(wasm.headers['content-type'] === 'application/wasm', `app.wasm served as ${wasm.headers['content-type']}`);
    } finally {
      child.kill();
    }
  },
});

// A 256² 8-bit header (256 · 257 bytes of image data) with 1 GiB of zeros behind it: ~1 MB.
cases.push({
  name: 'loadAtlas with image data that inflates to 1 GiB: rejected at once, the wasm heap stays bounded',
  query: QUERY,
  async run(page) {
    const bomb = pngWith(256, [zlib.deflateSync(Buffer.alloc(1024 * MiB), { level: 9, strategy: zlib.constants.Z_RLE })]);
    assert(bomb.length < 2 * MiB, `the file is ${bomb.length} bytes`);
    const r = await heapAround(page, () => loadBytes(page, bomb, { tile: 32 }));
    assert(/inflates to more than the 65792 bytes its 256×256 header needs/.test(r.error), `rejection: '${r.error}'`);
    assert(r.after - r.before <= 16 * MiB, `the wasm heap grew from ${r.before} to ${r.after} bytes`);
    assert(r.secs < 5, `took ${r.secs} s`);
  },
});

cases.push({
  name: 'loadAtlas with an IDAT length of 1 GiB in a 41-byte file: rejected, the wasm heap stays bounded',
  query: QUERY,
  async run(page) {
    const file = Buffer.from('89504e470d0a1a0a0000000d49484452000001000000010008000000007919f7ba4000000049444154', 'hex');
    const r = await heapAround(page, () => loadBytes(page, file, { tile: 32 }));
    assert(/IDAT chunk says it holds 1073741824 bytes, past the end of the 41-byte file/.test(r.error), `rejection: '${r.error}'`);
    assert(r.after - r.before <= 16 * MiB, `the wasm heap grew from ${r.before} to ${r.after} bytes`);
  },
});

cases.push({
  name: 'loadAtlas with an empty first IDAT (legal): loads, exact',
  query: QUERY,
  async run(page) {
    const value = (x, y) => ((x >> 4) ^ (y >> 4)) & 1 ? 0.8 : 0.2;
    const raw = Buffer.alloc(256 * 257);
    for (let y = 0; y < 256; y++) for (let x = 0; x < 256; x++) raw[y * 257 + 1 + x] = Math.round(value(x, y) * 255);
    const error = await loadBytes(page, pngWith(256, [Buffer.alloc(0), zlib.deflateSync(raw)]), { tile: 32 });
    assert(error === '', `rejected: '${error}'`);
    await exact(page, { source: 'png', classify: 'solid', iso: 0.5 });
  },
});

cases.push({
  name: 'loadAtlas with a 65535² PNG: says it is too large, with its size and the limit',
  query: QUERY,
  async run(page) {
    const error = await loadBytes(page, pngWith(65535, [zlib.deflateSync(Buffer.alloc(1024))]), { tile: 32 });
    assert(/65535×65535, too large: the largest is 4096×4096/.test(error), `rejection: '${error}'`);
  },
});

cases.push({
  // (The read-backs allocate nothing on the page: the app's tickets hold what they read, and the
  // page copies it out; readbacks.h.)
  name: 'a failing _malloc: loadAtlas and hp.webgpuScan reject with a message, the heap untouched',
  query: QUERY,
  async run(page) {
    const png = pngOf(512, 512, () => 0.5);
    const out = await page.evaluate(async (b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const bottom = () => Array.from(hp.testing.module.HEAPU8.subarray(0, 1024)).join();
      const heap = hp.testing.heap, real = heap.allocate;
      const before = bottom(), source = hp.stats().source;
      const rejection = (p) => p.then(() => 'resolved', (e) => e.message);
      heap.allocate = () => 0;  // what malloc returns when the heap cannot grow
      const r = {};
      try {
        r.load = await rejection(hp.loadAtlas(bytes, { tile: 64 }));
        r.scan = await rejection(hp.webgpuScan(new Uint32Array(4096).fill(1)));
      } finally {
        heap.allocate = real;
      }
      r.same = bottom() === before;
      r.source = [source, hp.stats().source];
      r.shown = document.getElementById('message').textContent;
      return r;
    }, png.toString('base64'));
    assert(/cannot allocate \d+ bytes for the PNG file in the wasm heap/.test(out.load), `loadAtlas: '${out.load}'`);
    assert(/cannot allocate \d+ bytes for the values to scan/.test(out.scan), `webgpuScan: '${out.scan}'`);
    assert(out.same, 'the bottom of the wasm heap was written over');
    assert(out.source[1] === out.source[0], `source ${out.source[1]}, ${out.source[0]} before`);
    assert(out.shown === out.load, `the page shows '${out.shown}'`);
  },
});

cases.push({
  name: 'hp.stream and hp.reference with limits of 2^31 and more: every entry',
  query: QUERY,
  async run(page) {
    const r = await page.evaluate(async () => {
      const lengths = {};
      for (const limit of [0xffffffff, 2 ** 31, 2 ** 32 + 5, Infinity, undefined])
        lengths[String(limit)] = [(await hp.stream(limit)).length, (await hp.reference(limit)).length];
      lengths.small = [(await hp.stream(7)).length, (await hp.reference(7)).length];
      return { count: hp.stats().count, lengths };
    });
    assert(r.count > 1000, `count ${r.count}`);
    for (const [limit, [gpu, cpu]] of Object.entries(r.lengths)) {
      const want = limit === 'small' ? 7 : r.count;
      assert(gpu === want && cpu === want, `limit ${limit}: stream ${gpu}, reference ${cpu} entries, not ${want}`);
    }
  },
});

cases.push({
  name: 'URL with a newline in a value: rejected by name, no setting smuggled in',
  query: 'clock=fixed&iso=0.5%0Apyramid=baseline',
  fresh: true,
  async run(page) {
    // (One call: the page animates 128³, each call waiting for a frame of seconds.)
    const r = await page.evaluate(async () => {
      const text = document.getElementById('message').textContent, s = hp.stats();
      const rejection = (p) => p.then(() => '', (e) => e.message);
      const error = await rejection(hp.set({ iso: '0.3\npyramid=vec4' }));
      const tab = await rejection(hp.set({ iso: '0.3\t' }));
      const t = hp.stats();
      hp.set({ paused: 1 });
      return { text, s, error, tab, t };
    });
    assert(/iso: a setting with a control character is not accepted/.test(r.text), `the page says: '${r.text}'`);
    assert(r.s.pyramid === 'scalar' && r.s.clock === 'wall', `pyramid ${r.s.pyramid}, clock ${r.s.clock}: the settings were not ignored`);
    assert(/iso: a setting with a control character/.test(r.error), `hp.set: '${r.error}'`);
    assert(/iso: a setting with a control character/.test(r.tab), `hp.set with a tab: '${r.tab}'`);
    assert(r.t.pyramid === 'scalar' && r.t.iso === 0.5, `pyramid ${r.t.pyramid}, iso ${r.t.iso}`);
  },
});

cases.push({
  name: 'URL with a PNG and settings (source=png among them): opens in that state',
  query: 'png=assets/head-phantom-64.png&tile=64&source=png&pyramid=vec4&classify=solid&iso=0.3&paused=1&clock=fixed',
  fresh: true,
  async run(page) {
    await page.waitForFunction(() => { const s = hp.stats(); return s.source === 'png' && s.pyramid === 'vec4'; }, { timeout: 30000 })
      .catch(() => {});
    const s = await page.evaluate(() => hp.stats());
    const text = await page.evaluate(() => document.getElementById('message').textContent);
    assert(s.source === 'png' && s.pyramid === 'vec4' && s.classify === 'solid' && s.iso === Math.fround(0.3) &&
      s.paused && s.clock === 'fixed' && s.atlas === 512 && s.volume === 64,
      `state ${JSON.stringify({ source: s.source, pyramid: s.pyramid, classify: s.classify, iso: s.iso, atlas: s.atlas })}; the page says '${text}'`);
    assert(text === '' && s.message === '', `the page says '${text}'`);
    await exact(page, { source: 'png', pyramid: 'vec4' });
  },
});

cases.push({
  name: 'expected= past the atlas\'s texels: refused by the URL and hp.set, as the overlay limits it',
  query: 'clock=fixed&atlas=512&readback=expected&expected=262145',
  fresh: true,
  async run(page) {
    const r = await page.evaluate(async () => {
      const rejection = (p) => p.then(() => '', (e) => e.message);
      const out = { start: hp.stats().expected, text: document.getElementById('message').textContent };
      await hp.set({ atlas: 512, readback: 'expected', paused: 1 });
      out.over = await rejection(hp.set({ expected: 300000 }));
      out.at = await rejection(hp.set({ expected: 262144 }));
      out.big = await rejection(hp.set({ atlas: 2048, expected: 4194304 }));
      out.bigExpected = hp.stats().expected;
      out.down = await rejection(hp.set({ atlas: 512 }));
      out.downExpected = hp.stats().expected;
      return out;
    });
    assert(/expected=262145 is more than the 262144 texels of the 512² atlas/.test(r.text), `the page says: '${r.text}'`);
    assert(r.start === 50000, `the defaults did not hold: expected ${r.start}`);
    assert(/expected=300000 is more than the 262144 texels/.test(r.over), `hp.set expected 300000 at 512²: '${r.over}'`);
    assert(r.at === '' && r.big === '' && r.bigExpected === 4194304, `at the limit: '${r.at}', '${r.big}', ${r.bigExpected}`);
    assert(r.down === '' && r.downExpected === 262144, `a smaller atlas: '${r.down}', expected ${r.downExpected}`);
  },
});

export default cases;
