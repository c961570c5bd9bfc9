// The DICOM benchmark (scripts/bench-dicom.sh): a CT-like series of 256 slices of 512² int16,
// JPEG lossless (written by pydicom, re-encoded by gdcmconv: tests/dicom/), opened in headless
// Chromium (WebGL2, sums=uint: SwiftShader's largest texture is 8192², which this volume needs) as
// a person would: the folder given to the page's folder picker, timed from the pick to the
// first frame drawn with the volume (route 'picker'); then the page's own plan (web/bench/bench_dicom.js,
// index.html?bench=dicom, as on the GPU machine: the same files by hp.loadVolume(URLs), fetched
// from this machine's server, route 'urls'). Every row paced (the page's own frame loop runs) with
// its span; beside them, in the same run, `gdcmconv --raw` decoding the series natively, with 1
// process and with as many as the page's decoders (tests/dicom/time_gdcmconv.py). One JSON file
// (bench-page.mjs: every row with its regime, span and clocks), the rows printed.
//   node bench-dicom.mjs SITE DICOM_DIR OUT.json [RUNS]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../../tests/browser/serve.mjs';
import { launch, openDemo } from '../../tests/browser/browser.mjs';
import { pagePlan, write } from './bench-page.mjs';

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
// Ready when the page's stats name the DICOM volume and the frame after it (the volume uploaded,
// compacted and drawn) is done.
const drawn = (page) => page.waitForFunction(() => { try { const s = hp.stats(); return s.file === 'dicom' && s.dims[2] === 256; } catch { return false; } },
  { timeout: 120000, polling: 20 }).then(() => page.evaluate(() => hp.frames(2)));
const picked = [];
let result;
try {
  for (let k = 0; k < Number(runs); k++) {
    const page = await openDemo(browser, `${url}index.html?${QUERY}`);
    const input = await page.$('#folder');
    const startMs = Date.now();
    await input.uploadFile(data);
    await drawn(page);
    const endMs = Date.now();
    picked.push({ route: 'picker', run: k + 1, regime: 'paced', ms: endMs - startMs,
      pageHeapMB: +((await page.evaluate(() => hp.stats().heapBytes)) / 1048576).toFixed(1),
      steps: await page.evaluate(() => hp.stats().dicomMs), startMs, endMs });
    await page.close();
  }
  result = await pagePlan(browser, url, `bench=dicom&runs=${runs}&${QUERY}`);
} finally {
  await browser.close();
  server.close();
  fs.rmSync(link, { force: true });
}
result.rows = [...picked, ...result.rows];
result.series = { files: files.length, megabytes: +(bytes / 1048576).toFixed(1), dims: [512, 512, 256],
  encoding: 'JPEG lossless (gdcmconv --jpeg)' };
const decoders = Math.max(...result.rows.map((r) => (r.steps && r.steps.decoders) || 1));
const timer = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../tests/dicom/time_gdcmconv.py');
const ref = JSON.parse(execFileSync('/usr/bin/python3', [timer, data, String(decoders)], { encoding: 'utf8' }));
result.reference = ref.rows.map((r) => ({ ...r, tool: ref.tool }));
write(out, result);
