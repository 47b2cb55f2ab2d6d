//! Remark output: opt's `-pass-remarks*` text on standard error, and LLVM's
//! YAML remark format for `-pass-remarks-output`.
//!
//! Text: `remark: FILE:LINE:COL: MESSAGE` for the remarks whose pass name
//! the matching `-pass-remarks`, `-pass-remarks-missed` or
//! `-pass-remarks-analysis` pattern finds (an unanchored search), and
//! `warning: FILE:LINE:COL: MESSAGE` for failures of forced
//! transformations, always. `<unknown>:0:0` stands for a missing location.
//!
//! YAML: one document per remark (`--- !Passed` ... `...`), fields Pass,
//! Name, DebugLoc (omitted without a location), Function, Args, values
//! aligned at column 17 and quoted by `yaml::needsQuotes`'s rules, so that
//! `llvm-remarkutil-19`, `llvm-opt-report-19` and opt-viewer read it.

use loopwright_transforms::remark::{Remark, RemarkKind, SourceLoc};
use regex::Regex;

/// What to print and record.
#[derive(Clone, Debug, Default)]
pub struct RemarkOptions {
    pub passed: Option<Regex>,
    pub missed: Option<Regex>,
    pub analysis: Option<Regex>,
    /// `-pass-remarks-filter`: which passes the YAML file records.
    pub filter: Option<Regex>,
}

/// The text lines for standard error.
pub fn text(remarks: &[Remark], opts: &RemarkOptions) -> String {
    let mut out = String::new();
    for r in remarks {
        let pattern = match r.kind {
            RemarkKind::Failure => {
                out.push_str(&format!(
                    "warning: {}: {}\n",
                    r.location_text(),
                    r.message()
                ));
                continue;
            }
            RemarkKind::Passed => &opts.passed,
            RemarkKind::Missed => &opts.missed,
            RemarkKind::Analysis | RemarkKind::AnalysisFPCommute | RemarkKind::AnalysisAliasing => {
                &opts.analysis
            }
        };
        // An analysis remark without a pass name is LLVM's `AlwaysPrint`
        // (the vectorizer's, for loops whose hints ask for vectorization):
        // printed whatever the filters say.
        let always =
            r.pass.is_empty() && r.kind != RemarkKind::Passed && r.kind != RemarkKind::Missed;
        if always || pattern.as_ref().is_some_and(|re| re.is_match(&r.pass)) {
            out.push_str(&format!("remark: {}: {}\n", r.location_text(), r.message()));
        }
    }
    out
}

/// The YAML remark file.
pub fn yaml(remarks: &[Remark], filter: Option<&Regex>) -> String {
    let mut out = String::new();
    for r in remarks {
        if filter.is_some_and(|re| !re.is_match(&r.pass)) {
            continue;
        }
        out.push_str("--- !");
        out.push_str(r.kind.tag());
        out.push('\n');
        field(&mut out, "", "Pass", &scalar(&r.pass));
        field(&mut out, "", "Name", &scalar(&r.name));
        if let Some(l) = &r.loc {
            field(&mut out, "", "DebugLoc", &debug_loc(l));
        }
        field(&mut out, "", "Function", &scalar(&r.function));
        if !r.args.is_empty() {
            out.push_str("Args:\n");
            for a in &r.args {
                field(&mut out, "  - ", &a.key, &scalar(&a.value));
                if let Some(l) = &a.loc {
                    field(&mut out, "    ", "DebugLoc", &debug_loc(l));
                }
            }
        }
        out.push_str("...\n");
    }
    out
}

/// `indent` + `key:` padded so that the value starts 17 columns after the
/// key (one space for keys of 16 characters or more), then the value.
fn field(out: &mut String, indent: &str, key: &str, value: &str) {
    out.push_str(indent);
    out.push_str(key);
    out.push(':');
    let used = key.len() + 1;
    let pad = if used >= 17 { 1 } else { 17 - used };
    for _ in 0..pad {
        out.push(' ');
    }
    out.push_str(value);
    out.push('\n');
}

fn debug_loc(l: &SourceLoc) -> String {
    format!(
        "{{ File: {}, Line: {}, Column: {} }}",
        scalar(&l.file),
        l.line,
        l.column
    )
}

/// How `yaml::needsQuotes` would have LLVM write `s`.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
enum Quoting {
    None,
    Single,
    Double,
}

fn is_numeric(s: &str) -> bool {
    // YAML 1.2 core schema numbers, as `yaml::isNumeric` accepts them.
    let b = s.as_bytes();
    if b.is_empty() {
        return false;
    }
    if matches!(
        s,
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" | "-.inf" | "-.Inf" | "-.INF"
    ) || matches!(s, ".nan" | ".NaN" | ".NAN")
    {
        return true;
    }
    let rest = s.strip_prefix(['-', '+']).unwrap_or(s);
    if let Some(h) = rest.strip_prefix("0x") {
        return !h.is_empty() && h.bytes().all(|c| c.is_ascii_hexdigit());
    }
    if let Some(o) = rest.strip_prefix("0o") {
        return !o.is_empty() && o.bytes().all(|c| (b'0'..=b'7').contains(&c));
    }
    // [-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?
    let mut it = rest.bytes().peekable();
    let mut digits = 0;
    while it.peek().is_some_and(|c| c.is_ascii_digit()) {
        it.next();
        digits += 1;
    }
    if it.peek() == Some(&b'.') {
        it.next();
        let mut frac = 0;
        while it.peek().is_some_and(|c| c.is_ascii_digit()) {
            it.next();
            frac += 1;
        }
        if digits == 0 && frac == 0 {
            return false;
        }
    } else if digits == 0 {
        return false;
    }
    if matches!(it.peek(), Some(b'e' | b'E')) {
        it.next();
        if matches!(it.peek(), Some(b'+' | b'-')) {
            it.next();
        }
        let mut exp = 0;
        while it.peek().is_some_and(|c| c.is_ascii_digit()) {
            it.next();
            exp += 1;
        }
        if exp == 0 {
            return false;
        }
    }
    it.next().is_none()
}

fn needs_quotes(s: &str) -> Quoting {
    let mut q = Quoting::None;
    let b = s.as_bytes();
    let Some(&first) = b.first() else {
        return Quoting::Single;
    };
    let last = b[b.len() - 1];
    if first.is_ascii_whitespace() || last.is_ascii_whitespace() {
        q = Quoting::Single;
    }
    if matches!(s, "null" | "Null" | "NULL" | "~")
        || matches!(s, "true" | "True" | "TRUE" | "false" | "False" | "FALSE")
        || is_numeric(s)
    {
        q = Quoting::Single;
    }
    if br#"-?:\,[]{}#&*!|>'"%@`"#.contains(&first) {
        q = Quoting::Single;
    }
    for &c in b {
        if c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'^' | b'.' | b',' | b' ' | b'\t')
        {
            continue;
        }
        if c == b'\n' || c == b'\r' {
            q = q.max(Quoting::Single);
            continue;
        }
        if c == 0x7f || c <= 0x1f || c & 0x80 != 0 {
            return Quoting::Double;
        }
        q = q.max(Quoting::Single);
    }
    q
}

/// `s` as a YAML scalar, quoted as LLVM quotes it.
pub fn scalar(s: &str) -> String {
    match needs_quotes(s) {
        Quoting::None => s.to_owned(),
        Quoting::Single => format!("'{}'", s.replace('\'', "''")),
        Quoting::Double => {
            let mut out = String::from("\"");
            for ch in s.chars() {
                match ch {
                    '"' => out.push_str("\\\""),
                    '\\' => out.push_str("\\\\"),
                    '\n' => out.push_str("\\n"),
                    '\t' => out.push_str("\\t"),
                    '\r' => out.push_str("\\r"),
                    c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                        out.push_str(&format!("\\x{:02X}", c as u32))
                    }
                    c => out.push(c),
                }
            }
            out.push('"');
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting_follows_llvm() {
        assert_eq!(scalar("loop-vectorize"), "loop-vectorize");
        assert_eq!(scalar("4"), "'4'");
        assert_eq!(scalar("1.5e3"), "'1.5e3'");
        assert_eq!(scalar("a.c"), "a.c");
        assert_eq!(scalar("dir/a.c"), "'dir/a.c'");
        assert_eq!(
            scalar("vectorized loop (vectorization width: "),
            "'vectorized loop (vectorization width: '"
        );
        assert_eq!(scalar(""), "''");
        assert_eq!(scalar("it's"), "'it''s'");
        assert_eq!(scalar("true"), "'true'");
        assert_eq!(scalar("_Z3fooi"), "_Z3fooi");
        assert_eq!(scalar("caf\u{e9}"), "\"caf\u{e9}\"");
    }

    #[test]
    fn yaml_layout() {
        let r = Remark::new(
            RemarkKind::Passed,
            "loop-unroll",
            "PartialUnrolled",
            Some(SourceLoc {
                file: "a.c".into(),
                line: 2,
                column: 3,
            }),
            "saxpy",
        )
        .text("unrolled loop by a factor of ")
        .arg("UnrollCount", 4)
        .arg("VectorizationFactor", 8);
        let y = yaml(&[r], None);
        assert_eq!(
            y,
            "--- !Passed\n\
             Pass:            loop-unroll\n\
             Name:            PartialUnrolled\n\
             DebugLoc:        { File: a.c, Line: 2, Column: 3 }\n\
             Function:        saxpy\n\
             Args:\n\
             \x20 - String:          'unrolled loop by a factor of '\n\
             \x20 - UnrollCount:     '4'\n\
             \x20 - VectorizationFactor: '8'\n\
             ...\n"
        );
    }
}
