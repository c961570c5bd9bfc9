// The label-map benchmark (scripts/bench-labels.sh): the AAL atlas sample (181×217×181, 116
// labels) in headless Chromium, classify=labels, as a person opens it: timed from the load's
// call to the first frame drawn with every label's mesh (`readyMs`: fetch, gunzip, upload, the
// compaction and the meshes); then the saturated regime (hp.runFrames: frames back to back, the
// views not drawn, the surface stages run and extracted: every label's mesh made each frame),
// `perFrameMs`. Each mode given (WebGL2: route=fragment, so the extraction is a pass of its own;
// WebGPU where the browser has it). One JSON file, a line printed.
//   node bench-labels.mjs SITE OUT.json [MODE ...]   MODE: scalar, vec4, webgpu-scan, webgpu-pyramid
import fs from 'node:fs';
import os from 'node:os';
import { serve } from './serve.mjs';
import { launch, openDemo } from './browser.mjs';

const [site, out, ...asked] = process.argv.slice(2);
const modes = asked.length ? asked : ['scalar'];
const { server, url } = await serve(site);
const browser = await launch();
const result = { volume: 'samples/aal-atlas.nii.gz', runs: [], host: os.hostname(), cpus: os.cpus().length, cpu: os.cpus()[0].model };
try {
  for (const pyramid of modes) {
    const page = await openDemo(browser, `${url}index.html?overlay=0&view=surface&pyramid=${pyramid}&route=fragment`);
    const r = await page.evaluate(async (file) => {
      const t0 = performance.now();
      await hp.loadVolume(file);  // the sample: its table, then classify=labels
      await hp.frames(1);
      const readyMs = performance.now() - t0;
      const s = hp.stats();
      const warm = await hp.runFrames(5, { draw: false, mesh: true });
      const run = await hp.runFrames(30, { draw: false, mesh: true });
      return { readyMs, classify: s.classify, count: s.count, vertices: s.vertexCount, warmMs: warm.perFrameMs,
        perFrameMs: run.perFrameMs, frames: run.frames, startMs: run.startMs, endMs: run.endMs, backend: hp.stats().backend };
    }, result.volume);
    result.runs.push({ pyramid, ...r });
    result.userAgent = await page.evaluate(() => navigator.userAgent);
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
}
fs.writeFileSync(out, JSON.stringify(result, null, 1));
console.log(result.runs.map((r) => `${r.pyramid}: ready ${r.readyMs.toFixed(0)} ms, ${r.perFrameMs.toFixed(2)} ms a frame ` +
  `(${r.count} voxels, ${r.vertices / 3} triangles, ${r.classify})`).join('; ') + ` (${out})`);
