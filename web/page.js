// @ts-check
// The page's own parts around the canvas: the status line, the message (always text, never
// HTML: nothing from the URL or a file reaches the page as markup), a sample's attribution and
// the offer under a message; and the URL's settings.
import { call, started } from './bridge.js';

export const $ = (/** @type {string} */ id) => document.getElementById(id);
export const url = new URLSearchParams(location.search);

/** @param {string} text */
export function status(text) { $('status').textContent = text; }

/** @param {string} text @param {boolean} [fatal] */
export function showMessage(text, fatal = false) {
  const el = $('message');
  el.textContent = text || '';
  el.hidden = !text;
  el.className = fatal ? 'fatal' : '';
}
// A problem met here, not in the app (a fetch that failed): on the page, in the overlay and in
// hp.stats().message, as the app's own are; returns the Error to throw.
/** @param {string} text @returns {Error} */
export function report(text) {
  showMessage(text, false);
  if (started()) call('hp_set_message', text);
  return new Error(text);
}
/** @param {string} text */
export function attribute(text) {
  $('attribution').textContent = text || '';
  $('attribution').hidden = !text;
}
// A button under the message that runs `action` (its failure reported).
/** @param {string} label @param {() => Promise<unknown>} action */
export function offer(label, action) {
  const button = document.createElement('button');
  button.textContent = label;
  button.addEventListener('click', () => { button.remove(); report(''); action().catch((e) => report(e.message)); });
  $('message').append(document.createElement('br'), button);
}

// name=value lines for the app (its settings table and parser: app/core/settings/settings.cpp). A
// control character would end a line early and start another setting: rejected, naming it.
/** @param {string[][]} entries [name, value] each @returns {string} */
export function settingsText(entries) {
  const bad = entries.find(([k, v]) => /[\x00-\x1f\x7f]/.test(k + v));
  if (bad) throw new Error(`${bad[0].replace(/[\x00-\x1f\x7f]/g, '?').slice(0, 40)}: a setting with a control character is not accepted`);
  return entries.map(([k, v]) => `${k}=${v}`).join('\n');
}
// The page's own keys: a PNG atlas (png) or a volume file (load) to fetch, the benchmark and,
// with it, its plans' own (web/bench/: runs, modes, ...; without them the app would refuse the
// URL's settings as unknown and run the plan on its defaults). The rest go to the app: its
// settings, and the options of a load (its table, hp_load_options).
const benchKeys = ['runs', 'modes', 'inFlight', 'samples', 'state', 'volumes', 'file', 'isos', 'ready', 'pick'];
const pageKeys = new Set(['png', 'bench', 'load', ...(url.has('bench') ? benchKeys : [])]);
export const urlSettings = [...url].filter(([k]) => !pageKeys.has(k));
