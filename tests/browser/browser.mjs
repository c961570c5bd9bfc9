// Headless Chromium for the tests and the screenshot tool: Debian's Chromium through
// puppeteer-core, WebGL2 and WebGPU on SwiftShader (no GPU here), a fresh profile each launch.
import puppeteer from 'puppeteer-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const CANDIDATES = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'];

// The test runner's flags (run.mjs), two Dawn toggles that make the WebGPU cases stricter and
// faster than the browser as it ships:
// - disable_workgroup_init: workgroup memory is not zero-initialised. SwiftShader spends most of
//   a barrier kernel's time on it (a 128³ block-scan frame: 5.1 s with it, 2.3 s without), the
//   suite's WebGPU cases half of theirs; a kernel that read workgroup memory before writing it
//   would read garbage and fail its exact check, where zero would have hidden it.
// - disable_robustness: buffer reads and writes are not clamped to the buffer. A kernel that
//   reads past its buffer reads other memory or loses the device, and its case fails, where the
//   clamp would have hidden it (the surface classification read past the atlas's last row at
//   128³ until cells.wgsl's quad_active stopped at the volume's far faces); frames 10–20 %
//   faster on SwiftShader.
// The crash cases (gpu_crash.mjs), the screenshot tool and the benchmarks launch Chromium as it
// ships: with both.
export const TEST_FLAGS = ['--enable-dawn-features=disable_workgroup_init,disable_robustness'];

// The page's HTML text (a message, a sample's attribution) is drawn in the system's sans-serif,
// which fontconfig picks from whatever fonts the machine holds: the test tier's PrusaSlicer brings
// Noto, narrower than the DejaVu Sans the goldens were made with, and four goldens' attributions
// wrapped elsewhere. So Chromium gets a fontconfig of its own that accepts DejaVu alone (Debian's
// fontconfig depends on it), the same picture whatever else is installed. Written once.
function fontConfig() {
  const fonts = '/usr/share/fonts/truetype/dejavu';
  if (!fs.existsSync(fonts)) return null;
  const dir = path.join(os.tmpdir(), 'hp-fontconfig');
  const file = path.join(dir, 'fonts.conf');
  // The system's rules (conf.d: its hinting and antialiasing decide the glyphs' widths too) over
  // DejaVu's folder alone.
  const text = '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n<fontconfig>\n' +
    `  <dir>${fonts}</dir>\n  <cachedir>${dir}/cache</cachedir>\n` +
    '  <include ignore_missing="yes">/etc/fonts/conf.d</include>\n</fontconfig>\n';
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(`${file}.${process.pid}`, text);
    fs.renameSync(`${file}.${process.pid}`, file);  // whole, for a runner beside this one
  }
  return file;
}

// extraArgs: further Chromium flags (a case that crashes the GPU process launches its own).
export async function launch({ width = 1280, height = 800, extraArgs = [] } = {}) {
  const executablePath = process.env.CHROMIUM || CANDIDATES.find((p) => fs.existsSync(p));
  if (!executablePath) throw new Error('Chromium not found: run scripts/setup.sh');
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-chromium-'));
  const fonts = fontConfig();
  const browser = await puppeteer.launch({
    executablePath,
    env: fonts ? { ...process.env, FONTCONFIG_FILE: fonts } : process.env,
    headless: true,
    userDataDir,
    defaultViewport: { width, height, deviceScaleFactor: 1 },
    // Vulkan on SwiftShader for the GPU process: without it a WebGPU canvas (the WebGPU modes'
    // 3D view) finds no shared-image backing to present through, and the GPU process is lost.
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--enable-unsafe-webgpu',
      '--enable-features=Vulkan', '--use-vulkan=swiftshader',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--no-first-run', '--disable-dev-shm-usage', `--window-size=${width},${height}`, ...extraArgs],
  });
  const close = browser.close.bind(browser);
  browser.close = async () => { await close(); fs.rmSync(userDataDir, { recursive: true, force: true }); };
  return browser;
}

// Opens the page and waits until the demo has drawn its first frame. `setup(page)` runs
// before the page loads (to hide an extension, say); waitReady false returns at once; url null
// leaves the tab blank (its log and viewport set) for the caller to open.
// HP_TRACE=1: each page call's time and the start of its function, to find where a case spends it.
function trace(page) {
  const t0 = Date.now();
  for (const name of ['evaluate', 'waitForFunction', 'goto', 'waitForSelector', 'click', 'setViewport', 'screenshot', 'close']) {
    const f = page[name].bind(page);
    page[name] = async (...a) => {
      const t = Date.now();
      try { return await f(...a); } finally {
        console.log(`     [trace] ${((t - t0) / 1000).toFixed(1).padStart(6)} +${((Date.now() - t) / 1000).toFixed(1)} s ${name} ${String(a[0]).replace(/\s+/g, ' ').slice(0, 110)}`);
      }
    };
  }
}
export async function openDemo(browser, url, { logTo = null, setup = null, waitReady = true, viewport = null } = {}) {
  const tNew = Date.now();
  const page = await browser.newPage();
  if (process.env.HP_TRACE) { console.log(`     [trace] newPage ${((Date.now() - tNew) / 1000).toFixed(1)} s`); trace(page); }
  page.on('console', (m) => logTo && logTo.push(`[console.${m.type()}] ${m.text()}`));
  page.on('pageerror', (e) => logTo && logTo.push(`[pageerror] ${e.message}`));
  if (viewport) await page.setViewport({ deviceScaleFactor: 1, ...viewport });
  if (setup) await setup(page);
  if (url === null) return page;
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => window.hp !== undefined, { timeout: 30000 });
  if (waitReady) await page.evaluate(() => window.hp.ready.then(() => true));
  return page;
}
