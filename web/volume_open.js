// @ts-check
// The page's side of volume files (used by web/loads.js): a file is read in a
// Worker (web/volume_reader.js: the core readers in reader.wasm, app/reader/), so that the page
// draws on while it is inflated and decoded, and goes into the app as a DICOM series does: once
// it is decoded (the readers' checks first, as ever), the app checks its size against the modes
// in use and allocates the volume (hp_file_begin); the values arrive in parts straight into it;
// hp_file_end opens it. The app's heap grows by the volume alone (the file, inflated or not,
// stays in the worker's). The read's steps are hp.stats().progress and the overlay's bar. A newer
// load stops one under way: its worker is terminated (a decode cannot be interrupted otherwise),
// and the next starts afresh.
import { call } from './bridge.js';
import { copyIn } from './heap.js';
import { showMessage } from './page.js';

let worker = null;      // idle between loads while its heap stays small
let job = null;         // the load under way
let nextId = 0;
let lastMs = null;      // the last load's steps (hp.stats().fileMs)
export const fileTimes = () => lastMs;
const KEEP_MB = 64;     // a worker whose heap grew past this is let go after its load

function pageTask(task, done, total) {
  try { call('hp_page_task', task, done, total); } catch (e) { /* not ready */ }
}
function stop() {
  if (worker) worker.terminate();
  worker = null;
}
function start() {
  if (worker) return worker;
  worker = new Worker(new URL('./volume_reader.js', import.meta.url), { type: 'module' });
  worker.onmessage = (e) => { if (job && e.data.id === job.id) job.on(e.data); };
  worker.onerror = (e) => {
    e.preventDefault();
    if (job) job.refuse(`the volume reader failed: ${e.message || 'it could not start'}`, null);
    stop();
  };
  return worker;
}

// Stops the load under way, if any (another volume is being opened); it rejects with `why`.
export function cancel(why = 'another load came first') {
  if (job) job.fail(why, { cancelled: true });
}

// Opens `file` (a Blob or a Uint8Array; the bytes are copied, not taken) with the load's
// options (a JSON object, the app's table of them). Resolves when the app shows it, with
// {ms: {decoded, read, ended}: ms from the call to the file decoded (a stream: its header
// read), the last value in, the app's volume made; workerHeapMB; streamed}. Rejects with the message the page shows (also the app's:
// hp.stats().message), the Error's `refused` (the file was refused), `opensDownsampled` (the
// page offers downsampling by 2), `cancelled` (a newer load came first); the volume shown stays.
/** @param {Blob | Uint8Array} file @param {string} options @returns {Promise<{ms: object}>} ms: {decoded, read, ended, workerHeapMB, streamed} */
export function load(file, options) {
  cancel();
  const id = ++nextId;
  return new Promise((resolve, reject) => {
    let ptr = 0, halved = null, arrived = 0, count = 0, streamed = false;
    const t0 = performance.now(), ms = {};
    const finish = () => { job = null; pageTask('', 0, 0); };
    const mine = {
      id,
      fail(message, more = {}, idle = false) {
        if (ptr) call('hp_volume_drop');
        ptr = 0;
        if (!idle) stop();  // it may still be decoding
        finish();
        reject(Object.assign(new Error(message), more));
      },
      // A refusal as the app words it (with the offer to downsample, where that opens).
      refuse(why, offer, idle = false) {
        const h = offer || [0, 0, 0];
        const text = call('hp_file_refused', options, why, ...h);
        showMessage(text);
        mine.fail(text, { refused: true, opensDownsampled: call('hp_load_opens_downsampled') === 1 }, idle);
      },
      on(m) {
        try {
          mine.take(m);
        } catch (e) {
          mine.fail(`the volume load failed: ${e.message}`);
        }
      },
      take(m) {
        if (m.type === 'progress') pageTask(m.task, m.done, m.total);
        else if (m.type === 'error') mine.refuse(`the volume reader failed: ${m.message}`, null);
        else if (m.type === 'refused') mine.refuse(m.error, m.halved, m.heapMB <= KEEP_MB);
        else if (m.type === 'decoded') {
          ms.decoded = performance.now() - t0;
          halved = m.halved;
          streamed = !!m.streamed;
          count = m.dims[0] * m.dims[1] * m.dims[2];
          ptr = call('hp_file_begin', m.meta) >>> 0;
          if (!ptr) mine.refuse(call('hp_volume_refusal'), halved);
        } else if (m.type === 'values' && ptr) {
          copyIn('HEAPU8', ptr + m.at * m.size, m.bytes);
          arrived += m.bytes.length / m.size;
          call('hp_file_part', m.at, m.bytes.length / m.size);
          if (worker) worker.postMessage({ type: 'took', id });
          if (!streamed) pageTask('handing the volume over', arrived, count);  // a stream's bar is the read's
        } else if (m.type === 'done' && ptr) {
          ms.read = performance.now() - t0;
          ms.workerHeapMB = m.heapMB;
          ms.streamed = streamed;
          if (m.heapMB > KEEP_MB) stop();
          if (arrived !== count) return mine.fail(`${count - arrived} of the volume's values did not arrive`);
          ptr = 0;
          const error = call('hp_file_end', options, m.meta);
          ms.ended = performance.now() - t0;
          if (error) return mine.refuse(error, null, true);
          showMessage('');
          finish();
          lastMs = ms;
          resolve({ ms });
        }
      },
    };
    job = mine;
    start().postMessage({ type: 'read', id, file, options });
  });
}

// Starts the worker ahead of a load (while its file is fetched, say): its wasm compiles meanwhile.
export const warm = () => { start(); };
