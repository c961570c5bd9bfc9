// @ts-check
// hp.runFrames: the saturated regime of the benchmark. The page's frame loop paused, frames
// issued back to back (`chunk` at a time, with a return to the event loop between chunks, where
// WebGL makes timer results available and WebGPU's reads arrive), `n` of them or for `ms`
// milliseconds, then one wait for the GPU (WebGL2: a blocking read; WebGPU: its queue); the
// times that arrive after are taken in before the loop resumes. {draw: the views are drawn each
// frame (the WebGL2 vertex route's mesh is made by its draw), mesh: the surface stages run,
// inFlight: frames that may be on the GPU at once, between: called after each chunk (the
// benchmark's heater)}. Resolves to {frames, wallMs, perFrameMs, startMs, endMs, loop}
// (Date.now() at the start and the end, for the GPU's clocks). One run at a time.
import { call } from './bridge.js';
import { ready } from './frames.js';
import { gpu } from './gpu_device.js';

/** @typedef {import('./types/hp').RunFramesOptions} RunFramesOptions @typedef {import('./types/hp').RunFramesResult} RunFramesResult */

/** @type {Promise<unknown>} */
let running = Promise.resolve();
/** @param {number} n @param {RunFramesOptions} [options] @returns {Promise<RunFramesResult>} */
export function runFrames(n, options = {}) {
  const run = running.then(() => saturate(n, options));
  running = run.catch(() => {});
  return run;
}

/** @param {number} n @param {RunFramesOptions} options @returns {Promise<RunFramesResult>} */
async function saturate(n, { ms = 0, draw = false, mesh = false, inFlight = 16, chunk = 4, between = null } = {}) {
  await ready;
  const task = () => new Promise((r) => { const c = new MessageChannel(); c.port1.onmessage = () => r(); c.port2.postMessage(0); });
  const webgpu = JSON.parse(call('hp_stats')).backend === 'webgpu';
  call('hp_main_loop', 0);
  try {
    const startMs = Date.now(), t0 = performance.now();
    let frames = 0, progress = t0;
    // Where the wall time goes: issuing (the frames' C++ and the WebGPU/WebGL calls), and the
    // chunks that issued nothing because `inFlight` frames were still unanswered.
    const loop = { issueMs: 0, chunks: 0, blocked: 0 };
    while (ms > 0 ? performance.now() - t0 < ms : frames < n) {
      // A GPU that stops answering (a lost device) leaves every frame busy: say so, not hang.
      if (performance.now() - progress > 10000) throw new Error(`no frame could be issued for 10 s (${frames} of ${n || 'the warm-up'}): the GPU is not answering`);
      const before = performance.now();
      const issued = call('hp_run_frames', ms > 0 ? chunk : Math.min(chunk, n - frames), draw ? 1 : 0, mesh ? 1 : 0, inFlight);
      loop.issueMs += performance.now() - before;
      loop.chunks++;
      if (issued === 0) loop.blocked++;
      frames += issued;
      if (issued > 0) progress = performance.now();
      if (between && issued > 0) between();  // once a chunk of frames: never while waiting
      // Every frame in flight: wait for a WebGPU answer (or 50 ms), not in a loop of short
      // tasks, which starves Chromium's WebGPU work (the answers then come ~10 ms apart and the
      // GPU idles). WebGL2's answers (fences) need no such wait.
      if (issued === 0 && webgpu && gpu.answered)
        await Promise.race([gpu.answered(), new Promise((r) => setTimeout(r, 50))]);
      else await task();
    }
    call('hp_finish');
    if (webgpu && gpu.device) await gpu.device.queue.onSubmittedWorkDone();
    const wallMs = performance.now() - t0, endMs = Date.now();
    for (let i = 0; i < 20; i++) {  // the last frames' times and counts
      call('hp_collect');
      await new Promise((r) => setTimeout(r, 5));
    }
    loop.issueMsPerFrame = loop.issueMs / Math.max(1, frames);
    return { frames, wallMs, perFrameMs: wallMs / Math.max(1, frames), startMs, endMs, loop };
  } finally {
    call('hp_run_frames', 0, 0, 0, 0);  // the usual bound
    call('hp_main_loop', 1);
  }
}
