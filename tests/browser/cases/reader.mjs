// Volume files are read off the page's thread (issue 38, item 9): in a Worker running the core
// readers in a wasm program of their own (web/volume_reader.js, app/reader/), the volume handed to
// the app in parts. A .nii.gz that takes seconds to inflate shows its progress while the page
// draws on, the app's heap growing by the volume alone, and a newer load stops it; a file past
// what the page reads, picked through Open file…, gets a message naming its size.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { assert } from '../lib.mjs';
import { nifti, nrrd, voxels } from '../volume_files.mjs';

const QUERY = 'paused=1&clock=fixed&overlay=0&view=stream&atlas=512';  // as volumes.mjs: its page goes on
const cases = [];
const add = (name, run, more = {}) => cases.push({ name, query: QUERY, run, ...more });

// A CT-like int16 volume with noise (so that it inflates slowly, as a scan does), written fast:
// soft tissue in a ball, air around it.
function noisyCt([X, Y, Z]) {
  const out = Buffer.alloc(2 * X * Y * Z);
  const v = new Int16Array(out.buffer, out.byteOffset, X * Y * Z);
  let s = 2463534242, i = 0;
  for (let z = 0; z < Z; z++)
    for (let y = 0; y < Y; y++)
      for (let x = 0; x < X; x++, i++) {
        s ^= s << 13; s ^= s >>> 17; s ^= s << 5;
        const r2 = ((x - X / 2) / X) ** 2 + ((y - Y / 2) / Y) ** 2 + ((z - Z / 2) / Z) ** 2;
        v[i] = (r2 < 0.16 ? 40 : -1000) + ((s >>> 0) % 64);
      }
  return out;
}

// 256³ int16 (32 MiB inflated, a .nii.gz of about 14 MB), opened downsampled by 2: 128³, the
// procedural volume's atlas, so the frames after it cost what they cost before.
const BIG = [256, 256, 256];

add('volume reader: a .nii.gz taking seconds to read shows its progress while the page draws on; the heap grows by the volume alone; a newer load stops it', async (page, { site }) => {
  const file = path.join(site, `reader-big-${process.pid}.nii.gz`);
  fs.writeFileSync(file, zlib.gzipSync(nifti(BIG, 'int16', noisyCt(BIG)), { level: 1 }));
  const small = nrrd([8, 8, 8], 'int16', voxels([8, 8, 8], 'int16', (x, y, z) => (x + y + z) * 10));
  try {
    const r = await page.evaluate(async (name, small64) => {
      // The page's animation frames (they come only while its thread is free), and the span in
      // which the page showed the read's progress (the worker reading).
      const frames = [];
      let counting = true, first = 0, last = 0;
      const tick = (t) => { frames.push(t); if (counting) requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
      const seen = new Set();
      const watch = setInterval(() => {
        const p = hp.stats().progress;
        if (!p) return;
        seen.add(p.task);
        last = performance.now();
        first ||= last;
      }, 20);
      const bytes = new Uint8Array(await (await fetch(name)).arrayBuffer());  // as the issue had it: hp.loadVolume(bytes)
      const heap0 = hp.stats().heapBytes, t0 = performance.now();
      const info = await hp.loadVolume(bytes, { name: 'big.nii.gz', downsample: 2 });
      const ms = performance.now() - t0;
      counting = false;
      clearInterval(watch);
      const during = frames.filter((t) => t >= first && t <= last);
      let gap = 0;
      for (let i = 1; i < during.length; i++) gap = Math.max(gap, during[i] - during[i - 1]);
      window.bigBytes = bytes;
      return { ms, read: last - first, frames: frames.filter((t) => t >= t0).length, during: during.length, gap,
        dims: info.dims, type: info.type, seen: [...seen], after: { progress: hp.stats().progress, heap: hp.stats().heapBytes - heap0 } };
    }, path.basename(file));
    const half = BIG.map((d) => d / 2);
    assert(JSON.stringify(r.dims) === JSON.stringify(half) && r.type === 'int16', `opened ${r.dims} ${r.type}`);
    assert(r.seen.includes('inflating') && r.seen.includes('decoding'),
      `progress seen: ${r.seen.join(', ') || 'none'} (${r.frames} animation frames in the ${r.ms.toFixed(0)} ms of the load)`);
    // (Seconds here; a faster machine reads it sooner, and still draws all through it.)
    assert(r.read > 300, `the read showed progress for ${r.read.toFixed(0)} ms: too short to show the page drawing on`);
    // Frames all through the read: at least two a second, no pause of a third of it.
    assert(r.during >= r.read / 500 && r.gap <= r.read / 3,
      `${r.during} animation frames in the ${r.read.toFixed(0)} ms of the read, the longest pause ${r.gap.toFixed(0)} ms`);
    assert(r.after.progress === null, `progress after the load: ${JSON.stringify(r.after.progress)}`);
    const volume = 4 * half[0] * half[1] * half[2];
    assert(r.after.heap <= volume + (64 << 20), `the app's heap grew by ${r.after.heap} bytes for a ${volume}-byte volume`);
    // The same file again, and a small one opened while it reads: the small one stays.
    const raced = await page.evaluate(async (small64) => {
      const big = hp.loadVolume(bigBytes, { name: 'big.nii.gz', downsample: 2 }).then(() => 'opened', (e) => e.message);
      await new Promise((ok) => { const t = setInterval(() => { if (hp.stats().progress) { clearInterval(t); ok(); } }, 5); });
      const plain = await hp.loadVolume(Uint8Array.from(atob(small64), (c) => c.charCodeAt(0)), { name: 'small.nrrd' });
      await hp.frames(3);
      delete window.bigBytes;
      return { first: await big, second: plain.dims, shown: hp.stats().dims, progress: hp.stats().progress };
    }, small.toString('base64'));
    assert(raced.first === 'another load came first' && JSON.stringify(raced.second) === '[8,8,8]' &&
      JSON.stringify(raced.shown) === '[8,8,8]' && raced.progress === null,
      `a newer load: the first ${raced.first}, the second ${raced.second}, shown ${raced.shown}, progress ${JSON.stringify(raced.progress)}`);
  } finally {
    fs.rmSync(file, { force: true });
  }
}, { timeout: 120 });

// A file whose values lie uncompressed in it streams (volume_stream.h): its header planned from
// its first MiB, then each part read, decoded and handed over in turn, so that the reader's heap
// holds two parts, never the file (read whole, it held the file and its volume: over twice the
// file). 256³ int16, 32 MiB (the largest WebGL2's float sums hold here), picked through Open
// file… (DOM.setFileInputFiles), as a person opens one: the values and their range exact.
add('volume reader: a file picked through Open file… streams, the reader holding two parts of it, never the whole; the values exact', async (page) => {
  const dims = [256, 256, 256];
  const data = noisyCt(dims);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-stream-'));
  const file = path.join(dir, 'streamed.nii');
  fs.writeFileSync(file, nifti(dims, 'int16', data));
  const fnv = (bytes) => { let h = 2166136261; for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 16777619) >>> 0; return h; };
  const v = new Int16Array(data.buffer, data.byteOffset, data.length / 2);
  let lo = Infinity, hi = -Infinity;
  for (const x of v) lo = Math.min(lo, x), hi = Math.max(hi, x);
  try {
    await (await page.$('#file')).uploadFile(file);
    await page.waitForFunction(() => hp.stats().fileMs && hp.stats().file === 'nifti', { timeout: 60000, polling: 50 });
    const r = await page.evaluate(async (fnvText) => {
      const fnvOf = new Function(`return ${fnvText}`)();
      const vol = await hp.volume();
      const s = hp.stats();
      return { ms: s.fileMs, dims: vol.dims, type: vol.stored.type, hash: fnvOf(new Uint8Array(vol.stored.values.buffer)), range: s.range,
        message: s.message, progress: s.progress };
    }, fnv.toString());
    const mib = data.length / 2 ** 20;
    assert(JSON.stringify(r.dims) === JSON.stringify(dims) && r.type === 'int16' && !r.message, `opened ${r.dims} ${r.type}: '${r.message}'`);
    assert(r.ms.streamed === true, `the file was not streamed: ${JSON.stringify(r.ms)}`);
    assert(r.ms.workerHeapMB < 2 * mib, `the reader's heap is ${r.ms.workerHeapMB} MiB for a ${mib.toFixed(0)} MiB file`);
    assert(r.hash === fnv(data), `the values differ from the file's (hash ${r.hash} against ${fnv(data)})`);
    assert(r.range[0] === lo && r.range[1] === hi, `range ${r.range}, the file's ${lo}..${hi}`);
    assert(r.progress === null, `progress after the load: ${JSON.stringify(r.progress)}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, { timeout: 90, fresh: true });  // fresh: a page's refusal before (hostile.mjs's) stays in its overlay's message

// Past 2 GiB the page reads no file it would have to read whole (the 2.4 and 4.6 GB raw files
// that did nothing at all before; this one streams, but its voxels are past the cap, and halving
// it would read it whole): a sparse file picked through Open file… gets a message naming its size and what the
// page opens, the volume shown staying; no downsampling is offered (the data is past 1 GiB).
add('volume reader: a 2.5 GB file picked through Open file… gets a message naming its size and what the page opens', async (page) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-sparse-'));
  const file = path.join(dir, 'big_1280x1280x1600_uint8.raw');
  execFileSync('truncate', ['-s', '2500M', file]);
  try {
    const before = await page.evaluate(() => ({ dims: hp.stats().dims, source: hp.stats().source }));
    await (await page.$('#file')).uploadFile(file);
    await page.waitForFunction(() => /big_1280x1280x1600_uint8\.raw/.test(document.getElementById('message').textContent),
      { timeout: 20000, polling: 50 }).catch(async () => {
      const said = await page.evaluate(() => ({ page: document.getElementById('message').textContent, app: hp.stats().message }));
      throw new Error(`in 20 s the page said nothing of the file (page: '${said.page}', hp.stats().message: '${said.app}')`);
    });
    const r = await page.evaluate(() => ({ text: document.getElementById('message').textContent,
      buttons: document.querySelectorAll('#message button').length, stats: hp.stats() }));
    const want = 'cannot open big_1280x1280x1600_uint8.raw: the file is 2.44 GiB (2621440000 bytes): this page reads ' +
      'files of at most 2 GiB, and opens volumes of at most 1073741824 voxels (past 512³ in bricks) from at most 1 GiB of stored data; ' +
      'a 1280×1280×1600 volume has 2621440000 voxels, more than the 1073741824 this page opens';
    assert(r.text === want, `the page says: '${r.text}'`);
    assert(r.stats.message === want, `hp.stats().message: '${r.stats.message}'`);
    assert(r.buttons === 0, `${r.buttons} button(s) offered`);
    assert(JSON.stringify(r.stats.dims) === JSON.stringify(before.dims) && r.stats.source === before.source,
      `the volume shown changed: ${r.stats.source} ${r.stats.dims}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, { timeout: 60 });

export default cases;
