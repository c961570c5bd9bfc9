// The WebGPU device: a page without navigator.gpu (the modes refused with the reason, WebGL2 on),
// a lost device (back to WebGL2, still exact), and pyramid=webgpu-pyramid from the URL.
import { assert, exact } from '../lib.mjs';
import { QUERY, webgpuCases } from '../webgpu_checks.mjs';

const { cases, add } = webgpuCases();

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
