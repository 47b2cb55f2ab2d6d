//! Floating-point conversions needed by the parser.
//!
//! LLVM lexes decimal literals and plain `0x` hex floats as IEEE doubles and
//! converts them to `half`, `bfloat` or `float` when the type asks for it,
//! rejecting values that the conversion would change
//! (`ConstantFP::isValueValidForType`). This module does the same on bit
//! patterns.

/// An IEEE binary format smaller than double: exponent and fraction widths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Format {
    pub exp_bits: u32,
    pub frac_bits: u32,
}

pub(crate) const HALF: Format = Format {
    exp_bits: 5,
    frac_bits: 10,
};
pub(crate) const BFLOAT: Format = Format {
    exp_bits: 8,
    frac_bits: 7,
};
pub(crate) const SINGLE: Format = Format {
    exp_bits: 8,
    frac_bits: 23,
};

/// Converts the IEEE double with bit pattern `d` to `fmt`, returning the
/// bits if the conversion loses no information (as LLVM's check does), or
/// `None`. NaN payloads are truncated from the top; a signaling NaN stays
/// signaling, as LLVM's parser arranges.
pub(crate) fn double_to(d: u64, fmt: Format) -> Option<u64> {
    let sign = d >> 63;
    let exp = ((d >> 52) & 0x7FF) as i64;
    let frac = d & ((1u64 << 52) - 1);
    let shift = 52 - fmt.frac_bits;
    let exp_max = (1u64 << fmt.exp_bits) - 1;
    let sign_out = sign << (fmt.exp_bits + fmt.frac_bits);
    if exp == 0x7FF {
        if frac == 0 {
            // Infinity.
            return Some(sign_out | (exp_max << fmt.frac_bits));
        }
        // NaN: keep the top payload bits; the dropped ones must be zero.
        if frac & ((1u64 << shift) - 1) != 0 {
            return None;
        }
        let quiet_bit = 1u64 << (fmt.frac_bits - 1);
        let mut f = frac >> shift;
        let signaling = frac & (1u64 << 51) == 0;
        if signaling {
            f &= !quiet_bit;
            if f == 0 {
                f = quiet_bit >> 1;
            }
        }
        return Some(sign_out | (exp_max << fmt.frac_bits) | f);
    }
    if exp == 0 && frac == 0 {
        return Some(sign_out);
    }
    // Finite non-zero: value = mant * 2^(e) with mant an integer.
    let (mant, e) = if exp == 0 {
        (frac, -1074i64)
    } else {
        (frac | (1u64 << 52), exp - 1075)
    };
    // Normalise so that mant has its top bit at position 52.
    let lz = mant.leading_zeros() as i64 - 11;
    let mant = mant << lz;
    let e = e - lz;
    // value = 1.xxx * 2^(e + 52)
    let unbiased = e + 52;
    let bias = (1i64 << (fmt.exp_bits - 1)) - 1;
    let emin = 1 - bias;
    let emax = bias;
    if unbiased > emax {
        return None;
    }
    if unbiased >= emin {
        if mant & ((1u64 << shift) - 1) != 0 {
            return None;
        }
        let f = (mant >> shift) & ((1u64 << fmt.frac_bits) - 1);
        let be = (unbiased + bias) as u64;
        return Some(sign_out | (be << fmt.frac_bits) | f);
    }
    // Subnormal in the target: value / 2^(emin - frac_bits) must be an
    // integer below 2^frac_bits.
    let extra = (emin - unbiased) as u64 + u64::from(shift);
    if extra >= 64 {
        return None;
    }
    if mant & ((1u64 << extra) - 1) != 0 {
        return None;
    }
    Some(sign_out | (mant >> extra))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_matches_rust() {
        let samples = [
            0.0f64,
            -0.0,
            1.0,
            1.5,
            -2.25,
            0.1,
            3.4028234663852886e38,
            1e39,
            1.401298464324817e-45,
            7.006492321624085e-46,
            1.1754943508222875e-38,
            f64::INFINITY,
            f64::NEG_INFINITY,
            123456789.0,
            16777216.0,
            16777217.0,
        ];
        for &x in &samples {
            let got = double_to(x.to_bits(), SINGLE);
            let f = x as f32;
            let exact = f64::from(f) == x || (x.is_infinite() && f.is_infinite());
            let want = exact.then_some(u64::from(f.to_bits()));
            assert_eq!(got, want, "{x}");
        }
    }

    #[test]
    fn half_and_bfloat() {
        assert_eq!(double_to(1.0f64.to_bits(), HALF), Some(0x3C00));
        assert_eq!(double_to(0.5f64.to_bits(), HALF), Some(0x3800));
        assert_eq!(double_to(65504.0f64.to_bits(), HALF), Some(0x7BFF));
        assert_eq!(double_to(65536.0f64.to_bits(), HALF), None);
        // Smallest half subnormal 2^-24.
        assert_eq!(double_to((2.0f64).powi(-24).to_bits(), HALF), Some(1));
        assert_eq!(double_to((2.0f64).powi(-25).to_bits(), HALF), None);
        assert_eq!(double_to(1.0f64.to_bits(), BFLOAT), Some(0x3F80));
        assert_eq!(double_to(0.1f64.to_bits(), BFLOAT), None);
        // NaNs: quiet NaN, signalling NaN keeps signalling.
        assert_eq!(double_to(0x7FF8_0000_0000_0000, SINGLE), Some(0x7FC0_0000));
        assert_eq!(double_to(0x7FF4_0000_0000_0000, HALF), Some(0x7D00));
        assert_eq!(double_to(0x7FF0_0000_2000_0000, SINGLE), Some(0x7F80_0001));
        assert_eq!(double_to(0x7FF0_0000_0000_0001, SINGLE), None);
    }
}
