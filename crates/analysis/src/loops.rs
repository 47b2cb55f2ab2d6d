//! Natural loops: the loop nesting forest of a function.
//!
//! [`LoopForest`] is computed the way LLVM 19's `LoopInfoBase::analyze` does
//! it, so that loops, their blocks and their order match `opt-19
//! -passes='print<loops>'`:
//!
//! 1. Walk the dominator tree in post-order. A block `h` with a reachable
//!    predecessor it dominates is a loop header; those predecessors are the
//!    latches. A backward walk from the latches (stopping at `h`) collects
//!    the body; blocks already in a loop make that loop (its outermost
//!    discovered ancestor) a child of the new one.
//! 2. One post-order DFS of the CFG from the entry fills each loop's block
//!    list and child list; both are then reversed, except that the header
//!    stays first. Top-level loops come in post-order of their headers
//!    (LLVM prints the last loop of a function first).
//!
//! Cycles that are not natural loops (irreducible control flow: a cycle
//! entered at more than one block) are not loops here, exactly as in LLVM;
//! [`LoopForest::irreducible`] reports whether a function has any, and
//! [`LoopData::has_irreducible_inner_cycle`] whether a loop contains one, so
//! that transformations can leave such loops alone.
//!
//! Like every analysis in this crate, the forest is plain data: it does not
//! borrow the function and is stale after any CFG edit.

use crate::cfg::ControlFlowGraph;
use crate::domtree::DominatorTree;
use cranelift_entity::packed_option::PackedOption;
use cranelift_entity::{entity_impl, EntityRef, PrimaryMap, SecondaryMap};
use loopwright_ir::{
    Attr, Block, ConstData, Function, GlobalRef, Inst, InstData, Md, MdKind, MdNode, Metadata,
    Module, Opcode, Operand, ValueDef,
};
use smallvec::SmallVec;

/// A loop of a function.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Loop(u32);
entity_impl!(Loop, "loop");

/// One natural loop.
#[derive(Clone, Debug)]
pub struct LoopData {
    pub(crate) header: Block,
    pub(crate) parent: PackedOption<Loop>,
    pub(crate) children: Vec<Loop>,
    /// All blocks of the loop, nested loops' included: the header first,
    /// then LLVM's order (reverse post-order of the CFG).
    pub(crate) blocks: Vec<Block>,
    pub(crate) depth: u32,
    /// Whether an irreducible cycle lies inside the loop (not in a child).
    pub(crate) irreducible_inside: bool,
    /// Pre-order number of the loop in the forest, and the largest one in
    /// its subtree: `x` is nested in `l` iff `x.pre` is in `l.pre..=l.last`
    /// (O(1) [`LoopForest::contains`], even in deep nests).
    pub(crate) pre: u32,
    pub(crate) last: u32,
    /// The loop's position in its parent's `children` (or in the forest's
    /// `top_level`).
    pub(crate) index: u32,
    /// Removed by an update (`update.rs`): the slot stays in the arena, in
    /// no list, and the queries skip it.
    pub(crate) dead: bool,
}

impl LoopData {
    /// A loop headed by `header` with `blocks`, before the forest places
    /// it (no parent or children yet; depth, orders and index are filled
    /// in when the forest is numbered).
    pub(crate) fn unplaced(header: Block, blocks: Vec<Block>) -> Self {
        LoopData {
            header,
            parent: None.into(),
            children: Vec::new(),
            blocks,
            depth: 0,
            irreducible_inside: false,
            pre: 0,
            last: 0,
            index: 0,
            dead: false,
        }
    }

    pub fn header(&self) -> Block {
        self.header
    }
    pub fn parent(&self) -> Option<Loop> {
        self.parent.expand()
    }
    /// Directly nested loops, in LLVM's order.
    pub fn children(&self) -> &[Loop] {
        &self.children
    }
    /// All blocks, header first.
    pub fn blocks(&self) -> &[Block] {
        &self.blocks
    }
    /// 1 for an outermost loop.
    pub fn depth(&self) -> u32 {
        self.depth
    }
    /// Whether the loop body (outside nested natural loops) contains an
    /// irreducible cycle.
    pub fn has_irreducible_inner_cycle(&self) -> bool {
        self.irreducible_inside
    }
}

/// The loop nesting forest of a function.
#[derive(Clone, Debug, Default)]
pub struct LoopForest {
    pub(crate) loops: PrimaryMap<Loop, LoopData>,
    /// The innermost loop of each block.
    pub(crate) innermost: SecondaryMap<Block, PackedOption<Loop>>,
    pub(crate) top_level: Vec<Loop>,
    irreducible: bool,
    /// Loops removed by updates (dead slots of `loops`).
    pub(crate) dead: usize,
}

impl LoopForest {
    /// Computes the loops of the function whose fresh `cfg` and `domtree`
    /// are given.
    pub fn compute(cfg: &ControlFlowGraph, domtree: &DominatorTree) -> Self {
        let mut lf = LoopForest::default();
        let Some(root) = domtree.root() else {
            return lf;
        };
        lf.innermost.resize(cfg.num_block_ids());
        // 1. Discover loops, headers in dominator-tree post-order.
        let mut work: Vec<Block> = Vec::new();
        for header in dom_postorder(domtree, root) {
            let latches: SmallVec<[Block; 4]> = cfg
                .preds(header)
                .iter()
                .copied()
                .filter(|&p| domtree.is_reachable(p) && domtree.dominates(header, p))
                .collect();
            if latches.is_empty() {
                continue;
            }
            let l = lf.loops.push(LoopData::unplaced(header, vec![header]));
            work.clear();
            work.extend(latches.iter().rev());
            while let Some(b) = work.pop() {
                match lf.innermost[b].expand() {
                    None => {
                        if !domtree.is_reachable(b) {
                            continue;
                        }
                        lf.innermost[b] = l.into();
                        if b == header {
                            continue;
                        }
                        work.extend(cfg.preds(b).iter().rev());
                    }
                    Some(sub) => {
                        let sub = lf.outermost(sub);
                        if sub == l {
                            continue;
                        }
                        lf.loops[sub].parent = l.into();
                        let sh = lf.loops[sub].header;
                        for &p in cfg.preds(sh).iter().rev() {
                            if lf.innermost[p].expand() != Some(sub) {
                                work.push(p);
                            }
                        }
                    }
                }
            }
        }
        // 2. Populate block and child lists in CFG post-order. Each block
        //    joins every loop enclosing it: count first (the header
        //    included), to allocate each list once.
        if !lf.loops.is_empty() {
            let mut sizes = vec![0u32; lf.loops.len()];
            for b in cfg.postorder() {
                let mut sub = lf.innermost[b].expand();
                while let Some(s) = sub {
                    sizes[s.index()] += 1;
                    sub = lf.loops[s].parent.expand();
                }
            }
            for (d, &k) in lf.loops.values_mut().zip(&sizes) {
                d.blocks
                    .reserve_exact((k as usize).saturating_sub(d.blocks.len()));
            }
        }
        for b in cfg.postorder() {
            let mut sub = lf.innermost[b].expand();
            if let Some(s) = sub {
                if lf.loops[s].header == b {
                    match lf.loops[s].parent.expand() {
                        Some(p) => lf.loops[p].children.push(s),
                        None => lf.top_level.push(s),
                    }
                    let d = &mut lf.loops[s];
                    d.blocks[1..].reverse();
                    d.children.reverse();
                    sub = d.parent.expand();
                }
            }
            // A header is its loop's first block from the start; every
            // other block joins all loops enclosing it.
            while let Some(s) = sub {
                lf.loops[s].blocks.push(b);
                sub = lf.loops[s].parent.expand();
            }
        }
        // Depths.
        let mut stack: Vec<(Loop, u32)> = lf.top_level.iter().map(|&l| (l, 1)).collect();
        while let Some((l, d)) = stack.pop() {
            lf.loops[l].depth = d;
            stack.extend(lf.loops[l].children.iter().map(|&c| (c, d + 1)));
        }
        lf.number();
        lf.find_irreducible(cfg, domtree);
        lf
    }

    /// Numbers the loops: pre-order intervals (each loop is numbered before
    /// its subtree, and `last` is set when the whole subtree is numbered)
    /// and positions among siblings.
    pub(crate) fn number(&mut self) {
        let lf = self;
        for (k, &l) in lf.top_level.iter().enumerate() {
            lf.loops[l].index = k as u32;
        }
        let mut next = 0u32;
        let mut stack: Vec<(Loop, usize)> = lf.top_level.iter().map(|&l| (l, 0)).collect();
        while let Some((l, i)) = stack.pop() {
            if i == 0 {
                lf.loops[l].pre = next;
                next += 1;
            }
            match lf.loops[l].children.get(i).copied() {
                Some(c) => {
                    lf.loops[c].index = i as u32;
                    stack.push((l, i + 1));
                    stack.push((c, 0));
                }
                None => lf.loops[l].last = next - 1,
            }
        }
    }

    fn outermost(&self, mut l: Loop) -> Loop {
        while let Some(p) = self.loops[l].parent.expand() {
            l = p;
        }
        l
    }

    /// Marks irreducible cycles: a retreating edge of the CFG's DFS whose
    /// target does not dominate its source closes a cycle with several
    /// entries. The innermost natural loop containing both ends (if any)
    /// contains the irreducible cycle.
    fn find_irreducible(&mut self, cfg: &ControlFlowGraph, domtree: &DominatorTree) {
        for b in cfg.rpo() {
            let Some(bi) = cfg.rpo_key(b) else { continue };
            for &s in cfg.succs(b) {
                let Some(si) = cfg.rpo_key(s) else { continue };
                // A retreating edge in a DFS goes to an ancestor on the DFS
                // stack; with reverse post-order numbers its target is not
                // after its source. Back edges of natural loops are the
                // ones whose target dominates the source.
                if si <= bi && !domtree.dominates(s, b) {
                    self.irreducible = true;
                    let mut l = self.innermost[b].expand();
                    while let Some(x) = l {
                        if self.contains(x, s) {
                            self.loops[x].irreducible_inside = true;
                            break;
                        }
                        l = self.loops[x].parent.expand();
                    }
                }
            }
        }
    }
}

/// Post-order of the dominator tree (children in tree order).
fn dom_postorder(dt: &DominatorTree, root: Block) -> Vec<Block> {
    let mut out = Vec::with_capacity(dt.len());
    let mut stack: Vec<(Block, usize)> = Vec::with_capacity(dt.len());
    stack.push((root, 0));
    while let Some(top) = stack.last_mut() {
        let (b, i) = *top;
        let kids = dt.children(b);
        if i < kids.len() {
            top.1 += 1;
            stack.push((kids[i], 0));
        } else {
            out.push(b);
            stack.pop();
        }
    }
    out
}

/// Queries.
impl LoopForest {
    /// The number of loops.
    pub fn len(&self) -> usize {
        self.loops.len() - self.dead
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// All loops, by id: in a computed forest, in the order they were
    /// found (headers in post-order of the dominator tree); an updated
    /// forest keeps the ids its loops had and gives new ones to new loops.
    pub fn loops(&self) -> impl Iterator<Item = Loop> + '_ {
        self.loops.iter().filter(|(_, d)| !d.dead).map(|(l, _)| l)
    }

    pub fn data(&self, l: Loop) -> &LoopData {
        &self.loops[l]
    }

    pub fn header(&self, l: Loop) -> Block {
        self.loops[l].header
    }

    pub fn parent(&self, l: Loop) -> Option<Loop> {
        self.loops[l].parent.expand()
    }

    pub fn depth(&self, l: Loop) -> u32 {
        self.loops[l].depth
    }

    /// Outermost loops, in LLVM's order.
    pub fn top_level(&self) -> &[Loop] {
        &self.top_level
    }

    /// Whether the function has irreducible control flow anywhere.
    pub fn irreducible(&self) -> bool {
        self.irreducible
    }

    /// The innermost loop containing `b`.
    pub fn loop_for(&self, b: Block) -> Option<Loop> {
        self.innermost.get(b).and_then(|l| l.expand())
    }

    /// The loop depth of `b` (0 outside loops).
    pub fn block_depth(&self, b: Block) -> u32 {
        self.loop_for(b).map_or(0, |l| self.loops[l].depth)
    }

    /// Whether `b` is in loop `l` (or a loop nested in it). O(1).
    pub fn contains(&self, l: Loop, b: Block) -> bool {
        let d = &self.loops[l];
        self.loop_for(b)
            .is_some_and(|x| (d.pre..=d.last).contains(&self.loops[x].pre))
    }

    /// Whether `op` is invariant in loop `l` at the IR level (LLVM's
    /// `Loop::isLoopInvariant`): anything but an instruction result, or
    /// the result of an instruction outside `l` (or not in the layout).
    pub fn is_invariant(&self, f: &Function, l: Loop, op: Operand) -> bool {
        match op {
            Operand::Value(v) => match f.value_def(v) {
                ValueDef::Result(i) => f.layout.inst_block(i).is_none_or(|b| !self.contains(l, b)),
                _ => true,
            },
            _ => true,
        }
    }

    /// Whether loop `inner` is `outer` or nested in it.
    pub fn contains_loop(&self, outer: Loop, inner: Loop) -> bool {
        self.contains(outer, self.loops[inner].header)
    }

    /// Whether `l` has no nested loops.
    pub fn is_innermost(&self, l: Loop) -> bool {
        self.loops[l].children.is_empty()
    }

    /// Loops in pre-order (each loop before the loops nested in it), in
    /// LLVM's order.
    pub fn preorder(&self) -> Vec<Loop> {
        let mut out = Vec::with_capacity(self.loops.len());
        let mut stack: Vec<Loop> = self.top_level.iter().rev().copied().collect();
        while let Some(l) = stack.pop() {
            out.push(l);
            stack.extend(self.loops[l].children.iter().rev());
        }
        out
    }

    /// Loops in pre-order, outermost loops in program order (the reverse of
    /// the forest's order) and nested loops in order: LLVM's
    /// `LoopInfo::getLoopsInPreorder`.
    pub fn preorder_in_program_order(&self) -> Vec<Loop> {
        let mut out = Vec::with_capacity(self.loops.len());
        for &top in self.top_level.iter().rev() {
            let mut stack = vec![top];
            while let Some(l) = stack.pop() {
                out.push(l);
                stack.extend(self.loops[l].children.iter().rev());
            }
        }
        out
    }

    /// The first loop of [`LoopForest::innermost_first`].
    pub fn first_innermost_first(&self) -> Option<Loop> {
        let mut l = *self.top_level.first()?;
        while let Some(&c) = self.loops[l].children.first() {
            l = c;
        }
        Some(l)
    }

    /// The loop after `l` in [`LoopForest::innermost_first`]: O(depth), so
    /// the order can be walked without collecting it.
    pub fn next_innermost_first(&self, l: Loop) -> Option<Loop> {
        let d = &self.loops[l];
        let siblings = match d.parent.expand() {
            Some(p) => &self.loops[p].children,
            None => &self.top_level,
        };
        match siblings.get(d.index as usize + 1) {
            Some(&s) => {
                let mut x = s;
                while let Some(&c) = self.loops[x].children.first() {
                    x = c;
                }
                Some(x)
            }
            None => d.parent.expand(),
        }
    }

    /// Loops innermost first, in the order LLVM's loop pass manager visits
    /// them: for each top-level loop in forest order, its tree in
    /// post-order (nested loops in order, then the loop itself). This is
    /// also `formLCSSARecursively`'s order.
    pub fn innermost_first(&self) -> Vec<Loop> {
        let mut out = Vec::with_capacity(self.loops.len());
        for &top in &self.top_level {
            self.nest_innermost_first(top, &mut out);
        }
        out
    }

    /// `root`'s tree in post-order (nested loops in order, then the loop
    /// itself), appended to `out`.
    pub fn nest_innermost_first(&self, root: Loop, out: &mut Vec<Loop>) {
        // (loop, next child index)
        let mut stack: Vec<(Loop, usize)> = vec![(root, 0)];
        while let Some(&mut (l, ref mut k)) = stack.last_mut() {
            let kids = &self.loops[l].children;
            if *k < kids.len() {
                let c = kids[*k];
                *k += 1;
                stack.push((c, 0));
            } else {
                out.push(l);
                stack.pop();
            }
        }
    }

    /// The latches: predecessors of the header inside the loop, in the
    /// CFG's predecessor order.
    pub fn latches(&self, cfg: &ControlFlowGraph, l: Loop) -> SmallVec<[Block; 2]> {
        let h = self.loops[l].header;
        cfg.preds(h)
            .iter()
            .copied()
            .filter(|&p| self.contains(l, p))
            .collect()
    }

    /// The blocks of `l` in reverse post-order of a depth-first walk from
    /// the header that stays inside the loop (LLVM's `LoopBlocksDFS`/
    /// `LoopBlocksRPO`): every block after the blocks that dominate it, so
    /// a straight-line body comes in execution order whatever the layout.
    pub fn blocks_rpo(&self, cfg: &ControlFlowGraph, l: Loop) -> Vec<Block> {
        let header = self.loops[l].header;
        let mut post = Vec::with_capacity(self.loops[l].blocks.len());
        let mut seen: rustc_hash::FxHashSet<Block> = rustc_hash::FxHashSet::default();
        let mut stack: Vec<(Block, usize)> = vec![(header, 0)];
        seen.insert(header);
        while let Some(top) = stack.last_mut() {
            let (b, k) = *top;
            let succs = cfg.succs(b);
            if k < succs.len() {
                top.1 += 1;
                let s = succs[k];
                if self.contains(l, s) && seen.insert(s) {
                    stack.push((s, 0));
                }
            } else {
                post.push(b);
                stack.pop();
            }
        }
        post.reverse();
        post
    }

    /// The single latch, if there is exactly one.
    pub fn latch(&self, cfg: &ControlFlowGraph, l: Loop) -> Option<Block> {
        let ls = self.latches(cfg, l);
        (ls.len() == 1).then(|| ls[0])
    }

    /// Blocks of the loop with a successor outside it, in block order.
    pub fn exiting_blocks(&self, cfg: &ControlFlowGraph, l: Loop) -> Vec<Block> {
        self.loops[l]
            .blocks
            .iter()
            .copied()
            .filter(|&b| cfg.succs(b).iter().any(|&s| !self.contains(l, s)))
            .collect()
    }

    /// The single exiting block, if there is exactly one.
    pub fn exiting_block(&self, cfg: &ControlFlowGraph, l: Loop) -> Option<Block> {
        let e = self.exiting_blocks(cfg, l);
        (e.len() == 1).then(|| e[0])
    }

    /// Blocks outside the loop with a predecessor inside it, each once, in
    /// the order LLVM's `getUniqueExitBlocks` lists them.
    pub fn exit_blocks(&self, cfg: &ControlFlowGraph, l: Loop) -> Vec<Block> {
        let mut out: Vec<Block> = Vec::new();
        for &b in &self.loops[l].blocks {
            for &s in cfg.succs(b) {
                if !self.contains(l, s) && !out.contains(&s) {
                    out.push(s);
                }
            }
        }
        out
    }

    /// The single exit block, if all exits go to one block.
    pub fn exit_block(&self, cfg: &ControlFlowGraph, l: Loop) -> Option<Block> {
        let e = self.exit_blocks(cfg, l);
        (e.len() == 1).then(|| e[0])
    }

    /// Whether `b` is a latch of `l`.
    pub fn is_latch(&self, cfg: &ControlFlowGraph, l: Loop, b: Block) -> bool {
        self.contains(l, b) && cfg.succs(b).contains(&self.loops[l].header)
    }

    /// Whether `b` is an exiting block of `l`.
    pub fn is_exiting(&self, cfg: &ControlFlowGraph, l: Loop, b: Block) -> bool {
        self.contains(l, b) && cfg.succs(b).iter().any(|&s| !self.contains(l, s))
    }

    /// The unique block outside the loop that branches to the header
    /// (LLVM's `getLoopPredecessor`), whether or not it is a preheader.
    pub fn predecessor(&self, cfg: &ControlFlowGraph, l: Loop) -> Option<Block> {
        let h = self.loops[l].header;
        let mut out = None;
        for &p in cfg.preds(h) {
            if !self.contains(l, p) {
                if out.is_some() {
                    return None;
                }
                out = Some(p);
            }
        }
        out
    }

    /// The preheader: the loop predecessor, when its only successor is the
    /// header and it ends in an unconditional `br` (LLVM's
    /// `getLoopPreheader`, where special terminators such as `invoke` or
    /// `callbr` disqualify a block).
    pub fn preheader(&self, func: &Function, cfg: &ControlFlowGraph, l: Loop) -> Option<Block> {
        let p = self.predecessor(cfg, l)?;
        let term = func.terminator(p)?;
        (func.inst(term).opcode == Opcode::Br && cfg.num_succ_edges(p) == 1).then_some(p)
    }

    /// Whether every exit block has only predecessors inside the loop.
    pub fn has_dedicated_exits(&self, cfg: &ControlFlowGraph, l: Loop) -> bool {
        self.exit_blocks(cfg, l)
            .iter()
            .all(|&e| cfg.preds(e).iter().all(|&p| self.contains(l, p)))
    }

    /// LLVM's loop-simplify form: a preheader, a single latch and dedicated
    /// exits.
    pub fn is_simplified(&self, func: &Function, cfg: &ControlFlowGraph, l: Loop) -> bool {
        self.preheader(func, cfg, l).is_some()
            && self.latch(cfg, l).is_some()
            && self.has_dedicated_exits(cfg, l)
    }

    /// Whether the loop is bottom-tested: its single latch is an exiting
    /// block (LLVM's `isRotatedForm`).
    pub fn is_rotated(&self, cfg: &ControlFlowGraph, l: Loop) -> bool {
        self.latch(cfg, l)
            .is_some_and(|b| self.is_exiting(cfg, l, b))
    }

    /// The terminators of the latches.
    fn latch_terminators(
        &self,
        func: &Function,
        cfg: &ControlFlowGraph,
        l: Loop,
    ) -> SmallVec<[Inst; 2]> {
        self.latches(cfg, l)
            .iter()
            .filter_map(|&b| func.terminator(b))
            .collect()
    }

    /// The loop's `!llvm.loop` node (LLVM's `getLoopID`): the attachment of
    /// every latch terminator, when they all carry the same node and that
    /// node is a LoopID (a tuple whose first operand is itself).
    pub fn loop_id(
        &self,
        func: &Function,
        md: &Metadata,
        cfg: &ControlFlowGraph,
        l: Loop,
    ) -> Option<MdNode> {
        let mut id = None;
        for t in self.latch_terminators(func, cfg, l) {
            let n = func.inst(t).md.get(MdKind::LOOP)?;
            match id {
                None => id = Some(n),
                Some(x) if x == n => {}
                Some(_) => return None,
            }
        }
        let id = id?;
        let ops = md.tuple_ops(id)?;
        (ops.first() == Some(&Some(loopwright_ir::Md::Node(id)))).then_some(id)
    }
}

impl LoopForest {
    /// The loop's start location (LLVM's `Loop::getStartLoc`): the first
    /// `DILocation` of its LoopID, else the `!dbg` of the preheader's
    /// terminator, else that of the header's terminator.
    pub fn start_loc(
        &self,
        func: &Function,
        md: &Metadata,
        cfg: &ControlFlowGraph,
        l: Loop,
    ) -> Option<MdNode> {
        self.loc_range(func, md, cfg, l).0
    }

    /// The loop's start and end locations (LLVM's `Loop::getLocRange`):
    /// the first two `DILocation`s of its LoopID when it has them;
    /// otherwise the start location as in [`LoopForest::start_loc`] and no
    /// end.
    pub fn loc_range(
        &self,
        func: &Function,
        md: &Metadata,
        cfg: &ControlFlowGraph,
        l: Loop,
    ) -> (Option<MdNode>, Option<MdNode>) {
        if let Some(id) = self.loop_id(func, md, cfg, l) {
            let mut locs =
                md.tuple_ops(id)
                    .unwrap_or(&[])
                    .iter()
                    .skip(1)
                    .filter_map(|op| match op {
                        Some(Md::Node(n)) if md.special_kind(*n) == Some("DILocation") => Some(*n),
                        _ => None,
                    });
            if let Some(start) = locs.next() {
                return (Some(start), locs.next());
            }
        }
        let term_loc = |b: Block| {
            func.terminator(b)
                .and_then(|t| func.inst(t).md.get(MdKind::DBG))
        };
        if let Some(loc) = self.preheader(func, cfg, l).and_then(term_loc) {
            return (Some(loc), None);
        }
        (term_loc(self.loops[l].header), None)
    }
}

/// Whether an instruction may read or write memory (LLVM's
/// `mayReadOrWriteMemory`): loads, stores, atomics, fences, `va_arg`,
/// funclet pads and calls, except calls that do not access memory
/// (`memory(none)` or `readnone` on the call site or the callee).
pub fn may_access_memory(m: &Module, data: &InstData) -> bool {
    use Opcode::*;
    match data.opcode {
        Load | Store | Fence | AtomicCmpXchg | AtomicRmw | VAArg | CatchPad | CatchRet => true,
        Call | Invoke | CallBr => {
            let Some(ci) = data.call_info() else {
                return true;
            };
            let none = |set| {
                m.attrs.get(set).iter().any(|a| match a {
                    Attr::Raw(k, v) => &**k == "memory" && &**v == "none",
                    Attr::Flag(k) => &**k == "readnone",
                    _ => false,
                })
            };
            if none(ci.fn_attrs) {
                return false;
            }
            match data.operands().first() {
                Some(Operand::Const(c)) => match m.consts.data(*c) {
                    ConstData::Global {
                        global: GlobalRef::Func(f),
                        ..
                    } => !none(m.functions[*f].fn_attrs),
                    _ => true,
                },
                _ => true,
            }
        }
        _ => false,
    }
}

impl LoopForest {
    /// LLVM's `Loop::isAnnotatedParallel`: the loop has a LoopID, and every
    /// instruction of the loop that may access memory belongs to an access
    /// group listed in the LoopID's `llvm.loop.parallel_accesses`, or names
    /// the LoopID in its (deprecated) `llvm.mem.parallel_loop_access`.
    pub fn is_annotated_parallel(
        &self,
        m: &Module,
        func: &Function,
        cfg: &ControlFlowGraph,
        l: Loop,
    ) -> bool {
        let md = &m.md;
        let Some(id) = self.loop_id(func, md, cfg, l) else {
            return false;
        };
        let mut groups: SmallVec<[MdNode; 4]> = SmallVec::new();
        for op in md.tuple_ops(id).unwrap_or(&[]).iter().skip(1) {
            let Some(Md::Node(attr)) = op else { continue };
            let Some(ops) = md.tuple_ops(*attr) else {
                continue;
            };
            let is_pa = matches!(ops.first(), Some(Some(name)) if md.as_str(*name) == Some(b"llvm.loop.parallel_accesses".as_slice()));
            if is_pa {
                groups.extend(ops[1..].iter().filter_map(|o| match o {
                    Some(Md::Node(g)) => Some(*g),
                    _ => None,
                }));
            }
        }
        let old_kind = md.find_kind("llvm.mem.parallel_loop_access");
        for &b in &self.loops[l].blocks {
            for i in func.layout.block_insts(b) {
                let data = func.inst(i);
                if data.opcode.is_debug_record() || !may_access_memory(m, data) {
                    continue;
                }
                if let Some(ag) = data.md.get(MdKind::ACCESS_GROUP) {
                    let ops = md.tuple_ops(ag).unwrap_or(&[]);
                    let listed = if ops.is_empty() {
                        groups.contains(&ag)
                    } else {
                        ops.iter()
                            .any(|o| matches!(o, Some(Md::Node(g)) if groups.contains(g)))
                    };
                    if listed {
                        continue;
                    }
                }
                let Some(old) = old_kind.and_then(|k| data.md.get(k)) else {
                    return false;
                };
                if !md
                    .tuple_ops(old)
                    .unwrap_or(&[])
                    .contains(&Some(Md::Node(id)))
                {
                    return false;
                }
            }
        }
        true
    }
}

/// Prints the forest in the format of `opt-19 -passes='print<loops>'`
/// (without the `Loop info for function` line), naming blocks with
/// `name(b)` (which should return `%name` or `%N` as LLVM prints them).
pub fn print_loops(
    lf: &LoopForest,
    cfg: &ControlFlowGraph,
    mut name: impl FnMut(Block) -> String,
    parallel: impl Fn(Loop) -> bool,
) -> String {
    let mut out = String::new();
    let mut stack: Vec<Loop> = lf.top_level.iter().rev().copied().collect();
    while let Some(l) = stack.pop() {
        let d = &lf.loops[l];
        for _ in 0..(d.depth - 1) * 4 {
            out.push(' ');
        }
        if parallel(l) {
            out.push_str("Parallel ");
        }
        out.push_str(&format!("Loop at depth {} containing: ", d.depth));
        for (i, &b) in d.blocks.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str(&name(b));
            if b == d.header {
                out.push_str("<header>");
            }
            if lf.is_latch(cfg, l, b) {
                out.push_str("<latch>");
            }
            if lf.is_exiting(cfg, l, b) {
                out.push_str("<exiting>");
            }
        }
        out.push('\n');
        stack.extend(d.children.iter().rev());
    }
    out
}

impl LoopForest {
    /// Checks internal consistency (for tests and `--verify-each`): every
    /// block list starts with its header, children point back to their
    /// parent, depths increase by one, and the innermost map agrees with
    /// the block lists.
    pub fn check(&self) -> Result<(), String> {
        for (k, &l) in self.top_level.iter().enumerate() {
            if self.loops[l].index as usize != k || self.loops[l].parent.is_some() {
                return Err(format!("{l}: not top-level at {k}"));
            }
        }
        for (l, d) in self.loops.iter().filter(|(_, d)| !d.dead) {
            if d.blocks.first() != Some(&d.header) {
                return Err(format!("{l}: header {} is not first", d.header));
            }
            for (k, &c) in d.children.iter().enumerate() {
                if self.loops[c].index as usize != k {
                    return Err(format!("{c}: not child {k} of {l}"));
                }
            }
            for &c in &d.children {
                if self.loops[c].parent.expand() != Some(l) {
                    return Err(format!("{c}: parent is not {l}"));
                }
                if self.loops[c].depth != d.depth + 1 {
                    return Err(format!(
                        "{c}: depth {} under {l} at {}",
                        self.loops[c].depth, d.depth
                    ));
                }
            }
            for &b in &d.blocks {
                if !self.contains(l, b) {
                    return Err(format!("{l}: lists {b} but does not contain it"));
                }
            }
        }
        let total: usize = self
            .top_level
            .iter()
            .map(|&l| self.loops[l].blocks.len())
            .sum();
        let mapped = self.innermost.values().filter(|x| x.is_some()).count();
        if total != mapped {
            return Err(format!(
                "{total} blocks in top-level loops, {mapped} mapped"
            ));
        }
        Ok(())
    }
}
