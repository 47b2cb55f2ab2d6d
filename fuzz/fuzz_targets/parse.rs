//! The parser on raw bytes: it must return Ok or Err, never panic, hang or
//! exhaust memory, and an error must point into the input and render.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = loopwright_fuzz::check_parse(data) {
        panic!("{e}");
    }
});
