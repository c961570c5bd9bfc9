// The benchmark, run by the page itself: index.html?bench=quick (or full). It needs no Node
// (the GPU machine has none): it drives the demo through window.hp, then sets window.hpBench
// to its JSON and POSTs it to /result. scripts/bench.sh and the GPU machine's drive.py both
// collect it. Times are medians over the measured frames of each configuration.
'use strict';
(function () {
  const plan = new URLSearchParams(location.search).get('bench');
  if (!plan) return;

  const MODES = {
    baseline: { pyramid: 'baseline' },
    scalar: { pyramid: 'scalar', format: 'float' },
    vec4: { pyramid: 'vec4', format: 'float' },
    'scalar-uint': { pyramid: 'scalar', format: 'uint' },
    'vec4-uint': { pyramid: 'vec4', format: 'uint' },
    'webgpu-scan': { pyramid: 'webgpu-scan' },
    'webgpu-pyramid': { pyramid: 'webgpu-pyramid' },
    // The same, timed as one pass from classify to the stream (no pass boundaries inside).
    'webgpu-scan-whole': { pyramid: 'webgpu-scan', timestamps: 'whole' },
    'webgpu-pyramid-whole': { pyramid: 'webgpu-pyramid', timestamps: 'whole' },
    // The surface's two WebGL2 routes (the scalar compaction before them).
    'scalar-vertex-route': { pyramid: 'scalar', format: 'float', route: 'vertex' },
    'scalar-fragment-route': { pyramid: 'scalar', format: 'float', route: 'fragment' },
  };
  // The WebGPU modes run where the page got a device; elsewhere they are left out (and said so).
  const PLANS = {
    quick: { atlases: [512, 2048], occupancy: [0.01, 0.1], modes: ['baseline', 'scalar', 'vec4', 'vec4-uint'],
      readbacks: ['sync', 'async'], warmup: 3, frames: 8 },
    full: { atlases: [512, 1024, 2048, 4096], occupancy: [0.001, 0.01, 0.1, 0.5], modes: Object.keys(MODES),
      readbacks: ['sync', 'async', 'expected'], warmup: 8, frames: 30 },
    // The histopyramid against the scan across occupancy (the chart's fourth panel).
    compute: { atlases: [512, 2048, 4096], occupancy: [0.001, 0.01, 0.1, 0.25, 0.5],
      modes: ['baseline', 'scalar', 'vec4', 'webgpu-scan', 'webgpu-pyramid', 'webgpu-scan-whole', 'webgpu-pyramid-whole'],
      readbacks: ['sync', 'async'], warmup: 8, frames: 30 },
    // The surface: metaballs at the default iso (the scene the page opens on), the 3D view
    // drawn (its draw is the display pass), every route and WebGPU mode.
    surface: { atlases: [512, 2048, 4096], scene: { source: 'metaballs', classify: 'surface', iso: 0.5, time: 1.25 },
      modes: ['scalar-vertex-route', 'scalar-fragment-route', 'webgpu-scan', 'webgpu-pyramid'],
      readbacks: ['sync', 'async'], warmup: 8, frames: 30 },
  };
  const P = PLANS[plan];
  if (!P) return;
  // A smoke run at fewer sizes: index.html?bench=surface&atlases=512
  const only = new URLSearchParams(location.search).get('atlases');
  if (only) P.atlases = only.split(',').map(Number).filter((a) => P.atlases.includes(a));
  // ... or other modes, in the order given (modes=webgpu-pyramid,webgpu-scan): the order's effect.
  const modes = new URLSearchParams(location.search).get('modes');
  if (modes) P.modes = modes.split(',').filter((m) => m in MODES);
  const status = (t) => { document.getElementById('status').textContent = t; };
  const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[s.length >> 1] : 0; };

  // The iso at which the noise source in solid mode has `target` of its voxels active.
  async function calibrate(atlas, target) {
    await hp.set({ atlas, source: 'noise', classify: 'solid', time: 0, paused: 1, readback: 'sync', ...MODES.vec4 });
    const voxels = hp.stats().volume ** 3;
    let lo = 0, hi = 1, best = null;
    for (let i = 0; i < 18; i++) {
      const iso = (lo + hi) / 2;
      await hp.set({ iso });
      const occupancy = hp.stats().count / voxels;
      if (!best || Math.abs(occupancy - target) < Math.abs(best.occupancy - target)) best = { iso, occupancy, count: hp.stats().count };
      if (occupancy > target) lo = iso; else hi = iso;
    }
    return best;
  }

  // The surface plan's scene at an atlas size: its cell count (for the expected readback).
  async function sceneCount(atlas) {
    await hp.set({ atlas, ...P.scene, paused: 1, readback: 'sync', ...MODES.scalar });
    const s = hp.stats();
    return { iso: P.scene.iso, occupancy: s.count / s.volume ** 3, count: s.count };
  }

  async function measure(state) {
    await hp.set({ timestamps: 'passes', ...state });
    await hp.frames(P.warmup);
    hp.resetTimings();
    const compute = [], interval = [];
    let last = performance.now();
    for (let i = 0; i < P.frames; i++) {
      await hp.frames(1);
      const now = performance.now();
      interval.push(now - last);
      last = now;
      compute.push(hp.stats().ms.compute);
    }
    const s = hp.stats();
    const ms = { ...s.ms };
    delete ms.samples;
    // timestamps=whole times the compaction as one pass ('compaction'); else the sum of its passes.
    ms.compact = ms.compaction > 0 ? ms.compaction : ms.classify + ms.reduce + ms.count + ms.traverse;
    ms.mesh = ms.meshCount + ms.meshReduce + ms.meshExtract;
    ms.gpu = ms.source + ms.compact + ms.mesh;
    ms.compute = median(compute);
    ms.interval = median(interval);
    // A frame costs at least its GPU work and at least what the CPU waited for (a blocking
    // readback stalls the CPU until the GPU is done).
    ms.frame = Math.max(ms.gpu, ms.compute);
    return { count: s.count, countRead: s.countRead, countAge: s.countAge, vertices: s.vertexCount,
      timing: s.timing, samples: s.ms.samples, ms };
  }

  function renderer() {
    const gl = document.getElementById('canvas').getContext('webgl2');
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    return info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER);
  }

  async function run() {
    await hp.ready;
    const noWebgpu = hp.stats().webgpu;
    if (noWebgpu) P.modes = P.modes.filter((m) => !m.startsWith('webgpu'));
    // No view drawn: WebGL's views and WebGPU's display copies would share the GPU with the
    // passes being timed.
    await hp.set({ overlay: 0, view: P.scene ? 'surface' : 'none', paused: 1, clock: 'wall' });
    const rows = [];
    if (P.scene) P.occupancy = [null];
    const total = P.atlases.length * P.occupancy.length * P.modes.length * P.readbacks.length;
    const t0 = performance.now();
    for (const atlas of P.atlases) {
      for (const target of P.occupancy) {
        const cal = P.scene ? await sceneCount(atlas) : await calibrate(atlas, target);
        for (const mode of P.modes) {
          for (const readback of P.readbacks) {
            status(`benchmark ${plan}: ${rows.length + 1}/${total}: ${atlas}² ${target * 100}% ${mode} ${readback}`);
            const m = await measure({ ...MODES[mode], readback, ...(P.scene || {}), iso: cal.iso, expected: cal.count });
            rows.push({ atlas, volume: hp.stats().volume, occupancy: target, measuredOccupancy: cal.occupancy,
              iso: cal.iso, trueCount: cal.count, mode, readback, ...m });
          }
        }
      }
    }
    const result = { plan, date: new Date().toISOString(), seconds: (performance.now() - t0) / 1000,
      userAgent: navigator.userAgent, renderer: renderer(), timing: rows[0] && rows[0].timing,
      webgpu: noWebgpu ? `not run: ${noWebgpu}` : (Module.hpGpu.adapter || 'yes'),
      frames: P.frames, warmup: P.warmup, rows };
    window.hpBench = result;
    status(`benchmark ${plan}: done, ${rows.length} configurations`);
    fetch('/result', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(result) })
      .catch(() => {});
  }
  run().catch((e) => { window.hpBench = { error: e.message }; status(`benchmark failed: ${e.message}`);
    fetch('/result', { method: 'POST', body: JSON.stringify({ error: e.message }) }).catch(() => {}); });
})();
