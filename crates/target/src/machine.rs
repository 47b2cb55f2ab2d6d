//! What the hardware does: reciprocal throughput and latency (in core
//! cycles) of the x86 instructions the cost model's operations become,
//! per CPU, from two sources:
//! - **llvm-mca-19's scheduling models** for Zen 4 (`znver4`), Skylake-SP
//!   (`skylake-avx512`) and Sapphire Rapids (`sapphirerapids`):
//!   `data/mca-*.tsv`, written by `bench/target/mca.sh`; `tests/mca.rs`
//!   checks them against llvm-mca-19;
//! - **measurements on this machine** (an Emerald Rapids Xeon, family 6
//!   model 207, which clang-19 calls `sapphirerapids`):
//!   `data/measured-sapphirerapids.tsv`, written by `bench/target/run.sh`
//!   (each instruction form in a loop of 12 independent instances for
//!   throughput and 12 chained ones for latency; cycles from the time
//!   stamp counter calibrated against a register `add` chain). Three runs
//!   agreed within 5%, except gathers and scatters (within 30%) and 512-bit
//!   `vdivpd` (14.3 to 16.0 cycles).
//!
//! The instruction forms are listed in `bench/target/cases.txt`.
//!
//! This is not what LLVM 19's cost model ([`crate::cost`]) uses: its
//! tables are per feature, the worst case of the CPUs with the feature.
//! The differences that matter for Zen 4 and Intel's AVX-512 cores, and
//! where the scheduling models are known to be wrong:
//! - Zen 4 runs 512-bit operations on 256-bit units: `vpaddd zmm` has half
//!   the throughput of `vpaddd ymm` (0.50 against 0.25 cycles), `vmulps
//!   zmm` 1.00 against 0.50; Intel's server cores run them at full rate
//!   (ports 0 and 5 fused; `vmulps zmm` 0.50 measured here).
//! - Zen 4's AVX2 masked store (`vmaskmovps` to memory) is microcoded: 42
//!   micro-ops, one per 12 cycles in llvm-mca's model; AVX-512 masked
//!   stores are one micro-op. Measured here: 1.00 cycle either way.
//! - Gathers: llvm-mca-19's `znver4` model has no gather entry (it shows
//!   one micro-op every 0.33 cycles, which no gather does; Zen 3's
//!   `vpgatherdd ymm` measures at 8 cycles and 39 micro-ops in uops.info's
//!   tables), so the Zen 4 gather rows are not to be trusted. Here a
//!   `vpgatherdd` takes 4.1 to 5.3 cycles (ymm) and 8.2 to 10.6 (zmm), a
//!   `vpscatterdd zmm` 12 to 13.7; the `sapphirerapids` model says 2.67,
//!   5.33 and 8.
//! - Division and square root: the `sapphirerapids` model gives `vdivps`
//!   one per cycle (ymm) or two (zmm); measured here 5.0 and 10.0 cycles,
//!   as the `skylake-avx512` model says.
//! - Golden Cove (Sapphire/Emerald Rapids) executes `add reg, imm` at
//!   rename: a chain of them runs at about 5.5 per cycle here (found while
//!   calibrating the benchmark, which now uses register adds).

use std::sync::LazyLock;

/// A source of instruction timings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Machine {
    /// llvm-mca-19 `-mcpu=znver4`.
    Znver4Model,
    /// llvm-mca-19 `-mcpu=skylake-avx512`.
    SkylakeAvx512Model,
    /// llvm-mca-19 `-mcpu=sapphirerapids`.
    SapphireRapidsModel,
    /// Measured on this machine (Emerald Rapids) by `bench/target/run.sh`.
    EmeraldRapidsMeasured,
}

impl Machine {
    pub const ALL: [Machine; 4] = [
        Machine::Znver4Model,
        Machine::SkylakeAvx512Model,
        Machine::SapphireRapidsModel,
        Machine::EmeraldRapidsMeasured,
    ];

    fn data(self) -> &'static str {
        match self {
            Machine::Znver4Model => include_str!("../data/mca-znver4.tsv"),
            Machine::SkylakeAvx512Model => include_str!("../data/mca-skylake-avx512.tsv"),
            Machine::SapphireRapidsModel => include_str!("../data/mca-sapphirerapids.tsv"),
            Machine::EmeraldRapidsMeasured => include_str!("../data/measured-sapphirerapids.tsv"),
        }
    }
}

/// The timing of one instruction form.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timing {
    /// The instruction form's name in `bench/target/cases.txt`
    /// (`vpaddd`, `vmovups.maskstore`, ...).
    pub instr: &'static str,
    /// The vector width in bits.
    pub width: u32,
    /// Cycles per instruction when independent instructions follow each
    /// other.
    pub rthroughput: f64,
    /// Cycles from an input to the result (`None`: not measured, as for
    /// loads, stores, gathers and compares into mask registers).
    pub latency: Option<f64>,
    /// Micro-ops (scheduling models only).
    pub uops: Option<u32>,
}

/// Parses one data file: `#` comments, a header line, then rows of
/// `instruction width [uops] latency rthroughput` (models) or
/// `instruction width rthroughput latency` (measurements).
fn parse(text: &'static str, measured: bool) -> Vec<Timing> {
    let num = |s: &str| s.trim().parse::<f64>().ok();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("instruction") && !l.trim().is_empty())
        .filter_map(|l| {
            let f: Vec<&'static str> = l.split('\t').collect();
            let width = f.get(1)?.trim().parse().ok()?;
            if measured {
                Some(Timing {
                    instr: f.first()?.trim(),
                    width,
                    rthroughput: num(f.get(2)?)?,
                    latency: f.get(3).and_then(|s| num(s)),
                    uops: None,
                })
            } else {
                Some(Timing {
                    instr: f.first()?.trim(),
                    width,
                    uops: f.get(2)?.trim().parse().ok(),
                    latency: f.get(3).and_then(|s| num(s)),
                    rthroughput: num(f.get(4)?)?,
                })
            }
        })
        .collect()
}

static TABLES: LazyLock<Vec<(Machine, Vec<Timing>)>> = LazyLock::new(|| {
    Machine::ALL
        .iter()
        .map(|&m| (m, parse(m.data(), m == Machine::EmeraldRapidsMeasured)))
        .collect()
});

/// Every timing of a machine, in `cases.txt` order.
pub fn timings(m: Machine) -> &'static [Timing] {
    TABLES
        .iter()
        .find(|(k, _)| *k == m)
        .map_or(&[], |(_, v)| v.as_slice())
}

/// The timing of `instr` at `width` bits on `m`.
pub fn timing(m: Machine, instr: &str, width: u32) -> Option<Timing> {
    timings(m)
        .iter()
        .find(|t| t.instr == instr && t.width == width)
        .copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_load() {
        for m in Machine::ALL {
            assert!(timings(m).len() >= 55, "{m:?}: {}", timings(m).len());
        }
        // Zen 4 halves the throughput of 512-bit operations.
        let zn = |w| {
            timing(Machine::Znver4Model, "vpaddd", w)
                .unwrap()
                .rthroughput
        };
        assert_eq!((zn(256), zn(512)), (0.25, 0.5));
        let mask = timing(Machine::Znver4Model, "vmaskmovps.store", 256).unwrap();
        assert_eq!((mask.uops, mask.rthroughput), (Some(42), 12.0));
        // Measured here: a 512-bit divide takes about twice a 256-bit one.
        let d = |w| timing(Machine::EmeraldRapidsMeasured, "vdivps", w).unwrap();
        assert!((4.5..5.5).contains(&d(256).rthroughput));
        assert!((9.0..11.0).contains(&d(512).rthroughput));
        assert!(timing(Machine::EmeraldRapidsMeasured, "vmovups.load", 256)
            .unwrap()
            .latency
            .is_none());
    }
}
