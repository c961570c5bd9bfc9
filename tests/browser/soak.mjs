// scripts/soak.sh's driver: a long run of the page with a change of mode, backend, source or
// size every 100 frames, in cycles that end in the same state. After each cycle: the live GL
// objects the demo made, the live WebGPU buffers (created minus destroyed, counted in the page)
// and the wasm heap. They must come back to their level after the first cycle (warm-up).
//   node soak.mjs SITE_DIR OUT.json [FRAMES]   (FRAMES: 10000 unless given, 1,000 a cycle)
import fs from 'node:fs';
import os from 'node:os';
import { serve } from './serve.mjs';
import { launch, openDemo } from './browser.mjs';

const [site, outJson, framesArg = '10000'] = process.argv.slice(2);
if (!site || !outJson) {
  console.error('usage: node soak.mjs SITE_DIR OUT.json [FRAMES]');
  process.exit(2);
}
const HOME = { pyramid: 'scalar', sums: 'float', source: 'metaballs', classify: 'surface', volume: 64 };
// WebGPU at 64³ only: SwiftShader's compute takes about half a second a frame there already.
const CHANGES = [
  { pyramid: 'vec4' }, { source: 'sphere' }, { volume: 128 }, { volume: 64, pyramid: 'webgpu-scan' },
  { source: 'noise', classify: 'solid' }, { pyramid: 'webgpu-pyramid' }, { pyramid: 'baseline' }, { source: 'png' },
  { pyramid: 'scalar', sums: 'uint' }, HOME,
];
const STEP = 100;
const cycles = Math.max(2, Math.round(Number(framesArg) / (STEP * CHANGES.length)));

const { server, url } = await serve(site);
const browser = await launch({ width: 480, height: 320 });
const t0 = Date.now();
let result;
try {
  const log = [];
  const page = await openDemo(browser, `${url}index.html?clock=fixed&atlas=512`, {
    logTo: log, viewport: { width: 480, height: 320 },
    setup: (p) => p.evaluateOnNewDocument(() => {
      // The WebGPU buffers alive in the page, whoever made them.
      window.hpLiveBuffers = 0;
      const create = GPUDevice.prototype.createBuffer, destroy = GPUBuffer.prototype.destroy;
      const alive = new WeakSet();
      GPUDevice.prototype.createBuffer = function (d) { const b = create.call(this, d); alive.add(b); window.hpLiveBuffers++; return b; };
      GPUBuffer.prototype.destroy = function () { if (alive.delete(this)) window.hpLiveBuffers--; return destroy.call(this); };
    }),
  });
  await page.evaluate(() => hp.loadAtlas('assets/head-phantom-64.png', { tile: 64 }).then(() => hp.set({ source: 'metaballs' })));
  const levels = [];
  for (let c = 0; c < cycles; c++) {
    for (const change of CHANGES) {
      const t = Date.now();
      await page.evaluate((s) => hp.set(s), change);
      for (let f = 0; f < STEP; f += 10) await page.evaluate(() => hp.frames(10));  // short calls: no protocol timeout
      if (process.env.HP_SOAK_VERBOSE) console.log(`  ${JSON.stringify(change)}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
    }
    const s = await page.evaluate(() => hp.frames(10).then(() => ({ ...hp.stats(), buffers: window.hpLiveBuffers })));
    if (s.message) throw new Error(`the page says: ${s.message}`);
    levels.push({ cycle: c + 1, frame: s.frame, seconds: (Date.now() - t0) / 1000, gl: s.gl, webgpuBuffers: s.buffers,
      heapBytes: s.heapBytes });
    console.log(`cycle ${c + 1}/${cycles}: frame ${s.frame}, gl ${JSON.stringify(s.gl)}, WebGPU buffers ${s.buffers}, ` +
      `heap ${(s.heapBytes / 2 ** 20).toFixed(0)} MiB (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    fs.writeFileSync(outJson, JSON.stringify({ ...summary(levels, log), complete: false }, null, 1));  // so far
  }
  result = summary(levels, log);
} finally {
  await browser.close();
  server.close();
}
fs.writeFileSync(outJson, JSON.stringify(result, null, 1));
for (const p of [...result.problems, ...result.pageErrors]) console.log(`  ${p}`);
console.log(`${result.ok ? 'ok' : 'FAIL'}: ${result.frames} frames in ${result.seconds.toFixed(0)} s; ${outJson}`);
process.exitCode = result.ok ? 0 : 1;

// The figures, and what came back to its level and what did not.
function summary(levels, log) {
  const warm = levels[0], end = levels[levels.length - 1];
  const problems = [];
  for (const l of levels.slice(1)) {
    if (JSON.stringify(l.gl) !== JSON.stringify(warm.gl)) problems.push(`cycle ${l.cycle}: GL objects ${JSON.stringify(l.gl)}, ${JSON.stringify(warm.gl)} after warm-up`);
    if (l.webgpuBuffers !== warm.webgpuBuffers) problems.push(`cycle ${l.cycle}: ${l.webgpuBuffers} WebGPU buffers, ${warm.webgpuBuffers} after warm-up`);
    if (l.heapBytes !== warm.heapBytes) problems.push(`cycle ${l.cycle}: heap ${l.heapBytes} bytes, ${warm.heapBytes} after warm-up`);
  }
  const errors = log.filter((l) => /error|abort/i.test(l));
  return { date: new Date().toISOString().slice(0, 10), frames: end.frame, framesPerChange: STEP, changes: CHANGES,
    seconds: (Date.now() - t0) / 1000, levels, problems, pageErrors: errors.slice(0, 10), ok: problems.length === 0 && errors.length === 0,
    machine: { host: os.hostname(), cpu: os.cpus()[0]?.model, cores: os.cpus().length,
      browser: 'Chromium headless, WebGL2 and WebGPU on SwiftShader' } };
}
