// Reports a benchmark result (web/bench/bench.js's JSON): a table on stdout and a PNG chart drawn
// by Chromium on a 2D canvas (ms per frame by mode and size, ms per pass, cost against atlas
// area, cost against occupancy).
//   node bench-report.mjs RESULT.json [CHART.png]
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launch } from '../../tests/browser/browser.mjs';

// 'compaction': classify to stream timed as one pass (WebGPU, timestamps=whole); the mesh
// passes (the surface plan): vertex counts, their compaction with the total, the extraction.
const PASSES = ['source', 'classify', 'reduce', 'count', 'traverse', 'compaction', 'meshCount', 'meshReduce',
  'meshExtract'];

// The SM clock a row ran at (bench-clocks.mjs), or why it is not known.
const clockText = (r) => (r.clocks ? `${r.clocks.smMHz.min}-${r.clocks.smMHz.max}` : r.clocks === null ? 'unknown' : '');

// The molstar plan: the demo and Mol* on the same volumes, classify → mesh ready (and drawn).
function volumeTable(result) {
  const lines = [['volume', 'mode', 'regime', 'readback', 'triangles', 'agree', 'mesh ready', 'mesh drawn', 'wall/frame',
    'SM MHz', 'vertices', 'mesh MB'].map((h, i) => (i < 4 ? h.padEnd(i === 0 ? 34 : i === 1 ? 24 : 12) : h.padStart(12))).join('')];
  const f = (v) => (typeof v === 'number' ? v.toFixed(3) : '-').padStart(12);
  for (const r of result.rows.filter((r) => r.skipped)) lines.push(`${r.volumeLabel} ${r.mode} ${r.regime}: ${r.skipped}`);
  for (const r of result.rows.filter((r) => !r.skipped))
    lines.push([(r.volumeLabel || `${r.volumeName} ${r.n}³`).padEnd(34), r.mode.padEnd(24), r.regime.padEnd(12), r.readback.padEnd(12),
      String(r.triangles).padStart(12), String(r.trianglesAgree).padStart(12), f(r.ms.meshReady), f(r.ms.meshDrawn),
      f(r.ms.wall ?? r.ms.interval), clockText(r).padStart(12),
      // the vertices computed and the bytes written for them (not in Mol*'s rows, nor before 2026-11-25's second run)
      String(r.verticesComputed ?? '-').padStart(12), (r.meshBytes ? (r.meshBytes / 1048576).toFixed(1) : '-').padStart(12)].join(''));
  return lines.join('\n');
}

export function table(result) {
  if (result.plan === 'molstar') return volumeTable(result);
  const lines = [];
  const head = ['atlas', 'occ', 'mode', 'readback', 'regime', ...PASSES, 'compact', 'mesh', 'gpu', 'cpu', 'frame', 'wall',
    'SM MHz', '×base'];
  lines.push(head.map((h, i) => (i < 5 ? h.padEnd(i === 2 ? 26 : 10) : h.padStart(12))).join(''));
  for (const r of result.rows) {
    const base = result.rows.find((b) => b.atlas === r.atlas && b.occupancy === r.occupancy && b.mode === 'baseline' &&
      b.readback === 'sync' && (b.regime || 'paced') === (r.regime || 'paced'));
    const ratio = base ? (base.ms.frame / r.ms.frame).toFixed(2) : '';
    const f = (v) => (v || 0).toFixed(3).padStart(12);
    lines.push([String(r.atlas).padEnd(10), `${(r.occupancy * 100).toString()}%`.padEnd(10), r.mode.padEnd(26),
      r.readback.padEnd(10), (r.regime || 'paced').padEnd(10), ...PASSES.map((p) => f(r.ms[p])), f(r.ms.compact),
      f(r.ms.mesh), f(r.ms.gpu), f(r.ms.compute), f(r.ms.frame), r.ms.wall ? f(r.ms.wall) : ''.padStart(12),
      clockText(r).padStart(12), ratio.padStart(12)].join(''));
  }
  // The floor (web/bench/bench.js's floor()): what the API and the memory allow, per atlas, with its
  // regime and clocks (before 2026-11-26 it had neither: 'no regime', 'unknown').
  if (result.floor && result.floor.length) {
    lines.push('', 'floor (WebGPU timestamps, ms; regime; SM MHz):');
    for (const r of result.floor)
      lines.push(`${String(r.atlas).padEnd(9)}${r.ms.toFixed(4).padStart(9)}  ${(r.regime || 'no regime').padEnd(10)}` +
        `${(clockText(r) || 'unknown').padStart(10)}  ${r.what}`);
  }
  return lines.join('\n');
}

// The page that draws the chart: everything it needs is in this function's text.
function chartPage(result) {
  return `<!doctype html><body style="margin:0;background:#fff"><canvas id=c width=1500 height=1000></canvas><script>
const R = ${JSON.stringify(result)};
const PASSES = ${JSON.stringify(PASSES)};
const ctx = document.getElementById('c').getContext('2d');
const COLORS = ['#4e79a7','#f28e2b','#e15759','#76b7b2','#59a14f','#edc948','#b07aa1','#ff9da7','#9c755f'];
const modes = [...new Set(R.rows.map(r => r.mode))];
const atlases = [...new Set(R.rows.map(r => r.atlas))];
const occs = [...new Set(R.rows.map(r => r.occupancy))];
const occ = occs.includes(0.1) ? 0.1 : occs[occs.length - 1];
const best = (rows) => rows.reduce((a, b) => (!a || b.ms.frame < a.ms.frame ? b : a), null);
ctx.font = '14px sans-serif'; ctx.fillStyle = '#000';
ctx.fillText('Histopyramid benchmark (' + R.plan + '): ' + R.renderer + ' — timing: ' + R.timing + ', ' + (R.date || '').slice(0, 10) + (R.native ? ' (native EGL)' : ' (browser)'), 20, 24);
function axes(x, y, w, h, title, ymax, ylabel) {
  ctx.strokeStyle = '#888'; ctx.strokeRect(x, y, w, h); ctx.fillStyle = '#000';
  ctx.font = 'bold 15px sans-serif'; ctx.fillText(title, x, y - 10); ctx.font = '12px sans-serif';
  for (let i = 0; i <= 4; i++) { const v = ymax * i / 4, yy = y + h - h * i / 4;
    ctx.fillText(v < 1 ? v.toFixed(3) : v.toFixed(1), x - 48, yy + 4);
    ctx.strokeStyle = '#eee'; ctx.beginPath(); ctx.moveTo(x, yy); ctx.lineTo(x + w, yy); ctx.stroke(); }
  ctx.save(); ctx.translate(x - 56, y + h / 2); ctx.rotate(-Math.PI / 2); ctx.fillText(ylabel, -40, 0); ctx.restore();
}
function legend(x, y, names) { names.forEach((n, i) => { ctx.fillStyle = COLORS[i % 9]; ctx.fillRect(x, y + i * 18, 12, 12);
  ctx.fillStyle = '#000'; ctx.fillText(n, x + 18, y + i * 18 + 11); }); }
// A: frame ms by mode and atlas (best readback per mode) at the chosen occupancy.
{ const x = 80, y = 70, w = 860, h = 380;
  const cells = atlases.map(a => modes.map(m => best(R.rows.filter(r => r.atlas === a && r.mode === m && r.occupancy === occ))));
  const ymax = Math.max(...cells.flat().filter(Boolean).map(r => r.ms.frame)) * 1.1;
  axes(x, y, w, h, 'ms per frame by mode and atlas size, ' + (occ === null ? 'the surface scene' : occ * 100 + '% active') + ' (best readback of each mode)', ymax, 'ms');
  const gw = w / atlases.length, bw = gw * 0.8 / modes.length;
  cells.forEach((row, i) => { row.forEach((r, j) => { if (!r) return; const bh = h * r.ms.frame / ymax;
    ctx.fillStyle = COLORS[j % 9]; ctx.fillRect(x + i * gw + gw * 0.1 + j * bw, y + h - bh, bw - 2, bh); });
    ctx.fillStyle = '#000'; ctx.fillText(atlases[i] + '²', x + i * gw + gw / 2 - 16, y + h + 16); });
  legend(x + w + 20, y, modes); }
// B: ms per pass at the largest atlas up to 2048 and the chosen occupancy, stacked, sync readback.
{ const a = atlases.filter(v => v <= 2048).pop() || atlases[0];
  const x = 80, y = 530, w = 860, h = 380;
  const rows = modes.map(m => R.rows.find(r => r.atlas === a && r.mode === m && r.occupancy === occ && r.readback === 'sync')).filter(Boolean);
  const ymax = Math.max(...rows.map(r => PASSES.reduce((s, p) => s + (r.ms[p] || 0), 0))) * 1.1;
  axes(x, y, w, h, 'ms per pass at ' + a + '², ' + (occ === null ? 'the surface scene' : occ * 100 + '% active') + ', sync readback (GPU timer queries when available)', ymax, 'ms');
  const bw = w / rows.length;
  rows.forEach((r, i) => { let acc = 0; PASSES.forEach((p, k) => { const bh = h * (r.ms[p] || 0) / ymax; acc += bh;
      ctx.fillStyle = COLORS[k]; ctx.fillRect(x + i * bw + 8, y + h - acc, bw - 16, bh); });
    ctx.fillStyle = '#000'; ctx.fillText(r.mode, x + i * bw + 8, y + h + 16); });
  legend(x + w + 20, y, PASSES); }
// C: compaction ms (classify + reduce + count + traverse) against atlas area, per mode, log-log.
{ const x = 1130, y = 70, w = 340, h = 380;
  const pts = modes.map(m => atlases.map(a => best(R.rows.filter(r => r.atlas === a && r.mode === m && r.occupancy === occ))).filter(Boolean));
  const all = pts.flat(); const lo = Math.min(...all.map(r => r.ms.compact)), hi = Math.max(...all.map(r => r.ms.compact));
  const ly = (v) => y + h - h * (Math.log(v / lo) / Math.log(hi / lo || 2)), amin = Math.min(...atlases), amax = Math.max(...atlases);
  const lx = (a) => x + w * (Math.log(a * a / (amin * amin)) / Math.log((amax * amax) / (amin * amin) || 4));
  ctx.strokeStyle = '#888'; ctx.strokeRect(x, y, w, h); ctx.font = 'bold 15px sans-serif'; ctx.fillStyle = '#000';
  ctx.fillText('compaction ms vs atlas area (log-log)', x, y - 10); ctx.font = '12px sans-serif';
  ctx.fillText(lo.toFixed(3) + ' ms', x - 70, y + h); ctx.fillText(hi.toFixed(2) + ' ms', x - 70, y + 10);
  atlases.forEach(a => ctx.fillText(a + '²', lx(a) - 14, y + h + 16));
  ctx.setLineDash([4, 4]); ctx.strokeStyle = '#aaa'; ctx.beginPath();
  const first = pts[0] && pts[0][0]; if (first) { ctx.moveTo(lx(first.atlas), ly(first.ms.compact));
    ctx.lineTo(lx(amax), ly(first.ms.compact * (amax * amax) / (first.atlas * first.atlas))); ctx.stroke(); }
  ctx.setLineDash([]); ctx.fillText('dashed: linear in area', x + 8, y + 16);
  pts.forEach((line, j) => { ctx.strokeStyle = COLORS[j % 9]; ctx.lineWidth = 2; ctx.beginPath();
    line.forEach((r, i) => (i ? ctx.lineTo : ctx.moveTo).call(ctx, lx(r.atlas), ly(r.ms.compact))); ctx.stroke(); });
  ctx.lineWidth = 1; }
// D (the surface plan): classify to mesh ready (the compaction and the mesh stages) by atlas,
// stacked, best readback of each mode.
if (occ === null) { const x = 1130, y = 530, w = 340, h = 380;
  const cells = atlases.map(a => modes.map(m => best(R.rows.filter(r => r.atlas === a && r.mode === m))));
  const ymax = Math.max(...cells.flat().filter(Boolean).map(r => r.ms.compact + r.ms.mesh)) * 1.1;
  axes(x, y, w, h, 'compaction + mesh stages (darker) ms', ymax, 'ms');
  const gw = w / atlases.length, bw = gw * 0.8 / modes.length;
  cells.forEach((row, i) => { row.forEach((r, j) => { if (!r) return; const bx = x + i * gw + gw * 0.1 + j * bw;
      const hc = h * r.ms.compact / ymax, hm = h * r.ms.mesh / ymax;
      ctx.fillStyle = COLORS[j % 9]; ctx.fillRect(bx, y + h - hc, bw - 2, hc);
      ctx.globalAlpha = 0.55; ctx.fillStyle = '#000'; ctx.fillRect(bx, y + h - hc - hm, bw - 2, hm); ctx.globalAlpha = 1;
      ctx.fillStyle = COLORS[j % 9]; ctx.fillRect(bx, y + h - hc - hm, bw - 2, 2); });
    ctx.fillStyle = '#000'; ctx.fillText(atlases[i] + '²', x + i * gw + gw / 2 - 16, y + h + 16); }); }
// D: compaction ms against occupancy at 2048² (or the largest atlas), linear: the WebGPU modes
// where the run has them (histopyramid against scan), else every mode.
else { const a = atlases.includes(2048) ? 2048 : atlases[atlases.length - 1];
  const x = 1130, y = 530, w = 340, h = 380;
  const shown = modes.some(m => m.startsWith('webgpu')) ? modes.filter(m => m.startsWith('webgpu')) : modes;
  const pts = shown.map(m => occs.map(o => best(R.rows.filter(r => r.atlas === a && r.mode === m && r.occupancy === o))).filter(Boolean));
  const hi = Math.max(...pts.flat().map(r => r.ms.compact)) * 1.15;
  const ly = (v) => y + h - h * v / hi;
  const lx = (o) => x + w * (Math.log(o / Math.min(...occs)) / Math.log(Math.max(...occs) / Math.min(...occs) || 2));
  axes(x, y, w, h, (shown === modes ? '' : 'WebGPU ') + 'compaction ms vs occupancy, ' + a + '²', hi, 'ms');
  occs.forEach(o => ctx.fillText(o * 100 + '%', lx(o) - 12, y + h + 16));
  pts.forEach((line, j) => { ctx.strokeStyle = COLORS[modes.indexOf(shown[j]) % 9]; ctx.lineWidth = 2; ctx.beginPath();
    line.forEach((r, i) => (i ? ctx.lineTo : ctx.moveTo).call(ctx, lx(r.occupancy), ly(r.ms.compact))); ctx.stroke(); });
  ctx.lineWidth = 1; ctx.fillStyle = '#000'; ctx.fillText('occupancy (log); colors as in the first panel', x + 8, y + h - 8); }
document.title = 'ready';
</script></body>`;
}

export async function chart(result, pngPath) {
  if (result.plan === 'molstar') return;  // its table says it all
  const browser = await launch({ width: 1500, height: 1000 });
  try {
    const page = await browser.newPage();
    await page.setContent(chartPage(result));
    await page.waitForFunction(() => document.title === 'ready', { timeout: 10000 });
    const canvas = await page.$('#c');
    await canvas.screenshot({ path: pngPath });
  } finally {
    await browser.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [json, png] = process.argv.slice(2);
  const doc = JSON.parse(fs.readFileSync(json, 'utf8'));
  const result = doc.rows ? doc : doc.result;  // drive.py wraps the page's JSON
  console.log(table(result));
  if (png) await chart(result, png);
}
