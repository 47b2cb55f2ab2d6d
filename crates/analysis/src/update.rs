//! Keeping a function's control-flow graph, dominator tree and loop forest
//! valid across an edit confined to one part of the function, without
//! computing them again for the whole function.
//!
//! The part is a *region*: a root block and blocks it dominates, closed
//! upwards in the dominator tree (with each block its immediate dominator,
//! up to the root), plus the blocks the edit creates. For loop rotation
//! the root is the loop's preheader and the region the loop. The edit may
//! change the terminators of region blocks, create, remove and move region
//! blocks, and must leave the rest alone. The dominator subtrees that hang
//! off the region (the subtrees of the region's children that are not in
//! it: a loop's exits and what they dominate) are *opaque*: they may get
//! new edges from the region into their roots, and so new immediate
//! dominators for their roots, but keep everything inside. Beyond that:
//! no edge from outside enters the region other than at the root, the root
//! keeps its predecessors from outside and its place, it heads a loop
//! after the edit exactly when it did before (its loop, reaching beyond the
//! region, is treated as one around it), no block is added to or taken out
//! of the layout outside the region, and the edges from the region to
//! blocks the root does not dominate stay as they were.
//!
//! Under these conditions only the region's part of each analysis, and
//! the places of the opaque subtrees, can change:
//! - the dominators of blocks outside the root's subtree do not change
//!   (every path into the subtree passes the root). Inside it, the region
//!   and the opaque subtrees, each collapsed into its root, form a graph
//!   whose dominator tree (Semi-NCA on it) gives the region's immediate
//!   dominators and the opaque roots' (which must be region blocks);
//! - the depth-first walk from the entry visits the region during the
//!   root's visit, region blocks only from region blocks, and leaves the
//!   region into *runs* (subtrees of the walk outside the region) that do
//!   not come back. If the region's new walk starts the same runs in the
//!   same order, every other block keeps its place in the walk, and only
//!   the region's events move;
//! - loops headed in the region below the root lie inside it. Loops
//!   headed elsewhere that contain region blocks contain the root (they
//!   are the root's loop and its ancestors), and a region block belongs to
//!   such a loop exactly when it reaches, through the region, an edge into
//!   that loop (or to the root, when the root heads it). The opaque
//!   subtrees' loops and memberships do not change. The region's loops
//!   are found afresh; one headed by the block that headed an old one
//!   continues it (its parent may change), the others are new (the copies
//!   unrolling and peeling make) and old ones left over are removed (a
//!   fully unrolled loop): their slots stay in the forest, marked dead
//!   (loop ids, and the order of `LoopForest::loops`, are then not those
//!   of a computed forest, nor always when loops keep their ids but their
//!   headers change places in the dominator tree).
//!   Loops may come and go only when the root heads no loop (blocks of
//!   the opaque subtrees may reach such a root through the region only).
//!
//! [`begin`] records what the edit must preserve, [`sync_cfg`] brings the
//! graph's region up to date (it may be called between edits, when the
//! edit needs the graph; the tree and the forest are then stale until the
//! end), and [`finish`] updates all three. Whatever [`finish`] cannot show
//! to be confined to the region (a run started in another order, an edge
//! into the region other than at its root, an edge out of it changed, an
//! opaque root dominated from inside another opaque subtree, a region
//! block left unreachable, irreducible control flow, loops created or
//! removed under a root that heads a loop, a region entered below its
//! root before the edit) makes it give up and say why
//! ([`Finished::GaveUp`]): the caller then computes the analyses afresh.
//! Two conditions are the caller's to keep, as `finish` cannot see them
//! without looking at the whole function: blocks outside the region keep
//! their terminators and their places (a region block's neighbours
//! excepted). Debug builds of the transformations check the result
//! against recomputed analyses, which would show a breach. Updated analyses equal recomputed ones, orders
//! included: the layout and depth-first orders are order-maintenance lists
//! ([`crate::order`]); the dominator tree's keys leave room
//! ([`crate::order::GAP`] per node), so region blocks get keys between the
//! opaque subtrees', which keep theirs (the tree is renumbered when there
//! is no room), and the tree stores no depths.
//!
//! Cost: O(region, with the edges into the opaque roots, + the sizes of the
//! loops containing the root), instead of O(function) for recomputing.

use crate::cfg::{enter_item, exit_item, item_block, scan_succs, ControlFlowGraph};
use crate::domtree::{DominatorTree, Tree};
use crate::loops::{Loop, LoopData, LoopForest};
use cranelift_entity::EntityRef;
use loopwright_ir::{Block, Function};
use rustc_hash::{FxHashMap, FxHashSet};

const NONE: u32 = u32::MAX;

/// Per-block marks kept between edits (so that an edit costs nothing per
/// block of the function): a slot holds a value while its stamp is the
/// current one.
#[derive(Clone, Debug, Default)]
pub struct Marks {
    stamp: Vec<u32>,
    val: Vec<u32>,
    now: u32,
}

impl Marks {
    /// Forgets every mark.
    fn clear(&mut self) {
        self.now = self.now.wrapping_add(1);
        if self.now == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.now = 1;
        }
    }

    fn get(&self, b: Block) -> Option<u32> {
        let i = b.index();
        (self.stamp.get(i) == Some(&self.now)).then(|| self.val[i])
    }

    fn set(&mut self, b: Block, v: u32) {
        let i = b.index();
        if i >= self.stamp.len() {
            let n = (i + 1).max(2 * self.stamp.len());
            self.stamp.resize(n, 0);
            self.val.resize(n, 0);
        }
        self.stamp[i] = self.now;
        self.val[i] = v;
    }
}

/// The region's blocks, with a dense index each.
#[derive(Clone, Debug, Default)]
struct Members {
    list: Vec<Block>,
    index: Marks,
}

impl Members {
    fn contains(&self, b: &Block) -> bool {
        self.index.get(*b).is_some()
    }

    /// Adds `b`; whether it is new.
    fn insert(&mut self, b: Block) -> bool {
        if self.contains(&b) {
            return false;
        }
        self.index.set(b, self.list.len() as u32);
        self.list.push(b);
        true
    }
}

/// What an edit of a region must preserve, recorded before it.
#[derive(Clone, Debug)]
pub struct RegionEdit {
    root: Block,
    /// The region's blocks: the root and the given blocks with their
    /// dominators below the root, and blocks created by the edit (found by
    /// [`sync_cfg`]).
    members: Members,
    /// The region before the edit.
    old_members: Vec<Block>,
    /// The opaque subtrees: their roots' (old) key ranges and roots, by
    /// key.
    opaque: Vec<(u64, u64, Block)>,
    /// The root's (old) key range.
    range: (u64, u64),
    /// The runs of the depth-first walk, in order: blocks outside the
    /// region whose walk parent is a region block.
    runs: Vec<Block>,
    /// The edges from the region to each block outside the root's subtree.
    out_edges: FxHashMap<Block, u32>,
    /// Whether each member (by index) was reachable from the root at the
    /// last [`sync_cfg`].
    reached: Vec<bool>,
    /// Set when the edit turned out not to be confined to the region.
    failed: bool,
}

impl RegionEdit {
    /// The root block.
    pub fn root(&self) -> Block {
        self.root
    }

    /// Whether nothing seen so far (at [`begin`] and the last [`sync_cfg`])
    /// took the edit beyond the region: when it holds after [`sync_cfg`],
    /// the graph describes the function exactly.
    pub fn confined_so_far(&self) -> bool {
        !self.failed
    }

    /// Gives back the marks, for the next edit.
    pub fn into_marks(self) -> Marks {
        self.members.index
    }

    fn reached(&self, b: Block) -> bool {
        self.members
            .index
            .get(b)
            .is_some_and(|i| self.reached.get(i as usize) == Some(&true))
    }

    /// Where a block that is not a member lay in the tree before the edit.
    fn place(&self, dt_key: Option<u64>) -> Place {
        let Some(k) = dt_key else {
            return Place::Unreachable;
        };
        if k < self.range.0 || k > self.range.1 {
            return Place::Outside;
        }
        let i = self.opaque.partition_point(|&(pre, _, _)| pre <= k);
        match i.checked_sub(1).map(|i| (i, self.opaque[i])) {
            Some((i, (pre, last, _))) if k <= last => {
                if k == pre {
                    Place::OpaqueRoot(i)
                } else {
                    Place::InOpaque(i)
                }
            }
            _ => Place::Unreachable,
        }
    }
}

/// Where a block outside the region lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    /// Not dominated by the root.
    Outside,
    /// The root of the `i`th opaque subtree.
    OpaqueRoot(usize),
    /// Below the root of the `i`th opaque subtree.
    InOpaque(usize),
    /// Not in the tree (or nowhere it can be).
    Unreachable,
}

/// Records the region of `root` and the `inner` blocks (each with its
/// dominators up to the root) before an edit; the analyses must describe
/// the function as it is.
pub fn begin(
    cfg: &ControlFlowGraph,
    dt: &DominatorTree,
    root: Block,
    inner: &[Block],
    mut marks: Marks,
) -> RegionEdit {
    let range = dt.dfs_numbers(root).unwrap_or((0, 0));
    marks.clear();
    let mut ed = RegionEdit {
        root,
        members: Members {
            list: Vec::new(),
            index: marks,
        },
        old_members: Vec::new(),
        opaque: Vec::new(),
        range,
        runs: Vec::new(),
        out_edges: FxHashMap::default(),
        reached: Vec::new(),
        failed: !dt.is_reachable(root),
    };
    if ed.failed {
        return ed;
    }
    ed.members.insert(root);
    ed.old_members.push(root);
    for &b in inner {
        if !dt.is_reachable(b) || !dt.dominates(root, b) {
            ed.failed = true;
            return ed;
        }
        let mut x = b;
        while ed.members.insert(x) {
            ed.old_members.push(x);
            match dt.idom(x) {
                Some(p) => x = p,
                None => break,
            }
        }
    }
    // The region must be entered at its root only before the edit too (a
    // block it removes may have been entered from an opaque subtree, whose
    // walk then went through the region).
    for &m in &ed.old_members[1..] {
        if cfg
            .preds(m)
            .iter()
            .any(|p| !ed.members.contains(p) && cfg.is_reachable(*p))
        {
            ed.failed = true;
            return ed;
        }
    }
    for &m in &ed.old_members {
        for &c in dt.children(m) {
            if !ed.members.contains(&c) {
                let (pre, last) = dt.dfs_numbers(c).unwrap_or((0, 0));
                ed.opaque.push((pre, last, c));
            }
        }
    }
    ed.opaque.sort_unstable();
    // The runs: walk the root's events, jumping over outside subtrees.
    let end = exit_item(root);
    let mut e = cfg.dfs.next(enter_item(root));
    while let Some(x) = e {
        if x == end {
            break;
        }
        let b = item_block(x);
        if x & 1 == 0 && !ed.members.contains(&b) {
            ed.runs.push(b);
            e = cfg.dfs.next(exit_item(b));
        } else {
            e = cfg.dfs.next(x);
        }
    }
    for &b in &ed.old_members {
        for (&s, &k) in cfg.succs(b).iter().zip(cfg.succ_edge_counts(b)) {
            if !ed.members.contains(&s) && ed.place(dt_key(dt, s)) == Place::Outside {
                *ed.out_edges.entry(s).or_insert(0) += k;
            }
        }
    }
    ed
}

fn dt_key(dt: &DominatorTree, b: Block) -> Option<u64> {
    dt.dfs_numbers(b).map(|x| x.0)
}

/// Brings the graph's region up to date with `f`: blocks created by the
/// edit (reached from the region) join it, removed ones leave, successor
/// and predecessor lists, the layout order and reachability are exact
/// again. The depth-first order, the dominator tree and the loop forest
/// stay stale until [`finish`].
pub fn sync_cfg(cfg: &mut ControlFlowGraph, f: &Function, ed: &mut RegionEdit) {
    cfg.grow(f.num_block_ids());
    let in_f = |b: Block| b.index() < f.num_block_ids() && f.layout.is_block_inserted(b);
    // New blocks reached from the region join it; `reached` are the
    // members reachable from the root.
    ed.reached.clear();
    ed.reached.resize(ed.members.list.len(), false);
    let mut succs: Vec<(Block, u32)> = Vec::new();
    if in_f(ed.root) {
        let mut stack = vec![ed.root];
        ed.reached[0] = true;
        while let Some(b) = stack.pop() {
            scan_succs(f, b, in_f, &mut succs);
            for &(s, _) in &succs {
                let is_new = !cfg.layout.contains(s.index() as u32);
                if is_new {
                    ed.members.insert(s);
                    ed.reached.resize(ed.members.list.len(), false);
                }
                if let Some(i) = ed.members.index.get(s) {
                    if !ed.reached[i as usize] {
                        ed.reached[i as usize] = true;
                        stack.push(s);
                    }
                }
            }
        }
    } else {
        ed.failed = true;
    }
    let members: Vec<Block> = ed.members.list.clone();
    // The layout: take the members out, put those still in the function
    // back where the function has them (a chain of members after its first
    // one's predecessor, which the graph knows).
    for &m in &members {
        cfg.layout.remove(m.index() as u32);
    }
    for &m in &members {
        if !in_f(m) || cfg.layout.contains(m.index() as u32) {
            continue;
        }
        let mut first = m;
        while let Some(p) = f.layout.prev_block(first) {
            if ed.members.contains(&p) && !cfg.layout.contains(p.index() as u32) {
                first = p;
            } else {
                break;
            }
        }
        let anchor = f.layout.prev_block(first);
        if anchor.is_some_and(|a| !cfg.layout.contains(a.index() as u32)) {
            // A block before it that the graph does not know: an edit
            // outside the region.
            ed.failed = true;
            continue;
        }
        let mut at = anchor.map(|a| a.index() as u32);
        let mut x = Some(first);
        while let Some(b) = x {
            if !ed.members.contains(&b) || cfg.layout.contains(b.index() as u32) {
                break;
            }
            cfg.layout.insert_after(at, b.index() as u32);
            at = Some(b.index() as u32);
            x = f.layout.next_block(b);
        }
    }
    let entry = cfg.layout.first().map(|i| Block::new(i as usize));
    if entry != f.layout.entry_block() || cfg.layout.len() != f.layout.num_blocks() {
        // A block was added to or taken out of the layout elsewhere (one
        // the region cannot reach, say).
        ed.failed = true;
    }
    cfg.set_entry(entry);
    for &m in &members {
        cfg.set_in_layout(m, cfg.layout.contains(m.index() as u32));
    }
    // Blocks outside the region (unreachable ones) that branch to a member
    // taken out of the layout lose those edges.
    for &m in &members {
        if cfg.is_in_layout(m) {
            continue;
        }
        let outside: Vec<Block> = cfg
            .preds(m)
            .iter()
            .copied()
            .filter(|p| !ed.members.contains(p) && cfg.is_in_layout(*p))
            .collect();
        for p in outside {
            scan_succs(f, p, |t| cfg.is_in_layout(t), &mut succs);
            cfg.set_succs(p, &succs);
        }
    }
    // Successor lists of the members; who lists whom, for the
    // predecessor lists below.
    // (target, source, edges) of the members' edges.
    let mut incoming: Vec<(Block, Block, u32)> = Vec::new();
    let mut touched: Vec<Block> = Vec::new();
    for &m in &members {
        for &s in cfg.succs(m) {
            if !ed.members.contains(&s) {
                touched.push(s);
            }
        }
        if cfg.is_in_layout(m) {
            scan_succs(f, m, |t| cfg.is_in_layout(t), &mut succs);
        } else {
            succs.clear();
        }
        cfg.set_succs(m, &succs);
        for &(s, k) in &succs {
            incoming.push((s, m, k));
            if !ed.members.contains(&s) {
                touched.push(s);
            }
        }
    }
    touched.sort_unstable();
    touched.dedup();
    incoming.sort_unstable_by_key(|x| x.0);
    // Predecessor lists: the members' edges, plus the edges from outside
    // the region the block had.
    let mut list: Vec<(Block, u32)> = Vec::new();
    for &t in members.iter().chain(&touched) {
        list.clear();
        if cfg.is_in_layout(t) {
            for (&p, &k) in cfg.preds(t).iter().zip(cfg.pred_edge_counts(t)) {
                if !ed.members.contains(&p) && cfg.is_in_layout(p) {
                    list.push((p, k));
                }
            }
            let from = incoming.partition_point(|x| x.0 < t);
            list.extend(
                incoming[from..]
                    .iter()
                    .take_while(|x| x.0 == t)
                    .map(|x| (x.1, x.2)),
            );
            list.sort_unstable_by_key(|&(p, _)| cfg.layout_key(p));
        }
        cfg.set_preds(t, &list);
    }
    for (i, &m) in members.iter().enumerate() {
        cfg.set_reachable(m, ed.reached[i]);
    }
    cfg.compact_if_sparse();
}

/// How [`finish`] went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finished {
    /// The analyses were updated; `order_changed` says whether loops were
    /// reordered among their siblings (a walk over the forest's order must
    /// start again).
    Updated { order_changed: bool },
    /// The edit was not confined to the region (the reason says how): the
    /// analyses are stale and must be computed afresh.
    GaveUp(&'static str),
}

/// Updates the analyses after the edit recorded in `ed`. `rename` names a
/// loop whose header changed (old header, new header), as rotation moves
/// it; every other loop keeps its header.
pub fn finish(
    cfg: &mut ControlFlowGraph,
    dt: &mut DominatorTree,
    lf: &mut LoopForest,
    f: &Function,
    mut ed: RegionEdit,
    rename: Option<(Block, Block)>,
) -> (Finished, Marks) {
    sync_cfg(cfg, f, &mut ed);
    let r = update(cfg, dt, lf, &ed, rename);
    (r, ed.into_marks())
}

fn update(
    cfg: &mut ControlFlowGraph,
    dt: &mut DominatorTree,
    lf: &mut LoopForest,
    ed: &RegionEdit,
    rename: Option<(Block, Block)>,
) -> Finished {
    if ed.failed {
        return Finished::GaveUp("the edit reached beyond the region");
    }
    if lf.irreducible() {
        return Finished::GaveUp("irreducible control flow");
    }
    if let Err(why) = confined(cfg, dt, lf, ed) {
        return Finished::GaveUp(why);
    }
    let Some(walk) = region_walk(cfg, ed) else {
        return Finished::GaveUp("the walk leaves the region in another order");
    };
    let Some(tree) = region_tree(cfg, dt, ed, &walk) else {
        return Finished::GaveUp("an opaque subtree's new dominator lies outside the region");
    };
    // Irreducible control flow inside the region is left to a full
    // computation: a retreating edge of the walk (to a block not after its
    // source in reverse post-order) must be a back edge (its target
    // dominates its source). Edges to opaque roots never retreat (their
    // subtrees do not reach back into the region).
    for &b in &walk.preorder {
        let lb = walk.local(ed, &b).unwrap_or(0);
        for &s in cfg.succs(b) {
            if let Some(ls) = walk.local(ed, &s) {
                if walk.post[ls as usize] >= walk.post[lb as usize] && !tree.dominates(ls, lb) {
                    return Finished::GaveUp("irreducible control flow in the region");
                }
            }
        }
    }
    let Some(loops) = region_loops(cfg, lf, ed, &walk, &tree, rename) else {
        return Finished::GaveUp("the region's loops do not correspond to its old ones");
    };
    // Nothing below gives up: apply.
    apply_walk(cfg, ed, &walk);
    apply_tree(cfg, dt, ed, &walk, &tree);
    let order_changed = apply_loops(cfg, lf, ed, &walk, loops);
    Finished::Updated { order_changed }
}

/// Whether the edit kept to its region: every member is reachable from
/// the root and entered only from members (the root from where it was,
/// and from its latches when it heads a loop: it must head one after the
/// edit exactly when it did before), and the edges out of the region go
/// to opaque roots or, as many as before, outside the root's subtree.
/// Says why not.
fn confined(
    cfg: &ControlFlowGraph,
    dt: &DominatorTree,
    lf: &LoopForest,
    ed: &RegionEdit,
) -> Result<(), &'static str> {
    let was_header = lf
        .loop_for(ed.root)
        .is_some_and(|l| lf.header(l) == ed.root);
    let mut is_header = false;
    let mut out: FxHashMap<Block, u32> = FxHashMap::default();
    for &m in &ed.members.list {
        if !cfg.is_in_layout(m) {
            continue;
        }
        if !ed.reached(m) {
            return Err("a region block is left unreachable from the root");
        }
        for &p in cfg.preds(m) {
            if ed.members.contains(&p) {
                is_header |= m == ed.root;
                continue;
            }
            if !cfg.is_reachable(p) {
                continue;
            }
            if m != ed.root {
                return Err("an edge enters the region below the root");
            }
            // A predecessor of the root below it is a latch.
            is_header |= ed.place(dt_key(dt, p)) != Place::Outside;
        }
        for (&s, &k) in cfg.succs(m).iter().zip(cfg.succ_edge_counts(m)) {
            if ed.members.contains(&s) {
                continue;
            }
            match ed.place(dt_key(dt, s)) {
                Place::Outside => *out.entry(s).or_insert(0) += k,
                Place::OpaqueRoot(_) => {}
                Place::InOpaque(_) => {
                    return Err("an edge enters an opaque subtree below its root")
                }
                Place::Unreachable => return Err("an edge reaches a block that was unreachable"),
            }
        }
    }
    if out != ed.out_edges {
        return Err("the edges out of the root's subtree changed");
    }
    if was_header != is_header {
        return Err("the root starts or stops heading a loop");
    }
    Ok(())
}

/// The depth-first walk of the region from the root.
struct RegionWalk {
    /// The members in discovery order (the root first).
    preorder: Vec<Block>,
    /// Per member index: its position in `preorder` (`NONE`: not walked).
    local_of: Vec<u32>,
    /// Finish number per local index.
    post: Vec<u32>,
    /// The walk's events between the root's discovery and finish.
    events: Vec<Event>,
}

impl RegionWalk {
    /// The position of member `b` in the walk.
    fn local(&self, ed: &RegionEdit, b: &Block) -> Option<u32> {
        let i = ed.members.index.get(*b)?;
        self.local_of
            .get(i as usize)
            .copied()
            .filter(|&l| l != NONE)
    }
}

#[derive(Clone, Copy, Debug)]
enum Event {
    Enter(Block),
    Exit(Block),
    /// The walk leaves the region into the outside subtree of this block.
    Run(Block),
}

/// Walks the region from the root as the function's walk does, and checks
/// that it starts the recorded runs in the recorded order.
fn region_walk(cfg: &ControlFlowGraph, ed: &RegionEdit) -> Option<RegionWalk> {
    let root = ed.root;
    let root_enter = cfg.dfs.key(enter_item(root))?;
    let root_exit = cfg.dfs.key(exit_item(root))?;
    let mut w = RegionWalk {
        preorder: vec![root],
        local_of: vec![NONE; ed.members.list.len()],
        post: vec![NONE],
        events: Vec::new(),
    };
    w.local_of[0] = 0;
    let mut finished = 0u32;
    let mut next_run = 0usize;
    let mut stack: Vec<(Block, u32)> = vec![(root, 0)];
    while let Some(top) = stack.last_mut() {
        let (b, i) = *top;
        if let Some(&s) = cfg.succs(b).get(i as usize) {
            top.1 += 1;
            if let Some(mi) = ed.members.index.get(s) {
                if w.local_of[mi as usize] == NONE {
                    w.local_of[mi as usize] = w.preorder.len() as u32;
                    w.preorder.push(s);
                    w.post.push(NONE);
                    w.events.push(Event::Enter(s));
                    stack.push((s, 0));
                }
                continue;
            }
            // An outside block: walked before the root, during an earlier
            // run, or the start of the next run.
            let k = cfg.dfs.key(enter_item(s))?;
            if k < root_enter {
                continue;
            }
            if k > root_exit {
                return None;
            }
            match ed.runs.get(next_run) {
                Some(&r) if r == s => {
                    w.events.push(Event::Run(s));
                    next_run += 1;
                }
                // Not the next run's start: it must lie in a run already
                // walked (before the next run's start, after the first's).
                Some(&r) if next_run == 0 || k >= cfg.dfs.key(enter_item(r))? => {
                    return None;
                }
                _ => {}
            }
        } else {
            stack.pop();
            let l = w.local(ed, &b).unwrap_or(0);
            w.post[l as usize] = finished;
            finished += 1;
            if b != root {
                w.events.push(Event::Exit(b));
            }
        }
    }
    let live = ed
        .members
        .list
        .iter()
        .filter(|&&m| cfg.is_in_layout(m))
        .count();
    (next_run == ed.runs.len() && w.preorder.len() == live).then_some(w)
}

/// The dominator tree of the region with the opaque subtrees collapsed
/// into their roots, on local indices: the members as in the walk (the
/// root is 0), then the opaque roots.
struct RegionTree {
    tree: Tree,
    /// The opaque roots (local index `members + i` is `opaque[i]`).
    opaque: Vec<Block>,
}

impl RegionTree {
    fn dominates(&self, a: u32, b: u32) -> bool {
        let (x, y) = (&self.tree.nodes[a as usize], &self.tree.nodes[b as usize]);
        x.pre <= y.pre && y.pre <= x.last
    }

    fn idom(&self, v: usize) -> u32 {
        self.tree.nodes[v].idom
    }
}

/// Semi-NCA on the region's graph with the opaque subtrees collapsed. The
/// opaque roots' immediate dominators must be members.
fn region_tree(
    cfg: &ControlFlowGraph,
    dt: &DominatorTree,
    ed: &RegionEdit,
    w: &RegionWalk,
) -> Option<RegionTree> {
    let n = w.preorder.len();
    let opaque: Vec<Block> = ed.opaque.iter().map(|&(_, _, b)| b).collect();
    let total = n + opaque.len();
    let local = |x: Block| -> Option<usize> {
        if let Some(l) = w.local(ed, &x) {
            return Some(l as usize);
        }
        match ed.place(dt_key(dt, x)) {
            Place::OpaqueRoot(i) => Some(n + i),
            _ => None,
        }
    };
    let mut succs: Vec<Vec<Block>> = vec![Vec::new(); total];
    let mut preds: Vec<Vec<Block>> = vec![Vec::new(); total];
    for (l, &b) in w.preorder.iter().enumerate() {
        succs[l] = cfg
            .succs(b)
            .iter()
            .filter_map(|&s| local(s).map(Block::new))
            .collect();
        if l != 0 {
            preds[l] = cfg
                .preds(b)
                .iter()
                .filter_map(|p| w.local(ed, p).map(|x| Block::new(x as usize)))
                .collect();
        }
    }
    // An opaque root's predecessors: members, or blocks of other opaque
    // subtrees (standing for their roots); its own subtree's are back
    // edges, unreachable ones do not count.
    for (i, &x) in opaque.iter().enumerate() {
        let me = n + i;
        for &p in cfg.preds(x) {
            let from = if let Some(l) = w.local(ed, &p) {
                l as usize
            } else {
                match ed.place(dt_key(dt, p)) {
                    Place::OpaqueRoot(j) | Place::InOpaque(j) if j != i => n + j,
                    Place::OpaqueRoot(_) | Place::InOpaque(_) | Place::Unreachable => continue,
                    Place::Outside => return None,
                }
            };
            if !preds[me].contains(&Block::new(from)) {
                preds[me].push(Block::new(from));
                if from >= n {
                    succs[from].push(Block::new(me));
                }
            }
        }
    }
    let tree = Tree::compute(
        total,
        0,
        false,
        |v| succs[v as usize].as_slice(),
        |v| (preds[v as usize].as_slice(), None),
    );
    for i in 0..opaque.len() {
        let node = &tree.nodes[n + i];
        if !tree.in_tree(n + i) || node.idom as usize >= n {
            return None;
        }
    }
    Some(RegionTree { tree, opaque })
}

/// Puts the region's walk into the function's depth-first order: the
/// members' events leave, the new ones go between the runs.
fn apply_walk(cfg: &mut ControlFlowGraph, ed: &RegionEdit, w: &RegionWalk) {
    for &m in &ed.old_members {
        if m != ed.root {
            cfg.dfs.remove(enter_item(m));
            cfg.dfs.remove(exit_item(m));
        }
    }
    let mut cursor = enter_item(ed.root);
    for ev in &w.events {
        match *ev {
            Event::Enter(b) => {
                cfg.dfs.insert_after(Some(cursor), enter_item(b));
                cursor = enter_item(b);
            }
            Event::Exit(b) => {
                cfg.dfs.insert_after(Some(cursor), exit_item(b));
                cursor = exit_item(b);
            }
            Event::Run(t) => cursor = exit_item(t),
        }
    }
    debug_assert_eq!(cfg.dfs.next(cursor), Some(exit_item(ed.root)));
}

/// Puts the region's tree into the function's: the members' nodes, the
/// opaque roots' parents, children in the walk's discovery order, and keys
/// for the members between the opaque subtrees' (or the whole tree
/// renumbered when they do not fit).
fn apply_tree(
    cfg: &ControlFlowGraph,
    dt: &mut DominatorTree,
    ed: &RegionEdit,
    w: &RegionWalk,
    rt: &RegionTree,
) {
    let n = w.preorder.len();
    let block_of = |l: usize| -> Block {
        if l < n {
            w.preorder[l]
        } else {
            rt.opaque[l - n]
        }
    };
    let t = &mut dt.tree;
    t.grow(cfg.num_block_ids());
    let root = ed.root.index();
    let (base, last, idom0) = {
        let r = &t.nodes[root];
        (r.pre, r.last, r.idom)
    };
    for &m in &ed.old_members {
        t.remove_node(m.index());
    }
    // Children in the order of the walk's discovery.
    let mut kids: Vec<Block> = Vec::new();
    for (l, &b) in w.preorder.iter().enumerate() {
        kids.clear();
        kids.extend(rt.tree.children(l).iter().map(|c| block_of(c.index())));
        kids.sort_by_key(|&c| cfg.dfs.key(enter_item(c)));
        let node = &mut t.nodes[b.index()];
        node.idom = if l == 0 {
            idom0
        } else {
            w.preorder[rt.idom(l) as usize].index() as u32
        };
        // Placeholders until the keys are set below.
        node.pre = base;
        node.last = last;
        t.set_children(b.index(), &kids);
    }
    for (i, &x) in rt.opaque.iter().enumerate() {
        t.nodes[x.index()].idom = w.preorder[rt.idom(n + i) as usize].index() as u32;
    }
    t.add_count(n);
    // Keys: the tree's pre-order below the root, members and opaque
    // subtrees (which keep their keys); members take keys spread over the
    // gaps between the opaque subtrees.
    enum Item {
        Member(Block),
        Fixed(u64, u64),
    }
    let mut seq: Vec<Item> = Vec::with_capacity(n + rt.opaque.len());
    // (block, index of its item) while its subtree is listed; the end of
    // the subtree is where the stack pops it.
    let mut ends: Vec<(usize, usize)> = Vec::with_capacity(n);
    let mut stack: Vec<(Block, bool)> = vec![(ed.root, true)];
    let mut open: Vec<usize> = Vec::new();
    while let Some((b, first)) = stack.pop() {
        if !first {
            let i = open.pop().unwrap_or(0);
            ends.push((i, seq.len()));
            continue;
        }
        if !ed.members.contains(&b) {
            let node = &t.nodes[b.index()];
            seq.push(Item::Fixed(node.pre, node.last));
            continue;
        }
        open.push(seq.len());
        seq.push(Item::Member(b));
        stack.push((b, false));
        let kids = t.children(b.index()).to_vec();
        for &c in kids.iter().rev() {
            stack.push((c, true));
        }
    }
    // Spread: each run of members between fixed ranges (or the root's
    // bounds) takes evenly spaced keys.
    let mut fits = true;
    let mut keys: Vec<u64> = vec![0; seq.len()];
    keys[0] = base;
    let mut lo = base;
    let mut i = 1;
    while i < seq.len() && fits {
        match seq[i] {
            Item::Fixed(p, l) => {
                if p <= lo {
                    fits = false;
                }
                keys[i] = p;
                lo = l;
                i += 1;
            }
            Item::Member(..) => {
                let j = (i..seq.len())
                    .find(|&j| matches!(seq[j], Item::Fixed(..)))
                    .unwrap_or(seq.len());
                let hi = match seq.get(j) {
                    Some(Item::Fixed(p, _)) => *p,
                    _ => last + 1,
                };
                let k = (j - i) as u64;
                let step = hi.saturating_sub(lo) / (k + 1);
                if step == 0 || hi <= lo {
                    fits = false;
                }
                for (x, key) in keys[i..j].iter_mut().enumerate() {
                    *key = lo + step * (x as u64 + 1);
                }
                lo += step * k;
                i = j;
            }
        }
    }
    if lo > last {
        fits = false;
    }
    if fits {
        for &(i, end) in &ends {
            let Item::Member(b) = seq[i] else { continue };
            let node = &mut t.nodes[b.index()];
            node.pre = keys[i];
            node.last = if i == 0 {
                last
            } else {
                match seq.get(end) {
                    Some(_) => keys[end] - 1,
                    None => last,
                }
            };
        }
    } else {
        t.renumber();
    }
    t.compact_if_sparse();
    let mut counted: Vec<Block> = w.preorder.clone();
    counted.extend_from_slice(&rt.opaque);
    dt.set_pred_edges(cfg, &counted);
}

/// The loops of the region after the edit, before they are applied.
struct RegionLoops {
    /// Local loops: header, local parent, blocks in order, children in
    /// order, and the forest's loop each one continues.
    locals: Vec<LocalLoop>,
    /// The loops outside the region containing the root, innermost first.
    around: Vec<Loop>,
    /// Per local member: the first of `around` it belongs to (and so to
    /// the ones after), `NONE` for none.
    level: Vec<u32>,
    /// The local members in reverse post-order.
    rpo: Vec<u32>,
    /// The innermost loop of each live member.
    innermost: Vec<(Block, Inner)>,
    /// The region's old loops that no local loop continues (sorted).
    deleted: Vec<Loop>,
    /// All the region's old loops (sorted).
    old_region: Vec<Loop>,
    /// The parents (around the region, or none) of the old region's
    /// outermost loops.
    old_parents: Vec<Option<Loop>>,
}

/// A member's innermost loop: a local loop, or one around the region (or
/// none).
#[derive(Clone, Copy)]
enum Inner {
    Local(usize),
    Around(Option<Loop>),
}

struct LocalLoop {
    header: Block,
    parent: Option<usize>,
    children: Vec<usize>,
    blocks: Vec<Block>,
    /// The forest's loop it continues (`None`: a new loop).
    old: Option<Loop>,
    /// Without a local parent: the loop around the region it is nested in.
    outer: Option<Loop>,
}

/// LLVM's loop discovery on the region, with the membership of the
/// region's blocks in the loops around it; matched one to one with the
/// loops the region had (by header, `rename` for the loop whose header
/// moved). `None` when they do not match.
fn region_loops(
    cfg: &ControlFlowGraph,
    lf: &LoopForest,
    ed: &RegionEdit,
    w: &RegionWalk,
    rt: &RegionTree,
    rename: Option<(Block, Block)>,
) -> Option<RegionLoops> {
    let n = w.preorder.len();
    // The loops the region had, by header (all inside the region), and
    // the loops around it.
    // The root's own loop, when it heads one, reaches beyond the region:
    // it is the innermost of the loops around it.
    let mut old_by_header: FxHashMap<Block, Loop> = FxHashMap::default();
    for &m in &ed.old_members {
        if let Some(l) = lf.loop_for(m) {
            if lf.header(l) == m && m != ed.root {
                if !lf.data(l).blocks().iter().all(|b| ed.members.contains(b)) {
                    return None;
                }
                old_by_header.insert(m, l);
            }
        }
    }
    let mut around: Vec<Loop> = Vec::new();
    let mut x = lf.loop_for(ed.root);
    while let Some(l) = x {
        if lf.header(l) != ed.root && ed.members.contains(&lf.header(l)) {
            return None;
        }
        around.push(l);
        x = lf.parent(l);
    }
    let root_heads = around.first().is_some_and(|&l| lf.header(l) == ed.root);
    // Discovery, headers in post-order of the region's tree (members
    // only: the opaque roots head no region loop).
    let mut inner: Vec<u32> = vec![NONE; n];
    let mut locals: Vec<LocalLoop> = Vec::new();
    let mut order: Vec<u32> = Vec::with_capacity(n);
    let mut stack: Vec<(u32, usize)> = vec![(0, 0)];
    while let Some(top) = stack.last_mut() {
        let (v, i) = *top;
        let kids = rt.tree.children(v as usize);
        if i < kids.len() {
            top.1 += 1;
            if kids[i].index() < n {
                stack.push((kids[i].index() as u32, 0));
            }
        } else {
            order.push(v);
            stack.pop();
        }
    }
    let outermost = |locals: &Vec<LocalLoop>, mut l: usize| {
        while let Some(p) = locals[l].parent {
            l = p;
        }
        l
    };
    let mut work: Vec<u32> = Vec::new();
    for &h in &order {
        if h == 0 {
            continue; // the root: its loop, if any, is one around the region
        }
        let hb = w.preorder[h as usize];
        work.clear();
        for p in cfg.preds(hb).iter().rev() {
            if let Some(lp) = w.local(ed, p) {
                if rt.dominates(h, lp) {
                    work.push(lp);
                }
            }
        }
        if work.is_empty() {
            continue;
        }
        // `work` holds the latches in reverse; the walk pops the first.
        let id = locals.len();
        locals.push(LocalLoop {
            header: hb,
            parent: None,
            children: Vec::new(),
            blocks: Vec::new(),
            old: None,
            outer: None,
        });
        while let Some(b) = work.pop() {
            match inner[b as usize] {
                NONE => {
                    inner[b as usize] = id as u32;
                    if b == h {
                        continue;
                    }
                    for p in cfg.preds(w.preorder[b as usize]).iter().rev() {
                        match w.local(ed, p) {
                            Some(lp) => work.push(lp),
                            None if cfg.is_reachable(*p) => return None,
                            None => {}
                        }
                    }
                }
                sub => {
                    let sub = outermost(&locals, sub as usize);
                    if sub == id {
                        continue;
                    }
                    locals[sub].parent = Some(id);
                    let sh = locals[sub].header;
                    for p in cfg.preds(sh).iter().rev() {
                        match w.local(ed, p) {
                            Some(lp) if inner[lp as usize] != sub as u32 => work.push(lp),
                            Some(_) => {}
                            None if cfg.is_reachable(*p) => return None,
                            None => {}
                        }
                    }
                }
            }
        }
    }
    // The loops around the region (nested: each contains the previous):
    // a member belongs to one when it reaches, through the region, an edge
    // into it. `level` is the innermost one a member belongs to: a member
    // with an edge into `around[i]` (and none further in) is in it, and
    // so is every member that reaches it; walking back from the innermost
    // level out labels each member once.
    let index_of: FxHashMap<Loop, u32> = around
        .iter()
        .enumerate()
        .map(|(i, &a)| (a, i as u32))
        .collect();
    let innermost_around = |s: Block| -> u32 {
        let mut x = lf.loop_for(s);
        while let Some(l) = x {
            if let Some(&i) = index_of.get(&l) {
                return i;
            }
            x = lf.parent(l);
        }
        NONE
    };
    let mut seeds: Vec<Vec<u32>> = vec![Vec::new(); around.len()];
    for (l, &b) in w.preorder.iter().enumerate() {
        let best = cfg
            .succs(b)
            .iter()
            .map(|&s| {
                if ed.members.contains(&s) {
                    // A latch of the root's loop.
                    if root_heads && s == ed.root {
                        0
                    } else {
                        NONE
                    }
                } else {
                    innermost_around(s)
                }
            })
            .min()
            .unwrap_or(NONE);
        if best != NONE {
            seeds[best as usize].push(l as u32);
        }
    }
    let mut level: Vec<u32> = vec![NONE; n];
    let mut work: Vec<u32> = Vec::new();
    for (i, seed) in seeds.iter().enumerate() {
        for &l in seed {
            if level[l as usize] == NONE {
                level[l as usize] = i as u32;
                work.push(l);
            }
        }
        while let Some(l) = work.pop() {
            if l == 0 {
                continue; // the root: its predecessors are outside
            }
            for p in cfg.preds(w.preorder[l as usize]) {
                if let Some(lp) = w.local(ed, p) {
                    if level[lp as usize] == NONE {
                        level[lp as usize] = i as u32;
                        work.push(lp);
                    }
                }
            }
        }
    }
    // The root belongs to all of them.
    if root_heads {
        level[0] = 0;
    }
    if !around.is_empty() && level[0] != 0 {
        return None;
    }
    let around_of = |l: u32| -> Option<Loop> { around.get(level[l as usize] as usize).copied() };
    // Match the loops by header: a loop headed by the same block continues
    // the old one (its parent may change: the loop around it was removed,
    // as full unrolling removes it); the others are new (copies of loops,
    // as peeling and unrolling make them), and the old loops left over are
    // removed.
    let mut seen: FxHashSet<Loop> = FxHashSet::default();
    for x in &mut locals {
        let key = match rename {
            Some((old, new)) if x.header == new => old,
            _ => x.header,
        };
        x.old = old_by_header.get(&key).copied();
        if let Some(o) = x.old {
            if !seen.insert(o) {
                return None;
            }
        }
    }
    for x in locals.iter_mut().filter(|x| x.parent.is_none()) {
        x.outer = around_of(w.local(ed, &x.header).unwrap_or(0));
    }
    let mut deleted: Vec<Loop> = old_by_header
        .values()
        .copied()
        .filter(|l| !seen.contains(l))
        .collect();
    deleted.sort_unstable();
    // When the root heads a loop, blocks of the opaque subtrees may reach
    // it through the region only: their membership in its loop is not
    // re-derived, so loops may come and go only under a root that heads
    // none.
    if root_heads && (!deleted.is_empty() || locals.iter().any(|x| x.old.is_none())) {
        return None;
    }
    let mut old_region: Vec<Loop> = old_by_header.values().copied().collect();
    old_region.sort_unstable();
    // The levels of the old region's outermost loops.
    let old_parents: Vec<Option<Loop>> = old_region
        .iter()
        .map(|&l| lf.parent(l))
        .filter(|p| p.is_none_or(|p| old_region.binary_search(&p).is_err()))
        .collect();
    // Blocks, in reverse post-order (the header first); children in
    // reverse post-order of their headers.
    let mut rpo: Vec<u32> = (0..n as u32).collect();
    rpo.sort_unstable_by_key(|&l| std::cmp::Reverse(w.post[l as usize]));
    for x in &mut locals {
        x.blocks.push(x.header);
    }
    let mut innermost: Vec<(Block, Inner)> = Vec::with_capacity(n);
    for &l in &rpo {
        let b = w.preorder[l as usize];
        let mut x = inner[l as usize];
        let inn = if x == NONE {
            Inner::Around(around_of(l))
        } else {
            Inner::Local(x as usize)
        };
        innermost.push((b, inn));
        while x != NONE {
            let ll = &mut locals[x as usize];
            if ll.header != b {
                ll.blocks.push(b);
            }
            x = ll.parent.map_or(NONE, |p| p as u32);
        }
    }
    let mut by_header: FxHashMap<Block, usize> = FxHashMap::default();
    for (k, x) in locals.iter().enumerate() {
        by_header.insert(x.header, k);
    }
    for &l in &rpo {
        let b = w.preorder[l as usize];
        if let Some(&k) = by_header.get(&b) {
            if let Some(p) = locals[k].parent {
                locals[p].children.push(k);
            }
        }
    }
    Some(RegionLoops {
        locals,
        around,
        level,
        rpo,
        innermost,
        deleted,
        old_region,
        old_parents,
    })
}

/// Writes the region's loops into the forest; returns whether the order
/// of some loops among their siblings changed (the forest is renumbered
/// then).
fn apply_loops(
    cfg: &ControlFlowGraph,
    lf: &mut LoopForest,
    ed: &RegionEdit,
    w: &RegionWalk,
    rl: RegionLoops,
) -> bool {
    lf.innermost.resize(cfg.num_block_ids());
    // The loops that go, and ids for the new ones.
    for &d in &rl.deleted {
        let x = &mut lf.loops[d];
        x.dead = true;
        x.parent = None.into();
        x.children = Vec::new();
        x.blocks = Vec::new();
        lf.dead += 1;
    }
    let ids: Vec<Loop> = rl
        .locals
        .iter()
        .map(|x| match x.old {
            Some(l) => l,
            None => lf.loops.push(LoopData::unplaced(x.header, Vec::new())),
        })
        .collect();
    let created = rl.locals.iter().any(|x| x.old.is_none());
    for &m in &ed.members.list {
        lf.innermost[m] = None.into();
    }
    for &(b, inn) in &rl.innermost {
        lf.innermost[b] = match inn {
            Inner::Local(k) => Some(ids[k]),
            Inner::Around(l) => l,
        }
        .into();
    }
    let mut order_changed = created || !rl.deleted.is_empty();
    // The parents the region's outermost loops had and have (their
    // sibling lists are rebuilt when the loops at a level change).
    let mut levels: Vec<Option<Loop>> = Vec::new();
    for (k, x) in rl.locals.iter().enumerate() {
        let children: Vec<Loop> = x.children.iter().map(|&c| ids[c]).collect();
        let parent = match x.parent {
            Some(p) => Some(ids[p]),
            None => x.outer,
        };
        let d = &mut lf.loops[ids[k]];
        d.header = x.header;
        d.blocks.clear();
        d.blocks.extend_from_slice(&x.blocks);
        if d.children != children {
            d.children = children;
            order_changed = true;
        }
        if d.parent.expand() != parent || x.old.is_none() {
            d.parent = parent.into();
            order_changed = true;
        }
        if x.parent.is_none() {
            levels.push(parent);
        }
    }
    // The loops around the region: their blocks outside it keep their
    // order; the region's blocks are merged in by reverse post-order.
    let mut merged: Vec<Block> = Vec::new();
    let mut mine: Vec<Block> = Vec::new();
    for (i, &a) in rl.around.iter().enumerate() {
        let header = lf.loops[a].header;
        mine.clear();
        mine.extend(
            rl.rpo
                .iter()
                .filter(|&&l| rl.level[l as usize] <= i as u32)
                .map(|&l| w.preorder[l as usize])
                .filter(|&b| b != header),
        );
        let d = &mut lf.loops[a];
        merged.clear();
        merged.reserve(d.blocks.len() + mine.len());
        merged.push(d.blocks[0]);
        let mut kept = d.blocks[1..]
            .iter()
            .copied()
            .filter(|b| !ed.members.contains(b))
            .peekable();
        let mut j = 0;
        loop {
            let take_kept = match (kept.peek(), mine.get(j)) {
                (Some(&k), Some(&m)) => cfg.rpo_key(k) < cfg.rpo_key(m),
                (Some(_), None) => true,
                (None, Some(_)) => false,
                (None, None) => break,
            };
            if take_kept {
                merged.extend(kept.next());
            } else {
                merged.push(mine[j]);
                j += 1;
            }
        }
        std::mem::swap(&mut d.blocks, &mut merged);
    }
    let key = |lf: &LoopForest, s: Loop| cfg.rpo_key(lf.loops[s].header);
    if order_changed {
        // Loops came, went or moved: the sibling lists at the levels the
        // region's outermost loops had and have are rebuilt (children in
        // reverse post-order of their headers, the top level in
        // post-order), and the depths of the region's loops set again.
        levels.extend(rl.old_parents.iter().copied());
        levels.sort_unstable();
        levels.dedup();
        for &p in &levels {
            let old: &[Loop] = match p {
                Some(p) => &lf.loops[p].children,
                None => &lf.top_level,
            };
            let mut list: Vec<Loop> = old
                .iter()
                .copied()
                .filter(|s| rl.old_region.binary_search(s).is_err())
                .collect();
            list.extend(
                rl.locals
                    .iter()
                    .enumerate()
                    .filter(|(_, x)| x.parent.is_none() && x.outer == p)
                    .map(|(k, _)| ids[k]),
            );
            match p {
                Some(_) => list.sort_by_key(|&s| key(lf, s)),
                None => list.sort_by_key(|&s| std::cmp::Reverse(key(lf, s))),
            }
            match p {
                Some(p) => lf.loops[p].children = list,
                None => lf.top_level = list,
            }
        }
        for k in (0..rl.locals.len()).rev() {
            let l = ids[k];
            let depth = match lf.loops[l].parent.expand() {
                Some(p) => lf.loops[p].depth + 1,
                None => 1,
            };
            lf.loops[l].depth = depth;
        }
        lf.number();
        return true;
    }
    // The region's outermost loops among their siblings: children lists
    // are in reverse post-order of the headers, the top level in
    // post-order.
    for x in rl.locals.iter().filter(|x| x.parent.is_none()) {
        let Some(l) = x.old else { continue };
        let parent = lf.loops[l].parent.expand();
        let idx = lf.loops[l].index as usize;
        let siblings: &[Loop] = match parent {
            Some(p) => &lf.loops[p].children,
            None => &lf.top_level,
        };
        let before = |a: Loop, b: Loop| match parent {
            Some(_) => key(lf, a) < key(lf, b),
            None => key(lf, a) > key(lf, b),
        };
        let ok = siblings.get(idx) == Some(&l)
            && (idx == 0 || before(siblings[idx - 1], l))
            && siblings.get(idx + 1).is_none_or(|&nx| before(l, nx));
        if !ok {
            order_changed = true;
            let mut list = siblings.to_vec();
            match parent {
                Some(_) => list.sort_by_key(|&s| key(lf, s)),
                None => list.sort_by_key(|&s| std::cmp::Reverse(key(lf, s))),
            }
            match parent {
                Some(p) => lf.loops[p].children = list,
                None => lf.top_level = list,
            }
        }
    }
    if order_changed {
        lf.number();
    }
    order_changed
}

/// A function's three analyses, as [`compare`] and [`check`] take them.
pub type Analyses<'a> = (&'a ControlFlowGraph, &'a DominatorTree, &'a LoopForest);

/// Compares two sets of analyses of one function (an updated one with a
/// recomputed one): block lists, edges with their counts, reachability and
/// reverse post-order, immediate dominators, children in order and the
/// tree's pre-order, and the loop forest (headers, blocks in order,
/// nesting, irreducibility, loop order, every block's innermost loop);
/// says what differs first. Loop ids are not compared (an update keeps
/// them, a computation numbers loops afresh).
pub fn compare(a: Analyses<'_>, b: Analyses<'_>) -> Result<(), String> {
    let ((c, dt, lf), (d, et, mf)) = (a, b);
    if !c.blocks().eq(d.blocks()) || c.entry() != d.entry() {
        return Err("the block lists differ".into());
    }
    if c.num_edges() != d.num_edges() || c.num_reachable() != d.num_reachable() {
        return Err("the edge or reachable block counts differ".into());
    }
    let header_of = |lf: &LoopForest, b| lf.loop_for(b).map(|l| lf.header(l));
    for b in c.blocks() {
        if c.succs(b) != d.succs(b)
            || c.preds(b) != d.preds(b)
            || c.succ_edge_counts(b) != d.succ_edge_counts(b)
            || c.pred_edge_counts(b) != d.pred_edge_counts(b)
            || c.is_reachable(b) != d.is_reachable(b)
        {
            return Err(format!("the edges of {b} differ"));
        }
        if dt.idom(b) != et.idom(b) {
            return Err(format!("the immediate dominator of {b} differs"));
        }
        if dt.children(b) != et.children(b) {
            return Err(format!("the dominator tree children of {b} differ"));
        }
        if header_of(lf, b) != header_of(mf, b) {
            return Err(format!("the innermost loop of {b} differs"));
        }
    }
    if !c.rpo().eq(d.rpo()) {
        return Err("the reverse post-orders differ".into());
    }
    if !dt.preorder().eq(et.preorder()) {
        return Err("the dominator trees' pre-orders differ".into());
    }
    let (mine, theirs) = (lf.preorder(), mf.preorder());
    if mine.len() != theirs.len() {
        return Err(format!(
            "{} loops kept, {} recomputed",
            mine.len(),
            theirs.len()
        ));
    }
    if lf.irreducible() != mf.irreducible() {
        return Err("irreducibility differs".into());
    }
    let parent = |lf: &LoopForest, l| lf.parent(l).map(|p| lf.header(p));
    for (&l, &k) in mine.iter().zip(&theirs) {
        let (x, y) = (lf.data(l), mf.data(k));
        if x.header() != y.header()
            || x.blocks() != y.blocks()
            || x.depth() != y.depth()
            || x.children().len() != y.children().len()
            || x.has_irreducible_inner_cycle() != y.has_irreducible_inner_cycle()
            || parent(lf, l) != parent(mf, k)
        {
            return Err(format!("the loop headed by {} differs", x.header()));
        }
    }
    let order = |lf: &LoopForest| -> Vec<Block> {
        lf.innermost_first()
            .into_iter()
            .map(|l| lf.header(l))
            .collect()
    };
    if order(lf) != order(mf) {
        return Err("the loops' innermost-first orders differ".into());
    }
    Ok(())
}

/// Checks one set of analyses for consistency (what an update must keep):
/// the graph's successor and predecessor lists mirror each other, the
/// dominator tree's key ranges nest ([`DominatorTree::check`]) and the
/// loop forest is well formed ([`LoopForest::check`]).
pub fn check(a: Analyses<'_>) -> Result<(), String> {
    let (cfg, dt, lf) = a;
    let mut edges = 0usize;
    for b in cfg.blocks() {
        for (&s, &k) in cfg.succs(b).iter().zip(cfg.succ_edge_counts(b)) {
            if cfg.num_edges_between(b, s) != k
                || !cfg.preds(s).contains(&b)
                || !cfg.is_in_layout(s)
            {
                return Err(format!("the edge {b} -> {s} is not listed both ways"));
            }
            edges += k as usize;
        }
        let preds = cfg.preds(b);
        if preds
            .windows(2)
            .any(|w| cfg.layout_key(w[0]) >= cfg.layout_key(w[1]))
        {
            return Err(format!("the predecessors of {b} are not in layout order"));
        }
        let count: u32 = cfg.pred_edge_counts(b).iter().sum();
        if count != cfg.num_pred_edges(b) {
            return Err(format!("the incoming edge count of {b} is wrong"));
        }
    }
    if edges != cfg.num_edges() {
        return Err("the edge count is wrong".into());
    }
    dt.check()?;
    lf.check()
}
