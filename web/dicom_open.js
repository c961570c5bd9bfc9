// @ts-check
// The page's side of DICOM (used by web/loads.js): which bytes are DICOM or a zip,
// every file of a dropped folder, and a load through the DICOM workers (web/dicom_worker.js,
// started at the first DICOM met): the first reads the headers and plans one series; all of
// them decode its slices, each going straight into the volume the app allocated for it
// (hp_volume_begin), so the page holds the files plus the one volume, never a second copy of it.
import { call } from './bridge.js';
import { copyIn } from './heap.js';

let nextId = 0;
const jobs = new Map();  // id → {resolve, reject, ...}: one load at a time; a new one cancels the last

// DICOM by its mark (DICM at byte 128) or a zip by its signature; anything else is left to the
// volume readers (a DICOM file without the mark is found by its parse when it comes among others).
export function looksLike(b) {
  const dicom = b.length >= 132 && b[128] === 0x44 && b[129] === 0x49 && b[130] === 0x43 && b[131] === 0x4d;
  const zip = b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
  return dicom || zip;
}

// A data set from its first byte, without the 128-byte preamble and its mark (older files): group
// 0002 or 0008 first, little or big endian, then explicit VR letters or an implicit length. Only
// a guess: the DICOM reader's parse decides, and what it calls not DICOM goes to the volume readers.
export function unmarked(b) {
  if (b.length < 12) return false;
  const le = (b[0] === 0x02 || b[0] === 0x08) && b[1] === 0 && b[3] === 0;
  const be = b[0] === 0 && (b[1] === 0x02 || b[1] === 0x08) && b[2] === 0;
  if (!le && !be) return false;
  const letters = b[4] >= 0x41 && b[4] <= 0x5a && b[5] >= 0x41 && b[5] <= 0x5a;
  const length = (b[4] | b[5] << 8 | b[6] << 16 | b[7] << 24) >>> 0;
  return letters || (le && length < Math.min(b.length, 1 << 16));
}

// Every file of what was dropped, folders read whole (a folder's reader hands its entries out
// in batches until an empty one). Null when the browser gives no entries (then use .files).
export async function filesOfDrop(dataTransfer) {
  const items = Array.from(dataTransfer.items || []).filter((i) => i.kind === 'file');
  const entries = items.map((i) => (i.webkitGetAsEntry ? i.webkitGetAsEntry() : null));  // before any await
  if (!entries.length || entries.some((e) => !e)) return null;
  const out = [];
  let folders = 0;
  async function walk(entry, path) {
    if (entry.isFile) {
      const file = await new Promise((resolve, reject) => entry.file(resolve, reject));
      out.push({ name: path + entry.name, blob: file });
    } else if (entry.isDirectory) {
      folders++;
      const reader = entry.createReader();
      for (;;) {
        const batch = await new Promise((resolve, reject) => reader.readEntries(resolve, reject));
        if (!batch.length) break;
        for (const e of batch) await walk(e, `${path}${entry.name}/`);
      }
    }
  }
  for (const e of entries) await walk(e, '');
  return { files: out, folders };
}

// The workers: the first reads headers and plans; each decodes a share of the slices. As many
// as the machine has cores, at most 6 (each holds a wasm heap of ~20 MiB, one file, one slice).
const pool = [];
function start(n) {
  while (pool.length < n) {
    const w = new Worker(new URL('./dicom_worker.js', import.meta.url), { type: 'module' });
    w.onmessage = (e) => {
      const job = jobs.get(e.data.id);
      if (job) job.on(e.data);
    };
    // A worker that failed (it could not start, or its wasm trapped) leaves the pool.
    w.onerror = (e) => {
      w.terminate();
      pool.splice(pool.indexOf(w), 1);
      for (const job of jobs.values()) job.fail(`the DICOM reader failed: ${e.message || 'it could not start'}`);
    };
    pool.push(w);
  }
  return pool;
}
const decoders = () => Math.max(1, Math.min(navigator.hardwareConcurrency || 2, 6));

function pageTask(task, done, total) {
  try { call('hp_page_task', task, done, total); } catch (e) { /* not ready */ }
}

// The files of the DICOM volume shown last, and whether the first worker still holds their
// headers (another DICOM load, even one that failed, replaces them there); the last load's
// times (hp.stats().dicomMs, for the benchmark; null before one).
let shownFiles = null, firstHoldsShown = false, lastMs = null;
export const dicomTimes = () => lastMs;

// Stops the load under way, if any (another volume is being opened).
export function cancel(why = 'another load came first') {
  for (const [id, job] of jobs) { pool.forEach((w) => w.postMessage({ type: 'cancel', id })); job.fail(why); }
}

// Opens `files` ([{name, blob}]) or, files null, another series (`series`, a UID) of the files
// opened last. Resolves when the app holds the volume: {series, shown, counts, syntax, ms: {plan,
// slices, ended: ms from the call to the headers read, the last slice in, the app's volume
// made; workerHeapMB}}; rejects with the reason (the volume shown stays).
export function load(files, { series = '', name = 'DICOM' } = {}) {
  cancel();
  if (!files && !shownFiles) return Promise.reject(new Error('no DICOM files were opened'));
  const id = ++nextId;
  const again = !files && !firstHoldsShown;  // another series: its headers read again
  const sent = files || shownFiles;
  firstHoldsShown = !files && firstHoldsShown;
  start(1)[0].postMessage(files || again ? { type: 'open', id, files: sent, series } : { type: 'plan', id, series });
  return new Promise((resolve, reject) => {
    let ptr = 0, dims = null, list = [], plan = null, counts = {}, arrived = 0, decoding = 0;
    const t0 = performance.now(), ms = {};  // when the plan came (headers read), the last slice, the app's end
    const finish = () => { jobs.delete(id); pageTask('', 0, 0); };
    const job = {
      fail(message) {
        if (ptr) call('hp_volume_drop');
        ptr = 0;
        pool.forEach((w) => w.postMessage({ type: 'cancel', id }));
        finish();
        reject(Object.assign(new Error(message), { notDicom: !!job.notDicom }));
      },
      on(m) {
        try {
          job.take(m);
        } catch (e) {
          job.fail(`the DICOM load failed: ${e.message}`);
        }
      },
      take(m) {
        if (m.type === 'progress') pageTask(m.task, m.done, m.total);
        else if (m.type === 'error') job.fail(m.message);
        else if (m.type === 'plan') {
          ms.plan = performance.now() - t0;
          plan = m.plan;
          list = m.series;
          if (files || again) counts = m.counts;
          if (plan.error) {
            job.notDicom = !!counts.files && counts.skipped === counts.files;
            return job.fail(withCounts(plan.error, counts));
          }
          dims = plan.dims;
          const notes = [...plan.notes, ...(counts.notes || []), ...countNotes(counts), `transfer syntax: ${plan.syntax}`];
          try {
            ptr = call('hp_volume_begin', JSON.stringify({ dims, spacing: plan.spacing, toWorld: plan.toWorld, type: plan.type,
              stored: plan.stored, notes: notes.map((n) => String(n).slice(0, 300)).slice(0, 20) })) >>> 0;
          } catch (e) {
            return job.fail('the page is out of memory');
          }
          if (!ptr) return job.fail(call('hp_volume_refusal'));
          // Slices dealt out in turn, so that each decoder's share spans the series.
          const workers = start(Math.min(decoders(), dims[2]));
          const shares = workers.map(() => []);
          m.files.forEach((f, z) => shares[z % workers.length].push({ z, name: f.name, blob: f.blob }));
          decoding = workers.length;
          workers.forEach((w, i) => w.postMessage({ type: 'decode', id, jobs: shares[i], dims, stored: plan.stored }));
          pageTask('decoding DICOM slices', 0, dims[2]);
        } else if (m.type === 'slice' && ptr) {
          const size = m.values.BYTES_PER_ELEMENT;  // the plan's stored type, as the app holds it
          copyIn('HEAPU8', ptr + size * m.z * dims[0] * dims[1], new Uint8Array(m.values.buffer, m.values.byteOffset, size * dims[0] * dims[1]));
          if (++arrived % 8 === 0 || arrived === dims[2]) pageTask('decoding DICOM slices', arrived, dims[2]);
        } else if (m.type === 'decoded' && ptr) {
          ms.workerHeapMB = Math.max(ms.workerHeapMB || 0, m.heapMB);
          ms.reading = (ms.reading || 0) + m.ms.read;  // summed over the decoders
          ms.decoding = (ms.decoding || 0) + m.ms.decode;
          if (--decoding > 0) return;
          ms.slices = performance.now() - t0;
          ms.decoders = pool.length;
          if (arrived !== dims[2]) return job.fail(`${dims[2] - arrived} slice(s) did not arrive`);
          // At most 200 series go to the app (a folder of single slices can hold thousands).
          const series = list.slice(0, 200).map(({ uid, description, modality, slices, dims: d }) =>
            ({ uid, description: String(description).slice(0, 120), modality, slices, dims: d }));
          ptr = 0;
          const error = call('hp_volume_end', JSON.stringify({ name, series, shown: plan.series.uid }));
          ms.ended = performance.now() - t0;
          finish();
          if (error) return reject(new Error(error));
          if (files) shownFiles = files;
          firstHoldsShown = true;
          lastMs = ms;
          resolve({ series: list, shown: plan.series.uid, counts, syntax: plan.syntax, ms });
        }
      },
    };
    jobs.set(id, job);
  });
}

function countNotes(c) {
  const notes = [];
  if (c.zips) notes.push(`read from ${c.zips} zip file(s)`);
  if (c.skipped) notes.push(`${c.skipped} file(s) that are not DICOM skipped`);
  if (c.noImage) notes.push(`${c.noImage} DICOM file(s) without an image skipped`);
  return notes;
}
function withCounts(error, c) {
  if (!c || !c.files) return error;
  const skipped = [c.skipped && `${c.skipped} not DICOM`, c.noImage && `${c.noImage} DICOM without an image`].filter(Boolean);
  return `${error} (${c.files} file(s) read${skipped.length ? `: ${skipped.join(', ')}` : ''})`;
}

