// Exact checks: for each case and both pyramids, the GPU stream read back equals the CPU
// reference (computed in wasm from the atlas the GPU used) at every key.
import { assert, exact, compute, sameStream, pngOf, loadBytes, edgeCases } from '../lib.mjs';

// One page for all of them: overlay hidden and only the stream drawn keeps frames cheap.
const QUERY = 'paused=1&clock=fixed&overlay=0&view=stream&atlas=512';
const PYRAMIDS = ['scalar', 'vec4'];
const cases = [];
const add = (name, run) => cases.push({ name, query: QUERY, run });

for (const pyramid of PYRAMIDS)
  for (const source of ['metaballs', 'sphere', 'noise'])
    for (const classify of ['surface', 'solid'])
      for (const time of [0.75, 2.5])
        for (const iso of [0.35, 0.6])
          add(`${pyramid} 64³ ${source} ${classify} t=${time} iso=${iso}`, (page) =>
            exact(page, { pyramid, volume: 64, source, classify, time, iso }, { atLeast: 50 }));

for (const pyramid of PYRAMIDS)
  for (const [source, classify] of [['metaballs', 'surface'], ['noise', 'solid']])
    add(`${pyramid} 128³ in 2048² ${source} ${classify}`, (page) =>
      exact(page, { pyramid, volume: 128, source, classify, time: 1.25, iso: 0.5 }, { atLeast: 1000 }));

for (const pyramid of PYRAMIDS)
  add(`${pyramid} 256³ in 4096² metaballs surface`, async (page) => {
    const max = await page.evaluate(() => document.getElementById('canvas').getContext('webgl2')
      .getParameter(WebGL2RenderingContext.MAX_TEXTURE_SIZE));
    if (max < 4096) return `skipped: this browser's largest texture is ${max}`;
    await exact(page, { pyramid, volume: 256, source: 'metaballs', classify: 'surface', time: 1.25, iso: 0.5 },
      { atLeast: 10000 });
  });

for (const pyramid of PYRAMIDS) {
  edgeCases(add, pyramid);
  add(`${pyramid} PNG atlas written by the test (16-bit, known pattern)`, async (page) => {
    // Voxel (x,y,z) is 1 where (x + 2y + 3z) mod 5 == 0, else 0.25.
    let want = 0;
    const on = (x, y) => {
      const z = Math.floor(y / 64) * 8 + Math.floor(x / 64);
      return ((x % 64) + 2 * (y % 64) + 3 * z) % 5 === 0;
    };
    for (let y = 0; y < 512; y++) for (let x = 0; x < 512; x++) want += on(x, y);
    const error = await loadBytes(page, pngOf(512, 512, (x, y) => (on(x, y) ? 1 : 0.25), { bits: 16 }), { tile: 64 });
    assert(error === '', error);
    const n = await exact(page, { pyramid, source: 'png', classify: 'solid', iso: 0.5 });
    assert(n === want, `count ${n}, the pattern has ${want}`);
    await exact(page, { pyramid, source: 'png', classify: 'surface', iso: 0.5 });
  });
  add(`${pyramid} expected-count mode below, at and above the true count`, async (page) => {
    const truth = await exact(page, { pyramid, volume: 64, source: 'noise', classify: 'surface', iso: 0.5,
      time: 1, readback: 'sync' });
    for (const expected of [Math.floor(truth / 3), truth, truth + 5000]) {
      const { stats, gpu, cpu } = await compute(page, { readback: 'expected', expected });
      assert(stats.count === expected && !stats.countRead, `count shown ${stats.count}, read ${stats.countRead}`);
      // The stream holds the first min(expected, truth) entries, then zeros.
      const written = Math.min(expected, truth);
      assert(cpu.length === truth, `reference ${cpu.length} ≠ ${truth}`);
      assert(gpu.length === expected, `read ${gpu.length} entries for expected ${expected}`);
      sameStream(gpu.slice(0, written), cpu.slice(0, written), `expected ${expected}`);
      const stray = gpu.slice(written).findIndex((e) => e.some((v) => v !== 0));
      assert(stray < 0, `expected ${expected}: key ${written + stray} past the true count is not zero`);
    }
    await page.evaluate(() => hp.set({ readback: 'sync' }));
  });
}
// The variants of the speed issue: integer sums and the article's baseline, each on a few
// scenes; and the async count readback.
const VARIANTS = [
  { pyramid: 'scalar', sums: 'uint' }, { pyramid: 'vec4', sums: 'uint' }, { pyramid: 'baseline' },
];
for (const mode of VARIANTS) {
  const tag = Object.values(mode).join(' ');
  for (const [volume, source, classify, iso] of [[64, 'noise', 'surface', 0.5], [64, 'metaballs', 'solid', 0.4],
    [128, 'sphere', 'surface', 0.5]])
    add(`${tag}: ${volume}³ ${source} ${classify}`, (page) =>
      exact(page, { pyramid: 'scalar', sums: 'float', ...mode, volume, source, classify,
        iso, time: 1.75 }, { atLeast: 100 }));
}
for (const pyramid of ['scalar', 'vec4', 'baseline'])
  add(`${pyramid}: async count readback arrives, the stream stays exact`, async (page) => {
    await page.evaluate((p) => hp.set({ pyramid: p, sums: 'float', volume: 64,
      source: 'metaballs', classify: 'surface', iso: 0.5, time: 1, readback: 'async' }), pyramid);
    await page.evaluate(() => hp.frames(8));
    const { stats, gpu, cpu } = await compute(page, {});
    await page.evaluate(() => hp.set({ readback: 'sync' }));
    assert(stats.readback === 'async', `readback is ${stats.readback}`);
    if (pyramid !== 'baseline') assert(!stats.countRead && stats.keysDrawn >= cpu.length, `read ${stats.countRead}, drawn ${stats.keysDrawn}`);
    assert(stats.count === cpu.length, `count ${stats.count} (${stats.countAge} frames old), CPU ${cpu.length}`);
    sameStream(gpu, cpu);
  });

add('scalar and vec4 streams are bit-identical', async (page) => {
  const a = await compute(page, { pyramid: 'scalar', volume: 64, source: 'sphere', classify: 'surface', time: 2, iso: 0.5 });
  const b = await compute(page, { pyramid: 'vec4' });
  assert(a.stats.count > 100 && a.stats.count === b.stats.count, `counts ${a.stats.count} and ${b.stats.count}`);
  sameStream(b.gpu, a.gpu, 'vec4 vs scalar');
});

export default cases;
