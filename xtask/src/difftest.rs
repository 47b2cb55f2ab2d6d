//! `cargo xtask difftest`: differential testing of loopwright.
//!
//! Each random C program (from [`gen`], or from Debian's `csmith`) is
//! compiled by clang-19 to the IR loopwright sees (`-O1` or `-O2`), run
//! through loopwright, checked by `opt-19 -passes=verify`, and executed
//! with `lli-19` before and after; standard output and exit code must
//! agree. See `tests/difftest/README.md` for usage.
//!
//! Failure kinds ([`Kind`]) are disjoint; each failing case is saved as a
//! reproducer directory with the C source, `in.ll`, `out.ll`, both outputs
//! and a `repro.sh` holding the exact command lines. A pass that loopwright
//! does not implement yet stops the run as a harness error, not as
//! miscompiles.
//!
//! Invariant: a program's text, its `-O` level and its forced metadata are
//! functions of `(seed, index)` alone, so `--seed S` names a run and
//! `--seed S --programs N` replays any case in it.

mod exec;
mod force;
mod gen;
mod reduce;
mod rng;

use anyhow::{bail, ensure, Context, Result};
use exec::{Outcome, Status};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub const USAGE: &str = "\
usage: cargo xtask difftest [options]

  --programs N        programs to generate and check (default 100)
  --seed S            run seed (default 1); program i of seed S is fixed
  --passes PIPELINE   loopwright --passes=PIPELINE (default: its default)
  --force random      attach random forced !llvm.loop metadata first
  --input KIND        how in.ll is made (default preloop):
                        preloop: clang-19 -O3 -Xclang -disable-llvm-passes,
                        then opt-19 with LLVM's -O3 pipeline up to its loop
                        transformations (the IR loopwright sees in -O3);
                        O1, O2: clang-19 -O1/-O2 (loops already transformed
                        or marked unroll.disable); mix: O1 or O2 by program
  --opt LEVEL         the same as --input LEVEL
  --index I           check only program I of the seed (reproduces one case)
  --sanitize          also self-check every generated program (UBSan+ASan,
                      bounds-checked indices, gcc/clang agreement) first
  --min-loop-share P  harness error unless the passes under test transformed
                      at least P% of the input loops (default 50 for a
                      pipeline that unrolls, with the loops generator and at
                      least 20 programs; 0 turns it off)
  --min-program-share P
                      harness error unless at least P% of the programs had a
                      loop transformed (default 80, same conditions)
  --min-vectorized-programs P
                      harness error unless at least P% of the programs had a
                      loop vectorized (default 50 for a pipeline that runs
                      loop-vectorize, with the loops generator and at least
                      20 programs; 0 turns it off)
  --generator NAME    loops (default) or csmith (needs Debian's csmith)
  --jobs J            parallel programs (default 2)
  --keep DIR          keep every case in DIR (failures are always kept)
  --timeout SECS      lli-19 time limit per run (default 10)
  --selfcheck N       check N generated programs for UB and gcc/clang
                      agreement instead (UBSan+ASan, gcc -O0, clang -O0)
  --emit DIR          only write N generated programs to DIR
  --regressions       replay tests/difftest/regressions/*.ll (as the
                      xtask test `regressions` does)
  --reduce DIR        reduce the failing case in DIR (a reproducer)
    --creduce         reduce DIR/prog.c with creduce instead of the IR
    --save NAME       also store the result as
                      tests/difftest/regressions/NAME.ll";

const CLANG: &str = "clang-19";
const OPT: &str = "opt-19";
const LLI: &str = "lli-19";

/// Parsed command line.
#[derive(Clone, Debug)]
struct Opts {
    programs: u64,
    seed: u64,
    passes: Option<String>,
    force: bool,
    opt: OptLevel,
    index: Option<u64>,
    sanitize: bool,
    min_loop_share: Option<f64>,
    min_program_share: Option<f64>,
    min_vectorized_programs: Option<f64>,
    generator: Generator,
    jobs: usize,
    keep: Option<PathBuf>,
    timeout: Duration,
    selfcheck: Option<u64>,
    emit: Option<PathBuf>,
    reduce: Option<PathBuf>,
    creduce: bool,
    save: Option<String>,
    interesting: Option<PathBuf>,
    regressions: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum OptLevel {
    /// LLVM's -O3 up to its loop transformations.
    PreLoop,
    O1,
    O2,
    Mix,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Generator {
    Loops,
    Csmith,
}

fn parse_opts(args: &[String]) -> Result<Opts> {
    let mut o = Opts {
        programs: 100,
        seed: 1,
        passes: None,
        force: false,
        opt: OptLevel::PreLoop,
        index: None,
        sanitize: false,
        min_loop_share: None,
        min_program_share: None,
        min_vectorized_programs: None,
        generator: Generator::Loops,
        jobs: 2,
        keep: None,
        timeout: Duration::from_secs(10),
        selfcheck: None,
        emit: None,
        reduce: None,
        creduce: false,
        save: None,
        interesting: None,
        regressions: false,
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let (name, inline) = match a.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v.to_string())),
            _ => (a.as_str(), None),
        };
        let mut value = || -> Result<String> {
            match &inline {
                Some(v) => Ok(v.clone()),
                None => it
                    .next()
                    .cloned()
                    .with_context(|| format!("{name} needs a value")),
            }
        };
        let num = |s: String| -> Result<u64> {
            s.parse()
                .with_context(|| format!("{name} {s:?} is not a number"))
        };
        match name {
            "--programs" => o.programs = num(value()?)?,
            "--seed" => o.seed = num(value()?)?,
            "--passes" => o.passes = Some(value()?),
            "--force" => {
                let v = value()?;
                ensure!(v == "random", "--force takes `random`, not {v:?}");
                o.force = true;
            }
            "--opt" | "--input" => {
                o.opt = match value()?.as_str() {
                    "preloop" => OptLevel::PreLoop,
                    "O1" | "1" => OptLevel::O1,
                    "O2" | "2" => OptLevel::O2,
                    "mix" => OptLevel::Mix,
                    v => bail!("{name} takes preloop, O1, O2 or mix, not {v:?}"),
                }
            }
            "--index" => o.index = Some(num(value()?)?),
            "--sanitize" => o.sanitize = true,
            "--min-loop-share" | "--min-program-share" | "--min-vectorized-programs" => {
                let v = value()?;
                let p: f64 = v
                    .parse()
                    .ok()
                    .filter(|p: &f64| (0.0..=100.0).contains(p))
                    .with_context(|| format!("{name} takes a percentage, not {v:?}"))?;
                match name {
                    "--min-loop-share" => o.min_loop_share = Some(p),
                    "--min-program-share" => o.min_program_share = Some(p),
                    _ => o.min_vectorized_programs = Some(p),
                }
            }
            "--generator" => {
                o.generator = match value()?.as_str() {
                    "loops" => Generator::Loops,
                    "csmith" => Generator::Csmith,
                    v => bail!("--generator takes loops or csmith, not {v:?}"),
                }
            }
            "--jobs" => {
                o.jobs = usize::try_from(num(value()?)?)?;
                ensure!(o.jobs >= 1, "--jobs must be at least 1");
            }
            "--keep" => o.keep = Some(PathBuf::from(value()?)),
            "--timeout" => o.timeout = Duration::from_secs(num(value()?)?.max(1)),
            "--selfcheck" => o.selfcheck = Some(num(value()?)?),
            "--emit" => o.emit = Some(PathBuf::from(value()?)),
            "--reduce" => o.reduce = Some(PathBuf::from(value()?)),
            "--creduce" => o.creduce = true,
            "--regressions" => o.regressions = true,
            "--save" => {
                let v = value()?;
                ensure!(
                    !v.is_empty()
                        && v.chars()
                            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'),
                    "--save NAME must be letters, digits, - and _"
                );
                o.save = Some(v);
            }
            // Used by the creduce interestingness script.
            "--interesting" => o.interesting = Some(PathBuf::from(value()?)),
            _ => bail!("unexpected argument {a:?}\n{USAGE}"),
        }
    }
    Ok(o)
}

/// Entry point of `cargo xtask difftest ARGS`.
pub fn main(args: &[String]) -> Result<()> {
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return Ok(());
    }
    let o = parse_opts(args)?;
    if let Some(dir) = &o.interesting {
        // Exit status is the answer; no output on success.
        let yes = reduce::c_case_is_interesting(dir, Path::new("prog.c"))?;
        std::process::exit(if yes { 0 } else { 1 });
    }
    if let Some(dir) = &o.reduce {
        return reduce::reduce_case(dir, o.creduce, o.save.as_deref());
    }
    if let Some(dir) = &o.emit {
        std::fs::create_dir_all(dir).with_context(|| format!("create {}", dir.display()))?;
        for i in 0..o.programs {
            exec::write(
                &dir.join(format!("p{}_{i}.c", o.seed)),
                gen::generate(o.seed, i),
            )?;
        }
        println!(
            "difftest: wrote {} programs to {}",
            o.programs,
            dir.display()
        );
        return Ok(());
    }
    if let Some(n) = o.selfcheck {
        return selfcheck(o.seed, n, o.jobs, o.timeout);
    }
    if o.regressions {
        return replay_all();
    }
    run(&o)
}

// ---------------------------------------------------------------- paths

fn workspace_root() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    root.canonicalize().unwrap_or(root)
}

fn target_dir(root: &Path) -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(d) if !d.is_empty() => root.join(d),
        _ => root.join("target"),
    }
}

fn require(tools: &[&str]) -> Result<()> {
    let missing: Vec<&str> = tools
        .iter()
        .copied()
        .filter(|t| !exec::tool_available(t))
        .collect();
    ensure!(
        missing.is_empty(),
        "{} not found on PATH; install with: apt-get install llvm-19 clang-19 gcc",
        missing.join(", ")
    );
    Ok(())
}

// ---------------------------------------------------------------- selfcheck

/// Flags every native build in the self-check shares: no warnings, and no
/// floating-point contraction so that gcc and clang round alike.
/// `DIFFTEST_CHECK_INDEX` turns on the generator's bounds checks.
const NATIVE_FLAGS: &[&str] = &[
    "-w",
    "-std=c11",
    "-ffp-contract=off",
    "-DDIFFTEST_CHECK_INDEX",
];
const SAN_FLAGS: &[&str] = &[
    "-O1",
    "-g",
    "-fsanitize=undefined,address,float-divide-by-zero",
    "-fno-sanitize-recover=all",
];

/// Whether clang-19 can link a sanitized program (the runtime is a
/// separate Debian package).
fn sanitizers_available(dir: &Path) -> bool {
    let src = dir.join("san-probe.c");
    let bin = dir.join("san-probe");
    if exec::write(&src, "int main(void) { return 0; }\n").is_err() {
        return false;
    }
    let o = exec::run(
        Command::new(CLANG)
            .args(SAN_FLAGS)
            .arg(&src)
            .arg("-o")
            .arg(&bin),
        Duration::from_secs(60),
    );
    o.ok()
}

/// The verdict of the self-check on one program.
#[derive(Debug)]
pub(crate) struct SelfcheckResult {
    /// `None` when the program is fine; else what went wrong.
    pub problem: Option<String>,
}

/// Compiles and runs one C file natively with gcc -O0, clang -O0 and (when
/// `sanitize`) clang -O1 with UBSan+ASan; all must exit 0 and agree.
fn selfcheck_one(src: &Path, dir: &Path, sanitize: bool, timeout: Duration) -> SelfcheckResult {
    let mut builds: Vec<(&str, Vec<&str>, &str)> = vec![
        ("gcc", vec!["-O0"], "gcc -O0"),
        (CLANG, vec!["-O0"], "clang-19 -O0"),
    ];
    if sanitize {
        builds.push((CLANG, SAN_FLAGS.to_vec(), "clang-19 -O1 UBSan+ASan"));
    }
    let mut reference: Option<(String, Outcome)> = None;
    for (k, (cc, flags, label)) in builds.iter().enumerate() {
        let bin = dir.join(format!("bin{k}"));
        let mut cmd = Command::new(cc);
        cmd.args(NATIVE_FLAGS)
            .args(flags)
            .arg(src)
            .arg("-o")
            .arg(&bin);
        let o = exec::run(&mut cmd, Duration::from_secs(120));
        if !o.ok() {
            return SelfcheckResult {
                problem: Some(format!(
                    "{label} does not compile it ({}):\n{}",
                    o.status,
                    o.stderr_head(20)
                )),
            };
        }
        let mut run = Command::new(&bin);
        run.env("ASAN_OPTIONS", "detect_leaks=0")
            .env("UBSAN_OPTIONS", "print_stacktrace=1");
        let r = exec::run(&mut run, timeout);
        let _ = std::fs::remove_file(&bin);
        if !r.ok() {
            return SelfcheckResult {
                problem: Some(format!(
                    "the {label} build fails ({}):\n{}",
                    r.status,
                    r.stderr_head(20)
                )),
            };
        }
        match &reference {
            None => reference = Some((label.to_string(), r)),
            Some((ref_label, ref_out)) => {
                if ref_out.stdout != r.stdout {
                    return SelfcheckResult {
                        problem: Some(format!(
                            "{ref_label} and {label} disagree:\n{}",
                            first_difference(&ref_out.stdout, &r.stdout)
                        )),
                    };
                }
            }
        }
    }
    SelfcheckResult { problem: None }
}

/// The first differing line of two outputs, for messages.
fn first_difference(a: &[u8], b: &[u8]) -> String {
    let a = String::from_utf8_lossy(a);
    let b = String::from_utf8_lossy(b);
    let mut la = a.lines();
    let mut lb = b.lines();
    let mut n = 1;
    loop {
        match (la.next(), lb.next()) {
            (Some(x), Some(y)) if x == y => n += 1,
            (None, None) => return "outputs are equal".into(),
            (x, y) => {
                return format!(
                    "line {n}: expected {:?}, got {:?}",
                    x.unwrap_or("<end of output>"),
                    y.unwrap_or("<end of output>")
                )
            }
        }
    }
}

fn selfcheck(seed: u64, n: u64, jobs: usize, timeout: Duration) -> Result<()> {
    require(&[CLANG, "gcc"])?;
    let root = workspace_root();
    let dir = target_dir(&root)
        .join("difftest")
        .join(format!("selfcheck-{seed}"));
    std::fs::create_dir_all(&dir).with_context(|| format!("create {}", dir.display()))?;
    let sanitize = sanitizers_available(&dir);
    if !sanitize {
        println!(
            "difftest: notice: clang-19 cannot link UBSan/ASan programs; checking gcc/clang \
             agreement only (install the runtime with: apt-get install libclang-rt-19-dev)"
        );
    }
    let start = Instant::now();
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed) as u64;
                if i >= n {
                    break;
                }
                let case = dir.join(format!("p{seed}_{i}"));
                let r = (|| -> Result<SelfcheckResult> {
                    std::fs::create_dir_all(&case)?;
                    let src = case.join("prog.c");
                    exec::write(&src, gen::generate(seed, i))?;
                    Ok(selfcheck_one(&src, &case, sanitize, timeout))
                })();
                let problem = match r {
                    Ok(r) => r.problem,
                    Err(e) => Some(format!("{e:#}")),
                };
                match problem {
                    None => {
                        let _ = std::fs::remove_dir_all(&case);
                    }
                    Some(p) => {
                        println!("FAIL p{seed}_{i} ({}): {p}", case.display());
                        lock(&failures).push(i);
                    }
                }
            });
        }
    });
    let failed = lock(&failures).len() as u64;
    println!(
        "difftest selfcheck: {n} programs in {:.1} s{}",
        start.elapsed().as_secs_f64(),
        if sanitize {
            ""
        } else {
            " (without sanitizers)"
        }
    );
    println!("{} passed, {failed} failed", n - failed);
    ensure!(
        failed == 0,
        "{failed} generated programs failed the self-check"
    );
    Ok(())
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

// ---------------------------------------------------------------- run

/// Why a case failed. The kinds are disjoint and checked in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Kind {
    /// clang-19 rejected a generated program (a generator bug).
    Generator,
    /// `--sanitize`: a generated program is not well defined (UBSan, ASan,
    /// an index bound or a gcc/clang disagreement; a generator bug).
    GeneratorUb,
    /// `lli-19 in.ll` failed or timed out (a generator bug; csmith
    /// programs are skipped instead).
    BadReference,
    /// loopwright crashed (signal, panic) or hung.
    LoopwrightCrash,
    /// loopwright exited with an error on valid input.
    LoopwrightError,
    /// `opt-19 -passes=verify` rejects loopwright's output.
    InvalidOutput,
    /// `lli-19 out.ll` timed out while `in.ll` did not.
    Timeout,
    /// Standard output or exit code differ.
    Miscompile,
}

impl Kind {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Kind::Generator => "generator",
            Kind::GeneratorUb => "generator-ub",
            Kind::BadReference => "bad-reference",
            Kind::LoopwrightCrash => "loopwright-crash",
            Kind::LoopwrightError => "loopwright-error",
            Kind::InvalidOutput => "invalid-output",
            Kind::Timeout => "timeout",
            Kind::Miscompile => "miscompile",
        }
    }

    pub(crate) fn from_name(s: &str) -> Option<Kind> {
        [
            Kind::Generator,
            Kind::GeneratorUb,
            Kind::BadReference,
            Kind::LoopwrightCrash,
            Kind::LoopwrightError,
            Kind::InvalidOutput,
            Kind::Timeout,
            Kind::Miscompile,
        ]
        .into_iter()
        .find(|k| k.name() == s)
    }
}

/// The verdict on one module.
#[derive(Debug)]
pub(crate) enum Verdict {
    Pass,
    Fail(Kind, String),
    /// The harness cannot do its job (e.g. the pass is not implemented).
    Harness(String),
}

/// How to run loopwright.
#[derive(Clone, Debug)]
pub(crate) struct Setup {
    pub lw: PathBuf,
    pub passes: Option<String>,
    /// Limit for each lli-19 run.
    pub timeout: Duration,
    /// Accept any exit code of `lli-19 in.ll` (reduced modules may return
    /// garbage from `main`); signals and timeouts stay bad references.
    pub any_exit: bool,
    /// Have loopwright write its remarks to `remarks.yaml` (what the
    /// passes did, for [`Effect`]).
    pub remarks: bool,
}

impl Setup {
    pub(crate) fn loopwright_cmd(&self, dir: &Path, input: &str, output: &str) -> Command {
        let mut c = Command::new(&self.lw);
        if let Some(p) = &self.passes {
            c.arg(format!("--passes={p}"));
        }
        if self.remarks {
            c.arg(format!("-pass-remarks-output={REMARKS_FILE}"));
        }
        c.arg(input).arg("-o").arg(output).current_dir(dir);
        c
    }
}

/// Where loopwright writes its YAML remarks in a case directory.
const REMARKS_FILE: &str = "remarks.yaml";

/// What the passes under test did to one program: the loops of `in.ll`
/// and loopwright's `!Passed` remarks (one per transformation of a loop).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Effect {
    /// Loops in `in.ll`, at every depth.
    pub loops: u64,
    /// `!Passed` remarks by (pass, remark name), e.g.
    /// (`loop-unroll`, `FullyUnrolled`).
    pub passed: std::collections::BTreeMap<(String, String), u64>,
    /// Loops `loop-vectorize` transformed, by (vectorization width,
    /// interleave count) as its `Vectorized` and `Interleaved` remarks
    /// give them (width 1: interleaved only).
    pub vectorized: std::collections::BTreeMap<(u64, u64), u64>,
    /// What the vectorized loops contained, counted in `out.ll` by the
    /// names the transform gives (as opt-19 does).
    pub vector_shapes: VectorShapes,
}

/// Shapes of vectorized loops found in an output module by their names:
/// blocks `vector.memcheck` and `vector.scevcheck` (run-time alias and
/// SCEV-predicate checks) and `vec.epilog.vector.body` (a vectorized
/// epilogue's loop), phis `%vec.phi` (a reduction's vector accumulator)
/// and `%vector.recur` (a fixed-order recurrence). A later
/// pass may copy them (the unroller copies a check block with its loop's
/// preheader code only when it unrolls an enclosing loop), so these are
/// counts of what the output holds, not exactly of loops.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct VectorShapes {
    pub memchecks: u64,
    pub scevchecks: u64,
    pub epilogues: u64,
    pub reductions: u64,
    pub recurrences: u64,
}

impl VectorShapes {
    /// Counts the shapes in the text of a module.
    pub(crate) fn of_module(text: &str) -> VectorShapes {
        // `NAME` plus the digits the printer adds to make it unique.
        fn named<'t>(s: &'t str, name: &str) -> Option<&'t str> {
            s.strip_prefix(name)
                .map(|rest| rest.trim_start_matches(|c: char| c.is_ascii_digit()))
        }
        let mut v = VectorShapes::default();
        for line in text.lines() {
            if let Some(rest) = named(line, "vector.memcheck") {
                v.memchecks += u64::from(rest.starts_with(':'));
            } else if let Some(rest) = named(line, "vector.scevcheck") {
                v.scevchecks += u64::from(rest.starts_with(':'));
            } else if let Some(rest) = named(line, "vec.epilog.vector.body") {
                v.epilogues += u64::from(rest.starts_with(':'));
            } else if let Some(def) = line.trim_start().strip_prefix('%') {
                if named(def, "vec.phi").is_some_and(|r| r.starts_with(" = phi ")) {
                    v.reductions += 1;
                } else if named(def, "vector.recur").is_some_and(|r| r.starts_with(" = phi ")) {
                    v.recurrences += 1;
                }
            }
        }
        v
    }

    fn add(&mut self, o: &VectorShapes) {
        self.memchecks += o.memchecks;
        self.scevchecks += o.scevchecks;
        self.epilogues += o.epilogues;
        self.reductions += o.reductions;
        self.recurrences += o.recurrences;
    }
}

impl Effect {
    /// Reads `dir/in.ll` and `dir/remarks.yaml`.
    pub(crate) fn read(dir: &Path) -> std::result::Result<Effect, String> {
        let ir = std::fs::read(dir.join("in.ll")).map_err(|e| format!("read in.ll: {e}"))?;
        let yaml = std::fs::read_to_string(dir.join(REMARKS_FILE))
            .map_err(|e| format!("read {REMARKS_FILE}: {e}"))?;
        Ok(Effect {
            loops: count_loops(&ir)?,
            passed: passed_remarks(&yaml),
            vectorized: vectorized_loops(&yaml),
            vector_shapes: std::fs::read_to_string(dir.join("out.ll"))
                .map(|t| VectorShapes::of_module(&t))
                .unwrap_or_default(),
        })
    }

    /// Loops vectorized or interleaved by `loop-vectorize`.
    pub(crate) fn vectorized_loops(&self) -> u64 {
        self.vectorized.values().sum()
    }

    /// Transformations of loops (a loop peeled and then unrolled counts
    /// twice), at most one per loop. `TTI DontUnroll` (LLVM's advice
    /// against unrolling a loop with a call, a `!Passed` remark) is no
    /// transformation.
    pub(crate) fn transformed_loops(&self) -> u64 {
        self.passed
            .iter()
            .filter(|((pass, _), _)| pass != "TTI")
            .map(|(_, n)| n)
            .sum::<u64>()
            .min(self.loops)
    }
}

/// The number of loops, at every depth, in the functions of a module.
fn count_loops(ir: &[u8]) -> std::result::Result<u64, String> {
    use loopwright_analysis::{ControlFlowGraph, DominatorTree, LoopForest};
    let m = loopwright_parse::parse_module(ir, "in.ll")
        .map_err(|e| format!("loopwright cannot parse in.ll: {e}"))?;
    Ok(m.functions
        .values()
        .filter(|f| !f.is_declaration())
        .map(|f| {
            let cfg = ControlFlowGraph::compute(f);
            let dt = DominatorTree::compute(&cfg);
            LoopForest::compute(&cfg, &dt).len() as u64
        })
        .sum())
}

/// Counts the `!Passed` documents of a YAML remark file by pass and name.
fn passed_remarks(yaml: &str) -> std::collections::BTreeMap<(String, String), u64> {
    let mut out = std::collections::BTreeMap::new();
    let mut passed = false;
    let (mut pass, mut name) = (None::<&str>, None::<&str>);
    let mut flush = |passed: bool, pass: Option<&str>, name: Option<&str>| {
        if let (true, Some(p), Some(n)) = (passed, pass, name) {
            *out.entry((p.to_string(), n.to_string())).or_insert(0) += 1;
        }
    };
    for line in yaml.lines() {
        if let Some(tag) = line.strip_prefix("--- ") {
            flush(passed, pass, name);
            passed = tag.trim() == "!Passed";
            pass = None;
            name = None;
        } else if let Some(v) = line.strip_prefix("Pass:") {
            pass = Some(v.trim());
        } else if let Some(v) = line.strip_prefix("Name:") {
            name = Some(v.trim());
        }
    }
    flush(passed, pass, name);
    out
}

/// Counts `loop-vectorize`'s `!Passed` remarks (`Vectorized`, and
/// `Interleaved` as width 1) by their `VectorizationFactor` and
/// `InterleaveCount` arguments. A remark without a readable count is
/// counted with 0 in its place, so no transformed loop goes uncounted.
fn vectorized_loops(yaml: &str) -> std::collections::BTreeMap<(u64, u64), u64> {
    let mut out = std::collections::BTreeMap::new();
    for doc in yaml.split("\n--- ") {
        let doc = doc.strip_prefix("--- ").unwrap_or(doc);
        let mut lines = doc.lines();
        if lines.next().map(str::trim) != Some("!Passed") {
            continue;
        }
        let field = |key: &str| {
            doc.lines().find_map(|l| {
                let l = l.trim_start().trim_start_matches("- ");
                l.strip_prefix(key)
                    .and_then(|v| v.strip_prefix(':'))
                    .map(|v| v.trim().trim_matches('\''))
            })
        };
        if field("Pass") != Some("loop-vectorize") {
            continue;
        }
        let num = |key: &str| field(key).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
        let vf = match field("Name") {
            Some("Vectorized") => num("VectorizationFactor"),
            Some("Interleaved") => 1,
            _ => continue,
        };
        *out.entry((vf, num("InterleaveCount"))).or_insert(0) += 1;
    }
    out
}

/// lli-19 flags for a fast compile: `-O0` alone keeps the slow selector.
const FAST_LLI: &[&str] = &["-O0", "--fast-isel"];

fn lli_cmd(dir: &Path, file: &str) -> Command {
    let mut c = Command::new(LLI);
    c.arg(file).current_dir(dir);
    c
}

fn verify_cmd(dir: &Path, file: &str) -> Command {
    let mut c = Command::new(OPT);
    c.args(["-passes=verify", "-disable-output", file])
        .current_dir(dir);
    c
}

/// Mixed into the seed of the `--force` generator of a program.
const FORCE_SALT: u64 = 0x0066_6f72_6365;

/// Markers in loopwright's error for a registered pass without code.
const NOT_IMPLEMENTED: &[&str] = &["has no implementation", "does not implement"];

/// Runs loopwright with the pipeline on a trivial module: a pipeline it
/// cannot run at all is a harness error, reported once before any program.
fn probe_pipeline(setup: &Setup, dir: &Path) -> Result<()> {
    exec::write(
        &dir.join("probe.ll"),
        "define i32 @main() {\nentry:\n  ret i32 0\n}\n",
    )?;
    let o = exec::run(
        &mut setup.loopwright_cmd(dir, "probe.ll", "probe.out.ll"),
        Duration::from_secs(60),
    );
    ensure!(
        o.ok(),
        "harness error (no program was run): loopwright {} fails on a trivial module ({}):\n{}",
        setup.passes.as_deref().map_or_else(
            || "with its default pipeline".to_string(),
            |p| format!("--passes={p}")
        ),
        o.status,
        o.stderr_head(5)
    );
    Ok(())
}

/// Checks `dir/in.ll`: loopwright to `dir/out.ll`, verify, run both.
/// Writes the outputs next to them for the reproducer.
pub(crate) fn check_ir(setup: &Setup, dir: &Path) -> Verdict {
    let save = |name: &str, bytes: &[u8]| {
        let _ = std::fs::write(dir.join(name), bytes);
    };
    let reference = exec::run(&mut lli_cmd(dir, "in.ll"), setup.timeout);
    save("expected.txt", &reference.stdout);
    save("lli-in.stderr", &reference.stderr);
    match &reference.status {
        Status::Exited(_) => {}
        other => {
            return Verdict::Fail(
                Kind::BadReference,
                format!("lli-19 in.ll {other}:\n{}", reference.stderr_head(10)),
            )
        }
    }
    if !reference.ok() && !setup.any_exit {
        return Verdict::Fail(
            Kind::BadReference,
            format!(
                "lli-19 in.ll: {}:\n{}",
                reference.status,
                reference.stderr_head(10)
            ),
        );
    }

    let _ = std::fs::remove_file(dir.join("out.ll"));
    let lw = exec::run(
        &mut setup.loopwright_cmd(dir, "in.ll", "out.ll"),
        Duration::from_secs(120),
    );
    save("loopwright.stderr", &lw.stderr);
    match &lw.status {
        Status::Exited(0) => {}
        Status::Exited(1)
            if NOT_IMPLEMENTED
                .iter()
                .any(|m| String::from_utf8_lossy(&lw.stderr).contains(m)) =>
        {
            return Verdict::Harness(format!(
                "loopwright cannot run this pipeline: {}",
                lw.stderr_head(3)
            ))
        }
        Status::NotRun(e) => return Verdict::Harness(format!("cannot run loopwright: {e}")),
        Status::Exited(1) => {
            return Verdict::Fail(
                Kind::LoopwrightError,
                format!("loopwright rejected in.ll:\n{}", lw.stderr_head(10)),
            )
        }
        other => {
            return Verdict::Fail(
                Kind::LoopwrightCrash,
                format!("loopwright {other}:\n{}", lw.stderr_head(10)),
            )
        }
    }

    let verify = exec::run(&mut verify_cmd(dir, "out.ll"), Duration::from_secs(60));
    save("verify.stderr", &verify.stderr);
    if !verify.ok() {
        return Verdict::Fail(
            Kind::InvalidOutput,
            format!(
                "opt-19 -passes=verify rejects out.ll ({}):\n{}",
                verify.status,
                verify.stderr_head(10)
            ),
        );
    }

    let same_text = match (
        std::fs::read(dir.join("in.ll")),
        std::fs::read(dir.join("out.ll")),
    ) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    let mut actual = if same_text {
        reference.clone()
    } else {
        exec::run(&mut lli_cmd(dir, "out.ll"), setup.timeout)
    };
    let mut note = String::new();
    let lines = |f: &str| {
        std::fs::read(dir.join(f)).map_or(0, |b| b.iter().filter(|&&c| c == b'\n').count())
    };
    let mut retry_limit = setup.timeout;
    if actual.status == Status::Timeout {
        // lli's default (-O2) JIT codegen can take many seconds on a
        // legitimately fully unrolled module: retry with fast instruction
        // selection and a limit that grows with the code (at most 6x).
        let growth = lines("out.ll") as f64 / lines("in.ll").max(1) as f64;
        retry_limit = setup.timeout.mul_f64(growth.clamp(1.0, 6.0));
        let mut fast = Command::new(LLI);
        // Flags before the file: what follows it is the program's argv.
        fast.args(FAST_LLI).arg("out.ll").current_dir(dir);
        actual = exec::run(&mut fast, retry_limit);
        note = format!(
            "\n(lli-19 out.ll timed out; this is `lli-19 {} out.ll`)",
            FAST_LLI.join(" ")
        );
    }
    if actual.status == Status::Timeout {
        // Still too slow: lli compiles the whole module before it runs, and
        // a large unrolled `main` can take it minutes. Compile it ahead of
        // time (clang-19 -O0: llc-19's code generator, plus the link) and
        // run the executable with the same limit.
        let build = exec::run(
            Command::new(CLANG)
                .args(["-O0", "-w", "out.ll", "-o", "out.native", "-lm"])
                .current_dir(dir),
            Duration::from_secs(300),
        );
        if build.ok() {
            let native = exec::run(
                // An absolute path: a relative one with `current_dir` is
                // ambiguous.
                Command::new(
                    dir.canonicalize()
                        .unwrap_or_else(|_| dir.to_path_buf())
                        .join("out.native"),
                )
                .current_dir(dir),
                retry_limit,
            );
            if native.status != Status::Timeout {
                actual = native;
                note = "\n(lli-19 out.ll timed out, also with -O0 --fast-isel; this is out.ll \
                        compiled by clang-19 -O0 and run natively)"
                    .to_owned();
            }
        }
    }
    save("actual.txt", &actual.stdout);
    save("lli-out.stderr", &actual.stderr);
    if actual.status == Status::Timeout {
        return Verdict::Fail(
            Kind::Timeout,
            format!(
                "lli-19 out.ll timed out after {} s, and after {:.0} s with {} and as a native executable (in.ll: {} lines, out.ll: {} lines)",
                setup.timeout.as_secs(),
                retry_limit.as_secs_f64(),
                FAST_LLI.join(" "),
                lines("in.ll"),
                lines("out.ll")
            ),
        );
    }
    if actual.status != reference.status || actual.stdout != reference.stdout {
        let mut msg = String::new();
        if actual.status != reference.status {
            msg.push_str(&format!(
                "in.ll: {}, out.ll: {}\n",
                reference.status, actual.status
            ));
        }
        msg.push_str(&first_difference(&reference.stdout, &actual.stdout));
        msg.push_str(&note);
        let err = actual.stderr_head(5);
        if !err.is_empty() {
            msg.push('\n');
            msg.push_str(&err);
        }
        return Verdict::Fail(Kind::Miscompile, msg);
    }
    Verdict::Pass
}

/// How program `index` of run `seed` is compiled: [`PRELOOP`], `-O1` or
/// `-O2`.
fn opt_level_for(o: &Opts, index: u64) -> &'static str {
    match o.opt {
        OptLevel::PreLoop => PRELOOP,
        OptLevel::O1 => "-O1",
        OptLevel::O2 => "-O2",
        OptLevel::Mix => {
            if rng::Rng::for_program(o.seed ^ 0x6f70_745f_6c76_6c00, index).next_u64() & 1 == 0 {
                "-O1"
            } else {
                "-O2"
            }
        }
    }
}

/// The input level that runs LLVM's -O3 up to its loop transformations.
pub(crate) const PRELOOP: &str = "preloop";

/// LLVM 19's -O3 pipeline up to its loop transformations, without
/// `loop-unroll-full` (the `before` half of `cargo xtask bench`'s split,
/// `loopwright::llvm_pipeline::LoopSplit`): the IR loopwright sees when it
/// stands in for LLVM's loop passes. Asked of opt-19 once per process.
pub(crate) fn preloop_pipeline() -> Result<&'static str> {
    static PIPELINE: std::sync::OnceLock<std::result::Result<String, String>> =
        std::sync::OnceLock::new();
    PIPELINE
        .get_or_init(|| {
            crate::bench::o3_split()
                .map(|s| s.before)
                .map_err(|e| format!("{e:#}"))
        })
        .as_deref()
        .map_err(|e| anyhow::anyhow!("the pre-loop pipeline: {e}"))
}

/// The commands that compile `dir/prog.c` to `dir/clang.ll` at `level`, in
/// order: clang-19, and for [`PRELOOP`] then opt-19.
pub(crate) fn frontend_cmds(dir: &Path, level: &str, csmith: bool) -> Result<Vec<Command>> {
    let mut c = Command::new(CLANG);
    if level == PRELOOP {
        c.args(["-O3", "-Xclang", "-disable-llvm-passes"]);
    } else {
        c.arg(level);
    }
    c.args(["-S", "-emit-llvm", "-fno-discard-value-names", "-w"]);
    if csmith {
        c.arg(format!("-I{CSMITH_INCLUDE}"));
    }
    let clang_out = if level == PRELOOP {
        "pre.ll"
    } else {
        "clang.ll"
    };
    c.args(["prog.c", "-o", clang_out]).current_dir(dir);
    let mut cmds = vec![c];
    if level == PRELOOP {
        let mut opt = Command::new(OPT);
        opt.arg(format!("-passes={}", preloop_pipeline()?))
            .args(["-S", "pre.ll", "-o", "clang.ll"])
            .current_dir(dir);
        cmds.push(opt);
    }
    Ok(cmds)
}

/// Why the front end did not produce `clang.ll`.
pub(crate) enum FrontendError {
    /// clang-19 rejected the program.
    Clang(String),
    /// opt-19's pre-loop pipeline failed on clang's output.
    Opt(String),
    /// The harness could not run them.
    Harness(String),
}

/// Runs [`frontend_cmds`].
pub(crate) fn run_frontend(
    dir: &Path,
    level: &str,
    csmith: bool,
) -> std::result::Result<(), FrontendError> {
    let cmds =
        frontend_cmds(dir, level, csmith).map_err(|e| FrontendError::Harness(format!("{e:#}")))?;
    for (k, mut cmd) in cmds.into_iter().enumerate() {
        let o = exec::run(&mut cmd, Duration::from_secs(120));
        if let Status::NotRun(e) = &o.status {
            return Err(FrontendError::Harness(format!(
                "cannot run {}: {e}",
                exec::shell_line(&cmd)
            )));
        }
        if !o.ok() {
            let msg = format!(
                "{} ({}):\n{}",
                exec::shell_line(&cmd),
                o.status,
                o.stderr_head(10)
            );
            return Err(if k == 0 {
                FrontendError::Clang(msg)
            } else {
                FrontendError::Opt(msg)
            });
        }
    }
    Ok(())
}

const CSMITH_INCLUDE: &str = "/usr/include/csmith";

fn csmith_cmd(dir: &Path, seed: u64, index: u64) -> Command {
    let s = rng::Rng::for_program(seed ^ 0x6373_6d69_7468, index).next_u64() as u32;
    let mut c = Command::new("csmith");
    c.args(["--seed", &s.to_string()])
        .args(["--max-funcs", "4", "--no-volatiles", "--no-packed-struct"])
        .args(["-o", "prog.c"])
        .current_dir(dir);
    c
}

/// The result of one program.
enum CaseResult {
    /// Passed; what the passes did, when it could be read.
    Pass(Option<Effect>),
    Skip,
    Fail(Kind, String),
    Harness(String),
}

struct Run<'a> {
    o: &'a Opts,
    setup: Setup,
    work: PathBuf,
    failures: PathBuf,
    keep_all: bool,
    /// `--sanitize`: self-check each generated program first (`true`: with
    /// the sanitizer runtime).
    selfcheck: Option<bool>,
    abort: AtomicBool,
}

impl Run<'_> {
    fn case(&self, index: u64) -> CaseResult {
        let name = format!("p{}_{index}", self.o.seed);
        let dir = self.work.join(&name);
        let r = self.case_in(index, &dir);
        let keep = self.keep_all || matches!(r, CaseResult::Fail(..));
        if let CaseResult::Fail(kind, msg) = &r {
            let dest = self.failures.join(&name);
            if let Err(e) = self.write_reproducer(index, &dir, *kind, msg) {
                eprintln!("difftest: cannot write the reproducer for {name}: {e:#}");
            }
            if dest != dir {
                let _ = std::fs::remove_dir_all(&dest);
                let _ = std::fs::create_dir_all(&self.failures);
                if std::fs::rename(&dir, &dest).is_err() {
                    eprintln!(
                        "difftest: cannot move {} to {}",
                        dir.display(),
                        dest.display()
                    );
                }
            }
        }
        if !keep {
            let _ = std::fs::remove_dir_all(&dir);
        }
        r
    }

    fn case_in(&self, index: u64, dir: &Path) -> CaseResult {
        let o = self.o;
        if let Err(e) = std::fs::create_dir_all(dir) {
            return CaseResult::Harness(format!("create {}: {e}", dir.display()));
        }
        let csmith = o.generator == Generator::Csmith;
        if csmith {
            let r = exec::run(&mut csmith_cmd(dir, o.seed, index), Duration::from_secs(60));
            // Some seeds make csmith search without end: that program is
            // skipped, as one clang cannot compile is.
            if r.status == exec::Status::Timeout {
                return CaseResult::Skip;
            }
            if !r.ok() {
                return CaseResult::Harness(format!(
                    "csmith failed ({}): {}",
                    r.status,
                    r.stderr_head(5)
                ));
            }
        } else if let Err(e) = exec::write(&dir.join("prog.c"), gen::generate(o.seed, index)) {
            return CaseResult::Harness(format!("{e:#}"));
        } else if let Some(sanitize) = self.selfcheck {
            let r = selfcheck_one(&dir.join("prog.c"), dir, sanitize, o.timeout);
            if let Some(p) = r.problem {
                return CaseResult::Fail(Kind::GeneratorUb, p);
            }
        }
        let level = opt_level_for(o, index);
        match run_frontend(dir, level, csmith) {
            Ok(()) => {}
            Err(_) if csmith => return CaseResult::Skip,
            Err(FrontendError::Clang(m)) => {
                return CaseResult::Fail(Kind::Generator, format!("clang-19 rejects prog.c: {m}"))
            }
            Err(FrontendError::Opt(m)) => {
                return CaseResult::Fail(
                    Kind::BadReference,
                    format!("opt-19's pre-loop pipeline fails on clang's output: {m}"),
                )
            }
            Err(FrontendError::Harness(m)) => return CaseResult::Harness(m),
        }
        let ir = match std::fs::read(dir.join("clang.ll")) {
            Ok(b) => b,
            Err(e) => return CaseResult::Harness(format!("read clang.ll: {e}")),
        };
        let input = if o.force {
            let mut r = rng::Rng::for_program(o.seed ^ FORCE_SALT, index);
            match force::inject(&ir, "clang.ll", &mut r) {
                Ok((text, notes)) => {
                    let _ = exec::write(&dir.join("force.txt"), notes.join("\n") + "\n");
                    text.into_bytes()
                }
                Err(e) => return CaseResult::Harness(format!("--force: {e:#}")),
            }
        } else {
            ir
        };
        if let Err(e) = exec::write(&dir.join("in.ll"), &input) {
            return CaseResult::Harness(format!("{e:#}"));
        }
        match check_ir(&self.setup, dir) {
            // The remarks tell what the passes did; a case whose effect
            // cannot be read still passed.
            Verdict::Pass => CaseResult::Pass(Effect::read(dir).ok()),
            Verdict::Fail(Kind::BadReference, _) if csmith => CaseResult::Skip,
            Verdict::Fail(k, m) => CaseResult::Fail(k, m),
            Verdict::Harness(m) => CaseResult::Harness(m),
        }
    }

    fn write_reproducer(&self, index: u64, dir: &Path, kind: Kind, msg: &str) -> Result<()> {
        let o = self.o;
        let level = opt_level_for(o, index);
        let csmith = o.generator == Generator::Csmith;
        let mut sh = String::new();
        sh.push_str("#!/bin/sh\n");
        sh.push_str(&format!(
            "# difftest reproducer: {} (seed {}, program {index})\n",
            kind.name(),
            o.seed
        ));
        for l in msg.lines().take(6) {
            sh.push_str(&format!("#   {l}\n"));
        }
        sh.push_str("cd \"$(dirname \"$0\")\"\n");
        if csmith {
            sh.push_str(&format!(
                "# {}\n",
                exec::shell_line(&csmith_cmd(dir, o.seed, index))
            ));
        }
        for cmd in frontend_cmds(dir, level, csmith)? {
            sh.push_str(&exec::shell_line(&cmd));
            sh.push('\n');
        }
        if o.force {
            sh.push_str(
                "# in.ll is clang.ll with random forced !llvm.loop metadata (see force.txt)\n",
            );
        } else {
            sh.push_str("cp clang.ll in.ll\n");
        }
        sh.push_str(&exec::shell_line(
            &self.setup.loopwright_cmd(dir, "in.ll", "out.ll"),
        ));
        sh.push('\n');
        sh.push_str(&exec::shell_line(&verify_cmd(dir, "out.ll")));
        sh.push('\n');
        sh.push_str("lli-19 in.ll > expected.txt; echo \"in.ll: exit $?\"\n");
        sh.push_str("lli-19 out.ll > actual.txt; echo \"out.ll: exit $?\"\n");
        sh.push_str("# if that times out, difftest retries with: lli-19 -O0 --fast-isel out.ll\n");
        sh.push_str(
            "# and then natively: clang-19 -O0 -w out.ll -o out.native -lm && ./out.native\n",
        );
        sh.push_str("diff expected.txt actual.txt\n");
        exec::write(&dir.join("repro.sh"), sh)?;
        let mut case = String::new();
        case.push_str(&format!("kind={}\n", kind.name()));
        case.push_str(&format!("seed={}\nindex={index}\n", o.seed));
        case.push_str(&format!("opt={level}\n"));
        case.push_str(&format!(
            "generator={}\n",
            if csmith { "csmith" } else { "loops" }
        ));
        case.push_str(&format!("force={}\n", o.force));
        if let Some(p) = &o.passes {
            case.push_str(&format!("passes={p}\n"));
        }
        case.push_str(&format!("loopwright={}\n", self.setup.lw.display()));
        exec::write(&dir.join("case.txt"), case)?;
        exec::write(
            &dir.join("failure.txt"),
            format!("{}: {msg}\n", kind.name()),
        )
    }
}

/// The loopwright binary: `LOOPWRIGHT_BIN`, or a fresh release build.
fn loopwright_binary(root: &Path) -> Result<PathBuf> {
    if let Some(p) = std::env::var_os("LOOPWRIGHT_BIN").filter(|p| !p.is_empty()) {
        return Ok(PathBuf::from(p));
    }
    println!("difftest: building loopwright (cargo build --release -p loopwright)");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(cargo)
        .args([
            "build",
            "--release",
            "--quiet",
            "-p",
            "loopwright",
            "--bin",
            "loopwright",
        ])
        .current_dir(root)
        .status()
        .context("run cargo build")?;
    ensure!(
        status.success(),
        "cargo build --release -p loopwright failed ({status})"
    );
    let lw = target_dir(root)
        .join("release")
        .join(format!("loopwright{}", std::env::consts::EXE_SUFFIX));
    ensure!(lw.is_file(), "{} not found after the build", lw.display());
    Ok(lw)
}

fn run(o: &Opts) -> Result<()> {
    require(&[CLANG, OPT, LLI])?;
    if o.generator == Generator::Csmith {
        ensure!(
            exec::tool_available("csmith") && Path::new(CSMITH_INCLUDE).join("csmith.h").is_file(),
            "--generator csmith needs Debian's csmith: apt-get install csmith libcsmith-dev"
        );
    }
    let root = workspace_root();
    let lw = loopwright_binary(&root)?;
    let lw = lw.canonicalize().unwrap_or(lw);
    let base = target_dir(&root).join("difftest");
    let (work, failures, keep_all) = match &o.keep {
        Some(d) => {
            std::fs::create_dir_all(d).with_context(|| format!("create {}", d.display()))?;
            let d = d.canonicalize().unwrap_or_else(|_| d.clone());
            (d.clone(), d, true)
        }
        None => (
            base.join(format!("run-{}-{}", o.seed, std::process::id())),
            base.join("failures"),
            false,
        ),
    };
    std::fs::create_dir_all(&work).with_context(|| format!("create {}", work.display()))?;
    if opt_level_for(o, 0) == PRELOOP || o.opt == OptLevel::PreLoop {
        preloop_pipeline()?;
    }
    let selfcheck = if o.sanitize && o.generator == Generator::Loops {
        require(&["gcc"])?;
        ensure!(
            sanitizers_available(&work),
            "--sanitize: clang-19 cannot link UBSan/ASan programs (apt-get install libclang-rt-19-dev)"
        );
        Some(true)
    } else {
        None
    };
    let r = Run {
        o,
        setup: Setup {
            lw: lw.clone(),
            passes: o.passes.clone(),
            timeout: o.timeout,
            any_exit: false,
            remarks: true,
        },
        work: work.clone(),
        failures: failures.clone(),
        keep_all,
        selfcheck,
        abort: AtomicBool::new(false),
    };
    if let Err(e) = probe_pipeline(&r.setup, &work) {
        if !keep_all {
            let _ = std::fs::remove_dir_all(&work);
        }
        return Err(e);
    }
    let count = if o.index.is_some() { 1 } else { o.programs };
    println!(
        "difftest: {}, seed {}, input {}, generator {}, pipeline {}{}{}, {} jobs; loopwright = {}",
        match o.index {
            Some(i) => format!("program {i}"),
            None => format!("{} programs", o.programs),
        },
        o.seed,
        input_name(o.opt),
        if o.generator == Generator::Csmith {
            "csmith"
        } else {
            "loops"
        },
        o.passes.as_deref().unwrap_or("default"),
        if o.force { ", forced metadata" } else { "" },
        if selfcheck.is_some() {
            ", programs self-checked"
        } else {
            ""
        },
        o.jobs,
        lw.display()
    );
    let start = Instant::now();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let counts = Mutex::new((0u64, 0u64, 0u64)); // passed, failed, skipped
    let effects = Mutex::new(Vec::<Effect>::new());
    let by_kind = Mutex::new(std::collections::BTreeMap::<Kind, u64>::new());
    let harness = Mutex::new(None::<String>);
    let out = Mutex::new(());
    std::thread::scope(|s| {
        for _ in 0..o.jobs {
            s.spawn(|| loop {
                if r.abort.load(Ordering::Relaxed) {
                    break;
                }
                let k = next.fetch_add(1, Ordering::Relaxed) as u64;
                if k >= count {
                    break;
                }
                let i = o.index.unwrap_or(k);
                let res = r.case(i);
                let _g = lock(&out);
                match res {
                    CaseResult::Pass(effect) => {
                        lock(&counts).0 += 1;
                        if let Some(e) = effect {
                            lock(&effects).push(e);
                        }
                    }
                    CaseResult::Skip => lock(&counts).2 += 1,
                    CaseResult::Fail(kind, msg) => {
                        lock(&counts).1 += 1;
                        *lock(&by_kind).entry(kind).or_default() += 1;
                        println!("FAIL p{}_{i} [{}] {}", o.seed, kind.name(), indent(&msg));
                        println!(
                            "     reproducer: {}",
                            failures
                                .join(format!("p{}_{i}", o.seed))
                                .join("repro.sh")
                                .display()
                        );
                        println!("     rerun: {}", rerun_command(o, i));
                    }
                    CaseResult::Harness(msg) => {
                        let mut h = lock(&harness);
                        if h.is_none() {
                            *h = Some(msg);
                        }
                        r.abort.store(true, Ordering::Relaxed);
                    }
                }
                let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                if n.is_multiple_of(100) && (n as u64) < count {
                    println!(
                        "difftest: {n}/{count} checked ({:.0} s)",
                        start.elapsed().as_secs_f64()
                    );
                }
            });
        }
    });
    if !keep_all {
        let _ = std::fs::remove_dir_all(&work);
    }
    if let Some(msg) = lock(&harness).take() {
        bail!("harness error (no program was judged by it): {msg}");
    }
    let (passed, failed, skipped) = *lock(&counts);
    let checked = passed + failed + skipped;
    let secs = start.elapsed().as_secs_f64();
    println!(
        "difftest: {checked} programs in {secs:.1} s ({:.1} programs/minute with {} jobs)",
        checked as f64 * 60.0 / secs.max(1e-9),
        o.jobs
    );
    for (k, n) in lock(&by_kind).iter() {
        println!("difftest: {n} {}", k.name());
    }
    let effects = std::mem::take(&mut *lock(&effects));
    let share_error = report_effects(o, &effects);
    if failed > 0 {
        println!("difftest: reproducers in {}", failures.display());
    }
    if skipped > 0 {
        println!("{passed} passed, {failed} failed, {skipped} skipped");
    } else {
        println!("{passed} passed, {failed} failed");
    }
    ensure!(failed == 0, "{failed} of {checked} programs failed");
    if let Some(e) = share_error {
        bail!("harness error: {e}");
    }
    Ok(())
}

fn input_name(level: OptLevel) -> &'static str {
    match level {
        OptLevel::PreLoop => PRELOOP,
        OptLevel::O1 => "O1",
        OptLevel::O2 => "O2",
        OptLevel::Mix => "mix",
    }
}

/// The command that checks program `index` of this run again.
fn rerun_command(o: &Opts, index: u64) -> String {
    let mut c = Command::new("cargo");
    c.args(["xtask", "difftest", "--seed"])
        .arg(o.seed.to_string())
        .arg("--index")
        .arg(index.to_string());
    if o.opt != OptLevel::PreLoop {
        c.args(["--input", input_name(o.opt)]);
    }
    if let Some(p) = &o.passes {
        c.arg("--passes").arg(p);
    }
    if o.force {
        c.args(["--force", "random"]);
    }
    if o.generator == Generator::Csmith {
        c.args(["--generator", "csmith"]);
    }
    if o.sanitize {
        c.arg("--sanitize");
    }
    if o.timeout != Duration::from_secs(10) {
        c.arg("--timeout").arg(o.timeout.as_secs().to_string());
    }
    exec::shell_line(&c)
}

/// Whether the pipeline under test contains a pass that unrolls or peels
/// (loopwright's default pipeline does).
fn pipeline_unrolls(passes: Option<&str>) -> bool {
    passes.is_none_or(|p| p.contains("loop-unroll") || p.contains("default<"))
}

/// Whether the pipeline under test vectorizes loops without being asked by
/// their metadata: loopwright's default pipeline (-O3), `default<O2|O3|Os>`,
/// or `loop-vectorize` without `vectorize-forced-only`.
fn pipeline_vectorizes(passes: Option<&str>) -> bool {
    passes.is_none_or(|p| {
        ["default<O2>", "default<O3>", "default<Os>"]
            .iter()
            .any(|d| p.contains(d))
            || (p.contains("loop-vectorize")
                && !p
                    .replace("no-vectorize-forced-only", "")
                    .contains("vectorize-forced-only"))
    })
}

/// The smallest run the share thresholds apply to: below it, one program
/// more or less moves a share by several points.
const MIN_PROGRAMS_FOR_SHARES: usize = 20;
/// Default `--min-loop-share` (percent) for a pipeline that unrolls.
const DEFAULT_MIN_LOOP_SHARE: f64 = 50.0;
/// Default `--min-program-share` (percent) for a pipeline that unrolls.
const DEFAULT_MIN_PROGRAM_SHARE: f64 = 80.0;
/// Default `--min-vectorized-programs` (percent) for a pipeline that
/// vectorizes.
const DEFAULT_MIN_VECTORIZED_PROGRAMS: f64 = 50.0;

/// Prints what the passes did over the run (from loopwright's remarks) and
/// returns an error when a share is below its threshold.
fn report_effects(o: &Opts, effects: &[Effect]) -> Option<String> {
    if effects.is_empty() {
        return None;
    }
    let loops: u64 = effects.iter().map(|e| e.loops).sum();
    let mut by_name = std::collections::BTreeMap::<&(String, String), u64>::new();
    for e in effects {
        for (k, n) in &e.passed {
            *by_name.entry(k).or_insert(0) += n;
        }
    }
    let pct = |n: u64, d: u64| 100.0 * n as f64 / d.max(1) as f64;
    println!(
        "difftest: {loops} loops in the inputs of {} passed programs; the passes' remarks:",
        effects.len()
    );
    for ((pass, name), n) in &by_name {
        println!(
            "difftest:   {pass} {name}: {n} ({:.1}% of the loops)",
            pct(*n, loops)
        );
    }
    let transformed: u64 = effects.iter().map(Effect::transformed_loops).sum();
    let programs = effects.iter().filter(|e| e.transformed_loops() > 0).count() as u64;
    let loop_share = pct(transformed, loops);
    let program_share = pct(programs, effects.len() as u64);
    println!(
        "difftest: loops transformed: {transformed} of {loops} ({loop_share:.1}%); \
         programs with a loop transformed: {programs} of {} ({program_share:.1}%)",
        effects.len()
    );
    let vectorized: u64 = effects.iter().map(Effect::vectorized_loops).sum();
    let vector_programs = effects.iter().filter(|e| e.vectorized_loops() > 0).count() as u64;
    let vector_program_share = pct(vector_programs, effects.len() as u64);
    let mut widths = std::collections::BTreeMap::<u64, u64>::new();
    let mut counts = std::collections::BTreeMap::<u64, u64>::new();
    for e in effects {
        for (&(vf, ic), &n) in &e.vectorized {
            *widths.entry(vf).or_insert(0) += n;
            *counts.entry(ic).or_insert(0) += n;
        }
    }
    let list = |m: &std::collections::BTreeMap<u64, u64>| {
        m.iter()
            .map(|(k, n)| format!("{k}: {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    println!(
        "difftest: loops vectorized: {vectorized} ({:.1}% of the loops); programs with a loop \
         vectorized: {vector_programs} of {} ({vector_program_share:.1}%)",
        pct(vectorized, loops),
        effects.len()
    );
    if vectorized > 0 {
        println!(
            "difftest:   by width (1: interleaved only): {}; by interleave count: {}",
            list(&widths),
            list(&counts)
        );
        let mut shapes = VectorShapes::default();
        for e in effects {
            shapes.add(&e.vector_shapes);
        }
        println!(
            "difftest:   in the outputs: {} vector.memcheck, {} vector.scevcheck and {} \
             vec.epilog.vector.body (vectorized epilogue) blocks, {} vec.phi (reduction) and {} \
             vector.recur (recurrence) phis",
            shapes.memchecks,
            shapes.scevchecks,
            shapes.epilogues,
            shapes.reductions,
            shapes.recurrences
        );
    }
    let enough = o.generator == Generator::Loops && effects.len() >= MIN_PROGRAMS_FOR_SHARES;
    let defaults = enough && pipeline_unrolls(o.passes.as_deref());
    let min_loops = o
        .min_loop_share
        .or(defaults.then_some(DEFAULT_MIN_LOOP_SHARE))
        .unwrap_or(0.0);
    let min_programs = o
        .min_program_share
        .or(defaults.then_some(DEFAULT_MIN_PROGRAM_SHARE))
        .unwrap_or(0.0);
    let min_vector_programs = o
        .min_vectorized_programs
        .or((enough && pipeline_vectorizes(o.passes.as_deref()))
            .then_some(DEFAULT_MIN_VECTORIZED_PROGRAMS))
        .unwrap_or(0.0);
    let mut errors = Vec::new();
    if vector_program_share < min_vector_programs {
        errors.push(format!(
            "{vector_program_share:.1}% of the programs had a loop vectorized, below the required \
             {min_vector_programs}% (the programs do not reach the vectorizer)"
        ));
    }
    if loop_share < min_loops {
        errors.push(format!(
            "the passes transformed {loop_share:.1}% of the loops, below the required {min_loops}% \
             (the programs do not reach the passes under test)"
        ));
    }
    if program_share < min_programs {
        errors.push(format!(
            "{program_share:.1}% of the programs had a loop transformed, below the required \
             {min_programs}%"
        ));
    }
    (!errors.is_empty()).then(|| errors.join("; "))
}

fn indent(msg: &str) -> String {
    msg.lines().collect::<Vec<_>>().join("\n     ")
}

// ---------------------------------------------------------------- regressions

/// The directory of reduced regression modules.
fn regressions_dir() -> PathBuf {
    workspace_root()
        .join("tests")
        .join("difftest")
        .join("regressions")
}

/// The pipeline a regression file names in its `; passes:` header line
/// (`default` or absent: loopwright's default pipeline).
fn regression_passes(text: &str) -> Option<String> {
    text.lines()
        .take_while(|l| l.starts_with(';'))
        .find_map(|l| l.strip_prefix("; passes:"))
        .map(str::trim)
        .filter(|p| !p.is_empty() && *p != "default")
        .map(str::to_string)
}

/// Replays one regression: loopwright (in-process), `opt-19 -passes=verify`
/// on its output, and `lli-19` on both, which must agree.
fn replay_regression(path: &Path, work: &Path) -> std::result::Result<(), String> {
    let src = std::fs::read(path).map_err(|e| format!("read: {e}"))?;
    let text = String::from_utf8_lossy(&src);
    let passes = match regression_passes(&text) {
        Some(p) => Some(
            loopwright::pipeline::parse(&p).map_err(|e| format!("bad `; passes:` line: {e}"))?,
        ),
        None => None,
    };
    let opts = loopwright::Options {
        passes,
        ..loopwright::Options::default()
    };
    let name = path.display().to_string();
    // A panic is this regression's failure, not the end of the replay.
    let out = std::panic::catch_unwind(|| loopwright::optimize(&src, &name, &opts))
        .map_err(|p| {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            format!("loopwright panicked: {msg}")
        })?
        .map_err(|f| f.0)?
        .text;
    std::fs::create_dir_all(work).map_err(|e| e.to_string())?;
    std::fs::write(work.join("in.ll"), &src).map_err(|e| e.to_string())?;
    std::fs::write(work.join("out.ll"), out).map_err(|e| e.to_string())?;
    let v = exec::run(&mut verify_cmd(work, "out.ll"), Duration::from_secs(60));
    if !v.ok() {
        return Err(format!(
            "opt-19 -passes=verify rejects the output:\n{}",
            v.stderr_head(10)
        ));
    }
    let a = exec::run(&mut lli_cmd(work, "in.ll"), Duration::from_secs(10));
    let b = exec::run(&mut lli_cmd(work, "out.ll"), Duration::from_secs(10));
    if matches!(
        a.status,
        Status::Timeout | Status::Signal(_) | Status::NotRun(_)
    ) {
        return Err(format!("lli-19 on the input: {}", a.status));
    }
    if a.status != b.status || a.stdout != b.stdout {
        return Err(format!(
            "input: {}, output: {}; {}",
            a.status,
            b.status,
            first_difference(&a.stdout, &b.stdout)
        ));
    }
    Ok(())
}

/// `--regressions`: replays every regression module.
fn replay_all() -> Result<()> {
    require(&[OPT, LLI])?;
    let files = regression_files()?;
    let work = target_dir(&workspace_root())
        .join("difftest")
        .join("regressions");
    let mut failed = 0;
    for f in &files {
        let stem = f
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
        match replay_regression(f, &work.join(&stem)) {
            Ok(()) => println!("ok   {stem}"),
            Err(e) => {
                failed += 1;
                println!("FAIL {stem}: {}", indent(&e));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&work);
    println!("{} passed, {failed} failed", files.len() - failed);
    ensure!(failed == 0, "{failed} regressions failed");
    Ok(())
}

/// The regression modules, sorted.
fn regression_files() -> Result<Vec<PathBuf>> {
    let dir = regressions_dir();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .with_context(|| format!("read {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ll"))
        .collect();
    files.sort();
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// True when `tools` are installed; otherwise prints a notice, and
    /// fails when `CI` is set.
    fn tools_or_skip(test: &str, tools: &[&str]) -> bool {
        let missing: Vec<&str> = tools
            .iter()
            .copied()
            .filter(|t| !exec::tool_available(t))
            .collect();
        if missing.is_empty() {
            return true;
        }
        let msg = format!(
            "{test}: skipped: {} not installed (apt-get install llvm-19 clang-19 gcc)",
            missing.join(", ")
        );
        assert!(std::env::var_os("CI").is_none(), "{msg}; CI is set");
        eprintln!("{msg}");
        false
    }

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("difftest-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).expect("create scratch dir");
        d
    }

    #[test]
    fn options_parse() {
        let args: Vec<String> = [
            "--programs",
            "7",
            "--seed=9",
            "--passes",
            "loop-unroll",
            "--force",
            "random",
            "--jobs",
            "3",
            "--opt",
            "O2",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let o = parse_opts(&args).expect("parses");
        assert_eq!((o.programs, o.seed, o.jobs), (7, 9, 3));
        assert_eq!(o.passes.as_deref(), Some("loop-unroll"));
        assert!(o.force);
        assert_eq!(o.opt, OptLevel::O2);
        assert!(parse_opts(&["--force".into(), "always".into()]).is_err());
        assert!(parse_opts(&["--bogus".into()]).is_err());
        assert!(parse_opts(&["--jobs".into(), "0".into()]).is_err());
    }

    #[test]
    fn new_options_parse() {
        let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let o = parse_opts(&[]).expect("defaults");
        assert_eq!(o.opt, OptLevel::PreLoop);
        assert_eq!((o.index, o.sanitize), (None, false));
        let o = parse_opts(&args(&[
            "--input",
            "mix",
            "--index",
            "17",
            "--sanitize",
            "--min-loop-share=12.5",
            "--min-program-share",
            "0",
        ]))
        .expect("parses");
        assert_eq!(o.opt, OptLevel::Mix);
        assert_eq!((o.index, o.sanitize), (Some(17), true));
        assert_eq!(
            (o.min_loop_share, o.min_program_share),
            (Some(12.5), Some(0.0))
        );
        assert!(parse_opts(&args(&["--input", "O3"])).is_err());
        assert!(parse_opts(&args(&["--min-loop-share", "101"])).is_err());
        assert!(parse_opts(&args(&["--min-loop-share", "x"])).is_err());
    }

    #[test]
    fn rerun_command_names_the_case() {
        let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let o = parse_opts(&args(&["--seed", "20261127", "--programs", "200"])).unwrap();
        assert_eq!(
            rerun_command(&o, 42),
            "cargo xtask difftest --seed 20261127 --index 42"
        );
        let o = parse_opts(&args(&[
            "--seed",
            "3",
            "--passes",
            "loop-unroll<O3;runtime>",
            "--force",
            "random",
            "--input",
            "O1",
            "--sanitize",
        ]))
        .unwrap();
        assert_eq!(
            rerun_command(&o, 7),
            "cargo xtask difftest --seed 3 --index 7 --input O1 --passes \
             'loop-unroll<O3;runtime>' --force random --sanitize"
        );
    }

    /// Remarks as loopwright (and opt-19) write them.
    const REMARKS: &str = "--- !Passed
Pass:            loop-unroll
Name:            FullyUnrolled
Function:        main
Args:
  - String:          'completely unrolled loop with '
  - UnrollCount:     '8'
  - String:          ' iterations'
...
--- !Missed
Pass:            loop-unroll
Name:            FullUnrollAsDirectedTooLarge
Function:        main
...
--- !Passed
Pass:            loop-unroll
Name:            PartialUnrolled
DebugLoc:        { File: a.c, Line: 2, Column: 3 }
Function:        k1
Args:
  - String:          'unrolled loop by a factor of '
  - UnrollCount:     '4'
...
--- !Passed
Pass:            loop-unroll
Name:            FullyUnrolled
Function:        k2
...
";

    #[test]
    fn passed_remarks_are_counted_by_pass_and_name() {
        let m = passed_remarks(REMARKS);
        let key = |p: &str, n: &str| (p.to_string(), n.to_string());
        assert_eq!(m.len(), 2, "{m:?}");
        assert_eq!(m[&key("loop-unroll", "FullyUnrolled")], 2);
        assert_eq!(m[&key("loop-unroll", "PartialUnrolled")], 1);
        assert!(passed_remarks("").is_empty());
    }

    /// `loop-vectorize`'s remarks as loopwright (and opt-19) write them.
    const VECTOR_REMARKS: &str = "--- !Analysis
Pass:            loop-vectorize
Name:            CantVectorizeInstructionReturnType
Function:        k0
Args:
  - String:          'loop not vectorized: '
...
--- !Passed
Pass:            loop-vectorize
Name:            Vectorized
DebugLoc:        { File: prog.c, Line: 12, Column: 3 }
Function:        k1
Args:
  - String:          'vectorized loop (vectorization width: '
  - VectorizationFactor: '4'
  - String:          ', interleaved count: '
  - InterleaveCount: '2'
  - String:          ')'
...
--- !Passed
Pass:            loop-unroll
Name:            PartialUnrolled
Function:        k1
Args:
  - String:          'unrolled loop by a factor of '
  - UnrollCount:     '4'
...
--- !Passed
Pass:            loop-vectorize
Name:            Interleaved
Function:        k2
Args:
  - String:          'interleaved loop (interleaved count: '
  - InterleaveCount: '3'
  - String:          ')'
...
--- !Passed
Pass:            loop-vectorize
Name:            Vectorized
Function:        k3
Args:
  - String:          'vectorized loop (vectorization width: '
  - VectorizationFactor: '4'
  - String:          ', interleaved count: '
  - InterleaveCount: '2'
  - String:          ')'
...
--- !Missed
Pass:            loop-vectorize
Name:            MissedDetails
Function:        k4
Args:
  - String:          'loop not vectorized'
...
";

    #[test]
    fn vectorized_loops_are_counted_by_width_and_interleave_count() {
        let m = vectorized_loops(VECTOR_REMARKS);
        assert_eq!(m, [((1, 3), 1), ((4, 2), 2)].into(), "{m:?}");
        assert!(vectorized_loops(REMARKS).is_empty());
        assert!(vectorized_loops("").is_empty());
        // The generic count sees the same remarks by name.
        let p = passed_remarks(VECTOR_REMARKS);
        let key = |n: &str| ("loop-vectorize".to_string(), n.to_string());
        assert_eq!((p[&key("Vectorized")], p[&key("Interleaved")]), (2, 1));
    }

    #[test]
    fn vector_shapes_are_counted_by_name() {
        let text = "define void @f() {
entry:
  br label %vector.scevcheck
vector.scevcheck:
  br label %vector.memcheck
vector.memcheck:
  br label %vector.memcheck12
vector.memcheck12:
  br label %vector.body
vec.epilog.vector.body:
  br label %vector.body
vec.epilog.vector.body3:   ; preds = %vector.body
  br label %vector.body
vector.body:
  %vec.phi = phi <4 x i32> [ zeroinitializer, %vector.memcheck12 ], [ %a, %vector.body ]
  %vec.phi3 = phi <4 x i32> [ zeroinitializer, %vector.memcheck12 ], [ %a, %vector.body ]
  %vector.recur = phi <4 x i32> [ %vector.recur.init, %vector.memcheck12 ], [ %a, %vector.body ]
  %vector.recur.extract = extractelement <4 x i32> %a, i32 3
  %vec.phi.x = add <4 x i32> %vec.phi, %vec.phi3
  ; vector.memcheck: a comment, not a block
  br i1 true, label %vector.memcheck, label %exit
}
";
        let v = VectorShapes::of_module(text);
        assert_eq!(
            v,
            VectorShapes {
                memchecks: 2,
                scevchecks: 1,
                epilogues: 2,
                reductions: 2,
                recurrences: 1,
            }
        );
        assert_eq!(VectorShapes::of_module(REMARKS), VectorShapes::default());
    }

    #[test]
    fn pipelines_that_vectorize() {
        for p in [
            None,
            Some("default<O3>"),
            Some("default<O2>"),
            Some("function(loop-vectorize)"),
            Some("function(loop-vectorize<no-vectorize-forced-only>)"),
        ] {
            assert!(pipeline_vectorizes(p), "{p:?}");
        }
        for p in [
            "default<O1>",
            "function(loop-unroll)",
            "function(loop-vectorize<vectorize-forced-only>)",
            "function(loop-vectorize<interleave-forced-only;vectorize-forced-only>)",
        ] {
            assert!(!pipeline_vectorizes(Some(p)), "{p}");
        }
    }

    /// A vectorizing pipeline whose programs never reach the vectorizer is
    /// a harness error, even when the unroller transformed every loop.
    #[test]
    fn too_few_vectorized_programs_are_harness_errors() {
        let o = parse_opts(&[]).unwrap();
        let effect = |vectorized: u64| Effect {
            loops: 10,
            passed: [(
                ("loop-unroll".to_string(), "PartialUnrolled".to_string()),
                10,
            )]
            .into(),
            vectorized: if vectorized > 0 {
                [((8, 2), vectorized)].into()
            } else {
                Default::default()
            },
            vector_shapes: VectorShapes::default(),
        };
        let none: Vec<Effect> = (0..MIN_PROGRAMS_FOR_SHARES).map(|_| effect(0)).collect();
        let err = report_effects(&o, &none).expect("an error");
        assert!(
            err.contains("0.0% of the programs had a loop vectorized"),
            "{err}"
        );
        // A bit more than half the programs vectorize: fine.
        let most: Vec<Effect> = (0..MIN_PROGRAMS_FOR_SHARES)
            .map(|i| effect(u64::from(i % 3 != 0)))
            .collect();
        assert_eq!(report_effects(&o, &most), None);
        // Fewer than half do not.
        let few: Vec<Effect> = (0..MIN_PROGRAMS_FOR_SHARES)
            .map(|i| effect(u64::from(i % 3 == 0)))
            .collect();
        let err = report_effects(&o, &few).expect("an error");
        assert!(
            err.contains("35.0% of the programs had a loop vectorized"),
            "{err}"
        );
        // A pipeline without the vectorizer is not judged by it, unless a
        // threshold is given; 0 turns it off.
        let unroll = parse_opts(&["--passes".into(), "function(loop-unroll)".into()]).unwrap();
        assert_eq!(report_effects(&unroll, &none), None);
        let strict = parse_opts(&[
            "--passes".into(),
            "function(loop-unroll)".into(),
            "--min-vectorized-programs".into(),
            "10".into(),
        ])
        .unwrap();
        assert!(report_effects(&strict, &none).is_some());
        let off = parse_opts(&["--min-vectorized-programs=0".into()]).unwrap();
        assert_eq!(report_effects(&off, &none), None);
    }

    #[test]
    fn loops_are_counted_at_every_depth() {
        let ir = b"define void @f(i1 %c) {
entry:
  br label %outer
outer:
  br label %inner
inner:
  br i1 %c, label %inner, label %latch
latch:
  br i1 %c, label %outer, label %exit
exit:
  br label %again
again:
  br i1 %c, label %again, label %done
done:
  ret void
}
declare void @g()
";
        assert_eq!(count_loops(ir), Ok(3));
        assert!(count_loops(b"define void @f( {").is_err());
    }

    #[test]
    fn shares_below_the_threshold_are_harness_errors() {
        let o = parse_opts(&[]).unwrap();
        let effect = |loops, transformed| Effect {
            loops,
            passed: if transformed > 0 {
                [(
                    ("loop-unroll".to_string(), "FullyUnrolled".to_string()),
                    transformed,
                )]
                .into()
            } else {
                Default::default()
            },
            // One loop vectorized in every program (the vectorizer's own
            // threshold is tested apart).
            vectorized: [((4, 1), 1)].into(),
            vector_shapes: VectorShapes::default(),
        };
        // Every program has 10 loops of which 6 were transformed: fine.
        let good: Vec<Effect> = (0..MIN_PROGRAMS_FOR_SHARES)
            .map(|_| effect(10, 6))
            .collect();
        assert_eq!(report_effects(&o, &good), None);
        // Advice against unrolling (csmith's loops with calls) is not a
        // transformation.
        let advised: Vec<Effect> = (0..MIN_PROGRAMS_FOR_SHARES)
            .map(|_| {
                let mut e = effect(10, 0);
                e.passed
                    .insert(("TTI".to_string(), "DontUnroll".to_string()), 10);
                e
            })
            .collect();
        assert_eq!(advised[0].transformed_loops(), 0);
        assert!(report_effects(&o, &advised).is_some());
        // Programs whose loops the passes never reach.
        let untouched: Vec<Effect> = (0..MIN_PROGRAMS_FOR_SHARES)
            .map(|_| effect(10, 0))
            .collect();
        let err = report_effects(&o, &untouched).expect("an error");
        assert!(err.contains("0.0% of the loops"), "{err}");
        // Half the programs transformed, all their loops: the loop share is
        // fine, the program share is not.
        let half: Vec<Effect> = (0..MIN_PROGRAMS_FOR_SHARES)
            .map(|i| effect(10, if i % 2 == 0 { 10 } else { 0 }))
            .collect();
        let err = report_effects(&o, &half).expect("an error");
        assert!(err.contains("50.0% of the programs"), "{err}");
        // Small runs and pipelines that do not unroll are not judged.
        assert_eq!(report_effects(&o, &untouched[..5]), None);
        let rotate = parse_opts(&["--passes".into(), "function(loop-rotate)".into()]).unwrap();
        assert_eq!(report_effects(&rotate, &untouched), None);
        // Unless a threshold is given.
        let strict = parse_opts(&[
            "--passes".into(),
            "function(loop-rotate)".into(),
            "--min-loop-share".into(),
            "1".into(),
        ])
        .unwrap();
        assert!(report_effects(&strict, &untouched).is_some());
    }

    /// The pre-loop input reaches the unroller: on a generated program,
    /// loopwright's default pipeline unrolls loops of the pre-loop module,
    /// and the module carries no `llvm.loop.unroll.disable` (what clang's
    /// -O1 stamps on every loop).
    #[test]
    fn preloop_inputs_reach_the_loop_passes() {
        if !tools_or_skip("preloop_inputs_reach_the_loop_passes", &[CLANG, OPT]) {
            return;
        }
        let dir = scratch("preloop");
        exec::write(&dir.join("prog.c"), gen::generate(1, 0)).expect("write");
        assert!(run_frontend(&dir, PRELOOP, false).is_ok());
        let ir = std::fs::read_to_string(dir.join("clang.ll")).expect("clang.ll");
        assert!(!ir.contains("llvm.loop.unroll.disable"));
        assert!(!ir.contains("llvm.loop.isvectorized"));
        assert!(count_loops(ir.as_bytes()).unwrap() > 0);
        let opts = loopwright::Options::default();
        let out = loopwright::optimize(ir.as_bytes(), "clang.ll", &opts)
            .map_err(|f| f.0)
            .expect("loopwright runs");
        assert!(
            out.remarks.iter().any(|r| r.pass == "loop-unroll"
                && matches!(
                    r.name.as_str(),
                    "FullyUnrolled" | "PartialUnrolled" | "Peeled"
                )),
            "nothing unrolled or peeled in the pre-loop module"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn regression_headers_name_their_pipeline() {
        assert_eq!(
            regression_passes("; x\n; passes: loop-unroll<O3>\ndefine void @f() {\n"),
            Some("loop-unroll<O3>".into())
        );
        assert_eq!(regression_passes("; passes: default\n"), None);
        assert_eq!(regression_passes("define void @f()\n; passes: x\n"), None);
    }

    /// The generator self-test: a few programs under UBSan+ASan (when the
    /// runtime is installed) with bounds-checked indices, gcc -O0 and
    /// clang-19 -O0 must all run cleanly and print the same.
    #[test]
    fn generated_programs_are_well_defined() {
        if !tools_or_skip("generated_programs_are_well_defined", &[CLANG, "gcc"]) {
            return;
        }
        let dir = scratch("wd");
        let sanitize = sanitizers_available(&dir);
        if !sanitize {
            eprintln!(
                "generated_programs_are_well_defined: notice: no UBSan/ASan runtime \
                 (apt-get install libclang-rt-19-dev); checking bounds and gcc/clang agreement only"
            );
        }
        for (seed, index) in [(1, 0), (2, 1), (3, 2), (4, 3)] {
            let src = dir.join(format!("p{seed}_{index}.c"));
            exec::write(&src, gen::generate(seed, index)).expect("write");
            let r = selfcheck_one(&src, &dir, sanitize, Duration::from_secs(30));
            assert!(r.problem.is_none(), "seed {seed} program {index}: {r:?}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A module that prints one line and exits with 42 (6 * 7).
    const MAIN: &str = r#"@.s = private constant [4 x i8] c"hi\0A\00"

declare i32 @printf(ptr, ...)

define i32 @main() {
entry:
  %a = mul i32 6, 7
  %c = call i32 (ptr, ...) @printf(ptr @.s)
  ret i32 %a
}
"#;

    fn fake_optimizer(dir: &Path, name: &str, body: &str) -> PathBuf {
        use std::os::unix::fs::PermissionsExt;
        let p = dir.join(name);
        // Called as: NAME in.ll -o out.ll
        std::fs::write(&p, format!("#!/bin/sh\nin=\"$1\"; out=\"$3\"\n{body}\n")).expect("write");
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        p
    }

    #[test]
    fn verdicts_classify_failures() {
        if !tools_or_skip("verdicts_classify_failures", &[OPT, LLI]) {
            return;
        }
        let dir = scratch("verdicts");
        let hang = "cat > \"$out\" <<'EOF'\ndefine i32 @main() {\nentry:\n  br label %spin\nspin:\n  br label %spin\n}\nEOF";
        let cases: &[(&str, &str, Option<Kind>)] = &[
            ("identity", "cp \"$in\" \"$out\"", None),
            (
                "mul-to-add",
                "sed 's/mul i32/add i32/' \"$in\" > \"$out\"",
                Some(Kind::Miscompile),
            ),
            // Dropping the call loses the output line.
            (
                "print-less",
                "grep -v printf \"$in\" | sed 's/%c = //' > \"$out\"",
                Some(Kind::Miscompile),
            ),
            // The same exit code but another line printed.
            (
                "other-text",
                "sed 's/c\"hi/c\"ho/' \"$in\" > \"$out\"",
                Some(Kind::Miscompile),
            ),
            ("crash", "kill -SEGV $$", Some(Kind::LoopwrightCrash)),
            (
                "reject",
                "echo 'in.ll:1:1: error: no' >&2; exit 1",
                Some(Kind::LoopwrightError),
            ),
            (
                "garbage",
                "echo 'this is not IR' > \"$out\"",
                Some(Kind::InvalidOutput),
            ),
            ("hang", hang, Some(Kind::Timeout)),
        ];
        for (name, body, want) in cases {
            let case = dir.join(name);
            std::fs::create_dir_all(&case).expect("mkdir");
            std::fs::write(case.join("in.ll"), MAIN).expect("write");
            let setup = Setup {
                lw: fake_optimizer(&dir, &format!("{name}.sh"), body),
                passes: None,
                timeout: Duration::from_secs(2),
                // MAIN exits with 42.
                any_exit: true,
                remarks: false,
            };
            let v = check_ir(&setup, &case);
            match (want, &v) {
                (None, Verdict::Pass) => {}
                (Some(k), Verdict::Fail(got, _)) if k == got => {}
                _ => panic!("{name}: expected {want:?}, got {v:?}"),
            }
        }
        let setup = Setup {
            lw: fake_optimizer(
                &dir,
                "unimplemented.sh",
                "echo \"loopwright: pass 'loop-unroll' is an LLVM pass that loopwright does not implement yet\" >&2; exit 1",
            ),
            passes: Some("loop-unroll".into()),
            timeout: Duration::from_secs(2),
            any_exit: true,
            remarks: false,
        };
        let case = dir.join("identity");
        assert!(matches!(check_ir(&setup, &case), Verdict::Harness(_)));
        // A reference that exits non-zero is a generator bug unless allowed.
        let strict = Setup {
            lw: dir.join("identity.sh"),
            passes: None,
            timeout: Duration::from_secs(2),
            any_exit: false,
            remarks: false,
        };
        assert!(matches!(
            check_ir(&strict, &case),
            Verdict::Fail(Kind::BadReference, _)
        ));
        assert!(probe_pipeline(&setup, &case).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Every reduced case in `tests/difftest/regressions` still passes.
    #[test]
    fn regressions() {
        let files = regression_files().expect("tests/difftest/regressions is readable");
        assert!(
            !files.is_empty(),
            "no regression modules in {}",
            regressions_dir().display()
        );
        if !tools_or_skip("regressions", &[OPT, LLI]) {
            return;
        }
        let work = scratch("regressions");
        let mut failures = Vec::new();
        for f in &files {
            let stem = f
                .file_stem()
                .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
            if let Err(e) = replay_regression(f, &work.join(&stem)) {
                failures.push(format!("{}: {e}", f.display()));
            }
        }
        let _ = std::fs::remove_dir_all(&work);
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }
}
