// Basic cases: the page runs, both pyramids are exact on the default scene, bad settings
// are refused.
import { assert, exact } from '../lib.mjs';

const cases = [
  {
    name: 'the page draws frames and reports its state',
    query: 'paused=1&time=1.5',
    async run(page) {
      const a = await page.evaluate(() => hp.stats());
      await page.evaluate(() => hp.frames(2));
      const b = await page.evaluate(() => hp.stats());
      assert(b.frame >= a.frame + 2, `frames did not advance: ${a.frame} → ${b.frame}`);
      assert(b.atlas === 2048 && b.volume === 128, `default layout is ${b.atlas}/${b.volume}`);
      assert(b.count > 1000, `count ${b.count}: the default scene should have active cells`);
      assert(b.message === '', `unexpected message: ${b.message}`);
    },
  },
  {
    // A frame with nothing new for its passes takes the last result (DemoApp::compute); a
    // change, or frames asked to run, run them. Both backends (WebGPU: its copy for the views
    // arrived first), exact after.
    name: 'a paused frame with nothing new repeats the last result; a change or hp.frames(n, {run}) runs the passes',
    query: 'paused=1&time=1.5&volume=64&view=all',
    async run(page) {
      for (const pyramid of ['scalar', 'webgpu-pyramid']) {
        if (pyramid.startsWith('webgpu') && (await page.evaluate(() => hp.stats().webgpu))) continue;
        const r = await page.evaluate(async (pyramid) => {
          await hp.set({ pyramid, iso: 0.5 });
          await hp.frames(4);  // WebGPU: the views' copy of this state arrives
          const a = hp.stats();
          await hp.frames(3);
          const b = hp.stats();
          await hp.frames(3, { run: true });
          const c = hp.stats();
          await hp.set({ iso: 0.45 });
          const d = hp.stats();
          return { a, b, c, d };
        }, pyramid);
        const { a, b, c, d } = r;
        assert(b.repeated - a.repeated === 3 && b.count === a.count,
          `${pyramid}: 3 idle frames repeated ${b.repeated - a.repeated} times (count ${a.count} → ${b.count})`);
        assert(c.repeated === b.repeated && c.frame >= b.frame + 3, `${pyramid}: frames asked to run repeated ${c.repeated - b.repeated}`);
        assert(d.count !== c.count && Math.abs(d.iso - 0.45) < 1e-6, `${pyramid}: a new iso left the count at ${d.count}`);
        await exact(page, { pyramid, iso: 0.45 }, { atLeast: 1000 });
      }
    },
  },
  ...['scalar', 'vec4'].map((pyramid) => ({
    name: `${pyramid}: GPU count and stream equal the CPU reference (metaballs 128³, surface)`,
    query: 'paused=1&time=1.5',
    run: (page) => exact(page, { pyramid }, { atLeast: 1000 }),
  })),
  {
    // Each equal to the CPU reference of the same atlas, entry for entry and bit for bit (the
    // comparison is !== on each float), so equal to each other. Back in scalar, its programs are
    // those kept from before (gl.programsKept: built once), and its stream still exact.
    name: 'scalar and vec4 give bit-identical streams; back in scalar, its programs kept from before',
    query: 'paused=1&time=2.5&source=noise',
    async run(page) {
      const gl = () => page.evaluate(() => ({ ...hp.stats().gl, ...hp.stats().glPrograms }));
      const s = await exact(page, { pyramid: 'scalar' }, { atLeast: 1000 });
      const inScalar = await gl();
      const v = await exact(page, { pyramid: 'vec4' }, { atLeast: 1000 });
      assert(s === v, `counts ${s} vs ${v}`);
      const inVec4 = await gl();
      assert(await exact(page, { pyramid: 'scalar' }, { atLeast: 1000 }) === s, 'scalar again: another count');
      const back = await gl();
      assert(inVec4.programsKept > 0 && back.asked > inVec4.asked && back.built === inVec4.built && back.programs === inScalar.programs,
        `GL programs in scalar ${JSON.stringify(inScalar)}, in vec4 ${JSON.stringify(inVec4)}, back in scalar ${JSON.stringify(back)}`);
    },
  },
  {
    name: 'a bad setting is rejected with a message naming it, and nothing changes',
    query: 'paused=1',
    async run(page) {
      const before = await page.evaluate(() => hp.stats());
      const error = await page.evaluate(() => hp.set({ pyramid: 'vec4', iso: 7 }).then(() => '', (e) => e.message));
      assert(/iso/.test(error) && /range/.test(error), `rejection was: '${error}'`);
      await page.evaluate(() => hp.frames(1));
      const after = await page.evaluate(() => hp.stats());
      assert(after.pyramid === before.pyramid && after.iso === before.iso, 'the state changed');
      assert(after.message.includes('iso'), `the overlay shows: '${after.message}'`);
    },
  },
  {
    // DemoApp::quiet: a paused page issues no pass and draws nothing until something asks.
    name: 'a paused page that nothing asks of rests (no frame, its picture kept); a request, a wait or unpausing wakes it',
    query: 'paused=1&clock=fixed&volume=64&atlas=512&overlay=0&view=all',
    async run(page) {
      // Frames the page reports, counted without calling into the app (a call wakes it).
      const framesIn = (ms) => page.evaluate((ms) => new Promise((resolve) => {
        let n = 0;
        const off = hp.testing.on('frame', () => n++);
        setTimeout(() => { off(); resolve(n); }, ms);
      }), ms);
      await page.evaluate(() => hp.frames(2));
      // What completes is drawn once more (twice with the controls shown), and a frame still in flight (its count read back
      // late on a loaded machine) completes in this first second: a few frames, never the
      // page's rate (a paused page that did not rest drew 12.6 frames a second here). Then none.
      const settling = await framesIn(1000);
      assert(settling <= 6, `${settling} frames in the first second with nothing asked`);
      const resting = await framesIn(1500);
      assert(resting === 0, `${resting} frames in 1.5 s with nothing asked, after the page settled`);
      const rested = await page.screenshot();
      const a = await page.evaluate(() => hp.frames(3).then(() => hp.stats()));
      const again = await page.screenshot();
      assert(rested.equals(again), 'the picture kept while resting differs from the one drawn again');
      await page.evaluate(() => hp.set({ iso: 0.4 }));
      const b = await page.evaluate(() => hp.stats());
      assert(Math.abs(b.iso - 0.4) < 1e-6 && b.serial > a.serial && b.frame > a.frame, `the request ran no frame: ${JSON.stringify([a.serial, b.serial, a.frame, b.frame, b.iso])}`);
      await page.evaluate(() => hp.set({ paused: 0 }));
      const running = await framesIn(1500);
      assert(running >= 3, `only ${running} frames in 1.5 s unpaused`);
    },
  },
];

export default cases;
