//! Finding the external tools a test needs, and the one rule for a missing
//! one: skip with a notice, or fail under `CI`.
//!
//! ```no_run
//! use loopwright_testkit::tools::{self, LLI, OPT};
//! if !tools::require(&[OPT, LLI]) {
//!     return; // outside CI: skipped with a notice
//! }
//! // ... the test proper
//! ```

use std::collections::HashMap;
use std::process::{Command, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

/// LLVM 19's optimizer driver (the plain `opt` on the base image is LLVM 14).
pub const OPT: &str = "opt-19";
/// LLVM 19's interpreter/JIT.
pub const LLI: &str = "lli-19";
/// clang 19, C.
pub const CLANG: &str = "clang-19";
/// clang 19, C++.
pub const CLANGXX: &str = "clang++-19";
/// LLVM 19's assembler.
pub const LLVM_AS: &str = "llvm-as-19";
/// LLVM 19's remark tool.
pub const REMARKUTIL: &str = "llvm-remarkutil-19";
/// LLVM 19's FileCheck.
pub const FILECHECK: &str = "FileCheck-19";

/// Whether `CI` is set to a non-empty value (`.ci/run` exports `CI=1`).
pub fn ci() -> bool {
    std::env::var_os("CI").is_some_and(|v| !v.is_empty())
}

/// Whether `tool --version` runs and succeeds (within 60 s). Answers are
/// remembered for the life of the process.
pub fn available(tool: &str) -> bool {
    static SEEN: OnceLock<Mutex<HashMap<String, bool>>> = OnceLock::new();
    let seen = SEEN.get_or_init(Default::default);
    if let Some(&ok) = seen.lock().unwrap_or_else(|e| e.into_inner()).get(tool) {
        return ok;
    }
    let mut cmd = Command::new(tool);
    cmd.arg("--version").stdin(Stdio::null());
    let ok =
        crate::run::try_run(&mut cmd, None, Duration::from_secs(60)).is_ok_and(|f| f.success());
    seen.lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(tool.to_owned(), ok);
    ok
}

/// The tools of `tools` that are not [`available`].
pub fn missing<'a>(tools: &[&'a str]) -> Vec<&'a str> {
    tools.iter().copied().filter(|t| !available(t)).collect()
}

/// The guard of every test that needs external tools: whether all of
/// `tools` are [`available`]. When one is missing, under `CI` this fails
/// the test (panics); otherwise it prints a notice naming the test and the
/// missing tools and returns false, and the test skips what needs them.
#[track_caller]
pub fn require(tools: &[&str]) -> bool {
    guard(&crate::test_name(), &missing(tools), ci())
}

/// [`require`], naming `what` (a test or a suite) in the notice and the
/// failure instead of the running test.
#[track_caller]
pub fn require_for(what: &str, tools: &[&str]) -> bool {
    guard(what, &missing(tools), ci())
}

/// [`require`] once the missing tools `gone` are known.
#[track_caller]
fn guard(test: &str, gone: &[&str], ci: bool) -> bool {
    if gone.is_empty() {
        return true;
    }
    let what = gone.join(", ");
    if ci {
        panic!(
            "{test}: {what} not found on PATH, and CI is set: under CI a test never \
             passes by skipping (install LLVM 19 as .ci/run does, or unset CI to skip)"
        );
    }
    crate::notice(&format!(
        "NOTICE {test}: skipped what needs {what}: not found on PATH \
         (install llvm-19 clang-19 llvm-19-tools; an error when CI is set)"
    ));
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_tool_is_missing() {
        assert!(!available("loopwright-testkit-no-such-tool"));
        assert_eq!(
            missing(&["loopwright-testkit-no-such-tool"]),
            ["loopwright-testkit-no-such-tool"]
        );
    }

    #[test]
    fn a_missing_tool_skips_outside_ci_and_fails_under_ci() {
        assert!(guard("t", &[], true));
        assert!(guard("t", &[], false));
        assert!(!guard("t", &["opt-19"], false));
        let under_ci = std::panic::catch_unwind(|| guard("t", &["opt-19"], true));
        let msg = *under_ci
            .expect_err("fails under CI")
            .downcast::<String>()
            .unwrap();
        assert!(
            msg.contains("opt-19 not found") && msg.contains("CI is set"),
            "{msg}"
        );
    }
}
