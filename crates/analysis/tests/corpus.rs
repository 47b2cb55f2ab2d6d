//! Every function of the hand-written corpus (`tests/corpus/ll`, modules
//! that LLVM's verifier accepts) must parse and verify, and its dominator
//! trees must be consistent. A module that does not parse is a failure.
//! The number of modules is a floor (`analysis.corpus.files` in
//! `tests/floors.toml`). Extra directories of `.ll` files (such as the
//! modules `cargo xtask corpus` builds) can be added with the environment
//! variable `LOOPWRIGHT_CORPUS_DIRS` (separated by `:`); the floor is not
//! checked then.

use loopwright_analysis::{verify_module, ControlFlowGraph, DominatorTree, PostDominatorTree};
use std::path::{Path, PathBuf};

/// The `.ll` files of the corpus (and of the extra directories), sorted;
/// and whether extra directories were given.
fn corpus_files() -> (Vec<PathBuf>, bool) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/corpus/ll");
    let mut dirs = vec![root];
    if let Ok(extra) = std::env::var("LOOPWRIGHT_CORPUS_DIRS") {
        dirs.extend(
            extra
                .split(':')
                .filter(|s| !s.is_empty())
                .map(PathBuf::from),
        );
    }
    let extra = dirs.len() > 1;
    let mut files = Vec::new();
    for d in dirs {
        let rd =
            std::fs::read_dir(&d).unwrap_or_else(|e| panic!("cannot read {}: {e}", d.display()));
        files.extend(
            rd.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "ll")),
        );
    }
    files.sort();
    (files, extra)
}

#[test]
fn corpus_modules_verify() {
    let (files, extra) = corpus_files();
    let mut failures = Vec::new();
    let mut verified = 0;
    for p in &files {
        let src = std::fs::read(p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()));
        let name = p.display().to_string();
        let m = match loopwright_parse::parse_module(&src, &name) {
            Ok(m) => m,
            Err(e) => {
                failures.push(format!("{name}: does not parse: {}", e.render(&name, &src)));
                continue;
            }
        };
        if let Err(errs) = verify_module(&m) {
            for e in errs {
                failures.push(format!("{name}: {e}"));
            }
        }
        for f in m.functions.values() {
            let cfg = ControlFlowGraph::compute(f);
            let dt = DominatorTree::compute(&cfg);
            let pdt = PostDominatorTree::compute(&cfg);
            assert_eq!(dt.preorder().count(), cfg.rpo().count(), "{name}");
            assert_eq!(pdt.preorder().count(), cfg.blocks().count(), "{name}");
            for b in cfg.rpo() {
                if let Some(i) = dt.idom(b) {
                    assert!(dt.properly_dominates(i, b), "{name}");
                }
            }
        }
        verified += 1;
    }
    eprintln!("verified {verified} of {} corpus files", files.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    if !extra {
        loopwright_testkit::floors::check("analysis.corpus.files", files.len());
    }
}
