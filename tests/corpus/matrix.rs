//! The corpus build matrix, shared by the round-trip test
//! (`crates/driver/tests/corpus.rs`) and `cargo xtask corpus` through
//! `#[path]` includes, so both build exactly the same modules.
//!
//! Sources live in `tests/corpus/src/` (`.c` built as gnu17 with `clang-19`,
//! `.cpp` as gnu++20 with `clang++-19`), hand-written modules in
//! `tests/corpus/ll/`. A source may ask for extra compiler flags with a line
//! `// corpus-flags: FLAGS` among its first five lines.
//!
//! Standard library only: this file is compiled into both crates.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The C compiler driver used for `.c` sources.
pub const CLANG: &str = "clang-19";
/// The C++ compiler driver used for `.cpp` sources.
pub const CLANGXX: &str = "clang++-19";
/// LLVM's optimizer driver, used as the reference parser and printer.
pub const OPT: &str = "opt-19";

/// One point of the compile matrix: a name used in file names and the
/// flags passed to clang.
#[derive(Clone, Copy, Debug)]
pub struct Variant {
    pub name: &'static str,
    pub flags: &'static [&'static str],
}

/// `-O0 -O1 -O2 -O3`, each without and with `-g`, plus one `-O2` build that
/// keeps value names (clang discards them by default), so named values and
/// named blocks as clang spells them are covered too.
pub const VARIANTS: &[Variant] = &[
    Variant {
        name: "O0",
        flags: &["-O0"],
    },
    Variant {
        name: "O0g",
        flags: &["-O0", "-g"],
    },
    Variant {
        name: "O1",
        flags: &["-O1"],
    },
    Variant {
        name: "O1g",
        flags: &["-O1", "-g"],
    },
    Variant {
        name: "O2",
        flags: &["-O2"],
    },
    Variant {
        name: "O2g",
        flags: &["-O2", "-g"],
    },
    Variant {
        name: "O3",
        flags: &["-O3"],
    },
    Variant {
        name: "O3g",
        flags: &["-O3", "-g"],
    },
    Variant {
        name: "O2names",
        flags: &["-O2", "-fno-discard-value-names"],
    },
];

/// Source language of a corpus file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    C,
    Cxx,
}

/// A C or C++ corpus source.
#[derive(Clone, Debug)]
pub struct Source {
    pub path: PathBuf,
    pub lang: Lang,
    /// Extra flags from a `// corpus-flags:` line.
    pub extra_flags: Vec<String>,
}

impl Source {
    /// File stem, e.g. `c_atomics`.
    pub fn stem(&self) -> String {
        self.path
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned()
    }

    /// The clang command that compiles this source for `variant` into `out`.
    pub fn compile_command(&self, variant: &Variant, out: &Path) -> Command {
        let (driver, std) = match self.lang {
            Lang::C => (CLANG, "-std=gnu17"),
            Lang::Cxx => (CLANGXX, "-std=gnu++20"),
        };
        let mut cmd = Command::new(driver);
        cmd.arg(std)
            .arg("-w")
            .args(["-S", "-emit-llvm"])
            .args(variant.flags)
            .args(&self.extra_flags)
            .arg(&self.path)
            .arg("-o")
            .arg(out);
        cmd
    }

    /// Name of the module built from this source for `variant`, e.g.
    /// `c_atomics.O2g.ll`.
    pub fn module_name(&self, variant: &Variant) -> String {
        format!("{}.{}.ll", self.stem(), variant.name)
    }
}

/// `tests/corpus` under the workspace root.
pub fn corpus_dir(workspace_root: &Path) -> PathBuf {
    workspace_root.join("tests").join("corpus")
}

fn sorted_files(dir: &Path, exts: &[&str]) -> std::io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if path.is_file() && exts.contains(&ext) {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

/// Reads the `// corpus-flags: ...` line from the first five lines, if any.
pub fn extra_flags(text: &str) -> Vec<String> {
    for line in text.lines().take(5) {
        if let Some(rest) = line.trim_start().strip_prefix("// corpus-flags:") {
            return rest.split_whitespace().map(str::to_owned).collect();
        }
    }
    Vec::new()
}

/// All C and C++ sources, sorted by path.
pub fn sources(workspace_root: &Path) -> std::io::Result<Vec<Source>> {
    let dir = corpus_dir(workspace_root).join("src");
    let mut out = Vec::new();
    for path in sorted_files(&dir, &["c", "cpp"])? {
        let lang = if path.extension().is_some_and(|e| e == "c") {
            Lang::C
        } else {
            Lang::Cxx
        };
        let extra_flags = extra_flags(&std::fs::read_to_string(&path)?);
        out.push(Source {
            path,
            lang,
            extra_flags,
        });
    }
    Ok(out)
}

/// All hand-written `.ll` modules, sorted by path.
pub fn handwritten(workspace_root: &Path) -> std::io::Result<Vec<PathBuf>> {
    sorted_files(&corpus_dir(workspace_root).join("ll"), &["ll"])
}
