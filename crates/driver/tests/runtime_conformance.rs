//! Runtime unrolling conformance against opt-19.
//!
//! Every C program in `tests/runtime/` is compiled the way LLVM's `-O3`
//! pipeline would hand it to its loop transformations (clang-19 without
//! LLVM passes, then the simplification passes that precede the loop
//! transformations; a first line `// cflags: ...` adds clang flags such as
//! `-g`); every `.ll` there is used as it is. Each input then goes through
//! loopwright and through `opt-19` with the same pipeline and options
//! (prologue and epilogue remainders, multi-exit loops, `-unroll-remainder`,
//! forced counts 2, 3, 4, 5 and 8, and the defaults), and for each run:
//! 1. loopwright succeeds and `opt-19 -passes=verify` accepts its output
//!    without complaint (invalid debug info counts as a failure);
//! 2. `lli-19` prints the same as for the input (inputs with a `main`);
//! 3. the remarks printed are the same text;
//! 4. every function has the same multiset of `llvm.loop` attribute sets
//!    on its loops.
//!
//! How many functions are the same as opt-19's up to value names (with
//! phi entries in block order and metadata numbers ignored) is counted and
//! reported, not required: LLVM's `simplifyLoopIVs` after partial
//! unrolling adds `nuw`/`nsw` flags loopwright does not infer. The test
//! ends with `N passed, M failed`. Skipped with a notice when LLVM 19 is
//! not installed (an error under CI). `RUNTIME_CONFORMANCE_VERBOSE=1`
//! lists the functions that differ.

use loopwright_analysis::loopmd::describe::render_attr_set;
use loopwright_analysis::{ControlFlowGraph, DominatorTree, LoopForest};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The passes of LLVM's -O3 function simplification pipeline that run
/// before its loop transformations, as far as they shape the loops.
const PREP: &str = "function(sroa<modify-cfg>,early-cse<memssa>,simplifycfg,instcombine,\
loop-mssa(loop-instsimplify,loop-simplifycfg,licm,loop-rotate<header-duplication;no-prepare-for-lto>,\
simple-loop-unswitch<nontrivial;trivial>),simplifycfg,instcombine,loop(loop-idiom,indvars,loop-deletion),\
sroa,gvn,instcombine)";

const RT: &str = "-unroll-runtime";

/// (pipeline, extra options) pairs run on every input.
const RUNS: &[(&str, &[&str])] = &[
    ("loop-unroll", &[]),
    ("loop-unroll<O3>", &[]),
    ("loop-unroll<O3>", &[RT, "-unroll-runtime-epilog=false"]),
    ("loop-unroll<O3>", &[RT, "-unroll-runtime-epilog=true"]),
    ("loop-unroll<O3>", &[RT, "-unroll-runtime-multi-exit"]),
    ("loop-unroll<O3>", &[RT, "-unroll-runtime-multi-exit=false"]),
    (
        "loop-unroll<O3>",
        &[RT, "-unroll-runtime-other-exit-predictable"],
    ),
    ("loop-unroll<O3>", &[RT, "-unroll-remainder"]),
    ("loop-unroll<O3>", &[RT, "-unroll-count=2"]),
    (
        "loop-unroll<O3>",
        &[RT, "-unroll-count=3", "-unroll-runtime-epilog=false"],
    ),
    (
        "loop-unroll<O3>",
        &[RT, "-unroll-count=4", "-unroll-runtime-multi-exit"],
    ),
    (
        "loop-unroll<O3>",
        &[RT, "-unroll-count=8", "-unroll-remainder"],
    ),
    (
        "loop-unroll<O3>",
        &[
            RT,
            "-unroll-count=2",
            "-unroll-runtime-epilog=false",
            "-unroll-runtime-multi-exit",
        ],
    ),
    (
        "loop-unroll<O3>",
        &[
            RT,
            "-unroll-count=3",
            "-unroll-remainder",
            "-unroll-runtime-multi-exit",
        ],
    ),
    (
        "loop-unroll<O3>",
        &[
            RT,
            "-unroll-count=4",
            "-unroll-remainder",
            "-unroll-runtime-epilog=false",
        ],
    ),
    (
        "loop-unroll<O3>",
        &[
            RT,
            "-unroll-count=8",
            "-unroll-runtime-multi-exit",
            "-unroll-runtime-epilog=false",
            "-unroll-remainder",
        ],
    ),
    (
        "loop-unroll<O3>",
        &[RT, "-unroll-count=5", "-unroll-runtime-multi-exit"],
    ),
    (
        "function(loop(loop-unroll-full),loop-unroll<O3>,transform-warning)",
        &[RT, "-unroll-runtime-multi-exit"],
    ),
];

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
        eprintln!("runtime_conformance: LLVM 19 not found, skipping");
    }
    ok
}

fn run(cmd: &mut Command) -> Output {
    cmd.output()
        .unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"))
}

/// The inputs: (name, module path, whether it has a `main` to run).
fn inputs(work: &Path) -> Vec<(String, PathBuf, bool)> {
    let dir = root().join("tests/runtime");
    let mut entries: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/runtime")
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    let mut out = Vec::new();
    for p in entries {
        let stem = p.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&p).expect("read input");
        match p.extension().and_then(|e| e.to_str()) {
            Some("c") => {
                let cflags: Vec<&str> = text
                    .lines()
                    .next()
                    .and_then(|l| l.strip_prefix("// cflags:"))
                    .map(|f| f.split_whitespace().collect())
                    .unwrap_or_default();
                let raw = work.join(format!("{stem}.raw.ll"));
                let o = run(Command::new("clang-19")
                    .args([
                        "-O3",
                        "-w",
                        "-S",
                        "-emit-llvm",
                        "-Xclang",
                        "-disable-llvm-passes",
                    ])
                    .args(&cflags)
                    .arg(&p)
                    .arg("-o")
                    .arg(&raw));
                assert!(o.status.success(), "clang-19 failed on {stem}");
                let ll = work.join(format!("{stem}.ll"));
                let o = run(Command::new("opt-19")
                    .args(["-S", &format!("-passes={PREP}")])
                    .arg(&raw)
                    .arg("-o")
                    .arg(&ll));
                assert!(
                    o.status.success(),
                    "opt-19 prep failed on {stem}: {}",
                    String::from_utf8_lossy(&o.stderr)
                );
                out.push((stem, ll, true));
            }
            Some("ll") => out.push((stem, p, text.contains("@main("))),
            _ => {}
        }
    }
    out
}

/// Per function, the sorted attribute sets of its loops.
fn loop_attrs(path: &Path) -> BTreeMap<String, Vec<Vec<String>>> {
    let text = std::fs::read(path).expect("read module");
    let m = loopwright_parse::parse_module(&text, "x.ll").expect("parse");
    let mut out = BTreeMap::new();
    for (_, f) in m.functions.iter() {
        if f.is_declaration() {
            continue;
        }
        let cfg = ControlFlowGraph::compute(f);
        let dt = DominatorTree::compute(&cfg);
        let lf = LoopForest::compute(&cfg, &dt);
        let mut sets: Vec<Vec<String>> = lf
            .loops()
            .map(|l| {
                let mut s = render_attr_set(&m, lf.loop_id(f, &m.md, &cfg, l));
                s.sort();
                s
            })
            .collect();
        sets.sort();
        out.insert(f.name().unwrap_or("").to_owned(), sets);
    }
    out
}

/// Each defined function's text with local names dropped, phi entries in
/// block order and metadata numbers erased (after a pass through
/// `opt-19 -S`, which normalizes what LLVM normalizes).
fn structural(path: &Path) -> BTreeMap<String, String> {
    let text = run(Command::new("opt-19").arg("-S").arg(path)).stdout;
    let mut m = loopwright_parse::parse_module(&text, "x.ll").expect("parse");
    let mut names = Vec::new();
    for (_, f) in m.functions.iter_mut() {
        if f.is_declaration() {
            continue;
        }
        names.push(f.name().unwrap_or("").to_owned());
        let blocks: Vec<loopwright_ir::Block> = f.layout.blocks().collect();
        let pos =
            |b: loopwright_ir::Block| blocks.iter().position(|&x| x == b).unwrap_or(usize::MAX);
        for &b in &blocks {
            f.set_block_name(b, None);
            for i in f.layout.block_insts(b).collect::<Vec<_>>() {
                if let Some(v) = f.inst_result(i) {
                    f.set_value_name(v, None);
                }
                if f.inst(i).opcode == loopwright_ir::Opcode::Phi {
                    let mut pairs: Vec<_> = f
                        .inst(i)
                        .operands()
                        .chunks(2)
                        .map(|c| (c[0], c[1]))
                        .collect();
                    pairs.sort_by_key(|&(_, b)| b.as_block().map_or(usize::MAX, pos));
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
        for v in f.params.clone() {
            f.set_value_name(v, None);
        }
    }
    let printed = loopwright_ir::print::print_module(&m);
    let mut out = BTreeMap::new();
    let mut cur: Option<(String, String)> = None;
    for line in printed.lines() {
        if line.starts_with("define ") {
            let name = names
                .iter()
                .find(|n| line.contains(&format!("@{n}(")))
                .cloned()
                .unwrap_or_default();
            cur = Some((name, String::new()));
        }
        if let Some((_, body)) = cur.as_mut() {
            let code = line.split(" ; ").next().unwrap_or(line).trim_end();
            if !code.starts_with(';') {
                body.push_str(&erase_md_numbers(code));
                body.push('\n');
            }
        }
        if line == "}" {
            if let Some((name, body)) = cur.take() {
                out.insert(name, body);
            }
        }
    }
    out
}

/// `!123` becomes `!N` (metadata numbering depends on the whole module).
fn erase_md_numbers(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if c == '!' && chars.peek().is_some_and(|d| d.is_ascii_digit()) {
            while chars.peek().is_some_and(|d| d.is_ascii_digit()) {
                chars.next();
            }
            out.push('N');
        }
    }
    out
}

#[test]
fn runtime_unrolling_matches_opt() {
    if !have_llvm() {
        return;
    }
    let work = std::env::temp_dir().join(format!("loopwright-runtime-{}", std::process::id()));
    std::fs::create_dir_all(&work).expect("work dir");
    let bin = env!("CARGO_BIN_EXE_loopwright");
    let verbose = std::env::var_os("RUNTIME_CONFORMANCE_VERBOSE").is_some();
    let remark_flags = [
        "-pass-remarks=loop-unroll",
        "-pass-remarks-missed=loop-unroll",
    ];
    let (mut passed, mut failed) = (0, 0);
    let (mut same_fns, mut total_fns) = (0, 0);
    let mut failures = Vec::new();
    let mut differing = Vec::new();
    for (name, input, runnable) in inputs(&work) {
        let expected = runnable.then(|| run(Command::new("lli-19").arg(&input)));
        if let Some(e) = &expected {
            assert!(e.status.success(), "lli-19 fails on the input {name}");
        }
        for (k, (pipeline, extra)) in RUNS.iter().enumerate() {
            let tag = format!("{name} [{pipeline} {}]", extra.join(" "));
            let ours = work.join(format!("{name}.{k}.lw.ll"));
            let theirs = work.join(format!("{name}.{k}.opt.ll"));
            let o = run(Command::new(bin)
                .arg(format!("-passes={pipeline}"))
                .args(*extra)
                .args(remark_flags)
                .arg(&input)
                .arg("-o")
                .arg(&ours));
            let t = run(Command::new("opt-19")
                .arg("-S")
                .arg(format!("-passes={pipeline}"))
                .args(*extra)
                .args(remark_flags)
                .arg(&input)
                .arg("-o")
                .arg(&theirs));
            let mut problems = Vec::new();
            if !o.status.success() {
                problems.push(format!(
                    "loopwright failed: {}",
                    String::from_utf8_lossy(&o.stderr)
                ));
            } else if !t.status.success() {
                problems.push(format!(
                    "opt-19 failed: {}",
                    String::from_utf8_lossy(&t.stderr)
                ));
            } else {
                let v = run(Command::new("opt-19")
                    .args(["-passes=verify", "-disable-output"])
                    .arg(&ours));
                let verr = String::from_utf8_lossy(&v.stderr);
                if !v.status.success() || verr.contains("invalid") {
                    problems.push(format!("opt-19 rejects the output: {verr}"));
                }
                if let Some(exp) = &expected {
                    let got = run(Command::new("lli-19").arg(&ours));
                    if got.stdout != exp.stdout || got.status.code() != exp.status.code() {
                        problems.push("lli-19 output differs from the input's".into());
                    }
                }
                if o.stderr != t.stderr {
                    problems.push(format!(
                        "remarks differ:\n--- loopwright\n{}--- opt-19\n{}",
                        String::from_utf8_lossy(&o.stderr),
                        String::from_utf8_lossy(&t.stderr)
                    ));
                }
                if problems.is_empty() && loop_attrs(&ours) != loop_attrs(&theirs) {
                    problems.push("llvm.loop attribute sets differ".into());
                }
                if problems.is_empty() {
                    let (a, b) = (structural(&ours), structural(&theirs));
                    for (fname, text) in &b {
                        total_fns += 1;
                        if a.get(fname) == Some(text) {
                            same_fns += 1;
                        } else {
                            differing.push(format!("{tag} @{fname}"));
                        }
                    }
                }
            }
            if problems.is_empty() {
                passed += 1;
            } else {
                failed += 1;
                failures.push(format!("{tag}: {}", problems.join("; ")));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&work);
    if verbose {
        for d in &differing {
            eprintln!("differs from opt-19: {d}");
        }
    }
    for f in &failures {
        eprintln!("FAIL {f}");
    }
    eprintln!(
        "runtime_conformance: {same_fns} of {total_fns} functions in passing runs \
         are the same as opt-19's up to names"
    );
    eprintln!("{passed} passed, {failed} failed");
    assert!(passed >= RUNS.len(), "too few runs");
    assert!(failures.is_empty(), "{failed} conformance failures");
}
