// @ts-check
// The page's wait for the app's frames: hp.ready (the first frame), hp.frames(n), and settled()
// (a completed frame ran every setting asked so far). A paused page rests until asked
// (DemoApp::quiet): a wait for frames asks for them.
import { call, on, wakeUntil } from './bridge.js';
import { status } from './page.js';

let lastFrame = 0, isReady = false;
/** @type {{frame: number, resolve: (frame: number) => void}[]} */
let waiters = [];
/** @type {() => void} */
let resolveReady;
/** @type {(e: Error) => void} */
let rejectReady;
/** hp.ready: resolves at the first frame, rejects where the app could not start. @type {Promise<void>} */
export const ready = new Promise((res, rej) => { resolveReady = res; rejectReady = rej; });
ready.catch(() => {});  // a page that never asks still shows the message

on('frame', (frame) => {
  lastFrame = frame;
  if (frame >= 1 && !isReady) { isReady = true; status(''); resolveReady(); }
  const due = waiters.filter((w) => w.frame <= frame);
  waiters = waiters.filter((w) => w.frame > frame);
  due.forEach((w) => w.resolve(frame));
});
export const fail = (/** @type {string} */ text) => rejectReady(new Error(text));
export const frameNow = () => lastFrame;

// Resolves after `n` more frames have completed. A frame with nothing new for its passes repeats
// the last result without running them (DemoApp::compute) unless `run` (the paced benchmark's).
/** @param {number} [n] @param {{run?: boolean}} [options] @returns {Promise<number>} the frame reached */
export function frames(n = 1, { run = false } = {}) {
  const frame = lastFrame + Math.max(1, n | 0);
  wakeUntil(frame, run);
  return new Promise((resolve) => waiters.push({ frame, resolve }));
}

// Resolves after a completed frame ran with every setting requested so far (a WebGPU frame in
// sync readback completes when its count arrives, frames after it was issued).
/** @returns {Promise<void>} */
export async function settled() {
  const want = call('hp_requested_serial');
  do await frames(1); while (JSON.parse(call('hp_stats')).serial < want);
}
