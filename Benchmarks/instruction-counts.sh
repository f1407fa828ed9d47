#!/bin/bash
# Instructions and mallocs per operation, counted by callgrind on a release build of
# Support/InstructionCounts. Instruction counts hold from run to run on a shared machine
# where wall-clock times do not; they do not see cache misses or stalls.
#
#     ./instruction-counts.sh             every operation, then the cold start by phase
#     ./instruction-counts.sh plan 500    one operation
#     ./instruction-counts.sh cold        the cold start
#
# Operations: parse (the README's URL), plan (the compared URL, one push), plan-live
# (every page live), route (RoutingKit's route of the same six segments), link10 and
# link1000 (an outside link mapped through a LinkMap of 10 or 1,000 patterns, as the
# LinkMap benchmarks map it), open10 and open1000 (one round trip: push, then pop back,
# observed). Each operation is counted in
# two whole runs, of 1 and of 1 + n operations (after one uncounted warm-up each), and the
# difference is divided by n, so that setting up counts for nothing. The cold start runs
# once per process, cold: phase k is the difference between runs of k and k - 1 phases.
# Hashing is made deterministic (SWIFT_DETERMINISTIC_HASHING) so that runs compare.
set -euo pipefail
cd "$(dirname "$0")"
command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; exit 1; }
swift build -c release --product InstructionCounts >&2
binary=.build/release/InstructionCounts
export SWIFT_DETERMINISTIC_HASHING=1

# Prints "instructions mallocs" for one whole run of `binary "$@"` under callgrind.
count() {
    local out
    out=$(mktemp)
    # The run fails (and so the script) when an operation did not do what it should.
    valgrind --tool=callgrind --callgrind-out-file="$out" --compress-strings=no --compress-pos=no \
        "$binary" "$@" >/dev/null 2>&1
    awk '
        /^totals:/ { instructions = $2 }
        /^cfn=/ { callee = substr($0, 5); sub(/ .*/, "", callee) }
        /^calls=/ {
            split(substr($0, 7), field, " ")
            if (callee ~ /^(malloc|calloc|realloc|aligned_alloc|posix_memalign|memalign)$/) mallocs += field[1]
        }
        END { printf "%.0f %.0f\n", instructions, mallocs }
    ' "$out"
    rm -f "$out"
}

per_operation() {
    local operation=$1 times=$2 i1 m1 i2 m2
    read -r i1 m1 < <(count "$operation" 1)
    read -r i2 m2 < <(count "$operation" $((times + 1)))
    awk -v op="$operation" -v n="$times" -v i="$((i2 - i1))" -v m="$((m2 - m1))" \
        'BEGIN { printf "%-10s %9.0f instructions %6.2f mallocs per operation (%d operations)\n", op, i / n, m / n, n }'
}

cold_start() {
    "$binary" cold 6 >&2  # checks where the link opened
    echo "cold start (1,000 names, 1,000 link patterns, a six-component link opened exactly on a bare root):"
    local phases=("register 1,000 names" "add 1,000 link patterns" "make the navigator" "map the link" "open it")
    local instructions=() mallocs=() i m k
    for k in 0 1 2 3 4 5; do
        read -r i m < <(count cold "$k")
        instructions+=("$i")
        mallocs+=("$m")
    done
    local total_i=$((instructions[5] - instructions[0])) total_m=$((mallocs[5] - mallocs[0]))
    for k in 1 2 3 4 5; do
        awk -v p="${phases[k - 1]}" -v i="$((instructions[k] - instructions[k - 1]))" \
            -v m="$((mallocs[k] - mallocs[k - 1]))" -v ti="$total_i" -v tm="$total_m" \
            'BEGIN { printf "  %-24s %13.0f instructions (%4.1f %%) %9.0f mallocs (%4.1f %%)\n", p, i, 100 * i / ti, m, 100 * m / tm }'
    done
    printf "  %-24s %13d instructions          %9d mallocs\n" "all" "$total_i" "$total_m"
}

if [[ $# -ge 1 && $1 == cold ]]; then
    cold_start
elif [[ $# -ge 1 ]]; then
    per_operation "$1" "${2:-200}"
else
    for operation in parse plan plan-live route link10 link1000; do per_operation "$operation" 1000; done
    for operation in open10 open1000; do per_operation "$operation" 100; done
    cold_start
fi
