// @ts-check
// Opening files from the picker or by dropping them on the page: several files, a folder, a zip
// or a DICOM file go to the DICOM reader; else a PNG (by its signature) is a slice atlas,
// anything else a volume file. A volume too large for the atlas is offered downsampled by 2, a
// button under the message.
import { $, offer, report, url } from './page.js';
import { isPng } from './fetch_bytes.js';
import { loads, openDicom } from './loads.js';
import * as dicom from './dicom_open.js';

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
      await loads.loadLabelTable(new Uint8Array(await fileOf(t).arrayBuffer()), { name: t.name }).catch((e) => report(e.message));
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
  if (dicom.looksLike(b)) return openDicom([{ name, blob: file }], {}).then(() => true, () => false);
  try {
    if (isPng(b)) await loads.loadAtlas(new Uint8Array(await file.arrayBuffer()), { tile: url.get('tile') ?? undefined });
    else await loads.loadVolume(file, { name });
    return true;
  } catch (e) {
    if (!e.cancelled) report(e.message);
    if (e.opensDownsampled) offer('Open it downsampled by 2', () => loads.loadVolume(file, { name, downsample: 2 }));
    return false;
  }
}

export function listenForFiles() {
  const input = (/** @type {Event} */ e) => /** @type {HTMLInputElement} */ (e.target);
  $('file').addEventListener('change', (e) => { loadFiles(Array.from(input(e).files)); input(e).value = ''; });
  $('folder').addEventListener('change', (e) => { loadFiles(Array.from(input(e).files), 1); input(e).value = ''; });
  window.addEventListener('dragover', (e) => { e.preventDefault(); document.body.classList.add('dragging'); });
  window.addEventListener('dragleave', () => document.body.classList.remove('dragging'));
  window.addEventListener('drop', (e) => {
    e.preventDefault();
    document.body.classList.remove('dragging');
    const plain = Array.from(e.dataTransfer.files);
    dicom.filesOfDrop(e.dataTransfer)
      .then((got) => (got ? loadFiles(got.files, got.folders) : loadFiles(plain)))
      .catch((err) => report(`cannot read what was dropped: ${err.message}`));
  });
}
