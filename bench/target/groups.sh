#!/usr/bin/env bash
# groups.sh [OUT.tsv]: measures interleaved loads and stores (the vector
# code of the loop vectorizer's interleave groups) on this machine, in
# core cycles per group, and writes them, headed by the CPU they were
# measured on, to OUT.tsv (default:
# crates/target/data/groups-$(native CPU).tsv).
#
# The loops (groups_ir.sh writes them in LLVM IR, as the vectorizer
# writes its groups) are, per element type, factor F and width V:
# - isolated: a group alone (`iload`, `istore`) and the same bytes moved
#   by F consecutive loads and stores (`iplain`);
# - in a loop with other work: an F-point transform per block (a load
#   group, arithmetic, a store group: `xform`), and the same loop with the
#   load group, the store group or both replaced by consecutive accesses
#   (`xform-noload`, `xform-nostore`, `xform-plain`).
# The IR goes through LLVM's cleanup of vector code
# (`opt-19 -passes=instcombine,vector-combine`, as the bench's MIDDLE
# part does) and `llc-19 -O3 -mcpu=NATIVE`; uarch_groups.c times each
# loop with uarch.c's clock (time stamp counter calibrated against a
# register add chain) in cycles per iteration: the fewest ticks of 60 runs
# over the fewest ticks per cycle of the same runs, the least of 5 passes
# over all loops. All data stays in L1. What a group costs is the difference between a loop
# with it and the same loop without it (see crates/target/src/calibrate.rs).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
native=$(clang-19 -march=native -### -x c /dev/null 2>&1 | tr ' ' '\n' | grep -A1 '"-target-cpu"' | tail -1 | tr -d '"')
out=${1:-$here/../../crates/target/data/groups-$native.tsv}
"$here/groups_ir.sh" "$work/groups.ll" "$work/groups.h"
opt-19 -passes=instcombine,vector-combine "$work/groups.ll" -o "$work/groups.bc"
llc-19 -O3 -mcpu="$native" -filetype=obj "$work/groups.bc" -o "$work/groups.o"
clang-19 -O2 -march=native -I"$work" "$here/uarch_groups.c" "$work/groups.o" -o "$work/uarch_groups"
{
  echo "# CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), family $(grep -m1 'cpu family' /proc/cpuinfo | cut -d: -f2 | tr -d ' '), model $(grep -m1 '^model\s' /proc/cpuinfo | cut -d: -f2 | tr -d ' '), stepping $(grep -m1 'stepping' /proc/cpuinfo | cut -d: -f2 | tr -d ' ')"
  echo "# clang-19 -march=native: target-cpu $native; code: llc-19 -O3 -mcpu=$native"
  echo "# $(nproc) CPUs visible, $(date -u +%Y-%m-%d); bench/target/groups.sh"
  "$work/uarch_groups"
} > "$out"
echo "wrote $out"
