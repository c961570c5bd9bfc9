// DICOM (issue 29): series written by pydicom from arrays of ours and re-encoded by gdcmconv,
// pydicom's own scanner files, folders, zips, the folder picker; each volume compared value for
// value with the array and, voxel by voxel, in world coordinates with what dcm2niix makes of the
// same folder (tests/dicom/). Bad series get their message and the volume shown stays.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { assert, exact, volumeOf } from '../lib.mjs';
import { voxels, ctLike, nrrd } from '../volume_files.mjs';

const QUERY = 'paused=1&clock=fixed&overlay=0&view=stream&atlas=512';
const cases = [];
const add = (name, run, more = {}) => cases.push({ name, query: QUERY, run, ...more });

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
const PYTHON = '/usr/bin/python3';  // Debian's, with pydicom, nibabel
const PYDICOM_FILES = '/usr/lib/python3/dist-packages/pydicom/data/test_files';

// The test series live in the served site, under dicom-test/ (made afresh by each run).
let made = null;
function folder(site, name) {
  if (!made) {
    made = path.join(site, 'dicom-test');
    fs.rmSync(made, { recursive: true, force: true });
    fs.mkdirSync(made, { recursive: true });
    process.on('exit', () => fs.rmSync(made, { recursive: true, force: true }));
  }
  return path.join(made, name);
}
// A series by tests/dicom/make_series.py; its folder's name under the site.
function series(site, name, options) {
  const dir = folder(site, name);
  execFileSync(PYTHON, [path.join(ROOT, 'tests/dicom/make_series.py'), dir, JSON.stringify(options)], { stdio: 'pipe' });
  return dir;
}
// The same series re-encoded by GDCM's converter (--jpeg lossless, --rle, --jpegls, --j2k; jpeg-lossy:
// JPEG baseline at quality 95).
const CODEC = { 'jpeg-lossy': ['--jpeg', '--lossy', '-q', '95'] };
function reencoded(site, from, codec) {
  const dir = folder(site, `${path.basename(from)}-${codec}`);
  fs.mkdirSync(dir, { recursive: true });
  for (const f of fs.readdirSync(from)) {
    if (!f.endsWith('.dcm')) fs.copyFileSync(path.join(from, f), path.join(dir, f));
    else execFileSync('gdcmconv', [...(CODEC[codec] || [`--${codec}`]), '-i', path.join(from, f), '-o', path.join(dir, f)], { stdio: 'pipe' });
  }
  return dir;
}
const LOSSY_TOLERANCE = 12;  // of 255, JPEG baseline at quality 95 on a smooth field
const dicomFiles = (dir) => fs.readdirSync(dir).filter((f) => !f.startsWith('expected')).sort();
const urlsOf = (site, dir) => dicomFiles(dir).map((f) => path.relative(site, path.join(dir, f)));

// hp.loadVolume(urls) in the page: {info} or {error}.
function load(page, urls, options = {}) {
  return page.evaluate((urls, options) => hp.loadVolume(urls, options).then((info) => ({ info }), (e) => ({ error: e.message })),
    urls, options);
}
async function values(page) {
  return (await volumeOf(page)).values;
}
// The volume shown against expected.json / expected.f32: dims, world frame (1e-4 mm), every value
// (`tolerance` for lossy syntaxes; `values`: the volume's, when already read).
async function matches(page, info, dir, { tolerance = 0, values: read = null } = {}) {
  const want = JSON.parse(fs.readFileSync(path.join(dir, 'expected.json'), 'utf8'));
  const raw = fs.readFileSync(path.join(dir, 'expected.f32'));
  const expected = new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.length));
  assert(info.file === 'dicom', `file ${info.file}`);
  assert(JSON.stringify(info.dims) === JSON.stringify(want.dims), `${path.basename(dir)}: dims ${info.dims}, not ${want.dims}`);
  if (want.toWorld)
    assert(info.toWorld.every((v, i) => Math.abs(v - want.toWorld[i]) < 1e-4),
      `${path.basename(dir)}: toWorld ${info.toWorld}, not ${want.toWorld}`);
  const got = read ?? await values(page);
  let worst = 0;
  for (let i = 0; i < expected.length; i++) worst = Math.max(worst, Math.abs(got[i] - expected[i]));
  assert(got.length === expected.length && worst <= tolerance,
    `${path.basename(dir)}: ${got.length} values of ${expected.length}, differing by up to ${worst}`);
  return got;
}
// dcm2niix's NIfTI of the same folder (read by nibabel) against ours, voxel by voxel in world space.
async function likeDcm2niix(page, info, dir) {
  const ours = path.join(path.dirname(dir), `${path.basename(dir)}.ours`);
  fs.writeFileSync(`${ours}.json`, JSON.stringify({ dims: info.dims, toWorld: info.toWorld }));
  fs.writeFileSync(`${ours}.f32`, Buffer.from((await values(page)).buffer));
  const only = folder(path.dirname(path.dirname(dir)), `${path.basename(dir)}.dicom`);  // the DICOM files alone
  fs.mkdirSync(only, { recursive: true });
  for (const f of dicomFiles(dir)) fs.copyFileSync(path.join(dir, f), path.join(only, f));
  const r = JSON.parse(execFileSync(PYTHON, [path.join(ROOT, 'tests/dicom/dcm2niix_world.py'), only, `${ours}.json`, `${ours}.f32`],
    { encoding: 'utf8' }));
  assert(r.differ === 0 && r.indexError < 1e-3 && r.voxels === info.dims[0] * info.dims[1] * info.dims[2],
    `${path.basename(dir)} against dcm2niix: ${JSON.stringify(r)}`);
}

add('DICOM: pydicom series (explicit, implicit, big endian, deflated) and gdcmconv re-encodings (JPEG lossless, RLE, JPEG-LS, J2K): every value, the world frame, dcm2niix voxel for voxel, the stream exact', async (page, { site }) => {
  const base = series(site, 'ct', { dims: [37, 23, 11], type: 'int16', extra: ['readme.txt'] });
  const dirs = [base];
  for (const syntax of ['implicit', 'bigendian', 'deflated'])
    dirs.push(series(site, `ct-${syntax}`, { dims: [37, 23, 11], syntax }));
  for (const codec of ['jpeg', 'rle', 'jpegls', 'j2k']) dirs.push(reencoded(site, base, codec));
  for (const dir of dirs) {
    const r = await load(page, urlsOf(site, dir));
    assert(!r.error, `${path.basename(dir)}: ${r.error}`);
    await matches(page, r.info, dir);
    if (dir === base) {
      assert(r.info.files === 12 && r.info.skipped === 1 && r.info.notes.some((n) => /1 file\(s\) that are not DICOM/.test(n)),
        `the stray file: files ${r.info.files}, skipped ${r.info.skipped}, notes ${r.info.notes}`);
      assert(r.info.space === 'LPS' && r.info.modality === undefined && r.info.series.length === 1 &&
        r.info.series[0].modality === 'CT' && r.info.series[0].slices === 11, `series ${JSON.stringify(r.info.series)}`);
      await likeDcm2niix(page, r.info, dir);
      await exact(page, { pyramid: 'vec4', classify: 'surface', iso: 400 }, { atLeast: 100 });
    }
  }
  const syntaxes = [];
  for (const dir of dirs.slice(4)) syntaxes.push((await load(page, urlsOf(site, dir))).info.notes.at(-1));
  for (const [i, want] of [/JPEG Lossless/, /RLE Lossless/, /JPEG-LS Lossless/, /JPEG 2000/].entries())
    assert(want.test(syntaxes[i]), `transfer syntax note ${syntaxes[i]}`);
});

add('DICOM: stored types and rescale (uint8, int32, 12 of 16 bits stored with slope and intercept, uint16 with intercept −1024), an oblique series (dcm2niix voxel for voxel) and a gantry tilt (sheared, said)', async (page, { site }) => {
  const kinds = {
    u8: { type: 'uint8' }, i32: { type: 'int32' }, b12: { type: 'int16', bits: 12, slope: 2, intercept: -1024 },
    u16: { type: 'uint16', intercept: -1024 }, oblique: { orientation: [0.8, 0.6, 0, -0.36, 0.48, 0.8], spacing: [0.6, 0.75, 1.7] },
    tilt: { tilt: 15 },
  };
  for (const [name, o] of Object.entries(kinds)) {
    const dir = series(site, name, { dims: [29, 18, 7], ...o });
    const r = await load(page, urlsOf(site, dir));
    assert(!r.error, `${name}: ${r.error}`);
    await matches(page, r.info, dir);
    if (o.type) assert(r.info.type === o.type, `${name}: type ${r.info.type}`);
    // Held as stored where 8 or 16 bits (issue 40): the rescale beside; int32 as float32.
    const held = { u8: 'uint8', i32: 'float32', b12: 'int16', u16: 'uint16' }[name] ?? 'int16';
    assert(r.info.stored.type === held && r.info.stored.slope === (held === 'float32' ? 1 : o.slope ?? 1) &&
      r.info.stored.intercept === (held === 'float32' ? 0 : o.intercept ?? 0), `${name}: held as ${JSON.stringify(r.info.stored)}`);
    if (name === 'oblique') await likeDcm2niix(page, r.info, dir);
    if (name === 'tilt') assert(r.info.notes.some((n) => /gantry tilt of 15°/.test(n)), `tilt notes ${r.info.notes}`);
    if (name === 'u8') {  // JPEG baseline, lossy: within its tolerance
      const lossy = reencoded(site, dir, 'jpeg-lossy');
      const j = await load(page, urlsOf(site, lossy));
      assert(!j.error && /JPEG Baseline/.test(j.info.notes.at(-1)), `JPEG baseline: ${j.error || j.info.notes.at(-1)}`);
      await matches(page, j.info, lossy, { tolerance: LOSSY_TOLERANCE });
    }
  }
});

add("DICOM: pydicom's scanner files: each single file its message (never a crash); stacked into series, RLE, JPEG-LS and J2K lossless equal pydicom's uncompressed read, JPEG baseline and extended, deflated and J2K as gdcmconv --raw; the dicomdirtests folder opens its largest series", async (page, { site }) => {
  const singles = fs.readdirSync(PYDICOM_FILES).filter((f) => f.endsWith('.dcm'));
  const shown = (await load(page, urlsOf(site, series(site, 'before', { dims: [9, 8, 3] })))).info.dims;
  const copy = folder(site, 'pydicom');
  fs.mkdirSync(copy, { recursive: true });
  for (const f of singles) fs.copyFileSync(path.join(PYDICOM_FILES, f), path.join(copy, f));
  const refusals = await page.evaluate(async (urls) => {
    const out = [];
    for (const u of urls) out.push(await hp.loadVolume(u).then(() => 'opened', (e) => e.message));
    return out;
  }, singles.map((f) => path.relative(site, path.join(copy, f))));
  refusals.forEach((m, i) => assert(/^cannot open \S+( as DICOM)?: \S/.test(m) && !/GDCM failed|RuntimeError|undefined/.test(m),
    `${singles[i]}: ${m}`));
  const kinds = (re) => refusals.filter((m) => re.test(m)).length;
  assert(kinds(/single slice/) >= 15 && kinds(/colour images/) >= 15 && kinds(/multi-frame/) >= 3 && kinds(/without an image/) >= 5,
    `messages: ${[...new Set(refusals.map((m) => m.replace(/^cannot open \S+ /, '').slice(0, 50)))].join(' | ')}`);
  const s = await page.evaluate(() => hp.stats());
  assert(s.file === 'dicom' && JSON.stringify(s.dims) === JSON.stringify(shown), `the volume shown did not stay: ${s.file} ${s.dims}`);
  const stacks = {
    MR_small_RLE: 'MR_small.dcm', MR_small_jpeg_ls_lossless: 'MR_small.dcm', MR_small_jp2klossless: 'MR_small.dcm',
    MR_small_bigendian: 'MR_small.dcm', 'JPEG-lossy': null, JPGExtended: null, image_dfl: null, '693_J2KI': null, CT_small: null,
  };
  for (const [f, twin] of Object.entries(stacks)) {
    const dir = series(site, `stack-${f}`, { stack: path.join(PYDICOM_FILES, `${f}.dcm`), count: 3,
      ...(twin ? { expect: path.join(PYDICOM_FILES, twin) } : {}) });
    const r = await load(page, urlsOf(site, dir));
    assert(!r.error, `${f} stacked: ${r.error}`);
    await matches(page, r.info, dir);
  }
  const tree = [];
  const walk = (d) => fs.readdirSync(d, { withFileTypes: true }).forEach((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : tree.push(path.join(d, e.name))));
  const dd = folder(site, 'dicomdirtests');
  fs.cpSync(path.join(PYDICOM_FILES, 'dicomdirtests'), dd, { recursive: true });
  walk(dd);
  const r = await load(page, tree.map((f) => path.relative(site, f)));
  assert(!r.error && JSON.stringify(r.info.dims) === '[16,16,5]' && r.info.series.length >= 8 && r.info.series[0].modality === 'CT' &&
    r.info.noImage > 0, `dicomdirtests: ${r.error || JSON.stringify({ dims: r.info.dims, series: r.info.series.length, noImage: r.info.noImage })}`);
});

add('DICOM: two series in one shuffled folder (the larger shown, the other listed and opened by hp.openSeries); a missing slice, a single slice, shared positions, uneven spacing and files that are not DICOM each refused with its message, the volume shown staying', async (page, { site }) => {
  const two = folder(site, 'two');
  series(site, 'two', { dims: [21, 17, 9], uid: '1.2.3.4.100', description: 'bone', seed: 2, prefix: 'a' });
  const small = series(site, 'two-small', { dims: [15, 12, 5], uid: '1.2.3.4.200', description: 'scout', modality: 'MR', seed: 3 });
  for (const f of dicomFiles(small)) fs.copyFileSync(path.join(small, f), path.join(two, `b${f}`));
  let r = await load(page, urlsOf(site, two));
  assert(!r.error, r.error);
  assert(r.info.series.length === 2 && r.info.seriesShown === '1.2.3.4.100' && JSON.stringify(r.info.dims) === '[21,17,9]' &&
    r.info.series[1].uid === '1.2.3.4.200' && r.info.series[1].modality === 'MR' && r.info.series[1].description === 'scout',
  `two series: ${JSON.stringify(r.info.series)}`);
  const other = await page.evaluate(() => hp.openSeries('1.2.3.4.200'));
  assert(JSON.stringify(other.dims) === '[15,12,5]' && other.seriesShown === '1.2.3.4.200', `openSeries: ${other.dims} ${other.seriesShown}`);
  await matches(page, other, small);
  const wrong = await page.evaluate(() => hp.openSeries('9.9').then(() => 'opened', (e) => e.message));
  assert(/no series 9\.9/.test(wrong), `an unknown series: ${wrong}`);
  const bad = {
    missing: [{ dims: [11, 9, 6], missing: 3 }, /missing 1 slice\(s\) between .* mm along the slice normal/],
    single: [{ dims: [11, 9, 1] }, /a single slice \(11×9\)/],
  };
  const shared = folder(site, 'shared');
  series(site, 'shared', { dims: [11, 9, 4], uid: '1.2.3.5', seed: 4 });
  series(site, 'shared', { dims: [11, 9, 4], uid: '1.2.3.5', seed: 5 });
  const uneven = folder(site, 'uneven');
  series(site, 'uneven', { dims: [11, 9, 4], uid: '1.2.3.6', spacing: [1, 1, 2], seed: 6 });
  series(site, 'uneven', { dims: [11, 9, 2], uid: '1.2.3.6', spacing: [1, 1, 2], origin: [-12.5, 30.25, -33.0], seed: 7 });
  const notDicom = folder(site, 'text');
  fs.mkdirSync(notDicom, { recursive: true });
  fs.writeFileSync(path.join(notDicom, 'a.txt'), 'hello');
  fs.writeFileSync(path.join(notDicom, 'b.bin'), Buffer.alloc(300, 7));
  const before = JSON.stringify((await page.evaluate(() => hp.stats())).dims);
  for (const [name, [o, want]] of Object.entries(bad)) {
    const e = (await load(page, urlsOf(site, series(site, `bad-${name}`, o)))).error;
    assert(want.test(e || ''), `${name}: ${e}`);
  }
  for (const [dir, want] of [[shared, /slices share a position/], [uneven, /unevenly spaced/], [notDicom, /no DICOM image among the files \(2 file\(s\) read: 2 not DICOM\)/]]) {
    const e = (await load(page, urlsOf(site, dir))).error;
    assert(want.test(e || ''), `${path.basename(dir)}: ${e}`);
  }
  const s = await page.evaluate(() => ({ dims: JSON.stringify(hp.stats().dims), message: document.getElementById('message').textContent }));
  assert(s.dims === before && /not DICOM/.test(s.message), `after the refusals: dims ${s.dims}, message ${s.message}`);
  // The failed loads replaced the first worker's headers: a switch reads the shown files again.
  const back = await page.evaluate(() => hp.openSeries('1.2.3.4.100').then((i) => i.dims, (e) => e.message));
  assert(JSON.stringify(back) === '[21,17,9]', `openSeries after failed loads: ${JSON.stringify(back)}`);
});

// A zip of a folder, as Python's zipfile writes it: entries stored and deflated, in a subfolder.
function zipOf(dir, zip) {
  execFileSync(PYTHON, ['-c', `
import sys, zipfile, os
src, out = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(out, 'w') as z:
    for i, f in enumerate(sorted(os.listdir(src))):
        if not f.startswith('expected'):
            z.write(os.path.join(src, f), 'scan/series/' + f, zipfile.ZIP_DEFLATED if i % 2 else zipfile.ZIP_STORED)
`, dir, zip]);
}

add('DICOM: a zip of the folder (stored and deflated entries) from bytes and from ?load=URL, the files as an array of byte arrays; a damaged zip refused with its message', async (page, { site, url }) => {
  const dir = series(site, 'zipped', { dims: [23, 19, 8], syntax: 'explicit' });
  const zip = path.join(path.dirname(dir), 'zipped.zip');
  zipOf(dir, zip);
  const r = await page.evaluate((b64) => hp.loadVolume(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)), { name: 'scan.zip' })
    .then((info) => ({ info }), (e) => ({ error: e.message })), fs.readFileSync(zip).toString('base64'));
  assert(!r.error, r.error);
  await matches(page, r.info, dir);
  assert(r.info.notes.includes('read from 1 zip file(s)') && r.info.files === 8, `zip notes ${r.info.notes}, files ${r.info.files}`);
  // The folder's files as an array of byte arrays.
  const arrays = await page.evaluate((b64s) => hp.loadVolume(b64s.map((b) => Uint8Array.from(atob(b), (c) => c.charCodeAt(0))))
    .then((info) => ({ info }), (e) => ({ error: e.message })), dicomFiles(dir).map((f) => fs.readFileSync(path.join(dir, f)).toString('base64')));
  assert(!arrays.error, arrays.error);
  await matches(page, arrays.info, dir);
  const cut = fs.readFileSync(zip).subarray(0, 2000);
  const e = await page.evaluate((b64) => hp.loadVolume(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)), { name: 'cut.zip' })
    .then(() => 'opened', (e) => e.message), Buffer.from(cut).toString('base64'));
  assert(/cannot open cut\.zip as DICOM: the zip cut\.zip has no end of central directory/.test(e), `a cut zip: ${e}`);
  await page.goto(`${url}index.html?${QUERY}&load=${path.relative(site, zip)}`, { waitUntil: 'load' });
  await page.waitForFunction(() => window.hp && hp.stats && (() => { try { return hp.stats().file === 'dicom'; } catch { return false; } })(),
    { timeout: 30000, polling: 100 });
  const { info } = await volumeOf(page);
  assert(JSON.stringify(info.dims) === '[23,19,8]' && info.series.length === 1, `?load= of a zip: ${JSON.stringify(info.dims)}`);
}, { fresh: true });

add('DICOM: the folder picker (the page input given a directory), a dropped folder read in its batches, several files picked at once, and progress while a larger series reads (null after); the page heap grows by at most the volume and a slice', async (page, { site }) => {
  const dir = series(site, 'picked', { dims: [256, 256, 96], type: 'int16', syntax: 'explicit' });
  const heap0 = await page.evaluate(() => hp.stats().heapBytes);
  const seen = await page.evaluate(() => {
    window.progressSeen = [];
    const t = setInterval(() => { const p = hp.stats().progress; if (p) progressSeen.push(`${p.task}:${p.done}/${p.total}`); }, 20);
    window.stopWatch = () => clearInterval(t);
    return true;
  });
  assert(seen, 'watch');
  const input = await page.$('#folder');
  await input.uploadFile(dir);
  await page.waitForFunction(() => hp.stats().file === 'dicom' && JSON.stringify(hp.stats().dims) === '[256,256,96]',
    { timeout: 60000, polling: 100 });
  const p = await page.evaluate(() => { stopWatch(); return { seen: progressSeen, now: hp.stats().progress, heap: hp.stats().heapBytes }; });
  // The headers' phase can pass between two polls (96 small files); the slices' lasts seconds.
  assert(p.seen.some((s) => s.startsWith('decoding DICOM slices')) && p.now === null, `progress: ${p.seen.slice(0, 3)} … ${p.seen.slice(-2)}, after: ${JSON.stringify(p.now)}`);
  const volumeBytes = 4 * 256 * 256 * 96;
  assert(p.heap - heap0 <= volumeBytes + 4 * 256 * 256 + (16 << 20), `the heap grew by ${p.heap - heap0} bytes for a ${volumeBytes}-byte volume`);
  const shown = await volumeOf(page);
  await matches(page, shown.info, dir, { values: shown.values });
  // A dropped folder's reader hands its entries out in batches until an empty one: all are read,
  // subfolders too (a drop's entries, as the browser gives them, stood in for).
  const dropped = await page.evaluate(async () => {
    const file = (name) => ({ isFile: true, name, file: (ok) => ok(new File(['x'], name)) });
    const folder = (name, entries) => ({ isDirectory: true, name, createReader() {
      let at = 0;
      return { readEntries: (ok) => setTimeout(() => { ok(entries.slice(at, at + 100)); at += 100; }, 0) };
    } });
    const inner = folder('inner', Array.from({ length: 7 }, (_, i) => file(`i${i}.dcm`)));
    const top = folder('scan', [...Array.from({ length: 250 }, (_, i) => file(`s${i}.dcm`)), inner]);
    const { filesOfDrop } = await import(new URL('dicom_open.js', location.href).href);  // the page's own module
    const got = await filesOfDrop({ items: [{ kind: 'file', webkitGetAsEntry: () => top }] });
    return { count: got.files.length, folders: got.folders, last: got.files.at(-1).name };
  });
  assert(dropped.count === 257 && dropped.folders === 2 && dropped.last === 'scan/inner/i6.dcm', `a dropped folder: ${JSON.stringify(dropped)}`);
  // A plain volume opened while a DICOM folder reads: the DICOM load stops, the plain one stays.
  const raced = await page.evaluate(async (urls, b64) => {
    const dicom = hp.loadVolume(urls).then(() => 'opened', (e) => e.message);
    const plain = await hp.loadVolume(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)), { name: 'plain.nrrd' });
    await hp.frames(3);
    return { dicom: await dicom, plain: plain.file, shown: hp.stats().file };
  }, urlsOf(site, dir), nrrd([9, 8, 7], 'int16', voxels([9, 8, 7], 'int16', ctLike([9, 8, 7]))).toString('base64'));
  assert(/another load came first/.test(raced.dicom) && raced.plain === 'nrrd' && raced.shown === 'nrrd', `a load during a DICOM read: ${JSON.stringify(raced)}`);
  // Several files picked at once (Open file..., multiple).
  const few = series(site, 'few', { dims: [13, 11, 4] });
  const file = await page.$('#file');
  await file.uploadFile(...dicomFiles(few).map((f) => path.join(few, f)));
  await page.waitForFunction(() => JSON.stringify(hp.stats().dims) === '[13,11,4]', { timeout: 30000, polling: 100 });
}, { fresh: true, timeout: 120 });

// Inputs on which fuzz_dicom_decode (scripts/fuzz.sh) still finds GDCM 3.0.21's own bugs: not in
// the fuzz corpus (its replay would fail), kept in tests/dicom/known-bad/ (README there). Each
// opened as a series of two (the file and a copy one slice further) so that its pixels are
// decoded: a volume or a message, never a trap (the reader failing) or a page that stops drawing.
add('DICOM: the fuzzer\'s known-bad files (JPEG 2000 header over-reads in GDCM) each give a volume or a message, no trap, the page drawing on', async (page) => {
  const dir = path.join(ROOT, 'tests/dicom/known-bad');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.dcm')).sort();
  assert(files.length > 0, 'no known-bad files');
  for (const f of files) {
    const first = fs.readFileSync(path.join(dir, f));
    const second = Buffer.from(first);
    const at = second.indexOf('\\-38.7');  // its position's z, one slice further
    assert(at > 0, `${f}: no position to move`);
    second.write('\\-37.7', at, 'latin1');
    const r = await page.evaluate(async (a, b, name) => {
      const bytes = (s) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
      const before = hp.stats().frame;
      const got = await hp.loadVolume([bytes(a), bytes(b)], { name }).then((v) => `opened ${v.dims}`, (e) => `refused: ${e.message}`);
      await hp.frames(2);
      return { got, drew: hp.stats().frame - before, message: hp.stats().message };
    }, first.toString('base64'), second.toString('base64'), f);
    assert(/^opened |^refused: .*\S{8}/.test(r.got) && !/DICOM reader failed|RuntimeError|memory access/.test(r.got),
      `${f}: ${r.got}`);
    assert(r.drew >= 2, `${f}: the page drew ${r.drew} frames`);
  }
});

export default cases;
