// @ts-check
// A file's bytes from a URL (fetched with its progress on the page) or given as bytes.
import { report, status } from './page.js';

/**
 * @param {import('./types/hp').Bytes} urlOrBytes @param {string} api (its name in messages) @param {string} what
 * @returns {Promise<Uint8Array<ArrayBuffer>>}
 */
export async function bytesOf(urlOrBytes, api, what) {
  if (urlOrBytes instanceof Uint8Array) return urlOrBytes;
  if (urlOrBytes instanceof ArrayBuffer) return new Uint8Array(urlOrBytes);
  if (typeof urlOrBytes !== 'string') throw new Error(`${api} takes a URL, an ArrayBuffer or a Uint8Array`);
  const where = `cannot fetch ${urlOrBytes.slice(0, 80)}`;
  let response;
  try { response = await fetch(urlOrBytes); } catch (e) { throw report(`${where}: ${e.message}`); }
  if (!response.ok) throw report(`${where}: HTTP ${response.status}`);
  const total = Number(response.headers.get('content-length')) || 0;
  try {
    if (!response.body || total < (1 << 20)) return new Uint8Array(await response.arrayBuffer());
    const reader = response.body.getReader(), parts = [];
    let got = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      got += value.length;
      status(`Loading ${String(what).slice(0, 60)}: ${Math.min(100, Math.round(100 * got / total))}% of ${(total / 1048576).toFixed(1)} MB`);
    }
    const bytes = new Uint8Array(got);
    let at = 0;
    for (const p of parts) { bytes.set(p, at); at += p.length; }
    return bytes;
  } catch (e) {
    throw report(`${where}: ${e.message}`);
  } finally {
    status('');
  }
}

// A file's name from its URL.
export const nameOf = (/** @type {string} */ u) => u.split(/[?#]/)[0].split('/').pop();
// A PNG by its signature: a slice atlas, whatever the file's name.
export const isPng = (/** @type {Uint8Array} */ b) => b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;
