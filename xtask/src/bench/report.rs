//! Results of `cargo xtask bench`: the terminal table, the geometric
//! means, the final summary line and `BENCHMARKS.md`.
//!
//! Convention: every ratio is loopwright's value divided by the other
//! build's (time, or instructions under callgrind), so **lower is better
//! for loopwright** and 1.0 is parity. `best` is the faster of A and B per
//! kernel. Geometric means run over the kernels where both builds produced
//! a right result. `wrong` counts (kernel, build) pairs whose checksum
//! differs from A's, or that failed to build or run.

use super::build::Build;
use super::run::Spread;
use super::suite::Kernel;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// What was measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Metric {
    /// Median CPU time of the whole process over interleaved runs.
    Time { runs: usize },
    /// One run per build with reps = 1 (--quick): a smoke test, the times
    /// mean nothing.
    QuickTime,
    /// Instructions executed inside `kernel`, counted by callgrind.
    Instructions,
}

impl Metric {
    fn unit(self) -> &'static str {
        match self {
            Metric::Time { .. } | Metric::QuickTime => "ms",
            Metric::Instructions => "k instr",
        }
    }

    /// What the ratios divide.
    pub fn quantity(self) -> &'static str {
        match self {
            Metric::Time { .. } => "CPU time",
            Metric::QuickTime => "time of one quick run",
            Metric::Instructions => "instructions",
        }
    }

    /// The displayed number for a raw value (seconds or instructions).
    fn scale(self, v: f64) -> f64 {
        match self {
            Metric::Time { .. } | Metric::QuickTime => v * 1e3,
            Metric::Instructions => v / 1e3,
        }
    }

    pub fn describe(self) -> String {
        match self {
            Metric::Time { runs } => format!(
                "CPU time (user + sys) of the whole process, median of {runs} runs per build \
                 (builds interleaved within each round); each build's checksum is checked \
                 first in a run with one repetition; \
                 [min-max] in brackets"
            ),
            Metric::QuickTime => {
                "--quick: one checked run per build with reps = 1; times are not meaningful"
                    .to_owned()
            }
            Metric::Instructions => {
                "instructions executed inside `kernel` (callgrind --toggle-collect=kernel, reps = 1)"
                    .to_owned()
            }
        }
    }
}

/// One kernel's results.
#[derive(Clone, Debug)]
pub struct Row {
    pub kernel: Kernel,
    /// Whether the checksum is floating point (compared with a tolerance).
    pub fp: bool,
    /// Per build that ran right: the measured value.
    pub value: BTreeMap<Build, Spread>,
    /// Per build that did not: why (wrong checksum, failed build or run).
    pub problem: BTreeMap<Build, String>,
    /// Whether the loopwright executable is byte-for-byte the floor's
    /// (loopwright changed nothing that reached the machine code).
    pub lw_is_floor: bool,
    /// Whether the anchor executable is byte-for-byte A's.
    pub anchor_is_a: bool,
    /// Per build (A, floor): whether its `kernel` function has the same
    /// instructions as loopwright's (up to where the linker placed code
    /// and data). Missing when either could not be disassembled.
    pub same_kernel: BTreeMap<Build, bool>,
}

impl Row {
    /// `value[num] / value[den]` on medians, when both exist.
    pub fn ratio(&self, num: Build, den: Build) -> Option<f64> {
        let n = self.value.get(&num)?.median;
        let d = self.value.get(&den)?.median;
        (d > 0.0).then(|| n / d)
    }

    /// The builds whose `kernel` function has loopwright's instructions
    /// (`A, floor`, `A`, `floor`), or `-`.
    pub fn same_code(&self) -> String {
        let same: Vec<&str> = self
            .same_kernel
            .iter()
            .filter(|(_, &same)| same)
            .map(|(b, _)| b.name())
            .collect();
        if same.is_empty() {
            "-".to_owned()
        } else {
            same.join(", ")
        }
    }

    /// Whether loopwright's `kernel` is known to have the instructions of
    /// build `b`'s.
    pub fn same_kernel_as(&self, b: Build) -> bool {
        self.same_kernel.get(&b) == Some(&true)
    }

    /// loopwright over the better of A and B.
    pub fn ratio_best(&self) -> Option<f64> {
        let lw = self.value.get(&Build::Loopwright)?.median;
        let a = self.value.get(&Build::A)?.median;
        let b = self.value.get(&Build::B)?.median;
        let best = a.min(b);
        (best > 0.0).then(|| lw / best)
    }
}

/// The geometric means and the failure count.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub lw_a: f64,
    pub lw_b: f64,
    pub lw_floor: f64,
    pub lw_best: f64,
    /// anchor/A, when the anchor ran.
    pub anchor_a: Option<f64>,
    pub wrong: usize,
    /// Kernels whose loopwright executable is the floor's, byte for byte.
    pub lw_is_floor: usize,
    /// Kernels whose anchor executable is A's, byte for byte.
    pub anchor_is_a: usize,
    /// Kernels whose loopwright `kernel` function has the floor's
    /// instructions, and A's.
    pub kernel_is_floor: usize,
    pub kernel_is_a: usize,
}

/// Geometric mean; NaN for no values.
pub fn geomean(values: impl IntoIterator<Item = f64>) -> f64 {
    let (mut sum, mut n) = (0.0, 0usize);
    for v in values {
        sum += v.ln();
        n += 1;
    }
    if n == 0 {
        f64::NAN
    } else {
        (sum / n as f64).exp()
    }
}

pub fn summarize(rows: &[Row], anchor: bool) -> Summary {
    let g = |num: Build, den: Build| geomean(rows.iter().filter_map(|r| r.ratio(num, den)));
    Summary {
        lw_a: g(Build::Loopwright, Build::A),
        lw_b: g(Build::Loopwright, Build::B),
        lw_floor: g(Build::Loopwright, Build::Floor),
        lw_best: geomean(rows.iter().filter_map(Row::ratio_best)),
        anchor_a: anchor.then(|| g(Build::Anchor, Build::A)),
        wrong: rows.iter().map(|r| r.problem.len()).sum(),
        lw_is_floor: rows.iter().filter(|r| r.lw_is_floor).count(),
        anchor_is_a: rows.iter().filter(|r| r.anchor_is_a).count(),
        kernel_is_floor: rows
            .iter()
            .filter(|r| r.same_kernel_as(Build::Floor))
            .count(),
        kernel_is_a: rows.iter().filter(|r| r.same_kernel_as(Build::A)).count(),
    }
}

/// The last line of the output, in a fixed format for scripts.
pub fn final_line(s: &Summary) -> String {
    format!(
        "geomean loopwright/A={:.3} loopwright/best={:.3} wrong={}",
        s.lw_a, s.lw_best, s.wrong
    )
}

fn fmt_ratio(r: Option<f64>) -> String {
    r.map_or_else(|| "-".to_owned(), |r| format!("{r:.3}"))
}

fn fmt_value(metric: Metric, s: Option<&Spread>) -> String {
    match s {
        None => "-".to_owned(),
        Some(s) if s.min == s.max => format!("{:.1}", metric.scale(s.median)),
        Some(s) => format!(
            "{:.1} [{:.1}-{:.1}]",
            metric.scale(s.median),
            metric.scale(s.min),
            metric.scale(s.max)
        ),
    }
}

fn check_cell(row: &Row) -> String {
    if row.problem.is_empty() {
        if row.fp {
            "ok (fp)".to_owned()
        } else {
            "ok".to_owned()
        }
    } else {
        let names: Vec<&str> = row.problem.keys().map(|b| b.name()).collect();
        format!("WRONG: {}", names.join(","))
    }
}

/// The terminal table, one line per kernel, then the geometric means.
pub fn table(rows: &[Row], builds: &[Build], metric: Metric) -> String {
    let mut header: Vec<String> = vec!["kernel".to_owned()];
    header.extend(
        builds
            .iter()
            .map(|b| format!("{} {}", b.name(), metric.unit())),
    );
    header.extend(["lw/A", "lw/B", "lw/floor"].map(str::to_owned));
    let anchor = builds.contains(&Build::Anchor);
    if anchor {
        header.push("anchor/A".to_owned());
    }
    header.push("same code".to_owned());
    header.push("check".to_owned());

    let mut lines: Vec<Vec<String>> = vec![header];
    for r in rows {
        let mut l = vec![r.kernel.name.clone()];
        l.extend(builds.iter().map(|b| fmt_value(metric, r.value.get(b))));
        l.push(fmt_ratio(r.ratio(Build::Loopwright, Build::A)));
        l.push(fmt_ratio(r.ratio(Build::Loopwright, Build::B)));
        l.push(fmt_ratio(r.ratio(Build::Loopwright, Build::Floor)));
        if anchor {
            l.push(fmt_ratio(r.ratio(Build::Anchor, Build::A)));
        }
        l.push(r.same_code());
        l.push(check_cell(r));
        lines.push(l);
    }
    let cols = lines[0].len();
    let width: Vec<usize> = (0..cols)
        .map(|c| lines.iter().map(|l| l[c].len()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for l in &lines {
        let mut s = String::new();
        for (c, cell) in l.iter().enumerate() {
            if c == 0 {
                let _ = write!(s, "{cell:<w$}", w = width[c]);
            } else if c == cols - 1 {
                let _ = write!(s, "  {cell}");
            } else {
                let _ = write!(s, "  {cell:>w$}", w = width[c]);
            }
        }
        out.push_str(s.trim_end());
        out.push('\n');
    }
    out
}

/// The geometric-mean lines printed under the table.
pub fn means(s: &Summary) -> String {
    let mut out = format!(
        "geometric means (loopwright / other, lower is better for loopwright): \
         loopwright/A={:.3} loopwright/B={:.3} loopwright/floor={:.3} loopwright/best={:.3}\n",
        s.lw_a, s.lw_b, s.lw_floor, s.lw_best
    );
    if let Some(a) = s.anchor_a {
        let _ = writeln!(
            out,
            "sanity check: anchor/A={a:.3} (the split -O3 pipeline against clang -O3; should be near 1); \
             {} anchor executables are byte-identical to A's",
            s.anchor_is_a
        );
    }
    let _ = writeln!(
        out,
        "{} loopwright executables are byte-identical to the floor's; the `kernel` function \
         has the floor's instructions in {} kernels and A's in {} (\"same code\": their \
         ratios to that build are measurement noise)",
        s.lw_is_floor, s.kernel_is_floor, s.kernel_is_a
    );
    out
}

/// What `BENCHMARKS.md` says about the setup.
#[derive(Clone, Debug, Default)]
pub struct Environment {
    pub date: String,
    pub machine: String,
    pub nproc: String,
    pub memory: String,
    /// `/proc/loadavg` when the measurements started and ended.
    pub load: String,
    pub tools: Vec<(String, String)>,
    pub loopwright: String,
    pub cflags: String,
    pub before: String,
    pub middle: String,
    pub after: String,
    pub split_note: String,
}

/// `BENCHMARKS.md`: slow kernels first, then the setup, then every kernel.
pub fn markdown(
    rows: &[Row],
    builds: &[Build],
    metric: Metric,
    s: &Summary,
    env: &Environment,
) -> String {
    let mut md = String::new();
    let _ = writeln!(md, "# loopwright benchmarks\n");
    let _ = writeln!(
        md,
        "Written by `cargo xtask bench` on {} (do not edit by hand; see \
         [bench/README.md](bench/README.md) for the method).\n",
        env.date
    );
    let _ = writeln!(md, "```\n{}\n```\n", final_line(s));
    let _ = writeln!(
        md,
        "Every ratio is **loopwright / other** ({}); **lower is better for loopwright**, \
         1.0 is parity. `best` is the faster of A and B for each kernel. Geometric means: \
         loopwright/A={:.3}, loopwright/B={:.3}, loopwright/floor={:.3}, loopwright/best={:.3}.\n",
        metric.quantity(),
        s.lw_a,
        s.lw_b,
        s.lw_floor,
        s.lw_best
    );
    if let Some(a) = s.anchor_a {
        let _ = writeln!(
            md,
            "Sanity check of the method: the anchor build (the same split pipeline with \
             nothing removed) against clang -O3 gives a geometric mean of anchor/A={a:.3}, \
             and {} of {} anchor executables are byte-for-byte identical to A's (the \
             per-kernel anchor/A ratios of identical executables show the measurement noise).\n",
            s.anchor_is_a,
            rows.len()
        );
    }
    let _ = writeln!(
        md,
        "For {} of {} kernels the loopwright executable is byte-for-byte identical to the \
         floor's: loopwright changed nothing there. The `kernel` function itself has the \
         floor's instructions in {} kernels and A's in {} (column \"same code\", compared \
         with `llvm-objdump-19` up to where the linker placed code and data): the ratios \
         of a kernel to a build with the same code are measurement noise.\n",
        s.lw_is_floor,
        rows.len(),
        s.kernel_is_floor,
        s.kernel_is_a
    );

    // Slower than the floor by more than 5%: issue 15's bound.
    let mut over: Vec<(&Row, f64)> = rows
        .iter()
        .filter_map(|r| r.ratio(Build::Loopwright, Build::Floor).map(|x| (r, x)))
        .filter(|(_, x)| *x > 1.05)
        .collect();
    over.sort_by(|a, b| b.1.total_cmp(&a.1));
    let noise = over
        .iter()
        .filter(|(r, _)| r.same_kernel_as(Build::Floor))
        .count();
    let _ = writeln!(
        md,
        "## Kernels more than 5% slower than the floor ({} of {}; {} of them with the floor's code)\n",
        over.len(),
        rows.len(),
        noise
    );
    if over.is_empty() {
        let _ = writeln!(md, "None.\n");
    } else {
        let _ = writeln!(
            md,
            "| kernel | loopwright/floor | loopwright ms | floor ms | same code | what it is |"
        );
        let _ = writeln!(md, "|---|---:|---:|---:|---|---|");
        for (r, x) in &over {
            let _ = writeln!(
                md,
                "| {} | {:.3} | {} | {} | {} | {} |",
                r.kernel.name,
                x,
                fmt_value(metric, r.value.get(&Build::Loopwright)),
                fmt_value(metric, r.value.get(&Build::Floor)),
                r.same_code(),
                r.kernel.description.replace('|', "\\|")
            );
        }
        md.push('\n');
    }

    // Slower than A, worst first.
    let mut slow: Vec<(&Row, f64)> = rows
        .iter()
        .filter_map(|r| r.ratio(Build::Loopwright, Build::A).map(|x| (r, x)))
        .filter(|(_, x)| *x > 1.0)
        .collect();
    slow.sort_by(|a, b| b.1.total_cmp(&a.1));
    let _ = writeln!(
        md,
        "## Kernels where loopwright is slower than A ({} of {})\n",
        slow.len(),
        rows.len()
    );
    if slow.is_empty() {
        let _ = writeln!(md, "None.\n");
    } else {
        let _ = writeln!(
            md,
            "Worst first. Ratios within a few percent of 1.0 are noise: compare the \
             [min-max] spreads in the full table.\n"
        );
        let _ = writeln!(
            md,
            "| kernel | loopwright/A | loopwright/floor | same code | what it is |"
        );
        let _ = writeln!(md, "|---|---:|---:|---|---|");
        for (r, x) in &slow {
            let _ = writeln!(
                md,
                "| {} | {:.3} | {} | {} | {} |",
                r.kernel.name,
                x,
                fmt_ratio(r.ratio(Build::Loopwright, Build::Floor)),
                r.same_code(),
                r.kernel.description.replace('|', "\\|")
            );
        }
        md.push('\n');
    }
    let wrong: Vec<&Row> = rows.iter().filter(|r| !r.problem.is_empty()).collect();
    if !wrong.is_empty() {
        let _ = writeln!(md, "## Wrong results\n");
        for r in wrong {
            for (b, why) in &r.problem {
                let first = why.lines().next().unwrap_or("");
                let _ = writeln!(md, "- {} ({}): {}", r.kernel.name, b.name(), first);
            }
        }
        md.push('\n');
    }

    let _ = writeln!(md, "## Setup\n");
    let _ = writeln!(
        md,
        "- Machine: {} ({} CPUs online per `nproc`, {})",
        env.machine, env.nproc, env.memory
    );
    let _ = writeln!(md, "- Load average (1, 5, 15 min): {}", env.load);
    for (tool, version) in &env.tools {
        let _ = writeln!(md, "- {tool}: {version}");
    }
    let _ = writeln!(md, "- loopwright: {}", env.loopwright);
    let _ = writeln!(md, "- Measured: {}", metric.describe());
    let _ = writeln!(
        md,
        "- Relocation model: every `opt-19`, `llc-19` and loopwright step runs with `{}`, the target machine of clang's default position-independent executables (A)",
        super::build::RELOCATION_MODEL
    );
    let _ = writeln!(md, "- Checksums: every build against A; integers exactly, floating point within the relative tolerance each kernel prints (1e-6 unless stated, 0 for the pragma kernels that allow reassociation on exact data)");
    let _ = writeln!(md, "\n| build | how |\n|---|---|");
    let _ = writeln!(md, "| A | `clang-19 {}` |", env.cflags);
    let _ = writeln!(md, "| B | `gcc {}` |", env.cflags);
    let _ = writeln!(
        md,
        "| floor | `clang-19 {} -Xclang -disable-llvm-passes -S -emit-llvm`, then `opt-19 -S -passes=BEFORE` (textual IR, loopwright's input), then `opt-19 -passes=MIDDLE,AFTER` (bitcode), then `llc-19 -O3 -relocation-model=pic` and a link by `clang-19` |",
        env.cflags
    );
    let _ = writeln!(md, "| loopwright | as floor, with loopwright's default pipeline in place of LLVM's loop transformations: `loopwright --pipeline-part=through-vectorize`, then `opt-19 -S -passes=MIDDLE` (LLVM's cleanup of the vectorized code), then `loopwright --pipeline-part=after-vectorize`, then `opt-19 -passes=AFTER` |");
    if builds.contains(&Build::Anchor) {
        let _ = writeln!(
            md,
            "| anchor | as floor, with the -O3 halves unchanged (nothing removed) and bitcode between them |"
        );
    }
    let _ = writeln!(md, "\n{}\n", env.split_note);
    let _ = writeln!(
        md,
        "<details><summary>BEFORE, MIDDLE and AFTER pipelines</summary>\n"
    );
    let _ = writeln!(
        md,
        "BEFORE:\n```\n{}\n```\nMIDDLE:\n```\n{}\n```\nAFTER:\n```\n{}\n```\n</details>\n",
        env.before, env.middle, env.after
    );

    let _ = writeln!(md, "## All kernels\n");
    let _ = writeln!(md, "![per-kernel speedups](bench/speedups.svg)\n");
    let mut head = "| kernel |".to_owned();
    let mut rule = "|---|".to_owned();
    for b in builds {
        let _ = write!(head, " {} {} |", b.name(), metric.unit());
        rule.push_str("---:|");
    }
    head.push_str(" lw/A | lw/B | lw/floor |");
    rule.push_str("---:|---:|---:|");
    if builds.contains(&Build::Anchor) {
        head.push_str(" anchor/A |");
        rule.push_str("---:|");
    }
    head.push_str(" same code | check | what it is |");
    rule.push_str("---|---|---|");
    let _ = writeln!(md, "{head}\n{rule}");
    for r in rows {
        let mut l = format!("| {} |", r.kernel.name);
        for b in builds {
            let _ = write!(l, " {} |", fmt_value(metric, r.value.get(b)));
        }
        let _ = write!(
            l,
            " {} | {} | {} |",
            fmt_ratio(r.ratio(Build::Loopwright, Build::A)),
            fmt_ratio(r.ratio(Build::Loopwright, Build::B)),
            fmt_ratio(r.ratio(Build::Loopwright, Build::Floor))
        );
        if builds.contains(&Build::Anchor) {
            let _ = write!(l, " {} |", fmt_ratio(r.ratio(Build::Anchor, Build::A)));
        }
        let _ = write!(
            l,
            " {} | {} | {} |",
            r.same_code(),
            check_cell(r),
            r.kernel.description.replace('|', "\\|")
        );
        let _ = writeln!(md, "{l}");
    }
    md
}

/// Today's date (UTC) as YYYY-MM-DD, from the system clock.
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}-{m:02}-{d:02}")
}

/// Proleptic Gregorian date of a day count since 1970-01-01 (Howard
/// Hinnant's `civil_from_days`).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn row(name: &str, vals: &[(Build, f64)]) -> Row {
        Row {
            kernel: Kernel {
                name: name.to_owned(),
                category: "ew".to_owned(),
                description: "a | b".to_owned(),
                source: PathBuf::new(),
            },
            fp: false,
            value: vals.iter().map(|&(b, v)| (b, Spread::single(v))).collect(),
            problem: BTreeMap::new(),
            lw_is_floor: false,
            anchor_is_a: false,
            same_kernel: BTreeMap::new(),
        }
    }

    #[test]
    fn geomean_of_ratios() {
        assert!((geomean([2.0, 8.0]) - 4.0).abs() < 1e-12);
        assert!(geomean([]).is_nan());
    }

    #[test]
    fn ratios_divide_loopwright_by_the_other_build() {
        use Build::*;
        let r = row("k", &[(A, 1.0), (B, 0.5), (Floor, 4.0), (Loopwright, 2.0)]);
        assert_eq!(r.ratio(Loopwright, A), Some(2.0));
        assert_eq!(r.ratio(Loopwright, Floor), Some(0.5));
        assert_eq!(r.ratio_best(), Some(4.0));
        assert_eq!(r.ratio(Anchor, A), None);
    }

    #[test]
    fn summary_counts_problems_and_skips_missing_values() {
        use Build::*;
        let a = row("a", &[(A, 1.0), (B, 1.0), (Floor, 2.0), (Loopwright, 2.0)]);
        let mut b = row("b", &[(A, 1.0), (B, 2.0), (Floor, 1.0)]);
        b.problem.insert(Loopwright, "checksum 1 != 2".to_owned());
        let s = summarize(&[a, b], false);
        assert_eq!(s.lw_a, 2.0);
        assert_eq!(s.lw_best, 2.0);
        assert_eq!(s.wrong, 1);
        assert_eq!(s.anchor_a, None);
        assert_eq!(
            final_line(&s),
            "geomean loopwright/A=2.000 loopwright/best=2.000 wrong=1"
        );
    }

    /// The kernels more than 5% slower than the floor are listed with
    /// whether their code is the floor's; the counts of same code reach
    /// the summary and the tables.
    #[test]
    fn markdown_lists_kernels_slower_than_the_floor() {
        use Build::*;
        let mut noise = row(
            "noise",
            &[(A, 1.0), (B, 1.0), (Floor, 1.0), (Loopwright, 1.5)],
        );
        noise.same_kernel = BTreeMap::from([(A, true), (Floor, true)]);
        let mut real = row(
            "real",
            &[(A, 1.0), (B, 1.0), (Floor, 1.0), (Loopwright, 1.2)],
        );
        real.same_kernel = BTreeMap::from([(A, false), (Floor, false)]);
        let near = row(
            "near",
            &[(A, 1.0), (B, 1.0), (Floor, 1.0), (Loopwright, 1.04)],
        );
        let rows = [noise, real, near];
        let builds = Build::selected(false);
        let s = summarize(&rows, false);
        assert_eq!((s.kernel_is_floor, s.kernel_is_a), (1, 1));
        let md = markdown(
            &rows,
            &builds,
            Metric::Time { runs: 5 },
            &s,
            &Environment::default(),
        );
        let section = md
            .split("## Kernels more than 5% slower than the floor")
            .nth(1)
            .unwrap();
        let section = section.split("## ").next().unwrap();
        assert!(
            section.starts_with(" (2 of 3; 1 of them with the floor's code)"),
            "{section}"
        );
        assert!(
            section.contains("| noise | 1.500 | 1500.0 | 1000.0 | A, floor |"),
            "{section}"
        );
        assert!(
            section.contains("| real | 1.200 | 1200.0 | 1000.0 | - |"),
            "{section}"
        );
        assert!(!section.contains("| near |"));
        let t = table(&rows, &builds, Metric::Time { runs: 5 });
        assert!(t.lines().next().unwrap().contains("same code"));
        assert!(means(&s).contains("floor's instructions in 1 kernels and A's in 1"));
    }

    #[test]
    fn table_and_markdown_show_every_kernel() {
        use Build::*;
        let rows = [
            row(
                "fast",
                &[(A, 2.0), (B, 2.0), (Floor, 1.0), (Loopwright, 1.0)],
            ),
            row(
                "slow",
                &[(A, 1.0), (B, 1.0), (Floor, 3.0), (Loopwright, 3.0)],
            ),
        ];
        let builds = Build::selected(false);
        let t = table(&rows, &builds, Metric::Time { runs: 5 });
        assert!(t.lines().next().unwrap().starts_with("kernel"));
        assert!(t.contains("fast") && t.contains("0.500") && t.contains("3.000"));
        let s = summarize(&rows, false);
        let md = markdown(
            &rows,
            &builds,
            Metric::Time { runs: 5 },
            &s,
            &Environment::default(),
        );
        let slow_section = md.split("## Kernels where").nth(1).unwrap();
        let slow_section = slow_section.split("## ").next().unwrap();
        assert!(slow_section.contains("| slow | 3.000 |"));
        assert!(!slow_section.contains("| fast |"));
        assert!(md.contains("a \\| b"), "pipes in descriptions are escaped");
        assert!(md.contains(&final_line(&s)));
    }

    #[test]
    fn civil_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
    }
}
