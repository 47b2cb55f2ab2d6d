//! The driver's private temporary directory.
//!
//! Every intermediate file of one `loopwright cc` run (clang's planned
//! temporary objects, each stage's IR, the remark files of each step)
//! lives in one directory created for the run: mode 0700, a name no other
//! run can take (`create_dir` fails on an existing name, so two runs never
//! share one), removed when the run ends, whether it succeeded or failed.
//! An interrupt (SIGINT, SIGTERM, SIGHUP) does not kill the driver while
//! a step runs: the handler only records it, the step's process (which got
//! the same signal from the terminal) ends, and the driver then removes
//! the directory and dies of the same signal, as clang does with its
//! temporary files.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI32, AtomicU32, Ordering};
use std::sync::Mutex;

/// The signal received, 0 for none.
static SIGNALED: AtomicI32 = AtomicI32::new(0);
/// The directories to remove when a signal ends the run.
static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

extern "C" fn on_signal(sig: libc::c_int) {
    // Only an atomic store: anything else is not async-signal-safe.
    SIGNALED.store(sig, Ordering::SeqCst);
}

/// Records interrupts instead of dying of them (see the module docs).
/// Idempotent.
pub fn install_signal_handlers() {
    for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
        // SAFETY: `on_signal` is async-signal-safe (one atomic store), and
        // `signal` is given a valid handler for a catchable signal.
        unsafe {
            libc::signal(
                sig,
                on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t,
            );
        }
    }
}

/// If a signal arrived, removes every live temporary directory and dies
/// of that signal. Called after each child process ends.
pub fn check_signal() {
    let sig = SIGNALED.load(Ordering::SeqCst);
    if sig == 0 {
        return;
    }
    let dirs = std::mem::take(&mut *LIVE.lock().unwrap_or_else(|e| e.into_inner()));
    for d in dirs {
        let _ = std::fs::remove_dir_all(d);
    }
    // SAFETY: restoring the default action of a catchable signal and
    // raising it ends the process with the signal's status.
    unsafe {
        libc::signal(sig, libc::SIG_DFL);
        libc::raise(sig);
    }
    std::process::exit(128 + sig);
}

/// A private directory, removed on drop.
pub struct TempDir {
    path: PathBuf,
}

impl TempDir {
    /// Creates `loopwright-cc-PID-N` (mode 0700) under the system's
    /// temporary directory (`TMPDIR`, else `/tmp`).
    pub fn new() -> std::io::Result<TempDir> {
        use std::os::unix::fs::DirBuilderExt;
        static COUNTER: AtomicU32 = AtomicU32::new(0);
        let base = std::env::temp_dir();
        let pid = std::process::id();
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let mut last_err = None;
        for _ in 0..100 {
            let n = COUNTER.fetch_add(1, Ordering::Relaxed);
            let path = base.join(format!("loopwright-cc-{pid}-{nanos:x}-{n}"));
            match std::fs::DirBuilder::new().mode(0o700).create(&path) {
                Ok(()) => {
                    LIVE.lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push(path.clone());
                    return Ok(TempDir { path });
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last_err = Some(e),
                Err(e) => return Err(e),
            }
        }
        Err(last_err.unwrap_or_else(|| std::io::Error::other("no free name")))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
        LIVE.lock()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|p| p != &self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn private_unique_and_removed() {
        use std::os::unix::fs::PermissionsExt;
        let a = TempDir::new().unwrap();
        let b = TempDir::new().unwrap();
        assert_ne!(a.path(), b.path());
        let mode = std::fs::metadata(a.path()).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700);
        std::fs::write(a.path().join("f"), b"x").unwrap();
        let p = a.path().to_path_buf();
        drop(a);
        assert!(!p.exists());
    }
}
