// Helpers shared by the browser cases: assertions, exact stream comparison, PNG writers.
import zlib from 'node:zlib';

export function assert(cond, message) {
  if (!cond) throw new Error(message);
}

// The suite's time table: the sum of the cases' own times (page loads included) per case file,
// one line each as "time: TIER FILE CASES SECONDS" (scripts/test.sh gathers these lines).
// `times`: [ms, name, file] per case.
export function printTimeTable(tier, times) {
  const sums = new Map();
  for (const [ms, , file] of times) {
    const t = sums.get(file) ?? { n: 0, ms: 0 };
    sums.set(file, { n: t.n + 1, ms: t.ms + ms });
  }
  for (const [file, t] of [...sums].sort((a, b) => b[1].ms - a[1].ms))
    console.log(`time: ${tier} ${file} ${t.n} ${(t.ms / 1000).toFixed(1)}`);
}

// Compares two streams of [x,y,z,w]; names the first differing key with both values.
export function sameStream(gpu, cpu, what = 'stream') {
  assert(gpu.length === cpu.length, `${what}: GPU has ${gpu.length} entries, CPU ${cpu.length}`);
  for (let k = 0; k < cpu.length; k++) {
    const a = gpu[k], b = cpu[k];
    if (a[0] !== b[0] || a[1] !== b[1] || a[2] !== b[2] || a[3] !== b[3])
      throw new Error(`${what}: first difference at key ${k}: GPU [${a}], CPU [${b}]`);
  }
}

// Applies `state` (resolves after the frame that used it) and reads both streams back. They
// cross to Node as the bytes of their float32s in base64 (as arrays of arrays, the DevTools
// protocol's JSON took seconds for 10^5 entries), then are entries [x, y, z, w] again.
export async function compute(page, state, limit) {
  const r = await page.evaluate(async (state, limit) => {
    await hp.set(state);
    const pack = (entries) => {
      const f = new Float32Array(4 * entries.length);
      entries.forEach((e, i) => f.set(e, 4 * i));
      const bytes = new Uint8Array(f.buffer);
      let s = '';
      for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(s);
    };
    return { stats: hp.stats(), gpu: pack(await hp.stream(limit)), cpu: pack(await hp.reference(limit)) };
  }, state, limit);
  const unpack = (b64) => {
    const f = new Float32Array(new Uint8Array(Buffer.from(b64, 'base64')).buffer);
    const out = new Array(f.length / 4);
    for (let i = 0; i < out.length; i++) out[i] = [f[4 * i], f[4 * i + 1], f[4 * i + 2], f[4 * i + 3]];
    return out;
  };
  return { stats: r.stats, gpu: unpack(r.gpu), cpu: unpack(r.cpu) };
}

// Asserts the GPU's count and stream equal the CPU reference for `state`; returns the count.
// Compared inside the page (only the verdict crosses to Node: a stream of 10^5 entries takes
// seconds to pass out, longer than the frame that made it).
export async function exact(page, state, { atLeast = 1 } = {}) {
  const r = await page.evaluate(async (state) => {
    await hp.set(state);
    const stats = hp.stats(), gpu = await hp.stream(), cpu = await hp.reference();
    let differ = '';
    if (gpu.length !== cpu.length) differ = `stream: GPU has ${gpu.length} entries, CPU ${cpu.length}`;
    for (let k = 0; k < cpu.length && !differ; k++) {
      const a = gpu[k], b = cpu[k];
      if (a[0] !== b[0] || a[1] !== b[1] || a[2] !== b[2] || a[3] !== b[3])
        differ = `stream: first difference at key ${k}: GPU [${a}], CPU [${b}]`;
    }
    return { stats, cpuLength: cpu.length, differ };
  }, state);
  const { stats, cpuLength } = r;
  for (const k of ['pyramid', 'source', 'classify', 'volume', 'atlas', 'readback'])
    if (k in state) assert(String(stats[k]) === String(state[k]), `${k} is ${stats[k]}, not ${state[k]}`);
  assert(stats.count === cpuLength, `GPU count ${stats.count}, CPU reference ${cpuLength}`);
  assert(cpuLength >= atLeast, `only ${cpuLength} active (the case wants ≥ ${atLeast})`);
  assert(!r.differ, r.differ);
  return stats.count;
}

// One PNG chunk: length, type, data and the CRC of type and data.
export function pngChunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0);
  return Buffer.concat([head, data, crc]);
}

// A PNG from value(x, y) in [0,1], written here byte by byte so the test controls every
// field: 8-bit RGBA (R the value; G and B hold noise that the loader must ignore) or 16-bit
// grey (big-endian samples, as PNG stores them).
export function pngOf(width, height, value, { bits = 8 } = {}) {
  const channels = bits === 16 ? 1 : 4, bytes = bits / 8;
  const raw = Buffer.alloc(height * (1 + width * channels * bytes));
  let o = 0;
  for (let y = 0; y < height; y++) {
    raw[o++] = 0;  // filter: none
    for (let x = 0; x < width; x++) {
      const v = Math.min(1, Math.max(0, value(x, y)));
      if (bits === 16) { raw.writeUInt16BE(Math.round(v * 65535), o); o += 2; }
      else { raw[o++] = Math.round(v * 255); raw[o++] = (x * 7) & 255; raw[o++] = (y * 13) & 255; raw[o++] = 255; }
    }
  }
  const chunk = pngChunk;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = bits;
  ihdr[9] = bits === 16 ? 0 : 6;  // grey | RGBA
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

// The atlas texel of voxel (x,y,z) for an N³ volume in an S² atlas.
export function texelOf(n, s, x, y, z) {
  const t = s / n;
  return [n * (z % t) + x, n * Math.floor(z / t) + y];
}

// hp.volume() read out of the page: its description (no value arrays), its values as a
// Float32Array and its stored values in their own type, crossed as their bytes in base64 (the
// DevTools protocol's JSON of a 256×256×96 volume's numbers took seconds). null before a file.
export async function volumeOf(page) {
  const r = await page.evaluate(async () => {
    const v = await hp.volume();
    if (v === null) return null;
    const b64 = (a) => {
      const bytes = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
      let s = '';
      for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(s);
    };
    return { info: { ...v, values: undefined, stored: { ...v.stored, values: undefined } }, values: b64(v.values),
      stored: b64(v.stored.values), type: v.stored.values.constructor.name };
  });
  if (r === null) return null;
  const typed = (b64, Type) => {
    const b = Buffer.from(b64, 'base64');
    return new Type(b.buffer.slice(b.byteOffset, b.byteOffset + b.length));
  };
  return { info: r.info, values: typed(r.values, Float32Array), stored: typed(r.stored, globalThis[r.type]) };
}

// Passes bytes into the page and loads them as an atlas; resolves to '' or the rejection.
export async function loadBytes(page, bytes, options) {
  return page.evaluate((b64, options) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    return hp.loadAtlas(bytes, options).then(() => '', (e) => e.message);
  }, Buffer.from(bytes).toString('base64'), options);
}

// The edge cases every mode must get exact (64³ in 512²): an empty volume, a full one (N³),
// and one active voxel at the last atlas position.
// `more`: further settings for every case (e.g. {scan: 'rts'}), named in the cases.
export function edgeCases(add, pyramid, more = {}) {
  const name = pyramid + Object.entries(more).map(([k, v]) => ` ${k}=${v}`).join('');
  add(`${name} empty volume: count 0`, async (page) => {
    const n = await exact(page, { pyramid, ...more, volume: 64, source: 'metaballs', classify: 'solid', iso: 1 }, { atLeast: 0 });
    assert(n === 0, `count ${n}`);
  });
  add(`${name} full volume in solid mode: count N³`, async (page) => {
    const n = await exact(page, { pyramid, ...more, volume: 64, source: 'metaballs', classify: 'solid', iso: 0 });
    assert(n === 64 ** 3, `count ${n}, not ${64 ** 3}`);
  });
  add(`${name} one active voxel at the last atlas position (511, 511)`, async (page) => {
    const [lx, ly] = texelOf(64, 512, 63, 63, 63);
    assert(lx === 511 && ly === 511, 'layout');
    const error = await loadBytes(page, pngOf(512, 512, (x, y) => (x === lx && y === ly ? 0.8 : 0.1)), { tile: 64 });
    assert(error === '', error);
    const { stats, gpu, cpu } = await compute(page, { pyramid, ...more, source: 'png', classify: 'solid', iso: 0.5 });
    assert(stats.count === 1 && cpu.length === 1, `count ${stats.count}, CPU ${cpu.length}`);
    sameStream(gpu, [[63, 63, 63, Math.fround(204 / 255)]], 'the one voxel');
  });
}

// The surface: the GPU's mesh (hp.mesh) against the CPU reference's (hp.referenceMesh) for
// `state`, compared inside the page (the arrays stay there): the vertex total exactly,
// positions within 1e-4 voxel, normals within 1e-3. Returns {vertices, stats}.
export async function exactMesh(page, state, { atLeast = 1, limit } = {}) {
  const r = await page.evaluate(async (state, limit) => {
    await hp.set(state);
    const gpu = await hp.mesh({ limit }), cpu = await hp.referenceMesh({ limit });
    const stats = hp.stats();
    if (gpu.vertices !== cpu.vertices) return { error: `GPU vertex total ${gpu.vertices}, CPU ${cpu.vertices}`, stats };
    if (gpu.positions.length !== cpu.positions.length)
      return { error: `GPU gave ${gpu.positions.length / 3} vertices, CPU ${cpu.positions.length / 3}`, stats };
    // A label map's vertices carry their labels (classify=labels): each the reference's, exactly.
    if (gpu.labels.length !== cpu.labels.length) return { error: `GPU gave ${gpu.labels.length} labels, CPU ${cpu.labels.length}`, stats };
    for (let i = 0; i < cpu.labels.length; i++)
      if (gpu.labels[i] !== cpu.labels[i]) return { error: `vertex ${i}'s label: GPU ${gpu.labels[i]}, CPU ${cpu.labels[i]}`, stats };
    // ... and each triangle the label on its other side (the normal's w; NaN where its vertices disagree).
    const triangles = Math.floor(cpu.labels.length / 3);
    if (cpu.otherLabels.length !== triangles || gpu.otherLabels.length !== triangles)
      return { error: `other sides: GPU ${gpu.otherLabels.length}, CPU ${cpu.otherLabels.length}, for ${triangles} triangles`, stats };
    for (let t = 0; t < triangles; t++)
      if (gpu.otherLabels[t] !== cpu.otherLabels[t]) return { error: `triangle ${t}'s other side: GPU ${gpu.otherLabels[t]}, CPU ${cpu.otherLabels[t]}`, stats };
    for (let i = 0; i < cpu.positions.length; i++) {
      if (!(Math.abs(gpu.positions[i] - cpu.positions[i]) <= 1e-4))
        return { error: `vertex ${Math.floor(i / 3)} position[${i % 3}]: GPU ${gpu.positions[i]}, CPU ${cpu.positions[i]}`, stats };
      if (!(Math.abs(gpu.normals[i] - cpu.normals[i]) <= 1e-3))
        return { error: `vertex ${Math.floor(i / 3)} normal[${i % 3}]: GPU ${gpu.normals[i]}, CPU ${cpu.normals[i]}`, stats };
    }
    return { vertices: cpu.vertices, given: cpu.positions.length / 3, stats };
  }, state, limit);
  if (r.error) throw new Error(r.error);
  assert(r.vertices >= atLeast, `only ${r.vertices} vertices (the case wants ≥ ${atLeast})`);
  return r;
}
