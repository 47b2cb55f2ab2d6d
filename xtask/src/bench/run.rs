//! Running kernel executables: checksums, wall-clock timing and
//! instruction counts.
//!
//! Each kernel program prints one `checksum` line (see
//! `bench/kernels/common.h`): `checksum int N`, compared exactly, or
//! `checksum fp X rtol T`, where `|X - X_A| <= T * |X_A|` passes (`T` is
//! taken from build A's line; `T = 0` asks for the exact value).
//!
//! Timing measures whole processes (the shared `crate::measure`, which
//! waits with `wait4`), `runs` rounds with the builds interleaved inside
//! each round, so slow drifts of the machine hit every build alike, and
//! the order rotated from round to round, so no build always runs first.
//! The
//! value kept is the child's CPU time (user + sys, the growth of
//! `getrusage(RUSAGE_CHILDREN)` across the wait), not its wall time: the
//! kernels are single-threaded, so on an idle machine the two agree, and on
//! a shared one CPU time does not count the time the kernel sat descheduled.
//! Only one child runs at a time while measuring, so the growth is that
//! child's alone. Under
//! callgrind only the function `kernel` (and what it calls) is counted,
//! with `--toggle-collect=kernel`; the count is deterministic, so one run
//! is enough.

use super::build::Build;
use anyhow::{bail, ensure, Context, Result};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// A kernel's result, as printed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Checksum {
    Int(u64),
    Fp { value: f64, rtol: f64 },
}

impl std::fmt::Display for Checksum {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Checksum::Int(v) => write!(f, "{v}"),
            Checksum::Fp { value, .. } => write!(f, "{value:e}"),
        }
    }
}

impl Checksum {
    /// Whether `self` (another build's result) agrees with `reference`
    /// (build A's).
    pub fn agrees_with(&self, reference: &Checksum) -> bool {
        match (reference, self) {
            (Checksum::Int(a), Checksum::Int(b)) => a == b,
            (Checksum::Fp { value: a, rtol }, Checksum::Fp { value: b, .. }) => {
                if !a.is_finite() || !b.is_finite() {
                    return false;
                }
                a == b || (a - b).abs() <= rtol * a.abs()
            }
            _ => false,
        }
    }

    /// Whether this is a floating-point result.
    pub fn is_fp(&self) -> bool {
        matches!(self, Checksum::Fp { .. })
    }
}

/// Finds and parses the `checksum` line of a kernel's output.
pub fn parse_checksum(stdout: &str) -> Result<Checksum> {
    let line = stdout
        .lines()
        .rev()
        .find(|l| l.starts_with("checksum "))
        .context("no `checksum` line in the output")?;
    let words: Vec<&str> = line.split_whitespace().collect();
    match words.as_slice() {
        ["checksum", "int", v] => Ok(Checksum::Int(
            v.parse()
                .with_context(|| format!("bad integer checksum {v:?}"))?,
        )),
        ["checksum", "fp", v, "rtol", t] => {
            let value: f64 = v
                .parse()
                .with_context(|| format!("bad fp checksum {v:?}"))?;
            let rtol: f64 = t.parse().with_context(|| format!("bad rtol {t:?}"))?;
            ensure!(rtol >= 0.0 && rtol.is_finite(), "bad rtol {t:?}");
            Ok(Checksum::Fp { value, rtol })
        }
        _ => bail!("malformed checksum line {line:?}"),
    }
}

/// The value measured for one build: seconds, or instructions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spread {
    pub median: f64,
    pub min: f64,
    pub max: f64,
}

impl Spread {
    pub fn single(v: f64) -> Spread {
        Spread {
            median: v,
            min: v,
            max: v,
        }
    }
}

fn command(exe: &Path, reps: Option<u64>) -> Command {
    let mut c = Command::new(exe);
    if let Some(r) = reps {
        c.arg(r.to_string());
    }
    c
}

/// Runs `exe` once, returning its checksum and wall time in seconds.
pub fn check_run(exe: &Path, reps: Option<u64>) -> Result<(Checksum, f64)> {
    let start = Instant::now();
    let out = command(exe, reps)
        .stdin(Stdio::null())
        .output()
        .with_context(|| format!("cannot run {}", exe.display()))?;
    let secs = start.elapsed().as_secs_f64();
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        bail!(
            "{} failed ({}): {}",
            exe.display(),
            out.status,
            stderr.lines().take(5).collect::<Vec<_>>().join(" | ")
        );
    }
    let sum = parse_checksum(&String::from_utf8_lossy(&out.stdout))
        .with_context(|| exe.display().to_string())?;
    Ok((sum, secs))
}

impl Spread {
    /// Median, min and max of `values` (not empty).
    pub fn of(values: &[f64]) -> Option<Spread> {
        let mut v = values.to_vec();
        v.sort_by(f64::total_cmp);
        let n = v.len();
        let median = match n {
            0 => return None,
            _ if n % 2 == 1 => v[n / 2],
            _ => (v[n / 2 - 1] + v[n / 2]) / 2.0,
        };
        Some(Spread {
            median,
            min: v[0],
            max: v[n - 1],
        })
    }
}

/// User + system CPU seconds of all reaped children so far.
fn children_cpu_secs() -> f64 {
    // SAFETY: rusage is plain old data; all-zero is a valid value.
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `u` is a live, writable rusage.
    if unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut u) } != 0 {
        return f64::NAN;
    }
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
    secs(u.ru_utime) + secs(u.ru_stime)
}

/// The order of the builds in round `round`: the list rotated by `round`,
/// so that over as many rounds as builds each build takes every position
/// once (a build always run first or last could gain or lose from it).
fn round_order<T>(items: &[T], round: usize) -> impl Iterator<Item = &T> {
    let k = if items.is_empty() {
        0
    } else {
        round % items.len()
    };
    items[k..].iter().chain(&items[..k])
}

/// `runs` interleaved timed runs of every executable; per build the
/// median, min and max CPU time in seconds. No other child may run
/// meanwhile.
pub fn time_interleaved(
    exes: &[(Build, PathBuf)],
    runs: usize,
    reps: Option<u64>,
) -> Result<BTreeMap<Build, Spread>> {
    let mut samples: BTreeMap<Build, Vec<f64>> = BTreeMap::new();
    for round in 0..runs {
        for (b, exe) in round_order(exes, round) {
            let before = children_cpu_secs();
            crate::measure(&mut command(exe, reps), &exe.display().to_string())?;
            let cpu = children_cpu_secs() - before;
            ensure!(cpu.is_finite(), "getrusage failed");
            samples.entry(*b).or_default().push(cpu);
        }
    }
    Ok(samples
        .into_iter()
        .filter_map(|(b, v)| Spread::of(&v).map(|s| (b, s)))
        .collect())
}

/// Runs `exe` under callgrind, counting only inside `kernel`; returns the
/// checksum and the instruction count. The profile goes to `profile`.
pub fn callgrind(exe: &Path, profile: &Path, reps: Option<u64>) -> Result<(Checksum, u64)> {
    let mut c = Command::new("valgrind");
    c.arg("--tool=callgrind")
        .arg("--toggle-collect=kernel")
        .arg(format!("--callgrind-out-file={}", profile.display()))
        .arg(exe);
    if let Some(r) = reps {
        c.arg(r.to_string());
    }
    let out = c
        .stdin(Stdio::null())
        .output()
        .context("cannot run valgrind")?;
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        let tail: Vec<&str> = stderr.lines().rev().take(8).collect();
        bail!(
            "valgrind {} failed ({}):\n{}",
            exe.display(),
            out.status,
            tail.into_iter().rev().collect::<Vec<_>>().join("\n")
        );
    }
    let sum = parse_checksum(&String::from_utf8_lossy(&out.stdout))?;
    let text =
        std::fs::read_to_string(profile).with_context(|| format!("read {}", profile.display()))?;
    Ok((sum, instructions(&text)?))
}

/// The `Ir` total of a callgrind profile (`summary:` or `totals:` line).
fn instructions(profile: &str) -> Result<u64> {
    let line = profile
        .lines()
        .find(|l| l.starts_with("summary:"))
        .or_else(|| profile.lines().find(|l| l.starts_with("totals:")))
        .context("callgrind profile has no summary line")?;
    let first = line
        .split_whitespace()
        .nth(1)
        .context("empty callgrind summary")?;
    first
        .parse()
        .with_context(|| format!("bad callgrind count {first:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checksum_lines_parse() {
        assert_eq!(
            parse_checksum("hello\nchecksum int 18446744073709551615\n").unwrap(),
            Checksum::Int(u64::MAX)
        );
        assert_eq!(
            parse_checksum("checksum fp -1.5e+03 rtol 1e-06").unwrap(),
            Checksum::Fp {
                value: -1500.0,
                rtol: 1e-6
            }
        );
        for bad in [
            "",
            "checksum int -1",
            "checksum fp 1.0",
            "checksum fp 1.0 rtol -1",
            "checksum fp x rtol 0",
            "checksum str 1",
        ] {
            assert!(parse_checksum(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn integers_must_match_and_floats_within_tolerance() {
        let a = Checksum::Fp {
            value: 1000.0,
            rtol: 1e-6,
        };
        let near = Checksum::Fp {
            value: 1000.0009,
            rtol: 1e-6,
        };
        let far = Checksum::Fp {
            value: 1000.002,
            rtol: 1e-6,
        };
        assert!(near.agrees_with(&a));
        assert!(!far.agrees_with(&a));
        let exact = Checksum::Fp {
            value: 2.0,
            rtol: 0.0,
        };
        assert!(exact.agrees_with(&exact));
        assert!(!Checksum::Fp {
            value: 2.0000000000000004,
            rtol: 0.0
        }
        .agrees_with(&exact));
        let nan = Checksum::Fp {
            value: f64::NAN,
            rtol: 1.0,
        };
        assert!(!nan.agrees_with(&nan));
        assert!(Checksum::Int(7).agrees_with(&Checksum::Int(7)));
        assert!(!Checksum::Int(7).agrees_with(&Checksum::Int(8)));
        assert!(!Checksum::Int(7).agrees_with(&a));
    }

    #[test]
    fn rounds_rotate_the_order() {
        let order = |r| round_order(&[1, 2, 3], r).copied().collect::<Vec<_>>();
        assert_eq!(order(0), [1, 2, 3]);
        assert_eq!(order(1), [2, 3, 1]);
        assert_eq!(order(2), [3, 1, 2]);
        assert_eq!(order(3), [1, 2, 3]);
        assert_eq!(round_order::<u8>(&[], 4).count(), 0);
    }

    #[test]
    fn spreads() {
        let s = Spread::of(&[3.0, 1.0, 2.0, 10.0, 4.0]).unwrap();
        assert_eq!((s.median, s.min, s.max), (3.0, 1.0, 10.0));
        assert_eq!(Spread::of(&[1.0, 2.0]).unwrap().median, 1.5);
        assert!(Spread::of(&[]).is_none());
    }

    #[test]
    fn child_cpu_time_is_counted() {
        let exe = PathBuf::from("sh");
        let mut c = Command::new(&exe);
        c.args(["-c", "i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done"]);
        let before = children_cpu_secs();
        crate::measure(&mut c, "sh").unwrap();
        let spent = children_cpu_secs() - before;
        assert!(spent > 0.0 && spent < 60.0, "{spent}");
    }

    #[test]
    fn callgrind_totals_are_read() {
        let p = "events: Ir\nfn=kernel\n0 5\nsummary: 123456\ntotals: 123456\n";
        assert_eq!(instructions(p).unwrap(), 123456);
        assert_eq!(instructions("totals: 9 1 2").unwrap(), 9);
        assert!(instructions("events: Ir\n").is_err());
    }
}
