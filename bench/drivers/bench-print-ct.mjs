// Issue 42's CT print target: the CT head sample at its bone preset, closed, cropped below the
// skull base (cropZ0), the largest piece, 10 Taubin iterations, a 2 mm shell with drain holes
// (2 a cavity, 5 mm), decimated to 200,000 triangles, as 3MF. In headless Chromium here (WebGL2
// on SwiftShader), view=none, paused (paced: the page idle between the mesh work's slices).
// Timed from the one hp.set of all the steps to the 3MF's bytes (wall), with the mesh work's own
// time (hp.meshReport().ms) and the shell's (hp.stats().shellMade.ms) beside it; RUNS runs, each
// from the solid (shell 0, decimate 0) so the shell and the surface are made again. Prints one
// JSON object and writes it to OUT.json.
//   node bench-print-ct.mjs SITE OUT.json [CROP_Z0] [RUNS]
import fs from 'node:fs';
import os from 'node:os';
import { serve } from '../../tests/browser/serve.mjs';
import { launch, openDemo } from '../../tests/browser/browser.mjs';

const [site, out, cropZ0 = '38', runs = '3'] = process.argv.slice(2);
const { server, url } = await serve(site);
const browser = await launch();
const rows = [];
let solid;
try {
  const page = await openDemo(browser, `${url}index.html?paused=1&clock=fixed&view=none&overlay=0&closed=1&load=samples/ct-head.nrrd`);
  await page.waitForFunction(() => hp.stats().source === 'file', { timeout: 120000 });
  solid = await page.evaluate(async (z0) => {
    await hp.set({ iso: 400, cropZ0: z0, pieces: 'largest', smooth: 10 });
    const r = await hp.meshReport();
    return { triangles: r.triangles, volumeMm3: r.volumeMm3, pieces: r.pieces };
  }, Number(cropZ0));
  for (let i = 0; i < Number(runs); i++) {
    rows.push(await page.evaluate(async (z0, i) => {
      await hp.set({ shell: 0, decimate: 0, iso: 400 + 0.001 * (i + 1) });  // a new surface and shell each run
      await hp.meshReport();
      const t0 = performance.now();
      await hp.set({ cropZ0: z0, pieces: 'largest', smooth: 10, shell: 2, drainHoles: 2, drainMm: 5, decimate: 200000 });
      const bytes = await hp.exportMesh({ type: '3mf' });
      const wall = performance.now() - t0;
      const r = await hp.meshReport();
      const s = hp.stats().shellMade;
      return { wallMs: wall, workMs: r.ms, shellMs: s.ms, triangles: r.triangles, boundaryEdges: r.boundaryEdges,
        nonManifoldEdges: r.nonManifoldEdges, pieces: r.pieces, materialMm3: r.volumeMm3, bytes: bytes.length,
        cavities: s.cavities, filled: s.filled, holes: s.holes, decimateErrorMm: r.decimateErrorMm };
    }, Number(cropZ0), i));
  }
} finally {
  await browser.close();
  server.close();
}
const result = { machine: os.hostname(), cpus: os.cpus().length, browser: 'headless Chromium (WebGL2, SwiftShader)',
  regime: 'paced (view=none, paused)', cropZ0: Number(cropZ0), solid, rows };
fs.writeFileSync(out, JSON.stringify(result, null, 1));
console.log(JSON.stringify(result, null, 1));
