// @ts-check
// The benchmark's own WebGPU work on the page's device (web/bench/bench.js loads this): the floor
// beside the modes (dependent dispatch chains, a copy of the atlas, an unordered compaction),
// timed by timestamp queries, and the burst that brings the clocks up before a saturated row.
'use strict';
window.hpBenchParts = window.hpBenchParts || {};
// gpu(B): { floor, burst }; B is the run's context (web/bench/bench.js: P, median).
hpBenchParts.gpu = function (B) {
  const { P, median } = B;

  // Compute passes on `device`, each timed by its own pair of timestamp queries: time(record,
  // before, n) records n passes back to back in one submission (`record(pass)` fills a pass,
  // `before(encoder)` comes ahead of each) and resolves to their ms (null where the stamps go
  // backwards); `most` passes at most (a query set holds 4096 queries). done() frees it all.
  function passTimer(device, most = 1) {
    const queries = device.createQuerySet({ type: 'timestamp', count: 2 * most });
    const resolve = device.createBuffer({ size: 16 * most, usage: GPUBufferUsage.QUERY_RESOLVE | GPUBufferUsage.COPY_SRC });
    const read = device.createBuffer({ size: 16 * most, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    /** @param {(pass: GPUComputePassEncoder) => void} record @param {(encoder: GPUCommandEncoder) => void} [before] @param {number} [n] */
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
    const device = hp.testing.gpu.device;
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

  // The burst: arithmetic dispatches on the page's WebGPU device (none without WebGPU) for `ms`
  // of wall time, four at a time, each four waited for before the next (the queue never holds
  // more); a dispatch's work doubles while four of them take under 20 ms, so the GPU is kept
  // busy whatever its speed, and no submission runs long. Returns {ms, dispatches, rounds}.
  let heater = null;
  async function burst(ms) {
    const device = hp.testing.gpu.device;
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

  return { floor, burst };
};
