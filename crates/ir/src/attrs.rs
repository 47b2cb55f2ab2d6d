//! Attributes and interned attribute sets.
//!
//! An [`AttrSet`] is an id into the module's [`AttrPool`]; equal sets share
//! an id, so functions and call sites compare attribute sets in O(1).
//! `attributes #N = { ... }` groups are not stored: the parser expands `#N`
//! into the set it names, and the printer regroups function and call-site
//! attribute sets into `#N` groups as LLVM does.

use crate::entities::AttrSet;
use crate::types::Type;
use cranelift_entity::PrimaryMap;
use rustc_hash::FxHashMap;

/// One attribute.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Attr {
    /// A keyword without argument: `nounwind`, `noalias`, `mustprogress`.
    Flag(Box<str>),
    /// A keyword with an integer: `align 8`, `alignstack(16)`,
    /// `dereferenceable(8)`, `dereferenceable_or_null(8)`. The printer picks
    /// the spelling LLVM uses for the keyword.
    Int(Box<str>, u64),
    /// A keyword with a type: `sret(%T)`, `byval(i32)`, `elementtype(i8)`,
    /// `byref(..)`, `preallocated(..)`, `inalloca(..)`.
    Type(Box<str>, Type),
    /// A string attribute `"key"` or `"key"="value"`.
    Str(Box<str>, Option<Box<str>>),
    /// A keyword with a parenthesised argument kept verbatim as LLVM prints
    /// it: `memory(argmem: read)`, `allocsize(0,1)`, `nofpclass(nan inf)`,
    /// `range(i32 0, 10)`, `initializes((0, 4))`, `vscale_range(1,16)`,
    /// `allockind("alloc,zeroed")`, `uwtable(sync)`. The second field holds
    /// the text between the parentheses.
    Raw(Box<str>, Box<str>),
}

impl Attr {
    /// The keyword (or string key) of the attribute.
    pub fn name(&self) -> &str {
        match self {
            Attr::Flag(n) | Attr::Int(n, _) | Attr::Type(n, _) | Attr::Raw(n, _) => n,
            Attr::Str(k, _) => k,
        }
    }
}

/// The module's attribute-set pool. Sets are stored sorted and deduplicated.
#[derive(Clone, Debug)]
pub struct AttrPool {
    sets: PrimaryMap<AttrSet, Box<[Attr]>>,
    map: FxHashMap<Box<[Attr]>, AttrSet>,
    /// Unions computed so far (the parser asks for the same `#N` group
    /// unions at every call site).
    unions: FxHashMap<(AttrSet, AttrSet), AttrSet>,
}

impl Default for AttrPool {
    fn default() -> Self {
        Self::new()
    }
}

impl AttrPool {
    /// The empty attribute set.
    pub const EMPTY: AttrSet = AttrSet::EMPTY;

    pub fn new() -> Self {
        let mut p = AttrPool {
            sets: PrimaryMap::new(),
            map: FxHashMap::default(),
            unions: FxHashMap::default(),
        };
        let e = p.intern(Vec::new());
        debug_assert_eq!(e, Self::EMPTY);
        p
    }

    /// Interns a set. Attributes keep their relative order except that
    /// exact duplicates are removed; LLVM's printer order is the printer's
    /// business.
    /// A known set costs one hash and one comparison, no allocation.
    pub fn intern(&mut self, mut attrs: Vec<Attr>) -> AttrSet {
        let n = attrs.len();
        let has_duplicates = if n <= 16 {
            (1..n).any(|i| attrs[..i].contains(&attrs[i]))
        } else {
            let mut seen = rustc_hash::FxHashSet::default();
            !attrs.iter().all(|a| seen.insert(a))
        };
        if has_duplicates {
            let mut seen = rustc_hash::FxHashSet::default();
            attrs.retain(|a| seen.insert(a.clone()));
        }
        if let Some(&s) = self.map.get(&attrs[..]) {
            return s;
        }
        let key: Box<[Attr]> = attrs.into();
        let s = self.sets.push(key.clone());
        self.map.insert(key, s);
        s
    }

    pub fn get(&self, s: AttrSet) -> &[Attr] {
        &self.sets[s]
    }

    pub fn is_empty_set(&self, s: AttrSet) -> bool {
        self.sets[s].is_empty()
    }

    /// Whether set `s` has the keyword or string attribute `name`.
    pub fn has(&self, s: AttrSet, name: &str) -> bool {
        self.sets[s].iter().any(|a| a.name() == name)
    }

    /// The union of two sets (attributes of `b` after those of `a`).
    pub fn union(&mut self, a: AttrSet, b: AttrSet) -> AttrSet {
        if self.is_empty_set(b) {
            return a;
        }
        if self.is_empty_set(a) {
            return b;
        }
        if let Some(&u) = self.unions.get(&(a, b)) {
            return u;
        }
        let mut v = self.sets[a].to_vec();
        v.extend(self.sets[b].iter().cloned());
        let u = self.intern(v);
        self.unions.insert((a, b), u);
        u
    }

    pub fn iter(&self) -> impl Iterator<Item = (AttrSet, &[Attr])> {
        self.sets.iter().map(|(k, v)| (k, &**v))
    }
}
