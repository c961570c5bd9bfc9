#!/usr/bin/env bash
# Regenerates the golden images in tests/browser/goldens/ on purpose. Open them and look at
# them before you commit them.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/build-web.sh" >/dev/null
UPDATE_GOLDENS=1 node "$root/tests/browser/run.mjs" "$root/build/web/site" golden
