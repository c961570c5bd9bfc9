#!/usr/bin/env bash
# The label-map benchmark on this machine (docs/benchmark.md, "Label maps"): every label's mesh
# of the AAL atlas sample in headless Chromium (the page's plan, index.html?bench=labels;
# bench/drivers/bench-labels.mjs), beside VTK's native vtkDiscreteFlyingEdges3D with every label
# in one filter on the same volume and on the page's procedural 512×512×448 label map
# (tests/mesh/vtk_flying_edges.cpp, built by scripts/bench-vtk-tools.sh), and VTK's volumes per
# label (bench/drivers/bench-labels-vtk.py, an accuracy figure), in one JSON file. Needs the test tier. The GPU machine runs the same plan: scripts/bench-gpu.sh.
#   scripts/bench-labels.sh [MODE ...]    (MODE: scalar (default), vec4, webgpu-scan, webgpu-pyramid)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh" --test-tier
"$root/scripts/build-web.sh" >/dev/null
cache=${HP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/histopyramid-demo}
source "$cache/env.sh"
vtk=$("$root/scripts/bench-vtk-tools.sh")
aal="$HP_SAMPLES/aal-atlas.nii.gz"
[ -f "$aal" ] || { echo "[bench] the AAL sample is not there (scripts/setup.sh fetches it)" >&2; exit 1; }
/usr/bin/python3 -c "import nibabel as nib, numpy as np, sys
a = np.asarray(nib.load(sys.argv[1]).dataobj).astype(np.uint8)
np.ascontiguousarray(a.transpose(2, 1, 0)).tofile(sys.argv[2])" "$aal" "$vtk/aal.u8"
name="$(date +%Y-%m-%d)-$(hostname -s | tr -c 'A-Za-z0-9_\n-' '_')-labels"
mkdir -p "$root/bench/results"
node "$root/bench/drivers/bench-labels.mjs" "$root/build/web/site" "$root/bench/results/$name.json" \
  "$vtk/vtk_flying_edges" "$vtk/aal.u8" "$aal" "${@:-scalar}"
