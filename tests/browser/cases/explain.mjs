// The Explain view and hp.explain(key): the walk the GPU gives back (read from its own pyramid,
// whatever the layout) against the walk the CPU reference stream implies, for keys at the start,
// the end, the middle and random places, in every mode: the WebGL2 pyramids at 512² and 2048²,
// the WebGPU ones at 512² (SwiftShader's WebGPU is slow past that); the scans' tile and place;
// a key past the count refused; the view's key picked by a click on the stream and stepped by
// the arrows.
import { assert } from '../lib.mjs';

// No view: hp.explain reads the pyramid itself (the view's own case sets it), and a WebGPU mode's
// views cost SwiftShader about 300 ms a frame in copies.
const QUERY = 'paused=1&clock=fixed&overlay=0&view=none&atlas=512';
const cases = [];
const add = (name, run, extra = {}) => cases.push({ name, query: QUERY, run, ...extra });

const pow2 = (v) => 2 ** Math.ceil(Math.log2(v));
const spread = (v) => { let m = 0; for (let b = 0; b < 16; b++) m += ((v >> b) & 1) * 2 ** (2 * b); return m; };
const morton = ([x, y]) => spread(x) + 2 * spread(y);

// Each reference entry's base texel, by the atlas's layout (tiles of the powers of two at or
// above X and Y, T a row).
function baseTexels(reference, stats) {
  const [X, Y] = stats.dims, W = pow2(X), H = pow2(Y), T = stats.atlas / W;
  return reference.map(([x, y, z]) => [W * (z % T) + x, H * Math.floor(z / T) + y]);
}

// The walk the stream implies: a texel of level k covers an aligned 2^k block of base texels,
// whose active texels are consecutive keys (Morton order), so its sum is how many keys lie in
// the block and its range starts at the first of them.
function expectedWalk(texels, key, levels) {
  const keysIn = (level, t) => {
    const inside = (i) => texels[i][0] >> level === t[0] && texels[i][1] >> level === t[1];
    let lo = key;
    if (!inside(key)) {  // a child that holds no key: find its keys, if any, around
      lo = texels.findIndex((_, i) => inside(i));
      if (lo < 0) return [0, 0];
    }
    while (lo > 0 && inside(lo - 1)) lo--;
    let hi = lo;
    while (hi < texels.length && inside(hi)) hi++;
    return [lo, hi];
  };
  const path = [];
  const [bx, by] = texels[key];
  for (let level = levels; level >= 0; level--) {
    const texel = [bx >> level, by >> level];
    const range = keysIn(level, texel);
    const step = { level, texel, sum: range[1] - range[0], range };
    if (level > 0) {
      step.children = [0, 1, 2, 3].map((c) => {
        const t = [2 * texel[0] + (c & 1), 2 * texel[1] + (c >> 1)];
        const [lo, hi] = keysIn(level - 1, t);
        return hi - lo;
      });
      step.child = ((bx >> (level - 1)) & 1) + 2 * ((by >> (level - 1)) & 1);
    }
    path.push(step);
  }
  return path;
}

// Equal as values, whatever order an object's keys came back in (WebDriver reorders them).
const canonical = (v) => (Array.isArray(v) ? v.map(canonical)
  : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical(v[k])])) : v);
const same = (a, b) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

// hp.explain for `keys` in the state's mode, held against the reference stream (the other
// engines' tiers run it too: engine_cases.mjs).
export async function explainKeys(page, state, pick) {
  const { stats, reference } = await page.evaluate(async (state) => {
    await hp.set(state);
    return { stats: hp.stats(), reference: await hp.reference() };
  }, state);
  const n = reference.length;
  assert(stats.count === n && n > 100, `count ${stats.count}, reference ${n}`);
  const texels = baseTexels(reference, stats);
  const levels = Math.log2(stats.atlas);
  let seed = 12345;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
  // A WebGPU mode's walk costs about four frames of its compaction (the views' copies arrive a
  // frame late): the first key, the last and one at random there; the middle and three at
  // random in WebGL2.
  const keys = pick ?? (state.pyramid.startsWith('webgpu') ? [0, n - 1, random()] : [0, n - 1, Math.floor(n / 2), random(), random(), random()]);
  const { answers, ran } = await page.evaluate(async (keys) => {
    const ran = () => hp.stats().frame - hp.stats().repeated;
    await hp.frames(2);  // the state's frames done (one drawing a view for the first time may run)
    const before = ran();
    const answers = await Promise.all(keys.map((k) => hp.explain(k)));
    return { answers, ran: ran() - before };
  }, keys);
  // WebGL2's walks read the pyramid the last frame left: a paused page runs no pass for them.
  if (!state.pyramid.startsWith('webgpu') && (await page.evaluate(() => hp.stats().paused)))
    assert(ran === 0, `${state.pyramid}: ${ran} frames ran their passes for ${keys.length} walks`);
  keys.forEach((key, i) => {
    const r = answers[i], what = `${state.pyramid} key ${key}`;
    assert(r.key === key && r.count === n, `${what}: key ${r.key}, count ${r.count} (${n})`);
    assert(same(r.voxel, reference[key].slice(0, 3)), `${what}: voxel ${r.voxel}, the stream's ${reference[key].slice(0, 3)}`);
    assert(same(r.base, texels[key]), `${what}: base texel ${r.base}, ${texels[key]} by the layout`);
    if (state.classify !== 'solid') assert(r.case === reference[key][3], `${what}: case ${r.case}, stream ${reference[key][3]}`);
    if (state.pyramid === 'webgpu-scan') {
      const size = state.scan === 'blocks' || !state.scan ? 1024 : 4096;
      const tile = Math.floor(morton(texels[key]) / size);
      const start = texels.findIndex((t) => Math.floor(morton(t) / size) === tile);
      const want = { tile, tileSize: size, tileStart: start, offsetInTile: key - start };
      assert(same(r.scan, want) && !r.path, `${what}: scan ${JSON.stringify(r.scan)}, expected ${JSON.stringify(want)}`);
      return;
    }
    const want = expectedWalk(texels, key, levels);
    assert(r.path.length === levels + 1, `${what}: ${r.path.length} steps for ${levels} levels`);
    r.path.forEach((s, j) => assert(same(s, want[j]),
      `${what}: level ${s.level}: GPU ${JSON.stringify(s)}, reference ${JSON.stringify(want[j])}`));
  });
  // Past the end: refused, saying why.
  const refused = await page.evaluate((n) => hp.explain(n).then(() => 'resolved', (e) => e.message), n);
  assert(/past the count/.test(refused), `key ${n} (the count): ${refused}`);
  return answers;
}

const WEBGL = [{ pyramid: 'scalar' }, { pyramid: 'vec4' }, { pyramid: 'scalar', sums: 'uint' },
  { pyramid: 'vec4', sums: 'uint' }, { pyramid: 'baseline' }];
// Every layout at 64³; at 128³ (two levels more) scalar with float sums and vec4 with uint sums,
// each pyramid and each kind of sum once (the baseline's layout is scalar's).
for (const mode of WEBGL) {
  const tag = Object.values(mode).join(' ');
  add(`explain ${tag} 64³ in 512²: keys at the start, the end and random places walk as the reference`, (page) =>
    explainKeys(page, { sums: 'float', ...mode, volume: 64, source: 'metaballs', classify: 'surface', time: 1.5, iso: 0.5 }));
  if (mode === WEBGL[0] || mode === WEBGL[3]) add(`explain ${tag} 128³ in 2048² (noise, solid)`, (page) =>
    explainKeys(page, { sums: 'float', ...mode, volume: 128, source: 'noise', classify: 'solid', time: 0.5, iso: 0.6 }));
}
// The scan's tile and place: blocks and single (rts tiles as single does).
for (const [pyramid, scan] of [['webgpu-pyramid'], ['webgpu-scan', 'blocks'], ['webgpu-scan', 'single']])
  add(`explain ${pyramid}${scan ? ` scan=${scan}` : ''} 64³ in 512²`, (page) =>
    explainKeys(page, { pyramid, ...(scan ? { scan } : {}), volume: 64, source: 'metaballs', classify: 'surface', time: 1.5, iso: 0.5 }));

add('explain: every layout gives the same path (scalar, vec4, uint, baseline, the compute pyramid)', async (page) => {
  const state = { volume: 64, source: 'sphere', classify: 'surface', time: 0, iso: 0.45 };
  const paths = [];
  for (const mode of [...WEBGL, { pyramid: 'webgpu-pyramid' }]) {
    const r = await page.evaluate(async (s) => { await hp.set(s); return hp.explain(777); }, { sums: 'float', ...mode, ...state });
    paths.push([Object.values(mode).join(' '), r.path]);
  }
  for (const [tag, p] of paths) assert(same(p, paths[0][1]), `${tag}'s path differs from ${paths[0][0]}'s`);
  await page.evaluate(() => hp.set({ pyramid: 'scalar' }));
});

add('explain: bad keys are refused with a message', async (page) => {
  await page.evaluate(() => hp.set({ pyramid: 'scalar', volume: 64, source: 'metaballs', classify: 'surface', iso: 0.5 }));
  for (const bad of [-1, 1.5, 'x', 2 ** 33]) {
    const m = await page.evaluate((k) => hp.explain(k).then(() => 'resolved', (e) => e.message), bad);
    assert(/takes a key/.test(m), `hp.explain(${bad}): ${m}`);
  }
  const m = await page.evaluate(() => hp.explain(5e6).then(() => 'resolved', (e) => e.message));
  assert(/past the count/.test(m), `hp.explain(5e6): ${m}`);
});

// The view: its key (the middle by default), stepping, a click on the stream.
add('explain view: the middle key by default, the arrows step, a click on the stream picks a key', async (page) => {
  await page.evaluate(() => hp.set({ pyramid: 'scalar', volume: 64, source: 'metaballs', classify: 'surface', iso: 0.5, time: 1.5, view: 'explain' }));
  let s = await page.evaluate(() => hp.stats());
  assert(s.view === 'explain' && s.key === -1 && s.step === -1, `view ${s.view}, key ${s.key}, step ${s.step}`);
  assert(s.explain && s.explain.key === Math.floor(s.count / 2), `the view explains ${s.explain && s.explain.key}, not the middle of ${s.count}`);
  const api = await page.evaluate((k) => hp.explain(k), s.explain.key);
  assert(same(api, s.explain), 'the view and hp.explain walk the same key differently');
  // ← twice from the full walk: two levels above the base; → once: one above.
  await page.click('#canvas', { offset: { x: 5, y: 395 } }).catch(() => {});
  for (const k of ['ArrowLeft', 'ArrowLeft', 'ArrowRight']) await page.keyboard.press(k);
  await page.evaluate(() => hp.frames(3));
  s = await page.evaluate(() => hp.stats());
  assert(s.step === Math.log2(s.atlas) - 1, `step ${s.step} after ← ← →, expected ${Math.log2(s.atlas) - 1}`);
  await page.keyboard.press('ArrowDown');
  await page.evaluate(() => hp.frames(3));
  s = await page.evaluate(() => hp.stats());
  assert(s.key === Math.floor(s.count / 2) + 1, `↓ from the middle: key ${s.key}`);
  // A click on the stream panel: the key of the texel under it.
  const p = s.layout.stream;
  assert(p, 'the Explain view shows no stream panel');
  const rows = Math.max(16, 2 ** Math.ceil(Math.log2(Math.ceil(s.count / s.atlas))));
  // The page gives whole CSS pixels: click at a pixel well inside a texel (about texel 37, 3).
  const inside = (from, size, texels, near) => {
    for (let px = Math.round(from + near * size / texels); ; px++) {
      const f = (px - from) / size * texels;
      if (f - Math.floor(f) > 0.2 && f - Math.floor(f) < 0.8) return [px, Math.floor(f)];
    }
  };
  const [cx, tx] = inside(p.x, p.width, s.atlas, 37), [cy, ty] = inside(p.y, p.height, rows, Math.min(rows - 1, 3));
  await page.mouse.click(cx, cy);
  await page.evaluate(() => hp.frames(3));
  s = await page.evaluate(() => hp.stats());
  assert(s.key === ty * s.atlas + tx, `clicked (${cx}, ${cy}), texel (${tx}, ${ty}) of the stream: key ${s.key}`);
  assert(s.explain && s.explain.key === s.key, `the view walks ${s.explain && s.explain.key}`);
  await page.evaluate(() => hp.set({ view: 'stream', key: -1, step: -1 }));
}, { viewport: { width: 1280, height: 800 }, query: 'paused=1&clock=fixed&atlas=512' });

export default cases;
