//! Whether an expansion is cheap: LLVM 19's
//! `SCEVExpander::isHighCostExpansion` (`isHighCostExpansionHelper`,
//! `costAndCollectOperands`), with the costs of the target model.
//!
//! The expression is walked from the root; every subexpression is
//! charged once (constants excepted) for the instructions its expansion
//! would create, as the target model costs them: reciprocal throughput,
//! or code size when the function has `minsize`. Nothing is charged for:
//! - an expression a value already computes at the insertion point: an
//!   operand of the `icmp` of one of the loop's exit branches that
//!   dominates the point, or a value the expander would reuse
//!   ([`super::reuse`]); a division whose successor (`S + 1`) is found
//!   that way;
//! - opaque values;
//! - constants, except under `minsize`, where a constant that does not
//!   fit the immediate field of the instruction that uses it costs its
//!   `mov` ([`loopwright_target::Subtarget::int_imm_cost_inst`]).
//!
//! What is charged per expression (`n` operands):
//! - casts: the cast (`ptrtoint`, `trunc`, `zext`, `sext`);
//! - sums and products: `n - 1` adds or multiplies; `udiv`: one `udiv`,
//!   or `lshr` by a power of two;
//! - min/max: `n - 1` compares and selects; the sequential `umin` adds
//!   `n - 1` compares, `n - 2` ors and a select;
//! - add recurrences: an add per non-zero term beyond the first, a
//!   multiply per operand that is not the constant 0 or 1, and for
//!   degree `d` that many multiplies again `d - 1` times.
//!
//! The walk stops as soon as the cost exceeds the budget
//! (`-scev-cheap-expansion-budget`, 4 instructions).

use super::{extract, reuse, ExpandCtx};
use loopwright_analysis::scev::{MinMaxKind, ScalarEvolution, Scev, ScevData, Ty};
use loopwright_analysis::Loop;
use loopwright_ir::{Function, Inst, Module, Opcode, Operand, ValueDef};
use loopwright_target::{BinOp, CastOp, CmpSel, CostKind, IntPred, OperandInfo, TargetModel};
use rustc_hash::FxHashSet;

/// LLVM's `-scev-cheap-expansion-budget` default.
pub const CHEAP_EXPANSION_BUDGET: u32 = 4;

/// What the cheapness test needs besides the expressions.
pub struct CostQuery<'q> {
    /// The target model of the function.
    pub target: &'q TargetModel,
    /// The function has `minsize`: costs are code size (and constants
    /// count), else reciprocal throughput.
    pub code_size: bool,
    /// In instructions (`TCC_Basic`).
    pub budget: u32,
    /// Where the expansion would go.
    pub at: Inst,
    /// The loop whose exit conditions may hold the values.
    pub l: Loop,
}

/// The verdict: the cost counted (up to the point the walk stopped) and
/// whether it exceeds the budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cheapness {
    pub cost: u64,
    pub budget: u64,
    pub high: bool,
}

/// One entry of the worklist (LLVM's `SCEVOperand`): the expression and
/// the instruction and operand position it will be used in.
struct Item {
    parent: Option<Opcode>,
    idx: u32,
    s: Scev,
}

/// `isHighCostExpansion(exprs, L, budget, TTI, at)`.
pub fn expansion_cost(
    m: &Module,
    f: &Function,
    se: &mut ScalarEvolution,
    ctx: &ExpandCtx,
    exprs: &[Scev],
    q: &CostQuery,
) -> Cheapness {
    let mut w = Walk {
        m,
        f,
        ctx,
        q,
        ck: if q.code_size {
            CostKind::CodeSize
        } else {
            CostKind::RecipThroughput
        },
        budget: u64::from(q.budget),
        cost: 0,
        processed: FxHashSet::default(),
        work: exprs
            .iter()
            .map(|&s| Item {
                parent: None,
                idx: u32::MAX,
                s,
            })
            .collect(),
    };
    let mut steps = 0u32;
    while let Some(item) = w.work.pop() {
        steps += 1;
        // Bounded work on any input: a walk this long is not cheap.
        if steps > 100_000 || w.helper(se, &item) {
            return Cheapness {
                cost: w.cost,
                budget: w.budget,
                high: true,
            };
        }
    }
    Cheapness {
        cost: w.cost,
        budget: w.budget,
        high: false,
    }
}

struct Walk<'w> {
    m: &'w Module,
    f: &'w Function,
    ctx: &'w ExpandCtx<'w>,
    q: &'w CostQuery<'w>,
    ck: CostKind,
    budget: u64,
    cost: u64,
    processed: FxHashSet<Scev>,
    work: Vec<Item>,
}

fn target_ty(t: Ty) -> loopwright_target::Ty {
    match t {
        Ty::Int(w) => loopwright_target::Ty::int(w),
        Ty::Ptr(_) => loopwright_target::Ty::scalar(loopwright_target::Scalar::Ptr),
    }
}

impl Walk<'_> {
    /// `isHighCostExpansionHelper`: true when over budget.
    fn helper(&mut self, se: &mut ScalarEvolution, item: &Item) -> bool {
        if self.cost > self.budget {
            return true;
        }
        let s = item.s;
        let is_const = se.as_const(s).is_some();
        if !is_const && !self.processed.insert(s) {
            return false;
        }
        if self.has_related_existing_expansion(se, s) {
            return false;
        }
        let data = se.data(s).clone();
        match data {
            ScevData::Unknown(_) | ScevData::CouldNotCompute => false,
            ScevData::Const(c) => {
                if self.ck != CostKind::CodeSize {
                    return false;
                }
                self.cost = self.cost.saturating_add(self.q.target.int_imm_cost_inst(
                    item.parent,
                    item.idx,
                    c.bits(),
                    c.u(),
                ));
                self.cost > self.budget
            }
            ScevData::Cast(k, x, _) => {
                let (op, opcode) = match k {
                    loopwright_analysis::scev::CastKind::PtrToInt => {
                        (CastOp::PtrToInt, Opcode::PtrToInt)
                    }
                    loopwright_analysis::scev::CastKind::Trunc => (CastOp::Trunc, Opcode::Trunc),
                    loopwright_analysis::scev::CastKind::ZExt => (CastOp::ZExt, Opcode::ZExt),
                    loopwright_analysis::scev::CastKind::SExt => (CastOp::SExt, Opcode::SExt),
                };
                let c =
                    self.q
                        .target
                        .cast_cost(op, target_ty(se.ty(s)), target_ty(se.ty(x)), self.ck);
                self.cost = self.cost.saturating_add(c);
                self.collect(&[(opcode, 0, 0)], &[x]);
                false
            }
            ScevData::UDiv(a, b) => {
                let t = se.ty(s);
                let one = se.get_one(t);
                let next = se.get_add2(s, one, loopwright_analysis::scev::NoWrap::ANY);
                if self.has_related_existing_expansion(se, next) {
                    return false;
                }
                let (op, opcode) = match se.as_const(b) {
                    Some(c) if c.is_power_of_two() => (BinOp::LShr, Opcode::LShr),
                    _ => (BinOp::UDiv, Opcode::UDiv),
                };
                let c = self.arith(op, t, 1);
                self.cost = self.cost.saturating_add(c);
                self.collect(&[(opcode, 0, 1)], &[a, b]);
                false
            }
            ScevData::Add(ref ops) | ScevData::Mul(ref ops) => {
                let (op, opcode) = if matches!(data, ScevData::Add(_)) {
                    (BinOp::Add, Opcode::Add)
                } else {
                    (BinOp::Mul, Opcode::Mul)
                };
                let n = ops.len() as u64;
                let c = self.arith(op, se.ty(s), n.saturating_sub(1));
                self.cost = self.cost.saturating_add(c);
                self.collect(&[(opcode, 0, 1)], ops);
                self.cost > self.budget
            }
            ScevData::MinMax(k, ops) => {
                let t = se.ty(s);
                let n = ops.len() as u64;
                let mut c = self.cmp_sel(CmpSel::ICmp(IntPred::Any), t, n.saturating_sub(1));
                c = c.saturating_add(self.cmp_sel(CmpSel::Select, t, n.saturating_sub(1)));
                let mut operations = vec![(Opcode::ICmp, 0, 1), (Opcode::Select, 0, 2)];
                if k == MinMaxKind::SeqUMin {
                    c = c.saturating_add(self.cmp_sel(
                        CmpSel::ICmp(IntPred::Any),
                        t,
                        n.saturating_sub(1),
                    ));
                    c = c.saturating_add(self.arith(BinOp::Or, t, n.saturating_sub(2)));
                    c = c.saturating_add(self.cmp_sel(CmpSel::Select, t, 1));
                    operations.extend([
                        (Opcode::ICmp, 0, 0),
                        (Opcode::Or, 0, 1),
                        (Opcode::Select, 0, 1),
                    ]);
                }
                self.cost = self.cost.saturating_add(c);
                self.collect(&operations, &ops);
                self.cost > self.budget
            }
            ScevData::AddRec(ops, _) => {
                let t = se.ty(s);
                let terms = ops.iter().filter(|&&o| !se.is_zero(o)).count() as u64;
                let non_one = ops
                    .iter()
                    .filter(|&&o| se.as_const(o).is_none_or(|c| c.u() > 1))
                    .count() as u64;
                let add = self.arith(BinOp::Add, t, terms.saturating_sub(1));
                let mul = self.arith(BinOp::Mul, t, non_one);
                let degree = (ops.len() as u64).saturating_sub(1);
                let c = add
                    .saturating_add(mul)
                    .saturating_add(mul.saturating_mul(degree.saturating_sub(1)));
                self.cost = self.cost.saturating_add(c);
                self.collect(&[(Opcode::Add, 1, 1), (Opcode::Mul, 0, 1)], &ops);
                self.cost > self.budget
            }
        }
    }

    /// `NumRequired * getArithmeticInstrCost(op, ty)`.
    fn arith(&self, op: BinOp, t: Ty, n: u64) -> u64 {
        let v = OperandInfo::VARIABLE;
        n.saturating_mul(
            self.q
                .target
                .arithmetic_cost(op, target_ty(t), self.ck, v, v),
        )
    }

    /// `NumRequired * getCmpSelInstrCost(op, ty, i1, BAD_ICMP_PREDICATE)`.
    fn cmp_sel(&self, op: CmpSel, t: Ty, n: u64) -> u64 {
        n.saturating_mul(self.q.target.cmp_sel_cost(op, target_ty(t), self.ck))
    }

    /// Pushes every operand for every operation that will use it, its
    /// position clamped to the operation's operand range.
    fn collect(&mut self, operations: &[(Opcode, u32, u32)], ops: &[Scev]) {
        for &(opcode, min, max) in operations {
            for (i, &o) in ops.iter().enumerate() {
                let idx = (i as u32).max(min).min(max);
                self.work.push(Item {
                    parent: Some(opcode),
                    idx,
                    s: o,
                });
            }
        }
    }

    /// `hasRelatedExistingExpansion(s, at, L)`: an operand of the `icmp`
    /// of a branch that exits `L` computes `s` and dominates `at`, or the
    /// expander would reuse a value for `s` at `at`.
    fn has_related_existing_expansion(&self, se: &mut ScalarEvolution, s: Scev) -> bool {
        let f = self.f;
        let exiting = se.loops().exiting_blocks(se.cfg(), self.q.l);
        for b in exiting {
            let Some(t) = f.terminator(b) else { continue };
            let td = f.inst(t);
            if td.opcode != Opcode::Br || td.operands().len() != 3 {
                continue;
            }
            let Some(Operand::Value(c)) = td.operands().first().copied() else {
                continue;
            };
            let ValueDef::Result(ci) = f.value_def(c) else {
                continue;
            };
            let cd = f.inst(ci);
            if cd.opcode != Opcode::ICmp {
                continue;
            }
            let sides: Vec<Operand> = cd.operands().iter().take(2).copied().collect();
            // Both sides must be instructions (`m_Instruction`).
            let insts: Vec<(loopwright_ir::Value, Inst)> = sides
                .iter()
                .filter_map(|o| match o {
                    Operand::Value(v) => match f.value_def(*v) {
                        ValueDef::Result(i) => Some((*v, i)),
                        _ => None,
                    },
                    _ => None,
                })
                .collect();
            if insts.len() != 2 {
                continue;
            }
            for (v, i) in insts {
                if se.scev_of(v) == s && se.dominators().dominates_inst(f, i, self.q.at) {
                    return true;
                }
            }
        }
        if matches!(se.data(s), ScevData::Const(_)) {
            return false;
        }
        let Some(e) = extract(se, s) else {
            return false;
        };
        reuse::find(self.m, f, self.ctx, &e, self.q.at).is_some()
    }
}
