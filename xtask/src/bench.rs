//! The performance proving ground: `cargo xtask bench` and
//! `cargo xtask bench-compile`.
//!
//! `bench` builds every kernel of `bench/kernels` four ways (clang -O3,
//! gcc -O3, LLVM's -O3 without its loop transformations = the floor, and
//! the same with loopwright in their place), checks each build's checksum
//! against clang's, times them (or counts instructions under callgrind)
//! and reports loopwright / other ratios. The method is documented in
//! `bench/README.md`; this module only orchestrates:
//!
//! - [`pipeline`] parses and splits LLVM's -O3 pipeline text;
//! - [`suite`] finds and selects kernels;
//! - [`build`] holds the compiler invocations of each build;
//! - [`run`] checks checksums, times runs and counts instructions;
//! - [`report`] writes the table, geometric means and `BENCHMARKS.md`;
//! - [`svg`] draws `bench/speedups.svg`;
//! - [`compile`] is `bench-compile` ([`bigc`] writes its large C file).
//!
//! Builds run in parallel (one job per kernel); measurements run one
//! process at a time, after all builds, so compiling never disturbs a
//! timing.

mod bigc;
mod build;
mod compile;
mod report;
mod run;
mod suite;
mod svg;

pub use compile::bench_compile;
pub(crate) use compile::{default_pipeline_text, opt_equivalent};

use anyhow::{bail, ensure, Context, Result};
use build::{Build, Built, Toolchain};
use loopwright::llvm_pipeline::{self as pipeline, LoopSplit};
use regex_lite::Regex;
use report::{Environment, Metric, Row};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

const BENCH_USAGE: &str = "\
usage: cargo xtask bench [--quick] [--callgrind] [--anchor] [--filter RE] [--runs N]

  --quick       smoke test: one kernel per category (or every --filter match),
                reps = 1, one run; checks checksums, times nothing meaningful
  --callgrind   count instructions inside `kernel` under valgrind instead of
                timing (builds without AVX-512, which valgrind cannot run)
  --anchor      also build the split -O3 pipeline with nothing removed (the
                sanity check: it should match clang -O3)
  --filter RE   only kernels whose name matches RE (unanchored)
  --runs N      timed runs per build (default 5)

Writes BENCHMARKS.md and bench/speedups.svg after a full timed run (no
--quick, --callgrind or --filter). LOOPWRIGHT_BIN=PATH uses that binary
instead of building one. Exits 1 when a result is wrong.";

/// Parsed `bench` options.
#[derive(Debug)]
struct Options {
    quick: bool,
    callgrind: bool,
    anchor: bool,
    filter: Option<Regex>,
    runs: usize,
}

fn parse_options(args: &[String]) -> Result<Option<Options>> {
    let mut o = Options {
        quick: false,
        callgrind: false,
        anchor: false,
        filter: None,
        runs: 5,
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let (flag, inline) = match a.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_owned())),
            _ => (a.as_str(), None),
        };
        let mut value = |name: &str| -> Result<String> {
            match &inline {
                Some(v) => Ok(v.clone()),
                None => it
                    .next()
                    .cloned()
                    .with_context(|| format!("{name} needs a value")),
            }
        };
        match flag {
            "--quick" => o.quick = true,
            "--callgrind" => o.callgrind = true,
            "--anchor" => o.anchor = true,
            "--filter" => {
                let re = value("--filter")?;
                o.filter = Some(Regex::new(&re).with_context(|| format!("bad --filter {re:?}"))?);
            }
            "--runs" => {
                let n = value("--runs")?;
                o.runs = n
                    .parse()
                    .with_context(|| format!("--runs {n:?} is not a number"))?;
                ensure!(o.runs >= 1, "--runs must be at least 1");
            }
            "--help" | "-h" => return Ok(None),
            _ => bail!("unexpected argument {a:?}\n{BENCH_USAGE}"),
        }
        if inline.is_some() && matches!(flag, "--quick" | "--callgrind" | "--anchor") {
            bail!("{flag} takes no value");
        }
    }
    ensure!(
        !(o.quick && o.callgrind),
        "--quick and --callgrind do not go together"
    );
    Ok(Some(o))
}

/// `cargo xtask bench`.
pub fn bench(args: &[String]) -> Result<()> {
    let Some(opts) = parse_options(args)? else {
        println!("{BENCH_USAGE}");
        return Ok(());
    };
    let mut tools = vec![build::CLANG, build::OPT, build::LLC, build::GCC, OBJDUMP];
    if opts.callgrind {
        tools.push("valgrind");
    }
    require(&tools)?;

    let root = crate::workspace_root();
    let target = crate::target_dir(&root);
    let work = target.join("bench");
    let all = suite::discover(&root.join("bench").join("kernels"))?;
    let kernels = suite::select(&all, opts.filter.as_ref(), opts.quick);
    ensure!(!kernels.is_empty(), "no kernel matches the filter");

    let loopwright = loopwright_bin(&root, &target)?;
    let split = o3_split()?;
    let mut cflags = vec!["-O3".to_owned(), "-march=native".to_owned()];
    if opts.callgrind && cpu_has("avx512f") {
        // valgrind 3.19 decodes no AVX-512; keep every other -march=native feature.
        cflags.push("-mno-avx512f".to_owned());
    }
    let tc = Toolchain {
        loopwright,
        split,
        cflags,
    };
    let builds = Build::selected(opts.anchor);
    let metric = if opts.quick {
        Metric::QuickTime
    } else if opts.callgrind {
        Metric::Instructions
    } else {
        Metric::Time { runs: opts.runs }
    };
    println!(
        "bench: {} of {} kernels, builds {}, loopwright = {}",
        kernels.len(),
        all.len(),
        builds
            .iter()
            .map(|b| b.name())
            .collect::<Vec<_>>()
            .join(" "),
        tc.loopwright.display()
    );

    let built = build_all(&kernels, &builds, &tc, &work)?;
    let load_start = loadavg();
    let reps = (opts.quick || opts.callgrind).then_some(1);
    let mut rows = Vec::new();
    for (i, (k, b)) in kernels.iter().zip(&built).enumerate() {
        let row = measure_kernel(k, b, &builds, metric, reps, &work)?;
        println!("[{}/{}] {}", i + 1, kernels.len(), progress(&row));
        rows.push(row);
    }

    let summary = report::summarize(&rows, opts.anchor);
    println!();
    print!("{}", report::table(&rows, &builds, metric));
    println!();
    for r in &rows {
        for (b, why) in &r.problem {
            println!("wrong: {} ({}): {why}", r.kernel.name, b.name());
        }
    }
    print!("{}", report::means(&summary));
    if opts.quick {
        println!("(--quick: reps = 1 and one run; the ratios are not measurements)");
    }
    if !opts.quick && !opts.callgrind && opts.filter.is_none() {
        let load = format!("{load_start} at the start, {} at the end", loadavg());
        let env = environment(&tc, load);
        write_reports(&root, &rows, &builds, metric, &summary, &env)?;
    }
    println!("{}", report::final_line(&summary));
    ensure!(
        summary.wrong == 0,
        "{} wrong result(s); see the `wrong:` lines above",
        summary.wrong
    );
    Ok(())
}

fn fmt_opt(r: Option<f64>) -> String {
    r.map_or_else(|| "-".to_owned(), |r| format!("{r:.3}"))
}

/// One line of progress for a measured kernel.
fn progress(row: &Row) -> String {
    let mut line = format!(
        "{:<30} loopwright/A={} loopwright/floor={}",
        row.kernel.name,
        fmt_opt(row.ratio(Build::Loopwright, Build::A)),
        fmt_opt(row.ratio(Build::Loopwright, Build::Floor)),
    );
    if !row.problem.is_empty() {
        let names: Vec<&str> = row.problem.keys().map(|b| b.name()).collect();
        line.push_str(&format!("  WRONG: {}", names.join(",")));
    }
    line
}

/// Writes `BENCHMARKS.md` and `bench/speedups.svg` under `root`.
fn write_reports(
    root: &Path,
    rows: &[Row],
    builds: &[Build],
    metric: Metric,
    summary: &report::Summary,
    env: &Environment,
) -> Result<()> {
    let md_path = root.join("BENCHMARKS.md");
    let md = report::markdown(rows, builds, metric, summary, env);
    std::fs::write(&md_path, md).with_context(|| format!("write {}", md_path.display()))?;
    let bars: Vec<svg::Bar> = rows
        .iter()
        .map(|r| svg::Bar {
            name: r.kernel.name.clone(),
            vs_a: r.ratio(Build::Loopwright, Build::A).map(|x| 1.0 / x),
            vs_floor: r.ratio(Build::Loopwright, Build::Floor).map(|x| 1.0 / x),
        })
        .collect();
    let svg_path = root.join("bench").join("speedups.svg");
    std::fs::write(&svg_path, svg::chart(&bars, metric.quantity()))
        .with_context(|| format!("write {}", svg_path.display()))?;
    println!("wrote {} and {}", md_path.display(), svg_path.display());
    Ok(())
}

/// Builds every kernel, two jobs at a time (one per core), in kernel order.
fn build_all(
    kernels: &[suite::Kernel],
    builds: &[Build],
    tc: &Toolchain,
    work: &Path,
) -> Result<Vec<Built>> {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<Built>>>> =
        Mutex::new((0..kernels.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..threads.min(kernels.len()) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(k) = kernels.get(i) else { break };
                let r = build::build_kernel(k, builds, tc, &work.join(&k.name))
                    .with_context(|| format!("building {}", k.name));
                let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                if n.is_multiple_of(10) || n == kernels.len() {
                    println!("bench: built {n}/{} kernels", kernels.len());
                }
                results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(r);
            });
        }
    });
    let results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    results
        .into_iter()
        .map(|r| r.unwrap_or_else(|| bail!("a build job did not finish")))
        .collect()
}

/// Checks and measures one kernel's builds.
fn measure_kernel(
    k: &suite::Kernel,
    built: &Built,
    builds: &[Build],
    metric: Metric,
    reps: Option<u64>,
    work: &Path,
) -> Result<Row> {
    let mut row = Row {
        kernel: k.clone(),
        fp: false,
        value: BTreeMap::new(),
        problem: built.failed.clone(),
        lw_is_floor: same_file(built, Build::Loopwright, Build::Floor),
        anchor_is_a: same_file(built, Build::Anchor, Build::A),
        same_kernel: BTreeMap::new(),
    };
    if let Some(lw) = built
        .exe
        .get(&Build::Loopwright)
        .and_then(|p| kernel_code(p))
    {
        for b in [Build::A, Build::Floor] {
            if let Some(other) = built.exe.get(&b).and_then(|p| kernel_code(p)) {
                row.same_kernel.insert(b, other == lw);
            }
        }
    }
    // Under callgrind the checked run is the measurement itself. Before
    // timing, the check runs one repetition (`reps` = 1): the same code on
    // the same data, at a fraction of the cost.
    let check = |b: Build, exe: &Path| -> Result<(run::Checksum, f64)> {
        if metric == Metric::Instructions {
            let profile = work
                .join(&k.name)
                .join(format!("{}.callgrind.out", b.name()));
            let (sum, count) = run::callgrind(exe, &profile, reps)?;
            Ok((sum, count as f64))
        } else {
            run::check_run(exe, Some(1))
        }
    };
    let a_exe = built.exe.get(&Build::A).context("build A is missing")?;
    let (reference, a_value) =
        check(Build::A, a_exe).with_context(|| format!("{}: build A", k.name))?;
    row.fp = reference.is_fp();
    let mut good: Vec<(Build, PathBuf)> = vec![(Build::A, a_exe.clone())];
    let mut single: BTreeMap<Build, f64> = BTreeMap::from([(Build::A, a_value)]);
    for &b in builds.iter().filter(|&&b| b != Build::A) {
        let Some(exe) = built.exe.get(&b) else {
            continue;
        };
        match check(b, exe) {
            Ok((sum, v)) if sum.agrees_with(&reference) => {
                good.push((b, exe.clone()));
                single.insert(b, v);
            }
            Ok((sum, _)) => {
                row.problem
                    .insert(b, format!("checksum {sum}, A printed {reference}"));
            }
            Err(e) => {
                row.problem.insert(b, format!("{e:#}"));
            }
        }
    }
    match metric {
        Metric::Time { runs } => {
            row.value = run::time_interleaved(&good, runs, reps)
                .with_context(|| format!("timing {}", k.name))?;
        }
        Metric::QuickTime | Metric::Instructions => {
            row.value = single
                .into_iter()
                .map(|(b, v)| (b, run::Spread::single(v)))
                .collect();
        }
    }
    Ok(row)
}

/// The disassembler of [`kernel_code`].
const OBJDUMP: &str = "llvm-objdump-19";

/// The machine code of an executable's `kernel` function, one instruction
/// per line, without what depends on where the linker placed it: branch
/// and call targets keep only their symbol and offset, RIP-relative
/// displacements and address comments are dropped. Two builds with equal
/// code run the same instructions, so their ratio is measurement noise.
/// `None` when the disassembler fails or finds no `kernel`.
fn kernel_code(exe: &Path) -> Option<String> {
    let out = Command::new(OBJDUMP)
        .args([
            "-d",
            "--no-show-raw-insn",
            "--no-leading-addr",
            "--disassemble-symbols=kernel",
        ])
        .arg(exe)
        .stderr(Stdio::null())
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    normalize_disassembly(&String::from_utf8_lossy(&out.stdout))
}

/// [`kernel_code`]'s normalization of `llvm-objdump -d` output: the lines
/// after `<kernel>:`, up to the next symbol.
fn normalize_disassembly(text: &str) -> Option<String> {
    let target = Regex::new(r"\b0x[0-9a-f]+ <").expect("valid regex");
    let rip = Regex::new(r"-?0x[0-9a-f]+\(%rip\)").expect("valid regex");
    let mut lines = text.lines().skip_while(|l| l.trim() != "<kernel>:");
    lines.next()?;
    let mut code = String::new();
    for l in lines {
        let l = l.trim();
        if l.is_empty() {
            continue;
        }
        if l.ends_with(">:") {
            break;
        }
        let l = l.split(" # ").next().unwrap_or(l);
        let l = target.replace_all(l, "<");
        let l = rip.replace_all(&l, "(%rip)");
        code.push_str(l.split_whitespace().collect::<Vec<_>>().join(" ").as_str());
        code.push('\n');
    }
    (!code.is_empty()).then_some(code)
}

/// Whether builds `x` and `y` produced byte-identical executables.
fn same_file(built: &Built, x: Build, y: Build) -> bool {
    let read = |b: Build| built.exe.get(&b).and_then(|p| std::fs::read(p).ok());
    matches!((read(x), read(y)), (Some(a), Some(b)) if a == b)
}

fn require(tools: &[&str]) -> Result<()> {
    let missing = loopwright_testkit::tools::missing(tools);
    ensure!(
        missing.is_empty(),
        "{} not found on PATH (apt-get install clang-19 llvm-19 gcc valgrind)",
        missing.join(", ")
    );
    Ok(())
}

/// The loopwright binary: `LOOPWRIGHT_BIN`, or a fresh release build.
pub(crate) fn loopwright_bin(root: &Path, target: &Path) -> Result<PathBuf> {
    match std::env::var_os("LOOPWRIGHT_BIN") {
        Some(p) if !p.is_empty() => Ok(PathBuf::from(p)),
        _ => crate::build_release(root, target),
    }
}

/// LLVM 19's -O3 pipeline text (opt-19's `default<O3>`), split around its
/// loop transformations by the split the driver uses too
/// (`loopwright::llvm_pipeline`).
pub(crate) fn o3_split() -> Result<LoopSplit> {
    let text = pipeline::opt_default_pipeline("O3")?;
    LoopSplit::from_pipeline(&text).context("splitting the -O3 pipeline")
}

/// The three load averages of `/proc/loadavg`.
pub(crate) fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|t| t.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".to_owned())
}

fn cpu_has(flag: &str) -> bool {
    std::fs::read_to_string("/proc/cpuinfo").is_ok_and(|t| {
        t.lines()
            .find(|l| l.starts_with("flags"))
            .is_some_and(|l| l.split_whitespace().any(|f| f == flag))
    })
}

/// First line of `cmd --version` whose text contains `pick` (or the first).
fn tool_version(cmd: &str, pick: &str) -> String {
    let out = Command::new(cmd)
        .arg("--version")
        .stdin(Stdio::null())
        .output();
    let text = match out {
        Ok(o) => String::from_utf8_lossy(&o.stdout).into_owned(),
        Err(_) => return "not found".to_owned(),
    };
    text.lines()
        .find(|l| l.contains(pick))
        .or_else(|| text.lines().next())
        .unwrap_or("unknown")
        .trim()
        .to_owned()
}

fn environment(tc: &Toolchain, load: String) -> Environment {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let field = |key: &str| {
        cpuinfo
            .lines()
            .find(|l| l.starts_with(key))
            .and_then(|l| l.split_once(':'))
            .map_or_else(|| "unknown".to_owned(), |(_, v)| v.trim().to_owned())
    };
    let simd: Vec<&str> = ["avx2", "avx512f", "fma"]
        .into_iter()
        .filter(|f| cpu_has(f))
        .collect();
    let machine = format!(
        "{} ({} {}; {})",
        field("model name"),
        field("vendor_id"),
        field("cpu family"),
        simd.join(", ")
    );
    let nproc = Command::new("nproc")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .unwrap_or_else(|_| "?".to_owned());
    let memory = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|m| {
            let kib: u64 = m
                .lines()
                .find(|l| l.starts_with("MemTotal:"))?
                .split_whitespace()
                .nth(1)?
                .parse()
                .ok()?;
            Some(format!("{:.0} GiB RAM", kib as f64 / (1024.0 * 1024.0)))
        })
        .unwrap_or_else(|| "RAM unknown".to_owned());
    let commit = Command::new("git")
        .arg("-C")
        .arg(crate::workspace_root())
        .args(["rev-parse", "--short", "HEAD"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .unwrap_or_else(|| "unknown".to_owned());
    Environment {
        date: report::today(),
        machine,
        nproc,
        memory,
        load,
        tools: vec![
            (
                "clang-19".to_owned(),
                tool_version(build::CLANG, "clang version"),
            ),
            ("gcc".to_owned(), tool_version(build::GCC, "gcc")),
            (
                "opt-19".to_owned(),
                tool_version(build::OPT, "LLVM version"),
            ),
        ],
        loopwright: match std::env::var_os("LOOPWRIGHT_BIN") {
            Some(p) if !p.is_empty() => format!(
                "`{}` (LOOPWRIGHT_BIN), work tree at commit {commit}; default pipeline",
                tc.loopwright.display()
            ),
            _ => format!("release build of the work tree at commit {commit}; default pipeline"),
        },
        cflags: tc.cflags.join(" "),
        before: tc.split.before.clone(),
        middle: tc.split.middle.clone(),
        after: tc.split.after.clone(),
        split_note: format!(
            "BEFORE is LLVM 19's `default<O3>` up to `{}` without {}; MIDDLE is what follows \
             up to `{}`, without {}; AFTER is the rest without {} (derived from \
             `opt-19 -passes='default<O3>' -print-pipeline-passes` by \
             `crates/driver/src/llvm_pipeline.rs`).",
            pipeline::SPLIT_AT,
            pipeline::REMOVED_BEFORE.join(", "),
            pipeline::SECOND_SPLIT_AT,
            pipeline::REMOVED_MIDDLE.join(", "),
            pipeline::REMOVED_AFTER.join(", ")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn options_parse() {
        let o = parse_options(&args(&["--quick", "--filter", "^ew_", "--runs=7"]))
            .unwrap()
            .unwrap();
        assert!(o.quick && !o.callgrind && !o.anchor);
        assert_eq!(o.runs, 7);
        assert!(o.filter.unwrap().is_match("ew_add_i8"));
        let o = parse_options(&args(&["--callgrind", "--anchor", "--filter=red"]))
            .unwrap()
            .unwrap();
        assert!(o.callgrind && o.anchor && o.filter.is_some());
        assert!(parse_options(&args(&["--help"])).unwrap().is_none());
    }

    /// Two disassemblies of one function placed at different addresses
    /// are the same code; a changed instruction is not; no `kernel` is
    /// `None`.
    #[test]
    fn kernel_code_ignores_placement_only() {
        let at = |base: &str, off: &str, rip: &str, reg: &str| {
            format!(
                "\nx:\tfile format elf64-x86-64\n\nDisassembly of section .text:\n\n<kernel>:\n\
                 \t\ttestl\t%ecx, %ecx\n\
                 \t\tjle\t0x{base} <kernel+0xd4>\n\
                 \t\tvmovss\t{rip}(%rip), %xmm0 # 0x{off} <.LCPI0_0>\n\
                 \t\taddl\t%r9d, (%rdi,{reg},4)\n\
                 \t\tcallq\t0x{off} <memset@plt>\n\
                 \t\tretq\n\n<main>:\n\t\tpushq\t%rbp\n"
            )
        };
        let a = normalize_disassembly(&at("1264", "2000", "0xe9c", "%r10")).unwrap();
        let b = normalize_disassembly(&at("5264", "6010", "-0x1e4", "%r10")).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.lines().count(), 6, "{a}");
        assert!(!a.contains("pushq"), "stops at the next symbol: {a}");
        let c = normalize_disassembly(&at("1264", "2000", "0xe9c", "%r11")).unwrap();
        assert_ne!(a, c);
        assert_eq!(normalize_disassembly("<main>:\n\tretq\n"), None);
    }

    #[test]
    fn bad_options_are_errors() {
        for bad in [
            &["--runs", "0"][..],
            &["--runs"],
            &["--runs", "x"],
            &["--filter", "("],
            &["--quick=1"],
            &["--bogus"],
            &["--quick", "--callgrind"],
        ] {
            assert!(parse_options(&args(bad)).is_err(), "{bad:?}");
        }
    }
}
