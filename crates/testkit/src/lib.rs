//! Test support shared by loopwright's tests. A dev-dependency only: no
//! library or binary of the project depends on it, so none of this ships.
//!
//! - [`tools`]: the one guard for external tools ([`require`]): a test that
//!   needs `opt-19`, `lli-19`, clang or gcc asks it first. A missing tool
//!   skips the test with a notice, except under `CI` (set and non-empty),
//!   where it fails the test: CI never passes by skipping.
//! - [`run`]: every tool run goes through it, always under a time limit,
//!   with its status, standard output and standard error captured. A run
//!   that passes its limit is killed and reported as timed out, so a
//!   miscompiled program that loops forever under `lli-19` fails its test
//!   instead of hanging the suite.
//! - [`aliasing`]: seeded C programs whose loops alias at random, with
//!   no undefined behaviour, for the soundness-by-execution test of loop
//!   access analysis.
//! - [`rng`]: the one seeded generator for randomized tests ([`Rng`]).
//! - [`floors`]: "N of M agree" counts checked against the floors in
//!   `tests/floors.toml`: below its floor a count fails the test; above it,
//!   it fails under `CI` until the floor is raised (`UPDATE_FLOORS=1`
//!   raises it), so every floor is the measured level.
//! - [`allow`]: named exemptions with reasons ([`Allowlist`]); an exemption
//!   whose case no longer differs fails the test until it is removed.
//! - [`mutate`]: deliberately wrong outputs (an `add` turned into `sub`, a
//!   dropped store, a dropped debug record) for the self-tests that show a
//!   suite's comparator can fail.
//! - [`standin`]: a stand-in for loopwright (`opt-19` with the same
//!   arguments, its output replaced by a wrong one), so a self-test drives
//!   a suite's real comparator with a wrong output.
//! - [`shapes`]: generated modules of a size chosen by the caller (loops in
//!   a row), shared by the hostile-input test and `cargo xtask
//!   bench-loops`.
//! - [`notice`]: prints to the process's standard error directly, past the
//!   test harness's output capture, so skip notices are always seen.

pub mod aliasing;
pub mod allow;
pub mod floors;
pub mod mutate;
pub mod rng;
pub mod run;
pub mod shapes;
pub mod standin;
pub mod tools;
pub mod vloops;

pub use allow::Allowlist;
pub use rng::Rng;
pub use run::{run, run_ok, run_with_input, Finished};
pub use tools::{ci, require};

use std::io::Write as _;

/// Prints `msg` and a newline to the process's standard error, bypassing
/// the test harness's capture (which only catches `print!`/`eprint!`).
pub fn notice(msg: &str) {
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{msg}");
}

/// The name of the running test: the current thread's name, which the test
/// harness sets to the test's path (`"test"` when it has none).
pub fn test_name() -> String {
    match std::thread::current().name() {
        Some(n) if n != "main" => n.to_owned(),
        _ => "test".to_owned(),
    }
}
