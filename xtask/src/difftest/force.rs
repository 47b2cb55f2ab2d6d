//! `--force random`: random forced `!llvm.loop` metadata on random loops.
//!
//! A loop is found by its back edges: a `br` in block `L` to a block `H`
//! that dominates `L` (LLVM's natural-loop definition); all latches of one
//! header are one loop and get the same loop ID, as LLVM requires. The new
//! loop ID is a distinct self-referential node made with
//! [`loopwright_ir::Metadata::self_referential`]; it either replaces the
//! old one or keeps its properties (such as `llvm.loop.mustprogress`) and
//! adds to them.
//!
//! Invariant: the injected attributes use only the spellings and operand
//! types of LangRef's "Code Transformation Metadata" (i32 counts and
//! widths, i1 enables), so the module stays valid; only the loop IDs of
//! latch branches change.
//!
//! Invariant: a loop whose header has a floating-point phi (a possible
//! float reduction) gets no `vectorize.enable = true` and no
//! `vectorize.width` above 1, in follow-ups neither: those hints allow the
//! vectorizer to reorder floating-point operations (LLVM's
//! `LoopVectorizeHints::allowReordering`), so a vectorized sum may
//! legitimately round differently from the scalar one, and difftest
//! compares outputs exactly. (Seed 151129, program 75: a float sum forced
//! to width 16 came out one ulp apart, as a legal reassociation.) The
//! attributes are drawn as for any loop and then dropped, so the other
//! loops' metadata does not change.

use super::rng::Rng;
use anyhow::{anyhow, Result};
use loopwright_analysis::{ControlFlowGraph, DominatorTree};
use loopwright_ir::{Block, Inst, Md, MdNode, Metadata, Module, Opcode, TypeTable};

/// One transformation attribute: a name and an optional i32/i1 value.
#[derive(Clone, Debug)]
struct Attr {
    name: String,
    value: Option<AttrValue>,
    /// Attributes of a follow-up (only for `..followup_..` names).
    followup: Vec<Attr>,
}

#[derive(Clone, Copy, Debug)]
enum AttrValue {
    I32(i64),
    Bool(bool),
}

impl Attr {
    fn flag(name: &str) -> Self {
        Attr {
            name: format!("llvm.loop.{name}"),
            value: None,
            followup: Vec::new(),
        }
    }

    fn int(name: &str, v: i64) -> Self {
        Attr {
            name: format!("llvm.loop.{name}"),
            value: Some(AttrValue::I32(v)),
            followup: Vec::new(),
        }
    }

    fn bool(name: &str, v: bool) -> Self {
        Attr {
            name: format!("llvm.loop.{name}"),
            value: Some(AttrValue::Bool(v)),
            followup: Vec::new(),
        }
    }

    fn describe(&self) -> String {
        let mut s = self.name.trim_start_matches("llvm.loop.").to_string();
        match self.value {
            Some(AttrValue::I32(v)) => s.push_str(&format!("={v}")),
            Some(AttrValue::Bool(b)) => s.push_str(&format!("={b}")),
            None => {}
        }
        if !self.followup.is_empty() || self.name.contains("followup") {
            let inner: Vec<String> = self.followup.iter().map(Attr::describe).collect();
            s.push_str(&format!("{{{}}}", inner.join(", ")));
        }
        s
    }

    /// Whether the attribute lets the loop vectorizer reorder
    /// floating-point operations (`vectorize.enable = true`, or a
    /// `vectorize.width` above 1).
    fn allows_reordering(&self) -> bool {
        match (self.name.as_str(), self.value) {
            ("llvm.loop.vectorize.enable", Some(AttrValue::Bool(b))) => b,
            ("llvm.loop.vectorize.width", Some(AttrValue::I32(w))) => w > 1,
            _ => false,
        }
    }

    /// Drops, here and in follow-ups, the attributes that allow
    /// reordering; true when one was dropped.
    fn drop_reordering(attrs: &mut Vec<Attr>) -> bool {
        let before = attrs.len();
        attrs.retain(|a| !a.allows_reordering());
        let mut dropped = attrs.len() != before;
        for a in attrs.iter_mut() {
            dropped |= Attr::drop_reordering(&mut a.followup);
        }
        dropped
    }

    fn to_md(&self, m: &mut Module) -> MdNode {
        let mut ops = vec![Some(Md::Str(m.md.string(self.name.as_bytes())))];
        match self.value {
            Some(AttrValue::I32(v)) => {
                ops.push(Some(Md::Const(m.consts.int(TypeTable::I32, 32, v))));
            }
            Some(AttrValue::Bool(b)) => {
                ops.push(Some(Md::Const(m.consts.int(
                    TypeTable::I1,
                    1,
                    i64::from(b),
                ))));
            }
            None => {}
        }
        for f in &self.followup {
            let n = f.to_md(m);
            ops.push(Some(Md::Node(n)));
        }
        m.md.tuple(ops)
    }
}

/// One random transformation request (one to three attributes).
fn transformation(rng: &mut Rng, depth: u32) -> Vec<Attr> {
    let mut out = Vec::new();
    match rng.below(6) {
        0 => out.push(match rng.below(5) {
            0 => Attr::int("unroll.count", *rng.pick(&[2, 3, 4, 8, 16])),
            1 => Attr::flag("unroll.full"),
            2 => Attr::flag("unroll.disable"),
            3 => Attr::flag("unroll.enable"),
            _ => Attr::flag("unroll.runtime.disable"),
        }),
        1 => {
            match rng.below(3) {
                0 => out.push(Attr::int(
                    "vectorize.width",
                    *rng.pick(&[1, 2, 4, 8, 16, 32, 64]),
                )),
                1 => out.push(Attr::bool("vectorize.enable", rng.chance(4, 5))),
                _ => {
                    out.push(Attr::int("vectorize.width", *rng.pick(&[2, 4, 8, 16, 64])));
                    out.push(Attr::bool("vectorize.scalable.enable", false));
                }
            }
            if rng.chance(1, 2) {
                out.push(Attr::bool("vectorize.enable", true));
            }
        }
        2 => {
            out.push(Attr::int("interleave.count", *rng.pick(&[1, 2, 3, 4, 8])));
            if rng.chance(1, 2) {
                out.push(Attr::int("vectorize.width", *rng.pick(&[1, 2, 4, 8, 16])));
            }
        }
        3 => out.push(match rng.below(3) {
            0 => Attr::int("unroll_and_jam.count", *rng.pick(&[2, 4])),
            1 => Attr::flag("unroll_and_jam.enable"),
            _ => Attr::flag("unroll_and_jam.disable"),
        }),
        4 => out.push(Attr::bool("distribute.enable", rng.chance(3, 4))),
        _ => out.push(Attr::flag("disable_nonforced")),
    }
    if depth < 2 && rng.chance(1, 3) {
        let (family, kinds): (&str, &[&str]) = match rng.below(4) {
            0 => ("vectorize", &["all", "vectorized", "epilogue"]),
            1 => ("unroll", &["all", "unrolled", "remainder"]),
            2 => (
                "unroll_and_jam",
                &[
                    "all",
                    "outer",
                    "inner",
                    "remainder_outer",
                    "remainder_inner",
                ],
            ),
            _ => (
                "distribute",
                &["all", "coincident", "sequential", "fallback"],
            ),
        };
        let kind = rng.pick(kinds);
        let mut f = Attr::flag(&format!("{family}.followup_{kind}"));
        // A follow-up may be empty, hold plain attributes, or chain on.
        for _ in 0..rng.below(3) {
            f.followup.extend(transformation(rng, depth + 1));
        }
        out.push(f);
    }
    out
}

/// Parses `ir`, attaches random forced loop metadata, and prints it.
/// Returns the module text and one line per changed loop.
pub fn inject(ir: &[u8], name: &str, rng: &mut Rng) -> Result<(String, Vec<String>)> {
    let mut m = loopwright_parse::parse_module(ir, name)
        .map_err(|e| anyhow!("{name}:{}:{}: {}", e.line, e.col, e.message))?;
    let notes = inject_module(&mut m, rng);
    Ok((loopwright_ir::print::print_module(&m), notes))
}

/// The loops of a function: each header with its latch branches.
pub(crate) fn loops_of(f: &loopwright_ir::Function) -> Vec<(Block, Vec<Inst>)> {
    let cfg = ControlFlowGraph::compute(f);
    let dt = DominatorTree::compute(&cfg);
    let mut loops: Vec<(Block, Vec<Inst>)> = Vec::new();
    for b in f.layout.blocks() {
        let Some(t) = f.terminator(b) else { continue };
        if f.inst(t).opcode != Opcode::Br || !dt.is_reachable(b) {
            continue;
        }
        for h in f.inst(t).successors() {
            if dt.dominates(h, b) {
                match loops.iter_mut().find(|(x, _)| *x == h) {
                    Some((_, latches)) => {
                        if !latches.contains(&t) {
                            latches.push(t)
                        }
                    }
                    None => loops.push((h, vec![t])),
                }
            }
        }
    }
    loops
}

/// Whether the block has a phi of a floating-point type (or a vector of
/// one).
fn has_fp_phi(types: &TypeTable, f: &loopwright_ir::Function, header: Block) -> bool {
    f.layout
        .block_insts(header)
        .map(|i| f.inst(i))
        .take_while(|d| d.opcode == Opcode::Phi)
        .any(|d| types.is_float(types.scalar(d.ty)))
}

fn inject_module(m: &mut Module, rng: &mut Rng) -> Vec<String> {
    let mut notes = Vec::new();
    let funcs: Vec<_> = m.functions.keys().collect();
    for fid in funcs {
        let loops = loops_of(&m.functions[fid]);
        for (header, latches) in loops {
            if !rng.chance(1, 2) {
                continue;
            }
            let mut attrs = Vec::new();
            for _ in 0..1 + rng.below(3) {
                attrs.extend(transformation(rng, 0));
            }
            let f = &m.functions[fid];
            let fp_phi = has_fp_phi(&m.types, f, header);
            let dropped = fp_phi && Attr::drop_reordering(&mut attrs);
            let old = f.inst(latches[0]).md.get(Metadata::LOOP);
            let keep_old = rng.chance(1, 2);
            let mut ops: Vec<Option<Md>> = Vec::new();
            if let (Some(old), true) = (old, keep_old) {
                if let Some(old_ops) = m.md.tuple_ops(old) {
                    // Skip the self reference.
                    ops.extend(old_ops.iter().skip(1).copied());
                }
            }
            for a in &attrs {
                let n = a.to_md(m);
                ops.push(Some(Md::Node(n)));
            }
            let id = m.md.self_referential(ops);
            let f = &mut m.functions[fid];
            for &t in &latches {
                f.inst_mut(t).md().set(Metadata::LOOP, id);
            }
            let fname = f.name().unwrap_or("?").to_string();
            let hname = f
                .block_name(header)
                .map_or_else(|| format!("{header}"), str::to_string);
            notes.push(format!(
                "@{fname} loop %{hname}: {}{}{}",
                if keep_old && old.is_some() {
                    "kept old properties, added "
                } else {
                    ""
                },
                attrs
                    .iter()
                    .map(Attr::describe)
                    .collect::<Vec<_>>()
                    .join(", "),
                if dropped {
                    " (a floating-point phi: hints that allow reordering dropped)"
                } else {
                    ""
                }
            ));
        }
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;

    const NEST: &str = r#"
define void @f(ptr %p, i64 %n) {
entry:
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %outer.latch ]
  br label %inner
inner:
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner ]
  %a = getelementptr i32, ptr %p, i64 %j
  store i32 0, ptr %a
  %j.next = add i64 %j, 1
  %c = icmp eq i64 %j.next, %n
  br i1 %c, label %outer.latch, label %inner, !llvm.loop !0
outer.latch:
  %i.next = add i64 %i, 1
  %d = icmp eq i64 %i.next, %n
  br i1 %d, label %exit, label %outer
exit:
  ret void
}
!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.mustprogress"}
"#;

    #[test]
    fn finds_both_loops_of_a_nest() {
        let m = loopwright_parse::parse_module(NEST.as_bytes(), "t.ll").expect("parses");
        let f = m.functions.values().next().expect("one function");
        let loops = loops_of(f);
        let mut names: Vec<&str> = loops
            .iter()
            .map(|(h, _)| f.block_name(*h).unwrap_or(""))
            .collect();
        names.sort_unstable();
        assert_eq!(names, ["inner", "outer"]);
        assert!(loops.iter().all(|(_, l)| l.len() == 1));
    }

    /// An integer loop and a float sum, one after the other.
    const SUMS: &str = r#"
define float @f(ptr %p, i64 %n) {
entry:
  br label %int
int:
  %i = phi i64 [ 0, %entry ], [ %i.next, %int ]
  %a = getelementptr i32, ptr %p, i64 %i
  store i32 0, ptr %a
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %fp, label %int
fp:
  %j = phi i64 [ 0, %int ], [ %j.next, %fp ]
  %s = phi float [ 0.0, %int ], [ %s.next, %fp ]
  %b = getelementptr float, ptr %p, i64 %j
  %x = load float, ptr %b
  %s.next = fadd float %s, %x
  %j.next = add i64 %j, 1
  %d = icmp eq i64 %j.next, %n
  br i1 %d, label %exit, label %fp
exit:
  ret float %s.next
}
"#;

    /// Whether a loop ID (and its follow-ups) has a hint that lets the
    /// vectorizer reorder floating-point operations.
    fn reorders(m: &Module, id: MdNode, depth: u32) -> bool {
        let Some(ops) = m.md.tuple_ops(id) else {
            return false;
        };
        let name = |n: MdNode| match m.md.tuple_ops(n).and_then(|o| o.first().copied().flatten()) {
            Some(Md::Str(s)) => String::from_utf8_lossy(m.md.str_bytes(s)).into_owned(),
            _ => String::new(),
        };
        ops.iter().skip(usize::from(depth == 0)).any(|op| {
            let Some(Md::Node(n)) = *op else { return false };
            let text = name(n);
            let value = m.md.tuple_ops(n).and_then(|o| o.get(1).copied().flatten());
            let int = match value {
                Some(Md::Const(c)) => m.consts.as_i64(c),
                _ => None,
            };
            match text.as_str() {
                "llvm.loop.vectorize.enable" => int.is_some_and(|v| v != 0),
                "llvm.loop.vectorize.width" => int.is_some_and(|w| w > 1),
                t if t.contains("followup") => reorders(m, n, depth + 1),
                _ => false,
            }
        })
    }

    /// Loops with a float phi never get a hint that allows reordering; the
    /// integer loop beside it does, and the check sees such hints when
    /// they are not dropped.
    #[test]
    fn float_loops_get_no_reordering_hints() {
        let (mut int_reorders, mut dropped) = (0, 0);
        for seed in 0..200 {
            let mut rng = Rng::new(seed);
            let (text, notes) = inject(SUMS.as_bytes(), "t.ll", &mut rng).expect("inject");
            dropped += notes
                .iter()
                .filter(|n| n.contains("reordering dropped"))
                .count();
            let m = loopwright_parse::parse_module(text.as_bytes(), "out.ll").expect("parses");
            let f = m.functions.values().next().expect("one function");
            for (h, latches) in loops_of(f) {
                let Some(id) = f.inst(latches[0]).md.get(Metadata::LOOP) else {
                    continue;
                };
                let r = reorders(&m, id, 0);
                match f.block_name(h) {
                    Some("fp") => assert!(!r, "seed {seed}: {notes:?}"),
                    _ => int_reorders += usize::from(r),
                }
            }
        }
        assert!(
            int_reorders > 20,
            "only {int_reorders} integer loops forced"
        );
        assert!(dropped > 20, "only {dropped} float loops had hints dropped");
    }

    #[test]
    fn injected_metadata_is_well_formed_and_verifies() {
        let mut changed = 0;
        for seed in 0..40 {
            let mut rng = Rng::new(seed);
            let (text, notes) = inject(NEST.as_bytes(), "t.ll", &mut rng).expect("inject");
            changed += notes.len();
            let m = loopwright_parse::parse_module(text.as_bytes(), "out.ll")
                .unwrap_or_else(|e| panic!("reparse failed: {}\n{text}", e.message));
            loopwright_analysis::verify_module(&m).expect("verifies");
            // Every loop ID is distinct and refers to itself first.
            let f = m.functions.values().next().expect("one function");
            for (_, latches) in loops_of(f) {
                if let Some(id) = f.inst(latches[0]).md.get(Metadata::LOOP) {
                    assert!(m.md.node(id).distinct);
                    let ops = m.md.tuple_ops(id).expect("tuple");
                    assert_eq!(ops[0], Some(Md::Node(id)));
                }
            }
            for n in &notes {
                assert!(n.starts_with("@f loop %"), "{n}");
            }
        }
        assert!(changed > 10, "only {changed} loops changed in 40 seeds");
    }
}
