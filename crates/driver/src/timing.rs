//! `-time-passes`: wall-clock time per phase (parsing, verifying, each
//! pass, printing), reported like opt's pass execution timing report.
//!
//! Every run records its phases (a few `Instant::now` calls per pass and
//! function, far below the noise); only `-time-passes` prints them.

use std::time::{Duration, Instant};

/// Accumulated wall time per named phase, in first-seen order.
#[derive(Clone, Debug, Default)]
pub struct Timings {
    phases: Vec<(String, Duration)>,
}

impl Timings {
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds `d` to phase `name`.
    pub fn add(&mut self, name: &str, d: Duration) {
        match self.phases.iter_mut().find(|(n, _)| n == name) {
            Some((_, t)) => *t += d,
            None => self.phases.push((name.to_owned(), d)),
        }
    }

    /// Runs `f`, charging its wall time to phase `name`.
    pub fn time<R>(&mut self, name: &str, f: impl FnOnce() -> R) -> R {
        let start = Instant::now();
        let r = f();
        self.add(name, start.elapsed());
        r
    }

    /// The phases and their accumulated times, in first-seen order.
    pub fn phases(&self) -> &[(String, Duration)] {
        &self.phases
    }

    /// The sum of all phases.
    pub fn total(&self) -> Duration {
        self.phases.iter().map(|(_, d)| *d).sum()
    }

    /// The report, in the layout of opt's `-time-passes` (wall time only:
    /// phases may run on several threads).
    pub fn report(&self) -> String {
        let rule =
            "===-------------------------------------------------------------------------===";
        let total = self.total().as_secs_f64();
        let mut s = String::new();
        s.push_str(rule);
        s.push('\n');
        s.push_str("                      ... Pass execution timing report ...\n");
        s.push_str(rule);
        s.push('\n');
        s.push_str(&format!(
            "  Total Execution Time: {total:.4} seconds (wall clock)\n\n"
        ));
        s.push_str("   ---Wall Time---  --- Name ---\n");
        let mut rows: Vec<&(String, Duration)> = self.phases.iter().collect();
        // Largest first, as LLVM sorts its report.
        rows.sort_by_key(|r| std::cmp::Reverse(r.1));
        let pct = |d: f64| if total > 0.0 { 100.0 * d / total } else { 0.0 };
        for (name, d) in rows {
            let d = d.as_secs_f64();
            s.push_str(&format!("   {d:.4} ({:5.1}%)  {name}\n", pct(d)));
        }
        s.push_str(&format!("   {total:.4} (100.0%)  Total\n\n"));
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accumulates_by_name_and_reports_largest_first() {
        let mut t = Timings::new();
        t.add("parse", Duration::from_millis(30));
        t.add("print", Duration::from_millis(10));
        t.add("parse", Duration::from_millis(20));
        assert_eq!(t.phases().len(), 2);
        assert_eq!(t.phases()[0].1, Duration::from_millis(50));
        assert_eq!(t.total(), Duration::from_millis(60));
        let r = t.report();
        let parse = r.find("  parse").expect("parse row");
        let print = r.find("  print").expect("print row");
        assert!(parse < print, "{r}");
        assert!(r.contains("0.0500 ( 83.3%)  parse"), "{r}");
        assert!(r.contains("0.0600 (100.0%)  Total"), "{r}");
    }

    #[test]
    fn time_charges_the_closure() {
        let mut t = Timings::new();
        let v = t.time("work", || {
            std::thread::sleep(Duration::from_millis(2));
            7
        });
        assert_eq!(v, 7);
        assert!(t.phases()[0].1 >= Duration::from_millis(2));
    }
}
