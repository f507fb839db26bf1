#!/usr/bin/env bash
# The paper's three searches against the author's C program, side by side in one run.
#
#   bash benches/paper_c.sh CHECKOUT [REPEATS]
#
# CHECKOUT is a checkout of github.com/ErikSeewald/MaeDn-Analysis (it has no licence, so none of its
# code is copied into this repository: this script compiles it from the checkout you give, in a
# temporary directory). Its `brute_forcer.c` (with Listing 9's `tiles_left--`, min_units_per_tile
# 193) is built with gcc -O2 three times:
#   listing  as published                    against  bnb-listing/bitboard (18,526,851 calls)
#   preprint without `tiles_left--`          against  bnb-paper/bitboard   (14,282,614 calls)
#   none     min_units_per_tile 0            against  bnb-none/bitboard    (660,449,985 calls)
# Each pair runs in turn, REPEATS rounds (default 5); a round times 20 runs of the short searches
# (1 of `none`) as one process tree with /usr/bin/time (CPU time, user + system, per run), and the
# best round of each is kept. The ratio is ours over the C program's. Both must print 83047.
# With BASELINE=/path/to/boardpath (an older build, e.g. of main) that binary is timed in the same
# rounds too, for a before/after comparison under the same load.
set -euo pipefail
checkout=${1:?usage: bash benches/paper_c.sh CHECKOUT [REPEATS]}
repeats=${2:-5}
src="$checkout/MaeDnBruteForcer/src/brute_forcer.c"
inc="$checkout/MaeDnBruteForcer/include"
[ -f "$src" ] && [ -f "$inc/brute_forcer.h" ] || { echo "no MaeDnBruteForcer/src/brute_forcer.c under $checkout" >&2; exit 2; }
command -v gcc >/dev/null || { echo "gcc is needed" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time is needed (apt-get install time)" >&2; exit 2; }
root="$(cd "$(dirname "$0")/.." && pwd)"
cargo build --release --quiet --manifest-path "$root/Cargo.toml"
ours="$root/target/release/boardpath"
baseline=${BASELINE:-}
[ -z "$baseline" ] || [ -x "$baseline" ] || { echo "BASELINE $baseline is not an executable" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One variant: the header with the bound in question, the source with or without tiles_left--.
build() { # name bound keep-tiles-left
    local dir="$tmp/$1"
    mkdir -p "$dir/include" "$dir/src"
    sed "s/^#define min_units_per_tile .*/#define min_units_per_tile $2/" "$inc/brute_forcer.h" > "$dir/include/brute_forcer.h"
    grep -q "^#define min_units_per_tile $2\$" "$dir/include/brute_forcer.h" || { echo "could not set the bound in brute_forcer.h" >&2; exit 2; }
    if [ "$3" = yes ]; then
        cp "$src" "$dir/src/brute_forcer.c"
    else
        grep -q 'tiles_left--;' "$src" || { echo "brute_forcer.c has no tiles_left--" >&2; exit 2; }
        sed '/tiles_left--;/d' "$src" > "$dir/src/brute_forcer.c"
    fi
    gcc -O2 -I "$dir/include" -o "$dir/brute_forcer" "$dir/src/brute_forcer.c" -lm
}
build listing 193 yes
build preprint 193 no
build none 0 yes

# CPU seconds (user + system) of `runs` runs of a command, timed as one process tree; checks that
# the command prints the paper's total.
cpu() { # runs expected-text command...
    local runs=$1 want=$2 out
    shift 2
    "$@" > "$tmp/stdout"
    grep -q "$want" "$tmp/stdout" || { echo "$* did not print $want" >&2; cat "$tmp/stdout" >&2; exit 1; }
    out=$( { /usr/bin/time -f "TIME %U %S" bash -c 'for _ in $(seq "$0"); do "$@" > /dev/null; done' "$runs" "$@"; } 2>&1 )
    echo "$out" | awk -v n="$runs" '/^TIME/ { printf "%.4f\n", ($2 + $3) / n }'
}
min() { echo "$@" | awk '{ m = $1; for (i = 2; i <= NF; i++) if ($i < m) m = $i; print m }'; }

ratio() { awk -v o="$1" -v c="$2" 'BEGIN { if (c > 0) printf "%.3f", o / c; else print "n/a" }'; }
printf '%-22s %12s %12s %7s' method ours_cpu_s c_cpu_s ratio
[ -z "$baseline" ] || printf ' %12s %7s' baseline_cpu_s ratio
printf '\n'
for pair in preprint:bnb-paper/bitboard:20 listing:bnb-listing/bitboard:20 none:bnb-none/bitboard:1; do
    IFS=: read -r variant method runs <<< "$pair"
    best_c=""
    best_ours=""
    best_base=""
    for _ in $(seq "$repeats"); do
        best_c=$(min $best_c "$(cpu "$runs" "is 83047 units long" "$tmp/$variant/brute_forcer")")
        best_ours=$(min $best_ours "$(cpu "$runs" "83047" "$ours" solve --method "$method")")
        [ -z "$baseline" ] || best_base=$(min $best_base "$(cpu "$runs" "83047" "$baseline" solve --method "$method")")
    done
    printf '%-22s %12s %12s %7s' "$method" "$best_ours" "$best_c" "$(ratio "$best_ours" "$best_c")"
    [ -z "$baseline" ] || printf ' %12s %7s' "$best_base" "$(ratio "$best_base" "$best_c")"
    printf '\n'
done
