//! Floating-point constants, printed exactly as LLVM's `WriteAPFloatInternal`
//! does.
//!
//! `float` and `double` are printed in `%e` style with six digits after the
//! point (`1.000000e+00`) when that text reads back to the same value as a
//! `double`; otherwise as `0x` and the upper-case hex digits (without
//! leading zeros) of the value's `double` bit pattern — a `float` goes
//! through its `double` representation. The decimal digits are produced with
//! LLVM's own algorithm (`IEEEFloat::toString` with precision 6, no
//! padding), including its truncating pre-division and round-half-up on the
//! first dropped digit, so that e.g. the smallest denormal prints as
//! `4.940660e-324` like LLVM, not `4.940656e-324`.
//!
//! The other formats are hex with a type letter: `0xH` + 4 digits (half),
//! `0xR` + 4 (bfloat), `0xK` + 4 + 16 (x86_fp80: sign/exponent, then the
//! 64-bit significand), `0xL` and `0xM` + 16 + 16 (fp128 and ppc_fp128: low
//! 64 bits first, then high 64 bits).

use super::text::{push_hex_fixed, push_hex_min};

/// The floating-point formats.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum FpKind {
    Half,
    BFloat,
    Float,
    Double,
    X86Fp80,
    Fp128,
    PpcFp128,
}

/// Appends the text of a floating-point constant of format `kind` whose raw
/// bit pattern is in the low bits of `bits`.
pub(super) fn push_fp(out: &mut String, kind: FpKind, bits: u128) {
    let lo = bits as u64;
    let hi = (bits >> 64) as u64;
    match kind {
        FpKind::Float => push_ieee(out, lo & 0xFFFF_FFFF, false),
        FpKind::Double => push_ieee(out, lo, true),
        FpKind::Half => {
            out.push_str("0xH");
            push_hex_fixed(out, lo & 0xFFFF, 4);
        }
        FpKind::BFloat => {
            out.push_str("0xR");
            push_hex_fixed(out, lo & 0xFFFF, 4);
        }
        FpKind::X86Fp80 => {
            out.push_str("0xK");
            push_hex_fixed(out, hi & 0xFFFF, 4);
            push_hex_fixed(out, lo, 16);
        }
        FpKind::Fp128 | FpKind::PpcFp128 => {
            out.push_str(if kind == FpKind::Fp128 { "0xL" } else { "0xM" });
            push_hex_fixed(out, lo, 16);
            push_hex_fixed(out, hi, 16);
        }
    }
}

/// `float` (`double == false`, 32 bits in `bits`) or `double`.
fn push_ieee(out: &mut String, bits: u64, double: bool) {
    let (frac_bits, exp_bits) = if double { (52u32, 11u32) } else { (23, 8) };
    let sign = (bits >> (frac_bits + exp_bits)) & 1 == 1;
    let exp_max = (1u64 << exp_bits) - 1;
    let exp_field = (bits >> frac_bits) & exp_max;
    let frac = bits & ((1u64 << frac_bits) - 1);
    let bias = (1i32 << (exp_bits - 1)) - 1;

    if exp_field != exp_max {
        if exp_field == 0 && frac == 0 {
            out.push_str(if sign {
                "-0.000000e+00"
            } else {
                "0.000000e+00"
            });
            return;
        }
        let (sig, exp) = if exp_field == 0 {
            (frac, 1 - bias - frac_bits as i32)
        } else {
            (
                frac | (1u64 << frac_bits),
                exp_field as i32 - bias - frac_bits as i32,
            )
        };
        let mut buf = [0u8; 24];
        let len = to_decimal6(sign, sig, exp, &mut buf);
        let text = std::str::from_utf8(&buf[..len]).unwrap_or_default();
        let value = if double {
            f64::from_bits(bits)
        } else {
            f64::from(f32::from_bits(bits as u32))
        };
        if text.parse::<f64>().ok() == Some(value) {
            out.push_str(text);
            return;
        }
    }

    let dbits = if double {
        bits
    } else if exp_field == exp_max {
        // Infinity or NaN: the payload moves to the top of the double's
        // significand, as APFloat's conversion does (signalling NaNs keep
        // their quiet bit clear).
        (u64::from(sign) << 63) | (0x7FFu64 << 52) | (frac << 29)
    } else {
        f64::from(f32::from_bits(bits as u32)).to_bits()
    };
    out.push_str("0x");
    push_hex_min(out, dbits);
}

/// Writes `±sig * 2^exp` (sig != 0) the way `IEEEFloat::toString(Str, 6, 0,
/// false)` does into `buf`; returns the length.
///
/// After the truncating division the value has at most about 25 bits, so
/// the digit loop works on a `u64`.
fn to_decimal6(sign: bool, mut sig: u64, mut exp: i32, buf: &mut [u8; 24]) -> usize {
    const PRECISION: usize = 6;
    // Ignore trailing binary zeros.
    let tz = sig.trailing_zeros();
    sig >>= tz;
    exp += tz as i32;

    // Turn sig * 2^exp into n * 10^exp10, then drop surplus decimal digits
    // by truncating division, as LLVM does before rounding.
    let mut exp10: i32 = 0;
    let mut n = Big::from_u64(sig);
    if exp > 0 {
        n.shl(exp as u32);
    } else if exp < 0 {
        exp10 = exp;
        n.mul_pow5((-exp) as u32);
    }
    let bits = n.bit_len();
    let bits_required = (PRECISION as u32 * 196).div_ceil(59);
    if bits > bits_required {
        let tens = (bits - bits_required) * 59 / 196;
        if tens > 0 {
            exp10 += tens as i32;
            n.div_pow10(tens);
        }
    }
    let mut v = n.to_u64();

    // Decimal digits, least significant first, without trailing zeros.
    let mut digits = [0u8; 24];
    let mut nd = 0;
    let mut in_trail = true;
    while v != 0 {
        let d = (v % 10) as u8;
        v /= 10;
        if in_trail && d == 0 {
            exp10 += 1;
        } else {
            digits[nd] = d;
            nd += 1;
            in_trail = false;
        }
    }

    // Round to PRECISION digits: round half up on the first dropped digit.
    let mut first = 0;
    if nd > PRECISION {
        first = nd - PRECISION;
        if digits[first - 1] < 5 {
            // Truncate, dropping the zeros that become trailing.
            while first < nd && digits[first] == 0 {
                first += 1;
            }
        } else {
            // Add one with carry; the nines that carry become dropped zeros.
            while first < nd && digits[first] == 9 {
                first += 1;
            }
            if first < nd {
                digits[first] += 1;
            } else {
                digits[0] = 1;
                nd = 1;
            }
        }
        exp10 += first as i32;
        if nd == 1 {
            first = 0;
        }
    }
    let digits = &digits[first..nd];
    let nd = digits.len();

    // Scientific notation: d.dddddde±XX.
    let mut len = 0;
    let mut put = |b: u8| {
        buf[len] = b;
        len += 1;
    };
    if sign {
        put(b'-');
    }
    exp10 += nd as i32 - 1;
    put(b'0' + digits[nd - 1]);
    put(b'.');
    for i in 1..nd {
        put(b'0' + digits[nd - 1 - i]);
    }
    for _ in nd..=PRECISION {
        put(b'0');
    }
    put(b'e');
    put(if exp10 >= 0 { b'+' } else { b'-' });
    let e = exp10.unsigned_abs();
    if e >= 100 {
        put(b'0' + (e / 100) as u8);
    }
    put(b'0' + (e / 10 % 10) as u8);
    put(b'0' + (e % 10) as u8);
    len
}

/// A small unsigned big integer (little-endian 32-bit limbs), just enough
/// for the decimal conversion above.
struct Big(smallvec::SmallVec<[u32; 8]>);

impl Big {
    fn from_u64(v: u64) -> Self {
        Big(smallvec::smallvec![v as u32, (v >> 32) as u32])
    }

    fn trim(&mut self) {
        while self.0.len() > 1 && self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    fn bit_len(&self) -> u32 {
        for (i, &w) in self.0.iter().enumerate().rev() {
            if w != 0 {
                return i as u32 * 32 + (32 - w.leading_zeros());
            }
        }
        0
    }

    fn shl(&mut self, n: u32) {
        let words = (n / 32) as usize;
        let bits = n % 32;
        if bits != 0 {
            let mut carry = 0u32;
            for w in self.0.iter_mut() {
                let nw = (*w << bits) | carry;
                carry = *w >> (32 - bits);
                *w = nw;
            }
            if carry != 0 {
                self.0.push(carry);
            }
        }
        if words != 0 {
            self.0.insert_many(0, std::iter::repeat_n(0, words));
        }
    }

    fn mul_small(&mut self, m: u32) {
        let mut carry = 0u64;
        for w in self.0.iter_mut() {
            let p = u64::from(*w) * u64::from(m) + carry;
            *w = p as u32;
            carry = p >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
    }

    fn mul_pow5(&mut self, mut k: u32) {
        // 5^13 is the largest power of five below 2^32.
        while k >= 13 {
            self.mul_small(1_220_703_125);
            k -= 13;
        }
        if k > 0 {
            self.mul_small(5u32.pow(k));
        }
    }

    fn div_small(&mut self, d: u32) {
        let mut rem = 0u64;
        for w in self.0.iter_mut().rev() {
            let cur = (rem << 32) | u64::from(*w);
            *w = (cur / u64::from(d)) as u32;
            rem = cur % u64::from(d);
        }
        self.trim();
    }

    fn div_pow10(&mut self, mut k: u32) {
        while k >= 9 {
            self.div_small(1_000_000_000);
            k -= 9;
        }
        if k > 0 {
            self.div_small(10u32.pow(k));
        }
    }

    fn to_u64(&self) -> u64 {
        let lo = u64::from(self.0.first().copied().unwrap_or(0));
        let hi = u64::from(self.0.get(1).copied().unwrap_or(0));
        lo | (hi << 32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fp(kind: FpKind, bits: u128) -> String {
        let mut s = String::new();
        push_fp(&mut s, kind, bits);
        s
    }

    fn d(v: f64) -> String {
        fp(FpKind::Double, u128::from(v.to_bits()))
    }

    fn f(v: f32) -> String {
        fp(FpKind::Float, u128::from(v.to_bits()))
    }

    // Expected strings were taken from `opt-19 -S` output.
    #[test]
    fn doubles() {
        assert_eq!(d(1.0), "1.000000e+00");
        assert_eq!(d(-2.5), "-2.500000e+00");
        assert_eq!(d(0.1), "1.000000e-01");
        assert_eq!(d(0.3), "3.000000e-01");
        assert_eq!(d(1.0e100), "1.000000e+100");
        assert_eq!(d(0.0), "0.000000e+00");
        assert_eq!(d(-0.0), "-0.000000e+00");
        assert_eq!(d(123456789.0), "0x419D6F3454000000");
        assert_eq!(d(std::f64::consts::PI), "0x400921FB54442D18");
        assert_eq!(d(f64::from_bits(1)), "4.940660e-324");
        assert_eq!(d(f64::from_bits(0x0001_2345_6789_ABCD)), "0x123456789ABCD");
        assert_eq!(d(f64::INFINITY), "0x7FF0000000000000");
        assert_eq!(d(f64::NEG_INFINITY), "0xFFF0000000000000");
        assert_eq!(
            d(f64::from_bits(0x7FF0_0000_0000_0001)),
            "0x7FF0000000000001"
        );
        assert_eq!(d(1.0e10), "1.000000e+10");
        assert_eq!(d(f64::MAX), "0x7FEFFFFFFFFFFFFF");
    }

    #[test]
    fn floats() {
        assert_eq!(f(0.5), "5.000000e-01");
        assert_eq!(f(1.5), "1.500000e+00");
        assert_eq!(f(0.1), "0x3FB99999A0000000");
        assert_eq!(f(-0.0), "-0.000000e+00");
        assert_eq!(fp(FpKind::Float, 0x7FC0_0000), "0x7FF8000000000000");
        assert_eq!(fp(FpKind::Float, 0x7FA0_0000), "0x7FF4000000000000");
        assert_eq!(fp(FpKind::Float, 0xFF80_0000), "0xFFF0000000000000");
        assert_eq!(fp(FpKind::Float, 1), "0x36A0000000000000");
    }

    #[test]
    fn other_formats() {
        assert_eq!(fp(FpKind::Half, 0x3C00), "0xH3C00");
        assert_eq!(fp(FpKind::BFloat, 0xBFC0), "0xRBFC0");
        assert_eq!(
            fp(FpKind::X86Fp80, (0x3FFFu128 << 64) | 0x8000_0000_0000_0000),
            "0xK3FFF8000000000000000"
        );
        assert_eq!(
            fp(FpKind::Fp128, 0x3FFF_0000_0000_0000u128 << 64),
            "0xL00000000000000003FFF000000000000"
        );
        assert_eq!(
            fp(FpKind::PpcFp128, 0x3FF0_0000_0000_0000),
            "0xM3FF00000000000000000000000000000"
        );
    }
}
