//! Command-line parsing, `opt` style.
//!
//! clap cannot parse single-dash long options such as `-passes=`, which
//! every `opt` user types. [`normalize_args`] rewrites the known ones to
//! their `--` form before clap sees them.
//!
//! The `-unroll-*` options (and `-scev-cheap-expansion-budget`, which
//! steers runtime unrolling) are spelled once, in [`UNROLL_OPTIONS`]: name,
//! type, help text and the [`UnrollOptions`] field each sets. Their clap
//! arguments, the names [`normalize_args`] rewrites, the mapping into
//! `UnrollOptions`, README's list and the fuzzers' (`fuzz/src/optimizer.rs`,
//! which only adds the values it tries) are derived from it (README's and
//! the fuzzers' lists checked by tests). They are parsed as LLVM's `cl::opt`s are:
//! - a boolean takes a value only after `=` (`-unroll-runtime`,
//!   `-unroll-runtime=false`); the word after it is the next argument
//!   (`-unroll-runtime in.ll` reads `in.ll` as the input). Values as
//!   LLVM's `parser<bool>`: `true`, `TRUE`, `True`, `1` or nothing for
//!   true, `false`, `FALSE`, `False`, `0` for false;
//! - a number takes `-x=N` or `-x N`, read as LLVM's `getAsInteger` reads
//!   an `unsigned` (`0x10`, `010`, `0b11`; at most 2^32-1; no sign);
//! - `-x` and `--x` are the same option, and the last occurrence wins.

use crate::llvmint;
use clap::{Arg, ArgAction, ArgMatches, Command, CommandFactory, FromArgMatches, Parser};
use loopwright_transforms::unroll::UnrollOptions;
use std::ffi::OsString;
use std::path::PathBuf;

/// A loop optimizer for LLVM IR.
#[derive(Parser, Debug)]
#[command(name = "loopwright", version, about)]
pub struct Cli {
    /// Input `.ll` file (or `.bc`, through llvm-dis-19); `-` or nothing
    /// reads standard input.
    pub input: Option<PathBuf>,

    /// Output file; the default is standard output. A `.bc` file gets
    /// bitcode (through llvm-as-19) unless `-S` is given.
    #[arg(short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// The pass pipeline, in opt's syntax (`--passes=none` only parses,
    /// verifies and prints; `default<O3>` is the default pipeline at -O3).
    #[arg(long = "passes", value_name = "PIPELINE")]
    pub passes: Option<String>,

    /// The loop-transformation order of the default pipeline: `newpm`
    /// (LLVM's new pass manager, the default), `legacy` or `lto`.
    #[arg(long = "pipeline", value_name = "ORDER", default_value = "newpm",
          value_parser = ["newpm", "legacy", "lto"])]
    pub pipeline: String,

    /// The part of the default pipeline to run: `whole`, or, for a
    /// compiler that runs LLVM's cleanup passes where LLVM's pipeline has
    /// them (between `loop-vectorize` and `loop-unroll`),
    /// `through-vectorize` and then `after-vectorize` (which ends with
    /// `transform-warning`).
    #[arg(long = "pipeline-part", value_name = "PART", default_value = "whole",
          value_parser = crate::pipeline::Part::NAMES)]
    pub pipeline_part: String,

    /// Print the pipeline (as written, `default<On>` expanded) and
    /// continue.
    #[arg(long = "print-pipeline-passes")]
    pub print_pipeline_passes: bool,

    /// Do not write the output module.
    #[arg(long = "disable-output")]
    pub disable_output: bool,

    /// Write textual IR even to a `.bc` output file (standard output and
    /// other files always get text).
    #[arg(short = 'S')]
    pub text: bool,

    /// Optimization level of the default pipeline (`-O0` .. `-O3`).
    #[arg(long = "opt-level", value_name = "N", default_value_t = 3,
          value_parser = clap::value_parser!(u8).range(0..=3))]
    pub opt_level: u8,

    /// The relocation model the code will be generated for, as opt's
    /// `-relocation-model`: `static` (opt's default on x86-64 ELF), `pic`
    /// (what clang uses for PIE and PIC code, Debian's default),
    /// `dynamic-no-pic`, `ropi`, `rwpi` or `ropi-rwpi`. It decides which
    /// addresses of globals fold into x86 addressing modes, and so the
    /// loop sizes the unroller and rotation measure.
    #[arg(long = "relocation-model", value_name = "MODEL", default_value = "static",
          value_parser = parse_reloc_model)]
    pub relocation_model: loopwright_ir::RelocModel,

    /// Skip the IR verifier on input and output.
    #[arg(long = "disable-verify")]
    pub disable_verify: bool,

    /// Verify the function (IR, loop structure, the forms the pass
    /// promises) after every pass; a failure names the pass.
    #[arg(long = "verify-each")]
    pub verify_each: bool,

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

    /// `aa-eval`: print every alias and mod/ref answer, not only the
    /// summary (to standard error, as opt does).
    #[arg(long = "print-all-alias-modref-info", value_name = "BOOL", num_args = 0..=1,
          require_equals = true, default_missing_value = "true",
          value_parser = parse_llvm_bool, action = ArgAction::Set)]
    pub print_all_alias_modref_info: Option<bool>,

    /// `aa-eval`: also evaluate every load/store and store/store pair with
    /// the accesses' sizes and alias metadata.
    #[arg(long = "evaluate-aa-metadata", value_name = "BOOL", num_args = 0..=1,
          require_equals = true, default_missing_value = "true",
          value_parser = parse_llvm_bool, action = ArgAction::Set)]
    pub evaluate_aa_metadata: Option<bool>,

    /// `print<access-info>`: dependences recorded before recording stops.
    #[arg(long = "max-dependences", value_name = "N", value_parser = parse_llvm_uint)]
    pub max_dependences: Option<u32>,

    /// `print<access-info>`: comparisons made while grouping run-time
    /// checks.
    #[arg(long = "memory-check-merge-threshold", value_name = "N", value_parser = parse_llvm_uint)]
    pub memory_check_merge_threshold: Option<u32>,

    /// `print<access-info>`: recursion depth when looking for forked
    /// pointers.
    #[arg(long = "max-forked-scev-depth", value_name = "N", value_parser = parse_llvm_uint)]
    pub max_forked_scev_depth: Option<u32>,

    /// `print<access-info>`: memory locations the alias sets hold before
    /// every location is taken to alias every other.
    #[arg(long = "alias-set-saturation-threshold", value_name = "N", value_parser = parse_llvm_uint)]
    pub alias_set_saturation_threshold: Option<u32>,

    /// `print<access-info>`: speculate symbolic strides to be 1.
    #[arg(long = "enable-mem-access-versioning", value_name = "BOOL", num_args = 0..=1,
          require_equals = true, default_missing_value = "true",
          value_parser = parse_llvm_bool, action = ArgAction::Set)]
    pub enable_mem_access_versioning: Option<bool>,

    /// Print the decision of the named passes for every loop they
    /// consider, and its reason, one line per loop, to standard error
    /// (LLVM's debug types, comma-separated): `loop-unroll` (both unroll
    /// passes), `loop-rotate`. Other names are ignored, as LLVM ignores
    /// debug types nothing prints.
    #[arg(long = "debug-only", value_name = "TYPES", value_delimiter = ',',
          action = ArgAction::Append)]
    pub debug_only: Vec<String>,

    /// The loop vectorizer's options.
    #[command(flatten)]
    pub vectorize: VectorizeArgs,

    /// The remark file format; only `yaml` is supported.
    #[arg(
        long = "pass-remarks-format",
        value_name = "FORMAT",
        default_value = "yaml"
    )]
    pub pass_remarks_format: String,
}

/// The loop vectorizer's command-line options (LLVM's names), shared by
/// the main command (`print<access-info>` reads the forced width and
/// interleave count, as opt-19's loop access analysis does) and
/// `loopwright analyze` (its `vectorize` section).
#[derive(clap::Args, Debug, Clone, Default)]
pub struct VectorizeArgs {
    /// The vector width to use for every loop (0: choose); a loop's
    /// `llvm.loop.vectorize.width` overrides it.
    #[arg(long = "force-vector-width", value_name = "N", value_parser = parse_llvm_uint)]
    pub force_vector_width: Option<u32>,

    /// The interleave count to use for every loop (0: choose); it overrides
    /// a loop's `llvm.loop.interleave.count`.
    #[arg(long = "force-vector-interleave", value_name = "N", value_parser = parse_llvm_uint)]
    pub force_vector_interleave: Option<u32>,

    /// Loops with a smaller known trip count are vectorized only without
    /// a scalar epilogue (LLVM's default 16).
    #[arg(long = "vectorizer-min-trip-count", value_name = "N", value_parser = parse_llvm_uint)]
    pub vectorizer_min_trip_count: Option<u32>,

    /// Widen to the smallest type of the loop as long as the registers
    /// suffice (x86's default: false).
    #[arg(long = "vectorizer-maximize-bandwidth", value_name = "BOOL", num_args = 0..=1,
          require_equals = true, default_missing_value = "true",
          value_parser = parse_llvm_bool, action = ArgAction::Set)]
    pub vectorizer_maximize_bandwidth: Option<bool>,

    /// Vectorize the scalar epilogue of a loop the cost model vectorized at
    /// a width of at least `-epilogue-vectorization-minimum-VF` (LLVM's
    /// default: true).
    #[arg(long = "enable-epilogue-vectorization", value_name = "BOOL", num_args = 0..=1,
          require_equals = true, default_missing_value = "true",
          value_parser = parse_llvm_bool, action = ArgAction::Set)]
    pub enable_epilogue_vectorization: Option<bool>,

    /// The smallest main width whose epilogue is vectorized (LLVM's
    /// default 16).
    #[arg(long = "epilogue-vectorization-minimum-VF", value_name = "N", value_parser = parse_llvm_uint)]
    pub epilogue_vectorization_minimum_vf: Option<u32>,

    /// Run-time memory check pairs above which a loop whose hints do not
    /// allow reordering is not vectorized (LLVM's default 8; the cost
    /// model weighs the checks).
    #[arg(long = "runtime-memory-check-threshold", value_name = "N", value_parser = parse_llvm_uint)]
    pub runtime_memory_check_threshold: Option<u32>,

    /// Run-time memory check pairs above which a loop is not interleaved
    /// alone (LLVM's default 128).
    #[arg(long = "vectorize-memory-check-threshold", value_name = "N", value_parser = parse_llvm_uint)]
    pub vectorize_memory_check_threshold: Option<u32>,

    /// Loops cheaper than this are interleaved to reduce their overhead
    /// (LLVM's default 20).
    #[arg(long = "small-loop-cost", value_name = "N", value_parser = parse_llvm_uint)]
    pub small_loop_cost: Option<u32>,

    /// The number of vector registers the interleave count assumes.
    #[arg(long = "force-target-num-vector-regs", value_name = "N", value_parser = parse_llvm_uint)]
    pub force_target_num_vector_regs: Option<u32>,

    /// The largest interleave count of vectorized loops.
    #[arg(long = "force-target-max-vector-interleave", value_name = "N", value_parser = parse_llvm_uint)]
    pub force_target_max_vector_interleave: Option<u32>,

    /// Add loopwright's costs measured on the hardware to LLVM 19's
    /// (default: true); `false` decides with LLVM's costs alone, as opt-19
    /// does. See `crates/target/src/calibrated.rs`.
    #[arg(long = "vectorizer-calibrated-costs", value_name = "BOOL", num_args = 0..=1,
          require_equals = true, default_missing_value = "true",
          value_parser = parse_llvm_bool, action = ArgAction::Set)]
    pub vectorizer_calibrated_costs: Option<bool>,

    /// Prints the cost model's decision for every loop it decides (the
    /// candidate widths with their cost per lane, the chosen width and
    /// interleave count, and why) to stderr.
    #[arg(long = "print-vectorizer-cost")]
    pub print_vectorizer_cost: bool,
    /// Print each loop's vectorization plan (`loop-vectorize`), or why it
    /// has none, to standard error.
    #[arg(long = "print-vplan")]
    pub print_vplan: bool,
}

impl VectorizeArgs {
    /// Loop access analysis's options these give, over `base`: the forced
    /// width and interleave count, which opt-19's analysis reads too.
    pub fn laa_options(
        &self,
        base: loopwright_analysis::laa::LaaOptions,
    ) -> loopwright_analysis::laa::LaaOptions {
        loopwright_analysis::laa::LaaOptions {
            forced_vf: self.force_vector_width.map_or(base.forced_vf, u64::from),
            forced_interleave: self
                .force_vector_interleave
                .map_or(base.forced_interleave, u64::from),
            ..base
        }
    }

    /// The vectorizer's options these give, over `base`.
    pub fn options(
        &self,
        base: loopwright_transforms::vectorize::VectorizeOptions,
    ) -> loopwright_transforms::vectorize::VectorizeOptions {
        let c = &base.cost;
        let cost = loopwright_transforms::vectorize::CostOptions {
            min_trip_count: self
                .vectorizer_min_trip_count
                .map_or(c.min_trip_count, u64::from),
            maximize_bandwidth: self.vectorizer_maximize_bandwidth.or(c.maximize_bandwidth),
            calibrated: self.vectorizer_calibrated_costs.unwrap_or(c.calibrated),
            small_loop_cost: self.small_loop_cost.map_or(c.small_loop_cost, u64::from),
            force_num_vector_regs: self
                .force_target_num_vector_regs
                .or(c.force_num_vector_regs),
            force_max_vector_interleave: self
                .force_target_max_vector_interleave
                .or(c.force_max_vector_interleave),
            epilogue_vectorization: self
                .enable_epilogue_vectorization
                .unwrap_or(c.epilogue_vectorization),
            epilogue_min_vf: self
                .epilogue_vectorization_minimum_vf
                .unwrap_or(c.epilogue_min_vf),
            print: self.print_vectorizer_cost || c.print,
        };
        loopwright_transforms::vectorize::VectorizeOptions {
            force_vector_width: self.force_vector_width.unwrap_or(base.force_vector_width),
            force_vector_interleave: self
                .force_vector_interleave
                .or(base.force_vector_interleave),
            runtime_memory_check_threshold: self
                .runtime_memory_check_threshold
                .map_or(base.runtime_memory_check_threshold, |n| n as usize),
            vectorize_memory_check_threshold: self
                .vectorize_memory_check_threshold
                .map_or(base.vectorize_memory_check_threshold, |n| n as usize),
            cost,
            ..base
        }
    }
}

/// The [`UnrollOptions`] field an option sets, which also gives its type.
#[derive(Clone, Copy)]
pub enum Field {
    Bool(fn(&mut UnrollOptions) -> &mut Option<bool>),
    Uint(fn(&mut UnrollOptions) -> &mut Option<u32>),
}

/// One `-unroll-*` option: LLVM's name (without dashes), its help text and
/// the field it sets.
pub struct UnrollOpt {
    pub name: &'static str,
    pub doc: &'static str,
    pub field: Field,
}

impl UnrollOpt {
    pub fn is_bool(&self) -> bool {
        matches!(self.field, Field::Bool(_))
    }
}

/// Every `-unroll-*` option, with LLVM 19's names (all are `cl::opt`s of
/// `LoopUnrollPass.cpp`, `LoopUnrollRuntime.cpp` or `LoopPeel.cpp`).
pub const UNROLL_OPTIONS: &[UnrollOpt] = &[
    UnrollOpt {
        name: "unroll-threshold",
        doc: "the cost threshold for full unrolling",
        field: Field::Uint(|o| &mut o.threshold),
    },
    UnrollOpt {
        name: "unroll-partial-threshold",
        doc: "the threshold for partial and runtime unrolling",
        field: Field::Uint(|o| &mut o.partial_threshold),
    },
    UnrollOpt {
        name: "unroll-count",
        doc: "use this unroll count for every loop",
        field: Field::Uint(|o| &mut o.count),
    },
    UnrollOpt {
        name: "unroll-max-count",
        doc: "the largest partial or runtime unroll count",
        field: Field::Uint(|o| &mut o.max_count),
    },
    UnrollOpt {
        name: "unroll-full-max-count",
        doc: "the largest trip count unrolled fully",
        field: Field::Uint(|o| &mut o.full_max_count),
    },
    UnrollOpt {
        name: "unroll-max-upperbound",
        doc: "the largest trip count upper bound unrolled fully",
        field: Field::Uint(|o| &mut o.max_upper_bound),
    },
    UnrollOpt {
        name: "unroll-runtime",
        doc: "allow runtime unrolling",
        field: Field::Bool(|o| &mut o.runtime),
    },
    UnrollOpt {
        name: "unroll-allow-partial",
        doc: "allow partial unrolling",
        field: Field::Bool(|o| &mut o.allow_partial),
    },
    UnrollOpt {
        name: "unroll-allow-remainder",
        doc: "allow a remainder loop when partially unrolling",
        field: Field::Bool(|o| &mut o.allow_remainder),
    },
    UnrollOpt {
        name: "unroll-allow-peeling",
        doc: "allow peeling",
        field: Field::Bool(|o| &mut o.allow_peeling),
    },
    UnrollOpt {
        name: "unroll-peel-count",
        doc: "peel this many iterations from every loop",
        field: Field::Uint(|o| &mut o.peel_count),
    },
    UnrollOpt {
        name: "unroll-runtime-epilog",
        doc: "put the runtime remainder after the loop (else before it)",
        field: Field::Bool(|o| &mut o.runtime_epilog),
    },
    UnrollOpt {
        name: "unroll-runtime-multi-exit",
        doc: "runtime-unroll loops with several exits",
        field: Field::Bool(|o| &mut o.runtime_multi_exit),
    },
    UnrollOpt {
        name: "unroll-remainder",
        doc: "unroll the runtime remainder loop too",
        field: Field::Bool(|o| &mut o.unroll_remainder),
    },
    UnrollOpt {
        name: "unroll-runtime-other-exit-predictable",
        doc: "assume a loop's other exits are predictable when runtime-unrolling it",
        field: Field::Bool(|o| &mut o.runtime_other_exit_predictable),
    },
    UnrollOpt {
        name: "unroll-max-percent-threshold-boost",
        doc: "the largest boost, in percent, of the full-unroll threshold for loops \
              whose unrolling saves work",
        field: Field::Uint(|o| &mut o.max_percent_threshold_boost),
    },
    UnrollOpt {
        name: "unroll-max-iteration-count-to-analyze",
        doc: "the largest trip count the full-unroll cost simulation analyzes",
        field: Field::Uint(|o| &mut o.max_iterations_to_analyze),
    },
    UnrollOpt {
        name: "pragma-unroll-threshold",
        doc: "the unrolled size up to which an unroll(full) or unroll_count pragma \
              is followed (16384)",
        field: Field::Uint(|o| &mut o.pragma_threshold),
    },
    UnrollOpt {
        name: "scev-cheap-expansion-budget",
        doc: "the cost, in instructions, up to which expanding a scalar-evolution \
              expression (runtime unrolling's trip count) is cheap",
        field: Field::Uint(|o| &mut o.cheap_expansion_budget),
    },
];

/// LLVM's `parser<bool>::parse` (`cl::opt<bool>` values).
pub fn parse_llvm_bool(s: &str) -> Result<bool, String> {
    match s {
        "" | "true" | "TRUE" | "True" | "1" => Ok(true),
        "false" | "FALSE" | "False" | "0" => Ok(false),
        _ => Err(format!(
            "'{s}' is invalid value for boolean argument! Try 0 or 1"
        )),
    }
}

/// LLVM's `parser<unsigned>::parse` (`cl::opt<unsigned>` values).
pub fn parse_llvm_uint(s: &str) -> Result<u32, String> {
    llvmint::u32_value(s).ok_or_else(|| format!("'{s}' value invalid for uint argument!"))
}

/// The clap argument of an `-unroll-*` option.
fn unroll_arg(o: &UnrollOpt) -> Arg {
    let help = format!("-{}: {}", o.name, o.doc);
    let arg = Arg::new(o.name).long(o.name).help(help);
    match o.field {
        Field::Bool(_) => arg
            .value_name("BOOL")
            .num_args(0..=1)
            .require_equals(true)
            .default_missing_value("true")
            .value_parser(parse_llvm_bool)
            .action(ArgAction::Set),
        Field::Uint(_) => arg
            .value_name("N")
            .value_parser(parse_llvm_uint)
            .action(ArgAction::Set),
    }
}

/// The whole command: [`Cli`] with the arguments of [`UNROLL_OPTIONS`];
/// the last occurrence of an option wins, as in LLVM.
pub fn command() -> Command {
    let mut cmd = Cli::command().args_override_self(true);
    for o in UNROLL_OPTIONS {
        cmd = cmd.arg(unroll_arg(o));
    }
    cmd
}

/// The `-unroll-*` options of `m` set into `UnrollOptions` (fields of
/// options not given stay `None`).
pub fn unroll_options(m: &ArgMatches) -> UnrollOptions {
    let mut out = UnrollOptions::default();
    for o in UNROLL_OPTIONS {
        match o.field {
            Field::Bool(f) => *f(&mut out) = m.get_one::<bool>(o.name).copied(),
            Field::Uint(f) => *f(&mut out) = m.get_one::<u32>(o.name).copied(),
        }
    }
    out
}

/// Parses a whole command line (`args[0]` is the program name): the
/// [`Cli`] and the `-unroll-*` options.
pub fn parse_args(
    args: impl IntoIterator<Item = OsString>,
) -> Result<(Cli, UnrollOptions), clap::Error> {
    let args = normalize_args(args);
    if let Some(unknown) = unknown_option(&args) {
        return Err(command().error(
            clap::error::ErrorKind::UnknownArgument,
            format!("Unknown command line argument '{unknown}'.  Try: 'loopwright --help'"),
        ));
    }
    let m = command().try_get_matches_from(args)?;
    let cli = Cli::from_arg_matches(&m)?;
    Ok((cli, unroll_options(&m)))
}

/// Single-dash long options accepted as in opt, besides
/// [`UNROLL_OPTIONS`].
const LONG: &[&str] = &[
    "passes",
    "relocation-model",
    "time-passes",
    "pipeline",
    "pass-remarks",
    "pass-remarks-missed",
    "pass-remarks-analysis",
    "pass-remarks-output",
    "pass-remarks-filter",
    "pass-remarks-format",
    "print-pipeline-passes",
    "disable-output",
    "disable-verify",
    "verify-each",
    "opt-level",
    "print-all-alias-modref-info",
    "evaluate-aa-metadata",
    "max-dependences",
    "memory-check-merge-threshold",
    "max-forked-scev-depth",
    "alias-set-saturation-threshold",
    "enable-mem-access-versioning",
    "debug-only",
];

/// The loop vectorizer's options, the arguments of [`VectorizeArgs`]
/// (LLVM's names, without dashes; a test checks the two agree): single-dash
/// long options for [`normalize_args`], and the `-mllvm` values
/// `loopwright cc` gives loopwright rather than LLVM.
pub const VECTORIZE_OPTIONS: &[&str] = &[
    "force-vector-width",
    "force-vector-interleave",
    "vectorizer-min-trip-count",
    "vectorizer-maximize-bandwidth",
    "enable-epilogue-vectorization",
    "epilogue-vectorization-minimum-VF",
    "runtime-memory-check-threshold",
    "vectorize-memory-check-threshold",
    "small-loop-cost",
    "force-target-num-vector-regs",
    "force-target-max-vector-interleave",
    "vectorizer-calibrated-costs",
    "print-vectorizer-cost",
    "print-vplan",
];

/// How an option of [`VECTORIZE_OPTIONS`] takes its value, as its clap
/// argument in [`VectorizeArgs`] says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueKind {
    /// No value (`-print-vplan`).
    Flag,
    /// A boolean: a value only after `=` (`-vectorizer-maximize-bandwidth`,
    /// `-vectorizer-maximize-bandwidth=false`), as LLVM's `cl::opt<bool>`.
    Bool,
    /// A number: `-x=N` or `-x N`.
    Uint,
}

/// The [`ValueKind`] of the vectorizer option `name` (without dashes);
/// `None` if it is none of [`VECTORIZE_OPTIONS`].
pub fn vectorize_option_kind(name: &str) -> Option<ValueKind> {
    if !VECTORIZE_OPTIONS.contains(&name) {
        return None;
    }
    use clap::Args;
    let cmd = VectorizeArgs::augment_args(Command::new("loopwright"));
    let arg = cmd.get_arguments().find(|a| a.get_long() == Some(name))?;
    Some(if !arg.get_action().takes_values() {
        ValueKind::Flag
    } else if arg.is_require_equals_set() {
        ValueKind::Bool
    } else {
        ValueKind::Uint
    })
}

/// `-relocation-model`'s values, as opt spells them.
fn parse_reloc_model(s: &str) -> Result<loopwright_ir::RelocModel, String> {
    loopwright_ir::RelocModel::parse(s).ok_or_else(|| {
        let names: Vec<&str> = loopwright_ir::RelocModel::ALL
            .iter()
            .map(|(_, n)| *n)
            .collect();
        format!("expected one of {}", names.join(", "))
    })
}

fn is_long(name: &str) -> bool {
    LONG.contains(&name)
        || VECTORIZE_OPTIONS.contains(&name)
        || UNROLL_OPTIONS.iter().any(|o| o.name == name)
}

/// The first single-dash option that is neither a known long option (after
/// [`normalize_args`] those have two dashes) nor a short one (`-o FILE`,
/// `-oFILE`, `-S`, `-h`, `-V`): opt's "Unknown command line argument"
/// case, which clap would misread as a cluster of short flags (`-foo` as
/// `-f -o -o`).
fn unknown_option(args: &[OsString]) -> Option<String> {
    for a in args.iter().skip(1) {
        let s = a.to_str()?;
        if s == "--" {
            return None;
        }
        let Some(body) = s.strip_prefix('-') else {
            continue;
        };
        if body.is_empty() || body.starts_with('-') || body.len() == 1 || body.starts_with('o') {
            continue;
        }
        return Some(s.to_string());
    }
    None
}

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
                if is_long(name) {
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

    /// [`VECTORIZE_OPTIONS`] names exactly the arguments of
    /// [`VectorizeArgs`], and each has the kind its parser gives it.
    #[test]
    fn vectorize_options_are_vectorize_args() {
        use clap::Args;
        let cmd = VectorizeArgs::augment_args(Command::new("loopwright"));
        let mut longs: Vec<&str> = cmd.get_arguments().filter_map(|a| a.get_long()).collect();
        let mut listed = VECTORIZE_OPTIONS.to_vec();
        longs.sort_unstable();
        listed.sort_unstable();
        assert_eq!(listed, longs);
        assert_eq!(
            vectorize_option_kind("force-vector-width"),
            Some(ValueKind::Uint)
        );
        assert_eq!(
            vectorize_option_kind("vectorizer-maximize-bandwidth"),
            Some(ValueKind::Bool)
        );
        assert_eq!(vectorize_option_kind("print-vplan"), Some(ValueKind::Flag));
        assert_eq!(vectorize_option_kind("unroll-count"), None);
        // Each kind parses as it says: a number takes the next argument, a
        // boolean and a flag do not.
        let (cli, _) = parse_args(
            [
                "loopwright",
                "-force-vector-width",
                "8",
                "-vectorizer-maximize-bandwidth",
            ]
            .map(OsString::from),
        )
        .expect("parses");
        assert_eq!(cli.vectorize.force_vector_width, Some(8));
        assert_eq!(cli.vectorize.vectorizer_maximize_bandwidth, Some(true));
        assert_eq!(cli.input, None);
        let (cli, _) = parse_args(
            ["loopwright", "-vectorizer-maximize-bandwidth", "in.ll"].map(OsString::from),
        )
        .expect("parses");
        assert_eq!(cli.input.as_deref(), Some(std::path::Path::new("in.ll")));
    }

    /// `-vectorizer-calibrated-costs` is a boolean as LLVM spells them,
    /// and reaches the cost model's options (default: on).
    #[test]
    fn calibrated_costs_option() {
        let base = loopwright_transforms::vectorize::VectorizeOptions::default();
        assert!(base.cost.calibrated);
        for (args, want) in [
            (&["lw", "in.ll"][..], true),
            (
                &["lw", "-vectorizer-calibrated-costs=false", "in.ll"][..],
                false,
            ),
            (
                &["lw", "--vectorizer-calibrated-costs=0", "in.ll"][..],
                false,
            ),
            (&["lw", "-vectorizer-calibrated-costs", "in.ll"][..], true),
        ] {
            let (cli, _) = parse_args(args.iter().map(OsString::from)).expect("parses");
            assert_eq!(cli.input.as_deref(), Some(std::path::Path::new("in.ll")));
            let o = cli.vectorize.options(base.clone());
            assert_eq!(o.cost.calibrated, want, "{args:?}");
        }
        assert!(parse_args(
            ["lw", "-vectorizer-calibrated-costs=maybe", "in.ll"].map(OsString::from)
        )
        .is_err());
    }

    fn norm(v: &[&str]) -> Vec<String> {
        normalize_args(v.iter().map(OsString::from))
            .into_iter()
            .map(|s| s.into_string().unwrap())
            .collect()
    }

    fn parse(v: &[&str]) -> Result<(Cli, UnrollOptions), clap::Error> {
        parse_args(v.iter().map(OsString::from))
    }

    #[test]
    fn unknown_single_dash_options_get_opts_message() {
        let e = parse(&["lw", "-foo-bar", "in.ll"]).unwrap_err();
        assert!(
            e.to_string()
                .contains("Unknown command line argument '-foo-bar'.  Try: 'loopwright --help'"),
            "{e}"
        );
        assert!(e.use_stderr());
        // Known spellings still parse: long options with one dash, short
        // ones, an attached output file, and anything after `--`.
        let (cli, u) = parse(&[
            "lw",
            "-pragma-unroll-threshold=100",
            "-S",
            "-oout.ll",
            "in.ll",
        ])
        .unwrap();
        assert_eq!(u.pragma_threshold, Some(100));
        assert_eq!(cli.output.as_deref(), Some(std::path::Path::new("out.ll")));
        assert!(parse(&["lw", "--", "-weird.ll"]).is_ok());
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
        assert_eq!(
            norm(&["lw", "-unroll-count", "3"]),
            ["lw", "--unroll-count", "3"]
        );
    }

    #[test]
    fn relocation_model_as_opt_spells_it() {
        use loopwright_ir::RelocModel;
        let (cli, _) = parse(&["lw", "in.ll"]).unwrap();
        assert_eq!(cli.relocation_model, RelocModel::Static);
        for (model, name) in RelocModel::ALL {
            let eq = format!("-relocation-model={name}");
            let (cli, _) = parse(&["lw", &eq, "in.ll"]).unwrap();
            assert_eq!(cli.relocation_model, model, "{eq}");
            let (cli, _) = parse(&["lw", "-relocation-model", name, "in.ll"]).unwrap();
            assert_eq!(cli.relocation_model, model, "-relocation-model {name}");
            assert_eq!(cli.input.as_deref(), Some(std::path::Path::new("in.ll")));
        }
        assert!(parse(&["lw", "-relocation-model=PIC", "in.ll"]).is_err());
        assert!(parse(&["lw", "-relocation-model=", "in.ll"]).is_err());
    }

    #[test]
    fn clap_accepts_normalized() {
        let (cli, _) = parse(&["lw", "-passes=verify", "-O1", "-"]).unwrap();
        assert_eq!(cli.passes.as_deref(), Some("verify"));
        assert_eq!(cli.opt_level, 1);
    }

    #[test]
    fn booleans_take_values_only_after_equals() {
        let (cli, u) = parse(&["lw", "-unroll-count=3", "-unroll-runtime", "in.ll"]).unwrap();
        assert_eq!(cli.input.as_deref(), Some(std::path::Path::new("in.ll")));
        assert_eq!((u.count, u.runtime), (Some(3), Some(true)));
        for (v, want) in [
            ("", true),
            ("1", true),
            ("TRUE", true),
            ("True", true),
            ("0", false),
            ("false", false),
            ("FALSE", false),
        ] {
            let arg = format!("--unroll-runtime={v}");
            let (_, u) = parse(&["lw", &arg]).unwrap();
            assert_eq!(u.runtime, Some(want), "{arg}");
        }
        assert!(parse(&["lw", "-unroll-runtime=yes"]).is_err());
        assert!(parse(&["lw", "-unroll-runtime=tRue"]).is_err());
    }

    #[test]
    fn numbers_in_both_spellings_and_llvm_radixes() {
        let (cli, u) = parse(&["lw", "-unroll-count", "0x10", "in.ll"]).unwrap();
        assert_eq!(u.count, Some(16));
        assert!(cli.input.is_some());
        let (_, u) = parse(&["lw", "--unroll-peel-count=010"]).unwrap();
        assert_eq!(u.peel_count, Some(8));
        for bad in ["-1", "+3", "4294967296", "", "3x"] {
            let arg = format!("-unroll-count={bad}");
            assert!(parse(&["lw", &arg]).is_err(), "{arg}");
        }
        // The last occurrence wins.
        let (_, u) = parse(&["lw", "-unroll-count=2", "-unroll-count=3"]).unwrap();
        assert_eq!(u.count, Some(3));
    }

    #[test]
    fn every_option_sets_its_own_field() {
        let mut seen = Vec::new();
        for o in UNROLL_OPTIONS {
            let arg = if o.is_bool() {
                format!("-{}=false", o.name)
            } else {
                format!("-{}=7", o.name)
            };
            let (_, u) = parse(&["lw", &arg]).unwrap();
            let mut want = UnrollOptions::default();
            match o.field {
                Field::Bool(f) => *f(&mut want) = Some(false),
                Field::Uint(f) => *f(&mut want) = Some(7),
            }
            let got = format!("{u:?}");
            assert_eq!(got, format!("{want:?}"), "{arg}");
            assert_ne!(got, format!("{:?}", UnrollOptions::default()), "{arg}");
            assert!(!seen.contains(&got), "{arg}: a field set by two options");
            seen.push(got);
        }
    }
}
