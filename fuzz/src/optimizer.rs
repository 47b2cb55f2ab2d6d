//! The optimizer's properties, for the fuzz targets `mutate_ir` and
//! `pipeline`: on a valid module, every pipeline loopwright runs must
//! finish without panicking, give a module loopwright's verifier accepts,
//! and print text that parses back to the same text.
//!
//! This file is not part of `lib.rs`: `lib.rs` is also compiled into
//! `crates/parse/tests/fuzz_replay.rs`, and the parse crate cannot depend
//! on the driver (the driver depends on it). The two targets and the
//! driver's replay test `crates/driver/tests/fuzz_pipeline_replay.rs`
//! include this file through `#[path]`, so CI replays the corpora and the
//! regressions through exactly the checks the fuzzers run. It depends on
//! `loopwright` (the driver), `loopwright-parse`, `loopwright-ir`,
//! `loopwright-analysis`, `loopwright-transforms` and `arbitrary`.
//!
//! Each check returns `Err(message)` when a property is broken; the
//! message holds the loopwright command line and the module that break it.
//! A panic is not caught here: the fuzz target reports it as a crash, and
//! the replay test catches it and names the file.

#[path = "irgen.rs"]
pub mod irgen;

use arbitrary::Unstructured;
use loopwright::cli::{Field, ValueKind, UNROLL_OPTIONS, VECTORIZE_OPTIONS};
use loopwright::pipeline::Order;
use loopwright_transforms::unroll::UnrollOptions;

/// The file name the checks give loopwright.
const FILENAME: &str = "fuzz.ll";

/// Bytes of a `pipeline` input that choose the pipeline and its options;
/// the module follows.
pub const HEADER: usize = 48;

/// How loopwright is run: the arguments of its command line that the
/// fuzzers vary.
#[derive(Clone, Debug)]
pub struct RunConfig {
    /// `-passes=`; `None` runs the default pipeline.
    pub passes: Option<String>,
    /// `-O<n>`, the default pipeline's level.
    pub opt_level: u8,
    /// `-pipeline=`, the default pipeline's order.
    pub order: Order,
    /// The `-unroll-*` options.
    pub unroll: UnrollOptions,
    /// The loop vectorizer's options (`cli::VECTORIZE_OPTIONS`), as
    /// loopwright's command line spells them (`-force-vector-width=4`,
    /// `-print-vplan`).
    pub vectorize: Vec<String>,
}

impl Default for RunConfig {
    fn default() -> Self {
        RunConfig {
            passes: None,
            opt_level: 3,
            order: Order::NewPm,
            unroll: UnrollOptions::default(),
            vectorize: Vec::new(),
        }
    }
}

/// The values the fuzzers try for the numeric `-unroll-*` options they
/// vary: LLVM's defaults, their neighbours and extremes, but bounded so
/// that what a correct unroller does with them stays small (a forced peel
/// count is not bounded by any threshold, in LLVM either). Each option's
/// type and `UnrollOptions` field come from `cli::UNROLL_OPTIONS`, where
/// the options are declared once ([`unroll_field`]).
const NUM_VALUES: &[(&str, &[u32])] = &[
    ("unroll-threshold", &[0, 1, 50, 150, 300, 1000, 4000]),
    ("unroll-partial-threshold", &[0, 1, 50, 150, 300, 1000]),
    ("unroll-count", &[0, 1, 2, 3, 4, 5, 8, 16, 1 << 31]),
    ("unroll-max-count", &[0, 1, 2, 4, 8]),
    ("unroll-full-max-count", &[0, 1, 4, 16, 1000]),
    ("unroll-max-upperbound", &[0, 1, 4, 8, 16]),
    ("unroll-peel-count", &[0, 1, 2, 3, 7]),
];

/// The boolean `-unroll-*` options the fuzzers vary.
const BOOL_VARIED: &[&str] = &[
    "unroll-runtime",
    "unroll-allow-partial",
    "unroll-allow-remainder",
    "unroll-allow-peeling",
    "unroll-runtime-epilog",
    "unroll-runtime-multi-exit",
    "unroll-remainder",
];

/// The `UnrollOptions` field of the `-unroll-*` option `name` (without
/// dashes), from `cli::UNROLL_OPTIONS`; `None` if there is no such option.
fn unroll_field(name: &str) -> Option<Field> {
    UNROLL_OPTIONS
        .iter()
        .find(|o| o.name == name)
        .map(|o| o.field)
}

/// The options [`NUM_VALUES`] and [`BOOL_VARIED`] name are options of
/// `cli::UNROLL_OPTIONS`, numeric and boolean as the lists have them (the
/// replay test checks it).
pub fn check_option_lists() -> Result<(), String> {
    for &(name, _) in NUM_VALUES {
        if !matches!(unroll_field(name), Some(Field::Uint(_))) {
            return Err(format!("-{name}: no numeric option of cli::UNROLL_OPTIONS"));
        }
    }
    for &name in BOOL_VARIED {
        if !matches!(unroll_field(name), Some(Field::Bool(_))) {
            return Err(format!("-{name}: no boolean option of cli::UNROLL_OPTIONS"));
        }
    }
    Ok(())
}

/// The field of an option the lists above name ([`check_option_lists`]:
/// they all exist, with their kinds).
fn varied_field(name: &str) -> Field {
    unroll_field(name).unwrap_or_else(|| panic!("-{name} is not in cli::UNROLL_OPTIONS"))
}

fn order_name(o: Order) -> &'static str {
    match o {
        Order::NewPm => "newpm",
        Order::Legacy => "legacy",
        Order::Lto => "lto",
    }
}

impl RunConfig {
    /// The configuration as loopwright's command line (without the input
    /// file), as written on the `; RUN:` lines of regression files.
    pub fn args(&self) -> String {
        let mut out = Vec::new();
        match &self.passes {
            Some(p) => out.push(format!("-passes='{p}'")),
            None => {
                out.push(format!("-O{}", self.opt_level));
                if self.order != Order::NewPm {
                    out.push(format!("-pipeline={}", order_name(self.order)));
                }
            }
        }
        // Every option of `cli::UNROLL_OPTIONS` that is set, the varied
        // ones first, in the order of the lists above.
        let mut u = self.unroll.clone();
        let names = NUM_VALUES
            .iter()
            .map(|&(n, _)| n)
            .chain(BOOL_VARIED.iter().copied());
        let rest = UNROLL_OPTIONS
            .iter()
            .map(|o| o.name)
            .filter(|n| !NUM_VALUES.iter().any(|v| v.0 == *n) && !BOOL_VARIED.contains(n));
        for name in names.chain(rest) {
            let value = match varied_field(name) {
                Field::Uint(field) => field(&mut u).map(|v| v.to_string()),
                Field::Bool(field) => field(&mut u).map(|v| v.to_string()),
            };
            if let Some(v) = value {
                out.push(format!("-{name}={v}"));
            }
        }
        out.extend(self.vectorize.iter().cloned());
        out.join(" ")
    }

    /// Reads what [`RunConfig::args`] writes (words separated by spaces,
    /// `'...'` quoting).
    pub fn from_args(line: &str) -> Result<Self, String> {
        let mut cfg = RunConfig::default();
        for word in split_words(line)? {
            let (name, value) = match word.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (word.as_str(), None),
            };
            let Some(name) = name.strip_prefix('-') else {
                return Err(format!("not an option: {word}"));
            };
            match (name, value) {
                ("passes", Some(v)) => cfg.passes = Some(v.to_string()),
                ("pipeline", Some(v)) => {
                    cfg.order = Order::from_name(v).ok_or_else(|| format!("unknown order: {v}"))?;
                }
                ("O0" | "O1" | "O2" | "O3", None) => {
                    cfg.opt_level = name.as_bytes()[1] - b'0';
                }
                (_, _) if VECTORIZE_OPTIONS.contains(&name) => {
                    vectorize_args(std::slice::from_ref(&word))?;
                    cfg.vectorize.push(word.clone());
                }
                (_, Some(v)) => match unroll_field(name) {
                    Some(Field::Uint(field)) => {
                        let n = v.parse().map_err(|_| format!("bad number: {word}"))?;
                        *field(&mut cfg.unroll) = Some(n);
                    }
                    Some(Field::Bool(field)) => {
                        let b = v.parse().map_err(|_| format!("bad boolean: {word}"))?;
                        *field(&mut cfg.unroll) = Some(b);
                    }
                    None => return Err(format!("unknown option: {word}")),
                },
                _ => return Err(format!("unknown option: {word}")),
            }
        }
        Ok(cfg)
    }

    /// A configuration chosen by the fuzzer's bytes: a pipeline of the
    /// canonical-form, unroll and vectorize passes, some `-unroll-*`
    /// options and some of the vectorizer's.
    pub fn arbitrary(u: &mut Unstructured<'_>) -> Self {
        let mut cfg = RunConfig {
            passes: Some(arbitrary_pipeline(u)),
            opt_level: u.int_in_range(0..=3).unwrap_or(3),
            order: [Order::NewPm, Order::Legacy, Order::Lto][pick(u, 3)],
            unroll: UnrollOptions::default(),
            vectorize: Vec::new(),
        };
        for &(name, values) in NUM_VALUES {
            if chance(u, 1, 4) {
                if let Field::Uint(field) = varied_field(name) {
                    *field(&mut cfg.unroll) = Some(values[pick(u, values.len())]);
                }
            }
        }
        for &name in BOOL_VARIED {
            if chance(u, 1, 4) {
                if let Field::Bool(field) = varied_field(name) {
                    *field(&mut cfg.unroll) = Some(chance(u, 1, 2));
                }
            }
        }
        cfg.vectorize = arbitrary_vectorize_options(u);
        cfg
    }

    fn options(&self) -> Result<loopwright::Options, String> {
        let passes = match &self.passes {
            None => None,
            Some(p) => Some(
                loopwright::pipeline::parse(p)
                    .map_err(|e| format!("the pipeline '{p}' does not parse: {e}"))?,
            ),
        };
        let v = vectorize_args(&self.vectorize)?;
        Ok(loopwright::Options {
            passes,
            verify: true,
            verify_each: false,
            opt_level: self.opt_level,
            order: self.order,
            unroll: self.unroll.clone(),
            laa: v.laa_options(Default::default()),
            vectorize: v.options(Default::default()),
            print_vplan: v.print_vplan,
            ..loopwright::Options::default()
        })
    }
}

/// The vectorizer's options `words` give, read by loopwright's own command
/// line (as `main.rs` reads them).
fn vectorize_args(words: &[String]) -> Result<loopwright::cli::VectorizeArgs, String> {
    let argv = std::iter::once("loopwright".to_string())
        .chain(words.iter().cloned())
        .map(std::ffi::OsString::from);
    loopwright::cli::parse_args(argv)
        .map(|(cli, _)| cli.vectorize)
        .map_err(|e| format!("bad vectorizer option in {words:?}: {e}"))
}

/// Values the fuzzers give the vectorizer's numeric options: the forced
/// widths and interleave counts a user may ask for (1 to 64, powers of two
/// or not), LLVM's defaults, and hostile ones (2^20 lanes, 2^32 - 1).
const VECTORIZE_NUMBERS: &[u32] = &[
    0,
    1,
    2,
    3,
    4,
    8,
    16,
    32,
    64,
    5,
    7,
    20,
    1000,
    1 << 20,
    u32::MAX,
];

/// Some of the vectorizer's options (each of `cli::VECTORIZE_OPTIONS` with
/// probability 1/5), with values as the command line spells them.
fn arbitrary_vectorize_options(u: &mut Unstructured<'_>) -> Vec<String> {
    let mut out = Vec::new();
    for &name in VECTORIZE_OPTIONS {
        if !chance(u, 1, 5) {
            continue;
        }
        match loopwright::cli::vectorize_option_kind(name) {
            Some(ValueKind::Uint) => {
                let v = VECTORIZE_NUMBERS[pick(u, VECTORIZE_NUMBERS.len())];
                out.push(format!("-{name}={v}"));
            }
            Some(ValueKind::Bool) => {
                out.push(format!("-{name}{}", ["", "=true", "=false"][pick(u, 3)]));
            }
            Some(ValueKind::Flag) | None => out.push(format!("-{name}")),
        }
    }
    out
}

/// `loop-vectorize`'s parameters as LLVM 19's pass builder reads them.
fn vectorize_params(u: &mut Unstructured<'_>) -> String {
    let mut ps = Vec::new();
    for p in ["interleave-forced-only", "vectorize-forced-only"] {
        if chance(u, 1, 3) {
            let no = if chance(u, 1, 2) { "no-" } else { "" };
            ps.push(format!("{no}{p}"));
        }
    }
    if ps.is_empty() {
        String::new()
    } else {
        format!("<{}>", ps.join(";"))
    }
}

/// Splits a command line into words; `'...'` quotes spaces.
fn split_words(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in line.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any {
                    words.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            c => {
                cur.push(c);
                any = true;
            }
        }
    }
    if quoted {
        return Err(format!("unterminated quote in: {line}"));
    }
    if any {
        words.push(cur);
    }
    Ok(words)
}

fn pick(u: &mut Unstructured<'_>, n: usize) -> usize {
    u.choose_index(n).unwrap_or(0)
}

fn chance(u: &mut Unstructured<'_>, num: u32, den: u32) -> bool {
    !u.is_empty() && u.ratio(num, den).unwrap_or(false)
}

/// `loop-unroll`'s parameters as LLVM 19's pass builder reads them.
fn unroll_params(u: &mut Unstructured<'_>) -> String {
    let mut ps = Vec::new();
    if chance(u, 3, 4) {
        ps.push(["O0", "O1", "O2", "O3"][pick(u, 4)].to_string());
    }
    for p in ["partial", "runtime", "peeling", "upperbound"] {
        if chance(u, 1, 3) {
            let no = if chance(u, 1, 2) { "no-" } else { "" };
            ps.push(format!("{no}{p}"));
        }
    }
    if chance(u, 1, 5) {
        ps.push(format!(
            "full-unroll-max={}",
            [0, 1, 4, 16, 1000][pick(u, 5)]
        ));
    }
    if ps.is_empty() {
        String::new()
    } else {
        format!("<{}>", ps.join(";"))
    }
}

/// A pass of a generated pipeline, by the level opt-19 runs it at.
enum Item {
    /// A function pass (`loop-simplify`, `lcssa`, `loop-unroll<...>`,
    /// `loop-vectorize<...>`).
    Function(String),
    /// A loop pass (`loop-rotate`, `loop-unroll-full`).
    Loop(&'static str),
    /// An explicit `function(...)` adaptor.
    Adaptor(&'static str),
}

/// A pipeline of 1 to 5 passes among `loop-simplify`, `lcssa`,
/// `loop-rotate`, `loop-unroll` (with parameters), `loop-unroll-full` and
/// `loop-vectorize` (with parameters; a function pass, as in opt-19),
/// sometimes in explicit `function(...)` and `loop(...)` adaptors, nested
/// as both loopwright and opt-19 accept them. opt-19 reads the pipeline at
/// the level of its first element: after a `function(...)` adaptor (a
/// module pipeline) a loop pass must be bare (opt adapts it) and
/// `loop(...)` is rejected; after a function pass or `loop(...)` (a
/// function pipeline) a loop pass may be bare or in `loop(...)`; a bare
/// loop pass first makes a loop pipeline, where function passes are
/// rejected, so a first run of loop passes followed by anything else is
/// put in `loop(...)`.
fn arbitrary_pipeline(u: &mut Unstructured<'_>) -> String {
    let n = 1 + pick(u, 5);
    let mut items = Vec::new();
    for _ in 0..n {
        let item = match pick(u, 11) {
            0 => Item::Function("loop-simplify".to_string()),
            1 => Item::Function("lcssa".to_string()),
            2 => Item::Loop("loop-rotate"),
            3 => Item::Function("loop-unroll".to_string()),
            4 => Item::Loop("loop-unroll-full"),
            5 => Item::Function("loop-unroll<O1>".to_string()),
            6 => Item::Function(format!("loop-unroll{}", unroll_params(u))),
            7 | 8 => Item::Function(format!("loop-vectorize{}", vectorize_params(u))),
            9 => Item::Adaptor(match pick(u, 3) {
                0 => "function(loop(loop-rotate),loop-vectorize,loop-unroll<O3>)",
                1 => "function(loop-simplify,lcssa,loop(loop-rotate),loop-vectorize<no-interleave-forced-only;no-vectorize-forced-only>)",
                _ => "function(loop-vectorize<interleave-forced-only;vectorize-forced-only>,loop-unroll<O2;runtime>)",
            }),
            _ => Item::Adaptor(if chance(u, 1, 2) {
                "function(loop(loop-rotate,loop-unroll-full))"
            } else {
                "function(loop-simplify,lcssa,loop(loop-rotate<no-header-duplication>))"
            }),
        };
        items.push(item);
    }
    let module_level = matches!(items.first(), Some(Item::Adaptor(_)));
    let all_loop = items.iter().all(|i| matches!(i, Item::Loop(_)));
    let mut out: Vec<String> = Vec::new();
    let mut k = 0;
    while k < items.len() {
        match &items[k] {
            Item::Function(p) => out.push(p.clone()),
            Item::Adaptor(p) => out.push((*p).to_string()),
            Item::Loop(_) => {
                // A run of loop passes.
                let mut run = Vec::new();
                while let Some(Item::Loop(p)) = items.get(k) {
                    run.push(*p);
                    k += 1;
                }
                let wrap = if k == run.len() {
                    !all_loop
                } else {
                    !module_level && chance(u, 1, 2)
                };
                if wrap {
                    out.push(format!("loop({})", run.join(",")));
                } else {
                    out.extend(run.iter().map(|p| p.to_string()));
                }
                continue;
            }
        }
        k += 1;
    }
    out.join(",")
}

/// Where a `pipeline` input's module comes from.
pub enum Source<'a> {
    /// [`irgen::generate`] on these bytes.
    Generated(&'a [u8]),
    /// The text of a module (used only when it parses and verifies).
    Text(&'a [u8]),
}

/// Splits a `pipeline` input: [`HEADER`] bytes choose the configuration
/// (the first byte's low bit the module's source), the rest is the
/// module. `None` for inputs shorter than the header.
pub fn decode(data: &[u8]) -> Option<(RunConfig, Source<'_>)> {
    if data.len() < HEADER {
        return None;
    }
    let (head, rest) = data.split_at(HEADER);
    let source = if head[0] & 1 == 0 {
        Source::Generated(rest)
    } else {
        Source::Text(rest)
    };
    let cfg = RunConfig::arbitrary(&mut Unstructured::new(&head[1..]));
    Some((cfg, source))
}

/// The generator's contract as far as loopwright can tell: the module
/// parses and loopwright's verifier accepts it.
pub fn check_generated(text: &str) -> Result<(), String> {
    let m = loopwright_parse::parse_on_this_thread(text.as_bytes(), FILENAME).map_err(|e| {
        format!(
            "the generated module does not parse:\n{}\n--- module ---\n{text}",
            e.render(FILENAME, text.as_bytes())
        )
    })?;
    loopwright_analysis::verify::verify_module(&m).map_err(|errs| {
        format!(
            "loopwright's verifier rejects the generated module:\n{}--- module ---\n{text}",
            errs.iter().map(|e| format!("  {e}\n")).collect::<String>()
        )
    })
}

/// Runs loopwright with `cfg` on the valid module `src`: it must succeed,
/// its output must verify, and printing the output's parse must give the
/// output again.
pub fn check_run(src: &[u8], cfg: &RunConfig) -> Result<(), String> {
    let fail = |what: &str, detail: &str| {
        format!(
            "{what}\n; RUN: loopwright {}\n{detail}\n--- input module ---\n{}",
            cfg.args(),
            String::from_utf8_lossy(src)
        )
    };
    let opts = cfg.options().map_err(|e| fail("bad configuration", &e))?;
    let out = loopwright::optimize(src, FILENAME, &opts)
        .map_err(|f| fail("loopwright fails on a valid module:", &f.0))?;
    let m = loopwright_parse::parse_on_this_thread(out.text.as_bytes(), FILENAME).map_err(|e| {
        fail(
            "loopwright's output does not parse:",
            &format!(
                "{}\n--- output ---\n{}",
                e.render("output.ll", out.text.as_bytes()),
                out.text
            ),
        )
    })?;
    if let Err(errs) = loopwright_analysis::verify::verify_module(&m) {
        let list: String = errs.iter().map(|e| format!("  {e}\n")).collect();
        return Err(fail(
            "loopwright's output, read back, does not verify:",
            &format!("{list}--- output ---\n{}", out.text),
        ));
    }
    let again = loopwright_ir::print::print_module(&m);
    if again != out.text {
        return Err(fail(
            "printing loopwright's output read back does not give the output:",
            &format!("--- output ---\n{}\n--- reprinted ---\n{again}", out.text),
        ));
    }
    Ok(())
}

/// The configurations `mutate_ir` runs: the default pipeline at `-O3`, and
/// rotation followed by runtime unrolling and peeling (nested so that
/// opt-19 accepts the pipeline too).
pub fn mutate_ir_configs() -> [RunConfig; 2] {
    [
        RunConfig::default(),
        RunConfig {
            passes: Some("loop(loop-rotate),loop-unroll<O3;runtime;peeling;upperbound>".into()),
            ..RunConfig::default()
        },
    ]
}

/// Target `mutate_ir`: the generated module is valid for loopwright too,
/// and the optimizer keeps it valid ([`mutate_ir_configs`]).
pub fn check_mutate_ir(data: &[u8]) -> Result<(), String> {
    let text = irgen::generate(data);
    check_generated(&text)?;
    for cfg in mutate_ir_configs() {
        check_run(text.as_bytes(), &cfg)?;
    }
    Ok(())
}

/// Whether the driver reads `text` as textual IR at all: it refuses a
/// 0-byte input and, with a hint, bitcode and other binary formats before
/// parsing (`loopwright::parse_with_source_map`).
fn is_driver_text(text: &[u8]) -> bool {
    !text.is_empty()
        && loopwright::diag::bitcode_hint(text).is_none()
        && loopwright::diag::not_text_hint(text).is_none()
}

/// Target `pipeline`: on a valid module (generated, or given as text and
/// accepted by the parser and verifier), the default pipeline and the
/// pipeline chosen by the input's header, both with the header's
/// `-unroll-*` and vectorizer options, keep the module valid.
pub fn check_pipeline(data: &[u8]) -> Result<(), String> {
    let Some((cfg, source)) = decode(data) else {
        return Ok(());
    };
    let generated;
    let src: &[u8] = match source {
        Source::Generated(bytes) => {
            generated = irgen::generate(bytes);
            check_generated(&generated)?;
            generated.as_bytes()
        }
        Source::Text(text) => {
            // Inputs the driver refuses before parsing (0 bytes, bitcode,
            // other binary formats) are not modules it optimizes.
            if !is_driver_text(text) {
                return Ok(());
            }
            let Ok(m) = loopwright_parse::parse_on_this_thread(text, FILENAME) else {
                return Ok(());
            };
            if loopwright_analysis::verify::verify_module(&m).is_err() {
                return Ok(());
            }
            text
        }
    };
    let default = RunConfig {
        passes: None,
        ..cfg.clone()
    };
    check_run(src, &default)?;
    check_run(src, &cfg)
}
