#!/usr/bin/env bash
# Builds everything (native, the page and the fuzzers' harnesses side by side) and runs every
# test: unit and native GPU tests (GoogleTest, the GPU tests on Mesa's EGL, and CTest's docs
# check), the fuzzers (3 s each), then the browser tests (puppeteer-core + headless Chromium) and
# the Firefox ESR and WebKitGTK tiers (under Xvfb), each case's line as it finishes. Ends with
# one line "N passed, N failed, N skipped" (a skipped case says why on its line); exits non-zero
# on any failure. Between them, the page's types: tsc --noEmit over web/ (its JSDoc types; one
# check, failed by any error).
#   --quick: the fuzzers only replay their seeds and the browser runs one case of each kind
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
quick=(); fuzz_secs=3 engine_cases=''
[ "${1:-}" = --quick ] && quick=(--quick) && fuzz_secs=0 && engine_cases='^loads'
# --test-tier: also what only the tests need (third-party volume writers and mesh readers).
t0=$SECONDS
"$root/scripts/setup.sh" --test-tier || { echo "0 passed, 1 failed, 0 skipped"; exit 1; }
echo "[setup] the test tier's setup: $((SECONDS - t0)) s"
source "${HP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/histopyramid-demo}/env.sh"

# The fuzzers: the dicom harness runs over GDCM built with ASan, which scripts/fuzz.sh builds
# (several minutes, once): the suite runs it where that build is cached, and says so where not.
fuzzers=(png_atlas settings volume label_table json)
gdcm_fuzz_cached=0
if [ -f "${HP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/histopyramid-demo}/gdcm-fuzz-$HP_GDCM_KEY/lib/libgdcmMSFF.a" ]; then
  fuzzers+=(dicom) gdcm_fuzz_cached=1
fi

# The three builds side by side (each alone leaves part of the two cores idle, at its links
# most): native, the page, and the fuzzers' harnesses (a harness that does not build fails in
# the fuzzing below). Each one's output once all have ended, in that order, with its time (and
# in build/logs/).
build() {  # build NAME LOG COMMAND...: the output and the time into LOG, the status into LOG.rc
  local name=$1 log=$2 s=$SECONDS rc; shift 2
  "$@" >"$log" 2>&1; rc=$?
  echo "[build] $name: $((SECONDS - s)) s$([ $rc = 0 ] || echo ', failed')" >>"$log"; echo $rc >"$log.rc"
}
native_build() {
  cmake -S "$root" -B "$root/build/native" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null && cmake --build "$root/build/native"
}
build_failed=0
echo "== builds side by side: native, web, the fuzzers' harnesses"
t0=$SECONDS
mkdir -p "$root/build/logs"  # each build's output stays there too
blogs=("$root/build/logs/native-build.log" "$root/build/logs/web-build.log" "$root/build/logs/fuzz-build.log")
build native "${blogs[0]}" native_build &
build web "${blogs[1]}" "$root/scripts/build-web.sh" &
build "fuzzers' harnesses" "${blogs[2]}" "$root/scripts/fuzz.sh" --build "${fuzzers[@]}" &
wait
for i in 0 1 2; do
  cat "${blogs[$i]}"
  [ $i = 2 ] || [ "$(cat "${blogs[$i]}.rc")" = 0 ] || build_failed=1
  rm -f "${blogs[$i]}.rc"
done
echo "[build] the three side by side: $((SECONDS - t0)) s"
if [ $build_failed = 1 ]; then echo "0 passed, 1 failed, 0 skipped"; exit 1; fi

passed=0 failed=0 skipped=0
# The unit and native GPU tests: each GoogleTest binary runs whole, the GPU tests in two shards
# side by side (CTest would start a process, and an EGL display, for each of ~290 tests: twice
# the time), and CTest runs the rest (the docs' paths). `ctest` alone still runs every test one
# by one, by name. A binary that ends without GoogleTest's summary (a crash) fails.
echo "== unit and native GPU tests (GoogleTest; the GPU tests on Mesa's EGL in two shards) and CTest's docs check"
t0=$SECONDS
native="$root/build/native"
gt_logs=(); for i in 0 1 2 3; do gt_logs+=("$(mktemp)"); done
"$native/unit_tests" --gtest_brief=1 >"${gt_logs[0]}" 2>&1 &
for s in 0 1; do
  GTEST_TOTAL_SHARDS=2 GTEST_SHARD_INDEX=$s "$native/gpu_tests" --gtest_brief=1 >"${gt_logs[$((s + 1))]}" 2>&1 &
done
(cd "$native" && ctest --output-on-failure -E '^(unit|gpu)[.]') >"${gt_logs[3]}" 2>&1
ctest_rc=$?
wait
native_time=$((SECONDS - t0))
native_cases=0
for log in "${gt_logs[@]:0:3}"; do
  ran=$(sed -nE 's/^\[==========\] ([0-9]+) tests? from .* ran\..*/\1/p' "$log" | tail -1)
  if [ -z "$ran" ]; then
    echo "FAIL a GoogleTest binary ended without its summary:"; tail -20 "$log"; failed=$((failed + 1)); continue
  fi
  # --gtest_brief prints no "N tests, listed below" summary: the failures and skips are the lines
  # of each such test (with its time), and what passed is the PASSED line's count.
  bad=$(grep -cE '^\[  FAILED  \] [^ ]+ \([0-9]+ ms\)$' "$log")
  skip=$(grep -cE '^\[  SKIPPED \] [^ ]+ \([0-9]+ ms\)$' "$log")
  good=$(sed -nE 's/^\[  PASSED  \] ([0-9]+) tests?\..*/\1/p' "$log" | tail -1)
  [ "$((ran - ${good:-0} - bad - skip))" = 0 ] || { echo "FAIL the counts of $log do not add up"; bad=$((bad + 1)); }
  [ "${bad:-0}${skip:-0}" = 00 ] || grep -v '^Running main' "$log"  # --gtest_brief: the failures and skips alone
  passed=$((passed + ran - ${bad:-0} - ${skip:-0})) failed=$((failed + ${bad:-0})) skipped=$((skipped + ${skip:-0}))
  native_cases=$((native_cases + ran))
done
ctest_total=$(sed -nE 's/.*tests passed, ([0-9]+) tests? failed out of ([0-9]+).*/\2/p' "${gt_logs[3]}")
ctest_bad=$(sed -nE 's/.*tests passed, ([0-9]+) tests? failed out of ([0-9]+).*/\1/p' "${gt_logs[3]}")
if [ -n "$ctest_total" ]; then
  passed=$((passed + ctest_total - ctest_bad)) failed=$((failed + ctest_bad)) native_cases=$((native_cases + ctest_total))
  [ "$ctest_bad" = 0 ] || cat "${gt_logs[3]}"
else
  echo "FAIL CTest (rc $ctest_rc):"; tail -20 "${gt_logs[3]}"; failed=$((failed + 1))
fi
echo "$native_cases native tests: $((SECONDS - t0)) s"
rm -f "${gt_logs[@]}"

if [ $gdcm_fuzz_cached = 0 ]; then
  echo "skip fuzz dicom: GDCM with ASan is not built here (scripts/fuzz.sh $fuzz_secs dicom builds it once, then the suite runs it)"
  skipped=$((skipped + 1))
fi
echo "== fuzzing (libFuzzer, ASan + UBSan; scripts/fuzz.sh $fuzz_secs ${fuzzers[*]})"
t0=$SECONDS
out=$("$root/scripts/fuzz.sh" "$fuzz_secs" "${fuzzers[@]}" 2>&1)
fuzz_time=$((SECONDS - t0))
echo "$out"
ok=$(echo "$out" | grep -c '^ok   fuzz') bad=$(echo "$out" | grep -c '^FAIL fuzz')
passed=$((passed + ok)) failed=$((failed + bad))
[ $((ok + bad)) -gt 0 ] || failed=$((failed + 1))

# A browser runner's lines are shown as they come and kept in a log (logged LOG COMMAND...);
# once it has ended, count LOG adds its summary line to the counts (a runner that gave none
# failed) and keeps its "time: TIER FILE CASES SECONDS" lines for the table at the end.
summary_re='^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$'
times=$(mktemp)
echo "time: native gtest+ctest $native_cases $native_time" >>"$times"  # three at a time: its wall time
echo "time: native fuzzers $((ok + bad)) $fuzz_time" >>"$times"
logged() { local log=$1; shift; "$@" 2>&1 | tee "$log" | grep --line-buffered -v -E "$summary_re|^time: "; }
count() {
  local line p f s
  grep -E '^time: ' "$1" >>"$times"
  line=$(grep -E "$summary_re" "$1" | tail -1)
  if [ -n "$line" ]; then
    read -r p _ f _ s _ <<<"$line"
    passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
  else
    failed=$((failed + 1))
  fi
}

# The page's types: tsc --noEmit over web/, its JSDoc types checked (scripts/check-types.sh).
echo "== the page's types (tsc --noEmit over web/)"
t0=$SECONDS
if "$root/scripts/check-types.sh"; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
echo "time: page types 1 $((SECONDS - t0))" >>"$times"

# The browser tests: headless Chromium (run.mjs), Firefox ESR (WebDriver BiDi) and WebKitGTK
# (WebDriver) under Xvfb. One runner leaves part of two cores idle, so two run side by side:
# Chromium's group 1 then Firefox then WebKit, and Chromium's group 2 (run.mjs says which kinds
# are where; the GPU crash cases, which slow their own browser, among them).
chromium() { node "$root/tests/browser/run.mjs" "$root/build/web/site" "${quick[@]}" "$@"; }
engine() { (cd "$root/tests/browser" && exec xvfb-run -a -s "-screen 0 1280x800x24" node "$1.mjs" "$root/build/web/site" "$engine_cases"); }
logs=(); for i in 1 2 3 4; do logs+=("$(mktemp)"); done
echo "== browser tests, two runners side by side: Chromium (group 1), Firefox, WebKit | Chromium (group 2)"
{ logged "${logs[0]}" chromium --group=1; logged "${logs[2]}" engine firefox; logged "${logs[3]}" engine webkit; } &
logged "${logs[1]}" chromium --group=2 &
wait
for log in "${logs[@]}"; do count "$log"; done
rm -f "${logs[@]}"

# The suite's time: the sum of the cases' own times per case file, CTest and the fuzzers
# (docs/tests.md keeps this table from the last clean-clone run).
echo "== time (s), the sum of the cases' own times (two browser runners at once: more than the wall time)"
sort -t' ' -k5 -n -r "$times" | awk '{ printf "%8.1f  %-9s %-12s %4d cases\n", $5, $2, $3, $4; total += $5 }
  END { printf "%8.1f  all of the above\n", total }'
rm -f "$times"

echo "wall time: $((SECONDS / 60)) min $((SECONDS % 60)) s (setup and builds included)"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]
