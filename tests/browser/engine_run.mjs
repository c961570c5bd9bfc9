import { printTimeTable } from './lib.mjs';

// Runs an engine tier's cases: a page per query (opened by `open`), one line a case, then the
// summary line scripts/test.sh reads. Sets the exit code.
export async function runEngine(engine, cases, open) {
  let passed = 0, failed = 0, page = null, query = null;
  const times = [];
  for (const c of cases) {
    const t0 = Date.now();
    try {
      if (query !== c.query) {
        if (page) await page.close();
        page = null;
        page = await open(c.query);
        query = c.query;
      }
      const note = await c.run(page);
      console.log(`ok   ${engine}: ${c.name}${typeof note === 'string' ? `: ${note}` : ''} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
      passed++;
    } catch (e) {
      console.log(`FAIL ${engine}: ${c.name}: ${e.message} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
      failed++;
      query = null;
    }
    times.push([Date.now() - t0, c.name, 'engine_cases']);
  }
  printTimeTable(engine, times);
  if (page) await page.close().catch(() => {});
  console.log(`${passed} passed, ${failed} failed, 0 skipped`);
  process.exitCode = failed ? 1 : 0;
}
