//! The shape of the cost tables: an operation, a legal value type, and a
//! cost per cost kind (reciprocal throughput, latency, code size, size
//! and latency), as LLVM's `CostKindTblEntry`. A kind an entry leaves
//! out ([`NA`]) makes the lookup fall through to the next table, as in
//! LLVM.

use super::CostKind;
use crate::vt::Vt;

/// "No cost for this kind in this entry".
pub const NA: u16 = u16::MAX;

/// LLVM's ISD opcodes the tables are keyed by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Isd {
    Add,
    Sub,
    Mul,
    And,
    Or,
    Xor,
    Shl,
    Srl,
    Sra,
    Sdiv,
    Udiv,
    Srem,
    Urem,
    Fadd,
    Fsub,
    Fmul,
    Fdiv,
    Fneg,
    /// X86ISD::PMULUDQ (a 64-bit multiply of zero-extended 32-bit lanes).
    Pmuludq,
    Abs,
    Smax,
    Smin,
    Umax,
    Umin,
    Fmaxnum,
    Fsqrt,
    Ctpop,
    Setcc,
    Select,
    SignExtend,
    ZeroExtend,
    Truncate,
    FpExtend,
    FpRound,
    SintToFp,
    UintToFp,
    FpToSint,
    FpToUint,
}

/// One row: `op` on `vt` costs `c[kind]`.
#[derive(Clone, Copy, Debug)]
pub struct E {
    pub op: Isd,
    pub vt: Vt,
    pub c: [u16; 4],
}

/// One row of a conversion table: `op` from `src` to `dst`.
#[derive(Clone, Copy, Debug)]
pub struct C {
    pub op: Isd,
    pub dst: Vt,
    pub src: Vt,
    pub c: [u16; 4],
}

fn kind_index(k: CostKind) -> usize {
    match k {
        CostKind::RecipThroughput => 0,
        CostKind::Latency => 1,
        CostKind::CodeSize => 2,
        CostKind::SizeAndLatency => 3,
    }
}

/// LLVM's `CostTableLookup` followed by `Entry->Cost[CostKind]`: the first
/// row for (`op`, `vt`), if it has a cost of this kind.
pub fn lookup(table: &[E], op: Isd, vt: Vt, kind: CostKind) -> Option<u64> {
    let e = table.iter().find(|e| e.op == op && e.vt == vt)?;
    let c = e.c[kind_index(kind)];
    (c != NA).then_some(u64::from(c))
}

/// LLVM's `ConvertCostTableLookup` with a cost kind.
pub fn lookup_cvt(table: &[C], op: Isd, dst: Vt, src: Vt, kind: CostKind) -> Option<u64> {
    let e = table
        .iter()
        .find(|e| e.op == op && e.dst == dst && e.src == src)?;
    let c = e.c[kind_index(kind)];
    (c != NA).then_some(u64::from(c))
}

/// `c!(_)` is [`NA`], `c!(n)` is `n`.
macro_rules! c {
    (_) => {
        $crate::cost::table::NA
    };
    ($x:literal) => {
        $x
    };
}
pub(crate) use c;

/// A table of [`E`] rows: `OP VT [tput lat size sizelat]`; `_` leaves a
/// kind out.
macro_rules! tbl {
    ($($op:ident $vt:ident [$a:tt $b:tt $c:tt $d:tt])*) => {
        &[$($crate::cost::table::E {
            op: $crate::cost::table::Isd::$op,
            vt: $crate::cost::mvt::$vt,
            c: [
                $crate::cost::table::c!($a),
                $crate::cost::table::c!($b),
                $crate::cost::table::c!($c),
                $crate::cost::table::c!($d),
            ],
        }),*]
    };
}
pub(crate) use tbl;

/// A table of [`C`] rows: `OP DST SRC [tput lat size sizelat]`.
macro_rules! cvt {
    ($($op:ident $dst:ident $src:ident [$a:tt $b:tt $c:tt $d:tt])*) => {
        &[$($crate::cost::table::C {
            op: $crate::cost::table::Isd::$op,
            dst: $crate::cost::mvt::$dst,
            src: $crate::cost::mvt::$src,
            c: [
                $crate::cost::table::c!($a),
                $crate::cost::table::c!($b),
                $crate::cost::table::c!($c),
                $crate::cost::table::c!($d),
            ],
        }),*]
    };
}
pub(crate) use cvt;
