//! The region updates of `loopwright_analysis::update` against analyses
//! computed afresh, on random functions and random edits of a region:
//! whenever `finish` says it updated the analyses, they must equal
//! recomputed ones in everything `update::compare` looks at (orders
//! included), and be consistent (`update::check`). Edits that leave the
//! region may make it give up, never make it wrong.
//!
//! The edits are what transformations do to a region: retarget a branch
//! (inside the region, to an opaque subtree's root, or anywhere), split an
//! edge, branch to a new block, remove, move or end a block differently,
//! with the graph synced midway at random. Regions are a loop below its
//! header's immediate dominator (rotation's) or a random block with random
//! blocks it dominates.

mod common;

use common::{build, BlockSpec, CfgSpec};
use cranelift_entity::EntityRef;
use loopwright_analysis::update::{self, Finished, Marks};
use loopwright_analysis::{can_split_edge, ControlFlowGraph, DominatorTree, LoopForest};
use loopwright_ir::{Block, Function, InstData, Module, Opcode, Operand, TypeTable};
use loopwright_testkit::Rng;
use loopwright_transforms::utils::split_edge;

struct Analyses {
    cfg: ControlFlowGraph,
    dt: DominatorTree,
    lf: LoopForest,
}

fn compute(f: &Function) -> Analyses {
    let cfg = ControlFlowGraph::compute(f);
    let dt = DominatorTree::compute(&cfg);
    let lf = LoopForest::compute(&cfg, &dt);
    Analyses { cfg, dt, lf }
}

fn differs(a: &Analyses, f: &Function) -> Result<(), String> {
    let fresh = compute(f);
    update::check((&a.cfg, &a.dt, &a.lf))?;
    update::compare((&a.cfg, &a.dt, &a.lf), (&fresh.cfg, &fresh.dt, &fresh.lf))
}

/// A random function with `n` blocks whose loops are natural more often
/// than not: branches go forward, and some back to an earlier block.
fn random_spec(rng: &mut Rng, n: usize) -> CfgSpec {
    let mut blocks = Vec::with_capacity(n);
    for i in 0..n {
        let forward = |rng: &mut Rng| i + 1 + rng.below(3.min(n - i)).min(n - i - 1);
        let kind = if i + 1 == n {
            0
        } else {
            *rng.pick(&[2u8, 2, 3, 3, 3, 4, 0])
        };
        let k = match kind {
            0 => 0,
            2 => 1,
            3 => 2,
            _ => 2 + rng.below(3),
        };
        let mut targets = Vec::with_capacity(k);
        for _ in 0..k {
            let t = if i + 1 < n && !rng.chance(0.25) {
                forward(rng)
            } else {
                rng.below(i + 1) // back (a loop) or to itself
            };
            targets.push(t.min(n - 1));
        }
        blocks.push(BlockSpec { kind, targets });
    }
    // Mostly in order, sometimes shuffled a little.
    let mut layout: Vec<usize> = (0..n).collect();
    for _ in 0..rng.below(3) {
        let (a, b) = (1 + rng.below(n - 1), 1 + rng.below(n - 1));
        layout.swap(a.min(n - 1), b.min(n - 1));
    }
    CfgSpec { blocks, layout }
}

/// The blocks of the region rooted at `root` with `inner`, as `begin`
/// makes it (each inner block with its dominators below the root).
fn region(dt: &DominatorTree, root: Block, inner: &[Block]) -> Vec<Block> {
    let mut out = vec![root];
    for &b in inner {
        let mut x = b;
        while !out.contains(&x) {
            out.push(x);
            match dt.idom(x) {
                Some(p) => x = p,
                None => break,
            }
        }
    }
    out
}

fn block_targets(f: &Function, b: Block) -> Vec<usize> {
    f.terminator(b)
        .map(|t| {
            f.inst(t)
                .operands()
                .iter()
                .enumerate()
                .filter(|(_, o)| matches!(o, Operand::Block(_)))
                .map(|(k, _)| k)
                .collect()
        })
        .unwrap_or_default()
}

/// One random edit of a region block. `near` are the blocks a retargeted
/// branch most likely goes to (the region and the roots of the subtrees
/// hanging off it).
fn random_edit(
    rng: &mut Rng,
    m: &mut Module,
    f: &mut Function,
    members: &mut Vec<Block>,
    near: &[Block],
) {
    let b = *rng.pick(members);
    let all: Vec<Block> = f.layout.blocks().collect();
    let target = |rng: &mut Rng| -> Block {
        if rng.chance(0.85) && !near.is_empty() {
            *rng.pick(near)
        } else {
            *rng.pick(&all)
        }
    };
    match rng.below(7) {
        0 | 1 => {
            // Retarget one branch operand.
            let ops = block_targets(f, b);
            if let (Some(t), false) = (f.terminator(b), ops.is_empty()) {
                let k = *rng.pick(&ops);
                let to = target(rng);
                f.set_operand(t, k, Operand::Block(to));
            }
        }
        2 => {
            // Split an edge.
            if let Some(t) = f.terminator(b) {
                let succs: Vec<Block> = f.inst(t).successors().collect();
                if !succs.is_empty() {
                    let s = *rng.pick(&succs);
                    if can_split_edge(f, b, s) {
                        let nb = split_edge(f, b, s);
                        members.push(nb);
                    }
                }
            }
        }
        3 => {
            // Branch to a new block placed anywhere.
            let ops = block_targets(f, b);
            if let (Some(t), false) = (f.terminator(b), ops.is_empty()) {
                let nb = f.make_block(None);
                let after = *rng.pick(&all);
                f.layout.insert_block_after(nb, after);
                let to = target(rng);
                f.append(
                    nb,
                    InstData::new(Opcode::Br, TypeTable::VOID, [Operand::Block(to)]),
                    None,
                );
                let k = *rng.pick(&ops);
                f.set_operand(t, k, Operand::Block(nb));
                members.push(nb);
            }
        }
        4 => {
            // Remove a block (branches to it no longer count).
            if members.len() > 1 && b != members[0] && f.layout.is_block_inserted(b) {
                f.layout.remove_block(b);
            }
        }
        5 => {
            // Move a block.
            let after = *rng.pick(&all);
            if after != b && f.layout.entry_block() != Some(b) && f.layout.is_block_inserted(b) {
                f.layout.remove_block(b);
                f.layout.insert_block_after(b, after);
            }
        }
        _ => {
            // End the block differently.
            if let Some(t) = f.terminator(b) {
                f.delete_inst(t);
                let data = match rng.below(3) {
                    0 => InstData::new(Opcode::Ret, TypeTable::VOID, []),
                    1 => InstData::new(Opcode::Br, TypeTable::VOID, [Operand::Block(target(rng))]),
                    _ => {
                        let c = m.consts.int(TypeTable::I1, 1, rng.below(2) as i64);
                        InstData::new(
                            Opcode::Br,
                            TypeTable::VOID,
                            [
                                Operand::Const(c),
                                Operand::Block(target(rng)),
                                Operand::Block(target(rng)),
                            ],
                        )
                    }
                };
                f.append(b, data, None);
            }
        }
    }
}

/// The blocks in layout order with their successors.
fn dump(f: &Function) -> String {
    let mut out = String::new();
    for b in f.layout.blocks() {
        let succs: Vec<Block> = f
            .terminator(b)
            .map(|t| f.inst(t).successors().collect())
            .unwrap_or_default();
        out += &format!("  {b} -> {succs:?}\n");
    }
    out
}

/// Random functions, each with one random edit of a region.
const CASES: usize = 10_000;

/// Runs `cases` random edits; returns how many were updated locally.
fn run(seed: u64, cases: std::ops::Range<usize>) -> (usize, usize) {
    let (mut updated, mut gave_up) = (0, 0);
    let mut marks = Marks::default();
    for case in cases {
        // Each case from its own seed, so that one can be replayed.
        let mut rng = Rng::new(seed ^ (case as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let n = 4 + rng.below(24);
        let spec = random_spec(&mut rng, n);
        let built = build(&spec);
        let (mut m, mut f) = (built.m, built.f);
        let mut a = compute(&f);
        if a.lf.irreducible() && rng.chance(0.8) {
            continue;
        }
        // The region: a loop below its header's dominator, or any block
        // with some blocks it dominates.
        let loops: Vec<_> = a.lf.loops().collect();
        let (root, inner): (Block, Vec<Block>) = if !loops.is_empty() && rng.chance(0.7) {
            let l = *rng.pick(&loops);
            let h = a.lf.header(l);
            (a.dt.idom(h).unwrap_or(h), a.lf.data(l).blocks().to_vec())
        } else {
            let reach: Vec<Block> = a.cfg.rpo().collect();
            let root = *rng.pick(&reach);
            let below: Vec<Block> = reach
                .iter()
                .copied()
                .filter(|&b| a.dt.dominates(root, b) && b != root && rng.chance(0.4))
                .collect();
            (root, below)
        };
        let mut members = region(&a.dt, root, &inner);
        let mut near = members.clone();
        for &x in &members {
            near.extend(a.dt.children(x).iter().copied());
        }
        let mut ed = update::begin(&a.cfg, &a.dt, root, &inner, std::mem::take(&mut marks));
        for _ in 0..1 + rng.below(4) {
            random_edit(&mut rng, &mut m, &mut f, &mut members, &near);
            if rng.chance(0.3) {
                update::sync_cfg(&mut a.cfg, &f, &mut ed);
            }
        }
        let rename = if rng.chance(0.5) {
            let h = *rng.pick(&members);
            Some((h, *rng.pick(&members)))
        } else {
            None
        };
        let (done, back) = update::finish(&mut a.cfg, &mut a.dt, &mut a.lf, &f, ed, rename);
        marks = back;
        match done {
            Finished::Updated { .. } => {
                updated += 1;
                if let Err(e) = differs(&a, &f) {
                    panic!(
                        "seed {seed:#x} case {case}: updated analyses differ: {e}\n\
                         root {root}, region {members:?}, rename {rename:?}\n{}\nkept layout {:?}\nkept rpo {:?}\nfresh rpo {:?}",
                        dump(&f),
                        a.cfg.blocks().collect::<Vec<_>>(),
                        a.cfg.rpo().collect::<Vec<_>>(),
                        compute(&f).cfg.rpo().collect::<Vec<_>>()
                    );
                }
            }
            Finished::GaveUp(why) => {
                gave_up += 1;
                if std::env::var_os("UPDATE_PROPS_WHY").is_some() {
                    eprintln!("gave up: {why}");
                }
            }
        }
    }
    (updated, gave_up)
}

#[test]
fn updated_analyses_equal_recomputed_ones() {
    // Knobs: UPDATE_PROPS_SEED and UPDATE_PROPS_CASES for a longer or
    // different run; UPDATE_PROPS_CASE=K replays case K alone.
    let seed = std::env::var("UPDATE_PROPS_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5eed_0001u64);
    let cases = std::env::var("UPDATE_PROPS_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(CASES);
    if let Ok(c) = std::env::var("UPDATE_PROPS_CASE") {
        let c: usize = c.parse().expect("a case number");
        run(seed, c..c + 1);
        return;
    }
    let (updated, gave_up) = run(seed, 0..cases);
    eprintln!("update_props: {updated} edits updated locally, {gave_up} gave up");
    // Many random edits stay inside their region (the others break its
    // rules: the edits are random): the local path must be exercised.
    assert!(updated >= cases / 4, "{updated} updated, {gave_up} gave up");
}

#[test]
fn the_comparison_fails_on_stale_analyses() {
    // A deliberately wrong update: an edit outside the region that the
    // update is not told about leaves the analyses stale, and the
    // comparison with recomputed ones says so.
    let spec = CfgSpec {
        blocks: vec![
            BlockSpec {
                kind: 2,
                targets: vec![1],
            },
            BlockSpec {
                kind: 3,
                targets: vec![2, 3],
            },
            BlockSpec {
                kind: 2,
                targets: vec![1],
            },
            BlockSpec {
                kind: 2,
                targets: vec![4],
            },
            BlockSpec {
                kind: 0,
                targets: vec![],
            },
        ],
        layout: vec![0, 1, 2, 3, 4],
    };
    let built = build(&spec);
    let (mut f, b) = (built.f, built.blocks);
    let mut a = compute(&f);
    assert!(differs(&a, &f).is_ok());
    // The region is the loop {1, 2} below 0; block 3 is outside it.
    let l = a.lf.loop_for(b[1]).unwrap();
    let ed = update::begin(&a.cfg, &a.dt, b[0], a.lf.data(l).blocks(), Marks::default());
    let t = f.terminator(b[3]).unwrap();
    f.set_operand(t, 0, Operand::Block(b[1]));
    let (done, _) = update::finish(&mut a.cfg, &mut a.dt, &mut a.lf, &f, ed, None);
    assert!(matches!(done, Finished::Updated { .. }));
    let e = differs(&a, &f).unwrap_err();
    assert!(e.contains("differ"), "{e}");
    let _ = b[2].index();
}
