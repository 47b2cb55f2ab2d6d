//! Valid modules generated from the bytes (`src/irgen.rs`): loopwright's
//! parser and verifier accept them, and the default pipeline and runtime
//! unrolling keep them valid (`src/optimizer.rs`).
#![no_main]
use libfuzzer_sys::fuzz_target;

// Each target uses only part of the shared checks.
#[allow(dead_code)]
#[path = "../src/optimizer.rs"]
mod optimizer;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = optimizer::check_mutate_ir(data) {
        panic!("{e}");
    }
});
