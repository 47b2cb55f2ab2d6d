//! Seeded C programs whose loops access memory with aliasing shaped at
//! random, for the soundness-by-execution test of loop access analysis
//! (`crates/driver/tests/laa_exec.rs`).
//!
//! A program has one to three kernels. A kernel takes two to four pointer
//! parameters and a trip count `n`, and runs one or two loops whose
//! statements store to and load from `P[c*i + o]` (and, in typed
//! programs, from the global arrays directly), for strides `c` from -2
//! to 3 (0 is a loop-invariant address), offsets `o` of either sign,
//! counting up or down, with `long`, `int` or `unsigned` induction
//! variables, sometimes through a bumped pointer (`*q` with `q += c`),
//! sometimes with the kernel's stride parameter `s` in place of `c` (loop
//! access analysis speculates `s == 1`; calls pass 1 mostly, and 2, 3, 0
//! or -1), and sometimes under a condition. `main` fills the arrays, calls each kernel
//! one to three times with pointers into the same arrays at small random
//! distances in either direction, and prints a hash of the arrays.
//!
//! The programs have no undefined behaviour, so an analysis may not use
//! any to excuse a wrong answer:
//! - every access and every pointer a loop forms lies inside its array
//!   (the generator computes each pointer's range for each call);
//! - data is unsigned or floating point, so arithmetic never overflows
//!   into undefined behaviour;
//! - a *typed* program accesses each array only as its own element type
//!   (strict aliasing holds, so clang's `!tbaa` is honest); a *punned*
//!   program views one byte array as several types at aligned offsets and
//!   is compiled with `-fno-strict-aliasing` ([`Program::strict_aliasing`]);
//! - a parameter is `restrict` only when, in every call, the bytes it
//!   accesses are disjoint from those every other access of the kernel
//!   may touch.
//!
//! The trace functions `lw_trace_enter(loop)`, `lw_trace_iteration(loop)`,
//! `lw_trace_access(loop, access, ptr)`, `lw_trace_bounds(loop, group, low,
//! high)` and `lw_trace_predicates(loop, fails)` are defined
//! (not called) in every program: the test inserts calls to them into the
//! compiled IR and reads the trace from standard output (lines starting
//! with `@@`).

use crate::Rng;
use std::fmt::Write as _;

/// One generated program.
#[derive(Clone, Debug)]
pub struct Program {
    pub source: String,
    /// False for punned programs: compile with `-fno-strict-aliasing`.
    pub strict_aliasing: bool,
}

/// The element types.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Elem {
    U8,
    U16,
    U32,
    U64,
    F32,
    F64,
}

const ELEMS: [Elem; 6] = [
    Elem::U8,
    Elem::U16,
    Elem::U32,
    Elem::U64,
    Elem::F32,
    Elem::F64,
];

impl Elem {
    fn c(self) -> &'static str {
        match self {
            Elem::U8 => "unsigned char",
            Elem::U16 => "unsigned short",
            Elem::U32 => "unsigned",
            Elem::U64 => "unsigned long",
            Elem::F32 => "float",
            Elem::F64 => "double",
        }
    }
    fn size(self) -> i64 {
        match self {
            Elem::U8 => 1,
            Elem::U16 => 2,
            Elem::U32 | Elem::F32 => 4,
            Elem::U64 | Elem::F64 => 8,
        }
    }
    fn is_float(self) -> bool {
        matches!(self, Elem::F32 | Elem::F64)
    }
    fn tag(self) -> &'static str {
        match self {
            Elem::U8 => "u8",
            Elem::U16 => "u16",
            Elem::U32 => "u32",
            Elem::U64 => "u64",
            Elem::F32 => "f32",
            Elem::F64 => "f64",
        }
    }
}

/// Elements of each typed global array.
const ARRAY_LEN: i64 = 160;
/// Bytes of the punned program's one array.
const BYTES: i64 = 1024;
/// The largest trip count a call passes.
const MAX_N: i64 = 24;

/// What an access goes through.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Base {
    /// Pointer parameter `p{k}`.
    Param(usize),
    /// The typed global array of this element type, indexed directly.
    Global(Elem),
}

/// `base[c*i + o]`, or `*q` for a pointer `q = base + o` bumped by `c`
/// at the end of each iteration.
#[derive(Copy, Clone, Debug)]
struct Access {
    base: Base,
    c: i64,
    o: i64,
    bumped: bool,
    /// The stride is the kernel's parameter `s` (loop access analysis
    /// speculates it is 1, a predicate), not `c`.
    symbolic: bool,
}

#[derive(Clone, Debug)]
struct Stmt {
    dst: Access,
    srcs: Vec<Access>,
    compound: bool,
    /// Executed only when `i % 3 == k` (`None`: always).
    when: Option<i64>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Iv {
    Long,
    Int,
    Unsigned,
}

#[derive(Clone, Debug)]
struct LoopGen {
    iv: Iv,
    down: bool,
    stmts: Vec<Stmt>,
}

#[derive(Clone, Debug)]
struct Kernel {
    params: Vec<Elem>,
    restrict: Vec<bool>,
    loops: Vec<LoopGen>,
    noinline: bool,
}

/// A call: per parameter, its offset into its array in elements (typed)
/// or bytes (punned), and the trip count.
#[derive(Clone, Debug)]
struct Call {
    offsets: Vec<i64>,
    n: i64,
    /// The value of the kernel's stride parameter `s`.
    s: i64,
}

/// The generated program for `seed`.
pub fn program(seed: u64) -> Program {
    let mut rng = Rng::new(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x5bd1_e995);
    let typed = rng.chance(0.6);
    let nk = 1 + rng.below(3);
    let mut kernels = Vec::new();
    let mut calls = Vec::new();
    for _ in 0..nk {
        let mut k = kernel(&mut rng, typed);
        let kc: Vec<Call> = (0..1 + rng.below(3))
            .filter_map(|_| call(&mut rng, &k, typed))
            .collect();
        choose_restrict(&mut rng, &mut k, &kc, typed);
        kernels.push(k);
        calls.push(kc);
    }
    Program {
        source: render(&kernels, &calls, typed),
        strict_aliasing: typed,
    }
}

fn kernel(rng: &mut Rng, typed: bool) -> Kernel {
    let np = 2 + rng.below(3);
    // Typed programs use few element types so that parameters share
    // arrays; punned ones mix any.
    let palette: Vec<Elem> = if typed {
        let a = *rng.pick(&ELEMS);
        let b = *rng.pick(&ELEMS);
        vec![a, a, b]
    } else {
        ELEMS.to_vec()
    };
    let params: Vec<Elem> = (0..np).map(|_| *rng.pick(&palette)).collect();
    let nl = if rng.chance(0.25) { 2 } else { 1 };
    let loops = (0..nl)
        .map(|_| {
            let iv = *rng.pick(&[Iv::Long, Iv::Long, Iv::Int, Iv::Unsigned]);
            let down = rng.chance(0.3);
            let ns = 1 + rng.below(3);
            let stmts = (0..ns)
                .map(|_| {
                    let dst = access(rng, &params, typed);
                    // Sources read other parameters more often than the
                    // destination's: the loops that vectorize.
                    let srcs = (0..rng.below(3))
                        .map(|_| loop {
                            let a = access(rng, &params, typed);
                            if a.base != dst.base || rng.chance(0.3) {
                                break a;
                            }
                        })
                        .collect();
                    Stmt {
                        dst,
                        srcs,
                        compound: rng.chance(0.4),
                        when: rng.chance(0.15).then(|| rng.below(3) as i64),
                    }
                })
                .collect();
            LoopGen { iv, down, stmts }
        })
        .collect();
    Kernel {
        restrict: vec![false; np],
        params,
        loops,
        noinline: rng.chance(0.7),
    }
}

fn access(rng: &mut Rng, params: &[Elem], typed: bool) -> Access {
    let c: i64 = *rng.pick(&[1, 1, 1, 1, 1, -1, 2, -2, 3, 0]);
    let global = typed && rng.chance(0.15);
    let base = if global {
        Base::Global(*rng.pick(params))
    } else {
        Base::Param(rng.below(params.len()))
    };
    let o = match base {
        // In bounds for every trip count up to MAX_N.
        Base::Global(_) => {
            let span = c.abs() * (MAX_N - 1);
            let lo = if c < 0 { span } else { 0 };
            let hi = ARRAY_LEN - 1 - if c > 0 { span } else { 0 };
            lo + rng.below((hi - lo + 1) as usize) as i64
        }
        Base::Param(_) => rng.below(9) as i64 - 4,
    };
    let param = matches!(base, Base::Param(_));
    let bumped = param && rng.chance(0.2);
    Access {
        base,
        c,
        o,
        bumped,
        symbolic: param && !bumped && rng.chance(0.12),
    }
}

/// The element indices (relative to its base) access `a` reaches over
/// `n` iterations, as an inclusive range; a bumped pointer also forms
/// `o + c*n`, which must stay inside the array too.
fn index_range(a: &Access, n: i64, s: i64) -> Option<(i64, i64)> {
    if n == 0 {
        return None;
    }
    let last = if a.bumped { n } else { n - 1 };
    let c = if a.symbolic { s } else { a.c };
    let x = a.o;
    let y = a.o + c * last;
    Some((x.min(y), x.max(y)))
}

fn accesses(k: &Kernel) -> impl Iterator<Item = &Access> {
    k.loops
        .iter()
        .flat_map(|l| l.stmts.iter())
        .flat_map(|s| std::iter::once(&s.dst).chain(s.srcs.iter()))
}

fn call(rng: &mut Rng, k: &Kernel, typed: bool) -> Option<Call> {
    let n = if rng.chance(0.1) {
        0
    } else {
        1 + rng.below(MAX_N as usize) as i64
    };
    // Mostly 1, the value loop access analysis speculates.
    let stride = *rng.pick(&[1, 1, 1, 2, -1, 0, 3]);
    // Each parameter's element range over all its accesses.
    let mut ranges: Vec<Option<(i64, i64)>> = vec![None; k.params.len()];
    for a in accesses(k) {
        if let Base::Param(p) = a.base {
            if let Some((lo, hi)) = index_range(a, n, stride) {
                ranges[p] = Some(match ranges[p] {
                    Some((l, h)) => (l.min(lo), h.max(hi)),
                    None => (lo, hi),
                });
            }
        }
    }
    // Parameters cluster around one anchor so that they overlap often.
    let anchor = rng.below(64) as i64;
    let mut offsets = Vec::new();
    for (p, &e) in k.params.iter().enumerate() {
        let (unit, len) = if typed {
            (1, ARRAY_LEN)
        } else {
            (e.size(), BYTES / e.size())
        };
        // Valid element offsets: the pointer itself lies in the array (C
        // forbids forming one outside it: an `inbounds` GEP would be
        // poison), and so does the accessed range.
        let (lo, hi) = match ranges[p] {
            Some((l, h)) => ((-l).max(0), (len - 1 - h).min(len - 1)),
            None => (0, len - 1),
        };
        if lo > hi {
            return None;
        }
        let want =
            (anchor * 4 / unit.max(1)) / if typed { 4 } else { 1 } + rng.below(13) as i64 - 6;
        let off = want.clamp(lo, hi);
        offsets.push(off * unit);
    }
    Some(Call {
        offsets,
        n,
        s: stride,
    })
}

/// The byte interval `[lo, hi)` within its array that access `a` touches in
/// `call` (`None`: none), with the array's identity.
fn byte_range(k: &Kernel, call: &Call, a: &Access, typed: bool) -> Option<(Elem, i64, i64)> {
    let (elem, base_byte) = match a.base {
        Base::Param(p) => {
            let e = k.params[p];
            let off = if typed {
                call.offsets[p] * e.size()
            } else {
                call.offsets[p]
            };
            (e, off)
        }
        Base::Global(e) => (e, 0),
    };
    let (lo, hi) = index_range(a, call.n, call.s)?;
    let array = if typed { elem } else { Elem::U8 };
    Some((
        array,
        base_byte + lo * elem.size(),
        base_byte + (hi + 1) * elem.size(),
    ))
}

fn choose_restrict(rng: &mut Rng, k: &mut Kernel, calls: &[Call], typed: bool) {
    for p in 0..k.params.len() {
        let honest = calls.iter().all(|call| {
            let mine: Vec<_> = accesses(k)
                .filter(|a| a.base == Base::Param(p))
                .filter_map(|a| byte_range(k, call, a, typed))
                .collect();
            let others: Vec<_> = accesses(k)
                .filter(|a| a.base != Base::Param(p))
                .filter_map(|a| byte_range(k, call, a, typed))
                .collect();
            mine.iter().all(|&(am, lo, hi)| {
                others
                    .iter()
                    .all(|&(ao, l, h)| am != ao || hi <= l || h <= lo)
            })
        });
        k.restrict[p] = honest && rng.chance(0.6);
    }
}

fn render(kernels: &[Kernel], calls: &[Vec<Call>], typed: bool) -> String {
    let mut s = String::new();
    s.push_str("#include <stdio.h>\n\n");
    s.push_str(
        "__attribute__((noinline)) void lw_trace_enter(int l) { printf(\"@@E %d\\n\", l); }\n\
         __attribute__((noinline)) void lw_trace_iteration(int l) { printf(\"@@I %d\\n\", l); }\n\
         __attribute__((noinline)) void lw_trace_predicates(int l, _Bool fails) { printf(\"@@P %d %d\\n\", l, fails); }\n\
         __attribute__((noinline)) void lw_trace_access(int l, int a, const void *p) {\n  \
         printf(\"@@A %d %d %lu\\n\", l, a, (unsigned long)p);\n}\n\
         __attribute__((noinline)) void lw_trace_bounds(int l, int g, const void *lo, const void *hi) {\n  \
         printf(\"@@B %d %d %lu %lu\\n\", l, g, (unsigned long)lo, (unsigned long)hi);\n}\n\n",
    );
    if typed {
        for e in ELEMS {
            let _ = writeln!(s, "{} g_{}[{ARRAY_LEN}];", e.c(), e.tag());
        }
    } else {
        let _ = writeln!(
            s,
            "unsigned char g_bytes[{BYTES}] __attribute__((aligned(64)));"
        );
    }
    s.push('\n');
    for (ki, k) in kernels.iter().enumerate() {
        render_kernel(&mut s, ki, k);
    }
    s.push_str("int main(void) {\n");
    if typed {
        for (t, e) in ELEMS.iter().enumerate() {
            let _ = writeln!(
                s,
                "  for (int k = 0; k < {ARRAY_LEN}; k++) g_{}[k] = ({})(k * {} + 3);",
                e.tag(),
                e.c(),
                t + 5
            );
        }
    } else {
        let _ = writeln!(
            s,
            "  for (int k = 0; k < {BYTES}; k++) g_bytes[k] = (unsigned char)(k * 7 + 1);"
        );
    }
    for (ki, (k, kc)) in kernels.iter().zip(calls).enumerate() {
        for c in kc {
            let args: Vec<String> = k
                .params
                .iter()
                .zip(&c.offsets)
                .map(|(e, off)| {
                    if typed {
                        format!("g_{} + {off}", e.tag())
                    } else {
                        format!("({} *)(g_bytes + {off})", e.c())
                    }
                })
                .collect();
            let _ = writeln!(s, "  kernel{ki}({}, {}, {});", args.join(", "), c.n, c.s);
        }
    }
    s.push_str("  unsigned long h = 0;\n");
    let hash = |s: &mut String, name: &str, bytes: String| {
        let _ = writeln!(
            s,
            "  for (int k = 0; k < (int)({bytes}); k++) h = h * 31 + ((unsigned char *){name})[k];"
        );
    };
    if typed {
        for e in ELEMS {
            hash(
                &mut s,
                &format!("g_{}", e.tag()),
                format!("sizeof g_{}", e.tag()),
            );
        }
    } else {
        hash(&mut s, "g_bytes", "sizeof g_bytes".into());
    }
    s.push_str("  printf(\"%lu\\n\", h);\n  return 0;\n}\n");
    s
}

fn render_kernel(s: &mut String, ki: usize, k: &Kernel) {
    let attr = if k.noinline {
        "__attribute__((noinline)) "
    } else {
        "static "
    };
    let params: Vec<String> = k
        .params
        .iter()
        .zip(&k.restrict)
        .enumerate()
        .map(|(p, (e, r))| format!("{} *{}p{p}", e.c(), if *r { "restrict " } else { "" }))
        .collect();
    let _ = writeln!(
        s,
        "{attr}void kernel{ki}({}, long n, long s) {{",
        params.join(", ")
    );
    for (li, l) in k.loops.iter().enumerate() {
        let mut bumps = Vec::new();
        let name = |a: &Access, k: &Kernel| match a.base {
            Base::Param(p) => (format!("p{p}"), k.params[p]),
            Base::Global(e) => (format!("g_{}", e.tag()), e),
        };
        let text = |a: &Access, bumps: &mut Vec<(usize, Access)>| -> String {
            let (base, _) = name(a, k);
            if a.bumped {
                let q = bumps.len();
                bumps.push((q, *a));
                format!("(*q{li}_{q})")
            } else {
                let c = if a.symbolic {
                    "s".to_string()
                } else {
                    a.c.to_string()
                };
                format!("{base}[{c} * i + {}]", a.o)
            }
        };
        let mut body = String::new();
        for st in &l.stmts {
            let (_, de) = name(&st.dst, k);
            let dst = text(&st.dst, &mut bumps);
            let mut rhs = String::from("i");
            for (j, src) in st.srcs.iter().enumerate() {
                let t = text(src, &mut bumps);
                // A float converted to an integer type out of range is
                // undefined behaviour: integers read floats by comparing.
                let t = if !de.is_float() && name(src, k).1.is_float() {
                    format!("({t} > 1.0)")
                } else {
                    t
                };
                let _ = write!(rhs, " + {t} * {}", j + 2);
            }
            let op = if st.compound { "+=" } else { "=" };
            let stmt = format!("{dst} {op} ({})({rhs});", de.c());
            match st.when {
                Some(r) => {
                    let _ = writeln!(body, "    if (i % 3 == {r}) {stmt}");
                }
                None => {
                    let _ = writeln!(body, "    {stmt}");
                }
            }
        }
        for (q, a) in &bumps {
            let (base, e) = name(a, k);
            let _ = writeln!(s, "  {} *q{li}_{q} = {base} + {};", e.c(), a.o);
        }
        let header = match (l.iv, l.down) {
            (Iv::Long, false) => "long i = 0; i < n; i++",
            (Iv::Long, true) => "long i = n - 1; i >= 0; i--",
            (Iv::Int, false) => "int i = 0; i < (int)n; i++",
            (Iv::Int, true) => "int i = (int)n - 1; i >= 0; i--",
            (Iv::Unsigned, false) => "unsigned i = 0; i < (unsigned)n; i++",
            (Iv::Unsigned, true) => "unsigned i = (unsigned)n; i-- > 0;",
        };
        // An unsigned induction variable times a negative stride would
        // wrap: the indices use a signed copy.
        let _ = writeln!(s, "  for ({header}) {{");
        if l.iv == Iv::Unsigned {
            let _ = writeln!(s, "    long iu = (long)i;");
            body = body
                .replace("* i +", "* iu +")
                .replace("(i)", "(iu)")
                .replace("(i +", "(iu +");
        }
        s.push_str(&body);
        for (q, a) in &bumps {
            let _ = writeln!(s, "    q{li}_{q} += {};", a.c);
        }
        s.push_str("  }\n");
    }
    s.push_str("}\n\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn programs_are_deterministic_and_varied() {
        let a = program(7);
        let b = program(7);
        assert_eq!(a.source, b.source);
        let distinct: std::collections::HashSet<String> =
            (0..50).map(|s| program(s).source).collect();
        assert!(
            distinct.len() >= 45,
            "only {} distinct programs",
            distinct.len()
        );
        let punned = (0..50).filter(|&s| !program(s).strict_aliasing).count();
        assert!((5..45).contains(&punned), "{punned} punned programs of 50");
    }

    #[test]
    fn every_access_stays_in_its_array() {
        for seed in 0..500 {
            let mut rng = Rng::new(seed);
            let typed = rng.chance(0.5);
            let k = kernel(&mut rng, typed);
            for _ in 0..3 {
                let Some(c) = call(&mut rng, &k, typed) else {
                    continue;
                };
                for (p, &e) in k.params.iter().enumerate() {
                    let bytes = if typed {
                        c.offsets[p] * e.size()
                    } else {
                        c.offsets[p]
                    };
                    let limit = if typed { ARRAY_LEN * e.size() } else { BYTES };
                    assert!(
                        (0..limit).contains(&bytes),
                        "seed {seed}: p{p} at byte {bytes}"
                    );
                }
                for a in accesses(&k) {
                    if let Some((_, lo, hi)) = byte_range(&k, &c, a, typed) {
                        let limit = if typed {
                            ARRAY_LEN
                                * if let Base::Param(p) = a.base {
                                    k.params[p].size()
                                } else if let Base::Global(e) = a.base {
                                    e.size()
                                } else {
                                    unreachable!()
                                }
                        } else {
                            BYTES
                        };
                        assert!(
                            lo >= 0 && hi <= limit,
                            "seed {seed}: {a:?} reaches [{lo}, {hi})"
                        );
                    }
                }
            }
        }
    }
}
