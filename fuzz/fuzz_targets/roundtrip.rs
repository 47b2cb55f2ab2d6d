//! Whatever parses must verify-or-report without panicking, print, and
//! print to a fixed point: parse(print(m)) prints the same text.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = loopwright_fuzz::check_roundtrip(data) {
        panic!("{e}");
    }
});
