// @ts-check
// A .zip among DICOM files (web/dicom_worker.js): its central directory, then each entry stored
// or deflated (the platform's inflate, DecompressionStream 'deflate-raw'), one at a time into a
// Blob. ZIP64 sizes and offsets read; an entry past 1 GiB, or entries past 2 GiB in all, refused.
const maxEntry = 1024 * 1024 * 1024;         // one zip entry, inflated
const maxInflated = 2 * 1024 * 1024 * 1024;  // a zip's entries, all together

export async function isZip(blob) {
  if (blob.size < 22) return false;
  const b = new Uint8Array(await blob.slice(0, 4).arrayBuffer());
  return b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
}

async function view(blob, at, n) {
  return new DataView(await blob.slice(at, at + n).arrayBuffer());
}

// The entries of `zip` ({name, blob}) into `files`; counts.skipped and unread count those of
// other methods; progressOf(total) gives the progress to call with each entry done.
export async function zipEntries(zip, counts, progressOf, files) {
  const what = `the zip ${String(zip.name).slice(0, 80)}`;
  const blob = zip.blob;
  const tailSize = Math.min(blob.size, 22 + 65535);
  const tail = await view(blob, blob.size - tailSize, tailSize);
  let end = -1;
  for (let i = tailSize - 22; i >= 0; i--) if (tail.getUint32(i, true) === 0x06054b50) { end = i; break; }
  if (end < 0) throw new Error(`${what} has no end of central directory: is it cut short?`);
  let count = tail.getUint16(end + 10, true);
  let size = tail.getUint32(end + 12, true);
  let offset = tail.getUint32(end + 16, true);
  if (offset === 0xffffffff || count === 0xffff || size === 0xffffffff) {  // ZIP64
    const locator = end - 20;
    if (locator < 0 || tail.getUint32(locator, true) !== 0x07064b50) throw new Error(`${what}: its ZIP64 locator is missing`);
    const at = Number(tail.getBigUint64(locator + 8, true));
    const z64 = await view(blob, at, 56);
    if (z64.getUint32(0, true) !== 0x06064b50) throw new Error(`${what}: its ZIP64 directory is missing`);
    count = Number(z64.getBigUint64(32, true));
    size = Number(z64.getBigUint64(40, true));
    offset = Number(z64.getBigUint64(48, true));
  }
  if (offset + size > blob.size) throw new Error(`${what}: its directory lies past its end`);
  const dir = await view(blob, offset, size);
  const progress = progressOf(count);
  let inflated = 0;
  for (let i = 0, at = 0; i < count; i++) {
    if (at + 46 > size || dir.getUint32(at, true) !== 0x02014b50) throw new Error(`${what}: its directory is damaged`);
    const method = dir.getUint16(at + 10, true);
    let packed = dir.getUint32(at + 20, true), full = dir.getUint32(at + 24, true);
    const nameLength = dir.getUint16(at + 28, true), extraLength = dir.getUint16(at + 30, true);
    const commentLength = dir.getUint16(at + 32, true);
    let local = dir.getUint32(at + 42, true);
    const name = new TextDecoder().decode(new Uint8Array(dir.buffer, dir.byteOffset + at + 46, Math.min(nameLength, size - at - 46)));
    // ZIP64 extra field: the sizes and offset that did not fit, in that order.
    for (let e = at + 46 + nameLength; e + 4 <= at + 46 + nameLength + extraLength && e + 4 <= size;) {
      const tag = dir.getUint16(e, true), n = dir.getUint16(e + 2, true);
      if (tag === 1) {
        let f = e + 4;
        const next = () => { if (f + 8 > e + 4 + n || f + 8 > size) throw new Error(`${what}: a ZIP64 field is cut short`); f += 8; return Number(dir.getBigUint64(f - 8, true)); };
        if (full === 0xffffffff) full = next();
        if (packed === 0xffffffff) packed = next();
        if (local === 0xffffffff) local = next();
      }
      e += 4 + n;
    }
    at += 46 + nameLength + extraLength + commentLength;
    progress(i + 1);
    if (name.endsWith('/')) continue;  // a folder
    const head = await view(blob, local, 30);
    if (head.getUint32(0, true) !== 0x04034b50) throw new Error(`${what}: the entry ${name.slice(0, 80)} is damaged`);
    const start = local + 30 + head.getUint16(26, true) + head.getUint16(28, true);
    if (start + packed > blob.size) throw new Error(`${what}: the entry ${name.slice(0, 80)} runs past its end`);
    inflated += full;
    if (full > maxEntry) throw new Error(`${what}: the entry ${name.slice(0, 80)} claims ${full} bytes, past the 1 GiB an entry may have`);
    if (inflated > maxInflated) throw new Error(`${what} inflates past 2 GiB: open its folder instead`);
    const data = blob.slice(start, start + packed);
    let entry;
    if (method === 0) entry = data;
    else if (method === 8) entry = await inflate(data, full, `${what}: the entry ${name.slice(0, 80)}`);
    else {
      counts.skipped++;
      counts.unread++;
      continue;
    }
    files.push({ name: `${zip.name}/${name}`, blob: entry });
  }
}

// A deflated entry into a Blob, never past the size its directory gives.
async function inflate(data, full, what) {
  const parts = [];
  let got = 0;
  const reader = data.stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    got += value.length;
    if (got > full) { reader.cancel(); throw new Error(`${what} inflates past the ${full} bytes it claims`); }
    parts.push(value);
  }
  if (got !== full) throw new Error(`${what} inflates to ${got} bytes, not the ${full} it claims`);
  return new Blob(parts);
}
