#!/usr/bin/env bash
# Bundles the Mol* isosurface harness (bench/molstar/entry.js: window.hpMolstar) into
# build/molstar/molstar-iso.js, one minified browser script, for the in-page benchmark.
# Mol* and esbuild, pinned in bench/molstar/package.json and package-lock.json, are installed
# with npm into the cache (never into the repository) and again only when the lock changes;
# the bundle is rebuilt only when it is older than what it is made from.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cache="${HP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/histopyramid-demo}/molstar"
src="$root/bench/molstar"
out="$root/build/molstar/molstar-iso.js"

mkdir -p "$cache"
if ! cmp -s "$src/package-lock.json" "$cache/installed-lock.json" || [ ! -x "$cache/node_modules/.bin/esbuild" ]; then
  cp "$src/package.json" "$src/package-lock.json" "$cache/"
  # Mol*'s peer dependencies (React, node-canvas, gl) serve its apps and Node rendering, not
  # this bundle; its install scripts are not needed either. Its engines field asks for Node 22,
  # which only its command-line tools need.
  (cd "$cache" && npm ci --legacy-peer-deps --ignore-scripts --no-audit --no-fund --loglevel=error)
  cp "$src/package-lock.json" "$cache/installed-lock.json"
fi

if [ ! -f "$out" ] || [ "$src/entry.js" -nt "$out" ] || [ "$cache/installed-lock.json" -nt "$out" ]; then
  mkdir -p "$(dirname "$out")"
  # NODE_PATH lets esbuild find 'molstar/lib/...' in the cache from an entry outside it.
  NODE_PATH="$cache/node_modules" "$cache/node_modules/.bin/esbuild" "$src/entry.js" --bundle \
    --format=iife --platform=browser --target=es2020 --minify --legal-comments=none \
    --log-level=warning --outfile="$out"
fi
echo "Mol* $(node -p "require('$cache/node_modules/molstar/package.json').version") harness: $out ($(( $(stat -c %s "$out") / 1024 )) KiB)"
