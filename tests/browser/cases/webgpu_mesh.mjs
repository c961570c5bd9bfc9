// The WebGPU surface (marching cubes on the compacted cells) against the CPU reference mesh: every
// mode and readback, an empty volume, past the capacity, with and without subgroup operations,
// with each tile scan; the stream held to fewer keys and the surface's buffers grown (the test
// hooks read when a pipeline is made); the PLY of vertices=shared; and 512³ (16384²), refused by
// WebGL2 with the way out and run (or refused for memory) in WebGPU.
import { PLYLoader } from 'three/examples/jsm/loaders/PLYLoader.js';
import { assert, exact, sameStream, pngOf, loadBytes } from '../lib.mjs';
import { MODES, meshExact, webgpuCases } from '../webgpu_checks.mjs';

const { cases, add } = webgpuCases();

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

export default cases;
