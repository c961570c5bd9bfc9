// @ts-check
// The label-map benchmark as the page runs it alone (index.html?bench=labels; the GPU machine's
// drive.py, or scripts/bench-labels.sh here): every label's mesh, classify=labels, in the
// saturated regime (hp.runFrames: frames back to back after a warm-up, the views not drawn, the
// surface stages run), per pass medians from the GPU's timestamps, on
//  - the AAL atlas sample (181×217×181, 116 labels; samples/aal-atlas.nii.gz), each mode;
//  - hpBenchLabels.make(): a procedural label map of 512×512×448 with 120 labels (the size of a
//    body CT's segmentation), WebGPU modes only (its 16384² atlas).
// Each row stamped with Date.now() at its start and end (to match drive.py's clock samples);
// bench.js adds the browser's build and POSTs it to /result.
'use strict';
(function () {
  // 120 labels inside a rounded box (|x|⁶ + |y|⁶ + |z|⁶ ≤ 1 over 0.46 of each side from the
  // centre), 0 outside: a 6×5×4 grid of cells over the volume, its walls bent by sines (axis
  // tables: the same numbers in every engine), cell c labelled 1 + c. Every cell, the corners'
  // too, reaches inside the box (an ellipsoid left 5 of them out), so all 120 labels are there.
  // Plain double arithmetic in the order written: tests/mesh/vtk_flying_edges.cpp rebuilds it,
  // and both give its FNV-1a hash (hash(), below) to show it is the same map.
  function make(X = 512, Y = 512, Z = 448) {
    const out = new Uint8Array(X * Y * Z);
    const table = (n, period, amp) => Float64Array.from({ length: n }, (_, i) => amp * Math.sin((2 * Math.PI * i) / period));
    const ax = table(X, 173, 19), ay = table(Y, 151, 17), az = table(Z, 197, 21);
    const cx = X / 2, cy = Y / 2, cz = Z / 2, rx = 0.46 * X, ry = 0.46 * Y, rz = 0.46 * Z;
    const p6 = (t) => { const s = t * t; return s * s * s; };
    let i = 0;
    for (let z = 0; z < Z; z++) {
      const dz = p6((z - cz) / rz);
      for (let y = 0; y < Y; y++) {
        const dyz = dz + p6((y - cy) / ry);
        for (let x = 0; x < X; x++, i++) {
          if (dyz + p6((x - cx) / rx) > 1) continue;
          const u = x + ay[y] + az[z], v = y + az[z] + ax[x], w = z + ax[x] + ay[y];
          const gx = Math.min(5, Math.max(0, Math.floor((u * 6) / X)));
          const gy = Math.min(4, Math.max(0, Math.floor((v * 5) / Y)));
          const gz = Math.min(3, Math.max(0, Math.floor((w * 4) / Z)));
          out[i] = 1 + gx + 6 * (gy + 5 * gz);
        }
      }
    }
    return out;
  }

  // FNV-1a (32 bits) of the bytes, as an unsigned number.
  function hash(bytes) {
    let h = 0x811c9dc5;
    for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 16777619);
    return h >>> 0;
  }

  async function measure(status, what, pyramid) {
    status(`label benchmark: ${what}, ${pyramid}`);
    await hp.set({ pyramid, classify: 'labels', route: 'fragment', readback: 'sync', timestamps: 'passes' });
    await hp.runFrames(0, { ms: 1500, draw: false, mesh: true });  // warm: pipelines made, clocks up
    hp.resetTimings();
    const run = await hp.runFrames(0, { ms: 3000, draw: false, mesh: true });
    const s = hp.stats();
    const ms = { ...s.ms };
    delete ms.samples;
    ms.compact = ms.classify + ms.reduce + ms.count + ms.traverse;
    ms.mesh = ms.meshCount + ms.meshReduce + ms.meshExtract;
    return { volume: what, pyramid, regime: 'saturated', backend: s.backend, timing: s.timing, dims: s.dims, count: s.count,
      vertices: s.vertexCount, triangles: s.vertexCount / 3, frames: run.frames, perFrameMs: run.perFrameMs, ms,
      startMs: run.startMs, endMs: run.endMs };
  }

  window.hpBenchLabels = {
    make,
    hash,
    async run(status) {
      await hp.ready;
      const webgpu = hp.stats().webgpu === '';
      const rows = [];
      status('label benchmark: the AAL atlas');
      await hp.loadVolume('samples/aal-atlas.nii.gz');
      const labels = (await hp.labels({ mesh: false })).length;
      const only = new URLSearchParams(location.search).get('modes');  // e.g. modes=scalar: a quick try here
      const modes = only ? only.split(',') : ['scalar', ...(webgpu ? ['webgpu-scan', 'webgpu-pyramid'] : [])];
      for (const pyramid of modes)
        rows.push({ labels, ...(await measure(status, 'aal', pyramid)) });
      if (webgpu && !only) {
        status('label benchmark: making the 512×512×448 label map');
        const t = performance.now();
        const v = make();
        const madeMs = performance.now() - t, fnv1a = hash(v);
        await hp.set({ pyramid: 'webgpu-scan' });
        await hp.loadVolume(v, { name: 'labels_512x512x448_uint8.raw' });
        const n = (await hp.labels({ mesh: false })).length;
        for (const pyramid of ['webgpu-scan', 'webgpu-pyramid'])
          rows.push({ labels: n, madeMs, fnv1a, ...(await measure(status, 'procedural-512x512x448', pyramid)) });
      }
      return { rows };
    },
  };
})();
