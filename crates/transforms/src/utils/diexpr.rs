//! `!DIExpression`s as debug salvaging edits them: the elements of an
//! expression ([`Elem`], operations [`Dw`]), LLVM's
//! `DIExpression::appendOpsToArg` and `appendOffset`, and
//! `DIExpression::foldConstantMath` (`DIExpressionOptimizer.cpp`), which
//! LLVM 19 applies to every salvaged expression.

use loopwright_ir::{MdBody, MdField, MdFieldValue, MdNode, MdNodeData, Module};

/// One element of a `!DIExpression`: an operation this module knows, a
/// number, or another word (an operation it only copies, or a keyword such
/// as `DW_ATE_signed`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Elem {
    Op(Dw),
    Num(u64),
    Kw(String),
}

/// The elements of a `!DIExpression` node; `None` when the node is not
/// one or holds something other than operations and their arguments.
pub(crate) fn read_expr(m: &Module, n: MdNode) -> Option<Vec<Elem>> {
    let MdBody::Special { kind, fields } = &m.md.node(n).body else {
        return None;
    };
    if &**kind != "DIExpression" {
        return None;
    }
    fields
        .iter()
        .map(|fld| match &fld.value {
            MdFieldValue::Int(x) => u64::try_from(*x).ok().map(Elem::Num),
            MdFieldValue::Ident(s) if s.starts_with("DW_OP_") => Some(match Dw::from_name(s) {
                Some(d) => Elem::Op(d),
                None => Elem::Kw(s.to_string()),
            }),
            MdFieldValue::Ident(s) => Some(Elem::Kw(s.to_string())),
            _ => None,
        })
        .collect()
}

/// A uniqued `!DIExpression` node with these elements.
pub(crate) fn write_expr(m: &mut Module, expr: &[Elem]) -> MdNode {
    let fields = expr
        .iter()
        .map(|e| MdField {
            name: "".into(),
            value: match e {
                Elem::Op(d) => MdFieldValue::Ident(d.name().into()),
                Elem::Num(x) => MdFieldValue::Int(i128::from(*x)),
                Elem::Kw(s) => MdFieldValue::Ident(s.as_str().into()),
            },
        })
        .collect();
    m.md.uniqued(MdNodeData {
        distinct: false,
        body: MdBody::Special {
            kind: "DIExpression".into(),
            fields,
        },
    })
}

/// The DWARF operations this module builds or folds (others are kept as
/// words and only copied).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dw {
    LlvmArg,
    LlvmConvert,
    LlvmFragment,
    StackValue,
    PlusUconst,
    Constu,
    Consts,
    Plus,
    Minus,
    Mul,
    Div,
    Mod,
    Or,
    And,
    Xor,
    Shl,
    Shr,
    Shra,
    Eq,
    Ne,
    Gt,
    Ge,
    Lt,
    Le,
    Lit0,
}

impl Dw {
    pub(crate) const ALL: [Dw; 25] = [
        Dw::LlvmArg,
        Dw::LlvmConvert,
        Dw::LlvmFragment,
        Dw::StackValue,
        Dw::PlusUconst,
        Dw::Constu,
        Dw::Consts,
        Dw::Plus,
        Dw::Minus,
        Dw::Mul,
        Dw::Div,
        Dw::Mod,
        Dw::Or,
        Dw::And,
        Dw::Xor,
        Dw::Shl,
        Dw::Shr,
        Dw::Shra,
        Dw::Eq,
        Dw::Ne,
        Dw::Gt,
        Dw::Ge,
        Dw::Lt,
        Dw::Le,
        Dw::Lit0,
    ];

    pub(crate) fn name(self) -> &'static str {
        match self {
            Dw::LlvmArg => "DW_OP_LLVM_arg",
            Dw::LlvmConvert => "DW_OP_LLVM_convert",
            Dw::LlvmFragment => "DW_OP_LLVM_fragment",
            Dw::StackValue => "DW_OP_stack_value",
            Dw::PlusUconst => "DW_OP_plus_uconst",
            Dw::Constu => "DW_OP_constu",
            Dw::Consts => "DW_OP_consts",
            Dw::Plus => "DW_OP_plus",
            Dw::Minus => "DW_OP_minus",
            Dw::Mul => "DW_OP_mul",
            Dw::Div => "DW_OP_div",
            Dw::Mod => "DW_OP_mod",
            Dw::Or => "DW_OP_or",
            Dw::And => "DW_OP_and",
            Dw::Xor => "DW_OP_xor",
            Dw::Shl => "DW_OP_shl",
            Dw::Shr => "DW_OP_shr",
            Dw::Shra => "DW_OP_shra",
            Dw::Eq => "DW_OP_eq",
            Dw::Ne => "DW_OP_ne",
            Dw::Gt => "DW_OP_gt",
            Dw::Ge => "DW_OP_ge",
            Dw::Lt => "DW_OP_lt",
            Dw::Le => "DW_OP_le",
            Dw::Lit0 => "DW_OP_lit0",
        }
    }

    pub(crate) fn from_name(s: &str) -> Option<Dw> {
        Dw::ALL.into_iter().find(|d| d.name() == s)
    }
}

/// Whether element `e` starts an operation.
pub(crate) fn is_op(e: &Elem) -> bool {
    match e {
        Elem::Op(_) => true,
        Elem::Kw(s) => s.starts_with("DW_OP_"),
        Elem::Num(_) => false,
    }
}

/// The operations of an expression: each operation with its arguments
/// (the elements up to the next operation).
pub(crate) fn operations(expr: &[Elem]) -> Vec<&[Elem]> {
    let mut out = Vec::new();
    let mut start = 0;
    for k in 1..=expr.len() {
        if k == expr.len() || is_op(&expr[k]) {
            out.push(&expr[start..k]);
            start = k;
        }
    }
    out
}

/// `DIExpression::getNumLocationOperands`: one more than the largest
/// `DW_OP_LLVM_arg` index, 0 without any.
pub(crate) fn num_location_operands(expr: &[Elem]) -> u64 {
    operations(expr)
        .iter()
        .filter_map(|op| match op {
            [Elem::Op(Dw::LlvmArg), Elem::Num(n)] => Some(n + 1),
            _ => None,
        })
        .max()
        .unwrap_or(0)
}

/// `DIExpression::appendOpsToArg`: for an expression without
/// `DW_OP_LLVM_arg`, `ops` are prepended (`prependOpcodes`); otherwise they
/// follow each `DW_OP_LLVM_arg arg`. With `stack_value`, a
/// `DW_OP_stack_value` ends the result (before a fragment) unless it has
/// one already, and unless there was nothing to add.
pub(crate) fn append_ops_to_arg(
    expr: &[Elem],
    ops: &[Elem],
    arg: u64,
    stack_value: bool,
) -> Vec<Elem> {
    let variadic = operations(expr)
        .iter()
        .any(|op| matches!(op.first(), Some(Elem::Op(Dw::LlvmArg))));
    let mut out: Vec<Elem> = Vec::new();
    let mut stack = stack_value;
    if !variadic {
        out.extend(ops.iter().cloned());
        if ops.is_empty() {
            stack = false;
        }
    }
    for op in operations(expr) {
        if stack {
            match op.first() {
                Some(Elem::Op(Dw::StackValue)) => stack = false,
                Some(Elem::Op(Dw::LlvmFragment)) => {
                    out.push(Elem::Op(Dw::StackValue));
                    stack = false;
                }
                _ => {}
            }
        }
        out.extend(op.iter().cloned());
        if variadic && op == [Elem::Op(Dw::LlvmArg), Elem::Num(arg)] {
            out.extend(ops.iter().cloned());
        }
    }
    if stack {
        out.push(Elem::Op(Dw::StackValue));
    }
    out
}

/// `DIExpression::appendOffset`.
pub(crate) fn append_offset(ops: &mut Vec<Elem>, offset: i64) {
    if offset > 0 {
        ops.extend([Elem::Op(Dw::PlusUconst), Elem::Num(offset as u64)]);
    } else if offset < 0 {
        ops.extend([
            Elem::Op(Dw::Constu),
            Elem::Num(offset.unsigned_abs()),
            Elem::Op(Dw::Minus),
        ]);
    }
}

/// The constant of a `DW_OP_constu C` operation.
pub(crate) fn constu(op: &[Elem]) -> Option<u64> {
    match op {
        [Elem::Op(Dw::Constu), Elem::Num(c)] => Some(*c),
        _ => None,
    }
}

/// The operation an element list starts with, when this module knows it.
pub(crate) fn op_kind(op: &[Elem]) -> Option<Dw> {
    match op.first() {
        Some(Elem::Op(d)) => Some(*d),
        _ => None,
    }
}

/// LLVM's `foldOperationIfPossible`.
pub(crate) fn fold_operation(c1: u64, c2: u64, op: Option<Dw>) -> Option<u64> {
    match op? {
        Dw::Plus => c1.checked_add(c2),
        Dw::Minus => c1.checked_sub(c2),
        Dw::Shl => (c2 < 64 && u64::from(c1.leading_zeros()) >= c2).then(|| c1 << c2),
        Dw::Shr => (c2 < 64 && u64::from(c1.trailing_zeros()) >= c2).then(|| c1 >> c2),
        Dw::Mul => c1.checked_mul(c2),
        Dw::Div => (c2 != 0).then(|| c1 / c2),
        _ => None,
    }
}

pub(crate) fn is_neutral(op: Option<Dw>, c: u64) -> bool {
    match op {
        Some(Dw::Plus | Dw::Minus | Dw::Shl | Dw::Shr) => c == 0,
        Some(Dw::Mul | Dw::Div) => c == 1,
        _ => false,
    }
}

pub(crate) fn commutative_pair(a: Option<Dw>, b: Option<Dw>) -> bool {
    a == b && matches!(a, Some(Dw::Plus | Dw::Mul))
}

/// One step of `foldConstantMath` at `work[loc]` (a `DW_OP_constu C1`):
/// whether a pattern matched (and the operations changed).
pub(crate) fn fold_at(work: &mut Vec<Vec<Elem>>, loc: usize, c1: u64) -> bool {
    let kind = |k: usize| work.get(loc + k).and_then(|op| op_kind(op));
    let konst = |k: usize| work.get(loc + k).and_then(|op| constu(op));
    // The constant a pattern folds into, and the operations it replaces.
    let folded: Option<(u64, std::ops::Range<usize>)> = if is_neutral(kind(1), c1) {
        // {C, op} with a neutral C: both go.
        work.drain(loc..loc + 2);
        return true;
    } else if let (Some(c2), true) = (konst(1), work.len() > loc + 2) {
        // {C1, C2, op}.
        fold_operation(c1, c2, kind(2)).map(|r| (r, loc + 1..loc + 3))
    } else if let (Some(c2), true) = (konst(2), commutative_pair(kind(1), kind(3))) {
        // {C1, op, C2, op}.
        fold_operation(c1, c2, kind(1)).map(|r| (r, loc + 2..loc + 4))
    } else if let (Some(c2), Some(Dw::LlvmArg), true) = (
        konst(4),
        kind(2),
        commutative_pair(kind(1), kind(3)) && commutative_pair(kind(3), kind(5)),
    ) {
        // {C1, op, arg, op, C2, op}.
        fold_operation(c1, c2, kind(1)).map(|r| (r, loc + 4..loc + 6))
    } else {
        None
    };
    let Some((r, gone)) = folded else {
        return false;
    };
    work.drain(gone);
    work[loc] = vec![Elem::Op(Dw::Constu), Elem::Num(r)];
    true
}

/// LLVM's `DIExpression::foldConstantMath` (`DIExpressionOptimizer.cpp`):
/// `DW_OP_plus_uconst` and `DW_OP_lit<N>` are spelled as `DW_OP_constu`
/// operations, constant operations fold (`C + 0`, `C1 C2 op`,
/// `C1 op C2 op` and `C1 op arg op C2 op` for `+` and `*`, stopping at an
/// overflow), and the result is spelled back (`DW_OP_constu C,
/// DW_OP_plus` as `DW_OP_plus_uconst C`, `DW_OP_constu 0` as
/// `DW_OP_lit0`).
pub(crate) fn fold_constant_math(expr: &[Elem]) -> Vec<Elem> {
    // Canonical form: a list of operations.
    let mut work: Vec<Vec<Elem>> = Vec::new();
    for op in operations(expr) {
        match op {
            [Elem::Op(Dw::Lit0)] => work.push(vec![Elem::Op(Dw::Constu), Elem::Num(0)]),
            [Elem::Kw(w)]
                if w.strip_prefix("DW_OP_lit")
                    .is_some_and(|n| n.parse::<u64>().is_ok()) =>
            {
                let n = w["DW_OP_lit".len()..].parse::<u64>().unwrap_or(0);
                work.push(vec![Elem::Op(Dw::Constu), Elem::Num(n)]);
            }
            [Elem::Op(Dw::PlusUconst), Elem::Num(c)] => {
                work.push(vec![Elem::Op(Dw::Constu), Elem::Num(*c)]);
                work.push(vec![Elem::Op(Dw::Plus)]);
            }
            _ => work.push(op.to_vec()),
        }
    }
    // Fold from the start again after each change, as LLVM does.
    let mut loc = 0;
    while loc < work.len() {
        match constu(&work[loc]) {
            Some(c1) if fold_at(&mut work, loc, c1) => loc = 0,
            _ => loc += 1,
        }
    }
    // Spelled back.
    let mut out: Vec<Elem> = Vec::new();
    let mut k = 0;
    while k < work.len() {
        match (constu(&work[k]), work.get(k + 1).and_then(|op| op_kind(op))) {
            (Some(0), _) => out.push(Elem::Op(Dw::Lit0)),
            (Some(c), Some(Dw::Plus)) => {
                out.extend([Elem::Op(Dw::PlusUconst), Elem::Num(c)]);
                k += 1;
            }
            _ => out.extend(work[k].iter().cloned()),
        }
        k += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_ops(s: &str) -> Vec<Elem> {
        s.split(", ")
            .filter(|x| !x.is_empty())
            .map(|x| match x.parse::<u64>() {
                Ok(n) => Elem::Num(n),
                Err(_) => match Dw::from_name(x) {
                    Some(d) => Elem::Op(d),
                    None => Elem::Kw(x.to_owned()),
                },
            })
            .collect()
    }

    fn show(ops: &[Elem]) -> String {
        ops.iter()
            .map(|o| match o {
                Elem::Op(d) => d.name().to_owned(),
                Elem::Num(n) => n.to_string(),
                Elem::Kw(s) => s.clone(),
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn fold(s: &str) -> String {
        show(&fold_constant_math(&parse_ops(s)))
    }

    /// LLVM's folding rules (`DIExpressionOptimizer.cpp`); the first two
    /// cases are what opt-19 `-passes=dce` writes when salvaging the
    /// records of deleted instructions ends in `foldConstantMath`.
    #[test]
    fn constant_math_folds_as_llvm_19() {
        assert_eq!(
            fold("DW_OP_plus_uconst, 1, DW_OP_plus_uconst, 2, DW_OP_stack_value"),
            "DW_OP_plus_uconst, 3, DW_OP_stack_value"
        );
        // `C - D + E` has no foldable pattern.
        assert_eq!(
            fold("DW_OP_constu, 3, DW_OP_minus, DW_OP_plus_uconst, 3, DW_OP_stack_value"),
            "DW_OP_constu, 3, DW_OP_minus, DW_OP_plus_uconst, 3, DW_OP_stack_value"
        );
        // A neutral constant goes; a zero constant is spelled `lit0`.
        assert_eq!(
            fold("DW_OP_constu, 1, DW_OP_mul, DW_OP_stack_value"),
            "DW_OP_stack_value"
        );
        assert_eq!(
            fold("DW_OP_constu, 0, DW_OP_constu, 5, DW_OP_minus"),
            "DW_OP_lit0, DW_OP_constu, 5, DW_OP_minus"
        );
        assert_eq!(
            fold("DW_OP_constu, 6, DW_OP_constu, 2, DW_OP_div, DW_OP_stack_value"),
            "DW_OP_constu, 3, DW_OP_stack_value"
        );
        assert_eq!(
            fold(
                "DW_OP_constu, 2, DW_OP_mul, DW_OP_LLVM_arg, 1, DW_OP_mul, DW_OP_constu, 3, \
                 DW_OP_mul"
            ),
            "DW_OP_constu, 6, DW_OP_mul, DW_OP_LLVM_arg, 1, DW_OP_mul"
        );
        // Overflow stops the fold.
        assert_eq!(
            fold("DW_OP_constu, 18446744073709551615, DW_OP_plus_uconst, 1"),
            "DW_OP_constu, 18446744073709551615, DW_OP_plus_uconst, 1"
        );
        // `DW_OP_lit<N>` is a constant too (DIExpressionOptimizer's
        // canonical form; LLVM 19's verifier accepts only `DW_OP_lit0` in a
        // record, see `records_follow_a_deleted_chain`).
        assert_eq!(
            fold("DW_OP_lit5, DW_OP_constu, 2, DW_OP_mul"),
            "DW_OP_constu, 10"
        );
        // Unknown operations pass through.
        assert_eq!(
            fold("DW_OP_deref, DW_OP_LLVM_fragment, 0, 32"),
            "DW_OP_deref, DW_OP_LLVM_fragment, 0, 32"
        );
    }

    #[test]
    fn ops_go_to_their_argument() {
        let e = parse_ops("DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value");
        let ops = parse_ops("DW_OP_constu, 5, DW_OP_minus");
        assert_eq!(
            show(&append_ops_to_arg(&e, &ops, 0, true)),
            "DW_OP_LLVM_arg, 0, DW_OP_constu, 5, DW_OP_minus, DW_OP_LLVM_arg, 1, DW_OP_plus, \
             DW_OP_stack_value"
        );
        let e = parse_ops("DW_OP_LLVM_fragment, 0, 32");
        assert_eq!(
            show(&append_ops_to_arg(
                &e,
                &parse_ops("DW_OP_plus_uconst, 4"),
                0,
                true
            )),
            "DW_OP_plus_uconst, 4, DW_OP_stack_value, DW_OP_LLVM_fragment, 0, 32"
        );
        // Nothing to add: no stack value either.
        assert_eq!(
            show(&append_ops_to_arg(&e, &[], 0, true)),
            "DW_OP_LLVM_fragment, 0, 32"
        );
        assert_eq!(
            num_location_operands(&parse_ops("DW_OP_LLVM_arg, 2, DW_OP_plus")),
            3
        );
        assert_eq!(num_location_operands(&parse_ops("DW_OP_deref")), 0);
    }
}
