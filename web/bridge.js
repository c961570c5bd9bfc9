// @ts-check
// The bridge: the one file that touches the Emscripten module (app.js, linked as an ES module:
// -sMODULARIZE -sEXPORT_ES6, cmake/web.cmake). Every export the page calls is declared once
// below, grouped as the C++ files that define them (app/demo/page/*.cpp; a test checks this table
// against their EMSCRIPTEN_KEEPALIVE names); the app's hooks into the page arrive as events
// (on/emit); the heap is reached through heap.js. Nothing else in web/ sees `Module`.

// name: [return type, argument types]; 'string' arguments are copied in, returned ones copied out.
const S = 'string', N = 'number';
/** @typedef {keyof typeof EXPORTS} ExportName a declared export: tsc checks every call's name */
/** @satisfies {Record<string, [import('./types/emscripten').CType, import('./types/emscripten').CType[]]>} */
export const EXPORTS = {
  // web_api.cpp: settings, stats, frames, the walk, the benchmark's loop
  hp_request: [S, [S]], hp_stats: [S, []], hp_requested_serial: [N, []], hp_reset_timings: [null, []],
  hp_wake: [null, [N, N]], hp_set_samples: [null, [S]], hp_set_message: [null, [S]],
  hp_explain_ask: [null, [N]], hp_explained: [S, []], hp_main_loop: [null, [N]],
  hp_run_frames: [N, [N, N, N, N]], hp_finish: [null, []], hp_collect: [null, []],
  // web_load.cpp: a PNG atlas, a volume arriving in parts (a file's, a DICOM series's), its info
  hp_load_atlas: [S, [N, N, S]], hp_load_options: [S, []], hp_page_task: [null, [S, N, N]],
  hp_file_begin: [N, [S]], hp_file_part: [null, [N, N]], hp_file_end: [S, [S, S]], hp_file_refused: [S, [S, S, N, N, N]],
  hp_load_opens_downsampled: [N, []], hp_volume_refusal: [S, []], hp_volume_drop: [null, []],
  hp_volume_begin: [N, [S]], hp_volume_end: [S, [S]],
  hp_volume_info: [S, []], hp_volume_values: [N, []],
  // web_reads.cpp: the read-back tickets
  hp_read: [N, [N, N, N, N]], hp_read_poll: [N, [N]], hp_read_error: [S, [N]], hp_read_size: [N, [N, N]],
  hp_read_at: [N, [N, N]], hp_read_number: [N, [N, N]], hp_read_end: [null, [N]],
  // web_labels.cpp: a label map's labels and table
  hp_labels: [S, []], hp_label_at: [S, [N, N]], hp_show_labels: [null, [N, N]], hp_label_table: [S, [N, N, S]],
  // web_test_api.cpp: the tests' own (a WebGPU scan on given values, a stream's edge ids, the
  // surface stages asked for); webgpu_backend.cpp: the WebGPU objects' ids checked
  hp_scan_begin: [S, [N, N, N, N]], hp_scan_take: [N, [N]], hp_stream_edges: [N, [N, N]], hp_edges: [N, []],
  hp_want_mesh: [null, []], hp_webgpu_id_check: [S, []],
};

/** @type {import('./types/emscripten').EmscriptenModule | null} */
let Module = null;            // the app, once started
/** @type {Map<string, Set<(...args: any[]) => void>>} */
const listeners = new Map();  // event name → Set of functions

// The app's events, through its one channel (web_event in app/demo/page/web_api.h: a name and
// JSON, here parsed): 'frame' (frames completed), 'message' (text), 'fail' (text), 'openFile',
// 'openFolder', 'openSeries' (uid), 'saveMesh' (type), 'loadSample' (name). on() returns the
// function that stops listening.
/** @param {string} name @param {(...args: any[]) => void} fn @returns {() => boolean} */
export function on(name, fn) {
  if (!listeners.has(name)) listeners.set(name, new Set());
  listeners.get(name).add(fn);
  return () => listeners.get(name).delete(fn);
}
/** @param {string} name @param {...any} args */
function emit(name, ...args) {
  for (const fn of [...(listeners.get(name) || [])]) fn(...args);
}

// Starts the app: `settings` its first argument (the URL's), `gpu` the WebGPU state it finds as
// Module.hpGpu (web/gpu_device.js), `page` the Emscripten settings the page gives (canvas,
// print, setStatus, onAbort). Resolves when its runtime is up (main() has run).
/**
 * @param {{settings: string, gpu: object, page: {canvas: HTMLElement, [setting: string]: unknown}}} how
 * @returns {Promise<void>}
 */
export async function start({ settings, gpu, page }) {
  /** @type {Record<string, any>} */
  const moduleArg = { ...page, arguments: [settings], hpGpu: gpu,
    hpEvent: (/** @type {string} */ name, /** @type {string} */ json) => emit(name, JSON.parse(json) ?? undefined) };
  Module = /** @type {import('./types/emscripten').EmscriptenModule} */ (moduleArg);  // the factory fills this very object; the hooks may fire before it resolves
  const { default: createApp } = await import('./app.js');
  await createApp(moduleArg);
}
export const started = () => !!(Module && Module.calledRun);

// The exports that only read (the state, a volume's info, a read-back ticket's bytes): a call
// to one leaves a resting page resting (a test polling hp.stats() would otherwise keep a paused
// page drawing, a second a frame for a large surface in SwiftShader). What they wait for keeps
// the page awake by itself (DemoApp::quiet: a read-back in flight, a load's task, the mesh asked for).
const READS = new Set(['hp_stats', 'hp_requested_serial', 'hp_volume_info', 'hp_labels', 'hp_load_options',
  'hp_volume_refusal', 'hp_load_opens_downsampled', 'hp_explained', 'hp_read_poll', 'hp_read_error', 'hp_read_size',
  'hp_read_at', 'hp_read_number']);

// Calls an export by its declared name (any but READS wakes a paused page: a call may change
// what the next frame shows).
/** @param {ExportName} name @param {...(string | number)} args @returns {any} the export's number or string */
export function call(name, ...args) {
  const sig = EXPORTS[name];
  if (!sig) throw new Error(`${name} is not a declared export (web/bridge.js)`);
  if (args.length !== sig[1].length) throw new Error(`${name} takes ${sig[1].length} arguments, not ${args.length}`);
  if (!READS.has(name)) Module._hp_wake(0, 0);
  return Module.ccall(name, sig[0], sig[1], args);
}
// Asks for frames without waking anything else (hp.frames: until `frame` frames have completed;
// `run`: each runs every pass, even one that would repeat the last result).
/** @param {number} frame @param {boolean} [run] */
export function wakeUntil(frame, run = false) { if (Module && Module._hp_wake) Module._hp_wake(frame, run ? 1 : 0); }

// The heap's raw parts, for heap.js alone: the allocator and the views (which change as it grows).
export const raw = {
  malloc: (/** @type {number} */ bytes) => Module._malloc(bytes),
  free: (/** @type {number} */ ptr) => Module._free(ptr),
  /** @type {(name: string) => any} a heap view by its name ('HEAPU8', …) */
  view: (name) => Module[name],
};

// The tests' seam (hp.testing, docs/api.md): the module itself (its test hooks on hpGpu, its
// test exports through ccall), never the page's own paths.
export const testingModule = () => Module;
