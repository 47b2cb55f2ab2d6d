//! The random C program generator.
//!
//! [`generate`] turns `(seed, index)` into a C11 translation unit of loop
//! kernels and a `main` that calls them on global arrays and prints a
//! checksum after every call and at the end.
//!
//! # Invariant: no undefined behaviour, by construction
//!
//! Every expression carries its C type and a conservative range (an integer
//! interval, or a magnitude bound for floating point). Operations consult
//! the ranges of their operands:
//!
//! - signed `+ - *` and negation are emitted as such only when the result
//!   interval fits the type; otherwise they are done in the unsigned type of
//!   the same width and converted back (implementation-defined, not
//!   undefined). All arithmetic happens in `int32_t`, `uint32_t`, `int64_t`,
//!   `uint64_t`, `float` or `double` with explicit casts, so integer
//!   promotion never surprises (no `uint16_t * uint16_t` overflowing `int`);
//! - divisors are constants or `((UT)x & mask) + 1`, so never zero or `-1`;
//! - shift amounts are constants below the width or masked with `width-1`;
//!   a signed left shift is emitted only on a non-negative operand whose
//!   result fits, else it goes through the unsigned type;
//! - floating-point values are finite: arrays and carried scalars stay
//!   within [`FLOAT_BOUND`], operations that could exceed a type's bound
//!   scale their operands by a power of two first, float division is
//!   `a / (1 + |b|)`, and float-to-integer conversions only happen on
//!   values (scaled to be) inside the target range;
//! - every array index is proven in bounds: affine indices get an offset
//!   chosen so that their interval lies in `[0, extent)` (only when every
//!   term is below 2^28 in magnitude, so the text is exact in its own
//!   types), and anything else is reduced `% extent` in `uint64_t`;
//! - every loop terminates: counters are never written in loop bodies, steps
//!   are positive constants, `continue` never appears where it would skip
//!   an increment (`while`, `do`), unsigned down-counting loops use the
//!   forms that cannot wrap, and counters that do wrap use `!=` with an end
//!   they provably meet (below);
//! - signed accumulators only ever add values of a narrower type, and the
//!   dynamic number of updates per kernel call is bounded
//!   ([`MAX_NEST_TRIPS`] × [`MAX_STMTS`]; long loops update none of
//!   them), so they cannot overflow;
//! - `restrict` pointers are given regions that overlap no other argument
//!   region; plain pointers of one element type may overlap each other at
//!   any offset; no object is accessed through a pointer of another type.
//!
//! Conversions of out-of-range values to a signed type are
//! implementation-defined (C11 6.3.1.3p3), not undefined; gcc and clang
//! reduce modulo 2^w, and the self-check compares the two. The generator
//! relies on them in the places listed here and below, and prefers
//! unsigned wrapping elsewhere.
//!
//! # The vectorizer's shapes, and how each keeps the invariant
//!
//! Besides random nests, programs contain the shapes below, each marked by
//! a `/* dt:NAME */` comment on the line before it ([`SHAPES`] lists them
//! with their least share of programs, which a test checks).
//!
//! - **Counters that wrap** (`wrap8`, `wrap16`, `wrap-wide`):
//!   `for (T v = S; v != E; v += s)` (or `-=`) with `T` one of `uint8_t`,
//!   `int8_t`, `uint16_t`, `int16_t`, `uint32_t`, `uint64_t`, a trip count
//!   `t` with `0 <= t·s < 2^w` and `E = S ± t·s` modulo 2^w: the counter
//!   first equals `E` after exactly `t` steps, so the loop runs `t` times
//!   (the test `wrapping_counters_meet_their_end` simulates this). Start
//!   values are chosen so that the sequence often passes through the
//!   type's unsigned or signed limit (`for (uint8_t v = 250; v != 6; v++)`,
//!   `int8_t` from 126 to -127). Unsigned counters wrap modulo 2^w; `+=` on
//!   `int8_t`/`int16_t` computes in `int` and converts back, which past
//!   the limit is implementation-defined; 32- and 64-bit counters are
//!   unsigned only (a signed one would overflow). In the body the counter's
//!   range is exact when the sequence does not wrap and the whole type
//!   otherwise; indices use the rebased counter `(UT)(v - S) / s` (or
//!   `(UT)(S - v) / s`), which counts the steps, in `[0, t)`.
//!   `wrap-full`: `T v = S; do { ...; v++; } while (v != S);` runs all 2^w
//!   values (`continue` is not used in it).
//! - **Long loops** (`wrap-long`): at the top of a kernel a 16-bit counter
//!   may run 32,767 .. 65,536 times, past [`MAX_NEST_TRIPS`]. A long loop
//!   contains no loop (its children's budget is zero), and its body
//!   updates no accumulator whose bound counts updates
//!   ([`LocalKind::Acc`], [`LocalKind::FAcc`]); every other statement is
//!   safe however often it runs (stores and carried values are converted to
//!   their type, recurrences are contractions, globals are unsigned).
//! - **Narrow counters at their limit** (`narrow-limit`): `int8_t` to
//!   `uint16_t` counters may end at the type's maximum
//!   (`for (uint8_t v = 0; v < 255; v++)`, `for (int8_t v = 127; v-- > 0;)`);
//!   the start and end convert exactly and the largest value the counter
//!   takes, after its last step included, is at most the maximum.
//! - **Secondary narrow inductions** (`narrow-iv`): `T w = c;` before a
//!   loop and `w += k;` at the end of its body, `T` an 8- or 16-bit type or
//!   `uint32_t`; `w` may take any value of its type (signed ones convert
//!   back implementation-defined), so its range is the whole type, and
//!   indices built on it are placed or reduced like any other.
//! - **Trip counts** (`trip-small`, `trip-pow2`): constants 0 .. 3, VF−1,
//!   VF, VF+1 and UF·VF±1 for VF in 2..16 and UF in 1..4, and powers of two
//!   ±1 from 127 to 4096, never above the nest's remaining budget; bound
//!   parameters up to 1024 and their call values are drawn from the same
//!   lists.
//! - **Idioms**: a loop `for (T v = 0; v < n; v++)` or
//!   `for (T v = n; v-- > 0;)` with `n` at most the remaining budget, `T`
//!   wide enough for `n`, and indices `s·v (+ c·u) + o` ([`KernelGen::place`])
//!   whose offset puts the index plus every neighbour distance the idiom
//!   uses inside the pointer's extent. The text puts positive terms first
//!   and negative ones last, so every partial sum is non-negative and
//!   exact in unsigned types too. Values stored are converted (and floats
//!   scaled) as for any store. The idioms: `alias-self+`/`alias-self-`,
//!   `a[i] = a[i] op a[i+k]` or `a[i+k] = f(a[i])` for k of each sign;
//!   `alias-cross` (`alias-mixed` with strides of opposite signs),
//!   `q[sq·i + a] = f(p[sp·i + b])`; `reduce` and `reduce-escape`, a
//!   reduction whose partial value is stored every iteration or read after
//!   a `break`; `minmax-index`, a minimum or maximum with the index of its
//!   first (or last) occurrence; `search-break`, `search-return`,
//!   `search-while`, early exits on a found element whose index is used
//!   after the loop or returned; `cond-store`; `freduce`, in-order float
//!   sums and dot products; `nsw-alt` and `nsw-limit`, signed arithmetic
//!   whose `nsw` holds in the scalar order only. A reduction variable is
//!   declared just before its loop, so its bound is that loop's trip count
//!   `n` (not [`MAX_UPDATES`]): signed `+`/`-` accumulators are chosen
//!   wide enough for `n × max|x|` (else unsigned), `^ | * ` accumulate in
//!   unsigned types, float sums stay below `1.1 × n × max|x|` with terms
//!   scaled below 1e20; `nsw-alt` adds `+K` and `-K` alternately (the
//!   counter's parity alternates), so the sum stays within `init ± K`, which
//!   fits; `nsw-limit` starts at `max − n·c` and adds `c` at most `n` times.
//!   Results (indices in `[-1, n)`, sums, minima) are folded into a global
//!   and become read-only temporaries with those ranges.
//! - **Aliasing at run time** (`overlap`, in `main`): a plain pointer
//!   argument is placed in the same array as an earlier plain one of the
//!   same type at a distance in `[-64, 64]` (mostly `±1 .. ±16`), so the
//!   idioms' runtime alias checks see overlaps in both directions;
//!   `restrict` arguments still overlap nothing.
//!
//! The generator self-test (`cargo xtask difftest --selfcheck N`) compiles
//! programs with UBSan and ASan and bounds-checked indices, and checks gcc
//! and clang agree.

use super::rng::Rng;
use std::fmt::Write as _;

/// Upper bound of the product of the maximal trip counts of one loop nest.
pub const MAX_NEST_TRIPS: u64 = 4096;
/// Upper bound of the statements in one kernel.
pub const MAX_STMTS: u32 = 40;
/// Upper bound of the dynamic updates of one local per kernel call.
/// Statements outside the count (a block with no side effect gets one, and
/// every counted loop or `if` has at most two blocks) at most triple the
/// count, which exceeds MAX_STMTS by the few top-level statements; each
/// runs at most MAX_NEST_TRIPS times per call.
const MAX_UPDATES: i128 = 4 * (MAX_STMTS as i128 + 8) * MAX_NEST_TRIPS as i128;
/// Magnitude bound of float array elements and carried float scalars.
const FLOAT_BOUND: f64 = 65536.0;
/// Relative slack added to float magnitude bounds for rounding.
const FLOAT_SLACK: f64 = 1.0 + 1e-5;
/// Trip counts the programs use, in four groups that [`pick_trip`] weighs:
/// zero to three; VF−1, VF, VF+1 and UF·VF±1 for VF in 2..16 and UF in
/// 1..4; powers of two and their neighbours up to [`MAX_NEST_TRIPS`]; and
/// a few others.
const SMALL_TRIPS: &[i128] = &[0, 1, 2, 3];
const VF_TRIPS: &[i128] = &[
    4, 5, 6, 7, 8, 9, 11, 12, 13, 15, 16, 17, 23, 24, 25, 31, 32, 33, 47, 48, 49, 63, 64, 65,
];
const POW2_TRIPS: &[i128] = &[
    127, 128, 129, 255, 256, 257, 511, 512, 513, 1023, 1024, 1025, 2047, 2048, 2049, 4095, 4096,
];
const OTHER_TRIPS: &[i128] = &[10, 100, 1000];
/// Upper bound of the trip count of a long loop: a loop with a 16-bit
/// counter whose trip count comes near 2^16. Long loops are outermost and
/// contain no loop, and their bodies update no accumulator whose bound
/// depends on the number of updates ([`LocalKind::Acc`], [`LocalKind::FAcc`]).
const MAX_LONG_TRIPS: i128 = 1 << 16;
/// The shapes a program marks with a `/* dt:NAME */` comment on the line
/// before them, and the least share of programs (in percent, over programs
/// 0..250 of seeds 1 to 4) that must contain each; the test `shape_shares`
/// checks it, so a change that stops emitting a shape fails. Measured
/// shares are about twice these.
#[cfg_attr(not(test), allow(dead_code))]
pub const SHAPES: &[(&str, u32)] = &[
    // Counters that pass through their type's limit (8-bit, 16-bit,
    // 32/64-bit unsigned), all 2^w values (do/while), near 2^16 times.
    ("wrap8", 8),
    ("wrap16", 8),
    ("wrap-wide", 4),
    ("wrap-full", 1),
    ("wrap-long", 5),
    // 8/16-bit counters whose last value is within 8 of the type's maximum.
    ("narrow-limit", 12),
    // A secondary 8/16/32-bit induction that wraps.
    ("narrow-iv", 25),
    // Constant trip counts 0..3 and at powers of two ±1 (127 .. 4096).
    ("trip-small", 35),
    ("trip-pow2", 25),
    // `a[i] = a[i] op a[i+k]` with k > 0 and k < 0.
    ("alias-self+", 10),
    ("alias-self-", 8),
    // `q[..i..] = f(p[..i..])`; with strides of opposite signs.
    ("alias-cross", 12),
    ("alias-mixed", 10),
    // A call passing two plain pointers into one array at a small distance.
    ("overlap", 25),
    // Reductions; those whose partial value escapes (store, break).
    ("reduce", 5),
    ("reduce-escape", 20),
    // min/max with the index of its first (or last) occurrence.
    ("minmax-index", 15),
    // Search loops: break with the index used after, return, while.
    ("search-break", 8),
    ("search-return", 8),
    ("search-while", 8),
    ("cond-store", 20),
    // In-order float sums and dot products.
    ("freduce", 10),
    // nsw that holds only in the scalar order.
    ("nsw-alt", 6),
    ("nsw-limit", 4),
];

/// Extents (in elements) of pointer parameters.
const EXTENTS: &[u64] = &[
    16, 17, 24, 32, 33, 48, 64, 65, 100, 128, 255, 256, 512, 1024, 1089, 4096,
];

/// A C scalar type.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Ty {
    I8,
    U8,
    I16,
    U16,
    I32,
    U32,
    I64,
    U64,
    F32,
    F64,
}

const ALL_TYS: [Ty; 10] = [
    Ty::I8,
    Ty::U8,
    Ty::I16,
    Ty::U16,
    Ty::I32,
    Ty::U32,
    Ty::I64,
    Ty::U64,
    Ty::F32,
    Ty::F64,
];
const INT_TYS: [Ty; 8] = [
    Ty::I8,
    Ty::U8,
    Ty::I16,
    Ty::U16,
    Ty::I32,
    Ty::U32,
    Ty::I64,
    Ty::U64,
];
const ARITH_INT_TYS: [Ty; 4] = [Ty::I32, Ty::U32, Ty::I64, Ty::U64];

impl Ty {
    pub fn c(self) -> &'static str {
        match self {
            Ty::I8 => "int8_t",
            Ty::U8 => "uint8_t",
            Ty::I16 => "int16_t",
            Ty::U16 => "uint16_t",
            Ty::I32 => "int32_t",
            Ty::U32 => "uint32_t",
            Ty::I64 => "int64_t",
            Ty::U64 => "uint64_t",
            Ty::F32 => "float",
            Ty::F64 => "double",
        }
    }

    pub fn is_float(self) -> bool {
        matches!(self, Ty::F32 | Ty::F64)
    }

    fn is_signed(self) -> bool {
        matches!(self, Ty::I8 | Ty::I16 | Ty::I32 | Ty::I64)
    }

    pub fn bits(self) -> u32 {
        match self {
            Ty::I8 | Ty::U8 => 8,
            Ty::I16 | Ty::U16 => 16,
            Ty::I32 | Ty::U32 | Ty::F32 => 32,
            Ty::I64 | Ty::U64 | Ty::F64 => 64,
        }
    }

    fn min(self) -> i128 {
        if self.is_signed() {
            -(1i128 << (self.bits() - 1))
        } else {
            0
        }
    }

    fn max(self) -> i128 {
        if self.is_signed() {
            (1i128 << (self.bits() - 1)) - 1
        } else {
            (1i128 << self.bits()) - 1
        }
    }

    fn unsigned(self) -> Ty {
        match self {
            Ty::I8 => Ty::U8,
            Ty::I16 => Ty::U16,
            Ty::I32 => Ty::U32,
            Ty::I64 => Ty::U64,
            t => t,
        }
    }

    /// The type C arithmetic happens in after integer promotion.
    fn arith(self) -> Ty {
        match self {
            Ty::I8 | Ty::U8 | Ty::I16 | Ty::U16 => Ty::I32,
            t => t,
        }
    }

    /// Magnitude above which float expressions are scaled down.
    fn float_limit(self) -> f64 {
        if self == Ty::F32 {
            1e30
        } else {
            1e200
        }
    }

    fn full(self) -> Rg {
        if self.is_float() {
            Rg::Flt(FLOAT_BOUND)
        } else {
            Rg::Int(self.min(), self.max())
        }
    }
}

/// A conservative value range.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Rg {
    /// Inclusive integer interval.
    Int(i128, i128),
    /// Magnitude bound of a finite float.
    Flt(f64),
}

/// A side-effect-free C expression with its type and range.
#[derive(Clone, Debug)]
struct Ex {
    s: String,
    ty: Ty,
    rg: Rg,
}

impl Ex {
    fn int(&self) -> (i128, i128) {
        match self.rg {
            Rg::Int(a, b) => (a, b),
            Rg::Flt(_) => (self.ty.min(), self.ty.max()),
        }
    }

    fn mag(&self) -> f64 {
        match self.rg {
            Rg::Flt(m) => m,
            Rg::Int(a, b) => a.abs().max(b.abs()) as f64,
        }
    }
}

/// An integer literal of type `t` (the value must be in range).
fn int_lit(v: i128, t: Ty) -> String {
    debug_assert!(v >= t.min() && v <= t.max());
    if v == t.min() && matches!(t, Ty::I32 | Ty::I64) {
        // `-2147483648` is `-(long)2147483648`: keep the type exact.
        let suffix = if t == Ty::I64 { "ll" } else { "" };
        return format!("({}{suffix} - 1)", v + 1);
    }
    match t {
        Ty::U32 => format!("{v}u"),
        Ty::U64 => format!("{v}ull"),
        Ty::I64 if v < 0 => format!("({v}ll)"),
        Ty::I64 => format!("{v}ll"),
        Ty::I32 if v < 0 => format!("({v})"),
        Ty::I32 => format!("{v}"),
        _ if v < 0 => format!("(({})({v}))", t.c()),
        _ => format!("(({}){v})", t.c()),
    }
}

/// A float literal of type `t` (the value must be a short exact decimal).
fn float_lit(v: f64, t: Ty) -> String {
    let s = format!("{v:?}");
    let s = if t == Ty::F32 { format!("{s}f") } else { s };
    if v < 0.0 || s.starts_with('-') {
        format!("({s})")
    } else {
        s
    }
}

fn lit(v: i128, t: Ty) -> Ex {
    Ex {
        s: int_lit(v, t),
        ty: t,
        rg: Rg::Int(v, v),
    }
}

/// Scales a float expression by a power of two so that its magnitude bound
/// is at most `limit`.
fn fscale(e: Ex, limit: f64) -> Ex {
    let m = e.mag();
    if m <= limit {
        return e;
    }
    let mut k = (m / limit).log2().ceil() as i32 + 1;
    while m / 2f64.powi(k) > limit {
        k += 1;
    }
    let suffix = if e.ty == Ty::F32 { "f" } else { "" };
    Ex {
        s: format!("({} * 0x1p-{k}{suffix})", e.s),
        ty: e.ty,
        rg: Rg::Flt(m / 2f64.powi(k) * FLOAT_SLACK),
    }
}

/// Converts `e` to `to`, keeping the range when it fits.
fn cast(e: Ex, to: Ty) -> Ex {
    if e.ty == to {
        return e;
    }
    match (e.ty.is_float(), to.is_float()) {
        (false, false) => {
            let (lo, hi) = e.int();
            let rg = if lo >= to.min() && hi <= to.max() {
                Rg::Int(lo, hi)
            } else {
                to.full()
            };
            Ex {
                s: format!("(({}){})", to.c(), e.s),
                ty: to,
                rg,
            }
        }
        (false, true) => {
            let m = e.mag() * FLOAT_SLACK + 1.0;
            Ex {
                s: format!("(({}){})", to.c(), e.s),
                ty: to,
                rg: Rg::Flt(m),
            }
        }
        (true, true) => {
            let e = if to == Ty::F32 {
                fscale(e, Ty::F32.float_limit())
            } else {
                e
            };
            let m = e.mag() * FLOAT_SLACK;
            Ex {
                s: format!("(({}){})", to.c(), e.s),
                ty: to,
                rg: Rg::Flt(m),
            }
        }
        (true, false) => {
            // Through int32_t or int64_t, with the value scaled into range
            // (C leaves out-of-range float-to-integer conversion undefined).
            let (via, limit) = if to.bits() <= 16 || to == Ty::I32 {
                (Ty::I32, 2.0e9)
            } else {
                (Ty::I64, 9.0e18)
            };
            let e = fscale(e, limit);
            let m = e.mag().floor() as i128;
            let conv = Ex {
                s: format!("(({}){})", via.c(), e.s),
                ty: via,
                rg: Rg::Int(-m, m),
            };
            cast(conv, to)
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    And,
    Or,
    Xor,
    Shl,
    Shr,
    Min,
    Max,
    Lt,
    Le,
    Eq,
    Ne,
}

const INT_OPS: &[(Op, u32)] = &[
    (Op::Add, 20),
    (Op::Sub, 10),
    (Op::Mul, 10),
    (Op::Div, 3),
    (Op::Rem, 3),
    (Op::And, 6),
    (Op::Or, 4),
    (Op::Xor, 6),
    (Op::Shl, 4),
    (Op::Shr, 5),
    (Op::Min, 4),
    (Op::Max, 4),
];
const FLOAT_OPS: &[(Op, u32)] = &[
    (Op::Add, 20),
    (Op::Sub, 10),
    (Op::Mul, 12),
    (Op::Div, 4),
    (Op::Min, 4),
    (Op::Max, 4),
];

fn pow2_ceil_minus1(v: i128) -> i128 {
    let mut p: i128 = 1;
    while p <= v && p < (1i128 << 100) {
        p <<= 1;
    }
    p - 1
}

/// `a op b` computed in `t` (one of the arithmetic types), UB-free.
/// `divisor` is used for `Div`/`Rem`: `(text, max)` of a positive divisor.
fn binop(op: Op, a: Ex, b: Ex, t: Ty, rng: &mut Rng) -> Ex {
    let a = cast(a, t);
    let b = cast(b, t);
    if t.is_float() {
        return fbinop(op, a, b, t);
    }
    let (al, ah) = a.int();
    let (bl, bh) = b.int();
    let (tmin, tmax) = (t.min(), t.max());
    let fits = |lo: i128, hi: i128| lo >= tmin && hi <= tmax;
    let u = t.unsigned();
    match op {
        Op::Add | Op::Sub | Op::Mul => {
            let (lo, hi, sym) = match op {
                Op::Add => (al.saturating_add(bl), ah.saturating_add(bh), "+"),
                Op::Sub => (al.saturating_sub(bh), ah.saturating_sub(bl), "-"),
                _ => {
                    let c = [
                        al.saturating_mul(bl),
                        al.saturating_mul(bh),
                        ah.saturating_mul(bl),
                        ah.saturating_mul(bh),
                    ];
                    let lo = c.iter().copied().min().unwrap_or(tmin);
                    let hi = c.iter().copied().max().unwrap_or(tmax);
                    (lo, hi, "*")
                }
            };
            if fits(lo, hi) {
                Ex {
                    s: format!("({} {sym} {})", a.s, b.s),
                    ty: t,
                    rg: Rg::Int(lo, hi),
                }
            } else if !t.is_signed() {
                Ex {
                    s: format!("({} {sym} {})", a.s, b.s),
                    ty: t,
                    rg: t.full(),
                }
            } else {
                Ex {
                    s: format!("(({})(({}){} {sym} ({}){}))", t.c(), u.c(), a.s, u.c(), b.s),
                    ty: t,
                    rg: t.full(),
                }
            }
        }
        Op::Div | Op::Rem => {
            let (dtext, dmax) = if rng.chance(1, 2) {
                let d = *rng.pick(&[2i128, 3, 4, 5, 7, 8, 10, 16]);
                (int_lit(d, t), d)
            } else {
                let mask = *rng.pick(&[1i128, 3, 7, 15, 255]);
                (
                    format!("(({})((({}){} & {mask}) + 1))", t.c(), u.c(), b.s),
                    mask + 1,
                )
            };
            let (sym, lo, hi) = if op == Op::Div {
                ("/", al.min(0), ah.max(0))
            } else {
                (
                    "%",
                    if al < 0 { -(dmax - 1) } else { 0 },
                    if ah > 0 { dmax - 1 } else { 0 },
                )
            };
            Ex {
                s: format!("({} {sym} {dtext})", a.s),
                ty: t,
                rg: Rg::Int(lo, hi),
            }
        }
        Op::And | Op::Or | Op::Xor => {
            let sym = match op {
                Op::And => "&",
                Op::Or => "|",
                _ => "^",
            };
            let rg = if op == Op::And && (al >= 0 || bl >= 0) {
                let m = match (al >= 0, bl >= 0) {
                    (true, true) => ah.min(bh),
                    (true, false) => ah,
                    _ => bh,
                };
                Rg::Int(0, m)
            } else if al >= 0 && bl >= 0 {
                Rg::Int(0, pow2_ceil_minus1(ah.max(bh)).min(tmax))
            } else {
                t.full()
            };
            Ex {
                s: format!("({} {sym} {})", a.s, b.s),
                ty: t,
                rg,
            }
        }
        Op::Shl => {
            let w = t.bits();
            if rng.chance(2, 3) {
                let k = rng.below(u64::from(w)) as u32;
                let hi_shifted = ah.checked_shl(k).unwrap_or(i128::MAX);
                let lo_shifted = al.checked_shl(k).unwrap_or(i128::MIN);
                if al >= 0 && hi_shifted <= tmax {
                    Ex {
                        s: format!("({} << {})", a.s, k),
                        ty: t,
                        rg: Rg::Int(lo_shifted, hi_shifted),
                    }
                } else if !t.is_signed() {
                    Ex {
                        s: format!("({} << {})", a.s, k),
                        ty: t,
                        rg: t.full(),
                    }
                } else {
                    Ex {
                        s: format!("(({})(({}){} << {k}))", t.c(), u.c(), a.s),
                        ty: t,
                        rg: t.full(),
                    }
                }
            } else if !t.is_signed() {
                Ex {
                    s: format!("({} << ({} & {}))", a.s, b.s, w - 1),
                    ty: t,
                    rg: t.full(),
                }
            } else {
                Ex {
                    s: format!("(({})(({}){} << ({} & {})))", t.c(), u.c(), a.s, b.s, w - 1),
                    ty: t,
                    rg: t.full(),
                }
            }
        }
        Op::Shr => {
            let w = t.bits();
            if rng.chance(1, 2) {
                let k = rng.below(u64::from(w)) as u32;
                Ex {
                    s: format!("({} >> {k})", a.s),
                    ty: t,
                    rg: Rg::Int(al >> k, ah >> k),
                }
            } else {
                Ex {
                    s: format!("({} >> ({} & {}))", a.s, b.s, w - 1),
                    ty: t,
                    rg: Rg::Int(al.min(0), ah.max(0)),
                }
            }
        }
        Op::Min | Op::Max => {
            let (sym, lo, hi) = if op == Op::Min {
                ("<", al.min(bl), ah.min(bh))
            } else {
                (">", al.max(bl), ah.max(bh))
            };
            Ex {
                s: format!("({} {sym} {} ? {} : {})", a.s, b.s, a.s, b.s),
                ty: t,
                rg: Rg::Int(lo, hi),
            }
        }
        Op::Lt | Op::Le | Op::Eq | Op::Ne => cmp(op, &a, &b),
    }
}

fn cmp(op: Op, a: &Ex, b: &Ex) -> Ex {
    let sym = match op {
        Op::Lt => "<",
        Op::Le => "<=",
        Op::Eq => "==",
        _ => "!=",
    };
    Ex {
        s: format!("({} {sym} {})", a.s, b.s),
        ty: Ty::I32,
        rg: Rg::Int(0, 1),
    }
}

fn fbinop(op: Op, a: Ex, b: Ex, t: Ty) -> Ex {
    let limit = t.float_limit();
    match op {
        Op::Add | Op::Sub => {
            let (a, b) = if a.mag() + b.mag() > limit {
                (fscale(a, limit / 2.0), fscale(b, limit / 2.0))
            } else {
                (a, b)
            };
            let sym = if op == Op::Add { "+" } else { "-" };
            Ex {
                s: format!("({} {sym} {})", a.s, b.s),
                ty: t,
                rg: Rg::Flt((a.mag() + b.mag()) * FLOAT_SLACK),
            }
        }
        Op::Mul => {
            let (a, b) = if a.mag() * b.mag() > limit {
                (fscale(a, limit.sqrt()), fscale(b, limit.sqrt()))
            } else {
                (a, b)
            };
            Ex {
                s: format!("({} * {})", a.s, b.s),
                ty: t,
                rg: Rg::Flt(a.mag() * b.mag() * FLOAT_SLACK),
            }
        }
        Op::Div => {
            // 1 + |b| >= 1 and finite as |b| is far below the limit.
            let one = float_lit(1.0, t);
            let zero = float_lit(0.0, t);
            Ex {
                s: format!(
                    "({} / ({one} + ({} < {zero} ? -{} : {})))",
                    a.s, b.s, b.s, b.s
                ),
                ty: t,
                rg: Rg::Flt(a.mag() * FLOAT_SLACK),
            }
        }
        Op::Min | Op::Max => {
            let sym = if op == Op::Min { "<" } else { ">" };
            Ex {
                s: format!("({} {sym} {} ? {} : {})", a.s, b.s, a.s, b.s),
                ty: t,
                rg: Rg::Flt(a.mag().max(b.mag())),
            }
        }
        _ => cmp(op, &a, &b),
    }
}

// ---------------------------------------------------------------- kernels

/// A pointer parameter: `extent` elements are accessible from it.
#[derive(Clone, Debug)]
struct Ptr {
    name: String,
    elem: Ty,
    extent: u64,
    restrict: bool,
    readonly: bool,
}

#[derive(Clone, Debug)]
struct IntParam {
    name: String,
    ty: Ty,
    lo: i128,
    hi: i128,
    /// Used as a loop bound (values are trip counts).
    bound: bool,
}

#[derive(Clone, Debug)]
struct FloatParam {
    name: String,
    ty: Ty,
}

#[derive(Clone, Debug)]
struct LoopVar {
    name: String,
    ty: Ty,
    lo: i128,
    hi: i128,
    /// `continue` would not skip the increment.
    allows_continue: bool,
    /// `v < text` holds in the body and `text <= max`, `v >= 0`.
    upper: Option<(String, i128)>,
    /// For counters that may wrap: `text` is the number of steps taken so
    /// far, in `[0, max]` (an index that stays affine across the wrap).
    rebased: Option<(String, i128)>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum LocalKind {
    /// Signed integer that only adds values of the narrow type.
    Acc(Ty),
    /// `r = (r >> 1) + narrow`.
    Rec(Ty),
    /// Float accumulator of values bounded by FLOAT_BOUND.
    FAcc,
    /// `r = r * c + x` with |c| <= 3/4 and |x| <= FLOAT_BOUND.
    FRec,
    /// Any assignment of a value of its type (floats: bounded).
    Carried,
    /// Immutable temporary.
    Temp,
}

#[derive(Clone, Debug)]
struct Local {
    name: String,
    ty: Ty,
    rg: Rg,
    kind: LocalKind,
}

/// What `main` needs to know to call a kernel.
#[derive(Clone, Debug)]
struct KernelSig {
    name: String,
    ret: Option<Ty>,
    ptrs: Vec<Ptr>,
    ints: Vec<IntParam>,
    floats: Vec<FloatParam>,
}

struct KernelGen<'r> {
    rng: &'r mut Rng,
    ptrs: Vec<Ptr>,
    ints: Vec<IntParam>,
    floats: Vec<FloatParam>,
    locals: Vec<Local>,
    loops: Vec<LoopVar>,
    globals: &'r [(String, Ty)],
    ret: Option<Ty>,
    out: String,
    indent: usize,
    stmts: u32,
    names: u32,
    if_depth: u32,
    /// Nesting of index expressions being generated (gathers stay shallow).
    index_depth: u32,
    /// Nesting of conditions being generated.
    cond_depth: u32,
    /// Secondary inductions in scope (see [`KernelGen::narrow_iv`]).
    ivs: Vec<LoopVar>,
    /// Inside a long loop: no accumulator with a count-based bound is
    /// updated.
    long_body: bool,
}

impl KernelGen<'_> {
    fn fresh(&mut self, prefix: &str) -> String {
        self.names += 1;
        format!("{prefix}{}", self.names)
    }

    fn line(&mut self, text: &str) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn pick_arith(&mut self, pref: Ty) -> Ty {
        if pref.is_float() {
            if self.rng.chance(1, 10) {
                if pref == Ty::F32 {
                    Ty::F64
                } else {
                    Ty::F32
                }
            } else {
                pref
            }
        } else if self.rng.chance(1, 5) {
            *self.rng.pick(&ARITH_INT_TYS)
        } else {
            pref.arith()
        }
    }

    fn const_of(&mut self, t: Ty) -> Ex {
        if t.is_float() {
            let v = self.rng.range(-64, 64) as f64 / 8.0;
            return Ex {
                s: float_lit(v, t),
                ty: t,
                rg: Rg::Flt(v.abs()),
            };
        }
        let v = match self.rng.below(4) {
            0 => *self.rng.pick(&[0i128, 1, 2, 3, 7, 8, 15, 16, 31, 127, 255]),
            1 => self.rng.range(-16, 16),
            2 => *self
                .rng
                .pick(&[-1i128, -128, 1000, 65535, 0x7fff_ffff, 0x1234_5678]),
            _ => self
                .rng
                .range(t.min().max(-(1 << 40)), t.max().min(1 << 40)),
        };
        lit(v.clamp(t.min(), t.max()), t)
    }

    /// An in-bounds index for a pointer of `extent` elements.
    fn index(&mut self, extent: u64) -> String {
        self.index_depth += 1;
        let s = self.index_inner(extent);
        self.index_depth -= 1;
        s
    }

    fn index_inner(&mut self, extent: u64) -> String {
        let e = i128::from(extent);
        let gathers = self.index_depth == 1;
        let n = self.loops.len();
        let form = self.rng.weighted(&[
            if n > 0 { 45 } else { 0 },                // affine in one loop variable
            if n > 1 { 15 } else { 0 },                // outer * C + inner
            if n > 0 { 10 } else { 0 },                // reversed: upper - 1 - v
            6,                                         // invariant
            if gathers { 5 } else { 0 },               // arbitrary expression % extent
            if !self.ints.is_empty() { 4 } else { 0 }, // parameter-based
        ]);
        let mut terms: Vec<(i128, String, i128, i128)> = Vec::new();
        match form {
            0 => {
                let v = if !self.ivs.is_empty() && self.rng.chance(1, 4) {
                    self.rng.pick(&self.ivs).clone()
                } else if self.rng.chance(3, 4) {
                    self.loops[n - 1].clone()
                } else {
                    self.rng.pick(&self.loops).clone()
                };
                let c = *self.rng.pick(&[1i128, 1, 1, 1, 2, 3, 4, -1]);
                match v.rebased {
                    // Steps since the start: affine across a wrap.
                    Some((text, max)) if self.rng.chance(2, 3) => terms.push((c, text, 0, max)),
                    _ => terms.push((c, v.name, v.lo, v.hi)),
                }
            }
            1 => {
                let k = self.rng.below(n as u64 - 1) as usize;
                let outer = self.loops[k].clone();
                let inner = self.loops[n - 1].clone();
                let width = inner.hi - inner.lo + 1;
                let c = if self.rng.chance(1, 2) {
                    width.max(1)
                } else {
                    *self.rng.pick(&[4i128, 8, 16, 17, 32, 33])
                };
                terms.push((c, outer.name, outer.lo, outer.hi));
                terms.push((1, inner.name, inner.lo, inner.hi));
            }
            2 => {
                let v = self.loops[n - 1].clone();
                if let Some((upper, max)) = &v.upper {
                    // upper - 1 - v is in [0, max - 1 - lo].
                    let hi = (max - 1 - v.lo).max(0);
                    if hi < e {
                        let k = self.rng.range(0, (e - 1 - hi).min(2));
                        return format!("{upper} - 1 - {} + {k}", v.name);
                    }
                }
                terms.push((1, v.name, v.lo, v.hi));
            }
            3 => return format!("{}", self.rng.range(0, e - 1)),
            4 => {
                let x = self.expr(1, Ty::U64);
                let x = cast(x, Ty::U64);
                if extent.is_power_of_two() && self.rng.chance(1, 2) {
                    return format!("{} & {}u", x.s, extent - 1);
                }
                return format!("{} % {extent}u", x.s);
            }
            _ => {
                let p = self.rng.pick(&self.ints).clone();
                terms.push((1, p.name, p.lo, p.hi));
                if n > 0 && self.rng.chance(1, 2) {
                    let v = self.loops[n - 1].clone();
                    terms.push((1, v.name, v.lo, v.hi));
                }
            }
        }
        let (mut lo, mut hi) = (0i128, 0i128);
        for (c, _, vlo, vhi) in &terms {
            let (a, b) = (c * vlo, c * vhi);
            lo += a.min(b);
            hi += a.max(b);
        }
        let text = terms
            .iter()
            .map(|(c, name, _, _)| match c {
                1 => name.clone(),
                -1 => format!("-{name}"),
                c => format!("{c} * {name}"),
            })
            .collect::<Vec<_>>()
            .join(" + ");
        // The text is evaluated in the terms' own types: exact when every
        // term is small (a counter near a type's limit, even with a narrow
        // interval, would wrap in `4 * v` or meet a 64-bit offset).
        let small = terms
            .iter()
            .all(|(c, _, vlo, vhi)| (c * vlo).abs() <= 1 << 28 && (c * vhi).abs() <= 1 << 28);
        if small && hi - lo < e {
            // Shift into [0, extent): k in [-lo, e - 1 - hi].
            let (kmin, kmax) = (-lo, e - 1 - hi);
            let k = if kmin <= 0 && 0 <= kmax && self.rng.chance(3, 4) {
                if self.rng.chance(1, 2) {
                    0
                } else {
                    self.rng.range((-2).max(kmin), 2.min(kmax))
                }
            } else if self.rng.chance(1, 2) {
                kmin
            } else {
                self.rng.range(kmin, kmax.min(kmin + 8))
            };
            match k.cmp(&0) {
                std::cmp::Ordering::Equal => text,
                std::cmp::Ordering::Greater => format!("{text} + {k}"),
                std::cmp::Ordering::Less => format!("{text} - {}", -k),
            }
        } else {
            let ut = terms
                .iter()
                .map(|(c, name, _, _)| format!("(uint64_t){name} * {}ull", *c as i64 as u64))
                .collect::<Vec<_>>()
                .join(" + ");
            format!("({ut}) % {extent}u")
        }
    }

    fn read_ptr(&mut self, pref: Ty) -> Option<Ex> {
        if self.ptrs.is_empty() {
            return None;
        }
        let matching: Vec<usize> = (0..self.ptrs.len())
            .filter(|&i| self.ptrs[i].elem.is_float() == pref.is_float())
            .collect();
        let i = if !matching.is_empty() && self.rng.chance(7, 10) {
            *self.rng.pick(&matching)
        } else {
            self.rng.below(self.ptrs.len() as u64) as usize
        };
        let p = self.ptrs[i].clone();
        let idx = self.index(p.extent);
        Some(Ex {
            s: format!("{}[IDX({idx}, {})]", p.name, p.extent),
            ty: p.elem,
            rg: p.elem.full(),
        })
    }

    fn leaf(&mut self, pref: Ty) -> Ex {
        let w = [
            if self.ptrs.is_empty() || self.index_depth > 1 {
                0
            } else {
                40
            },
            if self.loops.is_empty() { 0 } else { 20 },
            if self.locals.is_empty() { 0 } else { 14 },
            if self.ints.is_empty() { 0 } else { 6 },
            if self.floats.is_empty() { 0 } else { 4 },
            14,
        ];
        match self.rng.weighted(&w) {
            0 => self.read_ptr(pref).unwrap_or_else(|| self.const_of(pref)),
            1 => {
                let v = if !self.ivs.is_empty() && self.rng.chance(1, 4) {
                    self.rng.pick(&self.ivs).clone()
                } else if self.rng.chance(2, 3) {
                    self.loops[self.loops.len() - 1].clone()
                } else {
                    self.rng.pick(&self.loops).clone()
                };
                Ex {
                    s: v.name,
                    ty: v.ty,
                    rg: Rg::Int(v.lo, v.hi),
                }
            }
            2 => {
                let l = self.rng.pick(&self.locals).clone();
                Ex {
                    s: l.name,
                    ty: l.ty,
                    rg: l.rg,
                }
            }
            3 => {
                let p = self.rng.pick(&self.ints).clone();
                Ex {
                    s: p.name,
                    ty: p.ty,
                    rg: Rg::Int(p.lo, p.hi),
                }
            }
            4 => {
                let p = self.rng.pick(&self.floats).clone();
                Ex {
                    s: p.name,
                    ty: p.ty,
                    rg: p.ty.full(),
                }
            }
            _ => {
                let t = if pref.is_float() { pref } else { pref.arith() };
                self.const_of(t)
            }
        }
    }

    /// An expression whose arithmetic mostly happens in `pref`'s type.
    fn expr(&mut self, depth: u32, pref: Ty) -> Ex {
        if depth == 0 || self.rng.chance(1, 3) {
            return self.leaf(pref);
        }
        let t = self.pick_arith(pref);
        let ops = if t.is_float() { FLOAT_OPS } else { INT_OPS };
        let weights: Vec<u32> = ops.iter().map(|&(_, w)| w).collect();
        let op = ops[self.rng.weighted(&weights)].0;
        let a = self.expr(depth - 1, t);
        let b = self.expr(depth - 1, t);
        let r = binop(op, a, b, t, self.rng);
        match self.rng.below(12) {
            0 if !t.is_float() => {
                // ~x
                let (lo, hi) = r.int();
                let rg = if t.is_signed() {
                    Rg::Int(-hi - 1, -lo - 1)
                } else {
                    Rg::Int(t.max() - hi, t.max() - lo)
                };
                Ex {
                    s: format!("(~{})", r.s),
                    ty: t,
                    rg,
                }
            }
            1 if self.cond_depth == 0 => {
                // c ? x : y
                let c = self.cond();
                let other = cast(self.leaf(t), t);
                let rg = match (r.rg, other.rg) {
                    (Rg::Int(a, b), Rg::Int(c, d)) => Rg::Int(a.min(c), b.max(d)),
                    (x, y) => Rg::Flt(match (x, y) {
                        (Rg::Flt(p), Rg::Flt(q)) => p.max(q),
                        _ => t.float_limit(),
                    }),
                };
                Ex {
                    s: format!("({} ? {} : {})", c.s, r.s, other.s),
                    ty: t,
                    rg,
                }
            }
            2 if t.is_float() => {
                let m = r.mag();
                Ex {
                    s: format!("(-{})", r.s),
                    ty: t,
                    rg: Rg::Flt(m),
                }
            }
            _ => r,
        }
    }

    /// A condition (an `int` 0/1 or any integer expression).
    fn cond(&mut self) -> Ex {
        self.cond_depth += 1;
        let c = self.cond_inner();
        self.cond_depth -= 1;
        c
    }

    fn cond_inner(&mut self) -> Ex {
        // Conditions inside conditions use leaves only.
        let d = if self.cond_depth > 1 { 0 } else { 1 };
        match self.rng.below(5) {
            0 if !self.loops.is_empty() => {
                let v = self.loops[self.loops.len() - 1].clone();
                let m = *self.rng.pick(&[1i128, 2, 3, 4, 7]);
                let k = self.rng.range(0, m);
                Ex {
                    s: format!("({} % {} == {k})", v.name, m + 1),
                    ty: Ty::I32,
                    rg: Rg::Int(0, 1),
                }
            }
            1 => {
                let x = self.expr(d, Ty::I32);
                let x = cast(x, Ty::U32);
                let m = *self.rng.pick(&[1u32, 3, 7, 15]);
                let k = self.rng.range(0, i128::from(m));
                Ex {
                    s: format!("(({} & {m}u) == {k}u)", x.s),
                    ty: Ty::I32,
                    rg: Rg::Int(0, 1),
                }
            }
            _ => {
                let pref = if self.rng.chance(1, 4) {
                    Ty::F64
                } else {
                    Ty::I32
                };
                let t = self.pick_arith(pref);
                let a = cast(self.expr(d + 1, t), t);
                let b = cast(self.expr(d, t), t);
                let op = *self.rng.pick(&[Op::Lt, Op::Le, Op::Eq, Op::Ne, Op::Lt]);
                cmp(op, &a, &b)
            }
        }
    }

    /// A rarely true condition for early exits.
    fn exit_cond(&mut self) -> Ex {
        let n = self.loops.len();
        match self.rng.below(4) {
            0 if n > 0 => {
                let v = self.loops[n - 1].clone();
                let t = v.ty.arith();
                let k = self.rng.range(v.lo, v.hi + 2).min(t.max());
                Ex {
                    s: format!("({} == {})", v.name, int_lit(k, t)),
                    ty: Ty::I32,
                    rg: Rg::Int(0, 1),
                }
            }
            1 => {
                if let Some(x) = self.read_ptr(Ty::I32) {
                    if !x.ty.is_float() {
                        let k = self.rng.range(0, 7);
                        let t = x.ty.arith();
                        let x = cast(x, t);
                        return cmp(Op::Eq, &x, &lit(k, t));
                    }
                }
                self.cond()
            }
            _ => {
                // An accumulator crossing a threshold.
                let accs: Vec<Local> = self
                    .locals
                    .iter()
                    .filter(|l| l.kind != LocalKind::Temp)
                    .cloned()
                    .collect();
                if accs.is_empty() {
                    return self.cond();
                }
                let l = self.rng.pick(&accs).clone();
                let x = Ex {
                    s: l.name,
                    ty: l.ty,
                    rg: l.rg,
                };
                let t = l.ty.arith();
                let x = cast(x, t);
                let k = self.const_of(t);
                let op = if self.rng.chance(1, 2) {
                    Op::Lt
                } else {
                    Op::Le
                };
                if self.rng.chance(1, 2) {
                    cmp(op, &k, &x)
                } else {
                    cmp(op, &x, &k)
                }
            }
        }
    }

    fn local_ex(l: &Local) -> Ex {
        Ex {
            s: l.name.clone(),
            ty: l.ty,
            rg: l.rg,
        }
    }

    /// Declares the kernel-level locals.
    fn declare_locals(&mut self) {
        let count = 1 + self.rng.below(3);
        for _ in 0..count {
            let kind = self.rng.weighted(&[30, 10, 15, 6, 25]);
            let (ty, kind) = match kind {
                0 => {
                    if self.rng.chance(1, 2) {
                        (Ty::I32, LocalKind::Acc(*self.rng.pick(&[Ty::I8, Ty::U8])))
                    } else {
                        (
                            Ty::I64,
                            LocalKind::Acc(*self.rng.pick(&[
                                Ty::I8,
                                Ty::U8,
                                Ty::I16,
                                Ty::U16,
                                Ty::I32,
                                Ty::U32,
                            ])),
                        )
                    }
                }
                1 => {
                    let t = *self.rng.pick(&[Ty::I32, Ty::I64]);
                    (t, LocalKind::Rec(*self.rng.pick(&[Ty::I8, Ty::I16])))
                }
                2 => (*self.rng.pick(&[Ty::F32, Ty::F64]), LocalKind::FAcc),
                3 => (*self.rng.pick(&[Ty::F32, Ty::F64]), LocalKind::FRec),
                _ => (*self.rng.pick(&ALL_TYS), LocalKind::Carried),
            };
            let init = if ty.is_float() {
                self.const_of(ty)
            } else {
                let v = self.rng.range(-10, 10).clamp(ty.min(), ty.max());
                lit(v, ty)
            };
            let im = init.mag();
            let rg = match kind {
                LocalKind::Acc(n) => {
                    let r = n.min().abs().max(n.max());
                    let b = MAX_UPDATES * r + im as i128;
                    Rg::Int(-b, b)
                }
                LocalKind::Rec(n) => {
                    let r = n.min().abs().max(n.max());
                    let b = 2 * r + im as i128;
                    Rg::Int(-b, b)
                }
                LocalKind::FAcc => Rg::Flt((MAX_UPDATES as f64) * FLOAT_BOUND * 1.1 + im),
                LocalKind::FRec => Rg::Flt(4.0 * FLOAT_BOUND * 1.1 + im),
                _ => ty.full(),
            };
            let name = self.fresh("s");
            self.line(&format!("{} {name} = {};", ty.c(), init.s));
            self.locals.push(Local { name, ty, rg, kind });
        }
    }

    fn store(&mut self) -> bool {
        let writable: Vec<usize> = (0..self.ptrs.len())
            .filter(|&i| !self.ptrs[i].readonly)
            .collect();
        if writable.is_empty() {
            return false;
        }
        let p = self.ptrs[*self.rng.pick(&writable)].clone();
        let idx = self.index(p.extent);
        let lhs = format!("{}[IDX({idx}, {})]", p.name, p.extent);
        let value = if self.rng.chance(1, 3) {
            // Read-modify-write of the same element.
            let old = Ex {
                s: lhs.clone(),
                ty: p.elem,
                rg: p.elem.full(),
            };
            let t = self.pick_arith(p.elem);
            let x = self.expr(2, t);
            let op = if t.is_float() {
                *self.rng.pick(&[Op::Add, Op::Sub, Op::Mul, Op::Max])
            } else {
                *self
                    .rng
                    .pick(&[Op::Add, Op::Sub, Op::Mul, Op::Xor, Op::Max, Op::Or])
            };
            binop(op, old, x, t, self.rng)
        } else {
            let d = 1 + self.rng.below(2) as u32;
            self.expr(d, p.elem)
        };
        let value = self.fit_float(value, p.elem, FLOAT_BOUND);
        let value = cast(value, p.elem);
        self.line(&format!("{lhs} = {};", value.s));
        true
    }

    /// For float targets, a value of magnitude at most `bound`.
    fn fit_float(&mut self, v: Ex, target: Ty, bound: f64) -> Ex {
        if !target.is_float() {
            return v;
        }
        let v = cast(v, target);
        fscale(v, bound)
    }

    fn update_local(&mut self) -> bool {
        let long = self.long_body;
        let candidates: Vec<Local> = self
            .locals
            .iter()
            .filter(|l| l.kind != LocalKind::Temp)
            .filter(|l| !long || !matches!(l.kind, LocalKind::Acc(_) | LocalKind::FAcc))
            .cloned()
            .collect();
        if candidates.is_empty() {
            return false;
        }
        let l = self.rng.pick(&candidates).clone();
        let x = self.expr(2, l.ty);
        let name = &l.name;
        match l.kind {
            LocalKind::Acc(narrow) => {
                let v = cast(x, narrow);
                match self.rng.below(4) {
                    0 => self.line(&format!("{name} -= {};", v.s)),
                    1 => {
                        let sym = if self.rng.chance(1, 2) { ">" } else { "<" };
                        self.line(&format!(
                            "{name} = {} {sym} {name} ? {} : {name};",
                            v.s, v.s
                        ));
                    }
                    _ => self.line(&format!("{name} += {};", v.s)),
                }
            }
            LocalKind::Rec(narrow) => {
                let v = cast(x, narrow);
                self.line(&format!("{name} = ({name} >> 1) + {};", v.s));
            }
            LocalKind::FAcc => {
                let v = self.fit_float(x, l.ty, FLOAT_BOUND);
                if self.rng.chance(1, 5) {
                    self.line(&format!("{name} = {} > {name} ? {} : {name};", v.s, v.s));
                } else if self.rng.chance(1, 4) {
                    self.line(&format!("{name} -= {};", v.s));
                } else {
                    self.line(&format!("{name} += {};", v.s));
                }
            }
            LocalKind::FRec => {
                let v = self.fit_float(x, l.ty, FLOAT_BOUND);
                let c = float_lit(*self.rng.pick(&[0.5, -0.5, 0.25, 0.75]), l.ty);
                self.line(&format!("{name} = {name} * {c} + {};", v.s));
            }
            LocalKind::Carried => {
                let t = self.pick_arith(l.ty);
                let ops = if t.is_float() {
                    &[Op::Add, Op::Sub, Op::Mul, Op::Max][..]
                } else {
                    &[Op::Add, Op::Mul, Op::Xor, Op::Sub, Op::Shr, Op::Min][..]
                };
                let op = *self.rng.pick(ops);
                let old = Self::local_ex(&l);
                let v = if self.rng.chance(1, 4) {
                    // A first-order recurrence: the new value only.
                    x
                } else if !t.is_float() && self.rng.chance(1, 3) {
                    // c = c * K + x
                    let k = lit(*self.rng.pick(&[3i128, 31, 33, 5]), t);
                    let m = binop(Op::Mul, old, k, t, self.rng);
                    binop(Op::Add, m, x, t, self.rng)
                } else {
                    binop(op, old, x, t, self.rng)
                };
                let v = self.fit_float(v, l.ty, FLOAT_BOUND);
                let v = cast(v, l.ty);
                self.line(&format!("{name} = {};", v.s));
            }
            LocalKind::Temp => return false,
        }
        true
    }

    fn update_global(&mut self) -> bool {
        if self.globals.is_empty() {
            return false;
        }
        let (g, t) = self.rng.pick(self.globals).clone();
        let x = cast(self.expr(2, t), t);
        match self.rng.below(3) {
            0 => self.line(&format!("{g} ^= {};", x.s)),
            1 => self.line(&format!("{g} = {g} * 31u + {};", x.s)),
            _ => self.line(&format!("{g} += {};", x.s)),
        }
        true
    }

    fn temp(&mut self) {
        let t = *self.rng.pick(&ALL_TYS);
        let x = self.expr(2, t);
        let x = self.fit_float(x, t, t.float_limit().sqrt());
        let x = cast(x, t);
        let name = self.fresh("t");
        self.line(&format!("const {} {name} = {};", t.c(), x.s));
        self.locals.push(Local {
            name,
            ty: t,
            rg: x.rg,
            kind: LocalKind::Temp,
        });
    }

    fn ret_value(&mut self) -> Option<String> {
        let t = self.ret?;
        let mut acc: Option<Ex> = None;
        let locals = self.locals.clone();
        for l in &locals {
            let x = Self::local_ex(l);
            acc = Some(match acc {
                None => x,
                Some(a) => {
                    let at = if t.is_float() { t } else { Ty::U64 };
                    let op = if t.is_float() { Op::Add } else { Op::Xor };
                    let a = if at == Ty::U64 {
                        binop(Op::Mul, a, lit(31, Ty::U64), at, self.rng)
                    } else {
                        a
                    };
                    binop(op, a, x, at, self.rng)
                }
            });
        }
        let v = acc.unwrap_or_else(|| self.const_of(t));
        let v = self.fit_float(v, t, FLOAT_BOUND);
        Some(cast(v, t).s)
    }

    fn exit_stmt(&mut self) {
        let innermost = self.loops.last().is_some_and(|l| l.allows_continue);
        let c = self.exit_cond();
        let what = self.rng.weighted(&[10, if innermost { 4 } else { 0 }, 4]);
        match what {
            0 => self.line(&format!("if ({}) break;", c.s)),
            1 => self.line(&format!("if ({}) continue;", c.s)),
            _ => match self.ret_value() {
                Some(v) => self.line(&format!("if ({}) return {v};", c.s)),
                None => {
                    if self.ret.is_none() {
                        self.line(&format!("if ({}) return;", c.s))
                    }
                }
            },
        }
    }

    fn if_stmt(&mut self, depth_left: u32, budget: u64) {
        let c = self.cond();
        self.line(&format!("if ({}) {{", c.s));
        self.if_depth += 1;
        self.indent += 1;
        self.block(depth_left, budget, 2);
        self.indent -= 1;
        if self.rng.chance(1, 2) {
            self.line("} else {");
            self.indent += 1;
            self.block(depth_left, budget, 2);
            self.indent -= 1;
        }
        self.if_depth -= 1;
        self.line("}");
    }

    /// A sequence of 1..=max statements with at least one side effect.
    fn block(&mut self, depth_left: u32, budget: u64, max: u64) {
        let mark = self.locals.len();
        let n = 1 + self.rng.below(max);
        let mut effect = false;
        for _ in 0..n {
            if self.stmts >= MAX_STMTS {
                break;
            }
            self.stmts += 1;
            let in_loop = !self.loops.is_empty();
            let w = [
                30,                                                 // store
                24,                                                 // local update
                4,                                                  // global update
                if in_loop { 8 } else { 2 },                        // temp
                if self.if_depth < 2 { 10 } else { 0 },             // if
                if depth_left > 0 && budget >= 2 { 22 } else { 0 }, // loop
                if in_loop { 6 } else { 0 },                        // exit
                if depth_left > 0 && budget >= 2 { 8 } else { 0 },  // idiom
            ];
            match self.rng.weighted(&w) {
                0 => effect |= self.store(),
                1 => effect |= self.update_local(),
                2 => effect |= self.update_global(),
                3 => self.temp(),
                4 => self.if_stmt(depth_left, budget),
                5 => {
                    self.gen_loop(depth_left - 1, budget);
                    effect = true;
                }
                6 => self.exit_stmt(),
                _ => effect |= self.idiom(budget),
            }
        }
        if !effect && !self.store() {
            self.update_local();
        }
        self.locals.truncate(mark);
    }

    /// A loop (and its nest below) whose trip-count product is <= budget
    /// (a long loop, see [`MAX_LONG_TRIPS`], only at the top of a kernel).
    fn gen_loop(&mut self, depth_left: u32, budget: u64) {
        let spec = if self.rng.chance(1, 6) {
            self.wrap_loop_spec(budget)
                .unwrap_or_else(|| self.loop_spec(budget))
        } else {
            self.loop_spec(budget)
        };
        let v = spec.var.clone();
        let t = v.ty.c();
        let name = v.name.clone();
        let step = spec.step;
        let inc = if step == 1 {
            format!("{name}++")
        } else {
            format!("{name} += {step}")
        };
        let dec = if step == 1 {
            format!("{name}--")
        } else {
            format!("{name} -= {step}")
        };
        let (start, end) = (&spec.start, &spec.end);
        let child_budget = budget / spec.trips.max(1);
        // A secondary narrow induction that wraps: `w += k` at the end of
        // every iteration that does not `continue`.
        let iv = if self.rng.chance(1, 10) {
            Some(self.narrow_iv())
        } else {
            None
        };
        if let Some((w, _)) = &iv {
            self.line("/* dt:narrow-iv */");
            self.line("{");
            self.indent += 1;
            let init = self.rng.range(w.ty.min(), w.ty.max());
            self.line(&format!(
                "{} {} = {};",
                w.ty.c(),
                w.name,
                int_lit(init, w.ty)
            ));
        }
        for m in &spec.marks {
            self.line(&format!("/* dt:{m} */"));
        }
        match spec.form {
            Form::Up => self.line(&format!(
                "for ({t} {name} = {start}; {name} < {end}; {inc}) {{"
            )),
            Form::UpLe => self.line(&format!(
                "for ({t} {name} = {start}; {name} <= {end}; {inc}) {{"
            )),
            Form::Ne => self.line(&format!(
                "for ({t} {name} = {start}; {name} != {end}; {inc}) {{"
            )),
            Form::UpAnd => {
                self.loops.push(v.clone());
                let c = self.exit_cond();
                self.loops.pop();
                self.line(&format!(
                    "for ({t} {name} = {start}; {name} < {end} && !{}; {inc}) {{",
                    c.s
                ));
            }
            Form::Down => self.line(&format!(
                "for ({t} {name} = {end} - 1; {name} >= {start}; {dec}) {{"
            )),
            Form::DownPost => {
                self.line(&format!("for ({t} {name} = {end}; {name}-- > {start};) {{"))
            }
            Form::DownGt => self.line(&format!(
                "for ({t} {name} = {end}; {name} > {start}; {dec}) {{"
            )),
            Form::WrapFor { down } => self.line(&format!(
                "for ({t} {name} = {start}; {name} != {end}; {}) {{",
                if down { &dec } else { &inc }
            )),
            Form::While => {
                self.line("{");
                self.indent += 1;
                self.line(&format!("{t} {name} = {start};"));
                self.line(&format!("while ({name} < {end}) {{"));
            }
            Form::DoWhile | Form::WrapDo => {
                self.line("{");
                self.indent += 1;
                self.line(&format!("{t} {name} = {start};"));
                self.line("do {");
            }
        }
        let long = spec.trips > MAX_NEST_TRIPS;
        if long {
            self.long_body = true;
        }
        self.loops.push(v);
        if let Some((w, _)) = &iv {
            self.ivs.push(w.clone());
        }
        self.indent += 1;
        self.block(depth_left, child_budget, 4);
        if let Some((w, k)) = &iv {
            self.ivs.pop();
            let op = if *k < 0 { "-=" } else { "+=" };
            self.line(&format!("{} {op} {};", w.name, k.abs()));
        }
        self.loops.pop();
        if long {
            self.long_body = false;
        }
        match spec.form {
            Form::While => {
                self.line(&format!("{inc};"));
                self.indent -= 1;
                self.line("}");
                self.indent -= 1;
                self.line("}");
            }
            Form::DoWhile => {
                self.line(&format!("{inc};"));
                self.indent -= 1;
                self.line(&format!("}} while ({name} < {end});"));
                self.indent -= 1;
                self.line("}");
            }
            Form::WrapDo => {
                self.line(&format!("{inc};"));
                self.indent -= 1;
                self.line(&format!("}} while ({name} != {end});"));
                self.indent -= 1;
                self.line("}");
            }
            _ => {
                self.indent -= 1;
                self.line("}");
            }
        }
        if iv.is_some() {
            self.indent -= 1;
            self.line("}");
        }
    }

    /// A secondary induction of a narrow (or 32-bit unsigned) type and its
    /// step; it takes every value of its type, so its range is the type's.
    fn narrow_iv(&mut self) -> (LoopVar, i128) {
        let ty = *self
            .rng
            .pick(&[Ty::U8, Ty::U8, Ty::I8, Ty::U16, Ty::I16, Ty::U32]);
        let k = *self.rng.pick(&[1i128, 1, 1, 2, 3, 4, -1, -2]);
        let name = self.fresh("w");
        (
            LoopVar {
                name,
                ty,
                lo: ty.min(),
                hi: ty.max(),
                allows_continue: true,
                upper: None,
                rebased: None,
            },
            k,
        )
    }

    /// A counter that passes through its type's limit (or stops just
    /// short of it): `for (T v = S; v != E; v += s)` (or `-=`) with
    /// `T` one of `uint8_t`, `int8_t`, `uint16_t`, `int16_t`, `uint32_t`,
    /// `uint64_t`, `E = S ± t·s` modulo 2^w and `0 <= t·s < 2^w`, so that
    /// the counter first equals `E` after exactly `t` steps; or the full
    /// cycle `T v = S; do { ...; v++; } while (v != S);` of 2^w steps.
    /// At the top of a kernel a 16-bit counter may run near 2^16 times (a
    /// long loop).
    fn wrap_loop_spec(&mut self, budget: u64) -> Option<LoopSpec> {
        let top = self.loops.is_empty() && budget == MAX_NEST_TRIPS;
        let ty = *self.rng.pick(&[
            Ty::U8,
            Ty::U8,
            Ty::I8,
            Ty::U16,
            Ty::I16,
            Ty::I16,
            Ty::U32,
            Ty::U64,
        ]);
        let w = ty.bits();
        let m: i128 = 1 << w;
        let long = top && w == 16 && self.rng.chance(1, 2);
        let (t, step) = if long {
            let t = *self
                .rng
                .pick(&[32767i128, 32768, 32769, 65534, 65535, MAX_LONG_TRIPS]);
            (t, 1)
        } else {
            let step = *self.rng.pick(&[1i128, 1, 1, 1, 2, 4]);
            let t = if w == 8 && self.rng.chance(1, 2) {
                *self
                    .rng
                    .pick(&[127i128, 128, 129, 250, 251, 252, 253, 254, 255, 256])
            } else {
                pick_trip(self.rng, budget as i128)
            };
            (t, step)
        };
        if t > budget as i128 && !long {
            return None;
        }
        let full = t * step == m;
        if t * step > m || (full && step != 1) {
            return None;
        }
        let down = !full && self.rng.chance(1, 3);
        // Where the sequence crosses: the unsigned wrap point (0), the
        // signed one (m/2), or anywhere.
        let point = match self.rng.below(5) {
            0 | 1 => Some(0),
            2 | 3 => Some(m / 2),
            _ => None,
        };
        let span = ((t - 1) * step).max(0);
        let u = match point {
            Some(p) if t > 0 => {
                // Inside the body, or (a = span + step) on the last step.
                let a = if self.rng.chance(1, 5) {
                    span + step
                } else {
                    self.rng.range(1, span.max(1))
                }
                .min(m - 1);
                if down {
                    (p + a - 1).rem_euclid(m)
                } else {
                    (p - a).rem_euclid(m)
                }
            }
            _ => self.rng.range(0, m - 1),
        };
        let e = if down {
            (u - t * step).rem_euclid(m)
        } else {
            (u + t * step).rem_euclid(m)
        };
        let val = |x: i128| {
            if ty.is_signed() && x >= m / 2 {
                x - m
            } else {
                x
            }
        };
        let (sc, ec) = (val(u), val(e));
        let wraps = if down {
            sc - t * step < ty.min()
        } else {
            sc + t * step > ty.max()
        };
        let (lo, hi) = if full {
            (ty.min(), ty.max())
        } else if down {
            if sc - span >= ty.min() {
                (sc - span, sc)
            } else {
                (ty.min(), ty.max())
            }
        } else if sc + span <= ty.max() {
            (sc, sc + span)
        } else {
            (ty.min(), ty.max())
        };
        let name = self.fresh("i");
        let ut = ty.unsigned();
        let slit = int_lit(sc, ty);
        let diff = if down {
            format!("{slit} - {name}")
        } else {
            format!("{name} - {slit}")
        };
        let rebased = if step == 1 {
            format!("(({})({diff}))", ut.c())
        } else {
            format!("((({})({diff})) / {step})", ut.c())
        };
        let mut marks = Vec::new();
        if wraps || full {
            marks.push(match w {
                8 => "wrap8",
                16 => "wrap16",
                _ => "wrap-wide",
            });
        }
        if long {
            marks.push("wrap-long");
        }
        if full {
            marks.push("wrap-full");
        }
        if POW2_TRIPS.contains(&t) {
            marks.push("trip-pow2");
        }
        Some(LoopSpec {
            form: if full {
                Form::WrapDo
            } else {
                Form::WrapFor { down }
            },
            start: slit,
            end: int_lit(ec, ty),
            step,
            marks,
            wrap: Some((sc, ec, down, t)),
            trips: t.max(1) as u64,
            var: LoopVar {
                name,
                ty,
                lo,
                hi,
                allows_continue: !full,
                upper: None,
                rebased: Some((rebased, (t - 1).max(0))),
            },
        })
    }

    fn loop_spec(&mut self, budget: u64) -> LoopSpec {
        for _ in 0..16 {
            if let Some(s) = self.try_loop_spec(budget) {
                return s;
            }
        }
        // Fallback: for (int v = 0; v < 1; v++)
        let name = self.fresh("i");
        LoopSpec {
            form: Form::Up,
            start: "0".into(),
            end: "1".into(),
            step: 1,
            marks: Vec::new(),
            wrap: None,
            trips: 1,
            var: LoopVar {
                name: name.clone(),
                ty: Ty::I32,
                lo: 0,
                hi: 0,
                allows_continue: true,
                upper: Some(("1".into(), 1)),
                rebased: None,
            },
        }
    }

    fn try_loop_spec(&mut self, budget: u64) -> Option<LoopSpec> {
        let budget = budget as i128;
        let ty = *self.rng.pick(&[
            Ty::I32,
            Ty::I32,
            Ty::I32,
            Ty::I64,
            Ty::U32,
            Ty::U64,
            Ty::U64,
            Ty::I16,
            Ty::U16,
            Ty::U8,
            Ty::I8,
        ]);
        let step: i128 = *self.rng.pick(&[1, 1, 1, 1, 1, 2, 3, 4, 8]);
        let mut marks: Vec<&'static str> = Vec::new();
        let n = self.loops.len();
        // Start: (text, lo, hi).
        let (start, slo, shi) = match self.rng.below(10) {
            0..=5 => ("0".to_string(), 0, 0),
            6 => {
                let c = self.rng.range(1, 3);
                (c.to_string(), c, c)
            }
            7 | 8 if n > 0 => {
                let o = self.loops[n - 1].clone();
                if o.lo < 0 || o.hi >= o.ty.arith().max() {
                    // (`o + 1` must not wrap in o's type.)
                    ("0".to_string(), 0, 0)
                } else if self.rng.chance(1, 2) {
                    (format!("({})({})", ty.c(), o.name), o.lo, o.hi)
                } else {
                    (format!("({})({} + 1)", ty.c(), o.name), o.lo + 1, o.hi + 1)
                }
            }
            _ => ("0".to_string(), 0, 0),
        };
        // End: (text, lo, hi) with lo >= 0.
        let bounds: Vec<IntParam> = self.ints.iter().filter(|p| p.bound).cloned().collect();
        let (end, elo, ehi) = match self.rng.below(10) {
            0..=3 => {
                let c = pick_trip(self.rng, budget * step);
                if POW2_TRIPS.contains(&c) {
                    marks.push("trip-pow2");
                }
                if c <= 3 {
                    marks.push("trip-small");
                }
                (c.to_string(), c, c)
            }
            4..=6 if !bounds.is_empty() => {
                let p = self.rng.pick(&bounds).clone();
                (format!("({})({})", ty.c(), p.name), p.lo, p.hi)
            }
            7 if !bounds.is_empty() => {
                let p = self.rng.pick(&bounds).clone();
                let c = *self.rng.pick(&[4i128, 8, 16, 17, 31]);
                (
                    format!("({})({} < {c} ? {} : {c})", ty.c(), p.name, p.name),
                    p.lo.min(c),
                    p.hi.min(c),
                )
            }
            8 if !bounds.is_empty() => {
                let p = self.rng.pick(&bounds).clone();
                (
                    format!("({})({} >> 1)", ty.c(), p.name),
                    p.lo >> 1,
                    p.hi >> 1,
                )
            }
            9 if n > 0 && self.loops[n - 1].lo >= 0 => {
                let o = self.loops[n - 1].clone();
                (format!("({})({})", ty.c(), o.name), o.lo, o.hi)
            }
            _ => {
                let c = pick_trip(self.rng, budget * step);
                if POW2_TRIPS.contains(&c) {
                    marks.push("trip-pow2");
                }
                if c <= 3 {
                    marks.push("trip-small");
                }
                (c.to_string(), c, c)
            }
        };
        // Sometimes a narrow counter runs up to its type's limit:
        // `for (T v = max - t; v < max; v++)` and the other forms.
        let (start, slo, shi, end, elo, ehi, step) = if ty.bits() <= 16 && self.rng.chance(1, 5) {
            let t = pick_trip(self.rng, budget).min(ty.max());
            let s0 = ty.max() - t;
            let m = ty.max();
            marks.clear();
            if POW2_TRIPS.contains(&t) {
                marks.push("trip-pow2");
            }
            (s0.to_string(), s0, s0, m.to_string(), m, m, 1)
        } else {
            (start, slo, shi, end, elo, ehi, step)
        };
        if elo < 0 || slo < 0 {
            return None;
        }
        // The conversions of start and end to the counter's type are exact
        // (narrow counters may come up to their type's limit: the check of
        // `hi + step` below keeps every value they take in range).
        if shi > ty.max() || ehi > ty.max() {
            return None;
        }
        let form = match self.rng.below(20) {
            0..=7 => Form::Up,
            8 => Form::UpLe,
            9 => Form::Ne,
            10 | 11 => Form::UpAnd,
            12 | 13 => Form::Down,
            14 => Form::DownPost,
            15 => Form::DownGt,
            16 | 17 => Form::While,
            _ => Form::DoWhile,
        };
        let step = match form {
            Form::Ne | Form::DownPost => 1,
            _ => step,
        };
        match form {
            // v != end only terminates when end >= start is certain.
            Form::Ne if elo < shi => return None,
            // `end - 1` must not wrap.
            Form::Down if !ty.is_signed() => return None,
            // v -= step must not wrap below zero while v > start.
            Form::DownGt if !ty.is_signed() && slo < step - 1 => return None,
            _ => {}
        }
        let (lo, hi, trips) = match form {
            Form::Up | Form::Ne | Form::UpAnd | Form::While => {
                (slo, slo.max(ehi - 1), ceil_div((ehi - slo).max(0), step))
            }
            Form::UpLe => {
                // v <= end, with `end` inclusive.
                (slo, slo.max(ehi), ceil_div((ehi - slo + 1).max(0), step))
            }
            // The body runs once with v = start even when start >= end.
            Form::DoWhile => (
                slo,
                shi.max(ehi - 1),
                ceil_div((ehi - slo).max(1), step).max(1),
            ),
            Form::Down | Form::DownPost => {
                (slo, slo.max(ehi - 1), ceil_div((ehi - slo).max(0), step))
            }
            Form::DownGt => (
                slo + 1,
                (slo + 1).max(ehi),
                ceil_div((ehi - slo).max(0), step),
            ),
            Form::WrapFor { .. } | Form::WrapDo => return None,
        };
        if trips > budget {
            return None;
        }
        // The largest value the counter takes, including after the last step.
        if hi + step > ty.max() {
            return None;
        }
        if ty.bits() <= 16 && hi + step > ty.max() - 8 {
            marks.push("narrow-limit");
        }
        let upper = match form {
            Form::Up | Form::Ne | Form::UpAnd | Form::While | Form::Down | Form::DownPost => {
                Some((end.clone(), ehi))
            }
            _ => None,
        };
        let name = self.fresh("i");
        Some(LoopSpec {
            form,
            start,
            end,
            step,
            marks,
            wrap: None,
            trips: trips.max(1) as u64,
            var: LoopVar {
                name,
                ty,
                lo,
                hi,
                allows_continue: !matches!(form, Form::While | Form::DoWhile),
                upper,
                rebased: None,
            },
        })
    }
}

// ---------------------------------------------------------------- idioms

/// The counter of an idiom's loop: `v` in `[0, n)` with `n <= nmax`.
struct IdiomLoop {
    var: LoopVar,
    /// The trip count's text (a constant, `(T)(n0)` or a clamped `n0`).
    n: String,
    nmax: i128,
    header: String,
    marks: Vec<&'static str>,
}

/// An affine index `text + o` placed in bounds (see [`KernelGen::place`]).
struct Place {
    /// Positive terms (or empty).
    pos: String,
    /// Negative terms, each with its leading ` - `.
    neg: String,
    o: i128,
}

impl Place {
    /// The index at distance `d` (within the `[dlo, dhi]` it was placed
    /// for): positive terms, the offset, then the negative terms, so that
    /// every partial sum is non-negative and exact in any integer type.
    fn at(&self, d: i128) -> String {
        let k = self.o + d;
        let mut s = if self.pos.is_empty() {
            k.to_string()
        } else if k > 0 {
            format!("{} + {k}", self.pos)
        } else if k < 0 {
            format!("{} - {}", self.pos, -k)
        } else {
            self.pos.clone()
        };
        s.push_str(&self.neg);
        s
    }
}

fn load(p: &Ptr, idx: &str) -> Ex {
    Ex {
        s: format!("{}[IDX({idx}, {})]", p.name, p.extent),
        ty: p.elem,
        rg: p.elem.full(),
    }
}

impl KernelGen<'_> {
    /// One of the shapes a vectorizer meets (see the module docs), as a
    /// loop of at most `budget` iterations. False when none fits the
    /// kernel's pointers.
    fn idiom(&mut self, budget: u64) -> bool {
        let cap = budget as i128;
        let weights = [12, 12, 12, 8, 12, 10, 8, 6];
        for _ in 0..4 {
            let ok = match self.rng.weighted(&weights) {
                0 => self.idiom_alias_self(cap),
                1 => self.idiom_alias_cross(cap),
                2 => self.idiom_reduce(cap),
                3 => self.idiom_minmax_index(cap),
                4 => self.idiom_search(cap),
                5 => self.idiom_cond_store(cap),
                6 => self.idiom_freduce(cap),
                _ => self.idiom_nsw(cap),
            };
            if ok {
                return true;
            }
        }
        false
    }

    /// A counter for an idiom: `for (T v = 0; v < n; v++)` or (unless
    /// `up_only`) `for (T v = n; v-- > 0;)`, with `n <= cap`.
    fn idiom_loop(&mut self, cap: i128, up_only: bool) -> Option<IdiomLoop> {
        if cap < 1 {
            return None;
        }
        let ty = *self.rng.pick(&[
            Ty::I32,
            Ty::I32,
            Ty::I32,
            Ty::I64,
            Ty::U32,
            Ty::U64,
            Ty::I16,
            Ty::U8,
        ]);
        let bounds: Vec<IntParam> = self.ints.iter().filter(|p| p.bound).cloned().collect();
        let fitting: Vec<IntParam> = bounds.iter().filter(|p| p.hi <= cap).cloned().collect();
        let mut marks = Vec::new();
        let (n, nmax) = match self.rng.below(10) {
            6 | 7 if !fitting.is_empty() => {
                let p = self.rng.pick(&fitting).clone();
                (format!("({})({})", ty.c(), p.name), p.hi)
            }
            8 | 9 if !bounds.is_empty() => {
                let p = self.rng.pick(&bounds).clone();
                // (A clamp at 0 would only make a dead loop.)
                let c = pick_trip(self.rng, cap).max(1);
                (
                    format!("({})({} < {c} ? {} : {c})", ty.c(), p.name, p.name),
                    p.hi.min(c),
                )
            }
            _ => {
                let c = pick_trip(self.rng, cap);
                if POW2_TRIPS.contains(&c) {
                    marks.push("trip-pow2");
                }
                if c <= 3 {
                    marks.push("trip-small");
                }
                (c.to_string(), c)
            }
        };
        let ty = if nmax > ty.max() { Ty::I32 } else { ty };
        let name = self.fresh("i");
        let t = ty.c();
        let header = if up_only || self.rng.chance(3, 4) {
            format!("for ({t} {name} = 0; {name} < {n}; {name}++) {{")
        } else {
            format!("for ({t} {name} = {n}; {name}-- > 0;) {{")
        };
        Some(IdiomLoop {
            var: LoopVar {
                name,
                ty,
                lo: 0,
                hi: (nmax - 1).max(0),
                allows_continue: true,
                upper: Some((n.clone(), nmax)),
                rebased: None,
            },
            n,
            nmax,
            header,
            marks,
        })
    }

    /// Places `s·v` (plus, sometimes, a multiple of the enclosing loop's
    /// counter) in a pointer of `extent` elements so that the index plus
    /// any `d` in `[dlo, dhi]` is in bounds.
    fn place(&mut self, v: &LoopVar, s: i128, extent: u64, dlo: i128, dhi: i128) -> Option<Place> {
        let own = (s, v.name.clone(), v.lo, v.hi);
        if let Some(u) = self.loops.last() {
            if u.lo >= 0 && u.hi <= 4096 && self.rng.chance(1, 3) {
                let c = *self.rng.pick(&[1i128, 2, 8, 16, v.hi + 1]);
                let outer = (c, u.name.clone(), u.lo, u.hi);
                let terms = [own.clone(), outer];
                if let Some(p) = self.place_terms(&terms, extent, dlo, dhi) {
                    return Some(p);
                }
            }
        }
        self.place_terms(&[own], extent, dlo, dhi)
    }

    fn place_terms(
        &mut self,
        terms: &[(i128, String, i128, i128)],
        extent: u64,
        dlo: i128,
        dhi: i128,
    ) -> Option<Place> {
        let (mut lo, mut hi) = (0i128, 0i128);
        for (c, _, a, b) in terms {
            let (x, y) = (c * a, c * b);
            if x.abs().max(y.abs()) > 1 << 28 {
                return None;
            }
            lo += x.min(y);
            hi += x.max(y);
        }
        let e = extent as i128;
        let (omin, omax) = (-(lo + dlo), e - 1 - (hi + dhi));
        if omin > omax {
            return None;
        }
        let o = if self.rng.chance(1, 2) {
            omin
        } else {
            self.rng.range(omin, omax.min(omin + 16))
        };
        let render = |c: i128, name: &str| match c.abs() {
            1 => name.to_string(),
            a => format!("{a} * {name}"),
        };
        let pos: Vec<String> = terms
            .iter()
            .filter(|t| t.0 > 0)
            .map(|t| render(t.0, &t.1))
            .collect();
        let neg: String = terms
            .iter()
            .filter(|t| t.0 < 0)
            .map(|t| format!(" - {}", render(t.0, &t.1)))
            .collect();
        Some(Place {
            pos: pos.join(" + "),
            neg,
            o,
        })
    }

    /// Folds a value into a global (so that it reaches the output).
    fn sink(&mut self, e: &Ex) {
        if self.globals.is_empty() {
            return;
        }
        let (g, t) = self.rng.pick(self.globals).clone();
        let x = cast(e.clone(), t);
        self.line(&format!("{g} = {g} * 31u + {};", x.s));
    }

    fn push_temp(&mut self, name: &str, ty: Ty, rg: Rg) {
        self.locals.push(Local {
            name: name.to_string(),
            ty,
            rg,
            kind: LocalKind::Temp,
        });
    }

    fn marks(&mut self, first: &str, lp: &IdiomLoop) {
        self.line(&format!("/* dt:{first} */"));
        for m in &lp.marks {
            self.line(&format!("/* dt:{m} */"));
        }
    }

    fn writable(&self) -> Vec<Ptr> {
        self.ptrs.iter().filter(|p| !p.readonly).cloned().collect()
    }

    /// `a[i] = a[i] op a[i+k]` (or `a[i+k] = f(a[i])`) for `k` of each
    /// sign: a store that aliases a load of the same or a nearby
    /// iteration.
    fn idiom_alias_self(&mut self, cap: i128) -> bool {
        let ws = self.writable();
        if ws.is_empty() {
            return false;
        }
        let p = self.rng.pick(&ws).clone();
        let k = *self
            .rng
            .pick(&[1i128, 1, 2, 3, 4, 7, 8, 16, -1, -1, -2, -3, -4, -7, -8, -16]);
        let Some(lp) = self.idiom_loop(cap.min(p.extent as i128 - k.abs()), false) else {
            return false;
        };
        let s = if self.rng.chance(1, 4) { -1 } else { 1 };
        let Some(pl) = self.place(&lp.var, s, p.extent, k.min(0), k.max(0)) else {
            return false;
        };
        self.loops.push(lp.var.clone());
        let t = self.pick_arith(p.elem);
        let shift = self.rng.chance(1, 4);
        let (dst, value) = if shift {
            // a[i+k] = a[i] op x
            let a = load(&p, &pl.at(0));
            let x = self.expr(1, t);
            let op = *self.rng.pick(&[Op::Add, Op::Mul, Op::Sub, Op::Max]);
            (pl.at(k), binop(op, a, x, t, self.rng))
        } else {
            let a = load(&p, &pl.at(0));
            let b = load(&p, &pl.at(k));
            let op = if t.is_float() {
                *self
                    .rng
                    .pick(&[Op::Add, Op::Sub, Op::Max, Op::Min, Op::Mul])
            } else {
                *self.rng.pick(&[
                    Op::Add,
                    Op::Add,
                    Op::Sub,
                    Op::Xor,
                    Op::Max,
                    Op::Min,
                    Op::Mul,
                ])
            };
            let mut v = binop(op, a, b, t, self.rng);
            if self.rng.chance(1, 3) {
                let x = self.expr(1, t);
                v = binop(Op::Add, v, x, t, self.rng);
            }
            (pl.at(0), v)
        };
        let value = self.fit_float(value, p.elem, FLOAT_BOUND);
        let value = cast(value, p.elem);
        self.loops.pop();
        self.marks(if k > 0 { "alias-self+" } else { "alias-self-" }, &lp);
        self.line(&lp.header);
        self.indent += 1;
        self.line(&format!(
            "{}[IDX({dst}, {})] = {};",
            p.name, p.extent, value.s
        ));
        self.indent -= 1;
        self.line("}");
        true
    }

    /// `q[sq·i + a] = f(p[sp·i + b])` for two pointer parameters (which
    /// `main` often points into one array at a small distance), strides of
    /// either sign.
    fn idiom_alias_cross(&mut self, cap: i128) -> bool {
        let ws = self.writable();
        if ws.is_empty() || self.ptrs.len() < 2 {
            return false;
        }
        let q = self.rng.pick(&ws).clone();
        let others: Vec<Ptr> = self
            .ptrs
            .iter()
            .filter(|p| p.name != q.name)
            .cloned()
            .collect();
        let same: Vec<Ptr> = others
            .iter()
            .filter(|p| p.elem == q.elem)
            .cloned()
            .collect();
        let p = if !same.is_empty() && self.rng.chance(3, 4) {
            self.rng.pick(&same).clone()
        } else {
            self.rng.pick(&others).clone()
        };
        let sq = *self.rng.pick(&[1i128, 1, 1, -1, 2]);
        let sp = if self.rng.chance(1, 2) {
            -sq.signum()
        } else {
            *self.rng.pick(&[1i128, -1, 2])
        };
        let room = |s: i128, e: u64| {
            if s == 2 {
                (e as i128 + 1) / 2
            } else {
                e as i128
            }
        };
        let two = self.rng.chance(1, 3);
        let cap = cap
            .min(room(sq, q.extent))
            .min(room(sp, p.extent) - i128::from(two));
        let Some(lp) = self.idiom_loop(cap, false) else {
            return false;
        };
        let Some(plq) = self.place(&lp.var, sq, q.extent, 0, 0) else {
            return false;
        };
        let Some(plp) = self.place(&lp.var, sp, p.extent, 0, i128::from(two)) else {
            return false;
        };
        self.loops.push(lp.var.clone());
        let t = self.pick_arith(q.elem);
        let mut v = load(&p, &plp.at(0));
        if two {
            let b = load(&p, &plp.at(1));
            let op = *self.rng.pick(&[Op::Add, Op::Sub, Op::Max]);
            v = binop(op, v, b, t, self.rng);
        }
        if self.rng.chance(1, 3) {
            let old = load(&q, &plq.at(0));
            v = binop(Op::Add, old, v, t, self.rng);
        }
        if self.rng.chance(1, 2) {
            let x = self.expr(1, t);
            let op = *self.rng.pick(&[Op::Add, Op::Mul, Op::Xor, Op::Sub]);
            let op = if t.is_float() && op == Op::Xor {
                Op::Add
            } else {
                op
            };
            v = binop(op, v, x, t, self.rng);
        }
        let v = self.fit_float(v, q.elem, FLOAT_BOUND);
        let v = cast(v, q.elem);
        self.loops.pop();
        self.marks("alias-cross", &lp);
        if sq.signum() != sp.signum() {
            self.line("/* dt:alias-mixed */");
        }
        self.line(&lp.header);
        self.indent += 1;
        self.line(&format!(
            "{}[IDX({}, {})] = {};",
            q.name,
            plq.at(0),
            q.extent,
            v.s
        ));
        self.indent -= 1;
        self.line("}");
        true
    }

    /// A reduction (`+ - ^ | & * min max`) over a pointer whose partial
    /// value escapes the loop: stored every iteration, or read after an
    /// early `break`; its final value is folded into a global.
    fn idiom_reduce(&mut self, cap: i128) -> bool {
        if self.ptrs.is_empty() {
            return false;
        }
        let p = self.rng.pick(&self.ptrs).clone();
        let Some(lp) = self.idiom_loop(cap.min(p.extent as i128), false) else {
            return false;
        };
        let s = if self.rng.chance(1, 4) { -1 } else { 1 };
        let Some(pl) = self.place(&lp.var, s, p.extent, 0, 0) else {
            return false;
        };
        let n = lp.nmax;
        let x = load(&p, &pl.at(0));
        let name = self.fresh("r");
        let (rt, init, stmt, rg) = if p.elem.is_float() {
            let rt = if self.rng.chance(3, 4) {
                p.elem
            } else {
                *self.rng.pick(&[Ty::F32, Ty::F64])
            };
            let init = self.const_of(rt);
            let x = cast(x, rt);
            let (stmt, m) = match self.rng.below(6) {
                0 => (
                    format!("{name} -= {};", x.s),
                    init.mag() + n as f64 * x.mag(),
                ),
                1 => (
                    format!("{name} = {} > {name} ? {} : {name};", x.s, x.s),
                    init.mag().max(x.mag()),
                ),
                2 => (
                    format!("{name} = {} < {name} ? {} : {name};", x.s, x.s),
                    init.mag().max(x.mag()),
                ),
                _ => (
                    format!("{name} += {};", x.s),
                    init.mag() + n as f64 * x.mag(),
                ),
            };
            (rt, init, stmt, Rg::Flt(m * 1.1))
        } else {
            let op = [
                Op::Add,
                Op::Sub,
                Op::Xor,
                Op::Or,
                Op::And,
                Op::Max,
                Op::Min,
                Op::Mul,
            ][self.rng.weighted(&[40, 10, 15, 5, 5, 10, 10, 5])];
            let (xl, xh) = x.int();
            let xm = xl.abs().max(xh.abs());
            let rt = match op {
                Op::Add | Op::Sub => {
                    let t = *self
                        .rng
                        .pick(&[Ty::I32, Ty::I64, Ty::U32, Ty::U64, Ty::I64]);
                    let b = 10 + n * xm;
                    if !t.is_signed() || (-b >= t.min() && b <= t.max()) {
                        t
                    } else if -b >= Ty::I64.min() && b <= Ty::I64.max() {
                        Ty::I64
                    } else {
                        Ty::U64
                    }
                }
                Op::Xor | Op::Or | Op::Mul => *self.rng.pick(&[Ty::U32, Ty::U64]),
                _ => {
                    if p.elem == Ty::U64 {
                        Ty::U64
                    } else {
                        *self.rng.pick(&[p.elem.arith(), Ty::I64])
                    }
                }
            };
            let v0 = match op {
                Op::Max if self.rng.chance(1, 2) => rt.min(),
                Op::Min | Op::And if self.rng.chance(1, 2) => rt.max(),
                Op::Mul => 1,
                _ => self.rng.range(-10, 10).clamp(rt.min(), rt.max()),
            };
            let init = lit(v0, rt);
            let x = cast(x, rt);
            let (a, b) = x.int();
            let stmt = match op {
                Op::Add => format!("{name} += {};", x.s),
                Op::Sub => format!("{name} -= {};", x.s),
                Op::Xor => format!("{name} ^= {};", x.s),
                Op::Or => format!("{name} |= {};", x.s),
                Op::And => format!("{name} &= {};", x.s),
                Op::Mul => format!("{name} *= {};", x.s),
                Op::Max => format!("{name} = {} > {name} ? {} : {name};", x.s, x.s),
                _ => format!("{name} = {} < {name} ? {} : {name};", x.s, x.s),
            };
            let rg = match op {
                Op::Add | Op::Sub if rt.is_signed() => {
                    let b = v0.abs() + n * xm;
                    Rg::Int(-b, b)
                }
                Op::Max | Op::Min => Rg::Int(v0.min(a), v0.max(b)),
                _ => rt.full(),
            };
            (rt, init, stmt, rg)
        };
        let r = Ex {
            s: name.clone(),
            ty: rt,
            rg,
        };
        // How the partial value escapes.
        let ws: Vec<Ptr> = self
            .writable()
            .into_iter()
            .filter(|q| q.extent as i128 >= n)
            .collect();
        let how = self
            .rng
            .weighted(&[if ws.is_empty() { 0 } else { 4 }, 4, 2]);
        let mut body = vec![stmt];
        match how {
            0 => {
                let q = self.rng.pick(&ws).clone();
                let sq = if self.rng.chance(1, 4) { -1 } else { 1 };
                let Some(plq) = self.place(&lp.var, sq, q.extent, 0, 0) else {
                    return false;
                };
                let v = self.fit_float(r.clone(), q.elem, FLOAT_BOUND);
                let v = cast(v, q.elem);
                body.push(format!(
                    "{}[IDX({}, {})] = {};",
                    q.name,
                    plq.at(0),
                    q.extent,
                    v.s
                ));
            }
            1 => {
                let c = if rt.is_float() {
                    let k = self.const_of(rt);
                    cmp(Op::Lt, &k, &r)
                } else {
                    let k = self.const_of(rt);
                    if self.rng.chance(1, 2) {
                        cmp(Op::Lt, &k, &r)
                    } else {
                        cmp(Op::Eq, &r, &k)
                    }
                };
                body.push(format!("if ({}) break;", c.s));
            }
            _ => {}
        }
        self.marks(if how < 2 { "reduce-escape" } else { "reduce" }, &lp);
        self.line(&format!("{} {name} = {};", rt.c(), init.s));
        self.line(&lp.header);
        self.indent += 1;
        for b in &body {
            self.line(b);
        }
        self.indent -= 1;
        self.line("}");
        self.sink(&r);
        self.push_temp(&name, rt, rg);
        true
    }

    /// The minimum (or maximum) of a pointer's elements and the index of
    /// its first (or last) occurrence.
    fn idiom_minmax_index(&mut self, cap: i128) -> bool {
        if self.ptrs.is_empty() {
            return false;
        }
        let p = self.rng.pick(&self.ptrs).clone();
        let Some(lp) = self.idiom_loop(cap.min(p.extent as i128), false) else {
            return false;
        };
        let s = if self.rng.chance(1, 4) { -1 } else { 1 };
        let Some(pl) = self.place(&lp.var, s, p.extent, 0, 0) else {
            return false;
        };
        let is_max = self.rng.chance(1, 2);
        let strict = self.rng.chance(2, 3);
        let sym = match (is_max, strict) {
            (false, true) => "<",
            (false, false) => "<=",
            (true, true) => ">",
            (true, false) => ">=",
        };
        let t = p.elem;
        let m = self.fresh("m");
        let mi = self.fresh("mi");
        let init = if self.rng.chance(1, 2) {
            // A sentinel no element passes (or equals).
            if t.is_float() {
                float_lit(if is_max { -FLOAT_BOUND } else { FLOAT_BOUND }, t)
            } else {
                int_lit(if is_max { t.min() } else { t.max() }, t)
            }
        } else {
            let j = self.rng.below(p.extent);
            load(&p, &j.to_string()).s
        };
        let it = *self.rng.pick(&[Ty::I32, Ty::I64]);
        let x = load(&p, &pl.at(0));
        let xn = self.fresh("x");
        let v = &lp.var.name;
        self.marks("minmax-index", &lp);
        self.line(&format!("{} {m} = {init};", t.c()));
        self.line(&format!("{} {mi} = -1;", it.c()));
        self.line(&lp.header);
        self.indent += 1;
        match self.rng.below(3) {
            0 => {
                self.line(&format!("const {} {xn} = {};", t.c(), x.s));
                self.line(&format!("if ({xn} {sym} {m}) {{"));
                self.line(&format!("  {m} = {xn};"));
                self.line(&format!("  {mi} = ({}){v};", it.c()));
                self.line("}");
            }
            1 => {
                self.line(&format!("const {} {xn} = {};", t.c(), x.s));
                self.line(&format!("const int {xn}c = {xn} {sym} {m};"));
                self.line(&format!("{mi} = {xn}c ? ({}){v} : {mi};", it.c()));
                self.line(&format!("{m} = {xn}c ? {xn} : {m};"));
            }
            _ => {
                self.line(&format!("if ({} {sym} {m}) {{", x.s));
                self.line(&format!("  {m} = {};", x.s));
                self.line(&format!("  {mi} = ({}){v};", it.c()));
                self.line("}");
            }
        }
        self.indent -= 1;
        self.line("}");
        let mrg = t.full();
        let irg = Rg::Int(-1, (lp.nmax - 1).max(-1));
        let mex = Ex {
            s: m.clone(),
            ty: t,
            rg: mrg,
        };
        let iex = Ex {
            s: mi.clone(),
            ty: it,
            rg: irg,
        };
        self.sink(&iex);
        if self.rng.chance(1, 2) {
            self.sink(&mex);
        }
        self.push_temp(&m, t, mrg);
        self.push_temp(&mi, it, irg);
        true
    }

    /// A search loop with an early exit: `break` with the found index used
    /// after the loop, `return` of the index, or `while (i < n && a[i] !=
    /// x) i++;`.
    fn idiom_search(&mut self, cap: i128) -> bool {
        if self.ptrs.is_empty() {
            return false;
        }
        let p = self.rng.pick(&self.ptrs).clone();
        let variant = self.rng.weighted(&[40, 30, 30]);
        let Some(lp) = self.idiom_loop(cap.min(p.extent as i128), variant == 2) else {
            return false;
        };
        let s = if variant != 2 && self.rng.chance(1, 4) {
            -1
        } else {
            1
        };
        let Some(pl) = self.place(&lp.var, s, p.extent, 0, 0) else {
            return false;
        };
        let x = load(&p, &pl.at(0));
        let c = if p.elem.is_float() {
            let k = float_lit(self.rng.range(-128, 128) as f64 / 8.0, p.elem);
            if self.rng.chance(1, 2) {
                format!("({} == {k})", x.s)
            } else {
                format!("({} > {k})", x.s)
            }
        } else {
            let t = p.elem.arith();
            let x = cast(x, t);
            match self.rng.below(10) {
                0..=6 => {
                    let k = self.rng.range(-3, 7).clamp(t.min(), t.max());
                    cmp(Op::Eq, &x, &lit(k, t)).s
                }
                7 | 8 => {
                    let j = self.rng.below(p.extent);
                    let y = cast(load(&p, &j.to_string()), t);
                    cmp(Op::Eq, &x, &y).s
                }
                _ => {
                    let k = self.const_of(t);
                    cmp(Op::Lt, &k, &x).s
                }
            }
        };
        let v = lp.var.name.clone();
        match variant {
            0 => {
                let f = self.fresh("f");
                let it = *self.rng.pick(&[Ty::I32, Ty::I64]);
                self.marks("search-break", &lp);
                self.line(&format!("{} {f} = -1;", it.c()));
                self.line(&lp.header);
                self.line(&format!("  if ({c}) {{"));
                self.line(&format!("    {f} = ({}){v};", it.c()));
                self.line("    break;");
                self.line("  }");
                self.line("}");
                let rg = Rg::Int(-1, (lp.nmax - 1).max(-1));
                self.sink(&Ex {
                    s: f.clone(),
                    ty: it,
                    rg,
                });
                self.push_temp(&f, it, rg);
            }
            1 => {
                let ret = match self.ret {
                    None => "return;".to_string(),
                    Some(t) => {
                        let vx = Ex {
                            s: v.clone(),
                            ty: lp.var.ty,
                            rg: Rg::Int(0, lp.var.hi),
                        };
                        format!("return {};", cast(vx, t).s)
                    }
                };
                self.marks("search-return", &lp);
                self.line(&lp.header);
                self.line(&format!("  if ({c}) {ret}"));
                self.line("}");
            }
            _ => {
                let t = lp.var.ty;
                self.marks("search-while", &lp);
                self.line(&format!("{} {v} = 0;", t.c()));
                self.line(&format!("while ({v} < {} && !{c}) {v}++;", lp.n));
                let rg = Rg::Int(0, lp.nmax);
                self.sink(&Ex {
                    s: v.clone(),
                    ty: t,
                    rg,
                });
                self.push_temp(&v, t, rg);
            }
        }
        true
    }

    /// `if (cond(p[i])) q[i] = x;` (sometimes with an `else` store), where
    /// `q` may be `p` itself.
    fn idiom_cond_store(&mut self, cap: i128) -> bool {
        let ws = self.writable();
        if ws.is_empty() {
            return false;
        }
        let q = self.rng.pick(&ws).clone();
        let p = if self.rng.chance(1, 3) {
            q.clone()
        } else {
            self.rng.pick(&self.ptrs).clone()
        };
        let Some(lp) = self.idiom_loop(cap.min(q.extent as i128).min(p.extent as i128), false)
        else {
            return false;
        };
        let sq = if self.rng.chance(1, 4) { -1 } else { 1 };
        let Some(plq) = self.place(&lp.var, sq, q.extent, 0, 0) else {
            return false;
        };
        let pidx = if p.name == q.name && self.rng.chance(1, 2) {
            plq.at(0)
        } else {
            let sp = if self.rng.chance(1, 4) { -1 } else { 1 };
            let Some(plp) = self.place(&lp.var, sp, p.extent, 0, 0) else {
                return false;
            };
            plp.at(0)
        };
        self.loops.push(lp.var.clone());
        let x = load(&p, &pidx);
        let c = if p.elem.is_float() {
            let k = self.const_of(p.elem);
            cmp(*self.rng.pick(&[Op::Lt, Op::Le]), &x, &k)
        } else {
            let t = p.elem.arith();
            let xa = cast(x.clone(), t);
            if self.rng.chance(1, 3) {
                let m = *self.rng.pick(&[1u32, 3, 7]);
                let xu = cast(xa, Ty::U32);
                Ex {
                    s: format!("(({} & {m}u) == 0u)", xu.s),
                    ty: Ty::I32,
                    rg: Rg::Int(0, 1),
                }
            } else {
                let k = self.const_of(t);
                cmp(*self.rng.pick(&[Op::Lt, Op::Le, Op::Ne]), &xa, &k)
            }
        };
        let t = self.pick_arith(q.elem);
        let value = if self.rng.chance(1, 2) {
            // A function of the tested value (`a[i] = -a[i]`, ...).
            let zero = if t.is_float() {
                Ex {
                    s: float_lit(0.0, t),
                    ty: t,
                    rg: Rg::Flt(0.0),
                }
            } else {
                lit(0, t)
            };
            let op = *self.rng.pick(&[Op::Sub, Op::Add, Op::Mul]);
            let y = if op == Op::Sub { zero } else { self.expr(1, t) };
            if op == Op::Sub {
                binop(Op::Sub, y, x, t, self.rng)
            } else {
                binop(op, x, y, t, self.rng)
            }
        } else {
            self.expr(2, t)
        };
        let value = cast(self.fit_float(value, q.elem, FLOAT_BOUND), q.elem);
        let other = if self.rng.chance(1, 3) {
            let y = self.expr(1, q.elem);
            Some(cast(self.fit_float(y, q.elem, FLOAT_BOUND), q.elem))
        } else {
            None
        };
        self.loops.pop();
        self.marks("cond-store", &lp);
        self.line(&lp.header);
        let lhs = format!("{}[IDX({}, {})]", q.name, plq.at(0), q.extent);
        match other {
            None => self.line(&format!("  if ({}) {lhs} = {};", c.s, value.s)),
            Some(y) => {
                self.line(&format!("  if ({}) {lhs} = {};", c.s, value.s));
                self.line(&format!("  else {lhs} = {};", y.s));
            }
        }
        self.line("}");
        true
    }

    /// A floating-point sum (or dot product) in source order; C fixes the
    /// order, so a vectorizer may not reassociate it.
    fn idiom_freduce(&mut self, cap: i128) -> bool {
        let floats: Vec<Ptr> = self
            .ptrs
            .iter()
            .filter(|p| p.elem.is_float())
            .cloned()
            .collect();
        let p = if !floats.is_empty() {
            self.rng.pick(&floats).clone()
        } else if !self.ptrs.is_empty() && self.rng.chance(1, 2) {
            self.rng.pick(&self.ptrs).clone()
        } else {
            return false;
        };
        let q = if floats.len() > 1 && self.rng.chance(1, 3) {
            Some(self.rng.pick(&floats).clone())
        } else {
            None
        };
        let cap = cap
            .min(p.extent as i128)
            .min(q.as_ref().map_or(i128::MAX, |q| q.extent as i128));
        let Some(lp) = self.idiom_loop(cap, false) else {
            return false;
        };
        let s = if self.rng.chance(1, 4) { -1 } else { 1 };
        let Some(pl) = self.place(&lp.var, s, p.extent, 0, 0) else {
            return false;
        };
        let st = if p.elem.is_float() && self.rng.chance(3, 4) {
            p.elem
        } else {
            *self.rng.pick(&[Ty::F32, Ty::F64])
        };
        let x = cast(load(&p, &pl.at(0)), st);
        let term = match &q {
            Some(q) => {
                let Some(plq) = self.place(&lp.var, 1, q.extent, 0, 0) else {
                    return false;
                };
                let y = cast(load(q, &plq.at(0)), st);
                binop(Op::Mul, x, y, st, self.rng)
            }
            None if self.rng.chance(1, 3) => {
                let k = self.const_of(st);
                binop(Op::Mul, x, k, st, self.rng)
            }
            None => x,
        };
        let term = fscale(term, 1e20);
        let name = self.fresh("fs");
        let init = self.const_of(st);
        let rg = Rg::Flt((init.mag() + lp.nmax as f64 * term.mag()) * 1.1);
        let stmt = match self.rng.below(4) {
            0 => format!("{name} -= {};", term.s),
            1 => format!("{name} = {name} + {};", term.s),
            _ => format!("{name} += {};", term.s),
        };
        self.marks("freduce", &lp);
        self.line(&format!("{} {name} = {};", st.c(), init.s));
        self.line(&lp.header);
        self.line(&format!("  {stmt}"));
        self.line("}");
        let r = Ex {
            s: name.clone(),
            ty: st,
            rg,
        };
        self.sink(&r);
        self.push_temp(&name, st, rg);
        true
    }

    /// Signed arithmetic whose `nsw` holds in the scalar order only: a sum
    /// of alternating `+K`, `-K` (any other grouping of the terms
    /// overflows), or an induction that ends exactly at its type's maximum
    /// (one more step would overflow).
    fn idiom_nsw(&mut self, cap: i128) -> bool {
        let Some(lp) = self.idiom_loop(cap, false) else {
            return false;
        };
        let v = lp.var.name.clone();
        let name = self.fresh("z");
        if self.rng.chance(1, 2) {
            let rt = *self.rng.pick(&[Ty::I32, Ty::I32, Ty::I64]);
            let init = self.rng.range(-10, 10);
            let k = if rt == Ty::I32 {
                *self
                    .rng
                    .pick(&[1i128 << 30, (1 << 30) + 12345, (1i128 << 31) - 100])
            } else {
                *self.rng.pick(&[1i128 << 62, (1i128 << 63) - 100])
            };
            let rg = Rg::Int(init - k, init + k);
            self.marks("nsw-alt", &lp);
            self.line(&format!("{} {name} = {};", rt.c(), int_lit(init, rt)));
            self.line(&lp.header);
            self.line(&format!(
                "  {name} += ({v} & 1) ? {} : {};",
                int_lit(-k, rt),
                int_lit(k, rt)
            ));
            self.line("}");
            let r = Ex {
                s: name.clone(),
                ty: rt,
                rg,
            };
            self.sink(&r);
            self.push_temp(&name, rt, rg);
        } else {
            let rt = *self.rng.pick(&[Ty::I32, Ty::I16, Ty::I8, Ty::I64]);
            let c = *self.rng.pick(&[1i128, 1, 2, 3, 4, 8]);
            let init = rt.max() - lp.nmax * c;
            if init < rt.min() {
                return false;
            }
            // Values in the body: [init, max - c]; after the loop: <= max.
            let zv = Ex {
                s: name.clone(),
                ty: rt,
                rg: Rg::Int(init, rt.max() - c),
            };
            let ws: Vec<Ptr> = self
                .writable()
                .into_iter()
                .filter(|q| q.extent as i128 >= lp.nmax)
                .collect();
            let use_line = if ws.is_empty() {
                None
            } else {
                let q = self.rng.pick(&ws).clone();
                let Some(pl) = self.place(&lp.var, 1, q.extent, 0, 0) else {
                    return false;
                };
                let x = cast(self.fit_float(zv.clone(), q.elem, FLOAT_BOUND), q.elem);
                Some(format!(
                    "{}[IDX({}, {})] = {};",
                    q.name,
                    pl.at(0),
                    q.extent,
                    x.s
                ))
            };
            self.marks("nsw-limit", &lp);
            self.line(&format!("{} {name} = {};", rt.c(), int_lit(init, rt)));
            self.line(&lp.header);
            if let Some(u) = use_line {
                self.line(&format!("  {u}"));
            }
            self.line(&format!("  {name} += {c};"));
            self.line("}");
            let rg = Rg::Int(init, rt.max());
            let r = Ex {
                s: name.clone(),
                ty: rt,
                rg,
            };
            self.sink(&r);
            self.push_temp(&name, rt, rg);
        }
        true
    }
}

/// A trip count of at most `cap` (at least zero), weighted towards the
/// groups of [`SMALL_TRIPS`], [`VF_TRIPS`], [`POW2_TRIPS`], [`OTHER_TRIPS`].
fn pick_trip(rng: &mut Rng, cap: i128) -> i128 {
    let groups = [SMALL_TRIPS, VF_TRIPS, POW2_TRIPS, OTHER_TRIPS];
    let fits: Vec<Vec<i128>> = groups
        .iter()
        .map(|g| g.iter().copied().filter(|&t| t <= cap).collect())
        .collect();
    let weights: Vec<u32> = [25u32, 45, 20, 10]
        .iter()
        .zip(&fits)
        .map(|(&w, f)| if f.is_empty() { 0 } else { w })
        .collect();
    let g = &fits[rng.weighted(&weights)];
    if g.is_empty() {
        0
    } else {
        *rng.pick(g)
    }
}

/// `a / b` rounded up, for `a >= 0`, `b > 0`.
fn ceil_div(a: i128, b: i128) -> i128 {
    (a + b - 1) / b
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Form {
    Up,
    UpLe,
    Ne,
    UpAnd,
    Down,
    DownPost,
    DownGt,
    While,
    DoWhile,
    /// `for (T v = S; v != E; v += s)` (`-=` when `down`), may wrap.
    WrapFor {
        down: bool,
    },
    /// `T v = S; do { ...; v++; } while (v != S);`: all 2^w values.
    WrapDo,
}

#[derive(Debug)]
struct LoopSpec {
    form: Form,
    start: String,
    end: String,
    step: i128,
    /// Shape markers (see [`SHAPES`]) for the loop's header.
    marks: Vec<&'static str>,
    /// For wrapping counters: the start and end values, whether the
    /// counter counts down, and the trip count (checked by simulation in
    /// the tests).
    #[cfg_attr(not(test), allow(dead_code))]
    wrap: Option<(i128, i128, bool, i128)>,
    trips: u64,
    var: LoopVar,
}

// ---------------------------------------------------------------- program

/// Headers and the `IDX(e, n)` index wrapper: plain `e` normally; with
/// `-DDIFFTEST_CHECK_INDEX` (the self-check) it aborts unless `0 <= e < n`,
/// which proves the index reasoning rather than relying on ASan redzones.
const PRELUDE: &str = "\
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#ifdef DIFFTEST_CHECK_INDEX
#include <stdlib.h>
static void dt_oob(int line) {
  fprintf(stderr, \"index out of bounds on line %d\\n\", line);
  abort();
}
#define IDX(e, n) ((uint64_t)(e) < (uint64_t)(n) ? (e) : (dt_oob(__LINE__), (e)))
#else
#define IDX(e, n) (e)
#endif

";

struct Array {
    name: String,
    elem: Ty,
    len: u64,
    init: u32,
}

/// Generates program `index` of the run seeded with `seed`.
pub fn generate(seed: u64, index: u64) -> String {
    let mut rng = super::rng::Rng::for_program(seed, index);
    generate_with(&mut rng, &format!("seed {seed}, program {index}"))
}

fn generate_with(rng: &mut Rng, what: &str) -> String {
    let globals: Vec<(String, Ty)> = vec![("g0".into(), Ty::U32), ("g1".into(), Ty::U64)];
    let nkernels = 2 + rng.below(4);
    let mut kernels_text = String::new();
    let mut sigs = Vec::new();
    for k in 0..nkernels {
        let (text, sig) = gen_kernel(rng, k, &globals);
        kernels_text.push_str(&text);
        kernels_text.push('\n');
        sigs.push(sig);
    }

    // Arrays: per element type, enough arrays that every call can give
    // each pointer parameter its own array.
    let mut arrays: Vec<Array> = Vec::new();
    for ty in ALL_TYS {
        let uses: Vec<&Ptr> = sigs
            .iter()
            .flat_map(|s| s.ptrs.iter())
            .filter(|p| p.elem == ty)
            .collect();
        if uses.is_empty() {
            continue;
        }
        let max_extent = uses.iter().map(|p| p.extent).max().unwrap_or(16);
        let per_call = sigs
            .iter()
            .map(|s| s.ptrs.iter().filter(|p| p.elem == ty).count())
            .max()
            .unwrap_or(1);
        for _ in 0..per_call.max(1) + 1 {
            let len = max_extent + rng.below(97);
            let name = format!("A{}", arrays.len());
            arrays.push(Array {
                name,
                elem: ty,
                len,
                init: rng.below(3) as u32,
            });
        }
    }

    let mut out = String::new();
    let _ = writeln!(out, "/* difftest program: {what} */");
    out.push_str(PRELUDE);
    for a in &arrays {
        let _ = writeln!(out, "{} {}[{}];", a.elem.c(), a.name, a.len);
    }
    for (g, t) in &globals {
        let _ = writeln!(out, "{} {g};", t.c());
    }
    out.push('\n');
    out.push_str(&kernels_text);

    // Hashing and initialisation.
    out.push_str(
        "static uint32_t rng_state;\n\
         static uint32_t next_rand(void) {\n\
         \x20 rng_state = rng_state * 1664525u + 1013904223u;\n\
         \x20 return rng_state ^ (rng_state >> 16);\n\
         }\n\n\
         static uint64_t ret_hash = 0x9e3779b97f4a7c15ull;\n\
         static void mix_ret(uint64_t v) { ret_hash = (ret_hash ^ v) * 0x100000001b3ull; }\n\n",
    );
    out.push_str("static uint64_t state_hash(void) {\n  uint64_t h = 0xcbf29ce484222325ull;\n");
    for a in &arrays {
        match a.elem {
            Ty::F32 => {
                let _ = writeln!(
                    out,
                    "  for (int i = 0; i < {}; i++) {{ uint32_t b; memcpy(&b, &{}[i], 4); h = (h ^ b) * 0x100000001b3ull; }}",
                    a.len, a.name
                );
            }
            Ty::F64 => {
                let _ = writeln!(
                    out,
                    "  for (int i = 0; i < {}; i++) {{ uint64_t b; memcpy(&b, &{}[i], 8); h = (h ^ b) * 0x100000001b3ull; }}",
                    a.len, a.name
                );
            }
            _ => {
                let _ = writeln!(
                    out,
                    "  for (int i = 0; i < {}; i++) h = (h ^ (uint64_t){}[i]) * 0x100000001b3ull;",
                    a.len, a.name
                );
            }
        }
    }
    for (g, _) in &globals {
        let _ = writeln!(out, "  h = (h ^ (uint64_t){g}) * 0x100000001b3ull;");
    }
    out.push_str("  return h ^ ret_hash;\n}\n\n");

    out.push_str("int main(void) {\n");
    let _ = writeln!(out, "  rng_state = {}u;", rng.below(1 << 31));
    for a in &arrays {
        let value = match (a.elem, a.init) {
            (Ty::F32, _) => "(float)((int32_t)(next_rand() % 4097u) - 2048) / 128.0f".to_string(),
            (Ty::F64, _) => "(double)((int32_t)(next_rand() % 8193u) - 4096) / 256.0".to_string(),
            (t, 0) if t.bits() == 64 => {
                format!("({})(((uint64_t)next_rand() << 32) | next_rand())", t.c())
            }
            (t, 0) => format!("({})next_rand()", t.c()),
            (t, 1) => format!("({})(next_rand() % 8u)", t.c()),
            (t, _) => format!("({})(i % 7 - 3)", t.c()),
        };
        let _ = writeln!(
            out,
            "  for (int i = 0; i < {}; i++) {}[i] = {value};",
            a.len, a.name
        );
    }
    for (g, t) in &globals {
        let _ = writeln!(out, "  {g} = ({})next_rand();", t.c());
    }
    for sig in &sigs {
        let calls = 1 + rng.below(3);
        for c in 0..calls {
            let (args, overlap) = call_args(rng, sig, &arrays);
            if overlap {
                out.push_str("  /* dt:overlap */\n");
            }
            let call = format!("{}({})", sig.name, args.join(", "));
            match sig.ret {
                None => {
                    let _ = writeln!(out, "  {call};");
                }
                Some(t) if t.is_float() => {
                    let (ut, n) = if t == Ty::F32 {
                        ("uint32_t", 4)
                    } else {
                        ("uint64_t", 8)
                    };
                    let _ = writeln!(
                        out,
                        "  {{ {} r = {call}; {ut} b; memcpy(&b, &r, {n}); mix_ret(b); }}",
                        t.c()
                    );
                }
                Some(t) => {
                    let _ = writeln!(out, "  mix_ret((uint64_t){call});", call = call);
                    let _ = t;
                }
            }
            let _ = writeln!(
                out,
                "  printf(\"{}.{c} %016llx\\n\", (unsigned long long)state_hash());",
                sig.name
            );
        }
    }
    out.push_str("  printf(\"checksum %016llx\\n\", (unsigned long long)state_hash());\n");
    out.push_str("  return 0;\n}\n");
    out
}

fn gen_kernel(rng: &mut Rng, k: u64, globals: &[(String, Ty)]) -> (String, KernelSig) {
    let name = format!("k{k}");
    // Element types: often one type for the whole kernel, sometimes mixed.
    let base = *rng.pick(&ALL_TYS);
    let nptrs = 1 + rng.below(4) as usize;
    let mut ptrs = Vec::new();
    for i in 0..nptrs {
        let elem = if rng.chance(3, 5) {
            base
        } else {
            *rng.pick(&ALL_TYS)
        };
        ptrs.push(Ptr {
            name: format!("p{i}"),
            elem,
            extent: *rng.pick(EXTENTS),
            restrict: rng.chance(1, 3),
            readonly: i > 0 && rng.chance(1, 3),
        });
    }
    let mut ints = Vec::new();
    for i in 0..rng.below(3) {
        let ty = *rng.pick(&[Ty::I32, Ty::I32, Ty::I64, Ty::U32, Ty::U64]);
        let hi = *rng.pick(&[
            1i128, 3, 4, 8, 9, 16, 17, 32, 33, 64, 100, 128, 129, 255, 256, 257, 1024,
        ]);
        ints.push(IntParam {
            name: format!("n{i}"),
            ty,
            lo: 0,
            hi,
            bound: true,
        });
    }
    for i in 0..rng.below(2) {
        let ty = *rng.pick(&INT_TYS);
        let (lo, hi) = if rng.chance(1, 2) {
            (ty.min(), ty.max())
        } else if ty.is_signed() {
            (-50, 50)
        } else {
            (0, 100)
        };
        ints.push(IntParam {
            name: format!("c{i}"),
            ty,
            lo,
            hi,
            bound: false,
        });
    }
    let mut floats = Vec::new();
    if rng.chance(1, 3) {
        floats.push(FloatParam {
            name: "f0".into(),
            ty: *rng.pick(&[Ty::F32, Ty::F64]),
        });
    }
    let ret = match rng.below(8) {
        0 | 1 => None,
        2 => Some(Ty::U32),
        3 => Some(Ty::U64),
        4 => Some(Ty::I32),
        5 => Some(Ty::I64),
        6 => Some(Ty::F32),
        _ => Some(Ty::F64),
    };
    let noinline = rng.chance(4, 5);

    let mut g = KernelGen {
        rng,
        ptrs: ptrs.clone(),
        ints: ints.clone(),
        floats: floats.clone(),
        locals: Vec::new(),
        loops: Vec::new(),
        globals,
        ret,
        out: String::new(),
        indent: 1,
        stmts: 0,
        names: 0,
        if_depth: 0,
        index_depth: 0,
        cond_depth: 0,
        ivs: Vec::new(),
        long_body: false,
    };
    g.declare_locals();
    let nests = 1 + g.rng.below(3);
    for _ in 0..nests {
        if g.stmts >= MAX_STMTS {
            break;
        }
        let depth = 1 + g.rng.below(3) as u32;
        g.stmts += 1;
        if !(g.rng.chance(2, 5) && g.idiom(MAX_NEST_TRIPS)) {
            g.gen_loop(depth - 1, MAX_NEST_TRIPS);
        }
        if g.rng.chance(1, 4) && g.stmts < MAX_STMTS {
            g.stmts += 1;
            g.update_local();
        }
    }
    let ret_stmt = g.ret_value().map(|v| format!("  return {v};\n"));
    let body = std::mem::take(&mut g.out);

    let mut params: Vec<String> = ptrs
        .iter()
        .map(|p| {
            format!(
                "{}{} *{}{}",
                if p.readonly { "const " } else { "" },
                p.elem.c(),
                if p.restrict { "restrict " } else { "" },
                p.name
            )
        })
        .collect();
    params.extend(ints.iter().map(|p| format!("{} {}", p.ty.c(), p.name)));
    params.extend(floats.iter().map(|p| format!("{} {}", p.ty.c(), p.name)));
    let mut text = String::new();
    let _ = writeln!(
        text,
        "{}{} {name}({}) {{",
        if noinline {
            "__attribute__((noinline)) "
        } else {
            "static "
        },
        ret.map_or("void", Ty::c),
        params.join(", ")
    );
    text.push_str(&body);
    if let Some(r) = ret_stmt {
        text.push_str(&r);
    }
    text.push_str("}\n");
    (
        text,
        KernelSig {
            name,
            ret,
            ptrs,
            ints,
            floats,
        },
    )
}

/// The arguments of one call: pointer regions that respect `restrict`,
/// trip counts for bound parameters, constants for the others; and whether
/// two plain pointers point into one array at a small distance.
fn call_args(rng: &mut Rng, sig: &KernelSig, arrays: &[Array]) -> (Vec<String>, bool) {
    let mut overlap = false;
    // (array index, start, end, restrict)
    let mut taken: Vec<(usize, u64, u64, bool)> = Vec::new();
    let mut args = Vec::new();
    for p in &sig.ptrs {
        let candidates: Vec<usize> = (0..arrays.len())
            .filter(|&i| arrays[i].elem == p.elem && arrays[i].len >= p.extent)
            .collect();
        let ok = |taken: &[(usize, u64, u64, bool)], a: usize, s: u64, e: u64| {
            taken
                .iter()
                .all(|&(ta, ts, te, tr)| ta != a || e <= ts || te <= s || (!tr && !p.restrict))
        };
        let mut chosen = None;
        // Prefer overlapping a previous plain pointer of the same type, at
        // a small distance in either direction.
        if !p.restrict && rng.chance(2, 3) {
            let prev: Vec<(usize, u64)> = taken
                .iter()
                .filter(|t| !t.3 && arrays[t.0].elem == p.elem)
                .map(|t| (t.0, t.1))
                .collect();
            if !prev.is_empty() {
                let (a, s) = *rng.pick(&prev);
                let delta = if rng.chance(3, 4) {
                    *rng.pick(&[-16i128, -8, -4, -3, -2, -1, 0, 1, 1, 2, 3, 4, 8, 16])
                } else {
                    rng.range(-64, 64)
                };
                let start = (s as i128 + delta).max(0) as u64;
                if start + p.extent <= arrays[a].len && ok(&taken, a, start, start + p.extent) {
                    chosen = Some((a, start));
                    overlap = true;
                }
            }
        }
        for _ in 0..8 {
            if chosen.is_some() || candidates.is_empty() {
                break;
            }
            let a = *rng.pick(&candidates);
            let start = rng.below(arrays[a].len - p.extent + 1);
            if ok(&taken, a, start, start + p.extent) {
                chosen = Some((a, start));
            }
        }
        if chosen.is_none() {
            // An array nobody at this call uses (there are enough of them).
            chosen = candidates
                .iter()
                .copied()
                .find(|&a| taken.iter().all(|t| t.0 != a))
                .map(|a| (a, 0));
        }
        let (a, start) = chosen.unwrap_or((candidates.first().copied().unwrap_or(0), 0));
        taken.push((a, start, start + p.extent, p.restrict));
        args.push(if start == 0 {
            arrays[a].name.clone()
        } else {
            format!("&{}[{start}]", arrays[a].name)
        });
    }
    for p in &sig.ints {
        let v = if p.bound {
            let options: Vec<i128> = [SMALL_TRIPS, VF_TRIPS, POW2_TRIPS, OTHER_TRIPS]
                .concat()
                .into_iter()
                .filter(|&t| t >= p.lo && t <= p.hi)
                .chain([p.hi])
                .collect();
            *rng.pick(&options)
        } else {
            rng.range(p.lo, p.hi)
        };
        args.push(int_lit(v, p.ty.arith()));
    }
    for p in &sig.floats {
        let v = rng.range(-64, 64) as f64 / 8.0;
        args.push(float_lit(v, p.ty));
    }
    (args, overlap)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic() {
        assert_eq!(generate(1, 5), generate(1, 5));
        assert_ne!(generate(1, 5), generate(1, 6));
        assert_ne!(generate(1, 5), generate(2, 5));
    }

    #[test]
    fn signed_overflow_goes_through_unsigned() {
        let mut rng = Rng::new(0);
        let a = Ex {
            s: "a".into(),
            ty: Ty::I32,
            rg: Ty::I32.full(),
        };
        let b = lit(1, Ty::I32);
        let r = binop(Op::Add, a.clone(), b.clone(), Ty::I32, &mut rng);
        assert_eq!(r.s, "((int32_t)((uint32_t)a + (uint32_t)1))");
        assert_eq!(r.rg, Ty::I32.full());
        // In range: plain signed arithmetic with an exact interval.
        let small = Ex {
            s: "x".into(),
            ty: Ty::I8,
            rg: Ty::I8.full(),
        };
        let r = binop(Op::Mul, small.clone(), small, Ty::I32, &mut rng);
        assert_eq!(r.s, "(((int32_t)x) * ((int32_t)x))");
        assert_eq!(r.rg, Rg::Int(-128 * 127, 128 * 128));
        // uint16_t * uint16_t would overflow int: explicit uint32_t instead.
        let h = Ex {
            s: "h".into(),
            ty: Ty::U16,
            rg: Ty::U16.full(),
        };
        let r = binop(Op::Mul, h.clone(), h, Ty::I32, &mut rng);
        assert!(r.s.contains("(uint32_t)"), "{}", r.s);
    }

    #[test]
    fn float_to_int_is_scaled_into_range() {
        let f = Ex {
            s: "f".into(),
            ty: Ty::F64,
            rg: Rg::Flt(1e12),
        };
        let r = cast(f, Ty::I32);
        assert!(r.s.contains("0x1p-"), "{}", r.s);
        let (lo, hi) = r.int();
        assert!(lo >= i128::from(i32::MIN) && hi <= i128::from(i32::MAX));
    }

    #[test]
    fn divisors_are_positive() {
        let mut rng = Rng::new(3);
        for _ in 0..50 {
            let a = Ex {
                s: "a".into(),
                ty: Ty::I64,
                rg: Ty::I64.full(),
            };
            let r = binop(Op::Div, a.clone(), a, Ty::I64, &mut rng);
            // Either a literal >= 2 or ((x & mask) + 1).
            assert!(r.s.contains("+ 1))") || !r.s.contains("/ (("), "{}", r.s);
        }
    }

    fn test_gen<'r>(rng: &'r mut Rng, globals: &'r [(String, Ty)]) -> KernelGen<'r> {
        KernelGen {
            rng,
            ptrs: Vec::new(),
            ints: Vec::new(),
            floats: Vec::new(),
            locals: Vec::new(),
            loops: Vec::new(),
            globals,
            ret: None,
            out: String::new(),
            indent: 1,
            stmts: 0,
            names: 0,
            if_depth: 0,
            index_depth: 0,
            cond_depth: 0,
            ivs: Vec::new(),
            long_body: false,
        }
    }

    /// Wrapping counters, simulated with C's semantics (modulo 2^w; for
    /// `int8_t` and `int16_t` that is how gcc and clang convert): the
    /// counter first meets its end after exactly the intended number of
    /// steps, every value the body sees is in the counter's range, and the
    /// rebased index counts the steps.
    #[test]
    fn wrapping_counters_meet_their_end() {
        let mut rng = Rng::new(17);
        let mut g = test_gen(&mut rng, &[]);
        let mut checked = 0;
        for i in 0..4000u64 {
            let budget = [MAX_NEST_TRIPS, 16, 300, 4095][(i % 4) as usize];
            let Some(spec) = g.wrap_loop_spec(budget) else {
                continue;
            };
            let (s, e, down, t) = spec.wrap.expect("wrap");
            let ty = spec.var.ty;
            let m = 1i128 << ty.bits();
            let norm = |x: i128| {
                let u = x.rem_euclid(m);
                if ty.is_signed() && u >= m / 2 {
                    u - m
                } else {
                    u
                }
            };
            let full = spec.form == Form::WrapDo;
            let (_, rmax) = spec.var.rebased.clone().expect("rebased");
            assert!(t <= budget as i128 || (t <= MAX_LONG_TRIPS && budget == MAX_NEST_TRIPS));
            let mut v = s;
            let mut k = 0i128;
            loop {
                if !full && v == e {
                    break;
                }
                assert!(spec.var.lo <= v && v <= spec.var.hi, "{v} in {spec:?}");
                let rebased = if down { s - v } else { v - s }.rem_euclid(m) / spec.step;
                assert_eq!(rebased, k, "{spec:?}");
                assert!(rebased <= rmax);
                k += 1;
                assert!(k <= t, "runs past {t}: {spec:?}");
                v = norm(if down { v - spec.step } else { v + spec.step });
                if full && v == e {
                    break;
                }
            }
            assert_eq!(k, t, "{spec:?}");
            checked += 1;
        }
        assert!(checked > 3000, "{checked}");
    }

    /// Whether the lines after a `dt:NAME` marker have that shape.
    fn shape_follows(name: &str, next: &str) -> bool {
        let first = next.lines().next().unwrap_or("");
        let looped = next.contains("for (") || next.contains("do {") || next.contains("while (");
        // The first statement that stores, and the pointers it names.
        let store = next.lines().find(|l| l.contains("] = ")).unwrap_or("");
        let ptrs: Vec<&str> = store
            .match_indices("[IDX(")
            .map(|(i, _)| {
                let head = &store[..i];
                let start = head
                    .rfind(|c: char| !c.is_ascii_alphanumeric())
                    .map_or(0, |j| j + 1);
                &head[start..]
            })
            .collect();
        let target = ptrs.first().copied().unwrap_or("");
        let wrapping = next.contains(" != ") || next.contains("do {");
        match name {
            "wrap8" => wrapping && next.contains("int8_t i"),
            "wrap16" | "wrap-long" => wrapping && next.contains("int16_t i"),
            "wrap-wide" => wrapping && (next.contains("uint32_t i") || next.contains("uint64_t i")),
            "wrap-full" => next.contains("do {"),
            "narrow-limit" => looped && (next.contains("int8_t i") || next.contains("int16_t i")),
            "narrow-iv" => first == "{" && next.contains(" w"),
            "trip-small" | "trip-pow2" => looped,
            "alias-self+" | "alias-self-" => {
                looped && ptrs.len() >= 2 && ptrs.iter().filter(|&&p| p == target).count() >= 2
            }
            "alias-cross" => looped && ptrs.iter().any(|&p| p != target),
            "alias-mixed" => looped && (store.contains(" - i") || first.contains("-- > 0")),
            "overlap" => {
                // Two arguments in one array.
                let arrays: Vec<&str> = first
                    .split(|c: char| !c.is_ascii_alphanumeric())
                    .filter(|w| w.starts_with('A'))
                    .collect();
                arrays
                    .iter()
                    .enumerate()
                    .any(|(i, a)| arrays[..i].contains(a))
            }
            "reduce" => first.contains(" r") && looped,
            "reduce-escape" => {
                first.contains(" r") && looped && (next.contains("break;") || !store.is_empty())
            }
            "minmax-index" => next.contains(" mi") && looped,
            "search-break" => looped && next.contains("break;"),
            "search-return" => looped && next.contains("return"),
            "search-while" => next.contains("while (") && next.contains("&& !"),
            "cond-store" => looped && next.contains("if (") && !store.is_empty(),
            "freduce" => first.contains(" fs") && looped,
            "nsw-alt" => looped && next.contains(" & 1) ?"),
            "nsw-limit" => first.contains(" z") && looped && next.contains("+= "),
            _ => false,
        }
    }

    /// Each shape of [`SHAPES`] appears in at least its share of 1,000
    /// programs, and every marker is followed by its shape.
    #[test]
    fn shape_shares() {
        let mut counts = vec![0u32; SHAPES.len()];
        let mut total = 0u32;
        for seed in 1..=4 {
            for index in 0..250 {
                let p = generate(seed, index);
                total += 1;
                let lines: Vec<&str> = p.lines().collect();
                let mut seen = vec![false; SHAPES.len()];
                for (i, l) in lines.iter().enumerate() {
                    let Some(name) = l
                        .trim()
                        .strip_prefix("/* dt:")
                        .and_then(|r| r.strip_suffix(" */"))
                    else {
                        continue;
                    };
                    let k = SHAPES
                        .iter()
                        .position(|s| s.0 == name)
                        .unwrap_or_else(|| panic!("unknown shape {name}"));
                    seen[k] = true;
                    let next: Vec<&str> = lines[i + 1..]
                        .iter()
                        .map(|l| l.trim())
                        .filter(|l| !l.starts_with("/* dt:"))
                        .take(6)
                        .collect();
                    let next = next.join("\n");
                    assert!(
                        shape_follows(name, &next),
                        "seed {seed} program {index}: dt:{name} is followed by\n{next}"
                    );
                }
                for (c, s) in counts.iter_mut().zip(&seen) {
                    *c += u32::from(*s);
                }
            }
        }
        let mut report = String::new();
        for ((name, min), c) in SHAPES.iter().zip(&counts) {
            let _ = writeln!(
                report,
                "{name:>14}: {c:>4} of {total} programs (floor {min}%)"
            );
        }
        eprintln!("{report}");
        for ((name, min), c) in SHAPES.iter().zip(&counts) {
            assert!(
                c * 100 >= min * total,
                "shape {name} in {c} of {total} programs, below {min}%\n{report}"
            );
        }
    }

    #[test]
    fn programs_have_main_and_kernels() {
        for i in 0..20 {
            let p = generate(11, i);
            assert!(p.contains("int main(void)"));
            assert!(p.contains("checksum"));
            assert!(p.contains("for (") || p.contains("while ("));
        }
    }
}
