//! Arbitrary-width integers, as stored in integer constants.
//!
//! An [`ApInt`] is a two's-complement bit pattern of a fixed width (1 to
//! 2^23 bits), stored as little-endian 64-bit words with the unused high bits
//! of the last word kept zero. That invariant makes derived `Eq`/`Hash`
//! structural equality.

use smallvec::SmallVec;

/// A fixed-width integer bit pattern.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct ApInt {
    bits: u32,
    words: SmallVec<[u64; 1]>,
}

impl ApInt {
    fn nwords(bits: u32) -> usize {
        (bits as usize).div_ceil(64).max(1)
    }

    fn normalize(&mut self) {
        let rem = self.bits % 64;
        if rem != 0 {
            if let Some(last) = self.words.last_mut() {
                *last &= (1u64 << rem) - 1;
            }
        }
    }

    /// Zero of width `bits`.
    pub fn zero(bits: u32) -> Self {
        ApInt {
            bits,
            words: smallvec::smallvec![0; Self::nwords(bits)],
        }
    }

    /// `v` truncated to `bits`.
    pub fn from_u64(bits: u32, v: u64) -> Self {
        let mut a = Self::zero(bits);
        a.words[0] = v;
        a.normalize();
        a
    }

    /// `v` sign-extended or truncated to `bits`.
    pub fn from_i64(bits: u32, v: i64) -> Self {
        let mut a = Self::zero(bits);
        let fill = if v < 0 { u64::MAX } else { 0 };
        for w in a.words.iter_mut() {
            *w = fill;
        }
        a.words[0] = v as u64;
        a.normalize();
        a
    }

    /// From little-endian words; extra words are dropped and the value is
    /// truncated to `bits`.
    pub fn from_words(bits: u32, words: &[u64]) -> Self {
        let mut a = Self::zero(bits);
        for (d, s) in a.words.iter_mut().zip(words) {
            *d = *s;
        }
        a.normalize();
        a
    }

    pub fn bits(&self) -> u32 {
        self.bits
    }

    pub fn words(&self) -> &[u64] {
        &self.words
    }

    pub fn is_zero(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    pub fn is_one(&self) -> bool {
        self.words[0] == 1 && self.words[1..].iter().all(|&w| w == 0)
    }

    /// The sign bit.
    pub fn is_negative(&self) -> bool {
        let top = self.bits - 1;
        (self.words[(top / 64) as usize] >> (top % 64)) & 1 == 1
    }

    /// The unsigned value, if it fits in 64 bits.
    pub fn as_u64(&self) -> Option<u64> {
        self.words[1..]
            .iter()
            .all(|&w| w == 0)
            .then_some(self.words[0])
    }

    /// The signed value, if it fits in 64 bits.
    pub fn as_i64(&self) -> Option<i64> {
        if self.bits <= 64 {
            let shift = 64 - self.bits;
            return Some(((self.words[0] << shift) as i64) >> shift);
        }
        let neg = self.is_negative();
        let top = self.bits % 64;
        let nw = self.words.len();
        // All words above the first must be a sign extension of bit 63.
        for (i, &w) in self.words.iter().enumerate().skip(1) {
            let expect = if neg { u64::MAX } else { 0 };
            let expect = if i == nw - 1 && top != 0 {
                expect & ((1u64 << top) - 1)
            } else {
                expect
            };
            if w != expect {
                return None;
            }
        }
        let v = self.words[0] as i64;
        ((v < 0) == neg).then_some(v)
    }

    /// Two's-complement negation.
    pub fn neg(&self) -> Self {
        let mut r = self.clone();
        for w in r.words.iter_mut() {
            *w = !*w;
        }
        let mut carry = true;
        for w in r.words.iter_mut() {
            if !carry {
                break;
            }
            let (s, c) = w.overflowing_add(1);
            *w = s;
            carry = c;
        }
        r.normalize();
        r
    }

    /// `self * m + a` on the unsigned magnitude, truncated to the width.
    /// Returns true when bits were lost.
    pub fn mul_add_small(&mut self, m: u64, a: u64) -> bool {
        let mut carry = a as u128;
        for w in self.words.iter_mut() {
            let p = (*w as u128) * (m as u128) + carry;
            *w = p as u64;
            carry = p >> 64;
        }
        let before = self.clone();
        self.normalize();
        carry != 0 || before != *self
    }

    /// Divides the unsigned value by `d` in place; returns the remainder.
    fn div_small(&mut self, d: u64) -> u64 {
        let mut rem: u128 = 0;
        for w in self.words.iter_mut().rev() {
            let cur = (rem << 64) | *w as u128;
            *w = (cur / d as u128) as u64;
            rem = cur % d as u128;
        }
        rem as u64
    }

    /// Unsigned decimal text.
    pub fn to_unsigned_string(&self) -> String {
        if let Some(v) = self.as_u64() {
            return v.to_string();
        }
        let mut t = self.clone();
        let mut chunks = Vec::new();
        while !t.is_zero() {
            chunks.push(t.div_small(10_000_000_000_000_000_000));
        }
        let mut s = chunks.pop().map(|c| c.to_string()).unwrap_or_default();
        for c in chunks.iter().rev() {
            s.push_str(&format!("{c:019}"));
        }
        s
    }

    /// Signed decimal text, as LLVM prints integer constants.
    pub fn to_signed_string(&self) -> String {
        if let Some(v) = self.as_i64() {
            return v.to_string();
        }
        if self.is_negative() {
            format!("-{}", self.neg().to_unsigned_string())
        } else {
            self.to_unsigned_string()
        }
    }

    /// Parses decimal text (with optional leading `-`) into width `bits`,
    /// truncating like LLVM does for values that fit as signed or unsigned.
    /// Returns `None` on a malformed digit string or if the value needs more
    /// than `bits` bits as both a signed and an unsigned number.
    pub fn parse_decimal(bits: u32, text: &str) -> Option<Self> {
        let (neg, digits) = match text.strip_prefix('-') {
            Some(d) => (true, d),
            None => (false, text),
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        // Accumulate in one extra bit so that overflow is detectable.
        let mut a = ApInt::zero(bits.checked_add(1)?);
        for b in digits.bytes() {
            if a.mul_add_small(10, u64::from(b - b'0')) {
                return None;
            }
        }
        let mut r = ApInt::from_words(bits, &a.words);
        let top_set = a.is_negative();
        if neg {
            // Magnitude must be <= 2^(bits-1).
            if top_set {
                return None;
            }
            r = r.neg();
            // The magnitude must be at most 2^(bits-1).
            if !r.is_zero() && !r.is_negative() {
                return None;
            }
        } else if top_set {
            return None;
        }
        Some(r)
    }

    /// Bit `i` (0 = least significant).
    pub fn bit(&self, i: u32) -> bool {
        i < self.bits && (self.words[(i / 64) as usize] >> (i % 64)) & 1 == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_roundtrip() {
        let a = ApInt::from_i64(32, -5);
        assert_eq!(a.to_signed_string(), "-5");
        assert_eq!(a.as_u64(), Some(0xFFFF_FFFB));
        assert_eq!(ApInt::from_i64(1, -1).as_i64(), Some(-1));
        assert_eq!(ApInt::from_u64(8, 255).to_signed_string(), "-1");
    }

    #[test]
    fn wide_decimal() {
        let t = "-170141183460469231731687303715884105728";
        let a = ApInt::parse_decimal(128, t).unwrap();
        assert_eq!(a.to_signed_string(), t);
        let big = "340282366920938463463374607431768211455";
        let b = ApInt::parse_decimal(128, big).unwrap();
        assert_eq!(b.to_signed_string(), "-1");
        assert_eq!(b.to_unsigned_string(), big);
        assert!(ApInt::parse_decimal(128, "340282366920938463463374607431768211456").is_none());
        let w = ApInt::parse_decimal(1000, "123456789012345678901234567890").unwrap();
        assert_eq!(w.to_signed_string(), "123456789012345678901234567890");
    }

    #[test]
    fn parse_limits() {
        assert_eq!(
            ApInt::parse_decimal(8, "255").unwrap().to_signed_string(),
            "-1"
        );
        assert_eq!(
            ApInt::parse_decimal(8, "-128").unwrap().to_signed_string(),
            "-128"
        );
        assert!(ApInt::parse_decimal(8, "256").is_none());
        assert!(ApInt::parse_decimal(8, "-129").is_none());
        assert!(ApInt::parse_decimal(8, "").is_none());
        assert!(ApInt::parse_decimal(8, "1x").is_none());
    }
}
