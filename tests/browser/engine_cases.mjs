// The cases every browser engine's tier runs (firefox.mjs, webkit.mjs): what Chromium's suite
// checks, on the engine's own WebGL2 (Mesa's llvmpipe under Xvfb here). A case gets a page
// with evaluate(fn, ...args) and screenshotPng() and runs on the query it names.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import pixelmatch from 'pixelmatch';
import { assert, exact, exactMesh, pngOf, loadBytes } from './lib.mjs';
import { voxels, ctLike, nrrd, loadVolumeBytes } from './volume_files.mjs';
import { explainKeys } from './cases/explain.mjs';
import { labelVolume } from './cases/labels.mjs';

export const QUERY = 'paused=1&clock=fixed&overlay=0&view=stream&atlas=512';
// The 3D view drawn by llvmpipe against SwiftShader's golden: rasterization and float rounding
// differ at edges, so a pixel may differ by pixelmatch's default threshold, up to 1% of them.
const GOLDEN_PIXELS = 0.01;

export const cases = [];
const add = (name, run, query = QUERY) => cases.push({ name, run, query });

add('loads; the WebGPU modes are unavailable with the browser\'s reason', async (page) => {
  const s = await page.evaluate(() => hp.stats());
  assert(s.frame >= 1 && s.webgpu.length > 0, `frame ${s.frame}, webgpu '${s.webgpu}'`);
  const refused = await page.evaluate(() => hp.set({ pyramid: 'webgpu-scan' }).then(() => '', (e) => e.message));
  assert(/needs WebGPU/.test(refused), `webgpu-scan: '${refused}'`);
});
// Every mode at 64³ in both classifications. At 128³ (2048² textures, two more levels) two on
// the surface: scalar with float sums, vec4 with uint sums, so that each pyramid and each kind of
// sum meets the large textures once (the 64³ cases run every pair of mode and classification).
// Not the solid there: its million keys took llvmpipe 55 s to traverse and read back, and prove
// nothing about the large textures that the surface's do not.
const MODES = [{ pyramid: 'scalar', sums: 'float' }, { pyramid: 'vec4', sums: 'float' },
  { pyramid: 'scalar', sums: 'uint' }, { pyramid: 'vec4', sums: 'uint' }, { pyramid: 'baseline' }];
const SURFACE = { source: 'metaballs', classify: 'surface', iso: 0.5, time: 1.25 };
const SOLID = { source: 'noise', classify: 'solid', iso: 0.55 };
for (const volume of [64, 128])
  for (const mode of volume === 64 ? MODES : [MODES[0], MODES[3]]) {
    const streams = volume === 64 ? [SURFACE, SOLID] : [SURFACE];
    add(`${Object.values(mode).join(' ')} ${volume}³: streams exact (${streams.map((x) => x.classify).join(' and ')})`, async (page) => {
      for (const state of streams) await exact(page, { sums: 'float', ...mode, volume, ...state }, { atLeast: 100 });
    });
  }
// The mesh in every WebGL2 mode (64³: the vertex pyramid takes the volume's sums).
for (const mode of MODES)
  add(`mesh ${Object.values(mode).join(' ')} 64³: exact against the reference mesh`, (page) =>
    exactMesh(page, { sums: 'float', ...mode, volume: 64, source: 'sphere', iso: 0.5, time: 1 }, { atLeast: 300 }));
// The Explain view's walk reads the pyramid through RGBA32UI targets and integer readPixels.
for (const mode of [{ pyramid: 'scalar', sums: 'float' }, { pyramid: 'vec4', sums: 'uint' }, { pyramid: 'baseline' }])
  add(`explain ${Object.values(mode).join(' ')} 64³: keys walk as the reference`, (page) =>
    explainKeys(page, { sums: 'float', ...mode, volume: 64, source: 'metaballs', classify: 'surface', time: 1.5, iso: 0.5 }));
add('a PNG atlas (16-bit) loads and is exact', async (page) => {
  const error = await loadBytes(page, pngOf(512, 512, (x, y) => ((x % 64) + (y % 64) < 50 ? 0.9 : 0.2), { bits: 16 }), { tile: 64 });
  assert(error === '', error);
  await exact(page, { pyramid: 'scalar', source: 'png', classify: 'solid', iso: 0.5 }, { atLeast: 1000 });
});
add('a volume file (NRRD gzip, 37×23×11 int16) loads and is exact', async (page) => {
  const dims = [37, 23, 11];
  const r = await loadVolumeBytes(page, nrrd(dims, 'int16', voxels(dims, 'int16', ctLike(dims)), { encoding: 'gzip' }), {});
  assert(!r.error && JSON.stringify(r.info.dims) === JSON.stringify(dims), r.error || JSON.stringify(r.info.dims));
  await exact(page, { pyramid: 'vec4', classify: 'surface', iso: -400 }, { atLeast: 200 });
});
// DICOM through the workers: a zip (stored and deflated entries: the engine's DecompressionStream)
// of a JPEG-lossless series (pydicom, then gdcmconv), every value as written.
add('a DICOM zip (JPEG lossless, 23×19×6 int16) opens through the workers, every value as written', async (page) => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-dicom-'));
  try {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    execFileSync('/usr/bin/python3', [path.join(root, 'tests/dicom/make_series.py'), `${tmp}/plain`, '{"dims": [23, 19, 6]}']);
    fs.mkdirSync(`${tmp}/jpeg`);
    const names = fs.readdirSync(`${tmp}/plain`).filter((f) => f.endsWith('.dcm'));
    for (const f of names) execFileSync('gdcmconv', ['--jpeg', '-i', `${tmp}/plain/${f}`, '-o', `${tmp}/jpeg/${f}`]);
    execFileSync('/usr/bin/python3', ['-c', `import sys, zipfile, os
with zipfile.ZipFile(sys.argv[2], 'w') as z:
    for i, f in enumerate(sorted(os.listdir(sys.argv[1]))):
        z.write(os.path.join(sys.argv[1], f), f, zipfile.ZIP_DEFLATED if i % 2 else zipfile.ZIP_STORED)`, `${tmp}/jpeg`, `${tmp}/s.zip`]);
    const r = await loadVolumeBytes(page, fs.readFileSync(`${tmp}/s.zip`), { name: 's.zip' });
    assert(!r.error && r.info.file === 'dicom' && JSON.stringify(r.info.dims) === '[23,19,6]', r.error || JSON.stringify(r.info.dims));
    const raw = fs.readFileSync(`${tmp}/plain/expected.f32`);
    const want = new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.length));
    const got = await page.evaluate(async () => Array.from((await hp.volume()).values));
    const wrong = want.filter((v, i) => got[i] !== v).length;
    assert(got.length === want.length && wrong === 0, `${got.length} values of ${want.length}, ${wrong} differ`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
// A label map (classify=labels): three and four labels a cell; its stream and every label's mesh
// exact in two modes, on the engine's own WebGL2.
add('a label map (40×36×30 uint16): the stream and each label\'s mesh exact (scalar float, vec4 uint)', async (page) => {
  const r = await loadVolumeBytes(page, new Uint8Array(labelVolume().buffer), { name: 'labels_40x36x30_uint16.raw' });
  assert(!r.error, r.error);
  for (const mode of [{ pyramid: 'scalar', sums: 'float' }, { pyramid: 'vec4', sums: 'uint' }]) {
    const n = await exact(page, { ...mode, source: 'file', classify: 'labels' }, { atLeast: 2000 });
    await exactMesh(page, {}, { atLeast: 6 * n });
  }
  await page.evaluate(() => hp.set({ classify: 'surface' }));
});
add('a lost and restored WebGL context: the loss seen, rebuilt, exact', async (page) => {
  const r = await page.evaluate(async () => {
    const ext = document.getElementById('canvas').getContext('webgl2').getExtension('WEBGL_lose_context');
    const before = hp.stats().losses;
    ext.loseContext();
    await new Promise((r) => setTimeout(r, 300));
    const lost = { losses: hp.stats().losses, message: document.getElementById('message').textContent };
    ext.restoreContext();
    await new Promise((r) => setTimeout(r, 500));
    await hp.frames(3);
    return { before, lost, after: hp.stats().losses, message: document.getElementById('message').textContent };
  });
  assert(r.lost.losses.webgl === r.before.webgl + 1 && /WebGL context was lost/.test(r.lost.losses.reason) &&
    /lost/.test(r.lost.message), `the loss: counted ${JSON.stringify(r.lost.losses)} (before ${JSON.stringify(r.before)}), the page says '${r.lost.message}'`);
  assert(r.after.webglRestored === r.before.webglRestored + 1 && r.message === '',
    `the restore: ${JSON.stringify(r.after)}, the page says '${r.message}'`);
  await exact(page, { pyramid: 'scalar', volume: 64, source: 'metaballs', classify: 'surface', iso: 0.5 }, { atLeast: 100 });
});
add('the 3D view against Chromium\'s golden (surface.png), within 1% of the pixels', async (page) => {
  await page.evaluate(() => hp.frames(6));
  const actual = PNG.sync.read(await page.screenshotPng());
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'goldens');
  const golden = PNG.sync.read(fs.readFileSync(path.join(dir, 'surface.png')));
  assert(actual.width === golden.width && actual.height === golden.height, `${actual.width}×${actual.height}`);
  const n = pixelmatch(golden.data, actual.data, null, golden.width, golden.height, { threshold: 0.1 });
  const share = n / (golden.width * golden.height);
  if (share > GOLDEN_PIXELS) fs.writeFileSync(path.join(dir, `surface.${page.engine}.actual.png`), PNG.sync.write(actual));
  assert(share <= GOLDEN_PIXELS, `${n} pixels (${(100 * share).toFixed(2)}%) differ from surface.png`);
  return `${n} pixels differ`;
}, 'paused=1&time=1.5&clock=fixed&overlay=0&view=surface');
