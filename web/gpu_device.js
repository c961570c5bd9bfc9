// The page's GPUs: the WebGPU device the webgpu-* modes run on, asked for before the module
// starts and asked for again after a loss the page did not cause, and the count of GPU losses
// (hp.stats().losses). web/hp.js calls request(Module) and watch(canvas).
'use strict';
(function () {
  // The GPU losses the page met (hp.stats().losses): WebGL context losses and restores as the
  // canvas reports them, WebGPU devices lost and got back (openDevice), the last reason.
  const losses = { webgl: 0, webglRestored: 0, webgpu: 0, webgpuRestored: 0, reason: '' };
  function watch(canvas) {
    canvas.addEventListener('webglcontextlost', (e) => {
      losses.webgl++;
      losses.reason = `the WebGL context was lost${e.statusMessage ? `: ${e.statusMessage}` : ''}`;
    });
    canvas.addEventListener('webglcontextrestored', () => { losses.webglRestored++; });
    return losses;
  }

  // WebGPU for the webgpu-* modes: the device is asked for before the module starts (the
  // request is asynchronous; the C++ side finds it in Module.hpGpu). Without it the modes are
  // shown disabled with the reason, and the WebGL2 demo runs as ever.
  async function request(Module) {
    const gpu = { device: null, reason: '', errors: [], restored: 0 };
    Module.hpGpu = gpu;
    if (!navigator.gpu) { gpu.reason = 'this browser has no navigator.gpu'; return; }
    await openDevice(gpu);
  }

  // Asks for an adapter and a device into `gpu`. A device lost for a reason the page did not
  // cause (a crashed GPU process, a driver reset: reason 'unknown') is asked for again a few
  // times, spaced out; the app runs the WebGL2 scalar pyramid meanwhile and returns to the
  // WebGPU mode once gpu.device is back. A device the page destroyed is not asked for again.
  async function openDevice(gpu) {
    try {
      const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), 5000));
      const adapter = await Promise.race([navigator.gpu.requestAdapter({ powerPreference: 'high-performance' }), timeout]);
      if (adapter === 'timeout') { gpu.reason = 'the adapter request did not answer in 5 s'; return; }
      if (!adapter) { gpu.reason = 'the browser offers no WebGPU adapter'; return; }
      const features = ['timestamp-query', 'subgroups'].filter((f) => adapter.features.has(f));
      // The stream holds up to S² entries of 16 bytes: ask for the adapter's largest buffers.
      const requiredLimits = { maxBufferSize: adapter.limits.maxBufferSize,
        maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize };
      gpu.device = await adapter.requestDevice({ requiredFeatures: features, requiredLimits });
      gpu.adapter = adapter.info ? `${adapter.info.vendor} ${adapter.info.architecture} ${adapter.info.description}`.trim() : '';
      gpu.lost = false;
      gpu.reason = '';
      gpu.device.lost.then(async (info) => {
        gpu.lost = true;
        gpu.reason = `the WebGPU device was lost: ${info.message || info.reason}`;
        gpu.errors.push(gpu.reason);
        losses.webgpu++;
        losses.reason = gpu.reason;
        if (info.reason === 'destroyed') return;
        const lostReason = gpu.reason;
        for (const wait of [500, 1000, 2000, 4000, 8000]) {
          await new Promise((r) => setTimeout(r, wait));
          await openDevice(gpu);
          if (!gpu.lost && gpu.device) { gpu.restored++; losses.webgpuRestored++; return; }
          gpu.lost = true;
          gpu.reason = `${lostReason}; asked for a new one: ${gpu.reason}`;
        }
      });
      gpu.device.addEventListener('uncapturederror', (e) => {
        console.error('WebGPU:', e.error.message);
        gpu.errors.push(`WebGPU: ${e.error.message}`);
      });
    } catch (e) {
      gpu.device = null;
      gpu.reason = `WebGPU failed to start: ${e.message}`;
    }
  }
  window.hpGpuDevice = { request, watch };
})();
