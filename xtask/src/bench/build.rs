//! Building one kernel the ways `cargo xtask bench` compares.
//!
//! - `A`: `clang-19 -O3 -march=native`, LLVM's whole -O3.
//! - `B`: `gcc -O3 -march=native`.
//! - `floor`: clang's IR before any LLVM pass
//!   (`-Xclang -disable-llvm-passes -S -emit-llvm`), then `opt-19` with the
//!   -O3 part before the split, then `opt-19` with the part after it
//!   ([`LoopSplit`]), then `llc-19 -O3` and a link by clang.
//! - `loopwright`: the same with `loopwright IN.ll -o OUT.ll` (its default
//!   pipeline) between the two `opt-19` runs.
//! - `anchor` (only with `--anchor`): the same split with nothing removed;
//!   it must perform like `A` (the sanity check of the method).
//!
//! Between processes the IR travels as bitcode (`.bc`), which keeps the
//! order of every use list (opt's default), so the anchor reproduces
//! clang's in-process pipeline instruction for instruction; textual IR
//! drops that order (and `-preserve-ll-uselistorder` writes directives
//! that opt-19 itself cannot always read back), and code generation
//! depends on it. The exception is `loops.ll`, loopwright's textual input:
//! loopwright cannot carry use-list order, so the floor reads the same
//! order-less file. `llvm-dis-19` shows the `.bc` files.
//!
//! All intermediate files stay in the kernel's build directory
//! (`pre.ll`, `loops.ll`, `loopwright.ll`, `*.post.bc`, ...) for
//! inspection. A failure of any tool is an error, except loopwright's own,
//! which is recorded so the other kernels still run.

use super::suite::Kernel;
use anyhow::{bail, Context, Result};
use loopwright::llvm_pipeline::LoopSplit;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

pub const CLANG: &str = "clang-19";
pub const GCC: &str = "gcc";
pub const OPT: &str = "opt-19";
pub const LLC: &str = "llc-19";

/// The relocation model of every step: Debian's clang builds
/// position-independent executables, so `A` is compiled for `pic`, and
/// the split builds must see the same target machine: opt's default
/// (`static`) lets a global's address fold into more addressing modes,
/// which changes loop sizes and so unrolling decisions (`short_dct8_i32`
/// unrolls a loop clang -O3 keeps). `opt-19`, `llc-19` and loopwright all
/// get `-relocation-model=pic`.
pub const RELOCATION_MODEL: &str = "-relocation-model=pic";

/// One way to build a kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Build {
    A,
    B,
    Floor,
    Loopwright,
    Anchor,
}

impl Build {
    /// The name used in tables and file names.
    pub fn name(self) -> &'static str {
        match self {
            Build::A => "A",
            Build::B => "B",
            Build::Floor => "floor",
            Build::Loopwright => "loopwright",
            Build::Anchor => "anchor",
        }
    }

    /// The builds of a run, in table order.
    pub fn selected(anchor: bool) -> Vec<Build> {
        let mut v = vec![Build::A, Build::B, Build::Floor, Build::Loopwright];
        if anchor {
            v.push(Build::Anchor);
        }
        v
    }
}

/// Everything a build needs besides the kernel.
#[derive(Clone, Debug)]
pub struct Toolchain {
    /// The `loopwright` binary.
    pub loopwright: PathBuf,
    /// The pipelines around loopwright.
    pub split: LoopSplit,
    /// Flags shared by every compiler invocation (`-O3 -march=native`,
    /// plus `-mno-avx512f` under callgrind).
    pub cflags: Vec<String>,
}

/// The executables of one kernel. Only [`Build::Loopwright`] can be in
/// `failed`: a failure of LLVM or gcc is an error of the harness.
#[derive(Debug, Default)]
pub struct Built {
    pub exe: BTreeMap<Build, PathBuf>,
    pub failed: BTreeMap<Build, String>,
}

/// Builds `kernel` every way in `builds` inside `dir` (created if needed).
pub fn build_kernel(
    kernel: &Kernel,
    builds: &[Build],
    tc: &Toolchain,
    dir: &Path,
) -> Result<Built> {
    std::fs::create_dir_all(dir).with_context(|| format!("create {}", dir.display()))?;
    let src = &kernel.source;
    let mut out = Built::default();
    let exe = |b: Build| dir.join(b.name());

    for &b in builds {
        match b {
            Build::A => {
                run(Command::new(CLANG)
                    .args(&tc.cflags)
                    .arg(src)
                    .arg("-o")
                    .arg(exe(b)))?;
            }
            Build::B => {
                run(Command::new(GCC)
                    .args(&tc.cflags)
                    .arg(src)
                    .arg("-o")
                    .arg(exe(b)))?;
            }
            Build::Floor | Build::Loopwright | Build::Anchor => continue,
        }
        out.exe.insert(b, exe(b));
    }

    let split_builds: Vec<Build> = builds
        .iter()
        .copied()
        .filter(|b| matches!(b, Build::Floor | Build::Loopwright | Build::Anchor))
        .collect();
    if split_builds.is_empty() {
        return Ok(out);
    }

    // clang's IR before any LLVM pass, shared by the split builds.
    let pre = dir.join("pre.ll");
    run(Command::new(CLANG)
        .args(&tc.cflags)
        .args(["-Xclang", "-disable-llvm-passes", "-S", "-emit-llvm"])
        .arg(src)
        .arg("-o")
        .arg(&pre))?;
    // The input of loopwright (and of the floor's second half). Written
    // without use-list order, because loopwright drops `uselistorder`
    // directives (as `opt -S` does by default): floor and loopwright then
    // lose it at the same point.
    let loops = dir.join("loops.ll");
    if split_builds
        .iter()
        .any(|b| matches!(b, Build::Floor | Build::Loopwright))
    {
        opt(&tc.split.before, &pre, &loops)?;
    }

    for b in split_builds {
        let post = dir.join(format!("{}.post.bc", b.name()));
        match b {
            Build::Floor => opt(&tc.split.rest, &loops, &post)?,
            Build::Loopwright => {
                // loopwright's default pipeline in its two parts, with
                // LLVM's cleanup of the vectorized code between them,
                // where LLVM's own pipeline has it (`Part` in
                // crates/driver/src/pipeline.rs). opt rejecting
                // loopwright's output is loopwright's failure.
                let vectorized = dir.join("loopwright.vectorized.ll");
                let cleaned = dir.join("loopwright.cleaned.ll");
                let transformed = dir.join("loopwright.ll");
                let lw = |part: &str, input: &Path, output: &Path| {
                    run(Command::new(&tc.loopwright)
                        .arg(format!("--pipeline-part={part}"))
                        .arg(RELOCATION_MODEL)
                        .arg(input)
                        .arg("-o")
                        .arg(output))
                };
                let steps = lw("through-vectorize", &loops, &vectorized)
                    .and_then(|()| opt(&tc.split.middle, &vectorized, &cleaned))
                    .and_then(|()| lw("after-vectorize", &cleaned, &transformed))
                    .and_then(|()| opt(&tc.split.after, &transformed, &post));
                if let Err(e) = steps {
                    out.failed.insert(b, format!("{e:#}"));
                    continue;
                }
            }
            Build::Anchor => {
                let mid = dir.join("anchor.loops.bc");
                opt(&tc.split.anchor_before, &pre, &mid)?;
                opt(&tc.split.anchor_after, &mid, &post)?;
            }
            Build::A | Build::B => continue,
        }
        // Code generation by `llc-19 -O3`, then a link by clang. Debian's
        // clang builds position-independent executables, hence `pic`.
        let obj = dir.join(format!("{}.o", b.name()));
        let res = run(Command::new(LLC)
            .args(["-O3", RELOCATION_MODEL, "-filetype=obj"])
            .arg(&post)
            .arg("-o")
            .arg(&obj))
        .and_then(|()| run(Command::new(CLANG).arg(&obj).arg("-o").arg(exe(b))));
        match res {
            Ok(()) => {
                out.exe.insert(b, exe(b));
            }
            Err(e) if b == Build::Loopwright => {
                out.failed.insert(b, format!("{e:#}"));
            }
            Err(e) => return Err(e),
        }
    }
    Ok(out)
}

/// Runs `opt-19 -passes=PASSES`; the output is textual IR when its name
/// ends in `.ll`, bitcode otherwise.
fn opt(passes: &str, input: &Path, output: &Path) -> Result<()> {
    let mut cmd = Command::new(OPT);
    if output.extension().is_some_and(|e| e == "ll") {
        cmd.arg("-S");
    }
    run(cmd
        .arg(format!("-passes={passes}"))
        .arg(RELOCATION_MODEL)
        .arg(input)
        .arg("-o")
        .arg(output))
}

/// Runs `cmd` on an empty module (a newline: loopwright rejects a 0-byte
/// input as a probable upstream failure) given on its stdin, capturing
/// stdout and stderr.
pub fn output_with_empty_module(cmd: &mut Command) -> std::io::Result<std::process::Output> {
    use std::io::Write;
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    if let Some(mut stdin) = child.stdin.take() {
        // One byte fits any pipe buffer: this cannot block.
        stdin.write_all(b"\n")?;
    }
    // `wait_with_output` closes the child's stdin before waiting.
    child.wait_with_output()
}

/// Runs a tool to completion; a failure carries its command line and the
/// head of its stderr.
pub fn run(cmd: &mut Command) -> Result<()> {
    let shown = show(cmd);
    let out = cmd
        .stdin(Stdio::null())
        .output()
        .with_context(|| format!("cannot run {shown}"))?;
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        let head: Vec<&str> = stderr.lines().take(15).collect();
        bail!("{shown} failed ({}):\n{}", out.status, head.join("\n"));
    }
    Ok(())
}

/// The command line of `cmd`, abridged: a long `-passes=` is cut.
fn show(cmd: &Command) -> String {
    let mut s = cmd.get_program().to_string_lossy().into_owned();
    for a in cmd.get_args() {
        let a = a.to_string_lossy();
        s.push(' ');
        if a.len() > 60 && a.starts_with("-passes=") {
            s.extend(a.chars().take(57));
            s.push_str("...");
        } else {
            s.push_str(&a);
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_pass_lists_are_abridged_in_messages() {
        let mut c = Command::new("opt-19");
        c.arg(format!("-passes={}", "x,".repeat(100))).arg("in.ll");
        let s = show(&c);
        assert!(s.starts_with("opt-19 -passes=x,x,"));
        assert!(s.ends_with("... in.ll"));
        assert!(s.len() < 90);
    }

    #[test]
    fn a_failing_tool_is_an_error_with_its_stderr() {
        let mut c = Command::new("sh");
        c.args(["-c", "echo broken >&2; exit 3"]);
        let e = run(&mut c).unwrap_err().to_string();
        assert!(e.contains("broken") && e.contains("sh -c"), "{e}");
        assert!(run(Command::new("sh").args(["-c", "exit 0"])).is_ok());
    }

    #[test]
    fn table_order_puts_the_anchor_last() {
        let names: Vec<&str> = Build::selected(true).into_iter().map(Build::name).collect();
        assert_eq!(names, ["A", "B", "floor", "loopwright", "anchor"]);
        assert_eq!(Build::selected(false).len(), 4);
    }
}
