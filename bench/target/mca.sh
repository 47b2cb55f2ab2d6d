#!/usr/bin/env bash
# mca.sh CPU [OUT.tsv]: llvm-mca-19's scheduling model of CPU for each
# instruction form of cases.txt (the last instruction of a template: the
# gather after its mask reset): micro-ops, latency and reciprocal
# throughput from llvm-mca's "Instruction Info" view, to OUT.tsv (default:
# crates/target/data/mca-CPU.tsv).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cpu=$1; out=${2:-$here/../../crates/target/data/mca-$cpu.tsv}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
reg() { case $1 in 128) echo "%xmm$2";; 256) echo "%ymm$2";; 512) echo "%zmm$2";; esac; }
{
  echo "# llvm-mca-19 -mcpu=$cpu ($(llvm-mca-19 --version | grep -m1 'LLVM version' | sed 's/^ *//'))"
  printf 'instruction\twidth\tuops\tlatency\trthroughput\n'
  grep -v '^#' "$here/cases.txt" | grep -v '^$' | while IFS='|' read -r name width kinds tmpl; do
    t=${tmpl##*; }
    t=${t//\{Dx\}/$(reg 128 0)}; t=${t//\{Dy\}/$(reg 256 0)}; t=${t//\{Dz\}/$(reg 512 0)}
    t=${t//\{Sx\}/$(reg 128 8)}; t=${t//\{Sy\}/$(reg 256 8)}; t=${t//\{Sz\}/$(reg 512 8)}
    t=${t//\{Ax\}/$(reg 128 9)}; t=${t//\{Ay\}/$(reg 256 9)}; t=${t//\{Az\}/$(reg 512 9)}
    t=${t//\{D\}/$(reg $width 0)}; t=${t//\{S\}/$(reg $width 8)}; t=${t//\{A\}/$(reg $width 9)}
    t=${t//\{M\}/$(reg 256 14)}
    echo "$t" > "$work/i.s"
    line=$(llvm-mca-19 -mtriple=x86_64-unknown-linux-gnu -mcpu="$cpu" -iterations=10 "$work/i.s" 2>/dev/null |
      sed -n '/^\[1\]    \[2\]    \[3\]/{n;p;}')
    read -r uops lat rtp _ <<< "$line"
    printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$width" "$uops" "$lat" "$rtp"
  done
} > "$out"
