//! Phi descriptors are true: random small loops, run by an interpreter.
//!
//! A seeded generator builds loops whose phis are reductions of random
//! operation chains (every kind, both min/max forms, conditional and
//! any-of selects, fast-math flags or none), inductions and first-order
//! recurrences, with near misses mixed in (partial values used after the
//! loop, extra uses of the phi, operands in the wrong order, mixed kinds,
//! stores of partial values). For every descriptor loopwright claims, the
//! claim is checked against a run of the loop:
//! - a reduction: the loop is run again with the phi replaced by `vf`
//!   accumulators, iteration `k` using and updating accumulator `k % vf`
//!   (the first starting from the start value, the others from the kind's
//!   identity), and the accumulators are combined with the kind's
//!   operation at the end, as a vectorizer does. The result must equal
//!   the exit value of the plain run, for `vf` 2, 3 and 4 (reassociable
//!   kinds) or 1 (kinds that need the original order). An intermediate
//!   store must leave the exit value in memory.
//! - an integer induction with a constant step: the phi's value in
//!   iteration `k` is `start + k * step` (wrapping);
//! - a first-order recurrence: the phi's value in iteration `k > 0` is
//!   `previous`'s value in iteration `k - 1`, and the start value in
//!   iteration 0.
//!
//! Float data are small integers (and powers of two where products are
//! taken), so that every reassociation is exact. The interpreter covers
//! what the generator emits; `interpreter_agrees_with_lli` checks it
//! against `lli-19` on a sample (skipped without LLVM).

use loopwright_analysis::ivdesc::{
    InductionKind, InductionStep, PhiClass, PhiDescriptors, RecurKind, ReductionDesc,
};
use loopwright_analysis::scev::ScalarEvolution;
use loopwright_analysis::{ControlFlowGraph, DominatorTree, LoopForest};
use loopwright_ir::{
    Block, ConstData, Extra, Function, GlobalRef, Inst, Module, Opcode, Operand, Predicate,
    TypeData, Value, ValueDef,
};
use std::collections::HashMap;

// ---------------------------------------------------------------- generator

#[derive(Copy, Clone, Debug, PartialEq)]
enum Ty {
    I8,
    I32,
    I64,
    F32,
    F64,
}

impl Ty {
    fn ir(self) -> &'static str {
        match self {
            Ty::I8 => "i8",
            Ty::I32 => "i32",
            Ty::I64 => "i64",
            Ty::F32 => "float",
            Ty::F64 => "double",
        }
    }
    fn is_float(self) -> bool {
        matches!(self, Ty::F32 | Ty::F64)
    }
    fn suffix(self) -> &'static str {
        match self {
            Ty::I8 => "i8",
            Ty::I32 => "i32",
            Ty::I64 => "i64",
            Ty::F32 => "f32",
            Ty::F64 => "f64",
        }
    }
    fn lit(self, v: i64) -> String {
        if self.is_float() {
            format!("{v}.0")
        } else {
            v.to_string()
        }
    }
}

struct Gen {
    next: Box<dyn FnMut() -> u64>,
}

/// The testkit's seeded generator as a closure.
fn rng(seed: u64) -> impl FnMut() -> u64 {
    let mut r = loopwright_testkit::Rng::new(seed);
    move || r.next_u64()
}

impl Gen {
    fn below(&mut self, n: u64) -> u64 {
        (self.next)() % n.max(1)
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    fn pick<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[self.below(v.len() as u64) as usize]
    }
}

/// One generated function: its text and the input data.
struct Program {
    text: String,
    data: Vec<i64>,
    n: u64,
    ty: Ty,
}

/// The body being built: fresh names and lines.
struct Body {
    tmp: u32,
    text: String,
}

impl Body {
    fn fresh(&mut self, p: &str) -> String {
        self.tmp += 1;
        format!("%{p}{}", self.tmp)
    }
    fn line(&mut self, l: String) {
        self.text += "  ";
        self.text += &l;
        self.text += "\n";
    }
    /// An operand for the chain: the element, a variant of it, a constant
    /// or the invariant argument. With `products`, only values whose
    /// products stay exact (powers of two, no zero).
    fn operand(&mut self, g: &mut Gen, ty: Ty, products: bool) -> String {
        let t = ty.ir();
        match g.below(5) {
            0 | 1 => "%x".to_string(),
            2 if products => "%x".to_string(),
            2 => {
                let v = self.fresh("e");
                let c = ty.lit(g.below(3) as i64 + 1);
                let op = if ty.is_float() { "fadd" } else { "add" };
                self.line(format!("{v} = {op} {t} %x, {c}"));
                v
            }
            3 => "%inv".to_string(),
            _ if products => ty.lit(*g.pick(&[1, 2, -1, -2])),
            _ => ty.lit(g.below(5) as i64 - 2),
        }
    }
}

/// Builds a random loop over `a[0..n]` of type `ty`.
fn program(g: &mut Gen) -> Program {
    let ty = *g.pick(&[Ty::I8, Ty::I32, Ty::I64, Ty::F32, Ty::F64]);
    let t = ty.ir();
    let n = 1 + g.below(17);
    let products = ty.is_float() && g.chance(30);
    let mut body = Body {
        tmp: 0,
        text: String::new(),
    };
    let float_flags = ["", "fast ", "reassoc ", "nnan nsz ", "reassoc nsz "];
    // The chain of operations from %s to %s.next.
    let chain_len = 1 + g.below(3);
    let mut acc = "%s".to_string();
    let mut partials = Vec::new();
    let kind_choice = g.below(12);
    for k in 0..chain_len {
        // Mostly one kind per chain; sometimes mixed.
        let kc = if g.chance(85) {
            kind_choice
        } else {
            g.below(12)
        };
        let e = body.operand(g, ty, products);
        let v = body.fresh("v");
        let (a, b) = if g.chance(80) {
            (acc.clone(), e.clone())
        } else {
            (e.clone(), acc.clone())
        };
        if ty.is_float() {
            let fl = *g.pick(&float_flags);
            match kc % 8 {
                0 | 1 => {
                    let op = if products {
                        if g.chance(70) {
                            "fmul"
                        } else {
                            "fdiv"
                        }
                    } else if g.chance(70) {
                        "fadd"
                    } else {
                        "fsub"
                    };
                    body.line(format!("{v} = {op} {fl}{t} {a}, {b}"));
                }
                2 => {
                    let pred = *g.pick(&["olt", "ogt", "ult", "ugt", "ole", "oge"]);
                    let c = body.fresh("c");
                    body.line(format!("{c} = fcmp {fl}{pred} {t} {a}, {b}"));
                    let (p, q) = if g.chance(50) { (&a, &b) } else { (&b, &a) };
                    body.line(format!("{v} = select {fl}i1 {c}, {t} {p}, {t} {q}"));
                }
                3 => {
                    let f = *g.pick(&["minnum", "maxnum", "minimum", "maximum"]);
                    body.line(format!(
                        "{v} = call {fl}{t} @llvm.{f}.{}({t} {a}, {t} {b})",
                        ty.suffix()
                    ));
                }
                4 => {
                    let e2 = body.operand(g, ty, products);
                    let (p, q, r) = match g.below(4) {
                        0 => (e2.as_str(), acc.as_str(), e.as_str()),
                        _ => (e.as_str(), e2.as_str(), acc.as_str()),
                    };
                    body.line(format!(
                        "{v} = call {fl}{t} @llvm.fmuladd.{}({t} {p}, {t} {q}, {t} {r})",
                        ty.suffix()
                    ));
                }
                5 => {
                    // A conditional operation.
                    let c = body.fresh("c");
                    let w = body.fresh("w");
                    let op = if products { "fmul" } else { "fadd" };
                    body.line(format!("{c} = fcmp olt {t} %x, 1.0"));
                    body.line(format!("{w} = {op} {fl}{t} {acc}, {e}"));
                    body.line(format!("{v} = select i1 {c}, {t} {w}, {t} {acc}"));
                }
                _ => {
                    // A float value kept by an any-of style select is no
                    // reduction; any-of phis are integers (below).
                    let c = body.fresh("c");
                    body.line(format!("{c} = fcmp ogt {t} %x, 0.0"));
                    body.line(format!("{v} = select i1 {c}, {t} %inv, {t} {acc}"));
                }
            }
        } else {
            match kc {
                0 => {
                    body.line(format!("{v} = add {t} {a}, {b}"));
                }
                1 => {
                    body.line(format!("{v} = sub {t} {a}, {b}"));
                }
                2 => {
                    body.line(format!("{v} = mul {t} {a}, {b}"));
                }
                3 => {
                    let op = *g.pick(&["and", "or", "xor"]);
                    body.line(format!("{v} = {op} {t} {a}, {b}"));
                }
                4 | 5 => {
                    let pred = *g.pick(&["slt", "sgt", "ult", "ugt", "sle", "uge"]);
                    let c = body.fresh("c");
                    body.line(format!("{c} = icmp {pred} {t} {a}, {b}"));
                    let (p, q) = if g.chance(50) { (&a, &b) } else { (&b, &a) };
                    body.line(format!("{v} = select i1 {c}, {t} {p}, {t} {q}"));
                }
                6 => {
                    let f = *g.pick(&["smin", "smax", "umin", "umax"]);
                    body.line(format!(
                        "{v} = call {t} @llvm.{f}.{}({t} {a}, {t} {b})",
                        ty.suffix()
                    ));
                }
                7 | 8 => {
                    // Any-of: keep the accumulator or pick an invariant.
                    let c = body.fresh("c");
                    let lhs = if g.chance(20) {
                        acc.clone()
                    } else {
                        "%x".into()
                    };
                    let pred = *g.pick(&["sgt", "eq", "ult"]);
                    body.line(format!("{c} = icmp {pred} {t} {lhs}, 1"));
                    let other = if g.chance(80) {
                        "%inv".to_string()
                    } else {
                        e.clone()
                    };
                    if g.chance(50) {
                        body.line(format!("{v} = select i1 {c}, {t} {other}, {t} {acc}"));
                    } else {
                        body.line(format!("{v} = select i1 {c}, {t} {acc}, {t} {other}"));
                    }
                }
                9 => {
                    // A conditional add or mul.
                    let c = body.fresh("c");
                    let w = body.fresh("w");
                    let op = *g.pick(&["add", "mul", "sub"]);
                    body.line(format!("{c} = icmp sgt {t} %x, 0"));
                    body.line(format!("{w} = {op} {t} {acc}, {e}"));
                    if g.chance(85) {
                        body.line(format!("{v} = select i1 {c}, {t} {w}, {t} {acc}"));
                    } else {
                        body.line(format!("{v} = select i1 {c}, {t} {acc}, {t} {w}"));
                    }
                }
                10 => {
                    // The accumulator twice (never a reduction).
                    body.line(format!("{v} = add {t} {acc}, {acc}"));
                }
                _ => {
                    body.line(format!("{v} = xor {t} {a}, {b}"));
                }
            }
        }
        if k + 1 < chain_len {
            partials.push(v.clone());
        }
        acc = v;
    }
    let next = acc.clone();
    // Near misses and stores.
    let mut exit_value = next.clone();
    if !partials.is_empty() && g.chance(15) {
        exit_value = g.pick(&partials).clone();
    }
    if g.chance(8) {
        exit_value = "%s".to_string();
    }
    if g.chance(10) {
        body.line(format!("%q.s = getelementptr inbounds {t}, ptr %b, i64 %i"));
        body.line(format!("store {t} %s, ptr %q.s"));
    }
    if g.chance(15) {
        let v = if !partials.is_empty() && g.chance(30) {
            g.pick(&partials).clone()
        } else {
            next.clone()
        };
        body.line(format!("store {t} {v}, ptr @g"));
    }
    // A second phi: an induction or a first-order recurrence.
    let (second_phi, second_body) = if ty.is_float() {
        let step = ty.lit(g.below(3) as i64 + 1);
        (
            format!("  %f = phi {t} [ 1.0, %entry ], [ %f.next, %loop ]\n"),
            format!(
                "  %f.next = fadd {}{t} %f, {step}\n  %qf = getelementptr inbounds {t}, ptr %b, i64 %i\n  store {t} %f, ptr %qf\n",
                g.pick(&float_flags)
            ),
        )
    } else if g.chance(50) {
        let step = g.below(7) as i64 - 3;
        let start = g.below(9) as i64 - 4;
        (
            format!("  %j = phi {t} [ {start}, %entry ], [ %j.next, %loop ]\n"),
            format!(
                "  %j.next = add {t} %j, {step}\n  %qj = getelementptr inbounds {t}, ptr %b, i64 %i\n  store {t} %j, ptr %qj\n"
            ),
        )
    } else {
        // A recurrence on x, with a user before x's load (to sink) or a
        // store of it (not sinkable).
        let start = g.below(9) as i64 - 4;
        let user = if g.chance(70) {
            format!("  %ru = add {t} %r.prev, 1\n")
        } else {
            format!("  %qr = getelementptr inbounds {t}, ptr %b, i64 %i\n  store {t} %r.prev, ptr %qr\n")
        };
        (
            format!("  %r.prev = phi {t} [ {start}, %entry ], [ %x, %loop ]\n{user}"),
            format!("  %rd = sub {t} %x, %r.prev\n  %qd = getelementptr inbounds {t}, ptr %b, i64 %i\n  store {t} %rd, ptr %qd\n"),
        )
    };
    let start = if ty.is_float() {
        ty.lit(g.below(5) as i64 - 2)
    } else {
        (g.below(9) as i64 - 4).to_string()
    };
    let data: Vec<i64> = (0..n)
        .map(|_| {
            if products {
                *g.pick(&[1, 2, -1, -2, 4])
            } else {
                g.below(13) as i64 - 6
            }
        })
        .collect();
    let s = ty.suffix();
    let text = format!(
        r#"
@g = global {t} {zero}
declare {t} @llvm.smin.{s}({t}, {t})
declare {t} @llvm.smax.{s}({t}, {t})
declare {t} @llvm.umin.{s}({t}, {t})
declare {t} @llvm.umax.{s}({t}, {t})
declare {t} @llvm.minnum.{s}({t}, {t})
declare {t} @llvm.maxnum.{s}({t}, {t})
declare {t} @llvm.minimum.{s}({t}, {t})
declare {t} @llvm.maximum.{s}({t}, {t})
declare {t} @llvm.fmuladd.{s}({t}, {t}, {t})

define void @f(ptr noalias %a, ptr noalias %b, ptr noalias %out, i64 %n, {t} %inv) {{
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi {t} [ {start}, %entry ], [ {next}, %loop ]
{second_phi}  %p = getelementptr inbounds {t}, ptr %a, i64 %i
  %x = load {t}, ptr %p
{body}{second_body}  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  %r = phi {t} [ {exit_value}, %loop ]
  store {t} %r, ptr %out
  ret void
}}
"#,
        zero = if ty.is_float() { "0.0" } else { "0" },
        body = body.text,
    );
    Program { text, data, n, ty }
}

// ---------------------------------------------------------------- interpreter

#[derive(Copy, Clone, Debug)]
enum V {
    I(u32, u128),
    F32(f32),
    F64(f64),
    P(usize, i64),
}

impl V {
    fn same(self, o: V) -> bool {
        match (self, o) {
            (V::I(a, x), V::I(b, y)) => a == b && x == y,
            (V::F32(x), V::F32(y)) => x == y || (x.is_nan() && y.is_nan()),
            (V::F64(x), V::F64(y)) => x == y || (x.is_nan() && y.is_nan()),
            (V::P(a, x), V::P(b, y)) => a == b && x == y,
            _ => false,
        }
    }
    fn int(self) -> (u32, u128) {
        match self {
            V::I(b, v) => (b, v),
            _ => (0, 0),
        }
    }
}

fn mask(bits: u32) -> u128 {
    if bits >= 128 {
        u128::MAX
    } else {
        (1 << bits) - 1
    }
}

fn sext(bits: u32, v: u128) -> i128 {
    let sh = 128 - bits;
    ((v << sh) as i128) >> sh
}

/// The phi replaced by accumulators.
struct Replay {
    phi: Inst,
    lanes: Vec<V>,
    iter: usize,
}

struct Interp<'a> {
    m: &'a Module,
    f: &'a Function,
    mem: Vec<Vec<u8>>,
    globals: HashMap<GlobalRef, usize>,
    env: HashMap<Value, V>,
    header: Block,
    latch: Block,
    replay: Option<Replay>,
    /// Per iteration: each header phi's value on entry.
    phi_trace: Vec<HashMap<Inst, V>>,
    /// Per iteration: each loop instruction's value at the backedge.
    end_trace: Vec<HashMap<Inst, V>>,
}

impl<'a> Interp<'a> {
    fn ty_size(&self, t: loopwright_ir::Type) -> usize {
        match self.m.types.data(t) {
            TypeData::Int(b) => (*b as usize).div_ceil(8),
            TypeData::Float => 4,
            TypeData::Double => 8,
            TypeData::Ptr(_) => 8,
            _ => 8,
        }
    }

    fn operand(&self, o: Operand) -> V {
        match o {
            Operand::Value(v) => *self.env.get(&v).unwrap_or(&V::I(0, 0)),
            Operand::Const(c) => match self.m.consts.data(c) {
                ConstData::Int { ty, val } => {
                    let bits = self.m.types.int_width(*ty).unwrap_or(64);
                    let w = val.words();
                    let x = u128::from(w.first().copied().unwrap_or(0))
                        | (u128::from(w.get(1).copied().unwrap_or(0)) << 64);
                    V::I(bits, x & mask(bits))
                }
                ConstData::Float { ty, bits } => match self.m.types.data(*ty) {
                    TypeData::Float => V::F32(f32::from_bits(*bits as u32)),
                    _ => V::F64(f64::from_bits(*bits as u64)),
                },
                ConstData::Global { global, .. } => V::P(self.globals[global], 0),
                ConstData::Zero(ty) => self.zero(*ty),
                _ => V::I(0, 0),
            },
            _ => V::I(0, 0),
        }
    }

    fn zero(&self, t: loopwright_ir::Type) -> V {
        match self.m.types.data(t) {
            TypeData::Float => V::F32(0.0),
            TypeData::Double => V::F64(0.0),
            TypeData::Int(b) => V::I(*b, 0),
            _ => V::P(0, 0),
        }
    }

    fn load(&self, t: loopwright_ir::Type, p: V) -> V {
        let V::P(buf, off) = p else { return V::I(0, 0) };
        let size = self.ty_size(t);
        let bytes = &self.mem[buf][off as usize..off as usize + size];
        let mut raw = [0u8; 16];
        raw[..size].copy_from_slice(bytes);
        let x = u128::from_le_bytes(raw);
        match self.m.types.data(t) {
            TypeData::Float => V::F32(f32::from_bits(x as u32)),
            TypeData::Double => V::F64(f64::from_bits(x as u64)),
            TypeData::Int(b) => V::I(*b, x & mask(*b)),
            _ => V::I(0, 0),
        }
    }

    fn store(&mut self, v: V, p: V, size: usize) {
        let V::P(buf, off) = p else { return };
        let x: u128 = match v {
            V::I(_, x) => x,
            V::F32(f) => u128::from(f.to_bits()),
            V::F64(f) => u128::from(f.to_bits()),
            V::P(..) => 0,
        };
        let bytes = x.to_le_bytes();
        self.mem[buf][off as usize..off as usize + size].copy_from_slice(&bytes[..size]);
    }

    fn callee(&self, d: &loopwright_ir::InstData) -> String {
        match d.callee() {
            Some(Operand::Const(c)) => match self.m.consts.data(c) {
                ConstData::Global { global, .. } => {
                    self.m.global_name(*global).unwrap_or("").to_string()
                }
                _ => String::new(),
            },
            _ => String::new(),
        }
    }

    fn eval(&mut self, i: Inst) -> Option<V> {
        let d = self.f.inst(i);
        let ops = d.operands();
        let ibin = |a: V, b: V, op: Opcode| -> V {
            let ((bits, x), (_, y)) = (a.int(), b.int());
            let r = match op {
                Opcode::Add => x.wrapping_add(y),
                Opcode::Sub => x.wrapping_sub(y),
                Opcode::Mul => x.wrapping_mul(y),
                Opcode::And => x & y,
                Opcode::Or => x | y,
                Opcode::Xor => x ^ y,
                _ => 0,
            };
            V::I(bits, r & mask(bits))
        };
        let fbin = |a: V, b: V, op: Opcode| -> V {
            match (a, b) {
                (V::F32(x), V::F32(y)) => V::F32(match op {
                    Opcode::FAdd => x + y,
                    Opcode::FSub => x - y,
                    Opcode::FMul => x * y,
                    _ => x / y,
                }),
                (V::F64(x), V::F64(y)) => V::F64(match op {
                    Opcode::FAdd => x + y,
                    Opcode::FSub => x - y,
                    Opcode::FMul => x * y,
                    _ => x / y,
                }),
                _ => V::I(0, 0),
            }
        };
        Some(match d.opcode {
            Opcode::Add | Opcode::Sub | Opcode::Mul | Opcode::And | Opcode::Or | Opcode::Xor => {
                ibin(self.operand(ops[0]), self.operand(ops[1]), d.opcode)
            }
            Opcode::FAdd | Opcode::FSub | Opcode::FMul | Opcode::FDiv => {
                fbin(self.operand(ops[0]), self.operand(ops[1]), d.opcode)
            }
            Opcode::ICmp => {
                let ((bits, x), (_, y)) = (self.operand(ops[0]).int(), self.operand(ops[1]).int());
                let (sx, sy) = (sext(bits, x), sext(bits, y));
                use Predicate::*;
                let r = match d.predicate()? {
                    Eq => x == y,
                    Ne => x != y,
                    Ult => x < y,
                    Ule => x <= y,
                    Ugt => x > y,
                    Uge => x >= y,
                    Slt => sx < sy,
                    Sle => sx <= sy,
                    Sgt => sx > sy,
                    Sge => sx >= sy,
                    _ => false,
                };
                V::I(1, u128::from(r))
            }
            Opcode::FCmp => {
                let (a, b) = match (self.operand(ops[0]), self.operand(ops[1])) {
                    (V::F32(x), V::F32(y)) => (f64::from(x), f64::from(y)),
                    (V::F64(x), V::F64(y)) => (x, y),
                    _ => (0.0, 0.0),
                };
                let uno = a.is_nan() || b.is_nan();
                use Predicate::*;
                let r = match d.predicate()? {
                    Olt => !uno && a < b,
                    Ole => !uno && a <= b,
                    Ogt => !uno && a > b,
                    Oge => !uno && a >= b,
                    Oeq => !uno && a == b,
                    FUlt => uno || a < b,
                    FUle => uno || a <= b,
                    FUgt => uno || a > b,
                    FUge => uno || a >= b,
                    _ => false,
                };
                V::I(1, u128::from(r))
            }
            Opcode::Select => {
                let (_, c) = self.operand(ops[0]).int();
                if c & 1 == 1 {
                    self.operand(ops[1])
                } else {
                    self.operand(ops[2])
                }
            }
            Opcode::GetElementPtr => {
                let Extra::Gep { source_ty } = d.extra else {
                    return None;
                };
                let size = self.ty_size(source_ty) as i64;
                let V::P(buf, off) = self.operand(ops[0]) else {
                    return None;
                };
                let (bits, k) = self.operand(ops[1]).int();
                V::P(buf, off + sext(bits, k) as i64 * size)
            }
            Opcode::Load => self.load(d.ty, self.operand(ops[0])),
            Opcode::Store => {
                let v = self.operand(ops[0]);
                let t = self.f.operand_type(ops[0], &self.m.consts);
                let size = self.ty_size(t);
                let p = self.operand(ops[1]);
                self.store(v, p, size);
                return None;
            }
            Opcode::Call => {
                let name = self.callee(d);
                let args: Vec<V> = d.call_args().iter().map(|&o| self.operand(o)).collect();
                let fam = name.trim_start_matches("llvm.");
                let fam = fam.split('.').next().unwrap_or("");
                match fam {
                    "smin" | "smax" | "umin" | "umax" => {
                        let ((bits, x), (_, y)) = (args[0].int(), args[1].int());
                        let (sx, sy) = (sext(bits, x), sext(bits, y));
                        let pick_x = match fam {
                            "smin" => sx <= sy,
                            "smax" => sx >= sy,
                            "umin" => x <= y,
                            _ => x >= y,
                        };
                        if pick_x {
                            args[0]
                        } else {
                            args[1]
                        }
                    }
                    "minnum" | "maxnum" | "minimum" | "maximum" => {
                        let f = |x: f64, y: f64| match fam {
                            "minnum" => x.min(y),
                            "maxnum" => x.max(y),
                            "minimum" => {
                                if x == y {
                                    if x.is_sign_negative() {
                                        x
                                    } else {
                                        y
                                    }
                                } else {
                                    x.min(y)
                                }
                            }
                            _ => {
                                if x == y {
                                    if x.is_sign_negative() {
                                        y
                                    } else {
                                        x
                                    }
                                } else {
                                    x.max(y)
                                }
                            }
                        };
                        match (args[0], args[1]) {
                            (V::F32(x), V::F32(y)) => V::F32(f(f64::from(x), f64::from(y)) as f32),
                            (V::F64(x), V::F64(y)) => V::F64(f(x, y)),
                            _ => return None,
                        }
                    }
                    "fmuladd" => match (args[0], args[1], args[2]) {
                        (V::F32(x), V::F32(y), V::F32(z)) => V::F32(x * y + z),
                        (V::F64(x), V::F64(y), V::F64(z)) => V::F64(x * y + z),
                        _ => return None,
                    },
                    _ => return None,
                }
            }
            _ => return None,
        })
    }

    /// Runs the function: `Some(steps)` when it returned.
    fn run(&mut self) -> Option<()> {
        let mut b = self.f.layout.entry_block()?;
        let mut pred: Option<Block> = None;
        for _ in 0..10_000 {
            // Phis, in parallel.
            let insts: Vec<Inst> = self.f.layout.block_insts(b).collect();
            if b == self.header && pred == Some(self.latch) {
                // The backedge: the accumulator takes its new value.
                let mut end = HashMap::new();
                for (&v, &x) in &self.env {
                    if let ValueDef::Result(i) = self.f.value_def(v) {
                        end.insert(i, x);
                    }
                }
                self.end_trace.push(end);
                if let Some(phi) = self.replay.as_ref().map(|r| r.phi) {
                    let incoming = phi_input(self.f, phi, self.latch)?;
                    let val = self.operand(incoming);
                    let r = self.replay.as_mut()?;
                    let k = r.iter % r.lanes.len();
                    r.lanes[k] = val;
                    r.iter += 1;
                }
            }
            let mut new = Vec::new();
            for &i in &insts {
                let d = self.f.inst(i);
                if d.opcode != Opcode::Phi {
                    break;
                }
                let p = pred?;
                let v = match &self.replay {
                    Some(r) if r.phi == i && b == self.header => r.lanes[r.iter % r.lanes.len()],
                    _ => self.operand(phi_input(self.f, i, p)?),
                };
                new.push((self.f.inst_result(i)?, v));
            }
            for (v, x) in new {
                self.env.insert(v, x);
            }
            if b == self.header {
                let mut now = HashMap::new();
                for &i in &insts {
                    if self.f.inst(i).opcode != Opcode::Phi {
                        break;
                    }
                    now.insert(i, self.env[&self.f.inst_result(i)?]);
                }
                self.phi_trace.push(now);
            }
            for &i in &insts {
                let d = self.f.inst(i);
                match d.opcode {
                    Opcode::Phi => {}
                    Opcode::Br => {
                        let ops = d.operands();
                        let next = if ops.len() == 1 {
                            ops[0].as_block()?
                        } else {
                            let (_, c) = self.operand(ops[0]).int();
                            if c & 1 == 1 {
                                ops[1].as_block()?
                            } else {
                                ops[2].as_block()?
                            }
                        };
                        pred = Some(b);
                        b = next;
                        break;
                    }
                    Opcode::Ret => return Some(()),
                    _ => {
                        if let Some(v) = self.eval(i) {
                            self.env.insert(self.f.inst_result(i)?, v);
                        }
                    }
                }
            }
        }
        None
    }
}

fn phi_input(f: &Function, phi: Inst, from: Block) -> Option<Operand> {
    f.inst(phi)
        .operands()
        .chunks(2)
        .find(|p| p[1] == Operand::Block(from))
        .map(|p| p[0])
}

/// Memory: `%a` (the data), `%b` (scratch), `%out`, and `@g`.
fn fresh_interp<'a>(
    m: &'a Module,
    f: &'a Function,
    p: &Program,
    header: Block,
    latch: Block,
) -> Interp<'a> {
    let elem = match p.ty {
        Ty::I8 => 1,
        Ty::I32 | Ty::F32 => 4,
        _ => 8,
    };
    let mut a = Vec::new();
    for &x in &p.data {
        let raw: u128 = match p.ty {
            Ty::F32 => u128::from((x as f32).to_bits()),
            Ty::F64 => u128::from((x as f64).to_bits()),
            _ => x as u128,
        };
        a.extend_from_slice(&raw.to_le_bytes()[..elem]);
    }
    let size = elem * (p.n as usize + 1);
    let mem = vec![a, vec![0; size], vec![0; 16], vec![0; 16]];
    let mut globals = HashMap::new();
    if let Some((g, _)) = m.globals.iter().next() {
        globals.insert(GlobalRef::Var(g), 3);
    }
    let mut env = HashMap::new();
    let params = &f.params;
    env.insert(params[0], V::P(0, 0));
    env.insert(params[1], V::P(1, 0));
    env.insert(params[2], V::P(2, 0));
    env.insert(params[3], V::I(64, u128::from(p.n)));
    let inv = match p.ty {
        Ty::I8 => V::I(8, 3),
        Ty::I32 => V::I(32, 3),
        Ty::I64 => V::I(64, 3),
        Ty::F32 => V::F32(2.0),
        Ty::F64 => V::F64(2.0),
    };
    env.insert(params[4], inv);
    Interp {
        m,
        f,
        mem,
        globals,
        env,
        header,
        latch,
        replay: None,
        phi_trace: Vec::new(),
        end_trace: Vec::new(),
    }
}

// ---------------------------------------------------------------- checks

/// The identity and the combining operation of a kind.
fn identity(kind: RecurKind, start: V, ty: Ty) -> V {
    let (bits, fl32) = match ty {
        Ty::I8 => (8, false),
        Ty::I32 => (32, false),
        Ty::I64 => (64, false),
        Ty::F32 => (0, true),
        Ty::F64 => (0, false),
    };
    let f = |x: f64| if fl32 { V::F32(x as f32) } else { V::F64(x) };
    use RecurKind::*;
    match kind {
        Add | Or | Xor | UMax => V::I(bits, 0),
        Mul => V::I(bits, 1),
        And | UMin => V::I(bits, mask(bits)),
        SMin => V::I(bits, mask(bits) >> 1),
        SMax => V::I(bits, 1 << (bits - 1)),
        FAdd | FMulAdd => f(-0.0),
        FMul => f(1.0),
        FMin | FMinimum => f(f64::INFINITY),
        FMax | FMaximum => f(f64::NEG_INFINITY),
        IAnyOf | FAnyOf => start,
    }
}

fn combine(kind: RecurKind, a: V, b: V, start: V) -> V {
    use RecurKind::*;
    let fop = |a: V, b: V, g: &dyn Fn(f64, f64) -> f64| match (a, b) {
        (V::F32(x), V::F32(y)) => V::F32(g(f64::from(x), f64::from(y)) as f32),
        (V::F64(x), V::F64(y)) => V::F64(g(x, y)),
        _ => V::I(0, 0),
    };
    let ((bits, x), (_, y)) = (a.int(), b.int());
    let (sx, sy) = (sext(bits.max(1), x), sext(bits.max(1), y));
    match kind {
        Add => V::I(bits, x.wrapping_add(y) & mask(bits)),
        Mul => V::I(bits, x.wrapping_mul(y) & mask(bits)),
        And => V::I(bits, x & y),
        Or => V::I(bits, x | y),
        Xor => V::I(bits, x ^ y),
        SMin => {
            if sx <= sy {
                a
            } else {
                b
            }
        }
        SMax => {
            if sx >= sy {
                a
            } else {
                b
            }
        }
        UMin => {
            if x <= y {
                a
            } else {
                b
            }
        }
        UMax => {
            if x >= y {
                a
            } else {
                b
            }
        }
        FAdd | FMulAdd => fop(a, b, &|x, y| x + y),
        FMul => fop(a, b, &|x, y| x * y),
        FMin | FMinimum => fop(a, b, &|x, y| x.min(y)),
        FMax | FMaximum => fop(a, b, &|x, y| x.max(y)),
        IAnyOf | FAnyOf => {
            if !a.same(start) {
                a
            } else {
                b
            }
        }
    }
}

struct Stats {
    reductions: HashMap<&'static str, usize>,
    ordered: usize,
    stores: usize,
    inductions: usize,
    recurrences: usize,
    unidentified: usize,
}

/// Analyses and checks one program; `Err` describes a false claim.
fn check(p: &Program, stats: &mut Stats) -> Result<(), String> {
    let m = loopwright_parse::parse_module(p.text.as_bytes(), "p.ll")
        .map_err(|e| format!("parse: {e:?}"))?;
    loopwright_analysis::verify_module(&m).map_err(|e| format!("verify: {e:?}"))?;
    let (_, f) = m
        .functions
        .iter()
        .find(|(_, f)| !f.is_declaration())
        .ok_or("no function")?;
    let cfg = ControlFlowGraph::compute(f);
    let dt = DominatorTree::compute(&cfg);
    let lf = LoopForest::compute(&cfg, &dt);
    let l = lf.loops().next().ok_or("no loop")?;
    let header = lf.header(l);
    let latch = lf.latch(&cfg, l).ok_or("no latch")?;
    let mut se = ScalarEvolution::new(&m, f, &cfg, &dt, &lf);
    let pd = PhiDescriptors::compute(&m, f);
    let infos = pd.loop_phis(&mut se, l);

    let mut seq = fresh_interp(&m, f, p, header, latch);
    seq.run().ok_or("the loop did not finish")?;
    let iters = seq.phi_trace.len();
    for info in &infos {
        match &info.class {
            PhiClass::Reduction(d) => {
                *stats.reductions.entry(d.kind.name()).or_insert(0) += 1;
                check_reduction(p, &m, f, header, latch, info.phi, d, &seq, stats)?;
            }
            PhiClass::Induction(d) => {
                stats.inductions += 1;
                if d.kind != InductionKind::Int || !d.predicates.is_empty() {
                    continue;
                }
                let (InductionStep::Scev(step), Some(c)) = (d.step, d.const_step(&se)) else {
                    continue;
                };
                let _ = step;
                let start = seq.operand(d.start);
                let (bits, s0) = start.int();
                for (k, trace) in seq.phi_trace.iter().enumerate() {
                    let want = s0.wrapping_add((k as u128).wrapping_mul(c.u())) & mask(bits);
                    let got = trace[&info.phi];
                    if !got.same(V::I(bits, want)) {
                        return Err(format!(
                            "induction {:?}: iteration {k} has {got:?}, not {want}",
                            info.phi
                        ));
                    }
                }
            }
            PhiClass::FixedOrderRecurrence(r) => {
                stats.recurrences += 1;
                if r.order != 1 {
                    continue;
                }
                let start = seq.operand(r.start);
                for k in 0..iters {
                    let got = seq.phi_trace[k][&info.phi];
                    let want = if k == 0 {
                        start
                    } else {
                        *seq.end_trace[k - 1]
                            .get(&r.previous)
                            .ok_or("previous not run")?
                    };
                    if !got.same(want) {
                        return Err(format!(
                            "recurrence: iteration {k} has {got:?}, previous gave {want:?}"
                        ));
                    }
                }
            }
            _ => stats.unidentified += 1,
        }
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn check_reduction(
    p: &Program,
    m: &Module,
    f: &Function,
    header: Block,
    latch: Block,
    phi: Inst,
    d: &ReductionDesc,
    seq: &Interp<'_>,
    stats: &mut Stats,
) -> Result<(), String> {
    // The value that leaves the loop: what `%r` in the exit block reads
    // must be the descriptor's exit value; the program stores it to %out.
    let exit_v = f.inst_result(d.exit).ok_or("exit without value")?;
    let r = f
        .layout
        .blocks()
        .flat_map(|b| f.layout.block_insts(b))
        .find(|&i| f.inst_result(i).and_then(|v| f.value_name(v)) == Some("r"))
        .ok_or("no %r")?;
    if f.inst(r).operands()[0] != Operand::Value(exit_v) {
        return Err("the exit value is not what leaves the loop".into());
    }
    let want = seq.load(f.inst(phi).ty, V::P(2, 0));
    match seq.env.get(&exit_v) {
        Some(v) if v.same(want) => {}
        other => return Err(format!("%out has {want:?}, the exit value {other:?}")),
    }
    if let Some(st) = d.intermediate_store {
        stats.stores += 1;
        let ptr = f.inst(st).operands()[1];
        let got = seq.load(f.inst(phi).ty, seq.operand(ptr));
        if !got.same(want) {
            return Err(format!(
                "intermediate store: memory has {got:?}, the exit value is {want:?}"
            ));
        }
    }
    let reorder = d.exact_fp_math.is_none() && !d.ordered;
    if !reorder {
        stats.ordered += 1;
    }
    let vfs: &[usize] = if reorder { &[2, 3, 4] } else { &[1] };
    for &vf in vfs {
        let mut run = fresh_interp(m, f, p, header, latch);
        let start = run.operand(d.start);
        let mut lanes = vec![identity(d.kind, start, p.ty); vf];
        lanes[0] = start;
        run.replay = Some(Replay {
            phi,
            lanes,
            iter: 0,
        });
        run.run().ok_or("the replay did not finish")?;
        let r = run.replay.take().ok_or("no replay")?;
        // The last iteration's value has not gone round the backedge.
        let mut lanes = r.lanes;
        let last = r.iter % vf;
        let incoming = phi_input(f, phi, latch).ok_or("no latch input")?;
        lanes[last] = run.operand(incoming);
        let mut acc = lanes[0];
        for &x in &lanes[1..] {
            acc = combine(d.kind, acc, x, start);
        }
        if !acc.same(want) {
            return Err(format!(
                "{} reduction replayed with {vf} accumulators gives {acc:?}, the loop {want:?} (lanes {lanes:?})",
                d.kind.name()
            ));
        }
    }
    Ok(())
}

#[test]
fn reduction_claims_hold_on_random_loops() {
    let mut g = Gen {
        next: Box::new(rng(0x05ee_d0f1_de5c)),
    };
    let mut stats = Stats {
        reductions: HashMap::new(),
        ordered: 0,
        stores: 0,
        inductions: 0,
        recurrences: 0,
        unidentified: 0,
    };
    let cases = 3000;
    for k in 0..cases {
        let p = program(&mut g);
        if let Err(e) = check(&p, &mut stats) {
            panic!("case {k}: {e}\n{}\ndata {:?}", p.text, p.data);
        }
    }
    let mut kinds: Vec<_> = stats.reductions.iter().collect();
    kinds.sort();
    eprintln!(
        "ivdesc_props: {cases} loops; reductions {kinds:?}, {} in order, {} stored; {} inductions, {} recurrences, {} unidentified phis",
        stats.ordered, stats.stores, stats.inductions, stats.recurrences, stats.unidentified
    );
    // Every kind the generator can build was claimed (and checked) a few
    // times.
    for kind in [
        "add", "mul", "and", "or", "xor", "smin", "smax", "umin", "umax", "fadd", "fmul", "fmin",
        "fmax", "fminimum", "fmaximum", "fmuladd", "any-of",
    ] {
        let n = stats.reductions.get(kind).copied().unwrap_or(0);
        assert!(n >= 3, "only {n} {kind} reductions checked: {kinds:?}");
    }
    assert!(stats.ordered >= 10 && stats.stores >= 10);
    assert!(stats.recurrences >= 50 && stats.inductions >= 1000);
    assert!(stats.unidentified >= 300);
}

/// The interpreter against `lli-19` on a sample of generated programs:
/// the value each stores to `%out`.
#[test]
fn interpreter_agrees_with_lli() {
    if !loopwright_testkit::require(&[loopwright_testkit::tools::LLI]) {
        return;
    }
    let mut g = Gen {
        next: Box::new(rng(0x111e_5eed)),
    };
    let dir = std::env::temp_dir().join(format!("loopwright-ivdesc-lli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let mut compared = 0;
    for k in 0..60 {
        let p = program(&mut g);
        let m = loopwright_parse::parse_module(p.text.as_bytes(), "p.ll").expect("parses");
        let (_, f) = m
            .functions
            .iter()
            .find(|(_, f)| !f.is_declaration())
            .expect("f");
        let cfg = ControlFlowGraph::compute(f);
        let dt = DominatorTree::compute(&cfg);
        let lf = LoopForest::compute(&cfg, &dt);
        let l = lf.loops().next().expect("a loop");
        let latch = lf.latch(&cfg, l).expect("latch");
        let mut it = fresh_interp(&m, f, &p, lf.header(l), latch);
        it.run().expect("finishes");
        let ours = match it.load(f.inst(it_phi(f)).ty, V::P(2, 0)) {
            V::I(bits, v) => sext(bits, v) as i64,
            V::F32(x) => i64::from(x.to_bits()),
            V::F64(x) => x.to_bits() as i64,
            V::P(..) => 0,
        };
        let t = p.ty.ir();
        let elems: Vec<String> = p
            .data
            .iter()
            .map(|&x| format!("{t} {}", p.ty.lit(x)))
            .collect();
        let (print, inv) = match p.ty {
            Ty::F32 => (
                "%b1 = bitcast float %v to i32\n  %w = zext i32 %b1 to i64",
                "2.0",
            ),
            Ty::F64 => ("%w = bitcast double %v to i64", "2.0"),
            Ty::I64 => ("%w = add i64 %v, 0", "3"),
            _ => ("%w = sext {t} %v to i64", "3"),
        };
        let print = print.replace("{t}", t);
        let main = format!(
            r#"
@data = global [{n} x {t}] [{elems}]
@bbuf = global [{n1} x {t}] zeroinitializer
@outv = global {t} {zero}
@fmt = private constant [6 x i8] c"%lld\0A\00"
declare i32 @printf(ptr, ...)
define i32 @main() {{
  call void @f(ptr @data, ptr @bbuf, ptr @outv, i64 {n}, {t} {inv})
  %v = load {t}, ptr @outv
  {print}
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %w)
  ret i32 0
}}
"#,
            n = p.n,
            n1 = p.n + 1,
            elems = elems.join(", "),
            zero = if p.ty.is_float() { "0.0" } else { "0" },
        );
        let path = dir.join(format!("p{k}.ll"));
        std::fs::write(&path, format!("{}{main}", p.text)).expect("write");
        let out = loopwright_testkit::run(
            std::process::Command::new(loopwright_testkit::tools::LLI).arg(&path),
            loopwright_testkit::run::LLI_TIMEOUT,
        );
        assert!(
            out.success(),
            "lli-19 failed on case {k}: {}\n{}",
            String::from_utf8_lossy(&out.stderr),
            p.text
        );
        let theirs: i64 = String::from_utf8_lossy(&out.stdout)
            .trim()
            .parse()
            .expect("a number");
        assert_eq!(ours, theirs, "case {k}: interpreter vs lli-19\n{}", p.text);
        compared += 1;
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(compared, 60);
}

/// The reduction phi `%s` of a generated function.
fn it_phi(f: &Function) -> Inst {
    f.layout
        .blocks()
        .flat_map(|b| f.layout.block_insts(b))
        .find(|&i| f.inst_result(i).and_then(|v| f.value_name(v)) == Some("s"))
        .expect("%s")
}
