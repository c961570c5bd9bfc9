// Writes the committed seed corpus (tests/fuzz/corpus/): the PNGs the tests make, good and
// bad, each behind the byte png_atlas_fuzz.cpp reads its tile size from, and settings lines.
//   node tests/fuzz/make-corpus.mjs
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { pngOf, pngChunk } from '../browser/lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const TILE = { 16: 1, 32: 2, 64: 3, 128: 4, 256: 5 };  // first byte b: tile 8 << (b % 6)

const chunk = pngChunk;
// Any colour type and depth: rows of `bytesPerRow` bytes from byte(x, y), filter `filter`.
function png(side, { height = side, depth = 8, color = 0, bytesPerRow = side, interlace = 0, extra = [], idats = null, filter = 0 } = {}) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = depth; ihdr[9] = color; ihdr[12] = interlace;
  const raw = Buffer.alloc(idats ? 0 : height * (1 + bytesPerRow));
  for (let y = 0; y < (idats ? 0 : height); y++) {
    raw[y * (1 + bytesPerRow)] = filter;
    for (let i = 0; i < bytesPerRow; i++) raw[y * (1 + bytesPerRow) + 1 + i] = (i * 7 + y * 3) & 255;
  }
  const data = idats ?? [zlib.deflateSync(raw)];
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr),
    ...extra, ...data.map((d) => chunk('IDAT', d)), chunk('IEND', Buffer.alloc(0))]);
}

// Small on purpose (the tests' own RGBA files carry noise and weigh hundreds of KB).
const good = png(512, { color: 6, bytesPerRow: 2048 });
const seeds = {
  'rgba8-512.png': [64, good],
  'grey16-256.png': [32, pngOf(256, 256, (x, y) => (x + y) / 512, { bits: 16 })],
  'grey8-256.png': [32, png(256)],
  'grey8-256-paeth.png': [32, png(256, { filter: 4 })],
  'grey-alpha8-256.png': [32, png(256, { color: 4, bytesPerRow: 512 })],
  'rgb16-256.png': [32, png(256, { color: 2, depth: 16, bytesPerRow: 1536 })],
  'grey1-256.png': [32, png(256, { depth: 1, bytesPerRow: 32 })],
  'palette-trns-256.png': [32, png(256, { color: 3, extra: [chunk('PLTE', Buffer.alloc(768, 7)), chunk('tRNS', Buffer.alloc(16, 200))] })],
  'interlaced-grey8-256.png': [32, png(256, { interlace: 1, idats: [zlib.deflateSync(Buffer.alloc(66016))] })],
  'empty-first-idat-256.png': [32, png(256, { idats: [Buffer.alloc(0), zlib.deflateSync(Buffer.alloc(256 * 257))] })],
  'split-idat-256.png': [32, (() => { const z = zlib.deflateSync(Buffer.alloc(256 * 257, 9)); return png(256, { idats: [z.subarray(0, 10), z.subarray(10)] }); })()],
  'not-a-png.bin': [64, Buffer.from('GIF89a, or anything else at all')],
  'empty.bin': [64, Buffer.alloc(0)],
  'truncated-512.png': [64, good.subarray(0, Math.floor(good.length / 2))],
  'not-square-512x256.png': [64, png(512, { height: 256 })],
  'not-power-of-two-384.png': [64, png(384)],
  'too-small-128.png': [32, png(128)],
  'tile-240-512.png': [240, good],  // bytes past 191 are the tile size itself
  'tile-128-512.png': [128, good],
  'larger-than-texture-2048.png': [128, png(2048, { idats: [zlib.deflateSync(Buffer.alloc(2048 * 2049), { level: 9 })] })],
  'huge-65535.png': [32, png(65535, { idats: [zlib.deflateSync(Buffer.alloc(1024))] })],
  'inflates-16mib-256.png': [32, png(256, { idats: [zlib.deflateSync(Buffer.alloc(16 << 20), { level: 9 })] })],
  'inflates-short-256.png': [32, png(256, { idats: [zlib.deflateSync(Buffer.alloc(1000))] })],
  'idat-length-1gib.png': [32, Buffer.from('89504e470d0a1a0a0000000d49484452000001000000010008000000007919f7ba4000000049444154', 'hex')],
  'no-iend-256.png': [32, png(256).subarray(0, -12)],
};
const out = path.join(here, 'corpus', 'png_atlas');
fs.mkdirSync(out, { recursive: true });
for (const [name, [tile, bytes]] of Object.entries(seeds))
  fs.writeFileSync(path.join(out, name), Buffer.concat([Buffer.from([TILE[tile] ?? tile]), bytes]));

const lines = {
  'all.txt': 'pyramid=vec4\nsums=uint\nsource=sphere\nclassify=solid\niso=0.4\ntime=1.5\npaused=1\nvolume=64\n' +
    'atlas=1024\nreadback=expected\nexpected=20000\noverlay=0\nview=stream\nclock=fixed\ntimestamps=whole',
  'webgpu.txt': 'pyramid=webgpu-scan\npyramid=webgpu-pyramid\nreadback=async',
  'bad.txt': 'colour=red\niso=3\ntime=soon\npaused=maybe\nvolume=100\nexpected=2.5\natlas=300\niso=nan\ntime=1e400',
  'markup.txt': 'pyramid=<img src=x onerror="window.pwned=1">\nsource=<b>png</b>',
  'control.txt': 'iso=0.5\rpyramid=baseline\nview=all\t\ntime=\u0000',
  'edges.txt': 'iso=0\niso=1\ntime=1000000\nexpected=16777216\nexpected=0\n=\n==\nvolume=256\natlas=4096',
};
const outS = path.join(here, 'corpus', 'settings');
fs.mkdirSync(outS, { recursive: true });
for (const [name, text] of Object.entries(lines)) fs.writeFileSync(path.join(outS, name), text);
