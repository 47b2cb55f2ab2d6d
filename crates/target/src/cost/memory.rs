//! Loads and stores: LLVM 19's `X86TTIImpl::getMemoryOpCost`,
//! `getMaskedMemoryOpCost` and `getGatherScatterOpCost`.
//!
//! - A vector load or store is split into the widest legal operations
//!   (ZMM, YMM, XMM, 64/32/16/8-bit parts), each costing 1 (2 for a
//!   32-byte access on CPUs with slow unaligned 32-byte accesses, such as
//!   Sandy Bridge, and for parts under 4 bytes), plus the subvector
//!   inserts/extracts that stitch the parts together. Other cost kinds
//!   cost 1.
//! - Masked loads/stores: `vmaskmov` before AVX-512 (a load costs 2, a
//!   store 8 per legal vector), 1 with AVX-512 mask registers; without
//!   AVX (or for element types `vmaskmov` lacks) they are scalarized with
//!   a compare and branch per lane.
//! - Gathers/scatters: legal with AVX-512, and gathers with AVX2 on CPUs
//!   with fast gathers (Skylake and later Intel client cores); they cost 2
//!   plus one load per lane (legal vectors split first). Otherwise they
//!   are scalarized. `prefer-no-gather`/`prefer-no-scatter` turn them
//!   off. LLVM 19 sets neither for znver4, so a `znver4` gather costs as
//!   much as a Skylake one here.

use super::{CostKind, MemOp, ShuffleKind};
use crate::subtarget::Subtarget;
use crate::vt::{Scalar, Ty};

impl Subtarget {
    /// LLVM's `getMemoryOpCost` for a plain load or store of `ty` with the
    /// given alignment in bytes (`None`: unknown, treated as 1).
    pub fn memory_cost(&self, op: MemOp, ty: Ty, align: Option<u64>, ck: CostKind) -> u64 {
        let _query = super::budget::enter();
        if !self.is_x86 {
            return 1;
        }
        if ck != CostKind::RecipThroughput {
            return 1;
        }
        let lt = self.legalize(ty);
        if !ty.vector || !lt.vt.is_vector() {
            return lt.count;
        }
        let is_load = op == MemOp::Load;
        let elt_bits = ty.elem.bits();
        let src_n = ty.lanes;
        let mut remaining = i64::from(src_n);
        let max_bytes = lt.vt.bits().div_ceil(8) as i64;
        if elt_bits == 0 || 128 % elt_bits != 0 {
            return self.base_memory_cost(op, ty, ck);
        }
        let per_xmm = 128 / elt_bits;
        let mut align = align.unwrap_or(1).max(1) as i64;
        let mut cost = 0u64;
        let mut sub_left: i64 = 0;
        let legal_n = i64::from(lt.vt.num_elements());
        let mut bytes = max_bytes;
        while remaining > 0 && bytes > 0 {
            if (8 * bytes) % i64::from(elt_bits) != 0 {
                return self.base_memory_cost(op, ty, ck);
            }
            let per_op = (8 * bytes) / i64::from(elt_bits);
            let cur_lanes = if per_op > i64::from(per_xmm) {
                per_op
            } else {
                i64::from(per_xmm)
            };
            while remaining > 0 {
                if remaining < per_op && (!is_load || align < bytes) && bytes != 1 {
                    break;
                }
                let done = i64::from(src_n) - remaining;
                let first_sub = done % legal_n == 0;
                if sub_left == 0 {
                    sub_left += cur_lanes;
                    if !first_sub {
                        let kind = if is_load {
                            ShuffleKind::InsertSubvector
                        } else {
                            ShuffleKind::ExtractSubvector
                        };
                        cost = cost.saturating_add(self.shuffle_cost(
                            kind,
                            ty,
                            done as u32,
                            Some(ty.with_lanes(cur_lanes as u32)),
                            ck,
                        ));
                    }
                }
                if bytes <= 4 && !first_sub {
                    // One insert/extract of the coalesced element.
                    let coalesced_bits = (elt_bits as i64 * per_op) as u32;
                    let lanes = (cur_lanes / per_op).max(1) as u32;
                    let cty = if per_op == 1 {
                        ty.with_lanes(cur_lanes as u32)
                    } else {
                        Ty::vint(coalesced_bits, lanes)
                    };
                    let idx = ((done % i64::from(per_xmm)) / per_op) as u32;
                    let op = if is_load {
                        super::VectorInst::Insert
                    } else {
                        super::VectorInst::Extract
                    };
                    cost = cost.saturating_add(self.vector_inst_cost(op, cty, Some(idx), ck));
                }
                // Sub-32-bit parts need inserts/extracts; a 32-byte access is
                // double-pumped where unaligned 32-byte accesses are slow.
                let slow = (bytes == 32 && self.has(crate::Feature::SlowUaMem32)) || bytes < 4;
                cost += if slow { 2 } else { 1 };
                sub_left -= per_op;
                remaining -= per_op;
                align = common_alignment(align, bytes);
            }
            bytes /= 2;
        }
        cost
    }

    /// `BasicTTIImpl::getMemoryOpCost`: one per legal value.
    fn base_memory_cost(&self, _op: MemOp, ty: Ty, _ck: CostKind) -> u64 {
        self.legalize(ty).count
    }

    /// Whether `llvm.masked.load`/`store` of `ty` is legal (`vmaskmov` or
    /// AVX-512 masking).
    pub fn is_legal_masked_load_store(&self, ty: Ty) -> bool {
        if ty.vector && ty.lanes == 1 {
            return false;
        }
        if !self.has_avx() {
            return false;
        }
        match ty.elem {
            Scalar::Ptr | Scalar::Float | Scalar::Double => true,
            Scalar::Half => self.has_bwi(),
            Scalar::BFloat => self.has(crate::Feature::Avx512bf16),
            Scalar::Int(32 | 64) => true,
            Scalar::Int(8 | 16) => self.has_bwi(),
            _ => false,
        }
    }

    /// LLVM's `getMaskedMemoryOpCost`.
    pub fn masked_memory_cost(&self, op: MemOp, ty: Ty, align: Option<u64>, ck: CostKind) -> u64 {
        let _query = super::budget::enter();
        if !self.is_x86 {
            return 1;
        }
        if !ty.vector {
            return self.memory_cost(op, ty, align, ck);
        }
        let n = ty.lanes;
        let mask_ty = Ty::vint(8, n);
        if !self.is_legal_masked_load_store(ty) {
            // Scalarized: extract each mask bit, compare, branch, and
            // load/store one element.
            let mask_split = self.scalarization_overhead(mask_ty, false, true, ck);
            let cmp = self.cmp_sel_cost(super::CmpSel::ICmp(super::IntPred::Any), Ty::int(8), ck);
            let br = u64::from(ck != CostKind::RecipThroughput);
            let mask_cmp = u64::from(n).saturating_mul(br.saturating_add(cmp));
            let value_split =
                self.scalarization_overhead(ty, op == MemOp::Load, op == MemOp::Store, ck);
            let mem = u64::from(n).saturating_mul(self.base_memory_cost(op, ty.scalar_ty(), ck));
            return mem
                .saturating_add(value_split)
                .saturating_add(mask_split)
                .saturating_add(mask_cmp);
        }
        let lt = self.legalize(ty);
        let mut cost = 0u64;
        let vt = crate::vt::Vt::of(ty, self.pointer_bits());
        if !lt.vt.is_vector() {
            return lt.count;
        }
        if vt.is_simple() && lt.vt != vt && lt.vt.num_elements() == n {
            cost = cost
                .saturating_add(self.shuffle_cost(ShuffleKind::PermuteTwoSrc, ty, 0, None, ck))
                .saturating_add(self.shuffle_cost(
                    ShuffleKind::PermuteTwoSrc,
                    mask_ty,
                    0,
                    None,
                    ck,
                ));
        } else if lt.count.saturating_mul(u64::from(lt.vt.num_elements())) > u64::from(n) {
            let wide_mask = Ty::vint(8, lt.vt.num_elements());
            cost = cost.saturating_add(self.shuffle_cost(
                ShuffleKind::InsertSubvector,
                wide_mask,
                0,
                Some(mask_ty),
                ck,
            ));
        }
        if !self.has_avx512() {
            // LLVM 19's `getMaskedMemoryOpCost`: AVX `vmaskmov` costs 2 per
            // legal value for a load and 8 for a store (LLVM's constants);
            // an AVX-512 masked move 1.
            let per = if op == MemOp::Load { 2 } else { 8 };
            return cost.saturating_add(lt.count.saturating_mul(per));
        }
        cost.saturating_add(lt.count)
    }

    /// Whether a gather (`scatter == false`) or scatter of `ty` is lowered
    /// to `vpgather`/`vpscatter` rather than scalarized.
    pub fn is_legal_gather_scatter(&self, ty: Ty, scatter: bool) -> bool {
        let elem_ok = matches!(
            ty.elem,
            Scalar::Ptr | Scalar::Float | Scalar::Double | Scalar::Int(32 | 64)
        );
        let supported = if scatter {
            self.has_avx512() && !self.has(crate::Feature::PreferNoScatter)
        } else {
            (self.has_avx512() || (self.has(crate::Feature::FastGather) && self.has_avx2()))
                && !self.has(crate::Feature::PreferNoGather)
        };
        let n = ty.lanes;
        let force_scalar = n == 1 || (self.has_avx512() && (n == 2 || (n == 4 && !self.has_vlx())));
        supported && elem_ok && !force_scalar
    }

    /// LLVM's `getGatherScatterOpCost` for `llvm.masked.gather` /
    /// `llvm.masked.scatter` of `ty` through a vector of pointers.
    /// `index32`: the addresses are one base plus 32-bit (or sign-extended)
    /// indices, which lets a 16-lane AVX-512 gather use 32-bit indices.
    pub fn gather_scatter_cost(
        &self,
        op: MemOp,
        ty: Ty,
        variable_mask: bool,
        index32: bool,
        ck: CostKind,
    ) -> u64 {
        let _query = super::budget::enter();
        if !self.is_x86 {
            return 1;
        }
        let scatter = op == MemOp::Store;
        if !ty.vector || !self.is_legal_gather_scatter(ty, scatter) {
            return self.scalarized_gather_scatter(op, ty, variable_mask, ck);
        }
        self.gs_vector_cost(op, ty, index32, ck)
    }

    /// LLVM 19's `getGSVectorCost`: split to the legal index/data width,
    /// then a fixed overhead plus one scalar load or store per lane. The
    /// overheads are LLVM's `getGatherOverhead` / `getScatterOverhead`: 2
    /// where the instruction is used (AVX-512, or AVX2 with `fast-gather`;
    /// scatters AVX-512 only), 1024 otherwise. This prices a Zen 4
    /// gather like a Skylake-SP one (see `machine.rs` for what Zen 4 does).
    fn gs_vector_cost(&self, op: MemOp, ty: Ty, index32: bool, ck: CostKind) -> u64 {
        let vf = ty.lanes.max(1);
        let index_bits = if self.has_avx512() && vf >= 16 && index32 {
            32
        } else {
            self.pointer_bits()
        };
        let idx = self.legalize(Ty::vint(index_bits, vf));
        let src = self.legalize(ty);
        let split = idx.count.max(src.count);
        if split > 1 {
            let lanes = (u64::from(vf) / split).max(1) as u32;
            return split.saturating_mul(self.gs_vector_cost(
                op,
                ty.with_lanes(lanes),
                index32,
                ck,
            ));
        }
        if ck == CostKind::CodeSize {
            return 1;
        }
        let overhead = if op == MemOp::Load {
            if self.has_avx512() || (self.has_avx2() && self.has(crate::Feature::FastGather)) {
                2
            } else {
                1024
            }
        } else if self.has_avx512() {
            2
        } else {
            1024
        };
        let per = self.memory_cost(op, ty.scalar_ty(), None, ck);
        overhead + u64::from(vf).saturating_mul(per)
    }

    /// `BasicTTIImpl::getCommonMaskedMemoryOpCost` for a gather/scatter:
    /// extract the addresses, load/store each element, build or take apart
    /// the vector; with a variable mask, extract the mask bits and branch
    /// per lane.
    fn scalarized_gather_scatter(
        &self,
        op: MemOp,
        ty: Ty,
        variable_mask: bool,
        ck: CostKind,
    ) -> u64 {
        let n = u64::from(ty.lanes);
        let addr = self.scalarization_overhead(ty.with_elem(Scalar::Ptr), false, true, ck);
        let mem = n.saturating_mul(self.memory_cost(op, ty.scalar_ty(), None, ck));
        let packing = self.scalarization_overhead(ty, op == MemOp::Load, op == MemOp::Store, ck);
        let mut cond = 0;
        if variable_mask {
            let bits = self.scalarization_overhead(ty.with_elem(Scalar::Int(1)), false, true, ck);
            // A branch per lane (free for throughput: predicted).
            let br = u64::from(ck != CostKind::RecipThroughput);
            cond = bits.saturating_add(n.saturating_mul(br));
        }
        addr.saturating_add(mem)
            .saturating_add(packing)
            .saturating_add(cond)
    }
}

/// LLVM's `commonAlignment(A, Offset)`: the largest power of two dividing
/// both.
fn common_alignment(align: i64, offset: i64) -> i64 {
    let a = align.max(1);
    let o = offset.max(1);
    let x = a | o;
    x & x.wrapping_neg()
}
