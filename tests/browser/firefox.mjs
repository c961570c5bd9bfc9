// The browser tier for Firefox (issue 19, its second engine beside Chromium): Debian's Firefox
// ESR driven by puppeteer-core through WebDriver BiDi, headful under Xvfb (its headless mode on
// Linux has no WebGL), WebGL2 on Mesa's llvmpipe; the cases are engine_cases.mjs's. One line a
// case, then "N passed, N failed, N skipped".
//   xvfb-run -a -s "-screen 0 1280x800x24" node firefox.mjs SITE_DIR [regular expression]
import puppeteer from 'puppeteer-core';
import { serve } from './serve.mjs';
import { cases } from './engine_cases.mjs';
import { runEngine } from './engine_run.mjs';

const [site, filter = ''] = process.argv.slice(2);
const { server, url } = await serve(site);
const browser = await puppeteer.launch({ browser: 'firefox', executablePath: '/usr/bin/firefox-esr', headless: false,
  defaultViewport: { width: 960, height: 600 } });
try {
  await runEngine('firefox', cases.filter((k) => new RegExp(filter).test(k.name)), async (query) => {
    const page = await browser.newPage();
    await page.goto(`${url}index.html?${query}`);
    // Firefox's BiDi awaits a Promise value: ask for a boolean (TOOLCHAIN.md).
    await page.waitForFunction(() => !!(window.hp && window.hp.testing.module && window.hp.testing.module.calledRun), { timeout: 60000 });
    await page.evaluate(() => hp.ready.then(() => true));
    return { engine: 'firefox', evaluate: (fn, ...args) => page.evaluate(fn, ...args), close: () => page.close(),
      screenshotPng: async () => Buffer.from(await page.screenshot({ encoding: 'base64' }), 'base64') };
  });
} finally {
  await browser.close();
  server.close();
}
