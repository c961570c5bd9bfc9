// The label-map benchmark as the page runs it alone (index.html?bench=labels; the GPU machine's
// drive.py, or scripts/bench-labels.sh here): every label's mesh, classify=labels, in the
// saturated regime (hp.runFrames: frames back to back after a warm-up, the views not drawn, the
// surface stages run), per pass medians from the GPU's timestamps, on
//  - the AAL atlas sample (181×217×181, 116 labels; samples/aal-atlas.nii.gz), each mode;
//  - hpBenchLabels.make(): a procedural label map of 512×512×448 (the size of a body CT's
//    segmentation), WebGPU modes only (its 16384² atlas).
// POSTed to /result (bench.js) with endMs stamps to match drive.py's clock samples.
'use strict';
(function () {
  // 120 labels inside an ellipsoid, 0 outside: a 7×6×4 grid of cells over the volume, its walls
  // bent by sines (axis tables: the same numbers in every engine), cell c labelled 1 + c mod 120.
  // Plain double arithmetic in the order written: any implementation rebuilds it bit for bit.
  function make(X = 512, Y = 512, Z = 448) {
    const out = new Uint8Array(X * Y * Z);
    const table = (n, period, amp) => Float64Array.from({ length: n }, (_, i) => amp * Math.sin((2 * Math.PI * i) / period));
    const ax = table(X, 173, 19), ay = table(Y, 151, 17), az = table(Z, 197, 21);
    const cx = X / 2, cy = Y / 2, cz = Z / 2, rx = 0.46 * X, ry = 0.46 * Y, rz = 0.46 * Z;
    let i = 0;
    for (let z = 0; z < Z; z++) {
      const dz = ((z - cz) / rz) ** 2;
      for (let y = 0; y < Y; y++) {
        const dyz = dz + ((y - cy) / ry) ** 2;
        for (let x = 0; x < X; x++, i++) {
          if (dyz + ((x - cx) / rx) ** 2 > 1) continue;
          const u = x + ay[y] + az[z], v = y + az[z] + ax[x], w = z + ax[x] + ay[y];
          const gx = Math.min(6, Math.max(0, Math.floor((u * 7) / X)));
          const gy = Math.min(5, Math.max(0, Math.floor((v * 6) / Y)));
          const gz = Math.min(3, Math.max(0, Math.floor((w * 4) / Z)));
          out[i] = 1 + ((gx + 7 * (gy + 6 * gz)) % 120);
        }
      }
    }
    return out;
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
    return { volume: what, pyramid, backend: s.backend, timing: s.timing, dims: s.dims, count: s.count,
      vertices: s.vertexCount, triangles: s.vertexCount / 3, frames: run.frames, perFrameMs: run.perFrameMs, ms,
      startMs: run.startMs, endMs: run.endMs };
  }

  window.hpBenchLabels = {
    make,
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
        const madeMs = performance.now() - t;
        await hp.set({ pyramid: 'webgpu-scan' });
        await hp.loadVolume(v, { name: 'labels_512x512x448_uint8.raw' });
        const n = (await hp.labels({ mesh: false })).length;
        for (const pyramid of ['webgpu-scan', 'webgpu-pyramid'])
          rows.push({ labels: n, madeMs, ...(await measure(status, 'procedural-512x512x448', pyramid)) });
      }
      const gl = document.getElementById('canvas').getContext('webgl2');
      const debug = gl.getExtension('WEBGL_debug_renderer_info');
      return { plan: 'labels', rows, cores: navigator.hardwareConcurrency, userAgent: navigator.userAgent,
        renderer: debug ? gl.getParameter(debug.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER),
        settings: location.search };
    },
  };
})();
