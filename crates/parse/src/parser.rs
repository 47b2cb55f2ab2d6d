//! The parser core: token handling, errors, the pre-scan, module-level
//! entities and types.
//!
//! Parsing is one pass over the tokens after a cheap pre-scan. The
//! pre-scan finds every global value definition (so that forward
//! references to `@x` get the id the definition will have: arenas are
//! filled in source order), every comdat, every attribute group (parsed
//! first, as `#N` references usually precede `attributes #N = {...}`), and
//! every function named in a `blockaddress`.

use crate::lexer::{LexError, Lexer, Tok, Token};
use cranelift_entity::EntityRef;
use loopwright_ir::{
    Alias, AliasData, Attachments, Attr, AttrSet, Block, Comdat, ComdatData, ComdatKind, Const,
    ConstData, DllStorage, Func, Function, GlobalCommon, GlobalRef, GlobalVar, GlobalVarData,
    IFunc, IFuncData, Linkage, MdNode, Module, NamedStruct, Opcode, StructBody, ThreadLocal, Type,
    TypeData, TypeTable, UnnamedAddr, Visibility,
};
use rustc_hash::{FxHashMap, FxHashSet};
use std::borrow::Cow;

/// Maximum nesting of types, constants and metadata.
pub(crate) const MAX_DEPTH: u32 = 256;

/// Bytes of body text per instruction and per block, on the low side
/// (clang's and opt's output has about 60-90 and 500-1000): a body's
/// arenas are reserved from its size.
const BODY_BYTES_PER_INST: usize = 64;
const BODY_BYTES_PER_BLOCK: usize = 512;
/// The most body text reserved for (the last function's guess runs to the
/// end of the source, which may be mostly metadata): bigger bodies grow.
const MAX_RESERVED_BODY: usize = 1 << 22;

/// An error before line/column are computed.
#[derive(Debug)]
pub(crate) struct PErr {
    pub offset: usize,
    pub message: String,
}

pub(crate) type PResult<T> = Result<T, PErr>;

/// A function-local name: `%name` or `%N`. Names borrow from the source
/// unless unescaping changed them, so looking a name up allocates nothing.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) enum LocalKey<'a> {
    Name(Cow<'a, [u8]>),
    Id(u32),
}

/// Numbers below this are looked up in an [`IdTable`]'s vector.
const DENSE_LOCAL_IDS: u32 = 1 << 18;

/// Numbers (`!N`) mapped to `T`: they are dense (`!0`, `!1`, ...), so
/// they index a vector (but for those too large for it, in a hash map).
/// Only looked up, never iterated.
pub(crate) struct IdTable<T> {
    ids: Vec<Option<T>>,
    big_ids: FxHashMap<u32, T>,
}

impl<T> Default for IdTable<T> {
    fn default() -> Self {
        IdTable {
            ids: Vec::new(),
            big_ids: FxHashMap::default(),
        }
    }
}

impl<T: Copy> IdTable<T> {
    #[inline]
    pub fn get(&self, n: &u32) -> Option<&T> {
        if *n < DENSE_LOCAL_IDS {
            self.ids.get(*n as usize)?.as_ref()
        } else {
            self.big_ids.get(n)
        }
    }

    /// Forgets every number, keeping the storage.
    pub fn clear(&mut self) {
        self.ids.clear();
        self.big_ids.clear();
    }

    /// Maps `n` to `v`; returns what it mapped to before.
    pub fn insert(&mut self, n: u32, v: T) -> Option<T> {
        if n < DENSE_LOCAL_IDS {
            let i = n as usize;
            if i >= self.ids.len() {
                self.ids.resize(i + 1, None);
            }
            self.ids[i].replace(v)
        } else {
            self.big_ids.insert(n, v)
        }
    }
}

/// A function's local names (`%name`, `%N`) mapped to `T`: numbers in an
/// [`IdTable`], names in a hash map. Only looked up, never iterated.
pub(crate) struct LocalTable<'a, T> {
    ids: IdTable<T>,
    names: FxHashMap<Cow<'a, [u8]>, T>,
}

impl<T> Default for LocalTable<'_, T> {
    fn default() -> Self {
        LocalTable {
            ids: IdTable::default(),
            names: FxHashMap::default(),
        }
    }
}

impl<'a, T: Copy> LocalTable<'a, T> {
    #[inline]
    pub fn get(&self, key: &LocalKey<'_>) -> Option<&T> {
        match key {
            LocalKey::Id(n) => self.ids.get(n),
            LocalKey::Name(nm) => self.names.get(nm.as_ref()),
        }
    }

    #[inline]
    pub fn contains_key(&self, key: &LocalKey<'_>) -> bool {
        self.get(key).is_some()
    }

    /// Maps `key` to `v`; returns what it mapped to before.
    pub fn insert(&mut self, key: LocalKey<'a>, v: T) -> Option<T> {
        match key {
            LocalKey::Id(n) => self.ids.insert(n, v),
            LocalKey::Name(nm) => self.names.insert(nm, v),
        }
    }

    /// Forgets every name, keeping the storage.
    pub fn clear(&mut self) {
        self.ids.clear();
        self.names.clear();
    }
}

/// Per-function parsing state.
pub(crate) struct FnState<'a> {
    pub f: Function,
    pub func: Func,
    pub values: LocalTable<'a, loopwright_ir::Value>,
    pub blocks: LocalTable<'a, Block>,
    /// Forward-referenced values not yet defined, with the first use.
    pub fwd_values: FxHashMap<loopwright_ir::Value, (usize, LocalKey<'a>)>,
    /// Forward-referenced blocks not yet defined, with the first use.
    pub fwd_blocks: FxHashMap<Block, (usize, LocalKey<'a>)>,
    /// The next number for an unnamed value or block.
    pub next_num: u32,
}

/// A function's value and block name tables.
type LocalTables<'a> = (LocalTable<'a, loopwright_ir::Value>, LocalTable<'a, Block>);

pub(crate) struct Parser<'a> {
    pub src: &'a [u8],
    lex: Lexer<'a>,
    pub tok: Token,
    pub m: Module,
    pub depth: u32,

    /// Global value slots from the pre-scan.
    globals_by_name: FxHashMap<Vec<u8>, GlobalRef>,
    globals_by_id: FxHashMap<u32, GlobalRef>,
    /// The next number for an unnamed global.
    next_global_num: u32,
    /// Type and offset of the first reference to a global not yet defined.
    global_fwd: FxHashMap<GlobalRef, (Type, usize)>,
    comdats_by_name: FxHashMap<Vec<u8>, Comdat>,
    comdats_defined: usize,
    comdat_fwd: FxHashMap<Comdat, usize>,
    /// Attribute groups: set and function alignment.
    pub attr_groups: FxHashMap<u32, AttrSet>,
    /// Offsets of `attributes` keywords.
    attr_group_pos: Vec<usize>,
    /// Call-site attribute lists by source text (see
    /// [`Parser::parse_attr_set`]).
    pub(crate) attr_texts: FxHashMap<(crate::attrs::AttrCtx, &'a [u8]), AttrSet>,

    struct_ids: FxHashMap<u32, NamedStruct>,
    /// Identified structs referenced but not defined yet, with first use.
    struct_fwd: FxHashMap<NamedStruct, (usize, String)>,
    struct_defined: FxHashSet<NamedStruct>,

    /// `!N` nodes: the node and whether it is defined yet.
    pub md_ids: IdTable<MdNode>,
    pub md_fwd: FxHashMap<u32, usize>,
    /// Metadata kinds by the source text of their `!name` token.
    pub(crate) md_kinds: FxHashMap<&'a [u8], loopwright_ir::MdKind>,

    pub fs: Option<FnState<'a>>,
    /// The name tables of the last function parsed, emptied, kept for the
    /// next one so that their storage is reused.
    spare_tables: Option<LocalTables<'a>>,
    /// Where each function's name is, by function (from the pre-scan):
    /// a body ends before the next function, which sizes its arenas.
    func_starts: Vec<usize>,
    /// Functions named in some `blockaddress`.
    ba_targets: FxHashSet<Func>,
    /// Blocks reserved by `blockaddress` before their function was parsed.
    ba_reserved: FxHashMap<Func, Vec<LocalKey<'a>>>,
    /// Block tables of parsed functions that are `blockaddress` targets.
    ba_done: FxHashMap<Func, LocalTable<'a, Block>>,

    /// Address spaces from the datalayout: program (`P`), alloca (`A`),
    /// globals (`G`).
    pub program_as: u32,
    pub alloca_as: u32,
    pub globals_as: u32,

    /// Positions of what is parsed, when asked for.
    pub srcmap: Option<crate::srcmap::SourceMap>,
}

fn is_global_tok(k: Tok) -> bool {
    matches!(k, Tok::GlobalVar | Tok::GlobalId(_))
}

impl<'a> Parser<'a> {
    pub fn new(src: &'a [u8]) -> Self {
        let mut lex = Lexer::new(src);
        let tok = lex.next_token();
        Parser {
            src,
            lex,
            tok,
            m: Module::new(),
            depth: 0,
            globals_by_name: FxHashMap::default(),
            globals_by_id: FxHashMap::default(),
            next_global_num: 0,
            global_fwd: FxHashMap::default(),
            comdats_by_name: FxHashMap::default(),
            comdats_defined: 0,
            comdat_fwd: FxHashMap::default(),
            attr_groups: FxHashMap::default(),
            attr_group_pos: Vec::new(),
            attr_texts: FxHashMap::default(),
            struct_ids: FxHashMap::default(),
            struct_fwd: FxHashMap::default(),
            struct_defined: FxHashSet::default(),
            md_ids: IdTable::default(),
            md_fwd: FxHashMap::default(),
            md_kinds: FxHashMap::default(),
            fs: None,
            spare_tables: None,
            func_starts: Vec::new(),
            ba_targets: FxHashSet::default(),
            ba_reserved: FxHashMap::default(),
            ba_done: FxHashMap::default(),
            program_as: 0,
            alloca_as: 0,
            globals_as: 0,
            srcmap: None,
        }
    }

    // -----------------------------------------------------------------
    // Tokens and errors.
    // -----------------------------------------------------------------

    /// Advances to the next token.
    pub fn bump(&mut self) {
        self.tok = self.lex.next_token();
    }

    /// The token after the current one.
    pub fn peek(&self) -> Token {
        let mut l = self.lex;
        l.next_token()
    }

    /// Whether the token after the current one is `!name`, without lexing
    /// it.
    pub fn peek_is_metadata_var(&self) -> bool {
        self.lex.next_is_metadata_var()
    }

    /// The first byte of the token after the current one.
    pub fn peek_byte(&self) -> Option<u8> {
        self.lex.next_byte()
    }

    /// A copy of the lexer, positioned after the current token.
    pub fn lexer(&self) -> Lexer<'a> {
        self.lex
    }

    /// Continues from a look-ahead: `lex` positioned just after `tok`, the
    /// new current token.
    pub fn set_lexer(&mut self, lex: Lexer<'a>, tok: Token) {
        self.lex = lex;
        self.tok = tok;
    }

    /// Re-positions the parser at byte offset `pos`.
    fn seek(&mut self, pos: usize) {
        self.lex.set_pos(pos);
        self.bump();
    }

    pub fn err_at<T>(&self, offset: usize, msg: impl Into<String>) -> PResult<T> {
        Err(PErr {
            offset,
            message: msg.into(),
        })
    }

    /// An error at the current token. A lexical error token reports the
    /// lexer's message instead.
    pub fn err<T>(&self, msg: impl Into<String>) -> PResult<T> {
        if let Tok::Error(e) = self.tok.kind {
            return self.err_at(self.tok.start, e.message());
        }
        self.err_at(self.tok.start, msg)
    }

    pub fn text(&self) -> &'a [u8] {
        self.tok.text(self.src)
    }

    /// True if the current token is the keyword `kw`.
    pub fn is_kw(&self, kw: &str) -> bool {
        self.tok.kind == Tok::Keyword && self.text() == kw.as_bytes()
    }

    /// The current keyword's text, if the token is a keyword.
    pub fn kw(&self) -> Option<&'a str> {
        if self.tok.kind == Tok::Keyword {
            // Keywords are ASCII by construction.
            std::str::from_utf8(self.text()).ok()
        } else {
            None
        }
    }

    /// The current keyword's bytes, if the token is a keyword (no UTF-8
    /// check: for matching against known keywords).
    pub fn kw_bytes(&self) -> Option<&'a [u8]> {
        if self.tok.kind == Tok::Keyword {
            Some(self.text())
        } else {
            None
        }
    }

    pub fn eat_kw(&mut self, kw: &str) -> bool {
        if self.is_kw(kw) {
            self.bump();
            true
        } else {
            false
        }
    }

    pub fn expect_kw(&mut self, kw: &str) -> PResult<()> {
        if self.eat_kw(kw) {
            Ok(())
        } else {
            self.err(format!("expected '{kw}'"))
        }
    }

    pub fn eat(&mut self, k: Tok) -> bool {
        if self.tok.kind == k {
            self.bump();
            true
        } else {
            false
        }
    }

    pub fn expect(&mut self, k: Tok, what: &str) -> PResult<()> {
        if self.eat(k) {
            Ok(())
        } else {
            self.err(format!("expected '{what}'"))
        }
    }

    pub fn expect_comma(&mut self) -> PResult<()> {
        self.expect(Tok::Comma, ",")
    }

    /// Enters one level of nesting.
    pub fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.err("nesting too deep (more than 256 levels)");
        }
        Ok(())
    }

    pub fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// Converts name bytes to a `String`.
    pub fn utf8(&self, bytes: &[u8], at: usize) -> PResult<String> {
        self.utf8_ref(bytes, at).map(str::to_owned)
    }

    /// Name bytes as a `&str`, without copying them.
    pub fn utf8_ref<'b>(&self, bytes: &'b [u8], at: usize) -> PResult<&'b str> {
        match std::str::from_utf8(bytes) {
            Ok(s) => Ok(s),
            Err(_) => self.err_at(at, "name or string is not valid UTF-8 (not supported)"),
        }
    }

    /// Parses a string constant `"..."` and returns its unescaped bytes.
    pub fn parse_string_bytes(&mut self) -> PResult<Vec<u8>> {
        if self.tok.kind != Tok::Str {
            return self.err("expected string constant");
        }
        let v = self.tok.name(self.src).into_owned();
        self.bump();
        Ok(v)
    }

    pub fn parse_string(&mut self) -> PResult<String> {
        let at = self.tok.start;
        let b = self.parse_string_bytes()?;
        self.utf8(&b, at)
    }

    /// Parses a non-negative decimal integer that fits in a u64.
    pub fn parse_u64(&mut self) -> PResult<u64> {
        if self.tok.kind != Tok::Int || self.text().first() == Some(&b'-') {
            return self.err("expected integer");
        }
        let mut v: u64 = 0;
        for &d in self.text() {
            v = match v
                .checked_mul(10)
                .and_then(|v| v.checked_add(u64::from(d - b'0')))
            {
                Some(v) => v,
                None => return self.err("integer too large"),
            };
        }
        self.bump();
        Ok(v)
    }

    pub fn parse_u32(&mut self) -> PResult<u32> {
        let at = self.tok.start;
        let v = self.parse_u64()?;
        match u32::try_from(v) {
            Ok(v) => Ok(v),
            Err(_) => self.err_at(at, "expected 32-bit integer (too large)"),
        }
    }

    /// Parses a possibly negative decimal integer that fits in an i64.
    pub fn parse_i64(&mut self) -> PResult<i64> {
        if self.tok.kind != Tok::Int {
            return self.err("expected integer");
        }
        let t = self.text();
        let (neg, digits) = crate::lexer::split_sign(t);
        let mut v: i128 = 0;
        for &d in digits {
            v = v * 10 + i128::from(d - b'0');
            if v > i128::from(u64::MAX) + 1 {
                return self.err("integer too large");
            }
        }
        let v = if neg { -v } else { v };
        match i64::try_from(v) {
            Ok(v) => {
                self.bump();
                Ok(v)
            }
            Err(_) => self.err("integer too large"),
        }
    }

    /// `align N` (the keyword already consumed): a power of two.
    pub fn parse_alignment_value(&mut self) -> PResult<u64> {
        let at = self.tok.start;
        let parens = self.eat(Tok::LParen);
        let v = self.parse_u64()?;
        if parens {
            self.expect(Tok::RParen, ")")?;
        }
        if !v.is_power_of_two() {
            return self.err_at(at, "alignment is not a power of two");
        }
        if v > (1u64 << 32) {
            return self.err_at(at, "huge alignments are not supported yet");
        }
        Ok(v)
    }

    /// `addrspace(N)` (at the keyword).
    pub fn parse_addrspace(&mut self) -> PResult<u32> {
        self.expect_kw("addrspace")?;
        self.expect(Tok::LParen, "(")?;
        let at = self.tok.start;
        let v = if self.tok.kind == Tok::Str {
            // addrspace("A"), addrspace("G"), addrspace("P").
            let s = self.parse_string()?;
            match s.as_str() {
                "A" => self.alloca_as,
                "G" => self.globals_as,
                "P" => self.program_as,
                _ => return self.err_at(at, format!("invalid symbolic addrspace '{s}'")),
            }
        } else {
            let v = self.parse_u64()?;
            if v >= (1 << 24) {
                return self.err_at(at, "invalid address space, must be a 24-bit integer");
            }
            v as u32
        };
        self.expect(Tok::RParen, ")")?;
        Ok(v)
    }

    pub fn opt_addrspace(&mut self) -> PResult<Option<u32>> {
        if self.is_kw("addrspace") {
            Ok(Some(self.parse_addrspace()?))
        } else {
            Ok(None)
        }
    }

    /// `syncscope("name")`, if present.
    pub fn opt_syncscope(&mut self) -> PResult<Option<Box<str>>> {
        if !self.eat_kw("syncscope") {
            return Ok(None);
        }
        self.expect(Tok::LParen, "(")?;
        let s = self.parse_string()?;
        self.expect(Tok::RParen, ")")?;
        Ok(Some(s.into()))
    }

    // -----------------------------------------------------------------
    // Type printing for messages.
    // -----------------------------------------------------------------

    pub fn ty_str(&self, t: Type) -> String {
        let mut s = String::new();
        self.write_ty(t, &mut s, 0);
        s
    }

    fn write_ty(&self, t: Type, s: &mut String, depth: u32) {
        use std::fmt::Write;
        if depth > 16 {
            s.push_str("...");
            return;
        }
        let tt = &self.m.types;
        match tt.data(t) {
            TypeData::Void => s.push_str("void"),
            TypeData::Label => s.push_str("label"),
            TypeData::Metadata => s.push_str("metadata"),
            TypeData::Token => s.push_str("token"),
            TypeData::X86Amx => s.push_str("x86_amx"),
            TypeData::Int(n) => {
                let _ = write!(s, "i{n}");
            }
            TypeData::Half => s.push_str("half"),
            TypeData::BFloat => s.push_str("bfloat"),
            TypeData::Float => s.push_str("float"),
            TypeData::Double => s.push_str("double"),
            TypeData::X86Fp80 => s.push_str("x86_fp80"),
            TypeData::Fp128 => s.push_str("fp128"),
            TypeData::PpcFp128 => s.push_str("ppc_fp128"),
            TypeData::Ptr(0) => s.push_str("ptr"),
            TypeData::Ptr(a) => {
                let _ = write!(s, "ptr addrspace({a})");
            }
            TypeData::Vector {
                scalable,
                len,
                elem,
            } => {
                let _ = write!(s, "<{}{len} x ", if *scalable { "vscale x " } else { "" });
                self.write_ty(*elem, s, depth + 1);
                s.push('>');
            }
            TypeData::Array { len, elem } => {
                let _ = write!(s, "[{len} x ");
                self.write_ty(*elem, s, depth + 1);
                s.push(']');
            }
            TypeData::Struct { packed, elems } => {
                s.push_str(if *packed { "<{ " } else { "{ " });
                for (i, e) in elems.iter().enumerate() {
                    if i > 0 {
                        s.push_str(", ");
                    }
                    self.write_ty(*e, s, depth + 1);
                }
                s.push_str(if *packed { " }>" } else { " }" });
            }
            TypeData::Named(ns) => match &tt.struct_data(*ns).name {
                Some(n) => {
                    let _ = write!(s, "%{n}");
                }
                None => s.push_str("%<unnamed struct>"),
            },
            TypeData::Function {
                ret,
                params,
                vararg,
            } => {
                self.write_ty(*ret, s, depth + 1);
                s.push_str(" (");
                for (i, p) in params.iter().enumerate() {
                    if i > 0 {
                        s.push_str(", ");
                    }
                    self.write_ty(*p, s, depth + 1);
                }
                if *vararg {
                    s.push_str(if params.is_empty() { "..." } else { ", ..." });
                }
                s.push(')');
            }
            TypeData::TargetExt { name, .. } => {
                let _ = write!(s, "target(\"{name}\")");
            }
        }
    }

    // -----------------------------------------------------------------
    // Driver.
    // -----------------------------------------------------------------

    pub fn run(mut self, filename: &str) -> PResult<Module> {
        self.parse_entities()?;
        self.finish(filename)
    }

    /// [`Parser::run`], also returning the source map (empty unless
    /// `srcmap` was set).
    pub fn run_with_source_map(
        mut self,
        filename: &str,
    ) -> PResult<(Module, crate::srcmap::SourceMap)> {
        self.parse_entities()?;
        let map = self.srcmap.take().unwrap_or_default();
        Ok((self.finish(filename)?, map))
    }

    fn parse_entities(&mut self) -> PResult<()> {
        self.prescan()?;
        // Attribute groups first: `#N` references precede the groups.
        for pos in std::mem::take(&mut self.attr_group_pos) {
            self.seek(pos);
            self.parse_attr_group(true)?;
        }
        self.seek(0);
        loop {
            match self.tok.kind {
                Tok::Eof => break,
                Tok::Keyword => self.parse_top_keyword()?,
                Tok::LocalVar | Tok::LocalId(_) => self.parse_type_def()?,
                Tok::GlobalVar | Tok::GlobalId(_) => self.parse_global_def()?,
                Tok::ComdatVar => self.parse_comdat_def()?,
                Tok::MetadataVar => self.parse_named_md()?,
                Tok::MetadataId(_) => self.parse_md_def()?,
                Tok::SummaryId(_) => self.skip_summary_entry()?,
                // Text that is not IR at all (a stray byte, `---`, `#!`,
                // `.text`) is best explained as LLVM explains it; a
                // malformed name or number keeps the lexer's message.
                Tok::Error(
                    LexError::InvalidChar
                    | LexError::BadNumber
                    | LexError::StrayDot
                    | LexError::ExpectedNameOrId,
                ) => return self.err_at(self.tok.start, "expected top-level entity"),
                _ => return self.err("expected top-level entity"),
            }
        }
        Ok(())
    }

    fn finish(mut self, filename: &str) -> PResult<Module> {
        // Undefined things, reported at their first use.
        let mut errs: Vec<(usize, String)> = Vec::new();
        for (ns, (at, name)) in &self.struct_fwd {
            if !self.struct_defined.contains(ns) {
                let msg = match name.strip_prefix('%') {
                    Some(n) if n.bytes().all(|b| b.is_ascii_digit()) => {
                        format!("use of undefined type '{name}'")
                    }
                    Some(n) => format!("use of undefined type named '{n}'"),
                    None => format!("use of undefined type named '{name}'"),
                };
                errs.push((*at, msg));
            }
        }
        for (g, (_, at)) in &self.global_fwd {
            let defined = match *g {
                GlobalRef::Var(v) => v.index() < self.m.globals.len(),
                GlobalRef::Func(f) => f.index() < self.m.functions.len(),
                GlobalRef::Alias(a) => a.index() < self.m.aliases.len(),
                GlobalRef::IFunc(i) => i.index() < self.m.ifuncs.len(),
            };
            if !defined {
                errs.push((*at, "use of undefined value".to_string()));
            }
        }
        for (id, at) in &self.md_fwd {
            errs.push((*at, format!("use of undefined metadata '!{id}'")));
        }
        for (c, at) in &self.comdat_fwd {
            if c.index() >= self.comdats_defined {
                errs.push((*at, "use of undefined comdat".to_string()));
            }
        }
        if let Some((at, msg)) = errs.into_iter().min_by_key(|e| e.0) {
            return self.err_at(at, msg);
        }
        if self.m.source_filename.is_none() {
            self.m.source_filename = Some(filename.to_owned());
        }
        self.m.module_id = Some(filename.to_owned());
        Ok(self.m)
    }

    // -----------------------------------------------------------------
    // Pre-scan.
    // -----------------------------------------------------------------

    fn prescan(&mut self) -> PResult<()> {
        let src = self.src;
        let found = prescan_found(src);
        let (mut nv, mut nf, mut na, mut ni, mut nc) = (0usize, 0usize, 0usize, 0usize, 0usize);
        let mut ba_names: Vec<Token> = Vec::new();
        for f in found {
            match f {
                Found::Global(t, kind) => {
                    let r = match kind {
                        GlobalKind::Var => {
                            nv += 1;
                            GlobalRef::Var(GlobalVar::new(nv - 1))
                        }
                        GlobalKind::Alias => {
                            na += 1;
                            GlobalRef::Alias(Alias::new(na - 1))
                        }
                        GlobalKind::IFunc => {
                            ni += 1;
                            GlobalRef::IFunc(IFunc::new(ni - 1))
                        }
                    };
                    self.record_global(t, r);
                }
                Found::Comdat(t) => {
                    let name = t.name(src).into_owned();
                    self.comdats_by_name.entry(name).or_insert_with(|| {
                        nc += 1;
                        Comdat::new(nc - 1)
                    });
                }
                Found::Func(t) => {
                    nf += 1;
                    self.record_global(t, GlobalRef::Func(Func::new(nf - 1)));
                    self.func_starts.push(t.start);
                }
                Found::AttrGroup(pos) => self.attr_group_pos.push(pos),
                Found::BlockAddr(t) => ba_names.push(t),
            }
        }
        for u in ba_names {
            if let Some(GlobalRef::Func(f)) = self.lookup_global_tok(u) {
                self.ba_targets.insert(f);
            }
        }
        Ok(())
    }

    fn record_global(&mut self, t: Token, r: GlobalRef) {
        match t.kind {
            Tok::GlobalId(n) => {
                self.globals_by_id.entry(n).or_insert(r);
            }
            _ => {
                let name = t.name(self.src).into_owned();
                self.globals_by_name.entry(name).or_insert(r);
            }
        }
    }

    fn lookup_global_tok(&self, t: Token) -> Option<GlobalRef> {
        match t.kind {
            Tok::GlobalId(n) => self.globals_by_id.get(&n).copied(),
            Tok::GlobalVar => self.globals_by_name.get(&*t.name(self.src)).copied(),
            _ => None,
        }
    }

    fn global_defined(&self, g: GlobalRef) -> bool {
        match g {
            GlobalRef::Var(v) => v.index() < self.m.globals.len(),
            GlobalRef::Func(f) => f.index() < self.m.functions.len(),
            GlobalRef::Alias(a) => a.index() < self.m.aliases.len(),
            GlobalRef::IFunc(i) => i.index() < self.m.ifuncs.len(),
        }
    }

    /// The pointer type of a defined global.
    fn global_ptr_type(&mut self, g: GlobalRef) -> Type {
        let a = self.m.global_common(g).addrspace;
        self.m.types.ptr(a)
    }

    /// A reference to global `@x` (current token) used with type `ty`.
    pub fn parse_global_ref(&mut self, ty: Type) -> PResult<GlobalRef> {
        let t = self.tok;
        let Some(g) = self.lookup_global_tok(t) else {
            let n = String::from_utf8_lossy(t.text(self.src)).into_owned();
            return self.err(format!("use of undefined value '{n}'"));
        };
        if !self.m.types.is_ptr(ty) {
            return self.err("global variable reference must have pointer type");
        }
        if self.global_defined(g) {
            let pt = self.global_ptr_type(g);
            if pt != ty {
                let n = String::from_utf8_lossy(t.text(self.src)).into_owned();
                return self.err(format!(
                    "'{n}' defined with type '{}' but expected '{}'",
                    self.ty_str(pt),
                    self.ty_str(ty)
                ));
            }
        } else {
            self.global_fwd.entry(g).or_insert((ty, t.start));
        }
        self.bump();
        Ok(g)
    }

    /// Checks a new definition against earlier forward references and
    /// returns the slot it must occupy.
    fn check_global_def(&mut self, name_tok: Token, r: GlobalRef) -> PResult<()> {
        if let Some((ty, at)) = self.global_fwd.remove(&r) {
            let pt = self.global_ptr_type(r);
            if pt != ty {
                let n = String::from_utf8_lossy(name_tok.text(self.src)).into_owned();
                return self.err_at(
                    at,
                    format!(
                        "'{n}' defined with type '{}' but expected '{}'",
                        self.ty_str(pt),
                        self.ty_str(ty)
                    ),
                );
            }
        }
        Ok(())
    }

    /// Resolves the slot of a global being defined (name token current is
    /// already consumed: `t`). `arena_len` is the current arena length.
    fn slot_for_def(
        &mut self,
        t: Token,
        want_kind: u8,
        arena_len: usize,
    ) -> PResult<(GlobalRef, Option<String>)> {
        let Some(r) = self.lookup_global_tok(t) else {
            return self.err_at(t.start, "internal error: global not found by the pre-scan");
        };
        let (kind, idx) = match r {
            GlobalRef::Var(v) => (0, v.index()),
            GlobalRef::Func(f) => (1, f.index()),
            GlobalRef::Alias(a) => (2, a.index()),
            GlobalRef::IFunc(i) => (3, i.index()),
        };
        let name = match t.kind {
            Tok::GlobalId(n) => {
                if n < self.next_global_num {
                    return self.err_at(
                        t.start,
                        format!(
                            "variable expected to be numbered '@{}' or greater",
                            self.next_global_num
                        ),
                    );
                }
                self.next_global_num = n.saturating_add(1);
                None
            }
            _ => Some(self.utf8(&t.name(self.src), t.start)?),
        };
        if kind != want_kind || idx != arena_len {
            let n = String::from_utf8_lossy(t.text(self.src)).into_owned();
            // LLVM's three wordings.
            let msg = match (want_kind, kind) {
                (1, 1) => format!(
                    "invalid redefinition of function '{}'",
                    n.strip_prefix('@').unwrap_or(&n)
                ),
                (1, _) => format!("redefinition of function '{n}'"),
                _ => format!("redefinition of global '{n}'"),
            };
            return self.err_at(t.start, msg);
        }
        Ok((r, name))
    }

    // -----------------------------------------------------------------
    // Module-level entities.
    // -----------------------------------------------------------------

    fn parse_top_keyword(&mut self) -> PResult<()> {
        match self.kw().unwrap_or("") {
            "define" => self.parse_function(true),
            "declare" => self.parse_function(false),
            "target" => {
                self.bump();
                if self.eat_kw("datalayout") {
                    self.expect(Tok::Equal, "=")?;
                    let s = self.parse_string()?;
                    self.apply_datalayout(&s);
                    self.m.datalayout = Some(s);
                } else if self.eat_kw("triple") {
                    self.expect(Tok::Equal, "=")?;
                    self.m.triple = Some(self.parse_string()?);
                } else {
                    return self.err("unknown target property");
                }
                Ok(())
            }
            "source_filename" => {
                self.bump();
                self.expect(Tok::Equal, "=")?;
                self.m.source_filename = Some(self.parse_string()?);
                Ok(())
            }
            "module" => {
                self.bump();
                if !self.eat_kw("asm") {
                    return self.err("expected 'module asm'");
                }
                let s = self.parse_string_bytes()?;
                self.m.module_asm.push(s);
                Ok(())
            }
            "attributes" => self.parse_attr_group(false),
            "uselistorder" => self.parse_uselistorder(),
            "uselistorder_bb" => self.parse_uselistorder_bb(),
            "deplibs" => {
                // `deplibs = [ "a", "b" ]` (obsolete, ignored by LLVM too).
                self.bump();
                self.expect(Tok::Equal, "=")?;
                self.expect(Tok::LSquare, "[")?;
                if !self.eat(Tok::RSquare) {
                    loop {
                        self.parse_string_bytes()?;
                        if !self.eat(Tok::Comma) {
                            break;
                        }
                    }
                    self.expect(Tok::RSquare, "]")?;
                }
                Ok(())
            }
            _ => self.err("expected top-level entity"),
        }
    }

    fn apply_datalayout(&mut self, s: &str) {
        for comp in s.split('-') {
            let mut it = comp.chars();
            let c = it.next();
            let rest: &str = it.as_str();
            if let (Some(c), Ok(n)) = (c, rest.parse::<u32>()) {
                match c {
                    'A' => self.alloca_as = n,
                    'P' => self.program_as = n,
                    'G' => self.globals_as = n,
                    _ => {}
                }
            }
        }
    }

    /// `uselistorder T v, { i, j, ... }` (parsed and dropped).
    pub fn parse_uselistorder(&mut self) -> PResult<()> {
        self.expect_kw("uselistorder")?;
        let ty = self.parse_type(false)?;
        if self.fs.is_some() {
            self.parse_operand(ty)?;
        } else {
            self.parse_const(ty)?;
        }
        self.expect_comma()?;
        self.parse_uselist_indexes()
    }

    fn parse_uselistorder_bb(&mut self) -> PResult<()> {
        self.expect_kw("uselistorder_bb")?;
        if !is_global_tok(self.tok.kind) {
            return self.err("expected function name in uselistorder_bb");
        }
        self.bump();
        self.expect_comma()?;
        if !matches!(self.tok.kind, Tok::LocalVar | Tok::LocalId(_)) {
            return self.err("expected basic block name in uselistorder_bb");
        }
        self.bump();
        self.expect_comma()?;
        self.parse_uselist_indexes()
    }

    fn parse_uselist_indexes(&mut self) -> PResult<()> {
        self.expect(Tok::LBrace, "{")?;
        let mut n = 0;
        loop {
            self.parse_u32()?;
            n += 1;
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        if n < 2 {
            return self.err("expected >= 2 uselistorder indexes");
        }
        self.expect(Tok::RBrace, "}")
    }

    /// `^N = ...`: module summary entries are skipped.
    fn skip_summary_entry(&mut self) -> PResult<()> {
        self.bump();
        self.expect(Tok::Equal, "=")?;
        if self.tok.kind != Tok::LabelStr {
            return self.err("expected summary entry kind");
        }
        self.bump();
        if self.tok.kind != Tok::LParen {
            // `^N = blockcount: 5`.
            self.bump();
            return Ok(());
        }
        let mut depth = 0usize;
        loop {
            match self.tok.kind {
                Tok::LParen => depth += 1,
                Tok::RParen => {
                    depth -= 1;
                    if depth == 0 {
                        self.bump();
                        return Ok(());
                    }
                }
                Tok::Eof => return self.err("end of file in summary entry"),
                Tok::Error(_) => return self.err("invalid token"),
                _ => {}
            }
            self.bump();
        }
    }

    /// `%T = type {...}` / `type opaque` / `%N = type ...`.
    fn parse_type_def(&mut self) -> PResult<()> {
        let t = self.tok;
        self.bump();
        self.expect(Tok::Equal, "=")?;
        if !self.eat_kw("type") {
            return self.err("expected 'type' after name");
        }
        let ns = match t.kind {
            Tok::LocalId(n) => match self.struct_ids.get(&n) {
                Some(&ns) => ns,
                None => {
                    let ns = self.m.types.named_struct(None);
                    self.struct_ids.insert(n, ns);
                    ns
                }
            },
            _ => {
                let name = self.utf8(&t.name(self.src), t.start)?;
                self.m.types.named_struct(Some(&name))
            }
        };
        if !self.struct_defined.insert(ns) {
            return self.err_at(t.start, "redefinition of type");
        }
        self.struct_fwd.remove(&ns);
        self.m.types.mark_struct_defined(ns);
        if self.eat_kw("opaque") {
            self.m.types.set_struct_body(ns, None);
            return Ok(());
        }
        let body = match self.tok.kind {
            Tok::LBrace => {
                self.bump();
                StructBody {
                    packed: false,
                    elems: self.parse_struct_body(Tok::RBrace, "}")?,
                }
            }
            Tok::Less if self.peek().kind == Tok::LBrace => {
                self.bump();
                self.bump();
                let elems = self.parse_struct_body(Tok::RBrace, "}")?;
                self.expect(Tok::Greater, ">")?;
                StructBody {
                    packed: true,
                    elems,
                }
            }
            _ => {
                // `%T = type i32` is not a struct: LLVM allows it as an
                // alias for the type; we do not model type aliases.
                return self
                    .err("expected '{' or 'opaque' (non-struct named types are not supported)");
            }
        };
        self.m.types.set_struct_body(ns, Some(body));
        Ok(())
    }

    /// Element types up to the closing token (already past the opener).
    fn parse_struct_body(&mut self, close: Tok, what: &str) -> PResult<Vec<Type>> {
        let mut elems = Vec::new();
        if self.eat(close) {
            return Ok(elems);
        }
        loop {
            let at = self.tok.start;
            let t = self.parse_type(false)?;
            if !self.valid_element_type(t) {
                return self.err_at(at, "invalid element type for struct");
            }
            elems.push(t);
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        self.expect(close, what)?;
        Ok(elems)
    }

    fn valid_element_type(&self, t: Type) -> bool {
        !matches!(
            self.m.types.data(t),
            TypeData::Void
                | TypeData::Label
                | TypeData::Metadata
                | TypeData::Function { .. }
                | TypeData::Token
        )
    }

    /// `$c = comdat kind`.
    fn parse_comdat_def(&mut self) -> PResult<()> {
        let t = self.tok;
        self.bump();
        self.expect(Tok::Equal, "=")?;
        self.expect_kw("comdat")?;
        let kind = match self.kw() {
            Some("any") => ComdatKind::Any,
            Some("exactmatch") => ComdatKind::ExactMatch,
            Some("largest") => ComdatKind::Largest,
            Some("nodeduplicate") => ComdatKind::NoDeduplicate,
            Some("samesize") => ComdatKind::SameSize,
            _ => return self.err("unknown selection kind"),
        };
        self.bump();
        let name_b = t.name(self.src).into_owned();
        let name = self.utf8(&name_b, t.start)?;
        let Some(&c) = self.comdats_by_name.get(&name_b) else {
            return self.err_at(t.start, "internal error: comdat not found by the pre-scan");
        };
        if c.index() != self.m.comdats.len() {
            return self.err_at(t.start, format!("redefinition of comdat '${name}'"));
        }
        self.m.comdats.push(ComdatData { name, kind });
        self.comdats_defined = self.m.comdats.len();
        self.comdat_fwd.remove(&c);
        Ok(())
    }

    /// A reference to comdat `$name` (current token).
    fn comdat_ref(&mut self, name: &[u8], at: usize) -> PResult<Comdat> {
        let Some(&c) = self.comdats_by_name.get(name) else {
            let n = String::from_utf8_lossy(name).into_owned();
            return self.err_at(at, format!("use of undefined comdat '${n}'"));
        };
        if c.index() >= self.m.comdats.len() {
            self.comdat_fwd.entry(c).or_insert(at);
        }
        Ok(c)
    }

    /// `comdat` or `comdat($name)` (at the keyword); `own` is the global's
    /// name for the bare form.
    fn parse_comdat_clause(&mut self, own: Option<&[u8]>) -> PResult<Comdat> {
        let at = self.tok.start;
        self.expect_kw("comdat")?;
        if self.eat(Tok::LParen) {
            if self.tok.kind != Tok::ComdatVar {
                return self.err("expected comdat variable");
            }
            let t = self.tok;
            let name = t.name(self.src).into_owned();
            self.bump();
            self.expect(Tok::RParen, ")")?;
            return self.comdat_ref(&name, t.start);
        }
        match own {
            Some(n) => self.comdat_ref(n, at),
            None => self.err_at(at, "comdat cannot be unnamed"),
        }
    }

    /// Linkage, preemption, visibility, DLL storage (in LLVM's order).
    fn parse_linkage_etc(&mut self, c: &mut GlobalCommon) -> PResult<bool> {
        let mut has_linkage = false;
        if let Some(k) = self.kw() {
            if let Some(l) = Linkage::from_name(k) {
                c.linkage = l;
                has_linkage = true;
                self.bump();
            }
        }
        if self.eat_kw("dso_local") {
            c.dso_local = true;
        } else {
            self.eat_kw("dso_preemptable");
        }
        match self.kw() {
            Some("default") => {
                self.bump();
                c.visibility = Visibility::Default;
            }
            Some("hidden") => {
                self.bump();
                c.visibility = Visibility::Hidden;
            }
            Some("protected") => {
                self.bump();
                c.visibility = Visibility::Protected;
            }
            _ => {}
        }
        if self.eat_kw("dllimport") {
            c.dll_storage = DllStorage::Import;
        } else if self.eat_kw("dllexport") {
            c.dll_storage = DllStorage::Export;
        }
        Ok(has_linkage)
    }

    fn parse_thread_local(&mut self, c: &mut GlobalCommon) -> PResult<()> {
        if !self.eat_kw("thread_local") {
            return Ok(());
        }
        let mut mode = ThreadLocal::GeneralDynamic;
        if self.eat(Tok::LParen) {
            mode = match self.kw() {
                Some("localdynamic") => ThreadLocal::LocalDynamic,
                Some("initialexec") => ThreadLocal::InitialExec,
                Some("localexec") => ThreadLocal::LocalExec,
                Some("generaldynamic") => ThreadLocal::GeneralDynamic,
                _ => return self.err("expected localdynamic, initialexec or localexec"),
            };
            self.bump();
            self.expect(Tok::RParen, ")")?;
        }
        c.thread_local = Some(mode);
        Ok(())
    }

    fn parse_unnamed_addr(&mut self) -> UnnamedAddr {
        if self.eat_kw("unnamed_addr") {
            UnnamedAddr::Global
        } else if self.eat_kw("local_unnamed_addr") {
            UnnamedAddr::Local
        } else {
            UnnamedAddr::None
        }
    }

    /// `@x = ...` at module level: a global variable, alias or ifunc.
    fn parse_global_def(&mut self) -> PResult<()> {
        let name_tok = self.tok;
        self.bump();
        self.expect(Tok::Equal, "=")?;
        let mut c = GlobalCommon::default();
        let has_linkage = self.parse_linkage_etc(&mut c)?;
        self.parse_thread_local(&mut c)?;
        c.unnamed_addr = self.parse_unnamed_addr();
        if self.is_kw("alias") || self.is_kw("ifunc") {
            return self.parse_alias(name_tok, c);
        }
        c.addrspace = self.opt_addrspace()?.unwrap_or(self.globals_as);
        let externally_initialized = self.eat_kw("externally_initialized");
        let is_constant = if self.eat_kw("constant") {
            true
        } else if self.eat_kw("global") {
            false
        } else {
            return self.err("expected 'global' or 'constant'");
        };
        let ty_at = self.tok.start;
        let value_ty = self.parse_type(false)?;
        if !self.valid_element_type(value_ty)
            && !matches!(self.m.types.data(value_ty), TypeData::Token)
        {
            return self.err_at(ty_at, "invalid type for global variable");
        }
        let is_decl = has_linkage && matches!(c.linkage, Linkage::External | Linkage::ExternWeak);
        let (r, name) = self.slot_for_def(name_tok, 0, self.m.globals.len())?;
        c.name = name;
        // Register before parsing the initializer: it may refer to itself.
        self.m.globals.push(GlobalVarData {
            common: c,
            value_ty,
            is_constant,
            externally_initialized,
            init: None,
            code_model: None,
            sanitizer: Vec::new(),
            attrs: AttrSet::EMPTY,
        });
        self.check_global_def(name_tok, r)?;
        let GlobalRef::Var(gv) = r else {
            return self.err_at(name_tok.start, "internal error: bad global slot");
        };
        if !is_decl {
            let init = self.parse_const(value_ty)?;
            self.m.globals[gv].init = Some(init);
        }
        let own_name = name_tok.name(self.src).into_owned();
        while self.eat(Tok::Comma) {
            match self.tok.kind {
                Tok::MetadataVar => {
                    let (k, n) = self.parse_md_attachment()?;
                    self.m.globals[gv].common.md.push(k, n);
                }
                Tok::Keyword => match self.kw().unwrap_or("") {
                    "section" => {
                        self.bump();
                        self.m.globals[gv].common.section = Some(self.parse_string()?);
                    }
                    "partition" => {
                        self.bump();
                        self.m.globals[gv].common.partition = Some(self.parse_string()?);
                    }
                    "comdat" => {
                        let cd = self.parse_comdat_clause(Some(&own_name))?;
                        self.m.globals[gv].common.comdat = Some(cd);
                    }
                    "align" => {
                        self.bump();
                        let a = self.parse_alignment_value()?;
                        self.m.globals[gv].common.align = Some(a);
                    }
                    "code_model" => {
                        self.bump();
                        let at = self.tok.start;
                        let s = self.parse_string()?;
                        if !matches!(s.as_str(), "tiny" | "small" | "kernel" | "medium" | "large") {
                            return self.err_at(at, "expected global code model string");
                        }
                        self.m.globals[gv].code_model = Some(s);
                    }
                    k @ ("no_sanitize_address"
                    | "no_sanitize_hwaddress"
                    | "sanitize_address_dyninit"
                    | "sanitize_memtag") => {
                        self.m.globals[gv].sanitizer.push(k.to_owned());
                        self.bump();
                    }
                    _ => return self.err("unknown global variable property!"),
                },
                _ => return self.err("unknown global variable property!"),
            }
        }
        // Trailing attributes (`#N`, string attributes).
        let at = self.tok.start;
        let (attrs, groups, _) = self.parse_attr_list(crate::attrs::AttrCtx::Fn)?;
        let set = self.make_attr_set(attrs, &groups, at)?;
        self.m.globals[gv].attrs = set;
        Ok(())
    }

    /// `alias` / `ifunc` after the common prefix.
    fn parse_alias(&mut self, name_tok: Token, mut c: GlobalCommon) -> PResult<()> {
        let is_alias = self.eat_kw("alias");
        if !is_alias {
            self.expect_kw("ifunc")?;
        }
        let value_ty = self.parse_type(false)?;
        self.expect_comma()?;
        let ty_at = self.tok.start;
        // `alias T, getelementptr (...)`: for these constant expressions
        // the aliasee's type is implied.
        let implied = match self.kw() {
            Some("bitcast") => Some(Opcode::BitCast),
            Some("getelementptr") => Some(Opcode::GetElementPtr),
            Some("addrspacecast") => Some(Opcode::AddrSpaceCast),
            Some("inttoptr") => Some(Opcode::IntToPtr),
            _ => None,
        };
        let mut target = None;
        let ptr_ty = match implied {
            Some(op) => {
                let c = self.parse_const_expr(op, None)?;
                target = Some(c);
                self.m.consts.ty(c)
            }
            None => self.parse_type(false)?,
        };
        let a = match self.m.types.data(ptr_ty) {
            TypeData::Ptr(a) => *a,
            _ => return self.err_at(ty_at, "An alias or ifunc must have pointer type"),
        };
        c.addrspace = a;
        let kind = if is_alias { 2 } else { 3 };
        let len = if is_alias {
            self.m.aliases.len()
        } else {
            self.m.ifuncs.len()
        };
        let (r, name) = self.slot_for_def(name_tok, kind, len)?;
        c.name = name;
        // Push with a placeholder target, then parse it (self-references
        // are invalid anyway, but references to it from the target are).
        let placeholder = self.m.consts.intern(ConstData::Poison(ptr_ty));
        match r {
            GlobalRef::Alias(_) => {
                self.m.aliases.push(AliasData {
                    common: c,
                    value_ty,
                    aliasee: placeholder,
                });
            }
            _ => {
                self.m.ifuncs.push(IFuncData {
                    common: c,
                    value_ty,
                    resolver: placeholder,
                });
            }
        }
        self.check_global_def(name_tok, r)?;
        let target = match target {
            Some(t) => t,
            None => self.parse_const(ptr_ty)?,
        };
        match r {
            GlobalRef::Alias(al) => self.m.aliases[al].aliasee = target,
            GlobalRef::IFunc(i) => self.m.ifuncs[i].resolver = target,
            _ => {}
        }
        while self.eat(Tok::Comma) {
            if self.eat_kw("partition") {
                let p = self.parse_string()?;
                self.m.global_common_mut(r).partition = Some(p);
            } else if self.tok.kind == Tok::MetadataVar {
                let (k, n) = self.parse_md_attachment()?;
                self.m.global_common_mut(r).md.push(k, n);
            } else {
                return self.err("unknown alias or ifunc property!");
            }
        }
        Ok(())
    }

    // -----------------------------------------------------------------
    // Functions.
    // -----------------------------------------------------------------

    fn parse_function(&mut self, is_define: bool) -> PResult<()> {
        self.bump();
        // `declare !dbg !N ...`: attachments of a declaration come first.
        let mut md = Attachments::default();
        if !is_define {
            while self.tok.kind == Tok::MetadataVar {
                let (k, n) = self.parse_md_attachment()?;
                md.push(k, n);
            }
        }
        let mut c = GlobalCommon::default();
        self.parse_linkage_etc(&mut c)?;
        let cconv = self.parse_cconv()?;
        let ret_at = self.tok.start;
        let (ret_attrs, _, _) = self.parse_attr_list(crate::attrs::AttrCtx::Ret)?;
        let ret_attrs_set = self.intern_attrs(ret_attrs);
        let ret_ty = self.parse_type(true)?;
        if matches!(
            self.m.types.data(ret_ty),
            TypeData::Label | TypeData::Metadata | TypeData::Function { .. }
        ) {
            return self.err_at(ret_at, "invalid function return type");
        }
        if !is_global_tok(self.tok.kind) {
            return self.err("expected function name");
        }
        let name_tok = self.tok;
        self.bump();
        // Parameters.
        self.expect(Tok::LParen, "(")?;
        let mut params: Vec<(Type, AttrSet, Option<LocalKey<'a>>, usize)> = Vec::new();
        let mut vararg = false;
        if !self.eat(Tok::RParen) {
            loop {
                if self.eat(Tok::DotDotDot) {
                    vararg = true;
                    break;
                }
                let at = self.tok.start;
                let ty = self.parse_type(false)?;
                if !self.m.types.is_first_class(ty)
                    || matches!(self.m.types.data(ty), TypeData::Label)
                {
                    return self.err_at(at, "invalid type for function argument");
                }
                let (pa, _, _) = self.parse_attr_list(crate::attrs::AttrCtx::Param)?;
                let set = self.intern_attrs(pa);
                let key = match self.tok.kind {
                    Tok::LocalVar => Some(LocalKey::Name(self.tok.name(self.src))),
                    Tok::LocalId(n) => Some(LocalKey::Id(n)),
                    _ => None,
                };
                if key.is_some() {
                    self.bump();
                }
                // LLVM reports argument errors at the argument's type.
                params.push((ty, set, key, at));
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            if !self.eat(Tok::RParen) {
                return self.err("expected ')' at end of argument list");
            }
        }
        let fn_ty = self
            .m
            .types
            .function(ret_ty, params.iter().map(|p| p.0).collect(), vararg);
        c.unnamed_addr = self.parse_unnamed_addr();
        c.addrspace = self.opt_addrspace()?.unwrap_or(self.program_as);
        let attr_at = self.tok.start;
        let (fattrs, groups, falign) = self.parse_attr_list(crate::attrs::AttrCtx::Fn)?;
        let mut fn_attrs = self.make_attr_set(fattrs, &groups, attr_at)?;
        if let Some(a) = falign {
            c.align = Some(a);
        }
        // Alignment given as an attribute in a group moves to the function.
        let group_align = self.m.attrs.get(fn_attrs).iter().find_map(|a| match a {
            Attr::Int(n, v) if &**n == "align" => Some(*v),
            _ => None,
        });
        if let Some(a) = group_align {
            let rest: Vec<Attr> = self
                .m
                .attrs
                .get(fn_attrs)
                .iter()
                .filter(|a| a.name() != "align")
                .cloned()
                .collect();
            fn_attrs = self.intern_attrs(rest);
            c.align = Some(a);
        }
        if self.eat_kw("section") {
            c.section = Some(self.parse_string()?);
        }
        if self.eat_kw("partition") {
            c.partition = Some(self.parse_string()?);
        }
        let own_name = name_tok.name(self.src).into_owned();
        if self.is_kw("comdat") {
            c.comdat = Some(self.parse_comdat_clause(Some(&own_name))?);
        }
        if self.eat_kw("align") {
            c.align = Some(self.parse_alignment_value()?);
        }
        let mut gc = None;
        if self.eat_kw("gc") {
            gc = Some(self.parse_string()?);
        }
        let (r, name) = self.slot_for_def(name_tok, 1, self.m.functions.len())?;
        let GlobalRef::Func(func) = r else {
            return self.err_at(name_tok.start, "internal error: bad function slot");
        };
        if let Some(map) = self.srcmap.as_mut() {
            map.note_function(func, name_tok.start);
        }
        c.name = name;
        let mut f = Function::new(None, fn_ty, &self.m.types);
        f.common = c;
        f.cconv = cconv;
        f.fn_attrs = fn_attrs;
        f.ret_attrs = ret_attrs_set;
        f.param_attrs = params.iter().map(|p| p.1).collect();
        f.gc = gc;
        // Check forward references against the function's address space.
        {
            let pt = self.m.types.ptr(f.common.addrspace);
            if let Some((ty, at)) = self.global_fwd.remove(&r) {
                if ty != pt {
                    return self.err_at(
                        at,
                        format!(
                            "'@{}' defined with type '{}' but expected '{}'",
                            String::from_utf8_lossy(&own_name),
                            self.ty_str(pt),
                            self.ty_str(ty)
                        ),
                    );
                }
            }
        }
        // Prefix, prologue, personality may refer to the function itself:
        // push a declaration first.
        self.m.functions.push(f);
        if self.eat_kw("prefix") {
            let (_, c) = self.parse_typed_const()?;
            self.m.functions[func].prefix = Some(c);
        }
        if self.eat_kw("prologue") {
            let (_, c) = self.parse_typed_const()?;
            self.m.functions[func].prologue = Some(c);
        }
        if self.eat_kw("personality") {
            let (_, c) = self.parse_typed_const()?;
            self.m.functions[func].personality = Some(c);
        }
        // A definition's attachments follow its header; a declaration's
        // came before it (LLVM reads `!name` after a declaration as the
        // next top-level entity, named metadata).
        while is_define && self.tok.kind == Tok::MetadataVar {
            let (k, n) = self.parse_md_attachment()?;
            md.push(k, n);
        }
        self.m.functions[func].common.md = md;
        if !is_define {
            if self.tok.kind == Tok::LBrace {
                return self.err("declarations cannot have a body");
            }
            if self.ba_reserved.contains_key(&func) {
                return self.err_at(
                    name_tok.start,
                    "cannot take blockaddress inside a declaration",
                );
            }
            return Ok(());
        }
        // Name the parameters and parse the body.
        let f = std::mem::replace(
            &mut self.m.functions[func],
            Function::new(None, TypeTable::VOID, &self.m.types),
        );
        // Only lookups go through these tables (they are never iterated),
        // so reusing their storage cannot change any result.
        let (values, blocks) = self.spare_tables.take().unwrap_or_default();
        let mut fs = FnState {
            f,
            func,
            values,
            blocks,
            fwd_values: FxHashMap::default(),
            fwd_blocks: FxHashMap::default(),
            next_num: 0,
        };
        for (i, (_, _, key, at)) in params.into_iter().enumerate() {
            let v = fs.f.params[i];
            match key {
                Some(LocalKey::Id(n)) => {
                    if n < fs.next_num {
                        return self.err_at(
                            at,
                            format!(
                                "argument expected to be numbered '%{}' or greater",
                                fs.next_num
                            ),
                        );
                    }
                    fs.next_num = n.saturating_add(1);
                    fs.values.insert(LocalKey::Id(n), v);
                }
                Some(LocalKey::Name(nm)) => {
                    let s = self.utf8(&nm, at)?;
                    if fs.values.insert(LocalKey::Name(nm), v).is_some() {
                        return self.err_at(at, format!("redefinition of argument '%{s}'"));
                    }
                    fs.f.set_value_name(v, Some(&s));
                }
                None => {
                    let n = fs.next_num;
                    fs.next_num = n.saturating_add(1);
                    fs.values.insert(LocalKey::Id(n), v);
                }
            }
        }
        // Blocks reserved by earlier `blockaddress` constants.
        if let Some(keys) = self.ba_reserved.remove(&func) {
            for key in keys {
                let b = fs.f.make_block(None);
                fs.fwd_blocks.insert(b, (name_tok.start, key.clone()));
                fs.blocks.insert(key, b);
            }
        }
        // Room for the body's instructions, guessed from its size (at most
        // the text up to the next function, and at most
        // `MAX_RESERVED_BODY`): capacity only.
        let body_end = self
            .func_starts
            .get(func.index() + 1)
            .copied()
            .unwrap_or(self.src.len());
        let body_len = body_end
            .saturating_sub(self.tok.start)
            .min(MAX_RESERVED_BODY);
        fs.f.reserve(
            body_len / BODY_BYTES_PER_INST,
            body_len / BODY_BYTES_PER_BLOCK,
        );
        self.fs = Some(fs);
        let r = self.parse_function_body();
        let fs = self.fs.take();
        r?;
        let Some(fs) = fs else {
            return self.err("internal error: lost function state");
        };
        if let Some((_, (at, key))) = fs.fwd_blocks.iter().min_by_key(|(_, (at, _))| *at) {
            let n = match key {
                LocalKey::Id(n) => n.to_string(),
                LocalKey::Name(nm) => String::from_utf8_lossy(nm).into_owned(),
            };
            return self.err_at(*at, format!("use of undefined value '%{n}'"));
        }
        if let Some((_, (at, key))) = fs.fwd_values.iter().min_by_key(|(_, (at, _))| *at) {
            let n = match key {
                LocalKey::Id(n) => n.to_string(),
                LocalKey::Name(nm) => String::from_utf8_lossy(nm).into_owned(),
            };
            return self.err_at(*at, format!("use of undefined value '%{n}'"));
        }
        let FnState {
            f,
            mut values,
            mut blocks,
            ..
        } = fs;
        values.clear();
        if self.ba_targets.contains(&func) {
            self.ba_done.insert(func, blocks);
            blocks = LocalTable::default();
        }
        blocks.clear();
        self.spare_tables = Some((values, blocks));
        self.m.functions[func] = f;
        Ok(())
    }

    /// `ccc`, `fastcc`, `cc N`, ... (optional; 0 when absent).
    pub fn parse_cconv(&mut self) -> PResult<u32> {
        let Some(k) = self.kw() else { return Ok(0) };
        if k == "cc" {
            self.bump();
            return self.parse_u32();
        }
        if let Some(n) = loopwright_ir::callconv::from_name(k) {
            self.bump();
            return Ok(n);
        }
        Ok(0)
    }

    /// Resolves `blockaddress(@f, %bb)`: the block of `f` named by the
    /// current token (consumed).
    pub fn blockaddress_block(&mut self, func: Func) -> PResult<Block> {
        let key = match self.tok.kind {
            Tok::LocalVar => LocalKey::Name(self.tok.name(self.src)),
            Tok::LocalId(n) => LocalKey::Id(n),
            _ => return self.err("expected basic block name in blockaddress"),
        };
        let at = self.tok.start;
        // The function being parsed.
        if let Some(fs) = &self.fs {
            if fs.func == func {
                let b = self.block_ref_key(key, at)?;
                self.bump();
                return Ok(b);
            }
        }
        if func.index() < self.m.functions.len() {
            if self.m.functions[func].is_declaration() && !self.ba_done.contains_key(&func) {
                return self.err("cannot take blockaddress inside a declaration");
            }
            let Some(b) = self.ba_done.get(&func).and_then(|m| m.get(&key)).copied() else {
                return self.err("referenced value is not a basic block");
            };
            self.bump();
            return Ok(b);
        }
        // A function not parsed yet: reserve the block.
        let list = self.ba_reserved.entry(func).or_default();
        let idx = match list.iter().position(|k| *k == key) {
            Some(i) => i,
            None => {
                list.push(key);
                list.len() - 1
            }
        };
        self.bump();
        Ok(Block::new(idx))
    }

    // -----------------------------------------------------------------
    // Types.
    // -----------------------------------------------------------------

    /// Parses a type. `void` is accepted only when `allow_void`.
    pub fn parse_type(&mut self, allow_void: bool) -> PResult<Type> {
        let at = self.tok.start;
        self.enter()?;
        let r = self.parse_type_inner();
        self.leave();
        let t = r?;
        if !allow_void && t == TypeTable::VOID {
            return self.err_at(at, "void type only allowed for function results");
        }
        Ok(t)
    }

    fn parse_type_inner(&mut self) -> PResult<Type> {
        let at = self.tok.start;
        let mut t = match self.tok.kind {
            Tok::IntType(n) => {
                self.bump();
                self.m.types.int(n)
            }
            Tok::Keyword => {
                let k = self.kw_bytes().unwrap_or(b"");
                let d = match k {
                    b"void" => TypeData::Void,
                    b"half" => TypeData::Half,
                    b"bfloat" => TypeData::BFloat,
                    b"float" => TypeData::Float,
                    b"double" => TypeData::Double,
                    b"x86_fp80" => TypeData::X86Fp80,
                    b"fp128" => TypeData::Fp128,
                    b"ppc_fp128" => TypeData::PpcFp128,
                    b"label" => TypeData::Label,
                    b"metadata" => TypeData::Metadata,
                    b"x86_amx" => TypeData::X86Amx,
                    b"token" => TypeData::Token,
                    b"ptr" => {
                        self.bump();
                        let a = self.opt_addrspace()?.unwrap_or(0);
                        let p = self.m.types.ptr(a);
                        return self.parse_type_suffix(p, at);
                    }
                    b"target" => {
                        self.bump();
                        let t = self.parse_target_ext_type()?;
                        return self.parse_type_suffix(t, at);
                    }
                    b"x86_mmx" => return self.err("x86_mmx type is not supported"),
                    _ => return self.err("expected type"),
                };
                self.bump();
                self.m.types.intern(d)
            }
            Tok::LBrace => {
                self.bump();
                let elems = self.parse_struct_body(Tok::RBrace, "}")?;
                self.m.types.literal_struct(false, elems)
            }
            Tok::Less => {
                self.bump();
                if self.eat(Tok::LBrace) {
                    let elems = self.parse_struct_body(Tok::RBrace, "}")?;
                    self.expect(Tok::Greater, ">")?;
                    self.m.types.literal_struct(true, elems)
                } else {
                    self.parse_array_vector(true)?
                }
            }
            Tok::LSquare => {
                self.bump();
                self.parse_array_vector(false)?
            }
            Tok::LocalVar => {
                let name_b = self.tok.name(self.src);
                let name = self.utf8(&name_b, at)?;
                let ns = self.m.types.named_struct(Some(&name));
                if !self.struct_defined.contains(&ns) {
                    self.struct_fwd
                        .entry(ns)
                        .or_insert((at, format!("%{name}")));
                }
                self.bump();
                self.m.types.named_struct_type(ns)
            }
            Tok::LocalId(n) => {
                let ns = match self.struct_ids.get(&n) {
                    Some(&ns) => ns,
                    None => {
                        let ns = self.m.types.named_struct(None);
                        self.struct_ids.insert(n, ns);
                        ns
                    }
                };
                if !self.struct_defined.contains(&ns) {
                    self.struct_fwd.entry(ns).or_insert((at, format!("%{n}")));
                }
                self.bump();
                self.m.types.named_struct_type(ns)
            }
            _ => return self.err("expected type"),
        };
        t = self.parse_type_suffix(t, at)?;
        Ok(t)
    }

    /// `*`, `addrspace(N)*` and `(params)` after a type.
    fn parse_type_suffix(&mut self, mut t: Type, at: usize) -> PResult<Type> {
        loop {
            match self.tok.kind {
                Tok::Star => {
                    if self.m.types.is_ptr(t) {
                        return self.err("ptr* is invalid - use ptr instead");
                    }
                    if t == TypeTable::VOID {
                        return self.err("pointers to void are invalid - use i8* instead");
                    }
                    self.bump();
                    t = TypeTable::PTR;
                }
                Tok::Keyword if self.is_kw("addrspace") && !self.m.types.is_ptr(t) => {
                    // Old typed-pointer syntax `T addrspace(N)*`.
                    let a = self.parse_addrspace()?;
                    self.expect(Tok::Star, "*")?;
                    t = self.m.types.ptr(a);
                }
                Tok::LParen => {
                    if matches!(self.m.types.data(t), TypeData::Label | TypeData::Metadata) {
                        return self.err_at(at, "invalid function return type");
                    }
                    self.bump();
                    let mut params = Vec::new();
                    let mut vararg = false;
                    if !self.eat(Tok::RParen) {
                        loop {
                            if self.eat(Tok::DotDotDot) {
                                vararg = true;
                                break;
                            }
                            let pat = self.tok.start;
                            let p = self.parse_type(false)?;
                            if !self.m.types.is_first_class(p) {
                                return self.err_at(pat, "invalid function argument type");
                            }
                            // Attributes and names are allowed (and ignored)
                            // in function types.
                            self.parse_attr_list(crate::attrs::AttrCtx::Param)?;
                            if matches!(self.tok.kind, Tok::LocalVar | Tok::LocalId(_)) {
                                return self.err("argument name invalid in function type");
                            }
                            params.push(p);
                            if !self.eat(Tok::Comma) {
                                break;
                            }
                        }
                        self.expect(Tok::RParen, ")")?;
                    }
                    t = self.m.types.function(t, params, vararg);
                }
                _ => return Ok(t),
            }
        }
    }

    /// After `[` or `<`: `N x T]`, `N x T>`, `vscale x N x T>`.
    fn parse_array_vector(&mut self, vector: bool) -> PResult<Type> {
        let mut scalable = false;
        if vector && self.is_kw("vscale") {
            self.bump();
            if !self.eat_kw("x") {
                return self.err("expected 'x' after vscale");
            }
            scalable = true;
        }
        let at = self.tok.start;
        let n = self.parse_u64()?;
        if !self.eat_kw("x") {
            return self.err("expected 'x' after element count");
        }
        let eat = self.tok.start;
        let elem = self.parse_type(false)?;
        if vector {
            self.expect(Tok::Greater, ">")?;
            if n == 0 {
                return self.err_at(at, "zero element vector is illegal");
            }
            let Ok(len) = u32::try_from(n) else {
                return self.err_at(at, "size too large for vector");
            };
            let ok = matches!(
                self.m.types.data(elem),
                TypeData::Int(_)
                    | TypeData::Half
                    | TypeData::BFloat
                    | TypeData::Float
                    | TypeData::Double
                    | TypeData::X86Fp80
                    | TypeData::Fp128
                    | TypeData::PpcFp128
                    | TypeData::Ptr(_)
            );
            if !ok {
                return self.err_at(eat, "invalid vector element type");
            }
            Ok(self.m.types.intern(TypeData::Vector {
                scalable,
                len,
                elem,
            }))
        } else {
            self.expect(Tok::RSquare, "]")?;
            if !self.valid_element_type(elem) {
                return self.err_at(eat, "invalid array element type");
            }
            Ok(self.m.types.array(n, elem))
        }
    }

    /// After `target`: `("name", types..., ints...)`.
    fn parse_target_ext_type(&mut self) -> PResult<Type> {
        self.expect(Tok::LParen, "(")?;
        let name = self.parse_string()?;
        let mut types = Vec::new();
        let mut ints = Vec::new();
        while self.eat(Tok::Comma) {
            if self.tok.kind == Tok::Int {
                ints.push(self.parse_u32()?);
            } else {
                if !ints.is_empty() {
                    return self.err("expected integer parameter");
                }
                types.push(self.parse_type(true)?);
            }
        }
        self.expect(Tok::RParen, ")")?;
        Ok(self
            .m
            .types
            .intern(TypeData::TargetExt { name, types, ints }))
    }

    // -----------------------------------------------------------------
    // Attribute sets.
    // -----------------------------------------------------------------

    /// Interns `attrs` merged with the groups `#N`.
    pub fn make_attr_set(
        &mut self,
        attrs: Vec<Attr>,
        groups: &[(u32, usize)],
        _at: usize,
    ) -> PResult<AttrSet> {
        let mut set = self.intern_attrs(attrs);
        for &(g, gat) in groups {
            let Some(&gs) = self.attr_groups.get(&g) else {
                return self.err_at(gat, format!("unresolved attribute group reference '#{g}'"));
            };
            set = self.m.attrs.union(set, gs);
        }
        Ok(set)
    }

    /// `attributes #N = { ... }`. In the pre-pass (`define`) the group is
    /// recorded; in the main pass it is skipped.
    fn parse_attr_group(&mut self, define: bool) -> PResult<()> {
        self.expect_kw("attributes")?;
        let Tok::AttrGrpId(id) = self.tok.kind else {
            return self.err("expected attribute group id");
        };
        let at = self.tok.start;
        self.bump();
        self.expect(Tok::Equal, "=")?;
        self.expect(Tok::LBrace, "{")?;
        let (attrs, groups, _) = self.parse_attr_list(crate::attrs::AttrCtx::Group)?;
        if let Some(&(_, gat)) = groups.first() {
            return self.err_at(gat, "attribute group cannot reference another group");
        }
        if !self.eat(Tok::RBrace) {
            return self.err("unterminated attribute group");
        }
        if define {
            let set = self.intern_attrs(attrs);
            if self.attr_groups.insert(id, set).is_some() {
                return self.err_at(
                    at,
                    format!("attribute group #{id} is defined more than once"),
                );
            }
        }
        Ok(())
    }

    /// Interns an attribute list (the empty list without hashing).
    pub fn intern_attrs(&mut self, attrs: Vec<Attr>) -> AttrSet {
        if attrs.is_empty() {
            return AttrSet::EMPTY;
        }
        self.m.attrs.intern(attrs)
    }

    /// A constant for the `none` token.
    pub fn none_const(&mut self) -> Const {
        self.m.consts.intern(ConstData::NoneToken)
    }
}

/// The kind of global variable-like definition the pre-scan found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum GlobalKind {
    Var,
    Alias,
    IFunc,
}

/// What the pre-scan records, in source order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Found {
    /// `@x = ... global|constant|alias|ifunc`: the name token.
    Global(Token, GlobalKind),
    /// `$c = ...`: the name token.
    Comdat(Token),
    /// `define`/`declare`: the function's name token.
    Func(Token),
    /// The offset of `attributes #N`.
    AttrGroup(usize),
    /// `blockaddress(@f`: the function's name token.
    BlockAddr(Token),
}

/// The pre-scan of one run of the source.
struct Chunk {
    found: Vec<Found>,
    /// The first token lexed from the run's start (it may lie past the
    /// run's end).
    first: Token,
    /// The first token at or past the run's end, as this run's lexer saw
    /// it.
    next: Token,
}

/// Below this size the pre-scan runs on one thread.
const MIN_PARALLEL_PRESCAN: usize = 1 << 20;

/// Every global definition, comdat, attribute group and `blockaddress`
/// target of `src`, in source order.
///
/// Large sources are scanned in runs on several threads. A run starts at a
/// line start, and its scan is kept only if the previous run's lexer, on
/// its own, reaches exactly the first token of the run: the lexer's only
/// state is its position, so from that token on both see the same tokens
/// (a string or comment across the boundary makes the check fail). The
/// run's first token must also not be an `=`, the one token whose meaning
/// depends on the token before it. Any failed check scans the whole source
/// on one thread instead.
fn prescan_found(src: &[u8]) -> Vec<Found> {
    prescan_found_with(src, loopwright_ir::par::threads(), MIN_PARALLEL_PRESCAN)
}

/// [`prescan_found`] on at most `threads` threads, when `src` has at least
/// `min_len` bytes.
fn prescan_found_with(src: &[u8], threads: usize, min_len: usize) -> Vec<Found> {
    if threads <= 1 || src.len() < min_len {
        return scan_run(src, 0, src.len()).found;
    }
    let mut starts = vec![0];
    for k in 1..threads {
        // Runs start at a line that starts a function: the previous run
        // jumps over bodies and metadata lines, and resumes there.
        let p = src.len() * k / threads;
        if let Some(nl) = src
            .get(p..)
            .and_then(|r| memchr::memmem::find(r, b"\ndefine "))
        {
            let s = p + nl + 1;
            if s < src.len() && s > *starts.last().unwrap_or(&0) {
                starts.push(s);
            }
        }
    }
    let ends: Vec<usize> = starts[1..]
        .iter()
        .copied()
        .chain(std::iter::once(src.len()))
        .collect();
    let runs: Vec<(usize, usize)> = starts.iter().copied().zip(ends).collect();
    let chunks = loopwright_ir::par::run_each(runs, |(a, b)| scan_run(src, a, b));
    let mut found = Vec::new();
    let mut prev_next: Option<Token> = None;
    for c in chunks {
        if let Some(expected) = prev_next {
            let first_is_equal = c.first.kind == Tok::Equal;
            if expected != c.first || first_is_equal {
                return scan_run(src, 0, src.len()).found;
            }
        }
        prev_next = Some(c.next);
        found.extend(c.found);
    }
    found
}

/// The pre-scan of the tokens starting in `start..end` (lookahead may read
/// past `end`).
fn scan_run(src: &[u8], start: usize, end: usize) -> Chunk {
    scan_run_with(src, start, end, true)
}

/// [`scan_run`]; `skip` jumps over function bodies and metadata lines
/// (the tests compare with a scan that lexes every token).
fn scan_run_with(src: &[u8], start: usize, end: usize, skip: bool) -> Chunk {
    let mut lx = Lexer::new(src);
    lx.set_pos(start);
    let mut prev = Token {
        kind: Tok::Eof,
        start: 0,
        end: 0,
    };
    let mut found = Vec::new();
    let mut first = None;
    let next = loop {
        let t = lx.next_token();
        if first.is_none() {
            first = Some(t);
        }
        if t.kind == Tok::Eof || t.start >= end {
            break t;
        }
        match t.kind {
            Tok::Equal if is_global_tok(prev.kind) => {
                // `@x = ... (global|constant|alias|ifunc)`.
                let mut l2 = lx;
                let mut kind = None;
                for _ in 0..64 {
                    let u = l2.next_token();
                    match u.kind {
                        Tok::Keyword => match u.text(src) {
                            b"global" | b"constant" => {
                                kind = Some(GlobalKind::Var);
                                break;
                            }
                            b"alias" => {
                                kind = Some(GlobalKind::Alias);
                                break;
                            }
                            b"ifunc" => {
                                kind = Some(GlobalKind::IFunc);
                                break;
                            }
                            _ => {}
                        },
                        Tok::Eof | Tok::Equal => break,
                        _ => {}
                    }
                }
                if let Some(kind) = kind {
                    found.push(Found::Global(prev, kind));
                }
            }
            Tok::Equal if prev.kind == Tok::ComdatVar => found.push(Found::Comdat(prev)),
            // `!N = ...`: a metadata definition on one line holds nothing
            // the pre-scan records (but for a `blockaddress`, which
            // `skip_md_line` refuses).
            Tok::MetadataId(_) if skip => {
                let mut l2 = lx;
                let eq = l2.next_token();
                if eq.kind == Tok::Equal {
                    if let Some(eol) = skip_md_line(src, eq.end) {
                        lx.set_pos(eol);
                        prev = eq;
                        continue;
                    }
                }
            }
            Tok::Keyword => match t.text(src) {
                b"define" | b"declare" => {
                    let mut l2 = lx;
                    let mut named = false;
                    // Whether the tokens before the name are plain (no
                    // keyword the pre-scan acts on), so that jumping over
                    // them loses nothing.
                    let mut plain = true;
                    let mut before = Tok::Eof;
                    let mut name = Tok::Eof;
                    for _ in 0..4096 {
                        let u = l2.next_token();
                        plain &= !(u.kind == Tok::Equal && before == Tok::ComdatVar);
                        before = u.kind;
                        if is_global_tok(u.kind) {
                            found.push(Found::Func(u));
                            named = true;
                            name = u.kind;
                            break;
                        }
                        if u.kind == Tok::Eof {
                            break;
                        }
                        plain &= !(u.kind == Tok::Keyword && EVENT_KEYWORDS.contains(&u.text(src)));
                    }
                    // A body holds nothing the pre-scan records (but for a
                    // `blockaddress`, which `skip_body` refuses): jump over
                    // it without lexing it.
                    if skip && named && plain && t.text(src) == b"define" {
                        if let Some(close) = body_after_header(src, l2, name) {
                            lx.set_pos(close.end);
                            prev = close;
                            continue;
                        }
                    }
                }
                b"attributes" => {
                    let mut l2 = lx;
                    if matches!(l2.next_token().kind, Tok::AttrGrpId(_)) {
                        found.push(Found::AttrGroup(t.start));
                    }
                }
                b"blockaddress" => {
                    let mut l2 = lx;
                    if l2.next_token().kind == Tok::LParen {
                        let u = l2.next_token();
                        if is_global_tok(u.kind) {
                            found.push(Found::BlockAddr(u));
                        }
                    }
                }
                _ => {}
            },
            _ => {}
        }
        prev = t;
    };
    Chunk {
        found,
        first: first.unwrap_or(next),
        next,
    }
}

/// The keywords after which the pre-scan records something.
const EVENT_KEYWORDS: [&[u8]; 4] = [b"define", b"declare", b"attributes", b"blockaddress"];

/// Where a function body opens, given a lexer just past the function's
/// name (of kind `name`): the first `{` outside parentheses. `None` when the header has a
/// `prefix` or `prologue` constant (of any type, so it may be a struct
/// with braces of its own) or no body is found. A `personality` is a
/// pointer: braces in it can only be inside a constant expression's
/// parentheses.
fn body_after_header(src: &[u8], mut l2: Lexer<'_>, name: Tok) -> Option<Token> {
    let mut parens = 0u32;
    let mut prev = name;
    for _ in 0..4096 {
        let u = l2.next_token();
        let before = std::mem::replace(&mut prev, u.kind);
        match u.kind {
            // Anything the pre-scan records (malformed input): lex on.
            Tok::Equal if is_global_tok(before) || before == Tok::ComdatVar => return None,
            Tok::Keyword if EVENT_KEYWORDS.contains(&u.text(src)) => return None,
            Tok::LParen => parens += 1,
            Tok::RParen => parens = parens.checked_sub(1)?,
            Tok::LBrace if parens == 0 => {
                let end = skip_body(src, u.start)?;
                return Some(Token {
                    kind: Tok::RBrace,
                    start: end - 1,
                    end,
                });
            }
            Tok::Keyword if matches!(u.text(src), b"prefix" | b"prologue") => return None,
            Tok::Eof => return None,
            _ => {}
        }
    }
    None
}

/// Whether `rest` (the text after a line break) starts a top-level
/// entity that cannot start a line inside a function body.
fn starts_top_level(rest: &[u8]) -> bool {
    matches!(rest.first(), Some(b'@' | b'!'))
        || rest.starts_with(b"define ")
        || rest.starts_with(b"define\t")
        || rest.starts_with(b"declare ")
        || rest.starts_with(b"declare\t")
        || rest.starts_with(b"attributes ")
}

/// The offset just past the `}` that closes the function body opened by
/// the `{` at `open`, found without lexing: braces are counted outside
/// strings (`"` to the next `"`, as the lexer reads every quoted form)
/// and comments (`;` to the next line break). `None`, and the caller
/// lexes the body, when the braces do not balance, when a line inside
/// starts like a top-level entity (malformed input: the parser will
/// report it), or when the body mentions `blockaddress` anywhere.
fn skip_body(src: &[u8], open: usize) -> Option<usize> {
    use memchr::{memchr, memchr2, memchr3};
    let mut depth = 0usize;
    let mut i = open;
    // The next brace at or after `i` (`usize::MAX`: none up to the end of
    // the source): braces are rare in bodies, so one search serves many
    // lines.
    let mut brace = memchr2(b'{', b'}', src.get(open..)?).map_or(usize::MAX, |p| open + p);
    // From line break to line break: most body lines hold nothing else
    // that matters.
    loop {
        let rest = src.get(i..)?;
        if brace < i {
            brace = memchr2(b'{', b'}', rest).map_or(usize::MAX, |p| i + p);
        }
        let other = memchr3(b'\n', b'"', b';', rest).map_or(usize::MAX, |p| i + p);
        let at = brace.min(other);
        // `None` at the end of the source inside the body.
        match *src.get(at)? {
            b'\n' => {
                if starts_top_level(&src[at + 1..]) {
                    return None;
                }
                i = at + 1;
            }
            b'{' => {
                depth += 1;
                i = at + 1;
            }
            b'}' => {
                depth = depth.checked_sub(1)?;
                let end = at + 1;
                if depth == 0 {
                    return (!may_hold_event(&src[open..end])).then_some(end);
                }
                i = end;
            }
            // A string may hold line breaks: it is skipped whole.
            b'"' => i = at + 1 + memchr(b'"', src.get(at + 1..)?)? + 1,
            // A comment ends at `\n` or `\r` (where scanning resumes).
            b';' => i = at + memchr2(b'\n', b'\r', &src[at..])?,
            _ => return None,
        }
    }
}

/// The end of a one-line metadata definition whose `=` ends at `from`:
/// the offset of the line break (or of the end of the source) once
/// parentheses and braces balance, strings and a trailing comment
/// skipped. `None`, and the caller lexes the definition, when they do not
/// balance at the end of the line or the line mentions `blockaddress`.
///
/// The answer is that of `may_hold_event` on the line (the caller's
/// condition for skipping it), found in the one pass that balances it: the
/// keywords are looked for at the bytes that can start them, and the rest
/// of `may_hold_event` runs only on a line with an `@` or a `$`.
fn skip_md_line(src: &[u8], from: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = from;
    let mut keyword = false;
    let eol = loop {
        let Some(&c) = src.get(i) else { break i };
        if MD_LINE_BYTES[c as usize] {
            match c {
                b'(' | b'{' => depth += 1,
                b')' | b'}' => depth = depth.checked_sub(1)?,
                b'"' => {
                    let close = i + 1 + memchr::memchr(b'"', src.get(i + 1..)?)?;
                    keyword |= keyword_within(src, from, i + 1, close);
                    i = close;
                }
                b';' => {
                    let end = i + memchr::memchr2(b'\n', b'\r', &src[i..]).unwrap_or(src.len() - i);
                    keyword |= keyword_within(src, from, i + 1, end);
                    break end;
                }
                b'\n' | b'\r' => break i,
                _ => keyword |= keyword_at(src, from, i),
            }
        }
        i += 1;
    };
    if depth != 0 || keyword {
        return None;
    }
    let text = &src[from..eol];
    let event = memchr::memchr2(b'@', b'$', text).is_some() && may_hold_event(text);
    (!event).then_some(eol)
}

/// The bytes [`skip_md_line`] stops at: brackets, quotes, comments, line
/// breaks and the first letters of [`EVENT_KEYWORDS`].
static MD_LINE_BYTES: [bool; 256] = {
    let mut t = [false; 256];
    let stops = b"(){}\";\n\rdab";
    let mut k = 0;
    while k < stops.len() {
        t[stops[k] as usize] = true;
        k += 1;
    }
    t
};

/// Whether one of [`EVENT_KEYWORDS`] starts at `at` and not right after a
/// letter or `_` of the text starting at `from` (as `may_hold_event` on
/// that text counts it).
#[inline]
fn keyword_at(src: &[u8], from: usize, at: usize) -> bool {
    let rest = &src[at..];
    let kw = match rest.first() {
        Some(b'd') => rest.starts_with(b"define") || rest.starts_with(b"declare"),
        Some(b'a') => rest.starts_with(b"attributes"),
        Some(b'b') => rest.starts_with(b"blockaddress"),
        _ => false,
    };
    kw && !(at > from && (src[at - 1].is_ascii_alphabetic() || src[at - 1] == b'_'))
}

/// [`keyword_at`] anywhere in `src[a..b]` (a string's or a comment's text,
/// which no keyword can run out of: they hold no quote, `;` or line break).
fn keyword_within(src: &[u8], from: usize, a: usize, b: usize) -> bool {
    (a..b).any(|at| matches!(src[at], b'd' | b'a' | b'b') && keyword_at(src, from, at))
}

/// Whether `text` might hold a token sequence the pre-scan records: the
/// keywords `define`, `declare`, `attributes` or `blockaddress` (anywhere
/// but right after a letter or `_`), or `@name`/`$name` followed by `=` after
/// blanks and comments. A skipped span must not: then skipping it finds
/// exactly what lexing it would. (Valid bodies and metadata lines hold
/// none but `blockaddress`; the rest comes from malformed input, which is
/// lexed so that the parser reports it as it would have.)
fn may_hold_event(text: &[u8]) -> bool {
    use memchr::memmem::Finder;
    use std::sync::OnceLock;
    static KEYWORDS: OnceLock<[Finder<'static>; 4]> = OnceLock::new();
    let finders = KEYWORDS.get_or_init(|| EVENT_KEYWORDS.map(|k| Finder::new(k).into_owned()));

    // An occurrence right after a letter or `_` is inside a longer word
    // (`#dbg_declare`), which the lexer reads as one token.
    for f in finders {
        for at in f.find_iter(text) {
            let inside_word =
                at > 0 && (text[at - 1].is_ascii_alphabetic() || text[at - 1] == b'_');
            if !inside_word {
                return true;
            }
        }
    }
    let mut i = 0;
    while let Some(p) = memchr::memchr2(b'@', b'$', &text[i..]) {
        let mut j = i + p + 1;
        if text.get(j) == Some(&b'"') {
            match memchr::memchr(b'"', &text[j + 1..]) {
                Some(q) => j += q + 2,
                None => return false,
            }
        } else {
            while text.get(j).is_some_and(|&c| crate::lexer::is_label_char(c)) {
                j += 1;
            }
        }
        // Blanks and comments, then `=`?
        loop {
            match text.get(j) {
                Some(b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c | 0) => j += 1,
                Some(b';') => match memchr::memchr2(b'\n', b'\r', &text[j..]) {
                    Some(q) => j += q,
                    None => break,
                },
                Some(b'=') => return true,
                _ => break,
            }
        }
        i += p + 1;
    }
    false
}

#[cfg(test)]
mod prescan_tests {
    use super::*;

    fn check(src: &str) {
        let src = src.as_bytes();
        let one = scan_run(src, 0, src.len()).found;
        // Jumping over bodies and metadata lines finds what lexing every
        // token finds.
        assert_eq!(
            scan_run_with(src, 0, src.len(), false).found,
            one,
            "skipping on {:?}",
            String::from_utf8_lossy(src)
        );
        for threads in 2..=7 {
            assert_eq!(
                prescan_found_with(src, threads, 0),
                one,
                "threads={threads} on {:?}",
                String::from_utf8_lossy(src)
            );
        }
    }

    fn module(lines: usize) -> String {
        let mut s = String::from("$c = comdat any\n");
        for i in 0..lines {
            s.push_str(&format!("@g{i} = global i32 {i}, comdat($c)\n"));
            s.push_str(&format!("define void @f{i}() #0 {{\n  ret void\n}}\n"));
        }
        s.push_str("attributes #0 = { nounwind }\n");
        s
    }

    #[test]
    fn runs_agree_with_one_scan() {
        check(&module(50));
    }

    #[test]
    fn a_string_across_a_run_boundary_falls_back() {
        // Raw line breaks inside a string put line starts inside a token.
        let mut s = module(20);
        s.push_str("!0 = !{!\"");
        for i in 0..200 {
            s.push_str(&format!(
                "\n@fake{i} = global i32 0\ndefine void @h{i}() {{ }}\n"
            ));
        }
        s.push_str("\"}\n");
        s.push_str(&module(20));
        check(&s);
    }

    #[test]
    fn an_equal_sign_starting_a_line() {
        let mut s = String::new();
        for i in 0..100 {
            s.push_str(&format!("@g{i}\n= global i32 0\n$c{i}\n= comdat any\n"));
        }
        check(&s);
    }

    #[test]
    fn bodies_that_must_be_lexed_or_skipped_with_care() {
        let cases = [
            // A struct prefix constant: braces before the body.
            "define void @f() prefix { i32 } { i32 1 } {\n  ret void\n}\n@g = global i32 0\n",
            // A personality with braces inside a constant expression.
            "define void @f() personality ptr getelementptr ({ i8 }, ptr @p, i64 0) {\n  ret void\n}\n@p = global i32 0\n",
            // Braces in strings, names and comments.
            "define void @f() {\n  %\"a{\" = alloca i8 ; } {\n  call void asm \"}}\", \"\"()\n  ret void\n}\n@g = global i32 0\n",
            // A comment ended by a carriage return, then a brace.
            "define void @f() {\n  ret void ; c\r}\n@g = global i32 0\n",
            // A blockaddress in a body and in metadata.
            "define void @f() {\nbb:\n  store ptr blockaddress(@h, %x), ptr @g\n  ret void\n}\n!0 = !{ptr blockaddress(@h, %x)}\ndefine void @h() {\nx:\n  ret void\n}\n@g = global ptr null\n",
            // A string with a line break that looks like a definition.
            "define void @f() {\n  call void @s(ptr c\"\n@x = global i32 0\n\")\n  ret void\n}\n@g = global i32 0\n",
            // A metadata node over several lines, and a comment after one.
            "!0 = !{\n!1}\n@a = global i32 0\n!1 = !{} ; @b = global\n@c = global i32 0\n",
            // Unbalanced bodies (malformed): lexed, so the parser reports them.
            "define void @f() {\n  ret void\n\ndefine void @g() {\n  ret void\n}\n@x = global i32 0\n",
            "define void @f() {\n  br label %a\n a: {\n@x = global i32 0\n",
            // A label named like a keyword.
            "define void @f() {\ndefine:\n  ret void\n}\n@x = global i32 0\n",
        ];
        for c in cases {
            check(c);
        }
    }

    /// Every `.ll` file of the tests and every fuzz corpus input (bytes
    /// of any kind): skipping finds what lexing finds, and runs agree.
    #[test]
    fn the_test_files_and_fuzz_corpora() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut stack = vec![root.join("tests"), root.join("fuzz/corpus")];
        let mut n = 0;
        while let Some(dir) = stack.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for e in entries.flatten() {
                let p = e.path();
                if p.is_dir() {
                    stack.push(p);
                    continue;
                }
                let Ok(src) = std::fs::read(&p) else { continue };
                let one = scan_run(&src, 0, src.len()).found;
                assert_eq!(
                    scan_run_with(&src, 0, src.len(), false).found,
                    one,
                    "{}",
                    p.display()
                );
                for threads in [2, 3] {
                    assert_eq!(prescan_found_with(&src, threads, 0), one, "{}", p.display());
                }
                n += 1;
            }
        }
        assert!(n > 500, "only {n} files found");
    }

    /// Mutated modules (bytes that matter to the skips inserted, replaced
    /// or deleted at random): skipping finds what lexing finds.
    #[test]
    fn mutations_agree() {
        let base = module(6)
            + "!0 = !{!1, !\"s{\"}\n!1 = !DILocation(line: 1, scope: !0)\n"
            + "define void @b() personality ptr @f0 {\nx:\n  ret void ; {\n}\n";
        let pieces: [&[u8]; 18] = [
            b"\"",
            b"{",
            b"}",
            b";",
            b"\n",
            b"\r",
            b"(",
            b")",
            b"\n@x = global i32 0\n",
            b"define ",
            b"blockaddress(@f1, %x)",
            b"$c =",
            b"@q =",
            b"\n!9 = ",
            b" #dbg_declare(",
            b" i32declare @d() ",
            b"xdefine",
            b" 7attributes #0 ",
        ];
        let mut rng = loopwright_testkit::Rng::new(0x9e37_79b9_7f4a_7c15);
        let mut next = move || rng.next_u64();
        for _ in 0..20_000 {
            let mut text = base.clone().into_bytes();
            for _ in 0..1 + next() % 4 {
                let at = (next() as usize) % (text.len() + 1);
                let piece = pieces[(next() as usize) % pieces.len()];
                match next() % 3 {
                    0 => text.splice(at..at, piece.iter().copied()).for_each(drop),
                    1 if at < text.len() => text[at] = piece[0],
                    _ if at < text.len() => {
                        text.remove(at);
                    }
                    _ => {}
                }
            }
            let one = scan_run_with(&text, 0, text.len(), false).found;
            assert_eq!(
                scan_run(&text, 0, text.len()).found,
                one,
                "{:?}",
                String::from_utf8_lossy(&text)
            );
            assert_eq!(prescan_found_with(&text, 2, 0), one);
        }
    }

    /// [`skip_body`] as it was written first: line by line.
    fn skip_body_reference(src: &[u8], open: usize) -> Option<usize> {
        use memchr::{memchr, memchr2, memchr3};
        let mut depth = 0usize;
        let mut i = open;
        loop {
            let rest = src.get(i..)?;
            let nl = memchr(b'\n', rest).unwrap_or(rest.len());
            let line = &rest[..nl];
            let hit = match (memchr3(b'{', b'}', b'"', line), memchr(b';', line)) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            let Some(p) = hit else {
                if nl == rest.len() {
                    return None;
                }
                i += nl;
                if starts_top_level(&src[i + 1..]) {
                    return None;
                }
                i += 1;
                continue;
            };
            let at = i + p;
            match src[at] {
                b'{' => {
                    depth += 1;
                    i = at + 1;
                }
                b'}' => {
                    depth = depth.checked_sub(1)?;
                    let end = at + 1;
                    if depth == 0 {
                        return (!may_hold_event(&src[open..end])).then_some(end);
                    }
                    i = end;
                }
                b'"' => i = at + 1 + memchr(b'"', src.get(at + 1..)?)? + 1,
                b';' => i = at + memchr2(b'\n', b'\r', &src[at..])?,
                _ => return None,
            }
        }
    }

    /// The brace-caching [`skip_body`] answers as the reference does.
    #[test]
    fn skip_body_agrees_with_the_reference() {
        let pieces: [&[u8]; 22] = [
            b"\"",
            b"{",
            b"}",
            b";",
            b"\n",
            b"\r",
            b" ",
            b"  ret void",
            b"\n@g",
            b"\n!0",
            b"\ndefine ",
            b"\ndeclare\t",
            b"\nattributes ",
            b"define",
            b"blockaddress",
            b"@x = ",
            b"bb:",
            b"%\"a{\"",
            b"; c }",
            b"\r\n",
            b"\n}",
            b"{ i32 }",
        ];
        let mut rng = loopwright_testkit::Rng::new(0x853c_49e6_748f_ea9b);
        let mut next = move || rng.next_u64();
        for _ in 0..100_000 {
            let mut text = b"{".to_vec();
            for _ in 0..next() % 14 {
                text.extend_from_slice(pieces[(next() as usize) % pieces.len()]);
            }
            for open in 0..text.len().min(3) {
                assert_eq!(
                    skip_body(&text, open),
                    skip_body_reference(&text, open),
                    "open {open} in {:?}",
                    String::from_utf8_lossy(&text)
                );
            }
        }
    }

    /// [`skip_md_line`] as it was written first: balance the line, then
    /// ask [`may_hold_event`] about it.
    fn skip_md_line_reference(src: &[u8], from: usize) -> Option<usize> {
        let mut depth = 0usize;
        let mut i = from;
        let eol = loop {
            let Some(&c) = src.get(i) else { break i };
            match c {
                b'(' | b'{' => depth += 1,
                b')' | b'}' => depth = depth.checked_sub(1)?,
                b'"' => i += 1 + memchr::memchr(b'"', src.get(i + 1..)?)?,
                b';' => {
                    break i + memchr::memchr2(b'\n', b'\r', &src[i..]).unwrap_or(src.len() - i)
                }
                b'\n' | b'\r' => break i,
                _ => {}
            }
            i += 1;
        };
        (depth == 0 && !may_hold_event(&src[from..eol])).then_some(eol)
    }

    /// The one-pass [`skip_md_line`] answers as the reference does, on
    /// lines made of the bytes and words that matter to it.
    #[test]
    fn skip_md_line_agrees_with_the_reference() {
        let pieces: [&[u8]; 24] = [
            b"\"",
            b"{",
            b"}",
            b"(",
            b")",
            b";",
            b"\n",
            b"\r",
            b" ",
            b"!DILocation(line: 1)",
            b"define",
            b"declare",
            b"attributes",
            b"blockaddress",
            b"xdefine",
            b"_declare",
            b"7attributes",
            b"@g",
            b"@\"q\"",
            b"$c",
            b" = ",
            b"defin",
            b"!{!1, !2}",
            b"ab",
        ];
        let mut rng = loopwright_testkit::Rng::new(0x2545_f491_4f6c_dd1d);
        let mut next = move || rng.next_u64();
        for _ in 0..200_000 {
            let mut text = Vec::new();
            for _ in 0..next() % 12 {
                text.extend_from_slice(pieces[(next() as usize) % pieces.len()]);
            }
            for from in 0..=text.len() {
                assert_eq!(
                    skip_md_line(&text, from),
                    skip_md_line_reference(&text, from),
                    "from {from} in {:?}",
                    String::from_utf8_lossy(&text)
                );
            }
        }
    }

    #[test]
    fn comments_and_blockaddress() {
        let mut s = String::new();
        for i in 0..100 {
            s.push_str(&format!(
                "; a comment with @x = global and define @y\n@p{i} = global ptr blockaddress(@f{i}, %b)\ndefine void @f{i}() {{\nb:\n  ret void\n}}\n"
            ));
        }
        check(&s);
    }
}
