// When the GPU goes away (issue 19): the DevTools protocol's Browser.crashGpuProcess takes every
// WebGL context and WebGPU device of the page at once, as a driver reset or a crashed GPU
// process does. Each case runs in a browser of its own (Chromium stops restarting its GPU
// process after a few crashes, and refuses WebGPU to an origin after repeated losses; the two
// flags below lift that for tests). The page must come back by itself: frames run on, a
// WebGPU mode returns once the page has a new device, and the stream is exact again.
import { launch, openDemo } from '../browser.mjs';
import { assert, exact } from '../lib.mjs';

const QUERY = 'paused=1&clock=fixed&volume=64&atlas=512&view=all';
const FLAGS = ['--disable-domain-blocking-for-3d-apis', '--disable-gpu-process-crash-limit'];
const cases = [];

// Opens the page in `start` mode, crashes the GPU process (while `during` runs in the page, if
// given) and waits for frames and for `pyramid`, the mode the page should end in.
async function crashed(url, start, pyramid = start, during = null) {
  const browser = await launch({ width: 960, height: 600, extraArgs: FLAGS });
  try {
    const log = [];
    const page = await openDemo(browser, `${url}index.html?${QUERY}&pyramid=${start}`, { logTo: log });
    const webgpu = await page.evaluate(() => hp.stats().webgpu);
    if (pyramid.startsWith('webgpu') && webgpu) return `skipped: ${webgpu}`;
    const started = during ? page.evaluate(during).catch((e) => e.message) : null;
    const cdp = await browser.target().createCDPSession();
    await cdp.send('Browser.crashGpuProcess').catch(() => {});  // the answer may be lost with it
    if (started) await started;
    const frame = await page.evaluate(() => hp.stats().frame);
    await page.waitForFunction((f) => hp.stats().frame > f + 3, { timeout: 90000 }, frame);
    await page.waitForFunction((p) => hp.stats().pyramid === p, { timeout: 90000 }, pyramid);
    await exact(page, { pyramid, classify: 'surface' }, { atLeast: 100 });
    const s = await page.evaluate(() => hp.stats());
    assert(s.pyramid === pyramid && s.webgpu === '', `after the crash: ${s.pyramid}, webgpu '${s.webgpu}'`);
    return '';
  } finally {
    await browser.close();
  }
}

for (const pyramid of ['scalar', 'vec4', 'webgpu-scan', 'webgpu-pyramid'])
  cases.push({ name: `GPU process crash in ${pyramid}: the page comes back by itself, exact`, ready: false, timeout: 200,
    run: async (_, { url }) => crashed(url, pyramid) });
cases.push({ name: 'GPU process crash during a switch from scalar to webgpu-pyramid: it arrives, exact', ready: false,
  timeout: 200, run: async (_, { url }) => crashed(url, 'scalar', 'webgpu-pyramid', () => { hp.set({ pyramid: 'webgpu-pyramid' }); }) });
cases.push({ name: 'GPU process crash during a volume load: the load ends either way, exact after', ready: false,
  timeout: 200, run: async (_, { url }) => crashed(url, 'scalar', 'scalar', () => {
    const bytes = new Uint8Array(40 * 30 * 20);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i % 40) < 20 ? 20 : 200;
    hp.loadVolume(bytes, { name: 'crash_40x30x20_uint8.raw' }).catch(() => {});
  }) });

export default cases;
