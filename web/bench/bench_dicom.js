// @ts-check
// The DICOM benchmark as the page runs it alone (index.html?bench=dicom, where no Node drives a
// browser: the GPU machine's drive.py): the series listed in bench-dicom/files.json (made by
// scripts/bench-dicom.sh) opened by hp.loadVolume(URLs) three times in WebGL2 with sums=uint (the
// 512×512×256 series needs an 8192² atlas), each timed from the call to the first frame done
// with it; the steps (web/dicom_open.js), the page's wasm heap, the decoders. Regime: paced (the
// page's own frame loop runs, one frame an animation frame, while the workers read). Each row is
// stamped with Date.now() at its start and end (the clock drive.py's GPU samples carry); bench.js
// adds the browser's build and POSTs it to /result; scripts/bench-dicom.sh times the folder
// picker the same way.
'use strict';
window.hpBenchDicom = async function (status) {
  const runs = Number(new URLSearchParams(location.search).get('runs')) || 3;
  await hp.ready;
  await hp.set({ sums: 'uint' });
  const files = await (await fetch('bench-dicom/files.json')).json();
  const urls = files.map((f) => `bench-dicom/${f}`);
  const rows = [];
  for (let k = 0; k < runs; k++) {
    status(`DICOM benchmark: run ${k + 1} of ${runs}, ${files.length} files`);
    const startMs = Date.now(), t = performance.now();
    const info = await hp.loadVolume(urls);  // resolves after a frame ran with it
    const opened = performance.now() - t;
    await hp.frames(1);
    rows.push({ route: 'urls', run: k + 1, regime: 'paced', ms: performance.now() - t, openedMs: opened,
      steps: hp.stats().dicomMs, dims: info.dims, pageHeapMB: hp.stats().heapBytes / 1048576, startMs, endMs: Date.now() });
  }
  return { files: files.length, backend: hp.stats().backend, rows };
};
