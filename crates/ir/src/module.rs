//! The module and its global values.

use crate::attrs::AttrPool;
use crate::constant::{ConstData, ConstPool};
use crate::entities::{Alias, AttrSet, Comdat, Const, Func, GlobalRef, GlobalVar, IFunc, MdNode};
use crate::function::Function;
use crate::inst::{InstData, Operand};
use crate::metadata::{Attachments, Metadata};
use crate::types::{Type, TypeTable};
use cranelift_entity::PrimaryMap;

/// Linkage types.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum Linkage {
    #[default]
    External,
    Private,
    Internal,
    AvailableExternally,
    LinkOnce,
    LinkOnceOdr,
    Weak,
    WeakOdr,
    Common,
    Appending,
    ExternWeak,
}

impl Linkage {
    /// LLVM's `GlobalValue::isInterposableLinkage`: a definition the linker
    /// may replace with another (`weak`, `linkonce`, `common`), or a weak
    /// declaration. The `_odr` forms promise an equivalent replacement.
    pub fn is_interposable(self) -> bool {
        matches!(
            self,
            Linkage::Weak | Linkage::LinkOnce | Linkage::Common | Linkage::ExternWeak
        )
    }

    /// The keyword, or `""` for external.
    pub fn name(self) -> &'static str {
        match self {
            Linkage::External => "",
            Linkage::Private => "private",
            Linkage::Internal => "internal",
            Linkage::AvailableExternally => "available_externally",
            Linkage::LinkOnce => "linkonce",
            Linkage::LinkOnceOdr => "linkonce_odr",
            Linkage::Weak => "weak",
            Linkage::WeakOdr => "weak_odr",
            Linkage::Common => "common",
            Linkage::Appending => "appending",
            Linkage::ExternWeak => "extern_weak",
        }
    }

    pub fn from_name(s: &str) -> Option<Self> {
        Some(match s {
            "external" => Linkage::External,
            "private" => Linkage::Private,
            "internal" => Linkage::Internal,
            "available_externally" => Linkage::AvailableExternally,
            "linkonce" => Linkage::LinkOnce,
            "linkonce_odr" => Linkage::LinkOnceOdr,
            "weak" => Linkage::Weak,
            "weak_odr" => Linkage::WeakOdr,
            "common" => Linkage::Common,
            "appending" => Linkage::Appending,
            "extern_weak" => Linkage::ExternWeak,
            _ => return None,
        })
    }

    /// Private or internal.
    pub fn is_local(self) -> bool {
        matches!(self, Linkage::Private | Linkage::Internal)
    }
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum Visibility {
    #[default]
    Default,
    Hidden,
    Protected,
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum DllStorage {
    #[default]
    None,
    Import,
    Export,
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum UnnamedAddr {
    #[default]
    None,
    /// `local_unnamed_addr`.
    Local,
    /// `unnamed_addr`.
    Global,
}

/// Thread-local storage model.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum ThreadLocal {
    /// `thread_local`.
    GeneralDynamic,
    LocalDynamic,
    InitialExec,
    LocalExec,
}

/// Comdat selection kinds.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum ComdatKind {
    #[default]
    Any,
    ExactMatch,
    Largest,
    NoDeduplicate,
    SameSize,
}

impl ComdatKind {
    pub fn name(self) -> &'static str {
        match self {
            ComdatKind::Any => "any",
            ComdatKind::ExactMatch => "exactmatch",
            ComdatKind::Largest => "largest",
            ComdatKind::NoDeduplicate => "nodeduplicate",
            ComdatKind::SameSize => "samesize",
        }
    }
}

/// A comdat `$name = comdat kind`.
#[derive(Clone, Debug)]
pub struct ComdatData {
    pub name: String,
    pub kind: ComdatKind,
}

/// Properties shared by every global value.
#[derive(Clone, Debug, Default)]
pub struct GlobalCommon {
    /// `None` for an unnamed global (`@0`), numbered by the printer.
    pub name: Option<String>,
    pub linkage: Linkage,
    pub visibility: Visibility,
    pub dll_storage: DllStorage,
    /// `dso_local`.
    pub dso_local: bool,
    pub thread_local: Option<ThreadLocal>,
    pub unnamed_addr: UnnamedAddr,
    pub addrspace: u32,
    pub section: Option<String>,
    pub partition: Option<String>,
    pub comdat: Option<Comdat>,
    pub align: Option<u64>,
    /// `!dbg !N`, `!type !N`, ... (several of one kind are allowed here).
    pub md: Attachments,
}

/// A global variable.
#[derive(Clone, Debug)]
pub struct GlobalVarData {
    pub common: GlobalCommon,
    pub value_ty: Type,
    /// `constant` rather than `global`.
    pub is_constant: bool,
    pub externally_initialized: bool,
    /// `None` for a declaration.
    pub init: Option<Const>,
    /// `code_model "small"`.
    pub code_model: Option<String>,
    /// `no_sanitize_address`, `sanitize_memtag`, ... in source order.
    pub sanitizer: Vec<String>,
    /// Attributes (`#N` on a global).
    pub attrs: AttrSet,
}

/// A global alias `@a = alias T, ptr @b`.
#[derive(Clone, Debug)]
pub struct AliasData {
    pub common: GlobalCommon,
    pub value_ty: Type,
    pub aliasee: Const,
}

/// A global ifunc `@f = ifunc T, ptr @resolver`.
#[derive(Clone, Debug)]
pub struct IFuncData {
    pub common: GlobalCommon,
    pub value_ty: Type,
    pub resolver: Const,
}

/// A named metadata `!name = !{!0, !1}`.
#[derive(Clone, Debug)]
pub struct NamedMd {
    pub name: String,
    pub ops: Vec<MdNode>,
}

/// A module: everything one `.ll` file holds.
///
/// Global values live in four arenas (variables, functions, aliases,
/// ifuncs), each in source order, which is also printing order.
/// `uselistorder` directives are parsed and dropped, as `opt -S` drops them.
#[derive(Clone, Debug, Default)]
pub struct Module {
    /// The module identifier (LLVM's `getModuleIdentifier`): the name of
    /// the file it was read from, printed as `; ModuleID = '...'`.
    pub module_id: Option<String>,
    pub source_filename: Option<String>,
    pub datalayout: Option<String>,
    pub triple: Option<String>,
    /// `module asm "..."` lines, in order.
    pub module_asm: Vec<Vec<u8>>,
    pub types: TypeTable,
    pub consts: ConstPool,
    pub md: Metadata,
    pub attrs: AttrPool,
    pub comdats: PrimaryMap<Comdat, ComdatData>,
    pub globals: PrimaryMap<GlobalVar, GlobalVarData>,
    pub functions: PrimaryMap<Func, Function>,
    pub aliases: PrimaryMap<Alias, AliasData>,
    pub ifuncs: PrimaryMap<IFunc, IFuncData>,
    pub named_md: Vec<NamedMd>,
    /// The relocation model the code will be generated for: not part of the
    /// IR text (never printed), but of the target machine opt builds for it
    /// (`-relocation-model`). It decides which addresses fold into x86
    /// addressing modes, and so the loop sizes the unroller measures.
    /// Static unless set, as opt-19 on an x86-64 ELF triple.
    pub relocation_model: RelocModel,
}

/// LLVM's `Reloc::Model`, spelled as `opt -relocation-model=` spells it.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum RelocModel {
    #[default]
    Static,
    Pic,
    DynamicNoPic,
    Ropi,
    Rwpi,
    RopiRwpi,
}

impl RelocModel {
    /// Every model with its option value.
    pub const ALL: [(RelocModel, &'static str); 6] = [
        (RelocModel::Static, "static"),
        (RelocModel::Pic, "pic"),
        (RelocModel::DynamicNoPic, "dynamic-no-pic"),
        (RelocModel::Ropi, "ropi"),
        (RelocModel::Rwpi, "rwpi"),
        (RelocModel::RopiRwpi, "ropi-rwpi"),
    ];

    /// The model an option value names.
    pub fn parse(s: &str) -> Option<RelocModel> {
        Self::ALL.iter().find(|(_, n)| *n == s).map(|(m, _)| *m)
    }

    /// The option value.
    pub fn name(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(m, _)| *m == self)
            .map_or("static", |(_, n)| n)
    }

    /// LLVM's `TargetMachine::isPositionIndependent`.
    pub fn is_position_independent(self) -> bool {
        self == RelocModel::Pic
    }
}

impl Module {
    pub fn new() -> Self {
        Self::default()
    }

    /// The function a call-like instruction calls directly (LLVM's
    /// `getCalledFunction`): `None` for an indirect call (through a
    /// pointer, an alias or a constant expression) and for an instruction
    /// that is not a call.
    pub fn called_function(&self, d: &InstData) -> Option<Func> {
        match d.callee()? {
            Operand::Const(c) => match self.consts.data(c) {
                ConstData::Global {
                    global: GlobalRef::Func(g),
                    ..
                } => Some(*g),
                _ => None,
            },
            _ => None,
        }
    }

    /// The common properties of any global value.
    pub fn global_common(&self, g: GlobalRef) -> &GlobalCommon {
        match g {
            GlobalRef::Var(v) => &self.globals[v].common,
            GlobalRef::Func(f) => &self.functions[f].common,
            GlobalRef::Alias(a) => &self.aliases[a].common,
            GlobalRef::IFunc(i) => &self.ifuncs[i].common,
        }
    }

    pub fn global_common_mut(&mut self, g: GlobalRef) -> &mut GlobalCommon {
        match g {
            GlobalRef::Var(v) => &mut self.globals[v].common,
            GlobalRef::Func(f) => &mut self.functions[f].common,
            GlobalRef::Alias(a) => &mut self.aliases[a].common,
            GlobalRef::IFunc(i) => &mut self.ifuncs[i].common,
        }
    }

    /// The name of a global value, if it has one.
    pub fn global_name(&self, g: GlobalRef) -> Option<&str> {
        self.global_common(g).name.as_deref()
    }

    /// Finds a function by name (linear scan; build a map for repeated use).
    pub fn function_by_name(&self, name: &str) -> Option<Func> {
        self.functions
            .iter()
            .find(|(_, f)| f.common.name.as_deref() == Some(name))
            .map(|(k, _)| k)
    }

    /// Whether a definition of `g` may be replaced by another at link or
    /// load time (LLVM's `GlobalValue::isInterposable`): interposable
    /// linkage, or a global that is not `dso_local` in a module that may
    /// carry the `SemanticInterposition` module flag (any metadata string of
    /// that name counts, which errs on the safe side). Local linkage and
    /// hidden or protected visibility make a global `dso_local`, as LLVM's
    /// parser marks them.
    pub fn is_interposable(&self, g: GlobalRef) -> bool {
        let c = self.global_common(g);
        let dso_local = c.dso_local
            || matches!(c.linkage, Linkage::Internal | Linkage::Private)
            || c.visibility != Visibility::Default;
        c.linkage.is_interposable()
            || (!dso_local && self.md.find_string(b"SemanticInterposition").is_some())
    }

    /// Finds the named metadata `name`.
    pub fn named_md(&self, name: &str) -> Option<&NamedMd> {
        self.named_md.iter().find(|n| n.name == name)
    }
}
