// Golden images: fixed states (paused, fixed time, clock=fixed: nothing drawn depends on the
// wall clock) at a fixed 960×600 canvas, compared with pixelmatch against
// tests/browser/goldens/. UPDATE_GOLDENS=1 (scripts/update-goldens.sh) rewrites them.
import { assert } from '../lib.mjs';
import { matchGolden } from '../golden_image.mjs';
import { atFirstPreset } from './samples.mjs';

const VIEWPORT = { width: 960, height: 600 };
const BASE = 'paused=1&time=1.5&clock=fixed';

// `after`: settings set once the processed mesh is made (a sample opened with nothing drawn).
// `set`: settings set on the page the URL opened, before the picture. Goldens in a row with the
// same query and canvas share a page (run.mjs), each setting every key its row changes: the same
// state reached by hp.set must draw the same picture as a page opened in it. `then(page)`: more
// checks on the state the picture showed (a sample's own, on its one load).
const golden = (name, query, file, owner = true, viewport = VIEWPORT, after = null, set = null, then = null) => ({
  name: `golden: ${name}`,
  query: `${BASE}&${query}`,
  viewport,
  async run(page) {
    // A linked volume file arrives after the first frames (setup fetched the samples; without
    // them there is nothing to compare).
    if (query.includes('load=')) {
      const there = await page.evaluate(async () => (await hp.samples()).length > 1);
      if (!there) return 'skipped: setup could not fetch the samples';
      await page.waitForFunction(() => hp.stats().source === 'file' || hp.stats().message, { timeout: 120000 });
      // A sample with a classification of its own (the AAL atlas: labels) is set to it after the load.
      const own = await page.evaluate(async (q) => (await hp.samples()).find((s) => q.includes(s.file))?.classify, query);
      if (own) await page.waitForFunction((c) => hp.stats().classify === c || hp.stats().message, { timeout: 60000 }, own);
    }
    // The processed view draws once the processed mesh is made (over many slices): with
    // processed=1, and a label map's, smoothed by default (a sample sets classify=labels
    // after its load, a frame later).
    // Made with nothing drawn: SwiftShader draws the AAL sample's 1.36M GPU triangles in about a
    // second a frame, and the mesh takes tens of frames' slices (120 s in the suite, 20 s so).
    await page.evaluate(async () => {
      await hp.frames(1);
      const s = hp.stats();
      if (s.processed || (s.classify === 'labels' && (s.labelSmooth > 0 || s.pieces !== 'all'))) {
        await hp.set({ view: 'none' });
        await hp.meshReport();
        await hp.set({ view: s.view });
      }
    });
    if (after) await page.evaluate((a) => hp.set(a), after);
    if (set) await page.evaluate((a) => hp.set(a), set);
    // A WebGPU mode's views show its frame once the display copy has arrived, some frames
    // later. Where the controls are shown, ImGui has sized its windows by the second frame: one
    // frame more. Otherwise a frame drawn after the state settled is the picture (a sample's
    // frame takes seconds in SwiftShader; with load= the URL's overlay=0 applies from the start,
    // web/main.js).
    await page.evaluate(() => {
      const s = hp.stats();
      return hp.frames(s.pyramid.startsWith('webgpu') ? 6 : s.layout.overlay?.width > 0 ? 2 : 1);
    });
    await matchGolden(page, file, owner);
    if (then) await then(page);
  },
});

export default [
  // The page opens on the 3D view of the surface, with the default camera.
  golden('default view (the surface), scalar', 'pyramid=scalar', 'default-scalar'),
  golden('every view, vec4', 'pyramid=vec4&view=all', 'all-vec4'),
  // The surface alone, on one page: its route and colour set in turn.
  ...[['fixed camera', 'surface', true, {}],
    ['fragment route (extraction into textures: same image)', 'surface', false, { route: 'fragment' }],
    ['colored by stream order', 'surface-order', true, { color: 'order' }],
    ['colored by depth', 'surface-depth', true, { color: 'depth' }]].map(([what, file, owner, set]) =>
    golden(`surface alone, ${what}`, 'overlay=0&view=surface', file, owner, VIEWPORT, null,
      { route: 'vertex', color: 'normal', ...set })),
  // The views alone at 64³ (512²): the 2048² atlas of 128³ is drawn by the two goldens above,
  // and SwiftShader takes seconds a frame there. The vec4 and WebGPU modes' views draw the same
  // numbers (their copies, in WebGPU), so the same image; webgpu-pyramid's slices and stream
  // are in its every-view golden.
  golden('every view, webgpu-pyramid, 64³', 'pyramid=webgpu-pyramid&view=all&volume=64', 'all-webgpu-pyramid'),
  golden('slice atlas alone, 64³', 'overlay=0&view=slices&volume=64', 'slices-64'),
  // Each of the two on one page, its modes set in turn.
  ...[['scalar', ''], ['vec4', ' (same totals: same image as scalar)'], ['webgpu-pyramid', ' (same sums: same image as scalar)']]
    .map(([pyramid, why], i) => golden(`pyramid alone, ${pyramid}, 64³${why}`, 'overlay=0&view=pyramid&volume=64', 'pyramid-64',
      i === 0, VIEWPORT, null, { pyramid })),
  ...['scalar', 'vec4', 'webgpu-scan'].map((pyramid, i) => golden(`stream alone, ${pyramid}, 64³${i ? ' (must match scalar)' : ''}`,
    'overlay=0&view=stream&volume=64', 'stream-64', i === 0, VIEWPORT, null, { pyramid })),
  // The processed mesh (closed, smoothed, decimated on the CPU) drawn instead of the GPU's
  // surface, by each backend's own draw.
  golden('processed mesh, 64³: closed, 20 smoothing iterations, 3,000 triangles, depth color',
    'overlay=0&view=surface&volume=64&processed=1&closed=1&smooth=20&decimate=3000&color=depth', 'processed-64'),
  golden('processed mesh, 64³, webgpu-pyramid with shared vertices: made from the GPU\'s indices, open, WebGPU\'s draw',
    'overlay=0&view=surface&volume=64&processed=1&vertices=shared&smooth=20&decimate=3000&color=depth&pyramid=webgpu-pyramid', 'processed-64-webgpu'),
  // The samples at their presets, in one plain color (each golden's NOTICE file beside it names
  // the scan's source and licence).
  // A label map: the AAL atlas sample opens with its table in classify=labels, each label's mesh in its colour.
  // Opened with nothing drawn (SwiftShader runs the GPU's label surface stages, seconds a frame,
  // only while a view shows the surface), the 3D view shown once the smoothed meshes are made.
  // Its table on the same load: 116 labels named from the table's lines (first and last), their
  // voxels as nibabel counts them (scripts/make-samples.py checks the labels against the table's
  // first column).
  golden('AAL atlas sample: every label\'s mesh in its colour; its table\'s 116 named labels', 'load=samples/aal-atlas.nii.gz&overlay=0&view=none',
    'aal-labels', true, VIEWPORT, { view: 'surface' }, null, async (page) => {
      const r = await page.evaluate(async () => {
        const labels = await hp.labels({ mesh: false }), s = hp.stats(), v = await hp.volume({ values: false });
        return { dims: v.dims, type: v.stored.type, labels: labels.map((l) => [l.value, l.name, l.voxels]), classify: s.classify, color: s.color };
      });
      assert(r.classify === 'labels' && r.color === 'label', `${r.classify}, ${r.color}`);
      assert(JSON.stringify(r.dims) === '[181,217,181]' && r.type === 'uint8', `${r.dims} ${r.type}`);
      assert(r.labels.length === 116, `${r.labels.length} labels`);
      assert(JSON.stringify(r.labels.slice(0, 3)) === JSON.stringify([[1, 'Precentral_L', 28174], [2, 'Precentral_R', 27058],
        [3, 'Frontal_Sup_L', 28915]]), `first labels ${JSON.stringify(r.labels.slice(0, 3))}`);
      assert(JSON.stringify(r.labels[115]) === JSON.stringify([116, 'Vermis_10', 874]), `last ${r.labels[115]}`);
    }),
  // The CT head on one page (one load): every view at its skin preset, then the surface at its
  // bone preset, then the slice atlas with the surface made in 16³ bricks and cropped: the
  // bricks the first level left out (none of their voxels on either side of the iso, or
  // outside the crop box) dimmed.
  ...[['at its skin preset, every view', 'ct-head-skin-all', null],
    ['at its bone preset, bone color; its size, spacing, range, presets and notice, exact there (WebGL2, full size)',
      'ct-head-bone', { overlay: false, view: 'surface', iso: 400 }, (page) => atFirstPreset(page, 'ct-head')],
    ['at bone in 16³ bricks, cropped: the slice atlas, the bricks left out dimmed', 'ct-head-bricks-slices',
      { view: 'slices', bricks: 'on', cropZ1: 70, cropX1: 150 }]].map(([what, file, set, then]) =>
    golden(`CT head sample ${what}`, 'view=all&color=bone&load=samples/ct-head.nrrd&iso=-300', file, true, VIEWPORT, null, set, then)),
  // The MRI brain's golden (mri-brain-surface) is taken by its sample case (samples.mjs), on its one load.
  // The Explain view: the middle key's walk three levels down (the texel, its children and the
  // one taken over the pyramid, its footprint in the atlas, the key in the stream, its cell in
  // 3D) and its numbers in the controls.
  golden('explain view, 64³, three levels walked', 'view=explain&volume=64&step=3', 'explain-64-step3'),
  // A phone (the controls closed to one button above the surface) and a small window.
  golden('phone 390×844: the surface, the controls closed', 'pyramid=scalar', 'phone-390x844', true, { width: 390, height: 844 }),
  golden('window 800×600: the controls beside the surface, its caption whole', 'pyramid=scalar', 'window-800x600', true, { width: 800, height: 600 }),
];
