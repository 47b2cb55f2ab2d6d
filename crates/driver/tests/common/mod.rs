//! Support shared by the integration tests that compare the `loopwright`
//! binary with LLVM 19's tools.
//!
//! - Tools: [`have_conformance_tools`] decides whether a test runs, through
//!   `loopwright_testkit::require`: a missing tool skips the test with a
//!   notice, except under `CI`, where it fails the test. Every tool runs
//!   under a time limit ([`execute`], [`lli`]).
//! - Inputs: [`programs`] lists the C programs and `.ll` files of a
//!   directory of `tests/`, with C compiled by [`prepare_c`]. That function
//!   prepares code as LLVM's `-O3` pipeline hands it to its loop
//!   transformations: clang-19 without LLVM passes, then [`PREP`].
//! - Runs: [`compare_with_opt`] runs loopwright and `opt-19` with the same
//!   pipeline, options and remark flags ([`run_both`]). It checks
//!   loopwright's output ([`run_problems`]: the verifier, `lli-19`, the
//!   remarks), the `llvm.loop` attribute sets ([`loop_attr_multisets`]) and
//!   the debug records ([`debug_record_multisets`],
//!   [`compare_debug_records`]).
//!   [`lli_problem`] compares two runs of a program (a timeout is always a
//!   problem).
//! - Code up to names: [`anonymized`] and [`structural_text`].
//! - Results: [`Tally`] counts the runs and prints the `N passed, M failed`
//!   line; the suites check their agreement counts against the floors of
//!   `tests/floors.toml` (`loopwright_testkit::floors`).
//! - Self-tests: [`SELF_TEST_INPUT`], [`wrong_outputs`] and [`stand_in`]
//!   run a suite's comparator on deliberately wrong outputs.
//!
//! Every helper panics with the command or file concerned when a tool
//! cannot be started or a file cannot be read: that is a broken test setup,
//! not a finding. Each test includes this module with `mod common;` and uses
//! only part of it, hence `dead_code` is allowed.

#![allow(dead_code)]

pub mod modules;

use loopwright_analysis::loopmd::render_attr_set;
use loopwright_analysis::{ControlFlowGraph, DominatorTree, LoopForest};
use loopwright_ir::{Function, Module};
use loopwright_testkit::run::{LLI_TIMEOUT, TIMEOUT};
use loopwright_testkit::tools::LLI;
use std::collections::BTreeMap;
use std::ffi::OsStr;
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Duration;

/// The tools the differential tests of the loop passes need.
pub const CONFORMANCE_TOOLS: &[&str] = &["opt-19", "lli-19", "clang-19"];

/// The passes of LLVM's -O3 function simplification pipeline that run
/// before its loop transformations, as far as they shape the loops
/// (rotation, induction-variable canonicalization).
pub const PREP: &str = "function(sroa<modify-cfg>,early-cse<memssa>,simplifycfg,instcombine,\
loop-mssa(loop-instsimplify,loop-simplifycfg,licm,loop-rotate<header-duplication;no-prepare-for-lto>,\
simple-loop-unswitch<nontrivial;trivial>),simplifycfg,instcombine,loop(loop-idiom,indvars,loop-deletion),\
sroa,gvn,instcombine)";

/// The remark options given to both tools in [`run_both`].
pub const REMARK_FLAGS: [&str; 2] = [
    "-pass-remarks=loop-unroll",
    "-pass-remarks-missed=loop-unroll",
];

/// The repository root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Whether the [`CONFORMANCE_TOOLS`] are installed
/// (`loopwright_testkit::tools::require_for`): when one is missing, the
/// test `test` fails under `CI` and is skipped with a notice otherwise.
pub fn have_conformance_tools(test: &str) -> bool {
    loopwright_testkit::tools::require_for(test, CONFORMANCE_TOOLS)
}

/// Runs `cmd` to completion (killed after `loopwright_testkit::run::TIMEOUT`,
/// which fails it), whatever its exit status.
pub fn execute(cmd: &mut Command) -> Output {
    loopwright_testkit::run(cmd, TIMEOUT).into_output()
}

/// Runs `cmd` to completion; it must succeed.
pub fn run(cmd: &mut Command) -> Output {
    let out = execute(cmd);
    assert!(
        out.status.success(),
        "{cmd:?} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// A fresh scratch directory `loopwright-<name>-<pid>` in the system's
/// temporary directory.
pub fn work_dir(name: &str) -> PathBuf {
    let work = std::env::temp_dir().join(format!("loopwright-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&work).expect("work dir");
    work
}

/// The entries of `dir`, sorted by path.
pub fn sorted_entries(dir: &Path) -> Vec<PathBuf> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("dir entry").path())
        .collect();
    entries.sort();
    entries
}

/// Compiles the C program `src` to `<work>/<name>.ll` as LLVM's `-O3`
/// pipeline hands it to its loop transformations: `clang-19 -O3` without
/// LLVM passes (and with `cflags`) to `<work>/<name>.raw.ll`, then `opt-19`
/// with [`PREP`].
pub fn prepare_c(src: &Path, name: &str, cflags: &[String], work: &Path) -> PathBuf {
    let raw = work.join(format!("{name}.raw.ll"));
    run(Command::new("clang-19")
        .args(["-O3", "-w", "-S", "-emit-llvm", "-Xclang"])
        .arg("-disable-llvm-passes")
        .args(cflags)
        .arg(src)
        .arg("-o")
        .arg(&raw));
    let ll = work.join(format!("{name}.ll"));
    run(Command::new("opt-19")
        .args(["-S", &format!("-passes={PREP}")])
        .arg(&raw)
        .arg("-o")
        .arg(&ll));
    ll
}

/// The clang flags of a C program's first line `// cflags: ...` (for
/// [`programs`]).
pub fn source_cflags(source: &str) -> Vec<String> {
    source
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("// cflags:"))
        .map(|f| f.split_whitespace().map(str::to_owned).collect())
        .unwrap_or_default()
}

/// One input program of a test directory.
pub struct Program {
    /// The file name without its extension (with `.g` added for the
    /// variant compiled with `-g`).
    pub name: String,
    /// The module to test: the `.ll` file, or the C program prepared by
    /// [`prepare_c`].
    pub path: PathBuf,
    /// The text of the file (the C source for a C program).
    pub source: String,
    /// Whether the file is a C program (which has a `main`).
    pub from_c: bool,
    /// Whether the module carries debug info (a C program compiled with
    /// `-g`, a `.ll` file with `!llvm.dbg.cu`).
    pub debug: bool,
}

impl Program {
    /// Whether `lli-19` can run it: a C program, or a `.ll` file that
    /// defines `main`.
    pub fn runnable(&self) -> bool {
        self.from_c || self.source.contains("@main(")
    }
}

/// The C programs and `.ll` files of `tests/<dir>`, in file name order.
/// C programs are prepared by [`prepare_c`] in `work`, with the clang flags
/// `cflags` finds in their source; a C program whose flags do not ask for
/// `-g` is also prepared with `-g` added, as the program `<name>.g`, so that
/// every suite meets debug records in the loops it transforms. Other files
/// are skipped.
pub fn programs(dir: &str, work: &Path, cflags: impl Fn(&str) -> Vec<String>) -> Vec<Program> {
    let mut out = Vec::new();
    for p in sorted_entries(&root().join("tests").join(dir)) {
        let from_c = match p.extension().and_then(|e| e.to_str()) {
            Some("c") => true,
            Some("ll") => false,
            _ => continue,
        };
        let name = p
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let source = std::fs::read_to_string(&p)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()));
        if !from_c {
            out.push(Program {
                name,
                debug: source.contains("!llvm.dbg.cu"),
                path: p,
                source,
                from_c,
            });
            continue;
        }
        let flags = cflags(&source);
        let with_g = flags.iter().any(|f| f == "-g");
        let variant = (!with_g).then(|| {
            let mut g = flags.clone();
            g.push("-g".to_owned());
            let gname = format!("{name}.g");
            Program {
                path: prepare_c(&p, &gname, &g, work),
                name: gname,
                source: source.clone(),
                from_c,
                debug: true,
            }
        });
        out.push(Program {
            path: prepare_c(&p, &name, &flags, work),
            name,
            source,
            from_c,
            debug: with_g,
        });
        out.extend(variant);
    }
    out
}

/// What a program did under `lli-19`.
#[derive(Clone, PartialEq, Eq)]
pub struct Execution {
    /// The exit code (`None` when killed by a signal).
    pub code: Option<i32>,
    /// What it printed on standard output.
    pub stdout: Vec<u8>,
    /// It ran past its time limit and was killed.
    pub timed_out: bool,
}

impl fmt::Debug for Execution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "({:?}, {:?}{})",
            self.code,
            String::from_utf8_lossy(&self.stdout),
            if self.timed_out { ", timed out" } else { "" }
        )
    }
}

/// How `lli-19` runs the test programs: MCJIT without optimization. The
/// default (ORC, whose code generator optimizes whatever `-O` says) spends
/// seconds generating code for a fully unrolled module (6 s for
/// `tests/unroll/pragmas.c` under `loop-unroll-full`, 0.5 s this way), and
/// unoptimized code runs the IR as it is written.
pub const LLI_ARGS: [&str; 2] = ["--jit-kind=mcjit", "-O=0"];

/// Runs the module in `path` with `lli-19` ([`LLI_ARGS`]), killed after
/// `loopwright_testkit::run::LLI_TIMEOUT`.
pub fn lli(path: &Path) -> Execution {
    lli_within(path, LLI_TIMEOUT)
}

/// [`lli`] with the time limit `limit`.
pub fn lli_within(path: &Path, limit: Duration) -> Execution {
    let out = loopwright_testkit::run(Command::new(LLI).args(LLI_ARGS).arg(path), limit);
    Execution {
        code: out.code(),
        timed_out: out.timed_out.is_some(),
        stdout: out.stdout,
    }
}

/// The problem with a program's run `got` when it should have run as
/// `expected` did, if any: a run that timed out (either of them) never
/// matches; otherwise exit code and output must be equal.
pub fn lli_problem(expected: &Execution, got: &Execution) -> Option<String> {
    if got.timed_out || expected.timed_out {
        Some(format!(
            "lli-19 timed out: expected {expected:?}, got {got:?}"
        ))
    } else if got != expected {
        Some(format!(
            "lli-19 output differs from the input's: expected {expected:?}, got {got:?}"
        ))
    } else {
        None
    }
}

/// Whether the module in `path` defines `main`.
pub fn has_main(path: &Path) -> bool {
    std::fs::read_to_string(path).is_ok_and(|t| t.contains("@main("))
}

/// What `opt-19 -passes=verify` says about a module. Read it through
/// [`Verdict::problem`] (or [`verify_problem`]): a module is fine only when
/// opt-19 accepts it *and prints nothing*.
pub struct Verdict {
    /// Whether it exited successfully.
    accepted: bool,
    /// What it printed on standard error.
    stderr: String,
}

impl Verdict {
    /// Accepted without a word. opt-19 accepts a module whose debug info is
    /// invalid (a `#dbg_value` whose location is in another function, an
    /// inlinable call without a `!dbg` in a function with debug info, ...):
    /// it drops all its debug info and warns `ignoring invalid debug info
    /// in FILE`. Anything opt-19 prints is a complaint here.
    pub fn clean(&self) -> bool {
        self.accepted && self.stderr.trim().is_empty()
    }

    /// Why the module is not fine, if it is not: opt-19 rejects it, or
    /// accepts it with a complaint (invalid debug info).
    pub fn problem(&self) -> Option<String> {
        if self.clean() {
            None
        } else if !self.accepted {
            Some(format!(
                "opt-19 -passes=verify rejects the output:\n{}",
                self.stderr
            ))
        } else if self.stderr.contains("invalid debug info") {
            Some(format!(
                "opt-19 -passes=verify accepts the output but drops its invalid debug info:\n{}",
                self.stderr
            ))
        } else {
            Some(format!(
                "opt-19 -passes=verify accepts the output with a complaint:\n{}",
                self.stderr
            ))
        }
    }
}

/// Runs `opt-19 -passes=verify` on the module in `path` (under
/// `loopwright_testkit::run::TIMEOUT`).
pub fn verify(path: &Path) -> Verdict {
    let v = execute(
        Command::new("opt-19")
            .args(["-passes=verify", "-disable-output"])
            .arg(path),
    );
    Verdict {
        accepted: v.status.success(),
        stderr: String::from_utf8_lossy(&v.stderr).into_owned(),
    }
}

/// The one check of every suite that verifies a module with opt-19:
/// [`verify`]'s [`Verdict::problem`], `None` when opt-19 accepts the module
/// in `path` without a word.
pub fn verify_problem(path: &Path) -> Option<String> {
    verify(path).problem()
}

/// Runs loopwright (`bin`) and `opt-19` on `input` with `-passes=pipeline`,
/// the options `extra` and [`REMARK_FLAGS`]. loopwright writes `ours`.
/// `opt-19` writes `theirs` (with `-S`), or nothing (`-disable-output`) when
/// `theirs` is `None`. Returns loopwright's output, then opt-19's.
pub fn run_both<S: AsRef<OsStr>>(
    bin: &str,
    pipeline: &str,
    extra: &[S],
    input: &Path,
    ours: &Path,
    theirs: Option<&Path>,
) -> (Output, Output) {
    let o = execute(
        Command::new(bin)
            .arg(format!("-passes={pipeline}"))
            .args(extra)
            .args(REMARK_FLAGS)
            .arg(input)
            .arg("-o")
            .arg(ours),
    );
    let mut t = Command::new("opt-19");
    if theirs.is_some() {
        t.arg("-S");
    }
    t.arg(format!("-passes={pipeline}"))
        .args(extra)
        .args(REMARK_FLAGS);
    match theirs {
        Some(theirs) => t.arg(input).arg("-o").arg(theirs),
        None => t.arg("-disable-output").arg(input),
    };
    (o, execute(&mut t))
}

/// The problems of a [`run_both`] run: loopwright's output `o` (written to
/// `ours`) against opt-19's `t`. When either tool failed, that is the only
/// problem reported. Otherwise the problems are these, in this order:
/// `opt-19 -passes=verify` does not accept `ours` without a word
/// ([`verify_problem`]: invalid debug info fails); `ours` does not run as the input did (`expected`,
/// when the input is runnable); the remarks printed differ. An empty list
/// means the run conforms.
pub fn run_problems(
    o: &Output,
    t: &Output,
    ours: &Path,
    expected: Option<&Execution>,
) -> Vec<String> {
    if !o.status.success() {
        return vec![format!(
            "loopwright failed: {}",
            String::from_utf8_lossy(&o.stderr)
        )];
    }
    if !t.status.success() {
        return vec![format!(
            "opt-19 failed: {}",
            String::from_utf8_lossy(&t.stderr)
        )];
    }
    let mut problems = Vec::new();
    problems.extend(verify_problem(ours));
    if let Some(p) = expected.and_then(|exp| lli_problem(exp, &lli(ours))) {
        problems.push(p);
    }
    if o.stderr != t.stderr {
        problems.push(format!(
            "remarks differ:\n--- loopwright\n{}--- opt-19\n{}",
            String::from_utf8_lossy(&o.stderr),
            String::from_utf8_lossy(&t.stderr)
        ));
    }
    problems
}

/// A run of one pipeline on one program by both tools, compared.
pub struct Compared {
    /// `name [pipeline options]`, for messages.
    pub tag: String,
    /// loopwright's output.
    pub ours: PathBuf,
    /// opt-19's output.
    pub theirs: PathBuf,
    /// Empty when the run conforms.
    pub problems: Vec<String>,
    /// The debug records found equal to opt-19's (0 when the run failed
    /// before they were compared).
    pub debug_records: usize,
}

/// Runs `pipeline` with the options `extra` on `program` through both
/// tools ([`run_both`]). The outputs go to `<work>/<name>.<k>.lw.ll` and
/// `<work>/<name>.<k>.opt.ll`. The run is checked with [`run_problems`].
/// When it has no problem, every function must also have the same multiset
/// of `llvm.loop` attribute sets in both outputs ([`loop_attr_multisets`]),
/// and then the same debug records ([`compare_debug_records`]).
pub fn compare_with_opt(
    bin: &str,
    work: &Path,
    program: &Program,
    expected: Option<&Execution>,
    k: usize,
    (pipeline, extra): (&str, &[&str]),
) -> Compared {
    let name = &program.name;
    let tag = format!("{name} [{pipeline} {}]", extra.join(" "));
    let ours = work.join(format!("{name}.{k}.lw.ll"));
    let theirs = work.join(format!("{name}.{k}.opt.ll"));
    let (o, t) = run_both(bin, pipeline, extra, &program.path, &ours, Some(&theirs));
    let mut problems = run_problems(&o, &t, &ours, expected);
    if problems.is_empty() && loop_attr_multisets(&ours) != loop_attr_multisets(&theirs) {
        problems.push("llvm.loop attribute sets differ".into());
    }
    let mut debug_records = 0;
    if problems.is_empty() {
        match compare_debug_records(&ours, &theirs) {
            Ok(n) => debug_records = n,
            Err(p) => problems.push(p),
        }
    }
    Compared {
        tag,
        ours,
        theirs,
        problems,
        debug_records,
    }
}

/// Calls `visit` on every defined function of the module in `path`, with
/// the module, the function's name (`?` when it has none), the function,
/// and its CFG and loops.
pub fn for_each_function(
    path: &Path,
    mut visit: impl FnMut(&Module, &str, &Function, &ControlFlowGraph, &LoopForest),
) {
    let text =
        std::fs::read(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let m = loopwright_parse::parse_module(&text, "out.ll").expect("output parses");
    for (_, f) in m.functions.iter() {
        if f.is_declaration() {
            continue;
        }
        let cfg = ControlFlowGraph::compute(f);
        let dt = DominatorTree::compute(&cfg);
        let lf = LoopForest::compute(&cfg, &dt);
        visit(&m, f.name().unwrap_or("?"), f, &cfg, &lf);
    }
}

/// Per defined function (by name, `?` when it has none): the rendered
/// `!llvm.loop` attribute sets of its loops, in loop preorder.
pub fn loop_attr_sets(path: &Path) -> BTreeMap<String, Vec<Vec<String>>> {
    let mut out = BTreeMap::new();
    for_each_function(path, |m, name, f, cfg, lf| {
        let sets = lf
            .preorder()
            .into_iter()
            .map(|l| render_attr_set(m, lf.loop_id(f, &m.md, cfg, l)))
            .collect();
        out.insert(name.to_owned(), sets);
    });
    out
}

/// [`loop_attr_sets`] as a multiset per function: each set sorted, and
/// the list of sets sorted.
pub fn loop_attr_multisets(path: &Path) -> BTreeMap<String, Vec<Vec<String>>> {
    let mut out = loop_attr_sets(path);
    for sets in out.values_mut() {
        for s in sets.iter_mut() {
            s.sort();
        }
        sets.sort();
    }
    out
}

/// Per defined function (by name, `?` when it has none): its debug records
/// (`#dbg_value`, `#dbg_declare`, `#dbg_assign`, `#dbg_label`) as a sorted
/// list, each rendered without value names or metadata numbers, so that
/// two modules can be compared:
/// - a value is its type and what defines it: `%argN` for parameter N, else
///   `%` and the opcode of its instruction (`i32 %add`); constants are
///   written out (`i64 3`, `ptr poison`);
/// - `!DIArgList(...)` lists its entries that way;
/// - metadata nodes are written out by content ([`render_md`]): the
///   variable's name, line, argument number and scope, the expression's
///   operations, the location's line, column, scope and inlining.
///
/// Where a record stands is not compared: the code around it may differ
/// from opt-19's in ways other tests count (instruction order after
/// folding), and a record then follows other instructions.
pub fn debug_record_multisets(path: &Path) -> BTreeMap<String, Vec<String>> {
    let mut out = BTreeMap::new();
    for_each_function(path, |m, name, f, _, _| {
        let mut records = Vec::new();
        for b in f.layout.blocks() {
            for i in f.layout.block_insts(b) {
                let data = f.inst(i);
                if !data.opcode.is_debug_record() {
                    continue;
                }
                let ops: Vec<String> = data
                    .operands()
                    .iter()
                    .map(|&op| render_record_operand(m, f, op))
                    .collect();
                records.push(format!("#{}({})", data.opcode.name(), ops.join(", ")));
            }
        }
        records.sort();
        out.insert(name.to_owned(), records);
    });
    out
}

/// One operand of a debug record, for [`debug_record_multisets`].
fn render_record_operand(m: &Module, f: &Function, op: loopwright_ir::Operand) -> String {
    use loopwright_ir::{print::type_to_string, Operand, ValueDef};
    let value = |v: loopwright_ir::Value| {
        let def = match f.value_def(v) {
            ValueDef::Param(n) => format!("arg{n}"),
            ValueDef::Result(i) => f.inst(i).opcode.name().to_owned(),
            ValueDef::Placeholder => "?".to_owned(),
        };
        format!("{} %{def}", type_to_string(m, f.value_type(v)))
    };
    match op {
        Operand::Value(v) | Operand::MdLocal(v) => value(v),
        Operand::Const(c) | Operand::Md(loopwright_ir::Md::Const(c)) => render_const(m, c),
        Operand::MdArgList(al) => {
            let entries: Vec<String> = f
                .arg_list(al)
                .iter()
                .map(|&o| render_record_operand(m, f, o))
                .collect();
            format!("!DIArgList({})", entries.join(", "))
        }
        Operand::Md(md) => render_md(m, md, 2),
        Operand::Block(_) => "label".to_owned(),
    }
}

/// A constant with its type, for [`debug_record_multisets`].
fn render_const(m: &Module, c: loopwright_ir::Const) -> String {
    use loopwright_ir::ConstData;
    let ty = loopwright_ir::print::type_to_string(m, m.consts.ty(c));
    let val = match m.consts.data(c) {
        ConstData::Int { val, .. } => match val.as_i64() {
            Some(x) => x.to_string(),
            None => format!("{:?}", val.words()),
        },
        ConstData::Float { bits, .. } => format!("0x{bits:X}"),
        ConstData::Null(_) => "null".to_owned(),
        ConstData::Undef(_) => "undef".to_owned(),
        ConstData::Poison(_) => "poison".to_owned(),
        ConstData::Zero(_) => "zeroinitializer".to_owned(),
        ConstData::Global { global, .. } => format!("@{}", m.global_name(*global).unwrap_or("?")),
        _ => "constant".to_owned(),
    };
    format!("{ty} {val}")
}

/// A metadata operand written out by content, for
/// [`debug_record_multisets`]: a variable as its name, line, argument
/// number and scope; a location as its line, column, scope and the
/// location it is inlined at; other nodes field by field, `depth` levels
/// deep (deeper nodes by their kind only).
fn render_md(m: &Module, md: loopwright_ir::Md, depth: u32) -> String {
    use loopwright_ir::{Md, MdBody, MdFieldValue};
    let Md::Node(n) = md else {
        return match md {
            Md::Str(s) => format!("!{:?}", String::from_utf8_lossy(m.md.str_bytes(s))),
            Md::Const(c) => render_const(m, c),
            Md::Node(_) => unreachable!(),
        };
    };
    let field = |name: &str| match m.md.field(n, name) {
        Some(MdFieldValue::Str(s)) => format!("{:?}", String::from_utf8_lossy(s)),
        Some(MdFieldValue::Int(x)) => x.to_string(),
        _ => "0".to_owned(),
    };
    let scope = |name: &str| match m.md.node_field(n, name) {
        Some(s) => format!(
            "{} {}",
            m.md.special_kind(s).unwrap_or("?"),
            match m.md.field(s, "name") {
                Some(MdFieldValue::Str(x)) => format!("{:?}", String::from_utf8_lossy(x)),
                _ => format!("line {}", m.md.int_field(s, "line").unwrap_or(0)),
            }
        ),
        None => "none".to_owned(),
    };
    let data = m.md.node(n);
    match m.md.special_kind(n) {
        Some("DILocalVariable") => {
            return format!(
                "var {} line {} arg {} in {}",
                field("name"),
                field("line"),
                field("arg"),
                scope("scope")
            )
        }
        Some("DILabel") => {
            return format!(
                "label {} line {} in {}",
                field("name"),
                field("line"),
                scope("scope")
            )
        }
        Some("DILocation") => {
            let inlined = match m.md.node_field(n, "inlinedAt") {
                Some(at) => format!(" inlined at ({})", render_md(m, Md::Node(at), depth)),
                None => String::new(),
            };
            return format!(
                "loc {}:{} in {}{inlined}",
                field("line"),
                field("column"),
                scope("scope")
            );
        }
        _ => {}
    }
    let distinct = if data.distinct { "distinct " } else { "" };
    match &data.body {
        MdBody::Tuple(ops) if depth == 0 => format!("{distinct}!{{{} ops}}", ops.len()),
        MdBody::Tuple(ops) => {
            let ops: Vec<String> = ops
                .iter()
                .map(|o| o.map_or("null".to_owned(), |o| render_md(m, o, depth - 1)))
                .collect();
            format!("{distinct}!{{{}}}", ops.join(", "))
        }
        MdBody::Special { kind, .. } if depth == 0 => format!("{distinct}!{}", &**kind),
        MdBody::Special { kind, fields } => {
            let fields: Vec<String> = fields
                .iter()
                .map(|fld| {
                    let v = match &fld.value {
                        MdFieldValue::Null => "null".to_owned(),
                        MdFieldValue::Int(x) => x.to_string(),
                        MdFieldValue::Bool(b) => b.to_string(),
                        MdFieldValue::Str(s) => format!("{:?}", String::from_utf8_lossy(s)),
                        MdFieldValue::Md(x) => render_md(m, *x, depth - 1),
                        MdFieldValue::Ident(x) => x.to_string(),
                        MdFieldValue::Flags(x) => x
                            .iter()
                            .map(|y| y.to_string())
                            .collect::<Vec<_>>()
                            .join("|"),
                    };
                    if fld.name.is_empty() {
                        v
                    } else {
                        format!("{}: {v}", &*fld.name)
                    }
                })
                .collect();
            format!("{distinct}!{}({})", &**kind, fields.join(", "))
        }
    }
}

/// How the problem [`compare_debug_records`] reports starts.
pub const RECORDS_DIFFER: &str = "debug records differ:";

/// Why the debug records of some runs differ from opt-19's, for the suites'
/// exemptions: the order of LLVM's clean-up after unrolling and peeling.
pub const NO_IV_SIMPLIFICATION: &str = "after partial unrolling and peeling LLVM runs \
     simplifyLoopIVs before RemoveRedundantDbgInstrs scans each block: it folds \
     header phis and deletes exit compares left dead, so records that end up \
     consecutive (a latch's `#dbg_value(poison, s)` and the merged next header's \
     `#dbg_value(%v, s)`) or that repeat a value lose the earlier one, and a \
     deleted add is salvaged into a DIExpression; loopwright's IV \
     simplification after unrolling does not yet fold the same phis and \
     compares, so a dead compare still separates the records and constants \
     fold in another order (the code is the same)";

/// A run's `problems` with the debug-record difference cleared when the run
/// (`tag`) is exempt in `known`: the difference is recorded there, and a
/// listed run whose records match is reported by `known.stale`.
pub fn exempt_record_difference(
    known: &mut loopwright_testkit::Allowlist,
    tag: &str,
    problems: &mut Vec<String>,
) {
    let differ = matches!(&problems[..], [p] if p.starts_with(RECORDS_DIFFER));
    if known.check(tag, differ) && differ {
        problems.clear();
    }
}

/// The debug records of the modules in `ours` and `theirs` compared
/// ([`debug_record_multisets`]): `Ok(n)` when every function has the same
/// ones (`n` records in all, which the suites count), else the problem: for
/// each function that differs, the records only one side has.
pub fn compare_debug_records(ours: &Path, theirs: &Path) -> Result<usize, String> {
    let (a, b) = (debug_record_multisets(ours), debug_record_multisets(theirs));
    if a == b {
        return Ok(a.values().map(Vec::len).sum());
    }
    let mut lines = vec![RECORDS_DIFFER.to_owned()];
    let empty = Vec::new();
    let names: std::collections::BTreeSet<&String> = a.keys().chain(b.keys()).collect();
    for name in names {
        let (x, y) = (a.get(name).unwrap_or(&empty), b.get(name).unwrap_or(&empty));
        if x == y {
            continue;
        }
        lines.push(format!("  @{name}:"));
        for (side, mine, other) in [("loopwright", x, y), ("opt-19", y, x)] {
            let mut rest = other.clone();
            for r in mine {
                match rest.iter().position(|o| o == r) {
                    Some(p) => {
                        rest.remove(p);
                    }
                    None => lines.push(format!("    only {side}: {r}")),
                }
            }
        }
    }
    Err(lines.join("\n"))
}

/// The module in `path` read back through `opt-19 -S` (which normalizes
/// what LLVM normalizes on reading, e.g. intrinsic attributes). Every local
/// name is dropped: blocks, instruction results, parameters. The entries of
/// every phi are sorted by block position. Two such modules print the same
/// when their code is the same up to naming and phi entry order.
pub fn anonymized(path: &Path) -> Module {
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
        for v in f.params.clone() {
            f.set_value_name(v, None);
        }
    }
    m
}

/// [`anonymized`] printed, without comment lines and trailing comments:
/// equal texts mean the same code up to naming and phi entry order.
pub fn structural_text(path: &Path) -> String {
    loopwright_ir::print::print_module(&anonymized(path))
        .lines()
        .filter(|l| !l.starts_with(';'))
        .map(|l| l.split(" ; ").next().unwrap_or(l).trim_end())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The passing and failing runs of a test.
#[derive(Default)]
pub struct Tally {
    pub passed: usize,
    pub failed: usize,
    /// `tag: problems` per failing run.
    failures: Vec<String>,
}

impl Tally {
    /// Counts the run `tag`: it passes when `problems` is empty.
    pub fn record(&mut self, tag: &str, problems: &[String]) {
        if problems.is_empty() {
            self.passed += 1;
        } else {
            self.failed += 1;
            self.failures
                .push(format!("{tag}: {}", problems.join("; ")));
        }
    }

    /// Prints each failing run on a line `FAIL tag: problems`.
    pub fn print_failures(&self) {
        for f in &self.failures {
            eprintln!("FAIL {f}");
        }
    }

    /// Prints `N passed, M failed`, then fails the test when fewer than
    /// `min_passed` runs passed or any run failed.
    pub fn finish(&self, min_passed: usize) {
        eprintln!("{} passed, {} failed", self.passed, self.failed);
        assert!(self.passed >= min_passed, "too few runs");
        assert!(
            self.failures.is_empty(),
            "{} conformance failures",
            self.failed
        );
    }
}

/// The input of the suites' self-tests, under the repository root: a
/// runnable program whose stores, `add` and debug records all matter
/// (it prints 88).
pub const SELF_TEST_INPUT: &str = "tests/selftest/sum.ll";

/// [`SELF_TEST_INPUT`] as a [`Program`] named `selftest`.
pub fn self_test_program() -> Program {
    let path = root().join(SELF_TEST_INPUT);
    let source = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    Program {
        name: "selftest".into(),
        path,
        source,
        from_c: false,
        debug: true,
    }
}

/// Deliberately wrong outputs: an `add` turned into `sub`.
pub const ADD_TO_SUB: &str = "add-to-sub";
/// Deliberately wrong outputs: a store dropped.
pub const DROPPED_STORE: &str = "dropped-store";
/// Deliberately wrong outputs: a debug record dropped.
pub const DROPPED_DEBUG_RECORD: &str = "dropped-debug-record";
/// Deliberately wrong outputs: invalid debug info (a debug record given a
/// location in another function; opt-19 accepts the module, drops its
/// debug info and warns).
pub const INVALID_DEBUG_INFO: &str = "invalid-debug-info";

/// The module `reference` (an output for [`SELF_TEST_INPUT`]) made wrong in
/// each of the four ways, written beside it as `<reference>.<what>.ll`:
/// ([`ADD_TO_SUB`], path) turns @sum's running total `%s.next = add` into
/// `sub` (the copy that keeps that name runs in every pipeline: a
/// remainder or prologue copy may not run at all), ([`DROPPED_STORE`], path) drops the first store
/// (@main's `a[0] = 1`), ([`DROPPED_DEBUG_RECORD`], path) drops the first
/// debug record, ([`INVALID_DEBUG_INFO`], path) gives the first debug
/// record (in @sum) a location in @main
/// (`loopwright_testkit::mutate::misplace_debug_location`). Panics when an
/// edit finds nothing to change.
pub fn wrong_outputs(reference: &Path) -> Vec<(&'static str, PathBuf)> {
    use loopwright_testkit::mutate;
    let text = std::fs::read_to_string(reference)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", reference.display()));
    let edits = [
        (
            ADD_TO_SUB,
            mutate::flip_add_to_sub(&text, |l| l.trim_start().starts_with("%s.next = add")),
        ),
        (DROPPED_STORE, mutate::drop_store(&text, |_| true)),
        (
            DROPPED_DEBUG_RECORD,
            mutate::drop_debug_record(&text, |_| true),
        ),
        (
            INVALID_DEBUG_INFO,
            mutate::misplace_debug_location(&text, |_| true),
        ),
    ];
    edits
        .into_iter()
        .map(|(what, wrong)| {
            let wrong = wrong
                .unwrap_or_else(|| panic!("{}: nothing to edit for {what}", reference.display()));
            let path = reference.with_extension(format!("{what}.ll"));
            std::fs::write(&path, wrong)
                .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
            (what, path)
        })
        .collect()
}

/// A stand-in for loopwright (`loopwright_testkit::standin`): `opt-19 -S`
/// with the arguments loopwright is given, with what it writes replaced by
/// the files of `wrong`; `<work>/<name>`. With `Wrong::default()` it is
/// opt-19 itself, which every comparator must accept.
pub fn stand_in(work: &Path, name: &str, wrong: &loopwright_testkit::standin::Wrong) -> String {
    loopwright_testkit::standin::write(work, name, "opt-19 -S", &[], wrong)
        .to_string_lossy()
        .into_owned()
}
