//! Printing must preserve the verifier's verdict: a module that verifies
//! prints to one that verifies, and an invalid one stays as invalid.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = loopwright_fuzz::check_verify_print(data) {
        panic!("{e}");
    }
});
