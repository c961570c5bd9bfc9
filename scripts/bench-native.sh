#!/usr/bin/env bash
# The benchmark natively, on OpenGL ES 3 through EGL with no window (Mesa here; the NVIDIA
# driver on the GPU machine), with GL timer queries. Where CUDA's nvcc is present it also
# builds bench/cub/select_flagged.cu and times CUB's DeviceSelect::Flagged on the same flags.
#   scripts/bench-native.sh [--quick] [--out FILE.json] [--no-build] [--cub BIN]
# --no-build runs a bench_native built before (the GPU machine has no compiler for it: build
# it here, send build/native/bench_native along). --cub BIN times a select_flagged built before
# (here: nvcc -O3 -std=c++17 -arch=sm_90), which saves the GPU machine's lease nvcc's 10 s or more.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
quick="" out="" build=1 cub_bin=""
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=--quick; shift ;;
    --out) out=$2; shift 2 ;;
    --no-build) build=0; shift ;;
    --cub) cub_bin=$2; shift 2 ;;
    *) echo "bench-native.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
if [ $build = 1 ]; then
  "$root/scripts/setup.sh"
  cmake -S "$root" -B "$root/build/native" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$root/build/native" --target bench_native >/dev/null
fi
cub=()
work=$(mktemp -d)
if [ -n "$cub_bin" ]; then
  cub=(--cub "$cub_bin" --dump "$work")
elif command -v nvcc >/dev/null 2>&1 || [ -x /usr/local/cuda/bin/nvcc ]; then
  nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
  if "$nvcc" -O3 -std=c++17 -arch=native -o "$work/select_flagged" "$root/bench/cub/select_flagged.cu" 2>"$work/nvcc.log"; then
    cub=(--cub "$work/select_flagged" --dump "$work")
  else
    echo "nvcc failed, no CUB comparison:" >&2; cat "$work/nvcc.log" >&2
  fi
fi
if [ -z "$out" ]; then
  mkdir -p "$root/bench/results"
  out="$root/bench/results/$(date +%Y-%m-%d)-$(hostname -s)-native-$([ -n "$quick" ] && echo quick || echo full).json"
fi
# The GPU's clocks while it runs (nvidia-smi every 250 ms, where there is one): an H100 idles at
# 345 MHz and runs at 1980, so a timing without its clock is not reported (docs/benchmark.md).
if command -v nvidia-smi >/dev/null 2>&1; then
  nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,utilization.gpu --format=csv,noheader,nounits \
    -lms 250 > "$work/clocks.csv" &
  sampler=$!
fi
"$root/build/native/bench_native" $quick "${cub[@]}" > "$out"
if [ -n "${sampler:-}" ]; then
  kill "$sampler" 2>/dev/null; wait "$sampler" 2>/dev/null
  python3 - "$out" "$work/clocks.csv" <<'PY'
import datetime, json, statistics, sys
out, csv = sys.argv[1], sys.argv[2]
samples = []
for line in open(csv):
    f = [x.strip() for x in line.split(',')]
    try:
        t = datetime.datetime.strptime(f[0], '%Y/%m/%d %H:%M:%S.%f').replace(tzinfo=datetime.timezone.utc)
        samples.append({'epochMs': round(t.timestamp() * 1000), 'smMHz': float(f[1]), 'memMHz': float(f[2]),
                        'watts': float(f[3]), 'util': float(f[4])})
    except (ValueError, IndexError):
        pass
result = json.load(open(out))
sm = [s['smMHz'] for s in samples]
result['clocks'] = {'samples': samples, 'smMHz': {'min': min(sm), 'median': statistics.median(sm), 'max': max(sm)} if sm else None}
json.dump(result, open(out, 'w'), indent=1)
PY
fi
rm -rf "$work"
echo "$out"
