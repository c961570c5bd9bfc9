// @ts-check
// The page: the one module index.html loads. WebGPU is asked for, the app started with the
// URL's settings, window.hp made (the one global), the page's own parts wired (messages, the
// file picker and drops, the overlay's buttons, the samples), then the URL's load, and the
// benchmark where ?bench= asks for one (web/bench/bench.js, loaded only then).
import { on, start, call } from './bridge.js';
import { fail, ready } from './frames.js';
import { $, showMessage, url, urlSettings, settingsText } from './page.js';
import { gpu, request, watch } from './gpu_device.js';
import { hp } from './api.js';
import { listenForFiles } from './files.js';

window.hp = hp;
watch($('canvas'));
let urlText = '', urlError = '';
try { urlText = settingsText(urlSettings); } catch (e) { urlError = `Ignored the page's URL settings: ${e.message}`; }

// The app's hooks into the page.
on('message', (t) => showMessage(t, false));
on('fail', (t) => { $('status').textContent = ''; showMessage(t, true); fail(t); });
on('openFile', () => $('file').click());
on('openFolder', () => $('folder').click());
on('openSeries', (uid) => hp.openSeries(uid).catch(() => {}));  // reported there
on('saveMesh', (/** @type {import('./types/hp').MeshType} */ type = 'ply') => hp.saveMesh(`surface.${type}`, { type }).catch((e) => showMessage(`cannot save the mesh: ${e.message}`, false)));
on('loadSample', (name) => hp.loadSample(name).catch(() => {}));  // reported there
listenForFiles();

// With png= or load= the URL's settings wait for the load (source=png needs it), below; those
// that only say how the page runs and shows (the overlay, the view, the colours, the clock,
// paused) apply at once as well, so that the default volume neither animates nor shows controls
// while the file comes.
const SHOWN_KEYS = new Set(['overlay', 'view', 'color', 'paused', 'time', 'clock']);
const startText = !(url.has('png') || url.has('load')) ? urlText
  : urlError ? '' : settingsText(urlSettings.filter(([k]) => SHOWN_KEYS.has(k)));
const page = {
  canvas: $('canvas'),
  print: (t) => console.log(t),
  printErr: (t) => console.warn(t),
  setStatus: (t) => { $('status').textContent = t ? 'Loading the demo… ' + t : ''; },
  onAbort: (what) => showMessage('The demo stopped: ' + what, true),
};
request().finally(() => start({ settings: startText, gpu, page }))
  .catch((e) => { showMessage(`The demo could not start: ${e.message}`, true); fail(e.message); });

// The overlay's sample choice.
ready.then(() => hp.samples()).then((list) => call('hp_set_samples',
  JSON.stringify(list.map((s) => ({ name: String(s.name), label: String(s.label || s.name) })))));

if (urlError) showMessage(urlError, false);
// A file or an atlas in the URL: the mode and its sums first (the largest volume a file may be is
// theirs: 4096² with float sums in WebGL2, 8192² with uint sums, 16384² in WebGPU), then the load
// with the URL's load options, then the settings.
if (url.has('load') || url.has('png')) {
  ready.then(async () => {
    let error = urlError;
    const loadKeys = new Set(JSON.parse(call('hp_load_options')));
    const options = Object.fromEntries(urlSettings.filter(([k]) => loadKeys.has(k)));
    const settings = urlSettings.filter(([k]) => !loadKeys.has(k));
    const mode = settings.filter(([k]) => k === 'pyramid' || k === 'sums');
    if (mode.length && url.has('load')) await hp.set(/** @type {import('./types/hp').Settings} the app checks it */ (Object.fromEntries(mode))).catch(() => {});  // said again below
    const load = url.has('load') ? hp.loadVolume(url.get('load'), options) : hp.loadAtlas(url.get('png'), options);
    await load.catch((e) => { error ||= e.message; });
    if (settings.length) await hp.set(Object.fromEntries(settings)).catch((e) => { error ||= `Ignored the page's URL settings: ${e.message}`; });
    if (error) showMessage(error, false);
  });
}

// The benchmark, a classic script of its own (it drives window.hp like any tool).
if (url.has('bench')) {
  const s = document.createElement('script');
  s.src = 'bench/bench.js';
  document.head.append(s);
}
