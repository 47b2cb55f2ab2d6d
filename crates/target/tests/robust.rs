//! No attribute combination and no type makes the model panic or hang:
//! odd inputs by hand (empty strings, unknown CPUs, `+foo`, unsigned
//! flags, widths such as 99999, `-1`, `0x`, huge counts) and random ones
//! (proptest), each asked for every kind of cost on ordinary and absurd
//! types (`i1`, `i8388608`, 2^20 lanes, 2^32-1 lanes).

use loopwright_target::*;
use proptest::prelude::*;

const CPUS: &[&str] = &[
    "",
    "generic",
    "x86-64",
    "x86-64-v4",
    "znver4",
    "skylake-avx512",
    "atom",
    "knl",
    "i386",
    "bogus",
    "znver4 ",
    "ZNVER4",
    "sapphirerapids",
    "pentium4",
];
const FEATURES: &[&str] = &[
    "",
    ",",
    "+",
    "-",
    "+foo",
    "avx2",
    "+avx512f",
    "-avx512f",
    "+avx512f,-evex512",
    "-sse",
    "-sse2",
    "+soft-float",
    "-x87",
    "+avx512bw,-avx512f",
    "+prefer-256-bit",
    "+prefer-128-bit",
    "-prefer-256-bit",
    "+fast-gather,+prefer-no-gather",
    "+xop",
    "+avx10.1-512",
    "+slow-unaligned-mem-32",
    "+use-slm-arith-costs",
    "+use-glm-div-sqrt-costs",
    ",,,+sse4.2,,",
];
const WIDTHS: &[&str] = &[
    "",
    "0",
    "1",
    "64",
    "128",
    "256",
    "512",
    "99999",
    "-1",
    "0x",
    "0x200",
    "0b1000000000",
    "4294967295",
    "4294967296",
    "18446744073709551616",
    " 256",
    "256 ",
    "abc",
];
const TRIPLES: &[&str] = &[
    "",
    "x86_64-unknown-linux-gnu",
    "i686-pc-windows-msvc",
    "i386",
    "x86_64",
    "aarch64-linux-gnu",
    "amd64--",
    "-",
    "x86_64h-apple-darwin",
];

fn types() -> Vec<Ty> {
    let mut v = Vec::new();
    let elems = [
        Scalar::Int(1),
        Scalar::Int(3),
        Scalar::Int(8),
        Scalar::Int(17),
        Scalar::Int(64),
        Scalar::Int(128),
        Scalar::Int(1 << 23),
        Scalar::Half,
        Scalar::BFloat,
        Scalar::Float,
        Scalar::Double,
        Scalar::X86Fp80,
        Scalar::Fp128,
        Scalar::Ptr,
    ];
    for e in elems {
        v.push(Ty::scalar(e));
        for lanes in [1u32, 2, 3, 5, 16, 24, 64, 1000] {
            v.push(Ty::vector(e, lanes));
        }
    }
    v
}

/// Every query on one type (results are not checked: only that they
/// come back).
fn ask_everything(st: &Subtarget, t: Ty) {
    let v = OperandInfo::VARIABLE;
    for k in CostKind::ALL {
        for op in [
            BinOp::Add,
            BinOp::Mul,
            BinOp::Shl,
            BinOp::SDiv,
            BinOp::URem,
            BinOp::FDiv,
            BinOp::FNeg,
        ] {
            let _ = st.arithmetic_cost(op, t, k, v, OperandInfo::uniform_const(8));
            let _ = st.arithmetic_cost(op, t, k, v, v);
        }
        let _ = st.cast_cost(CastOp::ZExt, t.with_int_bits(64), t, k);
        let _ = st.cast_cost(CastOp::Trunc, t.with_int_bits(1), t, k);
        let _ = st.cast_cost(CastOp::SIToFP, t.with_elem(Scalar::Double), t, k);
        let _ = st.cast_cost(CastOp::FPToUI, t.with_int_bits(8), t, k);
        let _ = st.cast_cost(CastOp::BitCast, Ty::int(t.bits().min(1 << 23) as u32), t, k);
        let _ = st.cmp_sel_cost(CmpSel::ICmp(IntPred::Uge), t, k);
        let _ = st.cmp_sel_cost(CmpSel::FCmp(FloatPred::One), t, k);
        let _ = st.cmp_sel_cost(CmpSel::Select, t, k);
        let _ = st.memory_cost(MemOp::Load, t, Some(1), k);
        let _ = st.memory_cost(MemOp::Store, t, None, k);
        let _ = st.masked_memory_cost(MemOp::Store, t, Some(4), k);
        let _ = st.gather_scatter_cost(MemOp::Load, t, true, true, k);
        let _ = st.gather_scatter_cost(MemOp::Store, t, false, false, k);
        for i in [
            Intrinsic::SMax,
            Intrinsic::Abs,
            Intrinsic::Fma,
            Intrinsic::FMulAdd,
            Intrinsic::Sqrt,
            Intrinsic::Fabs,
        ] {
            let _ = st.intrinsic_cost(i, t, k);
        }
        if t.vector {
            for s in [
                ShuffleKind::Broadcast,
                ShuffleKind::Reverse,
                ShuffleKind::PermuteSingleSrc,
                ShuffleKind::PermuteTwoSrc,
            ] {
                let _ = st.shuffle_cost(s, t, 0, None, k);
            }
            let half = t.with_lanes(t.lanes.div_ceil(2));
            let _ = st.shuffle_cost(ShuffleKind::ExtractSubvector, t, t.lanes / 2, Some(half), k);
            let _ = st.shuffle_cost(ShuffleKind::InsertSubvector, t, 1, Some(half), k);
            let _ = st.vector_inst_cost(VectorInst::Extract, t, Some(t.lanes - 1), k);
            let _ = st.vector_inst_cost(VectorInst::Insert, t, None, k);
            for r in [
                ReduceOp::Add,
                ReduceOp::Mul,
                ReduceOp::And,
                ReduceOp::FAdd,
                ReduceOp::UMin,
                ReduceOp::FMax,
            ] {
                let _ = st.reduction_cost(r, t, true, false, k);
                let _ = st.reduction_cost(r, t, false, true, k);
            }
        }
    }
    let _ = st.legalize(t);
    // Immediates of any width and position.
    let bits = t.bits().min(u64::from(u32::MAX)) as u32;
    for op in [
        None,
        Some(loopwright_ir::Opcode::Add),
        Some(loopwright_ir::Opcode::ICmp),
        Some(loopwright_ir::Opcode::And),
        Some(loopwright_ir::Opcode::Shl),
        Some(loopwright_ir::Opcode::Select),
        Some(loopwright_ir::Opcode::GetElementPtr),
    ] {
        for idx in [0, 1, 2, u32::MAX] {
            for val in [0, 1, u128::MAX, 1 << 40, 0x8000_0000] {
                let _ = st.int_imm_cost_inst(op, idx, bits, val);
            }
        }
    }
}

fn subtarget(triple: &str, cpu: &str, tune: &str, fs: &str, prefer: &str, min: &str) -> Subtarget {
    Subtarget::new(&TargetAttrs {
        triple: Some(triple),
        target_cpu: Some(cpu),
        tune_cpu: Some(tune),
        target_features: Some(fs),
        prefer_vector_width: Some(prefer),
        min_legal_vector_width: Some(min),
    })
}

#[test]
fn odd_attributes() {
    let tys = types();
    for (i, &triple) in TRIPLES.iter().enumerate() {
        for (j, &cpu) in CPUS.iter().enumerate().filter(|(j, _)| (i + j) % 4 == 0) {
            let fs = FEATURES[(i + j) % FEATURES.len()];
            let w = WIDTHS[(i * 3 + j) % WIDTHS.len()];
            let m = WIDTHS[(i + j * 5) % WIDTHS.len()];
            let st = subtarget(triple, cpu, CPUS[(j + 3) % CPUS.len()], fs, w, m);
            let _ = st.register_bit_width(RegisterKind::FixedVector);
            let _ = st.number_of_registers(true);
            let _ = st.max_interleave_factor(16);
            let _ = st.level();
            for &t in tys.iter().skip((i + j) % 11).step_by(11) {
                ask_everything(&st, t);
            }
        }
    }
    // Absurd lane counts: legalization halves them down without
    // overflowing, and the costs saturate instead of wrapping.
    let st = subtarget("x86_64-unknown-linux-gnu", "znver4", "", "", "", "");
    for lanes in [1u32 << 20, u32::MAX, (1 << 31) + 1] {
        let t = Ty::vint(32, lanes);
        let l = st.legalize(t);
        assert!(l.count > 1 && l.vt.is_vector(), "{t}: {l:?}");
        let c = st.arithmetic_cost(
            BinOp::Add,
            t,
            CostKind::RecipThroughput,
            OperandInfo::VARIABLE,
            OperandInfo::VARIABLE,
        );
        assert!(c >= l.count, "{t}: {c}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_attributes(
        triple in prop::sample::select(TRIPLES),
        cpu in prop_oneof![prop::sample::select(CPUS).prop_map(String::from), "\\PC{0,12}"],
        flags in prop::collection::vec(
            prop_oneof![
                prop::sample::select(FEATURES).prop_map(String::from),
                "[+-]?[a-z0-9.-]{0,12}",
            ],
            0..8,
        ),
        prefer in prop_oneof![prop::sample::select(WIDTHS).prop_map(String::from), "\\PC{0,10}"],
        min in prop_oneof![prop::sample::select(WIDTHS).prop_map(String::from), "[0-9]{0,12}"],
        elem_bits in 1u32..300,
        lanes in 1u32..300,
    ) {
        let fs = flags.join(",");
        let st = Subtarget::new(&TargetAttrs {
            triple: Some(triple),
            target_cpu: Some(&cpu),
            tune_cpu: None,
            target_features: Some(&fs),
            prefer_vector_width: Some(&prefer),
            min_legal_vector_width: Some(&min),
        });
        let w = st.register_bit_width(RegisterKind::FixedVector);
        prop_assert!(matches!(w, 0 | 128 | 256 | 512));
        ask_everything(&st, Ty::vint(elem_bits, lanes));
        ask_everything(&st, Ty::vector(Scalar::Float, lanes));
        ask_everything(&st, Ty::int(elem_bits));
    }
}
