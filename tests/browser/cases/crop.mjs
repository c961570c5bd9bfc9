// The crop box (app/core/crop_box.h): voxels outside it read as the background wherever a
// value is read. In every mode the cropped stream and surface equal the CPU reference of the
// cropped atlas; the solid stream is the uncropped one's voxels inside the box; the surface is
// the one of the volume with the voxels outside made background by this file (loaded as a
// volume of its own), the exported STL the same bytes; a label map's meshes stay closed and
// equal those of the label map cut here; the settings' refusals, the URL, a load's reset.
import { assert, compute, exact, exactMesh, sameStream } from '../lib.mjs';
import { labelVolume, openLabels } from './labels.mjs';
import { voxels, ctLike } from '../volume_files.mjs';

const QUERY = 'paused=1&clock=fixed&overlay=0&view=none&atlas=512';
const cases = [];
const add = (name, run, extra = {}) => cases.push({ name, query: QUERY, run, ...extra });

const WHOLE = { cropX0: 0, cropY0: 0, cropZ0: 0, cropX1: -1, cropY1: -1, cropZ1: -1 };
// Inside the volume on x and z's low side, at the volume's faces elsewhere.
const BOX = { cropX0: 9, cropX1: 50, cropY0: 0, cropY1: 40, cropZ0: 20, cropZ1: -1 };
const inBox = (e, b, dims) => e[0] >= b.cropX0 && e[0] <= (b.cropX1 < 0 ? dims[0] - 1 : b.cropX1) &&
  e[1] >= b.cropY0 && e[1] <= (b.cropY1 < 0 ? dims[1] - 1 : b.cropY1) &&
  e[2] >= b.cropZ0 && e[2] <= (b.cropZ1 < 0 ? dims[2] - 1 : b.cropZ1);

const MODES = [
  { pyramid: 'scalar', sums: 'float', route: 'vertex' },
  { pyramid: 'vec4', sums: 'uint', route: 'fragment' },
  { pyramid: 'baseline' },
  { pyramid: 'webgpu-scan', scan: 'blocks', vertices: 'soup' },
  { pyramid: 'webgpu-scan', scan: 'single', vertices: 'shared' },
  { pyramid: 'webgpu-pyramid', vertices: 'soup' },
];

add('crop: every mode: the cropped stream (surface, solid) and surface equal the CPU reference; the solid stream is the whole one\'s voxels in the box', async (page) => {
  const scene = { volume: 64, source: 'noise', time: 1.5, iso: 0.5 };
  const whole = await compute(page, { pyramid: 'scalar', ...scene, classify: 'solid', ...WHOLE });
  const cropped = await compute(page, { ...BOX });
  const inside = whole.cpu.filter((e) => inBox(e, BOX, [64, 64, 64]));
  assert(inside.length > 1000 && inside.length < whole.cpu.length / 2, `${inside.length} of ${whole.cpu.length} voxels in the box`);
  sameStream(cropped.gpu, inside, 'the cropped solid stream against the whole one\'s voxels in the box');
  assert(cropped.stats.cropX1 === 50 && cropped.stats.cropZ1 === 63, `stats: cropX1 ${cropped.stats.cropX1}, cropZ1 ${cropped.stats.cropZ1}`);
  for (const mode of MODES) {
    const tag = Object.values(mode).join(' ');
    await exact(page, { ...mode, ...scene, ...BOX, classify: 'solid' }, { atLeast: 1000 });
    const n = await exact(page, { classify: 'surface' }, { atLeast: 1000 });
    const { stats } = await compute(page, WHOLE);
    assert(n < stats.count, `${tag}: ${n} cells cropped, ${stats.count} whole`);
    await exactMesh(page, { ...BOX }, { atLeast: 3000 });
  }
  await page.evaluate((w) => hp.set({ pyramid: 'scalar', ...w }), WHOLE);
}, { timeout: 240 });

// A float volume written here, and the same with every voxel outside the box set to the value
// the crop reads there (iso less the volume's range): both loaded as files.
const DIMS = [40, 36, 30];
const ISO = 200;
const FIELD = ctLike(DIMS);
const CUT = { cropX0: 10, cropX1: 24, cropY0: 3, cropY1: -1, cropZ0: 0, cropZ1: 18 };

async function load(page, bytes, name) {
  const r = await page.evaluate((b64, name) => hp.loadVolume(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)), { name })
    .then(() => '', (e) => e.message), Buffer.from(bytes).toString('base64'), name);
  assert(r === '', r);
}

// The reference mesh, the processed mesh's report and the STL (closed), in the page.
const readMesh = (page) => page.evaluate(async () => {
  const m = await hp.referenceMesh();
  const stl = await hp.exportMesh({ type: 'stl', closed: true });
  const open = await hp.meshReport({ closed: false }), closed = await hp.meshReport({ closed: true });
  let s = '';
  for (let i = 0; i < stl.length; i += 0x8000) s += String.fromCharCode(...stl.subarray(i, i + 0x8000));
  return { vertices: m.vertices, positions: Array.from(m.positions), normals: Array.from(m.normals), stl: btoa(s), open, closed };
});

add('crop: the cropped surface is the surface of the volume with the voxels outside made background; its STL the same bytes, capped at the box', async (page) => {
  await load(page, voxels(DIMS, 'float32', FIELD), `crop_${DIMS.join('x')}_float32.raw`);
  const whole = await page.evaluate(async (iso) => { await hp.set({ iso }); return hp.meshReport({ closed: false }); }, ISO);
  const stats = await page.evaluate(async (c, iso) => { await hp.set({ iso, ...c }); return hp.stats(); }, CUT, ISO);
  await exactMesh(page, {}, { atLeast: 1000 });
  const a = await readMesh(page);
  const background = ISO - (stats.range[1] - stats.range[0]);
  const box = { ...CUT, cropY1: DIMS[1] - 1 };
  const cut = voxels(DIMS, 'float32', (x, y, z) => (inBox([x, y, z], box, DIMS) ? FIELD(x, y, z) : background));
  await load(page, cut, `cut_${DIMS.join('x')}_float32.raw`);
  const after = await page.evaluate(async (iso) => { await hp.set({ iso }); return hp.stats(); }, ISO);
  assert(after.cropX0 === 0 && after.cropZ1 === DIMS[2] - 1, `a load opens whole: ${after.cropX0}..${after.cropZ1}`);
  const b = await readMesh(page);
  assert(a.vertices === b.vertices && a.vertices > 1000, `vertices: cropped ${a.vertices}, cut ${b.vertices}`);
  for (let i = 0; i < a.positions.length; i++)
    assert(a.positions[i] === b.positions[i] && a.normals[i] === b.normals[i],
      `vertex ${Math.floor(i / 3)}[${i % 3}]: cropped ${a.positions[i]} ${a.normals[i]}, cut ${b.positions[i]} ${b.normals[i]}`);
  assert(a.stl === b.stl, 'the STLs differ');
  assert(a.closed.boundaryEdges === 0 && a.closed.nonManifoldEdges === 0, `closed: ${JSON.stringify(a.closed)}`);
  // Not capped at the volume's faces, the surface the box cuts is closed all the same: capped at the box.
  assert(a.open.boundaryEdges === 0 && b.open.boundaryEdges === 0 && a.open.volumeMm3 < 0.8 * whole.volumeMm3,
    `open: ${a.open.boundaryEdges} and ${b.open.boundaryEdges} boundary edges, ${a.open.volumeMm3} mm³ of ${whole.volumeMm3}`);
  assert(Math.abs(a.closed.volumeMm3 - b.closed.volumeMm3) < 1e-6, `volumes ${a.closed.volumeMm3} and ${b.closed.volumeMm3}`);
});

add('crop: a label map: the cropped stream and meshes equal the CPU reference (a WebGL2 and a WebGPU mode), each label closed, the meshes those of the map cut here', async (page) => {
  await openLabels(page);
  const dims = [40, 36, 30], box = { cropX0: 4, cropX1: 33, cropY0: 10, cropY1: 35, cropZ0: 3, cropZ1: 24 };
  for (const mode of [MODES[0], MODES[5]]) {
    await exact(page, { ...mode, ...box }, { atLeast: 2000 });
    await exactMesh(page, {}, { atLeast: 6000 });
  }
  const a = await page.evaluate(async () => {
    const m = await hp.referenceMesh(), r = await hp.meshReport();
    return { positions: Array.from(m.positions), labels: Array.from(m.labels), report: r };
  });
  const open = a.report.labels.filter((l) => l.triangles > 0 && l.boundaryEdges > 0);
  assert(a.report.labels.filter((l) => l.triangles > 0).length >= 5 && open.length === 0, `labels not closed: ${JSON.stringify(open)}`);
  assert(a.report.boundaryEdges === 0, `boundary edges ${a.report.boundaryEdges}`);
  const v = labelVolume(dims);
  for (let z = 0; z < dims[2]; z++)
    for (let y = 0; y < dims[1]; y++)
      for (let x = 0; x < dims[0]; x++) if (!inBox([x, y, z], box, dims)) v[x + dims[0] * (y + dims[1] * z)] = 0;
  await load(page, new Uint8Array(v.buffer), `cut_${dims.join('x')}_uint16.raw`);
  const b = await page.evaluate(async () => {
    await hp.set({ classify: 'labels' });
    const m = await hp.referenceMesh();
    return { positions: Array.from(m.positions), labels: Array.from(m.labels) };
  });
  assert(a.positions.length === b.positions.length && a.positions.every((p, i) => p === b.positions[i]) &&
    a.labels.every((l, i) => l === b.labels[i]), `cropped ${a.positions.length / 3} vertices, cut ${b.positions.length / 3}`);
  await page.evaluate(() => hp.set({ pyramid: 'scalar' }));
}, { timeout: 180 });

add('crop: the settings: refusals name the value and the limit, the URL sets the box, a load opens whole', async (page) => {
  const refused = await page.evaluate(async () => {
    await hp.set({ volume: 64, source: 'sphere', classify: 'surface', iso: 0.5, cropX0: 0, cropX1: -1 });
    const why = async (s) => hp.set(s).then(() => '', (e) => e.message);
    return [await why({ cropX1: 64 }), await why({ cropZ0: 30, cropZ1: 20 }), await why({ cropY0: 2.5 }), await why({ cropY1: -2 })];
  });
  assert(/cropX1=64 is past the volume's last voxel along X \(63\)/.test(refused[0]), refused[0]);
  assert(/cropZ0=30 leaves no voxel: cropZ1 \(20\) is before cropZ0 \(30\)/.test(refused[1]), refused[1]);
  assert(/cropY0=.*not a whole number/.test(refused[2]), refused[2]);
  assert(/cropY1=.*out of range/.test(refused[3]), refused[3]);
});

add('crop: the URL\'s box applies at start and shows in stats', async (page) => {
  const s = await page.evaluate(() => hp.stats());
  assert(s.cropX0 === 4 && s.cropX1 === 40 && s.cropZ1 === 63 && s.cropY0 === 0, `stats: ${[s.cropX0, s.cropX1, s.cropY0, s.cropZ1]}`);
  const { stats, gpu, cpu } = await compute(page, {});
  sameStream(gpu, cpu);
  assert(gpu.every((e) => e[0] >= 3 && e[0] <= 40), 'a cell outside the box');
}, { query: `${QUERY}&volume=64&source=sphere&classify=surface&cropX0=4&cropX1=40` });

// The 3D view: the box drawn with a handle a face (hp.stats().layout.cropHandles); a drag on the
// top face's handle moves cropZ1 down and leaves the camera where it was; the stream stays exact.
add('crop: dragging the top face\'s handle in the 3D view lowers cropZ1, the camera stays, the stream stays exact', async (page) => {
  const before = await page.evaluate(async () => {
    await hp.set({ volume: 64, source: 'metaballs', classify: 'surface', iso: 0.5, cropX0: 8, cropZ1: 60 });
    await hp.frames(2);
    return hp.stats();
  });
  const h = before.layout.cropHandles;
  assert(Array.isArray(h) && h.length === 6 && h[5].every(Number.isFinite), `handles: ${JSON.stringify(h)}`);
  // Down the screen is down the z axis from the default camera (above the xy plane).
  const [x, y] = h[5], d = before.layout.surface;
  assert(x > d.x && x < d.x + d.width && y > d.y && y < d.y + d.height, `the top handle ${x},${y} is off the 3D view`);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 30, { steps: 6 });
  await page.mouse.up();
  const after = await page.evaluate(async () => { await hp.frames(3); return hp.stats(); });
  assert(after.cropZ1 < 60 && after.cropZ1 > 20, `cropZ1 ${after.cropZ1} after the drag`);
  assert(after.cropX0 === 8 && after.camera.yaw === before.camera.yaw && after.camera.pitch === before.camera.pitch,
    `the drag moved more than the face: cropX0 ${after.cropX0}, yaw ${before.camera.yaw} → ${after.camera.yaw}`);
  await exact(page, {}, { atLeast: 1000 });
  // Off the handles a drag orbits, as before.
  await page.mouse.move(d.x + 20, d.y + 20);
  await page.mouse.down();
  await page.mouse.move(d.x + 60, d.y + 20, { steps: 4 });
  await page.mouse.up();
  const orbited = await page.evaluate(async () => { await hp.frames(2); return hp.stats(); });
  assert(orbited.camera.yaw !== after.camera.yaw && orbited.cropZ1 === after.cropZ1, `yaw ${orbited.camera.yaw}, cropZ1 ${orbited.cropZ1}`);
  const whole = await page.evaluate(async () => {
    await hp.set({ cropX0: 0, cropZ1: -1 });
    await hp.frames(2);
    return hp.stats().layout.cropHandles;
  });
  assert(whole === null, 'the box is drawn on the whole volume');
}, { query: 'paused=1&clock=fixed&overlay=1&view=surface&atlas=512' });

export default cases;
