//! Running a tool: always under a time limit, with its exit status,
//! standard output and standard error captured.
//!
//! A run that passes its limit is killed (`SIGKILL`) and reported with
//! [`Finished::timed_out`] set, [`Finished::success`] false and a line on
//! its standard error that says so. Standard input is empty unless given.

use std::io::{Read, Write};
use std::process::{Command, ExitStatus, Output, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The time limit of a tool run in the tests (`opt-19`, clang, loopwright
/// on a test module): far above what any run takes, so only a hang
/// reaches it.
pub const TIMEOUT: Duration = Duration::from_secs(120);

/// The time limit of running a test program under `lli-19`. The test
/// programs run in well under a second; a miscompiled one that loops
/// forever fails after this long.
pub const LLI_TIMEOUT: Duration = Duration::from_secs(60);

/// How long the pipes of a finished (or killed) run are still read: a
/// grandchild that keeps them open cannot hold the test.
const DRAIN: Duration = Duration::from_secs(10);

/// A finished run.
#[derive(Debug)]
pub struct Finished {
    /// The command, as `Command`'s `Debug` prints it, for messages.
    pub command: String,
    /// Its exit status (killed by a signal when it timed out).
    pub status: ExitStatus,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    /// The time limit it passed, when it was killed for that.
    pub timed_out: Option<Duration>,
    /// How long it ran.
    pub elapsed: Duration,
}

impl Finished {
    /// Exited with status 0 within its time limit.
    pub fn success(&self) -> bool {
        self.timed_out.is_none() && self.status.success()
    }

    /// The exit code (`None` when killed by a signal, a timeout included).
    pub fn code(&self) -> Option<i32> {
        if self.timed_out.is_some() {
            None
        } else {
            self.status.code()
        }
    }

    /// Standard output as text (invalid UTF-8 replaced).
    pub fn stdout_text(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }

    /// Standard error as text (invalid UTF-8 replaced).
    pub fn stderr_text(&self) -> String {
        String::from_utf8_lossy(&self.stderr).into_owned()
    }

    /// As `std::process::Output` (a timeout shows as the kill signal and
    /// the note on standard error).
    pub fn into_output(self) -> Output {
        Output {
            status: self.status,
            stdout: self.stdout,
            stderr: self.stderr,
        }
    }
}

/// Runs `cmd` with standard input `stdin` (empty when `None`) and kills it
/// after `timeout`. An error only when it cannot be started.
pub fn try_run(
    cmd: &mut Command,
    stdin: Option<&[u8]>,
    timeout: Duration,
) -> std::io::Result<Finished> {
    let command = format!("{cmd:?}");
    cmd.stdin(if stdin.is_some() {
        Stdio::piped()
    } else {
        Stdio::null()
    })
    .stdout(Stdio::piped())
    .stderr(Stdio::piped());
    let start = Instant::now();
    let mut child = spawn(cmd)?;
    let pid = child.id();
    if let (Some(input), Some(mut pipe)) = (stdin, child.stdin.take()) {
        let input = input.to_vec();
        // A writer of its own: the child may fill its output pipes before
        // it reads all of its input. A child that exits early closes the
        // pipe; that error is not the test's business.
        std::thread::spawn(move || {
            let _ = pipe.write_all(&input);
        });
    }
    let out = drain(child.stdout.take().map(widen));
    let err = drain(child.stderr.take().map(widen));
    // `reaped` is set, under its lock, just before the waiter reaps the
    // child: while it is false the child's pid cannot have been reused, so
    // killing it after the timeout cannot hit another process.
    let reaped = Arc::new(Mutex::new(false));
    let (tx, rx) = mpsc::channel();
    {
        let reaped = Arc::clone(&reaped);
        std::thread::spawn(move || {
            wait_exited(pid);
            *reaped.lock().unwrap_or_else(|e| e.into_inner()) = true;
            let _ = tx.send(child.wait());
        });
    }
    let mut timed_out = None;
    let status = match rx.recv_timeout(timeout) {
        Ok(status) => status?,
        Err(_) => {
            {
                let reaped = reaped.lock().unwrap_or_else(|e| e.into_inner());
                if !*reaped {
                    // SAFETY: kill(2) on a pid that is ours and not reaped.
                    unsafe {
                        libc::kill(pid as libc::pid_t, libc::SIGKILL);
                    }
                    timed_out = Some(timeout);
                }
            }
            rx.recv()
                .map_err(|_| std::io::Error::other("the waiter thread died"))??
        }
    };
    let elapsed = start.elapsed();
    let stdout = out.recv_timeout(DRAIN).unwrap_or_default();
    let mut stderr = err.recv_timeout(DRAIN).unwrap_or_default();
    if let Some(limit) = timed_out {
        let _ = write!(
            stderr,
            "\n[testkit] {command} killed: it ran past its time limit of {} s\n",
            limit.as_secs_f64()
        );
    }
    Ok(Finished {
        command,
        status,
        stdout,
        stderr,
        timed_out,
        elapsed,
    })
}

/// Blocks until the process `pid` (our child) has exited, without reaping
/// it.
fn wait_exited(pid: u32) {
    loop {
        // SAFETY: a zeroed siginfo_t is a valid out-parameter for waitid.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        // SAFETY: waitid(2) on our own child, WNOWAIT leaves it unreaped.
        let r = unsafe {
            libc::waitid(
                libc::P_PID,
                pid as libc::id_t,
                &mut info,
                libc::WEXITED | libc::WNOWAIT,
            )
        };
        if r == 0 || std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            return;
        }
    }
}

/// `cmd.spawn()`, retried while the executable is busy (`ETXTBSY`): a
/// test that has just written a script (a self-test's stand-in) can find it
/// still open for writing in a child that another test thread forked
/// between our write and our exec; the child closes it at its own exec, so
/// the condition passes within milliseconds.
fn spawn(cmd: &mut Command) -> std::io::Result<std::process::Child> {
    let mut tries = 0;
    loop {
        match cmd.spawn() {
            Err(e) if e.raw_os_error() == Some(libc::ETXTBSY) && tries < 100 => {
                tries += 1;
                std::thread::sleep(Duration::from_millis(10));
            }
            r => return r,
        }
    }
}

/// `pipe` with a 1 MiB buffer where the system allows it (Linux): a tool
/// that prints a whole module then waits on its reader far less often.
fn widen<P: std::os::fd::AsRawFd>(pipe: P) -> P {
    #[cfg(target_os = "linux")]
    // SAFETY: fcntl(2) on a pipe descriptor we own; failure changes nothing.
    unsafe {
        libc::fcntl(pipe.as_raw_fd(), libc::F_SETPIPE_SZ, 1 << 20);
    }
    pipe
}

/// Reads `pipe` to its end on a thread of its own; the bytes come through
/// the returned channel.
fn drain<R: Read + Send + 'static>(pipe: Option<R>) -> mpsc::Receiver<Vec<u8>> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        if let Some(mut p) = pipe {
            let _ = p.read_to_end(&mut buf);
        }
        let _ = tx.send(buf);
    });
    rx
}

/// Runs `cmd` (empty standard input) under `timeout`. Panics when it
/// cannot be started: that is a broken test setup, not a finding.
pub fn run(cmd: &mut Command, timeout: Duration) -> Finished {
    try_run(cmd, None, timeout).unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"))
}

/// [`run`] with `input` on standard input.
pub fn run_with_input(cmd: &mut Command, input: &[u8], timeout: Duration) -> Finished {
    try_run(cmd, Some(input), timeout).unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"))
}

/// [`run`], which must succeed: panics with the command and its standard
/// error otherwise.
pub fn run_ok(cmd: &mut Command, timeout: Duration) -> Finished {
    let f = run(cmd, timeout);
    assert!(
        f.success(),
        "{} failed ({}):\n{}",
        f.command,
        f.status,
        f.stderr_text()
    );
    f
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> Command {
        let mut c = Command::new("sh");
        c.args(["-c", script]);
        c
    }

    #[test]
    fn captures_status_and_both_outputs() {
        let f = run(&mut sh("echo out; echo err >&2; exit 3"), TIMEOUT);
        assert_eq!(f.code(), Some(3));
        assert!(!f.success());
        assert_eq!(f.stdout, b"out\n");
        assert_eq!(f.stderr, b"err\n");
        assert!(f.timed_out.is_none());
        assert!(run(&mut sh("true"), TIMEOUT).success());
    }

    #[test]
    fn a_run_past_its_limit_is_killed_and_reported() {
        let t = Instant::now();
        let f = run(
            &mut sh("echo started; exec sleep 30"),
            Duration::from_millis(300),
        );
        assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
        assert_eq!(f.timed_out, Some(Duration::from_millis(300)));
        assert!(!f.success());
        assert_eq!(f.code(), None);
        assert_eq!(f.stdout, b"started\n");
        assert!(
            f.stderr_text().contains("time limit"),
            "{}",
            f.stderr_text()
        );
    }

    #[test]
    fn input_reaches_the_child_and_large_outputs_do_not_block() {
        let input: Vec<u8> = (0..200_000u32).map(|i| b'a' + (i % 26) as u8).collect();
        let f = run_with_input(&mut Command::new("cat"), &input, TIMEOUT);
        assert!(f.success());
        assert_eq!(f.stdout, input);
        let f = run(&mut sh("head -c 300000 /dev/zero >&2"), TIMEOUT);
        assert_eq!(f.stderr.len(), 300_000);
    }

    #[test]
    fn run_ok_reports_the_failure() {
        let r = std::panic::catch_unwind(|| run_ok(&mut sh("echo why >&2; exit 1"), TIMEOUT));
        let msg = *r.expect_err("fails").downcast::<String>().unwrap();
        assert!(msg.contains("why"), "{msg}");
        assert!(try_run(
            &mut Command::new("loopwright-testkit-no-such-tool"),
            None,
            TIMEOUT
        )
        .is_err());
    }
}
