// What the WebGPU cases (cases/webgpu_*.mjs) share: their page's query, the two modes, a case
// list of their own, and the mesh checks that several files run (meshExact, sharedExact).
import { assert } from './lib.mjs';

// No view (the cases that draw set theirs): a WebGPU mode's views draw copies of its buffers,
// which SwiftShader makes in about 300 ms a frame at 512², more than the compaction itself.
export const QUERY = 'paused=1&clock=fixed&overlay=0&view=none&atlas=512';
export const MODES = ['webgpu-scan', 'webgpu-pyramid'];
// A file's cases, and add(name, run, extra) that adds one on QUERY's page.
export function webgpuCases() {
  const cases = [];
  const add = (name, run, extra = {}) => cases.push({ name, query: QUERY, run, ...extra });
  return { cases, add };
}

// The surface (marching cubes on the compacted cells) against the CPU reference mesh from the
// same atlas: the vertex total exact, every vertex in the same order, positions within 1e-4
// and normals within 1e-3 (the GPU may fuse or reorder float operations); past the capacity
// (S² vertices) none is given. Compared in the page: a 128³ mesh is too large to pass out.
export async function meshExact(page, state, { atLeast = 1 } = {}) {
  const r = await page.evaluate(async (state) => {
    await hp.set(state);
    const gpu = await hp.mesh();
    // The stats of a frame that ran the surface stages (with no view of the surface they run
    // only for the frames a read asks them for, and hp.mesh()'s reads span frames).
    let s = hp.stats();
    for (let i = 0; i < 30 && !s.mesh; i++) {
      hp.testing.call('hp_want_mesh');
      await hp.frames(1);
      s = hp.stats();
    }
    const cpu = await hp.referenceMesh();
    const worst = (a, b, tolerance) => {
      for (let i = 0; i < a.length; i++)
        if (!(Math.abs(a[i] - b[i]) <= tolerance))
          return `vertex ${Math.floor(i / 3)}: GPU [${a.slice(i - i % 3, i - i % 3 + 3)}], CPU [${b.slice(i - i % 3, i - i % 3 + 3)}]`;
      return '';
    };
    return { vertices: gpu.vertices, cpuVertices: cpu.vertices, given: gpu.positions.length / 3,
      capacity: s.atlas * s.atlas,
      stats: { readback: s.readback, pyramid: s.pyramid, mesh: s.mesh, verticesRead: s.verticesRead, vertexCount: s.vertexCount },
      positions: worst(gpu.positions, cpu.positions, 1e-4), normals: worst(gpu.normals, cpu.normals, 1e-3) };
  }, state);
  assert(r.stats.pyramid === state.pyramid || !state.pyramid, `pyramid is ${r.stats.pyramid}`);
  // Sync: this frame's total, read back; async and expected: the newest that arrived, not read this frame.
  assert(r.stats.mesh, 'no frame ran the surface stages');
  assert(r.stats.verticesRead === (r.stats.readback === 'sync'), `${r.stats.readback}: verticesRead ${r.stats.verticesRead}`);
  assert(r.vertices === r.cpuVertices, `vertex total: GPU ${r.vertices}, CPU ${r.cpuVertices}`);
  const given = Math.min(r.cpuVertices, r.capacity);
  assert(r.given === given, `GPU gave ${r.given} vertices of ${r.cpuVertices}, capacity ${r.capacity}`);
  assert(r.cpuVertices >= atLeast, `only ${r.cpuVertices} vertices (the case wants ≥ ${atLeast})`);
  assert(!r.positions, `positions: ${r.positions}`);
  assert(!r.normals, `normals: ${r.normals}`);
  return r;
}

// vertices=shared: a vertex per crossing edge, computed once, the triangles as indices. The
// soup they expand to is the CPU reference mesh (meshExact) and, bit for bit, the soup that
// vertices=soup extracts; the indices weld exactly the corners on one edge (edge ids from the
// stream: one index an edge, one edge an index, all of them below the shared total); and the
// vertex list is in the order the GPU promises: edge (p, axis) by p's Morton index, then axis.
export async function sharedExact(page, state, { atLeast = 1 } = {}) {
  await meshExact(page, { ...state, vertices: 'soup' }, { atLeast });
  const r = await page.evaluate(async () => {
    const soup = await hp.mesh();
    await hp.set({ vertices: 'shared' });
    const shared = await hp.mesh();
    const s = hp.stats();
    const bits = (a) => new Uint32Array(a.buffer, a.byteOffset, a.length);
    const differ = (a, b) => {
      if (a.length !== b.length) return `${a.length} numbers, soup ${b.length}`;
      const x = bits(a), y = bits(b);
      for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return `number ${i}: ${a[i]}, soup ${b[i]}`;
      return '';
    };
    // Edge id (hp.mesh().edges): 3 · (x + X·(y + Y·z)) + axis. Its owner point's Morton index in
    // the atlas: a cubic N³ volume in tiles of N×N, S/N tiles a row.
    const [X, Y] = s.dims, S = s.atlas, tilesPerRow = S / X;
    const spread = (v) => { let m = 0; for (let b = 0; b < 16; b++) m += ((v >> b) & 1) * 2 ** (2 * b); return m; };
    const order = (id) => {
      const axis = id % 3, p = (id - axis) / 3, x = p % X, y = ((p - x) / X) % Y, z = Math.floor(p / (X * Y));
      const tx = (z % tilesPerRow) * X + x, ty = Math.floor(z / tilesPerRow) * Y + y;
      return 3 * (spread(tx) + 2 * spread(ty)) + axis;
    };
    const edgeOf = new Map(), indexOf = new Map();
    let weld = '';
    for (let k = 0; k < shared.indices.length && !weld; k++) {
      const i = shared.indices[k], e = shared.edges[k];
      if (!(i < shared.sharedVertices)) weld = `index ${i} at ${k} is past the ${shared.sharedVertices} vertices`;
      else if (edgeOf.has(i) && edgeOf.get(i) !== e) weld = `index ${i} is on edges ${edgeOf.get(i)} and ${e}`;
      else if (indexOf.has(e) && indexOf.get(e) !== i) weld = `edge ${e} has indices ${indexOf.get(e)} and ${i}`;
      edgeOf.set(i, e); indexOf.set(e, i);
    }
    let ordered = '';
    for (let i = 1; i < edgeOf.size && !ordered; i++)
      if (!(order(edgeOf.get(i)) > order(edgeOf.get(i - 1)))) ordered = `vertex ${i} (edge ${edgeOf.get(i)}) does not follow vertex ${i - 1} (edge ${edgeOf.get(i - 1)})`;
    await hp.set({ vertices: 'soup' });
    return { vertices: shared.vertices, soupVertices: soup.vertices, sharedVertices: shared.sharedVertices,
      statsSetting: s.vertices, edges: indexOf.size, indices: shared.indices.length,
      positions: differ(shared.positions, soup.positions), normals: differ(shared.normals, soup.normals), weld, ordered };
  });
  assert(r.statsSetting === 'shared', `vertices is ${r.statsSetting}`);
  assert(r.vertices === r.soupVertices, `index total ${r.vertices}, soup ${r.soupVertices}`);
  assert(!r.positions && !r.normals, `not the soup's bits: positions ${r.positions}; normals ${r.normals}`);
  assert(!r.weld, r.weld);
  // (hp.mesh() takes sharedVertices from the stats of its mesh frame; a later hp.stats() may be
  // of a frame with no mesh asked for, where it is 0: the view test reads it with the view on.)
  assert(r.edges === r.sharedVertices, `${r.sharedVertices} shared vertices for ${r.edges} distinct edges`);
  assert(r.sharedVertices <= r.vertices / 3,
    `${r.sharedVertices} shared vertices for ${r.vertices} corners: not welded`);
  assert(!r.ordered, r.ordered);
  return r;
}
