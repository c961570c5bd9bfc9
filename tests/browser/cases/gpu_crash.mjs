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

// Opens the page in `start` mode (with `more` settings, e.g. {sums: 'uint'}), crashes the GPU
// process (while `during` runs in the page, if given) and proves the crash by the page's loss
// counter (hp.stats().losses): the WebGL context lost and restored, and where the page had a
// WebGPU device, that device lost and a new one got. Then frames run on, the page ends in
// `pyramid`, and the stream equals the CPU reference.
async function crashed(url, start, { pyramid = start, more = {}, during = null } = {}) {
  const browser = await launch({ width: 960, height: 600, extraArgs: FLAGS });
  try {
    const log = [];
    const settings = Object.entries({ pyramid: start, ...more }).map(([k, v]) => `&${k}=${v}`).join('');
    const page = await openDemo(browser, `${url}index.html?${QUERY}${settings}`, { logTo: log });
    const s0 = await page.evaluate(() => hp.stats());
    if (pyramid.startsWith('webgpu') && s0.webgpu) return `skipped: ${s0.webgpu}`;
    assert(s0.pyramid === start && Object.entries(more).every(([k, v]) => String(s0[k]) === String(v)),
      `the page started in ${s0.pyramid} ${JSON.stringify(more)}`);
    const hadWebGpu = s0.webgpu === '';
    const before = s0.losses;
    assert(before.webgl === 0 && before.webgpu === 0, `losses before the crash: ${JSON.stringify(before)}`);
    const started = during ? page.evaluate(during).catch((e) => e.message) : null;
    const cdp = await browser.target().createCDPSession();
    const answer = await cdp.send('Browser.crashGpuProcess').then(() => 'answered', (e) => e.message);
    if (started) await started;
    // The crash, seen by the page: without it the rest would prove nothing.
    await page.waitForFunction((webgpu) => {
      const l = hp.stats().losses;
      return l.webgl > 0 && l.webglRestored > 0 && (!webgpu || (l.webgpu > 0 && l.webgpuRestored > 0));
    }, { timeout: 45000 }, hadWebGpu).catch(async () => {
      const l = await page.evaluate(() => hp.stats().losses);
      throw new Error(`the page saw no GPU loss and recovery (crash command: ${answer}): ${JSON.stringify(l)}`);
    });
    const frame = await page.evaluate(() => hp.stats().frame);
    await page.waitForFunction((f) => hp.stats().frame > f + 3, { timeout: 90000 }, frame);
    await page.waitForFunction((p) => hp.stats().pyramid === p, { timeout: 90000 }, pyramid);
    await exact(page, { pyramid, ...more, classify: 'surface' }, { atLeast: 100 });
    const s = await page.evaluate(() => hp.stats());
    assert(s.pyramid === pyramid && s.webgpu === '', `after the crash: ${s.pyramid}, webgpu '${s.webgpu}'`);
    assert(/lost/.test(s.losses.reason), `the last loss's reason: '${s.losses.reason}'`);
    return `${s.losses.webgl} WebGL loss(es), ${s.losses.webgpu} WebGPU`;
  } finally {
    await browser.close();
  }
}

const add = (name, run) => cases.push({ name, ready: false, timeout: 200, run });
for (const [pyramid, more] of [['scalar', {}], ['vec4', {}], ['baseline', {}], ['scalar', { sums: 'uint' }],
  ['vec4', { sums: 'uint' }], ['webgpu-scan', {}], ['webgpu-pyramid', {}]])
  add(`GPU process crash in ${pyramid}${more.sums ? ` with ${more.sums} sums` : ''}: the loss seen, the page comes back by itself, exact`,
    async (_, { url }) => crashed(url, pyramid, { more }));
add('GPU process crash during a switch from scalar to webgpu-pyramid: the loss seen, it arrives, exact',
  async (_, { url }) => crashed(url, 'scalar', { pyramid: 'webgpu-pyramid', during: () => { hp.set({ pyramid: 'webgpu-pyramid' }); } }));
add('GPU process crash during a volume load: the loss seen, the load ends either way, exact after',
  async (_, { url }) => crashed(url, 'scalar', { during: () => {
    const bytes = new Uint8Array(40 * 30 * 20);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i % 40) < 20 ? 20 : 200;
    hp.loadVolume(bytes, { name: 'crash_40x30x20_uint8.raw' }).catch(() => {});
  } }));

export default cases;
