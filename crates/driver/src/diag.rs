//! Diagnostics in the `FILE:LINE:COL: error: MESSAGE` form, with the
//! offending source line and a caret, as LLVM's SourceMgr prints them.

use loopwright_analysis::verify::VerifierError;
use loopwright_parse::lexer::LineIndex;
use loopwright_parse::SourceMap;
use std::fmt::Write;

/// Formats an error located at 1-based `line`/`col` (bytes) of `src`.
pub fn located(file: &str, src: &[u8], line: u32, col: u32, message: &str) -> String {
    let mut out = String::new();
    let text = source_line(src, line);
    diagnostic(&mut out, file, text, (line, col), "error", message);
    out
}

/// Appends `FILE:LINE:COL: KIND: MESSAGE`, then `text` (the source line)
/// and a caret under the column.
fn diagnostic(
    out: &mut String,
    file: &str,
    text: Option<&[u8]>,
    (line, col): (u32, u32),
    kind: &str,
    message: &str,
) {
    let _ = writeln!(out, "{file}:{line}:{col}: {kind}: {message}");
    // Binary lines (control characters) are not shown: they would garble
    // the terminal.
    let binary = |t: &[u8]| t.iter().any(|&b| (b < 0x20 && b != b'\t') || b == 0x7F);
    let text = text.map(|t| t.strip_suffix(b"\r").unwrap_or(t));
    if let Some(text) = text.filter(|t| !binary(t)) {
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
}

/// At most this many parser warnings are printed per input.
const MAX_WARNINGS: usize = 100;

/// The parser's warnings about `src` (see [`SourceMap::warnings`]), as
/// `FILE:LINE:COL: warning: MESSAGE` with the source line and a caret; at
/// most [`MAX_WARNINGS`], then a count of the rest.
pub fn parser_warnings(file: &str, src: &[u8], map: &SourceMap) -> String {
    let warnings = map.warnings();
    let mut out = String::new();
    if warnings.is_empty() {
        return out;
    }
    let lines = LineIndex::new(src);
    for (at, message) in warnings.iter().take(MAX_WARNINGS) {
        let (line, col) = lines.line_col(*at);
        let text = lines.line_range(line).and_then(|r| src.get(r));
        diagnostic(&mut out, file, text, (line, col), "warning", message);
    }
    if warnings.len() > MAX_WARNINGS {
        let rest = warnings.len() - MAX_WARNINGS;
        let _ = writeln!(out, "{file}: warning: {rest} more warnings not shown");
    }
    out
}

/// An error without a location.
pub fn plain(file: &str, message: &str) -> String {
    format!("{file}: error: {message}\n")
}

/// Verifier errors about the input module `src`, each located through
/// `map` at the first use of the value it names in the offending
/// instruction, else at the instruction, else at its block (label or first
/// instruction), else at the function's name; without a position when the
/// map has none (LLVM prints none for verifier errors). The message is the
/// verifier's (LLVM's text), with the value it is about.
pub fn verifier_errors(
    file: &str,
    src: &[u8],
    map: &SourceMap,
    errors: &[VerifierError],
) -> String {
    let lines = LineIndex::new(src);
    let mut out = String::new();
    for e in errors {
        let mut message = e.message.clone();
        if let Some(v) = &e.value {
            let _ = write!(message, " (value {v})");
        }
        let operand = e.inst_id.zip(e.value.as_deref().and_then(local_name));
        let at = operand
            .and_then(|(i, name)| map.operand(src, e.func_id, i, name.as_bytes()))
            .or_else(|| {
                e.inst_id
                    .and_then(|i| map.inst(e.func_id, i))
                    .map(|r| r.start)
            })
            .or_else(|| e.block_id.and_then(|b| map.block(e.func_id, b)))
            .or_else(|| map.function(e.func_id));
        match at {
            Some(at) => {
                let (line, col) = lines.line_col(at);
                let text = lines.line_range(line).and_then(|r| src.get(r));
                diagnostic(&mut out, file, text, (line, col), "error", &message);
            }
            None => {
                let _ = writeln!(out, "{file}: error: {e}");
            }
        }
    }
    out
}

/// The name of a local value as the verifier prints it (`%x`, `%7`,
/// `%"a b"`), unescaped and without the sigil; `None` for anything else
/// (globals, names with escapes).
fn local_name(printed: &str) -> Option<&str> {
    let name = printed.strip_prefix('%')?;
    let name = match name.strip_prefix('"') {
        Some(q) => q.strip_suffix('"')?,
        None => name,
    };
    (!name.is_empty() && !name.contains('\\')).then_some(name)
}

/// The bytes of 1-based line `line`, without its terminator.
fn source_line(src: &[u8], line: u32) -> Option<&[u8]> {
    let idx = usize::try_from(line.checked_sub(1)?).ok()?;
    let text = src.split(|&b| b == b'\n').nth(idx)?;
    Some(text.strip_suffix(b"\r").unwrap_or(text))
}

/// If `src` is not text LLVM could read at all, what it looks like: a
/// UTF-16 file (a redirect in some shells), UTF-8 with a byte order mark
/// (LLVM rejects the mark), an object file or a compressed file.
pub fn not_text_hint(src: &[u8]) -> Option<&'static str> {
    if src.starts_with(&[0xFF, 0xFE]) || src.starts_with(&[0xFE, 0xFF]) {
        return Some("input is UTF-16 text; LLVM IR must be UTF-8 (convert it with `iconv -f UTF-16 -t UTF-8`)");
    }
    if src.starts_with(&[0xEF, 0xBB, 0xBF]) {
        return Some(
            "input starts with a UTF-8 byte order mark, which LLVM IR does not allow; remove it",
        );
    }
    if src.starts_with(b"\x7fELF") {
        return Some("input is an ELF object file, not textual IR");
    }
    if src.starts_with(&[0x1F, 0x8B]) {
        return Some("input is gzip-compressed; decompress it first");
    }
    None
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
