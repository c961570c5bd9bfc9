// What the benchmark stands on: the saturated regime (hp.runFrames: frames back to back with
// the page's loop paused, then the loop resumes), the benchmark's volumes (web/bench_volumes.js:
// blobs 64³ at iso 0.5 has the 12,496 triangles Mol* finds), and the clocks joined to rows
// (bench-clocks.mjs).
import { assert, exact } from '../lib.mjs';
import { clocksOf } from '../bench-clocks.mjs';

const QUERY = 'paused=1&clock=fixed&overlay=0&view=none&atlas=512';
const cases = [];
const add = (name, run, extra = {}) => cases.push({ name, query: QUERY, run, ...extra });

for (const [pyramid, n] of [['scalar', 40], ['webgpu-scan', 12]])
  add(`saturated regime: hp.runFrames issues ${n} ${pyramid} frames back to back, then the page's loop resumes`, async (page) => {
    const r = await page.evaluate(async (pyramid, n) => {
      await hp.set({ pyramid, volume: 64, source: 'metaballs', classify: 'surface', iso: 0.5, readback: 'async' });
      hp.resetTimings();
      const before = hp.stats().frame;
      const run = await hp.runFrames(n, { mesh: true });
      const after = hp.stats();
      await hp.frames(3);  // the loop runs again
      return { run, before, after: after.frame, samples: after.ms.samples, mesh: after.mesh, later: hp.stats().frame };
    }, pyramid, n);
    assert(r.run.frames === n, `issued ${r.run.frames} of ${n}`);
    assert(r.after - r.before >= n - 1, `frames completed ${r.after - r.before} for ${n} issued`);
    assert(r.run.wallMs > 0 && r.run.endMs >= r.run.startMs, `wall ${r.run.wallMs}, span ${r.run.startMs}-${r.run.endMs}`);
    assert(r.samples >= Math.min(n, 8), `only ${r.samples} timed frames`);
    assert(r.later > r.after, 'the page\'s frame loop did not resume');
    await exact(page, { readback: 'sync' }, { atLeast: 100 });
  });

add('bench volumes: blobs 64³ as a raw uint16 file has the 12,496 triangles Mol* finds at iso 0.5', async (page) => {
  await page.addScriptTag({ url: 'bench_volumes.js' });
  const r = await page.evaluate(async () => {
    const data = hpBenchVolumes.make('blobs', 64);
    await hp.loadVolume(new Uint8Array(data.buffer), { name: 'blobs_64x64x64_uint16.raw' });
    await hp.set({ pyramid: 'scalar', iso: 32767.5, classify: 'surface' });
    const m = await hp.mesh({ limit: 0 });
    return { vertices: m.vertices, range: hp.stats().range, dims: hp.stats().dims };
  });
  assert(r.dims.join() === '64,64,64', `dims ${r.dims}`);
  assert(r.vertices === 3 * 12496, `${r.vertices / 3} triangles, Mol* 12,496`);
});

add('bench clocks: a row gets the SM clock over its span, the nearest sample when short, none when none covers it', () => {
  const samples = [1000, 1250, 1500, 1750, 2000].map((t, i) => ({ epochMs: t, smMHz: [345, 1980, 1980, 1410, 345][i], memMHz: 2619, watts: 100 }));
  const span = clocksOf({ startMs: 1200, endMs: 1800 }, samples);
  assert(span.samples === 3 && span.smMHz.min === 1410 && span.smMHz.max === 1980 && span.smMHz.median === 1980,
    `span: ${JSON.stringify(span)}`);
  const short = clocksOf({ startMs: 1010, endMs: 1020 }, samples);
  assert(short.samples === 1 && short.smMHz.min === 345, `short: ${JSON.stringify(short)}`);
  assert(clocksOf({ startMs: 9000, endMs: 9100 }, samples) === null, 'a row past every sample got clocks');
  assert(clocksOf({ startMs: 1200, endMs: 1800 }, []) === null, 'no samples, yet clocks');
});

export default cases;
