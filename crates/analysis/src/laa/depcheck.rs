//! The dependence checker (LLVM's `MemoryDepChecker`): for every pair of
//! accesses that may touch the same underlying object, the dependence
//! distance in bytes, the strides and the access sizes decide the kind of
//! dependence and the maximum safe vector width.

use super::accesses::{Access, DepCands};
use super::pse::Pse;
use super::{Ctx, Dependence, LaaOptions, MAX_VECTOR_WIDTH};
use crate::loops::Loop;
use crate::scev::{NoWrap, Scev};
use loopwright_ir::{Inst, Predicate};

/// The kind of a dependence (LLVM's `DepType`, in its order).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DepKind {
    /// No dependence.
    NoDep,
    /// A dependence that cannot be classified (possibly safe with run-time
    /// checks).
    Unknown,
    /// Through a pointer without a constant stride (`A[B[i]]`).
    IndirectUnsafe,
    /// Lexically forward: safe.
    Forward,
    /// Forward, but vectorizing may stall store-to-load forwarding.
    ForwardButPreventsForwarding,
    /// Lexically backward and too close: unsafe.
    Backward,
    /// Backward, safe up to the maximum safe width.
    BackwardVectorizable,
    /// Backward vectorizable, but vectorizing may stall store-to-load
    /// forwarding.
    BackwardVectorizableButPreventsForwarding,
}

impl DepKind {
    /// LLVM's `DepName`.
    pub fn name(self) -> &'static str {
        match self {
            DepKind::NoDep => "NoDep",
            DepKind::Unknown => "Unknown",
            DepKind::IndirectUnsafe => "IndirectUnsafe",
            DepKind::Forward => "Forward",
            DepKind::ForwardButPreventsForwarding => "ForwardButPreventsForwarding",
            DepKind::Backward => "Backward",
            DepKind::BackwardVectorizable => "BackwardVectorizable",
            DepKind::BackwardVectorizableButPreventsForwarding => {
                "BackwardVectorizableButPreventsForwarding"
            }
        }
    }

    /// `isSafeForVectorization` is `Safe`.
    pub fn is_safe(self) -> bool {
        matches!(
            self,
            DepKind::NoDep | DepKind::Forward | DepKind::BackwardVectorizable
        )
    }

    /// Safe with run-time checks (`PossiblySafeWithRtChecks`).
    pub fn is_possibly_safe_with_checks(self) -> bool {
        self == DepKind::Unknown
    }

    pub fn is_backward(self) -> bool {
        matches!(
            self,
            DepKind::Backward
                | DepKind::BackwardVectorizable
                | DepKind::BackwardVectorizableButPreventsForwarding
        )
    }

    pub fn is_forward(self) -> bool {
        matches!(
            self,
            DepKind::Forward | DepKind::ForwardButPreventsForwarding
        )
    }
}

/// `VectorizationSafetyStatus`, ordered.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Status {
    Safe,
    PossiblySafeWithRtChecks,
    Unsafe,
}

fn status(k: DepKind) -> Status {
    if k.is_safe() {
        Status::Safe
    } else if k.is_possibly_safe_with_checks() {
        Status::PossiblySafeWithRtChecks
    } else {
        Status::Unsafe
    }
}

pub(crate) struct DepChecker {
    max_dependences: usize,
    forwarding_detection: bool,
    min_num_iter: u64,
    max_target_width: u64,
    /// Access indices per access, in program order.
    accesses: Vec<(Access, Vec<usize>)>,
    /// The instruction of each access index.
    pub inst_map: Vec<Inst>,
    dependences: Vec<Dependence>,
    recording: bool,
    status: Status,
    min_dep_dist_bytes: u64,
    max_safe_width_bits: u64,
    pub found_non_constant_distance: bool,
}

impl DepChecker {
    pub fn new(opts: &LaaOptions) -> Self {
        let ff = opts.forced_vf.max(1);
        let fu = opts.forced_interleave.max(1);
        DepChecker {
            max_dependences: opts.max_dependences,
            forwarding_detection: opts.forwarding_conflict_detection,
            min_num_iter: (ff * fu).max(2),
            max_target_width: opts.max_target_vector_width_bits.unwrap_or(u32::MAX as u64),
            accesses: Vec::new(),
            inst_map: Vec::new(),
            dependences: Vec::new(),
            recording: true,
            status: Status::Safe,
            min_dep_dist_bytes: u64::MAX,
            max_safe_width_bits: u64::MAX,
            found_non_constant_distance: false,
        }
    }

    /// `addAccess`: one access index per pointer the access may use.
    pub fn add_access(&mut self, cx: &Ctx<'_, '_>, l: Loop, i: Inst, is_write: bool) {
        let ptr = cx.pointer_operand(i);
        for p in cx.visit_pointers(ptr, l) {
            let a = (p, is_write);
            let idx = self.inst_map.len();
            match self.accesses.iter_mut().find(|(x, _)| *x == a) {
                Some((_, v)) => v.push(idx),
                None => self.accesses.push((a, vec![idx])),
            }
            self.inst_map.push(i);
        }
    }

    fn indices(&self, a: Access) -> Vec<usize> {
        self.accesses
            .iter()
            .find(|(x, _)| *x == a)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    }

    pub fn clear_dependences(&mut self) {
        self.dependences.clear();
    }

    pub fn dependences_out(&self) -> Option<Vec<Dependence>> {
        self.recording.then(|| self.dependences.clone())
    }

    pub fn max_safe_width(&self) -> Option<u64> {
        (self.max_safe_width_bits != u64::MAX && self.max_safe_width_bits != u32::MAX as u64)
            .then_some(self.max_safe_width_bits)
    }

    /// `areDepsSafe`.
    pub fn are_deps_safe(
        &mut self,
        cx: &mut Ctx<'_, '_>,
        pse: &mut Pse,
        sets: &DepCands,
        check_deps: &[Access],
    ) -> bool {
        self.min_dep_dist_bytes = u64::MAX;
        let mut visited: Vec<Access> = Vec::new();
        for &cur in check_deps {
            if visited.contains(&cur) {
                continue;
            }
            let members: Vec<Access> = sets.members(sets.leader(cur)).to_vec();
            for ai in 0..members.len() {
                let a = members[ai];
                visited.push(a);
                let start = if a.1 { ai } else { ai + 1 };
                for &o in &members[start.min(members.len())..] {
                    let ia = self.indices(a);
                    let io = self.indices(o);
                    for (k1, &i1) in ia.iter().enumerate() {
                        let seconds: &[usize] = if o == a { &ia[k1 + 1..] } else { &io };
                        for &i2 in seconds {
                            let (mut x, mut y) = ((a, i1), (o, i2));
                            if i1 > i2 {
                                std::mem::swap(&mut x, &mut y);
                            }
                            let kind = self.is_dependent(cx, pse, x.0, x.1, y.0, y.1);
                            self.status = self.status.max(status(kind));
                            if self.recording {
                                if kind != DepKind::NoDep {
                                    self.dependences.push(Dependence {
                                        source: x.1,
                                        destination: y.1,
                                        kind,
                                    });
                                }
                                if self.dependences.len() >= self.max_dependences {
                                    self.recording = false;
                                    self.dependences.clear();
                                }
                            }
                            if !self.recording && self.status != Status::Safe {
                                return false;
                            }
                        }
                    }
                }
            }
        }
        self.status == Status::Safe
    }

    /// `couldPreventStoreLoadForward`.
    fn could_prevent_forwarding(&mut self, distance: u64, type_size: u64) -> bool {
        let num_iters = 8 * type_size;
        let mut max_vf = (MAX_VECTOR_WIDTH * type_size).min(self.min_dep_dist_bytes);
        let mut vf = 2 * type_size;
        while vf <= max_vf {
            if !distance.is_multiple_of(vf) && distance / vf < num_iters {
                max_vf = vf >> 1;
                break;
            }
            vf = vf.saturating_mul(2);
            if vf == 0 {
                break;
            }
        }
        if max_vf < 2 * type_size {
            return true;
        }
        if max_vf < self.min_dep_dist_bytes && max_vf != MAX_VECTOR_WIDTH * type_size {
            self.min_dep_dist_bytes = max_vf;
        }
        false
    }

    /// `isDependent`: the kind of dependence between the accesses at
    /// indices `ai < bi`.
    fn is_dependent(
        &mut self,
        cx: &mut Ctx<'_, '_>,
        pse: &mut Pse,
        a: Access,
        ai: usize,
        b: Access,
        bi: usize,
    ) -> DepKind {
        let (a_inst, b_inst) = (self.inst_map[ai], self.inst_map[bi]);
        let info = match self.distance_stride_size(cx, pse, a, a_inst, b, b_inst) {
            Ok(i) => i,
            Err(k) => return k,
        };
        let DistInfo {
            mut dist,
            stride_a,
            stride_b,
            type_size,
            a_write,
            b_write,
        } = info;
        let same_size = type_size > 0;
        let common = (stride_a == stride_b).then_some(stride_a);
        if cx.se.is_cnc(dist) {
            self.found_non_constant_distance |= common.is_some();
            return DepKind::Unknown;
        }
        let max_stride = stride_a.max(stride_b);
        if same_size {
            if let Some(btc) = cx.symbolic_max_btc {
                if safe_dependence_distance(cx, btc, dist, max_stride, type_size) {
                    return DepKind::NoDep;
                }
            }
        }
        let c = cx.se.as_const(dist);
        match c {
            Some(c) => {
                let d = c.s().unsigned_abs() as u64;
                if d > 0
                    && common.is_some_and(|s| s > 1)
                    && same_size
                    && strided_independent(d, common.unwrap_or(1), type_size)
                {
                    return DepKind::NoDep;
                }
            }
            None => dist = cx.se.apply_loop_guards(dist, pse.l),
        }
        if cx.se.is_known_non_positive(dist) {
            if cx.se.is_known_non_negative(dist) {
                return if same_size {
                    DepKind::Forward
                } else {
                    DepKind::Unknown
                };
            }
            let true_dep = a_write && !b_write;
            if true_dep && self.forwarding_detection {
                let Some(c) = c else {
                    self.found_non_constant_distance |= common.is_some();
                    return DepKind::Unknown;
                };
                if !same_size
                    || self.could_prevent_forwarding(c.s().unsigned_abs() as u64, type_size)
                {
                    return DepKind::ForwardButPreventsForwarding;
                }
            }
            return DepKind::Forward;
        }
        let min_distance = cx.se.signed_range(dist).smin().s();
        if min_distance <= 0 {
            self.found_non_constant_distance |= common.is_some();
            return DepKind::Unknown;
        }
        let constant = c.is_some();
        if !constant {
            self.found_non_constant_distance |= common.is_some();
        }
        if !same_size {
            return DepKind::Unknown;
        }
        let Some(common) = common else {
            return DepKind::Unknown;
        };
        let min_distance = u64::try_from(min_distance).unwrap_or(u64::MAX);
        let needed = type_size
            .saturating_mul(common)
            .saturating_mul(self.min_num_iter - 1)
            .saturating_add(type_size);
        if needed > min_distance {
            return if constant {
                DepKind::Backward
            } else {
                DepKind::Unknown
            };
        }
        if needed > self.min_dep_dist_bytes {
            return DepKind::Backward;
        }
        self.min_dep_dist_bytes = self.min_dep_dist_bytes.min(min_distance);
        let true_dep = !a_write && b_write;
        if true_dep
            && self.forwarding_detection
            && constant
            && self.could_prevent_forwarding(min_distance, type_size)
        {
            return DepKind::BackwardVectorizableButPreventsForwarding;
        }
        let max_vf = self.min_dep_dist_bytes / (type_size * common);
        let bits = max_vf.saturating_mul(type_size).saturating_mul(8);
        if !constant && bits < self.max_target_width {
            return DepKind::Unknown;
        }
        self.max_safe_width_bits = self.max_safe_width_bits.min(bits);
        DepKind::BackwardVectorizable
    }

    /// `getDependenceDistanceStrideAndSize`.
    fn distance_stride_size(
        &mut self,
        cx: &mut Ctx<'_, '_>,
        pse: &mut Pse,
        a: Access,
        a_inst: Inst,
        b: Access,
        b_inst: Inst,
    ) -> Result<DistInfo, DepKind> {
        let l = pse.l;
        let (a_ptr, a_write) = a;
        let (b_ptr, b_write) = b;
        if !a_write && !b_write {
            return Err(DepKind::NoDep);
        }
        let (a_ty, b_ty) = (cx.access_type(a_inst), cx.access_type(b_inst));
        if cx.addrspace(a_ptr) != cx.addrspace(b_ptr) {
            return Err(DepKind::Unknown);
        }
        let mut stride_a = cx.ptr_stride(pse, a_ty, a_ptr, true, true);
        let mut stride_b = cx.ptr_stride(pse, b_ty, b_ptr, true, true);
        let mut src = pse.scev(cx.se, a_ptr);
        let mut sink = pse.scev(cx.se, b_ptr);
        let (mut src_ty, mut sink_ty) = (a_ty, b_ty);
        if stride_a.is_some_and(|s| s < 0) {
            std::mem::swap(&mut src, &mut sink);
            std::mem::swap(&mut src_ty, &mut sink_ty);
            std::mem::swap(&mut stride_a, &mut stride_b);
        }
        let dist = cx.se.get_minus(sink, src, NoWrap::ANY);
        if cx.se.is_loop_invariant(src, l) || cx.se.is_loop_invariant(sink, l) {
            let (ss, se_) = cx.start_and_end(pse, l, src, src_ty);
            let (ks, ke) = cx.start_and_end(pse, l, sink, sink_ty);
            let computable = ![ss, se_, ks, ke].iter().any(|&x| cx.se.is_cnc(x));
            if computable
                && (cx.se.is_known_predicate(Predicate::Ule, se_, ks)
                    || cx.se.is_known_predicate(Predicate::Ule, ke, ss))
            {
                return Err(DepKind::NoDep);
            }
        }
        let (Some(sa), Some(sb)) = (stride_a, stride_b) else {
            return Err(DepKind::IndirectUnsafe);
        };
        if sa == 0 || sb == 0 {
            return Err(DepKind::Unknown);
        }
        if (sa > 0) != (sb > 0) {
            return Err(DepKind::Unknown);
        }
        let mut type_size = cx.alloc_size(a_ty);
        if cx.store_size(a_ty) != cx.store_size(b_ty) {
            type_size = 0;
        }
        Ok(DistInfo {
            dist,
            stride_a: sa.unsigned_abs(),
            stride_b: sb.unsigned_abs(),
            type_size,
            a_write,
            b_write,
        })
    }
}

struct DistInfo {
    dist: Scev,
    stride_a: u64,
    stride_b: u64,
    type_size: u64,
    a_write: bool,
    b_write: bool,
}

/// `isSafeDependenceDistance`: `|dist|` is larger than the bytes the
/// accesses travel over the loop.
fn safe_dependence_distance(
    cx: &mut Ctx<'_, '_>,
    btc: Scev,
    dist: Scev,
    max_stride: u64,
    type_size: u64,
) -> bool {
    let bt = cx.se.ty(btc);
    let step = cx
        .se
        .get_const_ty(bt, (max_stride as i128) * (type_size as i128));
    let product = cx.se.get_mul2(btc, step, NoWrap::ANY);
    let (mut cd, mut cp) = (dist, product);
    let db = cx.se.bits_of(dist);
    let pb = cx.se.bits_of(product);
    if db > pb {
        let t = cx.se.ty(dist);
        cp = cx.se.get_zero_extend(product, t, 0);
    } else {
        let t = cx.se.ty(product);
        cd = cx.se.get_noop_or_sign_extend(dist, t);
    }
    let minus = cx.se.get_minus(cd, cp, NoWrap::ANY);
    if !cx.se.is_cnc(minus) && cx.se.is_known_positive(minus) {
        return true;
    }
    let neg = cx.se.get_negative(cd, NoWrap::ANY);
    let minus = cx.se.get_minus(neg, cp, NoWrap::ANY);
    !cx.se.is_cnc(minus) && cx.se.is_known_positive(minus)
}

/// `areStridedAccessesIndependent`.
fn strided_independent(distance: u64, stride: u64, type_size: u64) -> bool {
    if !distance.is_multiple_of(type_size) {
        return false;
    }
    !(distance / type_size).is_multiple_of(stride)
}
