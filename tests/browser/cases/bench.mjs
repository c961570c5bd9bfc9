// What the benchmark stands on: the saturated regime (hp.runFrames: frames back to back with
// the page's loop paused, then the loop resumes), the benchmark's volumes (web/bench/bench_volumes.js:
// blobs 64³ at iso 0.5 has the 12,496 triangles Mol* finds; web/bench/bench_labels.js: the procedural
// label map has its 120 labels), the clocks joined to rows (bench/drivers/bench-clocks.mjs), and the rows a
// plan of its own writes (the DICOM plan's: regime, span, the browser's full build).
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { assert, exact } from '../lib.mjs';
import { clocksOf, withClocks } from '../../../bench/drivers/bench-clocks.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');

const QUERY = 'paused=1&clock=fixed&overlay=0&view=none&atlas=512';
const cases = [];
const add = (name, run, extra = {}) => cases.push({ name, query: QUERY, run, ...extra });

for (const [pyramid, n] of [['scalar', 16], ['webgpu-scan', 12]])
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

// A plan's own URL keys stay the page's: the app takes the rest (paused, view, ...) as given.
// Without ?bench= the same keys are unknown settings, refused with a message (defaults kept).
add('bench URL: a plan\'s own keys (runs, modes, ...) leave the URL\'s settings in effect; without ?bench= they are refused', async (page, { url }) => {
  const r = await page.evaluate(() => { const s = hp.stats(); return { paused: s.paused, view: s.view, message: s.message }; });
  assert(r.paused && r.view === 'none' && r.message === '', `with ?bench=: ${JSON.stringify(r)}`);
  await page.goto(`${url}index.html?runs=2&paused=1&view=none`, { waitUntil: 'load' });
  await page.waitForFunction(() => window.hp !== undefined, { timeout: 30000 });
  await page.evaluate(() => window.hp.ready.then(() => true));
  const plain = await page.evaluate(() => { const s = hp.stats(); return { view: s.view, message: s.message }; });
  assert(plain.view === 'surface' && /unknown setting 'runs'/.test(plain.message), `without ?bench=: ${JSON.stringify(plain)}`);
}, { query: 'bench=nosuchplan&runs=2&modes=scalar&inFlight=2&paused=1&clock=fixed&overlay=0&view=none' });

add('bench volumes: blobs 64³ as a raw uint16 file has the 12,496 triangles Mol* finds at iso 0.5', async (page) => {
  await page.addScriptTag({ url: 'bench/bench_volumes.js' });
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

add('bench labels: the procedural 512×512×448 label map holds all 120 labels, each of them in thousands of voxels', () => {
  const window = {};
  new Function('window', fs.readFileSync(path.join(ROOT, 'web/bench/bench_labels.js'), 'utf8'))(window);
  const map = window.hpBenchLabels.make();
  const voxels = new Uint32Array(256);
  for (let i = 0; i < map.length; i++) voxels[map[i]]++;
  const labels = [...voxels.keys()].filter((v) => v > 0 && voxels[v] > 0);
  const missing = Array.from({ length: 120 }, (_, i) => i + 1).filter((v) => !voxels[v]);
  assert(labels.length === 120 && missing.length === 0, `${labels.length} labels (missing ${missing.join(', ')}; past 120: ${labels.filter((v) => v > 120).join(', ')})`);
  assert(Math.min(...labels.map((v) => voxels[v])) > 10000, `a label of ${Math.min(...labels.map((v) => voxels[v]))} voxels`);
  assert(window.hpBenchLabels.hash(Uint8Array.of(97)) === 0xe40c292c, 'FNV-1a of "a"');
});

add('bench rows: a result is refused unless every row has its regime, start and end, and clocks joined, and the browser\'s build', () => {
  const row = (more) => ({ what: 'w', regime: 'paced', startMs: 1200, endMs: 1800, ...more });
  const samples = [1000, 1250, 1500, 1750, 2000].map((t) => ({ epochMs: t, smMHz: 1980, memMHz: 2619, watts: 100 }));
  const good = withClocks({ fullVersionList: [], rows: [row()], reference: [row({ regime: 'saturated' })] }, { samples });
  assert(good.rows[0].clocks.samples === 3 && good.reference[0].clocks.samples === 3, `joined: ${JSON.stringify(good)}`);
  assert(withClocks({ fullVersionList: null, rows: [row()] }, null).rows[0].clocks === null, 'no samples: clocks null');
  for (const [bad, why] of [[{ fullVersionList: [], rows: [row({ regime: undefined })] }, 'no regime'],
    [{ fullVersionList: [], rows: [row({ startMs: undefined })] }, 'no span'],  // the H100 DICOM row of 2026-11-26
    [{ fullVersionList: [], rows: [row()], reference: [row({ endMs: undefined })] }, 'no span'],
    [{ rows: [row()] }, 'fullVersionList']]) {
    let error = '';
    try { withClocks(bad, { samples }); } catch (e) { error = e.message; }
    assert(error.includes(why), `${JSON.stringify(bad)}: ${error || 'accepted'}`);
  }
});

add('bench dicom: the page\'s plan (index.html?bench=dicom) writes paced rows with their span and the browser\'s full build', async (page, { url, site }) => {
  const dir = path.join(site, 'bench-dicom');
  fs.rmSync(dir, { recursive: true, force: true });
  try {
    execFileSync('/usr/bin/python3', [path.join(ROOT, 'tests/dicom/make_series.py'), dir, '{"dims": [24, 20, 5]}'], { stdio: 'pipe' });
    fs.writeFileSync(path.join(dir, 'files.json'), JSON.stringify(fs.readdirSync(dir).filter((f) => f.endsWith('.dcm')).sort()));
    await page.goto(`${url}index.html?bench=dicom&runs=2&${QUERY}`);  // a small atlas: light frames
    await page.waitForFunction(() => window.hpBench !== undefined, { timeout: 240000, polling: 100 });
    const r = await page.evaluate(() => window.hpBench);
    assert(!r.error && r.rows.length === 2, `result: ${JSON.stringify(r).slice(0, 300)}`);
    for (const row of r.rows)
      assert(row.regime === 'paced' && row.startMs > 0 && row.endMs - row.startMs >= Math.floor(row.ms) - 1 &&
        row.dims.join() === '24,20,5', `row: ${JSON.stringify(row).slice(0, 300)}`);
    assert(r.rows[1].startMs >= r.rows[0].endMs, 'the second load began before the first ended');
    assert(Array.isArray(r.fullVersionList) && r.fullVersionList.some((b) => /^\d+\.\d+\.\d+\.\d+$/.test(b.version)),
      `full build: ${JSON.stringify(r.fullVersionList)}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, { blank: true });

export default cases;
