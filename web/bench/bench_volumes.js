// @ts-check
// The benchmark's two synthetic 16-bit volumes, defined so that any implementation (this demo,
// Mol*, a native one) can rebuild them bit for bit: hpBenchVolumes.make(name, n) returns n³
// samples, x fastest, then y, then z. Iso 0.5 is 32767.5 in sample units; at that iso,
// marching cubes gives blobs 50,036 (128³) and 200,180 (256³) triangles, gyroid 933,908 and
// 3,770,132. Plain double arithmetic in the order written, so every engine gets the same bits.
(function () {
  'use strict';

  // (cx, cy, cz, r) in the unit cube.
  const BALLS = [
    [0.3, 0.35, 0.4, 0.13], [0.65, 0.4, 0.45, 0.16], [0.5, 0.7, 0.55, 0.12], [0.35, 0.65, 0.7, 0.1],
    [0.7, 0.7, 0.3, 0.11], [0.45, 0.3, 0.75, 0.09], [0.55, 0.5, 0.2, 0.1], [0.25, 0.5, 0.5, 0.08],
  ];

  const toSample = (f) => Math.round(65535 * Math.min(1, Math.max(0, f)));

  // Per-axis tables hold the very doubles the per-voxel formula would compute (a squared
  // difference, a sine), so they change the speed and not one sample.
  function axis(n, fn) {
    const t = new Float64Array(n);
    for (let i = 0; i < n; i++) t[i] = fn((i + 0.5) / n);
    return t;
  }

  // f = min(1, Σ r² / (d² + 1e-4) / 4), d the distance to each ball's centre.
  function blobs(n) {
    const out = new Uint16Array(n * n * n);
    const dx = BALLS.map((b) => axis(n, (u) => (u - b[0]) * (u - b[0])));
    const dy = BALLS.map((b) => axis(n, (v) => (v - b[1]) * (v - b[1])));
    const dz = BALLS.map((b) => axis(n, (w) => (w - b[2]) * (w - b[2])));
    const r2 = BALLS.map((b) => b[3] * b[3]);
    let i = 0;
    for (let z = 0; z < n; z++) {
      for (let y = 0; y < n; y++) {
        for (let x = 0; x < n; x++) {
          let s = 0;
          for (let b = 0; b < BALLS.length; b++) s += r2[b] / (dx[b][x] + dy[b][y] + dz[b][z] + 1e-4);
          out[i++] = toSample(Math.min(1, s / 4));
        }
      }
    }
    return out;
  }

  // f = 0.5 + (sin(ku)cos(kv) + sin(kv)cos(kw) + sin(kw)cos(ku)) / 6, k = 12π (six periods).
  function gyroid(n) {
    const out = new Uint16Array(n * n * n);
    const k = 12 * Math.PI;
    const s = axis(n, (t) => Math.sin(k * t));
    const c = axis(n, (t) => Math.cos(k * t));
    let i = 0;
    for (let z = 0; z < n; z++) {
      for (let y = 0; y < n; y++) {
        for (let x = 0; x < n; x++) {
          out[i++] = toSample(0.5 + (s[x] * c[y] + s[y] * c[z] + s[z] * c[x]) / 6);
        }
      }
    }
    return out;
  }

  const MAKERS = { blobs, gyroid };

  window.hpBenchVolumes = {
    names: Object.keys(MAKERS),
    make(name, n) {
      const fn = MAKERS[name];
      if (!fn) throw new Error(`unknown bench volume '${name}' (known: ${Object.keys(MAKERS).join(', ')})`);
      if (!Number.isInteger(n) || n < 2) throw new Error(`bench volume size must be an integer ≥ 2, got ${n}`);
      return fn(n);
    },
  };
})();
