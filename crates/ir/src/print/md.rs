//! Metadata: operand order of specialized nodes, inline kinds, and the text
//! of nodes, references and function-local metadata operands.

use super::text::{push_escaped, push_i128, push_md_ident, push_u64};
use super::Printer;
use crate::entities::{Const, MdNode};
use crate::function::Function;
use crate::inst::Operand;
use crate::metadata::{Md, MdBody, MdFieldValue};
use crate::module::Module;

/// A metadata operand that matters for numbering and type discovery.
#[derive(Copy, Clone, Debug)]
pub(super) enum Item {
    Node(MdNode),
    Const(Const),
}

/// The order of the node-valued fields of a specialized node in LLVM's
/// operand list (which is what `SlotTracker` and `TypeFinder` walk), as
/// checked against `llvm-dis-19`. Fields not listed follow in source order.
fn operand_order(kind: &str) -> &'static [&'static str] {
    match kind {
        "DISubprogram" => &[
            "file",
            "scope",
            "type",
            "unit",
            "declaration",
            "retainedNodes",
            "containingType",
            "templateParams",
            "thrownTypes",
            "annotations",
        ],
        "DICompileUnit" => &[
            "file",
            "enums",
            "retainedTypes",
            "globals",
            "imports",
            "macros",
        ],
        "DICompositeType" => &[
            "file",
            "scope",
            "baseType",
            "elements",
            "vtableHolder",
            "templateParams",
            "discriminator",
            "dataLocation",
            "associated",
            "allocated",
            "rank",
            "annotations",
        ],
        "DIDerivedType" => &["file", "scope", "baseType", "extraData", "annotations"],
        "DILocalVariable" => &["scope", "file", "type", "annotations"],
        "DIGlobalVariable" => &[
            "scope",
            "file",
            "type",
            "declaration",
            "templateParams",
            "annotations",
        ],
        "DIImportedEntity" => &["scope", "entity", "file", "elements"],
        "DILexicalBlock" | "DILexicalBlockFile" | "DIModule" => &["file", "scope"],
        "DILabel" => &["scope", "file"],
        "DISubrange" | "DIGenericSubrange" => &["count", "lowerBound", "upperBound", "stride"],
        "DIStringType" => &[
            "stringLength",
            "stringLengthExpression",
            "stringLocationExpression",
        ],
        "DISubroutineType" => &["types"],
        "DINamespace" => &["scope"],
        "DICommonBlock" => &["scope", "declaration", "file"],
        "DIMacroFile" => &["file", "nodes"],
        "DITemplateTypeParameter" => &["type"],
        "DITemplateValueParameter" => &["type", "value"],
        "DIGlobalVariableExpression" => &["var", "expr"],
        "DIObjCProperty" => &["file", "type"],
        "DILocation" => &["scope", "inlinedAt"],
        _ => &[],
    }
}

fn push_item(v: &MdFieldValue, out: &mut Vec<Item>) {
    match v {
        MdFieldValue::Md(Md::Node(n)) => out.push(Item::Node(*n)),
        MdFieldValue::Md(Md::Const(c)) => out.push(Item::Const(*c)),
        _ => {}
    }
}

/// Appends the node and constant operands of `n` in LLVM's operand order.
pub(super) fn node_items(m: &Module, n: MdNode, out: &mut Vec<Item>) {
    match &m.md.node(n).body {
        MdBody::Tuple(ops) => {
            for op in ops.iter().flatten() {
                match *op {
                    Md::Node(c) => out.push(Item::Node(c)),
                    Md::Const(c) => out.push(Item::Const(c)),
                    Md::Str(_) => {}
                }
            }
        }
        MdBody::Special { kind, fields } => {
            let order = operand_order(kind);
            for name in order {
                if let Some(f) = fields.iter().find(|f| &*f.name == *name) {
                    push_item(&f.value, out);
                }
            }
            for f in fields {
                if !order.contains(&&*f.name) {
                    push_item(&f.value, out);
                }
            }
        }
    }
}

/// `DIExpression` and `DIArgList` nodes are always printed inline and never
/// numbered.
pub(super) fn is_inline_kind(m: &Module, n: MdNode) -> bool {
    matches!(m.md.special_kind(n), Some("DIExpression" | "DIArgList"))
}

impl Printer<'_, '_> {
    /// A reference to module-level metadata: `!N`, `!"str"`, `i32 1`, or an
    /// inline `!DIExpression(...)`.
    pub(super) fn md_ref(&mut self, md: Md) {
        match md {
            Md::Node(n) => self.node_ref(n),
            Md::Str(s) => {
                self.out.push_str("!\"");
                push_escaped(self.out, self.m.md.str_bytes(s));
                self.out.push('"');
            }
            Md::Const(c) => self.typed_const(c),
        }
    }

    pub(super) fn node_ref(&mut self, n: MdNode) {
        if !is_inline_kind(self.m, n) {
            if let Some(s) = self.md_slots.get(n) {
                self.out.push('!');
                push_u64(self.out, u64::from(s));
                return;
            }
        }
        // Inline kinds, and (defensively) nodes the numbering missed.
        self.node_body(n);
    }

    /// `[distinct ]!{...}` or `[distinct ]!Kind(...)`.
    pub(super) fn node_body(&mut self, n: MdNode) {
        let m = self.m;
        let data = m.md.node(n);
        if data.distinct {
            self.out.push_str("distinct ");
        }
        match &data.body {
            MdBody::Tuple(ops) => {
                self.out.push_str("!{");
                for (i, op) in ops.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    match op {
                        None => self.out.push_str("null"),
                        Some(md) => self.md_ref(*md),
                    }
                }
                self.out.push('}');
            }
            MdBody::Special { kind, fields } => {
                self.out.push('!');
                self.out.push_str(kind);
                self.out.push('(');
                for (i, f) in fields.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    if !f.name.is_empty() {
                        self.out.push_str(&f.name);
                        self.out.push_str(": ");
                    }
                    self.md_field_value(&f.value);
                }
                self.out.push(')');
            }
        }
    }

    fn md_field_value(&mut self, v: &MdFieldValue) {
        match v {
            MdFieldValue::Null => self.out.push_str("null"),
            MdFieldValue::Int(i) => push_i128(self.out, *i),
            MdFieldValue::Bool(b) => self.out.push_str(if *b { "true" } else { "false" }),
            MdFieldValue::Str(s) => {
                self.out.push('"');
                push_escaped(self.out, s);
                self.out.push('"');
            }
            MdFieldValue::Md(md) => self.md_ref(*md),
            MdFieldValue::Ident(s) => self.out.push_str(s),
            MdFieldValue::Flags(fs) => {
                if fs.is_empty() {
                    self.out.push('0');
                }
                for (i, f) in fs.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(" | ");
                    }
                    self.out.push_str(f);
                }
            }
        }
    }

    /// A metadata operand as the argument of a `#dbg_*` record (and, after
    /// the `metadata` type, of a call): `i32 %x`, `ptr poison`, `!5`,
    /// `!DIExpression()`, `!DIArgList(i32 %a, i32 1)`.
    pub(super) fn md_operand(&mut self, f: &Function, op: Operand) {
        match op {
            Operand::Md(md) => self.md_ref(md),
            Operand::MdLocal(v) | Operand::Value(v) => {
                self.ty(f.value_type(v));
                self.out.push(' ');
                self.value_ref(v);
            }
            Operand::MdArgList(al) => {
                self.out.push_str("!DIArgList(");
                for (i, &o) in f.arg_list(al).iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.md_operand(f, o);
                }
                self.out.push(')');
            }
            Operand::Const(c) => self.typed_const(c),
            Operand::Block(b) => {
                self.out.push_str("label ");
                self.block_ref(b);
            }
        }
    }

    /// `, !dbg !5, !llvm.loop !7` (with `sep` before each).
    pub(super) fn attachments(&mut self, md: &crate::Attachments, sep: &str) {
        for (k, n) in md.iter() {
            self.out.push_str(sep);
            self.out.push('!');
            push_md_ident(self.out, self.m.md.kind_name(k));
            self.out.push(' ');
            self.node_ref(n);
        }
    }

    /// `!name = !{!0, !1}` lines.
    pub(super) fn named_md(&mut self) {
        let m = self.m;
        for nm in &m.named_md {
            self.out.push('!');
            push_md_ident(self.out, &nm.name);
            self.out.push_str(" = !{");
            for (i, &n) in nm.ops.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.node_ref(n);
            }
            self.out.push_str("}\n");
        }
    }
}
