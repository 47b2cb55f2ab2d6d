//! Property tests: the CFG, the dominator tree and the post-dominator tree
//! against naive references (iterative dataflow over dominator sets) on
//! random CFGs, including unreachable blocks, self loops, parallel edges,
//! irreducible loops and infinite loops.

mod common;

use common::*;
use cranelift_entity::EntityRef;
use loopwright_analysis::{ControlFlowGraph, DominatorTree, PostDominatorTree};
use loopwright_ir::Block;
use loopwright_transforms::utils::split_critical_edges;
use proptest::prelude::*;

fn check_cfg(spec: &CfgSpec, b: &Built, cfg: &ControlFlowGraph) -> Result<(), TestCaseError> {
    let n = spec.blocks.len();
    for i in 0..n {
        let mut expected: Vec<(usize, u32)> = Vec::new();
        for s in spec_succs(spec, i) {
            match expected.iter_mut().find(|(t, _)| *t == s) {
                Some(e) => e.1 += 1,
                None => expected.push((s, 1)),
            }
        }
        let got: Vec<(usize, u32)> = cfg
            .succs(b.blocks[i])
            .iter()
            .zip(cfg.succ_edge_counts(b.blocks[i]))
            .map(|(s, &k)| (s.index(), k))
            .collect();
        prop_assert_eq!(&got, &expected);
        for &(s, k) in &expected {
            prop_assert_eq!(cfg.num_edges_between(b.blocks[i], b.blocks[s]), k);
            let pi = cfg
                .preds(b.blocks[s])
                .iter()
                .position(|&p| p == b.blocks[i]);
            prop_assert!(pi.is_some());
            prop_assert_eq!(cfg.pred_edge_counts(b.blocks[s])[pi.unwrap()], k);
        }
    }
    Ok(())
}

fn check_domtree(
    spec: &CfgSpec,
    b: &Built,
    cfg: &ControlFlowGraph,
    dt: &DominatorTree,
) -> Result<(), TestCaseError> {
    let n = spec.blocks.len();
    let entry = spec.layout[0];
    let succs: Vec<Vec<usize>> = (0..n).map(|i| spec_succs(spec, i)).collect();
    let (reach, dom) = naive_dom(n, entry, &succs);
    let blk = |i: usize| b.blocks[i];
    prop_assert_eq!(dt.root(), Some(blk(entry)));
    prop_assert_eq!(cfg.rpo().count(), reach.iter().filter(|&&r| r).count());
    prop_assert_eq!(dt.preorder().count(), cfg.rpo().count());
    prop_assert_eq!(dt.len(), cfg.num_reachable());
    prop_assert_eq!(cfg.rpo().next(), Some(blk(entry)));
    for v in 0..n {
        prop_assert_eq!(dt.is_reachable(blk(v)), reach[v]);
        prop_assert_eq!(cfg.is_reachable(blk(v)), reach[v]);
        let expected_idom = if reach[v] && v != entry {
            idom_of(v, &dom).map(blk)
        } else {
            None
        };
        prop_assert_eq!(dt.idom(blk(v)), expected_idom, "idom of {}", v);
        for a in 0..n {
            let expected = if !reach[v] {
                true
            } else if !reach[a] {
                false
            } else {
                dom[v] & bit(a) != 0
            };
            prop_assert_eq!(
                dt.dominates(blk(a), blk(v)),
                expected,
                "dominates({}, {})",
                a,
                v
            );
            if reach[a] && reach[v] {
                let common = dom[a] & dom[v];
                let nca = (0..n)
                    .filter(|&d| common & bit(d) != 0)
                    .max_by_key(|&d| dom[d].count_ones());
                prop_assert_eq!(dt.nearest_common_dominator(blk(a), blk(v)), nca.map(blk));
            }
        }
        // Children are exactly the blocks whose idom is v.
        let mut kids: Vec<usize> = dt.children(blk(v)).iter().map(|c| c.index()).collect();
        kids.sort_unstable();
        let mut expected_kids: Vec<usize> = (0..n)
            .filter(|&c| expected_idom_of(c, entry, &reach, &dom) == Some(v))
            .collect();
        expected_kids.sort_unstable();
        prop_assert_eq!(kids, expected_kids);
    }
    // Pre-order: parents first.
    let mut seen = vec![false; n];
    for x in dt.preorder() {
        if let Some(p) = dt.idom(x) {
            prop_assert!(seen[p.index()]);
        }
        seen[x.index()] = true;
    }
    // Reverse post-order: an edge that does not go forward closes a cycle.
    for x in cfg.rpo() {
        for &s in cfg.succs(x) {
            if cfg.rpo_key(s) <= cfg.rpo_key(x) {
                prop_assert!(reaches_block(cfg, s, x));
            }
        }
    }
    Ok(())
}

/// Whether `x` is reachable from `s`.
fn reaches_block(cfg: &ControlFlowGraph, s: Block, x: Block) -> bool {
    let mut seen = vec![false; cfg.num_block_ids()];
    let mut stack = vec![s];
    while let Some(v) = stack.pop() {
        if v == x {
            return true;
        }
        if std::mem::replace(&mut seen[v.index()], true) {
            continue;
        }
        stack.extend_from_slice(cfg.succs(v));
    }
    false
}

fn expected_idom_of(c: usize, entry: usize, reach: &[bool], dom: &[Set]) -> Option<usize> {
    if reach[c] && c != entry {
        idom_of(c, dom)
    } else {
        None
    }
}

fn check_postdom(
    spec: &CfgSpec,
    b: &Built,
    cfg: &ControlFlowGraph,
    pdt: &PostDominatorTree,
) -> Result<(), TestCaseError> {
    let n = spec.blocks.len();
    let succs: Vec<Vec<usize>> = (0..n).map(|i| spec_succs(spec, i)).collect();
    let blk = |i: usize| b.blocks[i];
    // Root policy: trivial roots first, in layout order.
    let trivial: Vec<Block> = spec
        .layout
        .iter()
        .copied()
        .filter(|&i| succs[i].is_empty())
        .map(blk)
        .collect();
    let roots = pdt.roots();
    prop_assert!(roots.len() >= trivial.len());
    prop_assert_eq!(&roots[..trivial.len()], &trivial[..]);
    let is_root: Vec<bool> = (0..n).map(|i| roots.contains(&blk(i))).collect();
    let reaches = |from: usize| {
        let mut seen = vec![false; n];
        let mut stack = vec![from];
        seen[from] = true;
        while let Some(v) = stack.pop() {
            for &s in &succs[v] {
                if !seen[s] {
                    seen[s] = true;
                    stack.push(s);
                }
            }
        }
        seen
    };
    for v in 0..n {
        let r = reaches(v);
        // Every block reaches a root.
        prop_assert!(
            (0..n).any(|x| r[x] && is_root[x]),
            "block {} reaches no root",
            v
        );
        // A non-trivial root reaches no other root.
        if is_root[v] && !succs[v].is_empty() {
            prop_assert!(
                !(0..n).any(|x| x != v && r[x] && is_root[x]),
                "redundant root {}",
                v
            );
        }
    }
    // Naive post-dominators with a virtual exit `n`.
    let x = n;
    let full: Set = bit(n + 1) - 1;
    let mut pdom = vec![full; n + 1];
    pdom[x] = bit(x);
    let mut changed = true;
    while changed {
        changed = false;
        for v in 0..n {
            let mut d = full;
            for &s in &succs[v] {
                d &= pdom[s];
            }
            if is_root[v] {
                d &= pdom[x];
            }
            d |= bit(v);
            if d != pdom[v] {
                pdom[v] = d;
                changed = true;
            }
        }
    }
    for v in 0..n {
        prop_assert!(pdt.contains(blk(v)));
        let ip = idom_of(v, &pdom).filter(|&d| d != x).map(blk);
        prop_assert_eq!(pdt.ipdom(blk(v)), ip, "ipdom of {}", v);
        for a in 0..n {
            prop_assert_eq!(
                pdt.post_dominates(blk(a), blk(v)),
                pdom[v] & bit(a) != 0,
                "post_dominates({}, {})",
                a,
                v
            );
        }
    }
    prop_assert_eq!(pdt.preorder().count(), n);
    prop_assert_eq!(pdt.len(), n);
    let _ = cfg;
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn cfg_and_trees_match_naive(spec in cfg_spec(40)) {
        let b = build(&spec);
        let cfg = ControlFlowGraph::compute(&b.f);
        check_cfg(&spec, &b, &cfg)?;
        let dt = DominatorTree::compute(&cfg);
        check_domtree(&spec, &b, &cfg, &dt)?;
        let pdt = PostDominatorTree::compute(&cfg);
        check_postdom(&spec, &b, &cfg, &pdt)?;
    }

    #[test]
    fn splitting_critical_edges_keeps_dominance(spec in cfg_spec(25)) {
        let mut b = build(&spec);
        let before = DominatorTree::compute(&ControlFlowGraph::compute(&b.f));
        let new_blocks = split_critical_edges(&mut b.f);
        let cfg = ControlFlowGraph::compute(&b.f);
        prop_assert!(cfg.critical_edges().is_empty());
        let after = DominatorTree::compute(&cfg);
        for &x in &b.blocks {
            for &y in &b.blocks {
                prop_assert_eq!(before.dominates(x, y), after.dominates(x, y));
            }
        }
        for &nb in &new_blocks {
            prop_assert_eq!(cfg.num_succ_edges(nb), 1);
            prop_assert_eq!(cfg.num_pred_edges(nb) >= 1, true);
        }
        let _ = &b.m;
    }
}

/// A large function: a chain of 200k blocks with back edges, to check the
/// algorithms are near-linear (this would take minutes if quadratic).
#[test]
fn large_chain_is_fast() {
    let n = 200_000;
    let spec = CfgSpec {
        blocks: (0..n)
            .map(|i| {
                if i + 1 == n {
                    BlockSpec {
                        kind: 0,
                        targets: vec![],
                    }
                } else if i % 7 == 3 {
                    BlockSpec {
                        kind: 3,
                        targets: vec![i + 1, i / 2],
                    }
                } else {
                    BlockSpec {
                        kind: 2,
                        targets: vec![i + 1],
                    }
                }
            })
            .collect(),
        layout: (0..n).collect(),
    };
    let b = build(&spec);
    let cfg = ControlFlowGraph::compute(&b.f);
    let dt = DominatorTree::compute(&cfg);
    let pdt = PostDominatorTree::compute(&cfg);
    assert!(dt.dominates(b.blocks[0], b.blocks[n - 1]));
    assert!(dt.dominates(b.blocks[10], b.blocks[11]));
    assert!(pdt.post_dominates(b.blocks[n - 1], b.blocks[0]));
    assert_eq!(dt.preorder().count(), n);
}
