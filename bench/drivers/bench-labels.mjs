// The label-map benchmark (scripts/bench-labels.sh): the page's own plan (web/bench/bench_labels.js,
// index.html?bench=labels&modes=MODES: every label's mesh of the AAL atlas sample made each frame,
// classify=labels, saturated) in headless Chromium here (SwiftShader holds no 16384² atlas, so
// no procedural map on the page here), beside, in the same run, VTK's native
// vtkDiscreteFlyingEdges3D (tests/mesh/vtk_flying_edges.cpp) on the AAL sample and on the
// procedural 512×512×448 map with its 120 labels, which it makes itself (the page's FNV-1a hash
// beside its own). One JSON file (bench-page.mjs: every row with its regime, span and clocks), with
// VTK's volumes per label on AAL beside it (`accuracy`: bench/drivers/bench-labels-vtk.py, no timing row).
//   node bench-labels.mjs SITE OUT.json VTK_FLYING_EDGES AAL.u8 AAL.nii.gz [MODE ...]
//     MODE: scalar (default), vec4, webgpu-scan, webgpu-pyramid
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../../tests/browser/serve.mjs';
import { launch } from '../../tests/browser/browser.mjs';
import { pagePlan, write } from './bench-page.mjs';

const [site, out, vtk, aal, aalNifti, ...asked] = process.argv.slice(2);
const modes = asked.length ? asked : ['scalar'];
const { server, url } = await serve(site);
const browser = await launch();
let result;
try {
  result = await pagePlan(browser, url, `bench=labels&modes=${modes.join(',')}`);
} finally {
  await browser.close();
  server.close();
}
const flyingEdges = (volume, ...args) => {
  const r = JSON.parse(execFileSync(vtk, args, { encoding: 'utf8' }));
  return { what: `${r.tool}: ${volume}`, volume, ...r };
};
result.reference = [flyingEdges('aal', aal, '181', '217', '181', 'uint8', '5'),
  flyingEdges('procedural-512x512x448', 'procedural', '512', '512', '448', 'uint8', '3')];
const volumes = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench-labels-vtk.py');
result.accuracy = { vtkVolumes: JSON.parse(execFileSync('/usr/bin/python3', [volumes, aalNifti, '--runs', '1'], { encoding: 'utf8' })) };
write(out, result);
