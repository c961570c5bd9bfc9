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
// Memory: the file is read into this heap in parts (never whole into JavaScript), then inflated
// and decoded here; the page's app gets the values only. A file past hpr_max_file() (2 GiB) is
// not read: its first MiB tells what it holds, for the message.
import createReader from './reader.js';

/** @type {import('./types/emscripten').EmscriptenModule} */
let mod = null;
const ready = createReader().then((m) => { mod = m; });
const PART = 16 << 20;        // bytes read from a Blob at a time
const VALUES = 4 << 20;       // values handed to the page at a time (16 MiB of float32)
const STORED_SIZE = { uint8: 1, int8: 1, uint16: 2, int16: 2, float32: 4 };  // bytes a stored value
const HEAD = 1 << 20;         // bytes of a file too large to read that its header is looked for in

const post = (message, transfer) => self.postMessage(message, transfer || []);
const call = (name, ret, types, args) => mod.ccall(name, ret, types, args);

self.onmessage = (e) => {
  const m = e.data;
  if (m.type !== 'read') return;
  read(m).catch((err) => post({ type: 'error', id: m.id, message: String((err && err.message) || err) }));
};

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
  if (size > call('hpr_max_file', 'number', [], [])) {
    const head = new Uint8Array(await file.slice(0, HEAD).arrayBuffer());
    const r = withBytes(head, head.length, (ptr) => JSON.parse(call('hpr_too_large', 'string',
      ['number', 'number', 'number', 'string'], [ptr, head.length, size, options])));
    return post({ type: 'refused', id, error: r.error, halved: null, heapMB: heapMB() });
  }
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
