//! Project automation, run as `cargo xtask <command>`.
//!
//! - `cargo xtask corpus [--out DIR]`: build every corpus module (the same
//!   matrix as the round-trip test) into `target/corpus` for inspection.
//! - `cargo xtask bench-io [--runs N]`: time `loopwright --passes=none`
//!   against `opt-19 -S` on a large (>= 100k line) module, with peak RSS.
//!   `LOOPWRIGHT_BIN=PATH` times that binary instead of building one.
//! - `cargo xtask bench [...]` and `cargo xtask bench-compile`: the kernel
//!   suite and compile-time benchmarks (see `bench/README.md`).
//! - `cargo xtask difftest [options]`: differential testing of loopwright
//!   on random C programs (see `tests/difftest/README.md`).
//! - `cargo xtask bench-scev [--runs N]`: time `loopwright analyze --json`
//!   against `opt-19 -passes='print<scalar-evolution>'` (`bench_scev.rs`).
//! - `cargo xtask bench-loops [--runs N] [--loops A,B,...]`: every loop
//!   pass against opt-19 on 1,000 to 25,000 loops in one function
//!   (`bench_loops.rs`).

mod bench;
mod bench_loops;
mod bench_scev;
mod difftest;
#[path = "../../tests/corpus/matrix.rs"]
mod matrix;

use anyhow::{bail, ensure, Context, Result};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant, SystemTime};

const USAGE: &str = "\
usage: cargo xtask <command> [options]

commands:
  corpus [--out DIR]   build the corpus .ll files (default: target/corpus)
  bench-io [--runs N]  time loopwright --passes=none vs opt-19 -S on a
                       >= 100k-line module (default: 5 runs each)
  bench [--quick] [--callgrind] [--anchor] [--filter RE] [--runs N]
                       run the kernel suite: loopwright vs clang -O3, gcc -O3
                       and the -O3 floor (`cargo xtask bench --help`)
  bench-compile [--runs N] [--cc-only] [--anchor]
                       loopwright's compile time and peak RSS vs opt-19
                       running the equivalent passes, then `loopwright cc
                       -O3` vs `clang-19 -O3` (--cc-only: just that;
                       --anchor: also the driver with LLVM's loop passes)
  bench-scev [--runs N] [--classify] [--unnamed]
                       time loopwright analyze --json vs opt-19
                       -passes='print<scalar-evolution>' on a >= 100k-line module
  bench-loops [--runs N] [--loops A,B,...]
                       every loop pass vs opt-19 on 1,000 to 25,000 loops in
                       one function (the hostile test's shape)
  difftest [options]   differential testing on random C programs
                       (`cargo xtask difftest --help` for options)
  help                 print this message";

/// Minimum size of the bench-io input, in lines.
const BENCH_MIN_LINES: usize = 100_000;

fn main() {
    if let Err(e) = real_main() {
        eprintln!("xtask: error: {e:#}");
        std::process::exit(1);
    }
}

fn real_main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(cmd) = args.first() else {
        println!("{USAGE}");
        return Ok(());
    };
    let rest = &args[1..];
    match cmd.as_str() {
        "corpus" => {
            let out = flag_value(rest, "--out")?.map(PathBuf::from);
            corpus(out)
        }
        "bench-io" => {
            let runs = match flag_value(rest, "--runs")? {
                Some(s) => s
                    .parse()
                    .with_context(|| format!("--runs {s:?} is not a number"))?,
                None => 5,
            };
            ensure!(runs >= 1, "--runs must be at least 1");
            bench_io(runs)
        }
        "bench" => bench::bench(rest),
        "bench-compile" => bench::bench_compile(rest),
        "difftest" => difftest::main(rest),
        "bench-scev" => bench_scev::main(rest),
        "bench-loops" => bench_loops::main(rest),
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            Ok(())
        }
        other => bail!("unknown command {other:?}\n{USAGE}"),
    }
}

/// Value of `--name VALUE` or `--name=VALUE`; any other argument is an error.
fn flag_value(args: &[String], name: &str) -> Result<Option<String>> {
    let mut value = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == name {
            value = Some(
                it.next()
                    .with_context(|| format!("{name} needs a value"))?
                    .clone(),
            );
        } else if let Some(v) = a.strip_prefix(name).and_then(|v| v.strip_prefix('=')) {
            value = Some(v.to_owned());
        } else {
            bail!("unexpected argument {a:?}\n{USAGE}");
        }
    }
    Ok(value)
}

fn workspace_root() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    root.canonicalize().unwrap_or(root)
}

fn target_dir(root: &Path) -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(d) if !d.is_empty() => root.join(d),
        _ => root.join("target"),
    }
}

fn require_tools(tools: &[&str]) -> Result<()> {
    let missing = loopwright_testkit::tools::missing(tools);
    ensure!(
        missing.is_empty(),
        "{} not found on PATH; install them with: apt-get install llvm-19 clang-19 llvm-19-tools",
        missing.join(", ")
    );
    Ok(())
}

fn count_lines(path: &Path) -> Result<usize> {
    let bytes = std::fs::read(path).with_context(|| format!("read {}", path.display()))?;
    Ok(bytecount_newlines(&bytes))
}

fn bytecount_newlines(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b == b'\n').count()
}

// ---------------------------------------------------------------- corpus

fn corpus(out: Option<PathBuf>) -> Result<()> {
    require_tools(&[matrix::CLANG, matrix::CLANGXX])?;
    let root = workspace_root();
    let out = out.unwrap_or_else(|| target_dir(&root).join("corpus"));
    std::fs::create_dir_all(out.join("ll")).with_context(|| format!("create {}", out.display()))?;

    let sources = matrix::sources(&root).context("read tests/corpus/src")?;
    let handwritten = matrix::handwritten(&root).context("read tests/corpus/ll")?;
    let mut jobs = Vec::new();
    for source in &sources {
        for variant in matrix::VARIANTS {
            jobs.push((source, variant));
        }
    }

    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(source, variant)) = jobs.get(k) else {
                    break;
                };
                let dest = out.join(source.module_name(variant));
                let result = source
                    .compile_command(variant, &dest)
                    .stdin(Stdio::null())
                    .output();
                let failure = match result {
                    Ok(o) if o.status.success() => None,
                    Ok(o) => Some(format!(
                        "{}: clang failed ({}):\n{}",
                        source.module_name(variant),
                        o.status,
                        String::from_utf8_lossy(&o.stderr)
                    )),
                    Err(e) => Some(format!(
                        "{}: cannot run clang: {e}",
                        source.module_name(variant)
                    )),
                };
                if let Some(f) = failure {
                    failures.lock().unwrap_or_else(|e| e.into_inner()).push(f);
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap_or_else(|e| e.into_inner());
    for f in &failures {
        eprintln!("{f}");
    }
    ensure!(
        failures.is_empty(),
        "{} of {} compiles failed",
        failures.len(),
        jobs.len()
    );

    for path in &handwritten {
        let name = path.file_name().context("file name")?;
        std::fs::copy(path, out.join("ll").join(name))
            .with_context(|| format!("copy {}", path.display()))?;
    }

    let mut total_lines = 0;
    let mut largest = (0, String::new());
    for (source, variant) in &jobs {
        let name = source.module_name(variant);
        let n = count_lines(&out.join(&name))?;
        total_lines += n;
        if n > largest.0 {
            largest = (n, name);
        }
    }
    for path in &handwritten {
        total_lines += count_lines(path)?;
    }
    println!(
        "corpus: {} sources x {} variants = {} compiled modules + {} hand-written modules = {} modules, \
         {} lines in all (largest: {}, {} lines) in {}",
        sources.len(),
        matrix::VARIANTS.len(),
        jobs.len(),
        handwritten.len(),
        jobs.len() + handwritten.len(),
        total_lines,
        largest.1,
        largest.0,
        out.display()
    );
    Ok(())
}

// ---------------------------------------------------------------- bench-io

/// One measured child process.
#[derive(Clone, Copy)]
struct Sample {
    wall: Duration,
    /// User plus system time of the child (all its threads).
    cpu: Duration,
    max_rss_kib: u64,
}

/// Spawns `cmd`, waits for it with `wait4(2)` and returns its wall time
/// and peak resident set size. stdout and stderr are discarded unless the
/// command fails, in which case its stderr is part of the error.
fn measure(cmd: &mut Command, what: &str) -> Result<Sample> {
    let err_file = tempfile_path("stderr");
    let err = std::fs::File::create(&err_file)?;
    let start = Instant::now();
    let child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(err)
        .spawn()
        .with_context(|| format!("cannot run {what}"))?;
    let pid = child.id() as libc::pid_t;
    let mut status: libc::c_int = 0;
    // SAFETY: rusage is plain old data; all-zero is a valid value.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let rc = loop {
        // SAFETY: `pid` is our own unreaped child; the out-pointers refer to
        // live locals of the right types.
        let rc = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if rc == -1 && std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
            continue;
        }
        break rc;
    };
    let wall = start.elapsed();
    // The child is reaped; dropping the handle neither waits nor kills.
    drop(child);
    ensure!(
        rc == pid,
        "wait4 on {what} failed: {}",
        std::io::Error::last_os_error()
    );
    let stderr = std::fs::read_to_string(&err_file).unwrap_or_default();
    let _ = std::fs::remove_file(&err_file);
    let ok = libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0;
    if !ok {
        let how = if libc::WIFEXITED(status) {
            format!("exit status {}", libc::WEXITSTATUS(status))
        } else if libc::WIFSIGNALED(status) {
            format!("signal {}", libc::WTERMSIG(status))
        } else {
            format!("wait status {status}")
        };
        let tail: Vec<&str> = stderr.lines().take(20).collect();
        bail!("{what} failed ({how}):\n{}", tail.join("\n"));
    }
    let tv = |t: libc::timeval| {
        Duration::from_secs(u64::try_from(t.tv_sec).unwrap_or(0))
            + Duration::from_micros(u64::try_from(t.tv_usec).unwrap_or(0))
    };
    // Linux reports ru_maxrss in KiB.
    Ok(Sample {
        wall,
        cpu: tv(usage.ru_utime) + tv(usage.ru_stime),
        max_rss_kib: u64::try_from(usage.ru_maxrss).unwrap_or(0),
    })
}

fn tempfile_path(tag: &str) -> PathBuf {
    let nanos = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    std::env::temp_dir().join(format!("xtask-{}-{nanos}.{tag}", std::process::id()))
}

struct Stats {
    /// Wall time: median, min and max.
    median: f64,
    min: f64,
    max: f64,
    /// Median CPU time (user + system, all threads).
    cpu_median: f64,
    peak_rss_mib: f64,
}

fn median_of(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n == 0 {
        0.0
    } else if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

fn stats(samples: &[Sample]) -> Stats {
    let secs: Vec<f64> = samples.iter().map(|s| s.wall.as_secs_f64()).collect();
    let peak = samples.iter().map(|s| s.max_rss_kib).max().unwrap_or(0);
    Stats {
        median: median_of(secs.clone()),
        min: secs.iter().copied().fold(f64::INFINITY, f64::min),
        max: secs.iter().copied().fold(0.0, f64::max),
        cpu_median: median_of(samples.iter().map(|s| s.cpu.as_secs_f64()).collect()),
        peak_rss_mib: peak as f64 / 1024.0,
    }
}

fn newer_than(a: &Path, b: &Path) -> bool {
    let mtime = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    match (mtime(a), mtime(b)) {
        (Some(x), Some(y)) => x >= y,
        _ => false,
    }
}

fn build_release(root: &Path, target: &Path) -> Result<PathBuf> {
    println!("bench-io: building loopwright (release)");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(cargo)
        .args([
            "build",
            "--release",
            "--quiet",
            "-p",
            "loopwright",
            "--bin",
            "loopwright",
        ])
        .current_dir(root)
        .status()
        .context("run cargo build")?;
    ensure!(
        status.success(),
        "cargo build --release -p loopwright failed ({status})"
    );
    let lw = target
        .join("release")
        .join(format!("loopwright{}", std::env::consts::EXE_SUFFIX));
    ensure!(lw.is_file(), "{} not found after the build", lw.display());
    Ok(lw)
}

/// Builds `tests/corpus/bench/big.cpp` with clang++-19 and `flags` into
/// `out`, unless `out` is newer than the source, and returns its line count,
/// which must be at least [`BENCH_MIN_LINES`]. `tag` prefixes the messages.
fn big_module(root: &Path, out: &Path, flags: &[&str], tag: &str) -> Result<usize> {
    let source = matrix::corpus_dir(root).join("bench").join("big.cpp");
    if newer_than(out, &source) {
        println!("{tag}: reusing {}", out.display());
    } else {
        println!(
            "{tag}: generating {} from {}",
            out.display(),
            source.display()
        );
        let status = Command::new(matrix::CLANGXX)
            .args(["-std=gnu++20", "-w"])
            .args(flags)
            .args(["-S", "-emit-llvm"])
            .arg(&source)
            .arg("-o")
            .arg(out)
            .status()
            .context("run clang++-19")?;
        ensure!(
            status.success(),
            "clang++-19 failed on {} ({status})",
            source.display()
        );
    }
    let lines = count_lines(out)?;
    ensure!(
        lines >= BENCH_MIN_LINES,
        "{} has only {lines} lines; {tag} needs at least {BENCH_MIN_LINES}",
        out.display()
    );
    Ok(lines)
}

fn bench_io(runs: usize) -> Result<()> {
    require_tools(&[matrix::CLANGXX, matrix::OPT])?;
    let root = workspace_root();
    let target = target_dir(&root);
    let bench_dir = target.join("bench-io");
    std::fs::create_dir_all(&bench_dir)?;

    // 1. The input module, regenerated when big.cpp is newer.
    let input = bench_dir.join("big.ll");
    let lines = big_module(&root, &input, &["-O0", "-g"], "bench-io")?;

    // 2. loopwright in release mode (or a binary named by LOOPWRIGHT_BIN).
    let lw = match std::env::var_os("LOOPWRIGHT_BIN") {
        Some(p) if !p.is_empty() => PathBuf::from(p),
        _ => build_release(&root, &target)?,
    };
    println!("bench-io: loopwright = {}", lw.display());

    // 3. Interleaved timing, after one unmeasured warm-up run of each.
    let lw_out = bench_dir.join("big.loopwright.ll");
    let opt_out = bench_dir.join("big.opt.ll");
    let lw_cmd = || {
        let mut c = Command::new(&lw);
        c.arg("--passes=none").arg(&input).arg("-o").arg(&lw_out);
        c
    };
    let opt_cmd = || {
        let mut c = Command::new(matrix::OPT);
        c.arg("-S").arg(&input).arg("-o").arg(&opt_out);
        c
    };
    println!(
        "bench-io: input {} lines, {:.1} MiB; {runs} interleaved runs each (after a warm-up)",
        lines,
        std::fs::metadata(&input)?.len() as f64 / (1024.0 * 1024.0)
    );
    measure(&mut lw_cmd(), "loopwright")?;
    measure(&mut opt_cmd(), "opt-19")?;
    let mut lw_samples = Vec::new();
    let mut opt_samples = Vec::new();
    for run in 0..runs {
        let a = measure(&mut lw_cmd(), "loopwright")?;
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
    let lw_s = stats(&lw_samples);
    let opt_s = stats(&opt_samples);

    println!();
    println!(
        "{:<34} {:>10} {:>10} {:>10} {:>14}",
        "command", "median s", "min s", "max s", "peak RSS MiB"
    );
    for (name, s) in [
        ("loopwright --passes=none IN -o OUT", &lw_s),
        ("opt-19 -S IN -o OUT", &opt_s),
    ] {
        println!(
            "{:<34} {:>10.3} {:>10.3} {:>10.3} {:>14.1}",
            name, s.median, s.min, s.max, s.peak_rss_mib
        );
    }
    println!();
    let ratio = lw_s.median / opt_s.median;
    println!(
        "bench-io: loopwright/opt time ratio={ratio:.3} (speedup {:.2}x), peak RSS loopwright={:.1} MiB opt={:.1} MiB",
        1.0 / ratio,
        lw_s.peak_rss_mib,
        opt_s.peak_rss_mib
    );
    Ok(())
}
