//! Hostile but valid input: the built `loopwright` binary on modules that
//! are valid LLVM 19 IR but built to make a loop optimizer explode, in
//! time, memory, output size or stack depth.
//!
//! Every module is generated here (none is committed). Each goes through
//! the default pipeline (`-O3`), `-passes=` `loop-unroll`,
//! `loop-unroll-full`, `loop-rotate`, `loop-simplify` and `lcssa`, and
//! `loopwright analyze --json`, the passes with all remarks printed
//! (`-pass-remarks=.*`, `-pass-remarks-missed=.*`,
//! `-pass-remarks-analysis=.*`). For every run:
//!
//! - the exit status is 0 (valid input must succeed);
//! - **each run takes less than [`TIME_LIMIT`] (60 s) of wall-clock time
//!   and less than [`RSS_LIMIT_KIB`] (2 GiB) of peak resident memory**,
//!   measured with `wait4` (`ru_maxrss`); a run past the time limit is
//!   killed. The bounds are generous for a debug build on a loaded
//!   two-core machine; a quadratic algorithm on these sizes takes minutes
//!   to hours (before the fixes that came with this test, a release build
//!   took 10 minutes for `loop-unroll-full` on 1,000 loops in a row, and
//!   `analyze` never finished on the 5 KiB metadata DAG below). `ru_maxrss`
//!   also counts the test process the run was forked from, until `exec`:
//!   about 35 MiB is the floor of every measurement;
//! - the output is bounded: at most ten times the input plus 1 MiB, or
//!   [`Case::max_output`] where a case allows unrolling that LLVM also
//!   does;
//! - the output module verifies: the driver runs the verifier on it before
//!   printing, the printed text is read back (`loopwright --passes=none`,
//!   under the same bounds) and, when `opt-19` is installed,
//!   `opt-19 -passes=verify` accepts it without a word
//!   (`common::verify_problem`). opt-19 is not asked about modules
//!   with metadata nested 100,000 deep: it overflows its own stack on them
//!   (segmentation fault, checked), which says nothing about our output;
//! - `analyze --json` prints valid JSON;
//! - where the metadata asks for something refused (an unroll count of
//!   2^31, a vector width of 2^20, ...), the remark or warning that says
//!   so is printed; each [`Expect`] names the runs and the text. Where
//!   opt-19 reports the same situation (and does not crash on the input),
//!   the text is LLVM's.
//!
//! Sizes: the sizes (100,000 blocks, 1,000,000 instructions, a
//! nest 200 deep, metadata 10,000 and 100,000 deep) in release builds,
//! which CI runs (`cargo test --workspace --release`). A debug build
//! divides the block and instruction counts by [`DEBUG_DIVISOR`] so that
//! the whole file stays within about two minutes of `cargo test`; metadata
//! depths and the nest depth are never reduced (stack depth is what they
//! test, and debug builds use more stack per frame). `HOSTILE_FULL=1`
//! forces the full sizes in a debug build.
//!
//! The metadata chains are numbered nodes (`!2 = !{..., !3}`), as LLVM
//! prints them. Tuples nested inline in one another (`!{!{!{...}}}`) are
//! refused past 256 levels by the parser, a deliberate limit (see
//! `tests/malformed/deep_nested_metadata_300.ll`).
//!
//! Loops in a row: [`many_loops`] (1,000 loops) and
//! [`many_loops_100k_blocks`] (25,000 loops, 150,000 blocks once in
//! loop-simplify form; 5,000 in a debug build). Every pass must be linear
//! in the number of loops there (`loop-rotate` updates its analyses for
//! each rotated loop instead of recomputing them for the function,
//! `loopwright_analysis::update`). Measured in a release build on the
//! 25,000 loops (user time; see BENCHMARKS.md): `loop-rotate` 2.9 s
//! (opt-19 3.0 s), `analyze` 2.0 s (opt-19's `print<scalar-evolution>`
//! 11.1 s), the default pipeline 2.7 s. What is left superlinear is in
//! use lists: rotation replaces uses, and a use is found by searching the
//! used value's list (`%n` has 50,000 users here).
//!
//! `HOSTILE_KEEP=DIR` keeps every input and output in `DIR`; with
//! `--nocapture` each run prints its measurements.

mod common;

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Wall-clock bound of one run.
const TIME_LIMIT: Duration = Duration::from_secs(60);
/// Peak resident memory bound of one run, in KiB (`ru_maxrss`).
const RSS_LIMIT_KIB: i64 = 2 * 1024 * 1024;
/// Debug builds divide block and instruction counts by this.
const DEBUG_DIVISOR: usize = 5;

const BIN: &str = env!("CARGO_BIN_EXE_loopwright");

/// The runs made on every case.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Run {
    /// No `-passes`: the default pipeline at `-O3`.
    Default,
    Unroll,
    UnrollFull,
    Rotate,
    Simplify,
    Lcssa,
    /// `loopwright analyze --json`.
    Analyze,
    /// `-passes=loop-vectorize`.
    Vectorize,
}

const RUNS: [Run; 8] = [
    Run::Default,
    Run::Vectorize,
    Run::Unroll,
    Run::UnrollFull,
    Run::Rotate,
    Run::Simplify,
    Run::Lcssa,
    Run::Analyze,
];

impl Run {
    fn name(self) -> &'static str {
        match self {
            Run::Default => "-O3",
            Run::Unroll => "loop-unroll",
            Run::UnrollFull => "loop-unroll-full",
            Run::Rotate => "loop-rotate",
            Run::Simplify => "loop-simplify",
            Run::Lcssa => "lcssa",
            Run::Analyze => "analyze --json",
            Run::Vectorize => "loop-vectorize",
        }
    }

    fn args(self) -> &'static [&'static str] {
        match self {
            Run::Default => &["-O3"],
            Run::Unroll => &["-passes=loop-unroll"],
            Run::UnrollFull => &["-passes=loop-unroll-full"],
            Run::Rotate => &["-passes=loop-rotate"],
            Run::Simplify => &["-passes=loop-simplify"],
            Run::Lcssa => &["-passes=lcssa"],
            Run::Analyze => &["analyze", "--json"],
            Run::Vectorize => &["-passes=loop-vectorize"],
        }
    }
}

/// A text some runs must print on standard error.
struct Expect {
    runs: &'static [Run],
    text: String,
}

impl Expect {
    fn on(runs: &'static [Run], text: impl Into<String>) -> Self {
        Expect {
            runs,
            text: text.into(),
        }
    }
}

const UNROLLERS: &[Run] = &[Run::Default, Run::Unroll, Run::UnrollFull];
const DEFAULT: &[Run] = &[Run::Default];
const VECTORIZERS: &[Run] = &[Run::Default, Run::Vectorize];

/// The tail of every `transform-warning` text.
const UNABLE: &str = ": the optimizer was unable to perform the requested transformation; the \
transformation might be disabled or specified as part of an unsupported transformation ordering";

struct Case {
    name: &'static str,
    ir: String,
    expects: Vec<Expect>,
    /// Output bound in bytes, when larger than the default (ten times the
    /// input plus 1 MiB).
    max_output: Option<usize>,
    /// Whether opt-19 can verify the outputs (see the module docs).
    opt_verifies: bool,
}

impl Case {
    fn new(name: &'static str, ir: String) -> Self {
        Case {
            name,
            ir,
            expects: Vec::new(),
            max_output: None,
            opt_verifies: true,
        }
    }

    fn expect(mut self, runs: &'static [Run], text: impl Into<String>) -> Self {
        self.expects.push(Expect::on(runs, text));
        self
    }
}

// ---------------------------------------------------------------------------
// Generators. Each returns a whole module; every one was checked with
// `opt-19 -passes=verify` when written.

fn full_size() -> bool {
    !cfg!(debug_assertions) || std::env::var_os("HOSTILE_FULL").is_some()
}

/// `n` in a release build (or with `HOSTILE_FULL`), `n / DEBUG_DIVISOR`
/// in a debug build.
fn scaled(n: usize) -> usize {
    if full_size() {
        n
    } else {
        n / DEBUG_DIVISOR
    }
}

/// The trip count of [`counted_loop`].
#[derive(Copy, Clone)]
enum Trip {
    /// `%n`, unknown.
    Unknown,
    Const(u64),
}

/// A loop adding one to `p[i]` for `i` in `0..trip`, with
/// `!llvm.loop !0 = distinct !{!0, <loop_ops>}`, followed by the metadata
/// lines `md` (which define what `loop_ops` names).
fn counted_loop(trip: Trip, loop_ops: &str, md: &str) -> String {
    let bound = match trip {
        Trip::Unknown => "%n".to_string(),
        Trip::Const(c) => c.to_string(),
    };
    format!(
        "define void @f(ptr %p, i64 %n) {{
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %a = getelementptr inbounds i32, ptr %p, i64 %i
  %v = load i32, ptr %a, align 4
  %v2 = add i32 %v, 1
  store i32 %v2, ptr %a, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, {bound}
  br i1 %c, label %loop, label %exit, !llvm.loop !0

exit:
  ret void
}}

!0 = distinct !{{!0, {loop_ops}}}
{md}"
    )
}

fn unroll_count(trip: Trip, value: &str) -> String {
    counted_loop(
        trip,
        "!1",
        &format!("!1 = !{{!\"llvm.loop.unroll.count\", {value}}}\n"),
    )
}

/// `!1` is `unroll.count 2`; `!2` starts a chain of `depth` follow-ups,
/// each giving the unrolled loop `unroll.count 2` and the next one.
fn followup_chain(depth: usize) -> String {
    let mut md = String::from("!1 = !{!\"llvm.loop.unroll.count\", i32 2}\n");
    for k in 0..depth {
        let id = 2 + k;
        if k + 1 < depth {
            md += &format!(
                "!{id} = !{{!\"llvm.loop.unroll.followup_unrolled\", !1, !{}}}\n",
                id + 1
            );
        } else {
            md += &format!("!{id} = !{{!\"llvm.loop.unroll.followup_unrolled\", !1}}\n");
        }
    }
    counted_loop(Trip::Unknown, "!1, !2", &md)
}

/// An attribute the loop passes do not know, `!{!"my.annotation", ...}`,
/// whose operand is a chain of `depth` one-operand tuples.
fn tuple_chain(depth: usize) -> String {
    let mut md = String::from("!1 = !{!\"my.annotation\", !2}\n");
    for k in 0..depth {
        let id = 2 + k;
        if k + 1 < depth {
            md += &format!("!{id} = !{{!{}}}\n", id + 1);
        } else {
            md += &format!("!{id} = !{{!\"leaf\"}}\n");
        }
    }
    counted_loop(Trip::Unknown, "!1", &md)
}

/// A chain of `depth` nodes each naming the next one `fan` times: a few
/// kilobytes, but `fan^depth` paths. `followup` makes them unroll
/// follow-ups, otherwise plain tuples under an unknown attribute.
fn md_dag(depth: usize, fan: usize, followup: bool) -> String {
    let mut md = String::from("!1 = !{!\"llvm.loop.unroll.count\", i32 2}\n");
    for k in 0..depth {
        let id = 2 + k;
        let ops = if k + 1 < depth {
            vec![format!("!{}", id + 1); fan].join(", ")
        } else {
            "!1".to_string()
        };
        if followup {
            md += &format!("!{id} = !{{!\"llvm.loop.unroll.followup_unrolled\", {ops}}}\n");
        } else if k == 0 {
            md += &format!("!{id} = !{{!\"my.annotation\", {ops}}}\n");
        } else {
            md += &format!("!{id} = !{{{ops}}}\n");
        }
    }
    counted_loop(Trip::Unknown, "!1, !2", &md)
}

/// `n` blocks in a chain, each adding, comparing and leaving early to a
/// common exit whose phi has `n` entries. No loops.
fn block_chain(n: usize) -> String {
    let mut s = String::from("define i32 @f(i32 %x) {\nentry:\n  br label %b0\n");
    for k in 0..n {
        let prev = if k == 0 {
            "%x".to_string()
        } else {
            format!("%v{}", k - 1)
        };
        s += &format!("b{k}:\n  %v{k} = add i32 {prev}, {k}\n  %c{k} = icmp eq i32 %v{k}, 7\n");
        if k + 1 < n {
            s += &format!("  br i1 %c{k}, label %exit, label %b{}\n", k + 1);
        } else {
            s += "  br label %exit\n";
        }
    }
    s += "exit:\n  %r = phi i32 ";
    for k in 0..n {
        if k > 0 {
            s += ", ";
        }
        s += &format!("[ %v{k}, %b{k} ]");
    }
    s += "\n  ret i32 %r\n}\n";
    s
}

/// One loop whose body is a chain of `diamonds` two-block diamonds.
fn loop_of_diamonds(diamonds: usize) -> String {
    let n = diamonds;
    let mut s = format!(
        "define i64 @f(i64 %n, i64 %x) {{
entry:
  br label %h
h:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %s = phi i64 [ %x, %entry ], [ %s{n}, %latch ]
  %s0 = add i64 %s, %i
  br label %d0
"
    );
    for k in 0..n {
        let next = if k + 1 < n {
            format!("d{}", k + 1)
        } else {
            "latch".to_string()
        };
        s += &format!("d{k}:\n");
        if k > 0 {
            s += &format!(
                "  %s{k} = phi i64 [ %s{p}, %d{p} ], [ %u{p}, %t{p} ]\n",
                p = k - 1
            );
        }
        s += &format!(
            "  %c{k} = icmp ult i64 %s{k}, {lim}\n  br i1 %c{k}, label %t{k}, label %{next}\n\
             t{k}:\n  %u{k} = mul i64 %s{k}, 3\n  br label %{next}\n",
            lim = k + 1000
        );
    }
    s += &format!(
        "latch:
  %s{n} = phi i64 [ %s{p}, %d{p} ], [ %u{p}, %t{p} ]
  %i.next = add nuw nsw i64 %i, 1
  %cc = icmp ult i64 %i.next, %n
  br i1 %cc, label %h, label %exit
exit:
  ret i64 %s{n}
}}
",
        p = n - 1
    );
    s
}

/// A nest of `depth` top-tested loops (as clang writes `for` loops before
/// rotation), each running `trip` times; the innermost body stores.
fn loop_nest(depth: usize, trip: Trip) -> String {
    let bound = match trip {
        Trip::Unknown => "%n".to_string(),
        Trip::Const(c) => c.to_string(),
    };
    let mut s = String::from("define void @f(ptr %p, i64 %n) {\nentry:\n  br label %h0\n");
    for k in 0..depth {
        let pre = if k == 0 {
            "entry".to_string()
        } else {
            format!("body{}", k - 1)
        };
        let body_next = if k + 1 < depth {
            format!("h{}", k + 1)
        } else {
            format!("latch{k}")
        };
        s += &format!(
            "h{k}:
  %i{k} = phi i64 [ 0, %{pre} ], [ %in{k}, %latch{k} ]
  %c{k} = icmp ult i64 %i{k}, {bound}
  br i1 %c{k}, label %body{k}, label %exit{k}
body{k}:
"
        );
        if k + 1 == depth {
            s += &format!(
                "  %a = getelementptr inbounds i64, ptr %p, i64 %i{k}\n  store i64 %i0, ptr %a, align 8\n"
            );
        }
        s += &format!("  br label %{body_next}\n");
    }
    for k in (0..depth).rev() {
        let after = if k == 0 {
            "  ret void\n".to_string()
        } else {
            format!("  br label %latch{}\n", k - 1)
        };
        s += &format!(
            "latch{k}:\n  %in{k} = add nuw nsw i64 %i{k}, 1\n  br label %h{k}\nexit{k}:\n{after}"
        );
    }
    s += "}\n";
    s
}

/// A loop whose single block holds `n` dependent adds.
fn big_body(n: usize) -> String {
    let mut s = String::with_capacity(n * 32 + 512);
    s += &format!(
        "define i64 @f(i64 %n, i64 %x) {{
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i64 [ %x, %entry ], [ %v{}, %loop ]
",
        n - 1
    );
    let mut prev = "%s".to_string();
    for k in 0..n {
        s += &format!("  %v{k} = add i64 {prev}, %i\n");
        prev = format!("%v{k}");
    }
    s += &format!(
        "  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret i64 %v{}
}}
",
        n - 1
    );
    s
}

/// A signed maximum of `n` loads written as `n - 1` compare-and-select
/// pairs (what unrolling a max reduction by a large count leaves), the
/// start of a loop's induction variable. Scalar evolution flattens each
/// select's `smax` into the next, so its operands are sorted and grouped
/// `n` times, in LLVM's order: cubic in `n` before the grouping counted
/// copies and the sort ranked loads by signature (issue 13's slow unit, a
/// 2,048-operand `smax`: 16 s, now 0.9 s; 4,096 loads: `loop-unroll` 28 s
/// of user time before, 1.3 s after; opt-19 takes 141 s on 8,192). 6,000
/// loads take minutes before the fixes, past [`TIME_LIMIT`].
fn smax_chain(n: usize) -> String {
    let mut s = String::with_capacity(n * 160 + 512);
    s += "define i16 @f(ptr %a) {\nentry:\n  %m0 = load i16, ptr %a, align 2\n";
    for k in 1..n {
        s += &format!(
            "  %g{k} = getelementptr inbounds i16, ptr %a, i64 {k}
  %l{k} = load i16, ptr %g{k}, align 2
  %c{k} = icmp sgt i16 %m{p}, %l{k}
  %m{k} = select i1 %c{k}, i16 %m{p}, i16 %l{k}
",
            p = k - 1
        );
    }
    s += &format!(
        "  br label %loop
loop:
  %i = phi i16 [ %m{last}, %entry ], [ %i.next, %loop ]
  %i.next = add nsw i16 %i, 1
  %c = icmp slt i16 %i.next, 1000
  br i1 %c, label %loop, label %exit
exit:
  ret i16 %i
}}
",
        last = n - 1
    );
    s
}

/// `loops` top-tested loops one after the other
/// ([`loopwright_testkit::shapes::sequential_loops`], also timed by
/// `cargo xtask bench-loops`).
fn sequential_loops(loops: usize) -> String {
    loopwright_testkit::shapes::sequential_loops(loops)
}

// ---------------------------------------------------------------------------
// Running and measuring.

/// What one process did.
struct Measured {
    /// The exit status, or `None` when it was killed by a signal.
    code: Option<i32>,
    signal: Option<i32>,
    wall: Duration,
    rss_kib: i64,
    stderr: String,
}

/// Runs `cmd` with standard output to `stdout` and standard error
/// captured, and measures it with `wait4`. A run past [`TIME_LIMIT`] is
/// killed (and reported with the signal).
fn measure(mut cmd: Command, stdout: &Path, work: &Path) -> Measured {
    let err_path = work.join("stderr.txt");
    let out = File::create(stdout).expect("create the stdout file");
    let err = File::create(&err_path).expect("create the stderr file");
    cmd.stdin(Stdio::null()).stdout(out).stderr(err);
    let start = Instant::now();
    let child = cmd.spawn().expect("start the process");
    let pid = child.id() as libc::pid_t;
    let mut status: libc::c_int = 0;
    // SAFETY: an all-zero `rusage` is a valid value of this plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let mut killed = false;
    let mut pause = Duration::from_millis(1);
    loop {
        // SAFETY: `pid` is our child, not yet reaped (only this loop reaps
        // it); `status` and `usage` are valid for writes.
        let r = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if r == pid {
            break;
        }
        if r < 0 && std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            panic!("wait4 failed: {}", std::io::Error::last_os_error());
        }
        if !killed && start.elapsed() > TIME_LIMIT {
            // SAFETY: the child has not been reaped, so `pid` is still ours.
            unsafe { libc::kill(pid, libc::SIGKILL) };
            killed = true;
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(20));
    }
    let wall = start.elapsed();
    drop(child);
    let exited = libc::WIFEXITED(status);
    Measured {
        code: exited.then(|| libc::WEXITSTATUS(status)),
        signal: libc::WIFSIGNALED(status).then(|| libc::WTERMSIG(status)),
        wall,
        rss_kib: usage.ru_maxrss,
        stderr: std::fs::read_to_string(&err_path).unwrap_or_default(),
    }
}

/// Whether opt-19 is installed (`loopwright_testkit::require`: an error
/// under CI, a notice otherwise; asked once per test).
fn have_opt() -> bool {
    thread_local! {
        static HAVE: std::cell::OnceCell<bool> = const { std::cell::OnceCell::new() };
    }
    HAVE.with(|h| *h.get_or_init(|| loopwright_testkit::require(&["opt-19"])))
}

/// A work directory for one case: `HOSTILE_KEEP/<case>` or a temporary
/// one that is removed at the end.
struct Work {
    dir: PathBuf,
    keep: bool,
}

impl Work {
    fn new(case: &str) -> Self {
        let (dir, keep) = match std::env::var_os("HOSTILE_KEEP") {
            Some(d) => (PathBuf::from(d).join(case), true),
            None => (
                std::env::temp_dir()
                    .join(format!("loopwright-hostile-{}-{case}", std::process::id())),
                false,
            ),
        };
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create the work directory");
        Work { dir, keep }
    }
}

impl Drop for Work {
    fn drop(&mut self) {
        if !self.keep {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// The problems of one measured run, checked against the bounds.
fn check_bounds(what: &str, m: &Measured, problems: &mut Vec<String>) {
    if m.code != Some(0) {
        let tail: String = m
            .stderr
            .lines()
            .rev()
            .take(5)
            .collect::<Vec<_>>()
            .join(" | ");
        problems.push(format!(
            "{what}: exit status {:?}, signal {:?}; stderr ends: {tail}",
            m.code, m.signal
        ));
    }
    if m.wall > TIME_LIMIT {
        problems.push(format!(
            "{what}: took {:.1} s, the bound is {} s",
            m.wall.as_secs_f64(),
            TIME_LIMIT.as_secs()
        ));
    }
    if m.rss_kib > RSS_LIMIT_KIB {
        problems.push(format!(
            "{what}: peak RSS {} MiB, the bound is {} MiB",
            m.rss_kib / 1024,
            RSS_LIMIT_KIB / 1024
        ));
    }
}

/// Runs every [`RUNS`] entry on `case` and checks everything the module
/// docs promise; panics with the list of problems.
fn check(case: Case) {
    let work = Work::new(case.name);
    let input = work.dir.join("in.ll");
    std::fs::write(&input, &case.ir).expect("write the input");
    let max_output = case.max_output.unwrap_or(10 * case.ir.len() + (1 << 20));
    let mut problems = Vec::new();
    for run in RUNS {
        let what = format!("{} [{}]", case.name, run.name());
        let out = work
            .dir
            .join(format!("out.{}.ll", run.name().replace(' ', "_")));
        let mut cmd = Command::new(BIN);
        cmd.args(run.args());
        if run != Run::Analyze {
            cmd.args([
                "-pass-remarks=.*",
                "-pass-remarks-missed=.*",
                "-pass-remarks-analysis=.*",
            ]);
        }
        let m = if run == Run::Analyze {
            cmd.arg(&input);
            measure(cmd, &out, &work.dir)
        } else {
            cmd.arg(&input).arg("-o").arg(&out);
            measure(cmd, &work.dir.join("stdout.txt"), &work.dir)
        };
        let size = std::fs::metadata(&out).map_or(0, |md| md.len() as usize);
        eprintln!(
            "hostile: {:<28} {:<17} {:>7.2} s {:>6} MiB  in {:>6} KiB  out {:>6} KiB",
            case.name,
            run.name(),
            m.wall.as_secs_f64(),
            m.rss_kib / 1024,
            case.ir.len() / 1024,
            size / 1024
        );
        check_bounds(&what, &m, &mut problems);
        if m.code != Some(0) {
            continue;
        }
        if size > max_output {
            problems.push(format!(
                "{what}: output of {size} bytes, the bound is {max_output} (input {} bytes)",
                case.ir.len()
            ));
        }
        for e in case.expects.iter().filter(|e| e.runs.contains(&run)) {
            if !m.stderr.contains(&e.text) {
                problems.push(format!(
                    "{what}: expected on standard error: {:?}\nstandard error was:\n{}",
                    e.text,
                    m.stderr.chars().take(4000).collect::<String>()
                ));
            }
        }
        if run == Run::Analyze {
            let text = std::fs::read(&out).unwrap_or_default();
            if let Err(e) = serde_json::from_slice::<serde_json::Value>(&text) {
                problems.push(format!("{what}: the output is not JSON: {e}"));
            }
            continue;
        }
        // Our reading of our output, under the same bounds.
        let again = work.dir.join("again.ll");
        let mut cmd = Command::new(BIN);
        cmd.arg("--passes=none").arg(&out).arg("-o").arg(&again);
        let r = measure(cmd, &work.dir.join("stdout.txt"), &work.dir);
        check_bounds(&format!("{what} read back"), &r, &mut problems);
        if case.opt_verifies && have_opt() {
            if let Some(p) = common::verify_problem(&out) {
                problems.push(format!(
                    "{what}: {}",
                    p.chars().take(2000).collect::<String>()
                ));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} problem(s) with {}:\n{}",
        problems.len(),
        case.name,
        problems.join("\n")
    );
}

/// The standard error of opt-19 running `passes` on `ir` with all remarks,
/// or `None` without opt-19.
fn opt_stderr(ir: &str, passes: &str, case: &str) -> Option<String> {
    if !have_opt() {
        return None;
    }
    let work = Work::new(&format!("{case}-opt"));
    let input = work.dir.join("in.ll");
    std::fs::write(&input, ir).expect("write the input");
    let out = loopwright_testkit::run(
        Command::new("opt-19")
            .arg(format!("-passes={passes}"))
            .args([
                "-disable-output",
                "-pass-remarks=.*",
                "-pass-remarks-missed=.*",
            ])
            .arg(&input),
        loopwright_testkit::run::TIMEOUT,
    );
    assert!(out.success(), "opt-19 fails on {case}");
    Some(out.stderr_text())
}

// ---------------------------------------------------------------------------
// Refused metadata.

#[test]
fn unroll_count_2_pow_31() {
    // 2^31 as an i32 is printed -2147483648. LLVM's unroller reads it
    // zero-extended, as 2147483648 copies, and runs out of memory (opt-19:
    // "unrolled loop by a factor of 2147483648 with run-time trip count",
    // then "LLVM ERROR: out of memory"). The metadata reader refuses it.
    let ir = unroll_count(Trip::Unknown, "i32 -2147483648");
    check(
        Case::new("unroll_count_2^31", ir)
            .expect(
                UNROLLERS,
                "warning: <unknown>:0:0: loop metadata in function 'f': llvm.loop.unroll.count: \
                 count -2147483648 is negative (ignored)",
            )
            .expect(
                UNROLLERS,
                "remark: <unknown>:0:0: Ignoring the unroll count in the loop metadata: count \
                 -2147483648 is negative",
            )
            .expect(
                DEFAULT,
                format!("warning: <unknown>:0:0: loop not unrolled{UNABLE}"),
            ),
    );
}

#[test]
fn unroll_count_2_pow_31_minus_1() {
    let ir = unroll_count(Trip::Unknown, "i32 2147483647");
    check(
        Case::new("unroll_count_2^31-1", ir)
            .expect(
                UNROLLERS,
                "remark: <unknown>:0:0: Ignoring the unroll count in the loop metadata: count \
                 2147483647 is above the sanity bound 1000000",
            )
            .expect(
                DEFAULT,
                format!("warning: <unknown>:0:0: loop not unrolled{UNABLE}"),
            ),
    );
}

#[test]
fn unroll_count_above_size_limit() {
    // Within the reader's bound, but 10^6 copies of the body are far past
    // the size limit: refused by the unroller with its own remark.
    let ir = unroll_count(Trip::Unknown, "i32 1000000");
    check(
        Case::new("unroll_count_10^6", ir)
            .expect(
                UNROLLERS,
                "remark: <unknown>:0:0: Unable to unroll loop by 1000000: the unrolled loop would \
                 be larger than 163840 instructions",
            )
            .expect(
                DEFAULT,
                format!("warning: <unknown>:0:0: loop not unrolled{UNABLE}"),
            ),
    );
}

#[test]
fn unroll_count_capped_by_trip_count() {
    // A count of 10^6 on a loop of 1000 iterations is capped at 1000, as
    // LLVM caps it, and the loop is unrolled completely, as opt-19 does.
    let ir = unroll_count(Trip::Const(1000), "i32 1000000");
    const DONE: &str = "remark: <unknown>:0:0: completely unrolled loop with 1000 iterations";
    if let Some(opt) = opt_stderr(&ir, "loop-unroll", "unroll_count_capped") {
        assert!(opt.contains(DONE), "opt-19 now says: {opt}");
    }
    let mut case = Case::new("unroll_count_10^6_tc_1000", ir).expect(UNROLLERS, DONE);
    // 1000 copies of a five-instruction body.
    case.max_output = Some(1 << 20);
    check(case);
}

#[test]
fn unroll_full_65536_copies() {
    // A forced full unroll of 65,536 iterations of a two-instruction body
    // (opt-19 does it too: pragma full has no size threshold, only the
    // 1,000,000-iteration bound): 65,536 copies, each remapping its uses.
    // Use lists were vectors searched from the front, which made this
    // quadratic (6.3 s; 0.3 s since uses are removed from the end; opt-19
    // takes about 100 s on this machine).
    let ir = "define void @f(ptr %p, i32 %x) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  store volatile i32 %x, ptr %p, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, 65536
  br i1 %c, label %loop, label %exit, !llvm.loop !0

exit:
  ret void
}

!0 = distinct !{!0, !1}
!1 = !{!\"llvm.loop.unroll.full\"}
"
    .to_string();
    let mut case = Case::new("unroll_full_65536", ir).expect(
        UNROLLERS,
        "remark: <unknown>:0:0: completely unrolled loop with 65536 iterations",
    );
    // 65,536 stores of about 40 bytes each.
    case.max_output = Some(8 << 20);
    check(case);
}

#[test]
fn vectorize_width_2_pow_20() {
    // Forced vectorization with an impossible width: the width is ignored
    // (the metadata lint says why), the cost model finds vectorization not
    // beneficial without a target, and transform-warning reports the
    // forced vectorization left undone, as opt-19 does on the same input.
    let ir = counted_loop(
        Trip::Unknown,
        "!1, !2",
        "!1 = !{!\"llvm.loop.vectorize.width\", i32 1048576}\n\
         !2 = !{!\"llvm.loop.vectorize.enable\", i1 true}\n",
    );
    let warning = format!("warning: <unknown>:0:0: loop not vectorized{UNABLE}");
    let not_beneficial =
        "remark: <unknown>:0:0: the cost-model indicates that vectorization is not beneficial";
    if let Some(opt) = opt_stderr(&ir, "loop-vectorize,transform-warning", "vectorize_width") {
        assert!(
            opt.contains(&warning) && opt.contains(not_beneficial),
            "opt-19 now says: {opt}"
        );
    }
    check(
        Case::new("vectorize_width_2^20", ir)
            .expect(DEFAULT, warning)
            .expect(VECTORIZERS, not_beneficial)
            .expect(
                &[Run::Default, Run::Vectorize, Run::Unroll, Run::UnrollFull],
                "warning: <unknown>:0:0: loop metadata in function 'f': \
                 llvm.loop.vectorize.width: width 1048576 is not a power of two up to 64 \
                 (ignored)",
            ),
    );
}

#[test]
fn interleave_count_2_pow_31() {
    // An interleave count of 2^31 (read as an i32, as opt-19 reads it) is
    // ignored with a warning; the cost model decides, as in opt-19.
    let ir = counted_loop(
        Trip::Unknown,
        "!1, !2",
        "!1 = !{!\"llvm.loop.interleave.count\", i32 2147483648}\n\
         !2 = !{!\"llvm.loop.vectorize.enable\", i1 true}\n",
    );
    let not_beneficial =
        "remark: <unknown>:0:0: the cost-model indicates that interleaving is not beneficial";
    if let Some(opt) = opt_stderr(&ir, "loop-vectorize", "interleave_count") {
        assert!(opt.contains(not_beneficial), "opt-19 now says: {opt}");
    }
    check(
        Case::new("interleave_count_2^31", ir)
            .expect(VECTORIZERS, not_beneficial)
            .expect(
                VECTORIZERS,
                "warning: <unknown>:0:0: loop metadata in function 'f': \
                 llvm.loop.interleave.count: interleave count 2147483648 is not a power of \
                 two up to 16 (ignored)",
            ),
    );
}

/// A loop whose hints force vectorization, storing through `n` pointers
/// (x86-64 target): every pair of them needs a run-time check.
fn stores_through_pointers(n: usize) -> String {
    let params: Vec<String> = (0..n).map(|k| format!("ptr %p{k}")).collect();
    let mut s = format!(
        "target datalayout = \"e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128\"
target triple = \"x86_64-unknown-linux-gnu\"

define void @g(ptr %a, {}, i64 %n) {{
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %ga = getelementptr inbounds float, ptr %a, i64 %i
  %va = load float, ptr %ga, align 4
",
        params.join(", ")
    );
    for k in 0..n {
        s.push_str(&format!(
            "  %g{k} = getelementptr inbounds float, ptr %p{k}, i64 %i\n  \
             %s{k} = fadd float %va, {k}.0\n  store float %s{k}, ptr %g{k}, align 4\n"
        ));
    }
    s.push_str(
        "  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop, !llvm.loop !0

exit:
  ret void
}

!0 = distinct !{!0, !1}
!1 = !{!\"llvm.loop.vectorize.enable\", i1 true}
",
    );
    s
}

#[test]
fn stores_through_1500_pointers() {
    // 1,500 stores through pointers that may alias need 1,124,250 check
    // pairs (plus those with the loaded array): LLVM 19 has no bound for
    // a loop whose hints force vectorization (opt-19 itself emits none
    // here: its alias sets saturate, see `pipeline_opt.rs`,
    // `forced_loop_with_saturated_alias_sets_is_checked`). loopwright
    // refuses more pairs than the loop has instructions, and says so;
    // without the bound the output was 266 MB.
    let n = scaled(1500).max(200);
    let pairs = n * (n - 1) / 2 + n;
    check(
        Case::new("stores_through_1500_pointers", stores_through_pointers(n))
            .expect(
                VECTORIZERS,
                format!(
                    "remark: <unknown>:0:0: loop not vectorized: cannot prove it is safe to \
                     reorder memory operations: {pairs} run-time checks needed"
                ),
            )
            .expect(
                DEFAULT,
                format!("warning: <unknown>:0:0: loop not vectorized{UNABLE}"),
            ),
    );
}

/// What every run on a follow-up chain prints: the loop is unrolled once,
/// by 2 (the count of the first level), and the unrolled loop gets the
/// next level, which asks for unrolling again: transform-warning reports
/// it, as opt-19 does.
fn followup_case(name: &'static str, ir: String) -> Case {
    Case::new(name, ir)
        .expect(
            &[Run::Default, Run::Unroll],
            "remark: <unknown>:0:0: unrolled loop by a factor of 2 with run-time trip count",
        )
        .expect(
            DEFAULT,
            format!("warning: <unknown>:0:0: loop not unrolled{UNABLE}"),
        )
}

#[test]
fn followup_chain_10k() {
    let ir = followup_chain(10_000);
    if let Some(opt) = opt_stderr(
        &ir,
        "function(loop-unroll,transform-warning)",
        "followup_chain",
    ) {
        assert!(opt.contains("unrolled loop by a factor of 2 with run-time trip count"));
        assert!(opt.contains(&format!("loop not unrolled{UNABLE}")));
    }
    check(followup_case("followup_chain_10k", ir));
}

#[test]
fn followup_chain_100k() {
    let mut case = followup_case("followup_chain_100k", followup_chain(100_000));
    case.opt_verifies = false;
    check(case);
}

#[test]
fn tuple_chain_100k() {
    let mut case = Case::new("tuple_chain_100k", tuple_chain(100_000));
    case.opt_verifies = false;
    check(case);
}

#[test]
fn metadata_dag() {
    // 16^39 paths through 40 nodes: the loop report writes a bounded part
    // (it used to walk every path).
    for followup in [true, false] {
        let name = if followup {
            "followup_dag_16^40"
        } else {
            "tuple_dag_16^40"
        };
        let mut case = Case::new(name, md_dag(40, 16, followup));
        if followup {
            case = case.expect(
                &[Run::Default, Run::Unroll],
                "remark: <unknown>:0:0: unrolled loop by a factor of 2 with run-time trip count",
            );
        }
        check(case);
    }
}

// ---------------------------------------------------------------------------
// Large functions.

#[test]
fn blocks_100k() {
    check(Case::new("blocks_100k", block_chain(scaled(100_000))));
}

#[test]
fn loop_with_100k_blocks() {
    check(Case::new(
        "loop_with_100k_blocks",
        loop_of_diamonds(scaled(50_000)),
    ));
}

#[test]
fn nest_200_deep() {
    check(Case::new("nest_200_deep", loop_nest(200, Trip::Unknown)));
}

#[test]
fn nest_200_deep_trip_count_2() {
    // Every loop runs twice: full unrolling from the inside out must stop
    // at the size thresholds, not double the code 200 times.
    check(Case::new(
        "nest_200_deep_tc_2",
        loop_nest(200, Trip::Const(2)),
    ));
}

#[test]
fn body_1m_instructions() {
    check(Case::new("body_1m", big_body(scaled(1_000_000))));
}

#[test]
fn many_loops() {
    check(Case::new(
        "many_loops_1000",
        sequential_loops(scaled(1000).max(200)),
    ));
}

#[test]
fn many_loops_100k_blocks() {
    check(Case::new(
        "many_loops_25k",
        sequential_loops(scaled(25_000)),
    ));
}

#[test]
fn smax_of_6000_loads() {
    check(Case::new("smax_of_6000_loads", smax_chain(scaled(6000))));
}
