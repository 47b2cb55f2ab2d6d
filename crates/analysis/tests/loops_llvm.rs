//! Loop info against LLVM: for random CFGs (reducible and irreducible) and
//! for every function of the C/C++ corpus compiled at -O0..-O3, our
//! `print_loops` text must equal what `opt-19 -passes='print<loops>'`
//! prints: the same loops, blocks in the same order, the same
//! header/latch/exiting marks, the same nesting and order of loops.
//! Skipped with a notice when LLVM 19 is not installed (an error under CI).
//! The numbers of corpus functions and loops compared are floors
//! (`loops_llvm.*` in `tests/floors.toml`).

mod common;

#[path = "../../../tests/corpus/matrix.rs"]
mod matrix;

use common::{build, cfg_spec};
use loopwright_analysis::loops::print_loops;
use loopwright_analysis::{ControlFlowGraph, DominatorTree, LoopForest};
use loopwright_ir::print::{print_module, LocalNames};
use loopwright_ir::{InstData, Module, Opcode, Operand, TypeTable};
use loopwright_testkit::tools::{CLANG, CLANGXX, OPT};
use loopwright_testkit::{floors, run};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use std::collections::BTreeMap;
use std::process::Command;

/// `print<loops>` of every function, by function name.
fn llvm_loops(text: &str) -> BTreeMap<String, String> {
    static COUNTER: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let k = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("loopwright-loops-{}-{k}.ll", std::process::id()));
    std::fs::write(&path, text).expect("write temp file");
    let out = run::run_ok(
        Command::new(OPT)
            .args(["-passes=print<loops>", "-disable-output"])
            .arg(&path),
        run::TIMEOUT,
    );
    let _ = std::fs::remove_file(&path);
    let mut map = BTreeMap::new();
    let mut cur: Option<String> = None;
    for line in String::from_utf8_lossy(&out.stderr).lines() {
        if let Some(rest) = line.strip_prefix("Loop info for function '") {
            let name = rest.trim_end_matches("':").to_string();
            map.insert(name.clone(), String::new());
            cur = Some(name);
        } else if let Some(c) = &cur {
            let e = map.get_mut(c).expect("current function");
            e.push_str(line);
            e.push('\n');
        }
    }
    map
}

/// Our `print<loops>` of every defined function, by function name.
fn our_loops(m: &Module) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    for (_, f) in m.functions.iter() {
        if f.is_declaration() {
            continue;
        }
        let cfg = ControlFlowGraph::compute(f);
        let dt = DominatorTree::compute(&cfg);
        let lf = LoopForest::compute(&cfg, &dt);
        lf.check().expect("consistent loop forest");
        let names = LocalNames::compute(f);
        let text = print_loops(
            &lf,
            &cfg,
            |b| names.block(b),
            |l| lf.is_annotated_parallel(m, f, &cfg, l),
        );
        map.insert(f.name().unwrap_or("").to_string(), text);
    }
    map
}

#[test]
fn random_cfgs_match_llvm() {
    if !loopwright_testkit::require(&[OPT]) {
        return;
    }
    let mut runner = TestRunner::new(Config {
        cases: 150,
        ..Config::default()
    });
    runner
        .run(&cfg_spec(24), |spec| {
            let mut b = build(&spec);
            // LLVM's entry block may not have predecessors: enter through a
            // fresh block.
            let old_entry = b.f.layout.entry_block().expect("non-empty CFG");
            let entry = b.f.make_block(Some("entry"));
            b.f.layout.insert_block_before(entry, old_entry);
            b.f.append(
                entry,
                InstData::new(Opcode::Br, TypeTable::VOID, [Operand::Block(old_entry)]),
                None,
            );
            let f = std::mem::replace(
                &mut b.f,
                loopwright_ir::Function::new(Some("f".into()), TypeTable::VOID, &b.m.types),
            );
            b.m.functions.push(f);
            let text = print_module(&b.m);
            let ours = our_loops(&b.m);
            let theirs = llvm_loops(&text);
            prop_assert_eq!(ours, theirs, "module:\n{}", text);
            Ok(())
        })
        .unwrap();
}

#[test]
fn corpus_functions_match_llvm() {
    if !loopwright_testkit::require(&[OPT, CLANG, CLANGXX]) {
        return;
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let sources = matrix::sources(&root).expect("corpus sources");
    let dir = std::env::temp_dir().join(format!("loopwright-loops-corpus-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut checked = 0usize;
    let mut loops = 0usize;
    let mut failures = Vec::new();
    for src in &sources {
        for variant in matrix::VARIANTS
            .iter()
            .filter(|v| matches!(v.name, "O0" | "O1" | "O3"))
        {
            let opt = variant.name;
            let stem = src.stem();
            let out = dir.join(src.module_name(variant));
            let st = run::run(&mut src.compile_command(variant, &out), run::TIMEOUT);
            if !st.success() {
                failures.push(format!("{stem} {opt}: clang failed: {}", st.stderr_text()));
                continue;
            }
            let text = std::fs::read(&out).expect("read clang output");
            let m = loopwright_parse::parse_module(&text, "in.ll").expect("corpus module parses");
            // Compare on our own print, which numbers blocks like LLVM.
            let printed = print_module(&m);
            let ours = our_loops(&m);
            let theirs = llvm_loops(&printed);
            for (name, text) in &theirs {
                checked += 1;
                loops += text.lines().count();
                if ours.get(name) != Some(text) {
                    failures.push(format!(
                        "{stem} {opt} @{name}:\n--- opt-19\n{text}--- loopwright\n{}",
                        ours.get(name).map_or("(missing)", |s| s.as_str())
                    ));
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!("loops_llvm: {checked} functions, {loops} loops compared");
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
    floors::check_all(&[
        ("loops_llvm.corpus.functions", checked),
        ("loops_llvm.corpus.loops", loops),
    ]);
}
