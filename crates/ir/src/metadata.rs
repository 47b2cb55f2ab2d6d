//! The metadata graph.
//!
//! Metadata lives at module level in [`Metadata`]: an arena of nodes
//! ([`MdNode`]), an interned string table ([`MdStr`]) and the attachment
//! kinds ([`MdKind`]). A node is a generic tuple (`!{...}`) or a specialized
//! node (`!DILocation(...)`); either may be `distinct`. Nodes reference each
//! other by id, so cycles (self-referential `!llvm.loop` nodes) are plain
//! data.
//!
//! Specialized nodes are stored generically: the kind name (`DILocation`)
//! and the fields in source order, each a name and a [`MdField`]. Positional
//! operands (`!DIExpression(DW_OP_deref)`) have an empty field name. Typed
//! views (such as [`Metadata::location`]) read the fields by name.
//!
//! Uniquing: [`Metadata::push`] always allocates (the parser uses it, as
//! forward references make uniquing at parse time impossible; LLVM would
//! merge equal uniqued nodes, which changes no meaning).
//! [`Metadata::uniqued`] hash-conses, and finds equal non-distinct nodes
//! pushed before it was called, so new metadata reuses the module's.
//!
//! Function-local metadata (`metadata i32 %x`, `!DIArgList(...)`) is not
//! here: it lives in [`crate::Operand`] of the function that uses it.

use crate::entities::{Const, MdKind, MdNode, MdStr};
use cranelift_entity::{EntityRef, PrimaryMap};
use rustc_hash::FxHashMap;

/// A metadata operand: a reference to module-level metadata.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Md {
    /// `!N`, or an inline node such as `!{}` or `!DIExpression()`.
    Node(MdNode),
    /// `!"string"`.
    Str(MdStr),
    /// A constant wrapped as metadata (`i32 1`, `ptr @g`).
    Const(Const),
}

/// A node.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct MdNodeData {
    pub distinct: bool,
    pub body: MdBody,
}

/// The contents of a node.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum MdBody {
    /// `!{op, op, null, ...}`.
    Tuple(Vec<Option<Md>>),
    /// `!DIKind(field: value, ...)`.
    Special {
        kind: Box<str>,
        fields: Vec<MdField>,
    },
}

/// One field of a specialized node.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct MdField {
    /// The field name (`line`), or empty for positional operands.
    pub name: Box<str>,
    pub value: MdFieldValue,
}

/// The value of a specialized-node field.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum MdFieldValue {
    /// `null`.
    Null,
    /// An integer (covers every signed and unsigned 64-bit value).
    Int(i128),
    Bool(bool),
    /// A plain string `"..."` (such as `name: "f"`), as bytes.
    Str(Box<[u8]>),
    /// A metadata reference `!N`, `!"str"`, or an inline node.
    Md(Md),
    /// A bare keyword: `DW_TAG_base_type`, `DW_OP_deref`, `FullDebug`,
    /// `CSK_MD5`, `DW_LANG_C11`.
    Ident(Box<str>),
    /// `DIFlagA | DIFlagB` (or `DISPFlag...`), in source order.
    Flags(Vec<Box<str>>),
}

/// Module-level metadata.
#[derive(Clone, Debug)]
pub struct Metadata {
    nodes: PrimaryMap<MdNode, MdNodeData>,
    uniqued: FxHashMap<MdNodeData, MdNode>,
    /// Nodes `0..indexed` have been entered in `uniqued` (when not
    /// distinct); later ones were pushed without uniquing.
    indexed: usize,
    strings: PrimaryMap<MdStr, Box<[u8]>>,
    string_map: FxHashMap<Box<[u8]>, MdStr>,
    kinds: PrimaryMap<MdKind, Box<str>>,
    kind_map: FxHashMap<Box<str>, MdKind>,
}

impl Default for Metadata {
    fn default() -> Self {
        Self::new()
    }
}

/// LLVM's fixed metadata kinds, in their fixed order, so that attachments
/// sort as LLVM prints them (by kind id).
const FIXED_KINDS: &[&str] = &[
    "dbg",
    "tbaa",
    "prof",
    "fpmath",
    "range",
    "tbaa.struct",
    "invariant.load",
    "alias.scope",
    "noalias",
    "nontemporal",
    "llvm.mem.parallel_loop_access",
    "nonnull",
    "dereferenceable",
    "dereferenceable_or_null",
    "make.implicit",
    "unpredictable",
    "invariant.group",
    "align",
    "llvm.loop",
    "type",
    "section_prefix",
    "absolute_symbol",
    "associated",
    "callees",
    "irr_loop",
    "llvm.access.group",
    "callback",
    "llvm.preserve.access.index",
    "vcall_visibility",
    "noundef",
    "annotation",
    "nosanitize",
    "func_sanitize",
    "exclude",
    "memprof",
    "callsite",
    "kcfi_type",
    "pcsections",
    "DIAssignID",
    "coro.outside.frame",
];

impl Metadata {
    /// `!dbg`.
    pub const DBG: MdKind = MdKind::DBG;
    /// `!llvm.loop`.
    pub const LOOP: MdKind = MdKind::LOOP;
    /// `!llvm.access.group`.
    pub const ACCESS_GROUP: MdKind = MdKind::ACCESS_GROUP;

    pub fn new() -> Self {
        let mut m = Metadata {
            nodes: PrimaryMap::new(),
            uniqued: FxHashMap::default(),
            indexed: 0,
            strings: PrimaryMap::new(),
            string_map: FxHashMap::default(),
            kinds: PrimaryMap::new(),
            kind_map: FxHashMap::default(),
        };
        for k in FIXED_KINDS {
            m.kind(k);
        }
        m
    }
}

/// Nodes.
impl Metadata {
    /// Allocates a node without uniquing.
    pub fn push(&mut self, data: MdNodeData) -> MdNode {
        self.nodes.push(data)
    }

    /// Returns the uniqued node with this content (allocating it if new).
    /// Distinct nodes are always allocated.
    /// Equal nodes the parser pushed count: a transformation asking for
    /// `!{!"llvm.loop.unroll.disable"}` gets the module's existing node, as
    /// in LLVM, where parsing already merged them.
    pub fn uniqued(&mut self, data: MdNodeData) -> MdNode {
        if data.distinct {
            return self.nodes.push(data);
        }
        self.index_pushed();
        if let Some(&n) = self.uniqued.get(&data) {
            // A node edited in place since it was entered no longer
            // matches its entry.
            if self.nodes[n] == data {
                return n;
            }
        }
        let n = self.nodes.push(data.clone());
        self.uniqued.insert(data, n);
        n
    }

    /// Enters the uniqued nodes pushed since the last call, the first of
    /// equal nodes winning.
    fn index_pushed(&mut self) {
        while self.indexed < self.nodes.len() {
            let n = MdNode::new(self.indexed);
            let d = &self.nodes[n];
            if !d.distinct {
                if let Some(&old) = self.uniqued.get(d) {
                    if self.nodes[old] == *d {
                        self.indexed += 1;
                        continue;
                    }
                }
                self.uniqued.insert(d.clone(), n);
            }
            self.indexed += 1;
        }
    }

    /// A uniqued tuple `!{...}`.
    pub fn tuple(&mut self, ops: Vec<Option<Md>>) -> MdNode {
        self.uniqued(MdNodeData {
            distinct: false,
            body: MdBody::Tuple(ops),
        })
    }

    /// A new distinct tuple whose first operand is itself, followed by `ops`
    /// (the shape of an `!llvm.loop` LoopID).
    pub fn self_referential(&mut self, ops: Vec<Option<Md>>) -> MdNode {
        let n = self.nodes.push(MdNodeData {
            distinct: true,
            body: MdBody::Tuple(Vec::new()),
        });
        let mut all = Vec::with_capacity(ops.len() + 1);
        all.push(Some(Md::Node(n)));
        all.extend(ops);
        self.nodes[n].body = MdBody::Tuple(all);
        n
    }

    pub fn node(&self, n: MdNode) -> &MdNodeData {
        &self.nodes[n]
    }

    /// Mutable access to a node. Editing a node that was uniqued leaves a
    /// stale entry in the uniquing map, which only costs a missed merge.
    pub fn node_mut(&mut self, n: MdNode) -> &mut MdNodeData {
        &mut self.nodes[n]
    }

    pub fn nodes(&self) -> impl Iterator<Item = (MdNode, &MdNodeData)> {
        self.nodes.iter()
    }

    pub fn num_nodes(&self) -> usize {
        self.nodes.len()
    }

    /// The operands of a tuple node, or `None` for a specialized node.
    pub fn tuple_ops(&self, n: MdNode) -> Option<&[Option<Md>]> {
        match &self.nodes[n].body {
            MdBody::Tuple(ops) => Some(ops),
            MdBody::Special { .. } => None,
        }
    }

    /// The kind of a specialized node (`DILocation`), or `None` for a tuple.
    pub fn special_kind(&self, n: MdNode) -> Option<&str> {
        match &self.nodes[n].body {
            MdBody::Special { kind, .. } => Some(kind),
            MdBody::Tuple(_) => None,
        }
    }

    /// Field `name` of a specialized node.
    pub fn field(&self, n: MdNode, name: &str) -> Option<&MdFieldValue> {
        match &self.nodes[n].body {
            MdBody::Special { fields, .. } => {
                fields.iter().find(|f| &*f.name == name).map(|f| &f.value)
            }
            MdBody::Tuple(_) => None,
        }
    }

    /// Integer field `name` of a specialized node.
    pub fn int_field(&self, n: MdNode, name: &str) -> Option<i128> {
        match self.field(n, name)? {
            MdFieldValue::Int(v) => Some(*v),
            _ => None,
        }
    }

    /// Node-reference field `name` of a specialized node.
    pub fn node_field(&self, n: MdNode, name: &str) -> Option<MdNode> {
        match self.field(n, name)? {
            MdFieldValue::Md(Md::Node(m)) => Some(*m),
            _ => None,
        }
    }

    /// For a `!DILocation`: (line, column, scope).
    pub fn location(&self, n: MdNode) -> Option<(u32, u32, Option<MdNode>)> {
        if self.special_kind(n)? != "DILocation" {
            return None;
        }
        let line = self.int_field(n, "line").unwrap_or(0);
        let col = self.int_field(n, "column").unwrap_or(0);
        Some((
            u32::try_from(line).unwrap_or(0),
            u32::try_from(col).unwrap_or(0),
            self.node_field(n, "scope"),
        ))
    }
}

/// Strings and kinds.
impl Metadata {
    /// Interns a metadata string.
    pub fn string(&mut self, s: &[u8]) -> MdStr {
        if let Some(&id) = self.string_map.get(s) {
            return id;
        }
        let id = self.strings.push(s.into());
        self.string_map.insert(s.into(), id);
        id
    }

    /// Number of interned metadata strings.
    pub fn num_strings(&self) -> usize {
        self.strings.len()
    }

    pub fn str_bytes(&self, s: MdStr) -> &[u8] {
        &self.strings[s]
    }

    /// Looks up an existing string without interning.
    pub fn find_string(&self, s: &[u8]) -> Option<MdStr> {
        self.string_map.get(s).copied()
    }

    /// If `md` is a string, its bytes.
    pub fn as_str(&self, md: Md) -> Option<&[u8]> {
        match md {
            Md::Str(s) => Some(self.str_bytes(s)),
            _ => None,
        }
    }

    /// Interns an attachment kind name (`dbg`, `llvm.loop`, ...).
    pub fn kind(&mut self, name: &str) -> MdKind {
        if let Some(&k) = self.kind_map.get(name) {
            return k;
        }
        let k = self.kinds.push(name.into());
        self.kind_map.insert(name.into(), k);
        k
    }

    pub fn find_kind(&self, name: &str) -> Option<MdKind> {
        self.kind_map.get(name).copied()
    }

    pub fn kind_name(&self, k: MdKind) -> &str {
        &self.kinds[k]
    }
}

/// Metadata attachments of an instruction, function or global: `!kind !N`
/// pairs, kept sorted by kind id (the order LLVM prints them in).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Attachments(smallvec::SmallVec<[(MdKind, MdNode); 1]>);

impl Attachments {
    pub fn get(&self, k: MdKind) -> Option<MdNode> {
        self.0.iter().find(|(kk, _)| *kk == k).map(|&(_, n)| n)
    }

    /// Sets or replaces the attachment of kind `k`.
    pub fn set(&mut self, k: MdKind, n: MdNode) {
        match self.0.binary_search_by_key(&k, |&(kk, _)| kk) {
            Ok(i) => self.0[i].1 = n,
            Err(i) => self.0.insert(i, (k, n)),
        }
    }

    /// Adds an attachment; a global may carry several of the same kind
    /// (`!type`), which are kept in insertion order.
    pub fn push(&mut self, k: MdKind, n: MdNode) {
        let i = self.0.partition_point(|&(kk, _)| kk <= k);
        self.0.insert(i, (k, n));
    }

    pub fn remove(&mut self, k: MdKind) {
        self.0.retain(|(kk, _)| *kk != k);
    }

    pub fn iter(&self) -> impl Iterator<Item = (MdKind, MdNode)> + '_ {
        self.0.iter().copied()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}
