//! The compiler driver (`loopwright cc`, `loopwright c++`) builds real
//! programs, and they run as the same programs built by clang-19 -O3:
//!
//! - every kernel of `bench/kernels` (several sources per `-c` command,
//!   then linked through the driver too), with `-Rpass=loop-unroll`: each
//!   program prints what clang's build prints, and the remarks have
//!   clang's layout, source lines and carets (`cc_support::layout_problems`);
//! - programs of the difftest generator (`xtask/src/difftest/gen.rs`, the
//!   seeded generator `cargo xtask difftest --emit` writes with);
//! - `tests/cc/project`, a multi-file C project, by
//!   `make -j2 CC=loopwright-cc` (dependency files included);
//! - the same project by CMake (`tests/cc/project/CMakeLists.txt`,
//!   `CC=loopwright-cc`: CMake's compiler probes included);
//! - a Rust program whose build script compiles C through cargo's `cc`
//!   crate with `CC=loopwright-cc`;
//! - `tests/cc/stl.cpp`, a C++ program using the standard library, by
//!   `loopwright c++`.
//!
//! Every build runs with `-fno-loopwright-fallback` (a failure of
//! loopwright's steps fails the build) and its standard error is checked
//! for the fallback's message. The numbers of programs compared and of
//! remark locations compared with clang's are floors (`cc_builds.*`).
//! Each comparison is first shown to fail on a deliberately wrong
//! output.

mod cc_support;

#[path = "../../../xtask/src/difftest/gen.rs"]
#[allow(dead_code, clippy::all)]
mod gen;
#[path = "../../../xtask/src/difftest/rng.rs"]
#[allow(dead_code, clippy::all)]
mod rng;

use cc_support::*;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Runs `jobs` on two threads (the machine's cores), in order of results.
fn parallel<T: Send, R: Send>(jobs: Vec<T>, f: impl Fn(T) -> R + Sync) -> Vec<R> {
    let jobs: Mutex<Vec<(usize, T)>> = Mutex::new(jobs.into_iter().enumerate().rev().collect());
    let results: Mutex<Vec<(usize, R)>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let Some((i, job)) = jobs.lock().unwrap().pop() else {
                    break;
                };
                let r = f(job);
                results.lock().unwrap().push((i, r));
            });
        }
    });
    let mut r = results.into_inner().unwrap();
    r.sort_by_key(|(i, _)| *i);
    r.into_iter().map(|(_, r)| r).collect()
}

#[test]
fn output_comparison_can_fail() {
    assert!(outputs_agree("checksum int 5\n", "checksum int 5\n"));
    assert!(!outputs_agree("checksum int 5\n", "checksum int 6\n"));
    assert!(outputs_agree(
        "checksum fp 1.0000001 rtol 1e-6\n",
        "checksum fp 1.0 rtol 1e-6\n"
    ));
    assert!(!outputs_agree(
        "checksum fp 1.01 rtol 1e-6\n",
        "checksum fp 1.0 rtol 1e-6\n"
    ));
    assert!(!outputs_agree("a\n", "a\nb\n"));
}

#[test]
fn layout_comparison_can_fail() {
    let clang = "a.c:2:3: remark: completely unrolled loop with 4 iterations [-Rpass=loop-unroll]\n    2 |   for (;;)\n      |   ^\n";
    let (n, p) = layout_problems(clang, clang);
    assert_eq!((n, p.len()), (1, 0));
    // A caret one column off, a missing option, a missing gutter, a wrong
    // include line.
    let header = format!("In file included from b.c:1:\n{clang}");
    let (_, p) = layout_problems(&header, &header);
    assert!(p.is_empty(), "{p:?}");
    for (theirs, wrong) in [
        (
            clang.to_owned(),
            clang.replace("      |   ^", "      |    ^"),
        ),
        (clang.to_owned(), clang.replace(" [-Rpass=loop-unroll]", "")),
        (clang.to_owned(), clang.replace("    2 |   for", "  for")),
        (header.clone(), header.replace("b.c:1:", "b.c:2:")),
    ] {
        let (_, p) = layout_problems(&theirs, &wrong);
        assert!(!p.is_empty(), "not caught:\n{wrong}");
    }
}

/// Builds `sources` (absolute paths) with `driver` and `flags` in `dir`
/// (`-c`, several sources per command), links each object, runs it with
/// `args` and returns (name, output) per source and the compiles' stderr.
fn build_and_run(
    driver: &Path,
    linker: &Path,
    flags: &[&str],
    sources: &[PathBuf],
    dir: &Path,
    args: &[&str],
) -> (Vec<(String, String)>, String) {
    std::fs::create_dir_all(dir).unwrap();
    let mut cmd: Vec<&str> = flags.to_vec();
    cmd.push("-c");
    let srcs: Vec<String> = sources.iter().map(|s| s.display().to_string()).collect();
    cmd.extend(srcs.iter().map(String::as_str));
    let f = run_ok_in(dir, driver, &cmd);
    let stderr = f.stderr_text();
    let mut outs = Vec::new();
    for s in sources {
        let stem = s.file_stem().unwrap().to_string_lossy().into_owned();
        let obj = format!("{stem}.o");
        run_ok_in(dir, linker, &["-O3", &obj, "-o", &stem]);
        let exe = dir.join(&stem);
        let r = run_ok_in(dir, &exe, args);
        outs.push((stem, r.stdout_text()));
    }
    (outs, stderr)
}

#[test]
fn bench_kernels_run_as_clang_builds() {
    if !loopwright_testkit::require(TOOLS) {
        return;
    }
    let kernels: Vec<PathBuf> = std::fs::read_dir(root().join("bench/kernels"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    assert!(kernels.len() >= 80, "{} kernels", kernels.len());
    let dir = work("kernels");
    let batches: Vec<(usize, Vec<PathBuf>)> = kernels
        .chunks(12)
        .enumerate()
        .map(|(i, c)| (i, c.to_vec()))
        .collect();
    let clang = PathBuf::from("clang-19");
    let results = parallel(batches, |(i, batch)| {
        let flags = ["-O3", "-Rpass=loop-unroll"];
        let (theirs, clang_err) = build_and_run(
            &clang,
            &clang,
            &flags,
            &batch,
            &dir.join(format!("clang{i}")),
            &["1"],
        );
        let (ours, our_err) = build_and_run(
            &lw_cc(),
            &lw_cc(),
            &["-O3", "-Rpass=loop-unroll", "-fno-loopwright-fallback"],
            &batch,
            &dir.join(format!("lw{i}")),
            &["1"],
        );
        (theirs, clang_err, ours, our_err)
    });
    let mut failures = Vec::new();
    let (mut programs, mut locations) = (0, 0);
    for (theirs, clang_err, ours, our_err) in &results {
        assert_no_fallback("bench kernels", our_err);
        for ((name, want), (_, got)) in theirs.iter().zip(ours) {
            programs += 1;
            if !outputs_agree(want, got) {
                failures.push(format!(
                    "{name}: clang printed {want:?}, loopwright cc {got:?}"
                ));
            }
        }
        let (n, problems) = layout_problems(clang_err, our_err);
        locations += n;
        failures.extend(problems);
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!(
        "cc_builds: {programs} kernels run as clang's builds; remarks at {locations} \
         locations laid out as clang's"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    loopwright_testkit::floors::check_all(&[
        ("cc_builds.kernels", programs),
        ("cc_builds.kernel_remark_locations", locations),
    ]);
}

/// How many generated programs are built.
const DIFFTEST_PROGRAMS: u64 = 24;

#[test]
fn difftest_programs_run_as_clang_builds() {
    if !loopwright_testkit::require(TOOLS) {
        return;
    }
    let dir = work("difftest");
    let progs: Vec<PathBuf> = (0..DIFFTEST_PROGRAMS)
        .map(|i| {
            let p = dir.join(format!("prog{i}.c"));
            std::fs::write(&p, gen::generate(20_251_127, i)).unwrap();
            p
        })
        .collect();
    let batches: Vec<(usize, Vec<PathBuf>)> = progs
        .chunks(6)
        .enumerate()
        .map(|(i, c)| (i, c.to_vec()))
        .collect();
    let clang = PathBuf::from("clang-19");
    let results = parallel(batches, |(i, batch)| {
        let (theirs, _) = build_and_run(
            &clang,
            &clang,
            &["-O3", "-w", "-std=c11"],
            &batch,
            &dir.join(format!("clang{i}")),
            &[],
        );
        let (ours, err) = build_and_run(
            &lw_cc(),
            &lw_cc(),
            &["-O3", "-w", "-std=c11", "-fno-loopwright-fallback"],
            &batch,
            &dir.join(format!("lw{i}")),
            &[],
        );
        (theirs, ours, err)
    });
    let mut failures = Vec::new();
    let mut programs = 0;
    for (theirs, ours, err) in &results {
        assert_no_fallback("difftest programs", err);
        for ((name, want), (_, got)) in theirs.iter().zip(ours) {
            programs += 1;
            if want != got || want.is_empty() {
                failures.push(format!(
                    "{name}: clang printed {want:?}, loopwright cc {got:?}"
                ));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!("cc_builds: {programs} generated programs run as clang's builds");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    loopwright_testkit::floors::check("cc_builds.difftest_programs", programs);
}

/// Copies `tests/cc/project` into `dir`.
fn project_copy(dir: &Path) {
    std::fs::create_dir_all(dir).unwrap();
    for e in std::fs::read_dir(root().join("tests/cc/project")).unwrap() {
        let p = e.unwrap().path();
        std::fs::copy(&p, dir.join(p.file_name().unwrap())).unwrap();
    }
}

#[test]
fn make_builds_a_project_with_loopwright_cc() {
    if !loopwright_testkit::require(&["clang-19", "opt-19", "make"]) {
        return;
    }
    let dir = work("make");
    let (ours, theirs) = (dir.join("lw"), dir.join("clang"));
    project_copy(&ours);
    project_copy(&theirs);
    let cc = format!("CC={}", lw_cc().display());
    let f = run_ok_in(
        &ours,
        Path::new("make"),
        &["-j2", &cc, "CFLAGS=-O3 -fno-loopwright-fallback"],
    );
    assert_no_fallback("make", &f.stderr_text());
    run_ok_in(&theirs, Path::new("make"), &["CC=clang-19", "CFLAGS=-O3"]);
    let want = run_ok_in(&theirs, &theirs.join("prog"), &[]).stdout_text();
    let got = run_ok_in(&ours, &ours.join("prog"), &[]).stdout_text();
    assert!(want.lines().count() >= 10, "{want}");
    assert_eq!(got, want);
    // The comparison would see a wrong program: one line changed.
    assert_ne!(want.replacen("crc32", "crc33", 1), got);
    // Dependency files as clang writes them, for make's next run.
    for d in ["main.d", "hash.d", "vec.d"] {
        let a = std::fs::read_to_string(ours.join(d)).unwrap();
        let b = std::fs::read_to_string(theirs.join(d)).unwrap();
        assert_eq!(a, b, "{d}");
        assert!(a.contains("common.h"), "{a}");
    }
    // Nothing is rebuilt when nothing changed.
    let f = run_ok_in(
        &ours,
        Path::new("make"),
        &["-j2", &cc, "CFLAGS=-O3 -fno-loopwright-fallback"],
    );
    assert!(
        f.stdout_text().contains("up to date") || f.stdout_text().contains("Nothing to be done"),
        "{}",
        f.stdout_text()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// CMake takes `CC=loopwright-cc` as it takes a compiler: it probes it
/// (compiler identification, a test program), then builds a static
/// library and the program with `-O3` (its Release flags), in parallel.
#[test]
fn cmake_builds_a_project_with_loopwright_cc() {
    if !loopwright_testkit::require(&["clang-19", "opt-19", "make", "cmake"]) {
        return;
    }
    let dir = work("cmake");
    let (ours, theirs) = (dir.join("lw"), dir.join("clang"));
    project_copy(&ours);
    project_copy(&theirs);
    let configure = |src: &Path, cc: &Path| {
        let f = loopwright_testkit::run(
            command_in(src, Path::new("cmake"))
                .env("CC", cc)
                .args(["-S", ".", "-B", "build", "-DCMAKE_BUILD_TYPE=Release"])
                .arg("-DCMAKE_C_FLAGS=-fno-loopwright-fallback"),
            loopwright_testkit::run::TIMEOUT,
        );
        assert!(
            f.success(),
            "cmake with CC={}:\n{}{}",
            cc.display(),
            f.stdout_text(),
            f.stderr_text()
        );
        f
    };
    let f = configure(&ours, &lw_cc());
    assert!(
        f.stdout_text()
            .contains("The C compiler identification is Clang 19"),
        "CMake identifies loopwright-cc as clang-19:\n{}",
        f.stdout_text()
    );
    let f = run_ok_in(
        &ours,
        Path::new("cmake"),
        &["--build", "build", "-j2", "-v"],
    );
    assert_no_fallback("cmake --build", &f.stderr_text());
    assert!(
        f.stdout_text().contains("loopwright-cc") && f.stdout_text().contains("-O3"),
        "the build compiles with loopwright-cc at -O3:\n{}",
        f.stdout_text()
    );
    // clang-19's build of the same project; the flag is clang's unknown
    // option, so it builds with the Makefile instead.
    run_ok_in(&theirs, Path::new("make"), &["CC=clang-19", "CFLAGS=-O3"]);
    let want = run_ok_in(&theirs, &theirs.join("prog"), &[]).stdout_text();
    let got = run_ok_in(&ours, &ours.join("build/prog"), &[]).stdout_text();
    assert!(want.lines().count() >= 10, "{want}");
    assert_eq!(got, want);
    assert_ne!(want.replacen("crc32", "crc33", 1), got);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Cargo's `cc` crate takes `CC=loopwright-cc` from the environment: a
/// Rust program whose build script compiles C with it links and runs, and
/// the build script's record names the driver.
#[test]
fn cargo_cc_crate_builds_with_loopwright_cc() {
    if !loopwright_testkit::require(&["clang-19", "opt-19", "cargo"]) {
        return;
    }
    let dir = work("cargo-cc");
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::write(
        dir.join("Cargo.toml"),
        "[package]\nname = \"lwccdemo\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
         [workspace]\n\n[build-dependencies]\ncc = \"1\"\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("build.rs"),
        "fn main() {\n    cc::Build::new().file(\"sum.c\").opt_level(3)\n        \
         .flag(\"-fno-loopwright-fallback\").compile(\"lwsum\");\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("sum.c"),
        "long lw_sum(const int *x, int n) {\n  long s = 0;\n  \
         for (int i = 0; i < n; i++) s += (long)x[i] * (i % 7);\n  return s;\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("src/main.rs"),
        "extern \"C\" { fn lw_sum(x: *const i32, n: i32) -> i64; }\n\
         fn main() {\n    let v: Vec<i32> = (0..1000).map(|i| i * 3 - 500).collect();\n    \
         println!(\"{}\", unsafe { lw_sum(v.as_ptr(), 1000) });\n}\n",
    )
    .unwrap();
    let f = loopwright_testkit::run(
        command_in(&dir, Path::new("cargo"))
            .env("CC", lw_cc())
            .env("CARGO_TARGET_DIR", dir.join("target"))
            .args(["run", "--quiet", "--release"]),
        std::time::Duration::from_secs(900),
    );
    assert!(f.success(), "cargo run:\n{}", f.stderr_text());
    assert_no_fallback("cargo's cc crate", &f.stderr_text());
    let want: i64 = (0..1000i64).map(|i| (i * 3 - 500) * (i % 7)).sum();
    assert_eq!(f.stdout_text().trim(), want.to_string());
    // The build script compiled with the driver.
    let mut named = false;
    for e in std::fs::read_dir(dir.join("target/release/build")).unwrap() {
        let out = e.unwrap().path().join("output");
        if let Ok(t) = std::fs::read_to_string(&out) {
            named |= t.contains(&format!("CC = Some({})", lw_cc().display()))
                || t.contains(&format!("CC = Some(\"{}\")", lw_cc().display()));
        }
    }
    assert!(named, "no build script output names {}", lw_cc().display());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_cxx_program_using_the_standard_library() {
    if !loopwright_testkit::require(TOOLS) {
        return;
    }
    let dir = work("stl");
    let src = root().join("tests/cc/stl.cpp");
    let src = src.to_str().unwrap();
    run_ok_in(
        &dir,
        Path::new("clang++-19"),
        &["-O3", "-std=c++17", src, "-o", "clang"],
    );
    let f = run_ok_in(
        &dir,
        &lw_cxx(),
        &[
            "-O3",
            "-std=c++17",
            "-fno-loopwright-fallback",
            src,
            "-o",
            "lw",
        ],
    );
    assert_no_fallback("stl.cpp", &f.stderr_text());
    let want = run_ok_in(&dir, &dir.join("clang"), &[]).stdout_text();
    let got = run_ok_in(&dir, &dir.join("lw"), &[]).stdout_text();
    assert!(want.lines().count() >= 15, "{want}");
    assert_eq!(got, want);
    let _ = std::fs::remove_dir_all(&dir);
}
