// The browser tier for Firefox (issue 19, its first engine beside Chromium): Debian's Firefox ESR
// driven by puppeteer-core through WebDriver BiDi, headful under Xvfb (its headless mode on Linux
// has no WebGL), WebGL2 on Mesa's llvmpipe. Every WebGL2 mode exact against the CPU reference
// at 64³ (scalar and vec4 at 128³ too; stream, and the mesh in scalar), a PNG atlas and a volume file loaded, the WebGPU
// modes shown unavailable with the browser's reason, a lost and restored WebGL context, and the
// 3D view against Chromium's golden within a tolerance. One line a case, then
// "N passed, N failed, N skipped".
//   xvfb-run -a -s "-screen 0 1280x800x24" node firefox.mjs SITE_DIR [regular expression]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import { PNG } from 'pngjs';
import pixelmatch from 'pixelmatch';
import { serve } from './serve.mjs';
import { assert, exact, exactMesh, pngOf, loadBytes } from './lib.mjs';
import { voxels, ctLike, nrrd, loadVolumeBytes } from './volume_files.mjs';

const FIREFOX = '/usr/bin/firefox-esr';
const QUERY = 'paused=1&clock=fixed&overlay=0&view=stream&atlas=512';
// The 3D view drawn by llvmpipe against SwiftShader's golden: rasterization and float rounding
// differ at edges, so a pixel may differ by pixelmatch's default threshold, up to 1% of them.
const GOLDEN_PIXELS = 0.01;

const cases = [];
const add = (name, run, query = QUERY) => cases.push({ name, run, query });

add('loads; the WebGPU modes are unavailable with the browser\'s reason', async (page) => {
  const s = await page.evaluate(() => hp.stats());
  assert(s.frame >= 1 && s.webgpu.length > 0, `frame ${s.frame}, webgpu '${s.webgpu}'`);
  const refused = await page.evaluate(() => hp.set({ pyramid: 'webgpu-scan' }).then(() => '', (e) => e.message));
  assert(/needs WebGPU/.test(refused), `webgpu-scan: '${refused}'`);
});
// Every mode at 64³; the two designs at 128³ too (llvmpipe takes half a minute a case there).
const MODES = [{ pyramid: 'scalar', format: 'float' }, { pyramid: 'vec4', format: 'float' },
  { pyramid: 'scalar', format: 'uint' }, { pyramid: 'vec4', format: 'uint' }, { pyramid: 'baseline' }];
for (const volume of [64, 128])
  for (const mode of volume === 64 ? MODES : MODES.slice(0, 2))
    add(`${Object.values(mode).join(' ')} ${volume}³: streams exact (surface and solid)`, async (page) => {
      await exact(page, { format: 'float', ...mode, volume, source: 'metaballs', classify: 'surface', iso: 0.5, time: 1.25 }, { atLeast: 100 });
      await exact(page, { source: 'noise', classify: 'solid', iso: 0.55 }, { atLeast: 100 });
    });
for (const volume of [64, 128])
  add(`mesh ${volume}³ scalar: exact against the reference mesh`, (page) =>
    exactMesh(page, { pyramid: 'scalar', format: 'float', volume, source: 'sphere', iso: 0.5, time: 1 }, { atLeast: 300 }));
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
add('a lost and restored WebGL context: rebuilt, exact', async (page) => {
  await page.evaluate(async () => {
    const ext = document.getElementById('canvas').getContext('webgl2').getExtension('WEBGL_lose_context');
    ext.loseContext();
    await new Promise((r) => setTimeout(r, 300));
    ext.restoreContext();
    await new Promise((r) => setTimeout(r, 500));
    await hp.frames(3);
  });
  await exact(page, { pyramid: 'scalar', volume: 64, source: 'metaballs', classify: 'surface', iso: 0.5 }, { atLeast: 100 });
});
add('the 3D view against Chromium\'s golden (surface.png), within 1% of the pixels', async (page) => {
  await page.evaluate(() => hp.frames(6));
  const actual = PNG.sync.read(Buffer.from(await page.screenshot({ encoding: 'base64' }), 'base64'));
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'goldens');
  const golden = PNG.sync.read(fs.readFileSync(path.join(dir, 'surface.png')));
  assert(actual.width === golden.width && actual.height === golden.height, `${actual.width}×${actual.height}`);
  const n = pixelmatch(golden.data, actual.data, null, golden.width, golden.height, { threshold: 0.1 });
  const share = n / (golden.width * golden.height);
  if (share > GOLDEN_PIXELS) fs.writeFileSync(path.join(dir, 'surface.firefox.actual.png'), PNG.sync.write(actual));
  assert(share <= GOLDEN_PIXELS, `${n} pixels (${(100 * share).toFixed(2)}%) differ from surface.png`);
  return `${n} pixels differ`;
}, 'paused=1&time=1.5&clock=fixed&overlay=0&view=surface');

const [site, filter = ''] = process.argv.slice(2);
const { server, url } = await serve(site);
const browser = await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX, headless: false,
  defaultViewport: { width: 960, height: 600 } });
let passed = 0, failed = 0, skipped = 0, page = null, query = null;
try {
  for (const c of cases.filter((k) => new RegExp(filter).test(k.name))) {
    const t0 = Date.now();
    try {
      if (query !== c.query) {
        if (page) await page.close();
        page = await browser.newPage();
        await page.goto(`${url}index.html?${c.query}`);
        // Firefox's BiDi awaits a Promise value: ask for a boolean (TOOLCHAIN.md).
        await page.waitForFunction(() => !!(window.hp && window.hp.stats && window.Module && window.Module.calledRun),
          { timeout: 60000 });
        await page.evaluate(() => hp.ready.then(() => true));
        query = c.query;
      }
      const note = await c.run(page);
      console.log(`ok   firefox: ${c.name}${typeof note === 'string' ? `: ${note}` : ''} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
      passed++;
    } catch (e) {
      console.log(`FAIL firefox: ${c.name}: ${e.message} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
      failed++;
      query = null;
    }
  }
} finally {
  await browser.close();
  server.close();
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exitCode = failed ? 1 : 0;
