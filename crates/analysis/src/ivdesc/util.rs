//! IR views shared by the descriptors: the loop's shape, users without
//! debug records, operands in LLVM's order, and the min/max idioms of
//! LLVM's `PatternMatch`.

use super::RecurKind;
use crate::effects::intrinsic_name;
use crate::loops::Loop;
use crate::scev::ScalarEvolution;
use loopwright_ir::{
    Block, Flags, Function, Inst, InstData, Module, Opcode, Operand, Predicate, Value, ValueDef,
};
use smallvec::SmallVec;

/// One loop of a function with one predecessor outside the loop and a
/// single latch, with the analyses the descriptors read.
pub(crate) struct Cx<'a> {
    pub m: &'a Module,
    pub f: &'a Function,
    pub lf: &'a crate::LoopForest,
    pub dt: &'a crate::DominatorTree,
    pub l: Loop,
    pub header: Block,
    pub preheader: Block,
    pub latch: Block,
    pub order: &'a ProgramOrder,
}

/// Program order of a function's blocks and instructions.
pub(crate) struct ProgramOrder {
    pub blocks: rustc_hash::FxHashMap<Block, u32>,
    pub insts: crate::InstOrder,
}

impl ProgramOrder {
    pub fn compute(f: &Function) -> Self {
        ProgramOrder {
            blocks: f
                .layout
                .blocks()
                .enumerate()
                .map(|(k, b)| (b, k as u32))
                .collect(),
            insts: crate::InstOrder::compute(f),
        }
    }
}

impl<'a> Cx<'a> {
    /// The context of `l`, or `None` when it has several predecessors
    /// outside the loop or several latches. The loop predecessor stands
    /// for the preheader: when it is none (it branches elsewhere too),
    /// the preheader loop-simplify would insert takes the same values.
    pub fn new(se: &ScalarEvolution<'a>, order: &'a ProgramOrder, l: Loop) -> Option<Self> {
        let (m, f, lf) = (se.m, se.f, se.lf);
        let preheader = lf
            .preheader(f, se.cfg, l)
            .or_else(|| lf.predecessor(se.cfg, l))?;
        let latch = lf.latch(se.cfg, l)?;
        Some(Cx {
            m,
            f,
            lf,
            dt: se.dt,
            l,
            header: lf.header(l),
            preheader,
            latch,
            order,
        })
    }

    pub fn inst(&self, i: Inst) -> &'a InstData {
        self.f.inst(i)
    }

    /// The instruction defining `o`, if any.
    pub fn def(&self, o: Operand) -> Option<Inst> {
        match o {
            Operand::Value(v) => match self.f.value_def(v) {
                ValueDef::Result(i) if self.f.layout.inst_block(i).is_some() => Some(i),
                _ => None,
            },
            _ => None,
        }
    }

    pub fn block(&self, i: Inst) -> Option<Block> {
        self.f.layout.inst_block(i)
    }

    /// Whether `i` is an instruction of the loop.
    pub fn in_loop(&self, i: Inst) -> bool {
        self.block(i).is_some_and(|b| self.lf.contains(self.l, b))
    }

    /// The in-loop instruction defining `o`, if any.
    pub fn loop_def(&self, o: Operand) -> Option<Inst> {
        self.def(o).filter(|&i| self.in_loop(i))
    }

    /// LLVM's IR-level `Loop::isLoopInvariant`: not an instruction of the
    /// loop.
    pub fn invariant(&self, o: Operand) -> bool {
        self.loop_def(o).is_none()
    }

    pub fn result(&self, i: Inst) -> Option<Value> {
        self.f.inst_result(i)
    }

    /// The users of `i`'s result, once per use, without debug records, in
    /// the order of LLVM's use lists (newest use first).
    pub fn users(&self, i: Inst) -> SmallVec<[Inst; 8]> {
        match self.result(i) {
            Some(v) => self
                .f
                .uses(v)
                .iter()
                .rev()
                .copied()
                .filter(|&u| !self.f.inst(u).opcode.is_debug_record())
                .collect(),
            None => SmallVec::new(),
        }
    }

    pub fn num_uses(&self, i: Inst) -> usize {
        self.users(i).len()
    }

    /// The incoming value of phi `phi` from block `b`.
    pub fn incoming(&self, phi: Inst, b: Block) -> Option<Operand> {
        self.inst(phi)
            .operands()
            .chunks(2)
            .find(|p| p.len() == 2 && p[1] == Operand::Block(b))
            .map(|p| p[0])
    }

    /// Whether `o` is one of the incoming values of `phi`.
    pub fn is_incoming(&self, phi: Inst, o: Operand) -> bool {
        self.inst(phi).operands().chunks(2).any(|p| p[0] == o)
    }

    /// Operand `k` in LLVM's order (calls put the callee last, phis list
    /// only incoming values).
    pub fn llvm_operand(&self, i: Inst, k: usize) -> Option<Operand> {
        let d = self.inst(i);
        match d.opcode {
            Opcode::Phi => d.operands().get(2 * k).copied(),
            Opcode::Call | Opcode::Invoke | Opcode::CallBr => d.call_args().get(k).copied(),
            _ => d.operands().get(k).copied(),
        }
    }

    /// The value operands of `i` in LLVM's order (without a call's
    /// callee, which is never an instruction).
    pub fn value_operands(&self, i: Inst) -> SmallVec<[Operand; 4]> {
        let d = self.inst(i);
        match d.opcode {
            Opcode::Phi => d.operands().iter().step_by(2).copied().collect(),
            Opcode::Call | Opcode::Invoke | Opcode::CallBr => {
                d.call_args().iter().copied().collect()
            }
            _ => d.operands().iter().copied().collect(),
        }
    }

    pub fn is_float_ty(&self, t: loopwright_ir::Type) -> bool {
        self.m.types.is_float(t)
    }

    /// LLVM's `FPMathOperator`: floating-point arithmetic and compares,
    /// and phis, selects and calls of floating-point type.
    pub fn is_fp_math_op(&self, i: Inst) -> bool {
        let d = self.inst(i);
        match d.opcode {
            Opcode::FNeg
            | Opcode::FAdd
            | Opcode::FSub
            | Opcode::FMul
            | Opcode::FDiv
            | Opcode::FRem
            | Opcode::FCmp => true,
            Opcode::Phi | Opcode::Select | Opcode::Call => {
                let t = self.m.types.scalar(d.ty);
                self.m.types.is_float(t)
            }
            _ => false,
        }
    }

    /// The intrinsic `i` calls (the name without `llvm.` and without the
    /// type suffix's leading dot), if any.
    pub fn intrinsic(&self, i: Inst) -> Option<Intrinsic> {
        let name = intrinsic_name(self.m, self.inst(i))?;
        let rest = name.strip_prefix("llvm.")?;
        let fam = |p: &str| rest.starts_with(p) && rest.as_bytes().get(p.len()) == Some(&b'.');
        Some(if fam("smin") {
            Intrinsic::SMin
        } else if fam("smax") {
            Intrinsic::SMax
        } else if fam("umin") {
            Intrinsic::UMin
        } else if fam("umax") {
            Intrinsic::UMax
        } else if fam("minnum") {
            Intrinsic::MinNum
        } else if fam("maxnum") {
            Intrinsic::MaxNum
        } else if fam("minimum") {
            Intrinsic::Minimum
        } else if fam("maximum") {
            Intrinsic::Maximum
        } else if fam("fmuladd") {
            Intrinsic::FMulAdd
        } else if fam("fma") {
            Intrinsic::Fma
        } else {
            Intrinsic::Other
        })
    }

    pub fn is_fmuladd(&self, i: Inst) -> bool {
        self.intrinsic(i) == Some(Intrinsic::FMulAdd)
    }

    /// LLVM's `Instruction::isCommutative`.
    pub fn is_commutative(&self, i: Inst) -> bool {
        use Opcode::*;
        match self.inst(i).opcode {
            Add | FAdd | Mul | FMul | And | Or | Xor => true,
            Call => matches!(
                self.intrinsic(i),
                Some(
                    Intrinsic::SMin
                        | Intrinsic::SMax
                        | Intrinsic::UMin
                        | Intrinsic::UMax
                        | Intrinsic::MinNum
                        | Intrinsic::MaxNum
                        | Intrinsic::Minimum
                        | Intrinsic::Maximum
                        | Intrinsic::FMulAdd
                        | Intrinsic::Fma
                )
            ),
            _ => false,
        }
    }

    pub fn is_cmp(&self, i: Inst) -> bool {
        matches!(self.inst(i).opcode, Opcode::ICmp | Opcode::FCmp)
    }

    /// The compare instruction that is `select` `i`'s condition.
    pub fn select_cmp(&self, i: Inst) -> Option<Inst> {
        let d = self.inst(i);
        if d.opcode != Opcode::Select || d.operands().len() != 3 {
            return None;
        }
        self.def(d.operands()[0]).filter(|&c| self.is_cmp(c))
    }

    /// For a compare with exactly one use that is a `select`: the select
    /// (the `m_OneUse(m_Cmp())` step of LLVM's patterns).
    pub fn one_use_cmp_select(&self, i: Inst) -> Option<Inst> {
        if !self.is_cmp(i) {
            return None;
        }
        let users = self.users(i);
        (users.len() == 1 && self.inst(users[0]).opcode == Opcode::Select).then(|| users[0])
    }

    pub fn fast_math(&self, i: Inst) -> Flags {
        self.inst(i).flags.fast_math()
    }

    pub fn has_flags(&self, i: Inst, f: Flags) -> bool {
        self.inst(i).flags.contains(f)
    }

    /// The min/max operation `i` is (LLVM's `m_UMin` ... `m_OrdFMax`,
    /// `m_UnordFMin`, and the `minnum`/`maxnum`/`minimum`/`maximum`
    /// intrinsics), in the order `isMinMaxPattern` tries them.
    pub fn min_max_kind(&self, i: Inst) -> Option<RecurKind> {
        let d = self.inst(i);
        match d.opcode {
            Opcode::Call => match self.intrinsic(i)? {
                Intrinsic::UMin => Some(RecurKind::UMin),
                Intrinsic::UMax => Some(RecurKind::UMax),
                Intrinsic::SMax => Some(RecurKind::SMax),
                Intrinsic::SMin => Some(RecurKind::SMin),
                Intrinsic::MinNum => Some(RecurKind::FMin),
                Intrinsic::MaxNum => Some(RecurKind::FMax),
                Intrinsic::Minimum => Some(RecurKind::FMinimum),
                Intrinsic::Maximum => Some(RecurKind::FMaximum),
                _ => None,
            },
            Opcode::Select => {
                let c = self.select_cmp(i)?;
                let cd = self.inst(c);
                let (lhs, rhs) = (*cd.operands().first()?, *cd.operands().get(1)?);
                let (tv, fv) = (d.operands()[1], d.operands()[2]);
                if (tv != lhs || fv != rhs) && (tv != rhs || fv != lhs) {
                    return None;
                }
                let p = cd.predicate()?;
                let p = if lhs == tv { p } else { p.inverse() };
                use Predicate::*;
                match (cd.opcode, p) {
                    (Opcode::ICmp, Ult | Ule) => Some(RecurKind::UMin),
                    (Opcode::ICmp, Ugt | Uge) => Some(RecurKind::UMax),
                    (Opcode::ICmp, Sgt | Sge) => Some(RecurKind::SMax),
                    (Opcode::ICmp, Slt | Sle) => Some(RecurKind::SMin),
                    (Opcode::FCmp, Olt | Ole | FUlt | FUle) => Some(RecurKind::FMin),
                    (Opcode::FCmp, Ogt | Oge | FUgt | FUge) => Some(RecurKind::FMax),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// Whether the type is one a loop phi can be vectorized with: an
    /// integer, floating-point or pointer scalar.
    pub fn is_scalar_int_fp_ptr(&self, t: loopwright_ir::Type) -> bool {
        let tt = &self.m.types;
        tt.is_int(t) || tt.is_ptr(t) || tt.is_float(t)
    }

    /// The program-order key of `i`: its block's place in the layout,
    /// then its place in the block.
    pub fn order_key(&self, i: Inst) -> (u32, u32) {
        let b = self
            .block(i)
            .and_then(|b| self.order.blocks.get(&b).copied())
            .unwrap_or(u32::MAX);
        (b, self.order.insts.position(i))
    }
}

/// Intrinsics the descriptors recognise.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Intrinsic {
    SMin,
    SMax,
    UMin,
    UMax,
    MinNum,
    MaxNum,
    Minimum,
    Maximum,
    FMulAdd,
    Fma,
    Other,
}

/// Whether the function has `"no-nans-fp-math"="true"` and
/// `"no-signed-zeros-fp-math"="true"` (the function-level fast-math
/// flags `isReductionPHI` reads).
pub(crate) fn function_nnan_nsz(m: &Module, f: &Function) -> (bool, bool) {
    let mut nnan = false;
    let mut nsz = false;
    for a in m.attrs.get(f.fn_attrs).iter() {
        if let loopwright_ir::Attr::Str(k, Some(v)) = a {
            if &**v == "true" {
                match &**k {
                    "no-nans-fp-math" => nnan = true,
                    "no-signed-zeros-fp-math" => nsz = true,
                    _ => {}
                }
            }
        }
    }
    (nnan, nsz)
}
