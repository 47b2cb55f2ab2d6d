//! `cargo xtask difftest --reduce DIR`: shrinking a failing case.
//!
//! The IR reducer edits `DIR/in.ll` through the loopwright crates: it turns
//! function bodies into declarations, folds conditional branches (dropping
//! the blocks that become unreachable), deletes instructions (their uses
//! become zero of the type), drops loop metadata and other attachments, and
//! tries a few `opt-19` clean-up pipelines. Each step is a delta-debugging
//! pass (chunks of halving size). A candidate is kept only if our verifier
//! and `opt-19 -passes=verify` accept it and the case still fails with the
//! same [`Kind`].
//!
//! `--creduce` reduces `DIR/prog.c` with Debian's creduce instead; its
//! interestingness test (`difftest --interesting DIR`, run in creduce's
//! scratch directory) also demands the C program stay free of undefined
//! behaviour (UBSan/ASan, gcc and clang agree), as creduce happily
//! introduces it.
//!
//! Invariant: the reduced module is always one that was tested and found
//! interesting; an interrupted reduction leaves the best one so far in
//! `DIR/reduced.ll`.

use super::{check_ir, exec, force, rng::Rng, Kind, Setup, Verdict};
use anyhow::{bail, ensure, Context, Result};
use loopwright_ir::{
    Block, Const, ConstData, Func, Inst, InstData, Metadata, Module, Opcode, Operand, Type,
    TypeData, TypeTable,
};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// What `case.txt` of a reproducer records.
#[derive(Clone, Debug)]
pub(crate) struct CaseInfo {
    pub kind: Kind,
    pub seed: u64,
    pub index: u64,
    pub opt: String,
    pub force: bool,
    pub passes: Option<String>,
    pub generator: String,
    pub loopwright: Option<PathBuf>,
}

impl CaseInfo {
    pub(crate) fn read(dir: &Path) -> Result<CaseInfo> {
        let path = dir.join("case.txt");
        let text = std::fs::read_to_string(&path).with_context(|| {
            format!(
                "read {} (is {} a reproducer?)",
                path.display(),
                dir.display()
            )
        })?;
        let get = |k: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(k).and_then(|r| r.strip_prefix('=')))
                .map(str::to_string)
        };
        let kind_name = get("kind").context("case.txt has no kind")?;
        let kind = Kind::from_name(&kind_name)
            .with_context(|| format!("unknown failure kind {kind_name:?}"))?;
        Ok(CaseInfo {
            kind,
            seed: get("seed").and_then(|s| s.parse().ok()).unwrap_or(0),
            index: get("index").and_then(|s| s.parse().ok()).unwrap_or(0),
            opt: get("opt").unwrap_or_else(|| "-O2".into()),
            force: get("force").is_some_and(|s| s == "true"),
            passes: get("passes"),
            generator: get("generator").unwrap_or_else(|| "loops".into()),
            loopwright: get("loopwright").map(PathBuf::from),
        })
    }
}

fn loopwright_for(info: &CaseInfo) -> Result<PathBuf> {
    if let Some(p) = std::env::var_os("LOOPWRIGHT_BIN").filter(|p| !p.is_empty()) {
        return Ok(PathBuf::from(p));
    }
    if let Some(p) = &info.loopwright {
        if p.is_file() {
            return Ok(p.clone());
        }
    }
    let root = super::workspace_root();
    let lw = super::target_dir(&root).join("release").join("loopwright");
    ensure!(
        lw.is_file(),
        "no loopwright binary: set LOOPWRIGHT_BIN or run cargo build --release -p loopwright"
    );
    Ok(lw)
}

/// Entry point of `--reduce DIR [--creduce] [--save NAME]`.
pub fn reduce_case(dir: &Path, creduce: bool, save: Option<&str>) -> Result<()> {
    let dir = dir
        .canonicalize()
        .with_context(|| format!("no reproducer directory {}", dir.display()))?;
    let info = CaseInfo::read(&dir)?;
    let setup = Setup {
        lw: loopwright_for(&info)?,
        passes: info.passes.clone(),
        // An upper bound: reduce_ir adapts it to the case.
        timeout: Duration::from_secs(10),
        any_exit: true,
        remarks: false,
    };
    let reduced = if creduce {
        reduce_c(&dir, &info, &setup)?
    } else {
        let src = std::fs::read_to_string(dir.join("in.ll")).context("read in.ll")?;
        let out = reduce_ir(&dir, &src, info.kind, &setup)?;
        exec::write(&dir.join("reduced.ll"), &out)?;
        out
    };
    println!(
        "difftest: reduced {} to {} lines: {}",
        dir.display(),
        reduced.lines().count(),
        dir.join("reduced.ll").display()
    );
    if let Some(name) = save {
        let regressions = super::regressions_dir();
        std::fs::create_dir_all(&regressions)?;
        let path = regressions.join(format!("{name}.ll"));
        ensure!(
            !path.exists(),
            "{} exists; choose another --save NAME",
            path.display()
        );
        let mut found_by = format!("cargo xtask difftest --seed {}", info.seed);
        if info.generator != "loops" {
            found_by.push_str(&format!(" --generator {}", info.generator));
        }
        if info.force {
            found_by.push_str(" --force random");
        }
        if let Some(p) = &info.passes {
            found_by.push_str(&format!(" --passes '{p}'"));
        }
        let header = format!(
            "; difftest regression {name}: {kind}\n\
             ; found by: {found_by} (program {index}, clang-19 {opt}), reduced by --reduce{how}\n\
             ; passes: {passes}\n\
             ; replay: loopwright on this file, opt-19 -passes=verify on the result, and\n\
             ; lli-19 on both must agree (stdout and exit code).\n",
            kind = info.kind.name(),
            index = info.index,
            opt = info.opt,
            how = if creduce { " --creduce" } else { "" },
            passes = info.passes.as_deref().unwrap_or("default"),
        );
        exec::write(&path, header + &strip_leading_comments(&reduced))?;
        println!("difftest: saved {}", path.display());
    }
    Ok(())
}

fn strip_leading_comments(text: &str) -> String {
    let mut lines = text.lines().peekable();
    while lines.peek().is_some_and(|l| l.starts_with(';')) {
        lines.next();
    }
    let mut s: String = lines.collect::<Vec<_>>().join("\n");
    s.push('\n');
    s
}

// ---------------------------------------------------------------- oracle

struct Oracle<'a> {
    setup: &'a Setup,
    kind: Kind,
    work: PathBuf,
    tests: u64,
    best_file: PathBuf,
}

impl Oracle<'_> {
    /// Whether `text` is a valid module that still fails the same way.
    fn interesting(&mut self, text: &str) -> bool {
        self.tests += 1;
        if exec::write(&self.work.join("in.ll"), text).is_err() {
            return false;
        }
        let v = exec::run(
            Command::new(super::OPT)
                .args(["-passes=verify", "-disable-output", "in.ll"])
                .current_dir(&self.work),
            Duration::from_secs(60),
        );
        if !v.ok() {
            return false;
        }
        matches!(check_ir(self.setup, &self.work), Verdict::Fail(k, _) if k == self.kind)
    }

    fn accept(&self, text: &str) {
        let _ = std::fs::write(&self.best_file, text);
    }
}

fn print(m: &Module) -> String {
    loopwright_ir::print::print_module(m)
}

fn parse(text: &str) -> Option<Module> {
    loopwright_parse::parse_module(text.as_bytes(), "reduce.ll").ok()
}

/// Reduces the module `src` while it fails with `kind`.
fn reduce_ir(dir: &Path, src: &str, kind: Kind, setup: &Setup) -> Result<String> {
    let work = dir.join("reduce-work");
    std::fs::create_dir_all(&work)?;
    // Candidates that loop forever are common (an induction variable's
    // update deleted); a limit near the original run time keeps them cheap.
    let t0 = Instant::now();
    let _ = exec::run(
        &mut super::lli_cmd(dir, "in.ll"),
        Duration::from_secs(setup.timeout.as_secs().max(10)),
    );
    let mut limit = t0.elapsed() * 4 + Duration::from_millis(500);
    if kind == Kind::Timeout {
        // A slow but finishing out.ll must not pass for a hang.
        limit = limit.max(Duration::from_secs(5));
    }
    let limit = limit.min(setup.timeout);
    let setup = Setup {
        timeout: limit,
        ..setup.clone()
    };
    let mut oracle = Oracle {
        setup: &setup,
        kind,
        work: work.clone(),
        tests: 0,
        best_file: dir.join("reduced.ll"),
    };
    let Some(mut best) = parse(src) else {
        bail!("loopwright cannot parse {}/in.ll", dir.display());
    };
    let mut best_text = print(&best);
    if !oracle.interesting(&best_text) {
        bail!(
            "the failure ({}) does not reproduce on the printed in.ll; nothing to reduce",
            kind.name()
        );
    }
    oracle.accept(&best_text);
    let start = Instant::now();
    let lines0 = best_text.lines().count();
    for round in 1..=6 {
        let before = best_text.len();
        opt_cleanups(&mut oracle, &mut best, &mut best_text);
        ddmin(
            &mut oracle,
            &mut best,
            &mut best_text,
            "function bodies",
            function_items,
            |m, (f,)| drop_body(m, *f),
        );
        for side in [1usize, 2] {
            ddmin(
                &mut oracle,
                &mut best,
                &mut best_text,
                "branches",
                branch_items,
                |m, (f, i)| fold_branch(m, *f, *i, side),
            );
        }
        ddmin(
            &mut oracle,
            &mut best,
            &mut best_text,
            "instructions",
            inst_items,
            |m, (f, i)| delete_inst(m, *f, *i),
        );
        ddmin(
            &mut oracle,
            &mut best,
            &mut best_text,
            "loop metadata",
            loop_md_items,
            |m, (f, i)| drop_loop_md(m, *f, *i),
        );
        strip_attachments(&mut oracle, &mut best, &mut best_text);
        println!(
            "difftest: reduce round {round}: {} lines, {} tests, {:.0} s",
            best_text.lines().count(),
            oracle.tests,
            start.elapsed().as_secs_f64()
        );
        if best_text.len() >= before {
            break;
        }
    }
    let _ = std::fs::remove_dir_all(&work);
    println!(
        "difftest: {lines0} -> {} lines in {} tests",
        best_text.lines().count(),
        oracle.tests
    );
    Ok(best_text)
}

/// Delta debugging over `items(best)`: tries removing chunks of halving
/// size; `apply` edits a clone and says whether it changed anything.
fn ddmin<T: Clone>(
    oracle: &mut Oracle,
    best: &mut Module,
    best_text: &mut String,
    label: &str,
    items: fn(&Module) -> Vec<T>,
    apply: impl Fn(&mut Module, &T) -> bool,
) {
    let mut list = items(best);
    if list.is_empty() {
        return;
    }
    let mut chunk = list.len().div_ceil(2);
    loop {
        let mut i = 0;
        while i < list.len() {
            let end = (i + chunk).min(list.len());
            let mut cand = best.clone();
            let mut changed = false;
            for it in &list[i..end] {
                changed |= apply(&mut cand, it);
            }
            if changed && loopwright_analysis::verify_module(&cand).is_ok() {
                let text = print(&cand);
                if text != *best_text && oracle.interesting(&text) {
                    *best = cand;
                    *best_text = text;
                    oracle.accept(best_text);
                    list.drain(i..end);
                    continue;
                }
            }
            i = end;
        }
        if chunk == 1 {
            break;
        }
        chunk = chunk.div_ceil(2);
    }
    println!(
        "difftest:   {label}: {} lines after {} tests",
        best_text.lines().count(),
        oracle.tests
    );
}

fn opt_cleanups(oracle: &mut Oracle, best: &mut Module, best_text: &mut String) {
    for pipeline in [
        "internalize,globaldce,strip-dead-prototypes",
        "globaldce,strip-dead-prototypes",
        "function(simplifycfg)",
        "function(instsimplify,dce)",
        "function(adce)",
    ] {
        let _ = std::fs::write(oracle.work.join("cur.ll"), best_text.as_bytes());
        let o = exec::run(
            Command::new(super::OPT)
                .args(["-S", &format!("-passes={pipeline}")])
                .arg("-internalize-public-api-list=main")
                .args(["cur.ll", "-o", "-"])
                .current_dir(&oracle.work),
            Duration::from_secs(60),
        );
        if !o.ok() {
            continue;
        }
        let text = String::from_utf8_lossy(&o.stdout).into_owned();
        let Some(m) = parse(&text) else { continue };
        let text = print(&m);
        if text.len() < best_text.len() && oracle.interesting(&text) {
            *best = m;
            *best_text = text;
            oracle.accept(best_text);
        }
    }
}

fn strip_attachments(oracle: &mut Oracle, best: &mut Module, best_text: &mut String) {
    let mut cand = best.clone();
    let mut changed = false;
    for f in cand.functions.values_mut() {
        let insts: Vec<Inst> = f
            .layout
            .blocks()
            .flat_map(|b| f.layout.block_insts(b).collect::<Vec<_>>())
            .collect();
        for i in insts {
            let kinds: Vec<_> = f
                .inst(i)
                .md
                .iter()
                .map(|(k, _)| k)
                .filter(|&k| k != Metadata::LOOP && k != Metadata::DBG)
                .collect();
            for k in kinds {
                f.inst_mut(i).md().remove(k);
                changed = true;
            }
        }
    }
    if changed {
        let text = print(&cand);
        if oracle.interesting(&text) {
            *best = cand;
            *best_text = text;
            oracle.accept(best_text);
        }
    }
}

// ---------------------------------------------------------------- edits

fn function_items(m: &Module) -> Vec<(Func,)> {
    m.functions
        .iter()
        .filter(|(_, f)| !f.is_declaration() && f.name() != Some("main"))
        .map(|(id, _)| (id,))
        .collect()
}

fn all_insts(m: &Module, f: Func) -> Vec<Inst> {
    let func = &m.functions[f];
    func.layout
        .blocks()
        .flat_map(|b| func.layout.block_insts(b).collect::<Vec<_>>())
        .collect()
}

fn branch_items(m: &Module) -> Vec<(Func, Inst)> {
    let mut out = Vec::new();
    for (fid, f) in m.functions.iter() {
        for b in f.layout.blocks() {
            if let Some(t) = f.terminator(b) {
                let d = f.inst(t);
                if d.opcode == Opcode::Br && d.operands().len() == 3 {
                    out.push((fid, t));
                }
            }
        }
    }
    out
}

fn inst_items(m: &Module) -> Vec<(Func, Inst)> {
    let mut out = Vec::new();
    for (fid, f) in m.functions.iter() {
        for i in all_insts(m, fid) {
            let d = f.inst(i);
            if d.opcode.is_terminator() || d.opcode == Opcode::LandingPad {
                continue;
            }
            if d.ty != TypeTable::VOID && !zeroable(&m.types, d.ty) {
                continue;
            }
            out.push((fid, i));
        }
    }
    // Later instructions first: their users are gone before they are.
    out.reverse();
    out
}

fn loop_md_items(m: &Module) -> Vec<(Func, Inst)> {
    let mut out = Vec::new();
    for (fid, f) in m.functions.iter() {
        for i in all_insts(m, fid) {
            if f.inst(i).md.get(Metadata::LOOP).is_some() {
                out.push((fid, i));
            }
        }
    }
    out
}

fn zeroable(types: &TypeTable, t: Type) -> bool {
    !matches!(
        types.data(t),
        TypeData::Void
            | TypeData::Label
            | TypeData::Metadata
            | TypeData::Token
            | TypeData::X86Amx
            | TypeData::Function { .. }
    ) && !matches!(types.data(t), TypeData::Named(_))
}

/// The all-zero constant of `t`.
fn zero_of(m: &mut Module, t: Type) -> Option<Const> {
    let data = match m.types.data(t) {
        TypeData::Int(bits) => {
            let bits = *bits;
            return Some(m.consts.int(t, bits, 0));
        }
        TypeData::Ptr(_) => ConstData::Null(t),
        d if m.types.is_float(t) => {
            let _ = d;
            ConstData::Float { ty: t, bits: 0 }
        }
        TypeData::Vector { .. } | TypeData::Array { .. } | TypeData::Struct { .. } => {
            ConstData::Zero(t)
        }
        _ => return None,
    };
    Some(m.consts.intern(data))
}

fn in_layout(m: &Module, f: Func, i: Inst) -> bool {
    m.functions[f].layout.inst_block(i).is_some()
}

/// Replaces the uses of `i`'s result with zero and deletes it.
fn delete_inst(m: &mut Module, f: Func, i: Inst) -> bool {
    if !in_layout(m, f, i) {
        return false;
    }
    let ty = m.functions[f].inst(i).ty;
    if let Some(v) = m.functions[f].inst_result(i) {
        if m.functions[f].has_uses(v) {
            let Some(z) = zero_of(m, ty) else {
                return false;
            };
            m.functions[f].replace_all_uses(v, Operand::Const(z));
        }
    }
    m.functions[f].delete_inst(i);
    true
}

/// Replaces the body of `f` by `ret zero` (a declaration would leave lli
/// an unresolved symbol).
fn drop_body(m: &mut Module, f: Func) -> bool {
    if m.functions[f].is_declaration() {
        return false;
    }
    let Some((ret_ty, _, _)) = m
        .types
        .fn_sig(m.functions[f].ty)
        .map(|(r, p, v)| (r, p.len(), v))
    else {
        return false;
    };
    let ret_op = if ret_ty == TypeTable::VOID {
        None
    } else {
        match zero_of(m, ret_ty) {
            Some(z) => Some(Operand::Const(z)),
            None => return false,
        }
    };
    let insts = all_insts(m, f);
    if insts.len() <= 1 {
        return false;
    }
    for &i in &insts {
        let ty = m.functions[f].inst(i).ty;
        if let Some(v) = m.functions[f].inst_result(i) {
            if m.functions[f].has_uses(v) {
                let z = zero_of(m, ty).unwrap_or_else(|| m.consts.intern(ConstData::Poison(ty)));
                m.functions[f].replace_all_uses(v, Operand::Const(z));
            }
        }
    }
    let func = &mut m.functions[f];
    for &i in &insts {
        func.delete_inst(i);
    }
    let Some(entry) = func.layout.entry_block() else {
        return false;
    };
    let blocks: Vec<Block> = func.layout.blocks().filter(|&b| b != entry).collect();
    for b in blocks {
        func.layout.remove_block(b);
    }
    func.append(
        entry,
        InstData::new(Opcode::Ret, TypeTable::VOID, ret_op),
        None,
    );
    true
}

/// `br i1 %c, label %a, label %b` becomes `br label %a` (side 1) or
/// `br label %b` (side 2); blocks left unreachable are removed.
fn fold_branch(m: &mut Module, f: Func, t: Inst, side: usize) -> bool {
    if !in_layout(m, f, t) {
        return false;
    }
    let func = &mut m.functions[f];
    let d = func.inst(t);
    if d.opcode != Opcode::Br || d.operands().len() != 3 {
        return false;
    }
    let (Some(keep), Some(other)) = (
        d.operands()[side].as_block(),
        d.operands()[3 - side].as_block(),
    ) else {
        return false;
    };
    let Some(b) = func.layout.inst_block(t) else {
        return false;
    };
    let mut data = InstData::new(Opcode::Br, TypeTable::VOID, [Operand::Block(keep)]);
    data.md = d.md.clone();
    let new = func.make_inst(data);
    func.layout.insert_inst_before(new, t);
    func.delete_inst(t);
    if other != keep {
        remove_phi_incoming(func, other, b);
    }
    remove_unreachable(m, f);
    true
}

fn remove_phi_incoming(func: &mut loopwright_ir::Function, block: Block, pred: Block) {
    let phis: Vec<Inst> = func
        .layout
        .block_insts(block)
        .filter(|&i| func.inst(i).opcode == Opcode::Phi)
        .collect();
    for p in phis {
        func.map_operands(p, |ops| {
            let kept: Vec<Operand> = ops
                .chunks(2)
                .filter(|pair| !(pair.len() == 2 && pair[1] == Operand::Block(pred)))
                .flatten()
                .copied()
                .collect();
            ops.clear();
            ops.extend(kept);
        });
    }
}

fn remove_unreachable(m: &mut Module, f: Func) {
    let func = &m.functions[f];
    let Some(entry) = func.layout.entry_block() else {
        return;
    };
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![entry];
    while let Some(b) = stack.pop() {
        if seen.insert(b) {
            stack.extend(func.successors(b));
        }
    }
    let dead: Vec<Block> = func.layout.blocks().filter(|b| !seen.contains(b)).collect();
    for &b in &dead {
        let succs = m.functions[f].successors(b);
        for s in succs {
            remove_phi_incoming(&mut m.functions[f], s, b);
        }
    }
    for &b in &dead {
        let insts: Vec<Inst> = m.functions[f].layout.block_insts(b).collect();
        for &i in &insts {
            let ty = m.functions[f].inst(i).ty;
            if let Some(v) = m.functions[f].inst_result(i) {
                if m.functions[f].has_uses(v) {
                    let z =
                        zero_of(m, ty).unwrap_or_else(|| m.consts.intern(ConstData::Poison(ty)));
                    m.functions[f].replace_all_uses(v, Operand::Const(z));
                }
            }
        }
        for &i in &insts {
            m.functions[f].delete_inst(i);
        }
        m.functions[f].layout.remove_block(b);
    }
}

fn drop_loop_md(m: &mut Module, f: Func, i: Inst) -> bool {
    if !in_layout(m, f, i) || m.functions[f].inst(i).md.get(Metadata::LOOP).is_none() {
        return false;
    }
    m.functions[f].inst_mut(i).md().remove(Metadata::LOOP);
    true
}

// ---------------------------------------------------------------- creduce

/// Reduces `DIR/prog.c` with creduce; returns the reduced module text.
fn reduce_c(dir: &Path, info: &CaseInfo, setup: &Setup) -> Result<String> {
    ensure!(
        exec::tool_available("creduce"),
        "creduce is not installed (apt-get install creduce)"
    );
    let work = dir.join("creduce");
    std::fs::create_dir_all(&work)?;
    std::fs::copy(dir.join("prog.c"), work.join("prog.c")).context("copy prog.c")?;
    let exe = std::env::current_exe().context("locate the xtask binary")?;
    let script = work.join("interesting.sh");
    // Probed once here rather than in every test.
    let sanitize = super::sanitizers_available(&work);
    exec::write(
        &script,
        format!(
            "#!/bin/sh\nLOOPWRIGHT_BIN='{}' {SANITIZE_ENV}={} exec '{}' difftest --interesting '{}'\n",
            setup.lw.display(),
            u8::from(sanitize),
            exe.display(),
            dir.display()
        ),
    )?;
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755))?;
    }
    // Confirm first: creduce's own message for this is obscure.
    let probe = Command::new(&script)
        .current_dir(&work)
        .status()
        .context("run interesting.sh")?;
    ensure!(
        probe.success(),
        "the failure does not reproduce from prog.c"
    );
    let status = Command::new("creduce")
        .args(["--n", "2", "./interesting.sh", "prog.c"])
        .current_dir(&work)
        .status()
        .context("run creduce")?;
    ensure!(status.success(), "creduce failed ({status})");
    std::fs::copy(work.join("prog.c"), dir.join("reduced.c"))?;
    // The module of the reduced program, as the check saw it.
    let tmp = work.join("final");
    std::fs::create_dir_all(&tmp)?;
    std::fs::copy(work.join("prog.c"), tmp.join("prog.c"))?;
    let ir = c_to_in_ll(&tmp, info)?;
    exec::write(&dir.join("reduced.ll"), &ir)?;
    Ok(ir)
}

/// Compiles `dir/prog.c` as the case did, writing `dir/in.ll`.
fn c_to_in_ll(dir: &Path, info: &CaseInfo) -> Result<String> {
    if let Err(e) = super::run_frontend(dir, &info.opt, info.generator == "csmith") {
        let (super::FrontendError::Clang(m)
        | super::FrontendError::Opt(m)
        | super::FrontendError::Harness(m)) = e;
        bail!("the front end failed: {m}");
    }
    let ir = std::fs::read(dir.join("clang.ll"))?;
    let text = if info.force {
        let mut r = Rng::for_program(info.seed ^ super::FORCE_SALT, info.index);
        force::inject(&ir, "clang.ll", &mut r)?.0
    } else {
        String::from_utf8_lossy(&ir).into_owned()
    };
    exec::write(&dir.join("in.ll"), &text)?;
    Ok(text)
}

/// Set by `interesting.sh`: 1 when the sanitizer runtime is installed.
const SANITIZE_ENV: &str = "DIFFTEST_SANITIZE";

/// The creduce interestingness test, run in creduce's scratch directory.
pub fn c_case_is_interesting(case_dir: &Path, c: &Path) -> Result<bool> {
    let info = CaseInfo::read(case_dir)?;
    let here = std::env::current_dir()?;
    ensure!(
        here.join(c).is_file(),
        "no {} in {}",
        c.display(),
        here.display()
    );
    let csmith = info.generator == "csmith";
    // The program must stay well defined: native builds agree, sanitizers
    // (when available) are quiet.
    if !csmith {
        let sanitize = match std::env::var(SANITIZE_ENV).as_deref() {
            Ok("1") => true,
            Ok("0") => false,
            _ => super::sanitizers_available(&here),
        };
        let r = super::selfcheck_one(&here.join(c), &here, sanitize, Duration::from_secs(10));
        if r.problem.is_some() {
            return Ok(false);
        }
    }
    if c_to_in_ll(&here, &info).is_err() {
        return Ok(false);
    }
    let setup = Setup {
        lw: loopwright_for(&info)?,
        passes: info.passes.clone(),
        timeout: Duration::from_secs(10),
        any_exit: false,
        remarks: false,
    };
    Ok(matches!(check_ir(&setup, &here), Verdict::Fail(k, _) if k == info.kind))
}

#[cfg(test)]
mod tests {
    use super::*;

    const F: &str = r#"
define i32 @g(i32 %x) {
entry:
  %c = icmp sgt i32 %x, 0
  br i1 %c, label %a, label %b
a:
  %y = add i32 %x, 1
  br label %join
b:
  %z = mul i32 %x, 3
  br label %join
join:
  %r = phi i32 [ %y, %a ], [ %z, %b ]
  ret i32 %r
}

define i32 @main() {
entry:
  %v = call i32 @g(i32 5)
  ret i32 %v
}
"#;

    fn module() -> Module {
        loopwright_parse::parse_module(F.as_bytes(), "t.ll").expect("parses")
    }

    #[test]
    fn folding_a_branch_drops_the_dead_side_and_its_phi_entry() {
        let mut m = module();
        let items = branch_items(&m);
        assert_eq!(items.len(), 1);
        let (f, t) = items[0];
        assert!(fold_branch(&mut m, f, t, 1));
        loopwright_analysis::verify_module(&m).expect("still valid");
        let text = print(&m);
        assert!(!text.contains("mul i32"), "{text}");
        assert!(text.contains("phi i32 [ %y, %a ]"), "{text}");
    }

    #[test]
    fn deleting_an_instruction_replaces_its_uses_with_zero() {
        let mut m = module();
        let g = m.function_by_name("g").expect("g");
        let add = all_insts(&m, g)
            .into_iter()
            .find(|&i| m.functions[g].inst(i).opcode == Opcode::Add)
            .expect("add");
        assert!(delete_inst(&mut m, g, add));
        loopwright_analysis::verify_module(&m).expect("still valid");
        let text = print(&m);
        assert!(text.contains("phi i32 [ 0, %a ]"), "{text}");
    }

    #[test]
    fn dropping_a_body_leaves_a_stub() {
        let mut m = module();
        let items = function_items(&m);
        assert_eq!(items.len(), 1, "main is never dropped");
        assert!(drop_body(&mut m, items[0].0));
        loopwright_analysis::verify_module(&m).expect("still valid");
        let text = print(&m);
        assert!(
            text.contains("define i32 @g(i32 %x) {\nentry:\n  ret i32 0\n}"),
            "{text}"
        );
        // A stub is not dropped again.
        assert!(!drop_body(&mut m, items[0].0));
    }

    #[test]
    fn case_files_round_trip() {
        let dir = std::env::temp_dir().join(format!("difftest-case-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("mkdir");
        std::fs::write(
            dir.join("case.txt"),
            "kind=miscompile\nseed=3\nindex=17\nopt=-O1\ngenerator=loops\nforce=true\npasses=loop-unroll\n",
        )
        .expect("write");
        let c = CaseInfo::read(&dir).expect("reads");
        assert_eq!(c.kind, Kind::Miscompile);
        assert_eq!((c.seed, c.index), (3, 17));
        assert!(c.force);
        assert_eq!(c.passes.as_deref(), Some("loop-unroll"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
