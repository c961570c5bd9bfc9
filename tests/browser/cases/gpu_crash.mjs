// When the GPU goes away (issue 19): the DevTools protocol's Browser.crashGpuProcess takes every
// WebGL context and WebGPU device of the page at once, as a driver reset or a crashed GPU
// process does. The page must come back by itself: frames run on, a WebGPU mode returns once
// the page has a new device, and the stream is exact again.
// On a slow machine: from each crash until the page is back, the browser is slowed (slow.mjs:
// each of its processes, the GPU process it restarts among them, runs a third of the time), so
// that a recovery that works only when the GPU process restarts quickly fails here on any
// machine, not on slow ones alone. Each case is a browser of its own, crashed once a
// mode (Chromium stops restarting its GPU process after a few crashes, and refuses WebGPU to
// an origin after repeated losses; the two flags below lift that for tests).
import { launch, openDemo } from '../browser.mjs';
import { assert, exact } from '../lib.mjs';
import { slowBrowser } from '../slow.mjs';

const QUERY = 'paused=1&clock=fixed&volume=64&atlas=512&view=all';
const FLAGS = ['--disable-domain-blocking-for-3d-apis', '--disable-gpu-process-crash-limit'];
// From the crash until the page is back, on the slowed machine (a quiet 2-core machine
// recovers in ~10 s slowed; the rest is for a busier one).
const BACK_MS = 120000;
const cases = [];

// The page in `modes[0]`, then for each mode in turn: set it (with its `more` settings, e.g.
// {sums: 'uint'}), crash the GPU process (while `during` runs in the page, if given) on the
// slowed machine and prove the crash by the page's loss counter (hp.stats().losses): one more
// WebGL context lost and restored, and where the page had a WebGPU device, that device lost
// and a new one got. Then frames run on, the page ends in `pyramid` (the mode's own unless
// given), the machine's speed comes back, and the stream equals the CPU reference.
async function crashes(url, modes) {
  const browser = await launch({ width: 960, height: 600, extraArgs: FLAGS });
  try {
    const first = Object.entries({ pyramid: modes[0].start, ...modes[0].more }).map(([k, v]) => `&${k}=${v}`).join('');
    const log = [];  // the page's console: a failure below names its WebGPU and loss lines
    const page = await openDemo(browser, `${url}index.html?${QUERY}${first}`, { logTo: log });
    const said = () => log.filter((l) => /WebGPU|lost|memory|back/i.test(l)).slice(-6).join(' | ');
    const notes = [];
    for (const { start, more = {}, pyramid = start, during = null } of modes) {
      await page.evaluate((s) => hp.set(s), { pyramid: start, ...more });
      const s0 = await page.evaluate(() => hp.stats());
      if (pyramid.startsWith('webgpu') && s0.webgpu) return `skipped: ${s0.webgpu}`;
      assert(s0.pyramid === start && Object.entries(more).every(([k, v]) => String(s0[k]) === String(v)),
        `the page is in ${s0.pyramid} ${JSON.stringify(more)}`);
      const hadWebGpu = s0.webgpu === '';
      const before = s0.losses;
      const stop = slowBrowser(browser);
      try {
        const started = during ? page.evaluate(during).catch((e) => e.message) : null;
        const cdp = await browser.target().createCDPSession();
        const answer = await cdp.send('Browser.crashGpuProcess').then(() => 'answered', (e) => e.message);
        if (started) await started;
        // The crash, seen by the page: without it the rest would prove nothing.
        await page.waitForFunction((webgpu, b) => {
          const l = hp.stats().losses;
          return l.webgl > b.webgl && l.webglRestored > b.webglRestored &&
            (!webgpu || (l.webgpu > b.webgpu && l.webgpuRestored > b.webgpuRestored));
        }, { timeout: BACK_MS, polling: 250 }, hadWebGpu, before).catch(async (e) => {
          const l = await page.evaluate(() => hp.stats().losses);
          throw new Error(`${start}: the page saw no GPU loss and recovery (crash command: ${answer}; ${e.message}): ` +
            `${JSON.stringify(before)} before, ${JSON.stringify(l)} after`);
        });
        // Frames run on when asked (a paused page rests otherwise) and the page ends in its mode.
        const back = await page.evaluate(async (p, ms) => {
          const t0 = performance.now(), f0 = hp.stats().frame;
          while (performance.now() - t0 < ms) {
            await Promise.race([hp.frames(1), new Promise((r) => setTimeout(r, 250))]);
            const s = hp.stats();
            if (s.frame > f0 + 3 && s.pyramid === p) return true;
          }
          return false;
        }, pyramid, BACK_MS);
        if (!back) {
          const s = await page.evaluate(() => hp.stats());
          throw new Error(`${start}: not back in ${pyramid} within ${BACK_MS / 1000} s: frame ${s.frame}, ${s.pyramid}, ` +
            `webgpu '${s.webgpu}', message '${s.message}'; the page said: ${said()}`);
        }
      } finally {
        await stop();
      }
      await exact(page, { pyramid, ...more, classify: 'surface' }, { atLeast: 100 });
      const s = await page.evaluate(() => hp.stats());
      assert(s.pyramid === pyramid && s.webgpu === '',
        `after the crash in ${start}: ${s.pyramid}, webgpu '${s.webgpu}'`);
      assert(/lost/.test(s.losses.reason), `the last loss's reason: '${s.losses.reason}'`);
      notes.push(`${s.losses.webgl - before.webgl} WebGL loss, ${s.losses.webgpu - before.webgpu} WebGPU`);
    }
    return notes.join('; ');
  } finally {
    await browser.close();
  }
}

// A page load, then BACK_MS a crash (each wait may take it, though together they take far less).
const add = (name, modes) => cases.push({ name, ownBrowser: true, timeout: 60 + (BACK_MS / 1000) * modes.length,
  run: (_, { url }) => crashes(url, modes) });
// The load first: --quick runs the first case of each kind, and this one is the shortest.
add('GPU process crash during a volume load: the loss seen, the load ends either way, exact after',
  [{ start: 'scalar', during: () => {
    const bytes = new Uint8Array(40 * 30 * 20);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i % 40) < 20 ? 20 : 200;
    hp.loadVolume(bytes, { name: 'crash_40x30x20_uint8.raw' }).catch(() => {});
  } }]);

// Each WebGL2 pyramid's class once (scalar, the baseline, vec4) and each kind of sums (float,
// uint): a restored context rebuilds every GL object the same way whatever the mode.
add('GPU process crash in scalar, the baseline, vec4 with uint sums, one after another: ' +
  'each loss seen, the page comes back by itself, exact', [{ start: 'scalar' }, { start: 'baseline' },
  { start: 'vec4', more: { sums: 'uint' } }]);
// The WebGPU device is the page's, not a mode's: one mode crashed here, the other reached after
// a crash in the last case.
add('GPU process crash in webgpu-scan: the loss seen, the page comes back by itself, exact',
  [{ start: 'webgpu-scan' }]);
add('GPU process crash during a switch from scalar to webgpu-pyramid: the loss seen, it arrives, exact',
  [{ start: 'scalar', pyramid: 'webgpu-pyramid', during: () => { hp.set({ pyramid: 'webgpu-pyramid' }); } }]);
export default cases;
