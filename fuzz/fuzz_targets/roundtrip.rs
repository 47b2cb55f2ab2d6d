//! Whatever parses must verify-or-report without panicking, print, and
//! print to a fixed point: parse(print(m)) prints the same text.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(m) = loopwright_parse::parse_on_this_thread(data, "fuzz.ll") else {
        return;
    };
    let _ = loopwright_analysis::verify::verify_module(&m);
    let text = loopwright_ir::print::print_module(&m);
    let m2 = loopwright_parse::parse_on_this_thread(text.as_bytes(), "fuzz.ll")
        .unwrap_or_else(|e| panic!("printed module does not parse: {e}\n{text}"));
    let text2 = loopwright_ir::print::print_module(&m2);
    assert_eq!(text, text2, "printing is not a fixed point");
});
