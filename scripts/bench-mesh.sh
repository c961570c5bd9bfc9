#!/usr/bin/env bash
# The mesh steps' benchmark on this machine: the page's processed mesh (CT head at its bone
# preset: largest piece, 10 Taubin iterations, 100,000 triangles; index.html?bench=mesh) in
# headless Chromium beside VTK's native filters on the same input mesh (tests/mesh/vtk_steps.cpp,
# C++ against Debian's libvtk9.1; bench/drivers/bench-mesh.mjs says how each is timed). Needs the
# test tier. The GPU machine runs the same plan: scripts/bench-gpu.sh.
#   scripts/bench-mesh.sh [ITERATIONS] [TARGET] [RUNS]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh" --test-tier
"$root/scripts/build-web.sh" >/dev/null
vtk=$("$root/scripts/bench-vtk-tools.sh")
mkdir -p "$root/bench/results"
name="$(date +%Y-%m-%d)-$(hostname -s | tr -c 'A-Za-z0-9_\n-' '_')-mesh-steps"
node "$root/bench/drivers/bench-mesh.mjs" "$root/build/web/site" "$root/bench/results/$name.json" "$vtk/vtk_steps" "$@"
