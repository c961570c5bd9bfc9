// @ts-check
// The benchmark, run by the page itself: index.html?bench=quick (or full). It needs no Node
// (the GPU machine has none): it drives the demo through window.hp, then sets window.hpBench
// to its JSON and POSTs it to /result. scripts/bench.sh and the GPU machine's drive.py both
// collect it. Times are medians over the measured frames of each configuration.
// Two regimes, each row saying which (`regime`):
//  - paced: one frame per animation frame, what a 60 fps page gets (a light load: a GPU lowers
//    its clocks under it);
//  - saturated: frames issued back to back with the page's loop paused and no view drawn
//    (hp.runFrames), after a warm-up that keeps the GPU busy, async or expected readback;
//    the per-pass medians and the wall time over the frames (`ms.wall`).
// Every row, the floor's too, has `startMs` and `endMs` (Date.now()): the GPU machine's driver samples the clocks
// on the same clock, and bench/drivers/bench-clocks.mjs gives each row the clocks it ran at.
// The parts, loaded only when a benchmark runs: bench_plans.js (modes, plans, the URL's plan),
// bench_regimes.js (a row in either regime), bench_gpu.js (the floor and the burst) and
// bench_volume_rows.js (the benchmark's volumes and the samples, beside Mol*); plans of their own:
// bench_dicom.js for index.html?bench=dicom (a DICOM folder opened, scripts/bench-dicom.sh),
// bench_mesh.js for index.html?bench=mesh (the mesh steps on the CT sample, scripts/bench-mesh.sh),
// bench_labels.js for index.html?bench=labels (label maps: every label's mesh, classify=labels),
// bench_print.js for index.html?bench=print (issue 42's print targets: AAL and CT as 3MF),
// bench_bricks.js for index.html?bench=bricks (issue 40: a volume past one atlas in bricks).
// Every plan's result names the browser's full build, and every row of it its regime, start and
// end (finish(), below): a row without them cannot be read beside the GPU's clocks.
'use strict';
(function () {
  const plan = new URLSearchParams(location.search).get('bench');
  if (!plan) return;

  const loadScript = (src, why = 'scripts/bench.sh --molstar builds and copies it') => new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = src;
    s.onload = resolve;
    s.onerror = () => reject(new Error(`cannot load ${src} (${why})`));
    document.head.append(s);
  });
  // On the page and in the browser's log (the GPU machine's driver keeps it): where a run stopped.
  const status = (t) => { document.getElementById('status').textContent = t; console.log(`[bench] ${t}`); };
  const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[s.length >> 1] : 0; };

  function renderer() {
    const gl = /** @type {HTMLCanvasElement} */ (document.getElementById('canvas')).getContext('webgl2');
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    return info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER);
  }

  // The plan's matrix (atlas × occupancy × mode × readback × regime), then its volumes; the
  // result is window.hpBench and POSTed to /result.
  async function run(B) {
    const { P, MODES, floor, calibrate, sceneCount, row, volumeRows } = B;
    await hp.ready;
    const noWebgpu = hp.stats().webgpu;
    if (noWebgpu) P.modes = P.modes.filter((m) => !m.startsWith('webgpu'));
    // No view drawn: WebGL's views and WebGPU's display copies would share the GPU with the
    // passes being timed.
    await hp.set({ overlay: 0, view: P.scene ? 'surface' : 'none', paused: 1, clock: 'wall' });
    const rows = [], floors = [];
    if (P.volumes) P.atlases = P.occupancy = [];  // its own loop
    if (P.scene) P.occupancy = [null];
    const webgpuModes = P.modes.filter((m) => m.startsWith('webgpu'));
    const again = P.again && webgpuModes.length ? [webgpuModes[0]] : [];
    const total = P.atlases.length * P.occupancy.length * (P.modes.length + again.length) * P.readbacks.length *
      P.regimes.length;
    const t0 = performance.now();
    for (const atlas of P.atlases) {
      if (P.floor && !noWebgpu) {
        status(`benchmark ${plan}: the floor at ${atlas}², ${P.regimes.join(' and ')}`);
        floors.push(...await floor(atlas));
      }
      for (const target of P.occupancy) {
        const cal = P.scene ? await sceneCount(atlas) : await calibrate(atlas, target);
        // `order`: the configuration's place since the calibration (which runs in WebGL2).
        let order = 0;
        for (const [mode, repeat] of [...P.modes.map((m) => [m, false]), ...again.map((m) => [m, true])]) {
          for (const readback of P.readbacks) {
            for (const regime of P.regimes) {
              status(`benchmark ${plan}: ${rows.length + 1}/${total}: ${atlas}² ${target * 100}% ${mode} ${readback} ${regime}`);
              const m = await row(mode, regime, { ...MODES[mode], readback, ...(P.scene || {}), iso: cal.iso, expected: cal.count });
              if (!m) continue;
              rows.push({ atlas, volume: hp.stats().volume, occupancy: target, measuredOccupancy: cal.occupancy,
                iso: cal.iso, trueCount: cal.count, mode: repeat ? `${mode}-again` : mode, readback, order: order++, ...m });
            }
          }
        }
      }
    }
    if (P.volumes) await volumeRows(rows);
    const result = { seconds: (performance.now() - t0) / 1000, timing: rows[0] && rows[0].timing,
      webgpu: noWebgpu ? `not run: ${noWebgpu}` : (hp.testing.gpu.adapter || 'yes'),
      frames: P.frames, warmup: P.warmup, rows, floor: floors };
    await finish(result);
    status(`benchmark ${plan}: done, ${rows.length} configurations`);
  }

  // What every plan's result carries, checked: each row (and floor row) its regime and its span
  // (Date.now() at its start and end, the clock drive.py stamps its GPU samples with), the
  // browser's full build (the user agent string says only 156.0.0.0; null where the browser has
  // no client hints, Firefox and WebKit, or the page is no secure context), the renderer, the
  // cores. Then window.hpBench, and POSTed to /result.
  async function finish(result) {
    for (const r of [...result.rows, ...(result.floor || [])])  // (a row skipped says why instead)
      if (!r.skipped && (!['paced', 'saturated'].includes(r.regime) || !(r.startMs > 0 && r.endMs >= r.startMs)))
        throw new Error(`benchmark ${plan}: a row without its regime or span (${JSON.stringify(r).slice(0, 160)})`);
    const build = navigator.userAgentData ? await navigator.userAgentData.getHighEntropyValues(['fullVersionList'])
      .then((v) => v.fullVersionList, () => null) : null;
    const out = { plan, date: new Date().toISOString(), userAgent: navigator.userAgent, fullVersionList: build,
      renderer: renderer(), cores: navigator.hardwareConcurrency, settings: location.search, ...result };
    window.hpBench = out;
    await fetch('/result', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(out) })
      .catch(() => {});
  }

  // Plans of their own: their script, and the function that runs them (a Promise of the result).
  const OWN = { labels: ['bench/bench_labels.js', () => window.hpBenchLabels.run(status)],
    dicom: ['bench/bench_dicom.js', () => window.hpBenchDicom(status)], mesh: ['bench/bench_mesh.js', () => window.hpBenchMesh(status)],
    print: ['bench/bench_print.js', () => window.hpBenchPrint(status)],
    bricks: ['bench/bench_bricks.js', () => window.hpBenchBricks(status)] };

  async function main() {
    if (OWN[plan]) {
      await loadScript(OWN[plan][0], `the ${plan} benchmark, beside bench.js`);
      await finish(await OWN[plan][1]());
      status(`benchmark ${plan}: done`);
      return;
    }
    const parts = ['bench/bench_plans.js', 'bench/bench_regimes.js', 'bench/bench_gpu.js', 'bench/bench_volume_rows.js'];
    await Promise.all(parts.map((src) => loadScript(src, 'a part of the benchmark, beside bench.js')));
    const { P, MODES, TRIANGLES } = hpBenchParts.plan(plan, location.search);
    if (!P) return;
    // The run's context: what the parts share; each part adds its functions to it.
    const B = { plan, P, MODES, TRIANGLES, status, median, loadScript };
    for (const part of ['gpu', 'regimes', 'volumes']) Object.assign(B, hpBenchParts[part](B));
    await run(B);
  }
  main().catch((e) => { window.hpBench = { error: e.message }; status(`benchmark failed: ${e.message}`);
    fetch('/result', { method: 'POST', body: JSON.stringify({ error: e.message }) }).catch(() => {}); });
})();
