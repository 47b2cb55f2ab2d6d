//! Seeded C programs whose loops are the loop vectorizer's shapes, for
//! the execution differential test of `loop-vectorize`
//! (`crates/driver/tests/vectorize_exec.rs`): reductions (add, mul, xor,
//! or, and, min and max, integer and exact floating point), dot products,
//! saxpy through pointers that may alias, reverse loops, inductions and
//! loaded values used after the loop, first-order recurrences, narrow
//! (`unsigned char`, `unsigned short`) induction variables, strided and
//! loop-invariant accesses, interleave groups (records of 2 to 8
//! elements, some loaded, all stored, forward or backward), and
//! `a[i] = f(a[i + k])` for small `k` of
//! either sign, inductions of the element type (floating point for
//! `float` and `double`). `main` calls each kernel with trip counts around the
//! widths and interleave counts the test forces (0, 1, VF-1, VF, VF+1,
//! VF·IC±1 for VF·IC up to 512) and with pointers into one array at small
//! distances, and prints the results and a hash of the arrays.
//!
//! The programs have no undefined behaviour: data is unsigned or
//! floating point holding integers; floating-point reductions read an
//! array no kernel writes, of small integers, so their sums are exact and
//! do not depend on the order of the additions (the vectorizer reorders
//! them: forced widths allow it); every access lies inside its
//! array (`N` elements, trip counts and offsets bounded so), and no
//! parameter is `restrict`.

use crate::Rng;
use std::fmt::Write as _;

/// Elements per array.
pub const N: usize = 1200;
/// The largest trip count `main` passes.
pub const MAX_TRIP: usize = 520;

const TYPES: &[&str] = &[
    "unsigned char",
    "unsigned short",
    "unsigned",
    "unsigned long",
    "float",
    "double",
];

/// Trip counts around the powers of two.
const TRIPS: &[usize] = &[
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 15, 16, 17, 23, 24, 25, 31, 32, 33, 47, 48, 49, 63,
    64, 65, 95, 96, 97, 127, 128, 129, 191, 192, 193, 255, 256, 257, 383, 384, 385, 511, 512, 513,
];

fn is_float(t: &str) -> bool {
    t == "float" || t == "double"
}

/// The generated program for `seed`.
pub fn program(seed: u64) -> String {
    let mut rng = Rng::new(seed.wrapping_mul(0x2545_f491_4f6c_dd1d) ^ 0x1234_5678);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "#include <stdio.h>\n#define N {N}\n#define NOINLINE __attribute__((noinline))"
    );
    let t = *rng.pick(TYPES);
    let _ = writeln!(s, "typedef {t} T;");
    // R is never written after main fills it: floating-point reductions
    // read it, so their sums stay small integers, exact in any order.
    let _ = writeln!(s, "T A[N], B[N], C[N], R[N];");
    let _ = writeln!(s, "unsigned long H;");
    let _ = writeln!(
        s,
        "static void mix(unsigned long v) {{ H = (H ^ v) * 1099511628211ul; }}"
    );
    let nk = 2 + rng.below(4);
    let mut calls = String::new();
    for k in 0..nk {
        let (src, call) = kernel(&mut rng, k, t);
        s.push_str(&src);
        calls.push_str(&call);
    }
    let _ = writeln!(s, "int main(void) {{");
    let _ = writeln!(
        s,
        "  for (int i = 0; i < N; i++) {{ A[i] = (T)((i * 7 + 3) % 16); B[i] = (T)((i * 5 + 1) % 13); C[i] = (T)((i * 11 + 5) % 9); R[i] = (T)((i * 3 + 2) % 11); }}"
    );
    s.push_str(&calls);
    let _ = writeln!(
        s,
        "  for (int i = 0; i < N; i++) {{ mix((unsigned long)A[i]); mix((unsigned long)B[i]); mix((unsigned long)C[i]); }}"
    );
    let _ = writeln!(s, "  printf(\"hash %lu\\n\", H);\n  return 0;\n}}");
    s
}

fn trip(rng: &mut Rng) -> usize {
    if rng.chance(0.8) {
        *rng.pick(TRIPS)
    } else {
        rng.below(MAX_TRIP + 1)
    }
}

/// One kernel and the calls `main` makes of it.
fn kernel(rng: &mut Rng, k: usize, t: &str) -> (String, String) {
    let fl = is_float(t);
    let mut s = String::new();
    let mut c = String::new();
    let name = format!("k{k}");
    let arr = |rng: &mut Rng| *rng.pick(&["A", "B", "C"]);
    let off = |rng: &mut Rng| rng.below(40);
    let shape = rng.below(13);
    let ncalls = 2 + rng.below(4);
    match shape {
        // Reductions.
        0 | 1 => {
            let ops: &[&str] = if fl {
                &["+", "min", "max"]
            } else {
                &["+", "*", "^", "|", "&", "min", "max"]
            };
            let op = *rng.pick(ops);
            let dot = rng.chance(0.4);
            let term = if dot { "a[i] * b[i]" } else { "a[i]" };
            let init = if op == "*" {
                "1"
            } else if op == "&" {
                "(T)-1"
            } else {
                "3"
            };
            let iv = *rng.pick(&["long", "unsigned long", "int", "unsigned"]);
            let _ = writeln!(
                s,
                "NOINLINE T {name}(T *a, T *b, {iv} n) {{ T s = {init}; for ({iv} i = 0; i < n; i++) {{ T v = {term};"
            );
            let upd = match op {
                "min" => "s = v < s ? v : s;".to_string(),
                "max" => "s = v > s ? v : s;".to_string(),
                o => format!("s = s {o} v;"),
            };
            let _ = writeln!(s, "  {upd} }} return s; }}");
            for _ in 0..ncalls {
                let (x, y) = if fl { ("R", "R") } else { (arr(rng), arr(rng)) };
                let (ox, oy) = (off(rng), off(rng));
                let n = trip(rng);
                let _ = writeln!(
                    c,
                    "  mix((unsigned long){name}({x} + {ox}, {y} + {oy}, {n}));"
                );
            }
        }
        // saxpy / elementwise through pointers that may alias.
        2 | 3 => {
            let expr = *rng.pick(&[
                "a * x[i] + y[i]",
                "x[i] + z[i]",
                "x[i] * z[i] + a",
                "(x[i] > z[i] ? x[i] : z[i])",
            ]);
            let _ = writeln!(
                s,
                "NOINLINE void {name}(T *y, T *x, T *z, T a, long n) {{ for (long i = 0; i < n; i++) y[i] = {expr}; }}"
            );
            for _ in 0..ncalls {
                let base = arr(rng);
                let (oy, ox, oz) = (off(rng), off(rng), off(rng));
                let (bx, bz) = if rng.chance(0.5) {
                    (base, base)
                } else {
                    (arr(rng), arr(rng))
                };
                let n = trip(rng);
                let a = 1 + rng.below(3);
                let _ = writeln!(
                    c,
                    "  {name}({base} + {oy}, {bx} + {ox}, {bz} + {oz}, (T){a}, {n});"
                );
            }
        }
        // Reverse loops.
        4 => {
            let _ = writeln!(
                s,
                "NOINLINE void {name}(T *a, T *b, long n) {{ for (long i = n - 1; i >= 0; i--) a[i] = b[i] + (T)2; }}"
            );
            for _ in 0..ncalls {
                let (x, y) = (arr(rng), arr(rng));
                let (ox, oy) = (off(rng), off(rng));
                let n = trip(rng);
                let _ = writeln!(c, "  {name}({x} + {ox}, {y} + {oy}, {n});");
            }
        }
        // Inductions and loaded values used after the loop.
        5 => {
            let _ = writeln!(
                s,
                "NOINLINE long {name}(T *a, T *b, long n) {{ long i; T last = 0; for (i = 0; i < n; i++) {{ a[i] = (T)(i * 3); last = b[i]; }} return i * 100 + (long)last; }}"
            );
            for _ in 0..ncalls {
                let (x, y) = (arr(rng), arr(rng));
                let n = trip(rng);
                let (ox, oy) = (off(rng), off(rng));
                let _ = writeln!(
                    c,
                    "  mix((unsigned long){name}({x} + {ox}, {y} + {oy}, {n}));"
                );
            }
        }
        // First-order recurrences.
        6 => {
            let _ = writeln!(
                s,
                "NOINLINE T {name}(T *a, T *b, long n) {{ T prev = (T)7; for (long i = 0; i < n; i++) {{ T cur = a[i]; b[i] = cur + prev * (T)2; prev = cur; }} return prev; }}"
            );
            for _ in 0..ncalls {
                let (x, y) = (arr(rng), arr(rng));
                let n = trip(rng);
                let (ox, oy) = (off(rng), off(rng));
                let _ = writeln!(
                    c,
                    "  mix((unsigned long){name}({x} + {ox}, {y} + {oy}, {n}));"
                );
            }
        }
        // Narrow induction variables.
        7 => {
            let iv = *rng.pick(&["unsigned char", "unsigned short"]);
            let _ = writeln!(
                s,
                "NOINLINE void {name}(T *a, T *b, {iv} n) {{ for ({iv} i = 0; i < n; i++) a[i] = b[i] + (T)i; }}"
            );
            for _ in 0..ncalls {
                let (x, y) = (arr(rng), arr(rng));
                let n = trip(rng) % 256;
                let (ox, oy) = (off(rng), off(rng));
                let _ = writeln!(c, "  {name}({x} + {ox}, {y} + {oy}, {n});");
            }
        }
        // Strided and loop-invariant accesses.
        8 => {
            let _ = writeln!(
                s,
                "NOINLINE void {name}(T *a, T *b, T *p, long n) {{ for (long i = 0; i < n; i++) a[2 * i] = b[i] + *p; }}"
            );
            for _ in 0..ncalls {
                let (x, y, z) = (arr(rng), arr(rng), arr(rng));
                let n = trip(rng);
                let (ox, oy, oz) = (off(rng), off(rng), off(rng));
                let _ = writeln!(c, "  {name}({x} + {ox}, {y} + {oy}, {z} + {oz}, {n});");
            }
        }
        // a[i] = f(a[i + d]) for small d of either sign.
        9 => {
            let d = rng.below(17) as i64 - 8;
            let lo = (-d).max(0);
            let _ = writeln!(
                s,
                "NOINLINE void {name}(T *a, long n) {{ for (long i = {lo}; i < n; i++) a[i] = a[i + ({d})] * (T)3 + (T)1; }}"
            );
            for _ in 0..ncalls {
                let x = arr(rng);
                let n = trip(rng);
                let o = off(rng);
                let _ = writeln!(c, "  {name}({x} + {o}, {n});");
            }
        }
        // Inductions of the element type (floating-point ones for float
        // and double), with a symbolic step for integers.
        10 => {
            let _ = writeln!(
                s,
                "NOINLINE T {name}(T *a, T *b, T st, long n) {{ T x = (T)2; for (long i = 0; i < n; i++) {{ a[i] = b[i] + x; x += st; }} return x; }}"
            );
            for _ in 0..ncalls {
                let (x, y) = (arr(rng), arr(rng));
                let n = trip(rng);
                let (ox, oy) = (off(rng), off(rng));
                let st = 1 + rng.below(4);
                let _ = writeln!(
                    c,
                    "  mix((unsigned long){name}({x} + {ox}, {y} + {oy}, (T){st}, {n}));"
                );
            }
        }
        // Interleave groups: members of `f`-element records loaded (some
        // indices left out: gaps) and all stored, forward or backward.
        12 => {
            let f = *rng.pick(&[2usize, 3, 4, 2, 3, 8]);
            let mut loaded: Vec<usize> = (0..f).filter(|&j| j == 0 || rng.chance(0.7)).collect();
            if loaded.is_empty() {
                loaded.push(0);
            }
            let backward = rng.chance(0.25);
            let head = if backward {
                "for (long i = n - 1; i >= 0; i--)"
            } else {
                "for (long i = 0; i < n; i++)"
            };
            let mut body = String::new();
            for &j in &loaded {
                let _ = write!(body, " T v{j} = b[{f} * i + {j}];");
            }
            for j in 0..f {
                let v = loaded[(j + 1) % loaded.len()];
                let _ = write!(
                    body,
                    " a[{f} * i + {j}] = v{v} * (T){} + (T){j};",
                    j % 3 + 1
                );
            }
            let _ = writeln!(
                s,
                "NOINLINE void {name}(T *a, T *b, long n) {{ {head} {{{body} }} }}"
            );
            for _ in 0..ncalls {
                let (x, y) = (arr(rng), arr(rng));
                let n = trip(rng) / f;
                let (ox, oy) = (off(rng), off(rng));
                let _ = writeln!(c, "  {name}({x} + {ox}, {y} + {oy}, {n});");
            }
        }
        // A loop with a symbolic stride (versioned on stride == 1).
        _ => {
            // The stride on the store (loop access analysis versions it for
            // its checks) or on a load (the vectorizer versions it).
            let body = if rng.chance(0.5) {
                "a[i * s] = b[i] + (T)1;"
            } else {
                "a[i] = b[i * s] + (T)1;"
            };
            let _ = writeln!(
                s,
                "NOINLINE void {name}(T *a, T *b, long s, long n) {{ for (long i = 0; i < n; i++) {body} }}"
            );
            for _ in 0..ncalls {
                let (x, y) = (arr(rng), arr(rng));
                let st = *rng.pick(&[1usize, 1, 1, 2]);
                let n = trip(rng) / st;
                let (ox, oy) = (off(rng), off(rng));
                let _ = writeln!(c, "  {name}({x} + {ox}, {y} + {oy}, {st}, {n});");
            }
        }
    }
    (s, c)
}
