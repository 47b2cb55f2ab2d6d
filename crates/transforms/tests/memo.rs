//! [`FnMemo`] carries analyses and scalar-evolution facts from one pass to
//! the next while a function does not change. Whatever it remembers must
//! give exactly what computing afresh gives: on every test module, running
//! the default pipeline's `loop-unroll-full`, `loop-vectorize`,
//! `loop-unroll` and `transform-warning` with one memo per function must
//! print the same module and emit the same remarks as running each pass
//! from scratch. The modules include functions that the
//! first pass changes (unrolled, peeled, put in canonical form), so a memo
//! that survived a change would show here. The modules are the test files
//! and the fuzz corpora of IR inputs.

use loopwright_ir::print::print_module;
use loopwright_ir::Module;
use loopwright_transforms::remark::Remarks;
use loopwright_transforms::unroll::{unroll_function, unroll_function_memo, UnrollOptions};
use loopwright_transforms::vectorize::pass::{vectorize_function, vectorize_function_memo};
use loopwright_transforms::vectorize::VectorizeOptions;
use loopwright_transforms::warn::{warn_missed_transformations, warn_missed_transformations_memo};
use loopwright_transforms::{defined_functions, with_function, FnMemo};
use std::path::{Path, PathBuf};

fn test_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("tests directory")
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            test_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "ll")
            || dir.ends_with("corpus/mutate_ir")
            || dir.ends_with("corpus/roundtrip")
            || dir.ends_with("corpus/verify_print")
        {
            out.push(p);
        }
    }
}

/// The four passes on every function; `shared` keeps one memo per
/// function across them.
fn run(m: &mut Module, shared: bool) -> String {
    let full = UnrollOptions {
        opt_level: 3,
        ..UnrollOptions::default()
    };
    let partial = UnrollOptions {
        opt_level: 3,
        runtime: Some(true),
        upper_bound: Some(true),
        ..UnrollOptions::default()
    };
    let vectorize = VectorizeOptions::default();
    let mut remarks = Remarks::new();
    for fid in defined_functions(m) {
        with_function(m, fid, |m, f| {
            if shared {
                let mut memo = FnMemo::default();
                unroll_function_memo(m, f, &full, true, &mut remarks, &mut memo);
                vectorize_function_memo(
                    m,
                    f,
                    Some(fid),
                    &vectorize,
                    &mut remarks,
                    false,
                    &mut memo,
                );
                unroll_function_memo(m, f, &partial, false, &mut remarks, &mut memo);
                warn_missed_transformations_memo(m, f, &mut remarks, &mut memo);
            } else {
                unroll_function(m, f, &full, true, &mut remarks);
                vectorize_function(m, f, Some(fid), &vectorize, &mut remarks, false);
                unroll_function(m, f, &partial, false, &mut remarks);
                warn_missed_transformations(m, f, &mut remarks);
            }
        });
    }
    let mut out = print_module(m);
    for r in remarks.all() {
        out.push_str(&format!("{} {}\n", r.location_text(), r.message()));
    }
    out
}

#[test]
fn a_shared_memo_changes_nothing() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    test_files(&root.join("tests"), &mut files);
    test_files(&root.join("fuzz/corpus"), &mut files);
    let (mut checked, mut transformed) = (0, 0);
    for path in &files {
        let src = std::fs::read(path).expect("readable");
        let Ok(m) = loopwright_parse::parse_module(&src, "t.ll") else {
            continue;
        };
        if loopwright_analysis::verify_module(&m).is_err() {
            continue;
        }
        let before = print_module(&m);
        let (mut a, mut b) = (m.clone(), m);
        let fresh = run(&mut a, false);
        let memo = run(&mut b, true);
        assert!(
            fresh == memo,
            "{}: the memo changed the result",
            path.display()
        );
        checked += 1;
        transformed += usize::from(!fresh.starts_with(&before));
    }
    // The test files and the fuzz corpora (IR inputs, most of them
    // valid) hold hundreds of modules, many with loops the passes change.
    assert!(checked >= 80, "only {checked} modules checked");
    assert!(transformed >= 40, "only {transformed} modules transformed");
}
