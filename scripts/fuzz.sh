#!/usr/bin/env bash
# Builds the libFuzzer harnesses of tests/fuzz/ (clang-14, ASan + UBSan) into build/fuzz and
# runs each for SECONDS (default 60; a harness a core at once), starting from the committed seeds
# (tests/fuzz/corpus/) and what earlier runs found (build/fuzz/corpus/, kept between runs).
# SECONDS 0 only replays the seeds; --build in its place builds the harnesses named and runs
# nothing (scripts/test.sh builds them beside its other builds). One line per harness
# ("ok   fuzz NAME: N executions ..." or "FAIL fuzz NAME: ...", the input that broke it kept in
# build/fuzz/findings/); exits non-zero on a finding.
#   scripts/fuzz.sh [SECONDS] [NAME...]      NAME: png_atlas, settings, volume, label_table, json, dicom,
#                                            dicom_decode
#                                            (default: all but dicom_decode)
# The dicom harnesses run our glue over GDCM, built here once with ASan (about 3 minutes, cached
# beside the wasm build by scripts/setup.sh's source): dicom the parse and the plan, dicom_decode
# the pixel data and the codecs too. dicom_decode still finds GDCM 3.0.21's own bugs within
# seconds (docs/tests.md lists them): it runs when named, not by default.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
secs=${1:-60}
shift || true
build_only=0; [ "$secs" = --build ] && build_only=1 && secs=0
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(png_atlas settings volume label_table json dicom)
out="$root/build/fuzz"
cache=${HP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/histopyramid-demo}
source "$cache/env.sh"
gdcm_fuzz="$cache/gdcm-fuzz-$HP_GDCM_KEY"  # keyed as the wasm build: a change of our patch rebuilds it
# GDCM with ASan only for a dicom harness asked for (the others never link it): several minutes.
wants_gdcm=0
for name in "${names[@]}"; do case $name in dicom*) wants_gdcm=1;; esac; done
[ $wants_gdcm = 1 ] || [ -f "$gdcm_fuzz/lib/libgdcmMSFF.a" ] || gdcm_fuzz=''
if [ -n "$gdcm_fuzz" ] && [ ! -f "$gdcm_fuzz/lib/libgdcmMSFF.a" ]; then
  echo "[fuzz] building GDCM 3.0.21 with ASan for the dicom harness (about 3 minutes, once)" >&2
  rm -rf "$cache/gdcm-fuzz-build"
  flags="-fsanitize=address,fuzzer-no-link -fno-omit-frame-pointer -g -O1"
  if ! { cmake -S "$HP_GDCM_SRC" -B "$cache/gdcm-fuzz-build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
           -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_C_FLAGS="$flags" \
           -DCMAKE_CXX_FLAGS="$flags" -DGDCM_BUILD_SHARED_LIBS=OFF -DGDCM_BUILD_APPLICATIONS=OFF \
           -DGDCM_BUILD_TESTING=OFF -DGDCM_BUILD_EXAMPLES=OFF -DGDCM_BUILD_DOCBOOK_MANPAGES=OFF \
           -DGDCM_DOCUMENTATION=OFF -DGDCM_WRAP_PYTHON=OFF -DGDCM_USE_VTK=OFF \
           -DCMAKE_INSTALL_PREFIX="$gdcm_fuzz" >"$cache/gdcm-fuzz-build.log" 2>&1 &&
         cmake --build "$cache/gdcm-fuzz-build" --target install >>"$cache/gdcm-fuzz-build.log" 2>&1; }; then
    echo "FAIL fuzz: GDCM does not build for the fuzzer ($cache/gdcm-fuzz-build.log)"
    exit 1
  fi
  rm -rf "$cache/gdcm-fuzz-build"
fi
if ! { cmake -S "$root/tests/fuzz" -B "$out" -G Ninja -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_C_COMPILER=clang-14 \
         -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHP_GDCM_FUZZ_DIR="$gdcm_fuzz" >/dev/null && cmake --build "$out" >/dev/null; }; then
  echo "FAIL fuzz: the harnesses do not build (cmake --build $out)"
  exit 1
fi
[ $build_only = 0 ] || exit 0
mkdir -p "$out/findings"
# Any allocation past 256 MiB is a finding (the loader's largest legal one is ~10 MiB here).
export ASAN_OPTIONS=allocator_may_return_null=0:detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# One harness: its line ("ok   fuzz NAME: ..." or "FAIL fuzz NAME: ...") into $out/NAME.result.
fuzz_one() {
  local name=$1 work="$out/corpus/$1" log="$out/$1.log" run rss t0 leaks rc execs
  mkdir -p "$work"
  if [ "$secs" = 0 ]; then run=(-runs=0); else run=(-max_total_time="$secs"); fi
  # GDCM leaks 48 bytes reading a file without its meta header (gdcm::ReadImplicitDataElement via
  # FileMetaInformation::ReadCompat): not ours to fix, so leaks are not looked for in the dicom
  # harness; and libFuzzer's entropic schedule over GDCM's 68,000 counters took a third of the time.
  # GDCM's leaks also grow the process by ~2 GiB over a million inputs: a larger RSS limit there.
  rss=2048
  case $name in dicom*) run+=(-detect_leaks=0 -entropic=0); rss=6144;; esac
  t0=$(date +%s)
  leaks=1; case $name in dicom*) leaks=0;; esac
  ASAN_OPTIONS=allocator_may_return_null=0:detect_leaks=$leaks "$out/fuzz_$name" "${run[@]}" -max_len=65536 -rss_limit_mb=$rss -malloc_limit_mb=256 -timeout=10 \
    -print_final_stats=1 -artifact_prefix="$out/findings/$name-" "$work" "$root/tests/fuzz/corpus/${name%_decode}" >"$log" 2>&1
  rc=$?
  execs=$(grep -aEo 'stat::number_of_executed_units: [0-9]+' "$log" | tail -1 | grep -Eo '[0-9]+$' || echo 0)
  if [ $rc = 0 ]; then
    echo "ok   fuzz $name: $execs executions in $(( $(date +%s) - t0 )) s, no finding"
  else
    echo "FAIL fuzz $name: $(grep -aE 'ERROR:|runtime error|invariant broken|Test unit written' "$log" | head -3 | tr '\n' ' ')(log: $log)"
  fi >"$out/$name.result"
}
# A harness a core (each is one process, one thread), their lines in the order asked.
cores=$(nproc)
for name in "${names[@]}"; do
  rm -f "$out/$name.result"
  fuzz_one "$name" &
  while [ "$(jobs -rp | wc -l)" -ge "$cores" ]; do wait -n; done
done
wait
status=0
for name in "${names[@]}"; do
  cat "$out/$name.result" 2>/dev/null || echo "FAIL fuzz $name: no result (log: $out/$name.log)"
  grep -q '^ok ' "$out/$name.result" 2>/dev/null || status=1
done
exit $status
