//! LLVM's textual pass pipeline, and the split that puts loopwright where
//! LLVM's loop transformations sit: the one implementation that
//! `cargo xtask bench` (and `bench-compile`, and difftest's pre-loop input)
//! and the compiler driver (`loopwright cc`, [`crate::cc`]) share.
//!
//! `opt-19 -passes='default<O3>' -print-pipeline-passes` prints the whole
//! -O3 pipeline as nested text: `name[<params>][(inner, ...)]`, elements
//! separated by commas (`clang-19 -mllvm -print-pipeline-passes` prints
//! clang's in the same syntax). [`parse`] reads it into a tree of
//! [`Pass`]es and [`print`] writes the same text back (a round trip is the
//! identity).
//!
//! [`LoopSplit::from_pipeline`] derives the pipelines around loopwright
//! (see `bench/README.md`, "How the pipeline is split"). loopwright runs
//! twice, where LLVM's loop transformations sit: its default pipeline
//! through `loop-vectorize`, then, after LLVM's cleanup of the vector code,
//! the rest (`--pipeline-part`, [`crate::pipeline::Part`]):
//! - `before`: everything before the first [`SPLIT_AT`] pass, minus
//!   [`REMOVED_BEFORE`];
//! - `middle`: from there to the first [`SECOND_SPLIT_AT`] pass, minus
//!   [`REMOVED_MIDDLE`] (LLVM's cleanup: `loop-load-elim`, `instcombine`,
//!   `simplifycfg`, `slp-vectorizer`, `vector-combine`);
//! - `after`: the rest, minus [`REMOVED_AFTER`];
//! - `rest`: `middle` and `after` in one pipeline, for a build that runs no
//!   loopwright (the bench's floor);
//! - `anchor_before` / `anchor_after`: the split at [`SPLIT_AT`] with
//!   nothing removed, which must reproduce `clang-19 -O3` (the sanity
//!   check).
//!
//! Where the text comes from is the caller's choice: the bench asks opt-19
//! for `default<O3>` ([`opt_default_pipeline`]); the driver asks clang-19
//! for the pipeline of the file's own flags, which is `default<On>` as
//! clang builds it (with the `-O` level, `-fno-slp-vectorize` and
//! friends applied).
//!
//! Invariants: the split only cuts through `module` and `function`
//! adaptors (cutting a `cgscc`, `devirt` or `loop` adaptor would change
//! iteration semantics), and every removed pass must exist in the input, so
//! a change of LLVM's pipeline is an error here rather than a silent
//! no-op.

use anyhow::{bail, ensure, Result};

/// Where loopwright's first part goes: LLVM's loop vectorizer.
/// `loop-distribute`, which loopwright does not implement yet, stays
/// before it with LLVM, in LLVM's order.
pub const SPLIT_AT: &str = "loop-vectorize";
/// Where loopwright's second part goes: LLVM's runtime unroller, after
/// the cleanup of the vectorized code.
pub const SECOND_SPLIT_AT: &str = "loop-unroll";
/// Loop transformations removed from the part before the split.
pub const REMOVED_BEFORE: &[&str] = &["loop-unroll-full"];
/// Loop transformations removed from the part between the two parts of
/// loopwright.
pub const REMOVED_MIDDLE: &[&str] = &["loop-vectorize"];
/// Loop transformations (and the warning pass that reports the forced
/// ones that did not happen) removed from the part after loopwright.
pub const REMOVED_AFTER: &[&str] = &["loop-unroll", "transform-warning"];
/// Adaptors the split may cut through.
const SPLITTABLE_ADAPTORS: &[&str] = &["module", "function"];

/// One element of a pipeline: a pass or an adaptor with inner passes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pass {
    /// Pass or adaptor name (`loop-unroll`, `function`, `cgscc`, ...).
    pub name: String,
    /// Text between `<` and `>`, if present (possibly empty: `gvn<>`).
    pub params: Option<String>,
    /// Inner pipeline of an adaptor, if present.
    pub inner: Option<Vec<Pass>>,
}

/// Parses pipeline text as `opt -print-pipeline-passes` prints it.
pub fn parse(text: &str) -> Result<Vec<Pass>> {
    let mut p = Parser {
        src: text.trim().as_bytes(),
        pos: 0,
    };
    if p.src.is_empty() {
        return Ok(Vec::new());
    }
    let list = p.list()?;
    if p.pos != p.src.len() {
        bail!(
            "pipeline: unexpected {:?} at offset {}",
            p.peek_char(),
            p.pos
        );
    }
    Ok(list)
}

/// Prints a pipeline back to text.
pub fn print(pipeline: &[Pass]) -> String {
    let mut out = String::new();
    print_into(pipeline, &mut out);
    out
}

fn print_into(pipeline: &[Pass], out: &mut String) {
    for (i, p) in pipeline.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&p.name);
        if let Some(params) = &p.params {
            out.push('<');
            out.push_str(params);
            out.push('>');
        }
        if let Some(inner) = &p.inner {
            out.push('(');
            print_into(inner, out);
            out.push(')');
        }
    }
}

/// Names of all passes (not adaptors) in pre-order.
pub fn pass_names(pipeline: &[Pass]) -> Vec<&str> {
    let mut names = Vec::new();
    fn walk<'a>(list: &'a [Pass], names: &mut Vec<&'a str>) {
        for p in list {
            match &p.inner {
                Some(inner) => walk(inner, names),
                None => names.push(&p.name),
            }
        }
    }
    walk(pipeline, &mut names);
    names
}

struct Parser<'a> {
    src: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.src.get(self.pos).copied()
    }

    fn peek_char(&self) -> String {
        self.peek()
            .map_or_else(|| "end of text".to_owned(), |b| (b as char).to_string())
    }

    /// `list := elem (',' elem)*`
    fn list(&mut self) -> Result<Vec<Pass>> {
        let mut list = vec![self.elem()?];
        while self.peek() == Some(b',') {
            self.pos += 1;
            list.push(self.elem()?);
        }
        Ok(list)
    }

    /// `elem := name ('<' params '>')? ('(' list ')')?`
    fn elem(&mut self) -> Result<Pass> {
        let start = self.pos;
        while let Some(b) = self.peek() {
            if matches!(b, b',' | b'(' | b')' | b'<' | b'>') || b.is_ascii_whitespace() {
                break;
            }
            self.pos += 1;
        }
        ensure!(
            self.pos > start,
            "pipeline: expected a pass name at offset {}, found {:?}",
            self.pos,
            self.peek_char()
        );
        let name = String::from_utf8_lossy(&self.src[start..self.pos]).into_owned();
        let params = if self.peek() == Some(b'<') {
            Some(self.params()?)
        } else {
            None
        };
        let inner = if self.peek() == Some(b'(') {
            self.pos += 1;
            let inner = if self.peek() == Some(b')') {
                Vec::new()
            } else {
                self.list()?
            };
            ensure!(
                self.peek() == Some(b')'),
                "pipeline: expected ')' at offset {}, found {:?}",
                self.pos,
                self.peek_char()
            );
            self.pos += 1;
            Some(inner)
        } else {
            None
        };
        Ok(Pass {
            name,
            params,
            inner,
        })
    }

    /// Balanced `<...>`; returns the text between the outer brackets.
    fn params(&mut self) -> Result<String> {
        let open = self.pos;
        let mut depth = 0usize;
        while let Some(b) = self.peek() {
            self.pos += 1;
            match b {
                b'<' => depth += 1,
                b'>' => {
                    depth -= 1;
                    if depth == 0 {
                        let text = &self.src[open + 1..self.pos - 1];
                        return Ok(String::from_utf8_lossy(text).into_owned());
                    }
                }
                _ => {}
            }
        }
        bail!("pipeline: unclosed '<' at offset {open}")
    }
}

/// Splits `pipeline` before the first pass named `name` (pre-order). The
/// adaptors on the way are cut in two: the first part keeps their passes
/// before `name`, the second reopens them with the rest. Empty halves of
/// adaptors are dropped.
pub fn split_before(pipeline: &[Pass], name: &str) -> Result<(Vec<Pass>, Vec<Pass>)> {
    match split_rec(pipeline, name)? {
        Some(parts) => Ok(parts),
        None => bail!("pipeline has no pass named {name:?}"),
    }
}

type Halves = (Vec<Pass>, Vec<Pass>);

fn split_rec(list: &[Pass], name: &str) -> Result<Option<Halves>> {
    for (i, p) in list.iter().enumerate() {
        match &p.inner {
            None if p.name == name => {
                return Ok(Some((list[..i].to_vec(), list[i..].to_vec())));
            }
            None => {}
            Some(inner) => {
                let Some((b, a)) = split_rec(inner, name)? else {
                    continue;
                };
                ensure!(
                    SPLITTABLE_ADAPTORS.contains(&p.name.as_str()),
                    "{name:?} sits inside a {:?} adaptor, which cannot be split soundly",
                    p.name
                );
                let reopen = |inner: Vec<Pass>| Pass {
                    name: p.name.clone(),
                    params: p.params.clone(),
                    inner: Some(inner),
                };
                let mut before = list[..i].to_vec();
                if !b.is_empty() {
                    before.push(reopen(b));
                }
                let mut after = vec![reopen(a)];
                after.extend_from_slice(&list[i + 1..]);
                return Ok(Some((before, after)));
            }
        }
    }
    Ok(None)
}

/// Removes every pass whose name is in `names` (whatever its parameters);
/// adaptors left empty are removed too. Fails if one of `names` does not
/// occur.
pub fn remove(pipeline: &[Pass], names: &[&str]) -> Result<Vec<Pass>> {
    let mut found = vec![false; names.len()];
    let out = remove_rec(pipeline, names, &mut found);
    let missing: Vec<&str> = names
        .iter()
        .zip(&found)
        .filter(|(_, &f)| !f)
        .map(|(n, _)| *n)
        .collect();
    ensure!(
        missing.is_empty(),
        "pipeline has no pass named {}",
        missing.join(", ")
    );
    Ok(out)
}

fn remove_rec(list: &[Pass], names: &[&str], found: &mut [bool]) -> Vec<Pass> {
    let mut out = Vec::with_capacity(list.len());
    for p in list {
        match &p.inner {
            None => {
                if let Some(k) = names.iter().position(|n| *n == p.name) {
                    found[k] = true;
                } else {
                    out.push(p.clone());
                }
            }
            Some(inner) => {
                let kept = remove_rec(inner, names, found);
                if !kept.is_empty() || inner.is_empty() {
                    out.push(Pass {
                        name: p.name.clone(),
                        params: p.params.clone(),
                        inner: Some(kept),
                    });
                }
            }
        }
    }
    out
}

/// The pipelines of the floor, loopwright and anchor builds, as text for
/// `opt-19 -passes=`.
#[derive(Clone, Debug)]
pub struct LoopSplit {
    /// Before loopwright: the -O3 prefix without [`REMOVED_BEFORE`].
    pub before: String,
    /// Between loopwright's two parts: the passes from [`SPLIT_AT`] to
    /// [`SECOND_SPLIT_AT`] without [`REMOVED_MIDDLE`].
    pub middle: String,
    /// After loopwright: the -O3 suffix from [`SECOND_SPLIT_AT`] on without
    /// [`REMOVED_AFTER`].
    pub after: String,
    /// `middle` and `after` as one pipeline (a build without loopwright).
    pub rest: String,
    /// The -O3 prefix, unchanged.
    pub anchor_before: String,
    /// The -O3 suffix, unchanged.
    pub anchor_after: String,
    /// The parameters of the pipeline's `loop-vectorize`
    /// (`no-interleave-forced-only;vectorize-forced-only;` at clang's
    /// `-O1`, or with `-fno-vectorize`), which loopwright's own
    /// `loop-vectorize` takes in its place; `None` when there is none.
    pub vectorize_params: Option<String>,
}

impl LoopSplit {
    /// Derives the split from the text of a whole `default<On>` pipeline
    /// (opt's or clang's).
    ///
    /// Module analyses do not survive from one `opt` process to the next.
    /// The only one the later parts read from the first is GlobalsAA
    /// (which `recompute-globalsaa` computes just before the function
    /// adaptor the split cuts), so when the first part computes it the
    /// others start with `require<globals-aa>`.
    pub fn from_pipeline(text: &str) -> Result<LoopSplit> {
        let whole = parse(text)?;
        let (before, after) = split_before(&whole, SPLIT_AT)?;
        let (middle, tail) = split_before(&after, SECOND_SPLIT_AT)?;
        let computes_globals_aa = before.iter().any(|p| {
            p.name == "recompute-globalsaa"
                || (p.name == "require" && p.params.as_deref() == Some("globals-aa"))
        });
        let reading_globals_aa = |mut part: Vec<Pass>| {
            if computes_globals_aa {
                part.insert(
                    0,
                    Pass {
                        name: "require".to_owned(),
                        params: Some("globals-aa".to_owned()),
                        inner: None,
                    },
                );
            }
            part
        };
        let vectorize_params = find_params(&after, SPLIT_AT);
        let mut removed_rest = REMOVED_MIDDLE.to_vec();
        removed_rest.extend_from_slice(REMOVED_AFTER);
        let after = reading_globals_aa(after);
        Ok(LoopSplit {
            vectorize_params,
            before: print(&remove(&before, REMOVED_BEFORE)?),
            middle: print(&remove(&reading_globals_aa(middle), REMOVED_MIDDLE)?),
            after: print(&remove(&reading_globals_aa(tail), REMOVED_AFTER)?),
            rest: print(&remove(&after, &removed_rest)?),
            anchor_before: print(&before),
            anchor_after: print(&after),
        })
    }
}

/// The parameter text of the first pass named `name` in `passes` (inner
/// pipelines included); `Some("")` for a pass without parameters.
fn find_params(passes: &[Pass], name: &str) -> Option<String> {
    passes.iter().find_map(|p| {
        if p.name == name {
            return Some(p.params.clone().unwrap_or_default());
        }
        p.inner
            .as_deref()
            .and_then(|inner| find_params(inner, name))
    })
}

/// The opt-19 options under which the printed text of a `default<On>`
/// pipeline runs as the pipeline itself did.
///
/// The text does not carry everything the pipeline was built with: the
/// inliner runs with the level's `InlineParams` (its threshold is 250 at
/// -O3, 50 at -Os, 5 at -Oz) but `inline` reads back with opt's default
/// (225), and `loop-unroll-full` reads back at level 2 (threshold 150
/// instead of -O3's 300). These options put the level's values back:
/// `-inline-threshold` with `-inlinecold-threshold` at its default (an
/// explicit `-inline-threshold` otherwise leaves the cold threshold
/// unset), and `-unroll-threshold-default` for the full unroller at -O3.
/// With them, `opt-19 -passes=TEXT` gives the same module as
/// `opt-19 -passes='default<On>'` (checked on C++ with the standard
/// library at -O2, -O3, -Os and -Oz by the driver's anchor test, whose
/// objects equal clang-19's).
///
/// `speed` and `size` are clang's levels (`-Os`: 2 and 1, `-Oz`: 2 and
/// 2).
pub fn opt_fidelity_flags(speed: u8, size: u8) -> Vec<String> {
    let inline = match (speed, size) {
        (_, 2) => Some(5),
        (_, 1) => Some(50),
        (s, _) if s >= 3 => Some(250),
        _ => None,
    };
    let mut flags = Vec::new();
    if let Some(t) = inline {
        flags.push(format!("-inline-threshold={t}"));
        flags.push("-inlinecold-threshold=45".to_owned());
    }
    if speed >= 3 && size == 0 {
        flags.push("-unroll-threshold-default=300".to_owned());
    }
    flags
}

/// The text of LLVM 19's `default<LEVEL>` pipeline (`LEVEL` is `O0`..`O3`,
/// `Os` or `Oz`), as `opt-19 -passes='default<LEVEL>'
/// -print-pipeline-passes` prints it.
pub fn opt_default_pipeline(level: &str) -> Result<String> {
    use anyhow::Context;
    use std::process::{Command, Stdio};
    // An empty standard input is an empty module for opt.
    let out = Command::new("opt-19")
        .arg(format!("-passes=default<{level}>"))
        .args(["-print-pipeline-passes", "-disable-output"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .context("run opt-19 -print-pipeline-passes")?;
    ensure!(
        out.status.success(),
        "opt-19 -print-pipeline-passes failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Ok(String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An abridged `default<O3>` with the same shape as LLVM 19's.
    const O3: &str = "annotation2metadata,function<eager-inv>(ee-instrument<>,sroa<modify-cfg>),\
        cgscc(devirt<4>(inline,function<eager-inv;no-rerun>(sroa<modify-cfg>,\
        loop-mssa(licm<no-allowspeculation>,loop-rotate<header-duplication;no-prepare-for-lto>),\
        loop(loop-idiom,indvars,loop-deletion,loop-unroll-full),gvn<>))),\
        recompute-globalsaa,function<eager-inv>(float2int,\
        loop(loop-rotate<header-duplication;no-prepare-for-lto>,loop-deletion),loop-distribute,\
        inject-tli-mappings,loop-vectorize<no-interleave-forced-only;no-vectorize-forced-only;>,\
        loop-load-elim,slp-vectorizer,loop-unroll<O3>,transform-warning,sroa<preserve-cfg>),\
        globaldce,function(annotation-remarks),verify";

    #[test]
    fn print_inverts_parse() {
        let p = parse(O3).unwrap();
        assert_eq!(print(&p), O3);
        assert_eq!(p.len(), 8);
        assert_eq!(p[1].params.as_deref(), Some("eager-inv"));
        assert_eq!(p[1].inner.as_ref().unwrap()[0].params.as_deref(), Some(""));
    }

    /// The real LLVM 19 pipeline round-trips and splits (skipped with a
    /// notice without opt-19; an error under CI).
    #[test]
    fn llvm19_o3_pipeline_splits() {
        if !loopwright_testkit::require(&["opt-19"]) {
            return;
        }
        let text = opt_default_pipeline("O3").unwrap();
        assert_eq!(print(&parse(&text).unwrap()), text);
        let s = LoopSplit::from_pipeline(&text).unwrap();
        let names = |t: &str| {
            pass_names(&parse(t).unwrap())
                .into_iter()
                .map(str::to_owned)
                .collect::<Vec<_>>()
        };
        let (before, middle, after) = (names(&s.before), names(&s.middle), names(&s.after));
        assert!(before.iter().any(|n| n == "loop-rotate") && before.iter().any(|n| n == "gvn"));
        assert!(!before.iter().any(|n| n == "loop-unroll-full"));
        // LLVM's distribution (which loopwright does not implement) stays
        // before the vectorizer.
        assert_eq!(
            before.last().map(String::as_str),
            Some("inject-tli-mappings")
        );
        assert!(before.iter().any(|n| n == "loop-distribute"));
        assert_eq!(middle[0], "require");
        // LLVM's cleanup of the vectorized code, the SLP vectorizer among
        // it, runs between loopwright's two parts.
        for cleanup in [
            "loop-load-elim",
            "instcombine",
            "slp-vectorizer",
            "vector-combine",
        ] {
            assert!(middle.iter().any(|n| n == cleanup), "{cleanup}");
        }
        assert_eq!(after[0], "require");
        assert_eq!(after[1], "sroa");
        for gone in REMOVED_MIDDLE.iter().chain(REMOVED_AFTER) {
            assert!(!middle.iter().any(|n| n == gone), "{gone}");
            assert!(!after.iter().any(|n| n == gone), "{gone}");
        }
        // The floor's second half is the middle and the after parts.
        let mut parts = middle.clone();
        parts.extend(after.into_iter().skip(1));
        assert_eq!(names(&s.rest), parts);
        let mut whole = names(&s.anchor_before);
        whole.extend(names(&s.anchor_after).into_iter().skip(1));
        assert_eq!(whole, names(&text));
    }

    #[test]
    fn params_may_nest_and_end_with_semicolons() {
        let p = parse("a<x<y>;z;>(b),c").unwrap();
        assert_eq!(p[0].params.as_deref(), Some("x<y>;z;"));
        assert_eq!(p[0].inner.as_ref().unwrap()[0].name, "b");
        assert_eq!(print(&p), "a<x<y>;z;>(b),c");
    }

    #[test]
    fn malformed_text_is_an_error() {
        for bad in ["a(b", "a<b", "a,,b", "a)", "(a)", "a(b))"] {
            assert!(parse(bad).is_err(), "{bad:?} parsed");
        }
        assert!(parse("  ").unwrap().is_empty());
    }

    #[test]
    fn split_reopens_the_function_adaptor() {
        let s = LoopSplit::from_pipeline(O3).unwrap();
        assert!(s.anchor_before.ends_with(
            "recompute-globalsaa,function<eager-inv>(float2int,\
             loop(loop-rotate<header-duplication;no-prepare-for-lto>,loop-deletion),\
             loop-distribute,inject-tli-mappings)"
        ));
        assert!(s.anchor_after.starts_with(
            "require<globals-aa>,function<eager-inv>(loop-vectorize<no-interleave-forced-only;"
        ));
        assert!(s
            .anchor_after
            .ends_with("globaldce,function(annotation-remarks),verify"));
        assert_eq!(
            s.middle,
            "require<globals-aa>,function<eager-inv>(loop-load-elim,slp-vectorizer)"
        );
        assert_eq!(
            s.after,
            "require<globals-aa>,function<eager-inv>(sroa<preserve-cfg>),\
             globaldce,function(annotation-remarks),verify"
        );
        assert_eq!(
            s.rest,
            "require<globals-aa>,function<eager-inv>(loop-load-elim,slp-vectorizer,\
             sroa<preserve-cfg>),globaldce,function(annotation-remarks),verify"
        );
        assert_eq!(
            s.vectorize_params.as_deref(),
            Some("no-interleave-forced-only;no-vectorize-forced-only;")
        );
        // Nothing is lost or duplicated: the passes of both halves are the
        // passes of the whole, in order (plus the re-required analysis).
        let whole = parse(O3).unwrap();
        let mut halves = pass_names(&parse(&s.anchor_before).unwrap())
            .into_iter()
            .map(str::to_owned)
            .collect::<Vec<_>>();
        let after = parse(&s.anchor_after).unwrap();
        halves.extend(pass_names(&after).into_iter().skip(1).map(str::to_owned));
        assert_eq!(halves, pass_names(&whole));
    }

    #[test]
    fn split_removes_the_loop_transformations() {
        let s = LoopSplit::from_pipeline(O3).unwrap();
        let before = parse(&s.before).unwrap();
        let b = pass_names(&before);
        assert!(!b.contains(&"loop-unroll-full"));
        assert!(b.contains(&"loop-deletion") && b.contains(&"gvn"));
        assert!(b.contains(&"loop-distribute"));
        for part in [&s.middle, &s.after, &s.rest] {
            let p = parse(part).unwrap();
            let names = pass_names(&p);
            for gone in REMOVED_MIDDLE.iter().chain(REMOVED_AFTER) {
                assert!(!names.contains(gone), "{gone} left in {part}");
            }
        }
        assert!(s.before.contains("loop(loop-idiom,indvars,loop-deletion)"));
    }

    #[test]
    fn emptied_adaptors_disappear() {
        let p = parse("a,loop(x),function(loop(x),b)").unwrap();
        assert_eq!(print(&remove(&p, &["x"]).unwrap()), "a,function(b)");
        assert!(remove(&p, &["nope"]).is_err());
    }

    #[test]
    fn split_refuses_cgscc_and_missing_passes() {
        let p = parse("cgscc(function(loop-distribute))").unwrap();
        assert!(split_before(&p, "loop-distribute").is_err());
        let p = parse("function(a)").unwrap();
        assert!(split_before(&p, "loop-distribute").is_err());
    }

    #[test]
    fn split_at_top_level_and_first_position() {
        let p = parse("a,b,c").unwrap();
        let (x, y) = split_before(&p, "b").unwrap();
        assert_eq!((print(&x), print(&y)), ("a".to_owned(), "b,c".to_owned()));
        let p = parse("function(b,c),d").unwrap();
        let (x, y) = split_before(&p, "b").unwrap();
        assert_eq!(
            (print(&x), print(&y)),
            (String::new(), "function(b,c),d".to_owned())
        );
    }
}
