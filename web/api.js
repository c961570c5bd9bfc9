// @ts-check
// window.hp, the page's whole API (docs/api.md), from its parts: the state (state.js), frames
// (frames.js), read-backs (reads.js), loads (loads.js), looks inside (inspect.js), the
// benchmark's saturated regime (saturate.js), and the tests' one seam, hp.testing.
import { call, on, testingModule } from './bridge.js';
import { allocator } from './heap.js';
import { frames, ready } from './frames.js';
import { gpu } from './gpu_device.js';
import { set, stats } from './state.js';
import { reads } from './reads.js';
import { loads } from './loads.js';
import { inspect } from './inspect.js';
import { runFrames } from './saturate.js';

/** window.hp (types/hp.d.ts: what its calls take and give). */
export const hp = {
  ready,
  set,
  frames,
  stats,
  // Restarts the per-pass timing window (stats().ms gives medians since then).
  resetTimings() { call('hp_reset_timings'); },
  ...reads,
  ...loads,
  ...inspect,
  runFrames,
  // The tests' seam, and the benchmark's: the module (its heap's size, its test exports through
  // ccall), the WebGPU state the app reads (Module.hpGpu: the device, the test hooks read when a
  // pipeline is made: gridRow, streamKeys, meshVertices, subgroupsOff), the app's events
  // (on('frame', fn) → a function that stops listening), the heap's allocator (allocate(bytes):
  // a test makes it fail), and a declared export called by name.
  testing: { get module() { return testingModule(); }, gpu, on, heap: allocator, call },
};
