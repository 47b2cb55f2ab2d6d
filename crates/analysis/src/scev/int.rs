//! Fixed-width integers of 1 to 128 bits for scalar evolution.
//!
//! [`CInt`] is a two's-complement bit pattern of a fixed width, stored in a
//! `u128` whose bits above the width are always zero (so derived equality
//! and hashing are structural). All arithmetic wraps at the width, like
//! LLVM's `APInt`. Widths above 128 are not representable: scalar
//! evolution treats wider integers as opaque values.

use std::cmp::Ordering;

/// The widest integer [`CInt`] represents.
pub const MAX_BITS: u32 = 128;

/// A fixed-width integer (1 to 128 bits).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct CInt {
    bits: u32,
    val: u128,
}

/// The mask of the low `bits` bits.
#[inline]
pub fn mask(bits: u32) -> u128 {
    if bits >= 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    }
}

/// The arithmetic methods are named after LLVM's `APInt` ones and wrap at
/// the width, unlike the `std::ops` traits they resemble.
#[allow(clippy::should_implement_trait)]
impl CInt {
    /// `v` truncated to `bits` (which must be 1..=128).
    #[inline]
    pub fn new(bits: u32, v: u128) -> CInt {
        debug_assert!((1..=MAX_BITS).contains(&bits));
        CInt {
            bits,
            val: v & mask(bits),
        }
    }
    /// `v` sign-extended or truncated to `bits`.
    pub fn from_i128(bits: u32, v: i128) -> CInt {
        CInt::new(bits, v as u128)
    }
    pub fn zero(bits: u32) -> CInt {
        CInt::new(bits, 0)
    }
    pub fn one(bits: u32) -> CInt {
        CInt::new(bits, 1)
    }
    pub fn all_ones(bits: u32) -> CInt {
        CInt::new(bits, u128::MAX)
    }
    pub fn umax_value(bits: u32) -> CInt {
        CInt::all_ones(bits)
    }
    pub fn smax_value(bits: u32) -> CInt {
        CInt::new(bits, mask(bits) >> 1)
    }
    pub fn smin_value(bits: u32) -> CInt {
        CInt::new(bits, 1u128 << (bits - 1))
    }
    #[inline]
    pub fn bits(self) -> u32 {
        self.bits
    }
    /// The unsigned value.
    #[inline]
    pub fn u(self) -> u128 {
        self.val
    }
    /// The signed value.
    #[inline]
    pub fn s(self) -> i128 {
        let sh = 128 - self.bits;
        ((self.val << sh) as i128) >> sh
    }
    pub fn is_zero(self) -> bool {
        self.val == 0
    }
    pub fn is_one(self) -> bool {
        self.val == 1
    }
    pub fn is_all_ones(self) -> bool {
        self.val == mask(self.bits)
    }
    pub fn is_negative(self) -> bool {
        (self.val >> (self.bits - 1)) & 1 == 1
    }
    pub fn is_strictly_positive(self) -> bool {
        !self.is_negative() && !self.is_zero()
    }
    pub fn is_smin(self) -> bool {
        self == CInt::smin_value(self.bits)
    }
    pub fn is_smax(self) -> bool {
        self == CInt::smax_value(self.bits)
    }
    pub fn is_power_of_two(self) -> bool {
        self.val.is_power_of_two()
    }
    pub fn add(self, o: CInt) -> CInt {
        CInt::new(self.bits, self.val.wrapping_add(o.val))
    }
    pub fn sub(self, o: CInt) -> CInt {
        CInt::new(self.bits, self.val.wrapping_sub(o.val))
    }
    pub fn mul(self, o: CInt) -> CInt {
        CInt::new(self.bits, self.val.wrapping_mul(o.val))
    }
    pub fn neg(self) -> CInt {
        CInt::new(self.bits, self.val.wrapping_neg())
    }
    pub fn not(self) -> CInt {
        CInt::new(self.bits, !self.val)
    }
    pub fn and(self, o: CInt) -> CInt {
        CInt::new(self.bits, self.val & o.val)
    }
    pub fn or(self, o: CInt) -> CInt {
        CInt::new(self.bits, self.val | o.val)
    }
    pub fn xor(self, o: CInt) -> CInt {
        CInt::new(self.bits, self.val ^ o.val)
    }
    /// Unsigned division; `None` for division by zero.
    pub fn udiv(self, o: CInt) -> Option<CInt> {
        (o.val != 0).then(|| CInt::new(self.bits, self.val / o.val))
    }
    pub fn urem(self, o: CInt) -> Option<CInt> {
        (o.val != 0).then(|| CInt::new(self.bits, self.val % o.val))
    }
    /// Signed division truncating toward zero; `None` for division by zero.
    pub fn sdiv(self, o: CInt) -> Option<CInt> {
        if o.val == 0 {
            return None;
        }
        Some(CInt::from_i128(self.bits, self.s().wrapping_div(o.s())))
    }
    pub fn srem(self, o: CInt) -> Option<CInt> {
        if o.val == 0 {
            return None;
        }
        Some(CInt::from_i128(self.bits, self.s().wrapping_rem(o.s())))
    }
    pub fn shl(self, n: u32) -> CInt {
        if n >= self.bits {
            CInt::zero(self.bits)
        } else {
            CInt::new(self.bits, self.val << n)
        }
    }
    pub fn lshr(self, n: u32) -> CInt {
        if n >= self.bits {
            CInt::zero(self.bits)
        } else {
            CInt::new(self.bits, self.val >> n)
        }
    }
    pub fn ashr(self, n: u32) -> CInt {
        let n = n.min(self.bits - 1);
        CInt::from_i128(self.bits, self.s() >> n)
    }
    pub fn zext(self, bits: u32) -> CInt {
        CInt::new(bits, self.val)
    }
    pub fn sext(self, bits: u32) -> CInt {
        CInt::from_i128(bits, self.s())
    }
    pub fn trunc(self, bits: u32) -> CInt {
        CInt::new(bits, self.val)
    }
    pub fn zext_or_trunc(self, bits: u32) -> CInt {
        CInt::new(bits, self.val)
    }
    pub fn sext_or_trunc(self, bits: u32) -> CInt {
        if bits > self.bits {
            self.sext(bits)
        } else {
            self.trunc(bits)
        }
    }
    pub fn ult(self, o: CInt) -> bool {
        self.val < o.val
    }
    pub fn ule(self, o: CInt) -> bool {
        self.val <= o.val
    }
    pub fn ugt(self, o: CInt) -> bool {
        self.val > o.val
    }
    pub fn uge(self, o: CInt) -> bool {
        self.val >= o.val
    }
    pub fn slt(self, o: CInt) -> bool {
        self.s() < o.s()
    }
    pub fn sle(self, o: CInt) -> bool {
        self.s() <= o.s()
    }
    pub fn sgt(self, o: CInt) -> bool {
        self.s() > o.s()
    }
    pub fn sge(self, o: CInt) -> bool {
        self.s() >= o.s()
    }
    pub fn ucmp(self, o: CInt) -> Ordering {
        self.val.cmp(&o.val)
    }
    pub fn scmp(self, o: CInt) -> Ordering {
        self.s().cmp(&o.s())
    }
    pub fn umin(self, o: CInt) -> CInt {
        if self.ule(o) {
            self
        } else {
            o
        }
    }
    pub fn umax(self, o: CInt) -> CInt {
        if self.uge(o) {
            self
        } else {
            o
        }
    }
    pub fn smin(self, o: CInt) -> CInt {
        if self.sle(o) {
            self
        } else {
            o
        }
    }
    pub fn smax(self, o: CInt) -> CInt {
        if self.sge(o) {
            self
        } else {
            o
        }
    }
    /// Leading zero bits within the width.
    pub fn leading_zeros(self) -> u32 {
        self.val.leading_zeros() - (128 - self.bits)
    }
    pub fn trailing_zeros(self) -> u32 {
        if self.val == 0 {
            self.bits
        } else {
            self.val.trailing_zeros()
        }
    }
    pub fn leading_ones(self) -> u32 {
        self.not().leading_zeros()
    }
    /// Bits needed as an unsigned number (LLVM's `getActiveBits`).
    pub fn active_bits(self) -> u32 {
        self.bits - self.leading_zeros()
    }
    /// Bits needed as a signed number (LLVM's `getSignificantBits`).
    pub fn significant_bits(self) -> u32 {
        let lead = if self.is_negative() {
            self.leading_ones()
        } else {
            self.leading_zeros()
        };
        self.bits - lead + 1
    }
    /// floor(log2) of a non-zero value.
    pub fn log2(self) -> u32 {
        127 - self.val.leading_zeros()
    }
    pub fn abs(self) -> CInt {
        if self.is_negative() {
            self.neg()
        } else {
            self
        }
    }
    /// Unsigned multiplication reporting overflow.
    pub fn umul_ov(self, o: CInt) -> (CInt, bool) {
        let ov = self
            .val
            .checked_mul(o.val)
            .is_none_or(|p| p > mask(self.bits));
        (self.mul(o), ov)
    }
    /// The multiplicative inverse modulo 2^bits of an odd number.
    pub fn mul_inverse_odd(self) -> CInt {
        // Newton iteration: x = x * (2 - a*x) doubles the correct bits.
        let a = self.val;
        let mut x: u128 = a;
        for _ in 0..7 {
            x = x.wrapping_mul(2u128.wrapping_sub(a.wrapping_mul(x)));
        }
        CInt::new(self.bits, x)
    }
    /// Greatest common divisor of the unsigned values.
    pub fn gcd(self, o: CInt) -> CInt {
        let (mut a, mut b) = (self.val, o.val);
        while b != 0 {
            let t = a % b;
            a = b;
            b = t;
        }
        CInt::new(self.bits, a)
    }
    /// Signed decimal text, as LLVM prints integer constants (`i1` true is
    /// printed as `true` by the caller where needed).
    pub fn to_signed_string(self) -> String {
        self.s().to_string()
    }
}
