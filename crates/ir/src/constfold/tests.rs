//! The integer arithmetic against the host's 128-bit arithmetic (every
//! width up to 128), wide widths against identities, and the float rules
//! LLVM's folding shows (denormal modes, NaN quieting, `frem`). The whole
//! folder is compared with opt-19 in `crates/parse/tests/constfold_llvm.rs`.

use super::*;
use loopwright_testkit::rng::Rng;

fn mask(w: u32) -> u128 {
    if w == 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    }
}

fn sx(v: u128, w: u32) -> i128 {
    ((v << (128 - w)) as i128) >> (128 - w)
}

fn interesting(r: &mut Rng, w: u32) -> u128 {
    let m = mask(w);
    let v = match r.below(6) {
        0 => 0,
        1 => 1,
        2 => m,
        3 => 1u128 << (w - 1),
        4 => (1u128 << (w - 1)).wrapping_sub(1),
        _ => u128::from(r.next_u64()) | (u128::from(r.next_u64()) << 64),
    };
    v & m
}

/// The host's answer for `op a, b` at width `w` (`None`: poison).
fn host(op: Opcode, a: u128, b: u128, w: u32) -> Option<u128> {
    use Opcode::*;
    let m = mask(w);
    let (sa, sb) = (sx(a, w), sx(b, w));
    let smin = 1u128 << (w - 1);
    Some(
        (match op {
            Add => a.wrapping_add(b),
            Sub => a.wrapping_sub(b),
            Mul => a.wrapping_mul(b),
            And => a & b,
            Or => a | b,
            Xor => a ^ b,
            Shl | LShr | AShr if b >= u128::from(w) => return None,
            Shl => a << b,
            LShr => a >> b,
            AShr => (sa >> b) as u128,
            UDiv | URem | SDiv | SRem if b == 0 => return None,
            // LLVM's `X / 1` and `X % 1` come first (in i1, 1 is also -1).
            UDiv | SDiv if b == 1 => a,
            URem | SRem if b == 1 => 0,
            SDiv | SRem if a == smin && b == m => return None,
            UDiv => a / b,
            URem => a % b,
            SDiv => sa.wrapping_div(sb) as u128,
            SRem => sa.wrapping_rem(sb) as u128,
            _ => unreachable!(),
        }) & m,
    )
}

const INT_OPS: [Opcode; 13] = [
    Opcode::Add,
    Opcode::Sub,
    Opcode::Mul,
    Opcode::And,
    Opcode::Or,
    Opcode::Xor,
    Opcode::Shl,
    Opcode::LShr,
    Opcode::AShr,
    Opcode::UDiv,
    Opcode::URem,
    Opcode::SDiv,
    Opcode::SRem,
];

#[test]
fn integer_ops_match_the_host_up_to_128_bits() {
    let mut r = Rng::new(0x0c0f_f01d);
    let widths = [1, 2, 7, 8, 13, 16, 31, 32, 33, 63, 64, 65, 100, 127, 128];
    let mut checked = 0;
    for _ in 0..40_000 {
        let w = *r.pick(&widths);
        let op = *r.pick(&INT_OPS);
        let (a, b) = (interesting(&mut r, w), interesting(&mut r, w));
        let b = if matches!(op, Opcode::Shl | Opcode::LShr | Opcode::AShr) && r.chance(0.8) {
            b % u128::from(w)
        } else {
            b
        };
        let (x, y) = (ApInt::from_u128(w, a), ApInt::from_u128(w, b));
        let got = int_binop(op, &x, &y).expect("folds");
        let want = host(op, a, b, w).map(|v| ApInt::from_u128(w, v));
        assert_eq!(
            got,
            want.map_or(Fold::Poison, Fold::Value),
            "{op:?} i{w} {a:#x}, {b:#x}"
        );
        // Compares.
        for p in [
            Predicate::Ult,
            Predicate::Slt,
            Predicate::Eq,
            Predicate::Sge,
        ] {
            let h = match p {
                Predicate::Ult => a < b,
                Predicate::Slt => sx(a, w) < sx(b, w),
                Predicate::Eq => a == b,
                _ => sx(a, w) >= sx(b, w),
            };
            assert_eq!(icmp(p, &x, &y), Some(h));
        }
        checked += 1;
    }
    assert_eq!(checked, 40_000);
}

#[test]
fn flags_decide_overflow_as_the_host_does() {
    let mut r = Rng::new(77);
    for _ in 0..20_000 {
        let w = *r.pick(&[1u32, 8, 16, 32, 63, 64]);
        let op = *r.pick(&[Opcode::Add, Opcode::Sub, Opcode::Mul, Opcode::Shl]);
        let (a, b) = (interesting(&mut r, w), interesting(&mut r, w) % 128);
        let b = if op == Opcode::Shl {
            b % u128::from(w)
        } else {
            b & mask(w)
        };
        let (x, y) = (ApInt::from_u128(w, a), ApInt::from_u128(w, b));
        let (sa, sb) = (sx(a, w), sx(b, w));
        let fits_s = |v: i128| v >= -(1i128 << (w - 1)) && v < (1i128 << (w - 1));
        let (uo, so) = match op {
            Opcode::Add => (a + b > mask(w), !fits_s(sa + sb)),
            Opcode::Sub => (a < b, !fits_s(sa - sb)),
            Opcode::Mul => (
                a.checked_mul(b).is_none_or(|p| p > mask(w)),
                !fits_s(sa * sb),
            ),
            _ => {
                let v = (a << b) & mask(w);
                (v >> b != a, sx(v, w) >> b != sa)
            }
        };
        assert_eq!(
            int_overflows(op, Flags::NUW, &x, &y),
            Some(uo),
            "{op:?} nuw i{w} {a} {b}"
        );
        assert_eq!(
            int_overflows(op, Flags::NSW, &x, &y),
            Some(so),
            "{op:?} nsw i{w} {a} {b}"
        );
    }
}

#[test]
fn wide_integers_keep_the_identities() {
    let mut r = Rng::new(5);
    for _ in 0..300 {
        let w = *r.pick(&[129u32, 200, 256, 1000, 4096]);
        let words: Vec<u64> = (0..w.div_ceil(64)).map(|_| r.next_u64()).collect();
        let a = ApInt::from_words(w, &words);
        let dw: Vec<u64> = (0..r.below(w.div_ceil(64) as usize) + 1)
            .map(|_| r.next_u64())
            .collect();
        let d = ApInt::from_words(w, &dw);
        if d.is_zero() {
            continue;
        }
        let (q, rem) = a.udivrem(&d).unwrap();
        assert!(rem.ult(&d));
        assert_eq!(q.mul(&d).add(&rem), a, "i{w}");
        let (sq, srem) = a.sdivrem(&d).unwrap();
        assert_eq!(sq.mul(&d).add(&srem), a);
        assert_eq!(a.sub(&a), ApInt::zero(w));
        assert_eq!(a.add(&a.neg()), ApInt::zero(w));
        let s = r.below(w as usize) as u32;
        assert_eq!(a.shl(s).lshr(s), a.and(&ApInt::all_ones(w).lshr(s)));
        assert_eq!(a.sext(w + 70).trunc(w), a);
        assert_eq!(a.sext(w + 70).ashr(w + 69).is_all_ones(), a.is_negative());
    }
    // The bound: a hostile width does not multiply.
    let big = ApInt::from_u64(MAX_QUADRATIC_BITS + 1, 3);
    assert_eq!(int_binop(Opcode::Mul, &big, &big), None);
    assert_eq!(
        int_binop(Opcode::Add, &big, &big).unwrap(),
        Fold::Value(ApInt::from_u64(MAX_QUADRATIC_BITS + 1, 6))
    );
}

fn f32c(v: f32) -> Fp {
    Fp::new(FpFormat::Single, u128::from(v.to_bits()))
}

#[test]
fn floats_fold_as_llvm() {
    let env = FpEnv::default();
    // 1/3 in x87 rounds to nearest even (opt-19: 0xK3FFDAAAAAAAAAAAAAAAB).
    let one = Fp::new(FpFormat::X87, 0x3FFF_8000_0000_0000_0000);
    let three = Fp::new(FpFormat::X87, 0x4000_C000_0000_0000_0000);
    assert_eq!(
        Fp::binop(FpBinOp::Div, one, three, &env),
        Some(Fp::new(FpFormat::X87, 0x3FFD_AAAA_AAAA_AAAA_AAAB))
    );
    // frem is fmod: the sign of the dividend.
    let d = |v: f64| Fp::new(FpFormat::Double, u128::from(v.to_bits()));
    assert_eq!(
        Fp::binop(FpBinOp::Rem, d(-5.5), d(2.0), &env),
        Some(d(-1.5))
    );
    // A signaling NaN operand comes out quiet.
    let snan = Fp::new(FpFormat::Single, 0x7FA0_0000);
    assert_eq!(
        Fp::binop(FpBinOp::Add, snan, f32c(1.0), &env),
        Some(Fp::new(FpFormat::Single, 0x7FE0_0000))
    );
    // Denormal inputs flush under preserve-sign and stay under ieee.
    let tiny = Fp::new(FpFormat::Single, 0x8000_0001);
    let ps = FpEnv::from_attrs(Some("preserve-sign,preserve-sign"), None);
    assert_eq!(Fp::binop(FpBinOp::Add, tiny, f32c(0.0), &env), Some(tiny));
    assert_eq!(
        Fp::binop(FpBinOp::Add, tiny, f32c(-0.0), &ps),
        Some(f32c(-0.0))
    );
    let pz = FpEnv::from_attrs(Some("ieee"), Some("positive-zero"));
    // (positive-zero flushes the input to +0.0, and +0.0 + -0.0 is +0.0)
    assert_eq!(
        Fp::binop(FpBinOp::Add, tiny, f32c(-0.0), &pz),
        Some(f32c(0.0))
    );
    assert_eq!(
        Fp::binop(FpBinOp::Mul, tiny, f32c(1.0), &pz),
        Some(f32c(0.0))
    );
    let dy = FpEnv::from_attrs(Some("dynamic"), None);
    assert_eq!(Fp::binop(FpBinOp::Mul, tiny, f32c(1.0), &dy), None);
    assert_eq!(
        Fp::binop(FpBinOp::Mul, f32c(2.0), f32c(1.5), &dy),
        Some(f32c(3.0))
    );
    // Out of range fptosi is poison; -0.5 to unsigned is 0.
    assert_eq!(f32c(3.0e10).to_int(32, true), Some(Fold::Poison));
    assert_eq!(
        f32c(-0.5).to_int(8, false),
        Some(Fold::Value(ApInt::zero(8)))
    );
    assert_eq!(f32c(-1.0).to_int(8, false), Some(Fold::Poison));
    assert_eq!(
        f32c(-128.9).to_int(8, true),
        Some(Fold::Value(ApInt::from_i64(8, -128)))
    );
    // Compares: NaN is unordered.
    let nan = Fp::new(FpFormat::Single, 0x7FC0_0000);
    assert_eq!(fcmp(Predicate::Une, nan, nan, &env), Some(true));
    assert_eq!(fcmp(Predicate::Oeq, nan, nan, &env), Some(false));
    assert_eq!(
        fcmp(Predicate::Oeq, f32c(0.0), f32c(-0.0), &env),
        Some(true)
    );
    // Conversions round to nearest even.
    assert_eq!(d(0.1).convert(FpFormat::Single), Some(f32c(0.1)));
    assert_eq!(
        Fp::from_int(&ApInt::from_u64(64, u64::MAX), false, FpFormat::Single),
        Some(f32c(1.8446744e19))
    );
    assert_eq!(
        Fp::from_int(&ApInt::from_i64(1, -1), true, FpFormat::Double),
        Some(d(-1.0))
    );
    assert!(f32c(2.5).is_exactly(2.5) && !f32c(-0.0).is_exactly(0.0));
    // ppc_fp128 is known and never folded.
    let ppc = Fp::new(FpFormat::PpcDouble, 0);
    assert_eq!(Fp::binop(FpBinOp::Add, ppc, ppc, &env), None);
}

#[test]
fn vectors_fold_lane_by_lane() {
    let env = FpEnv::default();
    let v = |xs: &[f32]| Value::Vector(xs.iter().map(|&x| Lane::Float(f32c(x))).collect());
    let a = v(&[1.0, 2.0]);
    let b = Value::Vector(vec![Lane::Float(f32c(3.0)), Lane::Poison]);
    assert_eq!(
        binop(Opcode::FAdd, &a, &b, &env),
        Some(Value::Vector(vec![Lane::Float(f32c(4.0)), Lane::Poison]))
    );
    assert_eq!(binop(Opcode::FAdd, &a, &v(&[1.0]), &env), None);
    let i = |xs: &[i64]| {
        Value::Vector(
            xs.iter()
                .map(|&x| Lane::Int(ApInt::from_i64(8, x)))
                .collect(),
        )
    };
    assert_eq!(
        binop(Opcode::SDiv, &i(&[-128, 7]), &i(&[-1, 0]), &env),
        Some(Value::Vector(vec![Lane::Poison, Lane::Poison]))
    );
    assert_eq!(
        cmp(Predicate::Slt, &i(&[-1, 5]), &i(&[0, 5]), &env),
        Some(Value::Vector(vec![
            Lane::Int(ApInt::from_u64(1, 1)),
            Lane::Int(ApInt::from_u64(1, 0))
        ]))
    );
    assert_eq!(
        cast(
            Opcode::SIToFP,
            &i(&[-2, 3]),
            ScalarTy::Float(FpFormat::Single)
        ),
        Some(v(&[-2.0, 3.0]))
    );
    let one = Value::Scalar(Lane::Int(ApInt::from_u64(8, 1)));
    assert_eq!(
        binop(Opcode::Add, &Value::Scalar(Lane::Undef), &one, &env),
        None
    );
    assert_eq!(
        binop(Opcode::Add, &Value::Scalar(Lane::Poison), &one, &env),
        Some(Value::Scalar(Lane::Poison))
    );
}

/// `Predicate::inverse`, `swapped`, `strict`, `non_strict` and
/// `flipped_signedness` agree with what the folder computes for every
/// predicate on integers (every pair of 3-bit values) and floats (zeros,
/// infinities, NaN).
#[test]
fn predicate_algebra_matches_evaluation() {
    use Predicate::*;
    let ints = [Eq, Ne, Ugt, Uge, Ult, Ule, Sgt, Sge, Slt, Sle];
    let floats = [
        False, Oeq, Ogt, Oge, Olt, Ole, One, Ord, Ueq, FUgt, FUge, FUlt, FUle, Une, Uno, True,
    ];
    for p in ints {
        assert!(p.is_int());
        assert_eq!(p.inverse().inverse(), p);
        assert_eq!(p.swapped().swapped(), p);
        for a in 0..8u64 {
            for b in 0..8u64 {
                let (x, y) = (ApInt::from_u64(3, a), ApInt::from_u64(3, b));
                let v = icmp(p, &x, &y).unwrap();
                assert_eq!(icmp(p.inverse(), &x, &y), Some(!v), "{p:?}");
                assert_eq!(icmp(p.swapped(), &y, &x), Some(v), "{p:?}");
                if a != b {
                    assert_eq!(icmp(p.strict(), &x, &y), Some(v), "{p:?}");
                    assert_eq!(icmp(p.non_strict(), &x, &y), Some(v), "{p:?}");
                }
                // Flipping signedness agrees where both operands have the
                // sign bit clear.
                if a < 4 && b < 4 {
                    assert_eq!(icmp(p.flipped_signedness(), &x, &y), Some(v), "{p:?}");
                }
            }
        }
        assert_eq!(p.is_signed(), matches!(p, Sgt | Sge | Slt | Sle));
        assert_eq!(p.is_unsigned(), p.flipped_signedness().is_signed());
    }
    let env = FpEnv::default();
    let vals = [0.0f32, -0.0, 1.0, -1.0, f32::INFINITY, f32::NAN];
    for p in floats {
        assert!(!p.is_int() && !p.is_signed() && !p.is_unsigned());
        assert_eq!(p.inverse().inverse(), p);
        assert_eq!(p.swapped().swapped(), p);
        for a in vals {
            for b in vals {
                let v = fcmp(p, f32c(a), f32c(b), &env).unwrap();
                assert_eq!(fcmp(p.inverse(), f32c(a), f32c(b), &env), Some(!v), "{p:?}");
                assert_eq!(fcmp(p.swapped(), f32c(b), f32c(a), &env), Some(v), "{p:?}");
            }
        }
    }
}
