//! Interned constants.
//!
//! A [`Const`] is a module-level id into the [`ConstPool`]. Constants are
//! uniqued structurally, so `Const` equality is LLVM constant identity.
//! Every constant records its type. Constant expressions reuse the
//! instruction [`Opcode`] and [`Flags`].

use crate::apint::ApInt;
use crate::entities::{Block, Const, Func, GlobalRef};
use crate::inst::{Flags, Opcode};
use crate::types::Type;
use cranelift_entity::PrimaryMap;
use rustc_hash::FxHashMap;

/// The structure of a constant.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum ConstData {
    /// An integer of type `iN` (`true`/`false` for `i1`).
    Int {
        ty: Type,
        val: ApInt,
    },
    /// A floating-point value as the raw bit pattern of its type's format
    /// (16 bits for half/bfloat, 32 float, 64 double, 80 x86_fp80, 128 fp128
    /// and ppc_fp128), in the low bits.
    Float {
        ty: Type,
        bits: u128,
    },
    /// `null` of a pointer type (or a target extension type).
    Null(Type),
    /// `none` of type `token`.
    NoneToken,
    Undef(Type),
    Poison(Type),
    /// `zeroinitializer`.
    Zero(Type),
    /// `[ T a, T b ]`.
    Array {
        ty: Type,
        elems: Vec<Const>,
    },
    /// `{ T a, U b }` or `<{ ... }>`.
    Struct {
        ty: Type,
        elems: Vec<Const>,
    },
    /// `< T a, T b >`.
    Vector {
        ty: Type,
        elems: Vec<Const>,
    },
    /// `c"..."`: an array of `i8` given as bytes.
    Bytes {
        ty: Type,
        data: Vec<u8>,
    },
    /// The address of a global value, typed `ptr addrspace(N)`.
    Global {
        ty: Type,
        global: GlobalRef,
    },
    /// `blockaddress(@f, %bb)`.
    BlockAddress {
        ty: Type,
        func: Func,
        block: Block,
    },
    /// `dso_local_equivalent @f`.
    DsoLocalEquivalent {
        ty: Type,
        global: GlobalRef,
    },
    /// `no_cfi @f`.
    NoCfi {
        ty: Type,
        global: GlobalRef,
    },
    /// `ptrauth (ptr @f, i32 key[, i64 disc[, ptr addrdisc]])`.
    PtrAuth {
        ty: Type,
        ops: Vec<Const>,
    },
    /// A constant expression.
    Expr(ConstExpr),
    /// `asm [sideeffect] [alignstack] [inteldialect] [unwind] "asm", "constraints"`,
    /// typed with its function type (the callee of a call).
    InlineAsm(InlineAsm),
}

/// A constant expression such as `getelementptr inbounds (...)`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct ConstExpr {
    pub opcode: Opcode,
    /// The result type.
    pub ty: Type,
    pub flags: Flags,
    /// For `getelementptr`: the source element type.
    pub source_ty: Option<Type>,
    /// For `getelementptr ... inrange(lo, hi)`.
    pub inrange: Option<(ApInt, ApInt)>,
    /// For `icmp`/`fcmp` (kept for older inputs).
    pub predicate: Option<crate::inst::Predicate>,
    pub ops: Vec<Const>,
}

/// An inline assembly callee.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct InlineAsm {
    /// The function type.
    pub ty: Type,
    pub asm: Vec<u8>,
    pub constraints: Vec<u8>,
    pub side_effect: bool,
    pub align_stack: bool,
    pub intel_dialect: bool,
    pub can_throw: bool,
}

impl ConstData {
    /// The type of the constant. `NoneToken` has type `token`, which the
    /// caller supplies as it has no id here; see [`ConstPool::ty`].
    fn ty(&self) -> Option<Type> {
        Some(match self {
            ConstData::Int { ty, .. }
            | ConstData::Float { ty, .. }
            | ConstData::Null(ty)
            | ConstData::Undef(ty)
            | ConstData::Poison(ty)
            | ConstData::Zero(ty)
            | ConstData::Array { ty, .. }
            | ConstData::Struct { ty, .. }
            | ConstData::Vector { ty, .. }
            | ConstData::Bytes { ty, .. }
            | ConstData::Global { ty, .. }
            | ConstData::BlockAddress { ty, .. }
            | ConstData::DsoLocalEquivalent { ty, .. }
            | ConstData::NoCfi { ty, .. }
            | ConstData::PtrAuth { ty, .. } => *ty,
            ConstData::Expr(e) => e.ty,
            ConstData::InlineAsm(a) => a.ty,
            ConstData::NoneToken => return None,
        })
    }
}

/// The module's constant pool.
#[derive(Clone, Debug, Default)]
pub struct ConstPool {
    data: PrimaryMap<Const, ConstData>,
    map: FxHashMap<ConstData, Const>,
    /// The `blockaddress` constants, in creation order (a block's address
    /// is asked about without scanning every constant).
    block_addresses: Vec<Const>,
}

impl ConstPool {
    /// Interns a constant.
    pub fn intern(&mut self, data: ConstData) -> Const {
        if let Some(&c) = self.map.get(&data) {
            return c;
        }
        let is_address = matches!(data, ConstData::BlockAddress { .. });
        let c = self.data.push(data.clone());
        self.map.insert(data, c);
        if is_address {
            self.block_addresses.push(c);
        }
        c
    }

    /// The `blockaddress` constants, in creation order.
    pub fn block_addresses(&self) -> impl Iterator<Item = (Const, &ConstData)> {
        self.block_addresses.iter().map(|&c| (c, &self.data[c]))
    }

    pub fn data(&self, c: Const) -> &ConstData {
        &self.data[c]
    }

    /// The type of a constant.
    pub fn ty(&self, c: Const) -> Type {
        self.data[c].ty().unwrap_or(crate::types::TypeTable::TOKEN)
    }

    pub fn len(&self) -> usize {
        self.data.len()
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = (Const, &ConstData)> {
        self.data.iter()
    }

    /// Integer constant from an `i64`, sign-extended or truncated.
    pub fn int(&mut self, ty: Type, bits: u32, v: i64) -> Const {
        self.intern(ConstData::Int {
            ty,
            val: ApInt::from_i64(bits, v),
        })
    }

    /// The integer value of `c` as `i64` (sign-extended), if it is an
    /// integer constant that fits.
    pub fn as_i64(&self, c: Const) -> Option<i64> {
        match &self.data[c] {
            ConstData::Int { val, .. } => val.as_i64(),
            _ => None,
        }
    }

    /// The integer value of `c`, if it is an integer constant.
    pub fn as_apint(&self, c: Const) -> Option<&ApInt> {
        match &self.data[c] {
            ConstData::Int { val, .. } => Some(val),
            _ => None,
        }
    }
}
