//! The machine tables against llvm-mca-19, and LLVM's cost tables against
//! the scheduling models they summarize.
//!
//! 1. Every row of `data/mca-{znver4,skylake-avx512,sapphirerapids}.tsv`
//!    equals what llvm-mca-19 reports for the instruction form (micro-ops,
//!    latency, reciprocal throughput), so the tables cannot drift from the
//!    tool they cite.
//! 2. A sample of the cost model (operations that are one instruction) next
//!    to the Skylake-SP and Zen 4 models. LLVM's AVX-512 tables are
//!    Skylake-SP numbers ("the CPU where the feature first appeared"), so
//!    for Skylake-SP the model's latency equals llvm-mca's and its
//!    throughput is llvm-mca's rounded up to a whole cycle; for Zen 4 the
//!    differences are printed (LLVM 19 does not model them).
//!
//! Skipped with a notice without llvm-mca-19 (an error under `CI=1`).

use loopwright_target::machine::{timing, timings, Machine};
use loopwright_target::*;
use loopwright_testkit::run::TIMEOUT;
use std::process::Command;

/// LLVM 19's machine-code analyzer (package llvm-19).
const MCA: &str = "llvm-mca-19";

const CASES: &str = include_str!("../../../bench/target/cases.txt");

fn reg(width: u32, n: u32) -> String {
    match width {
        128 => format!("%xmm{n}"),
        256 => format!("%ymm{n}"),
        _ => format!("%zmm{n}"),
    }
}

/// The instruction `bench/target/mca.sh` gives llvm-mca for a case.
fn instruction(width: u32, tmpl: &str) -> String {
    let t = tmpl.rsplit("; ").next().unwrap_or(tmpl);
    let mut t = t.to_string();
    for (k, w) in [("x", 128), ("y", 256), ("z", 512)] {
        t = t.replace(&format!("{{D{k}}}"), &reg(w, 0));
        t = t.replace(&format!("{{S{k}}}"), &reg(w, 8));
        t = t.replace(&format!("{{A{k}}}"), &reg(w, 9));
    }
    t.replace("{D}", &reg(width, 0))
        .replace("{S}", &reg(width, 8))
        .replace("{A}", &reg(width, 9))
        .replace("{M}", &reg(256, 14))
}

/// llvm-mca-19's (uops, latency, rthroughput) for one instruction.
fn mca(cpu: &str, inst: &str) -> Option<(u32, f64, f64)> {
    let dir = std::env::temp_dir().join(format!("loopwright-mca-{}", std::process::id()));
    std::fs::create_dir_all(&dir).ok()?;
    let file = dir.join("i.s");
    std::fs::write(&file, format!("{inst}\n")).ok()?;
    let out = loopwright_testkit::run(
        Command::new(MCA)
            .args([
                "-mtriple=x86_64-unknown-linux-gnu",
                &format!("-mcpu={cpu}"),
                "-iterations=10",
            ])
            .arg(&file),
        TIMEOUT,
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let mut lines = text.lines();
    lines.find(|l| l.starts_with("[1]    [2]    [3]"))?;
    let f: Vec<&str> = lines.next()?.split_whitespace().collect();
    Some((
        f.first()?.parse().ok()?,
        f.get(1)?.parse().ok()?,
        f.get(2)?.parse().ok()?,
    ))
}

#[test]
fn machine_tables_match_llvm_mca() {
    if !loopwright_testkit::require(&[MCA]) {
        return;
    }
    let mut checked = 0;
    for (m, cpu) in [
        (Machine::Znver4Model, "znver4"),
        (Machine::SkylakeAvx512Model, "skylake-avx512"),
        (Machine::SapphireRapidsModel, "sapphirerapids"),
    ] {
        for line in CASES
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let f: Vec<&str> = line.splitn(4, '|').collect();
            let (name, width, tmpl) = (f[0], f[1].parse::<u32>().expect("width"), f[3]);
            let t =
                timing(m, name, width).unwrap_or_else(|| panic!("{m:?}: no row {name} {width}"));
            let (uops, lat, tp) = mca(cpu, &instruction(width, tmpl)).expect("llvm-mca output");
            assert_eq!(t.uops, Some(uops), "{cpu} {name} {width}: uops");
            assert_eq!(t.latency, Some(lat), "{cpu} {name} {width}: latency");
            assert_eq!(t.rthroughput, tp, "{cpu} {name} {width}: rthroughput");
            checked += 1;
        }
        assert_eq!(
            timings(m).len(),
            CASES
                .lines()
                .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
                .count()
        );
    }
    eprintln!("mca: {checked} rows equal to llvm-mca-19's");
    loopwright_testkit::floors::check("target_mca_rows_equal", checked);
}

#[test]
fn cost_model_next_to_the_scheduling_models() {
    if !loopwright_testkit::require(&[MCA]) {
        return;
    }
    let v = OperandInfo::VARIABLE;
    let f = |n| Ty::vector(Scalar::Float, n);
    let d = |n| Ty::vector(Scalar::Double, n);
    // (form, width, the model's query on the matching type).
    type Query = Box<dyn Fn(&Subtarget, CostKind) -> u64>;
    let sample: Vec<(&str, u32, Query)> = vec![
        (
            "vpaddd",
            512,
            Box::new(move |s: &Subtarget, k| {
                s.arithmetic_cost(BinOp::Add, Ty::vint(32, 16), k, v, v)
            }),
        ),
        (
            "vpmulld",
            512,
            Box::new(move |s: &Subtarget, k| {
                s.arithmetic_cost(BinOp::Mul, Ty::vint(32, 16), k, v, v)
            }),
        ),
        (
            "vpmullq",
            512,
            Box::new(move |s: &Subtarget, k| {
                s.arithmetic_cost(BinOp::Mul, Ty::vint(64, 8), k, v, v)
            }),
        ),
        (
            "vpmullw",
            512,
            Box::new(move |s: &Subtarget, k| {
                s.arithmetic_cost(BinOp::Mul, Ty::vint(16, 32), k, v, v)
            }),
        ),
        (
            "vpsllvd",
            512,
            Box::new(move |s: &Subtarget, k| {
                s.arithmetic_cost(BinOp::Shl, Ty::vint(32, 16), k, v, v)
            }),
        ),
        (
            "vaddps",
            512,
            Box::new(move |s: &Subtarget, k| s.arithmetic_cost(BinOp::FAdd, f(16), k, v, v)),
        ),
        (
            "vmulps",
            512,
            Box::new(move |s: &Subtarget, k| s.arithmetic_cost(BinOp::FMul, f(16), k, v, v)),
        ),
        (
            "vdivps",
            512,
            Box::new(move |s: &Subtarget, k| s.arithmetic_cost(BinOp::FDiv, f(16), k, v, v)),
        ),
        (
            "vdivpd",
            512,
            Box::new(move |s: &Subtarget, k| s.arithmetic_cost(BinOp::FDiv, d(8), k, v, v)),
        ),
        (
            "vsqrtps",
            512,
            Box::new(move |s: &Subtarget, k| s.intrinsic_cost(Intrinsic::Sqrt, f(16), k)),
        ),
        (
            "vpermd",
            512,
            Box::new(move |s: &Subtarget, k| {
                s.shuffle_cost(ShuffleKind::PermuteSingleSrc, Ty::vint(32, 16), 0, None, k)
            }),
        ),
        (
            "vpblendmd",
            512,
            Box::new(move |s: &Subtarget, k| s.cmp_sel_cost(CmpSel::Select, Ty::vint(32, 16), k)),
        ),
    ];
    let st = |cpu: &str| {
        Subtarget::new(&TargetAttrs {
            triple: Some("x86_64-unknown-linux-gnu"),
            target_cpu: Some(cpu),
            prefer_vector_width: Some("512"),
            ..TargetAttrs::default()
        })
    };
    let (skx, zn4) = (st("skylake-avx512"), st("znver4"));
    let mut skx_ok = 0;
    for (name, width, q) in &sample {
        let (tp, lat) = (
            q(&skx, CostKind::RecipThroughput),
            q(&skx, CostKind::Latency),
        );
        let s = timing(Machine::SkylakeAvx512Model, name, *width).expect("row");
        let z = timing(Machine::Znver4Model, name, *width).expect("row");
        let (ztp, zlat) = (
            q(&zn4, CostKind::RecipThroughput),
            q(&zn4, CostKind::Latency),
        );
        eprintln!(
            "mca: {name:>10} zmm: model (skx) tp {tp} lat {lat} | skylake-avx512 model tp {:.2} lat {:?} | model (znver4) tp {ztp} lat {zlat} | znver4 model tp {:.2} lat {:?}",
            s.rthroughput, s.latency, z.rthroughput, z.latency
        );
        let up = s.rthroughput.ceil().max(1.0) as u64;
        if tp == up && Some(lat as f64) == s.latency {
            skx_ok += 1;
        }
    }
    eprintln!(
        "mca: {skx_ok} of {} sample costs are Skylake-SP's (latency equal, throughput rounded up)",
        sample.len()
    );
    // The AVX-512 tables describe Skylake-SP for 10 of these 12 forms; the
    // exceptions are LLVM's own choices (vpmullq: throughput 3 where the
    // model says 1.5; vpblendmd: latency 1 where it says 2). Zen 4 differs
    // everywhere LLVM 19 cannot see (3-cycle multiplies, 512-bit halves).
    assert!(
        skx_ok >= 10,
        "only {skx_ok} sample costs follow Skylake-SP's scheduling model"
    );
}
