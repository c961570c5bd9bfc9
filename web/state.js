// window.hp's state: set (any subset of the settings, docs/api.md) and stats.
import { call } from './bridge.js';
import { heapBytes } from './heap.js';
import { ready, settled } from './frames.js';
import { settingsText } from './page.js';
import { losses } from './gpu_device.js';
import { dicomTimes } from './dicom_open.js';

// Rejects naming the bad key or value, changing nothing; resolves after a frame ran it.
export async function set(state) {
  await ready;
  if (state === null || typeof state !== 'object') throw new Error('hp.set takes an object of settings');
  const list = Object.entries(state).map(([k, v]) => {
    if (v !== null && typeof v === 'object') throw new Error(`${k}: a value must be a string, number or boolean`);
    return [k, String(v)];
  });
  const error = call('hp_request', settingsText(list));
  if (error) throw new Error(error);
  await settled();
}

// The app's JSON (hp_stats) and the page's own: its heap, the GPU losses, the last DICOM load's steps.
export function stats() {
  const s = JSON.parse(call('hp_stats'));
  s.heapBytes = heapBytes();
  s.losses = { ...losses };
  s.dicomMs = dicomTimes();  // null before one
  return s;
}
