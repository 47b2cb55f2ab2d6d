//! The subtarget of one function: what LLVM 19's `X86Subtarget` computes
//! from the module's triple and the function's `target-cpu`, `tune-cpu`,
//! `target-features`, `prefer-vector-width` and `min-legal-vector-width`
//! attributes.
//!
//! The order of LLVM's `X86Subtarget::initSubtargetFeatures` and
//! `X86TargetMachine::getSubtargetImpl`, which this follows:
//! 1. the CPU is `target-cpu`, or `generic` without it; the tuned CPU is
//!    `tune-cpu`, else `target-cpu`, else `i586`;
//! 2. the CPU's features and the tuned CPU's tuning flags are set;
//! 3. the flags `+64bit-mode,-32bit-mode,-16bit-mode,+sse2` (64-bit
//!    triples) are applied, then `target-features` in order, then, for
//!    the CPUs `generic`, `x86-64` and `pentium4` only, `+evex512` when
//!    the features enable some `avx512*` after any `-avx512f` and say
//!    nothing about `evex512`;
//! 4. `prefer-vector-width` overrides the preferred width when it parses
//!    as a non-zero unsigned integer (LLVM's `getAsInteger` with radix
//!    auto-detection: `0x`, `0b`, `0o`, leading `0`), else the tuning
//!    decides (`prefer-128-bit`, `prefer-256-bit`, else unlimited);
//!    `min-legal-vector-width` sets the required width when it parses.
//!
//! Observed with opt-19 (`tests/llvm_costs.rs`): the vector width the
//! vectorizer picks for `a[i] += 2*b[i]` (float) is 4 lanes for x86-64
//! and x86-64-v2, 8 for x86-64-v3, x86-64-v4 and the Intel AVX-512 server
//! cores, 16 for znver4, znver5 and knl; a 512-bit `mul <16 x i32>` costs
//! 1 on skylake-avx512 without `min-legal-vector-width` and 2 (split) with
//! `"min-legal-vector-width"="0"`, as clang writes it.

use crate::cpu::{self, CpuInfo, Family};
use crate::features::{Feature, FeatureSet};

/// The x86-64 micro-architecture level a feature set reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Not x86-64 (no SSE2): 32-bit CPUs or features turned off.
    None,
    /// x86-64 baseline: SSE2.
    Baseline,
    /// x86-64-v2: SSE4.2, SSSE3, POPCNT, CX16, LAHF/SAHF.
    V2,
    /// x86-64-v3: AVX2, BMI1/2, F16C, FMA, LZCNT, MOVBE.
    V3,
    /// x86-64-v4: AVX-512 F, BW, CD, DQ, VL.
    V4,
}

/// LLVM's `TargetTransformInfo::RegisterKind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegisterKind {
    Scalar,
    FixedVector,
}

/// Whether a triple names an x86 architecture, and a 64-bit one.
pub fn x86_arch(triple: Option<&str>) -> (bool, bool) {
    let arch = triple.unwrap_or("").split('-').next().unwrap_or("");
    let is_64bit = matches!(arch, "x86_64" | "amd64" | "x86_64h");
    let is_x86 = is_64bit || matches!(arch, "i386" | "i486" | "i586" | "i686" | "i786" | "x86");
    (is_x86, is_64bit)
}

/// The resolved subtarget of one function.
#[derive(Clone, Debug)]
pub struct Subtarget {
    /// The triple names an x86 architecture.
    pub is_x86: bool,
    /// The triple is a 64-bit x86 one.
    pub is_64bit: bool,
    /// The CPU name (`generic` when the function names none).
    pub cpu: String,
    /// What LLVM knows about it (`None`: not a recognized processor).
    pub cpu_info: Option<CpuInfo>,
    /// The tuned CPU name as written (`tune-cpu`, else `target-cpu`,
    /// else empty).
    pub tune_cpu: String,
    /// What LLVM knows about the tuned CPU (`i586` when none is named).
    pub tune_info: Option<CpuInfo>,
    features: FeatureSet,
    /// LLVM's `PreferVectorWidth` (`u32::MAX`: no preference).
    pub prefer_vector_width: u32,
    /// LLVM's `RequiredVectorWidth` from `min-legal-vector-width`
    /// (`u32::MAX` without the attribute).
    pub required_vector_width: u32,
    /// `target-features` flags LLVM would not recognize (and ignores).
    pub unknown_features: Vec<String>,
    /// Which register classes exist (computed once: legality checks are
    /// the hottest path of the cost model).
    pub(crate) regs: RegClasses,
}

/// The register classes of a subtarget, as flags (all that type
/// legalization depends on).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct RegClasses {
    pub x86: bool,
    pub is64: bool,
    pub soft: bool,
    pub x87: bool,
    pub sse1: bool,
    pub sse2: bool,
    pub avx: bool,
    pub avx512: bool,
    pub bwi: bool,
    pub regs512: bool,
    pub bf16: bool,
    pub f16c: bool,
}

/// The function attributes and module facts a subtarget depends on.
#[derive(Clone, Copy, Debug, Default)]
pub struct TargetAttrs<'a> {
    pub triple: Option<&'a str>,
    pub target_cpu: Option<&'a str>,
    pub tune_cpu: Option<&'a str>,
    pub target_features: Option<&'a str>,
    pub prefer_vector_width: Option<&'a str>,
    pub min_legal_vector_width: Option<&'a str>,
}

/// LLVM's `StringRef::getAsInteger<unsigned>(0, ...)`: radix from the
/// prefix (`0x`/`0X` 16, `0b`/`0B` 2, `0o` 8, `0` then a digit 8, else
/// 10); the whole string must be digits of the radix and fit in 32 bits.
pub fn parse_llvm_unsigned(s: &str) -> Option<u32> {
    let (radix, digits) = if let Some(r) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        (16, r)
    } else if let Some(r) = s.strip_prefix("0b").or_else(|| s.strip_prefix("0B")) {
        (2, r)
    } else if let Some(r) = s.strip_prefix("0o") {
        (8, r)
    } else if s.len() > 1 && s.starts_with('0') && s.as_bytes()[1].is_ascii_digit() {
        (8, &s[1..])
    } else {
        (10, s)
    };
    if digits.is_empty() {
        return None;
    }
    let mut v: u64 = 0;
    for c in digits.chars() {
        let d = c.to_digit(radix)?;
        v = v.checked_mul(u64::from(radix))?.checked_add(u64::from(d))?;
        if v > u64::from(u32::MAX) {
            return None;
        }
    }
    u32::try_from(v).ok()
}

impl Subtarget {
    /// Resolves the subtarget as LLVM 19 would (see the module docs). Never
    /// fails: unknown CPUs and features are ignored as LLVM ignores them,
    /// and attributes that do not parse are ignored.
    ///
    /// The functions of a module usually share their attributes, so the
    /// last few resolutions are remembered per thread (the result depends
    /// on the attributes only).
    pub fn new(a: &TargetAttrs<'_>) -> Subtarget {
        type Key = [Option<String>; 6];
        thread_local! {
            static RECENT: std::cell::RefCell<Vec<(Key, Subtarget)>> =
                const { std::cell::RefCell::new(Vec::new()) };
        }
        let fields = [
            a.triple,
            a.target_cpu,
            a.tune_cpu,
            a.target_features,
            a.prefer_vector_width,
            a.min_legal_vector_width,
        ];
        let same = |k: &Key| k.iter().zip(fields).all(|(x, y)| x.as_deref() == y);
        if let Some(hit) = RECENT.with(|r| {
            r.borrow()
                .iter()
                .find(|(k, _)| same(k))
                .map(|e| e.1.clone())
        }) {
            return hit;
        }
        let st = Subtarget::resolve(a);
        RECENT.with(|r| {
            let mut r = r.borrow_mut();
            if r.len() >= 8 {
                r.remove(0);
            }
            r.push((fields.map(|f| f.map(str::to_string)), st.clone()));
        });
        st
    }

    fn resolve(a: &TargetAttrs<'_>) -> Subtarget {
        let (is_x86, is_64bit) = x86_arch(a.triple);
        let cpu = match a.target_cpu {
            Some(c) if !c.is_empty() => c.to_string(),
            _ => "generic".to_string(),
        };
        let tune_written = a.tune_cpu.or(a.target_cpu).unwrap_or("");
        let tune_name = if tune_written.is_empty() {
            "i586"
        } else {
            tune_written
        };
        let cpu_info = cpu::lookup(&cpu);
        let tune_info = cpu::lookup(tune_name);

        let mut features = FeatureSet::new();
        if let Some(c) = &cpu_info {
            for f in c.features.iter() {
                features.enable(f);
            }
        }
        if let Some(t) = &tune_info {
            for f in t.tuning.iter() {
                features.enable(f);
            }
        }
        if is_64bit {
            features.apply_flags("+64bit-mode,-32bit-mode,-16bit-mode,+sse2");
        } else if is_x86 {
            features.apply_flags("-64bit-mode,+32bit-mode,-16bit-mode");
        }
        let fs = a.target_features.unwrap_or("");
        let unknown = features
            .apply_flags(fs)
            .into_iter()
            .map(str::to_string)
            .collect();
        if matches!(cpu.as_str(), "generic" | "pentium4" | "x86-64") {
            let no_evex = fs.rfind("-evex512");
            let no_avx512f = if fs.ends_with("-avx512f") {
                Some(fs.len() - 8)
            } else {
                fs.rfind("-avx512f,")
            };
            let evex = fs.rfind("+evex512");
            let avx512 = fs.rfind("+avx512");
            if let Some(p) = avx512 {
                if no_avx512f.is_none_or(|q| q < p) && evex.is_none() && no_evex.is_none() {
                    features.enable(Feature::Evex512);
                }
            }
        }

        let override_width = a
            .prefer_vector_width
            .and_then(parse_llvm_unsigned)
            .filter(|&w| w != 0);
        let prefer_vector_width = match override_width {
            Some(w) => w,
            None if features.has(Feature::Prefer128Bit) => 128,
            None if features.has(Feature::Prefer256Bit) => 256,
            None => u32::MAX,
        };
        let required_vector_width = a
            .min_legal_vector_width
            .and_then(parse_llvm_unsigned)
            .unwrap_or(u32::MAX);
        let mut st = Subtarget {
            is_x86,
            is_64bit,
            cpu,
            cpu_info,
            tune_cpu: tune_written.to_string(),
            tune_info,
            features,
            prefer_vector_width,
            required_vector_width,
            unknown_features: unknown,
            regs: RegClasses::default(),
        };
        st.regs = RegClasses {
            x86: is_x86,
            is64: is_64bit,
            soft: st.soft_float(),
            x87: st.has(Feature::X87),
            sse1: st.has_sse1(),
            sse2: st.has_sse2(),
            avx: st.has_avx(),
            avx512: st.has_avx512(),
            bwi: st.has_bwi(),
            regs512: st.use_avx512_regs(),
            bf16: st.has(Feature::Avx512bf16),
            f16c: st.has(Feature::F16c),
        };
        st
    }

    /// Whether the feature is on (ISA features, modes and tuning flags).
    pub fn has(&self, f: Feature) -> bool {
        self.features.has(f) && !(self.soft_float() && is_vector_isa(f))
    }

    /// The resolved feature set.
    pub fn features(&self) -> &FeatureSet {
        &self.features
    }

    fn soft_float(&self) -> bool {
        self.features.has(Feature::SoftFloat)
    }

    pub fn has_sse1(&self) -> bool {
        self.has(Feature::Sse)
    }
    pub fn has_sse2(&self) -> bool {
        self.has(Feature::Sse2)
    }
    pub fn has_sse3(&self) -> bool {
        self.has(Feature::Sse3)
    }
    pub fn has_ssse3(&self) -> bool {
        self.has(Feature::Ssse3)
    }
    pub fn has_sse41(&self) -> bool {
        self.has(Feature::Sse41)
    }
    pub fn has_sse42(&self) -> bool {
        self.has(Feature::Sse42)
    }
    pub fn has_avx(&self) -> bool {
        self.has(Feature::Avx)
    }
    pub fn has_avx2(&self) -> bool {
        self.has(Feature::Avx2)
    }
    pub fn has_avx512(&self) -> bool {
        self.has(Feature::Avx512f)
    }
    pub fn has_evex512(&self) -> bool {
        self.has(Feature::Evex512)
    }
    pub fn has_bwi(&self) -> bool {
        self.has(Feature::Avx512bw)
    }
    pub fn has_dqi(&self) -> bool {
        self.has(Feature::Avx512dq)
    }
    pub fn has_vlx(&self) -> bool {
        self.has(Feature::Avx512vl)
    }
    pub fn has_xop(&self) -> bool {
        self.has(Feature::Xop)
    }
    pub fn has_gfni(&self) -> bool {
        self.has(Feature::Gfni)
    }
    pub fn has_fma(&self) -> bool {
        self.has(Feature::Fma) || self.has(Feature::Fma4)
    }

    /// LLVM's `canExtendTo512DQ`.
    pub fn can_extend_to_512dq(&self) -> bool {
        self.has_avx512()
            && self.has_evex512()
            && (!self.has_vlx() || self.prefer_vector_width >= 512)
    }

    /// LLVM's `useAVX512Regs`: 512-bit vector types are legal.
    pub fn use_avx512_regs(&self) -> bool {
        self.has_avx512()
            && self.has_evex512()
            && (self.can_extend_to_512dq() || self.required_vector_width > 256)
    }

    /// LLVM's `useBWIRegs`.
    pub fn use_bwi_regs(&self) -> bool {
        self.has_bwi() && self.use_avx512_regs()
    }

    /// `TTI::getRegisterBitWidth`: 64 (32-bit targets: 32) for scalars;
    /// for vectors 512 with AVX-512 (and EVEX512) when the preferred width
    /// allows it, 256 with AVX, 128 with SSE, else 0.
    pub fn register_bit_width(&self, kind: RegisterKind) -> u32 {
        if !self.is_x86 {
            return match kind {
                RegisterKind::Scalar => 64,
                RegisterKind::FixedVector => 0,
            };
        }
        let p = self.prefer_vector_width;
        match kind {
            RegisterKind::Scalar => {
                if self.is_64bit {
                    64
                } else {
                    32
                }
            }
            RegisterKind::FixedVector => {
                if self.has_avx512() && self.has_evex512() && p >= 512 {
                    512
                } else if self.has_avx() && p >= 256 {
                    256
                } else if self.has_sse1() && p >= 128 {
                    128
                } else {
                    0
                }
            }
        }
    }

    /// `TTI::getNumberOfRegisters`: 32 vector registers with AVX-512 in
    /// 64-bit mode, else 16 (8 in 32-bit mode, none without SSE); 32
    /// general registers with APX (`egpr`), else 16 (8).
    pub fn number_of_registers(&self, vector: bool) -> u32 {
        if vector && !self.has_sse1() {
            return 0;
        }
        if self.is_64bit {
            if vector && self.has_avx512() {
                return 32;
            }
            if !vector && self.has(Feature::Egpr) {
                return 32;
            }
            return 16;
        }
        8
    }

    /// `TTI::getMaxInterleaveFactor(VF)`: 1 for scalar loops and Atom, 4
    /// with AVX, else 2.
    pub fn max_interleave_factor(&self, vf: u32) -> u32 {
        if vf <= 1 || self.has(Feature::IsAtom) {
            1
        } else if self.has_avx() {
            4
        } else {
            2
        }
    }

    /// The loop micro-op buffer size of the tuned CPU's scheduling model
    /// (see [`cpu::loop_buffer_size`]).
    pub fn loop_buffer_size(&self) -> u32 {
        cpu::loop_buffer_size(&self.tune_cpu)
    }

    /// The x86-64 level the features reach.
    pub fn level(&self) -> Level {
        use Feature::*;
        let all = |fs: &[Feature]| fs.iter().all(|&f| self.has(f));
        if !self.is_x86 || !self.has_sse2() {
            Level::None
        } else if !all(&[Cx16, Sahf, Popcnt, Sse42]) {
            Level::Baseline
        } else if !all(&[Avx2, Bmi, Bmi2, F16c, Fma, Lzcnt, Movbe]) {
            Level::V2
        } else if !all(&[Avx512f, Avx512bw, Avx512cd, Avx512dq, Avx512vl]) {
            Level::V3
        } else {
            Level::V4
        }
    }

    /// The family of the tuned CPU (`Other` when it is not known).
    pub fn family(&self) -> Family {
        self.tune_info.map_or(Family::Other, |c| c.family)
    }
}

/// Features that need vector registers (off under `soft-float`).
fn is_vector_isa(f: Feature) -> bool {
    use Feature::*;
    matches!(
        f,
        Sse | Sse2
            | Sse3
            | Ssse3
            | Sse41
            | Sse42
            | Sse4a
            | Avx
            | Avx2
            | Fma
            | F16c
            | Fma4
            | Xop
            | Avx512f
            | Avx512cd
            | Avx512dq
            | Avx512bw
            | Avx512vl
            | Avx512vbmi
            | Avx512vbmi2
            | Avx512ifma
            | Avx512vnni
            | Avx512bf16
            | Avx512bitalg
            | Avx512vpopcntdq
            | Avx512vp2intersect
            | Avx512fp16
            | Gfni
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn st(cpu: &str, fs: &str, prefer: Option<&str>, min: Option<&str>) -> Subtarget {
        Subtarget::new(&TargetAttrs {
            triple: Some("x86_64-unknown-linux-gnu"),
            target_cpu: Some(cpu),
            tune_cpu: None,
            target_features: Some(fs),
            prefer_vector_width: prefer,
            min_legal_vector_width: min,
        })
    }

    #[test]
    fn numbers() {
        assert_eq!(parse_llvm_unsigned("256"), Some(256));
        assert_eq!(parse_llvm_unsigned("0x200"), Some(512));
        assert_eq!(parse_llvm_unsigned("0b1"), Some(1));
        assert_eq!(parse_llvm_unsigned("0o17"), Some(15));
        assert_eq!(parse_llvm_unsigned("0400"), Some(256));
        assert_eq!(parse_llvm_unsigned("0"), Some(0));
        assert_eq!(parse_llvm_unsigned("4294967295"), Some(u32::MAX));
        for bad in ["", "-1", "+1", " 1", "1 ", "0x", "12a", "4294967296", "099"] {
            assert_eq!(parse_llvm_unsigned(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn widths() {
        // Skylake-SP prefers 256-bit vectors; Zen 4 and KNL do not.
        let skx = st("skylake-avx512", "", None, Some("0"));
        assert_eq!(skx.register_bit_width(RegisterKind::FixedVector), 256);
        assert!(!skx.use_avx512_regs());
        assert_eq!(skx.number_of_registers(true), 32);
        let zn4 = st("znver4", "", None, Some("0"));
        assert_eq!(zn4.register_bit_width(RegisterKind::FixedVector), 512);
        assert!(zn4.use_avx512_regs());
        // prefer-vector-width overrides the tuning either way.
        let skx512 = st("skylake-avx512", "", Some("512"), Some("0"));
        assert_eq!(skx512.register_bit_width(RegisterKind::FixedVector), 512);
        assert!(skx512.use_avx512_regs());
        let zn4_256 = st("znver4", "", Some("256"), Some("0"));
        assert_eq!(zn4_256.register_bit_width(RegisterKind::FixedVector), 256);
        assert!(!zn4_256.use_avx512_regs());
        // 0 and garbage are no override.
        assert_eq!(
            st("skylake-avx512", "", Some("0"), None).prefer_vector_width,
            256
        );
        assert_eq!(
            st("skylake-avx512", "", Some("wide"), None).prefer_vector_width,
            256
        );
        // 99999 is a valid (huge) preference.
        assert_eq!(
            st("skylake-avx512", "", Some("99999"), None)
                .register_bit_width(RegisterKind::FixedVector),
            512
        );
        // 128 limits even AVX-512 machines; without SSE there are no vectors.
        assert_eq!(
            st("znver4", "", Some("128"), None).register_bit_width(RegisterKind::FixedVector),
            128
        );
        let nosse = st("x86-64", "-sse", None, None);
        assert_eq!(nosse.register_bit_width(RegisterKind::FixedVector), 0);
        assert_eq!(nosse.number_of_registers(true), 0);
        // No min-legal-vector-width: 512-bit types stay legal on SKX.
        assert!(st("skylake-avx512", "", None, None).use_avx512_regs());
        assert_eq!(
            st("x86-64-v3", "", None, None).register_bit_width(RegisterKind::FixedVector),
            256
        );
        assert_eq!(
            st("x86-64", "", None, None).register_bit_width(RegisterKind::FixedVector),
            128
        );
    }

    #[test]
    fn feature_flags() {
        // Implied features come with a feature; a cleared feature takes
        // everything that implies it.
        let s = st("x86-64", "+avx2", None, None);
        assert!(s.has_avx() && s.has_sse42() && s.has_avx2() && !s.has_fma());
        let s = st("skylake-avx512", "-avx2", None, None);
        assert!(s.has_avx() && !s.has_avx2() && !s.has_avx512() && !s.has_bwi());
        let s = st("znver4", "-avx512bw", None, None);
        assert!(s.has_avx512() && !s.has_bwi() && !s.has(Feature::Avx512vbmi));
        assert!(s.has_dqi() && !s.has(Feature::Avx512bitalg));
        // A flag without a sign disables; unknown flags are reported.
        let s = st("x86-64-v3", "avx2,+foo,,", None, None);
        assert!(!s.has_avx2() && s.has_avx());
        assert_eq!(s.unknown_features, vec!["+foo".to_string()]);
        // Generic CPUs get EVEX512 with AVX-512 features, unless told.
        assert!(st("x86-64", "+avx512f", None, None).has_evex512());
        assert!(!st("x86-64", "+avx512f,-evex512", None, None).has_evex512());
        assert!(!st("x86-64", "+avx512f,-avx512f", None, None).has_avx512());
        assert!(!st("x86-64-v3", "+avx512f", None, None).has_evex512());
        let s = st("x86-64", "+avx512f,-evex512", None, None);
        assert_eq!(s.register_bit_width(RegisterKind::FixedVector), 256);
        assert!(!s.use_avx512_regs());
        // Tuning flags can be set by features.
        let s = st("znver4", "+prefer-256-bit", None, None);
        assert_eq!(s.register_bit_width(RegisterKind::FixedVector), 256);
    }

    #[test]
    fn levels_and_cpus() {
        assert_eq!(st("x86-64", "", None, None).level(), Level::Baseline);
        assert_eq!(st("x86-64-v2", "", None, None).level(), Level::V2);
        assert_eq!(st("x86-64-v3", "", None, None).level(), Level::V3);
        assert_eq!(st("znver4", "", None, None).level(), Level::V4);
        assert_eq!(st("knl", "", None, None).level(), Level::V3);
        let unknown = st("bogus", "", None, None);
        assert!(unknown.cpu_info.is_none() && unknown.level() == Level::Baseline);
        let none = Subtarget::new(&TargetAttrs::default());
        assert!(!none.is_x86 && none.level() == Level::None);
        assert_eq!(none.cpu, "generic");
        assert_eq!(none.loop_buffer_size(), 0);
        assert_eq!(st("znver4", "", None, None).loop_buffer_size(), 108);
        assert_eq!(st("x86-64", "", None, None).max_interleave_factor(4), 2);
        assert_eq!(st("x86-64-v3", "", None, None).max_interleave_factor(4), 4);
        assert_eq!(st("atom", "", None, None).max_interleave_factor(4), 1);
        assert_eq!(st("x86-64-v3", "", None, None).max_interleave_factor(1), 1);
    }
}
