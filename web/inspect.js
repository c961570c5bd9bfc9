// @ts-check
// window.hp's looks inside: a label map's labels, the label under a point, which labels are
// shown, the volume's values, a key's walk down the pyramid, and a WebGPU scan on given values.
import { call } from './bridge.js';
import { copyOut, withArray } from './heap.js';
import { frames, ready, settled } from './frames.js';
import { reads } from './reads.js';
import { stats } from './state.js';

/** @type {Promise<unknown>} */
let explaining = Promise.resolve();  // hp.explain's walks, one after another

// A volume's stored types (voxel_values.h) as typed arrays.
const STORED = { uint8: Uint8Array, int8: Int8Array, uint16: Uint16Array, int16: Int16Array, float32: Float32Array };

// Stored values in data units, as the app reads them: float32(slope · float32(stored) + intercept).
/** @param {{slope: number, intercept: number, values: ArrayLike<number>}} s */
function inDataUnits({ slope, intercept, values }) {
  const out = Float32Array.from(values);
  if (slope !== 1 || intercept !== 0) for (let i = 0; i < out.length; i++) out[i] = slope * out[i] + intercept;
  return out;
}

export const inspect = {
  // The label map's labels (classify=labels; a Promise): [{value, name, color, voxels, shown,
  // triangles, vertices, pieces, boundaryEdges, nonManifoldEdges, zeroAreaTriangles, volumeMm3,
  // areaMm2}], the mesh's figures from the meshes the page makes on the CPU (hp.meshReport's
  // labels; {mesh: false} leaves them out and answers at once). Rejects where the volume shown
  // is no label map.
  /** @param {{mesh?: boolean}} [options] @returns {Promise<import('./types/hp').Label[]>} */
  async labels({ mesh = true } = {}) {
    await ready;
    await settled();
    const r = JSON.parse(call('hp_labels'));
    if (r.error) throw new Error(r.error);
    if (!mesh || stats().classify !== 'labels') return r.labels;
    const report = await reads.meshReport();
    return report.labels || r.labels;
  },
  // The label under (x, y), CSS pixels of the page, in the 3D view (what a click there names):
  // a Promise of {value, name, voxel: [x, y, z]}, or null where no shown label is under it.
  /** @param {number} x @param {number} y @returns {Promise<import('./types/hp').LabelAt | null>} */
  async labelAt(x, y) {
    await ready;
    if (!Number.isFinite(Number(x)) || !Number.isFinite(Number(y))) throw new Error('hp.labelAt takes CSS pixels (two numbers)');
    return JSON.parse(call('hp_label_at', Number(x), Number(y)));
  },
  // Which labels the 3D view draws and the mesh files hold: an array of values (all: none given).
  /** @param {Iterable<number> | ArrayLike<number>} [values] @returns {Promise<void>} */
  async showLabels(values = []) {
    await ready;
    const list = Float64Array.from(Array.from(values, Number));
    if (list.some((v) => !Number.isFinite(v))) throw new Error('hp.showLabels takes label values (numbers)');
    withArray(list, 'the labels', (ptr, n) => call('hp_show_labels', ptr, n));
    await frames(1);
  },
  // The volume file shown last, as hp.loadVolume resolved it, with its values as the app holds
  // them: `stored` {type, slope, intercept, values: X·Y·Z of that type, x fastest (a copy)} and
  // `values`, the same as a Float32Array in data units (made from the stored values when first
  // read, as the app reads them: float(slope · stored + intercept)); null before one is loaded.
  // A volume whose stored values pass `maxBytes` (512 MiB unless given: a copy doubles them in
  // the tab) is refused with its size; `{values: false}` gives the description alone.
  /**
   * @overload
   * @param {{values: false}} options
   * @returns {Promise<import('./types/hp').VolumeInfo | null>}
   */
  /**
   * @overload
   * @param {{values?: true, maxBytes?: number}} [options]
   * @returns {Promise<import('./types/hp').Volume | null>}
   */
  /**
   * @param {{values?: boolean, maxBytes?: number}} [options]
   * @returns {Promise<import('./types/hp').Volume | import('./types/hp').VolumeInfo | null>}
   */
  async volume({ values: wanted = true, maxBytes = 512 * 2 ** 20 } = {}) {
    await ready;
    const info = JSON.parse(call('hp_volume_info'));
    if (!info || !wanted) return info;
    const n = info.dims[0] * info.dims[1] * info.dims[2];
    const Type = STORED[info.stored.type];
    const size = n * Type.BYTES_PER_ELEMENT;
    if (size > maxBytes)
      throw new Error(`hp.volume(): the ${info.dims.join('×')} volume's values are ${(size / 2 ** 20).toFixed(0)} MiB of ` +
        `${info.stored.type}, past the ${(maxBytes / 2 ** 20).toFixed(0)} MiB it copies out (maxBytes); ` +
        'hp.volume({values: false}) gives its description');
    const bytes = copyOut('HEAPU8', call('hp_volume_values'), n * Type.BYTES_PER_ELEMENT);
    const stored = { ...info.stored, values: new Type(bytes.buffer) };
    let values = null;
    const volume = { ...info, stored };
    Object.defineProperty(volume, 'values', { enumerable: true, get: () => (values ??= inDataUnits(stored)) });
    return volume;
  },
  // How key `key` of the stream finds its element (a Promise): {key, count, voxel, base, case,
  // path: [{level, texel, sum, range: [lo, hi], children, child}, …]} from the 1×1 top to the
  // base, walked on the GPU's own pyramid; for webgpu-scan {…, scan: {tile, tileSize,
  // tileStart, offsetInTile}}. Rejects a key at or past the count, with the reason.
  /** @param {number} key @returns {Promise<import('./types/hp').Explain>} */
  explain(key) {
    const k = Number(key);
    if (!Number.isInteger(k) || k < 0 || k > 0xffffffff)
      return Promise.reject(new Error(`hp.explain takes a key, a whole number from 0 (not ${String(key).slice(0, 20)})`));
    // One walk at a time: the app holds one asked key.
    const walk = explaining.then(async () => {
      await ready;
      await settled();
      call('hp_explain_ask', k);
      for (let i = 0; i < 120; i++) {
        await frames(1);
        const r = JSON.parse(call('hp_explained'));
        if (r === 'pending') continue;
        if (!r || r.error) throw new Error(r ? r.error : 'no walk was asked for');
        return r;
      }
      throw new Error(`no frame walked key ${k} in 120 frames`);
    });
    explaining = walk.catch(() => {});
    return walk;
  },
  // A WebGPU scan on `values` (a Uint32Array), as webgpu-scan runs it: {scan: 'blocks' | 'rts' |
  // 'single' (default blocks), fallback: true makes the single pass's look-back give up at once,
  // 'aggregates' withholds every inclusive post but the first tile's so that each look-back
  // walks over aggregates to tile 0}. Resolves to {scan: its exclusive scan, total}. For the
  // scans' own tests.
  /** @param {Uint32Array} values @param {import('./types/hp').ScanOptions} [options] @returns {Promise<import('./types/hp').ScanResult>} */
  async webgpuScan(values, { scan = 'blocks', fallback = false } = {}) {
    await ready;
    const kind = ['blocks', 'rts', 'single'].indexOf(scan);
    if (kind < 0) throw new Error(`scan '${scan}' is not one of: blocks, rts, single`);
    return withArray(values, 'the values to scan', async (ptr, n) => {
      const error = call('hp_scan_begin', ptr, n, kind, fallback === 'aggregates' ? 2 : fallback ? 1 : 0);
      if (error) throw new Error(error);
      let state = 0;
      while ((state = call('hp_scan_take', ptr)) === 0) await new Promise((r) => setTimeout(r, 5));
      const out = copyOut('HEAPU32', ptr, n + 1);
      if (state < 0) throw new Error('the WebGPU scan failed');
      return { scan: out.subarray(0, n), total: out[n] };
    }, { room: values.length + 1 });
  },
};
