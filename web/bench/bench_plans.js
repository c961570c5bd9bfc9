// @ts-check
// The benchmark's tables (web/bench/bench.js loads this when the page's URL asks for a benchmark):
// the modes (settings a row runs), the plans (which matrix a run measures) and the triangle
// counts the volumes must give; and the plan a URL asks for, with its smoke-test overrides.
'use strict';
window.hpBenchParts = window.hpBenchParts || {};
// plan(name, search): { P, MODES, TRIANGLES }, P null for a plan not in PLANS.
hpBenchParts.plan = function (plan, search) {
  const MODES = {
    baseline: { pyramid: 'baseline' },
    scalar: { pyramid: 'scalar', sums: 'float' },
    vec4: { pyramid: 'vec4', sums: 'float' },
    'scalar-uint': { pyramid: 'scalar', sums: 'uint' },
    'vec4-uint': { pyramid: 'vec4', sums: 'uint' },
    'webgpu-scan': { pyramid: 'webgpu-scan', scan: 'blocks' },
    'webgpu-pyramid': { pyramid: 'webgpu-pyramid' },
    // webgpu-scan's tile scans: reduce-then-scan (three dispatches) and the single pass.
    'webgpu-scan-rts': { pyramid: 'webgpu-scan', scan: 'rts' },
    'webgpu-scan-single': { pyramid: 'webgpu-scan', scan: 'single' },
    // The same, timed as one pass from classify to the stream (no pass boundaries inside).
    'webgpu-scan-whole': { pyramid: 'webgpu-scan', scan: 'blocks', timestamps: 'whole' },
    'webgpu-pyramid-whole': { pyramid: 'webgpu-pyramid', timestamps: 'whole' },
    'webgpu-scan-rts-whole': { pyramid: 'webgpu-scan', scan: 'rts', timestamps: 'whole' },
    'webgpu-scan-single-whole': { pyramid: 'webgpu-scan', scan: 'single', timestamps: 'whole' },
    // The WebGPU surface with shared vertices: a vertex per crossing edge, triangles as indices.
    'webgpu-scan-shared': { pyramid: 'webgpu-scan', scan: 'blocks', vertices: 'shared' },
    'webgpu-pyramid-shared': { pyramid: 'webgpu-pyramid', vertices: 'shared' },
    // The surface's two WebGL2 routes (the scalar compaction before them).
    'scalar-vertex-route': { pyramid: 'scalar', sums: 'float', route: 'vertex' },
    'scalar-fragment-route': { pyramid: 'scalar', sums: 'float', route: 'fragment' },
    // Their uint twins: what WebGL2 runs past a 4096² atlas (512³), where float sums are not exact.
    'scalar-vertex-route-uint': { pyramid: 'scalar', sums: 'uint', route: 'vertex' },
    'scalar-fragment-route-uint': { pyramid: 'scalar', sums: 'uint', route: 'fragment' },
  };
  // The WebGPU modes run where the page got a device; elsewhere they are left out (and said so).
  const PLANS = {
    quick: { atlases: [512, 2048], occupancy: [0.01, 0.1], modes: ['baseline', 'scalar', 'vec4', 'vec4-uint'],
      readbacks: ['sync', 'async'], warmup: 3, frames: 8 },
    full: { atlases: [512, 1024, 2048, 4096], occupancy: [0.001, 0.01, 0.1, 0.5], modes: Object.keys(MODES),
      readbacks: ['sync', 'async', 'expected'], warmup: 8, frames: 30 },
    // The histopyramid against the scan across occupancy (the chart's fourth panel).
    // Every WebGPU scan (blocks, rts, single) and the compute pyramid, per pass and as one pass;
    // the floor (empty dispatch chains, a copy of the atlas) at each size; and the first WebGPU
    // configuration measured again at the end of each occupancy (`again`), to tell a mode's cost
    // from the order it ran in (the 4096² source pass grew with it in the 2026-11-22 run).
    compute: { atlases: [512, 2048, 4096], occupancy: [0.001, 0.01, 0.1, 0.25, 0.5],
      modes: ['baseline', 'scalar', 'vec4', 'webgpu-scan', 'webgpu-pyramid', 'webgpu-scan-rts', 'webgpu-scan-single',
        'webgpu-scan-whole', 'webgpu-pyramid-whole', 'webgpu-scan-rts-whole', 'webgpu-scan-single-whole'],
      readbacks: ['sync', 'async'], warmup: 8, frames: 30, floor: true, again: true },
    // The surface: metaballs at the default iso (the scene the page opens on), the 3D view
    // drawn (its draw is the display pass), every route and WebGPU mode.
    surface: { atlases: [512, 2048, 4096], scene: { source: 'metaballs', classify: 'surface', iso: 0.5, time: 1.25 },
      modes: ['scalar-vertex-route', 'scalar-fragment-route', 'webgpu-scan', 'webgpu-pyramid', 'webgpu-scan-shared',
        'webgpu-pyramid-shared'],
      readbacks: ['sync', 'async'], warmup: 8, frames: 30, regimes: ['paced', 'saturated'] },
    // The demo beside Mol*'s GPU isosurface (bench/molstar, loaded when this plan runs) on the
    // same 16-bit volumes (web/bench/bench_volumes.js: blobs and gyroid, iso 0.5), both regimes: the
    // triangle counts must agree. The demo gets each volume as a raw uint16 file. Then the real
    // samples (samples/samples.json, where setup fetched them) at each of their presets.
    molstar: { volumes: [['blobs', 128], ['gyroid', 128], ['blobs', 256], ['gyroid', 256]],
      samples: [['ct-head', 'bone'], ['ct-head', 'skin'], ['mri-brain', 'brain surface'], ['mri-brain', 'white matter']],
      modes: ['webgpu-scan', 'webgpu-scan-shared', 'scalar-vertex-route', 'scalar-fragment-route', 'molstar'], readbacks: ['async'],
      warmup: 8, frames: 30, regimes: ['paced', 'saturated'] },
    // The WebGPU surface from 64³ to 512³ (the largest volume, WebGPU only), per stage.
    scaling: { volumes: [64, 128, 256, 512].flatMap((n) => [['blobs', n], ['gyroid', n]]),
      modes: ['webgpu-scan', 'webgpu-pyramid'], readbacks: ['async'], warmup: 8, frames: 30, regimes: ['paced', 'saturated'] },
  };
  // Triangles at iso 0.5, the same in Mol*, another WebGPU marching cubes and this demo (512³
  // and gyroid 64³: counted on the CPU from the same samples and the project's case table).
  const TRIANGLES = { 'blobs-64': 12496, 'blobs-128': 50036, 'blobs-256': 200180, 'blobs-512': 801252,
    'gyroid-64': 229268, 'gyroid-128': 933908, 'gyroid-256': 3770132, 'gyroid-512': 15161492 };
  const P = PLANS[plan];
  if (!P) return { P: null, MODES, TRIANGLES };
  P.regimes = P.regimes || ['paced'];
  P.saturated = 500;  // frames a saturated row issues
  P.warmMs = 4000;    // the first saturated row's warm-up (the clocks rise within seconds)
  P.rowWarmMs = 600;  // each later one's
  // Saturated rows: a burst of heavy GPU work just before the timed frames (burst(), in
  // bench_gpu.js), so that they start at full clock and end before it falls; &heat=0 turns it off.
  P.heat = true;
  P.burstMs = 1500;   // the burst's wall time
  // A smaller run of a plan for a smoke test: &atlases=512&occupancy=0.01&frames=2&warmup=1&modes=a,b
  const url = new URLSearchParams(search);
  for (const key of ['atlases', 'occupancy', 'modes', 'readbacks', 'regimes'])
    if (url.has(key)) P[key] = url.get(key).split(',').map((v) => (['modes', 'readbacks', 'regimes'].includes(key) ? v : Number(v)));
  for (const key of ['frames', 'warmup', 'saturated', 'warmMs', 'rowWarmMs', 'heat', 'burstMs'])
    if (url.has(key)) P[key] = Number(url.get(key));
  // Diagnostics: settings over every row's (&state=timestamps:whole,scan:rts) and the frames a
  // saturated row lets wait for their answers (&inFlight=16, hp.runFrames).
  P.state = Object.fromEntries((url.get('state') || '').split(',').filter(Boolean).map((kv) => kv.split(':')));
  P.inFlight = url.has('inFlight') ? Number(url.get('inFlight')) : 16;
  // &volumes=blobs-128,gyroid-256 (&volumes= none); &samples=ct-head:bone,mri-brain (every preset
  // of a sample named alone; &samples= none)
  if (url.has('volumes'))
    P.volumes = url.get('volumes').split(',').filter(Boolean).map((v) => [v.split('-')[0], Number(v.split('-')[1])]);
  if (url.has('samples')) P.samples = url.get('samples').split(',').filter(Boolean).map((v) => v.split(':'));
  return { P, MODES, TRIANGLES };
};
