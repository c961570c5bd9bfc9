// @ts-check
// The wasm heap, one way in and out: bytes or typed arrays copied in for the length of a call
// (freed after it, whatever it does), and copies out. The allocator is the bridge's unless the
// tests swap it (hp.testing.heap.allocate: a heap that cannot grow gives 0).
import { raw } from './bridge.js';

/** @type {{allocate: (bytes: number) => number}} */
export const allocator = { allocate: (bytes) => raw.malloc(bytes) };

// `bytes` of heap for `what`, or an Error that names both (_malloc gives 0 when the heap cannot
// grow: writing there would overwrite the heap's bottom).
/** @param {number} bytes @param {string} what @returns {number} */
function alloc(bytes, what) {
  const ptr = allocator.allocate(bytes) >>> 0;  // unsigned: the heap may pass 2 GiB
  if (!ptr) throw new Error(`cannot allocate ${bytes} bytes for ${what} in the wasm heap`);
  return ptr;
}

// Runs fn(ptr, length) with the typed array `array` copied into the heap, then frees it (once
// the Promise fn returns settles, if it returns one); `room`: elements to allocate when more
// than the array's (a result written after it).
/**
 * @template T
 * @param {Uint8Array | Uint32Array | Float32Array | Float64Array} array @param {string} what
 * @param {(ptr: number, length: number) => T} fn @param {{room?: number}} [more] @returns {T}
 */
export function withArray(array, what, fn, { room = 0 } = {}) {
  const bytes = array.BYTES_PER_ELEMENT;
  const ptr = alloc(Math.max(bytes * Math.max(array.length, room), 1), what);
  let result;
  try {
    new Uint8Array(raw.view('HEAPU8').buffer, ptr, bytes * array.length)
      .set(new Uint8Array(array.buffer, array.byteOffset, bytes * array.length));
    result = fn(ptr, array.length);
  } catch (e) {
    raw.free(ptr);
    throw e;
  }
  const promise = /** @type {any} */ (result);
  if (promise && typeof promise.then === 'function') return promise.finally(() => raw.free(ptr));
  raw.free(ptr);
  return result;
}
/** @type {<T>(bytes: Uint8Array, what: string, fn: (ptr: number, length: number) => T) => T} */
export const withBytes = (bytes, what, fn) => withArray(bytes, what, fn);

// A copy of `n` elements of the heap view `heap` ('HEAPF32', 'HEAPU8', …) from byte `at`.
/** @param {string} heap @param {number} at @param {number} n */
export function copyOut(heap, at, n) {
  const view = raw.view(heap), size = view.BYTES_PER_ELEMENT;
  return view.slice((at >>> 0) / size, (at >>> 0) / size + n);
}
// Values into the heap at byte `at` (a volume the app allocated, filled in parts).
/** @param {string} heap @param {number} at @param {ArrayLike<number>} values */
export function copyIn(heap, at, values) {
  const view = raw.view(heap);
  view.set(values, (at >>> 0) / view.BYTES_PER_ELEMENT);
}
export const heapBytes = () => raw.view('HEAPU8').length;
