#!/usr/bin/env bash
# Builds the libFuzzer harnesses of tests/fuzz/ (clang-14, ASan + UBSan) into build/fuzz and
# runs each for SECONDS (default 60), starting from the committed seeds (tests/fuzz/corpus/)
# and what earlier runs found (build/fuzz/corpus/, kept between runs). SECONDS 0 only replays
# the seeds. One line per harness ("ok   fuzz NAME: N executions ..." or "FAIL fuzz NAME: ...",
# the input that broke it kept in build/fuzz/findings/); exits non-zero on a finding.
#   scripts/fuzz.sh [SECONDS] [NAME...]      NAME: png_atlas, settings, volume (default: all)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
secs=${1:-60}
shift || true
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(png_atlas settings volume)
out="$root/build/fuzz"
if ! { cmake -S "$root/tests/fuzz" -B "$out" -G Ninja -DCMAKE_CXX_COMPILER=clang++-14 \
         -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null && cmake --build "$out" >/dev/null; }; then
  echo "FAIL fuzz: the harnesses do not build (cmake --build $out)"
  exit 1
fi
mkdir -p "$out/findings"
# Any allocation past 256 MiB is a finding (the loader's largest legal one is ~10 MiB here).
export ASAN_OPTIONS=allocator_may_return_null=0:detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
status=0
for name in "${names[@]}"; do
  work="$out/corpus/$name" log="$out/$name.log"
  mkdir -p "$work"
  if [ "$secs" = 0 ]; then run=(-runs=0); else run=(-max_total_time="$secs"); fi
  t0=$(date +%s)
  "$out/fuzz_$name" "${run[@]}" -max_len=65536 -rss_limit_mb=2048 -malloc_limit_mb=256 -timeout=10 \
    -print_final_stats=1 -artifact_prefix="$out/findings/$name-" "$work" "$root/tests/fuzz/corpus/$name" >"$log" 2>&1
  rc=$?
  execs=$(grep -aEo 'stat::number_of_executed_units: [0-9]+' "$log" | tail -1 | grep -Eo '[0-9]+$' || echo 0)
  if [ $rc = 0 ]; then
    echo "ok   fuzz $name: $execs executions in $(( $(date +%s) - t0 )) s, no finding"
  else
    status=1
    echo "FAIL fuzz $name: $(grep -aE 'ERROR:|runtime error|invariant broken|Test unit written' "$log" | head -3 | tr '\n' ' ')(log: $log)"
  fi
done
exit $status
