//! loopwright's SSA intermediate representation.
//!
//! This crate is the data model only: it knows nothing about loops,
//! analyses or text. It mirrors LLVM IR one to one so that a module read
//! from `.ll` prints back with the same meaning.
//!
//! - [`Module`] holds global values, the interned [`TypeTable`] and
//!   [`ConstPool`], the [`Metadata`] graph and the [`AttrPool`].
//! - [`Function`] holds blocks, instructions and values in arenas addressed
//!   by typed ids, their order in a [`Layout`], and use lists.
//! - [`InstData`] is one instruction: opcode, result type, flat operand
//!   list, flags, opcode-specific [`Extra`] and metadata attachments.
//!
//! Architecture invariants:
//! - Ids never reach printed text; the printer numbers unnamed entities.
//! - All operands (values, constants, blocks, metadata) are in one list, so
//!   remapping for cloning is one loop.
//! - Use lists are exact as long as operands change only through
//!   `Function` methods, which is enforced by `operands` being private.

pub mod apint;
pub mod attrs;
pub mod builder;
pub mod callconv;
pub mod constant;
pub mod constfold;
pub mod datalayout;
pub mod entities;
pub mod function;
pub mod inst;
pub mod layout;
pub mod metadata;
pub mod module;
pub mod par;
pub mod print;
pub mod types;

pub use apint::ApInt;
pub use attrs::{Attr, AttrPool};
pub use builder::{Builder, InsertPoint};
pub use constant::{ConstData, ConstExpr, ConstPool, InlineAsm};
pub use datalayout::DataLayout;
pub use entities::{
    Alias, ArgList, AttrSet, Block, Comdat, Const, Func, GlobalRef, GlobalVar, IFunc, Inst, MdKind,
    MdNode, MdStr, Value,
};
pub use function::{BlockData, Function, InstMut, ValueData, ValueDef};
pub use inst::{
    AllocaInfo, Atomic, Bundle, CallInfo, ClauseKind, CmpXchgInfo, Extra, Flags, InstData, Opcode,
    Operand, Ordering, Predicate, RmwInfo, RmwOp, TailKind,
};
pub use layout::Layout;
pub use metadata::{Attachments, Md, MdBody, MdField, MdFieldValue, MdNodeData, Metadata};
pub use module::{
    AliasData, ComdatData, ComdatKind, DllStorage, GlobalCommon, GlobalVarData, IFuncData, Linkage,
    Module, NamedMd, RelocModel, ThreadLocal, UnnamedAddr, Visibility,
};
pub use types::{NamedStruct, NamedStructData, StructBody, Type, TypeData, TypeTable};
