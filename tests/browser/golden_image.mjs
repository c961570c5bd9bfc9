// A screenshot against its golden image in tests/browser/goldens/ (pixelmatch), or written as
// the golden with UPDATE_GOLDENS=1 (scripts/update-goldens.sh): the golden cases' and the
// sample case that takes the MRI's on its own load.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import pixelmatch from 'pixelmatch';
import { assert } from './lib.mjs';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'goldens');

// Tolerance: SwiftShader renders a paused frame byte-identically, run after run and across
// browser launches, so no pixel may differ. pixelmatch's threshold (0.1, its default: how far
// two colors may be apart, in YIQ distance, before a pixel counts) only absorbs rounding of
// colors; a moved edge, a changed count or a different view still fails.
const THRESHOLD = 0.1;
const MAX_DIFFERENT_PIXELS = 0;

// `owner`: this case writes the golden when updating; the others only compare with it.
export async function matchGolden(page, name, owner) {
  const actual = PNG.sync.read(await page.screenshot({ captureBeyondViewport: false }));
  const file = path.join(DIR, `${name}.png`);
  if ((owner && process.env.UPDATE_GOLDENS === '1') || !fs.existsSync(file)) {
    if (process.env.UPDATE_GOLDENS !== '1') throw new Error(`no golden ${file}: run scripts/update-goldens.sh`);
    fs.mkdirSync(DIR, { recursive: true });
    fs.writeFileSync(file, PNG.sync.write(actual));
    return;
  }
  const golden = PNG.sync.read(fs.readFileSync(file));
  assert(golden.width === actual.width && golden.height === actual.height,
    `${name}: ${actual.width}×${actual.height}, golden ${golden.width}×${golden.height}`);
  const diff = new PNG({ width: golden.width, height: golden.height });
  const n = pixelmatch(golden.data, actual.data, diff.data, golden.width, golden.height, { threshold: THRESHOLD });
  if (n > MAX_DIFFERENT_PIXELS) {
    const actualFile = path.join(DIR, `${name}.actual.png`), diffFile = path.join(DIR, `${name}.diff.png`);
    fs.writeFileSync(actualFile, PNG.sync.write(actual));
    fs.writeFileSync(diffFile, PNG.sync.write(diff));
    throw new Error(`${name}: ${n} pixels differ from ${path.relative(process.cwd(), file)}; ` +
      `see ${path.relative(process.cwd(), actualFile)} and ${path.relative(process.cwd(), diffFile)}`);
  }
}
