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
//! views (such as [`Metadata::location`]) read the fields by name. Kind
//! names, field names and keywords are [`MdName`]s: the parser refers to
//! the ones LLVM knows in static tables and only allocates for others.
//!
//! Uniquing: [`Metadata::push`] always allocates (the parser uses it, as
//! forward references make uniquing at parse time impossible; LLVM would
//! merge equal uniqued nodes, which changes no meaning).
//! [`Metadata::uniqued`] hash-conses, and finds equal non-distinct nodes
//! pushed before it was called, so new metadata reuses the module's. The
//! uniquing index stores node ids, not copies of the nodes: an entry's key
//! is its node's content, or, once the node is handed out by
//! [`Metadata::node_mut`], a copy of the content it had when it was entered
//! (so the index behaves exactly as a map from content snapshots to nodes).
//!
//! Function-local metadata (`metadata i32 %x`, `!DIArgList(...)`) is not
//! here: it lives in [`crate::Operand`] of the function that uses it.

use crate::entities::{Const, MdKind, MdNode, MdStr};
use cranelift_entity::{EntityRef, PrimaryMap};
use rustc_hash::{FxBuildHasher, FxHashMap};
use std::hash::{BuildHasher, Hash, Hasher};

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
    Special { kind: MdName, fields: Vec<MdField> },
}

/// One field of a specialized node.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct MdField {
    /// The field name (`line`), or empty for positional operands.
    pub name: MdName,
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
    Ident(MdName),
    /// `DIFlagA | DIFlagB` (or `DISPFlag...`), in source order.
    Flags(Vec<MdName>),
}

/// A name in a specialized node (kind, field name or keyword): a string in
/// a static table or an owned one. It is used as a `str` (it derefs to
/// one, and compares and hashes as one), and is as small as a `Box<str>`.
#[derive(Clone)]
pub struct MdName(NameRepr);

#[derive(Clone)]
enum NameRepr {
    /// An entry of a static table (a thin pointer, so that the enum fits in
    /// the size of `Box<str>`).
    Static(&'static &'static str),
    Owned(Box<str>),
}

impl MdName {
    /// The name `*s`, without allocating.
    pub const fn from_static(s: &'static &'static str) -> MdName {
        MdName(NameRepr::Static(s))
    }

    pub fn as_str(&self) -> &str {
        match &self.0 {
            NameRepr::Static(s) => s,
            NameRepr::Owned(s) => s,
        }
    }
}

impl std::ops::Deref for MdName {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for MdName {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl From<&str> for MdName {
    fn from(s: &str) -> MdName {
        MdName(NameRepr::Owned(s.into()))
    }
}

impl From<String> for MdName {
    fn from(s: String) -> MdName {
        MdName(NameRepr::Owned(s.into()))
    }
}

impl PartialEq for MdName {
    fn eq(&self, other: &MdName) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for MdName {}

impl PartialEq<str> for MdName {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for MdName {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl Hash for MdName {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.as_str().hash(h);
    }
}

impl std::fmt::Debug for MdName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

impl std::fmt::Display for MdName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An entry of the uniquing index, mapping a key (node content) to a node.
#[derive(Clone, Debug)]
struct UniqEntry {
    /// The hash of the key.
    hash: u64,
    node: MdNode,
    /// The key, once `node` may have been edited since the entry was made;
    /// while `None`, the key is the node's current content.
    snapshot: Option<Box<MdNodeData>>,
}

fn hash_data(d: &MdNodeData) -> u64 {
    FxBuildHasher.hash_one(d)
}

/// The entry of `table` whose key is `data` (of hash `h`).
fn find_key<'t>(
    table: &'t mut hashbrown::HashTable<UniqEntry>,
    nodes: &PrimaryMap<MdNode, MdNodeData>,
    h: u64,
    data: &MdNodeData,
) -> Option<&'t mut UniqEntry> {
    table.find_mut(h, |e| {
        e.hash == h
            && match &e.snapshot {
                Some(s) => **s == *data,
                None => nodes[e.node] == *data,
            }
    })
}

/// Enters `n` in `table` as the node for content `data`, unless the entry
/// for that content still names a node that has it (a node edited in place
/// since it was entered no longer does): that node is returned instead.
fn enter(
    table: &mut hashbrown::HashTable<UniqEntry>,
    nodes: &PrimaryMap<MdNode, MdNodeData>,
    data: &MdNodeData,
    n: MdNode,
) -> Option<MdNode> {
    let h = hash_data(data);
    match find_key(table, nodes, h, data) {
        Some(e) if nodes[e.node] == *data => Some(e.node),
        Some(e) => {
            e.node = n;
            e.snapshot = None;
            None
        }
        None => {
            table.insert_unique(
                h,
                UniqEntry {
                    hash: h,
                    node: n,
                    snapshot: None,
                },
                |e| e.hash,
            );
            None
        }
    }
}

/// Module-level metadata.
#[derive(Clone, Debug)]
pub struct Metadata {
    nodes: PrimaryMap<MdNode, MdNodeData>,
    /// The uniquing index: at most one entry per key (see [`UniqEntry`]).
    uniqued: hashbrown::HashTable<UniqEntry>,
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
            uniqued: hashbrown::HashTable::new(),
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
        let next = MdNode::new(self.nodes.len());
        if let Some(n) = enter(&mut self.uniqued, &self.nodes, &data, next) {
            return n;
        }
        self.nodes.push(data)
    }

    /// Enters the uniqued nodes pushed since the last call, the first of
    /// equal nodes winning.
    fn index_pushed(&mut self) {
        while self.indexed < self.nodes.len() {
            let n = MdNode::new(self.indexed);
            let d = &self.nodes[n];
            if !d.distinct {
                // The first of equal nodes wins.
                enter(&mut self.uniqued, &self.nodes, d, n);
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
        let d = &self.nodes[n];
        // An entry whose key is this node's content keeps a copy of it as
        // its key from now on. (An entry without a snapshot always has its
        // node's current content as key, so it is found by that content.)
        if !d.distinct && !self.uniqued.is_empty() {
            let h = hash_data(d);
            if let Some(e) = self
                .uniqued
                .find_mut(h, |e| e.hash == h && e.node == n && e.snapshot.is_none())
            {
                e.snapshot = Some(Box::new(d.clone()));
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The uniquing index as a map from content snapshots to nodes (the
    /// straightforward implementation the index must behave exactly as).
    #[derive(Default)]
    struct Model {
        nodes: Vec<MdNodeData>,
        map: std::collections::HashMap<MdNodeData, usize>,
        indexed: usize,
    }

    impl Model {
        fn index_pushed(&mut self) {
            while self.indexed < self.nodes.len() {
                let d = &self.nodes[self.indexed];
                if !d.distinct {
                    let fresh = match self.map.get(d) {
                        Some(&old) => self.nodes[old] == *d,
                        None => false,
                    };
                    if !fresh {
                        self.map.insert(d.clone(), self.indexed);
                    }
                }
                self.indexed += 1;
            }
        }

        fn uniqued(&mut self, data: MdNodeData) -> usize {
            if data.distinct {
                self.nodes.push(data);
                return self.nodes.len() - 1;
            }
            self.index_pushed();
            if let Some(&n) = self.map.get(&data) {
                if self.nodes[n] == data {
                    return n;
                }
            }
            self.nodes.push(data.clone());
            self.map.insert(data, self.nodes.len() - 1);
            self.nodes.len() - 1
        }
    }

    /// A small node from a few random bits, so that equal nodes are common.
    fn data(r: u64) -> MdNodeData {
        let distinct = r.is_multiple_of(7);
        let body = match (r >> 3) % 3 {
            0 => MdBody::Tuple(Vec::new()),
            1 => MdBody::Tuple(vec![Some(Md::Node(MdNode::new(((r >> 5) % 3) as usize)))]),
            _ => MdBody::Special {
                kind: if (r >> 7).is_multiple_of(2) {
                    MdName::from_static(&"DILocation")
                } else {
                    MdName::from("DILocation")
                },
                fields: vec![MdField {
                    name: MdName::from_static(&"line"),
                    value: MdFieldValue::Int(i128::from((r >> 8) % 2)),
                }],
            },
        };
        MdNodeData { distinct, body }
    }

    #[test]
    fn md_name_is_a_str() {
        assert_eq!(
            std::mem::size_of::<MdName>(),
            std::mem::size_of::<Box<str>>()
        );
        let a = MdName::from_static(&"line");
        let b = MdName::from(String::from("line"));
        assert_eq!(a, b);
        assert!(a == "line" && &*b == "line");
        assert_eq!(FxBuildHasher.hash_one(&a), FxBuildHasher.hash_one("line"));
        assert_eq!(format!("{a} {b:?}"), "line \"line\"");
    }

    #[test]
    fn uniqued_matches_snapshot_map() {
        let mut rng = loopwright_testkit::Rng::new(0x9e37_79b9_7f4a_7c15);
        let mut next = move || rng.next_u64();
        for _ in 0..300 {
            let mut md = Metadata::new();
            let mut model = Model::default();
            for _ in 0..60 {
                let r = next();
                match r % 4 {
                    0 => {
                        let d = data(r >> 2);
                        assert_eq!(md.push(d.clone()).index(), model.nodes.len());
                        model.nodes.push(d);
                    }
                    1 if !model.nodes.is_empty() => {
                        let n = ((r >> 2) % model.nodes.len() as u64) as usize;
                        let d = data(r >> 12);
                        *md.node_mut(MdNode::new(n)) = d.clone();
                        model.nodes[n] = d;
                    }
                    _ => {
                        let d = data(r >> 2);
                        assert_eq!(md.uniqued(d.clone()).index(), model.uniqued(d));
                    }
                }
                assert_eq!(md.num_nodes(), model.nodes.len());
            }
        }
    }
}
