#!/usr/bin/env bash
# The bricked surface's benchmark on the GPU machine (docs/benchmark.md, "Past one atlas"):
# stages build/gpu-bricks here (bench_native and make_volume built here, VTK's vtk_iso with its
# libraries (scripts/bench-vtk-tools.sh), the EGL/GLES loaders' .debs (TOOLCHAIN.md), the CT
# sample, the device script bench/drivers/bench-bricks-device.sh as run.sh), about 11 MB, and
# prints the command to run there with that folder carried. SLICES, POOLS: the device script's.
#   scripts/bench-bricks.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cache=${HP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/histopyramid-demo}
source "$cache/env.sh"
cmake -S "$root" -B "$root/build/native" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$root/build/native" --target bench_native make_volume >/dev/null
vtk=$("$root/scripts/bench-vtk-tools.sh")
dest="$root/build/gpu-bricks"
rm -rf "$dest" && mkdir -p "$dest/lib" "$dest/debs"
cp "$root/build/native/bench_native" "$root/build/native/make_volume" "$vtk/vtk_iso" "$HP_SAMPLES/ct-head.nrrd" "$dest/"
cp "$root/bench/drivers/bench-bricks-device.sh" "$dest/run.sh"
# every library vtk_iso links but the C and C++ runtimes (the GPU machine's are newer)
ldd "$vtk/vtk_iso" | awk '/=>/ {print $3}' |
  grep -vE '/(libc|libm|libdl|libpthread|librt|ld-linux-x86-64|libstdc\+\+|libgcc_s)\.so' |
  while read -r l; do cp -L "$l" "$dest/lib/"; done
(cd "$dest" && tar cJf gpu-bricks-lib.tar.xz lib && rm -rf lib)
(cd "$dest/debs" && apt-get download -qq libvulkan1 libegl1 libglvnd0 libgles2 libopengl0 libgl1 libglx0 2>/dev/null)
echo "[bench] staged $dest ($(du -sh "$dest" | cut -f1)); on the GPU machine, with build/gpu-bricks carried:"
echo "  OUT=\$OUT build/gpu-bricks/run.sh"
