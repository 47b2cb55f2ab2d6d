//! Attribute lists: parameter, return, function and group attributes.

use crate::lexer::Tok;
use crate::parser::{PResult, Parser};
use loopwright_ir::Attr;

/// Where an attribute list appears.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum AttrCtx {
    /// Before a parameter's name / after an argument's type.
    Param,
    /// Before a function's or call's return type.
    Ret,
    /// After a function's parameter list, on a call site, or after a
    /// global variable: `#N` groups allowed, `align N` is the function's
    /// alignment.
    Fn,
    /// Inside `attributes #N = { ... }`: `align=N`, `alignstack=N`.
    Group,
}

/// Attributes without an argument (LLVM's enum attributes, plus the old
/// function memory attributes that LLVM still accepts).
fn is_flag_attr(k: &[u8]) -> bool {
    matches!(
        k,
        b"allocalign"
            | b"allocptr"
            | b"alwaysinline"
            | b"builtin"
            | b"cold"
            | b"convergent"
            | b"coro_elide_safe"
            | b"coro_only_destroy_when_complete"
            | b"dead_on_unwind"
            | b"disable_sanitizer_instrumentation"
            | b"fn_ret_thunk_extern"
            | b"hot"
            | b"hybrid_patchable"
            | b"immarg"
            | b"inlinehint"
            | b"inreg"
            | b"jumptable"
            | b"minsize"
            | b"mustprogress"
            | b"naked"
            | b"nest"
            | b"noalias"
            | b"nobuiltin"
            | b"nocallback"
            | b"nocapture"
            | b"nocf_check"
            | b"nodivergencesource"
            | b"noduplicate"
            | b"noext"
            | b"nofree"
            | b"noimplicitfloat"
            | b"noinline"
            | b"nomerge"
            | b"nonlazybind"
            | b"nonnull"
            | b"noprofile"
            | b"norecurse"
            | b"noredzone"
            | b"noreturn"
            | b"nosanitize_bounds"
            | b"nosanitize_coverage"
            | b"nosync"
            | b"noundef"
            | b"nounwind"
            | b"null_pointer_is_valid"
            | b"optdebug"
            | b"optforfuzzing"
            | b"optnone"
            | b"optsize"
            | b"presplitcoroutine"
            | b"readnone"
            | b"readonly"
            | b"returned"
            | b"returns_twice"
            | b"safestack"
            | b"sanitize_address"
            | b"sanitize_hwaddress"
            | b"sanitize_memory"
            | b"sanitize_memtag"
            | b"sanitize_numerical_stability"
            | b"sanitize_realtime"
            | b"sanitize_realtime_blocking"
            | b"sanitize_thread"
            | b"sanitize_type"
            | b"shadowcallstack"
            | b"signext"
            | b"skipprofile"
            | b"speculatable"
            | b"speculative_load_hardening"
            | b"ssp"
            | b"sspreq"
            | b"sspstrong"
            | b"strictfp"
            | b"swiftasync"
            | b"swifterror"
            | b"swiftself"
            | b"willreturn"
            | b"writable"
            | b"writeonly"
            | b"zeroext"
            | b"argmemonly"
            | b"inaccessiblememonly"
            | b"inaccessiblemem_or_argmemonly"
    )
}

/// Attributes taking a type: `byval(T)`.
const TYPE_ATTRS: &[&str] = &[
    "byval",
    "byref",
    "elementtype",
    "inalloca",
    "preallocated",
    "sret",
];

/// `nofpclass` keywords.
const FPCLASS: &[&str] = &[
    "all", "nan", "snan", "qnan", "inf", "ninf", "pinf", "norm", "nnorm", "pnorm", "sub", "nsub",
    "psub", "zero", "nzero", "pzero",
];

/// The result of parsing an attribute list: attributes, `#N` group
/// references with their offsets, and a function alignment (`align N` in
/// function position).
pub(crate) type AttrList = (Vec<Attr>, Vec<(u32, usize)>, Option<u64>);

/// Keywords other than flags that start an attribute in
/// [`Parser::parse_attr_list`].
fn is_other_attr_keyword(k: &[u8]) -> bool {
    TYPE_ATTRS.iter().any(|t| t.as_bytes() == k)
        || matches!(
            k,
            b"align"
                | b"alignstack"
                | b"dereferenceable"
                | b"dereferenceable_or_null"
                | b"uwtable"
                | b"allocsize"
                | b"vscale_range"
                | b"allockind"
                | b"memory"
                | b"nofpclass"
                | b"range"
                | b"initializes"
        )
}

impl<'a> Parser<'a> {
    /// A parameter or return attribute list of a call site, interned.
    ///
    /// Call sites repeat the same few lists (`noundef nonnull align 8
    /// dereferenceable(16)`), so a list written only with flags, `align N`
    /// and `dereferenceable[_or_null](N)` is looked up by its source text
    /// before it is parsed. Such a list's attributes depend on its tokens
    /// alone, and a text is only recorded after it parsed without error
    /// and ended where the look-ahead said it does, so a hit gives the set
    /// parsing would.
    pub(crate) fn parse_attr_set(&mut self, ctx: AttrCtx) -> PResult<loopwright_ir::AttrSet> {
        debug_assert!(matches!(ctx, AttrCtx::Param | AttrCtx::Ret));
        let start = self.tok.start;
        let simple = self.simple_attr_list_end();
        if let Some((lex, tok)) = simple {
            if tok.start == start {
                return Ok(loopwright_ir::AttrSet::EMPTY);
            }
            let text = self.src.get(start..tok.start).unwrap_or(&[]);
            if let Some(&set) = self.attr_texts.get(&(ctx, text)) {
                self.set_lexer(lex, tok);
                return Ok(set);
            }
        }
        let (attrs, _, _) = self.parse_attr_list(ctx)?;
        let set = self.intern_attrs(attrs);
        if let Some((_, tok)) = simple {
            if self.tok.start == tok.start {
                let text = self.src.get(start..tok.start).unwrap_or(&[]);
                self.attr_texts.insert((ctx, text), set);
            }
        }
        Ok(set)
    }

    /// Looks ahead over an attribute list made only of flags, `align N`
    /// and `dereferenceable[_or_null](N)`: the lexer and token after it,
    /// or `None` if the list has any other attribute (or is malformed).
    fn simple_attr_list_end(&self) -> Option<(crate::lexer::Lexer<'a>, crate::lexer::Token)> {
        let mut lex = self.lexer();
        let mut tok = self.tok;
        loop {
            match tok.kind {
                Tok::Keyword => {
                    let k = tok.text(self.src);
                    if is_flag_attr(k) {
                        tok = lex.next_token();
                    } else if k == b"align" {
                        if lex.next_token().kind != Tok::Int {
                            return None;
                        }
                        tok = lex.next_token();
                    } else if k == b"dereferenceable" || k == b"dereferenceable_or_null" {
                        if lex.next_token().kind != Tok::LParen
                            || lex.next_token().kind != Tok::Int
                            || lex.next_token().kind != Tok::RParen
                        {
                            return None;
                        }
                        tok = lex.next_token();
                    } else if is_other_attr_keyword(k) {
                        return None;
                    } else {
                        return Some((lex, tok));
                    }
                }
                Tok::Str | Tok::AttrGrpId(_) => return None,
                _ => return Some((lex, tok)),
            }
        }
    }

    /// Parses attributes while the current token starts one.
    pub(crate) fn parse_attr_list(&mut self, ctx: AttrCtx) -> PResult<AttrList> {
        let mut attrs = Vec::new();
        let mut groups = Vec::new();
        let mut fn_align = None;
        loop {
            match self.tok.kind {
                Tok::AttrGrpId(n) if ctx == AttrCtx::Fn => {
                    groups.push((n, self.tok.start));
                    self.bump();
                }
                Tok::Str => {
                    let at = self.tok.start;
                    let k = self.parse_string_bytes()?;
                    let k = self.utf8(&k, at)?;
                    let v = if self.eat(Tok::Equal) {
                        let vat = self.tok.start;
                        let v = self.parse_string_bytes()?;
                        Some(self.utf8(&v, vat)?.into_boxed_str())
                    } else {
                        None
                    };
                    attrs.push(Attr::Str(k.into(), v));
                }
                Tok::Keyword => {
                    let k = self.kw().unwrap_or("");
                    if is_flag_attr(k.as_bytes()) {
                        attrs.push(Attr::Flag(k.into()));
                        self.bump();
                        continue;
                    }
                    if TYPE_ATTRS.contains(&k) {
                        self.bump();
                        self.expect(Tok::LParen, "(")?;
                        let t = self.parse_type(false)?;
                        self.expect(Tok::RParen, ")")?;
                        attrs.push(Attr::Type(k.into(), t));
                        continue;
                    }
                    match k {
                        "align" => {
                            self.bump();
                            if ctx == AttrCtx::Group {
                                self.expect(Tok::Equal, "=")?;
                            }
                            let a = self.parse_alignment_value()?;
                            if ctx == AttrCtx::Fn {
                                fn_align = Some(a);
                            } else {
                                attrs.push(Attr::Int("align".into(), a));
                            }
                        }
                        "alignstack" => {
                            self.bump();
                            let a = if self.eat(Tok::Equal) {
                                self.parse_alignment_value()?
                            } else {
                                self.expect(Tok::LParen, "(")?;
                                let a = self.parse_alignment_value()?;
                                self.expect(Tok::RParen, ")")?;
                                a
                            };
                            attrs.push(Attr::Int("alignstack".into(), a));
                        }
                        "dereferenceable" | "dereferenceable_or_null" => {
                            self.bump();
                            self.expect(Tok::LParen, "(")?;
                            let n = self.parse_u64()?;
                            self.expect(Tok::RParen, ")")?;
                            attrs.push(Attr::Int(k.into(), n));
                        }
                        "uwtable" => {
                            self.bump();
                            if self.eat(Tok::LParen) {
                                let sync = match self.kw() {
                                    Some("sync") => true,
                                    Some("async") => false,
                                    _ => return self.err("expected unwind table kind"),
                                };
                                self.bump();
                                self.expect(Tok::RParen, ")")?;
                                if sync {
                                    attrs.push(Attr::Raw("uwtable".into(), "sync".into()));
                                } else {
                                    attrs.push(Attr::Flag("uwtable".into()));
                                }
                            } else {
                                attrs.push(Attr::Flag("uwtable".into()));
                            }
                        }
                        "allocsize" => {
                            self.bump();
                            self.expect(Tok::LParen, "(")?;
                            let a = self.parse_u32()?;
                            let text = if self.eat(Tok::Comma) {
                                let b = self.parse_u32()?;
                                format!("{a},{b}")
                            } else {
                                a.to_string()
                            };
                            self.expect(Tok::RParen, ")")?;
                            attrs.push(Attr::Raw("allocsize".into(), text.into()));
                        }
                        "vscale_range" => {
                            self.bump();
                            self.expect(Tok::LParen, "(")?;
                            let a = self.parse_u32()?;
                            let b = if self.eat(Tok::Comma) {
                                self.parse_u32()?
                            } else {
                                a
                            };
                            self.expect(Tok::RParen, ")")?;
                            attrs.push(Attr::Raw("vscale_range".into(), format!("{a},{b}").into()));
                        }
                        "allockind" => {
                            self.bump();
                            self.expect(Tok::LParen, "(")?;
                            let at = self.tok.start;
                            let s = self.parse_string()?;
                            for part in s.split(',') {
                                if !matches!(
                                    part,
                                    "alloc"
                                        | "realloc"
                                        | "free"
                                        | "uninitialized"
                                        | "zeroed"
                                        | "aligned"
                                ) {
                                    return self.err_at(at, format!("unknown allockind {part}"));
                                }
                            }
                            self.expect(Tok::RParen, ")")?;
                            attrs.push(Attr::Raw("allockind".into(), format!("\"{s}\"").into()));
                        }
                        "memory" => {
                            self.bump();
                            let text = self.parse_memory_effects()?;
                            attrs.push(Attr::Raw("memory".into(), text.into()));
                        }
                        "nofpclass" => {
                            self.bump();
                            let text = self.parse_nofpclass()?;
                            attrs.push(Attr::Raw("nofpclass".into(), text.into()));
                        }
                        "range" => {
                            self.bump();
                            let text = self.parse_range_attr()?;
                            attrs.push(Attr::Raw("range".into(), text.into()));
                        }
                        "initializes" => {
                            self.bump();
                            let text = self.parse_initializes()?;
                            attrs.push(Attr::Raw("initializes".into(), text.into()));
                        }
                        _ => break,
                    }
                }
                _ => break,
            }
        }
        Ok((attrs, groups, fn_align))
    }

    /// `memory(...)` after the keyword; returns the text inside.
    fn parse_memory_effects(&mut self) -> PResult<String> {
        self.expect(Tok::LParen, "(")?;
        let mut parts: Vec<String> = Vec::new();
        loop {
            // Location: `argmem:` lexes as a label.
            let mut loc: Option<String> = None;
            if self.tok.kind == Tok::LabelStr {
                let n = self.tok.name(self.src).into_owned();
                let n = String::from_utf8_lossy(&n).into_owned();
                if !matches!(n.as_str(), "argmem" | "inaccessiblemem" | "errnomem") {
                    return self.err("expected memory location (argmem, inaccessiblemem)");
                }
                loc = Some(n);
                self.bump();
            } else if matches!(self.kw(), Some("argmem" | "inaccessiblemem" | "errnomem"))
                && self.peek().kind == Tok::Colon
            {
                loc = self.kw().map(str::to_owned);
                self.bump();
                self.bump();
            }
            let eff = match self.kw() {
                Some(e @ ("none" | "read" | "write" | "readwrite")) => e,
                _ => {
                    return self.err(if loc.is_some() {
                        "expected access kind (none, read, write, readwrite)"
                    } else {
                        "expected memory location (argmem, inaccessiblemem) or access kind (none, read, write, readwrite)"
                    })
                }
            };
            parts.push(match loc {
                Some(l) => format!("{l}: {eff}"),
                None => eff.to_owned(),
            });
            self.bump();
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RParen, ")")?;
        Ok(parts.join(", "))
    }

    fn parse_nofpclass(&mut self) -> PResult<String> {
        self.expect(Tok::LParen, "(")?;
        if self.tok.kind == Tok::Int {
            let at = self.tok.start;
            let v = self.parse_u64()?;
            if v == 0 || v > 1023 {
                return self.err_at(at, "invalid mask value for 'nofpclass'");
            }
            self.expect(Tok::RParen, ")")?;
            return Ok(v.to_string());
        }
        let mut parts = Vec::new();
        while let Some(k) = self.kw() {
            if !FPCLASS.contains(&k) {
                break;
            }
            parts.push(k);
            self.bump();
        }
        if parts.is_empty() {
            return self.err("expected nofpclass test mask");
        }
        self.expect(Tok::RParen, ")")?;
        Ok(parts.join(" "))
    }

    /// `range(iN lo, hi)` after the keyword.
    fn parse_range_attr(&mut self) -> PResult<String> {
        self.expect(Tok::LParen, "(")?;
        let at = self.tok.start;
        let t = self.parse_type(false)?;
        let Some(bits) = self.m.types.int_width(self.m.types.scalar(t)) else {
            return self.err_at(at, "the range must have integer type!");
        };
        let lo = self.parse_range_bound(bits)?;
        self.expect_comma()?;
        let hi = self.parse_range_bound(bits)?;
        self.expect(Tok::RParen, ")")?;
        if lo == hi && !lo.is_zero() {
            return self.err_at(at, "the range represent the empty set but limits aren't 0!");
        }
        let ty = self.ty_str(t);
        Ok(format!(
            "{ty} {}, {}",
            lo.to_signed_string(),
            hi.to_signed_string()
        ))
    }

    fn parse_range_bound(&mut self, bits: u32) -> PResult<loopwright_ir::ApInt> {
        if self.tok.kind != Tok::Int {
            return self.err("expected integer");
        }
        let tok = self.tok;
        self.bump();
        Ok(crate::consts::int_from_decimal(tok.text(self.src), bits))
    }

    /// `initializes((lo, hi), ...)` after the keyword.
    fn parse_initializes(&mut self) -> PResult<String> {
        self.expect(Tok::LParen, "(")?;
        let mut parts = Vec::new();
        loop {
            self.expect(Tok::LParen, "(")?;
            let lo = self.parse_i64()?;
            self.expect_comma()?;
            let hi = self.parse_i64()?;
            self.expect(Tok::RParen, ")")?;
            parts.push(format!("({lo}, {hi})"));
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RParen, ")")?;
        Ok(parts.join(", "))
    }
}
