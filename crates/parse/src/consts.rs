//! Constants, operands (values and constants), and local name tables.

use crate::floats;
use crate::lexer::{self, HexFloatKind, Tok};
use crate::parser::{LocalKey, PResult, Parser};
use loopwright_ir::{
    ApInt, Block, Const, ConstData, ConstExpr, Flags, GlobalRef, Inst, Opcode, Operand, Type,
    TypeData, TypeTable, Value,
};

/// `-?[0-9]+` truncated to `bits` (LLVM 19 truncates silently).
pub(crate) fn int_from_decimal(text: &[u8], bits: u32) -> ApInt {
    let (neg, digits) = lexer::split_sign(text);
    let v = match small_decimal(digits) {
        Some(w) => ApInt::from_words(bits, &[w]),
        None => ApInt::from_words(bits, &lexer::decimal_to_words(digits)),
    };
    if neg {
        v.neg()
    } else {
        v
    }
}

/// Whether the decimal `-?[0-9]+` is in the range of an `i{bits}` read as
/// signed or unsigned (`-2^(bits-1) ..= 2^bits - 1`), i.e. whether
/// [`int_from_decimal`] keeps its value.
pub(crate) fn decimal_fits(text: &[u8], bits: u32) -> bool {
    let (neg, digits) = lexer::split_sign(text);
    let small = small_decimal(digits);
    let long;
    let words = match &small {
        Some(0) => &[][..],
        Some(w) => std::slice::from_ref(w),
        None => {
            long = lexer::decimal_to_words(digits);
            &long[..]
        }
    };
    let Some(&top) = words.last() else {
        return true;
    };
    let active = (words.len() as u64 - 1) * 64 + u64::from(64 - top.leading_zeros());
    let bits = u64::from(bits);
    if !neg || active < bits {
        return active <= bits;
    }
    // -2^(bits-1) is the only negative value with `bits` active bits.
    let pow2 = top.is_power_of_two() && words[..words.len() - 1].iter().all(|&w| w == 0);
    active == bits && pow2
}

/// The value of at most 19 decimal digits (`10^19 < 2^64`), the common
/// case that needs no word vector; `None` for longer (or non-digit) text.
fn small_decimal(digits: &[u8]) -> Option<u64> {
    if digits.len() > 19 {
        return None;
    }
    digits.iter().try_fold(0u64, |v, &d| {
        d.is_ascii_digit().then(|| v * 10 + u64::from(d - b'0'))
    })
}

/// `u0x...` / `s0x...` converted like LLVM: the value has as many bits as
/// it has significant bits; `s0x` sign-extends from its top set bit.
pub(crate) fn int_from_hex(text: &[u8], signed: bool, bits: u32) -> ApInt {
    let words = lexer::hex_to_words(text.get(3..).unwrap_or(&[]));
    let active: u64 = match words.last() {
        Some(&w) => (words.len() as u64 - 1) * 64 + u64::from(64 - w.leading_zeros()),
        None => 0,
    };
    if !signed || active == 0 || active >= u64::from(bits) {
        return ApInt::from_words(bits, &words);
    }
    // Sign-extend from bit `active - 1` (which is set).
    let nwords = (bits as usize).div_ceil(64);
    let mut ext = vec![u64::MAX; nwords];
    for (i, w) in words.iter().enumerate() {
        if i < nwords {
            ext[i] = *w;
        }
    }
    let a = active as usize;
    let (wi, bi) = (a / 64, a % 64);
    if wi < nwords {
        if bi != 0 {
            ext[wi] |= !((1u64 << bi) - 1);
        }
        for w in ext.iter_mut().skip(wi + if bi != 0 { 1 } else { 0 }) {
            *w = u64::MAX;
        }
    }
    ApInt::from_words(bits, &ext)
}

/// The longest vector that `splat` and shuffle masks are expanded to.
pub(crate) const MAX_EXPANDED_ELEMS: u32 = 1 << 20;

/// LLVM 19's valid constant-expression opcodes, and the rejected ones.
fn constexpr_opcode(k: &str) -> Option<(Opcode, bool)> {
    use Opcode::*;
    Some(match k {
        "trunc" => (Trunc, true),
        "ptrtoint" => (PtrToInt, true),
        "inttoptr" => (IntToPtr, true),
        "bitcast" => (BitCast, true),
        "addrspacecast" => (AddrSpaceCast, true),
        "add" => (Add, true),
        "sub" => (Sub, true),
        "mul" => (Mul, true),
        "xor" => (Xor, true),
        "getelementptr" => (GetElementPtr, true),
        "extractelement" => (ExtractElement, true),
        "insertelement" => (InsertElement, true),
        "shufflevector" => (ShuffleVector, true),
        "zext" | "sext" | "fptrunc" | "fpext" | "uitofp" | "sitofp" | "fptoui" | "fptosi"
        | "and" | "or" | "shl" | "lshr" | "ashr" | "udiv" | "sdiv" | "urem" | "srem" | "fadd"
        | "fsub" | "fmul" | "fdiv" | "frem" | "fneg" | "select" | "extractvalue"
        | "insertvalue" | "icmp" | "fcmp" => (Ret, false),
        _ => return None,
    })
}

impl<'a> Parser<'a> {
    // -----------------------------------------------------------------
    // Typed values.
    // -----------------------------------------------------------------

    /// `T c` at module level.
    pub(crate) fn parse_typed_const(&mut self) -> PResult<(Type, Const)> {
        let ty = self.parse_type(false)?;
        let c = self.parse_const(ty)?;
        Ok((ty, c))
    }

    /// `T v` where `v` may be a local value inside a function.
    pub(crate) fn parse_typed_operand(&mut self) -> PResult<(Type, Operand)> {
        let ty = self.parse_type(false)?;
        let op = self.parse_operand(ty)?;
        Ok((ty, op))
    }

    /// A value of type `ty`: a local (in a function), a block for `label`,
    /// metadata for `metadata`, otherwise a constant.
    pub(crate) fn parse_operand(&mut self, ty: Type) -> PResult<Operand> {
        if ty == TypeTable::METADATA {
            return self.parse_md_value_operand();
        }
        match self.tok.kind {
            Tok::LocalVar | Tok::LocalId(_) if self.fs.is_some() => {
                if ty == TypeTable::LABEL {
                    let b = self.parse_block_name()?;
                    return Ok(Operand::Block(b));
                }
                Ok(Operand::Value(self.parse_local_value(ty)?))
            }
            _ => Ok(Operand::Const(self.parse_const(ty)?)),
        }
    }

    fn local_key(&self) -> Option<LocalKey<'a>> {
        match self.tok.kind {
            Tok::LocalVar => Some(LocalKey::Name(self.tok.name(self.src))),
            Tok::LocalId(n) => Some(LocalKey::Id(n)),
            _ => None,
        }
    }

    fn key_str(key: &LocalKey<'_>) -> String {
        match key {
            LocalKey::Id(n) => format!("%{n}"),
            LocalKey::Name(nm) => format!("%{}", String::from_utf8_lossy(nm)),
        }
    }

    /// A local value reference (current token) of type `ty`; creates a
    /// placeholder for a forward reference.
    pub(crate) fn parse_local_value(&mut self, ty: Type) -> PResult<Value> {
        let at = self.tok.start;
        let Some(key) = self.local_key() else {
            return self.err("expected value token");
        };
        let Some(fs) = self.fs.as_mut() else {
            return self.err("invalid use of function-local name");
        };
        if let Some(&v) = fs.values.get(&key) {
            let vt = fs.f.value_type(v);
            if vt != ty {
                let msg = format!(
                    "'{}' defined with type '{}' but expected '{}'",
                    Self::key_str(&key),
                    self.ty_str(vt),
                    self.ty_str(ty)
                );
                return self.err_at(at, msg);
            }
            self.bump();
            return Ok(v);
        }
        if fs.blocks.contains_key(&key) {
            let msg = format!(
                "'{}' defined with type 'label' but expected '{}'",
                Self::key_str(&key),
                self.ty_str(ty)
            );
            return self.err_at(at, msg);
        }
        if matches!(
            self.m.types.data(ty),
            TypeData::Void | TypeData::Function { .. } | TypeData::Label
        ) {
            return self.err_at(at, "invalid use of a non-first-class type");
        }
        let Some(fs) = self.fs.as_mut() else {
            return self.err("invalid use of function-local name");
        };
        let v = fs.f.make_placeholder(ty, None);
        fs.values.insert(key.clone(), v);
        fs.fwd_values.insert(v, (at, key));
        self.bump();
        Ok(v)
    }

    /// The block named by `key` in the current function (forward
    /// references allowed). Does not consume a token.
    pub(crate) fn block_ref_key(&mut self, key: LocalKey<'a>, at: usize) -> PResult<Block> {
        let Some(fs) = self.fs.as_mut() else {
            return self.err_at(at, "invalid use of function-local name");
        };
        if let Some(&b) = fs.blocks.get(&key) {
            return Ok(b);
        }
        if fs.values.contains_key(&key) {
            return self.err_at(
                at,
                format!("'{}' is not a basic block", Self::key_str(&key)),
            );
        }
        let b = fs.f.make_block(None);
        fs.blocks.insert(key.clone(), b);
        fs.fwd_blocks.insert(b, (at, key));
        Ok(b)
    }

    /// `%bb` (current token) as a block.
    pub(crate) fn parse_block_name(&mut self) -> PResult<Block> {
        let at = self.tok.start;
        let Some(key) = self.local_key() else {
            return self.err("expected basic block name");
        };
        let b = self.block_ref_key(key, at)?;
        self.bump();
        Ok(b)
    }

    /// `label %bb`.
    pub(crate) fn parse_label_operand(&mut self) -> PResult<Block> {
        if !self.eat_kw("label") {
            return self.err("expected 'label'");
        }
        self.parse_block_name()
    }

    /// Defines the block for a label (or the implicit next number).
    pub(crate) fn define_block(&mut self, label: Option<(LocalKey<'a>, usize)>) -> PResult<Block> {
        let at = label.as_ref().map_or(self.tok.start, |l| l.1);
        let Some(fs) = self.fs.as_mut() else {
            return self.err("internal error: no function");
        };
        let key = match label {
            Some((k, _)) => k,
            None => LocalKey::Id(fs.next_num),
        };
        if let LocalKey::Id(n) = key {
            if n < fs.next_num {
                let next = fs.next_num;
                return self.err_at(
                    at,
                    format!("label expected to be numbered '{next}' or greater"),
                );
            }
            fs.next_num = n.saturating_add(1);
        }
        if fs.values.contains_key(&key) {
            return self.err_at(
                at,
                format!("redefinition of value '{}'", Self::key_str(&key)),
            );
        }
        let b = match fs.blocks.get(&key) {
            Some(&b) => {
                if fs.fwd_blocks.remove(&b).is_none() {
                    return self.err_at(
                        at,
                        format!("redefinition of label '{}'", Self::key_str(&key)),
                    );
                }
                b
            }
            None => {
                let b = fs.f.make_block(None);
                fs.blocks.insert(key.clone(), b);
                b
            }
        };
        if let LocalKey::Name(nm) = &key {
            let s = self.utf8_ref(nm, at)?;
            if let Some(fs) = self.fs.as_mut() {
                fs.f.set_block_name(b, Some(s));
            }
        }
        if let Some(fs) = self.fs.as_mut() {
            fs.f.layout.append_block(b);
        }
        Ok(b)
    }

    /// Gives `inst` its result value (named, numbered or implicit).
    pub(crate) fn define_result(
        &mut self,
        inst: Inst,
        name: Option<(LocalKey<'a>, usize)>,
    ) -> PResult<()> {
        let Some(fs) = self.fs.as_mut() else {
            return self.err("internal error: no function");
        };
        let ty = fs.f.inst(inst).ty;
        if ty == TypeTable::VOID {
            if let Some((_, at)) = name {
                return self.err_at(at, "instructions returning void cannot have a name");
            }
            return Ok(());
        }
        let at = name.as_ref().map_or(self.tok.start, |l| l.1);
        let key = match name {
            Some((k, _)) => k,
            None => LocalKey::Id(fs.next_num),
        };
        if let LocalKey::Id(n) = key {
            if n < fs.next_num {
                let next = fs.next_num;
                return self.err_at(
                    at,
                    format!("instruction expected to be numbered '%{next}' or greater"),
                );
            }
            fs.next_num = n.saturating_add(1);
        }
        if fs.blocks.contains_key(&key) {
            return self.err_at(at, "instruction forward referenced with type 'label'");
        }
        let name_str = match &key {
            LocalKey::Name(nm) => Some(self.utf8_ref(nm, at)?),
            LocalKey::Id(_) => None,
        };
        let Some(fs) = self.fs.as_mut() else {
            return self.err("internal error: no function");
        };
        match fs.values.get(&key) {
            Some(&v) => {
                if fs.fwd_values.remove(&v).is_none() {
                    return self.err_at(
                        at,
                        format!(
                            "multiple definition of local value named '{}'",
                            &Self::key_str(&key)[1..]
                        ),
                    );
                }
                let vt = fs.f.value_type(v);
                if vt != ty {
                    let msg = format!(
                        "instruction forward referenced with type '{}'",
                        self.ty_str(vt)
                    );
                    return self.err_at(at, msg);
                }
                let Some(fs) = self.fs.as_mut() else {
                    return self.err("internal error: no function");
                };
                fs.f.bind_result(inst, v);
                fs.f.set_value_name(v, name_str);
            }
            None => {
                let v = fs.f.make_result(inst, name_str);
                fs.values.insert(key, v);
            }
        }
        Ok(())
    }

    // -----------------------------------------------------------------
    // Constants.
    // -----------------------------------------------------------------

    fn type_mismatch<T>(&self, at: usize, got: Type, want: Type) -> PResult<T> {
        self.err_at(
            at,
            format!(
                "constant expression type mismatch: got type '{}' but expected '{}'",
                self.ty_str(got),
                self.ty_str(want)
            ),
        )
    }

    /// A constant of type `ty`.
    pub(crate) fn parse_const(&mut self, ty: Type) -> PResult<Const> {
        self.enter()?;
        let r = self.parse_const_inner(ty);
        self.leave();
        r
    }

    fn parse_const_inner(&mut self, ty: Type) -> PResult<Const> {
        let at = self.tok.start;
        match self.tok.kind {
            Tok::Int | Tok::HexInt { .. } => {
                let Some(bits) = self.m.types.int_width(ty) else {
                    return self.err("integer constant must have integer type");
                };
                let val = match self.tok.kind {
                    Tok::HexInt { signed } => int_from_hex(self.text(), signed, bits),
                    _ => int_from_decimal(self.text(), bits),
                };
                if self.srcmap.is_some()
                    && matches!(self.tok.kind, Tok::Int)
                    && !decimal_fits(self.text(), bits)
                {
                    let msg = format!(
                        "integer constant {} does not fit in 'i{bits}'; truncated to {} (as LLVM \
                         does)",
                        String::from_utf8_lossy(self.text()),
                        match bits {
                            1 if val.is_zero() => "false".to_string(),
                            1 => "true".to_string(),
                            _ => val.to_signed_string(),
                        }
                    );
                    if let Some(map) = self.srcmap.as_mut() {
                        map.warn(at, msg);
                    }
                }
                self.bump();
                Ok(self.m.consts.intern(ConstData::Int { ty, val }))
            }
            Tok::Float | Tok::HexFloat(_) => self.parse_float_const(ty),
            Tok::GlobalVar | Tok::GlobalId(_) => {
                let g = self.parse_global_ref(ty)?;
                Ok(self.m.consts.intern(ConstData::Global { ty, global: g }))
            }
            Tok::LBrace => {
                self.bump();
                self.parse_struct_const(ty, false, at)
            }
            Tok::Less => {
                self.bump();
                if self.eat(Tok::LBrace) {
                    let c = self.parse_struct_const(ty, true, at)?;
                    self.expect(Tok::Greater, ">")?;
                    Ok(c)
                } else {
                    self.parse_vector_const(ty, at)
                }
            }
            Tok::LSquare => {
                self.bump();
                self.parse_array_const(ty, at)
            }
            Tok::LocalVar | Tok::LocalId(_) => self.err("invalid use of function-local name"),
            Tok::Keyword => self.parse_keyword_const(ty),
            _ => self.err("expected value token"),
        }
    }

    fn parse_float_const(&mut self, ty: Type) -> PResult<Const> {
        let tok = self.tok;
        let at = tok.start;
        let td = self.m.types.data(ty).clone();
        let bits: u128 = match tok.kind {
            Tok::HexFloat(k) if k != HexFloatKind::Double => {
                let ok = matches!(
                    (k, &td),
                    (HexFloatKind::X87, TypeData::X86Fp80)
                        | (HexFloatKind::Quad, TypeData::Fp128)
                        | (HexFloatKind::PpcDouble, TypeData::PpcFp128)
                        | (HexFloatKind::Half, TypeData::Half)
                        | (HexFloatKind::BFloat, TypeData::BFloat)
                );
                if !ok {
                    if !self.m.types.is_float(ty) {
                        return self.err("floating point constant invalid for type");
                    }
                    return self.err(format!(
                        "floating point constant does not have type '{}'",
                        self.ty_str(ty)
                    ));
                }
                lexer::hex_float_bits(&tok, self.src)
            }
            _ => {
                let d: u64 = if let Tok::HexFloat(_) = tok.kind {
                    lexer::hex_float_bits(&tok, self.src) as u64
                } else {
                    let s = std::str::from_utf8(tok.text(self.src)).unwrap_or("");
                    match s.parse::<f64>() {
                        Ok(v) => v.to_bits(),
                        Err(_) => return self.err("invalid floating point constant"),
                    }
                };
                let conv = match td {
                    TypeData::Double => Some(d),
                    TypeData::Float => floats::double_to(d, floats::SINGLE),
                    TypeData::Half => floats::double_to(d, floats::HALF),
                    TypeData::BFloat => floats::double_to(d, floats::BFLOAT),
                    TypeData::X86Fp80 | TypeData::Fp128 | TypeData::PpcFp128 => {
                        return self.err(format!(
                            "floating point constant does not have type '{}'",
                            self.ty_str(ty)
                        ));
                    }
                    _ => return self.err("floating point constant invalid for type"),
                };
                match conv {
                    Some(b) => u128::from(b),
                    None => return self.err_at(at, "floating point constant invalid for type"),
                }
            }
        };
        self.bump();
        Ok(self.m.consts.intern(ConstData::Float { ty, bits }))
    }

    /// After `{` (or `<{`): `T v, ...}`.
    fn parse_struct_const(&mut self, ty: Type, packed: bool, at: usize) -> PResult<Const> {
        let mut elems = Vec::new();
        let mut types = Vec::new();
        if !self.eat(Tok::RBrace) {
            loop {
                let (t, c) = self.parse_typed_const()?;
                types.push(t);
                elems.push(c);
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RBrace, "}")?;
        }
        let (want_packed, want) = match self.m.types.data(ty) {
            TypeData::Struct { packed, elems } => (*packed, elems.clone()),
            TypeData::Named(ns) => match &self.m.types.struct_data(*ns).body {
                Some(b) => (b.packed, b.elems.clone()),
                None => {
                    return self.err_at(
                        at,
                        "constant expression type mismatch: struct type is opaque",
                    )
                }
            },
            _ => {
                let got = self.m.types.literal_struct(packed, types);
                return self.type_mismatch(at, got, ty);
            }
        };
        if want_packed != packed || want != types {
            let got = self.m.types.literal_struct(packed, types);
            return self.type_mismatch(at, got, ty);
        }
        Ok(self.m.consts.intern(ConstData::Struct { ty, elems }))
    }

    /// After `<`: `T v, ...>`.
    fn parse_vector_const(&mut self, ty: Type, at: usize) -> PResult<Const> {
        let mut elems = Vec::new();
        let mut et = None;
        loop {
            let (t, c) = self.parse_typed_const()?;
            if let Some(e) = et {
                if e != t {
                    return self.err("vector element #{} is not of type");
                }
            }
            et = Some(t);
            elems.push(c);
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::Greater, ">")?;
        let elem = et.unwrap_or(TypeTable::I8);
        let got = self.m.types.vector(elems.len() as u32, elem);
        if got != ty {
            return self.type_mismatch(at, got, ty);
        }
        Ok(self.m.consts.intern(ConstData::Vector { ty, elems }))
    }

    /// After `[`: `T v, ...]`.
    fn parse_array_const(&mut self, ty: Type, at: usize) -> PResult<Const> {
        let mut elems = Vec::new();
        let mut et = None;
        if !self.eat(Tok::RSquare) {
            loop {
                let eat = self.tok.start;
                let (t, c) = self.parse_typed_const()?;
                if let Some(e) = et {
                    if e != t {
                        return self.err_at(
                            eat,
                            format!(
                                "array element #{} is not of type '{}'",
                                elems.len(),
                                self.ty_str(e)
                            ),
                        );
                    }
                }
                et = Some(t);
                elems.push(c);
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            if !self.eat(Tok::RSquare) {
                return self.err("expected end of array constant");
            }
        }
        let (want_len, want_elem) = match self.m.types.data(ty) {
            TypeData::Array { len, elem } => (*len, *elem),
            _ => {
                let e = et.unwrap_or(TypeTable::I8);
                let got = self.m.types.array(elems.len() as u64, e);
                return self.type_mismatch(at, got, ty);
            }
        };
        if want_len != elems.len() as u64 || et.is_some_and(|e| e != want_elem) {
            let got = self
                .m
                .types
                .array(elems.len() as u64, et.unwrap_or(want_elem));
            return self.type_mismatch(at, got, ty);
        }
        // Arrays of i8 integers are byte strings (LLVM prints them as c"...").
        if want_elem == TypeTable::I8 && !elems.is_empty() {
            let bytes: Option<Vec<u8>> = elems
                .iter()
                .map(|&c| match self.m.consts.data(c) {
                    ConstData::Int { val, .. } => val.as_u64().map(|v| v as u8),
                    _ => None,
                })
                .collect();
            if let Some(data) = bytes {
                return Ok(self.m.consts.intern(ConstData::Bytes { ty, data }));
            }
        }
        Ok(self.m.consts.intern(ConstData::Array { ty, elems }))
    }

    fn parse_keyword_const(&mut self, ty: Type) -> PResult<Const> {
        let at = self.tok.start;
        let k = self.kw().unwrap_or("");
        let td = self.m.types.data(ty).clone();
        match k {
            "true" | "false" => {
                if ty != TypeTable::I1 {
                    return self.type_mismatch(at, TypeTable::I1, ty);
                }
                self.bump();
                let val = ApInt::from_u64(1, u64::from(k == "true"));
                Ok(self.m.consts.intern(ConstData::Int { ty, val }))
            }
            "null" => {
                if !matches!(td, TypeData::Ptr(_) | TypeData::TargetExt { .. }) {
                    return self.err("null must be a pointer type");
                }
                self.bump();
                Ok(self.m.consts.intern(ConstData::Null(ty)))
            }
            "none" => {
                if ty != TypeTable::TOKEN {
                    return self.err("none constant must have token type");
                }
                self.bump();
                Ok(self.none_const())
            }
            "undef" | "poison" | "zeroinitializer" => {
                if matches!(
                    td,
                    TypeData::Void
                        | TypeData::Label
                        | TypeData::Metadata
                        | TypeData::Function { .. }
                ) || (k == "zeroinitializer" && matches!(td, TypeData::Token))
                {
                    return self.err(format!("invalid type for {k} constant"));
                }
                self.bump();
                let d = match k {
                    "undef" => ConstData::Undef(ty),
                    "poison" => ConstData::Poison(ty),
                    _ => ConstData::Zero(ty),
                };
                Ok(self.m.consts.intern(d))
            }
            "c" => {
                self.bump();
                if self.tok.kind != Tok::Str {
                    return self.err("expected string constant");
                }
                let data = self.tok.name(self.src).into_owned();
                self.bump();
                let got = self.m.types.array(data.len() as u64, TypeTable::I8);
                if got != ty {
                    return self.type_mismatch(at, got, ty);
                }
                Ok(self.m.consts.intern(ConstData::Bytes { ty, data }))
            }
            "blockaddress" => {
                self.bump();
                self.expect(Tok::LParen, "(")?;
                if !matches!(self.tok.kind, Tok::GlobalVar | Tok::GlobalId(_)) {
                    return self.err("expected function name in blockaddress");
                }
                let fat = self.tok.start;
                let fty = self.m.types.ptr(self.program_as);
                let g = self.parse_global_ref(fty)?;
                let GlobalRef::Func(func) = g else {
                    return self.err_at(fat, "expected function name in blockaddress");
                };
                self.expect_comma()?;
                let block = self.blockaddress_block(func)?;
                self.expect(Tok::RParen, ")")?;
                if !matches!(td, TypeData::Ptr(_)) {
                    return self.err_at(
                        at,
                        "constant expression type mismatch: blockaddress must have pointer type",
                    );
                }
                Ok(self
                    .m
                    .consts
                    .intern(ConstData::BlockAddress { ty, func, block }))
            }
            "dso_local_equivalent" | "no_cfi" => {
                self.bump();
                if !matches!(self.tok.kind, Tok::GlobalVar | Tok::GlobalId(_)) {
                    return self.err(format!("expected global value name in {k}"));
                }
                let g = self.parse_global_ref(ty)?;
                Ok(self.m.consts.intern(if k == "no_cfi" {
                    ConstData::NoCfi { ty, global: g }
                } else {
                    ConstData::DsoLocalEquivalent { ty, global: g }
                }))
            }
            "ptrauth" => {
                self.bump();
                self.expect(Tok::LParen, "(")?;
                let mut ops = Vec::new();
                let (pt, p) = self.parse_typed_const()?;
                if !self.m.types.is_ptr(pt) {
                    return self.err("constant ptrauth base pointer must be a pointer");
                }
                ops.push(p);
                let mut n = 0;
                while self.eat(Tok::Comma) {
                    n += 1;
                    if n > 3 {
                        return self.err("expected ')' in constant ptrauth expression");
                    }
                    let (_, c) = self.parse_typed_const()?;
                    ops.push(c);
                }
                if ops.len() < 2 {
                    return self.err("expected comma in constant ptrauth expression");
                }
                self.expect(Tok::RParen, ")")?;
                if pt != ty {
                    return self.type_mismatch(at, pt, ty);
                }
                Ok(self.m.consts.intern(ConstData::PtrAuth { ty, ops }))
            }
            "splat" => {
                self.bump();
                self.expect(Tok::LParen, "(")?;
                let (et, c) = self.parse_typed_const()?;
                self.expect(Tok::RParen, ")")?;
                match td {
                    TypeData::Vector {
                        scalable: false,
                        len,
                        ..
                    } if len > MAX_EXPANDED_ELEMS => {
                        self.err_at(at, "splat of a vector this long is not supported")
                    }
                    TypeData::Vector {
                        scalable: false,
                        len,
                        elem,
                    } if elem == et => {
                        let elems = vec![c; len as usize];
                        Ok(self.m.consts.intern(ConstData::Vector { ty, elems }))
                    }
                    TypeData::Vector { scalable: true, .. } => {
                        self.err_at(at, "splat of a scalable vector is not supported")
                    }
                    _ => self.err_at(at, "constant expression type mismatch: splat"),
                }
            }
            "asm" => self.err("inline asm is only valid as the callee of a call"),
            _ => match constexpr_opcode(k) {
                Some((_, false)) => self.err(format!("{k} constexprs are no longer supported")),
                Some((op, true)) => self.parse_const_expr(op, Some(ty)),
                None => self.err("expected value token"),
            },
        }
    }

    pub(crate) fn parse_const_expr(&mut self, op: Opcode, ty: Option<Type>) -> PResult<Const> {
        let at = self.tok.start;
        self.bump();
        let mut flags = Flags::NONE;
        let mut source_ty = None;
        let mut inrange = None;
        let result_ty;
        let mut ops = Vec::new();
        if op.is_cast() {
            self.expect(Tok::LParen, "(")?;
            let (st, c) = self.parse_typed_const()?;
            self.expect_kw("to")?;
            let dt = self.parse_type(false)?;
            self.expect(Tok::RParen, ")")?;
            if !self.cast_is_valid(op, st, dt) {
                return self.err_at(
                    at,
                    format!(
                        "invalid cast opcode for cast from '{}' to '{}'",
                        self.ty_str(st),
                        self.ty_str(dt)
                    ),
                );
            }
            ops.push(c);
            result_ty = dt;
        } else if op.is_binary() {
            if matches!(op, Opcode::Add | Opcode::Sub | Opcode::Mul) {
                loop {
                    if self.eat_kw("nuw") {
                        flags.insert(Flags::NUW);
                    } else if self.eat_kw("nsw") {
                        flags.insert(Flags::NSW);
                    } else {
                        break;
                    }
                }
            }
            self.expect(Tok::LParen, "(")?;
            let (t1, a) = self.parse_typed_const()?;
            self.expect_comma()?;
            let (t2, b) = self.parse_typed_const()?;
            self.expect(Tok::RParen, ")")?;
            if t1 != t2 {
                return self.err_at(at, "operands of constexpr must have same type");
            }
            if !self.m.types.is_int(self.m.types.scalar(t1)) {
                return self.err_at(at, "constexpr requires integer or integer vector operands");
            }
            ops.push(a);
            ops.push(b);
            result_ty = t1;
        } else {
            match op {
                Opcode::GetElementPtr => {
                    loop {
                        if self.eat_kw("inbounds") {
                            flags.insert(Flags::INBOUNDS);
                        } else if self.eat_kw("nusw") {
                            flags.insert(Flags::NUSW);
                        } else if self.eat_kw("nuw") {
                            flags.insert(Flags::NUW);
                        } else if self.eat_kw("inrange") {
                            self.expect(Tok::LParen, "(")?;
                            let lo = self.parse_i64()?;
                            self.expect_comma()?;
                            let hi = self.parse_i64()?;
                            self.expect(Tok::RParen, ")")?;
                            if lo >= hi {
                                return self.err("expected end to be larger than start");
                            }
                            inrange = Some((ApInt::from_i64(64, lo), ApInt::from_i64(64, hi)));
                        } else {
                            break;
                        }
                    }
                    self.expect(Tok::LParen, "(")?;
                    let sty = self.parse_type(false)?;
                    self.expect_comma()?;
                    let mut opers = Vec::new();
                    loop {
                        let (t, c) = self.parse_typed_const()?;
                        opers.push((t, Operand::Const(c)));
                        if !self.eat(Tok::Comma) {
                            break;
                        }
                    }
                    self.expect(Tok::RParen, ")")?;
                    result_ty = self.gep_result_type(sty, &opers, at, None)?;
                    source_ty = Some(sty);
                    ops = opers.iter().filter_map(|(_, o)| o.as_const()).collect();
                }
                Opcode::ExtractElement => {
                    self.expect(Tok::LParen, "(")?;
                    let (vt, v) = self.parse_typed_const()?;
                    self.expect_comma()?;
                    let (it, i) = self.parse_typed_const()?;
                    self.expect(Tok::RParen, ")")?;
                    let TypeData::Vector { elem, .. } = *self.m.types.data(vt) else {
                        return self.err_at(at, "invalid extractelement operands");
                    };
                    if !self.m.types.is_int(it) {
                        return self.err_at(at, "invalid extractelement operands");
                    }
                    ops = vec![v, i];
                    result_ty = elem;
                }
                Opcode::InsertElement => {
                    self.expect(Tok::LParen, "(")?;
                    let (vt, v) = self.parse_typed_const()?;
                    self.expect_comma()?;
                    let (et, e) = self.parse_typed_const()?;
                    self.expect_comma()?;
                    let (it, i) = self.parse_typed_const()?;
                    self.expect(Tok::RParen, ")")?;
                    let ok = matches!(*self.m.types.data(vt), TypeData::Vector { elem, .. } if elem == et)
                        && self.m.types.is_int(it);
                    if !ok {
                        return self.err_at(at, "invalid insertelement operands");
                    }
                    ops = vec![v, e, i];
                    result_ty = vt;
                }
                Opcode::ShuffleVector => {
                    self.expect(Tok::LParen, "(")?;
                    let (at1, a) = self.parse_typed_const()?;
                    self.expect_comma()?;
                    let (at2, b) = self.parse_typed_const()?;
                    self.expect_comma()?;
                    let (mt, mk) = self.parse_typed_const()?;
                    self.expect(Tok::RParen, ")")?;
                    let (
                        TypeData::Vector { scalable, elem, .. },
                        TypeData::Vector {
                            len: ml, elem: me, ..
                        },
                    ) = (
                        self.m.types.data(at1).clone(),
                        self.m.types.data(mt).clone(),
                    )
                    else {
                        return self.err_at(at, "invalid shufflevector operands");
                    };
                    if at1 != at2 || me != TypeTable::I32 {
                        return self.err_at(at, "invalid shufflevector operands");
                    }
                    ops = vec![a, b, mk];
                    result_ty = self.m.types.intern(TypeData::Vector {
                        scalable,
                        len: ml,
                        elem,
                    });
                }
                _ => return self.err_at(at, "expected value token"),
            }
        }
        if let Some(ty) = ty {
            if result_ty != ty {
                return self.type_mismatch(at, result_ty, ty);
            }
        }
        let ty = result_ty;
        let e = ConstExpr {
            opcode: op,
            ty,
            flags,
            source_ty,
            inrange,
            predicate: None,
            ops,
        };
        Ok(self.m.consts.intern(ConstData::Expr(e)))
    }

    /// The result type of a GEP with source element type `sty` over
    /// `ops` (base pointer first), validating the indices.
    /// The type of a `getelementptr` with source type `sty` and operands
    /// `ops` (base first). Errors are reported at `at`, or, when `locs`
    /// gives each operand's offset, where LLVM reports them for the
    /// instruction: at the offending index, or at the base.
    pub(crate) fn gep_result_type(
        &mut self,
        sty: Type,
        ops: &[(Type, Operand)],
        at: usize,
        locs: Option<&[usize]>,
    ) -> PResult<Type> {
        let loc = |i: usize| locs.and_then(|l| l.get(i).copied()).unwrap_or(at);
        let Some(&(bt, _)) = ops.first() else {
            return self.err_at(at, "expected base pointer");
        };
        let (base_as, mut vec_len) = match *self.m.types.data(bt) {
            TypeData::Ptr(a) => (a, None),
            TypeData::Vector {
                scalable,
                len,
                elem,
            } => match *self.m.types.data(elem) {
                TypeData::Ptr(a) => (a, Some((scalable, len))),
                _ => return self.err_at(at, "base of getelementptr must be a pointer"),
            },
            _ => return self.err_at(at, "base of getelementptr must be a pointer"),
        };
        if matches!(
            self.m.types.data(sty),
            TypeData::Function { .. } | TypeData::Void | TypeData::Label
        ) {
            return self.err_at(at, "base element of getelementptr must be sized");
        }
        let mut cur = sty;
        for (i, &(it, op)) in ops.iter().enumerate().skip(1) {
            let scalar = self.m.types.scalar(it);
            if !self.m.types.is_int(scalar) {
                return self.err_at(loc(i), "getelementptr index must be an integer");
            }
            if let TypeData::Vector { scalable, len, .. } = *self.m.types.data(it) {
                match vec_len {
                    Some((s, l)) if (s, l) != (scalable, len) => {
                        return self.err_at(
                            at,
                            "getelementptr vector index has a wrong number of elements",
                        );
                    }
                    _ => vec_len = Some((scalable, len)),
                }
            }
            if i == 1 {
                continue;
            }
            let elem = match self.m.types.data(cur) {
                TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => Some(*elem),
                TypeData::Struct { .. } | TypeData::Named(_) => None,
                _ => return self.err_at(loc(0), "invalid getelementptr indices"),
            };
            cur = match elem {
                Some(elem) => elem,
                None => {
                    let idx = match op {
                        Operand::Const(c) => match self.m.consts.data(c) {
                            ConstData::Int { val, .. } => val.as_u64(),
                            ConstData::Zero(_) => Some(0),
                            ConstData::Vector { elems, .. } => {
                                match elems.first().map(|&e| self.m.consts.data(e)) {
                                    Some(ConstData::Int { val, .. }) => val.as_u64(),
                                    _ => None,
                                }
                            }
                            _ => None,
                        },
                        _ => None,
                    };
                    match idx.and_then(|i| self.m.types.aggregate_elem(cur, i)) {
                        Some(t) => t,
                        None => return self.err_at(loc(0), "invalid getelementptr indices"),
                    }
                }
            };
        }
        let p = self.m.types.ptr(base_as);
        Ok(match vec_len {
            Some((scalable, len)) => self.m.types.intern(TypeData::Vector {
                scalable,
                len,
                elem: p,
            }),
            None => p,
        })
    }

    /// Size in bits of a primitive (or vector of primitive) type, for
    /// bitcast validity; `None` for pointers and aggregates.
    fn prim_bits(&self, t: Type) -> Option<u64> {
        match *self.m.types.data(t) {
            TypeData::Int(n) => Some(u64::from(n)),
            TypeData::Vector {
                scalable: false,
                len,
                elem,
            } => self.prim_bits(elem).map(|b| b * u64::from(len)),
            TypeData::X86Amx => Some(8192),
            _ => self.m.types.float_bits(t).map(u64::from),
        }
    }

    /// LLVM's `CastInst::castIsValid`.
    pub(crate) fn cast_is_valid(&self, op: Opcode, src: Type, dst: Type) -> bool {
        let tt = &self.m.types;
        let (sv, dv) = (tt.data(src), tt.data(dst));
        let vlen = |d: &TypeData| match d {
            TypeData::Vector { scalable, len, .. } => Some((*scalable, *len)),
            _ => None,
        };
        let (sl, dl) = (vlen(sv), vlen(dv));
        let (ss, ds) = (tt.scalar(src), tt.scalar(dst));
        let int_bits = |t: Type| tt.int_width(t);
        let fp_bits = |t: Type| tt.float_bits(t);
        match op {
            Opcode::Trunc | Opcode::ZExt | Opcode::SExt => {
                if sl != dl {
                    return false;
                }
                match (int_bits(ss), int_bits(ds)) {
                    (Some(a), Some(b)) => {
                        if op == Opcode::Trunc {
                            a > b
                        } else {
                            a < b
                        }
                    }
                    _ => false,
                }
            }
            Opcode::FPTrunc | Opcode::FPExt => {
                if sl != dl {
                    return false;
                }
                match (fp_bits(ss), fp_bits(ds)) {
                    (Some(a), Some(b)) => {
                        if op == Opcode::FPTrunc {
                            a > b
                        } else {
                            a < b
                        }
                    }
                    _ => false,
                }
            }
            Opcode::UIToFP | Opcode::SIToFP => sl == dl && tt.is_int(ss) && tt.is_float(ds),
            Opcode::FPToUI | Opcode::FPToSI => sl == dl && tt.is_float(ss) && tt.is_int(ds),
            Opcode::PtrToInt => sl == dl && tt.is_ptr(ss) && tt.is_int(ds),
            Opcode::IntToPtr => sl == dl && tt.is_int(ss) && tt.is_ptr(ds),
            Opcode::AddrSpaceCast => sl == dl && tt.is_ptr(ss) && tt.is_ptr(ds) && ss != ds,
            Opcode::BitCast => {
                if tt.is_ptr(ss) || tt.is_ptr(ds) {
                    // ptr <-> ptr in the same address space (with matching
                    // vector shapes).
                    return sl == dl && ss == ds;
                }
                match (self.prim_bits(src), self.prim_bits(dst)) {
                    (Some(a), Some(b)) => a == b,
                    _ => false,
                }
            }
            _ => false,
        }
    }
}
