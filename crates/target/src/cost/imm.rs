//! Integer immediates: LLVM 19's `X86TTIImpl::getIntImmCost` and
//! `getIntImmCostInst`, what it costs to materialize a constant as an
//! operand of an instruction.
//!
//! Scalar evolution's expander asks this under `minsize` (code size), when
//! it decides whether an expression is cheap to expand: a constant operand
//! that fits the instruction's immediate field is free, one that needs a
//! `mov` of its own costs one instruction per 64-bit chunk (two for a chunk
//! that does not fit a sign-extended 32-bit immediate).
//!
//! Not modelled: the rule of later LLVM versions that costs a 64-bit `and`
//! mask by the BMI `bextr`/`bzhi` sequence (no caller asks about `and`),
//! and the instruction-dependent `icmp` rules (the caller gives no
//! instruction).

use crate::subtarget::Subtarget;
use loopwright_ir::Opcode;

/// `X86TTIImpl::getIntImmCost(int64_t)`: a 64-bit chunk.
fn chunk_cost(v: i64) -> u64 {
    if v == 0 {
        0
    } else if i64::from(v as i32) == v {
        1
    } else {
        2
    }
}

/// The 64-bit chunks of `val` (`bits` wide, zero-extended in `val`),
/// sign-extended to a multiple of 64 bits, lowest first.
fn chunks(bits: u32, val: u128) -> Vec<i64> {
    let sext: i128 = if bits >= 128 {
        val as i128
    } else {
        let shift = 128 - bits;
        ((val << shift) as i128) >> shift
    };
    (0..bits.div_ceil(64))
        .map(|k| (sext >> (64 * k).min(127)) as i64)
        .collect()
}

impl Subtarget {
    /// `X86TTIImpl::getIntImmCost(Imm, Ty)`: materializing the `bits`-wide
    /// constant `val` (its bits, zero-extended) on its own. Zero and
    /// constants wider than 128 bits are free; otherwise at least one
    /// instruction. The cost kind does not matter on x86.
    pub fn int_imm_cost(&self, bits: u32, val: u128) -> u64 {
        if bits == 0 {
            return u64::from(u32::MAX);
        }
        if bits > 128 {
            return 0;
        }
        let masked = if bits >= 128 {
            val
        } else {
            val & ((1u128 << bits) - 1)
        };
        if masked == 0 {
            return 0;
        }
        let c: u64 = chunks(bits, masked).into_iter().map(chunk_cost).sum();
        c.max(1)
    }

    /// `X86TTIImpl::getIntImmCostInst`: the `bits`-wide constant `val` as
    /// operand `idx` of an instruction with opcode `user` (`None`: no
    /// instruction, as for the root of an expression). 0 is free
    /// (`TCC_Free`), 1 an instruction (`TCC_Basic`).
    pub fn int_imm_cost_inst(&self, user: Option<Opcode>, idx: u32, bits: u32, val: u128) -> u64 {
        if !self.is_x86 || bits == 0 {
            return 0;
        }
        let masked = if bits >= 128 {
            val
        } else {
            val & ((1u128 << bits) - 1)
        };
        let Some(op) = user else { return 0 };
        let imm_idx = match op {
            Opcode::GetElementPtr => return if idx == 0 { 2 } else { 0 },
            Opcode::Store => 0,
            Opcode::ICmp => {
                if idx == 1 && bits == 64 && (masked == 0x1_0000_0000 || masked == 0xffff_ffff) {
                    return 0;
                }
                1
            }
            Opcode::And => {
                if idx == 1 && bits == 64 && masked >> 32 == 0 {
                    return 0;
                }
                1
            }
            Opcode::Add | Opcode::Sub => {
                if idx == 1 && bits == 64 && masked == 0x8000_0000 {
                    return 0;
                }
                1
            }
            Opcode::UDiv | Opcode::SDiv | Opcode::URem | Opcode::SRem => return 0,
            Opcode::Mul | Opcode::Or | Opcode::Xor => 1,
            Opcode::Shl | Opcode::LShr | Opcode::AShr => {
                if idx == 1 {
                    return 0;
                }
                u32::MAX
            }
            Opcode::Trunc
            | Opcode::ZExt
            | Opcode::SExt
            | Opcode::IntToPtr
            | Opcode::PtrToInt
            | Opcode::BitCast
            | Opcode::Phi
            | Opcode::Call
            | Opcode::Select
            | Opcode::Ret
            | Opcode::Load => u32::MAX,
            _ => return 0,
        };
        let cost = self.int_imm_cost(bits, masked);
        if idx == imm_idx {
            let constants = u64::from(bits.div_ceil(64));
            return if cost <= constants { 0 } else { cost };
        }
        cost
    }
}

#[cfg(test)]
mod tests {
    use crate::subtarget::{Subtarget, TargetAttrs};
    use loopwright_ir::Opcode;

    fn x86() -> Subtarget {
        Subtarget::new(&TargetAttrs {
            triple: Some("x86_64-unknown-linux-gnu"),
            ..TargetAttrs::default()
        })
    }

    #[test]
    fn materializing_constants() {
        let s = x86();
        assert_eq!(s.int_imm_cost(64, 0), 0);
        assert_eq!(s.int_imm_cost(64, 1), 1);
        // -1 as i64 and as i8 both fit a sign-extended 32-bit immediate.
        assert_eq!(s.int_imm_cost(64, u128::from(u64::MAX)), 1);
        assert_eq!(s.int_imm_cost(8, 0xff), 1);
        // 2^32 needs a 64-bit mov.
        assert_eq!(s.int_imm_cost(64, 1 << 32), 2);
        // i128 with a 64-bit low half and a zero high half: 2 + 0.
        assert_eq!(s.int_imm_cost(128, 1 << 40), 2);
        // -1 as i128: two chunks of -1.
        assert_eq!(s.int_imm_cost(128, u128::MAX), 2);
        assert_eq!(s.int_imm_cost(256, 5), 0);
    }

    #[test]
    fn immediates_of_instructions() {
        let s = x86();
        let c = |op, idx, bits, val| s.int_imm_cost_inst(op, idx, bits, val);
        // The immediate operand is free when it fits one instruction.
        assert_eq!(c(Some(Opcode::Add), 1, 64, 5), 0);
        assert_eq!(c(Some(Opcode::Mul), 1, 32, 7), 0);
        // The other operand (a constant on the left) costs its mov.
        assert_eq!(c(Some(Opcode::Add), 0, 64, 5), 1);
        assert_eq!(c(Some(Opcode::Mul), 0, 64, u128::from(u64::MAX)), 1);
        // A 64-bit immediate is not encodable: its mov.
        assert_eq!(c(Some(Opcode::Add), 1, 64, 1 << 33), 2);
        assert_eq!(c(Some(Opcode::Add), 1, 64, 0x8000_0000), 0);
        assert_eq!(c(Some(Opcode::ICmp), 1, 64, 0xffff_ffff), 0);
        assert_eq!(c(Some(Opcode::And), 1, 64, 0xffff_ffff), 0);
        // Divisions, shift amounts, no instruction: free.
        assert_eq!(c(Some(Opcode::UDiv), 1, 64, 1 << 40), 0);
        assert_eq!(c(Some(Opcode::LShr), 1, 64, 3), 0);
        assert_eq!(c(None, 0, 64, 1 << 40), 0);
        // Casts and selects have no immediate operand.
        assert_eq!(c(Some(Opcode::Select), 1, 32, 9), 1);
        assert_eq!(c(Some(Opcode::ZExt), 0, 32, 9), 1);
        assert_eq!(c(Some(Opcode::Select), 1, 32, 0), 0);
        assert_eq!(c(Some(Opcode::GetElementPtr), 0, 64, 9), 2);
    }
}
