//! Predicated rewrites: expressions that hold only under run-time
//! conditions (LLVM's `SCEVPredicate`s and
//! `createAddRecFromPHIWithCasts`).
//!
//! A loop-header phi whose update goes through a truncation and an
//! extension,
//!
//! ```text
//! %x = phi i64 [ %start, %ph ], [ %x.next, %latch ]
//! %t = shl i64 %x, 32
//! %c = ashr exact i64 %t, 32          ; (sext i32 (trunc i64 %x to i32) to i64)
//! %x.next = add i64 %c, %step
//! ```
//!
//! is no add recurrence: its expression stays opaque. Under three
//! conditions it is `{%start,+,%step}`:
//! - the truncated recurrence `{trunc %start,+,trunc %step}` does not wrap
//!   in the narrow type (signed for `sext`, unsigned for `zext`): a
//!   [`ScevPredicate::Wrap`] (LLVM's `SCEVWrapPredicate` with the
//!   `IncrementNSSW`/`IncrementNUSW` flag);
//! - `%start` equals the extension of its truncation, and `%step` equals
//!   the sign extension of its truncation: [`ScevPredicate::Equal`]
//!   (LLVM's `SCEVComparePredicate` with `eq`), each left out when scalar
//!   evolution proves it, and the whole rewrite refused when it proves one
//!   false.
//!
//! The predicates are facts a transformation must check at run time
//! before it relies on the rewritten expression (loop versioning); none
//! is ever assumed here.

use super::expr::{CastKind, Scev, ScevData, Ty, UnkRef};
use super::ScalarEvolution;
use loopwright_ir::print::LocalNames;
use loopwright_ir::{Opcode, Predicate, Value, ValueDef};
use smallvec::SmallVec;

/// A run-time condition an expression rewrite depends on.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum ScevPredicate {
    /// `lhs == rhs` (LLVM's `SCEVComparePredicate` with `eq`).
    Equal(Scev, Scev),
    /// The add recurrence `ar` does not wrap while the loop runs: in the
    /// signed sense (`<nssw>`) or the unsigned one (`<nusw>`) (LLVM's
    /// `SCEVWrapPredicate`).
    Wrap { ar: Scev, signed: bool },
}

/// A phi that is an add recurrence under run-time predicates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PredicatedPhi {
    /// `{start,+,step}` in the phi's loop (no wrap flags).
    pub ar: Scev,
    /// What must hold for the phi to equal `ar`: at most a wrap predicate
    /// and two equalities.
    pub preds: SmallVec<[ScevPredicate; 3]>,
    /// The expression `ext(trunc(phi))` in the update; values with this
    /// expression equal `ar` wherever the predicates hold.
    pub casted: Scev,
}

impl ScalarEvolution<'_> {
    /// LLVM's `createAddRecFromPHIWithCasts`: the add recurrence `phi` is
    /// under the returned predicates, when its update follows
    /// `phi -> trunc -> sext/zext -> add -> phi` with a loop-invariant
    /// addend. `None` when the phi is no integer loop-header phi, the
    /// pattern does not match, or a predicate is known to be false.
    ///
    /// The phi's own expression must be opaque (an add recurrence needs no
    /// predicate); this is not checked.
    pub fn add_rec_from_phi_with_casts(&mut self, phi: Value) -> Option<PredicatedPhi> {
        let ValueDef::Result(pi) = self.f.value_def(phi) else {
            return None;
        };
        let d = self.f.inst(pi);
        if d.opcode != Opcode::Phi || !d.operands().len().is_multiple_of(2) {
            return None;
        }
        let Ty::Int(_) = self.scev_ty(d.ty)? else {
            return None;
        };
        let pb = self.f.layout.inst_block(pi)?;
        let l = self.lf.loop_for(pb)?;
        if self.lf.header(l) != pb {
            return None;
        }
        // A unique value from inside the loop and a unique one from
        // outside.
        let (mut be, mut start) = (None, None);
        for pair in d.operands().chunks(2) {
            let (x, b) = (pair[0], pair[1].as_block()?);
            let slot = if self.lf.contains(l, b) {
                &mut be
            } else {
                &mut start
            };
            match slot {
                None => *slot = Some(x),
                Some(y) if *y == x => {}
                Some(_) => return None,
            }
        }
        let (be, start) = (be?, start?);
        let sym = self.scev_of(phi);
        if !matches!(self.data(sym), ScevData::Unknown(UnkRef::Value(v)) if *v == phi) {
            return None;
        }
        let be_s = self.get_scev(be);
        let ScevData::Add(ops) = self.data(be_s).clone() else {
            return None;
        };
        // The first operand that is `ext(trunc(phi))`.
        let (found, trunc_ty, signed) = ops
            .iter()
            .enumerate()
            .find_map(|(k, &op)| self.simple_casted_phi(op, sym).map(|(t, s)| (k, t, s)))?;
        let rest: SmallVec<[Scev; 4]> = ops
            .iter()
            .enumerate()
            .filter(|&(k, _)| k != found)
            .map(|(_, &s)| s)
            .collect();
        let accum = if rest.len() == 1 {
            rest[0]
        } else {
            self.get_add(rest, super::NoWrap::ANY, 0)
        };
        if self.is_cnc(accum) || !self.is_loop_invariant(accum, l) {
            return None;
        }
        let start_s = self.get_scev(start);
        if self.is_cnc(start_s) {
            return None;
        }
        let mut preds = SmallVec::new();
        let ts = self.get_truncate(start_s, trunc_ty, 0);
        let ta = self.get_truncate(accum, trunc_ty, 0);
        let narrow = self.get_add_rec2(ts, ta, l, super::NoWrap::ANY);
        if self.as_add_rec(narrow).is_some() {
            preds.push(ScevPredicate::Wrap { ar: narrow, signed });
        }
        let wide = self.ty(start_s);
        let extended = |se: &mut Self, e: Scev, sext: bool| {
            let t = se.get_truncate(e, trunc_ty, 0);
            if sext {
                se.get_sign_extend(t, wide, 0)
            } else {
                se.get_zero_extend(t, wide, 0)
            }
        };
        let start_ext = extended(self, start_s, signed);
        if start_ext != start_s && self.is_known_predicate(Predicate::Ne, start_s, start_ext) {
            return None;
        }
        // The step is always sign extended (the wrap checks are signed or
        // unsigned increments).
        let accum_ext = extended(self, accum, true);
        if accum_ext != accum && self.is_known_predicate(Predicate::Ne, accum, accum_ext) {
            return None;
        }
        for (e, x) in [(start_s, start_ext), (accum, accum_ext)] {
            if self.is_cnc(x) {
                return None;
            }
            if e != x && !self.is_known_predicate(Predicate::Eq, e, x) {
                preds.push(ScevPredicate::Equal(e, x));
            }
        }
        let ar = self.get_add_rec2(start_s, accum, l, super::NoWrap::ANY);
        self.as_add_rec(ar)?;
        Some(PredicatedPhi {
            ar,
            preds,
            casted: ops[found],
        })
    }

    /// `op` is `ext(trunc(sym))` with the extension back to `sym`'s width:
    /// the truncated type and whether the extension is signed (LLVM's
    /// `isSimpleCastedPHI`).
    fn simple_casted_phi(&self, op: Scev, sym: Scev) -> Option<(Ty, bool)> {
        if op == sym || self.bits_of(op) != self.bits_of(sym) {
            return None;
        }
        let (signed, inner) = match self.data(op) {
            ScevData::Cast(CastKind::SExt, x, _) => (true, *x),
            ScevData::Cast(CastKind::ZExt, x, _) => (false, *x),
            _ => return None,
        };
        match self.data(inner) {
            ScevData::Cast(CastKind::Trunc, x, t) if *x == sym => Some((*t, signed)),
            _ => None,
        }
    }

    /// The predicate in LLVM's text (`print<access-info>`'s "SCEV
    /// assumptions"), without indentation or newline.
    pub fn predicate_to_string(&self, names: Option<&LocalNames<'_>>, p: ScevPredicate) -> String {
        let e = |s| match names {
            Some(n) => super::print::expr_to_string_named(self, n, s),
            None => super::print::expr_to_string(self, s),
        };
        match p {
            ScevPredicate::Equal(a, b) => format!("Equal predicate: {} == {}", e(a), e(b)),
            ScevPredicate::Wrap { ar, signed } => format!(
                "{} Added Flags: {}",
                e(ar),
                if signed { "<nssw>" } else { "<nusw>" }
            ),
        }
    }
}
