#!/usr/bin/env bash
# Runs every libFuzzer target of build-fuzz/ for SECONDS each (default 20), seeded with the
# test data. A crash leaves its input in build-fuzz/crashes/ and fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
mkdir -p build-fuzz/crashes
status=0
for fuzzer in build-fuzz/fuzz/fuzz_*; do
  [ -x "$fuzzer" ] && [ -f "$fuzzer" ] || continue
  name=$(basename "$fuzzer")
  corpus=build-fuzz/corpus/$name
  mkdir -p "$corpus"
  # Seeds: inputs that once broke a parser, and test data of the parser's kind of input.
  cp -n tests/slurm/data/fuzz-regressions/* "$corpus"/ 2>/dev/null || true
  case $name in
    *sbatch*) cp -n tests/slurm/data/sbatch/* "$corpus"/ 2>/dev/null || true ;;
    *config*) cp -n tests/slurm/data/*.conf "$corpus"/ 2>/dev/null || true ;;
    *scenario*) cp -n tests/integration/data/*.yaml tests/integration/data/transcripts/*.yaml "$corpus"/ 2>/dev/null || true ;;
  esac
  echo "-- $name: ${seconds} s"
  if ! "$fuzzer" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 \
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
