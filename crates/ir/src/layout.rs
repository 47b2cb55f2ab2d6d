//! Block and instruction order.
//!
//! The [`Layout`] keeps the order of blocks in a function and of
//! instructions in a block as doubly linked lists stored in
//! `SecondaryMap`s, in the manner of Cranelift's `ir/layout.rs`. Inserting,
//! removing and moving an instruction or a block is O(1); the entities
//! themselves live in the function's arenas and keep their ids when they
//! are unlinked.

use crate::entities::{Block, Inst};
use cranelift_entity::packed_option::PackedOption;
use cranelift_entity::SecondaryMap;

#[derive(Clone, Debug, Default)]
struct BlockNode {
    prev: PackedOption<Block>,
    next: PackedOption<Block>,
    first_inst: PackedOption<Inst>,
    last_inst: PackedOption<Inst>,
    inserted: bool,
}

#[derive(Clone, Debug, Default)]
struct InstNode {
    block: PackedOption<Block>,
    prev: PackedOption<Inst>,
    next: PackedOption<Inst>,
}

/// The order of blocks and instructions.
#[derive(Clone, Debug, Default)]
pub struct Layout {
    blocks: SecondaryMap<Block, BlockNode>,
    insts: SecondaryMap<Inst, InstNode>,
    first_block: PackedOption<Block>,
    last_block: PackedOption<Block>,
    /// The number of blocks in the list.
    num_blocks: usize,
}

/// Capacity.
impl Layout {
    /// Makes room for about `insts` instructions and `blocks` blocks when
    /// nothing is laid out yet (see [`crate::Function::reserve`]).
    pub(crate) fn reserve(&mut self, insts: usize, blocks: usize) {
        crate::function::reserve_empty(&mut self.insts, insts);
        crate::function::reserve_empty(&mut self.blocks, blocks);
    }
}

/// Blocks.
impl Layout {
    pub fn is_block_inserted(&self, b: Block) -> bool {
        self.blocks[b].inserted
    }

    /// The entry block (the first in layout order).
    pub fn entry_block(&self) -> Option<Block> {
        self.first_block.expand()
    }

    pub fn last_block(&self) -> Option<Block> {
        self.last_block.expand()
    }

    pub fn next_block(&self, b: Block) -> Option<Block> {
        self.blocks[b].next.expand()
    }

    pub fn prev_block(&self, b: Block) -> Option<Block> {
        self.blocks[b].prev.expand()
    }

    /// Appends `b` at the end of the function.
    pub fn append_block(&mut self, b: Block) {
        assert!(!self.blocks[b].inserted, "{b} is already in the layout");
        let last = self.last_block;
        {
            let n = &mut self.blocks[b];
            n.inserted = true;
            self.num_blocks += 1;
            n.prev = last;
            n.next = None.into();
        }
        match last.expand() {
            Some(l) => self.blocks[l].next = b.into(),
            None => self.first_block = b.into(),
        }
        self.last_block = b.into();
    }

    /// Inserts `b` just before `before`.
    pub fn insert_block_before(&mut self, b: Block, before: Block) {
        assert!(!self.blocks[b].inserted, "{b} is already in the layout");
        assert!(
            self.blocks[before].inserted,
            "{before} is not in the layout"
        );
        let prev = self.blocks[before].prev;
        {
            let n = &mut self.blocks[b];
            n.inserted = true;
            self.num_blocks += 1;
            n.prev = prev;
            n.next = before.into();
        }
        self.blocks[before].prev = b.into();
        match prev.expand() {
            Some(p) => self.blocks[p].next = b.into(),
            None => self.first_block = b.into(),
        }
    }

    /// Inserts `b` just after `after`.
    pub fn insert_block_after(&mut self, b: Block, after: Block) {
        assert!(!self.blocks[b].inserted, "{b} is already in the layout");
        assert!(self.blocks[after].inserted, "{after} is not in the layout");
        let next = self.blocks[after].next;
        {
            let n = &mut self.blocks[b];
            n.inserted = true;
            self.num_blocks += 1;
            n.prev = after.into();
            n.next = next;
        }
        self.blocks[after].next = b.into();
        match next.expand() {
            Some(nx) => self.blocks[nx].prev = b.into(),
            None => self.last_block = b.into(),
        }
    }

    /// Unlinks `b` from the block list. Its instructions stay in it.
    pub fn remove_block(&mut self, b: Block) {
        assert!(self.blocks[b].inserted, "{b} is not in the layout");
        let (prev, next) = (self.blocks[b].prev, self.blocks[b].next);
        match prev.expand() {
            Some(p) => self.blocks[p].next = next,
            None => self.first_block = next,
        }
        match next.expand() {
            Some(n) => self.blocks[n].prev = prev,
            None => self.last_block = prev,
        }
        self.num_blocks -= 1;
        let n = &mut self.blocks[b];
        n.inserted = false;
        n.prev = None.into();
        n.next = None.into();
    }

    /// The number of blocks in the layout. O(1).
    pub fn num_blocks(&self) -> usize {
        self.num_blocks
    }

    /// Blocks in layout order.
    pub fn blocks(&self) -> Blocks<'_> {
        Blocks {
            layout: self,
            next: self.first_block.expand(),
        }
    }
}

/// Instructions.
impl Layout {
    /// The block containing `inst`, if it is inserted.
    pub fn inst_block(&self, inst: Inst) -> Option<Block> {
        self.insts[inst].block.expand()
    }

    pub fn first_inst(&self, b: Block) -> Option<Inst> {
        self.blocks[b].first_inst.expand()
    }

    pub fn last_inst(&self, b: Block) -> Option<Inst> {
        self.blocks[b].last_inst.expand()
    }

    pub fn next_inst(&self, i: Inst) -> Option<Inst> {
        self.insts[i].next.expand()
    }

    pub fn prev_inst(&self, i: Inst) -> Option<Inst> {
        self.insts[i].prev.expand()
    }

    /// Appends `inst` at the end of block `b`.
    pub fn append_inst(&mut self, inst: Inst, b: Block) {
        assert!(
            self.insts[inst].block.is_none(),
            "{inst} is already in the layout"
        );
        let last = self.blocks[b].last_inst;
        {
            let n = &mut self.insts[inst];
            n.block = b.into();
            n.prev = last;
            n.next = None.into();
        }
        match last.expand() {
            Some(l) => self.insts[l].next = inst.into(),
            None => self.blocks[b].first_inst = inst.into(),
        }
        self.blocks[b].last_inst = inst.into();
    }

    /// Inserts `inst` at the start of block `b`.
    pub fn prepend_inst(&mut self, inst: Inst, b: Block) {
        match self.first_inst(b) {
            Some(f) => self.insert_inst_before(inst, f),
            None => self.append_inst(inst, b),
        }
    }

    /// Inserts `inst` just before `before`.
    pub fn insert_inst_before(&mut self, inst: Inst, before: Inst) {
        assert!(
            self.insts[inst].block.is_none(),
            "{inst} is already in the layout"
        );
        let b = self.insts[before]
            .block
            .expand()
            .unwrap_or_else(|| panic!("{before} is not in the layout"));
        let prev = self.insts[before].prev;
        {
            let n = &mut self.insts[inst];
            n.block = b.into();
            n.prev = prev;
            n.next = before.into();
        }
        self.insts[before].prev = inst.into();
        match prev.expand() {
            Some(p) => self.insts[p].next = inst.into(),
            None => self.blocks[b].first_inst = inst.into(),
        }
    }

    /// Inserts `inst` just after `after`.
    pub fn insert_inst_after(&mut self, inst: Inst, after: Inst) {
        match self.next_inst(after) {
            Some(n) => self.insert_inst_before(inst, n),
            None => {
                let b = self.insts[after]
                    .block
                    .expand()
                    .unwrap_or_else(|| panic!("{after} is not in the layout"));
                self.append_inst(inst, b);
            }
        }
    }

    /// Unlinks `inst` from its block.
    pub fn remove_inst(&mut self, inst: Inst) {
        let b = self.insts[inst]
            .block
            .expand()
            .unwrap_or_else(|| panic!("{inst} is not in the layout"));
        let (prev, next) = (self.insts[inst].prev, self.insts[inst].next);
        match prev.expand() {
            Some(p) => self.insts[p].next = next,
            None => self.blocks[b].first_inst = next,
        }
        match next.expand() {
            Some(n) => self.insts[n].prev = prev,
            None => self.blocks[b].last_inst = prev,
        }
        self.insts[inst] = InstNode::default();
    }

    /// Instructions of `b` in order.
    pub fn block_insts(&self, b: Block) -> Insts<'_> {
        Insts {
            layout: self,
            next: self.blocks[b].first_inst.expand(),
        }
    }

    /// Moves `from` and every instruction after it in its block to the end
    /// of the empty block `new` (which must already be in the layout or be
    /// inserted by the caller). O(number of moved instructions).
    pub fn split_block_at(&mut self, from: Inst, new: Block) {
        let old = self.inst_block(from).expect("instruction not in layout");
        assert!(self.blocks[new].first_inst.is_none(), "{new} is not empty");
        let prev = self.insts[from].prev;
        let old_last = self.blocks[old].last_inst;
        match prev.expand() {
            Some(p) => self.insts[p].next = None.into(),
            None => self.blocks[old].first_inst = None.into(),
        }
        self.blocks[old].last_inst = prev;
        self.insts[from].prev = None.into();
        self.blocks[new].first_inst = from.into();
        self.blocks[new].last_inst = old_last;
        let mut cur = Some(from);
        while let Some(i) = cur {
            self.insts[i].block = new.into();
            cur = self.insts[i].next.expand();
        }
    }
}

/// Iterator over blocks in layout order.
pub struct Blocks<'a> {
    layout: &'a Layout,
    next: Option<Block>,
}

impl Iterator for Blocks<'_> {
    type Item = Block;
    fn next(&mut self) -> Option<Block> {
        let b = self.next?;
        self.next = self.layout.next_block(b);
        Some(b)
    }
}

/// Iterator over the instructions of a block.
pub struct Insts<'a> {
    layout: &'a Layout,
    next: Option<Inst>,
}

impl Iterator for Insts<'_> {
    type Item = Inst;
    fn next(&mut self) -> Option<Inst> {
        let i = self.next?;
        self.next = self.layout.next_inst(i);
        Some(i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cranelift_entity::EntityRef;

    #[test]
    fn blocks_and_insts() {
        let mut l = Layout::default();
        let (b0, b1, b2) = (Block::new(0), Block::new(1), Block::new(2));
        l.append_block(b0);
        l.append_block(b2);
        l.insert_block_before(b1, b2);
        assert_eq!(l.blocks().collect::<Vec<_>>(), vec![b0, b1, b2]);
        l.remove_block(b1);
        assert_eq!(l.blocks().collect::<Vec<_>>(), vec![b0, b2]);
        l.insert_block_after(b1, b2);
        assert_eq!(l.blocks().collect::<Vec<_>>(), vec![b0, b2, b1]);

        let i: Vec<Inst> = (0..4).map(Inst::new).collect();
        l.append_inst(i[0], b0);
        l.append_inst(i[2], b0);
        l.insert_inst_before(i[1], i[2]);
        l.insert_inst_after(i[3], i[2]);
        assert_eq!(l.block_insts(b0).collect::<Vec<_>>(), i);
        l.remove_inst(i[1]);
        assert_eq!(
            l.block_insts(b0).collect::<Vec<_>>(),
            vec![i[0], i[2], i[3]]
        );
        l.split_block_at(i[2], b2);
        assert_eq!(l.block_insts(b0).collect::<Vec<_>>(), vec![i[0]]);
        assert_eq!(l.block_insts(b2).collect::<Vec<_>>(), vec![i[2], i[3]]);
        assert_eq!(l.inst_block(i[3]), Some(b2));
        l.prepend_inst(i[1], b2);
        assert_eq!(l.first_inst(b2), Some(i[1]));
    }
}
