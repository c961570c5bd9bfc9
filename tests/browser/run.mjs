// The browser tests: the built page, served on a free localhost port, in one headless
// Chromium (WebGL2 on SwiftShader). One line per case (with the errors its page logged), then
// "N passed, N failed, N skipped". A case that runs past its time limit fails, naming it; a
// selection that matches no case fails.
//   node run.mjs SITE_DIR [regular expression the case names must match] [--quick] [--list] [--kinds=a,b] [--group=1|2]
// --quick: the first case of each kind (each cases/ file; the webgpu_* files one kind), for the inner loop.
// --list: the cases that would run, a line each ("FILE<tab>NAME"), nothing run (SITE_DIR is not read).
// --kinds=a,b: only the cases of these cases/ files (basics, webgpu_exact, …).
// --group=1|2: only the kinds of that group (below): scripts/test.sh runs the two side by side.
// HP_CASE_TIMEOUT=seconds: the limit of every case that sets none (default 300).
// HP_CPU=1: each case's line gives the CPU seconds its browser spent on it (cpu_time.mjs).
import { serve } from './serve.mjs';
import { TEST_FLAGS, launch, openDemo } from './browser.mjs';
import { printTimeTable } from './lib.mjs';
import { treeCpuSeconds } from './cpu_time.mjs';
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
const GROUP_2 = new Set(['webgpu_exact', 'volumes', 'explain', 'bad_input', 'exact', 'print_3mf', 'samples', 'hostile',
  'surface', 'robustness', 'webgpu_draw', 'webgpu_device', 'mesh_steps', 'gpu_crash', 'layout', 'webgpu_scans']);
const groupOf = (file) => (GROUP_2.has(file) ? '2' : '1');
for (const k of GROUP_2) if (!(k in kinds)) { console.error(`run.mjs: a group names no cases/${k}.mjs`); process.exit(2); }
const quick = process.argv.includes('--quick');
// --quick's kinds: the files, the webgpu_* files counting as one (the WebGPU modes' first case).
const quickKind = (file) => (file.startsWith('webgpu_') ? 'webgpu' : file);
const all = Object.entries(kinds).flatMap(([file, list]) => list.map((c) => ({ ...c, file })));
const firsts = new Set();
const kindsArg = process.argv.find((a) => a.startsWith('--kinds='));
const onlyKinds = kindsArg ? new Set(kindsArg.slice('--kinds='.length).split(',')) : null;
for (const k of onlyKinds ?? []) if (!(k in kinds)) { console.error(`--kinds: no cases/${k}.mjs`); process.exit(2); }
const groupArg = process.argv.find((a) => a.startsWith('--group='))?.slice('--group='.length);
if (groupArg && !['1', '2'].includes(groupArg)) { console.error(`--group: 1 or 2, not '${groupArg}'`); process.exit(2); }
const ofKinds = onlyKinds ? all.filter((c) => onlyKinds.has(c.file)) : all;
const picked = quick ? ofKinds.filter((c) => !firsts.has(quickKind(c.file)) && firsts.add(quickKind(c.file))) : ofKinds;
const cases = groupArg ? picked.filter((c) => groupOf(c.file) === groupArg) : picked;  // --quick's picks, then the group's
// Cases that name no canvas size get a small one: SwiftShader's cost per frame grows with it.
const SMALL = { width: 640, height: 400 };

const [site, filter = ''] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (process.argv.includes('--list')) {
  const only = new RegExp(filter);
  for (const c of cases.filter((x) => only.test(x.name))) console.log(`${c.file}\t${c.name}`);
  process.exit(0);
}

// Runs `body`, failing it once `seconds` have passed.
async function withinLimit(seconds, body) {
  let timer;
  const limit = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out: past its limit of ${seconds} s`)), seconds * 1000);
  });
  try {
    return await Promise.race([body(), limit]);
  } finally {
    clearTimeout(timer);
  }
}

// The errors the page logged during a case, under its line (the first few).
function printErrors(lines) {
  const errors = lines.filter((l) => /^\[pageerror\]|^\[console\.error\]|abort/i.test(l));
  if (errors.length === 0) return;
  console.log(`     page errors (${errors.length}):`);
  for (const e of errors.slice(0, 5)) console.log(`     ${e.slice(0, 300)}`);
}
if (!site) {
  console.error('usage: node run.mjs SITE_DIR [filter]');
  process.exit(2);
}
const { server, url } = await serve(site);
let browser = await launch({ extraArgs: TEST_FLAGS });
// A case is {name, query, run(page), fresh?, setup?(page), ready?, viewport?, blank?, ownBrowser?, timeout?}.
// Consecutive cases with the same query and canvas size share a page unless one asks for a
// fresh one (or hooks its setup). `blank`: a blank tab, closed after the case, in which the case
// opens the page itself (at a URL it makes). `ownBrowser`: the case launches a browser of its
// own and gets no page (one left open here would draw beside it). `timeout`: seconds, page load
// included (slow cases name their own).
const DEFAULT_LIMIT = Number(process.env.HP_CASE_TIMEOUT) || 300;
let passed = 0, failed = 0, skipped = 0;
const times = [];
let page = null, pageKey = null, log = [];
let opens = 0, openMs = 0;  // the pages opened and the time their opening took
const closePage = async () => { if (page) await page.close().catch(() => {}); page = null; };
try {
  const only = new RegExp(filter);
  const selected = cases.filter((c) => only.test(c.name));
  if (selected.length === 0) {
    failed++;
    console.log(`FAIL no case matches '${filter}'${quick ? ' in --quick' : ''}: nothing was tested`);
  }
  for (const c of selected) {
    const t0 = Date.now();
    const cpu0 = process.env.HP_CPU ? treeCpuSeconds(browser.process()?.pid) : 0;
    let opened = 0;  // this case's page opening (ms), where it opened one
    const before = log, seen = log.length;  // the shared page's log before this case
    const caseLog = () => (log === before ? log.slice(seen) : log);
    try {
      const note = await withinLimit(c.timeout ?? DEFAULT_LIMIT, async () => {
        const key = `${c.query ?? ''} ${JSON.stringify(c.viewport ?? SMALL)}`;
        if (c.ownBrowser) await closePage();
        else if (!(page && !c.fresh && !c.setup && pageKey === key)) {
          await closePage();
          log = [];
          pageKey = key;
          const tOpen = Date.now();
          page = await openDemo(browser, c.blank ? null : `${url}index.html?${c.query ?? ''}`,
            { logTo: log, setup: c.setup, waitReady: c.ready !== false, viewport: c.viewport ?? SMALL });
          if (!c.blank) {  // a blank tab is no page opened
            opens++;
            opened = Date.now() - tOpen;
            openMs += opened;
          }
        }
        return c.run(c.ownBrowser ? null : page, { url, log, site });
      });
      const cpu = process.env.HP_CPU ? `, CPU ${(treeCpuSeconds(browser.process()?.pid) - cpu0).toFixed(1)}` : '';
      const secs = ((Date.now() - t0) / 1000).toFixed(1) + (opened ? `, its page opened in ${(opened / 1000).toFixed(1)}` : '') + cpu;
      if (typeof note === 'string' && note.startsWith('skipped')) {
        skipped++;
        console.log(`skip ${c.name}: ${note} (${secs} s)`);
      } else {
        passed++;
        console.log(`ok   ${c.name} (${secs} s)`);
      }
      printErrors(caseLog());
      if (c.fresh || c.setup || c.blank) await closePage();
    } catch (e) {
      failed++;
      console.log(`FAIL ${c.name}: ${e.message} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
      printErrors(caseLog());
      await closePage();  // a case that timed out may still be running on it
      // A browser that went down with a case (its connection closed) fails that case alone:
      // the next ones get a new one.
      if (!browser.connected) {
        console.log('     the browser went down: the next cases run in a new one');
        page = null;
        browser = await launch({ extraArgs: TEST_FLAGS });
      }
    }
    times.push([Date.now() - t0, c.name, c.file]);
  }
} finally {
  await closePage();
  await browser.close();
  server.close();
}
if (times.length > 1) {
  console.log('slowest:');
  for (const [ms, name] of [...times].sort((a, b) => b[0] - a[0]).slice(0, 5)) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`);
}
printTimeTable('chromium', times);
console.log(`pages opened: ${opens}, ${(openMs / 1000).toFixed(1)} s of the cases' time`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exitCode = failed ? 1 : 0;
