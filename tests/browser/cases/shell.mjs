// The hollow shell (app/core/volume/hollow.h): a loaded volume's solid hollowed to a wall, with
// drain holes from each cavity's lowest points, meshed by the same compaction. A thick solid of
// ours (two fused balls, the value the distance inside, float32) as the page's files leave it:
// VTK (tests/mesh/check_shell.py) finds the shell closed, one region (the holes join the inner
// surface to the outer one: the air inside reaches the outside), the wall 2.0 ± 0.2 mm from the
// solid's surface over the inner surface's points; admesh finds nothing to fix; the material well
// under the solid's; without holes the cavity is sealed (two regions); a shell on a procedural
// volume is refused with a sentence.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assert } from '../lib.mjs';
import { admesh, sound } from './mesh_steps.mjs';

const QUERY = 'paused=1&clock=fixed&overlay=0&view=none&closed=1&volume=64';
const CHECK = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../mesh/check_shell.py');
const cases = [];
const add = (name, run, extra = {}) => cases.push({ name, query: QUERY, run, ...extra });

// 1 mm voxels: a ball of radius 21 mm and one of 11 mm fused to it, the value the distance
// inside the nearer surface (mm), iso 0.
export const DIMS = [64, 56, 52];
export function blobs() {
  const [X, Y, Z] = DIMS, v = new Float32Array(X * Y * Z);
  for (let z = 0; z < Z; z++)
    for (let y = 0; y < Y; y++)
      for (let x = 0; x < X; x++) {
        const a = 21 - Math.hypot(x - 26, y - 28, z - 26), b = 11 - Math.hypot(x - 46, y - 28, z - 30);
        v[x + X * (y + Y * z)] = Math.max(a, b);
      }
  return v;
}

const b64 = (u8) => Buffer.from(u8).toString('base64');

add('shell: 2 mm with two 5 mm drain holes: VTK finds it closed and one region, the wall 2.0 ± 0.2 mm over the inner surface, the material under half the solid; admesh fixes nothing; without holes two regions', async (page) => {
  const name = `blobs_${DIMS.join('x')}_float32.raw`;
  const loaded = await page.evaluate((data, name) => hp.loadVolume(Uint8Array.from(atob(data), (c) => c.charCodeAt(0)), { name })
    .then(() => '', (e) => e.message), b64(new Uint8Array(blobs().buffer)), name);
  assert(loaded === '', loaded);
  const got = await page.evaluate(async () => {
    const text = (u8) => {
      let s = '';
      for (let i = 0; i < u8.length; i += 0x8000) s += String.fromCharCode.apply(null, u8.subarray(i, i + 0x8000));
      return btoa(s);
    };
    await hp.set({ iso: 0, shell: 0, closed: 1 });
    const solidPly = text(await hp.exportMesh({ type: 'ply' }));
    const solid = await hp.meshReport();
    await hp.set({ shell: 2, drainHoles: 2, drainMm: 5, printUp: 'z' });
    const shellPly = text(await hp.exportMesh({ type: 'ply' }));
    const stl = text(await hp.exportMesh({ type: 'stl' }));
    const report = await hp.meshReport();
    const stats = hp.stats();
    await hp.set({ drainHoles: 0 });
    const sealed = await hp.meshReport();
    await hp.set({ shell: 0, drainHoles: 1 });
    return { solidPly, solid, shellPly, stl, report, shell: stats.shellMade, sealed };
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-shell-'));
  const file = (n, data) => { const f = path.join(dir, n); fs.writeFileSync(f, Buffer.from(data, 'base64')); return f; };
  const { report, solid, shell, sealed } = got;
  assert(shell && shell.wallMm === 2 && shell.cavities >= 1 && shell.holes === 2 && shell.holeAxesMm.length === 2,
    `hp.stats().shellMade ${JSON.stringify(shell)}`);
  assert(report.shell && report.shell.holes === 2, `the report's shell ${JSON.stringify(report.shell)}`);
  assert(report.boundaryEdges === 0 && report.nonManifoldEdges === 0 && report.pieces === 1,
    `the shell's report: ${report.boundaryEdges} boundary, ${report.nonManifoldEdges} non-manifold edges, ${report.pieces} pieces`);
  assert(solid.boundaryEdges === 0 && report.volumeMm3 < 0.5 * solid.volumeMm3,
    `material ${report.volumeMm3} mm³, the solid ${solid.volumeMm3} mm³`);
  assert(sealed.pieces === 2 && sealed.boundaryEdges === 0, `without holes: ${sealed.pieces} pieces`);
  const axes = path.join(dir, 'axes.json');
  fs.writeFileSync(axes, JSON.stringify(shell.holeAxesMm));
  const vtk = JSON.parse(execFileSync('/usr/bin/python3', [CHECK, file('shell.ply', got.shellPly), file('solid.ply', got.solidPly),
    axes, '2', '--hole-clear', '5'], { encoding: 'utf8', maxBuffer: 1 << 24 }));
  assert(vtk.boundaryEdges === 0 && vtk.nonManifoldEdges === 0 && vtk.regions === 1,
    `VTK: ${vtk.boundaryEdges} boundary, ${vtk.nonManifoldEdges} non-manifold edges, ${vtk.regions} regions`);
  assert(vtk.innerSampled > 1000 && vtk.outerPoints > 1000 && vtk.offWall === 0,
    `VTK: the wall over ${vtk.innerSampled} inner points ${JSON.stringify(vtk.wall)}, ${vtk.offWall} off 2.0 ± 0.2 (${vtk.offWallFirst})`);
  assert(Math.abs(vtk.volume / report.volumeMm3 - 1) < 1e-3, `VTK's volume ${vtk.volume}, the report's ${report.volumeMm3}`);
  const a = admesh(file('shell.stl', got.stl));
  sound(a, 'the shell');
  assert(a.parts === 1 && a.facets === report.triangles, `admesh: ${a.parts} parts, ${a.facets} facets (${report.triangles})`);
}, { timeout: 120 });

add('shell: refused on a procedural volume, with a sentence; the rows keep their values', async (page) => {
  const r = await page.evaluate(async () => {
    await hp.set({ source: 'metaballs', shell: 0 });
    const error = await hp.set({ shell: 2 }).then(() => '', (e) => e.message);
    return { error, shell: hp.stats().shellMade, value: hp.stats().shell };
  });
  assert(/shell=2 needs a loaded volume/.test(r.error) && r.shell === null && r.value === 0, `${r.error}; ${JSON.stringify(r.shell)}, shell=${r.value}`);
});

export default cases;
