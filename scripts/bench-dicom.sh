#!/usr/bin/env bash
# The DICOM benchmark on this machine: a CT-like series of 256 slices of 512² int16, JPEG lossless
# (made once by tests/dicom/make_series.py and gdcmconv, cached), opened through the folder picker
# and by URLs in headless Chromium, beside `gdcmconv --raw` natively (bench/drivers/bench-dicom.mjs
# says how each is timed). Needs the test tier (scripts/setup.sh --test-tier: pydicom, gdcmconv).
# The GPU machine runs the same page plan: scripts/bench-gpu.sh.
#   scripts/bench-dicom.sh [RUNS]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh" --test-tier
"$root/scripts/build-web.sh" >/dev/null
cache=${HP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/histopyramid-demo}
data="$cache/bench-dicom/ct-512x512x256-jpeg-lossless"
if [ ! -f "$data/.complete" ]; then
  echo "[bench] writing the series (256 slices of 512², int16) and re-encoding it JPEG lossless (about a minute, once)" >&2
  rm -rf "$data" "$data.raw"
  /usr/bin/python3 "$root/tests/dicom/make_series.py" "$data.raw" \
    '{"dims": [512, 512, 256], "type": "int16", "bits": 12, "highNoise": false, "intercept": -1024, "spacing": [0.7, 0.7, 0.8], "description": "bench CT"}'
  mkdir -p "$data"
  ls "$data.raw" | grep '\.dcm$' | xargs -P 2 -I{} gdcmconv --jpeg -i "$data.raw/{}" -o "$data/{}"
  rm -rf "$data.raw"
  touch "$data/.complete"
fi
mkdir -p "$root/bench/results"
name="$(date +%Y-%m-%d)-$(hostname -s | tr -c 'A-Za-z0-9_\n-' '_')-dicom"
node "$root/bench/drivers/bench-dicom.mjs" "$root/build/web/site" "$data" "$root/bench/results/$name.json" "$@"
