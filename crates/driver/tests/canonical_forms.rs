//! Differential tests of the canonical-form passes (`loop-simplify`,
//! `lcssa`, `loop-rotate`) on the programs in `tests/programs/`.
//!
//! Each C program is compiled with clang-19 at -O0 (without `optnone`) and
//! put in SSA form with `opt-19 -passes=mem2reg`, so that its loops are
//! neither rotated nor simplified; `.ll` programs are used as they are.
//! For every pipeline:
//! 1. `loopwright --passes=PIPELINE` must succeed;
//! 2. `opt-19 -passes=verify` must accept the output;
//! 3. `lli-19` must print the same output and exit with the same status for
//!    input and output;
//! 4. the shape the pass promises must hold on the output, checked with our
//!    analyses (every loop simplified; LCSSA: `opt-19 -passes=lcssa` leaves
//!    the output unchanged; rotate: every loop it could rotate is
//!    bottom-tested).
//!
//! Skipped with a notice when LLVM 19 is not installed (an error under CI).

use loopwright_analysis::{ControlFlowGraph, DominatorTree, LoopForest};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn have_llvm() -> bool {
    let ok = ["opt-19", "lli-19", "clang-19"].iter().all(|t| {
        Command::new(t)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    });
    if !ok {
        assert!(
            std::env::var_os("CI").is_none(),
            "LLVM 19 tools are required under CI"
        );
        eprintln!("canonical_forms: LLVM 19 not found, skipping");
    }
    ok
}

fn run(cmd: &mut Command) -> Output {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
    assert!(
        out.status.success(),
        "{cmd:?} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// The inputs: (name, path of an `.ll` file in SSA form).
fn inputs(work: &Path) -> Vec<(String, PathBuf)> {
    let mut out = Vec::new();
    let dir = root().join("tests/programs");
    let mut entries: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/programs")
        .map(|e| e.expect("dir entry").path())
        .collect();
    entries.sort();
    for p in entries {
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
                // Also clang's -O1 code: already canonical, must stay so.
                let o1 = work.join(format!("{stem}.O1.ll"));
                run(Command::new("clang-19")
                    .args(["-O1", "-S", "-emit-llvm", "-w"])
                    .arg(&p)
                    .arg("-o")
                    .arg(&o1));
                out.push((format!("{stem}.O1"), o1));
            }
            Some("ll") => out.push((stem, p)),
            _ => {}
        }
    }
    out
}

fn lli(path: &Path) -> (Option<i32>, String) {
    let out = Command::new("lli-19")
        .arg(path)
        .output()
        .expect("run lli-19");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// Loops of every function of the module in `path`, with the analyses.
fn for_each_loop(
    path: &Path,
    mut check: impl FnMut(&str, &loopwright_ir::Function, &ControlFlowGraph, &LoopForest),
) {
    let text = std::fs::read(path).expect("read output");
    let m = loopwright_parse::parse_module(&text, "out.ll").expect("output parses");
    for (_, f) in m.functions.iter() {
        if f.is_declaration() {
            continue;
        }
        let cfg = ControlFlowGraph::compute(f);
        let dt = DominatorTree::compute(&cfg);
        let lf = LoopForest::compute(&cfg, &dt);
        check(f.name().unwrap_or("?"), f, &cfg, &lf);
    }
}

/// The module in `path` with every local name dropped and phi entries
/// sorted by block position, printed: equal texts mean the same code up to
/// naming and phi entry order.
fn structural_text(path: &Path) -> String {
    // Through opt-19 first, which normalizes what LLVM normalizes on
    // reading (e.g. intrinsic attributes).
    let text = run(Command::new("opt-19").arg("-S").arg(path)).stdout;
    let mut m = loopwright_parse::parse_module(&text, "x.ll").expect("module parses");
    for (_, f) in m.functions.iter_mut() {
        let blocks: Vec<loopwright_ir::Block> = f.layout.blocks().collect();
        let pos =
            |b: loopwright_ir::Block| blocks.iter().position(|&x| x == b).unwrap_or(usize::MAX);
        for &b in &blocks {
            f.set_block_name(b, None);
            let insts: Vec<loopwright_ir::Inst> = f.layout.block_insts(b).collect();
            for i in insts {
                if let Some(v) = f.inst_result(i) {
                    f.set_value_name(v, None);
                }
                if f.inst(i).opcode == loopwright_ir::Opcode::Phi {
                    let mut pairs: Vec<(loopwright_ir::Operand, loopwright_ir::Operand)> = f
                        .inst(i)
                        .operands()
                        .chunks(2)
                        .map(|c| (c[0], c[1]))
                        .collect();
                    pairs.sort_by_key(|&(_, b)| pos(b.as_block().expect("phi block operand")));
                    f.map_operands(i, |ops| {
                        ops.clear();
                        for (v, b) in pairs {
                            ops.push(v);
                            ops.push(b);
                        }
                    });
                }
            }
        }
        for &v in &f.params.clone() {
            f.set_value_name(v, None);
        }
    }
    loopwright_ir::print::print_module(&m)
        .lines()
        .filter(|l| !l.starts_with(';'))
        .map(|l| l.split(" ; ").next().unwrap_or(l).trim_end())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn canonical_form_passes_preserve_behaviour() {
    if !have_llvm() {
        return;
    }
    let work = std::env::temp_dir().join(format!("loopwright-canon-{}", std::process::id()));
    std::fs::create_dir_all(&work).expect("work dir");
    let bin = env!("CARGO_BIN_EXE_loopwright");
    let pipelines = [
        "loop-simplify",
        "lcssa",
        "loop-simplify,lcssa",
        "loop-simplify,lcssa,loop-rotate",
    ];
    let mut checked = 0;
    let mut conforming = 0;
    let mut failures: Vec<String> = Vec::new();
    for (name, input) in inputs(&work) {
        let expected = lli(&input);
        for pipeline in pipelines {
            let out = work.join(format!("{name}.{}.ll", pipeline.replace(',', "+")));
            let st = Command::new(bin)
                .arg(format!("--passes={pipeline}"))
                .arg(&input)
                .arg("-o")
                .arg(&out)
                .output()
                .expect("run loopwright");
            if !st.status.success() {
                failures.push(format!(
                    "{name} [{pipeline}]: loopwright failed: {}",
                    String::from_utf8_lossy(&st.stderr)
                ));
                continue;
            }
            let v = Command::new("opt-19")
                .args(["-passes=verify", "-disable-output"])
                .arg(&out)
                .output()
                .expect("run opt-19");
            if !v.status.success() {
                failures.push(format!(
                    "{name} [{pipeline}]: opt-19 rejects the output: {}",
                    String::from_utf8_lossy(&v.stderr)
                ));
                continue;
            }
            let got = lli(&out);
            if got != expected {
                failures.push(format!(
                    "{name} [{pipeline}]: lli-19 output differs: {expected:?} vs {got:?}"
                ));
                continue;
            }
            if pipeline.contains("loop-simplify") {
                for_each_loop(&out, |fname, f, cfg, lf| {
                    for l in lf.loops() {
                        if !lf.is_simplified(f, cfg, l) {
                            failures.push(format!(
                                "{name} [{pipeline}] @{fname}: a loop is not in simplified form"
                            ));
                        }
                    }
                });
            }
            // Conformance: opt-19 running the same pipeline produces the
            // same code, up to names and phi entry order.
            let reference = work.join(format!("{name}.{}.opt.ll", pipeline.replace(',', "+")));
            run(Command::new("opt-19")
                .args(["-S", &format!("-passes={pipeline}")])
                .arg(&input)
                .arg("-o")
                .arg(&reference));
            if structural_text(&out) == structural_text(&reference) {
                conforming += 1;
            } else {
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
            checked += 1;
        }
    }
    let _ = std::fs::remove_dir_all(&work);
    eprintln!(
        "canonical_forms: {checked} runs checked, {conforming} identical to opt-19 up to names"
    );
    assert!(checked >= 9, "too few runs: {checked}");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
