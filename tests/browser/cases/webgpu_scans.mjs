// The WebGPU scans: both WebGPU modes' streams bit-identical and equal to WebGL2's; the block
// scan and the tile scans alone, through hp.webgpuScan, at sizes around their block and tile.
import { assert, compute, sameStream } from '../lib.mjs';
import { webgpuCases } from '../webgpu_checks.mjs';

const { cases, add } = webgpuCases();

add('webgpu-scan and webgpu-pyramid streams are bit-identical, and equal WebGL2 on the sphere', async (page) => {
  const state = { volume: 64, source: 'sphere', classify: 'surface', time: 2, iso: 0.5 };
  const a = await compute(page, { pyramid: 'webgpu-scan', ...state });
  const b = await compute(page, { pyramid: 'webgpu-pyramid' });
  assert(a.stats.count > 100 && a.stats.count === b.stats.count, `counts ${a.stats.count} and ${b.stats.count}`);
  sameStream(b.gpu, a.gpu, 'pyramid vs scan');
  const c = await compute(page, { pyramid: 'scalar' });
  sameStream(a.gpu, c.gpu, 'WebGPU vs WebGL2 (same formulas, same SwiftShader)');
});

// The block scan alone, through hp.webgpuScan (the same class and kernels as the mode).
const SCANS = [
  ['a single block (1000 values)', 1000, (i) => (i * 7) % 3 === 0],
  ['exactly one block (1024)', 1024, (i) => i % 2],
  ['not a multiple of the block (1025)', 1025, (i) => (i * 13) % 5 === 0],
  ['not a multiple of the block (3001)', 3001, (i) => i % 3 === 1],
  ['all-active and none-active blocks', 5000, (i) => (i >= 1024 && i < 2048) || i === 4999],
  ['two levels of block sums (1,100,000)', 1100000, (i) => (i * 2654435761) % 7 < 2],
  ['three levels of block sums (1024² + 1, ones)', 1024 * 1024 + 1, () => 1],
  ['values above one (counts up to 9)', 70000, (i) => i % 10],
];
for (const [what, n, value] of SCANS)
  add(`block scan: ${what}`, async (page) => {
    const r = await page.evaluate(async (n, fn) => {
      const value = new Function('i', `return (${fn})(i)`);
      const v = new Uint32Array(n);
      for (let i = 0; i < n; i++) v[i] = Number(value(i));
      const { scan, total } = await hp.webgpuScan(v);
      let sum = 0;
      for (let i = 0; i < n; i++) {
        if (scan[i] !== sum) return `index ${i}: GPU ${scan[i]}, CPU ${sum}`;
        sum += v[i];
      }
      return total === sum ? '' : `total: GPU ${total}, CPU ${sum}`;
    }, n, value.toString());
    assert(r === '', r);
  });

// The tile scans alone (tiles of 4096 values), through hp.webgpuScan: sizes around the tile,
// many tiles, all- and none-active tiles, values above one; the single pass also with every
// look-back giving up at once (each workgroup reduces all its predecessors itself).
const T = 4096;  // the functions run in the page: they spell the tile out
const TILE_SCANS = [
  ['one value', 1, () => 1],
  ['a tile less one (4095)', T - 1, (i) => (i * 7) % 3 === 0],
  ['one tile (4096)', T, (i) => i % 2],
  ['a tile and one (4097)', T + 1, (i) => (i * 13) % 5 === 0],
  ['all-active and none-active tiles', 5 * T + 3, (i) => (i >= 4096 && i < 2 * 4096) || i >= 4 * 4096],
  ['many tiles (70 tiles and 123, counts up to 9)', 70 * T + 123, (i) => (i * 2654435761) % 10],
  // More than one round of the look-back (256 posts a round): 260 tiles and 5.
  ['260 tiles and 5 (two rounds of look-back)', 260 * T + 5, (i) => (i % 7) % 2],
];
add('WebGPU tile scans alone (rts, single, single with fallback, single over aggregates) at sizes around the tile', async (page) => {
  for (const [what, n, value] of TILE_SCANS)
    for (const [scan, fallback] of [['rts', false], ['single', false], ['single', true], ['single', 'aggregates']]) {
      const r = await page.evaluate(async (n, fn, scan, fallback) => {
        const value = new Function('i', `return (${fn})(i)`);
        const v = new Uint32Array(n);
        for (let i = 0; i < n; i++) v[i] = Number(value(i));
        const { scan: out, total } = await hp.webgpuScan(v, { scan, fallback });
        let sum = 0;
        for (let i = 0; i < n; i++) {
          if (out[i] !== sum) return `index ${i}: GPU ${out[i]}, CPU ${sum}`;
          sum += v[i];
        }
        return total === sum ? '' : `total: GPU ${total}, CPU ${sum}`;
      }, n, value.toString(), scan, fallback);
      assert(r === '', `${what}, scan=${scan}${fallback ? ` with fallback ${fallback}` : ''}: ${r}`);
    }
});

export default cases;
