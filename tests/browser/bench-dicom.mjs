// The DICOM benchmark (scripts/bench-dicom.sh): a CT-like series of 256 slices of 512² int16,
// JPEG lossless (written by pydicom, re-encoded by gdcmconv: tests/dicom/), opened in headless
// Chromium (WebGL2, sums=uint: SwiftShader's largest texture is 8192², which this volume needs) as
// a person would: the folder given to the page's folder picker, timed from the pick to the
// first frame drawn with the volume; then the same files by hp.loadVolume(URLs) (fetched from
// this machine's server). Beside each, the page's wasm heap (its peak: wasm memory only grows)
// and the DICOM worker's. One JSON file, a line printed.
//   node bench-dicom.mjs SITE DICOM_DIR OUT.json [RUNS]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from './serve.mjs';
import { launch, openDemo } from './browser.mjs';

const [site, data, out, runs = '2'] = process.argv.slice(2);
const files = fs.readdirSync(data).filter((f) => f.endsWith('.dcm')).sort();
const bytes = files.reduce((n, f) => n + fs.statSync(path.join(data, f)).size, 0);
const link = path.join(site, 'bench-dicom');
fs.rmSync(link, { force: true, recursive: true });
fs.symlinkSync(data, link);
fs.writeFileSync(path.join(data, 'files.json'), JSON.stringify(files));  // for index.html?bench=dicom
const { server, url } = await serve(site);
const browser = await launch();
const QUERY = 'sums=uint&overlay=0&view=slices';
const result = { files: files.length, megabytes: +(bytes / 1048576).toFixed(1), dims: [512, 512, 256], query: QUERY,
  picker: [], urls: [], host: os.hostname(), cpus: os.cpus().length, cpu: os.cpus()[0].model };
// Ready when the page's stats name the DICOM volume and the frame after it (the volume uploaded,
// compacted and drawn) is done.
const drawn = (page) => page.waitForFunction(() => { try { const s = hp.stats(); return s.file === 'dicom' && s.dims[2] === 256; } catch { return false; } },
  { timeout: 120000, polling: 20 }).then(() => page.evaluate(() => hp.frames(2)));
try {
  for (let k = 0; k < Number(runs); k++) {
    let page = await openDemo(browser, `${url}index.html?${QUERY}`);
    const input = await page.$('#folder');
    let t = Date.now();
    await input.uploadFile(data);
    await drawn(page);
    const picked = Date.now() - t;
    const heap = await page.evaluate(() => Module.HEAPU8.length);
    result.picker.push({ ms: picked, pageHeapMB: +(heap / 1048576).toFixed(1), steps: await page.evaluate(() => hp.stats().dicomMs) });
    await page.close();
    page = await openDemo(browser, `${url}index.html?${QUERY}`);
    t = Date.now();
    await page.evaluate((urls) => hp.loadVolume(urls), files.map((f) => `bench-dicom/${f}`));
    await drawn(page);
    result.urls.push({ ms: Date.now() - t, pageHeapMB: +((await page.evaluate(() => Module.HEAPU8.length)) / 1048576).toFixed(1),
      steps: await page.evaluate(() => hp.stats().dicomMs) });
    result.userAgent = await page.evaluate(() => navigator.userAgent);
    result.backend = await page.evaluate(() => hp.stats().backend);
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
  fs.rmSync(link, { force: true });
}
fs.writeFileSync(out, JSON.stringify(result, null, 1));
console.log(`${files.length} files, ${result.megabytes} MB JPEG lossless: folder picker ${result.picker.map((r) => r.ms).join(', ')} ms, ` +
  `URLs ${result.urls.map((r) => r.ms).join(', ')} ms; page heap ${result.picker.map((r) => r.pageHeapMB).join(', ')} MiB; ` +
  `steps ${JSON.stringify(result.picker.map((r) => r.steps))} (${out})`);
