//! Alias analysis answers are true of the addresses: random functions of
//! `aa_gen` (GEP chains over scalar, array and struct types with constant
//! and variable indices, integer arithmetic with and without wrap flags,
//! extensions and truncations, selects; allocas, globals and pointer
//! arguments as bases; `memcpy`/`memset` calls), each access's address
//! replayed under many assignments of the arguments with LangRef's
//! semantics (poison and out-of-object accesses excluded). For every pair
//! of accesses (without their metadata, which says nothing about
//! addresses):
//! - NoAlias: the two byte ranges never overlap;
//! - MustAlias: they always start at the same address of one object;
//! - PartialAlias: they always overlap, and with an offset, the second
//!   always starts that many bytes after the first;
//!
//! each asked both ways round (BasicAA's answer may depend on the order,
//! LLVM's too).
//!
//! For every `memcpy`/`memset` of a constant size against every access: no
//! Mod means the written bytes never overlap the access, no Ref the same of
//! the bytes read.
//!
//! Whether the answers are also LLVM's is `aa_llvm.rs` of the driver (the
//! same generator against `opt-19`). `checker_fails_on_wrong_answers` shows
//! the checks failing on deliberately wrong answers, and the main test
//! requires each kind of claim to be checked often enough to matter.

mod aa_gen;

use aa_gen::{Call, Escape, Function as GenFn, OBJECTS};
use loopwright_analysis::aa::{AaTags, AliasAnalysis, AliasResult, MemoryLocation, ModRefInfo};
use loopwright_analysis::{ControlFlowGraph, DominatorTree, LoopForest};
use loopwright_ir::{Inst, Opcode};
use loopwright_testkit::Rng;

/// What one assignment shows of two byte ranges.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Seen {
    /// One of them cannot happen (poison, outside its object), or one is
    /// in an argument's unknown object and the other in another object.
    Unknown,
    /// In two distinct objects.
    Apart,
    /// In one object: `[a0, a1)` and `[b0, b1)`.
    Same(i128, i128, i128, i128),
}

fn seen(a: Option<(usize, i128, i128)>, b: Option<(usize, i128, i128)>) -> Seen {
    match (a, b) {
        (Some((oa, a0, a1)), Some((ob, b0, b1))) => {
            if oa == ob {
                Seen::Same(a0, a1, b0, b1)
            } else if OBJECTS[oa].size.is_some() && OBJECTS[ob].size.is_some() {
                Seen::Apart
            } else {
                Seen::Unknown
            }
        }
        _ => Seen::Unknown,
    }
}

fn overlap(s: Seen) -> Option<bool> {
    match s {
        Seen::Unknown => None,
        Seen::Apart => Some(false),
        Seen::Same(a0, a1, b0, b1) => Some(a0 < b1 && b0 < a1),
    }
}

/// Whether alias answer `r` holds of everything seen.
fn alias_holds(r: AliasResult, seen: &[Seen]) -> Result<(), String> {
    for (k, s) in seen.iter().enumerate() {
        let ok = match r {
            AliasResult::MayAlias => true,
            AliasResult::NoAlias => overlap(*s) != Some(true),
            AliasResult::MustAlias => match s {
                Seen::Unknown => true,
                Seen::Apart => false,
                Seen::Same(a0, _, b0, _) => a0 == b0,
            },
            AliasResult::PartialAlias(off) => match s {
                Seen::Unknown => true,
                Seen::Apart => false,
                Seen::Same(a0, _, b0, _) => {
                    overlap(*s) == Some(true) && off.is_none_or(|d| b0 - a0 == d as i128)
                }
            },
        };
        if !ok {
            return Err(format!("{r} is false under assignment {k}: {s:?}"));
        }
    }
    Ok(())
}

/// Whether mod/ref answer `mr` of a call writing `writes` and reading
/// `reads` against a location holds (one assignment each).
fn mod_ref_holds(mr: ModRefInfo, writes: &[Seen], reads: &[Seen]) -> Result<(), String> {
    for (k, s) in writes.iter().enumerate() {
        if !mr.is_mod() && overlap(*s) == Some(true) {
            return Err(format!(
                "{mr:?}, but the call writes the location under assignment {k}: {s:?}"
            ));
        }
    }
    for (k, s) in reads.iter().enumerate() {
        if !mr.is_ref() && overlap(*s) == Some(true) {
            return Err(format!(
                "{mr:?}, but the call reads the location under assignment {k}: {s:?}"
            ));
        }
    }
    Ok(())
}

/// Counts of the claims checked (answers other than MayAlias/ModRef on
/// pairs where some assignment decided the question).
#[derive(Default, Debug)]
struct Counts {
    functions: usize,
    pairs: usize,
    no_alias: usize,
    must_alias: usize,
    partial: usize,
    partial_offset: usize,
    /// NoAlias of two accesses in one object with a variable index.
    no_alias_variable: usize,
    mod_ref_checked: usize,
    mod_ref_claims: usize,
}

fn has_variable_index(f: &GenFn, ptr: usize) -> bool {
    match &f.ptrs[ptr].def {
        aa_gen::PtrDef::Obj(_) => false,
        aa_gen::PtrDef::Phi { .. } => true,
        aa_gen::PtrDef::Select { a, b } => has_variable_index(f, *a) || has_variable_index(f, *b),
        aa_gen::PtrDef::Gep { base, idx, .. } => {
            idx.iter().any(|i| matches!(i, aa_gen::Idx::Var(_))) || has_variable_index(f, *base)
        }
    }
}

/// Checks every answer in the module of `seed`; returns the failures.
/// With `wrong`, each answer is replaced by a wrong one first (MayAlias
/// by NoAlias, MustAlias by a partial overlap, a partial overlap by
/// MustAlias; ModRef by NoModRef), for the self-test.
fn check_module(seed: u64, functions: usize, counts: &mut Counts, wrong: bool) -> Vec<String> {
    let (text, gens) = aa_gen::module(seed, functions);
    let m = match loopwright_parse::parse_module(text.as_bytes(), "aa_gen.ll") {
        Ok(m) => m,
        Err(e) => return vec![format!("seed {seed}: does not parse: {e:?}")],
    };
    let mut rng = Rng::new(seed ^ 0x5eed);
    let envs = aa_gen::assignments(&mut rng, 96);
    let mut failures = Vec::new();
    for g in &gens {
        counts.functions += 1;
        let fid = m.function_by_name(&g.name).expect("generated function");
        let f = &m.functions[fid];
        let cfg = ControlFlowGraph::compute(f);
        let dt = DominatorTree::compute(&cfg);
        let lf = LoopForest::compute(&cfg, &dt);
        let mut aa = AliasAnalysis::new(&m, f, &cfg, &dt, &lf);
        let insts: Vec<Inst> = f
            .layout
            .blocks()
            .flat_map(|b| f.layout.block_insts(b))
            .collect();
        // The accesses, after the stores that let allocas escape.
        let escape_stores = g.escapes.iter().filter(|e| **e == Escape::Store).count();
        let accesses: Vec<Inst> = insts
            .iter()
            .copied()
            .filter(|&i| matches!(f.inst(i).opcode, Opcode::Load | Opcode::Store))
            .skip(escape_stores)
            .collect();
        assert_eq!(accesses.len(), g.accesses.len(), "{}", g.name);
        let locs: Vec<MemoryLocation> = accesses
            .iter()
            .map(|&i| {
                aa.location_of(i)
                    .expect("location")
                    .with_tags(AaTags::default())
            })
            .collect();
        let ranges: Vec<Vec<_>> = (0..g.accesses.len())
            .map(|k| envs.iter().map(|e| g.eval_access(k, e)).collect())
            .collect();
        let context = |what: String| format!("seed {seed}, @{}: {what}\n{}", g.name, g.text());
        for i in 0..locs.len() {
            for j in i + 1..locs.len() {
                let mut r = aa.alias(&locs[i], &locs[j]);
                let back = aa.alias(&locs[j], &locs[i]);
                if wrong {
                    r = match r {
                        AliasResult::MayAlias => AliasResult::NoAlias,
                        AliasResult::MustAlias => AliasResult::PartialAlias(Some(1)),
                        AliasResult::PartialAlias(_) => AliasResult::MustAlias,
                        AliasResult::NoAlias => AliasResult::NoAlias,
                    };
                }
                let s: Vec<Seen> = (0..envs.len())
                    .map(|e| seen(ranges[i][e], ranges[j][e]))
                    .collect();
                // The query the other way round (LLVM's answers may differ
                // with the order, and so may ours; both must hold).
                let s_back: Vec<Seen> = (0..envs.len())
                    .map(|e| seen(ranges[j][e], ranges[i][e]))
                    .collect();
                if let Err(e) = alias_holds(back, &s_back) {
                    failures.push(context(format!("accesses {j} and {i}: {e}")));
                }
                let decided = s.iter().any(|x| *x != Seen::Unknown);
                counts.pairs += 1;
                if decided {
                    match r {
                        AliasResult::NoAlias => {
                            counts.no_alias += 1;
                            let same = s.iter().any(|x| matches!(x, Seen::Same(..)));
                            if same
                                && (has_variable_index(g, g.accesses[i].ptr)
                                    || has_variable_index(g, g.accesses[j].ptr))
                            {
                                counts.no_alias_variable += 1;
                            }
                        }
                        AliasResult::MustAlias => counts.must_alias += 1,
                        AliasResult::PartialAlias(o) => {
                            counts.partial += 1;
                            counts.partial_offset += o.is_some() as usize;
                        }
                        AliasResult::MayAlias => {}
                    }
                }
                if let Err(e) = alias_holds(r, &s) {
                    failures.push(context(format!("accesses {i} and {j}: {e}")));
                }
            }
        }
        // memcpy and memset of constant sizes against every access.
        let escape_calls = g
            .escapes
            .iter()
            .filter(|e| matches!(e, Escape::Call | Escape::NoCapture))
            .count();
        let calls: Vec<Inst> = insts
            .iter()
            .copied()
            .filter(|&i| f.inst(i).opcode == Opcode::Call)
            .skip(escape_calls)
            .collect();
        assert_eq!(calls.len(), g.calls.len(), "{}", g.name);
        for (c, (_, call)) in calls.iter().zip(&g.calls) {
            let (dst, src, len) = match *call {
                Call::Memcpy(d, s, n) if n > 0 => (d, Some(s), n),
                Call::Memset(d, n) => (d, None, n),
                _ => continue,
            };
            for (k, loc) in locs.iter().enumerate() {
                let mut mr = aa.mod_ref(*c, loc);
                if wrong {
                    mr = ModRefInfo::NoModRef;
                }
                // Constant memory: LLVM answers NoModRef for it (a call
                // cannot change it, so what reads it does not matter).
                let at = |e: usize| ranges[k][e].filter(|r| OBJECTS[r.0].name != "@k");
                let writes: Vec<Seen> = envs
                    .iter()
                    .enumerate()
                    .map(|(e, env)| seen(g.eval_range(dst, len, env), at(e)))
                    .collect();
                let reads: Vec<Seen> = match src {
                    Some(s) => envs
                        .iter()
                        .enumerate()
                        .map(|(e, env)| seen(g.eval_range(s, len, env), at(e)))
                        .collect(),
                    None => Vec::new(),
                };
                counts.mod_ref_checked += 1;
                if mr != ModRefInfo::ModRef {
                    counts.mod_ref_claims += 1;
                }
                if let Err(e) = mod_ref_holds(mr, &writes, &reads) {
                    failures.push(context(format!(
                        "call {} against access {k}: {e}",
                        call.text(g)
                    )));
                }
            }
        }
    }
    failures
}

/// Modules and functions per module of the run.
const MODULES: u64 = 100;
const FUNCTIONS: usize = 50;

#[test]
fn alias_answers_hold_of_the_addresses() {
    let mut counts = Counts::default();
    let mut failures = Vec::new();
    for seed in 0..MODULES {
        failures.extend(check_module(seed, FUNCTIONS, &mut counts, false));
    }
    eprintln!("aa_props: {counts:?}");
    for f in &failures {
        eprintln!("{}", f.lines().next().unwrap_or(""));
    }
    assert!(
        failures.is_empty(),
        "{} false answers; the first:\n{}",
        failures.len(),
        failures[..failures.len().min(3)].join("\n\n")
    );
    // The claims are not vacuous: each kind of answer is checked often.
    assert!(counts.no_alias_variable >= 300, "{counts:?}");
    assert!(counts.must_alias >= 100, "{counts:?}");
    assert!(counts.partial_offset >= 100, "{counts:?}");
    assert!(counts.mod_ref_claims >= 200, "{counts:?}");
}

#[test]
fn checker_fails_on_wrong_answers() {
    use AliasResult::*;
    // [0, 4) and [2, 6) of one object; [0, 4) twice; two objects.
    let partial = [Seen::Same(0, 4, 2, 6)];
    let same = [Seen::Same(0, 4, 0, 4)];
    let apart = [Seen::Apart];
    let disjoint = [Seen::Same(0, 4, 4, 8)];
    assert!(alias_holds(PartialAlias(Some(2)), &partial).is_ok());
    assert!(alias_holds(MustAlias, &same).is_ok());
    assert!(alias_holds(NoAlias, &apart).is_ok());
    assert!(alias_holds(NoAlias, &disjoint).is_ok());
    assert!(alias_holds(MayAlias, &partial).is_ok());
    // Wrong answers.
    assert!(alias_holds(NoAlias, &partial).is_err());
    assert!(alias_holds(NoAlias, &same).is_err());
    assert!(alias_holds(MustAlias, &partial).is_err());
    assert!(alias_holds(MustAlias, &apart).is_err());
    assert!(alias_holds(PartialAlias(Some(-2)), &partial).is_err());
    assert!(alias_holds(PartialAlias(None), &disjoint).is_err());
    assert!(alias_holds(PartialAlias(None), &apart).is_err());
    // One assignment of many is enough to refute.
    let mixed = [Seen::Unknown, Seen::Apart, Seen::Same(0, 4, 3, 4)];
    assert!(alias_holds(NoAlias, &mixed).is_err());
    // Mod/ref.
    assert!(mod_ref_holds(ModRefInfo::Ref, &partial, &[]).is_err());
    assert!(mod_ref_holds(ModRefInfo::Mod, &disjoint, &partial).is_err());
    assert!(mod_ref_holds(ModRefInfo::Mod, &partial, &disjoint).is_ok());
    assert!(mod_ref_holds(ModRefInfo::NoModRef, &apart, &disjoint).is_ok());
    // The whole check (generator, replay, checker) on the analysis's
    // answers made wrong: each kind of wrong answer is caught.
    let mut counts = Counts::default();
    let failures = check_module(1, FUNCTIONS, &mut counts, true);
    for what in [
        "NoAlias is false",
        "MustAlias is false",
        "PartialAlias",
        "NoModRef, but the call writes",
        "NoModRef, but the call reads",
    ] {
        assert!(
            failures.iter().any(|f| f.contains(what)),
            "no failure {what:?} among {} with wrong answers",
            failures.len()
        );
    }
}
