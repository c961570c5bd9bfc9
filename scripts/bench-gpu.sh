#!/usr/bin/env bash
# The DICOM, mesh-steps and label-map benchmarks on the GPU machine, each beside its native
# reference in the same run (bench/drivers/bench-gpu-device.py says what runs there; docs/benchmark.md,
# "On the GPU machine"). The GPU machine has no network, no Node and no browser, and takes 64 MiB
# an upload (the tree counted in it), so everything goes packed and cut in parts:
#   scripts/bench-gpu.sh pack [PART_MIB]   here: the site, Chromium (../shared/gpu-browser), the
#       native references built here (VTK 9.1, gdcmconv) with their libraries, pydicom, the AAL
#       sample as raw bytes; cut into .gpu-browser/u1, u2, ... (PART_MIB each, 52 unless given),
#       and prints the commands: one per part, sent back to back (the machine keeps /tmp between
#       commands only while it stays up, 30 s), the last one running the benchmarks (~4 minutes).
#   scripts/bench-gpu.sh try     the same device script here, on SwiftShader (modes=scalar,
#       no procedural map): to try it before spending GPU time.
#   scripts/bench-gpu.sh join DIR [MACHINE]   joins each row's clocks (bench/drivers/bench-clocks.mjs)
#       and writes bench/results/<date>-MACHINE-{dicom,mesh-steps,labels}.json (MACHINE: h100).
# Needs the test tier (scripts/setup.sh --test-tier) and Debian's chromium. HP_BENCH_NO_BUILD=1:
# pack build/web/site as it is (no scripts/build-web.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cache=${HP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/histopyramid-demo}
shared="$root/../shared/gpu-browser"
[ -d "$shared" ] || shared=/work/shared/gpu-browser
dest="$root/.gpu-browser"
mode=${1:-}

# The folder the device script reads: site/, tools/ (bin, lib, py, scripts, aal.u8), drive.py, device.sh.
stage() {
  local pack=$1
  source "$cache/env.sh"
  [ "${HP_BENCH_NO_BUILD:-0}" = 1 ] || "$root/scripts/build-web.sh" >/dev/null
  local vtk; vtk=$("$root/scripts/bench-vtk-tools.sh")
  rm -rf "$pack" && mkdir -p "$pack/tools/bin" "$pack/tools/lib" "$pack/tools/py"
  cp -rL "$root/build/web/site" "$pack/site"
  cp "$vtk/vtk_flying_edges" "$vtk/vtk_steps" /usr/bin/gdcmconv "$pack/tools/bin/"
  # every library they link but the C and C++ runtimes (the GPU machine's are newer)
  for b in "$pack"/tools/bin/*; do ldd "$b" | awk '/=>/ {print $3}'; done | sort -u |
    grep -vE '/(libc|libm|libdl|libpthread|librt|ld-linux-x86-64|libstdc\+\+|libgcc_s)\.so' |
    while read -r l; do cp -L "$l" "$pack/tools/lib/"; done
  # pydicom (Debian's, pure Python) for make_series.py; its test files left out
  cp -r /usr/lib/python3/dist-packages/pydicom "$pack/tools/py/"
  rm -rf "$pack/tools/py/pydicom/data/test_files" "$pack/tools/py/pydicom/data/charset_files" "$pack/tools/py/pydicom/tests"
  find "$pack/tools/py" -name __pycache__ -prune -exec rm -rf {} +
  cp "$root/tests/dicom/make_series.py" "$root/tests/dicom/time_gdcmconv.py" "$pack/tools/"
  /usr/bin/python3 -c "import nibabel as nib, numpy as np, sys
a = np.asarray(nib.load(sys.argv[1]).dataobj).astype(np.uint8)
np.ascontiguousarray(a.transpose(2, 1, 0)).tofile(sys.argv[2])" "$HP_SAMPLES/aal-atlas.nii.gz" "$pack/tools/aal.u8"
  cp "$root/bench/drivers/bench-gpu-device.py" "$shared/drive.py" "$shared/device.sh" "$pack/"
}

case "$mode" in
  pack)
    mib=${2:-52}
    chromium="$cache/gpu-browser-chromium.tar.xz"
    work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
    if [ ! -f "$chromium" ]; then
      echo "[bench] packing Chromium for the GPU machine (minutes, once)" >&2
      "$shared/make-payload.sh" "$work/payload" >&2
      cat "$work/payload/a/part.00" "$work/payload/b/part.01" > "$chromium.tmp" && mv "$chromium.tmp" "$chromium"
    fi
    stage "$work/pack"
    cp "$chromium" "$work/chromium.tar.xz"
    (cd "$work" && tar -c pack | xz -T1 -3 > pack.tar.xz && tar -cf bundle.tar chromium.tar.xz pack.tar.xz &&
      split -b "${mib}M" -d -a 2 bundle.tar part.)
    rm -rf "$dest"/u* && n=0
    for p in "$work"/part.*; do n=$((n + 1)); mkdir -p "$dest/u$n"; mv "$p" "$dest/u$n/"; done
    (cd "$work" && sha256sum bundle.tar | cut -d' ' -f1) > "$dest/u$n/bundle.sha256"
    du -sh "$dest"/u* >&2
    echo "Send, back to back (the run tool; carry .gl with the last only):"
    for k in $(seq 1 $((n - 1))); do
      echo "  carry [\".gpu-browser/u$k\"]: mkdir -p /tmp/hpu && cp .gpu-browser/u$k/* /tmp/hpu/ && ls -la /tmp/hpu"
    done
    echo "  carry [\".gpu-browser/u$n\", \".gl\"]: for f in .gl/*.deb; do dpkg -x \$f /; done; ldconfig; mkdir -p /tmp/hpu &&" \
      "cp .gpu-browser/u$n/* /tmp/hpu/ && cd /tmp/hpu && cat part.* > bundle.tar &&" \
      "[ \"\$(sha256sum bundle.tar | cut -d' ' -f1)\" = \"\$(cat bundle.sha256)\" ] && tar -xf bundle.tar && mkdir -p /opt/chr &&" \
      "xz -dc -T0 chromium.tar.xz | tar -x -C /opt/chr && xz -dc pack.tar.xz | tar -x && bash pack/device.sh install &&" \
      "PYTHONUNBUFFERED=1 python3 pack/bench-gpu-device.py pack \$OUT"
    ;;
  try)
    work="$cache/bench-gpu-try"
    stage "$work/pack"
    rm -rf "$work/out"
    /usr/bin/python3 "$work/pack/bench-gpu-device.py" "$work/pack" "$work/out" --swiftshader \
      --chrome /usr/lib/chromium/chromium --labels-query '&modes=scalar' "${@:2}"
    echo "$work/out"
    ;;
  join)
    dir=${2:?usage: bench-gpu.sh join DIR [MACHINE]}; machine=${3:-h100}
    day=$(date +%Y-%m-%d)
    for b in dicom:dicom mesh:mesh-steps labels:labels print:print; do
      [ -f "$dir/${b%%:*}.json" ] || { echo "[bench] no ${b%%:*}.json in $dir" >&2; continue; }
      out="$root/bench/results/$day-$machine-${b#*:}.json"
      node "$root/bench/drivers/bench-clocks.mjs" "$dir/${b%%:*}.json" "$out"
      echo "$out"
    done
    ;;
  *) sed -n '2,16p' "$0" >&2; exit 2 ;;
esac
