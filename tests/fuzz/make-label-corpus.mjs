// Writes the committed seed corpus of the label table harness (tests/fuzz/corpus/label_table/):
// each format, LF and CRLF, lines as the real files have them (Debian's mricron-data), each
// behind the byte label_table_fuzz.cpp reads the file's name from (0 none, 1 .lut, 2 .nii.txt).
//   node tests/fuzz/make-label-corpus.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'corpus', 'label_table');
fs.mkdirSync(dir, { recursive: true });
const crlf = (s) => s.replace(/\n/g, '\r\n');
const planar = Buffer.alloc(768);
for (let i = 0; i < 256; i++) [planar[i], planar[256 + i], planar[512 + i]] = [i, 255 - i, (i * 7) & 255];
const seeds = {
  'aal.nii.txt': [2, crlf('1 Precentral_L 2001\n2 Precentral_R 2002\n3 Frontal_Sup_L 2101\n116 Vermis_10 9170\n\n')],
  'jhu.nii.txt': [2, crlf('0\tUnclassified\n1\tMiddle_cerebellar_peduncle\n48\tTapetum_L\n')],
  'names-spaces.txt': [0, '\uFEFF7   Left hippocampus\n-3\tthe void\n12 Caudé\n'],
  'binary.lut': [1, planar],
  'binary-800.lut': [1, Buffer.concat([Buffer.from('ICOL'), Buffer.alloc(28), planar])],
  'text.lut': [1, crlf('* s=byte\tindex\tred\tgreen\tblue\nS\t0\t0\t0\t0\nS\t1\t0\t0\t128\nL\t2\t65535\t0\t0\n')],
  'itk-snap.txt': [3, '# ITK-SnAP Label Description File\n# IDX   -R-  -G-  -B-  -A--  VIS MSH  LABEL\n' +
    '    0     0    0    0        0  0  0    "Clear Label"\n    1   255    0    0     0.50  1  1    "Label 1"\n'],
};
for (const [name, [options, bytes]] of Object.entries(seeds))
  fs.writeFileSync(path.join(dir, name), Buffer.concat([Buffer.from([options]), Buffer.from(bytes)]));
console.log(`${Object.keys(seeds).length} seeds in ${dir}`);
