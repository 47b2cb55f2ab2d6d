//! Low-level text helpers: escaping, identifier quoting and fast decimal
//! output. All of them append to a `String` without allocating.

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// A byte that `printEscapedString` writes as itself.
#[inline]
fn is_plain(c: u8) -> bool {
    (0x20..0x7f).contains(&c) && c != b'"' && c != b'\\'
}

/// Appends `bytes` as LLVM's `printEscapedString` does: printable ASCII
/// except `"` and `\` as is, `\` as `\\`, everything else as `\XX`.
pub(super) fn push_escaped(out: &mut String, bytes: &[u8]) {
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        while i < bytes.len() && is_plain(bytes[i]) {
            i += 1;
        }
        if start < i {
            // Plain bytes are ASCII, so this never fails.
            out.push_str(std::str::from_utf8(&bytes[start..i]).unwrap_or_default());
        }
        if i < bytes.len() {
            let c = bytes[i];
            if c == b'\\' {
                out.push_str("\\\\");
            } else {
                push_hex_escape(out, c);
            }
            i += 1;
        }
    }
}

#[inline]
fn push_hex_escape(out: &mut String, c: u8) {
    out.push('\\');
    out.push(HEX[(c >> 4) as usize] as char);
    out.push(HEX[(c & 15) as usize] as char);
}

/// Whether LLVM quotes an identifier: it is empty, starts with a digit, or
/// has a byte outside `[-a-zA-Z0-9._]`.
#[inline]
pub(super) fn needs_quotes(name: &[u8]) -> bool {
    match name.first() {
        None => true,
        Some(c) if c.is_ascii_digit() => true,
        // One table load per byte: names (C++ mangled ones above all) are
        // most of what the printer writes.
        _ => !name.iter().all(|&c| IDENT_BYTE[usize::from(c)]),
    }
}

/// The bytes an unquoted identifier may hold: `[-a-zA-Z0-9._]`.
static IDENT_BYTE: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || b == b'-' || b == b'.' || b == b'_';
        c += 1;
    }
    t
};

/// Appends an identifier (without its sigil), quoted and escaped when LLVM
/// would quote it.
pub(super) fn push_ident(out: &mut String, name: &str) {
    if needs_quotes(name.as_bytes()) {
        out.push('"');
        push_escaped(out, name.as_bytes());
        out.push('"');
    } else {
        out.push_str(name);
    }
}

/// Appends a metadata identifier (named metadata, attachment kinds): bytes
/// outside `[-a-zA-Z$._]` (and digits after the first byte) become `\XX`.
pub(super) fn push_md_ident(out: &mut String, name: &str) {
    for (i, &c) in name.as_bytes().iter().enumerate() {
        let ok = c.is_ascii_alphabetic()
            || c == b'-'
            || c == b'$'
            || c == b'.'
            || c == b'_'
            || (i > 0 && c.is_ascii_digit());
        if ok {
            out.push(c as char);
        } else {
            push_hex_escape(out, c);
        }
    }
}

/// Appends `v` in decimal.
#[inline]
pub(super) fn push_u64(out: &mut String, mut v: u64) {
    if v < 10 {
        out.push((b'0' + v as u8) as char);
        return;
    }
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    while v != 0 {
        i -= 1;
        buf[i] = b'0' + (v % 10) as u8;
        v /= 10;
    }
    out.push_str(std::str::from_utf8(&buf[i..]).unwrap_or_default());
}

/// Appends `v` in decimal.
#[inline]
pub(super) fn push_i64(out: &mut String, v: i64) {
    if v < 0 {
        out.push('-');
    }
    push_u64(out, v.unsigned_abs());
}

/// Appends `v` in decimal.
pub(super) fn push_i128(out: &mut String, v: i128) {
    if let Ok(s) = i64::try_from(v) {
        return push_i64(out, s);
    }
    use std::fmt::Write;
    let _ = write!(out, "{v}");
}

/// Appends `v` as `width` upper-case hex digits (zero padded).
pub(super) fn push_hex_fixed(out: &mut String, v: u64, width: u32) {
    for i in (0..width).rev() {
        out.push(HEX[((v >> (4 * i)) & 15) as usize] as char);
    }
}

/// Appends `v` as upper-case hex without leading zeros (`0` for zero).
pub(super) fn push_hex_min(out: &mut String, v: u64) {
    let digits = (64 - v.leading_zeros()).div_ceil(4).max(1);
    push_hex_fixed(out, v, digits);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_and_quotes() {
        let mut s = String::new();
        push_escaped(&mut s, b"a\\b\"c\n\xE2\x82\xAC~");
        assert_eq!(s, "a\\\\b\\22c\\0A\\E2\\82\\AC~");
        let q = |n: &str| {
            let mut s = String::new();
            push_ident(&mut s, n);
            s
        };
        assert_eq!(q("a.b-c_d9"), "a.b-c_d9");
        assert_eq!(q("5"), "\"5\"");
        assert_eq!(q("1abc"), "\"1abc\"");
        assert_eq!(q("$x"), "\"$x\"");
        assert_eq!(q("a b"), "\"a b\"");
        assert_eq!(q("-1"), "-1");
        let mut s = String::new();
        push_md_ident(&mut s, "llvm.loop");
        push_md_ident(&mut s, " 1$a");
        assert_eq!(s, "llvm.loop\\201$a");
    }

    #[test]
    fn every_byte_quotes_as_llvm_says() {
        for c in 0..=255u8 {
            let plain = c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_');
            assert_eq!(needs_quotes(&[b'a', c]), !plain, "byte {c:#x}");
            assert_eq!(
                needs_quotes(&[c]),
                !plain || c.is_ascii_digit(),
                "byte {c:#x}"
            );
        }
        assert!(needs_quotes(b""));
    }

    #[test]
    fn numbers() {
        let mut s = String::new();
        push_i64(&mut s, i64::MIN);
        s.push(' ');
        push_u64(&mut s, u64::MAX);
        s.push(' ');
        push_i128(&mut s, -(1i128 << 100));
        s.push(' ');
        push_hex_min(&mut s, 0x123456789ABCD);
        s.push(' ');
        push_hex_min(&mut s, 0);
        assert_eq!(
            s,
            "-9223372036854775808 18446744073709551615 -1267650600228229401496703205376 123456789ABCD 0"
        );
    }
}
