// The WebGPU compute modes (SwiftShader's WebGPU, --enable-unsafe-webgpu): the exact matrix
// against the CPU reference, the same stream as the WebGL2 modes where both read the same
// numbers, the surface against the CPU reference mesh and drawn on the WebGPU canvas, the
// block scan's own cases, and the page without WebGPU.
import { PNG } from 'pngjs';
import { PLYLoader } from 'three/examples/jsm/loaders/PLYLoader.js';
import { assert, exact, compute, sameStream, pngOf, loadBytes, edgeCases } from '../lib.mjs';

// No view (the cases that draw set theirs): a WebGPU mode's views draw copies of its buffers,
// which SwiftShader makes in about 300 ms a frame at 512², more than the compaction itself.
const QUERY = 'paused=1&clock=fixed&overlay=0&view=none&atlas=512';
const MODES = ['webgpu-scan', 'webgpu-pyramid'];
const cases = [];
const add = (name, run, extra = {}) => cases.push({ name, query: QUERY, run, ...extra });

// Every source in both classifications, each at one of two times and iso values (both taken
// by each source over its two classifications; exact.mjs runs WebGL2 at both).
for (const pyramid of MODES)
  ['metaballs', 'sphere', 'noise'].forEach((source, i) =>
    ['surface', 'solid'].forEach((classify, j) => {
      const [time, iso] = [[0.75, 0.35], [2.5, 0.6]][(i + j) % 2];
      add(`${pyramid} 64³ ${source} ${classify} t=${time} iso=${iso}`, (page) =>
        exact(page, { pyramid, volume: 64, source, classify, time, iso }, { atLeast: 50 }));
    }));

for (const pyramid of MODES) {
  add(`${pyramid} 128³ in 2048² noise surface`, (page) =>
    exact(page, { pyramid, volume: 128, source: 'noise', classify: 'surface', time: 1.25, iso: 0.5 }, { atLeast: 1000 }));
  // The 2D workgroup grids (16384² takes 64 rows of 4096 workgroups): the rows narrowed to 7
  // (the test hook hp.testing.gpu.gridRow, read when a pipeline is made), so that 64³ runs every
  // grid on many rows with a partial last one: the stream and the mesh exact.
  add(`${pyramid} 64³ on workgroup grids of rows of 7 (the 2D grids of 16384²): stream and mesh exact`, async (page) => {
    const rebuilt = (row) => page.evaluate(async (pyramid, row) => {
      await hp.set({ pyramid: 'scalar' });
      hp.testing.gpu.gridRow = row;
      await hp.set({ pyramid, volume: 64 });  // a new pipeline, its grids made with the hook
      hp.testing.gpu.gridRow = 0;
    }, pyramid, row);
    await rebuilt(7);
    try {
      await exact(page, { pyramid, volume: 64, source: 'metaballs', classify: 'surface', time: 1.25, iso: 0.5 }, { atLeast: 1000 });
      await exact(page, { source: 'noise', classify: 'solid', iso: 0.55 }, { atLeast: 1000 });
      await meshExact(page, { source: 'noise', classify: 'surface', time: 1.5, iso: 0.45 }, { atLeast: 300 });
    } finally {
      await rebuilt(0);
    }
  });
  edgeCases(add, pyramid);
  add(`${pyramid} PNG atlas: the WebGL2 scalar mode's stream, bit for bit`, async (page) => {
    const on = (x, y) => ((x % 64) + 2 * (y % 64) + 3 * (Math.floor(y / 64) * 8 + Math.floor(x / 64))) % 5 === 0;
    const error = await loadBytes(page, pngOf(512, 512, (x, y) => (on(x, y) ? 1 : 0.25 + 0.5 * ((x * y) % 7) / 7), { bits: 16 }), { tile: 64 });
    assert(error === '', error);
    // One classification a mode (the scan surface, the pyramid solid): each reads the same atlas.
    for (const classify of [pyramid === 'webgpu-scan' ? 'surface' : 'solid']) {
      const webgl = await compute(page, { pyramid: 'scalar', source: 'png', classify, iso: 0.5 });
      await exact(page, { pyramid, source: 'png', classify, iso: 0.5 }, { atLeast: 1000 });
      const webgpu = await compute(page, {});
      sameStream(webgpu.gpu, webgl.gpu, `${classify}: ${pyramid} vs WebGL2 scalar`);
    }
  });
  add(`${pyramid} expected-count mode below, at and above the true count`, async (page) => {
    const truth = await exact(page, { pyramid, volume: 64, source: 'noise', classify: 'surface', iso: 0.5, time: 1,
      readback: 'sync' });
    for (const expected of [Math.floor(truth / 3), truth, truth + 5000, Math.floor(truth / 5)]) {
      const { stats, gpu, cpu } = await compute(page, { readback: 'expected', expected });
      assert(stats.count === expected && !stats.countRead, `count shown ${stats.count}, read ${stats.countRead}`);
      const written = Math.min(expected, truth);
      assert(gpu.length === expected, `read ${gpu.length} entries for expected ${expected}`);
      sameStream(gpu.slice(0, written), cpu.slice(0, written), `expected ${expected}`);
      const stray = gpu.slice(written).findIndex((e) => e.some((v) => v !== 0));
      assert(stray < 0, `expected ${expected}: key ${written + stray} past the written keys is not zero`);
    }
    await page.evaluate(() => hp.set({ readback: 'sync' }));
  });
  add(`${pyramid}: async count arrives with its age, the stream stays exact`, async (page) => {
    await page.evaluate((p) => hp.set({ pyramid: p, volume: 64, source: 'metaballs', classify: 'surface', iso: 0.5,
      time: 1, readback: 'async' }), pyramid);
    await page.evaluate(() => hp.frames(10));
    const { stats, gpu, cpu } = await compute(page, {});
    await page.evaluate(() => hp.set({ readback: 'sync' }));
    assert(stats.readback === 'async' && !stats.countRead, `readback ${stats.readback}, read ${stats.countRead}`);
    assert(stats.count === cpu.length, `count ${stats.count} (${stats.countAge} frames old), CPU ${cpu.length}`);
    sameStream(gpu, cpu);
  });
}

// webgpu-scan's tile scans (scan=rts: reduce-then-scan in three dispatches; scan=single: one
// dispatch, decoupled look-back with fallback): the exact stream and count of every source and
// classification (one time and iso each, in one case: they share the page), 128³ in 2048², the
// edge cases, the expected and async counts; the single pass with its look-back forced to give
// up at once (fallback=1: each workgroup reduces 16 predecessors itself).
for (const scan of ['rts', 'single']) {
  // Each source once, the classifications taken in turn (the two scans take them opposite ways).
  add(`webgpu-scan scan=${scan} 64³ every source, both classifications`, async (page) => {
    const turn = scan === 'rts' ? 0 : 1;
    for (const [i, source] of ['metaballs', 'sphere', 'noise'].entries())
      await exact(page, { pyramid: 'webgpu-scan', scan, volume: 64, source, classify: ['surface', 'solid'][(i + turn) % 2],
        time: 0.75, iso: 0.45 }, { atLeast: 50 });
  });
  // One 128³ case (1,024 tiles, the spine's whole round): SwiftShader takes 20 s for it.
  if (scan === 'single') add(`webgpu-scan scan=${scan} 128³ in 2048² noise surface (1,024 tiles)`, async (page) => {
    await exact(page, { pyramid: 'webgpu-scan', scan, volume: 128, source: 'noise', classify: 'surface', time: 1.25, iso: 0.5 },
      { atLeast: 1000 });
    await page.evaluate(() => hp.set({ volume: 64 }));
  });
  edgeCases(add, 'webgpu-scan', { scan });
  add(`webgpu-scan scan=${scan}: expected count below and above the truth, async count`, async (page) => {
    const truth = await exact(page, { pyramid: 'webgpu-scan', scan, volume: 64, source: 'noise', classify: 'surface',
      iso: 0.5, time: 1, readback: 'sync' });
    for (const expected of [Math.floor(truth / 3), truth + 5000]) {
      const { stats, gpu, cpu } = await compute(page, { readback: 'expected', expected });
      const written = Math.min(expected, truth);
      assert(stats.count === expected && gpu.length === expected, `count ${stats.count}, read ${gpu.length}`);
      sameStream(gpu.slice(0, written), cpu.slice(0, written), `expected ${expected}`);
      const stray = gpu.slice(written).findIndex((e) => e.some((v) => v !== 0));
      assert(stray < 0, `expected ${expected}: key ${written + stray} past the written keys is not zero`);
    }
    await page.evaluate(() => hp.set({ readback: 'async' }).then(() => hp.frames(8)));
    const { stats, gpu, cpu } = await compute(page, {});
    await page.evaluate(() => hp.set({ readback: 'sync' }));
    assert(stats.count === cpu.length, `async count ${stats.count} (${stats.countAge} frames old), CPU ${cpu.length}`);
    sameStream(gpu, cpu);
  });
}
add('webgpu-scan scan=single, fallback=1 (every look-back gives up at once): the exact stream', async (page) => {
  for (const [source, classify] of [['metaballs', 'surface'], ['sphere', 'solid'], ['noise', 'surface']])
    await exact(page, { pyramid: 'webgpu-scan', scan: 'single', fallback: 1, volume: 64, source, classify, time: 2.5,
      iso: 0.55 }, { atLeast: 50 });
  const s = await page.evaluate(() => hp.stats());
  assert(s.scan === 'single' && s.fallback === true, `scan ${s.scan}, fallback ${s.fallback}`);
  await page.evaluate(() => hp.set({ fallback: 0 }));
});
add('webgpu-scan: blocks, rts and single give the same stream, switched frame to frame', async (page) => {
  const state = { pyramid: 'webgpu-scan', volume: 64, source: 'sphere', classify: 'surface', time: 2, iso: 0.5 };
  const a = await compute(page, { ...state, scan: 'blocks' });
  for (const scan of ['rts', 'single', 'blocks']) {
    const b = await compute(page, { scan });
    assert(b.stats.scan === scan && b.stats.count === a.stats.count, `${scan}: count ${b.stats.count}, blocks ${a.stats.count}`);
    sameStream(b.gpu, a.gpu, `${scan} vs blocks`);
  }
});

// The surface (marching cubes on the compacted cells) against the CPU reference mesh from the
// same atlas: the vertex total exact, every vertex in the same order, positions within 1e-4
// and normals within 1e-3 (the GPU may fuse or reorder float operations); past the capacity
// (S² vertices) none is given. Compared in the page: a 128³ mesh is too large to pass out.
async function meshExact(page, state, { atLeast = 1 } = {}) {
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

for (const pyramid of MODES) {
  add(`${pyramid} mesh 64³ metaballs iso 0.35, sphere iso 0.6, noise iso 0.45: the CPU reference mesh`, async (page) => {
    for (const [source, iso] of [['metaballs', 0.35], ['sphere', 0.6], ['noise', 0.45]])
      await meshExact(page, { pyramid, volume: 64, source, classify: 'surface', time: 1.5, iso }, { atLeast: 300 });
  });
  // One 128³ case: SwiftShader takes over a minute for it.
  if (pyramid === 'webgpu-pyramid')
    add(`${pyramid} mesh 128³ in 2048² metaballs`, (page) =>
      meshExact(page, { pyramid, volume: 128, source: 'metaballs', time: 1.25, iso: 0.5 }, { atLeast: 10000 })
        .then(() => page.evaluate(() => hp.set({ volume: 64 }))));
  add(`${pyramid} mesh of an empty volume: no vertices`, async (page) => {
    const r = await meshExact(page, { pyramid, volume: 64, source: 'metaballs', iso: 1 }, { atLeast: 0 });
    assert(r.vertices === 0, `${r.vertices} vertices`);
  });
  add(`${pyramid} mesh of a PNG atlas, more vertices than its capacity (512²)`, async (page) => {
    const error = await loadBytes(page, pngOf(512, 512, (x, y) => 0.5 + 0.45 * Math.sin(x / 9) * Math.cos(y / 13), { bits: 16 }), { tile: 64 });
    assert(error === '', error);
    const r = await meshExact(page, { pyramid, source: 'png', iso: 0.55 }, { atLeast: 1000 });
    assert(r.vertices > r.capacity, `${r.vertices} vertices fit the capacity ${r.capacity}`);
    await page.evaluate(() => hp.set({ source: 'metaballs' }));
  });
  // The scan with the async count, the pyramid with the expected one (the mesh's total is read
  // the same way in both modes).
  const readback = pyramid === 'webgpu-scan' ? 'async' : 'expected';
  add(`${pyramid} mesh with ${readback} readback: the newest total, exact`, async (page) => {
    {
      await page.evaluate((state) => hp.set(state).then(() => hp.frames(6)),
        { pyramid, volume: 64, source: 'noise', time: 0.5, iso: 0.5, readback, expected: 100 });
      const r = await meshExact(page, {}, { atLeast: 300 });
      assert(r.stats.readback === readback && r.stats.verticesRead === false && r.stats.vertexCount === r.cpuVertices,
        `${r.stats.readback}: read ${r.stats.verticesRead}, total ${r.stats.vertexCount} (CPU ${r.cpuVertices})`);
    }
    await page.evaluate(() => hp.set({ readback: 'sync' }));
  });
}

// The tile sums use subgroup operations where the device has `subgroups` (SwiftShader has);
// without them (the page turns them off, the stages are re-made) the stream is the same.
add('webgpu-scan rts and single: the same stream with and without subgroup operations', async (page) => {
  const has = await page.evaluate(() => hp.testing.gpu.device.features.has('subgroups'));
  const state = { pyramid: 'webgpu-scan', volume: 64, source: 'noise', classify: 'surface', time: 0.5, iso: 0.5 };
  for (const scan of ['rts', 'single']) {
    await page.evaluate(() => { hp.testing.gpu.subgroupsOff = false; return hp.set({ scan: 'blocks' }); });
    const a = await exact(page, { ...state, scan }, { atLeast: 100 });
    await page.evaluate(() => { hp.testing.gpu.subgroupsOff = true; return hp.set({ scan: 'blocks' }); });
    const b = await exact(page, { ...state, scan }, { atLeast: 100 });
    assert(a === b, `${scan}: ${a} with subgroups, ${b} without`);
  }
  await page.evaluate(() => { hp.testing.gpu.subgroupsOff = false; return hp.set({ scan: 'blocks' }); });
  return has ? undefined : 'skipped: the device has no subgroups (both runs took the plain path)';
});

// The surface's vertex-count scan follows `scan`: the tile scans compute the counts from the
// atlas themselves (no count stage).
for (const [pyramid, scan] of [['webgpu-scan', 'rts'], ['webgpu-pyramid', 'single']])
  add(`${pyramid} mesh with scan=${scan} 64³ metaballs and noise: the CPU reference mesh`, async (page) => {
    for (const source of ['metaballs', 'noise'])
      await meshExact(page, { pyramid, scan, volume: 64, source, classify: 'surface', time: 1.5, iso: 0.45 }, { atLeast: 300 });
    await meshExact(page, { fallback: 1 }, { atLeast: 300 });
    await page.evaluate(() => hp.set({ scan: 'blocks', fallback: 0 }));
  });

// vertices=shared: a vertex per crossing edge, computed once, the triangles as indices. The
// soup they expand to is the CPU reference mesh (meshExact) and, bit for bit, the soup that
// vertices=soup extracts; the indices weld exactly the corners on one edge (edge ids from the
// stream: one index an edge, one edge an index, all of them below the shared total); and the
// vertex list is in the order the GPU promises: edge (p, axis) by p's Morton index, then axis.
async function sharedExact(page, state, { atLeast = 1 } = {}) {
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

// The stream holds the volume's voxels (not S²: 512³ in 16384² would be a 4 GiB stream), within
// the binding limit. Held here to 1000 keys (the test hook hp.testing.gpu.streamKeys, read when
// a pipeline is made): the count stays exact, the first 1000 keys are the reference's, and
// the surface, made from the stream, is the reference mesh of those keys' cells.
for (const pyramid of MODES)
  add(`${pyramid}: a stream held to 1000 keys: the exact count, the first 1000 keys, the mesh of their cells`, async (page) => {
    const r = await page.evaluate(async (pyramid) => {
      await hp.set({ pyramid: 'scalar', volume: 64 });  // so that the WebGPU mode makes a pipeline of its own
      hp.testing.gpu.streamKeys = 1000;
      await hp.set({ pyramid, source: 'metaballs', classify: 'surface', iso: 0.5, time: 1, readback: 'sync' });
      hp.testing.gpu.streamKeys = 0;  // for the pipelines made after this one
      const mesh = await hp.mesh();
      const s = hp.stats();
      const [gpu, cpu, cpuMesh] = [await hp.stream(), await hp.reference(), await hp.referenceMesh()];
      // The reference mesh's vertices of the first 1000 cells (hp_stream_edges: a vertex each).
      const m = hp.testing.module, at = m._malloc(16 * 1000);
      cpu.slice(0, 1000).forEach((e, i) => m.HEAPF32.set(e, (at >>> 2) + 4 * i));
      const prefix = hp.testing.call('hp_stream_edges', at, 1000);
      m._free(at);
      let differ = '';
      for (let i = 0; i < 3 * prefix && !differ; i++)
        if (!(Math.abs(mesh.positions[i] - cpuMesh.positions[i]) <= 1e-4)) differ = `vertex ${Math.floor(i / 3)}`;
      await hp.set({ pyramid: 'scalar' });  // the next WebGPU pipeline has the whole stream again
      return { count: s.count, keysDrawn: s.keysDrawn, gpu, cpu: cpu.slice(0, 1000), cpuCount: cpu.length,
        vertices: mesh.vertices, prefix, given: mesh.positions.length / 3, differ };
    }, pyramid);
    assert(r.count === r.cpuCount && r.cpuCount > 2000, `count ${r.count}, CPU ${r.cpuCount}`);
    assert(r.keysDrawn === 1000, `${r.keysDrawn} keys written`);
    sameStream(r.gpu, r.cpu, 'the first 1000 keys');
    assert(r.vertices === r.prefix && r.given === r.prefix && r.prefix > 0, `${r.vertices} vertices (${r.given} given) for the first 1000 cells' ${r.prefix}`);
    assert(!r.differ, `not the reference mesh at ${r.differ}`);
  });

// The surface's buffers start at min(S², 2^22) vertices and grow, when a vertex total read back
// does not fit, to the next power of two that holds it. Started here at 1024 (the test hook
// hp.testing.gpu.meshVertices, read when a pipeline is made): the buffers grow to the power of two
// over the reference's vertex total (54,564 here: 65,536), and the mesh is the reference's, whole.
for (const pyramid of MODES)
  add(`${pyramid}: the surface's buffers grow from 1024 vertices to the next power of two that holds the surface, then exact`, async (page) => {
    const r = await page.evaluate(async (pyramid) => {
      const capacity = () => hp.stats().meshCapacity;
      await hp.set({ pyramid: 'scalar', volume: 64 });  // so that the WebGPU mode makes a pipeline of its own
      hp.testing.gpu.meshVertices = 1024;
      await hp.set({ pyramid, source: 'metaballs', classify: 'surface', iso: 0.5, time: 1, readback: 'sync', view: 'none' });
      hp.testing.gpu.meshVertices = 0;  // for the pipelines made after this one
      const first = capacity();
      const mesh = await hp.mesh();  // its frames read the total back, and the buffers grow
      const grown = capacity();
      const cpu = await hp.referenceMesh();
      let differ = '';
      for (let i = 0; i < cpu.positions.length && !differ; i++)
        if (!(Math.abs(mesh.positions[i] - cpu.positions[i]) <= 1e-4)) differ = `vertex ${Math.floor(i / 3)}`;
      await hp.set({ pyramid: 'scalar' });
      return { first, grown, vertices: mesh.vertices, given: mesh.positions.length / 3, cpu: cpu.positions.length / 3, differ };
    }, pyramid);
    assert(r.first === 1024, `the buffers started at ${r.first} vertices`);
    assert(r.cpu > 4096, `the reference has ${r.cpu} vertices`);
    const want = 2 ** Math.ceil(Math.log2(r.cpu));
    assert(r.grown === want, `grown to ${r.grown} vertices, not ${want} (the next power of two over ${r.cpu})`);
    assert(r.vertices === r.cpu && r.given === r.cpu, `${r.vertices} vertices (${r.given} given), the reference ${r.cpu}`);
    assert(!r.differ, `not the reference mesh at ${r.differ}`);
  });

// vertices=shared: the exported PLY is the GPU's own mesh: its vertex list and its indices (a
// PLY reader no one here wrote reads it), face k the soup's triangle k, and as many vertices
// as the CPU's export welds by edge id (the same welding); closed=true still goes to the CPU.
add('webgpu-scan vertices=shared: the PLY export is the GPU\'s vertices and indices', async (page) => {
  const r = await page.evaluate(async () => {
    await hp.set({ pyramid: 'webgpu-scan', volume: 64, source: 'metaballs', classify: 'surface', iso: 0.5, time: 1, vertices: 'shared' });
    const b64 = (bytes) => { let s = ''; for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000)); return btoa(s); };
    const gpu = await hp.exportMesh();
    const soup = await hp.mesh();
    await hp.set({ vertices: 'soup' });
    const cpu = await hp.exportMesh();  // welded on the CPU by edge id
    return { gpu: b64(gpu), cpu: b64(cpu), positions: Array.from(soup.positions), vertices: soup.vertices, shared: soup.sharedVertices };
  });
  const read = (b64) => { const buf = Buffer.from(b64, 'base64'); return new PLYLoader().parse(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.length)); };
  const gpu = read(r.gpu), cpu = read(r.cpu);
  const pos = gpu.getAttribute('position').array, index = gpu.index.array;
  assert(gpu.getAttribute('position').count === r.shared && r.shared > 300, `${gpu.getAttribute('position').count} vertices, the GPU has ${r.shared}`);
  assert(cpu.getAttribute('position').count === r.shared, `the CPU welds ${cpu.getAttribute('position').count} vertices, the GPU ${r.shared}`);
  assert(index.length === r.vertices && cpu.index.count === r.vertices, `${index.length / 3} faces (CPU ${cpu.index.count / 3}), the soup has ${r.vertices / 3}`);
  for (let k = 0; k < index.length; k++)
    for (let c = 0; c < 3; c++)
      assert(pos[3 * index[k] + c] === Math.fround(r.positions[3 * k + c]), `face ${Math.floor(k / 3)} corner ${k % 3}: ${pos.slice(3 * index[k], 3 * index[k] + 3)} is not the soup's ${r.positions.slice(3 * k, 3 * k + 3)}`);
});

// 512³ takes a 16384² atlas: past WebGL2's (its float sums, its S² stream texture), so WebGL2
// refuses it with the way out; a WebGPU mode runs it, or, where the GPU has no memory for its
// buffers (SwiftShader's 1 GiB atlas here), says so and the settings before it run again.
add('volume=512: refused by WebGL2 with the way out (float sums; uint sums past the GPU\'s largest texture); a WebGPU mode runs it or says the GPU has no memory for it', async (page) => {
  const r = await page.evaluate(async () => {
    await hp.set({ pyramid: 'scalar', volume: 64, source: 'metaballs', readback: 'sync', sums: 'float' });
    const gl = await hp.set({ volume: 512 }).then(() => '', (e) => e.message);
    const probe = document.createElement('canvas').getContext('webgl2');
    const max = probe.getParameter(probe.MAX_TEXTURE_SIZE);
    await hp.set({ sums: 'uint' });
    const uint = max < 16384 ? await hp.set({ volume: 512 }).then(() => '', (e) => e.message) : 'not tried';
    await hp.set({ sums: 'float' });
    const after = hp.stats();
    await hp.set({ pyramid: 'webgpu-scan' });
    const before = hp.stats().frame;
    await hp.set({ volume: 512 });
    await hp.frames(8);
    for (let i = 0; i < 200 && hp.stats().volume === 512 && !hp.stats().count; i++) await hp.frames(1);
    const s = hp.stats();
    await hp.frames(3);
    return { gl, uint, max, after: { volume: after.volume, pyramid: after.pyramid }, s: { volume: s.volume, dims: s.dims, count: s.count,
      message: s.message, pyramid: s.pyramid, atlas: s.atlas }, before, frame: hp.stats().frame };
  });
  // (sums=uint is offered only where the GPU's largest texture holds 16384²)
  const uintWay = r.max >= 16384 ? 'sums=uint holds up to 16384² here, ' : '';
  assert(r.gl.includes(`volume=512 needs a 16384² atlas, larger than WebGL2's largest with float sums, where they stay exact (4096²): ${uintWay}the WebGPU modes hold up to 16384²`),
    `WebGL2, float sums, MAX_TEXTURE_SIZE ${r.max}: '${r.gl}'`);
  assert(r.max >= 16384 || new RegExp(`volume=512 needs a 16384² atlas, larger than this GPU's largest texture \\(${r.max}²\\): the WebGPU modes hold up to 16384²`).test(r.uint),
    `WebGL2, uint sums, MAX_TEXTURE_SIZE ${r.max}: '${r.uint}'`);
  assert(r.after.volume === 64 && r.after.pyramid === 'scalar', `after the refusal: ${JSON.stringify(r.after)}`);
  if (r.s.volume === 512) {
    assert(r.s.atlas === 16384 && r.s.count > 0, `512³ ran: ${JSON.stringify(r.s)}`);
  } else {
    assert(/the GPU has no memory for WebGPU's .* buffer; the previous settings run again/.test(r.s.message),
      `not run, and the page says: '${r.s.message}'`);
    assert(r.s.volume === 64 && r.s.pyramid === 'webgpu-scan' && r.s.count > 0, `back to: ${JSON.stringify(r.s)}`);
  }
  assert(r.frame > r.before, 'frames stopped');
}, { timeout: 300 });

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

// Drawn indexed (drawIndexedIndirect): the same triangles at the same places, so the same
// pixels as the soup drawn by drawIndirect.
add('webgpu-scan vertices=shared: the 3D view draws the pixels the soup draws', async (page) => {
  const shot = async (vertices) => {
    await page.evaluate((vertices) => hp.set({ pyramid: 'webgpu-scan', view: 'surface', volume: 64, source: 'metaballs',
      iso: 0.5, time: 1, color: 'normal', vertices }).then(() => hp.frames(4)), vertices);
    const r = await page.evaluate(() => {
      const b = document.getElementById('gpu-surface').getBoundingClientRect();
      return { x: b.x, y: b.y, width: b.width, height: b.height };
    });
    return PNG.sync.read(await page.screenshot({ clip: r }));
  };
  const soup = await shot('soup');
  const shared = await shot('shared');
  const s = await page.evaluate(() => hp.stats());
  await page.evaluate(() => hp.set({ view: 'none', vertices: 'soup' }));
  assert(s.sharedVertexCount > 1000 && s.vertexCount > 3 * s.sharedVertexCount / 2,
    `${s.sharedVertexCount} shared vertices, ${s.vertexCount} indices`);
  let differ = 0, lit = 0;
  for (let i = 0; i < soup.data.length; i += 4) {
    if (Math.abs(soup.data[i] - shared.data[i]) + Math.abs(soup.data[i + 1] - shared.data[i + 1]) +
      Math.abs(soup.data[i + 2] - shared.data[i + 2]) > 6) differ++;
    if (soup.data[i] + soup.data[i + 1] + soup.data[i + 2] > 120) lit++;
  }
  assert(lit > soup.data.length / 4 / 20, `only ${lit} lit pixels: is the surface drawn?`);
  assert(differ === 0, `${differ} of ${soup.data.length / 4} pixels differ from the soup's`);
});

// The 3D view binds the surface's buffers by their ids and binds again only where an id changed
// (compute_surface_view.cpp). A buffer released and another made in its place (a mesh re-made
// for a new scan) takes the freed table slot: with bare slots as ids (the code before) the new
// buffer had the old one's id, so an id kept past its release named the new buffer and a bind
// group made with it bound whatever took the slot. Ids carry the slot's generation, and the
// bind-group builder refuses one that names nothing live: id 0, the kernel's error and the
// library's recorded, no exception through wasm. A group of the new buffer is made as ever.
add('WebGPU ids: a bind group asked for with a released buffer\'s id is refused (no stale bind group)', async (page) => {
  await page.evaluate(() => hp.set({ pyramid: 'webgpu-scan', volume: 64 }));
  const r = await page.evaluate(() => {
    const before = hp.testing.gpu.errors.length;
    let out;
    try {
      out = hp.testing.call('hp_webgpu_id_check');
    } catch (e) {
      return { thrown: `${e.name}: ${e.message}` };
    }
    const recorded = hp.testing.gpu.errors.splice(before);  // taken, so that the page does not show them
    return { out, recorded };
  });
  assert(!r.thrown, `the builder threw through wasm: ${r.thrown}`);
  const [ids, refusal, error] = r.out.split('|');
  const [first, second, stale, fresh] = ids.split(' ').map(Number);
  assert(first > 0 && second > 0 && error === '', `'${r.out}'`);
  assert((first & 0xffff) === (second & 0xffff), `the second buffer did not take the first's slot: ${first}, ${second}`);
  assert(stale === 0, `a bind group was made with the released buffer's id ${first} (group ${stale}; the new buffer is ${second})`);
  assert(/stream_tail\.wgsl: refused, a buffer bound was released/.test(refusal), `the kernel's error: '${refusal}'`);
  assert(r.recorded.length === 1 && /bind group: binding 2's buffer is id \d+, which names no live object/.test(r.recorded[0]),
    `the library's errors: ${JSON.stringify(r.recorded)}`);
  assert(fresh > 0, `no bind group of the new buffer: '${r.out}'`);
});

add('webgpu-scan surface: drawn on the WebGPU canvas under the GL one, hidden with the view', async (page) => {
  const shown = () => page.evaluate(() => !document.getElementById('gpu-surface').hidden);
  await page.evaluate(() => hp.set({ pyramid: 'webgpu-scan', view: 'surface', volume: 64, source: 'metaballs', iso: 0.5 })
    .then(() => hp.frames(3)));
  assert(await shown(), 'the WebGPU canvas is hidden');
  const s = await page.evaluate(() => hp.stats());
  assert(s.mesh && s.verticesRead && s.vertexCount > 1000 && s.vertexKeysDrawn === s.vertexCount,
    `mesh ${s.mesh}, read ${s.verticesRead}, ${s.vertexCount} vertices, ${s.vertexKeysDrawn} drawn`);
  const rect = await page.evaluate(() => {
    const r = document.getElementById('gpu-surface').getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  });
  assert(rect.width > 100 && rect.height > 100, `canvas at ${JSON.stringify(rect)}`);
  await new Promise((resolve) => setTimeout(resolve, 500));  // the WebGPU canvas's frame reaches the page
  const shot = PNG.sync.read(await page.screenshot({ clip: rect }));
  let lit = 0;  // pixels neither the view's background (15, 18, 23) nor the page's
  for (let i = 0; i < shot.data.length; i += 4)
    if (Math.max(Math.abs(shot.data[i] - 15), Math.abs(shot.data[i + 1] - 18), Math.abs(shot.data[i + 2] - 23)) > 24) lit++;
  const share = lit / (shot.width * shot.height);
  assert(share > 0.05, `only ${(100 * share).toFixed(2)}% of the panel shows the surface`);
  await page.evaluate(() => hp.set({ view: 'stream' }));
  assert(!(await shown()), 'the WebGPU canvas stays shown without the 3D view');
  await page.evaluate(() => hp.set({ view: 'surface', pyramid: 'scalar' }));
  assert(!(await shown()), 'the WebGPU canvas stays shown in a WebGL2 mode');
}, { query: 'paused=1&clock=fixed&overlay=0&atlas=512', fresh: true });

add('webgpu-scan and webgpu-pyramid streams are bit-identical, and equal WebGL2 on the sphere', async (page) => {
  const state = { volume: 64, source: 'sphere', classify: 'surface', time: 2, iso: 0.5 };
  const a = await compute(page, { pyramid: 'webgpu-scan', ...state });
  const b = await compute(page, { pyramid: 'webgpu-pyramid' });
  assert(a.stats.count > 100 && a.stats.count === b.stats.count, `counts ${a.stats.count} and ${b.stats.count}`);
  sameStream(b.gpu, a.gpu, 'pyramid vs scan');
  const c = await compute(page, { pyramid: 'scalar' });
  sameStream(a.gpu, c.gpu, 'WebGPU vs WebGL2 (same formulas, same SwiftShader)');
});

// The block scan alone, through hp.webgpuScan (the same class and kernels as the mode).
const SCANS = [
  ['a single block (1000 values)', 1000, (i) => (i * 7) % 3 === 0],
  ['exactly one block (1024)', 1024, (i) => i % 2],
  ['not a multiple of the block (1025)', 1025, (i) => (i * 13) % 5 === 0],
  ['not a multiple of the block (3001)', 3001, (i) => i % 3 === 1],
  ['all-active and none-active blocks', 5000, (i) => (i >= 1024 && i < 2048) || i === 4999],
  ['two levels of block sums (1,100,000)', 1100000, (i) => (i * 2654435761) % 7 < 2],
  ['three levels of block sums (1024² + 1, ones)', 1024 * 1024 + 1, () => 1],
  ['values above one (counts up to 9)', 70000, (i) => i % 10],
];
for (const [what, n, value] of SCANS)
  add(`block scan: ${what}`, async (page) => {
    const r = await page.evaluate(async (n, fn) => {
      const value = new Function('i', `return (${fn})(i)`);
      const v = new Uint32Array(n);
      for (let i = 0; i < n; i++) v[i] = Number(value(i));
      const { scan, total } = await hp.webgpuScan(v);
      let sum = 0;
      for (let i = 0; i < n; i++) {
        if (scan[i] !== sum) return `index ${i}: GPU ${scan[i]}, CPU ${sum}`;
        sum += v[i];
      }
      return total === sum ? '' : `total: GPU ${total}, CPU ${sum}`;
    }, n, value.toString());
    assert(r === '', r);
  });

// The tile scans alone (tiles of 4096 values), through hp.webgpuScan: sizes around the tile,
// many tiles, all- and none-active tiles, values above one; the single pass also with every
// look-back giving up at once (each workgroup reduces all its predecessors itself).
const T = 4096;  // the functions run in the page: they spell the tile out
const TILE_SCANS = [
  ['one value', 1, () => 1],
  ['a tile less one (4095)', T - 1, (i) => (i * 7) % 3 === 0],
  ['one tile (4096)', T, (i) => i % 2],
  ['a tile and one (4097)', T + 1, (i) => (i * 13) % 5 === 0],
  ['all-active and none-active tiles', 5 * T + 3, (i) => (i >= 4096 && i < 2 * 4096) || i >= 4 * 4096],
  ['many tiles (70 tiles and 123, counts up to 9)', 70 * T + 123, (i) => (i * 2654435761) % 10],
  // More than one round of the look-back (256 posts a round): 260 tiles and 5.
  ['260 tiles and 5 (two rounds of look-back)', 260 * T + 5, (i) => (i % 7) % 2],
];
add('WebGPU tile scans alone (rts, single, single with fallback, single over aggregates) at sizes around the tile', async (page) => {
  for (const [what, n, value] of TILE_SCANS)
    for (const [scan, fallback] of [['rts', false], ['single', false], ['single', true], ['single', 'aggregates']]) {
      const r = await page.evaluate(async (n, fn, scan, fallback) => {
        const value = new Function('i', `return (${fn})(i)`);
        const v = new Uint32Array(n);
        for (let i = 0; i < n; i++) v[i] = Number(value(i));
        const { scan: out, total } = await hp.webgpuScan(v, { scan, fallback });
        let sum = 0;
        for (let i = 0; i < n; i++) {
          if (out[i] !== sum) return `index ${i}: GPU ${out[i]}, CPU ${sum}`;
          sum += v[i];
        }
        return total === sum ? '' : `total: GPU ${total}, CPU ${sum}`;
      }, n, value.toString(), scan, fallback);
      assert(r === '', `${what}, scan=${scan}${fallback ? ` with fallback ${fallback}` : ''}: ${r}`);
    }
});

// Without WebGPU the modes are refused with the reason, shown, and WebGL2 goes on.
add('no navigator.gpu: the WebGPU modes are refused with the reason, WebGL2 runs on', async (page) => {
  const s = await page.evaluate(() => hp.stats());
  assert(/no navigator\.gpu/.test(s.webgpu), `stats.webgpu is '${s.webgpu}'`);
  const error = await page.evaluate(() => hp.set({ pyramid: 'webgpu-scan' }).then(() => '', (e) => e.message));
  assert(/pyramid=webgpu-scan needs WebGPU: this browser has no navigator\.gpu/.test(error), `rejection: '${error}'`);
  const after = await page.evaluate(() => hp.frames(2).then(() => hp.stats()));
  assert(after.backend === 'webgl2' && after.pyramid === 'scalar', `now ${after.backend} ${after.pyramid}`);
  await exact(page, { volume: 64, source: 'metaballs', classify: 'surface', time: 1, iso: 0.5 });
}, { setup: (page) => page.evaluateOnNewDocument(() => { delete Navigator.prototype.gpu; }) });

add('WebGPU device lost: back to WebGL2 with the reason, still exact', async (page) => {
  await page.evaluate(() => hp.set({ pyramid: 'webgpu-scan', volume: 64 }));
  await page.evaluate(() => hp.testing.gpu.device.destroy());
  await page.waitForFunction(() => hp.stats().backend === 'webgl2', { timeout: 20000 });
  const s = await page.evaluate(() => hp.frames(2).then(() => hp.stats()));
  assert(/device was lost/.test(s.message) && /device was lost/.test(s.webgpu), `message '${s.message}', webgpu '${s.webgpu}'`);
  const error = await page.evaluate(() => hp.set({ pyramid: 'webgpu-pyramid' }).then(() => '', (e) => e.message));
  assert(/needs WebGPU: the WebGPU device was lost/.test(error), `rejection: '${error}'`);
  await exact(page, { pyramid: 'scalar', source: 'metaballs', classify: 'surface', time: 1, iso: 0.5 });
}, { fresh: true });

add('URL pyramid=webgpu-pyramid starts in WebGPU', async (page) => {
  const s = await page.evaluate(() => hp.stats());
  assert(s.backend === 'webgpu' && s.pyramid === 'webgpu-pyramid', `${s.backend} ${s.pyramid}`);
  await exact(page, { source: 'sphere', classify: 'solid', iso: 0.5 });
}, { query: QUERY + '&pyramid=webgpu-pyramid&volume=64', fresh: true });

export default cases;
