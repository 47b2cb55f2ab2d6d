//! LLVM's textual form of expressions (`SCEV::print`) and of the
//! "Determining loop execution counts" section of
//! `opt -passes='print<scalar-evolution>'`.
//!
//! Values are named as the IR printer names them (`%name`, `%7`,
//! `@global`), so the text can be compared with LLVM's output for the
//! module as loopwright prints it.

use super::expr::{CastKind, MinMaxKind, NoWrap, Scev, ScevData, Ty, UnkRef};
use super::ScalarEvolution;
use crate::loops::Loop;
use loopwright_ir::print::LocalNames;
use loopwright_ir::{ConstData, GlobalRef, Module};
use std::fmt::Write;

fn type_text(t: Ty) -> String {
    match t {
        Ty::Int(b) => format!("i{b}"),
        Ty::Ptr(0) => "ptr".to_string(),
        Ty::Ptr(a) => format!("ptr addrspace({a})"),
    }
}

/// `@name` as LLVM prints a global name (quoted when needed).
fn global_text(m: &Module, g: GlobalRef) -> String {
    match m.global_name(g) {
        Some(n) if !n.is_empty() => {
            let plain = n
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-._".contains(&b))
                && !n.as_bytes()[0].is_ascii_digit();
            if plain {
                format!("@{n}")
            } else {
                let mut s = String::from("@\"");
                for b in n.bytes() {
                    if b == b'"' || b == b'\\' || !(0x20..0x7f).contains(&b) {
                        let _ = write!(s, "\\{b:02X}");
                    } else {
                        s.push(b as char);
                    }
                }
                s.push('"');
                s
            }
        }
        _ => {
            // Unnamed globals are numbered: variables, then functions,
            // aliases and ifuncs, in order.
            let mut n = 0usize;
            let unnamed = |name: Option<&str>| name.is_none_or(str::is_empty);
            for (id, gv) in m.globals.iter() {
                if GlobalRef::Var(id) == g {
                    return format!("@{n}");
                }
                if unnamed(gv.common.name.as_deref()) {
                    n += 1;
                }
            }
            for (id, f) in m.functions.iter() {
                if GlobalRef::Func(id) == g {
                    return format!("@{n}");
                }
                if unnamed(f.name()) {
                    n += 1;
                }
            }
            for (id, a) in m.aliases.iter() {
                if GlobalRef::Alias(id) == g {
                    return format!("@{n}");
                }
                if unnamed(a.common.name.as_deref()) {
                    n += 1;
                }
            }
            format!("@{n}")
        }
    }
}

struct Printer<'s, 'a> {
    se: &'s ScalarEvolution<'a>,
    names: &'s LocalNames<'a>,
}

impl Printer<'_, '_> {
    fn unknown(&self, out: &mut String, u: UnkRef) {
        match u {
            UnkRef::Value(v) => out.push_str(&self.names.value(v)),
            UnkRef::Const(c) => match self.se.m.consts.data(c) {
                ConstData::Global { global, .. } => out.push_str(&global_text(self.se.m, *global)),
                ConstData::Null(_) => out.push_str("null"),
                ConstData::Undef(_) => out.push_str("undef"),
                ConstData::Poison(_) => out.push_str("poison"),
                ConstData::Int { val, .. } => out.push_str(&val.to_signed_string()),
                _ => out.push_str("<constant>"),
            },
        }
    }

    fn expr(&self, out: &mut String, s: Scev) {
        let se = self.se;
        match se.data(s) {
            ScevData::Const(c) => {
                if c.bits() == 1 {
                    out.push_str(if c.is_one() { "true" } else { "false" });
                } else {
                    out.push_str(&c.to_signed_string());
                }
            }
            ScevData::Unknown(u) => self.unknown(out, *u),
            ScevData::Cast(k, op, t) => {
                let name = match k {
                    CastKind::Trunc => "trunc",
                    CastKind::ZExt => "zext",
                    CastKind::SExt => "sext",
                    CastKind::PtrToInt => "ptrtoint",
                };
                let _ = write!(out, "({name} {} ", type_text(se.ty(*op)));
                self.expr(out, *op);
                let _ = write!(out, " to {})", type_text(*t));
            }
            ScevData::Add(ops) | ScevData::Mul(ops) => {
                let sep = if matches!(se.data(s), ScevData::Add(_)) {
                    " + "
                } else {
                    " * "
                };
                out.push('(');
                for (i, &o) in ops.iter().enumerate() {
                    if i > 0 {
                        out.push_str(sep);
                    }
                    self.expr(out, o);
                }
                out.push(')');
                let f = se.flags(s);
                if f.has(NoWrap::NUW) {
                    out.push_str("<nuw>");
                }
                if f.has(NoWrap::NSW) {
                    out.push_str("<nsw>");
                }
            }
            ScevData::MinMax(k, ops) => {
                let sep = match k {
                    MinMaxKind::UMax => " umax ",
                    MinMaxKind::SMax => " smax ",
                    MinMaxKind::UMin => " umin ",
                    MinMaxKind::SMin => " smin ",
                    MinMaxKind::SeqUMin => " umin_seq ",
                };
                out.push('(');
                for (i, &o) in ops.iter().enumerate() {
                    if i > 0 {
                        out.push_str(sep);
                    }
                    self.expr(out, o);
                }
                out.push(')');
            }
            ScevData::UDiv(a, b) => {
                out.push('(');
                self.expr(out, *a);
                out.push_str(" /u ");
                self.expr(out, *b);
                out.push(')');
            }
            ScevData::AddRec(ops, l) => {
                out.push('{');
                for (i, &o) in ops.iter().enumerate() {
                    if i > 0 {
                        out.push_str(",+,");
                    }
                    self.expr(out, o);
                }
                out.push_str("}<");
                let f = se.flags(s);
                if f.has(NoWrap::NUW) {
                    out.push_str("nuw><");
                }
                if f.has(NoWrap::NSW) {
                    out.push_str("nsw><");
                }
                if f.has(NoWrap::NW) && !f.has(NoWrap::NUW) && !f.has(NoWrap::NSW) {
                    out.push_str("nw><");
                }
                out.push_str(&self.names.block(se.lf.header(*l)));
                out.push('>');
            }
            ScevData::CouldNotCompute => out.push_str("***COULDNOTCOMPUTE***"),
        }
    }

    /// LLVM's `PrintSCEVWithTypeHint`: constants get their type.
    fn with_type_hint(&self, out: &mut String, s: Scev) {
        if let ScevData::Const(c) = self.se.data(s) {
            let _ = write!(out, "i{} ", c.bits());
        }
        self.expr(out, s);
    }
}

/// The textual form of `s`. Numbers the function's values to name them;
/// to print many expressions of one function, number it once with
/// [`LocalNames::compute`] and call [`expr_to_string_named`].
pub fn expr_to_string(se: &ScalarEvolution<'_>, s: Scev) -> String {
    expr_to_string_named(se, &LocalNames::compute(se.f), s)
}

/// The textual form of `s`, with the function's values named by `names`
/// (which must have been computed for `se`'s function).
pub fn expr_to_string_named(se: &ScalarEvolution<'_>, names: &LocalNames<'_>, s: Scev) -> String {
    let p = Printer { se, names };
    let mut out = String::new();
    p.expr(&mut out, s);
    out
}

/// The raw name of a block as LLVM's `getName` returns it (empty for
/// unnamed blocks).
fn block_raw_name(
    names: &LocalNames<'_>,
    se: &ScalarEvolution<'_>,
    b: loopwright_ir::Block,
) -> String {
    if se.f.block_name(b).is_none_or(str::is_empty) {
        return String::new();
    }
    let s = names.block(b);
    let s = s.strip_prefix('%').unwrap_or(&s);
    match s.strip_prefix('"').and_then(|x| x.strip_suffix('"')) {
        Some(q) => q.to_string(),
        None => s.to_string(),
    }
}

/// The "Determining loop execution counts for: @f" section of
/// `print<scalar-evolution>` for the function of `se` (without the
/// predicated-count lines, which need SCEV predicates).
pub fn print_loop_counts(se: &mut ScalarEvolution<'_>) -> String {
    let mut out = String::new();
    let fname = match se.f.name() {
        Some(n) => {
            let m = se.m;
            m.function_by_name(n)
                .map_or_else(|| format!("@{n}"), |f| global_text(m, GlobalRef::Func(f)))
        }
        None => "@<unnamed>".to_string(),
    };
    let _ = writeln!(out, "Determining loop execution counts for: {fname}");
    let top: Vec<Loop> = se.lf.top_level().to_vec();
    // Numbered once: numbering is linear in the function, so doing it per
    // loop would make printing quadratic.
    let names = LocalNames::compute(se.f);
    for l in top {
        print_loop(se, &names, l, &mut out);
    }
    out
}

fn print_loop<'a>(se: &mut ScalarEvolution<'a>, names: &LocalNames<'a>, l: Loop, out: &mut String) {
    let children: Vec<Loop> = se.lf.data(l).children().to_vec();
    for c in children {
        print_loop(se, names, c, out);
    }
    let exiting = se.lf.exiting_blocks(se.cfg, l);
    let counts = se.backedge_taken_count(l);
    let exact = se.exact_btc(l);
    let cmax = se.constant_max_btc(l);
    let smax = se.symbolic_max_btc(l);
    let max_or_zero = se.is_btc_max_or_zero(l);
    let mut per_exit = Vec::new();
    let mut per_exit_sym = Vec::new();
    if exiting.len() > 1 {
        for &b in &exiting {
            per_exit.push((b, se.exit_count_kind(l, b, super::exit::CountKind::Exact)));
            per_exit_sym.push((
                b,
                se.exit_count_kind(l, b, super::exit::CountKind::SymbolicMax),
            ));
        }
    }
    let trip_multiple = counts.exact.map(|_| se.trip_multiple(l));
    let p = Printer { se, names };
    let header = p.names.block(se.lf.header(l));
    let _ = write!(out, "Loop {header}: ");
    if exiting.len() != 1 {
        out.push_str("<multiple exits> ");
    }
    if !se.is_cnc(exact) {
        out.push_str("backedge-taken count is ");
        p.with_type_hint(out, exact);
    } else {
        out.push_str("Unpredictable backedge-taken count.");
    }
    out.push('\n');
    for &(b, c) in &per_exit {
        let _ = write!(out, "  exit count for {}: ", block_raw_name(p.names, se, b));
        p.with_type_hint(out, c);
        out.push('\n');
    }
    let _ = write!(out, "Loop {header}: ");
    if !se.is_cnc(cmax) {
        out.push_str("constant max backedge-taken count is ");
        p.with_type_hint(out, cmax);
        if max_or_zero {
            out.push_str(", actual taken count either this or zero.");
        }
    } else {
        out.push_str("Unpredictable constant max backedge-taken count. ");
    }
    out.push('\n');
    let _ = write!(out, "Loop {header}: ");
    if !se.is_cnc(smax) {
        out.push_str("symbolic max backedge-taken count is ");
        p.with_type_hint(out, smax);
        if max_or_zero {
            out.push_str(", actual taken count either this or zero.");
        }
    } else {
        out.push_str("Unpredictable symbolic max backedge-taken count. ");
    }
    out.push('\n');
    for &(b, c) in &per_exit_sym {
        let _ = write!(
            out,
            "  symbolic max exit count for {}: ",
            block_raw_name(p.names, se, b)
        );
        p.with_type_hint(out, c);
        out.push('\n');
    }
    if let Some(m) = trip_multiple {
        let _ = writeln!(out, "Loop {header}: Trip multiple is {m}");
    }
}
