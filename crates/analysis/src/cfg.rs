//! The control-flow graph of a function.
//!
//! [`ControlFlowGraph`] is plain data computed from a `&Function`, in the
//! manner of Cranelift's `flowgraph.rs`: it does not borrow the function,
//! and it is stale as soon as a terminator's block operands, the block
//! layout, or the set of terminators changes. Recompute it (O(blocks +
//! edges)) after such edits, or, for an edit confined to one part of the
//! function, update that part with [`crate::update`] (which keeps the
//! graph equal to a recomputed one).
//!
//! Invariants of a computed graph:
//! - Only blocks in the layout are nodes. A block's successors are the
//!   `Operand::Block` operands of its terminator (its last instruction, if
//!   that is a terminator); operands naming a block that is out of range or
//!   not in the layout are ignored (the verifier reports them).
//! - Successor and predecessor lists hold each block once, in first
//!   occurrence order (successors in operand order, predecessors in layout
//!   order of the source). The number of *edges* between two blocks (a
//!   `switch` may target a block several times, `br i1 %c, label %a, label
//!   %a` targets it twice) is kept alongside: [`ControlFlowGraph::num_edges`].
//!   LLVM's rule for phis follows edges: a phi has one entry per incoming
//!   edge, so a predecessor reaching the block by `k` edges appears `k` times
//!   in the phi, always with the same value.
//! - The reverse post-order covers exactly the blocks reachable from the
//!   entry block (the first block of the layout), starting with the entry.
//!   Successors are explored in operand order.
//! - Orders are kept as order-maintenance lists ([`crate::order`]): the
//!   layout order, and the depth-first walk as discovery and finish events
//!   (post-order is the order of the finishes). So an update can insert
//!   and remove blocks anywhere and comparisons stay O(1); the lists are
//!   iterated rather than indexed ([`ControlFlowGraph::blocks`],
//!   [`ControlFlowGraph::rpo`], [`ControlFlowGraph::rpo_key`]).
//!
//! Every query accepts any block id: ids out of range or not in the layout
//! behave as blocks without edges that are unreachable.

use crate::order::OrderList;
use cranelift_entity::EntityRef;
use loopwright_ir::{Block, Function, Inst, InstData, Opcode, Operand};

const NONE: u32 = u32::MAX;

/// Per-block data. The edge lists live in the graph's flat arrays:
/// `preds[pred_start..pred_start + num_preds]` (with `pred_edges` alongside)
/// and `succs[succ_start..succ_start + num_succs]` (with `succ_edges`). A
/// list that an update makes longer than its slots (`*_cap`) moves to the
/// end of the arrays.
#[derive(Clone, Copy, Debug)]
struct CfgNode {
    pred_start: u32,
    /// Distinct predecessors, in layout order of the source block.
    num_preds: u32,
    pred_cap: u32,
    succ_start: u32,
    /// Distinct successors, in operand order of first occurrence.
    num_succs: u32,
    succ_cap: u32,
    num_pred_edges: u32,
    num_succ_edges: u32,
    in_layout: bool,
    /// Reachable from the entry block.
    reachable: bool,
}

/// A block without edges, not in the layout: every id out of range reads
/// as this.
const EMPTY_NODE: CfgNode = CfgNode {
    pred_start: 0,
    num_preds: 0,
    pred_cap: 0,
    succ_start: 0,
    num_succs: 0,
    succ_cap: 0,
    num_pred_edges: 0,
    num_succ_edges: 0,
    in_layout: false,
    reachable: false,
};

/// The depth-first walk's events in [`ControlFlowGraph::dfs`]: block `b`
/// is discovered at item `2b` and finished at item `2b + 1`.
pub(crate) fn enter_item(b: Block) -> u32 {
    2 * b.index() as u32
}

pub(crate) fn exit_item(b: Block) -> u32 {
    2 * b.index() as u32 + 1
}

pub(crate) fn item_block(item: u32) -> Block {
    Block::new((item / 2) as usize)
}

/// Predecessors, successors, reverse post-order and reachability of the
/// blocks of one function. See the module docs for the invariants.
#[derive(Clone, Debug, Default)]
pub struct ControlFlowGraph {
    entry: Option<Block>,
    /// Indexed by block id (`num_block_ids` entries).
    nodes: Vec<CfgNode>,
    /// Flat edge lists, see [`CfgNode`]. A computed graph stores
    /// successors block by block in layout order, and `preds` and
    /// `pred_edges` likewise per target; updates move lists to the end.
    preds: Vec<Block>,
    pred_edges: Vec<u32>,
    succs: Vec<Block>,
    succ_edges: Vec<u32>,
    /// Slots of the flat arrays that no list uses any more.
    garbage: usize,
    /// The blocks of the layout, in layout order (item = block index).
    pub(crate) layout: OrderList,
    /// The depth-first walk from the entry (successors in operand order)
    /// as events: each reachable block's discovery and finish (see
    /// [`enter_item`]). Finishes in order are the post-order.
    pub(crate) dfs: OrderList,
    num_reachable: usize,
    num_edges: usize,
    num_block_ids: usize,
}

/// The blocks of `func` in layout order, stopping at the first id that is
/// out of range or repeated (so that a corrupted layout cannot make us loop
/// or allocate without bound).
pub(crate) fn layout_blocks(func: &Function) -> Vec<Block> {
    let n = func.num_block_ids();
    let mut seen = vec![false; n];
    let mut out = Vec::new();
    let mut cur = func.layout.entry_block();
    while let Some(b) = cur {
        if b.index() >= n || seen[b.index()] {
            break;
        }
        seen[b.index()] = true;
        out.push(b);
        cur = func.layout.next_block(b);
    }
    out
}

/// The terminator of `b` if its last instruction is a valid terminator.
pub(crate) fn terminator_of(func: &Function, b: Block) -> Option<Inst> {
    let last = func.layout.last_inst(b)?;
    if last.index() >= func.num_inst_ids() {
        return None;
    }
    func.inst(last).opcode.is_terminator().then_some(last)
}

/// Number of operands of a call-like instruction before its trailing block
/// operands: callee, arguments and bundle operands.
pub(crate) fn call_value_operands(data: &InstData) -> Option<usize> {
    let ci = data.call_info()?;
    let bundle_ops: usize = ci.bundles.iter().map(|b| b.num_ops as usize).sum();
    1usize
        .checked_add(ci.num_args as usize)?
        .checked_add(bundle_ops)
}

/// For `invoke`: the normal destination, on whose edge the result is
/// defined.
pub(crate) fn result_edge_dest(data: &InstData) -> Option<Block> {
    match data.opcode {
        Opcode::Invoke => {
            let n = data.operands().len();
            data.operands().get(n.checked_sub(2)?)?.as_block()
        }
        _ => None,
    }
}

impl ControlFlowGraph {
    /// An empty graph.
    pub fn new() -> Self {
        Self::default()
    }

    /// Computes the graph of `func`. O(blocks + edges).
    pub fn compute(func: &Function) -> Self {
        let mut cfg = ControlFlowGraph::new();
        cfg.recompute(func);
        cfg
    }

    /// Recomputes the graph of `func` in place, reusing allocations.
    pub fn recompute(&mut self, func: &Function) {
        let n = func.num_block_ids();
        // During the successor scan, `pred_start` of a target holds the
        // position in `succs` where it was last added (`NONE`: never); the
        // prefix sums below overwrite it for every node.
        self.nodes.clear();
        self.nodes.resize(
            n,
            CfgNode {
                pred_start: NONE,
                ..EMPTY_NODE
            },
        );
        self.num_block_ids = n;
        self.num_edges = 0;
        self.garbage = 0;

        // The layout, stopping at the first id that is out of range or
        // repeated (as `layout_blocks`), with `in_layout` as the seen set.
        self.layout.reset(n);
        let mut cur = func.layout.entry_block();
        while let Some(b) = cur {
            match self.nodes.get_mut(b.index()) {
                Some(node) if !node.in_layout => node.in_layout = true,
                _ => break,
            }
            self.layout.push_back(b.index() as u32);
            cur = func.layout.next_block(b);
        }
        self.entry = self.layout.first().map(|i| Block::new(i as usize));

        // Successors, block by block in layout order. A target added at a
        // position at or after the current block's start was added by the
        // current block: its edge count grows instead.
        // Most blocks have at most two successors; a larger switch grows
        // the lists.
        let guess = 2 * self.layout.len();
        self.succs.clear();
        self.succs.reserve(guess);
        self.succ_edges.clear();
        self.succ_edges.reserve(guess);
        for bi in self.layout.iter() {
            let b = Block::new(bi as usize);
            let start = self.succs.len() as u32;
            let mut edges = 0u32;
            if let Some(term) = terminator_of(func, b) {
                for op in func.inst(term).operands() {
                    let Operand::Block(t) = *op else { continue };
                    let Some(tn) = self.nodes.get_mut(t.index()) else {
                        continue;
                    };
                    if !tn.in_layout {
                        continue;
                    }
                    edges += 1;
                    tn.num_pred_edges += 1;
                    let pos = tn.pred_start;
                    if pos != NONE && pos >= start {
                        self.succ_edges[pos as usize] += 1;
                    } else {
                        tn.pred_start = self.succs.len() as u32;
                        tn.num_preds += 1;
                        self.succs.push(t);
                        self.succ_edges.push(1);
                    }
                }
            }
            let bn = &mut self.nodes[b.index()];
            bn.succ_start = start;
            bn.num_succs = self.succs.len() as u32 - start;
            bn.succ_cap = bn.num_succs;
            bn.num_succ_edges = edges;
            self.num_edges += edges as usize;
        }

        // Predecessors: one slot per distinct (source, target) pair, filled
        // in layout order of the source.
        let mut acc = 0u32;
        for node in &mut self.nodes {
            node.pred_start = acc;
            acc += node.num_preds;
            node.pred_cap = node.num_preds;
            node.num_preds = 0;
        }
        let total = self.succs.len();
        self.preds.clear();
        self.preds.resize(total, Block::new(0));
        self.pred_edges.clear();
        self.pred_edges.resize(total, 0);
        for bi in self.layout.iter() {
            let bn = self.nodes[bi as usize];
            let range = bn.succ_start as usize..(bn.succ_start + bn.num_succs) as usize;
            for (&t, &k) in self.succs[range.clone()]
                .iter()
                .zip(&self.succ_edges[range])
            {
                let tn = &mut self.nodes[t.index()];
                let i = (tn.pred_start + tn.num_preds) as usize;
                tn.num_preds += 1;
                self.preds[i] = Block::new(bi as usize);
                self.pred_edges[i] = k;
            }
        }
        self.compute_dfs();
    }

    /// The depth-first walk from the entry: discovery and finish events
    /// into `dfs`, `reachable` flags.
    fn compute_dfs(&mut self) {
        self.dfs.reset(2 * self.nodes.len());
        self.num_reachable = 0;
        let Some(entry) = self.entry else { return };
        let mut stack: Vec<(Block, u32)> = Vec::with_capacity(self.layout.len());
        stack.push((entry, 0));
        self.nodes[entry.index()].reachable = true;
        self.dfs.push_back(enter_item(entry));
        while let Some(top) = stack.last_mut() {
            let (b, i) = *top;
            let bn = &self.nodes[b.index()];
            if i < bn.num_succs {
                top.1 += 1;
                let s = self.succs[(bn.succ_start + i) as usize];
                let sn = &mut self.nodes[s.index()];
                if !sn.reachable {
                    sn.reachable = true;
                    self.dfs.push_back(enter_item(s));
                    stack.push((s, 0));
                }
            } else {
                stack.pop();
                self.dfs.push_back(exit_item(b));
                self.num_reachable += 1;
            }
        }
    }

    fn node(&self, b: Block) -> &CfgNode {
        self.nodes.get(b.index()).unwrap_or(&EMPTY_NODE)
    }

    /// The entry block (first block of the layout).
    pub fn entry(&self) -> Option<Block> {
        self.entry
    }

    /// The blocks of the layout, in layout order.
    pub fn blocks(&self) -> impl DoubleEndedIterator<Item = Block> + Clone + '_ {
        self.layout.iter().map(|i| Block::new(i as usize))
    }

    /// The number of blocks in the layout.
    pub fn num_blocks(&self) -> usize {
        self.layout.len()
    }

    /// Upper bound of block indices (the function's block arena size when
    /// computed).
    pub fn num_block_ids(&self) -> usize {
        self.num_block_ids
    }

    /// Total number of edges (counting parallel edges).
    pub fn num_edges(&self) -> usize {
        self.num_edges
    }

    /// Whether `b` was in the layout when the graph was computed.
    pub fn is_in_layout(&self, b: Block) -> bool {
        self.node(b).in_layout
    }

    /// Distinct predecessors of `b`.
    pub fn preds(&self, b: Block) -> &[Block] {
        let n = self.node(b);
        &self.preds[n.pred_start as usize..(n.pred_start + n.num_preds) as usize]
    }

    /// The number of edges from each of [`Self::preds`], in the same order.
    pub fn pred_edge_counts(&self, b: Block) -> &[u32] {
        let n = self.node(b);
        &self.pred_edges[n.pred_start as usize..(n.pred_start + n.num_preds) as usize]
    }

    /// Number of incoming edges of `b` (a phi in `b` has this many entries).
    pub fn num_pred_edges(&self, b: Block) -> u32 {
        self.node(b).num_pred_edges
    }

    /// Distinct successors of `b`, in operand order.
    pub fn succs(&self, b: Block) -> &[Block] {
        let n = self.node(b);
        &self.succs[n.succ_start as usize..(n.succ_start + n.num_succs) as usize]
    }

    /// The number of edges to each of [`Self::succs`], in the same order.
    pub fn succ_edge_counts(&self, b: Block) -> &[u32] {
        let n = self.node(b);
        &self.succ_edges[n.succ_start as usize..(n.succ_start + n.num_succs) as usize]
    }

    /// Number of outgoing edges of `b` (LLVM's `getNumSuccessors`).
    pub fn num_succ_edges(&self, b: Block) -> u32 {
        self.node(b).num_succ_edges
    }

    /// The number of edges from `from` to `to` (0 if none).
    pub fn num_edges_between(&self, from: Block, to: Block) -> u32 {
        let succs = self.succs(from);
        let preds = self.preds(to);
        if succs.len() <= preds.len() {
            succs
                .iter()
                .position(|&s| s == to)
                .map_or(0, |i| self.succ_edge_counts(from)[i])
        } else {
            preds
                .iter()
                .position(|&p| p == from)
                .map_or(0, |i| self.pred_edge_counts(to)[i])
        }
    }

    /// Blocks reachable from the entry, in reverse post-order.
    pub fn rpo(&self) -> impl DoubleEndedIterator<Item = Block> + Clone + '_ {
        self.postorder().rev()
    }

    /// Blocks reachable from the entry, in post-order.
    pub fn postorder(&self) -> impl DoubleEndedIterator<Item = Block> + Clone + '_ {
        self.dfs.iter().filter(|&e| e & 1 == 1).map(item_block)
    }

    /// The number of blocks reachable from the entry.
    pub fn num_reachable(&self) -> usize {
        self.num_reachable
    }

    /// A key of `b`'s place in [`Self::rpo`], if it is reachable: keys
    /// increase along the reverse post-order (they are not positions).
    pub fn rpo_key(&self, b: Block) -> Option<u64> {
        if b.index() >= self.nodes.len() {
            return None;
        }
        self.dfs.key(exit_item(b)).map(|k| u64::MAX - k)
    }

    /// Whether `b` is reachable from the entry block.
    pub fn is_reachable(&self, b: Block) -> bool {
        self.node(b).reachable
    }

    /// LLVM's `isCriticalEdge(.., AllowIdenticalEdges = true)`: there is an
    /// edge `from -> to`, `from` has more than one outgoing edge, and `to`
    /// has a predecessor other than `from`. Parallel edges count as several
    /// outgoing edges of `from` but not as several predecessors of `to`, so
    /// the edges into a block created by [`split_edge`] (which merges
    /// parallel edges) are never critical.
    pub fn is_critical_edge(&self, from: Block, to: Block) -> bool {
        self.num_edges_between(from, to) > 0
            && self.num_succ_edges(from) > 1
            && self.preds(to).len() > 1
    }

    /// All critical edges `(from, to)` (each pair once), in layout order of
    /// `from` and operand order of `to`.
    pub fn critical_edges(&self) -> Vec<(Block, Block)> {
        let mut out = Vec::new();
        for b in self.blocks() {
            if self.num_succ_edges(b) <= 1 {
                continue;
            }
            for &s in self.succs(b) {
                if self.preds(s).len() > 1 {
                    out.push((b, s));
                }
            }
        }
        out
    }
}

/// Updates (for [`crate::update`]): each keeps the lists of one block
/// consistent; the caller keeps the graph as a whole consistent.
impl ControlFlowGraph {
    /// Makes room for blocks `0..n` (new blocks of the function).
    pub(crate) fn grow(&mut self, n: usize) {
        if n > self.nodes.len() {
            self.nodes.resize(n, EMPTY_NODE);
            self.layout.grow(n);
            self.dfs.grow(2 * n);
        }
        self.num_block_ids = self.num_block_ids.max(n);
    }

    pub(crate) fn set_entry(&mut self, entry: Option<Block>) {
        self.entry = entry;
    }

    pub(crate) fn set_in_layout(&mut self, b: Block, v: bool) {
        self.nodes[b.index()].in_layout = v;
    }

    pub(crate) fn set_reachable(&mut self, b: Block, v: bool) {
        let node = &mut self.nodes[b.index()];
        if node.reachable != v {
            node.reachable = v;
            if v {
                self.num_reachable += 1;
            } else {
                self.num_reachable -= 1;
            }
        }
    }

    /// Replaces the successor list of `b` (distinct targets with their
    /// edge counts); predecessor lists are the caller's.
    pub(crate) fn set_succs(&mut self, b: Block, list: &[(Block, u32)]) {
        let node = self.nodes[b.index()];
        self.num_edges -= node.num_succ_edges as usize;
        let edges: u32 = list.iter().map(|x| x.1).sum();
        self.num_edges += edges as usize;
        let start = if list.len() as u32 <= node.succ_cap {
            node.succ_start
        } else {
            self.garbage += node.succ_cap as usize;
            let s = self.succs.len() as u32;
            self.succs
                .resize(self.succs.len() + list.len(), Block::new(0));
            self.succ_edges
                .resize(self.succ_edges.len() + list.len(), 0);
            let n = &mut self.nodes[b.index()];
            n.succ_start = s;
            n.succ_cap = list.len() as u32;
            s
        } as usize;
        for (k, &(t, c)) in list.iter().enumerate() {
            self.succs[start + k] = t;
            self.succ_edges[start + k] = c;
        }
        let n = &mut self.nodes[b.index()];
        n.num_succs = list.len() as u32;
        n.num_succ_edges = edges;
    }

    /// Replaces the predecessor list of `b` (distinct sources in layout
    /// order with their edge counts).
    pub(crate) fn set_preds(&mut self, b: Block, list: &[(Block, u32)]) {
        let node = self.nodes[b.index()];
        let start = if list.len() as u32 <= node.pred_cap {
            node.pred_start
        } else {
            self.garbage += node.pred_cap as usize;
            let s = self.preds.len() as u32;
            self.preds
                .resize(self.preds.len() + list.len(), Block::new(0));
            self.pred_edges
                .resize(self.pred_edges.len() + list.len(), 0);
            let n = &mut self.nodes[b.index()];
            n.pred_start = s;
            n.pred_cap = list.len() as u32;
            s
        } as usize;
        for (k, &(p, c)) in list.iter().enumerate() {
            self.preds[start + k] = p;
            self.pred_edges[start + k] = c;
        }
        let n = &mut self.nodes[b.index()];
        n.num_preds = list.len() as u32;
        n.num_pred_edges = list.iter().map(|x| x.1).sum();
    }

    /// The layout key of `b` (ordered as the layout), `b` in the layout.
    pub(crate) fn layout_key(&self, b: Block) -> u64 {
        self.layout.key(b.index() as u32).unwrap_or(0)
    }

    /// Moves the edge lists to fresh arrays when more than half of the
    /// slots are unused, so that updates never grow the graph beyond a
    /// constant factor of its size.
    pub(crate) fn compact_if_sparse(&mut self) {
        let used = self.succs.len() + self.preds.len();
        if 2 * self.garbage <= used + 1024 {
            return;
        }
        let mut succs = Vec::with_capacity(self.num_edges);
        let mut succ_edges = Vec::with_capacity(self.num_edges);
        let mut preds = Vec::with_capacity(self.num_edges);
        let mut pred_edges = Vec::with_capacity(self.num_edges);
        for n in &mut self.nodes {
            let (s, k) = (n.succ_start as usize, n.num_succs as usize);
            n.succ_start = succs.len() as u32;
            n.succ_cap = n.num_succs;
            succs.extend_from_slice(&self.succs[s..s + k]);
            succ_edges.extend_from_slice(&self.succ_edges[s..s + k]);
            let (s, k) = (n.pred_start as usize, n.num_preds as usize);
            n.pred_start = preds.len() as u32;
            n.pred_cap = n.num_preds;
            preds.extend_from_slice(&self.preds[s..s + k]);
            pred_edges.extend_from_slice(&self.pred_edges[s..s + k]);
        }
        self.succs = succs;
        self.succ_edges = succ_edges;
        self.preds = preds;
        self.pred_edges = pred_edges;
        self.garbage = 0;
    }
}

/// The successors of `b` in `func` as the graph lists them: distinct
/// targets in the layout (`in_layout`), in operand order of first
/// occurrence, with their edge counts.
pub(crate) fn scan_succs(
    func: &Function,
    b: Block,
    in_layout: impl Fn(Block) -> bool,
    out: &mut Vec<(Block, u32)>,
) {
    out.clear();
    let Some(term) = terminator_of(func, b) else {
        return;
    };
    let mut index: Option<rustc_hash::FxHashMap<Block, usize>> = None;
    for op in func.inst(term).operands() {
        let Operand::Block(t) = *op else { continue };
        if t.index() >= func.num_block_ids() || !in_layout(t) {
            continue;
        }
        let pos = match &index {
            Some(map) => map.get(&t).copied(),
            None => out.iter().position(|x| x.0 == t),
        };
        match pos {
            Some(p) => out[p].1 += 1,
            None => {
                if let Some(map) = &mut index {
                    map.insert(t, out.len());
                }
                out.push((t, 1));
                if index.is_none() && out.len() > 32 {
                    index = Some(out.iter().enumerate().map(|(k, x)| (x.0, k)).collect());
                }
            }
        }
    }
}

/// The first instruction of `b` that is neither a phi nor a debug record.
fn first_non_phi(func: &Function, b: Block) -> Option<Inst> {
    let mut cur = func.layout.first_inst(b);
    while let Some(i) = cur {
        if i.index() >= func.num_inst_ids() {
            return None;
        }
        let op = func.inst(i).opcode;
        if op != Opcode::Phi && !op.is_debug_record() {
            return Some(i);
        }
        cur = func.layout.next_inst(i);
    }
    None
}

/// Whether [`split_edge`] may split the edge `from -> to`: there is such an
/// edge, its terminator is not an `indirectbr` or `catchswitch` (their
/// targets cannot be redirected), `to` is not an indirect destination of a
/// `callbr`, and `to` does not begin with an EH pad (`landingpad`,
/// `catchpad`, `cleanuppad`, `catchswitch`), which must stay the target of
/// the unwind edge itself. These are the cases LLVM's `SplitCriticalEdge`
/// refuses.
pub fn can_split_edge(func: &Function, from: Block, to: Block) -> bool {
    let nb = func.num_block_ids();
    if from.index() >= nb || to.index() >= nb {
        return false;
    }
    if !func.layout.is_block_inserted(from) || !func.layout.is_block_inserted(to) {
        return false;
    }
    let Some(term) = terminator_of(func, from) else {
        return false;
    };
    let data = func.inst(term);
    let ops = data.operands();
    if !ops.contains(&Operand::Block(to)) {
        return false;
    }
    match data.opcode {
        Opcode::IndirectBr | Opcode::CatchSwitch => return false,
        Opcode::CallBr => {
            let Some(d) = call_value_operands(data) else {
                return false;
            };
            if ops
                .get(d + 1..)
                .is_some_and(|ind| ind.contains(&Operand::Block(to)))
            {
                return false;
            }
        }
        _ => {}
    }
    if let Some(first) = first_non_phi(func, to) {
        if matches!(
            func.inst(first).opcode,
            Opcode::LandingPad | Opcode::CatchPad | Opcode::CleanupPad | Opcode::CatchSwitch
        ) {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use loopwright_ir::{Module, TypeTable};

    fn br(to: Block) -> InstData {
        InstData::new(Opcode::Br, TypeTable::VOID, [Operand::Block(to)])
    }

    #[test]
    fn diamond_with_parallel_edges() {
        let mut m = Module::new();
        let fty = m
            .types
            .function(TypeTable::VOID, vec![TypeTable::I1, TypeTable::I32], false);
        let mut f = Function::new(Some("f".into()), fty, &m.types);
        let (c, x) = (f.params[0], f.params[1]);
        let b: Vec<Block> = (0..4).map(|_| f.make_block(None)).collect();
        for &bb in &b {
            f.layout.append_block(bb);
        }
        let one = m.consts.int(TypeTable::I32, 32, 1);
        let two = m.consts.int(TypeTable::I32, 32, 2);
        f.append(
            b[0],
            InstData::new(
                Opcode::Switch,
                TypeTable::VOID,
                [
                    Operand::Value(x),
                    Operand::Block(b[1]),
                    Operand::Const(one),
                    Operand::Block(b[2]),
                    Operand::Const(two),
                    Operand::Block(b[2]),
                ],
            ),
            None,
        );
        f.append(
            b[1],
            InstData::new(
                Opcode::Br,
                TypeTable::VOID,
                [
                    Operand::Value(c),
                    Operand::Block(b[3]),
                    Operand::Block(b[3]),
                ],
            ),
            None,
        );
        f.append(b[2], br(b[3]), None);
        f.append(b[3], InstData::new(Opcode::Ret, TypeTable::VOID, []), None);
        let cfg = ControlFlowGraph::compute(&f);
        assert_eq!(cfg.succs(b[0]), &[b[1], b[2]]);
        assert_eq!(cfg.succ_edge_counts(b[0]), &[1, 2]);
        assert_eq!(cfg.num_succ_edges(b[0]), 3);
        assert_eq!(cfg.preds(b[3]), &[b[1], b[2]]);
        assert_eq!(cfg.pred_edge_counts(b[3]), &[2, 1]);
        assert_eq!(cfg.num_edges_between(b[1], b[3]), 2);
        assert_eq!(cfg.num_edges_between(b[3], b[1]), 0);
        assert_eq!(cfg.num_edges(), 6);
        assert_eq!(cfg.rpo().collect::<Vec<_>>(), [b[0], b[2], b[1], b[3]]);
        assert!(cfg.is_critical_edge(b[1], b[3]));
        assert!(!cfg.is_critical_edge(b[2], b[3]));
        assert!(!cfg.is_critical_edge(b[0], b[1]));
        // Parallel edges from one block are not critical among themselves.
        assert!(!cfg.is_critical_edge(b[0], b[2]));
        assert!(!cfg.is_critical_edge(b[0], b[3]));
        assert_eq!(cfg.critical_edges(), vec![(b[1], b[3])]);
    }

    #[test]
    fn unreachable_and_dangling_targets() {
        let mut m = Module::new();
        let fty = m.types.function(TypeTable::VOID, vec![], false);
        let mut f = Function::new(None, fty, &m.types);
        let t = m.consts.int(TypeTable::I1, 1, 1);
        let b0 = f.make_block(None);
        let b1 = f.make_block(None);
        let outside = f.make_block(None);
        f.layout.append_block(b0);
        f.layout.append_block(b1);
        f.append(b0, InstData::new(Opcode::Ret, TypeTable::VOID, []), None);
        // b1 is unreachable and branches to a block outside the layout and
        // to an id that does not exist.
        f.append(
            b1,
            InstData::new(
                Opcode::Br,
                TypeTable::VOID,
                [
                    Operand::Const(t),
                    Operand::Block(outside),
                    Operand::Block(Block::new(1000)),
                ],
            ),
            None,
        );
        let cfg = ControlFlowGraph::compute(&f);
        assert_eq!(cfg.rpo().collect::<Vec<_>>(), [b0]);
        assert!(!cfg.is_reachable(b1));
        assert!(cfg.succs(b1).is_empty());
        assert!(cfg.preds(outside).is_empty());
        assert!(cfg.preds(Block::new(5000)).is_empty());
        assert!(!cfg.is_reachable(Block::new(5000)));
    }
}
