//! Loop peeling (`loop-unroll`'s peeling) against opt-19 on the programs
//! in `tests/peel/`.
//!
//! C programs are compiled as LLVM's -O3 pipeline would hand them to the
//! unroller (`clang-19 -O3 -Xclang -disable-llvm-passes`, then the
//! simplification passes that run before `loop-unroll`); `.ll` files are
//! used as they are. A line `// peel-test-cflags: ...` (or `; ...` in `.ll`)
//! adds compiler flags; each `peel-test-options: ...` line adds a run with
//! those options (`-passes=loop-unroll` unless they name the passes)
//! besides the run with none.
//!
//! For each program and options, `loopwright --passes=loop-unroll` and
//! `opt-19 -passes=loop-unroll` must:
//! 1. produce output `opt-19 -passes=verify` accepts;
//! 2. run identically under `lli-19` (output and exit status, also equal to
//!    the input's);
//! 3. write the same YAML remarks (`-pass-remarks-output`);
//! 4. leave the same `!llvm.loop` attribute sets on the loops of each
//!    function (rendered, in loop order).
//!
//! 5. The code is compared function by function up to names (both outputs
//!    through `opt-19 -S`, local names cleared, phi entries sorted), and the
//!    rates are printed. A function in which either tool peeled a loop must
//!    be equal unless [`KNOWN_DIFFERENT`] lists it (with the reason); the
//!    other functions only count (their loops are fully or partially
//!    unrolled, which other tests check).
//!
//! Skipped with a notice when LLVM 19 is not installed (an error under CI).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// (program, options, function): functions whose code is known to differ
/// from opt-19's, with the reason.
const KNOWN_DIFFERENT: &[(&str, &str, &str, &str)] = &[
    (
        "phis",
        "",
        "chain",
        "scalar evolution does not fold a phi whose entry and backedge \
         values have the same constant expression (LLVM's shifted-recurrence \
         rule in createAddRecFromPHI), so the phis of x and y are not \
         replaced by constants and their copies in the peeled iterations stay",
    ),
    (
        "metadata",
        "-unroll-peel-count=2",
        "full",
        "scalar evolution does not see a phi joining a branch on a constant \
         condition as the value selected (createNodeFromSelectLikePHI), so \
         eliminateIdentitySCEV does not remove it",
    ),
    (
        "forced",
        "-unroll-peel-count=1",
        "nest",
        "instruction folding keeps `getelementptr inbounds T, ptr %p, i64 0` \
         (LLVM's simplifyGEPInst folds it to %p) in the inner loop's peeled \
         copy, which simplifyLoopAfterUnroll of the outer loop visits",
    ),
    (
        "forced",
        "-unroll-peel-count=3",
        "nest",
        "as with -unroll-peel-count=1",
    ),
    (
        "forced",
        "-unroll-peel-count=9",
        "nest",
        "as with -unroll-peel-count=1",
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
        eprintln!("peel_conformance: LLVM 19 not found, skipping");
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

/// The passes LLVM's -O3 pipeline runs on a function before `loop-unroll`
/// that shape its loops (rotation, induction-variable canonicalization).
const PREPARE: &str = "function(sroa<modify-cfg>,early-cse<memssa>,simplifycfg,instcombine,\
loop-mssa(loop-instsimplify,loop-simplifycfg,licm,loop-rotate<header-duplication;no-prepare-for-lto>,\
simple-loop-unswitch<nontrivial;trivial>),simplifycfg,instcombine,\
loop(loop-idiom,indvars,loop-deletion),sroa,gvn,instcombine)";

/// Values of the `peel-test-<key>:` lines of a source.
fn directives(src: &str, key: &str) -> Vec<String> {
    let tag = format!("peel-test-{key}:");
    src.lines()
        .filter_map(|l| l.split_once(&tag).map(|(_, v)| v.trim().to_owned()))
        .collect()
}

struct Case {
    name: String,
    input: PathBuf,
    /// Option sets, the empty one first.
    options: Vec<String>,
}

fn cases(work: &Path) -> Vec<Case> {
    let dir = root().join("tests/peel");
    let mut entries: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/peel")
        .map(|e| e.expect("dir entry").path())
        .collect();
    entries.sort();
    let mut out = Vec::new();
    for p in entries {
        let stem = p.file_stem().unwrap().to_string_lossy().into_owned();
        let src = std::fs::read_to_string(&p).expect("read test input");
        let input = match p.extension().and_then(|e| e.to_str()) {
            Some("c") => {
                let raw = work.join(format!("{stem}.raw.ll"));
                let flags: Vec<String> = directives(&src, "cflags")
                    .iter()
                    .flat_map(|l| l.split_whitespace().map(str::to_owned).collect::<Vec<_>>())
                    .collect();
                run(Command::new("clang-19")
                    .args(["-O3", "-S", "-emit-llvm", "-w", "-Xclang"])
                    .arg("-disable-llvm-passes")
                    .args(&flags)
                    .arg(&p)
                    .arg("-o")
                    .arg(&raw));
                let ll = work.join(format!("{stem}.ll"));
                run(Command::new("opt-19")
                    .arg("-S")
                    .arg(format!("-passes={PREPARE}"))
                    .arg(&raw)
                    .arg("-o")
                    .arg(&ll));
                ll
            }
            Some("ll") => p.clone(),
            _ => continue,
        };
        let mut options = vec![String::new()];
        options.extend(directives(&src, "options"));
        out.push(Case {
            name: stem,
            input,
            options,
        });
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

fn has_main(path: &Path) -> bool {
    std::fs::read_to_string(path).is_ok_and(|t| t.contains("@main("))
}

/// Per function: the `!llvm.loop` attribute sets of its loops, in loop
/// order.
fn loop_attrs(path: &Path) -> BTreeMap<String, Vec<Vec<String>>> {
    use loopwright_analysis::loopmd::render_attr_set;
    use loopwright_analysis::{ControlFlowGraph, DominatorTree, LoopForest};
    let text = std::fs::read(path).expect("read output");
    let m = loopwright_parse::parse_module(&text, "out.ll").expect("output parses");
    let mut out = BTreeMap::new();
    for (_, f) in m.functions.iter() {
        if f.is_declaration() {
            continue;
        }
        let cfg = ControlFlowGraph::compute(f);
        let dt = DominatorTree::compute(&cfg);
        let lf = LoopForest::compute(&cfg, &dt);
        let sets = lf
            .preorder()
            .into_iter()
            .map(|l| render_attr_set(&m, lf.loop_id(f, &m.md, &cfg, l)))
            .collect();
        out.insert(f.name().unwrap_or("?").to_owned(), sets);
    }
    out
}

/// The functions named by `Peeled` remarks in a YAML remark file.
fn peeled_functions(yaml: &str) -> Vec<String> {
    yaml.split("\n...")
        .filter(|doc| doc.contains("Name:            Peeled"))
        .filter_map(|doc| {
            doc.lines()
                .find_map(|l| l.strip_prefix("Function:"))
                .map(|f| f.trim().trim_matches('\'').to_owned())
        })
        .collect()
}

/// Per function: its text with local names cleared and phi entries
/// sorted by block position, after a trip through `opt-19 -S`.
fn structural(path: &Path) -> BTreeMap<String, String> {
    let text = run(Command::new("opt-19").arg("-S").arg(path)).stdout;
    let mut m = loopwright_parse::parse_module(&text, "x.ll").expect("module parses");
    let names: Vec<(loopwright_ir::Func, String)> = m
        .functions
        .iter()
        .filter(|(_, f)| !f.is_declaration())
        .map(|(k, f)| (k, f.name().unwrap_or("?").to_owned()))
        .collect();
    for (_, f) in m.functions.iter_mut() {
        let blocks: Vec<loopwright_ir::Block> = f.layout.blocks().collect();
        let pos = |b: loopwright_ir::Block| blocks.iter().position(|&x| x == b);
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
                    pairs.sort_by_key(|&(_, b)| b.as_block().and_then(pos));
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
    // Print each function alone: keep one definition, make the others
    // declarations, so metadata numbering depends on that function only.
    let mut out = BTreeMap::new();
    for (k, name) in names {
        let mut single = m.clone();
        for (j, f) in single.functions.iter_mut() {
            if j != k {
                f.layout = loopwright_ir::Layout::default();
                f.common.md = loopwright_ir::Attachments::default();
            }
        }
        let text = loopwright_ir::print::print_module(&single);
        let body: String = text
            .lines()
            .filter(|l| !l.starts_with(';') && !l.starts_with("declare") && !l.is_empty())
            .map(|l| l.split(" ; ").next().unwrap_or(l).trim_end())
            .collect::<Vec<_>>()
            .join("\n");
        out.insert(name, body);
    }
    out
}

#[test]
fn peeling_matches_opt19() {
    if !have_llvm() {
        return;
    }
    let work = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("peel-conformance");
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).expect("work dir");
    let lw = env!("CARGO_BIN_EXE_loopwright");
    let mut failures: Vec<String> = Vec::new();
    let (mut same, mut total) = (0usize, 0usize);
    let (mut same_peeled, mut total_peeled) = (0usize, 0usize);
    let mut peeled = 0usize;
    for case in cases(&work) {
        let expected = has_main(&case.input).then(|| lli(&case.input));
        for (k, opts) in case.options.iter().enumerate() {
            let tag = format!("{}#{k}", case.name);
            let mut args: Vec<&str> = opts.split_whitespace().collect();
            if !args.iter().any(|a| a.starts_with("-passes=")) {
                args.insert(0, "-passes=loop-unroll");
            }
            let o_out = work.join(format!("{tag}.opt.ll"));
            let l_out = work.join(format!("{tag}.lw.ll"));
            let o_yaml = work.join(format!("{tag}.opt.yaml"));
            let l_yaml = work.join(format!("{tag}.lw.yaml"));
            run(Command::new("opt-19")
                .arg("-S")
                .args(&args)
                .arg(format!("-pass-remarks-output={}", o_yaml.display()))
                .arg(&case.input)
                .arg("-o")
                .arg(&o_out));
            run(Command::new(lw)
                .arg("-S")
                .args(&args)
                .arg(format!("--pass-remarks-output={}", l_yaml.display()))
                .arg(&case.input)
                .arg("-o")
                .arg(&l_out));
            let verify = Command::new("opt-19")
                .args(["-passes=verify", "-disable-output"])
                .arg(&l_out)
                .output()
                .expect("run opt-19");
            if !verify.status.success() {
                failures.push(format!(
                    "{tag} [{opts}]: output does not verify:\n{}",
                    String::from_utf8_lossy(&verify.stderr)
                ));
                continue;
            }
            if let Some(exp) = &expected {
                for out in [&o_out, &l_out] {
                    let got = lli(out);
                    if &got != exp {
                        failures.push(format!(
                            "{tag} [{opts}]: {} runs differently: {got:?} vs {exp:?}",
                            out.display()
                        ));
                    }
                }
            }
            let (oy, ly) = (
                std::fs::read_to_string(&o_yaml).unwrap_or_default(),
                std::fs::read_to_string(&l_yaml).unwrap_or_default(),
            );
            peeled += ly.matches("Name:            Peeled").count();
            if oy != ly {
                failures.push(format!(
                    "{tag} [{opts}]: remarks differ:\n--- opt-19\n{oy}\n--- loopwright\n{ly}"
                ));
            }
            let (oa, la) = (loop_attrs(&o_out), loop_attrs(&l_out));
            if oa != la {
                failures.push(format!(
                    "{tag} [{opts}]: loop attributes differ:\n  opt-19:     {oa:?}\n  loopwright: {la:?}"
                ));
            }
            let mut with_peeling = peeled_functions(&oy);
            with_peeling.extend(peeled_functions(&ly));
            let (os, ls) = (structural(&o_out), structural(&l_out));
            for (name, otext) in &os {
                let strict = with_peeling.contains(name);
                total += 1;
                total_peeled += usize::from(strict);
                let ltext = ls.get(name).map(String::as_str).unwrap_or("");
                let known = KNOWN_DIFFERENT
                    .iter()
                    .any(|&(c, o, fun, _)| c == case.name && o == opts && fun == name);
                if otext == ltext {
                    same += 1;
                    same_peeled += usize::from(strict);
                    if known {
                        eprintln!("peel_conformance: {tag} @{name} now matches opt-19");
                    }
                    continue;
                }
                let dump = work.join(format!("{tag}.{name}"));
                let _ = std::fs::write(format!("{}.opt.txt", dump.display()), otext);
                let _ = std::fs::write(format!("{}.lw.txt", dump.display()), ltext);
                if strict && !known {
                    failures.push(format!(
                        "{tag} [{opts}]: @{name} differs from opt-19's (see {}.*.txt)",
                        dump.display()
                    ));
                }
            }
        }
    }
    eprintln!(
        "peel_conformance: {same_peeled}/{total_peeled} functions with peeled loops and \
         {same}/{total} functions in all equal to opt-19's up to names; {peeled} loops peeled"
    );
    assert!(peeled > 0, "no loop was peeled");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
