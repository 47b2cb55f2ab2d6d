//! Human-readable views: a description tree for loop reports and a
//! structural printer of metadata.
//!
//! [`Description`] is a plain tree (key, value, children) that a JSON or
//! text printer can walk without serde. Attribute names lose their
//! `llvm.loop.` prefix; follow-ups are nested. [`render_md`] prints
//! metadata inline in `.ll` syntax without node numbers (nested nodes are
//! written out, cycles become `!<cycle>`), so two LoopIDs can be compared by
//! content.
//!
//! Both are bounded whatever the input: nesting is cut at [`MAX_DEPTH`]
//! levels, and one call writes out at most [`MAX_OPERANDS`] operands.
//! Metadata is a graph, not a tree: a node reachable along many paths is
//! written once per path, so without the second bound a chain of 40 nodes
//! that each name the next one 16 times (a few kilobytes of `.ll`) would
//! take 16^8 steps. What is cut is written `...`.

use super::hints::{attr_name, md_int, Entry, LoopAttrs, RawAttr};
use super::names::{LOOP_PREFIX, PARALLEL_ACCESSES};
use cranelift_entity::EntityRef;
use loopwright_ir::{ConstData, Md, MdBody, MdNode, Module};

/// Deepest nesting written out by [`render_md`] and [`LoopAttrs::describe`].
pub const MAX_DEPTH: usize = 8;

/// Most operands (and description nodes) written out by one
/// [`render_md`], [`render_attr_set`] or [`LoopAttrs::describe`] call.
pub const MAX_OPERANDS: usize = 4096;

/// What is written in place of metadata cut by [`MAX_OPERANDS`].
const CUT: &str = "...";

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

fn location_text(m: &Module, n: MdNode, budget: &mut usize) -> String {
    if n.index() >= m.md.num_nodes() {
        return "!<bad node>".into();
    }
    match m.md.location(n) {
        Some((line, col, _)) => format!("{line}:{col}"),
        None => render_budgeted(m, Some(Md::Node(n)), budget),
    }
}

/// The descriptions of `ops`, each taking one unit of `budget`; a single
/// `...` operand stands for those past the budget.
fn describe_operands(
    m: &Module,
    ops: &[Option<Md>],
    depth: usize,
    budget: &mut usize,
) -> Vec<Description> {
    let mut out = Vec::with_capacity(ops.len().min(*budget + 1));
    for &o in ops {
        if *budget == 0 {
            out.push(Description::leaf("operand", DescValue::Text(CUT.into())));
            break;
        }
        out.push(describe_operand(m, o, depth, budget));
    }
    out
}

/// Describes one operand of a follow-up (normally an attribute node).
fn describe_operand(m: &Module, op: Option<Md>, depth: usize, budget: &mut usize) -> Description {
    *budget = budget.saturating_sub(1);
    match op {
        Some(Md::Node(n)) if n.index() < m.md.num_nodes() && depth < MAX_DEPTH => {
            if let Some(name) = attr_name(&m.md, n) {
                let args = m.md.tuple_ops(n).map_or(&[][..], |o| &o[1..]);
                describe_named(m, name, args, depth, budget)
            } else if m.md.special_kind(n) == Some("DILocation") {
                Description::leaf("location", DescValue::Text(location_text(m, n, budget)))
            } else if super::hints::is_loop_id(&m.md, n) {
                // clang 19's follow-up format: a whole LoopID.
                let ops = m.md.tuple_ops(n).map_or(&[][..], |o| &o[1..]);
                Description {
                    key: "loop_id".into(),
                    value: DescValue::Flag,
                    children: describe_operands(m, ops, depth + 1, budget),
                }
            } else {
                Description::leaf("operand", DescValue::Text(render_budgeted(m, op, budget)))
            }
        }
        _ => Description::leaf("operand", DescValue::Text(render_budgeted(m, op, budget))),
    }
}

fn describe_named(
    m: &Module,
    name: &[u8],
    args: &[Option<Md>],
    depth: usize,
    budget: &mut usize,
) -> Description {
    let key = short_name(name);
    if key.contains(".followup_") {
        return Description {
            key,
            value: DescValue::Flag,
            children: describe_operands(m, args, depth + 1, budget),
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
            None => DescValue::Text(render_budgeted(m, *one, budget)),
        },
        _ => {
            let mut text = String::new();
            for (i, &a) in args.iter().enumerate() {
                if i > 0 {
                    text.push_str(", ");
                }
                if *budget == 0 {
                    text.push_str(CUT);
                    break;
                }
                *budget -= 1;
                render_into(m, &mut text, a, &mut Vec::new(), budget);
            }
            DescValue::Text(text)
        }
    };
    Description::leaf(key, value)
}

impl LoopAttrs {
    /// A description of the attributes in their order in the LoopID
    /// (locations as `start`/`end`), plus `modes`: the transformation mode
    /// of each transformation.
    /// At most [`MAX_OPERANDS`] metadata operands are written out in all;
    /// every entry is listed, those past the budget as `...`.
    pub fn describe(&self, m: &Module) -> Description {
        let mut children = Vec::new();
        let mut budget = MAX_OPERANDS;
        for e in &self.entries {
            children.push(match e {
                Entry::Attr(RawAttr { name, args, .. }) => {
                    describe_named(m, name, args, 0, &mut budget)
                }
                Entry::Location(n) => {
                    let key = if Some(*n) == self.start_loc {
                        "start"
                    } else if Some(*n) == self.end_loc {
                        "end"
                    } else {
                        "location"
                    };
                    Description::leaf(key, DescValue::Text(location_text(m, *n, &mut budget)))
                }
                Entry::Other(op) => describe_operand(m, *op, 0, &mut budget),
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

/// Writes `op` into `out`. `stack` holds the nodes being written (cycle
/// and depth detection); every operand inside a tuple takes one unit of
/// `budget`, and those past it are written [`CUT`].
fn render_into(
    m: &Module,
    out: &mut String,
    op: Option<Md>,
    stack: &mut Vec<MdNode>,
    budget: &mut usize,
) {
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
                        if *budget == 0 {
                            out.push_str(CUT);
                            break;
                        }
                        *budget -= 1;
                        render_into(m, out, o, stack, budget);
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
/// numbers), cycles as `!<cycle>`, nesting cut at [`MAX_DEPTH`] levels and
/// the whole cut after [`MAX_OPERANDS`] operands.
pub fn render_md(m: &Module, op: Option<Md>) -> String {
    let mut budget = MAX_OPERANDS;
    render_budgeted(m, op, &mut budget)
}

/// [`render_md`] drawing on a budget shared with the caller.
fn render_budgeted(m: &Module, op: Option<Md>, budget: &mut usize) -> String {
    let mut out = String::new();
    render_into(m, &mut out, op, &mut Vec::new(), budget);
    out
}

/// The operands of LoopID `loop_id` after the self-reference, rendered
/// (empty for `None` or a node that is not a LoopID). The order is kept.
/// All of them share one budget of [`MAX_OPERANDS`] operands.
pub fn render_attr_set(m: &Module, loop_id: Option<MdNode>) -> Vec<String> {
    let Some(id) = loop_id.filter(|&n| super::hints::is_loop_id(&m.md, n)) else {
        return Vec::new();
    };
    let ops = m.md.tuple_ops(id).map_or(&[][..], |o| &o[1..]);
    let mut budget = MAX_OPERANDS;
    ops.iter()
        .map(|&op| {
            let mut out = String::new();
            render_into(m, &mut out, op, &mut vec![id], &mut budget);
            out
        })
        .collect()
}
