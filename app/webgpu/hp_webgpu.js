// The WebGPU calls the C++ backend makes (app/webgpu/gpu_device.h), linked with --js-library:
// the device, the objects, buffers, passes and reads; the compute pipelines and their bind groups
// are hp_webgpu_kernels.js and the 3D view's drawing hp_webgpu_surface.js, over the $HPGPU
// defined here.
// A thin layer over the browser's API: objects live in a table and C++ holds their indices
// (as typed handles: gpu_device.h). What WebGPU reports asynchronously (a pipeline it rejected,
// a failed read-back, an uncaptured error, the device lost) goes to Module.hpGpu.errors, the
// one queue of asynchronous device errors, taken one at a time by hpgpu_take_error.
// The device itself is requested by the page before the module starts (web/gpu_device.js), because
// that request is asynchronous: Module.hpGpu holds it, or the reason there is none.
var LibraryHpGpu = {
  $HPGPU: {
    // The table: an id is a slot (its low 16 bits) and the slot's generation (the bits above),
    // which a release advances, so an id released and its slot reused never names the new
    // object: C++ holding the old id (a bind group's buffers, compute_surface_view.cpp) sees
    // a different id, and get() of it gives null.
    objects: [null],
    kernels: { device: null, made: new Map() },  // hp_webgpu_kernels.js's, by label, layout and code
    generations: [0],
    free: [],
    encoder: null,
    pass: null,
    pendingReads: [],  // staging buffers to map once the frame is submitted
    reads: {},         // ticket → {state: 0 pending | 1 mapped | -1 failed, buffer, bytes}
    nextTicket: 1,
    staging: {},       // size → idle MAP_READ buffers, of stagingDevice
    stagingDevice: null,
    querySet: null,
    surface: null,     // the 3D view's canvas (hp_webgpu_surface.js): {device, context, depth}
    add: function (o) {
      const slot = HPGPU.free.length ? HPGPU.free.pop() : HPGPU.objects.length;
      if (slot > 0xffff) throw new Error('more than 65535 live WebGPU objects');
      HPGPU.objects[slot] = o;
      HPGPU.generations[slot] = ((HPGPU.generations[slot] || 0) % 0x7fff) + 1;  // 1 to 32767: ids stay positive int32
      return HPGPU.generations[slot] * 0x10000 + slot;
    },
    slot: function (id) {
      const slot = id & 0xffff;
      return id > 0 && HPGPU.objects[slot] && HPGPU.generations[slot] === Math.floor(id / 0x10000) ? slot : 0;
    },
    get: function (id) { return HPGPU.objects[HPGPU.slot(id)]; },
    // A compute pipeline's object, made at its first dispatch (hpgpu_pipeline).
    compiled: function (id) {
      const p = HPGPU.get(id);
      if (!p.pipeline) p.pipeline = p.make();
      return p.pipeline;
    },
    device: function () { return Module.hpGpu && !Module.hpGpu.lost ? Module.hpGpu.device : null; },
    takeStaging: function (bytes) {
      if (HPGPU.stagingDevice !== HPGPU.device()) {  // a new device (after a loss): the old pool is its old one's
        HPGPU.staging = {};
        HPGPU.stagingDevice = HPGPU.device();
      }
      const idle = HPGPU.staging[bytes];
      if (idle && idle.length) return idle.pop();
      return HPGPU.device().createBuffer({ size: bytes, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    },
    // Small staging buffers (counts, timestamps) are kept for reuse; large ones (display copies,
    // whose size follows the count) are destroyed, so the pool never holds much.
    giveStaging: function (buffer) {
      if (buffer.size > (1 << 20)) { buffer.destroy(); return; }
      buffer.unmap();
      (HPGPU.staging[buffer.size] = HPGPU.staging[buffer.size] || []).push(buffer);
    },
    // Resolves the page's waits for an answer (Module.hpGpu.answered, below): a read mapped or failed.
    waiting: [],
    answer: function () {
      const w = HPGPU.waiting;
      HPGPU.waiting = [];
      for (const resolve of w) resolve();
    },
    report: function (what, e) {
      const text = `WebGPU ${what}: ${e.message}`;
      console.error(text);
      if (Module.hpGpu) Module.hpGpu.errors.push(text);
    },
  },

  // The page's device (web/gpu_device.js): its serial, 1 for the first and one more for each
  // got after a loss (objects made on one are not the next one's); 0 while there is none. The
  // page reads nothing back itself: its read-backs are the app's tickets (hpgpu_read below,
  // app/demo/loop/readbacks.h).
  hpgpu_ready: function () { return HPGPU.device() ? Module.hpGpu.serial : 0; },

  // Why there is no device ('' when there is one), into a C buffer.
  hpgpu_reason: function (out, capacity) {
    stringToUTF8((Module.hpGpu && Module.hpGpu.reason) || 'WebGPU was not initialised by the page', out, capacity);
  },

  // The oldest asynchronous device error not yet taken, into a C buffer; 0 when there is none.
  hpgpu_take_error: function (out, capacity) {
    const errors = Module.hpGpu ? Module.hpGpu.errors : [];
    if (!errors.length) return 0;
    stringToUTF8(errors.shift(), out, capacity);
    return 1;
  },

  hpgpu_has_timestamps: function () { return HPGPU.device() && HPGPU.device().features.has('timestamp-query') ? 1 : 0; },

  // Subgroup operations: the device has the feature and the page has not turned them off
  // (Module.hpGpu.subgroupsOff, for the tests that compare both paths).
  hpgpu_has_subgroups: function () {
    return HPGPU.device() && HPGPU.device().features.has('subgroups') && !Module.hpGpu.subgroupsOff ? 1 : 0;
  },

  // 0: maxBufferSize, 1: maxStorageBufferBindingSize (of the device, as requested); 2: the
  // stream's keys a test holds it to (Module.hpGpu.streamKeys), 3: the surface buffers' first
  // vertices a test starts them at (Module.hpGpu.meshVertices), 4: the workgroups a grid's row
  // holds (Module.hpGpu.gridRow, below 4096); each read when a pipeline is made, 0: not set.
  hpgpu_limit: function (which) {
    if (which === 2) return Module.hpGpu.streamKeys || 0;
    if (which === 3) return Module.hpGpu.meshVertices || 0;
    if (which === 4) return Module.hpGpu.gridRow || 0;
    const l = HPGPU.device().limits;
    return which === 0 ? l.maxBufferSize : l.maxStorageBufferBindingSize;
  },

  // usage: bit 0 storage, 1 uniform, 2 indirect, 3 copy source, 4 copy destination,
  // 5 query resolve, 6 index.
  hpgpu_buffer: function (bytes, usage, label) {
    const u = ((usage & 1) ? GPUBufferUsage.STORAGE : 0) | ((usage & 2) ? GPUBufferUsage.UNIFORM : 0) |
      ((usage & 4) ? GPUBufferUsage.INDIRECT : 0) | ((usage & 8) ? GPUBufferUsage.COPY_SRC : 0) |
      ((usage & 16) ? GPUBufferUsage.COPY_DST : 0) | ((usage & 32) ? GPUBufferUsage.QUERY_RESOLVE : 0) |
      ((usage & 64) ? GPUBufferUsage.INDEX : 0);
    const device = HPGPU.device(), size = Math.max(16, Math.ceil(bytes / 4) * 4), name = UTF8ToString(label);
    // Out of memory is said later, by the device: the first such buffer is kept for
    // hpgpu_out_of_memory (the pipeline is then undone, a brick pool made smaller). The tests'
    // hook Module.hpGpu.noMemory = {label, bytes} says it of such buffers, as such a GPU would.
    device.pushErrorScope('out-of-memory');
    const b = device.createBuffer({ size, usage: u, label: name }), hook = Module.hpGpu && Module.hpGpu.noMemory;
    const refused = hook && name === hook.label && size >= hook.bytes;
    device.popErrorScope().then((e) => {
      if ((e || refused) && Module.hpGpu && !Module.hpGpu.outOfMemory) Module.hpGpu.outOfMemory = `${name} (${size < 1048576 ? `${Math.ceil(size / 1024)} KiB` : `${Math.round(size / 1048576)} MiB`})`;
    }, () => {});
    return HPGPU.add(b);
  },

  // The GPU had no memory for a buffer made since the last call: 1 and a sentence into a C
  // buffer, and the device's errors that follow from that buffer (the invalid buffer in each
  // bind group and pass) are dropped; 0 when all were made.
  hpgpu_out_of_memory: function (out, capacity) {
    const what = Module.hpGpu && Module.hpGpu.outOfMemory;
    if (!what) return 0;
    Module.hpGpu.outOfMemory = '';
    Module.hpGpu.errors = Module.hpGpu.errors.filter((e) => !/Invalid (Buffer|BindGroup|ComputePipeline|CommandBuffer)|previous error/.test(e));
    stringToUTF8(`the GPU has no memory for WebGPU's ${what} buffer`, out, capacity);
    return 1;
  },

  hpgpu_release: function (id) {
    const slot = HPGPU.slot(id);
    if (!slot) return;
    const o = HPGPU.objects[slot];
    if (o instanceof GPUBuffer || o instanceof GPUQuerySet) o.destroy();
    HPGPU.objects[slot] = null;
    HPGPU.free.push(slot);
  },

  hpgpu_write: function (buffer, offset, data, bytes) {
    HPGPU.device().queue.writeBuffer(HPGPU.get(buffer), offset, HEAPU8, data >>> 0, bytes);
  },

  // Timestamps: a query set of `count` entries (pairs, one per pass).
  hpgpu_timestamps: function (count) {
    if (HPGPU.querySet) HPGPU.querySet.destroy();
    HPGPU.querySet = HPGPU.device().createQuerySet({ type: 'timestamp', count });
  },

  // A query set of `count` timestamps of its own (the bricked surface's rounds: bricked_mesh.cpp),
  // an id in the table; 0 without timestamp-query.
  hpgpu_query_set: function (count) {
    const d = HPGPU.device();
    return d && d.features.has('timestamp-query') ? HPGPU.add(d.createQuerySet({ type: 'timestamp', count })) : 0;
  },

  // A compute pass writing query `begin` of `set` as it starts and query `end` as it ends (-1: not that one).
  hpgpu_pass_begin_in: function (set, begin, end) {
    const w = { querySet: HPGPU.get(set) };
    if (begin >= 0) w.beginningOfPassWriteIndex = begin;
    if (end >= 0) w.endOfPassWriteIndex = end;
    HPGPU.pass = HPGPU.encoder.beginComputePass(w.querySet && (begin >= 0 || end >= 0) ? { timestampWrites: w } : {});
  },

  // Its first `count` queries into `buffer` (8 bytes each, nanoseconds), in the current encoder.
  hpgpu_resolve_queries: function (set, count, buffer) {
    HPGPU.encoder.resolveQuerySet(HPGPU.get(set), 0, count, HPGPU.get(buffer), 0);
  },

  hpgpu_begin: function () { HPGPU.encoder = HPGPU.device().createCommandEncoder(); },

  // A compute pass; `timestamp` ≥ 0 writes queries 2·timestamp and 2·timestamp+1 around it.
  hpgpu_pass_begin: function (timestamp) {
    const d = {};
    if (timestamp >= 0 && HPGPU.querySet)
      d.timestampWrites = { querySet: HPGPU.querySet, beginningOfPassWriteIndex: 2 * timestamp,
        endOfPassWriteIndex: 2 * timestamp + 1 };
    HPGPU.pass = HPGPU.encoder.beginComputePass(d);
  },

  hpgpu_dispatch: function (pipeline, group, x, y) {
    HPGPU.pass.setPipeline(HPGPU.compiled(pipeline));
    HPGPU.pass.setBindGroup(0, HPGPU.get(group));
    HPGPU.pass.dispatchWorkgroups(x, y, 1);
  },

  hpgpu_dispatch_indirect: function (pipeline, group, buffer, offset) {
    HPGPU.pass.setPipeline(HPGPU.compiled(pipeline));
    HPGPU.pass.setBindGroup(0, HPGPU.get(group));
    HPGPU.pass.dispatchWorkgroupsIndirect(HPGPU.get(buffer), offset);
  },

  hpgpu_pass_end: function () { HPGPU.pass.end(); HPGPU.pass = null; },

  hpgpu_resolve_timestamps: function (count, buffer) {
    HPGPU.encoder.resolveQuerySet(HPGPU.querySet, 0, count, HPGPU.get(buffer), 0);
  },

  // Starts reading `bytes` of a buffer back, recorded in the current encoder: a ticket for
  // hpgpu_read_state / hpgpu_read_take. The mapping starts when the frame is submitted.
  hpgpu_read: function (buffer, offset, bytes) {
    const size = Math.max(16, Math.ceil(bytes / 16) * 16);
    const staging = HPGPU.takeStaging(size);
    HPGPU.encoder.copyBufferToBuffer(HPGPU.get(buffer), offset, staging, 0, Math.ceil(bytes / 4) * 4);
    const ticket = HPGPU.nextTicket++;
    HPGPU.reads[ticket] = { state: 0, buffer: staging, bytes };
    HPGPU.pendingReads.push(ticket);
    return ticket;
  },

  hpgpu_submit: function () {
    HPGPU.device().queue.submit([HPGPU.encoder.finish()]);
    HPGPU.encoder = null;
    for (const ticket of HPGPU.pendingReads) {
      const r = HPGPU.reads[ticket];
      r.buffer.mapAsync(GPUMapMode.READ).then(() => {
        r.state = 1;
        if (r.dropped) HPGPU.giveStaging(r.buffer);
        HPGPU.answer();
      }, (e) => { r.state = -1; r.buffer.destroy(); HPGPU.report('read back', e); HPGPU.answer(); });
    }
    HPGPU.pendingReads = [];
    // A promise for the next read to be answered, for a page that waits on frames in flight
    // (hp.runFrames): spinning on short tasks instead starves the browser's own WebGPU work,
    // and the answers then come ~10 ms apart whatever the GPU does.
    if (Module.hpGpu && !Module.hpGpu.answered)
      Module.hpGpu.answered = () => new Promise((resolve) => HPGPU.waiting.push(resolve));
  },

  hpgpu_read_state: function (ticket) { const r = HPGPU.reads[ticket]; return r ? r.state : -1; },

  // Copies a mapped read into C memory and ends it (a pending one is dropped once it maps).
  hpgpu_read_take: function (ticket, out, capacity) {
    const r = HPGPU.reads[ticket];
    if (!r) return 0;
    delete HPGPU.reads[ticket];
    if (r.state !== 1) {
      r.dropped = true;  // pending: back to the pool once it maps
      return 0;
    }
    const n = Math.min(capacity, r.bytes);
    if (out && n) HEAPU8.set(new Uint8Array(r.buffer.getMappedRange(), 0, n), out >>> 0);
    HPGPU.giveStaging(r.buffer);
    return n;
  },
};

// Every function here uses $HPGPU (as library_webgl.js's use $GL).
autoAddDeps(LibraryHpGpu, '$HPGPU');
mergeInto(LibraryManager.library, LibraryHpGpu);
