//! The code size of `getelementptr` against opt-19's
//! (`opt-19 -passes='print<cost-model>' -cost-kind=code-size`): whether an
//! address computation folds into an x86 addressing mode decides loop sizes,
//! and so unroll counts.
//!
//! Two sources of GEPs:
//! - generated probes: random source types (scalars, structs of 3, 8 and 16
//!   bytes, packed structs, arrays of zero and non-zero length, vectors,
//!   nested arrays), constant and variable indices (constants up to and
//!   past the 32-bit displacement), on a register, a `dso_local` global, an
//!   external global and `null`, with and without indices;
//! - every GEP of the repository's `.ll` inputs and of its C programs
//!   compiled by clang-19 at `-O2`.
//!
//! Both under opt's default relocation model (`static`) and under `pic`
//! (`-relocation-model=pic` to opt-19, `Module::relocation_model` here),
//! where a 64-bit global's address folds only alone or with an unscaled
//! index.
//!
//! Every GEP's cost must equal opt-19's; the counts are floors.
//! [`comparison_fails_on_a_wrong_cost`] shows the comparison failing when one
//! cost is wrong. Skipped with a notice when opt-19 or clang-19 is missing
//! (an error under `CI=1`).

use loopwright_ir::{Module, Opcode, RelocModel};
use loopwright_testkit::rng::Rng;
use loopwright_testkit::run::{run, TIMEOUT};
use loopwright_testkit::tools::{CLANG, OPT};
use std::path::{Path, PathBuf};
use std::process::Command;

/// GEP costs per function, in the order of the function's instructions.
type Costs = Vec<(String, Vec<u32>)>;

fn ours(m: &Module) -> Costs {
    let model = loopwright_target::TargetModel::from_attrs(&Default::default());
    let mut out = Vec::new();
    for f in m.functions.values() {
        if f.is_declaration() {
            continue;
        }
        let mut costs = Vec::new();
        for b in f.layout.blocks() {
            for i in f.layout.block_insts(b) {
                let data = f.inst(i);
                if data.opcode == Opcode::GetElementPtr {
                    costs.push(model.code_size(m, f, data));
                }
            }
        }
        out.push((f.name().unwrap_or("").to_owned(), costs));
    }
    out
}

/// opt-19's GEP costs, read from its `print<cost-model>` output.
fn theirs(file: &Path, rm: RelocModel) -> Result<Costs, String> {
    let fin = run(
        Command::new(OPT)
            .arg("-passes=print<cost-model>")
            .arg(format!("-relocation-model={}", rm.name()))
            .arg("-cost-kind=code-size")
            .arg("-disable-output")
            .arg(file),
        TIMEOUT,
    );
    if !fin.success() {
        return Err(format!("opt-19 failed: {}", fin.stderr_text()));
    }
    let mut out: Costs = Vec::new();
    for line in fin.stderr_text().lines() {
        if let Some(rest) =
            line.strip_prefix("Printing analysis 'Cost Model Analysis' for function '")
        {
            out.push((rest.trim_end_matches("':").to_owned(), Vec::new()));
            continue;
        }
        let Some(rest) = line.strip_prefix("Cost Model: Found an estimated cost of ") else {
            continue;
        };
        let Some((n, inst)) = rest.split_once(" for instruction:") else {
            continue;
        };
        let inst = inst.trim_start();
        let is_gep = inst.starts_with('%')
            && inst
                .split_once(" = ")
                .is_some_and(|(_, r)| r.starts_with("getelementptr "));
        if !is_gep {
            continue;
        }
        let cost = n.parse().map_err(|_| format!("bad cost line: {line}"))?;
        match out.last_mut() {
            Some((_, v)) => v.push(cost),
            None => return Err(format!("cost before a function header: {line}")),
        }
    }
    Ok(out)
}

/// Compares the two lists; returns the number of GEPs compared and the
/// differences.
fn compare(what: &str, ours: &Costs, theirs: &Costs) -> (usize, Vec<String>) {
    let mut diffs = Vec::new();
    let mut compared = 0;
    for (name, t) in theirs {
        let Some((_, o)) = ours.iter().find(|(n, _)| n == name) else {
            diffs.push(format!("{what}: @{name}: not in loopwright's module"));
            continue;
        };
        if o.len() != t.len() {
            diffs.push(format!(
                "{what}: @{name}: {} GEPs, opt-19 printed {}",
                o.len(),
                t.len()
            ));
            continue;
        }
        for (k, (a, b)) in o.iter().zip(t).enumerate() {
            compared += 1;
            if a != b {
                diffs.push(format!(
                    "{what}: @{name}: GEP #{k} costs {a}, opt-19 says {b}"
                ));
            }
        }
    }
    (compared, diffs)
}

/// The relocation models compared, with the suffix of their floors.
const MODELS: [(RelocModel, &str); 2] = [(RelocModel::Static, ""), (RelocModel::Pic, ".pic")];

fn check_file(path: &Path, rm: RelocModel) -> Result<(usize, Vec<String>), String> {
    let src = std::fs::read(path).map_err(|e| e.to_string())?;
    let name = format!("{} ({})", path.display(), rm.name());
    let mut m = loopwright_parse::parse_module(&src, &name).map_err(|e| e.render(&name, &src))?;
    m.relocation_model = rm;
    let t = theirs(path, rm)?;
    Ok(compare(&name, &ours(&m), &t))
}

const TYPES: &[&str] = &[
    "i8",
    "i16",
    "i24",
    "i32",
    "i64",
    "i128",
    "double",
    "x86_fp80",
    "ptr",
    "%S",
    "%P",
    "%T",
    "%Packed",
    "[0 x %S]",
    "[0 x i64]",
    "[4 x i32]",
    "[3 x i8]",
    "[5 x i8]",
    "[9 x i8]",
    "[6 x i8]",
    "[2 x [3 x i16]]",
    "<4 x i32>",
    "<3 x i8>",
    "{ i8, [0 x i32] }",
];

/// The element types a GEP index steps into after the first index.
fn inner(ty: &str) -> Option<(&str, Option<usize>)> {
    // (element, Some(field count)) for structs, (element, None) for arrays.
    Some(match ty {
        "%S" => ("i32|ptr", Some(2)),
        "%P" => ("i32|i32", Some(2)),
        "%T" => ("i8|i8|i8", Some(3)),
        "%Packed" => ("i8|i16", Some(2)),
        "{ i8, [0 x i32] }" => ("i8|[0 x i32]", Some(2)),
        "[0 x %S]" | "[0 x i64]" | "[4 x i32]" | "[3 x i8]" | "[5 x i8]" | "[9 x i8]"
        | "[6 x i8]" | "[2 x [3 x i16]]" | "<4 x i32>" | "<3 x i8>" => {
            let (_, e) = ty[1..ty.len() - 1].split_once(" x ").unwrap();
            (e, None)
        }
        _ => return None,
    })
}

fn constant(rng: &mut Rng) -> i64 {
    *rng.pick(&[
        0,
        1,
        -1,
        2,
        7,
        100,
        1 << 20,
        (1 << 24) / 4,
        i64::from(i32::MAX),
        i64::from(i32::MAX) / 4 + 1,
        i64::from(i32::MIN),
        1 << 40,
    ])
}

/// One module of random GEPs (unused: the size model counts them all).
fn probes(seed: u64, count: usize) -> String {
    let mut rng = Rng::new(seed);
    let mut s = String::from(
        "target datalayout = \"e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128\"\n\
         target triple = \"x86_64-pc-linux-gnu\"\n\n\
         %S = type { i32, ptr }\n%P = type { i32, i32 }\n%T = type { i8, i8, i8 }\n\
         %Packed = type <{ i8, i16 }>\n\n\
         @g = dso_local global [4096 x i8] zeroinitializer\n\
         @local = internal global [4096 x i8] zeroinitializer\n\
         @ext = external global [4096 x i8]\n\n\
         define void @probes(ptr %p, i64 %k, i32 %j) {\nentry:\n",
    );
    for n in 0..count {
        let src = *rng.pick(TYPES);
        let base = *rng.pick(&["%p", "%p", "@g", "@local", "@ext", "null"]);
        let mut idx = Vec::new();
        if !rng.chance(0.05) {
            let first = match rng.below(4) {
                0 => "i64 %k".to_owned(),
                1 => "i32 %j".to_owned(),
                _ => format!("i64 {}", constant(&mut rng)),
            };
            idx.push(first);
            let mut ty = src.to_owned();
            while rng.chance(0.7) {
                let Some((elem, fields)) = inner(&ty) else {
                    break;
                };
                match fields {
                    Some(nf) => {
                        let f = rng.below(nf);
                        idx.push(format!("i32 {f}"));
                        ty = elem.split('|').nth(f).unwrap().to_owned();
                    }
                    None => {
                        idx.push(match rng.below(3) {
                            0 => "i64 %k".to_owned(),
                            _ => format!("i64 {}", constant(&mut rng)),
                        });
                        ty = elem.to_owned();
                    }
                }
            }
        }
        let inb = if rng.chance(0.5) { "inbounds " } else { "" };
        let mut line = format!("  %g{n} = getelementptr {inb}{src}, ptr {base}");
        for i in idx {
            line += ", ";
            line += &i;
        }
        s += &line;
        s += "\n";
    }
    s += "  ret void\n}\n";
    s
}

fn work_dir() -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join("gep-size");
    std::fs::create_dir_all(&d).expect("create the work directory");
    d
}

#[test]
fn generated_geps_cost_as_in_opt19() {
    if !loopwright_testkit::tools::require(&[OPT]) {
        return;
    }
    let dir = work_dir();
    let mut diffs = Vec::new();
    let mut paths = Vec::new();
    for seed in 0..8u64 {
        let path = dir.join(format!("probes{seed}.ll"));
        std::fs::write(&path, probes(0x6e9 + seed, 400)).expect("write the probes");
        paths.push(path);
    }
    let mut floors = Vec::new();
    for (rm, suffix) in MODELS {
        let mut compared = 0;
        for path in &paths {
            match check_file(path, rm) {
                Ok((n, d)) => {
                    compared += n;
                    diffs.extend(d);
                }
                Err(e) => diffs.push(format!("{}: {e}", path.display())),
            }
        }
        eprintln!(
            "gep_size ({}): {compared} generated GEPs compared, {} differ so far",
            rm.name(),
            diffs.len()
        );
        floors.push((format!("target.gep_size.generated{suffix}"), compared));
    }
    assert!(diffs.is_empty(), "{}", diffs.join("\n"));
    let floors: Vec<(&str, usize)> = floors.iter().map(|(k, n)| (k.as_str(), *n)).collect();
    loopwright_testkit::floors::check_all(&floors);
}

/// The repository's `.ll` inputs (not the malformed ones) and its C
/// programs compiled at -O2.
#[test]
fn repository_geps_cost_as_in_opt19() {
    if !loopwright_testkit::tools::require(&[OPT, CLANG]) {
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut lls = Vec::new();
    let mut cs = Vec::new();
    let mut stack = vec![
        root.join("tests"),
        root.join("examples"),
        root.join("bench"),
    ];
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                if !p.ends_with("malformed") {
                    stack.push(p);
                }
            } else if p.extension().is_some_and(|x| x == "ll") {
                lls.push(p);
            } else if p.extension().is_some_and(|x| x == "c") {
                cs.push(p);
            }
        }
    }
    lls.sort();
    cs.sort();
    let dir = work_dir();
    for (k, c) in cs.iter().enumerate() {
        let out = dir.join(format!("c{k}.ll"));
        let fin = run(
            Command::new(CLANG)
                .args(["-O2", "-S", "-emit-llvm", "-w", "-o"])
                .arg(&out)
                .arg(c),
            TIMEOUT,
        );
        if fin.success() {
            lls.push(out);
        }
    }
    let mut diffs = Vec::new();
    let mut floors = Vec::new();
    for (rm, suffix) in MODELS {
        let mut compared = 0;
        let mut files = 0;
        for p in &lls {
            match check_file(p, rm) {
                Ok((n, d)) => {
                    files += 1;
                    compared += n;
                    diffs.extend(d);
                }
                // Inputs opt-19 or the parser refuses on purpose (unverified
                // hand-written modules) are not this test's business.
                Err(e) => eprintln!(
                    "gep_size: skipped {}: {}",
                    p.display(),
                    e.lines().next().unwrap_or("")
                ),
            }
        }
        eprintln!(
            "gep_size ({}): {compared} GEPs in {files} modules compared ({} C programs), {} differ so far",
            rm.name(),
            cs.len(),
            diffs.len()
        );
        floors.push((format!("target.gep_size.modules{suffix}"), files));
        floors.push((format!("target.gep_size.repository{suffix}"), compared));
    }
    assert!(diffs.is_empty(), "{}", diffs.join("\n"));
    let floors: Vec<(&str, usize)> = floors.iter().map(|(k, n)| (k.as_str(), *n)).collect();
    loopwright_testkit::floors::check_all(&floors);
}

/// A wrong cost (one GEP's cost changed) fails the comparison; so do a
/// missing GEP and a missing function.
#[test]
fn comparison_fails_on_a_wrong_cost() {
    let theirs: Costs = vec![("f".into(), vec![0, 1, 0]), ("g".into(), vec![1])];
    let right = theirs.clone();
    assert_eq!(compare("self", &right, &theirs), (4, vec![]));
    let mut wrong = theirs.clone();
    wrong[0].1[1] = 0;
    assert_eq!(compare("self", &wrong, &theirs).1.len(), 1);
    let mut short = theirs.clone();
    short[0].1.pop();
    assert_eq!(compare("self", &short, &theirs).1.len(), 1);
    let missing: Costs = vec![theirs[0].clone()];
    assert_eq!(compare("self", &missing, &theirs).1.len(), 1);
}
