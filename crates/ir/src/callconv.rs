//! Calling-convention names and numbers, as LLVM's `CallingConv.h` assigns
//! them. The printer uses the name when there is one and `cc N` otherwise;
//! the parser accepts both.

/// `(name, number)` for every named calling convention.
pub const NAMES: &[(&str, u32)] = &[
    ("ccc", 0),
    ("fastcc", 8),
    ("coldcc", 9),
    ("ghccc", 10),
    ("cc11", 11),
    ("webkit_jscc", 12),
    ("anyregcc", 13),
    ("preserve_mostcc", 14),
    ("preserve_allcc", 15),
    ("swiftcc", 16),
    ("cxx_fast_tlscc", 17),
    ("tailcc", 18),
    ("cfguard_checkcc", 19),
    ("swifttailcc", 20),
    ("preserve_nonecc", 21),
    ("x86_stdcallcc", 64),
    ("x86_fastcallcc", 65),
    ("arm_apcscc", 66),
    ("arm_aapcscc", 67),
    ("arm_aapcs_vfpcc", 68),
    ("msp430_intrcc", 69),
    ("x86_thiscallcc", 70),
    ("ptx_kernel", 71),
    ("ptx_device", 72),
    ("spir_func", 75),
    ("spir_kernel", 76),
    ("intel_ocl_bicc", 77),
    ("x86_64_sysvcc", 78),
    ("win64cc", 79),
    ("x86_vectorcallcc", 80),
    ("hhvmcc", 81),
    ("hhvm_ccc", 82),
    ("x86_intrcc", 83),
    ("avr_intrcc", 84),
    ("avr_signalcc", 85),
    ("avr_builtincc", 86),
    ("amdgpu_vs", 87),
    ("amdgpu_gs", 88),
    ("amdgpu_ps", 89),
    ("amdgpu_cs", 90),
    ("amdgpu_kernel", 91),
    ("x86_regcallcc", 92),
    ("amdgpu_hs", 93),
    ("msp430_builtincc", 94),
    ("amdgpu_ls", 95),
    ("amdgpu_es", 96),
    ("aarch64_vector_pcs", 97),
    ("aarch64_sve_vector_pcs", 98),
    ("wasm_emscripten_invokecc", 99),
    ("amdgpu_gfx", 100),
    ("m68k_intrcc", 101),
    ("aarch64_sme_preservemost_from_x0", 102),
    ("aarch64_sme_preservemost_from_x2", 103),
    ("amdgpu_cs_chain", 104),
    ("amdgpu_cs_chain_preserve", 105),
    ("m68k_rtdcc", 106),
    ("graalcc", 107),
    ("riscv_vector_cc", 110),
];

/// The number of a named calling convention.
pub fn from_name(name: &str) -> Option<u32> {
    NAMES.iter().find(|(n, _)| *n == name).map(|&(_, v)| v)
}

/// The name LLVM prints for convention `cc`, if it has one (`ccc` is
/// printed as nothing by callers).
pub fn name(cc: u32) -> Option<&'static str> {
    NAMES.iter().find(|(_, v)| *v == cc).map(|&(n, _)| n)
}
