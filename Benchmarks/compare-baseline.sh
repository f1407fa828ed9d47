#!/usr/bin/env bash
# Saves a benchmark baseline, or checks the current code against one.
#
#   ./compare-baseline.sh save NAME [options]    run every benchmark, store the results as NAME
#   ./compare-baseline.sh check NAME [options]   run every benchmark, compare with NAME
#
# Extra options go to `swift package benchmark`, e.g. `--target NavigatorBenchmarks` or
# `--filter "Plan.*"` (use the same ones for save and check).
#
# Baselines live in .benchmarkBaselines/ (git-ignored). They hold absolute timings, so a
# check is only meaningful against a baseline saved on the same machine, with the same
# toolchain, under similar load: save one on main, switch branches, then check.
#
# What a check compares is set in code (Support/BenchmarkSupport/Configurations.swift): the
# p50 wall clock with 20 % tolerance, p50 malloc counts exactly.
#
# Exit status of `check` (the benchmark tool's own codes):
#   0  no metric moved beyond its tolerance
#   2  a regression (at least one metric got worse beyond its tolerance)
#   4  improvements only (something got better beyond its tolerance, nothing worse):
#      save a new baseline to make it the reference
#   5  no baseline with that name (save it first)
#   1  the build or a benchmark failed
# The benchmark tool exits with 2, 4 or 5, but `swift package` turns any error of a command
# plugin into exit status 1 and prints the plugin's error instead
# (`error: benchmarkThresholdRegression`, `…Improvement`, `baselineNotFound`); this script
# reads that line back into the tool's code.
set -euo pipefail

usage() {
    echo "usage: $0 save|check NAME [swift package benchmark options]" >&2
    exit 64
}

[[ $# -ge 2 ]] || usage
action=$1
name=$2
shift 2
[[ $name =~ ^[A-Za-z0-9._-]+$ ]] || { echo "baseline names use letters, digits, '.', '_' and '-'" >&2; exit 64; }

cd "$(dirname "$0")"

case $action in
save)
    swift package --allow-writing-to-package-directory benchmark baseline update "$name" "$@"
    echo "Saved baseline '$name' in $(pwd)/.benchmarkBaselines (valid on this machine only)."
    ;;
check)
    log=$(mktemp)
    trap 'rm -f "$log"' EXIT
    status=0
    swift package benchmark baseline check "$name" "$@" 2>&1 | tee "$log" || status=$?
    if [[ $status -ne 0 ]]; then
        if grep -q 'error: benchmarkThresholdRegression' "$log"; then
            status=2
        elif grep -q 'error: benchmarkThresholdImprovement' "$log"; then
            status=4
        elif grep -q 'error: baselineNotFound' "$log"; then
            status=5
        else
            status=1
        fi
    fi
    case $status in
    0) echo "OK: no benchmark moved beyond its tolerance against '$name'." ;;
    2) echo "REGRESSION against '$name' (exit 2): see the deviations above." >&2 ;;
    4) echo "IMPROVEMENT only against '$name' (exit 4): consider saving a new baseline." ;;
    5) echo "No baseline named '$name' (exit 5): run '$0 save $name' first." >&2 ;;
    *) echo "The check failed (exit 1): the build or a benchmark failed." >&2 ;;
    esac
    exit "$status"
    ;;
*)
    usage
    ;;
esac
