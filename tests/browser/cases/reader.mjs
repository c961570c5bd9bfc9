// Volume files are read off the page's thread (issue 38, item 9): in a Worker running the core
// readers in a wasm program of their own (web/volume_reader.js, app/reader/), the volume handed to
// the app in parts. A .nii.gz that takes seconds to inflate shows its progress while the page
// draws on, the app's heap growing by the volume alone, and a newer load stops it.
import fs from 'node:fs';
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
      const after = { progress: hp.stats().progress, heap: hp.stats().heapBytes - heap0 };
      // The same file again, and a small one opened while it reads: the small one stays.
      const big = hp.loadVolume(bytes, { name: 'big.nii.gz', downsample: 2 }).then(() => 'opened', (e) => e.message);
      await new Promise((ok) => { const t = setInterval(() => { if (hp.stats().progress) { clearInterval(t); ok(); } }, 5); });
      const plain = await hp.loadVolume(Uint8Array.from(atob(small64), (c) => c.charCodeAt(0)), { name: 'small.nrrd' });
      await hp.frames(3);
      return { ms, read: last - first, frames: during.length, gap, dims: info.dims, type: info.type, seen: [...seen], after,
        raced: await big, plain: plain.dims, shown: hp.stats().dims, progressAfter: hp.stats().progress };
    }, path.basename(file), small.toString('base64'));
    const half = BIG.map((d) => d / 2);
    assert(JSON.stringify(r.dims) === JSON.stringify(half) && r.type === 'int16', `opened ${r.dims} ${r.type}`);
    assert(r.seen.includes('inflating') && r.seen.includes('decoding'), `progress seen: ${r.seen.join(', ') || 'none'}`);
    assert(r.read > 1000, `the read showed progress for ${r.read.toFixed(0)} ms: too short to show the page drawing on`);
    // Frames all through the read: at least two a second, no pause of a third of it.
    assert(r.frames >= r.read / 500 && r.gap <= r.read / 3,
      `${r.frames} animation frames in the ${r.read.toFixed(0)} ms of the read, the longest pause ${r.gap.toFixed(0)} ms`);
    assert(r.after.progress === null, `progress after the load: ${JSON.stringify(r.after.progress)}`);
    const volume = 4 * half[0] * half[1] * half[2];
    assert(r.after.heap <= volume + (64 << 20), `the app's heap grew by ${r.after.heap} bytes for a ${volume}-byte volume`);
    assert(r.raced === 'another load came first' && JSON.stringify(r.plain) === '[8,8,8]' &&
      JSON.stringify(r.shown) === '[8,8,8]' && r.progressAfter === null,
      `a newer load: the first ${r.raced}, the second ${r.plain}, shown ${r.shown}, progress ${JSON.stringify(r.progressAfter)}`);
    return `read in ${(r.read / 1000).toFixed(1)} s of ${(r.ms / 1000).toFixed(1)}: ${r.frames} frames, the longest pause ${r.gap.toFixed(0)} ms`;
  } finally {
    fs.rmSync(file, { force: true });
  }
}, { timeout: 120 });

export default cases;
