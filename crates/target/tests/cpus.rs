//! The CPU table against clang-19: for every 64-bit CPU, the features the
//! model gives `target-cpu=NAME` alone (what LLVM implies when a function
//! has no `target-features`) equal the features clang-19 writes for
//! `-march=NAME`, on every feature that decides a cost or a level (the SSE,
//! AVX and AVX-512 families, FMA, F16C, GFNI, the x86-64-v2/v3 features,
//! EVEX512). Other differences are printed. Also checks the vector width
//! opt-19's vectorizer picks per CPU against the model's register width.
//! Skipped with a notice when clang-19 or opt-19 is not installed (an error
//! under `CI=1`).

use loopwright_target::*;
use loopwright_testkit::run::TIMEOUT;
use loopwright_testkit::tools::{CLANG, OPT};
use std::process::Command;

/// The `target-features` clang-19 writes for `-march=cpu` on x86-64
/// (`None` if clang rejects the CPU for 64-bit code).
fn clang_features(cpu: &str) -> Option<String> {
    let out = loopwright_testkit::run_with_input(
        Command::new(CLANG).args([
            "--target=x86_64-unknown-linux-gnu",
            &format!("-march={cpu}"),
            "-S",
            "-emit-llvm",
            "-o",
            "-",
            "-x",
            "c",
            "-",
        ]),
        b"void f(void) {}\n",
        TIMEOUT,
    );
    if !out.success() {
        return None;
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text.lines().find(|l| l.starts_with("attributes #"))?;
    let key = "\"target-features\"=\"";
    let i = line.find(key)? + key.len();
    let rest = &line[i..];
    Some(rest[..rest.find('"')?].to_string())
}

const DECIDING: &[Feature] = {
    use Feature::*;
    &[
        Sse,
        Sse2,
        Sse3,
        Ssse3,
        Sse41,
        Sse42,
        Sse4a,
        Avx,
        Avx2,
        Fma,
        F16c,
        Fma4,
        Xop,
        Avx512f,
        Evex512,
        Avx512cd,
        Avx512dq,
        Avx512bw,
        Avx512vl,
        Avx512vbmi,
        Avx512vbmi2,
        Avx512ifma,
        Avx512vnni,
        Avx512bf16,
        Avx512bitalg,
        Avx512vpopcntdq,
        Avx512vp2intersect,
        Avx512fp16,
        Avxvnni,
        Gfni,
        Popcnt,
        Lzcnt,
        Bmi,
        Bmi2,
        Movbe,
        Cx16,
        Sahf,
        Crc32,
        Pclmul,
        Vpclmulqdq,
        Aes,
        Vaes,
    ]
};

#[test]
fn cpu_features_match_clang() {
    if !loopwright_testkit::require(&[CLANG]) {
        return;
    }
    let mut checked = 0;
    let mut failures = Vec::new();
    for name in cpu::names() {
        let Some(fs) = clang_features(name) else {
            continue;
        };
        let mut clang = FeatureSet::new();
        clang.apply_flags(&fs);
        let model = cpu::lookup(name).expect("known").features;
        checked += 1;
        for &f in DECIDING {
            if clang.has(f) != model.has(f) {
                failures.push(format!(
                    "{name}: {} clang {} model {}",
                    f.name(),
                    clang.has(f),
                    model.has(f)
                ));
            }
        }
        let others: Vec<&str> = Feature::all()
            .filter(|&f| !DECIDING.contains(&f) && clang.has(f) != model.has(f))
            .map(Feature::name)
            .collect();
        if !others.is_empty() {
            eprintln!("cpus: {name}: other features differ from clang: {others:?}");
        }
    }
    eprintln!("cpus: {checked} CPUs compared with clang-19");
    assert!(failures.is_empty(), "{failures:#?}");
    loopwright_testkit::floors::check("target_cpus_compared_with_clang", checked);
}

/// The vectorization factor opt-19 picks for `a[i] += 2*b[i]` on floats.
fn opt_vf(attrs: &str) -> Option<u32> {
    let src = format!(
        "target triple = \"x86_64-unknown-linux-gnu\"\n\
         define void @f(ptr noalias %a, ptr noalias %b, i64 %n) #0 {{\n\
         entry:\n  br label %loop\n\
         loop:\n  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]\n\
         %pa = getelementptr inbounds float, ptr %a, i64 %i\n\
         %pb = getelementptr inbounds float, ptr %b, i64 %i\n\
         %x = load float, ptr %pb\n  %y = fmul float %x, 2.0\n\
         %z = load float, ptr %pa\n  %s = fadd float %z, %y\n\
         store float %s, ptr %pa\n  %i1 = add nuw nsw i64 %i, 1\n\
         %c = icmp ult i64 %i1, %n\n  br i1 %c, label %loop, label %exit\n\
         exit:\n  ret void\n}}\n\
         attributes #0 = {{ {attrs} }}\n"
    );
    let out = loopwright_testkit::run_with_input(
        Command::new(OPT).args([
            "-passes=loop-vectorize",
            "-pass-remarks=loop-vectorize",
            "-disable-output",
            "-",
        ]),
        src.as_bytes(),
        TIMEOUT,
    );
    assert!(out.success(), "opt-19: {}", out.stderr_text());
    let text = String::from_utf8_lossy(&out.stderr);
    let i = text.find("vectorization width: ")? + "vectorization width: ".len();
    text[i..]
        .split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}

#[test]
fn vector_width_matches_opt() {
    if !loopwright_testkit::require(&[OPT]) {
        return;
    }
    let cases: &[(&str, Option<&str>, Option<&str>)] = &[
        ("x86-64", None, None),
        ("x86-64-v2", None, None),
        ("x86-64-v3", None, None),
        ("x86-64-v4", None, None),
        ("skylake-avx512", None, None),
        ("icelake-server", None, None),
        ("sapphirerapids", None, None),
        ("rocketlake", None, None),
        ("znver3", None, None),
        ("znver4", None, None),
        ("znver5", None, None),
        ("knl", None, None),
        ("atom", None, None),
        ("skylake-avx512", Some("512"), None),
        ("znver4", Some("256"), None),
        ("znver4", Some("128"), None),
        ("znver4", Some("0x100"), None),
        ("x86-64-v3", Some("99999"), None),
        ("znver4", None, Some("+prefer-256-bit")),
        ("x86-64", None, Some("+avx512f")),
        ("x86-64", None, Some("+avx512f,-evex512")),
    ];
    for &(cpu, prefer, fs) in cases {
        let mut attrs = format!("\"target-cpu\"=\"{cpu}\"");
        if let Some(p) = prefer {
            attrs += &format!(" \"prefer-vector-width\"=\"{p}\"");
        }
        if let Some(f) = fs {
            attrs += &format!(" \"target-features\"=\"{f}\"");
        }
        let theirs = opt_vf(&attrs).unwrap_or(1);
        let st = Subtarget::new(&TargetAttrs {
            triple: Some("x86_64-unknown-linux-gnu"),
            target_cpu: Some(cpu),
            tune_cpu: None,
            target_features: fs,
            prefer_vector_width: prefer,
            min_legal_vector_width: None,
        });
        let ours = st.register_bit_width(RegisterKind::FixedVector) / 32;
        eprintln!("cpus: {attrs}: opt-19 VF {theirs}, model width {ours} floats");
        assert_eq!(theirs, ours, "{attrs}");
    }
}
