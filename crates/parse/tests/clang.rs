//! Parses real clang-19 / opt-19 output: the C and C++ programs in
//! `tests/c` compiled at -O0..-O3 (and -Os/-Oz), with and without -g, plus
//! `opt-19 -O3` over the -O0 output. Skipped (with a notice) when clang-19
//! is not installed.

use std::path::{Path, PathBuf};
use std::process::Command;

fn have(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

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
    let mut cmd = Command::new(if cpp { "clang++-19" } else { "clang-19" });
    if cpp {
        cmd.arg("-std=c++17");
    }
    cmd.args(["-S", "-emit-llvm", "-w", &format!("-{opt}")]);
    if debug {
        cmd.arg("-g");
    }
    cmd.arg(src).arg("-o").arg(&out);
    let st = cmd.output().expect("run clang");
    assert!(
        st.status.success(),
        "clang failed on {}: {}",
        src.display(),
        String::from_utf8_lossy(&st.stderr)
    );
    out
}

fn run_matrix(opts: &[&str], tag: &str) {
    if !have("clang-19") || !have("clang++-19") {
        println!("NOTICE: clang-19 not found; skipping clang integration test");
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
    if !have("clang-19") {
        println!("NOTICE: clang-19 not found; skipping clang integration test");
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
    for (i, (src, flags)) in cases.iter().enumerate() {
        let cppmode = src.extension().and_then(|e| e.to_str()) == Some("cpp");
        let out = dir.join(format!("case{i}.ll"));
        let st = Command::new(if cppmode { "clang++-19" } else { "clang-19" })
            .args(["-S", "-emit-llvm", "-w"])
            .args(flags.iter())
            .arg(src)
            .arg("-o")
            .arg(&out)
            .output()
            .expect("run clang");
        if !st.status.success() {
            // A cross target's headers may be missing: not the parser's
            // business.
            println!(
                "NOTICE: clang {flags:?} failed, skipped: {}",
                String::from_utf8_lossy(&st.stderr)
            );
            continue;
        }
        parse_and_check(&out);
    }
}

#[test]
fn opt_o3_output() {
    if !have("clang-19") || !have("opt-19") {
        println!("NOTICE: clang-19/opt-19 not found; skipping opt integration test");
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
            let st = Command::new("opt-19")
                .args(["-S", "-O3"])
                .arg(&stripped)
                .arg("-o")
                .arg(&out)
                .output()
                .expect("run opt");
            assert!(
                st.status.success(),
                "opt failed: {}",
                String::from_utf8_lossy(&st.stderr)
            );
            parse_and_check(&out);
        }
    }
}
