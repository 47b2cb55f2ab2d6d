//! The `aa-eval` printer: every pair of pointers a function loads or
//! stores through, every call against every such pointer and every pair of
//! calls, answered by [`AliasAnalysis`] and printed exactly as LLVM 19's
//! `AliasAnalysisEvaluator.cpp` prints them with
//! `-print-all-alias-modref-info` (and `-evaluate-aa-metadata`: every
//! load/store and store/store pair with the accesses' own sizes and
//! metadata), followed at the end of the run by the summary report.
//!
//! Pointers are (pointer, accessed type) pairs in instruction order, each
//! once; pointer pairs are printed with the lexically smaller operand text
//! first. All text goes to the caller (opt writes it to stderr).

use super::{AliasAnalysis, AliasResult, LocationSize, MemoryLocation, ModRefInfo};
use crate::cfg::ControlFlowGraph;
use crate::domtree::DominatorTree;
use crate::loops::LoopForest;
use loopwright_ir::print::{with_function_printer, FnAttrView, FunctionPrinter, PrintHooks};
use loopwright_ir::{Func, Function, Inst, Module, Opcode, Operand, Type, TypeData};
use std::fmt::Write;

/// The printing options of `aa-eval`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct EvalOptions {
    /// `-print-all-alias-modref-info`.
    pub print_all: bool,
    /// `-evaluate-aa-metadata`.
    pub evaluate_metadata: bool,
}

/// The counts the report sums up, accumulated over the functions of a run.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct EvalCounts {
    pub functions: u64,
    pub no_alias: i64,
    pub may_alias: i64,
    pub partial_alias: i64,
    pub must_alias: i64,
    pub no_mod_ref: i64,
    pub mod_: i64,
    pub ref_: i64,
    pub mod_ref: i64,
}

impl EvalCounts {
    fn count_alias(&mut self, r: AliasResult) {
        match r {
            AliasResult::NoAlias => self.no_alias += 1,
            AliasResult::MayAlias => self.may_alias += 1,
            AliasResult::PartialAlias(_) => self.partial_alias += 1,
            AliasResult::MustAlias => self.must_alias += 1,
        }
    }

    fn count_mod_ref(&mut self, r: ModRefInfo) -> &'static str {
        match r {
            ModRefInfo::NoModRef => {
                self.no_mod_ref += 1;
                "NoModRef"
            }
            ModRefInfo::Mod => {
                self.mod_ += 1;
                "Just Mod"
            }
            ModRefInfo::Ref => {
                self.ref_ += 1;
                "Just Ref"
            }
            ModRefInfo::ModRef => {
                self.mod_ref += 1;
                "Both ModRef"
            }
        }
    }
}

/// Whether `aa-eval` looks at `func`: a definition without `optnone`
/// (the pass manager skips `optnone` functions).
pub fn evaluates(m: &Module, func: &Function) -> bool {
    !func.is_declaration() && !m.attrs.has(func.fn_attrs, "optnone")
}

/// One pointer the function accesses, and the type it accesses.
type Pointer = (Operand, Type);

/// `(pointers, calls, loads, stores)` of a function, in instruction order.
fn collect(m: &Module, func: &Function) -> (Vec<Pointer>, Vec<Inst>, Vec<Inst>, Vec<Inst>) {
    let mut pointers: Vec<Pointer> = Vec::new();
    let mut seen = rustc_hash::FxHashSet::default();
    let (mut calls, mut loads, mut stores) = (Vec::new(), Vec::new(), Vec::new());
    for b in func.layout.blocks() {
        for i in func.layout.block_insts(b) {
            let d = func.inst(i);
            let p = match d.opcode {
                Opcode::Load => {
                    loads.push(i);
                    Some((d.operands()[0], d.ty))
                }
                Opcode::Store => {
                    stores.push(i);
                    let v = d.operands()[0];
                    Some((d.operands()[1], func.operand_type(v, &m.consts)))
                }
                _ => None,
            };
            if let Some(p) = p {
                if seen.insert(p) {
                    pointers.push(p);
                }
            }
            if d.opcode.is_call_like() {
                calls.push(i);
            }
        }
    }
    (pointers, calls, loads, stores)
}

/// The numbers of pointers, calls, loads and stores `aa-eval` looks at in
/// `func`: it asks about every pair of pointers, every call against every
/// pointer and every pair of calls (and with `-evaluate-aa-metadata`,
/// every load/store and store/store pair).
pub fn size(m: &Module, func: &Function) -> (usize, usize, usize, usize) {
    let (pointers, calls, loads, stores) = collect(m, func);
    (pointers.len(), calls.len(), loads.len(), stores.len())
}

/// `Ty* ` (with ` addrspace(N)` when `with_as`) as the evaluator prints a
/// pointer's accessed type.
fn type_text(fp: &mut FunctionPrinter<'_, '_>, m: &Module, p: Pointer, with_as: bool) -> String {
    let mut s = fp.ty(p.1);
    let f_as = match m.types.data(fp_ty_of(m, fp, p.0)) {
        TypeData::Ptr(a) => *a,
        _ => 0,
    };
    if with_as && f_as != 0 {
        let _ = write!(s, " addrspace({f_as})");
    }
    s.push('*');
    s
}

fn fp_ty_of(m: &Module, fp: &FunctionPrinter<'_, '_>, op: Operand) -> Type {
    fp.function().operand_type(op, &m.consts)
}

/// Calls `body` with a printer of `func` (function `f` of `m`, possibly lent
/// out) that prints values as LLVM's in-memory module prints them: the
/// attributes LLVM gives intrinsic declarations, the alignment its parser
/// fills in. Analysis printers (`aa-eval`, `print<access-info>`) use it.
pub fn with_llvm_printer<R>(
    m: &Module,
    f: Func,
    func: &Function,
    body: impl FnOnce(&mut FunctionPrinter<'_, '_>) -> R,
) -> R {
    let dl = crate::scev::DataLayout::of_module(m);
    // LLVM gives intrinsic declarations their own attributes, which number
    // the attribute groups of calls; clang writes `mustprogress` on some.
    let fn_attrs = |g: Func| -> Option<FnAttrView> {
        let name = if g == f {
            func.name()
        } else {
            m.functions[g].name()
        }?;
        if !name.starts_with("llvm.") {
            return None;
        }
        Some(match crate::effects::intrinsic_info(name) {
            Some(i) => FnAttrView::Text(i.attrs),
            None => FnAttrView::Without(&["mustprogress"]),
        })
    };
    let implied_align = |d: &loopwright_ir::InstData| -> Option<u64> {
        let ops = d.operands();
        let ty = match d.opcode {
            Opcode::Load => d.ty,
            Opcode::Store => func.operand_type(*ops.first()?, &m.consts),
            Opcode::AtomicCmpXchg | Opcode::AtomicRmw => {
                let t = func.operand_type(*ops.get(1)?, &m.consts);
                return Some(dl.store_size(&m.types, t));
            }
            _ => return None,
        };
        Some(dl.abi_align(&m.types, ty))
    };
    let hooks = PrintHooks {
        fn_attrs: &fn_attrs,
        implied_align: &implied_align,
    };
    with_function_printer(m, f, func, &hooks, body)
}

/// Evaluates `func`, function `f` of `m` (it may be lent out of the
/// module), appending what `aa-eval` prints for it to `out` and adding to
/// `counts`.
pub fn eval_function(
    m: &Module,
    f: Func,
    func: &Function,
    opts: EvalOptions,
    counts: &mut EvalCounts,
    out: &mut String,
) {
    if !evaluates(m, func) {
        return;
    }
    counts.functions += 1;
    let cfg = ControlFlowGraph::compute(func);
    let dt = DominatorTree::compute(&cfg);
    let lf = LoopForest::compute(&cfg, &dt);
    let mut aa = AliasAnalysis::new(m, func, &cfg, &dt, &lf);
    let (pointers, calls, loads, stores) = collect(m, func);
    let dl = aa.dl.clone();
    let size = |t: Type| -> LocationSize {
        if super::objects::is_scalable(&m.types, t) {
            LocationSize::BeforeOrAfterPointer
        } else {
            LocationSize::precise(dl.store_size(&m.types, t))
        }
    };
    let print = opts.print_all;
    with_llvm_printer(m, f, func, |fp| {
        if print {
            let _ = writeln!(
                out,
                "Function: {}: {} pointers, {} call sites",
                func.name().unwrap_or(""),
                pointers.len(),
                calls.len()
            );
        }
        let names: Vec<String> = pointers.iter().map(|p| fp.operand(p.0)).collect();
        for i1 in 0..pointers.len() {
            for i2 in 0..i1 {
                let (p1, p2) = (pointers[i1], pointers[i2]);
                let r = aa.alias(
                    &MemoryLocation::new(p1.0, size(p1.1)),
                    &MemoryLocation::new(p2.0, size(p2.1)),
                );
                counts.count_alias(r);
                if print {
                    let (mut a, mut b) = ((p1, &names[i1]), (p2, &names[i2]));
                    let mut r = r;
                    if b.1 < a.1 {
                        std::mem::swap(&mut a, &mut b);
                        r = r.swapped();
                    }
                    let ta = type_text(fp, m, a.0, true);
                    let tb = type_text(fp, m, b.0, true);
                    let _ = writeln!(out, "  {r}:\t{ta} {}, {tb} {}", a.1, b.1);
                }
            }
        }
        if opts.evaluate_metadata {
            let mut texts = rustc_hash::FxHashMap::default();
            let mut text = |fp: &mut FunctionPrinter<'_, '_>, i: Inst| -> String {
                texts.entry(i).or_insert_with(|| fp.inst(i)).clone()
            };
            for &l in &loads {
                for &s in &stores {
                    let (ll, sl) = (aa.location_of(l), aa.location_of(s));
                    let r = match (ll, sl) {
                        (Some(a), Some(b)) => aa.alias(&a, &b),
                        _ => AliasResult::MayAlias,
                    };
                    counts.count_alias(r);
                    if print {
                        let (a, b) = (text(fp, l), text(fp, s));
                        let _ = writeln!(out, "  {r}: {a} <-> {b}");
                    }
                }
            }
            for k1 in 0..stores.len() {
                for k2 in 0..k1 {
                    let (s1, s2) = (stores[k1], stores[k2]);
                    let r = match (aa.location_of(s1), aa.location_of(s2)) {
                        (Some(a), Some(b)) => aa.alias(&a, &b),
                        _ => AliasResult::MayAlias,
                    };
                    counts.count_alias(r);
                    if print {
                        let (a, b) = (text(fp, s1), text(fp, s2));
                        let _ = writeln!(out, "  {r}: {a} <-> {b}");
                    }
                }
            }
        }
        let call_texts: Vec<String> = if print {
            calls.iter().map(|&c| fp.inst(c)).collect()
        } else {
            Vec::new()
        };
        for (ci, &c) in calls.iter().enumerate() {
            for (pi, p) in pointers.iter().enumerate() {
                let r = aa.mod_ref(c, &MemoryLocation::new(p.0, size(p.1)));
                let msg = counts.count_mod_ref(r);
                if print {
                    let t = type_text(fp, m, *p, false);
                    let _ = writeln!(
                        out,
                        "  {msg}:  Ptr: {t} {}\t<->{}",
                        names[pi], call_texts[ci]
                    );
                }
            }
        }
        for (ai, &a) in calls.iter().enumerate() {
            for (bi, &b) in calls.iter().enumerate() {
                if a == b {
                    continue;
                }
                let r = aa.mod_ref_calls(a, b);
                let msg = counts.count_mod_ref(r);
                if print {
                    let _ = writeln!(out, "  {msg}: {} <-> {}", call_texts[ai], call_texts[bi]);
                }
            }
        }
    });
}

/// `(Num * 100 / Sum).(Num * 1000 / Sum % 10)%` as the evaluator prints
/// shares.
fn percent(out: &mut String, n: i64, sum: i64) {
    let _ = writeln!(out, "({}.{}%)", n * 100 / sum, (n * 1000 / sum) % 10);
}

/// The report `aa-eval` prints when it is destroyed at the end of the run
/// (nothing when it evaluated no function).
pub fn report(c: &EvalCounts) -> String {
    let mut out = String::new();
    if c.functions == 0 {
        return out;
    }
    let sum = c.no_alias + c.may_alias + c.partial_alias + c.must_alias;
    out.push_str("===== Alias Analysis Evaluator Report =====\n");
    if sum == 0 {
        out.push_str("  Alias Analysis Evaluator Summary: No pointers!\n");
    } else {
        let _ = writeln!(out, "  {sum} Total Alias Queries Performed");
        let _ = write!(out, "  {} no alias responses ", c.no_alias);
        percent(&mut out, c.no_alias, sum);
        let _ = write!(out, "  {} may alias responses ", c.may_alias);
        percent(&mut out, c.may_alias, sum);
        let _ = write!(out, "  {} partial alias responses ", c.partial_alias);
        percent(&mut out, c.partial_alias, sum);
        let _ = write!(out, "  {} must alias responses ", c.must_alias);
        percent(&mut out, c.must_alias, sum);
        let _ = writeln!(
            out,
            "  Alias Analysis Evaluator Pointer Alias Summary: {}%/{}%/{}%/{}%",
            c.no_alias * 100 / sum,
            c.may_alias * 100 / sum,
            c.partial_alias * 100 / sum,
            c.must_alias * 100 / sum
        );
    }
    let mr = c.no_mod_ref + c.ref_ + c.mod_ + c.mod_ref;
    if mr == 0 {
        out.push_str("  Alias Analysis Mod/Ref Evaluator Summary: no mod/ref!\n");
    } else {
        let _ = writeln!(out, "  {mr} Total ModRef Queries Performed");
        let _ = write!(out, "  {} no mod/ref responses ", c.no_mod_ref);
        percent(&mut out, c.no_mod_ref, mr);
        let _ = write!(out, "  {} mod responses ", c.mod_);
        percent(&mut out, c.mod_, mr);
        let _ = write!(out, "  {} ref responses ", c.ref_);
        percent(&mut out, c.ref_, mr);
        let _ = write!(out, "  {} mod & ref responses ", c.mod_ref);
        percent(&mut out, c.mod_ref, mr);
        let _ = writeln!(
            out,
            "  Alias Analysis Evaluator Mod/Ref Summary: {}%/{}%/{}%/{}%",
            c.no_mod_ref * 100 / mr,
            c.mod_ * 100 / mr,
            c.ref_ * 100 / mr,
            c.mod_ref * 100 / mr
        );
    }
    out
}
