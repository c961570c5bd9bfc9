// The browser tier for WebKit (issue 19: the engine Safari is built on): WebKitGTK's MiniBrowser
// driven by WebKitWebDriver over plain WebDriver (HTTP), under Xvfb; the cases are
// engine_cases.mjs's, through a small page shim (evaluate runs a function with its arguments
// as an async script). One line a case, then "N passed, N failed, N skipped".
//   xvfb-run -a -s "-screen 0 1280x800x24" node webkit.mjs SITE_DIR [regular expression]
import { spawn } from 'node:child_process';
import net from 'node:net';
import { serve } from './serve.mjs';
import { cases } from './engine_cases.mjs';
import { runEngine } from './engine_run.mjs';

const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

const freePort = () => new Promise((resolve) => {
  const s = net.createServer().listen(0, () => { const { port } = s.address(); s.close(() => resolve(port)); });
});

async function webdriver(base, method, path, body) {
  const r = await fetch(`${base}${path}`, { method, headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await r.json();
  if (json.value && json.value.error) throw new Error(`${json.value.error}: ${json.value.message}`);
  return json.value;
}

const [site, filter = ''] = process.argv.slice(2);
const { server, url } = await serve(site);
const port = await freePort();
const driver = spawn('WebKitWebDriver', [`--port=${port}`], { stdio: 'ignore' });
const base = `http://127.0.0.1:${port}`;
let session = null;
try {
  for (let i = 0; i < 50 && !session; i++) {
    try {
      session = (await webdriver(base, 'POST', '/session', { capabilities: { alwaysMatch: {
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } } } })).sessionId;
    } catch { await new Promise((r) => setTimeout(r, 200)); }
  }
  if (!session) throw new Error('WebKitWebDriver did not start a session');
  const at = `/session/${session}`;
  // The MiniBrowser's toolbar takes the height above the page: a 960×600 page asks for more.
  await webdriver(base, 'POST', `${at}/window/rect`, { width: 960, height: 600 });
  const inner = await webdriver(base, 'POST', `${at}/execute/sync`, { script: 'return [innerWidth, innerHeight];', args: [] });
  await webdriver(base, 'POST', `${at}/window/rect`, { width: 960 + 960 - inner[0], height: 600 + 600 - inner[1] });
  // Runs fn(...args) in the page; its value (or its rejection's message) comes back as JSON.
  const evaluate = async (fn, ...args) => {
    while (args.length && args[args.length - 1] === undefined) args.pop();  // JSON has no undefined
    const script = `const done = arguments[arguments.length - 1];
      Promise.resolve().then(() => (${fn.toString()}).apply(null, ${JSON.stringify(args)}))
        .then((value) => done({ value }), (e) => done({ error: String(e && e.message || e) }));`;
    const r = await webdriver(base, 'POST', `${at}/execute/async`, { script, args: [] });
    if (r && r.error !== undefined) throw new Error(r.error);
    return r ? r.value : undefined;
  };
  await runEngine('webkit', cases.filter((k) => new RegExp(filter).test(k.name)), async (query) => {
    await webdriver(base, 'POST', `${at}/url`, { url: `${url}index.html?${query}` });
    for (let i = 0; i < 300 && !(await evaluate(() => !!(window.hp && window.hp.testing.module && window.hp.testing.module.calledRun))); i++)
      await new Promise((r) => setTimeout(r, 200));
    await evaluate(() => hp.ready.then(() => true));
    return { engine: 'webkit', evaluate, close: async () => {},
      screenshotPng: async () => Buffer.from(await webdriver(base, 'GET', `${at}/screenshot`), 'base64') };
  });
} finally {
  if (session) await webdriver(base, 'DELETE', `/session/${session}`).catch(() => {});
  driver.kill();
  server.close();
}
