#!/usr/bin/env bash
# Builds the benchmarks' native VTK references against Debian's libvtk9.1 (installed by the test
# tier, with python3-vtk9), with the headers of libvtk9-dev fetched into the cache (not
# installed): tests/mesh/vtk_flying_edges.cpp (label maps), tests/mesh/vtk_steps.cpp (the mesh
# steps) and tests/mesh/vtk_iso.cpp (one iso-surface: the bricked surface's). Prints the folder
# that holds them. Used by scripts/bench-labels.sh, bench-mesh.sh and
# bench-gpu.sh.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cache=${HP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/histopyramid-demo}
work="$cache/bench-vtk"
mkdir -p "$work"
if [ ! -f "$work/vtk-dev/.complete" ]; then
  rm -rf "$work/vtk-dev" && mkdir -p "$work/vtk-dev"
  (cd "$work/vtk-dev" && apt-get download -qq libvtk9-dev >/dev/null 2>&1 && dpkg-deb -x libvtk9-dev_*.deb x && touch .complete) >&2
fi
lib=/usr/lib/x86_64-linux-gnu
inc="$work/vtk-dev/x/usr/include/vtk-9.1"
build() {  # build NAME LIBRARY...
  local name=$1; shift
  if [ ! -x "$work/$name" ] || [ "$root/tests/mesh/$name.cpp" -nt "$work/$name" ]; then
    echo "[bench] building $name against VTK 9.1" >&2
    g++ -O2 -std=c++17 -I "$inc" "$root/tests/mesh/$name.cpp" -o "$work/$name" \
      $(for l in "$@" CommonExecutionModel CommonDataModel CommonMisc CommonCore; do echo "$lib/libvtk$l-9.1.so.1"; done) \
      "$lib/libvtksys-9.1.so.1" -Wl,--allow-shlib-undefined
  fi
}
build vtk_flying_edges FiltersGeneral
build vtk_steps IOPLY FiltersCore
build vtk_iso FiltersCore
echo "$work"
