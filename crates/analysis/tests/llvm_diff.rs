//! Differential tests against LLVM (`opt-19`), skipped with a notice when
//! it is not installed (an error under CI):
//! - the dominator and post-dominator trees (immediate dominators, and the
//!   post-dominator roots in order) of random CFGs equal what
//!   `opt -passes='print<domtree>'` / `'print<postdomtree>'` print;
//! - on random functions with phis and cross-block uses (many of them
//!   broken), our verifier accepts exactly the functions
//!   `opt -passes=verify` accepts.

use loopwright_analysis::{verify_module, ControlFlowGraph, DominatorTree, PostDominatorTree};
use loopwright_testkit::tools::OPT;
use loopwright_testkit::{run, Rng};
use std::collections::HashMap;
use std::fmt::Write;
use std::process::Command;

fn run_opt(args: &[&str], input: &str) -> (bool, String) {
    static COUNTER: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let k = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!(
        "loopwright-llvm-diff-{}-{k}.ll",
        std::process::id()
    ));
    std::fs::write(&path, input).unwrap();
    let out = run::run(
        Command::new(OPT)
            .args(args)
            .arg("-disable-output")
            .arg(&path),
        run::TIMEOUT,
    );
    let _ = std::fs::remove_file(&path);
    (out.success(), out.stderr_text())
}

/// A tree as `opt` prints it: per function, the roots and each node's
/// parent (`None` for the top; the virtual exit is `EXIT`).
type Trees = HashMap<String, (Vec<String>, HashMap<String, Option<String>>)>;

fn parse_trees(text: &str, header: &str) -> Trees {
    let mut res: Trees = HashMap::new();
    let mut cur: Option<String> = None;
    let mut stack: Vec<String> = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix(&format!("{header} for function: ")) {
            cur = Some(rest.trim().to_owned());
            res.insert(rest.trim().to_owned(), Default::default());
            stack.clear();
            continue;
        }
        let Some(f) = &cur else { continue };
        let t = line.trim_start();
        if let Some(r) = t.strip_prefix("Roots: ") {
            let roots = r
                .split_whitespace()
                .map(|s| s.trim_start_matches('%').to_owned());
            res.get_mut(f).unwrap().0.extend(roots);
            continue;
        }
        let Some(t) = t.strip_prefix('[') else {
            continue;
        };
        let Some((depth, rest)) = t.split_once(']') else {
            continue;
        };
        let Ok(depth) = depth.parse::<usize>() else {
            continue;
        };
        let rest = rest.trim_start();
        let name = if rest.starts_with("<<exit node>>") {
            "EXIT".to_owned()
        } else {
            rest.split_whitespace()
                .next()
                .unwrap_or("")
                .trim_start_matches('%')
                .to_owned()
        };
        stack.truncate(depth - 1);
        let parent = stack.last().cloned();
        res.get_mut(f).unwrap().1.insert(name.clone(), parent);
        stack.push(name);
    }
    res
}

/// Random functions made of branches, switches, returns and unreachables.
fn random_cfg_module(rng: &mut Rng, nfuncs: usize, max_blocks: usize) -> String {
    let mut s = String::new();
    for fi in 0..nfuncs {
        let n = 1 + rng.below(max_blocks);
        let _ = writeln!(
            s,
            "define void @f{fi}(i1 %c, i32 %x) {{\nentry:\n  br label %b0"
        );
        for i in 0..n {
            let t: Vec<usize> = (0..4).map(|_| rng.below(n)).collect();
            let _ = writeln!(s, "b{i}:");
            match rng.below(6) {
                0 => s.push_str("  ret void\n"),
                1 => s.push_str("  unreachable\n"),
                2 | 5 => {
                    let _ = writeln!(s, "  br label %b{}", t[0]);
                }
                3 => {
                    let _ = writeln!(s, "  br i1 %c, label %b{}, label %b{}", t[0], t[1]);
                }
                _ => {
                    let k = 1 + rng.below(3);
                    let cases: Vec<String> = (1..k)
                        .map(|j| format!("i32 {j}, label %b{}", t[j]))
                        .collect();
                    let _ = writeln!(
                        s,
                        "  switch i32 %x, label %b{} [ {} ]",
                        t[0],
                        cases.join(" ")
                    );
                }
            }
        }
        s.push_str("}\n\n");
    }
    s
}

#[test]
fn dominator_trees_match_llvm() {
    if !loopwright_testkit::require(&[OPT]) {
        return;
    }
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    for (nfuncs, max_blocks) in [(300, 12), (150, 50)] {
        let text = random_cfg_module(&mut rng, nfuncs, max_blocks);
        let (ok, dom_out) = run_opt(&["-passes=print<domtree>"], &text);
        assert!(ok, "{dom_out}");
        let (ok, pdom_out) = run_opt(&["-passes=print<postdomtree>"], &text);
        assert!(ok, "{pdom_out}");
        let llvm_dom = parse_trees(&dom_out, "DominatorTree");
        let llvm_pdom = parse_trees(&pdom_out, "PostDominatorTree");
        let m = loopwright_parse::parse_module(text.as_bytes(), "random.ll").unwrap();
        for f in m.functions.values() {
            let fname = f.name().unwrap().to_owned();
            let cfg = ControlFlowGraph::compute(f);
            let dt = DominatorTree::compute(&cfg);
            let pdt = PostDominatorTree::compute(&cfg);
            let name = |b| f.block_name(b).unwrap().to_owned();
            let mut dom: HashMap<String, Option<String>> = HashMap::new();
            let mut pdom: HashMap<String, Option<String>> = HashMap::new();
            for b in cfg.blocks() {
                if dt.is_reachable(b) {
                    dom.insert(name(b), dt.idom(b).map(name));
                }
                pdom.insert(name(b), Some(pdt.ipdom(b).map_or("EXIT".to_owned(), name)));
            }
            pdom.insert("EXIT".to_owned(), None);
            let roots: Vec<String> = pdt.roots().iter().map(|&b| name(b)).collect();
            assert_eq!(dom, llvm_dom[&fname].1, "dominator tree of @{fname}");
            assert_eq!(pdom, llvm_pdom[&fname].1, "post-dominator tree of @{fname}");
            assert_eq!(
                roots, llvm_pdom[&fname].0,
                "post-dominator roots of @{fname}"
            );
        }
    }
}

/// A function with phis (mostly right, sometimes with a missing, extra or
/// conflicting entry) and uses of values from random blocks.
fn random_ssa_function(rng: &mut Rng) -> String {
    let n = 1 + rng.below(8);
    let mut succ: Vec<Vec<usize>> = Vec::new();
    let mut kinds = Vec::new();
    for _ in 0..n {
        let k = rng.below(5);
        let t: Vec<usize> = (0..3).map(|_| rng.below(n)).collect();
        succ.push(match k {
            1 => vec![t[0]],
            2 => vec![t[0], t[1]],
            3 => t.clone(),
            _ => vec![],
        });
        kinds.push((k, t));
    }
    let mut preds: Vec<Vec<String>> = vec![Vec::new(); n];
    preds[0].push("entry".into());
    for (i, ss) in succ.iter().enumerate() {
        for &s in ss {
            preds[s].push(format!("b{i}"));
        }
    }
    let has_phi: Vec<bool> = (0..n)
        .map(|i| !preds[i].is_empty() && rng.chance(0.7))
        .collect();
    let mut vals: Vec<String> = vec!["%x".into()];
    vals.extend((0..n).map(|i| format!("%v{i}")));
    vals.extend((0..n).filter(|&i| has_phi[i]).map(|i| format!("%p{i}")));
    let mut s = String::from("define i32 @f(i1 %c, i32 %x) {\nentry:\n  br label %b0\n");
    for i in 0..n {
        let _ = writeln!(s, "b{i}:");
        if has_phi[i] {
            let mut ents: Vec<(String, String)> = Vec::new();
            let mut first: HashMap<String, String> = HashMap::new();
            for p in &preds[i] {
                let mut v = if rng.chance(0.3) {
                    vals[rng.below(vals.len())].clone()
                } else if p == "entry" {
                    "%x".into()
                } else {
                    format!("%v{}", &p[1..])
                };
                if let Some(f) = first.get(p) {
                    if rng.chance(0.9) {
                        v = f.clone();
                    }
                }
                first.entry(p.clone()).or_insert_with(|| v.clone());
                ents.push((v, p.clone()));
            }
            let r = rng.below(100);
            if r < 8 && !ents.is_empty() {
                let k = rng.below(ents.len());
                ents.remove(k);
            } else if r < 16 {
                ents.push(("%x".into(), format!("b{}", rng.below(n))));
            }
            if ents.is_empty() {
                ents.push(("%x".into(), "entry".into()));
            }
            let list: Vec<String> = ents.iter().map(|(v, p)| format!("[ {v}, %{p} ]")).collect();
            let _ = writeln!(s, "  %p{i} = phi i32 {}", list.join(", "));
        }
        let a = if rng.chance(0.5) {
            vals[rng.below(vals.len())].clone()
        } else {
            "%x".into()
        };
        let _ = writeln!(s, "  %v{i} = add i32 {a}, {i}");
        let (k, t) = &kinds[i];
        match k {
            0 => {
                let r = if rng.chance(0.5) {
                    vals[rng.below(vals.len())].clone()
                } else {
                    "%x".into()
                };
                let _ = writeln!(s, "  ret i32 {r}");
            }
            1 => {
                let _ = writeln!(s, "  br label %b{}", t[0]);
            }
            2 => {
                let _ = writeln!(s, "  br i1 %c, label %b{}, label %b{}", t[0], t[1]);
            }
            3 => {
                let _ = writeln!(
                    s,
                    "  switch i32 %x, label %b{} [ i32 1, label %b{} i32 2, label %b{} ]",
                    t[0], t[1], t[2]
                );
            }
            _ => s.push_str("  unreachable\n"),
        }
    }
    s.push_str("}\n");
    s
}

#[test]
fn verifier_agrees_with_llvm_on_ssa_and_phis() {
    if !loopwright_testkit::require(&[OPT]) {
        return;
    }
    let mut rng = Rng::new(0x1234_5678_9ABC_DEF1);
    let (mut valid, mut invalid) = (0, 0);
    for _ in 0..200 {
        let text = random_ssa_function(&mut rng);
        let (llvm_ok, llvm_msg) = run_opt(&["-passes=verify"], &text);
        let m = loopwright_parse::parse_module(text.as_bytes(), "random.ll").unwrap();
        let ours = verify_module(&m);
        assert_eq!(
            ours.is_ok(),
            llvm_ok,
            "LLVM says:\n{llvm_msg}\nwe say: {ours:?}\nfor:\n{text}"
        );
        if llvm_ok {
            valid += 1;
        } else {
            invalid += 1;
        }
    }
    // The generator must produce both kinds.
    assert!(
        valid > 20 && invalid > 20,
        "{valid} valid, {invalid} invalid"
    );
}
