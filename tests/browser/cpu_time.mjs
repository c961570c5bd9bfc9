// HP_CPU=1 (run.mjs): the CPU seconds a case cost its browser, every process under it (the
// GPU process, renderers, utilities; children already reaped counted by their parents), read
// from /proc at the case's start and end. On a machine whose cores are all busy, what a case
// costs the suite is this, not its wall time. Linux only; 0 elsewhere.
import fs from 'node:fs';

const TICK = 100;  // USER_HZ on Linux
// CPU seconds of pid and every process below it (its own and its reaped children's).
export function treeCpuSeconds(rootPid) {
  if (!rootPid) return 0;
  const parent = new Map(), ticks = new Map();
  let names;
  try { names = fs.readdirSync('/proc'); } catch { return 0; }
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    let text;
    try { text = fs.readFileSync(`/proc/${name}/stat`, 'utf8'); } catch { continue; }
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');  // f[0] is field 3 (state)
    parent.set(Number(name), Number(f[1]));
    ticks.set(Number(name), Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]));
  }
  let sum = 0;
  for (const [pid, t] of ticks) {
    for (let p = pid; p > 1; p = parent.get(p) ?? 0) if (p === rootPid) { sum += t; break; }
  }
  return sum / TICK;
}
