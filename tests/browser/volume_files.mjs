// Volume files for the browser cases, written here byte by byte so each case controls every
// field: NIfTI-1, NRRD, MetaImage, legacy VTK and raw, from a voxel function. (The readers are
// also checked against files written by nibabel, teem and VTK: tests/volumes/.)
import zlib from 'node:zlib';

const TYPES = {
  uint8: [1, 'setUint8', 2, 'uchar', 'MET_UCHAR', 'unsigned_char'],
  int8: [1, 'setInt8', 256, 'signed char', 'MET_CHAR', 'char'],
  int16: [2, 'setInt16', 4, 'short', 'MET_SHORT', 'short'],
  uint16: [2, 'setUint16', 512, 'ushort', 'MET_USHORT', 'unsigned_short'],
  int32: [4, 'setInt32', 8, 'int', 'MET_INT', 'int'],
  float32: [4, 'setFloat32', 16, 'float', 'MET_FLOAT', 'float'],
  float64: [8, 'setFloat64', 64, 'double', 'MET_DOUBLE', 'double'],
};

// The voxels x fastest, as every one of these formats stores them.
export function voxels([X, Y, Z], type, value, { bigEndian = false } = {}) {
  const [size, set] = TYPES[type];
  const out = Buffer.alloc(X * Y * Z * size);
  const view = new DataView(out.buffer, out.byteOffset, out.length);
  let i = 0;
  for (let z = 0; z < Z; z++)
    for (let y = 0; y < Y; y++)
      for (let x = 0; x < X; x++, i += size) view[set](i, value(x, y, z), !bigEndian);
  return out;
}

// A CT-like field in Hounsfield units: air −1000, two soft blobs, a bony shell, a slab cut by
// the volume's faces; whole numbers, so every type that holds them holds them exactly.
export function ctLike([X, Y, Z]) {
  return (x, y, z) => {
    const dx = (x - 0.45 * X) / (0.3 * X), dy = (y - 0.5 * Y) / (0.35 * Y), dz = (z - 0.5 * Z) / (0.4 * Z);
    const r = Math.sqrt(dx * dx + dy * dy + dz * dz);
    const shell = Math.abs(r - 0.8) < 0.12 ? 900 : 0;
    const soft = r < 0.8 ? 1040 + ((x * 7 + y * 3 + z) % 23) : 0;
    const slab = z < 2 ? 300 : 0;
    return Math.round(-1000 + shell + soft + slab);
  };
}

export function nifti(dims, type, data, { spacing = [1, 1, 1], slope = 0, inter = 0, sform = null, gzip = false,
  dim0 = 3, dim4 = 1, datatype = null, voxOffset = 352 } = {}) {
  const h = Buffer.alloc(voxOffset);
  h.writeInt32LE(348, 0);
  const dim = [dim0, ...dims, dim4, 1, 1, 1];
  dim.slice(0, 8).forEach((d, i) => h.writeInt16LE(d, 40 + 2 * i));
  h.writeInt16LE(datatype ?? TYPES[type][2], 70);
  h.writeInt16LE(8 * TYPES[type]?.[0] || 8, 72);
  [1, ...spacing, 1, 0, 0, 0].slice(0, 8).forEach((p, i) => h.writeFloatLE(p, 76 + 4 * i));
  h.writeFloatLE(voxOffset, 108);
  h.writeFloatLE(slope, 112);
  h.writeFloatLE(inter, 116);
  if (sform) {
    h.writeInt16LE(1, 254);  // sform_code: scanner
    sform.forEach((v, i) => h.writeFloatLE(v, 280 + 4 * i));
  }
  h.write('n+1\0', 344, 'latin1');
  const file = Buffer.concat([h, data]);
  return gzip ? zlib.gzipSync(file) : file;
}

export function nrrd(dims, type, data, { spacing = [1, 1, 1], encoding = 'raw', extra = '' } = {}) {
  const body = encoding === 'gzip' ? zlib.gzipSync(data) : data;
  const head = `NRRD0004\n# written by the browser tests\ntype: ${TYPES[type][3]}\ndimension: 3\n` +
    `sizes: ${dims.join(' ')}\nspacings: ${spacing.join(' ')}\nendian: little\nencoding: ${encoding}\n${extra}\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), body]);
}

export function mha(dims, type, data, { spacing = [1, 1, 1], compressed = false, msb = false } = {}) {
  const body = compressed ? zlib.deflateSync(data) : data;
  const head = `ObjectType = Image\nNDims = 3\nBinaryData = True\nBinaryDataByteOrderMSB = ${msb ? 'True' : 'False'}\n` +
    `CompressedData = ${compressed ? 'True' : 'False'}\n${compressed ? `CompressedDataSize = ${body.length}\n` : ''}` +
    `Offset = 0 0 0\nElementSpacing = ${spacing.join(' ')}\nDimSize = ${dims.join(' ')}\n` +
    `ElementType = ${TYPES[type][4]}\nElementDataFile = LOCAL\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), body]);
}

// Legacy VTK, BINARY (big-endian, as the format says) or ASCII.
export function vtk(dims, type, value, { spacing = [1, 1, 1], ascii = false } = {}) {
  const head = `# vtk DataFile Version 3.0\nbrowser test\n${ascii ? 'ASCII' : 'BINARY'}\nDATASET STRUCTURED_POINTS\n` +
    `DIMENSIONS ${dims.join(' ')}\nSPACING ${spacing.join(' ')}\nORIGIN 0 0 0\n` +
    `POINT_DATA ${dims[0] * dims[1] * dims[2]}\nSCALARS values ${TYPES[type][5]} 1\nLOOKUP_TABLE default\n`;
  if (!ascii) return Buffer.concat([Buffer.from(head, 'latin1'), voxels(dims, type, value, { bigEndian: true }), Buffer.from('\n')]);
  const [X, Y, Z] = dims, numbers = [];
  for (let z = 0; z < Z; z++) for (let y = 0; y < Y; y++) for (let x = 0; x < X; x++) numbers.push(value(x, y, z));
  return Buffer.from(head + numbers.join(' ') + '\n', 'latin1');
}

// Passes a file into the page and opens it; resolves to {info} or {error}.
export async function loadVolumeBytes(page, bytes, options = {}) {
  return page.evaluate((b64, options) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    return hp.loadVolume(bytes, options).then((info) => ({ info }), (e) => ({ error: e.message }));
  }, Buffer.from(bytes).toString('base64'), options);
}
