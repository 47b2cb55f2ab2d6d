//! Interned types.
//!
//! Every type in a module is a [`Type`], a `u32` id into the module's
//! [`TypeTable`]. Structural types (integers, pointers, vectors, arrays,
//! literal structs, function types, target extension types) are uniqued, so
//! two `Type`s are equal exactly when the LLVM types are equal. Identified
//! struct types (`%T = type { ... }`) are uniqued by identity: each has a
//! [`NamedStruct`] id, and its body may be set after creation (for forward
//! references and recursive types).

use cranelift_entity::{entity_impl, PrimaryMap, SecondaryMap};
use rustc_hash::FxHashMap;

/// An interned type.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Type(u32);
entity_impl!(Type, "ty");

/// An identified (named or numbered) struct type, such as `%struct.S` or `%0`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NamedStruct(u32);
entity_impl!(NamedStruct, "struct");

/// The structure of a type.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum TypeData {
    Void,
    Label,
    Metadata,
    Token,
    X86Amx,
    /// `iN`, 1 <= N <= 2^23.
    Int(u32),
    Half,
    BFloat,
    Float,
    Double,
    X86Fp80,
    Fp128,
    PpcFp128,
    /// `ptr` / `ptr addrspace(N)`.
    Ptr(u32),
    /// `<N x T>` or `<vscale x N x T>`.
    Vector {
        scalable: bool,
        len: u32,
        elem: Type,
    },
    /// `[N x T]`.
    Array {
        len: u64,
        elem: Type,
    },
    /// A literal struct `{ T, U }` or packed `<{ T, U }>`.
    Struct {
        packed: bool,
        elems: Vec<Type>,
    },
    /// An identified struct; its body lives in [`TypeTable::named_struct`].
    Named(NamedStruct),
    /// `R (P1, P2, ...)`.
    Function {
        ret: Type,
        params: Vec<Type>,
        vararg: bool,
    },
    /// `target("name", types..., ints...)`.
    TargetExt {
        name: String,
        types: Vec<Type>,
        ints: Vec<u32>,
    },
}

/// The definition of an identified struct type.
#[derive(Clone, Debug, Default)]
pub struct NamedStructData {
    /// `None` for a numbered struct type (`%0 = type {...}`).
    pub name: Option<String>,
    /// `None` while the struct is opaque (`type opaque`) or not yet defined.
    pub body: Option<StructBody>,
}

/// The elements of an identified struct type.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct StructBody {
    pub packed: bool,
    pub elems: Vec<Type>,
}

/// The module's type table: interning map plus identified structs.
#[derive(Clone, Debug)]
pub struct TypeTable {
    data: PrimaryMap<Type, TypeData>,
    map: FxHashMap<TypeData, Type>,
    structs: PrimaryMap<NamedStruct, NamedStructData>,
    struct_by_name: FxHashMap<String, NamedStruct>,
    /// Order in which identified structs were defined (printing order).
    struct_order: Vec<NamedStruct>,
    /// Membership of `struct_order`.
    struct_defined: SecondaryMap<NamedStruct, bool>,
}

impl Default for TypeTable {
    fn default() -> Self {
        Self::new()
    }
}

/// Well-known types, interned first so that their ids are fixed.
impl TypeTable {
    pub const VOID: Type = Type(0);
    pub const LABEL: Type = Type(1);
    pub const METADATA: Type = Type(2);
    pub const TOKEN: Type = Type(3);
    pub const I1: Type = Type(4);
    pub const I8: Type = Type(5);
    pub const I16: Type = Type(6);
    pub const I32: Type = Type(7);
    pub const I64: Type = Type(8);
    pub const PTR: Type = Type(9);
    pub const FLOAT: Type = Type(10);
    pub const DOUBLE: Type = Type(11);

    pub fn new() -> Self {
        let mut t = TypeTable {
            data: PrimaryMap::new(),
            map: FxHashMap::default(),
            structs: PrimaryMap::new(),
            struct_by_name: FxHashMap::default(),
            struct_order: Vec::new(),
            struct_defined: SecondaryMap::new(),
        };
        for d in [
            TypeData::Void,
            TypeData::Label,
            TypeData::Metadata,
            TypeData::Token,
            TypeData::Int(1),
            TypeData::Int(8),
            TypeData::Int(16),
            TypeData::Int(32),
            TypeData::Int(64),
            TypeData::Ptr(0),
            TypeData::Float,
            TypeData::Double,
        ] {
            t.intern(d);
        }
        t
    }
}

/// Creation and lookup.
impl TypeTable {
    /// Interns a structural type. For identified structs use
    /// [`TypeTable::named_struct_type`].
    pub fn intern(&mut self, data: TypeData) -> Type {
        if let Some(&t) = self.map.get(&data) {
            return t;
        }
        let t = self.data.push(data.clone());
        self.map.insert(data, t);
        t
    }

    /// Looks up a structural type without interning it.
    pub fn lookup(&self, data: &TypeData) -> Option<Type> {
        self.map.get(data).copied()
    }

    pub fn int(&mut self, bits: u32) -> Type {
        // The well-known widths are interned at fixed ids (`new`): no
        // hashing for the types nearly every instruction names.
        match bits {
            1 => Self::I1,
            8 => Self::I8,
            16 => Self::I16,
            32 => Self::I32,
            64 => Self::I64,
            _ => self.intern(TypeData::Int(bits)),
        }
    }

    pub fn ptr(&mut self, addrspace: u32) -> Type {
        if addrspace == 0 {
            return Self::PTR;
        }
        self.intern(TypeData::Ptr(addrspace))
    }

    pub fn vector(&mut self, len: u32, elem: Type) -> Type {
        self.intern(TypeData::Vector {
            scalable: false,
            len,
            elem,
        })
    }

    pub fn array(&mut self, len: u64, elem: Type) -> Type {
        self.intern(TypeData::Array { len, elem })
    }

    pub fn function(&mut self, ret: Type, params: Vec<Type>, vararg: bool) -> Type {
        self.intern(TypeData::Function {
            ret,
            params,
            vararg,
        })
    }

    pub fn literal_struct(&mut self, packed: bool, elems: Vec<Type>) -> Type {
        self.intern(TypeData::Struct { packed, elems })
    }

    /// Finds or creates the identified struct called `name` (opaque until a
    /// body is set). `None` creates a fresh numbered struct.
    pub fn named_struct(&mut self, name: Option<&str>) -> NamedStruct {
        if let Some(n) = name {
            if let Some(&s) = self.struct_by_name.get(n) {
                return s;
            }
        }
        let s = self.structs.push(NamedStructData {
            name: name.map(str::to_owned),
            body: None,
        });
        if let Some(n) = name {
            self.struct_by_name.insert(n.to_owned(), s);
        }
        s
    }

    /// Records that `s` is defined at module level (printing order).
    pub fn mark_struct_defined(&mut self, s: NamedStruct) {
        if !self.struct_defined[s] {
            self.struct_defined[s] = true;
            self.struct_order.push(s);
        }
    }

    /// Identified structs in definition order, followed by any that were only
    /// referenced.
    pub fn struct_order(&self) -> impl Iterator<Item = NamedStruct> + '_ {
        let extra = self
            .structs
            .keys()
            .filter(move |&s| !self.struct_defined[s]);
        self.struct_order.iter().copied().chain(extra)
    }

    pub fn struct_by_name(&self, name: &str) -> Option<NamedStruct> {
        self.struct_by_name.get(name).copied()
    }

    pub fn set_struct_body(&mut self, s: NamedStruct, body: Option<StructBody>) {
        self.structs[s].body = body;
    }

    pub fn struct_data(&self, s: NamedStruct) -> &NamedStructData {
        &self.structs[s]
    }

    pub fn structs(&self) -> impl Iterator<Item = (NamedStruct, &NamedStructData)> {
        self.structs.iter()
    }

    /// The type `%S` for identified struct `s`.
    pub fn named_struct_type(&mut self, s: NamedStruct) -> Type {
        self.intern(TypeData::Named(s))
    }
}

/// Queries.
impl TypeTable {
    pub fn data(&self, t: Type) -> &TypeData {
        &self.data[t]
    }

    pub fn len(&self) -> usize {
        self.data.len()
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// Whether `t` has a size (LLVM's `Type::isSized`): not void, label,
    /// metadata, token, function or a target extension type, and no opaque
    /// struct inside. A named struct that contains itself is not sized (LLVM
    /// keeps a visited set for the same reason; the parser accepts such
    /// types, as opt-19 does).
    pub fn is_sized(&self, t: Type) -> bool {
        self.sized_within(t, &mut Vec::new())
    }

    fn sized_within(&self, t: Type, visiting: &mut Vec<NamedStruct>) -> bool {
        match &self.data[t] {
            TypeData::Void
            | TypeData::Label
            | TypeData::Metadata
            | TypeData::Token
            | TypeData::Function { .. }
            | TypeData::TargetExt { .. } => false,
            TypeData::Named(s) => self.all_fields(*s, visiting, Self::sized_within),
            TypeData::Struct { elems, .. } => elems.iter().all(|&e| self.sized_within(e, visiting)),
            TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => {
                self.sized_within(*elem, visiting)
            }
            _ => true,
        }
    }

    /// Whether `t` holds no bytes (LLVM's `Type::isEmptyTy`): an array of
    /// zero elements or of an empty type, or a struct whose elements are all
    /// empty (`{}` included). A named struct that contains itself counts as
    /// not empty.
    pub fn is_empty_ty(&self, t: Type) -> bool {
        self.empty_within(t, &mut Vec::new())
    }

    fn empty_within(&self, t: Type, visiting: &mut Vec<NamedStruct>) -> bool {
        match &self.data[t] {
            TypeData::Array { len, elem } => *len == 0 || self.empty_within(*elem, visiting),
            TypeData::Struct { elems, .. } => elems.iter().all(|&e| self.empty_within(e, visiting)),
            TypeData::Named(s) => self.all_fields(*s, visiting, Self::empty_within),
            _ => false,
        }
    }

    /// Whether `each` holds for every field of the named struct `s`; false
    /// for an opaque struct, and for one already being visited (a struct
    /// that contains itself).
    fn all_fields(
        &self,
        s: NamedStruct,
        visiting: &mut Vec<NamedStruct>,
        each: fn(&Self, Type, &mut Vec<NamedStruct>) -> bool,
    ) -> bool {
        if visiting.contains(&s) {
            return false;
        }
        let Some(body) = &self.structs[s].body else {
            return false;
        };
        visiting.push(s);
        let all = body.elems.iter().all(|&e| each(self, e, visiting));
        visiting.pop();
        all
    }

    pub fn is_void(&self, t: Type) -> bool {
        matches!(self.data[t], TypeData::Void)
    }

    /// Bit width of an integer type.
    pub fn int_width(&self, t: Type) -> Option<u32> {
        match self.data[t] {
            TypeData::Int(n) => Some(n),
            _ => None,
        }
    }

    pub fn is_int(&self, t: Type) -> bool {
        matches!(self.data[t], TypeData::Int(_))
    }

    pub fn is_ptr(&self, t: Type) -> bool {
        matches!(self.data[t], TypeData::Ptr(_))
    }

    pub fn is_float(&self, t: Type) -> bool {
        matches!(
            self.data[t],
            TypeData::Half
                | TypeData::BFloat
                | TypeData::Float
                | TypeData::Double
                | TypeData::X86Fp80
                | TypeData::Fp128
                | TypeData::PpcFp128
        )
    }

    /// The number of bits of a floating-point type's storage format.
    pub fn float_bits(&self, t: Type) -> Option<u32> {
        Some(match self.data[t] {
            TypeData::Half | TypeData::BFloat => 16,
            TypeData::Float => 32,
            TypeData::Double => 64,
            TypeData::X86Fp80 => 80,
            TypeData::Fp128 | TypeData::PpcFp128 => 128,
            _ => return None,
        })
    }

    pub fn is_vector(&self, t: Type) -> bool {
        matches!(self.data[t], TypeData::Vector { .. })
    }

    /// The scalar type: the element of a vector, or `t` itself.
    pub fn scalar(&self, t: Type) -> Type {
        match self.data[t] {
            TypeData::Vector { elem, .. } => elem,
            _ => t,
        }
    }

    pub fn is_first_class(&self, t: Type) -> bool {
        !matches!(self.data[t], TypeData::Void | TypeData::Function { .. })
    }

    /// For a function type: (return, params, vararg).
    pub fn fn_sig(&self, t: Type) -> Option<(Type, &[Type], bool)> {
        match &self.data[t] {
            TypeData::Function {
                ret,
                params,
                vararg,
            } => Some((*ret, params, *vararg)),
            _ => None,
        }
    }

    /// The type of element `idx` of an aggregate (struct field, array or
    /// vector element). `None` when out of range or not an aggregate.
    pub fn aggregate_elem(&self, t: Type, idx: u64) -> Option<Type> {
        match &self.data[t] {
            TypeData::Array { len, elem } => (idx < *len).then_some(*elem),
            TypeData::Vector { len, elem, .. } => (idx < u64::from(*len)).then_some(*elem),
            TypeData::Struct { elems, .. } => elems.get(usize::try_from(idx).ok()?).copied(),
            TypeData::Named(s) => {
                let body = self.structs[*s].body.as_ref()?;
                body.elems.get(usize::try_from(idx).ok()?).copied()
            }
            _ => None,
        }
    }

    /// Element types of a struct (literal or identified with a body).
    pub fn struct_elems(&self, t: Type) -> Option<&[Type]> {
        match &self.data[t] {
            TypeData::Struct { elems, .. } => Some(elems),
            TypeData::Named(s) => self.structs[*s].body.as_ref().map(|b| &b.elems[..]),
            _ => None,
        }
    }

    /// True for struct and array types.
    pub fn is_aggregate(&self, t: Type) -> bool {
        matches!(
            self.data[t],
            TypeData::Struct { .. } | TypeData::Named(_) | TypeData::Array { .. }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `is_sized` and `is_empty_ty` look through arrays and structs, stop at
    /// opaque structs, and end on a struct that contains itself.
    #[test]
    fn sizedness_and_emptiness() {
        let mut t = TypeTable::new();
        let i32t = t.int(32);
        let empty = t.literal_struct(false, vec![]);
        let none = t.array(0, i32t);
        let nested = t.literal_struct(false, vec![empty, none]);
        assert!(t.is_sized(nested) && t.is_empty_ty(nested));
        let four = t.array(4, i32t);
        assert!(t.is_sized(four) && !t.is_empty_ty(four));
        let opaque = t.named_struct(Some("o"));
        let opaque_t = t.named_struct_type(opaque);
        let holds_opaque = t.array(2, opaque_t);
        assert!(!t.is_sized(holds_opaque) && !t.is_empty_ty(holds_opaque));
        let own = t.named_struct(Some("r"));
        let own_t = t.named_struct_type(own);
        t.set_struct_body(
            own,
            Some(StructBody {
                packed: false,
                elems: vec![i32t, own_t],
            }),
        );
        assert!(!t.is_sized(own_t) && !t.is_empty_ty(own_t));
    }

    /// The fast paths of `int` and `ptr` name the types interned at fixed
    /// ids, the same ones `intern` finds.
    #[test]
    fn well_known_ids_match_interning() {
        let mut t = TypeTable::new();
        for bits in [1, 8, 16, 32, 64] {
            let fast = t.int(bits);
            assert_eq!(t.data(fast), &TypeData::Int(bits));
            assert_eq!(t.intern(TypeData::Int(bits)), fast);
        }
        let p0 = t.ptr(0);
        assert_eq!(t.data(p0), &TypeData::Ptr(0));
        assert_eq!(t.intern(TypeData::Ptr(0)), p0);
        let i7 = t.int(7);
        assert_eq!(t.data(i7), &TypeData::Int(7));
        let p3 = t.ptr(3);
        assert_eq!(t.data(p3), &TypeData::Ptr(3));
        assert_ne!(p3, p0);
    }
}
