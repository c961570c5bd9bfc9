#!/usr/bin/env bash
# Regenerates assets/head-phantom-64.png, the PNG slice atlas the demo ships (a 64³
# scanned-like phantom in a 512² 8-bit atlas), with app/native/make_atlas.cpp.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cmake -S "$root" -B "$root/build/native" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$root/build/native" --target make_atlas
"$root/build/native/make_atlas" "$root/assets/head-phantom-64.png"
