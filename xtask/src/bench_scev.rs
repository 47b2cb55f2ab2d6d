//! `cargo xtask bench-scev [--runs N] [--classify] [--unnamed]`: the cost
//! of the loop analyses on a large module.
//!
//! Times `loopwright analyze --json` (parse, verify, CFG, dominators, loops,
//! scalar evolution for every loop's backedge-taken and exit counts, loop
//! metadata, JSON) against `opt-19 -passes='print<scalar-evolution>'
//! -disable-output` (parse, verify, scalar evolution and its printer) on
//! `tests/corpus/bench/big.cpp` built by clang++-19 at `-O2 -g
//! -fno-discard-value-names` (more than 100,000 lines; `-O2` so that loops
//! are in the canonical form scalar evolution works on). Median, min and
//! max of N interleaved runs after one warm-up each, and peak RSS (wait4).
//!
//! Why value names: opt prints unnamed values and blocks (`%5`) through
//! `printAsOperand`, which builds a fresh slot tracker for the module,
//! debug-info metadata included, for each of them. On clang's default
//! output (`--unnamed`: `-O2 -g`, names discarded) that printing, not
//! scalar evolution, takes nearly all of opt's time (about 10 s against
//! 0.1 s without `-g`), which says nothing about the analysis. Keeping
//! names leaves opt with its parse, verification, analyses and a cheap
//! printer.
//!
//! By default opt runs with `-scalar-evolution-classify-expressions=0`, so
//! that both sides compute the same thing: loop counts. With `--classify`
//! opt also classifies every integer instruction, which loopwright's report
//! does not do (and which takes minutes on this module).
//! `LOOPWRIGHT_BIN=PATH` times that binary instead of building one.

use crate::{big_module, build_release, matrix, measure, stats, target_dir, workspace_root};
use anyhow::{bail, ensure, Context, Result};
use std::path::PathBuf;
use std::process::Command;

/// Entry point: parses `--runs N` (default 5), `--classify` and
/// `--unnamed`.
pub(crate) fn main(args: &[String]) -> Result<()> {
    let mut runs = 5usize;
    let mut classify = false;
    let mut unnamed = false;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let value = if a == "--runs" {
            Some(it.next().context("--runs needs a value")?.as_str())
        } else {
            a.strip_prefix("--runs=")
        };
        if let Some(v) = value {
            runs = v
                .parse()
                .with_context(|| format!("--runs {v:?} is not a number"))?;
        } else if a == "--classify" {
            classify = true;
        } else if a == "--unnamed" {
            unnamed = true;
        } else {
            bail!(
                "unexpected argument {a:?}\nusage: cargo xtask bench-scev [--runs N] [--classify] [--unnamed]"
            );
        }
    }
    ensure!(runs >= 1, "--runs must be at least 1");
    bench_scev(runs, classify, unnamed)
}

/// What a run reports, from one unmeasured run with its output kept.
struct Summary {
    loops: usize,
    constant: usize,
    computable: usize,
}

/// Counts loops and counts in `loopwright analyze --json` output. Every
/// loop has exactly one `"header"` key and one `backedge_taken_count`
/// object, printed on one line.
fn summarize_ours(json: &str) -> Summary {
    let mut s = Summary {
        loops: 0,
        constant: 0,
        computable: 0,
    };
    for line in json.lines() {
        let t = line.trim_start();
        if t.starts_with("\"header\": ") {
            s.loops += 1;
        } else if let Some(c) = t.strip_prefix("\"backedge_taken_count\": {\"constant\": ") {
            if !c.starts_with("null") {
                s.constant += 1;
            }
            if !c.contains("\"expr\": null") {
                s.computable += 1;
            }
        }
    }
    s
}

/// Counts the loops and counts in opt's `print<scalar-evolution>` output.
fn summarize_opt(text: &str) -> Summary {
    let mut s = Summary {
        loops: 0,
        constant: 0,
        computable: 0,
    };
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("Loop ") else {
            continue;
        };
        let Some((_, what)) = rest.split_once(": ") else {
            continue;
        };
        let what = what.trim_start_matches("<multiple exits> ");
        if let Some(c) = what.strip_prefix("backedge-taken count is ") {
            s.loops += 1;
            s.computable += 1;
            let mut parts = c.split(' ');
            if let (Some(_), Some(v), None) = (parts.next(), parts.next(), parts.next()) {
                if v.parse::<i128>().is_ok() {
                    s.constant += 1;
                }
            }
        } else if what.starts_with("Unpredictable backedge-taken count") {
            s.loops += 1;
        }
    }
    s
}

fn bench_scev(runs: usize, classify: bool, unnamed: bool) -> Result<()> {
    crate::require_tools(&[matrix::CLANGXX, matrix::OPT])?;
    let root = workspace_root();
    let target = target_dir(&root);
    let bench_dir = target.join("bench-scev");
    std::fs::create_dir_all(&bench_dir)?;

    // 1. The input module.
    let (input, flags): (_, &[&str]) = if unnamed {
        (bench_dir.join("big.O2g.ll"), &["-O2", "-g"])
    } else {
        (
            bench_dir.join("big.O2g.names.ll"),
            &["-O2", "-g", "-fno-discard-value-names"],
        )
    };
    let lines = big_module(&root, &input, flags, "bench-scev")?;

    // 2. loopwright in release mode (or a binary named by LOOPWRIGHT_BIN).
    let lw = match std::env::var_os("LOOPWRIGHT_BIN") {
        Some(p) if !p.is_empty() => PathBuf::from(p),
        _ => build_release(&root, &target)?,
    };
    println!("bench-scev: loopwright = {}", lw.display());

    let lw_cmd = || {
        let mut c = Command::new(&lw);
        c.arg("analyze").arg("--json").arg(&input);
        c
    };
    let classify_flag = format!(
        "-scalar-evolution-classify-expressions={}",
        u8::from(classify)
    );
    let opt_cmd = || {
        let mut c = Command::new(matrix::OPT);
        c.arg("-passes=print<scalar-evolution>")
            .arg(&classify_flag)
            .arg("-disable-output")
            .arg(&input);
        c
    };

    // 3. One run of each with its output kept, to check and summarize it.
    println!(
        "bench-scev: input {lines} lines, {:.1} MiB (clang++-19 {}); checking both outputs",
        std::fs::metadata(&input)?.len() as f64 / (1024.0 * 1024.0),
        flags.join(" ")
    );
    let ours = lw_cmd().output().context("run loopwright analyze")?;
    ensure!(
        ours.status.success(),
        "loopwright analyze failed: {}",
        String::from_utf8_lossy(&ours.stderr)
    );
    let json = String::from_utf8_lossy(&ours.stdout);
    std::fs::write(bench_dir.join("big.analyze.json"), json.as_bytes())?;
    let theirs = opt_cmd().output().context("run opt-19")?;
    ensure!(
        theirs.status.success(),
        "opt-19 failed: {}",
        String::from_utf8_lossy(&theirs.stderr)
    );
    let ours_s = summarize_ours(&json);
    let opt_s = summarize_opt(&String::from_utf8_lossy(&theirs.stderr));
    ensure!(
        ours_s.loops == opt_s.loops,
        "loopwright reports {} loops, opt-19 {}",
        ours_s.loops,
        opt_s.loops
    );
    println!(
        "bench-scev: {} loops; computable backedge-taken counts: loopwright {}, opt-19 {}; \
         constant: loopwright {}, opt-19 {}",
        ours_s.loops, ours_s.computable, opt_s.computable, ours_s.constant, opt_s.constant
    );

    // 4. Interleaved timing (the runs above were the warm-up).
    println!("bench-scev: {runs} interleaved runs each");
    let mut lw_samples = Vec::new();
    let mut opt_samples = Vec::new();
    for run in 0..runs {
        let a = measure(&mut lw_cmd(), "loopwright analyze")?;
        let b = measure(&mut opt_cmd(), "opt-19")?;
        println!(
            "  run {}: loopwright {:.3} s {:.1} MiB | opt-19 {:.3} s {:.1} MiB",
            run + 1,
            a.wall.as_secs_f64(),
            a.max_rss_kib as f64 / 1024.0,
            b.wall.as_secs_f64(),
            b.max_rss_kib as f64 / 1024.0
        );
        lw_samples.push(a);
        opt_samples.push(b);
    }
    let lw_st = stats(&lw_samples);
    let opt_st = stats(&opt_samples);
    let opt_name = if classify {
        "opt-19 print<scalar-evolution>"
    } else {
        "opt-19 print<scalar-evolution> (no classify)"
    };
    println!();
    println!(
        "{:<44} {:>10} {:>10} {:>10} {:>14}",
        "command", "median s", "min s", "max s", "peak RSS MiB"
    );
    for (name, s) in [("loopwright analyze --json", &lw_st), (opt_name, &opt_st)] {
        println!(
            "{:<44} {:>10.3} {:>10.3} {:>10.3} {:>14.1}",
            name, s.median, s.min, s.max, s.peak_rss_mib
        );
    }
    println!();
    let ratio = lw_st.median / opt_st.median;
    println!(
        "bench-scev: loopwright/opt time ratio={ratio:.3} (speedup {:.2}x), peak RSS loopwright={:.1} MiB opt={:.1} MiB",
        1.0 / ratio,
        lw_st.peak_rss_mib,
        opt_st.peak_rss_mib
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summaries_count_loops_and_counts() {
        let ours = "{\n  \"functions\": [\n    {\n      \"name\": \"f\",\n      \"loops\": [\n        {\n          \"header\": \"a\",\n          \"backedge_taken_count\": {\"constant\": 9, \"expr\": \"9\", \"max_constant\": 9},\n        },\n        {\n          \"header\": \"b\",\n          \"backedge_taken_count\": {\"constant\": null, \"expr\": \"%n\", \"max_constant\": null},\n        },\n        {\n          \"header\": \"c\",\n          \"backedge_taken_count\": {\"constant\": null, \"expr\": null, \"max_constant\": null},\n        }\n      ]\n    }\n  ]\n}\n";
        let s = summarize_ours(ours);
        assert_eq!((s.loops, s.computable, s.constant), (3, 2, 1));
        let opt = "Determining loop execution counts for: @f\n\
                   Loop %a: backedge-taken count is i32 9\n\
                   Loop %a: constant max backedge-taken count is i32 9\n\
                   Loop %b: <multiple exits> backedge-taken count is (-1 + %n)\n\
                   Loop %c: Unpredictable backedge-taken count.\n\
                   Loop %c: Unpredictable constant max backedge-taken count. \n";
        let s = summarize_opt(opt);
        assert_eq!((s.loops, s.computable, s.constant), (3, 2, 1));
    }
}
