// The page's shape (web/bridge.js): every export the page calls is declared once, with the
// arguments and return the C++ defines (its EMSCRIPTEN_KEEPALIVE functions under app/demo/);
// only the bridge touches the Emscripten module; window.hp is the page's one global.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assert } from '../lib.mjs';
import { EXPORTS } from '../../../web/bridge.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const QUERY = 'paused=1&clock=fixed&overlay=0&view=none&atlas=512';
const cases = [];
const add = (name, run) => cases.push({ name, query: QUERY, run });

// The C++ exports: name → [return type as the bridge writes it, parameter count].
function keepalives() {
  const out = new Map();
  const walk = (dir) => fs.readdirSync(dir, { withFileTypes: true }).forEach((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return walk(p);
    if (!p.endsWith('.cpp')) return;
    const re = /EMSCRIPTEN_KEEPALIVE\s+([\w:<>\s*]+?)\s*\b(hp_\w+)\s*\(([^)]*)\)/g;
    for (const [, ret, name, params] of fs.readFileSync(p, 'utf8').matchAll(re)) {
      const type = /char\s*\*/.test(ret) ? 'string' : /^\s*void\s*$/.test(ret) ? null : 'number';
      out.set(name, [type, params.trim() === '' || params.trim() === 'void' ? 0 : params.split(',').length, p]);
    }
  });
  walk(path.join(root, 'app/demo'));
  return out;
}

add('the bridge: every export declared once, as the C++ defines it (return, arguments); only bridge.js touches the module', async () => {
  const cpp = keepalives();
  assert(cpp.size > 30, `found only ${cpp.size} EMSCRIPTEN_KEEPALIVE exports under app/demo`);
  const missing = [...cpp.keys()].filter((n) => !(n in EXPORTS));
  assert(missing.length === 0, `exported by the C++ but not declared in web/bridge.js: ${missing.join(', ')}`);
  for (const [name, [ret, args]] of Object.entries(EXPORTS)) {
    assert(cpp.has(name), `web/bridge.js declares ${name}, which no EMSCRIPTEN_KEEPALIVE function under app/demo defines`);
    const [cret, cargs, file] = cpp.get(name);
    assert(cret === ret, `${name}: the bridge says it returns ${ret}, ${path.relative(root, file)} ${cret}`);
    assert(cargs === args.length, `${name}: the bridge gives ${args.length} arguments, ${path.relative(root, file)} takes ${cargs}`);
  }
  // Code, not comments: a line of web/ (the benchmark's web/bench/ too) that names Module outside the bridge.
  const files = ['', 'bench/'].flatMap((dir) => fs.readdirSync(path.join(root, 'web', dir)).map((f) => dir + f));
  for (const f of files.filter((f) => f.endsWith('.js') && f !== 'bridge.js')) {
    const lines = fs.readFileSync(path.join(root, 'web', f), 'utf8').split('\n');
    const i = lines.findIndex((l) => /\bModule\b/.test(l.replace(/\/\/.*$/, '')));
    assert(i < 0, `web/${f}:${i + 1} touches the module outside web/bridge.js: ${lines[i]?.trim()}`);
  }
});

add('window.hp is the page\'s one global (the modules keep the rest to themselves)', async (page) => {
  const own = await page.evaluate(() => {
    const blank = document.createElement('iframe');
    document.body.append(blank);
    const theirs = new Set(Object.getOwnPropertyNames(blank.contentWindow));
    blank.remove();
    return Object.getOwnPropertyNames(window).filter((k) => !theirs.has(k));
  }).then((names) => names.filter((k) => !/ariaQuerySelector/.test(k)));  // puppeteer's own
  assert(own.length === 1 && own[0] === 'hp', `the page's own globals: ${own.join(', ')}`);
});

export default cases;
