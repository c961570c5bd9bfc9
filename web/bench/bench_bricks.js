// @ts-check
// Issue 40's browser rows as the page runs them alone (index.html?bench=bricks&file=body.nii
// &paused=1&clock=fixed&overlay=0&view=surface; drive.py on the GPU machine, beside
// bench/drivers/bench-bricks-device.sh's native rows): a volume past one atlas opened from the
// site by its URL (or, with `pick=1`, picked through the page's file input by
// bench/drivers/drive_pick.py, as a person picks one: timed from the input's change), timed from hp.loadVolume to its full-resolution surface drawn (the first
// hp.set({iso}) resolved: a frame made it in bricks and drew it), then each iso change the same
// way (`isos`), with the bricks' figures (rounds, uploads), the heap in use and the GPU's bytes
// beside. `poolMb` (1024 unless the URL says) is the pool's budget. `ready=mesh`: each change is
// timed to its surface made and three of its vertices read back (hp.mesh), the way with
// view=none, where no frame draws it (the GPU's own time without the 3D view's draws). Regime:
// paced (the page's frames; each change waits for its frame).
'use strict';
window.hpBenchBricks = async function (status) {
  const q = new URLSearchParams(location.search);
  const file = q.get('file') || 'body.nii';
  const isos = (q.get('isos') || '400.5,400.7,300.5,400.5,600.5,400.5').split(',').map(Number);
  const poolMb = Number(q.get('poolMb') || 1024);
  const meshReady = q.get('ready') === 'mesh';
  const pick = q.get('pick') === '1';  // the file picked through the page's file input, not fetched
  // Each change also counts the page's frames and animation frames it took (the pacing).
  let frames = 0, ticks = 0;
  const change = async (/** @type {number} */ iso) => {
    const frame0 = hp.stats().frame;
    let counting = true;
    ticks = 0;
    const tick = () => { if (counting) { ticks++; requestAnimationFrame(tick); } };
    requestAnimationFrame(tick);
    await hp.set({ iso });
    if (meshReady) await hp.mesh({ limit: 3 });
    counting = false;
    frames = hp.stats().frame - frame0;
  };
  await hp.ready;
  await hp.set({ poolMb, bricks: 'auto' });
  /** @param {import('../types/hp').Stats} s */
  const figures = (s) => ({ bricks: s.bricks, vertexCount: s.vertexCount, heapUsed: s.heapUsed, previewFactor: s.previewFactor,
    atlas: s.atlas, dims: s.dims, message: s.message });
  status(`bricks benchmark: opening ${pick ? 'the file picked' : file}`);
  const rows = [];
  let startMs = Date.now(), t = performance.now();
  let info, picked = '';
  if (pick) {  // the driver picks it (bench/drivers/drive_pick.py: DOM.setFileInputFiles on #file)
    const input = /** @type {HTMLInputElement} */ (document.getElementById('file'));
    const changed = new Promise((ok) => input.addEventListener('change', () => ok(input.files[0].name), { capture: true, once: true }));
    window.hpBenchPickReady = true;
    picked = await changed;
    startMs = Date.now(), t = performance.now();
    // The page's own picker path opens it (web/files.js); done once its load has ended.
    for (;;) {
      const s = hp.stats();
      if (s.message) throw new Error(`the picked ${picked}: ${s.message}`);
      if (s.fileMs && s.fileMs.ended && s.source === 'file') break;
      await new Promise((ok) => setTimeout(ok, 5));
    }
    info = await hp.volume({ values: false });
  } else {
    info = await hp.loadVolume(file);
  }
  const loadMs = performance.now() - t, fileMs = hp.stats().fileMs;
  await change(isos[0]);
  rows.push({ what: 'first surface', ready: meshReady ? 'mesh' : 'drawn', frames, ticks, iso: isos[0], regime: 'paced', loadMs, fileMs, picked: pick, wallMs: performance.now() - t, startMs,
    endMs: Date.now(), ...figures(hp.stats()) });
  for (const iso of isos.slice(1)) {
    status(`bricks benchmark: iso ${iso}`);
    startMs = Date.now(), t = performance.now();
    await change(iso);
    rows.push({ what: 'iso change', ready: meshReady ? 'mesh' : 'drawn', frames, ticks, iso, regime: 'paced', wallMs: performance.now() - t, startMs, endMs: Date.now(),
      ...figures(hp.stats()) });
  }
  return { file: pick ? picked : file, dims: info.dims, rows };
};
