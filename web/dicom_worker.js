// @ts-check
// The DICOM reader's worker: GDCM in a wasm program of its own (dicom.js, app/dicom/), started
// only when the page meets DICOM, so the page keeps drawing while a folder is read. The page runs
// several (web/dicom_open.js): the first reads the headers and plans; all of them decode.
//   page → {type: 'open', id, files: [{name, blob}]}: zips among the files are opened, every
//          file's header read (a file's first 256 KiB, all of it where the header runs on);
//          then as 'plan' below for the largest series.
//   page → {type: 'open', id, files, series}: the same, for the series `series` (a UID).
//   page → {type: 'plan', id, series}: another series of the files opened last.
//   page → {type: 'decode', id, jobs: [{z, name, blob}], dims, stored (the plan's)}: those slices.
//   page → {type: 'cancel', id}: stop decoding that one.
//   worker → {type: 'progress', id, task, done, total}; {type: 'plan', id, series: [...],
//          plan: {series, dims, spacing, toWorld, type, syntax, notes, files} | {error}, counts,
//          files: [{name, blob}] in slice order}; {type: 'slice', id, z, values: the plan's stored type
//          (Int16Array, …; Float32Array in data units)}
//          (values transferred); {type: 'decoded', id, heapMB (the worker's wasm heap)};
//          {type: 'error', id, message}.
// Memory: the files stay Blobs (a zip's entries too, inflated one at a time); the wasm heap holds
// one file and one slice at a time.
// scripts/run.sh serves the page before the DICOM reader is built: without dicom.js every job
// gets a message that says so (the page shows it, and keeps what it shows).
import { isZip, zipEntries } from './zip.js';

const missing = 'the DICOM reader (dicom.js) is not built yet: scripts/run.sh builds it after serving the page ' +
  '(a few minutes the first time; build/web/dicom-build.log); try again when it is there';

const headerBytes = 256 * 1024;
// The series' stored types (the plan's "stored": voxel_values.h) as typed arrays.
const STORED = { uint8: Uint8Array, int8: Int8Array, uint16: Uint16Array, int16: Int16Array, float32: Float32Array };
/** @type {import('./types/emscripten').EmscriptenModule} */
let mod = null;
const ready = import('./dicom.js').then(({ default: createDicom }) => createDicom(), () => { throw new Error(missing); })
  .then((m) => { mod = m; });
ready.catch(() => {});  // each job that awaits it says why
let files = [];         // the files opened last: [{name, blob}], zips' entries in place of the zips
let cancelledUpTo = 0;  // every job up to this id is cancelled (ids only grow)
let opening = 0;        // the open under way: an older one stops at its next step

const post = (message, transfer) => self.postMessage(message, transfer || []);
const call = (name, ret, types, args) => mod.ccall(name, ret, types, args);

self.onmessage = (e) => {
  const m = e.data;
  if (m.type === 'cancel') { cancelledUpTo = Math.max(cancelledUpTo, m.id); return; }
  if (m.type !== 'decode') opening = m.id;
  const job = m.type === 'open' ? open(m) : m.type === 'decode' ? decode(m) : plan(m.id, m.series || '', {});
  job.catch((err) => post({ type: 'error', id: m.id, message: String(err && err.message || err) }));
};

// Progress at most every 100 ms, and at the end.
function progressOf(id, task, total) {
  let shown = 0;
  return (done) => {
    const now = Date.now();
    if (done < total && now - shown < 100) return;
    shown = now;
    post({ type: 'progress', id, task, done, total });
  };
}

// An open stops when another open or plan came after it, or the page cancelled it.
const stale = (id) => id !== opening || id <= cancelledUpTo;

async function open({ id, files: given, series = '' }) {
  await ready;
  const list = [];
  const counts = { files: 0, skipped: 0, noImage: 0, zips: 0, notes: [], unread: 0 };
  for (const f of given) {
    if (await isZip(f.blob)) {
      counts.zips++;
      await zipEntries(f, counts, (n) => progressOf(id, 'opening the zip', n), list);
    } else list.push(f);
    if (stale(id)) return;
  }
  if (counts.unread) counts.notes.push(`${counts.unread} zip entr${counts.unread === 1 ? 'y' : 'ies'} compressed other than stored or deflated: skipped`);
  delete counts.unread;
  counts.files = list.length;
  files = list;
  call('hpd_reset', null, [], []);
  const progress = progressOf(id, 'reading DICOM headers', list.length);
  for (let i = 0; i < list.length; i++) {
    const blob = list[i].blob;
    const whole = blob.size <= headerBytes;
    const head = await bytes(blob, whole ? blob.size : headerBytes);
    if (stale(id)) return;
    let r = add(head, i, whole);
    if (r === 3) {
      const all = await bytes(blob, blob.size);
      if (stale(id)) return;
      r = add(all, i, true);
    }
    if (r === 1) counts.skipped++;
    else if (r === 2) counts.noImage++;
    progress(i + 1);
  }
  return plan(id, series, counts);
}

// One header into the reader's list: 0 an image, 1 not DICOM, 2 DICOM without an image, 3 read
// it again whole.
function add(b, index, whole) {
  const ptr = mod._malloc(Math.max(1, b.length));
  if (!ptr) throw new Error(`cannot allocate ${b.length} bytes in the DICOM reader's heap`);
  mod.HEAPU8.set(b, ptr);
  const r = call('hpd_add', 'number', ['number', 'number', 'number', 'number'], [ptr, b.length, index, whole ? 1 : 0]);
  mod._free(ptr);
  return r;
}

async function bytes(blob, n) {
  return new Uint8Array(await (n < blob.size ? blob.slice(0, n) : blob).arrayBuffer());
}

// The series `uid` ('' = the largest): its plan, with its files in slice order (Blobs: handles,
// not copies), for the page to hand out to its decoders.
async function plan(id, uid, counts) {
  await ready;
  const series = JSON.parse(call('hpd_series', 'string', [], []));
  const p = JSON.parse(call('hpd_plan', 'string', ['string'], [uid]));
  post({ type: 'plan', id, series, plan: p, counts, files: p.error ? [] : p.files.map((i) => files[i]) });
}

// Slices to decode ([{z, name, blob}], each file's own header read again), posted one by one;
// then {type: 'decoded', id, heapMB}.
async function decode({ id, jobs, dims: [x, y], stored }) {
  await ready;
  const Type = STORED[stored.type];
  const out = mod._malloc(4 * x * y);
  if (!out) throw new Error(`cannot allocate a ${x}×${y} slice in the DICOM reader's heap`);
  const ms = { read: 0, decode: 0 };  // this worker's time reading files and in the decoder
  try {
    for (const { z, name, blob } of jobs) {
      if (id <= cancelledUpTo) return;
      let t = performance.now();
      const b = await bytes(blob, blob.size);
      ms.read += performance.now() - t;
      t = performance.now();
      const ptr = mod._malloc(Math.max(1, b.length));
      if (!ptr) throw new Error(`cannot allocate ${b.length} bytes for ${name} in the DICOM reader's heap`);
      mod.HEAPU8.set(b, ptr);
      const error = call('hpd_decode_file', 'string', ['number', 'number', 'number', 'number', 'number', 'string', 'number', 'number'],
        [ptr, b.length, x, y, out, stored.type, stored.slope, stored.intercept]);
      mod._free(ptr);
      ms.decode += performance.now() - t;
      if (error) throw new Error(`${String(name).slice(0, 80)}: ${error}`);
      const values = new Type(mod.HEAPU8.slice(out >>> 0, (out >>> 0) + Type.BYTES_PER_ELEMENT * x * y).buffer);
      post({ type: 'slice', id, z, values }, [values.buffer]);
    }
  } finally {
    mod._free(out);
  }
  post({ type: 'decoded', id, heapMB: mod.HEAPU8.length / 1048576, ms });
}
