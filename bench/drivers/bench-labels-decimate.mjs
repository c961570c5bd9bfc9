// The label decimation's benchmark (issue 42's AAL target): the AAL sample (116 labels) in
// headless Chromium here (WebGL2 on SwiftShader, view=none, paused), every label smoothed
// (labelSmooth 10, the default) and decimated to FRACTION of its triangles with the interfaces
// kept, as 3MF: timed from hp.set({decimate}) to the 3MF's bytes (wall), beside the mesh work's
// own time (hp.meshReport().ms: the slices, the joint smoothing again, the decimation and the
// report) and the 3MF's writing; RUNS runs (the target moved by one triangle each run, so the
// steps run again on the welded surface kept). Then, in the same run, VTK on this machine doing
// what it can (bench-labels-decimate-vtk.py: per-label windowed sinc and quadric decimation on
// the page's unsmoothed PLY, which do not keep interfaces: its unpaired triangles). Prints one
// JSON object and writes it to OUT.json.
//   node bench-labels-decimate.mjs SITE OUT.json [FRACTION] [RUNS]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../../tests/browser/serve.mjs';
import { launch, openDemo } from '../../tests/browser/browser.mjs';

const [site, out, fraction = '0.25', runs = '3'] = process.argv.slice(2);
const { server, url } = await serve(site);
const browser = await launch();
let page, rows, first, raw;
try {
  page = await openDemo(browser, `${url}index.html?paused=1&clock=fixed&view=none&overlay=0&load=samples/aal-atlas.nii.gz`);
  await page.waitForFunction(() => hp.stats().source === 'file' && hp.stats().classify === 'labels', { timeout: 120000 });
  first = await page.evaluate(async () => {
    const t0 = performance.now();
    const r = await hp.meshReport();
    return { triangles: r.triangles, workMs: r.ms, wallMs: performance.now() - t0, volumeMm3: r.volumeMm3 };
  });
  rows = [];
  for (let i = 0; i < Number(runs); i++) {
    const target = Math.round(first.triangles * Number(fraction)) + i;
    rows.push(await page.evaluate(async (target) => {
      const t0 = performance.now();
      await hp.set({ decimate: target });
      const report = await hp.meshReport();
      const ready = performance.now();
      const bytes = await hp.exportMesh({ type: '3mf' });
      const end = performance.now();
      const labels = report.labels.map((l) => ({ value: l.value, triangles: l.triangles, boundaryEdges: l.boundaryEdges, volumeMm3: l.volumeMm3 }));
      return { target, triangles: report.triangles, from: report.decimatedFrom, errorMm: report.decimateErrorMm,
        boundMm: report.steps.maxErrorMm, volumeMm3: report.volumeMm3, workMs: report.ms, readyMs: ready - t0,
        threeMfMs: end - ready, wallMs: end - t0, bytes: bytes.length, labels };
    }, target));
  }
  raw = await page.evaluate(async () => {
    await hp.set({ decimate: 0, labelSmooth: 0 });
    const u8 = await hp.exportMesh({ type: 'ply' });
    let s = '';
    for (let i = 0; i < u8.length; i += 0x8000) s += String.fromCharCode.apply(null, u8.subarray(i, i + 0x8000));
    return btoa(s);
  });
} finally {
  await browser.close();
  server.close();
}
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-bench-labdec-'));
const ply = path.join(tmp, 'aal.ply');
fs.writeFileSync(ply, Buffer.from(raw, 'base64'));
const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench-labels-decimate-vtk.py');
const vtk = JSON.parse(execFileSync('/usr/bin/python3', [script, ply, '--fraction', fraction], { encoding: 'utf8', maxBuffer: 1 << 26 }));
fs.rmSync(tmp, { recursive: true, force: true });
const best = rows.reduce((a, b) => (b.wallMs < a.wallMs ? b : a));
const result = { machine: os.hostname(), cpus: os.cpus().length, browser: 'headless Chromium (WebGL2, SwiftShader)',
  regime: 'paced (view=none, paused: the page idle between the steps\' slices)', smoothed: first,
  page: rows.map(({ labels, ...r }) => r), labelsOfBest: best.labels, vtk };
fs.writeFileSync(out, JSON.stringify(result, null, 1));
console.log(JSON.stringify({ smoothed: first, page: result.page, vtk }, null, 1));
