//! The real modules the analysis comparisons run on (`aa_llvm.rs`,
//! `laa_llvm.rs`): the corpus at every point of its build matrix, the
//! hand-written corpus modules, the bench kernels and the conformance
//! suites' modules, and how to build each.

#[path = "../../../../tests/corpus/matrix.rs"]
pub mod matrix;

use loopwright_testkit::run;
use loopwright_testkit::tools::CLANG;
use std::path::{Path, PathBuf};
use std::process::Command;

/// How to get one module.
#[derive(Clone, Debug)]
pub enum Source {
    /// A source of the corpus matrix, compiled for a variant.
    Corpus(matrix::Source, matrix::Variant),
    /// A C file compiled by clang-19 with these flags.
    Clang(PathBuf, Vec<String>),
    /// A C program prepared as the conformance suites prepare them.
    Prepared(PathBuf),
    /// A textual module used as it is.
    Ll(PathBuf),
    /// A generated module (the caller's generator, from this seed).
    Generated(u64),
}

#[derive(Clone, Debug)]
pub struct Job {
    pub name: String,
    pub source: Source,
}

/// The real modules: the corpus matrix, the hand-written corpus modules,
/// the bench kernels (`-O3` without vectorization and unrolling) and the
/// conformance suites' modules.
pub fn jobs(root: &Path) -> Vec<Job> {
    let mut out = Vec::new();
    for src in matrix::sources(root).expect("corpus sources") {
        for v in matrix::VARIANTS {
            out.push(Job {
                name: src.module_name(v),
                source: Source::Corpus(src.clone(), *v),
            });
        }
    }
    for p in matrix::handwritten(root).expect("corpus modules") {
        out.push(Job {
            name: format!("ll/{}", file_name(&p)),
            source: Source::Ll(p),
        });
    }
    let kernels = root.join("bench/kernels");
    for p in super::sorted_entries(&kernels) {
        if p.extension().is_some_and(|e| e == "c") {
            out.push(Job {
                name: format!("kernels/{}", file_name(&p)),
                source: Source::Clang(
                    p,
                    [
                        "-O3",
                        "-fno-vectorize",
                        "-fno-slp-vectorize",
                        "-fno-unroll-loops",
                    ]
                    .iter()
                    .map(|s| s.to_string())
                    .chain([format!("-I{}", kernels.display())])
                    .collect(),
                ),
            });
        }
    }
    for dir in ["unroll", "peel", "runtime", "simulate", "programs", "phis"] {
        for p in super::sorted_entries(&root.join("tests").join(dir)) {
            let name = format!("{dir}/{}", file_name(&p));
            match p.extension().and_then(|e| e.to_str()) {
                Some("ll") => out.push(Job {
                    name,
                    source: Source::Ll(p),
                }),
                Some("c") => out.push(Job {
                    name,
                    source: Source::Prepared(p),
                }),
                _ => {}
            }
        }
    }
    out
}

pub fn file_name(p: &Path) -> String {
    p.file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned()
}

/// Builds the job's module in `work` (a generated one from `generate`'s
/// text); `Err` with a message when the compiler fails.
pub fn build(job: &Job, work: &Path, generate: &dyn Fn(u64) -> String) -> Result<PathBuf, String> {
    let stem = job.name.replace('/', "_");
    match &job.source {
        Source::Ll(p) => Ok(p.clone()),
        Source::Corpus(src, variant) => {
            let out = work.join(format!("{stem}.ll"));
            let done = run(&mut src.compile_command(variant, &out), run::TIMEOUT);
            if !done.success() {
                return Err(format!(
                    "{}: clang failed: {}",
                    job.name,
                    done.stderr_text()
                ));
            }
            Ok(out)
        }
        Source::Clang(p, flags) => {
            let out = work.join(format!("{stem}.ll"));
            let done = run(
                Command::new(CLANG)
                    .args(["-w", "-S", "-emit-llvm"])
                    .args(flags)
                    .arg(p)
                    .arg("-o")
                    .arg(&out),
                run::TIMEOUT,
            );
            if !done.success() {
                return Err(format!(
                    "{}: clang failed: {}",
                    job.name,
                    done.stderr_text()
                ));
            }
            Ok(out)
        }
        Source::Prepared(p) => Ok(super::prepare_c(p, &stem, &[], work)),
        Source::Generated(seed) => {
            let out = work.join(format!("{stem}.ll"));
            std::fs::write(&out, generate(*seed)).expect("write");
            Ok(out)
        }
    }
}
