// Renders the demo in headless Chromium and writes a PNG, for people without a display.
//   node screenshot.mjs SITE_DIR OUT.png [--query 'pyramid=vec4&paused=1'] [--frames N]
//                       [--width W] [--height H]
import { serve } from './serve.mjs';
import { launch, openDemo } from './browser.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const [site, out] = args;
if (!site || !out) {
  console.error('usage: node screenshot.mjs SITE_DIR OUT.png [--query Q] [--frames N] [--width W] [--height H]');
  process.exit(2);
}
const width = Number(opt('width', 1280)), height = Number(opt('height', 800));
const { server, url } = await serve(site);
const browser = await launch({ width, height });
const log = [];
try {
  const page = await openDemo(browser, `${url}index.html?${opt('query', '')}`, { logTo: log });
  // A file named in the link (load=, png=) arrives after the first frames: wait for it to be shown.
  const query = new URLSearchParams(opt('query', ''));
  const want = query.has('load') ? 'file' : query.has('png') ? 'png' : null;
  if (want) await page.waitForFunction((w) => hp.stats().source === w || hp.stats().message, { timeout: 120000 }, want);
  await page.evaluate(async (n) => {
    await window.hp.frames(n);
    // The 3D view shows the processed mesh once it is made (over many slices): a label map's,
    // smoothed by default, or with processed=1.
    const s = window.hp.stats();
    if (s.processed || (s.classify === 'labels' && (s.labelSmooth > 0 || s.pieces !== 'all'))) {
      await window.hp.meshReport();
      await window.hp.frames(2);
    }
  }, Number(opt('frames', 10)));
  const stats = await page.evaluate(() => window.hp.stats());
  await page.screenshot({ path: out });
  console.log(`${out}: ${width}x${height}, frame ${stats.frame}, ${stats.pyramid} pyramid, ` +
    `${stats.source}, ${stats.count} active of ${stats.atlas}²`);
} catch (e) {
  console.error(`screenshot failed: ${e.message}\n${log.join('\n')}`);
  process.exitCode = 1;
} finally {
  await browser.close();
  server.close();
}
