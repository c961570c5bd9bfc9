#!/usr/bin/env bash
# A long run (not part of scripts/test.sh): FRAMES frames (default 10,000) in headless
# Chromium with a change of mode, backend, source or size every 100, in cycles of ten changes
# that end where they began; after each cycle the live GL objects, live WebGPU buffers and the
# wasm heap must be back at their level after the first. Writes
# bench/results/<date>-<machine>-soak.json; exits non-zero when something grew.
#   scripts/soak.sh [FRAMES]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/build-web.sh" >/dev/null
mkdir -p "$root/bench/results"
name="$(date +%Y-%m-%d)-$(hostname -s | tr -c 'A-Za-z0-9_\n-' '_')-swiftshader-soak"
node "$root/tests/browser/soak.mjs" "$root/build/web/site" "$root/bench/results/$name.json" "${1:-10000}"
