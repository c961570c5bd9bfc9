#!/usr/bin/env bash
# Installs what the build and the tests need, idempotently, in three tiers:
#   scripts/setup.sh               what the page needs (scripts/run.sh, scripts/build-web.sh):
#                                  Debian's Emscripten 3.1.6, Chromium (for --screenshot), glm, stb,
#                                  cmake, ninja; SDL2 2.26.5, Dear ImGui 1.86 and meshoptimizer 0.18
#                                  from Debian source packages (SDL2 and ImGui compiled once into
#                                  the cache, meshoptimizer into each build); puppeteer-core,
#                                  pngjs, pixelmatch from npm;
#                                  the three sample scans
#   scripts/setup.sh --dicom       that, and GDCM 3.0.21 for wasm (the DICOM reader: dicom.js), built
#                                  once into the cache (scripts/run.sh builds it after the page is served)
#   scripts/setup.sh --test-tier   that, and what only the tests need: EGL/GLES and GoogleTest for the
#                                  native tests, clang-14 with libFuzzer for scripts/fuzz.sh, the
#                                  third-party readers and writers, Firefox ESR, WebKitGTK, Xvfb,
#                                  TypeScript (scripts/check-types.sh)
# Each step that does something prints its own time; with everything there a run takes a second or two.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cache=${HP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/histopyramid-demo}
mkdir -p "$cache"
tier=page
case "${1:-}" in
  "") ;;
  --dicom) tier=dicom ;;
  --test-tier) tier=test ;;
  *) echo "setup.sh: unknown argument '$1' (--dicom or --test-tier)" >&2; exit 2 ;;
esac
log() { printf '[setup] %s\n' "$*" >&2; }
sudo_() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
# timed WHAT COMMAND...: runs a step that has work to do and says how long it took.
timed() {
  local what=$1 t0=$SECONDS; shift
  log "$what ..."
  "$@"
  log "$what: $((SECONDS - t0)) s"
}

# --- Debian packages -----------------------------------------------------------------------
page_pkgs=(emscripten node-acorn libglm-dev libstb-dev chromium cmake ninja-build dpkg-dev pkgconf patch zlib1g-dev)
native_pkgs=(libegl-dev libgles-dev libegl-mesa0 libgl1-mesa-dri g++ libgtest-dev clang-14 libclang-rt-14-dev llvm-14)
# Writers of volume files no one here wrote (nibabel for NIfTI, teem for NRRD, VTK for VTK and
# MetaImage), readers and checkers of mesh files (admesh, VTK; for 3MF lib3mf, the 3MF
# Consortium's library, and PrusaSlicer's command line, about 100 MB), writers and converters of
# DICOM (pydicom, GDCM's gdcmconv, dcm2niix), and Firefox ESR and WebKitGTK (its MiniBrowser and
# WebKitWebDriver) with Xvfb for the other engines: without their recommends.
reader_pkgs=(python3-nibabel teem-apps python3-vtk9 admesh lib3mf-dev prusa-slicer python3-pydicom libgdcm-tools
             dcm2niix firefox-esr webkit2gtk-driver xvfb xauth)
missing_of() { local p; for p in "$@"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || echo "$p"; done; }
apt_updated=0
apt_install() {  # apt_install [--no-install-recommends] PACKAGE...
  [ $apt_updated = 1 ] || { sudo_ apt-get update -qq; apt_updated=1; }
  DEBIAN_FRONTEND=noninteractive sudo_ apt-get install -y -qq "$@" >/dev/null
}
# apt-get source needs a deb-src entry: added before the packages' apt-get update, so that one
# update serves both on a fresh machine.
add_deb_src() {
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
  fi
}
gdcm_patch="$root/scripts/patches/gdcm-3.0.21.patch"
gdcm_applied="$cache/src/gdcm-3.0.21/.hp-applied.patch"
need_gdcm_src=0
[ $tier = page ] || cmp -s "$gdcm_patch" "$gdcm_applied" || need_gdcm_src=1
if [ ! -d "$cache/src/SDL2-2.26.5" ] || [ ! -d "$cache/src/imgui-1.86" ] || [ ! -d "$cache/src/meshoptimizer-0.18" ] ||
   [ $need_gdcm_src = 1 ]; then add_deb_src; fi
missing=($(missing_of "${page_pkgs[@]}"))
if [ $tier = test ]; then missing+=($(missing_of "${native_pkgs[@]}")); fi
[ ${#missing[@]} -eq 0 ] || timed "installing Debian packages (${missing[*]})" apt_install "${missing[@]}"
if [ $tier = test ]; then
  missing=($(missing_of "${reader_pkgs[@]}"))
  [ ${#missing[@]} -eq 0 ] ||
    timed "installing the test tier's Debian packages (${missing[*]})" apt_install --no-install-recommends "${missing[@]}"
fi

# --- third-party sources from Debian source packages -------------------------------------------
fetch_source() { # $1 = source package, $2 = folder name it unpacks to
  local dir="$cache/src/$2"
  [ -d "$dir" ] && return 0
  [ $apt_updated = 1 ] || { sudo_ apt-get update -qq; apt_updated=1; }
  mkdir -p "$cache/src/tmp-$1" && (cd "$cache/src/tmp-$1" && apt-get source -qq "$1" >/dev/null 2>&1)
  local got; got=$(find "$cache/src/tmp-$1" -mindepth 1 -maxdepth 1 -type d -print -quit)
  [ -n "$got" ] || { log "apt-get source $1 failed"; exit 1; }
  mv "$got" "$dir" && rm -rf "$cache/src/tmp-$1"
  log "fetched $1 into $dir"
}
fetch_page_sources() {
  fetch_source libsdl2 SDL2-2.26.5
  [ -f "$cache/src/SDL2-2.26.5/include/SDL_config_emscripten.h" ] || { log "SDL2 source incomplete"; exit 1; }
  fetch_source imgui imgui-1.86
  [ -f "$cache/src/imgui-1.86/imgui.cpp" ] || { log "imgui source incomplete"; exit 1; }
  fetch_source meshoptimizer meshoptimizer-0.18
  [ -f "$cache/src/meshoptimizer-0.18/src/simplifier.cpp" ] || { log "meshoptimizer source incomplete"; exit 1; }
}
[ -d "$cache/src/SDL2-2.26.5" ] && [ -d "$cache/src/imgui-1.86" ] && [ -d "$cache/src/meshoptimizer-0.18" ] ||
  timed "fetching SDL2, Dear ImGui and meshoptimizer (Debian source packages)" fetch_page_sources

# GDCM (the DICOM reader's library, --dicom and the test tier), with our fixes to it
# (scripts/patches/gdcm-3.0.21.patch says which), applied once to a fresh copy of the source: a
# changed patch (or a tree without the mark) fetches the source again.
fetch_gdcm() {
  rm -rf "$cache/src/gdcm-3.0.21"
  fetch_source gdcm gdcm-3.0.21
  [ -f "$cache/src/gdcm-3.0.21/Source/MediaStorageAndFileFormat/gdcmImageReader.h" ] || { log "GDCM source incomplete"; exit 1; }
  patch -d "$cache/src/gdcm-3.0.21" -p1 -s -f <"$gdcm_patch" || { log "cannot apply $gdcm_patch"; exit 1; }
  cp "$gdcm_patch" "$gdcm_applied"
}
if [ $need_gdcm_src = 1 ]; then
  timed "fetching GDCM 3.0.21 (Debian source package) and applying $(basename "$gdcm_patch")" fetch_gdcm
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
# Debian's emcc runs "${EMSDK_PYTHON:-python3}": name Debian's python, so that each of the
# thousands of emcc calls of a build (and of CMake's try-compiles) skips a version manager's
# shim in PATH (pyenv's cost 0.7 s of CPU a call here).
export EM_CONFIG="$em_config" NODE_PATH=/usr/share/nodejs EMSDK_PYTHON=/usr/bin/python3

# --- SDL2 and Dear ImGui for wasm, built once (every tier: the page links them):
# cmake/sdl2/CMakeLists.txt and cmake/imgui/CMakeLists.txt, each one's key its recipe and the
# compiler's version, so that a clean clone's build compiles our code alone.
# (sed reads all of emcc's lines: `head -1` could exit first, and emcc's SIGPIPE under pipefail
# ended this script without a word, as two builds at once showed.)
emcc_version=$(emcc --version 2>/dev/null | sed -n 1p)
# wasm_library NAME TITLE: cmake/NAME's library, installed into $cache/NAME-wasm-KEY (its folder
# printed); built there once, under a lock (several setups at once take turns).
wasm_library() {
  local name=$1 title=$2 key prefix build logf
  key=$( { cat "$root/cmake/$name/CMakeLists.txt"; echo "$emcc_version"; } | sha1sum | cut -c1-10)
  prefix="$cache/$name-wasm-$key" build="$cache/$name-wasm-build" logf="$cache/$name-wasm-build.log"
  if [ ! -f "$prefix/lib/libhp_$name.a" ]; then
    exec 8>"$cache/$name-wasm.lock"
    flock 8
    if [ ! -f "$prefix/lib/libhp_$name.a" ]; then
      local t=$SECONDS
      log "building $title for wasm (once) ..."
      rm -rf "$build"
      { emcmake cmake -S "$root/cmake/$name" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
          -DHP_SDL2_SRC="$cache/src/SDL2-2.26.5" -DHP_IMGUI_DIR="$cache/src/imgui-1.86" \
          -DCMAKE_INSTALL_PREFIX="$prefix" && cmake --build "$build" && cmake --install "$build"; } >"$logf" 2>&1 ||
        { log "$title does not build for wasm (see $logf)"; exit 1; }
      rm -rf "$build"
      log "building $title for wasm (once): $((SECONDS - t)) s"
    fi
    flock -u 8
    exec 8>&-
  fi
  echo "$prefix"
}
sdl2_prefix=$(wasm_library sdl2 "SDL2 2.26.5") || exit 1
imgui_prefix=$(wasm_library imgui "Dear ImGui 1.86") || exit 1

# --- GDCM for wasm, built once (--dicom and the test tier): the DICOM reader, a second wasm
# program the page loads only when it meets DICOM (app/dicom/). Its own codecs (IJG JPEG
# 8/12/16-bit, CharLS, OpenJPEG, RLE, zlib) come with it; C++ exceptions on, as GDCM needs.
# Several setups at once (scripts/run.sh builds it in the background) take turns through a lock.
gdcm_opts=(-DCMAKE_BUILD_TYPE=Release -DGDCM_BUILD_SHARED_LIBS=OFF -DGDCM_BUILD_APPLICATIONS=OFF
  -DGDCM_BUILD_TESTING=OFF -DGDCM_BUILD_EXAMPLES=OFF -DGDCM_BUILD_DOCBOOK_MANPAGES=OFF
  -DGDCM_DOCUMENTATION=OFF -DGDCM_WRAP_PYTHON=OFF -DGDCM_USE_VTK=OFF -DCMAKE_CXX_FLAGS=-fexceptions)
gdcm_key=$( { printf '%s ' 3.0.21 "${gdcm_opts[@]}"; cat "$gdcm_patch"; } | sha1sum | cut -c1-10)
gdcm_prefix="$cache/gdcm-wasm-$gdcm_key"
build_gdcm() {
  local build="$cache/gdcm-wasm-build" logf="$cache/gdcm-wasm-build.log"
  rm -rf "$build"
  { emcmake cmake -S "$cache/src/gdcm-3.0.21" -B "$build" -G Ninja "${gdcm_opts[@]}" -DCMAKE_INSTALL_PREFIX="$gdcm_prefix" &&
    cmake --build "$build" && cmake --install "$build"; } >"$logf" 2>&1 ||
    { log "GDCM does not build for wasm (see $logf)"; exit 1; }
  rm -rf "$build"
}
if [ $tier != page ] && [ ! -f "$gdcm_prefix/lib/libgdcmMSFF.a" ]; then
  exec 9>"$cache/gdcm-wasm.lock"
  flock 9
  [ -f "$gdcm_prefix/lib/libgdcmMSFF.a" ] || timed "building GDCM 3.0.21 for wasm (once)" build_gdcm
  flock -u 9
fi

# --- glm and stb through a folder of symlinks (never -I/usr/include for emcc) ----------------
inc="$cache/include"
mkdir -p "$inc"
[ -e "$inc/glm" ] || ln -s /usr/include/glm "$inc/glm"
for h in stb_image.h stb_image_write.h; do [ -e "$inc/$h" ] || ln -s "/usr/include/stb/$h" "$inc/$h"; done

# --- npm packages: puppeteer-core for --screenshot and the browser tests, pngjs, pixelmatch --------
npm_in() { (cd "$1" && npm install --no-audit --no-fund --loglevel=error >/dev/null) && touch "$1/node_modules/.hp-installed"; }
if [ ! -f "$root/tests/browser/node_modules/.hp-installed" ] \
   || [ "$root/tests/browser/package.json" -nt "$root/tests/browser/node_modules/.hp-installed" ]; then
  timed "installing npm packages (puppeteer-core, pngjs, pixelmatch)" npm_in "$root/tests/browser"
fi

# --- the samples: a real CT, a real MRI and a label map, fetched here, never committed -------
# A fetch that fails is said and left out (the page then offers what is there, the phantom at
# least); scripts/make-samples.py converts and lists them (samples.json), once.
fetched="$cache/samples-src" samples="$cache/samples"
mkdir -p "$fetched"
fetch_samples() {
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
}
if [ ! -f "$fetched/Cranium.inv3" ] || [ ! -f "$fetched/mni152.nii.gz" ] || [ ! -f "$fetched/aal.nii.gz" ] ||
   [ ! -f "$fetched/aal.nii.txt" ] || [ ! -f "$samples/samples.json" ]; then
  timed "fetching and making the sample scans" fetch_samples
else
  /usr/bin/python3 "$root/scripts/make-samples.py" "$fetched" "$samples" || log "the samples could not be made"
fi

# --- the test tier's npm packages: three.js's loaders and the Khronos glTF validator, which read
# the mesh files back, and TypeScript with the WebGPU types, which checks the page's types
# (scripts/check-types.sh; the test tier's Debian packages are installed above) ---------------
if [ $tier = test ] && { [ ! -f "$root/tests/node_modules/.hp-installed" ] ||
                         [ "$root/tests/package.json" -nt "$root/tests/node_modules/.hp-installed" ]; }; then
  timed "installing the test tier's npm packages (three.js, gltf-validator, typescript)" npm_in "$root/tests"
fi

# What the build scripts read: written aside and moved in place, so that a script sourcing it
# while another setup runs (scripts/test.sh builds three things at once) never reads half of it.
cat > "$cache/env.sh.$$" <<ENV
export EM_CONFIG="$em_config"
export NODE_PATH=/usr/share/nodejs
export EMSDK_PYTHON=/usr/bin/python3
export HP_SDL2_SRC="$cache/src/SDL2-2.26.5"
export HP_SDL2_LIB="$sdl2_prefix/lib/libhp_sdl2.a"
export HP_IMGUI_LIB="$imgui_prefix/lib/libhp_imgui.a"
export HP_IMGUI_DIR="$cache/src/imgui-1.86"
export HP_MESHOPT_DIR="$cache/src/meshoptimizer-0.18"
export HP_GDCM_WASM_DIR="$gdcm_prefix"
export HP_GDCM_SRC="$cache/src/gdcm-3.0.21"
export HP_GDCM_KEY="$gdcm_key"
export HP_THIRD_PARTY_INCLUDE="$inc"
export HP_SAMPLES="$samples"
ENV
mv -f "$cache/env.sh.$$" "$cache/env.sh"
[ "${HP_SETUP_VERBOSE:-0}" = 1 ] && log "ready ($cache)"
exit 0
