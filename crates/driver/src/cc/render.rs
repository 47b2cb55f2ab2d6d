//! Diagnostics as clang prints them (`TextDiagnostic`), for the remarks
//! and warnings of the steps clang does not run itself (LLVM's halves in
//! opt-19, and loopwright):
//!
//! ```text
//! a.c:3:3: remark: completely unrolled loop with 4 iterations [-Rpass=loop-unroll]
//!     3 |   for (int i = 0; i < 4; i++)
//!       |   ^
//! ```
//!
//! - location (bold in color), level (`remark:` bold blue, `warning:`
//!   bold magenta, `error:` bold red), message and option (bold);
//! - the source line with its line number in a gutter of
//!   `max(4, digits(line + snippet lines))` columns, tabs expanded to the
//!   tab stop (counted in bytes since the previous tab, as clang counts),
//!   unprintable characters as `<U+XXXX>` or `<XX>`, then the caret
//!   (bold green) under the column;
//! - a diagnostic at the same location as the previous one gets no second
//!   snippet;
//! - a diagnostic in an included file is preceded by its include stack
//!   (`In file included from a.c:3:`), when that stack differs from the
//!   previous diagnostic's, from the include locations the preprocessor's
//!   line markers give ([`include_locations`]);
//! - a debug location's column 0 (no column information) is shown as 1,
//!   as clang translates it; a diagnostic without a debug location names
//!   the compiled file (clang would name the function's line, from its
//!   AST).
//!
//! What differs from clang: clang colors the snippet's keywords and
//! literals (it has the C lexer), and wraps messages to the terminal's
//! width (`-fmessage-length`); neither is done here.

use super::job::DiagOptions;
use std::collections::HashMap;

/// A diagnostic's severity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Remark,
    Warning,
    Error,
}

/// A source location, as a debug location gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loc {
    pub file: String,
    pub line: u32,
    pub column: u32,
}

const BOLD: &str = "\x1b[1m";
const RESET: &str = "\x1b[0m";
const BLUE: &str = "\x1b[0;1;34m";
const MAGENTA: &str = "\x1b[0;1;35m";
const RED: &str = "\x1b[0;1;31m";
const GREEN: &str = "\x1b[0;1;32m";

/// Prints diagnostics and counts warnings and errors.
pub struct Renderer {
    opts: DiagOptions,
    last: Option<Loc>,
    /// The compiled file and, for each file it includes, where it is
    /// included (file, line).
    main_file: Option<String>,
    includes: HashMap<String, (String, u32)>,
    last_include: Option<(String, u32)>,
    files: HashMap<String, Option<Vec<u8>>>,
    pub warnings: u32,
    pub errors: u32,
}

impl Renderer {
    pub fn new(opts: DiagOptions) -> Renderer {
        Renderer {
            opts,
            last: None,
            main_file: None,
            includes: HashMap::new(),
            last_include: None,
            files: HashMap::new(),
            warnings: 0,
            errors: 0,
        }
    }

    /// Sets the compiled file and the include locations of the files it
    /// includes ([`include_locations`]).
    pub fn set_includes(&mut self, main: &str, includes: HashMap<String, (String, u32)>) {
        self.main_file = Some(main.to_owned());
        self.includes = includes;
    }

    /// Appends `In file included from FILE:LINE:` lines, outermost first.
    fn include_stack(&self, out: &mut String, at: &(String, u32), depth: usize) {
        if depth < 200 {
            if let Some(outer) = self.includes.get(&at.0) {
                self.include_stack(out, outer, depth + 1);
            }
        }
        out.push_str(&format!("In file included from {}:{}:\n", at.0, at.1));
    }

    /// Appends one diagnostic to `out`: `message`, then ` [flag]` unless
    /// options are hidden.
    pub fn emit(
        &mut self,
        out: &mut String,
        level: Level,
        loc: Option<&Loc>,
        message: &str,
        flag: &str,
    ) {
        match level {
            Level::Remark => {}
            Level::Warning => self.warnings += 1,
            Level::Error => self.errors += 1,
        }
        let color = self.opts.color;
        // A location without a line names only its file (as clang names
        // the file of a location it cannot place).
        let file_only = loc.filter(|l| l.line == 0 && !l.file.is_empty());
        let loc = loc.filter(|l| l.line > 0);
        if let Some(l) = loc {
            let include = match &self.main_file {
                Some(m) if *m != l.file => self.includes.get(&l.file).cloned(),
                _ => None,
            };
            if include != self.last_include {
                if let Some(at) = &include {
                    if self.opts.show_location {
                        self.include_stack(out, at, 0);
                    }
                }
                self.last_include = include;
            }
        }
        if let Some(l) = loc.filter(|_| self.opts.show_location) {
            if color {
                out.push_str(BOLD);
            }
            out.push_str(&l.file);
            out.push(':');
            out.push_str(&l.line.to_string());
            if self.opts.show_column {
                out.push(':');
                out.push_str(&l.column.max(1).to_string());
            }
            out.push_str(": ");
        }
        if let Some(l) = file_only.filter(|_| self.opts.show_location) {
            if color {
                out.push_str(BOLD);
            }
            out.push_str(&l.file);
            out.push_str(": ");
        }
        if color {
            out.push_str(RESET);
            out.push_str(match level {
                Level::Remark => BLUE,
                Level::Warning => MAGENTA,
                Level::Error => RED,
            });
        }
        out.push_str(match level {
            Level::Remark => "remark: ",
            Level::Warning => "warning: ",
            Level::Error => "error: ",
        });
        if color {
            out.push_str(RESET);
            out.push_str(BOLD);
        }
        out.push_str(message);
        if self.opts.show_option && !flag.is_empty() {
            out.push_str(" [");
            out.push_str(flag);
            out.push(']');
        }
        if color {
            out.push_str(RESET);
        }
        out.push('\n');
        let same = loc.is_some() && loc == self.last.as_ref();
        if let (Some(l), false) = (loc, same) {
            if self.opts.show_carets {
                self.snippet(out, l);
            }
        }
        self.last = loc.cloned();
    }

    /// The source line of `l` and the caret under its column.
    fn snippet(&mut self, out: &mut String, l: &Loc) {
        const MAX_LINE: usize = 4096;
        let col = l.column.max(1) as usize;
        if col > MAX_LINE {
            return;
        }
        let text = self
            .files
            .entry(l.file.clone())
            .or_insert_with(|| std::fs::read(&l.file).ok());
        let Some(text) = text.as_deref() else { return };
        let Some(line) = text.split(|&b| b == b'\n').nth(l.line as usize - 1) else {
            return;
        };
        let end = line.iter().position(|&b| b == b'\r').unwrap_or(line.len());
        let mut line = &line[..end];
        if line.len() > MAX_LINE {
            return;
        }
        while line.last() == Some(&0) && line.len() > col {
            line = &line[..line.len() - 1];
        }
        let (shown, columns) = display(line, self.opts.tabstop);
        // The caret goes under the column of the byte before `col` (the
        // first column of a character, the last column past the line).
        let byte = (col - 1).min(line.len());
        let caret_col = (0..=byte).rev().find_map(|b| columns[b]).unwrap_or(0);
        let width = if self.opts.line_numbers {
            4.max(digits(l.line + self.opts.snippet_lines))
        } else {
            0
        };
        if width > 0 {
            let d = digits(l.line);
            out.push_str(&" ".repeat(width - d + 1));
            out.push_str(&l.line.to_string());
            out.push_str(" | ");
        }
        out.push_str(&shown);
        if self.opts.color {
            out.push_str(RESET);
        }
        out.push('\n');
        if width > 0 {
            out.push_str(&" ".repeat(width + 2));
            out.push_str("| ");
        }
        if self.opts.color {
            out.push_str(GREEN);
        }
        out.push_str(&" ".repeat(caret_col));
        out.push_str("^\n");
        if self.opts.color {
            out.push_str(RESET);
        }
    }
}

fn digits(n: u32) -> usize {
    n.to_string().len()
}

/// A source line as clang shows it, and for each byte the display column
/// it starts (`None` for the continuation bytes of a character), plus one
/// entry past the end.
fn display(line: &[u8], tabstop: usize) -> (String, Vec<Option<usize>>) {
    let mut shown = String::new();
    let mut columns = vec![None; line.len() + 1];
    let mut col = 0;
    let mut i = 0;
    while i < line.len() {
        columns[i] = Some(col);
        let b = line[i];
        if b == b'\t' {
            // Bytes since the previous tab or the line's start.
            let since = line[..i].iter().rev().take_while(|&&c| c != b'\t').count();
            let n = tabstop - since % tabstop;
            shown.push_str(&" ".repeat(n));
            col += n;
            i += 1;
            continue;
        }
        if b < 0x80 {
            if (0x20..0x7f).contains(&b) {
                shown.push(b as char);
                col += 1;
            } else {
                let s = format!("<U+{:04X}>", b);
                col += s.len();
                shown.push_str(&s);
            }
            i += 1;
            continue;
        }
        let len = match b {
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF7 => 4,
            _ => 1,
        };
        match line
            .get(i..i + len)
            .and_then(|s| std::str::from_utf8(s).ok())
        {
            Some(s) => {
                let c = s.chars().next().unwrap_or(' ');
                if c.is_control() {
                    let s = format!("<U+{:04X}>", c as u32);
                    col += s.len();
                    shown.push_str(&s);
                } else {
                    shown.push(c);
                    col += char_width(c);
                }
                i += len;
            }
            None => {
                let s = format!("<{:02X}>", b);
                col += s.len();
                shown.push_str(&s);
                i += 1;
            }
        }
    }
    columns[line.len()] = Some(col);
    (shown, columns)
}

/// The display width of a printable character: two for the East Asian
/// wide ranges, else one.
fn char_width(c: char) -> usize {
    let c = c as u32;
    let wide = matches!(c,
        0x1100..=0x115F | 0x2E80..=0x303E | 0x3041..=0x33FF | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF | 0xA000..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF
        | 0xFE30..=0xFE4F | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6 | 0x1F300..=0x1F64F
        | 0x1F900..=0x1F9FF | 0x20000..=0x3FFFD);
    if wide {
        2
    } else {
        1
    }
}

/// Where each file of a translation unit is included: file name to the
/// including file and the line of its `#include`, from the line markers
/// of the preprocessed text `pp` (`# LINE "FILE" FLAGS`, flag 1 entering a
/// file). The first inclusion of a file counts.
pub fn include_locations(pp: &str) -> HashMap<String, (String, u32)> {
    let mut map = HashMap::new();
    // The current file and the line number of the next line of text.
    let mut cur: Option<(String, u32)> = None;
    for line in pp.lines() {
        if let Some(m) = line.strip_prefix("# ") {
            let mut parts = m.splitn(2, ' ');
            let Some(n) = parts.next().and_then(|n| n.parse::<u32>().ok()) else {
                continue;
            };
            let rest = parts.next().unwrap_or("");
            let Some(name_end) = rest.strip_prefix('"').and_then(|r| r.find('"')) else {
                continue;
            };
            let file = rest[1..name_end + 1].to_owned();
            let flags: Vec<&str> = rest[name_end + 2..].split_whitespace().collect();
            if flags.first() == Some(&"1") {
                if let Some((parent, at)) = &cur {
                    if !parent.starts_with('<') {
                        map.entry(file.clone()).or_insert((parent.clone(), *at));
                    }
                }
            }
            cur = Some((file, n));
            continue;
        }
        if let Some((_, n)) = &mut cur {
            *n += 1;
        }
    }
    map
}

/// Splits clang's closing line (`N warnings and M errors generated.`) off
/// a cc1 job's standard error: the text before it and the two counts.
pub fn split_stats(stderr: &str) -> (&str, u32, u32) {
    let body = stderr.strip_suffix('\n').unwrap_or(stderr);
    let (head, last) = match body.rfind('\n') {
        Some(i) => (&stderr[..i + 1], &body[i + 1..]),
        None => ("", body),
    };
    match parse_stats(last) {
        Some((w, e)) => (head, w, e),
        None => (stderr, 0, 0),
    }
}

fn parse_stats(line: &str) -> Option<(u32, u32)> {
    let rest = line.strip_suffix(" generated.")?;
    let count = |part: &str, word: &str| -> Option<u32> {
        let (n, w) = part.split_once(' ')?;
        (w == word || w == format!("{word}s")).then_some(())?;
        n.parse().ok()
    };
    if let Some((w, e)) = rest.split_once(" and ") {
        return Some((count(w, "warning")?, count(e, "error")?));
    }
    count(rest, "warning")
        .map(|w| (w, 0))
        .or_else(|| count(rest, "error").map(|e| (0, e)))
}

/// clang's closing line for `warnings` and `errors` (empty for none).
pub fn stats_line(warnings: u32, errors: u32) -> String {
    let plural = |n: u32, w: &str| format!("{n} {w}{}", if n == 1 { "" } else { "s" });
    match (warnings, errors) {
        (0, 0) => String::new(),
        (w, 0) => format!("{} generated.\n", plural(w, "warning")),
        (0, e) => format!("{} generated.\n", plural(e, "error")),
        (w, e) => format!(
            "{} and {} generated.\n",
            plural(w, "warning"),
            plural(e, "error")
        ),
    }
}

/// How the `-Wpass-failed` warnings (forced transformations not done) come
/// out under the job's warning options, in order: `None` when ignored.
pub fn pass_failed_level(flags: &[String]) -> Option<Level> {
    let mut enabled = true;
    let mut ignore_all = false;
    let mut werror = false;
    let mut as_error: Option<bool> = None;
    for f in flags {
        match f.as_str() {
            "-w" => ignore_all = true,
            "-Werror" => werror = true,
            "-Wno-error" => werror = false,
            "-Weverything" | "-Wpass-failed" => enabled = true,
            "-Wno-everything" | "-Wno-pass-failed" => enabled = false,
            "-Werror=pass-failed" => {
                enabled = true;
                as_error = Some(true);
            }
            "-Wno-error=pass-failed" => as_error = Some(false),
            _ => {}
        }
    }
    if ignore_all || !enabled {
        return None;
    }
    Some(if as_error.unwrap_or(werror) {
        Level::Error
    } else {
        Level::Warning
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn render(opts: DiagOptions, file: &str, text: &str, line: u32, column: u32) -> String {
        let dir = std::env::temp_dir().join(format!("lw-render-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(file);
        std::fs::write(&path, text).unwrap();
        let mut r = Renderer::new(opts);
        let mut out = String::new();
        let loc = Loc {
            file: path.display().to_string(),
            line,
            column,
        };
        r.emit(&mut out, Level::Remark, Some(&loc), "m", "-Rpass=x");
        let _ = std::fs::remove_dir_all(&dir);
        out.replace(&path.display().to_string(), file)
    }

    #[test]
    fn snippet_with_tabs_and_gutter() {
        let out = render(DiagOptions::default(), "a.c", "x\n\tfor (;;)\n", 2, 2);
        assert_eq!(
            out,
            "a.c:2:2: remark: m [-Rpass=x]\n    2 |         for (;;)\n      |         ^\n"
        );
        // Column 0 is shown as 1; a tab after text reaches the next stop.
        let out = render(DiagOptions::default(), "b.c", "ab\tc\n", 1, 0);
        assert_eq!(
            out,
            "b.c:1:1: remark: m [-Rpass=x]\n    1 | ab      c\n      | ^\n"
        );
        let out = render(DiagOptions::default(), "c.c", "ab\tc\n", 1, 4);
        assert!(out.ends_with("      |         ^\n"), "{out}");
    }

    #[test]
    fn colors_as_clang() {
        let opts = DiagOptions {
            color: true,
            ..Default::default()
        };
        let out = render(opts, "a.c", "int x;\n", 1, 5);
        assert_eq!(
            out,
            "\x1b[1ma.c:1:5: \x1b[0m\x1b[0;1;34mremark: \x1b[0m\x1b[1mm [-Rpass=x]\x1b[0m\n    \
             1 | int x;\x1b[0m\n      | \x1b[0;1;32m    ^\n\x1b[0m"
        );
    }

    #[test]
    fn same_location_gets_one_snippet() {
        let dir = std::env::temp_dir().join(format!("lw-render2-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.c");
        std::fs::write(&path, "int x;\n").unwrap();
        let loc = Loc {
            file: path.display().to_string(),
            line: 1,
            column: 1,
        };
        let mut r = Renderer::new(DiagOptions::default());
        let mut out = String::new();
        r.emit(&mut out, Level::Remark, Some(&loc), "a", "");
        r.emit(&mut out, Level::Warning, Some(&loc), "b", "");
        assert_eq!(out.matches("int x;").count(), 1);
        assert_eq!((r.warnings, r.errors), (1, 0));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_file_without_a_line() {
        let mut r = Renderer::new(DiagOptions::default());
        let mut out = String::new();
        let loc = Loc {
            file: "a.c".into(),
            line: 0,
            column: 0,
        };
        r.emit(&mut out, Level::Warning, Some(&loc), "w", "-Wx");
        assert_eq!(out, "a.c: warning: w [-Wx]\n");
    }

    #[test]
    fn unprintable_bytes() {
        let (s, c) = display(b"a\x07\xff\xc3\xa9", 8);
        assert_eq!(s, "a<U+0007><FF>\u{e9}");
        assert_eq!(c[1], Some(1));
        assert_eq!(c[3], Some(13));
        assert_eq!(c[4], None);
    }

    #[test]
    fn include_stacks() {
        let pp = "# 1 \"a.c\"\n# 1 \"<built-in>\" 1\n# 1 \"a.c\" 2\n\n\n\
                  # 1 \"./b.h\" 1\nint x;\n# 1 \"./c.h\" 1\n# 3 \"./b.h\" 2\n# 4 \"a.c\" 2\n";
        let inc = include_locations(pp);
        assert_eq!(inc.get("./b.h"), Some(&("a.c".to_owned(), 3)));
        assert_eq!(inc.get("./c.h"), Some(&("./b.h".to_owned(), 2)));
        assert_eq!(inc.get("a.c"), None);
        let mut r = Renderer::new(DiagOptions {
            show_carets: false,
            ..Default::default()
        });
        r.set_includes("a.c", inc);
        let at = |file: &str, line| Loc {
            file: file.into(),
            line,
            column: 1,
        };
        let mut out = String::new();
        r.emit(&mut out, Level::Remark, Some(&at("./c.h", 1)), "x", "");
        r.emit(&mut out, Level::Remark, Some(&at("./c.h", 2)), "y", "");
        r.emit(&mut out, Level::Remark, Some(&at("a.c", 9)), "z", "");
        r.emit(&mut out, Level::Remark, Some(&at("./c.h", 2)), "w", "");
        assert_eq!(
            out,
            "In file included from a.c:3:\nIn file included from ./b.h:2:\n./c.h:1:1: remark: x\n\
             ./c.h:2:1: remark: y\na.c:9:1: remark: z\n\
             In file included from a.c:3:\nIn file included from ./b.h:2:\n./c.h:2:1: remark: w\n"
        );
    }

    #[test]
    fn stats_lines() {
        assert_eq!(split_stats("a\n2 warnings generated.\n"), ("a\n", 2, 0));
        assert_eq!(split_stats("1 error generated.\n"), ("", 0, 1));
        assert_eq!(
            split_stats("x\n1 warning and 2 errors generated.\n"),
            ("x\n", 1, 2)
        );
        assert_eq!(split_stats("no stats\n"), ("no stats\n", 0, 0));
        assert_eq!(stats_line(1, 0), "1 warning generated.\n");
        assert_eq!(stats_line(2, 1), "2 warnings and 1 error generated.\n");
        assert_eq!(stats_line(0, 0), "");
    }

    #[test]
    fn pass_failed_policy() {
        let lv =
            |f: &[&str]| pass_failed_level(&f.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(lv(&[]), Some(Level::Warning));
        assert_eq!(lv(&["-Werror"]), Some(Level::Error));
        assert_eq!(
            lv(&["-Werror", "-Wno-error=pass-failed"]),
            Some(Level::Warning)
        );
        assert_eq!(lv(&["-Werror=pass-failed"]), Some(Level::Error));
        assert_eq!(lv(&["-Wno-pass-failed"]), None);
        assert_eq!(lv(&["-w", "-Werror"]), None);
        assert_eq!(
            lv(&["-Wno-pass-failed", "-Wpass-failed"]),
            Some(Level::Warning)
        );
    }
}
