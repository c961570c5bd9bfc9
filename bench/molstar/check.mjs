// Checks the Mol* harness end to end in headless Chromium (SwiftShader here: the times mean
// nothing, the triangle counts must be exact). Builds the bundle if needed, serves it with
// web/bench/bench_volumes.js on a blank page, runs hpMolstar.isosurface on three volumes and exits
// non-zero when a count differs from the marching-cubes reference.
//   node bench/molstar/check.mjs
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from '../../tests/browser/browser.mjs';
import { serve } from '../../tests/browser/serve.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
execFileSync(path.join(root, 'scripts/build-molstar.sh'), { stdio: 'inherit' });

// expected: triangles at iso 0.5 from other marching-cubes implementations (null: print only).
const CASES = [
  { volume: 'blobs', n: 64, regime: 'paced', expected: 12496 },  // what every mode here finds too
  { volume: 'blobs', n: 128, regime: 'saturated', expected: 50036 },
  { volume: 'gyroid', n: 128, regime: 'paced', expected: 933908 },
  // The same samples as floats in data units shifted by −1000 (as a scan's values come, with
  // their own range): Mol* normalises values and iso by the range, so the surface is the same.
  { volume: 'blobs', n: 64, regime: 'paced', expected: 12496, float: true },
];

const site = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-molstar-check-'));
fs.copyFileSync(path.join(root, 'build/molstar/molstar-iso.js'), path.join(site, 'molstar-iso.js'));
fs.copyFileSync(path.join(root, 'web/bench/bench_volumes.js'), path.join(site, 'bench_volumes.js'));
fs.writeFileSync(path.join(site, 'index.html'),
  '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script src="bench_volumes.js"></script><script src="molstar-iso.js"></script>\n');

const { server, url } = await serve(site);
const browser = await launch();
let failed = 0;
try {
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.error(`[pageerror] ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && console.error(`[console.error] ${m.text()}`));
  await page.goto(url, { waitUntil: 'load' });
  for (const c of CASES) {
    const r = await page.evaluate(async ({ volume, n, regime, float }) => {
      const data = window.hpBenchVolumes.make(volume, n);
      const input = float ? { data: Float32Array.from(data, (v) => v - 1000), iso: 31767.5, range: [-1000, 64535] }
        : { data, iso: 32767.5 };
      return window.hpMolstar.isosurface({ ...input, dims: [n, n, n], regime, frames: 3, warmup: 1 });
    }, c);
    const ok = c.expected === null || r.triangles === c.expected;
    if (!ok) failed++;
    const ms = (x) => (x === null ? 'n/a' : x.toFixed(1));
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${c.volume} ${c.n}³${c.float ? ' (floats, their range)' : ''} ${r.regime}: ${r.triangles} triangles` +
      (c.expected === null ? '' : ` (expected ${c.expected})`) +
      `; extraction GPU ${ms(r.gpuMs.extraction)} ms, wall ${ms(r.wallMs.perExtraction)} ms;` +
      ` draw GPU ${ms(r.gpuMs.draw)} ms, wall ${ms(r.wallMs.perDraw)} ms; coverage ${(100 * r.drawCoverage).toFixed(1)}%`);
    for (const note of r.notes) console.log(`     note: ${note}`);
    if (c === CASES[0]) console.log(`     renderer: ${r.renderer}`);
  }
} finally {
  await browser.close();
  server.close();
  fs.rmSync(site, { recursive: true, force: true });
}
console.log(failed ? `${failed} of ${CASES.length} cases failed` : `all ${CASES.length} cases passed`);
process.exit(failed ? 1 : 0);
