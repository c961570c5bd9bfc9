// A slower machine for one browser, for as long as a test needs one: every process of the
// browser (its own, the GPU process with SwiftShader's threads, the renderers, and any it starts
// meanwhile, a GPU process restarted after a crash among them) is stopped and continued in turn,
// running `runMs` of every `runMs + stopMs`. Each of its threads then gets at most that share of
// the time however fast or idle the machine is, and the test's own clock runs on. Nothing spins:
// the time the browser is stopped goes to whatever else runs (the other test runner).
// (DevTools' CPU throttling would slow the renderer alone.) Returns stop(), which continues them.
import { spawn } from 'node:child_process';

// The stopper: a child process (its timers are not held up by the runner's work), told the
// browser's process id and the two spans. On SIGTERM it continues every process and ends.
const STOPPER = `
const fs = require('node:fs');
const [root, runMs, stopMs] = process.argv.slice(1).map(Number);
let stopped = [];
const tree = () => {  // root and its descendants, from /proc
  const children = new Map();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(d)) continue;
    let stat;
    try { stat = fs.readFileSync('/proc/' + d + '/stat', 'utf8'); } catch { continue; }
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid).push(Number(d));
  }
  const all = [root];
  for (let i = 0; i < all.length; i++) all.push(...(children.get(all[i]) ?? []));
  return all;
};
const signal = (pids, s) => { for (const p of pids) { try { process.kill(p, s); } catch {} } };
const cont = () => { signal(stopped, 'SIGCONT'); stopped = []; };
process.on('SIGTERM', () => { cont(); process.exit(0); });
process.on('disconnect', () => { cont(); process.exit(0); });
const cycle = () => {
  stopped = tree();
  signal(stopped, 'SIGSTOP');
  setTimeout(() => { cont(); setTimeout(cycle, runMs); }, stopMs);
};
cycle();
`;

export function slowBrowser(browser, { runMs = 10, stopMs = 20 } = {}) {
  const root = browser.process()?.pid;
  if (!root) throw new Error('slowBrowser: the browser has no process of its own');
  const child = spawn(process.execPath, ['-e', STOPPER, String(root), String(runMs), String(stopMs)],
    { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  // Never left stopped, whatever the test does: the stopper continues them when told to end or
  // when the runner goes (its IPC channel closes).
  const stop = () => { if (child.exitCode === null) child.kill('SIGTERM'); };
  process.once('exit', stop);
  return async () => {
    stop();
    process.removeListener('exit', stop);
    if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
  };
}
