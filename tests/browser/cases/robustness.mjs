// Browsers that fail us: a lost WebGL context, a long run with changes, a missing extension.
import { assert } from '../lib.mjs';

const cases = [];

cases.push({
  name: 'WebGL context loss: says so, rebuilds every GPU resource, same count after restore',
  query: 'paused=1&clock=fixed&atlas=512&time=1.5',
  fresh: true,
  async run(page) {
    const before = await page.evaluate(() => hp.frames(1).then(() => hp.stats()));
    await page.evaluate(() => {
      window.hpLoseContext = document.getElementById('canvas').getContext('webgl2').getExtension('WEBGL_lose_context');
      window.hpLoseContext.loseContext();
    });
    await page.waitForFunction(() => /lost/.test(document.getElementById('message').textContent), { timeout: 10000 });
    const lost = await page.evaluate(() => hp.stats().losses);
    assert(before.losses.webgl === 0 && lost.webgl === 1 && lost.webglRestored === 0 && /WebGL context was lost/.test(lost.reason),
      `losses before ${JSON.stringify(before.losses)}, after the loss ${JSON.stringify(lost)}`);
    const atRestore = await page.evaluate(() => { window.hpLoseContext.restoreContext(); return hp.stats().frame; });
    // The paused page draws again by itself once restored (reading its state asks for nothing).
    await page.waitForFunction((f) => hp.stats().losses.webglRestored === 1 && hp.stats().frame > f,
      { timeout: 20000, polling: 100 }, atRestore).catch(() => { throw new Error('the restored page drew nothing until asked'); });
    const after = await page.evaluate(() => hp.frames(3).then(() => hp.stats()));
    assert(after.losses.webgl === 1 && after.losses.webglRestored === 1, `losses after the restore ${JSON.stringify(after.losses)}`);
    assert(after.frame > before.frame, 'no frames after the restore');
    assert(after.count === before.count, `count ${after.count} after the restore, ${before.count} before`);
    // The objects in use made again, each; the programs kept for a switch back went with the context.
    const held = ({ programsKept, ...inUse }) => JSON.stringify(inUse);
    assert(held(after.gl) === held(before.gl) && after.gl.programsKept === 0,
      `live GL objects ${JSON.stringify(after.gl)} after, ${JSON.stringify(before.gl)} before`);
    const shown = await page.evaluate(() => document.getElementById('message').textContent);
    assert(shown === '' && after.message === '', `still showing: '${shown}' / '${after.message}'`);
    const exact = await page.evaluate(async () => {
      const g = await hp.stream(), c = await hp.reference();
      return g.length === c.length && g.every((e, k) => e.every((v, i) => v === c[k][i]));
    });
    assert(exact, 'the stream after the restore differs from the CPU reference');
  },
});

cases.push({
  name: 'without EXT_color_buffer_float the page says what is missing',
  query: '',
  ready: false,
  async setup(page) {
    await page.evaluateOnNewDocument(() => {
      const proto = WebGL2RenderingContext.prototype;
      const supported = proto.getSupportedExtensions, get = proto.getExtension;
      proto.getSupportedExtensions = function () {
        return (supported.call(this) || []).filter((e) => e !== 'EXT_color_buffer_float');
      };
      proto.getExtension = function (name) {
        return name === 'EXT_color_buffer_float' ? null : get.call(this, name);
      };
    });
  },
  async run(page) {
    const rejected = await page.evaluate(() => hp.ready.then(() => 'resolved', (e) => e.message));
    assert(/EXT_color_buffer_float/.test(rejected), `hp.ready: '${rejected}'`);
    const text = await page.evaluate(() => document.getElementById('message').textContent);
    assert(/float textures \(EXT_color_buffer_float is missing\)/.test(text), `the page says: '${text}'`);
    const visible = await page.evaluate(() => !document.getElementById('message').hidden);
    assert(visible, 'the message is hidden');
  },
});

// 2,000 frames, a change every 100; the live GL objects and the wasm heap must come back to
// where they were after the first cycle (warm-up) whenever the same state returns.
cases.push({
  // (scripts/soak.sh runs 10,000 frames; here two cycles of ten changes, the second compared
  // with the first: each change's rebuild and a frame after it, which a leak of either kind
  // shows in ten. Two frames a change, not four: a frame here costs about a second on a slow
  // machine. Paused, each frame asked to run its passes: the same frames, but none between the
  // calls, where an animated page would take the machine from the runner beside it.)
  name: 'soak: 60 frames with a change every 3, no GL object or heap growth',
  query: 'paused=1&clock=fixed&atlas=512',
  fresh: true,
  viewport: { width: 480, height: 320 },
  async run(page) {
    const changes = [
      { pyramid: 'vec4' }, { source: 'sphere' }, { classify: 'solid' }, { readback: 'expected', expected: 20000 },
      { atlas: 1024 }, { volume: 64 }, { source: 'noise', readback: 'sync' }, { pyramid: 'scalar' },
      { classify: 'surface' }, { source: 'metaballs' },
    ];
    const home = { pyramid: 'scalar', source: 'metaballs', classify: 'surface', readback: 'sync', volume: 64 };
    const levels = [];
    for (let i = 0; i < 20; i++) {
      await page.evaluate((s) => hp.set(s), changes[i % changes.length]);
      await page.evaluate(() => hp.frames(2, { run: true }));
      if (i % changes.length === changes.length - 1) {
        await page.evaluate((s) => hp.set(s), home);
        const s = await page.evaluate(() => hp.stats());
        levels.push({ frame: s.frame, gl: JSON.stringify(s.gl), heap: s.heapBytes });
      }
    }
    const frames = levels[levels.length - 1].frame;
    assert(frames >= 60, `only ${frames} frames`);
    const [warm, end] = levels;
    assert(end.gl === warm.gl, `live GL objects ${end.gl} at the end, ${warm.gl} after warm-up`);
    assert(end.heap === warm.heap, `wasm heap ${end.heap} bytes at the end, ${warm.heap} after warm-up`);
  },
});

export default cases;
