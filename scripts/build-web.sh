#!/usr/bin/env bash
# Builds the web app into build/web/site (app.js, app.wasm, the page, the assets, the samples).
#   scripts/build-web.sh           the page and the DICOM reader (dicom.js: GDCM for wasm, built once
#                                  by scripts/setup.sh --dicom)
#   scripts/build-web.sh --page    the page only (what scripts/run.sh serves first)
#   scripts/build-web.sh --dicom   the DICOM reader only (scripts/run.sh builds it after serving)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
what=${1:-all}
case "$what" in all|--page|--dicom) ;; *) echo "build-web.sh: unknown argument '$what'" >&2; exit 2 ;; esac
if [ "$what" = --page ]; then "$root/scripts/setup.sh"; else "$root/scripts/setup.sh" --dicom; fi
source "${HP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/histopyramid-demo}/env.sh"
out="$root/build/web"
# Configured once; again when GDCM has been built since (the DICOM reader's target appears then:
# its rule, not a file whose name ends the same, such as bench_dicom.js among the page's files).
if [ ! -f "$out/build.ninja" ] ||
   { [ -f "$HP_GDCM_WASM_DIR/lib/libgdcmMSFF.a" ] && ! grep -q '^build dicom:' "$out/build.ninja"; }; then
  t0=$SECONDS
  emcmake cmake -S "$root" -B "$out" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
  echo "[build] configured build/web: $((SECONDS - t0)) s" >&2
fi
t0=$SECONDS
case "$what" in
  all) cmake --build "$out" ;;
  --page) cmake --build "$out" --target app ;;
  --dicom) cmake --build "$out" --target dicom ;;
esac
echo "[build] built ${what#--} in build/web: $((SECONDS - t0)) s" >&2
[ "$what" = --dicom ] && exit 0
# The samples setup made (samples.json lists those present; an empty list without them).
mkdir -p "$out/site/samples"
if [ -f "${HP_SAMPLES:-}/samples.json" ]; then
  for f in "$HP_SAMPLES"/*; do
    cmp -s "$f" "$out/site/samples/$(basename "$f")" || cp "$f" "$out/site/samples/"
  done
else
  echo '[]' > "$out/site/samples/samples.json"
fi
