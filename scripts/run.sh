#!/usr/bin/env bash
# Builds the web app and serves it:      scripts/run.sh [--port N]      (default 8080)
# or renders it headless into a PNG:     scripts/run.sh --screenshot FILE [--query 'pyramid=vec4']
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
port=8080 shot="" query=""
while [ $# -gt 0 ]; do
  case "$1" in
    --port) port=${2:?--port needs a number}; shift 2 ;;
    --screenshot) shot=${2:?--screenshot needs a file name}; shift 2 ;;
    --query) query=${2:?--query needs settings like pyramid=vec4}; shift 2 ;;
    -h|--help) sed -n '2,3p' "$0"; exit 0 ;;
    *) echo "run.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
"$root/scripts/build-web.sh" >/dev/null
site="$root/build/web/site"
if [ -n "$shot" ]; then
  case "$shot" in /*) ;; *) shot="$PWD/$shot" ;; esac
  exec node "$root/tests/browser/screenshot.mjs" "$site" "$shot" --query "$query"
fi
echo "Histopyramid demo: http://localhost:$port/ (Ctrl-C stops)"
exec node "$root/tests/browser/serve.mjs" "$site" "$port"
