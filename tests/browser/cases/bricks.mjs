// A loaded volume's surface made in bricks (issue 40; app/gpu/bricked_surface.h): the first
// level compacts the bricks straddling the iso, the pool's residency puts them into slots in
// rounds, and each round meshes its bricks' cells. Against the CPU reference of the whole
// volume (every triangle, its vertices and normals), in 8³ bricks, rounds of 4 over a pool of 15 slots
// (rounds, evictions and uploads again), a 16-bit volume with a scaling whose values float16
// would round; an iso change that needs no new brick uploads nothing; a crop box (its outside read
// as the background) in both backends; a label map (classify=labels) in bricks of voxels, in both;
// a hollow shell's volume, in both.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { assert } from '../lib.mjs';
import { voxels, nifti, loadVolumeBytes } from '../volume_files.mjs';
import { DIMS as SHELL_DIMS, blobs } from './shell.mjs';

const QUERY = 'paused=1&clock=fixed&overlay=0&view=none&volume=64';  // 64³ at first: each case loads or sets its own volume
const cases = [];
const add = (name, run, extra = {}) => cases.push({ name, query: QUERY, run, ...extra });

// 72×64×56 int16 (stored 460 to 3540), slope 0.5 and intercept −1000: two blobs and a ripple, odd values past 2048
// (float16 holds only even ones there), so that the surface crosses many brick faces.
const DIMS = [72, 64, 56];
const value = (x, y, z) => {
  const blob = (cx, cy, cz, r) => Math.exp(-(((x - cx) / r) ** 2 + ((y - cy) / r) ** 2 + ((z - cz) / (0.8 * r)) ** 2));
  return Math.round(500 + 3000 * blob(24, 30, 26, 17) + 2500 * blob(52, 36, 30, 13) + 40 * Math.sin(x / 3 + y / 5 + z / 4)) | 1;
};
// A budget of 0.1 MiB: rounds of 4 8³ bricks (their table, base, vertex counts and pyramids,
// 64² each: 64.2 KB; 5 would take 256 KB) and a pool of 15 slots (11³ int16 each, the volume's
// stored type) in the rest.
const SMALL_POOL = 0.1;

// The bricked mesh (hp.mesh) against the CPU reference's (hp.referenceMesh) at `state`, inside
// the page: the vertex totals equal and every reference triangle found once among the GPU's
// (the rounds give them in another order), each of its vertices named by the cell edge it lies
// on (no iso here equals a voxel, so each lies strictly inside its edge), its positions within
// 1e-4 voxel and normals within 1e-3. Returns the stats of the frame.
async function bricksExact(page, state, { atLeast = 1 } = {}) {
  const r = await page.evaluate(async (state) => {
    await hp.set(state);
    const gpu = await hp.mesh(), cpu = await hp.referenceMesh();
    const stats = hp.stats();
    if (gpu.vertices !== cpu.vertices) return { error: `vertex total: GPU ${gpu.vertices}, CPU ${cpu.vertices}`, stats };
    if (gpu.positions.length !== cpu.positions.length) return { error: `GPU gave ${gpu.positions.length / 3} vertices of ${cpu.vertices}`, stats };
    const edge = (p, v) => {
      const c = [0, 1, 2].map((a) => Math.floor(p[3 * v + a]));
      const axis = [0, 1, 2].find((a) => p[3 * v + a] !== c[a]);
      return `${c}:${axis}`;
    };
    // A triangle's key: its edges from the least, in its winding order.
    const key = (p, t) => {
      const e = [edge(p, 3 * t), edge(p, 3 * t + 1), edge(p, 3 * t + 2)];
      const first = e.indexOf([...e].sort()[0]);
      return [0, 1, 2].map((k) => e[(first + k) % 3]).join(' ');
    };
    const found = new Map();
    const triangles = cpu.vertices / 3;
    for (let t = 0; t < triangles; t++) {
      const k = key(gpu.positions, t);
      if (found.has(k)) return { error: `the GPU's triangle ${t} (${k}) twice`, stats };
      found.set(k, t);
    }
    for (let t = 0; t < triangles; t++) {
      const k = key(cpu.positions, t);
      const g = found.get(k);
      if (g === undefined) return { error: `the reference's triangle ${t} (${k}) is not among the GPU's`, stats };
      for (let c = 0; c < 9; c++) {
        const a = 9 * g + c, b = 9 * t + c;
        if (!(Math.abs(gpu.positions[a] - cpu.positions[b]) <= 1e-4)) return { error: `triangle ${t} position: GPU ${gpu.positions[a]}, CPU ${cpu.positions[b]}`, stats };
        if (!(Math.abs(gpu.normals[a] - cpu.normals[b]) <= 1e-3)) return { error: `triangle ${t} normal: GPU ${gpu.normals[a]}, CPU ${cpu.normals[b]}`, stats };
      }
    }
    return { vertices: cpu.vertices, stats };
  }, state);
  if (r.error) throw new Error(`${JSON.stringify(state)}: ${r.error} (bricks ${JSON.stringify(r.stats?.bricks)})`);
  assert(r.vertices >= atLeast, `only ${r.vertices} vertices (the case wants ≥ ${atLeast})`);
  const b = r.stats.bricks;
  assert(b && b.surface && b.surface.vertices === r.vertices, `the surface is not the bricks': ${JSON.stringify(b)}`);
  return r.stats;
}

async function open(page) {
  const r = await loadVolumeBytes(page, nifti(DIMS, 'int16', voxels(DIMS, 'int16', value), { slope: 0.5, inter: -1000 }),
    { name: 'bricks.nii' });
  assert(!r.error, r.error);
}

add('bricks=on: the surface in 8³ bricks, rounds of 4 over a pool of 15 slots is the CPU reference\'s, in rounds that evict and upload again (scalar, vec4)', async (page) => {
  await open(page);
  for (const [pyramid, sums, iso] of [['scalar', 'float', 0.5 * 2050 - 1000], ['vec4', 'uint', 0.5 * 1600 - 1000],
    ['baseline', 'float', 0.5 * 2050 - 1000]]) {
    const s = await bricksExact(page, { bricks: 'on', brick: 8, poolMb: SMALL_POOL, pyramid, sums, iso }, { atLeast: 3000 });
    const f = s.bricks.surface;
    assert(f.brick === 8 && f.slots === 15 && f.round === 4, `brick ${f.brick}, slots ${f.slots}, round ${f.round}`);
    assert(f.rounds === Math.ceil(f.active / 4) && f.rounds > 3, `${f.active} active bricks in ${f.rounds} rounds of 4`);
    // Each round uploads what it lacks: with more bricks than slots every one is written anew
    // (another pyramid: another backend, a new pool).
    assert(f.uploaded === f.active && f.uploads === f.uploaded, `uploaded ${f.uploaded} of ${f.active}, ${f.uploads} in all`);
  }
  // The same bricks at a nearby iso: the first rounds take the 15 left resident, the rest are
  // written again.
  const again = (await bricksExact(page, { iso: 0.5 * 2049.5 - 1000 }, { atLeast: 3000 })).bricks.surface;
  assert(again.uploaded === again.active - 15, `uploaded ${again.uploaded} of ${again.active} again`);
  // The Explain view's walk names the key's brick (its voxel over 8), one the first level took,
  // and its own pyramid's count: the brick's cells the iso crosses, as counted here.
  const { walks, iso } = await page.evaluate(async () => {
    const n = hp.stats().count;
    return { walks: await Promise.all([0, Math.floor(n / 3), n - 1].map((k) => hp.explain(k))), iso: hp.stats().iso };
  });
  const data = (x, y, z) => 0.5 * value(x, y, z) - 1000;
  for (const w of walks) {
    const at = w.voxel.map((v) => Math.floor(v / 8));
    let cells = 0;
    for (let z = 8 * at[2]; z < Math.min(8 * at[2] + 8, DIMS[2] - 1); z++)
      for (let y = 8 * at[1]; y < Math.min(8 * at[1] + 8, DIMS[1] - 1); y++)
        for (let x = 8 * at[0]; x < Math.min(8 * at[0] + 8, DIMS[0] - 1); x++) {
          let below = 0;
          for (let c = 0; c < 8; c++) below += data(x + (c & 1), y + ((c >> 1) & 1), z + (c >> 2)) < iso ? 1 : 0;
          cells += below !== 0 && below !== 8 ? 1 : 0;
        }
    assert(w.brick && w.brick.active === true && JSON.stringify(w.brick.at) === JSON.stringify(at) && w.brick.count === cells && cells > 0,
      `key ${w.key} at ${w.voxel}: ${JSON.stringify(w.brick)}, ${cells} cells crossed`);
  }
});

add('bricks=on: an iso change whose bricks are resident uploads nothing; 16³ and 32³ bricks give the same surface', async (page) => {
  await open(page);
  const first = (await bricksExact(page, { bricks: 'on', brick: 8, poolMb: 64, iso: 0.5 * 2050 - 1000 }, { atLeast: 3000 })).bricks.surface;
  assert(first.rounds === 1 && first.uploaded === first.active, JSON.stringify(first));
  // Another iso with bricks of its own: only those are written.
  const second = (await bricksExact(page, { iso: 0.5 * 1200 - 1000 }, { atLeast: 3000 })).bricks.surface;
  assert(second.uploaded > 0 && second.uploaded < second.active, `the second iso uploaded ${second.uploaded} of ${second.active}`);
  // Back, and to an iso between the same voxel values: every brick it needs is resident.
  for (const iso of [0.5 * 2050 - 1000, 0.5 * 2049.5 - 1000]) {
    const again = (await bricksExact(page, { iso }, { atLeast: 3000 })).bricks.surface;
    assert(again.uploaded === 0 && again.uploads === first.uploads + second.uploaded, `iso ${iso}: ${JSON.stringify(again)}`);
  }
  for (const brick of [16, 32]) {
    const f = (await bricksExact(page, { brick }, { atLeast: 3000 })).bricks.surface;
    assert(f.brick === brick && f.uploaded === f.active, JSON.stringify(f));
  }
});

// WebGPU (app/webgpu/bricked_mesh.h): the pool a storage buffer in the stored type, a round as
// large as the pool, three kernels and a scan a round with no read-back between rounds. A budget
// of 0.03 MiB holds 11 slots of 11³ int16 (2664 bytes each): rounds of 11 that evict and upload
// again. The surface's buffers start at 1024 vertices (the test hook) and grow to hold it.
const WEBGPU_POOL = 0.03;
add('bricks=on in WebGPU: the surface in 8³ bricks, rounds of 11 over an 11-slot pool, buffers grown from 1024 vertices, is the CPU reference\'s (webgpu-scan, webgpu-pyramid)', async (page) => {
  await open(page);
  const iso = 0.5 * 2050 - 1000;
  for (const pyramid of ['webgpu-scan', 'webgpu-pyramid']) {
    await page.evaluate(async (pyramid) => {
      await hp.set({ pyramid: 'scalar', bricks: 'auto' });
      hp.testing.gpu.meshVertices = 1024;
      await hp.set({ pyramid });
      hp.testing.gpu.meshVertices = 0;
    }, pyramid);
    const s = await bricksExact(page, { bricks: 'on', brick: 8, poolMb: WEBGPU_POOL, iso }, { atLeast: 3000 });
    const f = s.bricks.surface;
    assert(s.backend === 'webgpu' && f.brick === 8 && f.slots === 11 && f.round === 11, `${s.backend}: ${JSON.stringify(f)}`);
    assert(f.rounds === Math.ceil(f.active / 11) && f.rounds > 3, `${f.active} active bricks in ${f.rounds} rounds of 11`);
    assert(f.uploaded === f.active, `uploaded ${f.uploaded} of ${f.active}`);
    assert(s.meshCapacity > 1024 && s.meshCapacity >= f.vertices, `the buffers hold ${s.meshCapacity} vertices of ${f.vertices}`);
    // The rounds' GPU time, from the first's start to the last's end, where the device has
    // timestamp-query: within the CPU's span from the first round issued to the total's arrival.
    const timed = await page.evaluate(() => hp.testing.gpu.device.features.has('timestamp-query'));
    assert(timed ? f.ms.gpu > 0 && f.ms.gpu <= f.ms.issue + f.ms.wait + 1 : f.ms.gpu === null,
      `timestamp-query ${timed}: ms ${JSON.stringify(f.ms)}`);
  }
  // A nearby iso: the first round takes the 11 left resident, the rest are written again.
  const again = (await bricksExact(page, { iso: 0.5 * 2049.5 - 1000 }, { atLeast: 3000 })).bricks.surface;
  assert(again.uploaded === again.active - 11, `uploaded ${again.uploaded} of ${again.active} again`);
  // A pool that holds the set: one round, and an iso between the same voxel values uploads nothing.
  const first = (await bricksExact(page, { poolMb: 16, iso }, { atLeast: 3000 })).bricks.surface;
  assert(first.rounds === 1 && first.uploaded === first.active, JSON.stringify(first));
  const cached = (await bricksExact(page, { iso: 0.5 * 2049.5 - 1000 }, { atLeast: 3000 })).bricks.surface;
  assert(cached.uploaded === 0 && cached.uploads === first.uploads, JSON.stringify(cached));
  for (const brick of [16, 32]) {
    const f = (await bricksExact(page, { brick }, { atLeast: 3000 })).bricks.surface;
    assert(f.brick === brick && f.uploaded === f.active, JSON.stringify(f));
  }
});

// The WebGPU pool in the other stored types (uint16, int8, float32: brick_values_*.wgsl), the same
// volume's values as each type holds them (uint16 past 32767, where a signed read would differ), exact in 8³ bricks.
add('bricks=on in WebGPU: uint16, int8 and float32 pools give the CPU reference\'s surface', async (page) => {
  for (const [type, of, iso] of [['uint16', (v) => 10 * v, 20505], ['int8', (v) => Math.round((v - 2000) / 20), 0.5],
    ['float32', (v) => 0.5 * v - 1000, 25.25]]) {
    const r = await loadVolumeBytes(page, nifti(DIMS, type, voxels(DIMS, type, (x, y, z) => of(value(x, y, z)))),
      { name: `bricks-${type}.nii` });
    assert(!r.error && r.info.type === type, `${type}: ${r.error || r.info.type}`);
    const s = await bricksExact(page, { pyramid: 'webgpu-pyramid', bricks: 'on', brick: 8, poolMb: 16, iso }, { atLeast: 1000 });
    assert(s.backend === 'webgpu' && s.bricks.surface.rounds === 1, `${type}: ${JSON.stringify(s.bricks.surface)}`);
  }
});

// A crop box in bricks: every read of a slot (the cells' corners, the normals' gradients) gives
// the background outside the box, as the atlas's reads do, and the first level leaves out the
// bricks wholly outside it: the surface closed at the box's faces, the CPU reference's (which
// crops the atlas it reads), in rounds over a small pool, in both backends; a box change remakes it.
add('bricks=on with a crop box: the cropped surface, capped at the box, is the CPU reference\'s; bricks outside the box are left out (scalar, vec4, webgpu-pyramid, webgpu-scan)', async (page) => {
  await open(page);
  const iso = 0.5 * 2050 - 1000;
  const boxes = [{ cropX0: 20, cropX1: 61, cropY0: 3, cropZ1: 40 }, { cropX0: 0, cropX1: 30, cropY0: 20, cropY1: 44, cropZ0: 9, cropZ1: 55 }];
  const whole = { cropX0: 0, cropX1: -1, cropY0: 0, cropY1: -1, cropZ0: 0, cropZ1: -1 };
  for (const [k, [pyramid, poolMb]] of [['scalar', SMALL_POOL], ['vec4', SMALL_POOL], ['webgpu-pyramid', WEBGPU_POOL],
    ['webgpu-scan', WEBGPU_POOL]].entries()) {
    const all = (await bricksExact(page, { pyramid, bricks: 'on', brick: 8, poolMb, iso, ...whole }, { atLeast: 3000 })).bricks.surface;
    const s = await bricksExact(page, boxes[k % 2], { atLeast: 1000 });
    const f = s.bricks.surface;
    assert(s.bricks.why === '' && f.brick === 8 && f.rounds > 1, `${pyramid}: ${JSON.stringify(s.bricks)}`);
    assert(f.active < all.active, `${pyramid}: ${f.active} bricks active in the box, ${all.active} in the whole volume`);
    const back = (await bricksExact(page, whole, { atLeast: 3000 })).bricks.surface;
    assert(back.active === all.active && back.vertices === all.vertices, `${pyramid}, the whole volume again: ${JSON.stringify(back)}`);
  }
});

// A GPU without the memory for the pool asked (the hook Module.hpGpu.noMemory says it of the
// pools of a size and more, as the device would: WebGPU's buffer, WebGL2's texture): the pool is
// made again at half the budget until it fits, the page says so, stays in its mode and meshes
// the surface exactly, in more rounds. WebGPU at 0.1 MiB: 39 slots of 8³ int16, 19, then 9;
// WebGL2 at 0.4 MiB: 61 slots in rounds of 20, 54 in rounds of 4, then 15 in rounds of 4.
add('bricks=on: a pool the GPU has no memory for is made again smaller, with a message; the surface exact in more rounds (webgpu-pyramid, scalar)', async (page) => {
  await open(page);
  const iso = 0.5 * 2050 - 1000;
  for (const [pyramid, poolMb, refused, slots, message] of [
    ['webgpu-pyramid', 0.1, 40000, 9, 'the GPU has no memory for WebGPU\'s brick pool (50 KiB) buffer: the bricks\' pool is made again within 26 KiB, in more rounds'],
    ['scalar', 0.4, 100000, 15, 'bricks=on: the GPU has no memory for WebGL2\'s brick pool (141 KiB): the bricks\' pool is made again within 103 KiB, in more rounds']]) {
    await page.evaluate(async (pyramid, poolMb, refused, iso) => {
      await hp.set({ pyramid, bricks: 'auto', iso });
      hp.testing.gpu.noMemory = { label: 'brick pool', bytes: refused };
      await hp.set({ bricks: 'on', brick: 8, poolMb });
    }, pyramid, poolMb, refused, iso);
    // The page is paused: a frame is run, then hp.mesh() asks for the surface (an answer the
    // last frame has comes at once, with no frame). WebGPU's device says a pool is refused a
    // frame or two after it was made; WebGL2 at once, and tries again at the next frame.
    const made = await page.evaluate(async (slots) => {
      const trace = [];
      for (let i = 0; i < 12 && hp.stats().bricks?.surface?.slots !== slots; i++) {
        await hp.frames(1, { run: true });
        await hp.mesh({ limit: 3 });
        const s = hp.stats();
        trace.push([s.frame, s.bricks?.surface?.slots, s.bricks?.why]);
      }
      return hp.stats().bricks?.surface?.slots === slots ? '' : JSON.stringify(trace);
    }, slots);
    assert(made === '', `${pyramid}: the pool was not made smaller: ${made}`);
    const s = await bricksExact(page, { iso }, { atLeast: 3000 });
    await page.evaluate(() => { hp.testing.gpu.noMemory = null; });
    const f = s.bricks.surface;
    assert(s.pyramid === pyramid && s.losses.webgpu === 0 && s.losses.webgl === 0, `${s.pyramid} ${JSON.stringify(s.losses)}`);
    assert(f.slots === slots && f.rounds === Math.ceil(f.active / f.round), `${pyramid}: ${JSON.stringify(f)}`);
    assert(s.message === message, `${pyramid}: the message '${s.message}'`);
    // Another budget asked: the whole of it again (one round over a pool that holds the set).
    const back = (await bricksExact(page, { poolMb: 16 }, { atLeast: 3000 })).bricks.surface;
    assert(back.slots > slots && back.rounds === 1, `${pyramid}, 16 MiB asked: ${JSON.stringify(back)}`);
  }
});

// classify=labels in bricks (brick_grid.h's label_bricks): bricks of voxels, those reading more
// than one label active, each voxel's faces toward another label and their surface nets read
// from its slot. 61×45×40 uint16: four labels meeting along a line, a slab and a ball across
// brick faces, background holes and a background slab (bricks all background, and bricks all one
// label, are left out). Against the CPU reference's label surface, triangle for triangle with
// each vertex's label and each triangle's other side; rounds over a small pool; a crop box.
const LABEL_DIMS = [61, 45, 40];
const label = (x, y, z) => {
  let l = 1 + (x >= 17 ? 1 : 0) + (y >= 13 ? 2 : 0);
  if (z >= 15 && x < 20) l = 5;
  if ((x - 12) ** 2 + (y - 20) ** 2 + (z - 8) ** 2 < 30) l = 300;
  if (((x * 7 + y * 3 + z * 5) % 97 === 0 && x < 16) || z < 2 || y > 40) l = 0;
  return l;
};

async function labelsExact(page, state, labels = '[1,2,3,4,5,300]') {
  const r = await page.evaluate(async (state) => {
    await hp.set(state);
    const gpu = await hp.mesh(), cpu = await hp.referenceMesh();
    const stats = hp.stats();
    if (gpu.vertices !== cpu.vertices || gpu.positions.length !== cpu.positions.length)
      return { error: `vertices: GPU ${gpu.vertices} (${gpu.positions.length / 3} read), CPU ${cpu.vertices}`, stats };
    // A triangle's key: its label, its other side and its corners from the least, in its winding order.
    const key = (m, t) => {
      const c = [0, 1, 2].map((k) => [0, 1, 2].map((a) => m.positions[9 * t + 3 * k + a].toFixed(3)).join(','));
      const first = c.indexOf([...c].sort()[0]);
      return `${m.labels[3 * t]}|${m.otherLabels[t]}|` + [0, 1, 2].map((k) => c[(first + k) % 3]).join(' ');
    };
    const found = new Map();
    const triangles = cpu.vertices / 3;
    for (let t = 0; t < triangles; t++) {
      const k = key(gpu, t);
      if (found.has(k)) return { error: `the GPU's triangle ${t} (${k}) twice`, stats };
      found.set(k, t);
    }
    for (let t = 0; t < triangles; t++) {
      const k = key(cpu, t), g = found.get(k);
      if (g === undefined) return { error: `the reference's triangle ${t} (${k}) is not among the GPU's`, stats };
      if (gpu.labels[3 * g + 1] !== cpu.labels[3 * t] || gpu.labels[3 * g + 2] !== cpu.labels[3 * t])
        return { error: `triangle ${t}: its vertices' labels differ`, stats };
      const first = (m, at) => {  // the corner the key starts from
        const c = [0, 1, 2].map((k) => [0, 1, 2].map((a) => m.positions[9 * at + 3 * k + a].toFixed(3)).join(','));
        return c.indexOf([...c].sort()[0]);
      };
      const fg = first(gpu, g), fc = first(cpu, t);
      for (let k = 0; k < 3; k++)
        for (let a = 0; a < 3; a++) {
          const x = 9 * g + 3 * ((fg + k) % 3) + a, y = 9 * t + 3 * ((fc + k) % 3) + a;
          if (!(Math.abs(gpu.normals[x] - cpu.normals[y]) <= 1e-3)) return { error: `triangle ${t} normal: GPU ${gpu.normals[x]}, CPU ${cpu.normals[y]}`, stats };
        }
    }
    return { vertices: cpu.vertices, labels: [...new Set(cpu.labels)].sort((a, b) => a - b), stats };
  }, state);
  if (r.error) throw new Error(`${JSON.stringify(state)}: ${r.error} (bricks ${JSON.stringify(r.stats?.bricks)})`);
  assert(r.vertices >= 3000 && JSON.stringify(r.labels) === labels, `${r.vertices} vertices, labels ${r.labels} (the case wants ${labels})`);
  const b = r.stats.bricks;
  assert(b && b.surface && b.surface.vertices === r.vertices && b.why === '', `the surface is not the bricks': ${JSON.stringify(b)}`);
  return r.stats;
}

add('classify=labels in bricks: bricks of voxels, those reading one label left out; the label surface (labels, other sides) is the CPU reference\'s in rounds over small pools and in a crop box (scalar, vec4, webgpu-pyramid, webgpu-scan)', async (page) => {
  const r = await loadVolumeBytes(page, nifti(LABEL_DIMS, 'uint16', voxels(LABEL_DIMS, 'uint16', label)), { name: 'bricks-labels.nii' });
  assert(!r.error, r.error);
  const box = { cropX0: 5, cropX1: 40, cropY0: 0, cropY1: 30, cropZ0: 3, cropZ1: 38 };
  const whole = { cropX0: 0, cropX1: -1, cropY0: 0, cropY1: -1, cropZ0: 0, cropZ1: -1 };
  for (const [k, [pyramid, poolMb]] of [['scalar', SMALL_POOL], ['vec4', SMALL_POOL], ['webgpu-pyramid', WEBGPU_POOL],
    ['webgpu-scan', WEBGPU_POOL]].entries()) {
    const s = await labelsExact(page, { pyramid, classify: 'labels', bricks: 'on', brick: 8, poolMb, ...whole });
    const f = s.bricks.surface;
    // 8³ bricks of voxels: ceil(dims / 8) a side.
    assert(s.backend === (k < 2 ? 'webgl2' : 'webgpu'), `${pyramid}: ${s.backend}`);
    assert(JSON.stringify(s.bricks.grid) === '[8,6,5]' && s.bricks.count === 240, `${pyramid}: ${JSON.stringify(s.bricks)}`);
    assert(f.brick === 8 && f.active === s.bricks.active && f.active < s.bricks.count && f.rounds > 3,
      `${pyramid}: ${JSON.stringify(s.bricks)}`);
    // WebGL2's brick level over the labels' grid finds the same bricks (read a frame or so later).
    if (k < 2) {
      const onGpu = await page.evaluate(async () => {
        for (let i = 0; i < 6 && hp.stats().bricks.activeOnGpu === null; i++) await hp.frames(1, { run: true });
        return hp.stats().bricks.activeOnGpu;
      });
      assert(onGpu === f.active, `${pyramid}: the GPU's brick level found ${onGpu} of ${f.active}`);
    }
    const c = (await labelsExact(page, k % 2 ? box : { ...box, cropX0: 0, cropY0: 14 }, k % 2 ? undefined : '[3,4,5,300]')).bricks.surface;
    assert(c.active < f.active, `${pyramid}: ${c.active} bricks active in the box, ${f.active} in the whole volume`);
  }
});

// A hollow shell (shell=2 with drain holes: app/core/volume/hollow.h) is a volume of its own,
// cut into bricks when made: its surface, outer and inner with the holes, made in bricks is the
// CPU reference's of the shell (which the atlas holds), in both backends.
add('bricks=on with a shell: the hollow shell\'s surface (outer, inner, drain holes) in 8³ bricks is the CPU reference\'s (scalar, webgpu-pyramid)', async (page) => {
  const r = await loadVolumeBytes(page, Buffer.from(blobs().buffer), { name: `blobs_${SHELL_DIMS.join('x')}_float32.raw` });
  assert(!r.error, r.error);
  // An iso no voxel holds (the blobs' values are distances: some voxels lie exactly at 0).
  const solid = (await bricksExact(page, { pyramid: 'scalar', iso: 0.013, bricks: 'on', brick: 8, poolMb: SMALL_POOL }, { atLeast: 3000 }));
  for (const [pyramid, poolMb] of [['scalar', SMALL_POOL], ['webgpu-pyramid', WEBGPU_POOL]]) {
    const s = await bricksExact(page, { pyramid, poolMb, shell: 2, drainHoles: 2, drainMm: 5 }, { atLeast: 3000 });
    const f = s.bricks.surface;
    assert(s.shellMade && s.shellMade.holes === 2 && s.bricks.why === '', `${pyramid}: shell ${JSON.stringify(s.shellMade)}, bricks ${JSON.stringify(s.bricks)}`);
    assert(f.rounds > 1 && f.active > solid.bricks.surface.active && f.vertices > solid.bricks.surface.vertices,
      `${pyramid}: the shell's ${f.active} bricks and ${f.vertices} vertices against the solid's ${JSON.stringify(solid.bricks.surface)}`);
  }
}, { timeout: 120 });

// Past one atlas (2^27 voxels): a 1025×1025×129 uint8 .nii.gz (135.5M voxels, a few hundred KB
// compressed) picked as a file opens at full resolution, in its stored type (every voxel as
// written; the heap in use grows by the stored bytes and at most 64 MiB more), its atlas a
// preview of every second voxel (512×512×64 in 4096², as many as a preview holds), its surface
// made in bricks from the whole volume. The volume repeats a 64³ period (a ball of radius 7 in each, across one face
// between two 16³ bricks and inside them otherwise: 1,024 active bricks in all; away from the
// period's faces), so its surface is 16·16·2 = 512 copies of the surface of one period (a 65³
// file of the same values, meshed by the CPU reference): the vertex total exactly 512 times,
// and each vertex read back (the first 60,000) that period's vertex at its place within the
// period, position and normal. Asked again with `downsample: 2`, the file is halved while
// decoding (512×512×64, each voxel its 2×2×2 block's mean): the wasm heap grows by the halved
// floats, never by the full volume as floats.
add('a volume past one atlas (1025×1025×129 uint8 .nii.gz, 135.5M voxels) opens at full resolution (heap: its bytes + 64 MiB at most) in bricks: 512 periods, 512 times one period\'s surface; downsample 2 halves it while decoding', async (page) => {
  const P = 64;
  const ball = (x, y, z) => Math.max(0, Math.min(255, Math.round(128 + 12 * (7 - Math.hypot(x % P - 40, y % P - 40, z % P - 32)))));
  const fill = (X, Y, Z) => {
    const b = Buffer.alloc(X * Y * Z);
    const rows = new Map();  // a row of x depends on y % P and z % P alone: each made once
    for (let z = 0, o = 0; z < Z; z++)
      for (let y = 0; y < Y; y++, o += X) {
        const key = (y % P) * P + z % P;
        let row = rows.get(key);
        if (!row) {
          row = Buffer.alloc(X);
          for (let x = 0; x < X; x++) row[x] = ball(x, y, z);
          rows.set(key, row);
        }
        row.copy(b, o);
      }
    return b;
  };
  // One period, meshed by the CPU reference: its vertices by position.
  const small = await loadVolumeBytes(page, nifti([P + 1, P + 1, P + 1], 'uint8', fill(P + 1, P + 1, P + 1)), { name: 'period.nii' });
  assert(!small.error, small.error);
  const period = await page.evaluate(async () => {
    await hp.set({ iso: 127.5, bricks: 'auto', pyramid: 'scalar' });
    const m = await hp.referenceMesh();
    /** @type {any} */ (window).hpPeriod = (await hp.volume()).stored.values;  // the period's voxels, for the whole's
    return { vertices: m.vertices, positions: Array.from(m.positions), normals: Array.from(m.normals) };
  });
  assert(period.vertices > 1000, `one period has ${period.vertices} vertices`);
  const [X, Y, Z] = [16 * P + 1, 16 * P + 1, 2 * P + 1];
  const file = path.join(os.tmpdir(), `hp-bricks-${process.pid}.nii.gz`);
  fs.writeFileSync(file, nifti([X, Y, Z], 'uint8', fill(X, Y, Z), { gzip: true }));
  try {
    const before = await page.evaluate(() => ({ heap: hp.stats().heapBytes, used: hp.stats().heapUsed }));
    await (await page.$('#file')).uploadFile(file);
    await page.waitForFunction(() => JSON.stringify(hp.stats().dims) === '[1025,1025,129]' || /cannot open/.test(hp.stats().message),
      { timeout: 240000 });
    // Every voxel as written (the period's at its place), held in its stored type: the heap in
    // use grew by the stored bytes (less the period's 65³ it replaced) and at most 64 MiB more.
    const full = await page.evaluate(async (P) => {
      const s = hp.stats(), v = await hp.volume(), at = v.stored.values, period = /** @type {any} */ (window).hpPeriod;
      let wrong = '';
      for (let k = 0, o = 0; k < v.dims[2] && !wrong; k++)
        for (let j = 0; j < v.dims[1] && !wrong; j++)
          for (let i = 0; i < v.dims[0]; i++, o++)
            if (at[o] !== period[i % P + (P + 1) * (j % P + (P + 1) * (k % P))]) { wrong = `(${i}, ${j}, ${k}) is ${at[o]}`; break; }
      /** @type {any} */ (window).hpFull = at;
      return { type: v.stored.type, used: s.heapUsed, notes: v.notes, wrong };
    }, P);
    assert(full.type === 'uint8' && !full.wrong, `stored as ${full.type}; voxel ${full.wrong}`);
    assert(full.notes.some((n) => /meshed at full resolution in bricks/.test(n)), `notes ${full.notes}`);
    const n = X * Y * Z, grownUsed = full.used - before.used;
    assert(grownUsed >= n - (1 << 20) && grownUsed <= n + (64 << 20), `the heap in use grew by ${grownUsed} bytes (stored ${n})`);
    const r = await page.evaluate(async () => {
      await hp.set({ iso: 127.5 });
      const m = await hp.mesh({ limit: 60000 });
      const s = hp.stats();
      return { vertices: m.vertices, positions: Array.from(m.positions), normals: Array.from(m.normals), stats: s };
    });
    const s = r.stats;
    // Its values past a bound the caller gives: refused with the size; the description alone.
    const copy = await page.evaluate(async () => ({
      refused: await hp.volume({ maxBytes: 2 ** 20 }).then(() => '', (e) => e.message),
      info: await hp.volume({ values: false }) }));
    assert(copy.refused === 'hp.volume(): the 1025×1025×129 volume\'s values are 129 MiB of uint8, past the 1 MiB it copies out ' +
      '(maxBytes); hp.volume({values: false}) gives its description', `refusal: '${copy.refused}'`);
    assert(JSON.stringify(copy.info.dims) === '[1025,1025,129]' && !('values' in copy.info) && !('values' in copy.info.stored),
      `the description: ${JSON.stringify(copy.info).slice(0, 200)}`);
    assert(s.previewFactor === 2 && s.atlas === 4096 && s.message === '', `preview ${s.previewFactor}, atlas ${s.atlas}², message '${s.message}'`);
    const f = s.bricks && s.bricks.surface;
    assert(f && f.active === 1024 && f.vertices === r.vertices, `bricks: ${JSON.stringify(s.bricks)}`);
    assert(r.vertices === 512 * period.vertices, `the volume's surface has ${r.vertices} vertices, 512 periods' ${512 * period.vertices}`);
    const at = new Map();
    for (let v = 0; v < period.vertices; v++)
      at.set(period.positions.slice(3 * v, 3 * v + 3).map((c) => c.toFixed(3)).join(' '), v);
    for (let v = 0; v < r.positions.length / 3; v++) {
      const p = r.positions.slice(3 * v, 3 * v + 3), n = r.normals.slice(3 * v, 3 * v + 3);
      const k = at.get(p.map((c) => (c % P).toFixed(3)).join(' '));
      assert(k !== undefined, `vertex ${v} at ${p} is no vertex of the period`);
      for (let a = 0; a < 3; a++) {
        assert(Math.abs(p[a] % P - period.positions[3 * k + a]) <= 1e-4, `vertex ${v} at ${p}: the period's ${period.positions.slice(3 * k, 3 * k + 3)}`);
        assert(Math.abs(n[a] - period.normals[3 * k + a]) <= 1e-3, `vertex ${v}'s normal ${n}: the period's ${period.normals.slice(3 * k, 3 * k + 3)}`);
      }
    }
    // Halved while decoding: each voxel its block's mean, as float32 (exact: a sum of eight bytes over 8).
    const halved = await loadVolumeBytes(page, fs.readFileSync(file), { name: 'large.nii.gz', downsample: 2 });
    assert(!halved.error, halved.error);
    const h = await page.evaluate(async (X, Y) => {
      const v = await hp.volume(), s = hp.stats(), at = /** @type {any} */ (window).hpFull;
      let wrong = '';
      for (let k = 0, o = 0; k < v.dims[2] && !wrong; k++)
        for (let j = 0; j < v.dims[1] && !wrong; j++)
          for (let i = 0; i < v.dims[0]; i++, o++) {
            let sum = 0;
            for (let c = 0; c < 8; c++) sum += at[2 * i + (c & 1) + X * (2 * j + ((c >> 1) & 1) + Y * (2 * k + (c >> 2)))];
            if (v.values[o] !== Math.fround(sum / 8)) { wrong = `(${i}, ${j}, ${k}) is ${v.values[o]}, its block's mean ${sum / 8}`; break; }
          }
      /** @type {any} */ (window).hpFull = null;
      return { dims: v.dims, spacing: v.spacing, notes: v.notes, atlas: s.atlas, preview: s.previewFactor, source: s.source,
        message: s.message, heap: s.heapBytes, wrong };
    }, X, Y);
    assert(JSON.stringify(h.dims) === '[512,512,64]' && h.source === 'file' && h.atlas === 4096 && h.preview === 1,
      `halved: ${h.dims} in ${h.atlas}² (source ${h.source}, preview ${h.preview}); the page says '${h.message}'`);
    assert(!h.wrong, `the halved volume: voxel ${h.wrong}`);
    assert(JSON.stringify(h.spacing) === '[2,2,2]' && h.notes.some((x) => /downsampled by 2/.test(x)), `spacing ${h.spacing}, notes ${h.notes}`);
    const grown = h.heap - before.heap;
    assert(grown <= n + n / 2 + (64 << 20), `the wasm heap grew by ${grown} bytes (the full volume as floats is ${4 * n})`);
  } finally {
    fs.rmSync(file, { force: true });
  }
}, { timeout: 400, fresh: true });

// The issue's case: a 736×720×272 file (144M voxels) right after a small one, in webgpu-pyramid
// on SwiftShader, lost the WebGPU device ("needs WebGPU: the WebGPU device was lost"). Now it
// opens: its atlas a preview of every third voxel (245×240×90 in 4096²: every second would be
// past the 2^24 voxels a preview holds, and an 8192² preview took most of this case's time on
// SwiftShader), no device lost,
// and its surface at full resolution made in bricks by the WebGPU pool: every brick the first
// level finds, uploaded once, in one round.
add('a 736×720×272 volume after a small one in webgpu-pyramid: opens with a preview, no device lost, its full-resolution surface in WebGPU bricks', async (page) => {
  const small = await loadVolumeBytes(page, Buffer.alloc(64 * 64 * 64, 7).map((_, i) => (i * 7) % 200), { name: 'small_64x64x64_uint8.raw' });
  assert(!small.error, small.error);
  const [X, Y, Z] = [736, 720, 272];
  const slice = Buffer.alloc(X * Y);
  for (let y = 0; y < Y; y++) for (let x = 0; x < X; x++) slice[x + X * y] = Math.hypot(x - 368, y - 360) < 50 ? 180 : 20;
  const data = Buffer.alloc(X * Y * Z);
  for (let z = 0; z < Z; z++) (z > 100 && z < 170 ? slice : Buffer.alloc(X * Y, 20)).copy(data, z * X * Y);
  const file = path.join(os.tmpdir(), `hp-bricks-736-${process.pid}.nii`);
  fs.writeFileSync(file, nifti([X, Y, Z], 'uint8', data));
  try {
    await (await page.$('#file')).uploadFile(file);
    await page.waitForFunction(() => JSON.stringify(hp.stats().dims) === '[736,720,272]' || /cannot open/.test(hp.stats().message),
      { timeout: 240000 });
    // The load's frame made the surface (view=surface from the URL: asking for it afterwards
    // would run the preview's passes again).
    const b = await page.evaluate(async () => { await hp.mesh({ limit: 3 }); return hp.stats().bricks; });
    const s = await page.evaluate(() => hp.stats());
    assert(s.backend === 'webgpu' && s.previewFactor === 3 && s.atlas === 4096, `${s.backend}, preview ${s.previewFactor}, atlas ${s.atlas}²`);
    const notes = await page.evaluate(async () => (await hp.volume({ values: false })).notes);
    assert(notes.some((n) => /the atlas views show every 3rd voxel$/.test(n)), `notes: ${notes}`);
    assert(s.losses.webgpu === 0, `the WebGPU device was lost: ${JSON.stringify(s.losses)}`);
    const f = b.surface;
    assert(f && f.brick === 16 && f.active === b.active && f.active > 100 && f.rounds === 1 && f.uploaded === f.active,
      `the surface in bricks: ${JSON.stringify(b)}`);
    assert(f.vertices > 100000 && !f.truncated, `${f.vertices} vertices${f.truncated ? ', truncated' : ''}`);
    assert(!/needs bricks/.test(s.message), `the page says '${s.message}'`);
  } finally {
    fs.rmSync(file, { force: true });
  }
}, { query: 'paused=1&clock=fixed&overlay=0&view=surface&pyramid=webgpu-pyramid&volume=64', timeout: 400, fresh: true });

export default cases;
