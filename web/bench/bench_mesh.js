// @ts-check
// The mesh steps' benchmark as the page runs it alone (index.html?bench=mesh&paused=1&clock=fixed
// &overlay=0&view=none; scripts/bench-mesh.sh here, drive.py on the GPU machine): the CT head
// sample at its bone preset (400 HU), closed; the processed mesh (the largest piece, `smooth`
// Taubin iterations, decimated to `decimate` triangles: 10 and 100,000 unless the URL says)
// timed from the change of the steps to hp.meshReport() resolving (wallMs) and as the slices'
// own time (workMs): once from the volume (marching cubes, welding and the steps), then `runs`
// times from the welded surface the page keeps. Regime: paced (the page's frame loop runs, each
// frame a slice of the mesh apart). `input`: the welded surface as binary PLY (base64), the input
// of VTK's row (tests/mesh/vtk_steps.cpp), taken out of the result by whoever runs VTK.
'use strict';
window.hpBenchMesh = async function (status) {
  const q = new URLSearchParams(location.search);
  const smooth = Number(q.get('smooth') || 10), decimate = Number(q.get('decimate') || 100000), runs = Number(q.get('runs') || 3);
  await hp.ready;
  if (!(await hp.samples()).some((s) => s.name === 'ct-head')) throw new Error('no CT sample: run scripts/setup.sh');
  status('mesh benchmark: the CT head sample');
  await hp.loadSample('ct-head');
  /** @type {import('../types/hp').Settings} */
  const steps = { pieces: 'largest', smooth, decimate };
  const rows = [];
  const timed = async (what, run) => {
    const startMs = Date.now(), t = performance.now();
    const report = await hp.meshReport();
    const wallMs = performance.now() - t;
    rows.push({ what, run, regime: 'paced', wallMs, workMs: report.ms, triangles: report.triangles,
      zeroAreaTriangles: report.zeroAreaTriangles, boundaryEdges: report.boundaryEdges, startMs, endMs: Date.now() });
  };
  status('mesh benchmark: from the volume');
  await hp.set({ closed: 1, ...steps });
  await timed('from the volume (marching cubes, welding, steps)', 1);
  await hp.set({ pieces: 'all', smooth: 0, decimate: 0 });
  const welded = await hp.exportMesh({ type: 'ply' });  // the surface the steps start from
  let input = '';
  for (let i = 0; i < welded.length; i += 0x8000) input += String.fromCharCode(...welded.subarray(i, i + 0x8000));
  for (let k = 0; k < runs; k++) {
    status(`mesh benchmark: the steps from the welded surface, ${k + 1} of ${runs}`);
    await hp.set({ pieces: 'all', smooth: 0, decimate: k + 1 });  // another mesh, the same surface
    await hp.meshReport();
    await hp.set(steps);
    await timed('steps from the welded surface', k + 1);
  }
  const s = hp.stats();
  return { volume: `CT head sample (${s.dims.join('×')}), iso ${s.iso} HU, closed`, steps, backend: s.backend,
    rows, input: btoa(input) };
};
