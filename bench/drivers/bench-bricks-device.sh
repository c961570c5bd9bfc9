#!/usr/bin/env bash
# The bricked surface's benchmark on the GPU machine (docs/benchmark.md; staged by
# scripts/bench-bricks.sh into build/gpu-bricks, this file as its run.sh): the whole-body stand-in
# made there, then bench_native --bricks at each budget and VTK's flying edges on the same file.
set -u
cd "$(dirname "$0")"
tar xJf gpu-bricks-lib.tar.xz
# The EGL/GLES loaders (TOOLCHAIN.md: the machine has the NVIDIA driver, not the loaders).
for d in debs/*.deb; do dpkg -x "$d" /; done
ldconfig
export LD_LIBRARY_PATH=$PWD/lib
out=${OUT:-/tmp/out}
mkdir -p "$out"
info="$out/info.txt"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,memory.used,utilization.gpu --format=csv > "$info"
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,memory.used,utilization.gpu --format=csv,noheader -lms 100 > "$out/clocks.csv" &
smi=$!
echo "cores $(nproc)" >> "$info"
t0=$(date +%s.%N)
./make_volume body ct-head.nrrd /tmp/body.nii "${SLICES:-2048}" 2>> "$info"
python3 -c "import sys; print('make', round(float(sys.argv[2]) - float(sys.argv[1]), 1), 's')" "$t0" "$(date +%s.%N)" >> "$info"
for pool in ${POOLS:-2048 256}; do
  echo "{\"pool\": $pool}" >> "$out/bricks.json"
  ./bench_native --bricks /tmp/body.nii 400.5 400.7 300.5 400.5 600.5 400.5 --pool "$pool" >> "$out/bricks.json" 2>> "$out/bricks.log"
done
./vtk_iso /tmp/body.nii 352 512 512 "${SLICES:-2048}" 3 400.5 300.5 600.5 > "$out/vtk.json" 2>> "$out/bricks.log"
kill $smi
echo "end $(date +%s%3N)" >> "$info"
tail -n 40 "$out/bricks.json" "$out/bricks.log" "$out/vtk.json" "$info"
