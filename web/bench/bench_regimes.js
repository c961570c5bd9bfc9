// @ts-check
// The benchmark's rows (web/bench/bench.js loads this): the occupancy's calibration, and one row of a
// mode in either regime (paced: one frame an animation frame; saturated: hp.runFrames after a
// warm-up and the burst), summed up from hp.stats() into the row's fields.
'use strict';
window.hpBenchParts = window.hpBenchParts || {};
// regimes(B): { calibrate, sceneCount, row }; B is the run's context (web/bench/bench.js: P, MODES,
// median, burst).
hpBenchParts.regimes = function (B) {
  const { P, MODES, median } = B;

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

  // Paced: P.frames frames, one per animation frame, after P.warmup.
  async function measure(state) {
    await hp.set({ timestamps: 'passes', scan: 'blocks', vertices: 'soup', ...state, ...P.state, view: P.scene || P.volumes ? 'surface' : 'none' });
    await hp.frames(P.warmup, { run: true });  // each runs its passes, although nothing changes
    hp.resetTimings();
    const compute = [], interval = [];
    const startMs = Date.now();
    let last = performance.now();
    for (let i = 0; i < P.frames; i++) {
      await hp.frames(1, { run: true });
      const now = performance.now();
      interval.push(now - last);
      last = now;
      compute.push(hp.stats().ms.compute);
    }
    return summary(state, { regime: 'paced', startMs, endMs: Date.now() }, median(compute), median(interval));
  }

  // Saturated: P.saturated frames back to back after a warm-up of the same frames. `draw`: the
  // frames draw the 3D view (the WebGL2 vertex route's mesh is made there); else no view, and
  // `mesh` runs the surface stages. The H100 lowers its clock within seconds of a light load,
  // and a WebGPU frame's GPU work (a fraction of a millisecond) is shorter than what the CPU
  // spends issuing it, so its frames alone leave the GPU idle most of the time and the clock
  // falls (to ~600 MHz). So a burst of heavy work comes between the warm-up and the timed
  // frames, which then start at full clock; the row's clocks (bench-clocks.mjs) say whether
  // they stayed there.
  let warmed = false;
  async function saturate(state, { draw = false, mesh = false } = {}) {
    await hp.set({ timestamps: 'passes', scan: 'blocks', vertices: 'soup', ...state, ...P.state, view: draw ? 'surface' : 'none' });
    await hp.runFrames(0, { ms: warmed ? P.rowWarmMs : P.warmMs, draw, mesh });
    warmed = true;
    const heated = P.heat ? await B.burst(P.burstMs) : null;
    hp.resetTimings();
    const run = await hp.runFrames(P.saturated, { draw, mesh, inFlight: P.inFlight });
    // No CPU time a frame here: the frames are issued in chunks, not one at a time.
    const r = summary(state, { regime: 'saturated', startMs: run.startMs, endMs: run.endMs, frames: run.frames },
      null, run.perFrameMs);
    r.ms.wall = run.perFrameMs;
    r.loop = run.loop;  // issuing vs waiting for answers (hp.runFrames)
    if (heated) r.burst = heated;
    return r;
  }

  function summary(state, stamp, compute, interval) {
    const s = hp.stats();
    const ms = { ...s.ms };
    delete ms.samples;
    // timestamps=whole times the compaction as one pass ('compaction'); else the sum of its passes
    // (by the configuration, not by which medians are non-zero: a pass's last samples may linger).
    ms.compact = state.timestamps === 'whole' ? ms.compaction : ms.classify + ms.reduce + ms.count + ms.traverse;
    ms.mesh = ms.meshCount + ms.meshReduce + ms.meshExtract;
    ms.gpu = ms.source + ms.compact + ms.mesh;
    // classify → mesh ready; the vertex route makes its mesh in its draw (the display pass)
    ms.meshReady = ms.compact + ms.mesh;
    ms.meshDrawn = ms.meshReady + (ms.display || 0);
    ms.compute = compute;
    ms.interval = interval;
    // A frame costs at least its GPU work and at least what the CPU waited for (a blocking
    // readback stalls the CPU until the GPU is done).
    ms.frame = Math.max(ms.gpu, ms.compute || 0);
    // What the surface's vertices cost: computed (each a position and a normal, vec4<f32> each)
    // and the bytes written for them (shared: plus a u32 index a triangle corner).
    const shared = s.vertices === 'shared' && s.backend === 'webgpu';
    const computed = shared ? s.sharedVertexCount : s.vertexCount;
    return { ...stamp, count: s.count, countRead: s.countRead, countAge: s.countAge, vertices: s.vertexCount,
      verticesComputed: computed, meshBytes: 32 * computed + (shared ? 4 * s.vertexCount : 0),
      timing: s.timing, samples: s.ms.samples, ms };
  }

  // One row of a mode in a regime; saturated rows only with a readback that does not wait.
  async function row(mode, regime, state) {
    if (regime === 'paced') return measure(state);
    if (state.readback === 'sync') return null;
    // The vertex route's mesh is made by its draw; the other routes' by their surface stages.
    const surface = !!(P.scene || P.volumes), vertexRoute = state.route === 'vertex';
    return saturate(state, { draw: surface && vertexRoute, mesh: surface && !vertexRoute });
  }

  return { calibrate, sceneCount, row };
};
