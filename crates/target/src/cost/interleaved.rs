//! Interleaved loads and stores: LLVM 19's
//! `X86TTIImpl::getInterleavedMemoryOpCost` (a wide load or store of
//! `factor × vf` elements and the shuffles that split it into, or build
//! it from, `factor` vectors of `vf` lanes).
//!
//! - With AVX-512 (and AVX512BW for 8- and 16-bit elements): the
//!   `X86InterleavedAccess` sequences of i8 groups of factor 3 and 4 from
//!   LLVM's table; otherwise a formula in two-source permutes per result
//!   (loads) or per stored vector (stores), plus the legal loads or
//!   stores.
//! - Before AVX-512: LLVM's AVX2, SSSE3 and SSE2 tables of the shuffle
//!   sequences codegen emits, by factor and `vf × iN` (floats and
//!   pointers as integers of their size); a load group with fewer members
//!   than the factor pays its share of the shuffles.
//! - Otherwise `BasicTTIImpl`'s estimate: the wide access (only the legal
//!   parts that hold members) plus inserting and extracting every element.
//!
//! Not modelled: masked groups (`UseMaskForCond`, `UseMaskForGaps`; x86
//! does not enable masked interleaved accesses, and store groups with
//! gaps would need them: `None`).

use super::{CostKind, MemOp, ShuffleKind};
use crate::subtarget::Subtarget;
use crate::vt::{Elem, Scalar, Ty, Vt};

/// `(factor, element bits, lanes, cost)`.
type Row = (u32, u32, u32, u64);

const AVX512_LOAD: &[Row] = &[(3, 8, 16, 12), (3, 8, 32, 14), (3, 8, 64, 22)];

const AVX512_STORE: &[Row] = &[
    (3, 8, 16, 12),
    (3, 8, 32, 14),
    (3, 8, 64, 26),
    (4, 8, 8, 10),
    (4, 8, 16, 11),
    (4, 8, 32, 14),
    (4, 8, 64, 24),
];

#[rustfmt::skip]
const AVX2_LOAD: &[Row] = &[
    (2, 8, 2, 2), (2, 8, 4, 2), (2, 8, 8, 2), (2, 8, 16, 4), (2, 8, 32, 6),
    (2, 16, 8, 6), (2, 16, 16, 9), (2, 16, 32, 18),
    (2, 32, 8, 4), (2, 32, 16, 8), (2, 32, 32, 16),
    (2, 64, 4, 4), (2, 64, 8, 8), (2, 64, 16, 16), (2, 64, 32, 32),
    (3, 8, 2, 3), (3, 8, 4, 3), (3, 8, 8, 6), (3, 8, 16, 11), (3, 8, 32, 14),
    (3, 16, 2, 5), (3, 16, 4, 7), (3, 16, 8, 9), (3, 16, 16, 28), (3, 16, 32, 56),
    (3, 32, 2, 3), (3, 32, 4, 3), (3, 32, 8, 7), (3, 32, 16, 14), (3, 32, 32, 32),
    (3, 64, 2, 1), (3, 64, 4, 5), (3, 64, 8, 10), (3, 64, 16, 20),
    (4, 8, 2, 4), (4, 8, 4, 4), (4, 8, 8, 12), (4, 8, 16, 24), (4, 8, 32, 56),
    (4, 16, 2, 6), (4, 16, 4, 17), (4, 16, 8, 33), (4, 16, 16, 75), (4, 16, 32, 150),
    (4, 32, 2, 4), (4, 32, 4, 8), (4, 32, 8, 16), (4, 32, 16, 32), (4, 32, 32, 68),
    (4, 64, 2, 6), (4, 64, 4, 8), (4, 64, 8, 20), (4, 64, 16, 40),
    (6, 8, 2, 6), (6, 8, 4, 14), (6, 8, 8, 18), (6, 8, 16, 43), (6, 8, 32, 82),
    (6, 16, 2, 13), (6, 16, 4, 9), (6, 16, 8, 39), (6, 16, 16, 106), (6, 16, 32, 212),
    (6, 32, 2, 6), (6, 32, 4, 15), (6, 32, 8, 31), (6, 32, 16, 64),
    (6, 64, 2, 6), (6, 64, 4, 18), (6, 64, 8, 36),
    (8, 32, 8, 40),
];

const SSSE3_LOAD: &[Row] = &[(2, 16, 4, 2)];

const SSE2_LOAD: &[Row] = &[
    (2, 16, 2, 2),
    (2, 16, 4, 7),
    (2, 32, 2, 2),
    (2, 32, 4, 2),
    (2, 64, 2, 2),
];

#[rustfmt::skip]
const AVX2_STORE: &[Row] = &[
    (2, 8, 16, 3), (2, 8, 32, 4),
    (2, 16, 8, 3), (2, 16, 16, 4), (2, 16, 32, 8),
    (2, 32, 4, 2), (2, 32, 8, 4), (2, 32, 16, 8), (2, 32, 32, 16),
    (2, 64, 2, 2), (2, 64, 4, 4), (2, 64, 8, 8), (2, 64, 16, 16), (2, 64, 32, 32),
    (3, 8, 2, 4), (3, 8, 4, 4), (3, 8, 8, 6), (3, 8, 16, 11), (3, 8, 32, 13),
    (3, 16, 2, 4), (3, 16, 4, 6), (3, 16, 8, 12), (3, 16, 16, 27), (3, 16, 32, 54),
    (3, 32, 2, 4), (3, 32, 4, 5), (3, 32, 8, 11), (3, 32, 16, 22), (3, 32, 32, 48),
    (3, 64, 2, 4), (3, 64, 4, 6), (3, 64, 8, 12), (3, 64, 16, 24),
    (4, 8, 2, 4), (4, 8, 4, 4), (4, 8, 8, 4), (4, 8, 16, 8), (4, 8, 32, 12),
    (4, 16, 2, 2), (4, 16, 4, 6), (4, 16, 8, 10), (4, 16, 16, 32), (4, 16, 32, 64),
    (4, 32, 2, 5), (4, 32, 4, 6), (4, 32, 8, 16), (4, 32, 16, 32), (4, 32, 32, 64),
    (4, 64, 2, 6), (4, 64, 4, 8), (4, 64, 8, 20), (4, 64, 16, 40),
    (6, 8, 2, 7), (6, 8, 4, 9), (6, 8, 8, 16), (6, 8, 16, 27), (6, 8, 32, 90),
    (6, 16, 2, 10), (6, 16, 4, 15), (6, 16, 8, 21), (6, 16, 16, 58), (6, 16, 32, 90),
    (6, 32, 2, 9), (6, 32, 4, 12), (6, 32, 8, 33), (6, 32, 16, 66),
    (6, 64, 2, 8), (6, 64, 4, 15), (6, 64, 8, 30),
];

const SSE2_STORE: &[Row] = &[
    (2, 8, 2, 1),
    (2, 8, 4, 1),
    (2, 8, 8, 1),
    (2, 16, 2, 1),
    (2, 16, 4, 1),
    (2, 32, 2, 1),
];

fn find(table: &[Row], factor: u32, bits: u32, lanes: u32) -> Option<u64> {
    table
        .iter()
        .find(|r| r.0 == factor && r.1 == bits && r.2 == lanes)
        .map(|r| r.3)
}

/// An unmasked interleaved access: a group of `factor` members of type
/// `elem` at width `vf`.
#[derive(Clone, Copy, Debug)]
pub struct Interleaved<'a> {
    pub op: MemOp,
    pub elem: Scalar,
    pub vf: u32,
    pub factor: u32,
    /// The members' indices (`0..factor`; a store group has them all).
    pub indices: &'a [u32],
    /// The group's alignment in bytes.
    pub align: Option<u64>,
}

impl Subtarget {
    /// LLVM's `getInterleavedMemoryOpCost` for the group `g`; `None` where
    /// this model has no answer (see the module docs).
    pub fn interleaved_memory_cost(&self, g: &Interleaved<'_>, ck: CostKind) -> Option<u64> {
        let _query = super::budget::enter();
        let Interleaved {
            op,
            elem,
            vf,
            factor,
            indices,
            align,
        } = *g;
        if factor < 2 || vf == 0 || indices.is_empty() {
            return None;
        }
        let vec = Ty::vector(elem, vf.checked_mul(factor)?);
        if !self.is_x86 {
            return self.basic_interleaved_cost(op, vec, vf, factor, indices, align, ck);
        }
        let avx512_ok = match elem {
            Scalar::Float | Scalar::Double | Scalar::Ptr | Scalar::Int(32 | 64) => true,
            Scalar::Int(8 | 16) | Scalar::Half => self.has_bwi(),
            _ => false,
        };
        if self.has_avx512() && avx512_ok {
            return Some(self.avx512_interleaved_cost(op, vec, vf, factor, indices, align, ck));
        }
        let lt = self.legalize(vec);
        if !lt.vt.is_vector() {
            return self.basic_interleaved_cost(op, vec, vf, factor, indices, align, ck);
        }
        let bits = elem.bits();
        let simple = Vt {
            elem: Elem::Int(bits),
            lanes: vf,
        }
        .is_simple();
        if !simple {
            return self.basic_interleaved_cost(op, vec, vf, factor, indices, align, ck);
        }
        let mem = self.memory_cost(op, vec, align, ck);
        let n = indices.len() as u64;
        let f = u64::from(factor);
        // LLVM's tables, consulted in its order: the first feature the
        // subtarget has whose table has the row.
        let tables: &[(bool, &[Row])] = if op == MemOp::Load {
            &[
                (self.has_avx2(), AVX2_LOAD),
                (self.has_ssse3(), SSSE3_LOAD),
                (self.has_sse2(), SSE2_LOAD),
            ]
        } else {
            &[(self.has_avx2(), AVX2_STORE), (self.has_sse2(), SSE2_STORE)]
        };
        let entry = tables
            .iter()
            .filter(|(has, _)| *has)
            .find_map(|(_, t)| find(t, factor, bits, vf));
        if let Some(c) = entry {
            // A load group with fewer members pays its share of the
            // shuffles.
            return Some(if op == MemOp::Load {
                mem.saturating_add(n.saturating_mul(c).div_ceil(f))
            } else {
                mem.saturating_add(c)
            });
        }
        self.basic_interleaved_cost(op, vec, vf, factor, indices, align, ck)
    }

    /// `getInterleavedMemoryOpCostAVX512`, unmasked.
    #[allow(clippy::too_many_arguments)]
    fn avx512_interleaved_cost(
        &self,
        op: MemOp,
        vec: Ty,
        vf: u32,
        factor: u32,
        indices: &[u32],
        align: Option<u64>,
        ck: CostKind,
    ) -> u64 {
        let lt = self.legalize(vec);
        let vec_size = vec.bits().div_ceil(8);
        let legal_size = lt.vt.bits().div_ceil(8).max(1);
        let mem_ops = vec_size.div_ceil(legal_size);
        let single = Ty::vector(vec.elem, lt.vt.num_elements().max(1));
        let mem_cost = self.memory_cost(op, single, align, ck);
        let bits = match vec.elem {
            Scalar::Ptr => self.pointer_bits(),
            e => e.bits(),
        };
        let int8 = matches!(vec.elem, Scalar::Int(8));
        if op == MemOp::Load {
            if let Some(c) = int8.then(|| find(AVX512_LOAD, factor, bits, vf)).flatten() {
                return mem_ops.saturating_mul(mem_cost).saturating_add(c);
            }
            let kind = if mem_ops > 1 {
                ShuffleKind::PermuteTwoSrc
            } else {
                ShuffleKind::PermuteSingleSrc
            };
            let shuffle = self.shuffle_cost(kind, single, 0, None, ck);
            let loads = indices.len() as u64;
            let results = self
                .legalize(Ty::vector(vec.elem, vf))
                .count
                .saturating_mul(loads);
            let unfolded = if results > 1 { mem_ops } else { mem_ops / 2 };
            let per_result = mem_ops.saturating_sub(1).max(1);
            let moves = if results > 1 && kind == ShuffleKind::PermuteTwoSrc {
                results.saturating_mul(per_result) / 2
            } else {
                0
            };
            return results
                .saturating_mul(per_result)
                .saturating_mul(shuffle)
                .saturating_add(unfolded.saturating_mul(mem_cost))
                .saturating_add(moves);
        }
        if let Some(c) = int8.then(|| find(AVX512_STORE, factor, bits, vf)).flatten() {
            return mem_ops.saturating_mul(mem_cost).saturating_add(c);
        }
        let shuffle = self.shuffle_cost(ShuffleKind::PermuteTwoSrc, single, 0, None, ck);
        let per_store = u64::from(factor - 1);
        let moves = mem_ops.saturating_mul(per_store) / 2;
        mem_ops
            .saturating_mul(mem_cost.saturating_add(per_store.saturating_mul(shuffle)))
            .saturating_add(moves)
    }

    /// `BasicTTIImpl::getInterleavedMemoryOpCost`, unmasked; `None` for a
    /// store group with gaps (see the module docs).
    #[allow(clippy::too_many_arguments)]
    fn basic_interleaved_cost(
        &self,
        op: MemOp,
        vec: Ty,
        vf: u32,
        factor: u32,
        indices: &[u32],
        align: Option<u64>,
        ck: CostKind,
    ) -> Option<u64> {
        let lanes = vec.lanes as usize;
        let mut demanded = vec![false; lanes];
        for &k in indices {
            for e in 0..vf {
                if let Some(x) = demanded.get_mut((k + e * factor) as usize) {
                    *x = true;
                }
            }
        }
        let mut cost = self.memory_cost(op, vec, align, ck);
        // Only the legal parts that hold members are accessed.
        let lt = self.legalize(vec);
        let size = vec.bits().div_ceil(8);
        let legal_size = lt.vt.bits().div_ceil(8).max(1);
        if size > legal_size {
            let parts = size.div_ceil(legal_size);
            let per_part = (lanes as u64).div_ceil(parts).max(1);
            let mut used = vec![false; parts as usize];
            for (e, &d) in demanded.iter().enumerate() {
                if d {
                    if let Some(u) = used.get_mut((e as u64 / per_part) as usize) {
                        *u = true;
                    }
                }
            }
            let n = used.iter().filter(|&&u| u).count() as u64;
            cost = n.saturating_mul(cost).div_ceil(parts);
        }
        let sub = Ty::vector(vec.elem, vf);
        let n = indices.len() as u64;
        if op == MemOp::Load {
            let ins = self.scalarization_overhead(sub, true, false, ck);
            cost = cost
                .saturating_add(n.saturating_mul(ins))
                .saturating_add(self.extraction_overhead(vec, &demanded, ck));
        } else {
            if indices.len() != factor as usize {
                return None;
            }
            let ext = self.scalarization_overhead(sub, false, true, ck);
            cost = cost
                .saturating_add(n.saturating_mul(ext))
                .saturating_add(self.scalarization_overhead(vec, true, false, ck));
        }
        Some(cost)
    }
}
