//! The compiler driver's command line against clang-19's, live:
//!
//! - the anchor (`-floopwright-anchor`: the driver's steps with LLVM's own
//!   loop passes) gives objects byte-identical to clang-19's at -O2, -O3,
//!   -Os and -Oz, with and without -g, in C and C++: the plumbing (front
//!   end, split pipeline, code generation) is clang's;
//! - `-fno-unroll-loops`, `-fno-vectorize`, `-fno-slp-vectorize` and
//!   `-ffast-math` keep clang's meaning in LLVM's part of the pipeline
//!   (the anchor's objects are clang's) and in loopwright's (nothing
//!   stamped on the loops, fast-math in the IR, the same program output);
//! - remarks and `-Wpass-failed` warnings as clang prints them
//!   (`tests/cc/remarks.c`: byte for byte; colors; a wide gutter; the
//!   warning options and their exit statuses);
//! - the flag matrix: `-c`, `-S`, `-o`, several sources, `-g`, `-O0`..`-O3`,
//!   `-march=native` and `x86-64-v3` (with `-mtune` and
//!   `-mprefer-vector-width`, which reach the IR loopwright sees),
//!   `-fno-unroll-loops` (not stamped on the loops), `-save-temps`,
//!   `-fsave-optimization-record` (read by `llvm-opt-report-19`), a
//!   response file, `-MD`, `-mllvm` routing, standard input, and what goes
//!   to clang unchanged (`-E`, `-M`, `--version`, compile and link errors);
//! - the fallback and its absence, missing tools, the private temporary
//!   directory, the program names, the pipeline cache;
//! - the bundled example (`examples/saxpy.ll`) is what the driver generates
//!   from `examples/saxpy.c` today.

mod cc_support;

use cc_support::*;
use loopwright_testkit::run::TIMEOUT;
use std::path::{Path, PathBuf};
use std::process::Command;

fn setup(name: &str) -> Option<PathBuf> {
    if !loopwright_testkit::require(TOOLS) {
        return None;
    }
    Some(work(name))
}

/// Copies `files` (relative to the repository root) into `dir`.
fn copy_in(dir: &Path, files: &[&str]) {
    for f in files {
        let from = root().join(f);
        std::fs::copy(&from, dir.join(from.file_name().unwrap()))
            .unwrap_or_else(|e| panic!("copy {f}: {e}"));
    }
}

const PROJECT: &[&str] = &[
    "tests/cc/project/main.c",
    "tests/cc/project/vec.c",
    "tests/cc/project/mat.c",
    "tests/cc/project/hash.c",
    "tests/cc/project/text.c",
    "tests/cc/project/sort.c",
    "tests/cc/project/common.h",
];

fn clang() -> PathBuf {
    PathBuf::from("clang-19")
}

#[test]
fn the_anchor_builds_clangs_objects() {
    let Some(dir) = setup("anchor") else { return };
    copy_in(&dir, PROJECT);
    copy_in(&dir, &["examples/saxpy.c", "tests/cc/stl.cpp"]);
    let sources = [
        "saxpy.c", "main.c", "vec.c", "mat.c", "hash.c", "text.c", "sort.c",
    ];
    let objects = |sub: &str| -> Vec<Vec<u8>> {
        sources
            .iter()
            .map(|s| std::fs::read(dir.join(sub).join(s.replace(".c", ".o"))).unwrap())
            .collect()
    };
    let mut compared = 0;
    for level in ["-O2", "-O3", "-Os", "-Oz"] {
        // With -g, the compilation directory is recorded: `.` in both.
        for g in [None, Some("-fdebug-compilation-dir=.")] {
            for (sub, prog, extra) in [
                ("clang", clang(), &[][..]),
                (
                    "lw",
                    lw_cc(),
                    &["-floopwright-anchor", "-fno-loopwright-fallback"][..],
                ),
            ] {
                let d = dir.join(sub);
                std::fs::create_dir_all(&d).unwrap();
                let mut args = vec![level, "-c"];
                if let Some(dir) = g {
                    args.extend(["-g", dir]);
                }
                args.extend(extra);
                let srcs: Vec<String> = sources.iter().map(|s| format!("../{s}")).collect();
                args.extend(srcs.iter().map(String::as_str));
                let f = run_ok_in(&d, &prog, &args);
                assert_no_fallback("anchor", &f.stderr_text());
            }
            let (a, b) = (objects("clang"), objects("lw"));
            for (k, s) in sources.iter().enumerate() {
                assert!(
                    a[k] == b[k],
                    "{s} {level} {g:?}: the anchor's object differs"
                );
                compared += 1;
            }
        }
        if level == "-O2" {
            // The comparison can fail: -O2 and -O3 objects differ.
            let o2 = objects("clang");
            run_ok_in(&dir.join("clang"), &clang(), &["-O3", "-c", "../main.c"]);
            assert!(
                o2[1] != objects("clang")[1],
                "-O2 and -O3 objects are equal"
            );
        }
    }
    // C++ and the standard library.
    for args in [
        &["-O3"][..],
        &["-O2", "-g", "-fdebug-compilation-dir=."][..],
    ] {
        let mut a = args.to_vec();
        a.extend(["-std=c++17", "-c", "stl.cpp", "-o"]);
        let mut ours = a.clone();
        ours.extend(["ours.o", "-floopwright-anchor", "-fno-loopwright-fallback"]);
        a.push("theirs.o");
        run_ok_in(&dir, Path::new("clang++-19"), &a);
        run_ok_in(&dir, &lw_cxx(), &ours);
        assert!(
            std::fs::read(dir.join("ours.o")).unwrap()
                == std::fs::read(dir.join("theirs.o")).unwrap(),
            "stl.cpp {args:?}: the anchor's object differs"
        );
        compared += 1;
    }
    eprintln!("cc_flags: {compared} anchor objects byte-identical to clang-19's");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The loop options of clang keep their meaning: `-fno-unroll-loops`,
/// `-fno-vectorize`, `-fno-slp-vectorize` and `-ffast-math`.
///
/// - In LLVM's part of the pipeline: with each, the anchor's objects are
///   clang's byte for byte (the driver splits the pipeline clang builds for
///   the flags), and each changes at least one of clang's objects, so the
///   comparison would see it ignored.
/// - In loopwright's part: nothing is stamped on the loops as metadata
///   (clang stamps `llvm.loop.unroll.disable` for `-fno-unroll-loops`);
///   `-ffast-math` reaches the IR loopwright reads (fast-math flags and
///   attributes); `-fno-slp-vectorize` takes the SLP vectorizer out of the
///   rest of the pipeline; and the programs print what clang's print.
#[test]
fn loop_options_keep_clangs_meaning() {
    let Some(dir) = setup("loop-options") else {
        return;
    };
    if !loopwright_testkit::require(&["llvm-dis-19"]) {
        return;
    }
    copy_in(&dir, PROJECT);
    let anchor_sources = ["vec.c", "main.c"];
    let all = ["main.c", "vec.c", "mat.c", "hash.c", "text.c", "sort.c"];
    let compile = |sub: &str, prog: &Path, flags: &[&str]| {
        let d = dir.join(sub);
        std::fs::create_dir_all(&d).unwrap();
        let mut args = vec!["-O3", "-c"];
        args.extend(flags);
        let srcs: Vec<String> = anchor_sources.iter().map(|s| format!("../{s}")).collect();
        args.extend(srcs.iter().map(String::as_str));
        let f = run_ok_in(&d, prog, &args);
        assert_no_fallback(&format!("{flags:?}"), &f.stderr_text());
        anchor_sources
            .iter()
            .map(|s| std::fs::read(d.join(s.replace(".c", ".o"))).unwrap())
            .collect::<Vec<_>>()
    };
    let plain = compile("plain", &clang(), &[]);
    for flag in [
        "-fno-unroll-loops",
        "-fno-vectorize",
        "-fno-slp-vectorize",
        "-ffast-math",
    ] {
        let theirs = compile("clang", &clang(), &[flag]);
        let anchor = compile(
            "anchor",
            &lw_cc(),
            &[flag, "-floopwright-anchor", "-fno-loopwright-fallback"],
        );
        for (k, s) in anchor_sources.iter().enumerate() {
            assert!(
                anchor[k] == theirs[k],
                "{flag}: the anchor's object of {s} is not clang's"
            );
        }
        assert!(
            theirs != plain,
            "{flag} changes none of clang's objects: the comparison proves nothing"
        );

        // loopwright's part.
        let (c, l) = (dir.join("clang-prog"), dir.join("lw-prog"));
        for d in [&c, &l] {
            std::fs::create_dir_all(d).unwrap();
        }
        let srcs: Vec<String> = all.iter().map(|s| format!("../{s}")).collect();
        let mut args = vec!["-O3", flag, "-o", "prog"];
        args.extend(srcs.iter().map(String::as_str));
        run_ok_in(&c, &clang(), &args);
        args.extend(["-save-temps", "-v", "-fno-loopwright-fallback"]);
        let f = run_ok_in(&l, &lw_cc(), &args);
        let err = f.stderr_text();
        assert_no_fallback(flag, &err);
        let want = run_ok_in(&c, &c.join("prog"), &[]).stdout_text();
        assert_eq!(
            run_ok_in(&l, &l.join("prog"), &[]).stdout_text(),
            want,
            "{flag}: the program's output"
        );
        for s in all {
            let stem = s.trim_end_matches(".c");
            let pre = disassemble(&l.join(format!("prog-{stem}.pre.bc")));
            for stamp in ["llvm.loop.unroll.disable", "llvm.loop.vectorize"] {
                assert!(!pre.contains(stamp), "{flag}: {s}: {stamp} stamped");
            }
        }
        let seen = std::fs::read_to_string(l.join("prog-vec.loops.ll")).unwrap();
        let fast = seen.contains("\"unsafe-fp-math\"=\"true\"") && seen.contains(" fast float ");
        assert_eq!(fast, flag == "-ffast-math", "{flag}: fast-math in the IR");
        // The opt-19 command between loopwright's two parts runs LLVM's
        // cleanup of the vectorized code: the SLP vectorizer is there
        // unless it was turned off.
        let rest: Vec<&str> = err
            .lines()
            .filter(|l| l.contains("\"opt-19\"") && l.contains("vectorized.ll"))
            .collect();
        assert_eq!(rest.len(), all.len(), "{err}");
        for r in rest {
            assert_eq!(
                r.contains("slp-vectorizer"),
                flag != "-fno-slp-vectorize",
                "{flag}: {r:.200}"
            );
        }
        for d in [&c, &l] {
            let _ = std::fs::remove_dir_all(d);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The loop vectorizer's `-mllvm` options (`cli::VECTORIZE_OPTIONS`, as
/// `-x=N` or `-x` then `N` in the next `-mllvm`) reach loopwright, which
/// runs the loop vectorizer, and no longer opt-19, where none runs: a
/// forced width shows in loopwright's remark (the cost model's own choice
/// for this kernel on x86-64's SSE2 is 4), and the program prints what
/// clang's build prints. An LLVM option loopwright does not know still
/// goes to opt-19 (`-v` shows the commands).
#[test]
fn mllvm_vectorizer_options_reach_loopwright() {
    let Some(dir) = setup("mllvm-vectorize") else {
        return;
    };
    let src = "#include <stdio.h>\n\
        __attribute__((noinline)) void kernel(int *restrict a, const int *restrict b, int n) {\n\
        \x20 for (int i = 0; i < n; i++) a[i] += b[i] * 3;\n\
        }\n\
        int main(void) {\n\
        \x20 static int a[1003], b[1003];\n\
        \x20 for (int i = 0; i < 1003; i++) { a[i] = i; b[i] = 1003 - i; }\n\
        \x20 kernel(a, b, 1003);\n\
        \x20 long s = 0;\n\
        \x20 for (int i = 0; i < 1003; i++) s += (long)a[i] * (i % 7);\n\
        \x20 printf(\"%ld\\n\", s);\n\
        \x20 return 0;\n\
        }\n";
    std::fs::write(dir.join("k.c"), src).unwrap();
    let clangs = run_ok_in(&dir, &clang(), &["-O3", "k.c", "-o", "k-clang"]);
    assert!(clangs.success());
    let want = run_ok_in(&dir, &dir.join("k-clang"), &[]).stdout_text();
    let remark = |w: u32| format!("k.c:3:3: remark: vectorized loop (vectorization width: {w},");
    let default = run_ok_in(
        &dir,
        &lw_cc(),
        &["-O3", "-Rpass=loop-vectorize", "k.c", "-o", "k-default"],
    );
    assert!(
        default.stderr_text().contains(&remark(4)),
        "{}",
        default.stderr_text()
    );
    for (extra, width) in [
        (&["-mllvm", "-force-vector-width=2"][..], 2),
        (&["-mllvm", "-force-vector-width", "-mllvm", "16"][..], 16),
        (
            &[
                "-mllvm",
                "-vectorizer-maximize-bandwidth",
                "-mllvm",
                "--force-vector-width=8",
                "-mllvm",
                "-force-vector-interleave",
                "-mllvm",
                "1",
            ][..],
            8,
        ),
    ] {
        let mut args = vec![
            "-O3",
            "-Rpass=loop-vectorize",
            "-fno-loopwright-fallback",
            "k.c",
            "-o",
            "k-lw",
        ];
        args.extend(extra);
        let f = run_ok_in(&dir, &lw_cc(), &args);
        let err = f.stderr_text();
        assert_no_fallback(&format!("{extra:?}"), &err);
        assert!(err.contains(&remark(width)), "{extra:?}:\n{err}");
        let got = run_ok_in(&dir, &dir.join("k-lw"), &[]).stdout_text();
        assert_eq!(got, want, "{extra:?}: the program's output");
    }
    // A bad value is loopwright's command-line error, as LLVM's are.
    let f = run_in(
        &dir,
        &lw_cc(),
        &["-O3", "-c", "k.c", "-mllvm", "-force-vector-width=wide"],
    );
    assert_eq!(f.code(), Some(1));
    assert!(
        f.stderr_text().contains("-force-vector-width=wide"),
        "{}",
        f.stderr_text()
    );
    // `-v`: the vectorizer's option is on loopwright's line, an LLVM
    // option (`-enable-loop-distribute`) on opt-19's.
    let f = run_ok_in(
        &dir,
        &lw_cc(),
        &[
            "-v",
            "-O3",
            "-c",
            "k.c",
            "-mllvm",
            "-enable-loop-distribute",
            "-mllvm",
            "-force-vector-width=2",
        ],
    );
    let err = f.stderr_text();
    let opt_lines: Vec<&str> = err.lines().filter(|l| l.contains("opt-19")).collect();
    assert!(!opt_lines.is_empty(), "{err}");
    for l in &opt_lines {
        assert!(l.contains("-enable-loop-distribute"), "{l}");
        assert!(!l.contains("force-vector-width"), "{l}");
    }
    assert!(
        err.lines()
            .any(|l| l.contains("(in-process) loopwright") && l.contains("-force-vector-width=2")),
        "{err}"
    );
}

/// loopwright costs code for the relocation model clang generates it for:
/// cc1's `-mrelocation-model` (`pic` for Debian's default position-
/// independent executables, none under `-fno-pic -fno-pie`) reaches
/// loopwright (`-v` shows it). On `tests/unroll/tables.c` for Sapphire
/// Rapids the two models unroll different loops (a global table's address
/// folds into fewer addressing modes under `pic`), and the unrolling and
/// vectorization remarks are clang's under both. Shown failing with the
/// model not passed on (the `pic` build then unrolls the transform's middle
/// loop, which clang keeps and vectorizes).
#[test]
fn the_relocation_model_is_clangs() {
    let Some(dir) = setup("relocation-model") else {
        return;
    };
    copy_in(&dir, &["tests/unroll/tables.c"]);
    let remarks = |f: &loopwright_testkit::Finished| -> Vec<String> {
        let mut v: Vec<String> = f
            .stderr_text()
            .lines()
            .filter(|l| l.contains(": remark: "))
            .map(str::to_owned)
            .collect();
        v.sort();
        v
    };
    let mut seen = Vec::new();
    for (flags, model) in [
        (&[][..], Some("pic")),
        (&["-fno-pic", "-fno-pie"][..], None),
    ] {
        let mut args = vec![
            "-O3",
            "-march=sapphirerapids",
            "-c",
            "tables.c",
            "-o",
            "t.o",
            "-Rpass=loop-unroll|loop-vectorize",
        ];
        args.extend(flags);
        let theirs = run_ok_in(&dir, &clang(), &args);
        let mut ours_args = args.clone();
        ours_args.extend(["-v", "-fno-loopwright-fallback"]);
        let ours = run_ok_in(&dir, &lw_cc(), &ours_args);
        let err = ours.stderr_text();
        assert_no_fallback(&format!("{flags:?}"), &err);
        let line = err
            .lines()
            .find(|l| l.contains("(in-process) loopwright"))
            .unwrap_or_else(|| panic!("{flags:?}: no loopwright line:\n{err}"));
        match model {
            Some(m) => assert!(
                line.contains(&format!("-relocation-model={m}")),
                "{flags:?}: {line}"
            ),
            None => assert!(!line.contains("-relocation-model"), "{flags:?}: {line}"),
        }
        assert_eq!(remarks(&ours), remarks(&theirs), "{flags:?}");
        seen.push(remarks(&theirs));
    }
    assert_ne!(
        seen[0], seen[1],
        "the models should decide differently here"
    );
}

/// Runs clang-19 and the driver with the same arguments in `dir`; returns
/// (clang's, ours).
fn both(dir: &Path, args: &[&str]) -> (loopwright_testkit::Finished, loopwright_testkit::Finished) {
    (run_in(dir, &clang(), args), run_in(dir, &lw_cc(), args))
}

#[test]
fn remarks_are_printed_as_clang_prints_them() {
    let Some(dir) = setup("remarks") else { return };
    copy_in(&dir, &["tests/cc/remarks.c", "tests/cc/remarks.h"]);
    let base = [
        "-O3",
        "-c",
        "remarks.c",
        "-Rpass=loop-unroll",
        "-Rpass-missed=loop-unroll",
    ];
    // Byte for byte, with and without a few of clang's display options.
    for extra in [
        &[][..],
        &["-fno-caret-diagnostics"][..],
        &["-fno-diagnostics-show-line-numbers"][..],
        &["-fno-show-column", "-fno-diagnostics-show-option"][..],
    ] {
        let mut args = base.to_vec();
        args.extend(extra);
        let (theirs, ours) = both(&dir, &args);
        assert!(theirs.success() && ours.success(), "{extra:?}");
        let (want, got) = (theirs.stderr_text(), ours.stderr_text());
        assert!(want.contains("remark: completely unrolled") && want.contains("In file included"));
        assert_eq!(got, want, "{extra:?}");
        // The comparison would see a line off by one.
        assert_ne!(got.replacen("remarks.c:10", "remarks.c:11", 1), want);
    }
    // In color: the same escapes, but for the syntax highlighting of the
    // source line, which clang does with its lexer.
    let mut args = base.to_vec();
    args.push("-fcolor-diagnostics");
    let (theirs, ours) = both(&dir, &args);
    let strip = |s: &str| {
        let mut out = String::new();
        let mut chars = s.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                for c in chars.by_ref() {
                    if c == 'm' {
                        break;
                    }
                }
            } else {
                out.push(c);
            }
        }
        out
    };
    let (want, got) = (theirs.stderr_text(), ours.stderr_text());
    assert!(want.contains("\x1b[0;1;34mremark: "));
    assert_eq!(want.lines().count(), got.lines().count());
    for (w, g) in want.lines().zip(got.lines()) {
        if w.contains(" | ") && !w.contains("remark: ") && !w.contains("warning: ") {
            assert_eq!(strip(g), strip(w));
        } else {
            assert_eq!(g, w);
        }
    }
    // A loop past line 9,984: a wider gutter.
    let mut far = "/* filler */\n".repeat(10_004);
    far.push_str("void far(int *a) {\n  for (int i = 0; i < 4; i++)\n    a[i] += i;\n}\n");
    std::fs::write(dir.join("far.c"), far).unwrap();
    let (theirs, ours) = both(&dir, &["-O3", "-c", "far.c", "-Rpass=loop-unroll"]);
    assert!(theirs.stderr_text().contains("10006 |"));
    assert_eq!(ours.stderr_text(), theirs.stderr_text());
    let _ = std::fs::remove_dir_all(&dir);
}

/// clang's debug information names a file relative to a directory when
/// the file and the working directory share more than the root (sources in
/// `/tmp/x/src` compiled in `/tmp/x/build` give `src/k.c` in `/tmp/x`).
/// The remark still names the file as clang does, with its source line and
/// caret (it printed `src/k.c` without a snippet before).
#[test]
fn remarks_name_sources_beside_the_build_directory_as_clang() {
    if !loopwright_testkit::require(TOOLS) {
        return;
    }
    let dir = work("beside");
    let (src, build) = (dir.join("src"), dir.join("build"));
    std::fs::create_dir_all(&src).unwrap();
    std::fs::create_dir_all(&build).unwrap();
    let file = src.join("k.c");
    std::fs::write(
        &file,
        "void f(int *a, int n) {\n  for (int i = 0; i < n; i++)\n    a[i] += 1;\n}\n",
    )
    .unwrap();
    let file_s = file.display().to_string();
    let args = [
        "-O3",
        "-Rpass=loop-(unroll|vectorize)",
        "-c",
        &file_s,
        "-o",
        "k.o",
    ];
    let theirs = run_ok_in(&build, &clang(), &args).stderr_text();
    let mut ours_args = args.to_vec();
    ours_args.push("-fno-loopwright-fallback");
    let ours = run_ok_in(&build, &lw_cc(), &ours_args).stderr_text();
    assert!(
        theirs.starts_with(&format!("{file_s}:2:3: remark: ")),
        "{theirs}"
    );
    assert!(
        ours.starts_with(&format!("{file_s}:2:3: remark: ")),
        "{ours}"
    );
    let (compared, problems) = layout_problems(&theirs, &ours);
    assert_eq!(compared, 1, "clang:\n{theirs}\nloopwright cc:\n{ours}");
    assert!(problems.is_empty(), "{problems:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn forced_transformations_left_undone_are_warnings_as_in_clang() {
    let Some(dir) = setup("pass-failed") else {
        return;
    };
    let src = "int find(const int *a, int n, int key) {\n#pragma clang loop unroll(full)\n  \
               for (int i = 0; i < n; i++) {\n    if (a[i] == key)\n      return i;\n  }\n  \
               return -1;\n}\n";
    std::fs::write(dir.join("w.c"), src).unwrap();
    for flags in [
        &[][..],
        &["-Werror"][..],
        &["-Werror=pass-failed"][..],
        &["-Werror", "-Wno-error=pass-failed"][..],
        &["-Wno-pass-failed"][..],
        &["-w", "-Werror"][..],
    ] {
        // With a remark option clang tracks locations too, so both name
        // the loop: the same text.
        let mut args = vec!["-O3", "-c", "w.c", "-o", "w.o", "-Rpass-missed=loop-unroll"];
        args.extend(flags);
        let _ = std::fs::remove_file(dir.join("w.o"));
        let theirs = run_in(&dir, &clang(), &args);
        let clang_object = dir.join("w.o").exists();
        let _ = std::fs::remove_file(dir.join("w.o"));
        let ours = run_in(&dir, &lw_cc(), &args);
        assert_eq!(ours.code(), theirs.code(), "{flags:?}");
        assert_eq!(ours.stderr_text(), theirs.stderr_text(), "{flags:?}");
        assert_eq!(dir.join("w.o").exists(), clang_object, "{flags:?}");
    }
    // Without a remark option clang reports the warning at the function
    // (it has no debug locations then); the driver always has them, and
    // names the loop.
    let ours = run_in(&dir, &lw_cc(), &["-O3", "-c", "w.c", "-o", "w.o"]);
    assert!(
        ours.stderr_text()
            .starts_with("w.c:3:3: warning: loop not unrolled: "),
        "{}",
        ours.stderr_text()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The files in `dir`, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .map(|r| {
            r.map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// The textual IR of a bitcode file.
fn disassemble(bc: &Path) -> String {
    loopwright_testkit::run_ok(
        Command::new("llvm-dis-19").arg(bc).args(["-o", "-"]),
        TIMEOUT,
    )
    .stdout_text()
}

#[test]
fn flag_matrix() {
    let Some(dir) = setup("flags") else { return };
    if !loopwright_testkit::require(&["llvm-dis-19", "llvm-opt-report-19"]) {
        return;
    }
    let (c, l) = (dir.join("clang"), dir.join("lw"));
    for d in [&c, &l] {
        std::fs::create_dir_all(d.join("out")).unwrap();
        copy_in(d, PROJECT);
    }
    let all = ["main.c", "vec.c", "mat.c", "hash.c", "text.c", "sort.c"];
    // The same command in both directories: the same files appear, and
    // the program (if linked) prints the same.
    let same = |args: &[&str], program: Option<&str>| {
        run_ok_in(&c, &clang(), args);
        let mut ours_args = args.to_vec();
        ours_args.push("-fno-loopwright-fallback");
        let ours = run_ok_in(&l, &lw_cc(), &ours_args);
        assert_no_fallback(&format!("{args:?}"), &ours.stderr_text());
        let (lc, ll) = (listing(&c), listing(&l));
        assert_eq!(ll, lc, "{args:?}: files");
        assert_eq!(
            listing(&l.join("out")),
            listing(&c.join("out")),
            "{args:?}: out/"
        );
        if let Some(p) = program {
            let want = run_ok_in(&c, &c.join(p), &[]).stdout_text();
            let got = run_ok_in(&l, &l.join(p), &[]).stdout_text();
            assert_eq!(got, want, "{args:?}: the program's output");
        }
        ours
    };
    let clean = || {
        for d in [&c, &l] {
            for f in listing(d) {
                if !f.ends_with(".c") && !f.ends_with(".h") && f != "out" {
                    let _ = std::fs::remove_file(d.join(&f));
                }
            }
            for f in listing(&d.join("out")) {
                let _ = std::fs::remove_file(d.join("out").join(f));
            }
        }
    };
    // -c without -o, several sources, then a link through the driver.
    same(&["-O3", "-c", "main.c", "vec.c", "mat.c"], None);
    let mut link = vec!["-O3", "-c"];
    link.extend(&all[3..]);
    same(&link, None);
    let mut objs = vec!["-O3", "-o", "prog"];
    let o: Vec<String> = all.iter().map(|s| s.replace(".c", ".o")).collect();
    objs.extend(o.iter().map(String::as_str));
    same(&objs, Some("prog"));
    clean();
    // Compile and link in one command, at every level, with -g.
    for level in ["-O0", "-O1", "-O2", "-O3", "-Os", "-Oz"] {
        let mut args = vec![level, "-g", "-o", "prog"];
        args.extend(all);
        same(&args, Some("prog"));
    }
    // -O0 and -O1 are clang's own: the same objects.
    for level in ["-O0", "-O1"] {
        same(
            &[
                level,
                "-g",
                "-fdebug-compilation-dir=.",
                "-c",
                "hash.c",
                "-o",
                "out/hash.o",
            ],
            None,
        );
        assert!(
            std::fs::read(c.join("out/hash.o")).unwrap()
                == std::fs::read(l.join("out/hash.o")).unwrap(),
            "{level}: not clang's object"
        );
    }
    // -S and -o.
    same(&["-O3", "-S", "vec.c", "-o", "out/vec.s"], None);
    let asm = std::fs::read_to_string(l.join("out/vec.s")).unwrap();
    assert!(
        asm.contains("vec_axpy:") && asm.contains(".text"),
        "{asm:.200}"
    );
    // -emit-llvm: IR named after the input, without the debug locations
    // the driver tracks for its own diagnostics.
    same(
        &["-O3", "-S", "-emit-llvm", "vec.c", "-o", "out/vec.ll"],
        None,
    );
    let ir = std::fs::read_to_string(l.join("out/vec.ll")).unwrap();
    assert!(
        ir.starts_with("; ModuleID = 'vec.c'\n") && !ir.contains("!dbg"),
        "{ir:.300}"
    );
    clean();

    // Target options reach the IR loopwright sees, as function attributes.
    for (flags, attrs) in [
        (
            &[
                "-march=x86-64-v3",
                "-mtune=znver3",
                "-mprefer-vector-width=128",
            ][..],
            &[
                "\"target-cpu\"=\"x86-64-v3\"",
                "\"tune-cpu\"=\"znver3\"",
                "\"prefer-vector-width\"=\"128\"",
            ][..],
        ),
        (&["-march=native"][..], &["\"target-cpu\"=\""][..]),
    ] {
        let mut args = vec!["-O3", "-save-temps", "-o", "prog"];
        args.extend(flags);
        args.extend(all);
        let mut theirs = args.clone();
        theirs.retain(|a| *a != "-save-temps");
        run_ok_in(&c, &clang(), &theirs);
        args.push("-fno-loopwright-fallback");
        let f = run_ok_in(&l, &lw_cc(), &args);
        assert_no_fallback("target flags", &f.stderr_text());
        let want = run_ok_in(&c, &c.join("prog"), &[]).stdout_text();
        assert_eq!(run_ok_in(&l, &l.join("prog"), &[]).stdout_text(), want);
        let ir = std::fs::read_to_string(l.join("prog-vec.loops.ll")).unwrap();
        for a in attrs {
            assert!(
                ir.contains(a),
                "{flags:?}: {a} not in the IR loopwright sees"
            );
        }
        if flags[0] == "-march=native" {
            assert!(!ir.contains("\"target-cpu\"=\"native\""));
        }
        clean();
    }

    // -fno-unroll-loops: nothing stamped on the loops; loopwright unrolls
    // only the loops whose pragma asks for it, as clang does.
    let args = [
        "-O3",
        "-fno-unroll-loops",
        "-c",
        "hash.c",
        "vec.c",
        "-Rpass=loop-unroll",
        "-save-temps",
    ];
    let theirs = run_ok_in(&c, &clang(), &args[..6]);
    let mut ours_args = args.to_vec();
    ours_args.push("-fno-loopwright-fallback");
    let ours = run_ok_in(&l, &lw_cc(), &ours_args);
    let remarks = ours.stderr_text();
    assert!(
        remarks.contains("hash.c:10:5: remark: completely unrolled loop with 8 iterations"),
        "{remarks}"
    );
    assert_eq!(remarks.matches("remark: ").count(), 1, "{remarks}");
    assert_eq!(remarks, theirs.stderr_text());
    for f in ["hash.pre.bc", "vec.pre.bc"] {
        let ir = disassemble(&l.join(f));
        assert!(!ir.contains("llvm.loop.unroll.disable"), "{f}: stamped");
    }
    // Without it, the constant loop of vec.c unrolls.
    let ours = run_ok_in(&l, &lw_cc(), &["-O3", "-c", "vec.c", "-Rpass=loop-unroll"]);
    assert!(ours
        .stderr_text()
        .contains("completely unrolled loop with 8 iterations"));
    clean();

    // -save-temps: the stage files beside the output (=cwd: in the
    // current directory).
    run_ok_in(
        &l,
        &lw_cc(),
        &["-O3", "-save-temps", "-c", "vec.c", "-o", "out/v.o"],
    );
    assert_eq!(
        listing(&l.join("out")),
        [
            "v.cleaned.ll",
            "v.loops.ll",
            "v.loopwright.ll",
            "v.o",
            "v.post.bc",
            "v.pre.bc",
            "v.vectorized.ll"
        ]
    );
    let loops = std::fs::read_to_string(l.join("out/v.loops.ll")).unwrap();
    assert!(loops.starts_with("; ModuleID = 'vec.pre.bc'\nsource_filename = \"vec.c\""));
    run_ok_in(
        &l,
        &lw_cc(),
        &["-O3", "-save-temps=cwd", "-c", "vec.c", "-o", "out/w.o"],
    );
    assert!(l.join("vec.loopwright.ll").exists() && l.join("out/w.o").exists());
    clean();

    // -fsave-optimization-record: clang's file name, every step's remarks
    // (LLVM's, loopwright's, code generation's), read by llvm-opt-report.
    same(
        &[
            "-O3",
            "-fsave-optimization-record",
            "-c",
            "vec.c",
            "-o",
            "out/v.o",
        ],
        None,
    );
    let yaml = std::fs::read_to_string(l.join("out/v.opt.yaml")).unwrap();
    assert!(yaml.contains("Pass:            loop-unroll\nName:            FullyUnrolled"));
    // LLVM's passes before and after loopwright record theirs too.
    let llvm_pass = yaml.lines().any(|l| {
        l.strip_prefix("Pass:")
            .is_some_and(|p| !matches!(p.trim(), "loop-unroll" | "transform-warning"))
    });
    assert!(llvm_pass, "no remark of an LLVM pass:\n{yaml}");
    let report = run_ok_in(&l, Path::new("llvm-opt-report-19"), &["out/v.opt.yaml"]);
    assert!(
        report.stdout_text().contains("U8")
            && report.stdout_text().contains("for (int i = 0; i < 8; i++)"),
        "{}",
        report.stdout_text()
    );
    same(
        &[
            "-O3",
            "-fsave-optimization-record",
            "-foptimization-record-passes=loop-unroll",
            "-c",
            "vec.c",
        ],
        None,
    );
    let yaml = std::fs::read_to_string(l.join("vec.opt.yaml")).unwrap();
    assert!(yaml.matches("--- !").count() >= 1);
    assert_eq!(
        yaml.matches("--- !").count(),
        yaml.matches("Pass:            loop-unroll").count()
    );
    clean();

    // A response file, -MD, standard input.
    for d in [&c, &l] {
        std::fs::write(d.join("args.rsp"), "-O3\n-MD\n-c main.c\n-o out/m.o\n").unwrap();
    }
    same(&["@args.rsp"], None);
    assert_eq!(
        std::fs::read_to_string(l.join("out/m.d")).unwrap(),
        std::fs::read_to_string(c.join("out/m.d")).unwrap()
    );
    let src = std::fs::read(l.join("vec.c")).unwrap();
    let f = loopwright_testkit::run_with_input(
        command_in(&l, &lw_cc()).args(["-O3", "-x", "c", "-c", "-", "-o", "out/stdin.o", "-I."]),
        &src,
        TIMEOUT,
    );
    assert!(f.success(), "{}", f.stderr_text());
    assert!(l.join("out/stdin.o").exists());
    clean();

    // -mllvm: loopwright's options go to loopwright, the rest to LLVM.
    for extra in [
        &["-mllvm", "-unroll-count=4"][..],
        &["-mllvm", "-unroll-count", "-mllvm", "4"][..],
    ] {
        let mut args = vec!["-O3", "-c", "vec.c", "-Rpass=loop-unroll"];
        args.extend(extra);
        let f = run_ok_in(&l, &lw_cc(), &args);
        assert!(
            f.stderr_text()
                .contains("vec.c:4:3: remark: unrolled loop by a factor of 4"),
            "{}",
            f.stderr_text()
        );
    }
    let f = run_ok_in(
        &l,
        &lw_cc(),
        &[
            "-O3",
            "-c",
            "vec.c",
            "-mllvm",
            "-enable-loop-distribute",
            "-fno-loopwright-fallback",
        ],
    );
    assert_no_fallback("an LLVM -mllvm option", &f.stderr_text());
    let f = run_in(
        &l,
        &lw_cc(),
        &["-O3", "-c", "vec.c", "-mllvm", "-unroll-count=many"],
    );
    assert_eq!(f.code(), Some(1));
    assert!(
        f.stderr_text().contains("-unroll-count=many"),
        "{}",
        f.stderr_text()
    );
    let (theirs, ours) = (
        run_in(
            &c,
            &clang(),
            &["-O3", "-c", "vec.c", "-mllvm", "-no-such-option"],
        ),
        run_in(
            &l,
            &lw_cc(),
            &["-O3", "-c", "vec.c", "-mllvm", "-no-such-option"],
        ),
    );
    assert_eq!(
        (ours.code(), ours.stderr_text()),
        (theirs.code(), theirs.stderr_text())
    );
    clean();

    // What goes to clang unchanged: the same output and status.
    for d in [&c, &l] {
        std::fs::write(d.join("bad.c"), "int f(void) { return undeclared; }\n").unwrap();
        std::fs::write(
            d.join("nolink.c"),
            "void g(void);\nint main(void) { g(); }\n",
        )
        .unwrap();
    }
    for args in [
        &["-O3", "-E", "vec.c"][..],
        &["-O3", "-M", "main.c"][..],
        &["--version"][..],
        &["-O3", "-c", "bad.c"][..],
        &["-O3", "nolink.c", "-o", "nolink"][..],
        &["-O3", "-c", "missing.c"][..],
    ] {
        let (theirs, ours) = (run_in(&c, &clang(), args), run_in(&l, &lw_cc(), args));
        assert_eq!(ours.code(), theirs.code(), "{args:?}");
        assert_eq!(ours.stdout_text(), theirs.stdout_text(), "{args:?}");
        // The linker names the temporary object, whose name is random.
        let temps = |s: String| -> String {
            s.split(' ')
                .map(|w| {
                    if w.contains("/nolink-") {
                        "<tmp>.o:"
                    } else {
                        w
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(
            temps(ours.stderr_text()),
            temps(theirs.stderr_text()),
            "{args:?}"
        );
    }

    // -v shows every step.
    let f = run_ok_in(&l, &lw_cc(), &["-v", "-O3", "-c", "vec.c"]);
    let v = f.stderr_text();
    assert!(v.contains("\"opt-19\" \"-passes=") && v.contains("(in-process) loopwright -O3"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn fallback_missing_tools_and_temporary_files() {
    let Some(dir) = setup("fallback") else { return };
    copy_in(
        &dir,
        &["tests/cc/project/vec.c", "tests/cc/project/common.h"],
    );
    // An opt-19 that fails on loopwright's output (the step after it).
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let fake = bin.join("opt-19");
    let real_opt = which("opt-19");
    std::fs::write(
        &fake,
        format!(
            "#!/bin/sh\nfor a in \"$@\"; do case \"$a\" in *.loopwright.ll) \
             echo 'opt-19: injected failure' >&2; exit 1;; esac; done\nexec {} \"$@\"\n",
            real_opt.display()
        ),
    )
    .unwrap();
    set_executable(&fake);
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let run = |args: &[&str], path: &str| {
        loopwright_testkit::run(
            command_in(&dir, &lw_cc()).env("PATH", path).args(args),
            TIMEOUT,
        )
    };
    run_ok_in(&dir, &clang(), &["-O3", "-c", "vec.c", "-o", "clang.o"]);
    // By default: a warning naming the file and the step, and clang's own
    // object.
    let f = run(&["-O3", "-c", "vec.c", "-o", "fb.o"], &path);
    assert!(f.success(), "{}", f.stderr_text());
    let err = f.stderr_text();
    assert!(
        err.contains("warning: vec.c: loopwright's step 'LLVM after loopwright (opt-19)' failed")
            && err.contains("injected failure"),
        "{err}"
    );
    assert!(
        std::fs::read(dir.join("fb.o")).unwrap() == std::fs::read(dir.join("clang.o")).unwrap()
    );
    // Without the fallback: an error, status 1, no object.
    let f = run(
        &[
            "-O3",
            "-c",
            "vec.c",
            "-o",
            "nofb.o",
            "-fno-loopwright-fallback",
        ],
        &path,
    );
    assert_eq!(f.code(), Some(1));
    let err = f.stderr_text();
    assert!(
        err.contains("error: vec.c: step 'LLVM after loopwright (opt-19)' failed")
            && err.contains("injected failure"),
        "{err}"
    );
    assert!(!dir.join("nofb.o").exists());
    // The fallback's check (`assert_no_fallback`) sees such a run.
    let seen = std::panic::catch_unwind(|| assert_no_fallback("x", &err));
    assert!(seen.is_err());

    // Missing tools: one line naming the Debian packages.
    let only_clang = dir.join("only-clang");
    std::fs::create_dir_all(&only_clang).unwrap();
    std::os::unix::fs::symlink(which("clang-19"), only_clang.join("clang-19")).unwrap();
    let f = run(&["-O3", "-c", "vec.c"], &only_clang.display().to_string());
    assert_eq!(f.code(), Some(1));
    assert_eq!(f.stderr_text().lines().count(), 1, "{}", f.stderr_text());
    assert!(f.stderr_text().contains("opt-19") && f.stderr_text().contains("llvm-19"));
    // -O1 needs no opt-19.
    assert!(run(&["-O1", "-c", "vec.c"], &only_clang.display().to_string()).success());
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let f = run(&["-O3", "-c", "vec.c"], &empty.display().to_string());
    assert_eq!(f.code(), Some(1));
    let err = f.stderr_text();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("clang-19 not found") && err.contains("clang-19 and llvm-19"),
        "{err}"
    );

    // The private temporary directory is gone at the end, after a success,
    // a fallback and a compile error alike.
    let tmp = dir.join("tmp");
    std::fs::create_dir_all(&tmp).unwrap();
    std::fs::write(dir.join("bad.c"), "int x = ;\n").unwrap();
    for (args, path) in [
        (
            &["-O3", "vec.c", "-c", "-o", "a.o"][..],
            std::env::var("PATH").unwrap(),
        ),
        (&["-O3", "-c", "vec.c", "-o", "b.o"][..], path.clone()),
        (&["-O3", "-c", "bad.c"][..], std::env::var("PATH").unwrap()),
    ] {
        let _ = loopwright_testkit::run(
            command_in(&dir, &lw_cc())
                .env("PATH", path)
                .env("TMPDIR", &tmp)
                .args(args),
            TIMEOUT,
        );
        assert_eq!(listing(&tmp), Vec::<String>::new(), "{args:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn program_names() {
    let Some(dir) = setup("names") else { return };
    copy_in(
        &dir,
        &[
            "tests/cc/project/vec.c",
            "tests/cc/project/common.h",
            "tests/cc/stl.cpp",
        ],
    );
    for name in ["loopwright-cc", "loopwright-c++", "loopwright-cxx"] {
        std::os::unix::fs::symlink(lw(), dir.join(name)).unwrap();
    }
    run_ok_in(
        &dir,
        &dir.join("loopwright-cc"),
        &["-O3", "-c", "vec.c", "-o", "a.o"],
    );
    run_ok_in(&dir, &lw(), &["cc", "-O3", "-c", "vec.c", "-o", "b.o"]);
    for prog in [
        dir.join("loopwright-c++"),
        dir.join("loopwright-cxx"),
        lw_cxx(),
    ] {
        run_ok_in(&dir, &prog, &["-O3", "-std=c++17", "stl.cpp", "-o", "stl"]);
        assert!(run_ok_in(&dir, &dir.join("stl"), &[])
            .stdout_text()
            .contains("fib "));
        std::fs::remove_file(dir.join("stl")).unwrap();
    }
    let f = run_ok_in(
        &dir,
        &lw(),
        &["c++", "-O3", "-std=c++17", "stl.cpp", "-o", "stl"],
    );
    assert_no_fallback("c++", &f.stderr_text());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The pipelines clang prints are kept on disk (`LOOPWRIGHT_CACHE_DIR`):
/// asked once per set of flags, reused with other preprocessor and
/// warning options, a damaged entry asked again and rewritten, and no
/// cache when the variable is empty.
#[test]
fn the_pipeline_cache() {
    let Some(dir) = setup("cache") else { return };
    copy_in(
        &dir,
        &["tests/cc/project/vec.c", "tests/cc/project/common.h"],
    );
    let cache = dir.join("cache");
    let run = |args: &[&str], cache: &Path| -> String {
        let f = loopwright_testkit::run(
            command_in(&dir, &lw_cc())
                .env("LOOPWRIGHT_CACHE_DIR", cache)
                .args(args)
                .args(["-v", "-fno-loopwright-fallback"]),
            TIMEOUT,
        );
        assert!(f.success(), "{args:?}: {}", f.stderr_text());
        assert_no_fallback("cache", &f.stderr_text());
        f.stderr_text()
    };
    let asked = |err: &str| {
        err.lines()
            .any(|l| l.starts_with(" \"") && l.contains("-print-pipeline-passes"))
    };
    let cached = |err: &str| err.lines().any(|l| l.starts_with(" (cached) "));
    // A miss: clang is asked, the entry written.
    let err = run(&["-O3", "-c", "vec.c", "-o", "a.o"], &cache);
    assert!(asked(&err) && !cached(&err), "{err}");
    assert_eq!(listing(&cache).len(), 1);
    // A hit, with other preprocessor and warning options: the same object.
    let err = run(
        &["-O3", "-DUNUSED=1", "-Wall", "-c", "vec.c", "-o", "b.o"],
        &cache,
    );
    assert!(cached(&err) && !asked(&err), "{err}");
    assert!(std::fs::read(dir.join("a.o")).unwrap() == std::fs::read(dir.join("b.o")).unwrap());
    // Other flags: another entry.
    let err = run(&["-O2", "-c", "vec.c", "-o", "c.o"], &cache);
    assert!(asked(&err), "{err}");
    assert_eq!(listing(&cache).len(), 2);
    // A damaged entry is a miss, and is rewritten.
    for f in listing(&cache) {
        let p = cache.join(f);
        let text = std::fs::read_to_string(&p).unwrap();
        let (key, _) = text.split_once("\n---\n").unwrap();
        std::fs::write(&p, format!("{key}\n---\nfunction(bogus\n")).unwrap();
    }
    let err = run(&["-O3", "-c", "vec.c", "-o", "d.o"], &cache);
    assert!(asked(&err) && !cached(&err), "{err}");
    assert!(std::fs::read(dir.join("a.o")).unwrap() == std::fs::read(dir.join("d.o")).unwrap());
    let err = run(&["-O3", "-c", "vec.c", "-o", "e.o"], &cache);
    assert!(cached(&err), "{err}");
    // No cache: asked every time, nothing written.
    let before = listing(&cache);
    for _ in 0..2 {
        let err = run(&["-O3", "-c", "vec.c", "-o", "f.o"], Path::new(""));
        assert!(asked(&err) && !cached(&err), "{err}");
    }
    assert_eq!(listing(&cache), before);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_bundled_example_is_current() {
    let Some(dir) = setup("example") else { return };
    if !loopwright_testkit::require(&["llvm-opt-report-19"]) {
        return;
    }
    let examples = root().join("examples");
    // The command `examples/saxpy.c` names for regenerating `saxpy.ll`.
    let obj = dir.join("saxpy.o");
    let f = run_ok_in(
        &examples,
        &lw(),
        &[
            "cc",
            "-O3",
            "-g",
            "-fdebug-compilation-dir=.",
            "-save-temps",
            "-fno-loopwright-fallback",
            "-c",
            "saxpy.c",
            "-o",
            obj.to_str().unwrap(),
        ],
    );
    assert_no_fallback("example", &f.stderr_text());
    let fresh = std::fs::read_to_string(dir.join("saxpy.loops.ll")).unwrap();
    let committed = std::fs::read_to_string(examples.join("saxpy.ll")).unwrap();
    assert_eq!(
        normalized(&committed),
        normalized(&fresh),
        "examples/saxpy.ll is stale: regenerate it as examples/saxpy.c says"
    );
    // The check sees a change of saxpy.c: its checksum.
    let edited: String = fresh
        .lines()
        .map(|l| {
            if l.contains("!DIFile(filename: \"saxpy.c\"") {
                l.replacen("checksum: \"", "checksum: \"0", 1)
            } else {
                l.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    assert_ne!(normalized(&edited), normalized(&committed));

    // Remarks of loopwright on the example land on its loops' lines.
    let yaml = dir.join("saxpy.opt.yaml");
    run_ok_in(
        &examples,
        &lw(),
        &[
            "saxpy.ll",
            "-o",
            dir.join("out.ll").to_str().unwrap(),
            &format!("-pass-remarks-output={}", yaml.display()),
        ],
    );
    let report = run_ok_in(
        &examples,
        Path::new("llvm-opt-report-19"),
        &[yaml.to_str().unwrap(), "-r", "."],
    )
    .stdout_text();
    let marked: Vec<&str> = report
        .lines()
        .filter(|l| l.split('|').next().is_some_and(|m| m.contains('U')))
        .collect();
    assert!(!marked.is_empty(), "{report}");
    for l in marked {
        assert!(
            l.contains("for ("),
            "an unroll remark on a line without a loop: {l}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The example's IR without what depends on the machine rather than on
/// `saxpy.c`: clang's version string, and the checksums of system headers.
fn normalized(ir: &str) -> String {
    ir.lines()
        .map(|l| {
            if l.contains("clang version") {
                return "<clang version>".to_owned();
            }
            if l.contains("!DIFile(filename: \"/") {
                return match l.find(", checksumkind:") {
                    Some(i) => format!("{})", &l[..i]),
                    None => l.to_owned(),
                };
            }
            l.to_owned()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn which(tool: &str) -> PathBuf {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|d| d.join(tool))
        .find(|p| p.is_file())
        .unwrap_or_else(|| panic!("{tool} not on PATH"))
}

fn set_executable(p: &Path) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(p, std::fs::Permissions::from_mode(0o755)).unwrap();
}
