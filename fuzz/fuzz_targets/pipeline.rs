//! The whole pipeline on valid modules (generated, or given as text): the
//! input's header chooses a pipeline of the canonical-form, unroll and
//! vectorize passes, the `-unroll-*` options and the vectorizer's; the
//! default pipeline and that one must keep the module valid
//! (`src/optimizer.rs`).
#![no_main]
use libfuzzer_sys::fuzz_target;

// Each target uses only part of the shared checks.
#[allow(dead_code)]
#[path = "../src/optimizer.rs"]
mod optimizer;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = optimizer::check_pipeline(data) {
        panic!("{e}");
    }
});
