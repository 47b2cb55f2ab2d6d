//! The parser on raw bytes: it must return Ok or Err, never panic, hang or
//! exhaust memory.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = loopwright_parse::parse_on_this_thread(data, "fuzz.ll");
});
