// The 3MF the page writes for a printer (hp.exportMesh({type: '3mf'})), read back by three tools
// no one here wrote: lib3mf, the 3MF Consortium's reference library (tests/mesh/read_3mf.cpp,
// built with the native tests), PrusaSlicer 2.5's command line (--info, and a G-code sliced from
// it), and three.js's 3MFLoader in the page's own browser. A surface: one object in millimetres,
// closed, its volume the report's. A label map: an object a label, named and coloured as its
// table (a base material and a colour group colour), one object of them all as components.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assert } from '../lib.mjs';
import { openLabels } from './labels.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const READER = path.join(ROOT, 'build/native/read_3mf');
const THREE = path.join(ROOT, 'tests/node_modules/three');
const QUERY = 'paused=1&clock=fixed&overlay=0&view=none&atlas=512';
const cases = [];
const add = (name, run, extra = {}) => cases.push({ name, query: QUERY, run, ...extra });

// The page's 3MF and its report, the file written to a folder of its own.
async function export3mf(page, dir) {
  const got = await page.evaluate(async () => {
    const bytes = await hp.exportMesh({ type: '3mf' });
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    const report = await hp.meshReport();
    const labels = hp.stats().classify === 'labels' ? (await hp.labels()).filter((l) => l.triangles > 0) : [];
    return { b64: btoa(s), report, labels };
  });
  const file = path.join(dir, 'mesh.3mf');
  fs.writeFileSync(file, Buffer.from(got.b64, 'base64'));
  return { ...got, file };
}

function lib3mf(file) {
  assert(fs.existsSync(READER), `${READER} is not built: scripts/setup.sh --test-tier installs lib3mf-dev, then the native build makes it`);
  return JSON.parse(execFileSync(READER, [file], { encoding: 'utf8', maxBuffer: 1 << 26 }));
}

// PrusaSlicer's --info: a block of `key = value` lines an object.
function prusaInfo(file) {
  const text = execFileSync('prusa-slicer', ['--info', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return text.split(/^\[.*\]$/m).slice(1).map((block) => Object.fromEntries(
    block.trim().split('\n').map((l) => l.split('=').map((s) => s.trim())).filter((kv) => kv.length === 2)));
}

// three.js's 3MFLoader in the page: three, fflate and the loader as modules from blob URLs (the
// site serves neither). [{name, triangles, colors: ['#rrggbb' of its triangles' vertex colours or its material]}]
async function threeInPage(page, b64) {
  const src = (p) => fs.readFileSync(path.join(THREE, p), 'utf8');
  return page.evaluate(async (three, fflate, loader, b64) => {
    const url = (text) => URL.createObjectURL(new Blob([text], { type: 'text/javascript' }));
    const threeUrl = url(three);
    const loaderUrl = url(loader.replace("from 'three'", `from '${threeUrl}'`)
      .replace("from '../libs/fflate.module.js'", `from '${url(fflate)}'`));
    const { ThreeMFLoader } = await import(loaderUrl);
    const { Color } = await import(threeUrl);
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const group = new ThreeMFLoader().parse(bytes.buffer);
    const meshes = [];
    group.traverse((o) => {
      if (!o.isMesh) return;
      const g = o.geometry, colours = new Set();
      const c = g.getAttribute('color');
      if (c) for (let i = 0; i < c.count; i++) colours.add(`#${new Color(c.getX(i), c.getY(i), c.getZ(i)).getHexString()}`);
      else colours.add(`#${o.material.color.getHexString()}`);
      meshes.push({ name: o.name, triangles: (g.index ? g.index.count : g.getAttribute('position').count) / 3, colors: [...colours] });
    });
    return meshes;
  }, src('build/three.module.js'), src('examples/jsm/libs/fflate.module.js'), src('examples/jsm/loaders/3MFLoader.js'), b64);
}

const near = (a, b, rel = 1e-4) => Math.abs(a - b) <= rel * Math.abs(b);

add('3MF of a surface: lib3mf reads one closed object in mm, its triangles and volume the report\'s; PrusaSlicer finds it manifold and slices it; three.js reads it', async (page) => {
  await page.evaluate(() => hp.set({ volume: 64, source: 'metaballs', time: 1.5, iso: 0.5, classify: 'surface', closed: 1 }));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-3mf-'));
  try {
    const { file, report, b64 } = await export3mf(page, dir);
    const m = lib3mf(file);
    assert(m.unit === 'millimeter' && m.warnings === 0 && m.objects.length === 1, `lib3mf: ${JSON.stringify(m).slice(0, 300)}`);
    const [o] = m.objects;
    assert(o.type === 'mesh' && o.name === 'surface' && m.build.length === 1 && m.build[0] === o.id, `lib3mf: ${JSON.stringify(o)}`);
    assert(o.triangles === report.triangles && o.vertices === report.vertices && o.manifold,
      `lib3mf: ${o.triangles} triangles, ${o.vertices} vertices, manifold ${o.manifold}; the report ${report.triangles}, ${report.vertices}`);
    assert(report.volumeMm3 > 1000 && near(o.volume, report.volumeMm3), `lib3mf's volume ${o.volume} mm³, the report's ${report.volumeMm3}`);
    const info = prusaInfo(file);
    assert(info.length === 1 && info[0].manifold === 'yes' && Number(info[0].number_of_facets) === report.triangles &&
      near(Number(info[0].volume), report.volumeMm3, 1e-3), `PrusaSlicer --info: ${JSON.stringify(info)}`);
    const gcode = path.join(dir, 'mesh.gcode');
    execFileSync('prusa-slicer', ['--export-gcode', '--dont-arrange', '--center', '100,100', '-o', gcode, file], { stdio: 'ignore' });
    const g = fs.readFileSync(gcode, 'utf8');
    assert(/^G1 .*E/m.test(g) && g.split('\n').length > 1000, `PrusaSlicer's G-code: ${g.length} bytes`);
    const three = await threeInPage(page, b64);
    assert(three.length === 1 && three[0].triangles === report.triangles && three[0].name === 'surface', `three.js: ${JSON.stringify(three)}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

add('3MF of a label map: an object a label, named and coloured as the table (base material, colour group), assembled as one object\'s components; lib3mf, PrusaSlicer and three.js read them', async (page) => {
  // Names that XML must escape, and one beyond ASCII (UTF-8 in the file).
  const table = '# ITK-SNAP Label Description File\n    1   255    0    0        1  1  1    "Liver & <lobes>"\n' +
    '    2     0  255    0        1  1  1    "Left \'kidney\'"\n  300    10   20  250        1  1  1    "Tumeur maligne ÿ"\n';
  await openLabels(page, table);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-3mf-'));
  try {
    const { file, labels, b64 } = await export3mf(page, dir);
    assert(labels.length >= 5, `${labels.length} labels with triangles`);
    const m = lib3mf(file);
    const meshes = m.objects.filter((o) => o.type === 'mesh'), groups = m.objects.filter((o) => o.type === 'components');
    assert(m.unit === 'millimeter' && m.warnings === 0 && meshes.length === labels.length && groups.length === 1,
      `lib3mf: ${m.unit}, ${m.warnings} warnings, ${meshes.length} meshes for ${labels.length} labels, ${groups.length} assemblies`);
    assert(m.build.length === 1 && m.build[0] === groups[0].id && groups[0].name === 'labels' &&
      JSON.stringify(groups[0].components) === JSON.stringify(meshes.map((o) => o.id)), `lib3mf's assembly: ${JSON.stringify(groups[0])}, build ${m.build}`);
    labels.forEach((l, i) => {
      const o = meshes[i], name = l.name, colour = l.color.toUpperCase();
      // Manifold as lib3mf judges it exactly where the page's report finds no open or non-manifold
      // edge (surface nets can pinch a label's own surface where it touches itself diagonally).
      assert(o.name === name && o.material?.name === name && o.material?.color === colour && o.triangles === l.triangles &&
        JSON.stringify(o.colors) === JSON.stringify({ [colour]: l.triangles }) &&
        o.manifold === (l.boundaryEdges === 0 && l.nonManifoldEdges === 0),
      `lib3mf: label ${l.value} ${JSON.stringify(l.name)} ${l.color} with ${l.triangles} triangles read as ${JSON.stringify(o)}`);
    });
    assert(meshes[0].name === 'Liver & <lobes>', `lib3mf reads the first name as ${JSON.stringify(meshes[0].name)}`);
    const info = prusaInfo(file);
    assert(info.length === labels.length && info.every((b, i) => Number(b.number_of_facets) === labels[i].triangles),
      `PrusaSlicer --info: ${JSON.stringify(info.map((b) => b.number_of_facets))}, the labels' ${JSON.stringify(labels.map((l) => l.triangles))} triangles`);
    const three = await threeInPage(page, b64);
    assert(three.length === labels.length, `three.js: ${three.length} meshes, ${labels.length} labels`);
    labels.forEach((l, i) => assert(three[i].name === l.name && three[i].triangles === l.triangles &&
      three[i].colors.length === 1 && three[i].colors[0] === l.color.toLowerCase(),
    `three.js: label ${l.value} ${l.name} ${l.color} read as ${JSON.stringify(three[i])}`));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

export default cases;
