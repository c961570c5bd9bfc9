// @ts-check
// The read-backs of window.hp (stream, reference, mesh, referenceMesh, exportMesh, meshReport,
// saveMesh), one protocol for every mode (app/demo/page/web_reads.cpp): asked for, polled until
// it completes (a WebGPU read when its copy maps, with or without frames; a mesh read after a
// frame that ran the surface stages: each frame or every few ms, whichever comes first), its
// parts copied out, then ended.
import { call } from './bridge.js';
import { copyOut } from './heap.js';
import { frameNow, frames, ready } from './frames.js';

/** @typedef {import('./types/hp').Mesh} Mesh @typedef {import('./types/hp').MeshReport} MeshReport */
/** @typedef {import('./types/hp').ReadOptions} ReadOptions @typedef {import('./types/hp').MeshFileOptions} MeshFileOptions */
/** @typedef {import('./types/hp').StreamEntry} StreamEntry @typedef {import('./types/hp').MeshType} MeshType */

// The parts of a read-back, by number and the heap they are in.
/** @satisfies {Record<string, [number, string]>} */
const parts = { entries: [0, 'HEAPF32'], positions: [1, 'HEAPF32'], normals: [2, 'HEAPF32'], edges: [3, 'HEAPF64'],
  indices: [4, 'HEAPU32'], bytes: [5, 'HEAPU8'], labels: [6, 'HEAPF32'], otherLabels: [7, 'HEAPF32'] };
const kinds = { stream: 0, reference: 1, mesh: 2, referenceMesh: 3, meshFile: 4, meshReport: 5 };
// The mesh files by number (app/core/mesh/mesh_export.h's MeshFile, kMeshFileNames).
const MESH_TYPES = ['ply', 'stl', 'glb', 'obj', '3mf'];
const limitOf = (/** @type {number | undefined} */ limit) => (limit === undefined ? 0xffffffff : Math.max(0, Math.min(0xffffffff, Math.floor(Number(limit)) || 0)));

// take(part, number) copies out what it needs before the read is ended.
/**
 * @template T
 * @param {keyof typeof kinds} kind
 * @param {{limit?: number, type?: number, closed?: boolean}} options
 * @param {(part: (name: keyof typeof parts) => any, number: (which: number) => number) => T} take
 * @returns {Promise<T>}
 */
async function readBack(kind, { limit, type = 0, closed } = {}, take) {
  await ready;
  const id = call('hp_read', kinds[kind], limitOf(limit), type, closed === undefined ? -1 : closed ? 1 : 0);
  const from = frameNow(), t0 = performance.now();
  try {
    while (frameNow() - from < 600 && performance.now() - t0 < 120000) {
      const state = call('hp_read_poll', id);
      if (state < 0) throw new Error(call('hp_read_error', id));
      if (state > 0) {
        return take((name) => {
          const [part, heap] = parts[name];
          return copyOut(heap, call('hp_read_at', id, part), call('hp_read_size', id, part));
        }, (which) => call('hp_read_number', id, which));
      }
      await Promise.race([frames(1), new Promise((r) => setTimeout(r, 4))]);
    }
    throw new Error(`the ${kind} read-back did not complete in 600 frames or 2 minutes`);
  } finally {
    call('hp_read_end', id);
  }
}
// Stream entries [x, y, z, w] of a read-back's floats.
/** @param {Float32Array} f @returns {StreamEntry[]} */
function entriesOf(f) {
  const out = new Array(f.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = [f[4 * i], f[4 * i + 1], f[4 * i + 2], f[4 * i + 3]];
  return out;
}

export const reads = {
  // The stream as the GPU wrote it: min(limit, count) entries [x, y, z, w] (a Promise).
  stream: (/** @type {number} [limit] */ limit) => readBack('stream', { limit }, (part) => entriesOf(part('entries'))),
  // The CPU reference computed from the atlas the GPU used (a Promise).
  reference: (/** @type {number} [limit] */ limit) => readBack('reference', { limit }, (part) => entriesOf(part('entries'))),
  // The surface the GPU extracted: {vertices: the true total, positions, normals: Float32Arrays
  // of 3·min(limit, vertices) numbers, edges: each vertex's edge id, indices: a Uint32Array of
  // min(limit, vertices) numbers, sharedVertices}, volume units, cells in stream order (a
  // Promise). The soup either way; `indices` and `sharedVertices` are the GPU's own with
  // vertices=shared (the soup is its vertex list at them), else the edges welded in the order
  // they first appear. classify=labels: labels (a vertex's), otherLabels (a triangle's other side).
  /** @type {(options?: ReadOptions) => Promise<Mesh>} */
  mesh: (options = {}) => readBack('mesh', options, (part, number) => ({ vertices: number(0), positions: part('positions'),
    normals: part('normals'), edges: part('edges'), indices: part('indices'), sharedVertices: number(1),
    labels: part('labels'), otherLabels: part('otherLabels') })),
  // The CPU reference's mesh for the atlas the GPU used, in hp.mesh's form (a Promise).
  /** @type {(options?: ReadOptions) => Promise<Mesh>} */
  referenceMesh: (options = {}) => readBack('referenceMesh', options, (part, number) =>
    ({ vertices: number(0), positions: part('positions'), normals: part('normals'), labels: part('labels'), otherLabels: part('otherLabels') })),
  // The current frame's processed mesh as a file (a Promise of its bytes): {type: 'ply' | 'stl' |
  // 'glb' | 'obj' | '3mf', closed: capped where the volume's faces cut it (default: the `closed`
  // setting)}. The settings' steps applied (pieces, smooth, decimate; zero-area triangles always
  // merged away); PLY, glb, OBJ and 3MF welded (a vertex per crossing edge; with vertices=shared
  // the GPU's own); world coordinates (mm; glb in metres).
  /** @param {MeshFileOptions} [options] @returns {Promise<Uint8Array<ArrayBuffer>>} a copy */
  async exportMesh({ type = 'ply', closed } = {}) {
    const kind = MESH_TYPES.indexOf(type);
    if (kind < 0) throw new Error(`type '${String(type).slice(0, 20)}' is not one of: ${MESH_TYPES.join(', ')}`);
    return readBack('meshFile', { type: kind, closed }, (part) => part('bytes'));
  },
  // The processed mesh's report (a Promise): {triangles, vertices, pieces, boundaryEdges,
  // nonManifoldEdges, zeroAreaTriangles, volumeMm3, areaMm2, closed, steps, zeroAreaMerged,
  // piecesBefore, piecesKept, decimatedFrom, decimateErrorMm, verticesSplit, ms}.
  /** @type {(options?: {closed?: boolean}) => Promise<MeshReport>} */
  meshReport: ({ closed } = {}) => readBack('meshReport', { closed },
    (part) => JSON.parse(new TextDecoder().decode(part('bytes')))),
  // Saves exportMesh()'s file through the browser's download.
  /** @param {string} [name] @param {MeshFileOptions} [options] @returns {Promise<number>} the file's bytes */
  async saveMesh(name = 'surface.ply', options = {}) {
    const type = options.type ?? /** @type {MeshType} its name's, checked there */ (name.split('.').pop().toLowerCase());
    const bytes = await reads.exportMesh({ ...options, type });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }));
    a.download = name;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    return bytes.length;
  },
};
