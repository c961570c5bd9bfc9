// What the WebGPU modes draw: the indexed surface the same pixels as the soup, the 3D view's
// bind groups never naming a released buffer, the surface on the WebGPU canvas under the GL one.
import { PNG } from 'pngjs';
import { assert } from '../lib.mjs';
import { webgpuCases } from '../webgpu_checks.mjs';

const { cases, add } = webgpuCases();

// Drawn indexed (drawIndexedIndirect): the same triangles at the same places, so the same
// pixels as the soup drawn by drawIndirect.
add('webgpu-scan vertices=shared: the 3D view draws the pixels the soup draws', async (page) => {
  const shot = async (vertices) => {
    await page.evaluate((vertices) => hp.set({ pyramid: 'webgpu-scan', view: 'surface', volume: 64, source: 'metaballs',
      iso: 0.5, time: 1, color: 'normal', vertices }).then(() => hp.frames(4)), vertices);
    const r = await page.evaluate(() => {
      const b = document.getElementById('gpu-surface').getBoundingClientRect();
      return { x: b.x, y: b.y, width: b.width, height: b.height };
    });
    return PNG.sync.read(await page.screenshot({ clip: r }));
  };
  const soup = await shot('soup');
  const shared = await shot('shared');
  const s = await page.evaluate(() => hp.stats());
  await page.evaluate(() => hp.set({ view: 'none', vertices: 'soup' }));
  assert(s.sharedVertexCount > 1000 && s.vertexCount > 3 * s.sharedVertexCount / 2,
    `${s.sharedVertexCount} shared vertices, ${s.vertexCount} indices`);
  let differ = 0, lit = 0;
  for (let i = 0; i < soup.data.length; i += 4) {
    if (Math.abs(soup.data[i] - shared.data[i]) + Math.abs(soup.data[i + 1] - shared.data[i + 1]) +
      Math.abs(soup.data[i + 2] - shared.data[i + 2]) > 6) differ++;
    if (soup.data[i] + soup.data[i + 1] + soup.data[i + 2] > 120) lit++;
  }
  assert(lit > soup.data.length / 4 / 20, `only ${lit} lit pixels: is the surface drawn?`);
  assert(differ === 0, `${differ} of ${soup.data.length / 4} pixels differ from the soup's`);
});

// The 3D view binds the surface's buffers by their ids and binds again only where an id changed
// (compute_surface_view.cpp). A buffer released and another made in its place (a mesh re-made
// for a new scan) takes the freed table slot: with bare slots as ids (the code before) the new
// buffer had the old one's id, so an id kept past its release named the new buffer and a bind
// group made with it bound whatever took the slot. Ids carry the slot's generation, and the
// bind-group builder refuses one that names nothing live: id 0, the kernel's error and the
// library's recorded, no exception through wasm. A group of the new buffer is made as ever.
add('WebGPU ids: a bind group asked for with a released buffer\'s id is refused (no stale bind group)', async (page) => {
  await page.evaluate(() => hp.set({ pyramid: 'webgpu-scan', volume: 64 }));
  const r = await page.evaluate(() => {
    const before = hp.testing.gpu.errors.length;
    let out;
    try {
      out = hp.testing.call('hp_webgpu_id_check');
    } catch (e) {
      return { thrown: `${e.name}: ${e.message}` };
    }
    const recorded = hp.testing.gpu.errors.splice(before);  // taken, so that the page does not show them
    return { out, recorded };
  });
  assert(!r.thrown, `the builder threw through wasm: ${r.thrown}`);
  const [ids, refusal, error] = r.out.split('|');
  const [first, second, stale, fresh] = ids.split(' ').map(Number);
  assert(first > 0 && second > 0 && error === '', `'${r.out}'`);
  assert((first & 0xffff) === (second & 0xffff), `the second buffer did not take the first's slot: ${first}, ${second}`);
  assert(stale === 0, `a bind group was made with the released buffer's id ${first} (group ${stale}; the new buffer is ${second})`);
  assert(/stream_tail\.wgsl: refused, a buffer bound was released/.test(refusal), `the kernel's error: '${refusal}'`);
  assert(r.recorded.length === 1 && /bind group: binding 2's buffer is id \d+, which names no live object/.test(r.recorded[0]),
    `the library's errors: ${JSON.stringify(r.recorded)}`);
  assert(fresh > 0, `no bind group of the new buffer: '${r.out}'`);
});

add('webgpu-scan surface: drawn on the WebGPU canvas under the GL one, hidden with the view', async (page) => {
  const shown = () => page.evaluate(() => !document.getElementById('gpu-surface').hidden);
  await page.evaluate(() => hp.set({ pyramid: 'webgpu-scan', view: 'surface', volume: 64, source: 'metaballs', iso: 0.5 })
    .then(() => hp.frames(3)));
  assert(await shown(), 'the WebGPU canvas is hidden');
  const s = await page.evaluate(() => hp.stats());
  assert(s.mesh && s.verticesRead && s.vertexCount > 1000 && s.vertexKeysDrawn === s.vertexCount,
    `mesh ${s.mesh}, read ${s.verticesRead}, ${s.vertexCount} vertices, ${s.vertexKeysDrawn} drawn`);
  const rect = await page.evaluate(() => {
    const r = document.getElementById('gpu-surface').getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  });
  assert(rect.width > 100 && rect.height > 100, `canvas at ${JSON.stringify(rect)}`);
  await new Promise((resolve) => setTimeout(resolve, 500));  // the WebGPU canvas's frame reaches the page
  const shot = PNG.sync.read(await page.screenshot({ clip: rect }));
  let lit = 0;  // pixels neither the view's background (15, 18, 23) nor the page's
  for (let i = 0; i < shot.data.length; i += 4)
    if (Math.max(Math.abs(shot.data[i] - 15), Math.abs(shot.data[i + 1] - 18), Math.abs(shot.data[i + 2] - 23)) > 24) lit++;
  const share = lit / (shot.width * shot.height);
  assert(share > 0.05, `only ${(100 * share).toFixed(2)}% of the panel shows the surface`);
  await page.evaluate(() => hp.set({ view: 'stream' }));
  assert(!(await shown()), 'the WebGPU canvas stays shown without the 3D view');
  await page.evaluate(() => hp.set({ view: 'surface', pyramid: 'scalar' }));
  assert(!(await shown()), 'the WebGPU canvas stays shown in a WebGL2 mode');
}, { query: 'paused=1&clock=fixed&overlay=0&atlas=512', fresh: true });

export default cases;
