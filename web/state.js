// @ts-check
// window.hp's state: set (any subset of the settings, docs/api.md) and stats.
import { call } from './bridge.js';
import { heapBytes } from './heap.js';
import { ready, settled } from './frames.js';
import { gpu, losses } from './gpu_device.js';
import { dicomTimes } from './dicom_open.js';
import { fileTimes } from './volume_open.js';

// Rejects naming the bad key or value, changing nothing; resolves after a frame ran it.
/** @param {import('./types/hp').Settings} state @returns {Promise<void>} */
export async function set(state) {
  await ready;
  if (state === null || typeof state !== 'object' || Array.isArray(state)) throw new Error('hp.set takes an object of settings');
  // One JSON object: the app reads it (app/core/settings/settings_json.h), its values as
  // String(value) writes them (NaN and the infinities, which JSON has not, as text too).
  const json = JSON.stringify(state, (k, v) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v));
  const error = call('hp_request', json);
  if (error) throw new Error(error);
  await settled();
}

// The app's JSON (hp_stats) and the page's own: its heap, the GPU losses, the WebGPU kernels
// asked for and compiled, the last DICOM load's and volume file's steps.
/** @returns {import('./types/hp').Stats} */
export function stats() {
  const s = JSON.parse(call('hp_stats'));
  s.heapBytes = heapBytes();
  s.losses = { ...losses };
  s.kernels = { ...gpu.kernels };
  s.dicomMs = dicomTimes();  // null before one
  s.fileMs = fileTimes();    // likewise
  return s;
}
