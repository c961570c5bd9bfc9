#!/usr/bin/env bash
# The label-map benchmark on this machine (docs/benchmark.md, "Label maps"): every label's mesh
# of the AAL atlas sample in headless Chromium (tests/browser/bench-labels.mjs: from the load's
# call to the first frame drawn, and the saturated regime), beside VTK's native
# vtkDiscreteFlyingEdges3D with every label in one filter on the same volume and on the page's
# procedural 512×512×448 label map (web/bench_labels.js; tests/mesh/vtk_flying_edges.cpp, built
# here against Debian's libvtk9.1 with the headers of libvtk9-dev, fetched into the cache, not
# installed), and VTK's volumes per label (scripts/bench-labels-vtk.py). Needs the test tier.
#   scripts/bench-labels.sh [MODE ...]    (MODE: scalar (default), vec4, webgpu-scan, webgpu-pyramid)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh" --test-tier
"$root/scripts/build-web.sh" >/dev/null
cache=${HP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/histopyramid-demo}
source "$cache/env.sh"
work="$cache/bench-labels"
mkdir -p "$work"
if [ ! -f "$work/vtk-dev/.complete" ]; then
  rm -rf "$work/vtk-dev" && mkdir -p "$work/vtk-dev"
  (cd "$work/vtk-dev" && apt-get download -qq libvtk9-dev >/dev/null 2>&1 && dpkg-deb -x libvtk9-dev_*.deb x && touch .complete)
fi
lib=/usr/lib/x86_64-linux-gnu
if [ ! -x "$work/vtk_flying_edges" ] || [ "$root/tests/mesh/vtk_flying_edges.cpp" -nt "$work/vtk_flying_edges" ]; then
  g++ -O2 -std=c++17 -I "$work/vtk-dev/x/usr/include/vtk-9.1" "$root/tests/mesh/vtk_flying_edges.cpp" \
    -o "$work/vtk_flying_edges" $lib/libvtkFiltersGeneral-9.1.so.1 $lib/libvtkCommonExecutionModel-9.1.so.1 \
    $lib/libvtkCommonDataModel-9.1.so.1 $lib/libvtkCommonMisc-9.1.so.1 $lib/libvtkCommonCore-9.1.so.1 \
    $lib/libvtksys-9.1.so.1 -Wl,--allow-shlib-undefined
fi
aal="$HP_SAMPLES/aal-atlas.nii.gz"
[ -f "$aal" ] || { echo "[bench] the AAL sample is not there (scripts/setup.sh fetches it)" >&2; exit 1; }
/usr/bin/python3 -c "import nibabel as nib, numpy as np, sys
a = np.asarray(nib.load(sys.argv[1]).dataobj).astype(np.uint8)
np.ascontiguousarray(a.transpose(2, 1, 0)).tofile(sys.argv[2])" "$aal" "$work/aal.u8"
node -e "global.window = global; require('$root/web/bench_labels.js');
require('fs').writeFileSync('$work/procedural.u8', window.hpBenchLabels.make());"
name="$(date +%Y-%m-%d)-$(hostname -s | tr -c 'A-Za-z0-9_\n-' '_')-labels"
out="$root/bench/results/$name.json"
mkdir -p "$root/bench/results"
node "$root/tests/browser/bench-labels.mjs" "$root/build/web/site" "$work/page.json" "${@:-scalar}"
"$work/vtk_flying_edges" "$work/aal.u8" 181 217 181 uint8 5 > "$work/vtk-aal.json"
"$work/vtk_flying_edges" "$work/procedural.u8" 512 512 448 uint8 3 > "$work/vtk-procedural.json"
/usr/bin/python3 "$root/scripts/bench-labels-vtk.py" "$aal" --runs 1 > "$work/vtk-volumes.json"
/usr/bin/python3 - "$work" "$out" <<'PY'
import json, sys, os
w, out = sys.argv[1], sys.argv[2]
r = {k: json.load(open(os.path.join(w, f))) for k, f in
     [('page', 'page.json'), ('vtkAal', 'vtk-aal.json'), ('vtkProcedural', 'vtk-procedural.json'), ('vtkVolumes', 'vtk-volumes.json')]}
json.dump(r, open(out, 'w'), indent=1)
print('VTK flying edges: AAL %.0f ms (median), procedural %.0f ms; written %s' %
      (r['vtkAal']['medianMs'], r['vtkProcedural']['medianMs'], out))
PY
