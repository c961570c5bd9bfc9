#!/usr/bin/env bash
# The page's types: tsc --noEmit over web/ (npm typescript, installed by scripts/setup.sh
# --test-tier), the JSDoc types of its modules checked: web/tsconfig.json (the page's modules and
# the benchmark's scripts, web/bench/), web/tsconfig.worker.json (the readers' workers, in a
# worker's scope). Prints tsc's errors and "ok   types …" or "FAIL types …: N error(s)"; exits
# non-zero on any error. scripts/test.sh runs it as one check, in both tiers.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tsc="$root/tests/node_modules/.bin/tsc"
if [ ! -x "$tsc" ]; then
  echo "FAIL types web/: no $tsc (scripts/setup.sh --test-tier installs it)"
  exit 1
fi
failed=0 errors=0
for project in tsconfig.json tsconfig.worker.json; do
  out=$("$tsc" -p "$root/web/$project" 2>&1) || failed=1
  [ -z "$out" ] || echo "$out"
  errors=$((errors + $(echo "$out" | grep -c 'error TS' || true)))
done
if [ $failed = 0 ]; then
  echo "ok   types web/ (tsc $("$tsc" --version | sed 's/Version //'): the page, the benchmark, the workers)"
else
  echo "FAIL types web/: $errors error(s)"
fi
exit $failed
