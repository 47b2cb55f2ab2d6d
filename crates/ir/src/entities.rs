//! Typed entity ids.
//!
//! Every entity of the IR is addressed by a `u32` newtype made with
//! `cranelift_entity::entity_impl!`. Module-level ids ([`Const`], [`MdNode`],
//! [`GlobalVar`], [`Func`], ...) index arenas in [`crate::Module`];
//! function-level ids ([`Block`], [`Inst`], [`Value`], [`ArgList`]) index
//! arenas in a [`crate::Function`]. Ids never appear in printed IR: the
//! printer numbers everything itself.

use cranelift_entity::entity_impl;

macro_rules! entity {
    ($(#[$m:meta])* $name:ident, $disp:literal) => {
        $(#[$m])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(u32);
        entity_impl!($name, $disp);
    };
}

entity!(
    /// A basic block of a function.
    Block,
    "bb"
);
entity!(
    /// An instruction (or debug record) of a function.
    Inst,
    "inst"
);
entity!(
    /// A function-local SSA value: an argument or an instruction result.
    Value,
    "v"
);
entity!(
    /// A function-local `!DIArgList(...)`.
    ArgList,
    "arglist"
);
entity!(
    /// An interned constant (module level).
    Const,
    "c"
);
entity!(
    /// A metadata node (module level), uniqued or distinct.
    MdNode,
    "md"
);
entity!(
    /// An interned metadata string `!"..."`.
    MdStr,
    "mdstr"
);
entity!(
    /// A metadata attachment kind such as `dbg` or `llvm.loop`.
    MdKind,
    "mdkind"
);
entity!(
    /// An interned attribute set.
    AttrSet,
    "attrs"
);
entity!(
    /// A global variable.
    GlobalVar,
    "gv"
);
entity!(
    /// A function (declaration or definition).
    Func,
    "fn"
);
entity!(
    /// A global alias.
    Alias,
    "alias"
);
entity!(
    /// A global ifunc.
    IFunc,
    "ifunc"
);
entity!(
    /// A comdat.
    Comdat,
    "comdat"
);

/// A reference to any global value (the `@name` namespace).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum GlobalRef {
    Var(GlobalVar),
    Func(Func),
    Alias(Alias),
    IFunc(IFunc),
}

impl MdKind {
    /// `!dbg`: LLVM's fixed kind 0.
    pub const DBG: MdKind = MdKind(0);
    /// `!alias.scope`: LLVM's fixed kind 7.
    pub const ALIAS_SCOPE: MdKind = MdKind(7);
    /// `!noalias`: LLVM's fixed kind 8.
    pub const NOALIAS: MdKind = MdKind(8);
    /// `!llvm.loop`: LLVM's fixed kind 18.
    pub const LOOP: MdKind = MdKind(18);
    /// `!llvm.access.group`: LLVM's fixed kind 25.
    pub const ACCESS_GROUP: MdKind = MdKind(25);
}

impl AttrSet {
    /// The empty attribute set, always id 0 of every pool.
    pub const EMPTY: AttrSet = AttrSet(0);
}
