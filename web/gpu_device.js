// @ts-check
// The page's GPUs: the WebGPU device the webgpu-* modes run on, asked for before the module
// starts and asked for again after a loss the page did not cause, until one comes, and the count of GPU losses
// (hp.stats().losses). web/main.js calls request() and watch(canvas) and gives the app `gpu`
// (its Module.hpGpu: the C++ side and app/webgpu/hp_webgpu.js find the device there).
// The GPU losses the page met (hp.stats().losses): WebGL context losses and restores as the
// canvas reports them, WebGPU devices lost and got back (openDevice), the last reason.
import { wakeUntil } from './bridge.js';
/** @type {import('./types/hp').Losses} */
export const losses = { webgl: 0, webglRestored: 0, webgpu: 0, webgpuRestored: 0, reason: '' };
// The state the app reads as Module.hpGpu (its test hooks too: gridRow, streamKeys, …).
/**
 * @typedef {{device: GPUDevice | null, reason: string, errors: string[], restored: number, adapter?: string,
 *   kernels: import('./types/hp').Kernels, serial?: number, lost?: boolean, answered?: () => Promise<unknown>,
 *   [hook: string]: any}} GpuState
 * @type {GpuState}
 */
export const gpu = { device: null, reason: '', errors: [], restored: 0, kernels: { asked: 0, compiled: 0 } };
/** @param {HTMLElement} canvas */
export function watch(canvas) {
  canvas.addEventListener('webglcontextlost', (/** @type {WebGLContextEvent} */ e) => {
    losses.webgl++;
    losses.reason = `the WebGL context was lost${e.statusMessage ? `: ${e.statusMessage}` : ''}`;
  });
  canvas.addEventListener('webglcontextrestored', () => { losses.webglRestored++; });
  return losses;
}

// WebGPU for the webgpu-* modes: the device is asked for before the module starts (the
// request is asynchronous; the C++ side finds it in Module.hpGpu). The module waits at most
// 5 s for it; a device that comes later (a slow machine) is taken when it comes. Without one
// the modes are shown disabled with the reason, and the WebGL2 demo runs as ever.
export async function request() {
  if (!navigator.gpu) { gpu.reason = 'this browser has no navigator.gpu'; return; }
  /** @type {Promise<string>} */
  const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), 5000));
  const opened = openDevice(gpu).then((why) => {
    if (why) gpu.reason = why;
  });
  if (await Promise.race([opened, timeout]) === 'timeout' && !gpu.device)
    gpu.reason = 'the adapter request did not answer in 5 s (still asking)';
}

// A new adapter and device into `gpu`, or why not (''; the device is in gpu.device). Nothing
// is kept from an earlier device: after a crash the old adapter and its instance are gone.
// The device must answer once (its queue's work done) before it counts: one asked for while
// the GPU process was going down is lost at once, and is not taken.
/** @param {GpuState} gpu @returns {Promise<string>} why not, or '' */
async function openDevice(gpu) {
  let device;
  try {
    const adapter = await navigator.gpu.requestAdapter({ powerPreference: 'high-performance' });
    if (!adapter) return 'the browser offers no WebGPU adapter';
    const features = /** @type {GPUFeatureName[]} */ (['timestamp-query', 'subgroups']).filter((f) => adapter.features.has(f));
    // The stream holds up to S² entries of 16 bytes: ask for the adapter's largest buffers.
    const requiredLimits = { maxBufferSize: adapter.limits.maxBufferSize,
      maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize };
    device = await adapter.requestDevice({ requiredFeatures: features, requiredLimits });
    const lostFirst = await Promise.race([device.lost.then(() => true),
      device.queue.onSubmittedWorkDone().then(() => false)]);
    if (lostFirst) return `the new device was lost at once: ${(await device.lost).message}`;
    gpu.adapter = adapter.info ? `${adapter.info.vendor} ${adapter.info.architecture} ${adapter.info.description}`.trim() : '';
  } catch (e) {
    return `WebGPU failed to start: ${e.message}`;
  }
  gpu.device = device;
  gpu.serial = (gpu.serial || 0) + 1;  // hpgpu_ready: the app's objects belong to one serial
  gpu.lost = false;
  gpu.reason = '';
  gpu.errors.length = 0;  // the old device's, said already (its loss) or of objects now gone
  device.lost.then((info) => {
    if (gpu.device !== device) return;
    gpu.lost = true;
    gpu.reason = `the WebGPU device was lost: ${info.message || info.reason}`;
    gpu.errors.push(gpu.reason);
    losses.webgpu++;
    losses.reason = gpu.reason;
    wakeUntil(0);  // a resting page runs a frame to leave the lost device
    if (info.reason !== 'destroyed') reopen(gpu, gpu.reason);
  });
  // An object invalid "due to a previous error" follows from an error said already, or from a
  // buffer the GPU had no memory for, which the app says itself (hpgpu_out_of_memory): logged,
  // never the page's message (it once hid "the GPU has no memory" where no view copied a
  // buffer and the frames came faster).
  device.addEventListener('uncapturederror', (e) => {
    if (gpu.device !== device) return;
    console.error('WebGPU:', e.error.message);
    if (!/is invalid due to a previous error/.test(e.error.message)) gpu.errors.push(`WebGPU: ${e.error.message}`);
  });
  return '';
}

// A device lost for a reason the page did not cause (a crashed GPU process, a driver reset:
// reason 'unknown') is asked for again until one comes, spaced out up to 8 s (each request
// waited for however long it takes: a GPU process restarting on a slow machine takes many
// seconds); the app runs the WebGL2 scalar pyramid meanwhile and returns to the WebGPU mode
// once gpu.device is back. A device the page destroyed is not asked for again.
/** @param {GpuState} gpu @param {string} lostReason */
async function reopen(gpu, lostReason) {
  for (let wait = 500; ; wait = Math.min(2 * wait, 8000)) {
    await new Promise((r) => setTimeout(r, wait));
    const why = await openDevice(gpu);
    if (!why) { gpu.restored++; losses.webgpuRestored++; wakeUntil(0); return; }  // and to return to it
    gpu.reason = `${lostReason}; asking for a new one: ${why}`;
  }
}
