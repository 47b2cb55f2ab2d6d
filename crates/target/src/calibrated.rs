//! loopwright's own costs: where LLVM 19's x86 cost tables ([`crate::cost`])
//! rank a vector loop against the scalar loop the wrong way round on the
//! hardware, measured with `cargo xtask bench` on the kernel that shows
//! it. The loop vectorizer adds them to LLVM's costs unless
//! `-vectorizer-calibrated-costs=false` asks for LLVM's answers alone.
//!
//! Each number says what it was measured on. The unit is LLVM's: a simple
//! scalar instruction costs 1 (reciprocal throughput), although a core
//! issues about six of them per cycle; an element insert or extract costs
//! 1 as well, although it takes a cycle of the one shuffle port it runs
//! on. The cost model is right when the vector loop's shuffles are few;
//! the rows here correct shapes made of them.

/// The cost per lane of extracting the index of a scalarized load or
/// store whose address depends on a value loaded as a vector in the same
/// iteration (`out[i] = lut[in[i]]` where the target has no gather for
/// the element type, or a gather costs more), on targets that prefer
/// vectorized addressing (AVX-512, or AVX2 with fast gathers): each
/// lane's index leaves a vector register (`vpmovzxbq`, then `vmovq` or
/// `vpextrq`) before its scalar access. LLVM 19 counts 1 per lane. Other
/// targets compute such addresses with scalar instructions (the index is
/// loaded again as a scalar) and extract nothing: they are not charged.
///
/// Source: `gather_lut_u8` (byte table lookup), Intel Xeon family 6 model
/// 207 (`sapphirerapids`), 2026-11-29.
/// - `cargo xtask bench`, 5 to 7 runs per build: the vector loop (clang's
///   and loopwright's alike, at every width from 4 to 32) takes 61.7 to
///   63.1 ms, about 1.1 cycles per lane; the scalar loop unrolled by 8
///   43.0 to 44.0 ms (0.77 cycles for its 6 cost units), and not unrolled
///   56.4 to 57.2 ms. LLVM's per-lane cost of the vector loop is 3.7
///   (width 32) to 4.5 (width 4) against 6 for the scalar iteration; the
///   measured times put it at 6.5 to 8.5. Charging 5 for each lane's index
///   extract (4 more than LLVM) puts it at 7.7 to 8.5: the loop stays
///   scalar and is unrolled, 1.41 times faster than the vector loop.
/// - clang-19 -O3 with and without `-fno-vectorize`, 25,000 repetitions,
///   user time: `-march=sapphirerapids`, `skylake-avx512` and `x86-64-v4`
///   0.58 to 0.59 s vectorized against 0.41 to 0.42 s scalar;
///   `x86-64-v3` (scalar addressing) 0.38 against 0.42, `x86-64-v2` 0.42
///   either way, hence the restriction to vectorized addressing.
/// - Applied to every CPU with vectorized addressing, Zen 4 included,
///   which was not measured.
/// - Loops whose scalarized addresses come from the induction
///   (`short_sum16_u8`, where vectorizing by 8 is 1.28 times faster than
///   the scalar loop) extract nothing and are not affected.
pub const INDEXED_SCALARIZATION_EXTRACT: u64 = 5;
