//! Phi descriptors against opt-19's loop vectorizer.
//!
//! LLVM prints no descriptors, but its loop vectorizer classifies every
//! header phi of an innermost loop with the same functions (reduction,
//! induction, fixed-order recurrence, predicated induction) and gives up
//! with the remark "value that could not be identified as reduction is
//! used outside the loop" (`NonReductionValueUsedOutsideLoop`) on the
//! first phi that is none of them. `tests/phis/*.ll` is a table of small
//! loops, one per function, each marked `; expect: identified` (every
//! header phi has a descriptor) or `; expect: unidentified`, covering
//! every kind and the near misses.
//!
//! - loopwright's verdict must equal the mark (always checked).
//! - With LLVM 19 installed: `opt-19 -passes=loop-vectorize` with the
//!   width forced to 4 (so legality alone decides) must give the
//!   remark exactly for the `unidentified` functions and vectorize the
//!   others; and where it vectorizes, the `llvm.vector.reduce.*` calls it
//!   emits must be exactly the reductions loopwright describes (by kind).
//!
//! `corpus_phis_match_opt19` does the same on real code: the C and C++
//! corpus and the benchmark kernels compiled by clang-19 at several
//! levels (-O2, -O3 and -O2 -ffast-math, with vectorization off); for
//! every function with exactly one innermost loop where opt-19 either
//! rejects a phi or vectorizes, loopwright must say the same.
//!
//! Skipped with a notice when opt-19 is not installed (an error under CI).

#[path = "../../../tests/corpus/matrix.rs"]
mod matrix;

use loopwright_analysis::ivdesc::{PhiClass, PhiDescriptors, RecurKind};
use loopwright_analysis::scev::ScalarEvolution;
use loopwright_analysis::{ControlFlowGraph, DominatorTree, LoopForest};
use loopwright_testkit::tools::{CLANG, CLANGXX, OPT};
use loopwright_testkit::{floors, run};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

fn have_llvm() -> bool {
    loopwright_testkit::require(&[OPT])
}

fn table_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/phis")
}

fn table_files() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(table_dir())
        .expect("tests/phis")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ll"))
        .collect();
    v.sort();
    v
}

/// `; expect: X` marks: function name to whether all phis are identified.
fn expectations(text: &str) -> BTreeMap<String, bool> {
    let mut out = BTreeMap::new();
    let mut pending: Option<bool> = None;
    for line in text.lines() {
        if let Some(x) = line.strip_prefix("; expect: ") {
            pending = Some(match x.trim() {
                "identified" => true,
                "unidentified" => false,
                other => panic!("bad mark {other:?}"),
            });
        } else if line.starts_with("define ") {
            let name = line
                .split('@')
                .nth(1)
                .and_then(|r| r.split('(').next())
                .expect("a function name")
                .to_string();
            let mark = pending
                .take()
                .unwrap_or_else(|| panic!("@{name} has no `; expect:` mark"));
            out.insert(name, mark);
        }
    }
    out
}

/// What loopwright says per function: whether every header phi of its
/// innermost loops is identified, and the reduction kinds.
struct Ours {
    /// Innermost loops of the function.
    innermost: usize,
    identified: bool,
    reductions: BTreeSet<&'static str>,
    summary: String,
}

/// The `llvm.vector.reduce.*` name LLVM 19 emits for a kind.
fn reduce_name(k: RecurKind) -> &'static str {
    use RecurKind::*;
    match k {
        Add => "add",
        Mul => "mul",
        And => "and",
        Or | IAnyOf | FAnyOf => "or",
        Xor => "xor",
        SMin => "smin",
        SMax => "smax",
        UMin => "umin",
        UMax => "umax",
        FAdd | FMulAdd => "fadd",
        FMul => "fmul",
        FMin => "fmin",
        FMax => "fmax",
        FMinimum => "fminimum",
        FMaximum => "fmaximum",
    }
}

fn ours(path: &Path) -> BTreeMap<String, Ours> {
    let text = std::fs::read(path).expect("read");
    let m = loopwright_parse::parse_module(&text, "t.ll").expect("parses");
    loopwright_analysis::verify_module(&m).expect("verifies");
    let mut out = BTreeMap::new();
    for (_, f) in m.functions.iter().filter(|(_, f)| !f.is_declaration()) {
        let cfg = ControlFlowGraph::compute(f);
        let dt = DominatorTree::compute(&cfg);
        let lf = LoopForest::compute(&cfg, &dt);
        let mut se = ScalarEvolution::new(&m, f, &cfg, &dt, &lf);
        let pd = PhiDescriptors::compute(&m, f);
        let names = loopwright_ir::print::LocalNames::compute(f);
        let namer = loopwright_analysis::ivdesc::Namer {
            m: &m,
            f,
            names: &names,
        };
        let mut o = Ours {
            innermost: 0,
            identified: true,
            reductions: BTreeSet::new(),
            summary: String::new(),
        };
        for l in lf.loops().filter(|&l| lf.is_innermost(l)) {
            o.innermost += 1;
            for info in pd.loop_phis(&mut se, l) {
                o.identified &= info.class.is_identified();
                if let PhiClass::Reduction(d) = &info.class {
                    o.reductions.insert(reduce_name(d.kind));
                }
                o.summary += &format!(
                    "\n    {}: {}",
                    namer.inst(info.phi),
                    info.class.describe(&se, &namer)
                );
            }
        }
        out.insert(f.name().unwrap_or("").to_string(), o);
    }
    out
}

/// opt-19's verdict per function (from the YAML remarks) and the
/// reductions of the vectorized code.
struct Theirs {
    /// `Some(false)` for the unidentified-phi remark, `Some(true)` for a
    /// vectorized loop, `None` for anything else.
    identified: Option<bool>,
    remarks: Vec<String>,
    reductions: BTreeSet<String>,
}

fn theirs(path: &Path, tag: &str) -> BTreeMap<String, Theirs> {
    let dir = std::env::temp_dir().join(format!("loopwright-ivdesc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let yaml = dir.join(format!("{tag}.yaml"));
    let out = loopwright_testkit::run_ok(
        Command::new(OPT)
            .arg("-S")
            .arg("-passes=loop-vectorize")
            .arg("-force-vector-width=4")
            .arg("-force-vector-interleave=1")
            .arg(format!("-pass-remarks-output={}", yaml.display()))
            .arg(path),
        run::TIMEOUT,
    );
    let ir = String::from_utf8_lossy(&out.stdout).into_owned();
    let remarks = std::fs::read_to_string(&yaml).expect("remarks");
    let _ = std::fs::remove_file(&yaml);
    let mut map: BTreeMap<String, Theirs> = BTreeMap::new();
    for doc in remarks.split("\n...") {
        let field = |k: &str| {
            doc.lines().find_map(|l| {
                l.strip_prefix(k)
                    .map(|r| r.trim().trim_matches('\'').to_string())
            })
        };
        let (Some(name), Some(func)) = (field("Name:"), field("Function:")) else {
            continue;
        };
        let e = map.entry(func).or_insert(Theirs {
            identified: None,
            remarks: Vec::new(),
            reductions: BTreeSet::new(),
        });
        match name.as_str() {
            "NonReductionValueUsedOutsideLoop" => e.identified = Some(false),
            "Vectorized" if e.identified.is_none() => e.identified = Some(true),
            _ => {}
        }
        e.remarks.push(name);
    }
    // The reductions of each function's vector code.
    let mut cur: Option<String> = None;
    for line in ir.lines() {
        if line.starts_with("define ") {
            cur = line
                .split('@')
                .nth(1)
                .and_then(|r| r.split('(').next())
                .map(str::to_string);
        }
        if let (Some(f), Some(pos)) = (&cur, line.find("@llvm.vector.reduce.")) {
            if line.trim_start().starts_with("declare") {
                continue;
            }
            let rest = &line[pos + "@llvm.vector.reduce.".len()..];
            let kind: String = rest.chars().take_while(|&c| c != '.').collect();
            if let Some(e) = map.get_mut(f) {
                e.reductions.insert(kind);
            }
        }
    }
    map
}

#[test]
fn descriptors_match_the_marks_and_opt19() {
    let llvm = have_llvm();
    let mut failures = Vec::new();
    let (mut total, mut compared) = (0, 0);
    for path in table_files() {
        let tag = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).expect("read");
        let marks = expectations(&text);
        let ours = ours(&path);
        let theirs = if llvm {
            theirs(&path, &tag)
        } else {
            BTreeMap::new()
        };
        for (func, &mark) in &marks {
            total += 1;
            let Some(o) = ours.get(func) else {
                failures.push(format!("{tag}: @{func} not analysed"));
                continue;
            };
            if o.identified != mark {
                failures.push(format!(
                    "{tag}: @{func}: loopwright says {}, marked {}:{}",
                    verdict(o.identified),
                    verdict(mark),
                    o.summary
                ));
            }
            if !llvm {
                continue;
            }
            compared += 1;
            let Some(t) = theirs.get(func) else {
                failures.push(format!("{tag}: @{func}: no remark from opt-19"));
                continue;
            };
            match t.identified {
                Some(x) if x == mark => {}
                Some(x) => failures.push(format!(
                    "{tag}: @{func}: opt-19 says {}, marked {}",
                    verdict(x),
                    verdict(mark)
                )),
                None => failures.push(format!(
                    "{tag}: @{func}: opt-19 neither vectorized nor rejected a phi: {:?}",
                    t.remarks
                )),
            }
            if t.identified == Some(true) && o.identified {
                let want: BTreeSet<String> = o.reductions.iter().map(|s| s.to_string()).collect();
                if want != t.reductions {
                    failures.push(format!(
                        "{tag}: @{func}: opt-19 reduces {:?}, loopwright describes {:?}:{}",
                        t.reductions, want, o.summary
                    ));
                }
            }
        }
    }
    eprintln!(
        "ivdesc_llvm: {total} loops, {compared} compared with opt-19, {} disagreements",
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    if llvm {
        floors::check_all(&[
            ("ivdesc_table_loops", total),
            ("ivdesc_table_compared", compared),
        ]);
    } else {
        floors::check("ivdesc_table_loops", total);
    }
}

#[test]
fn corpus_phis_match_opt19() {
    if !loopwright_testkit::require(&[OPT, CLANG, CLANGXX]) {
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut sources = matrix::sources(&root).expect("corpus sources");
    let kernels = root.join("bench/kernels");
    if let Ok(rd) = std::fs::read_dir(&kernels) {
        let mut ks: Vec<PathBuf> = rd
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "c"))
            .collect();
        ks.sort();
        sources.extend(ks.into_iter().map(|path| matrix::Source {
            path,
            lang: matrix::Lang::C,
            extra_flags: vec![format!("-I{}", kernels.display())],
        }));
    }
    const NO_VEC: &[&str] = &["-fno-vectorize", "-fno-slp-vectorize", "-fno-unroll-loops"];
    let variants: [(&str, &[&str]); 3] = [
        ("O2", &["-O2"]),
        ("O3", &["-O3"]),
        ("O2fast", &["-O2", "-ffast-math"]),
    ];
    let dir = std::env::temp_dir().join(format!("loopwright-ivdesc-corpus-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let (mut agree, mut skipped) = (0, 0);
    let mut failures = Vec::new();
    for src in &sources {
        for (name, flags) in variants {
            let tag = format!("{}.{name}", src.stem());
            let out = dir.join(format!("{tag}.ll"));
            let variant = matrix::Variant { name, flags };
            let mut cmd = src.compile_command(&variant, &out);
            cmd.args(NO_VEC);
            if !loopwright_testkit::run(&mut cmd, run::TIMEOUT).success() {
                // Sources that use strict floating-point pragmas do not
                // compile with -ffast-math.
                if name != "O2fast" {
                    failures.push(format!("{tag}: clang failed"));
                }
                continue;
            }
            let ours = ours(&out);
            let theirs = theirs(&out, &tag);
            for (func, o) in &ours {
                if o.innermost != 1 {
                    continue;
                }
                let Some(t) = theirs.get(func).and_then(|t| t.identified) else {
                    skipped += 1;
                    continue;
                };
                if t == o.identified {
                    agree += 1;
                } else {
                    failures.push(format!(
                        "{tag}: @{func}: opt-19 says {}, loopwright {}:{}",
                        verdict(t),
                        verdict(o.identified),
                        o.summary
                    ));
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!(
        "ivdesc_llvm corpus: {agree} loops agree, {} differ, {skipped} without a phi verdict from opt-19",
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    floors::check("ivdesc_corpus_agree", agree);
}

fn verdict(identified: bool) -> &'static str {
    if identified {
        "identified"
    } else {
        "unidentified"
    }
}
