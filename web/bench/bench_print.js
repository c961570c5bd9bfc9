// @ts-check
// Issue 42's print targets as the page runs them alone (index.html?bench=print&paused=1
// &clock=fixed&overlay=0&view=none; drive.py on the GPU machine, which has no Node:
// bench/drivers/bench-labels-decimate.mjs and bench-print-ct.mjs run the same plans from Node
// here, with VTK beside):
//  - aal: the AAL sample, every label smoothed (labelSmooth 10) and decimated to a quarter of its
//    triangles with the interfaces kept, as 3MF;
//  - ct: the CT head at bone (400 HU), closed, cropped below the skull base (cropZ0 38), the
//    largest piece, 10 Taubin iterations, a 2 mm shell with two 5 mm drain holes a cavity,
//    decimated to 200,000 triangles, as 3MF.
// Each run timed from one hp.set of the steps to the 3MF's bytes (wallMs), with the mesh work's
// own time (hp.meshReport().ms) and the shell's beside it; `runs` runs each (3 unless the URL
// says), each made again: from the welded surface (AAL: the target moved by one) or from the
// volume (CT: the iso moved by 0.001 HU, so the shell and the surface are made again).
// Regime: paced (the page's frames between the work's slices).
'use strict';
window.hpBenchPrint = async function (status) {
  const q = new URLSearchParams(location.search);
  const runs = Number(q.get('runs') || 3);
  await hp.ready;
  const have = (await hp.samples()).map((s) => s.name);
  if (!have.includes('aal-atlas') || !have.includes('ct-head')) throw new Error('no AAL or CT sample: run scripts/setup.sh');
  const rows = [];
  const timed = async (what, run, steps) => {
    const startMs = Date.now(), t = performance.now();
    await hp.set(steps);
    const bytes = await hp.exportMesh({ type: '3mf' });
    const wallMs = performance.now() - t;
    const r = await hp.meshReport();
    const shell = hp.stats().shellMade;
    rows.push({ what, run, regime: 'paced', wallMs, workMs: r.ms, shellMs: shell ? shell.ms : 0, triangles: r.triangles,
      from: r.decimatedFrom, boundaryEdges: r.boundaryEdges, nonManifoldEdges: r.nonManifoldEdges, volumeMm3: r.volumeMm3,
      bytes: bytes.length, startMs, endMs: Date.now() });
  };
  status('print benchmark: the AAL sample');
  await hp.loadSample('aal-atlas');
  await hp.set({ classify: 'labels', labelSmooth: 10, decimate: 0 });
  const smoothed = await hp.meshReport();
  for (let k = 0; k < runs; k++) {
    status(`print benchmark: AAL, ${k + 1} of ${runs}`);
    await timed('aal: smoothed, decimated to a quarter with the interfaces kept, 3MF', k + 1,
      { decimate: Math.round(smoothed.triangles / 4) + k });
  }
  status('print benchmark: the CT sample');
  await hp.loadSample('ct-head');
  const ct = { cropZ0: 38, pieces: 'largest', smooth: 10, shell: 2, drainHoles: 2, drainMm: 5, decimate: 200000 };
  await hp.set({ classify: 'surface', closed: 1, iso: 400, decimate: 0, pieces: 'all' });
  await hp.meshReport();
  for (let k = 0; k < runs; k++) {
    status(`print benchmark: CT, ${k + 1} of ${runs}`);
    await hp.set({ shell: 0, decimate: 0, iso: 400 + 0.001 * (k + 1) });
    await hp.meshReport();
    await timed('ct: cropped, largest, smoothed, 2 mm shell with holes, 200,000 triangles, 3MF', k + 1, ct);
  }
  const s = hp.stats();
  return { backend: s.backend, aalSmoothed: { triangles: smoothed.triangles, workMs: smoothed.ms }, rows };
};
