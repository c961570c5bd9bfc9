// The browser tests: the built page, served on a free localhost port, in one headless
// Chromium (WebGL2 on SwiftShader). One line per case, then "N passed, N failed".
//   node run.mjs SITE_DIR [regular expression the case names must match] [--quick]
// --quick: the first case of each kind (each cases/ file), for the inner loop.
import { serve } from './serve.mjs';
import { launch, openDemo } from './browser.mjs';
import basics from './cases/basics.mjs';
import exact from './cases/exact.mjs';
import badInput from './cases/bad_input.mjs';
import goldens from './cases/goldens.mjs';
import robustness from './cases/robustness.mjs';
import webgpu from './cases/webgpu.mjs';
import surface from './cases/surface.mjs';
import hostile from './cases/hostile.mjs';

const kinds = [basics, exact, surface, badInput, goldens, robustness, webgpu, hostile];
const quick = process.argv.includes('--quick');
const cases = quick ? kinds.map((k) => k[0]) : kinds.flat();
// Cases that name no canvas size get a small one: SwiftShader's cost per frame grows with it.
const SMALL = { width: 640, height: 400 };

const [site, filter = ''] = process.argv.slice(2).filter((a) => a !== '--quick');
if (!site) {
  console.error('usage: node run.mjs SITE_DIR [filter]');
  process.exit(2);
}
const { server, url } = await serve(site);
const browser = await launch();
// A case is {name, query, run(page), fresh?, setup?(page), ready?, viewport?}. Consecutive
// cases with the same query share a page unless one asks for a fresh one (or hooks its setup).
let passed = 0, failed = 0, skipped = 0;
const times = [];
let page = null, pageQuery = null, log = [];
const closePage = async () => { if (page) await page.close().catch(() => {}); page = null; };
try {
  const only = new RegExp(filter);
  for (const c of cases.filter((c) => only.test(c.name))) {
    const t0 = Date.now();
    try {
      const reuse = page && !c.fresh && !c.setup && !c.viewport && pageQuery === (c.query ?? '');
      if (!reuse) {
        await closePage();
        log = [];
        pageQuery = c.query ?? '';
        page = await openDemo(browser, `${url}index.html?${pageQuery}`,
          { logTo: log, setup: c.setup, waitReady: c.ready !== false, viewport: c.viewport ?? SMALL });
      }
      const note = await c.run(page, { url, log, site });
      const secs = ((Date.now() - t0) / 1000).toFixed(1);
      if (typeof note === 'string' && note.startsWith('skipped')) {
        skipped++;
        console.log(`skip ${c.name}: ${note} (${secs} s)`);
      } else {
        passed++;
        console.log(`ok   ${c.name} (${secs} s)`);
      }
      if (c.fresh || c.setup || c.viewport) await closePage();
    } catch (e) {
      failed++;
      console.log(`FAIL ${c.name}: ${e.message} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
      const errors = log.filter((l) => /error|abort/i.test(l));
      if (errors.length) console.log('     ' + errors.slice(0, 5).join('\n     '));
      await closePage();
    }
    times.push([Date.now() - t0, c.name]);
  }
} finally {
  await closePage();
  await browser.close();
  server.close();
}
if (skipped) console.log(`(${skipped} skipped, each with its reason above)`);
if (times.length > 1) {
  console.log('slowest:');
  for (const [ms, name] of times.sort((a, b) => b[0] - a[0]).slice(0, 5)) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
