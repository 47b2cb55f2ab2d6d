//! Metadata: `!N = ...` definitions, named metadata, inline nodes,
//! specialized `!DI*` nodes, attachments and metadata operands.

use crate::lexer::Tok;
use crate::parser::{PResult, Parser};
use loopwright_ir::{
    Md, MdBody, MdField, MdFieldValue, MdKind, MdNode, MdNodeData, NamedMd, Operand, TypeTable,
};

/// The specialized node kinds LLVM 19 knows.
const SPECIALIZED: &[&str] = &[
    "DILocation",
    "DIExpression",
    "DIGlobalVariableExpression",
    "GenericDINode",
    "DISubrange",
    "DIGenericSubrange",
    "DIEnumerator",
    "DIBasicType",
    "DIStringType",
    "DIDerivedType",
    "DICompositeType",
    "DISubroutineType",
    "DIFile",
    "DICompileUnit",
    "DISubprogram",
    "DILexicalBlock",
    "DILexicalBlockFile",
    "DICommonBlock",
    "DINamespace",
    "DIModule",
    "DITemplateTypeParameter",
    "DITemplateValueParameter",
    "DIGlobalVariable",
    "DILocalVariable",
    "DILabel",
    "DIObjCProperty",
    "DIImportedEntity",
    "DIAssignID",
    "DIMacro",
    "DIMacroFile",
    "DIArgList",
];

/// How a specialized node's field is checked (LLVM's `MDUnsignedField`
/// limits and `REQUIRED` fields).
#[derive(Copy, Clone)]
enum FieldRule {
    /// Any value.
    Any,
    /// Any value; the field must be present.
    Required,
    /// An unsigned integer up to the limit.
    Unsigned(u64),
    /// A required unsigned integer up to the limit.
    RequiredUnsigned(u64),
}

const U16: u64 = u16::MAX as u64;
const U32: u64 = u32::MAX as u64;

/// The complete field lists of the kinds checked strictly: an unknown
/// field is an error, as in LLVM. Other kinds are only checked by
/// [`COMMON_FIELD_RULES`].
const KIND_FIELDS: &[(&str, &[(&str, FieldRule)])] = &[
    (
        "DILocation",
        &[
            ("line", FieldRule::Unsigned(U32)),
            ("column", FieldRule::Unsigned(U16)),
            ("scope", FieldRule::Required),
            ("inlinedAt", FieldRule::Any),
            ("isImplicitCode", FieldRule::Any),
        ],
    ),
    (
        "DIFile",
        &[
            ("filename", FieldRule::Required),
            ("directory", FieldRule::Required),
            ("checksumkind", FieldRule::Any),
            ("checksum", FieldRule::Any),
            ("source", FieldRule::Any),
        ],
    ),
    (
        "DILexicalBlock",
        &[
            ("scope", FieldRule::Required),
            ("file", FieldRule::Any),
            ("line", FieldRule::Unsigned(U32)),
            ("column", FieldRule::Unsigned(U16)),
        ],
    ),
    (
        "DILexicalBlockFile",
        &[
            ("scope", FieldRule::Required),
            ("file", FieldRule::Any),
            ("discriminator", FieldRule::RequiredUnsigned(U32)),
        ],
    ),
    (
        "DIEnumerator",
        &[
            ("name", FieldRule::Required),
            ("value", FieldRule::Required),
            ("isUnsigned", FieldRule::Any),
        ],
    ),
];

/// Fields with the same rule in every kind that has them.
const COMMON_FIELD_RULES: &[(&str, FieldRule)] = &[
    ("line", FieldRule::Unsigned(U32)),
    ("align", FieldRule::Unsigned(U32)),
];

impl Parser<'_> {
    /// Checks the fields of a `!kind(...)` node against LLVM's rules:
    /// `at[i]` is the offset of field `i`'s name and value, `close` the
    /// offset of the closing parenthesis (where LLVM reports a missing
    /// field).
    fn check_di_fields(
        &self,
        kind: &str,
        fields: &[MdField],
        at: &[(usize, usize)],
        close: usize,
    ) -> PResult<()> {
        let schema = KIND_FIELDS.iter().find(|k| k.0 == kind).map(|k| k.1);
        for (f, &(name_at, value_at)) in fields.iter().zip(at) {
            let rule = match schema {
                Some(schema) => match schema.iter().find(|r| *r.0 == *f.name) {
                    Some(r) => r.1,
                    None => return self.err_at(name_at, format!("invalid field '{}'", f.name)),
                },
                None => COMMON_FIELD_RULES
                    .iter()
                    .find(|r| *r.0 == *f.name)
                    .map_or(FieldRule::Any, |r| r.1),
            };
            if let FieldRule::Unsigned(limit) | FieldRule::RequiredUnsigned(limit) = rule {
                match f.value {
                    MdFieldValue::Int(v) if v >= 0 => {
                        if v > i128::from(limit) {
                            return self.err_at(
                                value_at,
                                format!("value for '{}' too large, limit is {limit}", f.name),
                            );
                        }
                    }
                    _ => return self.err_at(value_at, "expected unsigned integer"),
                }
            }
        }
        for &(name, rule) in schema.unwrap_or_default() {
            if matches!(rule, FieldRule::Required | FieldRule::RequiredUnsigned(_))
                && !fields.iter().any(|f| *f.name == *name)
            {
                return self.err_at(close, format!("missing required field '{name}'"));
            }
        }
        Ok(())
    }

    /// The node for `!N`, creating a placeholder for a forward reference.
    fn md_node_for_id(&mut self, n: u32, at: usize) -> MdNode {
        if let Some(&node) = self.md_ids.get(&n) {
            return node;
        }
        let node = self.m.md.push(MdNodeData {
            distinct: false,
            body: MdBody::Tuple(Vec::new()),
        });
        self.md_ids.insert(n, node);
        self.md_fwd.insert(n, at);
        node
    }

    /// `!N = [distinct] !{...}` or `!N = [distinct] !DIxxx(...)`.
    pub(crate) fn parse_md_def(&mut self) -> PResult<()> {
        let Tok::MetadataId(n) = self.tok.kind else {
            return self.err("expected metadata id");
        };
        let at = self.tok.start;
        self.bump();
        self.expect(Tok::Equal, "=")?;
        let distinct = self.eat_kw("distinct");
        let body = match self.tok.kind {
            Tok::Exclaim if self.peek().kind == Tok::LBrace => {
                self.bump();
                self.bump();
                MdBody::Tuple(self.parse_md_tuple_body()?)
            }
            Tok::MetadataVar => self.parse_specialized_body()?,
            _ => return self.err("expected metadata node"),
        };
        let node = match self.md_ids.get(&n) {
            Some(&node) => {
                if self.md_fwd.remove(&n).is_none() {
                    return self.err_at(at, "Metadata id is already used");
                }
                node
            }
            None => {
                let node = self.m.md.push(MdNodeData {
                    distinct,
                    body: MdBody::Tuple(Vec::new()),
                });
                self.md_ids.insert(n, node);
                node
            }
        };
        *self.m.md.node_mut(node) = MdNodeData { distinct, body };
        if let Some(map) = self.srcmap.as_mut() {
            map.note_md(node, at);
        }
        Ok(())
    }

    /// `!name = !{!0, !1, ...}`.
    pub(crate) fn parse_named_md(&mut self) -> PResult<()> {
        let at = self.tok.start;
        let name_b = self.tok.name(self.src).into_owned();
        let name = self.utf8(&name_b, at)?;
        self.bump();
        self.expect(Tok::Equal, "=")?;
        if !(self.tok.kind == Tok::Exclaim && self.peek().kind == Tok::LBrace) {
            return self.err("Expected '!' here");
        }
        self.bump();
        self.bump();
        let mut ops = Vec::new();
        if !self.eat(Tok::RBrace) {
            loop {
                let n = match self.tok.kind {
                    Tok::MetadataId(_) | Tok::MetadataVar => self.parse_md_node_ref()?,
                    _ => return self.err("Expected '!' here"),
                };
                ops.push(n);
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RBrace, "}")?;
        }
        if let Some(existing) = self.m.named_md.iter_mut().find(|n| n.name == name) {
            existing.ops.extend(ops);
        } else {
            self.m.named_md.push(NamedMd { name, ops });
        }
        Ok(())
    }

    /// `!kind !N` (at the kind token).
    pub(crate) fn parse_md_attachment(&mut self) -> PResult<(MdKind, MdNode)> {
        if self.tok.kind != Tok::MetadataVar {
            return self.err("expected metadata after comma");
        }
        let at = self.tok.start;
        let name_b = self.tok.name(self.src);
        let k = match std::str::from_utf8(&name_b) {
            Ok(name) => self.m.md.kind(name),
            Err(_) => return self.err_at(at, "name or string is not valid UTF-8 (not supported)"),
        };
        self.bump();
        let n = self.parse_md_node_ref()?;
        Ok((k, n))
    }

    /// A node: `!N`, `!{...}` or `!DIxxx(...)` (inline nodes are uniqued).
    pub(crate) fn parse_md_node_ref(&mut self) -> PResult<MdNode> {
        match self.tok.kind {
            Tok::MetadataId(n) => {
                // LLVM lexes `!` and the number separately and reports an
                // undefined node at the number.
                let at = self.tok.start + 1;
                self.bump();
                Ok(self.md_node_for_id(n, at))
            }
            Tok::Exclaim if self.peek().kind == Tok::LBrace => {
                self.bump();
                self.bump();
                let ops = self.parse_md_tuple_body()?;
                Ok(self.m.md.tuple(ops))
            }
            Tok::MetadataVar => {
                if self.tok.name(self.src).as_ref() == b"DIArgList" {
                    return self.err("!DIArgList cannot appear outside of a function");
                }
                let body = self.parse_specialized_body()?;
                Ok(self.m.md.uniqued(MdNodeData {
                    distinct: false,
                    body,
                }))
            }
            _ => self.err("expected metadata node"),
        }
    }

    /// Tuple operands after `!{`, through the closing `}`.
    fn parse_md_tuple_body(&mut self) -> PResult<Vec<Option<Md>>> {
        self.enter()?;
        let r = self.parse_md_tuple_body_inner();
        self.leave();
        r
    }

    fn parse_md_tuple_body_inner(&mut self) -> PResult<Vec<Option<Md>>> {
        let mut ops = Vec::new();
        if self.eat(Tok::RBrace) {
            return Ok(ops);
        }
        loop {
            if self.eat_kw("null") {
                ops.push(None);
            } else {
                ops.push(Some(self.parse_md_operand()?));
            }
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        if !self.eat(Tok::RBrace) {
            return self.err("expected end of metadata node");
        }
        Ok(ops)
    }

    /// A metadata operand inside a node: a node, a string, or a constant.
    fn parse_md_operand(&mut self) -> PResult<Md> {
        match self.tok.kind {
            Tok::MetadataString => {
                let s = self.tok.name(self.src).into_owned();
                self.bump();
                Ok(Md::Str(self.m.md.string(&s)))
            }
            Tok::MetadataId(_) | Tok::Exclaim | Tok::MetadataVar => {
                Ok(Md::Node(self.parse_md_node_ref()?))
            }
            _ => {
                let ty = self.parse_type(false)?;
                if ty == TypeTable::METADATA || ty == TypeTable::LABEL {
                    return self.err("invalid metadata operand type");
                }
                if matches!(self.tok.kind, Tok::LocalVar | Tok::LocalId(_)) {
                    return self.err("function-local values are not allowed in metadata nodes");
                }
                let c = self.parse_const(ty)?;
                Ok(Md::Const(c))
            }
        }
    }

    /// `!DIxxx(field: value, ...)` (at the `!DIxxx` token).
    fn parse_specialized_body(&mut self) -> PResult<MdBody> {
        self.enter()?;
        let r = self.parse_specialized_body_inner();
        self.leave();
        r
    }

    fn parse_specialized_body_inner(&mut self) -> PResult<MdBody> {
        let kind_b = self.tok.name(self.src).into_owned();
        let kind = String::from_utf8_lossy(&kind_b).into_owned();
        if !SPECIALIZED.contains(&kind.as_str()) {
            return self.err("expected metadata type");
        }
        self.bump();
        self.expect(Tok::LParen, "(")?;
        let mut fields = Vec::new();
        let mut field_at = Vec::new();
        let positional = kind == "DIExpression" || kind == "DIArgList";
        let mut close = self.tok.start;
        if !self.eat(Tok::RParen) {
            loop {
                if positional {
                    let value = match self.tok.kind {
                        Tok::Keyword => {
                            let k = self.kw().unwrap_or("");
                            let v = MdFieldValue::Ident(k.into());
                            self.bump();
                            v
                        }
                        Tok::Int => MdFieldValue::Int(self.parse_md_int()?),
                        _ => return self.err("expected unsigned integer"),
                    };
                    fields.push(MdField {
                        name: "".into(),
                        value,
                    });
                } else {
                    let name_at = self.tok.start;
                    let name = match self.tok.kind {
                        Tok::LabelStr => {
                            let n = self.tok.name(self.src).into_owned();
                            self.bump();
                            n
                        }
                        Tok::Keyword if self.peek().kind == Tok::Colon => {
                            let n = self.text().to_vec();
                            self.bump();
                            self.bump();
                            n
                        }
                        _ => return self.err("expected field label here"),
                    };
                    let name = String::from_utf8_lossy(&name).into_owned();
                    if fields.iter().any(|f: &MdField| *f.name == *name) {
                        return self.err_at(
                            name_at,
                            format!("field '{name}' cannot be specified more than once"),
                        );
                    }
                    field_at.push((name_at, self.tok.start));
                    let value = self.parse_md_field_value()?;
                    fields.push(MdField {
                        name: name.into(),
                        value,
                    });
                }
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            close = self.tok.start;
            self.expect(Tok::RParen, ")")?;
        }
        if !positional {
            self.check_di_fields(&kind, &fields, &field_at, close)?;
        }
        Ok(MdBody::Special {
            kind: kind.into(),
            fields,
        })
    }

    fn parse_md_int(&mut self) -> PResult<i128> {
        let t = self.text();
        let (neg, digits) = crate::lexer::split_sign(t);
        let mut v: i128 = 0;
        for &d in digits {
            v = match v
                .checked_mul(10)
                .and_then(|v| v.checked_add(i128::from(d - b'0')))
            {
                Some(v) if v <= i128::from(u64::MAX) => v,
                _ => return self.err("value too large for metadata field"),
            };
        }
        if neg {
            v = -v;
            if v < i128::from(i64::MIN) {
                return self.err("value too large for metadata field");
            }
        }
        self.bump();
        Ok(v)
    }

    fn parse_md_field_value(&mut self) -> PResult<MdFieldValue> {
        match self.tok.kind {
            Tok::Int => Ok(MdFieldValue::Int(self.parse_md_int()?)),
            Tok::Str => {
                let s = self.tok.name(self.src).into_owned();
                self.bump();
                Ok(MdFieldValue::Str(s.into()))
            }
            Tok::MetadataString | Tok::MetadataId(_) | Tok::Exclaim | Tok::MetadataVar => {
                Ok(MdFieldValue::Md(self.parse_md_operand()?))
            }
            Tok::Keyword => {
                let k = self.kw().unwrap_or("");
                match k {
                    "null" => {
                        self.bump();
                        Ok(MdFieldValue::Null)
                    }
                    "true" | "false" => {
                        self.bump();
                        Ok(MdFieldValue::Bool(k == "true"))
                    }
                    _ if k.starts_with("DIFlag") || k.starts_with("DISPFlag") => {
                        let mut flags = Vec::new();
                        loop {
                            match self.tok.kind {
                                Tok::Keyword => {
                                    let f = self.kw().unwrap_or("");
                                    if !(f.starts_with("DIFlag") || f.starts_with("DISPFlag")) {
                                        return self.err("expected debug info flag");
                                    }
                                    flags.push(f.into());
                                    self.bump();
                                }
                                Tok::Int => {
                                    let v = self.parse_u64()?;
                                    flags.push(v.to_string().into());
                                }
                                _ => return self.err("expected debug info flag"),
                            }
                            if !self.eat(Tok::Bar) {
                                break;
                            }
                        }
                        Ok(MdFieldValue::Flags(flags))
                    }
                    _ if self.is_type_start() => {
                        let (_, c) = self.parse_typed_const()?;
                        Ok(MdFieldValue::Md(Md::Const(c)))
                    }
                    _ => {
                        let v = MdFieldValue::Ident(k.into());
                        self.bump();
                        Ok(v)
                    }
                }
            }
            Tok::LBrace
                if matches!(
                    self.peek().kind,
                    Tok::MetadataId(_)
                        | Tok::Exclaim
                        | Tok::MetadataVar
                        | Tok::MetadataString
                        | Tok::RBrace
                ) || (self.peek().kind == Tok::Keyword
                    && self.peek().text(self.src) == b"null") =>
            {
                // `operands: {!1, null}` of a GenericDINode: stored as a
                // tuple node.
                self.bump();
                let ops = self.parse_md_tuple_body()?;
                Ok(MdFieldValue::Md(Md::Node(self.m.md.tuple(ops))))
            }
            Tok::IntType(_) | Tok::LBrace | Tok::LSquare | Tok::Less => {
                let (_, c) = self.parse_typed_const()?;
                Ok(MdFieldValue::Md(Md::Const(c)))
            }
            _ => self.err("expected metadata field value"),
        }
    }

    /// Whether the current keyword starts a type.
    fn is_type_start(&self) -> bool {
        matches!(
            self.kw(),
            Some(
                "void"
                    | "half"
                    | "bfloat"
                    | "float"
                    | "double"
                    | "x86_fp80"
                    | "fp128"
                    | "ppc_fp128"
                    | "ptr"
                    | "token"
                    | "x86_amx"
                    | "target"
            )
        )
    }

    /// A `metadata` operand in a function: `!N`, `!{}`, `!"s"`,
    /// `!DIExpression(...)`, `!DIArgList(...)`, or `T v` (a local value
    /// becomes function-local metadata).
    pub(crate) fn parse_md_value_operand(&mut self) -> PResult<Operand> {
        match self.tok.kind {
            Tok::MetadataString => {
                let s = self.tok.name(self.src).into_owned();
                self.bump();
                Ok(Operand::Md(Md::Str(self.m.md.string(&s))))
            }
            Tok::MetadataVar if self.tok.name(self.src).as_ref() == b"DIArgList" => {
                if self.fs.is_none() {
                    return self.err("!DIArgList cannot appear outside of a function");
                }
                self.bump();
                self.expect(Tok::LParen, "(")?;
                let mut ops = Vec::new();
                if !self.eat(Tok::RParen) {
                    loop {
                        let ty = self.parse_type(false)?;
                        if ty == TypeTable::METADATA {
                            return self.err("invalid type for DIArgList operand");
                        }
                        ops.push(self.parse_operand(ty)?);
                        if !self.eat(Tok::Comma) {
                            break;
                        }
                    }
                    self.expect(Tok::RParen, ")")?;
                }
                let Some(fs) = self.fs.as_mut() else {
                    return self.err("!DIArgList cannot appear outside of a function");
                };
                Ok(Operand::MdArgList(fs.f.make_arg_list(ops)))
            }
            Tok::MetadataId(_) | Tok::Exclaim | Tok::MetadataVar => {
                Ok(Operand::Md(Md::Node(self.parse_md_node_ref()?)))
            }
            _ => {
                let ty = self.parse_type(false)?;
                if ty == TypeTable::METADATA || ty == TypeTable::LABEL {
                    return self.err("invalid metadata operand type");
                }
                match self.parse_operand(ty)? {
                    Operand::Value(v) => Ok(Operand::MdLocal(v)),
                    Operand::Const(c) => Ok(Operand::Md(Md::Const(c))),
                    _ => self.err("invalid metadata operand"),
                }
            }
        }
    }
}
