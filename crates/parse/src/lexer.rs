//! A hand-written lexer for LLVM's textual IR (`.ll` files).
//!
//! The lexer works on raw bytes (`&[u8]`): the input may be invalid UTF-8 or
//! arbitrary garbage.  It never panics, never indexes out of bounds and always
//! makes progress, so a loop calling [`Lexer::next_token`] until
//! [`Tok::Eof`] terminates on any input.
//!
//! Tokens carry only a kind and a byte span; the text of names, strings and
//! numbers is recovered from the span on demand (see [`Token::name`],
//! [`Token::text`] and [`unescape`]), so lexing allocates nothing.
//!
//! The token set follows LLVM's `LLLexer`, with a few conveniences:
//! * every bare word (opcodes, `define`, attribute names, `DW_TAG_*`,
//!   `DIFlag*`, `CSK_*`, ...) is a single [`Tok::Keyword`] whose text the
//!   parser matches;
//! * `!N` and `!"..."` are single tokens ([`Tok::MetadataId`],
//!   [`Tok::MetadataString`]);
//! * `#dbg_value` and friends are [`Tok::HashKeyword`];
//! * `1e5` (no dot) is accepted as a float.

use std::borrow::Cow;

/// The largest integer bit width LLVM accepts (`IntegerType::MAX_INT_BITS`).
pub const MAX_INT_BITS: u32 = 1 << 23;

/// Which hexadecimal floating-point form a [`Tok::HexFloat`] has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HexFloatKind {
    /// `0x` followed by up to 16 hex digits: the bits of an IEEE double
    /// (also used for `float`, `half`, ... values that a double represents).
    Double,
    /// `0xK`: x86_fp80, 20 hex digits.
    X87,
    /// `0xL`: IEEE fp128, 32 hex digits (low 64 bits first).
    Quad,
    /// `0xM`: ppc_fp128, 32 hex digits.
    PpcDouble,
    /// `0xH`: IEEE half, 4 hex digits.
    Half,
    /// `0xR`: bfloat, 4 hex digits.
    BFloat,
}

/// A lexical error.  The token spans the offending text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LexError {
    /// A byte that cannot start any token.
    InvalidChar,
    /// `"...` without the closing quote.
    EofInString,
    /// `%"...` or `@"...` without the closing quote.
    EofInVarName,
    /// `$"...` without the closing quote.
    EofInComdatName,
    /// A quoted name or label containing a NUL byte (after unescaping).
    NulInName,
    /// `i0` or wider than [`MAX_INT_BITS`].
    IntWidthOutOfRange,
    /// A `%N`/`@N`/`!N`/`#N`/`^N`/`N:` number that does not fit in 32 bits.
    IdTooLarge,
    /// `%`, `@`, `$`, `^` or `#` not followed by a name or number.
    ExpectedNameOrId,
    /// A hexadecimal float with more than 64 bits of digits.
    HexTooBig64,
    /// A hexadecimal float with more than 128 bits of digits.
    HexTooBig128,
    /// A hexadecimal half/bfloat with more than 16 bits of digits.
    HexTooBig16,
    /// `0x`, `0xK`, ... not followed by hex digits, or `u0x`/`s0x` with a
    /// non-hex tail.
    BadHex,
    /// `+` not followed by a floating-point number, or `-` followed by
    /// neither digits nor a label.
    BadNumber,
    /// A `.` that does not start `...` or a label.
    StrayDot,
}

impl LexError {
    /// The error message (LLVM's wording where LLVM has one).
    pub fn message(self) -> &'static str {
        match self {
            LexError::InvalidChar => "invalid character in input",
            LexError::EofInString => "end of file in string constant",
            LexError::EofInVarName => "end of file in global variable name",
            LexError::EofInComdatName => "end of file in COMDAT variable name",
            LexError::NulInName => "Null bytes are not allowed in names",
            LexError::IntWidthOutOfRange => "bitwidth for integer type out of range!",
            LexError::IdTooLarge => "invalid value number (too large)!",
            LexError::ExpectedNameOrId => "expected a name or a number after the sigil",
            LexError::HexTooBig64 => "constant bigger than 64 bits detected!",
            LexError::HexTooBig128 => "constant bigger than 128 bits detected!",
            LexError::HexTooBig16 => "constant bigger than 16 bits detected!",
            LexError::BadHex => "invalid hexadecimal constant",
            LexError::BadNumber => "invalid numeric constant",
            LexError::StrayDot => "expected '...' or a label",
        }
    }
}

/// The kind of a token.  Payloads are small; text is recovered from the span.
///
/// Equality is written out (as the derived one would be) so that it can be
/// inlined: the parser compares the current token's kind at every step.
#[allow(clippy::derived_hash_with_manual_eq)]
#[derive(Clone, Copy, Debug, Eq, Hash)]
pub enum Tok {
    /// End of input.  Returned again on every further call.
    Eof,
    /// A lexical error; the span covers the bad text.
    Error(LexError),

    /// `=`
    Equal,
    /// `,`
    Comma,
    /// `*`
    Star,
    /// `[`
    LSquare,
    /// `]`
    RSquare,
    /// `{`
    LBrace,
    /// `}`
    RBrace,
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `<`
    Less,
    /// `>`
    Greater,
    /// `!` not followed by a name, a number or a string (e.g. `!{`).
    Exclaim,
    /// `|`
    Bar,
    /// `:`
    Colon,
    /// `...`
    DotDotDot,

    /// `#N`: an attribute group reference.
    AttrGrpId(u32),
    /// `^N`: a summary entry reference.
    SummaryId(u32),
    /// `#word`: a debug record keyword such as `#dbg_value`.
    HashKeyword,

    /// `%name` or `%"quoted name"`.
    LocalVar,
    /// `%N`
    LocalId(u32),
    /// `@name` or `@"quoted name"`.
    GlobalVar,
    /// `@N`
    GlobalId(u32),
    /// `$name` or `$"quoted name"`.
    ComdatVar,
    /// `!name` (e.g. `!llvm.loop`, `!dbg`, `!DILocation`).
    MetadataVar,
    /// `!N`
    MetadataId(u32),
    /// `!"..."`
    MetadataString,

    /// `name:`, `"quoted":`, `-name:`, `$name:`, `.name:`.
    LabelStr,
    /// `N:`
    LabelId(u32),

    /// A bare word `[A-Za-z_][A-Za-z0-9_]*` other than an integer type.
    Keyword,
    /// `iN`
    IntType(u32),

    /// A decimal integer, possibly negative: `-?[0-9]+`.
    Int,
    /// A decimal float: `[-+]?[0-9]+[.][0-9]*([eE][-+]?[0-9]+)?` (and
    /// `[-+]?[0-9]+[eE][-+]?[0-9]+`).
    Float,
    /// A hexadecimal float (`0x...`, `0xK...`, ...).
    HexFloat(HexFloatKind),
    /// `u0x...` (unsigned) or `s0x...` (signed) hexadecimal integer.
    HexInt {
        /// `s0x` rather than `u0x`.
        signed: bool,
    },
    /// `"..."`
    Str,
}

impl PartialEq for Tok {
    /// Same variant and same payload.
    #[inline]
    fn eq(&self, other: &Tok) -> bool {
        use Tok::*;
        match (*self, *other) {
            (Error(a), Error(b)) => a == b,
            (AttrGrpId(a), AttrGrpId(b))
            | (SummaryId(a), SummaryId(b))
            | (LocalId(a), LocalId(b))
            | (GlobalId(a), GlobalId(b))
            | (MetadataId(a), MetadataId(b))
            | (LabelId(a), LabelId(b))
            | (IntType(a), IntType(b)) => a == b,
            (HexFloat(a), HexFloat(b)) => a == b,
            (HexInt { signed: a }, HexInt { signed: b }) => a == b,
            (a, b) => std::mem::discriminant(&a) == std::mem::discriminant(&b),
        }
    }
}

/// A token: a kind and the byte span `start..end` in the source.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Token {
    /// What the token is.
    pub kind: Tok,
    /// Byte offset of the first byte.
    pub start: usize,
    /// Byte offset one past the last byte.
    pub end: usize,
}

impl Token {
    /// The raw bytes of the token.
    pub fn text<'a>(&self, src: &'a [u8]) -> &'a [u8] {
        src.get(self.start..self.end).unwrap_or(&[])
    }

    /// The name or string a token denotes, unescaped: for `%x`/`@x`/`$x`/`!x`
    /// the name without sigil, for quoted forms the unescaped contents, for
    /// labels the name without the colon, for `"..."` and `!"..."` the
    /// unescaped string, for `#word` the word, for keywords the word itself.
    /// Borrows from `src` unless unescaping changed something.
    pub fn name<'a>(&self, src: &'a [u8]) -> Cow<'a, [u8]> {
        let t = self.text(src);
        let inner: &[u8] = match self.kind {
            Tok::LocalVar | Tok::GlobalVar | Tok::ComdatVar => {
                let rest = t.get(1..).unwrap_or(&[]);
                if rest.first() == Some(&b'"') {
                    return unescape(strip_quotes(rest));
                }
                return Cow::Borrowed(rest);
            }
            Tok::MetadataVar => return unescape(t.get(1..).unwrap_or(&[])),
            Tok::HashKeyword => t.get(1..).unwrap_or(&[]),
            Tok::MetadataString => return unescape(strip_quotes(t.get(1..).unwrap_or(&[]))),
            Tok::Str => return unescape(strip_quotes(t)),
            Tok::LabelStr => {
                let body = t.get(..t.len().saturating_sub(1)).unwrap_or(&[]);
                if body.first() == Some(&b'"') {
                    return unescape(strip_quotes(body));
                }
                body
            }
            Tok::LabelId(_) => t.get(..t.len().saturating_sub(1)).unwrap_or(&[]),
            _ => t,
        };
        Cow::Borrowed(inner)
    }
}

/// Strip one leading and one trailing `"` (if present).
fn strip_quotes(s: &[u8]) -> &[u8] {
    let s = s.strip_prefix(b"\"").unwrap_or(s);
    s.strip_suffix(b"\"").unwrap_or(s)
}

fn hex_val(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    }
}

/// Undo LLVM's escaping: `\\` becomes `\`, `\XX` (two hex digits) becomes
/// the byte `0xXX`; any other backslash is kept as is.  Borrows when there
/// is no backslash.
pub fn unescape(s: &[u8]) -> Cow<'_, [u8]> {
    if !s.contains(&b'\\') {
        return Cow::Borrowed(s);
    }
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        if c == b'\\' {
            if s.get(i + 1) == Some(&b'\\') {
                out.push(b'\\');
                i += 2;
                continue;
            }
            if let (Some(h), Some(l)) = (
                s.get(i + 1).copied().and_then(hex_val),
                s.get(i + 2).copied().and_then(hex_val),
            ) {
                out.push(h * 16 + l);
                i += 3;
                continue;
            }
        }
        out.push(c);
        i += 1;
    }
    Cow::Owned(out)
}

/// Whether `unescape(s)` would contain a NUL byte (without allocating).
fn unescaped_has_nul(s: &[u8]) -> bool {
    let mut i = 0;
    while i < s.len() {
        match s[i] {
            0 => return true,
            b'\\' => {
                if s.get(i + 1) == Some(&b'\\') {
                    i += 2;
                    continue;
                }
                if let (Some(h), Some(l)) = (
                    s.get(i + 1).copied().and_then(hex_val),
                    s.get(i + 2).copied().and_then(hex_val),
                ) {
                    if h == 0 && l == 0 {
                        return true;
                    }
                    i += 3;
                    continue;
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
    false
}

/// `[-a-zA-Z$._0-9]`
#[inline]
pub(crate) fn is_label_char(c: u8) -> bool {
    CLASS[c as usize] & LABEL != 0
}

/// Character classes, one bit each, looked up in [`CLASS`]: one load
/// instead of a chain of range tests in the lexer's inner loops.
const LABEL: u8 = 1; // [-a-zA-Z$._0-9]
const WORD: u8 = 2; // [a-zA-Z0-9_]
const DIGIT: u8 = 4; // [0-9]
const HEX: u8 = 8; // [0-9a-fA-F]
const SPACE: u8 = 16; // space, \t, \n, \r, \v, \f and NUL: skipped between tokens

static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        let mut k = 0;
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'$' | b'.' | b'_') {
            k |= LABEL;
        }
        if b.is_ascii_alphanumeric() || b == b'_' {
            k |= WORD;
        }
        if b.is_ascii_digit() {
            k |= DIGIT;
        }
        if b.is_ascii_hexdigit() {
            k |= HEX;
        }
        if matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c | 0) {
            k |= SPACE;
        }
        t[c] = k;
        c += 1;
    }
    t
};

/// `[a-zA-Z0-9_]`: keyword characters.
#[inline]
fn is_word_char(c: u8) -> bool {
    CLASS[c as usize] & WORD != 0
}

/// First character of an unquoted `%`/`@`/`$` name: `[-a-zA-Z$._]`.
#[inline]
fn is_name_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || matches!(c, b'-' | b'$' | b'.' | b'_')
}

/// First character of a `!name` after the `!`: `[-a-zA-Z$._\\]`.
#[inline]
fn is_md_var_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || matches!(c, b'-' | b'$' | b'.' | b'_' | b'\\')
}

/// Metadata name characters: `[-a-zA-Z$._0-9\\]`.
#[inline]
fn is_md_char(c: u8) -> bool {
    is_label_char(c) || c == b'\\'
}

/// Parse `[0-9]+` into a u64, `None` on overflow.
fn parse_dec_u64(digits: &[u8]) -> Option<u64> {
    let mut v: u64 = 0;
    for &d in digits {
        v = v
            .checked_mul(10)?
            .checked_add(u64::from(d.wrapping_sub(b'0')))?;
    }
    Some(v)
}

/// The lexer: a cursor over the source.  It is `Copy`, so saving and
/// restoring a position (for lookahead) is free.
#[derive(Clone, Copy, Debug)]
pub struct Lexer<'a> {
    src: &'a [u8],
    pos: usize,
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `src`.
    pub fn new(src: &'a [u8]) -> Self {
        Lexer { src, pos: 0 }
    }

    /// The whole source.
    pub fn src(&self) -> &'a [u8] {
        self.src
    }

    /// The current byte offset (where the next token's leading whitespace
    /// starts).
    pub fn pos(&self) -> usize {
        self.pos
    }

    /// Move the cursor (clamped to the end of the source).
    pub fn set_pos(&mut self, pos: usize) {
        self.pos = pos.min(self.src.len());
    }

    /// The byte at `i`, or 0 past the end.
    #[inline]
    fn at(&self, i: usize) -> u8 {
        self.src.get(i).copied().unwrap_or(0)
    }

    /// Advance `i` over label characters.
    #[inline]
    fn skip_label_chars(&self, i: usize) -> usize {
        self.skip_class(i, LABEL)
    }

    /// Advance `i` over bytes of class `class` (the end of the source
    /// stops it).
    #[inline]
    fn skip_class(&self, i: usize, class: u8) -> usize {
        match self.src.get(i..) {
            Some(rest) => {
                i + rest
                    .iter()
                    .position(|&c| CLASS[c as usize] & class == 0)
                    .unwrap_or(rest.len())
            }
            None => i,
        }
    }

    /// If `i` starts `[-a-zA-Z$._0-9]*:`, the offset just past the colon.
    fn label_tail(&self, i: usize) -> Option<usize> {
        let j = self.skip_label_chars(i);
        if self.at(j) == b':' && j < self.src.len() {
            Some(j + 1)
        } else {
            None
        }
    }

    fn skip_digits(&self, i: usize) -> usize {
        self.skip_class(i, DIGIT)
    }

    fn skip_hex_digits(&self, i: usize) -> usize {
        self.skip_class(i, HEX)
    }

    /// Skip from `i` (just after an opening quote) to just past the closing
    /// quote; `None` at end of input.
    fn skip_string(&self, i: usize) -> Option<usize> {
        let rest = self.src.get(i..)?;
        rest.iter().position(|&c| c == b'"').map(|p| i + p + 1)
    }

    /// Skip whitespace (and NUL bytes) and `;` comments.
    #[inline]
    fn skip_trivia(&mut self) {
        let src = self.src;
        let mut pos = self.pos;
        while let Some(&c) = src.get(pos) {
            if CLASS[c as usize] & SPACE != 0 {
                pos += 1;
            } else if c == b';' {
                let rest = &src[pos..];
                pos = memchr::memchr2(b'\n', b'\r', rest).map_or(src.len(), |p| pos + p);
            } else {
                break;
            }
        }
        self.pos = pos;
    }

    /// The first byte of the next token, without lexing it (`None` at the
    /// end of input).
    pub fn next_byte(&self) -> Option<u8> {
        let mut l = *self;
        l.skip_trivia();
        l.src.get(l.pos).copied()
    }

    /// Whether the next token is a [`Tok::MetadataVar`] (`!name`), decided
    /// from its first two bytes as [`Lexer::next_token`] does.
    pub fn next_is_metadata_var(&self) -> bool {
        let mut l = *self;
        l.skip_trivia();
        l.at(l.pos) == b'!' && is_md_var_start(l.at(l.pos + 1))
    }

    /// The next token if it is one of those specialized metadata nodes
    /// are mostly made of, after at most one space: a plain field label
    /// `[A-Za-z_][A-Za-z0-9_]*:`, a metadata id `!N`, a decimal integer
    /// followed by `,` or `)`, a `,` or a `)`. The token is the one
    /// [`Lexer::next_token`] returns, found with fewer tests; on `None` the
    /// lexer has not moved.
    pub fn next_md_field_token(&mut self) -> Option<Token> {
        let src = self.src;
        let mut s = self.pos;
        if src.get(s) == Some(&b' ') {
            s += 1;
        }
        let first = *src.get(s)?;
        let (kind, end) = match first {
            b',' => (Tok::Comma, s + 1),
            b')' => (Tok::RParen, s + 1),
            b'!' => {
                let e = self.skip_digits(s + 1);
                let id = parse_dec_u64(src.get(s + 1..e)?).and_then(|v| u32::try_from(v).ok());
                match id {
                    Some(id) if e > s + 1 => (Tok::MetadataId(id), e),
                    _ => return None,
                }
            }
            b'0'..=b'9' => {
                let e = self.skip_digits(s);
                if !matches!(src.get(e), Some(b',' | b')')) {
                    return None;
                }
                (Tok::Int, e)
            }
            c if c.is_ascii_alphabetic() || c == b'_' => {
                let e = self.skip_class(s + 1, WORD);
                if src.get(e) != Some(&b':') {
                    return None;
                }
                (Tok::LabelStr, e + 1)
            }
            _ => return None,
        };
        self.pos = end;
        Some(Token {
            kind,
            start: s,
            end,
        })
    }

    /// Lex the next token.
    pub fn next_token(&mut self) -> Token {
        let src = self.src;
        let len = src.len();
        self.skip_trivia();
        let start = self.pos;
        if start >= len {
            return Token {
                kind: Tok::Eof,
                start: len,
                end: len,
            };
        }
        let (kind, end) = self.lex_at(start);
        // Always make progress.
        let end = end.clamp(start + 1, len);
        self.pos = end;
        Token { kind, start, end }
    }

    /// Lex the token starting at `s` (not whitespace, not at EOF).  Returns
    /// the kind and the end offset.
    fn lex_at(&self, s: usize) -> (Tok, usize) {
        let c = self.at(s);
        let one = |k: Tok| (k, s + 1);
        match c {
            b'=' => one(Tok::Equal),
            b',' => one(Tok::Comma),
            b'*' => one(Tok::Star),
            b'[' => one(Tok::LSquare),
            b']' => one(Tok::RSquare),
            b'{' => one(Tok::LBrace),
            b'}' => one(Tok::RBrace),
            b'(' => one(Tok::LParen),
            b')' => one(Tok::RParen),
            b'<' => one(Tok::Less),
            b'>' => one(Tok::Greater),
            b'|' => one(Tok::Bar),
            b':' => one(Tok::Colon),
            b'.' => {
                if let Some(e) = self.label_tail(s + 1) {
                    (Tok::LabelStr, e)
                } else if self.at(s + 1) == b'.' && self.at(s + 2) == b'.' {
                    (Tok::DotDotDot, s + 3)
                } else {
                    (Tok::Error(LexError::StrayDot), s + 1)
                }
            }
            b'%' => self.lex_var(s, Tok::LocalVar, Tok::LocalId),
            b'@' => self.lex_var(s, Tok::GlobalVar, Tok::GlobalId),
            b'$' => self.lex_dollar(s),
            b'"' => self.lex_quote(s),
            b'!' => self.lex_exclaim(s),
            b'^' => self.lex_uint_id(s, Tok::SummaryId),
            b'#' => {
                if self.at(s + 1).is_ascii_digit() {
                    self.lex_uint_id(s, Tok::AttrGrpId)
                } else if self.at(s + 1).is_ascii_alphabetic() || self.at(s + 1) == b'_' {
                    (Tok::HashKeyword, self.skip_class(s + 1, WORD))
                } else {
                    (Tok::Error(LexError::ExpectedNameOrId), s + 1)
                }
            }
            b'0'..=b'9' | b'-' => self.lex_digit_or_negative(s),
            b'+' => self.lex_positive(s),
            c if c.is_ascii_alphabetic() || c == b'_' => self.lex_identifier(s),
            _ => (Tok::Error(LexError::InvalidChar), s + 1),
        }
    }

    /// `[0-9]+` after a one-byte sigil at `s`, as a u32 id.
    #[inline]
    fn lex_uint_id(&self, s: usize, make: fn(u32) -> Tok) -> (Tok, usize) {
        let (e, v) = self.digits_value(s + 1);
        if e == s + 1 {
            return (Tok::Error(LexError::ExpectedNameOrId), s + 1);
        }
        match v.and_then(|v| u32::try_from(v).ok()) {
            Some(v) => (make(v), e),
            None => (Tok::Error(LexError::IdTooLarge), e),
        }
    }

    /// The end of the digits `[0-9]*` from `i` and their value (`None` on
    /// overflow): [`Lexer::skip_digits`] and [`parse_dec_u64`] in one pass.
    #[inline]
    fn digits_value(&self, i: usize) -> (usize, Option<u64>) {
        let rest = self.src.get(i..).unwrap_or(&[]);
        let mut v: Option<u64> = Some(0);
        let mut n = 0;
        while let Some(&d) = rest.get(n) {
            let d = d.wrapping_sub(b'0');
            if d > 9 {
                break;
            }
            v = v.and_then(|v| v.checked_mul(10)?.checked_add(u64::from(d)));
            n += 1;
        }
        (i + n, v)
    }

    /// Unquoted name `[-a-zA-Z$._][-a-zA-Z$._0-9]*` starting at `i`; returns
    /// its end or `None`.
    fn read_var_name(&self, i: usize) -> Option<usize> {
        if is_name_start(self.at(i)) {
            Some(self.skip_label_chars(i + 1))
        } else {
            None
        }
    }

    /// Quoted name: `s` is the sigil, `s+1` the opening quote.
    fn lex_quoted_name(&self, s: usize, kind: Tok, eof: LexError) -> (Tok, usize) {
        match self.skip_string(s + 2) {
            None => (Tok::Error(eof), self.src.len()),
            Some(e) => {
                if unescaped_has_nul(&self.src[s + 2..e - 1]) {
                    (Tok::Error(LexError::NulInName), e)
                } else {
                    (kind, e)
                }
            }
        }
    }

    fn lex_var(&self, s: usize, var: Tok, id: fn(u32) -> Tok) -> (Tok, usize) {
        if self.at(s + 1) == b'"' {
            return self.lex_quoted_name(s, var, LexError::EofInVarName);
        }
        if let Some(e) = self.read_var_name(s + 1) {
            return (var, e);
        }
        self.lex_uint_id(s, id)
    }

    fn lex_dollar(&self, s: usize) -> (Tok, usize) {
        if let Some(e) = self.label_tail(s) {
            return (Tok::LabelStr, e);
        }
        if self.at(s + 1) == b'"' {
            return self.lex_quoted_name(s, Tok::ComdatVar, LexError::EofInComdatName);
        }
        match self.read_var_name(s + 1) {
            Some(e) => (Tok::ComdatVar, e),
            None => (Tok::Error(LexError::ExpectedNameOrId), s + 1),
        }
    }

    fn lex_quote(&self, s: usize) -> (Tok, usize) {
        match self.skip_string(s + 1) {
            None => (Tok::Error(LexError::EofInString), self.src.len()),
            Some(e) => {
                if self.at(e) == b':' && e < self.src.len() {
                    if unescaped_has_nul(&self.src[s + 1..e - 1]) {
                        (Tok::Error(LexError::NulInName), e + 1)
                    } else {
                        (Tok::LabelStr, e + 1)
                    }
                } else {
                    (Tok::Str, e)
                }
            }
        }
    }

    fn lex_exclaim(&self, s: usize) -> (Tok, usize) {
        let c = self.at(s + 1);
        if is_md_var_start(c) {
            let mut e = s + 2;
            while is_md_char(self.at(e)) {
                e += 1;
            }
            return (Tok::MetadataVar, e);
        }
        if c.is_ascii_digit() {
            return self.lex_uint_id(s, Tok::MetadataId);
        }
        if c == b'"' {
            return match self.skip_string(s + 2) {
                None => (Tok::Error(LexError::EofInString), self.src.len()),
                Some(e) => (Tok::MetadataString, e),
            };
        }
        (Tok::Exclaim, s + 1)
    }

    /// Skip `[0-9]*([eE][-+]?[0-9]+)?` after the dot of a float.
    fn skip_float_tail(&self, mut i: usize) -> usize {
        i = self.skip_digits(i);
        self.skip_exponent(i)
    }

    fn skip_exponent(&self, i: usize) -> usize {
        if matches!(self.at(i), b'e' | b'E') {
            if self.at(i + 1).is_ascii_digit() {
                return self.skip_digits(i + 1);
            }
            if matches!(self.at(i + 1), b'-' | b'+') && self.at(i + 2).is_ascii_digit() {
                return self.skip_digits(i + 2);
            }
        }
        i
    }

    /// Whether an exponent (`e5`, `E-3`) starts at `i` and is not followed
    /// by more identifier characters.
    fn exponent_end(&self, i: usize) -> Option<usize> {
        let e = self.skip_exponent(i);
        if e != i && !is_word_char(self.at(e)) {
            Some(e)
        } else {
            None
        }
    }

    fn lex_digit_or_negative(&self, s: usize) -> (Tok, usize) {
        let first = self.at(s);
        if !first.is_ascii_digit() && !self.at(s + 1).is_ascii_digit() {
            // `-` not followed by a digit: maybe a label like `-foo:`.
            if let Some(e) = self.label_tail(s + 1) {
                return (Tok::LabelStr, e);
            }
            return (Tok::Error(LexError::BadNumber), s + 1);
        }
        let digits_start = if first == b'-' { s + 1 } else { s };
        let e = self.skip_digits(digits_start);
        // `N:` numeric label.
        if first.is_ascii_digit() && self.at(e) == b':' && e < self.src.len() {
            return match parse_dec_u64(&self.src[s..e]).and_then(|v| u32::try_from(v).ok()) {
                Some(v) => (Tok::LabelId(v), e + 1),
                None => (Tok::Error(LexError::IdTooLarge), e + 1),
            };
        }
        // `-1:` or `1abc:` string labels.
        if is_label_char(self.at(e)) || self.at(e) == b':' {
            if let Some(end) = self.label_tail(e) {
                return (Tok::LabelStr, end);
            }
        }
        if self.at(e) != b'.' {
            if first == b'0' && e == s + 1 && self.at(e) == b'x' {
                return self.lex_0x(s);
            }
            if let Some(x) = self.exponent_end(e) {
                return (Tok::Float, x);
            }
            return (Tok::Int, e);
        }
        (Tok::Float, self.skip_float_tail(e + 1))
    }

    fn lex_positive(&self, s: usize) -> (Tok, usize) {
        if !self.at(s + 1).is_ascii_digit() {
            return (Tok::Error(LexError::BadNumber), s + 1);
        }
        let e = self.skip_digits(s + 1);
        if self.at(e) != b'.' {
            if let Some(x) = self.exponent_end(e) {
                return (Tok::Float, x);
            }
            return (Tok::Error(LexError::BadNumber), s + 1);
        }
        (Tok::Float, self.skip_float_tail(e + 1))
    }

    /// `0x[KLMHR]?[0-9A-Fa-f]+` at `s`.
    fn lex_0x(&self, s: usize) -> (Tok, usize) {
        let mut i = s + 2;
        let kind = match self.at(i) {
            b'K' => HexFloatKind::X87,
            b'L' => HexFloatKind::Quad,
            b'M' => HexFloatKind::PpcDouble,
            b'H' => HexFloatKind::Half,
            b'R' => HexFloatKind::BFloat,
            _ => HexFloatKind::Double,
        };
        if kind != HexFloatKind::Double {
            i += 1;
        }
        let e = self.skip_hex_digits(i);
        if e == i {
            return (Tok::Error(LexError::BadHex), s + 1);
        }
        // Leading zeros do not count towards the size for the integer forms.
        let digits = &self.src[i..e];
        let significant = digits
            .iter()
            .position(|&d| d != b'0')
            .map_or(0, |p| digits.len() - p);
        let err = match kind {
            HexFloatKind::Double if significant > 16 => Some(LexError::HexTooBig64),
            HexFloatKind::Half | HexFloatKind::BFloat if significant > 4 => {
                Some(LexError::HexTooBig16)
            }
            HexFloatKind::X87 if digits.len() > 20 => Some(LexError::HexTooBig128),
            HexFloatKind::Quad | HexFloatKind::PpcDouble if digits.len() > 32 => {
                Some(LexError::HexTooBig128)
            }
            _ => None,
        };
        match err {
            Some(err) => (Tok::Error(err), e),
            None => (Tok::HexFloat(kind), e),
        }
    }

    /// A label, integer type, keyword or `[us]0x` hex integer at `s`.
    fn lex_identifier(&self, s: usize) -> (Tok, usize) {
        // Keyword characters are label characters: the label goes on
        // from where the keyword ends.
        let kend = self.skip_class(s + 1, WORD);
        // Most words end at a blank or punctuation: no label then.
        let after = self.at(kend);
        if after == b':' || is_label_char(after) {
            let label_end = self.skip_label_chars(kend);
            if self.at(label_end) == b':' && label_end < self.src.len() {
                return (Tok::LabelStr, label_end + 1);
            }
        }
        let first = self.at(s);
        // `[us]0x[0-9A-Fa-f]+`
        if (first == b'u' || first == b's')
            && self.at(s + 1) == b'0'
            && self.at(s + 2) == b'x'
            && self.at(s + 3).is_ascii_hexdigit()
        {
            let hex_end = self.skip_hex_digits(s + 3);
            if hex_end != kend {
                return (Tok::Error(LexError::BadHex), s + 3);
            }
            return (
                Tok::HexInt {
                    signed: first == b's',
                },
                kend,
            );
        }
        // `i[0-9]+`: the integer type ends at the first non-digit.
        if first == b'i' && self.at(s + 1).is_ascii_digit() {
            let (e, w) = self.digits_value(s + 1);
            return match w {
                Some(w) if (1..=u64::from(MAX_INT_BITS)).contains(&w) => {
                    (Tok::IntType(w as u32), e)
                }
                _ => (Tok::Error(LexError::IntWidthOutOfRange), e),
            };
        }
        // `cc1234` is `cc` followed by `1234`.
        if first == b'c'
            && self.at(s + 1) == b'c'
            && kend > s + 2
            && self.src[s + 2..kend].iter().all(u8::is_ascii_digit)
        {
            return (Tok::Keyword, s + 2);
        }
        (Tok::Keyword, kend)
    }
}

impl Iterator for Lexer<'_> {
    type Item = Token;

    /// Yields tokens up to (not including) [`Tok::Eof`].
    fn next(&mut self) -> Option<Token> {
        let t = self.next_token();
        if t.kind == Tok::Eof {
            None
        } else {
            Some(t)
        }
    }
}

/// Maps byte offsets to 1-based line and column numbers.  Columns count
/// bytes from 1, like LLVM's diagnostics.  Lines end at `\n`.
#[derive(Clone, Debug)]
pub struct LineIndex {
    line_starts: Vec<usize>,
    len: usize,
}

impl LineIndex {
    /// Index the line starts of `src`.
    pub fn new(src: &[u8]) -> Self {
        let mut line_starts = vec![0];
        line_starts.extend(
            src.iter()
                .enumerate()
                .filter(|&(_, &c)| c == b'\n')
                .map(|(i, _)| i + 1),
        );
        LineIndex {
            line_starts,
            len: src.len(),
        }
    }

    /// The 1-based (line, column) of `offset` (clamped to the end of input).
    pub fn line_col(&self, offset: usize) -> (u32, u32) {
        let offset = offset.min(self.len);
        let line = self.line_starts.partition_point(|&s| s <= offset).max(1);
        let col = offset - self.line_starts[line - 1] + 1;
        (
            u32::try_from(line).unwrap_or(u32::MAX),
            u32::try_from(col).unwrap_or(u32::MAX),
        )
    }

    /// The byte range of 1-based line `line` (without its `\n`), if the
    /// input has that line.
    pub fn line_range(&self, line: u32) -> Option<std::ops::Range<usize>> {
        let i = usize::try_from(line.checked_sub(1)?).ok()?;
        let start = *self.line_starts.get(i)?;
        let end = self
            .line_starts
            .get(i + 1)
            .map_or(self.len, |&next| next - 1);
        Some(start..end)
    }

    /// The number of lines.
    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }
}

// ---------------------------------------------------------------------------
// Numeric helpers for the parser.
// ---------------------------------------------------------------------------

/// Decode the hex digits of a [`Tok::HexFloat`] token into the raw bit
/// pattern of the float, following LLVM's layout rules:
/// * `0x`, `0xH`, `0xR`: the digits are the value;
/// * `0xK`: the first (up to) 4 digits are bits 79..64, the next 16 bits 63..0;
/// * `0xL` and `0xM`: the first 16 digits are bits 63..0 and the next 16 are
///   bits 127..64 (with fewer than 16 digits, all go to bits 127..64, as LLVM).
pub fn hex_float_bits(tok: &Token, src: &[u8]) -> u128 {
    let t = tok.text(src);
    let kind = match tok.kind {
        Tok::HexFloat(k) => k,
        _ => return 0,
    };
    let digits = if kind == HexFloatKind::Double {
        t.get(2..).unwrap_or(&[])
    } else {
        t.get(3..).unwrap_or(&[])
    };
    let acc = |ds: &[u8]| -> u64 {
        ds.iter()
            .fold(0u64, |a, &d| (a << 4) | u64::from(hex_val(d).unwrap_or(0)))
    };
    match kind {
        HexFloatKind::Double | HexFloatKind::Half | HexFloatKind::BFloat => {
            let sig = digits
                .iter()
                .position(|&d| d != b'0')
                .map_or(&[][..], |p| &digits[p..]);
            u128::from(acc(sig))
        }
        HexFloatKind::X87 => {
            let n = digits.len().min(4);
            let hi = acc(&digits[..n]);
            let lo = acc(&digits[n..digits.len().min(n + 16)]);
            (u128::from(hi) << 64) | u128::from(lo)
        }
        HexFloatKind::Quad | HexFloatKind::PpcDouble => {
            let (w0, rest) = if digits.len() >= 16 {
                (acc(&digits[..16]), &digits[16..])
            } else {
                (0, digits)
            };
            let w1 = acc(&rest[..rest.len().min(16)]);
            (u128::from(w1) << 64) | u128::from(w0)
        }
    }
}

/// Parse the text of a [`Tok::Int`] token (`-?[0-9]+`): returns whether it
/// is negative and the digits.
pub fn split_sign(text: &[u8]) -> (bool, &[u8]) {
    match text.strip_prefix(b"-") {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix(b"+").unwrap_or(text)),
    }
}

/// Convert decimal digits to a little-endian magnitude in 64-bit words
/// (no leading zero words, empty for zero).  Non-digits are ignored.
pub fn decimal_to_words(digits: &[u8]) -> Vec<u64> {
    let mut words: Vec<u64> = Vec::new();
    // Process 19 digits at a time (10^19 < 2^64).
    for chunk in digits.chunks(19) {
        let mut mul: u64 = 1;
        let mut add: u64 = 0;
        for &d in chunk {
            if d.is_ascii_digit() {
                mul *= 10;
                add = add * 10 + u64::from(d - b'0');
            }
        }
        let mut carry = u128::from(add);
        for w in words.iter_mut() {
            let v = u128::from(*w) * u128::from(mul) + carry;
            *w = v as u64;
            carry = v >> 64;
        }
        if carry != 0 {
            words.push(carry as u64);
        }
    }
    while words.last() == Some(&0) {
        words.pop();
    }
    words
}

/// Convert hex digits to a little-endian magnitude in 64-bit words (no
/// leading zero words, empty for zero).  Non-hex bytes are ignored.
pub fn hex_to_words(digits: &[u8]) -> Vec<u64> {
    let vals: Vec<u8> = digits.iter().filter_map(|&d| hex_val(d)).collect();
    let mut words = Vec::with_capacity(vals.len() / 16 + 1);
    for chunk in vals.rchunks(16) {
        words.push(chunk.iter().fold(0u64, |a, &v| (a << 4) | u64::from(v)));
    }
    while words.last() == Some(&0) {
        words.pop();
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The written-out equality of token kinds is the derived one: same
    /// variant, same payload (as their `Debug` forms tell).
    #[test]
    fn token_kind_equality() {
        let kinds = [
            Tok::Eof,
            Tok::Error(LexError::InvalidChar),
            Tok::Error(LexError::BadHex),
            Tok::Equal,
            Tok::Comma,
            Tok::RParen,
            Tok::AttrGrpId(1),
            Tok::AttrGrpId(2),
            Tok::SummaryId(1),
            Tok::HashKeyword,
            Tok::LocalVar,
            Tok::LocalId(1),
            Tok::LocalId(2),
            Tok::GlobalVar,
            Tok::GlobalId(1),
            Tok::ComdatVar,
            Tok::MetadataVar,
            Tok::MetadataId(1),
            Tok::MetadataId(7),
            Tok::MetadataString,
            Tok::LabelStr,
            Tok::LabelId(1),
            Tok::Keyword,
            Tok::IntType(1),
            Tok::IntType(32),
            Tok::Int,
            Tok::Float,
            Tok::HexFloat(HexFloatKind::Double),
            Tok::HexFloat(HexFloatKind::Half),
            Tok::HexInt { signed: false },
            Tok::HexInt { signed: true },
            Tok::Str,
        ];
        for a in kinds {
            for b in kinds {
                assert_eq!(a == b, format!("{a:?}") == format!("{b:?}"), "{a:?} {b:?}");
            }
        }
    }

    fn kinds(src: &str) -> Vec<Tok> {
        Lexer::new(src.as_bytes()).map(|t| t.kind).collect()
    }

    fn toks(src: &str) -> Vec<(Tok, String)> {
        let b = src.as_bytes();
        Lexer::new(b)
            .map(|t| (t.kind, String::from_utf8_lossy(t.text(b)).into_owned()))
            .collect()
    }

    fn names(src: &str) -> Vec<Vec<u8>> {
        let b = src.as_bytes();
        Lexer::new(b).map(|t| t.name(b).into_owned()).collect()
    }

    #[test]
    fn punctuation() {
        assert_eq!(
            kinds("= , * [ ] { } ( ) < > ! | : ..."),
            vec![
                Tok::Equal,
                Tok::Comma,
                Tok::Star,
                Tok::LSquare,
                Tok::RSquare,
                Tok::LBrace,
                Tok::RBrace,
                Tok::LParen,
                Tok::RParen,
                Tok::Less,
                Tok::Greater,
                Tok::Exclaim,
                Tok::Bar,
                Tok::Colon,
                Tok::DotDotDot
            ]
        );
        assert_eq!(
            kinds("#0 #12 ^3"),
            vec![Tok::AttrGrpId(0), Tok::AttrGrpId(12), Tok::SummaryId(3)]
        );
        assert_eq!(kinds("!{}"), vec![Tok::Exclaim, Tok::LBrace, Tok::RBrace]);
    }

    #[test]
    fn variables() {
        let t = toks(r#"%x %foo.bar-baz$_1 %"a b" %12 @g @"q\22x" @7 $c $"d e" %.a %-x %$"#);
        let k: Vec<Tok> = t.iter().map(|x| x.0).collect();
        assert_eq!(
            k,
            vec![
                Tok::LocalVar,
                Tok::LocalVar,
                Tok::LocalVar,
                Tok::LocalId(12),
                Tok::GlobalVar,
                Tok::GlobalVar,
                Tok::GlobalId(7),
                Tok::ComdatVar,
                Tok::ComdatVar,
                Tok::LocalVar,
                Tok::LocalVar,
                Tok::LocalVar,
            ]
        );
        let n = names(r#"%x %foo.bar %"a b" @"q\22x\\y" $"d e" $c"#);
        assert_eq!(n[0], b"x");
        assert_eq!(n[1], b"foo.bar");
        assert_eq!(n[2], b"a b");
        assert_eq!(n[3], b"q\"x\\y");
        assert_eq!(n[4], b"d e");
        assert_eq!(n[5], b"c");
    }

    #[test]
    fn metadata_tokens() {
        let src = r#"!llvm.loop !dbg !foo.bar-baz !0 !123 !"str\0A" !DILocation !\41b ! !{"#;
        let k = kinds(src);
        assert_eq!(
            k,
            vec![
                Tok::MetadataVar,
                Tok::MetadataVar,
                Tok::MetadataVar,
                Tok::MetadataId(0),
                Tok::MetadataId(123),
                Tok::MetadataString,
                Tok::MetadataVar,
                Tok::MetadataVar,
                Tok::Exclaim,
                Tok::Exclaim,
                Tok::LBrace
            ]
        );
        let n = names(src);
        assert_eq!(n[0], b"llvm.loop");
        assert_eq!(n[2], b"foo.bar-baz");
        assert_eq!(n[5], b"str\n");
        assert_eq!(n[6], b"DILocation");
        assert_eq!(n[7], b"Ab");
    }

    #[test]
    fn debug_records() {
        let src = "#dbg_value(ptr %0, !39, !DIExpression(), !44)";
        let t = toks(src);
        assert_eq!(t[0], (Tok::HashKeyword, "#dbg_value".into()));
        assert_eq!(names(src)[0], b"dbg_value");
        assert_eq!(t[1].0, Tok::LParen);
        assert_eq!(t[2], (Tok::Keyword, "ptr".into()));
        assert_eq!(t[3].0, Tok::LocalId(0));
        assert_eq!(t[5].0, Tok::MetadataId(39));
        assert_eq!(t[7].0, Tok::MetadataVar);
    }

    #[test]
    fn labels() {
        let src = "entry: 12: \"q l\": -foo: $bar: .baz: a.b-c$d: 1abc: -1:";
        let t = toks(src);
        let k: Vec<Tok> = t.iter().map(|x| x.0).collect();
        assert_eq!(
            k,
            vec![
                Tok::LabelStr,
                Tok::LabelId(12),
                Tok::LabelStr,
                Tok::LabelStr,
                Tok::LabelStr,
                Tok::LabelStr,
                Tok::LabelStr,
                Tok::LabelStr,
                Tok::LabelStr
            ]
        );
        let n = names(src);
        assert_eq!(n[0], b"entry");
        assert_eq!(n[1], b"12");
        assert_eq!(n[2], b"q l");
        assert_eq!(n[3], b"-foo");
        assert_eq!(n[4], b"$bar");
        assert_eq!(n[5], b".baz");
        assert_eq!(n[6], b"a.b-c$d");
        // Specialized metadata field names lex as labels too.
        assert_eq!(kinds("line: 3")[0], Tok::LabelStr);
        assert_eq!(kinds("argmem: read")[0], Tok::LabelStr);
    }

    #[test]
    fn keywords_and_types() {
        let t = toks("define i32 i1 i8388608 DW_TAG_member DW_OP_LLVM_fragment DIFlagPrototyped CSK_MD5 x86_fp80 c\"ab\" cc10 ccc i32* nuw");
        assert_eq!(t[0], (Tok::Keyword, "define".into()));
        assert_eq!(t[1].0, Tok::IntType(32));
        assert_eq!(t[2].0, Tok::IntType(1));
        assert_eq!(t[3].0, Tok::IntType(8_388_608));
        assert_eq!(t[4], (Tok::Keyword, "DW_TAG_member".into()));
        assert_eq!(t[5], (Tok::Keyword, "DW_OP_LLVM_fragment".into()));
        assert_eq!(t[6], (Tok::Keyword, "DIFlagPrototyped".into()));
        assert_eq!(t[7], (Tok::Keyword, "CSK_MD5".into()));
        assert_eq!(t[8], (Tok::Keyword, "x86_fp80".into()));
        assert_eq!(t[9], (Tok::Keyword, "c".into()));
        assert_eq!(t[10], (Tok::Str, "\"ab\"".into()));
        assert_eq!(t[11], (Tok::Keyword, "cc".into()));
        assert_eq!(t[12], (Tok::Int, "10".into()));
        assert_eq!(t[13], (Tok::Keyword, "ccc".into()));
        assert_eq!(t[14].0, Tok::IntType(32));
        assert_eq!(t[15].0, Tok::Star);
        assert_eq!(t[16], (Tok::Keyword, "nuw".into()));
        assert_eq!(kinds("i0")[0], Tok::Error(LexError::IntWidthOutOfRange));
        assert_eq!(
            kinds("i8388609")[0],
            Tok::Error(LexError::IntWidthOutOfRange)
        );
        assert_eq!(
            kinds("i99999999999999999999999")[0],
            Tok::Error(LexError::IntWidthOutOfRange)
        );
        // A keyword stops at the first character that is not [A-Za-z0-9_].
        assert_eq!(toks("foo.bar")[0], (Tok::Keyword, "foo".into()));
    }

    #[test]
    fn numbers() {
        let t = toks("0 42 -7 1.5 -1.0e+10 1e5 +2.5 2.0E-3 3. 12345678901234567890123");
        let k: Vec<Tok> = t.iter().map(|x| x.0).collect();
        assert_eq!(
            k,
            vec![
                Tok::Int,
                Tok::Int,
                Tok::Int,
                Tok::Float,
                Tok::Float,
                Tok::Float,
                Tok::Float,
                Tok::Float,
                Tok::Float,
                Tok::Int
            ]
        );
        assert_eq!(t[4].1, "-1.0e+10");
        assert_eq!(t[7].1, "2.0E-3");
        assert_eq!(kinds("+"), vec![Tok::Error(LexError::BadNumber)]);
        assert_eq!(kinds("- 1")[0], Tok::Error(LexError::BadNumber));
    }

    #[test]
    fn hex_floats() {
        let src = "0x3FF0000000000000 0xK3FFF8000000000000000 0xL00000000000000003FFF000000000000 \
                   0xM3FF00000000000000000000000000000 0xH3C00 0xR3F80";
        let b = src.as_bytes();
        let t: Vec<Token> = Lexer::new(b).collect();
        assert_eq!(t[0].kind, Tok::HexFloat(HexFloatKind::Double));
        assert_eq!(hex_float_bits(&t[0], b), 0x3FF0_0000_0000_0000);
        assert_eq!(t[1].kind, Tok::HexFloat(HexFloatKind::X87));
        assert_eq!(hex_float_bits(&t[1], b), 0x3FFF_8000_0000_0000_0000);
        assert_eq!(t[2].kind, Tok::HexFloat(HexFloatKind::Quad));
        assert_eq!(hex_float_bits(&t[2], b), 0x3FFF_0000_0000_0000_u128 << 64);
        assert_eq!(t[3].kind, Tok::HexFloat(HexFloatKind::PpcDouble));
        assert_eq!(hex_float_bits(&t[3], b), 0x3FF0_0000_0000_0000);
        assert_eq!(t[4].kind, Tok::HexFloat(HexFloatKind::Half));
        assert_eq!(hex_float_bits(&t[4], b), 0x3C00);
        assert_eq!(t[5].kind, Tok::HexFloat(HexFloatKind::BFloat));
        assert_eq!(hex_float_bits(&t[5], b), 0x3F80);
        assert_eq!(
            kinds("0x1234567890ABCDEF1")[0],
            Tok::Error(LexError::HexTooBig64)
        );
        assert_eq!(kinds("0xH12345")[0], Tok::Error(LexError::HexTooBig16));
        assert_eq!(kinds("0xZ")[0], Tok::Error(LexError::BadHex));
        assert_eq!(
            kinds("0x0000000000000000001")[0],
            Tok::HexFloat(HexFloatKind::Double)
        );
    }

    #[test]
    fn hex_ints() {
        let t = toks("u0xFF s0x8000000000000000000000 u0xfg");
        assert_eq!(t[0], (Tok::HexInt { signed: false }, "u0xFF".into()));
        assert_eq!(t[1].0, Tok::HexInt { signed: true });
        assert_eq!(t[2].0, Tok::Error(LexError::BadHex));
        assert_eq!(hex_to_words(b"8000000000000000000000"), vec![0, 0x800000]);
        assert_eq!(hex_to_words(b"000"), Vec::<u64>::new());
    }

    #[test]
    fn strings_and_comments() {
        let src = "\"a\\5Cb\\\\c\\q\" ; comment here\n\"x\" ; eof comment";
        let b = src.as_bytes();
        let t: Vec<Token> = Lexer::new(b).collect();
        assert_eq!(t.len(), 2);
        assert_eq!(t[0].kind, Tok::Str);
        assert_eq!(&*t[0].name(b), b"a\\b\\c\\q");
        assert_eq!(&*t[1].name(b), b"x");
        assert_eq!(kinds("\"abc"), vec![Tok::Error(LexError::EofInString)]);
        assert_eq!(kinds("%\"abc"), vec![Tok::Error(LexError::EofInVarName)]);
        assert_eq!(kinds("$\"abc"), vec![Tok::Error(LexError::EofInComdatName)]);
        assert_eq!(kinds("%\"a\\00b\""), vec![Tok::Error(LexError::NulInName)]);
        assert_eq!(kinds("\"a\\00b\""), vec![Tok::Str]);
        assert_eq!(kinds("\"a\\00b\":"), vec![Tok::Error(LexError::NulInName)]);
        // Strings may span lines.
        assert_eq!(kinds("\"a\nb\""), vec![Tok::Str]);
    }

    #[test]
    fn ids_overflow() {
        assert_eq!(kinds("%4294967295")[0], Tok::LocalId(u32::MAX));
        assert_eq!(kinds("%4294967296")[0], Tok::Error(LexError::IdTooLarge));
        assert_eq!(
            kinds("!99999999999999999999999")[0],
            Tok::Error(LexError::IdTooLarge)
        );
        assert_eq!(kinds("%")[0], Tok::Error(LexError::ExpectedNameOrId));
        assert_eq!(kinds("^x")[0], Tok::Error(LexError::ExpectedNameOrId));
    }

    #[test]
    fn decimal_words() {
        assert_eq!(decimal_to_words(b"0"), Vec::<u64>::new());
        assert_eq!(decimal_to_words(b"18446744073709551615"), vec![u64::MAX]);
        assert_eq!(decimal_to_words(b"18446744073709551616"), vec![0, 1]);
        assert_eq!(
            decimal_to_words(b"340282366920938463463374607431768211455"),
            vec![u64::MAX, u64::MAX]
        );
    }

    #[test]
    fn line_index() {
        let src = b"ab\ncd\n\nx";
        let li = LineIndex::new(src);
        assert_eq!(li.line_col(0), (1, 1));
        assert_eq!(li.line_col(2), (1, 3));
        assert_eq!(li.line_col(3), (2, 1));
        assert_eq!(li.line_col(6), (3, 1));
        assert_eq!(li.line_col(7), (4, 1));
        assert_eq!(li.line_col(100), (4, 2));
    }

    #[test]
    fn spans_and_eof() {
        let src = b"  add  ";
        let mut lx = Lexer::new(src);
        let t = lx.next_token();
        assert_eq!((t.kind, t.start, t.end), (Tok::Keyword, 2, 5));
        assert_eq!(lx.next_token().kind, Tok::Eof);
        assert_eq!(lx.next_token().kind, Tok::Eof);
    }

    #[test]
    fn md_field_tokens_as_next_token() {
        // At every offset of inputs with near misses of each shape, the
        // shortcut agrees with `next_token` whenever it answers.
        let inputs: &[&[u8]] = &[
            b"!DILocation(line: 10, column: 3, scope: !12, inlinedAt: !4294967296)",
            b"!DIFoo(a_b1: 1e5, c: 0x10, d: 12abc, e:1., f: -1, g: i32:, h: cc1:, x: 00,)",
            b"(  a: 1 ,\tb:\n2) !0 !00 ! !a !4294967295 !99999999999999999999 u0x1: s0x: _: _1:",
            b"a:b: 1: 1:a ab$: ab.c: ab-c: \"q\": %x: $c: 7, 7) 7; ;c\n: ,,)) , ) !\xff a\0:",
        ];
        let mut answered = 0;
        for src in inputs {
            for i in 0..=src.len() {
                let mut fast = Lexer::new(src);
                fast.set_pos(i);
                let mut slow = fast;
                let Some(t) = fast.next_md_field_token() else {
                    continue;
                };
                answered += 1;
                assert_eq!(
                    t,
                    slow.next_token(),
                    "at {i} of {:?}",
                    String::from_utf8_lossy(src)
                );
                assert_eq!(fast.pos(), slow.pos());
            }
        }
        assert!(answered > 60, "{answered}");
    }

    #[test]
    fn never_panics_on_garbage() {
        // A deterministic pseudo-random byte soup plus every prefix of a
        // tricky string.
        let mut rng = loopwright_testkit::Rng::new(0x1234_5678_9abc_def0);
        let alphabet = b"%@$!#^\"\\:;.-+0123456789xKLMHRusci_abz \n\t\0\xff{}()<>=,*|";
        for round in 0..2000 {
            let len = round % 40;
            let mut buf = Vec::with_capacity(len);
            for _ in 0..len {
                let r = (rng.next_u64() >> 33) as usize;
                buf.push(if (r & 7) == 0 {
                    (r >> 8) as u8
                } else {
                    alphabet[r % alphabet.len()]
                });
            }
            let mut lx = Lexer::new(&buf);
            let mut n = 0;
            loop {
                let t = lx.next_token();
                assert!(t.start <= t.end && t.end <= buf.len());
                let _ = t.name(&buf);
                if let Tok::HexFloat(_) = t.kind {
                    let _ = hex_float_bits(&t, &buf);
                }
                if t.kind == Tok::Eof {
                    break;
                }
                n += 1;
                assert!(n <= buf.len(), "lexer made no progress");
            }
        }
        let tricky = b"%\"a\\0 !\"x 0xK12 u0x s0x1 -a: 1: $\"q\" #dbg !\\ .. ... +1 0x";
        for i in 0..=tricky.len() {
            let _: Vec<Token> = Lexer::new(&tricky[..i]).collect();
        }
    }
}
