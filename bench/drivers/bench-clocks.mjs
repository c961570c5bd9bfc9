// Gives each benchmark row the GPU clocks it ran at, and refuses a result whose rows cannot be
// read beside them. The GPU machine's driver (../shared/gpu-browser/drive.py, and
// bench/drivers/bench-gpu-device.py around the native references) samples nvidia-smi every 250 ms,
// each sample stamped with `epochMs`; every row (the page's rows and floor rows, and the native
// references' rows, `reference`) is stamped with Date.now() at its start and end (web/bench/bench.js
// checks the page's). A row gets the SM clock's min / median / max over the samples inside its
// span (or the nearest sample within 500 ms, for a row shorter than the sampling period); a row
// no sample covers gets `clocks: null`, as every row does on a machine with no nvidia-smi (this
// VM: SwiftShader), said in `clockSource`.
//   node bench-clocks.mjs DRIVE_OUT.json RESULT.json [CHART.png]
// writes the page's result with the clocks joined (and `gpu`, the driver's GPU line), prints
// the table (the matrix plans) or the rows (the plans of their own), draws the chart.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { table, chart } from './bench-report.mjs';

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[s.length >> 1]; };

export function clocksOf(row, samples) {
  if (!samples || !samples.length || !row.startMs || !row.endMs) return null;
  let inside = samples.filter((s) => s.epochMs >= row.startMs && s.epochMs <= row.endMs);
  if (!inside.length) {
    const mid = (row.startMs + row.endMs) / 2;
    const near = samples.reduce((a, b) => (Math.abs(b.epochMs - mid) < Math.abs(a.epochMs - mid) ? b : a));
    if (Math.abs(near.epochMs - mid) > 500 + (row.endMs - row.startMs) / 2) return null;
    inside = [near];
  }
  const sm = inside.map((s) => s.smMHz), mem = inside.map((s) => s.memMHz);
  return { smMHz: { min: Math.min(...sm), median: median(sm), max: Math.max(...sm) }, memMHz: median(mem),
    watts: median(inside.map((s) => s.watts)), util: median(inside.map((s) => s.util ?? NaN)), samples: inside.length };
}

// Every row of a result: the page's, its floor's, the native references'.
export const rowsOf = (result) => [...(result.rows || []), ...(result.floor || []), ...(result.reference || [])];

// What is missing for a row to be read beside its clocks: its regime, its span, its clocks
// (joined: an object, or null where no sample covers it); and the browser's full build. An
// empty list when nothing is.
export function unreadable(result) {
  const out = [];
  if (!('fullVersionList' in result)) out.push('the result has no fullVersionList (the browser\'s full build)');
  for (const [i, r] of rowsOf(result).entries()) {
    if (r.skipped) continue;
    const name = `row ${i} (${r.what || r.volume || r.mode || r.route || ''})`;
    if (!['paced', 'saturated'].includes(r.regime)) out.push(`${name}: no regime`);
    if (!(r.startMs > 0 && r.endMs >= r.startMs)) out.push(`${name}: no span (startMs ${r.startMs}, endMs ${r.endMs})`);
    if (!('clocks' in r)) out.push(`${name}: no clocks joined`);
  }
  return out;
}

// Joins the clocks (drive.py's `clocks`, or null) to every row; throws if a row stays unreadable.
export function withClocks(result, clocks) {
  const samples = clocks && clocks.samples;
  for (const r of rowsOf(result)) if (!r.skipped) r.clocks = clocksOf(r, samples);
  result.clockSource = samples && samples.length ? `nvidia-smi every 250 ms, ${samples.length} samples`
    : 'none: no nvidia-smi on this machine (no GPU clock to join; every row\'s clocks is null)';
  const missing = unreadable(result);
  if (missing.length) throw new Error(`benchmark result not written: ${missing.join('; ')}`);
  return result;
}

// The rows of a plan of its own (dicom, mesh, labels, print), one line each.
export function rowLines(result) {
  const clock = (r) => (r.clocks ? `SM ${r.clocks.smMHz.min}-${r.clocks.smMHz.max} MHz` : 'clocks unknown');
  return rowsOf(result).map((r) => {
    const what = r.what || [r.route, r.volume, r.pyramid].filter(Boolean).join(' ');
    // a frame (labels), the wall time (mesh steps, gdcmconv), a load (DICOM), VTK's median or best
    const ms = r.perFrameMs ?? r.wallMs ?? (typeof r.ms === 'number' ? r.ms : r.medianMs ?? (r.ms && r.ms.total)) ?? NaN;
    return `${what.padEnd(52)} ${r.regime.padEnd(10)} ${ms.toFixed(1).padStart(9)} ms  ${clock(r)}`;
  }).join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [driveOut, out, png] = process.argv.slice(2);
  const doc = JSON.parse(fs.readFileSync(driveOut, 'utf8'));
  if (!doc.result || doc.result.error) throw new Error(`no benchmark result: ${doc.result ? doc.result.error : 'none posted'}`);
  const result = withClocks(doc.result, doc.clocks);
  result.gpu = doc.gpu;
  if (doc.machine) result.machine = doc.machine;
  result.clockSummary = doc.clocks ? { smMHz: doc.clocks.smMHz, samples: (doc.clocks.samples || []).length } : null;
  // The samples themselves, so that any row's clocks can be checked against its span later.
  result.clockSamples = doc.clocks ? doc.clocks.samples : null;
  fs.writeFileSync(out, JSON.stringify(result, null, 1) + '\n');
  console.log(['dicom', 'mesh', 'labels', 'print', 'bricks'].includes(result.plan) ? rowLines(result) : table(result));
  if (png) await chart(result, png);
}
