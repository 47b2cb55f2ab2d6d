//! Running tools with a time limit and capturing what they print.
//!
//! Invariant: [`run`] never blocks past its deadline by more than a few
//! milliseconds, and a child that outlives it is killed and reaped.

use std::ffi::OsStr;
use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How a child process ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    Exited(i32),
    Signal(i32),
    Timeout,
    /// It could not be started (the message says why).
    NotRun(String),
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Status::Exited(c) => write!(f, "exit code {c}"),
            Status::Signal(s) => write!(f, "killed by signal {s}"),
            Status::Timeout => f.write_str("timed out"),
            Status::NotRun(e) => write!(f, "could not run: {e}"),
        }
    }
}

/// What a child printed and how it ended.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub status: Status,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
}

impl Outcome {
    pub fn ok(&self) -> bool {
        self.status == Status::Exited(0)
    }

    /// The first lines of stderr, for messages.
    pub fn stderr_head(&self, lines: usize) -> String {
        let text = String::from_utf8_lossy(&self.stderr);
        let mut out: Vec<&str> = text.lines().take(lines).collect();
        if text.lines().count() > lines {
            out.push("...");
        }
        out.join("\n")
    }
}

/// Runs `cmd` with stdin closed, killing it after `timeout`.
pub fn run(cmd: &mut Command, timeout: Duration) -> Outcome {
    let child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) => {
            return Outcome {
                status: Status::NotRun(format!("{}: {e}", program_name(cmd))),
                stdout: Vec::new(),
                stderr: Vec::new(),
            }
        }
    };
    let reader = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            if let Some(mut p) = pipe {
                let _ = p.read_to_end(&mut buf);
            }
            buf
        })
    };
    let out_thread = reader(
        child
            .stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let err_thread = reader(
        child
            .stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let start = Instant::now();
    let mut pause = Duration::from_micros(500);
    let status = loop {
        match child.try_wait() {
            Ok(Some(st)) => break exit_status(st),
            Ok(None) => {}
            Err(e) => break Status::NotRun(format!("wait: {e}")),
        }
        if start.elapsed() >= timeout {
            let _ = child.kill();
            let _ = child.wait();
            break Status::Timeout;
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(5));
    };
    let stdout = out_thread.join().unwrap_or_default();
    let stderr = err_thread.join().unwrap_or_default();
    Outcome {
        status,
        stdout,
        stderr,
    }
}

fn exit_status(st: std::process::ExitStatus) -> Status {
    use std::os::unix::process::ExitStatusExt;
    match (st.code(), st.signal()) {
        (Some(c), _) => Status::Exited(c),
        (None, Some(s)) => Status::Signal(s),
        (None, None) => Status::Exited(-1),
    }
}

fn program_name(cmd: &Command) -> String {
    cmd.get_program().to_string_lossy().into_owned()
}

/// True when `tool --version` runs and succeeds.
pub fn tool_available(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// `cmd` as a line of POSIX shell.
pub fn shell_line(cmd: &Command) -> String {
    let mut parts = vec![quote(cmd.get_program())];
    parts.extend(cmd.get_args().map(quote));
    parts.join(" ")
}

fn quote(s: &OsStr) -> String {
    let s = s.to_string_lossy();
    if !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c))
    {
        s.into_owned()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

/// Writes `bytes` to `path`, with the path in the error.
pub fn write(path: &Path, bytes: impl AsRef<[u8]>) -> anyhow::Result<()> {
    use anyhow::Context as _;
    std::fs::write(path, bytes).with_context(|| format!("write {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captures_output_and_status() {
        let o = run(
            Command::new("sh").args(["-c", "echo out; echo err >&2; exit 3"]),
            Duration::from_secs(10),
        );
        assert_eq!(o.status, Status::Exited(3));
        assert_eq!(o.stdout, b"out\n");
        assert_eq!(o.stderr, b"err\n");
    }

    #[test]
    fn kills_at_the_deadline() {
        let start = Instant::now();
        let o = run(
            Command::new("sh").args(["-c", "exec sleep 30"]),
            Duration::from_millis(200),
        );
        assert_eq!(o.status, Status::Timeout);
        assert!(start.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn missing_program_is_reported() {
        let o = run(
            &mut Command::new("/nonexistent/difftest-tool"),
            Duration::from_secs(1),
        );
        assert!(matches!(o.status, Status::NotRun(_)));
    }

    #[test]
    fn shell_quoting() {
        let mut c = Command::new("lli-19");
        c.args(["a b.ll", "--passes=loop-unroll", "it's"]);
        assert_eq!(
            shell_line(&c),
            "lli-19 'a b.ll' --passes=loop-unroll 'it'\\''s'"
        );
    }
}
