//! A reader of LLVM's YAML remark files, as opt-19 writes them with
//! `-pass-remarks-output` (the format `remarks.rs` writes): one document
//! per remark,
//!
//! ```text
//! --- !Passed
//! Pass:            inline
//! Name:            Inlined
//! DebugLoc:        { File: a.c, Line: 9, Column: 3 }
//! Function:        main
//! Args:
//!   - Callee:          f
//!     DebugLoc:        { File: a.c, Line: 1, Column: 0 }
//!   - String:          ' inlined into '
//! ...
//! ```
//!
//! Scalars are plain, single-quoted (`''` for a quote) or double-quoted
//! (backslash escapes). Each document keeps its text, so a remark file
//! can be rewritten byte for byte, filtered by pass.

/// One remark document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Doc {
    /// The tag: `Passed`, `Missed`, `Analysis`, `AnalysisFPCommute`,
    /// `AnalysisAliasing`, `Failure`.
    pub tag: String,
    pub pass: String,
    pub name: String,
    pub function: String,
    /// `DebugLoc`: file, line, column.
    pub loc: Option<(String, u32, u32)>,
    /// The message: the values of `Args` concatenated, as clang prints it.
    pub message: String,
    /// The document's text, `--- !Tag` to `...` included.
    pub text: String,
}

/// Reads every remark document of `text`. A document that cannot be read
/// is skipped (it still counts in `text` of no one): the file is LLVM's,
/// so this only happens on a format this reader does not know.
pub fn read(text: &str) -> Vec<Doc> {
    let mut docs = Vec::new();
    let mut cur: Option<(usize, String)> = None;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let l = line.trim_end_matches(['\n', '\r']);
        if let Some(tag) = l.strip_prefix("--- !") {
            cur = Some((start, tag.trim().to_owned()));
            continue;
        }
        if l == "..." {
            if let Some((s, tag)) = cur.take() {
                if let Some(d) = doc(&text[s..offset], tag) {
                    docs.push(d);
                }
            }
        }
    }
    docs
}

fn doc(text: &str, tag: String) -> Option<Doc> {
    let mut d = Doc {
        tag,
        pass: String::new(),
        name: String::new(),
        function: String::new(),
        loc: None,
        message: String::new(),
        text: text.to_owned(),
    };
    let mut in_args = false;
    for line in text.lines().skip(1) {
        if line == "..." {
            break;
        }
        if !line.starts_with(' ') {
            in_args = false;
            let (key, value) = line.split_once(':')?;
            let value = value.trim();
            match key {
                "Pass" => d.pass = scalar(value)?,
                "Name" => d.name = scalar(value)?,
                "Function" => d.function = scalar(value)?,
                "DebugLoc" => d.loc = debug_loc(value),
                "Args" => in_args = true,
                _ => {}
            }
            continue;
        }
        if !in_args {
            continue;
        }
        // `  - Key: value` starts an argument; `    DebugLoc: {...}` (or
        // another key) continues it and is not part of the message.
        if let Some(item) = line.strip_prefix("  - ") {
            let (_, value) = split_key(item)?;
            d.message.push_str(&scalar(value.trim())?);
        }
    }
    Some(d)
}

/// `Key: value`, where the key may be quoted.
fn split_key(s: &str) -> Option<(&str, &str)> {
    if s.starts_with('\'') || s.starts_with('"') {
        let end = quoted_end(s)?;
        let rest = s[end..].strip_prefix(':')?;
        return Some((&s[..end], rest));
    }
    s.split_once(':')
}

/// The byte index just past the quoted scalar at the start of `s`.
fn quoted_end(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    let q = *b.first()?;
    let mut i = 1;
    while i < b.len() {
        if q == b'\'' && b[i] == b'\'' {
            if b.get(i + 1) == Some(&b'\'') {
                i += 2;
                continue;
            }
            return Some(i + 1);
        }
        if q == b'"' {
            if b[i] == b'\\' {
                i += 2;
                continue;
            }
            if b[i] == b'"' {
                return Some(i + 1);
            }
        }
        i += 1;
    }
    None
}

/// The value of a scalar as written (plain, `'...'` or `"..."`).
pub fn scalar(s: &str) -> Option<String> {
    if let Some(inner) = s.strip_prefix('\'') {
        let inner = inner.strip_suffix('\'')?;
        return Some(inner.replace("''", "'"));
    }
    if let Some(inner) = s.strip_prefix('"') {
        let inner = inner.strip_suffix('"')?;
        let mut out = String::new();
        let mut chars = inner.chars();
        while let Some(c) = chars.next() {
            if c != '\\' {
                out.push(c);
                continue;
            }
            match chars.next()? {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                'r' => out.push('\r'),
                '0' => out.push('\0'),
                '\\' => out.push('\\'),
                '"' => out.push('"'),
                '/' => out.push('/'),
                'x' => {
                    let h: String = chars.by_ref().take(2).collect();
                    out.push(char::from_u32(u32::from_str_radix(&h, 16).ok()?)?);
                }
                'u' => {
                    let h: String = chars.by_ref().take(4).collect();
                    out.push(char::from_u32(u32::from_str_radix(&h, 16).ok()?)?);
                }
                'U' => {
                    let h: String = chars.by_ref().take(8).collect();
                    out.push(char::from_u32(u32::from_str_radix(&h, 16).ok()?)?);
                }
                other => {
                    out.push('\\');
                    out.push(other);
                }
            }
        }
        return Some(out);
    }
    Some(s.to_owned())
}

/// `{ File: a.c, Line: 3, Column: 5 }`.
fn debug_loc(s: &str) -> Option<(String, u32, u32)> {
    let inner = s.strip_prefix('{')?.strip_suffix('}')?.trim();
    let rest = inner.strip_prefix("File:")?.trim_start();
    let (file, rest) = if rest.starts_with('\'') || rest.starts_with('"') {
        let end = quoted_end(rest)?;
        (scalar(&rest[..end])?, &rest[end..])
    } else {
        let end = rest.find(',')?;
        (rest[..end].trim().to_owned(), &rest[end..])
    };
    let rest = rest.trim_start().strip_prefix(',')?.trim_start();
    let rest = rest.strip_prefix("Line:")?.trim_start();
    let (line, rest) = rest.split_once(',')?;
    let col = rest.trim_start().strip_prefix("Column:")?.trim();
    Some((file, line.trim().parse().ok()?, col.parse().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    const INLINE: &str = "--- !Passed
Pass:            inline
Name:            Inlined
DebugLoc:        { File: 'dir/a.c', Line: 9, Column: 3 }
Function:        main
Args:
  - String:          ''''
  - Callee:          f
    DebugLoc:        { File: 'dir/a.c', Line: 1, Column: 0 }
  - String:          ''' inlined into '''
  - Caller:          main
    DebugLoc:        { File: 'dir/a.c', Line: 8, Column: 0 }
  - String:          ''''
  - String:          ' with '
  - String:          '(cost='
  - Cost:            '-15000'
  - String:          ', threshold='
  - Threshold:       '337'
  - String:          ')'
...
--- !Missed
Pass:            gvn
Name:            LoadClobbered
Function:        \"caf\\xE9\"
Args:
  - String:          load of type i32 not eliminated
...
";

    #[test]
    fn reads_llvm_remarks() {
        let docs = read(INLINE);
        assert_eq!(docs.len(), 2);
        let d = &docs[0];
        assert_eq!((d.tag.as_str(), d.pass.as_str()), ("Passed", "inline"));
        assert_eq!(d.loc, Some(("dir/a.c".into(), 9, 3)));
        assert_eq!(
            d.message,
            "'f' inlined into 'main' with (cost=-15000, threshold=337)"
        );
        assert!(d.text.starts_with("--- !Passed\n") && d.text.ends_with("...\n"));
        assert_eq!(docs[1].loc, None);
        assert_eq!(docs[1].function, "caf\u{e9}");
        assert_eq!(docs[1].message, "load of type i32 not eliminated");
        assert_eq!(
            docs.iter().map(|d| d.text.as_str()).collect::<String>(),
            INLINE
        );
    }

    #[test]
    fn reads_what_loopwright_writes() {
        use loopwright_transforms::remark::{Remark, RemarkKind, SourceLoc};
        let r = Remark::new(
            RemarkKind::Missed,
            "loop-unroll",
            "Unroll'd",
            Some(SourceLoc {
                file: "a b/c.c".into(),
                line: 2,
                column: 7,
            }),
            "f",
        )
        .text("it's ")
        .arg("UnrollCount", 4);
        let text = crate::remarks::yaml(&[r], None);
        let docs = read(&text);
        assert_eq!(docs.len(), 1);
        assert_eq!(docs[0].name, "Unroll'd");
        assert_eq!(docs[0].loc, Some(("a b/c.c".into(), 2, 7)));
        assert_eq!(docs[0].message, "it's 4");
    }
}
