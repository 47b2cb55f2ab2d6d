//! A seeded generator of functions whose memory accesses alias in shapes
//! picked at random, for the alias-analysis tests: `aa_props.rs` replays
//! the address arithmetic of every access concretely and checks
//! loopwright's answers against it; the driver's `aa_llvm.rs` runs the same
//! modules through `opt-19 -passes=aa-eval` and loopwright and compares
//! every line.
//!
//! A function gets the objects
//! - `%p` and `%q`, pointer arguments (`%q` sometimes `noalias`), whose
//!   objects are unknown;
//! - `%a` and `%b`, allocas of 64 and 24 bytes, sometimes escaping (passed
//!   to a capturing call or stored through `%p`), sometimes passed to a
//!   `nocapture` parameter;
//! - the module's globals `@g` (48 bytes), `@h` (16 bytes, internal) and
//!   `@k` (32 bytes, constant);
//!
//! integers derived from its arguments `%x`, `%y` (i64) and `%u`, `%v` (i32)
//! by `add`/`sub`/`mul`/`shl` with constants (with and without `nsw` and
//! `nuw`), `and` with a mask, `add` of two values, `sext`, `zext` (and
//! `zext nneg`) and `trunc`; pointers that are GEPs (with and without
//! `inbounds`) over scalar, array and struct types with constant and
//! variable indices, chained, and selects of two pointers on `%c`; loads
//! and stores of 1 to 16 bytes through them, some with `!tbaa` (scalar and
//! struct-path tags, `omnipotent char`, a second root, a constant tag) and
//! `!alias.scope`/`!noalias` (two domains); and calls for mod/ref: functions
//! with memory attributes (`memory(none)`, `memory(read)`,
//! `memory(argmem: ...)`, `memory(inaccessiblemem: ...)`), parameter
//! attributes (`nocapture`, `readonly`, `writeonly`), and the intrinsics
//! `memcpy`, `memmove`, `memset`, `lifetime.start`/`end` and `assume`.
//!
//! The concrete semantics ([`Function::eval_access`]) follow LangRef: an
//! index is sign-extended to 64 bits, an `inbounds` GEP of an object of
//! known size that leaves `[0, size]` is poison, `nsw`/`nuw`/`nneg`
//! violations are poison, and an access must lie inside its object.

#![allow(dead_code)]

use loopwright_testkit::Rng;
use std::fmt::Write as _;

/// The x86-64 data layout the modules declare (struct layout below
/// follows it).
pub const DATALAYOUT: &str =
    "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128";

/// An aggregate or scalar type a GEP indexes.
#[derive(Clone, Debug, PartialEq)]
pub enum Ty {
    I8,
    I16,
    I32,
    I64,
    Array(u64, Box<Ty>),
    Struct(Vec<Ty>),
}

impl Ty {
    pub fn align(&self) -> u64 {
        match self {
            Ty::I8 => 1,
            Ty::I16 => 2,
            Ty::I32 => 4,
            Ty::I64 => 8,
            Ty::Array(_, e) => e.align(),
            Ty::Struct(fs) => fs.iter().map(Ty::align).max().unwrap_or(1),
        }
    }

    /// The allocation size (the store size rounded up to the alignment).
    pub fn size(&self) -> u64 {
        match self {
            Ty::I8 => 1,
            Ty::I16 => 2,
            Ty::I32 => 4,
            Ty::I64 => 8,
            Ty::Array(n, e) => n * e.size(),
            Ty::Struct(fs) => Ty::layout(fs).1,
        }
    }

    /// The field offsets and the size of a struct.
    pub fn layout(fields: &[Ty]) -> (Vec<u64>, u64) {
        let mut offsets = Vec::new();
        let mut at: u64 = 0;
        for f in fields {
            at = at.div_ceil(f.align()) * f.align();
            offsets.push(at);
            at += f.size();
        }
        let align = fields.iter().map(Ty::align).max().unwrap_or(1);
        (offsets, at.div_ceil(align) * align)
    }

    pub fn text(&self) -> String {
        match self {
            Ty::I8 => "i8".into(),
            Ty::I16 => "i16".into(),
            Ty::I32 => "i32".into(),
            Ty::I64 => "i64".into(),
            Ty::Array(n, e) => format!("[{n} x {}]", e.text()),
            Ty::Struct(fs) => format!(
                "{{ {} }}",
                fs.iter().map(Ty::text).collect::<Vec<_>>().join(", ")
            ),
        }
    }
}

/// An object accesses are based on.
#[derive(Clone, Debug)]
pub struct Object {
    /// `%p`, `%a`, `@g`, ...
    pub name: &'static str,
    /// The size in bytes; `None` for the arguments' unknown objects.
    pub size: Option<u64>,
}

/// The objects, in the order [`PtrDef::Obj`] numbers them.
pub const OBJECTS: [Object; 7] = [
    Object {
        name: "%p",
        size: None,
    },
    Object {
        name: "%q",
        size: None,
    },
    Object {
        name: "%a",
        size: Some(64),
    },
    Object {
        name: "%b",
        size: Some(24),
    },
    Object {
        name: "@g",
        size: Some(48),
    },
    Object {
        name: "@h",
        size: Some(16),
    },
    Object {
        name: "@k",
        size: Some(32),
    },
];

/// An integer operation with a constant or a second value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Shl,
    And,
}

#[derive(Clone, Debug)]
pub enum IntDef {
    /// Argument `%x`, `%y`, `%u` or `%v` (0..4).
    Arg(usize),
    /// The loop's induction variable `%iv` (0, 1, ...; i64).
    Iv,
    BinConst {
        op: BinOp,
        a: usize,
        c: i64,
        nsw: bool,
        nuw: bool,
    },
    /// `add nsw? a, b` of two values of one width.
    AddVals {
        a: usize,
        b: usize,
        nsw: bool,
    },
    Sext(usize),
    Zext {
        a: usize,
        nneg: bool,
    },
    Trunc(usize),
}

/// An integer SSA value.
#[derive(Clone, Debug)]
pub struct IntVal {
    pub name: String,
    pub bits: u32,
    pub def: IntDef,
}

/// A GEP index.
#[derive(Clone, Debug)]
pub enum Idx {
    Const { bits: u32, v: i64 },
    Var(usize),
}

#[derive(Clone, Debug)]
pub enum PtrDef {
    Obj(usize),
    Gep {
        base: usize,
        inbounds: bool,
        ty: Ty,
        idx: Vec<Idx>,
    },
    Select {
        a: usize,
        b: usize,
    },
    /// A phi of the loop's header: `init` (an object) on entry, `next`
    /// (a GEP of the phi) from the latch.
    Phi {
        init: usize,
        next: usize,
    },
}

#[derive(Clone, Debug)]
pub struct Ptr {
    pub name: String,
    pub def: PtrDef,
}

/// A load or store.
#[derive(Clone, Debug)]
pub struct Access {
    pub ptr: usize,
    /// 1, 2, 4, 8 or 16 bytes.
    pub size: u64,
    pub store: bool,
    /// Indices into [`TBAA_TAGS`] and [`SCOPE_LISTS`].
    pub tbaa: Option<usize>,
    pub scope: Option<usize>,
    pub noalias: Option<usize>,
}

/// How a function lets `%a` or `%b` escape.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Escape {
    None,
    /// Passed to `@capture`.
    Call,
    /// Stored through `%p`.
    Store,
    /// Passed to a `nocapture` parameter.
    NoCapture,
}

/// One generated function.
#[derive(Clone, Debug)]
pub struct Function {
    pub name: String,
    pub q_noalias: bool,
    pub ints: Vec<IntVal>,
    pub ptrs: Vec<Ptr>,
    pub accesses: Vec<Access>,
    pub escapes: [Escape; 2],
    /// The calls, in order, interleaved with the accesses: (the position
    /// in `accesses` they come before, the call).
    pub calls: Vec<(usize, Call)>,
    /// The loop's trip count when the body is a loop (the values of
    /// [`IntDef::Iv`] and [`PtrDef::Phi`] change per iteration), else 0.
    pub trip: u32,
}

/// Values of the arguments: `%x`, `%y`, `%u`, `%v`, `%c`.
#[derive(Clone, Copy, Debug)]
pub struct Assignment {
    pub args: [i64; 4],
    pub c: bool,
    /// The iteration of the loop the values are taken in (both accesses
    /// in the same iteration, as an alias query without cross-iteration
    /// answers means).
    pub iter: u32,
}

/// The `!tbaa` access tags (metadata numbers in [`metadata`]).
pub const TBAA_TAGS: usize = 12;
/// The `!alias.scope`/`!noalias` lists.
pub const SCOPE_LISTS: usize = 5;

/// The module's metadata: the TBAA type graph and its tags (`!100`...),
/// scopes and their lists (`!200`...).
pub fn metadata() -> String {
    let mut s = String::new();
    s.push_str(
        "!0 = !{!\"Simple C/C++ TBAA\"}\n\
         !1 = !{!\"omnipotent char\", !0, i64 0}\n\
         !2 = !{!\"int\", !1, i64 0}\n\
         !3 = !{!\"long\", !1, i64 0}\n\
         !4 = !{!\"float\", !1, i64 0}\n\
         !5 = !{!\"S\", !2, i64 0, !3, i64 8, !4, i64 16}\n\
         !6 = !{!\"T\", !2, i64 0, !5, i64 8}\n\
         !7 = !{!\"other root\"}\n\
         !8 = !{!\"int\", !7, i64 0}\n",
    );
    // The tags.
    let tags = [
        "!{!2, !2, i64 0}",
        "!{!3, !3, i64 0}",
        "!{!4, !4, i64 0}",
        "!{!1, !1, i64 0}",
        "!{!5, !2, i64 0}",
        "!{!5, !3, i64 8}",
        "!{!5, !4, i64 16}",
        "!{!6, !2, i64 0}",
        "!{!6, !2, i64 8}",
        "!{!6, !3, i64 16}",
        "!{!8, !8, i64 0}",
        "!{!2, !2, i64 0, i64 1}",
    ];
    assert_eq!(tags.len(), TBAA_TAGS);
    for (k, t) in tags.iter().enumerate() {
        let _ = writeln!(s, "!{} = {t}", 100 + k);
    }
    s.push_str(
        "!10 = distinct !{!10, !\"domain one\"}\n\
         !11 = distinct !{!11, !10, !\"one: a\"}\n\
         !12 = distinct !{!12, !10, !\"one: b\"}\n\
         !13 = distinct !{!13, !\"domain two\"}\n\
         !14 = distinct !{!14, !13, !\"two: a\"}\n",
    );
    let lists = ["!{!11}", "!{!12}", "!{!11, !12}", "!{!14}", "!{!11, !14}"];
    assert_eq!(lists.len(), SCOPE_LISTS);
    for (k, l) in lists.iter().enumerate() {
        let _ = writeln!(s, "!{} = {l}", 200 + k);
    }
    s
}

/// Declarations of the callees (`@capture` captures its argument).
const DECLARATIONS: &str = "declare void @capture(ptr)\n\
    declare void @nocap(ptr nocapture)\n\
    declare void @none(ptr) memory(none)\n\
    declare void @read(ptr) memory(read)\n\
    declare void @argrw(ptr) memory(argmem: readwrite)\n\
    declare void @argread(ptr) memory(argmem: read)\n\
    declare void @argwrite(ptr nocapture) memory(argmem: write)\n\
    declare void @inaccessible(ptr) memory(inaccessiblemem: readwrite)\n\
    declare void @ro(ptr nocapture readonly)\n\
    declare void @wo(ptr nocapture writeonly)\n\
    declare void @unknown(ptr)\n\
    declare void @two(ptr nocapture readonly, ptr nocapture)\n\
    declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)\n\
    declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1)\n\
    declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)\n\
    declare void @llvm.lifetime.start.p0(i64, ptr)\n\
    declare void @llvm.lifetime.end.p0(i64, ptr)\n\
    declare void @llvm.assume(i1)\n";

/// A module of `n` functions from `seed`.
pub fn module(seed: u64, n: usize) -> (String, Vec<Function>) {
    let mut rng = Rng::new(seed.wrapping_mul(0x9e37_79b9).wrapping_add(1));
    let functions: Vec<Function> = (0..n).map(|k| function(&mut rng, k)).collect();
    let mut text = format!(
        "; aa_gen seed {seed}\ntarget datalayout = \"{DATALAYOUT}\"\n\
         target triple = \"x86_64-unknown-linux-gnu\"\n\n\
         @g = global [48 x i8] zeroinitializer, align 16\n\
         @h = internal global [16 x i8] zeroinitializer, align 16\n\
         @k = constant [32 x i8] zeroinitializer, align 16\n\n"
    );
    text.push_str(DECLARATIONS);
    for f in &functions {
        text.push('\n');
        text.push_str(&f.text());
    }
    text.push('\n');
    text.push_str(&metadata());
    (text, functions)
}

const ACCESS_SIZES: [u64; 5] = [1, 2, 4, 8, 16];

fn access_type(size: u64) -> &'static str {
    match size {
        1 => "i8",
        2 => "i16",
        4 => "i32",
        8 => "i64",
        _ => "<4 x i32>",
    }
}

fn random_ty(rng: &mut Rng, depth: u32) -> Ty {
    let scalars = [Ty::I8, Ty::I16, Ty::I32, Ty::I64];
    match rng.below(if depth < 2 { 7 } else { 4 }) {
        0..=3 => scalars[rng.below(4)].clone(),
        4 | 5 => Ty::Array(1 + rng.below(6) as u64, Box::new(random_ty(rng, depth + 1))),
        _ => {
            let n = 1 + rng.below(3);
            Ty::Struct((0..n).map(|_| random_ty(rng, depth + 1)).collect())
        }
    }
}

fn function(rng: &mut Rng, k: usize) -> Function {
    let mut f = Function {
        name: format!("f{k}"),
        q_noalias: rng.chance(0.4),
        ints: Vec::new(),
        ptrs: Vec::new(),
        accesses: Vec::new(),
        escapes: [Escape::None; 2],
        calls: Vec::new(),
        trip: if rng.chance(0.3) {
            *rng.pick(&[2, 4, 16])
        } else {
            0
        },
    };
    for e in f.escapes.iter_mut() {
        *e = *rng.pick(&[
            Escape::None,
            Escape::None,
            Escape::Call,
            Escape::Store,
            Escape::NoCapture,
        ]);
    }
    for (a, (name, bits)) in [("%x", 64), ("%y", 64), ("%u", 32), ("%v", 32)]
        .iter()
        .enumerate()
    {
        f.ints.push(IntVal {
            name: name.to_string(),
            bits: *bits,
            def: IntDef::Arg(a),
        });
    }
    if f.trip > 0 {
        f.ints.push(IntVal {
            name: "%iv".into(),
            bits: 64,
            def: IntDef::Iv,
        });
    }
    // Derived integers.
    for _ in 0..rng.below(7) {
        let a = rng.below(f.ints.len());
        let bits = f.ints[a].bits;
        let name = format!("%i{}", f.ints.len());
        let def = match rng.below(8) {
            0..=2 => {
                let op = *rng.pick(&[BinOp::Add, BinOp::Sub, BinOp::Mul, BinOp::Shl, BinOp::And]);
                let c = match op {
                    BinOp::Shl => rng.below(4) as i64,
                    BinOp::And => *rng.pick(&[3, 7, 15, 12, -4]),
                    BinOp::Mul => *rng.pick(&[2, 3, 4, -1, 8]),
                    _ => rng.below(9) as i64 - 2,
                };
                let flags = op != BinOp::And;
                IntDef::BinConst {
                    op,
                    a,
                    c,
                    nsw: flags && rng.chance(0.6),
                    nuw: flags && rng.chance(0.2),
                }
            }
            3 => {
                let same: Vec<usize> = (0..f.ints.len())
                    .filter(|&b| f.ints[b].bits == bits)
                    .collect();
                IntDef::AddVals {
                    a,
                    b: *rng.pick(&same),
                    nsw: rng.chance(0.5),
                }
            }
            4 | 5 if bits == 32 => IntDef::Sext(a),
            6 if bits == 32 => IntDef::Zext {
                a,
                nneg: rng.chance(0.3),
            },
            _ if bits == 64 => IntDef::Trunc(a),
            _ => IntDef::Sext(a),
        };
        let bits = match def {
            IntDef::Sext(_) | IntDef::Zext { .. } => 64,
            IntDef::Trunc(_) => 32,
            _ => bits,
        };
        f.ints.push(IntVal { name, bits, def });
    }
    for (o, obj) in OBJECTS.iter().enumerate() {
        f.ptrs.push(Ptr {
            name: obj.name.to_string(),
            def: PtrDef::Obj(o),
        });
    }
    // Pointer phis of the loop: an object advanced by a constant step.
    if f.trip > 0 {
        for _ in 0..1 + rng.below(2) {
            let init = rng.below(OBJECTS.len());
            let phi = f.ptrs.len();
            f.ptrs.push(Ptr {
                name: format!("%g{phi}"),
                def: PtrDef::Phi {
                    init,
                    next: phi + 1,
                },
            });
            let ty = rng.pick(&[Ty::I8, Ty::I16, Ty::I32, Ty::I64]).clone();
            let step = rng.below(5) as i64 - 1;
            f.ptrs.push(Ptr {
                name: format!("%g{}", phi + 1),
                def: PtrDef::Gep {
                    base: phi,
                    inbounds: rng.chance(0.7),
                    ty,
                    idx: vec![Idx::Const { bits: 64, v: step }],
                },
            });
        }
    }
    // Pointers: GEPs mostly from a few objects, so that many pairs share a
    // base.
    let favourite = [rng.below(OBJECTS.len()), rng.below(OBJECTS.len())];
    for _ in 0..4 + rng.below(8) {
        let name = format!("%g{}", f.ptrs.len());
        if f.ptrs.len() > OBJECTS.len() + 1 && rng.chance(0.12) {
            let a = rng.below(f.ptrs.len());
            let b = rng.below(f.ptrs.len());
            f.ptrs.push(Ptr {
                name,
                def: PtrDef::Select { a, b },
            });
            continue;
        }
        let base = if f.ptrs.len() > OBJECTS.len() && rng.chance(0.4) {
            OBJECTS.len() + rng.below(f.ptrs.len() - OBJECTS.len())
        } else if rng.chance(0.8) {
            *rng.pick(&favourite)
        } else {
            rng.below(OBJECTS.len())
        };
        let ty = random_ty(rng, 0);
        let mut idx = vec![index(rng, &f, true)];
        let mut at = ty.clone();
        while rng.chance(0.6) {
            match at {
                Ty::Array(_, e) => {
                    idx.push(index(rng, &f, false));
                    at = *e;
                }
                Ty::Struct(fs) => {
                    let k = rng.below(fs.len());
                    idx.push(Idx::Const {
                        bits: 32,
                        v: k as i64,
                    });
                    at = fs[k].clone();
                }
                _ => break,
            }
        }
        f.ptrs.push(Ptr {
            name,
            def: PtrDef::Gep {
                base,
                inbounds: rng.chance(0.7),
                ty,
                idx,
            },
        });
    }
    // Accesses, with calls between them.
    let n = 3 + rng.below(6);
    for k in 0..n {
        if rng.chance(0.3) {
            let c = call(rng, &f);
            f.calls.push((k, c));
        }
        let ptr = if rng.chance(0.85) && f.ptrs.len() > OBJECTS.len() {
            OBJECTS.len() + rng.below(f.ptrs.len() - OBJECTS.len())
        } else {
            rng.below(f.ptrs.len())
        };
        let store = rng.chance(0.45);
        f.accesses.push(Access {
            ptr,
            size: *rng.pick(&ACCESS_SIZES),
            store,
            tbaa: rng.chance(0.5).then(|| rng.below(TBAA_TAGS)),
            scope: rng.chance(0.3).then(|| rng.below(SCOPE_LISTS)),
            noalias: rng.chance(0.3).then(|| rng.below(SCOPE_LISTS)),
        });
    }
    if rng.chance(0.3) {
        let c = call(rng, &f);
        f.calls.push((n, c));
    }
    f
}

fn index(rng: &mut Rng, f: &Function, first: bool) -> Idx {
    if rng.chance(0.45) {
        Idx::Var(rng.below(f.ints.len()))
    } else {
        let v = if first {
            rng.below(7) as i64 - 2
        } else {
            rng.below(5) as i64
        };
        Idx::Const {
            bits: *rng.pick(&[32, 64]),
            v,
        }
    }
}

/// A call between the accesses.
#[derive(Clone, Debug)]
pub enum Call {
    /// `@name(ptr)` (a declaration of [`DECLARATIONS`]).
    Named(&'static str, usize),
    /// `@two(ptr, ptr)`.
    Two(usize, usize),
    /// `memcpy(dst, src, n)`.
    Memcpy(usize, usize, u64),
    /// `memmove(dst, src, %x)`.
    Memmove(usize, usize),
    /// `memset(dst, 0, n)`.
    Memset(usize, u64),
    Assume,
    /// `lifetime.start` (true) or `.end` of `%a` (0) or `%b` (1).
    Lifetime(bool, usize),
}

/// A random call on the function's pointers.
fn call(rng: &mut Rng, f: &Function) -> Call {
    let p = |rng: &mut Rng| rng.below(f.ptrs.len());
    match rng.below(9) {
        0..=3 => {
            let callee = *rng.pick(&[
                "none",
                "read",
                "argrw",
                "argread",
                "argwrite",
                "inaccessible",
                "ro",
                "wo",
                "unknown",
                "nocap",
            ]);
            Call::Named(callee, p(rng))
        }
        4 => Call::Two(p(rng), p(rng)),
        5 => Call::Memcpy(p(rng), p(rng), *rng.pick(&[4, 8, 16, 0])),
        6 => Call::Memmove(p(rng), p(rng)),
        7 => Call::Memset(p(rng), *rng.pick(&[1, 8, 32])),
        _ => {
            if rng.chance(0.5) {
                Call::Assume
            } else {
                Call::Lifetime(rng.chance(0.5), rng.below(2))
            }
        }
    }
}

impl Call {
    pub fn text(&self, f: &Function) -> String {
        let n = |k: &usize| &f.ptrs[*k].name;
        match self {
            Call::Named(callee, a) => format!("call void @{callee}(ptr {})", n(a)),
            Call::Two(a, b) => format!("call void @two(ptr {}, ptr {})", n(a), n(b)),
            Call::Memcpy(d, s, len) => format!(
                "call void @llvm.memcpy.p0.p0.i64(ptr {}, ptr {}, i64 {len}, i1 false)",
                n(d),
                n(s)
            ),
            Call::Memmove(d, s) => format!(
                "call void @llvm.memmove.p0.p0.i64(ptr {}, ptr {}, i64 %x, i1 false)",
                n(d),
                n(s)
            ),
            Call::Memset(d, len) => format!(
                "call void @llvm.memset.p0.i64(ptr {}, i8 0, i64 {len}, i1 false)",
                n(d)
            ),
            Call::Assume => "call void @llvm.assume(i1 %c)".to_string(),
            Call::Lifetime(start, o) => format!(
                "call void @llvm.lifetime.{}.p0(i64 -1, ptr {})",
                if *start { "start" } else { "end" },
                ["%a", "%b"][*o]
            ),
        }
    }
}

fn wrap(v: i128, bits: u32) -> i128 {
    let m = 1i128 << bits;
    let r = v.rem_euclid(m);
    if r >= m / 2 {
        r - m
    } else {
        r
    }
}

fn unsigned(v: i128, bits: u32) -> i128 {
    v.rem_euclid(1i128 << bits)
}

fn fits_signed(v: i128, bits: u32) -> bool {
    v >= -(1i128 << (bits - 1)) && v < (1i128 << (bits - 1))
}

impl Function {
    pub fn text(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "define void @{}(ptr %p, ptr {}%q, i64 %x, i64 %y, i32 %u, i32 %v, i1 %c) {{",
            self.name,
            if self.q_noalias { "noalias " } else { "" }
        );
        s.push_str("entry:\n  %a = alloca [64 x i8], align 16\n  %b = alloca [24 x i8], align 8\n");
        for (k, e) in self.escapes.iter().enumerate() {
            let o = ["%a", "%b"][k];
            match e {
                Escape::None => {}
                Escape::Call => {
                    let _ = writeln!(s, "  call void @capture(ptr {o})");
                }
                Escape::Store => {
                    let _ = writeln!(s, "  store ptr {o}, ptr %p, align 8");
                }
                Escape::NoCapture => {
                    let _ = writeln!(s, "  call void @nocap(ptr {o})");
                }
            }
        }
        if self.trip > 0 {
            s.push_str(
                "  br label %loop\nloop:\n  %iv = phi i64 [ 0, %entry ], [ %iv.next, %loop ]\n",
            );
            for p in &self.ptrs {
                if let PtrDef::Phi { init, next } = p.def {
                    let _ = writeln!(
                        s,
                        "  {} = phi ptr [ {}, %entry ], [ {}, %loop ]",
                        p.name, self.ptrs[init].name, self.ptrs[next].name
                    );
                }
            }
        }
        for v in &self.ints[4..] {
            if matches!(v.def, IntDef::Iv) {
                continue;
            }
            let t = |bits: u32| format!("i{bits}");
            let name = |k: usize| self.ints[k].name.clone();
            let line = match &v.def {
                IntDef::Arg(_) | IntDef::Iv => unreachable!(),
                IntDef::BinConst { op, a, c, nsw, nuw } => {
                    let op = match op {
                        BinOp::Add => "add",
                        BinOp::Sub => "sub",
                        BinOp::Mul => "mul",
                        BinOp::Shl => "shl",
                        BinOp::And => "and",
                    };
                    let flags = format!(
                        "{}{}",
                        if *nuw { "nuw " } else { "" },
                        if *nsw { "nsw " } else { "" }
                    );
                    format!("{op} {flags}{} {}, {c}", t(v.bits), name(*a))
                }
                IntDef::AddVals { a, b, nsw } => format!(
                    "add {}{} {}, {}",
                    if *nsw { "nsw " } else { "" },
                    t(v.bits),
                    name(*a),
                    name(*b)
                ),
                IntDef::Sext(a) => format!("sext i32 {} to i64", name(*a)),
                IntDef::Zext { a, nneg } => format!(
                    "zext {}i32 {} to i64",
                    if *nneg { "nneg " } else { "" },
                    name(*a)
                ),
                IntDef::Trunc(a) => format!("trunc i64 {} to i32", name(*a)),
            };
            let _ = writeln!(s, "  {} = {line}", v.name);
        }
        for p in &self.ptrs[OBJECTS.len()..] {
            let line = match &p.def {
                PtrDef::Obj(_) => unreachable!(),
                PtrDef::Phi { .. } => continue,
                PtrDef::Gep {
                    base,
                    inbounds,
                    ty,
                    idx,
                } => {
                    let idx: Vec<String> = idx
                        .iter()
                        .map(|i| match i {
                            Idx::Const { bits, v } => format!("i{bits} {v}"),
                            Idx::Var(k) => {
                                format!("i{} {}", self.ints[*k].bits, self.ints[*k].name)
                            }
                        })
                        .collect();
                    format!(
                        "getelementptr {}{}, ptr {}, {}",
                        if *inbounds { "inbounds " } else { "" },
                        ty.text(),
                        self.ptrs[*base].name,
                        idx.join(", ")
                    )
                }
                PtrDef::Select { a, b } => format!(
                    "select i1 %c, ptr {}, ptr {}",
                    self.ptrs[*a].name, self.ptrs[*b].name
                ),
            };
            let _ = writeln!(s, "  {} = {line}", p.name);
        }
        for (k, a) in self.accesses.iter().enumerate() {
            for (_, c) in self.calls.iter().filter(|(at, _)| *at == k) {
                let _ = writeln!(s, "  {}", c.text(self));
            }
            let ty = access_type(a.size);
            let ptr = &self.ptrs[a.ptr].name;
            let mut md = String::new();
            if let Some(t) = a.tbaa {
                let _ = write!(md, ", !tbaa !{}", 100 + t);
            }
            if let Some(l) = a.scope {
                let _ = write!(md, ", !alias.scope !{}", 200 + l);
            }
            if let Some(l) = a.noalias {
                let _ = write!(md, ", !noalias !{}", 200 + l);
            }
            if a.store {
                let value = if a.size == 16 {
                    "zeroinitializer".to_string()
                } else {
                    k.to_string()
                };
                let _ = writeln!(s, "  store {ty} {value}, ptr {ptr}, align 1{md}");
            } else {
                let _ = writeln!(s, "  %l{k} = load {ty}, ptr {ptr}, align 1{md}");
            }
        }
        for (_, c) in self
            .calls
            .iter()
            .filter(|(at, _)| *at == self.accesses.len())
        {
            let _ = writeln!(s, "  {}", c.text(self));
        }
        if self.trip > 0 {
            let _ = writeln!(
                s,
                "  %iv.next = add nuw nsw i64 %iv, 1\n  %more = icmp ult i64 %iv.next, {}\n  \
                 br i1 %more, label %loop, label %exit\nexit:",
                self.trip
            );
        }
        s.push_str("  ret void\n}\n");
        s
    }

    /// The value of integer `k` (its signed value), `None` when poison.
    pub fn eval_int(&self, k: usize, env: &Assignment) -> Option<i128> {
        let v = &self.ints[k];
        let bits = v.bits;
        Some(match &v.def {
            IntDef::Arg(a) => wrap(env.args[*a] as i128, bits),
            IntDef::Iv => env.iter as i128,
            IntDef::BinConst { op, a, c, nsw, nuw } => {
                let x = self.eval_int(*a, env)?;
                let c = wrap(*c as i128, bits);
                let (ux, uc) = (unsigned(x, bits), unsigned(c, bits));
                // The exact signed and unsigned results (`None` beyond
                // i128, which only matters for the wrap flags).
                let (exact, exact_u) = match op {
                    BinOp::Add => (x + c, Some(ux + uc)),
                    BinOp::Sub => (x - c, Some(ux - uc)),
                    BinOp::Mul => (x * c, ux.checked_mul(uc)),
                    BinOp::Shl => {
                        if c < 0 || c >= bits as i128 {
                            return None;
                        }
                        (x * (1i128 << c), Some(ux * (1i128 << c)))
                    }
                    BinOp::And => (x & c, Some(ux & uc)),
                };
                if *nsw && !fits_signed(exact, bits) {
                    return None;
                }
                if *nuw && !exact_u.is_some_and(|u| (0..(1i128 << bits)).contains(&u)) {
                    return None;
                }
                wrap(exact, bits)
            }
            IntDef::AddVals { a, b, nsw } => {
                let exact = self.eval_int(*a, env)? + self.eval_int(*b, env)?;
                if *nsw && !fits_signed(exact, bits) {
                    return None;
                }
                wrap(exact, bits)
            }
            IntDef::Sext(a) => self.eval_int(*a, env)?,
            IntDef::Zext { a, nneg } => {
                let x = self.eval_int(*a, env)?;
                if *nneg && x < 0 {
                    return None;
                }
                unsigned(x, self.ints[*a].bits)
            }
            IntDef::Trunc(a) => wrap(self.eval_int(*a, env)?, bits),
        })
    }

    /// The object pointer `k` points into and its offset there; `None`
    /// when it is poison.
    pub fn eval_ptr(&self, k: usize, env: &Assignment) -> Option<(usize, i128)> {
        match &self.ptrs[k].def {
            PtrDef::Obj(o) => Some((*o, 0)),
            PtrDef::Phi { init, next } => {
                if env.iter == 0 {
                    self.eval_ptr(*init, env)
                } else {
                    let before = Assignment {
                        iter: env.iter - 1,
                        ..*env
                    };
                    self.eval_ptr(*next, &before)
                }
            }
            PtrDef::Select { a, b } => self.eval_ptr(if env.c { *a } else { *b }, env),
            PtrDef::Gep {
                base,
                inbounds,
                ty,
                idx,
            } => {
                let (o, mut off) = self.eval_ptr(*base, env)?;
                let mut at = ty.clone();
                for (n, i) in idx.iter().enumerate() {
                    let v = match i {
                        Idx::Const { bits, v } => wrap(*v as i128, *bits),
                        Idx::Var(k) => self.eval_int(*k, env)?,
                    };
                    if n == 0 {
                        off += v * at.size() as i128;
                        continue;
                    }
                    match at {
                        Ty::Array(_, e) => {
                            off += v * e.size() as i128;
                            at = *e;
                        }
                        Ty::Struct(fs) => {
                            let (offsets, _) = Ty::layout(&fs);
                            off += offsets[v as usize] as i128;
                            at = fs[v as usize].clone();
                        }
                        _ => unreachable!("index into a scalar"),
                    }
                }
                if *inbounds {
                    if let Some(size) = OBJECTS[o].size {
                        if off < 0 || off > size as i128 {
                            return None;
                        }
                    }
                }
                Some((o, off))
            }
        }
    }

    /// Access `k` under `env`: its object and byte range, `None` when the
    /// access cannot happen (a poison pointer, or outside its object).
    pub fn eval_access(&self, k: usize, env: &Assignment) -> Option<(usize, i128, i128)> {
        let a = &self.accesses[k];
        self.eval_range(a.ptr, a.size, env)
    }

    /// The `size` bytes at pointer `ptr` under `env`, as
    /// [`eval_access`](Self::eval_access).
    pub fn eval_range(
        &self,
        ptr: usize,
        size: u64,
        env: &Assignment,
    ) -> Option<(usize, i128, i128)> {
        if env.iter >= self.trip.max(1) {
            // The iteration does not happen.
            return None;
        }
        let (o, off) = self.eval_ptr(ptr, env)?;
        let end = off + size as i128;
        if let Some(objsize) = OBJECTS[o].size {
            if off < 0 || end > objsize as i128 {
                return None;
            }
        }
        Some((o, off, end))
    }
}

/// `n` assignments: small values (most GEPs stay inside their objects),
/// a few edge values, both conditions.
pub fn assignments(rng: &mut Rng, n: usize) -> Vec<Assignment> {
    let edge = [
        0i64,
        1,
        -1,
        2,
        3,
        4,
        7,
        8,
        15,
        16,
        -8,
        100,
        -100,
        1 << 31,
        -(1 << 31),
    ];
    (0..n)
        .map(|k| {
            let mut args = [0i64; 4];
            for a in args.iter_mut() {
                *a = if rng.chance(0.2) {
                    *rng.pick(&edge)
                } else {
                    rng.below(24) as i64 - 8
                };
            }
            Assignment {
                args,
                c: k % 2 == 0,
                iter: if rng.chance(0.5) {
                    0
                } else {
                    rng.below(16) as u32
                },
            }
        })
        .collect()
}
