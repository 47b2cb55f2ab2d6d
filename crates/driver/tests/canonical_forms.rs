//! Differential tests of the canonical-form passes (`loop-simplify`,
//! `lcssa`, `loop-rotate`) on the programs in `tests/programs/`.
//!
//! Each C program is compiled with clang-19 at -O0 -g (without `optnone`)
//! and put in SSA form with `opt-19 -passes=mem2reg`, so that its loops are
//! neither rotated nor simplified, and at -O1 without and with `-g`
//! (already canonical); `.ll` programs are used as they are.
//! For every pipeline:
//! 1. `loopwright --passes=PIPELINE` must succeed;
//! 2. `opt-19 -passes=verify` must accept the output without a word
//!    (`common::verify_problem`: invalid debug info fails);
//! 3. `lli-19` must print the same output and exit with the same status for
//!    input and output;
//! 4. the shape the pass promises must hold on the output, checked with our
//!    analyses (every loop simplified; LCSSA: `opt-19 -passes=lcssa` leaves
//!    the output unchanged; rotate: every loop it could rotate is
//!    bottom-tested);
//! 5. the code equals opt-19's for the same pipeline up to names, and in
//!    particular every function has the same debug records
//!    (`common::debug_record_multisets`).
//!
//! The numbers of runs, of identical runs and of debug records equal to
//! opt-19's are floors (`canonical_forms.*` in `tests/floors.toml`). Skipped with a notice when
//! LLVM 19 is not installed (an error under CI). `self_test_wrong_outputs_fail`
//! shows that the checks fail on deliberately wrong outputs.

mod common;

use common::run;
use loopwright_testkit::standin::Wrong;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The inputs: (name, path of an `.ll` file in SSA form).
fn inputs(work: &Path) -> Vec<(String, PathBuf)> {
    let mut out = Vec::new();
    for p in common::sorted_entries(&common::root().join("tests/programs")) {
        let stem = p.file_stem().unwrap().to_string_lossy().into_owned();
        match p.extension().and_then(|e| e.to_str()) {
            Some("c") => {
                let raw = work.join(format!("{stem}.O0.ll"));
                run(Command::new("clang-19")
                    .args([
                        "-O0",
                        "-Xclang",
                        "-disable-O0-optnone",
                        "-S",
                        "-emit-llvm",
                        "-w",
                        "-g",
                    ])
                    .arg(&p)
                    .arg("-o")
                    .arg(&raw));
                let ssa = work.join(format!("{stem}.ssa.ll"));
                run(Command::new("opt-19")
                    .args(["-S", "-passes=mem2reg"])
                    .arg(&raw)
                    .arg("-o")
                    .arg(&ssa));
                out.push((stem.clone(), ssa));
                // Also clang's -O1 code, without and with debug info:
                // already canonical, must stay so.
                for (suffix, g) in [("O1", None), ("O1g", Some("-g"))] {
                    let o1 = work.join(format!("{stem}.{suffix}.ll"));
                    run(Command::new("clang-19")
                        .args(["-O1", "-S", "-emit-llvm", "-w"])
                        .args(g)
                        .arg(&p)
                        .arg("-o")
                        .arg(&o1));
                    out.push((format!("{stem}.{suffix}"), o1));
                }
            }
            Some("ll") => out.push((stem, p)),
            _ => {}
        }
    }
    out
}

/// The pipelines run on every input.
const PIPELINES: &[&str] = &[
    "loop-simplify",
    "lcssa",
    "loop-simplify,lcssa",
    "loop-simplify,lcssa,loop-rotate",
];

/// Runs `pipeline` on the input `input` (named `name`, which runs as
/// `expected` under lli-19) through `bin` and checks the output (points 1
/// to 5 of the module docs). Returns the failures, whether the code equals
/// opt-19's up to names, and the number of debug records equal to opt-19's.
fn check_pipeline(
    bin: &str,
    work: &Path,
    (name, input): (&str, &Path),
    expected: &common::Execution,
    pipeline: &str,
) -> (Vec<String>, bool, usize) {
    let mut failures = Vec::new();
    let out = work.join(format!("{name}.{}.ll", pipeline.replace(',', "+")));
    let st = common::execute(
        Command::new(bin)
            .arg(format!("--passes={pipeline}"))
            .arg(input)
            .arg("-o")
            .arg(&out),
    );
    if !st.status.success() {
        failures.push(format!(
            "{name} [{pipeline}]: loopwright failed: {}",
            String::from_utf8_lossy(&st.stderr)
        ));
        return (failures, false, 0);
    }
    if let Some(p) = common::verify_problem(&out) {
        failures.push(format!("{name} [{pipeline}]: {p}"));
        return (failures, false, 0);
    }
    if let Some(p) = common::lli_problem(expected, &common::lli(&out)) {
        failures.push(format!("{name} [{pipeline}]: {p}"));
        return (failures, false, 0);
    }
    if pipeline.contains("loop-simplify") {
        common::for_each_function(&out, |_, fname, f, cfg, lf| {
            for l in lf.loops() {
                if !lf.is_simplified(f, cfg, l) {
                    failures.push(format!(
                        "{name} [{pipeline}] @{fname}: a loop is not in simplified form"
                    ));
                }
            }
        });
    }
    // Conformance: opt-19 running the same pipeline produces the same
    // code, up to names and phi entry order.
    let reference = work.join(format!("{name}.{}.opt.ll", pipeline.replace(',', "+")));
    run(Command::new("opt-19")
        .args(["-S", &format!("-passes={pipeline}")])
        .arg(input)
        .arg("-o")
        .arg(&reference));
    let records = match common::compare_debug_records(&out, &reference) {
        Ok(n) => n,
        Err(p) => {
            failures.push(format!("{name} [{pipeline}]: {p}"));
            0
        }
    };
    let conforming = common::structural_text(&out) == common::structural_text(&reference);
    if !conforming {
        failures.push(format!(
            "{name} [{pipeline}]: differs from opt-19 -passes={pipeline} (beyond names)"
        ));
    }
    if pipeline.contains("lcssa") {
        // LLVM's own lcssa must find nothing left to do.
        let a = run(Command::new("opt-19").args(["-S"]).arg(&out));
        let b = run(Command::new("opt-19")
            .args(["-S", "-passes=lcssa"])
            .arg(&out));
        if a.stdout != b.stdout {
            failures.push(format!(
                "{name} [{pipeline}]: opt-19 -passes=lcssa still changes the output"
            ));
        }
    }
    (failures, conforming, records)
}

#[test]
fn canonical_form_passes_preserve_behaviour() {
    if !common::have_conformance_tools("canonical_forms") {
        return;
    }
    let work = common::work_dir("canon");
    let bin = env!("CARGO_BIN_EXE_loopwright");
    let mut checked = 0;
    let mut conforming = 0;
    let mut debug_records = 0;
    let mut failures: Vec<String> = Vec::new();
    for (name, input) in inputs(&work) {
        let expected = common::lli(&input);
        for pipeline in PIPELINES {
            let (f, same, records) =
                check_pipeline(bin, &work, (&name, &input), &expected, pipeline);
            failures.extend(f);
            conforming += usize::from(same);
            debug_records += records;
            checked += 1;
        }
    }
    let _ = std::fs::remove_dir_all(&work);
    eprintln!(
        "canonical_forms: {checked} runs checked, {conforming} identical to opt-19 up to names, \
         {debug_records} debug records equal to opt-19's"
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    loopwright_testkit::floors::check_all(&[
        ("canonical_forms.runs", checked),
        ("canonical_forms.identical", conforming),
        ("canonical_forms.debug_records", debug_records),
    ]);
}

/// The checks above fed deliberately wrong outputs of
/// `tests/selftest/sum.ll` (by a stand-in for loopwright: opt-19 with its
/// output replaced). Right output passes every pipeline; an `add` turned
/// into `sub`, a dropped store and a dropped debug record each fail.
#[test]
fn self_test_wrong_outputs_fail() {
    if !common::have_conformance_tools("canonical_forms") {
        return;
    }
    let work = common::work_dir("canon-self-test");
    let input = common::root().join(common::SELF_TEST_INPUT);
    let expected = common::lli(&input);
    let right = common::stand_in(&work, "right", &Wrong::default());
    for pipeline in PIPELINES {
        let (f, same, _) = check_pipeline(&right, &work, ("st", &input), &expected, pipeline);
        assert!(f.is_empty() && same, "opt-19 itself: {f:?}");
    }
    let pipeline = PIPELINES[3];
    let reference = work.join("st.loop-simplify+lcssa+loop-rotate.opt.ll");
    for (what, wrong) in common::wrong_outputs(&reference) {
        let w = Wrong {
            output: Some(wrong),
            ..Wrong::default()
        };
        let bin = common::stand_in(&work, what, &w);
        let (f, ..) = check_pipeline(&bin, &work, (what, &input), &expected, pipeline);
        assert!(!f.is_empty(), "{what}: the run passes");
    }
    let _ = std::fs::remove_dir_all(&work);
}
