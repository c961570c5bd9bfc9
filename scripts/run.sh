#!/usr/bin/env bash
# Builds the web app and serves it:      scripts/run.sh [--port N]      (default 8080)
# or renders it headless into a PNG:     scripts/run.sh --screenshot FILE [--query 'pyramid=vec4']
# The page is served as soon as it is built; the DICOM reader (GDCM for wasm, several minutes the
# first time) is built after, in the background (build/web/dicom-build.log): a DICOM folder
# dropped before it is there gets a message saying so.
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
t0=$SECONDS
"$root/scripts/build-web.sh" --page >/dev/null
site="$root/build/web/site"
[ $((SECONDS - t0)) -lt 5 ] || echo "[run] the page is built: $((SECONDS - t0)) s" >&2
if [ -n "$shot" ]; then
  case "$shot" in /*) ;; *) shot="$PWD/$shot" ;; esac
  exec node "$root/tests/browser/screenshot.mjs" "$site" "$shot" --query "$query"
fi
# The DICOM reader: built (or brought up to date, a second when it is) while the page is served.
[ -f "$site/dicom.wasm" ] || echo "[run] building the DICOM reader in the background (build/web/dicom-build.log)" >&2
( if "$root/scripts/build-web.sh" --dicom >"$root/build/web/dicom-build.log" 2>&1; then
    [ -n "$(grep -l 'Linking CXX executable.*dicom' "$root/build/web/dicom-build.log")" ] && echo "[run] the DICOM reader is built" >&2
  else echo "[run] the DICOM reader did not build: see build/web/dicom-build.log" >&2; fi ) &
echo "Histopyramid demo: http://localhost:$port/ (Ctrl-C stops)"
exec node "$root/tests/browser/serve.mjs" "$site" "$port"
