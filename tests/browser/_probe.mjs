import basics from './cases/basics.mjs';
import exact from './cases/exact.mjs';
import badInput from './cases/bad_input.mjs';
import goldens from './cases/goldens.mjs';
import robustness from './cases/robustness.mjs';
import webgpuExact from './cases/webgpu_exact.mjs';
import webgpuMesh from './cases/webgpu_mesh.mjs';
import webgpuShared from './cases/webgpu_shared.mjs';
import webgpuDraw from './cases/webgpu_draw.mjs';
import webgpuScans from './cases/webgpu_scans.mjs';
import webgpuDevice from './cases/webgpu_device.mjs';
import surface from './cases/surface.mjs';
import hostile from './cases/hostile.mjs';
import volumes from './cases/volumes.mjs';
import reader from './cases/reader.mjs';
import samples from './cases/samples.mjs';
import layout from './cases/layout.mjs';
import gpuCrash from './cases/gpu_crash.mjs';
import explain from './cases/explain.mjs';
import bench from './cases/bench.mjs';
import meshSteps from './cases/mesh_steps.mjs';
import dicom from './cases/dicom.mjs';
import labels from './cases/labels.mjs';
import bridge from './cases/bridge.mjs';
import print3mf from './cases/print_3mf.mjs';
import crop from './cases/crop.mjs';
import shell from './cases/shell.mjs';
import bricks from './cases/bricks.mjs';

// Each kind by its file in cases/ (the time table sums the cases' own times by it).
const kinds = { basics, exact, surface, bad_input: badInput, goldens, robustness, webgpu_exact: webgpuExact,
  webgpu_mesh: webgpuMesh, webgpu_shared: webgpuShared, webgpu_draw: webgpuDraw, webgpu_scans: webgpuScans,
  webgpu_device: webgpuDevice, hostile, volumes, reader, samples,
  layout, gpu_crash: gpuCrash, explain, mesh_steps: meshSteps, dicom, labels, bench, bridge, print_3mf: print3mf, crop, shell, bricks };
// The suite's groups. On two cores one runner leaves part of the machine idle (page opens, the
// runner's own checks), so scripts/test.sh runs two side by side, each kind whole in one of
// them (any kind not named here is in group 1) and about as long as the other (the first adds
// Firefox and WebKit). The crash cases slow their own browser alone (slow.mjs): the time it
// stands still goes to the other runner.
const all = Object.entries(kinds).flatMap(([file, list]) => list.map((c) => ({ ...c, file })));
let key = null, n = 0;
for (const c of all) {
  const k = (c.query ?? '') + JSON.stringify(c.viewport ?? {});
  const opens = !c.ownBrowser && !c.blank && (c.fresh || c.setup || k !== key);
  if (c.ownBrowser || c.blank) { key = null; continue; }
  key = (c.fresh || c.setup) ? null : k;
  if (opens && !/volume=|load=|atlas=|png=/.test(c.query ?? '')) { n++; console.log(c.file.padEnd(14), (c.query ?? '').slice(0, 70).padEnd(72), c.name.slice(0, 70)); }
}
console.log(n);
