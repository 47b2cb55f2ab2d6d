//! x86 subtarget features as LLVM 19 names them, with their implications,
//! and the `+name,-name` flag lists of the `target-features` attribute.
//!
//! Source: LLVM 19's `X86.td` (`SubtargetFeature` definitions and their
//! implied features), checked against what clang-19 writes for every
//! `-march` (`tests/cpus.rs`) and against opt-19's answers
//! (`tests/llvm_costs.rs`). Applying a flag works as LLVM's
//! `MCSubtargetInfo::ApplyFeatureFlag`: `+f` sets `f` and everything it
//! implies, `-f` clears `f` and everything that implies `f`; a flag
//! without a sign clears (LLVM reads only `+` as "enable"); a name LLVM
//! does not know is ignored (LLVM warns
//! `'+foo' is not a recognized feature for this target`).
//!
//! Tuning features (`prefer-256-bit`, `fast-gather`, ...) are features
//! too: a CPU sets them from its tuning list and `target-features` may
//! change them.

/// One x86 feature: its LLVM name and the features it implies directly.
struct Def {
    name: &'static str,
    implies: &'static [Feature],
}

macro_rules! features {
    ($($variant:ident = $name:literal $([$($imp:ident),*])?;)*) => {
        /// An x86 subtarget feature (ISA extension, mode or tuning flag).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum Feature { $($variant),* }

        const DEFS: &[Def] = &[
            $(Def { name: $name, implies: &[$($(Feature::$imp),*)?] }),*
        ];

        /// Every variant, in declaration order (index = discriminant).
        const ALL: &[Feature] = &[$(Feature::$variant),*];
    };
}

features! {
    // Modes.
    Mode64 = "64bit-mode";
    Mode32 = "32bit-mode";
    Mode16 = "16bit-mode";
    X86_64 = "64bit";
    // Base ISA.
    X87 = "x87";
    Nopl = "nopl";
    Cmov = "cmov";
    Cx8 = "cx8";
    Cx16 = "cx16" [Cx8];
    Crc32 = "crc32";
    Popcnt = "popcnt";
    Fxsr = "fxsr";
    Xsave = "xsave";
    Xsaveopt = "xsaveopt" [Xsave];
    Xsavec = "xsavec" [Xsave];
    Xsaves = "xsaves" [Xsave];
    Mmx = "mmx";
    ThreeDNow = "3dnow" [Mmx];
    ThreeDNowA = "3dnowa" [ThreeDNow];
    // SSE and AVX levels.
    Sse = "sse";
    Sse2 = "sse2" [Sse];
    Sse3 = "sse3" [Sse2];
    Ssse3 = "ssse3" [Sse3];
    Sse41 = "sse4.1" [Ssse3];
    Sse42 = "sse4.2" [Sse41];
    Sse4a = "sse4a" [Sse3];
    Avx = "avx" [Sse42];
    Avx2 = "avx2" [Avx];
    Fma = "fma" [Avx];
    F16c = "f16c" [Avx];
    Fma4 = "fma4" [Avx, Sse4a];
    Xop = "xop" [Fma4];
    // AVX-512.
    Avx512f = "avx512f" [Avx2, Fma, F16c];
    Evex512 = "evex512";
    Avx512cd = "avx512cd" [Avx512f];
    Avx512dq = "avx512dq" [Avx512f];
    Avx512bw = "avx512bw" [Avx512f];
    Avx512vl = "avx512vl" [Avx512f];
    Avx512vbmi = "avx512vbmi" [Avx512bw];
    Avx512vbmi2 = "avx512vbmi2" [Avx512bw];
    Avx512ifma = "avx512ifma" [Avx512f];
    Avx512vnni = "avx512vnni" [Avx512f];
    Avx512bf16 = "avx512bf16" [Avx512bw];
    Avx512bitalg = "avx512bitalg" [Avx512bw];
    Avx512vpopcntdq = "avx512vpopcntdq" [Avx512f];
    Avx512vp2intersect = "avx512vp2intersect" [Avx512f];
    Avx512fp16 = "avx512fp16" [Avx512bw, Avx512vl, Avx512dq];
    Avx10_1_256 = "avx10.1-256" [Avx512cd, Avx512vbmi, Avx512ifma, Avx512vnni, Avx512bf16,
        Avx512vpopcntdq, Avx512vbmi2, Avx512bitalg, Vaes, Vpclmulqdq, Avx512fp16];
    Avx10_1_512 = "avx10.1-512" [Avx10_1_256, Evex512];
    // AVX (VEX-encoded) extensions.
    Avxvnni = "avxvnni" [Avx2];
    Avxifma = "avxifma" [Avx2];
    Avxneconvert = "avxneconvert" [Avx2];
    Avxvnniint8 = "avxvnniint8" [Avx2];
    Avxvnniint16 = "avxvnniint16" [Avx2];
    Sha512 = "sha512" [Avx2];
    Sm3 = "sm3" [Avx];
    Sm4 = "sm4" [Avx2];
    // Crypto and bit manipulation.
    Pclmul = "pclmul" [Sse2];
    Vpclmulqdq = "vpclmulqdq" [Avx, Pclmul];
    Gfni = "gfni" [Sse2];
    Aes = "aes" [Sse2];
    Vaes = "vaes" [Avx, Aes];
    Sha = "sha" [Sse2];
    Kl = "kl" [Sse2];
    Widekl = "widekl" [Kl];
    Tbm = "tbm";
    Lwp = "lwp";
    Movbe = "movbe";
    Rdrnd = "rdrnd";
    Rdseed = "rdseed";
    Fsgsbase = "fsgsbase";
    Lzcnt = "lzcnt";
    Bmi = "bmi";
    Bmi2 = "bmi2";
    Adx = "adx";
    Rtm = "rtm";
    Shstk = "shstk";
    Prfchw = "prfchw";
    Prefetchi = "prefetchi";
    Prefetchwt1 = "prefetchwt1";
    Sahf = "sahf";
    Mwaitx = "mwaitx";
    Clzero = "clzero";
    Cldemote = "cldemote";
    Ptwrite = "ptwrite";
    AmxTile = "amx-tile";
    AmxInt8 = "amx-int8" [AmxTile];
    AmxBf16 = "amx-bf16" [AmxTile];
    AmxFp16 = "amx-fp16" [AmxTile];
    AmxComplex = "amx-complex" [AmxTile];
    Cmpccxadd = "cmpccxadd";
    Raoint = "raoint";
    Invpcid = "invpcid";
    Sgx = "sgx";
    Clflushopt = "clflushopt";
    Clwb = "clwb";
    Wbnoinvd = "wbnoinvd";
    Rdpid = "rdpid";
    Rdpru = "rdpru";
    Waitpkg = "waitpkg";
    Enqcmd = "enqcmd";
    Hreset = "hreset";
    Serialize = "serialize";
    Tsxldtrk = "tsxldtrk";
    Uintr = "uintr";
    Usermsr = "usermsr";
    Pconfig = "pconfig";
    Pku = "pku";
    Movdiri = "movdiri";
    Movdir64b = "movdir64b";
    Ermsb = "ermsb";
    Fsrm = "fsrm";
    SoftFloat = "soft-float";
    Egpr = "egpr";
    Push2pop2 = "push2pop2";
    Ppx = "ppx";
    Ndd = "ndd";
    Ccmp = "ccmp";
    Nf = "nf";
    Cf = "cf";
    // Tuning features that decide costs (LLVM's `Tuning*` definitions).
    Prefer128Bit = "prefer-128-bit";
    Prefer256Bit = "prefer-256-bit";
    FastGather = "fast-gather";
    PreferNoGather = "prefer-no-gather";
    PreferNoScatter = "prefer-no-scatter";
    SlowPmulld = "slow-pmulld";
    SlowPmaddwd = "slow-pmaddwd";
    SlowUaMem16 = "slow-unaligned-mem-16";
    SlowUaMem32 = "slow-unaligned-mem-32";
    SlmArithCosts = "use-slm-arith-costs";
    GlmDivSqrtCosts = "use-glm-div-sqrt-costs";
    FastVariableCrossLaneShuffle = "fast-variable-crosslane-shuffle";
    FastVariablePerLaneShuffle = "fast-variable-perlane-shuffle";
    FastHorizontalOps = "fast-hops";
    FastMovbe = "fast-movbe";
    SlowDivide32 = "idivl-to-divb";
    SlowDivide64 = "idivq-to-divl";
    PreferMaskRegisters = "prefer-mask-registers";
    // LLVM's `ProcIntelAtom` (no name: only the CPU can set it).
    IsAtom = "";
}

const WORDS: usize = 3;
const _: () = assert!(DEFS.len() <= WORDS * 64 && ALL.len() == DEFS.len());

impl Feature {
    /// Every feature, in declaration order.
    pub fn all() -> impl Iterator<Item = Feature> {
        ALL.iter().copied()
    }

    /// LLVM's name (`"avx512f"`); empty for [`Feature::IsAtom`].
    pub fn name(self) -> &'static str {
        DEFS[self as usize].name
    }

    /// The feature LLVM names `name`, if it is one we know.
    pub fn from_name(name: &str) -> Option<Feature> {
        if name.is_empty() {
            return None;
        }
        BY_NAME.get(name).copied()
    }

    /// The features that imply `self` directly.
    fn implied_by(self) -> &'static [Feature] {
        &IMPLIED_BY[self as usize]
    }

    /// The features `self` implies directly.
    pub fn implies(self) -> &'static [Feature] {
        DEFS[self as usize].implies
    }
}

/// Name to feature, for parsing flag lists.
static BY_NAME: std::sync::LazyLock<std::collections::HashMap<&'static str, Feature>> =
    std::sync::LazyLock::new(|| {
        ALL.iter()
            .filter(|f| !f.name().is_empty())
            .map(|&f| (f.name(), f))
            .collect()
    });

/// For each feature, the features that imply it directly.
static IMPLIED_BY: std::sync::LazyLock<Vec<Vec<Feature>>> = std::sync::LazyLock::new(|| {
    let mut v = vec![Vec::new(); ALL.len()];
    for &f in ALL {
        for &g in f.implies() {
            v[g as usize].push(f);
        }
    }
    v
});

/// A set of features.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct FeatureSet([u64; WORDS]);

impl FeatureSet {
    /// The empty set.
    pub const fn new() -> Self {
        FeatureSet([0; WORDS])
    }

    /// Whether `f` is in the set.
    pub fn has(&self, f: Feature) -> bool {
        let i = f as usize;
        self.0[i / 64] & (1 << (i % 64)) != 0
    }

    fn set(&mut self, f: Feature, on: bool) {
        let i = f as usize;
        if on {
            self.0[i / 64] |= 1 << (i % 64);
        } else {
            self.0[i / 64] &= !(1 << (i % 64));
        }
    }

    /// Adds `f` and everything it implies (LLVM's `SetImpliedBits`).
    pub fn enable(&mut self, f: Feature) {
        self.set(f, true);
        for &g in f.implies() {
            if !self.has(g) {
                self.enable(g);
            }
        }
    }

    /// Removes `f` and every feature that implies it, directly or not
    /// (LLVM's `ClearImpliedBits`).
    pub fn disable(&mut self, f: Feature) {
        self.set(f, false);
        for &g in f.implied_by() {
            if self.has(g) {
                self.disable(g);
            }
        }
    }

    /// Applies one `+name`/`-name` flag. Returns `false` (and changes
    /// nothing) for an empty flag or a name LLVM would not recognize.
    pub fn apply_flag(&mut self, flag: &str) -> bool {
        let flag = flag.trim();
        let (enable, name) = match flag.as_bytes().first() {
            Some(b'+') => (true, &flag[1..]),
            Some(b'-') => (false, &flag[1..]),
            Some(_) => (false, flag),
            None => return false,
        };
        match Feature::from_name(name) {
            Some(f) if enable => {
                self.enable(f);
                true
            }
            Some(f) => {
                self.disable(f);
                true
            }
            None => false,
        }
    }

    /// Applies a comma-separated flag list in order (empty items are
    /// skipped, as LLVM's `SubtargetFeatures::Split` does). Returns the
    /// flags that were not recognized.
    pub fn apply_flags<'a>(&mut self, list: &'a str) -> Vec<&'a str> {
        let mut unknown = Vec::new();
        for flag in list.split(',').map(str::trim).filter(|f| !f.is_empty()) {
            if !self.apply_flag(flag) {
                unknown.push(flag);
            }
        }
        unknown
    }

    /// The set with every listed feature enabled (with implications).
    pub fn of(features: &[Feature]) -> Self {
        let mut s = FeatureSet::new();
        for &f in features {
            s.enable(f);
        }
        s
    }

    /// The features in the set, in declaration order.
    pub fn iter(&self) -> impl Iterator<Item = Feature> + '_ {
        Feature::all().filter(move |&f| self.has(f))
    }
}

impl std::fmt::Debug for FeatureSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set()
            .entries(self.iter().map(Feature::name))
            .finish()
    }
}
