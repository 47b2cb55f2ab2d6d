#!/usr/bin/env bash
# groups_ir.sh OUT.ll OUT.h: writes the loops groups.sh measures (see
# there) to OUT.ll and their table to OUT.h.
#
# Each function is `void f(i64 n, ptr src, ptr dst)`: n iterations, one
# vector iteration of the vectorizer's code each, cycling through 16
# slots of F*V elements in src and dst (64-byte aligned, 16 KiB each at
# most). The groups are written as the loop vectorizer writes them: a
# wide load split by strided `shufflevector`s; members concatenated
# pairwise (an odd one padded with poison lanes), interleaved by one
# `shufflevector` and stored wide.
#
# Kinds, for element types T (in) and U (out), factor F and width V:
# - `iload`, `istore`, `iplain`: a group alone: F members loaded by a
#   group and stored consecutively; F consecutive loads stored by a group;
#   the same bytes with neither (isolated cost);
# - `xform`, `xform-noload`, `xform-nostore`, `xform-plain`: an F-point
#   transform per block, the loop shape whose groups have large factors
#   (AoS records, small transforms after full unrolling of inner loops,
#   as in bench/kernels/short_dct8_i32.c): a load group of F members of
#   T, each extended to U, F outputs each the sum of the F members times
#   constants, stored by a group of F members of U; and the same loop with
#   the load group, the store group, or both replaced by F consecutive
#   accesses of the same bytes (cost in a loop with other work).
set -euo pipefail
ll=$1; header=$2

mask() { # mask START STEP COUNT: "<COUNT x i32> <i32 START, ...>"
  local s=$1 d=$2 n=$3 i out=""
  for ((i = 0; i < n; i++)); do out+="${out:+, }i32 $((s + i * d))"; done
  echo "<$n x i32> <$out>"
}

widen_mask() { # widen_mask B A: B lanes, then poison up to A lanes
  local b=$1 a=$2 i out=""
  for ((i = 0; i < a; i++)); do
    if ((i < b)); then out+="${out:+, }i32 $i"; else out+=", i32 poison"; fi
  done
  echo "<$a x i32> <$out>"
}

interleave_mask() { # interleave_mask F V: lane l*F+k takes member k's lane l
  local f=$1 v=$2 l k out=""
  for ((l = 0; l < v; l++)); do for ((k = 0; k < f; k++)); do out+="${out:+, }i32 $((k * v + l))"; done; done
  echo "<$((f * v)) x i32> <$out>"
}

is_fp() { [[ $1 == float || $1 == double ]]; }

# load_group T F V: %m0..%m(F-1) from %p, by a group
load_group() {
  local t=$1 f=$2 v=$3 n=$(($2 * $3)) k
  echo "  %w = load <$n x $t>, ptr %p, align 1"
  for ((k = 0; k < f; k++)); do
    echo "  %m$k = shufflevector <$n x $t> %w, <$n x $t> poison, $(mask $k $f $v)"
  done
}

# load_plain T F V: %m0..%m(F-1) from %p, consecutive
load_plain() {
  local t=$1 f=$2 v=$3 k
  for ((k = 0; k < f; k++)); do
    echo "  %pp$k = getelementptr $t, ptr %p, i64 $((k * v))"
    echo "  %m$k = load <$v x $t>, ptr %pp$k, align 1"
  done
}

# store_group T F V PREFIX: stores %PREFIX0.. to %q by a group
store_group() {
  local t=$1 f=$2 v=$3 x=$4 n=$(($2 * $3)) c=0 i k
  local parts=() widths=()
  for ((k = 0; k < f; k++)); do parts+=("%$x$k"); widths+=("$v"); done
  while ((${#parts[@]} > 1)); do
    local next=() nw=()
    for ((i = 0; i + 1 < ${#parts[@]}; i += 2)); do
      local a=${widths[i]} b=${widths[i + 1]}
      if ((a == b)); then
        echo "  %c$c = shufflevector <$a x $t> ${parts[i]}, <$b x $t> ${parts[i + 1]}, $(mask 0 1 $((a + b)))"
        next+=("%c$c"); nw+=($((a + b))); c=$((c + 1))
      else
        echo "  %c$c = shufflevector <$b x $t> ${parts[i + 1]}, <$b x $t> poison, $(widen_mask "$b" "$a")"
        echo "  %c$((c + 1)) = shufflevector <$a x $t> ${parts[i]}, <$a x $t> %c$c, $(mask 0 1 $((a + b)))"
        next+=("%c$((c + 1))"); nw+=($((a + b))); c=$((c + 2))
      fi
    done
    if ((${#parts[@]} % 2)); then next+=("${parts[-1]}"); nw+=("${widths[-1]}"); fi
    parts=("${next[@]}"); widths=("${nw[@]}")
  done
  echo "  %iv = shufflevector <$n x $t> ${parts[0]}, <$n x $t> poison, $(interleave_mask "$f" "$v")"
  echo "  store <$n x $t> %iv, ptr %q, align 1"
}

# store_plain T F V PREFIX: stores %PREFIX0.. to %q, consecutive
store_plain() {
  local t=$1 f=$2 v=$3 x=$4 k
  for ((k = 0; k < f; k++)); do
    echo "  %qq$k = getelementptr $t, ptr %q, i64 $((k * v))"
    echo "  store <$v x $t> %$x$k, ptr %qq$k, align 1"
  done
}

# transform T U F V: %s0..%s(F-1) = sum over x of c(u,x) * ext(%mx)
transform() {
  local t=$1 u=$2 f=$3 v=$4 k x
  for ((k = 0; k < f; k++)); do
    if [[ $t == "$u" ]]; then
      echo "  %e$k = bitcast <$v x $t> %m$k to <$v x $u>"
    else
      echo "  %e$k = sext <$v x $t> %m$k to <$v x $u>"
    fi
  done
  for ((k = 0; k < f; k++)); do
    for ((x = 0; x < f; x++)); do
      local c=$(( (k * 7 + x * 5 + 3) % 11 - 5 ))
      ((c == 0)) && c=3
      if is_fp "$u"; then
        echo "  %t${k}_$x = fmul <$v x $u> %e$x, splat ($u $c.0)"
        if ((x == 0)); then echo "  %a${k}_0 = bitcast <$v x $u> %t${k}_0 to <$v x $u>"
        else echo "  %a${k}_$x = fadd <$v x $u> %a${k}_$((x - 1)), %t${k}_$x"; fi
      else
        echo "  %t${k}_$x = mul nsw <$v x $u> %e$x, splat ($u $c)"
        if ((x == 0)); then echo "  %a${k}_0 = bitcast <$v x $u> %t${k}_0 to <$v x $u>"
        else echo "  %a${k}_$x = add nsw <$v x $u> %a${k}_$((x - 1)), %t${k}_$x"; fi
      fi
    done
    echo "  %s$k = bitcast <$v x $u> %a${k}_$((f - 1)) to <$v x $u>"
  done
}

emit() { # emit NAME KIND T U F V
  local name=$1 kind=$2 t=$3 u=$4 f=$5 v=$6 n=$(($5 * $6))
  cat <<EOF
define void @$name(i64 %n, ptr %src, ptr %dst) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %j = and i64 %i, 15
  %off = mul i64 %j, $n
  %p = getelementptr $t, ptr %src, i64 %off
  %q = getelementptr $u, ptr %dst, i64 %off
EOF
  case $kind in
  iload) load_group "$t" "$f" "$v"; store_plain "$t" "$f" "$v" m ;;
  istore) load_plain "$t" "$f" "$v"; store_group "$t" "$f" "$v" m ;;
  iplain) load_plain "$t" "$f" "$v"; store_plain "$t" "$f" "$v" m ;;
  xform) load_group "$t" "$f" "$v"; transform "$t" "$u" "$f" "$v"; store_group "$u" "$f" "$v" s ;;
  xform-noload) load_plain "$t" "$f" "$v"; transform "$t" "$u" "$f" "$v"; store_group "$u" "$f" "$v" s ;;
  xform-nostore) load_group "$t" "$f" "$v"; transform "$t" "$u" "$f" "$v"; store_plain "$u" "$f" "$v" s ;;
  xform-plain) load_plain "$t" "$f" "$v"; transform "$t" "$u" "$f" "$v"; store_plain "$u" "$f" "$v" s ;;
  esac
  cat <<EOF
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

EOF
}

bits() { case $1 in i8) echo 8;; i16) echo 16;; i32|float) echo 32;; i64|double) echo 64;; esac; }

{
  echo '; Generated by bench/target/groups_ir.sh.'
  echo 'target triple = "x86_64-pc-linux-gnu"'
  echo
  # As clang writes them for C without vector types: 256-bit vectors on
  # CPUs that prefer them (512-bit registers would be legal without it).
  echo 'attributes #0 = { noinline nounwind "min-legal-vector-width"="0" }'
  echo
} > "$ll"
{
  echo '/* Generated by bench/target/groups_ir.sh. */'
  echo 'typedef void (*group_fn)(unsigned long, void *, void *);'
} > "$header"
rows=""
add() { # add KIND T U F V
  local name="g_${1//-/_}_$2_$3_$4_$5"
  emit "$name" "$@" >> "$ll"
  echo "void $name(unsigned long, void *, void *);" >> "$header"
  rows+="  {\"$1\", \"$2\", \"$3\", $4, $5, $name},"$'\n'
}
# Isolated groups: every element type, factors 2 to 8, widths up to 256
# bits per member.
for t in i8 i16 i32 i64 float double; do
  for f in 2 3 4 5 6 7 8; do
    for v in 2 4 8 16 32; do
      ((v * $(bits $t) <= 256)) || continue
      for kind in iload istore iplain; do add "$kind" "$t" "$t" "$f" "$v"; done
    done
  done
done
# Transforms: widths up to 256 bits of the wider type (the vectorizer's
# widest width on CPUs that prefer 256-bit vectors).
for tu in i8:i8 i8:i16 i8:i32 i16:i16 i16:i32 i32:i32 i64:i64 float:float double:double; do
  t=${tu%:*}; u=${tu#*:}
  for f in 2 3 4 8; do
    for v in 2 4 8 16 32; do
      ((v * $(bits $u) <= 256)) || continue
      for kind in xform xform-noload xform-nostore xform-plain; do add "$kind" "$t" "$u" "$f" "$v"; done
    done
  done
done
{
  echo 'static const struct { const char *kind, *type, *out; int factor, vf; group_fn fn; } groups[] = {'
  printf '%s' "$rows"
  echo '};'
} >> "$header"
