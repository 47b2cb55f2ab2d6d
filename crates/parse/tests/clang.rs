//! Parses real clang-19 / opt-19 output: the C and C++ programs in
//! `tests/c` compiled at -O0..-O3 (and -Os/-Oz), with and without -g, plus
//! `opt-19 -O3` over the -O0 output, and `loops.c`/`*.cpp` with special
//! flags (sanitizers, profiling, LTO, cross targets). Every compilation
//! must succeed: a case clang rejects fails the test unless
//! [`CLANG_REJECTS`] names it with the reason (and a listed case that
//! compiles fails too, until it is removed). Skipped with a notice when
//! LLVM 19 is not installed (an error under CI). The number of sources is
//! a floor (`parse.clang.sources` in `tests/floors.toml`).

use loopwright_testkit::tools::{CLANG, CLANGXX, OPT};
use loopwright_testkit::{floors, run, Allowlist};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Special-flag cases clang-19 rejects, as `FILE FLAGS`, with the reason:
/// none today (every cross target here compiles without system headers).
const CLANG_REJECTS: &[(&str, &str)] = &[];

fn out_dir(tag: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("parse-clang-{tag}"));
    std::fs::create_dir_all(&d).expect("create temp dir");
    d
}

fn sources() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/c");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/c")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| matches!(p.extension().and_then(|e| e.to_str()), Some("c" | "cpp")))
        .collect();
    v.sort();
    floors::check("parse.clang.sources", v.len());
    v
}

/// Parses `path` and checks a few structural facts against the text.
fn parse_and_check(path: &Path) {
    let src = std::fs::read(path).expect("read .ll");
    let m = match loopwright_parse::parse_module(&src, &path.display().to_string()) {
        Ok(m) => m,
        Err(e) => panic!("{}", e.render(&path.display().to_string(), &src)),
    };
    let text = String::from_utf8_lossy(&src);
    let defines = text.lines().filter(|l| l.starts_with("define ")).count();
    let declares = text.lines().filter(|l| l.starts_with("declare ")).count();
    let bodies = m.functions.values().filter(|f| !f.is_declaration()).count();
    assert_eq!(bodies, defines, "{}: function definitions", path.display());
    assert_eq!(
        m.functions.len(),
        defines + declares,
        "{}: functions",
        path.display()
    );
    let blocks: usize = m
        .functions
        .values()
        .map(|f| f.layout.blocks().count())
        .sum();
    assert!(
        defines == 0 || blocks >= defines,
        "{}: blocks",
        path.display()
    );
    let named = text.lines().filter(|l| l.starts_with("!llvm.")).count();
    assert!(m.named_md.len() >= named.min(1) || named == 0);
}

fn compile(src: &Path, dir: &Path, opt: &str, debug: bool) -> PathBuf {
    let cpp = src.extension().and_then(|e| e.to_str()) == Some("cpp");
    let stem = src.file_stem().and_then(|s| s.to_str()).unwrap_or("x");
    let out = dir.join(format!("{stem}.{opt}{}.ll", if debug { ".g" } else { "" }));
    let mut cmd = Command::new(if cpp { CLANGXX } else { CLANG });
    if cpp {
        cmd.arg("-std=c++17");
    }
    cmd.args(["-S", "-emit-llvm", "-w", &format!("-{opt}")]);
    if debug {
        cmd.arg("-g");
    }
    cmd.arg(src).arg("-o").arg(&out);
    run::run_ok(&mut cmd, run::TIMEOUT);
    out
}

fn run_matrix(opts: &[&str], tag: &str) {
    if !loopwright_testkit::require(&[CLANG, CLANGXX]) {
        return;
    }
    let dir = out_dir(tag);
    let srcs = sources();
    assert!(!srcs.is_empty());
    let mut n = 0;
    for src in &srcs {
        for opt in opts {
            for debug in [false, true] {
                let ll = compile(src, &dir, opt, debug);
                parse_and_check(&ll);
                n += 1;
            }
        }
    }
    println!("parsed {n} clang-19 outputs");
}

#[test]
fn clang_o0() {
    run_matrix(&["O0"], "o0");
}

#[test]
fn clang_o1_o2() {
    run_matrix(&["O1", "O2"], "o12");
}

#[test]
fn clang_o3_os_oz() {
    run_matrix(&["O3", "Os", "Oz"], "o3sz");
}

#[test]
fn clang_special_flags() {
    if !loopwright_testkit::require(&[CLANG, CLANGXX]) {
        return;
    }
    let dir = out_dir("special");
    let c = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/c/loops.c");
    let cpp = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/c/ex.cpp");
    let nohdr = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/c/nohdr.cpp");
    let templ = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/c/templ.cpp");
    let cases: &[(&Path, &[&str])] = &[
        (&c, &["-O2", "-fsanitize=address"]),
        (&c, &["-O1", "-g", "-fsanitize=undefined"]),
        (&c, &["-O2", "-fprofile-instr-generate"]),
        (&c, &["-O3", "-march=skylake-avx512", "-ffast-math"]),
        (&c, &["-O2", "-flto=thin"]),
        (&c, &["-O2", "-g", "-gdwarf-5", "-gcolumn-info"]),
        (&cpp, &["-O2", "-g", "-fstandalone-debug"]),
        (&templ, &["-O1", "-fno-exceptions", "-fno-rtti"]),
        (&c, &["-O2", "--target=aarch64-linux-gnu"]),
        (&c, &["-O2", "--target=i686-pc-windows-msvc"]),
        (&nohdr, &["-O0", "--target=x86_64-pc-windows-msvc"]),
        (&nohdr, &["-O2", "-g", "--target=x86_64-pc-windows-msvc"]),
        (&nohdr, &["-O1", "--target=i686-pc-windows-msvc"]),
    ];
    let mut rejects = Allowlist::new("CLANG_REJECTS", CLANG_REJECTS);
    let mut failures = Vec::new();
    for (i, (src, flags)) in cases.iter().enumerate() {
        let cppmode = src.extension().and_then(|e| e.to_str()) == Some("cpp");
        let out = dir.join(format!("case{i}.ll"));
        let st = run::run(
            Command::new(if cppmode { CLANGXX } else { CLANG })
                .args(["-S", "-emit-llvm", "-w"])
                .args(flags.iter())
                .arg(src)
                .arg("-o")
                .arg(&out),
            run::TIMEOUT,
        );
        let key = format!(
            "{} {}",
            src.file_name().unwrap_or_default().to_string_lossy(),
            flags.join(" ")
        );
        if !rejects.check(&key, !st.success()) {
            failures.push(format!("clang rejects {key}:\n{}", st.stderr_text()));
        }
        if st.success() {
            parse_and_check(&out);
        }
    }
    failures.extend(rejects.stale(true));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn opt_o3_output() {
    if !loopwright_testkit::require(&[CLANG, CLANGXX, OPT]) {
        return;
    }
    let dir = out_dir("opt");
    for src in sources() {
        for debug in [false, true] {
            let ll = compile(&src, &dir, "O0", debug);
            // Strip optnone so that opt really optimises.
            let text = std::fs::read_to_string(&ll).expect("read");
            let text = text.replace(" optnone", "").replace(" noinline", "");
            let stripped = ll.with_extension("noopt.ll");
            std::fs::write(&stripped, text).expect("write");
            let out = ll.with_extension("opt3.ll");
            run::run_ok(
                Command::new(OPT)
                    .args(["-S", "-O3"])
                    .arg(&stripped)
                    .arg("-o")
                    .arg(&out),
                run::TIMEOUT,
            );
            parse_and_check(&out);
        }
    }
}
