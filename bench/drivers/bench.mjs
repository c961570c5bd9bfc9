// scripts/bench.sh's driver: runs the page's own benchmark (web/bench/bench.js) in headless
// Chromium here, writes its JSON with this machine's name (every row's clocks joined: none here,
// bench-clocks.mjs), prints the table, draws the chart.
//   node bench.mjs SITE_DIR OUT.json OUT.png [quick|full]
import fs from 'node:fs';
import os from 'node:os';
import { serve } from '../../tests/browser/serve.mjs';
import { launch } from '../../tests/browser/browser.mjs';
import { table, chart } from './bench-report.mjs';
import { withClocks } from './bench-clocks.mjs';

const [site, outJson, outPng, plan = 'quick'] = process.argv.slice(2);
const { server, url } = await serve(site);
// A small canvas: the display pass is timed apart, and SwiftShader's cost grows with it.
const browser = await launch({ width: 480, height: 320 });
let result;
try {
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.error(`[page] ${e.message}`));
  await page.goto(`${url}index.html?bench=${plan}`);
  await page.waitForFunction(() => window.hpBench !== undefined, { timeout: 0, polling: 1000 });
  result = await page.evaluate(() => window.hpBench);
} finally {
  await browser.close();
  server.close();
}
if (result.error) throw new Error(`the benchmark failed: ${result.error}`);
result.machine = { host: os.hostname(), cpu: os.cpus()[0]?.model, cores: os.cpus().length,
  browser: 'Chromium headless, WebGL2 on SwiftShader (a CPU rasterizer, no GPU)' };
withClocks(result, null);
fs.writeFileSync(outJson, JSON.stringify(result, null, 1));
console.log(table(result));
await chart(result, outPng);
console.log(`\n${outJson}\n${outPng}  (${result.seconds.toFixed(0)} s)`);
