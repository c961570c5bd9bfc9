// The compute kernels of the C++ WebGPU backend (app/webgpu/gpu_device.h: hpgpu_pipeline,
// hpgpu_group), linked with --js-library after hp_webgpu.js, whose $HPGPU (the objects table,
// the device) they use. Module.hpGpu.kernels counts the pipelines asked for and those compiled
// (hp.stats().kernels): a switch back to a mode already run compiles nothing.
mergeInto(LibraryManager.library, {
  // A compute pipeline from WGSL with an explicit layout: kinds[i] is binding i's kind
  // (0 uniform, 1 read-only storage, 2 storage) and sizes[i] its minBindingSize (0: none), so
  // WebGPU checks every buffer bound there. Errors arrive later, through hpgpu_take_error,
  // named by `label`. The module and layout are made now; the pipeline itself at its first
  // dispatch (HPGPU.compiled): a mode makes every kernel it may run (each source, the mesh's),
  // and a driver compiles only those a frame runs (SwiftShader takes about 300 ms for each).
  hpgpu_pipeline__deps: ['$HPGPU'],
  hpgpu_pipeline: function (code, label, kinds, sizes, count) {
    const device = HPGPU.device();
    const name = UTF8ToString(label), wgsl = UTF8ToString(code);
    const types = ['uniform', 'read-only-storage', 'storage'];
    const entries = [];
    for (let i = 0; i < count; i++) {
      const buffer = { type: types[HEAP32[(kinds >>> 2) + i]] };
      const size = HEAP32[(sizes >>> 2) + i];
      if (size > 0) buffer.minBindingSize = size;
      entries.push({ binding: i, visibility: GPUShaderStage.COMPUTE, buffer });
    }
    // A kernel made before on this device (a mode switched away from and back, a volume of
    // another size) is that one again, compiled once: the last 128 kept, per device.
    if (HPGPU.kernels.device !== device) HPGPU.kernels = { device, made: new Map() };
    const key = `${name}\n${JSON.stringify(entries)}\n${wgsl}`, made = HPGPU.kernels.made;
    const known = made.get(key), counts = Module.hpGpu.kernels;
    counts.asked++;
    if (known) return HPGPU.add(known);
    device.pushErrorScope('validation');
    const module = device.createShaderModule({ code: wgsl, label: name });
    const layout = device.createBindGroupLayout({ entries, label: name });
    const pipelineLayout = device.createPipelineLayout({ bindGroupLayouts: [layout] });
    device.popErrorScope().then((e) => { if (e) HPGPU.report(`pipeline ${name}`, e); });
    /** @type {{pipeline: GPUComputePipeline | null, layout: GPUBindGroupLayout, make: () => GPUComputePipeline}} */
    const p = { pipeline: null, layout, make: () => {
      counts.compiled++;
      device.pushErrorScope('validation');
      const pipeline = device.createComputePipeline({ layout: pipelineLayout, compute: { module, entryPoint: 'main' }, label: name });
      device.popErrorScope().then((e) => { if (e) HPGPU.report(`pipeline ${name}`, e); });
      return pipeline;
    } };
    made.set(key, p);
    if (made.size > 128) made.delete(made.keys().next().value);
    return HPGPU.add(p);
  },

  // A bind group of whole buffers: buffers[i] for binding i (0: binding absent). An id that
  // names nothing live (released, its slot perhaps reused under a new generation) is refused:
  // 0, and the error recorded (a stale id is the caller's mistake, never a TypeError).
  hpgpu_group__deps: ['$HPGPU'],
  hpgpu_group: function (pipeline, buffers, count) {
    const stale = (what, id) => {
      HPGPU.report('bind group', { message: `${what} is id ${id}, which names no live object (released)` });
      return 0;
    };
    const p = HPGPU.get(pipeline);
    if (!p || !p.layout) return stale('the pipeline', pipeline);
    const entries = [];
    for (let i = 0; i < count; i++) {
      const id = HEAP32[(buffers >>> 2) + i];
      if (!id) continue;
      const buffer = HPGPU.get(id);
      if (!(buffer instanceof GPUBuffer)) return stale(`binding ${i}'s buffer`, id);
      entries.push({ binding: i, resource: { buffer } });
    }
    return HPGPU.add(HPGPU.device().createBindGroup({ layout: p.layout, entries }));
  },
});
