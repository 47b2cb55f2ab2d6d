//! Integers as LLVM's `StringRef::getAsInteger` reads them, for command-line
//! options (`cl::opt<unsigned>`) and pass parameters
//! (`loop-unroll<full-unroll-max=N>`).
//!
//! The radix is sensed from the prefix (LLVM's `getAutoSenseRadix`): `0x`
//! or `0X` hexadecimal, `0b` or `0B` binary, `0o` octal, a `0` followed by
//! a digit octal, else decimal. Digits beyond the radix end the number;
//! the whole text must be consumed. No sign for unsigned values (`+3` is
//! an error, as in LLVM), a leading `-` for signed ones; no spaces.

/// LLVM's `getAsUnsignedInteger(Str, 0, Result)` on a 64-bit result.
pub fn unsigned(s: &str) -> Option<u64> {
    let (radix, digits) = sense_radix(s);
    // Empty strings (after the radix prefix) are invalid.
    if digits.is_empty() {
        return None;
    }
    let mut value: u64 = 0;
    for c in digits.chars() {
        let d = c.to_digit(36)?;
        if d >= radix {
            // LLVM stops at the first digit outside the radix; the rest
            // must then be empty, which it is not here.
            return None;
        }
        value = value
            .checked_mul(u64::from(radix))?
            .checked_add(u64::from(d))?;
    }
    Some(value)
}

/// LLVM's `getAsSignedInteger(Str, 0, Result)`: an optional `-`, then an
/// unsigned number as [`unsigned`] reads it, within `i64`.
pub fn signed(s: &str) -> Option<i64> {
    match s.strip_prefix('-') {
        None => i64::try_from(unsigned(s)?).ok(),
        Some(rest) => {
            let v = unsigned(rest)?;
            if v > 1u64 << 63 {
                return None;
            }
            Some((v as i64).wrapping_neg())
        }
    }
}

/// `getAsInteger<unsigned>`: [`unsigned`] within 32 bits.
pub fn u32_value(s: &str) -> Option<u32> {
    u32::try_from(unsigned(s)?).ok()
}

/// `getAsInteger<int>`: [`signed`] within 32 bits.
pub fn i32_value(s: &str) -> Option<i32> {
    i32::try_from(signed(s)?).ok()
}

fn sense_radix(s: &str) -> (u32, &str) {
    let b = s.as_bytes();
    if b.len() >= 2 && b[0] == b'0' {
        match b[1] {
            b'x' | b'X' => return (16, &s[2..]),
            b'b' | b'B' => return (2, &s[2..]),
            b'o' => return (8, &s[2..]),
            c if c.is_ascii_digit() => return (8, &s[1..]),
            _ => {}
        }
    }
    (10, s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn radix_prefixes() {
        assert_eq!(unsigned("42"), Some(42));
        assert_eq!(unsigned("0"), Some(0));
        assert_eq!(unsigned("0x1f"), Some(31));
        assert_eq!(unsigned("0X1F"), Some(31));
        assert_eq!(unsigned("0b101"), Some(5));
        assert_eq!(unsigned("0o17"), Some(15));
        assert_eq!(unsigned("017"), Some(15));
        assert_eq!(unsigned("0O17"), None);
        assert_eq!(unsigned("08"), None);
        assert_eq!(unsigned("0x"), None);
        assert_eq!(unsigned(""), None);
        assert_eq!(unsigned("+3"), None);
        assert_eq!(unsigned("3x"), None);
        assert_eq!(unsigned(" 3"), None);
        assert_eq!(unsigned("18446744073709551615"), Some(u64::MAX));
        assert_eq!(unsigned("18446744073709551616"), None);
    }

    #[test]
    fn widths_and_signs() {
        assert_eq!(u32_value("4294967295"), Some(u32::MAX));
        assert_eq!(u32_value("4294967296"), None);
        assert_eq!(u32_value("-1"), None);
        assert_eq!(i32_value("-1"), Some(-1));
        assert_eq!(i32_value("-0x10"), Some(-16));
        assert_eq!(i32_value("2147483648"), None);
        assert_eq!(i32_value("-2147483648"), Some(i32::MIN));
        assert_eq!(signed("-9223372036854775808"), Some(i64::MIN));
        assert_eq!(signed("-9223372036854775809"), None);
        assert_eq!(signed("--1"), None);
    }
}
