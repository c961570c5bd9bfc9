// vertices=shared (WebGPU): a vertex per crossing edge, computed once, the triangles as indices
// (sharedExact, ../webgpu_checks.mjs): with each scan, cells from the stream or from the atlas
// giving the same bits, an empty volume, past the capacity.
import { assert, pngOf, loadBytes } from '../lib.mjs';
import { MODES, sharedExact, webgpuCases } from '../webgpu_checks.mjs';

const { cases, add } = webgpuCases();

// (The scans' own exactness is proven above; shared vertices with scan=single are in the case
// after this one.)
for (const [pyramid, scans] of [['webgpu-scan', ['blocks']], ['webgpu-pyramid', ['blocks']]])
  for (const scan of scans)
    add(`${pyramid} vertices=shared, scan=${scan}, 64³ noise: the soup's bits, one vertex an edge`, async (page) => {
      await sharedExact(page, { pyramid, scan, volume: 64, source: 'noise', classify: 'surface', time: 1.5, iso: 0.45 }, { atLeast: 300 });
      await page.evaluate(() => hp.set({ scan: 'blocks' }));
    });

// The surface's cells come from the stream (classify=surface, the count read or async) or
// from every atlas texel (readback=expected, where an expected count may cut the stream
// short; classify=solid): the same soup and the same indices, bit for bit, either way.
for (const pyramid of MODES)
  add(`${pyramid} mesh: cells from the stream and from the atlas give the same bits (soup and shared)`, async (page) => {
    for (const scan of pyramid === 'webgpu-scan' ? ['blocks', 'single'] : ['blocks']) {
      const r = await page.evaluate(async (state) => {
        const bits = (a) => Array.from(new Uint32Array(a.buffer, a.byteOffset, a.length));
        const take = async (more) => {
          await hp.set({ ...state, ...more });
          const m = await hp.mesh();
          return { n: m.vertices, shared: m.sharedVertices, p: bits(m.positions), q: bits(m.normals), i: Array.from(m.indices) };
        };
        const out = {};
        for (const vertices of ['soup', 'shared']) {
          const stream = await take({ vertices, readback: 'sync' });
          const atlas = await take({ vertices, readback: 'expected', expected: 262144 });
          const same = (a, b) => a.length === b.length && a.every((x, k) => x === b[k]);
          out[vertices] = { n: stream.n, atlasN: atlas.n, shared: stream.shared, atlasShared: atlas.shared,
            positions: same(stream.p, atlas.p), normals: same(stream.q, atlas.q), indices: same(stream.i, atlas.i) };
        }
        await hp.set({ readback: 'sync', vertices: 'soup', scan: 'blocks' });
        return out;
      }, { pyramid, scan, volume: 64, source: 'noise', classify: 'surface', time: 0.5, iso: 0.5 });
      for (const [vertices, o] of Object.entries(r)) {
        assert(o.n > 1000 && o.n === o.atlasN && o.shared === o.atlasShared,
          `${scan} ${vertices}: ${o.n} vertices (${o.shared} shared) from the stream, ${o.atlasN} (${o.atlasShared}) from the atlas`);
        assert(o.positions && o.normals && o.indices,
          `${scan} ${vertices}: positions ${o.positions}, normals ${o.normals}, indices ${o.indices} the same`);
      }
    }
  });

add('webgpu-pyramid vertices=shared: an empty volume, then past the capacity (PNG 512²)', async (page) => {
  const empty = await sharedExact(page, { pyramid: 'webgpu-pyramid', volume: 64, source: 'metaballs', iso: 1 }, { atLeast: 0 });
  assert(empty.vertices === 0 && empty.sharedVertices === 0, `${empty.vertices} indices, ${empty.sharedVertices} vertices`);
  const error = await loadBytes(page, pngOf(512, 512, (x, y) => 0.5 + 0.45 * Math.sin(x / 9) * Math.cos(y / 13), { bits: 16 }), { tile: 64 });
  assert(error === '', error);
  const r = await page.evaluate(async () => {
    await hp.set({ source: 'png', iso: 0.55, vertices: 'shared' });
    const m = await hp.mesh();
    const cpu = await hp.referenceMesh();
    let worst = 0;
    for (let i = 0; i < m.positions.length; i++) worst = Math.max(worst, Math.abs(m.positions[i] - cpu.positions[i]));
    const s = hp.stats();
    await hp.set({ source: 'metaballs', vertices: 'soup' });
    return { vertices: m.vertices, cpu: cpu.vertices, given: m.indices.length, capacity: s.atlas * s.atlas, worst,
      shared: m.sharedVertices };
  });
  assert(r.vertices === r.cpu && r.vertices > r.capacity, `${r.vertices} indices (CPU ${r.cpu}), capacity ${r.capacity}`);
  assert(r.given === r.capacity && r.worst <= 1e-4, `${r.given} given, worst position difference ${r.worst}`);
  assert(r.shared > 0 && r.shared < r.capacity, `${r.shared} shared vertices`);
});

export default cases;
