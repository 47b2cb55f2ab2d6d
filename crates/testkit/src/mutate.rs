//! Deliberately wrong outputs, for the self-tests that show a suite's
//! comparator fails when the output is wrong. Each edit works on the text
//! of a module (`.ll`) and touches the first line that is the instruction
//! asked for and that `pick` accepts; `None` when there is no such line.
//! The code and the debug records can be made wrong, and the debug info
//! invalid ([`misplace_debug_location`]: opt-19 accepts such a module,
//! drops its debug info and warns `ignoring invalid debug info`).

/// The first `add` instruction turned into `sub` (flags and operands
/// kept): `%s.next = add nsw i32 %s, %x` becomes `%s.next = sub nsw i32
/// %s, %x`.
pub fn flip_add_to_sub(text: &str, pick: impl Fn(&str) -> bool) -> Option<String> {
    edit_line(
        text,
        |l| l.contains(" = add ") && pick(l),
        |l| Some(l.replacen(" = add ", " = sub ", 1)),
    )
}

/// The first `store` instruction removed.
pub fn drop_store(text: &str, pick: impl Fn(&str) -> bool) -> Option<String> {
    edit_line(
        text,
        |l| l.trim_start().starts_with("store ") && pick(l),
        |_| None,
    )
}

/// The first debug record (`#dbg_value`, `#dbg_declare`, ...) removed.
pub fn drop_debug_record(text: &str, pick: impl Fn(&str) -> bool) -> Option<String> {
    edit_line(
        text,
        |l| l.trim_start().starts_with("#dbg_") && pick(l),
        |_| None,
    )
}

/// The first debug record (`#dbg_value`, ...) that `pick` accepts, given
/// the location of another function: its last operand (`!N)`) becomes the
/// first `!dbg !M` attachment found in another function's body. The
/// record's variable and its location then belong to different
/// subprograms, which LLVM's verifier reports as invalid debug info
/// ("mismatched subprogram between #dbg record variable and DILocation").
pub fn misplace_debug_location(text: &str, pick: impl Fn(&str) -> bool) -> Option<String> {
    // The function each line is in (the index of its `define` line).
    let lines: Vec<&str> = text.lines().collect();
    let mut owner = vec![None; lines.len()];
    let mut cur = None;
    for (k, l) in lines.iter().enumerate() {
        if l.starts_with("define ") {
            cur = Some(k);
        }
        owner[k] = cur;
        if *l == "}" {
            cur = None;
        }
    }
    let rec = lines
        .iter()
        .position(|l| l.trim_start().starts_with("#dbg_") && pick(l))?;
    let other = lines.iter().enumerate().find_map(|(k, l)| {
        if owner[k].is_none() || owner[k] == owner[rec] || l.starts_with("define ") {
            return None;
        }
        let (_, after) = l.split_once("!dbg !")?;
        let n: String = after.chars().take_while(char::is_ascii_digit).collect();
        (!n.is_empty()).then(|| format!("!{n}"))
    })?;
    edit_line(
        text,
        |l| l.trim_start().starts_with("#dbg_") && pick(l),
        |l| {
            let body = l.strip_suffix(')')?;
            let (head, _) = body.rsplit_once(", !")?;
            Some(format!("{head}, {other})"))
        },
    )
}

/// `text` with its first line that `matches` replaced by what `edit` makes
/// of it (removed when `edit` gives `None`).
pub fn edit_line(
    text: &str,
    matches: impl Fn(&str) -> bool,
    edit: impl FnOnce(&str) -> Option<String>,
) -> Option<String> {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let k = lines
        .iter()
        .position(|l| matches(l.trim_end_matches('\n')))?;
    let mut out: String = lines[..k].concat();
    if let Some(new) = edit(lines[k].trim_end_matches('\n')) {
        out.push_str(&new);
        if lines[k].ends_with('\n') {
            out.push('\n');
        }
    }
    out.push_str(&lines[k + 1..].concat());
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const M: &str = "define void @f(ptr %p, i32 %a) {\n  %x = add nsw i32 %a, 1\n  \
                     #dbg_value(i32 %x, !1, !DIExpression(), !2)\n  %y = add i32 %x, %a\n  \
                     store i32 %y, ptr %p\n  ret void\n}\n";

    #[test]
    fn each_edit_changes_one_line() {
        let any = |_: &str| true;
        let f = flip_add_to_sub(M, |l| l.contains("%y")).unwrap();
        assert!(f.contains("  %y = sub i32 %x, %a\n") && f.contains("%x = add nsw"));
        let s = drop_store(M, any).unwrap();
        assert!(!s.contains("store") && s.len() < M.len() && s.ends_with("}\n"));
        let d = drop_debug_record(M, any).unwrap();
        assert!(!d.contains("#dbg_value") && d.contains("%y = add"));
        assert_eq!(flip_add_to_sub(M, |l| l.contains("%z")), None);
        assert_eq!(drop_store("ret void\n", any), None);
    }

    #[test]
    fn a_misplaced_location_comes_from_another_function() {
        let two = format!(
            "{}define void @g() !dbg !5 {{\n  ret void, !dbg !7\n}}\n",
            M.replace("ret void\n", "ret void, !dbg !2\n")
        );
        let m = misplace_debug_location(&two, |_| true).unwrap();
        assert!(
            m.contains("  #dbg_value(i32 %x, !1, !DIExpression(), !7)\n"),
            "{m}"
        );
        assert_eq!(m.len(), two.len());
        // No other function with a location: nothing to do.
        assert_eq!(misplace_debug_location(M, |_| true), None);
    }
}
