#!/usr/bin/env bash
# run.sh [OUT.tsv]: measures the instruction forms of cases.txt on this
# machine (see uarch.c) and writes the results, headed by the CPU they
# were measured on, to OUT.tsv (default:
# crates/target/data/measured-$(native CPU).tsv).
# Needs clang-19 and an x86-64 CPU with AVX2 (AVX-512 rows are skipped
# without AVX-512). Run it on an otherwise idle machine; compare ratios
# only within one run.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
native=$(clang-19 -march=native -### -x c /dev/null 2>&1 | tr ' ' '\n' | grep -A1 '"-target-cpu"' | tail -1 | tr -d '"')
out=${1:-$here/../../crates/target/data/measured-$native.tsv}
"$here/gen.sh" "$here/cases.txt" "$work/uarch.S" "$work/cases.h"
clang-19 -O2 -march=native -I"$work" "$here/uarch.c" "$work/uarch.S" -o "$work/uarch"
{
  echo "# CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), family $(grep -m1 'cpu family' /proc/cpuinfo | cut -d: -f2 | tr -d ' '), model $(grep -m1 '^model\s' /proc/cpuinfo | cut -d: -f2 | tr -d ' '), stepping $(grep -m1 'stepping' /proc/cpuinfo | cut -d: -f2 | tr -d ' ')"
  echo "# clang-19 -march=native: target-cpu $native"
  echo "# $(nproc) CPUs visible, $(date -u +%Y-%m-%d)"
  "$work/uarch"
} > "$out"
echo "wrote $out"
