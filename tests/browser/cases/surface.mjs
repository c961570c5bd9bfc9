// The surface (marching cubes after the compaction), WebGL2 modes: the mesh the GPU
// extracted equals the CPU reference's (hp.mesh vs hp.referenceMesh) across sources, times,
// iso values and sizes, every compaction mode, the edge cases and the readbacks; the export
// is read back by a PLY reader no one here wrote (three.js's PLYLoader); the 3D view has
// goldens in goldens.mjs.
import { PLYLoader } from 'three/examples/jsm/loaders/PLYLoader.js';
import { PNG } from 'pngjs';
import { assert, exactMesh, pngOf, loadBytes, texelOf } from '../lib.mjs';

// The 3D view alone, small: its frames run the surface stages.
const QUERY = 'paused=1&clock=fixed&overlay=0&view=surface&atlas=512';
const cases = [];
const add = (name, run) => cases.push({ name, query: QUERY, run });

for (const source of ['metaballs', 'sphere', 'noise'])
  for (const time of [0.75, 2.5])
    for (const iso of [0.35, 0.6])
      add(`mesh scalar 64³ ${source} t=${time} iso=${iso}`, (page) =>
        exactMesh(page, { pyramid: 'scalar', volume: 64, source, time, iso }, { atLeast: 300 }));

for (const mode of [{ pyramid: 'vec4' }, { pyramid: 'scalar', sums: 'uint' }, { pyramid: 'baseline' }])
  add(`mesh ${Object.values(mode).join(' ')} 64³ noise (the mesh follows any cell compaction)`, (page) =>
    exactMesh(page, { sums: 'float', ...mode, volume: 64, source: 'noise', time: 1.5, iso: 0.5 }, { atLeast: 300 }));

add('mesh, vertex route (the default): no extraction each frame; a read extracts on demand, exact', async (page) => {
  await page.evaluate(() => hp.set({ pyramid: 'scalar', route: 'vertex', volume: 64, source: 'sphere', iso: 0.5, time: 1 })
    .then(() => hp.frames(2)));
  const before = await page.evaluate(() => hp.stats());
  assert(before.mesh && !before.extracted, `route=vertex: mesh ${before.mesh}, extracted ${before.extracted}`);
  await exactMesh(page, {}, { atLeast: 300 });
});
add('mesh, fragment route: extracted every frame, exact', async (page) => {
  await page.evaluate(() => hp.set({ route: 'fragment' }).then(() => hp.frames(1)));
  const s = await page.evaluate(() => hp.stats());
  assert(s.mesh && s.extracted, `route=fragment: mesh ${s.mesh}, extracted ${s.extracted}`);
  await exactMesh(page, { pyramid: 'scalar', volume: 64, source: 'noise', iso: 0.45, time: 2 }, { atLeast: 300 });
  await page.evaluate(() => hp.set({ route: 'vertex' }));
});

// The vertex pyramid's sums follow `sums` (uint sums stay exact past 2^24 vertices: a 512³
// surface has up to 45M): each route draws with uint sums the pixels it draws with float ones.
add('mesh, sums=uint: the vertex and fragment routes draw the pixels float sums draw', async (page) => {
  const shot = async (state) => {
    await page.evaluate((state) => hp.set({ pyramid: 'scalar', volume: 64, source: 'metaballs', iso: 0.5, time: 1,
      color: 'normal', ...state }).then(() => hp.frames(3)), state);
    const s = await page.evaluate(() => hp.stats());
    return { s, png: PNG.sync.read(await page.screenshot({ clip: s.layout.surface })) };
  };
  for (const route of ['vertex', 'fragment']) {
    const f = await shot({ route, sums: 'float' });
    const u = await shot({ route, sums: 'uint' });
    assert(u.s.sums === 'uint' && u.s.vertexCount === f.s.vertexCount && f.s.vertexCount > 1000,
      `${route}: ${f.s.vertexCount} vertices with float sums, ${u.s.vertexCount} with ${u.s.sums}`);
    let differ = 0, lit = 0;
    for (let i = 0; i < f.png.data.length; i += 4) {
      if (f.png.data[i] !== u.png.data[i] || f.png.data[i + 1] !== u.png.data[i + 1] || f.png.data[i + 2] !== u.png.data[i + 2]) differ++;
      if (f.png.data[i] + f.png.data[i + 1] + f.png.data[i + 2] > 120) lit++;
    }
    assert(lit > f.png.data.length / 4 / 20, `${route}: only ${lit} lit pixels: is the surface drawn?`);
    assert(differ === 0, `${route}: ${differ} of ${f.png.data.length / 4} pixels differ between float and uint sums`);
  }
  await page.evaluate(() => hp.set({ sums: 'float', route: 'vertex' }));
});

add('mesh 128³ in 2048² metaballs', (page) =>
  exactMesh(page, { pyramid: 'scalar', sums: 'float', volume: 128, source: 'metaballs', time: 1.25, iso: 0.5 },
    { atLeast: 10000 }));

add('mesh: an empty and a full volume have no triangles', async (page) => {
  for (const iso of [1, 0]) {
    const r = await exactMesh(page, { pyramid: 'scalar', volume: 64, source: 'metaballs', iso }, { atLeast: 0 });
    assert(r.vertices === 0 && r.stats.vertexCount === 0, `iso ${iso}: ${r.vertices} vertices`);
  }
});

add('mesh: one low voxel at the far corner gives one triangle in the last cell', async (page) => {
  const [lx, ly] = texelOf(64, 512, 63, 63, 63);
  const error = await loadBytes(page, pngOf(512, 512, (x, y) => (x === lx && y === ly ? 0 : 1)), { tile: 64 });
  assert(error === '', error);
  const r = await exactMesh(page, { source: 'png', iso: 0.5 });
  assert(r.vertices === 3, `${r.vertices} vertices`);
  const p = await page.evaluate(async () => Array.from((await hp.mesh()).positions));
  assert(p.every((v) => v === 62.5 || v === 63), `positions ${p}`);
});

add('mesh of a PNG atlas (16-bit, a sphere with a notch)', async (page) => {
  const value = (x, y) => {
    const z = Math.floor(y / 64) * 8 + Math.floor(x / 64), px = x % 64, py = y % 64;
    const r = Math.hypot(px - 30, py - 33, z - 31);
    return px > 40 && z > 30 ? 0.1 : Math.max(0, 1 - r / 50);
  };
  const error = await loadBytes(page, pngOf(512, 512, value, { bits: 16 }), { tile: 64 });
  assert(error === '', error);
  await exactMesh(page, { source: 'png', iso: 0.5 }, { atLeast: 1000 });
});

add('mesh: async and expected readback keep the mesh exact; the limit truncates', async (page) => {
  const sync = await exactMesh(page, { source: 'noise', volume: 64, time: 1, iso: 0.5, readback: 'sync' });
  assert(sync.stats.verticesRead && sync.stats.vertexCount === sync.vertices, 'sync reads the total');
  await page.evaluate(() => hp.set({ readback: 'async' }).then(() => hp.frames(6)));
  const a = await exactMesh(page, {});
  assert(!a.stats.verticesRead && a.stats.vertexCount === sync.vertices && a.stats.vertexKeysDrawn >= sync.vertices,
    `async: count ${a.stats.vertexCount}, drawn ${a.stats.vertexKeysDrawn}`);
  const e = await exactMesh(page, { readback: 'expected', expected: 100000 });
  assert(!e.stats.verticesRead && e.vertices === sync.vertices, 'expected mode reads nothing');
  const t = await exactMesh(page, { readback: 'sync' }, { limit: 99 });
  assert(t.given === 99 && t.vertices === sync.vertices, `limit 99 gave ${t.given} of ${t.vertices}`);
});

// Issue 17 changed this test: the PLY is welded now (a vertex per crossing edge, shared by its
// triangles), so three.js reads as many vertices as the mesh has distinct edge ids, and as many
// faces as the GPU's soup has triangles; a procedural volume's world is its voxel grid.
add('export: the welded PLY file opens in three.js: a vertex per crossing edge, the GPU\'s faces', async (page) => {
  await page.evaluate(() => hp.set({ source: 'metaballs', volume: 64, iso: 0.5, time: 1 }));
  const { b64, vertices, distinct } = await page.evaluate(async () => {
    const bytes = await hp.exportMesh();
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    const mesh = await hp.mesh();
    return { b64: btoa(s), vertices: mesh.vertices, distinct: new Set(mesh.edges).size };
  });
  const buf = Buffer.from(b64, 'base64');
  const geometry = new PLYLoader().parse(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.length));
  const pos = geometry.getAttribute('position'), nrm = geometry.getAttribute('normal');
  assert(vertices > 300, `${vertices} vertices`);
  assert(pos && pos.count === distinct, `three.js read ${pos && pos.count} vertices, the mesh has ${distinct} crossing edges`);
  assert(nrm && nrm.count === distinct, 'normals');
  assert(geometry.index && geometry.index.count === vertices, `three.js read ${geometry.index && geometry.index.count / 3} faces`);
  const ref = await page.evaluate(async () => Array.from((await hp.referenceMesh({ limit: 1 })).positions));
  const first = geometry.index.array[0];
  assert([0, 1, 2].every((k) => Math.abs(pos.array[3 * first + k] - ref[k]) < 1e-4), `first vertex ${pos.array.slice(3 * first, 3 * first + 3)} vs ${ref}`);
});

export default cases;
