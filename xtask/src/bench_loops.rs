//! `cargo xtask bench-loops [--runs N] [--loops A,B,...]`: how the loop
//! passes scale with the number of loops in one function.
//!
//! For each size, `loopwright_testkit::shapes::sequential_loops` (the
//! hostile-input test's shape: guarded top-tested loops in a row) is
//! written to `target/bench-loops/seqN.ll`, and each pass runs on it in
//! loopwright and in opt-19: `loop-rotate`, `loop-simplify`, `lcssa`,
//! `loop-unroll`, `loop-unroll-full` (opt: `loop(loop-unroll-full)`), the
//! default pipeline (opt: its equivalent, as `bench-compile` maps it) and
//! `loopwright analyze --json` (opt: `print<scalar-evolution>` without
//! expression classification). Both include parsing and printing (opt
//! with `-S`). Reports the median CPU time (user + system) of N
//! interleaved runs after a warm-up, the ratio and peak RSS; CPU time,
//! because the machine is shared and wall time follows its load.
//! `LOOPWRIGHT_BIN=PATH` times that binary instead of building one.

use crate::{measure, stats, target_dir, workspace_root};
use anyhow::{bail, ensure, Context, Result};
use std::path::Path;
use std::process::Command;

const USAGE: &str = "usage: cargo xtask bench-loops [--runs N] [--loops A,B,...]";

/// Entry point.
pub(crate) fn main(args: &[String]) -> Result<()> {
    let mut runs = 3usize;
    let mut sizes: Vec<usize> = vec![1_000, 4_000, 25_000];
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let (name, value) = match a.split_once('=') {
            Some((n, v)) => (n, Some(v.to_owned())),
            None => (a.as_str(), None),
        };
        let mut value = || -> Result<String> {
            match &value {
                Some(v) => Ok(v.clone()),
                None => it
                    .next()
                    .cloned()
                    .with_context(|| format!("{name} needs a value\n{USAGE}")),
            }
        };
        match name {
            "--runs" => {
                let v = value()?;
                runs = v
                    .parse()
                    .with_context(|| format!("--runs {v:?} is not a number"))?;
            }
            "--loops" => {
                let v = value()?;
                sizes = v
                    .split(',')
                    .map(|s| s.trim().parse::<usize>())
                    .collect::<Result<_, _>>()
                    .with_context(|| format!("--loops {v:?} is not a list of numbers"))?;
            }
            _ => bail!("unexpected argument {a:?}\n{USAGE}"),
        }
    }
    ensure!(runs >= 1, "--runs must be at least 1");
    ensure!(
        !sizes.is_empty() && sizes.iter().all(|&n| n >= 1),
        "--loops needs sizes of at least 1"
    );
    bench_loops(runs, &sizes)
}

/// One measured pass: its name, loopwright's arguments and opt-19's
/// (before the input).
struct Pass {
    name: &'static str,
    loopwright: Vec<String>,
    opt: Vec<String>,
}

fn passes(default_opt: &str) -> Vec<Pass> {
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    let mut out = Vec::new();
    for (name, opt) in [
        ("loop-rotate", "loop-rotate"),
        ("loop-simplify", "loop-simplify"),
        ("lcssa", "lcssa"),
        ("loop-unroll", "loop-unroll"),
        ("loop-unroll-full", "loop(loop-unroll-full)"),
    ] {
        out.push(Pass {
            name,
            loopwright: vec![format!("--passes={name}")],
            opt: s(&["-S", &format!("-passes={opt}")]),
        });
    }
    out.push(Pass {
        name: "default pipeline",
        loopwright: Vec::new(),
        opt: s(&["-S", &format!("-passes={default_opt}")]),
    });
    out.push(Pass {
        name: "analyze --json",
        loopwright: s(&["analyze", "--json"]),
        opt: s(&[
            "-passes=print<scalar-evolution>",
            "-scalar-evolution-classify-expressions=0",
            "-disable-output",
        ]),
    });
    out
}

fn bench_loops(runs: usize, sizes: &[usize]) -> Result<()> {
    crate::require_tools(&[crate::matrix::OPT, crate::matrix::CLANG])?;
    let root = workspace_root();
    let target = target_dir(&root);
    let dir = target.join("bench-loops");
    std::fs::create_dir_all(&dir).with_context(|| format!("create {}", dir.display()))?;
    let lw = crate::bench::loopwright_bin(&root, &target)?;
    let default_opt = crate::bench::opt_equivalent(&crate::bench::default_pipeline_text(&lw)?)?;
    println!(
        "bench-loops: loopwright = {}; {} (-target-cpu {}); load average {}; {runs} interleaved runs after a warm-up",
        lw.display(),
        cpu_model(),
        target_cpu(),
        crate::bench::loadavg()
    );
    let out_file = dir.join("out.ll");
    let mut rows: Vec<String> = Vec::new();
    for &n in sizes {
        let input = dir.join(format!("seq{n}.ll"));
        write_if_changed(&input, &loopwright_testkit::shapes::sequential_loops(n))?;
        for pass in passes(&default_opt) {
            let lw_cmd = || {
                let mut c = Command::new(&lw);
                c.args(&pass.loopwright).arg(&input);
                if pass.name != "analyze --json" {
                    c.arg("-o").arg(&out_file);
                }
                c
            };
            let opt_cmd = || {
                let mut c = Command::new(crate::matrix::OPT);
                c.args(&pass.opt).arg(&input);
                if pass.name != "analyze --json" {
                    c.arg("-o").arg(&out_file);
                }
                c
            };
            let what = format!("{n} loops, {}", pass.name);
            measure(&mut lw_cmd(), &format!("loopwright ({what})"))?;
            measure(&mut opt_cmd(), &format!("opt-19 ({what})"))?;
            let (mut a, mut b) = (Vec::new(), Vec::new());
            for _ in 0..runs {
                a.push(measure(&mut lw_cmd(), &format!("loopwright ({what})"))?);
                b.push(measure(&mut opt_cmd(), &format!("opt-19 ({what})"))?);
            }
            let (sa, sb) = (stats(&a), stats(&b));
            let row = format!(
                "| {n} | {} | {:.2} s | {:.2} s | {:.2} | {:.0} / {:.0} MiB |",
                pass.name,
                sa.cpu_median,
                sb.cpu_median,
                sa.cpu_median / sb.cpu_median.max(1e-9),
                sa.peak_rss_mib,
                sb.peak_rss_mib
            );
            println!("{row}");
            rows.push(row);
        }
    }
    println!();
    println!(
        "| loops | pass | loopwright CPU | opt-19 CPU | ratio | peak RSS loopwright / opt-19 |"
    );
    println!("|---:|---|---:|---:|---:|---|");
    for r in rows {
        println!("{r}");
    }
    Ok(())
}

fn write_if_changed(path: &Path, text: &str) -> Result<()> {
    if std::fs::read(path).ok().as_deref() != Some(text.as_bytes()) {
        std::fs::write(path, text).with_context(|| format!("write {}", path.display()))?;
    }
    Ok(())
}

/// The CPU's model name from `/proc/cpuinfo`.
fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_owned())
        })
        .unwrap_or_else(|| "unknown CPU".to_owned())
}

/// What clang-19 makes of `-march=native` (`-target-cpu NAME` in its
/// `-###` output).
fn target_cpu() -> String {
    let out = Command::new(crate::matrix::CLANG)
        .args(["-march=native", "-###", "-x", "c", "/dev/null"])
        .output();
    let text = out
        .map(|o| String::from_utf8_lossy(&o.stderr).into_owned())
        .unwrap_or_default();
    text.split("\"-target-cpu\" \"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .unwrap_or("unknown")
        .to_owned()
}
