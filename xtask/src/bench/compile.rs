//! `cargo xtask bench-compile`: loopwright's own compile time and peak
//! memory against `opt-19` running the equivalent LLVM passes, both
//! including parsing and printing, on large modules.
//!
//! loopwright runs its default pipeline (`loopwright IN -o OUT`); opt runs
//! the LLVM passes that [`PASS_EQUIVALENTS`] maps loopwright's default
//! pipeline to (`opt-19 -S -passes=... IN -o OUT`). While the default
//! pipeline is empty, opt runs [`EMPTY_PIPELINE_STAND_IN`].
//!
//! Modules, both generated from `tests/corpus/bench/big.cpp` (the
//! `bench-io` source) and regenerated when it changes:
//! - `big.O0.ll`: `clang++-19 -O0 -g` output, as `bench-io` builds it
//!   (mostly parse and print work);
//! - `big.loops.ll`: `-O3 -march=native` IR after the part of the -O3
//!   pipeline before loopwright's place: what loopwright sees in
//!   `cargo xtask bench`, with canonical loops.
//!
//! Each command runs once unmeasured, then `--runs` times interleaved;
//! wall time and peak RSS come from `wait4` (the shared `crate::measure`).

use super::build::{self, OPT};
use anyhow::{bail, ensure, Context, Result};
use loopwright::llvm_pipeline as pipeline;
use std::path::Path;
use std::process::Command;

/// loopwright pass name → the `opt-19 -passes=` text doing the same work
/// at -O3.
pub const PASS_EQUIVALENTS: &[(&str, &str)] = &[
    ("loop-unroll", "loop-unroll<O3>"),
    ("loop-unroll-full", "loop(loop-unroll-full)"),
    ("loop-unroll-and-jam", "loop-unroll-and-jam"),
    ("loop-vectorize", "loop-vectorize"),
    ("loop-distribute", "loop-distribute"),
    ("loop-interchange", "loop-interchange"),
    ("loop-versioning-licm", "loop-mssa(loop-versioning-licm)"),
    ("transform-warning", "transform-warning"),
    ("verify", "verify"),
];

/// What opt runs while loopwright's default pipeline is empty.
pub const EMPTY_PIPELINE_STAND_IN: &str = "loop-unroll";

/// The opt pipeline equivalent to loopwright's pipeline text.
pub fn opt_equivalent(loopwright_pipeline: &str) -> Result<String> {
    let parsed = pipeline::parse(loopwright_pipeline)?;
    let names = pipeline::pass_names(&parsed);
    if names.is_empty() {
        return Ok(EMPTY_PIPELINE_STAND_IN.to_owned());
    }
    let mut out = Vec::new();
    for name in names {
        match PASS_EQUIVALENTS.iter().find(|(lw, _)| *lw == name) {
            Some((_, eq)) => out.push(*eq),
            None => {
                bail!("no opt equivalent for loopwright pass {name:?}; add it to PASS_EQUIVALENTS")
            }
        }
    }
    Ok(out.join(","))
}

const USAGE: &str = "usage: cargo xtask bench-compile [--runs N]";

/// `cargo xtask bench-compile`.
pub fn bench_compile(args: &[String]) -> Result<()> {
    let runs = match crate::flag_value(args, "--runs") {
        Ok(Some(s)) => s
            .parse()
            .with_context(|| format!("--runs {s:?} is not a number"))?,
        Ok(None) => 5,
        Err(e) => bail!("{e}\n{USAGE}"),
    };
    ensure!(runs >= 1, "--runs must be at least 1");
    super::require(&[crate::matrix::CLANGXX, OPT])?;
    let root = crate::workspace_root();
    let target = crate::target_dir(&root);
    let dir = target.join("bench-compile");
    std::fs::create_dir_all(&dir).with_context(|| format!("create {}", dir.display()))?;
    let source = crate::matrix::corpus_dir(&root)
        .join("bench")
        .join("big.cpp");

    let o0 = dir.join("big.O0.ll");
    if !crate::newer_than(&o0, &source) {
        println!("bench-compile: generating {}", o0.display());
        build::run(
            Command::new(crate::matrix::CLANGXX)
                .args(["-std=gnu++20", "-w", "-O0", "-g", "-S", "-emit-llvm"])
                .arg(&source)
                .arg("-o")
                .arg(&o0),
        )?;
    }
    let loops = dir.join("big.loops.ll");
    if !crate::newer_than(&loops, &source) {
        println!("bench-compile: generating {}", loops.display());
        let pre = dir.join("big.pre.ll");
        build::run(
            Command::new(crate::matrix::CLANGXX)
                .args(["-std=gnu++20", "-w", "-O3", "-march=native"])
                .args(["-Xclang", "-disable-llvm-passes", "-S", "-emit-llvm"])
                .arg(&source)
                .arg("-o")
                .arg(&pre),
        )?;
        let split = super::o3_split()?;
        build::run(
            Command::new(OPT)
                .arg("-S")
                .arg(format!("-passes={}", split.before))
                .arg(&pre)
                .arg("-o")
                .arg(&loops),
        )?;
    }

    let lw = super::loopwright_bin(&root, &target)?;
    let lw_pipeline = default_pipeline_text(&lw)?;
    let opt_passes = opt_equivalent(&lw_pipeline)?;
    println!(
        "bench-compile: loopwright = {} (default pipeline: {:?}); opt-19 -passes={opt_passes}{}",
        lw.display(),
        lw_pipeline,
        if lw_pipeline.is_empty() {
            " (stand-in while loopwright's default pipeline is empty)"
        } else {
            ""
        }
    );

    let mut summary = Vec::new();
    for input in [&o0, &loops] {
        let lines = crate::count_lines(input)?;
        let name = input
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let lw_out = dir.join(format!("{name}.loopwright.ll"));
        let opt_out = dir.join(format!("{name}.opt.ll"));
        let lw_cmd = || {
            let mut c = Command::new(&lw);
            c.arg(input).arg("-o").arg(&lw_out);
            c
        };
        let opt_cmd = || {
            let mut c = Command::new(OPT);
            c.arg("-S")
                .arg(format!("-passes={opt_passes}"))
                .arg(input)
                .arg("-o")
                .arg(&opt_out);
            c
        };
        println!("\n{name}: {lines} lines; {runs} interleaved runs each after a warm-up");
        crate::measure(&mut lw_cmd(), "loopwright")?;
        crate::measure(&mut opt_cmd(), "opt-19")?;
        let (mut a, mut b) = (Vec::new(), Vec::new());
        for _ in 0..runs {
            a.push(crate::measure(&mut lw_cmd(), "loopwright")?);
            b.push(crate::measure(&mut opt_cmd(), "opt-19")?);
        }
        let (sa, sb) = (crate::stats(&a), crate::stats(&b));
        println!(
            "  {:<44} {:>9} {:>9} {:>9} {:>9} {:>13}",
            "command", "median s", "min s", "max s", "cpu s", "peak RSS MiB"
        );
        for (label, s) in [
            ("loopwright IN -o OUT".to_owned(), &sa),
            (format!("opt-19 -S -passes={opt_passes} IN -o OUT"), &sb),
        ] {
            println!(
                "  {:<44} {:>9.3} {:>9.3} {:>9.3} {:>9.3} {:>13.1}",
                label, s.median, s.min, s.max, s.cpu_median, s.peak_rss_mib
            );
        }
        let ratio = sa.median / sb.median;
        let cpu_ratio = sa.cpu_median / sb.cpu_median.max(1e-9);
        println!(
            "  loopwright/opt time ratio={ratio:.3} (cpu {cpu_ratio:.3}), peak RSS loopwright={:.1} MiB opt={:.1} MiB",
            sa.peak_rss_mib, sb.peak_rss_mib
        );
        summary.push((name, ratio, cpu_ratio, sa.peak_rss_mib, sb.peak_rss_mib));
    }
    println!();
    // Wall time is what a user waits for: loopwright verifies, pre-scans
    // and prints on every core (`LOOPWRIGHT_THREADS`), opt on one. CPU time
    // (all threads) is shown beside it.
    for (name, ratio, cpu_ratio, rss_lw, rss_opt) in summary {
        println!(
            "bench-compile {name}: loopwright/opt time={ratio:.3} cpu={cpu_ratio:.3} rss loopwright={rss_lw:.1} MiB opt={rss_opt:.1} MiB"
        );
    }
    Ok(())
}

/// loopwright's default pipeline as text (`-print-pipeline-passes` on an
/// empty module).
fn default_pipeline_text(lw: &Path) -> Result<String> {
    let out = build::output_with_empty_module(Command::new(lw).args([
        "-print-pipeline-passes",
        "-disable-output",
        "-",
    ]))
    .with_context(|| format!("run {}", lw.display()))?;
    ensure!(
        out.status.success(),
        "{} -print-pipeline-passes failed: {}",
        lw.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    Ok(String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_pipeline_compares_against_the_stand_in() {
        assert_eq!(opt_equivalent("").unwrap(), "loop-unroll");
    }

    #[test]
    fn passes_map_through_adaptors() {
        assert_eq!(
            opt_equivalent("function(loop(loop-unroll-full),loop-unroll<O2>)").unwrap(),
            "loop(loop-unroll-full),loop-unroll<O3>"
        );
        assert!(opt_equivalent("function(frobnicate)").is_err());
    }

    /// opt-19 accepts every equivalent (skipped with a notice without
    /// opt-19; an error under CI).
    #[test]
    fn opt19_accepts_every_equivalent() {
        if !loopwright_testkit::require(&[OPT]) {
            return;
        }
        for (_, eq) in PASS_EQUIVALENTS {
            let st = loopwright_testkit::run(
                Command::new(OPT)
                    .arg(format!("-passes={eq}"))
                    .args(["-disable-output", "-"]),
                loopwright_testkit::run::TIMEOUT,
            );
            assert!(st.success(), "opt-19 rejects -passes={eq}");
        }
    }

    #[test]
    fn every_equivalent_is_valid_pipeline_text() {
        for (lw, eq) in PASS_EQUIVALENTS {
            let p = pipeline::parse(eq).unwrap();
            assert_eq!(pipeline::print(&p), *eq, "{lw}");
        }
    }
}
