//! Diagnostics in the `FILE:LINE:COL: error: MESSAGE` form, with the
//! offending source line and a caret, as LLVM's SourceMgr prints them.

use std::fmt::Write;

/// Formats an error located at 1-based `line`/`col` (bytes) of `src`.
pub fn located(file: &str, src: &[u8], line: u32, col: u32, message: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{file}:{line}:{col}: error: {message}");
    if let Some(text) = source_line(src, line) {
        let shown = String::from_utf8_lossy(text);
        let _ = writeln!(out, "{shown}");
        // Keep tabs so the caret lines up in a terminal.
        let mut caret = String::new();
        for &b in text.iter().take(col.saturating_sub(1) as usize) {
            caret.push(if b == b'\t' { '\t' } else { ' ' });
        }
        caret.push('^');
        let _ = writeln!(out, "{caret}");
    }
    out
}

/// An error without a location.
pub fn plain(file: &str, message: &str) -> String {
    format!("{file}: error: {message}\n")
}

/// The bytes of 1-based line `line`, without its terminator.
fn source_line(src: &[u8], line: u32) -> Option<&[u8]> {
    let idx = usize::try_from(line.checked_sub(1)?).ok()?;
    let text = src.split(|&b| b == b'\n').nth(idx)?;
    Some(text.strip_suffix(b"\r").unwrap_or(text))
}

/// If `src` is LLVM bitcode (raw or wrapped), a hint to disassemble it.
pub fn bitcode_hint(src: &[u8]) -> Option<&'static str> {
    let raw = src.starts_with(b"BC\xC0\xDE");
    let wrapped = src.starts_with(&[0xDE, 0xC0, 0x17, 0x0B]);
    (raw || wrapped).then_some(
        "input is LLVM bitcode, not textual IR; convert it with `llvm-dis-19 FILE -o FILE.ll`",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caret_under_column() {
        let src = b"define void @f() {\n  %y = ad i32 %x, 1\n}\n";
        let d = located("bad.ll", src, 2, 8, "expected instruction opcode");
        assert_eq!(
            d,
            "bad.ll:2:8: error: expected instruction opcode\n  %y = ad i32 %x, 1\n       ^\n"
        );
    }

    #[test]
    fn out_of_range_line_has_no_excerpt() {
        assert_eq!(located("a", b"x", 9, 1, "m"), "a:9:1: error: m\n");
        assert_eq!(located("a", b"", 0, 0, "m"), "a:0:0: error: m\n");
    }

    #[test]
    fn detects_bitcode() {
        assert!(bitcode_hint(b"BC\xC0\xDE\x35\x14").is_some());
        assert!(bitcode_hint(b"; ModuleID").is_none());
    }
}
