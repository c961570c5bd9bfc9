#!/usr/bin/env bash
# Installs everything the build and the tests need, idempotently:
#   - Debian packages (Emscripten 3.1.6, Chromium, glm, stb, EGL/GLES, GoogleTest, cmake, ninja,
#     clang-14 with libFuzzer and the sanitizers for scripts/fuzz.sh)
#   - SDL2 2.26.5, Dear ImGui 1.86, meshoptimizer 0.18 and GDCM 3.0.21 from Debian source packages
#     (SDL2 and GDCM built for wasm once and cached outside the build tree, keyed by version and
#     options; meshoptimizer's simplifier compiled into both builds by CMakeLists.txt)
#   - puppeteer-core, pngjs and pixelmatch from npm (tests/browser/node_modules)
# A second run with everything present takes about a second.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cache=${HP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/histopyramid-demo}
mkdir -p "$cache"
log() { printf '[setup] %s\n' "$*" >&2; }
sudo_() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# --- Debian packages -----------------------------------------------------------------------
pkgs=(emscripten node-acorn libglm-dev libstb-dev chromium libegl-dev libgles-dev libegl-mesa0
      libgl1-mesa-dri cmake ninja-build dpkg-dev pkgconf patch g++ libgtest-dev zlib1g-dev clang-14 libclang-rt-14-dev llvm-14)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
apt_updated=0
if [ ${#missing[@]} -gt 0 ]; then
  log "installing Debian packages: ${missing[*]}"
  sudo_ apt-get update -qq && apt_updated=1
  DEBIAN_FRONTEND=noninteractive sudo_ apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# --- third-party sources from Debian source packages -------------------------------------------
fetch_source() { # $1 = source package, $2 = folder name it unpacks to
  local dir="$cache/src/$2"
  [ -d "$dir" ] && return 0
  if ! ls /etc/apt/sources.list.d/*deb-src* >/dev/null 2>&1 \
     && ! grep -rqs '^Types:.*deb-src' /etc/apt/sources.list.d/ /etc/apt/sources.list; then
    log "adding a deb-src entry for Debian bookworm"
    sudo_ tee /etc/apt/sources.list.d/hp-deb-src.sources >/dev/null <<'SRC'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
    apt_updated=0
  fi
  [ $apt_updated = 1 ] || { sudo_ apt-get update -qq; apt_updated=1; }
  mkdir -p "$cache/src/tmp-$1" && (cd "$cache/src/tmp-$1" && apt-get source -qq "$1" >/dev/null 2>&1)
  local got; got=$(find "$cache/src/tmp-$1" -mindepth 1 -maxdepth 1 -type d | head -1)
  [ -n "$got" ] || { log "apt-get source $1 failed"; exit 1; }
  mv "$got" "$dir" && rm -rf "$cache/src/tmp-$1"
  log "fetched $1 into $dir"
}
fetch_source libsdl2 SDL2-2.26.5
fetch_source imgui imgui-1.86
[ -f "$cache/src/imgui-1.86/imgui.cpp" ] || { log "imgui source incomplete"; exit 1; }
fetch_source meshoptimizer meshoptimizer-0.18
[ -f "$cache/src/meshoptimizer-0.18/src/simplifier.cpp" ] || { log "meshoptimizer source incomplete"; exit 1; }
fetch_source gdcm gdcm-3.0.21
[ -f "$cache/src/gdcm-3.0.21/Source/MediaStorageAndFileFormat/gdcmImageReader.h" ] || { log "GDCM source incomplete"; exit 1; }
# Our fixes to it (scripts/patches/gdcm-3.0.21.patch says which), applied once to a fresh copy
# of the source: a changed patch (or a tree without the mark) fetches the source again.
gdcm_patch="$root/scripts/patches/gdcm-3.0.21.patch"
gdcm_applied="$cache/src/gdcm-3.0.21/.hp-applied.patch"
if ! cmp -s "$gdcm_patch" "$gdcm_applied"; then
  rm -rf "$cache/src/gdcm-3.0.21"
  fetch_source gdcm gdcm-3.0.21
  patch -d "$cache/src/gdcm-3.0.21" -p1 -s -f <"$gdcm_patch" || { log "cannot apply $gdcm_patch"; exit 1; }
  cp "$gdcm_patch" "$gdcm_applied"
  log "applied $(basename "$gdcm_patch") to a fresh copy of GDCM's source"
fi

# --- Emscripten config of our own (Debian's node can't see acorn, frozen cache) ---------------
em_config="$cache/emscripten_config.py"
if [ ! -f "$em_config" ]; then
  cat > "$em_config" <<'CFG'
import os
os.environ.setdefault('NODE_PATH', '/usr/share/nodejs')
LLVM_ROOT = '/usr/bin'
BINARYEN_ROOT = '/usr'
NODE_JS = '/usr/bin/node'
LLVM_ADD_VERSION = '14'
CLANG_ADD_VERSION = '14'
FROZEN_CACHE = True
CFG
fi
export EM_CONFIG="$em_config" NODE_PATH=/usr/share/nodejs

# A library from its source in $cache/src/SRC built for wasm once into PREFIX (about 3 minutes),
# unless PREFIX/MARK is there: wasm_build SRC PREFIX MARK CMAKE_OPTION...
wasm_build() {
  local src=$1 prefix=$2 mark=$3; shift 3
  [ -f "$prefix/$mark" ] && return 0
  log "building $src for wasm (about 3 minutes, once)"
  rm -rf "$cache/wasm-build"
  { emcmake cmake -S "$cache/src/$src" -B "$cache/wasm-build" -G Ninja "$@" -DCMAKE_INSTALL_PREFIX="$prefix" &&
    cmake --build "$cache/wasm-build" && cmake --install "$cache/wasm-build"; } >"$cache/$src-build.log" 2>&1 ||
    { log "$src does not build for wasm (see $cache/$src-build.log)"; exit 1; }
  rm -rf "$cache/wasm-build"
}

# --- SDL2 for wasm, built once ------------------------------------------------------------------
sdl_opts=(-DCMAKE_BUILD_TYPE=Release -DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_TEST=OFF -DSDL_AUDIO=OFF
  -DSDL_JOYSTICK=OFF -DSDL_HAPTIC=OFF -DSDL_HIDAPI=OFF -DSDL_SENSOR=OFF -DSDL_POWER=OFF
  -DSDL_RENDER=OFF -DSDL_LOCALE=OFF -DSDL_CCACHE=OFF -DCMAKE_TRY_COMPILE_TARGET_TYPE=STATIC_LIBRARY)
sdl_key=$(printf '%s ' 2.26.5 "${sdl_opts[@]}" | sha1sum | cut -c1-10)
sdl_prefix="$cache/sdl2-wasm-$sdl_key"
wasm_build SDL2-2.26.5 "$sdl_prefix" lib/cmake/SDL2/SDL2Config.cmake "${sdl_opts[@]}"

# --- GDCM for wasm, built once: the DICOM reader, a second wasm program the page loads only when
# it meets DICOM (app/dicom/). Its own codecs (IJG JPEG 8/12/16-bit, CharLS, OpenJPEG, RLE, zlib)
# come with it; C++ exceptions on, as GDCM needs.
gdcm_opts=(-DCMAKE_BUILD_TYPE=Release -DGDCM_BUILD_SHARED_LIBS=OFF -DGDCM_BUILD_APPLICATIONS=OFF
  -DGDCM_BUILD_TESTING=OFF -DGDCM_BUILD_EXAMPLES=OFF -DGDCM_BUILD_DOCBOOK_MANPAGES=OFF
  -DGDCM_DOCUMENTATION=OFF -DGDCM_WRAP_PYTHON=OFF -DGDCM_USE_VTK=OFF -DCMAKE_CXX_FLAGS=-fexceptions)
gdcm_key=$( { printf '%s ' 3.0.21 "${gdcm_opts[@]}"; cat "$gdcm_patch"; } | sha1sum | cut -c1-10)
gdcm_prefix="$cache/gdcm-wasm-$gdcm_key"
wasm_build gdcm-3.0.21 "$gdcm_prefix" lib/libgdcmMSFF.a "${gdcm_opts[@]}"

# --- glm and stb through a folder of symlinks (never -I/usr/include for emcc) ----------------
inc="$cache/include"
mkdir -p "$inc"
[ -e "$inc/glm" ] || ln -s /usr/include/glm "$inc/glm"
for h in stb_image.h stb_image_write.h; do [ -e "$inc/$h" ] || ln -s "/usr/include/stb/$h" "$inc/$h"; done

# --- npm packages for the browser tests -------------------------------------------------------
if [ ! -f "$root/tests/browser/node_modules/.hp-installed" ] \
   || [ "$root/tests/browser/package.json" -nt "$root/tests/browser/node_modules/.hp-installed" ]; then
  log "installing npm packages for the browser tests"
  (cd "$root/tests/browser" && npm install --no-audit --no-fund --loglevel=error >/dev/null)
  touch "$root/tests/browser/node_modules/.hp-installed"
fi

# --- the samples: a real CT, a real MRI and a label map, fetched here, never committed -------
# A fetch that fails is said and left out (the page then offers what is there, the phantom at
# least); scripts/make-samples.py converts and lists them (samples.json), once.
fetched="$cache/samples-src" samples="$cache/samples"
mkdir -p "$fetched"
if [ ! -f "$fetched/Cranium.inv3" ]; then
  tmp=$(mktemp -d)
  if (cd "$tmp" && { apt-get download -qq invesalius-examples >/dev/null 2>&1 ||
                     { sudo_ apt-get update -qq && apt-get download -qq invesalius-examples >/dev/null 2>&1; }; } &&
      dpkg-deb -x invesalius-examples_*.deb x &&
      cp x/usr/share/doc/invesalius-examples/copyright "$fetched/invesalius-copyright" &&
      cp x/usr/share/doc/invesalius-examples/examples/Cranium.inv3 "$fetched/"); then
    log "fetched the CT sample (Debian invesalius-examples, GPL-2)"
  else
    log "could not fetch Debian's invesalius-examples: the CT sample is left out"
  fi
  rm -rf "$tmp"
fi
if [ ! -f "$fetched/mni152.nii.gz" ]; then
  tmp=$(mktemp -d)
  if (cd "$tmp" && npm pack --silent @niivue/niivue@0.21.1 >/dev/null 2>&1 &&
      tar xzf niivue-niivue-0.21.1.tgz package/src/mni152.nii.gz package/LICENSE &&
      cp package/LICENSE "$fetched/niivue-LICENSE" && cp package/src/mni152.nii.gz "$fetched/"); then
    log "fetched the MRI sample (npm @niivue/niivue 0.21.1, MNI ICBM152)"
  else
    log "could not fetch npm @niivue/niivue@0.21.1: the MRI sample is left out"
  fi
  rm -rf "$tmp"
fi
# A label map: the AAL atlas (116 regions) as MRIcron ships it, with its table of names.
if [ ! -f "$fetched/aal.nii.gz" ] || [ ! -f "$fetched/aal.nii.txt" ]; then
  tmp=$(mktemp -d)
  if (cd "$tmp" && { apt-get download -qq mricron-data >/dev/null 2>&1 ||
                     { sudo_ apt-get update -qq && apt-get download -qq mricron-data >/dev/null 2>&1; }; } &&
      dpkg-deb -x mricron-data_*.deb x &&
      cp x/usr/share/doc/mricron-data/copyright "$fetched/mricron-data-copyright" &&
      cp x/usr/share/mricron/templates/aal.nii.txt "$fetched/aal.nii.txt.tmp" &&
      cp x/usr/share/mricron/templates/aal.nii.gz "$fetched/aal.nii.gz.tmp" &&
      mv "$fetched/aal.nii.txt.tmp" "$fetched/aal.nii.txt" && mv "$fetched/aal.nii.gz.tmp" "$fetched/aal.nii.gz"); then
    log "fetched the label-map sample (Debian mricron-data, the AAL atlas)"
  else
    rm -f "$fetched/aal.nii.gz.tmp" "$fetched/aal.nii.txt.tmp"
    log "could not fetch Debian's mricron-data: the AAL atlas sample is left out"
  fi
  rm -rf "$tmp"
fi
/usr/bin/python3 "$root/scripts/make-samples.py" "$fetched" "$samples" || log "the samples could not be made"

# --- the test tier (scripts/test.sh): what only the tests need ----------------------------
# Writers of volume files no one here wrote (nibabel for NIfTI, teem for NRRD, VTK for VTK and
# MetaImage), readers and checkers of mesh files (three.js's loaders, the Khronos glTF validator,
# admesh and VTK for the processed mesh), writers and converters of DICOM (pydicom, GDCM's
# gdcmconv, dcm2niix), and
# Firefox ESR and WebKitGTK (its MiniBrowser and WebKitWebDriver) with Xvfb for the other engines.
if [ "${1:-}" = --test-tier ]; then
  test_pkgs=(python3-nibabel teem-apps python3-vtk9 admesh python3-pydicom libgdcm-tools dcm2niix
             firefox-esr webkit2gtk-driver xvfb xauth)
  missing=()
  for p in "${test_pkgs[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    log "installing the test tier's Debian packages: ${missing[*]}"
    [ $apt_updated = 1 ] || sudo_ apt-get update -qq
    DEBIAN_FRONTEND=noninteractive sudo_ apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
  if [ ! -f "$root/tests/node_modules/.hp-installed" ] \
     || [ "$root/tests/package.json" -nt "$root/tests/node_modules/.hp-installed" ]; then
    log "installing the test tier's npm packages (three.js, gltf-validator)"
    (cd "$root/tests" && npm install --no-audit --no-fund --loglevel=error >/dev/null)
    touch "$root/tests/node_modules/.hp-installed"
  fi
fi

# What the build scripts read.
cat > "$cache/env.sh" <<ENV
export EM_CONFIG="$em_config"
export NODE_PATH=/usr/share/nodejs
export HP_SDL2_DIR="$sdl_prefix/lib/cmake/SDL2"
export HP_IMGUI_DIR="$cache/src/imgui-1.86"
export HP_MESHOPT_DIR="$cache/src/meshoptimizer-0.18"
export HP_GDCM_WASM_DIR="$gdcm_prefix"
export HP_GDCM_SRC="$cache/src/gdcm-3.0.21"
export HP_GDCM_KEY="$gdcm_key"
export HP_THIRD_PARTY_INCLUDE="$inc"
export HP_SAMPLES="$samples"
ENV
[ "${HP_SETUP_VERBOSE:-0}" = 1 ] && log "ready ($cache)"
exit 0
