//! What the unit tests of the function passes share: run a pass over
//! every defined function of a module parsed from text, check the result
//! with the verifier, and print it without the comments whose order
//! follows LLVM's use lists (`; preds = ...`), so that expected texts
//! captured from opt-19 compare exactly.

use loopwright_ir::{Function, Module};

/// Parses `src`, runs `pass` on every defined function (as the driver
/// lends them out), verifies the module, and returns it with whether any
/// call reported a change.
pub(crate) fn run_pass(
    src: &str,
    mut pass: impl FnMut(&mut Module, &mut Function) -> bool,
) -> (Module, bool) {
    let mut m = loopwright_parse::parse_module(src.as_bytes(), "t.ll").expect("test input parses");
    let mut changed = false;
    for fid in crate::defined_functions(&m) {
        changed |= crate::with_function(&mut m, fid, &mut pass);
    }
    if let Err(e) = loopwright_analysis::verify_module(&m) {
        panic!("output does not verify: {e:?}\n{}", text(&m));
    }
    (m, changed)
}

/// The module's functions as printed, without comments, blank lines and
/// the module header.
pub(crate) fn text(m: &Module) -> String {
    strip(&loopwright_ir::print::print_module(m))
}

/// `text` without comments, blank lines, `source_filename` and
/// `; ModuleID` (opt-19's printed output, reduced the same way).
pub(crate) fn strip(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let line = match line.find("; ") {
            Some(k) if !line[..k].contains('"') => &line[..k],
            _ => line,
        }
        .trim_end();
        if line.is_empty() || line.starts_with("source_filename") {
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}
