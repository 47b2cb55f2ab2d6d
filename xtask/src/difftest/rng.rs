//! A small deterministic PRNG (SplitMix64), so that a program is a pure
//! function of `(seed, index)` on every platform and toolchain version.
//!
//! Invariant: the sequence for a given seed never changes; reproducers name
//! programs by seed and index only.

/// SplitMix64 (Steele, Lea, Flood 2014): tiny, fast, and good enough for
/// choosing program shapes.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    /// The generator for program `index` of a run seeded with `seed`.
    pub fn for_program(seed: u64, index: u64) -> Self {
        let mut r = Rng::new(seed ^ 0x5851_f42d_4c95_7f2d);
        let a = r.next_u64();
        Rng(a ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n`; `0` when `n == 0`.
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        // Multiply-shift: unbiased enough for shape choices.
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }

    /// Uniform in `lo..=hi` (returns `lo` when `hi < lo`).
    pub fn range(&mut self, lo: i128, hi: i128) -> i128 {
        if hi <= lo {
            return lo;
        }
        let span = (hi - lo) as u128 + 1;
        if span > u128::from(u64::MAX) {
            return lo + i128::from(self.next_u64() >> 1);
        }
        lo + i128::from(self.below(span as u64))
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }

    /// An index into `weights`, chosen with probability proportional to
    /// its weight. All-zero weights pick index 0.
    pub fn weighted(&mut self, weights: &[u32]) -> usize {
        let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
        let mut x = self.below(total);
        for (i, &w) in weights.iter().enumerate() {
            if x < u64::from(w) {
                return i;
            }
            x -= u64::from(w);
        }
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_and_in_range() {
        let mut a = Rng::for_program(7, 3);
        let mut b = Rng::for_program(7, 3);
        let mut c = Rng::for_program(7, 4);
        let xs: Vec<u64> = (0..16).map(|_| a.next_u64()).collect();
        let ys: Vec<u64> = (0..16).map(|_| b.next_u64()).collect();
        let zs: Vec<u64> = (0..16).map(|_| c.next_u64()).collect();
        assert_eq!(xs, ys);
        assert_ne!(xs, zs);
        for _ in 0..1000 {
            let v = a.range(-3, 5);
            assert!((-3..=5).contains(&v));
            assert!(a.below(7) < 7);
        }
        assert_eq!(a.range(4, 4), 4);
        assert_eq!(a.below(0), 0);
    }

    #[test]
    fn weighted_respects_zero_weights() {
        let mut r = Rng::new(1);
        for _ in 0..1000 {
            assert_ne!(r.weighted(&[3, 0, 5]), 1);
        }
    }
}
