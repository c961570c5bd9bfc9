// @ts-check
// The volume files' reader worker: the core readers (NIfTI, NRRD, MetaImage, VTK, raw; gzip and
// zlib inflated) in a wasm program of their own (reader.js, app/reader/), so that the page draws
// on while a file is read. One file at a time; the page stops a load it no longer wants by
// terminating the worker, which may be deep in a decode (web/volume_open.js).
//   page → {type: 'read', id, file: a Blob or a Uint8Array, options: the load's options as JSON}
//   worker → {type: 'progress', id, task, done, total} (at most every 100 ms, and at the end);
//            {type: 'refused', id, error, halved, heapMB}: the reader's message (its header's
//            or its data's, as load_volume gives them), `halved` the dims it opens at
//            downsampled by 2 where that is worth offering (else null); or, read,
//            {type: 'decoded', id, dims, halved, meta (volume_meta.h: how the values are
//            stored too)} (the app checks the size against the modes in use and allocates the
//            volume in its stored type), {type: 'values', id, at, size, bytes: Uint8Array}
//            (transferred: the stored values from value `at`, `size` bytes each), and
//            {type: 'done', id, meta, heapMB (this heap, in MiB)};
//            {type: 'error', id, message} where the reader failed.
//   page → {type: 'took', id}: the page has taken one 'values' message (at most AHEAD are on
//            their way at a time, so a busy page never holds more than that many parts).
// A file whose values are uncompressed binary at full size streams (volume_stream.h): its first
// MiB gives the plan ('decoded' then comes with `streamed: true`), then each part of the file is
// read, decoded and handed over in turn, the next parts read while one is decoded: this heap holds
// two parts, never the file. Any other file (compressed, ASCII, `downsample: 2`) is read into
// this heap in parts (never whole into JavaScript), then inflated and decoded here; the page's
// app gets the values only. Such a file past hpr_max_file() (2 GiB) is not read: its first MiB
// tells what it holds, for the message.
import createReader from './reader.js';

/** @type {import('./types/emscripten').EmscriptenModule} */
let mod = null;
const ready = createReader().then((m) => { mod = m; });
const PART = 16 << 20;        // bytes read from a Blob at a time
const VALUES = 4 << 20;       // values handed to the page at a time (16 MiB of float32)
const STORED_SIZE = { uint8: 1, int8: 1, uint16: 2, int16: 2, float32: 4 };  // bytes a stored value
const HEAD = 1 << 20;         // bytes of a file that its header is looked for in
const AHEAD = 4;              // 'values' messages on their way to the page at most
const READS = 2;              // parts of a streamed file being read at a time

const post = (message, transfer) => self.postMessage(message, transfer || []);
const call = (name, ret, types, args) => mod.ccall(name, ret, types, args);

let onWay = 0, wake = null;  // 'values' messages the page has not taken yet; a stream waiting for it

self.onmessage = (e) => {
  const m = e.data;
  if (m.type === 'took') {
    onWay = Math.max(0, onWay - 1);
    if (wake) wake();
    return;
  }
  if (m.type !== 'read') return;
  onWay = 0;
  read(m).catch((err) => post({ type: 'error', id: m.id, message: String((err && err.message) || err) }));
};

// Bytes [from, to) of the file: a Blob's read, a Uint8Array's view.
/** @param {Blob | Uint8Array} file @param {number} from @param {number} to @returns {Promise<Uint8Array>} */
const bytesOf = async (file, from, to) =>
  file instanceof Uint8Array ? file.subarray(from, to) : new Uint8Array(await file.slice(from, to).arrayBuffer());

// Values handed to the page, transferred, once fewer than AHEAD are on their way.
async function hand(message) {
  while (onWay >= AHEAD) await new Promise((resolve) => { wake = resolve; });
  wake = null;
  ++onWay;
  post(message, [message.bytes.buffer]);
}

// The file's values decoded a part at a time as it is read (the plan: hpr_plan's answer).
async function stream(id, file, size, plan, progress) {
  const { offset, count, fileSize, keptSize } = plan.stream;
  post({ type: 'decoded', id, dims: plan.dims, halved: plan.halved, meta: plan.meta, streamed: true });
  const per = Math.max(1, Math.floor(PART / fileSize));  // values a part
  const raw = mod._malloc(per * fileSize) >>> 0, out = mod._malloc(per * keptSize) >>> 0;
  if (!raw || !out) throw new Error(`cannot allocate ${per * (fileSize + keptSize)} bytes for a part in the reader's memory`);
  const partOf = (i) => bytesOf(file, offset + i * fileSize, offset + Math.min(count, i + per) * fileSize);
  try {
    const reads = [];  // READS parts asked for ahead, read while one is decoded and handed over
    for (let k = 0; k < READS; ++k) if (k * per < count) reads.push(partOf(k * per));
    for (let i = 0; i < count; i += per) {
      const n = Math.min(per, count - i);
      const bytes = await reads.shift();
      if (i + READS * per < count) reads.push(partOf(i + READS * per));
      mod.HEAPU8.set(bytes, raw);
      call('hpr_decode_part', null, ['number', 'number', 'number'], [raw, n, out]);
      await hand({ type: 'values', id, at: i, size: keptSize, bytes: mod.HEAPU8.slice(out, out + n * keptSize) });
      progress('reading the file', offset + (i + n) * fileSize, size);
    }
  } finally {
    mod._free(raw);
    mod._free(out);
  }
  post({ type: 'done', id, meta: plan.meta, heapMB: heapMB() });
}

async function read({ id, file, options }) {
  await ready;
  let shown = 0;
  const progress = (task, done, total) => {
    const now = Date.now();
    if (done < total && now - shown < 100) return;
    shown = now;
    post({ type: 'progress', id, task, done, total });
  };
  mod.hpProgress = progress;
  const size = file instanceof Uint8Array ? file.length : file.size;
  const head = await bytesOf(file, 0, Math.min(size, HEAD));
  const plan = withBytes(head, head.length, (ptr) => JSON.parse(call('hpr_plan', 'string',
    ['number', 'number', 'number', 'string'], [ptr, head.length, size, options])));
  if (plan.stream) return stream(id, file, size, plan, progress);
  // Read whole from here (downsampling reads it whole too: no halving is offered past the cap).
  if (size > call('hpr_max_file', 'number', [], [])) {
    const r = withBytes(head, head.length, (ptr) => JSON.parse(call('hpr_too_large', 'string',
      ['number', 'number', 'number', 'string'], [ptr, head.length, size, options])));
    return post({ type: 'refused', id, error: r.error, halved: null, heapMB: heapMB() });
  }
  if (plan.error) return post({ type: 'refused', id, error: plan.error, halved: plan.halved, heapMB: heapMB() });
  const ptr = mod._malloc(Math.max(1, size)) >>> 0;
  if (!ptr) throw new Error(`cannot allocate ${size} bytes for the file in the reader's memory`);
  let meta;
  try {
    if (file instanceof Uint8Array) mod.HEAPU8.set(file, ptr);
    else {
      for (let at = 0; at < size; at += PART) {
        const part = new Uint8Array(await file.slice(at, Math.min(size, at + PART)).arrayBuffer());
        mod.HEAPU8.set(part, ptr + at);
        progress('reading the file', at + part.length, size);
      }
    }
    const header = JSON.parse(call('hpr_header', 'string', ['number', 'number', 'string'], [ptr, size, options]));
    if (header.error) return post({ type: 'refused', id, error: header.error, halved: header.halved, heapMB: heapMB() });
    const error = call('hpr_read', 'string', ['number', 'number'], [ptr, size]);
    // A file its header let through but whose data the reader refuses: no halving lifts that.
    if (error) return post({ type: 'refused', id, error, halved: null, heapMB: heapMB() });
    meta = call('hpr_meta', 'string', [], []);
    post({ type: 'decoded', id, dims: header.dims, halved: header.halved, meta });
  } finally {
    mod._free(ptr);
  }
  const { dims: [X, Y, Z], stored } = JSON.parse(meta);  // the description (volume_meta.h) is JSON
  const each = STORED_SIZE[stored.type];
  const count = X * Y * Z, at = call('hpr_values', 'number', [], []) >>> 0;
  for (let i = 0; i < count; i += VALUES) {
    const bytes = mod.HEAPU8.slice(at + i * each, at + Math.min(count, i + VALUES) * each);
    post({ type: 'values', id, at: i, size: each, bytes }, [bytes.buffer]);
  }
  call('hpr_clear', null, [], []);
  post({ type: 'done', id, meta, heapMB: heapMB() });
}

const heapMB = () => mod.HEAPU8.length / 1048576;

// `bytes` in this heap for the time of fn(pointer).
function withBytes(bytes, n, fn) {
  const ptr = mod._malloc(Math.max(1, n)) >>> 0;
  if (!ptr) throw new Error(`cannot allocate ${n} bytes in the reader's memory`);
  try {
    mod.HEAPU8.set(bytes, ptr);
    return fn(ptr);
  } finally {
    mod._free(ptr);
  }
}
