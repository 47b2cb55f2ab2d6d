//! Constant-range arithmetic at 128 bits, where the signed bounds fill
//! `i128`: found by the `mutate_ir` fuzz target, which panicked with
//! "attempt to add with overflow" in `ConstantRange::sadd_sat` (reached
//! through `add_with_no_wrap` with `nsw`) on an `i128` phi. A release
//! build wrapped instead, and the range came out wrong. The module that
//! found it is `crates/driver/tests/fuzz_regressions/scev_sadd_sat_i128.ll`.

use loopwright_analysis::scev::range::{ConstantRange, PreferredRange};
use loopwright_analysis::scev::CInt;

#[test]
fn nsw_add_of_a_full_i128_range_and_one_excludes_only_smin() {
    let bits = 128;
    let full = ConstantRange::full(bits);
    let one = ConstantRange::single(CInt::one(bits));
    let r = full.add_with_no_wrap(&one, false, true, PreferredRange::Smallest);
    // x + 1 with nsw is never the smallest value, and may be any other.
    assert!(!r.contains(CInt::smin_value(bits)), "{r:?}");
    assert!(r.contains(CInt::smax_value(bits)), "{r:?}");
    assert!(r.contains(CInt::from_i128(bits, 0)), "{r:?}");
    assert!(r.contains(CInt::from_i128(bits, i128::MIN + 1)), "{r:?}");
}

#[test]
fn nsw_add_of_two_nonnegative_i128_halves_saturates_at_smax() {
    let bits = 128;
    // [0, smax]: both operands non-negative, so the nsw sum is too.
    let nonneg = ConstantRange::new(
        CInt::from_i128(bits, 0),
        CInt::smin_value(bits), // exclusive upper bound smax + 1
    );
    let r = nonneg.add_with_no_wrap(&nonneg, false, true, PreferredRange::Smallest);
    assert!(r.contains(CInt::smax_value(bits)), "{r:?}");
    assert!(r.contains(CInt::from_i128(bits, 0)), "{r:?}");
    assert!(!r.contains(CInt::from_i128(bits, -1)), "{r:?}");
}
