//! Command-line parsing, `opt` style.
//!
//! clap cannot parse single-dash long options such as `-passes=`, which
//! every `opt` user types. [`normalize_args`] rewrites the known ones to
//! their `--` form before clap sees them.

use clap::Parser;
use std::ffi::OsString;
use std::path::PathBuf;

/// A loop optimizer for LLVM IR.
#[derive(Parser, Debug)]
#[command(name = "loopwright", version, about)]
pub struct Cli {
    /// Input `.ll` file; `-` or nothing reads standard input.
    pub input: Option<PathBuf>,

    /// Output file; the default is standard output.
    #[arg(short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// The pass pipeline, in opt's syntax (`--passes=none` only parses,
    /// verifies and prints).
    #[arg(long = "passes", value_name = "PIPELINE")]
    pub passes: Option<String>,

    /// The loop-transformation order of the default pipeline: `newpm`
    /// (LLVM's new pass manager, the default), `legacy` or `lto`.
    #[arg(long = "pipeline", value_name = "ORDER", default_value = "newpm",
          value_parser = ["newpm", "legacy", "lto"])]
    pub pipeline: String,

    /// Print the canonical pipeline text and continue.
    #[arg(long = "print-pipeline-passes")]
    pub print_pipeline_passes: bool,

    /// Do not write the output module.
    #[arg(long = "disable-output")]
    pub disable_output: bool,

    /// Accepted for compatibility with opt: output is always textual IR.
    #[arg(short = 'S')]
    pub text: bool,

    /// Optimization level of the default pipeline (`-O0` .. `-O3`).
    #[arg(long = "opt-level", value_name = "N", default_value_t = 3,
          value_parser = clap::value_parser!(u8).range(0..=3))]
    pub opt_level: u8,

    /// Skip the IR verifier on input and output.
    #[arg(long = "disable-verify")]
    pub disable_verify: bool,

    /// Print the wall time of each phase (parse, verify, each pass, print,
    /// write) to standard error, like opt's `-time-passes`.
    #[arg(long = "time-passes")]
    pub time_passes: bool,

    /// Print remarks of passes whose name matches this regex (transformations
    /// done).
    #[arg(long = "pass-remarks", value_name = "REGEX")]
    pub pass_remarks: Option<String>,

    /// Print missed-transformation remarks of passes matching this regex.
    #[arg(long = "pass-remarks-missed", value_name = "REGEX")]
    pub pass_remarks_missed: Option<String>,

    /// Print analysis remarks of passes matching this regex.
    #[arg(long = "pass-remarks-analysis", value_name = "REGEX")]
    pub pass_remarks_analysis: Option<String>,

    /// Write every remark to FILE in LLVM's YAML remark format.
    #[arg(long = "pass-remarks-output", value_name = "FILE")]
    pub pass_remarks_output: Option<PathBuf>,

    /// Only record remarks of passes matching this regex in the YAML file.
    #[arg(long = "pass-remarks-filter", value_name = "REGEX")]
    pub pass_remarks_filter: Option<String>,

    /// `-unroll-threshold`: the cost threshold for full unrolling.
    #[arg(long = "unroll-threshold", value_name = "N")]
    pub unroll_threshold: Option<u32>,
    /// `-unroll-partial-threshold`: the threshold for partial and runtime
    /// unrolling.
    #[arg(long = "unroll-partial-threshold", value_name = "N")]
    pub unroll_partial_threshold: Option<u32>,
    /// `-unroll-count`: use this unroll count for every loop.
    #[arg(long = "unroll-count", value_name = "N")]
    pub unroll_count: Option<u32>,
    /// `-unroll-max-count`: the largest partial or runtime count.
    #[arg(long = "unroll-max-count", value_name = "N")]
    pub unroll_max_count: Option<u32>,
    /// `-unroll-full-max-count`: the largest trip count fully unrolled.
    #[arg(long = "unroll-full-max-count", value_name = "N")]
    pub unroll_full_max_count: Option<u32>,
    /// `-unroll-max-upperbound`: the largest upper bound unrolled fully.
    #[arg(long = "unroll-max-upperbound", value_name = "N")]
    pub unroll_max_upperbound: Option<u32>,
    /// `-unroll-runtime`: allow runtime unrolling.
    #[arg(long = "unroll-runtime", value_name = "BOOL", num_args = 0..=1, default_missing_value = "true")]
    pub unroll_runtime: Option<bool>,
    /// `-unroll-allow-partial`: allow partial unrolling.
    #[arg(long = "unroll-allow-partial", value_name = "BOOL", num_args = 0..=1, default_missing_value = "true")]
    pub unroll_allow_partial: Option<bool>,
    /// `-unroll-allow-remainder`: allow a remainder loop.
    #[arg(long = "unroll-allow-remainder", value_name = "BOOL", num_args = 0..=1, default_missing_value = "true")]
    pub unroll_allow_remainder: Option<bool>,
    /// `-unroll-allow-peeling`: allow peeling.
    #[arg(long = "unroll-allow-peeling", value_name = "BOOL", num_args = 0..=1, default_missing_value = "true")]
    pub unroll_allow_peeling: Option<bool>,
    /// `-unroll-peel-count`: peel this many iterations from every loop.
    #[arg(long = "unroll-peel-count", value_name = "N")]
    pub unroll_peel_count: Option<u32>,
    /// `-unroll-runtime-epilog`: put the remainder after the loop (else
    /// before it).
    #[arg(long = "unroll-runtime-epilog", value_name = "BOOL", num_args = 0..=1, default_missing_value = "true")]
    pub unroll_runtime_epilog: Option<bool>,
    /// `-unroll-runtime-multi-exit`: runtime-unroll loops with several exits.
    #[arg(long = "unroll-runtime-multi-exit", value_name = "BOOL", num_args = 0..=1, default_missing_value = "true")]
    pub unroll_runtime_multi_exit: Option<bool>,
    /// `-unroll-remainder`: unroll the remainder loop too.
    #[arg(long = "unroll-remainder", value_name = "BOOL", num_args = 0..=1, default_missing_value = "true")]
    pub unroll_remainder: Option<bool>,
    /// `-unroll-runtime-other-exit-predictable`: assume a loop's other exit
    /// is predictable when runtime-unrolling it.
    #[arg(long = "unroll-runtime-other-exit-predictable", value_name = "BOOL", num_args = 0..=1, default_missing_value = "true")]
    pub unroll_runtime_other_exit_predictable: Option<bool>,
    /// `-unroll-max-percent-threshold-boost`: the largest boost (in percent)
    /// of the full-unroll threshold for loops whose unrolling saves work.
    #[arg(long = "unroll-max-percent-threshold-boost", value_name = "N")]
    pub unroll_max_percent_threshold_boost: Option<u32>,
    /// `-unroll-max-iteration-count-to-analyze`: the largest trip count the
    /// full-unroll cost simulation analyzes.
    #[arg(long = "unroll-max-iteration-count-to-analyze", value_name = "N")]
    pub unroll_max_iteration_count_to_analyze: Option<u32>,

    /// The remark file format; only `yaml` is supported.
    #[arg(
        long = "pass-remarks-format",
        value_name = "FORMAT",
        default_value = "yaml"
    )]
    pub pass_remarks_format: String,
}

/// Single-dash long options accepted as in opt.
const LONG: &[&str] = &[
    "passes",
    "time-passes",
    "pipeline",
    "pass-remarks",
    "pass-remarks-missed",
    "pass-remarks-analysis",
    "pass-remarks-output",
    "pass-remarks-filter",
    "pass-remarks-format",
    "unroll-threshold",
    "unroll-partial-threshold",
    "unroll-count",
    "unroll-max-count",
    "unroll-full-max-count",
    "unroll-max-upperbound",
    "unroll-runtime",
    "unroll-allow-partial",
    "unroll-allow-remainder",
    "unroll-allow-peeling",
    "unroll-peel-count",
    "unroll-runtime-epilog",
    "unroll-runtime-multi-exit",
    "unroll-remainder",
    "unroll-runtime-other-exit-predictable",
    "unroll-max-percent-threshold-boost",
    "unroll-max-iteration-count-to-analyze",
    "print-pipeline-passes",
    "disable-output",
    "disable-verify",
    "opt-level",
];

/// Rewrites opt-style arguments for clap: `-passes=X` becomes `--passes=X`,
/// `-O3` becomes `--opt-level=3`. Everything after `--` is left alone.
pub fn normalize_args(args: impl IntoIterator<Item = OsString>) -> Vec<OsString> {
    let mut out = Vec::new();
    let mut rest = false;
    for a in args {
        if rest {
            out.push(a);
            continue;
        }
        let Some(s) = a.to_str() else {
            out.push(a);
            continue;
        };
        if s == "--" {
            rest = true;
            out.push(a);
            continue;
        }
        if let Some(level) = s.strip_prefix("-O") {
            if matches!(level, "0" | "1" | "2" | "3") {
                out.push(format!("--opt-level={level}").into());
                continue;
            }
        }
        if let Some(body) = s.strip_prefix('-') {
            if !body.starts_with('-') {
                let name = body.split('=').next().unwrap_or("");
                if LONG.contains(&name) {
                    out.push(format!("-{s}").into());
                    continue;
                }
            }
        }
        out.push(a);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn norm(v: &[&str]) -> Vec<String> {
        normalize_args(v.iter().map(OsString::from))
            .into_iter()
            .map(|s| s.into_string().unwrap())
            .collect()
    }

    #[test]
    fn rewrites_opt_spellings() {
        assert_eq!(
            norm(&["lw", "-passes=none", "-S", "-o", "x.ll", "-O2", "in.ll"]),
            [
                "lw",
                "--passes=none",
                "-S",
                "-o",
                "x.ll",
                "--opt-level=2",
                "in.ll"
            ]
        );
        assert_eq!(norm(&["lw", "--", "-passes=x"]), ["lw", "--", "-passes=x"]);
        assert_eq!(norm(&["lw", "-disable-output"]), ["lw", "--disable-output"]);
    }

    #[test]
    fn clap_accepts_normalized() {
        let cli = Cli::try_parse_from(normalize_args(
            ["lw", "-passes=verify", "-O1", "-"].map(OsString::from),
        ))
        .unwrap();
        assert_eq!(cli.passes.as_deref(), Some("verify"));
        assert_eq!(cli.opt_level, 1);
    }
}
