#!/usr/bin/env bash
# The benchmark in headless Chromium on this machine: every pyramid mode and readback mode over
# atlas sizes and occupancies (web/bench/bench.js has the matrix), GPU timer queries per pass.
#   scripts/bench.sh [--quick | --compute | --surface | --molstar] [QUERY]
#     --compute: histopyramid vs WebGPU scan over occupancy; --surface: the marching-cubes stages;
#     --molstar: the surface beside Mol*'s GPU isosurface on the same volumes (builds its bundle,
#     scripts/build-molstar.sh, the benchmark's own dependency); QUERY: more of the page's
#     benchmark settings, e.g. 'volumes=blobs-128&saturated=50' (docs/benchmark.md).
# Writes bench/results/<date>-<machine>.json and .png, prints the table. On the GPU machine the
# same page runs through ../shared/gpu-browser (docs/benchmark.md).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
plan=full
[ "${1:-}" = --quick ] && plan=quick
[ "${1:-}" = --compute ] && plan=compute
[ "${1:-}" = --surface ] && plan=surface
[ "${1:-}" = --molstar ] && plan=molstar
query="${2:-}"
"$root/scripts/build-web.sh" >/dev/null
if [ $plan = molstar ]; then
  "$root/scripts/build-molstar.sh"
  cp "$root/build/molstar/molstar-iso.js" "$root/build/web/site/"
fi
mkdir -p "$root/bench/results"
name="$(date +%Y-%m-%d)-$(hostname -s | tr -c 'A-Za-z0-9_\n-' '_')-swiftshader-$plan"
node "$root/bench/drivers/bench.mjs" "$root/build/web/site" "$root/bench/results/$name.json" \
  "$root/bench/results/$name.png" "$plan${query:+&$query}"
