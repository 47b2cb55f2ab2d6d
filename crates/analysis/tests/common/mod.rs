//! Shared helpers of the integration tests: random CFG specifications,
//! building them as functions, and naive dominator sets.

#![allow(dead_code)]

use loopwright_ir::{Block, Function, InstData, Module, Opcode, Operand, TypeTable};
use proptest::prelude::*;

/// One block of a random CFG: a terminator kind and target indices.
#[derive(Clone, Debug)]
pub struct BlockSpec {
    pub kind: u8,
    pub targets: Vec<usize>,
}

#[derive(Clone, Debug)]
pub struct CfgSpec {
    pub blocks: Vec<BlockSpec>,
    /// Layout order of the block ids (ids are created 0..n).
    pub layout: Vec<usize>,
}

pub fn cfg_spec(max_blocks: usize) -> impl Strategy<Value = CfgSpec> {
    (1..=max_blocks).prop_flat_map(|n| {
        let block = (0u8..6, prop::collection::vec(0..n, 0..5))
            .prop_map(|(kind, targets)| BlockSpec { kind, targets });
        let blocks = prop::collection::vec(block, n);
        let layout = Just((0..n).collect::<Vec<_>>()).prop_shuffle();
        (blocks, layout).prop_map(|(blocks, layout)| CfgSpec { blocks, layout })
    })
}

/// Successor indices (with multiplicity, operand order) of block `i`.
pub fn spec_succs(spec: &CfgSpec, i: usize) -> Vec<usize> {
    let b = &spec.blocks[i];
    let t = &b.targets;
    match b.kind {
        0 => vec![],                                              // ret
        1 => vec![],                                              // unreachable
        2 | 5 => t.first().map(|&x| vec![x]).unwrap_or_default(), // br
        3 if t.len() >= 2 => vec![t[0], t[1]],                    // br i1
        3 => t.first().map(|&x| vec![x, x]).unwrap_or_default(),
        _ => t.clone(), // switch: default + cases
    }
}

pub struct Built {
    pub m: Module,
    pub f: Function,
    pub blocks: Vec<Block>,
}

pub fn build(spec: &CfgSpec) -> Built {
    let mut m = Module::new();
    let fty = m
        .types
        .function(TypeTable::VOID, vec![TypeTable::I1, TypeTable::I32], false);
    let mut f = Function::new(Some("f".into()), fty, &m.types);
    let (c, x) = (f.params[0], f.params[1]);
    let blocks: Vec<Block> = (0..spec.blocks.len()).map(|_| f.make_block(None)).collect();
    for &i in &spec.layout {
        f.layout.append_block(blocks[i]);
    }
    for i in 0..spec.blocks.len() {
        let succs = spec_succs(spec, i);
        let data = match (spec.blocks[i].kind, succs.len()) {
            (0, _) => InstData::new(Opcode::Ret, TypeTable::VOID, []),
            (_, 0) => InstData::new(Opcode::Unreachable, TypeTable::VOID, []),
            (2 | 5, _) => InstData::new(
                Opcode::Br,
                TypeTable::VOID,
                [Operand::Block(blocks[succs[0]])],
            ),
            (3, _) => InstData::new(
                Opcode::Br,
                TypeTable::VOID,
                [
                    Operand::Value(c),
                    Operand::Block(blocks[succs[0]]),
                    Operand::Block(blocks[succs[1]]),
                ],
            ),
            _ => {
                let mut ops = vec![Operand::Value(x), Operand::Block(blocks[succs[0]])];
                for (k, &s) in succs[1..].iter().enumerate() {
                    ops.push(Operand::Const(m.consts.int(TypeTable::I32, 32, k as i64)));
                    ops.push(Operand::Block(blocks[s]));
                }
                InstData::new(Opcode::Switch, TypeTable::VOID, ops)
            }
        };
        f.append(blocks[i], data, None);
    }
    Built { m, f, blocks }
}

pub type Set = u128;

pub fn bit(i: usize) -> Set {
    1u128 << i
}

/// Naive dominators: `dom[v]` for reachable v, by iterating to a fixpoint.
pub fn naive_dom(n: usize, entry: usize, succs: &[Vec<usize>]) -> (Vec<bool>, Vec<Set>) {
    let mut reach = vec![false; n];
    let mut stack = vec![entry];
    reach[entry] = true;
    while let Some(v) = stack.pop() {
        for &s in &succs[v] {
            if !reach[s] {
                reach[s] = true;
                stack.push(s);
            }
        }
    }
    let mut preds = vec![Vec::new(); n];
    for (v, ss) in succs.iter().enumerate() {
        for &s in ss {
            preds[s].push(v);
        }
    }
    let full: Set = if n == 128 { !0 } else { bit(n) - 1 };
    let mut dom = vec![full; n];
    dom[entry] = bit(entry);
    let mut changed = true;
    while changed {
        changed = false;
        for v in 0..n {
            if v == entry || !reach[v] {
                continue;
            }
            let mut d = full;
            for &p in &preds[v] {
                if reach[p] {
                    d &= dom[p];
                }
            }
            d |= bit(v);
            if d != dom[v] {
                dom[v] = d;
                changed = true;
            }
        }
    }
    (reach, dom)
}

/// The immediate dominator from dominator sets: the strict dominator with
/// the largest set.
pub fn idom_of(v: usize, dom: &[Set]) -> Option<usize> {
    let strict = dom[v] & !bit(v);
    (0..dom.len())
        .filter(|&d| strict & bit(d) != 0)
        .max_by_key(|&d| dom[d].count_ones())
}
