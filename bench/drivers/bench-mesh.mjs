// The mesh steps' benchmark (scripts/bench-mesh.sh): the page's own plan (web/bench/bench_mesh.js,
// index.html?bench=mesh: the CT head sample at its bone preset, closed; the largest piece,
// ITERATIONS Taubin iterations, decimated to TARGET triangles; once from the volume and RUNS
// times from the welded surface; paced) in headless Chromium here (WebGL2 on SwiftShader,
// view=none), beside, in the same run, VTK's native filters on the same input mesh
// (tests/mesh/vtk_steps.cpp, built by scripts/bench-vtk-tools.sh). One JSON file (bench-page.mjs:
// every row with its regime, span and clocks), the rows printed.
//   node bench-mesh.mjs SITE OUT.json VTK_STEPS [ITERATIONS] [TARGET] [RUNS]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from '../../tests/browser/serve.mjs';
import { launch } from '../../tests/browser/browser.mjs';
import { pagePlan, write } from './bench-page.mjs';

const [site, out, vtkSteps, iterations = '10', target = '100000', runs = '3'] = process.argv.slice(2);
const { server, url } = await serve(site);
const browser = await launch();
let result;
try {
  result = await pagePlan(browser, url,
    `bench=mesh&smooth=${iterations}&decimate=${target}&runs=${runs}&paused=1&clock=fixed&overlay=0&view=none`);
} finally {
  await browser.close();
  server.close();
}
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-bench-mesh-'));
const ply = path.join(tmp, 'input.ply');
fs.writeFileSync(ply, Buffer.from(result.input, 'base64'));
delete result.input;
const vtk = JSON.parse(execFileSync(vtkSteps, [ply, iterations, target, runs], { encoding: 'utf8' }));
fs.rmSync(tmp, { recursive: true, force: true });
result.reference = [{ what: vtk.tool, wallMs: vtk.ms.total, ...vtk }];
write(out, result);
