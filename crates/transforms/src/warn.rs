//! `transform-warning`: warns about forced transformations still requested
//! on a loop after the last transformation pass (LLVM's
//! `WarnMissedTransformationsPass`).
//!
//! A transformation the user forced (`#pragma clang loop unroll(full)`,
//! `vectorize(enable)`, ...) that no pass carried out is still in the
//! loop's attributes, in the form LLVM's `has*Transformation` reads as
//! `TM_ForcedByUser`. Loops are visited in program pre-order, as
//! `getLoopsInPreorder` does, and every leftover gets a `!Failure` remark
//! (printed as a warning) with LLVM's name and text. For vectorization, a
//! forced width of 1 with an interleave count other than 1 reports the
//! missing interleaving instead.

use crate::remark::{source_loc, Remark, RemarkKind, Remarks};
use crate::FnMemo;
use loopwright_analysis::loopmd::{LoopAttrs, TransformationMode};
use loopwright_ir::{Function, Module};

const TAIL: &str = ": the optimizer was unable to perform the requested transformation; \
the transformation might be disabled or specified as part of an unsupported transformation ordering";

/// Emits the leftover-transformation warnings of `f`.
pub fn warn_missed_transformations(m: &Module, f: &Function, remarks: &mut Remarks) {
    warn_missed_transformations_memo(m, f, remarks, &mut FnMemo::default());
}

/// [`warn_missed_transformations`] with what earlier passes learned about
/// `f` (the pass changes nothing, so `memo` stays valid).
pub fn warn_missed_transformations_memo(
    m: &Module,
    f: &Function,
    remarks: &mut Remarks,
    memo: &mut FnMemo,
) {
    if !has_loop_ids(f) {
        return;
    }
    let a = memo.analyses(f);
    let fname = f.name().unwrap_or("");
    for l in a.loops.preorder_in_program_order() {
        let Some(id) = a.loops.loop_id(f, &m.md, &a.cfg, l) else {
            continue;
        };
        let (attrs, _) = LoopAttrs::of_module(m, id);
        let loc = a
            .loops
            .start_loc(f, &m.md, &a.cfg, l)
            .and_then(|n| source_loc(&m.md, n));
        let mut warn = |name: &str, what: &str| {
            remarks.emit(
                Remark::new(
                    RemarkKind::Failure,
                    "transform-warning",
                    name,
                    loc.clone(),
                    fname,
                )
                .text(format!("loop not {what}{TAIL}")),
            );
        };
        if attrs.has_unroll_transformation() == TransformationMode::Forced {
            warn("FailedRequestedUnrolling", "unrolled");
        }
        if attrs.has_unroll_and_jam_transformation() == TransformationMode::Forced {
            warn("FailedRequestedUnrollAndJamming", "unroll-and-jammed");
        }
        if attrs.has_vectorize_transformation() == TransformationMode::Forced {
            // getOptionalElementCountLoopAttribute: scalable when
            // `scalable.enable` is a non-zero integer.
            let width = attrs.int_attr("llvm.loop.vectorize.width").map(|w| {
                let scalable = attrs
                    .int_attr("llvm.loop.vectorize.scalable.enable")
                    .unwrap_or(0)
                    != 0;
                (w as u32, scalable)
            });
            let is_vector = width.is_none_or(|(w, scalable)| (scalable && w != 0) || w > 1);
            if is_vector {
                warn("FailedRequestedVectorization", "vectorized");
            } else if attrs.int_attr("llvm.loop.interleave.count").unwrap_or(0) != 1 {
                warn("FailedRequestedInterleaving", "interleaved");
            }
        }
        if attrs.has_distribute_transformation() == TransformationMode::Forced {
            warn("FailedRequestedDistribution", "distributed");
        }
    }
}

/// Warns about loop attributes that cannot be read as LLVM reads them
/// (wrong operand types or counts, out-of-range values, duplicates): LLVM
/// ignores them silently, which hides a typo in a pragma or a generator
/// bug. One `!Failure` remark (printed as a warning) per problem per loop,
/// from pass `loop-metadata`, name `MalformedLoopMetadata`; loops in
/// program pre-order.
pub fn lint_loop_metadata(m: &Module, f: &Function, remarks: &mut Remarks) {
    lint_loop_metadata_memo(m, f, remarks, &mut FnMemo::default());
}

/// [`lint_loop_metadata`] with `f`'s memo, which keeps the analyses the
/// lint computes for the passes that follow (the lint changes nothing).
pub fn lint_loop_metadata_memo(m: &Module, f: &Function, remarks: &mut Remarks, memo: &mut FnMemo) {
    if !has_loop_ids(f) {
        return;
    }
    let a = memo.analyses(f);
    let fname = f.name().unwrap_or("");
    for l in a.loops.preorder_in_program_order() {
        let Some(id) = a.loops.loop_id(f, &m.md, &a.cfg, l) else {
            continue;
        };
        let (_, warnings) = LoopAttrs::of_module(m, id);
        if warnings.is_empty() {
            continue;
        }
        let loc = a
            .loops
            .start_loc(f, &m.md, &a.cfg, l)
            .and_then(|n| source_loc(&m.md, n));
        for w in warnings {
            remarks.emit(
                Remark::new(
                    RemarkKind::Failure,
                    "loop-metadata",
                    "MalformedLoopMetadata",
                    loc.clone(),
                    fname,
                )
                .text(format!("loop metadata in function '{fname}': {w}")),
            );
        }
    }
}

/// Whether some block of `f` ends in an instruction with `!llvm.loop`.
/// Without one no loop of `f` has a loop ID (LLVM's `getLoopID` reads the
/// latches' terminators), so there is nothing to check and no analysis to
/// compute.
fn has_loop_ids(f: &Function) -> bool {
    f.layout.blocks().any(|b| {
        f.terminator(b)
            .is_some_and(|t| f.inst(t).md.get(loopwright_ir::MdKind::LOOP).is_some())
    })
}
