//! Replays the optimizer fuzz targets (`mutate_ir`, `pipeline`) on stable
//! Rust, and holds their IR generator to its contract.
//!
//! `fuzz/src/optimizer.rs` (with `fuzz/src/irgen.rs`) is compiled into this
//! test through `#[path]`, so the replay runs exactly the checks the
//! fuzzers run:
//!
//! - every file of `fuzz/corpus/mutate_ir/` through `check_mutate_ir`, and
//!   of `fuzz/corpus/pipeline/` through `check_pipeline`;
//! - every `.ll` file of `tests/fuzz_regressions/` through `check_run`,
//!   once per `; RUN: loopwright ARGS` line it starts with (the default
//!   pipeline when it has none);
//! - a sample of generated modules through loopwright's parser and
//!   verifier and `opt-19 -passes=verify` (the generator's contract: valid
//!   by construction), and loopwright's output on them through
//!   `opt-19 -passes=verify` too;
//! - the generator's coverage of the IR features it promises, and the
//!   pipelines the `pipeline` target chooses through `opt-19`'s pipeline
//!   parser.
//!
//! The numbers of corpus and regression files are floors
//! (`driver.fuzz.*` in `tests/floors.toml`). Tests that need opt-19 skip
//! that part with a notice without it (an error under CI).
//!
//! The parse crate's `fuzz_replay.rs` cannot run these checks: they need
//! the driver, which depends on the parse crate.

mod common;
#[allow(dead_code)]
#[path = "../../../fuzz/src/optimizer.rs"]
mod optimizer;

use optimizer::{irgen, RunConfig};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// Stack of the replay thread, as for the parse crate's replay: the fuzz
/// checks parse on the caller's thread.
const STACK: usize = 256 << 20;

/// Generated modules checked against opt-19.
const SAMPLE: usize = 400;

fn repo_root() -> PathBuf {
    let driver = Path::new(env!("CARGO_MANIFEST_DIR"));
    driver
        .parent()
        .and_then(Path::parent)
        .unwrap_or(driver)
        .to_path_buf()
}

/// The regular, non-hidden files of `dir`, sorted.
fn files_in(dir: &Path) -> Vec<PathBuf> {
    let entries =
        std::fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
    let mut v: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| !n.starts_with('.'))
        })
        .collect();
    v.sort();
    v
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "panic with a non-string payload".to_string()
    }
}

/// Runs `check` on every file on a big stack; returns one line per
/// failure and the slowest file.
fn replay(
    files: Vec<PathBuf>,
    check: fn(&Path, &[u8]) -> Result<(), String>,
) -> (Vec<String>, Vec<(PathBuf, Duration)>) {
    std::thread::Builder::new()
        .name("fuzz-replay".into())
        .stack_size(STACK)
        .spawn(move || {
            let mut failures = Vec::new();
            let mut times: Vec<(PathBuf, Duration)> = Vec::new();
            for path in files {
                let data = match std::fs::read(&path) {
                    Ok(d) => d,
                    Err(e) => {
                        failures.push(format!("{}: cannot read: {e}", path.display()));
                        continue;
                    }
                };
                let start = Instant::now();
                match catch_unwind(AssertUnwindSafe(|| check(&path, &data))) {
                    Ok(Ok(())) => {}
                    Ok(Err(msg)) => failures.push(format!("{}: {msg}", path.display())),
                    Err(p) => failures.push(format!(
                        "{}: panicked: {}",
                        path.display(),
                        panic_message(p.as_ref())
                    )),
                }
                times.push((path, start.elapsed()));
            }
            (failures, times)
        })
        .expect("spawn the replay thread")
        .join()
        .expect("the replay thread catches every panic")
}

/// Replays `files` through `check`; returns each file's time.
fn assert_replays(
    what: &str,
    files: Vec<PathBuf>,
    check: fn(&Path, &[u8]) -> Result<(), String>,
) -> Vec<(PathBuf, Duration)> {
    let n = files.len();
    let (failures, times) = replay(files, check);
    if let Some((path, took)) = times.iter().max_by_key(|(_, t)| *t) {
        println!(
            "{what}: {n} files replayed; slowest {} ({took:?})",
            path.display()
        );
    }
    assert!(
        failures.is_empty(),
        "{} failures in {n} {what} files:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    times
}

/// What a file may take in a release build: the fuzzers' `-timeout=20`
/// with room for a loaded machine. Some regressions were timeouts (one
/// took 107 s before its fix, 2 s after). A file may set a tighter limit
/// of its own, between the times before and after its fix, with a
/// `; RELEASE-TIME-LIMIT: SECONDS` line at its top.
const RELEASE_TIME_LIMIT: Duration = Duration::from_secs(60);

/// The time limit a regression file sets itself
/// (`; RELEASE-TIME-LIMIT: SECONDS`), if any.
fn own_time_limit(path: &Path) -> Option<Duration> {
    let text = std::fs::read_to_string(path).ok()?;
    text.lines()
        .take_while(|l| l.starts_with(';'))
        .find_map(|l| l.strip_prefix("; RELEASE-TIME-LIMIT:"))
        .and_then(|v| v.trim().parse::<u64>().ok())
        .map(Duration::from_secs)
}

fn mutate_ir(_: &Path, data: &[u8]) -> Result<(), String> {
    optimizer::check_mutate_ir(data)
}

fn pipeline(_: &Path, data: &[u8]) -> Result<(), String> {
    optimizer::check_pipeline(data)
}

/// The `; RUN: loopwright ARGS` lines at the top of a regression file.
fn run_lines(text: &str) -> Result<Vec<RunConfig>, String> {
    let mut cfgs = Vec::new();
    for line in text.lines().take_while(|l| l.starts_with(';')) {
        if let Some(args) = line.strip_prefix("; RUN: loopwright") {
            cfgs.push(RunConfig::from_args(args)?);
        }
    }
    if cfgs.is_empty() {
        cfgs.push(RunConfig::default());
    }
    Ok(cfgs)
}

fn regression(_: &Path, data: &[u8]) -> Result<(), String> {
    let text = String::from_utf8_lossy(data);
    for cfg in run_lines(&text)? {
        optimizer::check_run(data, &cfg)?;
    }
    Ok(())
}

#[test]
fn fuzz_optimizer_corpora_replay() {
    let corpus = repo_root().join("fuzz/corpus");
    for (target, check) in [
        (
            "mutate_ir",
            mutate_ir as fn(&Path, &[u8]) -> Result<(), String>,
        ),
        ("pipeline", pipeline),
    ] {
        let dir = corpus.join(target);
        let files = files_in(&dir);
        loopwright_testkit::floors::check(
            &format!("driver.fuzz.corpus.{target}.files"),
            files.len(),
        );
        assert_replays(&dir.display().to_string(), files, check);
        // FUZZ_REPLAY_MUTATE_IR / FUZZ_REPLAY_PIPELINE (':'-separated)
        // replay more directories, such as a fuzzer's working corpus.
        let var = format!("FUZZ_REPLAY_{}", target.to_ascii_uppercase());
        if let Some(extra) = std::env::var_os(var) {
            for dir in std::env::split_paths(&extra) {
                assert_replays(&dir.display().to_string(), files_in(&dir), check);
            }
        }
    }
}

#[test]
fn fuzz_optimizer_regressions_replay() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions");
    let files: Vec<PathBuf> = files_in(&dir)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "ll"))
        .collect();
    loopwright_testkit::floors::check("driver.fuzz.regressions.files", files.len());
    let times = assert_replays("fuzz_regressions", files, regression);
    if cfg!(debug_assertions) {
        return;
    }
    for (path, took) in times {
        let limit = own_time_limit(&path).unwrap_or(RELEASE_TIME_LIMIT);
        assert!(
            took < limit,
            "{} takes {took:?} (limit {limit:?})",
            path.display()
        );
    }
}

/// Deterministic pseudo-random inputs of varied lengths (the seeded
/// generator of `loopwright_testkit`).
fn sample_inputs(n: usize, seed: u64) -> Vec<Vec<u8>> {
    let mut rng = loopwright_testkit::Rng::new(seed);
    (0..n)
        .map(|i| {
            let len = [0, 16, 64, 256, 1024, 4096][i % 6] + rng.below(64);
            rng.bytes(len)
        })
        .collect()
}

/// Whether `tool` runs (`loopwright_testkit::require`): outside CI a
/// missing tool skips with a notice, under CI it fails the test.
fn have(tool: &str) -> bool {
    loopwright_testkit::require(&[tool])
}

/// `opt-19 -passes=verify` on `text` (`common::verify_problem`): `Err` if
/// it rejects it or complains (invalid debug info).
fn opt_verify(dir: &Path, name: &str, text: &str) -> Result<(), String> {
    let path = dir.join(name);
    std::fs::write(&path, text).map_err(|e| format!("write {}: {e}", path.display()))?;
    match common::verify_problem(&path) {
        Some(p) => Err(p),
        None => Ok(()),
    }
}

fn temp_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("loopwright-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("create a temp dir");
    dir
}

/// The generator's contract: every module it writes is valid for
/// loopwright's parser and verifier and for `opt-19 -passes=verify`; and
/// loopwright's output on it is valid for opt-19 too.
#[test]
fn generated_modules_are_valid() {
    let inputs = sample_inputs(SAMPLE, 0x5eed_1e55_f00d);
    let texts: Vec<String> = inputs.iter().map(|d| irgen::generate(d)).collect();
    let mut failures = Vec::new();
    for (i, text) in texts.iter().enumerate() {
        if let Err(e) = optimizer::check_generated(text) {
            failures.push(format!("sample {i}: {e}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    if !have("opt-19") {
        return;
    }
    let dir = temp_dir("irgen");
    let mut outputs_checked = 0;
    for (i, text) in texts.iter().enumerate() {
        if let Err(e) = opt_verify(&dir, "gen.ll", text) {
            failures.push(format!(
                "sample {i}: opt-19 rejects the generated module:\n{e}\n{text}"
            ));
            continue;
        }
        // loopwright's output must be valid for LLVM too (a sample: every
        // fourth module, both mutate_ir configurations).
        if i % 4 != 0 {
            continue;
        }
        for cfg in optimizer::mutate_ir_configs() {
            let Ok(out) = std::thread::scope(|s| {
                std::thread::Builder::new()
                    .stack_size(STACK)
                    .spawn_scoped(s, || {
                        let opts = loopwright::Options {
                            passes: cfg
                                .passes
                                .as_deref()
                                .map(|p| loopwright::pipeline::parse(p).expect("pipeline")),
                            ..loopwright::Options::default()
                        };
                        loopwright::optimize(text.as_bytes(), "gen.ll", &opts)
                    })
                    .expect("spawn")
                    .join()
                    .expect("no panic")
            }) else {
                // The fuzz check reports this, with more detail.
                failures.push(format!("sample {i}: loopwright {} fails", cfg.args()));
                continue;
            };
            outputs_checked += 1;
            if let Err(e) = opt_verify(&dir, "out.ll", &out.text) {
                failures.push(format!(
                    "sample {i}: opt-19 rejects loopwright {}'s output:\n{e}\n{}",
                    cfg.args(),
                    out.text
                ));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    println!("{SAMPLE} generated modules verified; {outputs_checked} outputs verified");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Loop shapes of a module: (deepest nest, most exit blocks of a loop,
/// most latches of a loop).
fn loop_shapes(text: &str) -> (u32, usize, usize) {
    let m = loopwright_parse::parse_module(text.as_bytes(), "gen.ll").expect("parses");
    let mut shape = (0, 0, 0);
    for fid in loopwright_transforms::defined_functions(&m) {
        let f = &m.functions[fid];
        let a = loopwright_transforms::FnAnalyses::compute(f);
        for l in a.loops.loops() {
            shape.0 = shape.0.max(a.loops.depth(l));
            shape.1 = shape.1.max(a.loops.exit_blocks(&a.cfg, l).len());
            shape.2 = shape.2.max(a.loops.latches(&a.cfg, l).len());
        }
    }
    shape
}

/// The generator reaches every feature it promises, on the same sample.
#[test]
fn generator_covers_ir_features() {
    let texts: Vec<String> = sample_inputs(SAMPLE, 0x5eed_1e55_f00d)
        .iter()
        .map(|d| irgen::generate(d))
        .collect();
    let features = [
        "switch i",
        " = phi ",
        "getelementptr inbounds %struct.S",
        "getelementptr inbounds [",
        " = load ",
        "store ",
        "load atomic",
        "call void @sink.",
        "call i32 @pure",
        "@llvm.smax.",
        "@llvm.umin.",
        "@llvm.abs.",
        "@llvm.fmuladd.",
        ".with.overflow.",
        "@llvm.vector.reduce.add",
        "select i1",
        "fadd",
        "fmul",
        "mul nsw",
        "sext i32",
        "trunc i64",
        "sitofp",
        "i128",
        "half",
        "<4 x i32>",
        "call void @barrier()",
        "call void @nodup()",
        "unreachable",
        "freeze",
        "!llvm.loop !",
        "llvm.loop.mustprogress",
        "llvm.loop.unroll.disable",
        "llvm.loop.unroll.full",
        "llvm.loop.unroll.runtime.disable",
        "\"llvm.loop.unroll.count\", i32 4",
        "\"llvm.loop.unroll.count\", i32 -2147483648",
        "\"llvm.loop.unroll.count\", i32 -1",
        "llvm.loop.peeled.count",
        "llvm.loop.unroll.followup_all",
        "llvm.loop.unroll.followup_unrolled",
        "llvm.loop.unroll.followup_remainder",
        "llvm.loop.disable_nonforced",
        "llvm.loop.vectorize.width",
        "\"llvm.loop.vectorize.width\", i32 1048576",
        "\"llvm.loop.vectorize.enable\", i1 true",
        "\"llvm.loop.interleave.count\", i32 4",
        "\"llvm.loop.interleave.count\", i32 -2147483648",
        "llvm.loop.vectorize.followup_",
        "llvm.loop.vectorize.predicate.enable",
        "llvm.loop.vectorize.widht",
        "fadd fast",
        "\"llvm.loop.unroll.count\", !\"four\"",
        "!DILocation",
        "#dbg_value",
        "optsize",
    ];
    let missing: Vec<&str> = features
        .iter()
        .copied()
        .filter(|f| !texts.iter().any(|t| t.contains(f)))
        .collect();
    assert!(missing.is_empty(), "no generated module has {missing:?}");

    let shapes: Vec<(u32, usize, usize)> = texts.iter().map(|t| loop_shapes(t)).collect();
    let count = |p: &dyn Fn(&(u32, usize, usize)) -> bool| shapes.iter().filter(|s| p(s)).count();
    let with_loops = count(&|s| s.0 >= 1);
    let nests3 = count(&|s| s.0 >= 3);
    let multi_exit = count(&|s| s.1 >= 2);
    let multi_latch = count(&|s| s.2 >= 2);
    println!(
        "of {SAMPLE} modules: {with_loops} with loops, {nests3} with nests of depth 3+, \
         {multi_exit} with a multi-exit loop, {multi_latch} with a multi-latch loop"
    );
    assert!(with_loops * 2 > SAMPLE, "too few modules with loops");
    assert!(nests3 > 0, "no loop nest of depth 3");
    assert!(multi_exit > 0, "no loop with several exit blocks");
    assert!(multi_latch > 0, "no loop with several latches");
}

/// Generated modules reach the loop vectorizer: on the first 200 of the
/// sample, `-O3` vectorizes a loop (a `vector.body` block in the output)
/// of a fair share of them. The share is a floor, well below what was
/// measured (see `fuzz/README.md`).
#[test]
fn generated_loops_reach_the_vectorizer() {
    const N: usize = 200;
    let texts: Vec<String> = sample_inputs(N, 0x5eed_1e55_f00d)
        .iter()
        .map(|d| irgen::generate(d))
        .collect();
    let (vectorized, failures) = std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(move || {
            let mut vectorized = 0;
            let mut failures = Vec::new();
            for (i, text) in texts.iter().enumerate() {
                let run = catch_unwind(AssertUnwindSafe(|| {
                    loopwright::optimize(text.as_bytes(), "gen.ll", &loopwright::Options::default())
                }));
                match run {
                    Ok(Ok(out)) => vectorized += usize::from(out.text.contains("vector.body")),
                    Ok(Err(f)) => failures.push(format!("sample {i}: {}\n{text}", f.0)),
                    Err(p) => failures.push(format!(
                        "sample {i}: panic: {}\n{text}",
                        panic_message(p.as_ref())
                    )),
                }
            }
            (vectorized, failures)
        })
        .expect("spawn")
        .join()
        .expect("no panic");
    // The fuzz checks report these too, with more detail.
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    println!("of {N} generated modules, -O3 vectorized a loop in {vectorized}");
    assert!(
        vectorized * 100 >= N * 15,
        "only {vectorized} of {N} generated modules get a loop vectorized"
    );
}

/// The pipelines the `pipeline` target chooses, and those `mutate_ir`
/// runs, are pipelines opt-19 accepts too, loopwright's command line reads
/// its own `args()` back, and decoding needs the whole header.
#[test]
fn pipeline_configurations_are_valid() {
    let mut cfgs = Vec::new();
    for data in sample_inputs(200, 0x000c_0f19) {
        if let Some((cfg, _)) = optimizer::decode(&data) {
            cfgs.push(cfg);
        }
    }
    assert!(cfgs.len() > 100);
    assert!(optimizer::decode(&[0; optimizer::HEADER - 1]).is_none());
    for cfg in &cfgs {
        let back = RunConfig::from_args(&cfg.args()).expect("args read back");
        assert_eq!(back.args(), cfg.args());
    }
    if !have("opt-19") {
        return;
    }
    let dir = temp_dir("pipelines");
    let module = dir.join("m.ll");
    std::fs::write(&module, "define void @f() {\n  ret void\n}\n").expect("write");
    let mut seen = std::collections::BTreeSet::new();
    for cfg in cfgs.iter().chain(&optimizer::mutate_ir_configs()) {
        let Some(p) = &cfg.passes else { continue };
        if !seen.insert(p.clone()) {
            continue;
        }
        let out = loopwright_testkit::run(
            Command::new("opt-19")
                .arg(format!("-passes={p}"))
                .arg("-disable-output")
                .arg(&module),
            loopwright_testkit::run::TIMEOUT,
        );
        assert!(
            out.success(),
            "opt-19 rejects the pipeline '{p}': {}",
            out.stderr_text()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The checks can fail: a generated-module check rejects an invalid
/// module, and a run on an invalid module is reported with the command
/// line.
#[test]
fn checks_report_broken_modules() {
    let bad = "define i32 @f() {\nentry:\n  ret i32 %x\nb:\n  %x = add i32 1, 2\n  ret i32 %x\n}\n";
    let e = optimizer::check_generated(bad).expect_err("use before definition");
    assert!(e.contains("verifier rejects"), "{e}");
    let e = std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(|| optimizer::check_run(bad.as_bytes(), &RunConfig::default()))
        .expect("spawn")
        .join()
        .expect("no panic")
        .expect_err("invalid input");
    assert!(e.contains("; RUN: loopwright -O3"), "{e}");
    let unparsable = "define void @f( {";
    assert!(optimizer::check_generated(unparsable).is_err());
    let cfg = RunConfig::from_args(
        "-passes='loop-unroll<O2;runtime>' -unroll-count=4 \
                                    -unroll-runtime=false",
    )
    .expect("reads");
    assert_eq!(cfg.passes.as_deref(), Some("loop-unroll<O2;runtime>"));
    assert_eq!(cfg.unroll.count, Some(4));
    assert_eq!(cfg.unroll.runtime, Some(false));
    assert!(RunConfig::from_args("-unroll-bogus=1").is_err());
    assert!(RunConfig::from_args("-passes='x").is_err());
    // Any option of `cli::UNROLL_OPTIONS` reads back, also one the
    // fuzzers do not vary; a number for a boolean does not.
    let cfg =
        RunConfig::from_args("-O3 -unroll-runtime-other-exit-predictable=true").expect("reads");
    assert_eq!(cfg.unroll.runtime_other_exit_predictable, Some(true));
    assert_eq!(
        cfg.args(),
        "-O3 -unroll-runtime-other-exit-predictable=true"
    );
    assert!(RunConfig::from_args("-unroll-runtime=4").is_err());
}

/// The options the fuzzers vary are `cli::UNROLL_OPTIONS`' (where their
/// names, kinds and fields are declared once), with the same kinds.
#[test]
fn fuzzed_unroll_options_are_cli_options() {
    optimizer::check_option_lists().expect("the fuzz option lists name cli's options");
}

/// A `pipeline` input whose text the driver refuses before parsing (0
/// bytes, bitcode) is no module to optimize, not a finding: the parser
/// alone reads 0 bytes as an empty module, the driver does not (found by
/// the first `pipeline` run).
#[test]
fn pipeline_skips_inputs_the_driver_does_not_read() {
    let mut empty = vec![0u8; optimizer::HEADER];
    empty[0] = 1; // a text module follows the header
    assert!(optimizer::check_pipeline(&empty).is_ok());
    let mut bitcode = empty.clone();
    bitcode.extend_from_slice(b"BC\xC0\xDE");
    assert!(optimizer::check_pipeline(&bitcode).is_ok());
    // A newline is an empty module the driver reads and optimizes.
    let mut newline = empty;
    newline.push(b'\n');
    assert!(optimizer::check_pipeline(&newline).is_ok());
}

/// A developer's tool, not a check: `FUZZ_DECODE=FILE cargo test --release
/// -p loopwright --test fuzz_pipeline_replay decode_pipeline_input --
/// --ignored --nocapture` writes the module of a `pipeline` input (a
/// fuzzer artifact, say) to `FILE.ll` and prints the two loopwright command
/// lines the target runs on it (the default pipeline and the chosen one),
/// so that a finding can be run, timed and reduced outside the fuzzer.
#[test]
#[ignore]
fn decode_pipeline_input() {
    let Some(path) = std::env::var_os("FUZZ_DECODE") else {
        eprintln!("set FUZZ_DECODE to a pipeline input");
        return;
    };
    let data = std::fs::read(&path).expect("the input is readable");
    let Some((cfg, source)) = optimizer::decode(&data) else {
        eprintln!("shorter than the header: not a pipeline input");
        return;
    };
    let text = match source {
        optimizer::Source::Generated(bytes) => irgen::generate(bytes),
        optimizer::Source::Text(t) => String::from_utf8_lossy(t).into_owned(),
    };
    let out = PathBuf::from(format!("{}.ll", Path::new(&path).display()));
    std::fs::write(&out, text).expect("the module is written");
    let default = RunConfig {
        passes: None,
        ..cfg.clone()
    };
    println!("module: {}", out.display());
    println!("loopwright {} {}", default.args(), out.display());
    if cfg.passes.is_some() {
        println!("loopwright {} {}", cfg.args(), out.display());
    }
}
