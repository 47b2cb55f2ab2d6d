//! The command line against opt-19, live: pipeline text, `-unroll-*`
//! options, exit statuses, `default<On>`, `-verify-each` and the `verify`
//! pass.
//!
//! - Malformed pipelines: opt-19 and loopwright run each one of a table;
//!   both must fail with status 1 and the same message (after the tool
//!   name). Every row must be rejected by opt-19, so the table cannot
//!   drift into testing nothing.
//! - Valid pipelines: what opt-19 accepts among loopwright's passes,
//!   loopwright accepts (and runs); LLVM passes loopwright has not
//!   implemented yet parse and are refused with "not implemented"; the
//!   documented extensions are accepted by loopwright and rejected by
//!   opt-19.
//! - The registry against `opt-19 --print-passes`: each pass's kind and
//!   whether it takes parameters, and the analyses `require<..>` accepts.
//! - Options: every `-unroll-*` option in both spellings (`-x=V`, `-x V`,
//!   and `--`), each followed by the input file; the same status as
//!   opt-19's and the same remarks.
//! - Exit statuses: 1 for every error (clap's included), 0 for `--help`
//!   and `--version`.
//!
//! The checks that need no LLVM run always; the others are skipped with a
//! notice when LLVM 19 is missing (an error under `CI`).

mod common;

use loopwright::cli::UNROLL_OPTIONS;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const LW: &str = env!("CARGO_BIN_EXE_loopwright");

/// A module with a loop of unknown trip count and one of 10 iterations.
const INPUT: &str = "\
define void @runtime(ptr %p, i32 %n) {
entry:
  %c = icmp sgt i32 %n, 0
  br i1 %c, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %a = getelementptr inbounds i32, ptr %p, i32 %i
  store i32 %i, ptr %a, align 4
  %i.next = add nsw i32 %i, 1
  %d = icmp slt i32 %i.next, %n
  br i1 %d, label %loop, label %exit
exit:
  ret void
}

define i32 @constant(ptr %p) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %a = getelementptr inbounds i32, ptr %p, i32 %i
  %v = load i32, ptr %a, align 4
  %s.next = add i32 %s, %v
  %i.next = add nuw nsw i32 %i, 1
  %d = icmp ult i32 %i.next, 10
  br i1 %d, label %loop, label %exit
exit:
  ret i32 %s.next
}
";

/// A module the verifier rejects (a use before its definition).
const BROKEN: &str = "\
define i32 @f(i32 %x) {
entry:
  %b = add i32 %a, 1
  %a = add i32 %x, 1
  ret i32 %b
}
";

/// A scratch directory for test `name` with the two modules.
fn work(name: &str) -> (PathBuf, PathBuf, PathBuf) {
    let dir = common::work_dir(&format!("pipeline-opt-{name}"));
    let input = dir.join("in.ll");
    std::fs::write(&input, INPUT).unwrap();
    let broken = dir.join("broken.ll");
    std::fs::write(&broken, BROKEN).unwrap();
    (dir, input, broken)
}

fn lw(args: &[&str]) -> Output {
    common::execute(Command::new(LW).args(args))
}

fn opt(args: &[&str]) -> Output {
    common::execute(Command::new("opt-19").args(args))
}

fn status(o: &Output) -> Option<i32> {
    o.status.code()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The message of a failed run, without the tool's name.
fn message(o: &Output, tool: &str) -> String {
    let e = stderr(o);
    e.strip_prefix(&format!("{tool}: "))
        .unwrap_or(&e)
        .to_string()
}

/// The `vectorized loop (...)` remark lines a run printed.
fn vectorized_remarks(o: &Output) -> Vec<String> {
    stderr(o)
        .lines()
        .filter(|l| l.contains("vectorized loop"))
        .map(str::to_owned)
        .collect()
}

fn have_opt(test: &str) -> bool {
    loopwright_testkit::tools::require_for(test, &["opt-19"])
}

/// Pipelines opt-19 rejects.
const MALFORMED: &[&str] = &[
    // Unknown names, at each level and with an inner pipeline.
    "bogus",
    "bogus(verify)",
    "function(bogus)",
    "loop(bogus)",
    "cgscc(bogus)",
    "module(bogus)",
    "loop-mssa(bogus)",
    "none,verify",
    " verify",
    "verify ",
    "loop-unroll, lcssa",
    "function( verify)",
    // Parameters.
    "loop-unroll<bogus>",
    "loop-unroll<no-bogus>",
    "loop-unroll<O3;bogus>",
    "loop-unroll<Os>",
    "loop-unroll<Oz>",
    "loop-unroll<O4>",
    "loop-unroll<no-O3>",
    "loop-unroll<O3;;runtime>",
    "loop-unroll<;>",
    "loop-unroll<>>",
    "loop-unroll<full-unroll-max=>",
    "loop-unroll<full-unroll-max=x>",
    "loop-unroll<full-unroll-max=08>",
    "loop-unroll<full-unroll-max=0x>",
    "loop-unroll<full-unroll-max=+1>",
    "loop-unroll<full-unroll-max=2147483648>",
    "loop-unroll<O3",
    "loop-unroll O3>",
    "function(loop-unroll<x>)",
    "loop-rotate<bogus>",
    "loop-rotate<no-bogus>",
    "loop(loop-rotate<x>)",
    "loop-rotate<header-duplication;>x",
    "loop-vectorize<bogus>",
    "loop-vectorize<no-x>",
    "lcssa<x>",
    "loop-simplify<>",
    "verify<x>",
    "loop-unroll-full<bogus>",
    "loop-unroll-full<>",
    "loop(loop-unroll-full<O9>)",
    "transform-warning<x>",
    // Malformed nesting.
    "function(verify",
    "function(verify))",
    "function(verify)x",
    "function(verify)(verify)",
    "(verify)",
    ")",
    "(",
    ",",
    ",verify",
    "verify,",
    "verify,,verify",
    "function()",
    "module()",
    "loop()",
    "function(loop())",
    "cgscc()",
    // Passes used as pipelines, adaptors in the wrong place.
    "verify(verify)",
    "loop-unroll(verify)",
    "function(loop-unroll(verify))",
    "loop(loop-unroll-full(verify))",
    "function(lcssa(loop-rotate))",
    "function<bogus>(verify)",
    "function<no-rerun>(verify)",
    "function<eager-inv",
    "function<eager-inv>",
    "function",
    "loop",
    "loop-mssa",
    "module",
    "cgscc",
    "function(function<eager-inv>(verify))",
    "function(cgscc(verify))",
    "function(module(verify))",
    "loop(function(verify))",
    "loop(loop-mssa(loop-rotate))",
    "cgscc(module(verify))",
    "cgscc(loop-mssa(loop-rotate))",
    // The first pass decides the level.
    "loop-unroll-full,loop-unroll",
    "loop-unroll-full,verify",
    "loop-rotate,lcssa",
    "loop(loop-unroll)",
    "loop(lcssa)",
    "function(loop(verify))",
    "lcssa,module(verify)",
    // Default pipelines.
    "default",
    "default<O4>",
    "default<>",
    "default<Ofast>",
    "default<O3>(verify)",
    "function(default<O2>)",
    "loop(default<O1>)",
    "module(default<O4>)",
    "module(defaultx)",
    "module(lto-bogus)",
    "default<O3>,bogus",
    "lcssa,default<O2>",
    "thinlto<O9>",
    "lto<O3>(verify)",
    // Analyses.
    "require<bogus>",
    "invalidate<bogus>",
    "require<all>",
    "require<>",
    "require<loops",
    "function(require<callgraph>)",
    "loop(require<loops>)",
    "module(require<loops>)",
    "cgscc(require<loops>)",
    "loop(require<no-op-cgscc>)",
    // repeat<N>, which opt-19 rejects everywhere.
    "repeat<2>(verify)",
    "repeat<0>(verify)",
    "repeat<2>",
    "function(repeat<2>(verify))",
    "module(repeat<2>(verify))",
    "loop(repeat<2>(loop-unroll-full))",
    "cgscc(repeat<2>(function(verify)))",
    // devirt<N>.
    "devirt<x>(verify)",
    "cgscc(devirt<-1>(function(verify)))",
    "cgscc(devirt<2>)",
    "devirt<2>(module(verify))",
];

#[test]
fn malformed_pipelines_fail_as_in_opt() {
    if !have_opt("malformed_pipelines_fail_as_in_opt") {
        return;
    }
    let (dir, input, _) = work("malformed_pipelines_fail_as_in_opt");
    let input = input.to_str().unwrap();
    let mut failures = Vec::new();
    for p in MALFORMED {
        let arg = format!("-passes={p}");
        let o = opt(&["-disable-output", &arg, input]);
        let l = lw(&["-disable-output", &arg, input]);
        if o.status.success() {
            failures.push(format!(
                "[{p}]: opt-19 accepts it; not a malformed pipeline"
            ));
            continue;
        }
        let (om, lm) = (message(&o, "opt-19"), message(&l, "loopwright"));
        if status(&l) != Some(1) || status(&o) != Some(1) || om != lm {
            failures.push(format!(
                "[{p}]: opt-19 exits {:?} with {om:?}; loopwright exits {:?} with {lm:?}",
                status(&o),
                status(&l)
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    println!(
        "{} malformed pipelines, {} differ",
        MALFORMED.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Pipelines of implemented passes that opt-19 accepts.
const VALID: &[&str] = &[
    "verify",
    "loop-unroll",
    "loop-unroll<>",
    "loop-unroll<O3;>",
    "loop-unroll<O3;no-runtime>",
    "loop-unroll<O1;partial;no-peeling;runtime;upperbound;no-profile-peeling;full-unroll-max=0x10>",
    "loop-unroll<full-unroll-max=-1>",
    "loop-unroll-full",
    "loop-rotate<no-header-duplication>",
    "loop-rotate<header-duplication;no-prepare-for-lto>",
    "lcssa",
    "loop-simplify",
    "transform-warning",
    "loop-vectorize",
    "loop-vectorize<vectorize-forced-only>",
    "function(loop-unroll,verify)",
    "loop-unroll,verify",
    "verify,loop-unroll-full,loop-unroll",
    "loop(loop-rotate),loop-unroll",
    "lcssa,loop-rotate",
    "loop-simplify,lcssa,loop(loop-rotate,loop-unroll-full),loop-unroll,transform-warning",
    "function<eager-inv>(lcssa)",
    "function<>(lcssa)",
    "cgscc(function(loop-unroll))",
    "cgscc(lcssa,loop-unroll-full)",
    "cgscc(function<eager-inv;no-rerun>(lcssa))",
    "cgscc(devirt<4>(function(lcssa)))",
    "loop-mssa(loop-rotate)",
    "function(loop-mssa(loop-rotate))",
    "module(verify,function(lcssa))",
    "module(loop-unroll,verify)",
    "function(function(lcssa))",
    "loop(loop(loop-rotate))",
    "require<loops>",
    "require<scalar-evolution>,loop-unroll",
    "invalidate<all>",
    "function(invalidate<all>)",
    "loop(invalidate<all>)",
    "cgscc(invalidate<all>)",
    "require<iv-users>",
    "require<callgraph>,verify",
    "require<no-op-cgscc>",
    "invalidate<domtree>,lcssa",
    "default<O0>",
    "default<O1>",
    "default<O2>",
    "default<O3>",
    "default<Os>",
    "default<Oz>",
    "verify,default<O2>",
    "module(default<O1>)",
];

/// LLVM passes (and aliases) opt-19 accepts and loopwright has not
/// implemented.
const PLANNED: &[&str] = &[
    "loop-distribute",
    "loop-unroll-and-jam",
    "loop-interchange",
    "function(loop-mssa(loop-versioning-licm))",
    "lcssa,loop-distribute",
    "loop-rotate<prepare-for-lto>",
    "lto<O2>",
    "thinlto<O3>",
    "lto-pre-link<Os>",
    "coro-cond(verify)",
];

/// loopwright's extensions, which opt-19 rejects (see the module docs of
/// `pipeline.rs`).
const EXTENSIONS: &[&str] = &[
    "none",
    "loop-unroll-full<O3>",
    "loop(loop-unroll-full<O1>)",
    "loop-unroll<only-when-forced>",
    "function(loop(loop-unroll-full<O3>),loop-vectorize,loop-unroll<O3>,transform-warning)",
];

#[test]
fn valid_pipelines_agree_with_opt() {
    if !have_opt("valid_pipelines_agree_with_opt") {
        return;
    }
    let (dir, input, _) = work("valid_pipelines_agree_with_opt");
    let input = input.to_str().unwrap();
    let mut failures = Vec::new();
    for p in VALID {
        let arg = format!("-passes={p}");
        let o = opt(&["-disable-output", &arg, input]);
        let l = lw(&["-disable-output", &arg, input]);
        if !o.status.success() || !l.status.success() {
            failures.push(format!(
                "[{p}]: opt-19 {:?} {:?}; loopwright {:?} {:?}",
                status(&o),
                stderr(&o),
                status(&l),
                stderr(&l)
            ));
        }
    }
    for p in PLANNED {
        let arg = format!("-passes={p}");
        let o = opt(&["-disable-output", &arg, input]);
        let l = lw(&["-disable-output", &arg, input]);
        if !o.status.success() || status(&l) != Some(1) || !stderr(&l).contains("not implement") {
            failures.push(format!(
                "[{p}]: opt-19 {:?}; loopwright {:?} {:?}",
                status(&o),
                status(&l),
                stderr(&l)
            ));
        }
    }
    for p in EXTENSIONS {
        let arg = format!("-passes={p}");
        let o = opt(&["-disable-output", &arg, input]);
        let l = lw(&["-disable-output", &arg, input]);
        if o.status.success() || !l.status.success() {
            failures.push(format!(
                "[{p}] (extension): opt-19 {:?}; loopwright {:?} {:?}",
                status(&o),
                status(&l),
                stderr(&l)
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The sections of `opt-19 --print-passes`: section title → names (with
/// `<params>` stripped).
fn print_passes() -> Vec<(String, Vec<String>)> {
    let out = common::run(Command::new("opt-19").arg("--print-passes"));
    let mut sections: Vec<(String, Vec<String>)> = Vec::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        match line.strip_prefix("  ") {
            Some(name) => {
                if let Some(s) = sections.last_mut() {
                    // Passes with parameters are listed with their
                    // parameter syntax (`loop-unroll<O0;O1;...>`); other
                    // names may contain brackets (`print<access-info>`).
                    let name = if s.0.ends_with("with params") {
                        name.split('<').next().unwrap_or(name)
                    } else {
                        name
                    };
                    s.1.push(name.to_string());
                }
            }
            None => sections.push((line.trim_end_matches(':').to_string(), Vec::new())),
        }
    }
    sections
}

#[test]
fn registry_matches_opt_print_passes() {
    use loopwright::pipeline::{Kind, Params, ANALYSES, PASSES};
    if !have_opt("registry_matches_opt_print_passes") {
        return;
    }
    let sections = print_passes();
    let section = |title: &str| -> Vec<String> {
        sections
            .iter()
            .find(|(t, _)| t == title)
            .unwrap_or_else(|| panic!("no section {title:?} in opt-19 --print-passes"))
            .1
            .clone()
    };
    let mut failures = Vec::new();
    for p in PASSES {
        let level = match p.kind {
            Kind::Module => "Module",
            Kind::Cgscc => "CGSCC",
            Kind::Function => "Function",
            Kind::Loop => "Loop",
            Kind::LoopNest => "LoopNest",
        };
        let title = match p.params {
            Params::Parsed(_) => format!("{level} passes with params"),
            Params::None | Params::Extension(_) => format!("{level} passes"),
        };
        if !section(&title).iter().any(|n| n == p.name) {
            failures.push(format!("{} is not listed under {title:?}", p.name));
        }
    }
    for (kind, names) in ANALYSES {
        let title = match kind {
            Kind::Module => "Module analyses",
            Kind::Cgscc => "CGSCC analyses",
            Kind::Function => "Function analyses",
            _ => "Loop analyses",
        };
        let theirs = section(title);
        if theirs != *names {
            failures.push(format!(
                "{title}: opt-19 has {theirs:?}, the registry {names:?}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn analysis_passes_agree_with_opt() {
    use loopwright::pipeline::{Kind, ANALYSES};
    if !have_opt("analysis_passes_agree_with_opt") {
        return;
    }
    let (dir, _, _) = work("analysis_passes_agree_with_opt");
    // An empty module: the parsers are compared, and no analysis runs (some
    // of opt-19's crash when run outside a code generator).
    let input = dir.join("empty.ll");
    std::fs::write(&input, "; empty\n").unwrap();
    let input = input.to_str().unwrap();
    // Each analysis at its own level, and at the others (spot checks of
    // every tenth name, to bound the number of runs).
    let wrap = |kind: Kind, pass: &str| match kind {
        Kind::Module => format!("module({pass})"),
        Kind::Cgscc => format!("cgscc({pass})"),
        Kind::Function => format!("function({pass})"),
        _ => format!("function(loop({pass}))"),
    };
    let mut failures = Vec::new();
    let mut runs = 0;
    for (i, (own, names)) in ANALYSES.iter().enumerate() {
        for (j, name) in names.iter().enumerate() {
            for (k, (level, _)) in ANALYSES.iter().enumerate() {
                if k != i && (i + j + k) % 10 != 0 {
                    continue;
                }
                for verb in ["require", "invalidate"] {
                    if k != i && verb == "invalidate" {
                        continue;
                    }
                    let p = wrap(*level, &format!("{verb}<{name}>"));
                    let arg = format!("-passes={p}");
                    let o = opt(&["-disable-output", &arg, input]);
                    let l = lw(&["-disable-output", &arg, input]);
                    runs += 1;
                    let same = o.status.success() == l.status.success()
                        && (o.status.success()
                            || message(&o, "opt-19") == message(&l, "loopwright"));
                    if !same {
                        failures.push(format!(
                            "[{p}] ({own:?} analysis): opt-19 {:?} {:?}; loopwright {:?} {:?}",
                            status(&o),
                            stderr(&o),
                            status(&l),
                            stderr(&l)
                        ));
                    }
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    println!("{runs} analysis pipelines compared");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The remark lines of a run (the module goes to /dev/null).
fn remarks_of(tool: &str, args: &[&str], input: &str) -> Output {
    let mut cmd = Command::new(tool);
    cmd.args(["-disable-output", "-passes=loop-unroll"])
        .args([
            "-pass-remarks=loop-unroll",
            "-pass-remarks-missed=loop-unroll",
        ])
        .args(args)
        .arg(input);
    common::execute(&mut cmd)
}

#[test]
fn every_unroll_option_in_both_spellings() {
    if !have_opt("every_unroll_option_in_both_spellings") {
        return;
    }
    let (dir, input, _) = work("every_unroll_option_in_both_spellings");
    let input = input.to_str().unwrap();
    let mut failures = Vec::new();
    let mut runs = 0;
    for o in UNROLL_OPTIONS {
        let n = o.name;
        // Each spelling is a list of arguments, followed by the input.
        let spellings: Vec<Vec<String>> = if o.is_bool() {
            let mut v = vec![vec![format!("-{n}")], vec![format!("--{n}")]];
            for value in [
                "", "true", "TRUE", "True", "1", "false", "FALSE", "False", "0",
            ] {
                v.push(vec![format!("-{n}={value}")]);
                v.push(vec![format!("--{n}={value}")]);
            }
            v
        } else {
            let mut v = Vec::new();
            for value in ["3", "0x3", "03", "0b11", "0"] {
                v.push(vec![format!("-{n}={value}")]);
                v.push(vec![format!("-{n}"), value.to_string()]);
                v.push(vec![format!("--{n}={value}")]);
                v.push(vec![format!("--{n}"), value.to_string()]);
            }
            v
        };
        for args in &spellings {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let ours = remarks_of(LW, &args, input);
            let theirs = remarks_of("opt-19", &args, input);
            runs += 1;
            if status(&ours) != Some(0) || status(&theirs) != Some(0) {
                failures.push(format!(
                    "{args:?} {input}: opt-19 {:?} {:?}; loopwright {:?} {:?}",
                    status(&theirs),
                    stderr(&theirs),
                    status(&ours),
                    stderr(&ours)
                ));
            } else if stderr(&ours) != stderr(&theirs) {
                failures.push(format!(
                    "{args:?}: remarks differ:\nopt-19:\n{}loopwright:\n{}",
                    stderr(&theirs),
                    stderr(&ours)
                ));
            }
        }
        // Values both reject.
        let bad: &[&str] = if o.is_bool() {
            &["yes", "no", "tRue", "2"]
        } else {
            &["-1", "+3", "4294967296", "", "3x", "08", "0x"]
        };
        for value in bad {
            let arg = format!("-{n}={value}");
            let ours = remarks_of(LW, &[&arg], input);
            let theirs = remarks_of("opt-19", &[&arg], input);
            runs += 1;
            if status(&ours) != Some(1) || status(&theirs) != Some(1) {
                failures.push(format!(
                    "{arg}: opt-19 {:?}; loopwright {:?} {:?}",
                    status(&theirs),
                    status(&ours),
                    stderr(&ours)
                ));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    println!("{runs} option spellings compared with opt-19");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn spellings_give_identical_output() {
    let (dir, input, _) = work("spellings_give_identical_output");
    let input = input.to_str().unwrap();
    let run = |args: &[&str]| {
        let mut all = vec!["-passes=loop-unroll"];
        all.extend_from_slice(args);
        all.push(input);
        let o = lw(&all);
        assert!(o.status.success(), "{all:?}: {}", stderr(&o));
        o.stdout
    };
    // The issue's command line: the input after a bare boolean.
    let issue = run(&["-unroll-count=3", "-unroll-runtime"]);
    assert_eq!(issue, run(&["-unroll-count", "3", "-unroll-runtime=true"]));
    assert_eq!(issue, run(&["--unroll-count=3", "--unroll-runtime=1"]));
    assert_ne!(issue, run(&[]), "the options must change the output");
    assert_ne!(issue, run(&["-unroll-count=3", "-unroll-runtime=false"]));
    // The last occurrence wins, as in LLVM.
    assert_eq!(
        issue,
        run(&["-unroll-count=2", "-unroll-count=3", "-unroll-runtime"])
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn readme_lists_every_unroll_option() {
    let readme = std::fs::read_to_string(common::root().join("README.md")).unwrap();
    let usage = readme
        .split("## Usage")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("README has a Usage section");
    let mut listed: Vec<&str> = Vec::new();
    for prefix in ["`-unroll-", "`-scev-", "`-pragma-unroll-"] {
        for (i, _) in usage.match_indices(prefix) {
            let name: String = usage[i + 2..]
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || *c == '-')
                .collect();
            listed.push(&usage[i + 2..i + 2 + name.len()]);
        }
    }
    let mut table: Vec<&str> = UNROLL_OPTIONS.iter().map(|o| o.name).collect();
    listed.sort_unstable();
    listed.dedup();
    table.sort_unstable();
    assert_eq!(
        listed, table,
        "README's Usage section and cli::UNROLL_OPTIONS differ"
    );
}

#[test]
fn every_error_exits_with_status_one() {
    let (dir, input, broken) = work("every_error_exits_with_status_one");
    let input = input.to_str().unwrap();
    let broken = broken.to_str().unwrap();
    let missing = dir.join("missing.ll");
    let missing = missing.to_str().unwrap();
    let cases: &[&[&str]] = &[
        &["--bogus", input],
        &["-bogus", input],
        &["-unroll-count=x", input],
        &["-unroll-count"],
        &["-unroll-runtime=yes", input],
        &["--pipeline=bogus", input],
        &["--opt-level=7", input],
        &["-o"],
        &[input, input],
        &["-passes=bogus", input],
        &["-passes=loop-unroll<bogus>", input],
        &["-passes=loop-distribute", input],
        &[missing],
        &[broken],
        &["-pass-remarks=(", input],
        &["-pass-remarks-format=bitstream", input],
        &["analyze", "--bogus", input],
        &["analyze", missing],
    ];
    for args in cases {
        let o = lw(args);
        assert_eq!(status(&o), Some(1), "{args:?}: {}", stderr(&o));
        assert!(!stderr(&o).is_empty(), "{args:?}: no message");
    }
    for args in [
        &["--help"][..],
        &["-h"],
        &["--version"],
        &["-V"],
        &["analyze", "--help"],
    ] {
        let o = lw(args);
        assert_eq!(status(&o), Some(0), "{args:?}: {}", stderr(&o));
        assert!(!o.stdout.is_empty(), "{args:?}");
    }
    // The help lists every -unroll-* option.
    let help = String::from_utf8_lossy(&lw(&["--help"]).stdout).into_owned();
    for o in UNROLL_OPTIONS {
        assert!(
            help.contains(&format!("--{}", o.name)),
            "--help lacks {}",
            o.name
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn default_aliases_run_the_default_pipeline() {
    let (dir, input, _) = work("default_aliases_run_the_default_pipeline");
    let input = input.to_str().unwrap();
    let text = |args: &[&str]| {
        let mut all = args.to_vec();
        all.push(input);
        let o = lw(&all);
        assert!(o.status.success(), "{all:?}: {}", stderr(&o));
        String::from_utf8(o.stdout).unwrap()
    };
    // -Oz is -O2 with LLVM's vectorization off (loops whose metadata asks
    // are still vectorized).
    let oz = "-passes=function(loop(loop-unroll-full<O2>),loop-vectorize<vectorize-forced-only>,\
              loop-unroll<O2>,transform-warning)";
    for (alias, flag) in [
        ("O0", "-O0"),
        ("O1", "-O1"),
        ("O2", "-O2"),
        ("O3", "-O3"),
        ("Os", "-O2"),
        ("Oz", oz),
    ] {
        let with_alias = text(&[&format!("-passes=default<{alias}>")]);
        assert_eq!(with_alias, text(&[flag]), "default<{alias}> against {flag}");
        // Printed, the alias is the pipeline it stands for.
        let printed = text(&[
            &format!("-passes=default<{alias}>"),
            "-print-pipeline-passes",
            "-disable-output",
        ]);
        assert_eq!(
            printed,
            text(&[flag, "-print-pipeline-passes", "-disable-output"]),
            "{alias}"
        );
    }
    // The printed default pipeline is a pipeline loopwright reads back.
    for order in ["newpm", "legacy", "lto"] {
        let pipeline_arg = format!("--pipeline={order}");
        let printed = text(&[&pipeline_arg, "-print-pipeline-passes", "-disable-output"]);
        let printed = printed.trim();
        assert_eq!(
            text(&[&format!("-passes={printed}")]),
            text(&[&pipeline_arg]),
            "{order}: {printed}"
        );
        assert_eq!(
            text(&[&pipeline_arg, "-passes=default<O3>"]),
            text(&[&pipeline_arg]),
            "{order}"
        );
    }
    let o3 = text(&[
        "-passes=default<O3>",
        "-print-pipeline-passes",
        "-disable-output",
    ]);
    assert_eq!(
        o3.trim(),
        "function(loop(loop-unroll-full<O3>),loop-vectorize,loop-unroll<O3>,transform-warning)"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn verify_pass_works_at_every_level() {
    let (dir, input, broken) = work("verify_pass_works_at_every_level");
    let (input, broken) = (input.to_str().unwrap(), broken.to_str().unwrap());
    for p in [
        "verify",
        "function(verify)",
        "lcssa,verify",
        "module(function(lcssa,verify))",
        "cgscc(function(verify))",
    ] {
        let arg = format!("-passes={p}");
        let ok = lw(&[&arg, "-disable-output", input]);
        assert!(
            ok.status.success(),
            "[{p}] on a valid module: {}",
            stderr(&ok)
        );
        let bad = lw(&[&arg, "-disable-verify", "-disable-output", broken]);
        assert_eq!(status(&bad), Some(1), "[{p}] on a broken module");
        let e = stderr(&bad);
        assert!(
            e.contains("Instruction does not dominate all uses!"),
            "[{p}]: {e}"
        );
        assert!(e.contains("is broken!"), "[{p}]: {e}");
    }
    // Without a verify pass (and without the verifier), the broken module
    // goes through.
    let through = lw(&[
        "-passes=lcssa",
        "-disable-verify",
        "-disable-output",
        broken,
    ]);
    assert!(through.status.success(), "{}", stderr(&through));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn verify_each_names_the_pass() {
    let (dir, _, broken) = work("verify_each_names_the_pass");
    let broken = broken.to_str().unwrap();
    for (p, pass) in [
        ("lcssa,loop-simplify", "lcssa"),
        ("loop-unroll", "loop-unroll"),
        ("loop(loop-rotate)", "loop-rotate"),
        ("transform-warning", "transform-warning"),
    ] {
        let arg = format!("-passes={p}");
        let o = lw(&[
            &arg,
            "-verify-each",
            "-disable-verify",
            "-disable-output",
            broken,
        ]);
        assert_eq!(status(&o), Some(1), "[{p}]");
        let e = stderr(&o);
        assert!(
            e.contains(&format!("broken function @f found after pass '{pass}'")),
            "[{p}]: {e}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `-verify-each` changes nothing in the output on the unroll, peel and
/// runtime inputs written as `.ll`, under their pipelines and the default
/// one.
#[test]
fn verify_each_leaves_output_unchanged() {
    let root = common::root();
    let mut inputs: Vec<PathBuf> = Vec::new();
    for d in [
        "tests/unroll",
        "tests/peel",
        "tests/runtime",
        "tests/simulate",
    ] {
        inputs.extend(
            common::sorted_entries(&root.join(d))
                .into_iter()
                .filter(|p| p.extension().is_some_and(|e| e == "ll")),
        );
    }
    assert!(inputs.len() >= 5, "too few inputs: {inputs:?}");
    let mut checked = 0;
    for path in &inputs {
        for pipeline in [
            None,
            Some(
                "loop-simplify,lcssa,loop(loop-rotate),loop-unroll<O3;runtime;peeling;upperbound>",
            ),
            Some("loop(loop-unroll-full),loop-unroll<O2>"),
        ] {
            let mut args: Vec<String> = Vec::new();
            if let Some(p) = pipeline {
                args.push(format!("-passes={p}"));
            }
            args.push(path.to_str().unwrap().to_string());
            let plain = common::execute(Command::new(LW).args(&args));
            let checked_run = common::execute(Command::new(LW).arg("-verify-each").args(&args));
            assert!(
                checked_run.status.success(),
                "{} {pipeline:?} -verify-each: {}",
                path.display(),
                stderr(&checked_run)
            );
            assert_eq!(plain.status.code(), checked_run.status.code());
            assert!(
                plain.stdout == checked_run.stdout && plain.stderr == checked_run.stderr,
                "{} {pipeline:?}: -verify-each changed the output",
                path.display()
            );
            checked += 1;
        }
    }
    println!("{checked} runs with -verify-each, outputs unchanged");
}

/// `-pragma-unroll-threshold` moves the decision as in opt-19: under the
/// default the pragma loop of `crates/driver/tests/inputs/pragma_threshold.ll`
/// (outside `tests/`, so the suites that gather every module there keep
/// their counts) is fully unrolled, at 10 it is not and the remarks name
/// the fallback count.
#[test]
fn pragma_unroll_threshold_as_opt19() {
    if !have_opt("pragma_unroll_threshold_as_opt19") {
        return;
    }
    let input = common::root().join("crates/driver/tests/inputs/pragma_threshold.ll");
    let input = input.to_str().unwrap();
    let mut seen = Vec::new();
    for args in [
        &[][..],
        &["-pragma-unroll-threshold=100000"],
        &["-pragma-unroll-threshold", "10"],
        &["--pragma-unroll-threshold=10"],
    ] {
        let ours = remarks_of(LW, args, input);
        let theirs = remarks_of("opt-19", args, input);
        assert_eq!(status(&ours), Some(0), "{args:?}: {}", stderr(&ours));
        assert_eq!(stderr(&ours), stderr(&theirs), "{args:?}");
        seen.push(stderr(&ours));
    }
    assert!(seen[0].contains("completely unrolled loop with 300 iterations"));
    assert!(
        seen[2].contains("unrolled loop by a factor of 15"),
        "{}",
        seen[2]
    );
    assert_eq!(seen[2], seen[3]);
}

/// `-unroll-peel-count` peels every loop, inner loops first, so a nest
/// multiplies its code at every level; loopwright refuses a forced peel
/// that would add more than the pragma threshold of instructions (a
/// deliberate difference from opt-19, which has no bound). At the default
/// threshold both loops of the nest are peeled as opt-19 peels them; with
/// a threshold between the two loops' costs the inner loop is peeled and
/// the outer one is refused with a remark; the output verifies and runs as
/// the input does.
#[test]
fn forced_peel_is_bounded() {
    if !have_opt("forced_peel_is_bounded") {
        return;
    }
    let input = common::root().join("crates/driver/tests/inputs/peel_nest.ll");
    let input = input.to_str().unwrap();
    let peel = ["-unroll-peel-count=2"];
    let ours = remarks_of(LW, &peel, input);
    let theirs = remarks_of("opt-19", &peel, input);
    assert_eq!(status(&ours), Some(0), "{}", stderr(&ours));
    assert_eq!(stderr(&ours), stderr(&theirs));
    assert_eq!(
        stderr(&ours).matches("peeled loop by 2 iterations").count(),
        2
    );
    let bounded = ["-unroll-peel-count=2", "-pragma-unroll-threshold=40"];
    let ours = remarks_of(LW, &bounded, input);
    assert_eq!(status(&ours), Some(0), "{}", stderr(&ours));
    let text = stderr(&ours);
    assert_eq!(
        text.matches("peeled loop by 2 iterations").count(),
        1,
        "{text}"
    );
    assert!(
        text.contains("not peeled: 2 peeled iterations of a loop of size ")
            && text.contains(" would exceed the size bound 40 (-pragma-unroll-threshold)"),
        "{text}"
    );
    // The bounded output verifies and computes what the input computes.
    let dir = common::work_dir("forced_peel_is_bounded");
    let out = dir.join("out.ll");
    let run = common::execute(
        Command::new(LW)
            .args(["-passes=loop-unroll"])
            .args(bounded)
            .arg(input)
            .arg("-o")
            .arg(&out),
    );
    assert_eq!(status(&run), Some(0), "{}", stderr(&run));
    assert_eq!(common::verify_problem(&out), None);
    let expected = common::lli(std::path::Path::new(input));
    assert_eq!(common::lli_problem(&expected, &common::lli(&out)), None);
}

/// A user's interleave count that would put more lanes in flight than the
/// dependence distance allows is ignored with later LLVM's remark (a
/// deliberate fix: opt-19 vectorizes this loop by 4 with 4 interleaved
/// parts and its output computes a different result); the loop is
/// vectorized by 4 alone and runs as the input does.
#[test]
fn unsafe_forced_interleave_is_ignored() {
    if !have_opt("unsafe_forced_interleave_is_ignored") {
        return;
    }
    let input = common::root().join("crates/driver/tests/inputs/unsafe_forced_ic.ll");
    let dir = common::work_dir("unsafe_forced_interleave_is_ignored");
    let out = dir.join("out.ll");
    let run = common::execute(
        Command::new(LW)
            .args([
                "-passes=loop-vectorize",
                "-pass-remarks=loop-vectorize",
                "-pass-remarks-analysis=loop-vectorize",
            ])
            .arg(&input)
            .arg("-o")
            .arg(&out),
    );
    assert_eq!(status(&run), Some(0), "{}", stderr(&run));
    let text = stderr(&run);
    assert!(
        text.contains(
            "Ignoring user-specified interleave count due to possibly unsafe dependencies in \
             the loop."
        ) && text.contains("vectorized loop (vectorization width: 4, interleaved count: 1)"),
        "{text}"
    );
    assert_eq!(common::verify_problem(&out), None);
    let expected = common::lli(&input);
    assert_eq!(common::lli_problem(&expected, &common::lli(&out)), None);
}

/// A loop reading through 260 pointers whose hints force vectorization:
/// opt-19's alias sets saturate (at 250 pointers) and it vectorizes the
/// loop without run-time checks, which miscompiles the call where the
/// stored array overlaps a read one (it prints 59.000000). loopwright
/// checks every pair and prints what the input prints.
#[test]
fn forced_loop_with_saturated_alias_sets_is_checked() {
    if !have_opt("forced_loop_with_saturated_alias_sets_is_checked") {
        return;
    }
    let input = common::root().join("crates/driver/tests/inputs/saturated_alias_sets.ll");
    let dir = common::work_dir("forced_loop_with_saturated_alias_sets_is_checked");
    let out = dir.join("out.ll");
    let run = common::execute(
        Command::new(LW)
            .args(["-passes=loop-vectorize", "-pass-remarks=loop-vectorize"])
            .arg(&input)
            .arg("-o")
            .arg(&out),
    );
    assert_eq!(status(&run), Some(0), "{}", stderr(&run));
    assert!(
        stderr(&run).contains("vectorized loop (vectorization width: 4"),
        "{}",
        stderr(&run)
    );
    assert_eq!(common::verify_problem(&out), None);
    let text = std::fs::read_to_string(&out).unwrap();
    assert_eq!(
        text.matches(" = and i1 ").count(),
        260,
        "one check per pointer pair"
    );
    let expected = common::lli(&input);
    assert_eq!(common::lli_problem(&expected, &common::lli(&out)), None);
    // The comparison fails on opt-19's output, which has no checks.
    let theirs = dir.join("opt.ll");
    let run = common::execute(
        Command::new("opt-19")
            .args(["-passes=loop-vectorize", "-S"])
            .arg(&input)
            .arg("-o")
            .arg(&theirs),
    );
    assert_eq!(status(&run), Some(0), "{}", stderr(&run));
    assert!(
        common::lli_problem(&expected, &common::lli(&theirs)).is_some(),
        "opt-19 no longer miscompiles saturated_alias_sets.ll: update this test"
    );
}

/// `-vectorize-memory-check-threshold` and
/// `-runtime-memory-check-threshold`, in both spellings, decide as in
/// opt-19: a loop with three run-time check pairs, interleaved only
/// (forced width 1, count 2), is refused below opt-19's threshold and
/// interleaved from it on (the thresholds around the switch, 0 to 8 and
/// the default 128); the cost model vectorizes it at any run-time
/// threshold without hints, as opt-19 does. The remarks must be equal and
/// the switch must be seen (a run that ignored the option would interleave
/// at every threshold).
#[test]
fn vectorizer_check_thresholds_as_opt19() {
    if !have_opt("vectorizer_check_thresholds_as_opt19") {
        return;
    }
    let input = common::root().join("crates/driver/tests/inputs/runtime_checks_three_pairs.ll");
    let input = input.to_str().expect("a UTF-8 path");
    let remarks = |tool: &str, args: &[String]| {
        let o = common::execute(
            Command::new(tool)
                .args([
                    "-disable-output",
                    "-passes=loop-vectorize",
                    "-pass-remarks=loop-vectorize",
                    "-pass-remarks-analysis=loop-vectorize",
                    "-pass-remarks-missed=loop-vectorize",
                ])
                .args(args)
                .arg(input),
        );
        assert_eq!(status(&o), Some(0), "{tool} {args:?}: {}", stderr(&o));
        stderr(&o)
    };
    let mut refused = 0;
    let mut interleaved = 0;
    for th in [0, 1, 2, 3, 4, 5, 6, 7, 8, 128] {
        let forced = ["-force-vector-width=1", "-force-vector-interleave=2"].map(String::from);
        let theirs = remarks(
            "opt-19",
            &[
                forced.to_vec(),
                vec![format!("-vectorize-memory-check-threshold={th}")],
            ]
            .concat(),
        );
        for spelled in [
            vec![format!("-vectorize-memory-check-threshold={th}")],
            vec!["-vectorize-memory-check-threshold".into(), th.to_string()],
        ] {
            let ours = remarks(LW, &[forced.to_vec(), spelled.clone()].concat());
            assert_eq!(ours, theirs, "{spelled:?}");
        }
        if theirs.contains("interleaved loop (interleaved count: 2)") {
            interleaved += 1;
        } else {
            refused += 1;
        }
        let theirs = remarks("opt-19", &[format!("-runtime-memory-check-threshold={th}")]);
        for spelled in [
            vec![format!("-runtime-memory-check-threshold={th}")],
            vec!["-runtime-memory-check-threshold".into(), th.to_string()],
        ] {
            assert_eq!(remarks(LW, &spelled), theirs, "{spelled:?}");
        }
    }
    assert!(
        refused > 0 && interleaved > 0,
        "{refused} refused, {interleaved} interleaved"
    );
}

/// A load or store written without `align` has its scalar type's ABI
/// alignment; the vector access that replaces it must say so (`align 4`
/// for `float`), or LLVM reads the vector type's ABI alignment (32 bytes
/// for `<8 x float>`) and may emit aligned moves on unaligned data. Every
/// vector access of the output carries opt-19's alignment.
#[test]
fn vector_accesses_keep_the_scalar_alignment() {
    if !have_opt("vector_accesses_keep_the_scalar_alignment") {
        return;
    }
    let input = common::root().join("crates/driver/tests/inputs/align_less_accesses.ll");
    let dir = common::work_dir("vector_accesses_keep_the_scalar_alignment");
    let args = ["-passes=loop-vectorize", "-force-vector-width=8"];
    let vector_accesses = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.contains(" load <") || l.trim_start().starts_with("store <"))
            .map(|l| {
                let align = l
                    .split(", align ")
                    .nth(1)
                    .map(|a| a.split(',').next().unwrap_or(a));
                format!(
                    "{} align {:?}",
                    if l.contains(" load <") {
                        "load"
                    } else {
                        "store"
                    },
                    align
                )
            })
            .collect()
    };
    let (ours, theirs) = outputs_with_opt(&dir, &input, &args);
    let (a, b) = (vector_accesses(&ours), vector_accesses(&theirs));
    assert!(
        !b.is_empty() && b.iter().all(|x| x.ends_with("Some(\"4\")")),
        "{b:?}"
    );
    assert_eq!(a, b);
}

/// The output texts of loopwright and of `opt-19 -S` with the same
/// arguments on `input` (written in `dir`); both must succeed.
fn outputs_with_opt(dir: &Path, input: &Path, args: &[&str]) -> (String, String) {
    let ours = dir.join("lw.ll");
    let o = common::execute(Command::new(LW).args(args).arg(input).arg("-o").arg(&ours));
    assert_eq!(status(&o), Some(0), "{}", stderr(&o));
    let theirs = dir.join("opt.ll");
    let o = common::execute(
        Command::new("opt-19")
            .args(args)
            .arg("-S")
            .arg(input)
            .arg("-o")
            .arg(&theirs),
    );
    assert_eq!(status(&o), Some(0), "{}", stderr(&o));
    (
        std::fs::read_to_string(&ours).unwrap(),
        std::fs::read_to_string(&theirs).unwrap(),
    )
}

/// The address of each part of a widened access is opt-19's (LLVM's
/// `VPVectorPointerRecipe` and the vector loop's `cse`): part 0's pointer
/// plus `i32` offsets of `part * VF` elements, for reversed accesses
/// minus them and then `1 - VF`, `inbounds` exactly when the scalar
/// address is, and one set of pointers for a load and a store of the same
/// address. Per-part pointers of a reversed access cost an `xor` per part
/// in the vector loop (`rev_axpy_f64`: 1.15x clang's time).
#[test]
fn vector_part_pointers_are_llvms() {
    if !have_opt("vector_part_pointers_are_llvms") {
        return;
    }
    let input = common::root().join("crates/driver/tests/inputs/reverse_parts.ll");
    let dir = common::work_dir("vector_part_pointers_are_llvms");
    let args = [
        "-passes=loop-vectorize",
        "-force-vector-width=4",
        "-force-vector-interleave=4",
    ];
    // The GEPs by a constant `i32` offset, without value names.
    let part_pointers = |text: &str| -> Vec<String> {
        text.lines()
            .filter_map(|l| l.split_once(" = getelementptr "))
            .map(|(_, g)| g.trim())
            .filter(|g| {
                g.rsplit_once(", i32 ")
                    .is_some_and(|(_, c)| c.parse::<i32>().is_ok())
            })
            .map(|g| {
                let (head, c) = g.rsplit_once(", i32 ").unwrap();
                let ty = head.split(", ptr ").next().unwrap_or(head);
                format!("{ty} {c}")
            })
            .collect()
    };
    let (ours, theirs) = outputs_with_opt(&dir, &input, &args);
    let (a, b) = (part_pointers(&ours), part_pointers(&theirs));
    assert!(b.contains(&"double -3".to_owned()), "{b:?}");
    assert!(b.contains(&"inbounds float 12".to_owned()), "{b:?}");
    assert_eq!(a, b);
}

/// `--pipeline-part`: the default pipeline through `loop-vectorize`, then
/// the rest, in two runs, gives the module the whole pipeline gives (the
/// README example vectorizes and unrolls, and has a forced transformation
/// that cannot happen); `transform-warning` runs in the second part only;
/// and each part prints as what it runs.
#[test]
fn pipeline_parts_make_the_whole() {
    let dir = common::work_dir("pipeline-opt-parts");
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/saxpy.ll");
    let run = |args: &[&str], input: &str, output: &PathBuf| {
        let mut all = args.to_vec();
        all.extend([input, "-o", output.to_str().unwrap()]);
        all.push("-pass-remarks=loop-vectorize|loop-unroll");
        let o = lw(&all);
        assert!(o.status.success(), "{all:?}: {}", stderr(&o));
        let text = std::fs::read_to_string(output).unwrap();
        // The module is named after its input.
        let body = text.split_once('\n').map_or("", |(_, b)| b).to_owned();
        (body, stderr(&o))
    };
    let (whole, whole_err) = run(&[], example, &dir.join("whole.ll"));
    let first = dir.join("first.ll");
    let (_, first_err) = run(&["--pipeline-part=through-vectorize"], example, &first);
    let (second, second_err) = run(
        &["--pipeline-part=after-vectorize"],
        first.to_str().unwrap(),
        &dir.join("second.ll"),
    );
    assert_eq!(second, whole);
    assert!(first_err.contains("vectorized loop") && !first_err.contains("unrolled loop"));
    assert!(!first_err.contains("warning:"), "{first_err}");
    assert!(second_err.contains("unrolled loop") && !second_err.contains("vectorized loop"));
    assert!(second_err.contains("warning:"), "{second_err}");
    // The same diagnostics (in another order: the whole pipeline runs
    // function by function).
    let sorted = |t: &str| {
        let mut l: Vec<String> = t.lines().map(str::to_owned).collect();
        l.sort();
        l
    };
    assert_eq!(
        sorted(&format!("{first_err}{second_err}")),
        sorted(&whole_err)
    );
    let printed = |part: &str| {
        let o = lw(&[
            &format!("--pipeline-part={part}"),
            "-print-pipeline-passes",
            "-disable-output",
            example,
        ]);
        String::from_utf8(o.stdout).unwrap().trim().to_owned()
    };
    assert_eq!(
        printed("through-vectorize"),
        "function(loop(loop-unroll-full<O3>),loop-vectorize)"
    );
    assert_eq!(
        printed("after-vectorize"),
        "function(loop-unroll<O3>,transform-warning)"
    );
    let bad = lw(&["--pipeline-part=middle", example]);
    assert_eq!(status(&bad), Some(1), "{}", stderr(&bad));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Peeling leaves a branch on a constant in the loop it peeled (`i == 0`,
/// `i < 2` decided for the remaining iterations; both shapes: the
/// constant edge into the join block, and into a block only it reaches).
/// opt-19's vectorizer if-converts it, loopwright's folds it first (it
/// does not if-convert yet): where the target has masked loads (AVX2,
/// AVX-512) both vectorize every loop at the same width and interleave
/// count; on SSE2, where opt-19 would scalarize the masks (its cost model
/// finds two loops not worth it, and vectorizes the third with a
/// predicated scalar store per lane under a mask that is always false),
/// loopwright vectorizes all three. The programs print what the input
/// prints, and the output verifies.
#[test]
fn peeled_constant_branches_vectorize() {
    if !have_opt("peeled_constant_branches_vectorize") {
        return;
    }
    let dir = common::work_dir("pipeline-opt-peeled-branches");
    let src = common::root().join("crates/driver/tests/inputs/peeled_branches.c");
    for (march, opt_vectorizes) in [("x86-64", 1), ("x86-64-v3", 3), ("skylake-avx512", 3)] {
        let input = common::prepare_c(&src, march, &[format!("-march={march}")], &dir);
        let input = input.to_str().unwrap();
        let out = dir.join(format!("{march}.lw.ll"));
        let remarks = "-pass-remarks=loop-vectorize";
        let ours = lw(&[
            "-passes=function(loop(loop-unroll-full<O3>),loop-vectorize)",
            remarks,
            input,
            "-o",
            out.to_str().unwrap(),
        ]);
        assert_eq!(status(&ours), Some(0), "{march}: {}", stderr(&ours));
        let theirs = opt(&[
            "-passes=function(loop(loop-unroll-full),loop-vectorize)",
            remarks,
            "-disable-output",
            input,
        ]);
        assert_eq!(status(&theirs), Some(0), "{march}: {}", stderr(&theirs));
        assert_eq!(
            vectorized_remarks(&theirs).len(),
            opt_vectorizes,
            "{march}: {}",
            stderr(&theirs)
        );
        assert_eq!(
            vectorized_remarks(&ours).len(),
            3,
            "{march}: {}",
            stderr(&ours)
        );
        if opt_vectorizes == 3 {
            assert_eq!(
                vectorized_remarks(&ours),
                vectorized_remarks(&theirs),
                "{march}"
            );
        }
        assert_eq!(common::verify_problem(&out), None, "{march}");
        let (want, got) = (common::lli(std::path::Path::new(input)), common::lli(&out));
        assert_eq!(common::lli_problem(&want, &got), None, "{march}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `crates/driver/tests/inputs/unrolled_nests.c`: loops whose inner loops
/// have constant trip counts, vectorized after `loop-unroll-full` has
/// unrolled those (as at the split of the `-O3` pipeline, where opt-19's
/// GVN has merged the unrolled copies' repeated loads before its
/// vectorizer runs). loopwright's vectorizer must take the same decisions
/// as opt-19's run with GVN in between (`vectorized loop (...)` remarks):
/// the 3x3 blur, whose unrolled blocks are laid out out of order, is
/// vectorized (the plan follows the body's execution order), and the 8x8
/// transform loads its inputs once per iteration (one vector load, as
/// opt-19's; eight before loopwright merged the copies' loads). The loop
/// whose repeated load follows a store that may write the same address
/// keeps both loads (the program calls it on one array twice), and the
/// program prints what the input prints.
#[test]
fn unrolled_inner_loops_vectorize() {
    if !have_opt("unrolled_inner_loops_vectorize") {
        return;
    }
    let dir = common::work_dir("pipeline-opt-unrolled-nests");
    let src = common::root().join("crates/driver/tests/inputs/unrolled_nests.c");
    let input = common::prepare_c(
        &src,
        "unrolled_nests",
        &["-march=skylake-avx512".to_owned()],
        &dir,
    );
    let input = input.to_str().unwrap();
    let out = dir.join("out.ll");
    let ours = lw(&[
        "-passes=function(loop(loop-unroll-full<O3>),loop-vectorize)",
        "-pass-remarks=loop-vectorize",
        input,
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(status(&ours), Some(0), "{}", stderr(&ours));
    let theirs_out = dir.join("opt.ll");
    let theirs = opt(&[
        "-passes=function(loop(loop-unroll-full),gvn,loop-vectorize)",
        "-pass-remarks=loop-vectorize",
        "-S",
        input,
        "-o",
        theirs_out.to_str().unwrap(),
    ]);
    assert_eq!(status(&theirs), Some(0), "{}", stderr(&theirs));
    assert_eq!(vectorized_remarks(&ours), vectorized_remarks(&theirs));
    assert!(
        vectorized_remarks(&ours)
            .iter()
            .any(|r| r.contains("width: 32")),
        "the blur is vectorized: {}",
        stderr(&ours)
    );
    let vector_loads = |path: &std::path::Path, function: &str| -> usize {
        let text = std::fs::read_to_string(path).unwrap();
        let start = format!("@{function}(");
        text.split("\ndefine ")
            .find(|f| f.lines().next().is_some_and(|l| l.contains(&start)))
            .map_or(0, |f| f.matches("= load <").count())
    };
    assert_eq!(
        vector_loads(&out, "dct8"),
        1,
        "the transform's inputs load once"
    );
    assert_eq!(vector_loads(&theirs_out, "dct8"), 1);
    assert_eq!(
        vector_loads(&out, "reread"),
        vector_loads(&theirs_out, "reread"),
        "a load after a store that may alias it stays"
    );
    assert_eq!(common::verify_problem(&out), None);
    let (want, got) = (common::lli(std::path::Path::new(input)), common::lli(&out));
    assert_eq!(common::lli_problem(&want, &got), None);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `crates/driver/tests/inputs/narrow_wrap.c` (found by difftest, seed
/// 112806 program 474): the loop is vectorized under a no-wrap check of a
/// recurrence in 6 bits whose start is 0 and step positive; the check
/// must still include the overflow of `|step| * count` (LLVM's
/// `generateOverflowCheck` ors it in after the end check), or it passes
/// and the vector loop reads what the scalar loop overwrote. The program
/// prints what the input prints (it did not before the fix).
#[test]
fn narrow_no_wrap_check_counts_the_multiplication() {
    if !have_opt("narrow_no_wrap_check_counts_the_multiplication") {
        return;
    }
    let dir = common::work_dir("pipeline-opt-narrow-wrap");
    let src = common::root().join("crates/driver/tests/inputs/narrow_wrap.c");
    let input = common::prepare_c(&src, "narrow_wrap", &[], &dir);
    let out = dir.join("out.ll");
    let o = lw(&[
        "-passes=loop-vectorize",
        "-pass-remarks=loop-vectorize",
        input.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(status(&o), Some(0), "{}", stderr(&o));
    // The loop is vectorized (under the check), as opt-19 vectorizes it.
    assert!(stderr(&o).contains("vectorized loop"), "{}", stderr(&o));
    assert_eq!(common::verify_problem(&out), None);
    let (want, got) = (common::lli(&input), common::lli(&out));
    assert_eq!(common::lli_problem(&want, &got), None);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `-print-vectorizer-cost` and `-print-vplan` each print on their own
/// (standard error; the module on standard output unchanged by them): the
/// cost model's candidates, and the plans, with a vectorized epilogue's
/// plan after the main one.
#[test]
fn vectorizer_debug_prints_work_alone() {
    if !have_opt("vectorizer_debug_prints_work_alone") {
        return;
    }
    let input = common::root().join("tests/vectorize/epilogue/epilogue.c");
    let dir = common::work_dir("vectorizer_debug_prints_work_alone");
    let ll = common::prepare_c(&input, "epilogue", &["-march=x86-64-v3".to_owned()], &dir);
    let ll = ll.display().to_string();
    let plain = lw(&["-passes=loop-vectorize", &ll, "-o", "-"]);
    assert_eq!(status(&plain), Some(0), "{}", stderr(&plain));
    assert!(
        stderr(&plain).is_empty(),
        "no print without the flags: {}",
        stderr(&plain)
    );
    let cost = lw(&[
        "-passes=loop-vectorize",
        "-print-vectorizer-cost",
        &ll,
        "-o",
        "-",
    ]);
    let cost_err = stderr(&cost);
    assert!(cost_err.contains("LV(cost): @add_u8 loop"), "{cost_err}");
    assert!(
        cost_err.contains("  chosen: width 32, interleave 4"),
        "{cost_err}"
    );
    assert!(
        cost_err.contains("epilogue vectorized at width 16"),
        "{cost_err}"
    );
    assert!(!cost_err.contains("VPlan for loop"), "{cost_err}");
    let plans = lw(&["-passes=loop-vectorize", "-print-vplan", &ll, "-o", "-"]);
    let plan_err = stderr(&plans);
    assert!(plan_err.contains("VPlan for loop"), "{plan_err}");
    assert!(plan_err.contains("epilogue VPlan for loop"), "{plan_err}");
    assert!(plan_err.contains("VF=16, IC=1"), "{plan_err}");
    for o in [&cost, &plans] {
        assert_eq!(o.stdout, plain.stdout, "a debug print changed the output");
    }
}

/// Loops for `-debug-only`, after [`INPUT`]'s (a runtime trip count, a
/// constant one): a header whose address is taken (with an unroll count in
/// its metadata, which `UnrollLoop`'s legality then refuses), a search
/// loop whose exit
/// count scalar evolution cannot compute (no runtime remainder), and a
/// top-tested loop for `loop-rotate` (whose latch does not exit: no
/// runtime remainder before it is rotated).
const DEBUG_EXTRA: &str = "\
@addr = global ptr blockaddress(@taken, %loop)

define void @taken(ptr %p, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %a = getelementptr inbounds i32, ptr %p, i32 %i
  store i32 %i, ptr %a, align 4
  %i.next = add nsw i32 %i, 1
  %d = icmp slt i32 %i.next, %n
  br i1 %d, label %loop, label %exit, !llvm.loop !0
exit:
  ret void
}

define i64 @scan(ptr %s) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %a = getelementptr inbounds i8, ptr %s, i64 %i
  %c = load i8, ptr %a, align 1
  %i.next = add nuw i64 %i, 1
  %z = icmp eq i8 %c, 0
  br i1 %z, label %exit, label %loop
exit:
  ret i64 %i
}

define void @toptested(ptr %p, i32 %n) {
entry:
  br label %cond
cond:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit
body:
  %a = getelementptr inbounds i32, ptr %p, i32 %i
  store i32 %i, ptr %a, align 4
  %i.next = add nsw i32 %i, 1
  br label %cond
exit:
  ret void
}

!0 = distinct !{!0, !1}
!1 = !{!\"llvm.loop.unroll.count\", i32 2}
";

/// The `-debug-only` lines of a run (standard error without the
/// remarks).
fn debug_lines(o: &Output, prefix: &str) -> Vec<String> {
    stderr(o)
        .lines()
        .filter(|l| l.starts_with(prefix))
        .map(str::to_owned)
        .collect()
}

/// `-debug-only=loop-unroll` and `-debug-only=loop-rotate` print one line
/// per loop the pass considers, with the decision and its reason (a
/// rejection by its `Rejection` variant), to standard error; the output
/// is the same as without them.
#[test]
fn debug_only_prints_decisions() {
    let dir = common::work_dir("pipeline-opt-debug-only");
    let input = dir.join("in.ll");
    std::fs::write(&input, format!("{INPUT}\n{DEBUG_EXTRA}")).unwrap();
    let input = input.display().to_string();
    let unroll = ["-passes=loop-unroll<O3>", "-unroll-runtime", &input];
    let plain = lw(&unroll);
    assert_eq!(status(&plain), Some(0), "{}", stderr(&plain));
    assert!(stderr(&plain).is_empty(), "{}", stderr(&plain));
    let mut args = unroll.to_vec();
    args.push("-debug-only=loop-unroll");
    let debug = lw(&args);
    assert_eq!(status(&debug), Some(0), "{}", stderr(&debug));
    assert_eq!(debug.stdout, plain.stdout, "-debug-only changed the output");
    assert_eq!(
        debug_lines(&debug, "loop-unroll"),
        [
            "loop-unroll: loop %loop in @runtime: partially unrolled by 8 (runtime, epilog remainder)",
            "loop-unroll: loop %loop in @constant: fully unrolled (count 10)",
            "loop-unroll: loop %loop in @taken: not unrolled: HeaderAddressTaken (loop header has its address taken)",
            "loop-unroll: loop %loop in @scan: not unrolled: NoExitCount (Could not compute exit block SCEV)",
            // Top-tested: the latch does not exit, so no remainder.
            "loop-unroll: loop %cond in @toptested: not unrolled: LatchBranch (Loop latch not \
             terminated by a conditional branch.)",
        ]
    );
    // A forced count without a remainder keeps every exit test.
    let forced = lw(&[
        "-passes=loop-unroll<O3>",
        "-unroll-runtime",
        "-unroll-count=4",
        "-debug-only=loop-unroll",
        &input,
    ]);
    assert!(
        debug_lines(&forced, "loop-unroll").contains(
            &"loop-unroll: loop %loop in @scan: partially unrolled by 4 (forced, no remainder: \
              NoExitCount (Could not compute exit block SCEV); every exit test kept)"
                .to_owned()
        ),
        "{}",
        stderr(&forced)
    );
    // Rotation, alone and in a list with the unroller (`loop-unroll-full`
    // prints with its own name).
    let rotate = lw(&[
        "-passes=loop(loop-rotate),loop-unroll-full",
        "-debug-only=loop-rotate,loop-unroll",
        &input,
    ]);
    assert_eq!(status(&rotate), Some(0), "{}", stderr(&rotate));
    let rotate_plain = lw(&["-passes=loop(loop-rotate),loop-unroll-full", &input]);
    assert_eq!(
        rotate.stdout, rotate_plain.stdout,
        "-debug-only changed the output"
    );
    assert_eq!(
        debug_lines(&rotate, "loop-rotate"),
        [
            "loop-rotate: loop %loop in @runtime: not rotated: SingleBlock (loop has a single block)",
            "loop-rotate: loop %loop in @constant: not rotated: SingleBlock (loop has a single block)",
            "loop-rotate: loop %loop in @taken: not rotated: SingleBlock (loop has a single block)",
            "loop-rotate: loop %loop in @scan: not rotated: SingleBlock (loop has a single block)",
            "loop-rotate: loop %cond in @toptested: rotated (new header %body)",
        ]
    );
    assert!(
        debug_lines(&rotate, "loop-unroll-full").contains(
            &"loop-unroll-full: loop %loop in @constant: fully unrolled (count 10)".to_owned()
        ),
        "{}",
        stderr(&rotate)
    );
    let only_rotate = lw(&[
        "-passes=loop(loop-rotate),loop-unroll-full",
        "-debug-only=loop-rotate",
        &input,
    ]);
    assert!(debug_lines(&only_rotate, "loop-unroll").is_empty());
}
