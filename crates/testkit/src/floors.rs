//! Floors: the measured level of every "N of M agree" count a suite
//! prints, kept in one file, `tests/floors.toml`, one `name = N` line each
//! (`#` starts a comment).
//!
//! [`check`] compares a measured count with its floor:
//! - below the floor: the test fails (a regression), whatever the mode;
//! - above the floor: under `CI` the test fails with "raise the floor NAME
//!   from X to Y", so the file always holds the measured level; outside CI
//!   it prints that as a notice;
//! - no floor yet: the test fails, naming the line to add.
//!
//! `UPDATE_FLOORS=1` writes risen and missing floors into the file
//! instead of failing; it never lowers one (lowering is a deliberate edit
//! of the file). A filtered or otherwise partial run must not check its
//! floors: the caller decides.

use std::path::PathBuf;
use std::sync::Mutex;

/// The floor file: `LOOPWRIGHT_FLOORS` when set, else
/// `tests/floors.toml` in the repository.
pub fn path() -> PathBuf {
    match std::env::var_os("LOOPWRIGHT_FLOORS") {
        Some(p) if !p.is_empty() => PathBuf::from(p),
        _ => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/floors.toml"),
    }
}

/// Checks `measured` against the floor `name` (see the module docs).
#[track_caller]
pub fn check(name: &str, measured: usize) {
    check_all(&[(name, measured)]);
}

/// [`check`] for several counts at once; every problem is reported, in
/// one panic.
#[track_caller]
pub fn check_all(counts: &[(&str, usize)]) {
    let mode = Mode {
        ci: crate::tools::ci(),
        update: std::env::var_os("UPDATE_FLOORS").is_some_and(|v| v == "1"),
    };
    if let Err(e) = check_file(&path(), counts, mode) {
        panic!("{e}");
    }
}

/// How floors are checked.
#[derive(Clone, Copy, Debug)]
pub struct Mode {
    /// A count above its floor fails (`CI` is set).
    pub ci: bool,
    /// Rises and missing floors are written to the file (`UPDATE_FLOORS=1`).
    pub update: bool,
}

/// Serializes the read-modify-write of the file between the tests of one
/// process (cargo runs test binaries one at a time).
static FILE_LOCK: Mutex<()> = Mutex::new(());

/// [`check_all`] on the file `file` in `mode`: notices are printed, and the
/// problems come back as one message.
pub fn check_file(
    file: &std::path::Path,
    counts: &[(&str, usize)],
    mode: Mode,
) -> Result<(), String> {
    let _guard = FILE_LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(format!("cannot read {}: {e}", file.display())),
    };
    let shown = file.display().to_string();
    let out = evaluate(&text, &shown, counts, mode)?;
    for n in &out.notices {
        crate::notice(n);
    }
    if let Some(new) = out.rewritten {
        std::fs::write(file, new).map_err(|e| format!("cannot write {shown}: {e}"))?;
    }
    if out.errors.is_empty() {
        Ok(())
    } else {
        Err(out.errors.join("\n"))
    }
}

/// What checking counts against a floor file's text gives.
#[derive(Debug, Default)]
pub struct Outcome {
    /// Each failing count, with what to do about it.
    pub errors: Vec<String>,
    /// Rises outside CI, and floors written by `UPDATE_FLOORS=1`.
    pub notices: Vec<String>,
    /// The new text of the file, when `UPDATE_FLOORS=1` changed it.
    pub rewritten: Option<String>,
}

/// One `name = N` line: its index in the file and N.
fn parse(text: &str, file: &str) -> Result<Vec<(String, usize, u64)>, String> {
    let mut out: Vec<(String, usize, u64)> = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let code = line.split('#').next().unwrap_or("").trim();
        if code.is_empty() {
            continue;
        }
        let bad = || format!("{file}:{}: expected `name = N`, found {line:?}", k + 1);
        let (name, value) = code.split_once('=').ok_or_else(bad)?;
        let (name, value) = (name.trim(), value.trim());
        let value: u64 = value.parse().map_err(|_| bad())?;
        if name.is_empty() || name.contains(char::is_whitespace) {
            return Err(bad());
        }
        if out.iter().any(|(n, _, _)| n == name) {
            return Err(format!("{file}:{}: the floor {name} is set twice", k + 1));
        }
        out.push((name.to_owned(), k, value));
    }
    Ok(out)
}

/// Checks `counts` against the floor file text `text` (named `file` in
/// messages).
pub fn evaluate(
    text: &str,
    file: &str,
    counts: &[(&str, usize)],
    mode: Mode,
) -> Result<Outcome, String> {
    let floors = parse(text, file)?;
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let mut out = Outcome::default();
    let mut changed = false;
    for &(name, measured) in counts {
        let measured = measured as u64;
        match floors.iter().find(|(n, _, _)| n == name) {
            Some(&(_, _, floor)) if measured < floor => out.errors.push(format!(
                "{name} is {measured}, below its floor {floor} in {file}: a regression \
                 (lower the floor by hand only if the loss is deliberate)"
            )),
            Some(&(_, line, floor)) if measured > floor => {
                if mode.update {
                    let comment = lines[line]
                        .find('#')
                        .map(|c| format!("  {}", lines[line][c..].trim_end()))
                        .unwrap_or_default();
                    lines[line] = format!("{name} = {measured}{comment}");
                    changed = true;
                    out.notices.push(format!(
                        "UPDATE_FLOORS: raised the floor {name} from {floor} to {measured} in {file}"
                    ));
                } else if mode.ci {
                    out.errors.push(format!(
                        "raise the floor {name} from {floor} to {measured} (in {file}, \
                         or run the test with UPDATE_FLOORS=1)"
                    ));
                } else {
                    out.notices.push(format!(
                        "NOTICE: raise the floor {name} from {floor} to {measured} \
                         (UPDATE_FLOORS=1 writes it to {file}; under CI this fails)"
                    ));
                }
            }
            Some(_) => {}
            None if mode.update => {
                lines.push(format!("{name} = {measured}"));
                changed = true;
                out.notices.push(format!(
                    "UPDATE_FLOORS: added the floor {name} = {measured} to {file}"
                ));
            }
            None => out.errors.push(format!(
                "no floor {name} in {file}: add the line `{name} = {measured}` \
                 (or run the test with UPDATE_FLOORS=1)"
            )),
        }
    }
    if changed {
        let mut new = lines.join("\n");
        new.push('\n');
        out.rewritten = Some(new);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "# floors\na.same = 10  # a comment\n\nb.same = 3\n";
    const CI: Mode = Mode {
        ci: true,
        update: false,
    };
    const LOCAL: Mode = Mode {
        ci: false,
        update: false,
    };
    const UPDATE: Mode = Mode {
        ci: true,
        update: true,
    };

    #[test]
    fn at_the_floor_passes_quietly() {
        for mode in [CI, LOCAL, UPDATE] {
            let o = evaluate(FILE, "f", &[("a.same", 10), ("b.same", 3)], mode).unwrap();
            assert!(o.errors.is_empty() && o.notices.is_empty() && o.rewritten.is_none());
        }
    }

    #[test]
    fn below_the_floor_fails_in_every_mode() {
        for mode in [CI, LOCAL, UPDATE] {
            let o = evaluate(FILE, "f", &[("a.same", 9)], mode).unwrap();
            assert_eq!(o.errors.len(), 1, "{mode:?}");
            assert!(
                o.errors[0].contains("below its floor 10"),
                "{}",
                o.errors[0]
            );
            assert!(o.rewritten.is_none(), "a floor is never lowered");
        }
    }

    #[test]
    fn above_the_floor_fails_under_ci_and_is_a_notice_outside() {
        let o = evaluate(FILE, "f", &[("a.same", 12)], CI).unwrap();
        assert_eq!(
            o.errors,
            ["raise the floor a.same from 10 to 12 (in f, or run the test with UPDATE_FLOORS=1)"]
        );
        let o = evaluate(FILE, "f", &[("a.same", 12)], LOCAL).unwrap();
        assert!(o.errors.is_empty());
        assert!(o.notices[0].contains("raise the floor a.same from 10 to 12"));
        assert!(o.rewritten.is_none());
    }

    #[test]
    fn update_raises_and_adds_but_keeps_the_rest() {
        let o = evaluate(
            FILE,
            "f",
            &[("a.same", 12), ("c.new", 5), ("b.same", 3)],
            UPDATE,
        )
        .unwrap();
        assert!(o.errors.is_empty(), "{:?}", o.errors);
        assert_eq!(
            o.rewritten.as_deref(),
            Some("# floors\na.same = 12  # a comment\n\nb.same = 3\nc.new = 5\n")
        );
    }

    #[test]
    fn a_missing_floor_fails_unless_updating() {
        for mode in [CI, LOCAL] {
            let o = evaluate(FILE, "f", &[("c.new", 5)], mode).unwrap();
            assert!(
                o.errors[0].contains("add the line `c.new = 5`"),
                "{:?}",
                o.errors
            );
        }
    }

    #[test]
    fn malformed_files_are_errors() {
        assert!(evaluate("a = x\n", "f", &[], CI).is_err());
        assert!(evaluate("a 3\n", "f", &[], CI).is_err());
        assert!(evaluate("a = 1\na = 2\n", "f", &[], CI)
            .unwrap_err()
            .contains("twice"));
    }

    #[test]
    fn check_file_rewrites_the_file() {
        let dir = std::env::temp_dir().join(format!("testkit-floors-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("floors.toml");
        std::fs::write(&file, FILE).unwrap();
        assert!(check_file(&file, &[("a.same", 11)], CI).is_err());
        check_file(&file, &[("a.same", 11)], UPDATE).unwrap();
        assert!(std::fs::read_to_string(&file)
            .unwrap()
            .contains("a.same = 11  # a comment"));
        check_file(&file, &[("a.same", 11)], CI).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
    }
}
