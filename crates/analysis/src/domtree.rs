//! Dominator and post-dominator trees.
//!
//! Both trees are computed with the Semi-NCA algorithm (Georgiadis' variant
//! of Lengauer–Tarjan, the one LLVM's `GenericDomTreeConstruction.h` uses):
//! a depth-first numbering, semidominators with path-compressed `eval`, then
//! immediate dominators as nearest common ancestors of the DFS parent and
//! the semidominator. O(E log V) in theory and near-linear in practice.
//!
//! After construction, every node of the tree gets a pre-order number and
//! the last pre-order number of its subtree, so `dominates(a, b)` is two
//! comparisons.
//!
//! Invariants and conventions:
//! - [`DominatorTree`]: the root is the entry block; the tree holds exactly
//!   the blocks reachable from the entry ([`ControlFlowGraph::rpo`]).
//!   Unreachable blocks are not in the tree and, as in LLVM, dominate
//!   nothing but are dominated by everything: `dominates(a, b)` is true
//!   whenever `b` is unreachable (even if `a` is unreachable too), and false
//!   when `a` is unreachable and `b` reachable.
//! - [`PostDominatorTree`]: computed on the reverse CFG below a virtual exit
//!   node, and holds every block of the layout. Its roots (the children of
//!   the virtual exit) are chosen as LLVM does: first every block without
//!   successors (`ret`, `unreachable`, `resume`, ... and blocks without a
//!   terminator), in layout order; then, for blocks that cannot reach such a
//!   block (infinite loops), in layout order the first block not yet
//!   covered starts a forward depth-first walk over uncovered blocks (taking
//!   successors in layout order, the last one first, as LLVM's `FindRoots`
//!   does), the last block that walk discovers becomes an extra root, and
//!   everything that reaches it backwards is covered. Finally an extra root
//!   from which another root is reachable is redundant and removed (swapped
//!   with the last root). So every block is in the tree, and in an infinite
//!   loop the root is the block "furthest along" some path through it.
//!   `tests/llvm_diff.rs` checks roots (in order) and immediate
//!   post-dominators against `opt-19 -passes='print<postdomtree>'` on
//!   random CFGs.
//! - Trees are snapshots: any change of the CFG makes them stale.
//!   Instruction-level queries take the function and read the layout at
//!   query time; [`InstOrder`] snapshots instruction positions for many
//!   queries.

use crate::cfg::{result_edge_dest, ControlFlowGraph};
use crate::order::GAP;
use cranelift_entity::{EntityRef, SecondaryMap};
use loopwright_ir::{Block, Function, Inst, Opcode, Operand, Value, ValueDef};

const NONE: u32 = u32::MAX;

/// Per node of the depth-first spanning tree, indexed by DFS number, while
/// Semi-NCA runs.
#[derive(Clone, Copy)]
struct DfsNode {
    /// The node (graph index) with this number.
    node: u32,
    /// Number of the DFS tree parent (`NONE` for the root); becomes the
    /// number of the immediate dominator.
    parent: u32,
    /// Semidominator number; later the subtree size in the dominator tree.
    semi: u32,
    /// Node of minimal semidominator on the compressed path; later the next
    /// free pre-order number for a child.
    label: u32,
    /// Compressed forest link.
    ancestor: u32,
    /// During the depth-first walk: the index of the next successor.
    next_succ: u32,
}

/// One node of a [`Tree`], indexed by graph node.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TreeNode {
    /// Parent; `NONE` for the root and nodes not in the tree.
    pub(crate) idom: u32,
    /// The node's key in tree pre-order, `KEY_NONE` when not in the tree.
    /// Keys are not positions: a subtree owns the key range `pre..=last`,
    /// which holds the ranges of its children, in order, after `pre`
    /// (a computed tree gives each node [`GAP`] keys).
    pub(crate) pre: u64,
    /// The last key of the node's range.
    pub(crate) last: u64,
    /// The children are `children[child_start..child_start + num_children]`
    /// (`child_cap` slots).
    child_start: u32,
    num_children: u32,
    child_cap: u32,
}

const KEY_NONE: u64 = u64::MAX;

const NOT_IN_TREE: TreeNode = TreeNode {
    idom: NONE,
    pre: KEY_NONE,
    last: KEY_NONE,
    child_start: 0,
    num_children: 0,
    child_cap: 0,
};

/// A tree over dense node indices `0..n`, of which one may be a virtual
/// root. The virtual node is never a child and not in the pre-order.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tree {
    pub(crate) nodes: Vec<TreeNode>,
    /// Children of all nodes, grouped by parent; each group in the order of
    /// the graph's depth-first walk. A group an update makes longer than
    /// its slots moves to the end.
    children: Vec<Block>,
    /// Slots of `children` no group uses any more.
    garbage: usize,
    /// The root and whether it is virtual (left out of the pre-order).
    root: u32,
    virt_root: bool,
    /// The number of nodes in the tree (the virtual root included).
    count: usize,
}

impl Tree {
    /// Computes the dominator tree of the graph with nodes `0..n` rooted at
    /// `root` with Semi-NCA. `succs(v)` are the successors of `v` (walked in
    /// order, depth first); `preds(v)` its predecessors, plus the optional
    /// extra one. Only nodes reachable from `root` are in the tree;
    /// children are kept in depth-first pre-order of the graph. When
    /// `virt_root` is set the root is virtual: left out of `preorder`.
    pub(crate) fn compute<'a>(
        n: usize,
        root: u32,
        virt_root: bool,
        succs: impl Fn(u32) -> &'a [Block],
        preds: impl Fn(u32) -> (&'a [Block], Option<u32>),
    ) -> Tree {
        let mut nodes = vec![NOT_IN_TREE; n];
        if root as usize >= n {
            return Tree::default();
        }
        // DFS numbers while the walk runs.
        let mut num = vec![NONE; n];

        // 1. Depth-first numbering (pre-order), as a recursive walk taking
        //    successors in order would, into `num`.
        let mut dfs: Vec<DfsNode> = Vec::with_capacity(n);
        // DFS numbers of the nodes on the current path.
        let mut stack: Vec<u32> = Vec::with_capacity(n);
        dfs.push(DfsNode {
            node: root,
            parent: NONE,
            semi: 0,
            label: 0,
            ancestor: NONE,
            next_succ: 0,
        });
        stack.push(0);
        num[root as usize] = 0;
        while let Some(&top) = stack.last() {
            let d = &mut dfs[top as usize];
            let i = d.next_succ;
            match succs(d.node).get(i as usize) {
                Some(s) => {
                    d.next_succ += 1;
                    let s = s.index();
                    if num[s] == NONE {
                        let k = dfs.len() as u32;
                        num[s] = k;
                        dfs.push(DfsNode {
                            node: s as u32,
                            parent: top,
                            semi: k,
                            label: k,
                            ancestor: top,
                            next_succ: 0,
                        });
                        stack.push(k);
                    }
                }
                None => {
                    stack.pop();
                }
            }
        }
        let count = dfs.len();

        // 2. Semidominators, in reverse pre-order. A node w' > w is
        //    "linked" (its edge to its DFS parent is in the forest) when w
        //    is processed. `eval` keeps its path in the (empty) stack.
        let mut path = stack;
        for w in (1..count).rev() {
            let w32 = w as u32;
            let mut s = dfs[w].semi;
            let (ps, extra) = preds(dfs[w].node);
            for pv in ps
                .iter()
                .map(|p| p.index())
                .chain(extra.map(|x| x as usize))
            {
                let v = num[pv];
                if v == NONE {
                    continue; // an unreachable predecessor
                }
                let u = eval(v, w32, &mut dfs, &mut path);
                s = s.min(dfs[u as usize].semi);
            }
            dfs[w].semi = s;
        }

        // 3. Immediate dominators: the nearest ancestor of the DFS parent
        //    whose number is at most the semidominator. Parents precede
        //    children, so `parent` of a smaller number is already final.
        for w in 1..count {
            let sd = dfs[w].semi;
            let mut c = dfs[w].parent;
            while c > sd {
                c = dfs[c as usize].parent;
            }
            dfs[w].parent = c;
        }

        // 4. The tree. Subtree sizes (in `semi`) bottom-up, children counts.
        for d in dfs.iter_mut() {
            d.semi = 1;
        }
        for w in (1..count).rev() {
            let p = dfs[w].parent as usize;
            dfs[p].semi += dfs[w].semi;
            nodes[dfs[p].node as usize].num_children += 1;
        }
        // Pre-order numbers top-down: the children of a node take
        // consecutive subtree ranges after it, in DFS order. Children lists
        // are laid out in DFS order of their parents. Number `k` owns the
        // keys `k * GAP..(k + 1) * GAP`.
        let mut children = vec![Block::new(0); count.saturating_sub(1)];
        let mut child_acc = 0u32;
        for w in 0..count {
            let d = dfs[w];
            let v = d.node as usize;
            let (pre, idom) = if w == 0 {
                (0, NONE)
            } else {
                let p = &mut dfs[d.parent as usize];
                let pre = p.label;
                p.label += d.semi;
                let pn = p.node;
                let pt = &mut nodes[pn as usize];
                children[(pt.child_start + pt.num_children) as usize] = Block::new(v);
                pt.num_children += 1;
                (pre, pn)
            };
            dfs[w].label = pre + 1;
            let t = &mut nodes[v];
            t.idom = idom;
            t.pre = u64::from(pre) * GAP;
            t.last = u64::from(pre + d.semi) * GAP - 1;
            t.child_start = child_acc;
            t.child_cap = t.num_children;
            child_acc += t.num_children;
            t.num_children = 0;
        }
        Tree {
            nodes,
            children,
            garbage: 0,
            root,
            virt_root,
            count,
        }
    }

    pub(crate) fn in_tree(&self, v: usize) -> bool {
        self.nodes.get(v).is_some_and(|t| t.pre != KEY_NONE)
    }

    /// The nodes in pre-order (children in order; the virtual root left
    /// out).
    fn preorder(&self) -> TreePreorder<'_> {
        let mut stack = Vec::new();
        if self.count > 0 {
            if self.virt_root {
                stack.extend(self.children(self.root as usize).iter().rev().copied());
            } else {
                stack.push(Block::new(self.root as usize));
            }
        }
        TreePreorder { tree: self, stack }
    }

    /// The number of nodes in the pre-order.
    fn preorder_len(&self) -> usize {
        self.count - usize::from(self.virt_root && self.count > 0)
    }

    /// Replaces the children of `v` (which is in the tree).
    pub(crate) fn set_children(&mut self, v: usize, kids: &[Block]) {
        let t = self.nodes[v];
        let start = if kids.len() as u32 <= t.child_cap {
            t.child_start as usize
        } else {
            self.garbage += t.child_cap as usize;
            let s = self.children.len();
            self.children.extend_from_slice(kids);
            let t = &mut self.nodes[v];
            t.child_start = s as u32;
            t.child_cap = kids.len() as u32;
            s
        };
        self.children[start..start + kids.len()].copy_from_slice(kids);
        self.nodes[v].num_children = kids.len() as u32;
    }

    /// Takes `v` out of the tree (its children list is dropped).
    pub(crate) fn remove_node(&mut self, v: usize) {
        if self.in_tree(v) {
            self.count -= 1;
            self.garbage += self.nodes[v].child_cap as usize;
        }
        self.nodes[v] = NOT_IN_TREE;
    }

    /// Makes room for nodes `0..n`.
    pub(crate) fn grow(&mut self, n: usize) {
        if n > self.nodes.len() {
            self.nodes.resize(n, NOT_IN_TREE);
        }
    }

    /// Counts `k` nodes the caller put into the tree.
    pub(crate) fn add_count(&mut self, k: usize) {
        self.count += k;
    }

    /// Moves the children lists to a fresh array when more than half of it
    /// is unused.
    pub(crate) fn compact_if_sparse(&mut self) {
        if 2 * self.garbage <= self.children.len() + 1024 {
            return;
        }
        let mut children = Vec::with_capacity(self.children.len() - self.garbage);
        for t in &mut self.nodes {
            let (s, k) = (t.child_start as usize, t.num_children as usize);
            t.child_start = children.len() as u32;
            t.child_cap = t.num_children;
            children.extend_from_slice(&self.children[s..s + k]);
        }
        self.children = children;
        self.garbage = 0;
    }

    /// Whether `a` is an ancestor of (or equal to) `b`; both in the tree.
    fn is_ancestor(&self, a: usize, b: usize) -> bool {
        let (a, b) = (&self.nodes[a], &self.nodes[b]);
        a.pre <= b.pre && b.pre <= a.last
    }

    pub(crate) fn children(&self, v: usize) -> &[Block] {
        match self.nodes.get(v) {
            Some(t) => {
                let start = t.child_start as usize;
                &self.children[start..start + t.num_children as usize]
            }
            None => &[],
        }
    }

    fn parent(&self, v: usize) -> Option<u32> {
        self.nodes.get(v).map(|t| t.idom).filter(|&p| p != NONE)
    }

    /// The number of ancestors of `v` (not stored: an update moves whole
    /// subtrees). O(depth).
    fn depth(&self, v: usize) -> u32 {
        let mut d = 0;
        let mut x = self.nodes[v].idom;
        while x != NONE {
            d += 1;
            x = self.nodes[x as usize].idom;
        }
        d
    }

    /// The key range of the node's subtree.
    fn interval(&self, v: usize) -> (u64, u64) {
        (self.nodes[v].pre, self.nodes[v].last)
    }

    /// Nearest common ancestor of two nodes in the tree: the first
    /// ancestor of `a` whose key range holds `b`. O(depth).
    fn nca(&self, mut a: usize, b: usize) -> usize {
        let n = &self.nodes;
        while !(n[a].pre <= n[b].pre && n[b].pre <= n[a].last) {
            a = n[a].idom as usize;
        }
        a
    }

    /// Numbers the whole tree afresh: pre-order keys [`GAP`] apart, each
    /// node owning the keys of its subtree. O(nodes).
    pub(crate) fn renumber(&mut self) {
        if self.count == 0 {
            return;
        }
        // Subtree sizes bottom-up (post-order), then keys top-down.
        let mut order: Vec<u32> = Vec::with_capacity(self.count);
        let mut stack: Vec<u32> = vec![self.root];
        while let Some(v) = stack.pop() {
            order.push(v);
            stack.extend(self.children(v as usize).iter().map(|c| c.index() as u32));
        }
        let mut size = vec![0u64; self.nodes.len()];
        for &v in order.iter().rev() {
            size[v as usize] = 1 + self
                .children(v as usize)
                .iter()
                .map(|c| size[c.index()])
                .sum::<u64>();
        }
        let mut stack: Vec<(u32, u64)> = vec![(self.root, 0)];
        while let Some((v, k)) = stack.pop() {
            let s = size[v as usize];
            let node = &mut self.nodes[v as usize];
            node.pre = k * GAP;
            node.last = (k + s) * GAP - 1;
            let mut next = k + 1;
            let kids: Vec<u32> = self
                .children(v as usize)
                .iter()
                .map(|c| c.index() as u32)
                .collect();
            for c in kids {
                stack.push((c, next));
                next += size[c as usize];
            }
        }
    }
}

/// The nodes of a [`Tree`] in pre-order.
pub struct TreePreorder<'a> {
    tree: &'a Tree,
    stack: Vec<Block>,
}

impl Iterator for TreePreorder<'_> {
    type Item = Block;
    fn next(&mut self) -> Option<Block> {
        let b = self.stack.pop()?;
        self.stack
            .extend(self.tree.children(b.index()).iter().rev().copied());
        Some(b)
    }
}

/// Path-compressing evaluation: the number of the node of minimal
/// semidominator on the forest path from `v` up to (excluding) the root of
/// its forest tree. Nodes numbered above `w` are linked.
fn eval(v: u32, w: u32, dfs: &mut [DfsNode], path: &mut Vec<u32>) -> u32 {
    let a = dfs[v as usize].ancestor;
    if a == NONE || a <= w {
        return dfs[v as usize].label;
    }
    // Collect the linked nodes whose ancestor is itself linked.
    path.clear();
    let mut x = v;
    loop {
        path.push(x);
        x = dfs[x as usize].ancestor;
        let ax = dfs[x as usize].ancestor;
        if ax == NONE || ax <= w {
            break;
        }
    }
    // `x` is the topmost linked node; compress everything below it to point
    // at the forest root and carry the best label down.
    let top_anc = dfs[x as usize].ancestor;
    let mut best = dfs[x as usize].label;
    while let Some(y) = path.pop() {
        let ly = dfs[y as usize].label;
        let best_semi = dfs[best as usize].semi;
        dfs[y as usize].ancestor = top_anc;
        if best_semi < dfs[ly as usize].semi {
            dfs[y as usize].label = best;
        } else {
            best = ly;
        }
    }
    dfs[v as usize].label
}

/// A snapshot of instruction positions within their blocks, for O(1)
/// same-block order queries. Stale after any instruction is inserted or
/// moved.
#[derive(Clone, Debug, Default)]
pub struct InstOrder {
    pos: SecondaryMap<Inst, u32>,
}

impl InstOrder {
    /// Numbers the instructions of every block of the layout. O(insts).
    pub fn compute(func: &Function) -> Self {
        let ni = func.num_inst_ids();
        let mut pos = SecondaryMap::with_default(u32::MAX);
        pos.resize(ni);
        for b in crate::cfg::layout_blocks(func) {
            let mut cur = func.layout.first_inst(b);
            let mut k = 0u32;
            while let Some(i) = cur {
                if i.index() >= ni || pos[i] != u32::MAX {
                    break;
                }
                pos[i] = k;
                k += 1;
                cur = func.layout.next_inst(i);
            }
        }
        InstOrder { pos }
    }

    pub(crate) fn from_positions(pos: SecondaryMap<Inst, u32>) -> Self {
        InstOrder { pos }
    }

    /// The 0-based position of `inst` in its block (`u32::MAX` if it was not
    /// in the layout).
    pub fn position(&self, inst: Inst) -> u32 {
        self.pos[inst]
    }

    /// Whether `a` comes strictly before `b`; meaningful for two instructions
    /// of the same block.
    pub fn comes_before(&self, a: Inst, b: Inst) -> bool {
        self.pos[a] < self.pos[b]
    }
}

/// Whether `a` comes strictly before `b` in their (common) block, by walking
/// the layout from both at once: O(distance).
fn walk_comes_before(func: &Function, a: Inst, b: Inst) -> bool {
    if a == b {
        return false;
    }
    let (mut x, mut y) = (Some(a), Some(b));
    loop {
        x = x.and_then(|i| func.layout.next_inst(i));
        y = y.and_then(|i| func.layout.next_inst(i));
        if x == Some(b) {
            return true;
        }
        if y == Some(a) {
            return false;
        }
        match (x, y) {
            (None, _) => return false, // `a` reached the end first: b is before a
            (_, None) => return true,
            _ => {}
        }
    }
}

/// The dominator tree of the blocks reachable from the entry. See the
/// module docs for the conventions on unreachable blocks.
#[derive(Clone, Debug, Default)]
pub struct DominatorTree {
    pub(crate) tree: Tree,
    entry: Option<Block>,
    /// Per block: number of incoming edges, and (when there are several)
    /// number of those that come from blocks the target dominates (for
    /// edge-dominance queries).
    pred_edges: Vec<(u32, u32)>,
}

impl DominatorTree {
    /// Computes the tree for a freshly computed `cfg`.
    pub fn compute(cfg: &ControlFlowGraph) -> Self {
        let n = cfg.num_block_ids();
        let Some(entry) = cfg.entry() else {
            return DominatorTree::default();
        };
        let root = entry.index() as u32;
        let tree = Tree::compute(
            n,
            root,
            false,
            |v| cfg.succs(Block::new(v as usize)),
            |v| (cfg.preds(Block::new(v as usize)), None),
        );
        let mut dt = DominatorTree {
            tree,
            entry: Some(entry),
            pred_edges: vec![(0, 0); n],
        };
        for b in cfg.blocks() {
            dt.count_pred_edges(cfg, b);
        }
        dt
    }

    /// Sets the incoming edge counts of `b` (`pred_edges`).
    fn count_pred_edges(&mut self, cfg: &ControlFlowGraph, b: Block) {
        let total = cfg.num_pred_edges(b);
        // The dominated count is only read for blocks with several
        // incoming edges (see `edge_dominates`).
        let mut dominated = 0;
        if total > 1 {
            for (&p, &k) in cfg.preds(b).iter().zip(cfg.pred_edge_counts(b)) {
                if self.dominates(b, p) {
                    dominated += k;
                }
            }
        }
        if let Some(e) = self.pred_edges.get_mut(b.index()) {
            *e = (total, dominated);
        }
    }

    /// Counts the incoming edges of `blocks` again (after an update of
    /// the tree that changed their edges or dominators).
    pub(crate) fn set_pred_edges(&mut self, cfg: &ControlFlowGraph, blocks: &[Block]) {
        if self.pred_edges.len() < cfg.num_block_ids() {
            self.pred_edges.resize(cfg.num_block_ids(), (0, 0));
        }
        for &b in blocks {
            self.count_pred_edges(cfg, b);
        }
    }

    /// The root (entry block), `None` for a function without body.
    pub fn root(&self) -> Option<Block> {
        self.entry
    }

    /// Whether `b` is in the tree, i.e. reachable from the entry.
    pub fn is_reachable(&self, b: Block) -> bool {
        self.tree.in_tree(b.index())
    }

    /// The immediate dominator of `b`; `None` for the entry and for
    /// unreachable blocks.
    pub fn idom(&self, b: Block) -> Option<Block> {
        self.tree.parent(b.index()).map(|p| Block::new(p as usize))
    }

    /// Whether `a` dominates `b` (reflexive). True whenever `b` is
    /// unreachable; false when `a` is unreachable and `b` is not. O(1).
    pub fn dominates(&self, a: Block, b: Block) -> bool {
        if a == b || !self.is_reachable(b) {
            return true;
        }
        if !self.is_reachable(a) {
            return false;
        }
        self.tree.is_ancestor(a.index(), b.index())
    }

    /// Whether `a` dominates `b` and `a != b`.
    pub fn properly_dominates(&self, a: Block, b: Block) -> bool {
        a != b && self.dominates(a, b)
    }

    /// The children of `b` in the tree (empty for unreachable blocks), in
    /// the depth-first order of the CFG.
    pub fn children(&self, b: Block) -> &[Block] {
        if !self.is_reachable(b) {
            return &[];
        }
        self.tree.children(b.index())
    }

    /// The reachable blocks in depth-first pre-order of the tree (parents
    /// before children, starting at the entry).
    pub fn preorder(&self) -> TreePreorder<'_> {
        self.tree.preorder()
    }

    /// The number of blocks in the tree (the reachable ones).
    pub fn len(&self) -> usize {
        self.tree.preorder_len()
    }

    /// Whether the tree is empty (a function without body).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Checks the tree's own consistency (for tests and updated trees):
    /// each child's key range lies inside its parent's, after the parent's
    /// key and after the previous child's range; the parent links and
    /// children lists agree.
    pub fn check(&self) -> Result<(), String> {
        let mut count = 0;
        for b in self.preorder() {
            count += 1;
            let (pre, last) = self.tree.interval(b.index());
            if pre > last {
                return Err(format!("{b}: empty key range"));
            }
            let mut low = pre;
            for &c in self.children(b) {
                let (cp, cl) = self.tree.interval(c.index());
                if cp <= low || cl > last || cp > cl {
                    return Err(format!("{c}: key range outside its parent {b}'s"));
                }
                low = cl;
                if self.idom(c) != Some(b) {
                    return Err(format!("{c}: listed under {b}, parent {:?}", self.idom(c)));
                }
            }
        }
        if count != self.len() {
            return Err(format!(
                "{count} nodes in pre-order, {} counted",
                self.len()
            ));
        }
        Ok(())
    }

    /// The depth of `b` in the tree (0 for the entry), `None` if
    /// unreachable. O(depth).
    pub fn depth(&self, b: Block) -> Option<u32> {
        self.is_reachable(b).then(|| self.tree.depth(b.index()))
    }

    /// The key of `b` in the tree's pre-order and the last key of the range
    /// its subtree owns: `a` dominates `b` iff `pre(a) <= pre(b) <=
    /// last(a)`. Keys increase along the pre-order but are not positions.
    pub fn dfs_numbers(&self, b: Block) -> Option<(u64, u64)> {
        self.is_reachable(b).then(|| self.tree.interval(b.index()))
    }

    /// The nearest block dominating both `a` and `b`; `None` if either is
    /// unreachable. O(depth).
    pub fn nearest_common_dominator(&self, a: Block, b: Block) -> Option<Block> {
        if !self.is_reachable(a) || !self.is_reachable(b) {
            return None;
        }
        Some(Block::new(self.tree.nca(a.index(), b.index())))
    }

    /// Whether the edge `from -> to` dominates block `b`: every path from the
    /// entry to `b` goes through this edge (LLVM's `dominates(BasicBlockEdge,
    /// BasicBlock)`). False if there are several parallel edges `from ->
    /// to`. Needs `func` to count the parallel edges; the tree must be
    /// current.
    pub fn edge_dominates(&self, func: &Function, from: Block, to: Block, b: Block) -> bool {
        if !self.dominates(to, b) {
            return false;
        }
        let ti = to.index();
        let (total, dominated) = self.pred_edges.get(ti).copied().unwrap_or((0, 0));
        if total <= 1 {
            // A single incoming edge (which must be this one), or a query
            // about an edge the tree does not know.
            return total == 1;
        }
        let k = crate::cfg::terminator_of(func, from).map_or(0, |t| {
            func.inst(t)
                .operands()
                .iter()
                .filter(|&&o| o == Operand::Block(to))
                .count() as u32
        });
        if k != 1 {
            return false;
        }
        // Every other incoming edge must come from a block `to` dominates.
        let from_dominated = if self.dominates(to, from) { 1 } else { 0 };
        let dominated_others = dominated.saturating_sub(from_dominated);
        dominated_others == total - 1
    }

    /// Instruction dominance (reflexive): `a == b`, or `a` is in a block that
    /// properly dominates `b`'s block, or both are in one block and `a`
    /// comes first. The block rules for unreachable code apply. False if
    /// either instruction is not in the layout. Same-block order is found by
    /// walking the layout (O(distance)); see [`Self::dominates_inst_with`].
    pub fn dominates_inst(&self, func: &Function, a: Inst, b: Inst) -> bool {
        self.dominates_inst_impl(func, a, b, |x, y| walk_comes_before(func, x, y))
    }

    /// [`Self::dominates_inst`] with positions from a snapshot.
    pub fn dominates_inst_with(
        &self,
        func: &Function,
        order: &InstOrder,
        a: Inst,
        b: Inst,
    ) -> bool {
        self.dominates_inst_impl(func, a, b, |x, y| order.comes_before(x, y))
    }

    fn dominates_inst_impl(
        &self,
        func: &Function,
        a: Inst,
        b: Inst,
        before: impl Fn(Inst, Inst) -> bool,
    ) -> bool {
        let (Some(ba), Some(bb)) = (func.layout.inst_block(a), func.layout.inst_block(b)) else {
            return false;
        };
        if a == b {
            return true;
        }
        if ba != bb {
            return self.dominates(ba, bb);
        }
        !self.is_reachable(bb) || before(a, b)
    }

    /// Whether the definition of `value` dominates its use as operand
    /// `operand_index` of `user`, with LLVM's rules (`DominatorTree::
    /// dominates(const Value *, const Use &)`):
    /// - arguments dominate every use; an unbound placeholder none;
    /// - a use in a phi happens at the end of the incoming block (the block
    ///   operand following the value);
    /// - a use in an unreachable block (or on an edge from one) is dominated
    ///   by anything, even by the user itself;
    /// - a definition in an unreachable block dominates no reachable use;
    /// - the result of `invoke` is defined on the edge to its normal
    ///   destination (a `callbr` result, like any terminator's, is available
    ///   in every successor, as in LLVM 16 and later);
    /// - otherwise block dominance, or layout order within one block; an
    ///   instruction never dominates its own non-phi use.
    ///
    /// Returns false for arguments that do not fit (user not in the layout,
    /// index out of range, phi entry without a block).
    pub fn def_dominates_use(
        &self,
        func: &Function,
        value: Value,
        user: Inst,
        operand_index: usize,
    ) -> bool {
        self.def_dominates_use_impl(func, value, user, operand_index, |x, y| {
            walk_comes_before(func, x, y)
        })
    }

    /// [`Self::def_dominates_use`] with positions from a snapshot: O(1).
    pub fn def_dominates_use_with(
        &self,
        func: &Function,
        order: &InstOrder,
        value: Value,
        user: Inst,
        operand_index: usize,
    ) -> bool {
        self.def_dominates_use_impl(func, value, user, operand_index, |x, y| {
            order.comes_before(x, y)
        })
    }

    fn def_dominates_use_impl(
        &self,
        func: &Function,
        value: Value,
        user: Inst,
        operand_index: usize,
        before: impl Fn(Inst, Inst) -> bool,
    ) -> bool {
        if value.index() >= func.num_value_ids() || user.index() >= func.num_inst_ids() {
            return false;
        }
        let def = match func.value_def(value) {
            ValueDef::Param(_) => return true,
            ValueDef::Placeholder => return false,
            ValueDef::Result(i) => i,
        };
        let Some(user_bb) = func.layout.inst_block(user) else {
            return false;
        };
        let udata = func.inst(user);
        let is_phi = udata.opcode == Opcode::Phi;
        let use_bb = if is_phi {
            if operand_index % 2 == 1 {
                return false;
            }
            match udata
                .operands()
                .get(operand_index + 1)
                .and_then(|o| o.as_block())
            {
                Some(b) => b,
                None => return false,
            }
        } else {
            if operand_index >= udata.operands().len() {
                return false;
            }
            user_bb
        };
        if !self.is_reachable(use_bb) {
            return true;
        }
        if def.index() >= func.num_inst_ids() {
            return false;
        }
        let Some(def_bb) = func.layout.inst_block(def) else {
            return false;
        };
        if !self.is_reachable(def_bb) {
            return false;
        }
        let ddata = func.inst(def);
        if ddata.opcode == Opcode::Invoke {
            let Some(dest) = result_edge_dest(ddata) else {
                return false;
            };
            if is_phi && user_bb == dest && use_bb == def_bb {
                return true;
            }
            return self.edge_dominates(func, def_bb, dest, use_bb);
        }
        if def_bb != use_bb {
            return self.dominates(def_bb, use_bb);
        }
        if is_phi {
            return true;
        }
        before(def, user)
    }
}

/// The post-dominator tree over all blocks of the layout, below a virtual
/// exit. See the module docs for how its roots are chosen.
#[derive(Clone, Debug, Default)]
pub struct PostDominatorTree {
    tree: Tree,
    /// The children of the virtual exit.
    roots: Vec<Block>,
    /// The virtual exit's index (the block arena size).
    virt: usize,
}

impl PostDominatorTree {
    /// Computes the tree for a freshly computed `cfg`.
    pub fn compute(cfg: &ControlFlowGraph) -> Self {
        let n = cfg.num_block_ids();
        if cfg.num_blocks() == 0 {
            return PostDominatorTree {
                virt: n,
                ..Default::default()
            };
        }
        let roots = find_post_dom_roots(cfg);
        let mut is_root = vec![false; n];
        for &r in &roots {
            is_root[r.index()] = true;
        }
        let virt = n as u32;
        // The reverse graph: successors are CFG predecessors.
        let succ = |v: u32| {
            if v == virt {
                &roots[..]
            } else {
                cfg.preds(Block::new(v as usize))
            }
        };
        let pred = |v: u32| {
            if v == virt {
                (&[][..], None)
            } else {
                let extra = is_root[v as usize].then_some(virt);
                (cfg.succs(Block::new(v as usize)), extra)
            }
        };
        let tree = Tree::compute(n + 1, virt, true, succ, pred);
        PostDominatorTree {
            tree,
            roots,
            virt: n,
        }
    }

    /// The children of the virtual exit, in the order they were chosen.
    pub fn roots(&self) -> &[Block] {
        &self.roots
    }

    /// Whether `b` is in the tree (every block of the layout is).
    pub fn contains(&self, b: Block) -> bool {
        b.index() < self.virt && self.tree.in_tree(b.index())
    }

    /// The immediate post-dominator of `b`; `None` for roots (whose parent
    /// is the virtual exit) and blocks not in the tree.
    pub fn ipdom(&self, b: Block) -> Option<Block> {
        if !self.contains(b) {
            return None;
        }
        self.tree
            .parent(b.index())
            .filter(|&p| p as usize != self.virt)
            .map(|p| Block::new(p as usize))
    }

    /// Whether `a` post-dominates `b` (reflexive). Blocks not in the tree
    /// post-dominate nothing and are post-dominated by nothing but
    /// themselves.
    pub fn post_dominates(&self, a: Block, b: Block) -> bool {
        if a == b {
            return true;
        }
        self.contains(a) && self.contains(b) && self.tree.is_ancestor(a.index(), b.index())
    }

    /// Whether `a` post-dominates `b` and `a != b`.
    pub fn properly_post_dominates(&self, a: Block, b: Block) -> bool {
        a != b && self.post_dominates(a, b)
    }

    /// The children of `b` in the tree.
    pub fn children(&self, b: Block) -> &[Block] {
        if !self.contains(b) {
            return &[];
        }
        self.tree.children(b.index())
    }

    /// The blocks in depth-first pre-order of the tree (roots' subtrees in
    /// root order).
    pub fn preorder(&self) -> TreePreorder<'_> {
        self.tree.preorder()
    }

    /// The number of blocks in the tree.
    pub fn len(&self) -> usize {
        self.tree.preorder_len()
    }

    /// Whether the tree is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Depth below the virtual exit (roots have depth 1). O(depth).
    pub fn depth(&self, b: Block) -> Option<u32> {
        self.contains(b).then(|| self.tree.depth(b.index()))
    }

    /// The nearest common post-dominator of `a` and `b`; `None` when it is
    /// the virtual exit or a block is not in the tree.
    pub fn nearest_common_post_dominator(&self, a: Block, b: Block) -> Option<Block> {
        if !self.contains(a) || !self.contains(b) {
            return None;
        }
        let c = self.tree.nca(a.index(), b.index());
        (c != self.virt).then(|| Block::new(c))
    }
}

/// Chooses the post-dominator tree roots as described in the module docs.
fn find_post_dom_roots(cfg: &ControlFlowGraph) -> Vec<Block> {
    let n = cfg.num_block_ids();
    let mut covered = vec![false; n];
    let mut roots = Vec::new();
    let mut stack = Vec::new();
    // Marks everything that reaches `r` backwards and is not yet covered.
    let cover = |r: Block, covered: &mut Vec<bool>, stack: &mut Vec<Block>| {
        covered[r.index()] = true;
        stack.push(r);
        while let Some(v) = stack.pop() {
            for &p in cfg.preds(v) {
                if !covered[p.index()] {
                    covered[p.index()] = true;
                    stack.push(p);
                }
            }
        }
    };
    for b in cfg.blocks() {
        if cfg.num_succ_edges(b) == 0 {
            roots.push(b);
            cover(b, &mut covered, &mut stack);
        }
    }
    let num_trivial = roots.len();
    if roots.len() < cfg.num_blocks() {
        // Layout positions: like LLVM, the forward walks explore successors
        // in layout order, highest position first.
        let mut layout_pos = vec![0u32; n];
        for (k, b) in cfg.blocks().enumerate() {
            layout_pos[b.index()] = k as u32;
        }
        // Forward walks over uncovered blocks; `stamp` marks blocks visited
        // by the current walk.
        let mut stamp = vec![0u32; n];
        let mut walk = 0u32;
        let mut succs: Vec<Block> = Vec::new();
        for b in cfg.blocks() {
            if covered[b.index()] {
                continue;
            }
            walk += 1;
            let mut furthest = b;
            stack.clear();
            stack.push(b);
            while let Some(v) = stack.pop() {
                if stamp[v.index()] == walk {
                    continue;
                }
                stamp[v.index()] = walk;
                furthest = v;
                succs.clear();
                succs.extend(
                    cfg.succs(v)
                        .iter()
                        .copied()
                        .filter(|s| !covered[s.index()] && stamp[s.index()] != walk),
                );
                succs.sort_unstable_by_key(|s| layout_pos[s.index()]);
                stack.extend_from_slice(&succs);
            }
            roots.push(furthest);
            cover(furthest, &mut covered, &mut stack);
        }
        // Remove redundant extra roots: those from which another root is
        // reachable (swapped with the last root, as LLVM does).
        let mut is_root = vec![false; n];
        for &r in &roots {
            is_root[r.index()] = true;
        }
        let mut i = num_trivial;
        while i < roots.len() {
            let r = roots[i];
            walk += 1;
            let mut redundant = false;
            stack.clear();
            stamp[r.index()] = walk;
            stack.push(r);
            'dfs: while let Some(v) = stack.pop() {
                for &s in cfg.succs(v) {
                    if s != r && is_root[s.index()] {
                        redundant = true;
                        break 'dfs;
                    }
                    if stamp[s.index()] != walk {
                        stamp[s.index()] = walk;
                        stack.push(s);
                    }
                }
            }
            if redundant {
                is_root[r.index()] = false;
                roots.swap_remove(i);
            } else {
                i += 1;
            }
        }
    }
    roots
}
