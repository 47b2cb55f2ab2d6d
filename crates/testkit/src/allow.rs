//! Named exemptions, each with its reason, that must stay true.
//!
//! A suite that tolerates known differences lists them in an
//! [`Allowlist`] and reports every case it compares through
//! [`Allowlist::check`]. At the end, [`Allowlist::stale`] names every
//! exemption that is no longer needed: its case ran and no longer differs,
//! or (in a complete run) no case by that key ran at all. The suite fails
//! on those, so an exemption is removed as soon as it stops being needed.

/// What became of one exemption during a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Seen {
    /// Its case did not run.
    Not,
    /// Its case ran and differed: the exemption was needed.
    Needed,
    /// Its case ran and did not differ.
    Matched,
}

/// A list of exemptions: (key, reason) pairs.
#[derive(Debug)]
pub struct Allowlist {
    name: String,
    entries: Vec<(String, String, Seen)>,
}

impl Allowlist {
    /// The allowlist `name` (for messages) of `entries`, (key, reason)
    /// pairs. Panics on a repeated key or an empty reason.
    pub fn new(name: &str, entries: &[(&str, &str)]) -> Allowlist {
        let mut list = Allowlist {
            name: name.to_owned(),
            entries: Vec::new(),
        };
        for &(key, reason) in entries {
            assert!(
                !list.entries.iter().any(|(k, _, _)| k == key),
                "{name}: {key} is listed twice"
            );
            assert!(!reason.trim().is_empty(), "{name}: {key} has no reason");
            list.entries
                .push((key.to_owned(), reason.to_owned(), Seen::Not));
        }
        list
    }

    /// Records the case `key`, which `differs` or not; returns whether it
    /// passes: it does not differ, or it is exempt.
    pub fn check(&mut self, key: &str, differs: bool) -> bool {
        match self.entries.iter_mut().find(|(k, _, _)| k == key) {
            Some((_, _, seen)) => {
                *seen = match (*seen, differs) {
                    (Seen::Needed, _) | (_, true) => Seen::Needed,
                    _ => Seen::Matched,
                };
                true
            }
            None => !differs,
        }
    }

    /// Whether `key` is exempt (without recording anything).
    pub fn contains(&self, key: &str) -> bool {
        self.entries.iter().any(|(k, _, _)| k == key)
    }

    /// The reason `key` is exempt.
    pub fn reason(&self, key: &str) -> Option<&str> {
        self.entries
            .iter()
            .find(|(k, _, _)| k == key)
            .map(|(_, r, _)| r.as_str())
    }

    /// One message per exemption that is no longer needed: its case ran
    /// and did not differ, or, when the run was `complete` (no filter), no
    /// case with its key ran.
    pub fn stale(&self, complete: bool) -> Vec<String> {
        self.entries
            .iter()
            .filter_map(|(key, _, seen)| match seen {
                Seen::Matched => Some(format!(
                    "{}: {key} no longer differs: remove it from the list",
                    self.name
                )),
                Seen::Not if complete => Some(format!(
                    "{}: no case {key} ran: remove it from the list",
                    self.name
                )),
                _ => None,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exempt_cases_pass_and_others_do_not() {
        let mut a = Allowlist::new("t", &[("x", "because")]);
        assert!(a.check("x", true));
        assert!(!a.check("y", true));
        assert!(a.check("y", false));
        assert!(a.stale(true).is_empty());
        assert_eq!(a.reason("x"), Some("because"));
    }

    #[test]
    fn an_exemption_that_matches_is_stale() {
        let mut a = Allowlist::new("t", &[("x", "because"), ("z", "also")]);
        assert!(a.check("x", false));
        assert!(a.check("z", true));
        assert_eq!(
            a.stale(false),
            ["t: x no longer differs: remove it from the list"]
        );
    }

    #[test]
    fn an_exemption_that_never_ran_is_stale_in_a_complete_run() {
        let a = Allowlist::new("t", &[("x", "because")]);
        assert!(a.stale(false).is_empty());
        assert_eq!(a.stale(true), ["t: no case x ran: remove it from the list"]);
    }

    #[test]
    fn needed_once_is_needed() {
        let mut a = Allowlist::new("t", &[("x", "because")]);
        a.check("x", true);
        a.check("x", false);
        assert!(a.stale(true).is_empty());
    }

    #[test]
    #[should_panic(expected = "listed twice")]
    fn keys_are_unique() {
        Allowlist::new("t", &[("x", "a"), ("x", "b")]);
    }
}
