//! Human-readable views: a description tree for loop reports and a
//! structural printer of metadata.
//!
//! [`Description`] is a plain tree (key, value, children) that a JSON or
//! text printer can walk without serde. Attribute names lose their
//! `llvm.loop.` prefix; follow-ups are nested. [`render_md`] prints
//! metadata inline in `.ll` syntax without node numbers (nested nodes are
//! written out, cycles become `!<cycle>`), so two LoopIDs can be compared by
//! content.

use super::hints::{attr_name, md_int, Entry, LoopAttrs, RawAttr};
use super::names::{LOOP_PREFIX, PARALLEL_ACCESSES};
use cranelift_entity::EntityRef;
use loopwright_ir::{ConstData, Md, MdBody, MdNode, Module};

/// Deepest nesting written out by [`render_md`] and [`LoopAttrs::describe`].
const MAX_DEPTH: usize = 8;

/// The value of a [`Description`] node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DescValue {
    /// Present, without a value.
    Flag,
    Bool(bool),
    Int(i64),
    Text(String),
}

/// One node of a description tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Description {
    pub key: String,
    pub value: DescValue,
    pub children: Vec<Description>,
}

impl Description {
    fn leaf(key: impl Into<String>, value: DescValue) -> Self {
        Description {
            key: key.into(),
            value,
            children: Vec::new(),
        }
    }

    /// The first child with this key.
    pub fn child(&self, key: &str) -> Option<&Description> {
        self.children.iter().find(|c| c.key == key)
    }
}

fn short_name(name: &[u8]) -> String {
    let s = String::from_utf8_lossy(name);
    s.strip_prefix(LOOP_PREFIX).unwrap_or(&s).to_string()
}

fn location_text(m: &Module, n: MdNode) -> String {
    if n.index() >= m.md.num_nodes() {
        return "!<bad node>".into();
    }
    match m.md.location(n) {
        Some((line, col, _)) => format!("{line}:{col}"),
        None => render_md(m, Some(Md::Node(n))),
    }
}

/// Describes one operand of a follow-up (normally an attribute node).
fn describe_operand(m: &Module, op: Option<Md>, depth: usize) -> Description {
    match op {
        Some(Md::Node(n)) if n.index() < m.md.num_nodes() && depth < MAX_DEPTH => {
            if let Some(name) = attr_name(&m.md, n) {
                let args =
                    m.md.tuple_ops(n)
                        .map(|o| o[1..].to_vec())
                        .unwrap_or_default();
                describe_named(m, name, &args, depth)
            } else if m.md.special_kind(n) == Some("DILocation") {
                Description::leaf("location", DescValue::Text(location_text(m, n)))
            } else if super::hints::is_loop_id(&m.md, n) {
                // clang 19's follow-up format: a whole LoopID.
                let ops =
                    m.md.tuple_ops(n)
                        .map(|o| o[1..].to_vec())
                        .unwrap_or_default();
                Description {
                    key: "loop_id".into(),
                    value: DescValue::Flag,
                    children: ops
                        .into_iter()
                        .map(|o| describe_operand(m, o, depth + 1))
                        .collect(),
                }
            } else {
                Description::leaf("operand", DescValue::Text(render_md(m, op)))
            }
        }
        _ => Description::leaf("operand", DescValue::Text(render_md(m, op))),
    }
}

fn describe_named(m: &Module, name: &[u8], args: &[Option<Md>], depth: usize) -> Description {
    let key = short_name(name);
    if key.contains(".followup_") {
        return Description {
            key,
            value: DescValue::Flag,
            children: args
                .iter()
                .map(|&a| describe_operand(m, a, depth + 1))
                .collect(),
        };
    }
    if name == PARALLEL_ACCESSES.as_bytes() {
        return Description::leaf(key, DescValue::Int(args.len() as i64));
    }
    let value = match args {
        [] => DescValue::Flag,
        [one] => match md_int(&m.consts, *one) {
            Some(v) if v.bits() == 1 => DescValue::Bool(!v.is_zero()),
            Some(v) => match v.as_i64() {
                Some(i) => DescValue::Int(i),
                None => DescValue::Text(v.to_signed_string()),
            },
            None => DescValue::Text(render_md(m, *one)),
        },
        _ => DescValue::Text(
            args.iter()
                .map(|&a| render_md(m, a))
                .collect::<Vec<_>>()
                .join(", "),
        ),
    };
    Description::leaf(key, value)
}

impl LoopAttrs {
    /// A description of the attributes in their order in the LoopID
    /// (locations as `start`/`end`), plus `modes`: the transformation mode
    /// of each transformation.
    pub fn describe(&self, m: &Module) -> Description {
        let mut children = Vec::new();
        for e in &self.entries {
            children.push(match e {
                Entry::Attr(RawAttr { name, args, .. }) => describe_named(m, name, args, 0),
                Entry::Location(n) => {
                    let key = if Some(*n) == self.start_loc {
                        "start"
                    } else if Some(*n) == self.end_loc {
                        "end"
                    } else {
                        "location"
                    };
                    Description::leaf(key, DescValue::Text(location_text(m, *n)))
                }
                Entry::Other(op) => describe_operand(m, *op, 0),
            });
        }
        let modes = [
            ("unroll", self.has_unroll_transformation()),
            ("unroll_and_jam", self.has_unroll_and_jam_transformation()),
            ("vectorize", self.has_vectorize_transformation()),
            ("distribute", self.has_distribute_transformation()),
            ("licm_versioning", self.has_licm_versioning_transformation()),
        ];
        children.push(Description {
            key: "modes".into(),
            value: DescValue::Flag,
            children: modes
                .iter()
                .map(|(k, mode)| Description::leaf(*k, DescValue::Text(mode.name().into())))
                .collect(),
        });
        Description {
            key: "llvm.loop".into(),
            value: DescValue::Flag,
            children,
        }
    }
}

fn push_md_string(out: &mut String, bytes: &[u8]) {
    out.push_str("!\"");
    for &b in bytes {
        if b == b'\\' || b == b'"' || !(0x20..0x7f).contains(&b) {
            out.push_str(&format!("\\{b:02X}"));
        } else {
            out.push(b as char);
        }
    }
    out.push('"');
}

fn render_const(m: &Module, out: &mut String, c: loopwright_ir::Const) {
    if c.index() >= m.consts.len() {
        out.push_str("<bad constant>");
        return;
    }
    let ty = loopwright_ir::print::type_to_string(m, m.consts.ty(c));
    match m.consts.data(c) {
        ConstData::Int { val, .. } if val.bits() == 1 => {
            out.push_str(if val.is_zero() { "i1 false" } else { "i1 true" });
        }
        ConstData::Int { val, .. } => {
            out.push_str(&format!("{ty} {}", val.to_signed_string()));
        }
        ConstData::Global { global, .. } => {
            let name = m.global_name(*global).unwrap_or("<unnamed>");
            out.push_str(&format!("{ty} @{name}"));
        }
        ConstData::Null(_) => out.push_str(&format!("{ty} null")),
        _ => out.push_str(&format!("{ty} <constant>")),
    }
}

fn render_into(m: &Module, out: &mut String, op: Option<Md>, stack: &mut Vec<MdNode>) {
    match op {
        None => out.push_str("null"),
        Some(Md::Str(s)) if s.index() < m.md.num_strings() => {
            push_md_string(out, m.md.str_bytes(s));
        }
        Some(Md::Str(_)) => out.push_str("!<bad string>"),
        Some(Md::Const(c)) => render_const(m, out, c),
        Some(Md::Node(n)) => {
            if n.index() >= m.md.num_nodes() {
                out.push_str("!<bad node>");
                return;
            }
            if stack.contains(&n) {
                out.push_str("!<cycle>");
                return;
            }
            if stack.len() >= MAX_DEPTH {
                out.push_str("!{...}");
                return;
            }
            let data = m.md.node(n);
            if data.distinct {
                out.push_str("distinct ");
            }
            stack.push(n);
            match &data.body {
                MdBody::Tuple(ops) => {
                    out.push_str("!{");
                    for (i, &o) in ops.iter().enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        render_into(m, out, o, stack);
                    }
                    out.push('}');
                }
                MdBody::Special { kind, .. } if &**kind == "DILocation" => {
                    let (line, col, _) = m.md.location(n).unwrap_or_default();
                    out.push_str(&format!("!DILocation(line: {line}, column: {col})"));
                }
                MdBody::Special { kind, .. } => out.push_str(&format!("!{kind}(...)")),
            }
            stack.pop();
        }
    }
}

/// Metadata operand `op` in `.ll` syntax, nodes written inline (no
/// numbers), cycles as `!<cycle>`, nesting cut at a fixed depth.
pub fn render_md(m: &Module, op: Option<Md>) -> String {
    let mut out = String::new();
    render_into(m, &mut out, op, &mut Vec::new());
    out
}

/// The operands of LoopID `loop_id` after the self-reference, rendered
/// (empty for `None` or a node that is not a LoopID). The order is kept.
pub fn render_attr_set(m: &Module, loop_id: Option<MdNode>) -> Vec<String> {
    let Some(id) = loop_id.filter(|&n| super::hints::is_loop_id(&m.md, n)) else {
        return Vec::new();
    };
    let ops =
        m.md.tuple_ops(id)
            .map(|o| o[1..].to_vec())
            .unwrap_or_default();
    ops.into_iter()
        .map(|op| {
            let mut out = String::new();
            render_into(m, &mut out, op, &mut vec![id]);
            out
        })
        .collect()
}
