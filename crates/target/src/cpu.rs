//! The x86 CPUs LLVM 19 knows: the features each implies, its tuning
//! flags, the family it belongs to, and the loop micro-op buffer of the
//! scheduling model LLVM tunes with.
//!
//! Sources:
//! - features: LLVM 19's `X86.td` processor lists (`ProcessorFeatures`),
//!   which are what clang-19 writes into `target-features` for
//!   `-march=NAME` (checked for every 64-bit CPU by `tests/cpus.rs`);
//! - tuning flags: the `Tuning*` lists of `X86.td`, limited to the flags
//!   the cost model reads, checked where opt-19 shows them (vector width
//!   choices, gather costs, 256-bit load costs: `tests/llvm_costs.rs`);
//! - loop buffer sizes: the `LoopMicroOpBufferSize` of each scheduling
//!   model, measured with opt-19's partial-unroll decisions for every CPU
//!   `llc-19 -mcpu=help` lists (the unroller's calibration, unchanged).

use crate::features::{Feature, Feature::*, FeatureSet};

/// The CPU family a target tunes for (what the cost model and the
/// vectorizer may want to tell apart beyond features).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// `generic`, `x86-64`, `x86-64-v2/v3/v4`: LLVM's generic tunings.
    Generic,
    /// Intel big cores up to Broadwell (no AVX-512).
    IntelCore,
    /// Intel client cores with fast gathers and no AVX-512 (Skylake,
    /// Alder Lake and later hybrids).
    IntelClient,
    /// Intel cores with AVX-512 (Skylake-SP to Granite Rapids, Ice Lake,
    /// Tiger Lake, Rocket Lake): 512-bit capable, prefer 256-bit vectors.
    IntelAvx512,
    /// Intel Atom-class cores (Bonnell to Crestmont).
    IntelAtom,
    /// Xeon Phi (Knights Landing/Mill).
    IntelPhi,
    /// AMD Zen 1 to 3.
    Zen,
    /// AMD Zen 4 and 5: AVX-512 on 256-bit data paths (Zen 4), 512-bit
    /// vectors preferred by LLVM.
    Zen4,
    /// Older AMD cores (K8 to Excavator, Bobcat, Jaguar).
    AmdOld,
    /// 32-bit-only CPUs and anything else.
    Other,
}

/// What LLVM knows about one CPU name.
#[derive(Clone, Copy, Debug)]
pub struct CpuInfo {
    /// The canonical name (aliases such as `skylake_avx512` resolve to
    /// their target, `skylake-avx512`).
    pub name: &'static str,
    /// The features the name implies.
    pub features: FeatureSet,
    /// The tuning flags the name sets when it is the tuned CPU.
    pub tuning: FeatureSet,
    pub family: Family,
}

// Feature lists, in the shape of `X86.td`'s `ProcessorFeatures`.
const V1: &[Feature] = &[X87, Cx8, Cmov, Mmx, Sse2, Fxsr, Nopl, X86_64];
const V2_ADD: &[Feature] = &[Cx16, Sahf, Crc32, Popcnt, Sse42];
const V3_ADD: &[Feature] = &[Avx2, Bmi, Bmi2, F16c, Fma, Lzcnt, Movbe, Xsave];
const V4_ADD: &[Feature] = &[Avx512bw, Avx512cd, Avx512dq, Avx512vl, Evex512];
const CORE2: &[Feature] = &[X87, Cx8, Cmov, Mmx, Ssse3, Fxsr, Nopl, X86_64, Cx16, Sahf];
const WSM_ADD: &[Feature] = &[Pclmul];
const SNB_ADD: &[Feature] = &[Avx, Xsave, Xsaveopt];
const IVB_ADD: &[Feature] = &[Rdrnd, F16c, Fsgsbase];
const HSW_ADD: &[Feature] = &[Avx2, Bmi, Bmi2, Ermsb, Fma, Invpcid, Lzcnt, Movbe];
const BDW_ADD: &[Feature] = &[Adx, Rdseed, Prfchw];
const SKL_ADD: &[Feature] = &[Aes, Xsavec, Xsaves, Clflushopt, Sgx];
const SKX_ADD: &[Feature] = &[
    Aes, Xsavec, Xsaves, Clflushopt, Avx512f, Avx512cd, Avx512dq, Avx512bw, Avx512vl, Pku, Clwb,
    Evex512,
];
const CNL_ADD: &[Feature] = &[
    Avx512f, Avx512cd, Avx512dq, Avx512bw, Avx512vl, Pku, Avx512vbmi, Avx512ifma, Sha, Evex512,
];
const ICL_ADD: &[Feature] = &[
    Avx512bitalg,
    Vaes,
    Avx512vbmi2,
    Avx512vnni,
    Vpclmulqdq,
    Avx512vpopcntdq,
    Gfni,
    Rdpid,
    Fsrm,
];
const ICX_ADD: &[Feature] = &[Pconfig, Clwb, Wbnoinvd];
const TGL_ADD: &[Feature] = &[
    Avx512vp2intersect,
    Clwb,
    Movdiri,
    Movdir64b,
    Shstk,
    Kl,
    Widekl,
];
const SPR_ADD: &[Feature] = &[
    AmxTile, AmxInt8, AmxBf16, Avx512bf16, Serialize, Cldemote, Waitpkg, Ptwrite, Avx512fp16,
    Avxvnni, Tsxldtrk, Enqcmd, Shstk, Movdiri, Movdir64b, Uintr,
];
const GNR_ADD: &[Feature] = &[AmxFp16, Prefetchi];
const ATOM: &[Feature] = &[
    X87, Cx8, Cmov, Mmx, Ssse3, Fxsr, Nopl, X86_64, Cx16, Movbe, Sahf,
];
const SLM_ADD: &[Feature] = &[Sse42, Crc32, Popcnt, Pclmul, Prfchw, Rdrnd];
const GLM_ADD: &[Feature] = &[
    Aes, Sha, Rdseed, Xsave, Xsaveopt, Xsavec, Xsaves, Clflushopt, Fsgsbase,
];
const GLP_ADD: &[Feature] = &[Ptwrite, Rdpid, Sgx];
const TRM_ADD: &[Feature] = &[Clwb, Gfni];
const ADL_ADD: &[Feature] = &[
    Serialize, Pconfig, Shstk, Widekl, Invpcid, Adx, Fma, Vaes, Vpclmulqdq, F16c, Bmi, Bmi2, Lzcnt,
    Avxvnni, Pku, Hreset, Cldemote, Movdiri, Movdir64b, Waitpkg,
];
const SRF_ADD: &[Feature] = &[Avxifma, Avxneconvert, Avxvnniint8, Cmpccxadd, Enqcmd, Uintr];
const ARLS_ADD: &[Feature] = &[Avxvnniint16, Sha512, Sm3, Sm4];
const KNL: &[Feature] = &[
    X87, Cx8, Cmov, Mmx, Fxsr, Nopl, X86_64, Cx16, Crc32, Popcnt, Pclmul, Xsave, Xsaveopt, Sahf,
    Aes, Rdrnd, F16c, Fsgsbase, Avx512f, Avx512cd, Adx, Rdseed, Movbe, Lzcnt, Bmi, Bmi2, Fma,
    Prfchw, Invpcid, Evex512,
];
const ZN: &[Feature] = &[
    Adx, Aes, Avx2, Bmi, Bmi2, Clflushopt, Clzero, Cmov, X86_64, Cx16, Crc32, F16c, Fma, Fsgsbase,
    Fxsr, Nopl, Sahf, Lzcnt, Mmx, Movbe, Mwaitx, Pclmul, Popcnt, Prfchw, Rdrnd, Rdseed, Sha, Sse4a,
    X87, Xsave, Xsavec, Xsaveopt, Xsaves,
];
const ZN2_ADD: &[Feature] = &[Clwb, Rdpid, Rdpru, Wbnoinvd];
const ZN3_ADD: &[Feature] = &[Fsrm, Invpcid, Pku, Vaes, Vpclmulqdq];
const ZN4_ADD: &[Feature] = &[
    Avx512f,
    Evex512,
    Avx512cd,
    Avx512dq,
    Avx512bw,
    Avx512vl,
    Avx512vbmi,
    Avx512vbmi2,
    Avx512ifma,
    Avx512vnni,
    Avx512bitalg,
    Gfni,
    Avx512bf16,
    Shstk,
    Avx512vpopcntdq,
];
const ZN5_ADD: &[Feature] = &[Movdiri, Movdir64b, Avx512vp2intersect, Prefetchi, Avxvnni];
const K8: &[Feature] = &[X87, Cx8, Sse2, ThreeDNowA, Fxsr, Nopl, X86_64, Cmov];
// No CX16, as clang-19 writes `-march=k8-sse3` (older `X86.td`s had it).
const K8SSE3: &[Feature] = &[X87, Cx8, Sse3, ThreeDNowA, Fxsr, Nopl, Cmov, X86_64];
const BARCELONA: &[Feature] = &[
    X87, Cx8, Sse4a, ThreeDNowA, Fxsr, Nopl, Cx16, Prfchw, Lzcnt, Popcnt, Sahf, Cmov, X86_64,
];
const BTVER1: &[Feature] = &[
    X87, Cx8, Cmov, Mmx, Ssse3, Sse4a, Fxsr, Nopl, X86_64, Cx16, Prfchw, Lzcnt, Popcnt, Sahf,
];
const BTVER2_ADD: &[Feature] = &[Avx, Aes, Crc32, Pclmul, Bmi, F16c, Movbe, Xsave, Xsaveopt];
const BDVER1: &[Feature] = &[
    X87, Cx8, Cmov, Xop, X86_64, Cx16, Aes, Crc32, Prfchw, Pclmul, Mmx, Fxsr, Nopl, Lzcnt, Popcnt,
    Xsave, Lwp, Sahf,
];
const BDVER2_ADD: &[Feature] = &[F16c, Bmi, Tbm, Fma];
const BDVER3_ADD: &[Feature] = &[Xsaveopt, Fsgsbase];
const BDVER4_ADD: &[Feature] = &[Avx2, Bmi2, Movbe, Rdrnd, Mwaitx];

// Tuning lists: only the flags the cost model reads.
const T_NONE: &[Feature] = &[];
const T_OLD: &[Feature] = &[SlowUaMem16];
const T_SNB: &[Feature] = &[SlowUaMem32, SlowDivide64];
const T_HSW: &[Feature] = &[
    SlowDivide64,
    FastVariableCrossLaneShuffle,
    FastVariablePerLaneShuffle,
];
const T_SKL: &[Feature] = &[
    FastGather,
    SlowDivide64,
    FastVariableCrossLaneShuffle,
    FastVariablePerLaneShuffle,
];
const T_SKX: &[Feature] = &[
    FastGather,
    SlowDivide64,
    FastVariableCrossLaneShuffle,
    FastVariablePerLaneShuffle,
    Prefer256Bit,
];
const T_ATOM: &[Feature] = &[IsAtom, SlowUaMem16, SlowDivide32, SlowDivide64];
const T_SLM: &[Feature] = &[SlmArithCosts, SlowDivide64, SlowPmulld, FastMovbe];
const T_GLM: &[Feature] = &[GlmDivSqrtCosts, FastMovbe];
const T_KNL: &[Feature] = &[
    SlowDivide64,
    PreferMaskRegisters,
    FastGather,
    FastMovbe,
    SlowPmaddwd,
];
const T_BTVER2: &[Feature] = &[FastHorizontalOps, FastMovbe];
const T_BDVER: &[Feature] = &[FastMovbe];
const T_ZN: &[Feature] = &[FastVariablePerLaneShuffle, FastMovbe];
const T_GENERIC: &[Feature] = &[SlowDivide64];

/// One row of the CPU table: name, feature lists (concatenated), tuning,
/// family.
struct Row {
    name: &'static str,
    features: &'static [&'static [Feature]],
    tuning: &'static [Feature],
    family: Family,
}

macro_rules! rows {
    ($($name:literal => [$($f:ident),*], $t:ident, $fam:ident;)*) => {
        const ROWS: &[Row] = &[
            $(Row { name: $name, features: &[$($f),*], tuning: $t, family: Family::$fam }),*
        ];
    };
}

const I386: &[Feature] = &[X87];
const I586: &[Feature] = &[X87, Cx8];
const PMMX: &[Feature] = &[X87, Cx8, Mmx];
const I686: &[Feature] = &[X87, Cx8, Cmov];
const PPRO: &[Feature] = &[X87, Cx8, Cmov, Nopl];
const P2: &[Feature] = &[X87, Cx8, Mmx, Cmov, Fxsr, Nopl];
const P3: &[Feature] = &[X87, Cx8, Mmx, Sse, Fxsr, Nopl, Cmov];
const PM: &[Feature] = &[X87, Cx8, Mmx, Sse2, Fxsr, Nopl, Cmov];
const YONAH: &[Feature] = &[X87, Cx8, Mmx, Sse3, Fxsr, Nopl, Cmov];
const NOCONA: &[Feature] = &[X87, Cx8, Cmov, Mmx, Sse3, Fxsr, Nopl, X86_64, Cx16];
const SSE41: &[Feature] = &[Sse41];
const LAKEMONT: &[Feature] = &[Cx8];
const K6: &[Feature] = &[X87, Cx8, Mmx];
const K62: &[Feature] = &[X87, Cx8, ThreeDNow];
const ATHLON: &[Feature] = &[X87, Cx8, Cmov, ThreeDNowA, Nopl];
const ATHLON4: &[Feature] = &[X87, Cx8, Cmov, Sse, ThreeDNowA, Fxsr, Nopl];
const WINCHIPC6: &[Feature] = &[X87, Mmx];
const WINCHIP2: &[Feature] = &[X87, ThreeDNow];
const C32: &[Feature] = &[X87, Cx8, Mmx, Sse, Fxsr, Cmov];
const GEODE: &[Feature] = &[X87, Cx8, ThreeDNowA];
const GENERIC: &[Feature] = &[X87, Cx8, X86_64];
const ICL_NO_SGX: &[Feature] = &[];

rows! {
    "generic" => [GENERIC], T_GENERIC, Generic;
    "x86-64" => [V1], T_GENERIC, Generic;
    "x86-64-v2" => [V1, V2_ADD], T_SNB, Generic;
    "x86-64-v3" => [V1, V2_ADD, V3_ADD], T_HSW, Generic;
    "x86-64-v4" => [V1, V2_ADD, V3_ADD, V4_ADD], T_SKX, Generic;
    "i386" => [I386], T_OLD, Other;
    "i486" => [I386], T_OLD, Other;
    "i586" => [I586], T_OLD, Other;
    "pentium" => [I586], T_OLD, Other;
    "pentium-mmx" => [PMMX], T_OLD, Other;
    "i686" => [I686], T_OLD, Other;
    "pentiumpro" => [PPRO], T_OLD, Other;
    "pentium2" => [P2], T_OLD, Other;
    "pentium3" => [P3], T_OLD, Other;
    "pentium3m" => [P3], T_OLD, Other;
    "pentium-m" => [PM], T_OLD, Other;
    "pentium4" => [PM], T_OLD, Other;
    "pentium4m" => [PM], T_OLD, Other;
    "lakemont" => [LAKEMONT], T_OLD, Other;
    "yonah" => [YONAH], T_OLD, Other;
    "prescott" => [YONAH], T_OLD, Other;
    "nocona" => [NOCONA], T_OLD, IntelCore;
    "core2" => [CORE2], T_OLD, IntelCore;
    "penryn" => [CORE2, SSE41], T_OLD, IntelCore;
    "bonnell" => [ATOM], T_ATOM, IntelAtom;
    "atom" => [ATOM], T_ATOM, IntelAtom;
    "silvermont" => [ATOM, SLM_ADD], T_SLM, IntelAtom;
    "slm" => [ATOM, SLM_ADD], T_SLM, IntelAtom;
    "goldmont" => [ATOM, SLM_ADD, GLM_ADD], T_GLM, IntelAtom;
    "goldmont-plus" => [ATOM, SLM_ADD, GLM_ADD, GLP_ADD], T_GLM, IntelAtom;
    "tremont" => [ATOM, SLM_ADD, GLM_ADD, GLP_ADD, TRM_ADD], T_GLM, IntelAtom;
    "nehalem" => [V1, V2_ADD], T_NONE, IntelCore;
    "corei7" => [V1, V2_ADD], T_NONE, IntelCore;
    "westmere" => [V1, V2_ADD, WSM_ADD], T_NONE, IntelCore;
    "sandybridge" => [V1, V2_ADD, WSM_ADD, SNB_ADD], T_SNB, IntelCore;
    "corei7-avx" => [V1, V2_ADD, WSM_ADD, SNB_ADD], T_SNB, IntelCore;
    "ivybridge" => [V1, V2_ADD, WSM_ADD, SNB_ADD, IVB_ADD], T_SNB, IntelCore;
    "core-avx-i" => [V1, V2_ADD, WSM_ADD, SNB_ADD, IVB_ADD], T_SNB, IntelCore;
    "haswell" => [V1, V2_ADD, WSM_ADD, SNB_ADD, IVB_ADD, HSW_ADD], T_HSW, IntelCore;
    "core-avx2" => [V1, V2_ADD, WSM_ADD, SNB_ADD, IVB_ADD, HSW_ADD], T_HSW, IntelCore;
    "broadwell" => [V1, V2_ADD, WSM_ADD, SNB_ADD, IVB_ADD, HSW_ADD, BDW_ADD], T_HSW, IntelCore;
    "skylake" => [V1, V2_ADD, WSM_ADD, SNB_ADD, IVB_ADD, HSW_ADD, BDW_ADD, SKL_ADD], T_SKL, IntelClient;
    "knl" => [KNL], T_KNL, IntelPhi;
    "knm" => [KNL, KNM_ADD], T_KNL, IntelPhi;
    "skylake-avx512" => [V1, V2_ADD, WSM_ADD, SNB_ADD, IVB_ADD, HSW_ADD, BDW_ADD, SKX_ADD], T_SKX, IntelAvx512;
    "skx" => [V1, V2_ADD, WSM_ADD, SNB_ADD, IVB_ADD, HSW_ADD, BDW_ADD, SKX_ADD], T_SKX, IntelAvx512;
    "cascadelake" => [V1, V2_ADD, WSM_ADD, SNB_ADD, IVB_ADD, HSW_ADD, BDW_ADD, SKX_ADD, CLX_ADD], T_SKX, IntelAvx512;
    "cooperlake" => [V1, V2_ADD, WSM_ADD, SNB_ADD, IVB_ADD, HSW_ADD, BDW_ADD, SKX_ADD, CLX_ADD, CPX_ADD], T_SKX, IntelAvx512;
    "cannonlake" => [V1, V2_ADD, WSM_ADD, SNB_ADD, IVB_ADD, HSW_ADD, BDW_ADD, SKL_ADD, CNL_ADD], T_SKX, IntelAvx512;
    "icelake-client" => [V1, V2_ADD, WSM_ADD, SNB_ADD, IVB_ADD, HSW_ADD, BDW_ADD, SKL_ADD, CNL_ADD, ICL_ADD], T_SKX, IntelAvx512;
    "rocketlake" => [V1, V2_ADD, WSM_ADD, SNB_ADD, IVB_ADD, HSW_ADD, BDW_ADD, SKL_ADD, CNL_ADD, ICL_ADD, ICL_NO_SGX], T_SKX, IntelAvx512;
    "icelake-server" => [V1, V2_ADD, WSM_ADD, SNB_ADD, IVB_ADD, HSW_ADD, BDW_ADD, SKL_ADD, CNL_ADD, ICL_ADD, ICX_ADD], T_SKX, IntelAvx512;
    "tigerlake" => [V1, V2_ADD, WSM_ADD, SNB_ADD, IVB_ADD, HSW_ADD, BDW_ADD, SKL_ADD, CNL_ADD, ICL_ADD, TGL_ADD], T_SKX, IntelAvx512;
    "sapphirerapids" => [V1, V2_ADD, WSM_ADD, SNB_ADD, IVB_ADD, HSW_ADD, BDW_ADD, SKL_ADD, CNL_ADD, ICL_ADD, ICX_ADD, SPR_ADD], T_SKX, IntelAvx512;
    "emeraldrapids" => [V1, V2_ADD, WSM_ADD, SNB_ADD, IVB_ADD, HSW_ADD, BDW_ADD, SKL_ADD, CNL_ADD, ICL_ADD, ICX_ADD, SPR_ADD], T_SKX, IntelAvx512;
    "graniterapids" => [V1, V2_ADD, WSM_ADD, SNB_ADD, IVB_ADD, HSW_ADD, BDW_ADD, SKL_ADD, CNL_ADD, ICL_ADD, ICX_ADD, SPR_ADD, GNR_ADD], T_SKX, IntelAvx512;
    "graniterapids-d" => [V1, V2_ADD, WSM_ADD, SNB_ADD, IVB_ADD, HSW_ADD, BDW_ADD, SKL_ADD, CNL_ADD, ICL_ADD, ICX_ADD, SPR_ADD, GNR_ADD, GNRD_ADD], T_SKX, IntelAvx512;
    "alderlake" => [ATOM, SLM_ADD, GLM_ADD, GLP_ADD, TRM_ADD, ADL_ADD], T_SKL, IntelClient;
    "raptorlake" => [ATOM, SLM_ADD, GLM_ADD, GLP_ADD, TRM_ADD, ADL_ADD], T_SKL, IntelClient;
    "meteorlake" => [ATOM, SLM_ADD, GLM_ADD, GLP_ADD, TRM_ADD, ADL_ADD], T_SKL, IntelClient;
    "gracemont" => [ATOM, SLM_ADD, GLM_ADD, GLP_ADD, TRM_ADD, ADL_ADD], T_SKL, IntelClient;
    "sierraforest" => [ATOM, SLM_ADD, GLM_ADD, GLP_ADD, TRM_ADD, ADL_ADD, SRF_ADD], T_SKL, IntelClient;
    "grandridge" => [ATOM, SLM_ADD, GLM_ADD, GLP_ADD, TRM_ADD, ADL_ADD, SRF_ADD], T_SKL, IntelClient;
    "arrowlake" => [ATOM, SLM_ADD, GLM_ADD, GLP_ADD, TRM_ADD, ADL_ADD, SRF_ADD], T_SKL, IntelClient;
    "arrowlake-s" => [ATOM, SLM_ADD, GLM_ADD, GLP_ADD, TRM_ADD, ADL_ADD, SRF_ADD, ARLS_ADD], T_SKL, IntelClient;
    "lunarlake" => [ATOM, SLM_ADD, GLM_ADD, GLP_ADD, TRM_ADD, ADL_ADD, SRF_ADD, ARLS_ADD], T_SKL, IntelClient;
    "pantherlake" => [ATOM, SLM_ADD, GLM_ADD, GLP_ADD, TRM_ADD, ADL_ADD, SRF_ADD, ARLS_ADD, PTL_ADD], T_SKL, IntelClient;
    "clearwaterforest" => [ATOM, SLM_ADD, GLM_ADD, GLP_ADD, TRM_ADD, ADL_ADD, SRF_ADD, ARLS_ADD, CWF_ADD], T_SKL, IntelClient;
    "k6" => [K6], T_OLD, Other;
    "k6-2" => [K62], T_OLD, Other;
    "k6-3" => [K62], T_OLD, Other;
    "athlon" => [ATHLON], T_OLD, Other;
    "athlon-tbird" => [ATHLON], T_OLD, Other;
    "athlon-4" => [ATHLON4], T_OLD, Other;
    "athlon-xp" => [ATHLON4], T_OLD, Other;
    "athlon-mp" => [ATHLON4], T_OLD, Other;
    "k8" => [K8], T_OLD, AmdOld;
    "opteron" => [K8], T_OLD, AmdOld;
    "athlon64" => [K8], T_OLD, AmdOld;
    "athlon-fx" => [K8], T_OLD, AmdOld;
    "k8-sse3" => [K8SSE3], T_OLD, AmdOld;
    "opteron-sse3" => [K8SSE3], T_OLD, AmdOld;
    "athlon64-sse3" => [K8SSE3], T_OLD, AmdOld;
    "amdfam10" => [BARCELONA], T_NONE, AmdOld;
    "barcelona" => [BARCELONA], T_NONE, AmdOld;
    "btver1" => [BTVER1], T_NONE, AmdOld;
    "btver2" => [BTVER1, BTVER2_ADD], T_BTVER2, AmdOld;
    "bdver1" => [BDVER1], T_NONE, AmdOld;
    "bdver2" => [BDVER1, BDVER2_ADD], T_BDVER, AmdOld;
    "bdver3" => [BDVER1, BDVER2_ADD, BDVER3_ADD], T_BDVER, AmdOld;
    "bdver4" => [BDVER1, BDVER2_ADD, BDVER3_ADD, BDVER4_ADD], T_BDVER, AmdOld;
    "znver1" => [ZN], T_ZN, Zen;
    "znver2" => [ZN, ZN2_ADD], T_ZN, Zen;
    "znver3" => [ZN, ZN2_ADD, ZN3_ADD], T_ZN, Zen;
    "znver4" => [ZN, ZN2_ADD, ZN3_ADD, ZN4_ADD], T_ZN, Zen4;
    "znver5" => [ZN, ZN2_ADD, ZN3_ADD, ZN4_ADD, ZN5_ADD], T_ZN, Zen4;
    "winchip-c6" => [WINCHIPC6], T_OLD, Other;
    "winchip2" => [WINCHIP2], T_OLD, Other;
    "c3" => [WINCHIP2], T_OLD, Other;
    "c3-2" => [C32], T_OLD, Other;
    "geode" => [GEODE], T_OLD, Other;
}

const CLX_ADD: &[Feature] = &[Avx512vnni];
const CPX_ADD: &[Feature] = &[Avx512bf16];
const GNRD_ADD: &[Feature] = &[AmxComplex];
const PTL_ADD: &[Feature] = &[Prefetchi];
const CWF_ADD: &[Feature] = &[Prefetchi, Usermsr];
const KNM_ADD: &[Feature] = &[Avx512vpopcntdq];

/// LLVM 19's `ProcessorAlias` names (the `cpu_specific` spellings) and the
/// CPU each stands for.
const ALIASES: &[(&str, &str)] = &[
    ("arrowlake_s", "arrowlake-s"),
    ("atom_sse4_2", "silvermont"),
    ("atom_sse4_2_movbe", "goldmont"),
    ("core_2_duo_sse4_1", "penryn"),
    ("core_2_duo_ssse3", "core2"),
    ("core_2nd_gen_avx", "sandybridge"),
    ("core_3rd_gen_avx", "ivybridge"),
    ("core_4th_gen_avx", "haswell"),
    ("core_4th_gen_avx_tsx", "haswell"),
    ("core_5th_gen_avx", "broadwell"),
    ("core_5th_gen_avx_tsx", "broadwell"),
    ("core_aes_pclmulqdq", "westmere"),
    ("core_i7_sse4_2", "nehalem"),
    ("goldmont_plus", "goldmont-plus"),
    ("graniterapids_d", "graniterapids-d"),
    ("icelake_client", "icelake-client"),
    ("icelake_server", "icelake-server"),
    ("mic_avx512", "knl"),
    ("pentium_4", "pentium4"),
    ("pentium_4_sse3", "prescott"),
    ("pentium_ii", "pentium2"),
    ("pentium_iii", "pentium3"),
    ("pentium_iii_no_xmm_regs", "pentium2"),
    ("pentium_m", "pentium-m"),
    ("pentium_mmx", "pentium-mmx"),
    ("pentium_pro", "pentiumpro"),
    ("skylake_avx512", "skylake-avx512"),
];

/// What LLVM 19 knows about the CPU `name` (an alias resolves to its
/// target), or `None` for a name LLVM does not recognize (LLVM then warns
/// `'NAME' is not a recognized processor for this target (ignoring
/// processor)` and uses no features and no tuning).
pub fn lookup(name: &str) -> Option<CpuInfo> {
    let canonical = ALIASES
        .iter()
        .find(|(alias, _)| *alias == name)
        .map_or(name, |&(_, target)| target);
    let row = ROWS.iter().find(|r| r.name == canonical)?;
    let mut features = FeatureSet::new();
    for list in row.features {
        for &f in *list {
            features.enable(f);
        }
    }
    // Rocket Lake is Ice Lake client without SGX.
    if row.name == "rocketlake" {
        features.disable(Sgx);
    }
    Some(CpuInfo {
        name: row.name,
        features,
        tuning: FeatureSet::of(row.tuning),
        family: row.family,
    })
}

/// Every CPU name LLVM 19 accepts (canonical names, then aliases).
pub fn names() -> impl Iterator<Item = &'static str> {
    ROWS.iter()
        .map(|r| r.name)
        .chain(ALIASES.iter().map(|a| a.0))
}

/// The loop micro-op buffer size of the scheduling model LLVM 19 uses
/// when tuning for `tune_cpu` (`LoopMicroOpBufferSize`); x86's TTI
/// enables partial and runtime unrolling only when it is non-zero.
/// Measured with opt-19 for every CPU `llc-19 -mcpu=help` lists; unknown
/// names have no model.
///
/// An alias spelling (`skylake_avx512`, `core_i7_sse4_2`, ...) has the
/// model of the CPU it stands for, as in opt-19 (the unroller's table
/// before it moved here knew only the canonical names).
pub fn loop_buffer_size(tune_cpu: &str) -> u32 {
    let name = ALIASES
        .iter()
        .find(|(alias, _)| *alias == tune_cpu)
        .map_or(tune_cpu, |&(_, target)| target);
    match name {
        "generic" | "x86-64" | "x86-64-v2" | "core2" | "penryn" | "yonah" | "nehalem"
        | "corei7" | "westmere" | "sandybridge" | "corei7-avx" | "ivybridge" | "core-avx-i" => 28,
        "haswell" | "core-avx2" | "broadwell" | "skylake" | "skylake-avx512" | "skx"
        | "cascadelake" | "cooperlake" | "cannonlake" | "icelake-client" | "icelake-server"
        | "tigerlake" | "rocketlake" | "knl" | "knm" | "x86-64-v3" | "x86-64-v4" => 50,
        "alderlake" | "raptorlake" | "meteorlake" | "arrowlake" | "arrowlake-s" | "lunarlake"
        | "pantherlake" | "gracemont" | "sierraforest" | "grandridge" | "clearwaterforest"
        | "sapphirerapids" | "emeraldrapids" | "graniterapids" | "graniterapids-d" => 72,
        "atom" | "bonnell" | "silvermont" | "slm" | "goldmont" | "goldmont-plus" | "tremont" => 10,
        "znver3" => 96,
        "znver4" | "znver5" => 108,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels() {
        let v2 = lookup("x86-64-v2").unwrap().features;
        assert!(v2.has(Sse42) && v2.has(Popcnt) && !v2.has(Avx));
        let v3 = lookup("x86-64-v3").unwrap().features;
        assert!(v3.has(Avx2) && v3.has(Fma) && !v3.has(Avx512f));
        let v4 = lookup("x86-64-v4").unwrap().features;
        assert!(v4.has(Avx512bw) && v4.has(Avx512dq) && v4.has(Evex512) && !v4.has(Gfni));
        let zn4 = lookup("znver4").unwrap();
        assert!(zn4.features.has(Avx512vbmi2) && zn4.features.has(Gfni));
        assert!(!zn4.tuning.has(Prefer256Bit) && zn4.family == Family::Zen4);
        let skx = lookup("skylake_avx512").unwrap();
        assert_eq!(skx.name, "skylake-avx512");
        assert!(skx.tuning.has(Prefer256Bit) && skx.tuning.has(FastGather));
        assert!(!lookup("rocketlake").unwrap().features.has(Sgx));
        assert!(lookup("icelake-client").unwrap().features.has(Sgx));
        assert!(lookup("bogus").is_none() && lookup("").is_none());
    }

    #[test]
    fn loop_buffers() {
        // opt-19's partial unrolling threshold per tuned CPU.
        assert_eq!(loop_buffer_size("x86-64"), 28);
        assert_eq!(loop_buffer_size("skylake-avx512"), 50);
        assert_eq!(loop_buffer_size("sapphirerapids"), 72);
        assert_eq!(loop_buffer_size("znver4"), 108);
        assert_eq!(loop_buffer_size("znver1"), 0);
        assert_eq!(loop_buffer_size("bogus"), 0);
        // Alias spellings use their target's model (opt-19 unrolls a
        // runtime loop by 8 for `skylake_avx512`, by 4 for
        // `core_i7_sse4_2`, not at all for `atom_sse4_2`).
        assert_eq!(loop_buffer_size("skylake_avx512"), 50);
        assert_eq!(loop_buffer_size("core_i7_sse4_2"), 28);
        assert_eq!(loop_buffer_size("atom_sse4_2"), 10);
        assert_eq!(loop_buffer_size("graniterapids_d"), 72);
        for &(alias, target) in ALIASES {
            assert_eq!(loop_buffer_size(alias), loop_buffer_size(target), "{alias}");
        }
    }

    #[test]
    fn every_name_resolves() {
        for n in names() {
            assert!(lookup(n).is_some(), "{n}");
        }
    }
}
