// The benchmark, run by the page itself: index.html?bench=quick (or full). It needs no Node
// (the GPU machine has none): it drives the demo through window.hp, then sets window.hpBench
// to its JSON and POSTs it to /result. scripts/bench.sh and the GPU machine's drive.py both
// collect it. Times are medians over the measured frames of each configuration.
// Two regimes, each row saying which (`regime`):
//  - paced: one frame per animation frame, what a 60 fps page gets (a light load: a GPU lowers
//    its clocks under it);
//  - saturated: frames issued back to back with the page's loop paused and no view drawn
//    (hp.runFrames), after a warm-up that keeps the GPU busy, async or expected readback;
//    the per-pass medians and the wall time over the frames (`ms.wall`).
// Every row, the floor's too, has `startMs` and `endMs` (Date.now()): the GPU machine's driver samples the clocks
// on the same clock, and tests/browser/bench-clocks.mjs gives each row the clocks it ran at.
'use strict';
(function () {
  const plan = new URLSearchParams(location.search).get('bench');
  if (!plan) return;

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
    // same 16-bit volumes (web/bench_volumes.js: blobs and gyroid, iso 0.5), both regimes: the
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
  if (!P) return;
  P.regimes = P.regimes || ['paced'];
  P.saturated = 500;  // frames a saturated row issues
  P.warmMs = 4000;    // the first saturated row's warm-up (the clocks rise within seconds)
  P.rowWarmMs = 600;  // each later one's
  // Saturated rows: a burst of heavy GPU work just before the timed frames (burst(), below), so
  // that they start at full clock and end before it falls; &heat=0 turns it off.
  P.heat = true;
  P.burstMs = 1500;   // the burst's wall time
  // A smaller run of a plan for a smoke test: &atlases=512&occupancy=0.01&frames=2&warmup=1&modes=a,b
  const url = new URLSearchParams(location.search);
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
  // On the page and in the browser's log (the GPU machine's driver keeps it): where a run stopped.
  const status = (t) => { document.getElementById('status').textContent = t; console.log(`[bench] ${t}`); };
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

  // Compute passes on `device`, each timed by its own pair of timestamp queries: time(record,
  // before, n) records n passes back to back in one submission (`record(pass)` fills a pass,
  // `before(encoder)` comes ahead of each) and resolves to their ms (null where the stamps go
  // backwards); `most` passes at most (a query set holds 4096 queries). done() frees it all.
  function passTimer(device, most = 1) {
    const queries = device.createQuerySet({ type: 'timestamp', count: 2 * most });
    const resolve = device.createBuffer({ size: 16 * most, usage: GPUBufferUsage.QUERY_RESOLVE | GPUBufferUsage.COPY_SRC });
    const read = device.createBuffer({ size: 16 * most, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    const time = async (record, before = () => {}, n = 1) => {
      const encoder = device.createCommandEncoder();
      for (let i = 0; i < n; i++) {
        before(encoder);
        const pass = encoder.beginComputePass({ timestampWrites: { querySet: queries, beginningOfPassWriteIndex: 2 * i,
          endOfPassWriteIndex: 2 * i + 1 } });
        record(pass);
        pass.end();
      }
      encoder.resolveQuerySet(queries, 0, 2 * n, resolve, 0);
      encoder.copyBufferToBuffer(resolve, 0, read, 0, 16 * n);
      device.queue.submit([encoder.finish()]);
      await read.mapAsync(GPUMapMode.READ, 0, 16 * n);
      const t = new BigUint64Array(read.getMappedRange(0, 16 * n).slice(0));
      read.unmap();
      return Array.from({ length: n }, (_, i) => (t[2 * i + 1] >= t[2 * i] ? Number(t[2 * i + 1] - t[2 * i]) / 1e6 : null));
    };
    time.done = () => { queries.destroy(); resolve.destroy(); read.destroy(); };
    return time;
  }

  // The floor beside the modes, on the page's own WebGPU device, timed with timestamp queries
  // (median of P.frames): a chain of 1, 3 and 7 dependent one-workgroup dispatches (each adds
  // to the word the last one wrote: what a dependent dispatch costs, with nothing to do), and a
  // copy of the atlas (S² floats, as vec4, in a compute pass: the memory's floor for one read
  // and one write of the atlas), and an unordered compaction of S² floats with 10% at or above
  // the iso (each workgroup counts its active elements, takes its place with one atomicAdd and
  // writes their indices there: no order kept between workgroups, so it bounds any ordered
  // compaction from below). No other work is queued meanwhile. In each of P.regimes, as the
  // modes' rows: paced, one pass an animation frame (P.warmup, then P.frames); saturated, after
  // the burst, P.warmup and then P.saturated passes back to back in one submission (at most 2048
  // in all). Each row has its regime, startMs and endMs, so that its clocks can be joined.
  async function floor(atlas) {
    const device = Module.hpGpu && Module.hpGpu.device;
    if (!device || !device.features.has('timestamp-query')) return [];
    const module = device.createShaderModule({ code: `
      @group(0) @binding(0) var<storage, read_write> word: array<u32>;
      @compute @workgroup_size(1) fn chain() { word[0] += 1u; }
      @group(0) @binding(1) var<storage, read> src: array<vec4<f32>>;
      @group(0) @binding(2) var<storage, read_write> dst: array<vec4<f32>>;
      @compute @workgroup_size(256) fn copy(@builtin(global_invocation_id) g: vec3<u32>,
                                             @builtin(num_workgroups) n: vec3<u32>) {
        let i = g.y * n.x * 256u + g.x;
        if (i < arrayLength(&dst)) { dst[i] = src[i]; }
      }
      @group(0) @binding(3) var<storage, read> values: array<f32>;
      @group(0) @binding(4) var<storage, read_write> counter: atomic<u32>;
      @group(0) @binding(5) var<storage, read_write> keys: array<u32>;
      var<workgroup> wgCount: atomic<u32>;
      var<workgroup> wgBase: u32;
      @compute @workgroup_size(256) fn compact(@builtin(global_invocation_id) g: vec3<u32>,
                                               @builtin(local_invocation_index) l: u32,
                                               @builtin(num_workgroups) n: vec3<u32>) {
        let i = g.y * n.x * 256u + g.x;
        let on = i < arrayLength(&values) && values[i] >= 0.5;  // ('active' is a WGSL keyword)
        var slot = 0u;
        if (on) { slot = atomicAdd(&wgCount, 1u); }
        workgroupBarrier();
        if (l == 0u) { wgBase = atomicAdd(&counter, atomicLoad(&wgCount)); }
        let base = workgroupUniformLoad(&wgBase);
        if (on) { keys[base + slot] = i; }
      }` });
    const word = device.createBuffer({ size: 16, usage: GPUBufferUsage.STORAGE });
    const bytes = 4 * atlas * atlas;
    const src = device.createBuffer({ size: bytes, usage: GPUBufferUsage.STORAGE });
    const dst = device.createBuffer({ size: bytes, usage: GPUBufferUsage.STORAGE });
    const pipeline = (entryPoint) => device.createComputePipeline({ layout: 'auto', compute: { module, entryPoint } });
    const chain = pipeline('chain'), copy = pipeline('copy'), compact = pipeline('compact');
    // 10% of the values at or above 0.5, spread as a hash spreads them.
    const values = new Float32Array(atlas * atlas);
    for (let i = 0; i < values.length; i++) values[i] = ((Math.imul(i, 2654435761) >>> 0) % 10 === 0 ? 1 : 0);
    const flags = device.createBuffer({ size: bytes, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST });
    device.queue.writeBuffer(flags, 0, values);
    const counter = device.createBuffer({ size: 16, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST });
    const keys = device.createBuffer({ size: bytes, usage: GPUBufferUsage.STORAGE });
    const compactGroup = device.createBindGroup({ layout: compact.getBindGroupLayout(0),
      entries: [{ binding: 3, resource: { buffer: flags } }, { binding: 4, resource: { buffer: counter } },
        { binding: 5, resource: { buffer: keys } }] });
    const chainGroup = device.createBindGroup({ layout: chain.getBindGroupLayout(0), entries: [{ binding: 0, resource: { buffer: word } }] });
    const copyGroup = device.createBindGroup({ layout: copy.getBindGroupLayout(0),
      entries: [{ binding: 1, resource: { buffer: src } }, { binding: 2, resource: { buffer: dst } }] });
    const saturated = Math.min(P.saturated, 2048 - P.warmup);
    const timer = passTimer(device, P.warmup + Math.max(saturated, 1));
    const groups = bytes / 16 / 256, gx = Math.min(groups, 32768), gy = Math.ceil(groups / 32768);
    const cx = Math.min(4 * groups, 32768), cy = Math.ceil(4 * groups / 32768);  // a float an invocation
    let regime, heated = null;  // the rows' regime (the loop below) and the burst before them
    async function time(record, before) {
      let ms = [], startMs = Date.now();
      if (regime === 'saturated') ms = (await timer(record, before, P.warmup + saturated)).slice(P.warmup);
      else {
        for (let f = 0; f < P.warmup + P.frames; f++) {
          await new Promise(requestAnimationFrame);
          if (f === P.warmup) startMs = Date.now();
          const t = await timer(record, before);
          if (f >= P.warmup) ms.push(...t);
        }
      }
      ms = ms.filter((t) => t !== null);
      return { regime, startMs, endMs: Date.now(), frames: ms.length, ...(heated && { burst: heated }), ms: median(ms) };
    }
    const rows = [];
    for (regime of P.regimes) {
      heated = regime === 'saturated' && P.heat ? await burst(P.burstMs) : null;
      for (const n of [1, 3, 7])
        rows.push({ atlas, what: `chain of ${n} dependent dispatch${n > 1 ? 'es' : ''}`, dispatches: n,
          ...await time((pass) => { pass.setPipeline(chain); pass.setBindGroup(0, chainGroup); for (let i = 0; i < n; i++) pass.dispatchWorkgroups(1); }) });
      rows.push({ atlas, what: `copy of the atlas (${bytes / 1048576} MiB read, ${bytes / 1048576} MiB written)`, bytes,
        ...await time((pass) => { pass.setPipeline(copy); pass.setBindGroup(0, copyGroup); pass.dispatchWorkgroups(gx, gy); }) });
      rows.push({ atlas, what: `unordered atomic compaction (10% of ${atlas}² active, one atomicAdd a workgroup)`,
        active: 0.1, ...await time((pass) => { pass.setPipeline(compact); pass.setBindGroup(0, compactGroup);
          pass.dispatchWorkgroups(cx, cy); }, (encoder) => encoder.clearBuffer(counter)) });
    }
    for (const b of [word, src, dst, flags, counter, keys]) b.destroy();
    timer.done();
    return rows;
  }

  // Paced: P.frames frames, one per animation frame, after P.warmup.
  async function measure(state) {
    await hp.set({ timestamps: 'passes', scan: 'blocks', vertices: 'soup', ...state, ...P.state, view: P.scene || P.volumes ? 'surface' : 'none' });
    await hp.frames(P.warmup);
    hp.resetTimings();
    const compute = [], interval = [];
    const startMs = Date.now();
    let last = performance.now();
    for (let i = 0; i < P.frames; i++) {
      await hp.frames(1);
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
    const heated = P.heat ? await burst(P.burstMs) : null;
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

  // The burst: arithmetic dispatches on the page's WebGPU device (none without WebGPU) for `ms`
  // of wall time, four at a time, each four waited for before the next (the queue never holds
  // more); a dispatch's work doubles while four of them take under 20 ms, so the GPU is kept
  // busy whatever its speed, and no submission runs long. Returns {ms, dispatches, rounds}.
  let heater = null;
  async function burst(ms) {
    const device = Module.hpGpu && Module.hpGpu.device;
    if (!device) return null;
    if (!heater) {
      const module = device.createShaderModule({ code: `
        @group(0) @binding(0) var<storage, read_write> sink: array<f32>;
        @group(0) @binding(1) var<uniform> rounds: vec4<u32>;
        @compute @workgroup_size(256) fn heat(@builtin(global_invocation_id) g: vec3<u32>) {
          var x = f32(g.x);
          for (var i = 0u; i < rounds.x; i++) { x = fma(x, 0.9999999, 0.5); }
          sink[g.x & 1023u] = x;
        }` });
      const pipeline = device.createComputePipeline({ layout: 'auto', compute: { module, entryPoint: 'heat' } });
      const sink = device.createBuffer({ size: 4096, usage: GPUBufferUsage.STORAGE });
      const rounds = device.createBuffer({ size: 16, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
      const group = device.createBindGroup({ layout: pipeline.getBindGroupLayout(0),
        entries: [{ binding: 0, resource: { buffer: sink } }, { binding: 1, resource: { buffer: rounds } }] });
      heater = { pipeline, group, rounds, n: 64 };
    }
    const start = performance.now();
    let dispatches = 0;
    while (performance.now() - start < ms) {
      device.queue.writeBuffer(heater.rounds, 0, new Uint32Array([heater.n, 0, 0, 0]));
      const t = performance.now();
      const encoder = device.createCommandEncoder();
      const pass = encoder.beginComputePass();
      pass.setPipeline(heater.pipeline);
      pass.setBindGroup(0, heater.group);
      for (let i = 0; i < 4; i++) pass.dispatchWorkgroups(1024);
      pass.end();
      device.queue.submit([encoder.finish()]);
      await device.queue.onSubmittedWorkDone();
      dispatches += 4;
      if (performance.now() - t < 20 && heater.n < (1 << 22)) heater.n *= 2;
    }
    return { ms: performance.now() - start, dispatches, rounds: heater.n };
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

  const loadScript = (src) => new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = src;
    s.onload = resolve;
    s.onerror = () => reject(new Error(`cannot load ${src} (scripts/bench.sh --molstar builds and copies it)`));
    document.head.append(s);
  });

  // Whether this browser's WebGL2 holds a size² texture.
  function glHolds(size) {
    const gl = document.createElement('canvas').getContext('webgl2');
    return !!gl && gl.getParameter(gl.MAX_TEXTURE_SIZE) >= size;
  }
  // The molstar plan: each volume into the demo (a raw uint16 file, or a sample) and into Mol*,
  // every mode in both regimes. Mol*'s rows: its extraction (and its draw) timed by its own timer
  // queries. `order`: the rows' place in the run.
  let order = 0;
  async function volumeRows(rows) {
    await loadScript('bench_volumes.js');
    if (P.modes.includes('molstar')) await loadScript('molstar-iso.js');
    for (const [name, n] of P.volumes) {
      status(`benchmark ${plan}: making ${name} ${n}³`);
      const data = hpBenchVolumes.make(name, n);
      // Past 256 the atlas (16384² at 512³) is the WebGPU modes', and WebGL2's with uint sums
      // where the GPU's largest texture holds it: a WebGL2 mode runs as its uint twin there, or
      // not at all. The file opens in the first mode (Mol* tries it on its own context, and says
      // where it cannot).
      const modes = n > 256 ? P.modes.map((m) => (MODES[`${m}-uint`] && glHolds(16384) ? `${m}-uint` : m))
        .filter((m) => m.startsWith('webgpu') || m === 'molstar' || m.endsWith('-uint')) : P.modes;
      const first = modes.find((m) => m !== 'molstar');
      if (n > 256) await hp.set(MODES[first] || MODES['webgpu-scan']);
      await hp.loadVolume(new Uint8Array(data.buffer), { name: `${name}_${n}x${n}x${n}_uint16.raw` });
      await modeRows(rows, modes, { volumeName: name, n, volumeLabel: `${name} ${n}³`, iso: 32767.5,
        expectedTriangles: TRIANGLES[`${name}-${n}`] }, { data, dims: [n, n, n], iso: 32767.5 });
    }
    for (const [name, preset] of P.samples || []) await sampleRows(rows, name, preset);
  }

  // A real scan (hp.loadSample) at one of its presets (all of them when `presetName` is not
  // given). Mol* gets its values (hp.volume) and their range, as a Mol* grid of them would have
  // it. Mol* counts a corner inside where its value is at most the iso, the demo where it is at
  // least the iso: on integer values (the CT's Hounsfield units, the MRI's bytes) both take the
  // iso half a unit below the preset, which no value equals, so both partition the voxels as
  // the preset does in the demo (value ≥ preset). The expected count is the CPU reference's.
  async function sampleRows(rows, name, presetName) {
    const sample = (await hp.samples()).find((x) => x.name === name);
    if (!sample) {
      rows.push({ volumeName: name, volumeLabel: `${name} ${presetName || ''}`, mode: '-', regime: '-', readback: '-',
        skipped: `no sample '${name}' on this site (scripts/setup.sh fetches the samples)`, ms: {} });
      return;
    }
    status(`benchmark ${plan}: opening the sample ${name}`);
    await hp.loadSample(name);  // (before any WebGL2 setting: a 512³ volume may be shown)
    const volume = await hp.volume();
    const integer = volume.values.every(Number.isInteger);
    const presets = sample.presets.filter((p) => !presetName || p.name === presetName);
    if (!presets.length) throw new Error(`sample '${name}' has no preset '${presetName}'`);
    for (const preset of presets) {
      const iso = integer ? preset.iso - 0.5 : preset.iso;
      await hp.set({ ...MODES.scalar, source: 'file', classify: 'surface', iso, readback: 'sync', paused: 1 });
      const expected = (await hp.referenceMesh({ limit: 0 })).vertices / 3;
      const d = volume.dims;
      await modeRows(rows, P.modes, { volumeName: name, preset: preset.name, dims: d, iso, integerValues: integer,
        volumeLabel: `${name} ${preset.name} ${d.join('×')}`, expectedTriangles: expected },
        { data: volume.values, dims: d, iso, range: volume.range });
    }
  }

  // Every mode in `modes` in both regimes on the volume the demo has open (iso in its units);
  // Mol* gets `mol` ({data, dims, iso, range}).
  async function modeRows(rows, modes, volume, mol) {
    const want = volume.expectedTriangles;
    for (const mode of modes) {
      for (const regime of P.regimes) {
        status(`benchmark ${plan}: ${volume.volumeLabel} ${mode} ${regime}`);
        const base = { ...volume, atlas: hp.stats().atlas, mode, regime, order: order++ };
        if (mode === 'molstar') {
          // A volume Mol* cannot take (its atlas past MAX_TEXTURE_SIZE / 2, memory) is a row saying so.
          const m = await hpMolstar.isosurface({ ...mol, regime,
            frames: regime === 'paced' ? P.frames : P.saturated, warmup: P.warmup })
            .catch((e) => ({ error: String(e.message || e) }));
          if (m.error) {
            rows.push({ ...base, readback: 'sync', skipped: `Mol*: ${m.error}`, ms: {} });
            continue;
          }
          // (no mesh drawn where the draws' timer queries did not come back)
          rows.push({ ...base, readback: 'sync', triangles: m.triangles, trianglesAgree: m.triangles === want,
            startMs: m.startMs, endMs: m.endMs, frames: m.frames,
            ms: { meshReady: m.gpuMs.extraction, draw: m.gpuMs.draw,
              meshDrawn: m.gpuMs.draw == null ? null : m.gpuMs.extraction + m.gpuMs.draw,
              wall: m.wallMs.perExtraction, wallDraw: m.wallMs.perDraw }, timing: 'gpu', notes: m.notes });
          continue;
        }
        for (const readback of P.readbacks) {
          const m = await row(mode, regime, { ...MODES[mode], readback, source: 'file', classify: 'surface', iso: volume.iso });
          if (!m) continue;
          const triangles = m.vertices / 3;
          rows.push({ ...base, readback, triangles, trianglesAgree: triangles === want, ...m });
        }
      }
    }
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
    const rows = [], floors = [];
    if (P.volumes) P.atlases = P.occupancy = [];  // its own loop
    if (P.scene) P.occupancy = [null];
    const webgpuModes = P.modes.filter((m) => m.startsWith('webgpu'));
    const again = P.again && webgpuModes.length ? [webgpuModes[0]] : [];
    const total = P.atlases.length * P.occupancy.length * (P.modes.length + again.length) * P.readbacks.length *
      P.regimes.length;
    const t0 = performance.now();
    for (const atlas of P.atlases) {
      if (P.floor && !noWebgpu) {
        status(`benchmark ${plan}: the floor at ${atlas}², ${P.regimes.join(' and ')}`);
        floors.push(...await floor(atlas));
      }
      for (const target of P.occupancy) {
        const cal = P.scene ? await sceneCount(atlas) : await calibrate(atlas, target);
        // `order`: the configuration's place since the calibration (which runs in WebGL2).
        let order = 0;
        for (const [mode, repeat] of [...P.modes.map((m) => [m, false]), ...again.map((m) => [m, true])]) {
          for (const readback of P.readbacks) {
            for (const regime of P.regimes) {
              status(`benchmark ${plan}: ${rows.length + 1}/${total}: ${atlas}² ${target * 100}% ${mode} ${readback} ${regime}`);
              const m = await row(mode, regime, { ...MODES[mode], readback, ...(P.scene || {}), iso: cal.iso, expected: cal.count });
              if (!m) continue;
              rows.push({ atlas, volume: hp.stats().volume, occupancy: target, measuredOccupancy: cal.occupancy,
                iso: cal.iso, trueCount: cal.count, mode: repeat ? `${mode}-again` : mode, readback, order: order++, ...m });
            }
          }
        }
      }
    }
    if (P.volumes) await volumeRows(rows);
    // The browser's full build (the user agent string says only 156.0.0.0); null where the
    // browser has no client hints (Firefox, WebKit) or the page is not a secure context.
    const build = navigator.userAgentData ? await navigator.userAgentData.getHighEntropyValues(['fullVersionList'])
      .then((v) => v.fullVersionList, () => null) : null;
    const result = { plan, date: new Date().toISOString(), seconds: (performance.now() - t0) / 1000,
      userAgent: navigator.userAgent, fullVersionList: build, renderer: renderer(), timing: rows[0] && rows[0].timing,
      webgpu: noWebgpu ? `not run: ${noWebgpu}` : (Module.hpGpu.adapter || 'yes'),
      frames: P.frames, warmup: P.warmup, rows, floor: floors };
    window.hpBench = result;
    status(`benchmark ${plan}: done, ${rows.length} configurations`);
    fetch('/result', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(result) })
      .catch(() => {});
  }
  run().catch((e) => { window.hpBench = { error: e.message }; status(`benchmark failed: ${e.message}`);
    fetch('/result', { method: 'POST', body: JSON.stringify({ error: e.message }) }).catch(() => {}); });
})();
