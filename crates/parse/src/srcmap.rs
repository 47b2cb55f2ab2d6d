//! Where a parsed module's entities were written, for diagnostics about a
//! module that parsed but is not valid (verifier errors, metadata lints).
//!
//! [`crate::parse_module_with_source_map`] fills a [`SourceMap`] while
//! parsing. Positions are byte offsets into the parsed input:
//!
//! - a function: its name token in `define`/`declare`;
//! - a block: its label, or its first instruction when it has none;
//! - an instruction (debug records included): a span from its first token
//!   (its result name, or the opcode) to the start of the token after it,
//!   so the span covers the metadata attachments;
//! - a metadata node: the `!N` of its definition `!N = ...`.
//!
//! It also carries the parser's warnings: input LLVM accepts but that is
//! most likely a mistake (an integer constant that does not fit its type).
//!
//! Invariant: the map only describes the module as the parser built it.
//! Entities created later (by a pass) have no position, and ids are never
//! reused, so a lookup is either right or `None`.

use crate::lexer::{Lexer, Tok};
use cranelift_entity::SecondaryMap;
use loopwright_ir::{Block, Func, Inst, MdNode};
use rustc_hash::FxHashMap;
use std::ops::Range;

/// Positions of one function's blocks and instructions.
#[derive(Clone, Debug)]
struct FuncLocs {
    name: usize,
    /// `usize::MAX`: no position.
    blocks: SecondaryMap<Block, usize>,
    /// Empty span: no position.
    insts: SecondaryMap<Inst, (usize, usize)>,
}

/// Source positions of the entities of one parsed module (see the module
/// docs for what each position is).
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    funcs: FxHashMap<Func, FuncLocs>,
    md: FxHashMap<MdNode, usize>,
    warnings: Vec<(usize, String)>,
}

impl SourceMap {
    pub(crate) fn note_function(&mut self, f: Func, name: usize) {
        self.funcs.insert(
            f,
            FuncLocs {
                name,
                blocks: SecondaryMap::with_default(usize::MAX),
                insts: SecondaryMap::new(),
            },
        );
    }

    pub(crate) fn note_block(&mut self, f: Func, b: Block, at: usize) {
        if let Some(l) = self.funcs.get_mut(&f) {
            l.blocks[b] = at;
        }
    }

    pub(crate) fn note_inst(&mut self, f: Func, i: Inst, span: Range<usize>) {
        if let Some(l) = self.funcs.get_mut(&f) {
            l.insts[i] = (span.start, span.end);
        }
    }

    pub(crate) fn note_md(&mut self, n: MdNode, at: usize) {
        self.md.insert(n, at);
    }

    pub(crate) fn warn(&mut self, at: usize, message: String) {
        self.warnings.push((at, message));
    }

    /// The parser's warnings, in input order: (offset, message).
    pub fn warnings(&self) -> &[(usize, String)] {
        &self.warnings
    }

    /// The function's name in its `define` or `declare`.
    pub fn function(&self, f: Func) -> Option<usize> {
        self.funcs.get(&f).map(|l| l.name)
    }

    /// The block's label, or its first instruction.
    pub fn block(&self, f: Func, b: Block) -> Option<usize> {
        let at = *self.funcs.get(&f)?.blocks.get(b)?;
        (at != usize::MAX).then_some(at)
    }

    /// The instruction's text, attachments included.
    pub fn inst(&self, f: Func, i: Inst) -> Option<Range<usize>> {
        let &(start, end) = self.funcs.get(&f)?.insts.get(i)?;
        (start < end).then_some(start..end)
    }

    /// The `!N` of the node's definition.
    pub fn md_node(&self, n: MdNode) -> Option<usize> {
        self.md.get(&n).copied()
    }

    /// The first use of the local value `name` (unescaped, without the `%`;
    /// decimal digits for a numbered value) in the operands of instruction
    /// `i` of `f`, found by re-lexing the instruction's text in `src` (the
    /// input this map was built from). The instruction's own result name is
    /// not a use.
    pub fn operand(&self, src: &[u8], f: Func, i: Inst, name: &[u8]) -> Option<usize> {
        let span = self.inst(f, i)?;
        let text = src.get(..span.end)?;
        let mut lx = Lexer::new(text);
        lx.set_pos(span.start);
        let mut first = true;
        loop {
            let t = lx.next_token();
            let matches = match t.kind {
                Tok::Eof => return None,
                Tok::LocalVar => *t.name(text) == *name,
                Tok::LocalId(n) => n.to_string().as_bytes() == name,
                _ => false,
            };
            if matches && !(first && { lx }.next_token().kind == Tok::Equal) {
                return Some(t.start);
            }
            first = false;
        }
    }
}
