// Bad input: each gets a clear message (on the page or in the overlay, and as the API's
// rejection) while the demo keeps running on its previous state.
import { assert, pngOf, loadBytes } from '../lib.mjs';

const QUERY = 'paused=1&clock=fixed&atlas=512&overlay=0&view=stream';

async function pageMessage(page) {
  return page.evaluate(() => document.getElementById('message').textContent);
}

// The demo still draws frames, on the state it had.
async function stillRunning(page, before) {
  const after = await page.evaluate(() => hp.frames(2).then(() => hp.stats()));
  assert(after.frame >= before.frame + 2, 'the demo stopped drawing frames');
  for (const k of ['pyramid', 'source', 'classify', 'iso', 'atlas', 'volume', 'count'])
    assert(after[k] === before[k], `${k} changed from ${before[k]} to ${after[k]}`);
  return after;
}

const cases = [];

// URL parameters: a page opened with a bad link says why and runs with the defaults (animated,
// 128³: every call waits for a frame of seconds on SwiftShader, so the case reads all in one and
// pauses the page, which would otherwise slow the runner beside it).
for (const [what, query, pattern] of [
  ['an unknown name', 'colour=red', /unknown setting 'colour'/],
  ['the sums setting by its old name', 'format=uint', /format was renamed to sums \(sums=float or sums=uint\)/],
  ['a value out of range', 'iso=3', /iso=3 is out of the volume's range \[0, 1\]/],
  ['a wrong type', 'time=soon', /time='soon' is not a number/],
  ['a wrong type (flag)', 'paused=maybe', /paused='maybe' is not 0, 1/],
  ['markup in a value', 'pyramid=<img src=x onerror="window.pwned=1">', /pyramid='<img src=x onerror="window.pwned=1">' is not one of/],
]) {
  cases.push({
    name: `URL with ${what}: named on the page, defaults kept`,
    query: `clock=fixed&${encodeURI(query)}`,
    fresh: true,
    async run(page) {
      const { text, s, injected } = await page.evaluate(() => {
        const out = { text: document.getElementById('message').textContent, s: hp.stats(),
          injected: document.querySelectorAll('#message *').length + (window.pwned ? 1 : 0) };
        hp.set({ paused: 1 });
        return out;
      });
      assert(pattern.test(text), `the page says: '${text}'`);
      assert(s.pyramid === 'scalar' && s.iso === 0.5 && s.atlas === 2048 && s.frame >= 1 && !s.paused, 'the defaults did not hold');
      assert(injected === 0, 'text from the URL reached the page as HTML');
    },
  });
}

cases.push({
  name: 'URL with a missing PNG: named on the page',
  query: 'clock=fixed&paused=1&png=assets/no-such-atlas.png',
  fresh: true,
  async run(page) {
    await page.waitForFunction(() => document.getElementById('message').textContent !== '', { timeout: 20000 });
    const text = await pageMessage(page);
    assert(/cannot fetch assets\/no-such-atlas\.png: HTTP 404/.test(text), `the page says: '${text}'`);
    const s = await page.evaluate(() => hp.stats());
    assert(s.source === 'metaballs', `source is ${s.source}`);
  },
});

// hp.set: rejections name the key or value and change nothing.
for (const [what, state, pattern] of [
  ['an unknown key', { pyramid: 'vec4', colour: 'red' }, /unknown setting 'colour'/],
  ['a value out of range', { volume: 100 }, /volume='100' is not one of: 64, 128, 256/],
  ['a wrong type', { iso: 'high' }, /iso='high' is not a number/],
  ['an object as a value', { iso: { a: 1 } }, /iso: a value must be a string, number or boolean/],
  ['markup in a value', { source: '<b>png</b>' }, /source='<b>png<\/b>' is not one of/],
  ['source png without an atlas', { source: 'png' }, /needs a PNG atlas/],
]) {
  cases.push({
    name: `hp.set with ${what}: rejected, nothing changes`,
    query: QUERY,
    async run(page) {
      const before = await page.evaluate(() => hp.stats());
      const error = await page.evaluate((s) => hp.set(s).then(() => '', (e) => e.message), state);
      assert(pattern.test(error), `rejection: '${error}'`);
      await stillRunning(page, before);
    },
  });
}

// PNG atlases: every kind of bad file.
const good = pngOf(512, 512, (x, y) => ((x ^ y) & 64 ? 0.9 : 0.1));
for (const [what, bytes, tile, pattern] of [
  ['a file that is not a PNG', Buffer.from('GIF89a, or anything else at all'), 64, /not a PNG/],
  ['an empty file', Buffer.alloc(0), 64, /empty/],
  ['a truncated PNG', good.subarray(0, Math.floor(good.length / 2)), 64, /truncated/],
  ['a PNG that is not square', pngOf(512, 256, () => 0.5), 64, /512×256; it must be square/],
  ['a PNG whose side is not a power of two', pngOf(384, 384, () => 0.5), 64, /power of two/],
  ['a PNG too small', pngOf(128, 128, () => 0.5), 32, /sizes from 256² to 4096²/],
  ['a tile size that does not divide the atlas', good, 48, /tile size 48 does not fit/],
  ['a tile size whose slices do not fit', good, 128, /tile size 128 does not fit: a 512² atlas holds 16 tiles/],
]) {
  cases.push({
    name: `loadAtlas with ${what}: rejected, the previous volume stays`,
    query: QUERY,
    async run(page) {
      const before = await page.evaluate(() => hp.stats());
      const error = await loadBytes(page, bytes, { tile });
      assert(pattern.test(error), `rejection: '${error}'`);
      const shown = await pageMessage(page);
      assert(shown === error, `the page shows '${shown}'`);
      const s = await stillRunning(page, before);
      assert(s.message === error, `the overlay shows '${s.message}'`);
    },
  });
}

cases.push({
  name: 'loadAtlas with a missing URL: rejected, the previous volume stays',
  query: QUERY,
  async run(page) {
    const before = await page.evaluate(() => hp.stats());
    const error = await page.evaluate(() => hp.loadAtlas('assets/missing.png', { tile: 64 }).then(() => '', (e) => e.message));
    assert(/cannot fetch assets\/missing\.png: HTTP 404/.test(error), `rejection: '${error}'`);
    await stillRunning(page, before);
  },
});

// The Sample button's fetch fails (the server is made to answer 404 for it): the page, the
// overlay and hp.stats().message say so, not only the console.
cases.push({
  name: 'Sample whose fetch fails: the page and hp.stats().message say so, the previous volume stays',
  query: QUERY,
  async setup(page) {
    await page.evaluateOnNewDocument(() => {
      const real = window.fetch;
      window.fetch = (url, ...rest) => (String(url).includes('head-phantom')
        ? Promise.resolve(new Response('', { status: 404 })) : real(url, ...rest));
    });
  },
  async run(page) {
    const before = await page.evaluate(() => hp.stats());
    await page.evaluate(() => hp.testing.module.hpEvent('loadSample', 'null'));  // what the overlay's Sample button sends
    await page.waitForFunction(() => hp.stats().message !== '', { timeout: 20000 });
    const text = await pageMessage(page), stats = await page.evaluate(() => hp.stats());
    assert(/cannot fetch assets\/head-phantom-64\.png: HTTP 404/.test(text), `the page says: '${text}'`);
    assert(stats.message === text, `hp.stats().message: '${stats.message}'`);
    await stillRunning(page, before);
  },
});

// Larger than the GPU allows: the page is told its largest texture is 2048.
cases.push({
  name: 'loadAtlas with a PNG larger than the GPU\'s texture limit: rejected',
  query: QUERY,
  async setup(page) {
    await page.evaluateOnNewDocument(() => {
      const get = WebGL2RenderingContext.prototype.getParameter;
      WebGL2RenderingContext.prototype.getParameter = function (p) {
        return p === this.MAX_TEXTURE_SIZE ? 2048 : get.call(this, p);
      };
    });
  },
  async run(page) {
    const before = await page.evaluate(() => hp.stats());
    const error = await loadBytes(page, pngOf(4096, 4096, () => 0), { tile: 256 });
    assert(/4096², more than this GPU's largest texture \(2048\)/.test(error), `rejection: '${error}'`);
    await stillRunning(page, before);
    const refusal = await page.evaluate(() => hp.set({ volume: 256 }).then(() => '', (e) => e.message));
    assert(/volume=256 needs a 4096² atlas, larger than this GPU's largest texture \(2048²\)/.test(refusal),
      `volume 256 on a GPU with 2048² textures: '${refusal}'`);
    await stillRunning(page, before);
  },
});

export default cases;
