// A slower machine, for as long as a test needs one: busy processes, `perCore` for each core
// the machine has, at the test's own priority. Every process competes with them, Chromium's
// GPU process (SwiftShader: the GPU work, and its restart after a crash) as much as its
// renderer, so each of its threads gets about 1 / (1 + perCore) of a core however fast the
// machine is. (DevTools' CPU throttling would slow the renderer alone.) Returns stop().
import { spawn } from 'node:child_process';
import os from 'node:os';

export function slowMachine(perCore = 2) {
  const n = perCore * os.availableParallelism();
  const children = Array.from({ length: n }, () =>
    spawn('sh', ['-c', 'while :; do :; done'], { stdio: 'ignore' }));
  const stop = () => { for (const c of children) if (c.exitCode === null) c.kill('SIGKILL'); };
  process.once('exit', stop);  // never left spinning, whatever the test does
  return () => { stop(); process.removeListener('exit', stop); };
}
