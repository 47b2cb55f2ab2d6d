//! Every function of the hand-written corpus (`tests/corpus/ll`, modules
//! that LLVM's verifier accepts) must verify, and its dominator trees must
//! be consistent. Extra directories of `.ll` files (such as the modules
//! `cargo xtask corpus` builds) can be added with the environment variable
//! `LOOPWRIGHT_CORPUS_DIRS` (separated by `:`).

use loopwright_analysis::{verify_module, ControlFlowGraph, DominatorTree, PostDominatorTree};
use std::path::{Path, PathBuf};

fn corpus_files() -> Vec<PathBuf> {
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
    let mut files = Vec::new();
    for d in dirs {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        files.extend(
            rd.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "ll")),
        );
    }
    files.sort();
    files
}

#[test]
fn corpus_modules_verify() {
    let files = corpus_files();
    let mut failures = Vec::new();
    let mut verified = 0;
    for p in &files {
        let src = std::fs::read(p).unwrap();
        let name = p.display().to_string();
        // Parse errors are the parser's tests' business.
        let Ok(m) = loopwright_parse::parse_module(&src, &name) else {
            eprintln!("skipping {name}: does not parse");
            continue;
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
            assert_eq!(dt.preorder().len(), cfg.rpo().len(), "{name}");
            assert_eq!(pdt.preorder().len(), cfg.blocks().len(), "{name}");
            for &b in cfg.rpo() {
                if let Some(i) = dt.idom(b) {
                    assert!(dt.properly_dominates(i, b), "{name}");
                }
            }
        }
        verified += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    eprintln!("verified {verified} of {} corpus files", files.len());
}
