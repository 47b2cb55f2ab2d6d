//! The properties the fuzz targets check, one function per target.
//!
//! This file is also compiled into the stable-Rust replay test
//! `crates/parse/tests/fuzz_replay.rs` (through `#[path]`), so CI replays
//! the committed corpora through exactly the code the fuzzers run. It must
//! therefore depend on nothing but `loopwright-parse`, `loopwright-ir` and
//! `loopwright-analysis`.
//!
//! Each check returns `Err(message)` when a property is broken. A panic in
//! the parser, verifier or printer is not caught here: the fuzz target
//! reports it as a crash, and the replay test catches it and names the file.

use loopwright_ir::print::print_module;
use loopwright_parse::parse_on_this_thread;

/// The file name every check passes to the parser.
const FILENAME: &str = "fuzz.ll";

/// Target `parse`: any bytes give `Ok` or an `Err` whose position lies in
/// the input and whose rendering (the driver's diagnostic) succeeds.
pub fn check_parse(data: &[u8]) -> Result<(), String> {
    let Err(e) = parse_on_this_thread(data, FILENAME) else {
        return Ok(());
    };
    if e.offset > data.len() {
        return Err(format!(
            "error offset {} is past the end of the {}-byte input: {e}",
            e.offset,
            data.len()
        ));
    }
    if e.line == 0 || e.col == 0 {
        return Err(format!("error position is not 1-based: {e}"));
    }
    let rendered = e.render(FILENAME, data);
    if !rendered.contains(&e.message) {
        return Err(format!("rendered error lost its message: {rendered}"));
    }
    Ok(())
}

/// Target `roundtrip`: whatever parses can be verified (the verdict does
/// not matter, only that the verifier returns) and printed, the print
/// parses again, and printing that module gives the same text.
pub fn check_roundtrip(data: &[u8]) -> Result<(), String> {
    let Ok(m) = parse_on_this_thread(data, FILENAME) else {
        return Ok(());
    };
    let _ = loopwright_analysis::verify::verify_module(&m);
    let text = print_module(&m);
    let m2 = parse_on_this_thread(text.as_bytes(), FILENAME).map_err(|e| {
        format!(
            "the printed module does not parse:\n{}\n--- printed module ---\n{text}",
            e.render("printed.ll", text.as_bytes())
        )
    })?;
    let text2 = print_module(&m2);
    if text != text2 {
        return Err(format!(
            "printing is not a fixed point: {}\n--- first print ---\n{text}",
            first_difference(&text, &text2)
        ));
    }
    Ok(())
}

/// Describes the first line where `a` and `b` differ.
fn first_difference(a: &str, b: &str) -> String {
    let mut la = a.lines();
    let mut lb = b.lines();
    let mut n = 1;
    loop {
        match (la.next(), lb.next()) {
            (Some(x), Some(y)) if x == y => n += 1,
            (None, None) => {
                return "texts differ only in line endings or the final newline".to_string()
            }
            (x, y) => {
                return format!(
                    "line {n}: first print {:?}, second print {:?}",
                    x.unwrap_or("<end>"),
                    y.unwrap_or("<end>")
                )
            }
        }
    }
}

/// Target `verify_print`: printing preserves the verifier's verdict. The
/// module read back from the print is as valid as the original, and an
/// invalid one has as many errors (their texts may differ, since printing
/// renumbers unnamed values).
pub fn check_verify_print(data: &[u8]) -> Result<(), String> {
    let Ok(m) = parse_on_this_thread(data, FILENAME) else {
        return Ok(());
    };
    let before = loopwright_analysis::verify::verify_module(&m);
    let text = print_module(&m);
    let m2 = parse_on_this_thread(text.as_bytes(), FILENAME).map_err(|e| {
        format!(
            "the printed module does not parse:\n{}\n--- printed module ---\n{text}",
            e.render("printed.ll", text.as_bytes())
        )
    })?;
    let after = loopwright_analysis::verify::verify_module(&m2);
    let count = |r: &Result<(), Vec<_>>| r.as_ref().map_or_else(Vec::len, |()| 0);
    if count(&before) != count(&after) {
        let list = |r: Result<(), Vec<loopwright_analysis::verify::VerifierError>>| {
            r.err()
                .unwrap_or_default()
                .iter()
                .map(|e| format!("  {e}\n"))
                .collect::<String>()
        };
        return Err(format!(
            "printing changes the verifier's verdict: {} errors before, {} after\n\
             --- before ---\n{}--- after ---\n{}--- printed module ---\n{text}",
            count(&before),
            count(&after),
            list(before),
            list(after)
        ));
    }
    Ok(())
}
