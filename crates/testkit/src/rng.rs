//! The one seeded generator of the randomized tests.
//!
//! A test states its seed; the same seed always gives the same sequence,
//! on every machine, so a failure is reproducible from the seed alone.
//! The generator is xorshift64 (shifts 13, 7, 17): tiny and fast, and good
//! enough to pick shapes and mutations (it is not for statistics).

/// A deterministic xorshift64 generator.
#[derive(Clone, Debug)]
pub struct Rng(u64);

/// The state a seed of 0 stands for (xorshift's state must not be 0).
const ZERO_SEED: u64 = 0x9e37_79b9_7f4a_7c15;

impl Rng {
    /// The generator for `seed` (0 stands for a fixed nonzero state).
    pub fn new(seed: u64) -> Rng {
        Rng(if seed == 0 { ZERO_SEED } else { seed })
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }

    /// True with probability `p` (about).
    pub fn chance(&mut self, p: f64) -> bool {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64 <= p
    }

    /// One element of `items`, which must not be empty.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        assert!(!items.is_empty(), "Rng::pick from an empty slice");
        &items[self.below(items.len())]
    }

    /// `n` random bytes.
    pub fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| (self.next_u64() >> 24) as u8).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_sequence() {
        let a: Vec<u64> = {
            let mut r = Rng::new(42);
            (0..100).map(|_| r.next_u64()).collect()
        };
        let mut r = Rng::new(42);
        assert!(a.iter().all(|&x| x == r.next_u64()));
        let mut other = Rng::new(43);
        assert_ne!(a[0], other.next_u64());
        // xorshift64 (13, 7, 17) from 1: the published first values.
        let mut one = Rng::new(1);
        assert_eq!(one.next_u64(), 1082269761);
        assert_eq!(one.next_u64(), 1152992998833853505);
    }

    #[test]
    fn zero_is_a_seed_too() {
        let mut r = Rng::new(0);
        assert_ne!(r.next_u64(), 0);
    }

    #[test]
    fn ranges_hold() {
        let mut r = Rng::new(7);
        assert_eq!(r.below(0), 0);
        let mut seen = [false; 5];
        for _ in 0..1000 {
            let k = r.below(5);
            seen[k] = true;
            assert!(r.pick(&[1, 2, 3]) <= &3);
        }
        assert!(seen.iter().all(|&s| s));
        let hits = (0..10_000).filter(|_| r.chance(0.25)).count();
        assert!((2000..3000).contains(&hits), "{hits}");
        assert!(!(0..100).any(|_| r.chance(-1.0)));
        assert_eq!(r.bytes(17).len(), 17);
    }
}
