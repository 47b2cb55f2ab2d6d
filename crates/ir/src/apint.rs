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

    // ----- arithmetic (two's complement, modulo 2^bits) -----
    //
    // Linear in the width except `mul` and `udivrem`, which are quadratic
    // (schoolbook multiplication, bit-serial division beyond 128 bits): the
    // constant folder bounds the widths it hands them
    // (`constfold::MAX_QUADRATIC_BITS`).

    /// All ones of width `bits`.
    pub fn all_ones(bits: u32) -> Self {
        let mut a = ApInt {
            bits,
            words: smallvec::smallvec![u64::MAX; Self::nwords(bits)],
        };
        a.normalize();
        a
    }

    /// The value `v` (truncated to `bits`).
    pub fn from_u128(bits: u32, v: u128) -> Self {
        Self::from_words(bits, &[v as u64, (v >> 64) as u64])
    }

    /// The unsigned value, if it fits in 128 bits.
    pub fn as_u128(&self) -> Option<u128> {
        if self.words.len() > 2 && self.words[2..].iter().any(|&w| w != 0) {
            return None;
        }
        let hi = self.words.get(1).copied().unwrap_or(0);
        Some(u128::from(self.words[0]) | (u128::from(hi) << 64))
    }

    /// The signed value, if it fits in 128 bits.
    pub fn as_i128(&self) -> Option<i128> {
        if self.bits <= 128 {
            let v = self.as_u128()?;
            let shift = 128 - self.bits;
            return Some(((v << shift) as i128) >> shift);
        }
        let t = self.trunc(128);
        (t.sext(self.bits) == *self).then(|| t.as_u128().unwrap_or(0) as i128)
    }

    pub fn is_all_ones(&self) -> bool {
        *self == Self::all_ones(self.bits)
    }

    /// The smallest signed value (only the sign bit set).
    pub fn is_signed_min(&self) -> bool {
        self.is_negative() && self.count_ones() == 1
    }

    pub fn count_ones(&self) -> u32 {
        self.words.iter().map(|w| w.count_ones()).sum()
    }

    fn zip(&self, o: &Self, f: impl Fn(u64, u64) -> u64) -> Self {
        debug_assert_eq!(self.bits, o.bits);
        let mut r = self.clone();
        for (d, s) in r.words.iter_mut().zip(&o.words) {
            *d = f(*d, *s);
        }
        r.normalize();
        r
    }

    pub fn and(&self, o: &Self) -> Self {
        self.zip(o, |a, b| a & b)
    }
    pub fn or(&self, o: &Self) -> Self {
        self.zip(o, |a, b| a | b)
    }
    pub fn xor(&self, o: &Self) -> Self {
        self.zip(o, |a, b| a ^ b)
    }
    pub fn not(&self) -> Self {
        self.xor(&Self::all_ones(self.bits))
    }

    pub fn add(&self, o: &Self) -> Self {
        debug_assert_eq!(self.bits, o.bits);
        let mut r = self.clone();
        let mut carry = false;
        for (d, s) in r.words.iter_mut().zip(&o.words) {
            let (x, c1) = d.overflowing_add(*s);
            let (x, c2) = x.overflowing_add(u64::from(carry));
            *d = x;
            carry = c1 || c2;
        }
        r.normalize();
        r
    }

    pub fn sub(&self, o: &Self) -> Self {
        self.add(&o.neg())
    }

    /// The product, truncated to the width (quadratic in the words).
    pub fn mul(&self, o: &Self) -> Self {
        debug_assert_eq!(self.bits, o.bits);
        if self.bits <= 128 {
            let v = self
                .as_u128()
                .unwrap_or(0)
                .wrapping_mul(o.as_u128().unwrap_or(0));
            return Self::from_u128(self.bits, v);
        }
        let n = self.words.len();
        let mut r = Self::zero(self.bits);
        for i in 0..n {
            let a = u128::from(self.words[i]);
            if a == 0 {
                continue;
            }
            let mut carry = 0u128;
            for j in 0..n - i {
                let t = a * u128::from(o.words[j]) + u128::from(r.words[i + j]) + carry;
                r.words[i + j] = t as u64;
                carry = t >> 64;
            }
        }
        r.normalize();
        r
    }

    /// Shift left by `s` bits (`s` < width; larger shifts give zero).
    pub fn shl(&self, s: u32) -> Self {
        let mut r = Self::zero(self.bits);
        if s >= self.bits {
            return r;
        }
        let (ws, bs) = ((s / 64) as usize, s % 64);
        for i in (ws..r.words.len()).rev() {
            let lo = self.words[i - ws];
            let mut v = lo << bs;
            if bs != 0 && i > ws {
                v |= self.words[i - ws - 1] >> (64 - bs);
            }
            r.words[i] = v;
        }
        r.normalize();
        r
    }

    /// Logical shift right by `s` bits (larger shifts give zero).
    pub fn lshr(&self, s: u32) -> Self {
        let mut r = Self::zero(self.bits);
        if s >= self.bits {
            return r;
        }
        let (ws, bs) = ((s / 64) as usize, s % 64);
        let n = r.words.len();
        for i in 0..n - ws {
            let mut v = self.words[i + ws] >> bs;
            if bs != 0 && i + ws + 1 < n {
                v |= self.words[i + ws + 1] << (64 - bs);
            }
            r.words[i] = v;
        }
        r
    }

    /// Arithmetic shift right by `s` bits (larger shifts give the sign).
    pub fn ashr(&self, s: u32) -> Self {
        if !self.is_negative() {
            return self.lshr(s);
        }
        let s = s.min(self.bits);
        // Fill the top `s` bits with ones.
        let fill = Self::all_ones(self.bits).shl(self.bits - s);
        let fill = if s == 0 { Self::zero(self.bits) } else { fill };
        self.lshr(s).or(&fill)
    }

    /// Unsigned `self < o`.
    pub fn ult(&self, o: &Self) -> bool {
        debug_assert_eq!(self.bits, o.bits);
        for (a, b) in self.words.iter().zip(&o.words).rev() {
            if a != b {
                return a < b;
            }
        }
        false
    }

    /// Signed `self < o`.
    pub fn slt(&self, o: &Self) -> bool {
        match (self.is_negative(), o.is_negative()) {
            (true, false) => true,
            (false, true) => false,
            _ => self.ult(o),
        }
    }

    /// Unsigned quotient and remainder; `None` for a zero divisor.
    pub fn udivrem(&self, d: &Self) -> Option<(Self, Self)> {
        debug_assert_eq!(self.bits, d.bits);
        if d.is_zero() {
            return None;
        }
        if self.bits <= 128 {
            let (a, b) = (self.as_u128()?, d.as_u128()?);
            return Some((
                Self::from_u128(self.bits, a / b),
                Self::from_u128(self.bits, a % b),
            ));
        }
        if let Some(small) = d.as_u64() {
            let mut q = self.clone();
            let r = q.div_small(small);
            return Some((q, Self::from_u64(self.bits, r)));
        }
        // Bit-serial long division, the partial remainder one bit wider
        // (it is below the divisor before each shift, so its double fits).
        let wide = self.bits + 1;
        let dw = d.zext(wide);
        let mut q = Self::zero(self.bits);
        let mut r = Self::zero(wide);
        for i in (0..self.bits).rev() {
            r = r.shl(1);
            if self.bit(i) {
                r.words[0] |= 1;
            }
            if !r.ult(&dw) {
                r = r.sub(&dw);
                q.words[(i / 64) as usize] |= 1 << (i % 64);
            }
        }
        Some((q, r.trunc(self.bits)))
    }

    fn abs_neg(&self) -> (Self, bool) {
        if self.is_negative() {
            (self.neg(), true)
        } else {
            (self.clone(), false)
        }
    }

    /// Signed quotient and remainder (truncating toward zero, the
    /// remainder takes the dividend's sign); `None` for a zero divisor.
    /// `MIN / -1` wraps to `MIN` here; the folder calls it poison.
    pub fn sdivrem(&self, d: &Self) -> Option<(Self, Self)> {
        let (a, na) = self.abs_neg();
        let (b, nb) = d.abs_neg();
        let (q, r) = a.udivrem(&b)?;
        let q = if na != nb { q.neg() } else { q };
        let r = if na { r.neg() } else { r };
        Some((q, r))
    }

    /// The low `bits` bits (`bits` <= width).
    pub fn trunc(&self, bits: u32) -> Self {
        Self::from_words(bits, &self.words)
    }

    /// Zero extension (`bits` >= width).
    pub fn zext(&self, bits: u32) -> Self {
        Self::from_words(bits, &self.words)
    }

    /// Sign extension (`bits` >= width).
    pub fn sext(&self, bits: u32) -> Self {
        let mut r = self.zext(bits);
        if self.is_negative() && bits > self.bits {
            let fill = Self::all_ones(bits).shl(self.bits);
            r = r.or(&fill);
        }
        r
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
