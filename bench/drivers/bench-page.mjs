// The VM's benchmark drivers (bench-dicom.mjs, bench-mesh.mjs, bench-labels.mjs) run the same page
// plans as the GPU machine (web/bench/bench.js: index.html?bench=dicom|mesh|labels) and write their
// results the same way: the page's rows and the native references' rows, each with its regime,
// span and clocks (bench-clocks.mjs; none here), the browser's full build, the machine.
import fs from 'node:fs';
import os from 'node:os';
import { withClocks, rowLines } from './bench-clocks.mjs';

// Opens index.html?QUERY and waits for the plan's result (window.hpBench).
export async function pagePlan(browser, url, query) {
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.error(`[page] ${e.message}`));
  page.on('console', (m) => m.text().startsWith('[bench]') && console.error(m.text()));
  await page.goto(`${url}index.html?${query}`);
  await page.waitForFunction(() => window.hpBench !== undefined, { timeout: 0, polling: 1000 });
  const result = await page.evaluate(() => window.hpBench);
  await page.close();
  if (result.error) throw new Error(`the benchmark failed: ${result.error}`);
  return result;
}

export function machine() {
  const cpu = fs.readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.*)/)?.[1] ?? 'unknown CPU';
  return { host: os.hostname(), cpu, cores: os.cpus().length, gpu: 'none (WebGL2 and WebGPU on SwiftShader, the CPU)' };
}

// Joins the clocks (none on this machine), checks every row, writes OUT, prints the rows.
export function write(out, result) {
  result.machine = machine();
  withClocks(result, null);
  fs.writeFileSync(out, JSON.stringify(result, null, 1) + '\n');
  console.log(`${rowLines(result)}\n(${out})`);
}
