//! What `loopwright-cc` and `loopwright-c++` share: they run
//! `loopwright SUBCOMMAND ARGS...` in their place, the `loopwright` binary
//! beside them (their own path's directory, links resolved).

use std::os::unix::process::CommandExt;
use std::process::{Command, ExitCode};

/// Runs `loopwright SUB ARGS` in this process's place; returns only when
/// it cannot.
pub fn exec(name: &str, sub: &str) -> ExitCode {
    let exe = match std::env::current_exe() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{name}: error: cannot find its own path: {e}");
            return ExitCode::from(1);
        }
    };
    let loopwright = exe.with_file_name("loopwright");
    let e = Command::new(&loopwright)
        .arg(sub)
        .args(std::env::args_os().skip(1))
        .exec();
    eprintln!(
        "{name}: error: cannot run {} (installed beside {name}): {e}",
        loopwright.display()
    );
    ExitCode::from(1)
}
