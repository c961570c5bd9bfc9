// The mesh that leaves the page (app/core/mesh/mesh_process.h): the CT head sample at its bone
// preset, closed, as the raw surface, its largest piece, and processed (10 Taubin iterations,
// decimated to 100,000 triangles), each checked by tools no one here wrote: admesh (parts,
// degenerate facets, what it had to fix) and VTK (tests/mesh/check_mesh.py: boundary and
// non-manifold edges, enclosed volume, distance to the unprocessed surface); hp.meshReport()
// against both. Then the progress of work over many slices, the page drawing meanwhile, and
// the rows' refusals.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assert } from '../lib.mjs';

const QUERY = 'paused=1&clock=fixed&overlay=0&view=none&volume=64';  // 64³ at first: each case loads or sets its own volume
const CHECK = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../mesh/check_mesh.py');
const cases = [];
const add = (name, run, more = {}) => cases.push({ name, query: QUERY, run, ...more });

// admesh's counts for an STL: {facets, parts, degenerate, fixed (edges), removed, added, reversed,
// backwards, disconnected (facets with 1, 2 or 3 disconnected edges, before its fixes), volume}.
export function admesh(file) {
  const text = execFileSync('admesh', [file], { encoding: 'utf8', maxBuffer: 1 << 22 });
  const n = (label, column = 0) => {
    const line = text.split('\n').find((l) => l.trim().startsWith(label));
    assert(line, `admesh printed no '${label}' line:\n${text}`);
    return Number(line.split(':')[1].trim().split(/\s+/)[column]);
  };
  return { facets: n('Number of facets'), parts: n('Number of parts'), degenerate: n('Degenerate facets'),
    fixed: n('Edges fixed'), removed: n('Facets removed'), added: n('Facets added'), reversed: n('Facets reversed'),
    backwards: n('Backwards edges'), disconnected: n('Total disconnected facets'),
    volume: Number(text.match(/Volume\s*:\s*([-\d.]+)/)[1]) };
}
const vtkCheck = (...files) => JSON.parse(execFileSync('/usr/bin/python3', [CHECK, ...files], { encoding: 'utf8' }));
export const sound = (a, what) => {
  for (const k of ['degenerate', 'fixed', 'removed', 'added', 'reversed', 'backwards', 'disconnected'])
    assert(a[k] === 0, `${what}: admesh ${k} ${a[k]}, not 0`);
};

add('CT head at bone, closed: raw, largest piece and processed (10 smoothing iterations, 100,000 triangles) pass admesh and VTK; hp.meshReport agrees', async (page) => {
  const r = await page.evaluate(async () => {
    if (!(await hp.samples()).some((s) => s.name === 'ct-head')) return { missing: true };
    await hp.loadSample('ct-head');
    const b64 = (bytes) => { let s = ''; for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000)); return btoa(s); };
    const out = {};
    const take = async (name, settings) => {
      await hp.set(settings);
      out[name] = { report: await hp.meshReport(), stl: b64(await hp.exportMesh({ type: 'stl' })) };
    };
    await take('raw', { closed: 1, pieces: 'all', smooth: 0, decimate: 0 });
    await take('largest', { pieces: 'largest' });
    await take('processed', { smooth: 10, decimate: 100000 });
    out.processed.obj = b64(await hp.exportMesh({ type: 'obj' }));
    out.processed.ply = b64(await hp.exportMesh({ type: 'ply' }));
    return out;
  });
  if (r.missing) return 'skipped: setup could not fetch the CT sample';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-mesh-'));
  try {
    const file = (name, ext) => {
      const f = path.join(dir, `${name}.${ext}`);
      fs.writeFileSync(f, Buffer.from(r[name][ext], 'base64'));
      return f;
    };
    // The raw surface: every piece, zero-area triangles merged away (the iso hits whole HU).
    const raw = r.raw.report, aRaw = admesh(file('raw', 'stl'));
    sound(aRaw, 'raw');
    assert(raw.zeroAreaTriangles === 0 && raw.zeroAreaMerged > 1000, `raw: ${raw.zeroAreaTriangles} zero-area left, ${raw.zeroAreaMerged} merged`);
    assert(raw.boundaryEdges === 0 && raw.nonManifoldEdges === 0, `raw: ${raw.boundaryEdges} boundary, ${raw.nonManifoldEdges} non-manifold`);
    assert(aRaw.facets === raw.triangles && aRaw.parts === raw.pieces && raw.pieces > 150,
      `raw: admesh ${aRaw.facets} facets in ${aRaw.parts} parts; report ${raw.triangles} in ${raw.pieces}`);
    // The largest piece alone.
    const big = r.largest.report, aBig = admesh(file('largest', 'stl'));
    sound(aBig, 'largest');
    assert(big.pieces === 1 && aBig.parts === 1 && big.piecesBefore === raw.pieces, `largest: ${big.pieces} pieces, admesh ${aBig.parts}`);
    // Processed: closed, manifold, no zero-area triangle; volume and shape kept.
    const p = r.processed.report, aP = admesh(file('processed', 'stl'));
    sound(aP, 'processed');
    assert(aP.parts === 1 && aP.facets === p.triangles, `processed: admesh ${aP.facets} facets in ${aP.parts} parts, report ${p.triangles}`);
    assert(p.triangles <= 100000 && p.triangles > 95000 && p.decimatedFrom === big.triangles,
      `processed: ${p.triangles} triangles from ${p.decimatedFrom}`);
    const v = vtkCheck(file('processed', 'stl'), file('largest', 'stl'));
    assert(v.boundaryEdges === 0 && v.nonManifoldEdges === 0 && v.pieces === 1,
      `VTK: ${v.boundaryEdges} boundary, ${v.nonManifoldEdges} non-manifold edges, ${v.pieces} pieces`);
    assert(Math.abs(v.volume - v.refVolume) <= 0.02 * v.refVolume, `VTK volume ${v.volume} mm³, unprocessed ${v.refVolume}`);
    assert(Math.abs(v.volume - p.volumeMm3) <= 1e-4 * v.volume && Math.abs(v.area - p.areaMm2) <= 1e-4 * v.area,
      `VTK ${v.volume} mm³, ${v.area} mm²; report ${p.volumeMm3}, ${p.areaMm2}`);
    const half = 0.957 / 2;  // half the smallest voxel spacing
    assert(v.meanDistance <= half, `mean distance to the unprocessed surface ${v.meanDistance} mm (at most ${half})`);
    // OBJ and PLY hold the same indexed mesh (VTK reads them).
    for (const ext of ['obj', 'ply']) {
      const o = vtkCheck(file('processed', ext));
      assert(o.cells === p.triangles && o.points === p.vertices && o.boundaryEdges === 0 && o.nonManifoldEdges === 0,
        `${ext}: VTK ${o.cells} triangles, ${o.points} points, ${o.boundaryEdges} boundary; report ${p.triangles}, ${p.vertices}`);
      assert(Math.abs(o.volume - p.volumeMm3) <= 1e-4 * o.volume, `${ext}: VTK ${o.volume} mm³, report ${p.volumeMm3}`);
    }
    return `raw ${raw.triangles} triangles in ${raw.pieces} pieces (${raw.zeroAreaMerged} zero-area merged); processed ${p.triangles}, ` +
      `volume ${(100 * (v.volume / v.refVolume - 1)).toFixed(2)}%, mean distance ${v.meanDistance.toFixed(3)} mm`;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, { timeout: 240 });

add('a long mesh (noise 128³, 100 smoothing iterations) shows its progress in hp.stats() while the page keeps drawing; idle, progress is null', async (page) => {
  const r = await page.evaluate(async () => {
    await hp.set({ source: 'noise', volume: 128, iso: 0.5, time: 2, closed: 1, smooth: 100, pieces: 'all', decimate: 0 });
    // The page's frame rate with nothing to make (each frame running its passes, as an animated
    // volume's do: an idle paused frame only repeats its result), then while the mesh is made
    // (rAF ticks, as a user sees them).
    const count = async (until) => {
      const seen = [];
      let frames = 0, stop = false;
      const tick = () => { frames++; seen.push(hp.stats().progress); if (!stop) requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
      const t = performance.now();
      const value = await until();
      stop = true;
      return { frames, seen, value, ms: performance.now() - t };
    };
    const idle = await count(async () => { for (let i = 0; i < 6; i++) await hp.frames(1, { run: true }); });
    const busy = await count(() => hp.meshReport());
    const seen = busy.seen.filter(Boolean);
    return { report: busy.value, idleFps: idle.frames / (idle.ms / 1000), busyFps: busy.frames / (busy.ms / 1000), frames: busy.frames,
      ms: busy.ms, tasks: [...new Set(seen.map((p) => p.task))], bad: seen.filter((p) => !(p.done <= p.total)).length,
      steps: new Set(seen.map((p) => p.done)).size, after: hp.stats().progress };
  });
  const what = `${r.frames} frames in ${(r.ms / 1000).toFixed(1)} s (${r.busyFps.toFixed(1)}/s; idle ${r.idleFps.toFixed(1)}/s), at ${r.steps} points of its progress`;
  assert(r.frames >= 3 && r.busyFps >= 0.25 * r.idleFps && r.steps >= 3, `the page drew ${what}`);
  // (The marching cubes take less than a frame's slice here: the smoothing's hundred iterations
  // are what is long.)
  const known = ['mesh: marching cubes', 'mesh: zero-area triangles', 'mesh: pieces', 'mesh: smoothing', 'mesh: decimating', 'mesh: report'];
  assert(r.tasks.includes('mesh: smoothing') && r.tasks.every((t) => known.includes(t)) && r.bad === 0, `progress seen: ${r.tasks}`);
  assert(r.after === null, `progress when idle: ${JSON.stringify(r.after)}`);
  assert(r.report.boundaryEdges === 0 && r.report.nonManifoldEdges === 0 && r.report.zeroAreaTriangles === 0, JSON.stringify(r.report));
  return what;
});

add('WebGPU, vertices=shared: the processed mesh from the GPU\'s own indices equals WebGL2\'s from the CPU; made once, then served, also to the processed view', async (page) => {
  const webgpu = await page.evaluate(() => hp.stats().webgpu);
  if (webgpu) return `skipped: ${webgpu}`;
  const r = await page.evaluate(async () => {
    const steps = { source: 'metaballs', volume: 64, iso: 0.5, time: 2, closed: 0, pieces: 'largest', smooth: 5, decimate: 0 };
    await hp.set({ pyramid: 'scalar', vertices: 'soup', ...steps });
    const cpu = await hp.meshReport();
    await hp.set({ pyramid: 'webgpu-pyramid', vertices: 'shared' });
    const gpu = await hp.meshReport();
    const again = await hp.meshReport();
    await hp.set({ processed: 1 });
    await hp.frames(8);
    const stats = hp.stats();
    const viewed = await hp.meshReport();
    await hp.set({ decimate: 1000 });
    const decimated = await hp.meshReport();
    await hp.set({ pyramid: 'scalar', vertices: 'soup', processed: 0, pieces: 'all', smooth: 0, decimate: 0 });
    return { cpu, gpu, again, viewed, decimated, backend: stats.backend, progress: stats.progress };
  });
  const { cpu, gpu } = r;
  assert(r.backend === 'webgpu', `the backend was ${r.backend}`);
  for (const k of ['triangles', 'vertices', 'pieces', 'boundaryEdges', 'nonManifoldEdges', 'zeroAreaTriangles'])
    assert(gpu[k] === cpu[k], `${k}: GPU-indexed ${gpu[k]}, CPU ${cpu[k]}`);
  assert(Math.abs(gpu.volumeMm3 - cpu.volumeMm3) <= 1e-9 * cpu.volumeMm3 && cpu.triangles > 1000 && !cpu.closed,
    `volume: GPU-indexed ${gpu.volumeMm3}, CPU ${cpu.volumeMm3}`);
  assert(r.again.ms === gpu.ms && r.viewed.ms === gpu.ms, `made again: ${gpu.ms}, ${r.again.ms}, ${r.viewed.ms} ms`);
  assert(r.progress === null, `progress with the processed view shown: ${JSON.stringify(r.progress)}`);
  assert(r.decimated.triangles <= 1000 && r.decimated.boundaryEdges === gpu.boundaryEdges,
    `decimated: ${r.decimated.triangles} triangles, ${r.decimated.boundaryEdges} boundary edges (${gpu.boundaryEdges} before)`);
});

add('the mesh rows refuse what they cannot do, with a message, and keep their values', async (page) => {
  const r = await page.evaluate(async () => {
    await hp.set({ smooth: 3, decimate: 5000, pieces: 'largest' });
    const errors = [];
    for (const bad of [{ smooth: -1 }, { smooth: 2.5 }, { decimate: 'many' }, { pieces: 'biggest' }, { minPiece: -5 }])
      await hp.set(bad).then(() => errors.push(null), (e) => errors.push(e.message));
    const s = hp.stats();
    await hp.set({ smooth: 0, decimate: 0, pieces: 'all' });
    return { errors, kept: [s.smooth, s.decimate, s.pieces] };
  });
  const want = [/smooth='-1' is out of range/, /smooth='2.5' is not a whole number/, /decimate='many' is not a number/,
    /pieces='biggest' is not one of: all, largest, above/, /minPiece='-5' is out of range/];
  r.errors.forEach((e, i) => assert(e && want[i].test(e), `refusal ${i}: ${e}`));
  assert(JSON.stringify(r.kept) === JSON.stringify([3, 5000, 'largest']), `kept ${r.kept}`);
});

export default cases;
