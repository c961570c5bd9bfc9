// Writes the committed seed corpus of the volume harness (tests/fuzz/corpus/volume/): a small
// file of every format and encoding, each behind the options byte volume_fuzz.cpp reads.
//   node tests/fuzz/make-volume-corpus.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { voxels, ctLike, nifti, nrrd, mha, vtk } from '../browser/volume_files.mjs';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'corpus', 'volume');
fs.mkdirSync(dir, { recursive: true });
// Segment<N>_ key/value pairs as Slicer writes them; layer step 0: all in one layer.
const segments = (n, step) => Array.from({ length: n }, (_, i) => `Segment${i}_Color:=0.8 0.2 0.${i}\n` +
  `Segment${i}_ID:=Segment_${i + 1}\nSegment${i}_LabelValue:=${i + 1}\nSegment${i}_Layer:=${i * step}\n` +
  `Segment${i}_Name:=Organ ${i + 1}\n`).join('') + 'Segmentation_MasterRepresentation:=Binary labelmap\n';
const D = [8, 6, 5], f = ctLike(D), i16 = voxels(D, 'int16', f);
const seeds = {
  'nifti.nii': [0, nifti(D, 'int16', i16, { spacing: [0.5, 0.5, 2] })],
  'nifti-float-down.nii.gz': [1, nifti(D, 'float32', voxels(D, 'float32', (x, y, z) => x * 0.5 - y + z), { gzip: true })],
  'nifti-4d.nii': [0, nifti(D, 'uint8', Buffer.concat([voxels(D, 'uint8', () => 7), voxels(D, 'uint8', () => 9)]), { dim0: 4, dim4: 2 })],
  'nrrd-raw.nrrd': [0, nrrd(D, 'int16', i16, { spacing: [1, 2, 3] })],
  'nrrd-gzip.nrrd': [8, nrrd(D, 'int16', i16, { encoding: 'gzip', extra: 'space directions: (1,0,0) (0,-1,0) (0,0,2)\nspace origin: (4,5,6)' })],
  'mha-raw.mha': [0, mha(D, 'int16', i16)],
  'mha-zlib-msb.mha': [2, mha(D, 'int16', voxels(D, 'int16', f, { bigEndian: true }), { compressed: true, msb: true })],
  'vtk-binary.vtk': [0, vtk(D, 'int16', f)],
  'vtk-ascii.vtk': [1, vtk(D, 'float32', (x, y, z) => x + y / 4 - z, { ascii: true })],
  'raw-named.raw': [4, voxels(D, 'int16', f)],
  'dicom.dcm': [0, Buffer.concat([Buffer.alloc(128), Buffer.from('DICM')])],
  // 3D Slicer's .seg.nrrd: one layer (its segments' names and colours read), and four (refused).
  'seg-nrrd.nrrd': [0, nrrd(D, 'uint8', voxels(D, 'uint8', (x, y) => (x + y) % 3), { extra: segments(2, 0) })],
  'seg-nrrd-4d.nrrd': [0, Buffer.concat([Buffer.from('NRRD0004\ntype: uchar\ndimension: 4\nsizes: 4 8 6 5\n' +
    'space directions: none (1,0,0) (0,1,0) (0,0,2)\nkinds: list domain domain domain\nencoding: raw\n' +
    segments(4, 1) + '\n'), Buffer.alloc(4 * 8 * 6 * 5, 1)])],
};
for (const [name, [options, bytes]] of Object.entries(seeds))
  fs.writeFileSync(path.join(dir, name), Buffer.concat([Buffer.from([options]), bytes]));
console.log(`${Object.keys(seeds).length} seeds in ${dir}`);
