// The mesh steps' benchmark (scripts/bench-mesh.sh): the CT head sample at its bone preset,
// closed; the page's processed mesh (largest piece, ITERATIONS Taubin iterations, decimated to
// TARGET triangles) timed in headless Chromium (WebGL2, view=none so the frames between the
// slices cost little), from a change of the steps to hp.meshReport() resolving (wall) and as
// the slices' own time (work); once from the volume (marching cubes included) and RUNS times
// from the welded surface the page keeps; beside it, in the same run, VTK's native filters on
// the same input mesh (tests/mesh/vtk_steps.py). One JSON file, a table printed.
//   node bench-mesh.mjs SITE OUT.json [ITERATIONS] [TARGET] [RUNS]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from './serve.mjs';
import { launch, openDemo } from './browser.mjs';

const [site, out, iterations = '10', target = '100000', runs = '3'] = process.argv.slice(2);
const here = path.dirname(fileURLToPath(import.meta.url));
const { server, url } = await serve(site);
const browser = await launch();
try {
  const page = await openDemo(browser, `${url}?paused=1&clock=fixed&overlay=0&view=none`);
  const r = await page.evaluate(async (iterations, target, runs) => {
    if (!(await hp.samples()).some((s) => s.name === 'ct-head')) throw new Error('no CT sample: run scripts/setup.sh');
    await hp.loadSample('ct-head');
    const steps = { pieces: 'largest', smooth: iterations, decimate: target };
    const timed = async () => {
      const t = performance.now();
      const report = await hp.meshReport();
      return { wallMs: performance.now() - t, workMs: report.ms, report };
    };
    await hp.set({ closed: 1, ...steps });
    const cold = await timed();  // marching cubes, welding and the steps
    const b64 = (bytes) => { let s = ''; for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000)); return btoa(s); };
    await hp.set({ pieces: 'all', smooth: 0, decimate: 0 });
    const input = b64(await hp.exportMesh({ type: 'ply' }));  // the welded surface the steps start from
    const warm = [];
    for (let k = 0; k < runs; k++) {
      await hp.set({ pieces: 'all', smooth: 0, decimate: k + 1 });  // another mesh, the same surface
      await hp.meshReport();
      await hp.set(steps);
      warm.push(await timed());
    }
    return { cold, warm, input, userAgent: navigator.userAgent };
  }, Number(iterations), Number(target), Number(runs));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-bench-mesh-'));
  const ply = path.join(tmp, 'input.ply');
  fs.writeFileSync(ply, Buffer.from(r.input, 'base64'));
  const vtk = JSON.parse(execFileSync('/usr/bin/python3', [path.join(here, '../mesh/vtk_steps.py'), ply, iterations, target, runs], { encoding: 'utf8' }));
  fs.rmSync(tmp, { recursive: true, force: true });
  const best = r.warm.reduce((a, b) => (b.wallMs < a.wallMs ? b : a));
  const cpu = fs.readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.*)/)?.[1] ?? 'unknown CPU';
  const result = {
    date: new Date().toISOString(), machine: `${os.hostname()}: ${cpu}, ${os.cpus().length} cores`, browser: r.userAgent,
    volume: 'CT head sample (256×256×108 int16), iso 400 HU, closed', steps: { pieces: 'largest', smooth: Number(iterations), decimate: Number(target) },
    rows: [
      { what: 'page, from the volume (marching cubes + steps)', wallMs: r.cold.wallMs, workMs: r.cold.workMs, triangles: r.cold.report.triangles },
      { what: `page, steps from the welded surface (best of ${runs})`, wallMs: best.wallMs, workMs: best.workMs, triangles: best.report.triangles,
},
      { what: vtk.tool, wallMs: vtk.ms.total, workMs: vtk.ms.total, triangles: vtk.triangles, ms: vtk.ms, inputTriangles: vtk.inputTriangles },
    ],
  };
  fs.writeFileSync(out, JSON.stringify(result, null, 1) + '\n');
  console.log(`${result.machine}\n${result.volume}; largest piece, ${iterations} smoothing iterations, ${target} triangles`);
  for (const row of result.rows)
    console.log(`${row.what.padEnd(52)} ${row.wallMs.toFixed(0).padStart(6)} ms wall ${row.workMs.toFixed(0).padStart(6)} ms work  ${row.triangles} triangles`);
} finally {
  await browser.close();
  server.close();
}
