// The WebGPU compute modes' streams (SwiftShader's WebGPU, --enable-unsafe-webgpu; the other
// webgpu_*.mjs files hold the rest of the WebGPU cases): the exact matrix against the CPU
// reference, the workgroup grids of the largest atlas, the same stream as the WebGL2 modes
// where both read the same numbers, the expected and async counts, and webgpu-scan's tile scans
// (rts, single, single with its look-back forced to give up) switched frame to frame.
import { assert, exact, compute, sameStream, pngOf, loadBytes, edgeCases } from '../lib.mjs';
import { MODES, meshExact, webgpuCases } from '../webgpu_checks.mjs';

const { cases, add } = webgpuCases();

// Every source in both classifications, each at one of two times and iso values (both taken
// by each source over its two classifications; exact.mjs runs WebGL2 at both).
for (const pyramid of MODES)
  ['metaballs', 'sphere', 'noise'].forEach((source, i) =>
    ['surface', 'solid'].forEach((classify, j) => {
      const [time, iso] = [[0.75, 0.35], [2.5, 0.6]][(i + j) % 2];
      add(`${pyramid} 64³ ${source} ${classify} t=${time} iso=${iso}`, (page) =>
        exact(page, { pyramid, volume: 64, source, classify, time, iso }, { atLeast: 50 }));
    }));

for (const pyramid of MODES) {
  add(`${pyramid} 128³ in 2048² noise surface`, (page) =>
    exact(page, { pyramid, volume: 128, source: 'noise', classify: 'surface', time: 1.25, iso: 0.5 }, { atLeast: 1000 }));
  // The 2D workgroup grids (16384² takes 64 rows of 4096 workgroups): the rows narrowed to 7
  // (the test hook hp.testing.gpu.gridRow, read when a pipeline is made), so that 64³ runs every
  // grid on many rows with a partial last one: the stream and the mesh exact.
  add(`${pyramid} 64³ on workgroup grids of rows of 7 (the 2D grids of 16384²): stream and mesh exact`, async (page) => {
    const rebuilt = (row) => page.evaluate(async (pyramid, row) => {
      await hp.set({ pyramid: 'scalar' });
      hp.testing.gpu.gridRow = row;
      await hp.set({ pyramid, volume: 64 });  // a new pipeline, its grids made with the hook
      hp.testing.gpu.gridRow = 0;
    }, pyramid, row);
    await rebuilt(7);
    try {
      await exact(page, { pyramid, volume: 64, source: 'metaballs', classify: 'surface', time: 1.25, iso: 0.5 }, { atLeast: 1000 });
      await exact(page, { source: 'noise', classify: 'solid', iso: 0.55 }, { atLeast: 1000 });
      await meshExact(page, { source: 'noise', classify: 'surface', time: 1.5, iso: 0.45 }, { atLeast: 300 });
    } finally {
      await rebuilt(0);
    }
  });
  edgeCases(add, pyramid);
  add(`${pyramid} PNG atlas: the WebGL2 scalar mode's stream, bit for bit`, async (page) => {
    const on = (x, y) => ((x % 64) + 2 * (y % 64) + 3 * (Math.floor(y / 64) * 8 + Math.floor(x / 64))) % 5 === 0;
    const error = await loadBytes(page, pngOf(512, 512, (x, y) => (on(x, y) ? 1 : 0.25 + 0.5 * ((x * y) % 7) / 7), { bits: 16 }), { tile: 64 });
    assert(error === '', error);
    // One classification a mode (the scan surface, the pyramid solid): each reads the same atlas.
    for (const classify of [pyramid === 'webgpu-scan' ? 'surface' : 'solid']) {
      const webgl = await compute(page, { pyramid: 'scalar', source: 'png', classify, iso: 0.5 });
      await exact(page, { pyramid, source: 'png', classify, iso: 0.5 }, { atLeast: 1000 });
      const webgpu = await compute(page, {});
      sameStream(webgpu.gpu, webgl.gpu, `${classify}: ${pyramid} vs WebGL2 scalar`);
    }
  });
  add(`${pyramid} expected-count mode below, at and above the true count`, async (page) => {
    const truth = await exact(page, { pyramid, volume: 64, source: 'noise', classify: 'surface', iso: 0.5, time: 1,
      readback: 'sync' });
    for (const expected of [Math.floor(truth / 3), truth, truth + 5000, Math.floor(truth / 5)]) {
      const { stats, gpu, cpu } = await compute(page, { readback: 'expected', expected });
      assert(stats.count === expected && !stats.countRead, `count shown ${stats.count}, read ${stats.countRead}`);
      const written = Math.min(expected, truth);
      assert(gpu.length === expected, `read ${gpu.length} entries for expected ${expected}`);
      sameStream(gpu.slice(0, written), cpu.slice(0, written), `expected ${expected}`);
      const stray = gpu.slice(written).findIndex((e) => e.some((v) => v !== 0));
      assert(stray < 0, `expected ${expected}: key ${written + stray} past the written keys is not zero`);
    }
    await page.evaluate(() => hp.set({ readback: 'sync' }));
  });
  // A paused page's calls in expected-count mode: once the frame's surface total has arrived,
  // a call with nothing new repeats the last result (DemoApp::compute waits for the total
  // rather than running the passes again, which sent another and ran two frames a call).
  if (pyramid === 'webgpu-scan') add(`${pyramid} expected-count frames: calls with nothing new repeat the last result, no pass run`, async (page) => {
    const r = await page.evaluate(async (p) => {
      await hp.set({ pyramid: p, volume: 64, source: 'noise', classify: 'surface', iso: 0.5, time: 1,
        readback: 'expected', expected: 10000 });
      await hp.stream();
      const ran = () => { const s = hp.stats(); return s.frame - s.repeated; };
      const before = ran(), frame = hp.stats().frame;
      for (let i = 0; i < 3; i++) { await hp.reference(); await hp.stream(); }
      const out = { ran: ran() - before, frames: hp.stats().frame - frame, count: hp.stats().count };
      await hp.set({ readback: 'sync' });
      return out;
    }, pyramid);
    assert(r.frames >= 6 && r.count === 10000, `${r.frames} frames, count ${r.count}`);
    assert(r.ran <= 1, `six calls ran the passes in ${r.ran} of their ${r.frames} frames`);
  });
  add(`${pyramid}: async count arrives with its age, the stream stays exact`, async (page) => {
    await page.evaluate((p) => hp.set({ pyramid: p, volume: 64, source: 'metaballs', classify: 'surface', iso: 0.5,
      time: 1, readback: 'async' }), pyramid);
    await page.evaluate(() => hp.frames(10));
    const { stats, gpu, cpu } = await compute(page, {});
    await page.evaluate(() => hp.set({ readback: 'sync' }));
    assert(stats.readback === 'async' && !stats.countRead, `readback ${stats.readback}, read ${stats.countRead}`);
    assert(stats.count === cpu.length, `count ${stats.count} (${stats.countAge} frames old), CPU ${cpu.length}`);
    sameStream(gpu, cpu);
  });
}

// webgpu-scan's tile scans (scan=rts: reduce-then-scan in three dispatches; scan=single: one
// dispatch, decoupled look-back with fallback): the exact stream and count of every source and
// classification (one time and iso each, in one case: they share the page), 128³ in 2048², the
// edge cases, the expected and async counts; the single pass with its look-back forced to give
// up at once (fallback=1: each workgroup reduces 16 predecessors itself).
for (const scan of ['rts', 'single']) {
  // Each source once, the classifications taken in turn (the two scans take them opposite ways).
  add(`webgpu-scan scan=${scan} 64³ every source, both classifications`, async (page) => {
    const turn = scan === 'rts' ? 0 : 1;
    for (const [i, source] of ['metaballs', 'sphere', 'noise'].entries())
      await exact(page, { pyramid: 'webgpu-scan', scan, volume: 64, source, classify: ['surface', 'solid'][(i + turn) % 2],
        time: 0.75, iso: 0.45 }, { atLeast: 50 });
  });
  // One 128³ case (1,024 tiles, the spine's whole round): SwiftShader takes 20 s for it.
  if (scan === 'single') add(`webgpu-scan scan=${scan} 128³ in 2048² noise surface (1,024 tiles)`, async (page) => {
    await exact(page, { pyramid: 'webgpu-scan', scan, volume: 128, source: 'noise', classify: 'surface', time: 1.25, iso: 0.5 },
      { atLeast: 1000 });
    await page.evaluate(() => hp.set({ volume: 64 }));
  });
  edgeCases(add, 'webgpu-scan', { scan });
  add(`webgpu-scan scan=${scan}: expected count below and above the truth, async count`, async (page) => {
    const truth = await exact(page, { pyramid: 'webgpu-scan', scan, volume: 64, source: 'noise', classify: 'surface',
      iso: 0.5, time: 1, readback: 'sync' });
    for (const expected of [Math.floor(truth / 3), truth + 5000]) {
      const { stats, gpu, cpu } = await compute(page, { readback: 'expected', expected });
      const written = Math.min(expected, truth);
      assert(stats.count === expected && gpu.length === expected, `count ${stats.count}, read ${gpu.length}`);
      sameStream(gpu.slice(0, written), cpu.slice(0, written), `expected ${expected}`);
      const stray = gpu.slice(written).findIndex((e) => e.some((v) => v !== 0));
      assert(stray < 0, `expected ${expected}: key ${written + stray} past the written keys is not zero`);
    }
    await page.evaluate(() => hp.set({ readback: 'async' }).then(() => hp.frames(8)));
    const { stats, gpu, cpu } = await compute(page, {});
    await page.evaluate(() => hp.set({ readback: 'sync' }));
    assert(stats.count === cpu.length, `async count ${stats.count} (${stats.countAge} frames old), CPU ${cpu.length}`);
    sameStream(gpu, cpu);
  });
}
add('webgpu-scan scan=single, fallback=1 (every look-back gives up at once): the exact stream', async (page) => {
  for (const [source, classify] of [['metaballs', 'surface'], ['sphere', 'solid'], ['noise', 'surface']])
    await exact(page, { pyramid: 'webgpu-scan', scan: 'single', fallback: 1, volume: 64, source, classify, time: 2.5,
      iso: 0.55 }, { atLeast: 50 });
  const s = await page.evaluate(() => hp.stats());
  assert(s.scan === 'single' && s.fallback === true, `scan ${s.scan}, fallback ${s.fallback}`);
  await page.evaluate(() => hp.set({ fallback: 0 }));
});
// The switch back to blocks asks for its kernels again and compiles none (hp.stats().kernels).
add('webgpu-scan: blocks, rts and single give the same stream, switched frame to frame; back to blocks, nothing compiled again', async (page) => {
  const state = { pyramid: 'webgpu-scan', volume: 64, source: 'sphere', classify: 'surface', time: 2, iso: 0.5 };
  const a = await compute(page, { ...state, scan: 'blocks' });
  let kernels = a.stats.kernels;
  for (const scan of ['rts', 'single', 'blocks']) {
    const b = await compute(page, { scan });
    assert(b.stats.scan === scan && b.stats.count === a.stats.count, `${scan}: count ${b.stats.count}, blocks ${a.stats.count}`);
    sameStream(b.gpu, a.gpu, `${scan} vs blocks`);
    const k = b.stats.kernels;
    assert(k.asked > kernels.asked && (scan !== 'blocks' || k.compiled === kernels.compiled),
      `${scan}: kernels ${JSON.stringify(kernels)}, then ${JSON.stringify(k)}`);
    kernels = k;
  }
});

export default cases;
