// Mol*'s GPU isosurface extraction, driven the way Mol*'s own volume isosurface visual drives it
// (molstar/src/mol-repr/volume/isosurface.ts: VolumeIsosurfaceTexture.get and
// createVolumeIsosurfaceTextureMesh), on a 16-bit volume handed in by the page, timed with
// GPU timer queries so the in-page benchmark can set it beside the demo in one browser session.
// Bundled by scripts/build-molstar.sh into build/molstar/molstar-iso.js (window.hpMolstar).
import { createContext, getGLContext } from 'molstar/lib/mol-gl/webgl/context.js';
import { extractIsosurface } from 'molstar/lib/mol-gl/compute/marching-cubes/isosurface.js';
import { createVolumeTexture2d, getVolumeTexture2dLayout } from 'molstar/lib/mol-repr/volume/util.js';
import { Grid } from 'molstar/lib/mol-model/volume/grid.js';
import { Mat4, Tensor, Vec2, Vec3 } from 'molstar/lib/mol-math/linear-algebra.js';
import { TextureMesh } from 'molstar/lib/mol-geo/geometry/texture-mesh/texture-mesh.js';
import { createRenderObject } from 'molstar/lib/mol-gl/render-object.js';
import { Renderer } from 'molstar/lib/mol-gl/renderer.js';
import { Scene } from 'molstar/lib/mol-gl/scene.js';
import { Camera } from 'molstar/lib/mol-canvas3d/camera.js';
import { Viewport } from 'molstar/lib/mol-canvas3d/camera/util.js';
import { Color } from 'molstar/lib/mol-util/color/index.js';
import { ParamDefinition as PD } from 'molstar/lib/mol-util/param-definition.js';

// isosurface.ts pads each slice by one texel in x and y so that linear filtering never mixes
// neighbouring slices of the 2D atlas.
const PADDING = 1;
// Mol* normalises a grid's values to [0, 1] by its stats (value = (sample - min) / (max - min)),
// and its iso with them. The synthetic volumes' 16-bit samples take the type's full range; a
// real scan (Float32Array of its values) the range of its values.
const UINT16_RANGE = [0, 65535];

const median = (xs) => {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));

// A WebGL2 context made as Canvas3DContext.fromCanvas makes one (its default attributes,
// getGLContext, then createContext), on a canvas of our own that is never put in the page.
function makeContext(width, height) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const gl = getGLContext(canvas, {
    powerPreference: 'high-performance', failIfMajorPerformanceCaveat: false, antialias: true,
    preserveDrawingBuffer: true, alpha: true, depth: true, premultipliedAlpha: true, preferWebGl1: false,
  });
  if (!gl || !(gl instanceof WebGL2RenderingContext)) throw new Error('Mol* harness: no WebGL2 context');
  return createContext(gl);
}

// The inputs extractIsosurface gets in createVolumeIsosurfaceTextureMesh, with gpuDataType
// 'float' (Mol*'s default is 'byte', which would quantise a 16-bit volume to 256 levels and
// change the surface); no wrapping (a plain grid is not periodic).
function uploadVolume(webgl, data, dims, [min, max]) {
  const grid = {
    transform: { kind: 'matrix', matrix: Mat4.identity() }, // grid index = world position
    // x fastest, then y, then z: slowest-to-fastest axis order [z, y, x], as Mol*'s CCP4
    // reader sets it for a map stored x fastest.
    cells: Tensor.create(Tensor.Space(dims, [2, 1, 0], data.constructor), data),
    stats: { min, max, mean: 0, sigma: 0 },
  };
  const transform = Grid.getGridToCartesianTransform(grid);
  const gridDimension = Vec3.clone(grid.cells.space.dimensions);
  const { width, height, powerOfTwoSize: texDim } = getVolumeTexture2dLayout(gridDimension, PADDING);
  // Mol*'s own limit (suitableForGpu): past it, Mol* falls back to its CPU marching cubes.
  if (texDim > webgl.maxTextureSize / 2) {
    throw new Error(`volume too large for Mol*'s GPU isosurface: its ${texDim}² atlas needs ` +
      `MAX_TEXTURE_SIZE ≥ ${2 * texDim}, this context has ${webgl.maxTextureSize}`);
  }
  const gridTexDim = Vec3.create(width, height, 0);
  const gridDataDim = Vec3.clone(gridDimension);
  const gridTexScale = Vec2.create(width / texDim, height / texDim);
  const texture = webgl.resources.texture('image-float32', 'alpha', 'float', 'linear');
  texture.define(texDim, texDim);
  texture.load(createVolumeTexture2d({ grid }, 'data', PADDING, 'float'), true);
  gridDimension[0] += PADDING;
  gridDimension[1] += PADDING;
  return {
    grid, texture, transform, gridDimension, gridTexDim, gridDataDim, gridTexScale,
    axisOrder: grid.cells.space.axisOrderSlowToFast,
  };
}

// The GPU times (ms) Mol*'s timer has for `label`, once `expected` have come back. Waits for the
// GPU first, so that every query is done and its result comes within a frame or two; one
// spoilt by a disjoint event never comes, hence the limit (the caller reports the shortfall).
async function collectGpu(webgl, label, expected, results) {
  webgl.waitForGpuCommandsCompleteSync();
  for (let i = 0; i < 60 && results[label].length < expected; i++) {
    await nextFrame();
    for (const r of webgl.timer.resolve()) results[r.label].push(r.gpuElapsed / 1e6);
  }
  return results[label];
}

async function isosurface(options) {
  const { data, dims, iso, range = UINT16_RANGE, regime = 'paced', frames = 60, warmup = 10, size = [1024, 768] } = options;
  if (regime !== 'paced' && regime !== 'saturated') throw new Error(`unknown regime '${regime}'`);
  if (data.length !== dims[0] * dims[1] * dims[2]) throw new Error('data length does not match dims');
  const webgl = makeContext(size[0], size[1]);
  // Mol*'s extraction reads its count back (gl.finish, then readPixels) on every call, so each
  // one waits for the GPU in either regime; the saturated loop differs only in not yielding.
  const notes = ['extractIsosurface reads back its vertex count on every call (a blocking readPixels)'];
  try {
    const { gl, extensions } = webgl;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer = gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER);
    const hasTimer = !!extensions.disjointTimerQuery;
    if (!hasTimer) notes.push('no EXT_disjoint_timer_query_webgl2: GPU times are null');

    if (!(range[1] > range[0])) throw new Error(`range [${range}] is empty`);
    const vol = uploadVolume(webgl, data, dims, range);
    const isoLevel = (iso - range[0]) / (range[1] - range[0]); // as isosurface.ts normalises it
    const groupCount = data.length;
    const boundingSphere = Grid.getBoundingSphere(vol.grid);

    // One extraction as createVolumeIsosurfaceTextureMesh's `create` does it, double-buffered
    // output textures included (the first two calls allocate them, later ones reuse them).
    let textureMesh;
    const extract = () => {
      const buffer = textureMesh?.doubleBuffer.get();
      const gv = extractIsosurface(webgl, vol.texture, vol.gridDimension, vol.gridTexDim, vol.gridDataDim,
        vol.gridTexScale, vol.transform, isoLevel, iso < 0, false, vol.axisOrder, true,
        buffer?.vertex, buffer?.group, buffer?.normal);
      textureMesh = TextureMesh.create(gv.vertexCount, groupCount, gv.vertexTexture, gv.groupTexture,
        gv.normalTexture, boundingSphere, textureMesh);
    };

    // The mesh drawn the way Canvas3D's draw pass draws opaque primitives straight to the
    // drawing buffer, with TextureMesh's default props as Mol*'s isosurface visual has them;
    // no post-processing (which Canvas3D adds on top: SSAO, outlines, FXAA).
    const scene = Scene.create(webgl);
    const molRenderer = Renderer.create(webgl);
    const camera = new Camera({}, Viewport.create(0, 0, size[0], size[1]));
    const setUpDraw = () => {
      const props = PD.getDefaultValues(TextureMesh.Params);
      const values = TextureMesh.Utils.createValuesSimple(textureMesh, props, Color(0x44aa66), 1);
      scene.add(createRenderObject('texture-mesh', values, TextureMesh.Utils.createRenderableState(props), -1));
      scene.commit();
      // Mol* links programs lazily (parallel shader compilation); Canvas3D's ShaderManager
      // finishes the 'color' variant before its first draw, and so do we, synchronously.
      webgl.resources.linkPrograms(['color']);
      webgl.resources.finalizePrograms(['color'], true);
      camera.setState({ ...camera.getFocus(boundingSphere.center, boundingSphere.radius), radiusMax: boundingSphere.radius });
      camera.update();
    };
    const draw = () => {
      molRenderer.setViewport(0, 0, size[0], size[1]);
      molRenderer.update(camera, scene);
      webgl.bindDrawingBuffer();
      molRenderer.clear(true);
      molRenderer.renderOpaque(scene.primitives, camera);
    };

    // `warmup` untimed steps, then `frames` steps, each inside a timer mark (one query each).
    // Paced: one step a frame, wall time per step. Saturated: all steps back to back, then one
    // blocking read; wall time / frames. GPU times are read once the loop has returned.
    const results = { extraction: [], draw: [] };
    const run = async (label, step) => {
      for (let i = 0; i < warmup; i++) { step(); await nextFrame(); }
      const timed = () => {
        webgl.timer.mark(label);
        step();
        webgl.timer.markEnd(label);
      };
      const wall = [];
      const startMs = Date.now(); // on the clock the GPU machine's driver samples the clocks with
      if (regime === 'paced') {
        for (let i = 0; i < frames; i++) {
          await nextFrame();
          const t0 = performance.now();
          timed();
          wall.push(performance.now() - t0);
        }
      } else {
        const t0 = performance.now();
        for (let i = 0; i < frames; i++) timed();
        webgl.waitForGpuCommandsCompleteSync(); // Mol*'s blocking read: readPixels of one texel
        wall.push((performance.now() - t0) / frames);
      }
      const endMs = Date.now();
      if (!hasTimer) return { gpu: null, wall: median(wall), startMs, endMs };
      const gpu = await collectGpu(webgl, label, frames, results);
      if (gpu.length < frames) notes.push(`${label}: ${gpu.length} of ${frames} timer queries came back (disjoint)`);
      return { gpu: median(gpu), wall: median(wall), startMs, endMs };
    };

    const ex = await run('extraction', extract);
    // Mol*'s count: the histopyramid's top, read back with readPixels inside extractIsosurface
    // (3 vertices a triangle; it reports at least 1 so an empty surface reads 0 triangles).
    const vertices = textureMesh.vertexCount;
    setUpDraw();
    const dr = await run('draw', draw);
    const pixels = new Uint8Array(size[0] * size[1] * 4);
    webgl.bindDrawingBuffer();
    gl.readPixels(0, 0, size[0], size[1], gl.RGBA, gl.UNSIGNED_BYTE, pixels);
    let covered = 0;
    for (let i = 0; i < pixels.length; i += 4) covered += pixels[i] | pixels[i + 1] | pixels[i + 2] ? 1 : 0;

    return {
      triangles: Math.floor(vertices / 3), vertices,
      gpuMs: { extraction: ex.gpu, draw: dr.gpu },
      wallMs: { perExtraction: ex.wall, perDraw: dr.wall },
      regime, frames, warmup, size, renderer,
      startMs: ex.startMs, endMs: dr.endMs, // the timed extractions, then the timed draws
      drawCoverage: covered / (size[0] * size[1]), // share of pixels the mesh covers: a sanity check
      notes,
    };
  } finally {
    webgl.destroy(); // loses the context, so repeated runs do not pile up contexts
  }
}

window.hpMolstar = { isosurface };
