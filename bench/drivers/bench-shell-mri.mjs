// Issue 42's MRI shell target (brain2print's case): the MRI brain sample's surface at its first
// preset, closed, as a 2 mm shell with two 5 mm drain holes: the material against the solid (the
// meshes' volumes, hp.meshReport()) and the wall as VTK measures it (tests/mesh/check_shell.py:
// each inner-surface point's distance to the solid's surface, away from the holes, 10,000 points at
// most). Headless Chromium here (WebGL2 on SwiftShader), view=none, paused. Prints one JSON object
// and writes it to OUT.json.
//   node bench-shell-mri.mjs SITE OUT.json [WALL] [HOLES] [HOLE_MM]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../../tests/browser/serve.mjs';
import { launch, openDemo } from '../../tests/browser/browser.mjs';

const [site, out, wall = '2', holes = '2', holeMm = '5'] = process.argv.slice(2);
const { server, url } = await serve(site);
const browser = await launch();
let got;
try {
  const page = await openDemo(browser, `${url}index.html?paused=1&clock=fixed&view=none&overlay=0&closed=1&load=samples/mri-brain.nii.gz`);
  await page.waitForFunction(() => hp.stats().source === 'file', { timeout: 120000 });
  got = await page.evaluate(async (wall, holes, holeMm) => {
    const text = (u8) => {
      let s = '';
      for (let i = 0; i < u8.length; i += 0x8000) s += String.fromCharCode.apply(null, u8.subarray(i, i + 0x8000));
      return btoa(s);
    };
    const solidPly = text(await hp.exportMesh({ type: 'ply' }));
    const solid = await hp.meshReport();
    const t0 = performance.now();
    await hp.set({ shell: wall, drainHoles: holes, drainMm: holeMm });
    const report = await hp.meshReport();
    const readyMs = performance.now() - t0;
    const shellPly = text(await hp.exportMesh({ type: 'ply' }));
    const s = hp.stats();
    return { iso: s.iso, dims: s.dims, spacing: s.spacing, solidPly, shellPly, readyMs, shell: s.shellMade,
      solid: { triangles: solid.triangles, volumeMm3: solid.volumeMm3, boundaryEdges: solid.boundaryEdges },
      report: { triangles: report.triangles, volumeMm3: report.volumeMm3, boundaryEdges: report.boundaryEdges,
        nonManifoldEdges: report.nonManifoldEdges, pieces: report.pieces, workMs: report.ms } };
  }, Number(wall), Number(holes), Number(holeMm));
} finally {
  await browser.close();
  server.close();
}
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-bench-shell-'));
if (process.env.HP_KEEP) console.error('files in', dir);
const file = (n, b64) => { const f = path.join(dir, n); fs.writeFileSync(f, Buffer.from(b64, 'base64')); return f; };
const axes = path.join(dir, 'axes.json');
fs.writeFileSync(axes, JSON.stringify(got.shell.holeAxesMm));
const check = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../tests/mesh/check_shell.py');
const vtk = JSON.parse(execFileSync('/usr/bin/python3', [check, file('shell.ply', got.shellPly), file('solid.ply', got.solidPly),
  axes, wall, '--hole-clear', String(Number(holeMm) / 2 + 2.5)], { encoding: 'utf8', maxBuffer: 1 << 26 }));
fs.rmSync(dir, { recursive: true, force: true });
delete got.solidPly;
delete got.shellPly;
const result = { machine: os.hostname(), cpus: os.cpus().length, browser: 'headless Chromium (WebGL2, SwiftShader)',
  ...got, materialOfSolid: got.report.volumeMm3 / got.solid.volumeMm3, vtk };
fs.writeFileSync(out, JSON.stringify(result, null, 1));
console.log(JSON.stringify(result, null, 1));
