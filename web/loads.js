// @ts-check
// The loads of window.hp: volume files, DICOM folders and zips, PNG atlases, samples and label
// tables, each through the heap or a worker into the app; the newest load wins.
import { call } from './bridge.js';
import { withBytes } from './heap.js';
import { ready, settled } from './frames.js';
import { attribute, report, showMessage } from './page.js';
import { bytesOf, isPng, nameOf } from './fetch_bytes.js';
import { set } from './state.js';
import * as dicom from './dicom_open.js';
import * as volumes from './volume_open.js';

/** @typedef {import('./types/hp').LoadOptions} LoadOptions @typedef {import('./types/hp').VolumeInfo} VolumeInfo */
/** @typedef {import('./types/hp').Bytes} Bytes @typedef {import('./types/hp').Sample} Sample */
/** @typedef {{name: string, blob: Blob}} NamedFile a file of a folder, a zip or a drop */

/** @type {Sample} */
const PHANTOM = { name: 'phantom', label: 'Phantom (synthetic, 64³ PNG)', file: 'assets/head-phantom-64.png', tile: 64 };
// The samples setup could fetch (samples/samples.json, scripts/make-samples.py), then the phantom.
/** @type {Promise<Sample[]>} */
export const samples = fetch('samples/samples.json').then((r) => (r.ok ? r.json() : [])).catch(() => [])
  .then((list) => [...(Array.isArray(list) ? list : []), PHANTOM]);

let loadSerial = 0;  // counts the loads asked for: the newest wins

// A PNG atlas (its options as JSON) through the heap to the app; its refusal shown and thrown.
/** @param {Uint8Array} bytes @param {string} text */
function loadPng(bytes, text) {
  let error;
  try {
    error = withBytes(bytes, 'the PNG file', (ptr, n) => call('hp_load_atlas', ptr, n, text));
  } catch (e) { throw report(e.message); }
  if (error) { showMessage(error, false); throw new Error(error); }
  showMessage('', false);
}

// DICOM files (or a zip of them) through the DICOM workers (web/dicom_open.js), files null for
// another series of the last; the message shown where it fails.
/**
 * @param {NamedFile[] | null} files @param {LoadOptions} options @param {{quiet?: boolean}} [how]
 * @returns {Promise<VolumeInfo>}
 */
export async function openDicom(files, options, { quiet = false } = {}) {
  volumes.cancel();
  const name = options.name || (files && files.length === 1 ? files[0].name : files ? `${files.length} files` : 'DICOM');
  let got;
  try {
    got = await dicom.load(files, { series: options.series || '', name });
  } catch (e) {
    const message = `cannot open ${String(name).slice(0, 80)} as DICOM: ${e.message}`;
    throw Object.assign(quiet ? new Error(message) : report(message), { notDicom: e.notDicom });
  }
  showMessage('', false);
  attribute('');
  await settled();
  const c = got.counts || {};
  return { ...JSON.parse(call('hp_volume_info')), files: c.files, skipped: c.skipped, noImage: c.noImage };
}

export const loads = {
  // docs/api.md: a volume file (NIfTI, NRRD, MetaImage, VTK, raw) from a URL, bytes or a Blob,
  // with options {name, dims, type, spacing, endian, downsample}; DICOM: an array of URLs or
  // byte arrays (a folder's files), or a .zip of them, or one DICOM file ({series: a UID}); a
  // label map's table {table: URL or bytes}. Resolves to what was opened; rejects with the
  // loader's message, the volume shown staying.
  /** @param {Bytes | Blob | Bytes[]} urlOrBytes @param {LoadOptions} [allOptions] @returns {Promise<VolumeInfo>} */
  async loadVolume(urlOrBytes, allOptions = {}) {
    await ready;
    if (allOptions === null || typeof allOptions !== 'object') throw new Error('hp.loadVolume options must be an object');
    const { table, ...options } = allOptions;
    // The newest load wins: one that finished fetching after a later one began gives way.
    const mine = ++loadSerial;
    const newest = () => { if (mine !== loadSerial) throw new Error('another load came first'); };
    if (Array.isArray(urlOrBytes)) {
      const files = await Promise.all(urlOrBytes.map(async (u, i) => ({
        name: typeof u === 'string' ? nameOf(u) : `file ${i + 1}`,
        blob: new Blob([await bytesOf(u, 'hp.loadVolume', `file ${i + 1} of ${urlOrBytes.length}`)]) })));
      newest();
      return openDicom(files, options);
    }
    // The options as one JSON object, for the app's table of them (app/core/settings/load_options.cpp).
    const name = options.name ?? (typeof urlOrBytes === 'string' ? nameOf(urlOrBytes) : '');
    /** @type {Record<string, unknown>} */
    const given = Object.fromEntries(Object.entries({ ...options, name }).filter(([, v]) => v !== undefined && v !== null && v !== ''));
    // A sample opens at its own presets (the app decides the iso; its notice stays on the page
    // while it is shown).
    const sample = typeof urlOrBytes === 'string' ? (await samples).find((x) => x.file === urlOrBytes) : null;
    if (sample && Array.isArray(sample.presets) && sample.presets.length)
      given.presets = sample.presets.map((p) => ({ name: String(p.name), iso: Number(p.iso) }));
    const text = JSON.stringify(given);
    volumes.warm();  // the reader worker starts while the bytes come (a Blob is never read whole here)
    const file = urlOrBytes instanceof Blob ? urlOrBytes : await bytesOf(urlOrBytes, 'hp.loadVolume', name || 'the volume');
    const head = file instanceof Blob ? new Uint8Array(await file.slice(0, 1 << 16).arrayBuffer()) : file;
    newest();
    const asDicom = () => [{ name: name || 'the file', blob: file instanceof Blob ? file : new Blob([file]) }];
    if (!options.png && dicom.looksLike(head)) return openDicom(asDicom(), options);
    // A DICOM file without its mark, by its parse; what the DICOM reader calls not DICOM goes on.
    if (!options.png && dicom.unmarked(head)) {
      const got = await openDicom(asDicom(), options, { quiet: true }).catch((/** @type {Error & {notDicom?: boolean}} */ e) => e);
      if (!(got instanceof Error)) return got;
      if (!got.notDicom) throw report(got.message);
    }
    dicom.cancel();  // a DICOM or file load under way would replace this one when it ends
    volumes.cancel();
    // A volume file is read in the reader worker (web/volume_open.js), which shows its refusal.
    if (!options.png && !isPng(head)) await volumes.load(file, text);
    else loadPng(file instanceof Blob ? new Uint8Array(await file.arrayBuffer()) : file, text);
    attribute(sample ? sample.attribution : '');
    // The table: the volume is open whatever becomes of it (a bad table is said, on the page and
    // as tableError, and the labels keep their names).
    const tableOf = table ?? (sample && sample.table);
    let tableError;
    if (tableOf) {
      newest();
      const tableName = typeof tableOf === 'string' ? nameOf(tableOf) : String(allOptions.tableName || 'the table');
      await loads.loadLabelTable(tableOf, { name: tableName }).catch((e) => { tableError = e.message; });
    }
    if (sample && sample.classify) await set({ classify: sample.classify }).catch(() => {});
    await settled();
    const info = JSON.parse(call('hp_volume_info'));
    return tableError ? { ...info, tableError } : info;
  },
  // A label table for the volume shown (URL or bytes; {name}: the file's, which tells a binary
  // .lut): its names and colours become the labels'. Rejects with why, the labels keeping theirs.
  /** @param {Bytes} urlOrBytes @param {{name?: string}} [options] @returns {Promise<void>} */
  async loadLabelTable(urlOrBytes, { name } = {}) {
    await ready;
    const bytes = await bytesOf(urlOrBytes, 'hp.loadLabelTable', name || 'the table');
    const error = withBytes(bytes, 'the label table', (ptr, n) => call('hp_label_table', ptr, n, String(name || '')));
    if (error) throw new Error(error);
  },
  // Another series of the DICOM files opened last (a UID of hp.loadVolume's series), as it resolves.
  /** @param {string} uid @returns {Promise<VolumeInfo>} */
  async openSeries(uid) {
    await ready;
    ++loadSerial;
    return openDicom(null, { series: String(uid) });
  },
  // The samples there are ({name, label, file, presets, attribution}; the phantom always).
  /** @returns {Promise<Sample[]>} */
  samples: () => samples,
  // Loads a sample by name (the phantom: its PNG atlas); shows its attribution.
  /** @param {string} [name] @returns {Promise<VolumeInfo>} */
  async loadSample(name = 'phantom') {
    const s = (await samples).find((x) => x.name === name);
    if (!s) throw report(`no sample '${String(name).slice(0, 40)}' (there are: ${(await samples).map((x) => x.name).join(', ')})`);
    if (s.tile) return loads.loadAtlas(s.file, { tile: s.tile });
    return loads.loadVolume(s.file, s.downsample ? { downsample: s.downsample } : {});
  },
  // A PNG slice atlas from a URL or bytes; tile = the volume's N (the overlay's, 128 at first,
  // unless given).
  /** @param {Bytes} urlOrBytes @param {LoadOptions} [options] @returns {Promise<VolumeInfo>} */
  async loadAtlas(urlOrBytes, options = {}) {
    const name = typeof urlOrBytes === 'string' ? nameOf(urlOrBytes) : undefined;
    return loads.loadVolume(await bytesOf(urlOrBytes, 'hp.loadAtlas', 'the PNG'), { name, ...options, png: true });
  },
};
