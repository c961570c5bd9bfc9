// Phones and small windows (issue 19): at 390×844 the surface fills the width and the control
// panel starts collapsed to its title bar (a tap opens it over the views, another closes it);
// at 800×600 the panels fit the window. hp.stats().layout gives the rectangles in CSS pixels,
// hp.stats().camera the orbit; one finger orbits and two pinch (the DevTools protocol's touch
// events, two points at once). Goldens at both sizes are in goldens.mjs.
import { assert } from '../lib.mjs';

const QUERY = 'paused=1&time=1.5&clock=fixed';
const PHONE = { width: 390, height: 844, hasTouch: true, isMobile: false };
const cases = [];
const add = (name, run, viewport, query = QUERY) => cases.push({ name, query, run, viewport });

const inside = (r, w, h) => r && r.x >= 0 && r.y >= 0 && r.x + r.width <= w && r.y + r.height <= h;
const overlap = (a, b) => a && b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

// A touch gesture through the DevTools protocol: `points(t)` gives the touches at t in [0, 1].
async function touch(page, points, steps = 12) {
  const cdp = await page.target().createCDPSession();
  const at = (t) => points(t).map(([x, y], id) => ({ x, y, id }));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (let i = 1; i <= steps; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(i / steps) });
    await page.evaluate(() => hp.frames(1));
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await page.evaluate(() => hp.frames(2));
  await cdp.detach();
}

add('phone 390×844: the surface fills the width, the controls start collapsed and a tap opens and closes them', async (page) => {
  let s = await page.evaluate(() => hp.stats());
  const { surface, overlay } = s.layout;
  assert(overlay === null, `the control panel is open at first: ${JSON.stringify(overlay)}`);
  assert(inside(surface, 390, 844) && surface.width >= 360, `surface ${JSON.stringify(surface)}`);
  assert(s.layout.slices === null && s.layout.stream === null && s.layout.pyramid === null, 'only the surface is shown');
  // Press and release in different frames: Dear ImGui 1.86 reads the button's state once a
  // frame, so a click whose press and release land in one slow frame is lost.
  const tap = async () => {
    await page.mouse.move(100, 20);  // the title bar
    await page.mouse.down();
    await page.evaluate(() => hp.frames(2));
    await page.mouse.up();
    await page.evaluate(() => hp.frames(3));
  };
  await tap();
  s = await page.evaluate(() => hp.stats());
  assert(inside(s.layout.overlay, 390, 844) && s.layout.overlay.height > 300, `opened: ${JSON.stringify(s.layout.overlay)}`);
  await tap();
  s = await page.evaluate(() => hp.stats());
  assert(s.layout.overlay === null, `closed again: ${JSON.stringify(s.layout.overlay)}`);
}, PHONE);

add('phone 390×844: one finger orbits the camera, two fingers pinch to zoom', async (page) => {
  const before = (await page.evaluate(() => hp.stats())).camera;
  const r = (await page.evaluate(() => hp.stats())).layout.surface;
  const cx = r.x + r.width / 2, cy = r.y + r.height / 2;
  await touch(page, (t) => [[cx - 60 + 120 * t, cy]]);
  const orbited = (await page.evaluate(() => hp.stats())).camera;
  assert(Math.abs(orbited.yaw - before.yaw) > 0.3 && orbited.distance === before.distance,
    `one finger: yaw ${before.yaw} → ${orbited.yaw}, distance ${before.distance} → ${orbited.distance}`);
  await touch(page, (t) => [[cx - 30 - 80 * t, cy], [cx + 30 + 80 * t, cy]]);  // fingers apart: closer
  const pinched = (await page.evaluate(() => hp.stats())).camera;
  assert(pinched.distance < orbited.distance * 0.9, `pinch out: distance ${orbited.distance} → ${pinched.distance}`);
  assert(pinched.target.length === 3 && pinched.target.every(Number.isFinite), `target ${pinched.target}`);
}, PHONE, `${QUERY}&volume=64`);  // 64³: SwiftShader draws its frames quickly

add('800×600: the control panel and the surface side by side, both inside the window', async (page) => {
  const { layout } = await page.evaluate(() => hp.stats());
  assert(inside(layout.overlay, 800, 600) && inside(layout.surface, 800, 600), JSON.stringify(layout));
  assert(!overlap(layout.overlay, layout.surface), `they overlap: ${JSON.stringify(layout)}`);
  await page.evaluate(() => hp.set({ view: 'all' }));
  const all = (await page.evaluate(() => hp.stats())).layout;
  for (const k of ['surface', 'slices', 'stream', 'pyramid'])
    assert(inside(all[k], 800, 600) && !overlap(all[k], all.overlay), `${k}: ${JSON.stringify(all[k])}`);
}, { width: 800, height: 600 });

export default cases;
