// Gives each benchmark row (and each floor row) the GPU clocks it ran at. The GPU machine's driver
// (../shared/gpu-browser/drive.py) samples nvidia-smi every 250 ms while the page runs, each
// sample stamped with `epochMs`; the page stamps each row with Date.now() at its start and end
// (web/bench.js). A row gets the SM clock's min / median / max over the samples inside its
// span (or the nearest sample within 500 ms, for a row shorter than the sampling period);
// a row no sample covers gets `clocks: null`: its timing is not reported (docs/benchmark.md).
//   node bench-clocks.mjs DRIVE_OUT.json RESULT.json [CHART.png]
// writes the page's result with the clocks joined (and `gpu`, the driver's GPU line), prints
// the table, draws the chart.
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
    watts: median(inside.map((s) => s.watts)), samples: inside.length };
}

export function withClocks(result, clocks) {
  const samples = clocks && clocks.samples;
  for (const r of [...result.rows, ...(result.floor || [])]) r.clocks = clocksOf(r, samples);
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [driveOut, out, png] = process.argv.slice(2);
  const doc = JSON.parse(fs.readFileSync(driveOut, 'utf8'));
  if (!doc.result || doc.result.error) throw new Error(`no benchmark result: ${doc.result ? doc.result.error : 'none posted'}`);
  const result = withClocks(doc.result, doc.clocks);
  result.gpu = doc.gpu;
  result.clockSummary = doc.clocks ? { smMHz: doc.clocks.smMHz, samples: (doc.clocks.samples || []).length } : null;
  // The samples themselves, so that any row's clocks can be checked against its span later.
  result.clockSamples = doc.clocks ? doc.clocks.samples : null;
  fs.writeFileSync(out, JSON.stringify(result, null, 1));
  console.log(table(result));
  if (png) await chart(result, png);
}
