//! Stand-ins for loopwright in the self-tests: a shell script that runs a
//! reference command (`opt-19 -S`) with the arguments loopwright was given,
//! then replaces what it wrote with deliberately wrong files. A suite run
//! with the stand-in as its binary goes through its real comparator, which
//! must report the wrong output.

use std::path::{Path, PathBuf};

/// What the stand-in replaces; `None` keeps what the command wrote.
#[derive(Clone, Debug, Default)]
pub struct Wrong {
    /// The output module (the file after `-o`).
    pub output: Option<PathBuf>,
    /// The YAML remarks (the file of `-pass-remarks-output=FILE`).
    pub yaml: Option<PathBuf>,
    /// Standard error (the printed remarks and warnings).
    pub stderr: Option<PathBuf>,
}

/// Single-quoted for the shell.
fn quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

/// Writes the executable script `dir/name`: it runs `command` (words
/// separated by spaces, e.g. `opt-19 -S`) with its own arguments except
/// those in `drop_args`, then puts the files of `wrong` in place of what
/// the command wrote, and exits with the command's status. Returns its
/// path.
pub fn write(dir: &Path, name: &str, command: &str, drop_args: &[&str], wrong: &Wrong) -> PathBuf {
    let q = |p: &Option<PathBuf>| p.as_ref().map(|p| quote(&p.display().to_string()));
    let mut s = String::from(
        "#!/bin/sh\n\
         # A stand-in for loopwright written by a self-test (loopwright_testkit::standin).\n\
         out=''; yaml=''; prev=''\n\
         for a in \"$@\"; do\n\
         \x20 [ \"$prev\" = '-o' ] && out=\"$a\"\n\
         \x20 case \"$a\" in -pass-remarks-output=*|--pass-remarks-output=*) yaml=\"${a#*=}\";; esac\n\
         \x20 prev=\"$a\"\n\
         done\n\
         for a in \"$@\"; do\n\
         \x20 shift\n\
         \x20 case \"$a\" in\n",
    );
    for d in drop_args {
        s.push_str(&format!("  {}) ;;\n", quote(d)));
    }
    s.push_str("  *) set -- \"$@\" \"$a\";;\n  esac\ndone\n");
    s.push_str(&format!(
        "err=\"$(mktemp)\"\n{command} \"$@\" 2>\"$err\"\nrc=$?\n"
    ));
    if let Some(w) = q(&wrong.output) {
        s.push_str(&format!("[ -n \"$out\" ] && cp {w} \"$out\"\n"));
    }
    if let Some(w) = q(&wrong.yaml) {
        s.push_str(&format!("[ -n \"$yaml\" ] && cp {w} \"$yaml\"\n"));
    }
    match q(&wrong.stderr) {
        Some(w) => s.push_str(&format!("cat {w} >&2\n")),
        None => s.push_str("cat \"$err\" >&2\n"),
    }
    s.push_str("rm -f \"$err\"\nexit $rc\n");
    let path = dir.join(name);
    std::fs::write(&path, s).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755))
            .unwrap_or_else(|e| panic!("cannot make {} executable: {e}", path.display()));
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::Command;

    #[test]
    fn the_stand_in_runs_the_command_and_replaces_its_files() {
        let dir = std::env::temp_dir().join(format!("testkit-standin-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let wrong = dir.join("wrong.txt");
        std::fs::write(&wrong, "wrong\n").unwrap();
        let wrong_err = dir.join("wrong.err");
        std::fs::write(&wrong_err, "wrong remark\n").unwrap();
        // `sh -c` as the command: prints its arguments, writes no file.
        let w = Wrong {
            output: Some(wrong.clone()),
            yaml: None,
            stderr: None,
        };
        let bin = write(&dir, "lw", "echo", &["--passes=none"], &w);
        let out = dir.join("out.ll");
        let f = crate::run::run(
            Command::new(&bin)
                .args(["--passes=none", "a b", "-o"])
                .arg(&out),
            crate::run::TIMEOUT,
        );
        assert!(f.success(), "{}", f.stderr_text());
        assert_eq!(f.stdout_text(), format!("a b -o {}\n", out.display()));
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "wrong\n");
        let w = Wrong {
            stderr: Some(wrong_err),
            ..Wrong::default()
        };
        let bin = write(&dir, "lw2", "false", &[], &w);
        let f = crate::run::run(&mut Command::new(&bin), crate::run::TIMEOUT);
        assert_eq!(f.code(), Some(1));
        assert_eq!(f.stderr_text(), "wrong remark\n");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
