// Volume files (issue 17): every format opened from bytes written here (volume_files.mjs), at
// odd sizes and in data units, exact in every mode (stream and mesh against the CPU
// reference); each source keeping its own iso; and hostile files, each refused with a message
// while the volume shown stays and the wasm heap grows by no more than the data really holds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { assert, exact, exactMesh, pngOf, volumeOf } from '../lib.mjs';
import { voxels, ctLike, nifti, nrrd, mha, vtk, loadVolumeBytes } from '../volume_files.mjs';
import { readPly, readStl, readGlb, validateGlb, watertight } from '../mesh_readers.mjs';

const QUERY = 'paused=1&clock=fixed&overlay=0&view=stream&atlas=512';
const cases = [];
const add = (name, run, more = {}) => cases.push({ name, query: QUERY, run, ...more });

const DIMS = [37, 23, 11];
const SPACING = [0.75, 0.8, 2.5];
const field = ctLike(DIMS);
let lo = Infinity, hi = -Infinity;
for (let z = 0; z < DIMS[2]; z++)
  for (let y = 0; y < DIMS[1]; y++)
    for (let x = 0; x < DIMS[0]; x++) { const v = field(x, y, z); lo = Math.min(lo, v); hi = Math.max(hi, v); }
const int16 = voxels(DIMS, 'int16', field);

const FILES = {
  'NIfTI .nii': () => nifti(DIMS, 'int16', int16, { spacing: SPACING }),
  'NIfTI .nii.gz': () => nifti(DIMS, 'int16', int16, { spacing: SPACING, gzip: true }),
  'NRRD raw': () => nrrd(DIMS, 'int16', int16, { spacing: SPACING }),
  'NRRD gzip': () => nrrd(DIMS, 'int16', int16, { spacing: SPACING, encoding: 'gzip' }),
  'MetaImage .mha': () => mha(DIMS, 'int16', int16, { spacing: SPACING }),
  'MetaImage .mha zlib': () => mha(DIMS, 'int16', int16, { spacing: SPACING, compressed: true }),
  'VTK binary': () => vtk(DIMS, 'int16', field, { spacing: SPACING }),
  'VTK ASCII': () => vtk(DIMS, 'int16', field, { spacing: SPACING, ascii: true }),
};
const KIND = { NIfTI: 'nifti', NRRD: 'nrrd', MetaImage: 'mha', VTK: 'vtk' };

// Opens `bytes` and checks what hp.loadVolume and hp.stats() say about it.
async function open(page, bytes, options, want) {
  const r = await loadVolumeBytes(page, bytes, options);
  assert(!r.error, r.error);
  const { info } = r;
  for (const [k, v] of Object.entries(want))
    assert(JSON.stringify(info[k]) === JSON.stringify(v), `${k}: ${JSON.stringify(info[k])}, not ${JSON.stringify(v)}`);
  const s = await page.evaluate(() => hp.stats());
  assert(s.source === 'file' && s.volume === null && s.file === info.file, `stats: source ${s.source}, volume ${s.volume}, file ${s.file}`);
  assert(JSON.stringify(s.dims) === JSON.stringify(info.dims), `stats dims ${s.dims}`);
  return info;
}

for (const [name, make] of Object.entries(FILES))
  add(`volume file: ${name} 37×23×11 int16 in HU, exact surface and solid`, async (page) => {
    const spacing = name.startsWith('VTK') || name.startsWith('Meta') || name.startsWith('NRRD') || name.startsWith('NIfTI')
      ? SPACING.map(Math.fround) : [1, 1, 1];
    const info = await open(page, make(), { name: 'test' }, {
      file: KIND[name.split(' ')[0]], dims: DIMS, type: 'int16', range: [lo, hi], replaced: 0 });
    assert(info.spacing.every((v, i) => Math.abs(v - spacing[i]) < 1e-6), `spacing ${info.spacing}`);
    await exact(page, { pyramid: 'scalar', classify: 'surface', iso: -400 }, { atLeast: 200 });
    await exact(page, { classify: 'solid', iso: 500 }, { atLeast: 50 });
  });

// (On a page of its own: hp.volume() is null only before any file was opened there.)
add('volume file: raw, dims and type from an Open SciVis name; hp.volume gives its values', async (page) => {
  assert(await page.evaluate(() => hp.volume()) === null, 'hp.volume() before a file was opened is not null');
  await open(page, int16, { name: 'phantom_37x23x11_int16.raw' }, { file: 'raw', dims: DIMS, type: 'int16', range: [lo, hi] });
  const v = await page.evaluate(async () => { const v = await hp.volume(); return { ...v, values: Array.from(v.values) }; });
  assert(JSON.stringify(v.dims) === JSON.stringify(DIMS) && v.file === 'raw', `hp.volume: ${v.file} ${v.dims}`);
  let i = 0, wrong = 0;
  for (let z = 0; z < DIMS[2]; z++)
    for (let y = 0; y < DIMS[1]; y++)
      for (let x = 0; x < DIMS[0]; x++) wrong += v.values[i++] !== Math.round(field(x, y, z));
  assert(v.values.length === i && wrong === 0, `hp.volume: ${v.values.length} values of ${i}, ${wrong} differ`);
  await exact(page, { pyramid: 'vec4', classify: 'surface', iso: -400 }, { atLeast: 200 });
  const big = voxels(DIMS, 'int16', field, { bigEndian: true });
  await open(page, big, { dims: DIMS, type: 'int16', endian: 'big', spacing: [1, 2, 3] },
    { file: 'raw', dims: DIMS, spacing: [1, 2, 3], range: [lo, hi] });
}, { fresh: true });

// The first level of a bricked compaction (brick_grid.h): hp.stats().bricks against the bricks
// of the active cells, found here from hp.volume()'s values (a brick of 16³ cells spans 17³
// voxels; partial at the far faces), at isos in and out of the range, the GPU's brick level
// (WebGL2) finding as many; null in solid.
add('volume file 70×40×35: hp.stats().bricks are the 16³ bricks that hold an active cell, and their voxels', async (page) => {
  const D = [70, 40, 35], B = 16, f = ctLike(D);
  await open(page, voxels(D, 'int16', f), { name: `bricks_${D.join('x')}_int16.raw` }, { dims: D });
  const values = await page.evaluate(async () => Array.from((await hp.volume()).values));
  const at = (x, y, z) => values[x + D[0] * (y + D[1] * z)];
  const grid = D.map((n) => Math.ceil((n - 1) / B));
  const seen = [];
  for (const iso of [-999, -400, 100, 950]) {
    const active = new Set();
    for (let z = 0; z + 1 < D[2]; z++)
      for (let y = 0; y + 1 < D[1]; y++)
        for (let x = 0; x + 1 < D[0]; x++) {
          let below = 0;
          for (let k = 0; k < 8; k++) below += at(x + (k & 1), y + ((k >> 1) & 1), z + (k >> 2)) < iso;
          if (below > 0 && below < 8) active.add(Math.floor(x / B) + grid[0] * (Math.floor(y / B) + grid[1] * Math.floor(z / B)));
        }
    let held = 0;
    for (const b of active) {
      const c = [b % grid[0], Math.floor(b / grid[0]) % grid[1], Math.floor(b / (grid[0] * grid[1]))];
      held += c.reduce((p, i, a) => p * (Math.min(B, D[a] - 1 - i * B) + 1), 1);
    }
    const s = await page.evaluate((iso) => hp.set({ classify: 'surface', iso }).then(() => hp.stats().bricks), iso);
    assert(s && s.size === B && JSON.stringify(s.grid) === JSON.stringify(grid) && s.count === grid[0] * grid[1] * grid[2],
      `iso ${iso}: ${JSON.stringify(s)}`);
    assert(s.active === active.size && s.voxelsHeld === held,
      `iso ${iso}: ${s.active} active bricks holding ${s.voxelsHeld} voxels; those of the active cells: ${active.size}, ${held}`);
    // The same bricks found on the GPU: a histopyramid over the bricks (WebGL2's brick level),
    // its count read without waiting: it arrives frames later, the page awake until then.
    const onGpu = await page.evaluate(() => new Promise((resolve) => {
      const look = () => { const n = hp.stats().bricks.activeOnGpu; if (n !== null) resolve(n); else setTimeout(look, 20); };
      look();
    }));
    assert(onGpu === active.size, `iso ${iso}: the GPU's brick level found ${onGpu}, not ${active.size}`);
    seen.push(`${s.active}/${s.count}`);
  }
  const onWebgpu = await page.evaluate(() => hp.set({ pyramid: 'webgpu-scan' }).then(() => hp.stats().bricks));
  assert(onWebgpu && onWebgpu.activeOnGpu === null, `webgpu-scan: ${JSON.stringify(onWebgpu)} (no brick level there yet)`);
  await page.evaluate(() => hp.set({ pyramid: 'scalar' }));
  assert(new Set(seen).size >= 3, `the isos gave ${seen}`);
  const solid = await page.evaluate(() => hp.set({ classify: 'solid' }).then(() => hp.stats().bricks));
  assert(solid === null, `solid: ${JSON.stringify(solid)}`);
  await page.evaluate(() => hp.set({ classify: 'surface' }));
  return `active bricks ${seen.join(', ')}`;
});

add('volume file: a PNG slice atlas through hp.loadVolume (file png, its tile size)', async (page) => {
  const png = pngOf(512, 512, (x, y) => ((x % 64) + (y % 64) < 40 ? 0.9 : 0.1));
  const r = await loadVolumeBytes(page, png, { tile: 64 });
  assert(!r.error, r.error);
  assert(r.info.file === 'png' && JSON.stringify(r.info.dims) === '[64,64,64]' && r.info.type === 'uint8',
    `${r.info.file} ${r.info.dims} ${r.info.type}`);
  const s = await page.evaluate(() => hp.stats());
  assert(s.source === 'png' && s.volume === 64 && s.file === null, `source ${s.source}, volume ${s.volume}, file ${s.file}`);
  await exact(page, { pyramid: 'scalar', classify: 'solid', iso: 0.5 }, { atLeast: 1000 });
});

add('volume file: every stored type to float32 in data units (NIfTI scl_slope/scl_inter)', async (page) => {
  for (const type of ['uint8', 'int8', 'uint16', 'int32', 'float32', 'float64']) {
    const f = (x, y, z) => (type === 'int8' ? ((x + y + z) % 100) - 50 : (x * 3 + y * 5 + z * 7) % 200);
    const info = await loadVolumeBytes(page, nifti(DIMS, type, voxels(DIMS, type, f), { slope: 2, inter: -10 }), {});
    assert(!info.error, `${type}: ${info.error}`);
    assert(info.info.type === type, `${type}: type ${info.info.type}`);
    let fmin = Infinity, fmax = -Infinity;
    for (let z = 0; z < DIMS[2]; z++) for (let y = 0; y < DIMS[1]; y++) for (let x = 0; x < DIMS[0]; x++) {
      fmin = Math.min(fmin, f(x, y, z)); fmax = Math.max(fmax, f(x, y, z));
    }
    const want = [2 * fmin - 10, 2 * fmax - 10];
    assert(JSON.stringify(info.info.range) === JSON.stringify(want), `${type}: range ${info.info.range}, not ${want}`);
    await exact(page, { pyramid: 'scalar', classify: 'solid', iso: (want[0] + want[1]) / 2 }, { atLeast: 100 });
  }
});

// Every mode on one loaded volume: the cells' and voxels' streams, and the mesh.
const MODES = [{ pyramid: 'scalar', sums: 'float' }, { pyramid: 'vec4', sums: 'float' },
  { pyramid: 'scalar', sums: 'uint' }, { pyramid: 'vec4', sums: 'uint' }, { pyramid: 'baseline' },
  { pyramid: 'webgpu-scan' }, { pyramid: 'webgpu-pyramid' }];
add('volume file 37×23×11: every mode exact (stream surface and solid, mesh)', async (page) => {
  await open(page, nrrd(DIMS, 'int16', int16, { spacing: SPACING, encoding: 'gzip' }), {}, { dims: DIMS });
  const webgpu = await page.evaluate(() => hp.stats().webgpu);
  let checked = 0;
  for (const mode of MODES) {
    if (mode.pyramid.startsWith('webgpu') && webgpu) continue;
    for (const [classify, iso] of [['surface', -400], ['surface', 950], ['solid', 20]])
      await exact(page, { sums: 'float', ...mode, classify, iso }, { atLeast: 30 });
    await exactMesh(page, { classify: 'surface', iso: -400 }, { atLeast: 300 });
    checked++;
  }
  await page.evaluate(() => hp.set({ pyramid: 'scalar', sums: 'float' }));
  assert(checked >= 5, `only ${checked} modes ran`);
  if (webgpu) return `skipped the WebGPU modes: ${webgpu}`;
}, { timeout: 400 });

add('volume file: each source keeps its own iso; volume= says the file has its own size', async (page) => {
  await open(page, nrrd(DIMS, 'int16', int16), {}, { dims: DIMS });
  await page.evaluate(() => hp.set({ iso: 250 }));
  await page.evaluate(() => hp.set({ source: 'sphere', volume: 64 }));
  let s = await page.evaluate(() => hp.stats());
  assert(s.iso === 0.5 && s.volume === 64 && s.file === null && JSON.stringify(s.range) === '[0,1]',
    `sphere: iso ${s.iso}, volume ${s.volume}, file ${s.file}, range ${s.range}`);
  await page.evaluate(() => hp.set({ source: 'file' }));
  s = await page.evaluate(() => hp.stats());
  assert(s.iso === 250 && s.source === 'file' && JSON.stringify(s.dims) === JSON.stringify(DIMS), `back: iso ${s.iso}, dims ${s.dims}`);
  const refused = await page.evaluate(() => hp.set({ volume: 128 }).then(() => '', (e) => e.message));
  assert(/own size \(37×23×11\)/.test(refused), `volume=128: '${refused}'`);
  const out = await page.evaluate(() => hp.set({ iso: 5000 }).then(() => '', (e) => e.message));
  assert(/out of the volume's range \[-1000, /.test(out), `iso=5000: '${out}'`);
});

add('volume file: too large for the atlas, refused with its size and the way out; downsample 2 opens it', async (page) => {
  const r = await page.evaluate(async () => {
    const [X, Y, Z] = [64, 64, 5000];
    const bytes = new Uint8Array(X * Y * Z);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i % X) < 32 ? 10 : 200;
    const refused = await hp.loadVolume(bytes, { name: 'tall_64x64x5000_uint8.raw' }).then(() => '', (e) => e.message);
    const info = await hp.loadVolume(bytes, { name: 'tall_64x64x5000_uint8.raw', downsample: 2 });
    return { refused, info, stats: hp.stats() };
  });
  assert(/64×64×5000 volume needs a 8192² slice atlas; the largest here is 4096²/.test(r.refused) && /downsample: 2/.test(r.refused),
    `refusal: '${r.refused}'`);
  assert(JSON.stringify(r.info.dims) === '[32,32,2500]' && JSON.stringify(r.info.spacing) === '[2,2,2]',
    `downsampled: dims ${r.info.dims}, spacing ${r.info.spacing}`);
  await exact(page, { pyramid: 'scalar', classify: 'solid', iso: 100 }, { atLeast: 1000 });
}, { timeout: 200 });

// Past 4096² WebGL2 runs with uint sums (float sums are exact only to 2^24 keys), its stream
// textures as high as the count needs: a 64×64×5000 file linked in the URL with sums=uint (set
// before the load, whose atlas they allow) opens whole at 8192² and is exact; asking for float
// sums then is refused with the way out, and uint sums run on.
add('volume file: past 4096² in WebGL2 with uint sums, linked in the URL (8192², 64×64×5000), stream and mesh exact; float sums refused', async (page, { url, site }) => {
  const [X, Y, Z] = [64, 64, 5000];
  const bytes = Buffer.alloc(X * Y * Z);
  for (let z = 0, i = 0; z < Z; z++)  // a ball of radius 12 every 250 slices
    for (let y = 0; y < Y; y++)
      for (let x = 0; x < X; x++, i++) bytes[i] = (x - 32) ** 2 + (y - 30) ** 2 + ((z % 250) - 125) ** 2 < 144 ? 200 : 10;
  const name = `test-tall-${process.pid}_64x64x5000_uint8.raw`;
  fs.writeFileSync(path.join(site, name), bytes);
  try {
    await page.goto(`${url}index.html?${QUERY}&pyramid=scalar&sums=uint&readback=sync&load=${name}`, { waitUntil: 'load' });
    await page.waitForFunction(() => window.hp && hp.stats && (() => { try { return hp.stats().source === 'file' || hp.stats().message; } catch { return false; } })(),
      { timeout: 120000, polling: 100 });
    const r = await page.evaluate(async () => {
      const s = hp.stats();
      const refused = await hp.set({ sums: 'float' }).then(() => '', (e) => e.message);
      return { dims: s.dims, atlas: s.atlas, message: s.message, refused, sums: hp.stats().sums };
    });
    assert(JSON.stringify(r.dims) === '[64,64,5000]' && r.atlas === 8192 && r.message === '', `opened ${r.dims} in ${r.atlas}²; the page says '${r.message}'`);
    assert(/needs a 8192² atlas, larger than WebGL2's largest with float sums, where they stay exact \(4096²\): sums=uint holds up to 8192² here/.test(r.refused) &&
      r.sums === 'uint', `float sums: '${r.refused}', now ${r.sums}`);
    await exact(page, { pyramid: 'scalar', classify: 'solid', iso: 100 }, { atLeast: 100000 });
    await exactMesh(page, { classify: 'surface', iso: 100 }, { atLeast: 10000 });
  } finally {
    fs.rmSync(path.join(site, name), { force: true });
  }
}, { timeout: 300, blank: true });

add('volume file through the file picker: too large, then opened by the offered downsampling button', async (page) => {
  const file = path.join(os.tmpdir(), `hp-tall-${process.pid}_64x64x5000_uint8.raw`);
  const bytes = Buffer.alloc(64 * 64 * 5000);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i % 64) < 32 ? 10 : 200;
  fs.writeFileSync(file, bytes);
  try {
    await (await page.$('#file')).uploadFile(file);
    await page.waitForSelector('#message button', { timeout: 60000 });
    const text = await page.$eval('#message', (m) => m.textContent);
    assert(/needs a 8192² slice atlas/.test(text), `the page says: '${text}'`);
    await page.click('#message button');
    await page.waitForFunction(() => JSON.stringify(hp.stats().dims) === '[32,32,2500]', { timeout: 60000 });
  } finally {
    fs.rmSync(file, { force: true });
  }
}, { timeout: 200 });

// Issue 40, item 1: a 16-bit file stays 16-bit in the app (the scaling beside it, applied where
// a value is read): hp.volume()'s stored values are the file's, its values the scaled ones as
// float32, the allocator's count of bytes in use grows by the stored bytes (a float copy would
// double it), and the stream is exact at an iso between two values a float16 would round alike.
add('volume file 128×96×80 int16 with a slope: held as stored (the heap in use grows by its 2 bytes a voxel), exact where float16 would round', async (page) => {
  const dims = [128, 96, 80], n = dims[0] * dims[1] * dims[2];
  // Odd values past 2048 (float16 holds only even ones there) in a smooth field, −1000 to 3000.
  const value = (x, y, z) => Math.round(-1000 + 4000 * Math.exp(-(((x - 64) / 40) ** 2 + ((y - 48) / 30) ** 2 + ((z - 40) / 25) ** 2))) | 1;
  const data = voxels(dims, 'int16', value);
  const used0 = await page.evaluate(() => hp.stats().heapUsed);
  const r = await loadVolumeBytes(page, nifti(dims, 'int16', data, { slope: 0.5, inter: -1000 }), { name: 'stored.nii' });
  assert(!r.error, r.error);
  const used = await page.evaluate(() => hp.stats().heapUsed);
  const v = await volumeOf(page);
  assert(v.info.stored.type === 'int16' && v.info.stored.slope === 0.5 && v.info.stored.intercept === -1000 && v.stored instanceof Int16Array,
    `stored ${JSON.stringify(v.info.stored)} in ${v.stored.constructor.name}`);
  const file = new Int16Array(data.buffer, data.byteOffset, n);
  let wrong = '';
  for (let i = 0; i < n && !wrong; i++)
    if (v.stored[i] !== file[i] || v.values[i] !== Math.fround(0.5 * file[i] - 1000)) wrong = `voxel ${i}: ${v.stored[i]} → ${v.values[i]}, the file's ${file[i]}`;
  assert(!wrong, wrong);
  const grown = used - used0;
  assert(grown >= 2 * n && grown <= 2 * n + (512 << 10), `the heap in use grew by ${grown} bytes (stored ${2 * n}, as floats ${4 * n})`);
  // 2049 and 2051 in the file: one float16 between them; the iso halfway in data units.
  await exact(page, { pyramid: 'scalar', classify: 'surface', iso: 0.5 * 2050 - 1000 }, { atLeast: 100 });
  await exact(page, { pyramid: 'webgpu-scan', classify: 'solid', iso: 0.5 * 2050 - 1000 }, { atLeast: 100 });
}, { query: 'paused=1&clock=fixed&overlay=0&view=none&volume=64', fresh: true });

// Hostile files: each refused with the loader's message, the volume shown stays, the heap
// grows by no more than what the file really holds (plus the copy of its bytes).
// Each pattern holds the words a user reads for that file: which limit or field, and its numbers.
const hostile = {
  'a header claiming 65535³ voxels': [() => nrrd([65535, 65535, 65535], 'int16', Buffer.alloc(64)),
    /: a 65535×65535×65535 volume has 281462092005375 voxels, more than the 1073741824 this page opens$/],
  'a NIfTI header claiming 32767³ voxels': [() => nifti([32767, 32767, 32767], 'int16', Buffer.alloc(64)),
    /: a 32767×32767×32767 volume has 35181150961663 voxels, more than the 1073741824 this page opens$/],
  'dims of 0': [() => nrrd([0, 5, 5], 'uint8', Buffer.alloc(0)), /: a 0×5×5 volume: each axis needs at least 2 voxels$/],
  'negative dims': [() => nifti([-5, 4, 3], 'uint8', Buffer.alloc(60)), /: a -5×4×3 volume: each axis needs at least 2 voxels$/],
  'a type code that does not exist': [() => nifti([4, 4, 4], 'uint8', Buffer.alloc(64), { datatype: 999 }),
    /: NIfTI datatype 999 is not one this page opens \(uint8, int8, int16, uint16, int32, float32, float64\)$/],
  'data shorter than the header says': [() => nrrd([40, 40, 40], 'int16', Buffer.alloc(1000)),
    /: the file holds 1000 bytes of data, fewer than the 128000 a 40×40×40 volume of int16 needs$/],
  'a 1 KB file claiming 512³ float32': [() => nifti([512, 512, 512], 'float32', Buffer.alloc(600), { gzip: true }),
    /: the file holds 600 bytes of data, fewer than the 536870912 a 512×512×512 volume of float32 needs$/],
  'a gzip bomb (about 1 MB inflating to 1 GiB)': [() => {
    const h = nifti([64, 64, 64], 'uint8', Buffer.alloc(0));
    return zlib.gzipSync(Buffer.concat([h, Buffer.alloc(1 << 30)]), { level: 9 });
  }, /: the \.nii\.gz inflates to more than the 262496 bytes its header describes$/],
  'zero spacing': [() => nifti([4, 4, 4], 'uint8', Buffer.alloc(64), { spacing: [1, 0, 1] }),
    /: a 4×4×4 volume: its voxel spacing must be positive numbers$/],
  'NaN spacing': [() => nrrd([4, 4, 4], 'uint8', Buffer.alloc(64), { spacing: [1, 'nan', 1] }),
    /: the NRRD's spacings are not three numbers: its voxel spacing must be positive numbers$/],
  'a raw file whose size does not match its dims': [() => Buffer.alloc(1000),
    /: a raw file of 1000 bytes, but 10×10×11 uint8 takes 1100$/, { name: 'x_10x10x11_uint8.raw' }],
  'a DICOM file with nothing after its mark (to the DICOM reader)': [() => { const b = Buffer.alloc(400); b.write('DICM', 128, 'latin1'); return b; },
    / as DICOM: no DICOM image among the files \(1 file\(s\) read: 1 not DICOM\)$/],
  'a .hdr of a .hdr/.img pair': [() => { const b = nifti([4, 4, 4], 'uint8', Buffer.alloc(0)); b.write('ni1\0', 344, 'latin1'); return b; },
    /: the header of a \.hdr\/\.img pair: one file cannot hold both; convert the pair to one \.nii/],
  'NRRD with a detached header': [() => Buffer.from('NRRD0004\ntype: uchar\ndimension: 3\nsizes: 4 4 4\nencoding: raw\ndata file: x.raw\n\n'),
    /: a detached NRRD header \(\.nhdr\) names another file \(x\.raw\): save it as one \.nrrd/],
  'NRRD bz2 encoding': [() => nrrd([4, 4, 4], 'uint8', Buffer.alloc(64), { encoding: 'bz2' }),
    /: NRRD encoding 'bz2' is not supported: save it with encoding raw or gzip/],
  'MetaImage naming another file': [() => Buffer.from('ObjectType = Image\nNDims = 3\nDimSize = 4 4 4\nElementType = MET_UCHAR\nElementDataFile = head.raw\n'),
    /: a MetaImage header that names another file \(head\.raw\): save the image as one \.mha and open that$/],
  'not a volume at all': [() => Buffer.from('hello, this is text'),
    /: not a volume file this page opens \(NIfTI, NRRD, MetaImage \.mha, VTK\) and, as raw data, its size and type are unknown/],
};
add('hostile volume files: a message each, the volume shown stays, the heap stays bounded', async (page) => {
  await open(page, nrrd(DIMS, 'int16', int16), {}, { dims: DIMS });
  const problems = [];
  for (const [what, [make, pattern, options]] of Object.entries(hostile)) {
    const bytes = make();
    const before = await page.evaluate(() => hp.stats().heapBytes);
    const r = await loadVolumeBytes(page, bytes, options ?? { name: 'hostile' });
    const s = await page.evaluate(() => hp.stats());
    if (!r.error) problems.push(`${what}: opened (${JSON.stringify(r.info.dims)})`);
    else if (!pattern.test(r.error)) problems.push(`${what}: message '${r.error}' does not match ${pattern}`);
    if (JSON.stringify(s.dims) !== JSON.stringify(DIMS) || s.source !== 'file') problems.push(`${what}: the volume shown changed (${s.dims})`);
    const grown = s.heapBytes - before, allowed = 2 * bytes.length + (16 << 20);
    if (grown > allowed) problems.push(`${what}: the heap grew by ${grown} bytes (file ${bytes.length})`);
  }
  assert(problems.length === 0, problems.join('; '));
  await exact(page, { pyramid: 'scalar', classify: 'surface', iso: -400 }, { atLeast: 200 });
  // The last refusal stays in the overlay (hp.stats().message) until a load succeeds; a message
  // of another kind (an hp.set refused) outlives a load.
  const refused = await page.evaluate(() => hp.stats().message);
  assert(/^cannot open hostile: not a volume file/.test(refused), `after the refusals the overlay says '${refused}'`);
  await open(page, nrrd(DIMS, 'int16', int16), {}, { dims: DIMS });
  const cleared = await page.evaluate(async () => {
    const after = hp.stats().message;
    await hp.set({ colour: 'red' }).catch(() => {});
    return { after, set: hp.stats().message };
  });
  assert(cleared.after === '' && /unknown setting 'colour'/.test(cleared.set), `after a load: '${cleared.after}'; after hp.set: '${cleared.set}'`);
  await open(page, nrrd(DIMS, 'int16', int16), {}, { dims: DIMS });
  const kept = await page.evaluate(() => hp.stats().message);
  assert(kept === cleared.set, `after another load: '${kept}', not hp.set's refusal`);
}, { timeout: 200 });

add('volume file: NaN and infinite floats are replaced by the finite range, and said', async (page) => {
  const f = (x, y, z) => (x === 3 && y === 4 ? NaN : x === 5 && z === 2 ? Infinity : x === 6 && z === 1 ? -Infinity : x + y + z);
  const r = await loadVolumeBytes(page, nifti(DIMS, 'float32', voxels(DIMS, 'float32', f)), {});
  assert(!r.error, r.error);
  const finiteMax = DIMS[0] - 1 + DIMS[1] - 1 + DIMS[2] - 1;
  assert(r.info.replaced === DIMS[2] + DIMS[1] * 2, `replaced ${r.info.replaced}`);
  assert(JSON.stringify(r.info.range) === JSON.stringify([0, finiteMax]), `range ${r.info.range}`);
  assert(r.info.notes.some((n) => /replaced/.test(n)), `notes ${r.info.notes}`);
  await exact(page, { pyramid: 'scalar', classify: 'solid', iso: 30 }, { atLeast: 100 });
});

// The mesh files, read back by readers no one here wrote (three.js's loaders, the Khronos glTF
// validator): welded (a vertex per crossing edge: the distinct edge ids of hp.mesh()), faces =
// the GPU's vertex total / 3, world units (mm; glb in m), and closed files watertight.
add('mesh files: PLY, STL and glb read back by three.js and the glTF validator; welded, world units, closed', async (page) => {
  await open(page, nrrd(DIMS, 'int16', int16, { spacing: SPACING }), {}, { dims: DIMS });
  const r = await page.evaluate(async () => {
    await hp.set({ pyramid: 'scalar', classify: 'surface', iso: -800 });  // the slab at z < 2: cut by the faces
    const mesh = await hp.mesh();
    const b64 = (u8) => {
      let s = '';
      for (let i = 0; i < u8.length; i += 0x8000) s += String.fromCharCode.apply(null, u8.subarray(i, i + 0x8000));
      return btoa(s);
    };
    const files = {};
    for (const type of ['ply', 'stl', 'glb'])
      for (const closed of [false, true]) files[type + (closed ? ' closed' : '')] = b64(await hp.exportMesh({ type, closed }));
    return { vertices: mesh.vertices, given: mesh.positions.length / 3, edges: mesh.edges.length,
      distinct: new Set(mesh.edges).size, files };
  });
  assert(r.given === r.vertices && r.edges === r.vertices, `hp.mesh(): ${r.vertices} vertices, ${r.given} given, ${r.edges} edge ids`);
  const bytes = (k) => new Uint8Array(Buffer.from(r.files[k], 'base64'));
  const ply = readPly(bytes('ply')), stl = readStl(bytes('stl')), glb = await readGlb(bytes('glb'));
  for (const [name, m] of [['ply', ply], ['glb', glb]]) {
    assert(m.vertices === r.distinct, `${name}: ${m.vertices} vertices, ${r.distinct} crossing edges`);
    assert(m.faces === r.vertices / 3, `${name}: ${m.faces} faces, the GPU's ${r.vertices} vertices / 3`);
  }
  assert(stl.faces === r.vertices / 3 && stl.vertices === r.vertices, `stl: ${stl.faces} faces`);
  const box = (p, scale) => {
    for (let i = 0; i < p.length; i++) {
      const extent = scale * (DIMS[i % 3] - 1) * SPACING[i % 3];
      if (p[i] < -1e-6 || p[i] > extent * (1 + 1e-6)) return `coordinate ${i % 3} = ${p[i]} outside [0, ${extent}]`;
    }
    return '';
  };
  for (const [name, p, scale] of [['ply', ply.positions, 1], ['stl', stl.positions, 1], ['glb', glb.positions, 0.001]]) {
    const out = box(p, scale);
    assert(!out, `${name}: ${out}`);
  }
  for (const k of ['glb', 'glb closed']) {
    const v = await validateGlb(bytes(k));
    assert(v.errors === 0, `${k}: the glTF validator found ${v.errors} errors: ${v.messages.join('; ')}`);
  }
  for (const [name, m] of [['ply closed', readPly(bytes('ply closed'))], ['glb closed', await readGlb(bytes('glb closed'))]]) {
    const hole = watertight(m.index);
    assert(!hole, `${name}: ${hole}`);
    assert(m.faces > r.vertices / 3, `${name}: ${m.faces} faces, no more than the open surface's`);
  }
  const openHole = watertight(ply.index);
  assert(openHole, 'the open surface, cut by the volume\'s faces, should have a hole');
});

// Mesh files are in LPS, as 3D Slicer reads them: a NIfTI's RAS frame has x and y turned.
add('mesh files of a NIfTI (RAS) are written in LPS, and say so', async (page) => {
  const r = await loadVolumeBytes(page, nifti(DIMS, 'int16', int16, { spacing: SPACING }), {});
  assert(!r.error, r.error);
  const b64 = await page.evaluate(async () => {
    await hp.set({ iso: -800 });
    const bytes = await hp.exportMesh({ type: 'ply' });
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(s);
  });
  const bytes = new Uint8Array(Buffer.from(b64, 'base64'));
  assert(Buffer.from(bytes.subarray(0, 300)).toString('latin1').includes('comment SPACE=LPS'), 'no SPACE=LPS comment');
  const p = readPly(bytes).positions;
  for (let i = 0; i < p.length; i += 3)
    assert(p[i] <= 0 && p[i + 1] <= 0 && p[i + 2] >= 0, `vertex ${i / 3} at ${p[i]}, ${p[i + 1]}, ${p[i + 2]}: not RAS turned to LPS`);
});

// The WebGPU modes export from the atlas they read back (a procedural volume): the same file,
// byte for byte, as WebGL2's.
add('mesh files in the WebGPU modes: the same bytes as WebGL2 for the same volume', async (page) => {
  const webgpu = await page.evaluate(() => hp.stats().webgpu);
  if (webgpu) return `skipped: ${webgpu}`;
  const r = await page.evaluate(async () => {
    const digest = async (b) => Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', b))).join(',');
    const out = {};
    for (const pyramid of ['scalar', 'webgpu-scan', 'webgpu-pyramid']) {
      await hp.set({ pyramid, source: 'sphere', volume: 64, time: 1, iso: 0.5, classify: 'surface' });
      await hp.frames(2);
      const glb = await hp.exportMesh({ type: 'glb', closed: true });
      out[pyramid] = { size: glb.length, digest: await digest(glb) };
    }
    await hp.set({ pyramid: 'scalar' });
    return out;
  });
  assert(r.scalar.size > 1000, `the WebGL2 file has ${r.scalar.size} bytes`);
  for (const p of ['webgpu-scan', 'webgpu-pyramid'])
    assert(r[p].digest === r.scalar.digest, `${p}: ${r[p].size} bytes, not WebGL2's ${r.scalar.size}`);
});

export default cases;
