// The 3D view's drawing for the C++ WebGPU backend (app/webgpu/gpu_device.h: hpgpu_surface_*),
// linked with --js-library after hp_webgpu.js, whose $HPGPU (the objects table, the device)
// it uses: a render pipeline, and its draw into the page's #gpu-surface canvas.
mergeInto(LibraryManager.library, {
  // The 3D view's render pipeline (shaders/surface.wgsl: entry points vs and fs) with a fixed
  // layout: binding 0 a uniform (vertex and fragment), 1–4 read-only storage (vertex: positions,
  // normals, the counter, the label colours). Drawn into the page's #gpu-surface canvas with a depth buffer.
  hpgpu_surface_pipeline__deps: ['$HPGPU'],
  hpgpu_surface_pipeline: function (code, label) {
    const device = HPGPU.device();
    const name = UTF8ToString(label);
    const V = GPUShaderStage.VERTEX;
    const entries = [{ binding: 0, visibility: V | GPUShaderStage.FRAGMENT, buffer: { type: 'uniform' } }];
    for (let i = 1; i <= 4; i++) entries.push({ binding: i, visibility: V, buffer: { type: 'read-only-storage' } });
    device.pushErrorScope('validation');
    const module = device.createShaderModule({ code: UTF8ToString(code), label: name });
    const layout = device.createBindGroupLayout({ entries, label: name });
    const pipeline = device.createRenderPipeline({
      layout: device.createPipelineLayout({ bindGroupLayouts: [layout] }), label: name,
      vertex: { module, entryPoint: 'vs' },
      fragment: { module, entryPoint: 'fs', targets: [{ format: navigator.gpu.getPreferredCanvasFormat() }] },
      primitive: { topology: 'triangle-list' },
      depthStencil: { format: 'depth24plus', depthWriteEnabled: true, depthCompare: 'less' },
    });
    device.popErrorScope().then((e) => { if (e) HPGPU.report(`pipeline ${name}`, e); });
    return HPGPU.add({ pipeline, layout });
  },

  // Shows #gpu-surface at (x, y, w, h) CSS pixels (top left origin) with pw × ph pixels, clears
  // it to the 3D view's background and, with a pipeline, draws its triangles indirectly from
  // `args` at byte `offset` (the counts the GPU wrote): indexed where `indices` (a u32 index
  // buffer) is given. The depth texture follows the size.
  hpgpu_surface_draw__deps: ['$HPGPU'],
  hpgpu_surface_draw: function (pipeline, group, args, offset, indices, x, y, w, h, pw, ph) {
    const device = HPGPU.device();
    const canvas = document.getElementById('gpu-surface');
    if (!device || !canvas || pw <= 0 || ph <= 0) return;
    let s = HPGPU.surface;
    if (!s || s.device !== device) {
      s = HPGPU.surface = { device, context: canvas.getContext('webgpu'), depth: null };
      s.context.configure({ device, format: navigator.gpu.getPreferredCanvasFormat(), alphaMode: 'opaque' });
    }
    const style = canvas.style;
    style.left = `${x}px`; style.top = `${y}px`; style.width = `${w}px`; style.height = `${h}px`;
    canvas.hidden = false;
    if (canvas.width !== pw || canvas.height !== ph) { canvas.width = pw; canvas.height = ph; }
    if (!s.depth || s.depth.width !== pw || s.depth.height !== ph) {
      if (s.depth) s.depth.destroy();
      s.depth = device.createTexture({ size: [pw, ph], format: 'depth24plus', usage: GPUTextureUsage.RENDER_ATTACHMENT });
    }
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginRenderPass({
      colorAttachments: [{ view: s.context.getCurrentTexture().createView(), loadOp: 'clear', storeOp: 'store',
        clearValue: { r: 0.06, g: 0.07, b: 0.09, a: 1 } }],
      depthStencilAttachment: { view: s.depth.createView(), depthClearValue: 1, depthLoadOp: 'clear',
        depthStoreOp: 'discard' },
    });
    if (pipeline) {
      pass.setPipeline(HPGPU.get(pipeline).pipeline);
      pass.setBindGroup(0, HPGPU.get(group));
      if (indices) {
        pass.setIndexBuffer(HPGPU.get(indices), 'uint32');
        pass.drawIndexedIndirect(HPGPU.get(args), offset);
      } else {
        pass.drawIndirect(HPGPU.get(args), offset);
      }
    }
    pass.end();
    device.queue.submit([encoder.finish()]);
  },

  hpgpu_surface_hide: function () {
    const canvas = document.getElementById('gpu-surface');
    if (canvas && !canvas.hidden) canvas.hidden = true;
  },
});
