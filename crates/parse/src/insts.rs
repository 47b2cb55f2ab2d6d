//! Function bodies: blocks, instructions and debug records.

use crate::attrs::AttrCtx;
use crate::lexer::Tok;
use crate::parser::{LocalKey, PResult, Parser};
use loopwright_ir::{
    AllocaInfo, Atomic, AttrSet, Bundle, CallInfo, ClauseKind, CmpXchgInfo, ConstData, Extra,
    Flags, InlineAsm, InstData, Md, Opcode, Operand, Ordering, Predicate, RmwInfo, RmwOp, TailKind,
    Type, TypeData, TypeTable,
};
use smallvec::{smallvec, SmallVec};

/// Instruction opcodes by keyword.
fn opcode_of(k: &[u8]) -> Option<Opcode> {
    use Opcode::*;
    Some(match k {
        b"ret" => Ret,
        b"br" => Br,
        b"switch" => Switch,
        b"indirectbr" => IndirectBr,
        b"invoke" => Invoke,
        b"resume" => Resume,
        b"unreachable" => Unreachable,
        b"cleanupret" => CleanupRet,
        b"catchret" => CatchRet,
        b"catchswitch" => CatchSwitch,
        b"callbr" => CallBr,
        b"fneg" => FNeg,
        b"add" => Add,
        b"fadd" => FAdd,
        b"sub" => Sub,
        b"fsub" => FSub,
        b"mul" => Mul,
        b"fmul" => FMul,
        b"udiv" => UDiv,
        b"sdiv" => SDiv,
        b"fdiv" => FDiv,
        b"urem" => URem,
        b"srem" => SRem,
        b"frem" => FRem,
        b"shl" => Shl,
        b"lshr" => LShr,
        b"ashr" => AShr,
        b"and" => And,
        b"or" => Or,
        b"xor" => Xor,
        b"alloca" => Alloca,
        b"load" => Load,
        b"store" => Store,
        b"getelementptr" => GetElementPtr,
        b"fence" => Fence,
        b"cmpxchg" => AtomicCmpXchg,
        b"atomicrmw" => AtomicRmw,
        b"trunc" => Trunc,
        b"zext" => ZExt,
        b"sext" => SExt,
        b"fptoui" => FPToUI,
        b"fptosi" => FPToSI,
        b"uitofp" => UIToFP,
        b"sitofp" => SIToFP,
        b"fptrunc" => FPTrunc,
        b"fpext" => FPExt,
        b"ptrtoint" => PtrToInt,
        b"inttoptr" => IntToPtr,
        b"bitcast" => BitCast,
        b"addrspacecast" => AddrSpaceCast,
        b"cleanuppad" => CleanupPad,
        b"catchpad" => CatchPad,
        b"icmp" => ICmp,
        b"fcmp" => FCmp,
        b"phi" => Phi,
        b"call" => Call,
        b"select" => Select,
        b"va_arg" => VAArg,
        b"extractelement" => ExtractElement,
        b"insertelement" => InsertElement,
        b"shufflevector" => ShuffleVector,
        b"extractvalue" => ExtractValue,
        b"insertvalue" => InsertValue,
        b"landingpad" => LandingPad,
        b"freeze" => Freeze,
        _ => return None,
    })
}

impl<'a> Parser<'a> {
    /// `{ blocks... }` of a definition (at the `{`).
    pub(crate) fn parse_function_body(&mut self) -> PResult<()> {
        if !self.eat(Tok::LBrace) {
            return self.err("expected '{' in function body");
        }
        if self.tok.kind == Tok::RBrace {
            return self.err("function body requires at least one basic block");
        }
        loop {
            match self.tok.kind {
                Tok::RBrace => {
                    self.bump();
                    return Ok(());
                }
                Tok::Keyword if self.is_kw("uselistorder") => self.parse_uselistorder()?,
                Tok::Eof => return self.err("found end of file when expecting more instructions"),
                _ => self.parse_basic_block()?,
            }
        }
    }

    fn parse_basic_block(&mut self) -> PResult<()> {
        let label = match self.tok.kind {
            Tok::LabelStr => Some((LocalKey::Name(self.tok.name(self.src)), self.tok.start)),
            Tok::LabelId(n) => Some((LocalKey::Id(n), self.tok.start)),
            _ => None,
        };
        if label.is_some() {
            self.bump();
        }
        let block_at = label.as_ref().map_or(self.tok.start, |l| l.1);
        let block = self.define_block(label)?;
        if let (Some(map), Some(fs)) = (self.srcmap.as_mut(), self.fs.as_ref()) {
            map.note_block(fs.func, block, block_at);
        }
        loop {
            if self.tok.kind == Tok::HashKeyword {
                let start = self.tok.start;
                let data = self.parse_debug_record()?;
                let Some(fs) = self.fs.as_mut() else {
                    return self.err("internal error: no function");
                };
                let (inst, _) = fs.f.append(block, data, None);
                if let Some(map) = self.srcmap.as_mut() {
                    map.note_inst(fs.func, inst, start..self.tok.start);
                }
                continue;
            }
            let start = self.tok.start;
            let name = match self.tok.kind {
                Tok::LocalVar | Tok::LocalId(_) => {
                    let key = match self.tok.kind {
                        Tok::LocalId(n) => LocalKey::Id(n),
                        _ => LocalKey::Name(self.tok.name(self.src)),
                    };
                    let at = self.tok.start;
                    self.bump();
                    if !self.eat(Tok::Equal) {
                        return self.err("expected '=' after instruction name");
                    }
                    Some((key, at))
                }
                _ => None,
            };
            let mut data = self.parse_instruction()?;
            // Metadata attachments.
            while self.eat(Tok::Comma) {
                let (k, n) = self.parse_md_attachment()?;
                data.md.set(k, n);
            }
            let is_term = data.opcode.is_terminator();
            let Some(fs) = self.fs.as_mut() else {
                return self.err("internal error: no function");
            };
            let inst = fs.f.make_inst(data);
            fs.f.layout.append_inst(inst, block);
            if let Some(map) = self.srcmap.as_mut() {
                map.note_inst(fs.func, inst, start..self.tok.start);
            }
            self.define_result(inst, name)?;
            if is_term {
                return Ok(());
            }
        }
    }

    /// True at `, !kind` (the comma belongs to the metadata attachments).
    fn at_md_comma(&self) -> bool {
        self.tok.kind == Tok::Comma && self.peek_is_metadata_var()
    }

    /// An optional `, align N` (not eating a comma before metadata).
    fn opt_comma_align(&mut self) -> PResult<Option<u64>> {
        if self.tok.kind == Tok::Comma && !self.at_md_comma() {
            self.bump();
            self.expect_kw("align")?;
            return Ok(Some(self.parse_alignment_value()?));
        }
        Ok(None)
    }

    fn parse_fmf(&mut self) -> Flags {
        let mut f = Flags::NONE;
        loop {
            let flag = match self.kw_bytes() {
                Some(b"fast") => Flags::FAST,
                Some(b"nnan") => Flags::NNAN,
                Some(b"ninf") => Flags::NINF,
                Some(b"nsz") => Flags::NSZ,
                Some(b"arcp") => Flags::ARCP,
                Some(b"contract") => Flags::CONTRACT,
                Some(b"afn") => Flags::AFN,
                Some(b"reassoc") => Flags::REASSOC,
                _ => return f,
            };
            f.insert(flag);
            self.bump();
        }
    }

    fn parse_ordering(&mut self) -> PResult<Ordering> {
        match self.kw().and_then(Ordering::from_name) {
            Some(o) => {
                self.bump();
                Ok(o)
            }
            None => self.err("Expected ordering on atomic instruction"),
        }
    }

    fn void_inst(op: Opcode, ops: impl IntoIterator<Item = Operand>) -> InstData {
        InstData::new(op, TypeTable::VOID, ops)
    }

    fn parse_instruction(&mut self) -> PResult<InstData> {
        let at = self.tok.start;
        let Some(k) = self.kw_bytes() else {
            if self.tok.kind == Tok::Eof {
                return self.err("found end of file when expecting more instructions");
            }
            return self.err("expected instruction opcode");
        };
        // `tail call`, `musttail call`, `notail call`.
        let tail = match k {
            b"tail" => Some(TailKind::Tail),
            b"musttail" => Some(TailKind::MustTail),
            b"notail" => Some(TailKind::NoTail),
            _ => None,
        };
        if let Some(tail) = tail {
            self.bump();
            if !self.eat_kw("call") {
                return self.err("expected 'call' after tail call marker");
            }
            return self.parse_call_like(Opcode::Call, tail);
        }
        let Some(op) = opcode_of(k) else {
            return self.err_at(at, "expected instruction opcode");
        };
        self.bump();
        use Opcode::*;
        match op {
            Ret => {
                let ret_ty = self
                    .fs
                    .as_ref()
                    .and_then(|fs| self.m.types.fn_sig(fs.f.ty).map(|s| s.0))
                    .unwrap_or(TypeTable::VOID);
                let tat = self.tok.start;
                let ty = self.parse_type(true)?;
                if ty == TypeTable::VOID {
                    if ret_ty != TypeTable::VOID {
                        return self.err_at(
                            tat,
                            format!(
                                "value doesn't match function result type '{}'",
                                self.ty_str(ret_ty)
                            ),
                        );
                    }
                    return Ok(Self::void_inst(Ret, []));
                }
                let v = self.parse_operand(ty)?;
                if ty != ret_ty {
                    return self.err_at(
                        tat,
                        format!(
                            "value doesn't match function result type '{}'",
                            self.ty_str(ret_ty)
                        ),
                    );
                }
                Ok(Self::void_inst(Ret, [v]))
            }
            Br => {
                if self.is_kw("label") {
                    let d = self.parse_label_operand()?;
                    return Ok(Self::void_inst(Br, [Operand::Block(d)]));
                }
                let tat = self.tok.start;
                let ty = self.parse_type(false)?;
                if ty != TypeTable::I1 {
                    return self.err_at(tat, "branch condition must have 'i1' type");
                }
                let c = self.parse_operand(ty)?;
                self.expect_comma()?;
                let t = self.parse_label_operand()?;
                self.expect_comma()?;
                let f = self.parse_label_operand()?;
                Ok(Self::void_inst(
                    Br,
                    [c, Operand::Block(t), Operand::Block(f)],
                ))
            }
            Switch => {
                let tat = self.tok.start;
                let (ty, c) = self.parse_typed_operand()?;
                if !self.m.types.is_int(ty) {
                    return self.err_at(tat, "switch condition must have integer type");
                }
                self.expect_comma()?;
                let d = self.parse_label_operand()?;
                let mut ops = vec![c, Operand::Block(d)];
                self.expect(Tok::LSquare, "[")?;
                let mut seen = rustc_hash::FxHashSet::default();
                while !self.eat(Tok::RSquare) {
                    let cat = self.tok.start;
                    let (ct, cv) = self.parse_typed_operand()?;
                    if ct != ty || !matches!(cv, Operand::Const(_)) {
                        return self.err_at(cat, "case value is not a constant integer");
                    }
                    // Constants are interned: equal values are equal ids.
                    if !seen.insert(cv) {
                        return self.err_at(cat, "duplicate case value in switch");
                    }
                    self.expect_comma()?;
                    let b = self.parse_label_operand()?;
                    ops.push(cv);
                    ops.push(Operand::Block(b));
                }
                Ok(Self::void_inst(Switch, ops))
            }
            IndirectBr => {
                let tat = self.tok.start;
                let (ty, a) = self.parse_typed_operand()?;
                if !self.m.types.is_ptr(ty) {
                    return self.err_at(tat, "Address of indirectbr must be a pointer");
                }
                self.expect_comma()?;
                self.expect(Tok::LSquare, "[")?;
                let mut ops = vec![a];
                if !self.eat(Tok::RSquare) {
                    loop {
                        ops.push(Operand::Block(self.parse_label_operand()?));
                        if !self.eat(Tok::Comma) {
                            break;
                        }
                    }
                    self.expect(Tok::RSquare, "]")?;
                }
                Ok(Self::void_inst(IndirectBr, ops))
            }
            Invoke | CallBr | Call => self.parse_call_like(op, TailKind::None),
            Resume => {
                let (_, v) = self.parse_typed_operand()?;
                Ok(Self::void_inst(Resume, [v]))
            }
            Unreachable => Ok(Self::void_inst(Unreachable, [])),
            CleanupRet => {
                self.expect_kw("from")?;
                let pad = self.parse_pad_operand()?;
                self.expect_kw("unwind")?;
                let mut ops = vec![pad];
                if self.eat_kw("to") {
                    self.expect_kw("caller")?;
                } else {
                    ops.push(Operand::Block(self.parse_label_operand()?));
                }
                Ok(Self::void_inst(CleanupRet, ops))
            }
            CatchRet => {
                self.expect_kw("from")?;
                let pad = self.parse_pad_operand()?;
                self.expect_kw("to")?;
                let d = self.parse_label_operand()?;
                Ok(Self::void_inst(CatchRet, [pad, Operand::Block(d)]))
            }
            CatchSwitch => {
                self.expect_kw("within")?;
                let parent = self.parse_parent_pad()?;
                self.expect(Tok::LSquare, "[")?;
                let mut ops = vec![parent];
                loop {
                    ops.push(Operand::Block(self.parse_label_operand()?));
                    if !self.eat(Tok::Comma) {
                        break;
                    }
                }
                self.expect(Tok::RSquare, "]")?;
                self.expect_kw("unwind")?;
                let has_unwind = if self.eat_kw("to") {
                    self.expect_kw("caller")?;
                    false
                } else {
                    ops.push(Operand::Block(self.parse_label_operand()?));
                    true
                };
                Ok(InstData::new(CatchSwitch, TypeTable::TOKEN, ops)
                    .with_extra(Extra::CatchSwitch { has_unwind }))
            }
            CatchPad | CleanupPad => {
                self.expect_kw("within")?;
                let parent = if op == CatchPad {
                    self.parse_pad_operand()?
                } else {
                    self.parse_parent_pad()?
                };
                self.expect(Tok::LSquare, "[")?;
                let mut ops = vec![parent];
                if !self.eat(Tok::RSquare) {
                    loop {
                        let (_, v) = self.parse_typed_operand()?;
                        ops.push(v);
                        if !self.eat(Tok::Comma) {
                            break;
                        }
                    }
                    self.expect(Tok::RSquare, "]")?;
                }
                Ok(InstData::new(op, TypeTable::TOKEN, ops))
            }
            FNeg => {
                let flags = self.parse_fmf();
                let tat = self.tok.start;
                let (ty, v) = self.parse_typed_operand()?;
                if !self.m.types.is_float(self.m.types.scalar(ty)) {
                    return self.err_at(tat, "invalid operand type for instruction");
                }
                Ok(InstData::new(FNeg, ty, [v]).with_flags(flags))
            }
            Add | Sub | Mul | Shl | UDiv | SDiv | LShr | AShr | Or | And | Xor | URem | SRem
            | FAdd | FSub | FMul | FDiv | FRem => self.parse_binop(op),
            ICmp | FCmp => {
                let mut flags = Flags::NONE;
                if op == FCmp {
                    flags = self.parse_fmf();
                } else if self.eat_kw("samesign") {
                    flags.insert(Flags::SAMESIGN);
                }
                let pat = self.tok.start;
                let pred = match self.kw() {
                    Some(p) if op == ICmp => Predicate::from_icmp_name(p),
                    Some(p) => Predicate::from_fcmp_name(p),
                    None => None,
                };
                let Some(pred) = pred else {
                    return self.err_at(pat, "expected icmp predicate (e.g. 'eq')");
                };
                self.bump();
                let tat = self.tok.start;
                let (ty, a) = self.parse_typed_operand()?;
                self.expect_comma()?;
                let b = self.parse_operand(ty)?;
                let sc = self.m.types.scalar(ty);
                let ok = if op == ICmp {
                    self.m.types.is_int(sc) || self.m.types.is_ptr(sc)
                } else {
                    self.m.types.is_float(sc)
                };
                if !ok {
                    return self.err_at(
                        tat,
                        if op == ICmp {
                            "icmp requires integer operands"
                        } else {
                            "fcmp requires floating point operands"
                        },
                    );
                }
                let rt = self.bool_type_like(ty);
                Ok(InstData::new(op, rt, [a, b])
                    .with_flags(flags)
                    .with_extra(Extra::Cmp(pred)))
            }
            Trunc | ZExt | SExt | FPToUI | FPToSI | UIToFP | SIToFP | FPTrunc | FPExt
            | PtrToInt | IntToPtr | BitCast | AddrSpaceCast => {
                let mut flags = Flags::NONE;
                loop {
                    match (op, self.kw_bytes()) {
                        (Trunc, Some(b"nuw")) => flags.insert(Flags::NUW),
                        (Trunc, Some(b"nsw")) => flags.insert(Flags::NSW),
                        (ZExt | UIToFP, Some(b"nneg")) => flags.insert(Flags::NNEG),
                        _ => break,
                    }
                    self.bump();
                }
                if matches!(op, FPTrunc | FPExt) {
                    flags.insert(self.parse_fmf());
                }
                let sat = self.tok.start;
                let (st, v) = self.parse_typed_operand()?;
                self.expect_kw("to")?;
                let dt = self.parse_type(false)?;
                if !self.cast_is_valid(op, st, dt) {
                    return self.err_at(
                        sat,
                        format!(
                            "invalid cast opcode for cast from '{}' to '{}'",
                            self.ty_str(st),
                            self.ty_str(dt)
                        ),
                    );
                }
                Ok(InstData::new(op, dt, [v]).with_flags(flags))
            }
            Select => {
                let flags = self.parse_fmf();
                let cat = self.tok.start;
                let (ct, c) = self.parse_typed_operand()?;
                if self.m.types.scalar(ct) != TypeTable::I1 {
                    return self.err_at(cat, "select condition must be i1 or <n x i1>");
                }
                self.expect_comma()?;
                let (ty, a) = self.parse_typed_operand()?;
                self.expect_comma()?;
                let bat = self.tok.start;
                let (t2, b) = self.parse_typed_operand()?;
                if t2 != ty {
                    return self.err_at(
                        bat,
                        "select values must have same type as select instruction",
                    );
                }
                Ok(InstData::new(Select, ty, [c, a, b]).with_flags(flags))
            }
            VAArg => {
                let (_, v) = self.parse_typed_operand()?;
                self.expect_comma()?;
                let ty = self.parse_type(false)?;
                Ok(InstData::new(VAArg, ty, [v]))
            }
            ExtractElement => {
                let vat = self.tok.start;
                let (vt, v) = self.parse_typed_operand()?;
                self.expect_comma()?;
                let (it, i) = self.parse_typed_operand()?;
                let TypeData::Vector { elem, .. } = *self.m.types.data(vt) else {
                    return self.err_at(vat, "invalid extractelement operands");
                };
                if !self.m.types.is_int(it) {
                    return self.err_at(vat, "invalid extractelement operands");
                }
                Ok(InstData::new(ExtractElement, elem, [v, i]))
            }
            InsertElement => {
                let vat = self.tok.start;
                let (vt, v) = self.parse_typed_operand()?;
                self.expect_comma()?;
                let (et, e) = self.parse_typed_operand()?;
                self.expect_comma()?;
                let (it, i) = self.parse_typed_operand()?;
                let ok = matches!(*self.m.types.data(vt), TypeData::Vector { elem, .. } if elem == et)
                    && self.m.types.is_int(it);
                if !ok {
                    return self.err_at(vat, "invalid insertelement operands");
                }
                Ok(InstData::new(InsertElement, vt, [v, e, i]))
            }
            ShuffleVector => {
                let vat = self.tok.start;
                let (vt, a) = self.parse_typed_operand()?;
                self.expect_comma()?;
                let (t2, b) = self.parse_typed_operand()?;
                self.expect_comma()?;
                let (mt, mask) = self.parse_typed_const()?;
                let (
                    TypeData::Vector { scalable, elem, .. },
                    TypeData::Vector { len, elem: me, .. },
                ) = (self.m.types.data(vt).clone(), self.m.types.data(mt).clone())
                else {
                    return self.err_at(vat, "invalid shufflevector operands");
                };
                if vt != t2 || me != TypeTable::I32 {
                    return self.err_at(vat, "invalid shufflevector operands");
                }
                let Some(m) = self.shuffle_mask(mask, len) else {
                    return self.err_at(vat, "invalid shufflevector operands");
                };
                let rt = self.m.types.intern(TypeData::Vector {
                    scalable,
                    len,
                    elem,
                });
                Ok(InstData::new(ShuffleVector, rt, [a, b]).with_extra(Extra::Shuffle(m.into())))
            }
            ExtractValue => {
                let aat = self.tok.start;
                let (at_, agg) = self.parse_typed_operand()?;
                let idx = self.parse_value_indices()?;
                if !matches!(
                    self.m.types.data(at_),
                    TypeData::Struct { .. } | TypeData::Named(_) | TypeData::Array { .. }
                ) {
                    return self.err_at(aat, "extractvalue operand must be aggregate type");
                }
                let Some(rt) = self.walk_indices(at_, &idx) else {
                    return self.err_at(aat, "invalid indices for extractvalue");
                };
                Ok(InstData::new(ExtractValue, rt, [agg]).with_extra(Extra::Indices(idx.into())))
            }
            InsertValue => {
                let aat = self.tok.start;
                let (at_, agg) = self.parse_typed_operand()?;
                self.expect_comma()?;
                let eat = self.tok.start;
                let (et, e) = self.parse_typed_operand()?;
                let idx = self.parse_value_indices()?;
                match self.walk_indices(at_, &idx) {
                    Some(t) if t == et => {}
                    Some(t) => {
                        return self.err_at(eat, format!("insertvalue operand and field disagree in type: '{}' instead of '{}'", self.ty_str(et), self.ty_str(t)));
                    }
                    None => return self.err_at(aat, "invalid indices for insertvalue"),
                }
                Ok(
                    InstData::new(InsertValue, at_, [agg, e])
                        .with_extra(Extra::Indices(idx.into())),
                )
            }
            Phi => {
                let flags = self.parse_fmf();
                let ty = self.parse_type(false)?;
                let mut ops = Vec::new();
                loop {
                    self.expect(Tok::LSquare, "[")?;
                    let v = self.parse_operand(ty)?;
                    self.expect_comma()?;
                    let b = self.parse_block_name()?;
                    self.expect(Tok::RSquare, "]")?;
                    ops.push(v);
                    ops.push(Operand::Block(b));
                    if !(self.tok.kind == Tok::Comma && self.peek_byte() == Some(b'[')) {
                        break;
                    }
                    self.bump();
                }
                Ok(InstData::new(Phi, ty, ops).with_flags(flags))
            }
            Freeze => {
                let (ty, v) = self.parse_typed_operand()?;
                Ok(InstData::new(Freeze, ty, [v]))
            }
            LandingPad => {
                let ty = self.parse_type(false)?;
                let cleanup = self.eat_kw("cleanup");
                let mut clauses = Vec::new();
                let mut ops = Vec::new();
                loop {
                    let kind = if self.eat_kw("catch") {
                        ClauseKind::Catch
                    } else if self.eat_kw("filter") {
                        ClauseKind::Filter
                    } else {
                        break;
                    };
                    let cat = self.tok.start;
                    let (ct, v) = self.parse_typed_operand()?;
                    if kind == ClauseKind::Filter
                        && !matches!(self.m.types.data(ct), TypeData::Array { .. })
                    {
                        return self.err_at(cat, "'filter' clause has an invalid type");
                    }
                    if kind == ClauseKind::Catch
                        && matches!(self.m.types.data(ct), TypeData::Array { .. })
                    {
                        return self.err_at(cat, "'catch' clause has an invalid type");
                    }
                    clauses.push(kind);
                    ops.push(v);
                }
                if !cleanup && clauses.is_empty() {
                    return self.err(
                        "landingpad instruction must have at least one clause or be a cleanup",
                    );
                }
                Ok(
                    InstData::new(LandingPad, ty, ops).with_extra(Extra::LandingPad {
                        cleanup,
                        clauses: clauses.into(),
                    }),
                )
            }
            Alloca => self.parse_alloca(),
            Load => self.parse_load(),
            Store => self.parse_store(),
            Fence => {
                let ss = self.opt_syncscope()?;
                let ord = self.parse_ordering()?;
                if matches!(ord, Ordering::Unordered | Ordering::Monotonic) {
                    return self.err_at(at, "fence cannot be unordered or monotonic");
                }
                Ok(
                    Self::void_inst(Fence, []).with_extra(Extra::Fence(Box::new(Atomic {
                        ordering: ord,
                        syncscope: ss,
                    }))),
                )
            }
            AtomicCmpXchg => self.parse_cmpxchg(),
            AtomicRmw => self.parse_atomicrmw(),
            GetElementPtr => {
                let mut flags = Flags::NONE;
                loop {
                    match self.kw_bytes() {
                        Some(b"inbounds") => flags.insert(Flags::INBOUNDS),
                        Some(b"nusw") => flags.insert(Flags::NUSW),
                        Some(b"nuw") => flags.insert(Flags::NUW),
                        _ => break,
                    }
                    self.bump();
                }
                let sty = self.parse_type(false)?;
                self.expect_comma()?;
                let mut ops: SmallVec<[(Type, Operand); 4]> = SmallVec::new();
                let mut locs: SmallVec<[usize; 4]> = smallvec![self.tok.start];
                let (bt, base) = self.parse_typed_operand()?;
                ops.push((bt, base));
                while self.tok.kind == Tok::Comma && !self.at_md_comma() {
                    self.bump();
                    locs.push(self.tok.start);
                    let (t, v) = self.parse_typed_operand()?;
                    ops.push((t, v));
                }
                let rt = self.gep_result_type(sty, &ops, at, Some(&locs))?;
                Ok(
                    InstData::new(GetElementPtr, rt, ops.into_iter().map(|(_, o)| o))
                        .with_flags(flags)
                        .with_extra(Extra::Gep { source_ty: sty }),
                )
            }
            DbgValue | DbgDeclare | DbgAssign | DbgLabel => {
                self.err_at(at, "expected instruction opcode")
            }
        }
    }

    /// `i1`, or `<N x i1>` shaped like `ty`.
    fn bool_type_like(&mut self, ty: Type) -> Type {
        match *self.m.types.data(ty) {
            TypeData::Vector { scalable, len, .. } => self.m.types.intern(TypeData::Vector {
                scalable,
                len,
                elem: TypeTable::I1,
            }),
            _ => TypeTable::I1,
        }
    }

    fn parse_binop(&mut self, op: Opcode) -> PResult<InstData> {
        use Opcode::*;
        let mut flags = Flags::NONE;
        match op {
            Add | Sub | Mul | Shl => loop {
                if self.eat_kw("nuw") {
                    flags.insert(Flags::NUW);
                } else if self.eat_kw("nsw") {
                    flags.insert(Flags::NSW);
                } else {
                    break;
                }
            },
            UDiv | SDiv | LShr | AShr if self.eat_kw("exact") => flags.insert(Flags::EXACT),
            Or if self.eat_kw("disjoint") => flags.insert(Flags::DISJOINT),
            FAdd | FSub | FMul | FDiv | FRem => flags = self.parse_fmf(),
            _ => {}
        }
        let tat = self.tok.start;
        let (ty, a) = self.parse_typed_operand()?;
        self.expect_comma()?;
        let b = self.parse_operand(ty)?;
        let sc = self.m.types.scalar(ty);
        let ok = if matches!(op, FAdd | FSub | FMul | FDiv | FRem) {
            self.m.types.is_float(sc)
        } else {
            self.m.types.is_int(sc)
        };
        if !ok {
            return self.err_at(tat, "invalid operand type for instruction");
        }
        Ok(InstData::new(op, ty, [a, b]).with_flags(flags))
    }

    /// `, i, j, ...` of extractvalue/insertvalue (at least one).
    fn parse_value_indices(&mut self) -> PResult<Vec<u32>> {
        let mut idx = Vec::new();
        while self.tok.kind == Tok::Comma && !self.at_md_comma() {
            self.bump();
            idx.push(self.parse_u32()?);
        }
        if idx.is_empty() {
            return self.err("expected index");
        }
        Ok(idx)
    }

    fn walk_indices(&self, mut t: Type, idx: &[u32]) -> Option<Type> {
        for &i in idx {
            if !matches!(
                self.m.types.data(t),
                TypeData::Struct { .. } | TypeData::Named(_) | TypeData::Array { .. }
            ) {
                return None;
            }
            t = self.m.types.aggregate_elem(t, u64::from(i))?;
        }
        Some(t)
    }

    /// A shufflevector mask constant of length `len` as indices (`-1` for
    /// undef/poison elements).
    fn shuffle_mask(&self, c: loopwright_ir::Const, len: u32) -> Option<Vec<i32>> {
        if len > crate::consts::MAX_EXPANDED_ELEMS {
            return None;
        }
        match self.m.consts.data(c) {
            ConstData::Zero(_) => Some(vec![0; len as usize]),
            ConstData::Undef(_) | ConstData::Poison(_) => Some(vec![-1; len as usize]),
            ConstData::Vector { elems, .. } => elems
                .iter()
                .map(|&e| match self.m.consts.data(e) {
                    ConstData::Int { val, .. } => val.as_u64().and_then(|v| i32::try_from(v).ok()),
                    ConstData::Undef(_) | ConstData::Poison(_) => Some(-1),
                    _ => None,
                })
                .collect(),
            _ => None,
        }
    }

    /// The pad operand of `catchret from %p`, `cleanupret from %p`,
    /// `catchpad within %cs`.
    fn parse_pad_operand(&mut self) -> PResult<Operand> {
        if !matches!(self.tok.kind, Tok::LocalVar | Tok::LocalId(_)) {
            return self.err("expected pad value");
        }
        Ok(Operand::Value(self.parse_local_value(TypeTable::TOKEN)?))
    }

    /// `none` or a pad value.
    fn parse_parent_pad(&mut self) -> PResult<Operand> {
        if self.eat_kw("none") {
            return Ok(Operand::Const(self.none_const()));
        }
        self.parse_pad_operand()
    }

    fn parse_alloca(&mut self) -> PResult<InstData> {
        let inalloca = self.eat_kw("inalloca");
        let swifterror = self.eat_kw("swifterror");
        let tat = self.tok.start;
        let ty = self.parse_type(false)?;
        if !self.valid_alloca_type(ty) {
            return self.err_at(tat, "invalid type for alloca");
        }
        let mut align = None;
        let mut addrspace = self.alloca_as;
        let mut count = None;
        while self.tok.kind == Tok::Comma && !self.at_md_comma() {
            self.bump();
            if self.eat_kw("align") {
                align = Some(self.parse_alignment_value()?);
            } else if self.is_kw("addrspace") {
                addrspace = self.parse_addrspace()?;
            } else if count.is_none() && align.is_none() {
                let cat = self.tok.start;
                let (ct, c) = self.parse_typed_operand()?;
                if !self.m.types.is_int(ct) {
                    return self.err_at(cat, "element count must have integer type");
                }
                count = Some(c);
            } else {
                return self.err("expected metadata after comma");
            }
        }
        let count = match count {
            Some(c) => c,
            None => Operand::Const(self.m.consts.int(TypeTable::I32, 32, 1)),
        };
        let rt = self.m.types.ptr(addrspace);
        let info = AllocaInfo {
            allocated_ty: ty,
            align,
            addrspace,
            inalloca,
            swifterror,
        };
        Ok(InstData::new(Opcode::Alloca, rt, [count]).with_extra(Extra::Alloca(Box::new(info))))
    }

    fn valid_alloca_type(&self, t: Type) -> bool {
        !matches!(
            self.m.types.data(t),
            TypeData::Void
                | TypeData::Label
                | TypeData::Metadata
                | TypeData::Function { .. }
                | TypeData::Token
        )
    }

    fn parse_load(&mut self) -> PResult<InstData> {
        let atomic = self.eat_kw("atomic");
        let mut flags = Flags::NONE;
        if self.eat_kw("volatile") {
            flags.insert(Flags::VOLATILE);
        }
        let ty = self.parse_type(false)?;
        self.expect_comma()?;
        let pat = self.tok.start;
        let (pt, p) = self.parse_typed_operand()?;
        if !self.m.types.is_ptr(pt) {
            return self.err_at(pat, "load operand must be a pointer to a first class type");
        }
        let mut at = None;
        if atomic {
            let ss = self.opt_syncscope()?;
            let ord = self.parse_ordering()?;
            if matches!(ord, Ordering::Release | Ordering::AcqRel) {
                return self.err("atomic load cannot use Release ordering");
            }
            at = Some(Box::new(Atomic {
                ordering: ord,
                syncscope: ss,
            }));
        }
        let align = self.opt_comma_align()?;
        if atomic && align.is_none() {
            return self.err_at(pat, "atomic load must have explicit non-zero alignment");
        }
        Ok(InstData::new(Opcode::Load, ty, [p])
            .with_flags(flags)
            .with_extra(Extra::Mem { align, atomic: at }))
    }

    fn parse_store(&mut self) -> PResult<InstData> {
        let atomic = self.eat_kw("atomic");
        let mut flags = Flags::NONE;
        if self.eat_kw("volatile") {
            flags.insert(Flags::VOLATILE);
        }
        let (_, v) = self.parse_typed_operand()?;
        self.expect_comma()?;
        let pat = self.tok.start;
        let (pt, p) = self.parse_typed_operand()?;
        if !self.m.types.is_ptr(pt) {
            return self.err_at(pat, "store operand must be a pointer");
        }
        let mut at = None;
        if atomic {
            let ss = self.opt_syncscope()?;
            let ord = self.parse_ordering()?;
            if matches!(ord, Ordering::Acquire | Ordering::AcqRel) {
                return self.err("atomic store cannot use Acquire ordering");
            }
            at = Some(Box::new(Atomic {
                ordering: ord,
                syncscope: ss,
            }));
        }
        let align = self.opt_comma_align()?;
        if atomic && align.is_none() {
            return self.err_at(pat, "atomic store must have explicit non-zero alignment");
        }
        Ok(Self::void_inst(Opcode::Store, [v, p])
            .with_flags(flags)
            .with_extra(Extra::Mem { align, atomic: at }))
    }

    fn parse_cmpxchg(&mut self) -> PResult<InstData> {
        let weak = self.eat_kw("weak");
        let mut flags = Flags::NONE;
        if self.eat_kw("volatile") {
            flags.insert(Flags::VOLATILE);
        }
        let pat = self.tok.start;
        let (pt, p) = self.parse_typed_operand()?;
        if !self.m.types.is_ptr(pt) {
            return self.err_at(pat, "cmpxchg operand must be a pointer");
        }
        self.expect_comma()?;
        let (ty, cmp) = self.parse_typed_operand()?;
        self.expect_comma()?;
        let nat = self.tok.start;
        let (t2, new) = self.parse_typed_operand()?;
        if t2 != ty {
            return self.err_at(nat, "compare value and new value type do not match");
        }
        let ss = self.opt_syncscope()?;
        let success = self.parse_ordering()?;
        let failure = self.parse_ordering()?;
        let align = self.opt_comma_align()?;
        let rt = self.m.types.literal_struct(false, vec![ty, TypeTable::I1]);
        let info = CmpXchgInfo {
            weak,
            syncscope: ss,
            success,
            failure,
            align,
        };
        Ok(InstData::new(Opcode::AtomicCmpXchg, rt, [p, cmp, new])
            .with_flags(flags)
            .with_extra(Extra::CmpXchg(Box::new(info))))
    }

    fn parse_atomicrmw(&mut self) -> PResult<InstData> {
        let mut flags = Flags::NONE;
        if self.eat_kw("volatile") {
            flags.insert(Flags::VOLATILE);
        }
        let Some(op) = self.kw().and_then(RmwOp::from_name) else {
            return self.err("expected binary operation in atomicrmw");
        };
        self.bump();
        let pat = self.tok.start;
        let (pt, p) = self.parse_typed_operand()?;
        if !self.m.types.is_ptr(pt) {
            return self.err_at(pat, "atomicrmw operand must be a pointer");
        }
        self.expect_comma()?;
        let (ty, v) = self.parse_typed_operand()?;
        let ss = self.opt_syncscope()?;
        let ordering = self.parse_ordering()?;
        if ordering == Ordering::Unordered {
            return self.err("atomicrmw cannot be unordered");
        }
        let align = self.opt_comma_align()?;
        let info = RmwInfo {
            op,
            atomic: Atomic {
                ordering,
                syncscope: ss,
            },
            align,
        };
        Ok(InstData::new(Opcode::AtomicRmw, ty, [p, v])
            .with_flags(flags)
            .with_extra(Extra::Rmw(Box::new(info))))
    }

    /// `call`, `invoke` and `callbr` (after the opcode keyword).
    fn parse_call_like(&mut self, op: Opcode, tail: TailKind) -> PResult<InstData> {
        let flags = if op == Opcode::Call {
            self.parse_fmf()
        } else {
            Flags::NONE
        };
        let cconv = self.parse_cconv()?;
        let ret_attrs = self.parse_attr_set(AttrCtx::Ret)?;
        let callee_as = self.opt_addrspace()?.unwrap_or(self.program_as);
        let tat = self.tok.start;
        let ty = self.parse_type(true)?;
        let explicit = matches!(self.m.types.data(ty), TypeData::Function { .. });
        // The callee.
        let callee_at = self.tok.start;
        let mut asm: Option<InlineAsm> = None;
        let mut callee = None;
        if self.eat_kw("asm") {
            let mut a = InlineAsm {
                ty,
                asm: Vec::new(),
                constraints: Vec::new(),
                side_effect: false,
                align_stack: false,
                intel_dialect: false,
                can_throw: false,
            };
            loop {
                if self.eat_kw("sideeffect") {
                    a.side_effect = true;
                } else if self.eat_kw("alignstack") {
                    a.align_stack = true;
                } else if self.eat_kw("inteldialect") {
                    a.intel_dialect = true;
                } else if self.eat_kw("unwind") {
                    a.can_throw = true;
                } else {
                    break;
                }
            }
            a.asm = self.parse_string_bytes()?;
            self.expect_comma()?;
            a.constraints = self.parse_string_bytes()?;
            asm = Some(a);
        } else {
            let pty = self.m.types.ptr(callee_as);
            callee = Some(self.parse_operand(pty)?);
        }
        // Arguments.
        self.expect(Tok::LParen, "(")?;
        let mut args: Vec<(Type, Operand, AttrSet)> = Vec::new();
        if !self.eat(Tok::RParen) {
            loop {
                if self.tok.kind == Tok::DotDotDot {
                    return self
                        .err("varargs forwarding ('...' in a musttail call) is not supported");
                }
                let aty = self.parse_type(false)?;
                let set = self.parse_attr_set(AttrCtx::Param)?;
                let v = self.parse_operand(aty)?;
                args.push((aty, v, set));
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RParen, ")")?;
        }
        // The function type.
        let fn_ty = if explicit {
            let Some((_, params, vararg)) = self.m.types.fn_sig(ty) else {
                return self.err_at(tat, "expected function type");
            };
            let params = params.to_vec();
            if args.len() < params.len() {
                return self.err("not enough parameters specified for call");
            }
            if args.len() > params.len() && !vararg {
                return self.err("too many arguments specified");
            }
            for (i, p) in params.iter().enumerate() {
                if args[i].0 != *p {
                    return self.err(format!(
                        "argument is not of expected type '{}'",
                        self.ty_str(*p)
                    ));
                }
            }
            ty
        } else {
            if matches!(self.m.types.data(ty), TypeData::Label | TypeData::Metadata) {
                return self.err_at(tat, "Invalid result type for LLVM function");
            }
            let params: Vec<Type> = args.iter().map(|a| a.0).collect();
            self.m.types.function(ty, params, false)
        };
        let ret_ty = self.m.types.fn_sig(fn_ty).map_or(TypeTable::VOID, |s| s.0);
        let callee = match (asm, callee) {
            (Some(mut a), _) => {
                a.ty = fn_ty;
                Operand::Const(self.m.consts.intern(ConstData::InlineAsm(a)))
            }
            (None, Some(c)) => c,
            (None, None) => return self.err_at(callee_at, "expected callee"),
        };
        // Function attributes and operand bundles.
        let fat = self.tok.start;
        let (fattrs, groups, falign) = self.parse_attr_list(AttrCtx::Fn)?;
        let mut fattrs = fattrs;
        if let Some(a) = falign {
            fattrs.push(loopwright_ir::Attr::Int("align".into(), a));
        }
        let fn_attrs = self.make_attr_set(fattrs, &groups, fat)?;
        let mut bundles = Vec::new();
        let mut bundle_ops = Vec::new();
        if self.eat(Tok::LSquare) {
            loop {
                let tag = self.parse_string()?;
                self.expect(Tok::LParen, "(")?;
                let mut n = 0u32;
                if !self.eat(Tok::RParen) {
                    loop {
                        let (_, v) = self.parse_typed_operand()?;
                        bundle_ops.push(v);
                        n += 1;
                        if !self.eat(Tok::Comma) {
                            break;
                        }
                    }
                    self.expect(Tok::RParen, ")")?;
                }
                bundles.push(Bundle {
                    tag: tag.into(),
                    num_ops: n,
                });
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RSquare, "]")?;
        }
        let mut param_attrs: Vec<AttrSet> = args.iter().map(|a| a.2).collect();
        while param_attrs.last() == Some(&AttrSet::EMPTY) {
            param_attrs.pop();
        }
        let num_args = args.len() as u32;
        let mut ops: Vec<Operand> = Vec::with_capacity(args.len() + 3);
        ops.push(callee);
        ops.extend(args.iter().map(|a| a.1));
        ops.extend(bundle_ops);
        match op {
            Opcode::Invoke => {
                self.expect_kw("to")?;
                let n = self.parse_label_operand()?;
                self.expect_kw("unwind")?;
                let u = self.parse_label_operand()?;
                ops.push(Operand::Block(n));
                ops.push(Operand::Block(u));
            }
            Opcode::CallBr => {
                self.expect_kw("to")?;
                let d = self.parse_label_operand()?;
                ops.push(Operand::Block(d));
                self.expect(Tok::LSquare, "[")?;
                if !self.eat(Tok::RSquare) {
                    loop {
                        ops.push(Operand::Block(self.parse_label_operand()?));
                        if !self.eat(Tok::Comma) {
                            break;
                        }
                    }
                    self.expect(Tok::RSquare, "]")?;
                }
            }
            _ => {}
        }
        let info = CallInfo {
            fn_ty,
            cconv,
            tail,
            fn_attrs,
            ret_attrs,
            param_attrs,
            num_args,
            bundles,
            explicit_fn_ty: explicit,
        };
        Ok(InstData::new(op, ret_ty, ops)
            .with_flags(flags)
            .with_extra(Extra::Call(Box::new(info))))
    }

    /// `#dbg_value(...)`, `#dbg_declare(...)`, `#dbg_assign(...)`,
    /// `#dbg_label(...)`.
    fn parse_debug_record(&mut self) -> PResult<InstData> {
        let op = match self.tok.name(self.src).as_ref() {
            b"dbg_value" => Opcode::DbgValue,
            b"dbg_declare" => Opcode::DbgDeclare,
            b"dbg_assign" => Opcode::DbgAssign,
            b"dbg_label" => Opcode::DbgLabel,
            _ => return self.err("expected debug record type"),
        };
        self.bump();
        self.expect(Tok::LParen, "(")?;
        let mut ops = Vec::new();
        let node = |p: &mut Self| -> PResult<Operand> {
            Ok(Operand::Md(Md::Node(p.parse_md_node_ref()?)))
        };
        match op {
            Opcode::DbgLabel => {
                ops.push(node(self)?);
                self.expect_comma()?;
                ops.push(node(self)?);
            }
            _ => {
                ops.push(self.parse_md_value_operand()?);
                self.expect_comma()?;
                ops.push(node(self)?);
                self.expect_comma()?;
                ops.push(node(self)?);
                self.expect_comma()?;
                if op == Opcode::DbgAssign {
                    ops.push(node(self)?);
                    self.expect_comma()?;
                    ops.push(self.parse_md_value_operand()?);
                    self.expect_comma()?;
                    ops.push(node(self)?);
                    self.expect_comma()?;
                }
                ops.push(node(self)?);
            }
        }
        self.expect(Tok::RParen, ")")?;
        Ok(InstData::new(op, TypeTable::VOID, ops))
    }
}
