//! `loop-vectorize` against opt-19 on the programs in
//! `tests/vectorize/transform/` (C programs with `main`: reductions, dot
//! products, saxpy through pointers that may alias, reverse loops,
//! strided and loop-invariant accesses, a symbolic stride, inductions and
//! values used after the loop, recurrences, narrow induction variables,
//! trip counts 0, 1, VF-1, VF, VF+1, VF·IC±1); the loops of `main` are
//! `vectorize(disable)`d (their calls are rejected, and LLVM's further
//! analysis remarks after the first rejection, `allowExtraAnalysis`, are
//! not modelled). They are C sources, in a
//! subdirectory, so that the suites gathering every `.ll` module of
//! `tests/` keep their counts.
//!
//! Each program (prepared as LLVM's -O3 pipeline hands it to its loop
//! transformations, also with `-g`: `common::programs`) runs through
//! `-passes=loop-vectorize` at the forced widths and interleave counts of
//! [`CONFIGS`] in both tools (`common::compare_with_opt`): loopwright's
//! output must verify, run as the input does under `lli-19`, print the
//! same remarks with `-pass-remarks=loop-vectorize` (the passed ones, and
//! the analysis remarks LLVM always prints for loops whose hints ask for
//! vectorization), leave the
//! same `!llvm.loop` attribute sets on every function's loops, and keep
//! the same debug records. Runs listed in [`KNOWN_DIFFERENT`] must differ
//! (with the reason), and fail the test once they conform.
//!
//! The counts are floors (`vectorize_conformance.*` in
//! `tests/floors.toml`). `wrong_outputs_fail` shows that the comparison
//! fails on deliberately wrong outputs.

mod common;

use loopwright_testkit::floors;
use loopwright_testkit::standin::Wrong;

/// `-force-vector-width`, `-force-vector-interleave`.
const CONFIGS: &[(u32, u32)] = &[(4, 2), (8, 1), (2, 4), (16, 3), (1, 4)];

/// Runs known to differ from opt-19's, as `PROGRAM [W,IC]`, with the
/// reason.
const KNOWN_DIFFERENT: &[(&str, &str)] = &[];

fn lw() -> &'static str {
    env!("CARGO_BIN_EXE_loopwright")
}

/// loopwright's metadata lint warns about clang 19's follow-up format
/// (`llvm.loop.vectorize.followup_all` whose operand is a whole LoopID),
/// which opt-19 reads silently: a run whose only problem is that warning
/// line is compared on (loop attribute sets, debug records).
fn forgive_metadata_lint(mut c: common::Compared) -> common::Compared {
    let [p] = &c.problems[..] else {
        return c;
    };
    let Some(rest) = p.strip_prefix("remarks differ:\n--- loopwright\n") else {
        return c;
    };
    let Some((ours, theirs)) = rest.split_once("--- opt-19\n") else {
        return c;
    };
    let ours: String = ours
        .lines()
        .filter(|l| !(l.starts_with("warning: ") && l.contains("loop metadata in function")))
        .map(|l| format!("{l}\n"))
        .collect();
    if ours != theirs {
        return c;
    }
    c.problems.clear();
    if common::loop_attr_multisets(&c.ours) != common::loop_attr_multisets(&c.theirs) {
        c.problems.push("llvm.loop attribute sets differ".into());
    } else {
        match common::compare_debug_records(&c.ours, &c.theirs) {
            Ok(n) => c.debug_records = n,
            Err(e) => c.problems.push(e),
        }
    }
    c
}

#[test]
fn vectorize_matches_opt() {
    if !common::have_conformance_tools("vectorize_conformance") {
        return;
    }
    let work = common::work_dir("vectorize_conformance");
    let programs = common::programs("vectorize/transform", &work, |_| Vec::new());
    let mut tally = common::Tally::default();
    let mut debug_runs = 0;
    let mut debug_records = 0;
    let mut known_seen = Vec::new();
    for (k, p) in programs.iter().enumerate() {
        let expected = p.runnable().then(|| common::lli(&p.path));
        for (j, &(w, ic)) in CONFIGS.iter().enumerate() {
            let extra = [
                format!("-force-vector-width={w}"),
                format!("-force-vector-interleave={ic}"),
                "-pass-remarks=loop-vectorize".to_owned(),
            ];
            let extra: Vec<&str> = extra.iter().map(String::as_str).collect();
            let c = common::compare_with_opt(
                lw(),
                &work,
                p,
                expected.as_ref(),
                k * CONFIGS.len() + j,
                ("loop-vectorize", &extra),
            );
            let c = forgive_metadata_lint(c);
            let tag = format!("{} [{w},{ic}]", p.name);
            if let Some((_, why)) = KNOWN_DIFFERENT.iter().find(|(t, _)| *t == tag) {
                assert!(
                    !c.problems.is_empty(),
                    "{tag} conforms now: remove it from KNOWN_DIFFERENT ({why})"
                );
                known_seen.push(tag);
                continue;
            }
            if p.debug && c.problems.is_empty() {
                debug_runs += 1;
                debug_records += c.debug_records;
            }
            tally.record(&c.tag, &c.problems);
        }
    }
    for (t, _) in KNOWN_DIFFERENT {
        assert!(known_seen.iter().any(|s| s == t), "{t} was not run");
    }
    tally.print_failures();
    eprintln!(
        "vectorize_conformance: {} programs, {} runs passed, {} with debug info ({} debug records equal)",
        programs.len(),
        tally.passed,
        debug_runs,
        debug_records
    );
    floors::check_all(&[
        ("vectorize_conformance.runs", tally.passed),
        ("vectorize_conformance.debug_runs", debug_runs),
        ("vectorize_conformance.debug_records", debug_records),
    ]);
    tally.finish(1);
}

/// Epilogue vectorization against opt-19: `tests/vectorize/epilogue/`
/// prepared for SSE2, AVX2 and AVX-512 (Sapphire Rapids), with the cost
/// model choosing (nothing forced; LLVM vectorizes an epilogue only for a
/// width it chose). loopwright's output must verify, run as the input
/// does, print the same remarks, leave the same loop attribute sets and
/// debug records, and have the same vectorized epilogues at the same
/// widths in every function ([`epilogues`]).
#[test]
fn epilogue_vectorization_matches_opt() {
    if !common::have_conformance_tools("vectorize_conformance") {
        return;
    }
    let mut epilogues_seen = 0;
    let mut runs = 0;
    for march in ["x86-64", "x86-64-v3", "sapphirerapids"] {
        let work = common::work_dir(&format!("vectorize_epilogue_{march}"));
        let programs = common::programs("vectorize/epilogue", &work, |_| {
            vec![format!("-march={march}")]
        });
        for (k, p) in programs.iter().enumerate() {
            let expected = p.runnable().then(|| common::lli(&p.path));
            let extra: &[&str] = &["-pass-remarks=loop-vectorize"];
            let c = common::compare_with_opt(
                lw(),
                &work,
                p,
                expected.as_ref(),
                k,
                ("loop-vectorize", extra),
            );
            let c = forgive_metadata_lint(c);
            assert!(
                c.problems.is_empty(),
                "-march={march} {}: {:?}",
                c.tag,
                c.problems
            );
            let ours = epilogues(&std::fs::read_to_string(&c.ours).expect("our output"));
            let theirs = epilogues(&std::fs::read_to_string(&c.theirs).expect("opt-19's output"));
            assert_eq!(
                ours, theirs,
                "-march={march} {}: vectorized epilogues (function, width)",
                c.tag
            );
            epilogues_seen += ours.len();
            runs += 1;
        }
    }
    eprintln!("vectorize_conformance: {runs} epilogue runs, {epilogues_seen} vectorized epilogues as opt-19's");
    floors::check_all(&[("vectorize_conformance.epilogues", epilogues_seen)]);
}

/// Each vectorized epilogue of `module`, as (function, width): the lanes of
/// the first vector type in each `vec.epilog.vector.body` block.
fn epilogues(module: &str) -> Vec<(String, u32)> {
    let mut out = Vec::new();
    let mut func = String::new();
    let mut in_epilogue = false;
    for line in module.lines() {
        if let Some(rest) = line.strip_prefix("define ") {
            func = rest
                .split('@')
                .nth(1)
                .and_then(|r| r.split('(').next())
                .unwrap_or("")
                .to_owned();
            in_epilogue = false;
            continue;
        }
        if !line.starts_with(' ') && line.contains(':') {
            in_epilogue = line.starts_with("vec.epilog.vector.body");
            if in_epilogue {
                out.push((func.clone(), 0));
            }
            continue;
        }
        if in_epilogue {
            let last = out.last_mut().expect("an epilogue was opened");
            if last.1 == 0 {
                if let Some(w) = line
                    .split('<')
                    .nth(1)
                    .and_then(|r| r.split(" x ").next())
                    .and_then(|n| n.trim().parse().ok())
                {
                    last.1 = w;
                }
            }
        }
    }
    out
}

#[test]
fn epilogues_are_read_from_the_output() {
    let module = "define void @f() {\nvector.body:\n  %a = load <32 x i8>, ptr %p\nvec.epilog.vector.body:   ; preds\n  %i = phi i64 [ 0, %x ]\n  %b = load <16 x i8>, ptr %p\n}\ndefine void @g() {\nentry:\n  ret void\n}\n";
    assert_eq!(epilogues(module), vec![("f".to_owned(), 16)]);
    assert_eq!(
        epilogues(&module.replace("<16 x", "<8 x")),
        vec![("f".to_owned(), 8)]
    );
}

#[test]
fn wrong_outputs_fail() {
    if !common::have_conformance_tools("vectorize_conformance") {
        return;
    }
    // opt-19 itself passes the comparison; its output with a wrong edit (an
    // `add` made a `sub`, a dropped store, a dropped debug record, invalid
    // debug info) must fail it.
    let work = common::work_dir("vectorize_conformance_self_test");
    let program = common::self_test_program();
    let expected = common::lli(&program.path);
    let extra: &[&str] = &[
        "-force-vector-width=4",
        "-force-vector-interleave=2",
        "-pass-remarks=loop-vectorize",
    ];
    let run = ("loop-vectorize", extra);
    let right = common::stand_in(&work, "right", &Wrong::default());
    let c = common::compare_with_opt(&right, &work, &program, Some(&expected), 0, run);
    assert!(c.problems.is_empty(), "opt-19 itself: {:?}", c.problems);
    for (k, (what, wrong)) in common::wrong_outputs(&c.theirs).into_iter().enumerate() {
        let w = Wrong {
            output: Some(wrong),
            ..Wrong::default()
        };
        let bin = common::stand_in(&work, what, &w);
        let c = common::compare_with_opt(&bin, &work, &program, Some(&expected), k + 1, run);
        assert!(!c.problems.is_empty(), "{what}: the run passes");
    }
    // And loopwright passes it on the self-test input.
    let c = common::compare_with_opt(lw(), &work, &program, Some(&expected), 99, run);
    assert!(c.problems.is_empty(), "loopwright: {:?}", c.problems);
    let _ = std::fs::remove_dir_all(&work);
}

/// How a function's vector loop accesses memory: wide loads of interleave
/// groups (`%wide.vec`), interleaved stores (`%interleaved.vec`),
/// gathers and scatters; `None` if the function has no vector loop.
fn memory_shape(module: &str, function: &str) -> Option<[usize; 4]> {
    let start = module.find(&format!("@{function}("))?;
    let body = &module[start..];
    let body = &body[..body.find("\n}\n").unwrap_or(body.len())];
    if !body.contains("vector.body:") {
        return None;
    }
    let count = |pat: &str| body.lines().filter(|l| l.contains(pat)).count();
    Some([
        body.lines()
            .filter(|l| l.trim_start().starts_with("%wide.vec") && l.contains(" = load "))
            .count(),
        count("%interleaved.vec"),
        count("@llvm.masked.gather"),
        count("@llvm.masked.scatter"),
    ])
}

/// The cost model widens interleave groups as opt-19 does:
/// `tests/vectorize/transform/interleave.c`, compiled for SSE2, AVX2 and
/// AVX-512, at forced widths 2 to 32, has in every function both tools
/// vectorize as many group loads and interleaved stores (and gathers and
/// scatters) in loopwright's output as in opt-19's. The widths decide
/// between a group, a gather and scalar accesses, so this checks
/// `crates/target`'s interleaved costs against LLVM's own choices.
#[test]
fn interleave_decisions_match_opt() {
    if !common::have_conformance_tools("vectorize_conformance") {
        return;
    }
    let work = common::work_dir("vectorize_interleave_decisions");
    let src = common::root().join("tests/vectorize/transform/interleave.c");
    let mut compared = 0;
    let mut with_groups = 0;
    let mut problems = Vec::new();
    for march in ["x86-64", "x86-64-v3", "skylake-avx512"] {
        let name = format!("interleave.{march}");
        let input = common::prepare_c(&src, &name, &[format!("-march={march}")], &work);
        let text = std::fs::read_to_string(&input).expect("prepared");
        let functions: Vec<String> = text
            .lines()
            .filter(|l| l.starts_with("define "))
            .filter_map(|l| {
                let at = l.find('@')?;
                let rest = &l[at + 1..];
                Some(rest[..rest.find('(')?].to_string())
            })
            .filter(|f| f != "main")
            .collect();
        for w in [2, 4, 8, 16, 32] {
            let args = [
                "-passes=loop-vectorize".to_string(),
                format!("-force-vector-width={w}"),
                "-force-vector-interleave=1".to_string(),
            ];
            let ours = work.join(format!("{name}.{w}.lw.ll"));
            let theirs = work.join(format!("{name}.{w}.opt.ll"));
            let o = common::execute(
                std::process::Command::new(lw())
                    .args(&args)
                    .arg(&input)
                    .arg("-o")
                    .arg(&ours),
            );
            assert!(
                o.status.success(),
                "loopwright failed on {name} at width {w}"
            );
            let o = common::execute(
                std::process::Command::new("opt-19")
                    .args(&args)
                    .arg("-S")
                    .arg(&input)
                    .arg("-o")
                    .arg(&theirs),
            );
            assert!(o.status.success(), "opt-19 failed on {name} at width {w}");
            let (a, b) = (
                std::fs::read_to_string(&ours).expect("our output"),
                std::fs::read_to_string(&theirs).expect("opt-19's output"),
            );
            for f in &functions {
                let (Some(x), Some(y)) = (memory_shape(&a, f), memory_shape(&b, f)) else {
                    continue;
                };
                compared += 1;
                if y[0] + y[1] > 0 {
                    with_groups += 1;
                }
                if x != y {
                    problems.push(format!(
                        "{march} width {w} @{f}: loopwright {x:?}, opt-19 {y:?} \
                         (group loads, interleaved stores, gathers, scatters)"
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    eprintln!(
        "interleave decisions: {compared} vectorized functions compared, {with_groups} with groups in opt-19's output"
    );
    floors::check_all(&[
        ("vectorize_conformance.interleave_functions", compared),
        (
            "vectorize_conformance.interleave_group_functions",
            with_groups,
        ),
    ]);
    let _ = std::fs::remove_dir_all(&work);
}
