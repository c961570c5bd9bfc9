// The browser tests: the built page, served on a free localhost port, in one headless
// Chromium (WebGL2 on SwiftShader). One line per case, then "N passed, N failed".
//   node run.mjs SITE_DIR [name filter]
import { serve } from './serve.mjs';
import { launch, openDemo } from './browser.mjs';
import { cases } from './cases.mjs';

const [site, filter = ''] = process.argv.slice(2);
if (!site) {
  console.error('usage: node run.mjs SITE_DIR [filter]');
  process.exit(2);
}
const { server, url } = await serve(site);
const browser = await launch();
let passed = 0, failed = 0;
try {
  for (const c of cases.filter((c) => c.name.includes(filter))) {
    const log = [];
    const t0 = Date.now();
    let page;
    try {
      page = await openDemo(browser, `${url}index.html?${c.query ?? ''}`, { logTo: log });
      await c.run(page);
      passed++;
      console.log(`ok   ${c.name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    } catch (e) {
      failed++;
      console.log(`FAIL ${c.name}: ${e.message}`);
      const errors = log.filter((l) => /error|abort/i.test(l));
      if (errors.length) console.log('     ' + errors.slice(0, 5).join('\n     '));
    } finally {
      if (page) await page.close();
    }
  }
} finally {
  await browser.close();
  server.close();
}
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
