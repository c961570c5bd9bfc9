// classify=labels: a label map's voxels between labels in one compaction, a closed mesh per
// label (surface nets over labels, app/core/mesh/label_nets.h). The stream and the mesh the GPU
// makes against the CPU reference in every mode (a volume of ours where three and four labels
// meet in single cells); the labels' names from an ITK-SNAP table and from a .seg.nrrd that
// teem's unu wrote; the exported meshes checked by VTK (tests/mesh/check_labels.py: each label
// closed, every interface the same triangles both ways round, volumes; from the PLY each
// triangle's other side paired with its twin, and a crack made on purpose found), glb by the
// Khronos validator and its nodes' names and colours read back by three.js; what is shown
// follows hp.showLabels; the refusals.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assert, exact, exactMesh } from '../lib.mjs';
import { PNG } from 'pngjs';
import { readGlbParts, readPly, readStl, validateGlb } from '../mesh_readers.mjs';

const QUERY = 'paused=1&clock=fixed&overlay=0&view=surface&atlas=512';
const CHECK = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../mesh/check_labels.py');
const cases = [];
const add = (name, run, extra = {}) => cases.push({ name, query: QUERY, run, ...extra });

// tests/mesh/check_labels.py on a file: {status (1: a violation found), report (its JSON)}.
function vtkCheck(args) {
  const r = spawnSync('/usr/bin/python3', [CHECK, ...args], { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.status !== 0 && r.status !== 1) throw new Error(`check_labels.py ${args.join(' ')}: ${r.status} ${r.stderr}`);
  return { status: r.status, report: JSON.parse(r.stdout) };
}

// The page's PLY of a label map (binary; a vertex x y z nx ny nz as floats, 24 bytes; a face the
// count 3, three uint indices, red green blue, int label, int other_label, 24 bytes): where the
// vertices and faces begin.
function plyLayout(bytes) {
  const head = Buffer.from(bytes.subarray(0, Math.min(bytes.length, 1 << 16))).toString('latin1');
  const end = head.indexOf('end_header\n') + 11;
  assert(/property uchar blue\nproperty int label\nproperty int other_label\nend_header/.test(head), `PLY header: ${head.slice(0, end)}`);
  const vertices = Number(/element vertex (\d+)/.exec(head)[1]), faces = Number(/element face (\d+)/.exec(head)[1]);
  return { vertexAt: end, faceAt: end + 24 * vertices, vertices, faces };
}
// A crack: the first triangle whose other side is a label gets one corner (its label's own
// vertex) moved 0.3 mm along x. That label's mesh stays closed, and so does the other's; only
// the faces they shared there no longer meet.
function crackPly(bytes) {
  const out = Uint8Array.from(bytes), dv = new DataView(out.buffer), l = plyLayout(out);
  for (let t = 0; t < l.faces; t++) {
    const at = l.faceAt + 24 * t;
    if (dv.getInt32(at + 20, true) === 0) continue;
    const x = l.vertexAt + 24 * dv.getUint32(at + 1, true);
    dv.setFloat32(x, dv.getFloat32(x, true) + 0.3, true);
    return { bytes: out, label: dv.getInt32(at + 16, true), other: dv.getInt32(at + 20, true) };
  }
  throw new Error('no triangle against another label in the PLY');
}
// Its faces' corners as written (the layout above): 9 floats a face, as three.js's PLYLoader
// gives them for faces with colours (not indexed).
function plyCorners(bytes) {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), l = plyLayout(bytes), out = new Float32Array(9 * l.faces);
  for (let t = 0; t < l.faces; t++)
    for (let k = 0; k < 3; k++) {
      const v = l.vertexAt + 24 * dv.getUint32(l.faceAt + 24 * t + 1 + 4 * k, true);
      for (let a = 0; a < 3; a++) out[9 * t + 3 * k + a] = dv.getFloat32(v + 4 * a, true);
    }
  return out;
}

// 40×36×30, uint16: four labels in quadrants of x and y (a line where four meet), a slab of 5
// over half of them (cells of three and four labels), a ball of 300 inside, background holes,
// and labels that run out through the volume's faces.
const DIMS = [40, 36, 30];
export function labelVolume([X, Y, Z] = DIMS) {
  const v = new Uint16Array(X * Y * Z);
  for (let z = 0; z < Z; z++)
    for (let y = 0; y < Y; y++)
      for (let x = 0; x < X; x++) {
        let l = 1 + (x >= X / 2 ? 1 : 0) + (y >= Y / 2 ? 2 : 0);
        if (z >= 2 * Z / 3 && x < X / 2) l = 5;
        if ((x - 12) ** 2 + (y - 20) ** 2 + (z - 10) ** 2 < 36) l = 300;
        if ((x * 7 + y * 3 + z * 5) % 97 === 0 || z < 2) l = 0;
        v[x + X * (y + Y * z)] = l;
      }
  return v;
}
const NAME = `labels_${DIMS.join('x')}_uint16.raw`;

export async function openLabels(page, table) {
  const b64 = Buffer.from(labelVolume().buffer).toString('base64');
  const r = await page.evaluate((b64, name, table) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    return hp.loadVolume(bytes, { name, ...(table ? { table: new TextEncoder().encode(table) } : {}) })
      .then(() => hp.set({ classify: 'labels' })).then(() => '', (e) => e.message);
  }, b64, NAME, table);
  assert(r === '', r);
}

const counts = () => {
  const c = new Map();
  for (const l of labelVolume()) if (l) c.set(l, (c.get(l) || 0) + 1);
  return c;
};

const MODES = [
  { pyramid: 'scalar', sums: 'float', route: 'vertex' },
  { pyramid: 'vec4', sums: 'uint', route: 'fragment' },
  { pyramid: 'baseline' },
  { pyramid: 'webgpu-scan', scan: 'blocks' },
  { pyramid: 'webgpu-scan', scan: 'single' },
  { pyramid: 'webgpu-pyramid' },
];
add('labels: every mode: the stream of voxels between labels and each label\'s mesh equal the CPU reference', async (page) => {
  await openLabels(page);
  for (const mode of MODES) {
    const n = await exact(page, { ...mode, classify: 'labels', source: 'file' }, { atLeast: 2000 });
    const values = new Set(await page.evaluate(async () => [...new Set((await hp.stream()).map((e) => e[3]))]));
    assert([1, 2, 3, 4, 5, 300].every((l) => values.has(l)) && !values.has(0), `${mode.pyramid}: labels in the stream ${[...values]}`);
    const m = await exactMesh(page, {}, { atLeast: 6 * n });
    assert(m.vertices % 6 === 0, `${mode.pyramid}: ${m.vertices} vertices, not whole quads`);
  }
}, { timeout: 240 });

add('labels: hp.labels, an ITK-SNAP table, hp.showLabels; the OBJ and PLY checked by VTK (closed, shared interfaces, each triangle\'s other side; a crack found), glb validated and its nodes named and coloured as the table', async (page) => {
  const table = '# ITK-SNAP Label Description File\n    0     0    0    0        0  0  0    "Clear Label"\n' +
    '    1   255    0    0        1  1  1    "Liver"\n    2     0  255    0        1  1  1    "Left kidney"\n' +
    '  300    10   20  250        1  1  1    "Tumour core"\n';
  await openLabels(page, table);
  const got = await page.evaluate(async () => {
    const labels = await hp.labels();
    const b64 = (u8) => {
      let s = '';
      for (let i = 0; i < u8.length; i += 0x8000) s += String.fromCharCode.apply(null, u8.subarray(i, i + 0x8000));
      return btoa(s);
    };
    const obj = b64(await hp.exportMesh({ type: 'obj' }));
    const glb = b64(await hp.exportMesh({ type: 'glb' }));
    const ply = b64(await hp.exportMesh({ type: 'ply' }));
    const report = await hp.meshReport();
    await hp.showLabels([300, 2]);
    const shown = (await hp.labels({ mesh: false })).filter((l) => l.shown).map((l) => l.value);
    const objShown = b64(await hp.exportMesh({ type: 'obj' }));
    const stl = await hp.exportMesh({ type: 'stl' });
    const stlShown = b64(stl), plyShown = b64(await hp.exportMesh({ type: 'ply' }));
    await hp.showLabels([]);
    await hp.set({ smooth: 10, pieces: 'largest' });
    const smoothed = b64(await hp.exportMesh({ type: 'ply' }));
    const smoothReport = await hp.meshReport();
    await hp.set({ smooth: 0, pieces: 'all' });
    return { labels, obj, glb, ply, report, shown, objShown, stlShown, plyShown, stlTriangles: new DataView(stl.buffer).getUint32(80, true),
      smoothed, smoothReport };
  });
  const c = counts();
  assert(got.labels.length === c.size, `${got.labels.length} labels, the volume has ${c.size}`);
  for (const l of got.labels) {
    assert(l.voxels === c.get(l.value), `label ${l.value}: ${l.voxels} voxels, ${c.get(l.value)} counted here`);
    assert(l.triangles > 0 && l.boundaryEdges === 0, `label ${l.value}: ${l.triangles} triangles, ${l.boundaryEdges} boundary edges`);
  }
  const byValue = Object.fromEntries(got.labels.map((l) => [l.value, l]));
  assert(byValue[1].name === 'Liver' && byValue[1].color === '#ff0000', `label 1: ${JSON.stringify(byValue[1])}`);
  assert(byValue[300].name === 'Tumour core' && byValue[5].name === 'label 5', `names ${got.labels.map((l) => l.name)}`);
  assert(got.report.labels.length === c.size, 'the report\'s labels');
  assert(JSON.stringify(got.shown) === '[2,300]', `shown ${got.shown}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-labels-'));
  const write = (name, b64) => { const f = path.join(dir, name); fs.writeFileSync(f, Buffer.from(b64, 'base64')); return f; };
  // One run of the checker (VTK loads once) for the files that must pass, one for the crack.
  const checked = vtkCheck([write('all.obj', got.obj), write('shown.obj', got.objShown), '--ply', write('all.ply', got.ply),
    '--ply', write('smooth.ply', got.smoothed)]);
  const [vtk, shownOnly, ply, smooth] = checked.report;
  assert(vtk.groups.length === c.size, `VTK read ${vtk.groups.length} groups`);
  for (const g of vtk.groups) {
    assert(g.boundaryEdges === 0, `${g.name}: VTK finds ${g.boundaryEdges} boundary edges`);
    const mine = got.labels.find((l) => l.name.replace(/\s/g, '_') === g.name);
    assert(mine && g.triangles === mine.triangles, `${g.name}: ${g.triangles} triangles in the file, the report ${mine && mine.triangles}`);
    // The enclosed volume, mm³ (spacing 1): the voxels' within 3% for the larger labels.
    if (mine.voxels >= 1000) assert(Math.abs(g.volume / mine.voxels - 1) < 0.03, `${g.name}: volume ${g.volume} for ${mine.voxels} voxels`);
  }
  assert(vtk.violationCount === 0, `interfaces: ${JSON.stringify(vtk.violations)}`);
  assert(vtk.shared > 500 && vtk.alone > 500, `shared ${vtk.shared}, against the background ${vtk.alone}`);
  // The PLY (read by VTK's vtkPLYReader too): each face's label and other side. Every triangle
  // whose other side is the background is held once, every other has its twin in that label's
  // mesh; with one interface triangle moved, the checker finds the crack and exits 1 (the
  // interface check by holders alone passes it: each label still closed, no face held thrice).
  assert(ply.pairViolationCount === 0 && ply.violationCount === 0,
    `PLY pairs: ${JSON.stringify(ply.pairViolations)} ${JSON.stringify(ply.violations)}`);
  assert(ply.groups.length === c.size && ply.shared === vtk.shared && ply.background === vtk.alone,
    `PLY: ${ply.groups.length} groups, ${ply.shared} shared, ${ply.background} against the background (OBJ ${vtk.shared}, ${vtk.alone})`);
  const crack = crackPly(new Uint8Array(Buffer.from(got.ply, 'base64')));
  const cracked = vtkCheck(['--ply', write('cracked.ply', Buffer.from(crack.bytes).toString('base64'))]);
  assert(cracked.status === 1 && cracked.report.pairViolationCount > 0 && cracked.report.pairViolations[0].kind === 'no twin in the other label',
    `label ${crack.label}'s triangle against ${crack.other} moved: status ${cracked.status}, ${JSON.stringify(cracked.report.pairViolations?.slice(0, 2))}`);
  assert(cracked.report.violationCount === 0 && cracked.report.groups.every((g) => g.boundaryEdges === 0),
    `the crack: the holders check finds ${cracked.report.violationCount}, boundary edges ${cracked.report.groups.map((g) => g.boundaryEdges)}`);
  assert(shownOnly.groups.map((g) => g.name).sort().join() === 'Left_kidney,Tumour_core', `shown groups ${shownOnly.groups.map((g) => g.name)}`);
  assert(got.stlTriangles === byValue[2].triangles + byValue[300].triangles, `STL of the shown: ${got.stlTriangles} triangles`);
  // The shown labels' STL and PLY (a colour a face) as three.js reads them.
  const shownTriangles = byValue[2].triangles + byValue[300].triangles;
  const stl3 = readStl(new Uint8Array(Buffer.from(got.stlShown, 'base64')));
  const ply3 = readPly(new Uint8Array(Buffer.from(got.plyShown, 'base64')));
  assert(stl3.faces === shownTriangles && ply3.faces === shownTriangles, `three.js: STL ${stl3.faces}, PLY ${ply3.faces} faces, ${shownTriangles} shown`);
  const corners = plyCorners(new Uint8Array(Buffer.from(got.plyShown, 'base64')));
  assert(ply3.positions.length === corners.length && corners.every((x, i) => x === ply3.positions[i]),
    'three.js reads other faces from the PLY than it holds (its label and other_label properties misread)');
  // Smoothed (Taubin, the labels' union) with each label's largest piece: still closed, the shared
  // faces still the same triangles both ways round, the volumes near the voxels'.
  // Each triangle's other side kept through the steps: the pairs too (the PLY).
  assert(smooth.violationCount === 0 && smooth.pairViolationCount === 0 && smooth.shared > 500,
    `smoothed interfaces: ${smooth.shared} shared, ${JSON.stringify(smooth.violations)} ${JSON.stringify(smooth.pairViolations)}`);
  assert(checked.status === 0, `the checker exits ${checked.status} on sound files`);
  for (const g of smooth.groups) {
    assert(g.boundaryEdges === 0, `smoothed ${g.name}: ${g.boundaryEdges} boundary edges`);
    const mine = got.labels.find((l) => l.name.replace(/\s/g, '_') === g.name);
    if (mine.voxels >= 1000) assert(Math.abs(g.volume / mine.voxels - 1) < 0.04, `smoothed ${g.name}: volume ${g.volume} for ${mine.voxels} voxels`);
  }
  assert(got.smoothReport.steps.smooth === 10 && got.smoothReport.piecesKept === c.size, `steps ${JSON.stringify(got.smoothReport.steps)}, kept ${got.smoothReport.piecesKept}`);
  const glbBytes = new Uint8Array(Buffer.from(got.glb, 'base64'));
  const v = await validateGlb(glbBytes);
  assert(v.errors === 0, `glb: ${v.messages.join('; ')}`);
  // Its nodes as three.js's GLTFLoader reads them: a node a label, named and coloured as the
  // table says (sRGB back from the material's linear colour), with the label's triangles.
  const nodes = await readGlbParts(glbBytes);
  const close = (a, b) => [1, 3, 5].every((i) => Math.abs(parseInt(a.slice(i, i + 2), 16) - parseInt(b.slice(i, i + 2), 16)) <= 1);
  assert(nodes.length === got.labels.length, `glb: ${nodes.length} nodes, ${got.labels.length} labels`);
  for (const l of got.labels) {
    const n = nodes.find((x) => x.name === l.name);
    assert(n && close(n.color, l.color) && n.faces === l.triangles,
      `glb: label ${l.value} is ${l.name} ${l.color} with ${l.triangles} triangles, its node ${JSON.stringify(n)}`);
  }
  const lines = { Liver: '#ff0000', 'Left kidney': '#00ff00', 'Tumour core': '#0a14fa' };  // the ITK-SNAP table's
  for (const [name, color] of Object.entries(lines))
    assert(nodes.some((n) => n.name === name && close(n.color, color)), `glb: no node ${name} ${color} (${nodes.map((n) => `${n.name} ${n.color}`)})`);
  fs.rmSync(dir, { recursive: true, force: true });
}, { timeout: 180 });

add('labels: decimated to a quarter, each interface simplified once: VTK finds every label closed, every shared face paired both ways round with its other side, the volumes within 1% of the smoothed meshes\'', async (page) => {
  await openLabels(page);
  const got = await page.evaluate(async () => {
    const b64 = (u8) => {
      let s = '';
      for (let i = 0; i < u8.length; i += 0x8000) s += String.fromCharCode.apply(null, u8.subarray(i, i + 0x8000));
      return btoa(s);
    };
    await hp.set({ labelSmooth: 10, decimate: 0 });
    const smoothed = b64(await hp.exportMesh({ type: 'ply' }));
    const before = await hp.meshReport();
    const target = Math.round(before.triangles / 4);
    await hp.set({ decimate: target });
    const decimated = b64(await hp.exportMesh({ type: 'ply' }));
    const after = await hp.meshReport();
    await hp.set({ decimate: 0 });
    return { smoothed, decimated, before, after, target };
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-labels-'));
  const write = (name, b64) => { const f = path.join(dir, name); fs.writeFileSync(f, Buffer.from(b64, 'base64')); return f; };
  const checked = vtkCheck(['--ply', write('smooth.ply', got.smoothed), '--ply', write('decimated.ply', got.decimated)]);
  const [smooth, dec] = checked.report;
  const { before, after, target } = got;
  assert(checked.status === 0 && dec.violationCount === 0 && dec.pairViolationCount === 0 && dec.shared > 100,
    `decimated interfaces: ${dec.shared} shared, ${JSON.stringify(dec.violations)} ${JSON.stringify(dec.pairViolations)}`);
  assert(after.decimatedFrom === before.triangles && Math.abs(after.triangles - target) <= 0.1 * target,
    `${after.triangles} triangles from ${after.decimatedFrom}, the target ${target}`);
  assert(after.decimateErrorMm > 0 && after.decimateErrorMm <= after.steps.maxErrorMm,
    `error ${after.decimateErrorMm} mm, bound ${after.steps.maxErrorMm}`);
  const c = counts();
  assert(dec.groups.length === c.size && smooth.groups.length === c.size, `${dec.groups.length} groups decimated, ${smooth.groups.length} smoothed`);
  for (const g of dec.groups) {
    const s = smooth.groups.find((x) => x.name === g.name);
    const mine = after.labels.find((l) => l.name.replace(/\s/g, '_') === g.name);
    assert(g.boundaryEdges === 0 && g.nonManifoldEdges <= s.nonManifoldEdges,
      `${g.name}: ${g.boundaryEdges} boundary, ${g.nonManifoldEdges} non-manifold edges (${s.nonManifoldEdges} smoothed)`);
    assert(g.triangles < s.triangles && g.triangles === mine.triangles, `${g.name}: ${g.triangles} triangles, ${s.triangles} smoothed, the report ${mine.triangles}`);
    if (mine.voxels >= 1000) assert(Math.abs(g.volume / s.volume - 1) < 0.01, `${g.name}: volume ${g.volume}, smoothed ${s.volume}`);
  }
});

add('labels: a .seg.nrrd written by teem\'s unu names its segments; a 2-layer one is refused', async (page) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-seg-'));
  const raw = path.join(dir, 'lab.raw'), seg = path.join(dir, 'liver.seg.nrrd');
  fs.writeFileSync(raw, Buffer.from(labelVolume().buffer));
  execFileSync('teem-unu', ['make', '-i', raw, '-t', 'ushort', '-s', ...DIMS.map(String), '-e', 'raw', '-en', 'little',
    '-spc', 'LPS', '-dirs', '(1,0,0) (0,1,0) (0,0,1)', '-kv', 'Segment0_Layer:=0', 'Segment0_Name:=Liver',
    'Segment0_LabelValue:=1', 'Segment0_Color:=0.8 0.2 0.1', 'Segment1_Name:=Tumour core', 'Segment1_LabelValue:=300',
    'Segment1_Color:=0.1 0.5 0.9', 'Segment1_Layer:=0', '-o', seg]);
  const bytes = fs.readFileSync(seg).toString('base64');
  const r = await page.evaluate(async (b64) => {
    const b = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    await hp.loadVolume(b, { name: 'liver.seg.nrrd' });
    await hp.set({ classify: 'labels' });
    return hp.labels({ mesh: false });
  }, bytes);
  const byValue = Object.fromEntries(r.map((l) => [l.value, l]));
  assert(byValue[1].name === 'Liver' && byValue[1].color === '#cc331a', `label 1: ${JSON.stringify(byValue[1])}`);
  assert(byValue[300].name === 'Tumour core' && byValue[2].name === 'label 2', `names ${r.map((l) => l.name)}`);
  const layered = path.join(dir, 'layers.seg.nrrd');
  execFileSync('teem-unu', ['make', '-i', raw, '-t', 'ushort', '-s', ...DIMS.map(String), '-e', 'raw', '-en', 'little',
    '-kv', 'Segment0_Layer:=0', 'Segment0_Name:=Liver', 'Segment0_LabelValue:=1', 'Segment1_Name:=Vessels',
    'Segment1_LabelValue:=1', 'Segment1_Layer:=1', '-o', layered]);
  const refused = await page.evaluate((b64) => hp.loadVolume(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)),
    { name: 'layers.seg.nrrd' }).then(() => '', (e) => e.message), fs.readFileSync(layered).toString('base64'));
  assert(/2 layers/.test(refused), refused);
  fs.rmSync(dir, { recursive: true, force: true });
});

// A click names the label under it: hp.labelAt at the 3D view's centre is the label whose colour
// the view drew there; hidden, the ray goes on past it; alone, it is found again.
add('labels: the label under a point of the 3D view (what a click names) is the one drawn there', async (page) => {
  await openLabels(page);
  await page.evaluate(() => hp.set({ pyramid: 'scalar', view: 'surface', color: 'label' }).then(() => hp.frames(2)));
  const s = await page.evaluate(() => hp.stats());
  const r = s.layout.surface;
  const [x, y] = [r.x + r.width / 2, r.y + r.height / 2];
  const hit = await page.evaluate((x, y) => hp.labelAt(x, y), x, y);
  assert(hit && hit.value > 0, `nothing under the centre: ${JSON.stringify(hit)}`);
  const labels = await page.evaluate(() => hp.labels({ mesh: false }));
  const png = PNG.sync.read(await page.screenshot({ clip: { x: Math.round(x) - 1, y: Math.round(y) - 1, width: 3, height: 3 } }));
  const px = [png.data[16], png.data[17], png.data[18]];
  const unit = (c) => { const n = Math.hypot(...c) || 1; return c.map((v) => v / n); };
  const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const p = unit(px);
  const closest = labels.map((l) => ({ l, cos: unit(rgb(l.color)).reduce((a, v, i) => a + v * p[i], 0) }))
    .sort((a, b) => b.cos - a.cos)[0].l;
  assert(closest.value === hit.value, `drawn ${px} (nearest ${closest.name}), picked ${hit.name}`);
  const others = labels.filter((l) => l.value !== hit.value).map((l) => l.value);
  const behind = await page.evaluate((others, x, y) => hp.showLabels(others).then(() => hp.labelAt(x, y)), others, x, y);
  assert(!behind || behind.value !== hit.value, `hidden ${hit.name} still picked`);
  const alone = await page.evaluate((v, x, y) => hp.showLabels([v]).then(() => hp.labelAt(x, y)), hit.value, x, y);
  assert(alone && alone.value === hit.value, `alone: ${JSON.stringify(alone)}`);
  await page.evaluate(() => hp.showLabels([]));
});

// A person picks (or drops) a label map and its table together: the volume opens, then the
// table names its labels.
add('labels: a volume and its table picked together: the table names the labels', async (page) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-pick-'));
  const raw = path.join(dir, NAME), table = path.join(dir, 'labels.nii.txt');
  fs.writeFileSync(raw, Buffer.from(labelVolume().buffer));
  fs.writeFileSync(table, '1 Liver\r\n2 Spleen\r\n300 Tumour core\r\n');
  await (await page.$('#file')).uploadFile(raw, table);
  await page.waitForFunction(() => hp.labels({ mesh: false }).then((l) => l.some((x) => x.name === 'Spleen'), () => false),
    { timeout: 30000, polling: 200 });
  const names = await page.evaluate(() => hp.labels({ mesh: false }).then((l) => l.map((x) => x.name)));
  assert(names.join() === 'Liver,Spleen,label 3,label 4,label 5,Tumour core', `names ${names}`);
  fs.rmSync(dir, { recursive: true, force: true });
});

add('labels: refused where there is no label map; the demo goes on', async (page) => {
  const before = await page.evaluate(() => hp.stats());
  const r = await page.evaluate(() => hp.set({ source: 'metaballs', classify: 'labels' }).then(() => '', (e) => e.message));
  assert(/classify=labels needs a label map/.test(r), r);
  const s = await page.evaluate(() => hp.stats());
  assert(s.classify === before.classify && s.source === before.source, `the state moved: ${s.classify} ${s.source}`);
  // A scan's intensities are no label map either: more than 65536 values, or fractions.
  for (const [step, why] of [[1, /more than 65536 distinct values/], [0.5, /not whole numbers/]]) {
    const ct = await page.evaluate(async (step) => {
      const v = new Float32Array(70 * 40 * 30);
      for (let i = 0; i < v.length; i++) v[i] = i * step;
      await hp.loadVolume(new Uint8Array(v.buffer), { name: 'scan_70x40x30_float32.raw' });
      return hp.set({ classify: 'labels' }).then(() => '', (e) => e.message);
    }, step);
    assert(why.test(ct) && /not a label map/.test(ct), ct);
  }
  await page.evaluate(() => hp.set({ source: 'metaballs', classify: 'surface' }));
  await exact(page, { classify: 'surface', volume: 64 }, { atLeast: 100 });
});

// The AAL sample's table (116 named labels, on the sample's one load): its golden case (goldens.mjs).

export default cases;
