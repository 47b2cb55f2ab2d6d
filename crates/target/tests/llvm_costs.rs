//! The cost model against opt-19's (`opt-19 -passes='print<cost-model>'`
//! with each `-cost-kind`).
//!
//! For twelve subtargets (x86-64 baseline, v2, Sandy Bridge, v3, Zen 3,
//! Knights Landing, v4 preferring 256 and 512 bits, Skylake-SP, Ice Lake
//! server, Sapphire Rapids and Zen 4, each with the attributes clang-19
//! writes for `-march=`), a module holds one function per probe: an
//! arithmetic operation with each kind of second operand, a cast, a
//! compare or select, a load or store, a masked load/store, a gather or
//! scatter, a shuffle, an element insert/extract, an intrinsic or a
//! reduction, on scalars and on vectors of 64 to 1024 bits. Every probe's
//! cost of every kind is compared with the model's.
//!
//! The test prints the agreement of every category and fails on any
//! difference (`SHOW=text` prints the differences whose subtarget,
//! category and label contain `text`). It has found every error it was
//! written against: before the fixes, scalar remainders (LLVM expands
//! them to a division, a multiply and a subtract), scalarized gathers and
//! float/i64 conversions differed. Skipped with a notice when opt-19 or
//! clang-19 is not installed (an error under `CI=1`).

use loopwright_target::*;
use loopwright_testkit::run::TIMEOUT;
use loopwright_testkit::tools::{CLANG, OPT};
use std::fmt::Write as _;
use std::process::Command;

/// What a probe asks the model.
#[derive(Clone, Debug)]
enum Query {
    Arith(BinOp, Ty, OperandInfo),
    Cast(CastOp, Ty, Ty),
    Cmp(CmpSel, Ty),
    Mem(MemOp, Ty, u64),
    Masked(MemOp, Ty),
    Gather(MemOp, Ty),
    Shuffle(ShuffleKind, Ty, u32, Option<Ty>),
    Elem(VectorInst, Ty, u32),
    Intr(Intrinsic, Ty),
    Reduce(ReduceOp, Ty, bool, bool),
}

struct Probe {
    cat: &'static str,
    label: String,
    params: String,
    body: String,
    query: Query,
}

fn ir_scalar(s: Scalar) -> String {
    match s {
        Scalar::Int(w) => format!("i{w}"),
        Scalar::Float => "float".into(),
        Scalar::Double => "double".into(),
        Scalar::Half => "half".into(),
        Scalar::BFloat => "bfloat".into(),
        Scalar::X86Fp80 => "x86_fp80".into(),
        Scalar::Fp128 => "fp128".into(),
        Scalar::Ptr => "ptr".into(),
    }
}

fn ir(t: Ty) -> String {
    if t.vector {
        format!("<{} x {}>", t.lanes, ir_scalar(t.elem))
    } else {
        ir_scalar(t.elem)
    }
}

fn mangle(t: Ty) -> String {
    let e = match t.elem {
        Scalar::Int(w) => format!("i{w}"),
        Scalar::Float => "f32".into(),
        Scalar::Double => "f64".into(),
        Scalar::Ptr => "p0".into(),
        _ => "x".into(),
    };
    if t.vector {
        format!("v{}{e}", t.lanes)
    } else {
        e
    }
}

fn splat(t: Ty, v: &str) -> String {
    if t.vector {
        format!("splat ({} {v})", ir_scalar(t.elem))
    } else {
        v.to_string()
    }
}

/// Scalars and vectors of 64 to 1024 bits of `e`.
fn shapes(e: Scalar) -> Vec<Ty> {
    let mut v = vec![Ty::scalar(e)];
    for total in [64u32, 128, 256, 512, 1024] {
        let n = total / e.bits();
        if n >= 2 {
            v.push(Ty::vector(e, n));
        }
    }
    v
}

fn probes() -> Vec<Probe> {
    let mut out = Vec::new();
    let mut add =
        |cat: &'static str, label: String, params: Vec<String>, body: Vec<String>, query: Query| {
            out.push(Probe {
                cat,
                label,
                params: params.join(", "),
                body: body.join("\n  "),
                query,
            });
        };
    let ints = [8u32, 16, 32, 64].map(Scalar::Int);
    for &e in &ints {
        for t in shapes(e) {
            let ts = ir(t);
            let es = ir_scalar(e);
            use BinOp::*;
            for op in [
                Add, Sub, Mul, And, Or, Xor, Shl, LShr, AShr, SDiv, UDiv, SRem, URem,
            ] {
                let name = format!("{op:?}").to_lowercase();
                let name = match name.as_str() {
                    "lshr" | "ashr" | "shl" | "sdiv" | "udiv" | "srem" | "urem" | "add" | "sub"
                    | "mul" | "and" | "or" | "xor" => name,
                    _ => unreachable!(),
                };
                let mut kinds: Vec<(&str, String, OperandInfo, Vec<String>)> =
                    vec![("var", "%b".into(), OperandInfo::VARIABLE, vec![])];
                if !matches!(op, Add | Sub | And | Or | Xor) {
                    kinds.push(("ucst", splat(t, "7"), OperandInfo::uniform_const(7), vec![]));
                    kinds.push(("pow2", splat(t, "8"), OperandInfo::uniform_const(8), vec![]));
                    if t.vector {
                        let c: Vec<String> = (0..t.lanes)
                            .map(|i| format!("{es} {}", i % 5 + 3))
                            .collect();
                        kinds.push((
                            "ncst",
                            format!("<{}>", c.join(", ")),
                            OperandInfo::CONST,
                            vec![],
                        ));
                        kinds.push((
                            "uvar",
                            "%s".into(),
                            OperandInfo::UNIFORM,
                            vec![
                                format!("%i = insertelement {ts} poison, {es} %x, i64 0"),
                                format!("%s = shufflevector {ts} %i, {ts} poison, <{} x i32> zeroinitializer", t.lanes),
                            ],
                        ));
                    }
                }
                for (k, rhs, info, pre) in kinds {
                    let mut body = pre;
                    body.push(format!("%r = {name} {ts} %a, {rhs}"));
                    add(
                        "int-arith",
                        format!("{name} {ts} {k}"),
                        vec![format!("{ts} %a"), format!("{ts} %b"), format!("{es} %x")],
                        body,
                        Query::Arith(op, t, info),
                    );
                }
            }
            for (n, i) in [
                ("smin", Intrinsic::SMin),
                ("smax", Intrinsic::SMax),
                ("umin", Intrinsic::UMin),
                ("umax", Intrinsic::UMax),
            ] {
                add(
                    "intrinsic",
                    format!("{n} {ts}"),
                    vec![format!("{ts} %a"), format!("{ts} %b")],
                    vec![format!(
                        "%r = call {ts} @llvm.{n}.{}({ts} %a, {ts} %b)",
                        mangle(t)
                    )],
                    Query::Intr(i, t),
                );
            }
            add(
                "intrinsic",
                format!("abs {ts}"),
                vec![format!("{ts} %a")],
                vec![format!(
                    "%r = call {ts} @llvm.abs.{}({ts} %a, i1 false)",
                    mangle(t)
                )],
                Query::Intr(Intrinsic::Abs, t),
            );
            for (p, pred) in [
                ("eq", IntPred::Eq),
                ("ne", IntPred::Ne),
                ("sgt", IntPred::Sgt),
                ("sge", IntPred::Sge),
                ("ugt", IntPred::Ugt),
                ("ule", IntPred::Ule),
            ] {
                add(
                    "cmp",
                    format!("icmp {p} {ts}"),
                    vec![format!("{ts} %a"), format!("{ts} %b")],
                    vec![format!("%r = icmp {p} {ts} %a, %b")],
                    Query::Cmp(CmpSel::ICmp(pred), t),
                );
            }
            let ct = ir(t.with_elem(Scalar::Int(1)));
            add(
                "select",
                format!("select {ts}"),
                vec![format!("{ct} %c"), format!("{ts} %a"), format!("{ts} %b")],
                vec![format!("%r = select {ct} %c, {ts} %a, {ts} %b")],
                Query::Cmp(CmpSel::Select, t),
            );
        }
    }
    for e in [Scalar::Float, Scalar::Double] {
        for t in shapes(e) {
            let ts = ir(t);
            use BinOp::*;
            for (n, op) in [
                ("fadd", FAdd),
                ("fsub", FSub),
                ("fmul", FMul),
                ("fdiv", FDiv),
            ] {
                add(
                    "fp-arith",
                    format!("{n} {ts}"),
                    vec![format!("{ts} %a"), format!("{ts} %b")],
                    vec![format!("%r = {n} {ts} %a, %b")],
                    Query::Arith(op, t, OperandInfo::VARIABLE),
                );
            }
            add(
                "fp-arith",
                format!("fneg {ts}"),
                vec![format!("{ts} %a")],
                vec![format!("%r = fneg {ts} %a")],
                Query::Arith(FNeg, t, OperandInfo::VARIABLE),
            );
            for (n, i, args, flags) in [
                ("fma", Intrinsic::Fma, 3, ""),
                ("fmuladd", Intrinsic::FMulAdd, 3, ""),
                ("minnum", Intrinsic::MinNum { no_nans: false }, 2, ""),
                ("maxnum", Intrinsic::MaxNum { no_nans: true }, 2, "nnan "),
                ("sqrt", Intrinsic::Sqrt, 1, ""),
                ("fabs", Intrinsic::Fabs, 1, ""),
            ] {
                let a: Vec<String> = ["%a", "%b", "%c"][..args]
                    .iter()
                    .map(|x| format!("{ts} {x}"))
                    .collect();
                add(
                    "intrinsic",
                    format!("{n} {ts}"),
                    vec![format!("{ts} %a"), format!("{ts} %b"), format!("{ts} %c")],
                    vec![format!(
                        "%r = call {flags}{ts} @llvm.{n}.{}({})",
                        mangle(t),
                        a.join(", ")
                    )],
                    Query::Intr(i, t),
                );
            }
            for (p, pred) in [
                ("olt", FloatPred::Olt),
                ("oeq", FloatPred::Oeq),
                ("une", FloatPred::Une),
                ("one", FloatPred::One),
            ] {
                add(
                    "cmp",
                    format!("fcmp {p} {ts}"),
                    vec![format!("{ts} %a"), format!("{ts} %b")],
                    vec![format!("%r = fcmp {p} {ts} %a, %b")],
                    Query::Cmp(CmpSel::FCmp(pred), t),
                );
            }
            let ct = ir(t.with_elem(Scalar::Int(1)));
            add(
                "select",
                format!("select {ts}"),
                vec![format!("{ct} %c"), format!("{ts} %a"), format!("{ts} %b")],
                vec![format!("%r = select {ct} %c, {ts} %a, {ts} %b")],
                Query::Cmp(CmpSel::Select, t),
            );
        }
    }
    // Memory.
    for e in [
        Scalar::Int(8),
        Scalar::Int(16),
        Scalar::Int(32),
        Scalar::Int(64),
        Scalar::Float,
        Scalar::Double,
    ] {
        for t in shapes(e) {
            let ts = ir(t);
            for align in [1u64, t.bits().div_ceil(8).max(1)] {
                add(
                    "memory",
                    format!("load {ts} align {align}"),
                    vec!["ptr %p".into()],
                    vec![format!("%r = load {ts}, ptr %p, align {align}")],
                    Query::Mem(MemOp::Load, t, align),
                );
                add(
                    "memory",
                    format!("store {ts} align {align}"),
                    vec!["ptr %p".into(), format!("{ts} %v")],
                    vec![format!("store {ts} %v, ptr %p, align {align}")],
                    Query::Mem(MemOp::Store, t, align),
                );
            }
            if !t.vector {
                continue;
            }
            let mt = ir(t.with_elem(Scalar::Int(1)));
            let pt = ir(t.with_elem(Scalar::Ptr));
            let m = mangle(t);
            add(
                "masked",
                format!("masked.load {ts}"),
                vec!["ptr %p".into(), format!("{mt} %m")],
                vec![format!(
                    "%r = call {ts} @llvm.masked.load.{m}.p0(ptr %p, i32 4, {mt} %m, {ts} poison)"
                )],
                Query::Masked(MemOp::Load, t),
            );
            add(
                "masked",
                format!("masked.store {ts}"),
                vec!["ptr %p".into(), format!("{mt} %m"), format!("{ts} %v")],
                vec![format!(
                    "call void @llvm.masked.store.{m}.p0({ts} %v, ptr %p, i32 4, {mt} %m)"
                )],
                Query::Masked(MemOp::Store, t),
            );
            add(
                "gather",
                format!("gather {ts}"),
                vec![format!("{pt} %q"), format!("{mt} %m")],
                vec![format!(
                    "%r = call {ts} @llvm.masked.gather.{m}.v{}p0({pt} %q, i32 4, {mt} %m, {ts} poison)",
                    t.lanes
                )],
                Query::Gather(MemOp::Load, t),
            );
            add(
                "gather",
                format!("scatter {ts}"),
                vec![format!("{pt} %q"), format!("{mt} %m"), format!("{ts} %v")],
                vec![format!(
                    "call void @llvm.masked.scatter.{m}.v{}p0({ts} %v, {pt} %q, i32 4, {mt} %m)",
                    t.lanes
                )],
                Query::Gather(MemOp::Store, t),
            );
            // Shuffles, inserts, extracts, reductions.
            let n = t.lanes;
            let mask = |v: Vec<u32>| {
                format!(
                    "<{} x i32> <{}>",
                    v.len(),
                    v.iter()
                        .map(|i| format!("i32 {i}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            };
            add(
                "shuffle",
                format!("broadcast {ts}"),
                vec![format!("{ts} %a")],
                vec![format!(
                    "%r = shufflevector {ts} %a, {ts} poison, <{n} x i32> zeroinitializer"
                )],
                Query::Shuffle(ShuffleKind::Broadcast, t, 0, None),
            );
            add(
                "shuffle",
                format!("reverse {ts}"),
                vec![format!("{ts} %a")],
                vec![format!(
                    "%r = shufflevector {ts} %a, {ts} poison, {}",
                    mask((0..n).rev().collect())
                )],
                Query::Shuffle(ShuffleKind::Reverse, t, 0, None),
            );
            add(
                "shuffle",
                format!("select {ts}"),
                vec![format!("{ts} %a"), format!("{ts} %b")],
                vec![format!(
                    "%r = shufflevector {ts} %a, {ts} %b, {}",
                    mask((0..n).map(|i| if i % 2 == 0 { i } else { n + i }).collect())
                )],
                Query::Shuffle(ShuffleKind::Select, t, 0, None),
            );
            let half = t.with_lanes(n / 2);
            add(
                "shuffle",
                format!("extract high half {ts}"),
                vec![format!("{ts} %a")],
                vec![format!(
                    "%r = shufflevector {ts} %a, {ts} poison, {}",
                    mask((n / 2..n).collect())
                )],
                Query::Shuffle(ShuffleKind::ExtractSubvector, t, n / 2, Some(half)),
            );
            for idx in [0, 1, n - 1] {
                add(
                    "element",
                    format!("extractelement {ts} {idx}"),
                    vec![format!("{ts} %a")],
                    vec![format!("%r = extractelement {ts} %a, i32 {idx}")],
                    Query::Elem(VectorInst::Extract, t, idx),
                );
                add(
                    "element",
                    format!("insertelement {ts} {idx}"),
                    vec![format!("{ts} %a"), format!("{} %x", ir_scalar(e))],
                    vec![format!(
                        "%r = insertelement {ts} %a, {} %x, i32 {idx}",
                        ir_scalar(e)
                    )],
                    Query::Elem(VectorInst::Insert, t, idx),
                );
            }
            let es = ir_scalar(e);
            let reds: Vec<(&str, ReduceOp, bool, &str)> = if e.is_float() {
                vec![
                    ("fadd", ReduceOp::FAdd, false, "reassoc "),
                    ("fadd", ReduceOp::FAdd, true, ""),
                    ("fmax", ReduceOp::FMax, false, ""),
                ]
            } else {
                vec![
                    ("add", ReduceOp::Add, false, ""),
                    ("mul", ReduceOp::Mul, false, ""),
                    ("and", ReduceOp::And, false, ""),
                    ("smax", ReduceOp::SMax, false, ""),
                    ("umin", ReduceOp::UMin, false, ""),
                ]
            };
            for (n, op, ordered, flags) in reds {
                let call = if n == "fadd" {
                    format!("%r = call {flags}{es} @llvm.vector.reduce.fadd.{m}({es} %x, {ts} %a)")
                } else {
                    format!("%r = call {flags}{es} @llvm.vector.reduce.{n}.{m}({ts} %a)")
                };
                add(
                    "reduction",
                    format!("reduce.{n}{} {ts}", if ordered { " ordered" } else { "" }),
                    vec![format!("{ts} %a"), format!("{es} %x")],
                    vec![call],
                    Query::Reduce(op, t, ordered, false),
                );
            }
        }
    }
    // Casts.
    let int_pairs = [
        (8u32, 16u32),
        (8, 32),
        (8, 64),
        (16, 32),
        (16, 64),
        (32, 64),
    ];
    for lanes in [1u32, 2, 4, 8, 16, 32] {
        let mk = |e: Scalar| {
            if lanes == 1 {
                Ty::scalar(e)
            } else {
                Ty::vector(e, lanes)
            }
        };
        let mut casts: Vec<(&str, CastOp, Ty, Ty)> = Vec::new();
        for (a, b) in int_pairs {
            let (narrow, wide) = (mk(Scalar::Int(a)), mk(Scalar::Int(b)));
            casts.push(("zext", CastOp::ZExt, wide, narrow));
            casts.push(("sext", CastOp::SExt, wide, narrow));
            casts.push(("trunc", CastOp::Trunc, narrow, wide));
        }
        let (f, d) = (mk(Scalar::Float), mk(Scalar::Double));
        casts.push(("fpext", CastOp::FPExt, d, f));
        casts.push(("fptrunc", CastOp::FPTrunc, f, d));
        for w in [8u32, 16, 32, 64] {
            let i = mk(Scalar::Int(w));
            for fp in [f, d] {
                casts.push(("sitofp", CastOp::SIToFP, fp, i));
                casts.push(("uitofp", CastOp::UIToFP, fp, i));
                casts.push(("fptosi", CastOp::FPToSI, i, fp));
                casts.push(("fptoui", CastOp::FPToUI, i, fp));
            }
        }
        if lanes > 1 {
            for w in [8u32, 16, 32, 64] {
                let i = mk(Scalar::Int(w));
                let m = mk(Scalar::Int(1));
                casts.push(("zext", CastOp::ZExt, i, m));
                casts.push(("sext", CastOp::SExt, i, m));
                casts.push(("trunc", CastOp::Trunc, m, i));
            }
        }
        for (n, op, dst, src) in casts {
            add(
                "cast",
                format!("{n} {} to {}", ir(src), ir(dst)),
                vec![format!("{} %a", ir(src))],
                vec![format!("%r = {n} {} %a to {}", ir(src), ir(dst))],
                Query::Cast(op, dst, src),
            );
        }
    }
    out
}

fn module(probes: &[Probe], attrs: &str) -> String {
    let mut s = String::from(
        "target datalayout = \"e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128\"\n\
         target triple = \"x86_64-unknown-linux-gnu\"\n",
    );
    for (k, p) in probes.iter().enumerate() {
        let _ = writeln!(
            s,
            "define void @p{k}({}) #0 {{\n  {}\n  ret void\n}}",
            p.params, p.body
        );
    }
    let _ = writeln!(s, "attributes #0 = {{ {attrs} }}");
    s
}

/// opt-19's cost per probe (`None`: invalid or not printed).
fn opt_costs(src: &str, kind: CostKind, n: usize) -> Vec<Option<u64>> {
    let out = loopwright_testkit::run_with_input(
        Command::new(OPT).args([
            "-passes=print<cost-model>",
            &format!("-cost-kind={}", kind.opt_name()),
            "-disable-output",
            "-",
        ]),
        src.as_bytes(),
        TIMEOUT,
    );
    assert!(
        out.success(),
        "opt-19: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    let mut res = vec![None; n];
    let mut cur: Option<usize> = None;
    for line in text.lines() {
        if let Some(rest) =
            line.strip_prefix("Printing analysis 'Cost Model Analysis' for function 'p")
        {
            cur = rest.trim_end_matches("':").parse().ok();
            continue;
        }
        let Some(k) = cur else { continue };
        let Some(rest) = line.strip_prefix("Cost Model: Found an estimated cost of ") else {
            continue;
        };
        let Some((num, inst)) = rest.split_once(" for instruction: ") else {
            continue;
        };
        let inst = inst.trim();
        if inst.starts_with("%r =")
            || (inst.starts_with("store ") || inst.starts_with("call void @llvm.masked"))
        {
            res[k] = num.parse().ok();
        }
    }
    res
}

fn model_cost(st: &Subtarget, q: &Query, kind: CostKind) -> u64 {
    match *q {
        Query::Arith(op, t, b) => {
            let a = OperandInfo::VARIABLE;
            st.arithmetic_cost(op, t, kind, a, b)
        }
        Query::Cast(op, dst, src) => st.cast_cost(op, dst, src, kind),
        Query::Cmp(op, t) => st.cmp_sel_cost(op, t, kind),
        // `TTI::getInstructionCost` gives every load a latency of 4, before
        // asking the target (`TargetTransformInfoImplCRTPBase`).
        Query::Mem(MemOp::Load, _, _) if kind == CostKind::Latency => 4,
        Query::Mem(op, t, align) => st.memory_cost(op, t, Some(align), kind),
        Query::Masked(op, t) => st.masked_memory_cost(op, t, Some(4), kind),
        Query::Gather(op, t) => st.gather_scatter_cost(op, t, true, false, kind),
        Query::Shuffle(k, t, idx, sub) => st.shuffle_cost(k, t, idx, sub, kind),
        // The probe inserts into an argument, a defined vector.
        Query::Elem(VectorInst::Insert, t, idx) => st.insert_into_value_cost(t, idx, kind),
        Query::Elem(op, t, idx) => st.vector_inst_cost(op, t, Some(idx), kind),
        Query::Intr(i, t) => st.intrinsic_cost(i, t, kind),
        Query::Reduce(op, t, ordered, nnan) => st.reduction_cost(op, t, ordered, nnan, kind),
    }
}

fn features_of(cpu: &str) -> String {
    // What clang-19 writes for -march=CPU (tests/cpus.rs checks the model
    // against it); read from clang when available.
    let out = loopwright_testkit::run(
        Command::new(CLANG).args([
            &format!("-march={cpu}"),
            "-S",
            "-emit-llvm",
            "-o",
            "-",
            "-x",
            "c",
            "-",
        ]),
        TIMEOUT,
    );
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines()
        .filter(|l| l.starts_with("attributes #"))
        .find_map(|l| {
            let i = l.find("\"target-features\"=\"")? + "\"target-features\"=\"".len();
            let rest = &l[i..];
            Some(rest[..rest.find('"')?].to_string())
        })
        .unwrap_or_default()
}

#[test]
fn costs_match_opt() {
    if !loopwright_testkit::require(&[OPT, CLANG]) {
        return;
    }
    let probes = probes();
    let subtargets: &[(&str, &str, Option<&str>, Option<&str>)] = &[
        ("base", "x86-64", None, None),
        ("v2", "x86-64-v2", None, None),
        ("snb", "sandybridge", None, None),
        ("v3", "x86-64-v3", None, None),
        ("zn3", "znver3", Some("0"), None),
        ("knl", "knl", Some("0"), None),
        ("v4", "x86-64-v4", Some("0"), None),
        ("v4p512", "x86-64-v4", Some("0"), Some("512")),
        ("skx", "skylake-avx512", Some("0"), None),
        ("icx", "icelake-server", Some("0"), None),
        ("spr", "sapphirerapids", Some("0"), None),
        ("zn4", "znver4", Some("0"), None),
    ];
    let mut stats: std::collections::BTreeMap<&str, (usize, usize)> = Default::default();
    let mut failures = Vec::new();
    let mut shown = 0;
    for &(name, cpu, minlegal, prefer) in subtargets {
        let fs = features_of(cpu);
        let mut attrs = format!("\"target-cpu\"=\"{cpu}\" \"target-features\"=\"{fs}\"");
        if let Some(m) = minlegal {
            let _ = write!(attrs, " \"min-legal-vector-width\"=\"{m}\"");
        }
        if let Some(p) = prefer {
            let _ = write!(attrs, " \"prefer-vector-width\"=\"{p}\"");
        }
        let st = Subtarget::new(&TargetAttrs {
            triple: Some("x86_64-unknown-linux-gnu"),
            target_cpu: Some(cpu),
            tune_cpu: None,
            target_features: Some(&fs),
            prefer_vector_width: prefer,
            min_legal_vector_width: minlegal,
        });
        let src = module(&probes, &attrs);
        for kind in CostKind::ALL {
            let theirs = opt_costs(&src, kind, probes.len());
            for (p, t) in probes.iter().zip(&theirs) {
                let Some(t) = *t else { continue };
                let ours = model_cost(&st, &p.query, kind);
                let e = stats.entry(p.cat).or_default();
                e.1 += 1;
                if ours == t {
                    e.0 += 1;
                } else {
                    failures.push(format!(
                        "{name} {:?} {}: opt {t}, model {ours}",
                        kind, p.label
                    ));
                    let show = std::env::var("SHOW").ok();
                    if shown < 300
                        && show
                            .is_some_and(|f| format!("{name} {} {}", p.cat, p.label).contains(&f))
                    {
                        eprintln!("  {name} {:?} {}: opt {t}, model {ours}", kind, p.label);
                        shown += 1;
                    }
                }
            }
        }
    }
    let (mut ok, mut all) = (0, 0);
    for (cat, (o, a)) in &stats {
        eprintln!("llvm_costs: {cat}: {o} of {a} costs equal to opt-19's");
        ok += o;
        all += a;
    }
    eprintln!(
        "llvm_costs: {ok} of {all} costs equal to opt-19's ({} probes x {} subtargets x 4 kinds)",
        probes.len(),
        subtargets.len()
    );
    for f in failures.iter().take(40) {
        eprintln!("  differs: {f}");
    }
    assert!(
        failures.is_empty(),
        "{} costs differ from opt-19's",
        failures.len()
    );
    loopwright_testkit::floors::check("target_costs_equal_to_opt", ok);
}
