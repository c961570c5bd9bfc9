// The page side of the demo: the Emscripten Module (canvas, status, messages), and
// window.hp, the documented API that tests and other tools drive the demo with (docs/api.md).
// Nothing from the URL or a file ever reaches the page as HTML: messages use textContent.
'use strict';
(function () {
  const $ = (id) => document.getElementById(id);
  const url = new URLSearchParams(location.search);
  // The page's own keys: a PNG atlas (png) or a volume file (load) to fetch, the benchmark. The
  // rest go to the app: its settings, and the options of a load (its table, hp_load_options).
  const pageKeys = new Set(['png', 'bench', 'load']);
  const PHANTOM = { name: 'phantom', label: 'Phantom (synthetic, 64³ PNG)', file: 'assets/head-phantom-64.png', tile: 64 };
  // The samples setup could fetch (samples/samples.json, scripts/make-samples.py), then the phantom.
  const samples = fetch('samples/samples.json').then((r) => (r.ok ? r.json() : [])).catch(() => [])
    .then((list) => [...(Array.isArray(list) ? list : []), PHANTOM]);

  function showMessage(text, fatal) {
    const el = $('message');
    el.textContent = text || '';
    el.hidden = !text;
    el.className = fatal ? 'fatal' : '';
  }
  // A problem met here, not in the app (a fetch that failed): on the page, in the overlay and
  // in hp.stats().message, as the app's own are; returns the Error to throw.
  function report(text) {
    showMessage(text, false);
    if (Module.calledRun) call('hp_set_message', null, ['string'], [text]);
    return new Error(text);
  }

  // name=value lines for the app (its settings table and parser are in app/core/settings/settings.cpp). A control
  // character would end a line early and start another setting: rejected, naming the setting.
  function settingsText(entries) {
    const bad = entries.find(([k, v]) => /[\x00-\x1f\x7f]/.test(k + v));
    if (bad) throw new Error(`${bad[0].replace(/[\x00-\x1f\x7f]/g, '?').slice(0, 40)}: a setting with a control character is not accepted`);
    return entries.map(([k, v]) => `${k}=${v}`).join('\n');
  }
  // The URL's settings; with png= or load= they wait for the load (source=png needs it), below.
  const urlSettings = [...url].filter(([k]) => !pageKeys.has(k));
  let urlText = '', urlError = '';
  try { urlText = settingsText(urlSettings); } catch (e) { urlError = `Ignored the page's URL settings: ${e.message}`; }

  let resolveReady, rejectReady, lastFrame = 0;
  const ready = new Promise((res, rej) => { resolveReady = res; rejectReady = rej; });
  ready.catch(() => {});  // a page that never asks still shows the message
  let waiters = [];

  const Module = {
    canvas: $('canvas'),
    arguments: [url.has('png') || url.has('load') ? '' : urlText],
    print: (t) => console.log(t),
    printErr: (t) => console.warn(t),
    setStatus: (t) => { $('status').textContent = t ? 'Loading the demo… ' + t : ''; },
    onAbort: (what) => showMessage('The demo stopped: ' + what, true),
    hpShowMessage: (t) => showMessage(t, false),
    hpFail: (t) => { $('status').textContent = ''; showMessage(t, true); rejectReady(new Error(t)); },
    hpOpenFileDialog: () => $('file').click(),
    hpOpenFolderDialog: () => $('folder').click(),
    hpOpenSeries: (uid) => hp.openSeries(uid).catch(() => {}),  // reported there
    hpSaveMesh: (type = 'ply') => hp.saveMesh(`surface.${type}`, { type })
      .catch((e) => showMessage(`cannot save the mesh: ${e.message}`, false)),
    hpLoadSample: (name) => hp.loadSample(name).catch(() => {}),  // reported there
    hpFrameDone: (frame) => {
      lastFrame = frame;
      if (frame === 1) { $('status').textContent = ''; resolveReady(); }
      const due = waiters.filter((w) => w.frame <= frame);
      waiters = waiters.filter((w) => w.frame > frame);
      due.forEach((w) => w.resolve(frame));
    },
  };
  window.Module = Module;

  // The GPU losses the page met (hp.stats().losses), and WebGPU for the webgpu-* modes, asked
  // for before the module starts (web/gpu_device.js); then the module.
  const losses = window.hpGpuDevice.watch($('canvas'));
  window.hpGpuDevice.request(Module).finally(() => {
    const script = document.createElement('script');
    script.src = 'app.js';
    document.body.appendChild(script);
  });

  // Every call may change what the next frame shows: a paused page that sleeps wakes for it.
  const call = (name, ret, types, args) => { Module._hp_wake(0); return Module.ccall(name, ret, types, args); };
  // A PNG by its signature: a slice atlas, whatever the file's name.
  const isPng = (b) => b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;

  // A PNG atlas (its options' "key=value" lines) through the wasm heap to the app; its refusal shown and thrown.
  function loadPng(bytes, text) {
    let ptr;
    try { ptr = alloc(Math.max(1, bytes.length), 'the PNG file'); } catch (e) { throw report(e.message); }
    Module.HEAPU8.set(bytes, ptr);
    const error = call('hp_load_atlas', 'string', ['number', 'number', 'string'], [ptr, bytes.length, text]);
    Module._free(ptr);
    if (error) { showMessage(error, false); throw new Error(error); }
    showMessage('', false);
  }

  // A file's bytes from a URL (fetched with its progress on the page) or given as bytes.
  async function bytesOf(urlOrBytes, api, what) {
    if (urlOrBytes instanceof Uint8Array) return urlOrBytes;
    if (urlOrBytes instanceof ArrayBuffer) return new Uint8Array(urlOrBytes);
    if (typeof urlOrBytes !== 'string') throw new Error(`${api} takes a URL, an ArrayBuffer or a Uint8Array`);
    const where = `cannot fetch ${urlOrBytes.slice(0, 80)}`;
    let response;
    try { response = await fetch(urlOrBytes); } catch (e) { throw report(`${where}: ${e.message}`); }
    if (!response.ok) throw report(`${where}: HTTP ${response.status}`);
    const total = Number(response.headers.get('content-length')) || 0;
    try {
      if (!response.body || total < (1 << 20)) return new Uint8Array(await response.arrayBuffer());
      const reader = response.body.getReader(), parts = [];
      let got = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        got += value.length;
        $('status').textContent = `Loading ${String(what).slice(0, 60)}: ${Math.min(100, Math.round(100 * got / total))}% of ${(total / 1048576).toFixed(1)} MB`;
      }
      const bytes = new Uint8Array(got);
      let at = 0;
      for (const p of parts) { bytes.set(p, at); at += p.length; }
      return bytes;
    } catch (e) {
      throw report(`${where}: ${e.message}`);
    } finally {
      $('status').textContent = '';
    }
  }
  // _malloc gives 0 when the heap cannot grow: writing there would overwrite the heap's bottom.
  function alloc(bytes, what) {
    const ptr = Module._malloc(bytes) >>> 0;  // unsigned: the heap may pass 2 GiB
    if (!ptr) throw new Error(`cannot allocate ${bytes} bytes for ${what} in the wasm heap`);
    return ptr;
  }

  function frames(n = 1) {
    const frame = lastFrame + Math.max(1, n | 0);
    if (Module._hp_wake) Module._hp_wake(frame);  // a paused page sleeps until asked
    return new Promise((resolve) => waiters.push({ frame, resolve }));
  }

  // Resolves after a completed frame ran with every setting requested so far (a WebGPU frame
  // in sync readback completes when its count arrives, frames after it was issued).
  async function settled() {
    const want = call('hp_requested_serial', 'number', [], []);
    do await frames(1); while (JSON.parse(call('hp_stats', 'string', [], [])).serial < want);
  }

  // The parts of a read-back (app/demo/page/web_reads.cpp), by number and the heap they are in.
  const parts = { entries: [0, 'HEAPF32'], positions: [1, 'HEAPF32'], normals: [2, 'HEAPF32'], edges: [3, 'HEAPF64'],
    indices: [4, 'HEAPU32'], bytes: [5, 'HEAPU8'], labels: [6, 'HEAPF32'], otherLabels: [7, 'HEAPF32'] };
  const kinds = { stream: 0, reference: 1, mesh: 2, referenceMesh: 3, meshFile: 4, meshReport: 5 };
  // A read-back of the app's, the same in every mode: asked for, polled until it completes (a
  // WebGPU read when its copy maps, with or without frames; a mesh read after a frame that ran
  // the surface stages: each frame or every few ms, whichever comes first), then
  // take(part, number) copies out what it needs before the read is ended.
  async function readBack(kind, { limit, type = 0, closed } = {}, take) {
    await ready;
    const id = call('hp_read', 'number', ['number', 'number', 'number', 'number'], [kinds[kind], limitOf(limit), type, closed === undefined ? -1 : closed ? 1 : 0]);
    const from = lastFrame, t0 = performance.now();
    try {
      while (lastFrame - from < 600 && performance.now() - t0 < 120000) {
        const state = call('hp_read_poll', 'number', ['number'], [id]);
        if (state < 0) throw new Error(call('hp_read_error', 'string', ['number'], [id]));
        if (state > 0) {
          return take((name) => {
            const [part, heap] = parts[name], n = call('hp_read_size', 'number', ['number', 'number'], [id, part]);
            const at = call('hp_read_at', 'number', ['number', 'number'], [id, part]) >>> 0, size = Module[heap].BYTES_PER_ELEMENT;
            return Module[heap].slice(at / size, at / size + n);
          }, (which) => call('hp_read_number', 'number', ['number', 'number'], [id, which]));
        }
        await Promise.race([frames(1), new Promise((r) => setTimeout(r, 4))]);
      }
      throw new Error(`the ${kind} read-back did not complete in 600 frames or 2 minutes`);
    } finally {
      call('hp_read_end', null, ['number'], [id]);
    }
  }
  // Stream entries [x, y, z, w] of a read-back's floats.
  function entriesOf(f) {
    const out = new Array(f.length / 4);
    for (let i = 0; i < out.length; i++) out[i] = [f[4 * i], f[4 * i + 1], f[4 * i + 2], f[4 * i + 3]];
    return out;
  }

  const limitOf = (limit) => (limit === undefined ? 0xffffffff : Math.max(0, Math.min(0xffffffff, Math.floor(Number(limit)) || 0)));

  // hp.runFrames's work (below): one run at a time, chained through `running`.
  let running = Promise.resolve();
  async function saturate(n, { ms = 0, draw = false, mesh = false, inFlight = 16, chunk = 4, between = null } = {}) {
    await ready;
    const task = () => new Promise((r) => { const c = new MessageChannel(); c.port1.onmessage = () => r(); c.port2.postMessage(0); });
    const webgpu = hp.stats().backend === 'webgpu';
    call('hp_main_loop', null, ['number'], [0]);
    try {
      const startMs = Date.now(), t0 = performance.now();
      let frames = 0, progress = t0;
      // Where the wall time goes: issuing (the frames' C++ and the WebGPU/WebGL calls), and the
      // chunks that issued nothing because `inFlight` frames were still unanswered.
      const loop = { issueMs: 0, chunks: 0, blocked: 0 };
      while (ms > 0 ? performance.now() - t0 < ms : frames < n) {
        // A GPU that stops answering (a lost device) leaves every frame busy: say so, not hang.
        if (performance.now() - progress > 10000) throw new Error(`no frame could be issued for 10 s (${frames} of ${n || 'the warm-up'}): the GPU is not answering`);
        const before = performance.now();
        const issued = call('hp_run_frames', 'number', ['number', 'number', 'number', 'number'],
          [ms > 0 ? chunk : Math.min(chunk, n - frames), draw ? 1 : 0, mesh ? 1 : 0, inFlight]);
        loop.issueMs += performance.now() - before;
        loop.chunks++;
        if (issued === 0) loop.blocked++;
        frames += issued;
        if (issued > 0) progress = performance.now();
        if (between && issued > 0) between();  // once a chunk of frames: never while waiting
        // Every frame in flight: wait for a WebGPU answer (or 50 ms), not in a loop of short
        // tasks, which starves Chromium's WebGPU work (the answers then come ~10 ms apart and the
        // GPU idles). WebGL2's answers (fences) need no such wait.
        if (issued === 0 && webgpu && Module.hpGpu.answered)
          await Promise.race([Module.hpGpu.answered(), new Promise((r) => setTimeout(r, 50))]);
        else await task();
      }
      call('hp_finish', null, [], []);
      if (webgpu && Module.hpGpu.device) await Module.hpGpu.device.queue.onSubmittedWorkDone();
      const wallMs = performance.now() - t0, endMs = Date.now();
      for (let i = 0; i < 20; i++) {  // the last frames' times and counts
        call('hp_collect', null, [], []);
        await new Promise((r) => setTimeout(r, 5));
      }
      loop.issueMsPerFrame = loop.issueMs / Math.max(1, frames);
      return { frames, wallMs, perFrameMs: wallMs / Math.max(1, frames), startMs, endMs, loop };
    } finally {
      call('hp_run_frames', 'number', ['number', 'number', 'number', 'number'], [0, 0, 0, 0]);  // the usual bound
      call('hp_main_loop', null, ['number'], [1]);
    }
  }

  let explaining = Promise.resolve();  // hp.explain's walks, one after another
  const hp = {
    ready,
    // Any subset of the settings (docs/api.md). Rejects naming the bad key or value, changing nothing.
    async set(state) {
      await ready;
      if (state === null || typeof state !== 'object') throw new Error('hp.set takes an object of settings');
      const list = Object.entries(state).map(([k, v]) => {
        if (v !== null && typeof v === 'object') throw new Error(`${k}: a value must be a string, number or boolean`);
        return [k, String(v)];
      });
      const error = call('hp_request', 'string', ['string'], [settingsText(list)]);
      if (error) throw new Error(error);
      await settled();
    },
    frames,
    stats() {
      const s = JSON.parse(call('hp_stats', 'string', [], []));
      s.heapBytes = Module.HEAPU8.length;
      s.losses = { ...losses };
      s.dicomMs = lastDicomMs;  // the last DICOM load's steps (web/dicom_open.js), null before one
      return s;
    },
    // Restarts the per-pass timing window (stats().ms gives medians since then).
    resetTimings() { call('hp_reset_timings', null, [], []); },
    // The stream as the GPU wrote it: min(limit, count) entries [x, y, z, w] (a Promise).
    stream: (limit) => readBack('stream', { limit }, (part) => entriesOf(part('entries'))),
    // The CPU reference computed from the atlas the GPU used (a Promise).
    reference: (limit) => readBack('reference', { limit }, (part) => entriesOf(part('entries'))),
    // The surface the GPU extracted: {vertices: the true total, positions, normals: Float32Arrays
    // of 3·min(limit, vertices) numbers, edges: each vertex's edge id, indices: a Uint32Array
    // of min(limit, vertices) numbers, sharedVertices}, volume units, cells in stream order
    // (a Promise). The soup either way; `indices` and `sharedVertices` are the GPU's own with
    // vertices=shared (the soup is its vertex list at them), else the edges welded in the
    // order they first appear. classify=labels: labels (a vertex's), otherLabels (a triangle's other side).
    mesh: (options = {}) => readBack('mesh', options, (part, number) => ({ vertices: number(0), positions: part('positions'),
      normals: part('normals'), edges: part('edges'), indices: part('indices'), sharedVertices: number(1),
      labels: part('labels'), otherLabels: part('otherLabels') })),
    // The CPU reference's mesh for the atlas the GPU used, in hp.mesh's form (a Promise).
    referenceMesh: (options = {}) => readBack('referenceMesh', options, (part, number) =>
      ({ vertices: number(0), positions: part('positions'), normals: part('normals'), labels: part('labels'), otherLabels: part('otherLabels') })),
    // The current frame's processed mesh as a file (a Promise of its bytes): {type: 'ply' | 'stl'
    // | 'glb' | 'obj', closed: capped where the volume's faces cut it (default: the `closed`
    // setting)}. The settings' steps applied (pieces, smooth, decimate; zero-area triangles always
    // merged away); PLY, glb and OBJ welded (a vertex per crossing edge; with vertices=shared the
    // GPU's own); world coordinates (mm; glb in metres).
    async exportMesh({ type = 'ply', closed } = {}) {
      const kind = ['ply', 'stl', 'glb', 'obj'].indexOf(type);
      if (kind < 0) throw new Error(`type '${String(type).slice(0, 20)}' is not one of: ply, stl, glb, obj`);
      return readBack('meshFile', { type: kind, closed }, (part) => part('bytes'));
    },
    // The processed mesh's report (a Promise): {triangles, vertices, pieces, boundaryEdges,
    // nonManifoldEdges, zeroAreaTriangles, volumeMm3, areaMm2, closed, steps, zeroAreaMerged,
    // piecesBefore, piecesKept, decimatedFrom, decimateErrorMm, verticesSplit, ms}.
    meshReport: ({ closed } = {}) => readBack('meshReport', { closed },
      (part) => JSON.parse(new TextDecoder().decode(part('bytes')))),
    // Saves exportMesh()'s file through the browser's download.
    async saveMesh(name = 'surface.ply', options = {}) {
      const type = options.type ?? (name.split('.').pop().toLowerCase());
      const bytes = await hp.exportMesh({ ...options, type });
      const a = document.createElement('a');
      a.href = URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }));
      a.download = name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
      return bytes.length;
    },
    // A WebGPU scan on `values` (a Uint32Array), as webgpu-scan runs it: {scan: 'blocks' |
    // 'rts' | 'single' (default blocks), fallback: true makes the single pass's look-back give
    // up at once, 'aggregates' withholds every inclusive post but the first tile's so that each
    // look-back walks over aggregates to tile 0}. Resolves to {scan: its exclusive scan, total}.
    // For the scans' own tests.
    async webgpuScan(values, { scan = 'blocks', fallback = false } = {}) {
      await ready;
      const kind = ['blocks', 'rts', 'single'].indexOf(scan);
      if (kind < 0) throw new Error(`scan '${scan}' is not one of: blocks, rts, single`);
      const n = values.length;
      const ptr = alloc(4 * (n + 1), 'the values to scan');
      Module.HEAPU8.set(new Uint8Array(values.buffer, values.byteOffset, 4 * n), ptr);
      const error = call('hp_scan_begin', 'string', ['number', 'number', 'number', 'number'], [ptr, n, kind, fallback === 'aggregates' ? 2 : fallback ? 1 : 0]);
      if (error) { Module._free(ptr); throw new Error(error); }
      let state = 0;
      while ((state = call('hp_scan_take', 'number', ['number'], [ptr])) === 0) await new Promise((r) => setTimeout(r, 5));
      const out = new Uint32Array(Module.HEAPU8.buffer.slice(ptr, ptr + 4 * (n + 1)));
      Module._free(ptr);
      if (state < 0) throw new Error('the WebGPU scan failed');
      return { scan: out.subarray(0, n), total: out[n] };
    },
    // A volume file (NIfTI, NRRD, MetaImage, VTK, raw) from a URL, bytes or a Blob, with options {name,
    // dims, type, spacing, endian, downsample} (docs/api.md). Resolves to what was opened
    // ({file, dims, spacing, type, range, presets, replaced, notes}); rejects with the loader's
    // message, the volume shown staying.
    // DICOM: an array of URLs or byte arrays (a folder's files), or a .zip of them, or one DICOM
    // file; resolves as above with file: 'dicom', series: [{uid, description, modality, slices,
    // dims}] (largest first), seriesShown, and files/skipped counts. options {series: a UID}.
    // A label map's table {table: URL or bytes} (MRIcron .nii.txt / .lut, ITK-SNAP's label
    // description) names and colours its labels once it is open (classify=labels); a sample with
    // a table and classify=labels opens in that mode.
    async loadVolume(urlOrBytes, allOptions = {}) {
      await ready;
      if (allOptions === null || typeof allOptions !== 'object') throw new Error('hp.loadVolume options must be an object');
      const { table, ...options } = allOptions;
      // The newest load wins: one that finished fetching after a later one began gives way.
      const mine = ++loadSerial;
      const newest = () => { if (mine !== loadSerial) throw new Error('another load came first'); };
      if (Array.isArray(urlOrBytes)) {
        const files = await Promise.all(urlOrBytes.map(async (u, i) => ({
          name: typeof u === 'string' ? u.split(/[?#]/)[0].split('/').pop() : `file ${i + 1}`,
          blob: new Blob([await bytesOf(u, 'hp.loadVolume', `file ${i + 1} of ${urlOrBytes.length}`)]) })));
        newest();
        return openDicom(files, options);
      }
      // The options as "key=value" lines, for the app's table of them (app/core/settings/load_options.cpp).
      const name = options.name ?? (typeof urlOrBytes === 'string' ? urlOrBytes.split(/[?#]/)[0].split('/').pop() : '');
      const lines = Object.entries({ ...options, name }).filter(([, v]) => v !== undefined && v !== null && v !== '')
        .map(([k, v]) => [k, String(v)]);
      // A sample opens at its own presets (the app decides the iso; its notice stays on the page
      // while it is shown).
      const sample = typeof urlOrBytes === 'string' ? (await samples).find((x) => x.file === urlOrBytes) : null;
      if (sample && Array.isArray(sample.presets) && sample.presets.length)
        lines.push(['presets', sample.presets.map((p) => `${String(p.name).replace(/[=;\x00-\x1f]/g, ' ')}=${Number(p.iso)}`).join(';')]);
      const text = settingsText(lines);
      window.hpVolume.warm();  // the reader worker starts while the bytes come (a Blob is never read whole here)
      const file = urlOrBytes instanceof Blob ? urlOrBytes : await bytesOf(urlOrBytes, 'hp.loadVolume', name || 'the volume');
      const head = file instanceof Blob ? new Uint8Array(await file.slice(0, 1 << 16).arrayBuffer()) : file;
      newest();
      const dicom = () => [{ name: name || 'the file', blob: file instanceof Blob ? file : new Blob([file]) }];
      if (!options.png && window.hpDicom.looksLike(head)) return openDicom(dicom(), options);
      // A DICOM file without its mark, by its parse; what the DICOM reader calls not DICOM goes on.
      if (!options.png && window.hpDicom.unmarked(head)) {
        const got = await openDicom(dicom(), options, { quiet: true }).catch((e) => e);
        if (!(got instanceof Error)) return got;
        if (!got.notDicom) throw report(got.message);
      }
      window.hpDicom.cancel();  // a DICOM or file load under way would replace this one when it ends
      window.hpVolume.cancel();
      // A volume file is read in the reader worker (web/volume_open.js), which shows its refusal.
      if (!options.png && !isPng(head)) await window.hpVolume.load(file, text);
      else loadPng(file instanceof Blob ? new Uint8Array(await file.arrayBuffer()) : file, text);
      $('attribution').textContent = sample ? sample.attribution || '' : '';
      $('attribution').hidden = !(sample && sample.attribution);
      // The table: the volume is open whatever becomes of it (a bad table is said, on the page
      // and as tableError, and the labels keep their names).
      const tableOf = table ?? (sample && sample.table);
      let tableError;
      if (tableOf) {
        newest();
        const tableName = typeof tableOf === 'string' ? tableOf.split(/[?#]/)[0].split('/').pop() : String(allOptions.tableName || 'the table');
        await hp.loadLabelTable(tableOf, { name: tableName }).catch((e) => { tableError = e.message; });
      }
      if (sample && sample.classify) await hp.set({ classify: sample.classify }).catch(() => {});
      await settled();
      const info = JSON.parse(call('hp_volume_info', 'string', [], []));
      return tableError ? { ...info, tableError } : info;
    },
    // A label table for the volume shown (URL or bytes; {name}: the file's, which tells a binary
    // .lut): its names and colours become the labels'. Rejects with why, the labels keeping theirs.
    async loadLabelTable(urlOrBytes, { name } = {}) {
      await ready;
      const bytes = await bytesOf(urlOrBytes, 'hp.loadLabelTable', name || 'the table');
      const ptr = alloc(Math.max(bytes.length, 1), 'the label table');
      Module.HEAPU8.set(bytes, ptr);
      const error = call('hp_label_table', 'string', ['number', 'number', 'string'], [ptr, bytes.length, String(name || '')]);
      Module._free(ptr);
      if (error) throw new Error(error);
    },
    // The label map's labels (classify=labels; a Promise): [{value, name, color, voxels, shown,
    // triangles, vertices, pieces, boundaryEdges, nonManifoldEdges, zeroAreaTriangles, volumeMm3,
    // areaMm2}], the mesh's figures from the meshes the page makes on the CPU (hp.meshReport's
    // labels; {mesh: false} leaves them out and answers at once). Rejects where the volume shown
    // is no label map.
    async labels({ mesh = true } = {}) {
      await ready;
      await settled();
      const r = JSON.parse(call('hp_labels', 'string', [], []));
      if (r.error) throw new Error(r.error);
      if (!mesh || hp.stats().classify !== 'labels') return r.labels;
      const report = await hp.meshReport();
      return report.labels || r.labels;
    },
    // The label under (x, y), CSS pixels of the page, in the 3D view (what a click there names):
    // a Promise of {value, name, voxel: [x, y, z]}, or null where no shown label is under it.
    async labelAt(x, y) {
      await ready;
      if (!Number.isFinite(Number(x)) || !Number.isFinite(Number(y))) throw new Error('hp.labelAt takes CSS pixels (two numbers)');
      return JSON.parse(call('hp_label_at', 'string', ['number', 'number'], [Number(x), Number(y)]));
    },
    // Which labels the 3D view draws and the mesh files hold: an array of values (all: none given).
    async showLabels(values = []) {
      await ready;
      const list = Array.from(values, Number);
      if (list.some((v) => !Number.isFinite(v))) throw new Error('hp.showLabels takes label values (numbers)');
      const ptr = alloc(8 * Math.max(list.length, 1), 'the labels');
      Module.HEAPF64.set(list, ptr >> 3);
      call('hp_show_labels', null, ['number', 'number'], [ptr, list.length]);
      Module._free(ptr);
      await frames(1);
    },
    // Another series of the DICOM files opened last (a UID of hp.loadVolume's series), as it resolves.
    async openSeries(uid) {
      await ready;
      ++loadSerial;
      return openDicom(null, { series: String(uid) });
    },
    // The volume file shown last, as hp.loadVolume resolved it, with its values: a Float32Array
    // of X·Y·Z, x fastest, after scaling and replacement (a copy); null before one is loaded.
    async volume() {
      await ready;
      const info = JSON.parse(call('hp_volume_info', 'string', [], []));
      if (!info) return null;
      const at = call('hp_volume_values', 'number', [], []) >>> 2;
      return { ...info, values: Module.HEAPF32.slice(at, at + info.dims[0] * info.dims[1] * info.dims[2]) };
    },
    // How key `key` of the stream finds its element (a Promise): {key, count, voxel, base, case,
    // path: [{level, texel, sum, range: [lo, hi], children, child}, …]} from the 1×1 top to the
    // base, walked on the GPU's own pyramid; for webgpu-scan {…, scan: {tile, tileSize,
    // tileStart, offsetInTile}}. Rejects a key at or past the count, with the reason.
    explain(key) {
      const k = Number(key);
      if (!Number.isInteger(k) || k < 0 || k > 0xffffffff)
        return Promise.reject(new Error(`hp.explain takes a key, a whole number from 0 (not ${String(key).slice(0, 20)})`));
      // One walk at a time: the app holds one asked key.
      const walk = explaining.then(async () => {
        await ready;
        await settled();
        call('hp_explain_ask', null, ['number'], [k]);
        for (let i = 0; i < 120; i++) {
          await frames(1);
          const r = JSON.parse(call('hp_explained', 'string', [], []));
          if (r === 'pending') continue;
          if (!r || r.error) throw new Error(r ? r.error : 'no walk was asked for');
          return r;
        }
        throw new Error(`no frame walked key ${k} in 120 frames`);
      });
      explaining = walk.catch(() => {});
      return walk;
    },
    // The saturated regime of the benchmark: the page's frame loop paused, frames issued back
    // to back (`chunk` at a time, with a return to the event loop between chunks, where WebGL
    // makes timer results available and WebGPU's reads arrive), `n` of them or for `ms`
    // milliseconds, then one wait for the GPU (WebGL2: a blocking read; WebGPU: its queue);
    // the times that arrive after are taken in before the loop resumes. {draw: the views are
    // drawn each frame (the WebGL2 vertex route's mesh is made by its draw), mesh: the surface
    // stages run, inFlight: frames that may be on the GPU at once, between: called after each
    // chunk (the benchmark's heater)}. Resolves to {frames, wallMs, perFrameMs, startMs, endMs}
    // (Date.now() at the start and the end, for the GPU's clocks).
    runFrames(n, options = {}) {
      const run = running.then(() => saturate(n, options));  // one run at a time
      running = run.catch(() => {});
      return run;
    },
    // The samples there are ({name, label, file, presets, attribution}; the phantom always).
    samples: () => samples,
    // Loads a sample by name (the phantom: its PNG atlas); shows its attribution.
    async loadSample(name = 'phantom') {
      const s = (await samples).find((x) => x.name === name);
      if (!s) throw report(`no sample '${String(name).slice(0, 40)}' (there are: ${(await samples).map((x) => x.name).join(', ')})`);
      if (s.tile) return hp.loadAtlas(s.file, { tile: s.tile });
      return hp.loadVolume(s.file, s.downsample ? { downsample: s.downsample } : {});
    },
    // A PNG slice atlas from a URL or bytes; tile = the volume's N (the overlay's, 128 at
    // first, unless given).
    async loadAtlas(urlOrBytes, options = {}) {
      const name = typeof urlOrBytes === 'string' ? urlOrBytes.split(/[?#]/)[0].split('/').pop() : undefined;
      await hp.loadVolume(await bytesOf(urlOrBytes, 'hp.loadAtlas', 'the PNG'), { name, ...options, png: true });
    },
  };
  window.hp = hp;

  // DICOM files (or a zip of them) through the DICOM worker (web/dicom_open.js), files null for
  // another series of the last; the message shown where it fails.
  let lastDicomMs = null;  // the last DICOM load's times (hp.stats().dicomMs), for the benchmark
  let loadSerial = 0;      // counts hp.loadVolume's calls: the newest load wins
  async function openDicom(files, options, { quiet = false } = {}) {
    window.hpVolume.cancel();
    const name = options.name || (files && files.length === 1 ? files[0].name : files ? `${files.length} files` : 'DICOM');
    let got;
    try {
      got = await window.hpDicom.load(files, { series: options.series || '', name });
    } catch (e) {
      const message = `cannot open ${String(name).slice(0, 80)} as DICOM: ${e.message}`;
      throw Object.assign(quiet ? new Error(message) : report(message), { notDicom: e.notDicom });
    }
    showMessage('', false);
    $('attribution').hidden = true;
    await settled();
    const c = got.counts || {};
    lastDicomMs = got.ms;
    return { ...JSON.parse(call('hp_volume_info', 'string', [], [])), files: c.files, skipped: c.skipped, noImage: c.noImage };
  }

  // Opening files from the picker or by dropping them on the page: several files, a folder, a zip
  // or a DICOM file go to the DICOM reader; else a PNG (by its signature) is a slice atlas,
  // anything else a volume file.
  // A volume too large for the atlas is offered downsampled by 2, a button under the message.
  async function loadFiles(list, folders = 0) {
    if (!list.length) return;
    // A label map and its table (MRIcron .nii.txt / .lut, ITK-SNAP .txt / .label), dropped or
    // picked together: the volume, then the table.
    const isTable = (f) => /\.(txt|lut|label)$/i.test(f.name);
    const tables = folders ? [] : list.filter(isTable);
    if (tables.length && list.length - tables.length === 1) {
      const fileOf = (f) => f.blob || f;  // a drop's entries are {name, blob}; a picker's are Files
      const volume = list.find((f) => !isTable(f));
      if (!(await loadFile(fileOf(volume), volume.name))) return;  // refused: its tables go nowhere
      for (const t of tables)
        await hp.loadLabelTable(new Uint8Array(await fileOf(t).arrayBuffer()), { name: t.name }).catch((e) => report(e.message));
      return;
    }
    if (list.length > 1 || folders) {
      await openDicom(list.map((f) => ({ name: f.webkitRelativePath || f.name, blob: f.blob || f })), {}).catch(() => {});
      return;
    }
    return loadFile(list[0].blob || list[0], list[0].name);
  }
  async function loadFile(file, name = file.name) {
    const b = new Uint8Array(await file.slice(0, 1 << 16).arrayBuffer());  // its start: DICOM, PNG or a volume file
    if (window.hpDicom.looksLike(b)) return openDicom([{ name, blob: file }], {}).then(() => true, () => false);
    try {
      if (isPng(b)) await hp.loadAtlas(new Uint8Array(await file.arrayBuffer()), { tile: url.get('tile') ?? undefined });
      else await hp.loadVolume(file, { name });
      return true;
    } catch (e) {
      if (!e.cancelled) report(e.message);
      if (e.opensDownsampled) offer('Open it downsampled by 2', () => hp.loadVolume(file, { name, downsample: 2 }));
      return false;
    }
  }
  function offer(label, action) {
    const button = document.createElement('button');
    button.textContent = label;
    button.addEventListener('click', () => { button.remove(); report(''); action().catch((e) => report(e.message)); });
    $('message').append(document.createElement('br'), button);
  }
  $('file').addEventListener('change', (e) => { loadFiles(Array.from(e.target.files)); e.target.value = ''; });
  $('folder').addEventListener('change', (e) => { loadFiles(Array.from(e.target.files), 1); e.target.value = ''; });
  window.addEventListener('dragover', (e) => { e.preventDefault(); document.body.classList.add('dragging'); });
  window.addEventListener('dragleave', () => document.body.classList.remove('dragging'));
  window.addEventListener('drop', (e) => {
    e.preventDefault();
    document.body.classList.remove('dragging');
    const plain = Array.from(e.dataTransfer.files);
    window.hpDicom.filesOfDrop(e.dataTransfer)
      .then((got) => (got ? loadFiles(got.files, got.folders) : loadFiles(plain)))
      .catch((err) => report(`cannot read what was dropped: ${err.message}`));
  });

  // The overlay's sample choice.
  ready.then(() => samples).then((list) => call('hp_set_samples', null, ['string'],
    [list.map((s) => `${String(s.name).replace(/[\t\n]/g, ' ')}\t${String(s.label || s.name).replace(/[\t\n]/g, ' ')}`).join('\n')]));

  if (urlError) showMessage(urlError, false);
  // A file or an atlas in the URL: the mode first (the largest volume a file may be is the
  // mode's: 16384² in WebGPU), then the load with the URL's load options, then the settings.
  if (url.has('load') || url.has('png')) {
    ready.then(async () => {
      let error = urlError;
      const loadKeys = new Set(call('hp_load_options', 'string', [], []).split(', '));
      const options = Object.fromEntries(urlSettings.filter(([k]) => loadKeys.has(k)));
      const settings = urlSettings.filter(([k]) => !loadKeys.has(k));
      const pyramid = settings.find(([k]) => k === 'pyramid');
      if (pyramid && url.has('load')) await hp.set({ pyramid: pyramid[1] }).catch(() => {});  // said again below
      const load = url.has('load') ? hp.loadVolume(url.get('load'), options) : hp.loadAtlas(url.get('png'), options);
      await load.catch((e) => { error ||= e.message; });
      if (settings.length) await hp.set(Object.fromEntries(settings)).catch((e) => { error ||= `Ignored the page's URL settings: ${e.message}`; });
      if (error) showMessage(error, false);
    });
  }
})();
