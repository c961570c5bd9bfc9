#!/usr/bin/env bash
# Builds the web app into build/web/site (app.js, app.wasm, the page, the assets).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
source "${HP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/histopyramid-demo}/env.sh"
if [ ! -f "$root/build/web/build.ninja" ]; then
  emcmake cmake -S "$root" -B "$root/build/web" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DSDL2_DIR="$HP_SDL2_DIR" >/dev/null
fi
cmake --build "$root/build/web"
# The samples setup made (samples.json lists those present; an empty list without them).
mkdir -p "$root/build/web/site/samples"
if [ -f "${HP_SAMPLES:-}/samples.json" ]; then
  for f in "$HP_SAMPLES"/*; do
    cmp -s "$f" "$root/build/web/site/samples/$(basename "$f")" || cp "$f" "$root/build/web/site/samples/"
  done
else
  echo '[]' > "$root/build/web/site/samples/samples.json"
fi
