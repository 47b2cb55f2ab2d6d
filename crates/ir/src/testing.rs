//! Helpers for the tests of this crate and the others; not part of the
//! API.

/// A deterministic xorshift64 generator: the same nonzero `seed` always
/// gives the same sequence, so a randomized test is reproducible.
pub fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}
