// The real scans setup fetched (scripts/make-samples.py): each loads with the size, type,
// spacing and presets it has, and draws exactly (stream and vertex total against the CPU
// reference): in WebGL2 at full size, in the WebGPU modes downsampled by 2 (SwiftShader's
// WebGPU takes seconds a frame at 4096²). Skipped, saying so, where setup could not fetch them.
import { assert, exact } from '../lib.mjs';
import { matchGolden } from '../golden_image.mjs';

const QUERY = 'paused=1&clock=fixed&overlay=0&view=none&volume=64';  // 64³ at first: each case loads or sets its own volume
const cases = [];
// The goldens' canvas: the MRI's case takes its golden on the same load.
const add = (name, run, more = {}) => cases.push({ name, query: QUERY, viewport: { width: 960, height: 600 }, run, timeout: 240, ...more });

const SAMPLES = {
  'ct-head': { file: 'nrrd', dims: [256, 256, 108], type: 'int16', spacing: [0.957, 0.957, 1.5], iso: 400, lo: -1024 },
  'mri-brain': { file: 'nifti', dims: [207, 256, 215], type: 'uint8', spacing: [0.737, 0.737, 0.737], iso: 36, lo: 0 },
};

async function load(page, name, options) {
  return page.evaluate(async (name, options) => {
    const sample = (await hp.samples()).find((s) => s.name === name);
    if (!sample) return { missing: true };
    const info = options ? await hp.loadVolume(sample.file, options) : await hp.loadSample(name);
    return { info, sample, stats: hp.stats(), notice: document.getElementById('attribution').textContent };
  }, name, options);
}

// The sample shown (opened at its first preset, or set back to it) is what its file holds: its
// size, type, spacing, range and two presets, its notice on the page, and at that preset its
// stream equals the CPU reference's in WebGL2 at full size (a 4096² atlas). The CT's is checked on
// its goldens' load (goldens.mjs), the MRI's here, where its golden is taken too: each sample is
// loaded at full size once.
export async function atFirstPreset(page, name) {
  const want = SAMPLES[name];
  const r = await page.evaluate(async (name) => ({
    info: await hp.volume({ values: false }), sample: (await hp.samples()).find((s) => s.name === name), stats: hp.stats(),
    notice: document.getElementById('attribution').textContent }), name);
  const { info } = r;
  assert(info.file === want.file && info.type === want.type && JSON.stringify(info.dims) === JSON.stringify(want.dims),
    `${info.file} ${info.type} ${info.dims}`);
  assert(info.spacing.every((s, i) => Math.abs(s - want.spacing[i]) < 1e-3), `spacing ${info.spacing}`);
  assert(info.range[0] === want.lo && info.presets.length === 2 && info.presets[0].iso === want.iso,
    `range ${info.range}, presets ${JSON.stringify(info.presets)}`);
  assert(r.stats.iso === want.iso && r.stats.atlas === 4096, `iso ${r.stats.iso}, atlas ${r.stats.atlas}`);
  assert(r.notice.length > 40 && r.notice === r.sample.attribution, `the notice on the page: '${r.notice}'`);
  await exact(page, { pyramid: 'scalar', classify: 'surface', view: 'none' }, { atLeast: 100000 });
}

add('sample mri-brain: loads at its size and spacing, its notice shown, exact at its preset (WebGL2, full size), its surface the golden (bone colour)', async (page) => {
  const r = await load(page, 'mri-brain');
  if (r.missing) return 'skipped: setup could not fetch the mri-brain sample';
  await atFirstPreset(page, 'mri-brain');
  await page.evaluate(() => hp.set({ view: 'surface', color: 'bone' }).then(() => hp.frames(1)));
  await matchGolden(page, 'mri-brain-surface', true);
  await page.evaluate(() => hp.set({ view: 'none', color: 'normal' }));
});

for (const [name, want] of Object.entries(SAMPLES)) {
  // Downsampled, in WebGPU: the CT in both modes, the MRI (the same path on other data) in the
  // pyramid alone.
  const modes = name === 'ct-head' ? ['webgpu-scan', 'webgpu-pyramid'] : ['webgpu-pyramid'];
  add(`sample ${name}: downsampled by 2, ${modes.join(' and ')} exact`, async (page) => {
    const webgpu = await page.evaluate(() => hp.stats().webgpu);
    if (webgpu) return `skipped: ${webgpu}`;
    const r = await load(page, name, { downsample: 2 });
    if (r.missing) return `skipped: setup could not fetch the ${name} sample`;
    assert(JSON.stringify(r.info.dims) === JSON.stringify(want.dims.map((d) => Math.floor(d / 2))), `dims ${r.info.dims}`);
    for (const pyramid of modes)
      await exact(page, { pyramid, classify: 'surface', iso: want.iso }, { atLeast: 10000 });
    await page.evaluate(() => hp.set({ pyramid: 'scalar' }));
  });
}

// The phantom (a PNG atlas, always there) resolves to what it opened, as the scans do.
add('sample phantom: hp.loadSample resolves to what it opened (its PNG atlas as a volume)', async (page) => {
  const info = await page.evaluate(() => hp.loadSample('phantom'));
  assert(info && JSON.stringify(info.dims) === '[64,64,64]' && info.file === 'png', `hp.loadSample('phantom'): ${JSON.stringify(info)}`.slice(0, 300));
});

export default cases;
