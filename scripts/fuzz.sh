#!/usr/bin/env bash
# Runs every libFuzzer target of build-fuzz/ for RUNS inputs each (default 20000), from a
# fixed seed, starting from the test data and earlier findings: the same build explores the
# same inputs every time, so CI cannot fail by chance. A crash, a hang (10 s) or a leak
# leaves its input in build-fuzz/crashes/ and fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-20000}
mkdir -p build-fuzz/crashes
status=0
for fuzzer in build-fuzz/fuzz/fuzz_*; do
  [ -x "$fuzzer" ] && [ -f "$fuzzer" ] || continue
  name=$(basename "$fuzzer")
  corpus=build-fuzz/corpus/$name
  # A fresh corpus each time: what a previous run added would change what this one explores.
  rm -rf "$corpus"
  mkdir -p "$corpus"
  cp -n tests/slurm/data/fuzz-regressions/* "$corpus"/ 2>/dev/null || true
  case $name in
    *sbatch*) cp -n tests/slurm/data/sbatch/* "$corpus"/ 2>/dev/null || true ;;
    *config*) cp -n tests/slurm/data/*.conf "$corpus"/ 2>/dev/null || true ;;
    *scenario*) cp -n tests/integration/data/*.yaml tests/integration/data/transcripts/*.yaml "$corpus"/ 2>/dev/null || true ;;
    *rubric*) cp -n exercises/*/rubric.yaml "$corpus"/ 2>/dev/null || true ;;
    *answers*) for f in exercises/*/*.md tests/grader/data/keys/*; do cp -n "$f" "$corpus/$(echo "$f" | tr / _)"; done 2>/dev/null || true ;;
  esac
  echo "-- $name: ${runs} inputs"
  if ! "$fuzzer" -runs="$runs" -seed=1 -rss_limit_mb=2048 -timeout=10 \
        -artifact_prefix=build-fuzz/crashes/"$name"- -print_final_stats=1 "$corpus" \
        >build-fuzz/"$name".log 2>&1; then
    echo "$name found a problem:" >&2
    tail -40 build-fuzz/"$name".log >&2
    status=1
  else
    grep -E "^stat::number_of_executed_units" build-fuzz/"$name".log || true
  fi
done
exit $status
