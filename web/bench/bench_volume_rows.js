// @ts-check
// The benchmark's volume rows (web/bench/bench.js loads this for the molstar and scaling plans): the
// benchmark's volumes and the real samples, each in every mode and regime, beside Mol*'s
// isosurface where the plan has it.
'use strict';
window.hpBenchParts = window.hpBenchParts || {};
// volumes(B): { volumeRows }; B is the run's context (web/bench/bench.js: plan, P, MODES, TRIANGLES,
// status, loadScript, row).
hpBenchParts.volumes = function (B) {
  const { plan, P, MODES, TRIANGLES, status, loadScript } = B;

  // Whether this browser's WebGL2 holds a size² texture.
  function glHolds(size) {
    const gl = document.createElement('canvas').getContext('webgl2');
    return !!gl && gl.getParameter(gl.MAX_TEXTURE_SIZE) >= size;
  }
  // The molstar plan: each volume into the demo (a raw uint16 file, or a sample) and into Mol*,
  // every mode in both regimes. Mol*'s rows: its extraction (and its draw) timed by its own timer
  // queries. `order`: the rows' place in the run.
  let order = 0;
  async function volumeRows(rows) {
    await loadScript('bench/bench_volumes.js');
    if (P.modes.includes('molstar')) await loadScript('molstar-iso.js');
    for (const [name, n] of P.volumes) {
      status(`benchmark ${plan}: making ${name} ${n}³`);
      const data = hpBenchVolumes.make(name, n);
      // Past 256 the atlas (16384² at 512³) is the WebGPU modes', and WebGL2's with uint sums
      // where the GPU's largest texture holds it: a WebGL2 mode runs as its uint twin there, or
      // not at all. The file opens in the first mode (Mol* tries it on its own context, and says
      // where it cannot).
      const modes = n > 256 ? P.modes.map((m) => (MODES[`${m}-uint`] && glHolds(16384) ? `${m}-uint` : m))
        .filter((m) => m.startsWith('webgpu') || m === 'molstar' || m.endsWith('-uint')) : P.modes;
      const first = modes.find((m) => m !== 'molstar');
      if (n > 256) await hp.set(MODES[first] || MODES['webgpu-scan']);
      await hp.loadVolume(new Uint8Array(data.buffer), { name: `${name}_${n}x${n}x${n}_uint16.raw` });
      await modeRows(rows, modes, { volumeName: name, n, volumeLabel: `${name} ${n}³`, iso: 32767.5,
        expectedTriangles: TRIANGLES[`${name}-${n}`] }, { data, dims: [n, n, n], iso: 32767.5 });
    }
    for (const [name, preset] of P.samples || []) await sampleRows(rows, name, preset);
  }

  // A real scan (hp.loadSample) at one of its presets (all of them when `presetName` is not
  // given). Mol* gets its values (hp.volume) and their range, as a Mol* grid of them would have
  // it. Mol* counts a corner inside where its value is at most the iso, the demo where it is at
  // least the iso: on integer values (the CT's Hounsfield units, the MRI's bytes) both take the
  // iso half a unit below the preset, which no value equals, so both partition the voxels as
  // the preset does in the demo (value ≥ preset). The expected count is the CPU reference's.
  async function sampleRows(rows, name, presetName) {
    const sample = (await hp.samples()).find((x) => x.name === name);
    if (!sample) {
      rows.push({ volumeName: name, volumeLabel: `${name} ${presetName || ''}`, mode: '-', regime: '-', readback: '-',
        skipped: `no sample '${name}' on this site (scripts/setup.sh fetches the samples)`, ms: {} });
      return;
    }
    status(`benchmark ${plan}: opening the sample ${name}`);
    await hp.loadSample(name);  // (before any WebGL2 setting: a 512³ volume may be shown)
    const volume = await hp.volume();
    const integer = volume.values.every(Number.isInteger);
    const presets = sample.presets.filter((p) => !presetName || p.name === presetName);
    if (!presets.length) throw new Error(`sample '${name}' has no preset '${presetName}'`);
    for (const preset of presets) {
      const iso = integer ? preset.iso - 0.5 : preset.iso;
      await hp.set({ ...MODES.scalar, source: 'file', classify: 'surface', iso, readback: 'sync', paused: 1 });
      const expected = (await hp.referenceMesh({ limit: 0 })).vertices / 3;
      const d = volume.dims;
      await modeRows(rows, P.modes, { volumeName: name, preset: preset.name, dims: d, iso, integerValues: integer,
        volumeLabel: `${name} ${preset.name} ${d.join('×')}`, expectedTriangles: expected },
        { data: volume.values, dims: d, iso, range: volume.range });
    }
  }

  // Every mode in `modes` in both regimes on the volume the demo has open (iso in its units);
  // Mol* gets `mol` ({data, dims, iso, range}).
  async function modeRows(rows, modes, volume, mol) {
    const want = volume.expectedTriangles;
    for (const mode of modes) {
      for (const regime of P.regimes) {
        status(`benchmark ${plan}: ${volume.volumeLabel} ${mode} ${regime}`);
        const base = { ...volume, atlas: hp.stats().atlas, mode, regime, order: order++ };
        if (mode === 'molstar') {
          // A volume Mol* cannot take (its atlas past MAX_TEXTURE_SIZE / 2, memory) is a row saying so.
          const m = await hpMolstar.isosurface({ ...mol, regime,
            frames: regime === 'paced' ? P.frames : P.saturated, warmup: P.warmup })
            .catch((e) => ({ error: String(e.message || e) }));
          if (m.error) {
            rows.push({ ...base, readback: 'sync', skipped: `Mol*: ${m.error}`, ms: {} });
            continue;
          }
          // (no mesh drawn where the draws' timer queries did not come back)
          rows.push({ ...base, readback: 'sync', triangles: m.triangles, trianglesAgree: m.triangles === want,
            startMs: m.startMs, endMs: m.endMs, frames: m.frames,
            ms: { meshReady: m.gpuMs.extraction, draw: m.gpuMs.draw,
              meshDrawn: m.gpuMs.draw == null ? null : m.gpuMs.extraction + m.gpuMs.draw,
              wall: m.wallMs.perExtraction, wallDraw: m.wallMs.perDraw }, timing: 'gpu', notes: m.notes });
          continue;
        }
        for (const readback of P.readbacks) {
          const m = await B.row(mode, regime, { ...MODES[mode], readback, source: 'file', classify: 'surface', iso: volume.iso });
          if (!m) continue;
          const triangles = m.vertices / 3;
          rows.push({ ...base, readback, triangles, trianglesAgree: triangles === want, ...m });
        }
      }
    }
  }

  return { volumeRows };
};
