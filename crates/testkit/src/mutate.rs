//! Deliberately wrong outputs, for the self-tests that show a suite's
//! comparator fails when the output is wrong. Each edit works on the text
//! of a module (`.ll`) and touches the first line that is the instruction
//! asked for and that `pick` accepts; `None` when there is no such line.

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
}
